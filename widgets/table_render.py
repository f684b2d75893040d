"""Renderers for :class:`~pirates_lab.widgets.table.GameTable`, and the default :class:`TextRenderer`.

The renderer protocol (duck-typed; only ``draw`` is required):

- ``draw(observation: dict, player: int) -> Drawing | iterable of DrawOp`` — the board as the
  seat ``player`` sees it.  The observation is all it gets (never the state), so a renderer
  cannot show a hidden card by mistake.  Pure: tests check the operations.
- ``hand(observation, player) -> list[str]`` — optional: the cards (or pieces) in "your hand".
- ``click(observation, player, x, y, legal_actions) -> action | None`` — optional: the action a
  click at canvas point (x, y) means, or None for "nothing there".
- ``width``, ``height`` — optional attributes: the canvas size in pixels (default 480 x 360).

>>> ops = TextRenderer().draw({"day": 3, "clues_seen": ["Skull", "Palm"], "asked": True}, 0)
>>> [op.args[0] for op in ops if op.kind == "text"]
['What Player 1 sees', 'Day: 3', 'Clues seen: Skull, Palm', 'Asked: yes']
>>> describe_value({"island": {"1": 3, "2": 0}, "trap": []})
'Island: 1: 3, 2: 0; Trap: none'
"""
from __future__ import annotations

import copy
import random
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from pirates_lab.core import IllegalMove, play
from pirates_lab.core.loop import DECISION

from .drawing import Drawing, DrawOp
from .table_model import seat_name

__all__ = ["TextRenderer", "curtain_ops", "check_renderer", "describe_observation", "describe_value", "humanise",
           "render_ops", "DEFAULT_WIDTH", "DEFAULT_HEIGHT"]

DEFAULT_WIDTH, DEFAULT_HEIGHT = 480, 360
#: observation keys the table shows in its own panes (the log, the hand, the scores)
SHOWN_ELSEWHERE = ("log", "hand", "scores")


def humanise(key: Any) -> str:
    """``"crew_cards"`` -> ``"Crew cards"``."""
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def describe_value(value: Any) -> str:
    """A JSON-plain value in words: yes/no, lists joined by commas, dicts as "Key: value", records by " | "."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float, str)):
        return str(value)
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        if all(not isinstance(v, (list, tuple, dict)) for v in value):
            return ", ".join(describe_value(v) for v in value)
        return " | ".join(describe_value(v) for v in value)      # records: one after another
    if isinstance(value, dict):
        if not value:
            return "none"
        if all(not isinstance(v, (list, tuple, dict)) for v in value.values()):
            return ", ".join(f"{k}: {describe_value(v)}" for k, v in value.items())
        return "; ".join(f"{humanise(k)}: {describe_value(v)}" for k, v in value.items())
    return str(value)


def describe_observation(observation: dict, skip: Sequence[str] = SHOWN_ELSEWHERE) -> list[str]:
    """One line per key of the observation, in words ("Crew cards: 3"), keys in ``skip`` left out."""
    return [f"{humanise(key)}: {describe_value(value)}" for key, value in observation.items() if key not in skip]


class TextRenderer:
    """The default renderer: the observation in readable words on a parchment card.

    Works for any game with no renderer of its own yet.  ``hand`` reads the observation's
    ``"hand"`` (a list) if it has one.
    """

    def __init__(self, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT, *, font_size: int = 14,
                 skip: Sequence[str] = SHOWN_ELSEWHERE):
        self.width, self.height = width, height
        self.font_size = font_size
        self.skip = tuple(skip)

    def lines(self, observation: dict, player: int) -> list[str]:
        """The text lines drawn (wrapped to the card; cut with "…" where the card ends)."""
        columns = max(10, int((self.width - 24) / (self.font_size * 0.5)))
        rows = max(1, int((self.height - 20) / (self.font_size * 1.4)))
        lines = [f"What {seat_name(player)} sees"]
        for line in describe_observation(observation, self.skip) or ["(nothing to see yet)"]:
            lines.extend(textwrap.wrap(line, columns, subsequent_indent="    ") or [""])
        if len(lines) > rows:
            lines = lines[:rows - 1] + [f"… {len(lines) - rows + 1} more lines"]
        return lines

    def draw(self, observation: dict, player: int) -> tuple[DrawOp, ...]:
        d = Drawing().clear().rect(0, 0, self.width, self.height, fill="#fbf7ef", stroke="#8b5a2b", width=2)
        step = self.font_size * 1.4
        for row, line in enumerate(self.lines(observation, player)):
            font = f"{'bold ' if row == 0 else ''}{self.font_size}px sans-serif"
            d.text(line, 12, 10 + step * (row + 0.5), fill="#3b2a14", font=font)
        return d.ops

    def hand(self, observation: dict, player: int) -> list[str]:
        cards = observation.get("hand")
        if isinstance(cards, list):
            return [describe_value(card) for card in cards]
        return []


def render_ops(drawn: Drawing | Iterable[DrawOp]) -> tuple[DrawOp, ...]:
    """What a renderer's ``draw`` returned, as a tuple of DrawOp (a TypeError with a sentence if not)."""
    ops = drawn.ops if isinstance(drawn, Drawing) else tuple(drawn)
    for op in ops:
        if not isinstance(op, DrawOp):
            raise TypeError(f"A renderer's draw() returns Drawing operations (DrawOp), not {type(op).__name__}.")
    return ops


