"""Pillage & Plunder at the table: the board GameTable draws for the game (its registered renderer), and the
picture of a four-player table the lesson opens with.

Both are pure functions of what a seat may see (the observation) or of the data file: lists of draw
operations, tested without a browser.  Texts are drawn at 16 px or more on the drawing, so with Large
fonts (painted 1.5 times) nothing grows into its neighbour.

>>> from pirates_lab.pillage_and_plunder.game import Game
>>> renderer = PillageRenderer(Game(players=3))
>>> renderer.seat_name(0), renderer.width, renderer.height
('Player 1', 480, 320)

Rules: Pillage & Plunder › Your Ship
Rules: Pillage & Plunder › Game Setup
"""
from __future__ import annotations

import ipywidgets as widgets

from pirates_lab.pillage_and_plunder import components as C

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .table import GameTable

__all__ = ["TryIt", "short_move", "wrap_long_moves", "MOVE_CSS", "fit_coach_table", "PillageRenderer", "PillageTable",
           "board_view_ops", "table_picture_ops", "table_picture", "seat_name", "CREW_COLOURS",
           "BOARD_WIDTH", "PICTURE_WIDTH", "PICTURE_HEIGHT"]

BOARD_WIDTH = 480
TOP = 72                       # the strip with the draw piles, the discard pile and the battle
ROW = 80                       # one player's row
FONT = "16px sans-serif"
BOLD = "bold 16px sans-serif"
#: crewmen by kind: cutlass green, pistol blue, officers gold
CREW_COLOURS = {"Cutlass Crewman": "#6b8e23", "Pistol Crewman": "#3b6ea5"}
OFFICER_COLOUR = "#daa520"
SEA, PAPER, INK, WOOD = "#dbe9f4", "#fbf7ef", "#1f1408", "#6b4f2a"
_STAGES = {1: "spotting", 2: "fight or flee", 3: "cannons", 4: "mêlée", 5: "plunder"}


def seat_name(seat: int) -> str:
    """Seats are numbered from 1 for people, as the engine's log numbers them."""
    return f"Player {seat + 1}"


def _crew_colour(man: str) -> str:
    return CREW_COLOURS.get(man, OFFICER_COLOUR)


def _side(side: dict | None) -> str:
    if not side:
        return "?"
    if side.get("type") == "player":
        return seat_name(side["player"])
    return str(side.get("card", "a ship")).replace(" (Strength ", " (strength ")


def _battle_line(battle: dict | None) -> str:
    if not battle:
        return ""
    stage = _STAGES.get(battle.get("stage"), "")
    return (f"Battle{f' ({stage})' if stage else ''}: {_side(battle.get('attacker'))} v "
            f"{_side(battle.get('defender'))}")


