"""Presenter mode: large fonts for a projector, switched by one toggle.

``presenter_bar()`` shows a small bar with a "Large fonts" toggle.  Classroom mode
(``pirates-lab classroom``) puts it on top of every page by itself; a notebook may also call it.
The style is plain CSS in an HTML widget, so it needs no front-end extension and works the same
in Voila and JupyterLab.

>>> bar = PresenterBar(large=False)
>>> bar.css.value
''
>>> bar.toggle.value = True            # what a click does
>>> "--jp-widgets-font-size" in bar.css.value
True
>>> presenter_css(scale=1.5).count("px") > 5
True
"""
from __future__ import annotations

import os

import ipywidgets as widgets

__all__ = ["PresenterBar", "presenter_bar", "presenter_css", "LARGE_SCALE"]

#: How much larger text gets in presenter mode.
LARGE_SCALE = 1.5

#: Jupyter's font-size variables (in px at normal size) and the widgets' row height.
_FONT_VARIABLES = {
    "--jp-ui-font-size0": 11, "--jp-ui-font-size1": 13, "--jp-ui-font-size2": 15, "--jp-ui-font-size3": 18,
    "--jp-content-font-size0": 11, "--jp-content-font-size1": 14, "--jp-content-font-size2": 17,
    "--jp-content-font-size3": 20, "--jp-content-font-size4": 24, "--jp-content-font-size5": 28,
    "--jp-code-font-size": 13, "--jp-widgets-font-size": 13, "--jp-widgets-inline-height": 28,
    "--jp-widgets-inline-label-width": 80,
}


def presenter_css(scale: float = LARGE_SCALE) -> str:
    """CSS that scales Jupyter's and the widgets' text by ``scale`` (canvases keep their size)."""
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    variables = "".join(f"{name}:{round(size * scale)}px !important;" for name, size in _FONT_VARIABLES.items())
    base = round(14 * scale)
    return (f":root,body{{{variables}}}"
            f".jp-RenderedHTMLCommon,.widget-html-content,.widget-label,.pl-dist,.pl-rule,.pl-assumption"
            f"{{font-size:{base}px !important;line-height:1.4}}"
            f".jupyter-widgets button,.jupyter-widgets input,.jupyter-widgets select"
            f"{{font-size:{base}px !important}}"
            f".pl-presenter-bar{{font-size:{base}px}}")


def _default_large() -> bool:
    return os.environ.get("PIRATES_LAB_LARGE", "") not in ("", "0", "false", "no")


class PresenterBar(widgets.HBox):
    """A "Large fonts" toggle and the style it switches; ``.large`` says which is on."""

    def __init__(self, large: bool | None = None, scale: float = LARGE_SCALE):
        self.scale = scale
        self.toggle = widgets.ToggleButton(value=_default_large() if large is None else bool(large),
                                           description="Large fonts", icon="search-plus",
                                           tooltip="Larger text for a projector (click again for normal size)",
                                           layout=widgets.Layout(width="auto"))
        self.toggle.add_class("pl-presenter-toggle")
        self.css = widgets.HTML()
        self.css.add_class("pl-presenter-style")
        self.toggle.observe(lambda change: self._apply(), names="value")
        super().__init__([self.toggle, self.css], layout=widgets.Layout(justify_content="flex-end"))
        self.add_class("pl-presenter-bar")
        self._apply()

    @property
    def large(self) -> bool:
        return self.toggle.value

    @large.setter
    def large(self, value: bool) -> None:
        self.toggle.value = bool(value)

    def _apply(self) -> None:
        self.css.value = f"<style>{presenter_css(self.scale)}</style>" if self.toggle.value else ""


def presenter_bar(large: bool | None = None, scale: float = LARGE_SCALE) -> PresenterBar:
    """The bar to display at the top of a notebook (``large=None``: ``$PIRATES_LAB_LARGE`` decides)."""
    return PresenterBar(large=large, scale=scale)
