"""Phases of a Turn: the phase table (``FLOW``) and the start and end of a turn.

Rules: King of Pirates › Phases of a Turn

The table is the whole turn: for each step, the rule that governs it, who acts (the task's player,
chance, nobody: an automatic step, or someone else named by a function), what they may do
(``actions``), chance's exact odds (``odds``), what a move does (``apply``), why a move is refused
(``why``), the data its task carries (``data``, from :mod:`.task_data`) and what comes next
(``then``).  The core's :class:`~pirates_lab.core.FlowState` answers the protocol from it.  A
step pushed by a rule rather than by ``then`` (a mutiny, a tile turned over, a combat) says so in
its ``doc``.  ``FLOW.table()`` prints it for the docs.

At a player's own decisions during a turn (:func:`own_step`) the cards that player may play then
are offered beside the step's choices: "Cards with an A are playable at any time during a turn".
"""
from __future__ import annotations

from pirates_lab.core import AUTO, CHANCE, Phase, Task, TurnFlow

from ..actions import Play
from ..headings import (RULE_CAPTAINS_SKILLS, RULE_CARDS, RULE_COMBAT, RULE_CONCEPTS, RULE_MOVEMENT, RULE_SETUP,
                       RULE_TURN, RULE_UPKEEP)
from .task_data import (Combat, CrewVisit, Drawn, Keelhaul, Loot, Reopen, Spent, Steals, Tile, Timing, Voyage,
                        Window)

__all__ = ["FLOW", "TurnPhases", "carry_on", "own_step"]


def asked_player(state, task) -> int:
    """the next player in the card window"""
    return task.data.asked[0]


def defender(state, task) -> int:
    """the defender"""
    return task.data.defender


class _OwnStep:
    """The ``actions`` and ``apply`` columns of a player's own decision at which the cards it may play
    now (``timing``) are offered too: a card played takes effect and the step stays for its own choice."""

    def __init__(self, actions: str, apply: str, timing: Timing):
        self.step_actions, self.step_apply, self.timing = actions, apply, timing

    def actions(self, state, task):
        return list(getattr(state, self.step_actions)(task)) + state._card_plays(state.current_player(), self.timing)

    def apply(self, state, task, action):
        if isinstance(action, Play):
            state._play(state.current_player(), action)
        else:
            getattr(state, self.step_apply)(task, action)


def own_step(name: str, *, rule: str, actions: str, apply: str, cards: Timing, **more) -> Phase:
    """A row for a player's own decision where its cards of this timing may be played too."""
    step = _OwnStep(actions, apply, cards)
    return Phase(name, rule=rule, actions=step.actions, apply=step.apply, why="_why_not", **more)


def opens(timing: Timing):
    """The ``auto`` column of a step that opens a card window of this timing."""
    def open_window(state, task):
        carry_on(state)
        state._open_window(timing)
        return True
    return open_window


def carry_on(state, data=None, *, player: int | None = None) -> Task:
    """Finish the task on top and push its row's ``then`` steps for the same player (or ``player``).

    Each next step carries ``data`` if given; else, if its row declares a data type, the finished
    task's own data when it is of that type (a :class:`Combat` travels down the combat's steps) or
    that type's empty value (``Drawn()``); else nothing."""
    task = state.agenda.pop()
    who = task.player if player is None else player
    following = []
    for name in FLOW.phases[task.phase].then:
        kind = FLOW.phases[name].data
        if data is not None:
            carried = data
        elif kind is None:
            carried = ()
        else:
            carried = task.data if isinstance(task.data, kind) else kind()
        following.append(Task(name, who, carried))
    FLOW.push(state, *following)
    return task


