"""Seeded random games of King of Pirates (40 by default, 1,000 nightly), save/load round trips, corrupt
saves refused."""
import json
import random

import pytest

from pirates_lab.core import TERMINAL, CorruptSave, IllegalMove, play, random_playout, replay
from pirates_lab.king_of_pirates.game import Game, Sail


def seeded_games(count: int) -> dict:
    """Play ``count`` seeded 3-round games (2 to 6 players); every one ends, validates, scores >= 0."""
    ends = {"rounds": 0, "winner": 0, "steps": 0}
    for seed in range(count):
        game = Game(players=2 + seed % 5, max_turns=3)
        actions = []
        final = random_playout(game.new_initial_state(), seed, actions=actions)
        ends["steps"] += len(actions)
        assert final.current_player() == TERMINAL
        final.validate()
        assert all(score >= 0 for score in final.scores())
        assert final.round == 4 or final.winner is not None
        ends["winner" if final.winner is not None else "rounds"] += 1
    return ends


def test_forty_seeded_random_games():
    """40 games, 8 of each size (about 15 s on a quiet core; the 1,000 run nightly)."""
    ends = seeded_games(40)
    assert ends["steps"] > 40 * 100 and ends["rounds"] > 36


@pytest.mark.nightly
def test_one_thousand_seeded_random_games():
    """The long run (pytest -m nightly); its time is in benchmarks/README.md."""
    ends = seeded_games(1000)
    assert ends["steps"] > 100_000 and ends["rounds"] > 900


def test_games_are_reproducible_and_replayable():
    game = Game(players=3, max_turns=2)
    actions = []
    first = random_playout(game.new_initial_state(), 42, actions=actions)
    second = random_playout(game.new_initial_state(), 42)
    assert first.to_json() == second.to_json()
    assert replay(game.new_initial_state(), actions).to_json() == first.to_json()


@pytest.mark.parametrize("seed", range(12))
def test_every_position_validates_and_survives_save_load(seed):
    game = Game(players=2 + seed % 5, max_turns=2, win_doubloons=3000 if seed % 2 else None)
    playthrough = play(game.new_initial_state(), None, random.Random(seed))
    for index, step in enumerate(playthrough):
        state = step.state
        state.validate()
        if index % 7 == 0:
            text = state.to_json()
            loaded = game.load_state(text)
            assert loaded.to_json() == text
            assert loaded.legal_actions() == state.legal_actions()
            assert loaded.current_player() == state.current_player()
            assert state.apply(step.action).to_json() == step.after.to_json() and state.to_json() == text
    state = playthrough.state
    text = state.to_json()
    assert game.load_state(text).to_json() == text


def test_corrupt_saves_are_refused():
    game = Game(players=2, max_turns=1)
    state = random_playout(game.new_initial_state(), 3)
    text = state.to_json()
    data = json.loads(text)
    data["state"]["round"] = 99
    with pytest.raises(CorruptSave):
        game.load_state(json.dumps(data))       # checksum
    with pytest.raises(CorruptSave):
        game.load_state(text[:-20])
    with pytest.raises(CorruptSave):
        Game(players=3).load_state(text.replace('"players": 2', '"players": 3'))


def test_a_tampered_but_checksummed_save_is_refused():
    from pirates_lab.core.saveload import make_envelope
    game = Game(players=2, max_turns=1)
    state = random_playout(game.new_initial_state(), 5)
    payload = json.loads(state.to_json())
    body = payload["state"]
    body["action_deck"]["Scurvy"] = body["action_deck"].get("Scurvy", 0) + 5   # cards from nowhere
    with pytest.raises(CorruptSave):
        game.load_state(make_envelope(game.name, payload["options"], body))


def test_illegal_moves_in_random_positions_leave_the_state_unchanged():
    checked = 0
    for seed in range(30):
        for step in play(Game(players=3, max_turns=1).new_initial_state(), None, random.Random(9 + seed)):
            if step.is_chance:
                continue
            state = step.state
            before = state.to_json()
            with pytest.raises(IllegalMove) as error:
                state.apply(Sail((9, 9)))
            assert error.value.rule in ("Phase 2: Movement Phase", "The Game Board")
            with pytest.raises(IllegalMove):
                state.apply("not an action")
            assert state.to_json() == before
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("seed", [0, 2, 3, 4, 8])
def test_whole_games_from_the_setup_to_a_win(seed):
    """Random players, no round limit: every game is set up as printed and ends when a token comes round
    the Point Track ("The skull is the beginning and the end")."""
    game = Game(players=2 + seed % 2)
    actions = []
    final = random_playout(game.new_initial_state(), seed, actions=actions, max_steps=200_000)
    # the setup as printed: two pirates kept of three, three action cards each, then player 0's first turn
    kept = [line for line in final.log if " keeps " in line]
    assert len(kept) == game.players and final.log.index(kept[-1]) < final.log.index("— Round 1, player 1's turn: upkeep.")
    # the end: one winner at 10,000 Doubloons or more, nobody else there, the whole return to the winner
    assert final.current_player() == TERMINAL and final.winner is not None and final.round > 1
    scores = final.scores()
    assert scores[final.winner] >= game.win_doubloons > max(s for p, s in enumerate(scores) if p != final.winner)
    assert final.winners() == (final.winner,) and final.returns()[final.winner] == 1
    assert "back at the skull" in final.log[-1]
    final.validate()
    assert replay(game.new_initial_state(), actions).to_json() == final.to_json()
