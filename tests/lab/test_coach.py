"""The coach: intervals that hold the exact value, one answer per seed on any executor, and no peeking."""
from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest

import lab_toy
from pirates_lab.core import InvalidInput
from pirates_lab.lab.coach import MAX_WORK, Coach, exact_values


def high_card(mine: int, theirs: int):
    """High Card, two players: Player 1 holds ``mine`` and must stand or swap; Player 2 holds ``theirs``."""
    state = lab_toy.Game(players=2).new_initial_state()
    return state.apply(mine).apply(theirs)


def skull_position(skull, hoards, pot, player=0):
    """A Skull Dice position: the hoards, ``pot`` at risk, ``player`` to roll or bank."""
    state = skull.Game(players=2).new_initial_state()
    state.hoards = list(hoards)
    state.pot = pot
    if player:
        state.agenda[-1] = type(state.agenda[-1])("turn", player)
    return state


def test_every_move_gets_a_wilson_interval_around_its_rate():
    advice = Coach(budget=60).advise(high_card(3, 8).view(0), seed=2)
    assert {m.label for m in advice.moves} == {"stand", "swap"} and advice.samples == 30
    for move in advice.moves:
        assert move.samples == 30 and 0 <= move.low <= move.win_rate <= move.high <= 1
        assert move.score_low <= move.mean_score <= move.score_high
    assert advice.moves[0].win_rate >= advice.moves[1].win_rate          # best first


def test_the_exact_value_lies_inside_every_interval(skull):
    # Skull Dice, 8 and 7 in the hoards, 1 in the pot: roll or bank, a short horizon the exact walk covers
    state = skull_position(skull, (8, 7), 1)
    coach = Coach(budget=400, horizon=6)
    advice = coach.advise(state.view(0), seed=5)
    assert advice.exact and advice.samples == 200
    truth = exact_values(state, 0, state.legal_actions(), 6)
    assert {m.label: m.exact for m in advice.moves} == {str(a): v for a, v in zip(state.legal_actions(), truth)}
    for move in advice.moves:
        assert isinstance(move.exact, Fraction) and move.low <= move.exact <= move.high, move.line()
    assert "exactly" in advice.best.line()


def test_the_exact_walk_of_a_die_roll_is_right_by_hand(skull):
    # 9 and 9 in the hoards, horizon 1: banking 5 wins at once; after a roll the playout is cut, and the hoards
    # (the points) are tied 9 to 9 whatever the die -> exactly: bank 1, roll 1/2 (the leaders share the win)
    state = skull_position(skull, (9, 9), 5)
    bank, roll = sorted(state.legal_actions(), key=str)
    values = dict(zip(map(str, (bank, roll)), exact_values(state, 0, (bank, roll), 1)))
    assert values == {"bank 5": Fraction(1), "roll": Fraction(1, 2)}


def test_the_same_seed_gives_the_same_answer_and_another_seed_another():
    view = high_card(4, 6).view(0)
    one, two = Coach(budget=80).advise(view, seed=7), Coach(budget=80).advise(view, seed=7)
    assert one == two and [m.outcomes for m in one.moves] == [m.outcomes for m in two.moves]
    other = Coach(budget=80).advise(view, seed=8)
    assert [m.outcomes for m in other.moves] != [m.outcomes for m in one.moves]


def test_the_same_answer_on_threads_and_on_a_process_pool():
    view = high_card(5, 2).view(0)
    here = Coach(budget=64).advise(view, seed=3)
    with ThreadPoolExecutor(3) as pool:
        threads = Coach(budget=64, executor=pool, chunks=5).advise(view, seed=3)
    with ProcessPoolExecutor(2) as pool:
        processes = Coach(budget=64, executor=pool).advise(view, seed=3)
    assert here == threads == processes
    assert [m.outcomes for m in here.moves] == [m.outcomes for m in processes.moves]


