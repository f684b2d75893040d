"""Pillage & Plunder front-ends: a battle calculator, a deck-odds calculator, the call-off table,
the sample battles replayed, and a guided walk through the whole rulebook.

Models are plain Python from :mod:`pirates_lab.pillage_and_plunder`; drawing is a pure function
(``ship_ops``, ``battle_ops``, ``board_ops``) tested without a browser.
"""
from __future__ import annotations

import html
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput, rulebook
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder import examples as E
from pirates_lab.pillage_and_plunder import odds as O
from pirates_lab.pillage_and_plunder.battles import (Ship, battle, cannon_volley, flee_escape_probability, melee,
                                                     melee_round_win_probability)
from pirates_lab.pillage_and_plunder.game import Play, PPState, new_game
from pirates_lab.pillage_and_plunder.scenarios import at_step, give, scenario

from .drawing import Drawing, DrawOp
from .pillage_and_plunder_battle import BattleCalculator, CallOffTable, ShipBuilder, _summary, battle_ops, ship_ops
from .numbers import friendly_html
from .pillage_and_plunder_why import why
from .kit import DistView, Question, Step, Stepper, assumption_box, error_html, exact_answer, guard

GAME = "pillage_and_plunder"

__all__ = ["ship_ops", "battle_ops", "board_ops", "ShipBuilder", "BattleCalculator", "DeckOddsCalculator",
           "CallOffTable", "example_1_view", "moments_table", "strategy_table", "walkthrough", "ASSUMPTIONS", "step_specs",
           "hunt_label", "volley_label"]

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

#: which assumptions each walkthrough step shows (indices into ASSUMPTIONS)
STEP_ASSUMPTIONS = {
    "Game Equipment": (0,), "Cannon Deck": (0,), "Crew Quarters": (0,), "Cargo Hold": (0,),
    "Stage 3: The repair stage": (0,), "Buy Ship Add-On": (1,), "Hire Crew Member": (1,), "Sell Cargo": (2,),
    "Buy Cargo": (2,), "Player Attacking Merchant Ship": (3,), "Navy Ship Attacking Player": (3,),
    "Play Event Card": (4,), "Your Hoard": (5,), "Example 2: Player Vs. Merchant Ship": (6,),
    "Stage 3: The Cannon Battle": (7,), "Stage 4: The Mêlée": (8,), "Steps during a sea battle": (0, 3),
    "Attack Merchants Instead Of Players": (0, 3), "Sloops and Merchant Ships": (0, 3),
    "Crew Member": (9,), "Treasure Hunt": (9,), "Stage 2: The draw and play stage": (10,), "Asset Liquidation": (11,),
    "Example 1: Player Vs. Player": (12,),
}

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
        self.result.value = (f"<b>P = <span class='pl-exact'>{p}</span></b> ≈ {float(p):.2%} "
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
def _lazy_answer(expected: Callable[[], Any], explain: str = "") -> Callable[[str], tuple[bool, str]]:
    """Check a typed number against an exact value computed (by the engine) only when asked."""

    def check(answer: str) -> tuple[bool, str]:
        return exact_answer(expected(), explain=explain)(answer)

    return check


def _html(text: str) -> Callable[[], widgets.HTML]:
    return lambda: widgets.HTML(f"<div class='pl-pp-example'>{text}</div>")


def _number_html(value: Any) -> str:
    """A number for people: probabilities percent first (long fractions on demand), counts with commas."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return friendly_html(value)
    if isinstance(value, (int, Fraction)):
        return f"{int(value):,}"
    return html.escape(str(value))


def _value(label: str, compute: Callable[[], Any]) -> Callable[[], widgets.HTML]:
    return lambda: widgets.HTML(f"<div class='pl-pp-example'>{html.escape(label)}: "
                                f"<b class='pl-exact'>{_number_html(compute())}</b></div>")


def _dist(title: str, compute: Callable[[], Dist], describe: Callable[[Any], str] = str) -> Callable[[], widgets.Widget]:
    return lambda: DistView(compute(), title=title, width=600, height=200, describe=describe)


def hunt_label(hunt) -> str:
    """A treasure hunt's outcome in a few characters (chart labels must not overlap)."""
    return "lose a turn" if hunt.lose_turn else f"{hunt.coins:,}"


def volley_label(volley) -> str:
    """A cannon volley as 'damage taken: attacker / defender' (sinkings marked)."""
    sunk = "†" if volley.attacker_destroyed or volley.defender_destroyed else ""
    return f"{volley.attacker_damage}/{volley.defender_damage}{sunk}"


def _category_table(category: str) -> Callable[[], widgets.HTML]:
    def build() -> widgets.HTML:
        cards = C.load().categories[category]
        rows = "".join(f"<tr><td>{html.escape(c)}</td><td>{n}</td></tr>" for c, n in cards.items())
        return widgets.HTML(f"<table class='pl-pp-cards'><tr><th>{html.escape(category)}</th><th>cards</th></tr>{rows}"
                            f"<tr><th>total</th><th>{sum(cards.values())}</th></tr></table>")
    return build


def _engine_log(actions: Callable[[], list[str]]) -> Callable[[], widgets.HTML]:
    return lambda: widgets.HTML("<pre class='pl-pp-log'>" + html.escape("\n".join(actions())) + "</pre>")


def _setup_log() -> list[str]:
    state = new_game(4)
    rng = random.Random(1)
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes().sample(rng))
    return state.log + [f"{state.observation(0)['deck']} cards left in the draw piles."]


