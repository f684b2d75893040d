"""Beyond the rulebook: the attacker's best moment to call off a mêlée (backward induction, exact).

Rules: Pillage & Plunder › Player Attacking Player
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pirates_lab.core import InvalidInput

from .battles import melee_round_win_probability

__all__ = ["CallOffPolicy", "call_off_policy"]


@dataclass(frozen=True)
class CallOffPolicy:
    """The attacker's best mêlée play: for each (attackers left, defenders left), fight or stop.

    ``value[(a, d)]`` is the attacker's expected worth (prize if he wins, plus crew kept) when
    he plays best from there; ``fight[(a, d)]`` says whether fighting on beats calling off.
    """

    prize: Fraction
    crew_value: Fraction
    defeat_cost: Fraction
    value: dict
    fight: dict

    def calls_off(self, a: int, d: int) -> bool:
        return not self.fight.get((a, d), True)

    def why(self, attacker_crew: int, defender_crew: int, attacker_pistol: bool = False,
            defender_pistol: bool = False):
        """The advice played from ``attacker_crew`` against ``defender_crew``, decision by decision, as a
        :class:`~pirates_lab.core.why.Why` tree (:func:`pirates_lab.pillage_and_plunder.why.call_off_why`)."""
        from .why import call_off_why
        return call_off_why(self, attacker_crew, defender_crew, attacker_pistol, defender_pistol)

    def table(self) -> list[list[str]]:
        """Rows by attacker crew, columns by defender crew: "fight" or "call off"."""
        a_max = max(a for a, _ in self.fight)
        d_max = max(d for _, d in self.fight)
        return [["fight" if self.fight[(a, d)] else "call off" for d in range(1, d_max + 1)]
                for a in range(1, a_max + 1)]


def call_off_policy(attacker_crew: int, defender_crew: int, *, prize: int, crew_value: int,
                    defeat_cost: int = 0, attacker_pistol: bool = False, defender_pistol: bool = False) -> CallOffPolicy:
    """When should the attacker stop a mêlée?  Backward induction over (a, d).

    Winning is worth ``prize`` plus ``crew_value`` per surviving crewman; calling off keeps
    the crew (``crew_value`` each); losing every crewman costs ``defeat_cost`` (for a player
    battle: half your hoard).  Doctors are left out (they are a one-off saving).

    Rules: Pillage & Plunder › Player Attacking Player
    """
    from .battles import _crews_within_limit, _whole

    _whole("attacker_crew", attacker_crew)
    _whole("defender_crew", defender_crew)
    _crews_within_limit(attacker_crew, defender_crew)
    for label, amount in (("prize", prize), ("crew_value", crew_value), ("defeat_cost", defeat_cost)):
        if isinstance(amount, bool) or not isinstance(amount, (int, Fraction)):
            raise InvalidInput(f"{label} must be a whole number of pieces of eight (or a Fraction), not {amount!r}.")
        if abs(amount) > 10 ** 12:
            raise InvalidInput(f"{label} {amount} is beyond any hoard in the game (at most 10**12 accepted).")
    if attacker_crew < 1 or defender_crew < 1:
        raise InvalidInput("Both sides need at least one crewman for a mêlée to call off.")
    prize, crew_value, defeat_cost = Fraction(prize), Fraction(crew_value), Fraction(defeat_cost)
    value: dict[tuple[int, int], Fraction] = {}
    fight: dict[tuple[int, int], bool] = {}

    def v(a: int, d: int) -> Fraction:
        if d == 0:
            return prize + crew_value * a
        if a == 0:
            return -defeat_cost
        return value[(a, d)]

    for total in range(2, attacker_crew + defender_crew + 1):
        for a in range(1, attacker_crew + 1):
            d = total - a
            if not 1 <= d <= defender_crew:
                continue
            p = melee_round_win_probability(a, d, attacker_pistol, defender_pistol)
            go = p * v(a, d - 1) + (1 - p) * v(a - 1, d)
            stop = crew_value * a
            fight[(a, d)] = go >= stop
            value[(a, d)] = max(go, stop)
    return CallOffPolicy(prize, crew_value, defeat_cost, value, fight)
