"""The Pirates & Plunder lesson (pirates_lab/pirates_and_plunder/data/lessons.toml on the lesson kit's screens):
a short class path in printed order with a screen for every other rulebook heading, every demo builds, every
answer the engine computes equals a count done another way (from the raw tile file, from the rulebook's text,
or by hand from the rule: each hand count says how), and every rule a screen's why names is one the engine
applies (issue 21 item 4), with its numbers recomputed by the engine.

Rules: Pirates & Plunder › Scoring Islands and Trade Routes
"""
from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

import pirates_lab.widgets.pirates_and_plunder_lessons as demos
from pirates_lab.core import rulebook
from pirates_lab.core.why import Why
from pirates_lab.pirates_and_plunder import exploration_tiles, scenarios, secret_battle, tiles
from pirates_lab.pirates_and_plunder import lessons as positions
from pirates_lab.widgets.lesson import LessonView, shown_text
from pirates_lab.widgets.lesson_model import Lesson, LessonError, developer_words, quoted_from

GAME = "pirates_and_plunder"
ROOT = Path(__file__).resolve().parents[2]
#: the engine's modules (not the lesson's positions): the rules it applies are the headings they cite
ENGINE = ("game", "parts", "placing", "scoring", "pirates", "exploration", "odds", "battles")


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game(GAME)


@pytest.fixture(scope="module")
def answers(lesson) -> dict:
    return {name.split("'")[1]: value for name, value in lesson.answers().items()}


def view_at(title: str) -> LessonView:
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    view.go(view.lesson.find(title).number - 1)
    return view


def raw_tiles() -> list[dict]:
    """The tile file as plain TOML (not through the package's loader)."""
    return tomllib.loads((ROOT / "pirates_lab/pirates_and_plunder/data/tiles.toml").read_text())["tile"]


def printed_exploration_tiles() -> list[str]:
    """The Parts line of the rulebook, read from the text itself."""
    text = (ROOT / "seeds/pirates_and_plunder.txt").read_text()
    inside = re.search(r"10 Exploration Tiles \(([^)]*)\)", text).group(1)
    return [name.strip().removeprefix("and ").strip() for name in inside.split(",")]


def engine_rules() -> set[str]:
    """The headings the engine's modules cite (``cite(GAME, "...")`` and a ``Rules:`` line naming a heading)."""
    found = set()
    for name in ENGINE:
        source = (ROOT / f"pirates_lab/pirates_and_plunder/{name}.py").read_text()
        found |= set(re.findall(r'cite\(GAME, "([^"]+)"\)', source))
        found |= {h for h in rulebook(GAME).headings
                  for m in re.finditer(r"Pirates & Plunder › ([^\n]+)", source) if m.group(1).startswith(h)}
    return found


def rules_of(tree: Why) -> set[str]:
    return {tree.rule} - {None, ""} | {rule for branch in tree.children for rule in rules_of(branch)}


# ---------------------------------------------------------------- the lesson file
def test_a_short_class_path_in_printed_order_and_a_screen_for_every_heading(lesson):
    assert lesson.coverage() == []
    screens = lesson.class_screens
    assert screens[0].kind == "game" and len(screens) <= 15 and lesson.minutes == 45 and lesson.level
    rules = [s for s in screens if s.kind == "rule"]
    headings = rulebook(GAME).headings
    assert [s.title for s in rules] == sorted((s.title for s in rules), key=headings.index)   # printed order
    assert all(s.quote and s.demo and s.why for s in rules)
    assert all(quoted_from(s.quote, lesson.section(s).text) for s in rules)     # the rulebook's own words
    assert sum(bool(s.question) for s in rules) == len(rules)                   # a question on every rule screen
    kinds = [s.kind for s in screens]
    assert kinds.index("calculator") > kinds.index("rule")                       # rules before calculators
    assert "play" in kinds and kinds.index("play") < len(kinds) - 2
    assert sorted(s.title for s in lesson.screens if s.heading) == sorted(headings)


