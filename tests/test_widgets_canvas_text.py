"""Large fonts reach canvases (issue 13: "Large fonts scale canvases and charts too, labels at least 16 px").

A fake canvas records every ``font`` assignment and ``fill_text`` call, so these tests see exactly
what a browser would be told to paint, with Large fonts off and on.
"""
import gc
import weakref

import pytest

from pirates_lab.core import Dist
from pirates_lab.widgets import BoardCanvas, Drawing
from pirates_lab.widgets.canvas import CANVAS_TEXT, live_boards
from pirates_lab.widgets.dice import DiceLab
from pirates_lab.widgets.drawing import (LARGE_TEXT_FLOOR, DrawOp, NORMAL_TEXT, TextSize, bar_chart_ops, font_px,
                                         painted_sizes, replay, scaled_font)
from pirates_lab.widgets.presenter import PresenterBar


class FontCanvas:
    """Stands in for one ipycanvas canvas: remembers the font in force at every fill_text."""

    def __init__(self):
        self.font = "10px sans-serif"       # the browser's default
        self.texts = []                      # (text, font, max_width)

    def fill_text(self, text, x, y, max_width=None):
        self.texts.append((text, self.font, max_width))

    def __getattr__(self, name):            # every other drawing call: ignored
        return lambda *args: None


@pytest.fixture(autouse=True)
def normal_text_after_each_test():
    yield
    CANVAS_TEXT.large, CANVAS_TEXT.scale, CANVAS_TEXT.floor = False, 1.0, float(LARGE_TEXT_FLOOR)


def _fake_layers(board, monkeypatch):
    fakes = {name: FontCanvas() for name in board.layer_names}
    monkeypatch.setattr(board, "layer", lambda name: fakes[name])
    return fakes


LABELS = Drawing().text("FD", 0, 0, font="bold 9px sans-serif").text("cargo", 0, 0, font="11px sans-serif") \
    .text("title", 0, 0, font="bold 16px sans-serif").text("big", 0, 0, font="18px serif").text("plain", 0, 0).ops


def test_replay_paints_the_ops_own_sizes_with_normal_text():
    canvas = FontCanvas()
    replay(canvas, LABELS)
    assert [font for _, font, _ in canvas.texts] == ["bold 9px sans-serif", "11px sans-serif", "bold 16px sans-serif",
                                                     "18px serif", "14px sans-serif"]


def test_replay_with_large_text_raises_every_small_text_to_16_px_and_keeps_the_rest():
    canvas = FontCanvas()
    replay(canvas, LABELS, TextSize(floor=16))
    assert [font for _, font, _ in canvas.texts] == ["bold 16px sans-serif", "16px sans-serif", "bold 16px sans-serif",
                                                     "18px serif", "16px sans-serif"]


def test_a_scale_multiplies_every_size_and_the_floor_still_holds():
    assert painted_sizes(LABELS, TextSize(scale=1.5, floor=16)) == [16.0, 16.0, 24.0, 27.0, 21.0]
    assert scaled_font("italic bold 12.5px Georgia, serif", 2) == "italic bold 25px Georgia, serif"
    with pytest.raises(ValueError, match="positive"):
        scaled_font("12px serif", 0)


def test_font_px_reads_the_size_and_nothing_else():
    assert font_px("bold 9px sans-serif") == 9.0 and font_px(None) is None and font_px("bold serif") is None
    assert NORMAL_TEXT.font(None) == "14px sans-serif"


def test_max_width_reaches_the_canvas_so_grown_labels_squeeze_instead_of_colliding():
    canvas = FontCanvas()
    replay(canvas, Drawing().text("16.7%", 10, 10, font="10px sans-serif", max_width=30).ops, TextSize(floor=16))
    assert canvas.texts == [("16.7%", "16px sans-serif", 30.0)]


