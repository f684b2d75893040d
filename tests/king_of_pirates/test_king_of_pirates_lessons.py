"""The King of Pirates lesson on screens (data/lessons.toml, shown by the kit's LessonView): the class path,
every demo and answer builds, every answer equals an independent count, and every rule statement a student
reads agrees with the printed rulebook and with what the engine applies (issue 19, issue 21 item 4)."""
from __future__ import annotations

import inspect
import itertools
import math
import random
import re
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE, rulebook
from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_cells
from pirates_lab.king_of_pirates import components, lessons, odds, upkeep_odds, why
from pirates_lab.king_of_pirates.actions import Sail
from pirates_lab.king_of_pirates.components import RULE_BOARD, RULE_CONTENTS
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.king_of_pirates.rules import pirate_skills
from pirates_lab.widgets import king_of_pirates as kop
from pirates_lab.widgets import king_of_pirates_lessons as demos
from pirates_lab.widgets.king_of_pirates_replay import TurnReplay, TurnReplayView, dice_ops, roll_of
from pirates_lab.widgets.lesson import LessonView, shown_text
from pirates_lab.widgets.lesson_model import CLASS_LIMIT, Lesson

GAME = "king_of_pirates"


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game(GAME)


def screen(lesson: Lesson, heading: str):
    return lesson.find(heading)


# ---------------------------------------------------------------- the class path
def test_every_heading_has_a_screen_and_the_rules_come_in_printed_order(lesson):
    assert lesson.coverage() == []
    assert len(lesson.class_screens) <= CLASS_LIMIT
    assert lesson.class_screens[0].kind == "game"
    rules = [s.heading for s in lesson.class_screens if s.kind == "rule"]
    headings = rulebook(GAME).headings
    assert rules == [h for h in headings if h in rules]
    assert [s.heading for s in lesson.reference_screens] == [h for h in headings if h not in rules]
    # a question on every rule screen; the calculators and the game after the rules they need
    assert all(s.question for s in lesson.class_screens if s.kind == "rule")
    kinds = [s.kind for s in lesson.class_screens]
    assert kinds.count("calculator") == 3 and kinds.count("play") == 1


def test_every_demo_and_answer_builds_and_shows_no_answer_early(lesson):
    assert lesson.check_all(shown_text) == []


def test_every_answer_equals_an_independent_computation(lesson):
    answers = {s.heading: lesson.answer(s) for s in lesson.screens if s.question}
    comp = components()
    # the board: the spaces the drawing shows face down, counted cell by cell
    assert answers["The Game Board"] == sum(kop.tile_kind(c) in ("shark", "ocean") for c in hex_cells(comp.radius))
    # setup: an ordered pick of 2 of the 3 pirates drawn (the captain first)
    assert answers["Game Setup"] == math.perm(comp.rules["starting_pirate_draw"], 2) == 6
    # two compass rolls from the centre: the 36 pairs of directions, those that come straight back
    back = sum((a[0] + b[0], a[1] + b[1]) == (0, 0) for a, b in itertools.product(HEX_DIRECTIONS, repeat=2))
    assert answers["Important Game Concepts"] == Fraction(back, 36)
    # one compass roll at each player's upkeep: a round of 4 players moves the Dutchman 4 times
    assert answers["Phases of a Turn"] == lessons.ROUND_PLAYERS
    # no rum: only the faces losing no rum are safe
    die = comp.upkeep_die
    assert answers["Phase 1: Upkeep Phase"] == Fraction(die["scurvy"], sum(die.values()))
    # the tile beside the lair is an ocean tile; merchant ships among the 24, none turned over yet
    cell, _ = lessons.reveal_odds()
    ocean = comp.tiles["ocean"]
    assert cell in comp.ocean_cells
    assert answers["Phase 2: Movement Phase"] == Fraction(ocean["Merchant Ship (British)"] + ocean["Merchant Ship (Spanish)"],
                                                          sum(ocean.values()))
    # a stronghold: 2d6 >= defence 11, counted over the 36 rolls
    need = comp.targets["stronghold"]["defence"]
    assert answers["Phase 3: Combat Phase"] == Fraction(sum(a + b >= need for a in range(1, 7) for b in range(1, 7)), 36)
    # the printed letters: cards marked (C) or (A) in the rulebook's list
    printed = re.findall(r"^(.+?) \(([ACMU]\*?)\) - ", rulebook(GAME).section("Action Cards"), re.M)
    assert answers["Action Cards"] == sum(letter in ("C", "C*", "A") for _, letter in printed) == 8
    # Treasure Maps: each crewmember's "Count as 1 Treasure Map", from the data, by hand
    pirates = comp.pirates
    maps = sum(pirates[p]["skill"] == "Count as 1 Treasure Map" for p in lessons.MAP_CREW)
    assert answers["Pirate Skills"] == comp.islands["large island"]["rating"] - maps == 2
    captain, mate = reversed(lessons.CAPTAIN_CREW)                 # Mary Read captain, Black Bart the other
    in_effect = [pirates[captain]["skill"], pirates[mate]["skill"], pirates[captain]["captain"]]
    off = in_effect.count("Count as 1 Treasure Map") + 2 * in_effect.count("Count as 2 Treasure Maps")
    assert answers["Captain's Skills"] == comp.islands["small island"]["rating"] - off == 2


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(demos, "face_down_tiles", lambda: 7)
    view = LessonView(Lesson.for_game(GAME), start="The Game Board", presenter=False)
    assert view.question.check("7") is True
    assert view.question.check("42") is False


