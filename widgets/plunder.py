"""Plunder front-ends: the sea of map cards (pure draw operations), a GameTable renderer and the
combat-chain calculator.  The rulebook walkthrough is data (``pirates_lab/plunder/data/lessons.toml``),
its demos in :mod:`pirates_lab.widgets.plunder_lessons`.

Rules: Plunder › Sail and Explore

Everything that decides is pure and tested without a browser: :func:`sea_ops` (observation ->
draw operations) and :func:`chain_report` (the calculator's numbers).
"""
from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.core.report import percent
from pirates_lab.plunder import Game
from pirates_lab.plunder.captains import trader
from pirates_lab.plunder.components import components
from pirates_lab.plunder.odds import (attack_value, captain_fight, loot_dist, loot_value, npc_chain_odds, side_of,
                                      unseen_cards)
from pirates_lab.plunder.turn import sailing_paths

from .canvas import BoardCanvas
from .drawing import Drawing
from .kit import DistView, guard

__all__ = ["WIDTH", "HEIGHT", "COLOURS", "sea_ops", "sea_layout", "PlunderRenderer", "chain_report",
           "ChainCalculator", "SeaView", "table", "ASSUMPTIONS"]

WIDTH, HEIGHT = 480, 400
COLOURS = {"tortuga": "#c9a66b", "open_sea": "#5b9bd5", "port": "#f2d98c", "coastland": "#8cc084"}
SHIPS = ("#b22222", "#1f4e9c", "#2e7d32", "#6a1b9a")
GAME = "plunder"

#: the house rules a learner should see (also in docs/plunder.md and the data file)
ASSUMPTIONS = {
    "deck": "Every card value (speeds, cannons, crews, prices, garrisons, numbers, loot icons) is ours: the "
            "rulebook names the cards but prints no values. Edit pirates_lab/plunder/data/cards.toml.",
    "ties": "Against a ship, Port or Natives, ties go to the captain (the printed 'at least equal'), also "
            "against Pirates, who attack; between captains ties go to the attacker.",
    "split": "Plundered proceeds are split with the crew: the captain keeps half, rounded down.",
    "storm": "The Storm (its text is ours): the move ends, the Captured Ship and the Loot are lost, and the "
             "Storm and the discard pile are shuffled back into the deck.",
    "tortuga": "Tortuga buys any plundered good at 2 silver a token and no captain may attack another there.",
    "pay": "A captain who cannot pay the crew is thrown overboard (the ship is lost); an unpaid First Mate "
           "leaves. With the Mutiny! option a captain may forget to pay and another may shout.",
    "fight": "In the odds between captains each side places its highest card left at every step, and the "
             "attacker boards after winning the Broadside.",
    "marque": "One Letter of Marque at a time: a new one turns the old nation into an enemy.",
    "natives": "Natives are met on a Coastland: trade at their prices, attack (Boarding only) or leave.",
}