FLOW = TurnFlow(
    # Game Setup (pushed once, every player's pirates first, then every player's cards)
    Phase("setup_draw", rule=RULE_SETUP, actor=CHANCE, odds="_pirate_odds", apply="_draw_setup_pirate",
          auto="_auto_setup_draw", why="_why_not", then=("setup_keep",), doc="a pirate card for the player (3 drawn)"),
    Phase("setup_keep", rule=RULE_SETUP, actions="_setup_keep_actions", apply="_keep_pirates", auto="_auto_setup_keep",
          why="_why_not", doc="keep a captain and a mate"),
    Phase("setup_hand", rule=RULE_SETUP, actor=CHANCE, odds="_action_card_odds", apply="_draw_action_card",
          auto="_auto_setup_hand", why="_why_not", data=Drawn, doc="3 secret action cards"),
    # Phases of a Turn
    Phase("start_turn", rule=RULE_TURN, actor=AUTO, auto="_auto_start_turn", then=("make_room", "end_turn")),
    Phase("end_turn", rule=RULE_TURN, actor=AUTO, auto="_auto_end_turn", then=("start_turn",),
          doc="the next player's turn (or the end after max_turns rounds)"),
    # Phase 1: Upkeep Phase
    own_step("make_room", rule=RULE_UPKEEP, actions="_make_room_actions", apply="_discard_to_make_room",
             cards=Timing.UPKEEP, auto="_auto_make_room", then=("upkeep_draw",),
             doc="1A: discard (or use a card) until the draw fits the hand limit"),
    Phase("upkeep_draw", rule=RULE_UPKEEP, actor=CHANCE, odds="_action_card_odds", apply="_draw_action_card",
          auto="_auto_upkeep_draw", why="_why_not", data=Drawn, then=("steal",), doc="1A: draw 2 action cards"),
    own_step("steal", rule=RULE_CAPTAINS_SKILLS, actions="_steal_actions", apply="_steal", cards=Timing.UPKEEP,
             auto="_auto_steal", data=Steals, then=("compass",), doc='the captain skill "Move 2 on the victory track"'),
    Phase("compass", rule=RULE_UPKEEP, actor=CHANCE, odds="_compass_odds", apply="_roll_compass", why="_why_not",
          then=("upkeep_die",), doc="1B: the Flying Dutchman moves"),
    Phase("upkeep_die", rule=RULE_UPKEEP, actor=CHANCE, odds="_upkeep_die_odds", apply="_roll_upkeep_die",
          auto="_auto_upkeep_die", why="_why_not", then=("upkeep_window",), doc="1C: unless at a Pirates Lair"),
    Phase("upkeep_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.UPKEEP), then=("movement_window",),
          doc="1D: U and A cards"),
    Phase("movement_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.MOVEMENT), then=("start_movement",),
          doc="M and A cards before moving"),
    # Phase 2: Movement Phase
    Phase("start_movement", rule=RULE_MOVEMENT, actor=AUTO, auto="_auto_start_movement", then=("movement",)),
    own_step("movement", rule=RULE_MOVEMENT, actions="_movement_actions", apply="_sail", cards=Timing.MOVEMENT,
             auto="_auto_movement", data=Voyage, then=("arrive",), doc="sail a space, or stop"),
    Phase("step_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.STEP),
          doc="the other players' A cards after each step of a move (pushed by a step)"),
    Phase("reveal", rule=RULE_MOVEMENT, actor=CHANCE, odds="_reveal_odds", apply="_turn_over", why="_why_not",
          data=Tile, doc="an undiscovered tile turned over (pushed by a move)"),
    Phase("arrive", rule=RULE_MOVEMENT, actor=AUTO, auto="_auto_arrive",
          doc="pushes lair_buy at a Pirates Lair, else dig"),
    own_step("lair_buy", rule=RULE_MOVEMENT, actions="_lair_buy_actions", apply="_buy_part", cards=Timing.MOVEMENT,
             auto="_auto_lair_buy", then=("lair_draw",)),
    Phase("lair_draw", rule=RULE_MOVEMENT, actor=CHANCE, odds="_pirate_odds", apply="_draw_lair_pirate",
          auto="_auto_lair_draw", why="_why_not", data=Drawn, then=("lair_crew",), doc="vacant positions + 1 pirate cards"),
    own_step("lair_crew", rule=RULE_MOVEMENT, actions="_lair_crew_actions", apply="_adjust_crew", cards=Timing.MOVEMENT,
             auto="_auto_lair_crew", data=CrewVisit, then=("refill",)),
    Phase("refill", rule=RULE_MOVEMENT, actor=AUTO, auto="_auto_refill"),
    own_step("dig", rule=RULE_MOVEMENT, actions="_dig_actions", apply="_dig", cards=Timing.MOVEMENT, auto="_auto_dig",
             then=("combat_choose",), doc="on a Treasure Island with its treasure, a hand that can hold the maps"),
    # Phase 3: Combat Phase (a Combat travels down these steps; windows and re-rolls are pushed on top)
    own_step("combat_choose", rule=RULE_COMBAT, actions="_combat_choose_actions", apply="_choose_target",
             cards=Timing.COMBAT, auto="_auto_combat_choose",
             doc="attack a ship, town or player here (forced by a warship); pushes combat_window"),
    Phase("combat_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.COMBAT), data=Combat, then=("attacker_roll",),
          doc="C and A cards before the dice"),
    Phase("attacker_roll", rule=RULE_COMBAT, actor=CHANCE, odds="_roll_odds", apply="_roll_attacker", why="_why_not",
          data=Combat, then=("attacker_rerolls",)),
    own_step("attacker_rerolls", rule=RULE_COMBAT, actions="_reroll_actions", apply="_attacker_reroll",
             cards=Timing.COMBAT, auto="_auto_attacker_rerolls", data=Combat, then=("defender_roll",)),
    Phase("defender_roll", rule=RULE_COMBAT, actor=CHANCE, odds="_roll_odds", apply="_roll_defender",
          auto="_auto_defender_roll", why="_why_not", data=Combat, then=("defender_rerolls",), doc="only against a player"),
    own_step("defender_rerolls", rule=RULE_COMBAT, actor=defender, actions="_reroll_actions", apply="_defender_reroll",
             cards=Timing.COMBAT, auto="_auto_defender_rerolls", data=Combat, then=("result_window",)),
    Phase("result_window", rule=RULE_CARDS, actor=AUTO, auto=opens(Timing.COMBAT), data=Combat, then=("resolve_combat",),
          doc="C and A cards after the dice, before the result"),
    Phase("reroll_die", rule=RULE_COMBAT, actor=CHANCE, odds="_reroll_die_odds", apply="_reroll_die", why="_why_not",
          data=Spent, doc="a cannonball spent (pushed by a re-roll)"),
    Phase("resolve_combat", rule=RULE_COMBAT, actor=AUTO, auto="_auto_resolve_combat", data=Combat, doc="pushes loot"),
    Phase("loot", rule=RULE_COMBAT, actor=CHANCE, odds="_loot_odds", apply="_draw_loot", auto="_auto_loot",
          why="_why_not", data=Loot, doc="loot cards, then Doubloons"),
    # Action Cards
    Phase("window", rule=RULE_CARDS, actor=asked_player, actions="_window_actions", apply="_answer_window",
          why="_why_not_card", data=Window,
          doc="each player holding a card, in seat order, plays one or passes"),
    Phase("reopen_window", rule=RULE_CARDS, actor=AUTO, auto="_auto_reopen_window", data=Reopen,
          doc="after a card the window goes round again"),
    # Important Game Concepts
    Phase("mutiny", rule=RULE_CONCEPTS, actions="_mutiny_actions", apply="_answer_mutiny", why="_why_not_prevent",
          doc="Keelhauling, a scapegoat, or the captain goes (pushed by the rum or a card)"),
    Phase("keelhauling", rule=RULE_CARDS, actor=asked_player, actions="_keelhauling_actions", apply="_answer_keelhauling",
          why="_why_not", data=Keelhaul,
          doc="after the victim accepts, each other player holding a card may prevent the mutiny"),
    # Captain's Skills
    Phase("over_hand_limit", rule=RULE_CAPTAINS_SKILLS, actions="_over_hand_limit_actions", apply="_discard_over_limit",
          auto="_auto_over_hand_limit", why="_why_not",
          doc='discard down to a hand limit lowered by losing "+1 Black Card per turn" (pushed by a crew change)'),
    Phase("relocate", rule=RULE_CONCEPTS, actor=CHANCE, odds="_relocate_odds", apply="_relocate", why="_why_not",
          doc="the compass die sends a ship to a Pirates Lair"),
)


class TurnPhases:
    """The start and the end of a turn.  Rules: King of Pirates › Phases of a Turn"""

    def _auto_start_turn(self, task):
        self.say(f"— Round {self.round}, player {task.player + 1}'s turn: upkeep.")
        carry_on(self)

    def _auto_end_turn(self, task):
        self.in_play, self.entered = (), None       # (no pirate is left on offer: the lair's refill discards them)
        self.current = (self.current + 1) % self.game.players
        if self.current == 0:
            self.round += 1
        carry_on(self, player=self.current)
        if self.game.max_turns is not None and self.round > self.game.max_turns:
            self.say(f"After {self.game.max_turns} round(s) the game stops here.")
            self.agenda.clear()
