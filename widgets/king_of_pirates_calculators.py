"""King of Pirates calculators: the Dutchman heat map and route planner, the combat calculator, the rum
planner, and cards and skills put on the odds.

Models are plain Python (:class:`DutchmanPlanner`, :class:`CombatModel`, :class:`RumModel`); the views
(``*View``) link legal controls (limits from the rules) to the models, redraw, and put the answer's *why*
under it (:class:`~pirates_lab.widgets.why.WhyTree`: the odds functions' own trees, so the tree's root is
exactly the number shown).  Every number reads percent first with its exact fraction.

Rules: King of Pirates › Phase 3: Combat Phase
Rules: King of Pirates › Phase 1: Upkeep Phase
Rules: King of Pirates › Important Game Concepts
"""
from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

import bqplot  # noqa: F401  (imported with the lesson, not while a screen is built: Next answers at once)
import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.core.report import plural
from pirates_lab.king_of_pirates import components, odds
from pirates_lab.king_of_pirates.components import Cell, on_board
from pirates_lab.king_of_pirates.why import safest_route_why

from .canvas import BoardCanvas
from .controls import rule_slider
from .king_of_pirates import COMPACT, HexLayout, board_ops, heat_scale_html, legend_html
from .kit import DistView, growing_chart, guard, probability_ticks
from .shown import number_html, table_html
from .why import WhyTree

__all__ = ["DutchmanPlanner", "DutchmanView", "CombatModel", "CombatView", "RumModel", "RumView", "card_effects",
           "skill_effects", "effects_html", "policy_rows", "most_cannonballs", "most_rum", "TARGET_NAMES", "Panes",
           "why_tree"]

WIDE = {"description_width": "initial"}     # labels never clipped (large fonts)
ROW = dict(flex_flow="row wrap", align_items="flex-start", max_width="100%")
#: a column beside a board or a chart: it takes the room left and may shrink (its text wraps)
SIDE = dict(flex="1 1 14em", min_width="0", max_width="100%", padding="0 0 0 12px")


class Panes(widgets.VBox):
    """A few panes shown one at a time, picked with toggle buttons: tabs whose titles are never clipped, and that
    grow with Large fonts like every button.

    >>> panes = Panes({"one": widgets.HTML("1"), "two": widgets.HTML("2")})
    >>> panes.pick.value = "two"; panes.box.children[0].value
    '2'
    """

    def __init__(self, panes: dict, css_class: str = "pl-kop-panes"):
        self.titles, self.panes = list(panes), list(panes.values())
        self.pick = widgets.ToggleButtons(options=self.titles, value=self.titles[0], style={"button_width": "auto"})
        self.pick.add_class("pl-kop-pane-pick")
        self.box = widgets.Box([self.panes[0]], layout=widgets.Layout(max_width="100%"))
        self.pick.observe(lambda change: setattr(self.box, "children", (self.panes[self.titles.index(change["new"])],)),
                          names="value")
        super().__init__([self.pick, self.box], layout=widgets.Layout(max_width="100%"))
        self.add_class(css_class)


def why_tree(rule_link: Callable | None = None) -> WhyTree:
    """A :class:`~pirates_lab.widgets.why.WhyTree` that fits the column it stands in (its text as wide as the column
    less its margins, never a few pixels wider)."""
    tree = WhyTree(rule_link=rule_link)
    tree.view.layout.width = "auto"
    return tree

#: the combat targets as the rulebook names them
TARGET_NAMES = {"Merchant Ship (British)": "Merchant Ship (British)", "Merchant Ship (Spanish)": "Merchant Ship (Spanish)",
                "Warship (French)": "Warship (French)", "city": "City", "stronghold": "Stronghold"}


def _most(resource: str, skill: str) -> int:
    """The most of ``resource`` a ship can hold by the rules: the ship, every middle part, and a crew (one per
    crew place) of pirates with the ``skill``.  Rules: King of Pirates › Pirate Skills"""
    comp = components()
    places = comp.ship["crew_positions"] + len(comp.parts)
    with_skill = sum(1 for pirate in comp.pirates.values() if pirate["skill"] == skill)
    return comp.ship[resource] + sum(part[resource] for part in comp.parts.values()) + min(places, with_skill)


def most_cannonballs() -> int:
    """The most Cannonballs a ship can carry (the combat calculator's slider stops there)."""
    return _most("cannonballs", "+1 Maximum Cannonballs")


