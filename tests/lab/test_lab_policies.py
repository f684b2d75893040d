"""Policies see views only, pick legal actions, and say so clearly when a game hides nothing yet."""
from __future__ import annotations

import random

import pytest

import lab_toy
from pirates_lab.core import CHANCE, TERMINAL, SeatView, State, games, play
from pirates_lab.lab import (FunctionPolicy, ObservationMissing, RandomPolicy, SearchPolicy, leader_shares,
                             make_policy, policies_for, tournament)


def seat_view(state):
    """What the play loop hands a policy: the acting seat's SeatView (never the state)."""
    view = state.view()
    assert isinstance(view, SeatView) and not isinstance(view, State)
    return view


def decisions(game, seeds=range(6), max_steps=400):
    """Decision points of seeded random games."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(max_steps):
            player = state.current_player()
            if player == TERMINAL:
                break
            if player != CHANCE:
                yield state
                action = rng.choice(state.legal_actions())
            else:
                action = state.chance_outcomes().sample(rng)
            state = state.apply(action)


def swap_low(view, rng):
    return view.legal_actions[1] if view.observation["my_card"] <= 4 else view.legal_actions[0]


TOY_POLICIES = [RandomPolicy(), FunctionPolicy(swap_low, "swap low"), SearchPolicy(iterations=30)]


@pytest.mark.parametrize("policy", TOY_POLICIES, ids=lambda p: p.name)
def test_policies_see_only_views_and_choose_legal_actions(policy):
    game = lab_toy.Game(players=3)
    for state in decisions(game):
        action = policy(seat_view(state), random.Random(0))
        assert action in state.legal_actions()


def test_a_policy_that_peeks_at_the_state_is_refused():
    state = next(decisions(lab_toy.Game(players=2)))
    with pytest.raises(AttributeError, match="'cards' is not part of it"):
        FunctionPolicy(lambda view, rng: view.cards)(seat_view(state), random.Random(0))


def test_search_cannot_tell_states_its_seat_cannot_tell_apart():
    """Given two worlds that differ only in the others' hidden cards, search makes the same choice."""
    game = lab_toy.Game(players=3)
    search = SearchPolicy(iterations=60)
    checked = 0
    for state in decisions(game, seeds=range(10)):
        player = state.current_player()
        twin = state.redeal_hidden(player, random.Random(99))
        if twin.scores() == state.scores():
            continue
        assert twin.observation(player) == state.observation(player)
        assert search(state.view(), random.Random(5)) == search(twin.view(), random.Random(5))
        checked += 1
    assert checked >= 5


def test_search_finds_the_obvious_move():
    """Holding a 9 (the best card), standing wins; holding a 1, swapping can only help."""
    game = lab_toy.Game(players=2)
    state = game.new_initial_state().apply(9).apply(5)
    assert str(SearchPolicy(iterations=100)(state.view(), random.Random(1))) == "stand"
    state = game.new_initial_state().apply(1).apply(5)
    assert str(SearchPolicy(iterations=100)(state.view(), random.Random(1))) == "swap"


def test_a_game_without_observations_is_named_clearly():
    game = lab_toy.Game(players=2, secretive=True)
    state = next(decisions(game))
    assert RandomPolicy()(state.view(), random.Random(0)) in state.legal_actions()
    with pytest.raises(ObservationMissing, match="High Card does not implement observation"):
        SearchPolicy(iterations=5)(state.view(), random.Random(0))
    with pytest.raises(ObservationMissing, match="only the random player can"):
        FunctionPolicy(swap_low)(state.view(), random.Random(0))


def test_leader_shares_split_the_lead():
    assert leader_shares((1, 1)) == (0.5, 0.5) and leader_shares((0, 3, 1)) == (0, 1, 0)


def test_the_toy_game_has_only_the_generic_policies():
    assert list(policies_for(lab_toy.Game(players=2))) == ["random", "search"]
    assert make_policy(lab_toy.Game(players=2), "search").name == "search"


# ---------------------------------------------------------------- every registered game
PLAYABLE = sorted(games(playable_only=True))


@pytest.mark.parametrize("name", PLAYABLE)
def test_every_policy_of_every_game_plays_legal_moves_from_views(name):
    cls = games()[name]
    game = cls(players=max(2, cls.min_players))
    found = policies_for(name)
    own = {key: factory for key, factory in found.items() if key not in ("random", "search")}
    checked = 0
    try:
        for count, state in enumerate(decisions(game, seeds=range(3), max_steps=300)):
            if count % 7:             # every 7th decision: look-ahead players are slow
                continue
            for key, factory in own.items():
                action = factory()(seat_view(state), random.Random(count))
                state.check(action)          # legal (parameterised actions included)
                checked += 1
    except ObservationMissing as error:
        pytest.skip(str(error))
    if own:
        assert checked > 0


def test_a_registered_game_plays_a_tournament_with_random_players():
    cls = games()["king_of_pirates"]
    results = tournament(cls(players=2, max_turns=3), [RandomPolicy(), RandomPolicy()], games=4, seed=2,
                         progress=False)
    again = tournament(cls(players=2, max_turns=3), [RandomPolicy(), RandomPolicy()], games=4, seed=2,
                       progress=False, chunk_size=3)
    assert results.scores == again.scores and results.capped == 0
    assert all(sum(r) == 1 for r in results.returns)


def test_the_lab_names_no_game():
    """The lab reads the registry: no package name or printed title appears in its code."""
    import re
    from pathlib import Path
    folder = Path(__file__).resolve().parents[2] / "pirates_lab" / "lab"
    names = set()
    for name, cls in games().items():
        names |= {name, cls.title}
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        named = sorted(n for n in names if re.search(r"(?<![\w.])" + re.escape(n) + r"(?![\w(])", text))
        assert named == [], f"{path.name} names {named}"


@pytest.mark.parametrize("name", PLAYABLE)
def test_search_plays_legal_moves_in_every_game(name):
    """The generic search player determinises with each game's redeal_hidden and picks a legal move."""
    cls = games()[name]
    game = cls(players=max(2, cls.min_players))
    search = SearchPolicy(iterations=4, rollout_steps=8)
    checked = 0
    for count, state in enumerate(decisions(game, seeds=range(2), max_steps=200)):
        if count % 11:
            continue
        state.check(search(seat_view(state), random.Random(count)))
        checked += 1
        if checked == 4:
            break
    assert checked > 0
