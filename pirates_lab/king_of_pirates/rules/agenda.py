"""The agenda's helpers every chapter uses: finishing a step (:func:`carry_on`), a player's own decision at
which its cards are offered too (:func:`own_step`), a step that opens a card window (:func:`opens`), and
who answers a step that is not the task's player's (:func:`asked_player`, :func:`defender`).

Rules: King of Pirates › Phases of a Turn
"""
from __future__ import annotations

from collections.abc import Callable

from pirates_lab.core import Phase, Task

from ..actions import Play
from . import refusals
from .task_data import Timing

__all__ = ["carry_on", "own_step", "opens", "asked_player", "defender"]


def asked_player(state, task) -> int:
    """the next player in the card window"""
    return task.data.asked[0]


def defender(state, task) -> int:
    """the defender"""
    return task.data.defender


class _OwnStep:
    """The ``actions`` and ``apply`` columns of a player's own decision at which the cards it may play
    now (``timing``) are offered too: a card played takes effect and the step stays for its own choice."""

    def __init__(self, actions: Callable, apply: Callable, timing: Timing):
        self.step_actions, self.step_apply, self.timing = actions, apply, timing

    def actions(self, state, task):
        from . import action_cards       # (the chapters import this module: imported when first used)
        return list(self.step_actions(state, task)) + action_cards.card_plays(state, state.current_player(), self.timing)

    def apply(self, state, task, action):
        from . import action_cards
        if isinstance(action, Play):
            action_cards.play(state, state.current_player(), action)
        else:
            self.step_apply(state, task, action)


def own_step(name: str, *, rule: str, actions: Callable, apply: Callable, cards: Timing, **more) -> Phase:
    """A row for a player's own decision where its cards of this timing may be played too."""
    step = _OwnStep(actions, apply, cards)
    return Phase(name, rule=rule, actions=step.actions, apply=step.apply, why=refusals.why_not, **more)


def opens(timing: Timing):
    """The ``auto`` column of a step that opens a card window of this timing."""
    def open_window(state, task):
        from . import action_cards
        carry_on(state)
        action_cards.open_window(state, timing)
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
    for name in state.flow.phases[task.phase].then:
        kind = state.flow.phases[name].data
        if data is not None:
            carried = data
        elif kind is None:
            carried = ()
        else:
            carried = task.data if isinstance(task.data, kind) else kind()
        following.append(Task(name, who, carried))
    state.flow.push(state, *following)
    return task
