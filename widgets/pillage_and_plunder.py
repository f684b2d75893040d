"""Pillage & Plunder front-ends: the deck-odds calculator, the sample battles replayed, the strategy table, and
(re-exported) the battle calculator, the stage odds, the call-off table and the board GameTable draws.

The lesson on screens is ``lesson_view("pillage_and_plunder")`` (``data/lessons.toml``; its demos are in
:mod:`.pillage_and_plunder_lessons`).  Models are plain Python from :mod:`pirates_lab.pillage_and_plunder`;
drawing is a pure function (``ship_ops``, ``battle_ops``, ``board_ops``) tested without a browser.

Rules: Pillage & Plunder › Card Frequency
"""
from __future__ import annotations

import dataclasses
import html
import re
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import InvalidInput
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder import examples as E
from pirates_lab.pillage_and_plunder import odds as O
from pirates_lab.pillage_and_plunder.game import PPState

from .controls import rule_slider
from .drawing import DrawOp
from .kit import assumption_box, error_html
from .numbers import friendly_html
from .pillage_and_plunder_battle import (BattleCalculator, CallOffTable, ShipBuilder, battle_ops, ship_ops,
                                         why_tree)
from .pillage_and_plunder_stages import StageOdds
from .pillage_and_plunder_table import PillageRenderer, board_view_ops

GAME = "pillage_and_plunder"

__all__ = ["ship_ops", "battle_ops", "board_ops", "ShipBuilder", "BattleCalculator", "StageOdds", "DeckOddsCalculator",
           "CallOffTable", "PillageRenderer", "example_1_view", "moments_table", "strategy_table", "lesson",
           "lesson_view", "ASSUMPTIONS", "hunt_label", "volley_label"]

#: Every invented value, in words (the lesson's teacher notes show each where it matters).
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
    "When a destroyed hull leaves more crewmen than the smaller hull holds, the extra crewmen leave in this "
    "order: cutlass crewmen, officers, pistol crewmen last (the rulebook does not say who chooses).",
    "Officer card texts beyond the printed Doctor, Master Gunner and Navigator (Shipwreck) are ours: with a "
    "Cartographer aboard a treasure hunt never gets lost (a 6 loses no turn); a Quarter Master spares you "
    "Rats in Cargo; a Navigator also spares you Siren's Song.",
    "When the draw piles run out, the discard pile (all but its top card) is shuffled into a new draw pile "
    "(the rulebook does not say).",
    "Asset Liquidation counts a Cargo card at its average selling price, hulls and add-ons at their cost, "
    "cannons and crewmen at their hiring cost.",
    E.EXAMPLE_1_CONTRADICTION,
)


def board_ops(observation: dict, player: int = 0, *, data=None, show_deck: bool = True) -> tuple[DrawOp, ...]:
    """Every player's ship, hoard, maps and prizes, one row each, drawn from ``player``'s observation
    (``state.observation(player)``; never the State) with the game's components ``data`` (default: the
    packaged ones); players numbered from 1, the player to act outlined.  Rules: Pillage & Plunder › Your Ship"""
    if isinstance(observation, PPState):
        raise TypeError("the board is drawn from a seat's observation (state.observation(seat)), not from a State")
    return board_view_ops(observation, player, data if data is not None else C.load(), show_deck=show_deck)