def board_view_ops(observation: dict, player: int, data: C.Components | None = None, *,
                   width: int = BOARD_WIDTH, show_deck: bool = True) -> tuple[DrawOp, ...]:
    """The table as ``player`` sees it: the draw piles and the discard pile, a battle under way, then one row
    per player — hull and damage (red markers), cannons, crew (green cutlass, blue pistol, gold officers),
    hoard, cargo, maps, prizes, cards in hand and the add-ons of the hull on top.  The player to act is outlined
    in red.

    Rules: Pillage & Plunder › Your Ship
    """
    data = data or C.load()
    seats = observation["players"]
    d = Drawing().clear().rect(0, 0, width, TOP + ROW * len(seats) + 8, fill=SEA)
    discard = observation.get("discard") or []
    d.rect(10, 10, 34, 46, fill="#2f3e4e", stroke="#ffffff", width=2).rect(16, 14, 34, 46, fill="#2f3e4e",
                                                                           stroke="#ffffff", width=2)
    piles = f"draw piles: {observation['deck']} cards" if show_deck else "the two draw piles"
    d.text(piles, 60, 28, font=FONT, fill=INK)
    d.text(f"discard: {discard[-1]}" if discard else "discard pile: empty", 60, 50, font=FONT, fill=INK,
           max_width=width - 70)
    battle = _battle_line(observation.get("battle"))
    if battle:
        d.text(battle, 10, 68, font=FONT, fill="#b22222", max_width=width - 20)
    to_act = observation.get("to_act")
    for i, seat in enumerate(seats):
        y = TOP + 4 + ROW * i
        acting = to_act == i
        d.rect(6, y, width - 12, ROW - 6, fill="#eeeeee" if seat["eliminated"] else PAPER,
               stroke="#b22222" if acting else WOOD, width=3 if acting else 1)
        name = seat_name(i) + (" (you)" if i == player else "")
        if seat["eliminated"]:
            d.text(f"{name}: out of the game", 16, y + 22, font=BOLD, fill="#777777")
            continue
        ship = seat["ships"][0]
        hull = data.hulls[ship["hulls"][-1]["hull"]]
        d.text(f"{name}: {hull.name}", 16, y + 22, font=BOLD, fill=INK, max_width=250)
        d.text(f"hoard {seat['hoard']:,}", width - 18, y + 22, font=BOLD, fill="#8b6508", align="right")
        for k in range(hull.strength):
            d.circle(22 + 15 * k, y + 40, 6, fill="#b22222" if k < ship["damage"] else "#ffffff", stroke="#333333")
        x = 32 + 15 * hull.strength
        for k in range(ship["cannons"]):
            d.rect(x + 14 * k, y + 34, 11, 11, fill="#222222")
        x += 14 * max(ship["cannons"], 1) + 12
        for k, man in enumerate(ship["crew"]):
            d.circle(x + 6 + 15 * k, y + 40, 6, fill=_crew_colour(man), stroke="#222222")
        units = sum(data.cargo_units(card) for s in seat["ships"] for card in s["cargo"])
        room = sum(data.hulls[s["hulls"][-1]["hull"]].cargo for s in seat["ships"])
        extras = [f"cargo {units}/{room}", f"maps {len(seat['maps'])}", f"prizes {len(seat['prizes'])}",
                  f"{seat['hand_size']} cards"]
        extras += ship["hulls"][-1].get("addons", [])          # the add-ons of the hull on top (the others stay under)
        if len(seat["ships"]) > 1:
            extras.append(f"{len(seat['ships'])} ships")
        if seat.get("privateer"):
            extras.append("privateer")
        if seat.get("lose_turn"):
            extras.append("loses a turn")
        d.text(" · ".join(extras), 16, y + 66, font=FONT, fill=WOOD, max_width=width - 32)
    return d.ops


class PillageRenderer:
    """GameTable's board for Pillage & Plunder (registered in ``pirates_lab.renderers``): the table as the seat
    shown sees it, "your hand" from its own row of the observation, and seats named from 1."""

    width = BOARD_WIDTH

    def __init__(self, game=None):
        self.data = getattr(game, "data", None) or C.load()
        players = getattr(game, "players", 4)
        self.height = TOP + ROW * players + 8

    def draw(self, observation: dict, player: int) -> tuple[DrawOp, ...]:
        return board_view_ops(observation, player, self.data)

    def hand(self, observation: dict, player: int) -> list[str]:
        return list(observation["players"][player]["hand"] or [])

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)


#: a move's whole name on its button: long names ("play French Merchant (Strength 2) with Gems 20 Units") wrap onto
#: a second line instead of being cut off (with Large fonts too)
MOVE_CSS = (".pl-pp-moves .pl-table-actions button.pl-table-action,.pl-pp-moves .pl-table-actions button.pl-table-group"
            "{white-space:normal;height:auto;min-height:var(--jp-widgets-inline-height);line-height:1.15;"
            "padding-top:2px;padding-bottom:2px;overflow-wrap:anywhere;text-overflow:clip}"
            # the tabs' 15 px padding on every side costs a Large-fonts screen its last lines
            ".pl-pp-moves .jupyter-widgets.jupyter-widget-tab>.widget-tab-contents{padding:4px 6px}")


def wrap_long_moves(table: GameTable) -> widgets.HTML:
    """Let ``table``'s move buttons wrap their names (:data:`MOVE_CSS`); returns the hidden style widget, which the
    caller keeps among the table's children."""
    table.add_class("pl-pp-moves")
    style = widgets.HTML(f"<style>{MOVE_CSS}</style>", layout=widgets.Layout(display="none"))
    style.add_class("pl-pp-moves-style")
    return style


