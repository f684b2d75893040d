"""Game Setup: the deal, the face-up card, the first player; the deck and the dice as chance.

Rules: Pillage & Plunder › Game Setup
"""
from __future__ import annotations

from pirates_lab.core import Dist

__all__ = ["GameSetup"]


class GameSetup:
    """Dealing and the chance steps that draw from the deck or roll dice (mixed into the state)."""

    def _deal_order(self) -> list:
        """Five cards to each player in turn, then one face up (``None``)."""
        players = self.game.players
        return [p for _ in range(self.data.game["hand_size"]) for p in range(players)] + [None]

    def _deck_outcomes(self, task) -> Dist:
        """The next card: each physical card in the draw piles equally likely."""
        return Dist({c: n for c, n in self.deck.items() if n})

    def _first_outcomes(self, task) -> Dist:
        return Dist.uniform(range(len(self.players)))

    def _die_outcomes(self, task) -> Dist:
        return Dist.die(6)

    def _two_dice_outcomes(self, task) -> Dist:
        return Dist.independent(Dist.die(6), Dist.die(6))

    def _draw_card(self, card: str) -> None:
        """Take ``card`` out of the draw piles."""
        self.deck[card] -= 1
        if not self.deck[card]:
            del self.deck[card]

    def _on_deal(self, card: str) -> None:
        """Rules: Pillage & Plunder › Game Setup"""
        self._draw_card(card)
        who = self.pending["deal"].pop(0)
        if who is None:
            self.discard.append(card)
            self.say(f"{card} is turned face up to start the discard pile.")
            self.pending = {"table": []}
            self._goto("first", None)
        else:
            self.players[who]["hand"].append(card)

    def _on_first(self, player: int) -> None:
        """Rules: Pillage & Plunder › Game Setup"""
        self.first = self.current = player
        self.say(f"Player {player + 1} rolls highest and takes the first turn.")
        self._start_turn()
