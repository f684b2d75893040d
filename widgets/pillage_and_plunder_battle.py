"""Pillage & Plunder battle front-ends: ship drawings, the ship builder, the battle calculator and the call-off
table.

Models are plain Python from :mod:`pirates_lab.pillage_and_plunder`; drawing is a pure function (``ship_ops``,
``battle_ops``, ``mini_ships_ops``) tested without a browser.  Every text is drawn at 16 px or more, so with
Large fonts nothing grows into its neighbour.  The builder's controls stay legal: a hull's cannons and crew
bound the sliders, pistol crewmen and officers are part of the crew, damage stays below the strength.

Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from __future__ import annotations

import html
import random
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder.battles import Ship, battle, call_off_policy, sample_battle
from pirates_lab.pillage_and_plunder.why import battle_why

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .kit import DistView, guard
from .numbers import percent_text
from .shown import counted, number_html, table_html
from .why import WhyTree

__all__ = ["ship_ops", "battle_ops", "mini_ships_ops", "ShipBuilder", "BattleCalculator", "CallOffTable",
           "HULL_COLORS", "ending_label", "summary_of", "why_tree", "chance_html", "show_dist",
           "charts_on_shown_tabs"]

HULL_COLORS = {"Sloop": "#c9a66b", "Schooner": "#a67c52", "Galleon": "#7b5230", "Man O' War": "#4a2f1a"}
FONT, BOLD, INK, WOOD = "16px sans-serif", "bold 16px sans-serif", "#1f1408", "#6b4f2a"
OFFICERS = ("Doctor", "Master Gunner")
ADDONS = ("Iron Hull Plating", "Crow's Nest", "Extra Sail")


# ---------------------------------------------------------------------------- pure drawing
def chance_html(p: Fraction) -> str:
    """A chance for the page: certain and impossible read as words ("0% (impossible)", as the why trees say them),
    any other the kit's percent with its exact fraction.

    >>> chance_html(Fraction(0))
    "<span class='pl-number' style='white-space:nowrap'>0% (impossible)</span>"
    """
    if p in (0, 1):
        words = "0% (impossible)" if p == 0 else "100% (certain)"
        return f"<span class='pl-number' style='white-space:nowrap'>{words}</span>"
    return number_html(p)


def show_dist(view: DistView, dist: Dist, most: int = 4) -> None:
    """``view.dist = dist``, then, for bars lying down in a narrow column, every other percent tick until at most
    ``most`` are left (the kit's ticks, 0 % to 50 % by tens, run into each other in 300 px)."""
    view.dist = dist
    ticks = list(view.y_axis.tick_values)
    while view.bars.orientation == "horizontal" and len(ticks) > most:
        ticks = ticks[::2]
    view.y_axis.tick_values = ticks


def charts_on_shown_tabs(tabs: widgets.Tab, parts: dict[int, tuple[widgets.Box, tuple]]) -> None:
    """``parts[i] = (box, children)``: ``box`` (on tab ``i``'s page) holds ``children``, but a chart among them
    (a DistView with its bars) only while tab ``i`` is selected.  A bqplot chart drawn on a hidden page measures
    0 x 0 and draws boxes of negative size (console errors); put back on a shown page it is drawn afresh."""
    def place(_=None) -> None:
        for index, (box, children) in parts.items():
            shown = tabs.selected_index == index
            box.children = tuple(c for c in children
                                 if shown or not (isinstance(c, DistView) and c.chart in c.children))

    tabs.observe(place, names="selected_index")
    place()


def why_tree(rule_link=None) -> WhyTree:
    """A :class:`WhyTree` that fits its column: its box and its HTML take the width the column gives ("auto"),
    not 100 % plus the widget margins (4 px past the column's edge in Chromium)."""
    view = WhyTree(rule_link=rule_link)
    view.layout.width = view.view.layout.width = "auto"
    return view


def _markers(d: Drawing, ship: Ship, x: float, y: float, step: float = 18, r: float = 7) -> float:
    """Strength as circles (red: damage taken), then cannons (dark: they fire), then crew (blue: pistol)."""
    for i in range(ship.strength):
        d.circle(x + 8 + step * i, y, r, fill="#b22222" if i < ship.damage else "#ffffff", stroke="#333333")
    return x + 8 + step * ship.strength


def ship_ops(ship: Ship, x: float, y: float, width: float = 270, height: float = 170,
             title: str = "", hull: str = "") -> tuple[DrawOp, ...]:
    """A ship card: its name and speed, strength as markers (red = damage), cannons (dark = they fire: one
    crewman each, or all of them with a Master Gunner), crew (blue = pistol crewman), add-ons and officers.

    Rules: Pillage & Plunder › Your Ship
    """
    d = Drawing()
    d.rect(x, y, width, height, fill="#fbf7ef", stroke=WOOD, width=2)
    d.text(title or ship.name, x + 10, y + 18, font=BOLD, fill=INK, max_width=width - 20)
    d.polygon([(x + width - 80, y + 32), (x + width - 12, y + 32), (x + width - 24, y + 48), (x + width - 68, y + 48)],
              fill=HULL_COLORS.get(hull, "#8b5a2b"), stroke="#3b2a14")
    d.text(f"speed {ship.effective_speed}", x + 10, y + 40, font=FONT, fill=INK)
    end = _markers(d, ship, x + 4, y + 64)
    d.text("strength", end + 6, y + 64, font=FONT, fill=WOOD)
    usable = ship.dice
    for i in range(ship.cannons):
        d.rect(x + 12 + 20 * i, y + 80, 16, 13, fill="#222222" if i < usable else "#aaaaaa")
    d.text("cannons", x + 18 + 20 * max(ship.cannons, 1), y + 87, font=FONT, fill=WOOD)
    for i in range(ship.crew):
        fill = "#3b6ea5" if (ship.pistol and i == ship.crew - 1) else "#6b8e23"
        d.circle(x + 18 + 16 * i, y + 110, 6, fill=fill, stroke="#222222")
    d.text("crew", x + 20 + 16 * max(ship.crew, 1), y + 110, font=FONT, fill=WOOD)
    addons = [name for flag, name in ((ship.crows_nest, "Crow's Nest"), (ship.iron_plating, "Plating"),
                                      (ship.extra_sail, "Extra Sail")) if flag]
    officers = [name for flag, name in ((ship.doctor, "Doctor"), (ship.master_gunner, "Master Gunner")) if flag]
    d.text(" · ".join(addons) or "no add-ons", x + 10, y + 134, font=FONT, fill=WOOD, max_width=width - 20)
    d.text(" · ".join(officers) or "no officers", x + 10, y + 156, font=FONT, fill=WOOD, max_width=width - 20)
    return d.ops


def _titled(role: str, ship: Ship) -> str:
    """``Attacker (Schooner)`` as it is, ``Defender: merchant (strength 4)`` with its role."""
    return ship.name if ship.name.lower().startswith(role.lower()) else f"{role}: {ship.name}"


def battle_ops(attacker: Ship, defender: Ship, width: int = 560, height: int = 190) -> tuple[DrawOp, ...]:
    """Both ships side by side (attacker left). Rules: Pillage & Plunder › Sea Battle Basics"""
    d = Drawing().clear().rect(0, 0, width, height, fill="#dbe9f4")
    card = (width - 30) / 2
    d.extend(ship_ops(attacker, 10, 10, card, height - 20, title=_titled("Attacker", attacker)))
    d.extend(ship_ops(defender, 20 + card, 10, card, height - 20, title=_titled("Defender", defender)))
    return d.ops


MINI_WIDTH, MINI_HEIGHT = 380, 112


def mini_ships_ops(attacker: Ship, defender: Ship) -> tuple[DrawOp, ...]:
    """The two ships small, for the calculator: role and speed, strength (red: damage), cannons that fire,
    crew (blue: pistol crewmen aboard)."""
    d = Drawing().clear().rect(0, 0, MINI_WIDTH, MINI_HEIGHT, fill="#dbe9f4")
    for k, (role, ship) in enumerate((("Attacker", attacker), ("Defender", defender))):
        x = 6 + k * (MINI_WIDTH / 2)
        w = MINI_WIDTH / 2 - 12
        d.rect(x, 6, w, MINI_HEIGHT - 12, fill="#fbf7ef", stroke=WOOD, width=2)
        d.text(f"{role}, speed {ship.effective_speed}", x + 8, 22, font=BOLD, fill=INK, max_width=w - 16)
        _markers(d, ship, x, 46, step=15, r=6)
        usable = ship.dice
        for i in range(ship.cannons):
            d.rect(x + 6 + 17 * i, 62, 13, 11, fill="#222222" if i < usable else "#aaaaaa")
        for i in range(ship.crew):
            d.circle(x + 12 + 14 * i, 90, 5.5, fill="#3b6ea5" if ship.pistol and i == ship.crew - 1 else "#6b8e23",
                     stroke="#222222")
    return d.ops


# ---------------------------------------------------------------------------- ship builder
class _Toggles(widgets.HBox):
    """Toggle buttons (touch-friendly); ``value`` the names switched on; ``room`` how many may be on."""

    def __init__(self, names, on_change: Callable[[], None]):
        self.names = tuple(names)
        self.buttons = {n: widgets.ToggleButton(value=False, description=n, layout=widgets.Layout(width="auto"))
                        for n in self.names}
        for button in self.buttons.values():
            button.observe(lambda _: on_change(), names="value")
        super().__init__(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))

    @property
    def value(self) -> tuple[str, ...]:
        return tuple(n for n, b in self.buttons.items() if b.value)

    def __getitem__(self, name: str) -> widgets.ToggleButton:
        return self.buttons[name]

    def limit(self, room: int) -> None:
        """At most ``room`` switched on: the last ones go off, the others wait (disabled) while full."""
        on = [b for b in self.buttons.values() if b.value]
        for button in on[max(room, 0):]:
            button.value = False
        full = len([b for b in self.buttons.values() if b.value]) >= room
        for button in self.buttons.values():
            button.disabled = full and not button.value


