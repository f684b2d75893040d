"""Set-up shared by the Plunder (2013) tests: a table dealt by hand, and every pirate's truthful answer.

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › How to Play

>>> dealt([(1, 1, 1), (2, 2, 2)]).phase          # dealt: the first clue cards are flipped next
'flip'
"""
from __future__ import annotations

from pirates_lab.plunder_2013.game import DealCard, Game


def dealt(hands, game: Game | None = None):
    """The state after chance deals each pirate's map cards in `hands` (one tuple a pirate, player 1 first);
    `game` defaults to a game of len(hands) players."""
    game = Game(players=len(hands)) if game is None else game
    state = game.new_initial_state()
    for hand in hands:
        for card in hand:
            state = state.apply(DealCard(card))
    return state


def answered(state):
    """Every pirate asked gives the (only legal) truthful answer."""
    while state.phase == "answer":
        state = state.apply(state.legal_actions()[0])
    return state
