"""BoardCanvas: an ipycanvas MultiCanvas with named layers that replays pure draw operations.

The canvas remembers the operations of each layer, so it can draw them again when a page
connects late (Voila runs the notebook before the browser is there).  The workaround for
ipycanvas 0.14's late-client bug lives in :func:`reset_canvas_manager` and nowhere else.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from .drawing import DrawOp, replay

__all__ = ["BoardCanvas", "reset_canvas_manager"]


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

    >>> from pirates_lab.widgets.drawing import Drawing
    >>> board = BoardCanvas(200, 100)
    >>> board.draw("background", Drawing().rect(0, 0, 200, 100, fill="#88c").ops)
    >>> len(board.ops["background"])
    1
    """

    def __init__(self, width: int = 600, height: int = 400, *, layers: Sequence[str] = ("background", "pieces"),
                 to_board: Callable[[float, float], object] | None = None, css_class: str = "pl-board"):
        self.layer_names = tuple(layers)
        self.canvas = MultiCanvas(len(self.layer_names), width=width, height=height)
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{height}px"
        self.canvas.add_class(css_class)
        self.width, self.height = width, height
        self.ops: dict[str, tuple[DrawOp, ...]] = {name: () for name in self.layer_names}
        self.to_board = to_board or (lambda x, y: (x, y))
        self._click_callbacks: list[Callable] = []
        self.message = widgets.HTML("")
        self.message.add_class("pl-board-message")
        for index, name in enumerate(self.layer_names):
            self.canvas[index].on_client_ready(lambda name=name: self._redraw_layer(name))
        self.canvas.on_mouse_down(self._mouse_down)
        super().__init__([self.canvas, self.message])

    def layer(self, name: str):
        if name not in self.layer_names:
            raise KeyError(f"No layer {name!r}; layers: {', '.join(self.layer_names)}")
        return self.canvas[self.layer_names.index(name)]

    def draw(self, layer: str, ops: Iterable[DrawOp]) -> None:
        """Replace what ``layer`` shows with ``ops`` (cleared first, drawn in one batch)."""
        canvas = self.layer(layer)
        self.ops[layer] = tuple(ops)
        with hold_canvas():
            canvas.clear()
            replay(canvas, self.ops[layer])

    def _redraw_layer(self, name: str) -> None:
        canvas = self.layer(name)
        reset_canvas_manager(canvas)
        with hold_canvas():
            canvas.clear()
            replay(canvas, self.ops[name])

    def redraw(self) -> None:
        for name in self.layer_names:
            self._redraw_layer(name)

    def on_click(self, callback: Callable[[object], None]) -> None:
        """``callback(board_position)`` on a click; errors show under the board."""
        self._click_callbacks.append(callback)

    def click(self, x: float, y: float) -> None:
        """Simulate a click at canvas coordinates (what a mouse-down does)."""
        self._mouse_down(x, y)

    def _mouse_down(self, x: float, y: float) -> None:
        try:
            position = self.to_board(x, y)
            for callback in self._click_callbacks:
                callback(position)
        except Exception as error:  # shown in place; the board keeps working
            self.message.value = f"<span class='pl-error' style='color:#b22222'>{error}</span>"
        else:
            self.message.value = ""
