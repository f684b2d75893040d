"""Stage 1: Spotting the Enemy — the crow's nest's preliminary shot.

Rules: Pillage & Plunder › Stage 1: Spotting the Enemy

The stage is played only when exactly one ship has a crow's nest that can fire (a crewman and a
cannon aboard: :func:`pirates_lab.pillage_and_plunder.battles.spotting`, shared with the exact odds);
like every stage it opens with the window for terms and calling off.
"""
from __future__ import annotations

from pirates_lab.core import AUTO, Phase

from ... import battles as B
from ...headings import RULE_SPOTTING
from .the_five_stages_of_a_sea_battle import Battle, Role, hit_side, open_stage, side_ship

__all__ = ["SPOTTING", "ROWS"]


def crows_nest_shot(state, task_) -> None:
    """The enemy ship "automatically receives one unit of damage", then stage 2 begins.

    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
    """
    from . import stage_5_plundering_the_enemy_ship as stage_5

    battle = task_.data
    a, d = side_ship(state, battle, Role.ATTACKER), side_ship(state, battle, Role.DEFENDER)
    a2, d2 = B.spotting(a, d)
    for role, before, after in ((Role.ATTACKER, a, a2), (Role.DEFENDER, d, d2)):
        if after.damage > before.damage:
            state.say(f"The {role.other}'s crow's nest spots the enemy first: the {role} takes one damage.")
            battle, sunk = hit_side(state, battle, role, 1)
            if sunk:
                return stage_5.battle_won(state, battle, role.other, sunk=True)
    return open_stage(state, battle, 2)


SPOTTING = Phase("spotting", rule=RULE_SPOTTING, actor=AUTO, auto=crows_nest_shot, data=Battle,
                 doc="the crow's nest fires a preliminary shot")
ROWS = (SPOTTING,)
