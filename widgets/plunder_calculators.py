"""Plunder's calculators: the combat chain ("should I attack?") and the Letter of Marque contest, each with its
exact answer's why tree (:class:`~pirates_lab.widgets.why.WhyTree`) under it.

Rules: Plunder › Combat
Rules: Plunder › War

Controls stay legal (issue 19 item 8): the hand is a set of cards tapped on and off (a touch board cannot
Ctrl-click), at most 7 cards with the cards still to draw; a captain is fought in a ship, never in a Port; sliders
take their limits from the rules.  The numbers come from :func:`chain_report` and the engine's odds (plain
Python, tested without a browser).  The combat calculator opens on a fight near even.

>>> calc = ChainCalculator()
>>> calc.hand.value, calc.draws.value, percent_text(calc.report["win"])
(('Open Sea (1)', 'Coastland (2)'), 2, '45.72%')
"""
from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.plunder.components import components
from pirates_lab.plunder.odds import (MAX_HAND, captain_fight, loot_dist,
                                      marque_probability, npc_chain_odds, side_of, unseen_cards)

from .controls import ToggleSet, rule_slider
from .kit import DistView, error_html
from .numbers import percent_text
from .why import WhyTree

__all__ = ["ChainCalculator", "MarqueCalculator", "chain_report", "kept_value", "TORTUGA", "chance_text", "pct", "unseen_for", "HAND_CARDS",
           "DEFAULT_FIGHT", "END_WORDS", "RISK"]

#: the cards the calculator's hand is picked from: two of each number from 1 to 6 (what matters in a fight)
HAND_CARDS = ("Open Sea", "Coastland", "Havana", "Natives", "Cartagena", "A Treaty is Signed", "Navigator", "Pirates",
              "Bottle of Rum", "Sneak into Port")
#: the opening fight: near even, and every step of the chain matters (ship, enemy, hand, cards to draw)
DEFAULT_FIGHT = ("Pinnace", "Treasure Fleet", ("Open Sea", "Coastland"), 2)
#: how each ending reads in the chart and its table
END_WORDS = {"won": "you win", "sunk": "you are sunk", "escaped": "it escapes", "attacker captures": "you capture it",
             "attacker sunk": "you are sunk", "defender captures": "they capture you"}
#: silver a captain loses when sunk, in "should I attack?": none (If You Lose Your Ship takes the ship, its cargo,
#: the First Mate and the hand, but no silver)
RISK = 0
#: what Tortuga pays for a plundered good (the data file's price): plunder is priced where it can be sold
TORTUGA = components().rules["tortuga_price"]


def pct(p: Fraction) -> str:
    """A probability for a table: ``41.67%``; a tiny one ``< 0.01%``; certain and impossible read one way."""
    p = Fraction(p)
    if 0 < p < Fraction(1, 10_000):
        return "< 0.01%"
    return percent_text(p)


def chance_text(p: Fraction) -> str:
    return f"{pct(p)} ({p})" if Fraction(p).denominator < 1000 else pct(p)


def _start_unseen(hand) -> dict:
    """The cards not seen at the start (the deck without Tortuga and the first sea's 4 Open Sea) nor in ``hand``."""
    unseen = {k: v for k, v in components().full_deck().items() if components().card(k).kind != "tortuga"}
    unseen["Open Sea"] -= components().rules["open_sea_at_setup"]
    for name in hand:
        if not unseen.get(name):
            raise InvalidInput(f"There are not that many {name} cards in the deck.")
        unseen[name] -= 1
    return {k: v for k, v in unseen.items() if v}


def _without_yours(number: int) -> dict:
    """The cards not seen at the start less the card you place (one card numbered ``number``: you hold it, so no
    contester can).  Only numbers count in a contest, so any card of that number will do."""
    name = next(name for name in HAND_CARDS if components().card(name).number == number)
    return _start_unseen((name,))


def unseen_for(observation: dict) -> dict:
    """The cards a captain has not seen, from their seat's observation (for the calculator in a game): the
    widget reads what the seat may see, never the state."""
    return unseen_cards(observation)


