"""If You Lose Your Ship: cargo back (or to the captor), ships and First Mate discarded, hand
discarded, back to Tortuga, and a turn in progress ends at once.

Rules: Plunder › If You Lose Your Ship
"""
from __future__ import annotations

from .headings import RULE_LOSE_SHIP

__all__ = ["lose_ship"]


def lose_ship(state, p: int) -> None:
    """The captain's ship is gone (sunk, mutiny, or taken: a captor has already moved what it took)."""
    cap = state.cap(p)
    for where in ("cargo", "loot"):
        for good, n in list(cap[where].items()):
            state._goods_back(p, where, good, n)
    if cap["ship"] != "Pinnace":
        state._discard(cap["ship"])
    if cap["captured"]:
        state._discard(cap["captured"])
    if cap["mate"]:
        state._discard(cap["mate"])
    for name in state.hand(p):
        state._discard(name)
    cap.update(ship="Pinnace", prize_ship=False, captured=None, mate=None, hand=[], shown=[], at=(0, 0),
               lost=True, unpaid=[])
    state.say(f"Captain {p + 1} loses the ship and starts over from Tortuga with a Pinnace ({RULE_LOSE_SHIP}).")
    if p == state.current:  # "If it is your turn, it ends immediately" (every task a card is held by is done)
        state.flow.cut(state, "end")
