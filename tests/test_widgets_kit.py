"""The widget kit in plain pytest: set values, click buttons, check models and draw operations."""
from fractions import Fraction

import ipywidgets as widgets
import pytest

from pirates_lab.core import Dist, InvalidInput, parse_dice
from pirates_lab.widgets import (BoardCanvas, DistView, Drawing, RulePanel, ValidatedText, assumption_box, dist_rows,
                                 guard, rasterize, reset_canvas_manager)
from pirates_lab.widgets.numbers import answer_matches
from pirates_lab.widgets.dice import DiceExperiment, DiceLab, dice_for_people, sorted_comparison
from pirates_lab.widgets.drawing import axial_to_pixel, bar_chart_ops, pixel_to_axial, shade


def test_dist_view_updates_chart_and_table_live():
    view = DistView(Dist.die(6), title="d6")
    assert view.table_rows()[0] == ("1", Fraction(1, 6))
    assert list(view.bars.y) == [pytest.approx(1 / 6)] * 6 and view.chart.title == "d6"
    view.dist = Dist.die(6) + Dist.die(6)
    assert len(view.table_rows()) == 11 and "1/6" in view.table.value
    assert list(view.bars.x) == list(range(2, 13)) and view.bars.scales["x"] is view.x_numeric
    assert view.table.value.index("16.67%") < view.table.value.index("1/6")   # percent first
    with pytest.raises(TypeError):
        view.dist = {1: 0.5}


def test_dist_view_sorts_numbers_as_numbers_and_thins_crowded_labels():
    view = DistView(Dist.from_weights({15: 1, 3: 1, 10: 2}))
    assert list(view.bars.x) == [3, 10, 15]                     # not "10", "15", "3"
    view.dist = Dist.die(40)
    assert len(view.x_axis.tick_values) <= 12 and view.x_axis.tick_values[0] == 1
    view.dist = Dist.uniform(["sunk", "fled", "captured"])
    assert view.bars.scales["x"] is view.x_labels and sorted(view.bars.x) == ["captured", "fled", "sunk"]


def test_long_exact_fractions_are_on_demand_only():
    from pirates_lab.widgets.numbers import friendly, friendly_html
    tiny = Fraction(1, 3 ** 40)
    assert "<details" in friendly_html(tiny) and str(tiny) not in friendly(tiny)
    assert friendly(Fraction(5, 12)) == "41.67% (5/12)" and friendly(1 - Fraction(1, 10 ** 9)).startswith("> 99.99%")


def test_dist_rows_groups_the_tail_exactly():
    rows = dist_rows(Dist.die(100), limit=10)
    assert len(rows) == 10 and rows[-1] == ("91 others", Fraction(91, 100))
    assert sum(p for _, p in rows) == 1


def test_bar_chart_pixels_are_drawn_where_the_bars_are():
    ops = bar_chart_ops([("a", 0.25), ("b", 0.75)], 200, 100)
    image = rasterize(ops, 200, 100)
    assert image.getpixel((150, 60)) == (59, 110, 165)   # the tall bar
    assert image.getpixel((50, 30)) == (255, 255, 255)   # above the short bar


def test_rule_panel_quotes_the_cited_section():
    panel = RulePanel("pillage_and_plunder", "Stage 4: The Mêlée")
    assert "Rules: Pillage &amp; Plunder › Stage 4: The Mêlée" in panel.html.value
    assert "cutlasses and pistols" in panel.html.value
    with pytest.raises(KeyError):
        RulePanel("pillage_and_plunder", "Stage 9")
    assert "House rule" in assumption_box("Three copies of each clue card.").value


def test_validated_text_shows_errors_and_keeps_the_last_good_value():
    seen = []
    box = ValidatedText(parse_dice, seen.append, value="2d6")
    box.text.value = "2d6kh9"
    assert "Keep between 1 and 2" in box.message.value and box.value == parse_dice("2d6") and seen == []
    box.text.value = "d20"
    assert box.message.value == "" and box.value == Dist.die(20) and seen == [Dist.die(20)]


def test_guard_shows_the_error_in_place():
    message = widgets.HTML()

    @guard(message)
    def explode():
        raise InvalidInput("no such ship")

    assert explode() is None and "no such ship" in message.value


