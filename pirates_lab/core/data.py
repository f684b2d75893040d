"""Editable data files (component lists, card values, house rules) shipped in each game package.

Data files are TOML so a person can read and edit them, with comments saying which values are
printed in the rulebook and which are our assumptions.  ``load_data(GAME,
"components.toml")`` reads ``data/components.toml`` of the game's package (``pirates_lab/<GAME>/`` for
the games here, the plug-in's own package for a game installed from outside); a path given instead
of a name reads a user's own copy.
"""
from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from .errors import InvalidInput

__all__ = ["load_data", "data_path"]


def data_path(game: str, name: str) -> Path:
    """A data file of a game: ``<its package>/data/<name>``, wherever the package is installed."""
    from .registry import game_package
    return Path(str(resources.files(game_package(game)).joinpath("data", name)))


def load_data(game: str, name: str | Path) -> dict[str, Any]:
    """Read a TOML data file of a game (by file name) or any TOML file (by path)."""
    path = Path(name) if isinstance(name, Path) or "/" in str(name) else data_path(game, name)
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise InvalidInput(f"No data file {path}") from None
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput(f"The data file {path} is not valid TOML: {error}") from None
