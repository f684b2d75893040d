"""The King of Pirates lesson on screens (data/lessons.toml, shown by the kit's LessonView): a probability thread
(issue 39).  The class path, every demo and answer builds, every answer equals an independent count (enumerated
here, never the lesson's own function), a changed answer changes the verdict, every class screen has something
to touch besides the answer box, and the toys' pictures count what the questions ask about."""
from __future__ import annotations

import inspect
import itertools
import random
import re
from fractions import Fraction

import ipywidgets as widgets
import pytest

from pirates_lab.core import CHANCE, rulebook
from pirates_lab.core.geometry import HEX_DIRECTIONS
from pirates_lab.king_of_pirates import components, lessons, odds, upkeep_odds, why
from pirates_lab.king_of_pirates.actions import Sail
from pirates_lab.king_of_pirates.components import RULE_BOARD, RULE_CONTENTS
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.king_of_pirates.rules import pirate_skills
from pirates_lab.widgets import king_of_pirates_calculators as calc
from pirates_lab.widgets import king_of_pirates_grids as grids
from pirates_lab.widgets import king_of_pirates_lessons as demos
from pirates_lab.widgets.canvas import BoardCanvas
from pirates_lab.widgets.king_of_pirates_replay import TurnReplay, TurnReplayView, dice_ops, roll_of
from pirates_lab.widgets.lesson import LessonView, shown_text
from pirates_lab.widgets.lesson_model import CLASS_LIMIT, Lesson

GAME = "king_of_pirates"
PAIRS = list(itertools.product(range(1, 7), repeat=2))
#: what each Upkeep Die face takes, read off the printed results' words ("You lose 2 Rum")
LOST = {"scurvy": 0, "lose 1 rum": 1, "lose 2 rum": 2}


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game(GAME)


# ---------------------------------------------------------------- the class path
def test_the_class_path_is_a_probability_thread_ending_on_a_synthesis(lesson):
    assert lesson.coverage() == []
    assert len(lesson.class_screens) <= CLASS_LIMIT
    assert lesson.class_screens[0].kind == "game"
    rules = [s.heading for s in lesson.class_screens if s.kind == "rule"]
    headings = rulebook(GAME).headings
    assert rules == [h for h in headings if h in rules]
    assert [s.heading for s in lesson.reference_screens] == [h for h in headings if h not in rules]
    # the rule-arithmetic headings of issue 39 left the class path (reference screens now)
    for heading in ("The Game Board", "Phases of a Turn", "Action Cards", "Pirate Skills", "Captain's Skills"):
        assert lesson.find(heading).kind == "reference"
    assert all(s.question for s in lesson.class_screens if s.kind == "rule")
    assert set(lesson.ideas) >= {"equally likely outcomes", "the complement", "independence", "conditional chance",
                                 "expected value", "simulation against the exact answer"}
    last = lesson.class_screens[-1]
    assert last.title == "Which ship to plunder?" and last.question is not None       # the synthesis ends it
    assert "of the 36 rolls" in last.why and "15/36 × 4" in last.why                  # a count, then an average


def test_every_demo_and_answer_builds_and_shows_no_answer_early(lesson):
    assert lesson.check_all(shown_text) == []


