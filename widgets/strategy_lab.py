"""The strategy lab's pieces: a stored question as a screen (the rule, a prediction, the stored answer as a chart,
Run again with progress and Stop), its chart and its sentence.  The lesson that shows them is
``widgets/data/strategy_lab.toml`` (screens: :mod:`pirates_lab.widgets.strategy_lab_lessons`).

Every answer comes from the tournaments stored with the package (:mod:`pirates_lab.lab.stored`), so a screen
appears at once and no notebook cell waits for games to be played.  **Run again** plays new games right there,
with a progress bar and a Stop button, and puts the new result beside the stored one.

>>> from pirates_lab.lab.stored import load
>>> stored = load()
>>> screen = QuestionScreen(stored.tournaments[0], stored.made)
>>> screen.predict(screen.holds); screen.right, screen.revealed
(True, True)
"""
from __future__ import annotations

import html
import random
import threading
from concurrent.futures import Executor, Future

import ipywidgets as widgets

from pirates_lab.core import games as registered_games
from pirates_lab.lab.stored import StoredTournament, play

from .kit import error_html, growing_chart

__all__ = ["QuestionScreen", "ProgressExecutor", "Stopped", "lab_chart", "chart_rows", "words", "verdict_sentence",
           "BUTTON", "CHART_WIDTH"]

RUN_GAMES = (20, 40, 100, 200)
PREDICTIONS = (("Yes, it helps", True), ("No, it hurts", False), ("Can’t tell", None))
BUTTON = widgets.Layout(min_height="40px", width="auto")
#: a chart's width at normal fonts (1.5 times with Large fonts, never wider than its box)
CHART_WIDTH = 600


def words(name: str) -> str:
    """A player's name as a person writes it: ``'no_cannonballs'`` -> ``'no cannonballs'``."""
    return name.replace("_", " ")


def _percent(value) -> str:
    value = float(value)
    return f"{value:.0%}" if abs(value * 100 - round(value * 100)) < 0.05 else f"{value:.1%}"


def verdict_sentence(stored: StoredTournament, results=None) -> str:
    """What the games say, in plain words (HTML): who won how often, the range, and the verdict."""
    results = results if results is not None else stored.results
    plan = stored.plan
    first = plan.labels[0]
    low, high = results.interval(first)
    rate, fair = results.win_rate(first), results.fair_share
    verdict = results.verdict(first)
    who = ("the player who follows the tip" if plan.tip is not None else f"the {words(plan.policies[0])} player")
    text = (f"In {results.games:,} games {who} won <b>{_percent(rate)}</b> of them "
            f"(most likely between {low:.0%} and {high:.0%}). An equal player would win {_percent(fair)}.")
    if plan.tip is not None:
        text += {"better": " <b>The tip holds.</b>", "worse": " <b>The tip backfires here.</b>"}.get(
            verdict, f" <b>{results.games:,} games cannot tell</b>: the range includes {_percent(fair)}.")
    else:
        text += {"better": f" <b>The {words(plan.policies[0])} player is better.</b>",
                 "worse": f" <b>The {words(plan.policies[0])} player is worse.</b>"}.get(
            verdict, f" <b>{results.games:,} games cannot tell.</b>")
    if results.capped:
        text += f" {results.capped:,} games ran too long and count as draws."
    return text


def chart_rows(rows: list[tuple[str, object, str]]) -> list[dict]:
    """``[(label, Results, first label)]`` -> one bar per row: rate, low, high and the equal player's share."""
    out = []
    for label, results, first in rows:
        low, high = results.interval(first)
        out.append({"label": label, "rate": float(results.win_rate(first)), "low": low, "high": high,
                    "fair": float(results.fair_share)})
    return out


