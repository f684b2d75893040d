"""The rules engine: setup, turns, digging, scoring, save/load, and 1,000 seeded random games."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE, GAME_OVER, TERMINAL, CorruptSave, IllegalMove, play, random_playout, replay
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.game import (Answer, ChestCard, Clues, DealCard, Dig, ExtraCard, FlipExtra, Game, Keep, Pass,
                                           score_chest)
from pirates_lab.plunder_2013.pirates import ComputerPirate, random_pirate
from plunder_2013_deals import answered, dealt

HANDS4 = [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]


def test_setup_deals_one_card_of_each_kind_no_card_twice():
    game = Game(players=4)
    state = game.new_initial_state()
    assert state.chance_outcomes()[DealCard(3)] == Fraction(1, 6)
    state = state.apply(DealCard(3))
    assert DealCard(3) in state.chance_outcomes()           # next is the marker: 3 is free again
    state = state.apply(DealCard(1)).apply(DealCard(1))
    assert DealCard(3) not in state.chance_outcomes()       # second pirate's island: 3 is taken
    with pytest.raises(IllegalMove):
        state.apply(DealCard(3))
    state = dealt(HANDS4, game)
    assert state.phase == "flip" and state.day == 1 and state.crew == [4, 4, 4, 4]
    assert sum(state.decks["island"].values()) == 18
    assert state.chance_outcomes()[Clues(1, 1, 1)] == Fraction(1, 216)


def test_a_day_answers_and_the_extra_flip():
    state = dealt(HANDS4, Game(players=4))
    state = state.apply(Clues(2, 6, 6))
    assert state.current_player() == 0 and set(state.legal_actions()) == {Keep(), *(FlipExtra(c) for c in CATEGORIES)}
    with pytest.raises(IllegalMove) as error:
        state.apply(Dig(2, 3, 4))
    assert error.value.rule == "Digging Up Treasure"
    state = state.apply(FlipExtra("marker"))
    assert state.current_player() == CHANCE
    assert state.chance_outcomes()[ExtraCard("marker", 6)] == Fraction(2, 17)   # one 6 is face up
    state = state.apply(ExtraCard("marker", 5))
    assert state.clue == (2, 5, 6) and state.discards["marker"] == {6: 1}
    assert state.phase == "answer" and state.current_player() == 1 and state.legal_actions() == (Answer(True),)
    with pytest.raises(IllegalMove) as error:
        state.apply(Answer(False))                          # pirate 1 holds island 2: must say Aye
    assert error.value.rule == "How to Play" and "must say Aye!" in error.value.reason
    state = state.apply(Answer(True))
    assert state.current_player() == 2 and state.legal_actions() == (Answer(False),)
    state = answered(state)
    record = state.records[-1]
    assert record.asker == 0 and dict(record.answers) == {1: True, 2: False, 3: True}
    assert state.phase == "dig" and state.window == [1, 2, 3, 0]
    with pytest.raises(IllegalMove) as error:
        state.apply(Keep())
    assert error.value.rule == "How to Play"
    state = replay(state, [Pass(), Dig(2, 3, 4), Pass(), Pass(), Pass()])
    assert state.chest == [ChestCard(2, (2, 3, 4), 1)] and state.crew == [4, 4, 3, 4]
    assert state.day == 2 and state.asker == 1 and state.phase == "flip"
    assert state.discards["island"] == {2: 1} and state.discards["marker"] == {5: 1, 6: 1}
    state.validate()


def test_scoring_exactly_as_printed():
    hands = HANDS4
    assert score_chest(hands, [])[0] == [6, 6, 6, 6]
    chest = [ChestCard(1, (1, 2, 3), 1), ChestCard(2, (1, 2, 3), 2), ChestCard(1, (1, 2, 3), 2),   # 1 twice: once
             ChestCard(3, (1, 2, 3), 3), ChestCard(0, (2, 3, 4), 3), ChestCard(0, (1, 2, 3), 4),   # own location: nothing
             ChestCard(2, (6, 6, 6), 4)]
    scores, first, finds = score_chest(hands, chest)
    assert finds[0] == [(1, 3), (2, 2), (3, 1)]
    assert finds[1] == [(0, 3)]
    # owner 0 crossed out 6, 3 and 1; owner 1 keeps 3
    assert scores == [0 + 3, 3 + 3, 6 + 2, 6 + 1]
    assert first == [4, 0, 1, 3]
    fourth = chest + [ChestCard(2, (2, 3, 4), 5), ChestCard(3, (2, 3, 4), 5), ChestCard(1, (4, 5, 6), 5)]
    scores, _, finds = score_chest(hands, fourth)
    assert finds[1] == [(0, 3), (2, 2), (3, 1)] and finds[3] == [(1, 3)]


def test_ties_go_to_who_found_treasure_first():
    state = dealt([(1, 1, 1), (2, 2, 2)], Game(players=2))
    state.chest = [ChestCard(1, (1, 1, 1), 1), ChestCard(0, (2, 2, 2), 1)]
    state.crew = [1, 1]
    assert state.scores() == (6, 6) and state.winners() == (1,)
    state.chest = []
    state.crew = [2, 2]
    assert state.winners() == (0, 1)     # nobody found anything: shared


def test_game_ends_after_fifteen_days_or_when_every_crew_card_is_used():
    rng = random.Random(1)
    state = random_playout(Game(players=3).new_initial_state(), rng, policy=random_pirate(pass_chance=1.0))
    assert state.phase == GAME_OVER and state.day == 15 and len(state.records) == 15 and state.scores() == (6, 6, 6)
    assert state.current_player() == TERMINAL
    with pytest.raises(IllegalMove) as error:
        state.apply(Pass())
    assert error.value.rule == "Game End and Scoring"
    short = random_playout(Game(players=3, max_turns=4).new_initial_state(), rng, policy=random_pirate(pass_chance=1.0))
    assert short.day == 4
    state = dealt([(1, 1, 1), (2, 2, 2)], Game(players=2))
    state = replay(state, [Clues(3, 3, 3), Keep(), Answer(False), Dig(1, 1, 1), Dig(1, 1, 2), Dig(2, 2, 2)])
    assert state.phase == "dig" and state.window == [0]
    state = state.apply(Dig(3, 3, 3))
    assert state.phase == GAME_OVER and state.day == 1 and state.scores() == (3 + 3, 3 + 3)


def test_empty_clue_deck_is_refilled_from_its_discards():
    game = Game(players=2, clue_copies=1)
    state = dealt([(1, 1, 1), (2, 2, 2)], game)
    for day in range(6):
        state = answered(replay(state, [Clues(day + 1, day + 1, day + 1), Keep()]))
        state = replay(state, [Pass(), Pass()])
        state.validate()
    assert state.decks["island"] == {} and sum(state.discards["island"].values()) == 6
    assert state.chance_outcomes()[Clues(1, 2, 3)] == Fraction(1, 216)
    state = state.apply(Clues(1, 2, 3))
    assert sum(state.decks["trap"].values()) == 5 and state.discards["trap"] == {}
    assert any("shuffled" in line for line in state.log)


def test_save_and_load_round_trip_and_corrupt_saves():
    state = play(Game(players=4).new_initial_state(), random_pirate(0.7), random.Random(5), max_steps=40).run()
    text = state.to_json()
    loaded = Game(players=4).load_state(text)
    assert loaded.to_json() == text and loaded.records == state.records and loaded.hands == state.hands
    assert loaded.legal_actions() == state.legal_actions()
    with pytest.raises(CorruptSave):
        Game(players=4).load_state(text.replace('"phase": "', '"phase": "x'))
    data = json.loads(text)
    data["state"]["hands"][1] = data["state"]["hands"][0]     # a card dealt twice
    from pirates_lab.core.saveload import _checksum
    body = {k: data[k] for k in ("format", "version", "game", "options", "state")}
    data["checksum"] = _checksum(body)
    with pytest.raises(CorruptSave):
        Game(players=4).load_state(json.dumps(data))
    with pytest.raises(CorruptSave):
        Game(players=4).load_state("not json")


def test_options_are_checked():
    with pytest.raises(ValueError):
        Game(players=7)
    with pytest.raises(ValueError):
        Game(players=3, clue_copies=0)
    with pytest.raises(ValueError):
        Game(players=3, colour="red")
    assert Game(players=5).crew_cards == 5


def random_games_keep_the_true_deal(games: int) -> int:
    """Seeded random games, 2-6 players: every player's exact view keeps the truth possible."""
    checked = 0
    for seed in range(games):
        players = 2 + seed % 5
        game = Game(players=players)
        state = random_playout(game.new_initial_state(), seed, policy=random_pirate(0.93))
        state.validate()
        me = seed % players
        view = state.deduction(me)          # raises InconsistentAnswers if the truth were excluded
        assert len(view.records) == len(state.records) >= 1
        marginals = view.marginals()
        for p in view.rivals():
            for c, category in enumerate(CATEGORIES):
                assert marginals[p][category][state.hands[p][c]] > 0
            assert view.location_distribution(p)[tuple(state.hands[p])] > 0
        checked += 1
    return checked


