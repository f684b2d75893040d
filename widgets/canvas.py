"""BoardCanvas: an ipycanvas MultiCanvas with named layers that replays pure draw operations.

The canvas remembers the operations of each layer, so it can draw them again when a page
connects late (Voila runs the notebook before the browser is there).  The workaround for
ipycanvas 0.14's late-client bug lives in :func:`reset_canvas_manager` and nowhere else.

Large fonts reach canvases too: :data:`CANVAS_TEXT` is the one kit-wide switch (the presenter's
"Large fonts" toggle and ``?large=1`` set it).  With it on, every live board is painted again
``CANVAS_TEXT.grow`` times larger (1.5: the canvas itself grows and the drawing is redrawn at that
size, sharp, not stretched), and no text is painted under 24 px (16 px when it shrinks to two thirds).  A board never gets wider than its
box: the canvas shrinks with the page (aspect kept) and clicks still map to the drawing.

>>> from pirates_lab.widgets.drawing import Drawing
>>> board = BoardCanvas(120, 40, layers=("label",))
>>> board.draw("label", Drawing().text("cargo", 4, 20, font="11px sans-serif").ops)
>>> CANVAS_TEXT.large = True        # what the "Large fonts" toggle does: every live board paints again
>>> board.painted_sizes(), (board.canvas.width, board.canvas.height), board.scale
({'label': [24.0]}, (180, 60), 1.5)
>>> CANVAS_TEXT.large = False
>>> board.painted_sizes(), board.canvas.width
({'label': [11.0]}, 120)
"""
from __future__ import annotations

import os
import weakref
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets
import traitlets
from ipycanvas import MultiCanvas, hold_canvas

from .drawing import LARGE_TEXT_FLOOR, NORMAL_TEXT, DrawOp, TextSize, painted_sizes, replay, scale_ops

__all__ = ["BoardCanvas", "reset_canvas_manager", "CANVAS_TEXT", "CanvasText", "LARGE_ENV", "large_from_env",
           "live_boards"]

#: Set to 1 (``pirates-lab classroom --large``) to start with large fonts.
LARGE_ENV = "PIRATES_LAB_LARGE"


def large_from_env() -> bool:
    """Whether ``$PIRATES_LAB_LARGE`` asks for large fonts (1/yes/true; unset, 0, no, false: no)."""
    return os.environ.get(LARGE_ENV, "").strip().lower() not in ("", "0", "false", "no", "off")


class CanvasText(traitlets.HasTraits):
    """The kit-wide Large fonts switch for everything drawn: with ``large`` on, boards are painted
    ``grow`` times larger (geometry and text together, so nothing new collides) and every text at
    least ``floor`` px; ``scale`` multiplies the text alone on top of that (1: text keeps its place).
    Charts (:class:`~pirates_lab.widgets.kit.DistView`) grow by ``grow`` too.
    """

    large = traitlets.Bool(False)
    scale = traitlets.Float(1.0)
    floor = traitlets.Float(float(LARGE_TEXT_FLOOR))
    grow = traitlets.Float(1.5)

    def size(self, grown: float = 1.0) -> TextSize:
        """What :func:`~pirates_lab.widgets.drawing.replay` paints text with now, on a board painted ``grown``
        times its drawing: the floor grows with it (16 px x 1.5 = 24 px painted), so a grown board may shrink
        to two thirds in its box and still show no text under 16 px; relative to the drawing the text is
        then exactly as large as 16 px on the drawing itself (nothing collides that did not before)."""
        return TextSize(self.scale, self.floor * grown) if self.large else NORMAL_TEXT

    def factor(self) -> float:
        """How many times larger drawings are painted now (1 with Large fonts off)."""
        return float(self.grow) if self.large else 1.0


#: The one canvas text size of this kernel (the presenter bar sets ``large``).
CANVAS_TEXT = CanvasText(large=large_from_env())

_LIVE_BOARDS: "weakref.WeakSet[BoardCanvas]" = weakref.WeakSet()


def live_boards() -> list["BoardCanvas"]:
    """Every board not closed nor garbage collected (the ones a text-size change repaints)."""
    return [board for board in list(_LIVE_BOARDS) if board.comm is not None and board.canvas.comm is not None]


def _repaint_live_boards(change=None) -> None:
    for board in live_boards():
        board.repaint()


CANVAS_TEXT.observe(_repaint_live_boards, names=["large", "scale", "floor", "grow"])


