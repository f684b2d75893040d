"""Win rates with their confidence intervals as a bqplot chart (horizontal bars, interval whiskers).

:func:`chart_rows` is pure (tested without a browser); :func:`win_rate_chart` draws its rows
with bqplot, imported only when a chart is asked for (the lab itself needs no Jupyter).
"""
from __future__ import annotations

__all__ = ["chart_rows", "win_rate_chart"]


def chart_rows(items) -> list[dict]:
    """One row per bar: ``label``, ``rate``, ``low``, ``high``, ``fair``.

    ``items`` are :class:`~pirates_lab.lab.tips.Answer` objects (untested tips are left out) or one
    :class:`~pirates_lab.lab.results.Results` (a bar per policy).
    """
    from .results import Results

    if isinstance(items, Results):
        return [{"label": label, "rate": float(items.win_rate(label)), "low": items.interval(label)[0],
                 "high": items.interval(label)[1], "fair": float(items.fair_share)} for label in items.labels]
    rows = []
    for answer in items:
        if answer.results is None:
            continue
        low, high = answer.interval
        rows.append({"label": answer.tip.label, "rate": answer.rate, "low": low, "high": high,
                     "fair": float(answer.results.fair_share)})
    return rows


def win_rate_chart(items, title: str = "Win rate with its 95% interval"):
    """A bqplot Figure: a bar per row, a whisker for its interval, a dashed mark at the fair share."""
    import bqplot

    rows = chart_rows(items)
    labels = [r["label"] for r in rows]
    x = bqplot.LinearScale(min=0.0, max=1.0)
    y = bqplot.OrdinalScale(reverse=True)
    bars = bqplot.Bars(x=labels, y=[r["rate"] for r in rows], orientation="horizontal", colors=["#8b5a2b"],
                       scales={"x": y, "y": x}, padding=0.35)
    whiskers = bqplot.Lines(x=[[r["low"], r["high"]] for r in rows], y=[[r["label"]] * 2 for r in rows],
                            scales={"x": x, "y": y}, colors=["#1f1f1f"], stroke_width=3)
    fair = bqplot.Scatter(x=[r["fair"] for r in rows], y=labels, scales={"x": x, "y": y}, marker="rectangle",
                          colors=["#c0392b"], default_size=120)
    axes = [bqplot.Axis(scale=x, tick_format=".0%", label="win rate (red mark: an equal player's share)"),
            bqplot.Axis(scale=y, side="left", tick_style={"font-size": "12px"})]
    height = 90 + 46 * max(1, len(rows))
    return bqplot.Figure(marks=[bars, whiskers, fair], axes=axes, title=title,
                         layout={"width": "100%", "max_width": "900px", "height": f"{height}px"},
                         fig_margin={"top": 40, "bottom": 50, "left": label_margin(labels), "right": 20})


def label_margin(labels, px_per_char: float = 10.5) -> int:
    """Room at the chart's left for the longest bar label, read at projector size (16 px text).

    >>> label_margin(["A Long Game Title: merchant hunter"]), label_margin([])
    (397, 160)
    """
    return max(160, min(460, round(40 + px_per_char * max((len(label) for label in labels), default=0))))
