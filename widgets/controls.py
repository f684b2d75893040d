"""Controls that stay legal (issue 19 item 8): a class can reach only positions the rules allow.

- :class:`ToggleSet` picks several things by tapping them (a touch board cannot Ctrl-click a multi-select);
  ``most`` limits how many (a hand size): the others are disabled while the limit is reached.
- :func:`rule_slider`: an integer slider whose limits come from the rules (refused at once if they make no
  sense), never "at least 0" of something.

>>> hand = ToggleSet(["Havana", "Coastland", "Port Royal"], most=2)
>>> hand.buttons[0].value = True; hand.buttons[2].value = True
>>> hand.value, hand.buttons[1].disabled
(('Havana', 'Port Royal'), True)
>>> rule_slider("crew", 3, 1, 5).max
5
"""
from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets
import traitlets

from pirates_lab.core import InvalidInput

__all__ = ["ToggleSet", "rule_slider"]


class ToggleSet(widgets.HBox):
    """One toggle button per option; ``value`` is the tuple of options switched on, in the options' order."""

    value = traitlets.Tuple()

    def __init__(self, options: Sequence[str], *, value: Sequence[str] = (), most: int | None = None,
                 css_class: str = "pl-toggle-set"):
        self.options = tuple(str(o) for o in options)
        if len(set(self.options)) != len(self.options):
            raise InvalidInput("Each option of a ToggleSet is named once.")
        if most is not None and (isinstance(most, bool) or not isinstance(most, int) or most < 1):
            raise InvalidInput(f"most is a whole number from 1, not {most!r}.")
        self.most = most
        self.buttons = [widgets.ToggleButton(value=o in value, description=o, tooltip=o,
                                             layout=widgets.Layout(width="auto")) for o in self.options]
        for button in self.buttons:
            button.observe(lambda change: self._changed(), names="value")
        super().__init__(self.buttons, layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
        self.add_class(css_class)
        self._changed()

    def _changed(self) -> None:
        chosen = tuple(o for o, b in zip(self.options, self.buttons) if b.value)
        full = self.most is not None and len(chosen) >= self.most
        for button in self.buttons:
            button.disabled = full and not button.value        # the limit is reached: only un-choosing is left
        self.value = chosen


def rule_slider(description: str, value: int, low: int, high: int, **options) -> widgets.IntSlider:
    """An integer slider from ``low`` to ``high`` (the rules' limits), starting at ``value``; a range that
    makes no sense (low above high, a value outside it) is refused at once."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (value, low, high)):
        raise InvalidInput("A slider's value and limits are whole numbers.")
    if low > high or not low <= value <= high:
        raise InvalidInput(f"{description}: {value} is not between {low} and {high}.")
    slider = widgets.IntSlider(value=value, min=low, max=high, description=description, continuous_update=False,
                               style={"description_width": "initial"}, **options)
    slider.add_class("pl-rule-slider")
    return slider