def test_an_answer_matches_as_percent_decimal_or_fraction():
    check = lambda typed: answer_matches(typed, Fraction(1, 4))                   # noqa: E731
    assert check("25%") and check("0.25") and check("1/4") and not check("1/3")


@pytest.mark.parametrize("typed, ok", [("41.67%", True), ("5/12", True), ("5 / 12", True), ("0.4167", True),
                                       ("0.417", True), ("41.7%", True), ("42%", True), ("0.42", True),
                                       ("0.4", False), ("41.66%", False), ("41%", False), ("5/13", False)])
def test_the_checker_accepts_what_the_screen_shows_to_its_precision(typed, ok):
    assert answer_matches(typed, Fraction(5, 12)) is ok


@pytest.mark.parametrize("typed", ["216,000", "216000", "216000.0"])
def test_the_checker_accepts_thousands_separators(typed):
    assert answer_matches(typed, Fraction(216000))
    assert not answer_matches("216,001", Fraction(216000)) and not answer_matches("21,6000", Fraction(216000))


def test_board_canvas_layers_clicks_and_errors():
    board = BoardCanvas(300, 200, to_board=lambda x, y: pixel_to_axial(x, y, 20, (150, 100)))
    board.draw("background", Drawing().rect(0, 0, 300, 200, fill="#88aacc").ops)
    board.draw("pieces", Drawing().circle(150, 100, 10, fill="#000000").ops)
    assert [op.kind for op in board.ops["pieces"]] == ["circle"]
    clicked = []
    board.on_click(clicked.append)
    board.click(*axial_to_pixel(2, -1, 20, (150, 100)))
    assert clicked == [(2, -1)] and board.message.value == ""

    def refuse(position):
        raise ValueError("That hex is land.")

    board.on_click(refuse)
    board.click(150, 100)
    assert "That hex is land." in board.message.value
    with pytest.raises(KeyError):
        board.draw("sky", ())



def test_redraw_for_a_late_client_resets_the_manager_and_replays_every_layer(monkeypatch):
    import pirates_lab.widgets.canvas as canvas_module

    board = BoardCanvas(100, 100)
    board.draw("background", Drawing().rect(0, 0, 100, 100, fill="#88aacc").ops)
    reset, replayed = [], []
    monkeypatch.setattr(canvas_module, "reset_canvas_manager", reset.append)
    monkeypatch.setattr(canvas_module, "replay", lambda canvas, ops, text: replayed.append((canvas, ops)))
    board.redraw()
    assert reset == [board.layer("background"), board.layer("pieces")]
    assert replayed == [(board.layer("background"), board.ops["background"]), (board.layer("pieces"), ())]


def test_reset_canvas_manager_forgets_the_current_canvas():
    board = BoardCanvas(10, 10)
    canvas = board.layer("pieces")
    canvas._canvas_manager._current_canvas = canvas
    reset_canvas_manager(canvas)
    assert canvas._canvas_manager._current_canvas is None


@pytest.mark.parametrize("q, r", [(0, 0), (3, -1), (-4, 4), (2, 2), (-1, -3)])
def test_hex_pixel_round_trip(q, r):
    assert pixel_to_axial(*axial_to_pixel(q, r, 17, (200, 150)), 17, (200, 150)) == (q, r)


def test_shade_goes_from_low_to_high():
    assert shade(0) == "#f4f1e8" and shade(1) == "#b22222" and shade(2) == "#b22222"


def test_dice_lab_rolls_and_converges():
    lab = DiceLab("2d6", seed=3)
    lab.expression.text.value = "d6"
    assert lab.experiment.dist == Dist.die(6) and lab.exact.dist == Dist.die(6)
    lab.buttons[1].click()                      # 10,000 rolls
    assert lab.experiment.rolls == 10_000 and lab.experiment.max_z_score() < 4
    assert "10,000 rolls" in lab.status.value
    lab.expression.text.value = "banana"
    assert "not dice notation" in lab.expression.message.value and lab.experiment.rolls == 10_000
    lab.examples.value = "3d6kh2"
    assert lab.experiment.dist == parse_dice("3d6kh2") and lab.experiment.rolls == 0
    with pytest.raises(InvalidInput):
        DiceExperiment(Dist.die(6)).roll(0)


