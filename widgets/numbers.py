"""Numbers for people: percentages first, a short exact fraction beside them, the long one on demand.

>>> friendly(Fraction(5, 12))
'41.67% (5/12)'
>>> friendly(Fraction(1, 3**40)).startswith('< 0.000001%')
True
>>> parse_answer("41.67%"), parse_answer("5 / 12"), parse_answer("216,000")
((Fraction(4167, 10000), 4), (Fraction(5, 12), None), (Fraction(216000, 1), None))
"""
from __future__ import annotations

import html
import re
from fractions import Fraction

from pirates_lab.core.report import percent

__all__ = ["percent_text", "short_fraction", "friendly", "friendly_html", "parse_answer", "answer_verdict",
           "answer_matches", "exact_words", "show", "probability_html", "MAX_FRACTION_DIGITS", "SIGNIFICANT"]

#: a fraction with more digits than this (numerator and denominator together) is shown on demand only
MAX_FRACTION_DIGITS = 12


def percent_text(p: Fraction, places: int = 2) -> str:
    """``41.67%``: the core's one formatter (:func:`pirates_lab.core.report.percent`)."""
    return percent(p, places)


def short_fraction(p: Fraction) -> str | None:
    """``'5/12'``, or None when the fraction is too long to read aloud."""
    p = Fraction(p)
    text = str(p)
    return text if len(text.replace("/", "").replace("-", "")) <= MAX_FRACTION_DIGITS else None


def friendly(p: Fraction) -> str:
    """Percent first, then the exact fraction when it is short."""
    short = short_fraction(p)
    return percent_text(p) + (f" ({short})" if short and "/" in short else "")


def friendly_html(p: Fraction) -> str:
    """Like :func:`friendly`; a long exact fraction sits in a <details> a reader can open."""
    short = short_fraction(p)
    if short is not None:
        return html.escape(friendly(p))
    return (f"{html.escape(percent_text(p))} <details class='pl-long-fraction' style='display:inline'>"
            f"<summary>exact</summary><span style='word-break:break-all'>{Fraction(p)}</span></details>")


_NUMBER = re.compile(r"^[+-]?(\d+)?(\.\d+)?$")
#: digits grouped in threes by commas or spaces (216,000 · 216 000 · 1,234,567.5); the first group is not 0
_GROUPED = re.compile(r"^[+-]?[1-9]\d{0,2}((,\d{3})+|( \d{3})+)(\.\d+)?$")
#: "1 in 3", "1 out of 3", "2 of 6"
_IN = re.compile(r"^(.+?)\s+(?:in|out\s+of|of)\s+(.+)$", re.I)
#: how a rounded answer is judged (:func:`answer_verdict`): at least this many significant digits
SIGNIFICANT = 2


def _plain(raw: str, percent: bool) -> tuple[Fraction, int | None]:
    """One number as typed (no fraction): its value and the digits after its decimal point (None: none typed).

    The decimal comma rule: ``,`` groups thousands when the digits after each comma come in threes after a
    first group of 1–3 digits that is not ``0`` (``216,000``, ``1,234,567``), and in a number that also has a
    decimal point; a space groups thousands the same way (``216 000``).  Any other single comma is a decimal
    comma (``0,33``, ``33,33``, ``3,5``, ``0,125``), and in a percentage a comma is always a decimal comma
    (``33,333 %``).
    """
    text = raw.strip()
    if _GROUPED.match(text) and not (percent and "," in text and "." not in text):
        text = text.replace(",", "").replace(" ", "")
    elif text.count(",") == 1 and "." not in text and " " not in text:
        text = text.replace(",", ".")
    if not _NUMBER.match(text) or text in {"", "+", "-", "."}:
        raise ValueError(raw)
    places = len(text.split(".")[1]) if "." in text else None
    return Fraction(text), places


def parse_answer(text: str) -> tuple[Fraction, int | None]:
    """A typed answer as an exact value and, for a decimal, the number of digits after the point as
    typed (percentages counted as fractions of 1: ``33%`` has 2); ValueError when it is not a number.

    Accepts ``5/12``, ``5 / 12``, ``2/6``, ``1 in 3``, ``1 out of 3``, ``0.4167``, ``0,4167``, ``41.67%``,
    ``41,67 %``, ``216,000``, ``216 000``, ``7`` (the comma rule: :func:`_plain`).

    >>> parse_answer("33,33 %"), parse_answer("0,33"), parse_answer("216 000"), parse_answer("1 out of 3")
    ((Fraction(3333, 10000), 4), (Fraction(33, 100), 2), (Fraction(216000, 1), None), (Fraction(1, 3), None))
    """
    raw = " ".join(str(text).replace("\u2009", " ").replace("\u00a0", " ").replace("\u202f", " ").split())
    if not raw:
        raise ValueError("empty answer")
    percent = raw.endswith("%")
    raw = raw[:-1].strip() if percent else raw
    shared = _IN.match(raw)
    if shared or "/" in raw:
        top, bottom = (shared.group(1), shared.group(2)) if shared else raw.split("/", 1)
        (a, _), (b, _) = _plain(top, False), _plain(bottom, False)
        value = a / b
        return (value / 100 if percent else value), None
    value, places = _plain(raw, percent)
    if percent:
        return value / 100, (places or 0) + 2
    return value, places


