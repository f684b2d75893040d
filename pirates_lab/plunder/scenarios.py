"""Hand-built positions for lessons and scenario tests: a captain on turn at a chosen step.

Rules: Plunder › Turn

>>> from pirates_lab.plunder import Game
>>> state = dealt(Game(players=2), seed=1)
>>> step = at_step(state, state.first, "action", "give").phase
>>> step.name, step.rule
('action', 'Action')
"""
from __future__ import annotations

from pirates_lab.core import Task, play

from .tasks import Market, Voyage
from . import trade

__all__ = ["at_step", "start_turn", "dealt"]


def dealt(game, seed: int = 0):
    """A new game of ``game`` dealt (chance drawn with ``random.Random(seed)``) up to its first decision."""
    return play(game.new_initial_state(), rng=seed, humans=range(game.players)).run()


def _data(state, p: int, phase: str, data):
    """The data a hand-made task carries: a fresh Voyage to sail; a Market (from a name) to trade."""
    if phase == "sail":
        return data if isinstance(data, Voyage) else Voyage()
    if phase == "trade":
        if isinstance(data, Market):
            return data
        name = data[0] if isinstance(data, tuple) and data else data
        return Market(name, trade.may_sell_plunder(state, p, state.card(name)))
    return () if data is None else data


def at_step(state, p: int, *phases: str, data=None):
    """Captain ``p`` on turn with these phases left (the first listed is on top), then settled.

    ``data`` goes with the first phase: the market's name to ``"trade"`` (a Port, Tortuga or Natives), or the
    task's own value.  The state is changed in place and returned.
    """
    state.current = p
    tasks = [Task(ph, p, _data(state, p, ph, data if i == 0 else None)) for i, ph in enumerate(phases)]
    state.agenda = []
    state.flow.push(state, *tasks, Task("end", p))
    state.flow.settle(state)
    return state


def start_turn(state, p: int, round_no: int | None = None):
    """Captain ``p``'s turn from its very start (the Encounter, Pay the Crew, ...), changed in place."""
    if round_no is not None:
        state.round = round_no
    state.agenda = []
    state.flow.push(state, Task("start", p))
    state.flow.settle(state)
    return state