def test_every_answer_equals_an_independent_computation(lesson):
    comp = components()
    answers = {s.title: lesson.answer(s) for s in lesson.screens if s.question}
    # two compass rolls: the 36 pairs of directions, those that come straight back
    back = sum((a[0] + b[0], a[1] + b[1]) == (0, 0) for a, b in itertools.product(HEX_DIRECTIONS, repeat=2))
    assert answers["Important Game Concepts"] == Fraction(back, 36) == Fraction(6, 36)
    assert answers["Rolling the Dutchman many times"] == 360 * back // 36 == 60
    # the Upkeep Die: the average of what its faces take, face by face
    faces = [LOST[face] for face, count in comp.upkeep_die.items() for _ in range(count)]
    assert answers["Phase 1: Upkeep Phase"] == Fraction(sum(faces), len(faces)) == 1
    # the Rum: every sequence of 3 faces, kept when it never takes more Rum than is left
    def lasts(seq, rum=lessons.RUM_FULL):
        for lost in seq:
            if lost > rum:
                return False
            rum -= lost
        return True
    seqs = list(itertools.product(faces, repeat=lessons.RUM_UPKEEPS))
    assert answers["How long does the Rum last?"] == Fraction(sum(map(lasts, seqs)), len(seqs)) == Fraction(23, 27)
    # the tile: merchant ships among the 24 ocean tiles, and the engine's own reveal beside player 1's lair
    ocean = comp.tiles["ocean"]
    merchants = ocean["Merchant Ship (British)"] + ocean["Merchant Ship (Spanish)"]
    assert answers["Phase 2: Movement Phase"] == Fraction(merchants, sum(ocean.values())) == Fraction(10, 24)
    cell, _ = lessons.reveal_odds()
    assert cell in comp.ocean_cells
    # combat: the 36 rolls, counted
    city, stronghold = comp.targets["city"]["defence"], comp.targets["stronghold"]["defence"]
    assert answers["Phase 3: Combat Phase"] == Fraction(sum(a + b >= city for a, b in PAIRS), 36) == Fraction(6, 36)
    # 3 rolls of both dice (2 Cannonballs): every triple of rolls, at least one making 11
    triples = itertools.product(PAIRS, repeat=lessons.RETRY_CANNONBALLS + 1)
    wins = sum(any(a + b >= stronghold for a, b in t) for t in triples)
    assert answers["Cannonballs: try again"] == Fraction(wins, 36 ** 3) == 1 - Fraction(33, 36) ** 3
    # keep the 6: the six re-rolls of the other die
    assert answers["Keep the 6: a re-roll after a failed roll"] == Fraction(sum(6 + d >= stronghold for d in range(1, 7)), 6)
    # the engine's best single re-roll after 6 and 1 keeps the 6, and is worth the same
    assert odds.reroll_policy(stronghold, 0, 1).decision((6, 1), 1) == "keep high"
    # the synthesis: Loot Value times the winning rolls
    spanish = comp.targets["Merchant Ship (Spanish)"]
    wins = sum(a + b >= spanish["defence"] for a, b in PAIRS)
    assert answers["Which ship to plunder?"] == Fraction(spanish["loot"] * wins, 36) == Fraction(60, 36)


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(demos, "city_one_roll_answer", lambda: Fraction(7, 36))
    view = LessonView(Lesson.for_game(GAME), start="Phase 3: Combat Phase", presenter=False)
    assert view.question.check("7/36") is True
    view = LessonView(Lesson.for_game(GAME), start="Phase 3: Combat Phase", presenter=False)
    assert view.question.check("1/6") is False


def test_the_answers_in_the_whys_are_the_engines(lesson):
    """Each why counts, with the counted fraction unreduced, and reaches the engine's answer."""
    for title, shown in (("Important Game Concepts", ["6 of the 36", "6/36 = 1/6"]),
                         ("Phase 1: Upkeep Phase", ["0 + 0 + 1 + 1 + 2 + 2 = 6", "6/6 = 1"]),
                         ("Phase 2: Movement Phase", ["10 of the 24", "10/24 = 5/12"]),
                         ("Phase 3: Combat Phase", ["6 of the 36 rolls: 6/36 = 1/6"]),
                         ("Cannonballs: try again", ["10,719/46,656"]),
                         ("Keep the 6: a re-roll after a failed roll", ["2 of those 6 cells", "2/6 = 1/3"]),
                         ("Which ship to plunder?", ["15 of the 36 rolls", "60/36 = 5/3"])):
        screen = lesson.find(title)
        assert all(words in screen.why for words in shown), title
    assert Fraction(10719, 46656) == lesson.answer(lesson.find("Cannonballs: try again"))
    # the Combat why lists exactly the rolls making 10 or more
    listed = re.findall(r"(\d) and (\d)", lesson.find("Phase 3: Combat Phase").why)
    assert sorted((int(a), int(b)) for a, b in listed) == sorted(
        (a, b) for a, b in PAIRS if a + b >= components().targets["city"]["defence"])


