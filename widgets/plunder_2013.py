"""Plunder (2013) front-ends: the Solution Grid, a table against computer pirates, a classroom.

Models are plain Python (:class:`GridMarks`, :class:`PlunderMatch`, :class:`ClassroomRound`);
the Solution Grid is drawn by the pure function :func:`solution_grid_ops` (state in, draw
operations out) and clicked through :func:`cell_at`; the widgets only wire them together.

Rules: Plunder (2013) › Using the Solution Grids
"""
from __future__ import annotations

import html
import random
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import GAME_OVER, InvalidInput, play
from pirates_lab.plunder_2013 import (CATEGORIES, Answer, ComputerPirate, Deduction, Dig, FlipExtra, Game, Keep,
                                      Pass, Record, card_name, dig_advice, flip_advice, location_name, pirate_name)
from pirates_lab.plunder_2013.advisors import hunters_for
from pirates_lab.plunder_2013.game import score_chest
from pirates_lab.plunder_2013.pirates import sent_locations, treasures_left
from pirates_lab.plunder_2013.views import clue_copies, tomorrow_decks

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp, scale_ops  # noqa: F401  (scale_ops: kept for old callers, the kit's)
from .kit import error_html, guard
from .plunder_2013_grid import (MARK_CYCLE, GridLayout, GridMarks, SolutionGridView, answer_word, cell_at,  # noqa: F401
                                day_grid_html, solution_grid_ops)
from .questions import Question

__all__ = ["GridLayout", "GridMarks", "solution_grid_ops", "cell_at", "PlunderMatch", "PlunderTable",
           "SolutionGridView", "ClassroomRound", "ClassroomView", "answer_word", "fit_to_width", "wide_button",
           "scale_ops", "day_grid_html", "MARK_CYCLE", "log_html", "Plunder2013Renderer"]

def fit_to_width(board: BoardCanvas, width: int | None = None) -> None:
    """Kept for old callers: every kit board now shrinks with its box (see :class:`BoardCanvas`)."""
    board._size_layout()


def wide_button(description: str, **options) -> widgets.Button:
    """A button as wide as its label (ipywidgets' fixed 148 px cuts long labels in large fonts)."""
    return widgets.Button(description=description, layout=widgets.Layout(width="auto", min_width="fit-content"),
                          **options)


def _row(children) -> widgets.HBox:
    """A row of controls that wraps instead of scrolling sideways."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))



# ---------------------------------------------------------------- the GameTable renderer
class Plunder2013Renderer:
    """A :class:`~pirates_lab.widgets.GameTable` renderer: the seat's right grid, filled by the exact solver
    from what that seat has seen (its own map cards and every answer); its hand as card names.
    Registered for the table in ``pyproject.toml`` (group ``pirates_lab.renderers``).

    >>> from pirates_lab.widgets.table_render import check_renderer
    >>> check_renderer(Plunder2013Renderer(), Game(players=3), seeds=range(1), every=40) > 0
    True
    """

    def __init__(self, game=None):
        players = getattr(game, "players", 4)
        self.layout = GridLayout.compact(players, getattr(game, "cards", 6))
        self.width, self.height = self.layout.width, self.layout.height(players - 1)

    def seat_name(self, player: int) -> str:
        return pirate_name(player)

    def deduction(self, observation: dict) -> Deduction | None:
        """The seat's deduction, or None while the map cards are still being dealt."""
        hand = tuple(observation["hand"])
        if not all(hand):
            return None
        view = Deduction(observation["players"], observation["me"], hand, observation["cards_per_category"])
        for r in observation["records"]:
            view.add(Record(r["asker"], tuple(r["clue"]), tuple((p, aye) for p, aye in r["answers"])))
        return view

    def draw(self, observation: dict, player: int) -> tuple[DrawOp, ...]:
        deduction = self.deduction(observation)
        if deduction is None:
            return Drawing().clear().rect(0, 0, self.width, self.height, fill="#fbf7ef").text(
                "The map cards are being dealt", self.width / 2, self.height / 2, font="15px sans-serif",
                align="center", max_width=self.width - 12).ops
        return solution_grid_ops(deduction, layout=GridLayout.compact(deduction.players, deduction.cards))

    def hand(self, observation: dict, player: int) -> list[str]:
        return [card_name(category, card) for category, card in zip(CATEGORIES, observation["hand"]) if card]