def lab_chart(rows: list[dict], title: str):
    """A bqplot chart: a horizontal bar per row (the win rate), a black whisker (its 95% range) and a dashed red
    line (an equal player's share); the axis runs from 0 % to 100 % with round ticks."""
    import bqplot

    x = bqplot.LinearScale(min=0.0, max=1.0)
    y = bqplot.OrdinalScale(reverse=True)
    across = bqplot.LinearScale(min=0.0, max=1.0)
    labels = [r["label"] for r in rows]
    bars = bqplot.Bars(x=labels, y=[r["rate"] for r in rows], orientation="horizontal", colors=["#8b5a2b"],
                       scales={"x": y, "y": x}, padding=0.4)
    whiskers = bqplot.Lines(x=[[r["low"], r["high"]] for r in rows], y=[[r["label"]] * 2 for r in rows],
                            scales={"x": x, "y": y}, colors=["#1f1f1f"], stroke_width=4)
    fair = rows[0]["fair"] if rows else 0.5
    fair_line = bqplot.Lines(x=[fair, fair], y=[0, 1], scales={"x": x, "y": across}, colors=["#c0392b"],
                             line_style="dashed", stroke_width=3)
    axes = [bqplot.Axis(scale=x, tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1.0],
                        label="games won (red line: an equal player)"),
            bqplot.Axis(scale=y, side="left")]
    longest = max((len(label) for label in labels), default=10)
    figure = bqplot.Figure(marks=[bars, whiskers, fair_line], axes=axes, title=title)
    figure.add_class("pl-lab-chart")
    per_row = 48 if len(labels) <= 3 else 32
    return growing_chart(figure, CHART_WIDTH, 100 + per_row * max(1, len(labels)),
                         margin={"top": 44, "bottom": 56, "left": min(320, 24 + 9 * longest), "right": 24})


def _heading(text: str) -> widgets.HTML:
    """A question's title (under the lesson screen's own)."""
    heading = widgets.HTML(f"<h3 style='margin:2px 0'>{html.escape(text)}</h3>")
    heading.add_class("pl-lab-question-title")
    return heading


class Stopped(Exception):
    """The class pressed Stop."""


class ProgressExecutor(Executor):
    """Plays the tournament's games here, one batch at a time, reporting each finished batch (``on_done(n)``);
    a Stop between batches raises :class:`Stopped`.  Any executor plays the same games from the same seed."""

    def __init__(self, on_done, stop: threading.Event):
        self.on_done, self.stop = on_done, stop

    def submit(self, fn, /, *args, **kwargs):
        if self.stop.is_set():
            raise Stopped()
        future: Future = Future()
        try:
            value = fn(*args, **kwargs)
        except BaseException as error:  # handed to the tournament, which raises it
            future.set_exception(error)
            return future
        future.set_result(value)
        self.on_done(len(value) if hasattr(value, "__len__") else 1)
        return future


