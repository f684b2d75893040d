"""Dice basics: exact distributions next to rolled counts that converge to them.

Model: :class:`DiceExperiment` (plain Python: a Dist, a seeded generator, counts of rolls).
View: :class:`DiceLab` (expression box, examples, exact chart, roll buttons with a progress bar, the
rolled-against-exact chart) and :class:`ComparisonChart` (bqplot: outlines exact, filled bars rolled).

Dice notation here is for people: :func:`dice_for_people` refuses an expression with no dice or one
that starts by taking dice away, and says how to write what was meant.

>>> dice_for_people("2d6-1").mean()
Fraction(6, 1)
>>> dice_for_people("-5")
Traceback (most recent call last):
...
pirates_lab.core.errors.InvalidInput: -5 has no dice: a die is written d6 (one six-sided die) or 2d6 (two of them); a number after the dice adds or takes away points, as in 2d6-1.
"""
from __future__ import annotations

import html
import math
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput, parse_dice, sorted_pair_counts

from .kit import _LIVE_CHARTS, DistView, ValidatedText, error_html, probability_ticks
from .shown import counted, table_html

__all__ = ["DiceExperiment", "DiceLab", "Roller", "ComparisonChart", "dice_for_people", "sorted_comparison", "rolled_table",
           "rolled_html",
           "EXAMPLES"]

#: Ready-made examples for the lab (label -> dice expression).
EXAMPLES = {
    "one die (d6)": "d6",
    "two dice (2d6)": "2d6",
    "best of two dice (2d6kh1)": "2d6kh1",
    "three dice, keep the best two (3d6kh2)": "3d6kh2",
    "four dice, drop the lowest (4d6kh3)": "4d6kh3",
}


def dice_for_people(text: str) -> Dist:
    """:func:`~pirates_lab.core.parse_dice`, refusing what a person would not mean as dice: no dice at
    all (``-5``, ``7``) or dice taken away before any are rolled (``-1d6``)."""
    cleaned = str(text).replace(" ", "")
    if re.fullmatch(r"[+-]?\d+([+-]\d+)*", cleaned):
        raise InvalidInput(f"{cleaned[:20]} has no dice: a die is written d6 (one six-sided die) or 2d6 (two of them); "
                           f"a number after the dice adds or takes away points, as in 2d6-1.")
    if cleaned.startswith("-"):
        raise InvalidInput(f"{cleaned[:20]} starts by taking dice away: start with the dice you roll, as in 2d6-1 "
                           f"or 10-1d6 written as 1d6 subtracted from 10.")
    return parse_dice(text)


def sorted_comparison(attacker_dice: int, defender_dice: int, ties_to: str = "defender") -> Dist:
    """Both sides roll, sort highest first, compare pair by pair: how many pairs the attacker wins.

    >>> sorted_comparison(3, 2)[2]          # RISK: defender loses two armies
    Fraction(1445, 3888)
    """
    if ties_to not in ("attacker", "defender"):
        raise InvalidInput("ties_to is 'attacker' or 'defender'")
    counts = sorted_pair_counts(Dist.die(6), attacker_dice, Dist.die(6), defender_dice)
    return counts.map(lambda c: c.attacker_higher + (c.ties if ties_to == "attacker" else 0))


