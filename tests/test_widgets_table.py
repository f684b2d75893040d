"""GameTable and its model in plain pytest (no browser): a toy game with hidden cards built here on
the core protocol, and a registered game from the registry as a real one."""
from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import CHANCE, TERMINAL, Dist, IllegalMove, InvalidInput, SeatView, State, action, games
from pirates_lab.core import Game as CoreGame
from pirates_lab.core import State as CoreState
from pirates_lab.core.testing import check_protocol
from pirates_lab.widgets.drawing import Drawing, DrawOp
from pirates_lab.widgets.table import (ComputerPlayerError, GameTable, Step, TableModel, TextRenderer, action_page,
                                       advance, random_player)
from pirates_lab.widgets.table_actions import action_columns
from pirates_lab.widgets.table_render import check_renderer, describe_observation, describe_value

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- a toy game with hidden cards
@action("deal a card")
class Deal:
    card: int


@action("bid {amount}")
class Bid:
    amount: int


@action("the wind is {strength}")
class Wind:
    strength: int


class ToyGame(CoreGame):
    """Each player is dealt a hidden card 1-6, bids once in turn, then the wind (a die) blows:
    a card at least as strong as the wind scores card + bid, a weaker one loses its bid."""

    name = "toy_high_card"
    title = "High Card (toy)"
    min_players, max_players = 1, 4
    default_options = {"bids": 3, "public_log": True}

    def new_initial_state(self):
        return ToyState(self)


class ToyState(CoreState):
    def __init__(self, game):
        super().__init__(game)
        self.hands = [0] * game.players
        self.bids = [None] * game.players
        self.turn = 0
        self.wind = None

    def current_player(self):
        if 0 in self.hands:
            return CHANCE
        if self.turn < self.game.players:
            return self.turn
        return CHANCE if self.wind is None else TERMINAL

    def _chance_outcomes(self):
        if 0 in self.hands:
            return Dist.uniform(Deal(c) for c in range(1, 7))
        return Dist.uniform(Wind(w) for w in range(1, 7))

    def _legal_actions(self):
        return tuple(Bid(a) for a in range(self.game.options["bids"] + 1))

    def _apply_action(self, act):
        if isinstance(act, Deal):
            seat = self.hands.index(0)
            self.hands[seat] = act.card
            self.say(f"Player {seat + 1} is dealt a card face down.")
        elif isinstance(act, Bid):
            self.bids[self.turn] = act.amount
            self.say(f"Player {self.turn + 1} bids {act.amount}.")
            self.turn += 1
        else:
            self.wind = act.strength
            self.say(f"The wind is {act.strength}.")

    def scores(self):
        if self.wind is None:
            return tuple(0 for _ in self.hands)
        return tuple(card + bid if card >= self.wind else -bid for card, bid in zip(self.hands, self.bids))

    def observation(self, player):
        seen = {"hand": [f"card {self.hands[player]}"] if self.hands[player] else [],
                "bids": list(self.bids), "wind": self.wind}
        if self.game.options["public_log"]:
            seen["log"] = list(self.log)
        return seen

    def redeal_hidden(self, player, rng):
        other = self.clone()
        other.hands = [c if p == player or c == 0 else rng.randint(1, 6) for p, c in enumerate(self.hands)]
        return other


def toy(players=3, **options):
    return ToyGame(players=players, **options)


def test_the_toy_game_keeps_the_protocol():
    check_protocol(toy(), seeds=range(5), observe_every=1)


# ---------------------------------------------------------------- advance(): the one loop
def test_advance_stops_exactly_at_the_first_human_decision():
    state, steps = advance(toy().new_initial_state(), humans={1}, rng=random.Random(4))
    assert [s.player for s in steps] == [CHANCE, CHANCE, CHANCE, 0]   # three deals, then seat 0 bids
    assert state.current_player() == 1
    again, more = advance(state, humans={1}, rng=random.Random(4))
    assert more == () and again is state                               # a human decides: nothing to do


