"""Things a class does on the Pillage & Plunder lesson's screens: roll two dice on a grid of the 36 rolls, deal
hands from the 282 shuffled cards, fire cannon volleys, fight a mêlée round by round, sail Example 1's battle.

Every control is seeded (the same rolls on every page; Reset builds the screen again, so the rolls start over)
and every picture marks the event a question asks about, with the count beside it ("6 of the 36 rolls").

>>> grid = DiceGrid(lambda a, b: "doubles" if a == b else "not doubles", {"doubles": "#d4a017", "not doubles": "#eef3f8"})
>>> grid.counts()["doubles"], grid.roll_once()[0] in range(1, 7)
(6, True)

Rules: Pillage & Plunder › If the defending ship is faster
Rules: Pillage & Plunder › Stage 4: The Mêlée
"""
from __future__ import annotations

import html
import random
from collections import Counter
from fractions import Fraction
from typing import Callable

import ipywidgets as widgets

from pirates_lab.pillage_and_plunder import lessons as L
from pirates_lab.pillage_and_plunder.battle_reference import sample_battle
from pirates_lab.pillage_and_plunder.battles import Ship

from .canvas import BoardCanvas
from .drawing import Drawing
from .numbers import percent_text

__all__ = ["DiceGrid", "HandDeal", "VolleyRoller", "MeleeChain", "BattleRoller", "ships_table", "CELL"]

#: one square of the dice grid, in canvas pixels
CELL = 26
_MARGIN = 24
_PICK = "#1b2a41"


def _button(text: str, on_click: Callable[[], None], css: str = "pl-pp-play") -> widgets.Button:
    button = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    button.on_click(lambda _: on_click())
    return button


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML("")
    box.add_class(css)
    return box


def _row(*children) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                              grid_gap="8px"))


def _swatch(colour: str) -> str:
    return (f"<span style='display:inline-block;width:0.9em;height:0.9em;background:{colour};"
            f"border:1px solid #6b4f2a;vertical-align:middle'></span>")


