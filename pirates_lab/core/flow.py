"""One turn flow for every game: a phase table, an agenda of tasks, and :class:`FlowState`.

Modelled on boardgame.io's phases.  A game writes its turn once, as a table, and its state keeps
``agenda``, a list of :class:`Task` (the top is last).  For the task on top the table says

- **who acts**: the task's player (:data:`PLAYER`), :data:`CHANCE`, nobody (:data:`AUTO`: an
  automatic step), or a function ``(state, task) -> seat`` (a defender, a window round the table);
- **what they may do**: ``actions`` (the choices listed for random players) and, for actions too
  many to list, ``legal`` (any amount, any terms); ``why`` explains a refusal;
- **what chance does**: ``odds``, the exact :class:`~pirates_lab.core.Dist` of a chance step;
- **what a move does**: ``apply``, given the task and the action (or chance's outcome);
- **what comes next**: ``then``, the phases pushed for the same player when the task is finished.

A column holds a method name of the state (``"melee_actions"``) or a plain function
``f(state, task, ...)`` (so each printed subsection can be its own module).  Tasks carry typed
data: a frozen dataclass such as a ``Battle`` (``Phase(data=Battle)`` checks it when pushed), so an
interruption (a card window, a mutiny, a battle inside a battle) is a push and a stage change is
:meth:`TurnFlow.replace` with :func:`dataclasses.replace`.  A turn that ends early is cut back
(:meth:`TurnFlow.cut`).  :class:`FlowState` answers the whole protocol from the table::

>>> from dataclasses import dataclass, replace
>>> from pirates_lab.core import Dist, Game, action, saveable
>>> @saveable
... @dataclass(frozen=True)
... class Duel:                         # a battle's data travels with its tasks
...     attacker: int
...     defender: int
...     parried: bool = False
>>> @action("attack")
... class Attack: pass
>>> @action("parry")
... class Parry: pass
>>> def defender(state, task):
...     '''the defender'''
...     return task.data.defender
>>> FLOW = TurnFlow(
...     Phase("turn", rule="Turn", actions="turn_actions", apply="attack"),
...     Phase("parry", rule="Turn", actor=defender, actions=lambda state, task: [Parry()], apply="parry", data=Duel),
...     Phase("swing", rule="Turn", actor=CHANCE, odds="swing_odds", apply="swing", data=Duel))
>>> class DuelState(FlowState):
...     flow = FLOW
...     def __init__(self, game):
...         super().__init__(game); self.wounds = [0, 0]
...         FLOW.push(self, Task("turn", 0)); FLOW.settle(self)
...     def turn_actions(self, task): return [Attack()]
...     def attack(self, task, move):               # an interruption is a push, with typed data
...         FLOW.pop(self); FLOW.push(self, Task("parry", None, Duel(task.player, 1 - task.player)))
...     def parry(self, task, move): FLOW.replace(self, Task("swing", None, replace(task.data, parried=True)))
...     def swing_odds(self, task): return Dist.die(6)
...     def swing(self, task, roll):
...         FLOW.pop(self)
...         if roll > (4 if task.data.parried else 2):
...             self.wounds[task.data.defender] += 1; self.say(f"player {task.data.defender} is hit")
...         if max(self.wounds) < 2: FLOW.push(self, Task("turn", task.data.defender))
...     def scores(self): return tuple(-w for w in self.wounds)
...     def observation(self, player): return {"wounds": list(self.wounds)}
>>> class DuelGame(Game):
...     min_players = max_players = 2
...     def new_initial_state(self): return DuelState(self)
>>> state = DuelGame().new_initial_state().apply(Attack())
>>> state.current_player(), state.legal_actions()          # the defender answers
(1, (Parry(),))
>>> state = state.apply(Parry()); state.chance_outcomes()[5], state.agenda
(Fraction(1, 6), [Task(phase='swing', player=None, data=Duel(attacker=0, defender=1, parried=True))])
>>> state.apply(6).wounds, state.apply(6).current_player()
([0, 1], 1)
>>> try: state.apply(Parry())                              # refused, citing the phase's rule
... except IllegalMove as refusal: print(refusal.rule, "|", refusal.reason)
Turn | parry is not something chance can do here.

The older shape (a plain :class:`~pirates_lab.core.State` calling ``FLOW.current_player(self)``,
``FLOW.legal_actions(self)`` and dispatching moves itself) keeps working: every new column is
optional until a state subclasses :class:`FlowState`, which requires them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalMove
from .protocol import CHANCE, TERMINAL, State
from .saveload import saveable

__all__ = ["Task", "Phase", "Stage", "TurnFlow", "FlowState", "PLAYER", "AUTO", "CHANCE", "AgendaError", "GAME_OVER"]

GAME_OVER = "game over"


class Stage(str):
    """The step a game is at: its phase's name (a string, :data:`GAME_OVER` at the end) carrying ``rule``,
    the rulebook heading that governs it.  The one ``phase`` API of every engine (``state.phase``).

    >>> step = Stage("melee", "Stage 4: The M\u00eal\u00e9e")
    >>> step == "melee", step.name, step.rule
    (True, 'melee', 'Stage 4: The M\u00eal\u00e9e')
    """

    def __new__(cls, name: str, rule: str = ""):
        step = super().__new__(cls, name)
        step.rule = rule
        return step

    @property
    def name(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Stage({str(self)!r}, {self.rule!r})"


#: the task's own player decides
PLAYER = "player"
#: nobody decides: the phase's ``auto`` method runs at once
AUTO = "auto"
#: ``finish()`` without ``data=``: carry the finished task's data where the next row declares its type
_CARRY = object()


class AgendaError(AssertionError):
    """The agenda breaks one of the table's promises (too deep, a decision stacked twice, bad data)."""


