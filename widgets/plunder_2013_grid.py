"""The Plunder (2013) Solution Grid: its geometry, the marks by hand, the pure drawing and the widget.

The grid is drawn by the pure function :func:`solution_grid_ops` (a deduction in, draw operations out)
and clicked through :func:`cell_at`; :class:`SolutionGridView` only wires them together.  On a lesson
screen the grid is *compact*: the left grid (the days) as a table that grows with the page's fonts, the
right grid (X and O for each rival) on a canvas beside it, so the whole grid fits one projector screen.

Rules: Plunder (2013) › Using the Solution Grids
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import InvalidInput
from pirates_lab.plunder_2013 import CATEGORIES, Deduction, card_name, pirate_name

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp, shade
from .numbers import friendly_html

__all__ = ["GridLayout", "GridMarks", "solution_grid_ops", "cell_at", "SolutionGridView", "day_grid_html",
           "answer_word", "short_name", "MARK_CYCLE"]

MARK_CYCLE = {"": "X", "X": "O", "O": ""}


def short_name(category: str, card: int) -> str:
    """A card's name as a grid box shows it (the clues use the same names; "Island" left out).

    >>> short_name("island", 1), short_name("trap", 3)
    ('Whale', 'Rolling Boulder')
    """
    return card_name(category, card).removesuffix(" Island")


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
    clue_width: int = 70
    pirate_width: int = 40
    gap: int = 30
    cell: int = 36
    cell_width: int = 64           # at most this wide: a box carries its card's name (narrower for many cards)
    label_width: int = 118
    top: int = 34
    show_days: bool = True         # False: the right grid only (the classroom round, beside its questions)

    @classmethod
    def compact(cls, players: int, cards: int = 6) -> "GridLayout":
        """The right grid alone, in smaller boxes: fits beside a column of text on a projector."""
        return cls(players, cards, days=0, row=20, cell=30, cell_width=54, label_width=64, top=6, show_days=False)

    @property
    def left_width(self) -> int:
        if not self.show_days:
            return 0
        return self.day_width + 3 * self.clue_width + self.players * self.pirate_width

    @property
    def right_x(self) -> int:
        return self.left_width + (self.gap if self.show_days else 0)

    @property
    def box_width(self) -> int:
        """A right-grid box's width: room for its card's name, never narrower than tall (12 cards: square)."""
        return max(self.cell, min(self.cell_width, 384 // self.cards))

    @property
    def block_height(self) -> int:
        return self.row + 3 * self.cell + 10

    @property
    def width(self) -> int:
        return self.right_x + self.label_width + self.cards * self.box_width + 10

    def height(self, rivals: int) -> int:
        left = self.top + (self.days + 2) * self.row + 10 if self.show_days else 0
        right = self.top + rivals * self.block_height + 10
        return max(left, right)

    def cell_origin(self, block: int, category: int, card: int) -> tuple[int, int]:
        x = self.right_x + self.label_width + (card - 1) * self.box_width
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
                      finders: int = 0, layout: GridLayout | None = None) -> tuple[DrawOp, ...]:
    """The Solution Grid as draw operations (pure: the same deduction always gives the same ops).

    Left: one row per day (clue cards, then Y/N per pirate; "-" for the asker).  Right: one
    block per rival, rows island/marker/trap, columns cards 1..n.  ``mode="solver"``: the printed
    marks from the exact solver (X ruled out, O he might have it: see the rule cited below), each O
    shaded by its probability with its percentage, or a ✓ when certain; ``mode="hand"``: only the
    marks in ``marks``.  The "My Treasure" row shows 6, 3, 1 with one crossed out per pirate who
    found your treasure (``finders``: known once the chest is read).  ``layout`` (default: the whole
    grid for ``days`` days) may leave the day grid out (:meth:`GridLayout.compact`).

    Rules: Plunder (2013) › Using the Solution Grids
    Rules: Plunder (2013) › Game End and Scoring
    """
    if mode not in ("solver", "hand"):
        raise InvalidInput(f"mode is 'solver' or 'hand', not {mode!r}")
    layout = layout or GridLayout(deduction.players, deduction.cards, max(days, len(deduction.records)))
    rivals = deduction.rivals()
    d = Drawing().clear().rect(0, 0, layout.width, layout.height(len(rivals)), fill="#fbf7ef")
    x0 = layout.right_x
    if layout.show_days:
        d.text("My Treasure", x0, 14, font="15px sans-serif")
        for k, value in enumerate((6, 3, 1)):
            x = x0 + 110 + 28 * k
            d.text(str(value), x, 14, font="bold 16px sans-serif", align="center")
            if k < finders:
                d.line(x - 9, 22, x + 9, 6, stroke="#b22222", width=2)
        d.text(f"Solution Grid of {pirate_name(deduction.me)}", 6, 14, font="bold 16px sans-serif")
        _day_grid(d, deduction, layout)
    _rival_grid(d, deduction, layout, mode, marks, selected)
    return d.ops


def _day_grid(d: Drawing, deduction: Deduction, layout: GridLayout) -> None:
    """The left grid: one row per day, the clue cards, then Y or N under each pirate."""
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
            cells += [short_name(category, c) for category, c in zip(CATEGORIES, record.clue)]
            said = dict(record.answers)
            cells += ["-" if p == record.asker else answer_word(said[p]) if p in said else "?"
                      for p in range(deduction.players)]
        else:
            cells += [""] * (3 + deduction.players)
        for x, w, text in zip(xs, widths, cells):
            d.rect(x, y, w, layout.row, fill="#ffffff", stroke="#c8b48a")
            if text:
                colour = "#1b7f3b" if text == "Y" else "#b22222" if text == "N" else "#000000"
                d.text(text, x + w / 2, y + layout.row / 2, fill=colour, font="15px sans-serif", align="center",
                       max_width=w - 4)


def _rival_grid(d: Drawing, deduction: Deduction, layout: GridLayout, mode: str, marks: GridMarks | None,
                selected) -> None:
    """The right grid: one block per rival, rows island/marker/trap, columns cards 1..n."""
    rivals = deduction.rivals()
    cells = deduction.cells() if mode == "solver" else None
    for block, player in enumerate(rivals):
        top = layout.top + block * layout.block_height
        d.text(pirate_name(player), layout.right_x, top + layout.row / 2, font="bold 15px sans-serif")
        w, h = layout.box_width, layout.cell
        for c, category in enumerate(CATEGORIES):
            _, y = layout.cell_origin(block, c, 1)
            d.text(category.title(), layout.right_x, y + h / 2, font="15px sans-serif",
                   max_width=layout.label_width - 4)
            for card in range(1, deduction.cards + 1):
                x, y = layout.cell_origin(block, c, card)
                cell = cells[player][category][card] if cells is not None else None
                if cell is not None:
                    mark = cell.mark
                    fill = "#ffffff" if mark == "X" else shade(float(cell.probability))
                else:
                    mark = (marks.marks if marks else {}).get((player, category, card), "")
                    fill = "#ffffff"
                d.rect(x, y, w, h, fill=fill, stroke="#8b5a2b")
                light = cell is not None and mark == "O" and cell.probability > Fraction(1, 2)
                ink = "#ffffff" if light else "#222222"
                # every box names its card (the clues use names): the name on top, the mark under it
                d.text(short_name(category, card), x + w / 2, y + h * 0.27, fill="#ffffff" if light else "#6b4f2a",
                       font="12px sans-serif", align="center", max_width=w - 4)
                if cell is not None and mark == "O":
                    # the printed O ("he might have it"); certainty as a ✓, the chance as a percentage
                    d.text("O", x + w * 0.2, y + h * 0.72, fill=ink, font="bold 12px sans-serif", align="center")
                    d.text("✓" if cell.certain else cell.percent(), x + w * 0.62, y + h * 0.72, fill=ink,
                           font="bold 12px sans-serif", align="center", max_width=w * 0.7)
                elif mark:
                    d.text(mark, x + w / 2, y + h * 0.7,
                           fill="#444444" if mark == "X" else "#1b4f8b", font="bold 14px sans-serif", align="center")
                if selected == (player, category, card):
                    d.rect(x + 2, y + 2, w - 4, h - 4, stroke="#1f3b63", width=3)


def cell_at(deduction: Deduction, x: float, y: float,
            layout: GridLayout | None = None) -> tuple[int, str, int] | None:
    """The right-grid cell (player, category, card) under canvas point (x, y), or None."""
    layout = layout or GridLayout(deduction.players, deduction.cards)
    for block, player in enumerate(deduction.rivals()):
        for c, category in enumerate(CATEGORIES):
            for card in range(1, deduction.cards + 1):
                cx, cy = layout.cell_origin(block, c, card)
                if cx <= x < cx + layout.box_width and cy <= y < cy + layout.cell:
                    return (player, category, card)
    return None


# ---------------------------------------------------------------- the grid widget
def day_grid_html(deduction: Deduction, days: int | None = None, stacked: bool = False) -> str:
    """The left grid as a table (it grows with the page's fonts): one row per day, the three clue cards,
    then Y or N under each pirate ("-" for the pirate whose turn it was).  ``stacked``: the three clue
    cards in one column, one name a line (a narrow column beside the right grid: the cards are named, so the
    printed three columns would not fit).

    >>> s = Deduction(players=3, me=0, my_cards=(1, 1, 1)); s.record(1, (2, 3, 4), {0: "nay", 2: "aye"})
    >>> shown = day_grid_html(s)
    >>> [cell for cell in ("<td>Starfish Island</td>", "N</span>", "<td>-</td>", "Y</span>") if cell not in shown]
    []
    """
    days = max(days or 0, len(deduction.records))
    clue_heads = ["Clues"] if stacked else ["Island", "Marker", "Trap"]
    head = ["Day"] + clue_heads + [pirate_name(p).split()[-1][:5] for p in range(deduction.players)]
    rows = []
    for day in range(days):
        record = deduction.records[day] if day < len(deduction.records) else None
        cells = [str(day + 1)]
        if record is None:
            cells += [""] * (len(clue_heads) + deduction.players)
        else:
            said = dict(record.answers)
            names = [html.escape(card_name(category, c)) for category, c in zip(CATEGORIES, record.clue)]
            cells += ["<br>".join(names)] if stacked else names
            for p in range(deduction.players):
                if p == record.asker:
                    cells.append("-")
                elif p in said:
                    word = answer_word(said[p])
                    colour = "#1b7f3b" if word == "Y" else "#b22222"
                    cells.append(f"<span style='color:{colour};font-weight:700'>{word}</span>")
                else:
                    cells.append("?")
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    header = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    small = "font-size:85%;line-height:1.15;" if stacked else ""
    return (f"<table class='pl-plunder-days' style='border-collapse:collapse;text-align:center;{small}'>"
            f"<thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


class SolutionGridView(widgets.VBox):
    """The Solution Grid on a canvas: filled by hand or by the solver; click a cell for "why".

    A kit board: with Large fonts it is painted 1.5 times larger (sharp) and shrinks with its box.
    ``compact``: the day grid as a table and the right grid beside it (one projector screen)."""

    def __init__(self, deduction: Deduction, *, mode: str = "solver", days: int = 15,
                 layout: GridLayout | None = None, modes: bool = True, compact: bool = False):
        if compact and layout is None:
            layout = GridLayout.compact(deduction.players, deduction.cards)
        self.deduction = deduction
        self.finders = 0
        self.marks = GridMarks()
        self.days = days
        self.selected: tuple[int, str, int] | None = None
        self.grid_layout = layout = layout or GridLayout(deduction.players, deduction.cards, days)
        # the compact grid (about 460 px painted with Large fonts) always has room: its text floor stays 16 px
        self.board = BoardCanvas(layout.width, layout.height(len(deduction.rivals())), layers=("grid",),
                                 css_class="pl-plunder-grid", shrinks=layout.show_days,
                                 to_board=lambda x, y: cell_at(self.deduction, x, y, self.grid_layout))
        self.mode = widgets.ToggleButtons(options=[("Solver", "solver"), ("By hand", "hand")], value=mode,
                                          style={"button_width": "auto"})
        self.mode.add_class("pl-plunder-grid-mode")
        self.why = widgets.HTML("<i>Click a box of the right grid: the solver says why.</i>")
        self.why.add_class("pl-plunder-why")
        self.board.on_click(self.click)
        self.mode.observe(lambda change: self.refresh(), names="value")
        self.days_table = widgets.HTML()
        self.days_table.add_class("pl-plunder-days-table")
        if compact:
            left = widgets.VBox(([self.mode] if modes else []) + [self.days_table, self.why],
                                layout=widgets.Layout(flex="1 1 300px", min_width="260px", margin="0 12px 0 0"))
            children = [widgets.HBox([left, self.board], layout=widgets.Layout(flex_flow="row wrap",
                                                                               align_items="flex-start"))]
        else:
            children = ([self.mode] if modes else []) + [self.board, self.why]
        super().__init__(children)
        self.add_class("pl-plunder-grid-view")
        self.refresh()

    def set_deduction(self, deduction: Deduction) -> None:
        self.deduction = deduction
        self.refresh()

    def ops(self) -> tuple[DrawOp, ...]:
        return solution_grid_ops(self.deduction, mode=self.mode.value, marks=self.marks, days=self.days,
                                 selected=self.selected, finders=self.finders, layout=self.grid_layout)

    def refresh(self) -> None:
        self.board.draw("grid", self.ops())
        if not self.grid_layout.show_days:
            # the days played and the next one (15 empty rows would only push the page down)
            self.days_table.value = day_grid_html(self.deduction, min(self.days, len(self.deduction.records) + 1),
                                                  stacked=True)

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
                          f": {friendly_html(explanation.probability)}</b><br>"
                          f"{html.escape(explanation.text)}")
        return explanation.text
