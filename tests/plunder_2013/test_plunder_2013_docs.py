"""docs/plunder_2013.md says what the code does: its phase table is the engine's.

Rules: Plunder (2013) › How to Play
"""
from pathlib import Path

from pirates_lab.plunder_2013.game import FLOW

DOC = Path(__file__).resolve().parents[2] / "docs" / "plunder_2013.md"


def test_the_docs_phase_table_is_the_engines():
    """Given the docs' turn table, Then it is FLOW.table() line for line (a changed row shows here)."""
    assert FLOW.table() in DOC.read_text(encoding="utf-8")