def test_the_house_rules_are_shown_as_house_rules(lesson):
    """Issue 36: the Upkeep Die's faces and what the tiles hide are ours: the screens say so in their words."""
    upkeep = shown_text(demos.upkeep_die())
    assert "House rule" in upkeep and "Scurvy (no Rum)" in upkeep
    tiles = shown_text(demos.ocean_tiles())
    assert "House rule: what the 24 ocean tiles hide" in tiles and "6 British merchant ships (B)" in tiles
    assert "2 of the 6 faces show Scurvy" not in " ".join(s.why for s in lesson.screens)
    assert any("House rule" in note for note in lesson.find("Phase 1: Upkeep Phase").teacher)
    assert any("House rule" in note for note in lesson.find("Phase 2: Movement Phase").teacher)


def _controls(widget) -> list:
    """Things a student can touch inside ``widget``: buttons, sliders, dropdowns, toggles, canvases."""
    found, todo = [], [widget]
    while todo:
        w = todo.pop()
        if isinstance(w, (widgets.Button, widgets.IntSlider, widgets.Dropdown, widgets.ToggleButtons,
                          widgets.RadioButtons, BoardCanvas)):
            found.append(w)
        todo.extend(getattr(w, "children", ()) or ())
    return found


def test_every_class_screen_has_something_to_touch_besides_the_answer_box(lesson):
    view = LessonView(lesson, presenter=False)
    for index, screen in enumerate(lesson.class_screens):
        view.go(index)
        content = view.content.children[0]
        touch = [w for w in _controls(content) if not (isinstance(w, widgets.Button) and w.description in
                                                       ("Check", "Show the answer and why", "Next ▶", "◀ Back"))]
        assert touch, screen.name


def test_the_lesson_view_walks_every_screen_without_an_error(lesson):
    view = LessonView(lesson, presenter=False)
    for index in range(len(view.screens)):
        view.go(index)
        shown = shown_text(view.content.children[0])
        assert "pl-error" not in str([getattr(c, "value", "") for c in view.content.children[0].children])
        assert "Player 0" not in shown and "player 0" not in shown
    assert view.counter_text() == f"Reference {len(lesson.reference_screens)} / {len(lesson.reference_screens)}"


def test_the_rule_words_on_the_toys_are_the_engines():
    """What the screens say a rule does is what the engine does."""
    from pirates_lab.king_of_pirates.components import RUM_LOST

    assert RUM_LOST == LOST                                   # Scurvy takes no Rum; the others 1 and 2, as printed
    for cell in odds.dutchman_chain().states:                 # one compass roll: the engine's six moves
        assert sorted(lessons.compass_step(cell, face) for face in range(6)) == sorted(odds._compass(cell))
    # keeping a die: the engine's best single re-roll after each failed roll is worth what the kept row counts
    stronghold = components().targets["stronghold"]["defence"]
    policy = odds.reroll_policy(stronghold, 0, 1)
    for roll in ((6, 1), (6, 4), (5, 3)):
        assert policy.decision(roll, 1) == "keep high"
    assert lessons.keep_die_chance(5) == Fraction(1, 6) and lessons.keep_die_chance(4) == 0


def test_no_expert_words_on_a_class_screen(lesson):
    view = LessonView(lesson, presenter=False)
    for index, screen in enumerate(lesson.class_screens):
        if screen.kind == "play":                                   # the GameTable's own move list
            continue
        view.go(index)
        text = shown_text(view.content.children[0])
        assert not re.search(r"\(-?\d+, -?\d+\)", text), screen.name                  # no hex coordinates
        assert not re.search(r"\b1 (cards|upkeeps|rolls|spaces)\b", text), screen.name
        assert "P = " not in text and "Player 0" not in text and "player 0" not in text, screen.name