def test_advance_plays_to_the_end_when_nobody_is_human_and_never_changes_its_input():
    start = toy().new_initial_state()
    before = start.to_json()
    end, steps = advance(start, humans=(), rng=random.Random(1))
    assert end.is_terminal() and len(steps) == 3 + 3 + 1 and start.to_json() == before
    assert sum(end.returns()) == 1


@pytest.mark.parametrize("seed", range(6))
def test_advance_stops_only_at_humans_or_the_end(seed):
    humans = {seed % 3}
    state = toy().new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state, steps = advance(state, humans=humans, rng=rng)
        assert all(step.player not in humans for step in steps)
        assert state.current_player() in humans | {TERMINAL}
        if not state.is_terminal():
            state = state.apply(Bid(1))


def test_advance_is_deterministic_for_a_seed():
    def run(seed):
        state, steps = advance(toy().new_initial_state(), humans=(), rng=random.Random(seed))
        return state.to_json(), steps

    assert run(7) == run(7)
    assert len({run(seed)[0] for seed in range(8)}) > 1


def test_advance_is_bounded():
    start = toy().new_initial_state()
    state, steps = advance(start, humans=(), rng=random.Random(0), max_steps=2)
    assert len(steps) == 2 and state.current_player() == CHANCE and state.hands.count(0) == 1
    assert advance(start, humans=(), rng=0, max_steps=0) == (start, ())
    with pytest.raises(InvalidInput):
        advance(start, max_steps=-1)


def test_computer_players_get_only_their_own_view():
    seen = []

    def strict(view, rng):
        if not isinstance(view, SeatView) or isinstance(view, State):
            raise AssertionError(f"given {type(view).__name__}, not a seat's view")
        assert view.view() is view and view.to_act
        seen.append((view.player, view.observation))
        return rng.choice(view.legal_actions)

    start = toy().new_initial_state()
    state, steps = advance(start, humans=(), players=strict, rng=random.Random(3))
    assert state.is_terminal() and [p for p, _ in seen] == [0, 1, 2]
    for player, observation in seen:
        assert observation["hand"] == [f"card {state.hands[player]}"]   # its own card, nobody else's
    assert seen[1][1]["bids"] == [steps[3].action.amount, None, None]


@pytest.mark.parametrize("peek", [lambda s, r: s.hands, lambda s, r: s.view(0) and s.view(1),
                                  lambda s, r: s.observation(2), lambda s, r: s.apply(Bid(0))])
def test_a_computer_player_that_peeks_is_refused(peek):
    dealt, _ = advance(toy().new_initial_state(), humans={0}, rng=random.Random(0))
    dealt = dealt.apply(Bid(2))                      # now seat 1 (a computer) must decide
    with pytest.raises(ComputerPlayerError, match="Player 2's seat"):
        advance(dealt, humans={0}, players={1: peek}, rng=random.Random(0))


def test_a_computer_player_may_determinise_what_it_cannot_see():
    def searcher(view, rng):
        world = view.redeal(rng)
        assert world.hands[view.player] == int(view.observation["hand"][0].split()[1])
        return Bid(3)

    state, steps = advance(toy().new_initial_state(), humans=(), players=searcher, rng=random.Random(2))
    assert state.is_terminal() and state.bids == [3, 3, 3]


def test_an_illegal_computer_choice_names_the_seat_and_the_rule():
    with pytest.raises(ComputerPlayerError, match=r"Player 1's seat chose bid 9, which is not allowed"):
        advance(toy().new_initial_state(), players=lambda s, r: Bid(9), rng=0)


def test_random_player_is_uniform_over_the_view():
    state, _ = advance(toy(bids=2).new_initial_state(), humans={0}, rng=0)
    counts = {}
    rng = random.Random(5)
    for _ in range(600):
        choice = random_player(SeatView(state, 0), rng)
        counts[choice] = counts.get(choice, 0) + 1
    assert set(counts) == {Bid(0), Bid(1), Bid(2)} and min(counts.values()) > 150