class DiceExperiment:
    """Roll a Dist many times and compare the counts with the exact probabilities.

    >>> lab = DiceExperiment(Dist.die(6), seed=1)
    >>> lab.roll(600)
    >>> sum(lab.counts.values())
    600
    """

    def __init__(self, dist: Dist, seed: int | None = 0):
        self.dist = dist
        self.rng = random.Random(seed)
        self.counts: Counter = Counter()

    @property
    def rolls(self) -> int:
        return sum(self.counts.values())

    def reset(self, dist: Dist | None = None) -> None:
        if dist is not None:
            self.dist = dist
        self.counts = Counter()

    def roll(self, n: int, *, progress: Callable[[int, int], None] | None = None, chunk: int = 5_000) -> None:
        """Roll ``n`` more times; ``progress(done, n)`` after each chunk (a progress bar on a page)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise InvalidInput(f"Roll a positive whole number of times, not {n!r}.")
        done = 0
        while done < n:
            batch = min(chunk, n - done)
            self.counts.update(self.dist.sample(self.rng) for _ in range(batch))
            done += batch
            if progress is not None:
                progress(done, n)

    def frequencies(self) -> dict[Any, float]:
        total = self.rolls or 1
        return {o: self.counts.get(o, 0) / total for o in self.dist.outcomes()}

    def max_z_score(self) -> float:
        """The largest |frequency − p| in standard errors (below 4 is normal luck)."""
        n = self.rolls
        if not n:
            return 0.0
        worst = 0.0
        for outcome, p in self.dist.items():
            sd = math.sqrt(float(p * (1 - p)) / n)
            if sd:
                worst = max(worst, abs(self.counts.get(outcome, 0) / n - float(p)) / sd)
        return worst


def rolled_table(experiment: DiceExperiment, what: str = "rolls") -> list[tuple[Any, Any, str]]:
    """(outcome, exact chance, how often it came up as counts: "1,020 of 20,000 rolls") rows."""
    n = experiment.rolls
    return [(outcome, p, counted(experiment.counts.get(outcome, 0), n, what)) for outcome, p in experiment.dist.items()]


class ComparisonChart(widgets.VBox):
    """The rolled counts (filled bars, as shares of the rolls) against the exact odds (outlines), one
    bqplot chart; grows with Large fonts like every kit chart."""

    def __init__(self, experiment: DiceExperiment, *, width: int = 480, height: int = 240, name: str = ""):
        import bqplot

        self.experiment = experiment
        self.name = name                 # the dice, for the title ("2d6")
        self.width, self.height = width, height
        self.x = bqplot.LinearScale()
        self.y = bqplot.LinearScale(min=0)
        self.rolled = bqplot.Bars(x=[0], y=[0], scales={"x": self.x, "y": self.y}, colors=["#e0a030"], padding=0.3)
        self.exact = bqplot.Bars(x=[0], y=[0], scales={"x": self.x, "y": self.y}, fill=False, stroke="#1f3b63",
                                 stroke_width=2, padding=0.1, colors=["#1f3b63"])
        self.x_axis = bqplot.Axis(scale=self.x, tick_format="d", tick_style={"font-size": "13px"})
        self.y_axis = bqplot.Axis(scale=self.y, side="left", tick_format=".0%",
                                  tick_style={"font-size": "13px"})
        self.chart = bqplot.Figure(marks=[self.rolled, self.exact], axes=[self.x_axis, self.y_axis],
                                   fig_margin={"top": 36, "bottom": 40, "left": 56, "right": 16},
                                   title_style={"font-size": "15px"},
                                   layout=widgets.Layout(width=f"{width}px", max_width="100%", height=f"{height}px"))
        self.chart.add_class("pl-dice-comparison")
        self.legend = widgets.HTML("<span class='pl-dice-legend' style='font-size:0.9em'>outlines: exact · "
                                   "filled bars: rolled</span>")
        super().__init__([self.chart, self.legend])
        _LIVE_CHARTS.add(self)               # resized with Large fonts like every kit chart
        self.refresh()

    def refresh(self) -> None:
        experiment = self.experiment
        outcomes = sorted(experiment.dist.outcomes())
        numeric = all(isinstance(o, int) for o in outcomes)
        xs = [float(o) for o in outcomes] if numeric else list(range(len(outcomes)))
        exact = [float(experiment.dist[o]) for o in outcomes]
        rolled = [experiment.frequencies()[o] for o in outcomes]
        step = min((b - a for a, b in zip(xs, xs[1:])), default=1.0) or 1.0
        with self.chart.hold_sync():
            self.x.min, self.x.max = xs[0] - step / 2, xs[-1] + step / 2        # the outer bars whole
            self.rolled.x, self.rolled.y = xs, rolled
            self.exact.x, self.exact.y = xs, exact
            top, ticks, form = probability_ticks(max(exact + rolled))
            self.y.min, self.y.max = 0.0, top
            self.y_axis.tick_values, self.y_axis.tick_format = ticks, form
            self.x_axis.tick_values = xs if len(xs) <= 12 else xs[::-(-len(xs) // 12)]
            n = experiment.rolls
            dice = f"{self.name} " if self.name else ""
            self.chart.title = f"{dice}rolled {n:,} times" if n else f"{dice}exact odds (roll to compare)"
        self._size()

    def _size(self) -> None:
        from .canvas import CANVAS_TEXT

        grow = CANVAS_TEXT.factor()
        self.chart.layout.width = f"{round(self.width * grow)}px"
        self.chart.layout.height = f"{round(self.height * grow)}px"
        self.chart.fig_margin = {k: round(v * grow) for k, v in {"top": 36, "bottom": 40, "left": 56, "right": 16}.items()}


class DiceLab(widgets.VBox):
    """Type a dice expression, see its exact distribution, roll it and watch the counts converge."""

    def __init__(self, expression: str = "2d6", seed: int = 0):
        self.experiment = DiceExperiment(dice_for_people(expression), seed=seed)
        self.expression = ValidatedText(dice_for_people, self._set_dist, value=expression,
                                        description="Dice:", placeholder="2d6, 3d6kh2, d20+4")
        self.examples = widgets.Dropdown(options=[("examples…", "")] + [(k, v) for k, v in EXAMPLES.items()],
                                         value="", layout=widgets.Layout(width="auto"))
        self.examples.observe(self._example, names="value")
        self.exact = DistView(self.experiment.dist, title=self._title(expression), show_chart=False)
        self.buttons = []
        for n in (100, 10_000, 100_000):
            button = widgets.Button(description=f"Roll {n:,}", tooltip=f"Roll {n:,} more times",
                                    layout=widgets.Layout(width="auto"))
            button.add_class("pl-roll-button")
            button.on_click(lambda _, n=n: self.roll(n))
            self.buttons.append(button)
        reset = widgets.Button(description="Forget the rolls", tooltip="Start counting again",
                               layout=widgets.Layout(width="auto"))
        reset.on_click(lambda _: self._reset())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="12em",
                                                                                         visibility="hidden"))
        self.progress.add_class("pl-dice-progress")
        self.comparison = ComparisonChart(self.experiment, name=expression, width=400)
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        row = dict(layout=widgets.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))
        charts = widgets.HBox([self.comparison, self.exact], **row)
        super().__init__([widgets.HBox([self.expression, self.examples], **row), charts,
                          widgets.HBox(self.buttons + [reset, self.progress], **row), self.status, self.message])
        self.add_class("pl-dice-lab")
        self._refresh()

    @staticmethod
    def _title(expression: str) -> str:
        return f"Exact: {' '.join(str(expression).split())}"

    def _set_dist(self, dist: Dist) -> None:
        self.experiment.reset(dist)
        self.exact.title = self._title(self.expression.text.value)      # titles follow the data
        self.comparison.name = " ".join(self.expression.text.value.split())
        self.exact.dist = dist
        self._refresh()

    def _example(self, change) -> None:
        if change["new"]:
            self.expression.text.value = change["new"]

    def _reset(self) -> None:
        self.experiment.reset()
        self._refresh()

    def _progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = total, done

    def roll(self, n: int) -> None:
        self.progress.layout.visibility = "visible" if n >= 20_000 else "hidden"
        try:
            self.experiment.roll(n, progress=self._progress)
        except InvalidInput as error:
            self.message.value = error_html(error)
            return
        finally:
            self.progress.layout.visibility = "hidden"
        self.message.value = ""
        self._refresh()

    def _refresh(self) -> None:
        experiment = self.experiment
        self.comparison.refresh()
        n = experiment.rolls
        self.status.value = (f"<span class='pl-dice-status'>{n:,} rolls. The total furthest from its exact chance "
                             f"is off by {experiment.max_z_score():.1f} times the usual luck of {n:,} rolls "
                             f"(up to 4 times is ordinary luck).</span>"
                             if n else "<span class='pl-dice-status'>No rolls yet: press a Roll button.</span>")


def rolled_html(experiment: DiceExperiment, what: str = "rolls") -> str:
    """The rolled-against-exact table for a page (counts, never reduced fractions)."""
    return table_html(rolled_table(experiment, what), header=("total", "exact chance", "rolled"))


class Roller(widgets.VBox):
    """Something to touch before the question: a button that rolls (seeded, so Reset brings the same rolls
    back), the roll in words and a count of how often the event came up so far.  ``roll(rng)`` returns (what
    the roll shows, whether the event happened); it draws from the same dice the exact answer is computed from.

    >>> roller = Roller(lambda rng: (str(f := Dist.die(6).sample(rng)), f >= 5), "a five or a six", seed=1)
    >>> roller.roll_times(60); roller.rolls
    60
    >>> 0 < roller.hits < 60
    True
    """

    def __init__(self, roll: Callable[[random.Random], tuple[str, bool]], event: str, *, seed: int = 0,
                 button: str = "Roll", many: int = 10, what: str = "rolls", many_button: str = ""):
        self._roll, self.event, self.what = roll, event, what
        self.rng = random.Random(seed)
        self.rolls = self.hits = 0
        self.last = ""
        self.one = widgets.Button(description=button, tooltip=f"{button} once", layout=widgets.Layout(width="auto"))
        self.more = widgets.Button(description=many_button or f"{button} {many} times", layout=widgets.Layout(width="auto"))
        for b in (self.one, self.more):
            b.add_class("pl-roll-button")
        self.one.on_click(lambda _: self.roll_times(1))
        self.more.on_click(lambda _: self.roll_times(many))
        self.shown = widgets.HTML()
        row = widgets.Layout(flex_flow="row wrap", align_items="center", max_width="100%")
        super().__init__([widgets.HBox([self.one, self.more, self.shown], layout=row)])
        self.add_class("pl-roller")
        self._show()

    def roll_times(self, n: int) -> None:
        for _ in range(n):
            self.last, hit = self._roll(self.rng)
            self.rolls += 1
            self.hits += bool(hit)
        self._show()

    def _show(self) -> None:
        if not self.rolls:
            self.shown.value = "<div class='pl-roller-status' style='margin-left:8px'>Press it: see what comes up.</div>"
            return
        self.shown.value = (f"<div class='pl-roller-status' style='margin-left:8px'><b>{html.escape(self.last)}</b> "
                            f"{html.escape(self.event[:1].upper() + self.event[1:])}: {self.hits:,} of "
                            f"{self.rolls:,} {html.escape(self.what)} so far.</div>")
