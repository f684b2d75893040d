"""Pure drawing: build a tuple of draw operations, test it without a browser.

A board view is a pure function ``state -> tuple[DrawOp, ...]``.  Tests check the operations
(or :func:`rasterize` them with Pillow and read pixels); :func:`replay` is the one thin adapter
that sends them to an ipycanvas canvas.

>>> d = Drawing()
>>> d.rect(0, 0, 10, 10, fill="#ff0000").text("A", 5, 5)
Drawing(2 ops)
>>> d.ops[0]
DrawOp(kind='rect', args=(0, 0, 10, 10), fill='#ff0000', stroke=None, width=1, font=None, align='left', max_width=None)

Text is painted at the size its op names, or larger: :func:`replay` takes a :class:`TextSize`
(the presenter's "Large fonts" makes every canvas text at least 16 px; see ``canvas.CANVAS_TEXT``).

>>> painted_sizes(d.ops, TextSize(floor=16))
[16.0]
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

__all__ = ["DrawOp", "Drawing", "replay", "rasterize", "hex_corners", "axial_to_pixel", "pixel_to_axial",
           "bar_chart_ops", "shade", "TextSize", "NORMAL_TEXT", "LARGE_TEXT_FLOOR", "scaled_font", "font_px",
           "painted_sizes", "DEFAULT_FONT", "LARGE_TEXT", "text_box", "text_collisions", "scale_ops"]

#: The font of a text op that names none.
DEFAULT_FONT = "14px sans-serif"
#: With Large fonts no canvas text is smaller than this (issue 13: "labels at least 16 px").
LARGE_TEXT_FLOOR = 16
_PX = re.compile(r"(\d+(?:\.\d+)?)px")


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
    max_width: float | None = None     # text only: the canvas squeezes wider text into this width


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

    def text(self, text: str, x, y, *, fill="#000000", font=DEFAULT_FONT, align="left",
             max_width: float | None = None) -> "Drawing":
        """Text centred vertically on ``y``; ``max_width``: never wider than this (squeezed, not cut)."""
        return self._add(DrawOp("text", (str(text), x, y), fill, None, 1, font, align,
                                None if max_width is None else float(max_width)))

    def hexagon(self, cx, cy, size, *, fill=None, stroke=None, width=1, pointy=True) -> "Drawing":
        return self.polygon(hex_corners(cx, cy, size, pointy=pointy), fill=fill, stroke=stroke, width=width)


# ---------------------------------------------------------------- text sizes (Large fonts)
def font_px(font: str | None) -> float | None:
    """The size in pixels a CSS font names (None if it names none).

    >>> font_px("bold 11px sans-serif"), font_px("12.5px serif"), font_px("bold serif")
    (11.0, 12.5, None)
    """
    match = _PX.search(font or "")
    return float(match.group(1)) if match else None


def scaled_font(font: str | None, scale: float = 1.0, floor: float = 0) -> str:
    """``font`` with its size times ``scale``, and at least ``floor`` px (rounded to whole pixels).

    >>> scaled_font("bold 11px sans-serif", floor=16)
    'bold 16px sans-serif'
    >>> scaled_font("18px sans-serif", floor=16)      # big enough already: unchanged
    '18px sans-serif'
    >>> scaled_font("14px sans-serif", 1.5, 16), scaled_font(None, 1.5)
    ('21px sans-serif', '21px sans-serif')
    >>> scaled_font("bold serif", 2, 16)               # no size named: left as it is
    'bold serif'
    """
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    font = font or DEFAULT_FONT
    if scale == 1 and not floor:
        return font
    return _PX.sub(lambda m: f"{max(floor, round(float(m.group(1)) * scale)):g}px", font, count=1)


@dataclass(frozen=True)
class TextSize:
    """How text ops are painted: every font size times ``scale``, and at least ``floor`` px.

    >>> TextSize(floor=16).font("bold 9px sans-serif")
    'bold 16px sans-serif'
    >>> NORMAL_TEXT.font("9px sans-serif")
    '9px sans-serif'
    """

    scale: float = 1.0
    floor: float = 0

    def font(self, font: str | None) -> str:
        return scaled_font(font, self.scale, self.floor)


#: Text as the ops say (Large fonts off).
NORMAL_TEXT = TextSize()


def painted_sizes(ops: Iterable[DrawOp], text: TextSize = NORMAL_TEXT) -> list[float]:
    """The font size, in px, of each text op as :func:`replay` paints it with ``text``.

    >>> painted_sizes(Drawing().text("a", 0, 0, font="10px serif").text("b", 0, 0, font="20px serif").ops,
    ...               TextSize(floor=16))
    [16.0, 20.0]
    """
    return [font_px(text.font(op.font)) for op in ops if op.kind == "text"]


#: Text as the presenter's "Large fonts" paints it (at least 16 px).
LARGE_TEXT = TextSize(floor=LARGE_TEXT_FLOOR)

# Widths of a sans-serif face (Arial/Liberation metrics) in em: enough to see texts that clearly collide.
_NARROW, _SLIM, _WIDE = set("il.,:;|!'`Ij"), set("frt()[]-/ "), set("mwMW%@")


def _em(char: str) -> float:
    if char in _NARROW:
        return 0.28
    if char in _SLIM:
        return 0.33
    if char in _WIDE:
        return 0.85
    if char.isdigit() or char.islower():
        return 0.556
    if char.isupper():
        return 0.68
    return 0.9 if ord(char) > 0x2000 else 0.6          # symbols (⚓, ↑, ✓) are wide


def text_box(op: DrawOp, text: TextSize = NORMAL_TEXT) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) a text op's letters cover when painted with ``text``: an
    estimate from typical sans-serif widths (the browser check measures the real ones).

    >>> text_box(Drawing().text("10", 50, 20, font="10px sans-serif", align="center").ops[0])
    (44.44, 16.4, 55.56, 23.6)
    """
    font = text.font(op.font)
    px = font_px(font) or 10.0
    width = sum(_em(c) for c in op.args[0]) * px * (1.07 if "bold" in font else 1.0)
    if op.max_width is not None:
        width = min(width, op.max_width)
    x, y = op.args[1], op.args[2]
    left = {"left": x, "center": x - width / 2, "right": x - width}[op.align]
    half = 0.36 * px                                       # capitals and digits, centred on y (baseline "middle")
    return tuple(round(v, 2) for v in (left, y - half, left + width, y + half))


