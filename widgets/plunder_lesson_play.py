"""Things to do on the Plunder lesson's class screens (issue 39): draw, shuffle, sail, contest, fight, turn over the
top card; each picture highlights the cards the question is about, with their count beside it.

Every draw is seeded per screen (the screen's Reset builds the widget again, so the same cards come back); every
outcome is the engine's (its deck, its fight, its loot), and the counts are the cards a captain has not seen.

Rules: Plunder › Setup

>>> box = first_draw()
>>> "4 of the 54 cards" in box.count.value
True
>>> box.pick.value = "5"
>>> "15 of the 54 cards" in box.count.value
True
"""
from __future__ import annotations

import html
import random
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.plunder import lessons
from pirates_lab.plunder.components import components
from pirates_lab.plunder.odds import loot_cards, npc_chain, npc_chain_odds, side_of

from .numbers import percent_text

__all__ = ["first_draw", "storm_course", "storm_runs", "marque_contest", "combat_chain", "loot_card",
           "attack_choice", "cards_html", "group_name", "SEED"]

#: every screen's draws start from this seed (Reset: the same cards again)
SEED = 39
HIT, MISS, MARK = "#f2c14e", "#e4ddd0", "#c0392b"
_CLASSES = ("Sloop", "Brigantine", "Galleon")


def group_name(name: str) -> str:
    """How a card is named in the pictures: Ports, ship classes and War cards grouped, the others by name.

    >>> group_name("Havana"), group_name("English Sloop"), group_name("War is Declared: Spain"), group_name("Storm")
    ('Port', 'Sloop', 'War is Declared', 'Storm')
    """
    card = components().card(name)
    if card.kind == "port":
        return "Port"
    if card.kind == "first_mate":
        return "First Mate"
    if card.kind == "war":
        return "War is Declared"
    last = name.split()[-1]
    return last if card.kind == "ship" and last in _CLASSES else name


def _number(name: str) -> int:
    return components().card(name).number


def cards_html(cards: dict, lit, marked=None, lit_colour: str = HIT, other: str = MISS, names: bool = True) -> str:
    """The cards, one small tile a copy, a row per card number (highest first), the names beside; a tile is
    ``lit_colour`` when ``lit(number)``; the ``marked`` cards' tiles (a name or a list of names) are outlined in
    red."""
    marks: dict[str, int] = {}
    for name in ([marked] if isinstance(marked, str) else marked or []):
        marks[group_name(name)] = marks.get(group_name(name), 0) + 1
    rows = []
    for number in sorted({_number(n) for n in cards}, reverse=True):
        groups: dict[str, int] = {}
        for name, n in cards.items():
            if _number(name) == number and n:
                groups[group_name(name)] = groups.get(group_name(name), 0) + n
        colour = lit_colour if lit(number) else other
        tiles = []
        for group, n in groups.items():
            for k in range(n):
                edge = f"3px solid {MARK}" if k < marks.get(group, 0) else "1px solid #6b5a40"
                tiles.append(f"<span title='{html.escape(group)}' style='display:inline-block;width:0.62em;"
                             f"height:0.85em;margin:0 1px;background:{colour};border:{edge};border-radius:2px;"
                             "vertical-align:middle'></span>")
        said = ", ".join(f"{html.escape(g)}{' ×' + str(n) if n > 1 else ''}" for g, n in groups.items())
        cell = "padding:0 0.3em;line-height:1.15"
        rows.append(f"<tr><td style='text-align:right;font-weight:bold;{cell}'>{number}</td>"
                    f"<td style='{cell};white-space:nowrap'>{''.join(tiles)}</td>"
                    + (f"<td style='font-size:0.78em;{cell}'>{said}</td>" if names else "") + "</tr>")
    return ("<table class='pl-plunder-cards' style='border-collapse:collapse;margin:0.2em 0'>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _html(text: str = "", css: str = "") -> widgets.HTML:
    box = widgets.HTML(text, layout=widgets.Layout(max_width="100%"))
    if css:
        box.add_class(css)
    return box


def _button(text: str) -> widgets.Button:
    button = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
    button.add_class("pl-plunder-play-button")
    return button


def _named(name: str) -> str:
    return f"{name} ({_number(name)})"


def _draw(rng: random.Random, cards: dict) -> str:
    """One card drawn from ``cards`` (copies), every copy as likely."""
    pile = [name for name, n in sorted(cards.items()) for _ in range(n)]
    return rng.choice(pile)


def _pile(cards: dict, rng: random.Random) -> list[str]:
    pile = [name for name, n in sorted(cards.items()) for _ in range(n)]
    rng.shuffle(pile)
    return pile


def _row(*children) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                              max_width="100%", grid_gap="0 12px"))


