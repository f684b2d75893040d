"""Phases of a Turn: the phase table (``FLOW``) and the start and end of a turn.

Rules: King of Pirates › Phases of a Turn

The table is the whole turn: for each step, the rule that governs it, who acts (the task's player,
chance, nobody: an automatic step, or someone else named by a function), what they may do
(``actions``), chance's exact odds (``odds``), what a move does (``apply``), why a move is refused
(``why``), the data its task carries (``data``, from :mod:`.task_data`) and what comes next
(``then``).  The core's :class:`~pirates_lab.core.FlowState` answers the protocol from it.  A
step pushed by a rule rather than by ``then`` (a mutiny, a tile turned over, a combat) says so in
its ``doc``.  ``FLOW.table()`` prints it for the docs.

Each column holds a function of the chapter module that holds the rule (``f(state, task, ...)``).
At a player's own decisions during a turn (:func:`.agenda.own_step`) the cards that player may play then
are offered beside the step's choices: "Cards with an A are playable at any time during a turn".
"""
from __future__ import annotations

from pirates_lab.core import AUTO, CHANCE, Phase, TurnFlow

from ..headings import (RULE_CAPTAINS_SKILLS, RULE_CARDS, RULE_COMBAT, RULE_CONCEPTS, RULE_MOVEMENT, RULE_SETUP,
                        RULE_TURN, RULE_UPKEEP)
from . import (action_cards, captains_skills, combat_phase, game_setup, important_game_concepts, movement_phase,
               refusals, upkeep_phase)
from .agenda import asked_player, carry_on, defender, opens, own_step
from .task_data import (Combat, CrewVisit, Drawn, Keelhaul, Loot, Reopen, Spent, Steals, Tile, Timing, Voyage,
                        Window)

__all__ = ["FLOW", "auto_start_turn", "auto_end_turn"]


def auto_start_turn(state, task):
    """Rules: King of Pirates › Phases of a Turn"""
    state.say(f"— Round {state.round}, player {task.player + 1}'s turn: upkeep.")
    carry_on(state)


def auto_end_turn(state, task):
    """The next player's turn (a new round after the last seat), or the end after ``max_turns`` rounds."""
    state.in_play, state.entered = (), None       # (no pirate is left on offer: the lair's refill discards them)
    state.current = (state.current + 1) % state.game.players
    if state.current == 0:
        state.round += 1
    carry_on(state, player=state.current)
    if state.game.max_turns is not None and state.round > state.game.max_turns:
        state.say(f"After {state.game.max_turns} round(s) the game stops here.")
        state.agenda.clear()