def text_collisions(ops: Iterable[DrawOp], text: TextSize = LARGE_TEXT, *, width: float | None = None,
                    height: float | None = None) -> list[str]:
    """Texts of one drawing that would overlap each other when painted with ``text`` (Large fonts by
    default), and texts past the edges of a ``width`` x ``height`` canvas: a test for drawings.

    >>> ops = Drawing().text("12", 40, 40, font="10px sans-serif", align="center") \\
    ...                .text("13", 54, 40, font="10px sans-serif", align="center").ops
    >>> text_collisions(ops, NORMAL_TEXT), text_collisions(ops)
    ([], ["'12' (16px sans-serif) overlaps '13' (16px sans-serif)"])
    >>> text_collisions(Drawing().text("Tortuga", 470, 10).ops, width=480, height=400)
    ["'Tortuga' (16px sans-serif) is past the canvas edge"]
    """
    texts = [(op, text_box(op, text)) for op in ops if op.kind == "text" and op.args[0].strip()]
    found = []
    for i, (a, (al, at, ar, ab)) in enumerate(texts):
        if width is not None and height is not None and (al < -1 or at < -1 or ar > width + 1 or ab > height + 1):
            found.append(f"{a.args[0]!r} ({text.font(a.font)}) is past the canvas edge")
        for b, (bl, bt, br, bb) in texts[i + 1:]:
            if min(ar, br) - max(al, bl) > 1 and min(ab, bb) - max(at, bt) > 1:
                found.append(f"{a.args[0]!r} ({text.font(a.font)}) overlaps {b.args[0]!r} ({text.font(b.font)})")
    return found


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
    """A bar chart of (label, probability) rows, bars scaled to the largest value; labels never wider
    than their bar's slot (whole percents where the slot is narrow).

    Deprecated (issue 19: one bar-chart engine): charts are bqplot (:class:`~pirates_lab.widgets.kit.DistView`);
    this stays only until its last caller (King of Pirates' combat chart) moves to DistView.

    >>> [op.args[0] for op in bar_chart_ops([("a", 0.25), ("b", 0.75)], 200, 100) if op.kind == "text"]
    ['a', '25.0%', 'b', '75.0%']
    >>> [op.args[0] for op in bar_chart_ops([(str(n), 1 / 11) for n in range(11)], 460) if op.kind == "text"][:2]
    ['0', '9%']
    """
    d = Drawing().clear().rect(0, 0, width, height, fill="#ffffff")
    top, bottom, left = (24 if title else 8), 36, 8
    if title:
        d.text(title, width / 2, 14, font="bold 14px sans-serif", align="center", max_width=width - 16)
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
            d.text(label, x + slot / 2, height - bottom + 12, font="11px sans-serif", align="center",
                   max_width=slot * 0.95)
            # one decimal where a 16 px "83.2%" fits its slot (Large fonts), whole percents where it would squeeze
            percent = f"{100 * value:.1f}%" if slot >= 48 else f"{100 * value:.0f}%"
            d.text(percent, x + slot / 2, height - bottom + 28, font="10px sans-serif", align="center",
                   max_width=slot * 0.95)
    return d.ops