class QuestionScreen(widgets.VBox):
    """One stored tournament as a screen: the rule, a question to predict, the answer, and Run again."""

    def __init__(self, stored: StoredTournament, made: dict):
        self.stored, self.plan, self.made = stored, stored.plan, made
        self.prediction: bool | None | str = "none"   # "none" until a prediction button is pressed
        self.again = None                              # the Results of the last run here
        self._stop = threading.Event()
        self.thread: threading.Thread | None = None
        game_title = registered_games()[self.plan.game].title
        tip = self.plan.tip
        heading = _heading(f"{game_title}: {self.plan.title}")
        if tip is not None:
            rule = (f"<blockquote class='pl-rule' style='border-left:5px solid #8b5a2b;margin:4px 0;padding:4px 12px;"
                    f"background:#fbf7ef'><i>“{html.escape(tip.quote)}”</i><br><small>— {html.escape(game_title)}, "
                    f"{html.escape(tip.heading)}</small></blockquote>")
            players = (f"<p>Two computer players play many games. One follows the tip "
                       f"(<b>{html.escape(words(tip.tip))}</b>), the other does not "
                       f"(<b>{html.escape(words(tip.against))}</b>).</p>")
        else:
            rule = f"<p>{html.escape(self.plan.explain)}</p>"
            players = ""
        self.rule = widgets.HTML(rule + players)
        self.question = widgets.HTML(f"<p style='font-size:1.15em;margin:6px 0'><b>Predict:</b> {html.escape(self.plan.question)}</p>")
        self.predict_buttons = []
        for label, value in PREDICTIONS:
            button = widgets.Button(description=label, layout=BUTTON)
            button.add_class("pl-lab-predict")
            button.on_click(lambda _, value=value: self.predict(value))
            self.predict_buttons.append(button)
        self.feedback = widgets.HTML()
        self.feedback.add_class("pl-feedback")
        self.answer_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self.answer_box.add_class("pl-lab-answer")
        self.verdict = widgets.HTML()
        self.verdict.add_class("pl-lab-verdict")
        self.chart_box = widgets.Box()
        self.games_choice = widgets.ToggleButtons(options=[(f"{n:,} games", n) for n in RUN_GAMES], value=40,
                                                  style={"button_width": "auto"})
        self.games_choice.add_class("pl-lab-games")
        self.run_button = widgets.Button(description="Run again", icon="play", button_style="primary", layout=BUTTON)
        self.run_button.add_class("pl-lab-run-again")
        self.stop_button = widgets.Button(description="Stop", icon="stop", layout=BUTTON, disabled=True)
        self.stop_button.add_class("pl-lab-stop")
        self.progress = widgets.IntProgress(value=0, min=0, max=40, layout=widgets.Layout(width="100%",
                                                                                          max_width="520px",
                                                                                          display="none"))
        self.progress.add_class("pl-lab-progress")
        self.status = widgets.HTML()
        self.status.add_class("pl-lab-status")
        self.run_button.on_click(lambda _: self.run_again())
        self.stop_button.on_click(lambda _: self._stop.set())
        self.run_button.tooltip = "The computer players play new games here, with new dice and cards"
        run_row = widgets.VBox([
            widgets.HBox([self.games_choice, self.run_button, self.stop_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.progress, self.status])
        self.answer_box.children = [self.verdict, self.chart_box, run_row, self._teacher_notes()]
        self.reveal_button = widgets.Button(description="Just show the answer", layout=BUTTON)
        self.reveal_button.add_class("pl-lab-reveal")
        self.reveal_button.on_click(lambda _: self.predict("shown"))
        self.ask_box = widgets.VBox([self.rule, widgets.HBox(self.predict_buttons + [self.reveal_button],
                                                              layout=widgets.Layout(flex_flow="row wrap"))])
        self.ask_box.add_class("pl-lab-ask")
        self.back_to_tip = widgets.Button(description="The tip again", icon="undo", layout=BUTTON)
        self.back_to_tip.add_class("pl-lab-tip-again")
        self.back_to_tip.on_click(lambda _: self.ask())
        self.answer_box.children = [widgets.HBox([self.feedback, self.back_to_tip],
                                                 layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
                                    *self.answer_box.children]
        super().__init__([heading, self.question, self.ask_box, self.answer_box])
        self.add_class("pl-lab-screen")
        self._show()

    # ------------------------------------------------------------ predicting and the answer
    @property
    def holds(self) -> bool | None:
        """What the stored games say: True (better than an equal player), False (worse), None (cannot tell)."""
        results = self.stored.results
        if results is None:
            return None
        return {"better": True, "worse": False}.get(results.verdict(self.plan.labels[0]))

    def predict(self, value) -> None:
        """A prediction (True, False, None) or ``"shown"``: then show the answer."""
        self.prediction = value
        if value == "shown" or self.stored.results is None:
            self.feedback.value = ""
        else:
            said = dict((v, label) for label, v in PREDICTIONS)[value]
            right = value == self.holds
            self.feedback.value = (f"<p style='margin:4px 0'>You said <b>{html.escape(said)}</b>. "
                                   + ("✔ The games agree." if right else "✘ The games say otherwise.") + "</p>")
        self.ask_box.layout.display = "none"          # one idea a screen: now the answer
        self.answer_box.layout.display = "flex"
        self._show()     # the chart is made once its box shows (a chart drawn while hidden keeps no size)

    def ask(self) -> None:
        """Back to the tip and the question (the answer folds away)."""
        self.answer_box.layout.display = "none"
        self.ask_box.layout.display = "flex"

    @property
    def revealed(self) -> bool:
        return self.answer_box.layout.display != "none"

    @property
    def right(self) -> bool | None:
        """Whether the prediction matches the stored games (None before a prediction)."""
        if self.prediction in ("none", "shown") or self.stored.results is None:
            return None
        return self.prediction == self.holds

    def _rows(self) -> list[tuple[str, object, str]]:
        rows = []
        first = self.plan.labels[0]
        if self.stored.results is not None:
            rows.append((f"Played before: {self.stored.results.games:,} games", self.stored.results, first))
        if self.again is not None:
            rows.append((f"Your run: {self.again.games:,} games", self.again, first))
        return rows

    def _show(self) -> None:
        stored = self.stored
        if stored.results is None:
            reason = f" ({html.escape(stored.problem)})" if stored.problem else ""
            self.verdict.value = (f"<p>No games are stored for this question yet{reason}. "
                                  "Press <b>Run again</b> to play them here.</p>")
        else:
            self.verdict.value = f"<p class='pl-lab-sentence' style='margin:4px 0'>{verdict_sentence(stored)}</p>"
        rows = self._rows() if self.revealed else []
        who = "the player who follows the tip" if self.plan.tip is not None else f"the {words(self.plan.policies[0])} player"
        self.chart_box.children = [lab_chart(chart_rows(rows), f"How often {who} won")] if rows else []

    def _teacher_notes(self) -> widgets.HTML:
        results = self.stored.results
        notes = ["Seats rotate: in every second game the other player moves first, so nobody keeps the first move.",
                 "A game still running after 20,000 moves and dice rolls is stopped and counted as a draw.",
                 "The range is a 95% Wilson interval of the win rate (a two-way tie counts as half a win)."]
        if self.plan.options:
            notes.append("Game options for these tournaments: " + ", ".join(
                f"{words(k)} = {v}" for k, v in self.plan.options.items()) + ".")
        if results is not None:
            seats = ", ".join(f"seat {i + 1} won {_percent(rate)}" for i, rate in enumerate(results.seat_win_rates()))
            notes.append(f"By seat, whoever sat there: {seats}.")
            notes.append(f"The stored answer: {results.games:,} games from seed {results.seed}, played "
                         f"{self.made.get('date', 'when the package was made')}"
                         + (f" at commit {self.made['commit']}" if self.made.get("commit") else "")
                         + " by <code>python -m pirates_lab.lab.stored --regenerate</code> "
                           "(pirates_lab/lab/data/strategy_lab_results.json). Run again uses new seeds.")
        notes.append("Computer players: " + ", ".join(f"{words(p)}" for p in dict.fromkeys(self.plan.policies))
                     + f" (pirates_lab/{self.plan.game}/policies.py); docs/strategy_lab.md says what each does.")
        notes_box = widgets.HTML("<details class='pl-teacher-notes'><summary>Teacher notes on this question</summary>"
                                 "<ul>" + "".join(f"<li>{n}</li>" for n in notes) + "</ul></details>")
        notes_box.add_class("pl-lab-teacher-notes")
        return notes_box

    # ------------------------------------------------------------ run again
    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def run_again(self, games: int | None = None, seed=None, wait: bool = False) -> None:
        """Play ``games`` new games (default: the chosen number) in a background thread, showing progress."""
        if self.running:
            return
        games = games or self.games_choice.value
        seed = seed if seed is not None else f"again-{random.SystemRandom().randrange(10**9)}"
        self._stop.clear()
        self.progress.max, self.progress.value = games, 0
        self.progress.layout.display = "flex"
        self.status.value = f"0 of {games:,} games played…"
        self.run_button.disabled, self.stop_button.disabled, self.games_choice.disabled = True, False, True
        if not self.revealed:
            self.predict("shown")

        def done(n: int) -> None:
            self.progress.value = min(games, self.progress.value + n)
            self.status.value = f"{self.progress.value:,} of {games:,} games played…"

        def work() -> None:
            try:
                self.again = play(self.plan, games, seed, executor=ProgressExecutor(done, self._stop))
                self._show()
                sentence = verdict_sentence(self.stored, self.again)
                message = f"<p class='pl-lab-sentence' style='margin:4px 0'>Your run: {sentence[0].lower()}{sentence[1:]}</p>"
            except Stopped:
                message = f"Stopped after {self.progress.value:,} of {games:,} games."
            except Exception as error:  # shown in place; the page keeps working
                message = error_html(error)
            finally:
                self.run_button.disabled, self.stop_button.disabled, self.games_choice.disabled = False, True, False
            self.status.value = message     # last: the page says "done" once everything else is in place

        self.thread = threading.Thread(target=work, name="strategy-lab-run-again", daemon=True)
        self.thread.start()
        if wait:
            self.thread.join()

    def close(self) -> None:
        self._stop.set()          # the screen is reset or left while games are played: they stop at the next
        super().close()
