"""Why each King of Pirates number is what it is: combat with the best re-rolls (each decision and its
value), rum until a mutiny (each upkeep roll), and the Flying Dutchman along a route (where it can be),
as :class:`~pirates_lab.core.why.Why` trees built from the same computations that give the numbers.

>>> tree = combat_why(7)
>>> tree.p == combat_success_probability(7), [child.label for child in tree.children]
(True, ['the first roll makes 7 or more'])

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.core.report import chance, plural
from pirates_lab.core.why import Why

from .components import RUM_LOST, Cell
from .headings import RULE_COMBAT, RULE_CONCEPTS, RULE_UPKEEP
from .odds import (BOTH, KEEP_HIGH, KEEP_LOW, STOP, _ROLLS, _check, _nation_solver, _need, _pair, _route_counts, _sail,
                   _ship_at, combat_success_probability, route_turns, safest_route)
from .upkeep_odds import TAIL, _check_series, _sailing

__all__ = ["combat_why", "mutiny_why", "route_why", "safest_route_why"]



def _roll(roll) -> str:
    return f"{roll[0]} and {roll[1]}"


def combat_why(target: int, modifier: int = 0, cannonballs: int = 0) -> Why:
    """Why ``P(2d6 + modifier >= target)`` with the best use of ``cannonballs`` is what
    :func:`~pirates_lab.king_of_pirates.odds.combat_success_probability` says: the first roll, then for each
    failing roll the best re-roll and what each choice is worth, the new dice, and so on.

    Every value is read from the solver that gives the answer (its table for each number of cannonballs left).

    >>> print(combat_why(12, cannonballs=1).text())  # doctest: +ELLIPSIS
    2d6 ≥ 12 with 1 cannonball (best re-rolls): 9.34% (121/1296) [Rules: Phase 3: Combat Phase]
      the first roll makes 12 or more: 2.78% (1/36) [Rules: Phase 3: Combat Phase]
        the first roll is 6 and 6: 12, a success: 2.78% (1/36) [Rules: Phase 3: Combat Phase]
      the first roll is 2 and 1: 3, short of 12; re-roll both dice (then 2.78%; keep the 2, re-roll the 1: 0%; ...
        the new roll is 6 and 6: 12, a success: 0.15% (1/648) [Rules: Phase 3: Combat Phase]
    ...
    """
    _check(target, modifier, cannonballs)
    need = _need(target, modifier)
    solver = _nation_solver(need, cannonballs)

    def value(k: int, roll) -> Fraction:
        return solver.at(k, roll)[0]

    def decision(k: int, roll) -> str:
        """The choice at ``roll`` with ``k`` cannonballs, and what every choice is worth from there."""
        _, choice = solver.at(k, roll)
        scale = solver.den * 36 ** k
        worth = {name: Fraction(p, scale) for name, p, _ in solver.options(k, roll, False)}
        others = "; ".join(f"{words(roll, name)}: {chance(p)}" for name, p in worth.items() if name != choice)
        if choice == STOP:
            return f"stop: no re-roll helps ({others})" if others else "stop"
        return f"{words(roll, choice)} (then {chance(worth[choice])}; {others})"

    def words(roll, choice: str) -> str:
        high, low = roll
        return {STOP: "stop", KEEP_HIGH: f"keep the {high}, re-roll the {low}",
                KEEP_LOW: f"keep the {low}, re-roll the {high}", BOTH: "re-roll both dice"}[choice]

    def made(roll) -> str:
        total = roll[0] + roll[1]
        return f"{total}" + (f" ({modifier:+d}: {total + modifier})" if modifier else "")

    def rolls(k: int, reach: Fraction, weighted, first: bool):
        """Parts for the rolls ``(roll, chance, words)`` met with ``k`` cannonballs left (``first``: the
        successes of the first roll grouped in one branch)."""
        parts, wins = [], []
        for roll, chance, said in weighted:
            q = reach * chance
            if roll[0] + roll[1] >= need:
                wins.append((f"{said}: {made(roll)}, a success", q, RULE_COMBAT, None))
            elif k:
                parts.append((f"{said}: {made(roll)}, short of {target}; {decision(k, roll)}",
                              q * value(k, roll), RULE_COMBAT, ("decide", k, roll, q)))
        if first and wins:
            return [(f"the first roll makes {target} or more", sum((w[1] for w in wins), Fraction(0)), RULE_COMBAT,
                     ("wins", tuple(wins)))] + parts
        return wins + parts

    def expand(key):
        if key[0] == "wins":
            return list(key[1])
        if key[0] == "first":
            return rolls(cannonballs, Fraction(1), ((r, p, f"the first roll is {_roll(r)}") for r, p in _ROLLS), True)
        _, k, roll, q = key
        _, choice = solver.at(k, roll)
        if choice == BOTH:
            return rolls(k - 1, q, ((r, p, f"the new roll is {_roll(r)}") for r, p in _ROLLS), False)
        kept = roll[0] if choice == KEEP_HIGH else roll[1]
        return rolls(k - 1, q, ((_pair(kept, d), Fraction(1, 6), f"the new die shows {d}: {_roll(_pair(kept, d))}")
                                for d in range(1, 7)), False)

    bonus = f" + {modifier}" if modifier > 0 else f" - {-modifier}" if modifier < 0 else ""
    title = f"2d6{bonus} ≥ {target} with {plural(cannonballs, 'cannonball')} (best re-rolls)"
    answer = combat_success_probability(target, modifier, cannonballs)
    return Why.grow(title, answer, expand, ("first",), rule=RULE_COMBAT, depth=4, width=8)


def mutiny_why(rum: int, upkeeps: int, faces: dict | None = None) -> Why:
    """Why ``P(no mutiny within upkeeps)`` starting with ``rum`` is what
    :func:`~pirates_lab.king_of_pirates.upkeep_odds.p_no_mutiny_within` says: the upkeep die's faces roll by
    roll, each branch the chance of that face *and* of no mutiny in the upkeeps after it.

    The chances after a roll are read from the one pass that gives the answer (the roll sequences that kept
    sailing, by the rum they lost).  Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    total, by_loss = _check_series(rum, upkeeps, faces)
    from .upkeep_odds import _faces

    weights = {face: w for face, w in _faces(faces).items() if w}
    depth = min(upkeeps, TAIL - 1)
    sums, tail = _sailing(rum, upkeeps, tuple(sorted(by_loss.items())))
    first = upkeeps + 1 - len(tail)                          # tail[j]: after first + j rolls, by rum lost

    def after(left: int, rolls: int) -> Fraction:
        """P(no mutiny in ``rolls`` more upkeeps with ``left`` rum): read off the same pass (rolls lost
        at most ``left`` rum: the number of ways does not depend on where the count began)."""
        return Fraction(sum(tail[rolls - first][: left + 1]), total ** rolls)

    def expand(key):
        left, number, reach = key
        parts = []
        for face, w in weights.items():
            chance = Fraction(w, total)
            lost = RUM_LOST[face]
            if lost > left:
                continue                                  # a mutiny: not in "no mutiny"
            more = upkeeps - number
            words = (f"upkeep {number}: {face}, {left - lost} rum left" if lost else
                     f"upkeep {number}: {face}, no rum lost ({left} rum)")
            parts.append((words, reach * chance * after(left - lost, more), RULE_UPKEEP,
                          (left - lost, number + 1, reach * chance) if more else None))
        return parts

    answer = Fraction(sums[upkeeps], total ** upkeeps)
    title = f"No mutiny within {plural(upkeeps, 'upkeep')}, starting with {rum:,} rum (no lair visits)"
    return Why.grow(title, answer, expand, (rum, 1, Fraction(1)) if upkeeps else None, rule=RULE_UPKEEP,
                    depth=depth, width=4)


def _cell(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def route_why(route, dutchman: Cell, moves_per_turn: int = 1) -> Why:
    """Why a ship sailing ``route`` escapes the Flying Dutchman as often as
    :func:`~pirates_lab.king_of_pirates.odds.route_survival` says: where the Dutchman is at the end (never
    having met the ship), and before that where it was after each earlier turn.

    Read backwards from the same counts that give the answer (the compass-roll sequences that have not
    caught the ship, by the Dutchman's cell, after every turn).  Rules: King of Pirates › Important Game Concepts
    """
    turns, counts = _route_counts(route, dutchman, moves_per_turn)
    rolls = len(turns) * moves_per_turn
    total = 6 ** rolls
    once: dict[tuple[int, Cell], dict] = {}

    def turn_counts(turn: int, start: Cell) -> dict:
        """After turn ``turn`` (from 1), from the Dutchman alone on ``start``: the sequences that spare the ship
        (the same step as the answer's, one turn of it)."""
        if (turn, start) not in once:
            once[turn, start] = _sail(turns, dutchman, moves_per_turn, {start: 1}, turn - 1, turn)[-1]
        return once[turn, start]

    def expand(key):
        turn, cell, suffix = key                         # the Dutchman on ``cell`` after turn ``turn``
        if turn <= 1:
            return []
        parts = []
        for before, n in counts[turn - 1].items():
            ways = turn_counts(turn, before).get(cell, 0)
            if n and ways:
                ship = _cell(_ship_at(turns, turn - 1))
                parts.append((f"after turn {turn - 1} (you on {ship}) it was on {_cell(before)}",
                              Fraction(n * ways * suffix, total), RULE_CONCEPTS,
                              (turn - 1, before, ways * suffix) if turn - 1 > 1 else None))
        return parts

    last = len(turns)
    parts = [(f"after your last turn (you on {_cell(_ship_at(turns, last))}) the Dutchman is on {_cell(cell)}, "
              f"never having met you", Fraction(n, total), RULE_CONCEPTS, (last, cell, 1) if last > 1 else None)
             for cell, n in counts[-1].items() if n]
    answer = Fraction(sum(counts[-1].values()), total)
    title = (f"The Flying Dutchman never catches your ship: {plural(len(turns), 'turn')}, "
             f"{plural(moves_per_turn, 'compass roll')} before each")
    return Why.grow(title, answer, lambda key: parts if key == "end" else expand(key), "end",
                    rule=RULE_CONCEPTS, depth=3, width=6)


def safest_route_why(start: Cell, goal: Cell, dutchman: Cell, speed: int = 1, moves_per_turn: int = 1) -> Why:
    """:func:`route_why` of the route :func:`~pirates_lab.king_of_pirates.odds.safest_route` picks."""
    cells, _ = safest_route(start, goal, dutchman, speed, moves_per_turn)
    return route_why(route_turns(start, cells[1:], speed), dutchman, moves_per_turn)