def test_the_comparison_chart_is_bqplot_with_exact_outlines_and_rolled_bars():
    lab = DiceLab("d4", seed=1)
    lab.roll(400)
    chart = lab.comparison
    assert list(chart.exact.x) == [1, 2, 3, 4] and list(chart.exact.y) == [0.25] * 4 and chart.exact.fill is False
    assert sum(chart.rolled.y) == pytest.approx(1) and sum(lab.experiment.counts.values()) == 400
    assert (chart.x.min, chart.x.max) == (0.5, 4.5)                       # the outer bars whole
    assert chart.chart.title == "d4 rolled 400 times"
    assert chart.y.min == 0 and chart.y_axis.tick_values[0] == 0 and chart.y.max == chart.y_axis.tick_values[-1]


def test_titles_follow_the_data():
    lab = DiceLab("2d6")
    lab.examples.value = "3d6kh2"
    assert lab.exact.chart.title == "Exact: 3d6kh2" and lab.comparison.chart.title.startswith("3d6kh2 ")
    lab.expression.text.value = "d20 + 4"
    assert lab.exact.title == "Exact: d20 + 4"


@pytest.mark.parametrize("typed, says", [("-5", "has no dice"), ("7", "has no dice"), ("-1d6", "starts by taking"),
                                         ("3d6kh4", "Keep between 1 and 3")])
def test_dice_notation_for_people_refuses_what_is_not_dice(typed, says):
    with pytest.raises(InvalidInput, match=says):
        dice_for_people(typed)
    lab = DiceLab("2d6")
    lab.expression.text.value = typed
    assert says in lab.expression.message.value and lab.experiment.dist == parse_dice("2d6")


def test_dice_notation_keeps_modifiers_after_dice():
    assert dice_for_people("2d6-1") == parse_dice("2d6") .map(lambda x: x - 1)
    assert dice_for_people("d6 - d4").mean() == Fraction(1)


def test_monte_carlo_is_shown_as_counts():
    from pirates_lab.widgets.dice import rolled_html, rolled_table
    experiment = DiceExperiment(Dist.die(2), seed=5)
    experiment.roll(20_000)
    rows = rolled_table(experiment)
    heads = experiment.counts[1]
    assert rows[0] == (1, Fraction(1, 2), f"{heads:,} of 20,000 rolls")
    assert f"{heads:,} of 20,000 rolls" in rolled_html(experiment) and "/20000" not in rolled_html(experiment)


def test_the_progress_of_a_long_roll_is_a_progress_bar_not_text():
    seen = []
    DiceExperiment(Dist.die(6), seed=1).roll(12_000, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(5_000, 12_000), (10_000, 12_000), (12_000, 12_000)]
    lab = DiceLab("d6")
    lab.buttons[2].click()
    assert lab.progress.value == lab.progress.max == 100_000 and lab.progress.layout.visibility == "hidden"


def test_sorted_comparison_ties():
    assert sorted_comparison(1, 1, ties_to="attacker")[1] == Fraction(21, 36)
    assert sorted_comparison(1, 1, ties_to="defender")[1] == Fraction(15, 36)
    with pytest.raises(InvalidInput):
        sorted_comparison(1, 1, ties_to="nobody")


class RecordingCanvas:
    """Stands in for an ipycanvas Canvas: records method calls and style settings."""

    def __init__(self):
        self.calls = []

    def __setattr__(self, name, value):
        if name != "calls":
            self.calls.append((name, value))
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        return lambda *args: self.calls.append((name, args))


