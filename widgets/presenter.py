"""Presenter mode: large fonts and a high-contrast projector theme, each switched by one toggle.

``presenter_bar()`` shows a small bar with a "Large fonts" toggle and a "Projector" toggle
(high contrast, after PhET's Projector Mode: black on white, strong colours, thick lines).  Classroom mode
(``pirates-lab classroom``) puts it on top of every page by itself; a notebook may also call it.
The style is plain CSS in an HTML widget, so it needs no front-end extension and works the same
in Voila and JupyterLab.  CSS cannot reach text drawn on a canvas: the toggle also sets the kit's
canvas text size (:data:`~pirates_lab.widgets.canvas.CANVAS_TEXT`), and every live board paints
its text again (at least 16 px with Large fonts).

>>> bar = PresenterBar(large=False)
>>> bar.css.value
''
>>> bar.toggle.value = True            # what a click does
>>> "--jp-widgets-font-size" in bar.css.value, CANVAS_TEXT.large
(True, True)
>>> bar.toggle.value = False
>>> CANVAS_TEXT.large
False
>>> presenter_css(scale=1.5).count("px") > 5
True
"""
from __future__ import annotations

import ipywidgets as widgets

from .canvas import CANVAS_TEXT, large_from_env

__all__ = ["PresenterBar", "presenter_bar", "presenter_css", "projector_css", "LARGE_SCALE", "LARGE_BUTTON_PX",
           "LARGE_HANDLE_PX"]

#: How much larger text gets in presenter mode.
LARGE_SCALE = 1.5

#: Jupyter's font-size variables (in px at normal size) and the widgets' row height.
_FONT_VARIABLES = {
    "--jp-ui-font-size0": 11, "--jp-ui-font-size1": 13, "--jp-ui-font-size2": 15, "--jp-ui-font-size3": 18,
    "--jp-content-font-size0": 11, "--jp-content-font-size1": 14, "--jp-content-font-size2": 17,
    "--jp-content-font-size3": 20, "--jp-content-font-size4": 24, "--jp-content-font-size5": 28,
    "--jp-code-font-size": 13, "--jp-widgets-font-size": 13, "--jp-widgets-inline-height": 28,
    "--jp-widgets-inline-label-width": 80, "--jp-widgets-menu-item-height": 24,
    "--jp-widgets-slider-handle-size": 18, "--jp-widgets-slider-track-thickness": 5,
    "--jp-widgets-inline-width": 300, "--jp-widgets-horizontal-tab-height": 28,
    "--jp-widgets-progress-thickness": 20,
}

#: with Large fonts, a button is at least this tall and a slider handle at least this big (issue 19)
LARGE_BUTTON_PX, LARGE_HANDLE_PX = 42, 28