# ---------------------------------------------------------------- a game against computer pirates
class PlunderMatch:
    """Plain model: a game where one seat is a person and the others are computer pirates.

    ``advance()`` runs chance and the computer pirates until the person has to act (or the game
    ends).  Seeded: the same seed gives the same game.
    """

    def __init__(self, players: int = 4, human: int = 0, seed: int | None = 0, pirate: ComputerPirate | None = None,
                 **options):
        self.game = Game(players=players, **options)
        self.human = human
        self.rng = random.Random(seed)
        self.pirate = pirate or ComputerPirate()
        self.state = self.game.new_initial_state()
        self.advance()

    def advance(self) -> None:
        """Chance and the computer pirates play on (the core's one loop: each pirate is handed its seat's view,
        never the state) until the person's turn or the end."""
        self.state = play(self.state, self.pirate, self.rng, humans={self.human}).run()

    def act(self, action) -> None:
        """The person's move (an IllegalMove leaves everything as it was), then the others'."""
        self.state = self.state.apply(action)
        self.advance()

    def view(self) -> Deduction:
        return self.state.deduction(self.human)

    @property
    def my_cards(self) -> tuple[int, int, int]:
        return tuple(self.state.hands[self.human])

    def waiting_for(self) -> str:
        """"choose", "answer", "dig" or "game over" (``GAME_OVER``): what the person is asked to do (the core's
        ``state.phase``)."""
        return self.state.phase


