"""The stages of a sea battle, one at a time: fight or flee, the cannon battle, the mêlée (a calculator each).

Each tab is one stage with its own controls beside its chart (PhET: the control next to what it
changes).  The limits come from the rules and the data file: speeds from the slowest damaged ship to
the fastest ship with an Extra Sail, cannon dice from the hull's cannon capacity (at most six), crew
from the hull's crew quarters.  The exact odds are the engine's (:mod:`pirates_lab.pillage_and_plunder.battles`).

>>> stages = StageOdds()
>>> stages.flee_value == flee_escape_probability(6, 6), stages.melee_value == melee(3, 3).probability(
...     lambda r: r.winner == "attacker")
(True, True)

Rules: Pillage & Plunder › Stage 2: Fight or Flee
Rules: Pillage & Plunder › Stage 3: The Cannon Battle
Rules: Pillage & Plunder › Stage 4: The Mêlée
"""
from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import Dist
from pirates_lab.core.report import plural
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder.battles import (MAX_DICE, cannon_volley, flee_escape_probability, melee,
                                                     melee_round_win_probability)
from pirates_lab.pillage_and_plunder.why import flee_why, melee_why, volley_why

from .controls import rule_slider
from .kit import DistView, guard
from .pillage_and_plunder_battle import chance_html, charts_on_shown_tabs, show_dist, why_tree

__all__ = ["StageOdds", "speed_limits", "flee_case"]