FLOW = TurnFlow(
    # Game Setup (pushed once, every player's pirates first, then every player's cards)
    Phase("setup_draw", rule=RULE_SETUP, actor=CHANCE, odds=movement_phase.pirate_odds, apply=game_setup.draw_setup_pirate,
          auto=game_setup.auto_setup_draw, why=refusals.why_not, then=("setup_keep",), doc="a pirate card for the player (3 drawn)"),
    Phase("setup_keep", rule=RULE_SETUP, actions=game_setup.setup_keep_actions, apply=game_setup.keep_pirates, auto=game_setup.auto_setup_keep,
          why=refusals.why_not, doc="keep a captain and a mate"),
    Phase("setup_hand", rule=RULE_SETUP, actor=CHANCE, odds=upkeep_phase.action_card_odds, apply=upkeep_phase.draw_action_card,
          auto=upkeep_phase.auto_setup_hand, why=refusals.why_not, data=Drawn, doc="3 secret action cards"),
    # Phases of a Turn
    Phase("start_turn", rule=RULE_TURN, actor=AUTO, auto=auto_start_turn, then=("make_room", "end_turn")),
    Phase("end_turn", rule=RULE_TURN, actor=AUTO, auto=auto_end_turn, then=("start_turn",),
          doc="the next player's turn (or the end after max_turns rounds)"),
    # Phase 1: Upkeep Phase
    own_step("make_room", rule=RULE_UPKEEP, actions=upkeep_phase.make_room_actions, apply=upkeep_phase.discard_to_make_room,
             cards=Timing.UPKEEP, auto=upkeep_phase.auto_make_room, then=("upkeep_draw",),
             doc="1A: discard (or use a card) until the draw fits the hand limit"),
    Phase("upkeep_draw", rule=RULE_UPKEEP, actor=CHANCE, odds=upkeep_phase.action_card_odds, apply=upkeep_phase.draw_action_card,
          auto=upkeep_phase.auto_upkeep_draw, why=refusals.why_not, data=Drawn, then=("steal",), doc="1A: draw 2 action cards"),
    own_step("steal", rule=RULE_CAPTAINS_SKILLS, actions=captains_skills.steal_actions, apply=captains_skills.steal, cards=Timing.UPKEEP,
             auto=captains_skills.auto_steal, data=Steals, then=("compass",), doc='the captain skill "Move 2 on the victory track"'),
    Phase("compass", rule=RULE_UPKEEP, actor=CHANCE, odds=upkeep_phase.compass_odds, apply=upkeep_phase.roll_compass, why=refusals.why_not,
          then=("upkeep_die",), doc="1B: the Flying Dutchman moves"),
    Phase("upkeep_die", rule=RULE_UPKEEP, actor=CHANCE, odds=upkeep_phase.upkeep_die_odds, apply=upkeep_phase.roll_upkeep_die,
          auto=upkeep_phase.auto_upkeep_die, why=refusals.why_not, then=("upkeep_window",), doc="1C: unless at a Pirates Lair"),
    Phase("upkeep_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.UPKEEP), then=("movement_window",),
          doc="1D: U and A cards"),
    Phase("movement_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.MOVEMENT), then=("start_movement",),
          doc="M and A cards before moving"),
    # Phase 2: Movement Phase
    Phase("start_movement", rule=RULE_MOVEMENT, actor=AUTO, auto=movement_phase.auto_start_movement, then=("movement",)),
    own_step("movement", rule=RULE_MOVEMENT, actions=movement_phase.movement_actions, apply=movement_phase.sail, cards=Timing.MOVEMENT,
             auto=movement_phase.auto_movement, data=Voyage, then=("arrive",), doc="sail a space, or stop"),
    Phase("step_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.STEP),
          doc="the other players' A cards after each step of a move (pushed by a step)"),
    Phase("reveal", rule=RULE_MOVEMENT, actor=CHANCE, odds=movement_phase.reveal_odds, apply=movement_phase.turn_over, why=refusals.why_not,
          data=Tile, doc="an undiscovered tile turned over (pushed by a move)"),
    Phase("arrive", rule=RULE_MOVEMENT, actor=AUTO, auto=movement_phase.auto_arrive,
          doc="pushes lair_buy at a Pirates Lair, else dig"),
    own_step("lair_buy", rule=RULE_MOVEMENT, actions=movement_phase.lair_buy_actions, apply=movement_phase.buy_part, cards=Timing.MOVEMENT,
             auto=movement_phase.auto_lair_buy, then=("lair_draw",)),
    Phase("lair_draw", rule=RULE_MOVEMENT, actor=CHANCE, odds=movement_phase.pirate_odds, apply=movement_phase.draw_lair_pirate,
          auto=movement_phase.auto_lair_draw, why=refusals.why_not, data=Drawn, then=("lair_crew",), doc="vacant positions + 1 pirate cards"),
    own_step("lair_crew", rule=RULE_MOVEMENT, actions=movement_phase.lair_crew_actions, apply=movement_phase.adjust_crew, cards=Timing.MOVEMENT,
             auto=movement_phase.auto_lair_crew, data=CrewVisit, then=("refill",)),
    Phase("refill", rule=RULE_MOVEMENT, actor=AUTO, auto=movement_phase.auto_refill),
    own_step("dig", rule=RULE_MOVEMENT, actions=movement_phase.dig_actions, apply=movement_phase.dig, cards=Timing.MOVEMENT, auto=movement_phase.auto_dig,
             then=("combat_choose",), doc="on a Treasure Island with its treasure, a hand that can hold the maps"),
    # Phase 3: Combat Phase (a Combat travels down these steps; windows and re-rolls are pushed on top)
    own_step("combat_choose", rule=RULE_COMBAT, actions=combat_phase.combat_choose_actions, apply=combat_phase.choose_target,
             cards=Timing.COMBAT, auto=combat_phase.auto_combat_choose,
             doc="attack a ship, town or player here (forced by a warship); pushes combat_window"),
    Phase("combat_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.COMBAT), data=Combat, then=("attacker_roll",),
          doc="C and A cards before the dice"),
    Phase("attacker_roll", rule=RULE_COMBAT, actor=CHANCE, odds=combat_phase.roll_odds, apply=combat_phase.roll_attacker, why=refusals.why_not,
          data=Combat, then=("attacker_rerolls",)),
    own_step("attacker_rerolls", rule=RULE_COMBAT, actions=combat_phase.reroll_actions, apply=combat_phase.attacker_reroll,
             cards=Timing.COMBAT, auto=combat_phase.auto_attacker_rerolls, data=Combat, then=("defender_roll",)),
    Phase("defender_roll", rule=RULE_COMBAT, actor=CHANCE, odds=combat_phase.roll_odds, apply=combat_phase.roll_defender,
          auto=combat_phase.auto_defender_roll, why=refusals.why_not, data=Combat, then=("defender_rerolls",), doc="only against a player"),
    own_step("defender_rerolls", rule=RULE_COMBAT, actor=defender, actions=combat_phase.reroll_actions, apply=combat_phase.defender_reroll,
             cards=Timing.COMBAT, auto=combat_phase.auto_defender_rerolls, data=Combat, then=("result_window",)),
    Phase("result_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.COMBAT), data=Combat, then=("resolve_combat",),
          doc="C and A cards after the dice, before the result"),
    Phase("reroll_die", rule=RULE_COMBAT, actor=CHANCE, odds=combat_phase.reroll_die_odds, apply=combat_phase.reroll_die, why=refusals.why_not,
          data=Spent, doc="a cannonball spent (pushed by a re-roll)"),
    Phase("resolve_combat", rule=RULE_COMBAT, actor=AUTO, auto=combat_phase.auto_resolve_combat, data=Combat, doc="pushes loot"),
    Phase("loot", rule=RULE_COMBAT, actor=CHANCE, odds=combat_phase.loot_odds, apply=combat_phase.draw_loot, auto=combat_phase.auto_loot,
          why=refusals.why_not, data=Loot, doc="loot cards, then Doubloons"),
    # Action Cards
    Phase("window", rule=RULE_CARDS, actor=asked_player, actions=action_cards.window_actions, apply=action_cards.answer_window,
          why=refusals.why_not_card, data=Window,
          doc="each player holding a card, in seat order, plays one or passes"),
    Phase("reopen_window", rule=RULE_CARDS, actor=AUTO, auto=action_cards.auto_reopen_window, data=Reopen,
          doc="after a card the window goes round again"),
    # Important Game Concepts
    Phase("mutiny", rule=RULE_CONCEPTS, actions=important_game_concepts.mutiny_actions, apply=important_game_concepts.answer_mutiny, why=refusals.why_not_prevent,
          doc="Keelhauling, a scapegoat, or the captain goes (pushed by the rum or a card)"),
    Phase("keelhauling", rule=RULE_CARDS, actor=asked_player, actions=important_game_concepts.keelhauling_actions, apply=important_game_concepts.answer_keelhauling,
          why=refusals.why_not, data=Keelhaul,
          doc="after the victim accepts, each other player holding a card may prevent the mutiny"),
    # Captain's Skills
    Phase("over_hand_limit", rule=RULE_CAPTAINS_SKILLS, actions=captains_skills.over_hand_limit_actions, apply=captains_skills.discard_over_limit,
          auto=captains_skills.auto_over_hand_limit, why=refusals.why_not,
          doc='discard down to a hand limit lowered by losing "+1 Black Card per turn" (pushed by a crew change)'),
    Phase("relocate", rule=RULE_CONCEPTS, actor=CHANCE, odds=important_game_concepts.relocate_odds, apply=important_game_concepts.relocate, why=refusals.why_not,
          doc="the compass die sends a ship to a Pirates Lair"),
)