def _beside(picture: widgets.Widget, *side: widgets.Widget) -> widgets.HBox:
    """The picture, and beside it (below it on a narrow screen) its count and what was drawn."""
    column = widgets.VBox(list(side), layout=widgets.Layout(flex="1 1 14em", min_width="12em", max_width="100%",
                                                            align_items="flex-start"))
    return widgets.HBox([picture, column], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                 max_width="100%", grid_gap="0 16px"))


def _box(children, css: str) -> widgets.VBox:
    box = widgets.VBox(children, layout=widgets.Layout(max_width="100%"))
    box.add_class(css)
    return box


# ---------------------------------------------------------------- Setup: every card as likely
def first_draw(seed: int = SEED) -> widgets.VBox:
    """The 54 cards of the First Captain's draw (the Storm is put back if drawn: house rule 3): pick a number to
    light the cards numbered that or more; draw one."""
    cards = lessons.first_draw_cards()
    total = sum(cards.values())
    rng = random.Random(seed)
    pick = widgets.ToggleButtons(options=[str(n) for n in range(1, 7)], value="6", style={"button_width": "2.6em"})
    draw = _button("Draw a card")
    picture, count, said = _html(), _html(), _html()
    drawn: list[str] = []

    def show(_=None) -> None:
        low = int(pick.value)
        fit = sum(n for name, n in cards.items() if _number(name) >= low)
        picture.value = cards_html(cards, lambda number: number >= low, drawn[-1] if drawn else None)
        count.value = f"<b>{fit} of the {total} cards</b> are numbered {low} or more (yellow)."

    def on_draw(_) -> None:
        drawn.append(_draw(rng, cards))
        high = sum(_number(name) >= 5 for name in drawn)
        said.value = (f"You drew <b>{html.escape(_named(drawn[-1]))}</b> (outlined in red). "
                      f"Draws so far: {len(drawn)}, numbered 5 or more: {high}.")
        show()

    pick.observe(show, names="value")
    draw.on_click(on_draw)
    show()
    box = _box([_row(_html("<b>Light the numbers from</b>"), pick), _beside(picture, count, draw, said)],
               "pl-plunder-first-draw")
    box.pick, box.draw, box.picture, box.count, box.said = pick, draw, picture, count, said
    return box


# ---------------------------------------------------------------- Sail and Explore: the Storm and its complement
def _strip(size: int, mine: int, storm: int | None) -> str:
    tiles = []
    for place in range(1, size + 1):
        colour = HIT if place <= mine else MISS
        inner = "S" if place == storm else str(place) if place <= mine else ""
        edge = f"3px solid {MARK}" if place == storm else "1px solid #6b5a40"
        tiles.append(f"<span style='display:inline-block;width:1.2em;height:1.45em;margin:1px;text-align:center;"
                     f"line-height:1.45em;font-size:0.9em;font-weight:bold;color:{MARK};background:{colour};"
                     f"border:{edge};border-radius:3px;vertical-align:middle'>{inner}</span>")
    return f"<div class='pl-plunder-strip' style='max-width:100%'>{''.join(tiles)}</div>"