def test_the_lesson_view_walks_every_screen_without_an_error():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for index in range(len(view.screens)):
        view.go(index)
        text = shown_text(view.content.children[0])
        assert "pl-error" not in str([getattr(c, "value", "") for c in view.content.children[0].children])
        assert "Player 0" not in text and "player 0" not in text
    assert view.counter_text() == "Reference 1 / 1"


# ---------------------------------------------------------------- issue 21 item 4: the lesson agrees with the engine
def _engine_rules() -> set[str]:
    """The rulebook headings the engine applies: every step's rule in seeded games, the odds' why trees, the
    game's end and turn rules and the components' rules, and the rules the lesson's answer functions cite."""
    rules = {RULE_BOARD, RULE_CONTENTS, Game.end_rule, Game.turn_rule}
    for seed in range(3):
        state, rng = Game(players=3, max_turns=3).new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            rules.add(state.phase().rule)
            state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                                else rng.choice(state.legal_actions()))
    for tree in (odds.combat_success_probability(10, 0, 2, why=True), upkeep_odds.p_no_mutiny_within(4, 4, why=True),
                 why.safest_route_why((3, -2), (0, 0), (2, -1), 1, 1)):
        rules |= tree.rules()
    for function in (pirate_skills.skills, pirate_skills.treasure_maps_needed, pirate_skills.max_rum):
        rules |= set(re.findall(r"Rules: King of Pirates ›" r" ([^\n]+)", inspect.getdoc(function) or ""))
    return {r.strip() for r in rules}


def test_every_rule_a_screen_teaches_or_a_why_names_is_one_the_engine_applies(lesson):
    applied = _engine_rules()
    headings = rulebook(GAME).headings
    for s in lesson.class_screens:
        named = {h for h in headings if h in " ".join(t for t in (s.why, s.text) if t)}
        taught = {s.heading} if s.heading else set()
        assert (named | taught) <= applied, (s.name, (named | taught) - applied)


NUMBER = re.compile(r"(?<![\w./])(\d+(?:,\d{3})*(?:/\d+)?)(?![\w/])")


def _numbers(text: str) -> set[Fraction]:
    return {Fraction(n.replace(",", "")) for n in NUMBER.findall(text)}