def chain_report(ship: str, enemy: str, hand=(), *, mate: str | None = None, draws: int = 0,
                 captain: bool = False, their_hand: int = 6, flees: bool = False, risk: int = RISK,
                 unseen: dict | None = None) -> dict:
    """The calculator's numbers: each step, the whole chain, how it ends, and "should I attack?".

    ``enemy`` is a ship, Port or Natives card, or (``captain=True``) the ship another captain sails.

    >>> report = chain_report("Pinnace", "Treasure Fleet", ["Open Sea", "Coastland"], draws=2)
    >>> report["win"], sorted(report["steps"])
    (Fraction(315, 689), ['boarding', 'broadside', 'engagement'])
    """
    hand = list(hand)
    pool = unseen if unseen is not None else _start_unseen(hand)
    me = side_of(ship, mate)
    card = components().card(enemy) if enemy != "Pinnace" else None
    if captain:
        if card is not None and card.kind != "ship":
            raise InvalidInput(f"A captain sails a ship, not {enemy}.")
        odds = captain_fight(me, side_of(enemy), hand, pool, their_hand, flees)
        gain = card.value if card is not None else 0
    else:
        if card is None or card.kind not in ("ship", "port", "natives"):
            raise InvalidInput(f"{enemy} is not a ship, a Port or Natives.")
        attacked = card.name == "Pirates"   # "who always attack": no chase, and a tie is theirs (as the engine)
        steps = {"ship": ("engagement", "broadside", "boarding"), "port": ("broadside", "boarding"),
                 "natives": ("boarding",)}[card.kind][1 if attacked else 0:]
        odds = npc_chain_odds(me, side_of(enemy), hand, draws, pool, steps, attacked=attacked)
        # plunder sells only in Tortuga or a Port of your Letter's nation (Selling); after the attack the attacked
        # nation is your enemy, so its Ports are closed to you: the loot is priced at Tortuga's price
        loot = loot_dist(pool, card.cargo or 99, 5)
        ship_value = card.value if card.kind == "ship" else 0
        gain = loot.map(lambda gq: ship_value + gq[1] * TORTUGA)
    value = kept_value(odds, gain, risk)
    return {"odds": odds, "steps": dict(odds.steps), "win": odds.win, "ends": odds.ends, "value": value}


def kept_value(odds, gain, risk: int = RISK) -> Fraction:
    """Expected silver of an attack: the chance to win times the captain's half (rounded down, of each sale, so
    halved exactly per outcome, never after rounding) of the plunder; ``risk`` silver lost when sunk (0: sinking
    costs no silver).  ``gain`` is a number or a Dist of the sale's silver.

    >>> from pirates_lab.plunder.odds import ChainOdds
    >>> kept_value(ChainOdds(Fraction(1, 2), ends=Dist({"won": 1, "sunk": 1})), Dist({7: 1, 8: 1}))
    Fraction(7, 4)
    """
    gain = gain if isinstance(gain, Dist) else Dist.certain(int(gain))
    half = gain.map(lambda silver: int(silver) // 2).mean()
    sunk = odds.ends.probability(lambda e: e in ("sunk", "attacker sunk", "defender captures")) if odds.ends else 0
    return odds.win * half - sunk * risk


def _field(label: str, control: widgets.Widget, width: str = "31%") -> widgets.VBox:
    """A control with its label on its own line above it (never cut, whatever the font size)."""
    caption = widgets.HTML(f"<b>{html.escape(label)}</b>")
    control.layout.width = "calc(100% - 8px)"      # its margins stay inside the box: nothing to scroll
    box = widgets.VBox([caption, control], layout=widgets.Layout(width=width, min_width="14em", max_width="100%",
                                                                 margin="0 8px 4px 0"))
    box.add_class("pl-plunder-field")
    return box


def _row(children, **layout) -> widgets.HBox:
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end",
                                                        max_width="100%", **layout))


