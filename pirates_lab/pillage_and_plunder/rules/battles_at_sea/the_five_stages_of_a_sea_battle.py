"""The Five Stages Of A Sea Battle: the battle as one typed value, and the start of each stage.

Rules: Pillage & Plunder › Sea Battle Basics
Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
Rules: Pillage & Plunder › Player Attacking Player ("at the beginning of any stage of the battle")

A battle in progress is a :class:`Battle` (who fights whom, the stage about to begin, the terms on
offer, the Doctors already used) carried by the task on top of the agenda; each stage is a row of the
phase table in the module named after its heading (``stage_1_spotting_the_enemy`` … ``stage_5_…``).
A merchant's and a navy's damage and crew live in the battle's :class:`MerchantShip` or
:class:`NavyShip`; a player's ship stays on the table (``state.players``).  At the beginning of every
stage and every mêlée round the ``battle_stage`` step opens the window the rules for each type of
battle give (terms of surrender, calling off: :mod:`.player_attacking_player`), then the stage runs.
The exact odds of each stage are :mod:`pirates_lab.pillage_and_plunder.battles`; the engine rolls
the same Dists.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from pirates_lab.core import AUTO, Phase, saveable

from ... import battles as B
from ...actions import Offer
from ...headings import RULE_FIVE_STAGES
from ..the_three_stages_of_your_turn import task

__all__ = ["Role", "PlayerShip", "MerchantShip", "NavyShip", "Battle", "start_battle", "stage_row", "open_stage",
           "side_ship", "hit_side", "BATTLE_STAGE", "ROWS"]


@saveable
class Role(enum.Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> "Role":
        return Role.DEFENDER if self is Role.ATTACKER else Role.ATTACKER

    def __str__(self) -> str:
        return self.value


@saveable
@dataclass(frozen=True)
class PlayerShip:
    """A player's ship in a battle (its cards stay on the table, in ``state.players``)."""

    player: int
    ship: int = 0

    def table_cards(self) -> tuple:
        return ()

    def plain(self, state) -> dict:
        return {"type": "player", "player": self.player, "ship": self.ship}


@saveable
@dataclass(frozen=True)
class MerchantShip:
    """A Merchant Ship card and the Cargo cards played with it: its damage and crew go with it from battle
    to battle ("the merchant begins the battle with whatever damage and crew loss it received")."""

    card: str
    damage: int
    crew: int
    cargo: tuple
    played_by: int

    def table_cards(self) -> tuple:
        return (self.card, *self.cargo)

    def plain(self, state) -> dict:
        return {"type": "merchant", "card": self.card, "damage": self.damage, "crew": self.crew,
                "strength": state.data.merchant(self.card).strength, "cargo": list(self.cargo),
                "played_by": self.played_by}


@saveable
@dataclass(frozen=True)
class NavyShip:
    """A Navy Ship card sent after a player: its damage and crew (all pistol crewmen)."""

    card: str
    damage: int
    crew: int
    owner: int

    def table_cards(self) -> tuple:
        return (self.card,)

    def plain(self, state) -> dict:
        return {"type": "navy", "card": self.card, "damage": self.damage, "crew": self.crew, "owner": self.owner}


@saveable
@dataclass(frozen=True)
class Battle:
    """One sea battle: the two ships, the stage about to begin (numbered as printed: 1 spotting the enemy,
    2 fight or flee, 3 the cannon battle, 4 the mêlée), the terms of surrender on offer, and the sides whose
    Doctor has saved a crewman ("only once during a given sea battle")."""

    attacker: PlayerShip | NavyShip
    defender: PlayerShip | MerchantShip
    stage: int = 2
    offer: Offer | None = None
    doctors_used: tuple = ()

    @property
    def kind(self) -> str:
        """Which of the Rules For Specific Types Of Battles apply: "player", "merchant" or "navy"."""
        if isinstance(self.attacker, NavyShip):
            return "navy"
        return "merchant" if isinstance(self.defender, MerchantShip) else "player"

    def side(self, role: Role):
        return {Role.ATTACKER: self.attacker, Role.DEFENDER: self.defender}[role]

    def with_side(self, role: Role, side) -> "Battle":
        return replace(self, **{Role(role).value: side})

    def table_cards(self) -> tuple:
        return self.attacker.table_cards() + self.defender.table_cards()

    def plain(self, state) -> dict:
        offer = self.offer
        return {"kind": self.kind, "attacker": self.attacker.plain(state), "defender": self.defender.plain(state),
                "stage": self.stage, "doctors_used": [str(r) for r in self.doctors_used],
                "offer": None if offer is None else {"coins": offer.coins, "maps": list(offer.maps),
                                                     "cargo": list(offer.cargo), "crew": list(offer.crew),
                                                     "cannons": offer.cannons}}