def _claims() -> dict[str, set]:
    """Every number each screen's why (and text) may state, recomputed by the engine."""
    comp = components()
    kinds = [kind for kind, _ in comp.places.values()]
    one = odds.dutchman_distribution(1)[(1, 0)]
    ocean = comp.tiles["ocean"]
    merchants = ocean["Merchant Ship (British)"] + ocean["Merchant Ship (Spanish)"]
    need = comp.targets["stronghold"]["defence"]
    small, large = comp.islands["small island"]["rating"], comp.islands["large island"]["rating"]
    mover = lessons.movement_start().current_player() + 1          # "Player 1 sails west" (players from 1)
    return {
        "King of Pirates in one screen": {len(comp.cells)},
        "The Game Board": {len(comp.cells), len(comp.lairs), kinds.count("stronghold"), kinds.count("city"),
                           kinds.count("small island") + kinds.count("large island"), demos.face_down_tiles(),
                           len(comp.shark_cells), len(comp.ocean_cells)},
        "Game Setup": {comp.rules["starting_pirate_draw"], comp.ship["crew_positions"], demos.keep_choices_answer()},
        "Important Game Concepts": {len(HEX_DIRECTIONS), 1, round(100 * one), one, demos.dutchman_back_in_two_answer()},
        "Phases of a Turn": {demos.compass_rolls_in_a_round(), lessons.ROUND_PLAYERS},
        "Phase 1: Upkeep Phase": {comp.upkeep_die["scurvy"], sum(comp.upkeep_die.values()), demos.upkeep_safe_answer()},
        "Phase 2: Movement Phase": {ocean["Merchant Ship (British)"], ocean["Merchant Ship (Spanish)"], merchants,
                                    sum(ocean.values()), demos.tile_merchant_answer(), mover},
        "Phase 3: Combat Phase": {need, 36, 36 * demos.stronghold_answer(), 5, 6, demos.stronghold_answer()},
        "Action Cards": {demos.combat_cards_answer(), len(comp.action_cards)},
        "Pirate Skills": {1, large, demos.map_crew_answer()},
        "Captain's Skills": {1, 2, small, demos.captain_crew_answer()},
    }


def test_every_number_a_why_states_is_recomputed_by_the_engine(lesson):
    claims = _claims()
    for s in lesson.class_screens:
        said = _numbers(" ".join(t for t in (s.why, s.text, s.label, s.question.prompt if s.question else "") if t))
        if s.kind in ("calculator", "play"):
            assert said <= {Fraction(1)}, (s.name, said)     # their numbers are the live calculators' ("Player 1")
            continue
        allowed = {Fraction(v) for v in claims.get(s.title, set())}
        assert said <= allowed, (s.name, said - allowed)
        if s.question:
            assert not s.why or Fraction(lesson.answer(s)) in said | {Fraction(0)}, s.name   # the why reaches the answer


def test_the_statements_in_words_agree_with_the_engine(lesson):
    comp = components()
    # Captain's Skills (signals/lesson-fixes, 1 and 2): nothing counts twice; a captain adds its own captain skill
    captain = lesson.find("Captain's Skills").why + lesson.find("Game Setup").why
    assert "twice" not in captain.replace("nothing counts twice", "") and "double" not in captain
    black_bart, mary_read = lessons.CAPTAIN_CREW
    assert lessons.skills_in_effect(black_bart, mary_read) == [
        comp.pirates[black_bart]["skill"], comp.pirates[mary_read]["skill"], comp.pirates[black_bart]["captain"]]
    assert pirate_skills.treasure_maps_needed(lessons.crew(black_bart, mary_read), comp.islands["small island"]["rating"]) == 0
    assert "hers finds no treasure" in lesson.find("Captain's Skills").why
    assert comp.pirates[mary_read]["captain"] not in ("Count as 1 Treasure Map", "Count as 2 Treasure Maps")
    # Action Cards: the cards the why names are the engine's combat-window cards, with their letters
    named = lesson.find("Action Cards").why
    assert {c for c in comp.action_cards if c in named} == set(lessons.combat_cards())
    # Phase 2: the tile of the question lies west of player 1's lair
    cell, _ = lessons.reveal_odds()
    lair = lessons.movement_start().players[0].position
    assert comp.compass[HEX_DIRECTIONS.index((cell[0] - lair[0], cell[1] - lair[1]))] == "west"
    assert "west" in lesson.find("Phase 2: Movement Phase").question.prompt
    # Phase 3: the rolls the why lists are exactly those making 11 or more
    listed = re.findall(r"(\d) and (\d)", lesson.find("Phase 3: Combat Phase").why)
    assert sorted((int(a), int(b)) for a, b in listed) == sorted(
        (a, b) for a in range(1, 7) for b in range(1, 7) if a + b >= comp.targets["stronghold"]["defence"])
    # Phases of a Turn: the compass roll is step 1B of the upkeep, printed so
    assert "1B. Roll the Compass Die" in rulebook(GAME).section("Phase 1: Upkeep Phase")


