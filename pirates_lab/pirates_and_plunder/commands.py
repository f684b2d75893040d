"""Pirates & Plunder's ``pirates-lab odds`` subcommands: secret-battle, tile-draw.

Rules: Pirates & Plunder › Battles

Every value is checked, and every answer computed, before anything is printed: a bad request is
one line (``InvalidInput``, exit code 2) and never half an answer.
"""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.core import InvalidInput
from pirates_lab.core.errors import shown
from pirates_lab.core.report import probability_line, table
from pirates_lab.core.why import WHY_HELP, why_block

from .battles import MAX_DIGITS, MAX_RESOURCES, open_battle, secret_battle
from .parts import said
from .odds import hits, max_unseen, within

__all__ = ["add_odds_commands", "odds_secret_battle", "odds_tile_draw", "secret_battle_size", "MAX_MIX"]

#: the secret battle is solved exactly by elimination over the commitments an optimal mix may use;
#: beyond this many the command refuses at once.  Whole-number elimination answers every size the
#: game accepts (60 v 60, a ship worth 1000: 0.1-0.2 s warm, about 1 s cold with the scipy import),
#: so the limit is one more than the most resources: no accepted battle is refused.
MAX_MIX = MAX_RESOURCES + 1


def _number(name: str, text) -> Fraction:
    """``"6"``, ``"13/2"`` or ``"6.5"`` -> an exact Fraction from 0 to 1000 (a sentence otherwise)."""
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(f"--{name} is a number such as 6, 13/2 or 6.5, not {shown(text)}.") from None
    if not 0 <= value <= 1000:
        raise InvalidInput(f"--{name} is from 0 to 1000, not {shown(text)}.")
    if max(value.numerator, value.denominator) >= 10 ** MAX_DIGITS:
        raise InvalidInput(f"--{name} is too long to solve exactly at once: at most {MAX_DIGITS} digits above and "
                           f"below the fraction bar.")
    return value


def _whole(typed: str, value, high: int, low: int = 0) -> int:
    """A count as the user typed it (``typed``: the argument's name on the command line), or a sentence."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{typed} is a whole number from {low} to {high}, not {said(value)}.")
    return value


def secret_battle_size(attacker: int, defender: int, ship: Fraction, resource: Fraction) -> int:
    """The most commitments an optimal mix can use (the size of the exact solve).

    Committing more than ``ship / resource`` never pays (it costs more than the ship is worth), and
    neither side commits more than it holds, so a mix uses at most ``min(attacker, defender,
    ship / resource) + 1`` commitments.  With resources worth nothing every payoff is 0 or the ship's
    value and the solve is quick at any size: counted as 1.

    >>> secret_battle_size(60, 60, Fraction(6), Fraction(1)), secret_battle_size(60, 3, Fraction(6), Fraction(1))
    (7, 4)
    """
    if resource == 0:
        return 1
    return min(attacker, defender, int(ship / resource)) + 1


def odds_secret_battle(args) -> int:
    ship, resource = _number("ship", args.ship), _number("resource", args.resource)
    _whole("attacker", args.attacker, MAX_RESOURCES)
    _whole("defender", args.defender, MAX_RESOURCES)
    _whole("--base", args.base, 10)
    opened = open_battle(args.attacker, args.defender, args.base)
    size = secret_battle_size(args.attacker, args.defender, ship, resource)
    if size > MAX_MIX:
        raise InvalidInput(f"Too big to solve exactly at once: a mix over {size} commitments (the limit is {MAX_MIX}); "
                           f"give fewer resources (at most {MAX_MIX - 1} a side) or a ship worth at most "
                           f"{MAX_MIX - 1} resources.")
    game = secret_battle(args.attacker, args.defender, args.base, ship, resource)
    lines = [
        f"Pirates & Plunder battle: attacker {args.attacker} resources, defender {args.defender} "
        f"(base defence {args.base}); ship value {game.ship_value}, resource value {game.resource_value}",
        f"Open battle: {opened.describe()}",
        "Secret battle (the Battles option), the optimal mixes:",
        table([(f"attacker commits {a}", p) for a, p in game.attacker.items()], heading="attacker"),
        table([(f"defender commits {d}", p) for d, p in game.defender.items()], heading="defender"),
        probability_line("P(the attack succeeds)", game.success()),
        f"value to the attacker = {game.value} ≈ {float(game.value):.3f}",
    ]
    print("\n".join(lines))
    if args.why:
        print(why_block([game.why()]))
    return 0


def odds_tile_draw(args) -> int:
    unseen = _whole("unseen", args.unseen, max_unseen())
    _whole("fitting", args.fitting, unseen)
    typed = args.draws is not None
    draws = args.draws if typed else 1
    if not typed and unseen == 0:
        raise InvalidInput("unseen is 0: with no tile left unseen there is nothing to draw.")
    _whole("--draws", draws, unseen, 0)
    args.draws = draws
    p = within(args.unseen, args.fitting, args.draws)
    dist = hits(args.unseen, args.fitting, args.draws)
    tiles = "tile" if args.fitting == 1 else "tiles"
    draws = "draw" if args.draws == 1 else "draws"
    print(f"Pirates & Plunder tile draws: {args.fitting} fitting {tiles} among {args.unseen} unseen, "
          f"next {args.draws} {draws}")
    print(probability_line("P(at least one fitting tile)", p))
    print(table([(f"{h} fitting", q) for h, q in dist.items()], heading="how many"))
    if args.why:
        print(why_block([within(args.unseen, args.fitting, args.draws, why=True)]))
    return 0


def add_odds_commands(calculators) -> None:
    """Add secret-battle and tile-draw to ``pirates-lab odds``."""
    battle = calculators.add_parser("secret-battle", help="Pirates & Plunder: open and secret resource battles solved")
    battle.add_argument("attacker", type=int, help=f"the attacker's resources (0-{MAX_RESOURCES})")
    battle.add_argument("defender", type=int, help=f"the defender's resources (0-{MAX_RESOURCES})")
    battle.add_argument("--base", type=int, default=0, help="base defence: 0 pirate, 1 merchant")
    battle.add_argument("--ship", default="6", help="what the ship is worth (a number, e.g. 6 or 13/2)")
    battle.add_argument("--resource", default="1", help="what one resource is worth")
    battle.add_argument("--why", action="store_true", help=WHY_HELP)
    battle.set_defaults(run=odds_secret_battle)

    draw = calculators.add_parser("tile-draw", help="Pirates & Plunder: will a fitting tile come within k draws?")
    draw.add_argument("unseen", type=int, help=f"tiles not yet drawn (0-{max_unseen()})")
    draw.add_argument("fitting", type=int, help="how many of them fit the gap")
    draw.add_argument("--draws", type=int, default=None, help="how many draws to look ahead (default 1)")
    draw.add_argument("--why", action="store_true", help=WHY_HELP)
    draw.set_defaults(run=odds_tile_draw)
