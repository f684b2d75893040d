"""Every notebook runs top to bottom headless; committed notebooks carry no outputs;
each game notebook has a step for every section heading of its rulebook, titled as printed: a markdown
heading in printed order, or (a lesson on screens, ``lesson_view(...)``) a rule or reference screen."""
import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from pirates_lab.core import rulebook
from pirates_lab.core import games

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
GAME_NOTEBOOKS = [nb for nb in ALL if nb.stem in games()]
CELL_TIMEOUT = 120  # seconds; the widget "stall trap" costs at most one timeout, never a hang


def markdown_headings(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            found += [m.group(1).strip() for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M)]
    return found


def is_subsequence(needles: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(any(h == n for h in it) for n in needles)


@pytest.mark.notebook
@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_notebook_runs_top_to_bottom(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=CELL_TIMEOUT, startup_timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors


@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_committed_notebooks_have_no_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert all(not c.get("outputs") and c.get("execution_count") is None
               for c in nb["cells"] if c["cell_type"] == "code"), "strip outputs before committing"


def shows_screens(path: Path) -> bool:
    """Does the notebook show its lesson on screens (the kit's LessonView)?"""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return any("lesson_view(" in "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def screen_titles(game: str) -> list[str]:
    """The rule and reference screens' titles of a game's lesson: the class path's rules, then the reference
    screens, each group in printed order (the model refuses any other order)."""
    from pirates_lab.widgets.lesson_model import Lesson

    lesson = Lesson.for_game(game)
    return [s.title for s in lesson.screens if s.kind in ("rule", "reference")]


@pytest.mark.parametrize("path", GAME_NOTEBOOKS, ids=[p.stem for p in GAME_NOTEBOOKS])
def test_game_notebook_has_a_step_for_every_rulebook_heading(path):
    headings = rulebook(path.stem).headings
    if shows_screens(path):
        titles = screen_titles(path.stem)
        assert sorted(titles) == sorted(headings), "a screen for every heading, titled exactly as printed"
        return
    shown = markdown_headings(path)
    missing = [h for h in headings if h not in shown]
    assert not missing, f"no step titled {missing}"
    assert is_subsequence(headings, shown), "steps are not in the rulebook's order"


def test_index_links_to_notebooks_that_exist():
    text = (NOTEBOOKS / "00_index.ipynb").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
    assert "01_dice_basics.ipynb" in links
    assert [link for link in links if not (NOTEBOOKS / link).exists()] == []


def test_the_screen_check_can_fail(tmp_path):
    nb = tmp_path / "x.ipynb"
    nb.write_text(json.dumps({"cells": [{"cell_type": "code", "source": ["lesson_view('plunder_2013')"]}]}))
    assert shows_screens(nb)
    nb.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": ["# Setup"]}]}))
    assert not shows_screens(nb)
    titles = screen_titles("plunder_2013")
    assert sorted(titles) == sorted(rulebook("plunder_2013").headings) and len(titles) == len(set(titles))


def test_the_heading_check_can_fail():
    assert is_subsequence(["a", "b"], ["x", "a", "y", "b"])
    assert not is_subsequence(["b", "a"], ["a", "b"])
    assert not is_subsequence(["a", "a"], ["a"])
