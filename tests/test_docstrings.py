"""The examples in docstrings are run: documentation that cannot drift from the code."""
import doctest
import importlib

import pytest

MODULES = [
    "pirates_lab.core.dist", "pirates_lab.core.deck", "pirates_lab.core.markov", "pirates_lab.core.rules",
    "pirates_lab.core.errors", "pirates_lab.core.saveload", "pirates_lab.core.notation",
    "pirates_lab.core.compare",
    "pirates_lab.widgets.drawing", "pirates_lab.widgets.kit", "pirates_lab.widgets.canvas",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"Dist": importlib.import_module("pirates_lab.core").Dist,
                                                 "json": importlib.import_module("json"),
                                                 "Fraction": importlib.import_module("fractions").Fraction})
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no examples"


def test_readme_examples():
    from pathlib import Path

    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.failed == 0 and result.attempted >= 3
