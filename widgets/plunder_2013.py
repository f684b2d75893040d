"""Plunder (2013) front-ends: the Solution Grid, a table against computer pirates, a classroom.

Models are plain Python (:class:`GridMarks`, :class:`PlunderMatch`, :class:`ClassroomRound`);
the Solution Grid is drawn by the pure function :func:`solution_grid_ops` (state in, draw
operations out) and clicked through :func:`cell_at`; the widgets only wire them together.

Rules: Plunder (2013) › Using the Solution Grids
"""
from __future__ import annotations

import html
import random
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import InvalidInput
from pirates_lab.plunder_2013 import (CATEGORIES, Answer, ComputerPirate, Deduction, Dig, FlipExtra, Game, Keep,
                                      Pass, card_name, dig_advice, flip_advice, location_name, pirate_name)
from pirates_lab.plunder_2013.game import score_chest

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp, shade
from .kit import error_html, exact_answer, guard
from .numbers import friendly_html

__all__ = ["GridLayout", "GridMarks", "solution_grid_ops", "cell_at", "PlunderMatch", "PlunderTable",
           "SolutionGridView", "ClassroomRound", "ClassroomView", "answer_word", "fit_to_width", "wide_button",
           "scale_ops"]

MARK_CYCLE = {"": "X", "X": "O", "O": ""}


def fit_to_width(board: BoardCanvas, width: int) -> None:
    """Let a board shrink with its box (never wider than drawn, never a sideways scroll): the canvas
    keeps its drawing size and aspect; ipycanvas maps clicks back to canvas coordinates."""
    board.canvas.layout.width = "100%"
    board.canvas.layout.max_width = f"{width}px"
    board.canvas.layout.height = "auto"
    board.layout.width = "100%"
    board.layout.max_width = f"{width}px"


def wide_button(description: str, **options) -> widgets.Button:
    """A button as wide as its label (ipywidgets' fixed 148 px cuts long labels in large fonts)."""
    return widgets.Button(description=description, layout=widgets.Layout(width="auto", min_width="fit-content"),
                          **options)