def test_a_board_paints_with_the_kit_wide_size_and_repaints_when_the_presenter_toggles(monkeypatch):
    bar = PresenterBar(large=False)
    board = BoardCanvas(200, 100)
    fakes = _fake_layers(board, monkeypatch)
    board.draw("pieces", LABELS)
    assert [font for _, font, _ in fakes["pieces"].texts][:2] == ["bold 9px sans-serif", "11px sans-serif"]

    bar.toggle.value = True                                   # the teacher clicks "Large fonts"
    repainted = fakes["pieces"].texts[len(LABELS):]
    # the whole drawing is painted 1.5 times larger (geometry and text), and no text under 16 x 1.5 = 24 px
    assert [font for _, font, _ in repainted] == ["bold 24px sans-serif", "24px sans-serif", "bold 24px sans-serif",
                                                  "27px serif", "24px sans-serif"]
    assert board.painted_sizes() == {"pieces": [24.0, 24.0, 24.0, 27.0, 24.0]}
    assert (board.scale, board.canvas.width, board.canvas.height) == (1.5, 300, 150)
    assert fakes["background"].texts == []                    # an empty layer is not painted for nothing

    bar.toggle.value = False                                  # and back
    assert [font for _, font, _ in fakes["pieces"].texts[-len(LABELS):]][:2] == ["bold 9px sans-serif",
                                                                                "11px sans-serif"]


def test_a_board_made_after_large_fonts_were_switched_on_starts_large(monkeypatch):
    PresenterBar(large=True)                                  # ?large=1: the presenter cell runs first
    board = BoardCanvas(100, 50, layers=("chart",))
    fakes = _fake_layers(board, monkeypatch)
    board.draw("chart", Drawing().text("3", 0, 0, font="10px sans-serif").ops)
    assert fakes["chart"].texts == [("3", "24px sans-serif", None)]        # 10 px x 1.5 = 15, at least 16 x 1.5


def test_closed_and_forgotten_boards_are_not_repainted():
    kept, closed = BoardCanvas(50, 50), BoardCanvas(50, 50)
    forgotten = BoardCanvas(50, 50)
    closed.close()
    forgotten.close()
    gone = weakref.ref(forgotten)
    del forgotten
    gc.collect()
    boards = live_boards()
    assert kept in boards and closed not in boards
    assert gone() is None or gone() not in boards          # the registry holds no board alive


def test_a_board_grows_with_large_fonts_and_clicks_still_land_on_the_drawing(monkeypatch):
    clicked = []
    board = BoardCanvas(200, 100, layers=("chart",), to_board=lambda x, y: (round(x), round(y)))
    board.on_click(clicked.append)
    board.draw("chart", Drawing().rect(10, 20, 30, 40, fill="#000000").ops)
    assert (board.canvas.width, board.canvas.layout.width, board.canvas.layout.max_width) == (200, "200px", "100%")
    CANVAS_TEXT.large = True
    assert (board.canvas.width, board.canvas.height, board.canvas.layout.width) == (300, 150, "300px")
    assert board.painted("chart")[0].args == (15, 30, 45, 60)            # painted sharp, not stretched
    board._mouse_down(150, 75)                                             # the middle of the painted canvas
    board.click(20, 30)                                                    # the drawing's own coordinates
    assert clicked == [(100, 50), (20, 30)]
    fixed = BoardCanvas(50, 50, grow=False)
    fixed.draw("pieces", Drawing().text("a", 1, 1, font="10px sans-serif").ops)
    assert fixed.canvas.width == 50 and fixed.scale == 1.0 and fixed.painted_sizes() == {"pieces": [16.0]}


def test_chart_labels_fit_their_slots_whatever_size_they_are_painted():
    ops = bar_chart_ops([(str(n), 1 / 11) for n in range(2, 13)], 460, 220, title="P(success)")
    texts = [op for op in ops if op.kind == "text"]
    assert all(op.max_width is not None and op.max_width <= 460 for op in texts)
    assert painted_sizes(ops, TextSize(floor=16)) == [16.0] * len(texts)


