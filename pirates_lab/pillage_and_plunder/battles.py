"""Sea battles, exactly: every stage of "Chapter IV: Battles at Sea" as a :class:`Dist`.

Stage by stage (each function is usable on its own):

1. :func:`spotting` — the crow's nest preliminary shot (deterministic);
2. :func:`flee_escape_probability` — fight or flee;
3. :func:`cannon_volley` — the cannon battle;
4. :func:`melee` — mêlée rounds until one side has no crew;
5. :func:`battle` — the whole battle, chaining the four.

Beyond the rulebook: :func:`call_off_policy`, the attacker's best moment to call off a mêlée.

>>> flee_escape_probability(attacker_speed=5, defender_speed=5)     # one die each, ties re-roll
Fraction(1, 2)
>>> melee(1, 1)[MeleeResult("attacker", 1, 0)]                      # ties go to the defender
Fraction(5, 12)

Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from pirates_lab.core import Dist, InvalidInput, saveable, sorted_pair_counts

from . import components as _components
from .actions import a


MAX_DICE = 6
PLATING_ABSORBS = 2
#: The largest crew a side may bring to the exact odds.  A mêlée's work grows with the cube of
#: the crews (states a × d, each round's weights one more factor 6 ** 12): 100 a side answers in
#: well under 2 s on one core; the game's biggest crew is a Man O' War's 8.
MAX_CREW = 100
KINDS = ("player", "merchant", "navy")

__all__ = [
    "Ship", "Volley", "MeleeResult", "BattleResult", "spotting", "flee_escape_probability",
    "cannon_volley", "ship_volley", "melee", "melee_round_win_probability", "battle", "call_off_policy",
    "usable_cannons", "sample_battle", "BattleStages", "battle_stages",
]


# ---------------------------------------------------------------------------- ships
@saveable
@dataclass(frozen=True)
class Ship:
    """One ship as it enters a battle: its numbers, add-ons, officers and damage so far."""

    strength: int
    speed: int
    cannons: int
    crew: int
    pistol: bool = False          # at least one pistol crewman aboard
    doctor: bool = False
    master_gunner: bool = False
    crows_nest: bool = False
    iron_plating: bool = False
    extra_sail: bool = False
    damage: int = 0
    name: str = "ship"

    def __post_init__(self):
        if not isinstance(self.name, str):
            raise InvalidInput(f"A ship's name is a text, not {self.name!r}.")
        for flag in ("pistol", "doctor", "master_gunner", "crows_nest", "iron_plating", "extra_sail"):
            if not isinstance(getattr(self, flag), bool):
                raise InvalidInput(f"{self.name}: {flag} is True or False, not {getattr(self, flag)!r}.")
        for field in ("strength", "speed", "cannons", "crew", "damage"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInput(f"{self.name}: {field} must be a whole number >= 0, got {value!r}.")
        if self.strength < 1:
            raise InvalidInput(f"{self.name}: strength must be at least 1.")
        if self.damage >= self.strength:
            raise InvalidInput(f"{self.name}: damage {self.damage} >= strength {self.strength}: it has already sunk.")

    @property
    def effective_speed(self) -> int:
        """Hull speed, +1 with an Extra Sail, -1 per damage. Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
        return self.speed + (1 if self.extra_sail else 0) - self.damage

    @property
    def dice(self) -> int:
        return usable_cannons(self.cannons, self.crew, self.master_gunner)

    @classmethod
    def player(cls, hull: str = "Sloop", *, cannons: int | None = None, crew: int | None = None,
               pistols: int = 0, officers: tuple[str, ...] = (), addons: tuple[str, ...] = (),
               damage: int = 0, name: str | None = None, data=None) -> "Ship":
        """A player's ship from a hull card (statistics from the data file)."""
        data = data or _components.load()
        hulls = {name.lower(): name for name in data.hulls}
        if not isinstance(hull, str) or hull.strip().lower() not in hulls:
            raise InvalidInput(f"No hull called {hull!r}; hulls: {', '.join(data.hulls)}.")
        hull = hulls[hull.strip().lower()]
        h = data.hulls[hull]
        cannons = h.cannons if cannons is None else cannons
        crew = h.crew if crew is None else crew
        for label, value in (("cannons", cannons), ("crew", crew), ("pistols", pistols), ("damage", damage)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInput(f"{a(hull, capital=True)}'s {label} must be a whole number >= 0, got {value!r}.")
        if cannons > h.cannons or crew > h.crew:
            raise InvalidInput(f"{a(hull, capital=True)} holds at most {h.cannons} cannons and {h.crew} crew.")
        if pistols > crew:
            raise InvalidInput(f"{pistols} pistol crewmen but only {crew} crew: pistol crewmen are part of the crew.")
        for label, names, known in (("officers", officers, OFFICERS), ("addons", addons, ADDONS)):
            if isinstance(names, str) or not all(isinstance(name, str) for name in names):
                raise InvalidInput(f"{label} is a list of names, e.g. {known[:2]}, not {names!r}.")
            unknown = [name for name in names if name not in known]
            if unknown:
                raise InvalidInput(f"Unknown {label} {unknown}; known: {', '.join(known)}.")
        return cls(strength=h.strength, speed=h.speed, cannons=cannons, crew=crew, pistol=pistols > 0,
                   doctor="Doctor" in officers, master_gunner="Master Gunner" in officers,
                   crows_nest="Crow's Nest" in addons, iron_plating="Iron Hull Plating" in addons,
                   extra_sail="Extra Sail" in addons, damage=damage, name=name or hull)

    @classmethod
    def merchant(cls, strength: int = 2, *, damage: int = 0, crew: int | None = None, data=None) -> "Ship":
        """A merchant ship (never any pistol crewmen). Rules: Pillage & Plunder › Attack Merchants Instead Of Players"""
        data = data or _components.load()
        if isinstance(strength, bool) or not isinstance(strength, int) or strength not in data.merchants:
            raise InvalidInput(f"Merchant ships have strength {sorted(data.merchants)}, not {strength}.")
        m = data.merchants[strength]
        return cls(strength=strength, speed=m["speed"], cannons=m["cannons"],
                   crew=m["crew"] if crew is None else crew, damage=damage, name=f"merchant (strength {strength})")

    @classmethod
    def navy(cls, *, damage: int = 0, data=None) -> "Ship":
        """A navy ship: all pistol crewmen. Rules: Pillage & Plunder › Navy Ship Attacking Player"""
        data = data or _components.load()
        n = data.navy
        return cls(strength=n["strength"], speed=n["speed"], cannons=n["cannons"], crew=n["crew"],
                   pistol=True, damage=damage, name="navy ship")


OFFICERS = ("Doctor", "Master Gunner", "Navigator", "Cartographer", "Quarter Master")
ADDONS = ("Crow's Nest", "Iron Hull Plating", "Extra Sail", "Extra Cargo Hold")


def _whole(label: str, value, low: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidInput(f"{label} must be a whole number >= {low}, got {value!r}.")


def _crews_within_limit(attacker_crew: int, defender_crew: int) -> None:
    """Refuse at once a mêlée too big to answer in about 2 s (see MAX_CREW)."""
    if max(attacker_crew, defender_crew) > MAX_CREW:
        raise InvalidInput(f"Crews of {attacker_crew} and {defender_crew} are too many: the exact odds answer "
                           f"up to {MAX_CREW} crewmen a side (the work grows with the cube of the crews; the "
                           f"game's biggest crew is 8).")


def usable_cannons(cannons: int, crew: int, master_gunner: bool = False) -> int:
    """Cannons that fire: one crewman each unless a Master Gunner is aboard; at most six dice.

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    return min(MAX_DICE, cannons if master_gunner else min(cannons, crew))


# ---------------------------------------------------------------------------- stage 1
def spotting(attacker: Ship, defender: Ship) -> tuple[Ship, Ship]:
    """The crow's nest preliminary shot: one damage to the enemy, if only one ship has a nest
    and that ship has at least one crewman and one cannon.

    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
    """
    if attacker.crows_nest and not defender.crows_nest and attacker.crew and attacker.cannons:
        defender = _hit(defender)
    elif defender.crows_nest and not attacker.crows_nest and defender.crew and defender.cannons:
        attacker = _hit(attacker)
    return attacker, defender


def _hit(ship: Ship) -> Ship:
    # a ship may sink from this very shot, so skip the "already sunk" check
    return _unchecked(ship, damage=ship.damage + 1)


def _unchecked(ship: Ship, **changes) -> Ship:
    """``replace`` without the "already sunk" check (a ship can sink mid-battle)."""
    new = object.__new__(Ship)
    for field in ship.__dataclass_fields__:
        object.__setattr__(new, field, changes.get(field, getattr(ship, field)))
    return new


# ---------------------------------------------------------------------------- stage 2
def flee_escape_probability(attacker_speed: int, defender_speed: int) -> Fraction:
    """Probability that a fleeing defender escapes.

    - defender faster: the attacker continues only on doubles (1/6): escape 5/6;
    - attacker faster: the defender escapes on doubles: 1/6;
    - same speed: one die each, higher wins, ties re-roll: 1/2.

    Rules: Pillage & Plunder › If the defending ship is faster
    Rules: Pillage & Plunder › If the attacking ship is faster
    Rules: Pillage & Plunder › If both ships are the same speed
    """
    _whole("attacker_speed", attacker_speed, -10 ** 9)
    _whole("defender_speed", defender_speed, -10 ** 9)
    doubles = Fraction(1, 6)
    if defender_speed > attacker_speed:
        return 1 - doubles
    if attacker_speed > defender_speed:
        return doubles
    higher = Fraction(15, 36)   # defender's die higher
    return higher / (1 - Fraction(6, 36))


# ---------------------------------------------------------------------------- stage 3
@saveable
class Volley(NamedTuple):
    """What one cannon battle did: damage taken (plating hits excluded) and who sank."""

    attacker_damage: int
    defender_damage: int
    attacker_destroyed: bool
    defender_destroyed: bool

    def __str__(self) -> str:
        sunk = [side for side, s in (("attacker", self.attacker_destroyed), ("defender", self.defender_destroyed)) if s]
        tail = f"; {' and '.join(sunk)} destroyed" if sunk else ""
        return f"attacker takes {self.attacker_damage}, defender takes {self.defender_damage}{tail}"


def cannon_volley(attacker_dice: int, defender_dice: int, *, attacker_strength: int, defender_strength: int,
                  attacker_damage: int = 0, defender_damage: int = 0,
                  attacker_plating: bool = False, defender_plating: bool = False) -> Dist:
    """Exact distribution of one cannon battle.

    Each side rolls its dice (at most six), sorts them highest first, and pairs compare in
    order: the lower die's ship takes one damage, equal dice damage both; a die with no
    opposing die hits the other ship (these come last).  Iron Hull Plating takes the first
    two hits on its ship.  A ship sinks when damage >= strength, and the volley stops at once
    (a tie can sink both).  Outcomes are :class:`Volley` values.

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    for label, value in (("attacker_dice", attacker_dice), ("defender_dice", defender_dice),
                         ("attacker_damage", attacker_damage), ("defender_damage", defender_damage)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"{label} must be a whole number >= 0, got {value!r}.")
    for label, strength, damage in (("attacker", attacker_strength, attacker_damage),
                                    ("defender", defender_strength, defender_damage)):
        if isinstance(strength, bool) or not isinstance(strength, int) or strength < 1:
            raise InvalidInput(f"{label}_strength must be a whole number >= 1, got {strength!r}.")
        if damage >= strength:
            raise InvalidInput(f"The {label} has damage {damage} >= strength {strength}: it has already sunk.")
    a, d = min(attacker_dice, MAX_DICE), min(defender_dice, MAX_DICE)
    return _volley_cached(a, d, attacker_strength - attacker_damage, defender_strength - defender_damage,
                          PLATING_ABSORBS if attacker_plating else 0, PLATING_ABSORBS if defender_plating else 0)


@lru_cache(maxsize=4096)
def _volley_cached(a: int, d: int, a_left: int, d_left: int, a_plate: int, d_plate: int) -> Dist:
    """Face by face from 6 down to 1, as :func:`pair_sequences`, but applying hits as soon as a
    pair is decided.  Pairs are decided in order (position ``i`` is known once both sides have
    placed ``i + 1`` dice), so the stopping rule can be applied on the fly and the state stays
    small: (dice placed, hits so far).  Each face is placed in two half-steps (attacker, then
    defender), so a state branches (ra + 1) + (rd + 1) ways, not (ra + 1) × (rd + 1).  A state
    in which a ship has sunk is finished at once: its remaining dice may show any lower face
    (``(face - 1) ** dice`` ways).  Integer weights throughout (total ``6 ** (a + d)``)."""
    # hits count plating hits too: a ship sinks once it has taken (left + plating) hits, and
    # hit counts are capped there (nothing after the sinking counts)
    ta, td = a_left + a_plate, d_left + d_plate
    if ta > d and td > a:
        # neither ship can sink (a ship takes at most one hit per enemy die): the stop rule never
        # acts, so only how many pairs each side won matters -- the core's sorted-pair kernel
        extra_a, extra_d = max(0, d - a), max(0, a - d)       # uncontested dice

        def hits(c):
            ha, hd = c.defender_higher + c.ties + extra_a, c.attacker_higher + c.ties + extra_d
            return Volley(max(0, ha - a_plate), max(0, hd - d_plate), False, False)
        return sorted_pair_counts(_D6, a, _D6, d).map(hits)
    combs = _COMBS
    done: dict[tuple[int, int], int] = {}
    states: dict[tuple, int] = {(0, 0, 0, 0): 1}        # (attacker dice placed, defender dice placed, hits, hits)
    for face in range(6, 0, -1):
        below = face - 1
        # the attacker's dice showing this face: where the defender's die is already placed
        # (higher), the attacker's ship is hit
        middle: dict[tuple, int] = {}
        for (na, nd, ha, hd), weight in states.items():
            ra = a - na
            row = combs[ra]
            for ka in (range(ra + 1) if below else (ra,)):
                na2 = na + ka
                hit = (na2 if na2 < nd else nd) - na
                w = weight * row[ka]
                if hit > 0:
                    ha2 = ha + hit
                    if ha2 >= ta:                      # the attacker sinks: the volley stops here
                        key = (ta, hd)
                        done[key] = done.get(key, 0) + w * face ** (d - nd) * below ** (a - na2)
                        continue
                    key = (na2, nd, na, ha2, hd)
                else:
                    key = (na2, nd, na, ha, hd)
                middle[key] = middle.get(key, 0) + w
        # the defender's dice showing this face: against a higher attacker die the defender is
        # hit; against an attacker die placed at this same face (a tie), both are
        states = {}
        for (na, nd, nb, ha, hd), weight in middle.items():
            rd = d - nd
            row = combs[rd]
            for kd in (range(rd + 1) if below else (rd,)):
                nd2 = nd + kd
                w = weight * row[kd]
                end = nd2 if nd2 < na else na
                ha2, hd2 = ha, hd
                if end > nd:
                    hit = (end if end < nb else nb) - nd
                    if hit > 0:
                        hd2 = hd + hit
                    ties = end - (nd if nd > nb else nb)
                    if hd2 < td and ties > 0:
                        both = min(ties, ta - ha2, td - hd2)
                        ha2, hd2 = ha2 + both, hd2 + both
                    if hd2 >= td or ha2 >= ta:         # a ship sinks: the volley stops here
                        key = (ha2, td if hd2 > td else hd2)
                        done[key] = done.get(key, 0) + w * below ** (a - na + d - nd2)
                        continue
                key = (na, nd2, ha2, hd2)
                states[key] = states.get(key, 0) + w
    for (_, _, ha, hd), weight in states.items():
        # uncontested dice come last, one hit each, until a ship sinks
        if a > d:
            hd = min(td, hd + a - d)
        else:
            ha = min(ta, ha + d - a)
        done[(ha, hd)] = done.get((ha, hd), 0) + weight
    weights: dict[Volley, int] = {}
    for (ha, hd), w in done.items():
        key = Volley(ha - a_plate if ha > a_plate else 0, hd - d_plate if hd > d_plate else 0, ha >= ta, hd >= td)
        weights[key] = weights.get(key, 0) + w
    return Dist(weights)


_D6 = Dist.die(6)
_COMBS = [[math.comb(r, k) for k in range(r + 1)] for r in range(MAX_DICE + 1)]


def ship_volley(attacker: Ship, defender: Ship) -> Dist:
    """:func:`cannon_volley` for two ships as they stand: usable cannons, strength, damage, plating.

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    return cannon_volley(attacker.dice, defender.dice, attacker_strength=attacker.strength,
                         defender_strength=defender.strength, attacker_damage=attacker.damage,
                         defender_damage=defender.damage, attacker_plating=attacker.iron_plating,
                         defender_plating=defender.iron_plating)


# ---------------------------------------------------------------------------- stage 4
@saveable
class MeleeResult(NamedTuple):
    """How a mêlée ended: the winner (``"attacker"``, ``"defender"`` or ``"called off"``) and crew left."""

    winner: str
    attacker_crew: int
    defender_crew: int

    def __str__(self) -> str:
        return f"{self.winner} ({self.attacker_crew} vs {self.defender_crew} crew left)"


def _highest_weights(n: int) -> list[int]:
    """Weights (out of 6**n) of the highest of n dice being 1..6 (index 0 = a roll of 1)."""
    return [k ** n - (k - 1) ** n for k in range(1, 7)]


def melee_round_win_probability(attacker_crew: int, defender_crew: int,
                                attacker_pistol: bool = False, defender_pistol: bool = False) -> Fraction:
    """Probability that the attacker wins one mêlée round (the defender loses a crewman).

    Each side rolls one die per crewman (at most six), only the highest counts, +1 with a
    pistol crewman aboard; the lower loses; **a tie goes to the defender**.

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    """
    _whole("attacker_crew", attacker_crew)
    _whole("defender_crew", defender_crew)
    na, nd = min(attacker_crew, MAX_DICE), min(defender_crew, MAX_DICE)
    if na < 1 or nd < 1:
        raise InvalidInput("Both sides need at least one crewman to fight a mêlée round.")
    return Fraction(_round_wins(na, nd, bool(attacker_pistol), bool(defender_pistol)), _ROUND)


def melee(attacker_crew: int, defender_crew: int, *, attacker_pistol: bool = False, defender_pistol: bool = False,
          attacker_doctor: bool = False, defender_doctor: bool = False,
          call_off: Callable[[int, int], bool] | None = None) -> Dist:
    """Exact distribution of a whole mêlée: rounds until one side has no crew.

    A Doctor saves the first crewman his side would lose (once per battle).  A side keeps its
    pistol bonus to the end (owners lose cutlass crewmen first).  ``call_off(a, d)``, if given,
    is the attacker's policy: True calls the battle off at the start of a round with ``a``
    attackers and ``d`` defenders left (winner ``"called off"``).  A side with no crew at the
    start has lost; an attacker with no crew cannot board, so the defender wins.

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    """
    for label, value in (("attacker_crew", attacker_crew), ("defender_crew", defender_crew)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"{label} must be a whole number >= 0, got {value!r}.")
    _crews_within_limit(attacker_crew, defender_crew)
    if call_off is not None and not callable(call_off):
        raise InvalidInput(f"call_off is a function (attackers left, defenders left) -> True to stop, not {call_off!r}.")
    return _melee_cached(attacker_crew, defender_crew, bool(attacker_pistol), bool(defender_pistol),
                         bool(attacker_doctor), bool(defender_doctor), call_off)


@lru_cache(maxsize=4096)
def _melee_cached(a0: int, d0: int, pa: bool, pd: bool, doc_a: bool, doc_d: bool, call_off) -> Dist:
    # Forward propagation with integer weights: every round lowers (crew + unused doctors) by
    # exactly one, so the states of round r all share the denominator ROUND ** r (ROUND = 6 ** 12,
    # every round's dice scaled to twelve); a result reached at round r is scaled up to the last.
    mass: dict[tuple[int, int, bool, bool], int] = {(a0, d0, doc_a, doc_d): 1}
    ended: list[tuple[MeleeResult, int, int]] = []          # (result, weight, round)
    rounds = 0
    while mass:
        new: dict[tuple[int, int, bool, bool], int] = {}
        for (a, d, da, dd), w in mass.items():
            if a == 0 or d == 0:
                ended.append((MeleeResult("defender" if a == 0 else "attacker", a, d), w, rounds))
                continue
            if call_off is not None and call_off(a, d):
                ended.append((MeleeResult("called off", a, d), w, rounds))
                continue
            win = _round_wins(a if a < MAX_DICE else MAX_DICE, d if d < MAX_DICE else MAX_DICE, pa, pd)
            after_win = (a, d, da, False) if dd else (a, d - 1, da, dd)
            after_loss = (a, d, False, dd) if da else (a - 1, d, da, dd)
            new[after_win] = new.get(after_win, 0) + w * win
            new[after_loss] = new.get(after_loss, 0) + w * (_ROUND - win)
        mass = new
        rounds += 1
    last = max(r for _, _, r in ended)
    weights: dict[MeleeResult, int] = {}
    for result, w, r in ended:
        weights[result] = weights.get(result, 0) + w * _ROUND ** (last - r)
    return Dist(weights)


_ROUND = 6 ** (2 * MAX_DICE)


@lru_cache(maxsize=None)
def _round_wins(na: int, nd: int, pa: bool, pd: bool) -> int:
    """The attacker's winning rolls of one mêlée round, out of ``6 ** 12`` (dice scaled to twelve)."""
    wa, wd = _highest_weights(na), _highest_weights(nd)
    bonus = int(pa) - int(pd)
    wins = sum(wa[i] * wd[j] for i in range(6) for j in range(6) if i + bonus > j)
    return wins * 6 ** (2 * MAX_DICE - na - nd)


# ---------------------------------------------------------------------------- the whole battle
@saveable
class BattleResult(NamedTuple):
    """How a battle ended.

    ``outcome`` is one of ``"escaped"``, ``"defender destroyed"``, ``"attacker destroyed"``,
    ``"both destroyed"``, ``"attacker wins mêlée"``, ``"defender wins mêlée"``, ``"called off"``.
    Damage is the hull damage each ship has at the end (plating hits not counted); crew is
    the crew left.
    """

    outcome: str
    attacker_damage: int
    defender_damage: int
    attacker_crew: int
    defender_crew: int

    @property
    def winner(self) -> str | None:
        """``"attacker"``, ``"defender"`` or None (escape, call-off, both sunk)."""
        return {"defender destroyed": "attacker", "attacker wins mêlée": "attacker",
                "attacker destroyed": "defender", "defender wins mêlée": "defender"}.get(self.outcome)

    def __str__(self) -> str:
        return (f"{self.outcome} (damage {self.attacker_damage}/{self.defender_damage}, "
                f"crew {self.attacker_crew}/{self.defender_crew})")


def _sunk(ship: Ship) -> bool:
    return ship.damage >= ship.strength


def _destroyed(attacker_sunk: bool, defender_sunk: bool) -> str:
    """The outcome's name when at least one ship sank."""
    if attacker_sunk and defender_sunk:
        return "both destroyed"
    return "attacker destroyed" if attacker_sunk else "defender destroyed"


def battle(attacker: Ship, defender: Ship, kind: str = "player", *, defender_flees: bool | None = None,
           call_off: Callable[[int, int], bool] | None = None) -> Dist:
    """The whole sea battle, stage by stage, as an exact Dist of :class:`BattleResult`.

    ``kind`` is ``"player"`` (player attacks player), ``"merchant"`` (a player attacks a
    merchant: it always tries to flee) or ``"navy"`` (a navy ship attacks a player: it never
    calls off).  ``defender_flees`` defaults to True (fleeing is the defender's choice in
    player battles).  ``call_off`` is the attacker's mêlée policy (ignored for a navy ship).

    Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    Rules: Pillage & Plunder › Player Attacking Merchant Ship
    Rules: Pillage & Plunder › Navy Ship Attacking Player
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidInput(f"kind must be one of {', '.join(KINDS)}, not {kind!r}.")
    for side, ship in (("attacker", attacker), ("defender", defender)):
        if not isinstance(ship, Ship):
            raise InvalidInput(f"The {side} must be a Ship (Ship.player, Ship.merchant or Ship.navy), not {ship!r}.")
    if defender_flees is not None and not isinstance(defender_flees, bool):
        raise InvalidInput(f"defender_flees is True, False or None, not {defender_flees!r}.")
    if call_off is not None and not callable(call_off):
        raise InvalidInput(f"call_off is a function (attackers left, defenders left) -> True to stop, not {call_off!r}.")
    _crews_within_limit(attacker.crew, defender.crew)
    if kind == "merchant":
        defender_flees = True               # a merchant always attempts to flee
    elif defender_flees is None:
        defender_flees = True
    if kind == "navy":
        call_off = None                     # a navy ship never calls off
    return _battle_cached(attacker, defender, defender_flees, call_off)


class BattleStages(NamedTuple):
    """The stages' own answers, which :func:`battle` chains (and its why tree explains): the ships after
    the spotting shot, the escape chance in sixths, the cannon battle's Dist and the mêlée's (None when
    the spotting shot sank a ship, or when no volley leaves both afloat)."""

    attacker: Ship
    defender: Ship
    escape_sixths: int
    volley: Dist | None
    melee: Dist | None


@lru_cache(maxsize=1024)
def battle_stages(attacker: Ship, defender: Ship, defender_flees: bool, call_off) -> BattleStages:
    """Stage by stage, as :func:`battle` computes them (its checks are :func:`battle`'s)."""
    a, d = spotting(attacker, defender)                 # Stage 1: spotting the enemy
    if _sunk(a) or _sunk(d):
        return BattleStages(a, d, 0, None, None)
    # Stage 2: fight or flee (the escape chance is a whole number of sixths)
    escape = flee_escape_probability(a.effective_speed, d.effective_speed) if defender_flees else Fraction(0)
    volley = ship_volley(a, d)                          # Stage 3: the cannon battle
    fights = None
    if any(not (v.attacker_destroyed or v.defender_destroyed) for v in volley):
        # Stage 4: the mêlée (the same for every volley both ships survive: crews do not change)
        fights = melee(a.crew, d.crew, attacker_pistol=a.pistol, defender_pistol=d.pistol,
                       attacker_doctor=a.doctor, defender_doctor=d.doctor, call_off=call_off)
    return BattleStages(a, d, int(escape * 6), volley, fights)


MELEE_ENDS = {"attacker": "attacker wins mêlée", "defender": "defender wins mêlée", "called off": "called off"}


@lru_cache(maxsize=1024)
def _battle_cached(attacker: Ship, defender: Ship, defender_flees: bool, call_off) -> Dist:
    # Integer weights throughout: the flee roll in sixths, the volley out of 6 ** dice, the
    # mêlée out of its own total; one Dist at the end.
    a, d, escape_sixths, volley, fights = battle_stages(attacker, defender, defender_flees, call_off)
    if volley is None:
        return Dist.certain(BattleResult(_destroyed(_sunk(a), _sunk(d)), a.damage, d.damage, a.crew, d.crew))
    fight_sixths = 6 - escape_sixths
    volley_total = volley.total_weight
    melee_total = fights.total_weight if fights is not None else 1
    weights: dict[BattleResult, int] = {}
    if escape_sixths:
        weights[BattleResult("escaped", a.damage, d.damage, a.crew, d.crew)] = escape_sixths * volley_total * melee_total
    if fight_sixths:
        for v, wv in volley.weights().items():
            a_damage, d_damage = a.damage + v.attacker_damage, d.damage + v.defender_damage
            if v.attacker_destroyed or v.defender_destroyed:
                result = BattleResult(_destroyed(v.attacker_destroyed, v.defender_destroyed), a_damage, d_damage,
                                      a.crew, d.crew)
                weights[result] = weights.get(result, 0) + fight_sixths * wv * melee_total
                continue
            for m, wm in fights.weights().items():
                result = BattleResult(MELEE_ENDS[m.winner], a_damage, d_damage, m.attacker_crew, m.defender_crew)
                weights[result] = weights.get(result, 0) + fight_sixths * wv * wm
    return Dist(weights)


# the attacker's best moment to call off a mêlée lives in its own module
from .call_off import CallOffPolicy, call_off_policy  # noqa: E402
# the references (every pair sequence; a die-by-die sampler) live in their own module
from .battle_reference import _resolve, pair_sequences, sample_battle, volley_from_sequences  # noqa: E402,F401
