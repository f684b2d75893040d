"""Values for people on a lesson screen: numbers as they are read aloud, tables shown whole (or their top
rows with a visible "show all N rows"), never a Python repr, never a fraction broken across two lines.

>>> print(number_html(Fraction(5, 12)))
<span class='pl-number' style='white-space:nowrap'>41.67% (5/12)</span>
>>> html_rows = table_html([("a", 1)] * 25, header=("name", "count"))
>>> "show all 25 rows" in html_rows, html_rows.count("<tr>")
(True, 26)
>>> counted(1020, 20000, "rolls")
'1,020 of 20,000 rolls'
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .numbers import percent_text, short_fraction

__all__ = ["number_html", "cell_html", "table_html", "counted", "WHOLE_ROWS", "TOP_ROWS", "NOWRAP"]

#: tables of up to this many rows are shown whole
WHOLE_ROWS = 20
#: a longer table shows this many rows, then a visible "show all N rows"
TOP_ROWS = 10
NOWRAP = "white-space:nowrap"


def counted(hits: int, total: int, what: str = "") -> str:
    """A Monte Carlo result as counts, never a reduced fraction: ``1,020 of 20,000 rolls``."""
    return f"{hits:,} of {total:,}" + (f" {what}" if what else "")


def number_html(value: Any) -> str:
    """A number for a page, in one piece (never wrapped): a probability percent first with a short exact
    fraction (a long one folded: "exact" opens it), a whole number with thousands separators."""
    if isinstance(value, Fraction) and 0 <= value <= 1:
        short = short_fraction(value)
        if short is not None:
            text = percent_text(value) + (f" ({short})" if "/" in short else "")
            return f"<span class='pl-number' style='{NOWRAP}'>{html.escape(text)}</span>"
        return (f"<span class='pl-number' style='{NOWRAP}'>{html.escape(percent_text(value))}</span> "
                f"<details class='pl-long-fraction' style='display:inline'><summary>exact</summary>"
                f"<span style='word-break:break-all'>{value}</span></details>")
    if isinstance(value, Fraction):
        if value.denominator == 1:
            text = f"{value.numerator:,}"
        else:
            short = short_fraction(value)
            text = f"{float(value):,.4g}" + (f" ({short})" if short else "")
        return f"<span class='pl-number' style='{NOWRAP}'>{html.escape(text)}</span>"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"<span class='pl-number' style='{NOWRAP}'>{value:,}</span>"
    if isinstance(value, float):
        return f"<span class='pl-number' style='{NOWRAP}'>{value:,.4g}</span>"
    raise TypeError(f"not a number: {type(value).__name__}")


def cell_html(value: Any) -> str:
    """One table cell: numbers as :func:`number_html`, text escaped, a tuple as its words; anything else is
    refused (TypeError: a page never shows a Python repr)."""
    if isinstance(value, (int, float, Fraction)):
        return number_html(value)
    if isinstance(value, str):
        return html.escape(value)
    if isinstance(value, tuple) and all(isinstance(v, (str, int)) for v in value):
        return html.escape(" ".join(str(v) for v in value))
    raise TypeError(f"a table cell holds a {type(value).__name__}; give text or numbers (int, Fraction)")


def table_html(rows: Sequence[Sequence[Any]], header: Sequence[str] = (), *, css: str = "pl-table",
               whole: int = WHOLE_ROWS, top: int = TOP_ROWS) -> str:
    """A table shown whole up to ``whole`` rows; a longer one shows its ``top`` rows and then a visible
    "show all N rows" that opens the rest in place (no scroll box hides a row)."""
    def row_html(row) -> str:
        return "<tr>" + "".join(f"<td>{cell_html(v)}</td>" for v in row) + "</tr>"

    head = ("<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr></thead>") if header else ""
    rows = list(rows)
    shown, rest = (rows, []) if len(rows) <= whole else (rows[:top], rows[top:])
    body = (f"<table class='{css}' style='border-collapse:collapse'>{head}<tbody>"
            + "".join(row_html(r) for r in shown) + "</tbody></table>")
    if rest:
        body += (f"<details class='pl-show-all'><summary>show all {len(rows):,} rows</summary>"
                 f"<table class='{css}' style='border-collapse:collapse'><tbody>"
                 + "".join(row_html(r) for r in rest) + "</tbody></table></details>")
    return body
