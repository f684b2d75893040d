"""Plunder (2013) lesson controls: something to do on each probability screen, wired to the exact count.

- :class:`DealPanel`: deal the other pirates' map cards at random (every deal equally likely);
- :class:`HandGrid`: the 125 hands Barnacle Bill may hold, clickable, the hands asked about shaded and counted;
- :class:`AyeDealer`: deal Bill's cards 10, 100 or 1,000 times against the exact chance;
- :class:`DayStepper`: add the days one by one and watch the fitting deals shrink;
- :class:`DigPicker`: choose where to dig for Bill's treasure: the deals that put it there;
- :class:`ChestReader`: turn the chest over one crew card at a time.

Every roll is seeded (the same on every page; the screen's Reset builds the control again).

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › Game End and Scoring
"""
from __future__ import annotations

import html
import random

import ipywidgets as widgets

from pirates_lab.plunder_2013 import CATEGORIES, card_name, location_name, pirate_name
from pirates_lab.plunder_2013 import lessons as scenes
from pirates_lab.plunder_2013.game import score_chest

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .plunder_2013_grid import day_grid_html, short_name

__all__ = ["DealPanel", "HandGrid", "hand_grid_ops", "hand_at", "AyeDealer", "DayStepper", "DigPicker",
           "ChestReader", "button"]

SHADES = {"nay": ("#9fb8d9", "hands that say Nay"), "aye": ("#9fd0a6", "hands that say Aye"),
          "island": ("#f0c36d", "hands with the clue island")}
BUTTONS = {"nay": "Shade the Nay hands", "aye": "Shade the Aye hands", "island": "Shade the Parrot Island hands"}


def button(description: str, css: str = "", **options) -> widgets.Button:
    """A button as wide as its label."""
    b = widgets.Button(description=description, layout=widgets.Layout(width="auto", min_width="fit-content"),
                       **options)
    if css:
        b.add_class(css)
    return b


def _row(children) -> widgets.HBox:
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))


def _table(rows, header) -> str:
    head = "".join(f"<th style='padding:0 .5em'>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:0 .5em'>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table style='border-collapse:collapse;line-height:1.15'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# ---------------------------------------------------------------- deal the other pirates' cards
class DealPanel(widgets.VBox):
    """Deal the three other pirates' map cards at random, as Setup does: one deal of many, all equally likely."""

    def __init__(self, seed: int = 2013):
        self.rng = random.Random(seed)
        self.deals = 0
        self.deal_button = button("Deal the other pirates' cards", "pl-plunder-deal", button_style="info")
        self.deal_button.on_click(lambda _: self.deal())
        self.shown = widgets.HTML("<i>Press the button: the other pirates get their secret cards.</i>",
                                  layout=widgets.Layout(margin="0 0 0 12px"))
        self.shown.add_class("pl-plunder-dealt")
        super().__init__([widgets.HBox([self.deal_button, self.shown],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))])

    def deal(self) -> dict:
        hands = scenes.deal_the_others(self.rng)
        self.deals += 1
        rows = [[html.escape(pirate_name(p))] + [html.escape(card_name(c, x)) for c, x in zip(CATEGORIES, hand)]
                 for p, hand in hands.items()]
        self.shown.value = _table(rows, (f"Deal {self.deals}", "Island", "Marker", "Trap"))
        return hands


# ---------------------------------------------------------------- the 125 hands Bill may hold
CELL, GAP, LABEL, TOP = 16, 10, 118, 20


def _grid_size() -> tuple[int, int]:
    return LABEL + 5 * (5 * CELL + GAP), TOP + 5 * CELL + 6


