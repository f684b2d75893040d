"""Player Attacking Merchant Ship: the merchant's voyage round the table, its prize, and its cargo.

Rules: Pillage & Plunder › Attack Merchant Ship
Rules: Pillage & Plunder › Player Attacking Merchant Ship

A Merchant Ship card played (with any Cargo cards sent along) starts a :class:`Voyage`: the merchant
meets the player who played it, then, if it escapes, wins or is called off, "sails on to the next
player who has the option of attacking" it, until it is captured, destroyed, or has escaped from
every player.  The merchant is held in one place only: by the battle while it fights
(:class:`~.the_five_stages_of_a_sea_battle.MerchantShip`, damage and crew included), by the voyage
between battles — so it never comes back repaired or re-crewed.
"""
from __future__ import annotations

from dataclasses import dataclass

from pirates_lab.core import AUTO, CHANCE, Dist, Phase, saveable

from ... import odds as O
from ...actions import Act, AttackMerchant, Play
from ...headings import RULE_ATTACK_MERCHANT_SHIP, RULE_PLAYER_ATTACKING_MERCHANT_SHIP
from .. import game_variations
from ..the_three_stages_of_your_turn import task, why_refused
from . import stage_5_plundering_the_enemy_ship as stage_5
from .the_five_stages_of_a_sea_battle import Battle, MerchantShip, PlayerShip, Role, start_battle

__all__ = ["Voyage", "Haul", "play_merchant", "merchant_battle_over", "VOYAGE", "MERCHANT_PASS", "PRIZE_ROLL", "MERCHANT_CARGO", "ROWS"]


@saveable
@dataclass(frozen=True)
class Voyage:
    """A merchant sailing round the table: the merchant (None while a battle holds it, or once it is taken or
    sunk), and the players it has still to meet, in order."""

    merchant: MerchantShip | None
    queue: tuple

    def table_cards(self) -> tuple:
        return () if self.merchant is None else self.merchant.table_cards()


