"""Refusal messages never carry raw control characters from what a user typed (issue 24)."""
from __future__ import annotations

import unicodedata

from hypothesis import given, strategies as st

from pirates_lab.core.errors import CorruptSave, IllegalMove, InvalidInput, clean_text, shown


def has_control(text: str) -> bool:
    return any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
               for c in text)


@given(st.text())
def test_every_error_message_is_one_clean_line(typed):
    for error in (IllegalMove("Turn", f"{typed} is not allowed."), InvalidInput(f"{typed!s} is no number"),
                  CorruptSave(f"bad: {typed}")):
        assert not has_control(str(error))
    assert not has_control(IllegalMove("Turn", typed).reason)


def test_control_characters_are_written_as_visible_escapes():
    assert clean_text("a\nb\tc\x07\u2028") == "a\\nb\\tc\\x07\\u2028"
    assert str(IllegalMove("Turn", "\n is not something chance can do here.")) == \
        "Turn — \\n is not something chance can do here."


@given(st.text(), st.integers(min_value=2, max_value=60))
def test_shown_is_quoted_clean_and_bounded(typed, limit):
    text = shown(typed, limit=limit)
    assert text.startswith("'") and text.endswith("'")
    assert len(text) <= limit + 2
    assert not has_control(text)
    if len(clean_text(typed)) <= limit:
        assert text == f"'{clean_text(typed)}'"
