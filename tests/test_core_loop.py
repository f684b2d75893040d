"""The one play loop and SeatView: steps, humans, caps, policies by seat, errors, and what a seat may see."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import (CHANCE, TERMINAL, ComputerPlayerError, InvalidInput, ObservationMissing, SeatView, State,
                              play, policy_for, random_playout, random_policy)

from flow_toy import Bury, Commit, Pass, Raid, SkirmishGame


def fresh(players=3):
    return SkirmishGame(players=players).new_initial_state()


def reference_playout(state, rng):
    """The hand-written loop the core's loop replaced (chance and choices from one rng)."""
    taken = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_outcomes().sample(rng)
        else:
            action = rng.choice(state.legal_actions())
        taken.append(action)
        state = state.apply(action)
    return taken, state


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 100_000), st.integers(2, 4))
def test_the_loop_plays_exactly_the_game_the_hand_written_loop_played(seed, players):
    expected, end = reference_playout(fresh(players), random.Random(seed))
    taken = []
    final = random_playout(fresh(players), random.Random(seed), actions=taken)
    assert taken == expected and final.to_json() == end.to_json()
    through = play(fresh(players), random_policy, random.Random(seed))
    steps = list(through)
    assert [s.action for s in steps] == expected and through.steps == len(expected)
    assert all(s.after.to_json() == t.state.to_json() for s, t in zip(steps, steps[1:]))
    assert {s.kind for s in steps} <= {"chance", "decision"} and all((s.kind == "chance") == (s.player == CHANCE)
                                                                    for s in steps)


def test_a_policy_is_handed_a_seat_view_of_its_own_seat_never_the_state():
    calls = []

    def policy(view, rng):
        assert isinstance(view, SeatView) and not isinstance(view, State)
        calls.append(view.player)
        assert view.to_act and view.legal_actions
        return view.legal_actions[0]
    end = play(fresh(), policy, 1).run()
    assert end.is_terminal() and set(calls) == {0, 1, 2}


def test_the_loop_stops_for_a_human_and_goes_on_from_the_move_made():
    through = play(fresh(), None, 3, humans={1})
    steps = list(through)
    assert steps[-1].kind == "human" and steps[-1].player == 1 and steps[-1].action is None
    assert through.human == 1 and not through.capped and through.state.current_player() == 1
    moved = through.state.apply(Pass())
    assert play(moved, None, 3, humans={1}).run().current_player() in (1, TERMINAL)


def test_max_steps_caps_the_play_and_says_so():
    through = play(fresh(), None, 4, max_steps=3)
    assert len(list(through)) == 3 and through.capped and through.steps == 3
    with pytest.raises(RuntimeError, match="No end after 3 steps"):
        random_playout(fresh(), 4, max_steps=3)
    with pytest.raises(InvalidInput):
        play(fresh(), None, 4, max_steps=-1)


def test_policies_by_seat_a_mapping_a_list_or_one_for_all():
    def bury_all(view, rng):
        return next((a for a in view.legal_actions if isinstance(a, Bury)), view.legal_actions[0])
    assert policy_for(None, 2) is random_policy and policy_for(bury_all, 2) is bury_all
    assert policy_for({1: bury_all}, 1) is bury_all and policy_for({1: bury_all}, 0) is random_policy
    assert policy_for([None, bury_all], 1) is bury_all and policy_for([None, bury_all], 2) is random_policy
    with pytest.raises(InvalidInput):
        policy_for("bury", 0)
    end = play(fresh(2), {0: bury_all}, 5).run()
    assert end.buried[0] >= 3


def test_a_failing_or_cheating_computer_player_is_named_in_a_sentence_when_asked():
    def cheat(view, rng):
        return Commit(9)

    def broken(view, rng):
        raise KeyError("oops")
    with pytest.raises(ComputerPlayerError, match=r"Player 1's seat chose commit 9, which is not allowed"):
        play(fresh(), cheat, 1, wrap_errors=True).run()
    with pytest.raises(ComputerPlayerError, match="Player 1's seat failed: 'oops'") as caught:
        play(fresh(), broken, 1, wrap_errors=True).run()
    assert caught.value.seat == 0 and isinstance(caught.value.__cause__, KeyError)
    with pytest.raises(KeyError):                 # unwrapped: the policy's own error
        play(fresh(), broken, 1).run()


def test_a_seat_view_refuses_what_the_seat_may_not_see_and_redeals_only_its_own_unknowns():
    state = fresh()
    view = state.view(0)
    assert view.observation == state.observation(0) and view.legal_actions == state.legal_actions()
    for name in ("hands", "deck", "_state_", "clone", "apply"):
        with pytest.raises(AttributeError, match="its seat's view only"):
            getattr(view, name)
    with pytest.raises(AttributeError):
        view.player = 2
    world = view.redeal(random.Random(1))
    assert world is not state and world.observation(0) == state.observation(0) and world.hands[0] == state.hands[0]
    assert view.view() is view and view.current_player() == 0
    with pytest.raises(InvalidInput, match="only its own seat"):
        view.redeal_hidden(1, random.Random(1))
    other = state.view(2)
    assert other.legal_actions == () and not other.to_act and other.observation["hand"] == state.hands[2]


