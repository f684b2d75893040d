"""Feedback that teaches: a question's model (plain Python, no widgets).

A :class:`Question` knows its exact answer (computed by the engine), what kind of number it is
(a probability, a count, any number, or a word) and an explanation.  :meth:`Question.check` turns
what a student typed into a :class:`Feedback`:

- nothing typed: "Type an answer first." (not counted as a try);
- not a number: how to type one (counted as a try);
- out of range: "A probability is between 0 and 100 %", "A count is a whole number, 0 or more";
- wrong: "Not quite: the answer is higher than 40%." (higher or lower, for numbers), and the question's
  ``hint`` (what to count in the picture) when it has one;
- right at the precision a class uses (:func:`~.numbers.answer_verdict`): the exact value (``1/3``, ``2/6``,
  ``1 in 3``) is always right; a rounded decimal or percentage (``33%``, ``0.33``, ``33,3 %``) is right when it is
  the exact value rounded at the digits typed with at least two significant digits, and the exact value is
  said after it ("Right: 33% — exactly 1/3 = 33.33%."); a rounded value with one significant digit (``0.5%``
  for 1/216) is "close": give one more digit (not a wrong try, never a ✘);
- right: the answer as people read it ("Right: 41.67% (5/12).") and the explanation;
- after two wrong tries, ``can_reveal`` is true: the page offers "Show the answer and why"
  (:meth:`Question.reveal`), the engine's answer and its explanation.

The same text checked twice in a row is not a second try (Enter, then a click on Check).

>>> q = Question(Fraction(5, 12), explanation="5 of the 12 ways.")
>>> q.check("").status, q.check("150%").message
('empty', 'A probability is between 0 and 100 % (type it as 50%, 1/2 or 0.5).')
>>> q.check("40%").message
'Not quite: the answer is higher than 40%.'
>>> q.can_reveal, q.reveal().message
(True, 'The answer: 41.67% (5/12).')
>>> Question(216000).check("216,000").message
'Right: 216,000.'
>>> Question(Fraction(1, 3)).check("33 %").message
'Right: 33 % — exactly 1/3 = 33.33%.'
>>> Question(Fraction(1, 216)).check("0.5%").status
'close'
>>> Question(Fraction(5, 18), out_of=36).check("28%").message     # counted over the 36 pairs, unreduced
'Right: 28% — exactly 10/36 = 27.78%.'

A question that cannot be worked out from the screen is a **prediction** (``predict=True``): any readable
answer is taken (status ``predicted``, never a ✘), then the exact answer and why are shown.

>>> p = Question(Fraction(1, 3), predict=True)
>>> p.check("50%").status, p.check("50%").message
('predicted', 'You predicted 50%. The exact answer: 33.33% (1/3).')
>>> p.check("150%").status
'out_of_range'
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .numbers import answer_verdict, exact_words, friendly, parse_answer, percent_text, short_fraction

__all__ = ["Question", "Feedback", "UNITS", "unit_of", "number_text", "TRIES_BEFORE_REVEAL", "CLOSE"]

#: what kind of answer a question expects (``None`` in a lesson file: inferred from the answer)
UNITS = ("probability", "count", "number", "text")
#: wrong tries before "Show the answer and why" is offered
TRIES_BEFORE_REVEAL = 2
#: said for a rounded answer with too few digits to tell (status "close")
CLOSE = "Close: {typed} is the answer rounded too far to tell. Give one more digit."

EMPTY = "Type an answer first."
HOW_TO_TYPE = {
    "probability": "Type a probability as a percentage (42%), a fraction (5/12), 5 in 12, or a decimal (0.42).",
    "count": "Type a whole number, such as 12 or 216,000.",
    "number": "Type a number, such as 7, 3.5 or 7/2.",
}
OUT_OF_RANGE = {
    "probability": "A probability is between 0 and 100 % (type it as 50%, 1/2 or 0.5).",
    "count": "A count is a whole number, 0 or more.",
}


def number_text(value: int | Fraction, unit: str = "number") -> str:
    """A number as people read it: ``216,000``; a probability ``41.67% (5/12)``; else ``3.5 (7/2)``.

    >>> number_text(216000), number_text(Fraction(5, 12), "probability"), number_text(Fraction(7, 2))
    ('216,000', '41.67% (5/12)', '3.5 (7/2)')
    """
    value = Fraction(value)
    if unit == "probability" and 0 <= value <= 1:
        return friendly(value)
    if value.denominator == 1:
        return f"{value.numerator:,}"
    if 0 <= value <= 1 and unit != "number":
        return friendly(value)
    short = short_fraction(value)
    return f"{float(value):,.4g}" + (f" ({short})" if short else "")


def unit_of(expected: Any) -> str:
    """The unit a bare answer implies: text for words, a count for a whole number 0 or more, a
    probability for a fraction between 0 and 1, else any number.

    >>> unit_of("Pete"), unit_of(216000), unit_of(Fraction(5, 12)), unit_of(Fraction(7, 2)), unit_of(-3)
    ('text', 'count', 'probability', 'number', 'number')
    """
    if isinstance(expected, str) or (isinstance(expected, (list, tuple)) and expected):
        return "text"
    value = Fraction(expected)
    if value.denominator == 1 and not isinstance(expected, Fraction):
        return "count" if value >= 0 else "number"
    if 0 <= value <= 1:
        return "probability"
    return "number"


@dataclass(frozen=True)
class Feedback:
    """What the page says after a check: ``status`` is empty, unreadable, out_of_range, close (rounded too far:
    one more digit), wrong, right, predicted (a prediction taken: no right or wrong) or revealed; ``message``
    in words; ``explanation`` shown with a right or revealed answer; ``hint`` (what to look at) with a wrong one."""

    status: str
    message: str
    explanation: str = ""
    can_reveal: bool = False
    hint: str = ""

    @property
    def ok(self) -> bool | None:
        """True when right, False when wrong (a counted try), None when nothing was judged."""
        if self.status == "right":
            return True
        if self.status in ("wrong", "out_of_range", "unreadable"):
            return False
        return None


def _norm(text: str) -> str:
    return " ".join(str(text).split()).casefold()


class Question:
    """One question: its exact answer, unit and explanation; counts the wrong tries."""

    def __init__(self, expected: Any, *, unit: str | None = None, explanation: str = "", predict: bool = False,
                 hint: str = "", out_of: int | None = None):
        if isinstance(expected, bool):
            raise TypeError("an answer is a number or a word, not True/False")
        unit = unit or unit_of(expected)
        if unit not in UNITS:
            raise ValueError(f"unit {unit!r} is not one of {', '.join(UNITS)}")
        if unit == "text":
            accepted = (expected,) if isinstance(expected, str) else tuple(expected)
            if not accepted or not all(isinstance(a, str) and a.strip() for a in accepted):
                raise TypeError("a text answer is a word or a list of accepted words")
            self.expected: Any = accepted
        else:
            if not isinstance(expected, (int, Fraction)):
                raise TypeError(f"an exact answer is an int or a Fraction, not {type(expected).__name__}")
            self.expected = Fraction(expected)
        self.unit = unit
        self.explanation = explanation
        self.predict = bool(predict)
        self.hint = hint
        if out_of is not None and not (isinstance(out_of, int) and not isinstance(out_of, bool) and out_of > 0):
            raise ValueError("out_of is a whole number of equally likely outcomes, 1 or more")
        self.out_of = out_of            # the fraction shown over this many outcomes (10/36, not 5/18), if it fits
        self.wrong_tries = 0
        self.last: tuple[str, Feedback] | None = None
        self.solved = False

    # ------------------------------------------------------------ words for people
    def answer_text(self) -> str:
        """The answer as people read it (``216,000``, ``41.67% (5/12)``, ``Sneaky Pete``)."""
        if self.unit == "text":
            return self.expected[0]
        counted = self._counted()
        if counted:
            return f"{percent_text(self.expected)} ({counted})"
        return number_text(self.expected, self.unit)

    def _counted(self) -> str:
        """``10/36``: the answer over :attr:`out_of` outcomes when it is a whole number of them, else ''."""
        if self.out_of is None or self.unit != "probability":
            return ""
        count = self.expected * self.out_of
        return f"{count.numerator}/{self.out_of}" if count.denominator == 1 else ""

    @property
    def can_reveal(self) -> bool:
        return self.wrong_tries >= TRIES_BEFORE_REVEAL and not self.solved

    def reset(self) -> None:
        self.wrong_tries, self.last, self.solved = 0, None, False

    # ------------------------------------------------------------ checking
    def check(self, typed: str) -> Feedback:
        """Judge what was typed (see the module's list); the same text twice in a row is one try."""
        text = str(typed if typed is not None else "").strip()
        if not text:
            return Feedback("empty", EMPTY, can_reveal=self.can_reveal)
        if self.last is not None and self.last[0] == text:
            return self.last[1]
        feedback = self._judge(text)
        if feedback.status in ("right", "predicted"):
            self.solved = True
        elif feedback.ok is False:
            self.wrong_tries += 1
        feedback = Feedback(feedback.status, feedback.message, feedback.explanation, self.can_reveal, feedback.hint)
        self.last = (text, feedback)
        return feedback

    def reveal(self) -> Feedback:
        """The engine's answer and its explanation (offered after two wrong tries)."""
        self.solved = True
        return Feedback("revealed", f"The answer: {self.answer_text()}.", self.explanation)

    def _judge(self, text: str) -> Feedback:
        if self.unit == "text" and self.predict:
            return Feedback("predicted", f"You predicted {text[:40]}. The answer: {self.answer_text()}.",
                            self.explanation)
        if self.unit == "text":
            if _norm(text) in {_norm(a) for a in self.expected}:
                return Feedback("right", f"Right: {self.answer_text()}.", self.explanation)
            return Feedback("wrong", f"Not quite: {text} is not it. Try again.", hint=self.hint)
        try:
            value, places = parse_answer(text)
        except (ValueError, ZeroDivisionError):
            return Feedback("unreadable", f"{text[:30]} is not a number. {HOW_TO_TYPE[self.unit]}")
        if self.unit == "probability" and not 0 <= value <= 1:
            return Feedback("out_of_range", OUT_OF_RANGE["probability"])
        if self.unit == "count" and (value < 0 or value.denominator != 1 or places is not None or "%" in text):
            return Feedback("out_of_range", OUT_OF_RANGE["count"])
        if self.predict:
            return Feedback("predicted", f"You predicted {text}. The exact answer: {self.answer_text()}.",
                            self.explanation)
        verdict = answer_verdict(text, self.expected)
        if verdict == "exact" or (verdict == "rounded" and self.unit == "probability" and places >= 4):
            return Feedback("right", f"Right: {self.answer_text()}.", self.explanation)     # as precise as shown
        if verdict == "rounded":
            counted = self._counted()
            exact = (f"{counted} = {percent_text(self.expected)}" if counted
                     else exact_words(self.expected, probability=self.unit == "probability"))
            return Feedback("right", f"Right: {text} — exactly {exact}.", self.explanation)
        if verdict == "close":
            return Feedback("close", CLOSE.format(typed=text))
        direction = "higher" if self.expected > value else "lower"
        return Feedback("wrong", f"Not quite: the answer is {direction} than {text}.", hint=self.hint)
