"""Phases of a Turn: the phase table (``FLOW``) and the start and end of a turn.

Rules: King of Pirates › Phases of a Turn

The table is the whole turn: for each step, the rule that governs it, who acts (the task's player,
chance, nobody: an automatic step, or someone else named by a function) and what comes next.  A
step pushed by a rule rather than by ``then`` (a mutiny, a tile turned over, a combat) says so in
its ``doc``.  ``FLOW.table()`` prints it for the docs.
"""
from __future__ import annotations

from pirates_lab.core import AUTO, CHANCE, Phase, TurnFlow

from .headings import (RULE_CAPTAINS_SKILLS, RULE_CARDS, RULE_COMBAT, RULE_CONCEPTS, RULE_MOVEMENT, RULE_SETUP,
                       RULE_TURN, RULE_UPKEEP)

__all__ = ["FLOW", "TurnPhases"]


def window_player(state, task) -> int:
    """the next player in the card window who may play"""
    return task.data[1][0]


def defender(state, task) -> int:
    """the defender"""
    return state.combat["defender"]


FLOW = TurnFlow(
    # Game Setup (pushed once, every player's pirates first, then every player's cards)
    Phase("setup_draw", rule=RULE_SETUP, actor=CHANCE, auto="_auto_setup_draw", then=("setup_keep",),
          doc="a pirate card for the player (3 drawn)"),
    Phase("setup_keep", rule=RULE_SETUP, actions="_setup_keep_actions", auto="_auto_setup_keep",
          doc="keep a captain and a mate"),
    Phase("setup_hand", rule=RULE_SETUP, actor=CHANCE, auto="_auto_draw_cards", doc="3 secret action cards"),
    # Phases of a Turn
    Phase("start_turn", rule=RULE_TURN, actor=AUTO, auto="_auto_start_turn", then=("make_room", "end_turn")),
    Phase("end_turn", rule=RULE_TURN, actor=AUTO, auto="_auto_end_turn", then=("start_turn",),
          doc="the next player's turn (or the end after max_turns rounds)"),
    # Phase 1: Upkeep Phase
    Phase("make_room", rule=RULE_UPKEEP, actions="_make_room_actions", auto="_auto_make_room",
          then=("upkeep_draw",), doc="1A: discard until the draw fits the hand limit"),
    Phase("upkeep_draw", rule=RULE_UPKEEP, actor=CHANCE, auto="_auto_draw_cards", then=("steal",),
          doc="1A: draw 2 action cards"),
    Phase("steal", rule=RULE_CAPTAINS_SKILLS, actions="_steal_actions", auto="_auto_steal", then=("compass",),
          doc='the captain skill "Move 2 on the victory track"'),
    Phase("compass", rule=RULE_UPKEEP, actor=CHANCE, then=("upkeep_die",), doc="1B: the Flying Dutchman moves"),
    Phase("upkeep_die", rule=RULE_UPKEEP, actor=CHANCE, auto="_auto_upkeep_die", then=("upkeep_window",),
          doc="1C: unless at a Pirates Lair"),
    Phase("upkeep_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_open_window", then=("movement_window",),
          doc="1D: U and A cards"),
    Phase("movement_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_open_window", then=("start_movement",),
          doc="M and A cards before moving"),
    # Phase 2: Movement Phase
    Phase("start_movement", rule=RULE_MOVEMENT, actor=AUTO, auto="_auto_start_movement", then=("movement",)),
    Phase("movement", rule=RULE_MOVEMENT, actions="_movement_actions", auto="_auto_movement", then=("arrive",)),
    Phase("step_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_open_window",
          doc="the other players' A cards after each step of a move (pushed by a step)"),
    Phase("reveal", rule=RULE_MOVEMENT, actor=CHANCE, doc="an undiscovered tile turned over (pushed by a move)"),
    Phase("arrive", rule=RULE_MOVEMENT, actor=AUTO, auto="_auto_arrive",
          doc="pushes lair_buy at a Pirates Lair, else dig"),
    Phase("lair_buy", rule=RULE_MOVEMENT, actions="_lair_buy_actions", auto="_auto_lair_buy", then=("lair_draw",)),
    Phase("lair_draw", rule=RULE_MOVEMENT, actor=CHANCE, auto="_auto_lair_draw", then=("lair_crew",),
          doc="vacant positions + 1 pirate cards"),
    Phase("lair_crew", rule=RULE_MOVEMENT, actions="_lair_crew_actions", auto="_auto_lair_crew", then=("refill",)),
    Phase("refill", rule=RULE_MOVEMENT, actor=AUTO, auto="_auto_refill"),
    Phase("dig", rule=RULE_MOVEMENT, actions="_dig_actions", auto="_auto_dig", then=("combat_choose",),
          doc="on a Treasure Island with its treasure and enough maps"),
    # Phase 3: Combat Phase
    Phase("combat_choose", rule=RULE_COMBAT, actions="_combat_choose_actions", auto="_auto_combat_choose",
          doc="attack a ship, town or player here (forced by a warship); pushes combat_window"),
    Phase("combat_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_open_window", then=("attacker_roll",),
          doc="C and A cards before the dice"),
    Phase("attacker_roll", rule=RULE_COMBAT, actor=CHANCE, then=("attacker_rerolls",)),
    Phase("attacker_rerolls", rule=RULE_COMBAT, actions="_reroll_actions", auto="_auto_rerolls",
          then=("defender_roll",)),
    Phase("defender_roll", rule=RULE_COMBAT, actor=CHANCE, auto="_auto_defender_roll", then=("defender_rerolls",),
          doc="only against a player"),
    Phase("defender_rerolls", rule=RULE_COMBAT, actor=defender, actions="_reroll_actions", auto="_auto_rerolls",
          then=("result_window",)),
    Phase("result_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_open_window", then=("resolve_combat",),
          doc="C and A cards after the dice, before the result"),
    Phase("reroll_die", rule=RULE_COMBAT, actor=CHANCE, doc="a cannonball spent (pushed by a re-roll)"),
    Phase("resolve_combat", rule=RULE_COMBAT, actor=AUTO, auto="_auto_resolve_combat", doc="pushes loot"),
    Phase("loot", rule=RULE_COMBAT, actor=CHANCE, auto="_auto_loot", doc="loot cards, then Doubloons"),
    # Action Cards
    Phase("window", rule=RULE_CARDS, actor=window_player, actions="_window_actions", auto="_auto_window",
          doc="each player with a playable card, in seat order, plays one or passes"),
    Phase("reopen_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_reopen_window",
          doc="after a card the window goes round again"),
    # Important Game Concepts
    Phase("mutiny", rule=RULE_CONCEPTS, actions="_mutiny_actions",
          doc="Keelhauling, a scapegoat, or the captain goes (pushed by the rum or a card)"),
    Phase("keelhauling", rule=RULE_CARDS, actor=window_player, actions="_keelhauling_actions",
          doc="after the victim accepts, each other player holding Keelhauling may prevent the mutiny"),
    Phase("relocate", rule=RULE_CONCEPTS, actor=CHANCE, doc="the compass die sends a ship to a Pirates Lair"),
)


class TurnPhases:
    """The start and the end of a turn.  Rules: King of Pirates › Phases of a Turn"""

    def _auto_start_turn(self, task):
        p = self.current
        self.say(f"— Round {self.round}, player {p + 1}'s turn: upkeep.")
        FLOW.finish(self, player=p)

    def _auto_end_turn(self, task):
        self.combat, self.turn_bonus, self.entered = None, {}, None
        self.sailed, self.halted = None, False
        if self.offer:
            self._discard_pirates(self.offer)
            self.offer = []
        self.current = (self.current + 1) % self.game.players
        if self.current == 0:
            self.round += 1
        FLOW.finish(self, player=self.current)
        if self.game.max_turns is not None and self.round > self.game.max_turns:
            self.say(f"After {self.game.max_turns} round(s) the game stops here.")
            self.agenda.clear()

