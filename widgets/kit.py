"""The widget kit: DistView, RulePanel, ValidatedText and small helpers (lessons are screens:
:mod:`pirates_lab.widgets.lesson`).

Models are plain Python (a :class:`~pirates_lab.core.Dist`, a parse function); views observe them.
Every callback that could fail shows its message in the widget (never in a log) and changes nothing.
"""
from __future__ import annotations

import functools
import html
import math
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from pirates_lab.core import Dist
from pirates_lab.core.rules import rulebook

from .numbers import percent_text, short_fraction

__all__ = ["DistView", "RulePanel", "assumption_box", "ValidatedText", "guard", "error_html", "dist_rows",
           "growing_chart", "probability_ticks", "thinking", "THINKING_AFTER_S"]

ERROR_STYLE = "color:#b22222;font-weight:600"


def error_html(message: str) -> str:
    return f"<span class='pl-error' style='{ERROR_STYLE}'>⚠ {html.escape(str(message))}</span>"


def guard(message_widget: widgets.HTML):
    """Decorator for callbacks: an exception is shown in ``message_widget``; nothing else happens."""

    def wrap(callback: Callable) -> Callable:
        @functools.wraps(callback)
        def run(*args, **kwargs):
            try:
                result = callback(*args, **kwargs)
            except Exception as error:
                message_widget.value = error_html(error)
                return None
            message_widget.value = ""
            return result

        return run

    return wrap


#: a move answered within this many seconds shows no "thinking…" state (issue 39: answered within 0.3 s)
THINKING_AFTER_S = 0.3
THINKING = "<span class='pl-thinking' style='color:#6b4f2a;font-weight:600'>⏳ thinking…</span>"


@contextmanager
def thinking(status: widgets.HTML, *controls: widgets.Widget, after: float = THINKING_AFTER_S,
             words: str = "thinking…") -> Iterator[None]:
    """A slow move's state: ``controls`` (the buttons that would start it again) are disabled at once, so a
    second click cannot be refused; if the move takes longer than ``after`` seconds, ``status`` says
    "⏳ thinking…" until it is done.  Afterwards the controls are as they were and the words are gone.

    >>> status, button = widgets.HTML(), widgets.Button(description="Roll")
    >>> with thinking(status, button, after=0):
    ...     import time; time.sleep(0.05); (button.disabled, "thinking" in status.value)
    (True, True)
    >>> button.disabled, status.value
    (False, '')
    """
    before = [getattr(control, "disabled", None) for control in controls]
    for control in controls:
        if hasattr(control, "disabled"):
            control.disabled = True
    shown = THINKING.replace("thinking…", html.escape(words))
    timer = threading.Timer(after, lambda: setattr(status, "value", shown))
    timer.daemon = True
    if after <= 0:
        status.value = shown
    else:
        timer.start()
    try:
        yield
    finally:
        timer.cancel()
        if timer.is_alive():
            timer.join()
        if status.value == shown:
            status.value = ""
        for control, was in zip(controls, before):
            if was is not None:
                control.disabled = was


# ---------------------------------------------------------------- DistView
def dist_rows(dist: Dist, describe: Callable[[Any], str] = str, limit: int = 40) -> list[tuple[str, Fraction]]:
    """(label, exact probability) rows for display; beyond ``limit`` outcomes, the rest is one row."""
    rows = [(describe(o), p) for o, p in dist.items()]
    if len(rows) > limit:
        rows.sort(key=lambda r: -r[1])
        rest = sum((p for _, p in rows[limit - 1:]), Fraction(0))
        rows = rows[:limit - 1] + [(f"{len(dist) - limit + 1} others", rest)]
    return rows


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, Fraction)) and not isinstance(x, bool)


#: a chart shown beside its table may be this much narrower than asked (so the table fits beside it)
BESIDE_SHRINK = 0.25


