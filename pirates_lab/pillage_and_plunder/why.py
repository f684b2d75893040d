"""Why each Pillage & Plunder number is what it is: the battle stage by stage, the mêlée round by round,
the flee roll, a hand's hypergeometric terms and the call-off advice, as :class:`~pirates_lab.core.why.Why`
trees built from the same computations that give the numbers.

>>> from pirates_lab.pillage_and_plunder.battles import Ship
>>> tree = battle_why(Ship.player("Sloop"), Ship.player("Sloop"), winner="attacker")
>>> tree.p == battle(Ship.player("Sloop"), Ship.player("Sloop")).probability(lambda r: r.winner == "attacker")
True
>>> [child.label for child in tree.children]
['the defender tries to flee and is caught (both ships speed 5)']

Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.core.report import percent, plural
from pirates_lab.core.why import Why

from .headings import (RULE_ATTACKER_FASTER, RULE_CANNON_BATTLE, RULE_DEFENDER_FASTER, RULE_FIGHT_OR_FLEE,
                       RULE_FIVE_STAGES, RULE_MELEE, RULE_PLAYER_ATTACKING_PLAYER, RULE_SAME_SPEED, RULE_SPOTTING)
from .battles import (BattleResult, MELEE_ENDS, Ship, _destroyed, _melee_cached, _sunk, battle, battle_stages,
                      cannon_volley, melee, melee_round_win_probability)

__all__ = ["battle_why", "melee_why", "flee_why", "volley_why", "call_off_why", "ENDINGS"]


#: the endings a battle tree can explain: (root label, which results count)
ENDINGS: dict[str, tuple[str, Callable[[BattleResult], bool]]] = {
    "attacker": ("The attacker wins the battle", lambda r: r.winner == "attacker"),
    "defender": ("The defender wins the battle", lambda r: r.winner == "defender"),
    "escaped": ("The defender escapes", lambda r: r.outcome == "escaped"),
    "defender sinks": ("The defender sinks", lambda r: r.outcome in ("defender destroyed", "both destroyed")),
    "attacker sinks": ("The attacker sinks", lambda r: r.outcome in ("attacker destroyed", "both destroyed")),
}


def _crew(n: int) -> str:
    return plural(n, "crewman", "crewmen")


def _flee_rule(attacker_speed: int, defender_speed: int) -> str:
    if defender_speed > attacker_speed:
        return RULE_DEFENDER_FASTER
    return RULE_ATTACKER_FASTER if attacker_speed > defender_speed else RULE_SAME_SPEED


def _speeds(a: Ship, d: Ship) -> str:
    sa, sd = a.effective_speed, d.effective_speed
    return f"both ships speed {sa}" if sa == sd else f"speed {sa} against the defender's {sd}"


def _volley_words(v) -> str:
    sunk = " and ".join(side for side, s in (("the attacker", v.attacker_destroyed),
                                              ("the defender", v.defender_destroyed)) if s)
    hurt = [f"the {side} takes {plural(n, 'damage', 'damage')}" for side, n, s in
            (("attacker", v.attacker_damage, v.attacker_destroyed), ("defender", v.defender_damage, v.defender_destroyed))
            if n and not s]
    return f"the cannons sink {sunk}" + (f"; {hurt[0]}" if hurt else "")


def battle_why(attacker: Ship, defender: Ship, kind: str = "player", *, defender_flees: bool | None = None,
               call_off: Callable[[int, int], bool] | None = None, winner: str = "attacker") -> Why:
    """Why the battle ends as ``winner`` says (a key of :data:`ENDINGS`: ``"attacker"``, ``"defender"``,
    ``"escaped"``, ``"defender sinks"``, ``"attacker sinks"``) with the probability :func:`battle` gives:
    the crow's nest shot, the flee roll, each cannon battle that decides it, the mêlée's endings.

    Built from :func:`~pirates_lab.pillage_and_plunder.battles.battle_stages`, the stages :func:`battle`
    chains; the arguments are :func:`battle`'s (it checks them).
    Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    """
    if winner not in ENDINGS:
        raise InvalidInput(f"winner is one of {', '.join(map(repr, ENDINGS))}, not {winner!r}.")
    title, counts = ENDINGS[winner]
    dist = battle(attacker, defender, kind, defender_flees=defender_flees, call_off=call_off)   # checks
    flees = True if kind == "merchant" or defender_flees is None else defender_flees
    a, d, escape_sixths, volley, fights = battle_stages(attacker, defender, flees, None if kind == "navy" else call_off)
    answer = dist.probability(counts)
    if volley is None:                                  # the crow's nest shot sank a ship
        sunk = " and ".join(side for side, ship in (("the attacker", a), ("the defender", d)) if _sunk(ship))
        return Why(title, answer, RULE_FIVE_STAGES,
                   (Why(f"Stage 1: the crow's nest shot sinks {sunk}", answer, RULE_SPOTTING),) if answer else ())
    shot = ""
    if a.damage != attacker.damage or d.damage != defender.damage:
        side = "defender" if d.damage != defender.damage else "attacker"
        shot = f"after the crow's nest shot hits the {side}, "
    total_volley = volley.total_weight
    melee_weights = fights.weights() if fights is not None else {}
    melee_total = fights.total_weight if fights is not None else 1

    def melee_result(v, m) -> BattleResult:
        return BattleResult(MELEE_ENDS[m.winner], a.damage + v.attacker_damage, d.damage + v.defender_damage,
                            m.attacker_crew, m.defender_crew)

    def expand(key):
        if key == "root":
            escape, fight = Fraction(escape_sixths, 6), Fraction(6 - escape_sixths, 6)
            rule = _flee_rule(a.effective_speed, d.effective_speed)
            parts = []
            if escape and counts(BattleResult("escaped", a.damage, d.damage, a.crew, d.crew)):
                parts.append((f"{shot}the defender tries to flee and escapes ({_speeds(a, d)})", escape, rule, None))
            if fight:
                words = (f"{shot}the defender tries to flee and is caught ({_speeds(a, d)})" if escape_sixths or flees
                         else f"{shot}the defender stands and fights")
                parts.append((words, fight * stage_3_total(), rule if flees else RULE_FIGHT_OR_FLEE, "cannons"))
            return parts
        fight = Fraction(6 - escape_sixths, 6)
        if key == "cannons":
            parts = []
            for v, w in volley.weights().items():
                if v.attacker_destroyed or v.defender_destroyed:
                    result = BattleResult(_destroyed(v.attacker_destroyed, v.defender_destroyed),
                                          a.damage + v.attacker_damage, d.damage + v.defender_damage, a.crew, d.crew)
                    if counts(result):
                        parts.append((_volley_words(v), fight * Fraction(w, total_volley), RULE_CANNON_BATTLE, None))
            if fights is not None:
                parts.append(("both ships survive the cannons: the crews fight a mêlée", fight * melee_part(None),
                              RULE_CANNON_BATTLE, "melee"))
            return parts
        parts = []                                      # key == "melee": the endings
        for m, wm in melee_weights.items():
            q = fight * melee_part(m)
            if m.winner == "called off":
                words = f"the attacker calls the battle off with {_crew(m.attacker_crew)} against {m.defender_crew}"
            else:
                words = f"the {m.winner} wins the mêlée with {_crew(getattr(m, m.winner + '_crew'))} left"
            parts.append((words, q, RULE_MELEE, None))
        return parts

    def melee_part(only) -> Fraction:
        """P(a volley both survive, then a mêlée ending that counts) over the volley and mêlée weights."""
        weight = 0
        for v, wv in volley.weights().items():
            if v.attacker_destroyed or v.defender_destroyed:
                continue
            for m, wm in melee_weights.items():
                if (only is None or m == only) and counts(melee_result(v, m)):
                    weight += wv * wm
        return Fraction(weight, total_volley * melee_total)

    def stage_3_total() -> Fraction:
        sinks = sum(w for v, w in volley.weights().items() if (v.attacker_destroyed or v.defender_destroyed)
                    and counts(BattleResult(_destroyed(v.attacker_destroyed, v.defender_destroyed),
                                            a.damage + v.attacker_damage, d.damage + v.defender_damage,
                                            a.crew, d.crew)))
        return Fraction(sinks, total_volley) + (melee_part(None) if fights is not None else 0)

    return Why.grow(title, answer, expand, "root", rule=RULE_FIVE_STAGES, depth=3, width=8)


def melee_why(attacker_crew: int, defender_crew: int, *, attacker_pistol: bool = False, defender_pistol: bool = False,
              attacker_doctor: bool = False, defender_doctor: bool = False, winner: str = "attacker") -> Why:
    """Why a mêlée ends with ``winner`` (``"attacker"`` or ``"defender"``) as often as :func:`melee` says: round
    by round (each round's chance, then the chance to win from the crews left), to the last crewman.

    Rules: Pillage & Plunder › Stage 4: The Mêlée
    """
    if winner not in ("attacker", "defender"):
        raise InvalidInput(f"winner is 'attacker' or 'defender', not {winner!r}.")
    pa, pd, da, dd = bool(attacker_pistol), bool(defender_pistol), bool(attacker_doctor), bool(defender_doctor)
    dist = melee(attacker_crew, defender_crew, attacker_pistol=pa, defender_pistol=pd, attacker_doctor=da,
                 defender_doctor=dd)                                          # checks the crews

    def wins_from(a: int, d: int, doc_a: bool, doc_d: bool) -> Fraction:
        """P(winner) from a round with these crews (the same cached mêlée, started there)."""
        return _melee_cached(a, d, pa, pd, doc_a, doc_d, None).probability(lambda m: m.winner == winner)

    def expand(key):
        a, d, doc_a, doc_d, reach, number = key
        if a == 0 or d == 0:
            return []
        p = melee_round_win_probability(a, d, pa, pd)
        after_win = (a, d, doc_a, False) if doc_d else (a, d - 1, doc_a, doc_d)
        after_loss = (a, d, False, doc_d) if doc_a else (a - 1, d, doc_a, doc_d)
        parts = []
        for chance, after, side, saved in ((p, after_win, "defender", doc_d), (1 - p, after_loss, "attacker", doc_a)):
            q = reach * chance
            words = (f"round {number}: the {side} loses a crewman ({percent(chance)})" +
                     (", saved by the Doctor" if saved else "") +
                     (f": {after[0]} against {after[1]}" if after[0] and after[1] else
                      f": the {side} has no crew left"))
            leaf = after[0] == 0 or after[1] == 0
            parts.append((words, q * wins_from(*after), RULE_MELEE, None if leaf else (*after, q, number + 1)))
        return parts

    title = (f"The {winner} wins a mêlée of {_crew(attacker_crew)} attacking {_crew(defender_crew)}"
             " (ties: the attacker loses)")
    answer = dist.probability(lambda m: m.winner == winner)
    return Why.grow(title, answer, expand, (attacker_crew, defender_crew, da, dd, Fraction(1), 1),
                    rule=RULE_MELEE, depth=5, width=4)


def flee_why(attacker_speed: int, defender_speed: int) -> Why:
    """Why a fleeing defender escapes as often as :func:`flee_escape_probability` says: the dice that let it go.

    Rules: Pillage & Plunder › Stage 2: Fight or Flee
    """
    from .battles import flee_escape_probability

    answer = flee_escape_probability(attacker_speed, defender_speed)
    rule = _flee_rule(attacker_speed, defender_speed)
    title = f"The defender escapes (speed {defender_speed} against the attacker's {attacker_speed})"
    roll = Dist.independent(Dist.die(6), Dist.die(6))
    if defender_speed == attacker_speed:     # one die each, ties re-rolled: the rolls that end it, highest first
        ending = 1 - roll.probability(lambda r: r[0] == r[1])
        parts = [(f"the defender rolls {face} and the attacker lower", roll.probability(
            lambda r, f=face: r[1] == f and r[0] < f) / ending) for face in range(6, 1, -1)]
    elif defender_speed > attacker_speed:    # the attacker needs doubles to continue
        parts = [(f"the attacker's first die shows {face} and the second another number",
                  roll.probability(lambda r, f=face: r[0] == f and r[1] != f)) for face in range(1, 7)]
    else:                                    # the defender needs doubles to escape
        parts = [(f"the defender rolls double {face}", roll[(face, face)]) for face in range(1, 7)]
    return Why(title, answer, rule, tuple(Why(words, p, rule) for words, p in parts))


#: the volley endings a stage 3 tree can explain
VOLLEY_ENDINGS = {
    "defender sinks": ("The cannon battle sinks the defender", lambda v: v.defender_destroyed),
    "attacker sinks": ("The cannon battle sinks the attacker", lambda v: v.attacker_destroyed),
    "both afloat": ("Both ships survive the cannon battle", lambda v: not (v.attacker_destroyed or v.defender_destroyed)),
}


def volley_why(attacker_dice: int, defender_dice: int, *, ending: str = "defender sinks", **ships) -> Why:
    """Why one cannon battle ends as ``ending`` says (a key of :data:`VOLLEY_ENDINGS`) as often as
    :func:`~pirates_lab.pillage_and_plunder.battles.cannon_volley` gives: each of its outcomes that counts
    (``ships``: cannon_volley's strengths, damage and plating).  Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    if ending not in VOLLEY_ENDINGS:
        raise InvalidInput(f"ending is one of {', '.join(map(repr, VOLLEY_ENDINGS))}, not {ending!r}.")
    title, counts = VOLLEY_ENDINGS[ending]
    dist = cannon_volley(attacker_dice, defender_dice, **ships)
    parts = [(_volley_words(v) if v.attacker_destroyed or v.defender_destroyed else
              f"both afloat: the attacker takes {v.attacker_damage} damage, the defender {v.defender_damage}", p)
             for v, p in dist.items() if counts(v)]
    return Why.grow(f"{title} ({plural(attacker_dice, 'die', 'dice')} against {defender_dice})",
                    dist.probability(counts), lambda _: [(w, p, RULE_CANNON_BATTLE, None) for w, p in parts], "volley",
                    rule=RULE_CANNON_BATTLE, depth=1, width=10)


def call_off_why(policy, attacker_crew: int, defender_crew: int, attacker_pistol: bool = False,
                 defender_pistol: bool = False) -> Why:
    """The call-off advice (a :class:`~pirates_lab.pillage_and_plunder.call_off.CallOffPolicy`) played from
    ``attacker_crew`` against ``defender_crew``, decision by decision: each branch is a mêlée position
    reached (its chance), what the advice does there and what each choice is worth (pieces of eight, the
    policy's own values), down to the endings.  The root is certain: the mêlée ends one of these ways.

    Rules: Pillage & Plunder › Player Attacking Player
    """
    def worth(x: Fraction) -> str:
        return f"{float(x):,.0f}"

    def position(a: int, d: int) -> str:
        if d == 0:
            return "the defender has no crew left: the attacker wins the mêlée"
        if a == 0:
            return "the attacker has no crew left: the defender wins the mêlée"
        keep = policy.crew_value * a
        if policy.calls_off(a, d):
            return f"{a} against {d}: call off (keeps {worth(keep)}; fighting on is worth less)"
        return f"{a} against {d}: fight on (worth {worth(policy.value[(a, d)])}; calling off keeps {worth(keep)})"

    def expand(key):
        a, d, reach = key
        p = melee_round_win_probability(a, d, attacker_pistol, defender_pistol)
        parts = []
        for chance, (na, nd), who in ((p, (a, d - 1), "win"), (1 - p, (a - 1, d), "lose")):
            q = reach * chance
            more = na and nd and not policy.calls_off(na, nd)
            parts.append((f"the attacker {who}s the round ({percent(chance)} at {a} against {d}); {position(na, nd)}",
                          q, RULE_PLAYER_ATTACKING_PLAYER, (na, nd, q) if more else None))
        return parts

    _ = policy.value[(attacker_crew, defender_crew)]          # a position the advice covers (KeyError if not)
    more = not policy.calls_off(attacker_crew, defender_crew)
    return Why.grow(f"The mêlée played by the call-off advice from {position(attacker_crew, defender_crew)}",
                    Fraction(1), expand, (attacker_crew, defender_crew, Fraction(1)) if more else None,
                    rule=RULE_PLAYER_ATTACKING_PLAYER, depth=4, width=4)
