"""Dice basics: exact distributions next to rolled frequencies that converge to them.

Model: :class:`DiceExperiment` (plain Python: a Dist, a seeded generator, counts of rolls).
View: :class:`DiceLab` (expression box, exact chart, roll buttons, comparison chart).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import ipywidgets as widgets
from tqdm.auto import tqdm

from pirates_lab.core import Dist, InvalidInput, parse_dice, sorted_pair_counts

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .kit import DistView, ValidatedText, error_html

__all__ = ["DiceExperiment", "DiceLab", "comparison_ops", "sorted_comparison", "EXAMPLES"]

#: Ready-made examples for the lab (label -> dice expression).
EXAMPLES = {
    "one die (d6)": "d6",
    "two dice (2d6)": "2d6",
    "best of two dice (2d6kh1)": "2d6kh1",
    "three dice, keep the best two (3d6kh2)": "3d6kh2",
    "four dice, drop the lowest (4d6kh3)": "4d6kh3",
}


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
    """Roll a Dist many times and compare the frequencies with the exact probabilities.

    >>> lab = DiceExperiment(Dist.die(6), seed=1)
    >>> lab.roll(600, progress=False)
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

    def roll(self, n: int, *, progress: bool = True, chunk: int = 5_000) -> None:
        """Roll ``n`` more times (a progress bar for long runs)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise InvalidInput(f"Roll a positive whole number of times, not {n!r}.")
        # leave=True: a bar closed before a Voila page connects shows "model not found" there
        bar = tqdm(total=n, desc="rolling", disable=not progress or n < 20_000, leave=True)
        left = n
        while left:
            batch = min(chunk, left)
            self.counts.update(self.dist.sample(self.rng) for _ in range(batch))
            bar.update(batch)
            left -= batch
        bar.close()

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


def comparison_ops(dist: Dist, frequencies: dict[Any, float], width: int = 480, height: int = 220) -> tuple[DrawOp, ...]:
    """Exact probability (outlined bars) against rolled frequency (filled bars)."""
    d = Drawing().clear().rect(0, 0, width, height, fill="#ffffff")
    items = dist.items()[:60]
    if not items:
        return d.ops
    top, bottom, left = 10, 30, 8
    usable = height - top - bottom
    biggest = max(max(float(p) for _, p in items), max(frequencies.values(), default=0)) or 1.0
    slot = (width - 2 * left) / len(items)
    for i, (outcome, p) in enumerate(items):
        x = left + i * slot
        f = frequencies.get(outcome, 0.0)
        d.rect(x + slot * 0.15, top + usable * (1 - f / biggest), slot * 0.7, usable * f / biggest, fill="#e0a030")
        d.rect(x + slot * 0.1, top + usable * (1 - float(p) / biggest), slot * 0.8, usable * float(p) / biggest,
               stroke="#1f3b63", width=2)
        if len(items) <= 24:
            d.text(str(outcome), x + slot / 2, height - bottom + 14, font="11px sans-serif", align="center",
                   max_width=slot * 0.95)
    d.text("outline: exact   filled: rolled", width - 8, top + 6, font="11px sans-serif", align="right",
           max_width=width / 2)
    return d.ops


class DiceLab(widgets.VBox):
    """Type a dice expression, see its exact distribution, roll it and watch frequencies converge."""

    def __init__(self, expression: str = "2d6", seed: int = 0):
        self.experiment = DiceExperiment(parse_dice(expression), seed=seed)
        self.expression = ValidatedText(parse_dice, self._set_dist, value=expression,
                                        description="Dice:", placeholder="2d6, 3d6kh2, d20+4")
        self.examples = widgets.Dropdown(options=[("examples…", "")] + [(k, v) for k, v in EXAMPLES.items()],
                                         value="", layout=widgets.Layout(width="320px"))
        self.examples.observe(self._example, names="value")
        self.exact = DistView(self.experiment.dist, title=f"Exact: {expression}")
        self.buttons = []
        for n in (100, 10_000, 100_000):
            button = widgets.Button(description=f"Roll {n:,}", tooltip=f"Roll {n:,} more times")
            button.add_class("pl-roll-button")
            button.on_click(lambda _, n=n: self.roll(n))
            self.buttons.append(button)
        reset = widgets.Button(description="Reset", tooltip="Forget the rolls")
        reset.on_click(lambda _: self._reset())
        self.comparison = BoardCanvas(480, 220, layers=("chart",), css_class="pl-dice-comparison")
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        super().__init__([
            widgets.HBox([self.expression, self.examples]), self.exact,
            widgets.HBox(self.buttons + [reset]), self.comparison, self.status, self.message,
        ])
        self.add_class("pl-dice-lab")
        self._refresh()

    def _set_dist(self, dist: Dist) -> None:
        self.experiment.reset(dist)
        self.exact.title = f"Exact: {self.expression.text.value}"
        self.exact.dist = dist
        self._refresh()

    def _example(self, change) -> None:
        if change["new"]:
            self.expression.text.value = change["new"]

    def _reset(self) -> None:
        self.experiment.reset()
        self._refresh()

    def roll(self, n: int) -> None:
        try:
            self.experiment.roll(n)
        except InvalidInput as error:
            self.message.value = error_html(error)
            return
        self.message.value = ""
        self._refresh()

    def _refresh(self) -> None:
        experiment = self.experiment
        self.comparison.draw("chart", comparison_ops(experiment.dist, experiment.frequencies()))
        self.status.value = (f"<span class='pl-dice-status'>{experiment.rolls:,} rolls; largest gap from the exact "
                             f"odds: {experiment.max_z_score():.2f} standard errors "
                             f"(mean exact {float(experiment.dist.mean()):.4f})</span>")
