"""The Plunder deck as data: complete, checked, and refused when broken.

Rules: Plunder › Setup
"""
from pathlib import Path

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.plunder.components import KINDS, components, load_components

from plunder_helpers import _raw, _write

DATA = Path(__file__).resolve().parents[2] / "pirates_lab" / "plunder" / "data" / "cards.toml"


def test_the_deck_has_every_kind_the_rulebook_names():
    deck = components()
    assert {card.kind for card in deck.cards.values()} == set(KINDS)
    assert deck.size == 60
    assert deck.count("Tortuga") == 1 and deck.count("Storm") == 1
    assert sum(c.count for c in deck.of_kind("open_sea")) >= 4


def test_printed_numbers_are_the_rulebooks():
    rules = components().rules
    assert (rules["silver_per_captain"], rules["win_silver"], rules["hand_size"], rules["move_below"]) == (5, 60, 6, 7)


def test_treasure_fleets_are_spanish_and_pirates_have_no_nation():
    deck = components()
    assert deck.card("Treasure Fleet").nation == "Spain"
    assert deck.card("Pirates").nation is None


def test_ports_have_a_nation_prices_and_a_garrison():
    for port in components().of_kind("port"):
        assert port.nation and port.buy and port.sell and port.garrison > 0


def test_every_value_in_the_file_is_marked_ours():
    text = DATA.read_text(encoding="utf-8")
    assert "EVERY card value in this file is OURS (ASSUMPTION)" in text
    for line in text.splitlines():
        if line.split("#")[0].strip().startswith(("silver_per_captain", "win_silver", "hand_size")):
            assert "PRINTED" in line


def _broken(tmp_path, old, new):
    path = tmp_path / "cards.toml"
    text = DATA.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,words", [
    ("win_silver = 60", "win_silver = 50", "printed"),
    ('nation = "Spain"\nbuy = { Sugar = 1', 'nation = "Spainn"\nbuy = { Sugar = 1', "not one of"),
    ('loot = "Sugar"', 'loot = "Gold"', "loot"),
    ('loot = "Sugar"', 'loot = ["Sugar", 2]', "the number indicates the quantity"),
    ("name = \"Cartagena\"", "name = \"Havana\"", "unique"),
    ("kind = \"storm\"", "kind = \"weather\"", "kind"),
    ("speed = 4\ncannon = 1\ncrew = 2\ncargo = 2\nvalue = 8", "speed = 0\ncannon = 1\ncrew = 2\ncargo = 2\nvalue = 8",
     "speed"),
])
def test_a_broken_data_file_is_refused_with_a_sentence(tmp_path, old, new, words):
    with pytest.raises(InvalidInput, match=words):
        load_components(_broken(tmp_path, old, new))


def test_an_edited_but_valid_file_loads(tmp_path):
    deck = load_components(_broken(tmp_path, "garrison = 6", "garrison = 7"))
    assert deck.card("Havana").garrison == 7


def _package_trees():
    import ast
    package = DATA.parents[1]
    return {path.name: ast.parse(path.read_text()) for path in sorted(package.glob("*.py"))}


def test_each_rule_heading_is_defined_once_in_headings_py():
    """Rules: Plunder › Overview (issue 35 item 5: one constant per rule heading)

    Given every module of the Plunder package, Then only ``headings.py`` cites a rulebook heading (``cite(...)``),
    each heading once, and no refusal names its rule as a string literal instead of a ``RULE_…`` constant."""
    import ast

    from pirates_lab.core.rules import rulebook
    headings = set(rulebook("plunder").headings)
    cited: dict = {}
    for name, tree in _package_trees().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", getattr(node.func, "attr", None))
            literal = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if called in ("cite", "citation"):
                for heading in literal:
                    cited.setdefault(heading, []).append(name)
            if called == "IllegalMove" and node.args and isinstance(node.args[0], ast.Constant):
                raise AssertionError(f"{name}:{node.lineno} names a rule as a string: {node.args[0].value!r}")
    assert cited and set(cited) <= headings
    assert {h: where for h, where in cited.items() if where != ["headings.py"]} == {}


def test_the_table_writer_gives_back_the_shipped_deck(tmp_path):
    """Given the shipped file read raw and written back, Then it loads as the very same deck."""
    assert load_components(_write(tmp_path, _raw())) == components()