class ShipBuilder(widgets.VBox):
    """Controls for one ship; ``.ship`` is the :class:`Ship` they describe.

    The controls stay legal (issue 19): ``kinds`` are the ships this side may be (an attacker is a player or
    a navy ship, a defender a player or a merchant); a hull bounds the cannons and crew sliders; pistol
    crewmen and officers are crewmen (at most the crew); damage stays below the ship's strength.
    """

    def __init__(self, label: str, *, kinds: tuple[str, ...] = ("player", "merchant", "navy"), kind: str = "player",
                 hull: str = "Sloop", cannons: int = 3, crew: int = 3, addons: tuple[str, ...] = (),
                 on_change: Callable[[], None] | None = None):
        data = C.load()
        self.data = data
        self.label = label
        self.on_change = None
        style = {"description_width": "initial"}
        self._top = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", grid_gap="8px"))
        narrow = dict(style=style, layout=widgets.Layout(width="auto"))
        self.kind = widgets.Dropdown(options=list(kinds), value=kind, description="ship", **narrow)
        self.hull = widgets.Dropdown(options=list(data.hulls), value=hull, description="hull", **narrow)
        self.merchant_strength = widgets.Dropdown(options=sorted(data.merchants), value=2, description="strength",
                                                  **narrow)
        spec = data.hulls[hull]
        self.cannons = widgets.IntSlider(value=cannons, min=0, max=spec.cannons, description="cannons", style=style)
        self.crew = widgets.IntSlider(value=crew, min=0, max=spec.crew, description="crew", style=style)
        self.pistols = widgets.IntSlider(value=0, min=0, max=crew, description="pistol crewmen", style=style)
        self.damage = widgets.IntSlider(value=0, min=0, max=spec.strength - 1, description="damage", style=style)
        for slider in (self.cannons, self.crew, self.pistols, self.damage):
            slider.layout.width = "94%"                      # the track takes the room its tab has, no more
        for slider in (self.cannons, self.crew, self.pistols, self.damage):
            slider.add_class("pl-rule-slider")
        self.officers = _Toggles(OFFICERS, self._changed_now)
        self.addons = _Toggles(ADDONS, self._changed_now)
        for name in addons:
            self.addons[name].value = True
        for control in (self.kind, self.hull, self.merchant_strength, self.cannons, self.crew, self.pistols,
                        self.damage):
            control.observe(lambda _: self._changed_now(), names="value")
        super().__init__()
        self.add_class("pl-ship-builder")
        self._limits()
        self._layout()
        self.on_change = on_change

    def _layout(self) -> None:
        kind = self.kind.value
        first = {"player": [self.kind, self.hull], "merchant": [self.kind, self.merchant_strength]}.get(kind, [self.kind])
        self._top.children = tuple(first)
        rows: list = [self._top]
        if kind == "player":
            rows += [self.cannons, self.crew, self.pistols, self.damage, self.officers, self.addons]
        else:
            rows += [self.damage]
        self.children = tuple(rows)

    def strength(self) -> int:
        kind = self.kind.value
        if kind == "merchant":
            return self.merchant_strength.value
        if kind == "navy":
            return self.data.navy["strength"]
        return self.data.hulls[self.hull.value].strength

    def _limits(self) -> None:
        """Every slider's limits from the rules, for the ship as it is now (values are kept where they fit)."""
        spec = self.data.hulls[self.hull.value]
        self.cannons.max, self.crew.max = spec.cannons, spec.crew
        self.damage.max = self.strength() - 1
        self.officers.limit(self.crew.value)                      # fewer crewmen: pistol crewmen leave first
        self.pistols.max = self.crew.value - len(self.officers.value)
        self.officers.limit(self.crew.value - self.pistols.value)

    def _changed_now(self) -> None:
        if getattr(self, "_busy", False):
            return
        self._busy = True
        try:
            self._limits()
            self._layout()
        finally:
            self._busy = False
        if self.on_change is not None:
            self.on_change()

    def set_kinds(self, kinds: tuple[str, ...]) -> None:
        """Offer only ``kinds`` (the value moves to the first if it is not among them)."""
        if tuple(self.kind.options) != tuple(kinds):
            value = self.kind.value if self.kind.value in kinds else kinds[0]
            self.kind.options = list(kinds)
            self.kind.value = value

    @property
    def ship(self) -> Ship:
        kind = self.kind.value
        if kind == "merchant":
            return Ship.merchant(self.merchant_strength.value, damage=self.damage.value, data=self.data)
        if kind == "navy":
            return Ship.navy(damage=self.damage.value, data=self.data)
        return Ship.player(self.hull.value, cannons=self.cannons.value, crew=self.crew.value,
                           pistols=self.pistols.value, damage=self.damage.value, officers=self.officers.value,
                           addons=self.addons.value, name=f"{self.label} ({self.hull.value})", data=self.data)


