"""Pirates & Plunder walkthrough: one step per rulebook heading, each a tiny board the engine plays.

Every number shown is computed by the engine or the odds code when the step opens (nothing is
typed in as an answer).  :func:`walkthrough` is the Stepper; :func:`section` one step on its own
(the notebook shows each under its heading); :func:`play_alone` the GameTable.
"""
from __future__ import annotations

import html
import random

import ipywidgets as widgets

from pirates_lab.core import random_playout
from pirates_lab.pirates_and_plunder import (FLOW, Commit, Game, MovePirate, NoShip, PlaceTile, breakdown, describe,
                                             exploration_tiles, gap_odds, tiles)
from pirates_lab.pirates_and_plunder.parts import components
from pirates_lab.pirates_and_plunder.players import greedy_player, random_player
from pirates_lab.pirates_and_plunder.scenarios import build

from .canvas import BoardCanvas
from .kit import Question, RulePanel, Step, Stepper, assumption_box, exact_answer
from .numbers import percent_text
from .pirates_and_plunder import BattleLab, BoardExplorer, BoardRenderer, board_ops, board_view, tile_gallery_ops

__all__ = ["GAME", "HEADINGS", "ASSUMPTIONS", "steps", "walkthrough", "section", "play_alone", "ADVANCED_NOTE"]

GAME = "pirates_and_plunder"
CROSS = "three-way crossroads"
ADVANCED_NOTE = ("ASSUMPTION: an exploration tile is laid on a segment already on the board (sea tiles on sea, island "
                 "tiles on an island); the extra turn is the laying of that tile and a ship on it; payments are made "
                 "while the player can pay, otherwise the ship goes home. Play it with Game(advanced=True).")
EXPLORATION = {
    "Archipelago": "A sea tile: a pirate may land at once even in a sea that has pirates; it defends with 1 and counts as 2 pirates.",
    "Buried Treasure": "An island tile: an explorer here scores 5 at once and 5 resources of its choice when the island is completed.",
    "Natives": "An island tile: a Governor lands even on an occupied island; other explorers there pay 2 resources each or go home.",
    "Pirate Cove": "Beside a sea zone: the Pirate King (base defence 1) scores 2 per pirate in its sea zone at the end.",
    "Reef": "A sea tile: a scavenger worth 1 per galleon in its zone; a pirate that attacks it and fails is wrecked.",
    "Royal Cartographer": "A sea tile: worth 1 point per completed island at the end.",
    "Royal Port": "A port whose harbormaster takes any resource: described in the rules but missing from the Parts list.",
    "Storm": "A sea tile: every pirate and bordering merchant in the zone pays 2 resources or goes home; later a pirate may pay 2 to sail on with +3.",
    "Treasure Fleet": "A sea tile that counts as 3 galleons at the final scoring.",
    "Viceroy": "A sea tile: worth 1 point per completed trade route of 3 or more segments at the end.",
}


