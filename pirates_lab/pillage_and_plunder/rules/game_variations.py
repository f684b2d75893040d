"""Game Variations in the engine: Privateering and Fleet Play (and the Navy Ships they touch).

Rules: Pillage & Plunder › Game Variations
Rules: Pillage & Plunder › Privateering
Rules: Pillage & Plunder › Fleet Play
Rules: Pillage & Plunder › Play Navy Ship

Timed Game and Asset Liquidation are in :mod:`.your_hoard`; Stealing Treasure Maps is in
:mod:`.buying_and_treasure` (the Treasure Hunt) and :mod:`.battles_at_sea.player_attacking_player`
(the roll for doubles).
"""
from __future__ import annotations

from .. import components as C
from ..actions import Act, MoveCannon, MoveCargo, MoveCrewman, Play, SellShip

__all__ = ["predraw_actions", "predraw_move", "still_kept", "may_attack_merchant", "navy_plays", "play_navy"]


# ------------------------------------------------------------ pre-draw choices
def predraw_actions(state, me: int) -> list:
    p = state.players[me]
    acts = []
    if p["privateer"] and p["hoard"] >= p["privateer"]["owed"]:
        acts.append(Act.END_PRIVATEERING)
    if state.game.options["fleet_play"]:
        acts += fleet_actions(state, me)
    return acts


def predraw_move(state, me: int, move) -> None:
    """Rules: Pillage & Plunder › Privateering ("During the pre-draw stage of any turn you can end your privateering
    career by paying all of the money that is on top of the Navy Ship card to the bank")"""
    p = state.players[me]
    if move is Act.END_PRIVATEERING:
        priv = p["privateer"]
        p["hoard"] -= priv["owed"]
        state._to_discard(priv["navy"], under=True)
        p["privateer"] = None
        state.say(f"Player {me + 1} pays {priv['owed']} and ends his privateering career.")
    else:
        fleet_move(state, me, move)


# ------------------------------------------------------------ Privateering and Navy Ships
def navy_target_ok(state, target: int, nation: str) -> bool:
    """Rules: Pillage & Plunder › Play Navy Ship
    Rules: Pillage & Plunder › Privateering ("you cannot be attacked by navy ships")"""
    t = state.players[target]
    if t["privateer"]:
        return False
    return any(state.data.merchant(m).nation == nation for m in t["prizes"])


def may_attack_merchant(state, me: int, card: str) -> bool:
    """Rules: Pillage & Plunder › Privateering"""
    priv = state.players[me]["privateer"]
    return not (priv and state.data.navy_nation(priv["navy"]) == state.data.merchant(card).nation)


def navy_plays(state, me: int, card: str, rivals: list) -> list:
    """Rules: Pillage & Plunder › Play Navy Ship"""
    nation = state.data.navy_nation(card)
    acts = []
    for t in rivals:
        if navy_target_ok(state, t, nation):
            acts += [Play(card, target=t, target_ship=ts) for ts in range(len(state.players[t]["ships"]))]
    if state.game.options["privateering"] and not state.players[me]["privateer"]:
        acts.append(Play(card, privateer=True))
    return acts


def play_navy(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Play Navy Ship ("The navy ship will carry out an attack on that player")
    Rules: Pillage & Plunder › Privateering ("you can lay it in front of yourself")"""
    from .battles_at_sea.the_five_stages_of_a_sea_battle import NavyShip, PlayerShip, start_battle

    card = move.card
    if move.privateer:
        state.players[me]["privateer"] = {"navy": card, "owed": 0}
        state.say(f"Player {me + 1} sails as a privateer for the {state.data.navy_nation(card)}.")
        return None
    state.say(f"Player {me + 1} sends the {card} after player {move.target + 1}.")
    navy = NavyShip(card, damage=0, crew=state.data.navy["crew"], owner=me)
    return start_battle(state, navy, PlayerShip(move.target, move.target_ship))


# ------------------------------------------------------------ Fleet Play
def fleet_actions(state, me: int) -> list:
    """Rules: Pillage & Plunder › Fleet Play ("Crewmen, cannons and cargo can be moved from ship to ship during the
    pre-draw stage")"""
    acts = []
    ships = state.players[me]["ships"]
    if len(ships) > 1:
        for i in range(len(ships)):
            acts.append(SellShip(i))
            for j in range(len(ships)):
                if i == j:
                    continue
                if len(ships[j]["crew"]) < state.hull(me, j).crew:     # the player picks the crewman
                    acts += [MoveCrewman(i, j, man) for man in sorted(set(ships[i]["crew"]))
                             if man not in C.OFFICERS or man not in ships[j]["crew"]]
                if ships[i]["cannons"] and ships[j]["cannons"] < state.hull(me, j).cannons:
                    acts.append(MoveCannon(i, j))
                acts += [MoveCargo(i, j, card) for card in sorted(set(ships[i]["cargo"]))
                         if state._fits(me, j, card)]
    return acts


def cargo_count(state, me: int, card: str) -> int:
    return sum(ship["cargo"].count(card) for ship in state.players[me]["ships"])


def still_kept(state, me: int, kept: tuple) -> tuple:
    """The kept Cargo cards that are still aboard one of the player's ships (a sold ship's cargo may be lost)."""
    return tuple(c for c in kept if cargo_count(state, me, c))


def keep_aboard(state, me: int, cards: list) -> None:
    """A sold ship's crewmen, cannons and cargo are not sold: each goes to the first of the player's other ships
    with room, or to the discard pile when none has room (ASSUMPTION).

    Rules: Pillage & Plunder › Fleet Play ("Cannons and crewmen cannot be sold")
    """
    for card in cards:
        home = next((j for j in range(len(state.players[me]["ships"])) if state._fits(me, j, card)), None)
        if home is None:
            state._to_discard(card, under=True)
            state.say(f"No ship of player {me + 1} has room for the {card}: it goes to the discard pile.")
        else:
            state._give_or_discard([card], me, home)


def fleet_move(state, me: int, move) -> None:
    """Rules: Pillage & Plunder › Fleet Play ("Ship hulls and their add-ons can be sold to the bank for half their
    cost during the pre-draw stage")"""
    p = state.players[me]
    if isinstance(move, SellShip):
        ship = p["ships"].pop(move.ship)
        refund = 0
        for level in ship["hulls"]:
            refund += state.data.hulls[level["hull"]].cost // 2
            refund += sum(state.data.addon_cost(a, level["hull"]) // 2 for a in level["addons"])
            state._to_discard(level["hull"], under=True)
            for a in level["addons"]:
                state._to_discard(a, under=True)
        p["hoard"] += refund
        state.say(f"Player {me + 1} sells a ship (hulls and add-ons) for {refund}.")
        keep_aboard(state, me, ship["crew"] + ["Cannon"] * ship["cannons"] + ship["cargo"])
        return
    src, dst = move.source, move.target
    if isinstance(move, MoveCargo):
        p["ships"][src]["cargo"].remove(move.card)
        p["ships"][dst]["cargo"].append(move.card)
    elif isinstance(move, MoveCrewman):
        p["ships"][src]["crew"].remove(move.card)
        p["ships"][dst]["crew"].append(move.card)
    else:
        p["ships"][src]["cannons"] -= 1
        p["ships"][dst]["cannons"] += 1
