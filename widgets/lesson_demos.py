"""Where a lesson's demos and answers come from: the registry, never the lesson file.

A lesson file names no Python module.  The functions its screens name (``demo = "setup_table"``,
``answer = "deals_at_start"``) are found through the entry-point group ``pirates_lab.lesson_demos``
(:data:`pirates_lab.core.registry.DEMOS_GROUP`) under the lesson's game (``game = "plunder_2013"``) or, for a
lesson that is no game, under the lesson's own name (``dice_basics`` for ``dice_basics.toml``).  The games of
this repository register their front-end's lesson module in ``pyproject.toml``; a plug-in registers its own
(plain functions returning values the kit shows: numbers, a ``Dist``, a table).

>>> demos_for("no_such_game") is None
True
"""
from __future__ import annotations

import importlib
from types import ModuleType

from pirates_lab.core.registry import DEMOS_GROUP, registered

__all__ = ["demos_for", "demo_names"]


def demos_for(name: str | None) -> ModuleType | None:
    """The module registered as ``name``'s lesson demos (imported now), or None when none is registered.

    An entry point that cannot be imported raises ImportError naming it (a broken install is said, not hidden).
    """
    if not name:
        return None
    value = registered(DEMOS_GROUP).get(str(name))
    if value is None:
        return None
    module, _, attribute = value.partition(":")
    loaded = importlib.import_module(module.strip())
    return getattr(loaded, attribute.strip()) if attribute else loaded


def demo_names() -> list[str]:
    """The names that have lesson demos registered (games and the kit's own lessons)."""
    return sorted(registered(DEMOS_GROUP))
