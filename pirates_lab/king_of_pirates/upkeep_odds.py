"""Exact upkeep odds of King of Pirates: how long the rum lasts until a mutiny.

A mutiny happens when the upkeep die asks for more rum than the ship holds, so with ``rum`` held
"no mutiny within n upkeeps" means the rum lost in n rolls is at most ``rum``.  Every answer is an
exact Fraction; each function estimates its work first and refuses at once (``InvalidInput``, naming
the limit) what it could not answer within about 2 s.

Rules: King of Pirates › Phase 1: Upkeep Phase

>>> expected_upkeeps_until_mutiny(0), expected_upkeeps_until_mutiny(1)
(Fraction(3, 2), Fraction(9, 4))
>>> float(expected_upkeeps_until_mutiny(100_000)) > 100_000
True
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pirates_lab.core import Dist, InvalidInput, MarkovChain
from pirates_lab.core.errors import shown

from .components import RUM_LOST, components

__all__ = ["upkeep_die", "rum_chain", "expected_upkeeps_until_mutiny", "p_no_mutiny_within",
           "no_mutiny_series", "first_mutiny_distribution", "mutiny_cause",
           "MAX_RUM", "MAX_UPKEEPS", "MAX_UPKEEP_WORK", "MAX_CHAIN_RUM"]

ZERO = Fraction(0)
#: The most rum the closed-form answers take (the exact answer has about 0.3 digits per rum).
MAX_RUM = 100_000
#: The most upkeep rolls a step-by-step answer follows (each roll multiplies the denominator by 3).
MAX_UPKEEPS = 2_000
#: Step-by-step answers cost about (upkeeps) x (rum amounts still possible) additions of exact numbers.
MAX_UPKEEP_WORK = 300_000
#: :func:`rum_chain` builds one state per rum amount.
MAX_CHAIN_RUM = 200


def _whole(value, name: str, low: int = 0, high: int | None = None, why: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{name} must be a whole number, got {shown(value)}.")
    if value < low:
        raise InvalidInput(f"{name} must be at least {low}, got {value}.")
    if high is not None and value > high:
        raise InvalidInput(f"{name} can be at most {high:,} here, got {value:,}{why}.")
    return value


def upkeep_die(faces: dict | None = None) -> Dist:
    """The upkeep die (data file: two faces each of scurvy / lose 1 rum / lose 2 rum)."""
    return Dist.from_weights({f: w for f, w in _faces(faces).items() if w})


def _faces(faces) -> dict[str, int]:
    raw = components().upkeep_die if faces is None else faces
    if not isinstance(raw, dict) or not raw:
        raise InvalidInput(f"faces must be a table face -> weight with faces among {', '.join(RUM_LOST)}.")
    out = {}
    for face, weight in raw.items():
        if face not in RUM_LOST:
            raise InvalidInput(f"There is no upkeep face {shown(face)}; the faces are {', '.join(RUM_LOST)}.")
        out[face] = _whole(weight, f"The weight of {shown(face)}", 0, 10**6)
    if sum(out.values()) < 1:
        raise InvalidInput("The upkeep die needs at least one face with a positive weight.")
    return out


def _losses(faces) -> tuple[int, dict[int, int]]:
    """(total weight W, loss -> weight) of the die."""
    weights = _faces(faces)
    by_loss: dict[int, int] = {}
    for face, w in weights.items():
        by_loss[RUM_LOST[face]] = by_loss.get(RUM_LOST[face], 0) + w
    return sum(weights.values()), by_loss


def rum_chain(rum: int, faces: dict | None = None) -> MarkovChain:
    """Rum after each upkeep roll away from a lair; absorbing ``("mutiny", face)`` states
    (one state per rum amount: at most :data:`MAX_CHAIN_RUM` rum).

    A mutiny happens when the rum to lose is more than the rum held.  Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    _whole(rum, "rum", 0, MAX_CHAIN_RUM, " (the chain has one state per rum amount)")
    die = upkeep_die(faces)

    def step(state):
        if isinstance(state, tuple):
            return Dist.certain(state)
        return die.map(lambda face: ("mutiny", face) if RUM_LOST[face] > state else state - RUM_LOST[face])

    return MarkovChain.from_step([rum], step)


def _recurrence(rum: int, faces, mutiny_term) -> Fraction:
    """x[r] = (mutiny_term(r) + sum_k a_k x[r-k]) / (W - a_0) over losses k >= 1 (x of a mutiny = 0),
    solved for r = rum: directly up to the largest loss m, then by powers of the (m+1)x(m+1)
    step matrix (a constant term from r = m on), so 100,000 rum costs about 34 matrix products."""
    total, by_loss = _losses(faces)
    keep = by_loss.get(0, 0)
    if total == keep:
        raise InvalidInput("With this upkeep die no mutiny can ever happen.")
    m = max(by_loss)
    scale = Fraction(1, total - keep)
    xs: list[Fraction] = []
    for r in range(min(rum, m - 1) + 1):
        xs.append(scale * (mutiny_term(r) + sum((w * xs[r - k] for k, w in by_loss.items() if 1 <= k <= r), ZERO)))
    if rum < m:
        return xs[rum]
    constant = scale * mutiny_term(m)  # the same for every r >= m
    # state (x[r], x[r-1], ..., x[r-m+1], 1); row 0 makes x[r+1]
    size = m + 1
    step = [[ZERO] * size for _ in range(size)]
    for k, w in by_loss.items():
        if k >= 1:
            step[0][k - 1] = scale * w
    step[0][m] = constant
    for i in range(1, m):
        step[i][i - 1] = Fraction(1)
    step[m][m] = Fraction(1)
    vector = [xs[m - 1 - i] for i in range(m)] + [Fraction(1)]
    power = rum - (m - 1)
    while power:
        if power & 1:
            vector = [sum((row[j] * vector[j] for j in range(size)), ZERO) for row in step]
        power >>= 1
        if power:
            step = [[sum((step[i][k] * step[k][j] for k in range(size)), ZERO) for j in range(size)]
                    for i in range(size)]
    return vector[0]


