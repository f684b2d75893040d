"""The Plunder lesson on screens (pirates_lab/plunder/data/lessons.toml): a class path of at most 15 screens (the game
in one screen, the rules in printed order with a question each, a game to play and the calculators after the rules
they need), a reference screen for every other heading; every demo builds, no screen shows its answer before the
question, and every answer the engine computes equals an independent computation — counted here from the rulebook
text and the raw data file (read with tomllib, not through the engine), card by card, or by a brute-force walk.

Issue 21 item 4: every rule a screen teaches is one the engine applies (its heading's rule constant is used by the
engine), every why tree cites the engine's rules, and every number a student reads is recomputed here.  The lesson
fixes from the engine helper (signals/lesson-fixes-plunder.md) are checked one by one.

Rules: Plunder › Combat
"""
from __future__ import annotations

import functools
import itertools
import math
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import pirates_lab.plunder
import pirates_lab.widgets.plunder_lessons as scenarios
from pirates_lab.core.rules import rulebook
from pirates_lab.plunder import lessons
from pirates_lab.plunder.odds import side_of
from pirates_lab.widgets.lesson import LessonView, shown_text
from pirates_lab.widgets.lesson_model import Lesson, LessonError, developer_words
from pirates_lab.widgets.lesson import visible_text

GAME = "plunder"
ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads((Path(pirates_lab.plunder.__file__).parent / "data" / "cards.toml").read_text(encoding="utf-8"))
CARDS = {card["name"]: card for card in DATA["card"]}
RULES = DATA["rules"]
PINNACE = DATA["pinnace"]
TEXT = (ROOT / "seeds" / "plunder.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game(GAME)


@functools.lru_cache(maxsize=1)
def answers() -> dict:
    """{answer function's name: its value} as the engine computes it now, for every question of the lesson."""
    model = Lesson.for_game(GAME)
    return {screen.question.answer: model.answer(screen) for screen in model.screens if screen.question}


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


def courses_by_brute_force() -> int:
    """Every sequence of headings from the First Captain's space, kept when it is a legal course."""
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
    return len(courses)


def phases_under_turn() -> list[str]:
    contents = TEXT.split("Table of Contents")[2].split("\nSetup\n")[0]
    lines = contents.splitlines()
    start = lines.index("• Turn")
    return [line.strip(" •") for line in itertools.takewhile(lambda line: line.startswith("  •"), lines[start + 1:])]


def best_margin() -> int:
    ports = [c for c in DATA["card"] if c["kind"] == "port"]
    goods = {g for c in ports for g in c["buy"]} & {g for c in ports for g in c["sell"]}
    return max(max(c["sell"].get(g, 0) for c in ports) - min(c["buy"].get(g, 99) for c in ports) for g in goods)


def captain_by_hand() -> Fraction:
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
    return Fraction(won, len(cards))


def two_contesters_below_five() -> Fraction:
    """Two contesters, 6 cards each: all 12 unseen cards must be 5 or lower (drawn one after another)."""
    cards = unseen()
    low = sum(1 for c in cards if c["number"] <= 5)
    p = Fraction(1)
    for i in range(12):
        p *= Fraction(low - i, len(cards) - i)
    return p


#: answer function -> the answer computed another way
INDEPENDENT = {
    "silver_to_win": lambda: RULES["win_silver"] - RULES["silver_per_captain"],
    "deck_after_setup": lambda: sum(card["count"] for card in DATA["card"]) - 1 - RULES["open_sea_at_setup"] - 4 * 6,
    # the First Captain skips Resolve the Encounter on the first turn: one phase fewer than listed under Turn
    "first_turn_phases": lambda: len(phases_under_turn()) - 1,
    "courses_from_tortuga": courses_by_brute_force,
    # one contester with one card: the Letter is yours when that card is 4 or lower (a tie is yours)
    "marque_with_four": lambda: share(lambda c: c["number"] <= 4),
    "best_trade_margin": best_margin,
    # plunder in Tortuga: half (rounded down) of the Galleon's value and 3 Spices at Tortuga's price
    "tortuga_sale_kept": lambda: (CARDS["Spanish Galleon"]["value"] + 3 * RULES["tortuga_price"]) // 2,
    "combat_answer": lambda: share(lambda c: chain("Pinnace", "Spanish Sloop", [c["number"]],
                                                   ("speed", "cannon", "crew"))),
    "navigator_engagement": lambda: share(lambda c: chain("Pinnace", "Spanish Sloop", [c["number"]], ("speed",),
                                                          {"speed": 1})),
    "broadside_answer": lambda: share(lambda c: chain("Pinnace", "Treasure Fleet", [c["number"]], ("cannon",))),
    "boarding_answer": lambda: share(lambda c: chain("Pinnace", "Havana", [c["number"]], ("crew",))),
    "captain_answer": captain_by_hand,
    "war_answer": two_contesters_below_five,
}


# ---------------------------------------------------------------- the lesson file
def test_every_heading_has_a_screen_and_the_class_path_fits_a_class(lesson):
    assert lesson.coverage() == []
    titles = [s.title for s in lesson.screens if s.kind in ("rule", "reference")]
    assert sorted(titles) == sorted(rulebook(GAME).headings)
    path = lesson.class_screens
    assert len(path) <= 15 and path[0].kind == "game"
    assert [s.heading for s in path if s.kind == "rule"] == [h for h in rulebook(GAME).headings
                                                           if h in {s.heading for s in path}]
    rules = [s for s in path if s.kind == "rule"]
    assert all(s.question for s in rules) and all(s.quote and s.why for s in rules)


def test_rules_come_first_and_the_calculators_after_the_rules_they_need(lesson):
    kinds = [s.kind for s in lesson.class_screens]
    assert kinds.index("calculator") > max(i for i, k in enumerate(kinds) if k == "rule" and
                                           lesson.class_screens[i].heading == "Boarding")
    calculator = lesson.find("Should I attack? The combat calculator")
    assert set(calculator.needs) == {"Combat", "Engagement", "Broadside", "Boarding"}
    play = lesson.find("Play a game against two computer traders")
    assert play.number < calculator.number                         # a game early, once the turn is known


def test_every_demo_and_answer_builds(lesson):
    assert lesson.check_all(shown_text) == []


def test_every_answer_equals_an_independent_computation():
    assert set(answers()) == set(INDEPENDENT) == set(lessons.ANSWERS)
    wrong = {name: (answers()[name], compute()) for name, compute in INDEPENDENT.items()
             if answers()[name] != compute()}
    assert wrong == {}


def test_the_exact_answers_are_the_ones_the_old_lesson_gave():
    """Issue 19: the exact answers are unchanged (the old walkthrough's values; no rule fix changed these)."""
    old = {"silver_to_win": 55, "deck_after_setup": 31, "courses_from_tortuga": 9, "marque_with_four": Fraction(8, 11),
           "best_trade_margin": 4, "tortuga_sale_kept": 14, "combat_answer": Fraction(4, 5),
           "navigator_engagement": Fraction(54, 55), "broadside_answer": Fraction(36, 55),
           "boarding_answer": Fraction(5, 11), "captain_answer": Fraction(37, 52),
           "war_answer": Fraction(24682, 68211)}
    assert {name: answers()[name] for name in old} == old
    assert lessons.turn_phases() == len(phases_under_turn()) == answers()["first_turn_phases"] + 1


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    view = LessonView(Lesson.for_game(GAME), start="Sail and Explore", presenter=False)
    assert view.question.check(str(lessons.courses_from_tortuga())) is True
    monkeypatch.setattr(scenarios, "courses_from_tortuga", lambda: 7)
    view = LessonView(Lesson.for_game(GAME), start="Sail and Explore", presenter=False)
    assert view.question.check("7") is True
    assert view.question.check(str(lessons.courses_from_tortuga())) is False


def test_a_broken_demo_fails_the_check(monkeypatch):
    def broken():
        raise ValueError("no sea")

    monkeypatch.setattr(scenarios, "sail", broken)
    with pytest.raises(LessonError, match="Sail and Explore.*no sea"):
        Lesson.for_game(GAME).check_all(shown_text)
    monkeypatch.setattr(scenarios, "sail", lambda: None)          # nothing to show: said in place, never a repr
    view = LessonView(Lesson.for_game(GAME), start="Sail and Explore", presenter=False)
    assert "returned nothing" in visible_text(view.content) and view.question is not None


def test_a_demo_that_shows_its_answer_fails_the_check(monkeypatch):
    monkeypatch.setattr(scenarios, "war", lambda: f"the answer is {scenarios.war_answer()}")
    with pytest.raises(LessonError, match="shows the answer"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_view_that_raises_keeps_the_classroom_working(monkeypatch):
    monkeypatch.setattr(scenarios, "combat", lambda: 1 / 0)
    view = LessonView(Lesson.for_game(GAME), start="Combat", presenter=False)
    assert "division by zero" in visible_text(view.content) and view.question is not None


# ---------------------------------------------------------------- issue 21 item 4: rules as the engine applies them
def engine_rule_constants() -> set[str]:
    """The headings whose rule constant (``RULE_… = cite(GAME, "<heading>")``) the engine's modules use."""
    source = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "pirates_lab" / GAME).glob("*.py")}
    constants = dict(re.findall(r'^(RULE_\w+) = cite\(GAME, "([^"]+)"\)', source["headings.py"], re.M))
    used = set()
    for constant, heading in constants.items():
        if any(re.search(rf"\b{constant}\b", text) for name, text in source.items()
               if name not in ("headings.py", "lessons.py")):
            used.add(heading)
    return used


