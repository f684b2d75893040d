"""King of Pirates turn replay: the board, the combat dice drawn as dice (not "(6, 5)" text), and
Play / Next / Back buttons.  Pure drawing in :func:`dice_ops` (tested without a browser).

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

import html
import time

import ipywidgets as widgets

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .king_of_pirates import HEIGHT, WIDTH, TurnReplay, board_ops

__all__ = ["dice_ops", "roll_of", "TurnReplayView", "DICE_WIDTH", "DICE_HEIGHT"]

DICE_WIDTH, DICE_HEIGHT = 300, 90
#: pips of each face, on a 3x3 grid (column, row)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def dice_ops(rolls: dict[str, tuple[int, int] | None], width: int = DICE_WIDTH, height: int = DICE_HEIGHT
             ) -> tuple[DrawOp, ...]:
    """Each side's two dice drawn with pips, labelled (``{"attacker": (6, 5), "defender": None}``);
    a side that has not rolled shows empty dice outlines.

    >>> ops = dice_ops({"attacker": (6, 5)})
    >>> sum(op.kind == "circle" for op in ops)     # 6 + 5 pips
    11
    """
    d = Drawing().clear().rect(0, 0, width, height, fill="#ffffff")
    size, gap = 44, 10
    x = 8
    for side, roll in rolls.items():
        d.text(side, x, 16, font="16px sans-serif")
        for i in range(2):
            left, top = x + i * (size + gap), 26
            d.rect(left, top, size, size, fill="#fffdf5" if roll else "#eeeeee", stroke="#333333", width=2)
            if roll:
                for col, row in PIPS[roll[i]]:
                    d.circle(left + 10 + col * 12, top + 10 + row * 12, 4, fill="#222222")
        x += 2 * size + gap + 30
    return d.ops


def roll_of(state) -> dict[str, tuple[int, int] | None]:
    """The combat dice on the table in a state (empty when no combat is going on)."""
    combat = getattr(state, "combat", None) or {}
    combat = combat if isinstance(combat, dict) else vars(combat)     # the engine's Combat value
    if not combat:
        return {}
    out = {"attacker": combat.get("attacker_roll")}
    if combat.get("defender") is not None:       # player against player: both sides roll
        out["defender"] = combat.get("defender_roll")
    return out


class TurnReplayView(widgets.VBox):
    """A seeded turn replayed step by step: Back / Next buttons, Play (steps on by itself), a slider."""

    def __init__(self, replay: TurnReplay | None = None, delay: float = 0.6):
        self.replay = replay or TurnReplay()
        self.delay = delay
        last = len(self.replay.steps) - 1
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description="step",
                                        style={"description_width": "initial"})
        self.slider.add_class("pl-kop-replay-step")
        self.back = widgets.Button(description="◀ Back", layout=widgets.Layout(width="auto"))
        self.next = widgets.Button(description="Next ▶", layout=widgets.Layout(width="auto"))
        self.play = widgets.Button(description="▶ Play", layout=widgets.Layout(width="auto"))
        for button, name in ((self.back, "back"), (self.next, "next"), (self.play, "play")):
            button.add_class(f"pl-kop-replay-{name}")
        self.back.on_click(lambda _: self.go(self.slider.value - 1))
        self.next.on_click(lambda _: self.go(self.slider.value + 1))
        self.play.on_click(lambda _: self.run())
        self.board = BoardCanvas(WIDTH, HEIGHT, css_class="pl-kop-replay-board")
        self.dice = BoardCanvas(DICE_WIDTH, DICE_HEIGHT, css_class="pl-kop-replay-dice")
        self.text = widgets.HTML()
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([widgets.HBox([self.back, self.play, self.next, self.slider]), self.board, self.dice,
                          self.text])
        self.show(0)

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(self.slider.max, index))

    def run(self) -> None:
        """Play: step from here to the end (from the start when at the end)."""
        if self.slider.value == self.slider.max:
            self.go(0)
        while self.slider.value < self.slider.max:
            time.sleep(self.delay)
            self.go(self.slider.value + 1)

    def show(self, index: int) -> None:
        title, lines, state = self.replay.steps[index]
        self.board.draw("background", board_ops(state))
        rolls = roll_of(state)
        self.dice.draw("background", dice_ops(rolls or {"combat dice": None}))
        player = state.players[self.replay.player]
        where = f"({player.position[0]}, {player.position[1]})"
        self.text.value = (f"<div class='pl-kop-replay'><b>Step {index} of {self.slider.max}: {html.escape(title)}</b>"
                           "<br>" + "<br>".join(html.escape(line) for line in lines)
                           + f"<br><i>Player {self.replay.player} at {where}: {player.rum} rum, {player.cannonballs} "
                             f"cannonballs, {player.scurvy} scurvy, {player.doubloons:,} Doubloons.</i></div>")
