"""docs/king_of_pirates.md says what the code does: the phase table, the closed form, the figures.

(Kept apart from the rule tests: they read docs/, which a mutation run need not copy.)
"""
from fractions import Fraction
from pathlib import Path

from pirates_lab.king_of_pirates.game import FLOW
from pirates_lab.king_of_pirates.upkeep_odds import expected_upkeeps_until_mutiny

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "king_of_pirates.md").read_text(encoding="utf-8")


def test_the_docs_show_the_phase_table_as_it_is():
    assert FLOW.table() in DOCS


def test_the_docs_closed_form_for_expected_upkeeps_is_the_calculators():
    """The docs print E[r] = r + 4/3 + (1/6)(−1/2)^r; it agrees with the calculator (and, in
    test_king_of_pirates_odds.py, with the Markov chain)."""
    assert "E[r] = r + 4/3 + (1/6)(−1/2)^r" in DOCS and "E[0] = 3/2" in DOCS
    for rum in range(20):
        assert expected_upkeeps_until_mutiny(rum) == rum + Fraction(4, 3) + Fraction(1, 6) * Fraction(-1, 2) ** rum


def test_the_docs_claim_no_figure_from_a_check_that_cannot_fail():
    assert "31 of 31" not in DOCS and "hand_made_mutants" not in DOCS
