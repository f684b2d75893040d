"""Action Cards: the card windows, which card each player may play (and on whom), and what it does.

Rules: King of Pirates › Action Cards

Cards are played in windows: after the upkeep die (U and A cards: the printed 1D window), before
moving (M and A), before the combat dice and again after them, before the result (C and A: "Cards
with an A are playable at any time during a turn", so "a way to keep people from plundering the
Strongholds can be to move the Flying Dutchman on top of them during the Combat phase"), and the
other players' A cards after each step of a move.  At a
player's own decisions during a turn (:data:`CARD_STEPS`: making room before the draw, sailing, at
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

__all__ = ["ActionCards", "WINDOW_TIMING", "WINDOW_KIND", "CARD_STEPS"]

#: The timing letters each window accepts.
WINDOW_TIMING = {"upkeep": ("U", "A"), "movement": ("M", "A"), "combat": ("C", "A"), "step": ("A",)}
#: A player's own decisions during a turn, and the window whose timing letters apply there: the
#: cards that player may play at that moment are offered beside the step's own choices.
CARD_STEPS = {"make_room": "upkeep", "steal": "upkeep", "movement": "movement", "lair_buy": "movement",
              "lair_crew": "movement", "dig": "movement", "combat_choose": "combat", "attacker_rerolls": "combat",
              "defender_rerolls": "combat"}
#: The phase that opens each window.
WINDOW_KIND = {"upkeep_window": "upkeep", "movement_window": "movement", "combat_window": "combat",
               "result_window": "combat", "step_window": "step"}


class ActionCards:
    """Rules: King of Pirates › Action Cards"""

    # ---- the windows
    def _open_window(self, kind: str, after: int | None = None) -> None:
        start = self.current if after is None else (after + 1) % self.game.players
        order = [(start + i) % self.game.players for i in range(self.game.players)]
        if kind == "step":      # between two steps of a move: the others' A cards (the mover has its own step)
            order = [p for p in order if p != self.current]
        asked = tuple(p for p in order if self.players[p].hand)     # public: who holds a card at all
        if asked:
            FLOW.push(self, Task("window", None, (kind, asked)))

    def _auto_open_window(self, task):
        FLOW.finish(self)
        self._open_window(WINDOW_KIND[task.phase])
        return True

    def _auto_reopen_window(self, task):
        FLOW.pop(self)
        self._open_window(*task.data)
        return True

    def _auto_window(self, task):
        kind, asked = task.data
        still = tuple(p for p in asked if self.players[p].hand)
        if not still:
            FLOW.pop(self)
            return True
        if still != asked:
            FLOW.replace(self, Task("window", None, (kind, still)))
        return False

    def _window_actions(self, task):
        return [Pass()] + self._card_plays(task.data[1][0], task.data[0])

    def _do_window(self, p, task, action):
        """The first card played is the first to take effect.  Rules: King of Pirates › Action Cards"""
        kind, asked = task.data
        FLOW.pop(self)
        if isinstance(action, Pass):
            if len(asked) > 1:
                FLOW.push(self, Task("window", None, (kind, asked[1:])))
            return
        FLOW.push(self, Task("reopen_window", None, (kind, p)))   # go round again after the card
        self._play(p, action)

    # ---- cards at a player's own decisions ("Cards with an A are playable at any time during a turn")
    def _cards_in_step(self, task, p: int) -> list:
        """The cards ``p`` may play at its own decision ``task`` (none outside :data:`CARD_STEPS`)."""
        kind = CARD_STEPS.get(task.phase)
        return self._card_plays(p, kind) if kind else []

    # ---- who may play what
    def _card_plays(self, p: int, kind: str) -> list:
        """The cards player p may play in this window, with their targets.  Rules: King of Pirates › Action Cards"""
        timing = WINDOW_TIMING[kind]
        hand = sorted(set(self.players[p].hand))
        comp = self.comp
        combat = self.combat
        out: list = []
        for card in hand:
            letter = comp.action_cards[card]["timing"]
            if letter not in timing:
                continue
            if card == "Mutiny":        # "Current player gets a Mutiny", whoever plays it
                out.append(Play(card))
            elif card == "Tailwind" and p == self.current:
                out.append(Play(card))
            elif card == "Assault" and combat and combat["attacker"] == p:
                out.append(Play(card))
            elif card == "Ambush" and combat and combat["defender"] == p:
                out.append(Play(card))
            elif card == "Mercenaries" and combat:
                out.append(Play(card, combat["attacker"]))
                out.append(Play(card, combat["defender"] if combat["defender"] is not None else "nation"))
            elif card == "Soldiers" and combat and combat["defender"] is None:
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

    # ---- what a card does
    def _play(self, p: int, action: Play) -> None:
        """A card takes effect at once.  Rules: King of Pirates › Action Cards"""
        card, target = action.card, action.target
        self._remove_from_hand(p, card)
        self.say(f"Player {p + 1} plays {card}.")
        bonus = self.turn_bonus
        if card == "Mutiny":
            self._mutiny(self.current)
        elif card == "Tailwind":
            bonus.setdefault("tailwind", []).append(p)
            if self.agenda and self.agenda[-1].phase == "movement":    # mid-move: two more spaces now
                self.say(f"Player {p + 1} may sail {self.moves_left} more space(s).")
        elif card in ("Assault", "Ambush"):
            bonus.setdefault(card.lower(), []).append(p)
        elif card == "Mercenaries":
            bonus.setdefault("mercenaries", []).append(target)
        elif card == "Soldiers":
            bonus.setdefault("soldiers", []).append(target)
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
