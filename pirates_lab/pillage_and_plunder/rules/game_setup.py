"""Game Setup: the deal, the face-up card, the first player; the deck and the dice as chance.

Rules: Pillage & Plunder › Game Setup
"""
from __future__ import annotations

from dataclasses import dataclass

from pirates_lab.core import CHANCE, Dist, Phase, saveable

from ..headings import RULE_GAME_SETUP
from .the_three_stages_of_your_turn import start_turn, task

__all__ = ["Deal", "deal_task", "deck_odds", "die_odds", "two_dice_odds", "draw_from_deck", "DEAL", "FIRST", "ROWS"]

DIE = Dist.die(6)
TWO_DICE = Dist.independent(DIE, DIE)


@saveable
@dataclass(frozen=True)
class Deal:
    """Who gets the next cards: five to each player in turn, then one face up (``None``)."""

    order: tuple


def deal_task(state):
    """Rules: Pillage & Plunder › Game Setup ("Each player is dealt five cards. … One card is dealt face up")"""
    players = state.game.players
    order = tuple(p for _ in range(state.data.game["hand_size"]) for p in range(players)) + (None,)
    return task(DEAL, None, Deal(order))


def deck_odds(state, task_=None) -> Dist:
    """The next card: each physical card in the draw piles equally likely (integer weights)."""
    return Dist.from_weights({c: n for c, n in state.deck.items() if n})


def die_odds(state, task_=None) -> Dist:
    return DIE


def two_dice_odds(state, task_=None) -> Dist:
    return TWO_DICE


def draw_from_deck(state, card: str) -> None:
    """Take ``card`` out of the draw piles."""
    state.deck[card] -= 1
    if not state.deck[card]:
        del state.deck[card]


def deal_card(state, task_, card: str) -> None:
    """Rules: Pillage & Plunder › Game Setup"""
    draw_from_deck(state, card)
    who, rest = task_.data.order[0], task_.data.order[1:]
    if who is None:
        state.discard.append(card)
        state.say(f"{card} is turned face up to start the discard pile.")
        state.flow.replace(state, task(FIRST))
    else:
        state.players[who]["hand"].append(card)
        state.flow.replace(state, task(DEAL, None, Deal(rest)))


def first_odds(state, task_) -> Dist:
    """Each player rolls one die; the highest roll is equally likely to be anyone's."""
    return Dist.uniform(range(len(state.players)))


def first_player(state, task_, player: int) -> None:
    """Rules: Pillage & Plunder › Game Setup ("the player with the highest roll takes the first turn")"""
    state.first = state.current = player
    state.flow.pop(state)
    state.say(f"Player {player + 1} rolls highest and takes the first turn.")
    start_turn(state)


DEAL = Phase("deal", rule=RULE_GAME_SETUP, actor=CHANCE, odds=deck_odds, apply=deal_card, data=Deal,
             doc="five cards to each player, one face up to start the discard pile")
FIRST = Phase("first", rule=RULE_GAME_SETUP, actor=CHANCE, odds=first_odds, apply=first_player,
              doc="the highest roll goes first")
ROWS = (DEAL, FIRST)
