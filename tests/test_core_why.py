"""The Why tree (issue 23): exact branches that sum to their parent, a bounded size, one terminal form."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from pirates_lab.core.errors import InvalidInput
from pirates_lab.core.rules import rulebook, rulebook_names
from pirates_lab.core.why import ELLIPSIS, MAX_NODES, Why

LINE = re.compile(r"^(  )*[^\n]+: [<>]? ?[0-9.]+% \(\d+/\d+\)( \[Rules: [^\]]+\])?$")


@st.composite
def trees(draw, p=Fraction(1), depth=0):
    """A random tree whose children split their parent exactly."""
    label = draw(st.text(min_size=1, max_size=12).filter(lambda s: s.strip()))
    if depth >= 3 or p == 0 or not draw(st.booleans()):
        return Why(label, p)
    cuts = sorted(draw(st.lists(st.fractions(min_value=0, max_value=1), min_size=1, max_size=4)))
    points = [Fraction(0)] + cuts + [Fraction(1)]
    parts = [(b - a) * p for a, b in zip(points, points[1:])]
    return Why(label, p, children=tuple(draw(trees(part, depth + 1)) for part in parts))


def sums_hold(tree: Why) -> bool:
    return all(not node.children or sum(c.p for c in node.children) == node.p for _, node in tree.walk())


@given(trees())
def test_text_is_the_terminal_form_and_reads_back(tree):
    lines = tree.text().splitlines()
    assert len(lines) == tree.size()
    assert all(LINE.match(line) for line in lines)
    assert lines[0].endswith("(1/1)")
    again = Why.parse(tree.text())
    assert [(d, n.p) for d, n in again.walk()] == [(d, n.p) for d, n in tree.walk()]


@given(trees(), st.integers(0, 5), st.integers(2, 9))
def test_fold_keeps_every_sum_and_bounds_the_shape(tree, depth, width):
    folded = tree.fold(depth, width)
    assert folded.p == tree.p and sums_hold(folded)
    assert all(len(node.children) <= width for _, node in folded.walk())
    assert max(d for d, _ in folded.walk()) <= depth + 1   # the "…" child sits just below the limit
    assert folded.size() <= tree.size() + sum(1 for d, n in tree.walk() if d == depth and n.children)


@given(trees(), st.integers(1, 60))
def test_bounded_trees_stay_within_their_limit(tree, limit):
    bounded = tree.bounded(max(limit, 2))
    assert bounded.size() <= max(limit, 2) or bounded.size() <= 2
    assert bounded.p == tree.p and sums_hold(bounded)


def test_branches_that_do_not_add_up_are_refused():
    with pytest.raises(InvalidInput, match="add up to 1/3, not 1/2"):
        Why("a", Fraction(1, 2), children=(Why("b", Fraction(1, 3)),))
    with pytest.raises(InvalidInput, match="exact"):
        Why("a", 0.5)
    with pytest.raises(InvalidInput, match="between 0 and 1"):
        Why("a", Fraction(3, 2))


def test_a_small_tree_by_hand_prints_exactly():
    tree = Why("Hit with one cannon", Fraction(1, 2), "Stage 2: Cannon Fire", (
        Why("rolls a 5", Fraction(1, 6)), Why("rolls a 6", Fraction(1, 6)), Why("rolls a 4", Fraction(1, 6))))
    assert tree.text() == ("Hit with one cannon: 50.00% (1/2) [Rules: Stage 2: Cannon Fire]\n"
                           "  rolls a 5: 16.67% (1/6)\n  rolls a 6: 16.67% (1/6)\n  rolls a 4: 16.67% (1/6)")
    assert tree.to_dict()["children"][0] == {"label": "rolls a 5", "p": "1/6", "percent": "16.67%",
                                             "rule": None, "other": False, "children": []}


def test_split_lists_the_largest_parts_and_the_rest_as_other():
    tree = Why.split("2d6 total", [(str(t), Fraction(6 - abs(t - 7), 36)) for t in range(2, 13)], keep=3)
    assert [c.label for c in tree.children] == ["6", "7", "8", "other outcomes"]
    assert tree.children[-1].other and tree.children[-1].p == Fraction(5, 9)
    assert tree.p == 1


def test_folded_deep_branches_become_an_ellipsis():
    deep = Why("a", Fraction(1), children=(Why("b", Fraction(1), children=(Why("c", Fraction(1)),)),))
    folded = deep.fold(depth=1)
    assert [n.label for _, n in folded.walk()] == ["a", "b", ELLIPSIS]


def test_cited_rules_must_be_headings_exactly_as_printed():
    game = rulebook_names()[0]
    heading = rulebook(game).headings[0]
    Why("x", Fraction(1), heading).check_rules(game)
    with pytest.raises(KeyError):
        Why("x", Fraction(1), heading + " (not quite)").check_rules(game)


def test_labels_are_one_clean_line():
    assert Why("two\nlines\t here", Fraction(1)).label == "two\\nlines\\t here"
    assert MAX_NODES == 200