@saveable
@dataclass(frozen=True)
class Task:
    """One entry of the agenda: a phase, the player it concerns, and immutable data.

    ``data`` is a tuple (the older shape) or a frozen, ``@saveable`` dataclass naming its fields
    (``Battle(attacker=..., stage=...)``); ``Phase(data=Battle)`` says which.
    """

    phase: str
    player: int | None = None
    data: Any = ()

    def __str__(self) -> str:
        who = "" if self.player is None else f" (player {self.player})"
        return f"{self.phase}{who}"


def _call(state, ref, *args):
    """Run a table column: a method name of the state, or a function ``f(state, *args)``."""
    if isinstance(ref, str):
        return getattr(state, ref)(*args)
    return ref(state, *args)


@dataclass(frozen=True)
class Phase:
    """One row of a phase table.

    ``actor``: :data:`PLAYER` (the task's player), :data:`CHANCE`, :data:`AUTO`, or a function
    ``(state, task) -> player`` for phases where someone else answers (its docstring's first line
    names that player in :meth:`TurnFlow.table`).

    Each of the following is a method name of the state or a function taking the state first:

    - ``actions(task)``: the choices listed for random players (at a decision);
    - ``odds(task)``: chance's exact Dist (at a chance step);
    - ``apply(task, action)``: carry out the move or chance's outcome; it changes the agenda itself
      (:meth:`TurnFlow.finish`, ``pop``, ``replace``, ``push``);
    - ``legal(task, action) -> bool``: accept actions too many to list (default: listed ones only);
    - ``why(task, action) -> IllegalMove | None``: explain a refusal (default: the phase's rule and
      the listed choices);
    - ``auto(task)``: run before anyone acts; returns ``False`` when there is a decision after all
      (the task stays for its actor), anything else when it moved the agenda on.

    ``then``: the phases pushed (first listed first) for the same player when the task is finished.
    ``data``: the type (or tuple of types) the task's data must be, checked when pushed.
    ``nests``: may one seat have two tasks of this decision phase on the agenda at once (a battle
    inside a battle)?  By default not: :meth:`TurnFlow.check_agenda` calls it a mistake.
    ``rule``: the rulebook heading that governs the phase, cited when a move is refused.
    """

    name: str
    rule: str
    actor: Any = PLAYER
    actions: str | Callable | None = None
    auto: str | Callable | None = None
    then: tuple[str, ...] = ()
    doc: str = ""
    odds: str | Callable | None = None
    apply: str | Callable | None = None
    legal: str | Callable | None = None
    why: str | Callable | None = None
    data: type | tuple[type, ...] | None = None
    nests: bool = False

    def __post_init__(self):
        if self.actor == AUTO and not self.auto:
            raise ValueError(f"phase {self.name!r} is automatic but names no auto method")
        if self.actor == PLAYER and not self.actions:
            raise ValueError(f"phase {self.name!r} has a player to act but names no actions method")

    @property
    def decides(self) -> bool:
        """Does a seat decide here (not chance, not an automatic step)?"""
        return self.actor not in (CHANCE, AUTO)

    def missing(self) -> list[str]:
        """The columns a :class:`FlowState` needs and this row lacks."""
        if self.actor == AUTO:
            return []
        needed = ["apply"] + (["odds"] if self.actor == CHANCE else ["actions"])
        return [column for column in needed if getattr(self, column) is None]


