"""FlowState: the whole protocol read from the phase table (on the Skirmish toy of ``flow_toy``)."""
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import (AUTO, CHANCE, TERMINAL, AgendaError, Dist, FlowState, Game, IllegalMove, Phase, Task,
                              TurnFlow, random_playout)
from pirates_lab.core.testing import check_protocol, refused

from flow_toy import (FLOW, RULE_BATTLE, RULE_CARDS, RULE_TURN, Ambush, Battle, Bury, Commit, Pass, Raid,
                      SkirmishGame, Window)


def fresh(players=3):
    return SkirmishGame(players=players).new_initial_state()


def test_a_raid_opens_a_window_where_someone_else_answers_and_an_ambush_nests_a_battle():
    state = fresh().apply(Raid(1))
    # every other seat is asked in turn: player 1 (no ambush card) may only pass; player 2 holds one
    assert state.agenda[-1] == Task("window", None, Window(Battle(0, 1), (1, 2)))
    assert state.current_player() == 1 and state.legal_actions() == (Pass(),)
    state = state.apply(Pass())
    assert state.current_player() == 2 and state.legal_actions() == (Pass(), Ambush())
    state = state.apply(Ambush())
    # the ambush is a battle on top of the raid's battle; the turn's draw waits underneath
    assert [t.phase for t in state.agenda] == ["end", "draw", "commit", "commit"]
    assert state.agenda[-1].data == Battle(2, 0) and state.agenda[-2].data == Battle(0, 1)
    assert state.current_player() == 2 and state.legal_actions() == (Commit(0), Commit(1), Commit(2))


def test_secret_commitments_are_taken_one_seat_at_a_time_and_hidden_until_both_are_in():
    state = fresh().apply(Raid(1)).apply(Pass()).apply(Pass())        # players 1 and 2 let it go
    assert state.current_player() == 0
    state = state.apply(Commit(2))
    assert state.current_player() == 1 and state.agenda[-1].data.committed == (2, None)
    assert state.observation(1)["battles"] == [{"attacker": 0, "defender": 1, "committed": ["secret", None]}]
    assert state.observation(0)["battles"][0]["committed"] == [2, None]
    state = state.apply(Commit(0))
    assert state.current_player() == CHANCE and state.chance_outcomes() == Dist.die(6)
    assert [t.phase for t in state.agenda] == ["end", "draw", "clash"]


def test_chance_resolves_by_the_table_and_the_turn_goes_on_with_a_draw_from_the_deck():
    state = fresh().apply(Raid(1)).apply(Pass()).apply(Pass()).apply(Commit(2)).apply(Commit(0))
    won = state.apply(2)                                # 2 + 2 > 0 + 3: the raider wins one doubloon
    assert won.coins == [2, 2, 3] and won.current_player() == CHANCE
    assert won.chance_outcomes() == Dist.from_weights({"ambush": 2, "rum": 4})
    assert sum(p for _, p in won.chance_outcomes().items()) == 1
    lost = state.apply(1)                               # 2 + 1 = 3, not more than 3: the defender wins
    assert lost.coins == [0, 4, 3]
    after = won.apply("ambush")
    assert after.hands[0] == ["ambush", "ambush", "rum"] and after.current_player() == 1


def test_a_turn_cut_short_keeps_its_end():
    state = fresh()
    state.coins[0] = 0                                  # a scenario: player 0 holds nothing
    state = state.apply(Raid(1)).apply(Pass()).apply(Pass()).apply(Commit(0)).apply(Commit(0)).apply(1)
    assert "Player 0 has nothing left: the turn ends." in state.log
    assert state.current_player() == 1 and [t.phase for t in state.agenda] == ["turn"]


def test_moves_too_many_to_list_are_accepted_by_the_table_and_refusals_cite_the_phase_rule():
    state = fresh()
    assert Bury(2) not in state.legal_actions()
    assert state.apply(Bury(2)).buried[0] == 2
    error = refused(state, Bury(4), RULE_TURN)
    assert "at most the 3 doubloons" in error.reason
    error = refused(state, Commit(1), RULE_TURN)        # the generic refusal lists the choices
    assert "Allowed: pass, bury 3, raid player 1, raid player 2" in error.reason
    battle = state.apply(Raid(1)).apply(Pass()).apply(Pass())
    refused(battle, Commit(3), RULE_BATTLE)
    refused(battle.apply(Commit(0)).apply(Commit(0)), 7, RULE_BATTLE)    # chance cannot roll a 7
    refused(state.apply(Raid(2)), Commit(0), RULE_CARDS)


def test_a_finished_game_has_an_empty_agenda():
    end = random_playout(fresh(2), 3)
    assert end.agenda == [] and end.current_player() == TERMINAL and sum(end.returns()) == 1