def storm_course(seed: int = SEED) -> widgets.VBox:
    """The deck after the deal, top card first: a course of n moves draws the top n (yellow); shuffle and sail to
    see where the Storm lay."""
    size = lessons.storm_deck_size()
    rng = random.Random(seed)
    moves = widgets.IntSlider(value=1, min=1, max=6, continuous_update=False)
    moves.add_class("pl-rule-slider")
    sail = _button("Shuffle and sail")
    picture, said = _html(), _html()
    storm: list[int] = []
    log = {"met": 0, "sailed": 0}

    def show(_=None) -> None:
        n = moves.value
        picture.value = (_strip(size, n, storm[-1] if storm else None)
                         + f"<div>The Storm is one of the <b>{size}</b> cards, in any place as likely. Your "
                         f"{n} draw{'s' * (n != 1)} (yellow) {'are' if n != 1 else 'is'} {n} of the {size} places: "
                         f"it misses them in <b>{size - n} of the {size}</b>.</div>")

    def on_sail(_) -> None:
        place = _pile(dict(lessons.dealt(4, 3).deck), rng).index("Storm") + 1
        storm.append(place)
        log["sailed"] += 1
        hit = place <= moves.value
        log["met"] += hit
        said.value = (f"<p>This shuffle put the Storm at place {place}: "
                      f"{'it hit you' if hit else 'you missed it'}. Courses sailed: {log['sailed']}, "
                      f"Storms met: {log['met']}.</p>")
        show()

    moves.observe(show, names="value")
    sail.on_click(on_sail)
    show()
    box = _box([_row(_html("<b>Moves on your course</b>"), moves, sail), picture, said], "pl-plunder-storm-course")
    box.moves, box.sail, box.picture, box.said = moves, sail, picture, said
    return box


def storm_runs(seed: int = SEED) -> widgets.VBox:
    """Courses of 3 moves sailed again and again (a fresh shuffle each): how often the Storm came, beside the exact
    share."""
    size, course = lessons.storm_deck_size(), lessons.COURSE
    rng = random.Random(seed)
    deck = dict(lessons.dealt(4, 3).deck)
    buttons = [_button("Sail 31 courses"), _button("Sail 310 courses")]
    picture = _html()
    tally = {"sailed": 0, "met": 0}
    exact = Fraction(course, size)

    def bar(share: float, colour: str) -> str:
        return (f"<span style='display:inline-block;height:1em;width:{max(share, 0.002) * 100 * 3:.1f}%;"
                f"max-width:70%;background:{colour};border:1px solid #6b5a40'></span>")

    def show() -> None:
        sailed, met = tally["sailed"], tally["met"]
        share = met / sailed if sailed else 0
        picture.value = (f"<p>Courses sailed: <b>{sailed}</b> · the Storm came: <b>{met}</b>"
                         f"{f' ({percent_text(Fraction(met, sailed))} of them)' if sailed else ''}</p>"
                         f"<p>sailed {bar(share, HIT)}<br>exact&nbsp; {bar(float(exact), '#7fb3d5')} "
                         f"{course} in every {size} courses</p>")

    def sail(n: int) -> None:
        for _ in range(n):
            tally["sailed"] += 1
            tally["met"] += _pile(deck, rng).index("Storm") < course
        show()

    buttons[0].on_click(lambda _: sail(31))
    buttons[1].on_click(lambda _: sail(310))
    show()
    box = _box([widgets.HBox(buttons), picture], "pl-plunder-storm-runs")
    box.buttons, box.picture, box.tally = buttons, picture, tally
    return box


# ---------------------------------------------------------------- Action: what is left unseen
def marque_contest(seed: int = SEED) -> widgets.VBox:
    """Your six cards (seen): pick the one you place; the cards you have not seen, those that beat it lit red;
    a captain contests with one of them."""
    hand = lessons.MARQUE_HAND
    unseen = lessons.start_unseen(hand)
    total = sum(unseen.values())
    rng = random.Random(seed)
    pick = widgets.ToggleButtons(options=[_named(n) for n in hand], value=_named("Havana"),
                                 style={"button_width": "auto"})
    contest = _button("A captain contests")
    picture, count, said = _html(), _html(), _html()
    theirs: list[str] = []

    def mine() -> int:
        return _number(hand[[_named(n) for n in hand].index(pick.value)])

    def show(_=None) -> None:
        n = mine()
        low = sum(c for name, c in unseen.items() if _number(name) <= n)
        picture.value = cards_html(unseen, lambda number: number > n, theirs[-1] if theirs else None,
                                   lit_colour="#e08a80", other="#a8d5a2")
        count.value = (f"<b>{low} of the {total}</b> cards you have not seen (not your six) are numbered {n} or "
                       "lower (green): against those the Letter is yours, a tie included.")

    def on_contest(_) -> None:
        theirs.append(_draw(rng, unseen))
        win = _number(theirs[-1]) <= mine()
        said.value = (f"They placed <b>{html.escape(_named(theirs[-1]))}</b>: "
                      f"{'you receive the Letter' if win else 'they beat you'}.")
        show()

    pick.observe(show, names="value")
    contest.on_click(on_contest)
    show()
    box = _box([_row(_html("<b>You place</b>"), pick), _beside(picture, count, contest, said)],
               "pl-plunder-marque-contest")
    box.pick, box.contest, box.picture, box.count, box.said = pick, contest, picture, count, said
    return box