def speed_limits(data: C.Components | None = None) -> tuple[int, int]:
    """The slowest and the fastest a ship can sail: a hull, merchant or navy ship damaged to one point of
    strength left, up to the fastest with an Extra Sail.  Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
    data = data or C.load()
    ships = [(h.speed, h.strength) for h in data.hulls.values()]
    ships += [(m["speed"], strength) for strength, m in data.merchants.items()]
    ships.append((data.navy["speed"], data.navy["strength"]))
    slowest = min(speed - (strength - 1) for speed, strength in ships)
    fastest = max([h.speed + 1 for h in data.hulls.values()] + [speed for speed, _ in ships])
    return max(slowest, 0), fastest


def flee_case(attacker_speed: int, defender_speed: int) -> str:
    """Which of the three printed cases applies (its heading)."""
    if defender_speed > attacker_speed:
        return "If the defending ship is faster"
    if attacker_speed > defender_speed:
        return "If the attacking ship is faster"
    return "If both ships are the same speed"


def _row(*children) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


class StageOdds(widgets.VBox):
    """Three tabs, one stage each; ``flee_value``, ``volley`` and ``melee_value`` are the exact answers shown,
    each with its why tree under it (``flee_why``, ``volley_why``, ``melee_why``; ``rule_link`` makes their rules
    links to the lesson's screens)."""

    def __init__(self, *, rule_link=None):
        data = C.load()
        self.data = data
        self.message = widgets.HTML()
        self.run = guard(self.message)
        slow, fast = speed_limits(data)
        self.attacker_speed = rule_slider("attacker's speed", 6, slow, fast)
        self.defender_speed = rule_slider("defender's speed", 6, slow, fast)
        self.flee_case = widgets.HTML()
        self.flee_chart = DistView(title="The defender", width=280, height=150, show_table=False)
        hulls = list(data.hulls)
        # a Sloop: one volley of three dice can sink it (a Schooner opens on "sinks: 0%")
        self.cannon_hull = widgets.Dropdown(options=hulls, value="Sloop", description="both ships",
                                            style={"description_width": "initial"})
        most = min(MAX_DICE, data.hulls[self.cannon_hull.value].cannons)
        self.attacker_dice = rule_slider("attacker's dice", 3, 1, most)
        self.defender_dice = rule_slider("defender's dice", 3, 0, most)
        self.volley_words = widgets.HTML()
        self.volley_chart = DistView(title="Damage the defender takes", width=280, height=190, show_table=False)
        self.melee_hull = widgets.Dropdown(options=hulls, value="Schooner", description="both ships",
                                           style={"description_width": "initial"})
        crew = data.hulls["Schooner"].crew
        self.attacker_crew = rule_slider("attacker's crew", 3, 1, crew)
        self.defender_crew = rule_slider("defender's crew", 3, 1, crew)
        self.attacker_pistol = widgets.ToggleButton(value=False, description="attacker has a pistol crewman",
                                                    layout=widgets.Layout(width="auto"))
        self.defender_pistol = widgets.ToggleButton(value=False, description="defender has a pistol crewman",
                                                    layout=widgets.Layout(width="auto"))
        self.melee_words = widgets.HTML()
        self.melee_chart = DistView(title="Who wins the mêlée", width=280, height=140, show_table=False)
        self.flee_value = self.melee_value = self.round_value = None
        self.flee_why, self.volley_why, self.melee_why = (why_tree(rule_link) for _ in range(3))
        self.volley: Dist | None = None
        for control, update in ((self.attacker_speed, self.show_flee), (self.defender_speed, self.show_flee),
                                (self.cannon_hull, self.show_volley), (self.attacker_dice, self.show_volley),
                                (self.defender_dice, self.show_volley), (self.melee_hull, self.show_melee),
                                (self.attacker_crew, self.show_melee), (self.defender_crew, self.show_melee),
                                (self.attacker_pistol, self.show_melee), (self.defender_pistol, self.show_melee)):
            control.observe(lambda _, update=update: self.run(update)(), names="value")
        for slider in (self.attacker_speed, self.defender_speed, self.attacker_dice, self.defender_dice,
                       self.attacker_crew, self.defender_crew):
            slider.layout.width = "94%"                      # the track takes the room its column has, no more
        controls = dict(layout=widgets.Layout(width="48%", min_width="300px"))
        flee = _row(widgets.VBox([self.attacker_speed, self.defender_speed, self.flee_case, self.flee_why],
                                 **controls),
                    self.flee_chart)
        cannons = _row(widgets.VBox([self.cannon_hull, self.attacker_dice, self.defender_dice, self.volley_words,
                                     self.volley_why],
                                    **controls), self.volley_chart)
        beside = widgets.VBox([self.melee_chart, self.melee_why], **controls)     # the why beside the words
        fight = _row(widgets.VBox([self.melee_hull, self.attacker_crew, self.defender_crew, self.attacker_pistol,
                                   self.defender_pistol, self.melee_words], **controls), beside)
        self.tabs = widgets.Tab([flee, cannons, fight])
        self.tabs.titles = ("Flee", "Cannons", "Mêlée")
        charts_on_shown_tabs(self.tabs, {0: (flee, flee.children), 1: (cannons, cannons.children),
                                         2: (beside, beside.children)})
        super().__init__([self.tabs, self.message])
        self.add_class("pl-pp-stage-odds")
        self.show_flee()
        self.show_volley()
        self.show_melee()

    # ------------------------------------------------------------ stage 2
    def show_flee(self) -> None:
        a, d = self.attacker_speed.value, self.defender_speed.value
        p = flee_escape_probability(a, d)
        self.flee_value = p
        self.flee_case.value = (f"<div class='pl-pp-flee-case'><b>{html.escape(flee_case(a, d))}</b>: "
                                f"the defender escapes <span class='pl-exact' data-exact='{p}'>{chance_html(p)}"
                                f"</span></div>")
        show_dist(self.flee_chart, Dist.from_probabilities({"escapes": p, "fights on": 1 - p}))
        self.flee_why.tree = flee_why(a, d)

    # ------------------------------------------------------------ stage 3
    def show_volley(self) -> None:
        hull = self.data.hulls[self.cannon_hull.value]
        most = min(MAX_DICE, hull.cannons)
        self.attacker_dice.max = self.defender_dice.max = most      # the hull's cannon deck (values kept if they fit)
        volley = cannon_volley(self.attacker_dice.value, self.defender_dice.value, attacker_strength=hull.strength,
                               defender_strength=hull.strength)
        self.volley = volley
        self.volley_chart.dist = volley.map(lambda v: v.defender_damage)
        sunk = volley.probability(lambda v: v.defender_destroyed)
        # why the defender sinks; when one volley cannot sink it, why it stays afloat (each damage it can take)
        self.volley_why.tree = volley_why(self.attacker_dice.value, self.defender_dice.value,
                                          ending="defender sinks" if sunk else "both afloat",
                                          attacker_strength=hull.strength, defender_strength=hull.strength)
        hurt = volley.probability(lambda v: v.attacker_damage > 0)
        sinks = (f"The defender sinks: <span class='pl-exact' data-exact='{sunk}'>{chance_html(sunk)}</span>" if sunk
                 else f"The attacker's {plural(self.attacker_dice.value, 'die', 'dice')} cannot sink a "
                      f"{html.escape(hull.name)}.")
        self.volley_words.value = (
            f"<div class='pl-pp-volley'>Two {html.escape(hull.name)}s, strength {hull.strength} each.<br>{sinks}<br>"
            f"The attacker takes damage too: <span class='pl-exact' data-exact='{hurt}'>{chance_html(hurt)}</span></div>")

    # ------------------------------------------------------------ stage 4
    def show_melee(self) -> None:
        crew = self.data.hulls[self.melee_hull.value].crew
        self.attacker_crew.max = self.defender_crew.max = crew       # the hull's crew quarters
        a, d = self.attacker_crew.value, self.defender_crew.value
        pa, pd = self.attacker_pistol.value, self.defender_pistol.value
        fight = melee(a, d, attacker_pistol=pa, defender_pistol=pd)
        self.round_value = melee_round_win_probability(a, d, pa, pd)
        self.melee_value = fight.probability(lambda r: r.winner == "attacker")
        show_dist(self.melee_chart, fight.map(lambda r: f"{r.winner} wins"))
        self.melee_why.tree = melee_why(a, d, attacker_pistol=pa, defender_pistol=pd, winner="attacker")
        self.melee_words.value = (
            f"<div class='pl-pp-melee'>The attacker wins one round: <span class='pl-exact' "
            f"data-exact='{self.round_value}'>{chance_html(self.round_value)}</span><br>"
            f"The attacker wins the mêlée: <span class='pl-exact' data-exact='{self.melee_value}'>"
            f"{chance_html(self.melee_value)}</span></div>")

    def values(self) -> dict[str, Fraction]:
        """The exact chances shown now, by stage."""
        return {"escape": self.flee_value, "defender sinks": self.volley.probability(lambda v: v.defender_destroyed),
                "round": self.round_value, "melee": self.melee_value}
