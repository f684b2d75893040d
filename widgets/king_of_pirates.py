"""King of Pirates front-ends: the hex board, the Dutchman heat map and route planner, the combat
calculator, the rum planner, a turn replay and the guided walkthrough.

Models are plain Python (:class:`DutchmanPlanner`, :class:`CombatModel`, :class:`RumModel`,
:class:`TurnReplay`); the board drawing is a pure function :func:`board_ops` tested without a
browser; the views (``*View``) link sliders to the models and redraw.
"""
from __future__ import annotations

import html
import random
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.core import CHANCE, Dist, InvalidInput
from pirates_lab.king_of_pirates import components, odds
from pirates_lab.king_of_pirates.components import Cell, cells, on_board
from pirates_lab.king_of_pirates.game import Accept, Attack, Done, Game, Pass, Sail, State

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp, axial_to_pixel, bar_chart_ops, pixel_to_axial, shade
from .kit import DistView, guard
from .numbers import friendly, friendly_html, percent_text

__all__ = ["COLOURS", "PLAYER_COLOURS", "board_ops", "cell_at", "DutchmanPlanner", "DutchmanView", "CombatModel",
           "CombatView", "RumModel", "RumView", "TurnReplay", "TurnReplayView", "dice_ops", "heat_scale_html", "card_effects", "skill_effects",
           "walkthrough", "assumptions", "SIZE", "WIDTH", "HEIGHT"]

GAME = "king_of_pirates"
SIZE = 30                                   # hex size in pixels
WIDTH, HEIGHT = 480, 440
ORIGIN = (WIDTH / 2, HEIGHT / 2)

COLOURS = {
    "lair": "#2f2f2f", "stronghold": "#8b1a1a", "city": "#c0622d", "small island": "#d9c27a",
    "large island": "#b89b3e", "shark": "#2b5d8a", "ocean": "#6fa8dc", "sea": "#dcebf7",
    "Merchant Ship (British)": "#1f4e9c", "Merchant Ship (Spanish)": "#d4a017", "Warship (French)": "#5b2c83",
    "dutchman": "#000000", "route": "#e00000",
}
PLAYER_COLOURS = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4")
WIDE = {"description_width": "initial"}     # labels never clipped (large fonts)


def _pixel(cell: Cell) -> tuple[float, float]:
    return axial_to_pixel(cell[0], cell[1], SIZE, ORIGIN)


def cell_at(x: float, y: float) -> Cell:
    """The board cell under canvas pixel (x, y); off the board raises InvalidInput."""
    cell = pixel_to_axial(x, y, SIZE, ORIGIN)
    if not on_board(cell):
        raise InvalidInput(f"({x:.0f}, {y:.0f}) is off the board.")
    return cell


def tile_kind(cell: Cell, state: State | None = None) -> str:
    """What a cell shows: lair, stronghold, city, small/large island, shark, ocean (face down) or sea."""
    comp = components()
    if cell in comp.lairs:
        return "lair"
    if cell in comp.places:
        return comp.places[cell][0]
    if state is not None and cell in state.revealed:
        return "sea"
    return "shark" if cell in comp.shark_cells else "ocean"