def curtain_ops(width: int, height: int, name: str) -> tuple[DrawOp, ...]:
    """The board hidden while the screen passes to ``name`` (several people at one screen)."""
    d = Drawing().clear().rect(0, 0, width, height, fill="#2f3e4e")
    d.text(f"Pass the screen to {name}", width / 2, height / 2 - 12, fill="#ffffff", font="bold 18px sans-serif",
           align="center")
    d.text("(everyone else looks away)", width / 2, height / 2 + 16, fill="#dde6ee", font="14px sans-serif",
           align="center")
    return d.ops


def check_renderer(renderer, game, seeds: Iterable[int] = range(3), max_steps: int = 2000, every: int = 5,
                   clicks: int = 12) -> int:
    """Play seeded random games of ``game`` and check ``renderer`` at every ``every``-th decision, for
    every seat: ``draw`` returns DrawOps and is pure (the same observation, the same ops, and the
    observation is not changed); ``hand`` gives strings; ``click`` at ``clicks`` points gives None or
    an action the rules accept.  For a game's renderer tests; returns how many views were checked.
    """
    checked = 0
    size = (getattr(renderer, "width", DEFAULT_WIDTH), getattr(renderer, "height", DEFAULT_HEIGHT))
    for seed in seeds:
        clicks_rng = random.Random(seed + 1_000_003)     # the clicks' own rng: the game is the same with or without
        through = play(game.new_initial_state(), None, random.Random(seed), max_steps=max_steps)
        decisions = 0
        for step in through:
            if step.kind == DECISION:
                if decisions % every == 0:
                    for seat in range(game.players):
                        _check_view(renderer, step.state, seat, clicks_rng, size, clicks)
                        checked += 1
                decisions += 1
        for seat in range(game.players):          # the end (or the cap), as each seat sees it
            _check_view(renderer, through.state, seat, clicks_rng, size, clicks)
            checked += 1
    return checked


def _check_view(renderer, state, seat: int, rng: random.Random, size: tuple[int, int], clicks: int) -> None:
    observation = state.observation(seat)
    before = copy.deepcopy(observation)
    ops = render_ops(renderer.draw(observation, seat))
    assert observation == before, f"draw() changed the observation of seat {seat}"
    assert render_ops(renderer.draw(copy.deepcopy(before), seat)) == ops, f"draw() is not pure for seat {seat}"
    if callable(getattr(renderer, "hand", None)):
        cards = renderer.hand(observation, seat)
        assert isinstance(cards, list) and all(isinstance(c, str) for c in cards), f"hand() of seat {seat}: {cards!r}"
    click = getattr(renderer, "click", None)
    if not callable(click) or state.current_player() != seat:
        return
    legal = tuple(state.legal_actions())
    points = [(0, 0), (size[0] / 2, size[1] / 2)] + [(rng.uniform(0, size[0]), rng.uniform(0, size[1]))
                                                     for _ in range(clicks)]
    for x, y in points:
        chosen = click(observation, seat, x, y, legal)
        if chosen is not None:
            try:
                state.check(chosen)
            except IllegalMove as error:
                raise AssertionError(f"click at ({x:.0f}, {y:.0f}) for seat {seat} gave {chosen!s}: {error}") from None