# ---------------------------------------------------------------------------- battle calculator
SUMMARY = {"escaped": "defender escapes", "defender destroyed": "defender sunk", "attacker destroyed": "attacker sunk",
           "both destroyed": "both sunk", "attacker wins mêlée": "attacker wins mêlée",
           "defender wins mêlée": "defender wins mêlée", "called off": "called off"}


def summary_of(result) -> str:
    """How a battle ended, in two or three words (the "who wins" chart's bars)."""
    return SUMMARY[result.outcome]


_summary = summary_of                 # the old name


def ending_label(result) -> str:
    """One ending in words: how it ended, the damage each ship has and the crew each has left."""
    return (f"{summary_of(result)}; damage {result.attacker_damage} and {result.defender_damage}, "
            f"crew left {result.attacker_crew} and {result.defender_crew}")


class BattleCalculator(widgets.VBox):
    """Build two ships; read the exact odds of the whole battle, stage by stage, updated live.

    Left, in tabs: the attacker's and the defender's controls (with "the defender tries to flee"), and the
    endings (the "who wins" chart, every ending — a table shown whole up to 20 rows, else its top rows and
    "show all N rows" — and 2,000 battles rolled die by die against the exact odds).  Right: both ships drawn
    small, the stage table and, under it, the attacker's chance to win with its why tree (a click opens it stage
    by stage; ``rule_link`` makes its rules links to the lesson's screens).  It opens on a fight near even
    (``attacker``/``defender``: ShipBuilder options).

    Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    """

    def __init__(self, *, seed: int = 1, attacker: dict | None = None, defender: dict | None = None,
                 rule_link=None):
        from pirates_lab.pillage_and_plunder.lessons import CALCULATOR_ATTACKER, CALCULATOR_DEFENDER

        self.attacker_box = ShipBuilder("Attacker", kinds=("player", "navy"), **(attacker or CALCULATOR_ATTACKER))
        self.defender_box = ShipBuilder("Defender", kinds=("player", "merchant"), **(defender or CALCULATOR_DEFENDER))
        self.flees = widgets.Checkbox(value=True, description="the defender tries to flee", indent=False)
        self.flees.add_class("pl-pp-flees")
        self.message = widgets.HTML()
        self.canvas = BoardCanvas(MINI_WIDTH, MINI_HEIGHT, layers=("ships",), css_class="pl-pp-battle")
        self.stages = widgets.HTML()
        self.why = why_tree(rule_link)
        self.summary_view = DistView(title="Who wins", width=300, height=170, show_table=False)
        self.detail_view = DistView(title="Every ending", describe=ending_label, show_chart=False)
        self.mc_button = widgets.Button(description="Roll 2,000 battles", layout=widgets.Layout(width="auto"))
        self.mc_button.add_class("pl-pp-montecarlo")
        self.progress = widgets.IntProgress(value=0, min=0, max=2000, description="rolled")
        self.mc_result = widgets.HTML()
        self.mc_button.on_click(guard(self.message)(lambda _: self.monte_carlo(2000)))
        self.rng = random.Random(seed)
        self.result: Dist | None = None
        endings = widgets.VBox([self.summary_view, self.detail_view,
                                widgets.HBox([self.mc_button, self.progress]), self.mc_result])
        # fleeing is the defender's choice: its switch sits on the defender's tab
        tabs = widgets.Tab([self.attacker_box, widgets.VBox([self.defender_box, self.flees]), endings],
                           layout=widgets.Layout(width="46%", min_width="320px"))
        tabs.titles = ("Attacker", "Defender", "Endings")
        tabs.add_class("pl-pp-ship-tabs")
        self.tabs = tabs
        charts_on_shown_tabs(tabs, {2: (endings, endings.children)})
        right = widgets.VBox([self.canvas, self.stages, self.why],
                             layout=widgets.Layout(width="52%", min_width="320px"))
        self.attacker_box.on_change = self.update
        self.defender_box.on_change = self.update
        self.flees.observe(lambda _: self.update(), names="value")
        super().__init__([widgets.HBox([tabs, right], layout=widgets.Layout(flex_flow="row wrap",
                                                                            justify_content="space-between")),
                          self.message])
        self.add_class("pl-pp-battle-calculator")
        self.update()

    @property
    def kind(self) -> str:
        if self.attacker_box.kind.value == "navy":
            return "navy"
        return "merchant" if self.defender_box.kind.value == "merchant" else "player"

    def ships(self) -> tuple[Ship, Ship]:
        a, d = self.attacker_box.kind.value, self.defender_box.kind.value
        if a == "merchant" or d == "navy" or (a == "navy" and d != "player"):
            raise InvalidInput("A battle is a player against a player, a player attacking a merchant, "
                               "or a navy ship attacking a player.")
        return self.attacker_box.ship, self.defender_box.ship

    def update(self) -> None:
        """Recompute and redraw; a bad combination is shown in the message and the last good view stays."""
        # a navy ship attacks players only: the defender's choices follow the attacker's
        self.defender_box.set_kinds(("player",) if self.attacker_box.kind.value == "navy" else ("player", "merchant"))
        guard(self.message)(self._show)()

    def _show(self) -> None:
        attacker, defender = self.ships()
        result = battle(attacker, defender, self.kind, defender_flees=self.flees.value)
        self.result = result
        self.why.tree = battle_why(attacker, defender, self.kind, defender_flees=self.flees.value, winner="attacker")
        self.canvas.draw("ships", mini_ships_ops(attacker, defender))
        show_dist(self.summary_view, result.map(summary_of))
        self.detail_view.dist = result
        self.stages.value = self.stage_html()

    def stage_rows(self) -> list[tuple[str, Fraction]]:
        """The stage table's rows, read off the exact ``battle()`` Dist (crow's-nest shots and call-offs
        included, so the rows agree with the whole battle)."""
        result = self.result
        return [("the defender escapes", result.probability(lambda r: r.outcome == "escaped")),
                ("the defender sinks", result.probability(lambda r: r.outcome in ("defender destroyed", "both destroyed"))),
                ("the attacker sinks", result.probability(lambda r: r.outcome in ("attacker destroyed", "both destroyed"))),
                ("the attacker wins the battle", result.probability(lambda r: r.winner == "attacker")),
                ("the defender wins the battle", result.probability(lambda r: r.winner == "defender"))]

    def stage_html(self, *_ships) -> str:
        """Percent first with a short exact fraction; a long one (often 20-50 digits) folded ("exact" opens
        it); the full exact value in ``data-exact`` for programs."""
        body = "".join(f"<tr><td>{html.escape(label)}</td><td class='pl-exact' data-exact='{p}'>{chance_html(p)}"
                       f"</td></tr>" for label, p in self.stage_rows())
        return (f"<table class='pl-pp-stages' style='max-width:100%'><tr><th>how the battle goes</th>"
                f"<th>chance</th></tr>{body}</table>")

    def monte_carlo(self, n: int = 2000) -> dict[str, tuple[Fraction, float, float]]:
        """Roll ``n`` battles die by die: {ending: (exact p, observed frequency, z-score)}; the page shows the
        exact chance beside the counts rolled ("1,020 of 2,000 battles")."""
        attacker, defender = self.ships()
        counts: dict[str, int] = {}
        self.progress.max = n
        for i in range(n):
            key = summary_of(sample_battle(attacker, defender, self.kind, self.rng, defender_flees=self.flees.value))
            counts[key] = counts.get(key, 0) + 1
            if i % 100 == 99 or i == n - 1:
                self.progress.value = i + 1
        exact = self.result.map(summary_of)
        report = {}
        for key in sorted(set(exact.outcomes()) | set(counts)):
            p = exact[key]
            freq = counts.get(key, 0) / n
            sd = (float(p) * (1 - float(p)) / n) ** 0.5
            report[key] = (p, freq, (freq - float(p)) / sd if sd else 0.0)
        rows = [(key, percent_text(p), counted(counts.get(key, 0), n, "battles")) for key, (p, _, _) in report.items()]
        self.mc_result.value = table_html(rows, header=("ending", "exact chance", "rolled"), css="pl-pp-mc")
        return report


