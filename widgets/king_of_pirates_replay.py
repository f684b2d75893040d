"""King of Pirates turn replay: one whole turn of a seeded game, step by step: the board, the combat dice
drawn as dice (not "(6, 5)" text), what each step did in words (players numbered from 1 with their
colour), and Back / Play / Next.  Pure drawing in :func:`dice_ops` (tested without a browser).

Rules: King of Pirates › Phases of a Turn
Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

import html
import random
import time

import ipywidgets as widgets

from pirates_lab.core import play
from pirates_lab.core.loop import CHANCE_STEP
from pirates_lab.king_of_pirates.game import Accept, Attack, Done, Game, Pass, Sail

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .king_of_pirates import COMPACT, board_ops, seat_name

__all__ = ["dice_ops", "roll_of", "TurnReplay", "TurnReplayView", "CHANCE_NAMES", "DICE_WIDTH", "DICE_HEIGHT"]

DICE_WIDTH, DICE_HEIGHT = 300, 90
#: pips of each face, on a 3x3 grid (column, row)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}

#: What each chance step is, in words.
CHANCE_NAMES = {"upkeep_draw": "an action card is drawn", "setup_hand": "an action card is drawn",
                "compass": "the Compass Die", "upkeep_die": "the Upkeep Die", "reveal": "a tile is turned over",
                "attacker_roll": "the combat dice", "defender_roll": "the combat dice", "reroll_die": "a die is re-rolled",
                "loot": "a loot card", "relocate": "the Compass Die (to a Pirates Lair)",
                "lair_draw": "a pirate card is drawn", "setup_draw": "a pirate card is drawn"}


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


def roll_of(seen: dict) -> dict[str, tuple[int, int] | None]:
    """The combat dice on the table in a seat's observation (empty when no combat is going on)."""
    combat = seen.get("combat") or {}
    if not combat:
        return {}
    def dice(roll):
        return None if roll is None else tuple(roll)
    out = {"attacker": dice(combat.get("attacker_roll"))}
    if combat.get("defender") is not None:       # player against player: both sides roll
        out["defender"] = dice(combat.get("defender_roll"))
    return out


def _outcome(value) -> str:
    """A chance outcome in words: dice as "6 and 5"."""
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        return " and ".join(str(v) for v in value)
    return str(value)


class TurnReplay:
    """A seeded random game; every step of one player's turn as (what happened, log lines, what that player
    sees then: its observation).

    >>> replay = TurnReplay(seed=1)
    >>> replay.steps[0][0]
    "The start of Player 1 (red)'s turn"
    """

    def __init__(self, seed: int = 1, players: int = 2, turn: int = 0):
        rng = random.Random(seed)
        start = Game(players=players, max_turns=3).new_initial_state()
        state = play(start, None, rng, until=lambda now: not now.phase.startswith("setup")).run()     # the setup
        for _ in range(turn):
            mover = state.current
            state = play(state, lively, rng, until=lambda now: now.current != mover).run()
        self.player = state.current
        self.steps: list[tuple[str, list[str], dict]] = [(f"The start of {seat_name(self.player)}'s turn", [],
                                                          state.observation(self.player))]
        for step in play(state, lively, rng, until=lambda now: now.current != self.player):
            if step.kind == CHANCE_STEP:
                what = f"{CHANCE_NAMES.get(step.state.phase.name, 'chance')}: {_outcome(step.action)}"
            else:
                what = f"{seat_name(step.player)}: {step.action}"
            self.steps.append((what, step.after.log[len(step.state.log):], step.after.observation(self.player)))


def lively(view, rng):
    """A livelier replay's seats: sail rather than stop, attack rather than end the turn, pass on cards."""
    actions = view.legal_actions
    for preferred in (Attack, Sail):
        choice = [a for a in actions if isinstance(a, preferred)]
        if choice:
            return rng.choice(choice)
    for preferred in (Pass, Done, Accept):
        if preferred() in actions:
            return preferred()
    return rng.choice(actions)


class TurnReplayView(widgets.HBox):
    """A seeded turn replayed step by step: the board; beside it Back / Play / Next, a slider, the dice and what
    the step did."""

    def __init__(self, replay: TurnReplay | None = None, delay: float = 0.4):
        self.replay = replay or TurnReplay()
        self.delay = delay
        self.slider = widgets.IntSlider(value=1, min=1, max=len(self.replay.steps), description="step",
                                        continuous_update=False,
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
        self.board = BoardCanvas(COMPACT.width, COMPACT.height, css_class="pl-kop-replay-board")
        self.dice = BoardCanvas(DICE_WIDTH, DICE_HEIGHT, css_class="pl-kop-replay-dice")
        self.text = widgets.HTML()
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        buttons = widgets.HBox([self.back, self.play, self.next], layout=widgets.Layout(flex_flow="row wrap"))
        side = widgets.VBox([buttons, self.slider, self.text, self.dice],
                            layout=widgets.Layout(flex="1 1 20em", min_width="0", max_width="100%"))
        super().__init__([self.board, side], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                   max_width="100%"))
        self.add_class("pl-kop-replay-view")
        self.show(1)

    def go(self, index: int) -> None:
        self.slider.value = max(self.slider.min, min(self.slider.max, index))

    def run(self) -> None:
        """Play: step from here to the end (from the start when at the end)."""
        if self.slider.value == self.slider.max:
            self.go(self.slider.min)
        while self.slider.value < self.slider.max:
            time.sleep(self.delay)
            self.go(self.slider.value + 1)

    def show(self, index: int) -> None:
        """Show step ``index``, counted from 1 as the slider and the caption count."""
        title, lines, seen = self.replay.steps[index - 1]
        self.board.draw("background", board_ops(seen, layout=COMPACT))
        rolls = roll_of(seen)
        self.dice.draw("background", dice_ops(rolls or {"combat dice": None}))
        player = seen["players"][self.replay.player]
        said = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
        self.text.value = (f"<div class='pl-kop-replay'><b>Step {index} of {self.slider.max}: {html.escape(title)}</b>"
                           f"{said}<div style='color:#555'>{html.escape(seat_name(self.replay.player))}: "
                           f"{player['rum']}&nbsp;Rum, {player['cannonballs']}&nbsp;Cannonballs, "
                           f"{player['scurvy']}&nbsp;Scurvy, {player['doubloons']:,}&nbsp;Doubloons.</div></div>")     # a number never parted from its unit