def test_the_strategy_labs_policies_sit_at_the_table():
    from pirates_lab.lab.policies import FunctionPolicy, RandomPolicy
    from pirates_lab.lab.search import SearchPolicy

    seen = []

    def cautious(view, rng):
        seen.append(view.observation["hand"])
        return view.legal_actions[0]

    players = {0: RandomPolicy(), 1: SearchPolicy(iterations=5, rollout_steps=10), 2: FunctionPolicy(cautious)}
    state, steps = advance(toy().new_initial_state(), players=players, rng=random.Random(8))
    assert state.is_terminal() and state.bids[2] == 0 and seen == [[f"card {state.hands[2]}"]]


class BlindState(ToyState):
    def observation(self, player):
        raise NotImplementedError("observation is not written yet")


class BlindGame(ToyGame):
    def new_initial_state(self):
        return BlindState(self)


def test_a_game_without_observations_is_still_playable_with_random_computers():
    end, _ = advance(BlindGame(players=3).new_initial_state(), rng=random.Random(1))
    assert end.is_terminal()
    table = GameTable(BlindGame(players=3), humans={0}, seed=1)
    assert "cannot show what a seat sees yet" in table.log_box.value and len(table.action_buttons) == 4
    table.action_buttons[3].click()
    assert table.model.state.is_terminal() and table.model.state.bids[0] == 3
    end, _ = advance(BlindGame(players=3).new_initial_state(), players=lambda view, r: view.legal_actions[0], rng=1)
    assert end.is_terminal()                      # a player that reads only its choices needs no observation
    with pytest.raises(ComputerPlayerError, match="does not implement observation"):
        advance(BlindGame(players=3).new_initial_state(), players=lambda view, r: view.observation["hand"], rng=1)


# ---------------------------------------------------------------- the model
def test_model_play_applies_a_move_and_lets_the_computers_answer():
    model = TableModel(toy(), humans={0}, seed=1)
    assert model.human_to_move and model.to_move == 0 and model.legal_actions()[0] == Bid(0)
    steps = model.play(Bid(2))
    assert steps[0] == Step(0, Bid(2)) and model.state.bids[0] == 2
    assert model.state.is_terminal() and [s.player for s in steps[1:]] == [1, 2, CHANCE]


def test_model_illegal_move_changes_nothing():
    model = TableModel(toy(), humans={0}, seed=1)
    before, rng, events = model.state.to_json(), model.rng.getstate(), list(model.events)
    with pytest.raises(IllegalMove):
        model.play(Bid(9))
    assert (model.state.to_json(), model.rng.getstate(), model.events) == (before, rng, events)


def test_model_a_failing_computer_changes_nothing_and_the_table_keeps_working():
    calls = []

    def fragile(state, rng):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the parrot ate the map")
        return Bid(0)

    model = TableModel(toy(), humans={0}, players={1: fragile}, seed=1)
    before = model.state.to_json()
    with pytest.raises(ComputerPlayerError, match="parrot"):
        model.play(Bid(1))
    assert model.state.to_json() == before and model.human_to_move
    model.play(Bid(1))
    assert model.state.is_terminal()


def test_undo_restores_the_position_and_the_dice():
    model = TableModel(toy(players=2), humans={0, 1}, seed=3)
    before = model.state.to_json()
    model.play(Bid(1))
    middle = model.state.to_json()
    model.play(Bid(2))
    end = model.state.to_json()
    model.undo()
    assert model.state.to_json() == middle and model.viewer == 1
    model.play(Bid(2))
    assert model.state.to_json() == end              # the same wind blows again: the rng came back too
    model.undo(), model.undo()
    assert model.state.to_json() == before and model.events == model.events[:2]
    with pytest.raises(InvalidInput, match="Nothing to undo"):
        model.undo()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), humans=st.sets(st.integers(0, 3), min_size=1),
       moves=st.lists(st.one_of(st.just("undo"), st.integers(0, 5)), max_size=12))