def fit_coach_table(table: GameTable) -> GameTable:
    """A table with a Coach toggle (``pirates_lab.widgets.coach.coach_table``) fitted to one screen, as
    :class:`PillageTable` fits its own: whose move and the buttons on one line, the board and the log in two tabs
    ("Your move", "Log"), and the coach's answer in a third tab, "Coach", opened when the toggle is switched on (under
    the table it would make the screen twice as tall); long move names wrap.  Returns ``table``, changed in place."""
    _title, turn, _scores, middle, message, log, controls = table.children
    tabs = widgets.Tab([middle, log])
    tabs.titles = ("Your move", "Log")
    tabs.add_class("pl-pp-table-tabs")
    table.tabs = tabs
    table.move_style = wrap_long_moves(table)
    table.children = (widgets.HBox([turn, controls], layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                           grid_gap="12px")),
                      tabs, message, table.move_style)

    def coach_in_a_tab(change) -> None:       # after attach_coach's own observer, which put the panel last
        panel = table.coach
        if panel is None:
            return
        table.children = tuple(c for c in table.children if c is not panel)
        if change["new"]:
            tabs.children, tabs.titles = (middle, log, panel), ("Your move", "Log", "Coach")
            tabs.selected_index = 2
        else:
            tabs.selected_index = 0
            tabs.children, tabs.titles = (middle, log), ("Your move", "Log")

    table.coach_toggle.observe(coach_in_a_tab, names="value")
    return table


def short_move(label: str) -> str:
    """A move's name for its button: "play Cannon onto the discard pile" is "discard Cannon" (the tooltip keeps the
    whole name).

    >>> short_move("play Schooner onto the discard pile"), short_move("play Schooner")
    ('discard Schooner', 'play Schooner')
    """
    ending = " onto the discard pile"
    if label.startswith("play ") and label.endswith(ending):
        return "discard " + label[len("play "):-len(ending)]
    return label


class PillageTable(GameTable):
    """A game against computer pirates that fits one screen: you are Player 1; "Your move" holds the board, your
    hand and your actions, "Log" what happened (newest last).  The computer pirates (``computer``, default the
    strategy lab's "greedy" pirate) decide from their own seat's view only."""

    def __init__(self, players: int = 3, *, seed: int = 7, computer=None):
        from pirates_lab.pillage_and_plunder.game import Game
        from pirates_lab.pillage_and_plunder.policies import POLICIES

        game = Game(players=players)
        super().__init__(game, PillageRenderer(game), humans=(0,), players=computer or POLICIES["greedy"], seed=seed,
                         page_rows=5)
        _title, turn, _scores, middle, message, log, controls = self.children
        self.tabs = widgets.Tab([middle, log])
        self.tabs.titles = ("Your move", "Log")
        self.tabs.add_class("pl-pp-table-tabs")
        self.move_style = wrap_long_moves(self)
        self.children = (turn, self.tabs, message, controls, self.move_style)
        self.add_class("pl-pp-game-table")

    # a screen's height is precious (Large fonts): a discard is said in one word, one seat needs no name over its
    # hand, and one page of moves needs no pager line ("3 actions")
    def _choice_button(self, choice, legal) -> widgets.Button:
        button = super()._choice_button(choice, legal)
        button.description = short_move(choice.label)
        return button

    def _show_hand(self, observation: dict) -> None:
        super()._show_hand(observation)
        self.hand.value = self.hand.value.split("</div>", 1)[-1] if self.hand.value.startswith("<div style=") else \
            self.hand.value

    def show_page(self, page: int) -> None:
        super().show_page(page)
        one_page = self.previous_page.layout.display == "none" and not self.groups and not self.filter.value
        self.pager.layout.display = "none" if one_page and self.model.legal_actions() else ""
        if len(self.action_buttons) >= 4 and "repeat(1," in (self.actions.layout.grid_template_columns or ""):
            self.actions.layout.grid_template_columns = "repeat(2, minmax(0, 1fr))"     # wrapped names, half as tall


