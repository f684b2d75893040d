"""Pillage & Plunder battle front-ends: ship drawings, the ship builder, the battle calculator and
the call-off table.

Models are plain Python from :mod:`pirates_lab.pillage_and_plunder`; drawing is a pure function
(``ship_ops``, ``battle_ops``) tested without a browser.

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

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .kit import DistView, guard
from .numbers import friendly, percent_text, short_fraction

__all__ = ["ship_ops", "battle_ops", "ShipBuilder", "BattleCalculator", "CallOffTable", "HULL_COLORS"]

HULL_COLORS = {"Sloop": "#c9a66b", "Schooner": "#a67c52", "Galleon": "#7b5230", "Man O' War": "#4a2f1a"}


# ---------------------------------------------------------------------------- pure drawing
def ship_ops(ship: Ship, x: float, y: float, width: float = 260, height: float = 170,
             title: str = "", hull: str = "") -> tuple[DrawOp, ...]:
    """A ship card: strength as markers (red = damage), cannons (dark = usable), crew, add-ons.

    Rules: Pillage & Plunder › Your Ship
    """
    d = Drawing()
    d.rect(x, y, width, height, fill="#fbf7ef", stroke="#6b4f2a", width=2)
    d.text(title or ship.name, x + 10, y + 20, font="bold 14px sans-serif")
    d.polygon([(x + width - 90, y + 30), (x + width - 10, y + 30), (x + width - 25, y + 48), (x + width - 75, y + 48)],
              fill=HULL_COLORS.get(hull, "#8b5a2b"), stroke="#3b2a14")
    d.text(f"speed {ship.effective_speed}", x + 10, y + 40, font="12px sans-serif")
    for i in range(ship.strength):
        cx = x + 16 + 18 * i
        d.circle(cx, y + 58, 7, fill="#b22222" if i < ship.damage else "#ffffff", stroke="#333333")
    d.text("strength / damage", x + 10 + 18 * ship.strength + 6, y + 62, font="11px sans-serif")
    usable = ship.dice
    for i in range(ship.cannons):
        d.rect(x + 10 + 20 * i, y + 76, 16, 12, fill="#222222" if i < usable else "#aaaaaa")
    d.text("cannons", x + 16 + 20 * max(ship.cannons, 1), y + 87, font="11px sans-serif")
    for i in range(ship.crew):
        fill = "#3b6ea5" if (ship.pistol and i == ship.crew - 1) else "#6b8e23"
        d.circle(x + 16 + 16 * (i % 14), y + 106 + 16 * (i // 14), 6, fill=fill, stroke="#222222")
    d.text("crew" + (" (pistol)" if ship.pistol else ""), x + 10, y + 134, font="11px sans-serif")
    badges = [name for flag, name in ((ship.crows_nest, "Crow's Nest"), (ship.iron_plating, "Plating"),
                                      (ship.extra_sail, "Extra Sail"), (ship.doctor, "Doctor"),
                                      (ship.master_gunner, "Gunner")) if flag]
    d.text(" · ".join(badges) or "no add-ons or officers", x + 10, y + 156, font="11px sans-serif", fill="#6b4f2a")
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


# ---------------------------------------------------------------------------- ship builder
class ShipBuilder(widgets.VBox):
    """Controls for one ship; ``.ship`` is the :class:`Ship` they describe (or raises InvalidInput)."""

    def __init__(self, label: str, *, kind: str = "player", hull: str = "Sloop", cannons: int = 3, crew: int = 3,
                 on_change: Callable[[], None] | None = None):
        data = C.load()
        self.data = data
        self.label = label
        self.on_change = on_change
        style = {"description_width": "initial"}
        self.kind = widgets.Dropdown(options=["player", "merchant", "navy"], value=kind, description=f"{label}:",
                                     style=style)
        self.hull = widgets.Dropdown(options=list(data.hulls), value=hull, description="hull", style=style)
        self.merchant_strength = widgets.Dropdown(options=sorted(data.merchants), value=2, description="merchant strength",
                                                  style=style)
        self.cannons = widgets.IntSlider(value=cannons, min=0, max=6, description="cannons", style=style)
        self.crew = widgets.IntSlider(value=crew, min=0, max=8, description="crew", style=style)
        self.pistols = widgets.IntSlider(value=0, min=0, max=8, description="pistol crewmen", style=style)
        self.damage = widgets.IntSlider(value=0, min=0, max=8, description="damage", style=style)
        self.officers = {o: widgets.Checkbox(value=False, description=o, indent=False) for o in ("Doctor", "Master Gunner")}
        self.addons = {a: widgets.Checkbox(value=False, description=a, indent=False)
                       for a in ("Iron Hull Plating", "Crow's Nest", "Extra Sail")}
        for control in [self.kind, self.hull, self.merchant_strength, self.cannons, self.crew, self.pistols,
                        self.damage, *self.officers.values(), *self.addons.values()]:
            control.observe(self._changed, names="value")
        self.add_class("pl-ship-builder")
        super().__init__()
        self._layout()

    def _layout(self) -> None:
        kind = self.kind.value
        rows: list = [self.kind]
        if kind == "player":
            rows += [self.hull, self.cannons, self.crew, self.pistols, self.damage,
                     widgets.HBox(list(self.officers.values())), widgets.HBox(list(self.addons.values()))]
        elif kind == "merchant":
            rows += [self.merchant_strength, self.damage]
        else:
            rows += [self.damage]
        self.children = tuple(rows)

    def _changed(self, change) -> None:
        if change["owner"] is self.kind:
            self._layout()
        if self.on_change is not None:
            self.on_change()

    @property
    def ship(self) -> Ship:
        kind = self.kind.value
        if kind == "merchant":
            return Ship.merchant(self.merchant_strength.value, damage=self.damage.value, data=self.data)
        if kind == "navy":
            return Ship.navy(damage=self.damage.value, data=self.data)
        return Ship.player(self.hull.value, cannons=self.cannons.value, crew=self.crew.value,
                           pistols=self.pistols.value, damage=self.damage.value,
                           officers=tuple(o for o, box in self.officers.items() if box.value),
                           addons=tuple(a for a, box in self.addons.items() if box.value),
                           name=f"{self.label} ({self.hull.value})", data=self.data)


# ---------------------------------------------------------------------------- battle calculator
def _chance_html(p: Fraction) -> str:
    """``41.67% (5/12)`` in bold; a fraction too long to read aloud folds into a "show exact" toggle."""
    short = short_fraction(p)
    if short is not None:
        return f"<b>{html.escape(friendly(p))}</b>"
    return (f"<b>{html.escape(percent_text(p))}</b> <details class='pl-long-fraction' style='display:inline'>"
            f"<summary>show exact</summary><span style='word-break:break-all;font-size:smaller'>{p}</span></details>")


def _summary(result) -> str:
    return {"escaped": "defender escapes", "defender destroyed": "defender sunk", "attacker destroyed": "attacker sunk",
            "both destroyed": "both sunk", "attacker wins mêlée": "attacker wins mêlée",
            "defender wins mêlée": "defender wins mêlée", "called off": "called off"}[result.outcome]


class BattleCalculator(widgets.VBox):
    """Build two ships; see the exact odds of every outcome, stage by stage, updated live.

    ``monte_carlo(n)`` rolls ``n`` battles die by die and compares them with the exact odds.
    Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    """

    def __init__(self, *, seed: int = 1):
        self.attacker_box = ShipBuilder("Attacker", hull="Schooner", cannons=4, crew=4, on_change=self.update)
        self.defender_box = ShipBuilder("Defender", hull="Schooner", cannons=4, crew=3, on_change=self.update)
        self.flees = widgets.Checkbox(value=True, description="defender tries to flee", indent=False)
        self.flees.observe(lambda _: self.update(), names="value")
        self.message = widgets.HTML()
        self.canvas = BoardCanvas(560, 190, layers=("ships",), css_class="pl-pp-battle")
        self.summary_view = DistView(title="Who wins", width=520, height=200)
        self.detail_view = DistView(title="Every ending (damage, crew left)", width=520, height=200, show_table=True)
        # thirty-odd endings with long names make an unreadable bar chart on a projector: the table only
        self.detail_view.children = (widgets.HTML("<b>Every ending (damage attacker/defender, crew left "
                                                  "attacker/defender)</b>"), self.detail_view.table)
        self.stages = widgets.HTML()
        self.mc_button = widgets.Button(description="Monte Carlo check (2,000 battles)",
                                        layout=widgets.Layout(width="auto"))
        self.mc_button.add_class("pl-pp-montecarlo")
        self.progress = widgets.IntProgress(value=0, min=0, max=2000, description="rolled")
        self.mc_result = widgets.HTML()
        self.mc_button.on_click(guard(self.message)(lambda _: self.monte_carlo(2000)))
        self.rng = random.Random(seed)
        self.result: Dist | None = None
        ships = widgets.HBox([self.attacker_box, self.defender_box])
        super().__init__([ships, self.flees, self.message, self.canvas, self.stages, self.summary_view,
                          self.detail_view, widgets.HBox([self.mc_button, self.progress]), self.mc_result])
        self.add_class("pl-pp-battle-calculator")
        self.update()

    @property
    def kind(self) -> str:
        a, d = self.attacker_box.kind.value, self.defender_box.kind.value
        if a == "navy":
            return "navy"
        if d == "merchant":
            return "merchant"
        return "player"

    def ships(self) -> tuple[Ship, Ship]:
        a, d = self.attacker_box.kind.value, self.defender_box.kind.value
        if a == "merchant" or d == "navy" or (a == "navy" and d != "player"):
            raise InvalidInput("A battle is a player against a player, a player attacking a merchant, "
                               "or a navy ship attacking a player.")
        return self.attacker_box.ship, self.defender_box.ship

    def update(self) -> None:
        """Recompute and redraw; a bad combination is shown in the message and the last good view stays."""
        guard(self.message)(self._show)()

    def _show(self) -> None:
        attacker, defender = self.ships()
        result = battle(attacker, defender, self.kind, defender_flees=self.flees.value)
        self.result = result
        self.canvas.draw("ships", battle_ops(attacker, defender))
        self.summary_view.dist = result.map(_summary)
        self.detail_view.dist = result
        self.stages.value = self.stage_html(attacker, defender)

    def stage_html(self, attacker: Ship, defender: Ship) -> str:
        """How the whole battle can end, read off the exact ``battle()`` Dist (so the rows agree with it,
        crow's-nest shots and call-offs included)."""
        result = self.result
        rows = [("Stage 2: the defender escapes", result.probability(lambda r: r.outcome == "escaped")),
                ("the defender sinks (crow's nest or cannons)",
                 result.probability(lambda r: r.outcome in ("defender destroyed", "both destroyed"))),
                ("the attacker sinks (crow's nest or cannons)",
                 result.probability(lambda r: r.outcome in ("attacker destroyed", "both destroyed"))),
                ("the attacker wins the battle", result.probability(lambda r: r.winner == "attacker"))]
        # percent first with a short exact fraction; a long one (often 20-50 digits) opens on demand (a
        # <details> and the cell's tooltip), and the full exact value is in data-exact for programs
        body = "".join(f"<tr><td>{html.escape(label)}</td><td class='pl-exact' data-exact='{p}' "
                       f"title='exact: {p}'>{_chance_html(p)}</td></tr>" for label, p in rows)
        return (f"<table class='pl-pp-stages' style='max-width:100%'><tr><th>stage</th><th>chance</th></tr>"
                f"{body}</table>")

    def monte_carlo(self, n: int = 2000) -> dict[str, tuple[Fraction, float, float]]:
        """Roll ``n`` battles die by die: {summary: (exact p, observed frequency, z-score)}."""
        attacker, defender = self.ships()
        counts: dict[str, int] = {}
        self.progress.max = n
        for i in range(n):
            r = sample_battle(attacker, defender, self.kind, self.rng, defender_flees=self.flees.value)
            key = _summary(r)
            counts[key] = counts.get(key, 0) + 1
            if i % 100 == 99 or i == n - 1:
                self.progress.value = i + 1
        exact = self.result.map(_summary)
        report = {}
        for key in sorted(set(exact.outcomes()) | set(counts)):
            p = exact[key]
            freq = counts.get(key, 0) / n
            sd = (float(p) * (1 - float(p)) / n) ** 0.5
            report[key] = (p, freq, (freq - float(p)) / sd if sd else 0.0)
        rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{float(p):.4f}</td><td>{f:.4f}</td><td>{z:+.2f}</td></tr>"
                       for k, (p, f, z) in report.items())
        self.mc_result.value = (f"<table class='pl-pp-mc'><tr><th>ending</th><th>exact</th><th>rolled ({n})</th>"
                                f"<th>z</th></tr>{rows}</table>")
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
