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

__all__ = ["percent_text", "short_fraction", "friendly", "friendly_html", "parse_answer", "answer_matches", "show",
           "probability_html",
           "MAX_FRACTION_DIGITS"]

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


_NUMBER = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$")


def parse_answer(text: str) -> tuple[Fraction, int | None]:
    """A typed answer as an exact value and, for a decimal, the number of digits after the point as
    typed (percentages counted as fractions of 1); ValueError when it is not a number.

    Accepts ``5/12``, ``5 / 12``, ``0.4167``, ``41.67%``, ``216,000``, ``7``.
    """
    raw = str(text).strip().replace(" ", "").replace("\u2009", "")
    if not raw:
        raise ValueError("empty answer")
    percent = raw.endswith("%")
    raw = raw[:-1] if percent else raw
    if "/" in raw:
        top, _, bottom = raw.partition("/")
        if not (_NUMBER.match(top) and _NUMBER.match(bottom)) or not top or not bottom:
            raise ValueError(text)
        value = Fraction(top.replace(",", "")) / Fraction(bottom.replace(",", ""))
        return (value / 100 if percent else value), None
    if not _NUMBER.match(raw) or raw in {"", "+", "-", "."}:
        raise ValueError(text)
    value = Fraction(raw.replace(",", ""))
    places = len(raw.split(".")[1]) if "." in raw else None
    if percent:
        return value / 100, (places or 0) + 2
    return value, places


def answer_matches(text: str, expected: Fraction) -> bool:
    """Is a typed answer the expected value, exactly or to the precision typed?

    A decimal or percentage counts when it is the expected value rounded to the digits typed, with at
    least three significant digits (``41.67%``, ``0.4167``, ``41.7%`` for 5/12; not ``40%``).
    """
    value, places = parse_answer(text)
    expected = Fraction(expected)
    if value == expected:
        return True
    if places is None:
        return False
    digits = re.sub(r"[^0-9]", "", str(text).split("%")[0]).lstrip("0")
    if len(digits) < 3:
        return False
    return abs(value - expected) <= Fraction(1, 2 * 10 ** places)


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