def test_replay_sends_each_operation_to_the_canvas():
    from pirates_lab.widgets.drawing import replay

    ops = (Drawing().clear().rect(1, 2, 3, 4, fill="#111111", stroke="#222222").circle(5, 6, 7, stroke="#333333")
           .polygon([(0, 0), (1, 0), (0, 1)], fill="#444444").line(0, 0, 9, 9).text("hi", 3, 3, align="center").ops)
    canvas = RecordingCanvas()
    replay(canvas, ops)
    methods = [c for c in canvas.calls if isinstance(c[1], tuple)]
    assert methods == [("clear", ()), ("fill_rect", (1, 2, 3, 4)), ("stroke_rect", (1, 2, 3, 4)),
                       ("stroke_circle", (5, 6, 7)), ("fill_polygon", ([(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],)),
                       ("stroke_line", (0, 0, 9, 9)), ("fill_text", ("hi", 3, 3))]
    assert ("fill_style", "#111111") in canvas.calls and ("text_align", "center") in canvas.calls
    with pytest.raises(ValueError, match="unknown draw op"):
        from pirates_lab.widgets.drawing import DrawOp
        replay(RecordingCanvas(), [DrawOp("sparkle", ())])


def test_the_projector_theme_is_high_contrast_and_independent_of_large_fonts():
    from pirates_lab.widgets.presenter import PresenterBar, projector_css
    bar = PresenterBar(large=False)
    bar.contrast.value = True
    assert bar.css.value == f"<style>{projector_css()}</style>"
    bar.toggle.value = True
    assert "--jp-widgets-font-size" in bar.css.value and projector_css() in bar.css.value
    assert "font-size:18px" in bar.css.value or "font-size:16px" in bar.css.value   # chart labels >= 16 px
    bar.contrast.value = bar.toggle.value = False
    assert bar.css.value == ""


def test_show_never_prints_a_python_repr():
    from pirates_lab.widgets.numbers import show
    box = show("P(five or six)", Fraction(1, 3))
    assert "33.33% (1/3)" in box.value and "Fraction" not in box.value
    table = show("totals", {2: Fraction(1, 36), 12: 216000})
    assert "2.78% (1/36)" in table.value and "216,000" in table.value and "{" not in table.value


def test_word_outcomes_are_horizontal_bars_with_whole_labels_on_the_left():
    view = DistView(Dist.uniform(["attacker wins mêlée", "defender escapes", "a very long outcome name indeed, too long"]))
    assert view.bars.orientation == "horizontal" and view.x_axis.side == "left" and view.x_axis.tick_rotate == 0
    assert max(len(x) for x in view.bars.x) <= 24 and len(set(view.bars.x)) == 3
    assert view.chart.fig_margin["left"] >= 8 * 19           # room for "attacker wins mêlée"
    view.dist = Dist.die(6)
    assert view.bars.orientation == "vertical" and view.x_axis.side == "bottom"


def test_any_bqplot_chart_can_grow_with_large_fonts():
    import bqplot

    from pirates_lab.widgets.canvas import CANVAS_TEXT
    from pirates_lab.widgets.kit import growing_chart

    figure = growing_chart(bqplot.Figure(fig_margin={"top": 20, "bottom": 30, "left": 40, "right": 10}), 400, 200)
    view = DistView(Dist.die(6), width=300, height=150)
    assert (figure.layout.width, figure.layout.height, view.chart.layout.width) == ("400px", "200px", "300px")
    CANVAS_TEXT.large = True
    assert (figure.layout.width, figure.layout.height, figure.fig_margin["left"]) == ("600px", "300px", 60)
    assert (view.chart.layout.width, view.chart.layout.height) == ("450px", "225px")
    CANVAS_TEXT.large = False
    assert figure.layout.width == "400px" and view.chart.layout.width == "300px"


@pytest.mark.parametrize("top, ticks", [(0.19, [0, 0.05, 0.1, 0.15, 0.2]), (0.7, [0, 0.2, 0.4, 0.6, 0.8]),
                                        (1.0, [0, 0.2, 0.4, 0.6, 0.8, 1.0]), (0.03, [0, 0.01, 0.02, 0.03])])
def test_probability_axes_start_at_0_with_round_ticks(top, ticks):
    from pirates_lab.widgets.kit import probability_ticks
    axis_top, shown, form = probability_ticks(top)
    assert shown == pytest.approx(ticks) and axis_top == pytest.approx(ticks[-1]) and axis_top >= top
    hits = round(top * 100)
    view = DistView(Dist.from_weights({0: 100 - hits, 1: hits}) if hits < 100 else Dist.certain(1))
    assert view.y_scale.min == 0 and view.y_axis.tick_values[0] == 0 and view.y_scale.max <= 1


def test_a_long_table_shows_its_top_rows_and_a_visible_show_all():
    view = DistView(Dist.die(30))
    assert view.table.value.count("<tr>") == 1 + 30 and "show all 30 rows" in view.table.value
    assert "max-height" not in view.table.value and "overflow" not in view.table.value     # no scroll box
    assert "show all" not in DistView(Dist.die(20)).table.value


def test_a_toggle_set_picks_by_tapping_and_keeps_to_its_limit():
    from pirates_lab.widgets.controls import ToggleSet

    hand = ToggleSet(["a", "b", "c"], value=["c"], most=2)
    assert hand.value == ("c",) and not any(b.disabled for b in hand.buttons)
    hand.buttons[0].value = True
    assert hand.value == ("a", "c") and hand.buttons[1].disabled          # the limit: only un-choosing is left
    hand.buttons[2].value = False
    assert hand.value == ("a",) and not hand.buttons[1].disabled
    with pytest.raises(InvalidInput):
        ToggleSet(["a", "a"])
    with pytest.raises(InvalidInput):
        ToggleSet(["a"], most=0)


@pytest.mark.parametrize("value, low, high", [(0, 1, 5), (3, 5, 1), (True, 0, 1)])
def test_a_rule_slider_refuses_limits_that_make_no_sense(value, low, high):
    from pirates_lab.widgets.controls import rule_slider
    with pytest.raises(InvalidInput):
        rule_slider("crew", value, low, high)


def test_a_why_line_s_words_wrap_and_its_number_does_not():
    """Issue 19: '41.68% (the exact fraction is too long to show)' fits a 1024 px page: only the number is kept
    on one line; a short exact fraction is kept whole too."""
    import re as _re
    from pirates_lab.core.why import Why
    from pirates_lab.widgets.why import WHY_CSS, why_html

    rules = dict(_re.findall(r"([^{}]+)\{([^}]*)\}", WHY_CSS))
    assert "nowrap" not in rules[".pl-why .pl-why-p"]
    assert "white-space:nowrap" in rules[".pl-why .pl-why-p b"] and "white-space:nowrap" in rules[".pl-why .pl-why-short"]
    long_one = why_html(Why("a long one", Fraction(416_800_001, 1_000_000_007)))
    words = _re.search(r"<span class='pl-why-exact'[^>]*>\(the exact fraction is too long to show\)</span>", long_one)
    assert words and "white-space" not in words.group()
    assert "<span class='pl-why-exact pl-why-short'>(1/3)</span>" in why_html(Why("short", Fraction(1, 3)))


def test_a_chart_beside_its_table_narrows_before_the_table_drops_below_it():
    """Large fonts at 1024 px: a 630 px chart and a 436 px table of long fractions did not fit side by side, so the
    table fell under the chart (a deck-draw screen 965 px tall); the chart may give a quarter of its width."""
    from math import comb

    from pirates_lab.widgets.canvas import CANVAS_TEXT

    deck = Dist.from_weights({k: comb(15, k) * comb(267, 5 - k) for k in range(6)})    # 15 marked of 282, draw 5
    view = DistView(deck)
    chart = view.chart.layout
    assert (chart.width, chart.flex, chart.max_width) == ("420px", "1 1 315px", "420px")
    assert view.layout.flex_flow == "row wrap"
    CANVAS_TEXT.large = True
    try:
        assert (view.chart.layout.width, view.chart.layout.flex, view.chart.layout.max_width) == \
            ("630px", "1 1 472px", "630px")
    finally:
        CANVAS_TEXT.large = False
    table = view.table.value
    assert "143/682907556" in table and "0.000021%" in table and "75.93%" in table and "19 digits" in table
    assert "display:inline-block;max-width:10ch" in table       # a fraction opened wraps in 10 digits
    view.layout.flex_flow = "column"                            # the table under the chart: the chart keeps its size
    assert (view.chart.layout.flex, view.chart.layout.max_width) == (None, "100%")
    alone = DistView(deck, show_table=False)
    assert (alone.chart.layout.flex, alone.chart.layout.max_width) == (None, "100%")
