"""Stage 4: The Mêlée — rounds of the highest die, until a ship has no crew left.

Rules: Pillage & Plunder › Stage 4: The Mêlée

Each round opens like a stage (terms, calling off); then ``melee_roll`` rolls each side's highest die
(at most six dice a side, +1 with a pistol crewman aboard; the weights are those of the exact odds,
:mod:`pirates_lab.pillage_and_plunder.battles`).  The loser of a round loses a crewman: a player picks
which (``melee_loss``), and a Doctor not yet used this battle may save him instead.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pirates_lab.core import CHANCE, Dist, Phase, saveable

from ... import battles as B
from ...actions import DoctorSaves, LoseCrewman
from ...headings import RULE_MELEE
from ..the_three_stages_of_your_turn import task, why_refused
from .the_five_stages_of_a_sea_battle import Battle, PlayerShip, Role, open_stage, side_ship

__all__ = ["highest", "MeleeLoss", "MELEE_ROLL", "MELEE_LOSS", "ROWS"]


def highest(n: int) -> Dist:
    """The highest of ``n`` dice, at most six. Rules: Pillage & Plunder › Stage 4: The Mêlée ("up to a maximum of six dice")"""
    return Dist(dict(enumerate(B._highest_weights(min(n, B.MAX_DICE)), start=1)))


@saveable
@dataclass(frozen=True)
class MeleeLoss:
    """The battle, and the side whose player must give up a crewman for the round he lost."""

    battle: Battle
    role: Role

    def table_cards(self) -> tuple:
        return self.battle.table_cards()


def melee_odds(state, task_) -> Dist:
    """Both sides' highest die (attacker, defender). Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    battle = task_.data
    a, d = side_ship(state, battle, Role.ATTACKER), side_ship(state, battle, Role.DEFENDER)
    return Dist.independent(highest(a.crew), highest(d.crew))


def nobody_to_fight(state, task_):
    """A side with no crew (none left to board, or none to repel the boarders) loses the mêlée at once."""
    battle = task_.data
    if side_ship(state, battle, Role.ATTACKER).crew and side_ship(state, battle, Role.DEFENDER).crew:
        return False
    return melee_over(state, battle)


def melee_round(state, task_, dice: tuple) -> None:
    """Rules: Pillage & Plunder › Stage 4: The Mêlée ("If either player has at least one pistol crewman … his
    die is increased by one"; "If both dice are equal, the attacker is the one that loses the round")"""
    battle = task_.data
    a, d = side_ship(state, battle, Role.ATTACKER), side_ship(state, battle, Role.DEFENDER)
    x, y = dice[0] + a.pistol, dice[1] + d.pistol
    loser = Role.DEFENDER if x > y else Role.ATTACKER
    state.say(f"Mêlée: attacker {x}, defender {y}" + (" (a tie goes to the defender)" if x == y else "")
              + f": the {loser} loses a crewman.")
    side = battle.side(loser)
    if isinstance(side, PlayerShip):        # he selects the crewman; a Doctor not yet used may save him
        state.flow.replace(state, task(MELEE_LOSS, side.player, MeleeLoss(battle, loser)))
        return None
    return round_over(state, battle.with_side(loser, replace(side, crew=side.crew - 1)))


def loss_actions(state, task_) -> list:
    """The crewmen he may give up; first, while his Doctor has not saved anyone this battle, the Doctor's
    save (the computer players' default, as the exact odds assume).

    Rules: Pillage & Plunder › Stage 4: The Mêlée ("He must select one crew member card"; "the doctor may save one
    crew member that would have otherwise been lost. The doctor may only do this once during a given sea battle.")
    """
    loss = task_.data
    side = loss.battle.side(loss.role)
    crew = state.players[side.player]["ships"][side.ship]["crew"]
    doctor = "Doctor" in crew and loss.role not in loss.battle.doctors_used
    return [DoctorSaves()] * doctor + [LoseCrewman(card) for card in sorted(set(crew))]


def no_choice(state, task_):
    """A crew all of one kind and no Doctor's save to offer: that crewman falls, no question asked."""
    choices = loss_actions(state, task_)
    if len(choices) > 1:
        return False
    return lose_a_crewman(state, task_, choices[0])


def lose_a_crewman(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    loss = task_.data
    battle = loss.battle
    if isinstance(move, DoctorSaves):
        battle = replace(battle, doctors_used=battle.doctors_used + (loss.role,))
        state.say(f"The {loss.role}'s doctor saves the crewman.")
    else:
        side = battle.side(loss.role)
        state._lose_crewman(side.player, side.ship, move.card)
    return round_over(state, battle)


def round_over(state, battle: Battle) -> None:
    """The next round, or the end of the mêlée ("This process is repeated until one of the ships loses its last
    crew member"). Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    if not side_ship(state, battle, Role.ATTACKER).crew or not side_ship(state, battle, Role.DEFENDER).crew:
        return melee_over(state, battle)
    return open_stage(state, battle, 4)


def melee_over(state, battle: Battle) -> None:
    from . import stage_5_plundering_the_enemy_ship as stage_5

    winner = Role.ATTACKER if side_ship(state, battle, Role.ATTACKER).crew else Role.DEFENDER
    state.say(f"The {winner.other} has no crew left: the {winner} wins.")
    return stage_5.battle_won(state, battle, winner, sunk=False)


MELEE_ROLL = Phase("melee_roll", rule=RULE_MELEE, actor=CHANCE, odds=melee_odds, apply=melee_round,
                   auto=nobody_to_fight, data=Battle, doc="one mêlée round")
MELEE_LOSS = Phase("melee_loss", rule=RULE_MELEE, actions=loss_actions, apply=lose_a_crewman, auto=no_choice,
                   why=why_refused, data=MeleeLoss,
                   doc="the loser of a round picks the crewman who falls (or his Doctor saves him)")
ROWS = (MELEE_ROLL, MELEE_LOSS)
