"""Pirates & Plunder by rule: Drawing and Placing Land Tiles — sides not corners, every touching edge matching, a tile with no place discarded.

Rules: Pirates & Plunder › Drawing and Placing Land Tiles
"""
from __future__ import annotations

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.pirates_and_plunder import PlaceTile
from pirates_lab.pirates_and_plunder.game import Draw
from pirates_lab.pirates_and_plunder.placing import placement_errors
from pirates_lab.pirates_and_plunder.scenarios import build, drawing_state, LESSON_BOARDS, lesson_boards


def unchanged(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(action)
    assert error.value.rule == rule
    assert state.to_json() == before
    return error.value


def test_a_board_that_breaks_the_placing_rules_is_named_square_by_square():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("headland", (0, 0), 0), ("open sea", (0, -1), 0)])
    assert placement_errors(state.board, state.placed) == [
        "(0, 0) shows island on its north edge against sea on (0, -1): every touching edge must match."]


def test_the_last_tile_drawn_that_fits_nowhere_is_discarded_and_the_game_ends():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    # Given a board of open sea only and one tile left in the bag, an island heart (island on every edge)
    state = build(tiles=[("open sea", (0, 0), 0)], ships=[(0, (0, 0), 0)], phase="draw", bag={"island heart": 1},
                  then=("end_turn",))
    # When it is drawn
    state = state.apply(Draw("island heart"))
    # Then it is discarded and the game goes to its final scoring (State.draw__mutmut_17)
    assert "Player 1 draws the island heart: it fits nowhere and is discarded." in state.log
    assert state.is_terminal()


# ------------------------------------------------------------------ Drawing and Placing Land Tiles
def test_a_tile_goes_next_to_a_side_never_only_a_corner():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("open sea", (0, 0), 0)], drawn="open sea")
    places = {a.cell for a in state.legal_actions()}
    assert places == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    error = unchanged(state, PlaceTile((1, 1), 0), "Drawing and Placing Land Tiles")
    assert "corner" in error.reason


def test_every_touching_edge_must_match():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("headland", (0, 0), 0)], drawn="headland")
    # north of the headland is island: only a headland turned to show island south fits there
    assert [a.turns for a in state.legal_actions() if a.cell == (0, -1)] == [2]
    error = unchanged(state, PlaceTile((0, -1), 0), "Drawing and Placing Land Tiles")
    assert "south edge is sea" in error.reason


def test_a_tile_with_no_legal_place_is_discarded_and_another_drawn():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("open sea", (0, 0), 0)], phase="draw", bag={"island heart": 1, "bend": 1})
    after = state.apply(Draw("island heart"))
    assert [after.board.types[k].name for k in after.discarded] == ["island heart"]
    assert after.current_player() < 0 and after.chance_outcomes().outcomes() == [Draw("bend")]


# ------------------------------------------------------------------ Drawing and Placing Land Tiles: the lessons
def test_every_lesson_board_obeys_the_placing_rules():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    boards = lesson_boards()
    assert tuple(boards) == LESSON_BOARDS
    assert {name: placement_errors(s.board, s.placed) for name, s in boards.items()
            if placement_errors(s.board, s.placed)} == {}
    # the check can fail: the old drawing board, a route edge against the headland's sea edge
    old = drawing_state()
    kind, _, x, y = old.placed[1]
    assert placement_errors(old.board, [old.placed[0], (kind, 0, x, y)]) == [
        "(1, 0) shows trade route on its west edge against sea on (0, 0): every touching edge must match."]
    assert placement_errors(old.board, [old.placed[0], (kind, 1, x + 1, y)]) == [
        "(2, 0) is not joined to the other tiles along a side."]


def test_a_tile_whose_north_edge_does_not_match_is_refused_naming_its_north_edge():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles — every touching edge must match.
    Given a headland (island to the north, sea to the south) and another headland drawn, When it is laid south of
    the first unturned (its island edge north, against the first's sea), Then the refusal names its north edge in
    the words a learner reads.  (Mutation sample of issue 36 item 5: the side written "NORTH" survived; the
    earlier tests refused only east, south and west edges.)"""
    state = build(tiles=[("headland", (0, 0), 0)], drawn="headland")
    assert unchanged(state, PlaceTile((0, 1), 0), "Drawing and Placing Land Tiles").reason == (
        "Its north edge is island but the tile there shows sea: every touching edge must match.")