def test_every_rule_screen_teaches_a_rule_the_engine_applies(lesson):
    applied = engine_rule_constants()
    assert {"Combat", "Broadside", "Selling", "War"} <= applied
    missing = [s.heading for s in lesson.class_screens if s.kind == "rule" and s.heading not in applied]
    assert missing == []


def test_every_why_tree_cites_rules_the_engine_applies(lesson):
    """The why trees on the screens (the Storm, the combat chain, the Letter of Marque) cite only headings the engine
    applies, and each root is exactly the number the screen shows beside it."""
    from pirates_lab.widgets.why import WhyTree

    def trees(widget):
        if isinstance(widget, WhyTree) and widget.tree is not None:
            yield widget.tree
        for child in getattr(widget, "children", ()) or ():
            yield from trees(child)

    applied = engine_rule_constants()
    found = {}
    for title in ("Sail and Explore", "Should I attack? The combat calculator", "War"):
        shown = list(trees(lesson.demo(lesson.find(title))))
        assert len(shown) == 1, title
        found[title] = shown[0]
        assert set(shown[0].rules()) <= applied, title
    calc = lesson.demo(lesson.find("Should I attack? The combat calculator"))
    found["Should I attack? The combat calculator"].check(calc.report["win"], GAME)     # the tree's promises
    found["War"].check(lesson.demo(lesson.find("War")).answer, GAME)
    state = lessons.sailing_example()
    found["Sail and Explore"].check(Fraction(lessons.longest_course(state), sum(state.deck.values())), GAME)


