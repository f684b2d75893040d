"""The typed errors of pirates_lab.

Every mistake a learner can make raises one of these with a sentence meant for a person,
and never changes anything: a state stays as it was, a widget keeps working.
"""
from __future__ import annotations

__all__ = ["PiratesLabError", "IllegalMove", "CorruptSave", "InvalidInput"]


class PiratesLabError(Exception):
    """Base class of every error this project raises on purpose."""


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
        self.reason = reason
        self.action = action
        super().__init__(f"{rule} — {reason}")


class CorruptSave(PiratesLabError, ValueError):
    """A saved game that cannot be loaded: damaged, edited, or from another game."""


class InvalidInput(PiratesLabError, ValueError):
    """A value typed by a user (a widget, a calculator) that makes no sense."""