def answer_verdict(text: str, expected: Fraction) -> str:
    """How a typed answer stands against the exact one: ``exact`` (the same value, in any form: ``2/6``,
    ``1 in 3``), ``rounded`` (a decimal or percentage that is the exact value rounded at the precision typed,
    with at least two significant digits: ``33%``, ``0.33``, ``33.3%`` for 1/3), ``close`` (rounded right but
    with one significant digit: ``0.5%`` for 1/216 = 0.46 %: give one more digit) or ``wrong``.  ValueError
    when it is not a number.

    >>> [answer_verdict(t, Fraction(1, 3)) for t in ("1/3", "2/6", "1 in 3", "33%", "0.33", "33,33 %", "0.3", "30%")]
    ['exact', 'exact', 'exact', 'rounded', 'rounded', 'rounded', 'close', 'wrong']
    >>> answer_verdict("0.5%", Fraction(1, 216)), answer_verdict("0.46%", Fraction(1, 216))
    ('close', 'rounded')
    """
    value, places = parse_answer(text)
    expected = Fraction(expected)
    if value == expected:
        return "exact"
    if places is None or abs(value - expected) > Fraction(1, 2 * 10 ** places):
        return "wrong"
    digits = re.sub(r"[^0-9]", "", str(text).split("%")[0]).lstrip("0")
    return "rounded" if len(digits) >= SIGNIFICANT else "close"


def answer_matches(text: str, expected: Fraction) -> bool:
    """Is a typed answer right: the expected value exactly, or rounded to the precision typed with at least
    two significant digits (:func:`answer_verdict`)?  ``41.67%``, ``0.4167``, ``42%`` for 5/12; not ``40%``."""
    return answer_verdict(text, expected) in ("exact", "rounded")


def exact_words(value: Fraction, probability: bool = True) -> str:
    """The exact value said after a rounded answer: ``1/3 = 33.33%`` (a long fraction: the percentage alone).

    >>> exact_words(Fraction(1, 3)), exact_words(Fraction(7, 2), probability=False), exact_words(Fraction(1, 3**40))
    ('1/3 = 33.33%', '7/2 = 3.5', '< 0.000001%')
    """
    value = Fraction(value)
    short = short_fraction(value)
    if probability and 0 <= value <= 1:
        shown = percent_text(value)
    else:
        shown = f"{float(value):,.6g}"
    return f"{short} = {shown}" if short and "/" in short else shown


def probability_html(label: str, p: Fraction) -> str:
    """One line for a page: ``P(five or six) = 33.33% (1/3)``."""
    return f"<div class='pl-probability'><b>{html.escape(label)}</b> = {friendly_html(Fraction(p))}</div>"


def show(label: str, value) -> "object":
    """A labelled number as a widget for a page (probabilities as percent first), never a Python repr.

    ``value`` may be a Fraction probability, an int, or a dict/list of those (shown as a small table).
    """
    import ipywidgets as widgets

    def cell(v) -> str:
        if isinstance(v, Fraction) and 0 <= v <= 1:
            return friendly_html(v)
        if isinstance(v, Fraction):
            return html.escape(f"{float(v):.4g} ({v})" if v.denominator != 1 else f"{v.numerator:,}")
        if isinstance(v, int) and not isinstance(v, bool):
            return f"{v:,}"
        if isinstance(v, float):
            return f"{v:.4g}"
        if isinstance(v, tuple):
            return html.escape(" ".join(str(x) for x in v))
        return html.escape(str(v))

    if isinstance(value, dict):
        rows = "".join(f"<tr><td style='padding-right:12px'>{cell(k)}</td><td>{cell(v)}</td></tr>" for k, v in value.items())
        body = f"<div><b>{html.escape(label)}</b></div><table class='pl-show'>{rows}</table>"
    else:
        body = f"<div class='pl-show'><b>{html.escape(label)}</b>: {cell(value)}</div>"
    return widgets.HTML(body)