def _row(children) -> widgets.HBox:
    """A row of controls that wraps instead of scrolling sideways."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))


def answer_word(aye: bool) -> str:
    return "Y" if aye else "N"


# ---------------------------------------------------------------- geometry of the grid
@dataclass(frozen=True)
class GridLayout:
    """Where everything sits: the day grid on the left, one X/O block per rival on the right."""

    players: int
    cards: int = 6
    days: int = 15
    row: int = 24
    day_width: int = 40
    clue_width: int = 54
    pirate_width: int = 40
    gap: int = 30
    cell: int = 36
    label_width: int = 118
    top: int = 34

    @property
    def left_width(self) -> int:
        return self.day_width + 3 * self.clue_width + self.players * self.pirate_width

    @property
    def right_x(self) -> int:
        return self.left_width + self.gap

    @property
    def block_height(self) -> int:
        return self.row + 3 * self.cell + 10

    @property
    def width(self) -> int:
        return self.right_x + self.label_width + self.cards * self.cell + 10

    def height(self, rivals: int) -> int:
        left = self.top + (self.days + 2) * self.row + 10
        right = self.top + rivals * self.block_height + 10
        return max(left, right)

    def cell_origin(self, block: int, category: int, card: int) -> tuple[int, int]:
        x = self.right_x + self.label_width + (card - 1) * self.cell
        y = self.top + block * self.block_height + self.row + category * self.cell
        return x, y


@dataclass
class GridMarks:
    """The marks a player writes by hand on the right grid: (player, category, card) -> "X"/"O"."""

    marks: dict = field(default_factory=dict)

    def cycle(self, cell: tuple[int, str, int]) -> str:
        """Blank -> X -> O -> blank, as a pencil would."""
        new = MARK_CYCLE[self.marks.get(cell, "")]
        if new:
            self.marks[cell] = new
        else:
            self.marks.pop(cell, None)
        return new

    def disagreements(self, deduction: Deduction) -> list[tuple[int, str, int]]:
        """Hand marks the solver proves wrong (an X on a possible card, an O on an impossible one...)."""
        marginals = deduction.marginals()
        wrong = []
        for (player, category, card), mark in sorted(self.marks.items()):
            p = marginals[player][category][card]
            if (mark == "X" and p > 0) or (mark == "O" and p == 0):
                wrong.append((player, category, card))
        return wrong


def solution_grid_ops(deduction: Deduction, *, mode: str = "solver", marks: GridMarks | None = None,
                      days: int = 15, selected: tuple[int, str, int] | None = None,
                      finders: int = 0) -> tuple[DrawOp, ...]:
    """The Solution Grid as draw operations (pure: the same deduction always gives the same ops).

    Left: one row per day (clue cards, then Y/N per pirate; "-" for the asker).  Right: one
    block per rival, rows island/marker/trap, columns cards 1..n.  ``mode="solver"``: the printed
    marks from the exact solver (X ruled out, O he might have it: see the rule cited below), each O
    shaded by its probability with its percentage, or a ✓ when certain; ``mode="hand"``: only the
    marks in ``marks``.  The "My Treasure" row shows 6, 3, 1 with one crossed out per pirate who
    found your treasure (``finders``: known once the chest is read).

    Rules: Plunder (2013) › Using the Solution Grids
    Rules: Plunder (2013) › Game End and Scoring
    """
    if mode not in ("solver", "hand"):
        raise InvalidInput(f"mode is 'solver' or 'hand', not {mode!r}")
    layout = GridLayout(deduction.players, deduction.cards, max(days, len(deduction.records)))
    rivals = deduction.rivals()
    d = Drawing().clear().rect(0, 0, layout.width, layout.height(len(rivals)), fill="#fbf7ef")
    d.text(f"Solution Grid of {pirate_name(deduction.me)}", 6, 14, font="bold 16px sans-serif")
    x0 = layout.right_x
    d.text("My Treasure", x0, 14, font="15px sans-serif")
    for k, value in enumerate((6, 3, 1)):
        x = x0 + 110 + 28 * k
        d.text(str(value), x, 14, font="bold 16px sans-serif", align="center")
        if k < finders:
            d.line(x - 9, 22, x + 9, 6, stroke="#b22222", width=2)
    # ---- left grid: days
    y0 = layout.top
    headers = ["Day", "Island", "Marker", "Trap"] + [pirate_name(p).split()[-1][:5] for p in range(deduction.players)]
    xs = [0, layout.day_width] + [layout.day_width + k * layout.clue_width for k in (1, 2, 3)]
    xs += [xs[-1] + k * layout.pirate_width for k in range(1, deduction.players)]
    widths = [layout.day_width] + [layout.clue_width] * 3 + [layout.pirate_width] * deduction.players
    for x, w, label in zip(xs, widths, headers):
        d.rect(x, y0, w, layout.row, fill="#e8dcc2", stroke="#8b5a2b")
        d.text(label, x + w / 2, y0 + layout.row / 2, font="14px sans-serif", align="center")
    for day in range(layout.days):
        y = y0 + (day + 1) * layout.row
        record = deduction.records[day] if day < len(deduction.records) else None
        cells = [str(day + 1)]
        if record is not None:
            cells += [str(c) for c in record.clue]
            said = dict(record.answers)
            cells += ["-" if p == record.asker else answer_word(said[p]) if p in said else "?"
                      for p in range(deduction.players)]
        else:
            cells += [""] * (3 + deduction.players)
        for x, w, text in zip(xs, widths, cells):
            d.rect(x, y, w, layout.row, fill="#ffffff", stroke="#c8b48a")
            if text:
                colour = "#1b7f3b" if text == "Y" else "#b22222" if text == "N" else "#000000"
                d.text(text, x + w / 2, y + layout.row / 2, fill=colour, font="15px sans-serif", align="center")
    # ---- right grid: one block per rival
    cells = deduction.cells() if mode == "solver" else None
    for block, player in enumerate(rivals):
        top = layout.top + block * layout.block_height
        d.text(pirate_name(player), layout.right_x, top + layout.row / 2, font="bold 15px sans-serif")
        for card in range(1, deduction.cards + 1):
            x, _ = layout.cell_origin(block, 0, card)
            d.text(str(card), x + layout.cell / 2, top + layout.row / 2, font="14px sans-serif", align="center")
        for c, category in enumerate(CATEGORIES):
            _, y = layout.cell_origin(block, c, 1)
            d.text(category.title(), layout.right_x, y + layout.cell / 2, font="15px sans-serif")
            for card in range(1, deduction.cards + 1):
                x, y = layout.cell_origin(block, c, card)
                cell = cells[player][category][card] if cells is not None else None
                if cell is not None:
                    mark = cell.mark
                    fill = "#ffffff" if mark == "X" else shade(float(cell.probability))
                else:
                    mark = (marks.marks if marks else {}).get((player, category, card), "")
                    fill = "#ffffff"
                d.rect(x, y, layout.cell, layout.cell, fill=fill, stroke="#8b5a2b")
                if cell is not None and mark == "O":
                    # the printed O ("he might have it"); certainty as a ✓, the chance as a percentage
                    ink = "#ffffff" if cell.probability > Fraction(1, 2) else "#222222"
                    d.text("O", x + layout.cell / 2, y + 11, fill=ink, font="bold 14px sans-serif", align="center")
                    d.text("✓" if cell.certain else cell.percent(), x + layout.cell / 2, y + layout.cell - 9,
                           fill=ink, font="bold 12px sans-serif", align="center")
                elif mark:
                    d.text(mark, x + layout.cell / 2, y + layout.cell / 2,
                           fill="#444444" if mark == "X" else "#1b4f8b", font="bold 18px sans-serif", align="center")
                if selected == (player, category, card):
                    d.rect(x + 2, y + 2, layout.cell - 4, layout.cell - 4, stroke="#1f3b63", width=3)
    return d.ops


def scale_ops(ops, factor: float) -> tuple[DrawOp, ...]:
    """The same drawing ``factor`` times larger (coordinates, sizes, line widths and font sizes), so a
    canvas can be drawn sharp at projector size and shrink with its box.

    >>> scale_ops(Drawing().text("O", 10, 4, font="bold 12px sans-serif").ops, 1.5)[0].font
    'bold 18px sans-serif'
    """
    def font(text):
        return re.sub(r"(\d+(?:\.\d+)?)px", lambda m: f"{float(m.group(1)) * factor:g}px", text) if text else text

    scaled = []
    for op in ops:
        if op.kind == "polygon":
            args = ([(x * factor, y * factor) for x, y in op.args[0]],)
        elif op.kind == "text":
            args = (op.args[0], op.args[1] * factor, op.args[2] * factor)
        else:
            args = tuple(a * factor for a in op.args)
        scaled.append(replace(op, args=args, width=op.width * factor, font=font(op.font)))
    return tuple(scaled)


def cell_at(deduction: Deduction, x: float, y: float) -> tuple[int, str, int] | None:
    """The right-grid cell (player, category, card) under canvas point (x, y), or None."""
    layout = GridLayout(deduction.players, deduction.cards)
    for block, player in enumerate(deduction.rivals()):
        for c, category in enumerate(CATEGORIES):
            for card in range(1, deduction.cards + 1):
                cx, cy = layout.cell_origin(block, c, card)
                if cx <= x < cx + layout.cell and cy <= y < cy + layout.cell:
                    return (player, category, card)
    return None


# ---------------------------------------------------------------- the grid widget
class SolutionGridView(widgets.VBox):
    """The Solution Grid on a canvas: filled by hand or by the solver; click a cell for "why"."""

    #: drawn this many times the layout's size (sharp on a projector); the canvas shrinks to its box
    SCALE = 1.5

    def __init__(self, deduction: Deduction, *, mode: str = "solver", days: int = 15):
        self.deduction = deduction
        self.finders = 0
        self.marks = GridMarks()
        self.days = days
        self.selected: tuple[int, str, int] | None = None
        layout = GridLayout(deduction.players, deduction.cards, days)
        scale = self.SCALE
        self.board = BoardCanvas(round(layout.width * scale), round(layout.height(len(deduction.rivals())) * scale),
                                 layers=("grid",), css_class="pl-plunder-grid",
                                 to_board=lambda x, y: cell_at(self.deduction, x / scale, y / scale))
        fit_to_width(self.board, self.board.width)
        self.mode = widgets.ToggleButtons(options=[("Solver", "solver"), ("By hand", "hand")], value=mode,
                                          style={"button_width": "auto"})
        self.mode.add_class("pl-plunder-grid-mode")
        self.why = widgets.HTML("<i>Click a cell of the right grid: the solver says why.</i>")
        self.why.add_class("pl-plunder-why")
        self.board.on_click(self.click)
        self.mode.observe(lambda change: self.refresh(), names="value")
        super().__init__([self.mode, self.board, self.why])
        self.refresh()

    def set_deduction(self, deduction: Deduction) -> None:
        self.deduction = deduction
        self.refresh()

    def ops(self) -> tuple[DrawOp, ...]:
        return solution_grid_ops(self.deduction, mode=self.mode.value, marks=self.marks, days=self.days,
                                 selected=self.selected, finders=self.finders)

    def refresh(self) -> None:
        self.board.draw("grid", scale_ops(self.ops(), self.SCALE))

    def click(self, cell) -> None:
        if cell is None:
            return
        self.selected = cell
        if self.mode.value == "hand":
            self.marks.cycle(cell)
            wrong = self.marks.disagreements(self.deduction)
            self.why.value = (f"{len(self.marks.marks)} marks by hand; "
                              + (f"the solver disagrees with {len(wrong)}." if wrong else "the solver agrees with all."))
        else:
            self.show_why(*cell)
        self.refresh()

    def show_why(self, player: int, category: str, card: int) -> str:
        explanation = self.deduction.why(player, category, card)
        self.why.value = (f"<b>{html.escape(pirate_name(player))} — {html.escape(card_name(category, card))}"
                          f" ({category} {card}): {friendly_html(explanation.probability)}</b><br>"
                          f"{html.escape(explanation.text)}")
        return explanation.text


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
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                state = state.apply(state.chance_outcomes().sample(self.rng))
            elif player != self.human:
                state = state.apply(self.pirate(state, self.rng))
            else:
                break
        self.state = state

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
        """"choose", "answer", "dig" or "over": what the person is asked to do."""
        return "over" if self.state.is_terminal() else self.state.phase


class PlunderTable(widgets.VBox):
    """Play Plunder (2013) against computer pirates, with the Solution Grid and both advisors."""

    def __init__(self, players: int = 4, seed: int | None = 0, **options):
        self.match = PlunderMatch(players=players, seed=seed, **options)
        self.status = widgets.HTML()
        self.status.add_class("pl-plunder-status")
        self.message = widgets.HTML()
        self.journal = widgets.HTML()
        self.grid = SolutionGridView(self.match.view(), days=self.match.game.days)
        self.advice = widgets.HTML()
        self.advice.add_class("pl-plunder-advice")
        self.keep_button = wide_button("Keep the clues")
        self.flip_buttons = {c: wide_button(f"Flip one more {c}") for c in CATEGORIES}
        self.aye_button = wide_button("Aye!", button_style="success")
        self.nay_button = wide_button("Nay!", button_style="danger")
        n = self.match.game.cards
        self.pickers = {c: widgets.Dropdown(options=[(f"{x}. {card_name(c, x)}", x) for x in range(1, n + 1)],
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
        super().__init__([self.status, self.controls, self.message, self.advice, self.grid, self.journal])
        self.add_class("pl-plunder-table")
        self.refresh()

    def play(self, action) -> None:
        self.match.act(action)
        self.refresh()

    def refresh(self) -> None:
        state, match = self.match.state, self.match
        view = match.view()
        if match.waiting_for() == "over":
            self.grid.finders = len(score_chest(state.hands, state.chest)[2][match.human])
        self.grid.set_deduction(view)
        mine = location_name(match.my_cards)
        crew = state.crew[match.human]
        waiting = match.waiting_for()
        head = (f"<b>You are {html.escape(pirate_name(match.human))}</b>: your treasure is at {html.escape(mine)}. "
                f"Crew cards left: {crew}. Day {state.day} of {match.game.days}.")
        if state.clue is not None:
            head += f"<br>Clues: <b>{html.escape(location_name(state.clue))}</b>"
        if waiting == "over":
            scores = state.scores()
            winners = ", ".join(pirate_name(p) for p in state.winners())
            hands = "; ".join(f"{pirate_name(p)}: {location_name(tuple(h))}" for p, h in enumerate(state.hands))
            head += (f"<br><b>Game over.</b> Scores: {', '.join(f'{pirate_name(p)} {s}' for p, s in enumerate(scores))}."
                     f" Winner: {html.escape(winners)}.<br>Treasures: {html.escape(hands)}")
            self.controls.children = ()
            self.advice.value = ""
        elif waiting == "choose":
            options = flip_advice(view, state.clue, state.public_decks(), asker=match.human)
            self.advice.value = "<b>Flip advisor</b> (expected information, exact answer odds):<br>" + "<br>".join(
                html.escape(str(o)) for o in options)
            legal = state.legal_actions()
            buttons = [self.keep_button] + [b for c, b in self.flip_buttons.items() if FlipExtra(c) in legal]
            self.controls.children = (_row(buttons),)
        elif waiting == "answer":
            self.advice.value = "Answer truthfully: Aye if one or more of your map cards matches the clues."
            self.controls.children = (_row([self.aye_button, self.nay_button]),)
        else:
            lines = []
            me = match.human
            sent = {tuple(card.location) for card in state.chest if card.player == me}
            hunters = sum(1 for p, n in enumerate(state.crew) if n and p != me) - 1
            for rival in view.rivals():
                advice = dig_advice(view, rival, decks=state.public_decks(),
                                    next_asker=(state.asker + 1) % match.game.players, days_left=state.days_left(),
                                    hunters=max(0, hunters), crew_left=state.crew[me],
                                    rivals_left=max(1, len(view.rivals()) - len(sent)))
                lines.append(html.escape(str(advice)))
            self.advice.value = "<b>Dig advisor</b>:<br>" + "<br>".join(lines)
            self.controls.children = (_row(list(self.pickers.values())),
                                      _row([self.dig_button, self.pass_button]))
        self.status.value = head
        self.journal.value = ("<div style='max-height:420px;overflow-y:auto;overflow-x:hidden;overflow-wrap:anywhere'>"
                              "<b>Log</b><br>"
                          + "<br>".join(html.escape(line) for line in state.log[-40:]) + "</div>")


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


class ClassroomView(widgets.VBox):
    """Teacher's panel: reveal answers one by one; the class types its prediction of the new count."""

    def __init__(self, round_: ClassroomRound):
        self.round = round_
        self.grid = SolutionGridView(round_.current)
        self.header = widgets.HTML()
        self.prediction = widgets.Text(placeholder="How many deals will remain?", continuous_update=False)
        self.prediction.add_class("pl-plunder-predict")
        self.feedback = widgets.HTML()
        self.reveal_button = wide_button("Reveal the next answer", button_style="info")
        self.reveal_button.add_class("pl-plunder-reveal")
        self.reveal_button.on_click(lambda _: guard(self.feedback)(self.reveal)())
        self.prediction.observe(lambda change: self.check(change["new"]), names="value")
        super().__init__([self.header, _row([self.prediction, self.reveal_button]), self.feedback, self.grid])
        self.add_class("pl-plunder-classroom")
        self.refresh()

    def check(self, text: str) -> bool | None:
        """Compare a prediction with the exact count after the next reveal (a day no deal fits: say so)."""
        if not str(text).strip() or self.round.next_player() is None:
            return None
        try:
            expected = self.round.preview().count()
        except InvalidInput as error:
            self.feedback.value = error_html(error)
            return None
        ok, message = exact_answer(expected)(str(text))
        self.feedback.value = (f"<span style='color:{'#1b7f3b' if ok else '#b22222'}'>"
                               f"{'✔' if ok else '✘'} {html.escape(message)}</span>")
        return ok

    def reveal(self) -> None:
        self.round.reveal()
        self.prediction.value = ""
        self.refresh()

    def refresh(self) -> None:
        r = self.round
        said = ", ".join(f"{pirate_name(p)}: {'Aye!' if r.answers[p] else 'Nay!'}" for p in r.revealed) or "nobody yet"
        nxt = r.next_player()
        self.header.value = (f"<b>Day: {html.escape(pirate_name(r.asker))} announces "
                             f"{html.escape(location_name(r.clue))}</b><br>Answers so far: {html.escape(said)}<br>"
                             f"Deals that fit everything said: <b>{r.current.count()}</b><br>"
                             + (f"Next to answer: {html.escape(pirate_name(nxt))}. Predict, then reveal."
                                if nxt is not None else "Every answer is in."))
        self.reveal_button.disabled = nxt is None
        self.grid.set_deduction(r.current)