def _engine_numbers() -> dict[str, set]:
    """screen title -> the numbers its student texts may state, each recomputed by the engine or the data file."""
    from pirates_lab.plunder.components import components

    deck = components()
    state = lessons.dealt(4, 3)
    pinnace, sloop, fleet = side_of("Pinnace"), side_of("Spanish Sloop"), side_of("Treasure Fleet")
    havana, navigator = side_of("Havana"), side_of("Pinnace", mate="Navigator")
    hand = sorted((deck.card(n).number for n in lessons.CAPTAIN_HAND), reverse=True)
    return {
        "Plunder in one screen": {deck.rules["win_silver"], deck.rules["silver_per_captain"]},
        "Setup": {len(state.captains), deck.rules["hand_size"], 1 + deck.rules["open_sea_at_setup"]},
        "Turn": {lessons.first_turn_phases()},
        "Sail and Explore": {deck.rules["move_below"]},
        "Action": {4},                                   # the question's card, and the why's "4 or lower"
        "Trade": set(),
        "Selling": {deck.card("Spanish Galleon").value, 3},
        "Play a game against two computer traders": {1},
        "Combat": {sloop.speed - pinnace.speed, len(("Enemies", "Engagement", "Broadside", "Boarding")),
                   len(("Engagement", "Broadside", "Boarding"))},
        "Engagement": {navigator.speed, sloop.speed, sloop.speed - navigator.speed, deck.card("Storm").number},
        "Broadside": {pinnace.cannon, fleet.cannon, fleet.cannon - pinnace.cannon},
        "Boarding": {pinnace.crew, havana.crew, havana.crew - pinnace.crew},
        "Should I attack? The combat calculator": set(),
        "Attacking Another Captain": {hand[0], hand[1]},
        "War": {5, 6, 2, 2 * 6},
    }


NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:/\d+)?(?![\w])")
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "twelve": 12}


def test_every_number_a_student_reads_is_recomputed_by_the_engine(lesson):
    """The numbers in each class screen's text, label, why and question (quotes are the rulebook's own words),
    against the engine and the data file: a changed rule or data file that makes a sentence false fails here."""
    allowed = _engine_numbers()
    assert set(allowed) == {s.title for s in lesson.class_screens}
    wrong = []
    for screen in lesson.class_screens:
        numbers = {str(n) for n in allowed[screen.title]}
        for text in (screen.text, screen.label, screen.why, screen.question.prompt if screen.question else ""):
            for found in NUMBER.findall(text):
                if found.rstrip(",") not in numbers:
                    wrong.append(f"{screen.title}: {found}")
            for word, value in WORDS.items():
                if re.search(rf"\b{word}\b", text, re.I) and str(value) not in numbers:
                    wrong.append(f"{screen.title}: '{word}'")
    assert wrong == [], "\n".join(wrong)


def test_the_number_check_can_fail():
    """A Broadside why that said the Pinnace needs 'a card numbered 4' (the gap is 3) is caught."""
    assert "4" not in {str(n) for n in _engine_numbers()["Broadside"] - {side_of("Treasure Fleet").cannon}}
    assert 3 in _engine_numbers()["Broadside"] and 2 not in _engine_numbers()["Broadside"]


# ---------------------------------------------------------------- the lesson fixes (signals/lesson-fixes-plunder.md)
def everything_said(lesson) -> str:
    parts = []
    for screen in lesson.screens:
        parts += [*screen.student_texts(), *screen.teacher]
    from pirates_lab.widgets.plunder import ASSUMPTIONS

    return " ".join(parts + list(ASSUMPTIONS.values()))


def test_fix_1_ties_favour_the_attacker_and_the_pirates_when_they_attack(lesson):
    said = everything_said(lesson)
    assert "ties go to the captain" not in said and "at least equal" not in said
    broadside = lesson.find("Broadside")
    assert "Ties always favour the attacker" in broadside.why and "when Pirates attack you a tie is theirs" in broadside.why
    assert "ties always favor the attacker" in lesson.section(broadside).text


def test_fix_2_the_loot_quantity_is_the_card_s_number(lesson):
    said = everything_said(lesson)
    assert "a good and a quantity" not in said and "loot icon and quantity printed on each card are ours" not in said
    from pirates_lab.widgets.plunder import ASSUMPTIONS

    assert "quantity is the top card's number" in ASSUMPTIONS["loot"]
    assert "The icon shows the type of cargo, the number indicates the quantity." in TEXT


def test_fix_3_a_second_letter_is_a_choice(lesson):
    said = everything_said(lesson)
    assert "One Letter of Marque at a time" not in said
    war = lesson.find("War")
    assert "If you hold more than one Letter you must choose one" in war.why
    assert any("chooses which to keep" in note for note in war.teacher)


def test_fix_4_a_captain_is_attacked_in_the_same_space_but_not_in_a_port(lesson):
    action = lesson.find("Action")
    assert "attack another captain in the same space (but not in a Port)" in action.why
    assert any("Tortuga" in note for note in action.teacher)


def test_fix_5_plunder_sells_only_where_plunder_sells(lesson):
    selling = lesson.find("Selling")
    assert "plunder sells only in Tortuga or in a Port of your Letter of Marque's nation" in selling.why
    assert "sells for half in any Port" not in everything_said(lesson)
    # and the engine agrees, as the screen shows: Havana without a Spanish Letter keeps the plunder aboard
    assert lessons.plunder_sale("Havana")[2] == 0
    assert lessons.plunder_sale("Havana", "Spain")[2] == lessons.plunder_sale("Tortuga")[2] > 0


