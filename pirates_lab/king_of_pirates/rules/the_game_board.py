"""The Game Board: the Point Track counts each player's Doubloons; the first to go round it wins.

Rules: King of Pirates › The Game Board

"The Point Track is the golden ring. Use this to count the amount of Doubloons you have collected.
The skull is the beginning and the end."  Every token starts on the skull; the first player whose
token comes round to the skull again (``win_doubloons``, 10,000 in the data file: the ring's length
is our assumption) ends the game and wins.  A game stopped after ``max_turns`` rounds is won by the
most Doubloons (ties share).
"""
from __future__ import annotations


__all__ = ["check_winner", "point_track", "winners_of"]


def check_winner(state) -> None:
    for p, player in enumerate(state.players):
        if player.doubloons >= state.game.win_doubloons and state.winner is None:
            state.winner = p
            state.agenda.clear()
            state.say(f"Player {p + 1} reaches {player.doubloons} Doubloons: round the Point Track and back at the "
                      f"skull, King of Pirates!")


def point_track(state) -> tuple:
    """Doubloons on the Point Track."""
    return tuple(pl.doubloons for pl in state.players)


def winners_of(state) -> tuple[int, ...]:
    """The first player round the Point Track; after ``max_turns`` rounds, the most Doubloons."""
    if state.winner is not None:
        return (state.winner,)
    scores = state.scores()
    return tuple(p for p, s in enumerate(scores) if s == max(scores))