def board_ops(state: State | None = None, *, heat: dict | None = None, route=None, ship: Cell | None = None,
              dutchman: Cell | None = None) -> tuple[DrawOp, ...]:
    """The board as draw operations: tiles (or a heat map of probabilities), ships, players,
    the Dutchman and an optional route.  Pure: the same input always gives the same ops."""
    comp = components()
    d = Drawing().clear().rect(0, 0, WIDTH, HEIGHT, fill="#ffffff")
    biggest = max(heat.values()) if heat else 0
    if dutchman is None and state is not None:
        dutchman = state.dutchman
    for cell in cells(comp.radius):
        x, y = _pixel(cell)
        kind = tile_kind(cell, state)
        if heat is not None:
            p = heat.get(cell, 0)
            fill = shade(float(p) / float(biggest) if biggest else 0)
        else:
            fill = COLOURS[kind]
        d.hexagon(x, y, SIZE - 1, fill=fill, stroke="#555555")
        if heat is not None:
            p = heat.get(cell, 0)
            if p and cell != dutchman:          # the Dutchman's disc covers its own cell: its colour still shows
                d.text(f"{100 * float(p):.0f}", x, y, font="10px sans-serif", align="center")
            if kind == "lair":
                d.hexagon(x, y, SIZE - 4, stroke="#2f2f2f", width=2)
        elif kind in ("stronghold", "city"):
            d.text(comp.places[cell][1][0] + ("S" if kind == "stronghold" else "C"), x, y, fill="#ffffff",
                   font="bold 11px sans-serif", align="center")
        elif kind.endswith("island") and not (state is not None and cell in state.dug):
            d.text("3" if kind == "small island" else "4", x, y, font="bold 11px sans-serif", align="center")
    if state is not None:
        for cell, ship_name in sorted(state.ships.items()):
            x, y = _pixel(cell)
            d.polygon([(x - 12, y + 4), (x + 12, y + 4), (x + 7, y + 11), (x - 7, y + 11)], fill=COLOURS[ship_name])
        for p, player in enumerate(state.players):
            x, y = _pixel(player.position)
            dx = (p % 3 - 1) * 8
            dy = -8 if p < 3 else 0
            d.circle(x + dx, y + dy, 6, fill=PLAYER_COLOURS[p], stroke="#000000")
    if route:
        points = [_pixel(c) for c in route]
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            d.line(x1, y1, x2, y2, stroke=COLOURS["route"], width=4)
    if ship is not None:
        x, y = _pixel(ship)
        d.circle(x, y, 8, fill=PLAYER_COLOURS[0], stroke="#000000", width=2)
    if dutchman is not None:
        x, y = _pixel(dutchman)
        d.circle(x, y + 2, 13, fill=COLOURS["dutchman"], stroke="#ffffff", width=2)     # room for "FD" at 16 px
        d.text("FD", x, y + 2, fill="#ffffff", font="bold 9px sans-serif", align="center", max_width=20)
    return d.ops


def legend_html() -> str:
    names = ["lair", "stronghold", "city", "small island", "large island", "shark", "ocean", "sea",
             "Merchant Ship (British)", "Merchant Ship (Spanish)", "Warship (French)"]
    swatches = "".join(f"<span style='display:inline-block;margin:2px 8px 2px 0'><span style='display:inline-block;"
                       f"width:12px;height:12px;background:{COLOURS[n]};border:1px solid #555'></span> {html.escape(n)}"
                       f"</span>" for n in names)
    return f"<div class='pl-kop-legend' style='font-size:0.85em'>{swatches}</div>"


