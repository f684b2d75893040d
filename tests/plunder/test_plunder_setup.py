"""The rules of Setup: the sea around Tortuga, the First Captain, the roles, the deal.

Rules: Plunder › Setup
"""
import random
import re

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.plunder import Game
from pirates_lab.plunder.components import components, describe, load_components

from plunder_helpers import _broken, _small_deck, _write, BROKEN, DATA, fresh, play


def test_setup_first_captain_roles_hands_and_the_sea():
    """Rules: Plunder › Setup"""
    state = fresh(players=4, seed=3)
    first = state.first
    drawn = {p: state.card(c[-1]).number for p, c in state.first_draws.items()}
    assert drawn[first] == max(drawn.values())
    assert state.roles == {"Treasurer": (first + 1) % 4, "Quartermaster": (first + 2) % 4,
                           "Herald": (first + 3) % 4, "Dealer": (first + 3) % 4}
    assert all(len(state.hand(p)) == 6 for p in range(4))
    assert all("Storm" not in c["hand"] for c in state.captains)
    assert state.sea == {(0, 0): "Tortuga", (0, -1): "Open Sea", (1, 0): "Open Sea", (0, 1): "Open Sea",
                         (-1, 0): "Open Sea"}
    assert all(c["at"] == (0, 0) and c["silver"] == 5 for c in state.captains)
    assert state.current == first and state.phase == "sail"  # the First Captain skips the Encounter


def test_setup_ties_draw_again_and_the_first_draws_stay_in_hand():
    """Rules: Plunder › Setup"""
    for seed in range(40):
        state = fresh(players=3, seed=seed)
        if any(len(c) > 1 for c in state.first_draws.values()):
            break
    else:
        pytest.fail("no tie in 40 seeds")
    tied = [p for p, c in state.first_draws.items() if len(c) > 1]
    assert state.first in tied
    for p, cards in state.first_draws.items():
        assert set(cards) <= set(state.hand(p))


def test_captains_are_numbered_from_one_in_the_log_and_the_action_labels():
    """Rules: Plunder › Setup

    Given seeded 2- and 3-captain games, When every log line and action label is read, Then each captain named is
    one of 1..n, the First Captain line names seat + 1, and the last seat is named n."""
    import random
    import re

    from pirates_lab.core import play
    from pirates_lab.plunder import Game
    from pirates_lab.plunder.captains import random_captain

    for players in (2, 3):
        labels = []
        for step in play(Game(players=players, max_turns=6).new_initial_state(), random_captain, random.Random(players)):
            if not step.is_chance:
                labels += [str(a) for a in step.state.legal_actions()]
        state = step.after
        text = "\n".join(list(state.log) + labels)
        named = {int(n) for n in re.findall(r"[Cc]aptains? (\d+)", text)}
        assert named == set(range(1, players + 1)), named
        assert f"Captain {state.first + 1} is the First Captain" in text


@pytest.mark.parametrize("old,new,words", BROKEN, ids=[b[2][:40] for b in BROKEN])
def test_every_check_of_the_data_file_refuses_with_its_sentence(tmp_path, old, new, words):
    """Rules: Plunder › Setup"""
    with pytest.raises(InvalidInput) as error:
        load_components(_broken(tmp_path, old, new))
    assert words in str(error.value), error.value


def test_the_deck_must_deal_four_hands():
    """Rules: Plunder › Setup"""
    text = DATA.read_text(encoding="utf-8")
    assert "count = 12" in text
    assert load_components(DATA).size == 60 and components().card("Havana").buy_price("Sugar") == 1
    assert components().card("Havana").sell_price("Sugar") is None and components().card("Natives").loot == ("Spices", 3)