def test_every_demo_builds_and_no_screen_shows_its_answer_before_the_question(lesson):
    assert lesson.check_all(shown_text) == []


def test_no_developer_words_in_what_students_read_and_players_are_numbered_from_1(lesson):
    for screen in lesson.screens:
        text = " ".join(screen.student_texts())
        assert developer_words(text) == [], screen.name
        assert not re.search(r"\b[Pp]layer 0\b|\bseat \d", text), screen.name
    assert demos.seat_label(0) == "Player 1 (blue)"
    assert demos.BoardRenderer().seat_name(2) == "Player 3 (green)"


def test_the_house_rules_shown_are_the_data_files_readings_word_for_word(lesson):
    readings = tomllib.loads((ROOT / "pirates_lab/pirates_and_plunder/data/components.toml").read_text())["assumptions"]
    readings = {value.removeprefix("ASSUMPTION: ") for value in readings.values()}
    shown = {note.removeprefix("House rule: ") for s in lesson.screens for note in s.teacher
             if note.startswith("House rule:")}
    assert shown <= readings and len(shown) >= 10, shown - readings
    assert not any("ASSUMPTION" in note for s in lesson.screens for note in s.teacher)


# ---------------------------------------------------------------- issue 21 item 4: the whys name the engine's rules
def unapplied_rules(screens) -> list[tuple[str, set[str]]]:
    """(screen, headings) for each class screen whose why or text names a rulebook heading (or whose own rule, or a
    rule it needs) the engine does not cite."""
    applied = engine_rules()
    headings = rulebook(GAME).headings
    found = []
    for screen in screens:
        named = {h for h in headings if re.search(rf"\b{re.escape(h)}\b", screen.why + " " + screen.text)}
        if screen.kind == "rule":
            named.add(screen.heading)
        named |= set(screen.needs)
        if named - applied:
            found.append((screen.name, named - applied))
    return found


def test_each_screens_why_names_only_rules_the_engine_applies(lesson):
    assert unapplied_rules(lesson.class_screens) == []


def test_the_calculators_why_trees_cite_only_rules_the_engine_applies(lesson):
    applied = engine_rules()
    for title in ("Will the tile you need come?", "The secret-battle lab"):
        lab = lesson.demo(lesson.find(title))
        tree = lab.why.tree
        assert tree is not None and rules_of(tree) and rules_of(tree) <= applied, (title, rules_of(tree))
    odds = lesson.demo(lesson.find("Will the tile you need come?"))
    assert odds.why.tree.p == odds.probability
    odds.draws.value = 1
    assert odds.why.tree.p == odds.probability == positions.gap_odds(odds.state, odds.cell, 1).probability


def test_the_numbers_in_the_whys_are_the_engines():
    # Drawing and Placing Land Tiles: "80 less the two on the board, the headland in Player 1's hand and the
    # starting tile"
    assert tiles().total == 80 and sum(scenarios.drawing_state().bag) == 80 - 2 - 1 - 1
    # Advanced Rules: "The ten exploration tiles"
    assert len(exploration_tiles()) == 10
    # Battles: "the defender usually commits everything; the attacker ... usually attacks with nothing, and only
    # now and then commits 1 or 2" (teacher: 0 two times in three, 1 or 2 one time in six each)
    battle = secret_battle(2, 2, 0, 6, 1)
    assert [battle.attacker[a] for a in range(3)] == [Fraction(2, 3), Fraction(1, 6), Fraction(1, 6)]
    assert max(range(3), key=lambda d: battle.defender[d]) == 2
    # The secret-battle lab's teacher note: "5 resources against 5, a pirate defending: ... 5/12"
    assert positions.battle_lab_success() == Fraction(5, 12)
    # Moving Pirates and Battle: "a tie goes to the defender"
    assert positions.battle_outcomes(2, 2) == [[a > d for d in range(3)] for a in range(3)]
    assert not positions.battle_outcomes(1, 1)[1][1]
    # Playing the Game: the merchant "goes back to the supply" when the route scores on the same turn
    drawn, laid, scored = positions.turn_states()
    assert scored.supply(0) == drawn.supply(0)