def presenter_css(scale: float = LARGE_SCALE) -> str:
    """CSS that scales Jupyter's and the widgets' text by ``scale`` (canvases keep their size)."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    variables = "".join(f"{name}:{round(size * scale)}px !important;" for name, size in _FONT_VARIABLES.items())
    base = round(14 * scale)
    button = max(LARGE_BUTTON_PX, round(28 * scale))
    handle = max(LARGE_HANDLE_PX, round(18 * scale))
    return (f":root,body,.jupyter-widgets,.jp-OutputArea{{{variables}}}"
            f".jp-RenderedHTMLCommon,.widget-html-content,.widget-label,.pl-dist,.pl-rule,.pl-assumption"
            f"{{font-size:{base}px !important;line-height:1.4}}"
            f".jupyter-widgets button,.jupyter-widgets input,.jupyter-widgets select"
            f"{{font-size:{base}px !important}}"
            # what a class clicks: buttons at least 42 px tall, slider handles 28 px, long slider tracks
            f".jupyter-widgets button.jupyter-button,.widget-toggle-button,.widget-toggle-buttons button"
            f"{{min-height:{button}px !important;height:auto !important}}"
            f".widget-dropdown select,.widget-text input,.widget-readout{{min-height:{button - 4}px !important}}"
            f".widget-slider .noUi-handle{{width:{handle}px !important;height:{handle}px !important;"
            f"border-radius:{handle // 2}px !important}}"
            f".widget-hslider .noUi-handle{{top:calc(-{handle}px / 2 + 3px) !important;"
            f"right:calc(-{handle}px / 2) !important}}"
            f".widget-hslider .noUi-target{{height:{max(6, round(5 * scale))}px !important}}"
            # controls never wider than their box (a long track where there is room, shorter where there is not)
            f".widget-hslider,.widget-text,.widget-dropdown{{max-width:100% !important}}"
            f".pl-presenter-bar{{font-size:{base}px}}"
            # charts (bqplot SVG) and their labels scale too: at least 16 px on a projector
            f".bqplot .tick text,.bqplot .axislabel{{font-size:{max(16, round(12 * scale))}px !important}}"
            f".bqplot .mainheading{{font-size:{max(18, round(15 * scale))}px !important}}")


def projector_css() -> str:
    """High contrast for a washed-out projector: black text on white, no pale fills, thick outlines.

    >>> "color:#000" in projector_css()
    True
    """
    return ("body,.jp-Notebook,.jp-OutputArea,#rendered_cells{background:#fff !important;color:#000 !important}"
            ".widget-html-content,.widget-label,.jp-RenderedHTMLCommon,.pl-rule,.pl-assumption,.pl-dist"
            "{color:#000 !important}"
            ".pl-rule{background:#fff !important;border-left:6px solid #000 !important}"
            ".pl-assumption{background:#fff !important;border:3px dashed #000 !important}"
            ".jupyter-widgets button{border:2px solid #000 !important;font-weight:700}"
            ".bqplot rect.bar{stroke:#000;stroke-width:1.5px}"
            ".bqplot .tick text{fill:#000 !important;font-weight:700}"
            ".pl-error{color:#c00000 !important}")


class PresenterBar(widgets.HBox):
    """A "Large fonts" toggle and the style it switches; ``.large`` says which is on."""

    def __init__(self, large: bool | None = None, scale: float = LARGE_SCALE):
        self.scale = scale
        self.toggle = widgets.ToggleButton(value=large_from_env() if large is None else bool(large),
                                           description="Large fonts", icon="search-plus",
                                           tooltip="Larger text for a projector (click again for normal size)",
                                           layout=widgets.Layout(width="auto"))
        self.toggle.add_class("pl-presenter-toggle")
        self.contrast = widgets.ToggleButton(value=False, description="Projector", icon="adjust",
                                             tooltip="High contrast for a projector (click again for normal colours)",
                                             layout=widgets.Layout(width="auto"))
        self.contrast.add_class("pl-projector-toggle")
        self.css = widgets.HTML()
        self.css.add_class("pl-presenter-style")
        self.toggle.observe(lambda change: self._apply(), names="value")
        self.contrast.observe(lambda change: self._apply(), names="value")
        super().__init__([self.contrast, self.toggle, self.css], layout=widgets.Layout(justify_content="flex-end"))
        self.add_class("pl-presenter-bar")
        self._apply()

    @property
    def large(self) -> bool:
        return self.toggle.value

    @large.setter
    def large(self, value: bool) -> None:
        self.toggle.value = bool(value)

    def _apply(self) -> None:
        style = (presenter_css(self.scale) if self.toggle.value else "") + (projector_css() if self.contrast.value else "")
        self.css.value = f"<style>{style}</style>" if style else ""
        CANVAS_TEXT.large = self.toggle.value      # canvases: CSS cannot reach their text


def presenter_bar(large: bool | None = None, scale: float = LARGE_SCALE) -> PresenterBar:
    """The bar to display at the top of a notebook (``large=None``: ``$PIRATES_LAB_LARGE`` decides;
    ``?large=1`` in a classroom page address gives ``large=True``)."""
    return PresenterBar(large=large, scale=scale)
