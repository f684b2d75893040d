"""The rulebooks' strategy tips as questions a tournament answers.

Each game lists its tips in its ``policies.py`` as ``TIPS``: plain dicts with the rulebook
``heading`` (cited exactly as printed), the ``quote``, the ``question``, the policy that follows the
tip (``tip``), the one it is measured ``against``, ``players`` and a default number of ``games``.
The tip's player takes one seat and the other seats go to the ``against`` policy; seats rotate.

:func:`tips` gathers them from every registered game (the lab names none); :func:`answer` plays
the tournament and words a verdict from the numbers: the tip's win rate and its confidence
interval against the fair share ``1/players`` an equal player would get.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from pirates_lab.core import games as registered_games
from pirates_lab.core.report import percent

from .policies import ObservationMissing, game_package, make_policy
from .results import Results
from .tournament import tournament

__all__ = ["Tip", "Answer", "tips", "answer"]


@dataclass(frozen=True)
class Tip:
    """One rulebook tip, as a question for a tournament."""

    game: str            # registered package name
    title: str           # the game's printed title
    heading: str
    quote: str
    question: str
    tip: str
    against: str
    players: int = 2
    games: int = 40
    options: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        """A short name for charts: the game's title and the tip's policy."""
        return f"{self.title}: {self.tip.replace('_', ' ')}"


def tips(game: str | None = None) -> list[Tip]:
    """Every tip of every registered game (or of one game), in menu order."""
    found = []
    for name, cls in registered_games().items():
        if game is not None and name != game:
            continue
        module_name = game_package(cls) + ".policies"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            continue
        for raw in getattr(module, "TIPS", []):
            found.append(Tip(game=name, title=cls.title, **raw))
    return found


@dataclass(frozen=True)
class Answer:
    """A tip's tournament and what it says; ``problem`` explains a tip that could not be played."""

    tip: Tip
    results: Results | None = None
    problem: str | None = None

    @property
    def label(self) -> str:
        return self.results.labels[0] if self.results else self.tip.tip

    @property
    def rate(self) -> float | None:
        return float(self.results.win_rate(self.label)) if self.results else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return self.results.interval(self.label) if self.results else None

    @property
    def holds(self) -> bool | None:
        """True if the tip's player does better than an equal player, False if worse, None if unclear."""
        if not self.results:
            return None
        return {"better": True, "worse": False}.get(self.results.verdict(self.label))

    def verdict(self) -> str:
        """The answer in words, from the numbers."""
        tip = self.tip
        if self.problem:
            return f"Not tested yet: {self.problem}"
        results = self.results
        fair = results.fair_share
        low, high = self.interval
        rate = self.results.win_rate(self.label)
        others = "the other player" if tip.players == 2 else f"{tip.players - 1} {tip.against.replace('_', ' ')} players"
        numbers = (f"the {tip.tip.replace('_', ' ')} player won {percent(rate)} of {results.games} games against "
                   f"{others} (95% interval {low:.0%} to {high:.0%}); an equal player would win {percent(fair)}")
        if self.holds is True:
            return f"The tip holds: {numbers}."
        if self.holds is False:
            return f"The tip does not hold here, it backfires: {numbers}."
        return f"Not clear from {results.games} games: {numbers}. More games would tell."


def answer(tip: Tip, games: int | None = None, seed: Any = 0, executor=None, progress: bool = False,
           max_steps: int = 20_000) -> Answer:
    """Play the tip's tournament; a game that cannot be played yet gives an Answer with a ``problem``."""
    cls = registered_games()[tip.game]
    try:
        game = cls(players=tip.players, **tip.options)
        policies = [make_policy(game, tip.tip)] + [make_policy(game, tip.against) for _ in range(tip.players - 1)]
        labels = [tip.tip] + [tip.against if tip.players == 2 else f"{tip.against} {i}" for i in range(1, tip.players)]
        results = tournament(game, dict(zip(labels, policies)), games=games or tip.games, seed=seed,
                             executor=executor, progress=progress, max_steps=max_steps)
    except ObservationMissing as error:
        return Answer(tip, problem=str(error))
    except (NotImplementedError, TypeError, AttributeError, KeyError) as error:  # an engine being rebuilt
        return Answer(tip, problem=f"{tip.title} cannot play a whole game yet ({type(error).__name__}: {error}).")
    return Answer(tip, results=results)
