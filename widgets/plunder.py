"""Plunder front-ends: the sea of map cards (pure draw operations), the GameTable renderer and the table to play
at.  The calculators (the combat chain, the Letter of Marque) are in :mod:`pirates_lab.widgets.plunder_calculators`
(re-exported here); the lesson is data (``pirates_lab/plunder/data/lessons.toml``), its screens' demos in
:mod:`pirates_lab.widgets.plunder_lessons`.

Rules: Plunder › Sail and Explore

Everything that decides is pure and tested without a browser: :func:`sea_ops` (observation -> draw operations)
and :func:`~pirates_lab.widgets.plunder_calculators.chain_report` (the calculator's numbers).  Captains are
numbered from 1 everywhere, each with the colour of their ship (:data:`SHIP_COLOURS`).

>>> PlunderRenderer().seat_name(0)
'Captain 1 (red)'
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.plunder import Game
from pirates_lab.plunder.captains import trader
from pirates_lab.plunder.components import components
from pirates_lab.plunder.sail_and_explore import sailing_paths

from .canvas import BoardCanvas
from .drawing import LARGE_TEXT, Drawing, text_box
from .table import GameTable
from .plunder_calculators import (ChainCalculator, MarqueCalculator, _start_unseen, chain_report,  # noqa: F401
                                  chance_text, unseen_for)

__all__ = ["WIDTH", "HEIGHT", "COLOURS", "SHIPS", "SHIP_COLOURS", "sea_ops", "sea_layout", "card_label",
           "captain_name", "PlunderRenderer", "SeaView", "table", "TryIt", "TryItRenderer", "mat_ops", "ASSUMPTIONS", "ChainCalculator", "MarqueCalculator",
           "chain_report", "chance_text", "unseen_for"]

#: the renderer's drawing (a GameTable board); lesson seas size themselves to their cards
WIDTH, HEIGHT = 440, 320
COLOURS = {"tortuga": "#c9a66b", "open_sea": "#5b9bd5", "port": "#f2d98c", "coastland": "#8cc084"}
SHIPS = ("#b22222", "#1f4e9c", "#2e7d32", "#6a1b9a")
SHIP_COLOURS = ("red", "blue", "green", "purple")
GAME = "plunder"
LABEL_FONT = "15px sans-serif"
SMALL_FONT = "13px sans-serif"
#: the smallest cell (px) that shows a card's name, its nation (a Port), the ships' numbers (16 px text each)
LABEL_CELL, NATION_CELL, NUMBERED_CELL = 26, 52, 52
SHORT = {"Open Sea": "Sea", "Coastland": "Coast", "Sint Eustatius": "St Eust.", "Port Royal": "P. Royal",
         "Guadeloupe": "Guadel.", "Martinique": "Martin.", "Cartagena": "Cartag."}

#: the house rules a teacher should know (also in docs/plunder.md and the data file); never shown to students
#: as rules: the lesson puts them in its teacher notes
ASSUMPTIONS = {
    "deck": "Every card value (speeds, cannons, crews, prices, garrisons, numbers, loot icons) is ours: the "
            "rulebook names the cards but prints no values. Edit pirates_lab/plunder/data/cards.toml.",
    "ties": "Ties always favour the attacker (printed in Broadside): the captain's when they attack; when Pirates "
            "attack a captain, a tie at the Broadside or the Boarding is the Pirates'. Fleeing, an equal total still "
            "escapes (Engagement › Flee). Between captains ties go to the attacker (printed).",
    "split": "Plundered proceeds are split with the crew: the captain keeps half, rounded down (printed). Captured "
             "goods and ships sell only in Tortuga, in a Port of your Letter of Marque's nation, or with Bottle of "
             "Rum / Sneak into Port (printed, Action), even a captured ship sailed as your own.",
    "loot": "The loot's quantity is the top card's number (printed); only the good its icon shows is ours "
            "(the data file's loot).",
    "storm": "The Storm (its text is ours): the move ends, the Captured Ship and the Loot are lost, and the "
             "Storm and the discard pile are shuffled back into the deck.",
    "tortuga": "Tortuga buys any plundered good at 2 silver a token, and no captain may attack another there.",
    "pay": "A captain who cannot pay the crew is thrown overboard (the ship is lost); an unpaid First Mate "
           "leaves. With the Mutiny! option a captain may forget to pay and another may shout.",
    "fight": "In the odds between captains each side places its highest card left at every step, and the "
             "attacker boards after winning the Broadside.",
    "marque": "A captain who wins a second Letter of Marque chooses which to keep; the other nation becomes an "
              "enemy (printed, War). The computer trader keeps the new one.",
    "natives": "Natives are met on a Coastland: trade at their prices, attack (Boarding only) or leave.",
}


def captain_name(seat: int) -> str:
    """``Captain 1 (red)``: seats counted from 1, with the colour of their ship on the sea."""
    return f"Captain {seat + 1} ({SHIP_COLOURS[seat % len(SHIP_COLOURS)]})"


# ---------------------------------------------------------------- the sea
def sea_layout(cells, width: int = WIDTH, height: int = HEIGHT, *, top: int = 0, ring: float = 0.5):
    """(cell size, function cell -> top-left pixel) fitting every cell, with ``ring`` cells of water around,
    in a ``width`` x ``height`` drawing whose first ``top`` pixels are kept for a header."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    across, down = x1 - x0 + 1 + 2 * ring, y1 - y0 + 1 + 2 * ring
    size = int(max(18, min(80, (width - 8) / across, (height - top - 4) / down)))
    left = (width - size * (x1 - x0 + 1)) // 2
    upper = top + (height - top - size * (y1 - y0 + 1)) // 2

    def corner(cell):
        return left + (cell[0] - x0) * size, upper + (cell[1] - y0) * size

    return size, corner


