"""One constant per rulebook heading (issue 35 item 5): the headings Pirates & Plunder cites are defined once, in
``pirates_lab/pirates_and_plunder/headings.py``, and imported everywhere else.  The exploration tiles are named
after their headings ("Storm", "Natives", …): a tile's name as a tile is not a heading's definition, so the
tile names are exempt from the literal count; their headings are cited from headings.py too (``RULE_OF_TILE``).

Rules: Pirates & Plunder › Exploration Tiles
"""
from __future__ import annotations

from pathlib import Path

from heading_literals import heading_literals
from pirates_lab.core.rules import rulebook
from pirates_lab.pirates_and_plunder import headings
from pirates_lab.pirates_and_plunder.exploration import ISLAND_TILES, SEA_TILES

PACKAGE = Path(headings.__file__).parent
TITLES = {section.heading for section in rulebook(headings.GAME).sections}


def test_every_heading_the_engine_cites_is_one_constant_in_headings():
    """Given the package's sources, When every string literal that is a rulebook heading is found, Then each heading
    that is not also a tile's name is written once, in headings.py; nothing else calls cite; every exploration
    tile's heading is a constant there."""
    rules = {name: value for name, value in vars(headings).items() if name.startswith("RULE_") and name != "RULE_OF_TILE"}
    assert set(rules.values()) <= TITLES and len(set(rules.values())) == len(rules)
    assert set(headings.RULE_OF_TILE) == set(SEA_TILES + ISLAND_TILES) <= set(rules.values())
    found = heading_literals(PACKAGE, TITLES - set(SEA_TILES + ISLAND_TILES))
    assert {title: places for title, places in found.items()
            if len(places) != 1 or not places[0].startswith("headings.py:")} == {}


def test_the_check_finds_a_heading_written_twice(tmp_path):
    """Given a copy of the package where odds.py defines "Drawing and Placing Land Tiles" again (as it once did),
    Then the check names both places and the second cite."""
    for path in PACKAGE.glob("*.py"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "odds.py").open("a", encoding="utf-8") as out:
        out.write('\nRULE_DRAWING = cite(GAME, "Drawing and Placing Land Tiles")\n')
    found = heading_literals(tmp_path, TITLES)
    assert len(found["Drawing and Placing Land Tiles"]) == 2 and len(found["cite(...)"]) == 1
