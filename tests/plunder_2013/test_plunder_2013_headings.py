"""One constant per rulebook heading (issue 35 item 5): the headings Plunder (2013) cites are defined once, in
``pirates_lab/plunder_2013/headings.py``, and imported everywhere else.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

from pathlib import Path

from heading_literals import heading_literals
from pirates_lab.core.rules import rulebook
from pirates_lab.plunder_2013 import headings

PACKAGE = Path(headings.__file__).parent


def test_every_heading_the_engine_cites_is_one_constant_in_headings():
    """Given the package's sources, When every string literal that is a rulebook heading is found, Then each heading
    is written once, in headings.py, and nothing else calls cite."""
    titles = {section.heading for section in rulebook(headings.GAME).sections}
    cited = {value for name, value in vars(headings).items() if name.startswith("RULE_")}
    assert cited <= titles and len(cited) == len([n for n in vars(headings) if n.startswith("RULE_")])
    found = heading_literals(PACKAGE, titles)
    assert {title: places for title, places in found.items()
            if len(places) != 1 or not places[0].startswith("headings.py:")} == {}
    assert set(found) == cited


def test_the_check_finds_a_heading_written_twice(tmp_path):
    """Given a copy of the package where a module defines "How to Play" again, Then the check names it."""
    for path in PACKAGE.glob("*.py"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "why.py").open("a", encoding="utf-8") as out:
        out.write('\nRULE_PLAY = cite(GAME, "How to Play")\n')
    titles = {section.heading for section in rulebook(headings.GAME).sections}
    found = heading_literals(tmp_path, titles)
    assert len(found["How to Play"]) == 2 and found["cite(...)"] == [f"why.py:{len((tmp_path / 'why.py').read_text().splitlines())}"]
