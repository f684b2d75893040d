"""Captured Ships: take a prize, sail it or keep it beside you, abandon it; cargo and space.

Rules: Plunder › Captured Ships
"""
from __future__ import annotations

from pirates_lab.core import Task

from .actions import TakePrize
from .headings import RULE_CAPTURED, RULE_RESULTS
from .tasks import Loot

__all__ = ["abandon_captured", "do_prize", "drawn_loot", "prize_actions", "trim_cargo"]


def trim_cargo(state, p: int) -> list[tuple[str, int]]:
    """Goods beyond the space left go back to the Quartermaster: loot first (ASSUMPTION); said in the log.

    Returns ``[(good, tokens), ...]``, what went back (nothing when the goods fit).
    """
    cap = state.cap(p)
    gone = []
    for where in ("loot", "cargo"):
        for good in sorted(cap[where]):
            excess = state.carried(p) - state.capacity(p)
            if excess <= 0:
                break
            n = min(excess, cap[where][good])
            state._goods_back(p, where, good, n)
            gone.append((good, n))
    if gone:
        state.say(f"Captain {p + 1}'s hold takes {state.capacity(p)}: "
                 + ", ".join(f"{n} {good}" for good, n in gone) + " go back to the Quartermaster.")
    return gone


def abandon_captured(state, p: int) -> None:
    cap = state.cap(p)
    state._discard(cap["captured"])
    state.say(f"Captain {p + 1} abandons the Captured Ship {cap['captured']}.")
    cap["captured"] = None
    trim_cargo(state, p)


def prize_actions(state, task):
    p = task.player
    cap = state.cap(p)
    found = [TakePrize("captured"), TakePrize("sail")]
    if cap["ship"] != "Pinnace":  # "you may discard the latter, or put it in the Captured Ship space"
        found.append(TakePrize("swap"))
    return found + [TakePrize("leave")]


def do_prize(state, task, action: TakePrize) -> None:
    """The task's :class:`~pirates_lab.plunder.tasks.Prize`: the card, its loot limit, the goods taken with it."""
    p = task.player
    state.flow.pop(state)
    prize, limit, goods = task.data.ship, task.data.limit, task.data.goods
    cap = state.cap(p)
    if action.how == "leave":
        state._discard(prize)
        state.say(f"Captain {p + 1} leaves {prize}.")
    elif action.how == "captured":
        if cap["captured"]:
            state._discard(cap["captured"])
        cap["captured"] = prize
        state.say(f"Captain {p + 1} takes {prize} as a Captured Ship ({RULE_CAPTURED}).")
    else:
        old = cap["ship"]
        cap["ship"], cap["prize_ship"] = prize, True
        if old != "Pinnace" and action.how == "swap":
            if cap["captured"]:  # the space is taken: that Captured Ship is abandoned
                abandon_captured(state, p)
            cap["captured"] = old
        elif old != "Pinnace":
            state._discard(old)
        state.say(f"Captain {p + 1} sails {prize} as their own ship" +
                 (f"; {old} follows as a Captured Ship." if action.how == "swap" else "."))
    for good, n in goods:  # a captain's cargo, taken with their ship (back in the supply meanwhile)
        room = max(state.capacity(p) - state.carried(p), 0)
        state._goods_to(p, "loot", good, min(n, room))
    trim_cargo(state, p)
    if limit >= 0:
        state.flow.push(state, Task("loot", p, Loot(limit)))


def drawn_loot(state, task, name: str) -> None:
    """The top card's icon is the loot; at most the prize's cargo and the space left (the card is discarded)."""
    state.flow.pop(state)
    p = task.player
    limit = task.data.limit
    good, qty = state.card(name).loot
    state._from_deck(name)
    state._discard(name)
    room = state.capacity(p) - state.carried(p)
    n = max(0, min(qty, room, limit))
    n = state._goods_to(p, "loot", good, n)
    state.say(f"The loot card is {name}: {qty} {good}; captain {p + 1} takes {n} ({RULE_RESULTS}).")