def expected_upkeeps_until_mutiny(rum: int, faces: dict | None = None) -> Fraction:
    """Expected upkeep rolls until a mutiny, counting the roll that causes it (no lair visits).

    Closed-form work (a linear recurrence in the rum, by matrix powers): up to :data:`MAX_RUM` rum.
    Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    _whole(rum, "rum", 0, MAX_RUM, " (the exact answer grows by about 0.3 digits per rum)")
    total, _ = _losses(faces)
    return _recurrence(rum, faces, lambda r: Fraction(total))


def mutiny_cause(rum: int, faces: dict | None = None) -> Dist:
    """Which face causes the first mutiny: ``"lose 1 rum"`` or ``"lose 2 rum"`` (up to :data:`MAX_RUM` rum)."""
    _whole(rum, "rum", 0, MAX_RUM, " (the exact answer grows by about 0.3 digits per rum)")
    weights = _faces(faces)
    out = {}
    for face, w in weights.items():
        if w and RUM_LOST[face] > 0:
            out[face] = _recurrence(rum, faces, lambda r, f=face, w=w: Fraction(w) if RUM_LOST[f] > r else ZERO)
    if not out:
        raise InvalidInput("With this upkeep die no mutiny can ever happen.")
    return Dist.from_probabilities({face: p for face, p in out.items() if p})


def _check_series(rum: int, upkeeps: int, faces) -> tuple[int, dict[int, int]]:
    _whole(rum, "rum", 0)
    _whole(upkeeps, "upkeeps", 0, MAX_UPKEEPS, " (each roll makes the exact answer longer)")
    total, by_loss = _losses(faces)
    most = max(by_loss)
    work = sum(min(rum, most * n) + 1 for n in range(1, upkeeps + 1))
    if work > MAX_UPKEEP_WORK:
        raise InvalidInput(f"{upkeeps:,} upkeeps with {rum:,} rum is too much exact work (about {work:,} steps, "
                           f"the limit is {MAX_UPKEEP_WORK:,}): ask for fewer upkeeps.")
    return total, by_loss


def no_mutiny_series(rum: int, upkeeps: int, faces: dict | None = None) -> list[Fraction]:
    """``[P(no mutiny within n upkeeps) for n = 0..upkeeps]`` in one pass (linear in ``upkeeps``).

    Counts weighted paths by the rum lost so far (whole numbers; Fractions only at the end).
    Rules: King of Pirates › Phase 1: Upkeep Phase
    """
    total, by_loss = _check_series(rum, upkeeps, faces)
    sailing, _ = _sailing(rum, upkeeps, tuple(sorted(by_loss.items())))
    return [Fraction(n, total ** rolls) for rolls, n in enumerate(sailing)]


#: the last rolls of a pass kept for a why tree (:func:`pirates_lab.king_of_pirates.why.mutiny_why`)
TAIL = 5


@lru_cache(maxsize=4)
def _sailing(rum: int, upkeeps: int, by_loss: tuple) -> tuple[tuple[int, ...], tuple[list[int], ...]]:
    """One pass: for n = 0..upkeeps the weight of the n-roll sequences that kept sailing, and for the last
    :data:`TAIL` values of n ``lost[i]``, the weight of those that lost i rum."""
    sums, tail = [], []
    for n, lost in enumerate(_rolls(rum, upkeeps, dict(by_loss))):
        sums.append(sum(lost))
        if n >= upkeeps - TAIL:
            tail.append(lost)
    return tuple(sums), tuple(tail)


def _rolls(rum: int, upkeeps: int, by_loss: dict[int, int]):
    """For n = 0..upkeeps: ``lost[i]``, the weight of the n-roll sequences that lost i rum and kept sailing."""
    lost = [1]
    yield lost
    for _ in range(upkeeps):
        nxt = [0] * min(rum + 1, len(lost) + max(by_loss))
        for i, weight in enumerate(lost):
            if weight:
                for k, w in by_loss.items():
                    if i + k <= rum:
                        nxt[i + k] += weight * w
        lost = nxt
        yield lost


def first_mutiny_distribution(rum: int, upkeeps: int, faces: dict | None = None) -> dict[int, Fraction]:
    """``n -> P(the first mutiny comes on upkeep roll n)`` for n = 1..upkeeps."""
    series = no_mutiny_series(rum, upkeeps, faces)
    return {n: series[n - 1] - series[n] for n in range(1, upkeeps + 1)}


def p_no_mutiny_within(rum: int, upkeeps: int, faces: dict | None = None, *, why: bool = False):
    """P(no mutiny in the next ``upkeeps`` upkeep rolls), starting with ``rum``; with ``why=True`` its
    :class:`~pirates_lab.core.why.Why` tree (:func:`pirates_lab.king_of_pirates.why.mutiny_why`)."""
    if why:
        from .why import mutiny_why
        return mutiny_why(rum, upkeeps, faces)
    return no_mutiny_series(rum, upkeeps, faces)[-1]