def test_a_tie_at_the_first_draw_is_logged_and_the_deal_starts_left_of_the_dealer():
    """Rules: Plunder › Setup

    Captains 1 and 2 draw a 5 each: "Captains 1, 2 tie with 5: they draw again."  Then "the last Captain deals":
    the first card dealt goes to the captain on the dealer's left (the First Captain), then round the table."""
    from pirates_lab.plunder import Game

    state = Game(players=3).new_initial_state()
    state = play(state, "Navigator", "Master Gunner", "Open Sea")   # 5, 5, 1: captains 1 and 2 tie
    assert "Captains 1, 2 tie with 5: they draw again." in state.log
    state = play(state, "Bottle of Rum", "Coastland")                # 6 against 2: captain 1 is First Captain
    assert state.first == 0 and state.roles["Dealer"] == 2
    sizes = [len(state.hand(p)) for p in range(3)]                  # 2, 2 and 1 cards
    order = []
    while state.is_chance_node():
        state = state.apply(next(n for n in sorted(state.deck) if state.card(n).kind != "storm"))
        order += [p for p in range(3) if len(state.hand(p)) > sizes[p]]
        sizes = [len(state.hand(p)) for p in range(3)]
    assert order == [0, 1, 2] * 4 + [2] and sizes == [6, 6, 6]


@pytest.mark.parametrize("break_it,words", [
    (lambda s: s.deck.__setitem__("Havana", s.deck.get("Havana", 0) + 1), "the cards in play are not exactly the deck"),
    (lambda s: s.captains[0].__setitem__("silver", 6), "silver is not conserved"),
    (lambda s: (s.captains[0].__setitem__("silver", -1), s.__setattr__("bank", s.bank + 6)),
     "captain 1 holds 6 cards and -1 silver"),
    (lambda s: s.goods.__setitem__("Rum", 11), "Rum tokens are not conserved"),
])
def test_validate_refuses_a_broken_position_with_its_reason(break_it, words):
    """Rules: Plunder › Setup"""
    state = fresh()
    break_it(state)
    with pytest.raises(ValueError) as error:
        state.validate()
    assert str(error.value) == words


@pytest.mark.parametrize("old,new,words", [
    ("number = 3\nloot = \"Sugar\"\nnation = \"Spain\"", "number = -1\nloot = \"Sugar\"\nnation = \"Spain\"",
     "card 'Havana': number must be at least 0, not -1."),
    ("sell = { Rum = 5, Spices = 6 }\ncannon = 4\ngarrison = 6", "cannon = 4\ngarrison = 6",
     "card 'Havana': a Port needs a nation, buy and sell prices and a garrison."),
    ('goods = ["Sugar", "Tobacco", "Rum", "Spices"]', 'goods = ["Sugar", "Sugar"]',
     "rules.goods and rules.nations must list distinct names (at least two nations)."),
])
def test_a_broken_card_is_refused_with_its_whole_sentence(tmp_path, old, new, words):
    """Rules: Plunder › Setup"""
    with pytest.raises(InvalidInput) as error:
        load_components(_broken(tmp_path, old, new))
    assert str(error.value) == words


def test_a_deck_must_hold_four_hands_of_six_beside_tortuga_and_the_first_sea(tmp_path):
    """Rules: Plunder › Setup

    Given decks of 33 and 32 cards, When they are loaded, Then 33 loads (33 - Tortuga - 4 Open Sea = 28 =
    4 hands of 6 + 4 to draw) and 32 is refused with its sentence."""
    assert load_components(_write(tmp_path, _small_deck(33))).size == 33
    with pytest.raises(InvalidInput) as error:
        load_components(_write(tmp_path, _small_deck(32)))
    assert str(error.value) == "The deck is too small to deal 6 cards to 4 captains."


def test_a_card_described_in_one_line():
    """Rules: Plunder › Setup (the cards' numbers, as the data file gives them)

    Given a merchant ship, a Port, the Pirates (no nation) and the Storm, Then each is one line for people."""
    deck = components()
    assert describe(deck.card("Spanish Sloop")) == ("Spanish Sloop (number 4; loot 4 Sugar) — speed 4, cannon 1, "
                                                     "crew 2, cargo 2, value 8, Spain")
    assert describe(deck.card("Pirates")) == ("Pirates (number 5; loot 5 Rum) — speed 3, cannon 3, crew 3, cargo 2, "
                                              "value 12")
    assert describe(deck.card("Havana")) == ("Havana (number 3; loot 3 Sugar) — Spain; buy {'Sugar': 1, "
                                             "'Tobacco': 2}; sell {'Rum': 5, 'Spices': 6}; garrison 6")
    assert describe(deck.card("Storm")) == "Storm (number 0; loot 0 Sugar)"


