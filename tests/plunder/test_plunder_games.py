"""Whole Plunder games: the protocol's promises, and seeded games played to a winner with invariants.

Rules: Plunder › Overview
"""
import random
from fractions import Fraction

import pytest

from pirates_lab.core import CorruptSave
from pirates_lab.core.testing import check_protocol
from pirates_lab.plunder import Game
from pirates_lab.plunder.captains import random_captain, trader

#: seeded games in the default run: 40 games, about 15 s on a busy two-core machine
GAMES = 40
#: the nightly run (``pytest -m nightly``): 1,000 games to the end, several minutes (docs/plunder.md has the figure)
NIGHTLY_GAMES = 1000


def test_protocol_random_captains():
    check_protocol(Game(players=3, max_turns=12), seeds=range(4))


def test_protocol_traders_with_the_mutiny_option():
    check_protocol(Game(players=4, max_turns=25, mutiny=True), seeds=range(3), policy=trader)


def test_protocol_two_captains_fighting():
    check_protocol(Game(players=2, max_turns=20), seeds=range(3), policy=random_captain)


def play_checked(seed: int):
    rng = random.Random(seed)
    game = Game(players=2 + seed % 3, max_turns=400, mutiny=seed % 5 == 0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_outcomes().sample(rng)
        elif rng.random() < 0.15:
            action = rng.choice(state.legal_actions())
        else:
            action = trader(state, rng)
        state = state.apply(action)
        state.validate()                      # cards, silver and goods conserved; hands within 7
        steps += 1
    return state, steps


def _seeded_games_keep_every_invariant(games: int) -> None:
    reached = 0
    for seed in range(games):
        state, _ = play_checked(seed)
        assert sum(state.returns()) == 1 and all(isinstance(r, Fraction) for r in state.returns())
        if state.winner is not None:
            reached += 1
            assert state.captains[state.winner]["silver"] >= 60
            assert state.winners() == (state.winner,)
    assert reached >= games * 9 // 10, f"only {reached} of {games} games reached 60 silver"


def test_seeded_games_end_with_a_winner_and_every_invariant_kept():
    _seeded_games_keep_every_invariant(GAMES)


@pytest.mark.nightly
def test_a_thousand_seeded_games_end_with_a_winner_and_every_invariant_kept():
    _seeded_games_keep_every_invariant(NIGHTLY_GAMES)


def test_save_and_load_round_trip_mid_game_and_refuse_a_damaged_save():
    state, _ = play_checked(7)
    rng = random.Random(7)
    game = Game(players=3, max_turns=30)
    s = game.new_initial_state()
    for _ in range(150):
        if s.is_terminal():
            break
        s = s.apply(s.chance_outcomes().sample(rng) if s.is_chance_node() else trader(s, rng))
        text = s.to_json()
        again = game.load_state(text)
        assert again.to_json() == text and again.legal_actions() == s.legal_actions()
    damaged = text.replace('"silver": 5', '"silver": 6', 1)
    if damaged != text:
        with pytest.raises(CorruptSave):
            game.load_state(damaged)
    with pytest.raises(CorruptSave):
        game.load_state(text[:-20])


def test_a_save_with_a_card_too_many_is_refused():
    state = Game(players=2).new_initial_state()
    state.deck["Havana"] = state.deck.get("Havana", 0) + 1
    with pytest.raises(CorruptSave):
        Game(players=2).load_state(state.to_json())


def test_redeal_keeps_what_a_captain_saw_and_never_deals_the_storm():
    state = Game(players=3).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes().sample(rng))
    for seed in range(30):
        other = state.redeal_hidden(0, random.Random(seed))
        other.validate()
        assert other.observation(0) == state.observation(0)
        assert all("Storm" not in c["hand"] for c in other.captains)
        assert all(set(c["shown"]) <= set(c["hand"]) for c in other.captains)


def test_every_refusal_names_a_rulebook_heading_and_changes_nothing():
    from pirates_lab.core import IllegalMove, rulebook
    from pirates_lab.plunder.actions import AttackPort, Buy, Give, PassAction, Play, Sail, Secret, Sell, StartTrade

    headings = set(rulebook("plunder").headings)
    probes = [Sail(9), Sail(0), Buy("Gold", 1), Buy("Sugar", 99), Sell("Rum", 5), Give("Kraken"), PassAction(),
              Play("Navigator"), StartTrade(), AttackPort(), Secret("Havana"), "not an action"]
    rng = random.Random(5)
    state = Game(players=3, max_turns=20).new_initial_state()
    refused = 0
    for _ in range(600):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            before = state.to_json()
            legal = state.legal_actions()
            for probe in probes:
                if probe in legal:
                    continue
                try:
                    state.apply(probe)
                except IllegalMove as error:
                    refused += 1
                    assert error.rule in headings, error
                    assert error.reason.endswith((".", "!", "?")), error.reason
                else:
                    assert state._is_legal(probe)      # a parameterised action the rules allow
            assert state.to_json() == before
        state = state.apply(state.chance_outcomes().sample(rng) if state.is_chance_node() else trader(state, rng))
    assert refused > 500