def _html(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div style='max-width:900px'>{text}</div>")


def _lines(lines) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def _side_by_side(*boxes) -> widgets.HBox:
    return widgets.HBox(list(boxes), layout=widgets.Layout(flex_flow="row wrap"))


# ---------------------------------------------------------------- one builder per heading
def _parts():
    tileset = tiles()
    gallery = BoardCanvas(9 * 52, 5 * 66, css_class="pl-pnp-gallery")
    gallery.draw("background", tile_gallery_ops())
    count = lambda test: sum(t.copies * sum(test(s) for s in t.segments) for t in tileset.types)
    facts = [f"{tileset.total} sea tiles in {len(tileset.types)} kinds (one is the starting tile)",
             f"{count(lambda s: s.galleons)} treasure galleons, {count(lambda s: s.serpents)} sea serpents, "
             f"{count(lambda s: s.explore)} exploration markers, {count(lambda s: s.kind == 'port')} ports",
             "Exploration tiles as the Parts list prints them: " + ", ".join(exploration_tiles()),
             "The other reading (the Advanced Rules describe a Royal Port): " + ", ".join(exploration_tiles("royal port"))]
    return gallery, _lines(facts)


def _goal():
    final = random_playout(Game(players=3).new_initial_state(), 11)
    scores = final.scores()
    best = max(scores)
    lines = [f"Player {p}: {s} points" + (" — the winner" if s == best else "") for p, s in enumerate(scores)]
    return BoardExplorer(final), _lines(lines) + "<p>How the winner got there (the last scores of the game):</p>" + \
        _lines(breakdown(final, scores.index(best))[-6:])


def _setup():
    state = Game(players=4).new_initial_state()
    supply = components()["ships"]
    text = (f"The starting tile lies at (0, 0). Each player takes the {supply['per_colour']} ships of a colour: one marks "
            f"the score, {supply['supply']} form the supply. Unseen tiles: {sum(state.bag)}.")
    return board_view(state), text


def _playing():
    rows = [line.strip("|").split("|") for line in FLOW.table().splitlines()]
    table = "<table style='border-collapse:collapse'>" + "".join(
        "<tr>" + "".join(f"<td style='border:1px solid #ccc;padding:2px 6px'>{html.escape(c.strip())}</td>" for c in row) + "</tr>"
        for i, row in enumerate(rows) if i != 1) + "</table>"
    return _html(table), "Each turn: draw and place a tile, maybe place a ship, then score what was completed."


def _drawing_state():
    return build(tiles=[("headland", (0, 0), 0), ("straight route", (1, 0), 0)], drawn="headland")


def _drawing():
    state = _drawing_state()
    places = state.legal_actions()
    odds = [gap_odds(state, (0, -1), k) for k in (1, 3, 6)]
    lines = [f"The drawn headland fits {len(places)} ways (highlighted squares). On every empty square: the chance "
             "that a tile fitting it comes within the next 3 draws."] + \
            [f"P(a tile fitting the island's gap north of (0, 0) within {o.draws} draws) = {percent_text(o.probability)} "
             f"({o.count} of the {o.unseen} unseen tiles fit)" for o in odds]
    return board_view(state, odds_draws=3), _lines(lines)


def _ships():
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn=CROSS).apply(PlaceTile((1, 0), 0))
    node = lambda seg: state.node((1, 0), seg)
    lines = [f"segment {a.segment}: {describe(state, node(a.segment))}" for a in state.legal_actions() if hasattr(a, "segment")]
    lines.append("Segment 2 (the west route) is not offered: it joined player 1's merchant's route.")
    return board_view(state), _lines(lines)


def _scoring():
    tiles_ = [(CROSS, (-1, 0), 0), ("straight route", (0, 0), 0), ("straight route", (2, 0), 0), (CROSS, (3, 0), 0)]
    before = build(tiles=tiles_, ships=[(0, (0, 0), 0), (1, (2, 0), 0)], drawn="spice route", player=1)
    after = before.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    return _side_by_side(board_view(before), board_view(after, flash=[(x, 0) for x in range(-1, 4)])), \
        _lines(breakdown(after)) + f"<p>Resources held: {after.resources}</p>"


def _pirate_state():
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                  drawn=CROSS, player=1, resources=[[1, 0, 0, 0], [0, 2, 0, 0]])
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def _pirates():
    state = _pirate_state()
    moves = [str(a) for a in state.legal_actions()]
    fought = state.apply(MovePirate(8, (0, -1), 0, 0)).apply(Commit((0, 2, 0, 0))).apply(Commit((1, 0, 0, 0)))
    return board_view(state), _lines(moves) + "<p>The battle, when player 1 attacks with 2 rum and player 0 answers "\
        "with 1 cloth:</p>" + _lines(fought.log[-3:])


def _ports():
    around = [("open sea", c, 0) for c in [(-1, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]]
    before = build(tiles=[("headland with cloth port", (0, 0), 0), ("headland", (0, -1), 2), *around],
                   ships=[(0, (0, 0), 2)], drawn="open sea", player=1, bag={})
    after = before.apply(PlaceTile((1, 1), 0)).apply(NoShip())
    return _side_by_side(board_view(before), board_view(after)), _lines(after.log[-3:])


def _final():
    tiles_ = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0), ("headland", (0, 1), 2),
              ("open sea with serpent", (2, 0), 0)]
    ships = [(0, (0, 0), 0), (0, (1, 0), 0), (1, (0, 1), 1), (1, (0, 1), 0)]
    state = build(tiles=tiles_, ships=ships, phase="final", resources=[[2, 0, 0, 0], [2, 1, 0, 0]], bag={})
    return board_view(state), _lines(breakdown(state))


def _advanced():
    state = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland", advanced=True)
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    odds = [f"{action.tile}: {percent_text(p)}" for action, p in state.chance_outcomes().items()]
    return board_view(state), "Player 0 completes an island with an exploration marker (X): the engine now draws an " \
        "exploration tile for an extra turn. The odds of each:" + _lines(odds)


def _exploration():
    return None, _lines(f"{name}: {EXPLORATION[name]}" for name in sorted(EXPLORATION))


def _one_tile(name):
    return lambda: (None, html.escape(EXPLORATION[name]) + f" Copies in the Parts list: {exploration_tiles().count(name)}.")


def _options():
    return None, "One option: secret, simultaneous battles."