def test_model_invariants_under_any_clicks_and_undos(seed, humans, moves):
    model = TableModel(toy(players=4, bids=5), humans=humans, seed=seed)
    start = model.state.to_json()
    for move in moves:
        if move == "undo":
            if model.history:
                model.undo()
        elif model.human_to_move:
            model.play(model.legal_actions()[move])
        assert model.human_to_move or model.state.is_terminal()
        assert len(model.history) == sum(step.player in humans for step in model.events)
        assert model.viewer in humans
    while model.history:
        model.undo()
    assert model.state.to_json() == start and all(step.player not in humans for step in model.events)


def test_new_game_is_seeded_and_moves_on_to_the_next_seed():
    a, b = TableModel(toy(), humans={2}, seed=11), TableModel(toy(), humans={2}, seed=11)
    assert a.state.to_json() == b.state.to_json() and a.events == b.events
    a.new_game()
    assert a.seed == 12 and not a.history
    a.new_game(11)
    assert a.state.to_json() == b.state.to_json()


def test_model_refuses_seats_that_do_not_exist():
    with pytest.raises(InvalidInput, match="no seat 5"):
        TableModel(toy(), humans={5})
    with pytest.raises(InvalidInput, match="seat that does not exist"):
        TableModel(toy(), players={7: random_player})
    with pytest.raises(InvalidInput):
        TableModel(toy(), players=42)


def test_the_log_is_the_viewers_and_never_names_a_hidden_card():
    model = TableModel(toy(public_log=False), humans={1}, seed=2)
    lines = model.log_lines()
    assert lines == ["Chance acts (dice or cards)."] * 3 + ["Player 1 moves."]
    model.play(Bid(3))
    assert model.log_lines()[4] == "You (Player 2): bid 3"
    public = TableModel(toy(), humans={1}, seed=2)
    assert public.log_lines()[-1] == f"Player 1 bids {public.state.bids[0]}."   # the game's own words


def test_scores_are_shown_at_the_end_only_unless_the_observation_has_them():
    model = TableModel(toy(), humans={0}, seed=1)
    assert model.scores() is None
    model.play(Bid(1))
    assert model.scores() == list(model.state.scores())
    assert model.scores({"scores": [1, 2, 3]}) == list(model.state.scores())


# ---------------------------------------------------------------- pages and words
def labels_of(page):
    return [choice.label for choice in page.choices]


def test_action_pages_filter_and_clamp():
    labels = [f"bid {a}" for a in range(41)]
    first = action_page(labels, size=21)
    assert labels_of(first) == labels[:21] and first.pages == 2 and first.matching == 41
    assert labels_of(action_page(labels, page=9, size=21)) == labels[21:]
    narrowed = action_page(labels, query=" BID   3 ", size=21)
    assert labels_of(narrowed) == ["bid 3"] + [f"bid {a}" for a in range(30, 40)]
    assert action_page(labels, query="sail").choices == () and action_page([], page=-3).pages == 1
    assert action_columns(["pass"]) == 3 and action_columns(["x" * 20]) == 2 and action_columns(["x" * 40]) == 1


def test_too_many_actions_are_grouped_by_their_first_words():
    labels = ["pass"] + [f"dig at {i} Island / {m} / {t}" for i in "ABC" for m in "KLM" for t in "XYZ"]
    top = action_page(labels, size=5)
    assert labels_of(top) == ["pass", "dig at … (27)"] and top.choices[1].prefix == ("dig", "at")
    assert sorted(i for c in top.choices for i in c.indices) == list(range(28))      # every action, once
    islands = action_page(labels, size=5, prefix=("dig", "at"))
    assert labels_of(islands) == ["dig at A Island … (9)", "dig at B Island … (9)", "dig at C Island … (9)"]
    inner = action_page(labels, size=5, prefix=islands.choices[1].prefix)
    assert labels_of(inner) == [f"dig at B Island / {m} … (3)" for m in "KLM"]
    last = action_page(labels, size=5, prefix=inner.choices[2].prefix)
    assert labels_of(last) == ["dig at B Island / M / X", "dig at B Island / M / Y", "dig at B Island / M / Z"]
    assert labels_of(action_page(["same"] * 4, size=2)) == ["same", "same"]   # nothing splits them: pages


