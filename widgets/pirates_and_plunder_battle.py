"""The secret-battle lab of Pirates & Plunder (the Battles option): both sides' best secret mixes, exact.

:class:`BattleLabModel` holds the numbers (plain Python, tested without a browser); :class:`BattleLab` shows
them: controls whose limits follow the rules, a bqplot chart of both mixes that grows with Large fonts, the
chance that the attack succeeds with its :class:`~pirates_lab.widgets.why.WhyTree` under it, and the open
battle of the basic rules beside it.

Rules: Pirates & Plunder › Battles

>>> model = BattleLabModel(2, 1, 0, 3, 1)
>>> model.bars()[0], str(model.game.success())
([0, 1, 2], '8/9')
"""
from __future__ import annotations

import functools
import html
from collections.abc import Callable

import ipywidgets as widgets

from pirates_lab.pirates_and_plunder import secret_battle
from pirates_lab.pirates_and_plunder.battles import open_battle
from pirates_lab.pirates_and_plunder.lessons import BATTLE

from .controls import rule_slider
from .kit import error_html, growing_chart
from .shown import number_html
from .why import WhyTree

__all__ = ["BattleLabModel", "BattleLab", "ATTACKER_COLOUR", "DEFENDER_COLOUR", "MOST_RESOURCES", "CHART_SIZE"]

ATTACKER_COLOUR, DEFENDER_COLOUR = "#c62828", "#1f4fd1"
#: the sliders stop here: 15 is one resource type's whole supply (the game has 15 of each of 4 types)
MOST_RESOURCES = 15
#: the chart at normal size (1.5 times with Large fonts: kit.growing_chart)
CHART_SIZE = (440, 190)
_MARGIN = {"top": 36, "bottom": 50, "left": 76, "right": 12}


@functools.lru_cache(maxsize=256)
def _solved(attacker, defender, base, ship_value, resource_value):
    """A secret battle solved once (moving a slider back and forth, Reset, the screen shown again)."""
    return secret_battle(attacker, defender, base, ship_value, resource_value)


class BattleLabModel:
    """The numbers behind the battle lab.

    Rules: Pirates & Plunder › Battles
    """

    def __init__(self, attacker: int = BATTLE["attacker"], defender: int = BATTLE["defender"],
                 base: int = BATTLE["base"], ship_value: int = BATTLE["ship_value"],
                 resource_value: int = BATTLE["resource_value"]):
        self.set(attacker, defender, base, ship_value, resource_value)

    def set(self, attacker, defender, base, ship_value, resource_value) -> None:
        self.game = _solved(attacker, defender, base, ship_value, resource_value)
        self.open = open_battle(attacker, defender, base)

    def bars(self) -> tuple:
        """x (commitments), the attacker's and the defender's optimal probabilities (floats, for the chart)."""
        top = max(self.game.attacker_resources, self.game.defender_resources)
        xs = list(range(top + 1))
        return xs, [float(self.game.attacker[a]) for a in xs], [float(self.game.defender[d]) for d in xs]

    def title(self) -> str:
        """The chart's title, following the data."""
        g = self.game
        side = "a merchant" if g.defender_base else "a pirate"
        return f"{g.attacker_resources} against {g.defender_resources}, {side} defends"

    def summary(self) -> str:
        """The secret battle's value in words (HTML; ``exactly <fraction>`` is the attacker's expected gain); the
        chance that the attack succeeds is the why tree under it."""
        g = self.game
        return (f"<div class='pl-pnp-battle-summary'><b>Both keep their choice secret:</b> the attacker gains "
                f"{float(g.value):.2f} points on average (exactly {g.value}). How often the attack succeeds "
                f"(tap it to see which commitments make it up):</div>")

    def open_text(self) -> str:
        """The open battle of the basic rules in words (HTML)."""
        return (f"<div class='pl-pnp-open-battle'><b>Open battle</b> (the defender answers after seeing the attack): "
                f"{html.escape(self.open.describe())}</div>")


