"""Action Cards: the card windows, which card each player may play (and on whom), and what it does.

Rules: King of Pirates › Action Cards

Cards are played in windows: after the upkeep die (U and A cards: the printed 1D window), before
moving (M and A), before the combat dice and again after them, before the result (C and A: "Cards
with an A are playable at any time during a turn", so "a way to keep people from plundering the
Strongholds can be to move the Flying Dutchman on top of them during the Combat phase"), and the
other players' A cards after each step of a move.  At a
player's own decisions during a turn (``own_step`` rows of the table: making room before the draw, sailing, at
a lair, choosing a target, re-rolling) the cards it may play then are offered too: Tailwind in the
middle of a move, Citrus Fruits after a failed roll, a U or A card instead of a discard.

Who is asked depends only on what everybody sees: every player holding a card (hand sizes are
public), in seat order from the current player, plays one card or passes, whether or not a card
of theirs can be played now; otherwise being asked would tell the table who holds what.  A card
takes effect at once ("the first card played is the first to take effect") and the window goes
round again.
"""
from __future__ import annotations

from pirates_lab.core import Task

from ..actions import Pass, Play
from .phases_of_a_turn import FLOW
from .task_data import Played, Reopen, Timing, Window

__all__ = ["ActionCards"]


class ActionCards:
    """Rules: King of Pirates › Action Cards"""

    # ---- the windows
    def _open_window(self, timing: Timing, after: int | None = None) -> None:
        start = self.current if after is None else (after + 1) % self.game.players
        order = [(start + i) % self.game.players for i in range(self.game.players)]
        if timing is Timing.STEP:   # between two steps of a move: the others' A cards (the mover has its own step)
            order = [p for p in order if p != self.current]
        asked = tuple(p for p in order if self.players[p].hand)     # public: who holds a card at all
        if asked:
            FLOW.push(self, Task("window", None, Window(timing, asked)))

    def _auto_reopen_window(self, task):
        FLOW.pop(self)
        self._open_window(task.data.timing, task.data.after)
        return True

    def _window_actions(self, task):
        return [Pass()] + self._card_plays(task.data.asked[0], task.data.timing)

    def _answer_window(self, task, action):
        """The first card played is the first to take effect.  Rules: King of Pirates › Action Cards"""
        window = task.data
        p = window.asked[0]
        FLOW.pop(self)
        if isinstance(action, Pass):
            if len(window.asked) > 1:
                FLOW.push(self, Task("window", None, Window(window.timing, window.asked[1:])))
            return
        FLOW.push(self, Task("reopen_window", None, Reopen(window.timing, p)))   # go round again after the card
        self._play(p, action)

    # ---- cards in play this turn
    def _in_play(self, card: str, *, by=None, on=None) -> int:
        """How many ``card`` are in play this turn (played by ``by``, on ``on``, when given)."""
        return sum(1 for played in self.in_play if played.card == card and (by is None or played.by == by)
                   and (on is None or played.target == on))

    # ---- who may play what
    def _card_plays(self, p: int, timing: Timing) -> list:
        """The cards player p may play now, with their targets.  Rules: King of Pirates › Action Cards"""
        hand = sorted(set(self.players[p].hand))
        comp = self.comp
        combat = self.combat
        out: list = []
        for card in hand:
            letter = comp.action_cards[card]["timing"]
            if letter not in timing.letters:
                continue
            if card == "Mutiny":        # "Current player gets a Mutiny", whoever plays it
                out.append(Play(card))
            elif card == "Tailwind" and p == self.current and self._move_to_come():
                out.append(Play(card))
            elif card == "Assault" and combat and combat.attacker == p:
                out.append(Play(card))
            elif card == "Ambush" and combat and combat.defender == p:
                out.append(Play(card))
            elif card == "Mercenaries" and combat:
                out.append(Play(card, combat.attacker))
                out.append(Play(card, combat.defender if combat.defender is not None else "nation"))
            elif card == "Soldiers" and combat and combat.defender is None:
                out.append(Play(card, "nation"))
            elif card == "Scurvy":
                out += [Play(card, q) for q in range(self.game.players) if q != p]
            elif card == "Citrus Fruits" and self.players[p].scurvy:
                out.append(Play(card))
            elif card == "Assassination":    # "Choose a Crewmember in play": your own crew too
                out += [Play(card, (q, c)) for q, pl in enumerate(self.players) for c in pl.crew
                        if comp.pirates[c]["skill"] != "Immune to Assassination"]
            elif card == "The Flying Dutchman":
                out += [Play(card, face) for face in comp.compass]
        return out

    def _move_to_come(self) -> bool:
        """Can a Tailwind still lengthen this turn's move?  Before the move (its window) and during it, until
        the move ends or a warship stops it; not at the lair, the dig or the combat after it, where "move up
        to 2 additional Spaces" would only lose the card.  Rules: King of Pirates › Action Cards"""
        if any(task.phase == "start_movement" for task in self.agenda):
            return True
        return self._voyage() is not None and not self._stopped_by_warship()

    # ---- what a card does
    def _play(self, p: int, action: Play) -> None:
        """A card takes effect at once.  Rules: King of Pirates › Action Cards"""
        card, target = action.card, action.target
        self._remove_from_hand(p, card)
        self.say(f"Player {p + 1} plays {card}.")
        if card == "Mutiny":
            self._mutiny(self.current)
        elif card in ("Tailwind", "Assault", "Ambush", "Mercenaries", "Soldiers"):   # in play for this turn
            self.in_play += (Played(card, p, target),)
            if card == "Tailwind" and self._voyage() is not None:      # mid-move: two more spaces now
                self.say(f"Player {p + 1} may sail {self.moves_left} more space(s).")
        elif card == "Scurvy":
            self._gain_scurvy(target)
        elif card == "Citrus Fruits":
            self._set(p, scurvy=0)
        elif card == "Assassination":
            q, pirate = target
            self.say(f"{pirate} (player {q + 1}) is assassinated.")
            self._lose_pirate(q, pirate)
        elif card == "The Flying Dutchman":
            self._move_dutchman(target)