def _battles():
    return BattleLab(), "Both sides choose in secret, so each mixes its commitments; the chart shows the exact optimal mixes."


BUILDERS = {
    "Parts": _parts, "Goal": _goal, "Setup": _setup, "Playing the Game": _playing,
    "Drawing and Placing Land Tiles": _drawing, "Placing Ships": _ships, "Scoring Islands and Trade Routes": _scoring,
    "Moving Pirates and Battle": _pirates, "Ports": _ports, "Final Scoring": _final, "Advanced Rules": _advanced,
    "Exploration Tiles": _exploration, **{name: _one_tile(name) for name in EXPLORATION}, "Options": _options,
    "Battles": _battles,
}
HEADINGS = tuple(BUILDERS)

#: the rule readings shown as "House rule / assumption" boxes, by heading (also in docs and data files)
ASSUMPTIONS = {
    "Parts": ("ASSUMPTION: the rulebook prints no tile list; the 80 tiles shown are our design (data/tiles.toml).",
              "The Parts list names Natives twice and no Royal Port, yet the Advanced Rules describe a Royal Port: we "
              "follow the Parts list and offer the Royal Port reading as an option."),
    "Setup": ("ASSUMPTION: player 0 (blue) starts; the table never limits the playing area.",),
    "Scoring Islands and Trade Routes": (
        "ASSUMPTION: when merchants tie, each tied player collects the route's resources while the supply lasts.",
        "ASSUMPTION: the player completing an island collects its resources even when nobody has a ship on it."),
    "Moving Pirates and Battle": (
        "ASSUMPTION: a ship that loses a battle goes back to its owner's supply.",
        "ASSUMPTION: with several routes completed at once, each pirate moved uses the longest route not used yet.",
        "ASSUMPTION: a repulsed pirate is pushed onto sea with no ship on it, or off an open edge; with nowhere to go "
        "it goes home."),
    "Final Scoring": ("ASSUMPTION: a resource majority needs at least one resource; a sea zone needs at least one pirate.",),
    "Advanced Rules": (ADVANCED_NOTE,),
    "Exploration Tiles": ("The Parts list prints Natives twice and no Royal Port; the 'royal port' reading swaps one "
                          "Natives for the Royal Port.",),
    "Royal Port": ("Royal Port is missing from the Parts list: it is in the game only with the 'royal port' reading.",),
    "Battles": ("Our payoff: the ship (ship value) changes hands when the attack succeeds; each resource spent is lost "
                "to its owner (resource value). Zero-sum.",),
}


def _questions() -> dict:
    state = _drawing_state()
    return {"Drawing and Placing Land Tiles": Question(
        "What is the chance that a tile fitting the island's gap north of (0, 0) is the very next tile drawn?",
        exact_answer(gap_odds(state, (0, -1), 1).probability, explain="Fitting tiles over unseen tiles."))}


def _body(heading: str):
    body, text = BUILDERS[heading]()
    parts = [b for b in (body, _html(text)) if b is not None]
    return widgets.VBox(parts)


def steps() -> list:
    """One :class:`Step` per rulebook heading, in the rulebook's order (bodies built when opened)."""
    questions = _questions()
    found = []
    for heading in HEADINGS:
        found.append(Step(heading, rule=(GAME, heading), body=lambda h=heading: _body(h),
                          question=questions.get(heading), assumptions=ASSUMPTIONS.get(heading, ())))
    return found


def walkthrough() -> Stepper:
    """The guided walkthrough: one step per rulebook heading."""
    stepper = Stepper(steps(), title="Pirates & Plunder")
    stepper.add_class("pl-pnp-walkthrough")
    return stepper


def section(heading: str) -> widgets.VBox:
    """One step on its own: the rule, the assumptions, the engine's board and words."""
    body, text = BUILDERS[heading]()
    children = [RulePanel(GAME, heading), *(assumption_box(a) for a in ASSUMPTIONS.get(heading, ()))]
    children += [b for b in (body, _html(text)) if b is not None]
    box = widgets.VBox(children)
    box.add_class("pl-pnp-section")
    return box


def play_alone(players: int = 3, seed: int = 0, computer: str = "greedy"):
    """A whole game against computer players (``"greedy"`` or ``"random"``), through the kit's GameTable."""
    from .table import GameTable
    choose = {"greedy": greedy_player, "random": random_player}[computer]
    return GameTable(Game(players=players), BoardRenderer(), humans=(0,), players=choose, seed=seed)


def demo_board(seed: int = 3) -> tuple:
    """Draw operations of a seeded part-played game (for screenshots)."""
    state = random_playout(Game(players=3, max_turns=10).new_initial_state(), random.Random(seed))
    return board_ops(state.observation(0))
