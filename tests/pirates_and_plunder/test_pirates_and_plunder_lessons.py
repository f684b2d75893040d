"""The Pirates & Plunder lesson (pirates_lab/pirates_and_plunder/data/lessons.toml, built by the kit's
Walkthrough): one step per rulebook heading in printed order, every demo builds, and every answer the
engine computes equals a count done another way — from the raw tile file, from the rulebook's text, or
by hand from the rule (each hand count says how it was counted).

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
from pirates_lab.pirates_and_plunder import scenarios
from pirates_lab.widgets.walkthrough import LessonError, Walkthrough

GAME = "pirates_and_plunder"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def answers() -> dict:
    return {name.split("'")[1]: value for name, value in Walkthrough.for_game(GAME).answers().items()}


def raw_tiles() -> list[dict]:
    """The tile file as plain TOML (not through the package's loader)."""
    return tomllib.loads((ROOT / "pirates_lab/pirates_and_plunder/data/tiles.toml").read_text())["tile"]


def printed_exploration_tiles() -> list[str]:
    """The Parts line of the rulebook, read from the text itself."""
    text = (ROOT / "seeds/pirates_and_plunder.txt").read_text()
    inside = re.search(r"10 Exploration Tiles \(([^)]*)\)", text).group(1)
    return [name.strip().removeprefix("and ").strip() for name in inside.split(",")]


# ---------------------------------------------------------------- the lesson file
def test_every_heading_has_a_step_in_printed_order():
    lesson = Walkthrough.for_game(GAME)
    assert lesson.coverage() == []
    assert [spec.heading for spec in lesson.specs] == rulebook(GAME).headings
    intro = [spec.heading for spec in lesson.specs if spec.intro_only]
    assert intro == ["Exploration Tiles", "Options"]
    rules = [spec for spec in lesson.specs if not spec.intro_only]
    assert all(spec.demo and spec.why and spec.quote for spec in rules)
    assert sum(bool(spec.answer) for spec in rules) >= 18          # a question on most rule steps


def test_the_assumptions_shown_are_the_data_files_readings():
    readings = tomllib.loads((ROOT / "pirates_lab/pirates_and_plunder/data/components.toml").read_text())["assumptions"]
    shown = {a for spec in Walkthrough.for_game(GAME).specs for a in spec.assumptions if a.startswith("ASSUMPTION")}
    from_data = {a for a in shown if a in readings.values()}
    # 8, not 10, until the lessons take the readings the rule fixes changed (signals/lesson-fixes-pirates_and_plunder.md)
    assert len(from_data) >= 8, shown - from_data


# ---------------------------------------------------------------- answers, computed another way
def test_parts_galleons_counted_in_the_raw_tile_file(answers):
    galleons = sum(t["copies"] * s.get("galleons", 0) for t in raw_tiles() for s in t["segment"])
    assert answers["Parts"] == galleons == 6


def test_goal_points_are_the_sum_of_the_scores_written_in_the_log(answers):
    final = scenarios.goal_game()
    logged = [int(m.group(1)) for line in final.log for m in [re.match(r"Player 1 scores (-?\d+):", line)] if m]
    assert logged and answers["Goal"] == sum(logged)


def test_setup_supply_is_the_printed_ships_less_the_scoring_marker(answers):
    # "takes the 8 ships in that color, places one ship on space 0 ... the remaining 7 ships ... form a supply"
    assert answers["Setup"] == 4 * (8 - 1)


def test_drawing_gap_odds_counted_from_the_raw_tiles(answers):
    # The gap north of (0, 0) touches only the headland's island edge: a tile fits when any of its edges is
    # island (a rotation turns it south).  Unseen: all 80 less the two tiles laid, the headland drawn and the
    # starting tile (not on this board, so out of the bag).
    tiles = raw_tiles()
    copies = {t["name"]: t["copies"] for t in tiles}
    with_island = sum(t["copies"] for t in tiles if "I" in t["edges"])
    out = {"headland": 2, "straight route": 1, "captain's wheel": 1}
    fitting = with_island - out["headland"] - out["captain's wheel"]
    unseen = sum(copies.values()) - sum(out.values())
    assert answers["Drawing and Placing Land Tiles"] == Fraction(fitting, unseen) == Fraction(43, 76)


def test_placing_ships_every_segment_but_the_joined_route(answers):
    crossroads = next(t for t in raw_tiles() if t["name"] == "three-way crossroads")
    # three route ends and three sea corners; the west route joins player 1's merchant's route
    assert answers["Placing Ships"] == len(crossroads["segment"]) - 1 == 5


def test_scoring_a_route_of_five_tiles_scores_five_for_each_tied_merchant(answers):
    before, after = scenarios.scoring_states()
    # Given merchants of players 0 and 1 on a route from x = -1 to x = 3, one segment on each of 5 tiles
    assert answers["Scoring Islands and Trade Routes"] == 5 * 1
    # Then both tied players score it (the tie rule)
    assert [a - b for a, b in zip(after.scores(), before.scores())] == [5, 5]


def test_moving_pirates_sure_attack_is_base_plus_all_resources_plus_one(answers):
    state = scenarios.pirate_state()
    assert state.resources[0] == [1, 0, 0, 0]          # player 0 holds 1 resource; a pirate's base defence is 0
    assert answers["Moving Pirates and Battle"] == 0 + 1 + 1


def test_ports_one_square_left_around_the_port(answers):
    before, _ = scenarios.port_states()
    laid_around = [(-1, -1), (0, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]     # counted on the picture
    assert all(cell in before.cells for cell in laid_around)
    assert answers["Ports"] == 8 - len(laid_around) == 1


def test_final_scoring_by_hand(answers):
    # cloth: 2 against 2, a tie, both score 7; rum: player 1 alone.  Sea zone (0,0)-(1,0)-(2,0) with the
    # headland's sea: 2 galleons, 1 serpent; player 0 has 2 pirates there, player 1 one: 2*2 - 2 = 2.
    assert answers["Final Scoring"] == 7 + (2 * 2 - 2) == 9


def test_advanced_chance_of_natives_from_the_printed_parts_list(answers):
    printed = printed_exploration_tiles()
    assert len(printed) == 10
    assert answers["Advanced Rules"] == Fraction(printed.count("Natives"), len(printed)) == Fraction(1, 5)


def test_exploration_tiles_by_hand(answers):
    # The sea zone: player 0's pirate at (0, 1), player 1's two at (1, 0); one galleon; player 1 holds 1 resource.
    assert answers["Archipelago"] == 1 + 2                  # its old pirate, and the new one counting twice
    assert answers["Natives"] == 3 - 1                     # 2 pirates + 1 explorer; 1 resource < 2: the explorer goes
    assert answers["Pirate Cove"] == 2 * (1 + 2 + 1)        # every pirate in the zone, the king included
    assert answers["Reef"] == 1                             # one galleon in the zone
    assert answers["Royal Cartographer"] == 1               # one island completed (the marker island)
    assert answers["Royal Port"] == printed_exploration_tiles().count("Royal Port") == 0
    assert answers["Storm"] == 2                            # 1 resource pays for neither of the 2 pirates
    assert answers["Treasure Fleet"] == 2 * (1 + 3)         # the galleon and the fleet's 3; player 1 leads the zone
    assert answers["Viceroy"] == 0                          # no trade route completed


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


# ---------------------------------------------------------------- the tests above can fail
def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(demos, "route_points", lambda: 7)
    lesson = Walkthrough.for_game(GAME)
    assert lesson.answers()["step 7 'Scoring Islands and Trade Routes'"] == 7
    stepper = lesson.stepper()
    stepper.go(6)
    assert stepper.check("7") is True and stepper.check("5") is False


def test_swapping_two_answer_functions_is_caught_by_the_hand_counts(monkeypatch):
    monkeypatch.setattr(demos, "sure_attack", demos.port_squares_left)
    swapped = Walkthrough.for_game(GAME).answers()
    assert swapped["step 8 'Moving Pirates and Battle'"] != 0 + 1 + 1      # the hand count above would fail


def test_the_typed_answer_is_checked_against_the_engine():
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(4)                                     # Drawing and Placing Land Tiles: 43/76
    assert stepper.check("43/76") is True and stepper.check("56.58%") is True and stepper.check("1/2") is False


def test_a_demo_that_raises_fails_check_all(monkeypatch):
    def broken():
        raise ValueError("no such tile")
    monkeypatch.setattr(demos, "ports", broken)
    with pytest.raises(LessonError, match="Ports.*no such tile"):
        Walkthrough.for_game(GAME).check_all()


def test_an_answer_shown_on_the_page_fails_check_all(monkeypatch):
    monkeypatch.setattr(demos, "goal_points", lambda: 1234)
    monkeypatch.setattr(demos, "goal", lambda: "player 0 has 1,234 points")
    with pytest.raises(LessonError, match="shows the answer"):
        Walkthrough.for_game(GAME).check_all()


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
