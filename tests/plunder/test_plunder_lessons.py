"""The Plunder lesson (pirates_lab/plunder/data/lessons.toml, built by the kit's Walkthrough): one step per
rulebook heading in printed order, every demo builds, and every answer the engine computes equals an
independent computation — counted here from the rulebook text and the raw data file (read with tomllib,
not through the engine), card by card, or by a brute-force walk written here.

Rules: Plunder › Combat
"""
from __future__ import annotations

import functools
import itertools
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import pirates_lab.plunder
import pirates_lab.widgets.plunder_lessons as scenarios
from pirates_lab.core.rules import rulebook
from pirates_lab.plunder import lessons
from pirates_lab.widgets.walkthrough import LessonError, Walkthrough

GAME = "plunder"
DATA = tomllib.loads((Path(pirates_lab.plunder.__file__).parent / "data" / "cards.toml").read_text(encoding="utf-8"))
CARDS = {card["name"]: card for card in DATA["card"]}
RULES = DATA["rules"]
PINNACE = DATA["pinnace"]
TEXT = (Path(__file__).resolve().parents[2] / "seeds" / "plunder.txt").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def answers() -> dict:
    """{heading (with ' 2' for a second occurrence): answer} as the engine computes it now."""
    found = {}
    for name, value in Walkthrough.for_game(GAME).answers().items():
        heading = name.split("'")[1] + (" 2" if "occurrence 2" in name else "")
        found[heading] = value
    return found


def unseen(hand=()) -> list[dict]:
    """Every card a captain has not seen at the start, ONE ENTRY PER COPY (the raw data file): the deck
    without Tortuga, without the 4 Open Sea cards of the first sea and without ``hand``."""
    cards = [card for card in DATA["card"] if card["kind"] != "tortuga" for _ in range(card["count"])]
    for name in ["Open Sea"] * RULES["open_sea_at_setup"] + list(hand):
        cards.remove(CARDS[name])
    return cards


def share(test) -> Fraction:
    cards = unseen()
    return Fraction(sum(1 for card in cards if test(card)), len(cards))


def stat(name: str, key: str) -> int:
    """A ship's, Port's or Natives' fighting value from the raw data (garrison / warriors count as crew)."""
    if name == "Pinnace":
        return PINNACE[key]
    card = CARDS[name]
    return card.get(key) or (card.get("garrison") or card.get("warriors") if key == "crew" else 0)


# ---------------------------------------------------------------- the lesson file
def test_every_heading_has_a_step_in_printed_order():
    lesson = Walkthrough.for_game(GAME)
    assert lesson.coverage() == []
    assert [spec.heading for spec in lesson.specs] == rulebook(GAME).headings
    assert all(spec.demo and spec.why for spec in lesson.specs)


def test_most_steps_ask_a_question():
    specs = Walkthrough.for_game(GAME).specs
    assert sum(bool(spec.answer) for spec in specs) >= len(specs) - 2


def test_the_deck_values_are_shown_as_assumptions():
    specs = {spec.heading: spec for spec in Walkthrough.for_game(GAME).specs}
    assert "rulebook names the cards but prints no values" in specs["Setup"].assumptions[0]
    assert sum(bool(spec.assumptions) for spec in specs.values()) >= 10


# ---------------------------------------------------------------- answers, computed another way
def test_setup_and_overview_answers_are_the_printed_numbers():
    # Given the rulebook: remove Tortuga and 4 Open Sea cards, deal until everyone has 6 (four captains)
    assert "Remove the Tortuga card and 4 Open Sea cards" in TEXT and "until everyone has 6 cards" in TEXT
    assert lessons.dealt(4, 3).discard == {}          # no card was discarded in this deal
    assert answers()["Setup"] == sum(card["count"] for card in DATA["card"]) - 1 - 4 - 4 * 6
    # start with 5 Silver Pieces; the first to 60 wins
    assert "5 Silver Pieces" in TEXT and "accumulate 60 Silver Pieces wins" in TEXT
    assert answers()["Overview"] == 60 - 5


def test_turn_answer_counts_the_phases_listed_under_turn_in_the_contents():
    contents = TEXT.split("Table of Contents")[2].split("\nSetup\n")[0]
    lines = contents.splitlines()
    start = lines.index("• Turn")
    phases = list(itertools.takewhile(lambda line: line.startswith("  •"), lines[start + 1:]))
    assert answers()["Turn"] == len(phases) == 5


