"""The game registry: games register themselves, the core names none of them.

Each game package declares itself under the entry-point group ``pirates_lab.games`` (name = the
game's name, value = ``<its package>:Game``): the games in this repository in ``pyproject.toml``,
a game from outside in its own distribution's metadata (a plug-in: ``pip install`` it and it is
listed in the CLI, the classroom menu and the strategy lab).
Its ``Game`` class carries the metadata the rest of the house needs: ``name``, ``title`` (as
printed), ``rulebook`` (its file), ``notebook`` (in ``notebooks/``), ``description`` (one line for
menus), ``min_players``/``max_players`` and ``playable`` (False for a package that is still a stub).
A game's lesson (``data/lessons.toml`` in its package) names its demos and answers; the functions are
registered under the game's name in the group ``pirates_lab.lesson_demos`` (:data:`DEMOS_GROUP`), by the
game's front-end or by the plug-in itself: a lesson file names no Python module.
A game's own files (its rulebook, ``data/*.toml``, ``data/lessons.toml``) are found through its
package (:func:`game_package`, with :mod:`importlib.resources`), wherever it is installed.

>>> sorted(games()) == sorted(games())    # a dict: package name -> Game class
True
>>> all(cls.name == name for name, cls in games().items())
True
"""
from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points
from importlib.util import find_spec

from .errors import InvalidInput

__all__ = ["GROUP", "DEMOS_GROUP", "games", "game_class", "game_names", "game_package", "refresh", "registered"]

#: the entry-point group every game package registers in
GROUP = "pirates_lab.games"
#: the entry-point group of lesson demos: name = a game's (or a lesson's) name, value = the module holding the
#: functions its lesson file names as demos and answers (a front-end's module, or a plug-in's own: the core never
#: imports it, so a game package stays free of Jupyter)
DEMOS_GROUP = "pirates_lab.lesson_demos"


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


@lru_cache(maxsize=None)
def _packages() -> dict:
    """Game name -> the package its entry point names (read from metadata: no game is imported)."""
    found = {}
    for point in entry_points(group=GROUP):
        module = point.value.split(":")[0].strip()
        spec = find_spec(module)
        is_package = spec is not None and spec.submodule_search_locations is not None
        found[point.name] = module if is_package else module.rpartition(".")[0] or module
    return found


@lru_cache(maxsize=None)
def _registered(group: str) -> tuple:
    return tuple(sorted((point.name, point.value.strip()) for point in entry_points(group=group)))


def registered(group: str) -> dict[str, str]:
    """Name -> value (``module`` or ``module:attribute``) of every entry point in ``group``, read from the
    installed metadata: nothing is imported.

    >>> registered(DEMOS_GROUP).get("no_such_game") is None and registered("no.such.group") == {}
    True
    """
    return dict(_registered(group))


def game_package(name: str) -> str:
    """The package of the game registered as ``name`` (``pirates_lab.<name>`` for an unregistered name).

    >>> all(game_package(name).endswith(name) for name in game_names())
    True
    """
    return _packages().get(name, f"pirates_lab.{name}")


def refresh() -> None:
    """Read the registry again (after a game was installed or removed while Python runs)."""
    from . import rules
    _load.cache_clear()
    _packages.cache_clear()
    _registered.cache_clear()
    rules.forget()


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
