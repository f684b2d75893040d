"""The Coach panel: each of your moves' chance to win (bars with their 95 % ranges), the move to play and why.

``CoachPanel(view_source, title)``: ``view_source()`` returns the seat's view to advise (a
:class:`~pirates_lab.core.SeatView`, never the state) or None when nobody here has a choice.  ``ask()`` thinks
in a background thread (a progress bar counts the playouts; the page keeps working) and shows:

- a bqplot chart: a bar per move (the best few when there are many), its chance to win, a whisker for its
  95 % range;
- the recommended move in words, and why (:func:`pirates_lab.lab.coach_why.why_lines`);
- **Think longer**: the budget doubles (refused in place when it would be too long to wait for).

GameTable shows it under its "Coach" toggle (:func:`attach_coach`); a lesson screen can show it beside any
position (:func:`coach_screen`).  The numbers come from the lab's :class:`~pirates_lab.lab.coach.Coach`.
"""
from __future__ import annotations

import html
import threading
from collections.abc import Callable

import ipywidgets as widgets

from pirates_lab.core import InvalidInput
from pirates_lab.lab.coach import DEFAULT_BUDGET, Coach, exact_text
from pirates_lab.lab.coach_why import why_lines

from .kit import error_html, growing_chart

__all__ = ["CoachPanel", "attach_coach", "coach_rows", "coach_chart", "BARS", "coach_screen", "coach_table"]

#: at most this many bars (the best moves); the rest are counted under the chart
BARS = 6
CHART_WIDTH = 900
LABEL_CHARS = 38


def _short(label: str, most: int = LABEL_CHARS) -> str:
    return label if len(label) <= most else label[:most - 1] + "…"


def coach_rows(advice, most: int = BARS) -> list[dict]:
    """The chart's rows, best first: ``label`` (shortened, kept distinct), ``rate``, ``low``, ``high``.

    >>> from pirates_lab.lab.coach import Advice, MoveEstimate
    >>> moves = tuple(MoveEstimate(m, m, 10, w, w / 10, w / 20, 0.9, 0, 0, 0) for m, w in (("bank 9", 6), ("roll", 4)))
    >>> [(r["label"], r["rate"]) for r in coach_rows(Advice(0, moves, 20, 10, 1, 10, "random", False))]
    [('1. bank 9', 0.6), ('2. roll', 0.4)]
    """
    return [{"label": f"{i + 1}. {_short(m.label)}", "rate": m.win_rate, "low": m.low, "high": m.high}
            for i, m in enumerate(advice.moves[:most])]


def coach_chart(rows: list[dict]):
    """A bqplot chart: a bar per move (chance to win), a black whisker for its 95 % range, 0 % to 100 %."""
    import bqplot

    x = bqplot.LinearScale(min=0.0, max=1.0)
    y = bqplot.OrdinalScale(reverse=True)
    labels = [r["label"] for r in rows]
    bars = bqplot.Bars(x=labels, y=[r["rate"] for r in rows], orientation="horizontal", colors=["#8b5a2b"],
                       scales={"x": y, "y": x}, padding=0.35)
    whiskers = bqplot.Lines(x=[[r["low"], r["high"]] for r in rows], y=[[r["label"]] * 2 for r in rows],
                            scales={"x": x, "y": y}, colors=["#1f1f1f"], stroke_width=4)
    from .canvas import CANVAS_TEXT

    ticks = {"font-size": f"{round(15 * CANVAS_TEXT.factor())}px", "fill": "#222"}     # Large fonts grow them too
    axes = [bqplot.Axis(scale=x, tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1.0],
                        tick_style=ticks),
            bqplot.Axis(scale=y, side="left", tick_style=ticks)]
    figure = bqplot.Figure(marks=[bars, whiskers], axes=axes)
    figure.add_class("pl-coach-chart")
    longest = max((len(label) for label in labels), default=10)
    return growing_chart(figure, CHART_WIDTH, 56 + 34 * max(1, len(rows)),
                         margin={"top": 10, "bottom": 36, "left": min(360, 24 + 9 * longest), "right": 24})