def hand_grid_ops(shade: str = "", picked: tuple[int, int, int] | None = None) -> tuple[DrawOp, ...]:
    """The hands as a picture: a row per island, a block of 5 × 5 boxes per island row (markers across in
    groups, traps within a group); the hands of ``shade`` ("nay", "aye" or "island") filled, the clue cards'
    row and columns outlined, the ``picked`` hand ringed."""
    islands, markers, traps = scenes.unseen_cards()
    clue = scenes.DAYS[0][1]
    width, height = _grid_size()
    d = Drawing().clear().rect(0, 0, width, height, fill="#fbf7ef")
    for g, marker in enumerate(markers):
        x0 = LABEL + g * (5 * CELL + GAP)
        d.text(short_name("marker", marker), x0 + 5 * CELL / 2, TOP / 2, font=("bold " if marker == clue[1] else "")
               + "12px sans-serif", align="center", max_width=5 * CELL + GAP - 2)
    for r, island in enumerate(islands):
        y = TOP + r * CELL
        d.text(card_name("island", island), 4, y + CELL / 2, font=("bold " if island == clue[0] else "")
               + "12px sans-serif", max_width=LABEL - 6)
        for g, marker in enumerate(markers):
            for t, trap in enumerate(traps):
                x = LABEL + g * (5 * CELL + GAP) + t * CELL
                hand = (island, marker, trap)
                aye = any(h == c for h, c in zip(hand, clue))
                on = {"nay": not aye, "aye": aye, "island": island == clue[0]}.get(shade, False)
                d.rect(x, y, CELL, CELL, fill=SHADES[shade][0] if on else "#ffffff", stroke="#c8b48a")
                if trap == clue[2]:
                    d.line(x + CELL - 1, y, x + CELL - 1, y + CELL, stroke="#b22222", width=2)
                if picked == hand:
                    d.circle(x + CELL / 2, y + CELL / 2, CELL / 2 - 2, stroke="#1f3b63", width=3)
    return d.ops