@pytest.mark.slow
def test_the_same_answer_on_a_local_dask_cluster():
    distributed = pytest.importorskip("dask.distributed")
    import cloudpickle
    cloudpickle.register_pickle_by_value(lab_toy)
    view = high_card(5, 2).view(0)
    here = Coach(budget=40).advise(view, seed=4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = Coach(budget=40, executor=client.get_executor()).advise(view, seed=4)
    assert here == there


def test_the_coach_sees_only_the_seat_what_it_cannot_see_does_not_change_its_answer():
    # Player 1 holds 5; Player 2 holds 9 in one game and 1 in the other: a peeking coach would swap against 9
    # and stand against 1.  The honest coach gives the same answer to both (its re-deals ignore the real card).
    against_nine = Coach(budget=200).advise(high_card(5, 9).view(0), seed=11)
    against_one = Coach(budget=200).advise(high_card(5, 1).view(0), seed=11)
    assert against_nine == against_one
    # and the truth differs, so the test would catch a peek: standing on 5 loses to 9 and beats 1
    assert high_card(5, 9).apply(lab_toy.Stand()).apply(lab_toy.Stand()).returns()[0] == 0
    assert high_card(5, 1).apply(lab_toy.Stand()).apply(lab_toy.Stand()).returns()[0] == 1


def test_the_coach_is_refused_the_whole_state():
    with pytest.raises(InvalidInput, match="seat's view"):
        Coach().advise(high_card(5, 9), seed=1)


def test_no_decision_and_bad_budgets_are_refused_at_once_with_a_sentence():
    state = high_card(5, 9)
    with pytest.raises(InvalidInput, match="no decision"):
        Coach().advise(state.view(1), seed=1)
    for budget in (0, -3, 2.5, True):
        with pytest.raises(InvalidInput, match="whole number"):
            Coach(budget=budget)
    with pytest.raises(InvalidInput, match="too large"):
        Coach(budget=MAX_WORK, horizon=10)


def test_progress_is_told_up_to_the_whole():
    seen = []
    Coach(budget=40).advise(high_card(2, 7).view(0), seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (40, 40) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def held_positions(skull, count: int = 10):
    """Skull Dice positions drawn once from a seed (hoards 4-9, pot 1-9, Player 1 to roll or bank)."""
    import random as rand
    rng = rand.Random("held positions")
    return [skull_position(skull, (rng.randint(4, 9), rng.randint(4, 9)), rng.randint(1, 9)) for _ in range(count)]


def test_the_coachs_best_move_is_the_exact_best_on_held_positions(skull):
    """Wherever the exact walk covers the decision and the exact best leads by 5 points or more, the coach
    (playouts only: its exact walk turned off) picks that move."""
    checked = 0
    for state in held_positions(skull):
        actions = state.legal_actions()
        exact = dict(zip(actions, exact_values(state, 0, actions, 5)))
        ranked = sorted(exact, key=exact.get, reverse=True)
        if exact[ranked[0]] - exact[ranked[1]] < Fraction(1, 20):
            continue
        advice = Coach(budget=400, horizon=5, exact_limit=0).advise(state.view(0), seed=9)
        assert not advice.exact and advice.best.action == ranked[0], (state.hoards, state.pot, advice.lines())
        checked += 1
    assert checked >= 5


def test_the_coach_player_may_rank_cut_playouts_by_the_mean_lead_on_points(skull):
    """Horizon 1: after banking 1 the hoards read 9 to 7 (a lead of 2); after a roll they still read 8 to 7 (a lead
    of 1).  Both lead, so "who leads" ties them; the mean lead tells them apart."""
    import random as rand

    from pirates_lab.lab.coach import CoachPolicy
    state = skull_position(skull, (8, 7), 1)
    view = state.view(0)
    advice = Coach(budget=40, horizon=1, exact_limit=0).advise(view, seed=1)
    leads = {m.label: m.mean_lead for m in advice.moves}
    assert leads == {"bank 1": 2.0, "roll": 1.0} and advice.capped == 40
    assert {m.win_rate for m in advice.moves} == {1.0}
    chosen = CoachPolicy(budget=40, horizon=1, exact_limit=0, rank="lead").choose(view, rand.Random(1))
    assert str(chosen) == "bank 1"
    with pytest.raises(InvalidInput, match="'win' or 'lead'"):
        CoachPolicy(rank="score")


def test_a_games_cheap_playout_players_are_found_by_name():
    """``PLAYOUTS`` in a game's policies.py (here Plunder (2013)'s cautious random pirate) serve as the coach's
    rollout by name, beside the game's players; an unknown name is refused with the list."""
    from pirates_lab.lab.coach import playout_policy
    from pirates_lab.plunder_2013.game import Game
    game = Game(players=2)
    pirate = playout_policy(game, "cautious_random")
    assert pirate.name == "cautious_random"
    assert playout_policy(game, "solver").name == "solver"
    with pytest.raises(InvalidInput, match="No policy called 'nobody'"):
        playout_policy(game, "nobody")
    state = game.new_initial_state()
    while state.current_player() < 0:
        state = state.apply(next(iter(state.chance_outcomes().items()))[0])
    assert Coach(budget=16, rollout="cautious_random").advise(state.view(state.current_player()), seed=1).rollout \
        == "cautious_random"


def test_a_game_with_slow_playouts_sets_its_own_default_budget_and_horizon():
    from pirates_lab.lab.coach import DEFAULT_BUDGET, DEFAULT_HORIZON, game_settings
    from pirates_lab.pirates_and_plunder.game import Game as PiratesAndPlunder
    game = PiratesAndPlunder(players=2)
    assert game_settings(game) == {"budget": 160, "horizon": 40}
    assert Coach().settings(game) == (160, 40)
    assert Coach(budget=80).settings(game) == (80, 40) and Coach(horizon=10).settings(game) == (160, 10)
    assert Coach().settings(lab_toy.Game(players=2)) == (DEFAULT_BUDGET, DEFAULT_HORIZON)
    assert Coach().advise(high_card(3, 8).view(0), seed=1).budget == DEFAULT_BUDGET
