"""The turn-flow helper, actions, geometry, registry and the protocol's returns and parameterised actions."""
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from pirates_lab import core
from pirates_lab.core import AUTO, CHANCE, PLAYER, TERMINAL, Dist, IllegalMove, InvalidInput, Phase, Task, TurnFlow
from pirates_lab.core import geometry as g
from pirates_lab.core.actions import action


# ---------------------------------------------------------------- a tiny game on the flow helper
@action("bury {amount}")
class Bury:
    amount: int


@action("roll")
class Roll:
    pass


FLOW = TurnFlow(
    Phase("bury", rule="Setup", actions="bury_actions", then=("roll",)),
    Phase("roll", rule="Turn", actor=CHANCE, then=("tally",)),
    Phase("tally", rule="Turn", actor=AUTO, auto="tally"),
)


class ToyGame(core.Game):
    name = "toy"
    title = "Toy"
    min_players, max_players = 2, 3

    def new_initial_state(self):
        return ToyState(self)


class ToyState(core.State):
    def __init__(self, game):
        super().__init__(game)
        self.coins = [5] * game.players
        self.buried = [0] * game.players
        self.agenda = []
        FLOW.push(self, Task("bury", 0))

    def current_player(self):
        return FLOW.current_player(self)

    def bury_actions(self, task):
        return [Bury(0), Bury(self.coins[task.player])]  # a few amounts for random players

    def _legal_actions(self):
        return FLOW.legal_actions(self)

    def _is_legal(self, action):  # any amount the hoard holds
        task = FLOW.top(self)
        return (task is not None and task.phase == "bury" and isinstance(action, Bury)
                and isinstance(action.amount, int) and 0 <= action.amount <= self.coins[task.player])

    def _chance_outcomes(self):
        return Dist.die(2)

    def _apply_action(self, action):
        task = FLOW.top(self)
        if task.phase == "bury":
            self.coins[task.player] -= action.amount
            self.buried[task.player] += action.amount
            FLOW.finish(self)
        else:
            self.coins[task.player] += action
            FLOW.finish(self)
        FLOW.settle(self)

    def tally(self, task):
        FLOW.pop(self)
        if task.player + 1 < self.game.players:
            FLOW.push(self, Task("bury", task.player + 1))

    def scores(self):
        return tuple(c + b for c, b in zip(self.coins, self.buried))


def test_the_phase_table_says_who_acts_what_is_allowed_and_what_comes_next():
    state = ToyGame(players=2).new_initial_state()
    assert state.current_player() == 0 and state.legal_actions() == (Bury(0), Bury(5))
    state = state.apply(Bury(3))          # not listed, but the rules allow any amount
    assert state.current_player() == CHANCE and state.coins == [2, 5]
    state = state.apply(2)                # chance; then the automatic tally hands over to player 1
    assert state.current_player() == 1 and state.coins == [4, 5]
    state = state.apply(Bury(5)).apply(1)
    assert state.current_player() == TERMINAL and state.scores() == (7, 6)
    assert state.returns() == (Fraction(1), Fraction(0))


def test_parameterised_actions_outside_the_rules_are_refused_and_change_nothing():
    state = ToyGame(players=2).new_initial_state()
    for bad in (Bury(6), Bury(-1), Roll(), "bury", None):
        with pytest.raises(IllegalMove):
            state.apply(bad)
    assert state.coins == [5, 5] and state.agenda == [Task("bury", 0)]


@given(st.lists(st.integers(0, 9), min_size=2, max_size=4))
def test_returns_give_the_winners_equal_shares_summing_to_one(points):
    class Done(core.State):
        def current_player(self):
            return TERMINAL

        def scores(self):
            return tuple(points)

    game = ToyGame.__new__(ToyGame)
    game.players = len(points)
    shares = Done(game).returns()
    assert sum(shares) == 1
    best = max(points)
    assert all((s > 0) == (p == best) for s, p in zip(shares, points))
    assert len(set(s for s in shares if s)) == 1