# ---------------------------------------------------------------- answers, computed another way
def test_parts_galleons_counted_in_the_raw_tile_file(answers):
    galleons = sum(t["copies"] * s.get("galleons", 0) for t in raw_tiles() for s in t["segment"])
    assert answers["Parts"] == galleons == 6


def test_goal_points_are_the_sum_of_the_scores_written_in_the_log():
    final = scenarios.goal_game()
    logged = [int(m.group(1)) for line in final.log for m in [re.match(r"Player 1 scores (-?\d+):", line)] if m]
    assert logged and scenarios.goal_points() == sum(logged)


def test_setup_supply_is_the_printed_ships_less_the_scoring_marker(answers):
    # "takes the 8 ships in that color, places one ship on space 0 ... the remaining 7 ships ... form a supply"
    assert answers["Setup"] == 4 * (8 - 1)


def test_playing_the_game_the_straight_route_scores_its_three_segments(answers):
    # Given two crossroads two squares apart, When the straight route joins them, Then the route has 3 tiles:
    # one segment each, 1 point a segment (Scoring Islands and Trade Routes)
    assert answers["Playing the Game"] == 3 * 1
    drawn, _, scored = positions.turn_states()
    assert [b - a for a, b in zip(drawn.scores(), scored.scores())] == [3, 0]
    assert positions.no_ship_turn().scores() == drawn.scores()             # no merchant: nobody scores


def test_drawing_gap_odds_counted_from_the_raw_tiles(answers):
    # The gap north of (0, 0) touches only the headland's island edge: a tile fits when any of its edges is
    # island (a rotation turns it south).  Unseen: all 80 less the two tiles laid, the headland drawn and the
    # starting tile (not on this board, so out of the bag).
    raw = raw_tiles()
    copies = {t["name"]: t["copies"] for t in raw}
    with_island = sum(t["copies"] for t in raw if "I" in t["edges"])
    out = {"headland": 2, "straight route": 1, "captain's wheel": 1}
    fitting = with_island - out["headland"] - out["captain's wheel"]
    unseen = sum(copies.values()) - sum(out.values())
    assert answers["Drawing and Placing Land Tiles"] == Fraction(fitting, unseen) == Fraction(43, 76)


def test_placing_ships_every_segment_but_the_joined_route(answers):
    crossroads = next(t for t in raw_tiles() if t["name"] == "three-way crossroads")
    # three route ends and three sea corners; the west route joins player 2's merchant's route
    assert answers["Placing Ships"] == len(crossroads["segment"]) - 1 == 5


def test_scoring_a_route_of_five_tiles_scores_five_for_each_tied_merchant(answers):
    before, after = scenarios.scoring_states()
    # Given merchants of players 1 and 2 on a route from x = -1 to x = 3, one segment on each of 5 tiles
    assert answers["Scoring Islands and Trade Routes"] == 5 * 1
    # Then both tied players score it (the tie rule)
    assert [a - b for a, b in zip(after.scores(), before.scores())] == [5, 5]


def test_moving_pirates_sure_attack_is_base_plus_all_resources_plus_one(answers):
    state = scenarios.pirate_state()
    assert state.resources[0] == [1, 0, 0, 0]          # player 1 holds 1 resource; a pirate's base defence is 0
    assert answers["Moving Pirates and Battle"] == 0 + 1 + 1