class DistView(widgets.HBox):
    """A bqplot bar chart and a table (percent first, exact beside it) of a Dist; set ``.dist`` to update.

    Numeric outcomes sit on a numeric axis (sorted as numbers, ticks thinned so labels never
    overlap, the outer bars whole); other outcomes are labelled bars in the Dist's order.  The
    probability axis starts at 0 % with round ticks.  The table is shown whole up to 20 rows (a longer
    one: its top rows and a visible "show all N rows"), beside the chart when there is room (the chart gives up
    to a quarter of its width for it: :data:`BESIDE_SHRINK`).  With
    Large fonts the chart grows 1.5 times (see :data:`~pirates_lab.widgets.canvas.CANVAS_TEXT`).

    >>> view = DistView(Dist.die(6), title="One die")
    >>> view.table_rows()[0]
    ('1', Fraction(1, 6))
    >>> view.title = "Two dice"; view.chart.title
    'Two dice'
    """

    def __init__(self, dist: Dist | None = None, *, title: str = "", describe: Callable[[Any], str] | None = None,
                 width: int = 420, height: int = 240, show_table: bool = True, max_bars: int = 60,
                 show_chart: bool = True):
        import bqplot

        self.describe = describe or _describe
        self.max_bars = max_bars
        self.width, self.height = width, height
        self.x_numeric = bqplot.LinearScale()
        self.x_labels = bqplot.OrdinalScale()
        self.y_scale = bqplot.LinearScale(min=0)
        self.bars = bqplot.Bars(x=[0], y=[0], scales={"x": self.x_labels, "y": self.y_scale}, colors=["#8b5a2b"],
                                padding=0.15, tooltip=bqplot.Tooltip(fields=["x", "y"], formats=["", ".2%"]))
        self.x_axis = bqplot.Axis(scale=self.x_labels, label="", tick_style={"font-size": "13px"})
        self.y_axis = bqplot.Axis(scale=self.y_scale, side="left", tick_format=".0%",
                                  tick_style={"font-size": "13px"})
        self.chart = bqplot.Figure(marks=[self.bars], axes=[self.x_axis, self.y_axis], title=title,
                                   fig_margin={"top": 36, "bottom": 48, "left": 56, "right": 12},
                                   layout=widgets.Layout(width=f"{width}px", max_width="100%", height=f"{height}px"),
                                   title_style={"font-size": "15px"})
        self.chart.add_class("pl-dist-chart")
        self.table = widgets.HTML()
        self.table.add_class("pl-dist-table")
        self.show_table = show_table
        self._dist: Dist | None = None
        self._rows = 0
        shown = ([self.chart] if show_chart else []) + ([self.table] if show_table or not show_chart else [])
        super().__init__(shown,
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", max_width="100%"))
        self.add_class("pl-dist-view")
        self.layout.observe(lambda _: self._size(), names="flex_flow")     # a column puts the table under the chart
        _LIVE_CHARTS.add(self)
        if dist is not None:
            self.dist = dist

    @property
    def title(self) -> str:
        """The chart's title (setting it retitles the chart: titles follow the data)."""
        return self.chart.title

    @title.setter
    def title(self, text: str) -> None:
        self.chart.title = str(text)

    @property
    def dist(self) -> Dist | None:
        return self._dist

    @dist.setter
    def dist(self, dist: Dist) -> None:
        if not isinstance(dist, Dist):
            raise TypeError(f"DistView shows a Dist, not {type(dist).__name__}")
        self._dist = dist
        self.table.value = self._table_for(dist)
        self._chart_for(dist)

    def chart_points(self) -> tuple[list, list[float], bool]:
        """(x values, probabilities, numeric axis?) as drawn: numbers sorted as numbers."""
        dist = self._dist
        outcomes = list(dist.outcomes())
        if outcomes and all(_is_number(o) for o in outcomes) and len(outcomes) <= 400:
            xs = sorted(outcomes)
            return [float(x) for x in xs], [float(dist[x]) for x in xs], True
        rows = dist_rows(dist, self.describe, limit=self.max_bars)
        return [label for label, _ in rows], [float(p) for _, p in rows], False

    def _chart_for(self, dist: Dist) -> None:
        """Numbers: vertical bars on a numeric axis.  Words: horizontal bars, each label on its own line at
        the left (never rotated, never overlapping; long labels shortened, the table keeps them whole)."""
        xs, ys, numeric = self.chart_points()
        scale = self.x_numeric if numeric else self.x_labels
        if not numeric:
            xs = _short_labels(xs)
        self._rows = len(xs)
        with self.bars.hold_sync():
            self.bars.scales = {"x": scale, "y": self.y_scale}
            self.bars.orientation = "vertical" if numeric else "horizontal"
            self.bars.x, self.bars.y = xs, ys
        self.x_axis.scale = scale
        self.x_axis.tick_rotate = 0
        if numeric:
            step = min((b - a for a, b in zip(xs, xs[1:])), default=1.0) or 1.0
            self.x_numeric.min, self.x_numeric.max = xs[0] - step / 2, xs[-1] + step / 2   # the outer bars whole
            self.x_axis.side, self.y_axis.side = "bottom", "left"
            self.x_axis.tick_values = _thin_ticks(xs, 12)
            self.x_axis.tick_format = "d" if all(float(x).is_integer() for x in xs) else ".2f"
        else:
            self.x_axis.side, self.y_axis.side = "left", "bottom"
            self.x_axis.tick_values = list(xs)
            self.x_axis.tick_format = ""
        top, ticks, form = probability_ticks(max(ys, default=0.0))
        self.y_scale.min, self.y_scale.max = 0.0, top        # from 0 %, never past 100 %
        self.y_axis.tick_values = ticks
        self.y_axis.tick_format = form
        self._size()

    def _size(self) -> None:
        """Chart size and margins for the data and the text size (Large fonts: 1.5 times, labels at 16 px+)."""
        from .canvas import CANVAS_TEXT

        grow = CANVAS_TEXT.factor()
        width, height = round(self.width * grow), round(self.height * grow)
        if self.bars.orientation == "vertical":
            self.chart.fig_margin = {"top": round(36 * grow), "bottom": round(40 * grow), "left": round(56 * grow),
                                     "right": round(16 * grow)}
        else:
            longest = max((len(str(x)) for x in self.bars.x), default=1)
            # room for the longest label (about 8 px a character at 13 px, 12 at 18 px)
            self.chart.fig_margin = {"top": round(36 * grow), "bottom": round(40 * grow),
                                     "left": min(round(280 * grow), round((16 + 8 * longest) * grow)),
                                     "right": round(24 * grow)}
            height = max(height, min(round(640 * grow), round((30 * self._rows + 80) * grow)))
        self.chart.layout.width, self.chart.layout.height = f"{width}px", f"{height}px"
        beside = (self.table in self.children and self.chart in self.children
                  and not str(self.layout.flex_flow or "row").startswith("column"))
        # beside its table, the chart gives up to a quarter of its width before the table drops below it
        self.chart.layout.flex = f"1 1 {round(width * (1 - BESIDE_SHRINK))}px" if beside else None
        self.chart.layout.max_width = f"{width}px" if beside else "100%"

    def table_rows(self) -> list[tuple[str, Fraction]]:
        return dist_rows(self._dist, self.describe, limit=200) if self._dist is not None else []

    def _table_for(self, dist: Dist) -> str:
        from .shown import TOP_ROWS, WHOLE_ROWS

        def row(label: str, p: Fraction) -> str:
            return (f"<tr><td>{html.escape(label)}</td><td style='text-align:right;white-space:nowrap'>"
                    f"{html.escape(percent_text(p))}</td>"
                    f"<td class='pl-exact' data-exact='{p}'>{_exact_cell(p)}</td></tr>")

        rows = self.table_rows()
        shown, rest = (rows, []) if len(rows) <= WHOLE_ROWS else (rows[:TOP_ROWS], rows[TOP_ROWS:])
        head = "<thead><tr><th>outcome</th><th>chance</th><th>exact</th></tr></thead>"
        table = (f"<table class='pl-dist' style='border-collapse:collapse'>{head}<tbody>"
                 + "".join(row(label, p) for label, p in shown) + "</tbody></table>")
        if rest:
            table += (f"<details class='pl-show-all'><summary>show all {len(rows):,} rows</summary>"
                      f"<table class='pl-dist' style='border-collapse:collapse'><tbody>"
                      + "".join(row(label, p) for label, p in rest) + "</tbody></table></details>")
        return f"<div class='pl-dist-table-box' style='max-width:100%;padding:0 8px'>{table}</div>"

    def table_html(self) -> str:
        return self.table.value


_LIVE_CHARTS: "weakref.WeakSet[DistView]" = weakref.WeakSet()


def _resize_live_charts(change=None) -> None:
    for view in list(_LIVE_CHARTS):
        if view.comm is not None and getattr(view.chart, "comm", None) is not None:
            view._size()


class _ChartSize:
    """A bqplot figure's size at normal fonts; :func:`growing_chart` keeps it 1.5 times that with Large fonts."""

    def __init__(self, figure, width: int, height: int, margin: dict | None):
        self.chart = self.figure = figure
        self.width, self.height, self.margin = width, height, dict(margin or figure.fig_margin or {})

    @property
    def comm(self):
        return self.figure.comm

    def _size(self) -> None:
        from .canvas import CANVAS_TEXT

        grow = CANVAS_TEXT.factor()
        self.figure.layout.width = f"{round(self.width * grow)}px"
        self.figure.layout.height = f"{round(self.height * grow)}px"
        self.figure.layout.max_width = "100%"
        if self.margin:
            self.figure.fig_margin = {k: round(v * grow) for k, v in self.margin.items()}


def growing_chart(figure, width: int, height: int, margin: dict | None = None):
    """Make any bqplot ``Figure`` grow with Large fonts like the kit's charts (``width`` x ``height`` px at
    normal size, 1.5 times with Large fonts, never wider than its box); returns the figure.

    >>> import bqplot
    >>> figure = growing_chart(bqplot.Figure(), 400, 200)
    >>> figure.layout.width, figure.layout.max_width
    ('400px', '100%')
    """
    size = _ChartSize(figure, width, height, margin)
    figure._pl_chart_size = size          # the figure keeps its size rule alive; the registry holds it weakly
    _LIVE_CHARTS.add(size)
    size._size()
    return figure


def _watch_large_fonts() -> None:
    from .canvas import CANVAS_TEXT

    CANVAS_TEXT.observe(_resize_live_charts, names=["large", "grow"])


_watch_large_fonts()


def _describe(outcome: Any) -> str:
    """An outcome in words: whole numbers with thousands separators (216,000), tuples as their parts."""
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return f"{outcome:,}"
    if isinstance(outcome, tuple):
        return " ".join(_describe(part) for part in outcome)
    return str(outcome)


def probability_ticks(top: float) -> tuple[float, list[float], str]:
    """A probability axis from 0 with at most six round ticks: (axis top, ticks, tick format).

    >>> probability_ticks(0.19)
    (0.2, [0.0, 0.05, 0.1, 0.15, 0.2], '.0%')
    >>> probability_ticks(1.0)[0], probability_ticks(0.0)[1], probability_ticks(0.004)[2]
    (1.0, [0.0, 0.01], '.1%')
    """
    top = min(1.0, max(0.0, float(top)))
    if top == 0:
        return 0.01, [0.0, 0.01], ".0%"
    for step in (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25):
        if top <= step * 5 + 1e-12:
            break
    n = max(1, math.ceil(top / step - 1e-9))
    ticks = [round(k * step, 6) for k in range(n + 1)]
    return min(1.0, ticks[-1]), [t for t in ticks if t <= 1.0], ".1%" if step < 0.01 else ".0%"


def _exact_cell(p: Fraction) -> str:
    """A short exact fraction, or a long one folded in a <details> a reader can open."""
    short = short_fraction(p)
    if short is not None:
        return f"<span style='white-space:nowrap'>{html.escape(short)}</span>"      # a fraction never wraps
    return (f"<details class='pl-long-fraction'><summary>{len(str(p))} digits</summary>"
            f"<span style='display:inline-block;max-width:10ch;word-break:break-all'>{p}</span></details>")


def _short_labels(labels: list, most: int = 24) -> list:
    """Labels of at most ``most`` characters (shortened with …), kept distinct."""
    out, seen = [], set()
    for label in labels:
        text = str(label)
        short = text if len(text) <= most else text[:most - 1].rstrip() + "…"
        n = 2
        while short in seen:
            short = f"{text[:most - 4].rstrip()}… {n}"
            n += 1
        seen.add(short)
        out.append(short)
    return out


def _thin_ticks(xs: list, most: int) -> list:
    """At most ``most`` evenly spaced ticks from ``xs`` (all of them when they fit)."""
    if len(xs) <= most:
        return list(xs)
    step = -(-len(xs) // most)
    return list(xs[::step])


# ---------------------------------------------------------------- rules and assumptions
class RulePanel(widgets.VBox):
    """The text of a rulebook section, cited by its heading exactly as printed."""

    def __init__(self, game: str, heading: str, occurrence: int = 1):
        section = rulebook(game).find(heading, occurrence)
        self.game, self.heading, self.text = game, heading, section.text
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in section.body.split("\n") if p.strip())
        self.html = widgets.HTML(
            f"<div class='pl-rule' style='border-left:4px solid #8b5a2b;padding:4px 12px;background:#fbf7ef'>"
            f"<div style='font-size:0.85em;color:#6b4f2a'>Rules: {html.escape(rulebook(game).title)} › {html.escape(heading)}</div>"
            f"{paragraphs or '<p><em>(a heading with no text of its own)</em></p>'}</div>")
        super().__init__([self.html])
        self.add_class("pl-rule-panel")


def assumption_box(text: str, title: str = "House rule / assumption") -> widgets.HTML:
    """A visible box for a choice the rulebook does not make for us."""
    box = widgets.HTML(
        f"<div class='pl-assumption' style='border:2px dashed #c98a00;background:#fff8e1;padding:6px 10px'>"
        f"<strong>⚓ {html.escape(title)}:</strong> {html.escape(text)}</div>")
    box.add_class("pl-assumption-box")
    return box


# ---------------------------------------------------------------- inputs
class ValidatedText(widgets.VBox):
    """A text box whose value is parsed; a bad value shows a message and changes nothing.

    >>> seen = []
    >>> box = ValidatedText(int, seen.append, value="3")
    >>> box.text.value = "seven"; box.value, seen
    (3, [])
    >>> box.text.value = "7"; box.value, seen
    (7, [7])
    """

    def __init__(self, parse: Callable[[str], Any], on_valid: Callable[[Any], None] | None = None, *,
                 value: str = "", description: str = "", placeholder: str = ""):
        self.parse = parse
        self.on_valid = on_valid
        self.text = widgets.Text(value=value, description=description, placeholder=placeholder,
                                 continuous_update=False, style={"description_width": "initial"})
        self.message = widgets.HTML("")
        self.value = parse(value) if value else None
        self.text.observe(self._changed, names="value")
        super().__init__([self.text, self.message])
        self.add_class("pl-validated")

    def _changed(self, change) -> None:
        try:
            value = self.parse(change["new"])
            if self.on_valid is not None:
                self.on_valid(value)
        except Exception as error:
            self.message.value = error_html(error)
            return
        self.value = value
        self.message.value = ""