UPGRADE_HOARD = 5000       # the lesson's player has saved enough for a Crow's Nest and then a Schooner


def _upgraded() -> PPState:
    """A Sloop buys a Crow's Nest, then upgrades to a Schooner (the engine plays both cards)."""
    state = scenario(2)
    state.players[0]["hoard"] = UPGRADE_HOARD
    give(state, 0, "Crow's Nest", "Schooner", "Attack")
    return at_step(state, "play").apply(Play("Crow's Nest")).apply(Play("Schooner"))


def _upgrade_log() -> list[str]:
    state = _upgraded()
    addons = state.addons(0)
    return ([f"Your Sloop, a hoard of {UPGRADE_HOARD:,} pieces of eight, and in hand a Crow's Nest and a Schooner:"]
            + state.log
            + [f"Add-ons on the new hull: {', '.join(addons) if addons else 'none'} "
               f"(the Crow's Nest stays on the Sloop underneath); hoard now {state.players[0]['hoard']:,}."])


def _cards(category: str) -> Callable[[], int]:
    return lambda: sum(C.load().categories[category].values())


def step_specs() -> list[tuple[str, int, Callable, str, Callable[[], Any]]]:
    """One step per rulebook section, in printed order (a repeated heading appears each time).

    Returns (heading, occurrence, body builder, question prompt, answer function) tuples; the
    answer is computed by the package when the question is checked.
    """
    data = C.load
    hull = lambda name, field: (lambda: getattr(C.load().hulls[name], field))  # noqa: E731
    sloop, schooner = Ship.player("Sloop", cannons=3, crew=3), Ship.player("Schooner")
    cards = {"Ship Hull", "Ship Add-On", "Cannon", "Crew Member", "Cargo", "Event", "Repair Ship", "Treasure Hunt",
             "Bury Treasure", "Merchant Ship", "Navy Ship", "Attack"}
    specs: dict[tuple[str, int], tuple[Callable, str, Callable[[], Any]]] = {
        ("Game Equipment", 1): (_value("cards in the deck", lambda: data().total), "How many cards are in the deck?",
                                lambda: data().total),
        ("Game Cards", 1): (_value("basic card types", lambda: len(data().categories)),
                            "How many basic types of card are there?", lambda: len(data().categories)),
        ("Dice", 1): (_dist("Two dice: doubles?", lambda: Dist.independent(Dist.die(6), Dist.die(6)).map(lambda r: r[0] == r[1])),
                      "What is the exact probability of rolling doubles on two dice?", O.doubles_probability),
        ("Coins", 1): (_html("Gold 1000, silver 100, copper 50."), "How much are 2 gold, 3 silver and 1 copper coins worth?",
                       lambda: 2350),
        ("Damage Markers", 1): (_html(f"A schooner has strength {data().hulls['Schooner'].strength} (our data)."),
                                "How many damage markers destroy a Galleon (our data)?", hull("Galleon", "strength")),
        ("Player's Guide", 1): (_value("sections in this rulebook", lambda: len(rulebook(GAME).headings)),
                                "How many section headings does the rulebook have?", lambda: len(rulebook(GAME).headings)),
        ("Game Setup", 1): (_engine_log(_setup_log), "Four players: how many cards are left to draw after the kits, "
                            "the deal and the face-up card?", lambda: 298 - 16 - 21),
        ("Chapter II: Your Ship and Other Resources", 1): (_html("Hull Layout, Cannon Deck, Crew Quarters, Cargo Hold."),
                                                           "How many rows does your ship have?", lambda: 4),
        ("Your Ship", 1): (_value("crewmen you start with", lambda: data().starting_kit["Cutlass Crewman"]),
                           "How many crewmen does each player start with?", lambda: 2),
        ("Hull Layout", 1): (_engine_log(_upgrade_log), "A sloop with a Crow's Nest upgrades to a Schooner: how many "
                             "add-ons does the Schooner have?", lambda: len(_upgraded().addons(0))),
        ("Ship Hull", 2): (_html("Damage ≥ strength destroys the hull; the previous hull is exposed."),
                           "How many damage points destroy a Man O' War (our data)?", hull("Man O' War", "strength")),
        ("Ship Add-On", 2): (_html("One of each type per hull."), "How many Extra Sails can one hull carry?", lambda: 1),
        ("Cannon Deck", 1): (_value("a sloop's cannons", hull("Sloop", "cannons")),
                             "How many cannons can a Sloop carry (our data)?", hull("Sloop", "cannons")),
        ("Crew Quarters", 1): (_value("a galleon's crew", hull("Galleon", "crew")),
                               "How many crewmen fit in a Galleon (our data)?", hull("Galleon", "crew")),
        ("Cargo Hold", 1): (_value("a sloop's hold", hull("Sloop", "cargo")),
                            "How many cargo units fit in a Sloop (our data)?", hull("Sloop", "cargo")),
        ("Treasure Maps and Prize Ships", 1): (_html("Maps hold buried coins; prizes make you wanted."),
                                               "What is the chance to steal one treasure map?", O.doubles_probability),
        ("Treasure Maps", 1): (_html("Bury 1,000 on one map and 2,000 on another."),
                               "How much comes back if you retrieve both?", lambda: 3000),
        ("Prize Ships", 1): (_html("A French and a Dutch prize."), "How many nations' navies can now be played on you?",
                             lambda: 2),
        ("Your Hoard", 1): (_html("Hoard 5,000; buried 3,000."), "How much counts towards winning?", lambda: 5000),
        ("Chapter III: Taking Your Turn", 1): (_html("Pre-draw, draw and play, repair."), "How many stages has a turn?",
                                               lambda: 3),
        ("The Basics", 1): (_value("hand after drawing", lambda: data().game["draw_to"]),
                            "How many cards do you hold after drawing?", lambda: data().game["draw_to"]),
        ("The Three Stages of Your Turn", 1): (_html("Draw three, play two, discard one."),
                                               "How many cards do you play, not counting the final discard?", lambda: 2),
        ("Stage 1: The pre-draw stage", 1): (_dist("Selling Gems 20 Units", lambda: O.cargo_price("Gems 20 Units", True)),
                                             "What is the expected selling price of Gems 20 Units (our prices)?",
                                             lambda: O.cargo_price("Gems 20 Units", True).mean()),
        ("Stage 2: The draw and play stage", 1): (_html("You hold five cards."), "How many cards do you draw?", lambda: 3),
        ("Stage 3: The repair stage", 1): (_value("a sloop's repair cost", hull("Sloop", "repair")),
                                           "What does one repair of a Sloop cost (our data)?", hull("Sloop", "repair")),
        ('"Working" – An Alternative For Desperate Pirates', 1): (
            _value("pay for working", lambda: data().game["work_pay"]), "How much does a day on the docks pay?",
            lambda: 200),
        ("Actions Performed During Your Turn", 1): (_html("Two pre-draw actions, twelve draw-and-play actions."),
                                                    "In which stage (1, 2 or 3) do you sell cargo?", lambda: 1),
        ("During the pre-draw stage", 1): (_html("Sell Cargo, Retrieve Buried Treasure."),
                                           "How many actions are pre-draw only?", lambda: 2),
        ("Sell Cargo", 1): (_dist("Selling Fruit 10 Units", lambda: O.cargo_price("Fruit 10 Units", True)),
                            "What is the chance Fruit 10 Units sells for at least 500?",
                            lambda: O.cargo_price("Fruit 10 Units", True).probability(lambda x: x >= 500)),
        ("Retrieve Buried Treasure", 1): (_html("All of a treasure, or none of it."),
                                          "You buried 1,500. How much do you retrieve?", lambda: 1500),
        ("During the draw-and-play stage", 1): (_html("Twelve actions follow."),
                                                "How many draw-and-play actions does the rulebook list?", lambda: 12),
        ("Buy Ship Add-On", 1): (_value("Iron Hull Plating on a Schooner", lambda: data().addon_cost("Iron Hull Plating", "Schooner")),
                                 "What does Iron Hull Plating cost on a Schooner (our data)?",
                                 lambda: data().addon_cost("Iron Hull Plating", "Schooner")),
        ("Buy Ship", 1): (_html("Exactly one level higher, undamaged."), "From a Sloop (level 1), which level may you buy?",
                          lambda: 2),
        ("Buy Cannon", 1): (_html("4 cannons, 2 crewmen."), "How many cannons can fire?", lambda: 2),
        ("Hire Crew Member", 1): (_value("a pistol crewman costs", lambda: data().costs["Pistol Crewman"]),
                                  "What does a Pistol Crewman cost (our data)?", lambda: data().costs["Pistol Crewman"]),
        ("Buy Cargo", 1): (_dist("Buying Gems 20 Units", lambda: O.cargo_price("Gems 20 Units", False)),
                           "Expected buying price of Gems 20 Units (our prices)?",
                           lambda: O.cargo_price("Gems 20 Units", False).mean()),
        ("Play Event Card", 1): (_html("Scurvy spares a ship with a Doctor or Fruit."),
                                 "A ship with Fruit aboard is hit by Scurvy: how many crewmen does it lose?", lambda: 0),
        ("Attack Opponent", 1): (_html("Same speed: one die each, ties re-roll."),
                                 "Chance a defender of the same speed escapes?", lambda: flee_escape_probability(6, 6)),
        ("Attack Merchant Ship", 1): (_dist("Strength-2 prize", lambda: O.merchant_prize(2)),
                                      "Expected prize of a strength-2 merchant?", lambda: O.merchant_prize(2).mean()),
        ("Play Navy Ship", 1): (_html("Navy ships are faster than any sloop."), "Chance a sloop escapes a navy ship?",
                                lambda: flee_escape_probability(Ship.navy().effective_speed, sloop.effective_speed)),
        ("Repair Ship", 2): (_value("25% repair of a Galleon", lambda: data().hulls["Galleon"].cost // 4),
                             "What does 'Repair at 25% Cost' cost on a Galleon (our data)?",
                             lambda: data().hulls["Galleon"].cost // 4),
        ("Bury Treasure", 2): (_html("Hoard 3,250; bury 2,000."), "How much is left in the hoard?", lambda: 1250),
        ("Treasure Hunt", 2): (_dist("A treasure hunt", O.treasure_hunt, hunt_label),
                               "Expected coins from a treasure hunt?", lambda: O.treasure_hunt().map(lambda h: h.coins).mean()),
        ("Chapter IV: Battles at Sea", 1): (_value("P(at least one Attack in five cards)", O.hand_probability),
                                            "Chance that a five-card hand holds an Attack card (4 players)?",
                                            O.hand_probability),
        ("Sea Battle Basics", 1): (_html("Attack card, Merchant Ship card, Navy Ship card."),
                                   "In how many ways can a battle start?", lambda: 3),
        ("The Five Stages Of A Sea Battle", 1): (_html("Spot, flee, cannons, mêlée, plunder."), "How many stages?", lambda: 5),
        ("Stage 1: Spotting the Enemy", 1): (_html("The enemy (speed 6) takes one damage."),
                                             "What is its speed now?", lambda: 5),
        ("Stage 2: Fight or Flee", 1): (_html("A Sloop (5) with an Extra Sail and two damage."),
                                        "What is its speed?", lambda: Ship.player("Sloop", addons=("Extra Sail",), damage=2).effective_speed),
        ("If the defending ship is faster", 1): (_value("escape", lambda: flee_escape_probability(5, 6)),
                                                 "Chance the faster defender escapes?", lambda: flee_escape_probability(5, 6)),
        ("If the attacking ship is faster", 1): (_value("escape", lambda: flee_escape_probability(6, 5)),
                                                 "Chance the slower defender escapes?", lambda: flee_escape_probability(6, 5)),
        ("If both ships are the same speed", 1): (_value("escape", lambda: flee_escape_probability(5, 5)),
                                                  "Chance the defender escapes at equal speed?",
                                                  lambda: flee_escape_probability(5, 5)),
        ("Stage 3: The Cannon Battle", 1): (_dist("Damage taken: attacker/defender",
                                                  lambda: cannon_volley(1, 1, attacker_strength=3, defender_strength=3),
                                                  volley_label),
                                            "One die each: chance that both ships are damaged?", lambda: Fraction(1, 6)),
        ("Stage 4: The Mêlée", 1): (_dist("One crewman each", lambda: melee(1, 1).map(lambda r: r.winner)),
                                    "One crewman each, no pistols: chance the attacker wins?",
                                    lambda: melee_round_win_probability(1, 1)),
        ("Stage 5: Plundering the Enemy Ship", 1): (_html("The loser holds 3,250."), "How much does the winner take?",
                                                    lambda: 1625),
        ("Rules For Specific Types Of Battles", 1): (_html("Player, merchant, navy."), "How many types of battle?", lambda: 3),
        ("Player Attacking Player", 1): (lambda: CallOffTable(4, 4), "Chance to steal one treasure map after winning?",
                                         O.doubles_probability),
        ("Player Attacking Merchant Ship", 1): (_dist("Strength-4 prize", lambda: O.merchant_prize(4)),
                                                "Chance a strength-4 prize is 10,000 or more (two dice × 1000)?",
                                                lambda: O.merchant_prize(4).probability(lambda x: x >= 10000)),
        ("Navy Ship Attacking Player", 1): (_dist("Navy v schooner", lambda: battle(Ship.navy(), schooner, "navy").map(_summary)),
                                            "At most how many dice does a navy ship roll in a mêlée round?", lambda: 6),
        ("Sample Battle Walk-Throughs", 1): (lambda: moments_table(E.example_1()),
                                             "Chance that Stephanie fails to flee?", lambda: Fraction(5, 6)),
        ("Example 1: Player Vs. Player", 1): (lambda: example_1_view(),
                                              "Exact chance of the first mêlée roll (your best 5 of 4 dice, her best 4 of 3)?",
                                              lambda: E.example_1()[2].probability),
        ("Example 2: Player Vs. Merchant Ship", 1): (lambda: moments_table(E.example_2()),
                                                     "Chance the merchant escapes Joe (same speed)?", lambda: Fraction(1, 2)),
        ("Example 3: Navy Ship Vs. Player", 1): (lambda: moments_table(E.example_3()),
                                                 "Chance Joe rolls doubles?", lambda: Fraction(1, 6)),
        ("Appendix", 1): (_html("Five strategy tips follow."), "How many strategy tips?", lambda: 5),
        ("Strategy Tips", 1): (strategy_table, "Chance a schooner (4 cannons, 4 crew) captures a strength-2 merchant?",
                               lambda: E.merchants_vs_players()[0].win),
        ("Attack Merchants Instead Of Players", 1): (strategy_table, "Same table: chance to beat the armed schooner?",
                                                     lambda: E.merchants_vs_players()[4].win),
        ("Sloops and Merchant Ships", 1): (strategy_table, "Chance a healthy sloop escapes a navy ship?",
                                           lambda: E.sloop_risks()["a sloop escapes a navy ship"]),
        ("Crew Members", 1): (_value("P(a crewman in five cards)", lambda: O.hand_probability({"Crew Member": 1})),
                              "Chance a five-card hand holds a Crew Member card (4 players)?",
                              lambda: O.hand_probability({"Crew Member": 1})),
        ("Rum and Fruit", 1): (_html("Mutiny spares a ship with Rum."), "Rum aboard, Mutiny played: crewmen lost?", lambda: 0),
        ("Baiting The Enemy", 1): (_value("P(a Merchant Ship and a Navy Ship in five cards)",
                                          lambda: O.hand_probability({"Merchant Ship": 1, "Navy Ship": 1})),
                                   "Chance a five-card hand holds both a Merchant Ship and a Navy Ship?",
                                   lambda: O.hand_probability({"Merchant Ship": 1, "Navy Ship": 1})),
        ("Game Variations", 1): (_html("Timed Game, Asset Liquidation, Stealing Treasure Maps, Privateering, Fleet Play."),
                                 "How many variations?", lambda: 5),
        ("Timed Game", 1): (_html("Game(4, max_turns=3): three rounds of four turns."),
                            "At most how many turns are played?", lambda: 12),
        ("Asset Liquidation", 1): (_value("a starting player's worth", lambda: new_game(2, asset_liquidation=True).worth(0)),
                                   "A starting player's worth with Asset Liquidation (our prices)?",
                                   lambda: new_game(2, asset_liquidation=True).worth(0)),
        ("Stealing Treasure Maps", 1): (_html("Doubles steal the map."), "Chance to steal a map?", O.doubles_probability),
        ("Privateering", 1): (_html("A privateer's prize of 4,000."), "How much goes into his hoard?", lambda: 2000),
        ("Fleet Play", 1): (_html("Sell a Galleon for half its cost."), "How much do you get (our data)?",
                            lambda: data().hulls["Galleon"].cost // 2),
        ("Card Frequency", 1): (lambda: DeckOddsCalculator(), "How many cards in the deck?", lambda: 298),
        ("Quick Reference", 1): (_html("Three lists."), "How many steps does a sea battle list?", lambda: 6),
        ("Steps during your turn", 1): (_html("Six steps, or work."), "How many steps in the first list?", lambda: 6),
        ("Steps during a sea battle", 1): (lambda: BattleCalculator(), "Chance a faster defender escapes?",
                                           lambda: Fraction(5, 6)),
        ("Results of a sea battle (how to plunder)", 1): (_html("Player v player."),
                                                          "What fraction of the loser's hoard does the winner take?",
                                                          lambda: Fraction(1, 2)),
    }
    out = []
    seen: dict[str, int] = {}
    for heading in rulebook(GAME).headings:
        seen[heading] = seen.get(heading, 0) + 1
        key = (heading, seen[heading])
        if key in specs:
            body, prompt, answer = specs[key]
        elif heading in cards:          # a card type of "Game Cards"
            body, prompt, answer = (_category_table(heading), f"How many {heading} cards are in the deck?", _cards(heading))
        else:  # pragma: no cover - every heading has a spec (a test checks)
            raise KeyError(key)
        out.append((heading, seen[heading], body, prompt, answer))
    return out


def walkthrough() -> Stepper:
    """A Stepper through the whole rulebook, one step per section heading, in printed order.

    Each step shows the rule, a live example (built when you reach it) and a question the
    engine checks.  Assumptions appear in boxes where they matter.
    """
    steps = []
    for heading, occurrence, body, prompt, answer in step_specs():
        assumptions = tuple(ASSUMPTIONS[i] for i in STEP_ASSUMPTIONS.get(heading, ()))
        steps.append(Step(title=heading, rule=(GAME, heading, occurrence), body=body, explanation=why(heading, occurrence),
                          question=Question(prompt, _lazy_answer(answer)), assumptions=assumptions))
    return Stepper(steps, title="Pillage & Plunder, rule by rule")


def assumption_boxes() -> widgets.VBox:
    """Every assumption in one place."""
    return widgets.VBox([assumption_box(a) for a in ASSUMPTIONS])
