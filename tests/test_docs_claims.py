"""Every figure in the docs that code can check is checked here (issue 25): a doc that disagrees fails.

Counts of games and notebooks, the notebooks each game has, timeouts, the strategy lab's verdicts with
their game counts, closed forms, and the index notebook's lesson menu (Markdown, so it shows before any
cell runs).  When the menu changes (a lesson moves to screens), write it again with

    .venv/bin/python tests/test_docs_claims.py --write-index
"""
from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
INDEX = NOTEBOOKS / "00_index.ipynb"
MENU_START = "<!-- lesson menu: written by tests/test_docs_claims.py --write-index from the registry -->"


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def words(text: str) -> str:
    """Markdown as one line of words (line breaks inside a sentence do not matter)."""
    return " ".join(text.split())


# ---------------------------------------------------------------- the index notebook's lesson menu
def length_words(row) -> str:
    if not row.screens:
        return "one long page (screens to come)"
    more = f" + {row.references} reference" if row.references else ""
    return f"{row.screens} screens{more} · {row.minutes} minutes"


def menu_markdown() -> str:
    """The lesson menu as a Markdown table, from the registry (``widgets.menu.menu_rows``)."""
    from pirates_lab.widgets.menu import menu_rows

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [MENU_START, "", "| lesson | what it shows | length | level |", "|---|---|---|---|"]
    for row in menu_rows(NOTEBOOKS):
        name = f"[{cell(row.title)}]({row.file})" if row.file else f"{cell(row.title)} *(not built yet)*"
        lines.append(f"| **{name}** | {cell(row.description)} | {length_words(row)} | {cell(row.level)} |")
    return "\n".join(lines)


def menu_cells(nb: dict) -> list[int]:
    return [i for i, c in enumerate(nb["cells"])
            if c["cell_type"] == "markdown" and "".join(c["source"]).startswith(MENU_START)]


def write_index() -> None:
    nb = json.loads(read(INDEX))
    (i,) = menu_cells(nb)
    text = menu_markdown()
    nb["cells"][i]["source"] = [line + "\n" for line in text.split("\n")[:-1]] + [text.split("\n")[-1]]
    INDEX.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_the_index_menu_is_markdown_and_current():
    nb = json.loads(read(INDEX))
    found = menu_cells(nb)
    assert len(found) == 1, "the index has one Markdown lesson menu"
    shown = "".join(nb["cells"][found[0]]["source"])
    assert shown == menu_markdown(), ("the index's lesson menu differs from the registry: "
                                      ".venv/bin/python tests/test_docs_claims.py --write-index")


def test_the_menu_lists_every_lesson_once():
    from pirates_lab.classroom import lessons

    text = menu_markdown()
    for lesson in lessons().values():
        assert text.count(f"**[{lesson.title}]") + text.count(f"**{lesson.title} *(not") == 1, lesson.title


if __name__ == "__main__" and sys.argv[1:] == ["--write-index"]:
    write_index()
    print(f"wrote the lesson menu of {INDEX.relative_to(ROOT)}")