def test_a_seat_view_reads_the_observation_only_when_asked_and_names_a_missing_one():
    class Blind(type(fresh())):
        def observation(self, player):
            raise NotImplementedError("not written")
    state = fresh()
    state.__class__ = Blind
    view = state.view()
    assert view.legal_actions                      # the choices need no observation
    with pytest.raises(ObservationMissing, match="Skirmish does not implement observation"):
        view.observation


def test_recent_gives_the_last_lines_of_the_log():
    state = fresh().apply(Raid(1))
    assert state.view(1).recent(1) == [state.log[-1]] and state.view(1).recent(0) == []


# ---------------------------------------------------------------- marks to stop at: until, until_phase, decisions
def whole_game(seed, players=3):
    """Every step of a seeded game played to the end, and the states it passed (start first)."""
    steps = list(play(fresh(players), None, random.Random(seed)))
    return steps, [fresh(players)] + [s.after for s in steps]


def first(states, met):
    return next(i for i, state in enumerate(states) if met(state))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), st.integers(2, 4), st.sampled_from(["commit", "clash", "window", "draw"]))
def test_until_phase_stops_at_the_first_state_of_that_phase_and_plays_the_same_game_up_to_it(seed, players, phase):
    steps, states = whole_game(seed, players)
    if not any(s.phase == phase for s in states):
        phase = "game over"                                   # a game without a battle still has an end
    k = first(states, lambda s: s.phase == phase)
    through = play(fresh(players), None, random.Random(seed), until_phase=phase)
    taken = list(through)
    assert [s.action for s in taken] == [s.action for s in steps[:k]] and through.steps == k
    assert through.state.to_json() == states[k].to_json() and through.state.phase == phase
    assert through.stopped == "until_phase" and through.reached and not through.capped
    assert all(s.phase != phase for s in states[:k])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 100_000), st.integers(0, 30))
def test_decisions_stops_right_after_the_nth_computer_decision(seed, n):
    steps, states = whole_game(seed)
    decided = [i + 1 for i, s in enumerate(steps) if s.kind == "decision"]
    through = play(fresh(), None, random.Random(seed), decisions=n)
    taken = list(through)
    if n > len(decided):                                      # the game ends first: played to the end, not reached
        k = len(steps)
        assert through.stopped == "end" and not through.reached and through.decided == len(decided)
    else:
        k = decided[n - 1] if n else 0
        assert through.decided == n and through.stopped == "decisions" and through.reached
    assert len(taken) == k and [s.action for s in taken] == [s.action for s in steps[:k]]
    assert through.state.to_json() == states[k].to_json()
    assert not taken or taken[-1].kind == "decision" or through.stopped == "end"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 40))
def test_until_stops_at_the_first_state_it_holds_for_and_sees_each_state_once(seed, coins):
    steps, states = whole_game(seed)
    met = lambda s: sum(s.buried) >= coins                     # noqa: E731
    seen = []
    through = play(fresh(), None, random.Random(seed), until=lambda s: seen.append(s.to_json()) or met(s))
    through.run()
    if any(met(s) for s in states):
        k = first(states, met)
        assert through.stopped == "until" and through.reached and through.steps == k
        assert seen == [s.to_json() for s in states[:k + 1]]
    else:                                                     # never met: played to the end, which says so
        assert through.stopped == "end" and not through.reached and through.steps == len(steps)
        assert seen == [s.to_json() for s in states]


def test_marks_met_at_the_start_take_no_step_and_the_end_is_a_phase_too():
    for marks in ({"until_phase": "turn"}, {"until": lambda s: True}, {"decisions": 0}):
        through = play(fresh(), None, 1, **marks)
        assert list(through) == [] and through.steps == 0 and through.reached and through.state.phase == "turn"
    end = play(fresh(), None, 1, until_phase="game over")
    assert end.run().is_terminal() and end.stopped == "until_phase" and end.reached
    both = play(fresh(), None, 1, until_phase=("clash", "game over"))
    assert both.run().phase in ("clash", "game over") and both.stopped == "until_phase"
    one = play(fresh(), None, 1, until_phase={"commit"}, decisions=1)    # a raid opens a window before a commit
    assert len(list(one)) == 1 and one.stopped == "decisions" and one.state.phase != "commit"


def test_without_marks_the_play_is_what_it_was_and_says_why_it_stopped():
    plain = play(fresh(), None, 7)
    end = plain.run()
    assert plain.stopped == "end" and not plain.reached and not plain.capped and end.is_terminal()
    capped = play(fresh(), None, 7, max_steps=5, until=lambda s: False)
    assert len(list(capped)) == 5 and capped.capped and capped.stopped == "capped" and not capped.reached
    human = play(fresh(), None, 3, humans={1}, until_phase="game over")
    assert list(human)[-1].kind == "human" and human.stopped == "human" and not human.reached


def test_marks_asked_wrongly_are_refused_in_a_sentence():
    for bad in ({"decisions": -1}, {"decisions": True}, {"decisions": "3"}, {"until": "melee"},
                {"until_phase": ""}, {"until_phase": 3}, {"until_phase": []}, {"until_phase": ["turn", None]}):
        with pytest.raises(InvalidInput, match="must be"):
            play(fresh(), **bad)

    class Plain(State):                                        # a state that names no phase
        def current_player(self): return TERMINAL
    with pytest.raises(InvalidInput, match="until_phase needs a game whose state names its phase"):
        play(Plain(SkirmishGame(players=2)), until_phase="turn").run()
