"""The probability screens of the Pirates & Plunder lesson: something to do, a picture that marks the event
asked about, and the count beside it (issue 39).

Every view draws with its own seeded random generator, so a class sees the same draws and the lesson's Reset
(which builds the screen again) brings them back.  The counts come from the engine's positions
(:mod:`pirates_lab.pirates_and_plunder.lessons`).

Rules: Pirates & Plunder › Drawing and Placing Land Tiles

>>> view = GapView()
>>> view.count, view.unseen
(43, 76)
>>> view.pick((9, 9)); view.cell                 # not an empty square beside the tiles: the pick stays
(0, -1)
"""
from __future__ import annotations

import html
import random
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.pirates_and_plunder import lessons as positions
from pirates_lab.pirates_and_plunder import scenarios, tiles
from pirates_lab.pirates_and_plunder.odds import fitting_tiles
from pirates_lab.pirates_and_plunder.parts import exploration_tiles

from .canvas import BoardCanvas
from .controls import rule_slider
from .pirates_and_plunder import board_drawing, seen, tile_gallery_ops, tile_picture_ops
from .pirates_and_plunder_odds import fitting

__all__ = ["GalleonDraw", "NextTile", "GapView", "DrawsView", "SeenView", "SimulationView", "BattlePairs",
           "MixView", "ExplorationDraw", "SEED"]

#: every view's draws start from this seed (Reset brings them back)
SEED = 39
_GOLD = "#e0a800"