class PlunderTable(widgets.VBox):
    """Play Plunder (2013) against computer pirates, with the Solution Grid and both advisors."""

    def __init__(self, players: int = 4, seed: int | None = 0, **options):
        self.match = PlunderMatch(players=players, seed=seed, **options)
        self.status = widgets.HTML()
        self.status.add_class("pl-plunder-status")
        self.message = widgets.HTML()
        self.journal = widgets.HTML()
        self.grid = SolutionGridView(self.match.view(), days=self.match.game.days, compact=True)
        self.advice = widgets.HTML()
        self.advice.add_class("pl-plunder-advice")
        self.keep_button = wide_button("Keep the clues")
        self.flip_buttons = {c: wide_button(f"Flip one more {c}") for c in CATEGORIES}
        self.aye_button = wide_button("Aye!", button_style="success")
        self.nay_button = wide_button("Nay!", button_style="danger")
        n = self.match.game.cards
        self.pickers = {c: widgets.Dropdown(options=[(card_name(c, x), x) for x in range(1, n + 1)],
                                            description=c.title(), style={"description_width": "initial"},
                                            layout=widgets.Layout(width="auto")) for c in CATEGORIES}
        self.dig_button = wide_button("Send a crew card to dig", button_style="warning")
        self.pass_button = wide_button("Pass")
        for name, button in (("keep", self.keep_button), ("aye", self.aye_button), ("nay", self.nay_button),
                             ("dig", self.dig_button), ("pass", self.pass_button)):
            button.add_class(f"pl-plunder-{name}")
        run = guard(self.message)
        self.keep_button.on_click(lambda _: run(self.play)(Keep()))
        for c, button in self.flip_buttons.items():
            button.on_click(lambda _, c=c: run(self.play)(FlipExtra(c)))
        self.aye_button.on_click(lambda _: run(self.play)(Answer(True)))
        self.nay_button.on_click(lambda _: run(self.play)(Answer(False)))
        self.dig_button.on_click(lambda _: run(self.play)(Dig(*(self.pickers[c].value for c in CATEGORIES))))
        self.pass_button.on_click(lambda _: run(self.play)(Pass()))
        self.controls = widgets.VBox()
        move = widgets.VBox([self.controls, self.message, self.advice])
        self.tabs = widgets.Tab(children=[move, self.grid, self.journal],
                                titles=["Your move", "Solution Grid", "Log"])
        self.tabs.add_class("pl-plunder-tabs")
        super().__init__([self.status, self.tabs])
        self.add_class("pl-plunder-table")
        self.refresh()

    def buttons(self) -> list[widgets.Button]:
        return [self.keep_button, *self.flip_buttons.values(), self.aye_button, self.nay_button, self.dig_button,
                self.pass_button]

    def play(self, action) -> None:
        """The person's move: "thinking…" and every button disabled at once (a second click cannot land on
        the next phase), then the computer pirates' moves, then the table again."""
        self.status.value = "<b class='pl-plunder-thinking'>thinking…</b> " + self.status.value
        for b in self.buttons():
            b.disabled = True
        try:
            self.match.act(action)
        finally:
            for b in self.buttons():
                b.disabled = False
            self.refresh()

    def refresh(self) -> None:
        state, match = self.match.state, self.match
        view = match.view()
        if match.waiting_for() == GAME_OVER:
            self.grid.finders = len(score_chest(state.hands, state.chest)[2][match.human])
        self.grid.set_deduction(view)
        mine = location_name(match.my_cards)
        crew = state.crew[match.human]
        waiting = match.waiting_for()
        head = (f"<b>You are {html.escape(pirate_name(match.human))}</b>: your treasure is at {html.escape(mine)}. "
                f"Crew cards left: {crew}. Day {state.day} of {match.game.days}.")
        if state.clue is not None:
            head += f"<br>Clues: <b>{html.escape(location_name(state.clue))}</b>"
        if waiting == GAME_OVER:
            scores = state.scores()
            winners = ", ".join(pirate_name(p) for p in state.winners())
            hands = "; ".join(f"{pirate_name(p)}: {location_name(tuple(h))}" for p, h in enumerate(state.hands))
            head += (f"<br><b>Game over.</b> Scores: {', '.join(f'{pirate_name(p)} {s}' for p, s in enumerate(scores))}."
                     f" Winner: {html.escape(winners)}.<br>Treasures: {html.escape(hands)}")
            self.controls.children = ()
            self.advice.value = ""
        elif waiting == "choose":
            options = flip_advice(view, state.clue, state.public_decks(), asker=match.human)
            self.advice.value = "<b>Flip advisor</b> (the choice whose answers will tell you most comes first):<br>" \
                + "<br>".join(f"{n}. {html.escape(flip_words(o))}" for n, o in enumerate(options, start=1))
            legal = state.legal_actions()
            buttons = [self.keep_button] + [b for c, b in self.flip_buttons.items() if FlipExtra(c) in legal]
            self.controls.children = (_row(buttons),)
        elif waiting == "answer":
            self.advice.value = "Answer truthfully: Aye if one or more of your map cards matches the clues."
            self.controls.children = (_row([self.aye_button, self.nay_button]),)
        else:
            lines = []
            me = match.human
            # what the computer pirates weigh, read from the same seat's observation: the treasures still
            # to dig for (cards sent on disproved guesses are lost), the hunters with crew cards left,
            # and tomorrow's decks (today's clue is discarded before an empty deck is reshuffled)
            obs = state.observation(me)
            treasures = treasures_left(view, sent_locations(obs))
            for rival in view.rivals():
                advice = dig_advice(view, rival, decks=tomorrow_decks(obs),
                                    next_asker=(state.asker + 1) % match.game.players, days_left=state.days_left(),
                                    hunters=hunters_for(obs["crew"], me, rival), copies=clue_copies(obs),
                                    crew_left=state.crew[me], rivals_left=max(1, treasures))
                lines.append(html.escape(dig_words(advice)))
            self.advice.value = "<b>Dig advisor</b>:<br>" + "<br>".join(lines)
            self.controls.children = (_row(list(self.pickers.values())),
                                      _row([self.dig_button, self.pass_button]))
        self.status.value = head
        self.journal.value = log_html(state.log)


