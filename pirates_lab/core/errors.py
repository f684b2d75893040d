"""The typed errors of pirates_lab.

Every mistake a learner can make raises one of these with a sentence meant for a person,
and never changes anything: a state stays as it was, a widget keeps working.
"""
from __future__ import annotations

import re

__all__ = ["PiratesLabError", "IllegalMove", "CorruptSave", "InvalidInput", "clean_text", "shown"]

# C0/C1 control characters, DEL, and the Unicode line/paragraph separators and bidi controls that
# would break a one-line message or reorder it on screen.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: str) -> str:
    r"""``text`` with every control character written as a visible escape (one line, nothing hidden).

    Every refusal passes through it, so a user's input echoed in a message can never add a line,
    ring a bell or reorder the text.

    >>> clean_text("sail to\nTortuga\x07")
    'sail to\\nTortuga\\x07'
    """
    def escape(match: re.Match) -> str:
        char = match.group()
        named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
        if char in named:
            return named[char]
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return _CONTROL.sub(escape, text)


def shown(value, limit: int = 40) -> str:
    r"""A user's value as a message may quote it: quoted, control characters escaped, at most
    ``limit`` characters (cut with an ellipsis).

    >>> shown("2d6+")
    "'2d6+'"
    >>> shown("\n")
    "'\\n'"
    >>> shown("x" * 50, limit=10)
    "'xxxxxxxxx…'"
    """
    text = clean_text(value if isinstance(value, str) else str(value))
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"'{text}'"


class PiratesLabError(Exception):
    """Base class of every error this project raises on purpose.

    Its message is cleaned of control characters (:func:`clean_text`), whatever a caller passed.
    """

    def __init__(self, *args):
        super().__init__(*(clean_text(a) if isinstance(a, str) else a for a in args))


class IllegalMove(PiratesLabError, ValueError):
    """An action the rules do not allow here.

    ``rule`` is the rulebook section heading, exactly as printed; ``reason`` is a sentence
    for a learner.

    >>> error = IllegalMove("Stage 4: The Mêlée", "A ship with no crew cannot fight a mêlée.")
    >>> str(error)
    'Stage 4: The Mêlée — A ship with no crew cannot fight a mêlée.'
    """

    def __init__(self, rule: str, reason: str, *, action=None):
        self.rule = rule
        self.reason = clean_text(reason)
        self.action = action
        super().__init__(f"{rule} — {reason}")


class CorruptSave(PiratesLabError, ValueError):
    """A saved game that cannot be loaded: damaged, edited, or from another game."""


class InvalidInput(PiratesLabError, ValueError):
    """A value typed by a user (a widget, a calculator) that makes no sense."""
