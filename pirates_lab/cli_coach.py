"""``pirates-lab coach GAME``: the coach in the terminal — each move's chance to win from a seat's view, and why.

::

    pirates-lab coach skull_dice --seed 1 --moves 9          # 9 random moves from a seeded start, then advice
    pirates-lab coach "King of Pirates" --players 3 --seat 2 --budget 120
    pirates-lab coach plunder_2013 --load saved.json          # a saved game (State.to_json) instead

It plays ``--moves`` random moves (chance by its exact odds) from the start of a game seeded with ``--seed``,
then on at random until ``--seat`` (numbered from 1; default: whoever decides next) must choose between two
moves or more (a saved game: from where it was saved), prints the
position as that seat sees it and one line per legal move: ``<move>: <percent> win (<low>–<high> %)``, the
best marked ``*``, then why.  ``--budget`` is a number of playouts (never seconds): the default answers in
about 2 s on two cores; a budget too large is refused at once.  The game comes from the registry (a package
name or a rulebook title), so a plug-in game works too; its code names none.

>>> parser = build_parser()
>>> parser.parse_args(["skull_dice", "--moves", "3"]).moves
3
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from pirates_lab.core.errors import InvalidInput, clean_text

__all__ = ["add_coach_command", "cmd_coach", "build_parser", "position_for", "describe", "MAX_WALK"]

#: random steps at most while looking for the chosen seat's decision
MAX_WALK = 20_000


def _whole(low: int, what: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} is at least {low}, not {value}")
        return value
    return parse


def _arguments(parser) -> None:
    parser.add_argument("game", help="a game's name or its rulebook title (see pirates-lab classroom --list)")
    parser.add_argument("--players", type=_whole(1, "--players"), default=None, help="players (default: the fewest)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the start and of the coach (default 0)")
    parser.add_argument("--moves", type=_whole(0, "--moves"), default=0,
                        help="random moves played before the coach is asked (default 0)")
    parser.add_argument("--budget", type=_whole(1, "--budget"), default=None,
                        help="playouts, shared among the moves (default: about 2 s on two cores)")
    parser.add_argument("--seat", type=_whole(1, "--seat"), default=None,
                        help="the seat asking, from 1 (default: whoever decides next)")
    parser.add_argument("--load", metavar="FILE", help="a saved game (its JSON) instead of random moves")
    parser.set_defaults(run=cmd_coach)


def add_coach_command(commands) -> None:
    """Add ``coach`` to the ``pirates-lab`` subcommands (no game is imported until it runs)."""
    _arguments(commands.add_parser("coach", help="each move's chance to win from a seat's view, and why"))


def build_parser() -> argparse.ArgumentParser:
    """The ``coach`` command's parser on its own (for tests and ``python -m pirates_lab.cli_coach``)."""
    from pirates_lab.cli import OneLineParser
    parser = OneLineParser(prog="pirates-lab coach")
    _arguments(parser)
    return parser


def _game(args):
    from pirates_lab.core import game_class
    cls = game_class(args.game)
    players = args.players if args.players is not None else cls.min_players
    if not cls.min_players <= players <= cls.max_players:
        raise InvalidInput(f"{cls.title} is played by {cls.min_players} to {cls.max_players} players, not {players}.")
    return cls(players=players)


def position_for(args):
    """The position asked about and the seat (from 0), with a note of how it was reached."""
    from pirates_lab.core import CHANCE, TERMINAL, play
    game = _game(args)
    if args.load:
        path = Path(args.load)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(f"{path.name} is not a saved game (it is not text).") from None
        state = game.load_state(text)
        note = f"the game saved in {path.name}"
    else:
        playthrough = play(game.new_initial_state(), None, random.Random(args.seed), max_steps=args.moves)
        state = playthrough.run()
        note = f"seed {args.seed}, after {playthrough.steps} random moves and rolls"
    seat = None if args.seat is None else args.seat - 1
    if seat is not None and seat >= state.game.players:
        raise InvalidInput(f"There is no Player {seat + 1}: this game has {state.game.players} players.")

    def a_choice(position) -> bool:                 # a real decision of the seat asked: two moves or more
        player = position.current_player()
        return player == TERMINAL or (player != CHANCE and (seat is None or player == seat)
                                      and len(position.legal_actions()) > 1)

    walk = play(state, None, random.Random(f"{args.seed}/walk"), until=a_choice, max_steps=MAX_WALK)
    state, walked = walk.run(), walk.steps
    player = state.current_player()
    if player == TERMINAL:
        raise InvalidInput(f"The game is over ({note}): there is no decision left. Ask with fewer --moves.")
    if not a_choice(state):
        who = "Nobody" if seat is None else f"Player {seat + 1}"
        raise InvalidInput(f"{who} had no choice between two moves in {MAX_WALK:,} more random steps.")
    if walked:
        note += f", then {walked} more until Player {player + 1} has a choice"
    return state, player, note


def _value(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_value(v)}" for k, v in value.items()) if value else "none"
    return str(value)


def describe(observation: dict, width: int = 100) -> list[str]:
    """The observation in words, one key a line (cut to ``width``), the log's last lines apart.

    >>> describe({"hoards": [3, 0], "pot": 4, "my_turn": True, "log": ["a", "b"]})
    ['  hoards: 3, 0', '  pot: 4', '  my turn: yes', '  last in the log: a | b']
    """
    lines = []
    for key, value in observation.items():
        if key in ("log", "recent"):
            continue
        line = f"  {str(key).replace('_', ' ')}: {_value(value)}"
        lines.append(line if len(line) <= width else line[:width - 1] + "…")
    log = observation.get("log") or observation.get("recent") or []
    if log:
        line = "  last in the log: " + " | ".join(str(x) for x in list(log)[-3:])
        lines.append(line if len(line) <= width else line[:width - 1] + "…")
    return lines


def cmd_coach(args) -> int:
    from pirates_lab.lab.coach import Coach
    from pirates_lab.lab.coach_why import why_lines
    coach = Coach(budget=args.budget)            # refused at once when too large; None: the game's default
    state, seat, note = position_for(args)
    view = state.view(seat)
    title = state.game.title
    print(f"{title}, {state.game.players} players ({note}): Player {seat + 1} to decide.")
    print(f"What Player {seat + 1} sees:")
    try:
        print("\n".join(describe(view.observation)) or "  (nothing yet)")
    except NotImplementedError:
        print("  (this game does not say yet what a seat sees)")
    advice = coach.advise(view, seed=args.seed)
    print(f"\nThe coach ({advice.how()})")
    for line in advice.lines():
        print(clean_text(line))
    print(f"\nWhy {advice.best.label}:")
    for line in why_lines(advice, title):
        print("  " + clean_text(line))
    return 0


def main(argv=None) -> int:
    from pirates_lab.cli import main as cli_main
    return cli_main(["coach", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
