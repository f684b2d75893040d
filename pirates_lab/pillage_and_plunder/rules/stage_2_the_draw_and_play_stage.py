"""Stage 2: The draw and play stage — draw to eight cards, play up to two, make the final discard.

Rules: Pillage & Plunder › Stage 2: The draw and play stage
Rules: Pillage & Plunder › During the draw-and-play stage

What each card does when played lives with its heading: buying (:mod:`.buying_and_treasure`),
events (:mod:`.play_event_card`), attacks, merchants and navies (:mod:`.battles_at_sea`),
privateers (:mod:`.game_variations`).  :data:`CARD_EFFECTS` says which, category by category.
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import CHANCE, IllegalMove, Phase
from pirates_lab.core.errors import shown

from ..actions import Act, Discard, Play
from ..headings import (RULE_ATTACK_OPPONENT, RULE_BURY_TREASURE, RULE_DRAW_AND_PLAY_STAGE, RULE_PLAY_NAVY_SHIP,
                        RULE_PRE_DRAW_STAGE, RULE_PRIVATEERING)
from . import buying_and_treasure as buying
from . import game_variations, play_event_card
from . import stage_1_the_pre_draw_stage as stage_1
from .battles_at_sea import player_attacking_merchant_ship, player_attacking_player
from .game_setup import deck_odds, draw_from_deck
from .the_three_stages_of_your_turn import PLAY_NEXT, Turn, played, task, turn_task, why_refused

__all__ = ["ON_AN_OPPONENT", "CARD_EFFECTS", "sub_multisets", "opponents", "why_not_play", "why_not_take_discard",
           "DRAW", "DRAW_CARD", "PLAY", "DISCARD", "ROWS"]

#: the categories played on an opponent (one card per opponent per turn)
ON_AN_OPPONENT = ("Event", "Attack", "Navy Ship")


def sub_multisets(cards: list) -> list[tuple]:
    """Every distinct sub-multiset of a list, as sorted tuples."""
    out = {()}
    for card in cards:
        out |= {tuple(sorted(s + (card,))) for s in out}
    return sorted(out)


# ------------------------------------------------------------ drawing
def can_draw(state) -> bool:
    return sum(state.deck.values()) > 0 or len(state.discard) > 1


def draw_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
    acts = []
    if can_draw(state):
        acts.append(Act.DRAW_FROM_PILE)
    if state.discard and not task_.data.took_discard:
        acts.append(Act.TAKE_DISCARD)
    return acts or [Act.STOP_DRAWING]


def draw(state, task_, move) -> None:
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage ("One of these cards may come from the top
    of the discard pile if you wish, and the rest come from either of the draw piles")"""
    me, turn = task_.player, task_.data
    if move is Act.TAKE_DISCARD:
        card = state.discard.pop()
        state.players[me]["hand"].append(card)
        state.say(f"Player {me + 1} takes {card} from the discard pile.")
        return hand_drawn(state, replace(turn, took_discard=True))
    if move is Act.DRAW_FROM_PILE:
        if not sum(state.deck.values()):
            reshuffle(state)
        state.flow.push(state, task(DRAW_CARD, me))
        return None
    return state.flow.replace(state, turn_task(state, PLAY_NEXT, turn))     # nothing left to draw


def reshuffle(state) -> None:
    """ASSUMPTION (not in the rulebook): an empty draw pile is refilled from the discard pile, all but
    its top card."""
    top = state.discard.pop()
    for card in state.discard:
        state.deck[card] = state.deck.get(card, 0) + 1
    state.discard = [top]
    state.say("The draw piles are empty: the discard pile (all but its top card) is shuffled into them.")


def draw_card(state, task_, card: str) -> None:
    draw_from_deck(state, card)
    state.players[task_.player]["hand"].append(card)
    state.flow.pop(state)
    hand_drawn(state, state.task.data)


def hand_drawn(state, turn: Turn) -> None:
    """Eight cards in hand: the playing begins; else draw on."""
    me = state.current
    if len(state.players[me]["hand"]) >= state.data.game["draw_to"]:
        state.flow.replace(state, turn_task(state, PLAY_NEXT, turn))
    else:
        state.flow.replace(state, turn_task(state, DRAW, turn))


