"""Stage 5: Plundering the Enemy Ship — how a battle ends, and the winner's pick of the cargo.

Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
Rules: Pillage & Plunder › Player Attacking Player ("half of the defeated player's hoard and all of the cargo that can fit in his cargo hold")

A battle ends when a ship is destroyed, a crew is gone, the defender escapes, or the attacker calls it
off (or takes terms).  The battle's task leaves the agenda; what follows is pushed in its place:
the winner's choice of cargo when not all of it fits (``take_cargo``), then the plunder, and then what
the rules for that type of battle say (stealing maps, the merchant's prize or its voyage on, the
navy's prize returned).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pirates_lab.core import IllegalMove, Phase, saveable

from ...actions import TakeCargo, well_formed
from ...headings import RULE_PLAYER_ATTACKING_MERCHANT_SHIP, RULE_PLUNDERING
from ..the_three_stages_of_your_turn import task, why_refused
from .the_five_stages_of_a_sea_battle import Battle, PlayerShip, Role

__all__ = ["Plunder", "battle_won", "both_sunk", "battle_escaped", "battle_called_off", "why_not_take_cargo",
           "TAKE_CARGO", "ROWS"]


@saveable
@dataclass(frozen=True)
class Plunder:
    """A won battle waiting for its winner to pick the cargo he takes."""

    battle: Battle
    winner: Role
    sunk: bool

    def table_cards(self) -> tuple:
        return self.battle.table_cards()

    @property
    def loser_side(self) -> PlayerShip:
        return self.battle.side(self.winner.other)

    @property
    def winner_side(self) -> PlayerShip:
        return self.battle.side(self.winner)


# ------------------------------------------------------------ how a battle ends
def battle_won(state, battle: Battle, winner: Role, sunk: bool) -> None:
    """A ship destroyed (``sunk``) or a crew gone: the winner plunders.

    Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
    """
    state.flow.pop(state)
    if battle.kind == "player":
        plunder = Plunder(battle, winner, sunk)
        if cargo_choice_needed(state, plunder.loser_side, plunder.winner_side):
            state.flow.push(state, task(TAKE_CARGO, plunder.winner_side.player, plunder))
            return None
    return plundered(state, battle, winner, sunk, chosen=False)


def both_sunk(state, battle: Battle) -> None:
    """Both ships sink in one exchange: nobody plunders; both hulls are destroyed (ASSUMPTION)."""
    state.flow.pop(state)
    return plundered(state, battle, None, sunk=True, chosen=False, both=True)


def battle_escaped(state, battle: Battle) -> None:
    """Rules: Pillage & Plunder › Stage 2: Fight or Flee ("the defending ship escapes and the battle is over")"""
    state.flow.pop(state)
    return plundered(state, battle, None, sunk=False, chosen=False)


def battle_called_off(state, battle: Battle) -> None:
    """Rules: Pillage & Plunder › Player Attacking Player ("The attacker may call off the battle")"""
    state.flow.pop(state)
    return plundered(state, battle, None, sunk=False, chosen=False)


def plundered(state, battle: Battle, winner: Role | None, sunk: bool, chosen: bool, both: bool = False) -> None:
    """Sunk player ships lose their hull; the winner of a player battle takes half the loser's hoard and the
    cargo that fits; then the rules for the type of battle.

    Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
    Rules: Pillage & Plunder › Player Attacking Player
    """
    from . import navy_ship_attacking_player, player_attacking_merchant_ship, player_attacking_player

    for role in (Role.ATTACKER, Role.DEFENDER):
        side = battle.side(role)
        if isinstance(side, PlayerShip) and (both or (sunk and winner is role.other)):
            rival = battle.side(role.other)
            taker = rival.player if isinstance(rival, PlayerShip) and not both else None
            if taker is not None:
                half = state.players[side.player]["hoard"] // 2
                if not chosen:
                    take_what_fits(state, side, rival)
                state.players[side.player]["hoard"] -= half
                state.players[taker]["hoard"] += half
                state.say(f"Player {taker + 1} takes half of player {side.player + 1}'s hoard: {half}.")
            state._destroy(side.player, side.ship, taker, rival.ship if taker is not None else 0)
    if both:          # house rule 3: two pirates whose last ships sank in one tie sank together
        together = [side.player for side in (battle.attacker, battle.defender)
                    if isinstance(side, PlayerShip) and state.players[side.player]["eliminated"]]
        if len(together) == 2:
            state.mark_sunk_last(*together)
    if battle.kind == "player":
        if winner is not None and not sunk:
            loser, won = battle.side(winner.other), battle.side(winner)
            half = state.players[loser.player]["hoard"] // 2
            state.players[loser.player]["hoard"] -= half
            state.players[won.player]["hoard"] += half
            if not chosen:
                take_what_fits(state, loser, won)
            state.say(f"Player {won.player + 1} plunders half of player {loser.player + 1}'s hoard: {half}.")
        if winner is not None and not state.players[battle.side(winner).player]["eliminated"]:
            player_attacking_player.offer_steal(state, battle.side(winner).player, battle.side(winner.other).player,
                                                attacked=winner is Role.ATTACKER)
        return None
    if battle.kind == "navy":
        return navy_ship_attacking_player.navy_battle_over(state, battle)
    return player_attacking_merchant_ship.merchant_battle_over(state, battle, winner, both)


# ------------------------------------------------------------ the winner's choice of cargo
def free_hold(state, side: PlayerShip) -> int:
    return state.cargo_capacity(side.player, side.ship) - state.cargo_units(side.player, side.ship)


def cargo_of(state, side: PlayerShip) -> list:
    return state.players[side.player]["ships"][side.ship]["cargo"]


def choice_of(state, cargo: list, free: int) -> bool:
    """Is there a real choice of ``cargo`` for ``free`` units of hold: some of it fits, but not all?"""
    units = [state.data.cargo_units(c) for c in cargo]
    return bool(cargo) and sum(units) > free and min(units) <= free


def cargo_choice_needed(state, loser: PlayerShip, winner: PlayerShip) -> bool:
    return choice_of(state, cargo_of(state, loser), free_hold(state, winner))


def greedy_cargo(state, cargo: list, free: int) -> tuple:
    taken = []
    for card in cargo:
        if state.data.cargo_units(card) <= free:
            taken.append(card)
            free -= state.data.cargo_units(card)
    return tuple(taken)


def cargo_choices(state, cargo: list, free: int) -> list:
    """A few choices for random play: in hold order (the old automatic choice, first), biggest first, most
    valuable first."""
    orders = (list(cargo), sorted(cargo, key=lambda c: -state.data.cargo_units(c)),
              sorted(cargo, key=lambda c: -state.data.price(c)))
    return list(dict.fromkeys(TakeCargo(greedy_cargo(state, order, free)) for order in orders))


def fits(state, move, cargo: list, free: int) -> bool:
    """Is ``move`` a part of ``cargo`` that fits in ``free`` units of hold?"""
    if not isinstance(move, TakeCargo) or not well_formed(move) or Counter(move.cards) - Counter(cargo):
        return False
    return sum(state.data.cargo_units(c) for c in move.cards) <= free


def take_cargo_actions(state, task_) -> list:
    """A few choices for random play (any part that fits is allowed: :func:`cargo_allowed`)."""
    plunder = task_.data
    return cargo_choices(state, cargo_of(state, plunder.loser_side), free_hold(state, plunder.winner_side))


def cargo_allowed(state, task_, move) -> bool:
    """Any part of the loser's cargo that fits the winner's hold."""
    plunder = task_.data
    return fits(state, move, cargo_of(state, plunder.loser_side), free_hold(state, plunder.winner_side))


def why_not_take_cargo(state, task_, move) -> IllegalMove | None:
    from .player_attacking_merchant_ship import Haul

    if not isinstance(move, TakeCargo):
        return None
    if isinstance(task_.data, Haul):
        return IllegalMove(RULE_PLAYER_ATTACKING_MERCHANT_SHIP,
                           "The captor takes only the merchant's cargo, and only what fits his hold.")
    return IllegalMove(RULE_PLUNDERING, "The winner takes only the loser's cargo, and only what fits his hold.")


def move_cargo(state, loser: PlayerShip, winner: PlayerShip, cards) -> None:
    cargo = cargo_of(state, loser)
    for card in cards:
        cargo.remove(card)
        cargo_of(state, winner).append(card)
        state.say(f"Player {winner.player + 1} takes the {card}.")


def take_what_fits(state, loser: PlayerShip, winner: PlayerShip) -> None:
    """All the cargo that fits (no choice to make)."""
    move_cargo(state, loser, winner, greedy_cargo(state, list(cargo_of(state, loser)), free_hold(state, winner)))


def take_cargo(state, task_, move: TakeCargo) -> None:
    """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship"""
    plunder = task_.data
    move_cargo(state, plunder.loser_side, plunder.winner_side, move.cards)
    state.flow.pop(state)
    return plundered(state, plunder.battle, plunder.winner, plunder.sunk, chosen=True)


TAKE_CARGO = Phase("take_cargo", rule=RULE_PLUNDERING, actions=take_cargo_actions, apply=take_cargo,
                   legal=cargo_allowed, why=why_refused, data=Plunder,
                   doc="the winner picks the loser's cargo he takes, when not all of it fits")
ROWS = (TAKE_CARGO,)
