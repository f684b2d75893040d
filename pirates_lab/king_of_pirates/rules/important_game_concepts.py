"""Important Game Concepts: Mutiny, Pirates Lairs, the Flying Dutchman (and the compass die that
sends a ship back to a random lair).

Rules: King of Pirates › Important Game Concepts
"""
from __future__ import annotations

from pirates_lab.core import Dist, Task
from pirates_lab.core.geometry import HEX_DIRECTIONS, on_hex_board

from ..actions import AcceptMutiny, Pass, Play, Sacrifice
from ..components import Cell
from .phases_of_a_turn import FLOW
from .task_data import Keelhaul

__all__ = ["ImportantGameConcepts"]


class ImportantGameConcepts:
    """Rules: King of Pirates › Important Game Concepts"""

    # ---- the Flying Dutchman
    def _move_dutchman(self, face: str) -> None:
        """One space in the compass direction; off the map it returns to the centre.

        Rules: King of Pirates › Phase 1: Upkeep Phase
        """
        dq, dr = HEX_DIRECTIONS[self.comp.compass.index(face)]
        q, r = self.dutchman
        nxt = (q + dq, r + dr)
        if not on_hex_board(nxt, self.comp.radius):
            nxt = self.comp.centre
            self.say("The Flying Dutchman sails off the map and returns to the centre.")
        self.dutchman = nxt
        self.say(f"The Flying Dutchman moves {face} to {nxt}.")
        if nxt not in self.comp.lairs:       # "you cannot be attacked by ... the Flying Dutchman" there
            self._sweep(nxt)

    def _sweep(self, cell: Cell) -> None:
        """Everyone on the Dutchman's space loses hand and pirates and goes to a random lair; the
        current player's turn ends.  (Never called at a Pirates Lair: the callers check.)

        Rules: King of Pirates › Important Game Concepts"""
        victims = [p for p, pl in enumerate(self.players) if pl.position == cell]
        for p in victims:
            player = self.players[p]
            for card in player.hand:
                self._discard_card(card)
            self._discard_pirates(player.crew)
            self._set(p, hand=(), held_before_shuffle=(), crew=())
            self._clamp(p)
            self.say(f"The Flying Dutchman takes player {p + 1}'s cards and pirates!")
        if self.current in victims:      # (a combat is on the mover's space: its ships are taken too)
            FLOW.cut(self, "end_turn")
        FLOW.push(self, *[Task("relocate", p) for p in victims])

    def _relocate_odds(self, task) -> Dist:
        return Dist.uniform(self.comp.compass)

    def _relocate(self, task, face) -> None:
        FLOW.pop(self)
        p = task.player
        lair = self.comp.corner_lair(self.comp.compass.index(face))
        self._set(p, position=lair)
        self.say(f"The compass die sends player {p + 1} to the Pirates Lair at {lair}.")

    # ---- Mutiny
    def _mutiny(self, p: int) -> None:
        """Rules: King of Pirates › Important Game Concepts"""
        self.say(f"Player {p + 1}'s crew threatens a mutiny!")
        FLOW.push(self, Task("mutiny", p))

    def _mutiny_actions(self, task):
        p = task.player
        out = [AcceptMutiny()]
        if "Keelhauling" in self.players[p].hand:
            out.append(Play("Keelhauling"))
        comp = self.comp
        out += [Sacrifice(c) for c in self.players[p].crew if comp.pirates[c]["skill"] == "Sacrifice to prevent Mutiny"]
        return out

    def _answer_mutiny(self, task, action):
        """Keelhauling or a scapegoat prevents it; else the captain goes, a random lair, the turn ends.

        Rules: King of Pirates › Important Game Concepts
        """
        p = task.player
        FLOW.pop(self)
        if isinstance(action, Play):
            self._remove_from_hand(p, "Keelhauling")
            self.say(f"Player {p + 1} keelhauls the ringleader: no mutiny.")
        elif isinstance(action, Sacrifice):
            self._lose_pirate(p, action.pirate)
            self.say(f"Player {p + 1} sacrifices {action.pirate}: no mutiny.")
        else:
            order = [(p + i) % self.game.players for i in range(1, self.game.players)]
            asked = tuple(q for q in order if self.players[q].hand)   # public: who holds a card at all
            if asked:       # "Keelhauling (U) - Prevent one Mutiny": anybody holding one may
                FLOW.push(self, Task("keelhauling", p, Keelhaul(p, asked)))
            else:
                self._carry_out_mutiny(p)

    def _keelhauling_actions(self, task):
        """Every player holding a card is asked (so being asked tells nobody who holds Keelhauling)."""
        return [Pass()] + ([Play("Keelhauling")] if "Keelhauling" in self.players[task.data.asked[0]].hand else [])

    def _answer_keelhauling(self, task, action):
        """Another player may prevent the mutiny with a Keelhauling card.  Rules: King of Pirates › Action Cards"""
        victim, q = task.data.victim, task.data.asked[0]
        FLOW.pop(self)
        asked = tuple(p for p in task.data.asked[1:] if self.players[p].hand)
        if isinstance(action, Play):
            self._remove_from_hand(q, "Keelhauling")
            self.say(f"Player {q + 1} keelhauls player {victim + 1}'s ringleader: no mutiny.")
        elif asked:
            FLOW.push(self, Task("keelhauling", victim, Keelhaul(victim, asked)))
        else:
            self._carry_out_mutiny(victim)

    def _carry_out_mutiny(self, p: int) -> None:
        """The captain is discarded, a random lair, and the turn ends.  Rules: King of Pirates › Important Game Concepts"""
        crew = self.players[p].crew
        if crew:
            self.say(f"Mutiny! Captain {crew[0]} is thrown overboard.")
            self._lose_pirate(p, crew[0])
        else:
            self.say("Mutiny! (There is no captain to discard.)")
        if p == self.current:
            FLOW.cut(self, "end_turn")
        FLOW.push(self, Task("relocate", p))
        self._check_hand_limit(p)       # (again: the cut took away the one the lost captain pushed)
