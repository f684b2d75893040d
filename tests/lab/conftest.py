"""Fixtures of the strategy lab's tests."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parents[1] / "plugin"


@pytest.fixture()
def skull(monkeypatch):
    """The plug-in installed for one test (then removed, and the registry read again), as test_core_plugin does."""
    from pirates_lab.core import registry
    monkeypatch.syspath_prepend(str(PLUGIN))
    registry.refresh()
    import skull_dice
    import skull_dice.policies
    yield skull_dice
    monkeypatch.undo()
    for name in [m for m in sys.modules if m == "skull_dice" or m.startswith("skull_dice.")]:
        del sys.modules[name]
    registry.refresh()
