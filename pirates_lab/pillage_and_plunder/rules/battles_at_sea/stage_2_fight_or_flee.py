"""Stage 2: Fight or Flee — the defender may flee; the speeds decide who rolls what.

Rules: Pillage & Plunder › Stage 2: Fight or Flee
Rules: Pillage & Plunder › If the defending ship is faster
Rules: Pillage & Plunder › If the attacking ship is faster
Rules: Pillage & Plunder › If both ships are the same speed

Speeds come from :class:`pirates_lab.pillage_and_plunder.battles.Ship` (``effective_speed``: the
hull's speed, +1 for an Extra Sail, -1 per damage), as in the exact odds.
"""
from __future__ import annotations

from pirates_lab.core import CHANCE, Phase

from ...actions import Act
from ...headings import RULE_FIGHT_OR_FLEE
from ..game_setup import two_dice_odds
from ..the_three_stages_of_your_turn import task, why_refused
from .the_five_stages_of_a_sea_battle import Battle, MerchantShip, Role, open_stage, side_ship

__all__ = ["defender_seat", "BATTLE_FLEE", "FLEE_ROLL", "ROWS"]


def defender_seat(state, task_) -> int:
    """the defender"""
    return task_.data.defender.player


def flee_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Stage 2: Fight or Flee ("the defending ship may attempt to flee")"""
    return [Act.FLEE, Act.STAND_AND_FIGHT]


def merchant_flees(state, task_):
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("A merchant ship will always attempt to flee")"""
    if not isinstance(task_.data.defender, MerchantShip):
        return False
    state.flow.replace(state, task(FLEE_ROLL, None, task_.data))
    return True


def fight_or_flee(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
    if move is Act.FLEE:
        state.flow.replace(state, task(FLEE_ROLL, None, task_.data))
    else:
        open_stage(state, task_.data, 3)


def chase(state, task_, dice: tuple) -> None:
    """Rules: Pillage & Plunder › If the defending ship is faster
    Rules: Pillage & Plunder › If the attacking ship is faster
    Rules: Pillage & Plunder › If both ships are the same speed
    """
    from . import stage_5_plundering_the_enemy_ship as stage_5

    battle = task_.data
    a, d = side_ship(state, battle, Role.ATTACKER), side_ship(state, battle, Role.DEFENDER)
    sa, sd = a.effective_speed, d.effective_speed
    x, y = dice
    if sd > sa:
        escaped = x != y
        state.say(f"The defender is faster (speed {sd} v {sa}); the attacker rolls {x} and {y}"
                  + (": no doubles, the defender escapes." if escaped else ": doubles! The chase goes on."))
    elif sa > sd:
        escaped = x == y
        state.say(f"The attacker is faster (speed {sa} v {sd}); the defender rolls {x} and {y}"
                  + (": doubles! The defender escapes." if escaped else ": no doubles."))
    else:
        if x == y:
            state.say(f"Same speed ({sa}); both roll {x}: roll again.")     # "this step is repeated"
            return None
        escaped = y > x
        state.say(f"Same speed ({sa}); attacker rolls {x}, defender {y}: "
                  + ("the defender escapes." if escaped else "the attack goes on."))
    if escaped:
        return stage_5.battle_escaped(state, battle)
    return open_stage(state, battle, 3)


BATTLE_FLEE = Phase("battle_flee", rule=RULE_FIGHT_OR_FLEE, actor=defender_seat, actions=flee_actions,
                    apply=fight_or_flee, auto=merchant_flees, why=why_refused, data=Battle,
                    doc="the defender flees or fights (a merchant always flees)")
FLEE_ROLL = Phase("flee_roll", rule=RULE_FIGHT_OR_FLEE, actor=CHANCE, odds=two_dice_odds, apply=chase, data=Battle,
                  doc="the chase")
ROWS = (BATTLE_FLEE, FLEE_ROLL)