def test_sixty_random_games_never_exclude_the_true_deal():
    """Sixty seeded games (a few seconds): the default run; the thousand are nightly."""
    assert random_games_keep_the_true_deal(60) == 60


@pytest.mark.nightly
def test_one_thousand_random_games_never_exclude_the_true_deal():
    """A thousand seeded games, 2-6 players (about a minute on a quiet machine): pytest -m nightly."""
    assert random_games_keep_the_true_deal(1000) == 1000


def test_computer_pirates_play_sensibly():
    bot = ComputerPirate()
    for seed in range(3):
        actions = []
        state = random_playout(Game(players=4).new_initial_state(), seed, policy=bot, actions=actions)
        assert state.phase == GAME_OVER
        again = random_playout(Game(players=4).new_initial_state(), seed, policy=bot)
        assert again.to_json() == state.to_json()       # seeded: the same game
        # replay and check that no pirate ever dug where its own view said the treasure cannot be
        position = Game(players=4).new_initial_state()
        for action in actions:
            if isinstance(action, Dig):
                player = position.current_player()
                view = position.deduction(player)
                assert any(view.location_distribution(p)[action.location] > 0 for p in view.rivals())
            position = position.apply(action)
        assert state.scores() == tuple(score_chest(state.hands, state.chest)[0])


