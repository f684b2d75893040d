"""Pillage & Plunder front-ends: a battle calculator, a deck-odds calculator, the call-off table,
the sample battles replayed, and a guided walk through the whole rulebook.

Models are plain Python from :mod:`pirates_lab.pillage_and_plunder`; drawing is a pure function
(``ship_ops``, ``battle_ops``, ``board_ops``) tested without a browser.
"""
from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import InvalidInput
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder import examples as E
from pirates_lab.pillage_and_plunder import odds as O
from pirates_lab.pillage_and_plunder.game import PPState

from .drawing import Drawing, DrawOp
from .kit import Stepper, assumption_box, error_html
from .numbers import friendly_html
from .pillage_and_plunder_battle import BattleCalculator, CallOffTable, ShipBuilder, battle_ops, ship_ops
from .walkthrough import Walkthrough

GAME = "pillage_and_plunder"

__all__ = ["ship_ops", "battle_ops", "board_ops", "ShipBuilder", "BattleCalculator", "DeckOddsCalculator",
           "CallOffTable", "example_1_view", "moments_table", "strategy_table", "walkthrough", "lesson", "ASSUMPTIONS",
           "assumption_boxes", "hunt_label", "volley_label"]

#: Every invented value, in words (the notebook shows each in an assumption box).
ASSUMPTIONS = (
    "Ship hull statistics (level, cost, strength, speed, cannons, crew, cargo, repair cost) are not printed in "
    "the rulebook; ours fit every printed number: a sloop sails at 5 and carries 3 cannons and 3 crew; "
    "Example 1's ships are schooners (speed 6, 7 with an Extra Sail, strength 5).",
    "Costs of add-ons (a percentage of the hull cost: plating 50%, the others 25%), cannons (300), cutlass "
    "crewmen (200), pistol crewmen (400) and officers (800) are ours.",
    "Cargo prices: (sum of the dice) × a price per pip × units/10; one die to buy, two dice to sell.",
    "Merchant ships of strength 4 and 6 and all navy ships (strength 8, speed 8, 6 cannons, 8 pistol crewmen) "
    "are ours; the strength-2 merchant is printed in Example 2.",
    "Event texts are ours, keeping every printed immunity (Scurvy: Doctor or Fruit; Mutiny: Rum; Shipwreck: "
    "Navigator; Thieves Onboard: only with Gems and two crewmen).",
    "The hoard needed to win is 20,000 pieces of eight (the rulebook never prints it).",
    "Example 2 says both players roll three dice, but the merchant has two cannons: it rolls two.",
    "When both ships sink in the same cannon exchange, nobody plunders.",
    "A player who must lose crewmen gives up cutlass crewmen first, then officers, pistol crewmen last.",
    "Officer card texts beyond the printed Doctor, Master Gunner and Navigator (Shipwreck) are ours: with a "
    "Cartographer aboard a treasure hunt never gets lost (a 6 loses no turn); a Quarter Master spares you "
    "Rats in Cargo; a Navigator also spares you Siren's Song.",
    "When the draw piles run out, the discard pile (all but its top card) is shuffled into a new draw pile "
    "(the rulebook does not say).",
    "Asset Liquidation counts a Cargo card at its average selling price, hulls and add-ons at their cost, "
    "cannons and crewmen at their hiring cost.",
    E.EXAMPLE_1_CONTRADICTION,
)

def board_ops(state: PPState, width: int = 640, row: int = 64) -> tuple[DrawOp, ...]:
    """Every player's ship, hoard, maps and prizes, one row each; the player to act is outlined.

    Rules: Pillage & Plunder › Your Ship
    """
    height = row * len(state.players) + 10
    d = Drawing().clear().rect(0, 0, width, height, fill="#dbe9f4")
    for i, p in enumerate(state.players):
        y = 5 + i * row
        acting = not state.is_terminal() and state.current_player() == i
        d.rect(5, y, width - 10, row - 6, fill="#eeeeee" if p["eliminated"] else "#fbf7ef",
               stroke="#b22222" if acting else "#6b4f2a", width=3 if acting else 1)
        if p["eliminated"]:
            d.text(f"Player {i}: eliminated", 15, y + 22, font="bold 13px sans-serif", fill="#777777")
            continue
        ship = p["ships"][0]
        hull = state.hull(i, 0)
        d.text(f"Player {i}: {hull.name}", 15, y + 20, font="bold 13px sans-serif")
        for k in range(hull.strength):
            d.circle(20 + 14 * k, y + 38, 5, fill="#b22222" if k < ship["damage"] else "#ffffff", stroke="#333333")
        for k in range(ship["cannons"]):
            d.rect(170 + 14 * k, y + 10, 10, 8, fill="#222222")
        for k, man in enumerate(ship["crew"]):
            d.circle(175 + 14 * k, y + 34, 5, fill="#3b6ea5" if man == "Pistol Crewman" else
                     "#6b8e23" if man == "Cutlass Crewman" else "#daa520", stroke="#222222")
        d.text(f"cargo {state.cargo_units(i)}/{state.cargo_capacity(i)}", 300, y + 20, font="12px sans-serif")
        d.text(f"hoard {p['hoard']}", 420, y + 20, font="bold 12px sans-serif", fill="#8b6508")
        d.text(f"maps {len(p['maps'])} · prizes {len(p['prizes'])}" + (" · privateer" if p["privateer"] else "")
               + (f" · fleet of {len(p['ships'])}" if len(p["ships"]) > 1 else ""), 300, y + 40, font="11px sans-serif")
    return d.ops


