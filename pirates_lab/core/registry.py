"""The game registry: games register themselves, the core names none of them.

Each game package declares itself in ``pyproject.toml`` under the entry-point group
``pirates_lab.games`` (name = the package name, value = ``pirates_lab.<package>:Game``).
Its ``Game`` class carries the metadata the rest of the house needs: ``name``, ``title`` (as
printed), ``rulebook`` (file in ``seeds/``), ``notebook`` (in ``notebooks/``), ``description``
(one line for menus), ``min_players``/``max_players`` and ``playable`` (False for a package that
is still a stub).

>>> sorted(games()) == sorted(games())    # a dict: package name -> Game class
True
>>> all(cls.name == name for name, cls in games().items())
True
"""
from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points

from .errors import InvalidInput

__all__ = ["GROUP", "games", "game_class", "game_names"]

#: the entry-point group every game package registers in
GROUP = "pirates_lab.games"


@lru_cache(maxsize=None)
def _load() -> tuple:
    found = []
    for point in entry_points(group=GROUP):
        cls = point.load()
        if getattr(cls, "name", None) != point.name:
            raise RuntimeError(f"The entry point {point.name!r} loads a Game named {getattr(cls, 'name', None)!r}: "
                               "the two must match (the package name).")
        found.append((point.name, cls))
    return tuple(sorted(found, key=lambda item: getattr(item[1], "order", 100)))


def games(playable_only: bool = False) -> dict:
    """Every registered game: package name -> its ``Game`` class, in menu order."""
    return {name: cls for name, cls in _load() if cls.playable or not playable_only}


def game_names() -> list[str]:
    """The registered package names, in menu order."""
    return [name for name, _ in _load()]


def game_class(name: str):
    """The ``Game`` class registered as ``name``; InvalidInput listing the names otherwise."""
    registered = games()
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    if key not in registered:
        raise InvalidInput(f"No game called {name!r}. Games: {', '.join(registered)}.")
    return registered[key]
