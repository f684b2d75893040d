"""Answers and demos a teacher writes in words: calculator expressions and the built-in demos.

An answer is written in the same words as ``pirates-lab odds …`` (``answer = "dice 2d6 --at-least 9"``,
``answer = "melee 1 1"``): the lab runs that calculator and reads the number it explains (the root of its
``--why`` tree: an exact fraction), or a whole number it prints (``deals … : 216,000``).  A calculator that gives
several numbers needs ``read = "<words of the line>"`` to say which.  Nothing is typed by hand.

The built-in demos take parameters in the same kind of words:

=========================================  =====================================================================
``dice 2d6``                               a chart of the totals (any dice expression: ``3d6kh2``, ``d20+4``)
``deck 52 --marked 4 --draw 5``            a deck draw: how many marked cards a hand holds (a chart)
``odds battle Sloop Galleon``              any calculator of ``pirates-lab odds``: its numbers as a table
``position saved.json --seat 2``           a game position from a saved game, drawn as the game draws it
=========================================  =====================================================================

``dice`` and ``deck`` words with ``--at-least N``, ``--at-most N`` or ``--exactly N`` are answers too.

>>> answer_value("dice 2d6 --at-least 9")
Fraction(5, 18)
>>> answer_value("deck 52 --marked 4 --draw 5 --at-least 1")
Fraction(18472, 54145)
>>> answer_value("dice 2d6 --at-least x")
Traceback (most recent call last):
 ...
pirates_lab.core.errors.InvalidInput: 'dice 2d6 --at-least x' does not compute: argument --at-least: invalid int value: 'x'
"""
from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Any

from pirates_lab.core import Dist, InvalidInput

__all__ = ["BUILT_IN", "Reading", "answer_value", "calculator_readings", "built_in_demo", "calculators",
           "is_calculator", "first_word"]

#: the built-in demos and what they show (for ``lesson check`` and docs/writing_lessons.md)
BUILT_IN = {
    "dice": "a chart of a dice expression's totals: dice 2d6",
    "deck": "a deck draw, how many marked cards a hand holds: deck 52 --marked 4 --draw 5",
    "odds": "a calculator of pirates-lab odds, its numbers as a table: odds battle Sloop Galleon",
    "position": "a game position from a saved game: position saved.json --seat 2",
}
#: the most cards a built-in deck may have (the chart stays readable, the count exact and quick)
MOST_CARDS = 1000


@dataclass(frozen=True)
class Reading:
    """One number a calculator gives: its words and its exact value (a Fraction, or a whole number)."""

    label: str
    value: Fraction | int


def first_word(text: str) -> str:
    return text.strip().split(" ", 1)[0] if text.strip() else ""


def _words(expression: str) -> list[str]:
    try:
        words = shlex.split(expression)
    except ValueError as error:
        raise InvalidInput(f"{expression!r} does not compute: {error} (a quote is not closed)") from None
    if not words:
        raise InvalidInput("the expression is empty: write a calculator, such as dice 2d6 --at-least 9")
    return words


# ---------------------------------------------------------------- pirates-lab odds, run by the lab
@lru_cache(maxsize=1)
def _odds_parser() -> argparse.ArgumentParser:
    from pirates_lab.cli import build_parser

    return build_parser(with_games=True)


def calculators() -> list[str]:
    """The calculators of ``pirates-lab odds`` (dice and every registered game's)."""
    parser = _odds_parser()
    odds = next(a for a in parser._subparsers._group_actions[0].choices.items() if a[0] == "odds")[1]
    return list(odds._subparsers._group_actions[0].choices)


def is_calculator(expression: str) -> bool:
    """Is the first word a calculator of ``pirates-lab odds`` or a built-in deck?"""
    word = first_word(expression)
    return word in ("deck", "dice") or bool(word) and word in calculators()    # dice and deck: no game loaded