# ---------------------------------------------------------------- Combat: a chain of steps
def _fight_rows() -> list[tuple[str, str, int, int, int]]:
    me, enemy = (side_of(n) for n in lessons.FIGHT)
    rows = []
    for step, stat in (("Engagement", "speed"), ("Broadside", "cannon"), ("Boarding", "crew")):
        rows.append((step, stat, getattr(me, stat), getattr(enemy, stat), max(0, getattr(enemy, stat) -
                                                                              getattr(me, stat))))
    return rows


def combat_chain(seed: int = SEED) -> widgets.VBox:
    """A Pinnace (no card in hand) draws two cards, then attacks a Treasure Fleet: the steps, the cards that can
    close a gap (lit), and fights drawn one after another with the engine's play."""
    me, enemy = lessons.FIGHT
    cards = lessons.start_unseen()
    total = sum(cards.values())
    rng = random.Random(seed)
    fight = _button(f"Draw {lessons.FIGHT_DRAWS} cards and fight")
    said, table, picture, count = _html(), _html(), _html(), _html()
    tally = {"fights": 0, "won": 0}
    def needed(step: str, gap: int) -> str:
        if gap == 0:
            return "no card: it cannot flee" if step == "Engagement" else "no card"
        return f"a card of {gap} or more"

    rows = "".join(f"<tr><td>{step} ({stat})</td><td style='text-align:center'>{a}</td>"
                   f"<td style='text-align:center'>{b}</td><td>{needed(step, gap)}</td></tr>"
                   for step, stat, a, b, gap in _fight_rows())
    gaps = {gap for *_, gap in _fight_rows() if gap}
    need = min(gaps)
    fit = sum(n for name, n in cards.items() if _number(name) >= need)
    drawn: list[str] = []

    def show() -> None:
        table.value = (f"<table class='pl-table'><thead><tr><th>step</th><th>{me}</th>"
                       f"<th style='white-space:nowrap'>{enemy}</th><th>you need</th></tr></thead><tbody>{rows}</tbody>"
                       "</table>")
        picture.value = cards_html(cards, lambda number: number >= need, drawn, names=False)
        count.value = (f"<b>{fit} of the {total} cards</b> are numbered {need} or more (yellow). A tie is yours; a "
                       "card played is gone.")

    def on_fight(_) -> None:
        pile = _pile(cards, rng)
        hand = pile[:lessons.FIGHT_DRAWS]
        drawn[:] = hand
        end, used = npc_chain(side_of(me), side_of(enemy), hand)
        tally["fights"] += 1
        tally["won"] += end == "won"
        words = {"won": "you win the fight", "sunk": "you are sunk", "escaped": "it escapes"}[end]
        said.value = (f"You drew <b>{html.escape(' and '.join(_named(n) for n in hand))}</b>: {words}. "
                      f"Fights: {tally['fights']}, won: {tally['won']}.")
        show()

    fight.on_click(on_fight)
    show()
    box = _box([table, _beside(picture, count, fight, said)], "pl-plunder-combat-chain")
    box.fight, box.said, box.table, box.picture, box.count, box.tally = fight, said, table, picture, count, tally
    return box


# ---------------------------------------------------------------- Results of a Combat: the loot's average
PRIZES = ("Spanish Sloop", "Spanish Brigantine", "Spanish Galleon", "Treasure Fleet")