# ---------------------------------------------------------------------------- call-off table
class CallOffTable(widgets.VBox):
    """The attacker's best mêlée play (beyond the rulebook): fight on or call off, by crew left.

    Rules: Pillage & Plunder › Player Attacking Player
    """

    def __init__(self, attacker_crew: int = 6, defender_crew: int = 6):
        style = {"description_width": "initial"}
        self.prize = widgets.IntSlider(value=3000, min=0, max=10000, step=250, description="prize", style=style)
        self.crew_value = widgets.IntSlider(value=300, min=0, max=2000, step=50, description="worth of a crewman",
                                            style=style)
        self.defender_pistol = widgets.Checkbox(value=True, description="defender has a pistol", indent=False)
        self.table = widgets.HTML()
        self.sizes = (attacker_crew, defender_crew)
        self.policy = None
        for control in (self.prize, self.crew_value, self.defender_pistol):
            control.observe(lambda _: self.update(), names="value")
        super().__init__([self.prize, self.crew_value, self.defender_pistol, self.table])
        self.update()

    def update(self) -> None:
        a, d = self.sizes
        self.policy = call_off_policy(a, d, prize=self.prize.value, crew_value=self.crew_value.value,
                                      defender_pistol=self.defender_pistol.value)
        head = "".join(f"<th>{j}</th>" for j in range(1, d + 1))
        rows = ""
        for i, row in enumerate(self.policy.table(), start=1):
            cells = "".join(f"<td style='background:{'#d8f0d8' if c == 'fight' else '#f6d5d5'}'>{c}</td>" for c in row)
            rows += f"<tr><th>{i}</th>{cells}</tr>"
        self.table.value = (f"<table class='pl-pp-calloff'><tr><th>attackers \\ defenders</th>{head}</tr>{rows}</table>")
