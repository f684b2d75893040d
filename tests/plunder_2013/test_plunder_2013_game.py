"""Plunder (2013), the engine as a whole: every position validates (and each kind of broken one is refused), save and load, the clone, seeded random games and the computer pirates.

Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from plunder_2013_deals import dealt

from pirates_lab.core import CHANCE, CorruptSave, GAME_OVER, play, random_playout, replay, Task
from pirates_lab.core.testing import refused
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.game import (Answer, Asking, ChestCard, Clues, DealCard, Dealing, Dig, Extra,
                                           FlipExtra, Game, Keep, score_chest, Window)
from pirates_lab.plunder_2013.pirates import ComputerPirate, random_pirate


def digging(players: int = 3):
    """Given three pirates dealt (1,1,1) (2,2,2) (3,3,3), day 1, clues (4,4,4) kept, all answered Nay."""
    state = dealt([(k, k, k) for k in range(1, players + 1)], Game(players=players))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    while state.phase == "answer":
        state = state.apply(Answer(False))
    return state


def on_top(task):
    """Replace the step in progress (the task on top of the agenda) by ``task``."""
    return lambda s: s.agenda.__setitem__(-1, task)


#: validate()'s own sentences (exactly), by the phrase the cases above name
SENTENCES = {phrase: [sentence for sentence in (
    "every pirate has three map cards", "a map card is dealt twice or is not a card",
    "the hands do not match the deal count", "crew counts out of range",
    "the chest does not hold the crew cards used", "asker or day out of range", "one record per day answered",
    "the clues are face up exactly from the flip to the end of the day",
    "deck counts must be positive whole numbers", "the island clue deck has lost or gained cards",
    "the trap clue deck has lost or gained cards", "the digging window is broken") if phrase in sentence]
    for phrase in ("three map cards", "dealt twice", "deal count", "crew counts", "chest", "asker or day",
                   "one record per day", "clues are face up", "positive whole numbers", "lost or gained",
                   "digging window")}


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


# --------------------------------------------------------------------------- validate()
def test_a_valid_position_validates_at_every_phase():
    """Given positions in each phase of a day, Then validate() accepts them (the checks are not too strict)."""
    game = Game(players=3)
    state = game.new_initial_state()
    state.validate()
    state = state.apply(DealCard(1))
    state.validate()
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], game)
    state.validate()
    state = state.apply(Clues(4, 4, 4))
    state.validate()
    state = state.apply(Keep())
    state.validate()
    state = state.apply(Answer(False))
    state.validate()
    state = state.apply(Answer(False))
    state.validate()
    assert state.phase == "dig"
    state = state.apply(Dig(1, 1, 1))
    state.validate()


@pytest.mark.parametrize("corrupt, message", [
    (on_top(Task("nap")), "not a task of the table"),
    (on_top(Task("deal", None, Dealing(8))), "deal count"),
    (on_top(Task("deal", None, Dealing(-1))), "deal count"),
    (on_top(Task("deal", None, Dealing(9))), "deal count"),               # all 9 cards out: no deal left
    (on_top(Task("deal", None, ())), "carries"),
    (lambda s: s.agenda.append(Task("dig", None, Window((1,)))), "more than its bound"),
    (lambda s: s.hands.append([0, 0, 0]), "three map cards"),
    (lambda s: s.hands[0].append(1), "three map cards"),
    (lambda s: s.hands[1].__setitem__(0, 1), "dealt twice"),
    (lambda s: s.hands[1].__setitem__(0, 7), "dealt twice"),
    (lambda s: s.hands[2].__setitem__(2, 0), "deal count"),
    (lambda s: s.crew.append(3), "crew counts"),
    (lambda s: s.crew.__setitem__(0, 4), "crew counts"),
    (lambda s: s.crew.__setitem__(0, -1), "crew counts"),
    (lambda s: s.chest.append(ChestCard(0, (1, 1, 1), 1)), "chest"),
    (lambda s: setattr(s, "asker", 3), "asker or day"),
    (lambda s: setattr(s, "asker", -1), "asker or day"),
    (lambda s: setattr(s, "day", 16), "asker or day"),
    (lambda s: setattr(s, "day", 0), "asker or day"),
    (lambda s: s.records.append(s.records[0]), "one record per day"),
    (on_top(Task("flip", 0)), "one record per day"),
    (lambda s: setattr(s, "clue", None), "clues are face up"),
    (lambda s: on_top(Task("dig", None, Window((0, 1))))(s) or s.crew.__setitem__(0, 0) or s.chest.extend(
        [ChestCard(0, (2, 2, 2), 1)] * 3), "digging window"),
    (on_top(Task("dig", None, Window(()))), "digging window"),
    (lambda s: s.decks["island"].__setitem__(1, 0), "positive whole numbers"),
    (lambda s: s.decks["island"].__setitem__(1, True), "positive whole numbers"),
    (lambda s: s.decks["island"].__setitem__(1, 2), "lost or gained"),
    (lambda s: s.discards["trap"].__setitem__(1, 1), "lost or gained"),
])
def test_validate_refuses_each_kind_of_broken_position(corrupt, message):
    """Given a valid position in the digging window, When one thing is broken, Then validate() says which,
    in exactly its sentence (the core's agenda checks: by a phrase of theirs)."""
    state = digging()
    state.validate()
    corrupt(state)
    with pytest.raises(ValueError) as refused:
        state.validate()
    said = str(refused.value)
    assert said in SENTENCES[message] if message in SENTENCES else message in said, said


def test_validate_checks_the_answers_given_so_far():
    """Given pirate 1 answered, pirate 2 to answer, When the answers are tampered with, Then validate() refuses."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(5, 4, 4), Keep(), Answer(False)])
    state.validate()
    assert state.task == Task("answer", None, Asking((2,), ((1, False),)))
    for asking in (Asking((2,), ((1, True),)),                     # pirate 1 holds no 5/4/4: a lie
                   Asking((1,), ((2, False),)),                    # out of turn order
                   Asking((), ((1, False), (2, False)))):          # true, in order, but nobody left
        wrong = state.clone()
        on_top(Task("answer", None, asking))(wrong)
        with pytest.raises(ValueError, match="truthful answers"):
            wrong.validate()


def test_validate_needs_a_category_while_an_extra_card_is_flipped():
    """Given the asker flipped one more card, When the category is lost, Then validate() refuses."""
    from pirates_lab.plunder_2013.game import FlipExtra

    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), FlipExtra("trap")])
    state.validate()
    assert state.current_player() == CHANCE
    on_top(Task("extra", 0, Extra("parrot")))(state)
    with pytest.raises(ValueError, match="no category"):
        state.validate()


def test_validate_refuses_an_untruthful_answer_or_one_out_of_turn():
    """Rules: Plunder (2013) › How to Play — "each player, in clockwise order, must now say" Aye or Nay.
    Given three pirates in the middle of the answers (pirate 2 has said Nay to 4/4/4), When his answer is turned
    into Aye, or the next to answer is pirate 1 (the asker), Then validate() refuses the position in its sentence."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), Keep(), Answer(False)])
    state.validate()
    task = state.agenda[-1]
    for data in (dataclasses.replace(task.data, given=((1, True),)), dataclasses.replace(task.data, asked=(0,))):
        broken = state.clone()
        broken.agenda[-1] = Task(task.phase, task.player, data)
        with pytest.raises(ValueError) as error:
            broken.validate()
        assert str(error.value) == "the answers so far are not the truthful answers in turn order"


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
