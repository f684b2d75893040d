"""Setup: the sea around Tortuga, the First Captain by the highest card, the roles, the deal.

Rules: Plunder › Setup
"""
from __future__ import annotations

from pirates_lab.core import Dist, Task
from pirates_lab.core.geometry import SQUARE_STEPS

from .tasks import Tie

__all__ = ["Setup", "ROLES"]

#: Roles in order from the First Captain's left; "the last Captain" (on the First Captain's right) deals.
ROLES = ("Treasurer", "Quartermaster", "Herald")


class Setup:
    """Setup steps of :class:`~pirates_lab.plunder.state.State`, and the deck's odds for every draw."""

    def _setup_agenda(self) -> None:
        tortuga = next(c for c in self.comp.of_kind("tortuga"))
        open_sea = next(c for c in self.comp.of_kind("open_sea"))
        self._from_deck(tortuga.name)
        self.sea[(0, 0)] = tortuga.name
        for dx, dy in SQUARE_STEPS:  # above, to the right, below and to the left, facing as Tortuga
            self._from_deck(open_sea.name)
            self.sea[(dx, dy)] = open_sea.name
        seats = tuple(range(self.game.players))
        self.flow.push(self, *(Task("first_draw", p) for p in seats), Task("first_check", None, Tie(seats)))
        self.say(f"{self.game.players} captains with {self.comp.rules['silver_per_captain']} silver each; "
                 f"Tortuga and four Open Sea cards make the sea.")

    # ---------------------------------------------------------------- the deck's odds
    def _deck_odds(self, task) -> Dist:
        """Each card left in the deck equally likely (the deck is a multiset)."""
        return Dist(dict(self.deck))

    def _deal_odds(self, task) -> Dist:
        """Dealt cards: the Storm "is discarded and replaced", so it never comes."""
        return Dist(self._no_storm())

    def _no_storm(self) -> dict:
        return {k: n for k, n in self.deck.items() if self.card(k).kind != "storm"}

    def _before_draw(self, task):
        """Before any draw: an empty deck takes the discard pile back (ASSUMPTION); nothing left, no draw."""
        return self._refill(lambda: self.deck)

    def _before_deal(self, task):
        """Before a card is dealt (never the Storm): the same, counting only the cards that can be dealt."""
        return self._refill(self._no_storm)

    def _refill(self, usable):
        if not usable():
            self._reshuffle()
            if self.deck:
                self.say("The deck ran out: the discard pile is shuffled into a new deck.")
        if not usable():
            self.flow.pop(self)
            return None
        return False

    # ---------------------------------------------------------------- the First Captain
    def _drawn_first_draw(self, task, name: str) -> None:
        p = task.player
        self._from_deck(name)
        self.cap(p)["shown"].append(name)  # face up: in the hand, and seen by all
        self.first_draws.setdefault(p, []).append(name)
        self.say(f"Captain {p + 1} draws {name} (number {self.card(name).number}) face up.")
        self.flow.pop(self)

    def _auto_first_check(self, task) -> None:
        """The highest latest card becomes First Captain; tied captains keep drawing."""
        self.flow.pop(self)
        seats = task.data.seats
        latest = {p: self.card(self.first_draws[p][-1]).number for p in seats if self.first_draws.get(p)}
        if not latest:
            seats = tuple(range(self.game.players))
            latest = {p: 0 for p in seats}
        best = max(latest.values())
        tied = tuple(p for p in seats if latest.get(p) == best)
        if len(tied) > 1 and self.deck:
            self.say(f"Captains {', '.join(str(p + 1) for p in tied)} tie with {best}: they draw again.")
            self.flow.push(self, *(Task("first_draw", p) for p in tied), Task("first_check", None, Tie(tied)))
            return
        self._start_game(tied[0])

    def _start_game(self, first: int) -> None:
        n = self.game.players
        limit = self.comp.rules["hand_size"]
        for p in range(n):  # a tie can leave more than 6: the most recently drawn go
            cap = self.cap(p)
            drawn = self.first_draws.get(p, [])
            while len(self.hand(p)) > limit:
                name = drawn.pop()
                self._play_to_discard(p, name)
                self.say(f"Captain {p + 1} discards {name}: a hand holds 6 cards.")
        self.first = first
        self.current = first
        self.roles = {role: (first + 1 + i) % n for i, role in enumerate(ROLES)}
        self.roles["Dealer"] = (first - 1) % n
        self.say(f"Captain {first + 1} is the First Captain; Tortuga's North points to them. "
                 + ", ".join(f"{role}: captain {seat + 1}" for role, seat in self.roles.items()) + ".")
        order = [(self.roles["Dealer"] + 1 + i) % n for i in range(n)]
        deals = []
        sizes = {p: len(self.hand(p)) for p in range(n)}
        while any(sizes[p] < limit for p in order):
            for p in order:
                if sizes[p] < limit:
                    deals.append(Task("deal", p))
                    sizes[p] += 1
        self.flow.push(self, *deals, Task("start", first))

    def _drawn_deal(self, task, name: str) -> None:
        self._draw(task.player, name)
        self.flow.pop(self)
        if self.flow.top(self).phase != "deal":
            self.say(f"Every captain holds {self.comp.rules['hand_size']} cards; a Storm dealt is replaced and "
                     "shuffled back (so it never reaches a hand).")