def _fits(text: str, room: float, font: str) -> bool:
    """Does ``text`` fit in ``room`` pixels as Large fonts paint ``font`` (at least 16 px)?"""
    left, _, right, _ = text_box(Drawing().text(text, 0, 0, font=font).ops[0], LARGE_TEXT)
    return right - left <= room


def card_label(name: str, size: float, font: str = LABEL_FONT) -> str:
    """A map card's name as it fits a ``size`` px cell with Large fonts (shortened, never past the cell)."""
    for text in (name, SHORT.get(name, name)):
        if _fits(text, size - 6, font):
            return text
    text = SHORT.get(name, name)
    while len(text) > 2 and not _fits(text + ".", size - 6, font):
        text = text[:-1]
    return text.rstrip(". ") + "."


def sea_ops(observation: dict, player: int | None = None, *, width: int = WIDTH, height: int = HEIGHT,
            paths: bool = True, header: bool = True, ring: float = 0.5) -> tuple:
    """The sea around Tortuga (North up, toward the First Captain), the ships (a disc numbered from 1 in each
    captain's colour) and the legal courses of the captain sailing (one direction, at most one turn), as pure
    draw operations.  ``header``: a line on top saying the round and whom North points to; ``ring``: the water
    around the cards, in cards."""
    deck = components()
    sea = {(x, y): name for x, y, name in observation["sea"]}
    top = 26 if header else 0
    size, corner = sea_layout(sea, width, height, top=top, ring=ring)
    d = Drawing().rect(0, 0, width, height, fill="#dfeaf5")
    first = observation.get("first_captain")
    if header:
        toward = f" · North points to Captain {first + 1}" if isinstance(first, int) else ""
        d.text(f"Round {observation['round']}{toward}", 8, 13, font=SMALL_FONT, max_width=width - 16)
    for cell, name in sorted(sea.items()):
        x, y = corner(cell)
        d.rect(x + 1, y + 1, size - 2, size - 2, fill=COLOURS[deck.card(name).kind], stroke="#333333")
    mover = observation.get("acting")
    if paths and observation.get("step") == "sail" and isinstance(mover, int) and mover >= 0:
        start = tuple(observation["captains"][mover]["at"])
        kinds = {cell: deck.card(name).kind for cell, name in sea.items()}
        for path in sailing_paths(kinds, start):
            points = [start] + path
            for a, b in zip(points, points[1:]):
                (ax, ay), (bx, by) = corner(a), corner(b)
                d.line(ax + size / 2, ay + size / 2, bx + size / 2, by + size / 2, stroke="#ffd400", width=3)
            ex, ey = corner(path[-1])
            d.rect(ex + 3, ey + 3, size - 6, size - 6, stroke="#ffd400", width=2)
    # what a cell has room for with Large fonts (16 px text): a name, a nation line, then the ships' numbers
    nations, numbered = size >= NATION_CELL, size >= NUMBERED_CELL
    for cell, name in sorted(sea.items()):
        x, y = corner(cell)
        card = deck.card(name)
        if size >= LABEL_CELL:
            d.text(card_label(name, size), x + size / 2, y + size * 0.24, font=LABEL_FONT, align="center")
        if card.kind == "port" and nations:
            d.text(card.nation[:3], x + size / 2, y + size * 0.52, font=SMALL_FONT, align="center", fill="#6b2f00")
    gap = max(6.0, min(17.0, (size - 10) / 4))
    for p, mat in enumerate(observation["captains"]):
        x, y = corner(tuple(mat["at"]))
        cx, cy = x + 5 + gap / 2 + gap * p, y + size * 0.8      # discs side by side: the numbers never touch
        d.circle(cx, cy, min(8, gap / 2), fill=SHIPS[p % len(SHIPS)], stroke="#ffffff", width=2)
        if numbered:
            d.text(str(p + 1), cx, cy, fill="#ffffff", font="bold 9px sans-serif", align="center")
    return d.ops


