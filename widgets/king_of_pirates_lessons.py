"""King of Pirates lesson demos for ``pirates_lab/king_of_pirates/data/lessons.toml``: each returns a
live widget built from an engine scenario (``pirates_lab.king_of_pirates.lessons``) drawn on the board,
and the answer functions re-export the engine's (computed at run time, never written in the lesson).

Rules: King of Pirates › Phase 2: Movement Phase
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.king_of_pirates import components, lessons
from pirates_lab.king_of_pirates.game import Game

from .canvas import BoardCanvas
from .drawing import Drawing
from .king_of_pirates import (HEIGHT, SIZE, WIDTH, CombatView, DutchmanPlanner, DutchmanView, RumView, TurnReplay,
                              TurnReplayView, _pixel, board_ops, card_effects, effects_html, legend_html,
                              skill_effects)
from .kit import DistView

__all__ = ["board", "setup", "dutchman", "phases", "upkeep", "movement", "combat", "action_cards", "pirate_skills",
           "captains_skills", "contents", "face_down_tiles", "dutchman_one_roll_answer", "upkeep_safe_answer",
           "stronghold_answer", "sail_targets_answer", "dig_maps_answer"]

# the answers: the engine's own functions (the lesson names them; tests check them independently)
face_down_tiles = lessons.face_down_tiles
dutchman_one_roll_answer = lessons.dutchman_one_roll_answer
upkeep_safe_answer = lessons.upkeep_safe_answer
stronghold_answer = lessons.stronghold_answer
sail_targets_answer = lessons.sail_targets_answer
dig_maps_answer = lessons.dig_maps_answer


def _cell(cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _canvas(ops, css: str) -> BoardCanvas:
    canvas = BoardCanvas(WIDTH, HEIGHT, css_class=css)
    canvas.draw("background", ops)
    return canvas


def board() -> widgets.Widget:
    """The board at the start of a 6-player game, with its legend."""
    return widgets.VBox([_canvas(board_ops(Game(players=6).new_initial_state()), "pl-kop-board"),
                         widgets.HTML(legend_html())])


def setup() -> widgets.Widget:
    """Each player's lair, crew (captain first), rum, cannonballs and hand size after a seeded setup."""
    state = TurnReplay(seed=3, players=4).steps[0][2]
    rows = "".join(f"<tr><td>{p}</td><td>{_cell(pl.position)}</td><td>{html.escape(', '.join(pl.crew))}</td>"
                   f"<td>{pl.rum}</td><td>{pl.cannonballs}</td><td>{len(pl.hand)}</td></tr>"
                   for p, pl in enumerate(state.players))
    return widgets.HTML("<table class='pl-kop-setup'><tr><th>player</th><th>lair</th><th>crew (captain first)</th>"
                        f"<th>rum</th><th>cannonballs</th><th>action cards</th></tr>{rows}</table>")


def dutchman() -> widgets.Widget:
    """The Dutchman one compass roll ahead: heat map with its scale."""
    return DutchmanView(DutchmanPlanner(turns=1, players=1))


def phases() -> widgets.Widget:
    """One whole turn of a seeded game, with the combat dice drawn; Back / Play / Next."""
    return TurnReplayView(TurnReplay(seed=2))


def upkeep() -> widgets.Widget:
    return RumView()


def _highlight(d: Drawing, cells, colour: str, width: int = 4) -> None:
    for cell in cells:
        x, y = _pixel(cell)
        d.hexagon(x, y, SIZE - 4, stroke=colour, width=width)


def movement() -> widgets.Widget:
    """Sailing from a lair (the engine's legal moves outlined), what a face-down tile may hide (the
    engine's exact chance outcomes), and a dig on a Treasure Island frame by frame."""
    start = lessons.movement_start()
    targets = lessons.sail_targets(start)
    d = Drawing().extend(board_ops(start))
    _highlight(d, targets, "#00a000")
    _highlight(d, components().lairs, "#ffffff", 2)
    sail = _canvas(d.ops, "pl-kop-movement-board")
    cell, reveal = lessons.reveal_odds()
    tile = DistView(reveal.map(_short_tile), title=f"Under the tile at {_cell(cell)}", show_table=False, width=460)
    tile_note = widgets.HTML("<div>British / Spanish: a merchant ship to plunder; warship: a French warship that "
                             "stops your move; empty: open sea.</div>")
    story = lessons.digging_story()
    dig = BoardCanvas(WIDTH, HEIGHT, css_class="pl-kop-dig-board")
    caption = widgets.HTML()
    step = widgets.IntSlider(value=0, min=0, max=len(story) - 1, description="dig step",
                             style={"description_width": "initial"})
    nxt = widgets.Button(description="Next ▶", layout=widgets.Layout(width="auto"))
    nxt.add_class("pl-kop-dig-next")

    def show(index: int) -> None:
        text, state = story[index]
        ops = Drawing().extend(board_ops(state))
        _highlight(ops, [lessons.small_island()], "#ffd700")
        dig.draw("background", ops.ops)
        caption.value = f"<div class='pl-kop-dig-caption'><b>{index + 1}/{len(story)}</b> {html.escape(text)}</div>"

    step.observe(lambda change: show(change["new"]), names="value")
    nxt.on_click(lambda _: setattr(step, "value", (step.value + 1) % len(story)))
    show(0)
    where = start.players[0].position
    intro = widgets.HTML(
        f"<div>Player 0 (red) starts its move at the Pirates Lair {_cell(where)} (white outline: the seven lairs). "
        "Green outlines: the spaces the engine lets it sail into now, one space per step.</div>")
    return widgets.VBox([intro, sail, tile, tile_note, widgets.HBox([nxt, step]), dig, caption])


def _short_tile(content: str) -> str:
    """A tile's content in one short word for a chart label."""
    if content.startswith("Merchant Ship"):
        return content.split("(")[1].rstrip(")")
    if content.startswith("Warship"):
        return "warship"
    return content


def combat() -> widgets.Widget:
    view = CombatView()
    return view


def action_cards() -> widgets.Widget:
    return widgets.HTML(effects_html(card_effects()))


def pirate_skills() -> widgets.Widget:
    rows = skill_effects()
    return widgets.HTML(effects_html(rows[:1] + rows[2:4] + rows[5:]))


def captains_skills() -> widgets.Widget:
    rows = skill_effects()
    return widgets.HTML(effects_html([rows[1], rows[4]]))


def contents() -> widgets.Widget:
    comp = components()
    rows = "".join(f"<tr><td>{html.escape(n)}</td><td>{html.escape(str(c['timing']))}</td><td>{c['count']}</td></tr>"
                   for n, c in comp.action_cards.items())
    return widgets.HTML(f"<table><tr><th>action card</th><th>timing</th><th>count (ours)</th></tr>{rows}</table>")