def heat_scale_html(heat: dict) -> str:
    """The heat map's scale: the colour ramp from 0% to the busiest space's percent."""
    top = float(max(heat.values())) if heat else 0.0
    stops = ", ".join(shade(i / 4) for i in range(5))
    return (f"<div class='pl-kop-heat-scale' style='display:flex;align-items:center;gap:8px'>"
            f"<span>Chance the Dutchman is on a space: 0%</span><span style='display:inline-block;width:160px;"
            f"height:14px;border:1px solid #555;background:linear-gradient(to right, {stops})'></span>"
            f"<span>{100 * top:.0f}% (the busiest space)</span></div>")


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
        for name in ("dutchman", "ship", "goal"):
            if not on_board(trial[name]):
                raise InvalidInput(f"{name} must be a board cell, got {trial[name]!r}.")
        for name, low in (("turns", 0), ("speed", 1), ("players", 1)):
            value = trial[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise InvalidInput(f"{name} must be a whole number >= {low}, got {value!r}.")
        vars(self).update(trial)

    def heat(self) -> dict:
        """Where the Dutchman is after ``turns * players`` compass rolls (one roll per player's upkeep)."""
        return odds.dutchman_distribution(self.turns * self.players, self.dutchman)

    def route(self):
        """(cells, P(never caught)) of the safest shortest route from ship to goal."""
        return odds.safest_route(self.ship, self.goal, self.dutchman, self.speed, self.players)

    def ops(self, show_heat: bool = True) -> tuple[DrawOp, ...]:
        cells_, _ = self.route()
        return board_ops(heat=self.heat() if show_heat else None, route=cells_, ship=self.ship, dutchman=self.dutchman)


class DutchmanView(widgets.VBox):
    """Slider for n turns ahead, players per round, speed; click the board to set the goal
    (shift: the ship is set by the dropdown)."""

    def __init__(self, planner: DutchmanPlanner | None = None):
        self.model = planner or DutchmanPlanner()
        self.board = BoardCanvas(WIDTH, HEIGHT, to_board=cell_at, css_class="pl-kop-dutchman-board")
        self.turns = widgets.IntSlider(value=self.model.turns, min=0, max=12, description="turns ahead", style=WIDE)
        self.players = widgets.IntSlider(value=self.model.players, min=1, max=6, description="players", style=WIDE)
        self.speed = widgets.IntSlider(value=self.model.speed, min=1, max=5, description="ship speed", style=WIDE)
        self.click_sets = widgets.ToggleButtons(options=["goal", "ship", "Dutchman"], value="goal",
                                                description="click sets", style=WIDE)
        self.summary = widgets.HTML()
        self.message = widgets.HTML()
        for slider, css in ((self.turns, "pl-kop-turns"), (self.players, "pl-kop-players"), (self.speed, "pl-kop-speed")):
            slider.add_class(css)
            slider.observe(self._changed, names="value")
        self.board.on_click(self._clicked)
        self.scale = widgets.HTML()
        super().__init__([widgets.HBox([self.turns, self.players, self.speed]), self.click_sets, self.board,
                          self.scale, widgets.HTML(legend_html()), self.summary, self.message])
        self.refresh()

    def _changed(self, _change=None) -> None:
        @guard(self.message)
        def run():
            self.model.set(turns=self.turns.value, players=self.players.value, speed=self.speed.value)
            self.refresh()
        run()

    def _clicked(self, cell) -> None:
        name = {"goal": "goal", "ship": "ship", "Dutchman": "dutchman"}[self.click_sets.value]
        self.model.set(**{name: cell})
        self.refresh()

    def refresh(self) -> None:
        cells_, p = self.model.route()
        self.board.draw("background", self.model.ops())
        n = self.model.turns * self.model.players
        self.scale.value = heat_scale_html(self.model.heat())
        route = " → ".join(f"({q}, {r})" for q, r in cells_)
        self.summary.value = (
            f"<div class='pl-kop-route'>Heat map: where the Dutchman is after <b>{n}</b> compass "
            f"roll{'s' if n != 1 else ''} (the number on a space is its percent). Safest shortest route from "
            f"({self.model.ship[0]}, {self.model.ship[1]}) to ({self.model.goal[0]}, {self.model.goal[1]}): {route}; "
            f"P(the Dutchman never catches you) = <b>{friendly(p)}</b>.</div>")


# ------------------------------------------------------------------ combat
class CombatModel:
    """Model of the combat calculator: a target (or a defence value), a modifier and cannonballs.

    >>> CombatModel("stronghold", 0, 0).probability()
    Fraction(1, 12)
    """

    def __init__(self, target: str | int = "stronghold", modifier: int = 0, cannonballs: int = 2):
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
        self.target, self.modifier, self.cannonballs, self.defence = trial["target"], trial["modifier"], trial["cannonballs"], defence

    def probability(self) -> Fraction:
        return odds.combat_success_probability(self.defence, self.modifier, self.cannonballs)

    def expected_cannonballs(self) -> Fraction:
        return odds.expected_cannonballs_used(self.defence, self.modifier, self.cannonballs)

    def policy(self) -> odds.RerollPolicy:
        return odds.reroll_policy(self.defence, self.modifier, self.cannonballs)

    def by_cannonballs(self, most: int = 10) -> list[tuple[str, Fraction]]:
        return [(str(k), odds.combat_success_probability(self.defence, self.modifier, k)) for k in range(most + 1)]


class CombatView(widgets.VBox):
    """Target, modifier and cannonballs in; P(success), expected cannonballs, the optimal
    re-roll table and a chart of success against cannonballs out."""

    def __init__(self, model: CombatModel | None = None):
        self.model = model or CombatModel()
        names = list(components().targets)
        self.target = widgets.Dropdown(options=names, value=self.model.target if self.model.target in names else names[0],
                                       description="target", style=WIDE)
        self.modifier = widgets.IntSlider(value=self.model.modifier, min=-5, max=5, description="modifier", style=WIDE)
        self.cannonballs = widgets.IntSlider(value=self.model.cannonballs, min=0, max=10, description="cannonballs", style=WIDE)
        self.target.add_class("pl-kop-target")
        self.modifier.add_class("pl-kop-modifier")
        self.cannonballs.add_class("pl-kop-cannonballs")
        self.result = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = BoardCanvas(460, 220, layers=("chart",), css_class="pl-kop-cannon-chart")
        self.message = widgets.HTML()
        for w in (self.target, self.modifier, self.cannonballs):
            w.observe(self._changed, names="value")
        super().__init__([self.target, widgets.HBox([self.modifier, self.cannonballs]), self.result, self.chart,
                          self.table, self.message])
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
        balls = f"{m.cannonballs} cannonball{'s' if m.cannonballs != 1 else ''}"
        self.result.value = (f"<div class='pl-kop-combat'>Need 2d6 {m.modifier:+d} ≥ {m.defence} with {balls}: "
                             f"<b>{percent_text(p)}</b> chance of success (P(success) = {p}); on average "
                             f"{float(used):.2f} cannonballs spent.</div>")
        self.chart.draw("chart", bar_chart_ops([(k, float(v)) for k, v in m.by_cannonballs()], 460, 220,
                                               title="P(success) against cannonballs carried"))
        policy = m.policy()
        rows = "".join(f"<tr><td>{h}+{l}</td><td>{html.escape(policy.words((h, l), c))}</td></tr>"
                       for (h, l), c in sorted(policy.summary().items(), reverse=True))
        self.table.value = (f"<b>Optimal re-roll after a failed roll (all {m.cannonballs} cannonballs in hand)</b>"
                            f"<table class='pl-kop-policy'><tr><th>failed roll</th><th>do</th></tr>{rows}</table>"
                            if m.cannonballs else "<i>No cannonballs: no re-rolls.</i>")


# ------------------------------------------------------------------ rum
class RumModel:
    """How far can I sail before a mutiny is likely?

    >>> RumModel(rum=0).expected()
    Fraction(3, 2)
    """

    def __init__(self, rum: int = 4, upkeeps: int = 5, risk: Fraction = Fraction(1, 2)):
        self.rum, self.upkeeps, self.risk = rum, upkeeps, Fraction(risk)

    def set(self, **changes) -> None:
        trial = {"rum": self.rum, "upkeeps": self.upkeeps, **changes}
        odds.p_no_mutiny_within(trial["rum"], trial["upkeeps"])      # validates
        if trial["rum"] > 40 or trial["upkeeps"] > 60:
            raise InvalidInput("Keep rum <= 40 and upkeeps <= 60 in the planner.")
        self.rum, self.upkeeps = trial["rum"], trial["upkeeps"]

    def p_safe(self) -> Fraction:
        return odds.p_no_mutiny_within(self.rum, self.upkeeps)

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


class RumView(widgets.VBox):
    def __init__(self, model: RumModel | None = None):
        self.model = model or RumModel()
        self.rum = widgets.IntSlider(value=self.model.rum, min=0, max=12, description="rum", style=WIDE)
        self.upkeeps = widgets.IntSlider(value=self.model.upkeeps, min=0, max=20, description="upkeeps", style=WIDE)
        self.rum.add_class("pl-kop-rum")
        self.upkeeps.add_class("pl-kop-upkeeps")
        self.result = widgets.HTML()
        self.message = widgets.HTML()
        self.view = DistView(self.model.first_mutiny(), title="Upkeep of the first mutiny (16: or later)",
                             show_table=False, width=520)
        for w in (self.rum, self.upkeeps):
            w.observe(self._changed, names="value")
        super().__init__([widgets.HBox([self.rum, self.upkeeps]), self.result, self.view, self.message])
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
        self.result.value = (
            f"<div class='pl-kop-rum-result'>With {m.rum} rum and no lair visit: P(no mutiny in {m.upkeeps} "
            f"upkeep{'s' if m.upkeeps != 1 else ''}) = <b>{friendly(p)}</b>. Expected upkeeps until a mutiny (counting "
            f"the roll that causes it): {float(m.expected()):.2f}. A mutiny becomes more likely than not after "
            f"<b>{m.likely_within()}</b> upkeeps: plan to reach a Pirates Lair before then.</div>")
        self.view.dist = m.first_mutiny()


# ------------------------------------------------------------------ a full turn, replayed
#: What each chance task is, in words.
CHANCE_NAMES = {"upkeep_draw": "action card drawn", "setup_hand": "action card drawn", "compass": "compass die",
                "upkeep_die": "upkeep die", "reveal": "tile turned over", "attacker_roll": "combat dice",
                "defender_roll": "combat dice", "reroll_die": "re-rolled", "loot": "loot card",
                "relocate": "compass die (to a lair)", "lair_draw": "pirate card drawn", "setup_draw": "pirate card drawn"}


class TurnReplay:
    """A seeded random game; every step of one player's turn as (action, log lines, state).

    >>> replay = TurnReplay(seed=1)
    >>> replay.steps[0][0]
    'start of the turn'
    """

    def __init__(self, seed: int = 1, players: int = 2, turn: int = 0):
        rng = random.Random(seed)
        state = Game(players=players, max_turns=3).new_initial_state()
        while state.phase().name.startswith("setup"):     # the setup
            state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                                else rng.choice(state.legal_actions()))
        for _ in range(turn):
            mover = state.current
            while state.current == mover and not state.is_terminal():
                state = state.apply(self._choose(state, rng))
        self.player = state.current
        self.steps: list[tuple[str, list[str], State]] = [("start of the turn", [], state)]
        while state.current == self.player and not state.is_terminal():
            action = self._choose(state, rng)
            before = len(state.log)
            new = state.apply(action)
            who = (CHANCE_NAMES.get(state.phase().name, "chance") if state.current_player() == CHANCE
                   else f"player {state.current_player()}")
            self.steps.append((f"{who}: {action}", new.log[before:], new))
            state = new

    @staticmethod
    def _choose(state: State, rng: random.Random):
        if state.current_player() == CHANCE:
            return state.chance_outcomes().sample(rng)
        actions = state.legal_actions()
        # a livelier replay: sail rather than stop, attack rather than end the turn, pass on cards
        for preferred in (Attack, Sail):
            choice = [a for a in actions if isinstance(a, preferred)]
            if choice:
                return rng.choice(choice)
        for preferred in (Pass, Done, Accept):
            if preferred() in actions:
                return preferred()
        return rng.choice(actions)