def test_computer_pirates_find_treasure_against_passive_rivals():
    bot = ComputerPirate()
    passive = random_pirate(pass_chance=1.0)
    rng = random.Random(4)
    total = 0
    for seed in range(4):
        state = play(Game(players=3).new_initial_state(), {0: bot, 1: passive, 2: passive}, rng).run()
        assert state.is_terminal()
        total += state.scores()[0]
    assert total / 4 > 6      # it steals treasure: more than the 6 it starts with, on average


def test_clone_shares_nothing_mutable():
    rng = random.Random(2)
    state = Game(players=3).new_initial_state()
    for _ in range(30):
        state = state.apply(state.chance_outcomes().sample(rng) if state.is_chance_node()
                            else random_pirate(0.5)(state, rng))
    copy_ = state.clone()
    assert vars(copy_).keys() == vars(state).keys() and copy_.to_json() == state.to_json()

    def mutable_parts(value, found):
        if isinstance(value, (list, dict, set)):
            found.append(value)
            for item in (value.values() if isinstance(value, dict) else value):
                mutable_parts(item, found)
        elif isinstance(value, tuple):
            for item in value:
                mutable_parts(item, found)
        return found

    ours = {id(x) for k, v in vars(state).items() if k != "game" for x in mutable_parts(v, [])}
    theirs = {id(x) for k, v in vars(copy_).items() if k != "game" for x in mutable_parts(v, [])}
    assert not ours & theirs
