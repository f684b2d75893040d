"""The examples in docstrings are run: documentation that cannot drift from the code.

Every module of the package and the widgets with a ``>>>`` example is found and tested.
"""
import doctest
import importlib
from fractions import Fraction
import json
from pathlib import Path

import pytest

from pirates_lab.core import Dist

ROOT = Path(__file__).resolve().parents[1]


def modules_with_examples():
    found = []
    for folder, package in (("pirates_lab", "pirates_lab"), ("widgets", "pirates_lab.widgets")):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                parts = path.relative_to(ROOT / folder).with_suffix("").parts
                parts = parts[:-1] if parts[-1] == "__init__" else parts
                found.append(".".join((package,) + parts))
    return found


MODULES = modules_with_examples()


def test_the_core_modules_are_found():
    assert {"pirates_lab.core.dist", "pirates_lab.core.markov", "pirates_lab.widgets.kit"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"Dist": Dist, "json": json, "Fraction": Fraction})
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no examples"


def test_readme_examples():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.failed == 0 and result.attempted >= 3
