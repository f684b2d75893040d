"""The Three Stages of Your Turn: the phase table (``FLOW``), the start of a turn and its stages.

Rules: Pillage & Plunder › The Three Stages of Your Turn

The table is written once, here.  Each row is one step: the rule that governs it, who acts (the
task's player, or chance) and the state's method that lists its choices (for a chance step: the
exact :class:`~pirates_lab.core.Dist` of what chance does).  The state's agenda holds the step in
progress (``Task(phase, player)``); a step moves on with :meth:`TurnStages._goto`, and the method
``_on_<phase>`` carries out an action of that step.  An empty agenda is the end of the game.
``FLOW.table()`` prints the table for the docs.
"""
from __future__ import annotations

from pirates_lab.core import CHANCE, Phase, Task, TurnFlow

from ..headings import (RULE_BUY_CARGO, RULE_CANNON_BATTLE, RULE_DRAW_AND_PLAY_STAGE, RULE_FIGHT_OR_FLEE,
                        RULE_GAME_SETUP, RULE_MELEE, RULE_NAVY_SHIP_ATTACKING_PLAYER, RULE_PLAY_EVENT_CARD, RULE_PLAYER_ATTACKING_MERCHANT_SHIP,
                        RULE_PLAYER_ATTACKING_PLAYER, RULE_PLUNDERING, RULE_PRE_DRAW_STAGE, RULE_REPAIR_STAGE, RULE_SELL_CARGO,
                        RULE_STEALING_TREASURE_MAPS, RULE_TREASURE_HUNT)

__all__ = ["FLOW", "TurnStages"]

FLOW = TurnFlow(
    # Game Setup
    Phase("deal", rule=RULE_GAME_SETUP, actor=CHANCE, actions="_deck_outcomes",
          doc="five cards to each player, one face up to start the discard pile"),
    Phase("first", rule=RULE_GAME_SETUP, actor=CHANCE, actions="_first_outcomes", doc="the highest roll goes first"),
    # Stage 1: The pre-draw stage
    Phase("predraw", rule=RULE_PRE_DRAW_STAGE, actions="_predraw_actions",
          doc="sell cargo, retrieve treasure, fleet moves, end privateering, work; or go on to draw"),
    Phase("sell_roll", rule=RULE_SELL_CARGO, actor=CHANCE, actions="_sell_roll_outcomes", doc="the price roll"),
    Phase("sell_decide", rule=RULE_SELL_CARGO, actions="_sell_decide_actions", doc="sell at that price or keep it"),
    # Stage 2: The draw and play stage
    Phase("draw", rule=RULE_DRAW_AND_PLAY_STAGE, actions="_draw_actions",
          doc="draw to eight cards, at most one from the discard pile"),
    Phase("draw_card", rule=RULE_DRAW_AND_PLAY_STAGE, actor=CHANCE, actions="_deck_outcomes", doc="the card drawn"),
    Phase("play", rule=RULE_DRAW_AND_PLAY_STAGE, actions="_play_actions", doc="play up to two cards"),
    Phase("discard", rule=RULE_DRAW_AND_PLAY_STAGE, actions="_discard_actions", doc="the final discard"),
    Phase("cargo_roll", rule=RULE_BUY_CARGO, actor=CHANCE, actions="_cargo_roll_outcomes", doc="the price roll"),
    Phase("cargo_decide", rule=RULE_BUY_CARGO, actions="_cargo_decide_actions", doc="buy at that price or decline"),
    Phase("event_roll", rule=RULE_PLAY_EVENT_CARD, actor=CHANCE, actions="_die_outcomes", doc="the victim's die"),
    Phase("hunt_roll", rule=RULE_TREASURE_HUNT, actor=CHANCE, actions="_die_outcomes", doc="one die"),
    Phase("steal", rule=RULE_STEALING_TREASURE_MAPS, actions="_steal_actions",
          doc="after a won battle: name the next map (or the privateer's debt) to try for"),
    Phase("steal_roll", rule=RULE_STEALING_TREASURE_MAPS, actor=CHANCE, actions="_two_dice_outcomes",
          doc="doubles steal it"),
    # Chapter IV: Battles at Sea
    Phase("battle_terms", rule=RULE_PLAYER_ATTACKING_PLAYER, actions="_battle_terms_actions",
          doc="the defender may offer terms of surrender at the start of a stage"),
    Phase("battle_call", rule=RULE_PLAYER_ATTACKING_PLAYER, actions="_battle_call_actions",
          doc="the attacker fights on, accepts the terms or calls the battle off"),
    Phase("battle_flee", rule=RULE_FIGHT_OR_FLEE, actions="_battle_flee_actions", doc="the defender flees or fights"),
    Phase("flee_roll", rule=RULE_FIGHT_OR_FLEE, actor=CHANCE, actions="_two_dice_outcomes", doc="the chase"),
    Phase("volley", rule=RULE_CANNON_BATTLE, actor=CHANCE, actions="_volley_outcomes", doc="one cannon volley"),
    Phase("melee_roll", rule=RULE_MELEE, actor=CHANCE, actions="_melee_outcomes", doc="one mêlée round"),
    Phase("lose_crew", rule=RULE_MELEE, actions="_lose_crew_actions",
          doc="the player losing crewmen (a mêlée round, an Event card) picks which"),
    Phase("take_cargo", rule=RULE_PLUNDERING, actions="_take_cargo_actions",
          doc="the winner picks the loser's cargo he takes, when not all of it fits"),
    Phase("prize_roll", rule=RULE_PLAYER_ATTACKING_MERCHANT_SHIP, actor=CHANCE, actions="_prize_roll_outcomes",
          doc="the captured merchant's prize"),
    Phase("return_prize", rule=RULE_NAVY_SHIP_ATTACKING_PLAYER, actions="_return_prize_actions",
          doc="after a navy battle, the player may return one prize of the navy's nation"),
    Phase("merchant_pass", rule=RULE_PLAYER_ATTACKING_MERCHANT_SHIP, actions="_merchant_pass_actions",
          doc="the next player may attack a merchant that got away"),
    # Stage 3: The repair stage
    Phase("repair", rule=RULE_REPAIR_STAGE, actions="_repair_actions",
          doc="each player in turn may repair one damage"),
)


