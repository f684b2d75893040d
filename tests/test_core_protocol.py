"""The game protocol, random playouts, replay and save/load, on a tiny game made for the test.

Tiny game "Doubloon Toss": on each turn the player to move chooses to toss one or two coins
(a chance node), scores one doubloon per head, and may not toss two coins twice in a row.
After ``rounds`` rounds the game ends.
"""
import json
import random
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import (CHANCE, TERMINAL, CorruptSave, Dist, Game, IllegalMove, State, expected_scores,
                              random_playout, replay, saveable)


@saveable
@dataclass(frozen=True)
class Toss:
    coins: int

    def __str__(self):
        return f"toss {self.coins} coin{'s' if self.coins > 1 else ''}"


class TossGame(Game):
    name = "doubloon_toss"
    title = "Doubloon Toss"
    min_players, max_players = 1, 4
    turn_rule, end_rule = "Turn", "Game End"
    default_options = {"rounds": 2}

    def new_initial_state(self):
        return TossState(self)


class TossState(State):
    def __init__(self, game):
        super().__init__(game)
        self.turn = 0
        self.points = [0] * game.players
        self.pending = None          # coins being tossed (a chance node) or None
        self.last_toss = [0] * game.players

    @property
    def player(self):
        return self.turn % self.game.players

    def current_player(self):
        rounds = self.game.max_turns or self.game.options["rounds"]
        if self.turn >= rounds * self.game.players:
            return TERMINAL
        return CHANCE if self.pending else self.player

    def _legal_actions(self):
        return [Toss(1)] if self.last_toss[self.player] == 2 else [Toss(1), Toss(2)]

    def _why_illegal(self, action):
        if action == Toss(2) and self.last_toss[self.player] == 2:
            return IllegalMove("Turn", "You tossed two coins last turn; this turn you may toss only one.")
        return None

    def _chance_outcomes(self):
        return Dist.die(2).pool(self.pending).map(lambda coins: sum(c == 2 for c in coins))

    def _apply_action(self, action):
        if self.pending:
            self.points[self.player] += action
            self.say(f"Player {self.player} tosses {action} head(s).")
            self.pending = None
            self.turn += 1
        else:
            self.pending = action.coins
            self.last_toss[self.player] = action.coins
            self.say(f"Player {self.player} chooses to {action}.")

    def scores(self):
        return tuple(self.points)

    def validate(self):
        if len(self.points) != self.game.players or any(p < 0 for p in self.points):
            raise ValueError("points do not match the players")


@pytest.fixture
def game():
    return TossGame(players=2)


def test_flow_chance_and_log(game):
    s0 = game.new_initial_state()
    assert s0.current_player() == 0 and s0.legal_actions() == (Toss(1), Toss(2))
    s1 = s0.apply(Toss(2))
    assert s1.current_player() == CHANCE
    assert s1.chance_outcomes() == Dist.from_weights({0: 1, 1: 2, 2: 1})
    s2 = s1.apply(2)
    assert s2.scores() == (2, 0) and s2.current_player() == 1
    assert s2.log == ["Player 0 chooses to toss 2 coins.", "Player 0 tosses 2 head(s)."]
    assert s0.log == [] and s0.scores() == (0, 0)  # the old states are untouched


def test_illegal_move_names_the_rule_and_leaves_state_unchanged(game):
    s = replay(game.new_initial_state(), [Toss(2), 1, Toss(1), 0])
    before = s.to_json()
    with pytest.raises(IllegalMove) as caught:
        s.apply(Toss(2))
    assert caught.value.rule == "Turn" and "only one" in caught.value.reason
    assert s.to_json() == before
    with pytest.raises(IllegalMove, match="not allowed now"):
        s.apply("dance a jig")
    with pytest.raises(IllegalMove):
        s.apply([1, 2])  # unhashable junk is an illegal move, not a crash
    with pytest.raises(IllegalMove, match="not a chance node"):
        s.chance_outcomes()
    assert s.to_json() == before


def test_chance_outcome_must_be_possible(game):
    s = game.new_initial_state().apply(Toss(1))
    with pytest.raises(IllegalMove, match="chance"):
        s.apply(2)  # one coin cannot show two heads


def test_replay_reports_the_bad_move_index(game):
    with pytest.raises(IllegalMove, match="move 3"):
        replay(game.new_initial_state(), [Toss(1), 1, Toss(7)])


