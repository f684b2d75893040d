"""King of Pirates lesson toys: things a student clicks before a question (issue 39).

Every toy shows the event a question asks about, highlighted, with its count beside it ("6 of the 36 rolls"),
and has something to do: click a cell, roll, turn a tile over, move a slider.  Rolls are seeded per screen, so a
screen's Reset (which builds its toy again) brings the same rolls back.  The counts come from the engine's rules
(:mod:`pirates_lab.king_of_pirates.lessons`); nothing here decides a rule.

>>> grid = TargetGrid("city")
>>> grid.hits
6
>>> grid.roll_button.click(); grid.rolls
1

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

import html
import random
from collections.abc import Callable

import ipywidgets as widgets

from pirates_lab.core.geometry import hex_distance
from pirates_lab.king_of_pirates import components, lessons
from pirates_lab.king_of_pirates.odds import dutchman_distribution

from .canvas import BoardCanvas
from .king_of_pirates import COMPACT, board_ops, heat_scale_html
from .king_of_pirates_calculators import TARGET_NAMES
from .kit import guard

__all__ = ["DiceGrid", "TargetGrid", "compass_grid", "CompassRoller", "DutchmanWalks", "UpkeepRoller", "TileDeck",
           "RetryView", "keep_grid", "HIT", "MISS", "OFF", "ROLLED", "ROLLED_HIT"]

HIT, MISS, OFF, ROLLED, ROLLED_HIT = "#8fd18f", "#f2f2f2", "#d0d0d0", "#ffd54f", "#3fae3f"
ROW = dict(flex_flow="row wrap", align_items="flex-start", max_width="100%")
SIDE = dict(flex="1 1 14em", min_width="0", max_width="100%", padding="0 0 0 12px")
FACE = ("one", "two", "three", "four", "five", "six")


def _html(text: str, css: str = "") -> widgets.HTML:
    shown = widgets.HTML(text)
    if css:
        shown.add_class(css)
    return shown


def _button(text: str, css: str) -> widgets.Button:
    button = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


# ---------------------------------------------------------------- the 36-cell grid of two dice
class DiceGrid(widgets.VBox):
    """Two dice as a 6 × 6 grid of equally likely cells (first die a row, second a column).  ``hit(a, b)``:
    is the cell in the event (painted green); ``live(a, b)``: can it still happen (others greyed out);
    ``text(a, b)``: what the cell shows; ``words(hits, live)``: the count line.  A click on a cell says what
    that roll does; Roll picks a live cell at random (seeded) and keeps a tally."""

    def __init__(self, hit: Callable, *, text: Callable = lambda a, b: str(a + b), live: Callable = lambda a, b: True,
                 words: Callable = lambda hits, live: f"{hits} of the {live} rolls", tell: Callable | None = None,
                 heads=("first die", "second die"), names=tuple(str(n) for n in range(1, 7)), seed: int = 1,
                 top=(), roll: str = "Roll the dice", css: str = "pl-kop-dice-grid"):
        self.rng = random.Random(seed)
        self.names, self.heads = names, heads
        self.text, self.words, self.tell = text, words, tell or (lambda a, b: f"{a} and {b}: {a + b}.")
        self.cells: dict[tuple[int, int], widgets.Button] = {}
        self.count, self.caption, self.tally = _html("", "pl-kop-grid-count"), _html("", "pl-kop-grid-caption"), _html("")
        self.rolls = self.rolled_hits = 0
        self.last = None
        self.roll_button = _button(roll, "pl-kop-grid-roll")
        self.roll_button.on_click(lambda _: self.roll())
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_template_columns="repeat(7, auto)", grid_gap="2px",
                                                          width="max-content", max_width="100%"))
        cells = [_html(f"<div style='font-size:0.8em;line-height:1.15'>{html.escape(heads[1])} →<br>"
                       f"{html.escape(heads[0])} ↓</div>")]
        cells += [_html(f"<div style='text-align:center'><b>{html.escape(n)}</b></div>") for n in names]
        for a in range(1, 7):
            cells.append(_html(f"<div style='text-align:right;padding-right:4px'><b>{html.escape(names[a - 1])}</b></div>"))
            for b in range(1, 7):
                button = widgets.Button(layout=widgets.Layout(width="3.4em", padding="0", margin="0"))
                button.on_click(lambda _, a=a, b=b: self.pick(a, b))
                self.cells[(a, b)] = button
                cells.append(button)
        self.grid.children = cells
        side = widgets.VBox([*top, self.count, self.roll_button, self.tally, self.caption], layout=widgets.Layout(**SIDE))
        super().__init__([widgets.HBox([self.grid, side], layout=widgets.Layout(**ROW))])
        self.add_class(css)
        self.set(hit, live)

    def set(self, hit: Callable, live: Callable | None = None) -> None:
        """Paint a new event (and, given, which cells can still happen); the tally starts again."""
        self.hit, self.live = hit, live or self.live
        self.hits = sum(1 for (a, b) in self.cells if self.live(a, b) and self.hit(a, b))
        self.live_cells = sum(1 for (a, b) in self.cells if self.live(a, b))
        self.rolls = self.rolled_hits = 0
        self.last = None
        self.tally.value = ""
        self.caption.value = "<div><i>Click a cell to see what that roll does.</i></div>"
        self.paint()

    def paint(self) -> None:
        for (a, b), button in self.cells.items():
            live = self.live(a, b)
            button.description = self.text(a, b) if live else "·"
            hit = live and self.hit(a, b)
            if (a, b) == self.last:                     # the roll: gold, or a darker green when it is in the event
                button.style.button_color = ROLLED_HIT if hit else ROLLED
            else:
                button.style.button_color = HIT if hit else MISS if live else OFF
            button.style.font_weight = "bold" if (a, b) == self.last else "normal"
        self.count.value = f"<div class='pl-kop-count'><b>{html.escape(self.words(self.hits, self.live_cells))}</b></div>"

    def pick(self, a: int, b: int) -> None:
        """What the roll in this cell does (a click on it)."""
        if not self.live(a, b):
            self.caption.value = "<div>That roll cannot happen here (grey).</div>"
            return
        self.caption.value = f"<div>{html.escape(self.tell(a, b))}</div>"

    def roll(self) -> tuple[int, int]:
        """Roll: a live cell at random (each as likely), marked gold, and the tally."""
        live = [cell for cell in self.cells if self.live(*cell)]
        self.last = self.rng.choice(live)
        self.rolls += 1
        self.rolled_hits += bool(self.hit(*self.last))
        self.paint()
        self.pick(*self.last)
        self.tally.value = (f"<div class='pl-kop-tally'>Rolled {self.rolls} time{'s' if self.rolls != 1 else ''}: "
                            f"{self.rolled_hits} in the green. The last roll is the darker cell.</div>")
        return self.last


class TargetGrid(widgets.VBox):
    """Pick a target: the rolls of two Combat dice that conquer it are green, counted.  ``loot``: also say the
    target's Loot Value (the synthesis)."""

    def __init__(self, target: str = "city", *, loot: bool = False, seed: int = 1, css: str = "pl-kop-target-grid"):
        comp = components()
        self.loot = loot
        options = [(TARGET_NAMES.get(n, n), n) for n in comp.targets]
        self.target = widgets.Dropdown(options=options, value=target, description="attack",
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.target.add_class("pl-kop-grid-target")
        self.grid = DiceGrid(self._hit(target), words=self._words, tell=self._tell, seed=seed, top=[self.target])
        self.target.observe(lambda change: self.grid.set(self._hit(change["new"])), names="value")
        super().__init__([self.grid], layout=widgets.Layout(max_width="100%"))
        self.add_class(css)

    @staticmethod
    def _hit(target: str) -> Callable:
        need = lessons.defence(target)
        return lambda a, b: a + b >= need

    def _words(self, hits: int, live: int) -> str:
        target = self.target.value if hasattr(self, "target") else ""
        need = lessons.defence(target)
        words = f"Defense Value {need}: {hits} of the {live} rolls make {need} or more (green)."
        if self.loot:
            words += f" A conquest brings {components().targets[target]['loot']} Loot Cards."
        return words

    def _tell(self, a: int, b: int) -> str:
        need = lessons.defence(self.target.value)
        return f"{a} and {b} make {a + b}: " + ("conquered." if a + b >= need else f"short of {need}, a failed attack.")

    @property
    def hits(self) -> int:
        return self.grid.hits

    @property
    def rolls(self) -> int:
        return self.grid.rolls

    @property
    def roll_button(self) -> widgets.Button:
        return self.grid.roll_button


def keep_grid(seed: int = 3) -> widgets.Widget:
    """After a failed roll against the Stronghold, choose what to keep: the cells the re-roll can still reach
    stay coloured (a row for a kept first die, a column for a kept second die, all 36 for both dice re-rolled)."""
    need = lessons.defence(lessons.RETRY_TARGET)
    first, second = lessons.KEEP_ROLL
    choices = [(f"keep the {first}, re-roll the other die", "first"), (f"keep the {second}, re-roll the other die",
                                                                        "second"), ("re-roll both dice", "both")]
    lives = {"first": lambda a, b: a == first, "second": lambda a, b: b == second, "both": lambda a, b: True}
    pick = widgets.RadioButtons(options=choices, value="first", layout=widgets.Layout(width="auto", max_width="100%"))
    pick.add_class("pl-kop-keep-pick")

    def words(hits: int, live: int) -> str:
        return f"The re-roll can land on {live} cells: {hits} of them make {need} or more (green)."

    said = _html(f"<div>Your roll: <b>{first} and {second}</b> = {first + second}, short of {need}. "
                 "One Cannonball: what do you re-roll?</div>")
    grid = DiceGrid(lambda a, b: a + b >= need, live=lives["first"], words=words, seed=seed, top=[said, pick],
                    roll="Spend the Cannonball: re-roll",
                    tell=lambda a, b: f"{a} and {b} make {a + b}: " + ("conquered." if a + b >= need else "failed."))
    pick.observe(lambda change: grid.set(grid.hit, lives[change["new"]]), names="value")
    box = widgets.VBox([grid], layout=widgets.Layout(max_width="100%"))
    box.add_class("pl-kop-keep")
    box.grid, box.pick = grid, pick
    return box


# ---------------------------------------------------------------- the compass die
def compass_grid(seed: int = 2) -> DiceGrid:
    """Two compass rolls from the centre: a row for the first roll, a column for the second; each cell shows
    how many spaces from the centre the Dutchman ends (0: back on the centre, green)."""
    centre = components().centre
    names = components().compass

    def end(a: int, b: int):
        return lessons.compass_end(a - 1, b - 1)

    def tell(a: int, b: int) -> str:
        away = hex_distance(end(a, b), centre)
        where = "back on the centre" if away == 0 else f"{away} space{'s' if away != 1 else ''} from the centre"
        return f"{lessons.ARROWS[a - 1]} {names[a - 1]}, then {lessons.ARROWS[b - 1]} {names[b - 1]}: {where}."

    return DiceGrid(lambda a, b: end(a, b) == centre, text=lambda a, b: str(hex_distance(end(a, b), centre)),
                    words=lambda hits, live: f"{hits} of the {live} pairs of rolls end back on the centre (green).",
                    tell=tell, heads=("first roll", "second roll"), names=lessons.ARROWS, seed=seed,
                    roll="Roll the Compass Die twice",
                    css="pl-kop-compass-grid")


class CompassRoller(widgets.HBox):
    """The table at the start of ``game`` as ``seat`` sees it; Roll the Compass Die moves the Flying Dutchman one
    space (seeded)."""

    def __init__(self, game, seat: int = 0, seed: int = 5):
        self.seen, self.rng = game.new_initial_state().observation(seat), random.Random(seed)
        self.dutchman, self.rolls = components().centre, 0
        self.board = BoardCanvas(COMPACT.width, COMPACT.height, css_class="pl-kop-table-picture")
        self.button = _button("Roll the Compass Die", "pl-kop-compass-roll")
        self.button.on_click(lambda _: self.roll())
        self.caption = _html("<div>FD: the Flying Dutchman, at the centre. Roll the Compass Die to move it.</div>")
        self.side = widgets.VBox([self.button, self.caption], layout=widgets.Layout(**SIDE))
        super().__init__([self.board, self.side], layout=widgets.Layout(**ROW))
        self.draw()

    def draw(self) -> None:
        self.board.draw("background", board_ops(self.seen, dutchman=self.dutchman, layout=COMPACT))

    def roll(self) -> None:
        comp = components()
        face = self.rng.randrange(6)
        before = self.dutchman
        self.dutchman = lessons.compass_step(before, face)
        self.rolls += 1
        off = " That leaves the map: back to the centre." if self.dutchman == comp.centre and before != comp.centre \
            and hex_distance(before, comp.centre) == comp.radius else ""
        self.caption.value = (f"<div>Roll {self.rolls}: {lessons.ARROWS[face]} {comp.compass[face]}.{off} Each of the "
                              f"6 directions is as likely as the others.</div>")
        self.draw()


# ---------------------------------------------------------------- simulation against the exact answer
class DutchmanWalks(widgets.HBox):
    """Roll many Dutchmen two compass rolls each from the centre (seeded) and count those back on the centre;
    beside it the exact heat map of two rolls."""

    def __init__(self, seed: int = 11):
        self.rng = random.Random(seed)
        self.walks = self.back = 0
        heat = dutchman_distribution(2)
        board = BoardCanvas(COMPACT.width, COMPACT.height, css_class="pl-kop-walks-board")
        board.draw("background", board_ops(heat=heat, dutchman=components().centre,
                                           outlines={"#00a000": [components().centre]}, layout=COMPACT))
        self.buttons = []
        for n in (6, 60, 600):
            button = _button(f"Roll {n} walks", f"pl-kop-walks-{n}")
            button.on_click(lambda _, n=n: self.walk(n))
            self.buttons.append(button)
        self.result = _html("", "pl-kop-walks-result")
        side = widgets.VBox([_html(heat_scale_html(heat)),
                             _html("<div>The colours: the exact chance, in percent, of where the Dutchman stands after "
                                   "two rolls from the centre.</div>"),
                             widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")), self.result],
                            layout=widgets.Layout(**SIDE))
        super().__init__([board, side], layout=widgets.Layout(**ROW))
        self.add_class("pl-kop-walks")
        self.show()

    def walk(self, n: int) -> None:
        centre = components().centre
        for _ in range(n):
            self.walks += 1
            self.back += lessons.compass_end(self.rng.randrange(6), self.rng.randrange(6)) == centre
        self.show()

    def show(self) -> None:
        if not self.walks:
            self.result.value = "<div><i>No walks rolled yet.</i></div>"
            return
        self.result.value = (f"<div>Walks rolled: <b>{self.walks:,}</b>. Back on the centre: <b>{self.back:,}</b>, "
                             f"that is {100 * self.back / self.walks:.0f} in every 100.</div>")


# ---------------------------------------------------------------- the upkeep die
class UpkeepRoller(widgets.VBox):
    """The Upkeep Die's six faces (a house rule: how many show each result) and a Roll button; the Rum lost,
    roll by roll, and the average so far."""

    WORDS = {0: "Scurvy (no Rum)", 1: "lose 1 Rum", 2: "lose 2 Rum"}

    def __init__(self, seed: int = 4):
        self.rng = random.Random(seed)
        self.faces = [lost for lost, count in sorted(lessons.upkeep_losses().items()) for _ in range(count)]
        self.tiles = [_html(self._tile(lost, False)) for lost in self.faces]
        self.button = _button("Roll the Upkeep Die", "pl-kop-upkeep-roll")
        self.button.on_click(lambda _: self.roll())
        self.result = _html("<div><i>Not rolled yet.</i></div>", "pl-kop-upkeep-result")
        self.rolls, self.lost = 0, 0
        row = widgets.HBox(self.tiles, layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"))
        super().__init__([_html(f"<div><b>The {len(self.faces)} faces of the Upkeep Die.</b> House rule: the rulebook "
                                "prints the three results, not how many faces show each.</div>"), row,
                          self.button, self.result], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-kop-upkeep")

    def _tile(self, lost: int, rolled: bool) -> str:
        return (f"<div style='border:2px solid #555;border-radius:6px;padding:4px 6px;text-align:center;min-width:5.5em;"
                f"background:{ROLLED if rolled else '#ffffff'}'>{html.escape(self.WORDS[lost])}</div>")

    def roll(self) -> int:
        face = self.rng.randrange(len(self.faces))
        for i, tile in enumerate(self.tiles):
            tile.value = self._tile(self.faces[i], i == face)
        lost = self.faces[face]
        self.rolls += 1
        self.lost += lost
        self.result.value = (f"<div>This roll: <b>{html.escape(self.WORDS[lost])}</b>. After {self.rolls} "
                             f"roll{'s' if self.rolls != 1 else ''}: {self.lost} Rum lost, "
                             f"{self.lost / self.rolls:.2f} Rum a roll on average so far.</div>")
        return lost


# ---------------------------------------------------------------- the ocean tiles
class TileDeck(widgets.VBox):
    """The face-down ocean tiles (what they hide is a house rule): click one to turn it over.  The count of
    merchant ships among the tiles still face down is kept beside them."""

    SHORT = {"empty": "—", "Merchant Ship (British)": "B", "Merchant Ship (Spanish)": "S", "Warship (French)": "W"}
    WORDS = {"empty": "empty tiles", "Merchant Ship (British)": "British merchant ships",
             "Merchant Ship (Spanish)": "Spanish merchant ships", "Warship (French)": "French warships"}

    def __init__(self, seed: int = 6):
        counts = components().tiles["ocean"]
        hidden = [name for name, count in counts.items() for _ in range(count)]
        random.Random(seed).shuffle(hidden)
        self.hidden, self.turned = hidden, set()
        self.buttons = []
        for i in range(len(hidden)):
            button = widgets.Button(description="?", layout=widgets.Layout(width="2.6em", padding="0", margin="0"))
            button.on_click(lambda _, i=i: self.turn(i))
            self.buttons.append(button)
        grid = widgets.GridBox(self.buttons, layout=widgets.Layout(grid_template_columns="repeat(8, auto)",
                                                                   grid_gap="3px", max_width="100%"))
        rows = "".join(f"<li>{count} {html.escape(self.WORDS.get(name, name))} "
                       f"({html.escape(self.SHORT.get(name, '?'))})</li>" for name, count in counts.items())
        self.count = _html("", "pl-kop-tiles-count")
        key = _html(f"<div>House rule: what the {len(hidden)} ocean tiles hide (the rulebook does not say)."
                    f"<ul style='margin:0'>{rows}</ul></div>")
        super().__init__([widgets.HBox([grid, widgets.VBox([key, self.count], layout=widgets.Layout(**SIDE))],
                                       layout=widgets.Layout(**ROW))], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-kop-tiles")
        self.show()

    def merchant(self, i: int) -> bool:
        return self.hidden[i].startswith("Merchant Ship")

    def turn(self, i: int) -> None:
        if i in self.turned:
            return
        self.turned.add(i)
        button = self.buttons[i]
        button.description = self.SHORT.get(self.hidden[i], self.hidden[i])
        button.style.button_color = HIT if self.merchant(i) else OFF
        self.show()

    def show(self) -> None:
        down = [i for i in range(len(self.hidden)) if i not in self.turned]
        merchants = sum(self.merchant(i) for i in down)
        self.count.value = (f"<div><b>Face down: {len(down)} tiles, {merchants} of them merchant ships.</b> "
                            f"Turned over: {len(self.turned)}.</div>")


# ---------------------------------------------------------------- tries: the complement
class RetryView(widgets.VBox):
    """Attack the Stronghold again and again: a slider of Cannonballs (each one more roll of both dice after a
    failed roll); each roll fails in 33 of the 36 cells.  The buttons play attacks (seeded) and count how often a
    roll conquers, and how often a re-roll right after a failed roll does: the same, about 1 in 12 (independence)."""

    def __init__(self, cannonballs: int = 0, seed: int = 8):
        self.rng = random.Random(seed)
        need = lessons.defence(lessons.RETRY_TARGET)
        self.fails = sum(1 for a, b in lessons.dice_pairs() if a + b < need)
        self.slider = widgets.IntSlider(value=cannonballs, min=0, max=4, description="Cannonballs",
                                        continuous_update=False, style={"description_width": "initial"})
        self.slider.add_class("pl-kop-retry-cannonballs")
        self.picture, self.result, self.message = _html(""), _html("", "pl-kop-retry-result"), _html("")
        self.button = _button("Attack the Stronghold", "pl-kop-retry-roll")
        self.button.on_click(lambda _: self.attack())
        self.many = _button("Attack 100 times", "pl-kop-retry-many")
        self.many.on_click(lambda _: self.attack_many(100))
        self.attacks = self.won = 0
        self.rolls = self.rolls_won = self.after_fail = self.after_fail_won = 0
        self.last = ""
        self.slider.observe(lambda _: guard(self.message)(self.show)(), names="value")
        buttons = widgets.HBox([self.button, self.many], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.slider, self.picture, buttons, self.result, self.message],
                         layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-kop-retry")
        self.show()

    def show(self) -> None:
        tries = self.slider.value + 1
        boxes = "".join(f"<span style='display:inline-block;border:2px solid #555;border-radius:6px;padding:2px 6px;"
                        f"margin:2px'>roll {t}: fails in {self.fails} of 36</span>" for t in range(1, tries + 1))
        self.picture.value = (f"<div>{tries} roll{'s' if tries != 1 else ''} of both dice at most: {boxes}</div>"
                              f"<div>The attack fails only if <b>every</b> roll fails.</div>")
        self.attacks = self.won = 0
        self.rolls = self.rolls_won = self.after_fail = self.after_fail_won = 0
        self.result.value = "<div><i>Press a button to attack.</i></div>"

    def attack(self, quiet: bool = False) -> bool:
        """One attack: rolls of both dice until one makes the Defense Value or the Cannonballs run out."""
        need = lessons.defence(lessons.RETRY_TARGET)
        rolls = []
        for number in range(self.slider.value + 1):
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            rolls.append(f"{a} and {b}")
            self.rolls += 1
            self.rolls_won += a + b >= need
            if number:                                   # a re-roll: it comes right after a failed roll
                self.after_fail += 1
                self.after_fail_won += a + b >= need
            if a + b >= need:
                break
        won = a + b >= need
        self.attacks += 1
        self.won += won
        self.last = f"{'; '.join(rolls)}: <b>{'conquered' if won else 'every roll failed'}</b>. "
        if not quiet:
            self.tell()
        return won

    def attack_many(self, times: int) -> None:
        for _ in range(times):
            self.attack(quiet=True)
        self.tell()

    def tell(self) -> None:
        def per_100(hits: int, of: int) -> str:
            return f"{hits} of {of:,}" + (f", about {100 * hits / of:.0f} in 100" if of else "")

        self.result.value = (f"<div>{self.last if self.attacks else ''}Attacks conquered: "
                             f"{per_100(self.won, self.attacks)}.</div><div>Rolls that made 11 or more: {per_100(self.rolls_won, self.rolls)}; "
                             + (f"of the re-rolls right after a failed roll: {per_100(self.after_fail_won, self.after_fail)}."
                                if self.after_fail else "no re-rolls yet (move the Cannonballs slider).") + "</div>")
