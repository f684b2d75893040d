"""The cards a player plays on his own ship and hoard during the draw-and-play stage.

Rules: Pillage & Plunder › Buy Ship Add-On
Rules: Pillage & Plunder › Buy Ship
Rules: Pillage & Plunder › Buy Cannon
Rules: Pillage & Plunder › Hire Crew Member
Rules: Pillage & Plunder › Buy Cargo
Rules: Pillage & Plunder › Repair Ship
Rules: Pillage & Plunder › Bury Treasure
Rules: Pillage & Plunder › Treasure Hunt
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pirates_lab.core import CHANCE, Dist, IllegalMove, Phase, saveable
from pirates_lab.core.errors import shown

from .. import components as C
from .. import odds as O
from ..actions import Act, Play, a, counted
from ..headings import (RULE_BUY_CANNON, RULE_BUY_CARGO, RULE_BUY_SHIP, RULE_BUY_SHIP_ADD_ON, RULE_FLEET_PLAY,
                        RULE_HIRE_CREW_MEMBER, RULE_REPAIR_SHIP, RULE_TREASURE_HUNT)
from .game_setup import die_odds
from .the_three_stages_of_your_turn import task, why_refused
from .your_ship import new_ship

__all__ = ["BURY_STEP", "Purchase", "Hunt", "why_not_ship", "why_not_buy", "why_not_repair", "why_not_cargo",
           "bury_amounts", "treasure_hunt_plays", "CARGO_ROLL", "CARGO_DECIDE", "HUNT_ROLL", "ROWS"]

#: the amounts a random player buries: every multiple of this, and the whole hoard
BURY_STEP = 500


@saveable
@dataclass(frozen=True)
class Purchase:
    """A Cargo card laid on the table to be bought, and (once rolled) its price."""

    ship: int
    card: str
    price: int | None = None

    def table_cards(self) -> tuple:
        return (self.card,)


@saveable
@dataclass(frozen=True)
class Hunt:
    """A Treasure Hunt card laid in front of its player while the die is rolled."""

    card: str = "Treasure Hunt"

    def table_cards(self) -> tuple:
        return (self.card,)


# ------------------------------------------------------------ why not
def why_not_ship(state, me: int, card: str) -> IllegalMove | None:
    """Rules: Pillage & Plunder › Buy Ship"""
    p = state.players[me]
    new = state.data.hulls[card]
    if state.game.options["fleet_play"]:
        if p["hoard"] < new.cost:
            return IllegalMove(RULE_BUY_SHIP,
                               f"{a(card, capital=True)} costs {new.cost}; your hoard holds {p['hoard']}.")
        return None
    old = state.hull(me)
    if new.level != old.level + 1:
        return IllegalMove(RULE_BUY_SHIP, f"{a(card, capital=True)} is level {new.level}; you can only upgrade your "
                                          f"level-{old.level} {old.name} to a ship exactly one level higher.")
    if p["ships"][0]["damage"]:
        return IllegalMove(RULE_BUY_SHIP, "You may not upgrade a damaged ship: repair it first.")
    if state.cargo_units(me) > new.cargo:
        return IllegalMove(RULE_BUY_SHIP, f"Your {state.cargo_units(me)} units of cargo do not fit the {card}'s "
                                          f"hold of {new.cargo} (add-ons stay with the old hull): sell cargo first.")
    if p["hoard"] < new.cost:
        return IllegalMove(RULE_BUY_SHIP, f"{a(card, capital=True)} costs {new.cost}; your hoard holds {p['hoard']}.")
    return None


def why_not_buy(state, me: int, card: str, ship: int) -> IllegalMove | None:
    """Rules: Pillage & Plunder › Buy Ship Add-On"""
    p = state.players[me]
    if not 0 <= ship < len(p["ships"]):
        return IllegalMove(RULE_FLEET_PLAY, f"You have no ship number {shown(counted(ship))}.")
    s = p["ships"][ship]
    category = state.data.category(card)
    hull = state.hull(me, ship)
    if category == "Ship Add-On":
        if card in state.addons(me, ship):
            return IllegalMove(RULE_BUY_SHIP_ADD_ON,
                               f"Your ship already has {a(card)}: only one of each type of add-on.")
        cost = state.data.addon_cost(card, hull.name)
        rule = RULE_BUY_SHIP_ADD_ON
    elif category == "Cannon":
        if s["cannons"] >= hull.cannons:
            return IllegalMove(RULE_BUY_CANNON, f"Your {hull.name} carries at most {hull.cannons} cannons.")
        cost, rule = state.data.costs["Cannon"], RULE_BUY_CANNON
    else:
        if len(s["crew"]) >= hull.crew:
            return IllegalMove(RULE_HIRE_CREW_MEMBER,
                               f"Your {hull.name}'s crew quarters hold at most {hull.crew} crewmen.")
        if card in C.OFFICERS and state.has_officer(me, card, ship):
            return IllegalMove(RULE_HIRE_CREW_MEMBER, f"This ship already has {a(card)} aboard: only one of each "
                                                      "type of officer a ship.")
        cost, rule = state.data.costs[card], RULE_HIRE_CREW_MEMBER
    if p["hoard"] < cost:
        return IllegalMove(rule, f"{a(card, capital=True)} costs {cost}; your hoard holds {p['hoard']}.")
    return None


def why_not_repair(state, me: int, card: str, ship: int) -> IllegalMove | None:
    """Rules: Pillage & Plunder › Repair Ship"""
    p = state.players[me]
    if not 0 <= ship < len(p["ships"]):
        return IllegalMove(RULE_REPAIR_SHIP, f"You have no ship number {shown(counted(ship))}.")
    if not p["ships"][ship]["damage"]:
        return IllegalMove(RULE_REPAIR_SHIP, "That ship has no damage: a Repair Ship card repairs damage.")
    cost = repair_card_cost(state, me, card, ship)
    if p["hoard"] < cost:
        return IllegalMove(RULE_REPAIR_SHIP, f"This repair costs {cost}; your hoard holds {p['hoard']}.")
    return None


def repair_card_cost(state, me: int, card: str, ship: int) -> int:
    """Rules: Pillage & Plunder › Repair Ship ("at no cost, while other Repair Ship cards do so at a cost of 25%
    of the hull cost")"""
    return state.hull(me, ship).cost // 4 if "25%" in card else 0


# ------------------------------------------------------------ Buy Ship, Add-On, Cannon, Crew
def play_ship(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Buy Ship"""
    card = move.card
    p = state.players[me]
    cost = state.data.hulls[card].cost
    p["hoard"] -= cost
    if state.game.options["fleet_play"]:
        p["ships"].append(new_ship(card))
        state.say(f"Player {me + 1} buys {a(card)} for {cost} and adds it to his fleet.")
    else:
        p["ships"][0]["hulls"].append({"hull": card, "addons": []})
        state.say(f"Player {me + 1} upgrades to {a(card)} for {cost}; his add-ons stay with the old hull.")


def play_item(state, me: int, move: Play) -> None:
    """Pay for an add-on, a cannon or a crewman and put it aboard.

    Rules: Pillage & Plunder › Buy Ship Add-On
    Rules: Pillage & Plunder › Buy Cannon
    Rules: Pillage & Plunder › Hire Crew Member
    """
    card, ship = move.card, move.ship
    p = state.players[me]
    s = p["ships"][ship]
    category = state.data.category(card)
    if category == "Ship Add-On":
        cost = state.data.addon_cost(card, state.hull(me, ship).name)
        s["hulls"][-1]["addons"].append(card)
    elif category == "Cannon":
        cost = state.data.costs["Cannon"]
        s["cannons"] += 1
    else:
        cost = state.data.costs[card]
        s["crew"].append(card)
    p["hoard"] -= cost
    state.say(f"Player {me + 1} buys {a(card)} for {cost}.")


# ------------------------------------------------------------ Buy Cargo
def play_cargo(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Buy Cargo ("you first lay a Cargo card from your hand on the table and roll")"""
    state.flow.push(state, task(CARGO_ROLL, me, Purchase(move.ship, move.card)))


def cargo_odds(state, task_) -> Dist:
    """Rules: Pillage & Plunder › Buy Cargo"""
    return O.cargo_price(task_.data.card, selling=False, data=state.data)


def cargo_priced(state, task_, price: int) -> None:
    """Rules: Pillage & Plunder › Buy Cargo"""
    state.flow.replace(state, task(CARGO_DECIDE, task_.player, replace(task_.data, price=price)))
    state.say(f"The dice price the {task_.data.card} at {price}.")


def cargo_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Buy Cargo ("you may choose to either pay that amount … or turn down the offer")"""
    me, buy = task_.player, task_.data
    acts = [Act.DECLINE_CARGO]
    if state.players[me]["hoard"] >= buy.price and \
            state.cargo_units(me, buy.ship) + state.data.cargo_units(buy.card) <= state.cargo_capacity(me, buy.ship):
        acts.insert(0, Act.BUY_CARGO)
    return acts


def why_not_cargo(state, task_, move) -> IllegalMove | None:
    if task_.phase == CARGO_DECIDE.name and move is Act.BUY_CARGO:
        return IllegalMove(RULE_BUY_CARGO, "You need the money and room in your cargo hold for this cargo.")
    return None


def cargo_decide(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Buy Cargo"""
    me, buy = task_.player, task_.data
    state.flow.pop(state)
    if move is Act.BUY_CARGO:
        state.players[me]["hoard"] -= buy.price
        state.players[me]["ships"][buy.ship]["cargo"].append(buy.card)
        state.say(f"Player {me + 1} buys {buy.card} for {buy.price}.")
    else:
        state._to_discard(buy.card)
        state.say(f"Player {me + 1} turns down the {buy.card}.")


# ------------------------------------------------------------ Repair Ship
def play_repair(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Repair Ship ("all of the damage markers on your ship's hull are immediately
    removed")"""
    p = state.players[me]
    cost = repair_card_cost(state, me, move.card, move.ship)
    p["hoard"] -= cost
    p["ships"][move.ship]["damage"] = 0
    state._to_discard(move.card)
    state.say(f"Player {me + 1} repairs all damage for {cost}.")


# ------------------------------------------------------------ Bury Treasure
def bury_amounts(state, me: int) -> list[int]:
    """A few amounts for random play (any amount from 1 to the hoard is legal)."""
    hoard = state.players[me]["hoard"]
    return sorted(set(range(BURY_STEP, hoard + 1, BURY_STEP)) | ({hoard} if hoard else set()))


def play_bury(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Bury Treasure"""
    p = state.players[me]
    p["hoard"] -= move.amount
    p["maps"].append(move.amount)
    state.say(f"Player {me + 1} buries {move.amount} pieces of eight.")


# ------------------------------------------------------------ Treasure Hunt
def treasure_hunt_plays(state, me: int, card: str) -> list:
    """Rules: Pillage & Plunder › Treasure Hunt
    Rules: Pillage & Plunder › Stealing Treasure Maps ("you have the choice of either following the standard
    treasure hunt procedure or attempting to steal another player's treasure map")"""
    acts = [Play(card)]
    if state.game.options["stealing_treasure_maps"]:
        for t in state.alive():
            if t != me:
                acts += [Play(card, target=t, steal=m) for m in range(len(state.players[t]["maps"]))]
    return acts


def play_treasure_hunt(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Treasure Hunt"""
    from .battles_at_sea import player_attacking_player

    if move.steal is not None:
        player_attacking_player.try_to_steal(state, me, move.target, move.steal, card=move.card)
    else:
        state.flow.push(state, task(HUNT_ROLL, me, Hunt(move.card)))


def hunt(state, task_, roll: int) -> None:
    """Rules: Pillage & Plunder › Treasure Hunt ("If you roll a 1 - 4: You receive 1000 x your roll …")"""
    me = task_.player
    result = O.treasure_roll(roll, state.has_officer(me, "Cartographer"))
    state.flow.pop(state)
    state._to_discard(task_.data.card)
    state.players[me]["hoard"] += result.coins
    if result.lose_turn:
        state.players[me]["lose_turn"] = True
    state.say(f"Player {me + 1} rolls {roll} on the treasure hunt: {result}.")


CARGO_ROLL = Phase("cargo_roll", rule=RULE_BUY_CARGO, actor=CHANCE, odds=cargo_odds, apply=cargo_priced,
                   data=Purchase, doc="the price roll")
CARGO_DECIDE = Phase("cargo_decide", rule=RULE_BUY_CARGO, actions=cargo_actions, apply=cargo_decide,
                     why=why_refused, data=Purchase, doc="buy at that price or decline")
HUNT_ROLL = Phase("hunt_roll", rule=RULE_TREASURE_HUNT, actor=CHANCE, odds=die_odds, apply=hunt, data=Hunt,
                  doc="one die")
ROWS = (CARGO_ROLL, CARGO_DECIDE, HUNT_ROLL)