def hand_at(x: float, y: float) -> tuple[int, int, int] | None:
    """The hand under the point (x, y) of :func:`hand_grid_ops`, or None (a label, a gap)."""
    islands, markers, traps = scenes.unseen_cards()
    r, rest = int((y - TOP) // CELL), x - LABEL
    g, inner = int(rest // (5 * CELL + GAP)), rest % (5 * CELL + GAP)
    t = int(inner // CELL)
    if y < TOP or rest < 0 or not 0 <= r < 5 or not 0 <= g < 5 or t >= 5:
        return None
    return islands[r], markers[g], traps[t]


class HandGrid(widgets.VBox):
    """Barnacle Bill's 125 equally likely hands against Meg's clues: shade a kind of hand and count it,
    click a hand (or deal one) to read its answer."""

    def __init__(self, shades=("nay",), seed: int = 7):
        self.rng = random.Random(seed)
        self.shade, self.picked = "", None
        width, height = _grid_size()
        self.board = BoardCanvas(width, height, layers=("hands",), css_class="pl-plunder-hands", to_board=hand_at)
        self.board.on_click(self.pick)
        self.toggles = widgets.ToggleButtons(options=[("No shade", "")] + [(BUTTONS[s], s) for s in shades], value="",
                                             style={"button_width": "auto"})
        self.toggles.add_class("pl-plunder-shade")
        self.toggles.observe(lambda change: self.set_shade(change["new"]), names="value")
        self.deal_button = button("Deal Bill a hand", "pl-plunder-deal-hand")
        self.deal_button.on_click(lambda _: self.pick(tuple(self.rng.choice(c) for c in scenes.unseen_cards())))
        self.count = widgets.HTML()
        self.count.add_class("pl-plunder-count")
        self.said = widgets.HTML(layout=widgets.Layout(margin="0 0 0 12px"))
        clue = scenes.DAYS[0][1]
        traps = ", ".join(short_name("trap", t) for t in scenes.unseen_cards()[2])
        key = widgets.HTML(f"<small>A box is one hand Bill may hold: click one. Clues: "
                           f"<b>{html.escape(location_name(clue))}</b>. Traps in a block: {html.escape(traps)} (red)."
                           f"</small>")
        super().__init__([_row([self.toggles, self.deal_button]), self.board, key, _row([self.count, self.said])])
        self.refresh()

    def set_shade(self, shade: str) -> None:
        self.shade = shade
        self.refresh()

    def pick(self, hand) -> None:
        if hand is None:
            return
        self.picked = tuple(hand)
        clue = scenes.DAYS[0][1]
        matches = [card_name(c, x) for c, x, k in zip(CATEGORIES, hand, clue) if x == k]
        self.said.value = (f"Bill holds {html.escape(location_name(hand))}: "
                           + (f"<b>Aye!</b> ({html.escape(', '.join(matches))} matches)" if matches
                              else "<b>Nay!</b> (nothing matches)"))
        self.refresh()

    def refresh(self) -> None:
        self.board.draw("hands", hand_grid_ops(self.shade, self.picked))
        if self.shade:
            hands = scenes.bills_hands()
            clue = scenes.DAYS[0][1]
            n = sum(1 for hand, aye in hands if {"nay": not aye, "aye": aye, "island": hand[0] == clue[0]}[self.shade])
            self.count.value = f"Shaded: <b>{n} of the {len(hands)}</b> {SHADES[self.shade][1]}."
        else:
            self.count.value = ""


# ---------------------------------------------------------------- dealing Bill's cards many times
class AyeDealer(widgets.VBox):
    """Deal Bill's three cards again and again; the share of Ayes beside the exact chance."""

    def __init__(self, seed: int = 2024):
        self.seed = seed
        self.rng = random.Random(seed)
        self.deals = self.ayes = 0
        self.buttons = [button(f"Deal {n:,} times", f"pl-plunder-deal-{n}") for n in (10, 100, 1000)]
        for b, n in zip(self.buttons, (10, 100, 1000)):
            b.on_click(lambda _, n=n: self.deal(n))
        self.again = button("Start again", "pl-plunder-again")
        self.again.on_click(lambda _: self.start_again())
        self.shown = widgets.HTML()
        self.shown.add_class("pl-plunder-tally")
        super().__init__([_row(self.buttons + [self.again]), self.shown])
        self.refresh()

    def deal(self, n: int) -> None:
        said = scenes.deal_bills_hands(self.rng, n)
        self.deals += n
        self.ayes += sum(said)
        self.refresh()

    def start_again(self) -> None:
        self.rng = random.Random(self.seed)
        self.deals = self.ayes = 0
        self.refresh()

    def refresh(self) -> None:
        if not self.deals:
            self.shown.value = "<i>No deals yet: press a button.</i>"
            return
        share = self.ayes / self.deals
        bar = (f"<div style='width:20em;max-width:100%;height:1.2em;background:#9fb8d9;border:1px solid #555'>"
               f"<div style='width:{100 * share:.1f}%;height:100%;background:#1b7f3b'></div></div>")
        self.shown.value = (f"Bill said <b>Aye in {self.ayes:,} of {self.deals:,} deals</b> "
                            f"(about {round(100 * share)} in 100).{bar}"
                            f"<small>Green: Aye. Blue: Nay. The exact chance counts hands, not deals: "
                            f"61 of the 125.</small>")


# ---------------------------------------------------------------- the days, one by one
class DayStepper(widgets.VBox):
    """Add Sneaky Pete's days one by one: the left grid grows and the fitting deals shrink; the last day's
    count is left for the class to predict."""

    def __init__(self, shown_days: int = 2):
        self.limit, self.days = shown_days, 0
        self.counts = [scenes.deduction_after(k).count() for k in range(shown_days + 1)]
        self.next_button = button("Add the next day", "pl-plunder-next-day", button_style="info")
        self.next_button.on_click(lambda _: self.step())
        self.grid = widgets.HTML(layout=widgets.Layout(margin="0 12px 0 0"))
        self.shown = widgets.HTML()
        self.shown.add_class("pl-plunder-deals")
        super().__init__([widgets.HBox([widgets.VBox([self.next_button, self.grid]), self.shown],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))])
        self.refresh()

    def step(self) -> None:
        if self.days < len(scenes.DAYS):
            self.days += 1
        self.refresh()

    def refresh(self) -> None:
        self.grid.value = day_grid_html(scenes.deduction_after(self.days))
        lines = ["Before any clue: <b>{:,}</b> deals fit".format(self.counts[0])]
        for day in range(1, self.days + 1):
            lines.append(f"After day {day}: <b>{self.counts[day]:,}</b> fit" if day <= self.limit
                         else f"After day {day}: <b>?</b> (predict it below)")
        self.shown.value = "<br>".join(lines)
        self.next_button.disabled = self.days >= len(scenes.DAYS)


# ---------------------------------------------------------------- where to dig
class DigPicker(widgets.VBox):
    """Choose a place for Barnacle Bill's treasure: how many of the deals that fit put it there.
    ``finder``: also choose whether a right dig makes Pete the first, second or third finder."""

    def __init__(self, finder: bool = False):
        self.counts = dict(scenes.location_counts())
        self.total = sum(self.counts.values())
        cards = scenes.unseen_cards()
        self.pickers = {c: widgets.Dropdown(options=[(card_name(c, x), x) for x in cards[k]], description=c.title(),
                                            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
                        for k, c in enumerate(CATEGORIES)}
        for picker in self.pickers.values():
            picker.observe(lambda change: self.refresh(), names="value")
        self.finder = widgets.Dropdown(options=[("first: 3 points", 3), ("second: 2 points", 2), ("third: 1 point", 1)],
                                       value=2, description="If right, Pete is the finder", style={"description_width":
                                                                                                     "initial"},
                                       layout=widgets.Layout(width="auto"))
        self.finder.observe(lambda change: self.refresh(), names="value")
        self.top_button = button("Show the three likeliest places", "pl-plunder-likeliest")
        self.top_button.on_click(lambda _: self.show_top())
        self.shown, self.top = widgets.HTML(), widgets.HTML(layout=widgets.Layout(margin="0 0 0 12px"))
        self.shown.add_class("pl-plunder-place")
        ask = widgets.HTML("<b>Where is Bill's treasure?</b>", layout=widgets.Layout(margin="0 8px 0 0"))
        rows = [_row([ask] + list(self.pickers.values()) + ([self.finder] if finder else []))]
        self.shown.layout.margin = "0 0 0 12px"
        super().__init__(rows + [_row([self.top_button, self.shown]), self.top])
        self.with_finder = finder
        self.refresh()

    def place(self) -> tuple[int, int, int]:
        return tuple(self.pickers[c].value for c in CATEGORIES)

    def refresh(self) -> None:
        place = self.place()
        n = self.counts.get(place, 0)
        text = f"<b>{n:,} of the {self.total:,}</b> deals that fit put Bill's treasure there."
        if self.with_finder:
            text += f" A right dig there earns Pete <b>{self.finder.value}</b>; a wrong one earns 0."
        self.shown.value = text

    def show_top(self) -> None:
        rows = [[html.escape(location_name(place)), f"{n:,}"] for place, n in scenes.location_counts()[:3]]
        self.top.value = _table(rows, ("Place", f"deals of the {self.total:,}"))


# ---------------------------------------------------------------- the chest, one card at a time
class ChestReader(widgets.VBox):
    """Turn the Treasure Chest over and read it one crew card at a time: who sent it where, who scores, what
    is left on each My Treasure row, and only the found pirates' map cards revealed."""

    def __init__(self):
        self.turned = 0
        self.next_button = button("Turn over the next crew card", "pl-plunder-chest-next", button_style="info")
        self.next_button.on_click(lambda _: self.turn())
        self.shown = widgets.HTML()
        self.shown.add_class("pl-plunder-chest")
        self.earlier = widgets.HTML()
        self.newest = widgets.HTML(layout=widgets.Layout(margin="0 0 0 12px", flex="1 1 300px"))
        super().__init__([_row([self.next_button, self.newest]), self.shown, self.earlier])
        self.refresh()

    def turn(self) -> None:
        self.turned = min(self.turned + 1, len(scenes.CHEST))
        self.refresh()

    def refresh(self) -> None:
        after = scenes.chest_after(self.turned)
        newest = (f"Card {self.turned} of {len(scenes.CHEST)}: <b>{html.escape(after['lines'][-1])}</b>"
                  if after["lines"] else "<i>No card turned over yet.</i>")
        earlier = "".join(f"<li>{html.escape(line)}</li>" for line in after["lines"][:-1])
        _, _, finders = score_chest(list(scenes.HANDS), list(scenes.CHEST[:self.turned]))
        keeps = (6, 3, 1, 0)
        rows = []
        for p in range(scenes.PLAYERS):
            stolen = [f"+{points}" for owner in range(scenes.PLAYERS) for finder, points in finders[owner]
                      if finder == p]
            cards = after["revealed"].get(pirate_name(p)) or ("yours, known to you" if p == scenes.ME
                                                              else "still secret")
            rows.append([html.escape(pirate_name(p)), str(keeps[min(len(finders[p]), 3)]), " ".join(stolen) or "-",
                         html.escape(cards)])
        self.newest.value = newest
        self.shown.value = _table(rows, ("Pirate", "Treasure left", "Stolen", "Map cards"))
        self.earlier.value = (f"<details><summary>The cards before</summary><ol style='margin:.2em 0'>{earlier}</ol>"
                              f"</details>") if earlier else ""
        self.next_button.disabled = self.turned >= len(scenes.CHEST)
