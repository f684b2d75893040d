"""Dependencies point one way: widgets -> pirates_lab.<game> -> pirates_lab.core.

The core imports no game, no widget and nothing of Jupyter; a game imports no other game, no
widget and nothing of Jupyter; a game's widgets import no other game.
"""
import ast
from pathlib import Path

import pytest

from pirates_lab.core.rules import GAMES

ROOT = Path(__file__).resolve().parents[1]
JUPYTER = ("ipywidgets", "ipycanvas", "IPython", "traitlets", "voila", "jupyter", "nbformat", "nbclient")


def package_of(path: Path) -> str:
    if path.parent == ROOT / "widgets":
        return "pirates_lab.widgets"
    return ".".join(path.relative_to(ROOT).parts[:-1])


def imports(path: Path, package: str | None = None) -> set[str]:
    """Absolute names of every module ``path`` imports (relative imports resolved)."""
    names = set()
    package = package or package_of(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            else:
                names.add(node.module)
    return names


def offending(path: Path, forbidden, package: str | None = None) -> list[str]:
    return sorted(name for name in imports(path, package)
                  if any(name == f or name.startswith(f + ".") for f in forbidden))


@pytest.mark.parametrize("path", sorted((ROOT / "pirates_lab" / "core").glob("*.py")), ids=lambda p: p.name)
def test_core_imports_no_game_and_no_jupyter(path):
    forbidden = ["pirates_lab.widgets", *(f"pirates_lab.{g}" for g in GAMES), *JUPYTER]
    assert offending(path, forbidden) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_games_import_no_other_game_and_no_widgets(game):
    forbidden = ["pirates_lab.widgets", *(f"pirates_lab.{g}" for g in GAMES if g != game), *JUPYTER]
    for path in (ROOT / "pirates_lab" / game).glob("*.py"):
        assert offending(path, forbidden) == [], path.name


@pytest.mark.parametrize("game", sorted(GAMES))
def test_game_widgets_import_only_their_own_game(game):
    path = ROOT / "widgets" / f"{game}.py"
    if not path.exists():
        pytest.skip(f"{game} has no widgets yet")
    assert offending(path, [f"pirates_lab.{g}" for g in GAMES if g != game]) == []


def test_the_import_scan_can_fail(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text("import ipywidgets.widgets\nfrom ..king_of_pirates import game\nfrom . import dist\n")
    found = offending(bad, ["ipywidgets", "pirates_lab.king_of_pirates"], package="pirates_lab.core")
    assert found == ["ipywidgets.widgets", "pirates_lab.king_of_pirates"]