def _run(words: list[str], expression: str) -> str:
    """What ``pirates-lab odds WORDS`` prints; InvalidInput in plain words when it refuses."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            args = _odds_parser().parse_args(["odds", *words])
            args.run(args)
        except SystemExit as stop:
            if not stop.code:
                raise InvalidInput(f"{expression!r} prints help, not a number: leave out --help") from None
            said = " ".join(err.getvalue().split())
            said = re.sub(r"^pirates-lab(?: odds)?(?: [\w-]+)?: error: ", "", said).replace(" (try --help)", "")
            raise InvalidInput(f"{expression!r} does not compute: {said or 'not a calculator'}") from None
        except ValueError as error:
            raise InvalidInput(f"{expression!r} does not compute: {error}") from None
    return out.getvalue()


_ROOT = re.compile(r"^(?P<label>\S.*?): (?P<percent>[^()]*?) \((?P<exact>\d+/\d+|certain|impossible)\)"
                   r"(?: \[Rules: .*\])?$")
_COUNT = re.compile(r"^\s*(?P<label>[^:]*[A-Za-z][^:]*):\s+(?P<count>\d{1,3}(?:,\d{3})+|\d+)\s*$")


@lru_cache(maxsize=256)
def calculator_readings(expression: str) -> tuple[Reading, ...]:
    """Every number the calculator ``expression`` gives: each probability its ``--why`` explains (exact) and
    each whole number it prints on a ``label: N`` line."""
    words = [w for w in _words(expression) if w != "--why"]
    if words[0] == "dice":                              # the core's calculator, run as the terminal runs it
        words = words[:1] + [" " + w if re.match(r"^-\d*d", w) else w for w in words[1:]]
    if words[0] == "deck":
        return (Reading(expression, _deck(words, expression, answer=True)),)
    if words[0] not in calculators():
        raise InvalidInput(f"{expression!r} does not compute: {words[0]!r} is not a calculator; calculators: "
                           f"{', '.join(calculators())}, deck")
    plain = _run(words, expression)
    explained = _run(words + ["--why"], expression)
    block = explained[len(plain):] if explained.startswith(plain) else explained
    readings = []
    for paragraph in re.split(r"\n\s*\n", block):
        lines = [line for line in paragraph.splitlines() if line.strip()]
        match = _ROOT.match(lines[0]) if lines else None
        if match:
            exact = match["exact"]
            value = Fraction(1) if exact == "certain" else Fraction(0) if exact == "impossible" else Fraction(exact)
            readings.append(Reading(match["label"].strip(), value))
    for line in plain.splitlines():
        match = _COUNT.match(line)
        if match:
            readings.append(Reading(match["label"].strip(), int(match["count"].replace(",", ""))))
    return tuple(readings)


def _normal(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).casefold()


def answer_value(expression: str, read: str = "") -> Fraction | int:
    """The exact answer of a calculator expression (``read``: words of the line to read, when it gives several)."""
    readings = calculator_readings(expression.strip())
    if read:
        found = [r for r in readings if _normal(read) in _normal(r.label)]
        if len(found) != 1:
            said = "; ".join(r.label for r in readings) or "no number"
            what = "no line" if not found else f"{len(found)} lines"
            raise InvalidInput(f"{expression!r}: {what} of its answer say {read!r}; it gives: {said}")
        return found[0].value
    if len(readings) != 1:
        if not readings:
            raise InvalidInput(f"{expression!r} gives no number to check: ask for one (dice: --at-least N)")
        raise InvalidInput(f"{expression!r} gives {len(readings)} numbers; say which with read = \"…\": "
                           + "; ".join(r.label for r in readings))
    return readings[0].value


# ---------------------------------------------------------------- the built-in demos
class _Words(argparse.ArgumentParser):
    def error(self, message):
        raise InvalidInput(message)


def _parse(parser: _Words, words: list[str], expression: str) -> argparse.Namespace:
    try:
        return parser.parse_args(words)
    except InvalidInput as error:
        raise InvalidInput(f"{expression!r} does not compute: {error}") from None


def _conditions(parser: _Words) -> None:
    for name in ("--at-least", "--at-most", "--exactly"):
        parser.add_argument(name, type=int)


def _condition(dist: Dist, args) -> Fraction | None:
    asked = [(n, op) for n, op in ((args.at_least, ">="), (args.at_most, "<="), (args.exactly, "=="))
             if n is not None]
    if not asked:
        return None
    tests = {">=": lambda x, n: x >= n, "<=": lambda x, n: x <= n, "==": lambda x, n: x == n}
    return dist.probability(lambda x: all(tests[op](x, n) for n, op in asked))


def _deck(words: list[str], expression: str, answer: bool = False) -> Any:
    parser = _Words(prog="deck", add_help=False)
    parser.add_argument("cards", type=int)
    parser.add_argument("--marked", type=int, required=True)
    parser.add_argument("--draw", type=int, required=True)
    _conditions(parser)
    args = _parse(parser, words[1:], expression)
    if not 1 <= args.cards <= MOST_CARDS:
        raise InvalidInput(f"{expression!r}: a deck has 1 to {MOST_CARDS} cards, not {args.cards}")
    if not 0 <= args.marked <= args.cards or not 0 <= args.draw <= args.cards:
        raise InvalidInput(f"{expression!r}: the marked cards and the cards drawn are 0 to {args.cards} (the deck)")
    dist = Dist({k: comb(args.marked, k) * comb(args.cards - args.marked, args.draw - k)      # hands with k marked
                 for k in range(0, min(args.marked, args.draw) + 1)
                 if args.draw - k <= args.cards - args.marked})
    value = _condition(dist, args)
    if answer:
        if value is None:
            raise InvalidInput(f"{expression!r} gives no number to check: add --at-least N, --at-most N or --exactly N")
        return value
    return dist


def _dice(words: list[str], expression: str) -> Dist:
    from pirates_lab.core import parse_dice

    parser = _Words(prog="dice", add_help=False)
    parser.add_argument("expression")
    _conditions(parser)
    args = _parse(parser, [" " + w if re.match(r"^-\d*d", w) else w for w in words[1:]], expression)
    return parse_dice(args.expression.strip())


def _odds_table(words: list[str], expression: str) -> dict[str, Any]:
    readings = calculator_readings(shlex.join(words[1:]))
    if not readings:
        raise InvalidInput(f"{expression!r} gives no number to show")
    return {reading.label: reading.value for reading in readings}


def _position(words: list[str], expression: str, folder: Path, game: str | None) -> Any:
    from pirates_lab.core.registry import game_class

    from .canvas import BoardCanvas
    from .renderers import renderer_for

    parser = _Words(prog="position", add_help=False)
    parser.add_argument("file")
    parser.add_argument("--seat", type=int, default=1)
    args = _parse(parser, words[1:], expression)
    if not game:
        raise InvalidInput(f"{expression!r}: a position needs the lesson's game (game = \"…\" at the top)")
    path = (folder / args.file) if not Path(args.file).is_absolute() else Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise InvalidInput(f"{expression!r}: there is no saved game {args.file!r} next to the lesson file") from None
    cls = game_class(game)
    state = cls().load_state(text)
    if not 1 <= args.seat <= state.game.players:
        raise InvalidInput(f"{expression!r}: --seat is a player from 1 to {state.game.players}")
    renderer = renderer_for(state.game)
    ops = tuple(renderer.draw(state.observation(args.seat - 1), args.seat - 1))
    board = BoardCanvas(getattr(renderer, "width", 600), getattr(renderer, "height", 400), layers=("board",),
                        css_class="pl-lesson-position")
    board.draw("board", ops)
    return board


def built_in_demo(expression: str, folder: Path | None = None, game: str | None = None) -> Any:
    """The value a built-in demo shows (a Dist, a table, a board); InvalidInput in plain words otherwise."""
    words = _words(expression)
    kind = words[0]
    if kind == "dice":
        return _dice(words, expression)
    if kind == "deck":
        return _deck(words, expression)
    if kind == "odds":
        if len(words) < 2:
            raise InvalidInput(f"{expression!r}: name a calculator after odds, such as odds dice 2d6 --at-least 9")
        return _odds_table(words, expression)
    if kind == "position":
        return _position(words, expression, folder or Path.cwd(), game)
    raise InvalidInput(f"{expression!r} is not a demo: the built-in demos are {', '.join(BUILT_IN)}")