class CoachPanel(widgets.VBox):
    """The coach beside a position (see the module docstring).  ``threaded=False`` thinks in the caller's thread
    (tests); ``executor`` is handed to the lab's Coach (same answer, less time)."""

    def __init__(self, view_source: Callable[[], object], title: str = "", *, budget: int | None = None,
                 seed=0, threaded: bool = True, executor=None):
        self.view_source, self.title, self.budget, self.seed = view_source, title, budget, seed
        self.threaded, self.executor = threaded, executor
        self.advice = None
        self.position = None                    # what it was last asked about (GameTable: the state)
        self.thread: threading.Thread | None = None
        self._asked = 0                         # a newer question makes an older answer stale
        self.heading = widgets.HTML("<b>Coach</b>: each of your moves' chance to win, and the move to play.")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="100%",
                                                                                         max_width="520px",
                                                                                         display="none"))
        self.progress.add_class("pl-coach-progress")
        self.status = widgets.HTML()
        self.status.add_class("pl-coach-status")
        self.chart_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.best = widgets.HTML()
        self.best.add_class("pl-coach-best")
        self.why = widgets.HTML()
        self.why.add_class("pl-coach-why")
        self.ask_button = widgets.Button(description="Ask the coach", icon="question", button_style="primary",
                                         layout=widgets.Layout(width="auto"))
        self.ask_button.add_class("pl-coach-ask")
        self.longer_button = widgets.Button(description="Think longer", icon="hourglass",
                                            tooltip="Twice as many trial games: narrower ranges",
                                            layout=widgets.Layout(width="auto"), disabled=True)
        self.longer_button.add_class("pl-coach-longer")
        self.ask_button.on_click(lambda _: self.ask())
        self.longer_button.on_click(lambda _: self.think_longer())
        super().__init__([self.heading, widgets.HBox([self.ask_button, self.longer_button]), self.progress,
                          self.status, self.chart_box, self.best, self.why],
                         layout=widgets.Layout(width="100%", border="1px solid #d8c8b0", padding="4px 8px"))
        self.add_class("pl-coach")

    # ------------------------------------------------------------ thinking
    def ask(self) -> None:
        """Ask about the position ``view_source()`` gives now (in the background unless ``threaded=False``)."""
        try:
            coach = Coach(self.budget, executor=self.executor)
            view = self.view_source()
        except Exception as error:
            self.status.value = error_html(error)
            return
        if view is None or not getattr(view, "legal_actions", ()):
            self.clear("Nothing to decide for you here: the coach speaks when it is your move.")
            return
        self._asked += 1
        asked = self._asked
        moves = len(view.legal_actions)
        total = coach.samples_for(moves, view.game) * moves
        self.progress.max, self.progress.value = total, 0
        self.progress.layout.display = "flex"
        self.status.value = f"Thinking: {total:,} trial games for the {moves} moves…"
        self.ask_button.disabled = self.longer_button.disabled = True

        def work():
            try:
                advice = coach.advise(view, seed=self.seed, progress=lambda done, _: self._progress(asked, done))
            except Exception as error:
                self._finish(asked, None, error)
            else:
                self._finish(asked, advice, None)

        if self.threaded:
            self.thread = threading.Thread(target=work, name="coach-thinking", daemon=True)
            self.thread.start()
        else:
            work()

    def wait(self, timeout: float = 60) -> None:
        """Wait for the answer being thought about (tests, notebooks)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def think_longer(self) -> None:
        """Twice the budget, then ask again (refused in place if that is too long to wait for)."""
        budget = self.budget if self.budget is not None else (self.advice.budget if self.advice else DEFAULT_BUDGET)
        try:
            Coach(budget * 2)
        except InvalidInput as error:
            self.status.value = error_html(error)
            return
        self.budget = budget * 2
        self.ask()

    def _progress(self, asked: int, done: int) -> None:
        if asked == self._asked:
            self.progress.value = min(self.progress.max, done)

    def _finish(self, asked: int, advice, error) -> None:
        if asked != self._asked:                # the position changed while it thought: a newer question counts
            return
        self.progress.layout.display = "none"
        self.ask_button.disabled = False
        if error is not None:
            self.status.value = error_html(error)
            self.longer_button.disabled = False
            return
        self.longer_button.disabled = False
        self.show(advice)

    # ------------------------------------------------------------ showing
    def show(self, advice) -> None:
        """Draw an answer: the bars, the recommended move, why."""
        self.advice = advice
        rows = coach_rows(advice)
        ranked = (f" The moves are ranked by the game's own exact numbers ({html.escape(advice.exact_what)}), "
                  f"not by the bars." if advice.exact and advice.exact_what != "to win" else "")
        caption = widgets.HTML("<span style='color:#333'>Each bar: the move's chance to win; the black line: its "
                               f"95 % range.{ranked}</span>")
        caption.add_class("pl-coach-caption")
        self.chart_box.children = (coach_chart(rows), caption)
        more = len(advice.moves) - len(rows)
        shown = f"The {len(rows)} best of your {len(advice.moves)} moves. " if more else ""
        self.status.value = (f"<details class='pl-coach-how' style='color:#555'><summary>{shown}How the coach "
                             f"knows</summary>{html.escape(advice.how())}</details>")
        best = advice.best
        exact = (f", exactly {exact_text(best.exact, best.exact_unit)} {best.exact_what}" if best.exact is not None
                 else "")
        self.best.value = (f"<p style='font-size:1.15em;margin:6px 0'>Play <b>{html.escape(best.label)}</b>: "
                           f"{100 * best.win_rate:.0f} % to win (between {100 * best.low:.0f} and "
                           f"{100 * best.high:.0f} %){html.escape(exact)}.</p>")
        lines = why_lines(advice, self.title)
        self.why.value = ("<div><b>Why</b><ul style='margin:2px 0'>"
                          + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul></div>")

    def clear(self, note: str = "") -> None:
        """Forget the answer (the position changed): ask again for the new one."""
        self._asked += 1
        self.advice = None
        self.chart_box.children = ()
        self.best.value = self.why.value = ""
        self.progress.layout.display = "none"
        self.ask_button.disabled = False
        self.longer_button.disabled = True
        self.status.value = f"<span style='color:#555'>{html.escape(note)}</span>" if note else ""


def _table_view(table):
    """The view of the person to move at a GameTable (None when it is not a person's choice)."""
    model = table.model
    if not model.human_to_move or getattr(table, "curtain", False):
        return None
    return model.state.view(model.viewer)


def attach_coach(table) -> widgets.ToggleButton:
    """Give a GameTable a "Coach" toggle: on, the panel under the table answers for the person to move (asked
    again after every move); off, it is hidden.  ``table.coach`` is the panel (None until first shown)."""
    toggle = widgets.ToggleButton(description="Coach", icon="graduation-cap", value=False,
                                  tooltip="Each of your moves' chance to win, and why")
    toggle.add_class("pl-table-coach")
    table.coach = None
    table.coach_toggle = toggle

    def flip(change):
        if change["new"]:
            if table.coach is None:
                table.coach = CoachPanel(lambda: _table_view(table), table.model.game.title,
                                         seed=getattr(table.model, "seed", 0))
            table.children = tuple(table.children) + (table.coach,)
            table.coach.position = _position(table)
            table.coach.ask()
        elif table.coach is not None:
            table.coach.clear()
            table.children = tuple(c for c in table.children if c is not table.coach)

    toggle.observe(flip, names="value")
    return toggle


def _position(table) -> tuple:
    """What the coach answers about at a table: the state, and whether its view is behind the curtain."""
    return (table.model.state, bool(getattr(table, "curtain", False)))


def _same(one, other) -> bool:
    return one is not None and one[0] is other[0] and one[1] == other[1]


def coach_changed(table) -> None:
    """The table's position changed: an open coach asks again (called by GameTable.refresh)."""
    panel = getattr(table, "coach", None)
    if panel is not None and table.coach_toggle.value and not _same(panel.position, _position(table)):
        panel.clear()
        panel.position = _position(table)
        if _table_view(table) is not None:
            panel.ask()
        else:
            panel.clear("The coach speaks when it is your move.")


def coach_screen(state, seat: int, title: str = "", **options) -> CoachPanel:
    """A lesson's coach beside a fixed position: ``seat``'s view of ``state`` (the lesson decides the position)."""
    return CoachPanel(lambda: state.view(seat), title or state.game.title, **options)


def coach_table(game, *, players: int | None = None, seed: int = 0, tries: int = 40, **options):
    """A GameTable (you in seat 1, computers elsewhere) at your first choice of two moves or more (a move that is
    your only one is played for you, at most ``tries`` times).  Toggle its Coach to ask (a lesson's "predict,
    then ask the coach").

    ``game``: a registered name or title; ``options``: the GameTable's.
    """
    from pirates_lab.core import game_class

    from .table import GameTable

    cls = game_class(game) if isinstance(game, str) else game
    count = players or max(2, cls.min_players)
    table = GameTable(cls(players=count), seed=seed, **options)
    for _ in range(tries):                      # your only move is made for you until you have a choice
        legal = table.model.legal_actions()
        if len(legal) != 1:
            break
        table.play(legal[0])
    return table