# ---------------------------------------------------------------- a drawing at another size
def scale_ops(ops: Iterable[DrawOp], factor: float) -> tuple[DrawOp, ...]:
    """The same drawing ``factor`` times larger (coordinates, sizes, line widths, font sizes and text
    widths), so a canvas is painted sharp at projector size instead of stretched.

    >>> op = scale_ops(Drawing().text("O", 10, 4, font="bold 12px sans-serif", max_width=20).ops, 1.5)[0]
    >>> op.args, op.font, op.max_width
    (('O', 15.0, 6.0), 'bold 18px sans-serif', 30.0)
    >>> scale_ops(Drawing().polygon([(0, 0), (2, 0), (0, 2)]).ops, 2)[0].args
    ((0.0, 0.0), (4.0, 0.0), (0.0, 4.0))
    """
    if not factor > 0:
        raise ValueError(f"factor must be positive, not {factor!r}")
    ops = tuple(ops)
    if factor == 1:
        return ops

    def font(text):
        return _PX.sub(lambda m: f"{float(m.group(1)) * factor:g}px", text) if text else text

    scaled = []
    for op in ops:
        if op.kind == "polygon":
            args = tuple((x * factor, y * factor) for x, y in op.args)
        elif op.kind == "text":
            args = (op.args[0], op.args[1] * factor, op.args[2] * factor)
        else:
            args = tuple(a * factor for a in op.args)
        width = None if op.max_width is None else op.max_width * factor
        scaled.append(replace(op, args=args, width=op.width * factor,
                              font=font(op.font or DEFAULT_FONT) if op.kind == "text" else op.font, max_width=width))
    return tuple(scaled)


# ---------------------------------------------------------------- adapters
_SHAPES = {"rect": ("fill_rect", "stroke_rect"), "circle": ("fill_circle", "stroke_circle"),
           "polygon": ("fill_polygon", "stroke_polygon")}


def replay(canvas, ops: Iterable[DrawOp], text: TextSize = NORMAL_TEXT) -> None:
    """Send draw operations to one ipycanvas ``Canvas`` (call inside ``hold_canvas``); text ops are
    painted at the sizes ``text`` gives them (Large fonts: at least 16 px).

    A style (line width, colours, font, alignment) is sent only when it differs from the last one sent in
    this call: each assignment is a message to the browser, and a board of 300 shapes in one colour
    needs one (benchmarks/bench_widgets.py measured 30-40 % less drawing time)."""
    sent: dict[str, object] = {}

    def style(name: str, value) -> None:
        if name not in sent or sent[name] != value:
            setattr(canvas, name, value)
            sent[name] = value

    for op in ops:
        if op.kind == "clear":
            canvas.clear()
            sent.clear()
            continue
        style("line_width", op.width)
        if op.kind in _SHAPES:
            fill_method, stroke_method = _SHAPES[op.kind]
            args = [list(op.args)] if op.kind == "polygon" else op.args
            if op.fill:
                style("fill_style", op.fill)
                getattr(canvas, fill_method)(*args)
            if op.stroke:
                style("stroke_style", op.stroke)
                getattr(canvas, stroke_method)(*args)
        elif op.kind == "line":
            style("stroke_style", op.stroke or "#000000")
            canvas.stroke_line(*op.args)
        elif op.kind == "text":
            style("fill_style", op.fill or "#000000")
            style("font", text.font(op.font))
            style("text_align", {"left": "left", "center": "center", "right": "right"}[op.align])
            style("text_baseline", "middle")
            if op.max_width is None:
                canvas.fill_text(*op.args)
            else:
                canvas.fill_text(*op.args, op.max_width)
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
