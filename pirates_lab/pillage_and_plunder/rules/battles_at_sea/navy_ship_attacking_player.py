"""Navy Ship Attacking Player: the navy takes no booty; the player may then return one prize of its nation.

Rules: Pillage & Plunder › Navy Ship Attacking Player

The navy's numbers (eight pistol crewmen, six cannons: ASSUMPTION, data file) are those of
:class:`~.the_five_stages_of_a_sea_battle.NavyShip`; it "will never call off a battle or offer you
terms" (:func:`~.the_five_stages_of_a_sea_battle.stage_begins`) and rolls at most six mêlée dice
(:func:`~.stage_4_the_melee.highest`).
"""
from __future__ import annotations

from dataclasses import dataclass

from pirates_lab.core import Phase, saveable

from ...actions import Act, ReturnPrize
from ...headings import RULE_NAVY_SHIP_ATTACKING_PLAYER
from ..the_three_stages_of_your_turn import task, why_refused
from .the_five_stages_of_a_sea_battle import Battle

__all__ = ["Prizes", "navy_battle_over", "RETURN_PRIZE", "ROWS"]


@saveable
@dataclass(frozen=True)
class Prizes:
    """The nation of the navy ship the task's player has just fought."""

    nation: str


def navy_battle_over(state, battle: Battle) -> None:
    """"When a navy ship defeats you in battle, it does not take any booty from your ship. It is simply placed on the
    discard pile."  Whatever the result, the player may then return a prize of its nation.

    Rules: Pillage & Plunder › Navy Ship Attacking Player
    """
    state._to_discard(battle.attacker.card)
    player = battle.defender.player
    prizes = Prizes(state.data.navy_nation(battle.attacker.card))
    if not state.players[player]["eliminated"] and prize_actions(state, task(RETURN_PRIZE, player, prizes))[:-1]:
        state.flow.push(state, task(RETURN_PRIZE, player, prizes))


def prize_actions(state, task_) -> list:
    """Which prize of the navy's nation to put on the discard pile (the first in his prize ships area is the
    computer players' default), or keep them all.

    Rules: Pillage & Plunder › Navy Ship Attacking Player ("you may place one Merchant Ship card of the navy ship's
    nationality from your prize ships area on the discard pile")
    """
    prizes = state.players[task_.player]["prizes"]
    same = dict.fromkeys(m for m in prizes if state.data.merchant(m).nation == task_.data.nation)
    return [ReturnPrize(m) for m in same] + [Act.KEEP_PRIZES]


def return_prize(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Navy Ship Attacking Player"""
    player = task_.player
    state.flow.pop(state)
    if isinstance(move, ReturnPrize):
        state.players[player]["prizes"].remove(move.card)
        state._to_discard(move.card)
        state.say(f"Player {player + 1} returns the {move.card}: the {task_.data.nation} no longer hunt him.")


RETURN_PRIZE = Phase("return_prize", rule=RULE_NAVY_SHIP_ATTACKING_PLAYER, actions=prize_actions, apply=return_prize,
                     why=why_refused, data=Prizes,
                     doc="after a navy battle, the player may return one prize of the navy's nation")
ROWS = (RETURN_PRIZE,)