class TurnFlow:
    """A phase table and the operations on a state's agenda (``state.agenda``, top last).

    ``max_depth`` bounds the agenda (:meth:`check_agenda`): a deeper one is a runaway push.
    """

    def __init__(self, *phases: Phase, max_depth: int = 64):
        self.phases: dict[str, Phase] = {}
        self.max_depth = max_depth
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
        """The actions the phase table lists for the task on top."""
        task = self.top(state)
        phase = self.phases[task.phase]
        if phase.actions is None:
            return ()
        return _call(state, phase.actions, task)

    # ------------------------------------------------------------ changing
    def _checked(self, task: Task) -> Task:
        phase = self.phases.get(task.phase)
        if phase is None:
            raise ValueError(f"no phase {task.phase!r} in the table")
        if phase.data is not None and not isinstance(task.data, phase.data):
            raise TypeError(f"a {task.phase!r} task carries {_type_names(phase.data)}, not {task.data!r}")
        return task

    def push(self, state, *tasks: Task) -> None:
        """Put tasks on top of the agenda; the first given is done first."""
        for task in tasks:
            self._checked(task)
        state.agenda.extend(reversed(tasks))

    def pop(self, state) -> Task:
        return state.agenda.pop()

    def replace(self, state, task: Task) -> None:
        """Swap the task on top for ``task`` (the same step with new data, or the next step)."""
        state.agenda[-1] = self._checked(task)

    def finish(self, state, *, player: int | None = None, data: Any = _CARRY) -> Task:
        """End the task on top and push what comes next (``then``), for the same player (or ``player``).

        The tasks pushed carry ``data`` if given; otherwise a row that declares a data type gets the
        finished task's data when it is of that type (a battle's stages hand the ``Battle`` on), and
        ``()`` is given where nothing is declared.
        """
        task = state.agenda.pop()
        who = task.player if player is None else player
        following = []
        for name in self.phases[task.phase].then:
            kind = self.phases[name].data
            if data is not _CARRY:
                carried = data
            elif kind is not None and isinstance(task.data, kind):
                carried = task.data
            else:
                carried = ()
            following.append(Task(name, who, carried))
        self.push(state, *following)
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
            if _call(state, phase.auto, task) is False:
                return
        raise RuntimeError(f"the agenda did not settle after {limit} automatic steps")

    # ------------------------------------------------------------ promises
    def check_agenda(self, state) -> None:
        """Raise :class:`AgendaError` if the agenda breaks a promise of the table.

        Bounded (at most ``max_depth`` tasks), every task a row of the table carrying the data
        its row declares, nothing automatic left on top, and no seat with two tasks of one
        decision phase stacked (unless the row says ``nests=True``).
        """
        agenda = state.agenda
        if len(agenda) > self.max_depth:
            raise AgendaError(f"the agenda holds {len(agenda)} tasks, more than its bound of {self.max_depth}: "
                              f"a runaway push? (top: {', '.join(map(str, agenda[-5:]))})")
        seen: set = set()
        for task in agenda:
            if not isinstance(task, Task) or task.phase not in self.phases:
                raise AgendaError(f"the agenda holds {task!r}, which is not a task of the table")
            phase = self.phases[task.phase]
            if phase.data is not None and not isinstance(task.data, phase.data):
                raise AgendaError(f"the task {task} carries {task.data!r}, not {_type_names(phase.data)}")
            if phase.decides and not phase.nests and task.player is not None:
                key = (task.phase, task.player)
                if key in seen:
                    raise AgendaError(f"player {task.player} has two {task.phase!r} decisions stacked on the agenda "
                                      f"(if this phase truly nests, declare Phase(..., nests=True))")
                seen.add(key)
        if agenda and self.phases[agenda[-1].phase].actor == AUTO:
            raise AgendaError(f"the automatic task {agenda[-1]} is on top: settle() was not called")

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