def flip_words(option) -> str:
    """A flip advisor's choice in a student's words (no "bits")."""
    return "Keep the three clues" if option.category is None else f"Flip one more {option.category} card"


def dig_words(advice) -> str:
    """The dig advisor's verdict in a student's words: the likeliest place, its chance, what a dig is worth
    on average now and later (no "P =", no "?").

    >>> from types import SimpleNamespace as N
    >>> words = dig_words(N(rival=2, location=(3, 2, 3), probability=Fraction(1, 4), now=Fraction(3, 4), wait=None,
    ...                     keep_card=False, dig_now=False, best_day=0))
    >>> words.split(": ")[0], words.split(", ")[1].split(";")[0], words.split("; ")[1]
    ('Barnacle Bill', 'chance 25% (1 in 4)', 'a dig now is worth 0.75 points on average → wait.')
    """
    best_day = getattr(advice, "best_day", 0)
    verdict = ("keep the crew card" if advice.keep_card else "dig now" if advice.dig_now
               else f"wait (best in {best_day} day{'s' if best_day != 1 else ''})" if advice.wait is not None
               and best_day else "wait")
    chance = friendly_text(advice.probability)
    later = "" if advice.wait is None else f", waiting about {float(advice.wait):.2f}"
    note = getattr(advice, "note", "")
    words = (f"{pirate_name(advice.rival)}: likeliest at {location_name(advice.location)}, chance {chance}; "
             f"a dig now is worth {float(advice.now):.2f} points on average{later} → {verdict}.")
    return f"{words} {note}" if note else words


def friendly_text(p) -> str:
    """A chance as a class reads it: a whole percent and "1 in n" (25% (1 in 4); 5% (about 1 in 19))."""
    p = Fraction(p)
    if p == 0:
        return "0%"
    n = 1 / p
    ratio = f"1 in {n.numerator}" if n.denominator == 1 else f"about 1 in {round(n)}"
    return f"{round(100 * p)}% ({ratio})"


def log_html(lines: list[str], newest: int = 12) -> str:
    """The log for a page: the newest lines whole, the earlier ones folded behind a visible "show all N
    lines" (never a scroll box that hides lines).

    >>> "show all 20 lines" in log_html([f"day {n}" for n in range(20)])
    True
    """
    def body(part) -> str:
        return "".join(f"<div>{html.escape(line)}</div>" for line in part)

    earlier, recent = lines[:-newest] if len(lines) > newest else [], lines[-newest:]
    folded = (f"<details class='pl-show-all'><summary>show all {len(lines):,} lines</summary>{body(earlier)}"
              f"</details>") if earlier else ""
    return f"<div class='pl-plunder-log' style='overflow-wrap:anywhere'>{folded}{body(recent) or '<em>nothing yet</em>'}</div>"


# ---------------------------------------------------------------- classroom mode
class ClassroomRound:
    """Plain model: the teacher reveals one day's answers one at a time.

    Before each reveal the class predicts the solver's update (how many deals remain, or a
    probability); :meth:`reveal` adds the answer and returns the new deduction.
    """

    def __init__(self, deduction: Deduction, asker: int, clue, answers: dict[int, str]):
        self.before = deduction.copy()
        record = deduction.parse_record(asker, clue, answers)   # a whole, valid day
        self.asker, self.clue = record.asker, record.clue
        self.order = [(asker + i) % deduction.players for i in range(1, deduction.players)]
        self.answers = dict(record.answers)
        self.revealed: list[int] = []
        self.current = deduction.copy()

    def next_player(self) -> int | None:
        left = [p for p in self.order if p not in self.revealed]
        return left[0] if left else None

    def preview(self) -> Deduction:
        """The deduction after the next reveal (what the class is predicting)."""
        player = self.next_player()
        if player is None:
            raise InvalidInput("Every answer of this day is already revealed.")
        return self._with([*self.revealed, player])

    def _with(self, players) -> Deduction:
        after = self.before.copy()
        after.record(self.asker, self.clue, {p: self.answers[p] for p in players}, partial=True)
        return after

    def reveal(self) -> Deduction:
        after = self.preview()
        self.revealed.append(self.next_player())
        self.current = after
        return after


