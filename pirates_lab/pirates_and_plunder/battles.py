"""Battles solved: the open battle (the defender answers after seeing the attack) and the secret one.

Rules: Pirates & Plunder › Battles

**Open battle** (the basic rules): the defender sees the attack, so they repulse it whenever they
can afford ``attack - base`` resources; the attacker wins only by committing more than
``base + everything the defender holds``.  :func:`open_battle` gives both thresholds.

**Secret battle** (the Battles option): both commit at once, a zero-sum matrix game.  The
attacker's gain when committing ``a`` against ``d`` is::

    payoff(a, d) = ship_value * [a > base + d] - resource_value * a + resource_value * d

— a ship worth ``ship_value`` changes hands when the attack succeeds, and every resource spent
is lost to its owner (what one side loses, the other gains).  :func:`secret_battle` finds the
support of an optimal mix with ``scipy.optimize.linprog``, then solves the equalities on that
support exactly (Gauss–Jordan on whole numbers; Fractions only in the answer), and checks the
answer exactly: no pure commitment of either side does better against the other's mix.  Every
battle the game allows (60 resources a side) answers in well under a second.

>>> game = secret_battle(2, 1, 0, 3, 1)
>>> game.value, game.attacker[1], game.attacker[2], game.defender[0]
(Fraction(4, 3), Fraction(1, 3), Fraction(2, 3), Fraction(2, 3))
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.core.why import Why

from .headings import RULE_BATTLES
from .parts import GAME, said

__all__ = ["RULE_BATTLES", "OpenBattle", "open_battle", "SecretBattle", "secret_battle",
           "MAX_RESOURCES", "MAX_DIGITS"]

#: the game has 60 resources in all: no side can commit more
MAX_RESOURCES = 60
#: the most digits in a ship's or resource's value, above or below the fraction bar: the exact solve
#: works with whole numbers that grow with them (60 v 60 at 300 digits ≈ 0.2 s, at 3,000 digits ≈ 5 s)
MAX_DIGITS = 300
_TOO_LONG = 10 ** MAX_DIGITS


def _count(name: str, value, low: int = 0, high: int = MAX_RESOURCES) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{name} is a whole number from {low} to {high} (the game has {MAX_RESOURCES} "
                           f"resources in all), not {said(value)}.")
    return value


def _value(name: str, value) -> Fraction:
    try:
        result = Fraction(value) if not isinstance(value, (bool, float)) else Fraction(str(value))
    except (ValueError, TypeError, ZeroDivisionError):
        raise InvalidInput(f"{name} is a number such as 3 or 1/2, not {said(value)}.") from None
    if not 0 <= result <= 1000:
        raise InvalidInput(f"{name} is between 0 and 1000, not {said(value)}.")
    if result.numerator >= _TOO_LONG or result.denominator >= _TOO_LONG:
        raise InvalidInput(f"{name} is too long to solve exactly at once: at most {MAX_DIGITS} digits above and "
                           f"below the fraction bar (the exact solve grows with every digit).")
    return result


@dataclass(frozen=True)
class OpenBattle:
    """The open battle: the smallest commitments that win, for each side.

    Rules: Pirates & Plunder › Moving Pirates and Battle
    """

    attacker_resources: int
    defender_resources: int
    defender_base: int

    def answer(self, attack: int) -> int | None:
        """The fewest resources that repulse ``attack`` (None: the defender cannot, and surrenders)."""
        need = max(0, attack - self.defender_base)
        return need if need <= self.defender_resources else None

    @property
    def winning_attack(self) -> int | None:
        """The smallest attack the defender cannot answer (None: the attacker cannot win)."""
        attack = self.defender_base + self.defender_resources + 1
        return attack if attack <= self.attacker_resources else None

    def describe(self) -> str:
        win = self.winning_attack
        if win is None:
            return (f"The attacker cannot win: whatever they commit (at most {self.attacker_resources}), the defender "
                    f"answers with base {self.defender_base} plus up to {self.defender_resources} resources.")
        return (f"The attacker wins by committing {win} (base {self.defender_base} + all {self.defender_resources} "
                f"of the defender's resources + 1); any smaller attack the defender repulses by matching it.")


def open_battle(attacker_resources: int, defender_resources: int, defender_base: int) -> OpenBattle:
    """Solve the open battle (bounded: at most 60 resources a side)."""
    return OpenBattle(_count("attacker_resources", attacker_resources), _count("defender_resources", defender_resources),
                      _count("defender_base", defender_base, 0, 10))


@dataclass(frozen=True)
class SecretBattle:
    """The secret battle as a zero-sum game: exact optimal mixes and value.

    Rules: Pirates & Plunder › Battles
    """

    attacker_resources: int
    defender_resources: int
    defender_base: int
    ship_value: Fraction
    resource_value: Fraction
    attacker: Dist                 # the attacker's optimal mix over commitments 0..attacker_resources
    defender: Dist                 # the defender's optimal mix over 0..defender_resources
    value: Fraction                # the attacker's expected gain when both play optimally

    def payoff(self, a: int, d: int) -> Fraction:
        """The attacker's exact gain when committing ``a`` against ``d`` (the defender's loss)."""
        return _payoff(a, d, self.defender_base, self.ship_value, self.resource_value)

    def against_defender(self, a: int) -> Fraction:
        """The attacker's expected gain from the pure commitment ``a`` against the defender's mix."""
        return sum((p * self.payoff(a, d) for d, p in self.defender.items()), Fraction(0))

    def against_attacker(self, d: int) -> Fraction:
        """The attacker's expected gain when the defender always commits ``d`` against the attacker's mix."""
        return sum((p * self.payoff(a, d) for a, p in self.attacker.items()), Fraction(0))

    def success(self) -> Fraction:
        """The chance the attack succeeds when both play their optimal mixes."""
        return sum((pa * pd for a, pa in self.attacker.items() for d, pd in self.defender.items()
                    if a > self.defender_base + d), Fraction(0))

    def why(self) -> Why:
        """Why the attack succeeds as often as :meth:`success` says, and why each commitment is in the mix.

        The branches are the attacker's commitments in its mix, then the defender's that each one beats (a
        joint chance: the attacker commits ``a`` *and* the defender ``d``).  Each label gives the
        indifference value: against the other side's mix every commitment in a mix pays exactly the value
        of the battle (so neither side gains by leaving its mix), and the best one left out pays less.

        >>> tree = secret_battle(2, 1, 0, 3, 1).why()
        >>> print(tree.text().splitlines()[0])
        The attack succeeds when both sides play their best mixes (value to the attacker 4/3): 88.89% (8/9) [Rules: Battles]
        >>> print(tree.children[0].label)
        the attacker commits 1 (1/3 of the time; against the defender's mix it gains 4/3, the value; the best commitment outside the mix, 0, gains 1/3)
        """
        gains = {a: self.against_defender(a) for a in range(self.attacker_resources + 1)}   # attacker's gain
        losses = {d: self.against_attacker(d) for d in range(self.defender_resources + 1)}  # defender's loss

        def outside(values: dict, mix: Dist, verb: str, best) -> str:
            left = [c for c in values if c not in mix.outcomes()]
            if not left:
                return "every commitment it could make is in the mix"
            pick = best(left, key=values.get)
            return f"the best commitment outside the mix, {pick}, {verb} {values[pick]}"

        attacker_outside = outside(gains, self.attacker, "gains", max)
        defender_outside = outside(losses, self.defender, "loses", min)

        def attack(a: int, pa: Fraction) -> Why:
            beaten = tuple(Why(f"the defender commits {d} ({pd} of the time; against the attacker's mix it loses "
                               f"{losses[d]}, the value; {defender_outside})", pa * pd, RULE_BATTLES)
                           for d, pd in self.defender.items() if a > self.defender_base + d)
            return Why(f"the attacker commits {a} ({pa} of the time; against the defender's mix it gains "
                       f"{gains[a]}, the value; {attacker_outside})",
                       sum((c.p for c in beaten), Fraction(0)), RULE_BATTLES, beaten)

        branches = tuple(branch for branch in (attack(a, pa) for a, pa in self.attacker.items()) if branch.p)
        tree = Why(f"The attack succeeds when both sides play their best mixes (value to the attacker {self.value})",
                   self.success(), RULE_BATTLES, branches)
        return tree.bounded()


def _payoff(a: int, d: int, base: int, ship: Fraction, resource: Fraction) -> Fraction:
    return (ship if a > base + d else Fraction(0)) - resource * a + resource * d


def _integer_row(row) -> list[int]:
    """A row of Fractions/ints scaled to whole numbers with no common factor (the same equation).

    >>> _integer_row([Fraction(1, 2), 3, Fraction(-3, 4)])
    [2, 12, -3]
    """
    scale = math.lcm(*(Fraction(v).denominator for v in row))
    ints = [v * scale if isinstance(v, int) else v.numerator * (scale // v.denominator) for v in row]
    common = math.gcd(*ints)
    return [v // common for v in ints] if common > 1 else ints


def _solve_exact(rows: list, columns: int) -> list | None:
    """Any exact solution of a linear system (rows ``[coefficients..., right side]``), or None.

    Fraction-free Gauss–Jordan: every row is scaled to whole numbers and kept primitive (divided by
    the gcd of its entries) after each elimination, so the work is integer arithmetic; Fractions
    appear only in the answer.

    >>> _solve_exact([[1, 1, 3], [1, -1, Fraction(1, 2)]], 2)
    [Fraction(7, 4), Fraction(5, 4)]
    """
    rows = [_integer_row(r) for r in rows]
    n = columns
    pivots, r = [], 0
    for c in range(n):
        candidates = [i for i in range(r, len(rows)) if rows[i][c]]
        if not candidates:
            continue
        pivot = min(candidates, key=lambda i: abs(rows[i][c]))      # the smallest lead keeps numbers small
        rows[r], rows[pivot] = rows[pivot], rows[r]
        top = rows[r]
        lead = top[c]
        for i in range(len(rows)):
            row = rows[i]
            factor = row[c]
            if i != r and factor:
                common = math.gcd(lead, factor)
                keep, take = lead // common, factor // common
                row = [keep * v - take * w for v, w in zip(row, top)]
                g = math.gcd(*row)
                rows[i] = [v // g for v in row] if g > 1 else row
        pivots.append(c)
        r += 1
    if any(row[-1] and not any(row[:-1]) for row in rows):
        return None
    solution = [Fraction(0)] * n
    for i, c in enumerate(pivots):
        solution[c] = Fraction(rows[i][-1], rows[i][c])
    return solution


def _mix_on_support(matrix: list, support: list, against: list, transpose: bool) -> list | None:
    """Probabilities on ``support`` that make every column in ``against`` pay the same (exact)."""
    k = len(support)
    rows = []
    for j in against:
        coefficients = [(matrix[j][i] if transpose else matrix[i][j]) for i in support]
        rows.append(coefficients + [Fraction(-1), Fraction(0)])      # sum p_i M - v = 0
    rows.append([Fraction(1)] * k + [Fraction(0), Fraction(1)])      # sum p_i = 1
    solution = _solve_exact(rows, k + 1)
    if solution is None or any(p < 0 for p in solution[:k]):
        return None
    return solution[:k]


def _linprog_mix(matrix: list) -> list:
    """An optimal mix of the row (maximising) player, in floats, by linear programming."""
    import numpy as np
    from scipy.optimize import linprog
    m, n = len(matrix), len(matrix[0])
    payoff = np.array([[float(v) for v in row] for row in matrix])
    cost = np.zeros(m + 1)
    cost[-1] = -1.0                                                   # maximise v
    upper = np.hstack([-payoff.T, np.ones((n, 1))])                   # v - sum_i x_i M[i][j] <= 0
    equal = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0],
                     bounds=[(0, None)] * m + [(None, None)], method="highs")
    if not result.success:  # pragma: no cover - a finite matrix game always has a solution
        raise RuntimeError(f"linprog failed: {result.message}")
    return list(result.x[:m])


def _full_supports(big_a: int, big_d: int, base: int) -> tuple[list, list]:
    """The commitments both sides mix over when the ship is worth far more than the resources.

    Then every commitment that can still matter is used: the defender any ``d`` up to what repulses
    the biggest attack (or all it holds), the attacker every attack that beats some defence, plus 0
    (giving up) when the defender can repulse everything.  A guess the caller verifies exactly: the
    linear program cannot see costs a billion times smaller than the ship.
    """
    if big_a <= base:
        return [0], [0]
    top = min(big_d, big_a - base)
    attacks = list(range(base + 1, base + top + 2 if big_d < big_a - base else big_a + 1))
    return ([0] if big_d >= big_a - base else []) + attacks, list(range(top + 1))


def _exact_mix(matrix: list, floats: list, other_floats: list, transpose: bool,
               guess: tuple[list, list]) -> Iterator[list]:
    """Exact candidates for an LP mix, cheapest first: equalised on the supports the LP used, on the
    ``guess`` (own support, the other side's), then rounded.

    A generator: the caller verifies each candidate and stops at the first that is an equilibrium,
    so the later (costlier or cruder) candidates are usually never computed.
    """
    size = len(floats)
    tried = set()
    supports = [([i for i, p in enumerate(floats) if p > tolerance], [j for j, p in enumerate(other_floats)
                                                                       if p > tolerance])
                for tolerance in (1e-9, 1e-7, 1e-5)]
    for support, against in supports + [guess]:
        if (tuple(support), tuple(against)) in tried:                 # the same system: the same answer
            continue
        tried.add((tuple(support), tuple(against)))
        mix = _mix_on_support(matrix, support, against, transpose)
        if mix is not None:
            full = [Fraction(0)] * size
            for i, p in zip(support, mix):
                full[i] = p
            yield full
    for bound in (100, 10_000, 1_000_000):
        rounded = [Fraction(p).limit_denominator(bound) if p > 1e-9 else Fraction(0) for p in floats]
        total = sum(rounded)
        if total > 0:
            yield [p / total for p in rounded]


class _Remembered:
    """Iterate a generator any number of times, computing each item once (the defender's candidates
    are tried against every attacker candidate)."""

    def __init__(self, items: Iterator) -> None:
        self._items, self._seen = items, []

    def __iter__(self) -> Iterator:
        yield from self._seen
        for item in self._items:
            self._seen.append(item)
            yield item
        # the loop above ends only once the generator is exhausted: every item is remembered


def _whole(mix: list) -> tuple[list, int]:
    """A mix of Fractions as whole weights over one denominator: ([(index, weight) for p != 0], denominator)."""
    denominator = math.lcm(*(p.denominator for p in mix))
    return [(i, p.numerator * (denominator // p.denominator)) for i, p in enumerate(mix) if p], denominator


def secret_battle(attacker_resources: int, defender_resources: int, defender_base: int,
                  ship_value, resource_value) -> SecretBattle:
    """Solve the secret battle exactly (bounded: at most 60 resources a side, values 0 to 1000 written
    with at most 300 digits above and below the fraction bar; every such battle answers well within 2 s).

    Rules: Pirates & Plunder › Battles
    """
    big_a = _count("attacker_resources", attacker_resources)
    big_d = _count("defender_resources", defender_resources)
    base = _count("defender_base", defender_base, 0, 10)
    ship, resource = _value("ship_value", ship_value), _value("resource_value", resource_value)
    matrix = [[_payoff(a, d, base, ship, resource) for d in range(big_d + 1)] for a in range(big_a + 1)]
    columns = [[-matrix[a][d] for a in range(big_a + 1)] for d in range(big_d + 1)]   # the defender maximises -M
    x_float, y_float = _linprog_mix(matrix), _linprog_mix(columns)
    scale = math.lcm(ship.denominator, resource.denominator)            # whole-number payoffs for the checks
    weights = [[int(v * scale) for v in row] for row in matrix]

    def worst_for_defender(y: list) -> Fraction:                      # the attacker's best reply to y
        weight, denominator = _whole(y)
        return Fraction(max(sum(q * row[d] for d, q in weight) for row in weights), denominator * scale)

    def worst_for_attacker(x: list) -> Fraction:                      # the defender's best reply to x
        weight, denominator = _whole(x)
        return Fraction(min(sum(q * weights[a][d] for a, q in weight) for d in range(big_d + 1)), denominator * scale)

    best = None
    attacks, defences = _full_supports(big_a, big_d, base)
    replies = _Remembered((y, worst_for_defender(y))
                          for y in _exact_mix(matrix, y_float, x_float, True, (defences, attacks)))
    for x in _exact_mix(matrix, x_float, y_float, False, (attacks, defences)):
        low = worst_for_attacker(x)
        for y, high in replies:
            if low == high:
                best = (x, y, low)
                break
        if best:
            break
    if best is None:  # pragma: no cover - guarded by tests over many inputs
        raise RuntimeError("No exact equilibrium was recovered from the linear program.")
    x, y, value = best
    attacker = Dist.from_probabilities({a: p for a, p in enumerate(x) if p})
    defender = Dist.from_probabilities({d: p for d, p in enumerate(y) if p})
    return SecretBattle(big_a, big_d, base, ship, resource, attacker, defender, value)
