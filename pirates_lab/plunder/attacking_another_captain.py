"""Attacking Another Captain: both place a card face down at each step, revealed together; ties to the attacker;
a fleeing defender may abandon their Captured Ship; the winner of the Boarding captures the loser's ship.

Rules: Plunder › Attacking Another Captain

"If you and another Captain are in the same space (not in a Port), you may attack them."  The defender
chooses first to fight or to flee (abandoning the Captured Ship, which the attacker may take instead of
fighting).  The cards placed this step travel in the :class:`~pirates_lab.plunder.tasks.Battle` of the
``secret`` task until both are in; nobody else sees which card lies face down.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task

from .actions import Fight, Flee, Secret, TakeAbandoned
from .headings import RULE_CAPTAIN, RULE_ENEMIES
from .tasks import Battle, Prize, replace
from . import captured_ships
from . import lose_your_ship

__all__ = ["abandoned_actions", "attack_captain", "auto_reveal", "capture_captain", "do_abandoned", "do_flee_choice",
           "do_secret", "flee_choice_actions", "goods_held", "secret_actions", "secret_round", "why_secret"]

#: the value each step between captains compares
STEP_STATS = {"engagement": "speed", "broadside": "cannon", "boarding": "crew"}


def attack_captain(state, p: int, q: int) -> None:
    fight = Battle("captain", p, target=q, step="engagement")
    state.say(f"Captain {p + 1} attacks captain {q + 1} ({RULE_CAPTAIN}; no nation becomes an enemy: "
             f"{RULE_ENEMIES}).")
    state.flow.push(state, Task("flee_choice", q, fight))


def flee_choice_actions(state, task):
    found = [Fight(), Flee("")]
    if state.cap(task.player)["captured"]:
        found.append(Flee("", True))
    return found


def do_flee_choice(state, task, action) -> None:
    q, fight = task.player, task.data
    state.flow.pop(state)
    if isinstance(action, Fight):
        state.say(f"Captain {q + 1} stands to fight.")
        secret_round(state, fight, "broadside")
        return
    if action.abandon:
        cap = state.cap(q)
        prize = cap["captured"]
        cap["captured"] = None
        before = goods_held(state, q)
        captured_ships.trim_cargo(state, q)  # what the Pinnace space cannot hold stays on the abandoned ship
        after = goods_held(state, q)
        left = tuple((g, before[g] - after.get(g, 0)) for g in sorted(before) if before[g] > after.get(g, 0))
        state.say(f"Captain {q + 1} abandons the Captured Ship {prize} to flee.")
        state.flow.push(state, Task("abandoned", fight.hero, replace(fight, abandoned=prize, left=left)))
        return
    state.say(f"Captain {q + 1} tries to flee.")
    secret_round(state, fight, "engagement")


def goods_held(state, p: int) -> dict:
    """Every token aboard: Traded Cargo and Loot together."""
    held = dict(state.cap(p)["cargo"])
    for good, n in state.cap(p)["loot"].items():
        held[good] = held.get(good, 0) + n
    return held


def abandoned_actions(state, task):
    return [TakeAbandoned(True), TakeAbandoned(False)]


def do_abandoned(state, task, action) -> None:
    p, fight = task.player, task.data
    state.flow.pop(state)
    if action.take:
        state.say(f"Captain {p + 1} forgoes the combat and takes {fight.abandoned} from captain {fight.target + 1}.")
        state.flow.push(state, Task("prize", p, Prize(fight.abandoned, -1, fight.left)))
        return
    state._discard(fight.abandoned)
    secret_round(state, replace(fight, abandoned=None, left=()), "engagement")


# ---------------------------------------------------------------- cards face down, revealed together
def secret_round(state, fight: Battle, step: str) -> None:
    state.flow.push(state, Task("secret", None, replace(fight, step=step, placed=(), cards=())))


def secret_actions(state, task):
    seat = task.data.to_place()
    return [Secret("")] + [Secret(n) for n in sorted(set(state.hand(seat)))]


def do_secret(state, task, action) -> None:
    fight = task.data
    seat = fight.to_place()
    if action.card:
        state._take_from_hand(seat, action.card)
    fight = fight.placing(seat, action.card)
    both = fight.card_of(fight.hero) is not None and fight.card_of(fight.target) is not None
    state.flow.replace(state, Task("reveal" if both else "secret", None, fight))
    state.say(f"Captain {seat + 1} places {'a card' if action.card else 'no card'} face down.")


def why_secret(state, task, action) -> IllegalMove:
    return IllegalMove(RULE_CAPTAIN, "Place one card of your hand face down, or none.")


def auto_reveal(state, task) -> None:
    state.flow.pop(state)
    fight = task.data
    p, q, step = fight.hero, fight.target, fight.step
    added = {}
    for seat in (p, q):
        name = fight.card_of(seat)
        added[seat] = state.card(name).number if name else 0
        if name:
            state._discard(name)
    fight = replace(fight, placed=(), cards=())
    stat = STEP_STATS[step]
    value = {s: (state.speed(s) if stat == "speed" else state.ship_stat(s, stat)) + added[s] for s in (p, q)}
    state.say(f"Cards revealed ({step}): captain {p + 1} {value[p]} against captain {q + 1} {value[q]}; ties to "
             "the attacker.")
    if step == "engagement":
        if value[q] > value[p]:
            state.say(f"Captain {q + 1} escapes.")
        else:
            secret_round(state, fight, "broadside")
    elif step == "broadside":
        if value[p] >= value[q]:
            state.flow.push(state, Task("sink_or_board", p, fight))
        else:
            state.say(f"Captain {q + 1}'s cannons sink captain {p + 1}'s ship.")
            lose_your_ship.lose_ship(state, p)
    else:
        winner, loser = (p, q) if value[p] >= value[q] else (q, p)
        capture_captain(state, winner, loser)


def capture_captain(state, winner: int, loser: int) -> None:
    """The winner captures the loser's ship (not a Pinnace) and all its cargo."""
    cap = state.cap(loser)
    ship = cap["ship"] if cap["ship"] != "Pinnace" else None
    goods = tuple((g, n) for where in ("cargo", "loot") for g, n in sorted(cap[where].items()))
    merged: dict = {}
    for g, n in goods:
        merged[g] = merged.get(g, 0) + n
    cap["ship"] = "Pinnace"  # the ship is the winner's now: not discarded with the rest
    state.say(f"Captain {winner + 1} wins the Boarding and takes captain {loser + 1}'s "
             + (f"{ship} and " if ship else "") + "cargo.")
    lose_your_ship.lose_ship(state, loser)  # the goods go back to the supply, then to the winner as loot
    if ship:
        state.flow.push(state, Task("prize", winner, Prize(ship, -1, tuple(sorted(merged.items())))))
    else:
        for g, n in sorted(merged.items()):
            state._goods_to(winner, "loot", g, min(n, max(state.capacity(winner) - state.carried(winner), 0)))
