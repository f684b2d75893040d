"""Stage 3: The Cannon Battle — one volley, its odds exactly those of the calculators.

Rules: Pillage & Plunder › Stage 3: The Cannon Battle

The volley's Dist is :func:`pirates_lab.pillage_and_plunder.battles.cannon_volley` (usable cannons,
at most six dice, sorted pairs, Iron Hull Plating, the stop when a ship sinks); its outcomes are
:class:`~pirates_lab.pillage_and_plunder.battles.Volley` values.
"""
from __future__ import annotations

from pirates_lab.core import CHANCE, Dist, Phase

from ... import battles as B
from ...headings import RULE_CANNON_BATTLE
from .the_five_stages_of_a_sea_battle import Battle, Role, hit_side, open_stage, side_ship

__all__ = ["VOLLEY", "ROWS"]


def volley_odds(state, task_) -> Dist:
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle"""
    battle = task_.data
    return B.ship_volley(side_ship(state, battle, Role.ATTACKER), side_ship(state, battle, Role.DEFENDER))


def fire(state, task_, volley: B.Volley) -> None:
    """Hits on both ships; a ship destroyed ends the battle ("game play proceeds to stage 5"), else the mêlée.

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    from . import stage_5_plundering_the_enemy_ship as stage_5

    battle = task_.data
    state.say(f"Cannon battle: {volley}.")
    a_sunk = d_sunk = False
    if volley.attacker_damage:
        battle, a_sunk = hit_side(state, battle, Role.ATTACKER, volley.attacker_damage)
    if volley.defender_damage:
        battle, d_sunk = hit_side(state, battle, Role.DEFENDER, volley.defender_damage)
    if a_sunk and d_sunk:
        return stage_5.both_sunk(state, battle)
    if a_sunk or d_sunk:
        return stage_5.battle_won(state, battle, Role.DEFENDER if a_sunk else Role.ATTACKER, sunk=True)
    return open_stage(state, battle, 4)       # stage 4 opens like every stage, whatever crew is left


VOLLEY = Phase("volley", rule=RULE_CANNON_BATTLE, actor=CHANCE, odds=volley_odds, apply=fire, data=Battle,
               doc="one cannon volley")
ROWS = (VOLLEY,)