def test_encounter_answers_count_the_cards_that_apply_on_the_open_sea():
    assert answers()["Resolve the Encounter"] == sum(c["count"] for c in DATA["card"] if c.get("encounter") == "open_sea")
    assert answers()["Play an Encounter"] == sum(CARDS[n].get("encounter") == "open_sea" for n in lessons.GIVE_HAND)


def test_pay_answer_is_the_galleon_s_wages_and_the_mate_s_silver():
    assert answers()["Pay the Crew"] == 10 - CARDS["Spanish Galleon"]["wages"] - RULES["first_mate_wage"]


def test_sail_answer_equals_a_brute_force_over_every_sequence_of_headings():
    state = lessons.sailing_example()
    kinds = {cell: CARDS[name]["kind"] for cell, name in state.sea.items()}
    start = tuple(state.cap(state.first)["at"])
    moves = [(0, -1), (1, 0), (0, 1), (-1, 0)]       # north, east, south, west: never diagonally
    courses = set()
    for length in range(1, len(kinds)):
        for headings in itertools.product(range(4), repeat=length):
            turns = [i for i in range(1, length) if headings[i] != headings[i - 1]]
            if len(turns) > 1 or any((headings[i] - headings[i - 1]) % 4 == 2 for i in turns):
                continue                              # at most ONE turn, to port or starboard
            cells, here = [], start
            for h in headings:
                here = (here[0] + moves[h][0], here[1] + moves[h][1])
                cells.append(here)
            if any(c not in kinds for c in cells) or len(set(cells)) < len(cells) or start in cells:
                continue
            if any(kinds[c] in ("port", "coastland") for c in cells[:-1]):
                continue                              # entering a Port or a Coastland ends the move
            courses.add(tuple(cells))
    # the captain holds 3 cards and draws one per move: the hand limit (fewer than 7) never stops a course here
    assert len(state.hand(state.first)) + max(map(len, courses)) - 1 < RULES["move_below"]
    assert answers()["Sail and Explore"] == len(courses)