def most_rum() -> int:
    """The most Rum a ship can carry (the rum planner's slider stops there)."""
    return _most("rum", "+1 Maximum Rum")


# ------------------------------------------------------------------ the Dutchman: heat map and route
class DutchmanPlanner:
    """Model: where the Dutchman may be ``turns`` turns ahead, and the safest route for a ship.

    >>> planner = DutchmanPlanner(turns=1)
    >>> planner.heat()[(1, 0)]
    Fraction(1, 6)
    """

    def __init__(self, dutchman: Cell = (0, 0), ship: Cell = (4, -2), goal: Cell = (0, 0), turns: int = 2,
                 speed: int = 1, players: int = 1):
        self.dutchman, self.ship, self.goal = dutchman, ship, goal
        self.turns, self.speed, self.players = turns, speed, players

    def set(self, **changes) -> None:
        """Change some inputs; refused whole (nothing changes) if one is invalid."""
        trial = {**vars(self), **changes}
        for name, words in (("dutchman", "The Dutchman"), ("ship", "Your ship"), ("goal", "The goal")):
            if not on_board(trial[name]):
                raise InvalidInput(f"{words} must stand on a space of the board.")
        for name, low in (("turns", 0), ("speed", 1), ("players", 1)):
            value = trial[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise InvalidInput(f"{name} must be a whole number >= {low}, got {value!r}.")
        vars(self).update(trial)

    def rolls(self) -> int:
        """Compass rolls in ``turns`` rounds: one per player's upkeep."""
        return self.turns * self.players

    def heat(self) -> dict:
        """Where the Dutchman is after ``turns * players`` compass rolls (one roll per player's upkeep)."""
        return odds.dutchman_distribution(self.rolls(), self.dutchman)

    def route(self):
        """(cells, P(never caught)) of the safest shortest route from ship to goal."""
        return odds.safest_route(self.ship, self.goal, self.dutchman, self.speed, self.players)

    def why(self):
        """The route's chance as a Why tree (its root is :meth:`route`'s probability)."""
        return safest_route_why(self.ship, self.goal, self.dutchman, self.speed, self.players)

    def ops(self, show_heat: bool = True, layout: HexLayout = COMPACT):
        cells_, _ = self.route()
        return board_ops(heat=self.heat() if show_heat else None, route=cells_, ship=self.ship, dutchman=self.dutchman,
                         goal=self.goal, layout=layout)


class DutchmanView(widgets.HBox):
    """The heat map with the safest route drawn on it; beside it the sliders (rolls ahead, players, speed), what
    a click on the board moves, the route's chance and its why.  ``rule_link``: links from the why to the rules'
    screens (:func:`~pirates_lab.widgets.why.screen_links`)."""

    def __init__(self, planner: DutchmanPlanner | None = None, *, rule_link: Callable | None = None,
                 show_why: bool = True):
        self.model = planner or DutchmanPlanner()
        self.show_why = show_why
        self.layout_ = COMPACT
        self.board = BoardCanvas(COMPACT.width, COMPACT.height, to_board=COMPACT.cell_at,
                                 css_class="pl-kop-dutchman-board")
        self.turns = rule_slider("rounds ahead", self.model.turns, 0, 12)
        self.players = rule_slider("players", self.model.players, 1, 6)
        self.speed = rule_slider("your speed", self.model.speed, 1, 5)
        self.click_sets = widgets.ToggleButtons(options=[("the goal", "goal"), ("your ship", "ship"),
                                                         ("the Dutchman", "Dutchman")], value="goal",
                                                description="A click moves",
                                                style={**WIDE, "button_width": "auto"})      # one row of buttons
        self.click_sets.add_class("pl-kop-click-sets")
        self.summary = widgets.HTML()
        self.message = widgets.HTML()
        self.why = why_tree(rule_link)
        for slider, css in ((self.turns, "pl-kop-turns"), (self.players, "pl-kop-players"), (self.speed, "pl-kop-speed")):
            slider.add_class(css)
            slider.observe(self._changed, names="value")
        self.board.on_click(self._clicked)
        self.scale = widgets.HTML()
        # the colour scale heads the column beside the board (under the board its one line would widen the board's
        # column past the page's half and push the controls below it)
        side = widgets.VBox([self.scale, self.turns, self.players, self.speed, self.click_sets, self.summary]
                            + ([self.why] if show_why else []) + [self.message], layout=widgets.Layout(**SIDE))
        left = widgets.VBox([self.board], layout=widgets.Layout(flex="0 1 auto", max_width="100%"))
        super().__init__([left, side], layout=widgets.Layout(**ROW))
        self.add_class("pl-kop-dutchman")
        self.refresh()

    def _changed(self, _change=None) -> None:
        @guard(self.message)
        def run():
            self.model.set(turns=self.turns.value, players=self.players.value, speed=self.speed.value)
            self.refresh()
        run()

    def _clicked(self, cell) -> None:
        self.model.set(**{{"goal": "goal", "ship": "ship", "Dutchman": "dutchman"}[self.click_sets.value]: cell})
        self.refresh()

    def refresh(self) -> None:
        cells_, p = self.model.route()
        self.board.draw("background", self.model.ops(layout=self.layout_))
        n = self.model.rolls()
        self.scale.value = heat_scale_html(self.model.heat())
        rolls = f"{n} compass roll{'s' if n != 1 else ''}"
        spaces = len(cells_) - 1
        self.summary.value = (
            f"<div class='pl-kop-route' data-exact='{p}'>The colours: where the Dutchman may be after {rolls} "
            f"(the number on a space is its percent). The red line: the safest shortest route, {spaces} "
            f"space{'s' if spaces != 1 else ''} from your ship to the gold goal. The chance the Dutchman never "
            f"catches you on it: <b>{number_html(p)}</b></div>")
        if self.show_why:
            self.why.tree = self.model.why()


# ------------------------------------------------------------------ combat
class CombatModel:
    """Model of the combat calculator: a target (or a defence value), a modifier and cannonballs.

    >>> CombatModel("stronghold", 0, 0).probability()
    Fraction(1, 12)
    """

    def __init__(self, target: str | int = "city", modifier: int = 0, cannonballs: int = 2):
        self.target, self.modifier, self.cannonballs = target, modifier, cannonballs
        self.defence = self._defence(target)

    @staticmethod
    def _defence(target) -> int:
        targets = components().targets
        if isinstance(target, str):
            if target in targets:
                return targets[target]["defence"]
            try:
                target = int(target)
            except ValueError:
                raise InvalidInput(f"Choose a target ({', '.join(targets)}) or type a defence value 2..13.") from None
        if isinstance(target, bool) or not isinstance(target, int) or not 2 <= target <= 13:
            raise InvalidInput(f"A defence value is a whole number from 2 to 13, got {target!r}.")
        return target

    def set(self, **changes) -> None:
        trial = {"target": self.target, "modifier": self.modifier, "cannonballs": self.cannonballs, **changes}
        defence = self._defence(trial["target"])
        odds.combat_success_probability(defence, trial["modifier"], trial["cannonballs"])   # validates
        if trial["cannonballs"] > 20:
            raise InvalidInput("At most 20 cannonballs in the calculator.")
        self.target, self.modifier, self.cannonballs, self.defence = (trial["target"], trial["modifier"],
                                                                       trial["cannonballs"], defence)

    def name(self) -> str:
        return TARGET_NAMES.get(self.target, f"a target with Defense Value {self.defence}")

    def probability(self) -> Fraction:
        return odds.combat_success_probability(self.defence, self.modifier, self.cannonballs)

    def why(self):
        """The probability as a Why tree (its root is :meth:`probability`)."""
        return odds.combat_success_probability(self.defence, self.modifier, self.cannonballs, why=True)

    def expected_cannonballs(self) -> Fraction:
        return odds.expected_cannonballs_used(self.defence, self.modifier, self.cannonballs)

    def policy(self) -> odds.RerollPolicy:
        return odds.reroll_policy(self.defence, self.modifier, self.cannonballs)

    def by_cannonballs(self, most: int = 10) -> list[tuple[int, Fraction]]:
        return [(k, odds.combat_success_probability(self.defence, self.modifier, k)) for k in range(most + 1)]


CHOSEN, OTHERS = "#8b5a2b", "#d9c7a0"       # the Cannonballs chosen, the others (the combat chart's bars)


def policy_rows(policy: odds.RerollPolicy) -> list[tuple[str, str]]:
    """The best re-roll after a failed first roll (every cannonball still in hand), grouped by what to do:
    (what to do, the failed rolls it is best for), in words.

    >>> policy_rows(odds.reroll_policy(11, 0, 1))[0]
    ('keep the 6, re-roll the other die', '6 and 1, 6 and 2, 6 and 3, 6 and 4')
    """
    groups: dict[str, list[str]] = {}
    for (high, low), choice in sorted(policy.summary().items()):
        words = policy.words((high, low), choice)
        if words.startswith("keep the"):
            kept = words.split(",")[0]
            words = f"{kept}, re-roll the other die"
        groups.setdefault(words, []).append(f"{high} and {low}")

    def order(words: str) -> tuple[int, int]:
        if words.startswith("keep the"):
            return 0, -int(words.split()[2].rstrip(","))        # the higher kept die first
        return (1 if words.startswith("re-roll") else 2), 0

    return [(words, ", ".join(groups[words])) for words in sorted(groups, key=order)]


class CombatView(widgets.VBox):
    """Target, Combat bonus and cannonballs in (limits from the rules); out: the chance of success (percent first)
    with its why, the cannonballs spent on average, a chart of the chance against the cannonballs carried (the
    one chosen darker) and, on a second pane, which die to re-roll after each failed roll."""

    def __init__(self, model: CombatModel | None = None, *, rule_link: Callable | None = None):
        self.model = model or CombatModel()
        names = list(components().targets)
        self.most = most_cannonballs()
        options = [(f"{TARGET_NAMES.get(n, n)} (Defense Value {components().targets[n]['defence']})", n) for n in names]
        self.target = widgets.Dropdown(options=options, value=self.model.target if self.model.target in names else "city",
                                       description="target", style=WIDE,
                                       layout=widgets.Layout(width="auto", max_width="100%"))   # shrinks to its column
        self.modifier = rule_slider("Combat bonus", self.model.modifier, -5, 5)
        self.cannonballs = rule_slider("Cannonballs", self.model.cannonballs, 0, self.most)
        for slider in (self.modifier, self.cannonballs):
            slider.layout.width = "auto"            # the column's width less the slider's margins, never wider
        self.target.add_class("pl-kop-target")
        self.modifier.add_class("pl-kop-modifier")
        self.cannonballs.add_class("pl-kop-cannonballs")
        self.result = widgets.HTML()
        self.why = why_tree(rule_link)
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        x, y = bqplot.OrdinalScale(), bqplot.LinearScale(min=0)
        self.bars = bqplot.Bars(x=["0"], y=[0], scales={"x": x, "y": y}, colors=["#d9c7a0"], color_mode="no_group",
                                padding=0.2)
        self.x_scale, self.y_scale = x, y
        self.y_axis = bqplot.Axis(scale=y, tick_format=".0%", side="left")
        self.x_axis = bqplot.Axis(scale=x, label="Cannonballs carried")
        self.chart = growing_chart(bqplot.Figure(marks=[self.bars], axes=[self.x_axis, self.y_axis], title="",
                                                 title_style={"font-size": "15px"}),
                                   310, 230, {"top": 36, "bottom": 48, "left": 56, "right": 10})
        self.chart.add_class("pl-kop-cannon-chart")
        for w in (self.target, self.modifier, self.cannonballs):
            w.observe(self._changed, names="value")
        controls = widgets.VBox([self.target, self.modifier, self.cannonballs, self.result, self.why, self.message],
                                layout=widgets.Layout(flex="1 1 14em", min_width="0", max_width="100%"))
        self.tabs = Panes({"Chance by Cannonballs": self.chart, "What to re-roll": self.table})
        # the panes take the room the controls leave, whichever is shown (the re-roll table wraps in it, so
        # picking a pane never moves the controls)
        self.tabs.layout.flex, self.tabs.layout.min_width = "1 1 20em", "0"
        super().__init__([widgets.HBox([controls, self.tabs], layout=widgets.Layout(**ROW))])
        self.add_class("pl-kop-combat-calculator")
        self.refresh()

    def _changed(self, _change=None) -> None:
        @guard(self.message)
        def run():
            self.model.set(target=self.target.value, modifier=self.modifier.value, cannonballs=self.cannonballs.value)
            self.refresh()
        run()

    def refresh(self) -> None:
        m = self.model
        p = m.probability()
        used = m.expected_cannonballs()
        balls = f"{m.cannonballs} Cannonball{'s' if m.cannonballs != 1 else ''}"
        bonus = f"a Combat bonus of {m.modifier:+d}" if m.modifier else "no Combat bonus"
        self.result.value = (f"<div class='pl-kop-combat' data-exact='{p}'>You need {m.defence} or more on two dice"
                             f"{f' {m.modifier:+d}' if m.modifier else ''}, with {bonus} and {balls}. The chance to "
                             f"conquer the {html.escape(m.name())}: <b>{number_html(p)}</b>; on average "
                             f"{float(used):.2f} Cannonballs are spent.</div>")
        self.why.tree = m.why()
        rows = m.by_cannonballs(self.most)
        with self.bars.hold_sync():
            self.bars.x, self.bars.y = [str(k) for k, _ in rows], [float(q) for _, q in rows]
            self.bars.colors = [CHOSEN if k == m.cannonballs else OTHERS for k, _ in rows]
        top, ticks, form = probability_ticks(max(float(q) for _, q in rows))
        self.y_scale.min, self.y_scale.max = 0.0, top
        self.y_axis.tick_values, self.y_axis.tick_format = ticks, form
        self.chart.title = f"The {m.name()}: the chance by Cannonballs"
        if m.cannonballs:
            self.table.value = ("<div class='pl-kop-policy'><b>After a failed roll, with every cannonball still in "
                                "hand</b>" + table_html(policy_rows(m.policy()), header=("best choice", "after these rolls"))
                                + "</div>")
        else:
            self.table.value = "<div class='pl-kop-policy'><i>No cannonballs: no re-rolls.</i></div>"


# ------------------------------------------------------------------ rum
class RumModel:
    """How far can I sail before a mutiny is likely?

    >>> RumModel(rum=0).expected()
    Fraction(3, 2)
    """

    def __init__(self, rum: int = 4, upkeeps: int = 4, risk: Fraction = Fraction(1, 2)):
        self.rum, self.upkeeps, self.risk = rum, upkeeps, Fraction(risk)

    def set(self, **changes) -> None:
        trial = {"rum": self.rum, "upkeeps": self.upkeeps, **changes}
        odds.p_no_mutiny_within(trial["rum"], trial["upkeeps"])      # validates
        if trial["rum"] > 40 or trial["upkeeps"] > 60:
            raise InvalidInput("Keep rum <= 40 and upkeeps <= 60 in the planner.")
        self.rum, self.upkeeps = trial["rum"], trial["upkeeps"]

    def p_safe(self) -> Fraction:
        return odds.p_no_mutiny_within(self.rum, self.upkeeps)

    def why(self):
        """P(no mutiny) as a Why tree (its root is :meth:`p_safe`)."""
        return odds.p_no_mutiny_within(self.rum, self.upkeeps, why=True)

    def expected(self) -> Fraction:
        return odds.expected_upkeeps_until_mutiny(self.rum)

    def likely_within(self) -> int:
        """The first number of upkeeps after which a mutiny has happened with probability > risk."""
        n = 0
        while 1 - odds.p_no_mutiny_within(self.rum, n) <= self.risk:
            n += 1
        return n

    def first_mutiny(self, horizon: int = 15) -> Dist:
        dist = odds.first_mutiny_distribution(self.rum, horizon)
        later = 1 - sum(dist.values(), Fraction(0))
        probabilities = {n: p for n, p in dist.items() if p}   # whole numbers: a numeric axis, sorted as numbers
        if later:
            probabilities[horizon + 1] = later                  # "the (horizon + 1)th upkeep or later"
        return Dist.from_probabilities(probabilities)


class RumView(widgets.HBox):
    """Rum held and upkeeps to come (limits from the rules) in; out: the chance of no mutiny (percent first) with
    its why, when a mutiny becomes more likely than not, and a chart of the upkeep of the first mutiny."""

    def __init__(self, model: RumModel | None = None, *, rule_link: Callable | None = None):
        self.model = model or RumModel()
        self.rum = rule_slider("Rum on your ship", self.model.rum, 0, most_rum())
        self.upkeeps = rule_slider("upkeeps to come", self.model.upkeeps, 0, 20)
        self.rum.add_class("pl-kop-rum")
        self.upkeeps.add_class("pl-kop-upkeeps")
        self.result = widgets.HTML()
        self.message = widgets.HTML()
        self.why = why_tree(rule_link)
        self.view = DistView(self.model.first_mutiny(), title="", show_table=False, width=310, height=230)
        self.view.x_axis.label = "at upkeep (16: or later)"
        for w in (self.rum, self.upkeeps):
            w.observe(self._changed, names="value")
        side = widgets.VBox([self.rum, self.upkeeps, self.result, self.why, self.message],
                            layout=widgets.Layout(flex="1 1 14em", min_width="0", max_width="100%"))
        super().__init__([side, self.view], layout=widgets.Layout(**ROW))
        self.add_class("pl-kop-rum-planner")
        self.refresh()

    def _changed(self, _change=None) -> None:
        @guard(self.message)
        def run():
            self.model.set(rum=self.rum.value, upkeeps=self.upkeeps.value)
            self.refresh()
        run()

    def refresh(self) -> None:
        m = self.model
        p = m.p_safe()
        upkeeps = f"{m.upkeeps} upkeep{'s' if m.upkeeps != 1 else ''}"
        self.result.value = (
            f"<div class='pl-kop-rum-result' data-exact='{p}'>With {m.rum} Rum and no Pirates Lair on the way, the "
            f"chance of no mutiny in the next {upkeeps}: <b>{number_html(p)}</b>. A mutiny becomes more likely than "
            f"not after {plural(m.likely_within(), 'upkeep')}: plan to reach a Pirates Lair before then. On average "
            f"the first mutiny comes at upkeep {float(m.expected()):.1f}.</div>")
        self.why.tree = m.why()
        self.view.title = f"With {m.rum} Rum: the first mutiny"
        self.view.dist = m.first_mutiny()


# ------------------------------------------------------------------ cards and skills on the odds
def card_effects(cannonballs: int = 2) -> list[tuple[str, str, Fraction, Fraction]]:
    """(card, situation, P without, P with) for the cards that change a combat's odds."""
    p = odds.combat_success_probability
    pvp = odds.pvp_win_probability
    return [
        ("Assault", "you attack a Stronghold", p(11, 0, cannonballs), p(11, 2, cannonballs)),
        ("Mercenaries", "you attack a Stronghold", p(11, 0, cannonballs), p(11, 1, cannonballs)),
        ("Soldiers", "another attacks a City", p(10, 0, cannonballs), p(12, 0, cannonballs)),
        ("Scurvy", "another attacks a City", p(10, 0, cannonballs), p(10, -1, cannonballs)),
        ("Ambush", "a player attacks you: your chance to win", 1 - pvp(0, cannonballs, 0, cannonballs),
         1 - pvp(0, cannonballs, 3, cannonballs)),
        ("Assault", "you attack a player", pvp(0, cannonballs, 0, cannonballs), pvp(2, cannonballs, 0, cannonballs)),
    ]


def skill_effects(cannonballs: int = 2) -> list[tuple[str, str, Fraction, Fraction]]:
    """(skill, situation, P without, P with) for skills that change the odds."""
    p = odds.combat_success_probability
    pvp = odds.pvp_win_probability
    return [
        ("+1 Combat vs. Nations", "you attack a Stronghold", p(11, 0, cannonballs), p(11, 1, cannonballs)),
        ("+2 Combat vs. Nations", "you attack a Stronghold", p(11, 0, cannonballs), p(11, 2, cannonballs)),
        ("+1 Maximum Cannonballs", "you attack a Stronghold", p(11, 0, cannonballs), p(11, 0, cannonballs + 1)),
        ("+1 Combat vs. other Players", "you attack a player", pvp(0, cannonballs, 0, cannonballs),
         pvp(1, cannonballs, 0, cannonballs)),
        ("+2 Combat vs. other Players", "you attack a player", pvp(0, cannonballs, 0, cannonballs),
         pvp(2, cannonballs, 0, cannonballs)),
        ("+1 Maximum Rum", "no mutiny in 6 upkeeps, full of Rum", odds.p_no_mutiny_within(4, 6),
         odds.p_no_mutiny_within(5, 6)),
    ]


def effects_html(rows, first: str = "card or skill") -> str:
    """A table of (name, situation, chance without, chance with), percent first (each number in one piece)."""
    return table_html(rows, header=(first, "when (2 Cannonballs on each side)", "without", "with"), css="pl-kop-effects")