# ---------------------------------------------------------------- the sea
def sea_layout(cells, width: int = WIDTH, height: int = HEIGHT):
    """(cell size, function cell -> top-left pixel) fitting every cell and a ring of empty spaces."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    size = max(18, min(72, (width - 8) // (x1 - x0 + 1), (height - 24) // (y1 - y0 + 1)))
    left = (width - size * (x1 - x0 + 1)) // 2
    top = 20 + (height - 24 - size * (y1 - y0 + 1)) // 2

    def corner(cell):
        return left + (cell[0] - x0) * size, top + (cell[1] - y0) * size

    return size, corner


def _label(name: str, size: int) -> str:
    short = {"Open Sea": "Sea", "Coastland": "Coast", "Tortuga": "Tortuga"}.get(name, name)
    return short if len(short) * size / 10 < size * 1.6 else short[: max(3, size // 9)]


def sea_ops(observation: dict, player: int | None = None, *, width: int = WIDTH, height: int = HEIGHT,
            paths: bool = True) -> tuple:
    """The sea around Tortuga (North up, toward the First Captain), the ships, and the legal courses
    of the captain on turn (one direction, at most one turn), as pure draw operations."""
    deck = components()
    sea = {(x, y): name for x, y, name in observation["sea"]}
    size, corner = sea_layout(sea, width, height)
    d = Drawing().rect(0, 0, width, height, fill="#dfeaf5")
    first = observation.get("first_captain")
    d.text(f"Round {observation['round']} · North is up, toward the First Captain"
           + (f" (Captain {first + 1})" if isinstance(first, int) else ""), 6, 14, font="13px sans-serif")
    font = f"{max(9, size // 6)}px sans-serif"
    for cell, name in sorted(sea.items()):
        x, y = corner(cell)
        d.rect(x + 1, y + 1, size - 2, size - 2, fill=COLOURS[deck.card(name).kind], stroke="#333333")
    mover = observation.get("acting")
    if paths and observation.get("step") == "sail" and isinstance(mover, int) and mover >= 0:
        start = tuple(observation["captains"][mover]["at"])
        kinds = {cell: deck.card(name).kind for cell, name in sea.items()}
        for path in sailing_paths(kinds, start):
            points = [start] + path
            for a, b in zip(points, points[1:]):
                (ax, ay), (bx, by) = corner(a), corner(b)
                d.line(ax + size / 2, ay + size / 2, bx + size / 2, by + size / 2, stroke="#ffd400", width=3)
            ex, ey = corner(path[-1])
            d.rect(ex + 3, ey + 3, size - 6, size - 6, stroke="#ffd400", width=2)
    for cell, name in sorted(sea.items()):
        x, y = corner(cell)
        card = deck.card(name)
        d.text(_label(name, size), x + size / 2, y + size * 0.28, font=font, align="center")
        if card.kind == "port":
            d.text(card.nation[:3], x + size / 2, y + size * 0.78, font=font, align="center", fill="#6b2f00")
        if card.kind == "tortuga":
            d.text("N↑", x + size - 12, y + size * 0.86, font="11px sans-serif", align="center")
    for p, mat in enumerate(observation["captains"]):
        x, y = corner(tuple(mat["at"]))
        cx, cy = x + 9 + 16 * p, y + size * 0.62     # discs 16 px apart: the numbers never touch, even at 16 px
        d.circle(cx, cy, 8, fill=SHIPS[p % len(SHIPS)], stroke="#ffffff", width=2)
        d.text(str(p + 1), cx, cy, fill="#ffffff", font="9px sans-serif", align="center", max_width=12)
    return d.ops


class PlunderRenderer:
    """A GameTable renderer: the sea for the seat shown, its hand with card numbers, seat names."""

    width, height = WIDTH, HEIGHT

    def draw(self, observation: dict, player: int):
        return sea_ops(observation, player)

    def hand(self, observation: dict, player: int) -> list[str]:
        return [f"{name} ({components().card(name).number})" for name in observation["hand"]]

    def seat_name(self, seat: int) -> str:
        return f"Captain {seat + 1}"


class SeaView(widgets.VBox):
    """A canvas showing a position's sea with the legal courses highlighted."""

    def __init__(self, state, player: int | None = None):
        self.board = BoardCanvas(WIDTH, HEIGHT)
        self.board.draw("background", sea_ops(state.observation(player if player is not None else state.current)))
        super().__init__([self.board])
        self.add_class("pl-plunder-sea")


def table(humans=(0,), players: int = 3, seed: int = 0):
    """Play Plunder alone against computer traders (they decide from their view only)."""
    from .table import GameTable

    return GameTable(Game(players=players), PlunderRenderer(), humans=humans, players=trader, seed=seed)


# ---------------------------------------------------------------- the combat-chain calculator
def _start_unseen(hand) -> dict:
    unseen = {k: v for k, v in components().full_deck().items() if components().card(k).kind != "tortuga"}
    unseen["Open Sea"] -= components().rules["open_sea_at_setup"]
    for name in hand:
        if not unseen.get(name):
            raise InvalidInput(f"There are not that many {name} cards in the deck.")
        unseen[name] -= 1
    return {k: v for k, v in unseen.items() if v}


def chain_report(ship: str, enemy: str, hand=(), *, mate: str | None = None, draws: int = 0,
                 captain: bool = False, their_hand: int = 6, flees: bool = False, risk: int = 8,
                 unseen: dict | None = None) -> dict:
    """The calculator's numbers: each step, the whole chain, how it ends, and "should I attack?".

    ``enemy`` is a ship, Port or Natives card, or (``captain=True``) the ship another captain sails.
    """
    hand = list(hand)
    pool = unseen if unseen is not None else _start_unseen(hand)
    me = side_of(ship, mate)
    card = components().card(enemy) if enemy != "Pinnace" else None
    if captain:
        odds = captain_fight(me, side_of(enemy), hand, pool, their_hand, flees)
        gain = components().card(enemy).value if card is not None and card.kind == "ship" else 0
    else:
        if card is None or card.kind not in ("ship", "port", "natives"):
            raise InvalidInput(f"{enemy} is not a ship, a Port or Natives.")
        steps = {"ship": ("engagement", "broadside", "boarding"), "port": ("broadside", "boarding"),
                 "natives": ("boarding",)}[card.kind]
        odds = npc_chain_odds(me, side_of(enemy), hand, draws, pool, steps)
        loot = loot_value(loot_dist(pool, card.cargo or 99, 5), dict(card.sell))
        gain = (card.value if card.kind == "ship" else 0) + loot
    value = attack_value(odds, int(gain), risk)
    return {"odds": odds, "steps": dict(odds.steps), "win": odds.win, "ends": odds.ends, "value": value}