class TryIt(PillageTable):
    """A position from the engine to try a rule on (a reference screen's live example): you are Player 1, at the
    decision the rule is about; make a move and the computer pirates play on from their own seats' views.
    "Start again" sets the same position up again.

    ``build``: a function returning the position (:mod:`pirates_lab.pillage_and_plunder.try_it`).
    """

    def __init__(self, build, *, seed: int = 7):
        self.build = build
        position = build()
        super().__init__(players=len(position.players), seed=seed)
        self.model.game = position.game
        self.new_game_button.description = "Start again"
        self.new_game_button.tooltip = "The same position again"
        turn, tabs, message, controls, style = self.children   # whose move and the buttons on one line: it fits
        # a rule to try needs no coach (GameTable's Coach toggle would wrap the line and overflow the screen)
        controls.children = tuple(c for c in controls.children if c is not self.coach_toggle)
        self.children = (widgets.HBox([turn, controls], layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                               grid_gap="12px")), tabs, message,
                         style)
        self.add_class("pl-pp-try-it")
        self.new_game()

    def new_game(self, seed: int | None = None) -> None:
        """The position again (not a new game): the same cards, the same seat."""
        self.start_at(self.build())


# ---------------------------------------------------------------- the game in one picture
PICTURE_WIDTH, PICTURE_HEIGHT = 640, 236
_PLACE_W, _PLACE_H = 240, 106


def _card(d: Drawing, x: float, y: float, fill: str, w: float = 34, h: float = 46) -> None:
    d.rect(x, y, w, h, fill=fill, stroke="#ffffff", width=2)


def _kit(d: Drawing, x: float, y: float, name: str) -> None:
    """One player's place: the starting kit face up (a Sloop, a Cannon, two Cutlass Crewmen), five cards in
    hand face down and the coins."""
    d.rect(x, y, _PLACE_W, _PLACE_H, fill=PAPER, stroke=WOOD, width=1.5)
    d.text(name, x + 10, y + 20, font=BOLD, fill=INK)
    _card(d, x + 10, y + 34, "#c9a66b")                                   # Sloop
    d.polygon([(x + 14, y + 56), (x + 40, y + 56), (x + 35, y + 66), (x + 19, y + 66)], fill="#8b5a2b")
    _card(d, x + 50, y + 34, "#eeeeee")                                   # Cannon
    d.rect(x + 57, y + 53, 20, 9, fill="#222222")
    for k in range(2):                                                    # two Cutlass Crewmen
        _card(d, x + 90 + 40 * k, y + 34, "#eeeeee")
        d.circle(x + 107 + 40 * k, y + 57, 8, fill=CREW_COLOURS["Cutlass Crewman"], stroke="#222222")
    for k in range(5):                                                    # the hand, face down
        d.rect(x + 172 + 11 * k, y + 34 - 3 * (k % 2), 22, 32, fill="#2f3e4e", stroke="#ffffff", width=1)
    for k, colour in enumerate(("#d4a017", "#d4a017", "#c0c0c0", "#c0c0c0", "#b87333")):
        d.circle(x + 180 + 11 * k, y + 88, 8, fill=colour, stroke="#333333")


def table_picture_ops(players: int = 4) -> tuple[DrawOp, ...]:
    """A four-player table as Game Setup lays it out (the rulebook's figure two): each player's starting kit
    face up, five cards in hand and the coins; in the middle the two draw piles and the discard pile.

    Rules: Pillage & Plunder › Game Setup
    """
    d = Drawing().clear().rect(0, 0, PICTURE_WIDTH, PICTURE_HEIGHT, fill=SEA)
    right = PICTURE_WIDTH - _PLACE_W - 8
    places = ((8, 8), (right, 8), (8, 122), (right, 122))[:players]
    for seat, (x, y) in enumerate(places):
        _kit(d, x, y, seat_name(seat))
    cx = PICTURE_WIDTH / 2
    for x in (cx - 44, cx + 6):                                          # two draw piles
        for depth in (4, 2, 0):
            _card(d, x + depth, 30 - depth, "#2f3e4e")
    d.text("draw piles", cx, 96, font=FONT, fill=INK, align="center")
    _card(d, cx - 17, 130, "#f6d5d5")                                    # the discard pile, face up
    d.text("discard pile", cx, 196, font=FONT, fill=INK, align="center")
    return d.ops


def table_picture() -> BoardCanvas:
    """The game in one picture (see :func:`table_picture_ops`)."""
    board = BoardCanvas(PICTURE_WIDTH, PICTURE_HEIGHT, layers=("table",), css_class="pl-pp-table-picture")
    board.draw("table", table_picture_ops())
    return board