# ---------------------------------------------------------------- issue 21 item 4: the lesson agrees with the engine
def _engine_rules() -> set[str]:
    """The rulebook headings the engine applies: every step's rule in seeded games, the odds' why trees, the
    game's end and turn rules and the components' rules, and the rules the lesson's answer functions cite."""
    rules = {RULE_BOARD, RULE_CONTENTS, Game.end_rule, Game.turn_rule}
    for seed in range(3):
        state, rng = Game(players=3, max_turns=3).new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            rules.add(state.phase.rule)
            state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                                else rng.choice(state.legal_actions()))
    for tree in (odds.combat_success_probability(10, 0, 2, why=True), upkeep_odds.p_no_mutiny_within(4, 4, why=True),
                 why.safest_route_why((3, -2), (0, 0), (2, -1), 1, 1)):
        rules |= tree.rules()
    for function in (pirate_skills.skills, pirate_skills.treasure_maps_needed, pirate_skills.max_rum):
        rules |= set(re.findall(r"Rules: King of Pirates ›" r" ([^\n]+)", inspect.getdoc(function) or ""))
    return {r.strip() for r in rules}




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


def test_every_rule_a_screen_teaches_or_a_why_names_is_one_the_engine_applies(lesson):
    applied = _engine_rules()
    headings = rulebook(GAME).headings
    for s in lesson.class_screens:
        named = {h for h in headings if h in " ".join(t for t in (s.why, s.text) if t)}
        taught = {s.heading} if s.heading else set()
        assert (named | taught) <= applied, (s.name, (named | taught) - applied)



# ---------------------------------------------------------------- the toys: the picture counts what is asked
def test_the_combat_grid_paints_the_winning_rolls_and_counts_them():
    grid = demos.combat_grid()
    comp = components()
    for target, t in comp.targets.items():
        grid.target.value = target
        green = [(a, b) for (a, b), button in grid.grid.cells.items() if button.style.button_color == grids.HIT]
        assert sorted(green) == [(a, b) for a, b in PAIRS if a + b >= t["defence"]], target
        assert f"{len(green)} of the 36 rolls make {t['defence']} or more" in grid.grid.count.value
    grid.target.value = "city"
    grid.grid.cells[(4, 6)].click()
    assert "4 and 6 make 10: conquered." in grid.grid.caption.value
    grid.grid.cells[(3, 6)].click()
    assert "short of 10" in grid.grid.caption.value


def test_rolls_are_seeded_per_screen_so_reset_brings_them_back():
    first, again = demos.combat_grid(), demos.combat_grid()
    rolled = [first.grid.roll() for _ in range(10)]
    assert rolled == [again.grid.roll() for _ in range(10)]
    assert first.rolls == 10 and "Rolled 10 times" in first.grid.tally.value
    assert len(set(rolled)) > 1
    walks = demos.dutchman_walks(), demos.dutchman_walks()
    for w in walks:
        w.buttons[1].click()
    assert walks[0].back == walks[1].back and walks[0].walks == 60


def test_the_compass_grid_shows_where_two_rolls_end():
    grid = demos.dutchman_grid()
    green = [cell for cell, button in grid.cells.items() if button.style.button_color == grids.HIT]
    assert len(green) == 6 == grid.hits
    for a, b in green:                                        # straight back: opposite directions
        da, db = HEX_DIRECTIONS[a - 1], HEX_DIRECTIONS[b - 1]
        assert (da[0] + db[0], da[1] + db[1]) == (0, 0)
    assert {button.description for button in grid.cells.values()} == {"0", "1", "2"}
    # the picture agrees with the engine's own chain, cell by cell
    two = odds.dutchman_distribution(2)
    for cell, p in two.items():
        assert p == Fraction(sum(lessons.compass_end(a - 1, b - 1) == cell for a, b in PAIRS), 36)
    assert "6 of the 36 pairs" in grid.count.value
    grid.cells[(1, 4)].click()
    assert "back on the centre" in grid.caption.value


