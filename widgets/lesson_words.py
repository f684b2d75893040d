"""What a student reads on a lesson screen: no developer words, quotes word for word, no answer shown early.

>>> developer_words("d6.pool(3) is a Dist; see explore_draw"), developer_words("Two dice: 7 is likeliest.")
(['Dist', 'pool(', 'explore_draw'], [])
>>> quoted_from("Deal the cards … face down", "Deal the cards to each player face down.")
True
>>> shows_answer("There are 216,000 deals.", 216000)
'216,000'
"""
from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["DEVELOPER_WORDS", "developer_words", "quoted_from", "shows_answer"]

#: words that belong to code, not to a student's screen (checked in every text a student reads)
DEVELOPER_WORDS = ("Dist", "bind(", ".bind", "pool(", ".py", "pirates_lab", "ASSUMPTION", "(a heading with no text",
                   "player 0", "Player 0", "seat 0", "Fraction(", "self.", "()", "{'", "[(", "<pirates_lab")

def developer_words(text: str) -> list[str]:
    """The developer words (:data:`DEVELOPER_WORDS`, and ``snake_case`` names) in a student's text.

    >>> developer_words("d6.pool(3) is a Dist; see explore_draw"), developer_words("Two dice: 7 is likeliest.")
    (['Dist', 'pool(', 'explore_draw'], [])
    """
    found = [word for word in DEVELOPER_WORDS if re.search(_word_pattern(word), text)]
    found += [name for name in re.findall(r"\b[a-z]+_[a-z_]+\b", text) if name not in found]
    return found


def _word_pattern(word: str) -> str:
    """``word`` as a regex that matches it as a word (``Dist`` is not in ``Distance``)."""
    start = r"(?<![A-Za-z0-9_])" if word[0].isalnum() else ""
    end = r"(?![A-Za-z0-9_])" if word[-1].isalnum() else ""
    return start + re.escape(word) + end


def _normal(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def quoted_from(quote: str, section: str) -> bool:
    """Is every part of ``quote`` (parts separated by … or ...) in the section, word for word?"""
    parts = [p for p in re.split(r"…|\.\.\.", quote) if p.strip()]
    body = _normal(section)
    return bool(parts) and all(_normal(p).strip(" .") in body for p in parts)


def shows_answer(text: str, value: Fraction) -> str:
    """The form in which ``text`` shows a distinctive answer (3+ digits, or a fraction), else ''."""
    from .numbers import percent_text

    value = Fraction(value)
    forms = set()
    if value.denominator == 1:
        if abs(value.numerator) < 100:
            return ""
        forms |= {str(value.numerator), f"{value.numerator:,}"}
    else:
        forms |= {f"{value.numerator}/{value.denominator}", f"{value.numerator} / {value.denominator}"}
        if 0 < value < 1:
            forms.add(percent_text(value))
    for form in forms:
        if re.search(r"(?<![\w.,/])" + re.escape(form) + r"(?![\w/]|[.,]\d)", text):
            return form
    return ""