class ChainCalculator(widgets.VBox):
    """Your ship, the enemy and your hand: each step's chance, the whole chain (a chart), its why, and "should I
    attack?" in expected silver.  ``rule_link`` makes the why tree's rules links to the lesson's screens.

    Every label sits on its own line above its control, and the chart wraps below the controls on a narrow
    screen, so nothing is cut at 1024 x 768 with Large fonts.
    """

    def __init__(self, ship: str = DEFAULT_FIGHT[0], enemy: str = DEFAULT_FIGHT[1], hand=DEFAULT_FIGHT[2],
                 draws: int = DEFAULT_FIGHT[3], *, rule_link=None):
        deck = components()
        self.labels = {f"{name} ({deck.card(name).number})": name for name in HAND_CARDS}
        ships = ["Pinnace"] + [c.name for c in deck.of_kind("ship")]
        self.targets = [c.name for c in deck.of_kind("ship", "port", "natives")]
        self.captain_ships = ships
        self.ship = widgets.Dropdown(options=ships, value=ship)
        self.mate = widgets.Dropdown(options=[("none", "")] + [(c.name, c.name) for c in deck.of_kind("first_mate")],
                                     value="")
        self.enemy = widgets.Dropdown(options=self.targets, value=enemy)
        self.mode = widgets.ToggleButtons(options=[("a ship, Port or Natives", False), ("another captain", True)],
                                          value=False, style={"button_width": "auto"})
        self.mode.add_class("pl-plunder-enemy-kind")
        picked = [label for label, name in self.labels.items() if name in hand]
        self.hand = ToggleSet(list(self.labels), value=picked, most=MAX_HAND, css_class="pl-plunder-hand")
        self.draws = rule_slider("Cards to draw", draws, 0, min(4, MAX_HAND - len(picked)))
        self.their_hand = rule_slider("Their cards", 6, 0, MAX_HAND)
        for slider in (self.draws, self.their_hand):
            slider.description = ""                   # the label sits above it (a description is cut when large)
        self.message = widgets.HTML()
        self.message.add_class("pl-plunder-chain-message")
        self.summary = widgets.HTML()
        self.summary.add_class("pl-plunder-chain-summary")
        self.why = WhyTree(rule_link=rule_link)
        self.why.layout.overflow = "visible"     # its box is a few px shorter than the tree: no scroll bar
        self.view = DistView(Dist.certain("you win"), title="How the combat ends", width=280, height=150)
        self.view.layout.flex_flow = "column"     # the table under the chart: the why has the room beside them
        self.draws_field = _field("Cards you will draw first", self.draws)
        self.their_field = _field("Cards in their hand (unseen)", self.their_hand)
        self.their_field.layout.display = "none"
        for control in (self.ship, self.mate, self.enemy, self.hand, self.draws, self.their_hand):
            control.observe(lambda _: self.update(), names="value")
        self._quiet = True                       # nothing computed before every control is built
        self.mode.observe(lambda _: self._mode_changed(), names="value")
        hand_box = widgets.VBox([widgets.HTML("<b>Your hand</b> (tap the cards you hold; the number is the card's)"),
                                 self.hand], layout=widgets.Layout(max_width="100%"))
        controls = widgets.VBox([
            _row([_field("Your ship", self.ship), _field("First Mate", self.mate), _field("Enemy", self.enemy)]),
            _row([widgets.VBox([widgets.HTML("<b>You attack</b>"), self.mode],
                               layout=widgets.Layout(margin="0 8px 4px 0", max_width="100%")),
                  self.draws_field, self.their_field]),
            hand_box], layout=widgets.Layout(max_width="100%"))
        answer = widgets.VBox([self.summary, self.why], layout=widgets.Layout(flex="1 1 16em", min_width="14em",
                                                                              overflow="visible",
                                                                              max_width="100%"))
        body = widgets.HBox([self.view, answer], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                       max_width="100%"))
        super().__init__([controls, self.message, body], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-plunder-chain")
        self.report = None
        self._quiet = False
        self.update()

    @property
    def captain(self) -> bool:
        return bool(self.mode.value)

    def cards(self) -> tuple[str, ...]:
        """The hand as card names."""
        return tuple(self.labels[label] for label in self.hand.value)

    def _mode_changed(self) -> None:
        options = self.captain_ships if self.captain else self.targets
        value = self.enemy.value if self.enemy.value in options else ("Spanish Sloop" if self.captain else
                                                                       DEFAULT_FIGHT[1])
        self._quiet = True                       # one update, after the enemy's options and value are both set
        try:
            self.enemy.options = options
            self.enemy.value = value
        finally:
            self._quiet = False
        self.draws_field.layout.display = "none" if self.captain else ""
        self.their_field.layout.display = "" if self.captain else "none"
        self.update()

    def update(self) -> None:
        if self._quiet:
            return
        room = max(0, min(4, MAX_HAND - len(self.hand.value)))
        if self.draws.max != room:
            self.draws.max = room                 # the slider's value follows (at most 7 cards in all)
        try:
            self.report = chain_report(self.ship.value, self.enemy.value, self.cards(), mate=self.mate.value or None,
                                       draws=0 if self.captain else self.draws.value, captain=self.captain,
                                       their_hand=self.their_hand.value)
        except Exception as error:               # a refused input: the message in place, no stale odds under it
            self.message.value = error_html(error)
            self.summary.value = "<p>Change the input above to see the odds again.</p>"
            self.why.tree = None
            return
        self.message.value = ""
        odds = self.report["odds"]
        self.view.dist = self.report["ends"].map(lambda end: END_WORDS.get(end, end))
        rows = "".join(f"<li>reach and win the {html.escape(step.title())}: <b>{html.escape(pct(p))}</b></li>"
                       for step, p in self.report["steps"].items())
        value = self.report["value"]
        self.summary.value = (f"<ul style='margin:0 0 0.3em 0;padding-left:1.2em'>{rows}</ul>"
                              f"<p>Should I attack? Expected silver <b>{float(value):.1f}</b>: the chance you win "
                              f"times your half of the plunder, sold in Tortuga. Sinking costs no silver (you lose "
                              f"your ship, its cargo and your cards). Click the chance below to see why.</p>")
        self.why.tree = odds.why()


class MarqueCalculator(widgets.VBox):
    """Seek a Letter of Marque: your card's number, how many captains contest and how many cards each holds
    (unseen); the chance you receive the Letter, its why, and the chance for every card number beside it.

    >>> calc = MarqueCalculator()
    >>> percent_text(calc.answer)
    '61.53%'
    """

    def __init__(self, card: int = 5, contesters: int = 1, hand_size: int = 6, *, rule_link=None):
        numbers = sorted({components().card(name).number for name in HAND_CARDS})
        self.card = rule_slider("Your card's number", card, numbers[0], numbers[-1])
        self.contesters = rule_slider("Captains contesting", contesters, 1, 3)
        self.hand_size = rule_slider("Cards each holds", hand_size, 1, MAX_HAND - 1)
        for slider in (self.card, self.contesters, self.hand_size):
            slider.description = ""
            slider.observe(lambda _: self.update(), names="value")
        self.result = widgets.HTML()
        self.result.add_class("pl-plunder-marque-result")
        self.why = WhyTree(rule_link=rule_link)
        self.why.layout.overflow = "visible"     # its box is a few px shorter than the tree: no scroll bar
        self.table = widgets.HTML()
        self.table.add_class("pl-plunder-marque-table")
        self.message = widgets.HTML()
        controls = _row([_field("Your card's number", self.card), _field("Captains contesting", self.contesters),
                         _field("Cards each of them holds", self.hand_size)])
        left = widgets.VBox([self.result, self.why], layout=widgets.Layout(flex="1 1 20em", min_width="16em",
                                                                           overflow="visible",
                                                                           max_width="100%"))
        body = widgets.HBox([left, self.table], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                      max_width="100%"))
        super().__init__([controls, self.message, body], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-plunder-marque")
        self.answer = None
        self.update()

    def update(self) -> None:
        n, k = self.contesters.value, self.hand_size.value
        try:
            unseen = _without_yours(self.card.value)
            self.answer = marque_probability(self.card.value, unseen, n, k)
            tree = marque_probability(self.card.value, unseen, n, k, why=True)
        except Exception as error:
            self.message.value = error_html(error)
            return
        self.message.value = ""
        who = f"{n} captain{'s' * (n != 1)}, {k} unseen card{'s' * (k != 1)} each"
        self.result.value = (f"<p>Your {self.card.value} against {html.escape(who)}: you receive the Letter "
                             f"<b>{html.escape(pct(self.answer))}</b> of the time. Click the chance below to see why.</p>")
        self.why.tree = tree
        rows = "".join(f"<tr><td>{v}</td><td style='text-align:right;white-space:nowrap'>"
                       f"{html.escape(pct(marque_probability(v, _without_yours(v), n, k)))}</td></tr>" for v in range(1, 7))
        self.table.value = (f"<table class='pl-table'><thead><tr><th>your card</th><th>you receive the Letter</th>"
                            f"</tr></thead><tbody>{rows}</tbody></table>")