def reset_canvas_manager(canvas) -> None:
    """Forget which canvas the shared manager drew on last, so a late client gets a full switch.

    ipycanvas 0.14.3: after a client connects late, redrawing without this logs "Cannot read
    properties of undefined (reading 'clearCanvas')" in the browser and leaves the canvas blank.
    A private attribute: if a future ipycanvas drops it, this function (and its test) is the one
    place to change.
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


class BoardCanvas(widgets.VBox):
    """A board with layers (``"background"``, ``"pieces"`` by default) and click mapping.

    ``width`` x ``height`` is the drawing's size (the coordinates of its ops and of ``to_board``); the
    canvas is painted ``scale`` times that (1.5 with Large fonts: see :data:`CANVAS_TEXT`) and shown no
    wider than its box (``grow=False``: the board never grows; ``shrinks=False``: it always has room for
    its painted size, so its text floor stays 16 px instead of growing with it).

    >>> from pirates_lab.widgets.drawing import Drawing
    >>> board = BoardCanvas(200, 100)
    >>> board.draw("background", Drawing().rect(0, 0, 200, 100, fill="#88c").ops)
    >>> len(board.ops["background"])
    1
    """

    def __init__(self, width: int = 600, height: int = 400, *, layers: Sequence[str] = ("background", "pieces"),
                 to_board: Callable[[float, float], object] | None = None, css_class: str = "pl-board",
                 grow: bool = True, shrinks: bool = True):
        self.layer_names = tuple(layers)
        self.grow = grow
        # a board that may be shown smaller than painted (a narrow box) paints its smallest text larger too;
        # ``shrinks=False``: it always has room for its painted size (its text floor stays 16 px)
        self.shrinks = shrinks
        self.scale = CANVAS_TEXT.factor() if grow else 1.0
        self.canvas = MultiCanvas(len(self.layer_names), width=round(width * self.scale),
                                  height=round(height * self.scale))
        self.canvas.add_class(css_class)
        self.width, self.height = width, height
        self._size_layout()
        self.ops: dict[str, tuple[DrawOp, ...]] = {name: () for name in self.layer_names}
        self.to_board = to_board or (lambda x, y: (x, y))
        self._click_callbacks: list[Callable] = []
        self.message = widgets.HTML("")
        self.message.add_class("pl-board-message")
        self.text_size = CANVAS_TEXT.size(self.scale if self.shrinks else 1.0)
        for index, name in enumerate(self.layer_names):
            self.canvas[index].on_client_ready(lambda name=name: self._redraw_layer(name))
        self.canvas.on_mouse_down(self._mouse_down)
        super().__init__([self.canvas, self.message])
        _LIVE_BOARDS.add(self)

    def layer(self, name: str):
        if name not in self.layer_names:
            raise KeyError(f"No layer {name!r}; layers: {', '.join(self.layer_names)}")
        return self.canvas[self.layer_names.index(name)]

    def _size_layout(self) -> None:
        """The canvas at its painted size, never wider than its box (the height follows: aspect kept)."""
        self.canvas.layout.width = f"{round(self.width * self.scale)}px"
        self.canvas.layout.max_width = "100%"
        self.canvas.layout.height = "auto"
        self.layout.max_width = "100%"

    def _rescale(self) -> None:
        """Follow the Large fonts switch: a new painted size (the canvas is cleared by the resize)."""
        scale = CANVAS_TEXT.factor() if self.grow else 1.0
        if scale != self.scale:
            self.scale = scale
            self.canvas.width, self.canvas.height = round(self.width * scale), round(self.height * scale)
            self._size_layout()

    def painted(self, layer: str) -> tuple[DrawOp, ...]:
        """The ops of ``layer`` as they are painted now (``scale`` times the drawing)."""
        return scale_ops(self.ops[layer], self.scale)

    def draw(self, layer: str, ops: Iterable[DrawOp]) -> None:
        """Replace what ``layer`` shows with ``ops`` (cleared first, drawn in one batch)."""
        canvas = self.layer(layer)
        self.ops[layer] = tuple(ops)
        self.text_size = CANVAS_TEXT.size(self.scale if self.shrinks else 1.0)
        with hold_canvas():
            canvas.clear()
            replay(canvas, self.painted(layer), self.text_size)

    def _redraw_layer(self, name: str) -> None:
        canvas = self.layer(name)
        reset_canvas_manager(canvas)
        self.text_size = CANVAS_TEXT.size(self.scale if self.shrinks else 1.0)
        with hold_canvas():
            canvas.clear()
            replay(canvas, self.painted(name), self.text_size)

    def redraw(self) -> None:
        """Draw every layer again for a client that connected late."""
        for name in self.layer_names:
            self._redraw_layer(name)

    def repaint(self) -> None:
        """Paint every layer again at the current :data:`CANVAS_TEXT` size (after the toggle)."""
        self._rescale()
        for name in self.layer_names:
            if self.ops[name]:
                self.draw(name, self.ops[name])

    def painted_sizes(self) -> dict[str, list[float]]:
        """The font size, in px, of every text of each layer as it was last painted."""
        return {name: painted_sizes(self.painted(name), self.text_size) for name in self.layer_names
                if any(op.kind == "text" for op in self.ops[name])}

    def on_click(self, callback: Callable[[object], None]) -> None:
        """``callback(board_position)`` on a click; errors show under the board."""
        self._click_callbacks.append(callback)

    def click(self, x: float, y: float) -> None:
        """Simulate a click at the drawing's coordinates (what a mouse-down there does)."""
        self._clicked(x, y)

    def _mouse_down(self, x: float, y: float) -> None:
        """A mouse-down in the painted canvas's pixels: back to the drawing's coordinates."""
        self._clicked(x / self.scale, y / self.scale)

    def _clicked(self, x: float, y: float) -> None:
        try:
            position = self.to_board(x, y)
            for callback in self._click_callbacks:
                callback(position)
        except Exception as error:  # shown in place; the board keeps working
            self.message.value = f"<span class='pl-error' style='color:#b22222'>{error}</span>"
        else:
            self.message.value = ""