def _note(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div class='pl-pnp-note'>{text}</div>")


def _button(description: str, css: str) -> widgets.Button:
    button = widgets.Button(description=description, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


def _row(*boxes, gap: str = "12px") -> widgets.Box:
    for box in boxes[1:]:
        box.layout.margin = f"0 0 0 {gap}"
    return widgets.Box(list(boxes), layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                          align_items="flex-start", max_width="100%"))


def _tiles_word(n: int) -> str:
    return _many(n, "tile")


def _many(n: int, word: str) -> str:
    """``1 try``, ``2 tries``: a count with its word."""
    plural = word[:-1] + "ies" if word.endswith("y") else word + "s"
    return f"{n} {word if n == 1 else plural}"


def _a(name: str) -> str:
    return f"{'an' if name[0] in 'aeiou' else 'a'} {html.escape(name)}"


def _unseen(state) -> dict:
    return {state.board.types[k].name: n for k, n in enumerate(state.bag) if n}


class _Gallery(widgets.VBox):
    """The kinds of sea tile with how many of each are unseen; the kinds that make the event framed in gold."""

    def __init__(self, counts: dict, marked, columns: int = 15, size: int = 28):
        self.columns, self.size = columns, size
        kinds = len(tiles().types)
        rows = -(-kinds // columns)
        self.canvas = BoardCanvas(columns * size, rows * (size + 14), css_class="pl-pnp-gallery")
        super().__init__([self.canvas])
        self.show(counts, marked)

    def show(self, counts: dict, marked) -> None:
        self.canvas.draw("background", tile_gallery_ops(self.columns, self.size, counts=counts, marked=marked))


def _tile(name: str, size: int = 52) -> BoardCanvas:
    canvas = BoardCanvas(size, size, css_class="pl-pnp-tile")
    canvas.draw("background", tile_picture_ops(name, size))
    return canvas


# ---------------------------------------------------------------- Parts: one tile of 79, equally likely
class GalleonDraw(widgets.VBox):
    """The 79 face-down tiles of a new game, the kinds with a treasure galleon framed; a button shuffles them
    and turns over the first tile (a new game each time)."""

    def __init__(self, seed: int = SEED):
        self.rng = random.Random(seed)
        self.state = scenarios.setup_state(3)
        counts, kinds = _unseen(self.state), positions.galleon_kinds()
        self.galleons = sum(counts.get(k, 0) for k in kinds)
        self.total = sum(counts.values())
        self.games = self.hits = 0
        self.button = _button("Shuffle and turn over the first tile", "pl-pnp-draw")
        self.button.on_click(lambda _: self.draw())
        self.shown = widgets.Box()
        self.result = _note("")
        count = _note(f"<b>{self.galleons} of the {self.total} face-down tiles</b> show a treasure galleon (framed "
                      f"in gold). Under each kind: how many are face down.")
        side = widgets.VBox([count, self.button, _row(self.shown, self.result)], layout=widgets.Layout(flex="1 1 260px"))
        super().__init__([_row(_Gallery(counts, kinds), side)])
        self.add_class("pl-pnp-galleon-draw")

    def draw(self) -> str:
        name = positions.next_tiles(self.state, 1, self.rng)[0]
        galleon = name in positions.galleon_kinds()
        self.games += 1
        self.hits += galleon
        self.shown.children = (_tile(name, 40),)
        self.result.value = (f"<div class='pl-pnp-note'>{'A galleon!' if galleon else 'No galleon.'}<br>"
                             f"{_many(self.games, 'shuffle')}: {self.hits} with a galleon.</div>")
        return name


# ---------------------------------------------------------------- the game in one screen: the next tile
class NextTile(widgets.VBox):
    """The table of the first screen; a button turns over the next face-down tile and frames the squares where
    it fits (tiles are drawn in a seeded order, without putting any back)."""

    def __init__(self, seed: int = SEED, size: tuple = (400, 280)):
        self.state, self.size = positions.table_state(), size
        self.order = positions.next_tiles(self.state, sum(self.state.bag), random.Random(seed))
        self.drawn = 0
        ops, width, height, _ = board_drawing(self.state.observation(0), size[0], flash=[], height=size[1], ruler=False)
        self.board = BoardCanvas(width, height, css_class="pl-pnp-board")
        self.board.draw("background", ops)
        self.button = _button("Turn over the next tile", "pl-pnp-draw")
        self.button.on_click(lambda _: self.draw())
        self.shown = widgets.Box()
        self.result = _note(f"{sum(self.state.bag)} tiles wait face down. Nobody knows which comes next: "
                            f"turn one over.")
        side = widgets.VBox([self.button, self.shown, self.result], layout=widgets.Layout(flex="1 1 240px"))
        super().__init__([_row(self.board, side)])
        self.add_class("pl-pnp-next-tile")

    def draw(self) -> str:
        name = self.order[self.drawn]
        self.drawn += 1
        kind = self.state.board.tileset.index(name)
        cells = [c for c, need in self.state.needs.items() if self.state.board.fits(kind, need)]
        ops, _, _, _ = board_drawing(self.state.observation(0), self.size[0], flash=[], height=self.size[1],
                                     highlight=cells, ruler=False)
        self.board.draw("background", ops)
        self.shown.children = (_tile(name),)
        left = sum(self.state.bag) - self.drawn
        self.result.value = (f"<div class='pl-pnp-note'>{_a(name).capitalize()}: it fits {len(cells)} of the "
                             f"{len(self.state.needs)} empty squares beside the tiles (yellow frames). {left} "
                             f"tiles still wait face down.</div>")
        return name


# ---------------------------------------------------------------- Drawing and Placing: the tiles that fit
class GapView(widgets.VBox):
    """The Drawing screen's board: tap an empty square (yellow frame); the unseen tiles that fit it are framed in
    gold in the gallery, with the count."""

    def __init__(self, size: tuple = (190, 120)):
        self.state, self.size = scenarios.drawing_state(), size
        self.unseen = sum(self.state.bag)
        self.cell = positions.GAP
        _, width, height, self.layout_ = board_drawing(self.state.observation(0), size[0], height=size[1], margin=1,
                                                       ruler=False)
        self.board = BoardCanvas(width, height, css_class="pl-pnp-board", to_board=self.layout_.cell_at)
        self.board.on_click(self.pick)
        self.gallery = _Gallery(_unseen(self.state), ())
        self.result = _note("")
        super().__init__([_row(self.board, self.gallery, gap="8px"), self.result])
        self.add_class("pl-pnp-gap-view")
        self.redraw()

    @property
    def count(self) -> int:
        return sum(fitting_tiles(self.state, self.cell).values())

    def pick(self, cell) -> None:
        if tuple(cell) in self.state.needs:
            self.cell = tuple(cell)
            self.redraw()

    def redraw(self) -> None:
        ops, _, _, _ = board_drawing(self.state.observation(0), self.size[0], height=self.size[1], margin=1,
                                     highlight=[self.cell], flash=[], ruler=False)
        self.board.draw("background", ops)
        fits = fitting_tiles(self.state, self.cell)
        where = "the island's open gap" if self.cell == positions.GAP else "the square in the yellow frame"
        self.result.value = (f"<div class='pl-pnp-note'><b>{self.count} of the {self.unseen} unseen tiles</b> fit "
                             f"{where} (turned the right way): {len(fits)} kinds, framed in gold. Player 1 holds a "
                             f"headland; tap another empty square to see what fits there.</div>")
        self.gallery.show(_unseen(self.state), set(fits))


# ---------------------------------------------------------------- the complement: within k draws
class DrawsView(widgets.VBox):
    """A slider for the number of draws; the chance that none of them fits, as a product of counts (``chain``),
    and a button that draws that many tiles (seeded) and says whether one fits.  ``observation``: a seat's
    observation (default: the Drawing screen's, as player 1 sees it; a State is refused): the unseen tiles are
    public as counts, and the draws are made from those counts."""

    def __init__(self, observation: dict | None = None, draws: int = 1, *, chain: bool = True, seed: int = SEED):
        self.observation = seen(observation or scenarios.drawing_state().observation(0))
        self.rng = random.Random(seed)
        fits = fitting(self.observation, positions.GAP)
        self.fits, self.unseen = set(fits), sum(self.observation["unseen"].values())
        self.count, self.chain = sum(fits.values()), chain
        self.tries = self.successes = 0
        self.draws = rule_slider("", draws, 1, 5, layout=widgets.Layout(width="220px"))
        self.draws.add_class("pl-pnp-draws-slider")
        self.draws.observe(lambda _: self.redraw(), names="value")
        self.button = _button("Draw them", "pl-pnp-draw")
        self.button.on_click(lambda _: self.draw())
        self.text, self.result = _note(""), _note("")
        self.shown = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        control = widgets.VBox([widgets.HTML("<span class='pl-pnp-control-label'>tiles drawn</span>"), self.draws,
                                self.button])
        super().__init__([_row(control, self.text), _row(self.shown, self.result)])
        self.add_class("pl-pnp-draws-view")
        self.redraw()

    def redraw(self) -> None:
        k, miss = self.draws.value, self.unseen - self.count
        head = (f"<b>{self.count} of the {self.unseen}</b> unseen tiles fit the gap; <b>{miss}</b> do not.")
        if self.chain:
            parts = " × ".join(f"{miss - i}/{self.unseen - i}" for i in range(k))
            head += (f"<br>None of {_tiles_word(k).replace('tile', 'draw')} fits: {parts}"
                     + (f" = {float(self.none()):.3f}" if k > 1 else "")
                     + "<br><span style='color:#555'>Each draw leaves one tile fewer: it is not put back.</span>")
        self.text.value = f"<div class='pl-pnp-note'>{head}</div>"

    def none(self) -> Fraction:
        k, miss = self.draws.value, self.unseen - self.count
        product = Fraction(1)
        for i in range(k):
            product *= Fraction(miss - i, self.unseen - i)
        return product

    def draw(self) -> list:
        pile = [name for name, n in self.observation["unseen"].items() for _ in range(n)]
        names = self.rng.sample(pile, self.draws.value)         # as positions.next_tiles draws from a State
        hit = any(n in self.fits for n in names)
        self.tries += 1
        self.successes += hit
        self.shown.children = tuple(_tile(n, 40) for n in names)
        marks = ", ".join(f"{html.escape(n)} {'✔ fits' if n in self.fits else '✘'}" for n in names)
        self.result.value = (f"<div class='pl-pnp-note'>{marks}<br>{_many(self.tries, 'try')} so far: a tile that "
                             f"fits came in {self.successes}.</div>")
        return names


# ---------------------------------------------------------------- conditional chance: tiles seen
class SeenView(widgets.VBox):
    """Player 2 and Player 3 draw and show a tile each (buttons); the unseen counts and the tiles that fit the
    gap follow."""

    def __init__(self):
        self.state = scenarios.drawing_state()
        self.seen: list[str] = []
        self.fits = set(fitting_tiles(self.state, positions.GAP))
        self.gallery = _Gallery(_unseen(self.state), self.fits)
        self.buttons = [_button(f"Player {p} draws", "pl-pnp-draw") for p in (2, 3)]
        for button in self.buttons:
            button.on_click(lambda _: self.reveal())
        self.buttons[1].disabled = True
        self.shown = widgets.Box()
        self.result = _note("")
        side = widgets.VBox([_row(*self.buttons), _row(self.shown, self.result)],
                            layout=widgets.Layout(flex="1 1 300px"))
        super().__init__([_row(self.gallery, side)])
        self.add_class("pl-pnp-seen-view")
        self.redraw()

    def counts(self) -> dict:
        counts = _unseen(self.state)
        for name in self.seen:
            counts[name] -= 1
        return counts

    def reveal(self) -> str | None:
        if len(self.seen) == len(positions.SEEN):
            return None
        name = positions.SEEN[len(self.seen)]
        self.seen.append(name)
        self.buttons[len(self.seen) - 1].disabled = True
        if len(self.seen) < len(self.buttons):
            self.buttons[len(self.seen)].disabled = False
        self.shown.children = tuple(_tile(n, 44) for n in self.seen)
        self.redraw()
        return name

    def redraw(self) -> None:
        counts = self.counts()
        fit, unseen = sum(n for k, n in counts.items() if k in self.fits), sum(counts.values())
        seen = "; ".join(f"Player {p + 2} shows {_a(n)} ({'it fits the gap' if n in self.fits else 'no island: no fit'})"
                         for p, n in enumerate(self.seen))
        self.result.value = (f"<div class='pl-pnp-note'>{seen + '.<br>' if seen else 'Press the buttons in turn. '}"
                             f"Now <b>{fit} of the {unseen} unseen tiles</b> fit the gap.</div>")
        self.gallery.show(counts, self.fits)


# ---------------------------------------------------------------- simulation against the exact count
class SimulationView(widgets.VBox):
    """Draw the next tile from the 76 unseen, again and again (each try starts from the same 76): how often does
    a tile that fits come, beside what the exact count says?"""

    BATCH = 76

    def __init__(self, seed: int = SEED):
        self.state = scenarios.drawing_state()
        self.rng = random.Random(seed)
        fits = fitting_tiles(self.state, positions.GAP)
        self.fits, self.count, self.unseen = set(fits), sum(fits.values()), sum(self.state.bag)
        self.exact = Fraction(self.count, self.unseen)
        self.tries = self.hits = 0
        self.button = _button(f"Draw the next tile {self.BATCH} times", "pl-pnp-draw")
        self.button.on_click(lambda _: self.run())
        self.result = _note("")
        super().__init__([self.button, self.result])
        self.add_class("pl-pnp-simulation")
        self.redraw()

    def run(self) -> None:
        for _ in range(self.BATCH):
            if self.tries >= positions.SIM_TRIES:
                break
            self.tries += 1
            self.hits += positions.next_tiles(self.state, 1, self.rng)[0] in self.fits
        self.button.disabled = self.tries >= positions.SIM_TRIES
        self.redraw()

    def redraw(self) -> None:
        share = self.hits / self.tries if self.tries else 0
        bar = (lambda frac, colour: f"<div style='display:inline-block;height:1em;width:{240 * frac:.0f}px;"
               f"background:{colour};vertical-align:middle'></div>")
        self.result.value = (
            f"<div class='pl-pnp-note'>Tries: <b>{self.tries}</b> of {positions.SIM_TRIES}. A tile that fits came "
            f"<b>{self.hits}</b> times.<br>"
            f"<span style='display:inline-block;width:9em'>drawn</span>{bar(share, _GOLD)} {share:.0%}<br>"
            f"<span style='display:inline-block;width:9em'>exact: {self.count} of {self.unseen}</span>{bar(float(self.exact), '#1f4fd1')} "
            f"{float(self.exact):.0%}</div>")


# ---------------------------------------------------------------- Battles: pairs of secret choices
class BattlePairs(widgets.VBox):
    """Both sides hold 2 resources, a pirate defends: the 9 pairs of choices as buttons (the attack's wins
    shaded), a tap on one says who wins, and a button picks both choices at random (seeded)."""

    def __init__(self, seed: int = SEED):
        self.rng = random.Random(seed)
        self.grid = positions.battle_outcomes(2, 2, 0)
        self.picks = self.wins = 0
        self.cells = {}
        head = [widgets.HTML("")] + [widgets.HTML(f"<b>defence {d}</b>") for d in range(3)]
        items = list(head)
        for a, row in enumerate(self.grid):
            items.append(widgets.HTML(f"<b>attack {a}</b>"))
            for d, won in enumerate(row):
                cell = widgets.Button(description="succeeds" if won else "repulsed",
                                      layout=widgets.Layout(width="auto"))
                cell.style.button_color = "#f3c6c6" if won else "#cfdcf3"
                cell.add_class("pl-pnp-pair")
                cell.on_click(lambda _, a=a, d=d: self.tell(a, d))
                self.cells[a, d] = cell
                items.append(cell)
        box = widgets.GridBox(items, layout=widgets.Layout(grid_template_columns="auto auto auto auto",
                                                           grid_gap="4px", align_items="center"))
        won = sum(map(sum, self.grid))
        self.button = _button("Both pick at random", "pl-pnp-draw")
        self.button.on_click(lambda _: self.pick())
        self.result = _note(f"The attack succeeds in <b>{won} of the 9 pairs</b> (red): only when it is more "
                            f"than the defence. Tap a pair.")
        super().__init__([_row(box, widgets.VBox([self.button, self.result], layout=widgets.Layout(flex="1 1 240px")))])
        self.add_class("pl-pnp-battle-pairs")

    def tell(self, a: int, d: int) -> None:
        won = self.grid[a][d]
        for (x, y), cell in self.cells.items():
            cell.icon = "star" if (x, y) == (a, d) else ""
        self.result.value = (f"<div class='pl-pnp-note'>Attack {a} against defence 0 + {d} = {d}: "
                             f"{'the attack succeeds' if won else 'a tie: repulsed' if a == d else 'repulsed'}."
                             + (f"<br>{_many(self.picks, 'random pick')} so far: the attack succeeded in {self.wins}."
                                if self.picks else "") + "</div>")

    def pick(self) -> tuple:
        a, d = self.rng.randrange(3), self.rng.randrange(3)
        self.picks += 1
        self.wins += self.grid[a][d]
        self.tell(a, d)
        return a, d


# ---------------------------------------------------------------- mixing: a chance for each choice
class MixView(widgets.VBox):
    """The defender's best secret mix (2 resources each, a pirate defends); the attacker's choice is a toggle,
    and the defences it beats are marked, with the chance and the average points."""

    def __init__(self, attack: int = 1):
        self.mix = positions.defender_mix()
        self.attack = widgets.ToggleButtons(options=[("attack 0", 0), ("attack 1", 1), ("attack 2", 2)],
                                            value=attack, style={"button_width": "auto"})
        self.attack.add_class("pl-pnp-attack-choice")
        self.attack.observe(lambda _: self.redraw(), names="value")
        self.table, self.result = widgets.HTML(), _note("")
        super().__init__([widgets.HTML("<span class='pl-pnp-control-label'>Player 2 attacks with:</span>"),
                          self.attack, _row(self.table, self.result)])
        self.add_class("pl-pnp-mix-view")
        self.redraw()

    def redraw(self) -> None:
        a = self.attack.value
        rows = "".join(
            f"<tr style='background:{'#f3c6c6' if a > d else '#cfdcf3'}'><td>defence {d}</td>"
            f"<td>{p * 6} in 6</td><td><div style='width:{160 * float(p):.0f}px;height:0.9em;background:#1f4fd1'>"
            f"</div></td><td>{'beaten' if a > d else 'holds'}</td></tr>" for d, p in enumerate(self.mix))
        self.table.value = ("<table class='pl-pnp-mix' style='border-collapse:collapse'>"
                            "<tr><th>Player 1 defends with</th><th>how often</th><th></th><th></th></tr>"
                            f"{rows}</table>")
        beaten = [d for d in range(3) if a > d]
        sixths = int(sum(self.mix[d] * 6 for d in beaten))
        self.result.value = (
            f"<div class='pl-pnp-note'>Attack {a} beats {'defence ' + ' or '.join(map(str, beaten)) if beaten else 'no defence'}"
            f": red rows, {sixths} in 6.<br>On average: 6 points × {sixths}/6 − {a} resource{'s' if a != 1 else ''} "
            f"= {sixths - a} points.</div>")


# ---------------------------------------------------------------- Advanced Rules: the exploration tiles
class ExplorationDraw(widgets.VBox):
    """The ten exploration tiles: the Storm already drawn (face up), the nine others face down with the Natives
    framed; a button draws one of the nine (seeded; each draw starts from the same nine)."""

    def __init__(self, seed: int = SEED):
        self.rng = random.Random(seed)
        self.left = list(positions.natives_after_storm_state().explore_bag)
        self.draws = self.natives = 0
        cards = []
        for name in exploration_tiles():
            seen = name == "Storm"
            style = ("background:#ddd;text-decoration:line-through" if seen else
                     f"background:#f7efe0;border:3px solid {_GOLD}" if name == "Natives" else "background:#f7efe0")
            cards.append(f"<span class='pl-pnp-card' style='display:inline-block;margin:2px;padding:3px 6px;"
                         f"border-radius:4px;{style}'>{html.escape(name)}</span>")
        natives = self.left.count("Natives")
        self.button = _button("Player 1 draws one", "pl-pnp-draw")
        self.button.on_click(lambda _: self.draw())
        self.result = _note("")
        super().__init__([_note("The ten exploration tiles. Player 2 drew the Storm earlier: it is on the board."), widgets.HTML("".join(cards)),
                          _note(f"<b>{natives} of the {len(self.left)}</b> tiles still face down are Natives "
                                f"(framed in gold)."), _row(self.button, self.result)])
        self.add_class("pl-pnp-exploration-draw")

    def draw(self) -> str:
        name = self.rng.choice(self.left)
        self.draws += 1
        self.natives += name == "Natives"
        self.result.value = (f"<div class='pl-pnp-note'>The {html.escape(name)}. {_many(self.draws, 'draw')} so far "
                             f"(each from the same nine): {self.natives} Natives.</div>")
        return name
