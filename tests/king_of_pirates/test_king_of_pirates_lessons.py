"""The King of Pirates lesson (data/lessons.toml, built by the kit's Walkthrough): every rulebook section
has a live step, every demo builds, and every answer equals an independent computation."""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.core import rulebook
from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_cells, hex_neighbours
from pirates_lab.king_of_pirates import components, lessons
from pirates_lab.king_of_pirates.actions import Sail
from pirates_lab.widgets import king_of_pirates as kop
from pirates_lab.widgets import king_of_pirates_lessons as demos
from pirates_lab.widgets.king_of_pirates_replay import dice_ops, roll_of
from pirates_lab.widgets.walkthrough import Walkthrough

GAME = "king_of_pirates"


def test_every_heading_has_a_step_in_order():
    lesson = Walkthrough.for_game(GAME)
    assert lesson.coverage() == []
    assert [s.heading for s in lesson.specs] == rulebook(GAME).headings


def test_every_demo_and_answer_builds():
    assert Walkthrough.for_game(GAME).check_all() == []


def test_every_answer_equals_an_independent_computation():
    answers = Walkthrough.for_game(GAME).answers()
    comp = components()
    # the board: count the spaces the drawing shows face down, cell by cell
    assert answers["step 1 'The Game Board'"] == sum(kop.tile_kind(c) in ("shark", "ocean") for c in hex_cells(comp.radius))
    # one compass roll: the directions that lead from the centre to (1, 0), out of six
    assert answers["step 3 'Important Game Concepts'"] == Fraction(sum(d == (1, 0) for d in HEX_DIRECTIONS), 6)
    # no rum: only the faces losing no rum are safe
    die = comp.upkeep_die
    assert answers["step 5 'Phase 1: Upkeep Phase'"] == Fraction(die["scurvy"], sum(die.values()))
    # from a corner lair, one step: every on-board neighbour (nothing blocks the first step here)
    where = lessons.movement_start().players[0].position
    assert answers["step 6 'Phase 2: Movement Phase'"] == len(hex_neighbours(where, comp.radius))
    # a stronghold: 2d6 >= defence 11, counted over the 36 rolls
    need = comp.targets["stronghold"]["defence"]
    assert answers["step 7 'Phase 3: Combat Phase'"] == Fraction(sum(a + b >= need for a in range(1, 7)
                                                                    for b in range(1, 7)), 36)


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(demos, "face_down_tiles", lambda: 7)
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(0)
    assert stepper.check("7") is True


def test_the_movement_step_sails_reveals_and_digs():
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
    replay = kop.TurnReplay(seed=2)
    rolled = [roll_of(s)["attacker"] for _, _, s in replay.steps if roll_of(s).get("attacker")]
    assert rolled and all(1 <= d <= 6 for roll in rolled for d in roll)


def test_replay_buttons_step_and_play():
    view = kop.TurnReplayView(kop.TurnReplay(seed=2), delay=0)
    view.next.click()
    assert view.slider.value == 1
    view.back.click()
    view.back.click()
    assert view.slider.value == 0
    view.play.click()
    assert view.slider.value == view.slider.max
    assert "Fraction(" not in view.text.value and "(6, 5)" not in view.text.value.split("</b>")[0]


def test_heat_map_has_a_scale():
    view = kop.DutchmanView(kop.DutchmanPlanner(turns=1, players=1))
    assert "pl-kop-heat-scale" in view.scale.value and "0%" in view.scale.value
    assert "17% (the busiest space)" in view.scale.value     # one roll from the centre: 1/6 on each neighbour