def _field(label: str, control: widgets.Widget) -> widgets.VBox:
    """A control with its label on its own line above it (never cut, whatever the font size)."""
    caption = widgets.HTML(f"<b>{html.escape(label)}</b>")
    control.layout.width = "calc(100% - 8px)"      # its margins stay inside the box: nothing to scroll
    box = widgets.VBox([caption, control], layout=widgets.Layout(width="100%", max_width="420px"))
    box.add_class("pl-plunder-field")
    return box


class ChainCalculator(widgets.VBox):
    """Pick your ship, the enemy and your hand: each step's chance, the whole chain (bqplot), expected silver.

    Every label sits on its own line above its control and the chart wraps below the controls on a
    narrow screen, so nothing is cut at 1024 x 768 with large fonts.
    """

    def __init__(self, ship: str = "Pinnace", enemy: str = "Spanish Brigantine", hand=("Havana", "Coastland"),
                 draws: int = 0):
        deck = components()
        ships = ["Pinnace"] + [c.name for c in deck.of_kind("ship")]
        targets = [c.name for c in deck.of_kind("ship", "port", "natives")]
        self.ship = widgets.Dropdown(options=ships, value=ship, layout=widgets.Layout(width="100%"))
        self.mate = widgets.Dropdown(options=[("none", "")] + [(c.name, c.name) for c in deck.of_kind("first_mate")],
                                     value="", layout=widgets.Layout(width="100%"))
        self.enemy = widgets.Dropdown(options=targets, value=enemy, layout=widgets.Layout(width="100%"))
        self.captain = widgets.Checkbox(value=False, description="", indent=False, layout=widgets.Layout(width="32px"))
        self.hand = widgets.SelectMultiple(options=sorted(deck.cards), value=tuple(hand), rows=6,
                                           layout=widgets.Layout(width="100%"))
        self.draws = widgets.IntSlider(value=draws, min=0, max=4, layout=widgets.Layout(width="100%"))
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.summary.add_class("pl-plunder-chain-summary")
        self.view = DistView(Dist.certain("won"), title="How the combat ends", width=400, height=220)
        for control in (self.ship, self.mate, self.enemy, self.captain, self.hand, self.draws):
            control.observe(lambda _: self.update(), names="value")
        captain_text = widgets.HTML("the enemy is a captain who sails it (cards hidden)",
                                    layout=widgets.Layout(width="auto", flex="1 1 0%"))
        captain_row = widgets.HBox([self.captain, captain_text],
                                   layout=widgets.Layout(width="100%", max_width="420px", align_items="center"))
        controls = widgets.VBox([_field("Your ship", self.ship), _field("First Mate", self.mate),
                                 _field("Enemy", self.enemy), captain_row, _field("Cards to draw", self.draws),
                                 _field("Your hand (Ctrl-click for more)", self.hand)],
                                layout=widgets.Layout(width="420px", max_width="100%"))
        body = widgets.HBox([controls, self.view], layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
        super().__init__([body, self.summary, self.message], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-plunder-chain")
        self.report = None
        self.update()

    def update(self) -> None:
        @guard(self.message)
        def run():
            if len(self.hand.value) > 7:
                raise InvalidInput("A hand holds at most 7 cards.")
            self.report = chain_report(self.ship.value, self.enemy.value, self.hand.value, mate=self.mate.value or None,
                                       draws=self.draws.value, captain=self.captain.value)
            self.view.dist = self.report["ends"]
            rows = "".join(f"<li>win the {html.escape(step.title())}: <b>{percent(p)}</b></li>"
                           for step, p in self.report["steps"].items())
            self.summary.value = (f"<ul>{rows}</ul><p>Whole combat: <b>{percent(self.report['win'])}</b>. "
                                  f"Should I attack? Expected silver <b>{float(self.report['value']):+.1f}</b> "
                                  "(your half of the plunder if you win, minus 8 silver if you are sunk).</p>")
            self.message.value = ""
        run()
        if self.message.value:      # a refused input: no stale odds under the message
            self.summary.value = "<p>Change the input above to see the odds again.</p>"


def unseen_for(state, player: int) -> dict:
    """The cards ``player`` has not seen (for the calculator in a game)."""
    return unseen_cards(state.observation(player))


def chance_text(p: Fraction) -> str:
    return f"{percent(p)} ({p})" if Fraction(p).denominator < 1000 else percent(p)

