"""The Pirates & Plunder lesson on screens: the scenarios module of ``pirates_and_plunder/data/lessons.toml``.

Every demo returns a live board, calculator or table built from an engine position
(:mod:`pirates_lab.pirates_and_plunder.scenarios` and :mod:`pirates_lab.pirates_and_plunder.lessons`); every
answer is the engine's function, computed when a screen is checked (never written in the lesson).
:func:`lesson` reads the lesson file, :func:`lesson_view` shows it, :func:`play_alone` is a game at the
GameTable.

Rules: Pirates & Plunder › Playing the Game
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.pirates_and_plunder import Game, MovePirate, describe, exploration_tiles, scenarios, tiles
from pirates_lab.pirates_and_plunder import lessons as positions
from pirates_lab.pirates_and_plunder import try_it as T
from pirates_lab.pirates_and_plunder.lessons import *  # noqa: F401,F403  (the lesson's answers)
from pirates_lab.pirates_and_plunder.lessons import __all__ as _answers
from pirates_lab.pirates_and_plunder.lessons import seat_label
from pirates_lab.pirates_and_plunder.parts import RESOURCES, components
from pirates_lab.pirates_and_plunder.players import greedy_player, random_player
from pirates_lab.pirates_and_plunder.try_it import (  # noqa: F401  (the reference screens' answers)
    archipelago_pirates_answer, buried_treasure_points_answer, cartographer_answer, final_points_answer,
    fleet_zone_answer, natives_ships_left_answer, pirate_king_answer, port_cloth_answer, route_points_answer,
    ship_places_answer, storm_ships_home_answer, sure_attack_answer, tiles_face_down, turn_points_answer)

from .canvas import BoardCanvas
from .lesson import LessonView
from .lesson_model import Lesson
from .pirates_and_plunder import (EXPLORATION_MARKS, BattleLab, BoardRenderer, legend_html, tile_gallery_ops,
                                  tile_picture_ops)
from .pirates_and_plunder import board_drawing as _drawing
from . import pirates_and_plunder_chance as chance
from .pirates_and_plunder_odds import TileOddsLab
from .pirates_and_plunder_table import TRY_IT_BOARD, TryIt
from .why import screen_links

__all__ = [*_answers, "GAME", "lesson", "lesson_view", "play_alone", "board_drawing", "rule_links",
           # demos
           "table_picture", "parts", "setup", "playing", "drawing", "tile_odds", "placing_ships", "scoring",
           "pirates", "ports", "final", "play_table", "advanced", "battles", "battle_lab",
           "SHORT_GAME_TURNS",
           # the probability thread (issue 39)
           "next_tile", "galleon_draw", "gap_view", "within_draws", "seen_tiles", "simulation", "battle_pairs",
           "mixing", "exploration_draw", "synthesis",
           # the reference screens' live positions and their questions (issue 34 item 4), the coach (issue 37)
           *(f"try_{build.__name__}" for build in T.TRY_IT.values()), "TRY_IT_DEMOS", "TRY_IT_ANSWERS",
           "coach_at_the_table"]
#: the reference screens' live examples: heading → demo name (a position to try the rule on, :class:`TryIt`)
TRY_IT_DEMOS = {heading: "try_" + build.__name__ for heading, build in T.TRY_IT.items()}
#: the reference screens' questions: the engine's functions, played on those positions
TRY_IT_ANSWERS = ["tiles_face_down", "turn_points_answer", "ship_places_answer", "route_points_answer",
                  "sure_attack_answer", "port_cloth_answer", "final_points_answer", "archipelago_pirates_answer",
                  "buried_treasure_points_answer", "natives_ships_left_answer", "pirate_king_answer",
                  "cartographer_answer", "storm_ships_home_answer", "fleet_zone_answer"]
__all__ += TRY_IT_ANSWERS

GAME = "pirates_and_plunder"
#: the classroom game ends after this many tiles each (a house rule for a 45-minute class: teacher notes)
SHORT_GAME_TURNS = 8
#: a lesson board's room at normal size (Large fonts paint it 1.5 times): it leaves room for the rule and
#: the question on one screen at 1024 x 768
BOARD = (420, 300)


# ---------------------------------------------------------------- small pieces of page
def _html(text: str, css: str = "pl-pnp-note") -> widgets.HTML:
    return widgets.HTML(f"<div class='{css}'>{text}</div>")


def _lines(lines) -> str:
    return "<ul style='margin:2px 0'>" + "".join(f"<li>{html.escape(str(line))}</li>" for line in lines) + "</ul>"


def _row(*boxes) -> widgets.Box:
    """Things side by side (wrapping when the screen is narrow)."""
    return widgets.Box(list(boxes), layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                          align_items="flex-start", max_width="100%"))


def _beside(board: widgets.Widget, text: str, tile: str | None = None) -> widgets.Box:
    """A board with its words beside it (under it on a narrow screen), the tile ``tile`` above the words."""
    words = widgets.HTML(f"<div class='pl-pnp-note'>{text}</div>")
    side = widgets.VBox(([_tile(tile, 56)] if tile else []) + [words],
                        layout=widgets.Layout(flex="1 1 280px", min_width="260px", margin="0 0 0 12px"))
    return _row(board, side)


def board_drawing(observation: dict, size: int = 440, flash=None, odds_draws: int = 0, **options) -> tuple:
    """(ops, width, height) of a lesson board drawn from a seat's ``observation`` (``state.observation(0)``; a
    State is refused): squares as large as fit ``size`` px (at most 96 px)."""
    return _drawing(observation, size, flash, odds_draws, **options)[:3]


def _board(observation: dict, size: int = BOARD[0], flash=None, odds_draws: int = 0, *, height: int = BOARD[1],
           highlight=None, margin: float = 0.5) -> BoardCanvas:
    """A lesson board on a canvas, drawn from a seat's ``observation`` (see :func:`board_drawing`); ``margin``
    squares of sea around the tiles (1 where the squares a tile fits are framed)."""
    ops, width, tall = board_drawing(observation, size, flash, odds_draws, height=height, highlight=highlight,
                                     margin=margin)
    canvas = BoardCanvas(width, tall, css_class="pl-pnp-board")
    canvas.draw("background", ops)
    return canvas


def _tile(name: str, size: int = 60) -> BoardCanvas:
    """One sea tile alone (the tile in a player's hand)."""
    canvas = BoardCanvas(size, size, css_class="pl-pnp-tile")
    canvas.draw("background", tile_picture_ops(name, size))
    return canvas


def _drawn(name: str, words: str) -> widgets.Box:
    """The tile drawn, with words beside it."""
    return _row(_tile(name), widgets.HTML(f"<div class='pl-pnp-note' style='margin-left:8px'>{words}</div>",
                                          layout=widgets.Layout(flex="1 1 160px")))


def _resources(state) -> str:
    head = "".join(f"<th>{name.title()}</th>" for name in RESOURCES)
    rows = "".join(f"<tr><td>{html.escape(seat_label(p))}</td>" + "".join(f"<td>{n}</td>" for n in held) + "</tr>"
                   for p, held in enumerate(state.resources))
    return f"<table class='pl-pnp-resources'><tr><th>Resources</th>{head}</tr>{rows}</table>"


class Switch(widgets.VBox):
    """Toggle buttons above a few views (boards before and after, the steps of a turn): one shown at a time.
    Each view is built when first shown (``views``: label -> widget, or a function building it) and kept."""

    def __init__(self, views: list[tuple[str, object]], css_class: str = "pl-pnp-switch"):
        self.labels = [label for label, _ in views]
        self._make = dict(views)
        self.built: dict[str, widgets.Widget] = {}
        self._display: dict[str, str | None] = {}
        self.buttons = widgets.ToggleButtons(options=self.labels, value=self.labels[0],
                                             style={"button_width": "auto"})
        self.buttons.observe(lambda change: self.show(change["new"]), names="value")
        self.shown = widgets.Box(layout=widgets.Layout(max_width="100%"))
        super().__init__([self.buttons, self.shown], layout=widgets.Layout(max_width="100%"))
        self.add_class(css_class)
        self.show(self.labels[0])

    def view(self, label: str) -> widgets.Widget:
        if label not in self.built:
            made = self._make[label]
            self.built[label] = made if isinstance(made, widgets.Widget) else made()
            self._display[label] = self.built[label].layout.display
            self.shown.children = (*self.shown.children, self.built[label])    # kept: a canvas is drawn once
        return self.built[label]

    def show(self, label: str) -> None:
        if self.buttons.value != label:
            self.buttons.value = label
        wanted = self.view(label)
        for name, view in self.built.items():
            view.layout.display = self._display[name] if view is wanted else "none"


def rule_links():
    """Links from a why's rule to the screen teaching it (``?screen=<heading>``)."""
    return screen_links(s.heading for s in lesson().screens)


# ---------------------------------------------------------------- the game in one screen
def table_picture() -> widgets.Widget:
    """Three players' table after a few turns: the tiles laid so far and the ships on them."""
    state = positions.table_state()
    scores = ", ".join(f"{seat_label(p)} {points}" for p, points in enumerate(state.scores()))
    text = (legend_html(state.game.players, marks=False, terrain=True)
            + f"<div style='margin-top:6px'>{sum(state.bag)} tiles still wait face down. Points so far: "
              f"{html.escape(scores)}.</div>")
    return _beside(_board(state.observation(0), 400, flash=[], height=300), text)


# ---------------------------------------------------------------- one demo per rule screen
def parts() -> widgets.Widget:
    """Every kind of sea tile once, with its number of copies."""
    columns, size = 12, 36
    rows = -(-len(tiles().types) // columns)
    gallery = BoardCanvas(columns * size, rows * (size + 14), css_class="pl-pnp-gallery")
    gallery.draw("background", tile_gallery_ops(columns, size))
    tileset = tiles()
    facts = (f"{tileset.total} sea tiles in {len(tileset.types)} kinds: under each kind, its number of copies "
             f"(x2: two tiles).")
    return widgets.VBox([gallery, _html(html.escape(facts) + legend_html(0, terrain=False))])


def setup() -> widgets.Widget:
    """A new four-player game: the starting tile alone in the middle."""
    state = scenarios.setup_state(4)
    ships = components()["ships"]
    colours = ", ".join(ships["colours"][:4])
    text = (f"The starting tile lies face up in the middle; {sum(state.bag)} tiles wait face down. Four players "
            f"take the colours {html.escape(colours)}: {ships['per_colour']} ships each. One ship of each colour "
            f"goes on space 0 of the scoring track.")
    return _beside(_board(state.observation(0), 200, height=200, margin=1), text)


def playing() -> widgets.Widget:
    """Player 1's turn in its three steps, on one board."""
    drawn, laid, scored = positions.turn_states()
    start = len(drawn.log)
    legend = legend_html(1, fits=True, completed=True, marks=False, ships=False, terrain=False)
    steps = [("1. Draw and lay a tile", drawn, None,
              "Player 1 (blue) draws a straight route (above). Yellow frames: every square where it fits. "
              "Player 1 lays it between the two crossroads, at (1, 0)."),
             ("2. Place a ship", laid, [],
              "Player 1 may put one ship from the supply on the tile just laid: on its trade route (a merchant) "
              "or on one of its two sea segments (a pirate)."),
             ("3. Score", scored, None,
              "Player 1 placed a merchant on the route. The route now runs from crossroads to crossroads: it is "
              "complete (red frames) and scores at once.")]

    def view(state, flash, words):
        log = state.log[start:]
        text = html.escape(words) + (_lines(log) if log else "") + legend
        board = _board(state.observation(0), 260, flash=flash, height=190, margin=1)
        return _beside(board, text, "straight route" if state is drawn else None)

    return Switch([(label, lambda s=state, f=flash, w=words: view(s, f, w)) for label, state, flash, words in steps],
                  "pl-pnp-turn")


def drawing() -> widgets.Widget:
    """The drawn headland's legal squares (yellow)."""
    state = scenarios.drawing_state()
    text = ("Player 1 (blue) has drawn a headland (above). Yellow frames: where it fits, turned one way or "
            "another. The island of the headland at (0, 0) has an open gap to the north, at (0, -1)."
            + legend_html(1, fits=True, marks=False, ships=False))
    return _beside(_board(state.observation(0), 300, height=210, margin=1), text, "headland")


def tile_odds() -> widgets.Widget:
    """Back at the table of the first screen: the chance that a tile fitting each empty square comes soon."""
    state, cell, draws = positions.tile_odds_start()
    return TileOddsLab(state.observation(0), cell, draws, size=(400, 320), rule_link=rule_links())


def placing_ships() -> widgets.Widget:
    """The crossroads just laid at (1, 0), beside Player 2's merchant."""
    state = scenarios.ships_state()
    text = ("Player 1 (blue) has just laid a three-way crossroads at (1, 0) (red frame), east of the crossroads "
            "where Player 2 (yellow) has a merchant. Each trade route end and each corner of sea on the new tile "
            "is a segment of its own." + legend_html(2, marks=False))
    return _beside(_board(state.observation(0), 300, flash=[(1, 0)], height=170), text)


def scoring() -> widgets.Widget:
    """Two merchants on separate routes; the spice route joins them between two crossroads."""
    before, after = scenarios.scoring_states()
    cells = [(x, 0) for x in range(-1, 4)]
    legend = legend_html(2, completed=True, marks=False, terrain=False)
    views = [("Before: Player 2 draws the spice route",
              lambda: _beside(_board(before.observation(0), 400, height=190),
                              "Player 1's merchant and Player 2's merchant sail on "
                              "two routes with a gap at (1, 0) between them." + legend)),
             ("After: the route is complete",
              lambda: _beside(_board(after.observation(0), 400, flash=cells, height=190),
                              "The spice route laid at (1, 0) joins "
                              "them: one route from crossroads to crossroads." + legend))]
    return Switch(views)


def pirates() -> widgets.Widget:
    """Player 2 completed a route: the squares its pirate may reach (yellow) and the resources."""
    state = scenarios.pirate_state()
    moves = [a for a in state.legal_actions() if isinstance(a, MovePirate)]
    reach = sorted({a.cell for a in moves if a.cell is not None})
    attack = sorted({a.cell for a in moves if a.target >= 0})
    text = ("Player 2 (yellow) has completed a trade route of 2 segments: its pirate may move up to 2 points. "
            "Yellow frames: where it may sail; red frame: Player 1's pirate, where it would stop and battle."
            + _resources(state) + legend_html(2, marks=False, letters=False))
    return _beside(_board(state.observation(0), 240, flash=attack, height=220, highlight=reach), text)


def ports() -> widgets.Widget:
    """A harbormaster on the cloth port; Player 2 lays the tile at (1, 1)."""
    before, after = scenarios.port_states()
    log = after.log[len(before.log):]
    legend = legend_html(2, marks=False, letters=False)
    views = [("Before", lambda: _beside(_board(before.observation(0), 260, height=210),
                                        "Player 1 (blue) has a harbormaster (H) on the cloth port at (0, 0). Player "
                                        "2 (yellow) is about to lay an open-sea tile at (1, 1)." + legend)),
             ("After the tile at (1, 1)", lambda: _beside(_board(after.observation(0), 260, height=210),
                                                           "What happened:" + _lines(log) + legend))]
    return Switch(views)


def final() -> widgets.Widget:
    """No tiles left: the table the final scoring reads."""
    state = scenarios.final_state()
    text = "The last tile has been laid." + _resources(state) + legend_html(2, letters=False, terrain=False)
    return _beside(_board(state.observation(0), 280, height=190), text)


def play_alone(players: int = 3, seed: int = 0, computer: str = "greedy", turns: int | None = None,
               renderer: BoardRenderer | None = None, page_rows: int = 4):
    """A game against computer players (``"greedy"`` or ``"random"``) at the GameTable; ``turns``: a shorter
    game, ending after that many tiles each."""
    from .table import GameTable
    choose = {"greedy": greedy_player, "random": random_player}[computer]
    return GameTable(Game(players=players, max_turns=turns), renderer or BoardRenderer(), humans=(0,),
                     players=choose, seed=seed, page_rows=page_rows)


def play_table() -> widgets.Widget:
    """The classroom game: Player 1 (blue) against two computer players, eight tiles each."""
    table = play_alone(players=3, seed=1, turns=SHORT_GAME_TURNS, renderer=BoardRenderer(440, 280), page_rows=3)
    table.title.layout.display = "none"          # the screen's title names the game
    return table


def _explorations() -> widgets.Widget:
    """Each exploration tile laid on the same board, with what the engine did."""
    start = len(scenarios.advanced_state().log) + 1

    def view(name):
        state = scenarios.exploration_scene(name)
        text = (f"<b>{html.escape(name)}</b> (marked {EXPLORATION_MARKS[name]} on the board):"
                + _lines(state.log[start:]) + _resources(state))
        return _beside(_board(state.observation(0), 260, height=200), text)

    # the Royal Port is not in the Parts list: a reading of its own (teacher notes)
    return Switch([(name, lambda n=name: view(n)) for name in EXPLORATION_MARKS if name != "Royal Port"],
                  "pl-pnp-explorations")


def advanced() -> widgets.Widget:
    """Player 1 has just completed an island with an exploration marker (X); the tiles it might draw."""
    state = scenarios.advanced_state()
    names = ", ".join(exploration_tiles())

    def island():
        return _beside(_board(state.observation(0), 260, flash=[(0, 0), (0, -1)], height=200),
                       "Player 1 (blue) completed the island framed in red: it shows an exploration marker (X), "
                       "so Player 1 may draw one of the ten exploration tiles shuffled face down: "
                       + html.escape(names) + "." + legend_html(2, marks=False, letters=False))

    return Switch([("The island just completed", island), ("What each tile does", _explorations)],
                  "pl-pnp-advanced")


def battles() -> widgets.Widget:
    """Who wins each pair of secret commitments when both sides hold 2 resources (a pirate defending)."""
    grid = positions.battle_outcomes(2, 2, 0)
    head = "".join(f"<th>defence {d}</th>" for d in range(len(grid[0])))
    rows = "".join(f"<tr><th>attack {a}</th>" + "".join(
        f"<td style='background:{'#f6d5d5' if won else '#d5e2f6'}'>{'attack succeeds' if won else 'repulsed'}</td>"
        for won in row) + "</tr>" for a, row in enumerate(grid))
    return _html("<div>Both sides hold 2 resources; a pirate defends (base 0). Each picks a number in secret, "
                 "then both are revealed:</div>"
                 f"<table class='pl-pnp-battle-grid' style='border-collapse:collapse;margin:4px 0'>"
                 f"<tr><th></th>{head}</tr>{rows}</table>"
                 "<div>The ship is worth 6 points; every resource spent, by either side, is lost to its owner "
                 "(worth 1 point).</div>")


def battle_lab() -> widgets.Widget:
    """The secret-battle lab: both optimal mixes, exact, with the why of the attack's chance."""
    return BattleLab(rule_link=rule_links())


# ---------------------------------------------------------------- the probability thread (issue 39)
def next_tile() -> widgets.Widget:
    """The table of the first screen: turn over the next tile, see where it fits."""
    return chance.NextTile()


def galleon_draw() -> widgets.Widget:
    """Parts: the face-down tiles, those with a galleon framed; shuffle and turn over the first."""
    return chance.GalleonDraw()


def gap_view() -> widgets.Widget:
    """Drawing and Placing Land Tiles: tap a square, the unseen tiles that fit it framed, with the count."""
    return chance.GapView()


def within_draws() -> widgets.Widget:
    """The complement: none of k draws fits, as a product of counts; draw k tiles."""
    return chance.DrawsView()


def seen_tiles() -> widgets.Widget:
    """Conditional chance: Player 2 and Player 3 show their tiles; the counts follow."""
    return chance.SeenView()


def simulation() -> widgets.Widget:
    """Simulation against the exact count: draw the next tile 76 times a press."""
    return chance.SimulationView()


def battle_pairs() -> widgets.Widget:
    """Battles: the 9 pairs of secret choices, the attack's wins shaded; pick at random."""
    return chance.BattlePairs()


def mixing() -> widgets.Widget:
    """The defender's best mix; the attacker's choice a toggle; the chance and the average points."""
    return chance.MixView()


def exploration_draw() -> widgets.Widget:
    """Advanced Rules: nine exploration tiles left after the Storm, the Natives framed; draw one."""
    return chance.ExplorationDraw()


def synthesis() -> widgets.Widget:
    """Putting it together: after the tiles of Player 2 and Player 3 are seen, draw 1 to 5 tiles."""
    return chance.DrawsView(positions.seen_state().observation(0), chain=False)


# ---------------------------------------------------------------- the reference screens' live positions (issue 34)
def _try(build) -> TryIt:
    """The position ``build`` makes, at a table captioned with its screen's label (the lesson file's words)."""
    heading = next(h for h, b in T.TRY_IT.items() if b is build)
    labels = {s.heading: s.label for s in lesson().reference_screens}
    return TryIt(build, caption=labels.get(heading, ""))


def try_setup() -> TryIt:
    return _try(T.setup)


def try_playing_the_game() -> TryIt:
    return _try(T.playing_the_game)


def try_placing_ships() -> TryIt:
    return _try(T.placing_ships)


def try_scoring() -> TryIt:
    return _try(T.scoring)


def try_moving_pirates() -> TryIt:
    return _try(T.moving_pirates)


def try_ports() -> TryIt:
    return _try(T.ports)


def try_final_scoring() -> TryIt:
    return _try(T.final_scoring)


def try_archipelago() -> TryIt:
    return _try(T.archipelago)


def try_buried_treasure() -> TryIt:
    return _try(T.buried_treasure)


def try_natives() -> TryIt:
    return _try(T.natives)


def try_pirate_cove() -> TryIt:
    return _try(T.pirate_cove)


def try_reef() -> TryIt:
    return _try(T.reef)


def try_royal_cartographer() -> TryIt:
    return _try(T.royal_cartographer)


def try_royal_port() -> TryIt:
    return _try(T.royal_port)


def try_storm() -> TryIt:
    return _try(T.storm)


def try_treasure_fleet() -> TryIt:
    return _try(T.treasure_fleet)


def try_viceroy() -> TryIt:
    return _try(T.viceroy)


# ---------------------------------------------------------------- predict the best move, then ask the coach
def coach_at_the_table() -> widgets.Widget:
    """A two-player game (seed 1) at your first choice of two moves or more, its Coach toggle beside the buttons
    (issue 37 item 3)."""
    from .coach import coach_table
    from .pirates_and_plunder_table import small_table

    table = coach_table(GAME, seed=1, renderer=BoardRenderer(*TRY_IT_BOARD, most=60), page_rows=4)   # its 4 moves
    return small_table(table, "pl-pnp-coach-table")


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/pirates_and_plunder/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