# ---------------------------------------------------------------- what students see
def test_players_are_numbered_from_1_on_every_screen(lesson):
    for screen in lesson.class_screens:
        value = lesson.demo(screen)
        text = shown_text(value, screen) if value is not None else ""
        for said in [text, *screen.student_texts()]:
            assert not re.search(r"\b[Cc]aptain 0\b|\b[Pp]layer 0\b|\bseat 0\b", said), screen.name
    shown = shown_text(scenarios.setup_table())
    first = lessons.dealt(4, 3).first
    assert f"Captain {first + 1} (" in shown and "First Captain" in shown
    assert f"Captain {first + 1} is the First Captain" in " ".join(lessons.dealt(4, 3).log)      # the log agrees


def test_no_developer_words_python_reprs_or_long_numbers(lesson):
    for screen in lesson.class_screens:
        if screen.demo:
            text = visible_text(lesson.demo(screen))
            text = text.split("</style>")[-1]
            assert developer_words(re.sub(r"\.pl-why[^ ]*", "", text)) == [] or screen.kind == "play", screen.name
            for raw in ("Fraction(", "{'", "[(", "<pirates_lab.", "None", "open_sea", "e-0"):
                assert raw not in text, (screen.name, raw)
            assert not re.search(r"\d{16,}", text), screen.name


def test_tiny_chances_read_as_less_than_a_hundredth_of_a_percent():
    from pirates_lab.widgets.plunder_calculators import MarqueCalculator

    rows = visible_text(MarqueCalculator().table).split()
    assert "<" in rows and "0.01%" in rows and "0.00%" not in rows


def test_the_positions_conserve_every_card_silver_and_token():
    for state in (lessons.sailing_example(), lessons.encounter_state("Natives", "Coastland"), lessons.dealt(4, 3)):
        state.validate()
    before, after, _ = lessons.plunder_sale("Tortuga")
    before.validate()
    after.validate()


def test_the_pictures_have_no_colliding_or_cut_text_with_large_fonts():
    from pirates_lab.widgets.drawing import text_collisions
    from pirates_lab.widgets.plunder import sea_ops, sea_size

    ops = scenarios.table_picture_ops()
    assert text_collisions(ops, width=scenarios.PICTURE_WIDTH, height=scenarios.PICTURE_HEIGHT) == []
    texts = [op.args[0] for op in ops if op.kind == "text"]
    assert all(f"Captain {p}" in texts for p in range(1, 5)) and "First Captain" in texts
    assert sum(op.kind == "circle" for op in ops) == 4                      # every ship on Tortuga
    for state in (lessons.dealt(4, 3), lessons.sailing_example()):
        observation = state.observation(state.first)
        width, height = sea_size([(x, y) for x, y, _ in observation["sea"]])
        drawn = sea_ops(observation, width=width, height=height, header=False)
        assert text_collisions(drawn, width=width, height=height) == []
        assert sum(op.kind == "circle" for op in drawn) == len(state.captains)


def test_the_turn_table_follows_the_engine_s_phase_order():
    rows = scenarios.phase_rows()
    assert [phase for phase, _ in rows] == phases_under_turn()
    assert "skips this phase on the first turn" in dict(rows)["Resolve the Encounter"]
    assert "The First Captain skips this phase on the first turn of the game." in TEXT


def test_the_selling_screen_is_the_engine_s_sale():
    text = shown_text(scenarios.selling())
    kept = lessons.plunder_sale("Tortuga")[2]
    assert kept == (CARDS["Spanish Sloop"]["value"] + 2 * RULES["tortuga_price"]) // 2
    assert text.count(f" {kept} ") >= 2 and "not sold" in text


def test_the_storm_on_the_sailing_screen_is_counted_from_the_deck():
    from pirates_lab.widgets.why import WhyTree

    state = lessons.sailing_example()
    demo = scenarios.sail()
    tree = next(w for w in demo.children[1].children if isinstance(w, WhyTree)).tree
    deck = sum(state.deck.values())
    assert state.deck["Storm"] == 1
    assert tree.p == Fraction(lessons.longest_course(state), deck) and len(tree.children) == lessons.longest_course()
    assert math.isclose(float(tree.p), 3 / deck)
