"""Exact odds of King of Pirates: combat with cannonball re-rolls, player-versus-player combat,
the Flying Dutchman's random walk, and upkeep rum until a mutiny.

Every answer is an exact :class:`~fractions.Fraction`.

>>> combat_success_probability(7)
Fraction(7, 12)
>>> combat_success_probability(12, cannonballs=1)
Fraction(121, 1296)
>>> dutchman_distribution(1)[(1, 0)]
Fraction(1, 6)
>>> expected_upkeeps_until_mutiny(0)
Fraction(3, 2)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from pirates_lab.core import Dist, InvalidInput, MarkovChain
from pirates_lab.core.errors import shown
from pirates_lab.core.report import chance, plural
from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_cells, hex_distance, hex_neighbours, hex_ring, on_hex_board

from .components import Cell, components

__all__ = [
    "two_dice", "combat_success_probability", "expected_cannonballs_used",
    "reroll_policy", "RerollPolicy", "reroll_table", "pvp_win_probability", "dutchman_step", "dutchman_chain",
    "dutchman_distribution", "dutchman_stationary", "dutchman_expected_hitting_time",
    "dutchman_reach_probability", "route_survival", "route_turns", "safest_route", "upkeep_die", "rum_chain",
    "expected_upkeeps_until_mutiny", "p_no_mutiny_within", "no_mutiny_series", "first_mutiny_distribution", "mutiny_cause",
]

ONE, ZERO = Fraction(1), Fraction(0)

#: Re-roll choices, in the order ties are broken after (probability, fewer cannonballs).
STOP, KEEP_HIGH, KEEP_LOW, BOTH = "stop", "keep high", "keep low", "both"


def two_dice() -> Dist:
    """The two combat dice as sorted pairs ``(high, low)``."""
    return Dist.die(6).pool(2)


#: 2d6 as sorted pairs (highest first), 21 outcomes.
_ROLLS: tuple[tuple[tuple[int, int], Fraction], ...] = tuple(two_dice().items())
_DIE = tuple(range(1, 7))
#: the same rolls with whole-number weights out of 36
_WEIGHTS: tuple[tuple[tuple[int, int], int], ...] = tuple((r, int(p * 36)) for r, p in _ROLLS)


def _whole(value, name: str, low: int | None = None, high: int | None = None, why: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{name} must be a whole number, got {shown(value)}.")
    if low is not None and value < low:
        raise InvalidInput(f"{name} must be at least {low}, got {value}.")
    if high is not None and value > high:
        raise InvalidInput(f"{name} can be at most {high:,} here, got {value:,}{why}.")
    return value


# ---------------------------------------------------------------- one side's optimal re-rolls
#: The most cannonballs the calculators take (a ship holds far fewer: 2 a hold and 2 on a gun deck);
#: each cannonball is another round of exact work, so the bound keeps every answer within ~2 s.
MAX_CANNONBALLS = 100
#: For player against player both sides re-roll: the same bound for each side.
MAX_PVP_CANNONBALLS = 100


class _Solver:
    """Optimal re-rolls for a reward that depends on the final total of 2d6 (+ modifier).

    Integer arithmetic inside: with ``k`` cannonballs left every success probability is a whole
    number over ``D * 36**k`` (``D`` the rewards' common denominator) and every expected cannonball
    count one over ``36**k``, so choices compare exactly without Fractions; Fractions only at the edge.
    ``value[k][roll] = (P, C, choice)`` (scaled), ``fresh[k] = (P, C)`` of a fresh roll, over
    ``D * 36**(k+1)`` and ``36**(k+1)``.  Rules: King of Pirates › Phase 3: Combat Phase
    """

    def __init__(self, reward: Callable[[int], Fraction], cannonballs: int, reroll_only_on_failure: bool):
        rewards = {t: Fraction(reward(t)) for t in range(2, 13)}
        self.den = den = math.lcm(*(r.denominator for r in rewards.values()))
        num = {t: r.numerator * (den // r.denominator) for t, r in rewards.items()}
        self.value: list[dict] = []
        self.fresh: list[tuple[int, int]] = []
        self.only_on_failure = reroll_only_on_failure
        self.extend(num, cannonballs)

    def extend(self, num: dict, cannonballs: int) -> None:
        den = self.den
        for k in range(len(self.value), cannonballs + 1):
            scale = 36 ** k
            table = {}
            prev = self.value[k - 1] if k else None
            for roll, _ in _ROLLS:
                best = (num[roll[0] + roll[1]] * scale, 0)
                choice = STOP
                for name, p, c in self.options(k, roll, num[roll[0] + roll[1]] == den, prev):
                    if p > best[0] or (p == best[0] and c < best[1]):
                        best, choice = (p, c), name
                table[roll] = (best[0], best[1], choice)
            self.value.append(table)
            self.fresh.append((sum(w * table[r][0] for r, w in _WEIGHTS), sum(w * table[r][1] for r, w in _WEIGHTS)))

    def options(self, k: int, roll, succeeds: bool, prev=None) -> list[tuple[str, int, int]]:
        """The re-rolls open with ``k`` cannonballs after ``roll``: ``(choice, P, C)`` scaled as ``value[k]``
        (none without a cannonball, nor after a success when re-rolls come only after a failure)."""
        if not k or (self.only_on_failure and succeeds):
            return []
        prev = self.value[k - 1] if prev is None else prev
        scale = 36 ** k
        fp, fc = self.fresh[k - 1]
        options = []
        for name, kept in ((KEEP_HIGH, roll[0]), (KEEP_LOW, roll[1])):
            p = c = 0
            for d in _DIE:
                v = prev[_pair(kept, d)]
                p += v[0]
                c += v[1]
            options.append((name, 6 * p, scale + 6 * c))
        options.append((BOTH, fp, scale + fc))
        return options

    def success(self, k: int) -> Fraction:
        return Fraction(self.fresh[k][0], self.den * 36 ** (k + 1))

    def used(self, k: int) -> Fraction:
        return Fraction(self.fresh[k][1], 36 ** (k + 1))

    def at(self, k: int, roll) -> tuple[Fraction, str]:
        p, _, choice = self.value[k][roll]
        return Fraction(p, self.den * 36 ** k), choice


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a >= b else (b, a)


_SOLVERS: dict[int, _Solver] = {}


def _nation_solver(need: int, cannonballs: int) -> _Solver:
    """The solver for ``need`` = target − modifier (clamped: below 2 always wins, above 12 never
    does), kept per need and extended when more cannonballs are asked for (a solver for k holds
    every smaller k)."""
    solver = _SOLVERS.get(need)
    if solver is None:
        solver = _SOLVERS[need] = _Solver(lambda total: ONE if total >= need else ZERO, max(10, cannonballs), True)
    elif len(solver.value) <= cannonballs:
        solver.extend({t: solver.den * (t >= need) for t in range(2, 13)}, cannonballs)
    return solver


def _clear_cache() -> None:
    """Forget every solved table (benchmarks time the cold case)."""
    _SOLVERS.clear()
    _pvp.cache_clear()


def _need(target: int, modifier: int) -> int:
    return max(2, min(13, target - modifier))


def _check(target, modifier, cannonballs):
    _whole(target, "target")
    _whole(modifier, "modifier")
    _whole(cannonballs, "cannonballs", 0)
    if cannonballs > MAX_CANNONBALLS:
        raise InvalidInput(f"This calculator takes at most {MAX_CANNONBALLS} cannonballs (got {cannonballs}): "
                           "each cannonball adds a round of exact work, and a ship holds far fewer.")


def combat_success_probability(target: int, modifier: int = 0, cannonballs: int = 0, *, why: bool = False):
    """P(2d6 + modifier >= target) when each cannonball re-rolls one die or both after a failure,
    chosen to maximise success; with ``why=True`` its :class:`~pirates_lab.core.why.Why` tree (each
    decision and its value: :func:`pirates_lab.king_of_pirates.why.combat_why`).
    Rules: King of Pirates › Phase 3: Combat Phase

    >>> combat_success_probability(10, modifier=0, cannonballs=0)
    Fraction(1, 6)
    """
    if why:
        from .why import combat_why
        return combat_why(target, modifier, cannonballs)
    _check(target, modifier, cannonballs)
    return _nation_solver(_need(target, modifier), cannonballs).success(cannonballs)


def expected_cannonballs_used(target: int, modifier: int = 0, cannonballs: int = 0) -> Fraction:
    """Expected cannonballs spent under the optimal policy (fewest among equally good choices)."""
    _check(target, modifier, cannonballs)
    return _nation_solver(_need(target, modifier), cannonballs).used(cannonballs)


@dataclass(frozen=True)
class RerollPolicy:
    """Which die to keep, when: ``decision(roll, cannonballs_left)`` and a readable table."""

    target: int
    modifier: int
    cannonballs: int
    choices: tuple  # ((cannonballs_left, (high, low), choice, P(success from here)), ...) for failing rolls

    def decision(self, roll: tuple[int, int], cannonballs_left: int) -> str:
        """``"stop"``, ``"keep high"`` (re-roll the lower die), ``"keep low"`` or ``"both"``."""
        roll = _pair(*roll)
        if sum(roll) + self.modifier >= self.target:
            return STOP
        for k, r, choice, _ in self.choices:
            if k == cannonballs_left and r == roll:
                return choice
        raise InvalidInput(f"No decision for roll {roll} with {cannonballs_left} cannonballs left "
                           f"(0..{self.cannonballs}).")

    def rows(self) -> list[tuple[str, str, str]]:
        """(failed roll, cannonballs left, what to do) for every failing roll, in words."""
        out = []
        for k, (high, low), choice, p in self.choices:
            if k == 0:
                continue
            words = self.words((high, low), choice)
            out.append((f"{high}+{low}", str(k), f"{words}  (then {chance(p)})"))
        return out

    @staticmethod
    def words(roll: tuple[int, int], choice: str) -> str:
        """A choice in words: ``words((6, 2), "keep high")`` is "keep the 6, re-roll the 2"."""
        high, low = _pair(*roll)
        return {STOP: "stop (no re-roll can help)", KEEP_HIGH: f"keep the {high}, re-roll the {low}",
                KEEP_LOW: f"keep the {low}, re-roll the {high}", BOTH: "re-roll both dice"}[choice]

    def summary(self) -> dict[tuple[int, int], str]:
        """With every cannonball still in hand: the choice for each failing roll."""
        return {r: c for k, r, c, _ in self.choices if k == self.cannonballs}

    def __str__(self) -> str:
        head = f"Re-roll policy: 2d6 {self.modifier:+d} >= {self.target}, {self.cannonballs} cannonball(s)"
        return "\n".join([head] + [f"  {r:>5}  with {k} left: {w}" for r, k, w in self.rows()])

    def _repr_html_(self) -> str:
        import html
        rows = "".join(f"<tr><td>{r}</td><td>{k}</td><td>{html.escape(w)}</td></tr>" for r, k, w in self.rows())
        return (f"<b>{html.escape(str(self).splitlines()[0])}</b><table><tr><th>failed roll</th>"
                f"<th>cannonballs left</th><th>do</th></tr>{rows}</table>")


def reroll_policy(target: int, modifier: int = 0, cannonballs: int = 0) -> RerollPolicy:
    """The optimal re-roll policy, readable.  Rules: King of Pirates › Phase 3: Combat Phase"""
    _check(target, modifier, cannonballs)
    solver = _nation_solver(_need(target, modifier), cannonballs)
    choices = []
    for k in range(cannonballs + 1):
        for roll, _ in _ROLLS:
            if sum(roll) + modifier < target:
                p, choice = solver.at(k, roll)
                choices.append((k, roll, choice, p))
    return RerollPolicy(target, modifier, cannonballs, tuple(choices))


def reroll_table(targets=range(2, 14), modifiers=range(-5, 6), cannonballs=range(0, 11)) -> dict:
    """``(target, modifier, cannonballs) -> (P(success), expected cannonballs used)`` for a grid."""
    return {(t, m, c): (combat_success_probability(t, m, c), expected_cannonballs_used(t, m, c))
            for t in targets for m in modifiers for c in cannonballs}


def pvp_win_probability(attacker_modifier: int, attacker_cannonballs: int,
                        defender_modifier: int, defender_cannonballs: int) -> Fraction:
    """P(the attacker wins) when both play optimally.

    The attacker rolls and re-rolls (any time: it does not know the defender's roll yet), then
    the defender, seeing the attacker's final total A, needs 2d6 + modifier >= A + 1 (ties go to
    the attacker) and re-rolls after failures.  Rules: King of Pirates › Phase 3: Combat Phase
    """
    for value, name in ((attacker_modifier, "attacker_modifier"), (defender_modifier, "defender_modifier")):
        _whole(value, name)
    _whole(attacker_cannonballs, "attacker_cannonballs", 0)
    _whole(defender_cannonballs, "defender_cannonballs", 0)
    if max(attacker_cannonballs, defender_cannonballs) > MAX_PVP_CANNONBALLS:
        raise InvalidInput(f"Player against player takes at most {MAX_PVP_CANNONBALLS} cannonballs a side (got "
                           f"{attacker_cannonballs} and {defender_cannonballs}): both sides re-roll, so the exact "
                           "work grows with the product.")
    return _pvp(attacker_modifier - defender_modifier, attacker_cannonballs, defender_cannonballs)


@lru_cache(maxsize=1024)
def _pvp(edge: int, attacker_cannonballs: int, defender_cannonballs: int) -> Fraction:
    # The defender wins if 2d6 >= attacker_total + edge + 1 - ... : only the difference matters.
    def attacker_reward(total: int) -> Fraction:
        return 1 - _nation_solver(_need(total + edge + 1, 0), defender_cannonballs).success(defender_cannonballs)

    solver = _Solver(attacker_reward, attacker_cannonballs, reroll_only_on_failure=False)
    return solver.success(attacker_cannonballs)


# ---------------------------------------------------------------- the Flying Dutchman
def dutchman_step(cell: Cell) -> Dist:
    """One compass-die move: each of six directions 1/6; off the map -> back to the centre.

    Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    comp = components()
    moves = []
    for dq, dr in HEX_DIRECTIONS:
        nxt = (cell[0] + dq, cell[1] + dr)
        moves.append(nxt if hex_ring(nxt) <= comp.radius else comp.centre)
    return Dist.uniform(moves)


@lru_cache(maxsize=1)
def dutchman_chain() -> MarkovChain:
    """The Dutchman's 61-cell Markov chain."""
    return MarkovChain({cell: dutchman_step(cell) for cell in hex_cells(components().radius)})


def _cell_arg(cell, name: str) -> Cell:
    cell = tuple(cell) if isinstance(cell, list) else cell
    if not on_hex_board(cell, components().radius):
        raise InvalidInput(f"{name} must be a board cell (q, r) with max(|q|, |r|, |q+r|) <= 4, got {shown(cell)}.")
    return cell


#: The most compass rolls a Dutchman answer follows (each roll multiplies the denominator by 6).
MAX_MOVES = 1_000


@lru_cache(maxsize=None)
def _compass(cell: Cell) -> tuple[Cell, ...]:
    """The six cells one compass roll can move the Dutchman to (repeats kept: off the map -> centre)."""
    comp = components()
    return tuple(c if hex_ring(c) <= comp.radius else comp.centre
                 for c in ((cell[0] + dq, cell[1] + dr) for dq, dr in HEX_DIRECTIONS))


def _moves_arg(moves) -> int:
    return _whole(moves, "moves", 0, MAX_MOVES, " (each compass roll makes the exact answer longer)")


def dutchman_distribution(moves: int, start: Cell = (0, 0)) -> dict[Cell, Fraction]:
    """Where the Dutchman is after ``moves`` compass rolls (cells it cannot be on are left out).

    Whole-number counts of the 6**moves roll sequences inside; Fractions at the end.
    """
    moves = _moves_arg(moves)
    start = _cell_arg(start, "start")
    counts = {start: 1}
    for _ in range(moves):
        nxt: dict[Cell, int] = {}
        for cell, n in counts.items():
            for c in _compass(cell):
                nxt[c] = nxt.get(c, 0) + n
        counts = nxt
    total = 6 ** moves
    return {c: Fraction(n, total) for c, n in counts.items()}


@lru_cache(maxsize=1)
def dutchman_stationary() -> dict[Cell, Fraction]:
    """The long-run share of time the Dutchman spends on each cell (exact)."""
    return dutchman_chain().stationary()


def dutchman_expected_hitting_time(target: Cell, start: Cell = (0, 0)) -> Fraction:
    """Expected compass rolls until the Dutchman first stands on ``target``."""
    target, start = _cell_arg(target, "target"), _cell_arg(start, "start")
    return _hitting(target, start)


@lru_cache(maxsize=128)
def _hitting(target: Cell, start: Cell) -> Fraction:
    return dutchman_chain().hitting_time(target, start)


def dutchman_reach_probability(target: Cell, moves: int, start: Cell = (0, 0)) -> Fraction:
    """P(the Dutchman stands on ``target`` at least once within ``moves`` rolls (start excluded))."""
    target, start = _cell_arg(target, "target"), _cell_arg(start, "start")
    moves = _moves_arg(moves)
    counts = {start: 1}
    hit = 0            # roll sequences that reached the target, over 6**(rolls so far)
    for _ in range(moves):
        nxt: dict[Cell, int] = {}
        hit *= 6
        for cell, n in counts.items():
            for c in _compass(cell):
                if c == target:
                    hit += n
                else:
                    nxt[c] = nxt.get(c, 0) + n
        counts = nxt
    return Fraction(hit, 6 ** moves)


def _hit_here(cell: Cell) -> bool:
    """The Dutchman cannot touch a ship at a Pirates Lair.  Rules: King of Pirates › Important Game Concepts"""
    return cell not in components().lairs


def route_survival(route, dutchman: Cell, moves_per_turn: int = 1, *, why: bool = False):
    """P(a ship sailing ``route`` is never caught by the Dutchman).

    ``route`` is a list of turns, each a list of the cells the ship enters that turn (the first
    turn starts from where the ship stands, which is ``route[0][0]``).  Before each turn the Dutchman
    makes ``moves_per_turn`` compass moves (one per player's upkeep); it catches the ship if it
    lands on the ship's cell or the ship sails into it, except at a Pirates Lair.  With ``why=True``: its
    :class:`~pirates_lab.core.why.Why` tree (:func:`pirates_lab.king_of_pirates.why.route_why`).
    Rules: King of Pirates › Important Game Concepts
    """
    if why:
        from .why import route_why
        return route_why(route, dutchman, moves_per_turn)
    turns, counts = _route_counts(route, dutchman, moves_per_turn)
    return Fraction(sum(counts[-1].values()), 6 ** (len(turns) * moves_per_turn))


def _route_counts(route, dutchman: Cell, moves_per_turn: int):
    """The turns (checked), and after each turn (the first: before any) the roll sequences that have not
    caught the ship, by the Dutchman's cell: ``counts[t][cell]``."""
    turns, dutchman = _route_checked(route, dutchman, moves_per_turn)
    return turns, _sail(turns, dutchman, moves_per_turn)


def _route_checked(route, dutchman: Cell, moves_per_turn: int) -> tuple[list[list[Cell]], Cell]:
    turns = _route_arg(route)
    dutchman = _cell_arg(dutchman, "dutchman")
    _whole(moves_per_turn, "moves_per_turn", 0)
    rolls = len(turns) * moves_per_turn
    if rolls > MAX_MOVES:
        raise InvalidInput(f"Too many compass rolls: {plural(len(turns), 'turn')} of {plural(moves_per_turn, 'roll')} "
                           f"is {rolls:,} rolls, and the limit is {MAX_MOVES:,} (each roll makes the exact "
                           f"answer longer).")
    return turns, dutchman


def _sail(turns: list[list[Cell]], dutchman: Cell, moves_per_turn: int, start=None, first_turn: int = 0,
          last_turn=None) -> list[dict]:
    """:func:`_route_counts`' counts for checked turns (``start``: counts to begin from, at turn ``first_turn``)."""
    counts = {dutchman: 1} if start is None else dict(start)   # sequences that have not caught the ship
    here = _ship_at(turns, first_turn)
    if first_turn == 0 and dutchman == here and _hit_here(here):
        counts = {}
    kept = [counts]
    for turn in range(first_turn, len(turns) if last_turn is None else last_turn):
        entered = turns[turn]
        steps = entered[1:] if turn == 0 else entered
        for _ in range(moves_per_turn):
            nxt: dict[Cell, int] = {}
            for cell, n in counts.items():
                for c in _compass(cell):
                    if c == here and _hit_here(here):
                        continue
                    nxt[c] = nxt.get(c, 0) + n
            counts = nxt
        for cell in steps:
            if _hit_here(cell):
                counts.pop(cell, None)
            here = cell
        kept.append(counts)
    return kept


def _ship_at(turns: list[list[Cell]], turn: int) -> Cell:
    """Where the ship stands when turn ``turn`` (from 0) begins."""
    here = turns[0][0]
    for entered in turns[:turn]:
        if entered:
            here = entered[-1]
    return here


def _route_arg(route) -> list[list[Cell]]:
    """A route: a list of turns, each a list of board cells, the first one starting where the ship is."""
    if not isinstance(route, (list, tuple)) or not route or not all(isinstance(t, (list, tuple)) for t in route):
        raise InvalidInput("route must be a list of turns, each a list of the cells entered that turn.")
    if not route[0]:
        raise InvalidInput("route's first turn must start with the cell the ship stands on.")
    return [[_cell_arg(c, "Each cell of route") for c in turn] for turn in route]


def _shortest_paths(start: Cell, goal: Cell) -> list[list[Cell]]:
    """Every shortest hex path from start to goal (cells after the start)."""
    if start == goal:
        return [[]]
    out = []
    for nxt in hex_neighbours(start, components().radius):
        if hex_distance(nxt, goal) == hex_distance(start, goal) - 1:
            out.extend([nxt] + rest for rest in _shortest_paths(nxt, goal))
    return out


#: The most compass rolls between two of your turns that :func:`safest_route` follows on every route.
MAX_ROUTE_ROLLS = 6


def route_turns(start: Cell, path: list[Cell], speed: int) -> list[list[Cell]]:
    """A path (the cells after ``start``) sailed ``speed`` cells a turn, as :func:`route_survival`'s turns."""
    return [[start] + path[:speed]] + [path[i:i + speed] for i in range(speed, len(path), speed)]


def safest_route(start: Cell, goal: Cell, dutchman: Cell, speed: int = 1, moves_per_turn: int = 1):
    """Among the shortest routes from ``start`` to ``goal`` (``speed`` cells a turn), the one the
    Dutchman is least likely to catch.  Returns ``(cells, P(survive))``; ``cells`` starts at ``start``.

    Warships, which would stop the ship, are not considered (a planning aid, not the engine).
    """
    start, goal, dutchman = _cell_arg(start, "start"), _cell_arg(goal, "goal"), _cell_arg(dutchman, "dutchman")
    _whole(speed, "speed", 1, 20, " (no ship sails that far in a turn)")
    _whole(moves_per_turn, "moves_per_turn", 0, MAX_ROUTE_ROLLS,
           f" (up to {MAX_ROUTE_ROLLS} rolls between turns, one per player: every route is followed exactly)")
    if hex_distance(start, goal) > 10:
        raise InvalidInput("start and goal are too far apart to list every route.")
    best = None
    for path in _shortest_paths(start, goal):
        p = route_survival(route_turns(start, path, speed), dutchman, moves_per_turn)
        if best is None or p > best[1]:
            best = ([start] + path, p)
    return best


# ---------------------------------------------------------------- upkeep and mutiny (their own module)
from .upkeep_odds import (expected_upkeeps_until_mutiny, first_mutiny_distribution, mutiny_cause,  # noqa: E402
                          no_mutiny_series, p_no_mutiny_within, rum_chain, upkeep_die)