def test_the_simulation_comes_near_the_exact_answer():
    walks = demos.dutchman_walks()
    walks.buttons[2].click()
    walks.buttons[2].click()                                  # 1,200 walks
    assert walks.walks == 1200
    share = Fraction(walks.back, walks.walks)
    assert abs(share - Fraction(1, 6)) < Fraction(4, 100)     # about 4 standard errors (1.1 points each)
    assert f"Back on the centre: <b>{walks.back:,}</b>" in walks.result.value


def test_the_upkeep_roller_rolls_the_six_faces():
    roller = demos.upkeep_die()
    assert sorted(roller.faces) == sorted(LOST[f] for f, n in components().upkeep_die.items() for _ in range(n))
    lost = [roller.roll() for _ in range(30)]
    assert set(lost) == {0, 1, 2} and roller.lost == sum(lost)
    assert f"{sum(lost) / 30:.2f} Rum a roll on average so far" in roller.result.value
    assert sum("background:#ffd54f" in tile.value for tile in roller.tiles) == 1     # the face rolled


def test_the_tiles_turn_over_and_the_count_follows():
    deck = demos.ocean_tiles()
    ocean = components().tiles["ocean"]
    assert sorted(deck.hidden) == sorted(name for name, n in ocean.items() for _ in range(n))
    assert "Face down: 24 tiles, 10 of them merchant ships." in deck.count.value
    merchant = next(i for i in range(24) if deck.merchant(i))
    deck.buttons[merchant].click()
    deck.buttons[merchant].click()                             # a second click on an open tile: nothing
    assert "Face down: 23 tiles, 9 of them merchant ships." in deck.count.value
    assert deck.buttons[merchant].description in ("B", "S")


def test_the_retry_view_counts_failures_and_plays_attacks():
    view = demos.retry()
    assert view.fails == 33 and "roll 1: fails in 33 of 36" in view.picture.value
    view.slider.value = lessons.RETRY_CANNONBALLS
    assert view.picture.value.count("fails in 33 of 36") == 3
    for _ in range(20):
        view.button.click()
    assert view.attacks == 20 and 0 <= view.won <= 20
    assert f"Attacks conquered: {view.won} of 20" in view.result.value
    for _ in range(10):
        view.many.click()                                     # 1,020 attacks of up to 3 rolls
    assert view.attacks == 1020 and view.rolls <= 3 * 1020
    # the complement, simulated: near 1 - (33/36)^3; independence: re-rolls after a failure win as often as any roll
    assert abs(Fraction(view.won, view.attacks) - lessons.retry_answer()) < Fraction(6, 100)
    assert abs(Fraction(view.after_fail_won, view.after_fail) - Fraction(3, 36)) < Fraction(3, 100)
    assert abs(Fraction(view.rolls_won, view.rolls) - Fraction(3, 36)) < Fraction(3, 100)
    assert "of the re-rolls right after a failed roll" in view.result.value
    view.slider.value = 0                                     # a new setting starts the count again
    assert view.attacks == 0 and "Press a button" in view.result.value


def test_keeping_a_die_leaves_its_row():
    box = demos.keep_six()
    grid = box.grid
    assert (grid.live_cells, grid.hits) == (6, 2)
    assert "can land on 6 cells: 2 of them" in grid.count.value
    box.pick.value = "both"
    assert (grid.live_cells, grid.hits) == (36, 3)
    box.pick.value = "second"                                  # keep the 1: no cell wins
    assert (grid.live_cells, grid.hits) == (6, 0)
    grid.cells[(1, 2)].click()
    assert "cannot happen" in grid.caption.value
    for _ in range(5):
        assert grid.roll()[1] == 1                             # every re-roll keeps the 1


def test_the_loot_grid_names_loot_values():
    grid = demos.loot_grid()
    grid.target.value = lessons.LOOT_TARGET
    assert "15 of the 36 rolls make 8 or more" in grid.grid.count.value
    assert "A conquest brings 4 Loot Cards." in grid.grid.count.value
    assert [lessons.loot_per_roll(t) for t in components().targets] == [
        Fraction(t["loot"] * sum(a + b >= t["defence"] for a, b in PAIRS), 36) for t in components().targets.values()]


