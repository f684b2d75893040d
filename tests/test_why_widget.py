"""The WhyTree widget (issue 23 item 3), without a browser: a probability that opens level by level, percent
first with the exact fraction, each branch citing its rule (a link to the rule's screen when the lesson has
one), text that the presenter's Large fonts grow, one call to put it under a calculator's answer."""
from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets as widgets
import pytest

from pirates_lab.core.why import Why
from pirates_lab.king_of_pirates.why import combat_why
from pirates_lab.pillage_and_plunder.battles import Ship
from pirates_lab.pillage_and_plunder.why import battle_why
from pirates_lab.widgets.presenter import presenter_css
from pirates_lab.widgets.why import WHY_CSS, WhyTree, screen_links, visible_rows, why_html, with_why

RULE = "Stage 4: The Mêlée"
TREE = Why("The attacker wins", Fraction(5, 12), RULE, (
    Why("round 1: the defender loses a crewman", Fraction(1, 3), RULE, (
        Why("the defender has no crew left", Fraction(1, 3)),)),
    Why("other outcomes", Fraction(1, 12), other=True)))


def test_closed_it_shows_the_probability_only_and_opens_level_by_level():
    page = WhyTree(TREE).value
    assert visible_rows(page) == ["41.67% (5/12) The attacker wins Rules: Stage 4: The Mêlée"]
    assert visible_rows(page, opened=1)[1:] == ["33.33% (1/3) round 1: the defender loses a crewman Rules: "
                                                "Stage 4: The Mêlée", "8.33% (1/12) other outcomes"]
    assert visible_rows(page, opened=2)[2] == "33.33% (1/3) the defender has no crew left"
    assert len(visible_rows(page, opened=9)) == TREE.size()
    assert "These 2 branches add up to 41.67% (5/12)." in page


def test_every_node_is_shown_once_in_the_tree_order_with_its_exact_value():
    tree = combat_why(10, cannonballs=1)
    page = why_html(tree)
    exact = re.findall(r"data-exact='(\d+/\d+)'", page)
    assert [Fraction(x) for x in exact] == [node.p for _, node in tree.walk()]
    rows = visible_rows(page, opened=99)
    assert [row.split(") ", 1)[1].split(" Rules: ")[0] for row in rows] == [node.label for _, node in tree.walk()]


def test_a_rule_links_to_its_screen_when_the_lesson_has_one():
    page = why_html(TREE, screen_links([RULE]))
    assert "href='?screen=Stage%204%3A%20The%20M%C3%AAl%C3%A9e'" in page and page.count("<a ") == 2
    bare = why_html(TREE, screen_links(["Setup"]))
    assert "<a " not in bare and bare.count("Rules: Stage 4: The Mêlée") == 2


def test_labels_are_escaped_and_long_fractions_wait_for_the_reader():
    tree = Why("<b>bold</b> & more", Fraction(1, 3**40))
    page = why_html(tree)
    assert "<b>bold</b> &" not in page and "&lt;b&gt;bold&lt;/b&gt; &amp; more" in page
    assert f"title='exact: 1/{3**40}'" in page and f"({3**40})" not in page
    assert "< 0.000001%" in visible_rows(page)[0]


def test_large_fonts_grow_every_part_of_it():
    """Sizes are relative (em), so the presenter's Large fonts, which set the HTML widget's text size, grow
    the numbers, labels and rules alike; the widget's HTML is one of the texts they set."""
    assert not re.search(r"font-size:[\d.]+px", WHY_CSS) and "font-size:0.85em" in WHY_CSS
    tree = WhyTree(TREE)
    assert "widget-html-content" in presenter_css() and isinstance(tree.view, widgets.HTML)
    assert (tree.layout.width, tree.layout.overflow) == ("auto", "visible") and "overflow-wrap:anywhere" in WHY_CSS


def test_one_call_puts_it_under_a_calculators_answer_and_it_follows_the_answer():
    answer = widgets.HTML("P(win) = 41.67%")
    box = with_why(answer, TREE)
    assert box.children[0] is answer and box.why.tree == TREE
    new = battle_why(Ship.player("Sloop"), Ship.player("Sloop"))
    box.why.tree = new
    assert visible_rows(box.why.value)[0].startswith("21.82% ") and box.why.tree is new
    box.why.tree = None
    assert box.why.value == ""


def test_it_refuses_what_is_not_a_tree():
    with pytest.raises(TypeError, match="shows a Why tree"):
        WhyTree(Fraction(1, 2))