def test_trade_answers_from_the_printed_prices():
    ports = [c for c in DATA["card"] if c["kind"] == "port"]
    goods = {g for c in ports for g in c["buy"]} & {g for c in ports for g in c["sell"]}
    best = max(max(c["sell"].get(g, 0) for c in ports) - min(c["buy"].get(g, 99) for c in ports) for g in goods)
    assert answers()["Trade"] == best
    assert answers()["Buying"] == min(CARDS["Spanish Galleon"]["cargo"], 7 // CARDS["Cartagena"]["buy"]["Spices"])
    # plunder: half (rounded down) of the Galleon's value and 3 Spices at Tortuga's price
    assert answers()["Selling"] == (CARDS["Spanish Galleon"]["value"] + 3 * RULES["tortuga_price"]) // 2


def test_first_mate_and_captured_ship_answers_are_differences_of_printed_values():
    assert answers()["First Mate"] == stat("Spanish Sloop", "speed") - (PINNACE["speed"] + 1)
    assert answers()["Captured Ships"] == min(stat("Spanish Brigantine", "speed"), stat("Spanish Galleon", "speed"))


def chain(me: str, enemy: str, cards: list[int], steps, mate_bonus: dict | None = None) -> bool:
    """A combat against a ship/Port/Natives, done by hand: at each step behind, spend the smallest card enough."""
    cards = sorted(cards)
    for key in steps:
        gap = stat(enemy, key) - stat(me, key) - (mate_bonus or {}).get(key, 0)
        if gap > 0:
            enough = [c for c in cards if c >= gap]
            if not enough:
                return False
            cards.remove(enough[0])
    return True


def test_combat_step_answers_count_the_cards_one_copy_at_a_time():
    every = ("speed", "cannon", "crew")
    assert answers()["Combat"] == share(lambda c: chain("Pinnace", "Spanish Sloop", [c["number"]], every))
    assert answers()["Engagement"] == share(lambda c: chain("Pinnace", "Spanish Sloop", [c["number"]], ("speed",),
                                                            {"speed": 1}))
    assert answers()["Broadside"] == share(lambda c: chain("Pinnace", "Treasure Fleet", [c["number"]], ("cannon",)))
    assert answers()["Boarding"] == share(lambda c: chain("Pinnace", "Havana", [c["number"]], ("crew",)))
    assert answers()["Results of a Combat"] == share(lambda c: min(c["number"], 2, PINNACE["cargo"] + 2) == 2)


def test_captain_answer_fights_every_unseen_card():
    hand = sorted((CARDS[n]["number"] for n in lessons.CAPTAIN_HAND), reverse=True)
    cards = unseen(lessons.CAPTAIN_HAND)
    won = 0
    for card in cards:                       # the defender holds this one card; each side places its highest
        mine, theirs = list(hand), [card["number"]]
        a = stat("English Brigantine", "cannon") + mine.pop(0)
        d = stat("Spanish Sloop", "cannon") + theirs.pop(0)
        if d > a:
            continue                         # the attacker is sunk in the Broadside
        a = stat("English Brigantine", "crew") + mine.pop(0)
        d = stat("Spanish Sloop", "crew") + (theirs.pop(0) if theirs else 0)
        won += a >= d                        # ties go to the attacker
    assert answers()["Attacking Another Captain"] == Fraction(won, len(cards))


def test_letter_of_marque_answers_count_the_lower_cards():
    # one contester with one card: the Letter is yours when that card is 4 or lower
    assert answers()["Action"] == share(lambda c: c["number"] <= 4)
    # two contesters, 6 cards each: all 12 unseen cards must be 5 or lower (drawn one after another)
    cards = unseen()
    low = sum(1 for c in cards if c["number"] <= 5)
    p = Fraction(1)
    for i in range(12):
        p *= Fraction(low - i, len(cards) - i)
    assert answers()["War"] == p


def test_word_answers_follow_the_printed_rules():
    assert "All Treasure Fleets belong to Spain." in TEXT
    assert answers()["Enemies"] == "Spain"
    assert "If you hold a Letter of Marque from a nation at war, the other nation automatically becomes your enemy" in TEXT
    assert answers()["Enemies 2"] == "England"
    assert "draw 6 cards, one at a time" in TEXT and "Discard all the cards in your hand" in TEXT
    assert answers()["If You Lose Your Ship"] == 6


# ---------------------------------------------------------------- the tests can fail
def test_a_swapped_answer_function_changes_the_verdict(monkeypatch):
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(5)
    assert stepper.check(str(lessons.courses_from_tortuga())) is True
    monkeypatch.setattr(scenarios, "courses_from_tortuga", lambda: 7)
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(5)
    assert stepper.check("7") is True
    assert answers.__wrapped__()["Sail and Explore"] == 7


def test_a_broken_demo_fails_check_all(monkeypatch):
    def broken():
        raise ValueError("no sea")

    monkeypatch.setattr(scenarios, "sail", broken)
    with pytest.raises(LessonError, match="Sail and Explore.*no sea"):
        Walkthrough.for_game(GAME).check_all()
    monkeypatch.setattr(scenarios, "sail", lambda: None)
    with pytest.raises(LessonError, match="Sail and Explore"):
        Walkthrough.for_game(GAME).check_all()


def test_a_demo_that_shows_its_answer_fails_check_all(monkeypatch):
    monkeypatch.setattr(scenarios, "war", lambda: f"{scenarios.war_answer()}")
    with pytest.raises(LessonError, match="shows the answer"):
        Walkthrough.for_game(GAME).check_all()


# ---------------------------------------------------------------- pages
def test_a_lesson_card_shows_one_step_the_second_enemies_its_own():
    lesson = Walkthrough.for_game(GAME)
    card = scenarios.lesson_card("Enemies", occurrence=2, lesson=lesson)
    assert card.step.heading == "Enemies" and card.step.occurrence == 2
    assert "automatically your enemy" in card.step.question.prompt
    with pytest.raises(LessonError, match="no step .Parley.; its steps are: Setup"):
        scenarios.lesson_card("Parley", lesson=lesson)


def test_the_positions_conserve_every_card_silver_and_token():
    for state in (lessons.sailing_example(), lessons.give_state(), lessons.encounter_state("Natives", "Coastland"),
                  *lessons.lose_ship_story()):
        state.validate()


def test_the_lesson_s_seas_have_no_colliding_text_with_large_fonts():
    from pirates_lab.widgets.drawing import text_collisions
    from pirates_lab.widgets.plunder import HEIGHT, WIDTH, sea_ops

    # Given four ships on Tortuga (the Setup demo), When the sea is painted at 16 px, Then no text overlaps
    for state in (lessons.dealt(4, 3), lessons.sailing_example()):
        ops = sea_ops(state.observation(0))
        assert text_collisions(ops, width=WIDTH, height=HEIGHT) == []
        assert sum(op.kind == "circle" for op in ops) == len(state.captains)