def loot_card(seed: int = SEED) -> widgets.VBox:
    """The top card turned over as loot: pick the captured ship (its cargo caps the tokens); the table counts the
    cards that give each number of tokens; turn over cards to see it happen."""
    cards = lessons.start_unseen()
    total = sum(cards.values())
    rng = random.Random(seed)
    prize = widgets.Dropdown(options=[f"{n} (cargo {components().card(n).cargo})" for n in PRIZES],
                             value=f"Spanish Sloop (cargo {components().card('Spanish Sloop').cargo})")
    turn = _button("Turn over the top card")
    picture, said, words = _html(), _html(), _html()

    def ship() -> str:
        return prize.value.split(" (")[0]

    def found() -> list:
        card = components().card(ship())
        return loot_cards(cards, card.cargo, components().pinnace["cargo"] + card.cargo)

    def show(_=None) -> None:
        by_tokens: dict[int, list] = {}
        for name, (good, qty), n in found():
            by_tokens.setdefault(qty, []).append((group_name(name), n))
        rows = []
        for qty in sorted(by_tokens):
            count = sum(n for _, n in by_tokens[qty])
            rows.append(f"<tr><td style='text-align:center'>{qty}</td><td style='text-align:center'>{count}</td>"
                        f"<td style='text-align:center'>{qty} × {count}</td></tr>")
        words.value = (f"The top card is one of the {total} cards you have not seen, each as likely. The "
                       f"{html.escape(ship())} carries at most {components().card(ship()).cargo} tokens.")
        picture.value = ("<table class='pl-table pl-plunder-loot'><thead><tr><th>tokens</th><th>cards</th>"
                         f"<th>tokens × cards</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")

    def on_turn(_) -> None:
        name = _draw(rng, cards)
        card = components().card(name)
        good, qty = next(loot for n, loot, _ in found() if n == name)
        capped = qty < card.number
        said.value = (f"<b>{html.escape(_named(name))}</b>: {qty} {good}"
                      f"{f' (the card says {card.number}; the ship carries at most {qty})' if capped else ''}.")

    prize.observe(show, names="value")
    turn.on_click(on_turn)
    show()
    box = _box([_row(_html("<b>The ship you captured</b>"), prize), _beside(picture, words, turn, said)],
               "pl-plunder-loot-card")
    box.prize, box.turn, box.picture, box.said = prize, turn, picture, said
    return box


# ---------------------------------------------------------------- the synthesis: should I attack?
def attack_choice(seed: int = SEED) -> widgets.VBox:
    """A Pinnace against a Treasure Fleet: slide the cards drawn before the fight to see the chance to win (the
    engine's count), what a win and a sinking are worth, and fight 100 times to see the average silver."""
    me, enemy = lessons.FIGHT
    cards = lessons.start_unseen()
    kept = lessons.fight_gain()
    value = components().card(enemy).value
    rng = random.Random(seed)
    draws = widgets.IntSlider(value=1, min=0, max=4, continuous_update=False)
    draws.add_class("pl-rule-slider")
    run = _button("Fight 100 times")
    picture, said = _html(), _html()
    tally = {"fights": 0, "silver": 0}

    def show(_=None) -> None:
        win = npc_chain_odds(side_of(me), side_of(enemy), [], draws.value, cards).win
        tally.update(fights=0, silver=0)
        said.value = ""
        cards_word = f"Drawing {draws.value} card{'s' * (draws.value != 1)}"
        chance = (f"{cards_word}, you never win the fight: one card cannot win both the Broadside and the Boarding."
                  if win == 0 else f"{cards_word}, you win the fight <b>{percent_text(win)}</b> of the time "
                                   f"({win.numerator} in {win.denominator}).")
        picture.value = (f"<div>{chance}</div>"
                         "<table class='pl-table'><thead><tr><th>the fight ends</th><th>silver you take</th></tr>"
                         f"</thead><tbody><tr><td>you win</td><td>the {enemy} sells in Tortuga for {value}; the "
                         f"crew takes half: you keep {kept}</td></tr><tr><td>you are sunk</td><td>0: sinking costs "
                         "no silver (you lose your ship and your cards)</td></tr></tbody></table>")

    def on_run(_) -> None:
        for _ in range(100):
            hand = _pile(cards, rng)[:draws.value]
            tally["fights"] += 1
            tally["silver"] += kept if npc_chain(side_of(me), side_of(enemy), hand)[0] == "won" else 0
        said.value = (f"<p>Fights: {tally['fights']}, silver taken: {tally['silver']}, on average "
                      f"<b>{tally['silver'] / tally['fights']:.2f}</b> a fight.</p>")

    draws.observe(show, names="value")
    run.on_click(on_run)
    show()
    box = _box([_row(_html("<b>Cards you draw before the fight</b>"), draws), picture, _row(run, said)],
               "pl-plunder-attack-choice")
    box.draws, box.run, box.picture, box.said, box.tally = draws, run, picture, said, tally
    return box