def test_text_renderer_writes_words_not_python():
    observation = {"hand": ["card 4"], "bids": [2, None, None], "wind": None, "log": ["a"],
                   "decks": {"island": {"1": 2}, "trap": []}, "open": False}
    texts = [op.args[0] for op in TextRenderer().draw(observation, 1) if op.kind == "text"]
    assert texts == ["What Player 2 sees", "Bids: 2, none, none", "Wind: none",
                     "Decks: Island: 1: 2; Trap: none", "Open: no"]
    assert not any(re.search(r"[\[\]{}']|None|True|False", t) for t in texts)
    assert TextRenderer().hand(observation, 1) == ["card 4"] and TextRenderer().hand({}, 0) == []
    assert describe_value([[1, 2], [3]]) == "1, 2 | 3"
    assert describe_value([{"rum": 1, "at": [0, 1]}, {"rum": 2, "at": [3, 4]}]) == "Rum: 1; At: 0, 1 | Rum: 2; At: 3, 4"
    assert describe_observation({"crew_cards": 3}) == ["Crew cards: 3"]


def test_text_renderer_cuts_what_does_not_fit():
    renderer = TextRenderer(width=200, height=80)
    observation = {f"k{i}": "word " * 30 for i in range(5)}
    lines = renderer.lines(observation, 0)
    assert len(lines) == 3 and lines[-1] == "… 39 more lines"
    texts = [op for op in renderer.draw(observation, 0) if op.kind == "text"]
    assert len(texts) == 3 and all(op.args[2] + 7 < 80 for op in texts)


# ---------------------------------------------------------------- the widget
def label_of(button):
    return button.description


def test_clicking_a_legal_action_button_applies_it():
    table = GameTable(toy(), humans={0}, seed=1)
    assert [label_of(b) for b in table.action_buttons] == ["bid 0", "bid 1", "bid 2", "bid 3"]
    table.action_buttons[2].click()
    assert table.model.state.bids[0] == 2 and table.model.state.is_terminal()
    assert "Game over" in table.turn.value and table.action_buttons == [] and table.message.value == ""
    assert "Scores —" in table.scores.value and "flex-direction:column-reverse" in table.log_box.value
    log = table.log_box.value
    assert log.index("Player 1 bids 2.") < log.index("Player 3 bids") < log.index("The wind is")   # newest last


def test_an_illegal_action_shows_a_message_and_leaves_the_state_unchanged():
    table = GameTable(toy(), humans={0}, seed=1)
    before = table.model.state.to_json()
    table.run(table.play)(Bid(9))
    assert "pl-error" in table.message.value and "bid 9 is not allowed" in table.message.value
    assert table.model.state.to_json() == before and len(table.action_buttons) == 4
    table.action_buttons[0].click()                 # and the table keeps working
    assert table.message.value == "" and table.model.state.is_terminal()


def test_many_actions_are_paged_and_filtered():
    table = GameTable(toy(bids=40), humans={0}, seed=1, page_rows=7)
    assert len(table.action_buttons) == 21 and "page 1 of 2" in table.page_label.value
    assert table.previous_page.disabled and table.filter.layout.display == ""
    table.next_page.click()
    assert [label_of(b) for b in table.action_buttons] == [f"bid {a}" for a in range(21, 41)]
    table.filter.value = "bid 3"
    assert [label_of(b) for b in table.action_buttons][:2] == ["bid 3", "bid 30"] and table.page == 0
    table.action_buttons[1].click()
    assert table.model.state.bids[0] == 30 and table.filter.value == ""


