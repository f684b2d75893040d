"""The Game Board: the Point Track counts each player's Doubloons; the first to go round it wins.

Rules: King of Pirates › The Game Board

"The Point Track is the golden ring. Use this to count the amount of Doubloons you have collected.
The skull is the beginning and the end."  Every token starts on the skull; the first player whose
token comes round to the skull again (``win_doubloons``, 10,000 in the data file: the ring's length
is our assumption) ends the game and wins.  A game stopped after ``max_turns`` rounds is won by the
most Doubloons (ties share).
"""
from __future__ import annotations

__all__ = ["TheGameBoard"]


class TheGameBoard:
    """The Point Track.  Rules: King of Pirates › The Game Board"""

    def _check_winner(self) -> None:
        for p, player in enumerate(self.players):
            if player.doubloons >= self.game.win_doubloons and self.winner is None:
                self.winner = p
                self.agenda.clear()
                self.say(f"Player {p + 1} reaches {player.doubloons} Doubloons: round the Point Track and back at the "
                         f"skull, King of Pirates!")

    def scores(self) -> tuple:
        """Doubloons on the Point Track."""
        return tuple(pl.doubloons for pl in self.players)

    def winners(self) -> tuple[int, ...]:
        """The first player round the Point Track; after ``max_turns`` rounds, the most Doubloons."""
        if self.winner is not None:
            return (self.winner,)
        scores = self.scores()
        return tuple(p for p, s in enumerate(scores) if s == max(scores))