# ------------------------------------------------------------------ cards and skills on the odds
def card_effects(cannonballs: int = 2) -> list[tuple[str, str, Fraction, Fraction]]:
    """(card, situation, P without, P with) for the cards that change a combat's odds."""
    p = odds.combat_success_probability
    pvp = odds.pvp_win_probability
    return [
        ("Assault", "you attack a stronghold (11)", p(11, 0, cannonballs), p(11, 2, cannonballs)),
        ("Mercenaries", "you attack a stronghold (11)", p(11, 0, cannonballs), p(11, 1, cannonballs)),
        ("Soldiers", "an opponent attacks a city (10)", p(10, 0, cannonballs), p(12, 0, cannonballs)),
        ("Scurvy", "an opponent attacks a city (10)", p(10, 0, cannonballs), p(10, -1, cannonballs)),
        ("Ambush", "you defend against a player (P attacker wins)", pvp(0, cannonballs, 0, cannonballs),
         pvp(0, cannonballs, 3, cannonballs)),
        ("Assault", "you attack a player (P you win)", pvp(0, cannonballs, 0, cannonballs), pvp(2, cannonballs, 0, cannonballs)),
    ]


def skill_effects(cannonballs: int = 2) -> list[tuple[str, str, Fraction, Fraction]]:
    """(skill, situation, P without, P with) for skills that change the odds."""
    p = odds.combat_success_probability
    pvp = odds.pvp_win_probability
    return [
        ("+1 Combat vs. Nations", "attack a stronghold (11)", p(11, 0, cannonballs), p(11, 1, cannonballs)),
        ("+2 Combat vs. Nations", "attack a stronghold (11)", p(11, 0, cannonballs), p(11, 2, cannonballs)),
        ("+1 Maximum Cannonballs", "attack a stronghold (11)", p(11, 0, cannonballs), p(11, 0, cannonballs + 1)),
        ("+1 Combat vs. other Players", "attack a player", pvp(0, cannonballs, 0, cannonballs), pvp(1, cannonballs, 0, cannonballs)),
        ("+2 Combat vs. other Players", "attack a player", pvp(0, cannonballs, 0, cannonballs), pvp(2, cannonballs, 0, cannonballs)),
        ("+1 Maximum Rum", "P(no mutiny in 6 upkeeps) from full rum", odds.p_no_mutiny_within(4, 6),
         odds.p_no_mutiny_within(5, 6)),
    ]