def side_ship(state, battle: Battle, role: Role) -> B.Ship:
    """A side as the exact odds see it (:class:`pirates_lab.pillage_and_plunder.battles.Ship`)."""
    side = battle.side(role)
    if isinstance(side, PlayerShip):
        return state.battle_ship(side.player, side.ship)
    if isinstance(side, NavyShip):
        n = state.data.navy
        return B.Ship(strength=n["strength"], speed=n["speed"], cannons=n["cannons"], crew=side.crew,
                      pistol=True, damage=side.damage)
    spec = state.data.merchant(side.card)
    return B.Ship(strength=spec.strength, speed=spec.speed, cannons=spec.cannons, crew=side.crew,
                  damage=side.damage)


def hit_side(state, battle: Battle, role: Role, amount: int) -> tuple[Battle, bool]:
    """Damage on a side (no plunder yet): the battle as it now stands, and whether that ship sank.

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle ("If the number of damage points on either ship is
    greater than or equal to its strength value … that ship is destroyed")
    """
    side = battle.side(role)
    if isinstance(side, PlayerShip):
        s = state.players[side.player]["ships"][side.ship]
        s["damage"] += amount
        return battle, s["damage"] >= state.hull(side.player, side.ship).strength
    side = replace(side, damage=side.damage + amount)
    strength = state.data.navy["strength"] if isinstance(side, NavyShip) else state.data.merchant(side.card).strength
    return battle.with_side(role, side), side.damage >= strength


def start_battle(state, attacker, defender) -> None:
    """Stage 1 is played only when a crow's nest will fire; otherwise the battle opens at stage 2.

    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
    """
    battle = Battle(attacker, defender)
    a, d = side_ship(state, battle, Role.ATTACKER), side_ship(state, battle, Role.DEFENDER)
    if B.spotting(a, d) != (a, d):
        battle = replace(battle, stage=1)
    state.flow.push(state, task(BATTLE_STAGE, None, battle))


def stage_row(stage: int) -> Phase:
    """The row of the phase table that plays stage ``stage`` (as numbered in the rulebook)."""
    from . import stage_1_spotting_the_enemy, stage_2_fight_or_flee, stage_3_the_cannon_battle, stage_4_the_melee

    return (stage_1_spotting_the_enemy.SPOTTING, stage_2_fight_or_flee.BATTLE_FLEE, stage_3_the_cannon_battle.VOLLEY,
            stage_4_the_melee.MELEE_ROLL)[stage - 1]


def open_stage(state, battle: Battle, stage: int | None = None) -> None:
    """The battle moves on to the beginning of ``stage`` (or of the next mêlée round)."""
    state.flow.replace(state, task(BATTLE_STAGE, None, replace(battle, stage=battle.stage if stage is None else stage)))


def stage_begins(state, task_) -> None:
    """At the beginning of each stage and each mêlée round: terms of surrender (a player battle), calling off
    (a player or a merchant battle); a navy ship does neither, and its stage runs at once.

    Rules: Pillage & Plunder › Player Attacking Player
    Rules: Pillage & Plunder › Player Attacking Merchant Ship ("The attacker may call off the battle at the beginning of any stage")
    Rules: Pillage & Plunder › Navy Ship Attacking Player ("A navy ship will never call off a battle or offer you terms")
    """
    from . import player_attacking_player as pap

    battle = replace(task_.data, offer=None)
    if battle.kind == "navy":
        state.flow.replace(state, task(stage_row(battle.stage), None, battle))
    elif battle.kind == "player":
        state.flow.replace(state, task(pap.BATTLE_TERMS, None, battle))
    else:
        state.flow.replace(state, task(pap.BATTLE_CALL, None, battle))


BATTLE_STAGE = Phase("battle_stage", rule=RULE_FIVE_STAGES, actor=AUTO, auto=stage_begins, data=Battle,
                     doc="a stage (or a mêlée round) begins: the window for terms and calling off opens")
ROWS = (BATTLE_STAGE,)
