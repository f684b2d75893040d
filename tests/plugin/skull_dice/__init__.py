"""Skull Dice: a small press-your-luck game that lives OUTSIDE pirates_lab and plugs into it.

It is the test of the plug-in point (tests/test_core_plugin.py): installed with its own
``skull_dice-0.1.dist-info`` (an entry point in the group ``pirates_lab.games``), it brings its
own rulebook and lessons in ``skull_dice/data/`` (found through its package), cites its own
rules, and is written on the core's FlowState like the games inside the repository.

Rules: Skull Dice › Your Turn
"""
from __future__ import annotations

from pirates_lab.core import CHANCE, Dist, FlowState, Phase, Task, TurnFlow, action, cite
from pirates_lab.core import Game as CoreGame

RULE_TURN = cite("skull_dice", "Your Turn")
RULE_BANK = cite("skull_dice", "Banking")
RULE_END = cite("skull_dice", "Game End")
GOAL = 10


@action("roll")
class Roll:
    pass


@action("bank {pot}")
class Bank:
    pot: int


FLOW = TurnFlow(
    Phase("turn", rule=RULE_TURN, actions="turn_actions", apply="choose", doc="roll or bank"),
    Phase("roll", rule=RULE_TURN, actor=CHANCE, odds="die", apply="rolled", doc="the die"),
)


class State(FlowState):
    """A position: the hoards, the pot at risk and the round."""

    flow = FLOW
    hidden_information = False

    def __init__(self, game):
        super().__init__(game)
        self.hoards = [0] * game.players
        self.pot = 0
        self.round = 1
        FLOW.push(self, Task("turn", 0))

    def turn_actions(self, task):
        return [Roll(), Bank(self.pot)] if self.pot else [Roll()]

    def choose(self, task, move):
        """Rules: Skull Dice › Banking"""
        if isinstance(move, Roll):
            FLOW.replace(self, Task("roll", task.player))
            return
        self.hoards[task.player] += self.pot
        self.say(f"Player {task.player + 1} banks {self.pot}: {self.hoards[task.player]} in the hoard.")
        self._next(task.player)

    def die(self, task):
        return Dist.die(6)

    def rolled(self, task, roll):
        """Rules: Skull Dice › Your Turn"""
        if roll == 1:
            self.say(f"Player {task.player + 1} rolls the skull and loses {self.pot}.")
            self._next(task.player)
        else:
            self.pot += roll
            FLOW.replace(self, Task("turn", task.player))

    def _next(self, player):
        """Rules: Skull Dice › Game End"""
        self.pot = 0
        FLOW.pop(self)
        if max(self.hoards) >= GOAL:
            return
        following = (player + 1) % self.game.players
        if following == 0:
            self.round += 1
            if self.game.max_turns is not None and self.round > self.game.max_turns:
                return
        FLOW.push(self, Task("turn", following))

    def scores(self):
        return tuple(self.hoards)

    def observation(self, player):
        return {"hoards": list(self.hoards), "pot": self.pot, "round": self.round, "to_act": self.current_player(),
                "recent": self.log.recent(5)}


class Game(CoreGame):
    name = "skull_dice"
    title = "Skull Dice"
    rulebook = "rulebook.txt"
    description = "Press your luck: roll for doubloons, bank before the skull (a plug-in game)."
    min_players, max_players = 2, 4
    order = 900
    end_rule = RULE_END
    turn_rule = RULE_TURN

    def new_initial_state(self):
        return State(self)
