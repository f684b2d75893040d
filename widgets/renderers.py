"""Which board :class:`~pirates_lab.widgets.GameTable` draws for a game: the renderer registry.

Each game's front-end registers its renderer in ``pyproject.toml`` (the kit names no game)::

    [project.entry-points."pirates_lab.renderers"]
    plunder_2013 = "pirates_lab.widgets.plunder_2013:Plunder2013Renderer"

The name is the game's registered name (its package); the value is a renderer class or factory,
called with the core ``Game`` if its first parameter is named ``game``, else with no argument.  ``GameTable(game)`` with no
renderer picks the registered one; a game without one gets :class:`~.table_render.TextRenderer`
(the observation in words).  After editing ``pyproject.toml``, reinstall (``pip install -e .``)
so the entry point is seen.

>>> sorted(registered()) == sorted(set(registered()))
True
>>> type(renderer_for("no_such_game")).__name__
'TextRenderer'
"""
from __future__ import annotations

import inspect
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any

from .table_render import TextRenderer

__all__ = ["GROUP", "registered", "renderer_for", "game_name"]

#: the entry-point group every game front-end registers its GameTable renderer in
GROUP = "pirates_lab.renderers"


@lru_cache(maxsize=None)
def _points() -> tuple:
    return tuple((point.name, point) for point in entry_points(group=GROUP))


def registered() -> dict[str, Any]:
    """Game name -> its registered renderer factory (loaded now)."""
    return {name: point.load() for name, point in _points()}


def game_name(game: Any) -> str | None:
    """The registered name of a game given as a name, a Game class or a Game."""
    if isinstance(game, str):
        return game.strip().lower().replace("-", "_").replace(" ", "_")
    return getattr(game, "name", None) or getattr(type(game), "name", None)


def _takes_game(factory) -> bool:
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return False
    first = next(iter(parameters), None)
    return first is not None and first.name == "game"


def renderer_for(game: Any) -> Any:
    """The registered renderer of ``game`` (a name, a Game class or a Game), else a TextRenderer.

    A renderer that cannot be built raises: a registered board that fails is a bug to see, not to hide."""
    name = game_name(game)
    points = dict(_points())
    if name not in points:
        return TextRenderer()
    factory = points[name].load()
    if _takes_game(factory) and not isinstance(game, str):
        return factory(game if not isinstance(game, type) else game())
    return factory()