# ------------------------------------------------------------ discarding
def discard_actions(state, task_) -> list:
    return [Discard(c) for c in sorted(set(state.players[task_.player]["hand"]))]


def discard(state, task_, move: Discard) -> None:
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage ("To end this stage, you play a final card
    face up on the discard pile")"""
    from . import stage_3_the_repair_stage as stage_3

    me = task_.player
    state._take_from_hand(me, move.card)
    state._to_discard(move.card)
    state.say(f"Player {me + 1} discards {move.card}.")
    stage_3.start_repair(state)


# ------------------------------------------------------------ playing
def opponents(state, me: int, turn: Turn) -> list[int]:
    return [i for i in state.alive() if i != me and i not in turn.targeted]


def play_actions(state, task_) -> list:
    """Every card in the hand: played onto the discard pile, or played for what it does.

    Rules: Pillage & Plunder › During the draw-and-play stage
    """
    me, turn = task_.player, task_.data
    p = state.players[me]
    data = state.data
    acts: list = []
    ships = range(len(p["ships"]))
    rivals = opponents(state, me, turn)
    for card in dict.fromkeys(p["hand"]):
        acts.append(Play(card, discard=True))
        category = data.category(card)
        if category == "Ship Hull":
            if buying.why_not_ship(state, me, card) is None:
                acts.append(Play(card))
        elif category in ("Ship Add-On", "Cannon", "Crew Member"):
            acts += [Play(card, ship=s) for s in ships if buying.why_not_buy(state, me, card, s) is None]
        elif category == "Cargo":
            acts += [Play(card, ship=s) for s in ships]
        elif category == "Event":     # Fleet Play: on the opponent's ship of the player's choice
            acts += [Play(card, target=t, target_ship=ts) for t in rivals for ts in range(len(state.players[t]["ships"]))]
        elif category == "Attack":
            for t in rivals:
                acts += [Play(card, target=t, ship=s, target_ship=ts) for s in ships
                         for ts in range(len(state.players[t]["ships"]))]
        elif category == "Navy Ship":
            acts += game_variations.navy_plays(state, me, card, rivals)
        elif category == "Merchant Ship":
            if game_variations.may_attack_merchant(state, me, card):
                cargo = sorted(c for c in p["hand"] if data.category(c) == "Cargo")
                for extra in sub_multisets(cargo):
                    acts += [Play(card, ship=s, extra=extra) for s in ships]
        elif category == "Repair Ship":
            acts += [Play(card, ship=s) for s in ships if buying.why_not_repair(state, me, card, s) is None]
        elif category == "Treasure Hunt":
            acts += buying.treasure_hunt_plays(state, me, card)
        elif category == "Bury Treasure":
            acts += [Play(card, amount=a) for a in buying.bury_amounts(state, me)]
    return acts


def bury_allowed(state, task_, move) -> bool:
    """Burying any amount the hoard holds (too many amounts to list).

    Rules: Pillage & Plunder › Bury Treasure ("You may bury any amount of the treasure in your hoard")
    """
    if (isinstance(move, Play) and move.card == "Bury Treasure" and not move.discard
            and isinstance(move.amount, int) and not isinstance(move.amount, bool)
            and move == Play("Bury Treasure", amount=move.amount)):
        p = state.players[task_.player]
        return "Bury Treasure" in p["hand"] and 0 < move.amount <= p["hoard"]
    return False


def why_not_play(state, task_, move) -> IllegalMove | None:
    """Why playing this card is refused (None for a generic message)."""
    if not isinstance(move, Play):
        return None
    if task_.phase != PLAY.name:
        rule = RULE_PRE_DRAW_STAGE if task_.phase == stage_1.PREDRAW.name else RULE_DRAW_AND_PLAY_STAGE
        return IllegalMove(rule, "Cards are played only in the draw-and-play stage, once you hold eight cards.")
    me, turn = task_.player, task_.data
    p = state.players[me]
    if move.card not in p["hand"]:
        return IllegalMove(RULE_DRAW_AND_PLAY_STAGE, f"You have no {shown(move.card)} in your hand.")
    if move.discard:
        return None
    category = state.data.category(move.card)
    if category == "Ship Hull":
        return buying.why_not_ship(state, me, move.card)
    if category in ("Ship Add-On", "Cannon", "Crew Member"):
        return buying.why_not_buy(state, me, move.card, move.ship)
    if category in ON_AN_OPPONENT and not move.privateer:
        rule = RULE_PLAY_NAVY_SHIP if category == "Navy Ship" else RULE_ATTACK_OPPONENT if category == "Attack" \
            else RULE_DRAW_AND_PLAY_STAGE
        if move.target == me or move.target is None or not 0 <= move.target < len(state.players):
            return IllegalMove(rule, f"{category} cards are played on an opponent.")
        if move.target in turn.targeted:
            return IllegalMove(RULE_DRAW_AND_PLAY_STAGE,
                               "You may only play one card on each opponent during any one turn.")
        if state.players[move.target]["eliminated"]:
            return IllegalMove(rule, "That player has been eliminated.")
        if category == "Navy Ship":
            return IllegalMove(RULE_PLAY_NAVY_SHIP, "A Navy Ship may only be played on an opponent with a Merchant "
                                                    "Ship card of its nationality in his prize ships area.")
    if category == "Merchant Ship" and not game_variations.may_attack_merchant(state, me, move.card):
        return IllegalMove(RULE_PRIVATEERING, "A privateer cannot attack merchants of the country he sails for.")
    if category == "Repair Ship":
        return buying.why_not_repair(state, me, move.card, move.ship)
    if category == "Bury Treasure" and not 0 < move.amount <= p["hoard"]:
        return IllegalMove(RULE_BURY_TREASURE, f"You can bury from 1 to {p['hoard']} pieces of eight.")
    return None


def why_not_take_discard(state, task_, move) -> IllegalMove | None:
    if task_.phase == DRAW.name and move is Act.TAKE_DISCARD and task_.data.took_discard:
        return IllegalMove(RULE_DRAW_AND_PLAY_STAGE, "Only one of your cards may come from the discard pile.")
    return None


def play(state, task_, move: Play) -> None:
    """Rules: Pillage & Plunder › During the draw-and-play stage"""
    me, card = task_.player, move.card
    state._take_from_hand(me, card)
    if move.discard:
        played(state, task_.data)
        state._to_discard(card)
        state.say(f"Player {me + 1} plays {card} onto the discard pile.")
        return None
    category = state.data.category(card)
    target = move.target if category in ON_AN_OPPONENT and not move.privateer else None
    played(state, task_.data, target=target)
    return CARD_EFFECTS[category](state, me, move)


#: card category (the twelve basic types of cards) -> what playing such a card does, ``effect(state, player, play)``
CARD_EFFECTS = {"Ship Hull": buying.play_ship, "Ship Add-On": buying.play_item, "Cannon": buying.play_item,
                "Crew Member": buying.play_item, "Cargo": buying.play_cargo, "Repair Ship": buying.play_repair,
                "Bury Treasure": buying.play_bury, "Treasure Hunt": buying.play_treasure_hunt,
                "Event": play_event_card.play_event, "Attack": player_attacking_player.play_attack,
                "Navy Ship": game_variations.play_navy, "Merchant Ship": player_attacking_merchant_ship.play_merchant}

DRAW = Phase("draw", rule=RULE_DRAW_AND_PLAY_STAGE, actions=draw_actions, apply=draw, why=why_refused, data=Turn,
             doc="draw to eight cards, at most one from the discard pile")
DRAW_CARD = Phase("draw_card", rule=RULE_DRAW_AND_PLAY_STAGE, actor=CHANCE, odds=deck_odds, apply=draw_card,
                  doc="the card drawn")
PLAY = Phase("play", rule=RULE_DRAW_AND_PLAY_STAGE, actions=play_actions, apply=play, legal=bury_allowed,
             why=why_refused, data=Turn, doc="play up to two cards")
DISCARD = Phase("discard", rule=RULE_DRAW_AND_PLAY_STAGE, actions=discard_actions, apply=discard, why=why_refused,
                data=Turn, doc="the final discard")
ROWS = (DRAW, DRAW_CARD, PLAY, DISCARD)