def test_terminal_and_max_turns():
    game = TossGame(players=1, max_turns=1)
    s = replay(game.new_initial_state(), [Toss(1), 0])
    assert s.is_terminal() and s.legal_actions() == ()
    with pytest.raises(IllegalMove, match="over"):
        s.apply(Toss(1))


def test_expected_scores_exact(game):
    # uniform choice; a toss of 2 forbids a second toss of 2
    # round 1: E = 1/2*1/2 + 1/2*1 = 3/4; round 2: after Toss(1): 3/4, after Toss(2): 1/2 -> 5/8
    assert expected_scores(game.new_initial_state()) == (Fraction(3, 4) + Fraction(5, 8),) * 2


@given(st.integers(0, 10_000), st.integers(1, 4))
@settings(max_examples=30, deadline=None)
def test_random_playouts_end_and_round_trip(seed, players):
    game = TossGame(players=players, rounds=3)
    actions = []
    end = random_playout(game.new_initial_state(), random.Random(seed), actions=actions)
    assert end.is_terminal()
    assert replay(game.new_initial_state(), actions).to_json() == end.to_json()
    assert game.load_state(end.to_json()).to_json() == end.to_json()
    assert sum(end.scores()) <= 2 * 3 * players


def test_save_load_round_trip_mid_game(game):
    s = replay(game.new_initial_state(), [Toss(2), 1, Toss(1)])
    loaded = game.load_state(s.to_json())
    assert loaded.to_json() == s.to_json()
    assert loaded.current_player() == CHANCE and loaded.log == s.log
    assert loaded.apply(1).scores() == s.apply(1).scores()


def _edit(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_corrupt_saves_are_refused_whole(game):
    good = replay(game.new_initial_state(), [Toss(2), 1]).to_json()
    with pytest.raises(CorruptSave, match="not valid JSON"):
        game.load_state(good[:-20])
    with pytest.raises(CorruptSave, match="not a pirates_lab"):
        game.load_state("[1, 2, 3]")
    with pytest.raises(CorruptSave, match="checksum"):
        game.load_state(_edit(good, lambda d: d["state"].update(turn=5)))
    with pytest.raises(CorruptSave, match="from the game"):
        game.load_state(_edit(good, lambda d: d.update(game="king_of_pirates")))


def test_a_save_with_a_consistent_checksum_but_bad_contents_is_refused(game):
    from pirates_lab.core.saveload import make_envelope, open_envelope

    good = replay(game.new_initial_state(), [Toss(2), 1]).to_json()
    options, payload = open_envelope(good, game.name)
    broken = dict(payload, points=[-3, 0])
    with pytest.raises(CorruptSave, match="valid Doubloon Toss position"):
        game.load_state(make_envelope(game.name, options, broken))
    missing = {k: v for k, v in payload.items() if k != "turn"}
    with pytest.raises(CorruptSave, match="missing"):
        game.load_state(make_envelope(game.name, options, missing))
    with pytest.raises(CorruptSave, match="options"):
        game.load_state(make_envelope(game.name, dict(options, players=9), payload))


def test_game_options_are_checked():
    with pytest.raises(ValueError, match="1 to 4 players"):
        TossGame(players=5)
    with pytest.raises(ValueError, match="Unknown option"):
        TossGame(players=2, colour="red")
    with pytest.raises(ValueError, match="max_turns"):
        TossGame(players=2, max_turns=0)


def test_clone_copies_what_can_change_and_shares_what_cannot(game):
    s = replay(game.new_initial_state(), [Toss(2), 1])
    s.extra = {"hand": [Toss(1)], "seen": {1, 2}, "pair": (1, [2]), "fixed": (Toss(2), Fraction(1, 3))}
    copy_ = s.clone()
    assert copy_.points == s.points and copy_.points is not s.points
    assert copy_.extra["hand"] is not s.extra["hand"] and copy_.extra["hand"][0] is s.extra["hand"][0]
    assert copy_.extra["seen"] is not s.extra["seen"]
    assert copy_.extra["pair"] == (1, [2]) and copy_.extra["pair"][1] is not s.extra["pair"][1]
    assert copy_.extra["fixed"] is s.extra["fixed"] and copy_.game is s.game
    copy_.extra["pair"][1].append(3)
    assert s.extra["pair"] == (1, [2])