def test_returns_are_zero_before_the_end():
    assert ToyGame(players=3).new_initial_state().returns() == (0, 0, 0)


def test_flow_tables_are_checked_when_written():
    with pytest.raises(ValueError, match="not in the table"):
        TurnFlow(Phase("a", rule="Turn", actions="x", then=("b",)))
    with pytest.raises(ValueError, match="listed twice"):
        TurnFlow(Phase("a", rule="Turn", actions="x"), Phase("a", rule="Turn", actions="x"))
    with pytest.raises(ValueError, match="auto"):
        Phase("a", rule="Turn", actor=AUTO)


def test_cut_keeps_the_end_of_the_turn():
    state = ToyGame(players=2).new_initial_state()
    state.agenda = [Task("tally", 0), Task("roll", 0), Task("bury", 0)]
    FLOW.cut(state, "tally")
    assert state.agenda == [Task("tally", 0)]
    assert "| bury | the player | Setup | roll |" in FLOW.table()


def test_a_flow_state_saves_and_loads():
    state = ToyGame(players=2).new_initial_state().apply(Bury(2))
    again = state.game.load_state(state.to_json())
    assert again.agenda == state.agenda and again.coins == state.coins


def test_actions_are_frozen_readable_and_equal_by_value():
    assert str(Bury(3)) == "bury 3" and Bury(3) == Bury(3) and len({Bury(3), Bury(3)}) == 1
    with pytest.raises(Exception):
        Bury(3).amount = 4


# ---------------------------------------------------------------- geometry
@given(st.sampled_from(g.EDGES), st.integers(-8, 8))
def test_rotations_compose_and_opposites_meet(edge, k):
    assert g.rotate_edge(g.rotate_edge(edge, k), -k) == edge
    assert g.step(g.step((0, 0), edge), g.opposite(edge)) == (0, 0)
    assert g.edge_between((0, 0), g.step((0, 0), edge)) == edge


@given(st.tuples(*[st.integers(0, 3)] * 4), st.integers(-5, 5))
def test_rotating_sides_matches_rotating_each_edge(sides, k):
    rotated = g.rotate_edges(sides, k)
    for edge in g.EDGES:
        assert rotated[g.rotate_edge(edge, k)] == sides[edge]
    mask = sum(1 << e for e in g.EDGES if sides[e])
    assert g.rotate_mask(mask, k) == sum(1 << g.rotate_edge(e, k) for e in g.EDGES if sides[e])


def test_hex_board_sizes_and_neighbours():
    assert [len(g.hex_cells(r)) for r in range(5)] == [1, 7, 19, 37, 61]
    assert len(g.hex_neighbours((0, 0), 4)) == 6 and all(g.hex_distance((0, 0), c) == 1 for c in g.hex_neighbours((0, 0), 4))
    assert not g.on_hex_board((5, 0), 4) and not g.on_hex_board((True, 0), 4)


def test_turns_to_port_and_starboard():
    assert [g.turn(g.N, "starboard"), g.turn(g.N, "port"), g.turn(g.W, "starboard")] == [g.E, g.W, g.N]
    with pytest.raises(ValueError):
        g.turn(g.N, "left")


# ---------------------------------------------------------------- registry
def test_the_registry_lists_games_by_name_and_refuses_unknown_names():
    registered = core.games()
    assert registered and all(cls.name == name and issubclass(cls, core.Game) for name, cls in registered.items())
    first = next(iter(registered))
    assert core.game_class(first.upper()) is registered[first]
    with pytest.raises(InvalidInput, match="Games: "):
        core.game_class("monopoly")
    assert set(core.games(playable_only=True)) <= set(registered)


def test_observations_must_be_json_plain():
    assert core.is_json_plain({"a": [1, "x", None, True, 1.5]})
    assert not core.is_json_plain({"a": (1,)}) and not core.is_json_plain({1: "a"}) and not core.is_json_plain({"a": {1}})