def _type_names(kinds) -> str:
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    return " or ".join(f"a {kind.__name__}" for kind in kinds)


class FlowState(State):
    """A state whose whole protocol is read from its phase table (the class attribute ``flow``).

    The subclass keeps ``agenda`` (set here, empty), pushes its first tasks and calls
    ``self.flow.settle(self)`` at the end of ``__init__``; it writes the table's methods and
    ``scores``/``observation``/``redeal_hidden``, and never ``current_player``, ``_legal_actions``,
    ``_chance_outcomes``, ``_apply_action``, ``_is_legal`` or ``_why_illegal``.  Every row of the
    table must name ``apply`` and ``actions`` (decisions) or ``odds`` (chance): checked when the
    class is made.
    """

    flow: TurnFlow | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        flow = cls.__dict__.get("flow")
        if flow is not None:
            _check_complete(cls, flow)

    def __init__(self, game):
        super().__init__(game)
        type(self)._ensure_checked()
        self.agenda: list[Task] = []

    @classmethod
    def _ensure_checked(cls) -> None:
        if cls.flow is None:
            raise TypeError(f"{cls.__name__} is a FlowState without a phase table: set {cls.__name__}.flow = TurnFlow(...)")
        if cls.__dict__.get("_flow_checked") is not cls.flow:
            _check_complete(cls, cls.flow)
            cls._flow_checked = cls.flow

    # ------------------------------------------------------------ the protocol, from the table
    def current_player(self) -> int:
        return self.flow.current_player(self)

    def _legal_actions(self):
        return self.flow.legal_actions(self)

    def _chance_outcomes(self):
        task = self.agenda[-1]
        return _call(self, self.flow.phases[task.phase].odds, task)

    def _is_legal(self, action) -> bool:
        task = self.agenda[-1]
        phase = self.flow.phases[task.phase]
        if phase.legal is not None and _call(self, phase.legal, task, action):
            return True
        return super()._is_legal(action)

    def _why_illegal(self, action) -> IllegalMove | None:
        task = self.agenda[-1] if self.agenda else None
        if task is None:
            return None
        phase = self.flow.phases[task.phase]
        if phase.why is not None:
            found = _call(self, phase.why, task, action)
            if found is not None:
                return found
        if phase.actor == CHANCE:
            return IllegalMove(phase.rule, f"{action!s} is not something chance can do here.")
        listed = tuple(self.legal_actions())
        options = ", ".join(str(a) for a in listed[:8]) + (", …" if len(listed) > 8 else "")
        step = phase.doc or phase.name.replace("_", " ")
        return IllegalMove(phase.rule, f"{action!s} is not allowed now ({step}). Allowed: {options}.")

    def _apply_action(self, action) -> None:
        task = self.agenda[-1]
        _call(self, self.flow.phases[task.phase].apply, task, action)
        self.flow.settle(self)

    # ------------------------------------------------------------ reading
    @property
    def task(self) -> Task | None:
        """The task on top of the agenda (None at the end)."""
        return self.agenda[-1] if self.agenda else None

    def rule(self) -> str:
        """The rulebook heading of the step in progress (the game's end rule at the end)."""
        return self.flow.rule(self, self.game.end_rule)

    @property
    def phase(self) -> Stage:
        """The step in progress: ``state.phase == "melee"``, ``state.phase.rule`` its rulebook heading;
        ``"game over"`` (:data:`GAME_OVER`) with the game's end rule when no task is left."""
        task = self.task
        if task is None:
            return Stage(GAME_OVER, self.game.end_rule)
        return Stage(task.phase, self.rule())

    def validate(self) -> None:
        """A loaded agenda must keep the table's promises (see :meth:`TurnFlow.check_agenda`)."""
        super().validate()
        try:
            self.flow.check_agenda(self)
        except AgendaError as error:
            raise ValueError(str(error)) from None


def _check_complete(cls, flow: TurnFlow) -> None:
    gaps = [f"{phase.name} ({', '.join(phase.missing())})" for phase in flow.phases.values() if phase.missing()]
    if gaps:
        raise TypeError(f"{cls.__name__}.flow cannot drive a FlowState: these rows name no "
                        f"method for {'; '.join(gaps)}")
