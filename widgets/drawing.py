"""Pure drawing: build a tuple of draw operations, test it without a browser.

A board view is a pure function ``state -> tuple[DrawOp, ...]``.  Tests check the operations
(or :func:`rasterize` them with Pillow and read pixels); :func:`replay` is the one thin adapter
that sends them to an ipycanvas canvas.

>>> d = Drawing()
>>> d.rect(0, 0, 10, 10, fill="#ff0000").text("A", 5, 5)
Drawing(2 ops)
>>> d.ops[0]
DrawOp(kind='rect', args=(0, 0, 10, 10), fill='#ff0000', stroke=None, width=1, font=None, align='left')
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

__all__ = ["DrawOp", "Drawing", "replay", "rasterize", "hex_corners", "axial_to_pixel", "pixel_to_axial",
           "bar_chart_ops", "shade"]


@dataclass(frozen=True)
class DrawOp:
    """One drawing instruction.  ``kind`` is rect, circle, polygon, line, text or clear."""

    kind: str
    args: tuple
    fill: str | None = None
    stroke: str | None = None
    width: float = 1
    font: str | None = None
    align: str = "left"


class Drawing:
    """A small builder: each method appends one :class:`DrawOp` and returns the builder."""

    def __init__(self) -> None:
        self._ops: list[DrawOp] = []

    @property
    def ops(self) -> tuple[DrawOp, ...]:
        return tuple(self._ops)

    def __len__(self) -> int:
        return len(self._ops)

    def __repr__(self) -> str:
        return f"Drawing({len(self._ops)} ops)"

    def _add(self, op: DrawOp) -> "Drawing":
        self._ops.append(op)
        return self

    def extend(self, ops: Iterable[DrawOp]) -> "Drawing":
        self._ops.extend(ops)
        return self

    def clear(self) -> "Drawing":
        return self._add(DrawOp("clear", ()))

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=1) -> "Drawing":
        return self._add(DrawOp("rect", (x, y, w, h), fill, stroke, width))

    def circle(self, x, y, r, *, fill=None, stroke=None, width=1) -> "Drawing":
        return self._add(DrawOp("circle", (x, y, r), fill, stroke, width))

    def polygon(self, points: Sequence[tuple[float, float]], *, fill=None, stroke=None, width=1) -> "Drawing":
        return self._add(DrawOp("polygon", tuple((float(x), float(y)) for x, y in points), fill, stroke, width))

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=1) -> "Drawing":
        return self._add(DrawOp("line", (x1, y1, x2, y2), None, stroke, width))

    def text(self, text: str, x, y, *, fill="#000000", font="14px sans-serif", align="left") -> "Drawing":
        return self._add(DrawOp("text", (str(text), x, y), fill, None, 1, font, align))

    def hexagon(self, cx, cy, size, *, fill=None, stroke=None, width=1, pointy=True) -> "Drawing":
        return self.polygon(hex_corners(cx, cy, size, pointy=pointy), fill=fill, stroke=stroke, width=width)


# ---------------------------------------------------------------- hex geometry (axial q, r)
def hex_corners(cx: float, cy: float, size: float, *, pointy: bool = True) -> list[tuple[float, float]]:
    offset = 30 if pointy else 0
    return [(cx + size * math.cos(math.radians(60 * i - offset)),
             cy + size * math.sin(math.radians(60 * i - offset))) for i in range(6)]


def axial_to_pixel(q: int, r: int, size: float, origin: tuple[float, float] = (0, 0)) -> tuple[float, float]:
    """Centre of the pointy-top hex (q, r)."""
    x = size * math.sqrt(3) * (q + r / 2)
    y = size * 1.5 * r
    return origin[0] + x, origin[1] + y


def pixel_to_axial(x: float, y: float, size: float, origin: tuple[float, float] = (0, 0)) -> tuple[int, int]:
    """The pointy-top hex containing pixel (x, y) (cube rounding)."""
    px, py = x - origin[0], y - origin[1]
    qf = (math.sqrt(3) / 3 * px - py / 3) / size
    rf = (2 / 3 * py) / size
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def shade(p: float, low: str = "#f4f1e8", high: str = "#b22222") -> str:
    """A colour between ``low`` (p = 0) and ``high`` (p = 1), for heat maps."""
    p = min(max(float(p), 0.0), 1.0)
    a = [int(low[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(high[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * p):02x}" for x, y in zip(a, b))


# ---------------------------------------------------------------- charts
def bar_chart_ops(rows: Sequence[tuple[str, float]], width: int = 420, height: int = 220, *,
                  color: str = "#3b6ea5", title: str = "") -> tuple[DrawOp, ...]:
    """A bar chart of (label, probability) rows, bars scaled to the largest value."""
    d = Drawing().clear().rect(0, 0, width, height, fill="#ffffff")
    top, bottom, left = (24 if title else 8), 36, 8
    if title:
        d.text(title, width / 2, 16, font="bold 14px sans-serif", align="center")
    if not rows:
        return d.ops
    biggest = max(v for _, v in rows) or 1.0
    slot = (width - 2 * left) / len(rows)
    usable = height - top - bottom
    for i, (label, value) in enumerate(rows):
        h = usable * value / biggest
        x = left + i * slot
        d.rect(x + slot * 0.1, top + usable - h, slot * 0.8, h, fill=color)
        if len(rows) <= 24:
            d.text(label, x + slot / 2, height - bottom + 14, font="11px sans-serif", align="center")
            d.text(f"{100 * value:.1f}%", x + slot / 2, height - bottom + 28, font="10px sans-serif", align="center")
    return d.ops


# ---------------------------------------------------------------- adapters
_SHAPES = {"rect": ("fill_rect", "stroke_rect"), "circle": ("fill_circle", "stroke_circle"),
           "polygon": ("fill_polygon", "stroke_polygon")}


def replay(canvas, ops: Iterable[DrawOp]) -> None:
    """Send draw operations to one ipycanvas ``Canvas`` (call inside ``hold_canvas``)."""
    for op in ops:
        if op.kind == "clear":
            canvas.clear()
            continue
        canvas.line_width = op.width
        if op.kind in _SHAPES:
            fill_method, stroke_method = _SHAPES[op.kind]
            args = [list(op.args)] if op.kind == "polygon" else op.args
            if op.fill:
                canvas.fill_style = op.fill
                getattr(canvas, fill_method)(*args)
            if op.stroke:
                canvas.stroke_style = op.stroke
                getattr(canvas, stroke_method)(*args)
        elif op.kind == "line":
            canvas.stroke_style = op.stroke or "#000000"
            canvas.stroke_line(*op.args)
        elif op.kind == "text":
            canvas.fill_style = op.fill or "#000000"
            canvas.font = op.font or "14px sans-serif"
            canvas.text_align = {"left": "left", "center": "center", "right": "right"}[op.align]
            canvas.text_baseline = "middle"
            canvas.fill_text(*op.args)
        else:
            raise ValueError(f"unknown draw op {op.kind!r}")


def rasterize(ops: Iterable[DrawOp], width: int, height: int, background: str = "#ffffff"):
    """Draw the operations with Pillow (for tests that read pixels); returns a PIL Image."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (int(width), int(height)), background)
    draw = ImageDraw.Draw(image)
    for op in ops:
        if op.kind == "clear":
            draw.rectangle((0, 0, width, height), fill=background)
        elif op.kind == "rect":
            x, y, w, h = op.args
            if w > 0 and h > 0:
                draw.rectangle((x, y, x + w, y + h), fill=op.fill, outline=op.stroke)
        elif op.kind == "circle":
            x, y, r = op.args
            draw.ellipse((x - r, y - r, x + r, y + r), fill=op.fill, outline=op.stroke)
        elif op.kind == "polygon":
            draw.polygon(list(op.args), fill=op.fill, outline=op.stroke)
        elif op.kind == "line":
            draw.line(op.args, fill=op.stroke, width=max(1, int(op.width)))
        elif op.kind == "text":
            text, x, y = op.args
            anchor = {"left": "lm", "center": "mm", "right": "rm"}[op.align]
            draw.text((x, y), text, fill=op.fill, anchor=anchor)
    return image
