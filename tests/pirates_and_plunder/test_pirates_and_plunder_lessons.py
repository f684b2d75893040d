"""The Pirates & Plunder lesson (pirates_lab/pirates_and_plunder/data/lessons.toml on the lesson kit's screens):
a probability thread on the class path (issue 39) with a screen for every other rulebook heading, every demo
builds, every class screen has something to touch, every answer the engine computes equals a count done another
way (from the raw tile file, from the rulebook's text, by brute force over the draws, or by hand from the rule:
each hand count says how), and every rule a screen's why names is one the engine applies (issue 21 item 4),
with its numbers recomputed by the engine.

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
    # issue 39: the thread ends on the synthesis question; the probability ideas are listed
    assert screens[-1].title == "Putting it together" and screens[-1].question
    assert {"equally likely outcomes", "the complement", "conditional chance",
            "simulation against the exact answer"} <= set(lesson.ideas)
    # issue 39: the rule-arithmetic questions left the class path
    assert {"Setup", "Playing the Game", "Placing Ships", "Scoring Islands and Trade Routes", "Ports",
            "Final Scoring", "Moving Pirates and Battle"} <= {s.heading for s in lesson.reference_screens}


def _controls(widget) -> list:
    """The things a student can touch inside ``widget``: buttons, sliders, toggles, canvases that take clicks."""
    import ipywidgets as widgets
    from pirates_lab.widgets.canvas import BoardCanvas

    found, stack = [], [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, (widgets.Button, widgets.IntSlider, widgets.ToggleButtons, widgets.Dropdown)):
            found.append(w)
        elif isinstance(w, BoardCanvas) and getattr(w, "_click_handlers", None) or \
                isinstance(w, BoardCanvas) and getattr(w, "to_board", None):
            found.append(w)
        stack.extend(getattr(w, "children", ()) or ())
    return found


def test_every_class_screen_has_something_to_touch_besides_the_answer_box(lesson):
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for index, screen in enumerate(lesson.class_screens):
        body, question = view.built(index)
        touch = [w for w in _controls(body) if question is None or w not in _controls(question)]
        assert touch, screen.name


def test_the_thread_screens_are_seeded_and_reset_brings_the_draws_back():
    from pirates_lab.widgets import pirates_and_plunder_chance as chance
    first, again = chance.GalleonDraw(), chance.GalleonDraw()
    assert [first.draw() for _ in range(5)] == [again.draw() for _ in range(5)]
    one, two = chance.DrawsView(), chance.DrawsView()
    assert one.draw() == two.draw()
    view = view_at("Parts")
    body, _ = view.built(view.index)
    galleon = next(w for w in _walk(body) if isinstance(w, chance.GalleonDraw))
    drawn = galleon.draw()
    view.reset()
    body, _ = view.built(view.index)
    fresh = next(w for w in _walk(body) if isinstance(w, chance.GalleonDraw))
    assert fresh is not galleon and fresh.games == 0 and fresh.draw() == drawn


def _walk(widget):
    stack = [widget]
    while stack:
        w = stack.pop()
        yield w
        stack.extend(getattr(w, "children", ()) or ())


def test_the_pictures_show_the_counts_the_questions_ask_about():
    from pirates_lab.widgets import pirates_and_plunder_chance as chance
    gap = chance.GapView()
    assert "43 of the 76 unseen tiles" in gap.result.value
    seen = chance.SeenView()
    assert "43 of the 76 unseen tiles" in seen.result.value
    seen.reveal(), seen.reveal()
    assert "42 of the 74 unseen tiles" in seen.result.value and seen.reveal() is None
    mix = chance.MixView()
    mix.attack.value = 2
    assert "2 in 6" in mix.result.value and "= 0 points" in mix.result.value
    draws = chance.DrawsView()
    draws.draws.value = 2
    assert "33/76 × 32/75" in draws.text.value
    sim = chance.SimulationView()
    for _ in range(12):
        sim.run()
    assert sim.tries == 760 and sim.button.disabled and abs(sim.hits - 430) < 60
    pairs = chance.BattlePairs()
    assert sum(c.description == "succeeds" for c in pairs.cells.values()) == 3
    assert "2 of the 9" in " ".join(w.value for w in _walk(chance.ExplorationDraw()) if hasattr(w, "value")
                                     and isinstance(w.value, str))


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
    start = positions.tile_odds_start()[0]                    # the lab is given its observation, the engine its State
    assert odds.why.tree.p == odds.probability == positions.gap_odds(start, odds.cell, 1).probability


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
    # Parts: "The starting tile is laid face up, so 79 tiles are shuffled face down"
    setup = scenarios.setup_state(3)
    assert sum(setup.bag) == 79 and len(setup.placed) == 1
    # Drawing and Placing Land Tiles: "A tile fits the gap when it has island on one of its edges (it may be
    # turned)": the engine's fitting kinds are the unseen kinds with an island edge
    from pirates_lab.pirates_and_plunder.odds import fitting_tiles
    drawing = scenarios.drawing_state()
    unseen = {drawing.board.types[k].name for k, n in enumerate(drawing.bag) if n}
    assert set(fitting_tiles(drawing, positions.GAP)) == {n for n in unseen if _fits_gap(n)}
    # Tiles already seen: "74 tiles are left, and the island corner was one of the 43 that fit"
    assert sum(positions.seen_state().bag) == 74
    # Advanced Rules: "The ten exploration tiles include 2 Natives. The Storm has already been drawn, so 9 are left"
    assert exploration_tiles().count("Natives") == 2
    assert sorted(positions.natives_after_storm_state().explore_bag) == sorted(
        t for t in exploration_tiles() if t != "Storm")
    # Playing the Game: the merchant "goes back to the supply" when the route scores on the same turn
    drawn, laid, scored = positions.turn_states()
    assert scored.supply(0) == drawn.supply(0)


# ---------------------------------------------------------------- answers, computed another way
def test_parts_galleons_counted_in_the_raw_tile_file(answers):
    # Parts and Setup: 80 tiles, the starting tile face up, 79 shuffled face down, each equally likely on top
    galleon_tiles = sum(t["copies"] for t in raw_tiles() if any(seg.get("galleons", 0) for seg in t["segment"]))
    assert answers["Parts"] == Fraction(galleon_tiles, 80 - 1) == Fraction(6, 79)
    assert scenarios.galleons_in_game() == sum(t["copies"] * seg.get("galleons", 0) for t in raw_tiles()
                                               for seg in t["segment"]) == 6


def test_goal_points_are_the_sum_of_the_scores_written_in_the_log():
    final = scenarios.goal_game()
    logged = [int(m.group(1)) for line in final.log for m in [re.match(r"Player 1 scores (-?\d+):", line)] if m]
    assert logged and scenarios.goal_points() == sum(logged)


def test_setup_supply_is_the_printed_ships_less_the_scoring_marker():
    # "takes the 8 ships in that color, places one ship on space 0 ... the remaining 7 ships ... form a supply"
    assert scenarios.setup_supply_ships() == 4 * (8 - 1)


def test_playing_the_game_the_straight_route_scores_its_three_segments():
    # Given two crossroads two squares apart, When the straight route joins them, Then the route has 3 tiles:
    # one segment each, 1 point a segment (Scoring Islands and Trade Routes)
    assert positions.turn_points() == 3 * 1
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


def _pile(bag: dict) -> list[str]:
    return [name for name, n in bag.items() for _ in range(n)]


def _unseen_after(seen=()) -> dict:
    """The Drawing screen's unseen tiles from the raw tile file: all 80 less the two laid, the headland in hand,
    the starting tile, and the tiles ``seen``."""
    bag = {t["name"]: t["copies"] for t in raw_tiles()}
    for name in ("headland", "headland", "straight route", "captain's wheel", *seen):
        bag[name] -= 1
    return bag


def _fits_gap(name: str) -> bool:
    return "I" in next(t for t in raw_tiles() if t["name"] == name)["edges"]


def _at_least_one_in_two(bag: dict) -> Fraction:
    """Every ordered pair of different tiles drawn from the pile, counted by brute force."""
    fits = [_fits_gap(name) for name in _pile(bag)]
    pairs = [(i, j) for i in range(len(fits)) for j in range(len(fits)) if i != j]
    return Fraction(sum(fits[i] or fits[j] for i, j in pairs), len(pairs))


def test_the_complement_within_two_draws_by_brute_force_over_the_5700_pairs(answers):
    assert answers["Within two draws: the complement"] == _at_least_one_in_two(_unseen_after())
    assert answers["Within two draws: the complement"] == 1 - Fraction(33 * 32, 76 * 75)     # the why's sum


def test_conditional_chance_after_the_two_tiles_seen(answers):
    bag = _unseen_after(positions.SEEN)
    assert not _fits_gap("bend") and _fits_gap("island corner")                 # the why: one of them fits
    assert answers["Tiles already seen: conditional chance"] == Fraction(
        sum(n for name, n in bag.items() if _fits_gap(name)), sum(bag.values())) == Fraction(42, 74)


def test_the_synthesis_by_brute_force_after_the_tiles_seen(answers):
    assert answers["Putting it together"] == _at_least_one_in_two(_unseen_after(positions.SEEN))
    assert answers["Putting it together"] == 1 - Fraction(32 * 31, 74 * 73)


def test_the_simulation_prediction_is_the_tries_times_the_count(answers):
    bag = _unseen_after()
    assert answers["Checking by drawing"] * sum(bag.values()) == 760 * sum(n for k, n in bag.items() if _fits_gap(k))
    assert answers["Checking by drawing"] == 10 * 43


def test_placing_ships_every_segment_but_the_joined_route():
    crossroads = next(t for t in raw_tiles() if t["name"] == "three-way crossroads")
    # three route ends and three sea corners; the west route joins player 2's merchant's route
    assert scenarios.ship_places() == len(crossroads["segment"]) - 1 == 5


def test_scoring_a_route_of_five_tiles_scores_five_for_each_tied_merchant():
    before, after = scenarios.scoring_states()
    # Given merchants of players 1 and 2 on a route from x = -1 to x = 3, one segment on each of 5 tiles
    assert scenarios.route_points() == 5 * 1
    # Then both tied players score it (the tie rule)
    assert [a - b for a, b in zip(after.scores(), before.scores())] == [5, 5]


def test_moving_pirates_sure_attack_is_base_plus_all_resources_plus_one():
    state = scenarios.pirate_state()
    assert state.resources[0] == [1, 0, 0, 0]          # player 1 holds 1 resource; a pirate's base defence is 0
    assert scenarios.sure_attack() == 0 + 1 + 1


def test_ports_one_square_left_around_the_port():
    before, _ = scenarios.port_states()
    laid_around = [(-1, -1), (0, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]     # counted on the picture
    assert all(cell in before.cells for cell in laid_around)
    assert scenarios.port_squares_left() == 8 - len(laid_around) == 1


def test_final_scoring_by_hand():
    # cloth: 2 against 2, a tie, both score 7; rum: player 2 alone.  Sea zone (0,0)-(1,0)-(2,0) with the
    # headland's sea: 2 galleons, 1 serpent; player 1 has 2 pirates there, player 2 one: 2*2 - 2 = 2.
    assert scenarios.final_points() == 7 + (2 * 2 - 2) == 9


def test_advanced_chance_of_natives_from_the_printed_parts_list(answers):
    printed = printed_exploration_tiles()
    assert len(printed) == 10
    assert scenarios.natives_chance() == Fraction(printed.count("Natives"), len(printed)) == Fraction(1, 5)
    printed.remove("Storm")                                    # Player 2 drew it earlier
    assert answers["Advanced Rules"] == Fraction(printed.count("Natives"), len(printed)) == Fraction(2, 9)


def test_battles_random_pairs_counted_from_the_rule(answers):
    # "if it is equal to or greater than the attack strength, the defending player is successful": the attack
    # succeeds when a > 0 + d; 9 equally likely pairs
    pairs = [(a, d) for a in range(3) for d in range(3)]
    assert answers["Battles"] == Fraction(sum(a > 0 + d for a, d in pairs), len(pairs)) == Fraction(3, 9)


def test_exploration_tiles_by_hand():
    # The sea zone: player 1's pirate at (0, 1), player 2's two at (1, 0); one galleon; player 2 holds 1 resource.
    assert scenarios.archipelago_pirates() == 1 + 2         # its old pirate, and the new one counting twice
    assert scenarios.natives_ships_left() == 3 - 1          # 2 pirates + 1 explorer; 1 resource < 2: the explorer goes
    assert scenarios.pirate_king_points() == 2 * (1 + 2 + 1)   # every pirate in the zone, the king included
    # House rule 14 (issue 36): the Reef and the Royal Cartographer print no "even if", so no ship goes on them in a
    # sea zone that already holds pirates, as this one does: the tile is laid and scores nobody.
    assert scenarios.scavenger_points() == 0
    assert scenarios.cartographer_points() == 0
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
    assert chances == {scenarios.battle_success()}
    # the Mixing screen: the defender's mix, and an attack of 2 against it (beats the defences 0 and 1)
    assert {tuple(q) for _, q in equilibria} == {tuple(positions.defender_mix())}
    assert {q[0] + q[1] for _, q in equilibria} == {answers["Mixing: the best secret choice is a mix"]}
    # its why: every attack earns 0 points on average, ship 6, resource 1 (the defender's spending aside)
    assert all(sum(6 * q[d] for d in range(3) if a > d) - a == 0 for _, q in equilibria for a in range(3))
    # the lab's opening battle (5 against 5), by the same count
    matrix = [[Fraction(6 * (a > d) - a + d) for d in range(6)] for a in range(6)]
    chances = {sum(p[a] * q[d] for a in range(6) for d in range(6) if a > d) for p, q in _equilibria(matrix)}
    assert chances == {positions.battle_lab_success()}


# ---------------------------------------------------------------- the tests above can fail
def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(demos, "sim_expected", lambda: 431)
    assert Lesson.for_game(GAME).answers()["screen 6 'Checking by drawing'"] == 431
    view = view_at("Checking by drawing")
    assert view.question.check("431") is True and view.question.check("430") is False


def test_swapping_two_answer_functions_is_caught_by_the_hand_counts(monkeypatch):
    monkeypatch.setattr(demos, "seen_fit", demos.gap_next_draw)
    swapped = Lesson.for_game(GAME).answers()
    assert swapped["screen 5 'Tiles already seen: conditional chance'"] != Fraction(42, 74)   # the count above fails


def test_a_demo_that_raises_fails_check_all_naming_the_screen(monkeypatch):
    def broken():
        raise ValueError("no such tile")
    monkeypatch.setattr(demos, "mixing", broken)
    with pytest.raises(LessonError, match=r"screen 11 'Mixing: the best secret choice is a mix'.*no such tile"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_demo_that_shows_its_answer_fails_check_all(monkeypatch):
    monkeypatch.setattr(demos, "gap_view", lambda: {"the chance": "43/76"})
    with pytest.raises(LessonError, match=r"screen 3 'Drawing and Placing Land Tiles'.*shows the answer \(43/76\)"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_why_naming_a_rule_the_engine_does_not_cite_is_caught(lesson):
    from dataclasses import replace

    assert {"Reef", "Viceroy", "Goal", "Options"}.isdisjoint(engine_rules())
    assert {"Drawing and Placing Land Tiles", "Battles", "Setup"} <= engine_rules()
    battles = lesson.find("Battles")
    wrong = replace(battles, why=battles.why + " A Reef next to the pirate stops it.")
    assert unapplied_rules([wrong]) == [(battles.name, {"Reef"})]


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
    assert "43/76" in question.feedback.value and "gap" in question.why.value
    count = view_at("Checking by drawing").question
    assert count.check("-4") is False and "whole number, 0 or more" in count.feedback.value
    assert count.check("430") is True


def test_every_screen_has_a_reset_and_folded_teacher_notes():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for index in range(len(view.screens)):
        view.go(index)
        assert "<summary>Teacher notes</summary>" in view.notes.value and "?screen=" in view.notes.value
        assert view.reset_button.description == "Reset"


# ---------------------------------------------------------------- the exploration scene (Given/When/Then)
def test_the_island_exploration_tiles_go_on_an_open_island_never_a_completed_one():
    # Given the island at (0, 0) just completed (no open edge), When the scene lays Buried Treasure or the Royal
    # Port, Then it lies on the headland's island at (2, 0), which still has an open edge (issue 36: laid on the
    # completed island, the tile's ship could never come back)
    from pirates_lab.pirates_and_plunder.odds import gaps
    for name in ("Buried Treasure", "Royal Port", "Natives", "Pirate Cove"):
        state = scenarios.exploration_scene(name)
        (_, node), = state.explorations
        assert gaps(state, node), name
        assert not gaps(state, state.node((0, 0), 0))


def test_the_exploration_scene_lays_and_mans_the_tile_where_the_lesson_says():
    # Given the island with a marker just completed, When the engine draws each tile, Then it lies on its spot
    for name in ("Archipelago", "Natives", "Buried Treasure", "Treasure Fleet", "Royal Port"):
        state = scenarios.exploration_scene(name)
        (laid, node), = state.explorations
        spot = scenarios.EXPLORATION_SPOT.get(name, scenarios.EXPLORATION_SPOT["sea"])
        assert laid == name and state.where(node) == spot
    assert scenarios.exploration_scene("Treasure Fleet", final=True).is_terminal()
    assert not scenarios.exploration_scene("Treasure Fleet").is_terminal()


def test_the_teacher_notes_give_minutes_for_every_class_screen_adding_up_to_the_lesson(lesson):
    minutes = []
    for screen in lesson.class_screens:
        found = re.match(r"(\d+) minutes?\b", screen.teacher[0]) if screen.teacher else None
        assert found, screen.name
        minutes.append(int(found.group(1)))
    assert sum(minutes) == lesson.minutes == 45
    plan = (ROOT / "docs/teaching.md").read_text().split("## Pirates & Plunder (`pirates_and_plunder`)")[1].split("\n## ")[0]
    assert all(f"| {s.number} {s.title}" in plan for s in lesson.class_screens)


def test_every_reference_heading_with_a_playable_rule_is_live(lesson):
    """Issue 34 item 4: every reference screen shows a live position but the three headings that are only prose or
    only open a part of the rulebook (docs/lessons.md lists them); a question on one has its why and an answer the
    engine computes; the answers are the hand counts (each counted another way in tests/pirates_and_plunder/
    pnp_try_it_claims.py)."""
    from pirates_lab.pirates_and_plunder import try_it
    live = {s.heading for s in lesson.reference_screens if s.demo}
    assert live == set(try_it.TRY_IT) and len(live) == 17
    assert {s.heading for s in lesson.reference_screens if not s.demo} == {"Goal", "Exploration Tiles", "Options"}
    assert all(s.why and s.label.startswith("Try it: ") for s in lesson.reference_screens if s.question)
    assert all(s.label for s in lesson.reference_screens if s.demo)
    answers = {name.split("'")[1]: value for name, value in lesson.answers().items()}
    assert {heading: answers[heading] for heading in live if heading in answers} == {
        "Setup": 80 - 1 - 1, "Playing the Game": 3 * 1, "Placing Ships": 6 - 1, "Scoring Islands and Trade Routes": 5,
        "Moving Pirates and Battle": 0 + 1 + 1, "Ports": 1, "Final Scoring": 7 + (2 * 2 - 2), "Archipelago": 1 + 2,
        "Buried Treasure": 5, "Natives": 3 - 1, "Pirate Cove": 2 * (2 + 1 + 1), "Royal Cartographer": 1,
        "Storm": 2, "Treasure Fleet": 2 * (1 + 3)}
