"""One turn-flow helper for every game: a phase table and an agenda of tasks.

Modelled on boardgame.io's phases and turn order.  A game writes its phases once, as a table::

    FLOW = TurnFlow(
        Phase("upkeep",   rule=UPKEEP_RULE,   actor=CHANCE,  then=("movement",)),
        Phase("movement", rule=MOVEMENT_RULE, actor=PLAYER,  actions="movement_actions",
              then=("combat",)),
        Phase("combat",   rule=COMBAT_RULE,   actor=PLAYER,  actions="combat_actions"),
        Phase("end_turn", rule=TURN_RULE,     actor=AUTO,    auto="end_turn"),
    )

and keeps ``state.agenda``, a list of :class:`Task` (the top is last).  For the task on top the
table says **who acts** (the task's player, :data:`CHANCE`, or nobody: an automatic step),
**which actions are allowed** (a method of the state named by ``actions``, given the task) and
**what comes next** (``then``: the phases pushed, in order, when this task is finished).  Nested
events (a card window, a mutiny, a battle inside a turn) are tasks pushed on top; a turn that ends
early cuts the agenda back (:meth:`TurnFlow.cut`).

The state calls ``FLOW.current_player(self)``, ``FLOW.legal_actions(self)`` and, after every
change, ``FLOW.settle(self)``, which runs automatic tasks (their ``auto`` method, given the task)
until a decision or a chance event is on top.  An ``auto`` method that finds a real decision
after all returns ``False`` and the task stays for a player.

>>> from pirates_lab.core.protocol import TERMINAL
>>> class Toy:
...     def __init__(self): self.agenda, self.log = [], []
...     def roll_actions(self, task): return ["stop", "roll"]
...     def score(self, task): self.log.append(f"scored for {task.player}"); FLOW.finish(self)
>>> FLOW = TurnFlow(Phase("roll", rule="Turn", actions="roll_actions", then=("score",)),
...                 Phase("score", rule="Turn", actor=AUTO, auto="score"))
>>> toy = Toy(); FLOW.push(toy, Task("roll", 0)); FLOW.current_player(toy), FLOW.legal_actions(toy)
(0, ['stop', 'roll'])
>>> _ = FLOW.finish(toy); FLOW.settle(toy); toy.log, FLOW.current_player(toy) == TERMINAL
(['scored for 0'], True)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalMove
from .protocol import CHANCE, TERMINAL
from .saveload import saveable

__all__ = ["Task", "Phase", "TurnFlow", "PLAYER", "AUTO", "CHANCE"]

#: the task's own player decides
PLAYER = "player"
#: nobody decides: the phase's ``auto`` method runs at once
AUTO = "auto"


@saveable
@dataclass(frozen=True)
class Task:
    """One entry of the agenda: a phase, the player it concerns, and small immutable data."""

    phase: str
    player: int | None = None
    data: tuple = ()

    def __str__(self) -> str:
        who = "" if self.player is None else f" (player {self.player})"
        return f"{self.phase}{who}"


@dataclass(frozen=True)
class Phase:
    """One row of a phase table.

    ``actor``: :data:`PLAYER` (the task's player), :data:`CHANCE`, :data:`AUTO`, or a function
    ``(state, task) -> player`` for phases where someone else answers (a defender, a window that
    goes round the table).  ``actions``: the name of the state's method ``(task) -> actions``.
    ``auto``: the name of the state's method run for an automatic task.  ``then``: the phases
    that follow, pushed (first listed first) for the same player when the task is finished.
    ``rule``: the rulebook heading that governs the phase, cited when a move is refused.
    """

    name: str
    rule: str
    actor: Any = PLAYER
    actions: str | None = None
    auto: str | None = None
    then: tuple[str, ...] = ()
    doc: str = ""

    def __post_init__(self):
        if self.actor == AUTO and not self.auto:
            raise ValueError(f"phase {self.name!r} is automatic but names no auto method")
        if self.actor == PLAYER and not self.actions:
            raise ValueError(f"phase {self.name!r} has a player to act but names no actions method")


class TurnFlow:
    """A phase table and the operations on a state's agenda (``state.agenda``, top last)."""

    def __init__(self, *phases: Phase):
        self.phases: dict[str, Phase] = {}
        for phase in phases:
            if phase.name in self.phases:
                raise ValueError(f"phase {phase.name!r} is listed twice")
            self.phases[phase.name] = phase
        for phase in phases:
            for following in phase.then:
                if following not in self.phases:
                    raise ValueError(f"phase {phase.name!r} is followed by {following!r}, which is not in the table")

    # ------------------------------------------------------------ reading
    def top(self, state) -> Task | None:
        return state.agenda[-1] if state.agenda else None

    def phase(self, state) -> Phase | None:
        """The phase of the task on top (None when the agenda is empty: the game is over)."""
        task = self.top(state)
        return None if task is None else self.phases[task.phase]

    def rule(self, state, default: str = "") -> str:
        """The rulebook heading of the current phase."""
        phase = self.phase(state)
        return phase.rule if phase is not None else default

    def current_player(self, state) -> int:
        """Who acts on the task on top: a player, CHANCE, or TERMINAL for an empty agenda."""
        task = self.top(state)
        if task is None:
            return TERMINAL
        phase = self.phases[task.phase]
        if phase.actor == CHANCE:
            return CHANCE
        if phase.actor == PLAYER:
            return task.player
        if phase.actor == AUTO:
            raise RuntimeError(f"the automatic task {task} is on top: call settle() after every change")
        return phase.actor(state, task)

    def legal_actions(self, state) -> Sequence:
        """The actions the phase table allows for the task on top."""
        task = self.top(state)
        phase = self.phases[task.phase]
        if phase.actions is None:
            return ()
        return getattr(state, phase.actions)(task)

    def require(self, state, *phases: str) -> Task:
        """The task on top, or IllegalMove (citing the current phase) if it is not one of ``phases``."""
        task = self.top(state)
        if task is None or task.phase not in phases:
            now = "the game is over" if task is None else f"it is the {task.phase.replace('_', ' ')} step"
            raise IllegalMove(self.rule(state, "Game End"), f"That belongs to {' or '.join(phases)}, but {now}.")
        return task

    # ------------------------------------------------------------ changing
    def push(self, state, *tasks: Task) -> None:
        """Put tasks on top of the agenda; the first given is done first."""
        for task in tasks:
            if task.phase not in self.phases:
                raise ValueError(f"no phase {task.phase!r} in the table")
        state.agenda.extend(reversed(tasks))

    def pop(self, state) -> Task:
        return state.agenda.pop()

    def replace(self, state, task: Task) -> None:
        """Swap the task on top for ``task`` (the same step, new data)."""
        state.agenda[-1] = task

    def finish(self, state, *, player: int | None = None) -> Task:
        """End the task on top and push what comes next (``then``), for the same player."""
        task = state.agenda.pop()
        following = self.phases[task.phase].then
        who = task.player if player is None else player
        self.push(state, *(Task(name, who) for name in following))
        return task

    def cut(self, state, phase: str) -> None:
        """Drop every task above the last task of ``phase`` (a turn ended early keeps its end)."""
        for index in range(len(state.agenda) - 1, -1, -1):
            if state.agenda[index].phase == phase:
                del state.agenda[index + 1:]
                return
        state.agenda.clear()

    def remove(self, state, predicate: Callable[[Task], bool]) -> None:
        """Drop every task for which ``predicate`` is true (a cancelled combat)."""
        state.agenda[:] = [task for task in state.agenda if not predicate(task)]

    def settle(self, state, limit: int = 100_000) -> None:
        """Run automatic tasks until a decision or a chance event is on top (or the agenda is empty)."""
        for _ in range(limit):
            task = self.top(state)
            if task is None:
                return
            phase = self.phases[task.phase]
            if phase.auto is None:
                return
            if getattr(state, phase.auto)(task) is False:
                return
        raise RuntimeError(f"the agenda did not settle after {limit} automatic steps")

    # ------------------------------------------------------------ documentation
    def table(self) -> str:
        """The phase table as Markdown (for docs and notebooks)."""
        lines = ["| phase | who acts | rule | then |", "|---|---|---|---|"]
        for phase in self.phases.values():
            actor = {PLAYER: "the player", CHANCE: "chance", AUTO: "automatic"}.get(phase.actor, "see rule")
            if callable(phase.actor):
                actor = (phase.actor.__doc__ or "another player").strip().splitlines()[0]
            lines.append(f"| {phase.name} | {actor} | {phase.rule} | {', '.join(phase.then) or '—'} |")
        return "\n".join(lines)