# ---------------------------------------------------------------------------- deck odds
class DeckOddsCalculator(widgets.VBox):
    """The exact chance that a hand holds at least so many of a card (or a whole card type).

    Rules: Pillage & Plunder › Card Frequency
    """

    def __init__(self):
        data = C.load()
        names = list(data.categories) + [c for c in data.counts if c not in data.categories]
        style = {"description_width": "initial"}
        self.card = widgets.Dropdown(options=names, value="Attack", description="card or type", style=style)
        self.count = widgets.IntSlider(value=1, min=0, max=5, description="at least", style=style)
        self.second = widgets.Dropdown(options=["(nothing else)"] + names, value="(nothing else)",
                                       description="and also", style=style)
        self.second_count = widgets.IntSlider(value=1, min=0, max=5, description="at least", style=style)
        self.hand = widgets.IntSlider(value=5, min=1, max=8, description="hand size", style=style)
        self.players = widgets.IntSlider(value=4, min=2, max=6, description="players", style=style)
        self.result = widgets.HTML()
        self.result.add_class("pl-pp-deck-odds")
        self.value: Fraction | None = None
        for control in (self.card, self.count, self.second, self.second_count, self.hand, self.players):
            control.observe(lambda _: self.update(), names="value")
        super().__init__([self.card, self.count, self.second, self.second_count, self.hand, self.players, self.result])
        self.update()

    def wanted(self) -> dict:
        wanted = {self.card.value: self.count.value}
        if self.second.value != "(nothing else)":
            if self.second.value in wanted:
                raise InvalidInput("Pick two different cards or types.")
            wanted[self.second.value] = self.second_count.value
        return wanted

    def update(self) -> None:
        try:
            p = O.hand_probability(self.wanted(), hand_size=self.hand.value, players=self.players.value)
        except Exception as error:
            self.result.value = error_html(error)
            return
        self.value = p
        deck = C.load().deck_after_setup(self.players.value).size
        self.result.value = (f"<b>P = <span class='pl-exact' data-exact='{p}'>{friendly_html(p)}</span></b> "
                             f"(deck of {deck} cards after the starting kits)")


# ---------------------------------------------------------------------------- tables
def moments_table(moments: list) -> widgets.HTML:
    """A replayed sample battle: stage, what happened, its exact probability, the odds."""
    rows = "".join(f"<tr><td>{html.escape(m.stage)}</td><td>{html.escape(m.happened)}</td>"
                   f"<td class='pl-exact'>{friendly_html(m.probability)}</td>"
                   f"<td>{html.escape(m.odds_before)}</td></tr>" for m in moments)
    return widgets.HTML("<table class='pl-pp-moments'><tr><th>stage</th><th>what happened</th><th>chance</th>"
                        f"<th>the odds</th></tr>{rows}</table>")


def example_1_view(moments: list | None = None) -> widgets.VBox:
    """Example 1 replayed, with its contradiction in an assumption box and both readings' odds.

    Rules: Pillage & Plunder › Example 1: Player Vs. Player
    """
    readings = "".join(f"<li>{html.escape(k)}: <b>{friendly_html(p)}</b></li>"
                       for k, p in E.example_1_cannon_readings().items())
    return widgets.VBox([assumption_box(E.EXAMPLE_1_CONTRADICTION, "The rulebook contradicts itself"),
                         widgets.HTML(f"<ul class='pl-pp-readings'>{readings}</ul>"),
                         moments_table(E.example_1() if moments is None else moments)])


def strategy_table() -> widgets.HTML:
    """"Attack merchants instead of players" and "Sloops and merchant ships" in numbers."""
    rows = "".join(f"<tr><td>{html.escape(r.target)}</td><td>{float(r.win):.1%}</td><td>{float(r.own_ship_lost):.1%}</td>"
                   f"<td>{float(r.expected_coins):,.0f}</td></tr>" for r in E.merchants_vs_players())
    risks = "".join(f"<li>{html.escape(k)}: <b>{float(v):.1%}</b></li>" for k, v in E.sloop_risks().items())
    return widgets.HTML("<p>A schooner (4 cannons, 4 crew) picks a target:</p><table class='pl-pp-strategy'>"
                        "<tr><th>target</th><th>win</th><th>own hull lost</th><th>expected coins</th></tr>"
                        f"{rows}</table><p>Sloops:</p><ul>{risks}</ul>")


# ---------------------------------------------------------------------------- the walkthrough
def hunt_label(hunt) -> str:
    """A treasure hunt's outcome in a few characters (chart labels must not overlap)."""
    return "lose a turn" if hunt.lose_turn else f"{hunt.coins:,}"


def volley_label(volley) -> str:
    """A cannon volley as 'damage taken: attacker / defender' (sinkings marked)."""
    sunk = "†" if volley.attacker_destroyed or volley.defender_destroyed else ""
    return f"{volley.attacker_damage}/{volley.defender_damage}{sunk}"


def lesson() -> Walkthrough:
    """The lesson file ``pirates_lab/pillage_and_plunder/data/lessons.toml`` (demos in
    :mod:`.pillage_and_plunder_lessons`)."""
    return Walkthrough.for_game(GAME)


def walkthrough() -> Stepper:
    """A Stepper through the whole rulebook, one step per section heading, in printed order.

    Each step shows the rule, a live example from the engine (built when you reach it), why it
    matters and, where it makes sense, a question the engine answers when you check it.
    """
    return lesson().stepper()


def assumption_boxes() -> widgets.VBox:
    """Every assumption in one place."""
    return widgets.VBox([assumption_box(a) for a in ASSUMPTIONS])