class TurnStages:
    """The agenda and the stages of a turn (mixed into the state)."""

    @property
    def phase(self) -> str:
        """The step in progress (a row of ``FLOW``), or ``"over"`` at the end."""
        return self.agenda[-1].phase if self.agenda else "over"

    @property
    def actor(self) -> int | None:
        """The player the step in progress concerns (who acts, unless chance does)."""
        return self.agenda[-1].player if self.agenda else None

    def _goto(self, phase: str, actor: int | None = None) -> None:
        """Move on to ``phase`` (for ``actor``, by default the same player as now)."""
        if actor is None:
            actor = self.actor if self.agenda else self.current
        if self.agenda:
            FLOW.replace(self, Task(phase, actor))
        else:
            FLOW.push(self, Task(phase, actor))

    # ------------------------------------------------------------ the protocol, from the table
    def current_player(self) -> int:
        return FLOW.current_player(self)

    def _legal_actions(self) -> list:
        """Rules: Pillage & Plunder › Actions Performed During Your Turn"""
        return FLOW.legal_actions(self)

    def _chance_outcomes(self):
        return FLOW.legal_actions(self)

    def _apply_action(self, action) -> None:
        getattr(self, "_on_" + self.phase)(action)

    # ------------------------------------------------------------ the turn
    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p["eliminated"]]

    def _order_after(self, me: int) -> list[int]:
        n = len(self.players)
        return [(me + k) % n for k in range(1, n) if not self.players[(me + k) % n]["eliminated"]]

    def _start_turn(self) -> None:
        """Rules: Pillage & Plunder › The Three Stages of Your Turn"""
        p = self.players[self.current]
        self.pending = {"table": [], "targeted": [], "plays": 0}
        self._goto("predraw", self.current)
        self.say(f"Player {self.current + 1}'s turn (hoard {p['hoard']}).")

    def _check_play_over(self) -> None:
        """After each play: play on, make the final discard, or go to the repair stage.

        Rules: Pillage & Plunder › Stage 2: The draw and play stage
        """
        me = self.current
        p = self.players[me]
        if p["eliminated"]:
            self._start_repair()
            return
        if self.pending["plays"] >= self.data.game["plays_per_turn"] or not p["hand"]:
            if p["hand"]:
                self._goto("discard", me)
            else:
                self._start_repair()
        else:
            self._goto("play", me)