def test_the_hand_and_the_board_show_only_the_viewers_cards():
    table = GameTable(toy(), humans={1}, seed=4)
    own = table.model.state.hands[1]
    assert f"card {own}" in table.hand.value and "Player 2" in table.hand.value
    texts = " ".join(op.args[0] for op in table.board.ops["board"] if op.kind == "text")
    assert "What Player 2 sees" in texts and "Bids: " in texts


class ClickRenderer:
    width, height = 200, 40

    def draw(self, observation, player):
        return Drawing().rect(0, 0, 200, 40, fill="#ddd")

    def click(self, observation, player, x, y, legal):
        return Bid(int(x // 50)) if x < 150 else None


def test_canvas_clicks_map_to_actions_through_the_renderer():
    table = GameTable(toy(), ClickRenderer(), humans={0}, seed=1)
    assert table.board.ops["board"] == (DrawOp("rect", (0, 0, 200, 40), "#ddd"),)
    table.board.click(180, 5)
    assert "Nothing to do there" in table.message.value and not table.model.history
    table.board.click(60, 5)
    assert table.model.state.bids[0] == 1
    plain = GameTable(toy(), humans={0}, seed=1)
    plain.board.click(10, 10)
    assert "does not take clicks" in plain.message.value


@pytest.mark.parametrize("width, beside", [(480, True), (640, True), (700, False)])
def test_the_table_fits_a_1024_pixel_screen(width, beside):
    table = GameTable(toy(), TextRenderer(width=width), humans={0})
    middle = table.children[3]
    pane = middle.children[1]
    assert middle.children[0] is table.board and (type(middle).__name__ == "HBox") == beside
    assert (width + int(pane.layout.width[:-2]) if beside else max(width, int(pane.layout.width[:-2]))) <= 980


def test_check_renderer_passes_good_renderers_and_catches_bad_ones():
    # two games: 3 bids and the end, each seen by 3 seats
    assert check_renderer(TextRenderer(), toy(), seeds=range(2), every=1) == 2 * (3 * 3 + 3)
    assert check_renderer(ClickRenderer(), toy(), seeds=range(2)) > 0

    class WildClicks(ClickRenderer):
        def click(self, observation, player, x, y, legal):
            return Bid(9)

    class Meddling(TextRenderer):
        def draw(self, observation, player):
            observation.pop("log", None)
            return super().draw(observation, player)

    class Moody(TextRenderer):
        mood = 0

        def draw(self, observation, player):
            self.mood += 1
            return Drawing().text("arr" * self.mood, 0, 0).ops

    for renderer, complaint in ((WildClicks(), "gave bid 9"), (Meddling(), "changed the observation"),
                                (Moody(), "not pure")):
        with pytest.raises(AssertionError, match=complaint):
            check_renderer(renderer, toy(), seeds=range(1), every=1)


def test_a_broken_renderer_is_shown_and_the_buttons_still_work():
    class Broken:
        def draw(self, observation, player):
            return ["not an op"]

    table = GameTable(toy(), Broken(), humans={0}, seed=1)
    assert "could not be drawn" in table.board.message.value
    table.action_buttons[0].click()
    assert table.model.state.is_terminal()
    with pytest.raises(InvalidInput):
        GameTable(toy(), object())


def test_continue_lets_stopped_computers_go_on():
    table = GameTable(toy(), humans=(), seed=1, max_steps=2)
    assert table.model.waiting and table.continue_button.layout.display == ""
    while not table.model.state.is_terminal():
        table.continue_button.click()
    assert table.continue_button.layout.display == "none" and sum(table.model.state.returns()) == 1


def test_new_game_and_undo_buttons():
    table = GameTable(toy(players=2), humans={0}, seed=5)
    start = table.model.state.to_json()
    assert table.undo_button.disabled
    table.action_buttons[1].click()
    assert not table.undo_button.disabled and table.model.state.is_terminal()
    table.undo_button.click()
    assert table.model.state.to_json() == start and table.undo_button.disabled
    table.new_game_button.click()
    assert table.model.seed == 6 and table.message.value == "" and len(table.action_buttons) == 4


def test_hot_seat_hides_each_view_until_its_player_asks():
    table = GameTable(toy(players=2), humans={0, 1}, seed=5)
    hands = table.model.state.hands
    assert [b.description for b in table.action_buttons] == ["I am Player 1: show my view"]
    assert "card" not in table.hand.value and "is dealt" not in table.log_box.value
    assert any("Pass the screen to Player 1" in op.args[0] for op in table.board.ops["board"] if op.kind == "text")
    table.action_buttons[0].click()
    assert f"card {hands[0]}" in table.hand.value and len(table.action_buttons) == 4
    table.action_buttons[1].click()                            # Player 1 bids 1: the screen passes on
    assert table.model.viewer == 1 and f"card {hands[0]}" not in table.hand.value
    assert [b.description for b in table.action_buttons] == ["I am Player 2: show my view"]
    table.action_buttons[0].click()
    assert f"card {table.model.state.hands[1]}" in table.hand.value
    table.undo_button.click()                                  # back to Player 1's turn: hidden again
    assert table.model.viewer == 0 and table.curtain and "card" not in table.hand.value
    clicking = GameTable(toy(players=2), ClickRenderer(), humans={0, 1}, seed=5)
    clicking.board.click(60, 5)
    assert "show your view first" in clicking.message.value and not clicking.model.history


def test_seats_may_have_names():
    table = GameTable(toy(public_log=False), humans={1}, seed=1, names=["Sneaky", "Bill", "Meg"])
    assert "Bill (you) to play" in table.turn.value and "Sneaky moves." in table.log_box.value
    table.action_buttons[0].click()
    assert "Winner" in table.turn.value and "You (Bill): bid 0" in table.log_box.value

    class Named(TextRenderer):
        def seat_name(self, seat):
            return f"Captain {seat + 1}"

    assert "Captain 1 (you)" in GameTable(toy(), Named(), humans={0}).turn.value
    with pytest.raises(InvalidInput, match="one name per seat"):
        TableModel(toy(), names=["only one"])


def test_a_computer_that_fails_at_once_is_shown_on_the_new_table():
    table = GameTable(toy(), humans={2}, players={0: lambda s, r: 1 / 0}, seed=1)
    assert "division by zero" in table.message.value and table.model.waiting


def play_by_clicking(table, rng, limit=5000, prefer=None):
    """Click random action buttons (turning pages now and then) until the game ends; ``prefer``:
    a label clicked four times in five when it is on the page."""
    for _ in range(limit):
        if table.model.state.is_terminal():
            return table
        if table.next_page.layout.display == "" and rng.random() < 0.3:
            table.next_page.click()
        preferred = [b for b in table.action_buttons if b.description == prefer]
        (preferred[0] if preferred and rng.random() < 0.8 else rng.choice(table.action_buttons)).click()
        assert table.message.value == ""
    raise AssertionError("no end")


def patient(state, rng):
    """A computer player that mostly waits: "pass" nine times in ten when it may (from its view only)."""
    actions = state.view().legal_actions
    waiting = [a for a in actions if str(a) == "pass"]
    return waiting[0] if waiting and rng.random() < 0.9 else rng.choice(actions)


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_toy_game_is_played_by_clicking(seed):
    table = play_by_clicking(GameTable(toy(players=4, bids=30), humans={seed}, seed=seed), random.Random(seed))
    assert sum(table.model.state.returns()) == 1 and "Game over" in table.turn.value


# ---------------------------------------------------------------- a registered game, from the registry
REAL = "plunder_2013"


def with_stand_in_observation(cls):
    """The registered game as is, or (while its package does not say what a seat sees yet) a subclass
    whose observation is the seat's own cards and the public log — a stand-in, for the table only."""
    try:
        cls(players=3).new_initial_state().observation(0)
        return cls
    except NotImplementedError:
        pass
    state_class = cls(players=3).state_class

    class SeenState(state_class):
        def observation(self, player):
            return {"hand": [str(x) for x in self.hands[player]], "log": list(self.log)}

    class SeenGame(cls):
        def new_initial_state(self):
            return SeenState(self)

    return SeenGame


@pytest.fixture
def real_game():
    return with_stand_in_observation(games()[REAL])(players=3)


def test_real_game_advance_stops_at_humans_and_is_deterministic(real_game):
    def run(seed):
        state, steps = advance(real_game.new_initial_state(), humans={2}, rng=random.Random(seed))
        return state, steps

    state, steps = run(3)
    assert state.current_player() in (2, TERMINAL) and all(s.player != 2 for s in steps)
    assert run(3)[0].to_json() == state.to_json() and run(3)[1] == steps
    bounded, few = advance(real_game.new_initial_state(), humans=(), rng=random.Random(3), max_steps=5)
    assert len(few) == 5 and few == steps[:5]


def test_the_text_renderer_shows_every_view_of_a_real_game(real_game):
    assert check_renderer(TextRenderer(), real_game, seeds=range(2), every=3) > 2 * real_game.players


def test_real_game_computers_decide_from_views_only(real_game):
    kinds = set()

    def strict(view, rng):
        kinds.add(type(view))
        return random_player(view, rng)

    end, _ = advance(real_game.new_initial_state(), players=strict, rng=random.Random(1))
    assert end.is_terminal() and kinds == {SeatView} and sum(end.returns()) == 1


@pytest.mark.parametrize("seed", range(2))
def test_a_whole_real_game_is_played_by_clicking(real_game, seed):
    table = GameTable(real_game, humans={seed}, players=patient, seed=seed)
    play_by_clicking(table, random.Random(seed), prefer="pass")
    returns = table.model.state.returns()
    assert sum(returns) == 1 and all(isinstance(r, Fraction) for r in returns)
    assert "Game over" in table.turn.value and len(table.model.history) > 10


def test_a_real_game_with_hundreds_of_actions_fits_a_page_by_groups(real_game):
    table = GameTable(real_game, humans={0}, players=patient, seed=2)
    for _ in range(200):                                           # play "pass"/first choices up to a big choice
        if len(table.model.legal_actions()) > 100:
            break
        table.action_buttons[0].click()
    legal = table.model.legal_actions()
    assert len(legal) > 100 and len(table.action_buttons) <= table.page_rows * 3
    path = []
    while any("pl-table-group" in b._dom_classes for b in table.action_buttons):
        group = next(b for b in table.action_buttons if "pl-table-group" in b._dom_classes)
        path.append(group.description)
        group.click()
        assert table.back_button.layout.display == "" and len(table.action_buttons) <= table.page_rows * 3
    assert 1 < len(path) <= 4                                      # a few clicks down, not dozens of pages
    chosen = table.action_buttons[-1].description
    before = len(table.model.events)
    table.back_button.click()
    assert path[-1] in [b.description for b in table.action_buttons]
    next(b for b in table.action_buttons if b.description == path[-1]).click()
    next(b for b in table.action_buttons if b.description == chosen).click()
    assert table.model.events[before].player == 0 and str(table.model.events[before].action) == chosen


def test_the_table_names_no_game():
    names = set()
    for name, cls in games().items():
        names |= {name, cls.title}
    for path in sorted((ROOT / "widgets").glob("table*.py")):
        text = path.read_text(encoding="utf-8")
        assert [n for n in names if re.search(r"(?<![\w.])" + re.escape(n) + r"(?![\w(])", text)] == [], path.name