class BattleLab(widgets.VBox):
    """Controls for both sides' resources, who defends and the values at stake; a chart of both optimal mixes;
    the chance that the attack succeeds with its why (``rule_link``: heading -> a screen's address).

    Each control has its label on its own line above it, in a column beside the chart, so the lab fits a 1024 px
    projector with Large fonts; the chart grows 1.5 times with them (:func:`~pirates_lab.widgets.kit.growing_chart`);
    its legend is HTML and its probability axis has five ticks (never overlapping).
    """

    def __init__(self, model: BattleLabModel | None = None, *, rule_link: Callable[[str], str | None] | None = None):
        import bqplot as bq
        self.model = model or BattleLabModel()
        g = self.model.game
        width = widgets.Layout(width="220px", max_width="100%")
        self.attacker = rule_slider("", g.attacker_resources, 0, MOST_RESOURCES, layout=width)
        self.defender = rule_slider("", g.defender_resources, 0, MOST_RESOURCES, layout=width)
        self.base = widgets.ToggleButtons(options=[("a pirate (base 0)", 0), ("a merchant (base 1)", 1)],
                                          value=g.defender_base, style={"button_width": "auto"})
        self.ship = rule_slider("", int(g.ship_value), 1, 20, layout=width)
        self.resource = rule_slider("", int(g.resource_value), 0, 5, layout=width)
        for control in (self.attacker, self.defender, self.base, self.ship, self.resource):
            control.observe(self._changed, names="value")
        self.attacker.add_class("pl-pnp-attacker-slider")
        self.defender.add_class("pl-pnp-defender-slider")
        controls = [_labelled(text, control) for text, control in (
            ("attacker's resources", self.attacker), ("defender's resources", self.defender),
            ("the ship is worth (points)", self.ship), ("a resource is worth", self.resource))]
        # who defends: under the chart, its buttons side by side (a column of five controls is taller than the chart)
        defends = widgets.HBox([widgets.HTML("<span class='pl-pnp-control-label'>who defends:</span>"), self.base],
                               layout=widgets.Layout(align_items="center", flex_flow="row wrap", max_width="100%"))
        xs, a, d = self.model.bars()
        x_scale, y_scale = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
        self.bars = bq.Bars(x=xs, y=[a, d], scales={"x": x_scale, "y": y_scale}, type="grouped",
                            colors=[ATTACKER_COLOUR, DEFENDER_COLOUR], labels=["attacker", "defender"],
                            display_legend=False)
        self.figure = bq.Figure(marks=[self.bars], axes=[bq.Axis(scale=x_scale, label="resources committed"),
                                                         bq.Axis(scale=y_scale, side="left", label="probability",
                                                                 tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1],
                                                                 label_offset="56px")],
                                title=self.model.title(), fig_margin=dict(_MARGIN))
        self.figure.add_class("pl-pnp-battle-chart")
        growing_chart(self.figure, *CHART_SIZE, _MARGIN)
        self.legend = widgets.HTML(
            "<div class='pl-pnp-battle-legend'>"
            f"<span style='display:inline-block;width:1em;height:1em;background:{ATTACKER_COLOUR}'></span> attacker "
            f"&nbsp; <span style='display:inline-block;width:1em;height:1em;background:{DEFENDER_COLOUR}'></span> defender"
            "</div>")
        self.text = widgets.HTML(self.model.summary())
        self.open_text = widgets.HTML(self.model.open_text())
        self.why = WhyTree(self.model.game.why(), rule_link=rule_link)
        self.why.view.layout.width = "auto"          # the tree's box less its margins (100% passes it by 4 px)
        self.message = widgets.HTML()
        # the chart and the controls side by side in a row that never wraps (a chart in a wrapping row can
        # resize itself back and forth between one line and two)
        box = widgets.VBox(controls, layout=widgets.Layout(flex="1 1 auto", min_width="0", margin="0 0 0 12px"))
        box.add_class("pl-pnp-battle-controls")
        # overflow visible: the figure's own 2 px margins may pass its box by a hair (nothing is hidden)
        chart = widgets.VBox([self.figure, self.legend, defends], layout=widgets.Layout(flex="0 1 auto", min_width="0",
                                                                             overflow="visible"))
        row = widgets.HBox([chart, box], layout=widgets.Layout(align_items="flex-start", max_width="100%"))
        super().__init__([row, self.text, self.why, self.open_text, self.message], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-pnp-battle-lab")

    def _changed(self, change) -> None:
        try:
            self.model.set(self.attacker.value, self.defender.value, self.base.value, self.ship.value,
                           self.resource.value)
        except Exception as error:
            self.message.value = error_html(error)
            return
        self.message.value = ""
        xs, a, d = self.model.bars()
        self.bars.x, self.bars.y = xs, [a, d]
        self.figure.title = self.model.title()
        self.text.value = self.model.summary()
        self.open_text.value = self.model.open_text()
        self.why.tree = self.model.game.why()


def _labelled(text: str, control: widgets.Widget) -> widgets.VBox:
    """A control with its label on its own line above it (a label beside a slider is cut with Large fonts)."""
    return widgets.VBox([widgets.HTML(f"<span class='pl-pnp-control-label'>{html.escape(text)}</span>"), control],
                        layout=widgets.Layout(margin="0 16px 4px 0", max_width="100%"))