class PlunderRenderer:
    """A GameTable renderer: the sea for the seat shown, its hand with card numbers, seat names from 1."""

    width, height = WIDTH, HEIGHT
    ring = 0.5          # the water around the cards, in cards

    def draw(self, observation: dict, player: int):
        return sea_ops(observation, player, width=self.width, height=self.height, ring=self.ring)

    def hand(self, observation: dict, player: int) -> list[str]:
        return [f"{name} ({components().card(name).number})" for name in observation["hand"]]

    def seat_name(self, seat: int) -> str:
        return captain_name(seat)


def sea_size(cells, cell: int = 64, *, most: tuple[int, int] = (480, 330), header: bool = False) -> tuple[int, int]:
    """A drawing size for these cells at about ``cell`` px each (half a cell of water around), at most ``most``."""
    xs, ys = [x for x, _ in cells] or [0], [y for _, y in cells] or [0]
    width = round((max(xs) - min(xs) + 2) * cell + 8)
    height = round((max(ys) - min(ys) + 2) * cell + 4 + (26 if header else 0))
    return min(width, most[0]), min(height, most[1])


class SeaView(widgets.VBox):
    """A canvas showing a seat's observation of the sea (``state.observation(seat)``: the widget never reads the
    state), sized to its cards; the round and whom North points to are a line of text above it."""

    def __init__(self, observation: dict, *, cell: int = 64, most: tuple[int, int] = (480, 330),
                 css_class: str = "pl-plunder-sea-board", ring: float = 0.5, caption: bool = True):
        cells = [(x, y) for x, y, _ in observation["sea"]]
        width, height = sea_size(cells, cell, most=most)
        self.board = BoardCanvas(width, height, css_class=css_class)
        self.board.draw("background", sea_ops(observation, width=width, height=height, header=False, ring=ring))
        first = observation.get("first_captain")
        caption = widgets.HTML(f"<div class='pl-plunder-sea-caption'>Round {observation['round']} · North points to "
                               f"Captain {first + 1}</div>" if isinstance(first, int) and caption else "")
        super().__init__([caption, self.board], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-plunder-sea")


def table(humans=(0,), players: int = 3, seed: int = 0):
    """Play Plunder against computer traders (they decide from their seat's view only); you are Captain 1."""
    from .table import GameTable

    return GameTable(Game(players=players), PlunderRenderer(), humans=humans, players=trader, seed=seed)


#: the live positions' board: the sea on the left, the fight and the captains' mats on the right (16 px text)
TRY_WIDTH, TRY_HEIGHT, SEA_PART = 480, 210, 130
MAT_FONT, MAT_BOLD, MAT_LINE = "16px sans-serif", "bold 16px sans-serif", 19


def _wrap(parts, room: float, font: str = MAT_FONT) -> list[str]:
    """``parts`` joined by " · " into lines no wider than ``room`` px as Large fonts paint them."""
    lines: list[str] = []
    for part in parts:
        if lines and _fits(lines[-1] + " · " + part, room, font):
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def _stats(name: str) -> str:
    """A ship's, Port's or Natives' fighting values in words (the Pinnace's from the mat)."""
    deck = components()
    if name == "Pinnace":
        v = deck.pinnace
        return f"speed {v['speed']} · cannon {v['cannon']} · crew {v['crew']}"
    card = deck.card(name)
    if card.kind == "port":
        return f"cannon {card.cannon} · garrison {card.garrison}"
    if card.kind == "natives":
        return f"warriors {card.warriors}"
    return f"speed {card.speed} · cannon {card.cannon} · crew {card.crew}"


def mat_ops(observation: dict, player: int, *, left: float = SEA_PART + 8, width: float = TRY_WIDTH) -> tuple:
    """The fight under way (the enemy's values) and each captain's mat as ``player`` sees it — silver, ship and its
    values, First Mate, Captured Ship, goods, Letter of Marque, enemies and, for ``player``, the hand with each
    card's number — as draw operations in a column from ``left``.

    Rules: Plunder › Combat
    """
    deck = components()
    room = width - left - 6
    d, y = Drawing(), 14.0

    def line(text: str, font: str = MAT_FONT, fill: str = "#1f1408") -> None:
        nonlocal y
        d.text(text, left, y, font=font, fill=fill, max_width=room)
        y += MAT_LINE

    fight = observation.get("combat")
    if fight:
        enemy = fight.get("enemy") or fight.get("port")
        if enemy:
            line(f"Against: {enemy}", MAT_BOLD, "#8b1a1a")
            line(_stats(enemy), fill="#8b1a1a")
    for p, mat in enumerate(observation["captains"]):
        colour = SHIPS[p % len(SHIPS)]
        you = p == player
        line(f"Captain {p + 1}{' (you)' if you else ''}: {mat['silver']} silver", MAT_BOLD, colour)
        if you:
            ship = f"{mat['ship']}: {_stats(mat['ship'])}"
            for text in [ship] if _fits(ship, room, MAT_FONT) else [mat["ship"], _stats(mat["ship"])]:
                line(text)
        extras = [] if you else [mat["ship"]]
        extras += [f"First Mate {mat['first_mate']}"] if mat["first_mate"] else []
        extras += [f"towing {mat['captured']}"] if mat["captured"] else []
        goods = {**mat["cargo"]}
        for good, n in mat["loot"].items():
            goods[good] = goods.get(good, 0) + n
        extras += [f"{n} {good}" for good, n in sorted(goods.items()) if n]
        extras += [f"Letter of Marque: {mat['marque']}"] if mat["marque"] else []
        extras += [f"enemy: {', '.join(mat['enemies'])}"] if mat["enemies"] else []
        if not you:
            extras.append(f"{mat['hand_size']} card{'s' * (mat['hand_size'] != 1)}")
        cards = [f"{name} {deck.card(name).number}" for name in observation["hand"]] or ["no cards"]
        for text in _wrap(extras, room) + (_wrap([f"hand: {cards[0]}", *cards[1:]], room) if you else []):
            line(text)
    return d.ops


class TryItRenderer(PlunderRenderer):
    """The live positions' board (GameTable's renderer contract): the sea beside the fight and the mats, so the
    silver, ships, values and hand a rule compares are on the board (the table's pane holds only the moves)."""

    width, height = TRY_WIDTH, TRY_HEIGHT

    def draw(self, observation: dict, player: int):
        sea = sea_ops(observation, player, width=SEA_PART, height=self.height, header=False, ring=0.1, paths=False)
        return (*Drawing().rect(0, 0, self.width, self.height, fill="#f4ecdc").ops, *sea,
                *mat_ops(observation, player))


class TryIt(GameTable):
    """A position from the engine to try a rule on (a reference screen's live example): you are Captain 1 (red),
    at the decision the rule is about; make a move and the computer trader plays on from its own seat's view.
    "Start again" sets the same position up again, with the same luck.  The line beside the buttons says what
    the last moves did.

    ``build``: a function returning the position (:mod:`pirates_lab.plunder.try_it`).

    Rules: Plunder › Turn
    """

    def __init__(self, build, *, seed: int = 7):
        from pirates_lab.plunder.captains import trader

        self.build, self.seed, self._seen = build, seed, 0
        position = build()
        renderer = TryItRenderer()
        # as tall as the mats need, with room for two more lines (a fight, a Captured Ship) after a move
        lines = sum(op.kind == "text" for op in mat_ops(position.observation(0), 0))
        renderer.height = int(min(TRY_HEIGHT, max(160, 14 + (lines + 2) * MAT_LINE)))
        super().__init__(position.game, renderer, humans=(0,), players=trader, seed=seed, page_rows=4)
        self.new_game_button.description = "Start again"
        self.new_game_button.tooltip = "The same position again"
        for button in (self.new_game_button, self.undo_button, self.continue_button):
            button.layout.width = "auto"
        _title, turn, _scores, middle, message, _log, controls = self.children
        board, pane = middle.children
        pane.children = (self.actions, self.pager)          # the hand is on the board; a handful of moves
        # a rule to try needs no coach (the Coach toggle would wrap the controls and grow the screen)
        controls.children = tuple(c for c in controls.children if c is not self.coach_toggle)
        self.children = (widgets.HBox([controls, turn], layout=widgets.Layout(flex_flow="row wrap",
                                                                              align_items="center", grid_gap="12px")),
                         middle, message)
        self.add_class("pl-plunder-try-it")
        self.new_game()

    def new_game(self, seed: int | None = None) -> None:
        """The position again (not a new game): the same cards, the same seat, the same luck after."""
        position = self.build()
        self._seen = len(position.log)
        self.start_at(position, seed=self.seed)

    def refresh(self, reset_page: bool = False) -> None:
        """Redraw; after a move, the line beside the buttons says what happened (the log's newest two lines since
        the position), and whose move it is only when it is not yours (the game over, a winner)."""
        super().refresh(reset_page)
        self.page_label.layout.display = "none" if self.previous_page.layout.display == "none" else ""
        news = list(self.model.state.log)[getattr(self, "_seen", 0):][-2:] if self.model.history else []
        if news:
            turn = "" if self.model.human_to_move else f"<div><b>{html.escape(self.model.turn_text())}</b></div>"
            self.turn.value = "".join(f"<div>{html.escape(line)}</div>" for line in news) + turn