def test_during_the_deal_the_first_captain_is_on_turn():
    """Rules: Plunder › Setup

    Given a game whose first draw chose the First Captain, When the cards are being dealt (a chance step), Then
    every captain's view shows the First Captain on turn, and so does the state's one line."""
    for seed in range(4):
        state, rng = Game(players=3).new_initial_state(), random.Random(seed)
        while state.phase != "deal":
            state = state.apply(state.chance_outcomes().sample(rng))
        assert state.is_chance_node()
        assert all(state.observation(q)["current"] == state.first for q in range(3))
        assert f"(captain {state.first + 1} on turn)" in str(state)


def test_the_end_of_the_deal_is_logged():
    """Rules: Plunder › Setup

    Given a new game dealt to its first decision, Then the log says every captain holds 6 cards and that a Storm
    dealt is replaced and shuffled back."""
    state = fresh(players=3)
    assert ("Every captain holds 6 cards; a Storm dealt is replaced and shuffled back (so it never reaches a hand)."
            in state.log)


def test_every_captain_sees_the_quartermasters_goods():
    """Rules: Plunder › Setup (the Quartermaster holds the goods: 12 of each)

    Given a new game and then a captain who bought 2 Sugar, Then every view shows the supply left, good by good."""
    state = fresh(players=3)
    assert all(state.observation(q)["goods"] == {"Sugar": 12, "Tobacco": 12, "Rum": 12, "Spices": 12}
               for q in range(3))
    state.goods["Sugar"] -= 2
    state.captains[0]["cargo"]["Sugar"] = state.captains[0]["cargo"].get("Sugar", 0) + 2
    assert all(state.observation(q)["goods"]["Sugar"] == 10 for q in range(3))


def test_after_seven_ties_the_cards_drawn_last_go_so_a_hand_holds_six():
    """Rules: Plunder › Setup — the First Captain: the highest card; tied captains draw again, and the cards drawn
    stay in hand.

    Given two captains who tie seven times (four Open Seas each, two Coastlands, a Natives) and then draw
    Havana (3) and Cartagena (4), When the game starts, Then captain 2 is the First Captain (the log names the
    roles) and each captain discards the two cards drawn last, keeping six."""
    state = Game(players=2).new_initial_state()
    ties = ["Open Sea"] * 4 + ["Coastland"] * 2 + ["Natives"]         # numbers 1, 1, 1, 1, 2, 2, 3
    plan = {0: ties + ["Havana"], 1: ties + ["Cartagena"]}
    while state.phase == "first_draw":
        state = state.apply(plan[state.flow.top(state).player].pop(0))
    assert plan == {0: [], 1: []} and state.first == 1
    # the roles from the First Captain's left (with two captains: the other, then themselves), the Dealer on the right
    assert ("Captain 2 is the First Captain; Tortuga's North points to them. Treasurer: captain 1, Quartermaster: "
            "captain 2, Herald: captain 1, Dealer: captain 1.") in state.log
    for p, last in ((0, "Havana"), (1, "Cartagena")):
        assert f"Captain {p + 1} discards {last}: a hand holds 6 cards." in state.log
        assert f"Captain {p + 1} discards Natives: a hand holds 6 cards." in state.log
        assert sorted(state.hand(p)) == ["Coastland"] * 2 + ["Open Sea"] * 4
    assert state.discard == {"Havana": 1, "Cartagena": 1, "Natives": 2}


def test_every_captain_sees_the_bank():
    """Rules: Plunder › Setup — the Treasurer pays each captain 5 silver from the bank (400, ours).

    Given three captains dealt, Then every view shows 385 silver left in the bank."""
    state = fresh(players=3)
    assert all(state.observation(q)["bank"] == 400 - 3 * 5 for q in range(3))