def test_a_table_that_cannot_drive_a_flow_state_is_refused_when_the_class_is_made():
    incomplete = TurnFlow(Phase("turn", rule="Turn", actions="turn_actions"),
                          Phase("roll", rule="Turn", actor=CHANCE, apply="roll"))
    with pytest.raises(TypeError, match=r"turn \(apply\); roll \(odds\)"):
        type("Broken", (FlowState,), {"flow": incomplete})
    with pytest.raises(TypeError, match="without a phase table"):
        FlowState(SkirmishGame(players=2))


def test_typed_task_data_is_checked_when_pushed():
    state = fresh()
    with pytest.raises(TypeError, match="carries a Battle"):
        FLOW.push(state, Task("commit", None, (0, 1)))
    with pytest.raises(TypeError, match="carries a Window"):
        FLOW.replace(state, Task("window", None, Battle(0, 1)))
    assert state.agenda == [Task("turn", 0)]


def test_the_agenda_promises_bounded_no_decision_stacked_twice_nothing_automatic_on_top():
    state = fresh()
    FLOW.check_agenda(state)
    state.agenda = [Task("turn", 1), Task("turn", 1)]
    with pytest.raises(AgendaError, match="two 'turn' decisions"):
        FLOW.check_agenda(state)
    state.agenda = [Task("turn", 1), Task("end", 0)]
    with pytest.raises(AgendaError, match="automatic"):
        FLOW.check_agenda(state)
    state.agenda = [Task("commit", None, "battle?")]
    with pytest.raises(AgendaError, match="not a Battle"):
        FLOW.check_agenda(state)
    deep = TurnFlow(Phase("a", rule="Turn", actions="x", nests=True), max_depth=3)
    state.agenda = [Task("a", 0)] * 3
    deep.check_agenda(state)                            # nesting declared: allowed
    state.agenda = [Task("a", 0)] * 4
    with pytest.raises(AgendaError, match="bound of 3"):
        deep.check_agenda(state)


def test_a_loaded_agenda_must_keep_the_promises():
    state = fresh().apply(Raid(1))
    assert state.game.load_state(state.to_json()).agenda == state.agenda
    text = state.to_json()
    broken = fresh()
    broken.agenda = [Task("turn", 0), Task("turn", 0)]
    from pirates_lab.core import CorruptSave
    with pytest.raises(CorruptSave, match="two 'turn' decisions"):
        state.game.load_state(broken.to_json())
    assert state.game.load_state(text).agenda == state.agenda


def test_the_skirmish_keeps_the_protocol():
    finals = check_protocol(SkirmishGame(players=3), seeds=range(12))
    assert all(f.is_terminal() for f in finals)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_every_position_of_random_games_keeps_the_agenda_promises(seed, players):
    import random
    rng = random.Random(seed)
    state = fresh(players)
    while not state.is_terminal():
        FLOW.check_agenda(state)
        if state.is_chance_node():
            odds = state.chance_outcomes()
            assert sum(p for _, p in odds.items()) == 1
            move = odds.sample(rng)
        else:
            move = rng.choice(state.legal_actions())
        state = state.apply(move)
    assert sum(state.returns()) == 1 and sum(state.scores()) <= 3 * players


def test_an_automatic_phase_in_the_table_needs_no_actions_and_names_its_method():
    with pytest.raises(ValueError, match="auto"):
        Phase("end", rule="Turn", actor=AUTO)
    assert Phase("end", rule="Turn", actor=AUTO, auto="end").missing() == []
    assert "| window | the next seat in the window | Cards | — |" in FLOW.table()


def test_finish_hands_typed_data_on_to_the_rows_that_declare_it():
    flow = TurnFlow(Phase("aim", rule="Turn", actions="x", then=("fire", "tally"), data=Battle),
                    Phase("fire", rule="Turn", actor=CHANCE, odds="x", apply="x", data=Battle),
                    Phase("tally", rule="Turn", actor=AUTO, auto="x"))
    state = fresh()
    battle = Battle(0, 1)
    state.agenda = [Task("aim", 0, battle)]
    flow.finish(state)
    assert state.agenda == [Task("tally", 0), Task("fire", 0, battle)]
    state.agenda = [Task("aim", 0, battle)]
    flow.finish(state, player=1, data=Battle(1, 0))
    assert state.agenda == [Task("tally", 1, Battle(1, 0)), Task("fire", 1, Battle(1, 0))]
    state.agenda = [Task("aim", 0, battle)]
    with pytest.raises(TypeError, match="carries a Battle"):
        flow.finish(state, data=(1, 2))