def test_text_collisions_see_labels_that_only_collide_once_grown_to_16_px():
    from pirates_lab.widgets.drawing import LARGE_TEXT, text_box, text_collisions
    row = Drawing()
    for k, digit in enumerate("1234"):                       # ship numbers 13 px apart, 9 px high
        row.text(digit, 10 + 13 * k, 20, font="9px sans-serif", align="center")
    assert text_collisions(row.ops, NORMAL_TEXT) == []
    assert text_collisions(row.ops, LARGE_TEXT) == []        # single digits still fit 13 px apart
    tight = Drawing().text("S", 10, 10, font="bold 10px sans-serif", align="center") \
        .text("X", 20, 10, font="bold 10px sans-serif", align="center").ops
    assert text_collisions(tight, NORMAL_TEXT) == []
    assert text_collisions(tight) == ["'S' (bold 16px sans-serif) overlaps 'X' (bold 16px sans-serif)"]
    squeezed = Drawing().text("83.2%", 100, 10, font="10px sans-serif", align="center", max_width=30).ops[0]
    left, top, right, bottom = text_box(squeezed, LARGE_TEXT)
    assert (right - left, bottom - top) == (30, 11.52)       # never wider than max_width; 0.72 em high
    assert text_collisions(Drawing().text("edge", 2, 3, font="12px serif").ops, width=100, height=100) == \
        ["'edge' (16px serif) is past the canvas edge"]


def test_the_kit_drawings_do_not_collide_with_large_fonts():
    from pirates_lab.widgets.drawing import text_collisions
    rows = [(str(n), (n + 1) / 66) for n in range(11)]
    assert text_collisions(bar_chart_ops(rows, 460, 220, title="P(success) against cannonballs carried"),
                           width=460, height=220) == []


class StyleCanvas:
    """Stands in for one ipycanvas canvas: logs every style sent and every shape drawn, in order."""

    def __init__(self):
        self.__dict__["log"] = []

    def __setattr__(self, name, value):
        self.log.append(("set", name, value))

    def __getattr__(self, name):
        return lambda *args: self.log.append(("draw", name, args))


def _styles_in_force(log):
    """Replays a log: the (fill, stroke, line width) in force at every shape drawn."""
    now, seen = {}, []
    for entry in log:
        if entry[0] == "set":
            now[entry[1]] = entry[2]
        elif entry[1] == "clear":
            now = {}
        else:
            seen.append((entry[1], now.get("fill_style"), now.get("stroke_style"), now.get("line_width")))
    return seen


def test_replay_sends_a_style_only_when_it_changes_and_again_after_a_clear():
    d = Drawing().rect(0, 0, 5, 5, fill="#ff0000").rect(5, 0, 5, 5, fill="#ff0000").rect(0, 5, 5, 5, fill="#0000ff")
    ops = d.ops + (DrawOp("clear", ()),) + d.ops[:1]
    canvas = StyleCanvas()
    replay(canvas, ops)
    fills = [value for kind, name, value in canvas.log if kind == "set" and name == "fill_style"]
    assert fills == ["#ff0000", "#0000ff", "#ff0000"]
    assert _styles_in_force(canvas.log) == [("fill_rect", "#ff0000", None, 1), ("fill_rect", "#ff0000", None, 1),
                                            ("fill_rect", "#0000ff", None, 1), ("fill_rect", "#ff0000", None, 1)]


def test_every_shape_is_drawn_in_its_own_style_whatever_came_before():
    d = (Drawing().circle(1, 1, 1, fill="#111111", stroke="#222222", width=3).line(0, 0, 1, 1, stroke="#222222")
         .rect(0, 0, 1, 1, stroke="#333333").line(0, 0, 2, 2).text("a", 0, 0, fill="#111111"))
    canvas = StyleCanvas()
    replay(canvas, d.ops)
    assert _styles_in_force(canvas.log) == [
        ("fill_circle", "#111111", None, 3), ("stroke_circle", "#111111", "#222222", 3),
        ("stroke_line", "#111111", "#222222", 1), ("stroke_rect", "#111111", "#333333", 1),
        ("stroke_line", "#111111", "#000000", 1), ("fill_text", "#111111", "#000000", 1)]


def test_a_board_that_always_has_room_keeps_a_16_px_floor_when_it_grows(monkeypatch):
    CANVAS_TEXT.large = True
    roomy = BoardCanvas(100, 50, layers=("chart",), shrinks=False)
    roomy.draw("chart", Drawing().text("3", 0, 0, font="10px sans-serif").text("4", 0, 0, font="12px sans-serif").ops)
    assert roomy.painted_sizes() == {"chart": [16.0, 18.0]} and roomy.canvas.width == 150