def effects_html(rows) -> str:
    body = "".join(f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td><td>{friendly_html(p)}</td>"
                   f"<td>{friendly_html(q)}</td></tr>" for a, b, p, q in rows)
    return ("<table class='pl-kop-effects'><tr><th>card / skill</th><th>situation</th><th>without</th><th>with</th></tr>"
            + body + "</table>")


# ------------------------------------------------------------------ assumptions and the walkthrough
def assumptions() -> dict[str, list[str]]:
    """Our assumptions, grouped by the rulebook section they fill in (shown in assumption boxes)."""
    comp = components()
    cards = ", ".join(f"{c['count']} {n}" for n, c in comp.action_cards.items())
    loot = ", ".join(f"{n} x {v}" for v, n in sorted(comp.loot_cards.items()))
    ship, rules = comp.ship, comp.rules
    parts = " and ".join(f"a {name} (+{v['rum']} Rum, +{v['cannonballs']} Cannonballs)" for name, v in comp.parts.items())
    die = ", ".join(f"{w} x {face}" for face, w in comp.upkeep_die.items())
    hidden = "; ".join(f"{kind} tiles: " + ", ".join(f"{n} {content}" for content, n in counts.items())
                       for kind, counts in comp.tiles.items())
    return {
        "The Game Board": ["Where the strongholds, cities and islands stand is ours (data file): strongholds and "
                           "cities on the midpoints of the rim, islands on ring 3; one city per nation.",
                           "Shark tiles: rings 1-2 (18, darker blue: 'the darker empty spaces'); ocean tiles: the rest."],
        "Game Setup": [f"The ship's front and rear hold {ship['rum']} Rum and {ship['cannonballs']} Cannonballs and "
                       f"{ship['crew_positions']} pirates; the middle parts are {parts}, each with a sail and a crew place.",
                       "Player i starts at the corner lair in compass direction i; player 0 starts."],
        "Important Game Concepts": ["A 'random Pirates Lair determined by the Compass Die' is the corner lair in the "
                                    "rolled direction (six faces, six corners).",
                                    "When a mutiny comes from lacking rum, the rum you had is lost too."],
        "Phase 1: Upkeep Phase": [f"The upkeep die's faces: {die}.",
                                  "To keep within the hand limit you discard, or play a U or A card, before "
                                  "drawing."],
        "Phase 2: Movement Phase": [f"What the face-down tiles hide ({hidden}); a revealed ship stays until "
                                    "defeated and warships do not move. A tile's content is drawn when it is turned "
                                    "over (the same odds as shuffling the tiles at setup). A treasure is dug up once.",
                                    "Rum and cannonballs above a smaller maximum (a pirate lost) go back."],
        "Phase 3: Combat Phase": ["Every city and stronghold has the printed values whatever its nation; a town can be "
                                  "plundered again on a later turn.",
                                  "In player-versus-player combat the attacker may re-roll any time; the defender "
                                  "re-rolls while not ahead. A failed attack on a nation costs nothing more.",
                                  "Scurvy's -1 counts in every combat, attacking or defending."],
        "Action Cards": [f"The 52 cards: {cards} (counts are ours).",
                         "Cards are offered after the upkeep die (U, A), before moving (M, A), before and after the combat "
                         "dice (C, A), after each step of a move (A), and at your own decisions; Ambush/Assault: defender/attacker.",
                         "Keelhauling is played when a mutiny threatens; Treasure Maps are turned in when digging.",
                         "Mercenaries on a nation's side raise its defence by 1, Soldiers by 2; Ambush gives the "
                         "defender +3.",
                         "The Flying Dutchman card ('as another player's Action Phase is resolved': the rulebook has "
                         "no Action Phase) is played in the windows; after the dice it can stop a conquest: landing on the "
                         "attacker ends the turn, landing on the defender calls the combat off."],
        "Pirate Skills": ["Which pirate has which pair of skills, and the pirates' names, are ours (data file)."],
        "Captain's Skills": [f"'Move 2 on the victory track' steals up to {rules['steal_limit']} Doubloons from one "
                             "player during upkeep."],
        "Game Contents": [f"The 36 loot cards: {loot} Doubloons (ours).",
                          f"'The skull is the beginning and the end': going round the Point Track wins; its length, "
                          f"{rules['win_doubloons']:,} Doubloons, is ours (or max_turns rounds). Token supplies (rum, cannonballs, "
                          "scurvy) are not limited."],
    }


def walkthrough():
    """The guided walkthrough: one step per rulebook section, built by the kit's Walkthrough from
    ``pirates_lab/king_of_pirates/data/lessons.toml`` (demos in :mod:`.king_of_pirates_lessons`)."""
    from .walkthrough import Walkthrough

    return Walkthrough.for_game(GAME).stepper()


def __getattr__(name: str):
    """The replay view and its dice live in :mod:`.king_of_pirates_replay` (which draws with board_ops above);
    they are offered here too, loaded on first use so either module may be imported first."""
    if name in ("TurnReplayView", "dice_ops"):
        from . import king_of_pirates_replay

        return getattr(king_of_pirates_replay, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