def test_the_compass_roller_moves_the_dutchman_one_space_at_a_time():
    roller = demos.table_picture()
    centre = components().centre
    for _ in range(12):
        before = roller.dutchman
        roller.button.click()
        assert roller.dutchman in odds.dutchman_step(before)
    assert roller.rolls == 12 and "Roll 12:" in roller.caption.value
    assert lessons.compass_step((4, 0), 0) == centre                          # off the map: back to the centre


def test_the_rum_planner_opens_away_from_the_asked_setting():
    view = demos.rum_planner()
    assert (view.rum.value, view.upkeeps.value) != (lessons.RUM_FULL, lessons.RUM_UPKEEPS)
    view.rum.value, view.upkeeps.value = lessons.RUM_FULL, lessons.RUM_UPKEEPS
    assert view.result.value.count("data-exact='23/27'") == 1
    view.rum.value = 0
    assert "after 1 upkeep:" in view.result.value                              # "1 upkeeps" no more
    # the average: with no Rum, a mutiny at the first upkeep with chance 2/3, else one more upkeep on average later:
    # E = 1 + (1/3) E, so E = 3/2
    assert "the first mutiny comes at upkeep 1.5." in view.result.value


def test_the_last_roll_is_marked_and_the_event_stays_green():
    grid = demos.combat_grid().grid
    for _ in range(12):
        a, b = grid.roll()
        colours = {cell: button.style.button_color for cell, button in grid.cells.items()}
        assert colours.pop((a, b)) == (grids.ROLLED_HIT if a + b >= 10 else grids.ROLLED)
        assert sorted(c for c, colour in colours.items() if colour == grids.HIT) == sorted(
            c for c in PAIRS if sum(c) >= 10 and c != (a, b))


NUMBER = re.compile(r"(?<![\w./])(\d+(?:,\d{3})*(?:/\d+(?:,\d{3})*)?)(?![\w/])")


def _numbers(text: str) -> set[Fraction]:
    return {Fraction(n.replace(",", "")) for n in NUMBER.findall(text)}