def play_merchant(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Attack Merchant Ship ("you may also play any number of Cargo cards from your hand
    along with it")"""
    card = move.card
    for extra in move.extra:
        state._take_from_hand(me, extra)
    spec = state.data.merchant(card)
    merchant = MerchantShip(card, damage=0, crew=spec.crew, cargo=tuple(move.extra), played_by=me)
    state.say(f"Player {me + 1} plays the {card}" + (f" loaded with {', '.join(move.extra)}" if move.extra else "") + ".")
    state.flow.push(state, task(VOYAGE, None, Voyage(None, tuple(i for i in state._order_after(me) if i != me))))
    start_battle(state, PlayerShip(me, move.ship), merchant)


def merchant_battle_over(state, battle: Battle, winner: Role | None, both: bool) -> None:
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("A merchant ship that escapes, destroys your ship,
    or kills all of your crew will not take any booty from you. Instead, it sails on to the next player")"""
    if winner is Role.ATTACKER:
        state.flow.push(state, task(PRIZE_ROLL, battle.attacker.player, battle))
        return None
    if both:
        for card in battle.defender.table_cards():
            state._to_discard(card)
        return None
    voyage = state.task.data           # the voyage the battle interrupted takes the merchant on, as it is now
    state.flow.replace(state, task(VOYAGE, None, Voyage(battle.defender, voyage.queue)))
    return None


def sail_on(state, task_) -> None:
    """The merchant sails on to the next player still afloat who may attack it, or sails away.

    Rules: Pillage & Plunder › Player Attacking Merchant Ship ("This continues until the merchant ship is either
    destroyed or escapes from all of the players")
    Rules: Pillage & Plunder › Privateering ("you can attack merchant ships of any country except the one that you
    are privateering for")
    """
    merchant, queue = task_.data.merchant, task_.data.queue
    if merchant is None:                # taken or sunk: the voyage is over
        state.flow.pop(state)
        return None
    queue = [i for i in queue if not state.players[i]["eliminated"]
             and game_variations.may_attack_merchant(state, i, merchant.card)]
    if not queue or merchant.crew <= 0:
        state.say(f"The {merchant.card} sails away.")
        for card in merchant.table_cards():
            state._to_discard(card)
        state.flow.pop(state)
        return None
    nxt = queue[0]
    state.flow.replace(state, task(MERCHANT_PASS, nxt, Voyage(merchant, tuple(queue[1:]))))
    state.say(f"The {merchant.card} sails on to player {nxt + 1}.")
    return None


def pass_actions(state, task_) -> list:
    """Attack it (with any of his ships, in Fleet Play), or let it pass.

    Rules: Pillage & Plunder › Player Attacking Merchant Ship ("the next player who has the option of attacking")
    """
    return [AttackMerchant(s) for s in range(len(state.players[task_.player]["ships"]))] + [Act.LET_IT_PASS]


def merchant_passes(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("he starts a new battle beginning at the first stage
    and the merchant begins the battle with whatever damage and crew loss it received from previous battles")"""
    me, voyage = task_.player, task_.data
    if isinstance(move, AttackMerchant):
        state.say(f"Player {me + 1} attacks the {voyage.merchant.card}.")
        state.flow.replace(state, task(VOYAGE, None, Voyage(None, voyage.queue)))     # the battle holds it now
        start_battle(state, PlayerShip(me, move.ship), voyage.merchant)
        return None
    state.flow.replace(state, task(VOYAGE, None, voyage))
    return None


def prize_odds(state, task_) -> Dist:
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("follow the instructions on the merchant ship card
    and roll the dice to determine your prize")"""
    return O.merchant_prize(state.data.merchant(task_.data.defender.card).strength, data=state.data)


def prize(state, task_, coins: int) -> None:
    """The prize to the hoard (half owed to the sponsor, for a privateer), the merchant to the prize ships area,
    its cargo aboard where it fits.

    Rules: Pillage & Plunder › Player Attacking Merchant Ship
    Rules: Pillage & Plunder › Privateering ("only half of the prize money goes into your hoard")
    """
    battle = task_.data
    me, merchant = battle.attacker.player, battle.defender
    p = state.players[me]
    state.flow.pop(state)
    if p["privateer"]:
        half = coins // 2
        p["privateer"]["owed"] += coins - half
        p["hoard"] += half
        state.say(f"Player {me + 1} takes a prize of {coins}: {half} to his hoard, {coins - half} owed to his sponsor.")
    else:
        p["hoard"] += coins
        state.say(f"Player {me + 1} captures the {merchant.card} and a prize of {coins}.")
    p["prizes"].append(merchant.card)
    haul = Haul(merchant.cargo, battle.attacker.ship)
    if stage_5.choice_of(state, list(haul.cargo), stage_5.free_hold(state, PlayerShip(me, haul.ship))):
        state.flow.push(state, task(MERCHANT_CARGO, me, haul))
        return None
    state._give_or_discard(list(merchant.cargo), me, battle.attacker.ship)
    return None


@saveable
@dataclass(frozen=True)
class Haul:
    """A captured merchant's cargo, on the table until its captor picks what he takes aboard ship ``ship``."""

    cargo: tuple
    ship: int

    def table_cards(self) -> tuple:
        return self.cargo


def haul_actions(state, task_) -> list:
    """The merchant's cargo does not all fit: a few choices for random play (in the order it was loaded — the
    computer players' default —, biggest first, most valuable first); any part that fits is allowed.

    Rules: Pillage & Plunder › Player Attacking Merchant Ship ("Player takes all cargo (if any) that he can hold")
    """
    haul = task_.data
    free = stage_5.free_hold(state, PlayerShip(task_.player, haul.ship))
    return stage_5.cargo_choices(state, list(haul.cargo), free)


def haul_allowed(state, task_, move) -> bool:
    haul = task_.data
    return stage_5.fits(state, move, list(haul.cargo), stage_5.free_hold(state, PlayerShip(task_.player, haul.ship)))


def take_haul(state, task_, move) -> None:
    """What he picks goes aboard; the rest of the merchant's cargo to the discard pile.

    Rules: Pillage & Plunder › Player Attacking Merchant Ship
    """
    haul, me = task_.data, task_.player
    state.flow.pop(state)
    left = list(haul.cargo)
    for card in move.cards:
        left.remove(card)
    state._give_or_discard(list(move.cards), me, haul.ship)
    for card in left:
        state._to_discard(card)


VOYAGE = Phase("voyage", rule=RULE_PLAYER_ATTACKING_MERCHANT_SHIP, actor=AUTO, auto=sail_on, data=Voyage,
               doc="the merchant that got away sails on to the next player, or sails away")
MERCHANT_PASS = Phase("merchant_pass", rule=RULE_PLAYER_ATTACKING_MERCHANT_SHIP, actions=pass_actions,
                      apply=merchant_passes, why=why_refused, data=Voyage,
                      doc="the next player may attack a merchant that got away")
PRIZE_ROLL = Phase("prize_roll", rule=RULE_ATTACK_MERCHANT_SHIP, actor=CHANCE, odds=prize_odds, apply=prize,
                   data=Battle, doc="the captured merchant's prize")
MERCHANT_CARGO = Phase("merchant_cargo", rule=RULE_PLAYER_ATTACKING_MERCHANT_SHIP, actions=haul_actions, apply=take_haul,
                       legal=haul_allowed, why=why_refused, data=Haul,
                       doc="the captor picks the merchant's cargo he takes, when not all of it fits")
ROWS = (PRIZE_ROLL, MERCHANT_CARGO, VOYAGE, MERCHANT_PASS)
