"""Dependencies point one way: widgets -> pirates_lab.<game> -> pirates_lab.core.

The core imports no game, no widget and nothing of Jupyter; a game imports no other game, no
widget and nothing of Jupyter; a game's widgets import no other game.  Games register themselves
(entry points), so the core, the CLI and the classroom never name one; no module is over 600 lines.
"""
import ast
from pathlib import Path

import pytest

from pirates_lab.core import games
from pirates_lab.core.registry import GROUP

GAMES = sorted(games())

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


GAME_FOLDERS = [path.name for path in (ROOT / "pirates_lab").iterdir()
                if path.is_dir() and (path / "__init__.py").exists() and path.name not in {"core", "lab", "classroom"}]


def test_every_game_package_is_registered_and_exports_game_and_state():
    import importlib
    import sys
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][GROUP]
    registered = set(games())               # read now: a game installed from outside may be there too
    assert sorted(declared) == sorted(GAME_FOLDERS)
    assert set(GAME_FOLDERS) <= registered, f"in-tree games not registered: {set(GAME_FOLDERS) - registered}"
    for name in GAME_FOLDERS:
        package = importlib.import_module(f"pirates_lab.{name}")
        assert package.Game is games()[name] and package.Game.name == name
        assert issubclass(package.State, importlib.import_module("pirates_lab.core").State)
        assert package.Game.rulebook == f"{name}.txt" and package.Game.title


def _names_of_games():
    """Package names and printed titles of every registered game (what must not appear)."""
    found = set()
    for name, game in games().items():
        found |= {name, game.title}
    return found


NO_GAME_NAMES = [*sorted((ROOT / "pirates_lab" / "core").glob("*.py")), *sorted((ROOT / "pirates_lab" / "lab").glob("*.py")),
                 ROOT / "pirates_lab" / "cli.py",
                 *sorted((ROOT / "pirates_lab" / "classroom").glob("*.py")), ROOT / "widgets" / "kit.py",
                 ROOT / "widgets" / "menu.py"]


@pytest.mark.parametrize("path", NO_GAME_NAMES, ids=lambda p: p.name)
def test_the_core_cli_and_classroom_name_no_game(path):
    text = path.read_text(encoding="utf-8")
    import re
    named = sorted(name for name in _names_of_games()
                   if re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w(])", text))
    assert named == [], f"{path.name} names {named}: read them from the registry instead"


def test_the_name_check_can_fail(tmp_path):
    import re
    name = GAMES[0]
    assert re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w(])", f"x = '{name}'")


@pytest.mark.parametrize("path", sorted(p for p in (ROOT / "pirates_lab").rglob("*.py")) +
                         sorted((ROOT / "widgets").glob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 600, f"{path.relative_to(ROOT)} has {lines} lines: split it by rulebook chapter"


@pytest.mark.parametrize("path", sorted((ROOT / "pirates_lab" / "core").glob("*.py")), ids=lambda p: p.name)
def test_core_imports_no_game_and_no_jupyter(path):
    forbidden = ["pirates_lab.widgets", *(f"pirates_lab.{g}" for g in GAMES), *JUPYTER]
    assert offending(path, forbidden) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_games_import_no_other_game_and_no_widgets(game):
    forbidden = ["pirates_lab.widgets", *(f"pirates_lab.{g}" for g in GAMES if g != game), *JUPYTER]
    for path in (ROOT / "pirates_lab" / game).rglob("*.py"):
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


def duplicate_test_names(folder: Path) -> dict[str, list[str]]:
    """Test modules sharing a file name: pytest (no packages under tests/) imports only the first, so the
    second folder's file stops the whole run at collection ("import file mismatch")."""
    seen: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("test_*.py")):
        seen.setdefault(path.name, []).append(str(path.relative_to(folder)))
    return {name: paths for name, paths in seen.items() if len(paths) > 1}


def test_test_files_have_unique_names():
    assert duplicate_test_names(ROOT / "tests") == {}


def test_the_duplicate_scan_can_fail(tmp_path):
    for game in ("a", "b"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "test_lessons.py").write_text("")
    (tmp_path / "a" / "test_a_only.py").write_text("")
    assert duplicate_test_names(tmp_path) == {"test_lessons.py": ["a/test_lessons.py", "b/test_lessons.py"]}
