"""Stage 3: The repair stage — every player, in turn, may pay to repair one damage.

Rules: Pillage & Plunder › Stage 3: The repair stage
"""
from __future__ import annotations

from dataclasses import dataclass

from pirates_lab.core import Phase, saveable

from ..actions import Act, Repair
from ..headings import RULE_REPAIR_STAGE
from .the_three_stages_of_your_turn import task, why_refused

__all__ = ["Repairs", "start_repair", "REPAIR", "ROWS"]


@saveable
@dataclass(frozen=True)
class Repairs:
    """The players still to be offered a repair this turn, in order (the player on turn first)."""

    order: tuple


def start_repair(state) -> None:
    """The turn's stage on top gives way to the repair stage ("After you have played your discard, all players have
    the opportunity to repair"); a player who works goes straight to it.

    Rules: Pillage & Plunder › Stage 3: The repair stage
    """
    order = [state.current] + state._order_after(state.current)
    state.flow.replace(state, task(REPAIR, state.current,
                                   Repairs(tuple(i for i in order if not state.players[i]["eliminated"]))))


def repairing_seat(state, task_) -> int:
    """the next player who can pay for a repair"""
    return task_.data.order[0]


def can_repair(state, who: int) -> bool:
    return any(s["damage"] and state.players[who]["hoard"] >= state.hull(who, i).repair
               for i, s in enumerate(state.players[who]["ships"]))


def skip_who_cannot(state, task_):
    """Players with no damage, or without the repair cost, are not asked; when nobody is left the turn ends."""
    order = task_.data.order
    rest = order
    while rest and not can_repair(state, rest[0]):
        rest = rest[1:]
    if rest:
        if rest != order:
            state.flow.replace(state, task(REPAIR, task_.player, Repairs(rest)))
        return False
    state.flow.pop(state)
    return True


def repair_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Stage 3: The repair stage"""
    me = task_.data.order[0]
    p = state.players[me]
    acts = [Act.NO_REPAIR]
    for i, ship in enumerate(p["ships"]):
        if ship["damage"] and p["hoard"] >= state.hull(me, i).repair:
            acts.append(Repair(i))
    return acts


def repair(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Stage 3: The repair stage ("repair one of their ship's damage points by paying the
    repair cost indicated on their ship hull card")"""
    who, rest = task_.data.order[0], task_.data.order[1:]
    if isinstance(move, Repair):
        cost = state.hull(who, move.ship).repair
        state.players[who]["hoard"] -= cost
        state.players[who]["ships"][move.ship]["damage"] -= 1
        state.say(f"Player {who + 1} pays {cost} to repair one damage.")
    state.flow.replace(state, task(REPAIR, task_.player, Repairs(rest)))


REPAIR = Phase("repair", rule=RULE_REPAIR_STAGE, actor=repairing_seat, actions=repair_actions, apply=repair,
               auto=skip_who_cannot, why=why_refused, data=Repairs, doc="each player in turn may repair one damage")
ROWS = (REPAIR,)