def test_ports_one_square_left_around_the_port(answers):
    before, _ = scenarios.port_states()
    laid_around = [(-1, -1), (0, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]     # counted on the picture
    assert all(cell in before.cells for cell in laid_around)
    assert answers["Ports"] == 8 - len(laid_around) == 1


def test_final_scoring_by_hand(answers):
    # cloth: 2 against 2, a tie, both score 7; rum: player 2 alone.  Sea zone (0,0)-(1,0)-(2,0) with the
    # headland's sea: 2 galleons, 1 serpent; player 1 has 2 pirates there, player 2 one: 2*2 - 2 = 2.
    assert answers["Final Scoring"] == 7 + (2 * 2 - 2) == 9


def test_advanced_chance_of_natives_from_the_printed_parts_list(answers):
    printed = printed_exploration_tiles()
    assert len(printed) == 10
    assert answers["Advanced Rules"] == Fraction(printed.count("Natives"), len(printed)) == Fraction(1, 5)


def test_exploration_tiles_by_hand():
    # The sea zone: player 1's pirate at (0, 1), player 2's two at (1, 0); one galleon; player 2 holds 1 resource.
    assert scenarios.archipelago_pirates() == 1 + 2         # its old pirate, and the new one counting twice
    assert scenarios.natives_ships_left() == 3 - 1          # 2 pirates + 1 explorer; 1 resource < 2: the explorer goes
    assert scenarios.pirate_king_points() == 2 * (1 + 2 + 1)   # every pirate in the zone, the king included
    assert scenarios.scavenger_points() == 1                # one galleon in the zone
    assert scenarios.cartographer_points() == 1             # one island completed (the marker island)
    assert scenarios.royal_ports_in_parts() == printed_exploration_tiles().count("Royal Port") == 0
    assert scenarios.storm_ships_home() == 2                # 1 resource pays for neither of the 2 pirates
    assert scenarios.fleet_zone_points() == 2 * (1 + 3)     # the galleon and the fleet's 3; player 2 leads the zone
    assert scenarios.viceroy_points() == 0                  # no trade route completed


def _equilibria(matrix: list[list[Fraction]]) -> list[tuple[list[Fraction], list[Fraction]]]:
    """Every equilibrium with supports of equal size, by support enumeration (exact, no LP)."""
    rows, cols = len(matrix), len(matrix[0])
    found = []
    for k in range(1, min(rows, cols) + 1):
        for rs in combinations(range(rows), k):
            for cs in combinations(range(cols), k):
                col_mix = _solve([[matrix[r][c] for c in cs] + [Fraction(-1)] for r in rs] + [[Fraction(1)] * k + [0]],
                                 [Fraction(0)] * k + [Fraction(1)])
                row_mix = _solve([[matrix[r][c] for r in rs] + [Fraction(-1)] for c in cs] + [[Fraction(1)] * k + [0]],
                                 [Fraction(0)] * k + [Fraction(1)])
                if col_mix is None or row_mix is None or min(col_mix[:k] + row_mix[:k]) < 0:
                    continue
                p = [row_mix[rs.index(r)] if r in rs else Fraction(0) for r in range(rows)]
                q = [col_mix[cs.index(c)] if c in cs else Fraction(0) for c in range(cols)]
                value = sum(p[r] * q[c] * matrix[r][c] for r in range(rows) for c in range(cols))
                if all(sum(q[c] * matrix[r][c] for c in range(cols)) <= value for r in range(rows)) and \
                        all(sum(p[r] * matrix[r][c] for r in range(rows)) >= value for c in range(cols)):
                    found.append((p, q))
    return found


def _solve(a: list[list], b: list) -> list | None:
    n = len(a)
    m = [list(map(Fraction, row)) + [Fraction(v)] for row, v in zip(a, b)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[r][n] / m[r][r] for r in range(n)]


def test_battles_success_by_support_enumeration(answers):
    # the rule's payoff to the attacker: the ship (6) if the attack beats base 0 + the defence, less what
    # the attacker spends, plus what the defender spends (zero-sum)
    matrix = [[Fraction(6 * (a > d) - a + d) for d in range(3)] for a in range(3)]
    equilibria = _equilibria(matrix)
    assert equilibria
    chances = {sum(p[a] * q[d] for a in range(3) for d in range(3) if a > d) for p, q in equilibria}
    assert chances == {answers["Battles"]}
    # the lab's opening battle (5 against 5), by the same count
    matrix = [[Fraction(6 * (a > d) - a + d) for d in range(6)] for a in range(6)]
    chances = {sum(p[a] * q[d] for a in range(6) for d in range(6) if a > d) for p, q in _equilibria(matrix)}
    assert chances == {positions.battle_lab_success()}


# ---------------------------------------------------------------- the tests above can fail
def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(demos, "route_points", lambda: 7)
    assert Lesson.for_game(GAME).answers()["screen 8 'Scoring Islands and Trade Routes'"] == 7
    view = view_at("Scoring Islands and Trade Routes")
    assert view.question.check("7") is True and view.question.check("5") is False


def test_swapping_two_answer_functions_is_caught_by_the_hand_counts(monkeypatch):
    monkeypatch.setattr(demos, "sure_attack", demos.port_squares_left)
    swapped = Lesson.for_game(GAME).answers()
    assert swapped["screen 9 'Moving Pirates and Battle'"] != 0 + 1 + 1      # the hand count above would fail


def test_a_demo_that_raises_fails_check_all_naming_the_screen(monkeypatch):
    def broken():
        raise ValueError("no such tile")
    monkeypatch.setattr(demos, "ports", broken)
    with pytest.raises(LessonError, match=r"screen 10 'Ports'.*no such tile"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_demo_that_shows_its_answer_fails_check_all(monkeypatch):
    monkeypatch.setattr(demos, "drawing", lambda: {"the chance": "43/76"})
    with pytest.raises(LessonError, match=r"screen 5 'Drawing and Placing Land Tiles'.*shows the answer \(43/76\)"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_why_naming_a_rule_the_engine_does_not_cite_is_caught(lesson):
    from dataclasses import replace

    assert {"Reef", "Viceroy", "Goal", "Options"}.isdisjoint(engine_rules())
    assert {"Drawing and Placing Land Tiles", "Battles", "Setup"} <= engine_rules()
    ports = lesson.find("Ports")
    wrong = replace(ports, why=ports.why + " A Reef next to the port stops it.")
    assert unapplied_rules([wrong]) == [(ports.name, {"Reef"})]


def test_the_answer_checker_takes_what_people_type_and_teaches():
    view = view_at("Drawing and Placing Land Tiles")
    question = view.question
    assert [question.check(t) for t in ("43/76", "56.58%")] == [True, True]
    question.reset()
    assert question.check("") is None and "Type an answer first" in question.feedback.value
    assert question.check("150%") is False
    assert question.check("1/2") is False and "higher" in question.feedback.value
    assert question.reveal_button.layout.display == ""             # two wrong tries: "Show the answer and why"
    question.reveal_button.click()
    assert "43/76" in question.feedback.value and "open gap" in question.why.value
    count = view_at("Setup").question
    assert count.check("-4") is False and "whole number, 0 or more" in count.feedback.value
    assert count.check("28") is True


def test_every_screen_has_a_reset_and_folded_teacher_notes():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for index in range(len(view.screens)):
        view.go(index)
        assert "<summary>Teacher notes</summary>" in view.notes.value and "?screen=" in view.notes.value
        assert view.reset_button.description == "Reset"


# ---------------------------------------------------------------- the exploration scene (Given/When/Then)
def test_the_exploration_scene_lays_and_mans_the_tile_where_the_lesson_says():
    # Given the island with a marker just completed, When the engine draws each tile, Then it lies on its spot
    for name in ("Archipelago", "Natives", "Buried Treasure", "Treasure Fleet", "Royal Port"):
        state = scenarios.exploration_scene(name)
        (laid, node), = state.explorations
        spot = scenarios.EXPLORATION_SPOT.get(name, scenarios.EXPLORATION_SPOT["sea"])
        assert laid == name and state.where(node) == spot
    assert scenarios.exploration_scene("Treasure Fleet", final=True).is_terminal()
    assert not scenarios.exploration_scene("Treasure Fleet").is_terminal()