# ---------------------------------------------------------------- the demos
def test_the_movement_screen_sails_reveals_and_digs():
    start = lessons.movement_start()
    assert all(Sail(c) in start.legal_actions() for c in lessons.sail_targets(start))
    cell, reveal = lessons.reveal_odds()
    assert start.hidden(cell) and sum(p for _, p in reveal.items()) == 1
    story = lessons.digging_story()
    before, after = story[0][1].players[0], story[-1][1].players[0]
    island = components().islands["small island"]
    # Given maps in hand beside a small island, When it sails there and digs, Then it gains the island's value
    assert after.position == lessons.small_island()
    assert after.doubloons - before.doubloons == island["value"]
    assert lessons.dig_maps_answer() == island["rating"]     # no map-counting skill in this crew
    assert "digs up" in story[-1][0]
    tabs = demos.movement()
    assert tabs.titles == ["The first step", "Digging for treasure"]
    tabs.pick.value = "Digging for treasure"
    assert "pl-kop-dig-board" in repr(tabs.box.children[0].children[0])      # the dig board shows
    controls = tabs.box.children[0].children[1].children[0]
    nxt, step = controls.children
    caption = tabs.box.children[0].children[1].children[1]
    assert (step.min, step.value, step.max) == (1, 1, len(story)) and f"1 of {len(story)}:" in caption.value
    for _ in range(len(story) - 1):
        nxt.click()
    assert step.value == len(story) and "digs up" in caption.value
    nxt.click()
    assert step.value == 1                                                    # after the last step: the first


def test_the_setup_table_names_players_from_1_with_their_colour():
    text = shown_text(demos.setup_table())
    assert all(kop.seat_name(p) in text for p in range(4)) and "Player 0" not in text
    assert "east Pirates Lair" in text and "(" not in text.split("Pirates Lair")[0].split("Player 1 (red)")[1]


def test_dice_are_drawn_with_pips():
    ops = dice_ops({"attacker": (6, 5), "defender": None})
    assert sum(op.kind == "circle" for op in ops) == 11
    assert sum(op.kind == "rect" for op in ops) == 1 + 4
    replay = TurnReplay(seed=2)
    rolled = [roll_of(s)["attacker"] for _, _, s in replay.steps if roll_of(s).get("attacker")]
    assert rolled and all(1 <= d <= 6 for roll in rolled for d in roll)
    assert any(title == "the combat dice: 6 and 5" for title, _, _ in replay.steps)


def test_replay_buttons_step_and_play_and_name_players_from_1():
    view = TurnReplayView(TurnReplay(seed=2), delay=0)
    assert view.slider.value == 1 and view.text.value.count("Step 1 of ") == 1      # steps counted from 1
    view.next.click()
    assert view.slider.value == 2
    view.back.click()
    view.back.click()
    assert view.slider.value == 1
    view.play.click()
    assert view.slider.value == view.slider.max == len(view.replay.steps)
    assert f"Step {len(view.replay.steps)} of {len(view.replay.steps)}:" in view.text.value
    assert re.search(r"\d&nbsp;Rum, \d+&nbsp;Cannonballs, \d+&nbsp;Scurvy, [\d,]+&nbsp;Doubloons", view.text.value)
    titles = [title for title, _, _ in view.replay.steps]
    assert titles[0] == "The start of Player 1 (red)'s turn"
    assert all(not re.search(r"[Pp]layer 0", t) for t in titles)
    assert "Player 1 (red): pass" in titles and "Fraction(" not in view.text.value


def test_the_one_roll_heat_map_has_a_scale():
    text = shown_text(demos.dutchman_one_roll())
    assert "Chance the Dutchman is on a space: 0%" in text
    assert "17% (the busiest space)" in text     # one roll from the centre: 1/6 on each neighbour