class ClassroomView(widgets.HBox):
    """Teacher's panel: reveal answers one by one; the class types its prediction of the new count first.

    The questions on the left, the right grid beside them (:meth:`GridLayout.compact`), so the whole round
    fits one projector screen.  A prediction gets feedback that teaches (:class:`~.questions.Question`):
    empty, not a whole number, higher or lower."""

    def __init__(self, round_: ClassroomRound):
        self.round = round_
        self.grid = SolutionGridView(round_.current, layout=GridLayout.compact(round_.current.players,
                                                                               round_.current.cards), modes=False)
        self.header = widgets.HTML()
        self.prediction = widgets.Text(placeholder="how many deals?", continuous_update=False,
                                       layout=widgets.Layout(width="10em"))
        self.prediction.add_class("pl-plunder-predict")
        self.check_button = wide_button("Check")
        self.check_button.add_class("pl-check")
        self.feedback = widgets.HTML()
        self.reveal_button = wide_button("Reveal the next answer", button_style="info")
        self.reveal_button.add_class("pl-plunder-reveal")
        self.reveal_button.on_click(lambda _: guard(self.feedback)(self.reveal)())
        self.check_button.on_click(lambda _: self.check(self.prediction.value))
        self.prediction.observe(lambda change: self.check(change["new"]) if change["new"].strip() else None,
                                names="value")
        self._question: Question | None = None
        self.grid.children = (self.grid.board,)          # its "why" goes under the questions
        left = widgets.VBox([self.header, _row([self.prediction, self.check_button]), self.feedback,
                             self.reveal_button, self.grid.why],
                            layout=widgets.Layout(flex="1 1 320px", min_width="280px", margin="0 12px 0 0"))
        super().__init__([left, self.grid], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                  max_width="100%"))
        self.add_class("pl-plunder-classroom")
        self.refresh()

    def question(self) -> Question:
        """The prediction asked now: the solver's count after the next reveal."""
        if self._question is None:
            self._question = Question(self.round.preview().count(), unit="count")
        return self._question

    def check(self, text: str) -> bool | None:
        """Compare a prediction with the exact count after the next reveal (a day no deal fits: say so)."""
        if self.round.next_player() is None:
            return None
        try:
            feedback = self.question().check(str(text))
        except InvalidInput as error:
            self.feedback.value = error_html(error)
            return None
        colour = {"right": "#1b7f3b", "empty": "#6b4f2a"}.get(feedback.status, "#b22222")
        mark = {"right": "✔ ", "empty": ""}.get(feedback.status, "✘ ")
        self.feedback.value = (f"<span class='pl-feedback-{feedback.status}' style='color:{colour};font-weight:600'>"
                               f"{mark}{html.escape(feedback.message)}</span>")
        return feedback.ok

    def reveal(self) -> None:
        self.round.reveal()
        self._question = None
        self.prediction.value = ""
        self.feedback.value = ""
        self.refresh()

    def refresh(self) -> None:
        r = self.round
        said = ", ".join(f"{pirate_name(p)}: {'Aye!' if r.answers[p] else 'Nay!'}" for p in r.revealed) or "nobody yet"
        nxt = r.next_player()
        self.header.value = (f"<b>{html.escape(pirate_name(r.asker))} announces "
                             f"{html.escape(location_name(r.clue))}</b><br>Answers so far: {html.escape(said)}<br>"
                             f"Deals that fit everything said: <b class='pl-plunder-deals'>{r.current.count():,}</b><br>"
                             + (f"Next to answer: {html.escape(pirate_name(nxt))}. How many deals will still fit?"
                                if nxt is not None else "Every answer is in."))
        self.reveal_button.disabled = nxt is None
        self.prediction.disabled = self.check_button.disabled = nxt is None
        self.grid.set_deduction(r.current)