# ---------------------------------------------------------------------------- deck odds
class DeckOddsCalculator(widgets.VBox):
    """The exact chance that a hand holds at least so many of a card (or a whole card type), and of a second
    one too.  The controls stay legal: "at least" runs from 1 to the fewer of the hand size and the cards of
    that kind left in the deck; the hand from 1 to the eight cards of the draw-and-play stage; 2 to 6 players.
    Under the chance, its why tree: the hands counted, term by term (``rule_link``: rules as links to screens).

    Rules: Pillage & Plunder › Card Frequency
    """

    NOTHING = "(nothing else)"

    def __init__(self, *, rule_link=None):
        data = C.load()
        self.data = data
        names = list(data.categories) + [c for c in data.counts if c not in data.categories]
        style = {"description_width": "initial"}
        self.card = widgets.Dropdown(options=names, value="Attack", description="card or type", style=style)
        self.hand = rule_slider("hand size", 5, 1, data.game["draw_to"])
        self.count = rule_slider("at least", 1, 1, 5)
        self.second = widgets.Dropdown(options=[self.NOTHING] + names, value=self.NOTHING, description="and also",
                                       style=style)
        self.second_count = rule_slider("at least", 1, 1, 5)
        self.players = rule_slider("players", 4, 2, 6)
        self.result = widgets.HTML()
        self.result.add_class("pl-pp-deck-odds")
        self.value: Fraction | None = None
        self.why = why_tree(rule_link)
        for control in (self.card, self.count, self.second, self.second_count, self.hand, self.players):
            control.observe(lambda _: self.update(), names="value")
        first = widgets.HBox([self.card, self.count], layout=widgets.Layout(flex_flow="row wrap"))
        second = widgets.HBox([self.second, self.second_count], layout=widgets.Layout(flex_flow="row wrap"))
        sizes = widgets.HBox([self.hand, self.players], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([first, second, sizes, self.result, self.why])
        self.add_class("pl-pp-deck-odds-calculator")
        self.update()

    def _left(self, name: str) -> int:
        """Cards of ``name`` (a card or a type) in the deck once the starting kits are out."""
        deck = self.data.deck_after_setup(self.players.value)
        return sum(deck.count(card) for card in O.expand_card_names(name, self.data))

    def _limits(self) -> None:
        self.count.max = max(1, min(self.hand.value, self._left(self.card.value)))
        second = self.second.value != self.NOTHING
        self.second_count.disabled = not second
        if second:
            self.second_count.max = max(1, min(self.hand.value, self._left(self.second.value)))

    def wanted(self) -> dict:
        wanted = {self.card.value: self.count.value}
        if self.second.value != self.NOTHING:
            if self.second.value in wanted:
                raise InvalidInput("Pick two different cards or types.")
            wanted[self.second.value] = self.second_count.value
        return wanted

    def update(self) -> None:
        try:
            self._limits()
            wanted, hand, players = self.wanted(), self.hand.value, self.players.value
            p = O.hand_probability(wanted, hand_size=hand, players=players)
            tree = O.hand_probability(wanted, hand_size=hand, players=players, why=True)
        except Exception as error:
            self.result.value = error_html(error)
            self.why.tree = None
            return
        wants = " and ".join(f"at least {n} {name}" for name, n in wanted.items())
        self.why.tree = dataclasses.replace(tree, label=f"A hand of {hand} cards holds {wants} ({players} players)")
        self.value = p
        deck = self.data.deck_after_setup(self.players.value).size
        self.result.value = (f"<div>A deck of {deck} cards once the starting kits are out.</div>"
                             f"<div><b>The chance: <span class='pl-exact' data-exact='{p}'>{friendly_html(p)}</span></b>"
                             f"</div>")


# ---------------------------------------------------------------------------- tables
_BIG = re.compile(r"(?<![\d/.,])(\d{4,})(?![\d/]|[.,]\d)")


def with_separators(text: str) -> str:
    """Whole numbers of 4 digits or more with thousands separators (3500 -> 3,500), fractions left alone.

    >>> with_separators("Expected prize 3500. Probability 87.41% (6797/7776).")
    'Expected prize 3,500. Probability 87.41% (6797/7776).'
    """
    return _BIG.sub(lambda m: f"{int(m.group(1)):,}", text)


def moments_table(moments: list, *, odds: bool = True) -> widgets.HTML:
    """A replayed sample battle: stage, what happened, its exact probability, and (``odds``) the odds."""
    rows = "".join(f"<tr><td>{html.escape(m.stage)}</td><td>{html.escape(with_separators(m.happened))}</td>"
                   f"<td class='pl-exact'>{friendly_html(m.probability)}</td>"
                   + (f"<td>{html.escape(with_separators(m.odds_before))}</td>" if odds else "") + "</tr>"
                   for m in moments)
    table = widgets.HTML("<table class='pl-pp-moments'><tr><th>stage</th><th>what happened</th><th>chance</th>"
                         + ("<th>the odds</th>" if odds else "") + f"</tr>{rows}</table>")
    table.add_class("pl-pp-moments-box")
    return table


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


def hunt_label(hunt) -> str:
    """A treasure hunt's outcome in a few characters (chart labels must not overlap)."""
    return "lose a turn" if hunt.lose_turn else f"{hunt.coins:,}"


def volley_label(volley) -> str:
    """A cannon volley as 'damage taken: attacker / defender' (sinkings marked)."""
    sunk = "†" if volley.attacker_destroyed or volley.defender_destroyed else ""
    return f"{volley.attacker_damage}/{volley.defender_damage}{sunk}"


# ---------------------------------------------------------------------------- the lesson
def lesson():
    """The lesson file ``pirates_lab/pillage_and_plunder/data/lessons.toml`` on screens (the kit's Lesson)."""
    from .lesson_model import Lesson

    return Lesson.for_game(GAME)


def lesson_view(**options):
    """The lesson a teacher runs: one screen at a time (what the notebook shows)."""
    from .lesson import LessonView

    return LessonView(lesson(), **options)
