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

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from pirates_lab.core import Dist, InvalidInput, MarkovChain
from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_cells, hex_distance, hex_neighbours, hex_ring, on_hex_board

from .components import RUM_LOST, Cell, components

__all__ = [
    "two_dice", "combat_success_probability", "expected_cannonballs_used",
    "reroll_policy", "RerollPolicy", "reroll_table", "pvp_win_probability", "dutchman_step", "dutchman_chain",
    "dutchman_distribution", "dutchman_stationary", "dutchman_expected_hitting_time",
    "dutchman_reach_probability", "route_survival", "safest_route", "upkeep_die", "rum_chain",
    "expected_upkeeps_until_mutiny", "p_no_mutiny_within", "first_mutiny_distribution", "mutiny_cause",
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


def _whole(value, name: str, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{name} must be a whole number, got {value!r}.")
    if low is not None and value < low:
        raise InvalidInput(f"{name} must be at least {low}, got {value}.")
    return value


# ---------------------------------------------------------------- one side's optimal re-rolls
class _Solver:
    """Optimal re-rolls for a reward that depends on the final total of 2d6 (+ modifier).

    ``value[k][roll] = (P, C, choice)``: with ``k`` cannonballs left and ``roll`` on the table,
    the best success probability P, the expected cannonballs then spent C (fewest among equally
    good choices), and the choice.  Rules: King of Pirates › Phase 3: Combat Phase
    """

    def __init__(self, reward: Callable[[int], Fraction], cannonballs: int, reroll_only_on_failure: bool):
        self.reward = reward
        self.value: list[dict] = []
        fresh: list[tuple[Fraction, Fraction]] = []   # value of a fresh roll with k cannonballs
        for k in range(cannonballs + 1):
            table = {}
            for roll, _ in _ROLLS:
                stop = (reward(roll[0] + roll[1]), ZERO)
                best, choice = stop, STOP
                can_reroll = k > 0 and not (reroll_only_on_failure and stop[0] == 1)
                if can_reroll:
                    prev = self.value[k - 1]
                    options = []
                    for name, kept in ((KEEP_HIGH, roll[0]), (KEEP_LOW, roll[1])):
                        p = sum((prev[_pair(kept, d)][0] for d in _DIE), ZERO) / 6
                        c = 1 + sum((prev[_pair(kept, d)][1] for d in _DIE), ZERO) / 6
                        options.append((name, (p, c)))
                    options.append((BOTH, (fresh[k - 1][0], 1 + fresh[k - 1][1])))
                    for name, pc in options:
                        if pc[0] > best[0] or (pc[0] == best[0] and pc[1] < best[1]):
                            best, choice = pc, name
                table[roll] = (best[0], best[1], choice)
            self.value.append(table)
            fresh.append((sum((p * table[r][0] for r, p in _ROLLS), ZERO),
                          sum((p * table[r][1] for r, p in _ROLLS), ZERO)))
        self.fresh = fresh


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a >= b else (b, a)


def _nation_solver(need: int, cannonballs: int) -> _Solver:
    """The solver for ``need`` = target − modifier (clamped: below 2 always wins, above 12 never
    does), solved once for at least 10 cannonballs: a solver for k holds every smaller k."""
    return _solved(need, max(10, 1 << max(0, cannonballs - 1).bit_length()))


@lru_cache(maxsize=None)
def _solved(need: int, cannonballs: int) -> _Solver:
    return _Solver(lambda total: ONE if total >= need else ZERO, cannonballs, True)


def _need(target: int, modifier: int) -> int:
    return max(2, min(13, target - modifier))


def _check(target, modifier, cannonballs):
    _whole(target, "target")
    _whole(modifier, "modifier")
    _whole(cannonballs, "cannonballs", 0)


def combat_success_probability(target: int, modifier: int = 0, cannonballs: int = 0) -> Fraction:
    """P(2d6 + modifier >= target) when each cannonball re-rolls one die or both after a failure,
    chosen to maximise success.  Rules: King of Pirates › Phase 3: Combat Phase

    >>> combat_success_probability(10, modifier=0, cannonballs=0)
    Fraction(1, 6)
    """
    _check(target, modifier, cannonballs)
    return _nation_solver(_need(target, modifier), cannonballs).fresh[cannonballs][0]


def expected_cannonballs_used(target: int, modifier: int = 0, cannonballs: int = 0) -> Fraction:
    """Expected cannonballs spent under the optimal policy (fewest among equally good choices)."""
    _check(target, modifier, cannonballs)
    return _nation_solver(_need(target, modifier), cannonballs).fresh[cannonballs][1]


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
            out.append((f"{high}+{low}", str(k), f"{words}  (then P = {p})"))
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
                p, _, choice = solver.value[k][roll]
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
    return _pvp(attacker_modifier - defender_modifier, attacker_cannonballs, defender_cannonballs)


@lru_cache(maxsize=None)
def _pvp(edge: int, attacker_cannonballs: int, defender_cannonballs: int) -> Fraction:
    # The defender wins if 2d6 >= attacker_total + edge + 1 - ... : only the difference matters.
    def attacker_reward(total: int) -> Fraction:
        return 1 - _nation_solver(_need(total + edge + 1, 0), defender_cannonballs).fresh[defender_cannonballs][0]

    solver = _Solver(attacker_reward, attacker_cannonballs, reroll_only_on_failure=False)
    return solver.fresh[attacker_cannonballs][0]


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
        raise InvalidInput(f"{name} must be a board cell (q, r) with max(|q|, |r|, |q+r|) <= 4, got {cell!r}.")
    return cell


def dutchman_distribution(moves: int, start: Cell = (0, 0)) -> dict[Cell, Fraction]:
    """Where the Dutchman is after ``moves`` compass rolls (cells it cannot be on are left out)."""
    _whole(moves, "moves", 0)
    start = _cell_arg(start, "start")
    return dict(dutchman_chain().distribution_after(moves, start).items())


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
    _whole(moves, "moves", 0)
    dist = {start: ONE}
    hit = ZERO
    for _ in range(moves):
        nxt: dict[Cell, Fraction] = {}
        for cell, p in dist.items():
            for c, q in dutchman_step(cell).items():
                if c == target:
                    hit += p * q
                else:
                    nxt[c] = nxt.get(c, ZERO) + p * q
        dist = nxt
    return hit


def _hit_here(cell: Cell) -> bool:
    """The Dutchman cannot touch a ship at a Pirates Lair.  Rules: King of Pirates › Important Game Concepts"""
    return cell not in components().lairs


def route_survival(route, dutchman: Cell, moves_per_turn: int = 1) -> Fraction:
    """P(a ship sailing ``route`` is never caught by the Dutchman).

    ``route`` is a list of turns, each a list of the cells the ship enters that turn (the first
    turn starts from where the ship stands, which is ``route[0][0]``).  Before each turn the Dutchman
    makes ``moves_per_turn`` compass moves (one per player's upkeep); it catches the ship if it
    lands on the ship's cell or the ship sails into it, except at a Pirates Lair.
    Rules: King of Pirates › Important Game Concepts
    """
    dist = {dutchman: ONE}
    here = route[0][0]
    if dutchman == here and _hit_here(here):
        return ZERO
    for turn, entered in enumerate(route):
        steps = entered[1:] if turn == 0 else entered
        for _ in range(moves_per_turn):
            nxt: dict[Cell, Fraction] = {}
            for cell, p in dist.items():
                for c, q in dutchman_step(cell).items():
                    if c == here and _hit_here(here):
                        continue
                    nxt[c] = nxt.get(c, ZERO) + p * q
            dist = nxt
        for cell in steps:
            if _hit_here(cell):
                dist = {c: p for c, p in dist.items() if c != cell}
            here = cell
    return sum(dist.values(), ZERO)


def _shortest_paths(start: Cell, goal: Cell) -> list[list[Cell]]:
    """Every shortest hex path from start to goal (cells after the start)."""
    if start == goal:
        return [[]]
    out = []
    for nxt in hex_neighbours(start, components().radius):
        if hex_distance(nxt, goal) == hex_distance(start, goal) - 1:
            out.extend([nxt] + rest for rest in _shortest_paths(nxt, goal))
    return out


def safest_route(start: Cell, goal: Cell, dutchman: Cell, speed: int = 1, moves_per_turn: int = 1):
    """Among the shortest routes from ``start`` to ``goal`` (``speed`` cells a turn), the one the
    Dutchman is least likely to catch.  Returns ``(cells, P(survive))``; ``cells`` starts at ``start``.

    Warships, which would stop the ship, are not considered (a planning aid, not the engine).
    """
    start, goal, dutchman = _cell_arg(start, "start"), _cell_arg(goal, "goal"), _cell_arg(dutchman, "dutchman")
    _whole(speed, "speed", 1)
    _whole(moves_per_turn, "moves_per_turn", 0)
    if hex_distance(start, goal) > 10:
        raise InvalidInput("start and goal are too far apart to list every route.")
    best = None
    for path in _shortest_paths(start, goal):
        turns = [[start] + path[:speed]] + [path[i:i + speed] for i in range(speed, len(path), speed)]
        p = route_survival(turns, dutchman, moves_per_turn)
        if best is None or p > best[1]:
            best = ([start] + path, p)
    return best


# ---------------------------------------------------------------- upkeep and mutiny
def upkeep_die(faces: dict | None = None) -> Dist:
    """The upkeep die (data file: two faces each of scurvy / lose 1 rum / lose 2 rum)."""
    faces = dict(components().upkeep_die if faces is None else faces)
    return Dist.from_weights({f: w for f, w in faces.items() if w})


def rum_chain(rum: int, faces: dict | None = None) -> MarkovChain:
    """Rum after each upkeep roll away from a lair; absorbing ``("mutiny", face)`` states.

    A mutiny happens when the rum to lose is more than the rum held.  Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    _whole(rum, "rum", 0)
    die = upkeep_die(faces)

    def step(state):
        if isinstance(state, tuple):
            return Dist.certain(state)
        return die.map(lambda face: ("mutiny", face) if RUM_LOST[face] > state else state - RUM_LOST[face])

    return MarkovChain.from_step([rum], step)


def expected_upkeeps_until_mutiny(rum: int, faces: dict | None = None) -> Fraction:
    """Expected upkeep rolls until a mutiny, counting the roll that causes it (no lair visits)."""
    chain = rum_chain(rum, faces)
    if not any(isinstance(s, tuple) for s in chain.states):
        raise InvalidInput("With this upkeep die no mutiny can ever happen.")
    return chain.expected_steps(rum)


def first_mutiny_distribution(rum: int, upkeeps: int, faces: dict | None = None) -> dict[int, Fraction]:
    """``n -> P(the first mutiny comes on upkeep roll n)`` for n = 1..upkeeps (from :func:`rum_chain`)."""
    _whole(upkeeps, "upkeeps", 0)
    chain = rum_chain(rum, faces)
    dist, before, out = Dist.certain(rum), ZERO, {}
    for n in range(1, upkeeps + 1):
        dist = chain.step(dist)
        mutinied = dist.probability(lambda state: isinstance(state, tuple))
        out[n], before = mutinied - before, mutinied
    return out


def p_no_mutiny_within(rum: int, upkeeps: int, faces: dict | None = None) -> Fraction:
    """P(no mutiny in the next ``upkeeps`` upkeep rolls), starting with ``rum``."""
    _whole(rum, "rum", 0)
    return 1 - sum(first_mutiny_distribution(rum, upkeeps, faces).values(), ZERO)


def mutiny_cause(rum: int, faces: dict | None = None) -> Dist:
    """Which face causes the first mutiny: ``"lose 1 rum"`` or ``"lose 2 rum"``."""
    chain = rum_chain(rum, faces)
    absorbed = chain.absorption_probabilities(rum)
    return Dist.from_probabilities({state[1]: p for state, p in absorbed.items() if p})
