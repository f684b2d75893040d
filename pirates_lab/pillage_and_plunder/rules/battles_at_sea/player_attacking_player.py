"""Player Attacking Player: the Attack card, terms of surrender, calling off, stealing treasure maps.

Rules: Pillage & Plunder › Attack Opponent
Rules: Pillage & Plunder › Player Attacking Player
Rules: Pillage & Plunder › Stealing Treasure Maps

At the beginning of every stage and every mêlée round the defender may offer terms (``battle_terms``)
and the attacker fights on, accepts them or calls the battle off (``battle_call``; a merchant battle
has the call-off too).  After a won battle the winner may try for each treasure map (``steal``), one
roll of two dice each (``steal_roll``, also the Treasure Hunt's theft in the Stealing Treasure Maps
variation).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from pirates_lab.core import CHANCE, IllegalMove, Phase, saveable

from ...actions import Act, Offer, Play, StealDebt, StealMap, describe_terms, well_formed
from ...headings import RULE_PLAYER_ATTACKING_PLAYER, RULE_STEALING_TREASURE_MAPS
from ..game_setup import two_dice_odds
from ..the_three_stages_of_your_turn import task, why_refused
from .the_five_stages_of_a_sea_battle import Battle, PlayerShip, stage_row, start_battle
from .stage_2_fight_or_flee import defender_seat

__all__ = ["Stealing", "StealTry", "play_attack", "why_not_terms", "offer_steal", "try_to_steal",
           "BATTLE_TERMS", "BATTLE_CALL", "STEAL", "STEAL_ROLL", "ROWS"]


@saveable
@dataclass(frozen=True)
class Stealing:
    """After a won battle: the loser, and the treasure maps (by index; -1 is a privateer's debt) still to try for."""

    victim: int
    left: tuple


@saveable
@dataclass(frozen=True)
class StealTry:
    """One roll for one map (``index``; -1: a privateer's debt); ``card`` is the Treasure Hunt card on the table
    when the theft is a treasure hunt's."""

    victim: int
    index: int
    card: str | None = None

    def table_cards(self) -> tuple:
        return () if self.card is None else (self.card,)


def play_attack(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Attack Opponent
    Rules: Pillage & Plunder › Fleet Play ("you must declare which ship you will be using … your opponent has the
    choice of which ship they will attack")"""
    state._to_discard(move.card)
    state.say(f"Player {me + 1} attacks player {move.target + 1}.")
    start_battle(state, PlayerShip(me, move.ship), PlayerShip(move.target, move.target_ship))


# ------------------------------------------------------------ terms of surrender, calling off
def attacker_seat(state, task_) -> int:
    """the attacker"""
    return task_.data.attacker.player


def terms_actions(state, task_) -> list:
    """A few terms for random play: a quarter or half of the hoard, the whole hold, the biggest map.

    Any other combination is accepted too (:func:`terms_allowed`).
    Rules: Pillage & Plunder › Player Attacking Player
    """
    side = task_.data.defender
    p = state.players[side.player]
    ship = p["ships"][side.ship]
    offers = [Offer(a) for a in sorted({a - a % 50 for a in (p["hoard"] // 4, p["hoard"] // 2)} - {0})]
    if ship["cargo"]:
        offers.append(Offer(cargo=tuple(ship["cargo"])))
    if p["maps"]:
        offers.append(Offer(maps=(max(p["maps"]),)))
    return [Act.NO_OFFER] + offers


def terms_allowed(state, task_, move) -> bool:
    """Any combination of what the defender has: "coins, treasure maps, cargo, crew and cannons"."""
    if not isinstance(move, Offer) or not well_formed(move):
        return False
    side = task_.data.defender
    p = state.players[side.player]
    ship = p["ships"][side.ship]
    if any(n < 0 for n in (move.coins, move.cannons, *move.maps)):
        return False
    has = [(Counter(move.maps), Counter(p["maps"])), (Counter(move.cargo), Counter(ship["cargo"])),
           (Counter(move.crew), Counter(ship["crew"]))]
    if any(want - have for want, have in has):
        return False
    something = move.coins or move.maps or move.cargo or move.crew or move.cannons
    return bool(something) and move.coins <= p["hoard"] and move.cannons <= ship["cannons"]


def why_not_terms(state, task_, move) -> IllegalMove | None:
    if not isinstance(move, Offer):
        return None
    if task_.phase != BATTLE_TERMS.name:
        return IllegalMove(RULE_PLAYER_ATTACKING_PLAYER,
                           "Terms of surrender are offered by the defender at the beginning of a stage.")
    return IllegalMove(RULE_PLAYER_ATTACKING_PLAYER,
                       "The defender can offer any combination of his own coins, treasure maps, cargo, crew and "
                       "cannons (aboard the ship in the battle), and must offer something.")


def offer_terms(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Player Attacking Player ("terms of surrender may be negotiated")"""
    battle = task_.data
    if isinstance(move, Offer):
        battle = replace(battle, offer=move)
        state.say(f"Player {battle.defender.player + 1} offers {describe_terms(*terms(move))} to call it off.")
    state.flow.replace(state, task(BATTLE_CALL, None, battle))


def terms(offer: Offer) -> tuple:
    return offer.coins, offer.maps, offer.cargo, offer.crew, offer.cannons


def call_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Player Attacking Player ("The attacker may call off the battle at the beginning of
    any stage of the battle or at the beginning of any round of the mêlée stage")"""
    acts = [Act.FIGHT_ON, Act.CALL_OFF]
    if task_.data.offer is not None:
        acts.append(Act.ACCEPT_TERMS)
    return acts


def call(state, task_, move) -> None:
    """Fight on, accept the defender's terms, or call the battle off.

    Rules: Pillage & Plunder › Player Attacking Player
    Rules: Pillage & Plunder › Player Attacking Merchant Ship
    """
    from . import stage_5_plundering_the_enemy_ship as stage_5

    battle = task_.data
    if move is Act.FIGHT_ON:
        state.flow.replace(state, task(stage_row(battle.stage), None, battle))
        return None
    if move is Act.ACCEPT_TERMS:
        hand_over_terms(state, battle)
    else:
        state.say(f"Player {battle.attacker.player + 1} calls off the battle.")
    return stage_5.battle_called_off(state, battle)


def hand_over_terms(state, battle: Battle) -> None:
    """The attacker accepts: coins and maps change hands; cargo, crewmen and cannons go aboard his ship where
    there is room, the rest to the discard pile (ASSUMPTION: as for plunder).

    Rules: Pillage & Plunder › Player Attacking Player ("If the attacker and defender agree on these terms, the
    exchange takes place and the battle ends.")
    """
    offer = battle.offer
    giver, taker = battle.defender.player, battle.attacker.player
    g, t = state.players[giver], state.players[taker]
    ship = g["ships"][battle.defender.ship]
    g["hoard"] -= offer.coins
    t["hoard"] += offer.coins
    for amount in offer.maps:
        g["maps"].remove(amount)
        t["maps"].append(amount)
    for card in offer.cargo:
        ship["cargo"].remove(card)
    for card in offer.crew:
        ship["crew"].remove(card)
    ship["cannons"] -= offer.cannons
    state.say(f"Player {taker + 1} accepts {describe_terms(*terms(offer))} and calls off the battle.")
    state._give_or_discard(list(offer.cargo) + list(offer.crew) + ["Cannon"] * offer.cannons, taker,
                           battle.attacker.ship)


# ------------------------------------------------------------ stealing treasure maps
def offer_steal(state, thief: int, victim: int, attacked: bool) -> None:
    """The winner may try for each treasure map; for a privateer's debt only if the privateer was the one attacked.

    Rules: Pillage & Plunder › Player Attacking Player ("the victorious player may attempt to steal them")
    Rules: Pillage & Plunder › Privateering ("When another player attacks you and defeats you in battle")
    """
    targets = tuple(range(len(state.players[victim]["maps"])))
    priv = state.players[victim]["privateer"]
    if state.game.options["privateering"] and priv and priv["owed"] and attacked:
        targets += (-1,)
    if not targets:
        return maps_left_behind(state, victim)
    state.flow.push(state, task(STEAL, thief, Stealing(victim, targets)))
    return None


def try_to_steal(state, thief: int, victim: int, index: int, card: str | None = None) -> None:
    """Rules: Pillage & Plunder › Stealing Treasure Maps ("announce which player's map you are attempting to steal
    … and roll two dice")"""
    state.flow.push(state, task(STEAL_ROLL, thief, StealTry(victim, index, card)))


def steal_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Player Attacking Player ("the victorious player must declare which treasure map he
    is attempting to steal before each roll of the dice")"""
    return [Act.STOP_STEALING] + [StealDebt() if i == -1 else StealMap(i) for i in task_.data.left]


def steal(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Player Attacking Player"""
    if move is Act.STOP_STEALING:
        state.flow.pop(state)
        return maps_left_behind(state, task_.data.victim)
    try_to_steal(state, task_.player, task_.data.victim, -1 if isinstance(move, StealDebt) else move.index)
    return None


def steal_roll(state, task_, dice: tuple) -> None:
    """Doubles steal it. Rules: Pillage & Plunder › Stealing Treasure Maps ("If you roll doubles, the treasure map
    becomes yours")"""
    thief, attempt = task_.player, task_.data
    doubles = dice[0] == dice[1]
    victim, index = attempt.victim, attempt.index
    vp = state.players[victim]
    state.flow.pop(state)
    if index == -1:       # the money a privateer owes his sponsor
        if doubles:
            owed = vp["privateer"]["owed"]
            vp["privateer"]["owed"] = 0
            state.players[thief]["hoard"] += owed
            state.say(f"Player {thief + 1} rolls doubles and steals the {owed} player {victim + 1} owed his sponsor.")
        else:
            state.say(f"Player {thief + 1} rolls {dice}: no doubles.")
    elif doubles:
        amount = vp["maps"].pop(index)
        state.players[thief]["maps"].append(amount)
        state.say(f"Player {thief + 1} rolls doubles and steals a treasure map worth {amount}.")
    else:
        state.say(f"Player {thief + 1} rolls {dice}: no doubles, the map stays.")
    if attempt.card is not None:                   # a treasure hunt's theft: one try, then the card is discarded
        state._to_discard(attempt.card)
        return None
    # after a battle: one attempt per map (indices shift when a map is taken)
    stealing = state.task.data
    left = tuple(i for i in stealing.left if i != index)
    if doubles and index >= 0:
        left = tuple(i - 1 if i > index else i for i in left)
    if left:
        state.flow.replace(state, task(STEAL, thief, replace(stealing, left=left)))
        return None
    state.flow.pop(state)
    return maps_left_behind(state, victim)


def maps_left_behind(state, victim: int) -> None:
    """Rules: Pillage & Plunder › Player Attacking Player ("Any treasure maps left by a player that has been eliminated
    from the game must be successfully stolen by rolling doubles or they are lost forever")"""
    vp = state.players[victim]
    if vp["eliminated"]:
        for _ in vp["maps"]:
            state._to_discard("Bury Treasure")
        if vp["maps"]:
            state.say(f"Player {victim + 1}'s remaining treasure maps are lost forever.")
        vp["maps"] = []


BATTLE_TERMS = Phase("battle_terms", rule=RULE_PLAYER_ATTACKING_PLAYER, actor=defender_seat, actions=terms_actions,
                     apply=offer_terms, legal=terms_allowed, why=why_refused, data=Battle,
                     doc="the defender may offer terms of surrender at the start of a stage")
BATTLE_CALL = Phase("battle_call", rule=RULE_PLAYER_ATTACKING_PLAYER, actor=attacker_seat, actions=call_actions,
                    apply=call, why=why_refused, data=Battle,
                    doc="the attacker fights on, accepts the terms or calls the battle off")
STEAL = Phase("steal", rule=RULE_STEALING_TREASURE_MAPS, actions=steal_actions, apply=steal, why=why_refused,
              data=Stealing, doc="after a won battle: name the next map (or the privateer's debt) to try for")
STEAL_ROLL = Phase("steal_roll", rule=RULE_STEALING_TREASURE_MAPS, actor=CHANCE, odds=two_dice_odds, apply=steal_roll,
                   data=StealTry, doc="doubles steal it")
ROWS = (BATTLE_TERMS, BATTLE_CALL, STEAL, STEAL_ROLL)