# ---------------------------------------------------------------- two dice, 36 rolls
class DiceGrid(widgets.VBox):
    """The 36 equally likely rolls of two dice (the first die across, the second down), each square coloured by
    ``sort(first, second)``; the legend counts the squares of each colour.  **Roll** rolls the two dice and
    marks the square; **Roll 100 times** adds to the tally.  ``again``: the colour that means "roll again" (its
    rolls are rolled again, and counted apart).  ``switch``: a checkbox and the other way to colour the squares.
    ``value``: a number for each roll, averaged over the rolls (the prize of a merchant).
    """

    def __init__(self, sort: Callable[[int, int], str], colours: dict[str, str], *, across: str = "first die",
                 down: str = "second die", seed: int = 1, css: str = "pl-pp-grid", again: str | None = None,
                 switch: tuple[str, Callable[[int, int], str]] | None = None,
                 value: tuple[Callable[[int, int], int], str] | None = None, cell: int = CELL):
        self.colours, self.again, self.value, self.cell = colours, again, value, cell
        self._sorts = (sort, switch[1] if switch else sort)
        self.sort = sort
        self.rng = random.Random(seed)
        self.tally: Counter = Counter()
        self.rolled_again = 0
        self.values: list[int] = []
        self.last: tuple[int, int] | None = None
        size = cell * 6 + _MARGIN + 4
        self.board = BoardCanvas(size, size, layers=("grid",), css_class=css)
        self.board.on_click(self._clicked)
        self.legend = _html("pl-pp-legend")
        self.said = _html("pl-pp-rolled")
        controls = [_button("Roll", self.roll_once), _button("Roll 100 times", lambda: self.roll_many(100))]
        self.switch = None
        if switch:
            self.switch = widgets.Checkbox(value=False, description=switch[0], indent=False,
                                           layout=widgets.Layout(width="auto"))
            self.switch.observe(self._switched, "value")
            controls.append(self.switch)
        axes = _html("pl-pp-axes")
        axes.value = f"<div>Across: {html.escape(across)}. Down: {html.escape(down)}.</div>"
        side = widgets.VBox([axes, self.legend, _row(*controls), self.said],
                           layout=widgets.Layout(flex="1 1 320px", min_width="0"))
        super().__init__([_row(self.board, side)])
        self._show()

    def counts(self) -> Counter:
        """How many of the 36 squares each colour has."""
        return Counter(self.sort(a, b) for a in range(1, 7) for b in range(1, 7))

    def _switched(self, change) -> None:
        self.sort = self._sorts[1] if change["new"] else self._sorts[0]
        self.tally, self.rolled_again, self.values, self.last = Counter(), 0, [], None
        self._show()

    def _clicked(self, point) -> None:
        x, y = point
        a, b = int((x - _MARGIN) // self.cell) + 1, int((y - _MARGIN) // self.cell) + 1
        if 1 <= a <= 6 and 1 <= b <= 6:
            self.last = (a, b)
            self.said.value = f"<div>The square you clicked: {a} and {b}, <b>{html.escape(self.sort(a, b))}</b>.</div>"
            self._draw()

    def roll_once(self) -> tuple[int, int]:
        """Roll the two dice (again while they land on a "roll again" square); mark and count the roll."""
        while True:
            roll = self.rng.randint(1, 6), self.rng.randint(1, 6)
            if self.sort(*roll) != self.again:
                break
            self.rolled_again += 1
        self.last = roll
        self.tally[self.sort(*roll)] += 1
        if self.value:
            self.values.append(self.value[0](*roll))
        self._show()
        return roll

    def roll_many(self, n: int) -> None:
        for _ in range(n - 1):
            roll = self.rng.randint(1, 6), self.rng.randint(1, 6)
            while self.sort(*roll) == self.again:
                self.rolled_again += 1
                roll = self.rng.randint(1, 6), self.rng.randint(1, 6)
            self.tally[self.sort(*roll)] += 1
            if self.value:
                self.values.append(self.value[0](*roll))
        self.roll_once()

    def _draw(self) -> None:
        cell = self.cell
        d = Drawing().clear().rect(0, 0, cell * 6 + _MARGIN + 4, cell * 6 + _MARGIN + 4, fill="#ffffff")
        for i in range(1, 7):
            middle = _MARGIN + cell * (i - 1) + cell / 2
            d.text(str(i), middle, _MARGIN / 2, font="bold 16px sans-serif", align="center")
            d.text(str(i), _MARGIN / 2, middle, font="bold 16px sans-serif", align="center")
            for j in range(1, 7):
                x, y = _MARGIN + cell * (i - 1), _MARGIN + cell * (j - 1)
                d.rect(x, y, cell - 3, cell - 3, fill=self.colours[self.sort(i, j)], stroke="#6b4f2a")
        if self.last:
            a, b = self.last
            d.rect(_MARGIN + cell * (a - 1) - 1, _MARGIN + cell * (b - 1) - 1, cell - 1, cell - 1, stroke=_PICK,
                   width=4)
        self.board.draw("grid", d.ops)

    def _show(self) -> None:
        self._draw()
        counts = self.counts()
        self.legend.value = "".join(
            f"<div>{_swatch(colour)} {html.escape(key)}: <b>{counts[key]} of the 36</b></div>"
            for key, colour in self.colours.items() if counts[key])
        rolls = sum(self.tally.values())
        if not rolls:
            self.said.value = "<div>Press Roll, or click a square.</div>"
            return
        a, b = self.last
        lines = [f"You rolled {a} and {b}: <b>{html.escape(self.sort(a, b))}</b>."]
        lines.append(f"In {rolls:,} rolls: " + ", ".join(f"{html.escape(k)} {self.tally[k]:,}" for k in self.colours
                                                       if k != self.again and counts[k]) + ".")
        if self.again and self.rolled_again:
            lines.append(f"Rolled again after a tie: {self.rolled_again:,} times.")
        if self.value:
            average = Fraction(sum(self.values), len(self.values))
            lines.append(f"Average so far: {round(average):,} {self.value[1]}.")
        self.said.value = "".join(f"<div>{line}</div>" for line in lines)


# ---------------------------------------------------------------- hands of cards
class HandDeal(widgets.VBox):
    """Hands dealt from the lesson's 282 shuffled cards, the cards of ``kind`` marked; the count beside
    ("15 of the 282 cards"), the chance of a hand with none of them as a chain of fractions (``chain``), a tally of
    the hands dealt.  ``slider``: the hand's size can change (1 to 8).  ``draw``: cards drawn one at a time,
    the pile's counts shown as it shrinks; ``first``: the first card drawn is of ``kind``.
    """

    def __init__(self, *, hand: int = L.FIRST_HAND, kind: str = L.DECK_KIND, seed: int = 1, chain: bool = True,
                 slider: bool = False, draw: bool = False, first: bool = False, tally: bool = True,
                 count: bool = True):
        from pirates_lab.pillage_and_plunder.odds import expand_card_names
        self.kind, self.chain, self.draw, self.first, self.tally_on = kind, chain, draw, first, tally
        self.count_on = count
        self.rng = random.Random(seed)
        counts = L.lesson_deck().counts()
        self.cards = sorted(card for card, n in counts.items() for _ in range(n))
        self.of_kind = frozenset(expand_card_names(kind))
        self.size = len(self.cards)
        self.wanted = sum(1 for card in self.cards if card in self.of_kind)
        self.hand_size = hand
        self.dealt = self.with_kind = 0
        self.hand: list[str] = []
        self.pile: list[str] = []
        self.shown = _html("pl-pp-hand")
        self.count = _html("pl-pp-count")
        self.sums = _html("pl-pp-chain")
        self.said = _html("pl-pp-dealt")
        controls = []
        if draw:
            controls += [_button("Draw a card", self.draw_one), _button("Shuffle and start again", self.start)]
        else:
            controls.append(_button("Deal a hand", self.deal))
            if tally:
                controls.append(_button("Deal 100 hands", lambda: self.deal(100)))
        self.slider = None
        if slider:
            self.slider = widgets.IntSlider(value=hand, min=1, max=L.FULL_HAND, description="Cards in hand",
                                            style={"description_width": "initial"})
            self.slider.observe(self._resized, "value")
            controls.append(self.slider)
        super().__init__([self.count, self.shown, _row(*controls), self.sums, self.said])
        self.start() if draw else self.deal()

    def has(self, hand: list[str]) -> int:
        return sum(1 for card in hand if card in self.of_kind)

    def none_chain(self) -> tuple[list[str], Fraction]:
        """The chance that a hand of this size holds no card of the kind: one card at a time, unreduced."""
        parts, p = [], Fraction(1)
        for i in range(self.hand_size):
            others, left = self.size - self.wanted - i, self.size - i
            parts.append(f"{others}/{left}")
            p *= Fraction(others, left)
        return parts, p

    def _resized(self, change) -> None:
        self.hand_size = change["new"]
        self.dealt = self.with_kind = 0
        self.deal()

    def deal(self, times: int = 1) -> list[str]:
        for _ in range(times):
            self.hand = self.rng.sample(self.cards, self.hand_size)
            self.dealt += 1
            self.with_kind += self.has(self.hand) > 0
        self._show()
        return self.hand

    def start(self) -> None:
        """A new shuffle; with ``first`` the first card drawn is of the kind."""
        self.pile = list(self.cards)
        self.rng.shuffle(self.pile)
        self.hand = []
        if self.first:
            self.pile.remove(next(card for card in self.pile if card in self.of_kind))
            self.hand = [next(card for card in self.cards if card in self.of_kind)]
        self._show()

    def draw_one(self) -> None:
        if len(self.hand) >= L.FULL_HAND:
            self.said.value = "<div>Eight cards: your hand is full. Shuffle and start again.</div>"
            return
        self.hand.append(self.pile.pop())
        self._show()

    def _chips(self) -> str:
        chips = []
        for card in self.hand:
            style = "background:#d4a017;font-weight:bold" if card in self.of_kind else "background:#eef3f8"
            chips.append(f"<span style='{style};border:1px solid #6b4f2a;border-radius:4px;padding:1px 6px;"
                         f"margin:2px;display:inline-block'>{html.escape(card)}</span>")
        return f"<div>{''.join(chips) or 'No cards yet: draw one.'}</div>"

    def _show(self) -> None:
        kind = html.escape(self.kind)
        self.shown.value = self._chips()
        if self.draw:
            left = len(self.pile)
            wanted_left = sum(1 for card in self.pile if card in self.of_kind)
            self.count.value = (f"<div>Left in the draw pile: <b>{left} cards, {wanted_left} of them {kind} "
                                f"cards</b>.</div>")
            self.sums.value = ""
            self.said.value = ""
            return
        if self.count_on:
            self.count.value = f"<div><b>{self.wanted} of the {self.size}</b> shuffled cards are {kind} cards.</div>"
        if self.chain:
            parts, p = self.none_chain()
            self.sums.value = (f"<div>No {kind} card in all {self.hand_size}: {' × '.join(parts)} = "
                               f"<b>{percent_text(p, 1)}</b></div>")
        if self.tally_on and self.dealt:
            self.said.value = (f"<div>Hands dealt: {self.dealt:,}; with at least one {kind} card: "
                               f"{self.with_kind:,}.</div>")


# ---------------------------------------------------------------- cannon volleys, pair by pair
class VolleyRoller(widgets.VBox):
    """Two cannon dice each: **Fire** rolls them, sorts each side highest first and compares the pairs (the lower
    die's ship takes a hit, equal dice hit both); **Fire 1,000 volleys** counts the defender's damage."""

    def __init__(self, attacker_dice: int = 2, defender_dice: int = 2, *, seed: int = 1):
        self.dice = attacker_dice, defender_dice
        self.rng = random.Random(seed)
        self.tally: Counter = Counter()
        self.shown = _html("pl-pp-volley")
        self.said = _html("pl-pp-volleys")
        super().__init__([_row(_button("Fire", self.fire), _button("Fire 1,000 volleys", lambda: self.fire(1000))),
                          self.shown, self.said])
        self.shown.value = "<div>Press Fire: both ships roll their cannon dice.</div>"

    def volley(self) -> tuple[list[int], list[int], int]:
        mine = sorted((self.rng.randint(1, 6) for _ in range(self.dice[0])), reverse=True)
        hers = sorted((self.rng.randint(1, 6) for _ in range(self.dice[1])), reverse=True)
        return mine, hers, sum(1 for a, d in zip(mine, hers) if a >= d) + max(0, len(mine) - len(hers))

    def fire(self, times: int = 1) -> int:
        for _ in range(times):
            mine, hers, hits = self.volley()
            self.tally[hits] += 1
        pairs = []
        for a, d in zip(mine, hers):
            pairs.append(f"{a} against {d}: " + ("both ships hit" if a == d else "the defender is hit" if a > d
                                                 else "the attacker is hit"))
        self.shown.value = (f"<div>Attacker rolled {', '.join(map(str, mine))}; defender rolled "
                            f"{', '.join(map(str, hers))} (highest first).</div><div>{'; '.join(pairs)}.</div>")
        volleys = sum(self.tally.values())
        self.said.value = (f"<div>In {volleys:,} volleys the defender took two hits {self.tally[2]:,} times, one hit "
                           f"{self.tally[1]:,} times, none {self.tally[0]:,} times.</div>")
        return hits


# ---------------------------------------------------------------- the mêlée as a chain of rounds
class MeleeChain(widgets.VBox):
    """The mêlée's positions as a table (attacker's crewmen down, defender's across); each live position shows
    the attacker's winning rolls of one round and, with ``show``, a number from here on ("win": the chance to
    win the mêlée, "rounds": the rounds on average), except at the start (the question).  **Fight a round**
    rolls one die a crewman and moves; **Fight 200 mêlées** counts the wins and the rounds."""

    def __init__(self, start: tuple[int, int] = L.MELEE_START, *, show: str = "win", seed: int = 1):
        self.start, self.show_what = start, show
        self.rng = random.Random(seed)
        self.at = start
        self.rounds = 0
        self.fought: list[tuple[bool, int]] = []
        self.table = _html("pl-pp-chain-table")
        self.shown = _html("pl-pp-round")
        self.said = _html("pl-pp-melees")
        super().__init__([self.table, _row(_button("Fight a round", self.fight_round),
                                           _button("Start again", self.again),
                                           _button("Fight 200 mêlées", lambda: self.fight_many(200))),
                          self.shown, self.said])
        self.shown.value = "<div>Press Fight a round: one die for each crewman, the highest dice compared.</div>"
        self._table()

    def _round(self, a: int, d: int) -> tuple[bool, list[int], list[int]]:
        mine = sorted((self.rng.randint(1, 6) for _ in range(a)), reverse=True)
        hers = sorted((self.rng.randint(1, 6) for _ in range(d)), reverse=True)
        return mine[0] > hers[0], mine, hers

    def fight_round(self) -> None:
        a, d = self.at
        if a == 0 or d == 0:
            self.shown.value = "<div>This mêlée is over. Press Start again.</div>"
            return
        won, mine, hers = self._round(a, d)
        self.at = (a, d - 1) if won else (a - 1, d)
        self.rounds += 1
        tie = " (a tie goes to the defender)" if mine[0] == hers[0] else ""
        self.shown.value = (f"<div>Round {self.rounds}: attacker {', '.join(map(str, mine))}, defender "
                            f"{', '.join(map(str, hers))}: highest {mine[0]} against {hers[0]}{tie}: the "
                            f"{'defender' if won else 'attacker'} loses a crewman.</div>")
        if 0 in self.at:
            self.fought.append((self.at[1] == 0, self.rounds))
            self._tally()
        self._table()

    def again(self) -> None:
        self.at, self.rounds = self.start, 0
        self.shown.value = "<div>A new mêlée: two crewmen each.</div>"
        self._table()

    def fight_many(self, n: int) -> None:
        for _ in range(n):
            a, d = self.start
            rounds = 0
            while a and d:
                won = self._round(a, d)[0]
                a, d = (a, d - 1) if won else (a - 1, d)
                rounds += 1
            self.fought.append((d == 0, rounds))
        self._tally()

    def _tally(self) -> None:
        n = len(self.fought)
        wins = sum(1 for won, _ in self.fought if won)
        rounds = Counter(r for _, r in self.fought)
        ways = ", ".join(f"{r} rounds: {rounds[r]:,}" for r in sorted(rounds))
        self.said.value = (f"<div>Mêlées fought: {n:,}; the attacker won {wins:,}. How long they lasted: "
                           f"{ways}.</div>")

    def _cell(self, a: int, d: int) -> str:
        if a == 0 and d == 0:
            return ""
        if a == 0:
            return "the defender wins"
        if d == 0:
            return "the attacker wins"
        rolls = 6 ** (a + d)
        wins = int(L.round_chance(a, d) * rolls)
        words = [f"round won: {wins:,} of {rolls:,} rolls"]
        if (a, d) != self.start:
            if self.show_what == "win":
                words.append(f"win from here: {percent_text(L.win_from(a, d), 1)}")
            elif self.show_what == "rounds":
                words.append(f"average rounds left: {float(L.expected_rounds(a, d)):.2f}")
        else:
            words.append("from here: ?")
        return "<br>".join(words)

    def _table(self) -> None:
        a0, d0 = self.start
        head = "".join(f"<th>defender: {d}</th>" for d in range(d0, -1, -1))
        rows = []
        for a in range(a0, -1, -1):
            cells = []
            for d in range(d0, -1, -1):
                mark = "background:#d4a017;" if (a, d) == self.at else ""
                cells.append(f"<td style='{mark}border:1px solid #6b4f2a;padding:2px 6px'>{self._cell(a, d)}</td>")
            rows.append(f"<tr><th>attacker: {a}</th>{''.join(cells)}</tr>")
        self.table.value = (f"<table class='pl-show'><tr><th>crewmen</th>{head}</tr>{''.join(rows)}</table>"
                            f"<div>A round won moves right; a round lost moves down.</div>")


# ---------------------------------------------------------------- a whole battle, die by die
class BattleRoller(widgets.VBox):
    """**Sail into battle** rolls a whole battle die by die (every stage, as the rules say); the tally counts
    who won."""

    def __init__(self, attacker: Ship, defender: Ship, *, names: tuple[str, str] = ("you", "the defender"),
                 seed: int = 1):
        self.ships, self.names = (attacker, defender), names
        self.rng = random.Random(seed)
        self.tally: Counter = Counter()
        self.said = _html("pl-pp-battles")
        super().__init__([_row(_button("Sail into battle", self.sail), _button("Sail 200 battles",
                                                                              lambda: self.sail(200))), self.said])
        self.said.value = "<div>Press Sail into battle: every stage rolled with real dice.</div>"

    def sail(self, times: int = 1) -> str:
        words = {"attacker": f"{self.names[0]} won", "defender": f"{self.names[1]} won"}
        for _ in range(times):
            result = sample_battle(*self.ships, "player", self.rng)
            said = words.get(result.winner, f"{self.names[1]} escaped" if result.outcome == "escaped" else "nobody won")
            self.tally[said] += 1
        battles = sum(self.tally.values())
        self.said.value = (f"<div>The last battle: <b>{html.escape(said)}</b>.</div><div>In {battles:,} battles: "
                           + ", ".join(f"{html.escape(k)} {v:,}" for k, v in sorted(self.tally.items())) + ".</div>")
        return said


def ships_table(rows: list[tuple[str, ...]]) -> widgets.HTML:
    """A small table of ships (name, hull, speed, cannons, crew) for a battle the class predicts."""
    head = "".join(f"<th>{h}</th>" for h in ("ship", "speed", "cannon dice", "crewmen", "pistol"))
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    box = widgets.HTML(f"<table class='pl-show'><tr>{head}</tr>{body}</table>")
    box.add_class("pl-pp-ships")
    return box