def test_every_number_a_screen_states_is_recomputed_from_the_rules(lesson):
    """The numbers in each class screen's text, why and question come from the rules data or a count made here."""
    comp = components()
    ocean, faces, targets = comp.tiles["ocean"], comp.upkeep_die, comp.targets
    city, stronghold, spanish = (targets[t] for t in ("city", "stronghold", lessons.LOOT_TARGET))
    die = set(range(1, 7))
    back = sum((a[0] + b[0], a[1] + b[1]) == (0, 0) for a, b in itertools.product(HEX_DIRECTIONS, repeat=2))
    fails = sum(a + b < stronghold["defence"] for a, b in PAIRS)
    losses = sorted(set(LOST[f] for f in faces))       # the Rum why: rows of losses, those that take more than the Rum
    rows = list(itertools.product(losses, repeat=lessons.RUM_UPKEEPS))
    over = [r for r in rows if sum(r) > lessons.RUM_FULL]
    kept = Fraction(len(rows) - len(over), len(rows))
    rum_rows = {*losses, *faces.values(), sum(faces.values()), len(losses), len(rows), len(over),
                *(sum(tuple(sorted(r)) == o for r in over) for o in {tuple(sorted(r)) for r in over}),  # 2+2+2: 1, 2+2+1: 3
                len(rows) - len(over), kept, round(100 * kept)}
    claims = {
        "Important Game Concepts": {len(HEX_DIRECTIONS), 36, back, Fraction(back, 36)},
        "Rolling the Dutchman many times": {1, 6, Fraction(1, 6), lessons.WALKS_ASKED, lessons.WALKS_ASKED // 6},
        "Phase 1: Upkeep Phase": set(LOST.values()) | {sum(faces.values()), Fraction(sum(LOST[f] * n for f, n in faces.items()), sum(faces.values()))},
        "How long does the Rum last?": {lessons.RUM_FULL, lessons.RUM_UPKEEPS, *rum_rows},
        "Phase 2: Movement Phase": {ocean["Merchant Ship (British)"], ocean["Merchant Ship (Spanish)"],
                                    ocean["Merchant Ship (British)"] + ocean["Merchant Ship (Spanish)"],
                                    sum(ocean.values()), Fraction(10, 24)},
        "Phase 3: Combat Phase": die | set(range(city["defence"], 13)) | {36, Fraction(6, 36)},
        "Cannonballs: try again": {1, lessons.RETRY_CANNONBALLS, lessons.RETRY_CANNONBALLS + 1, fails, 36, 100,
                                   Fraction(fails, 36), Fraction(fails, 36) ** 3, 1 - Fraction(fails, 36) ** 3,
                                   round(100 * (1 - Fraction(fails, 36) ** 3))},
        "Keep the 6: a re-roll after a failed roll": die | {36, 36 - fails, Fraction(2, 6)},
        "Which ship to plunder?": {1, spanish["defence"], spanish["loot"], 36, stronghold["loot"],
                                   sum(a + b >= spanish["defence"] for a, b in PAIRS),
                                   Fraction(sum(a + b >= spanish["defence"] for a, b in PAIRS), 36),
                                   Fraction(36 - fails, 36), Fraction((36 - fails) * stronghold["loot"], 36),
                                   lessons.loot_per_roll(lessons.LOOT_TARGET)},
    }
    for s in lesson.class_screens:
        said = _numbers(" ".join(t for t in (s.why, s.text, s.label, s.question.prompt if s.question else "") if t))
        if s.title not in claims:
            assert said <= {Fraction(1)}, (s.name, said)        # their numbers are the live widgets' ("Player 1")
            continue
        allowed = {Fraction(v) for v in claims[s.title]}
        assert said <= allowed, (s.name, said - allowed)
        if s.question and s.why:
            assert Fraction(lesson.answer(s)) in said, s.name      # the why reaches the engine's answer


def _find(widget, kind):
    todo = [widget]
    while todo:
        w = todo.pop(0)
        if isinstance(w, kind):
            return w
        todo.extend(getattr(w, "children", ()) or ())
    raise AssertionError(f"no {kind.__name__} on the screen")


def test_reset_brings_the_same_rolls_back(lesson):
    view = LessonView(lesson, start="Phase 3: Combat Phase", presenter=False)
    first = _find(view.content.children[0], grids.DiceGrid)
    rolled = [first.roll() for _ in range(5)]
    view.reset()
    again = _find(view.content.children[0], grids.DiceGrid)
    assert again is not first and again.rolls == 0 and "Rolled" not in again.tally.value
    assert [again.roll() for _ in range(5)] == rolled


# ---------------------------------------------------------------- the projector walk's findings (polish-games)
def _dice_grids(widget) -> list:
    found, todo = [], [widget]
    while todo:
        w = todo.pop(0)
        if isinstance(w, grids.DiceGrid):
            found.append(w)
        todo.extend(getattr(w, "children", ()) or ())
    return found


def test_every_dice_grid_label_is_at_least_16_px_with_large_fonts(lesson):
    """The corner label ('second die → first die ↓') was 70 % of the Large 21 px: 15 px on a projector.
    Every font size the grids' own text sets, times the Large text size, is at least 16 px."""
    from pirates_lab.widgets.presenter import presenter_css

    base = float(re.search(r"\.widget-html-content[^{]*\{font-size:(\d+)px", presenter_css()).group(1))
    grids_seen = 0
    for screen in lesson.class_screens:
        if not screen.demo:
            continue
        for grid in _dice_grids(lesson.demo(screen)):
            grids_seen += 1
            texts = [c.value for c in grid.grid.children if isinstance(c, widgets.HTML)]
            assert any("second die" in t or "→" in t for t in texts), screen.name      # the corner label is there
            for text in texts:
                for size, unit in re.findall(r"font-size:\s*([\d.]+)(em|%|px)", text):
                    px = float(size) if unit == "px" else base * float(size) / (100 if unit == "%" else 1)
                    assert px >= 16 - 0.5, (screen.name, text[:60], px)
    assert grids_seen >= 4                      # the compass, combat, keep-the-6 and loot screens


def test_every_question_screen_explains_its_answer(lesson):
    """'Show the answer and why' shows a why on every class screen that asks a question (the Rum screen had none)."""
    for screen in lesson.class_screens:
        if screen.question:
            assert screen.why and screen.why.strip(), screen.name
            assert Fraction(lesson.answer(screen)) in _numbers(screen.why), screen.name


def test_the_rum_why_counts_the_rows_of_losses_as_the_die_plays_them(lesson):
    """The Rum why's count, made here by playing every row of Upkeep Die faces (6 × 6 × 6) against the Rum held."""
    faces = [face for face, n in components().upkeep_die.items() for _ in range(n)]
    kept = 0
    for row in itertools.product(faces, repeat=lessons.RUM_UPKEEPS):
        rum = lessons.RUM_FULL
        for face in row:
            if LOST[face] > rum:
                break
            rum -= LOST[face]
        else:
            kept += 1
    exact = Fraction(kept, len(faces) ** lessons.RUM_UPKEEPS)
    assert exact == lesson.answer(lesson.find("How long does the Rum last?")) == Fraction(23, 27)
    rows = list(itertools.product(sorted(set(LOST.values())), repeat=lessons.RUM_UPKEEPS))
    over = [r for r in rows if sum(r) > lessons.RUM_FULL]
    why_text = lesson.find("How long does the Rum last?").why
    assert f"{len(over)} of the {len(rows)} rows" in why_text and f"other {len(rows) - len(over)}: " in why_text
    assert f"{len(rows) - len(over)}/{len(rows)}" in why_text and Fraction(len(rows) - len(over), len(rows)) == exact


def test_the_live_reference_answers_equal_an_independent_computation(lesson):
    """Issue 34 item 4: the questions of the live reference screens, each counted here another way."""
    comp = components()
    answers = {s.heading: lesson.answer(s) for s in lesson.reference_screens if s.question}
    large, small = comp.islands["large island"], comp.islands["small island"]
    assert answers["The Game Board"] == 7000 + large["value"] == comp.rules["win_doubloons"]
    assert answers["Game Setup"] == len(list(itertools.permutations(range(comp.rules["starting_pirate_draw"]), 2))) == 6
    assert answers["Phases of a Turn"] == 3                      # one compass roll in each of the 3 turns
    letters = [comp.action_cards[c]["timing"] for c in ("Tailwind", "Assault", "Keelhauling", "Scurvy")]
    assert answers["Action Cards"] == sum(letter in ("M", "A") for letter in letters) == 2
    bonus = sum(comp.pirates[p]["skill"] == "+1 Combat vs. Nations" for p in ("Stede Bonnet", "Olivier Levasseur"))
    city = comp.targets["city"]["defence"]
    assert answers["Pirate Skills"] == Fraction(sum(a + b + bonus >= city for a, b in PAIRS), 36) == Fraction(5, 12)
    assert comp.pirates["Black Bart"]["captain"] == "Count as 2 Treasure Maps"
    assert comp.pirates["Mary Read"]["skill"] == "Count as 1 Treasure Map"
    assert answers["Captain's Skills"] == max(0, small["rating"] - 2 - 1) == 0
    assert set(answers) == {"The Game Board", "Game Setup", "Phases of a Turn", "Action Cards", "Pirate Skills",
                            "Captain's Skills"}


def test_the_coach_screen_is_on_the_class_path_before_the_synthesis(lesson):
    titles = [s.title for s in lesson.class_screens]
    coach = lesson.find("Predict the best move, then ask the coach")
    assert titles.index(coach.title) == titles.index("Play a game against two computer captains") + 1
    assert titles[-1] == "Which ship to plunder?" and coach.kind == "play"
    for words in ("Monte Carlo", "playout", "interval"):           # the students' words: "the coach's range"
        assert words not in coach.text.lower() and words.lower() not in coach.text.lower()
    assert "the coach's range" in coach.text
