"""Issue 20: every registered game of this repository runs on the core's :class:`FlowState`.

A game's State subclasses ``pirates_lab.core.FlowState`` and reads its whole protocol from its phase
table: no engine overrides the dispatch (who moves, legal actions, chance, applying a move, legality,
the refusal) that FlowState answers from the table.
"""
import pytest

from pirates_lab.core import FlowState, State, games

IN_TREE = sorted(name for name, game in games().items() if game.__module__.startswith("pirates_lab."))

# What FlowState answers from the table; an engine that defines one of these dispatches by itself.
DISPATCH = ("current_player", "_legal_actions", "_chance_outcomes", "_apply_action", "_is_legal", "_why_illegal")


def overridden(cls: type) -> list[str]:
    """The dispatch methods ``cls`` (or a class between it and FlowState) defines itself."""
    return sorted(name for name in DISPATCH if getattr(cls, name) is not getattr(FlowState, name))


def test_every_in_tree_game_is_found():
    assert len(IN_TREE) == 5


@pytest.mark.parametrize("name", IN_TREE)
def test_the_game_state_is_a_flowstate_with_a_table(name):
    game = games()[name]()
    state = game.new_initial_state()
    assert isinstance(state, FlowState), f"{name}: {type(state).__name__} is not a FlowState"
    assert type(state).flow is not None and isinstance(state.agenda, list) and state.agenda
    assert overridden(type(state)) == [], f"{name} dispatches by itself: {overridden(type(state))}"


def test_the_check_can_fail():
    class Plain(State):
        def current_player(self):
            return 0

    class Sneaky(FlowState):            # no table: the check looks only at the methods
        def _apply_action(self, action):
            return self

    assert not issubclass(Plain, FlowState)
    assert overridden(Sneaky) == ["_apply_action"]


# ---------------------------------------------------------------- one engine shape (issue 35 item 5)
COLUMNS = ("actions", "auto", "odds", "apply", "legal", "why")


def shape_problems(state_class: type) -> list[str]:
    """What keeps an engine from the one shape: a phase-table column written as a method-name string, an own
    ``clone`` (the core's is right for immutable records), an own ``phase`` (the core's Stage is the one API)."""
    problems = [f"{phase.name}.{column} = {getattr(phase, column)!r}" for phase in state_class.flow.phases.values()
                for column in COLUMNS if isinstance(getattr(phase, column), str)]
    problems += [f"its own {name}" for name in ("clone", "phase")
                 if getattr(state_class, name) is not getattr(FlowState, name)]
    return problems


@pytest.mark.parametrize("name", IN_TREE)
def test_every_engine_has_the_one_shape(name):
    state_class = type(games()[name]().new_initial_state())
    assert shape_problems(state_class) == []


def test_the_shape_check_can_fail():
    from pirates_lab.core import Phase, TurnFlow

    class OldShape(FlowState):
        flow = TurnFlow(Phase("turn", rule="Turn", actions="turn_actions", apply="play"))

        def clone(self):
            return self

    assert shape_problems(OldShape) == ["turn.actions = 'turn_actions'", "turn.apply = 'play'", "its own clone"]
