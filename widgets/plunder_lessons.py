"""The Plunder lesson for pages: the scenarios module of ``pirates_lab/plunder/data/lessons.toml``.

Each demo returns a live view built by the engine (a sea drawn on a canvas, a calculator, an odds
chart, the engine's own legal actions or log on a hand-built position); the answers re-export
:mod:`pirates_lab.plunder.lessons` (computed when a step is checked, never written in the lesson).
:func:`lesson_card` shows one step on its own under its notebook heading.

Rules: Plunder › Combat
"""
from __future__ import annotations

import html
import random
import re

import ipywidgets as widgets

from pirates_lab.core.report import percent
from pirates_lab.core.rules import rulebook
from pirates_lab.plunder import Game, lessons
from pirates_lab.plunder.actions import Attack, Sell
from pirates_lab.plunder.captains import trader
from pirates_lab.plunder.components import components
from pirates_lab.plunder.lessons import (applying_encounters, best_trade_margin, boarding_answer,  # noqa: F401
                                         broadside_answer, captain_answer, captured_speed, cards_after_loss,
                                         combat_answer, courses_from_tortuga, deck_after_setup, encounter_copies_on_open_sea,
                                         enemy_at_war, galleon_pay_left, loot_answer, marque_with_four,
                                         navigator_catch_card, navigator_engagement, silver_to_win, spices_in_cartagena,
                                         tortuga_sale_kept, treasure_fleet_enemy, turn_phases, war_answer)
from pirates_lab.plunder.odds import captain_fight, loot_dist, marque_probability, npc_chain_odds, side_of
from pirates_lab.plunder.turn import FLOW

from .kit import DistView, Stepper
from .plunder import ChainCalculator, SeaView
from .walkthrough import Walkthrough

GAME = "plunder"
ANSWERS = ["deck_after_setup", "silver_to_win", "turn_phases", "encounter_copies_on_open_sea", "galleon_pay_left",
           "courses_from_tortuga", "marque_with_four", "applying_encounters", "best_trade_margin",
           "spices_in_cartagena", "tortuga_sale_kept", "navigator_catch_card", "combat_answer", "treasure_fleet_enemy",
           "navigator_engagement", "broadside_answer", "boarding_answer", "loot_answer", "captain_answer",
           "cards_after_loss", "enemy_at_war", "war_answer", "captured_speed"]
DEMOS = ["setup", "overview", "turn", "encounter", "pay", "sail", "action", "play_encounter", "trade", "buying",
         "selling", "first_mate", "combat", "enemies", "engagement", "broadside", "boarding", "results", "captain",
         "lose_ship", "enemies_at_war", "war", "captured"]
__all__ = [*DEMOS, *ANSWERS, "walkthrough", "lesson_card"]


# ---------------------------------------------------------------- small pieces for people
def _html(text: str, css: str = "") -> widgets.HTML:
    box = widgets.HTML(f"<div style='max-width:100%;overflow-wrap:anywhere'>{text}</div>")
    box.add_class("pl-plunder-lesson-text")
    if css:
        box.add_class(css)
    return box


def _table(header, rows) -> str:
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table class='pl-plunder-table' style='max-width:100%'><tr>{head}</tr>{body}</table>"


def _by_class(cards, value) -> dict:
    """{row label: value}: ships of the same class (the last word of the name) share one row when every
    nation's ship has the same value ("Sloop (each nation)"); any other card keeps its own row."""
    classes: dict = {}
    for card in cards:
        key = card.name.split()[-1] if card.kind == "ship" and card.nation and not card.prize else card.name
        classes.setdefault(key, []).append(card)
    rows = {}
    for key, group in classes.items():
        values = {value(card) for card in group}
        if len(group) > 1 and len(values) == 1:
            rows[f"{key} (each of {len(group)} nations)"] = values.pop()
        else:
            rows.update((card.name, value(card)) for card in group)
    return rows


def _items(lines) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(str(line))}</li>" for line in lines) + "</ul>"


def _seats(line: str) -> str:
    """A log line with captains counted from 1, as on the board ("captain 0" is Captain 1)."""
    return re.sub(r"([Cc]aptain) (\d+)", lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", str(line))


def _new_log(before, after) -> list[str]:
    return [_seats(entry) for entry in after.log[len(before.log):]]


def _mat_rows(state, p: int) -> list[tuple[str, str]]:
    cap = state.cap(p)
    goods = ", ".join(f"{n} {g}" for g, n in sorted(cap["cargo"].items())) or "none"
    return [("ship", cap["ship"]), ("First Mate", cap["mate"] or "none"), ("Traded Cargo", goods),
            ("cards in hand", str(len(state.hand(p)))), ("silver", str(cap["silver"])),
            ("where", "Tortuga" if tuple(cap["at"]) == (0, 0) else state.sea[tuple(cap["at"])])]


# ---------------------------------------------------------------- the demos, one per section
def setup() -> widgets.Widget:
    """Four captains after the setup: the first sea, the First Captain and the roles."""
    state = lessons.dealt(4, 3)
    draws = "; ".join(f"captain {p + 1}: {', '.join(cards)}" for p, cards in sorted(state.first_draws.items()))
    roles = "; ".join(f"{role}: captain {seat + 1}" for role, seat in state.roles.items())
    return widgets.VBox([SeaView(state), _html(f"<p>First draws (face up): {html.escape(draws)}.</p><p>First Captain: "
                                                f"captain {state.first + 1}. {html.escape(roles)}.</p>")])


def overview() -> widgets.Widget:
    """Three computer traders play a seeded game to the end."""
    state = Game(players=3, max_turns=200).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state = state.apply(state.chance_outcomes().sample(rng) if state.is_chance_node() else trader(state.view(), rng))
    winner = state.winners()[0]
    rows = [(f"captain {p + 1}", silver, "wins" if p == winner else "") for p, silver in enumerate(state.scores())]
    return _html(f"<p>A seeded game between three computer traders, played to the end in {state.round} rounds:</p>"
                 + _table(("captain", "silver at the end", ""), rows))


def turn() -> widgets.Widget:
    """The engine's turn table: each step, who acts and the heading that governs it."""
    turn = rulebook(GAME).headings
    phases = turn[turn.index("Turn"):turn.index("Trade")] + ["Trade"]     # Combat's steps have their own sections
    rows = [(p.name.replace("_", " "), p.rule, p.doc) for p in FLOW.phases.values() if p.rule in phases]
    return _html("<p>The engine's steps of a turn, in order, with the rulebook heading each one follows:</p>"
                 + _table(("engine step", "rulebook heading", "what happens"), rows))


def encounter() -> widgets.Widget:
    """The Spanish Sloop played to a captain on the Open Sea and to one on a Coastland."""
    sea = lessons.encounter_state("Spanish Sloop")
    coast = lessons.encounter_state("Spanish Sloop", where="Coastland")
    deck = components()
    rows = [(name, where.replace("_", " "), copies) for name, (where, copies) in _by_class(
        [c for c in deck.cards.values() if c.encounter], lambda c: (c.encounter, c.count)).items()]
    return _html("<p><b>On the Open Sea</b>, the engine now offers: "
                 + html.escape("; ".join(str(a) for a in sea.legal_actions())) + ".</p>"
                 + "<p><b>On a Coastland</b>, the engine's log says: "
                 + html.escape(next(_seats(line) for line in coast.log if "does not apply" in line)) + "</p>"
                 + "<p>Encounter cards and the map card they apply on:</p>"
                 + _table(("card", "applies on", "copies of each"), rows))


def pay() -> widgets.Widget:
    """Every ship's wages, and the engine paying an English Brigantine's crew."""
    deck = components()
    state, p = lessons.captain_at("English Brigantine", silver=6)
    after = lessons.at_step(state.clone(), p, "pay")
    rows = [("Pinnace", deck.pinnace["wages"])] + list(_by_class(deck.of_kind("ship"), lambda c: c.wages).items())
    return _html(f"<p>A captain in an English Brigantine with {state.cap(p)['silver']} silver, no First Mate: "
                 f"after Pay the Crew, {after.cap(p)['silver']} silver.</p>"
                 + _table(("ship", "crew's pay (silver a turn)"), rows)
                 + f"<p>A First Mate costs {deck.rules['first_mate_wage']} silver more (printed).</p>")


def sail() -> widgets.Widget:
    """The First Captain in Tortuga, with every legal course drawn in yellow."""
    state = lessons.sailing_example()
    note = _html("<p>Yellow: every legal course from Tortuga over the cards on the table (one direction, one turn "
                 "at most, stopping in a Port or a Coastland). The captain holds 3 cards, so the hand limit (fewer "
                 "than 7) does not stop it, and draws one card after each move.</p>")
    return widgets.VBox([SeaView(state), note])


def action() -> widgets.Widget:
    """The engine's actions for a captain in Havana, and the deck counted by card number."""
    state, p = lessons.in_port("Havana", silver=12)
    lessons.give_hand(state, p, ("Bottle of Rum", "Coastland", "War is Declared: England"))
    state = lessons.at_step(state, p, "action")
    numbers: dict = {}
    for name, n in lessons.start_unseen().items():
        numbers[components().card(name).number] = numbers.get(components().card(name).number, 0) + n
    return _html("<p>In Havana holding Bottle of Rum, Coastland and War is Declared: England, the engine offers: "
                 + html.escape("; ".join(str(a) for a in state.legal_actions())) + ".</p>"
                 "<p>The cards a captain has not seen at the start, by the number printed on them:</p>"
                 + _table(("card number", "copies"), sorted(numbers.items())))


def play_encounter() -> widgets.Widget:
    """The First Captain's hand and where each card applies; the neighbour is on the Open Sea."""
    state = lessons.give_state()
    rows = [(name, (components().card(name).encounter or "never (no Encounter)").replace("_", " "))
            for name in lessons.GIVE_HAND]
    return _html("<p>Your hand (captain 1); captain 2, on your left, is on the Open Sea. The engine offers: "
                 + html.escape("; ".join(str(a) for a in state.legal_actions())) + ".</p>"
                 + _table(("card", "Encounter on"), rows))


def trade() -> widgets.Widget:
    """Every Port's prices: what it sells you (Buy) and pays you (Sell)."""
    rows = [(c.name, c.nation, ", ".join(f"{g} {v}" for g, v in c.buy), ", ".join(f"{g} {v}" for g, v in c.sell))
            for c in components().of_kind("port")]
    return _html(_table(("Port", "nation", "Buy (you pay)", "Sell (you earn)"), rows))


def buying() -> widgets.Widget:
    """The engine's Buy choices for a Pinnace with 5 silver in Havana."""
    state, p = lessons.in_port("Havana", silver=5)
    state = lessons.at_step(state, p, "trade", data=("Havana",))
    return _html("<p>In Havana with 5 silver and an empty Pinnace, the engine offers: "
                 + html.escape("; ".join(str(a) for a in state.legal_actions())) + ".</p>")


def selling() -> widgets.Widget:
    """Traded Cargo sold whole: 2 Rum in Havana, by the engine."""
    state, p = lessons.in_port("Havana", silver=5)
    state._goods_to(p, "cargo", "Rum", 2)
    state = lessons.at_step(state, p, "trade", data=("Havana",))
    after = state.apply(Sell("Rum", 2))
    return _html(f"<p>Selling 2 Rum of Traded Cargo in Havana: {state.cap(p)['silver']} silver before, "
                 f"{after.cap(p)['silver']} after (kept whole: it was bought, not plundered).</p>"
                 "<p>The engine's log: " + html.escape(" ".join(_new_log(state, after))) + "</p>")


def first_mate() -> widgets.Widget:
    """Each First Mate's ability, and a Pinnace's values with each one."""
    rows = []
    for card in components().of_kind("first_mate"):
        side = side_of("Pinnace", mate=card.name)
        rows.append((card.name, f"+1 {card.ability}", side.speed, side.cannon, side.crew))
    base = side_of("Pinnace")
    return _html(f"<p>A Pinnace alone: speed {base.speed}, cannon {base.cannon}, crew {base.crew}.</p>"
                 + _table(("First Mate", "ability", "Pinnace speed", "cannon", "crew"), rows))


def combat() -> widgets.Widget:
    """The combat-chain calculator (a Pinnace holding Havana and Coastland, one card still to draw)."""
    return ChainCalculator(draws=1)


def enemies() -> widgets.Widget:
    """A captain with an English Letter of Marque attacks an English Sloop (the engine's log)."""
    state = lessons.encounter_state("English Sloop")
    p = state.current
    state.cap(p)["marque"] = "England"
    after = state.apply(Attack())
    return _html("<p>Captain 2 holds an English Letter of Marque and attacks the English Sloop played to them. "
                 "The engine's log:</p>" + _items(_new_log(state, after))
                 + f"<p>Flags on the mat: {html.escape(', '.join(after.cap(p)['flags']) or 'none')}; Letter of "
                   f"Marque: {html.escape(after.cap(p)['marque'] or 'none')}.</p>")


def engagement() -> widgets.Widget:
    """A Pinnace chasing a Spanish Sloop with the two cards it will draw."""
    odds = npc_chain_odds(side_of("Pinnace"), side_of("Spanish Sloop"), [], draws=2, unseen=lessons.start_unseen(),
                          steps=("engagement",))
    return widgets.VBox([_html("<p>A Pinnace (speed 2) chasing a Spanish Sloop (speed 4) with the two cards it will "
                               "draw: it needs one card numbered 2 or more.</p>"),
                         DistView(odds.ends, title="Catch it or not (2 cards)", width=380)])


def broadside() -> widgets.Widget:
    """An English Brigantine's chance to win the Broadside against each enemy, 3 cards drawn."""
    rows = []
    for name in ("Spanish Sloop", "Spanish Brigantine", "Spanish Galleon", "Treasure Fleet", "Pirates"):
        p = npc_chain_odds(side_of("English Brigantine"), side_of(name), [], 3, lessons.start_unseen(),
                           ("broadside",)).win
        rows.append((name, side_of(name).cannon, percent(p)))
    return _html("<p>An English Brigantine (cannon 2) with the next 3 cards it draws:</p>"
                 + _table(("enemy", "cannon", "win the Broadside"), rows))


def boarding() -> widgets.Widget:
    """A Spanish Galleon's chance to win the Boarding against Ports and Natives, 3 cards drawn."""
    rows = []
    for name in ("Sint Eustatius", "Nassau", "Cartagena", "Natives"):
        p = npc_chain_odds(side_of("Spanish Galleon"), side_of(name), [], 3, lessons.start_unseen(),
                           ("boarding",)).win
        rows.append((name, side_of(name).crew, percent(p)))
    return _html("<p>A Spanish Galleon (crew 4) with the next 3 cards it draws:</p>"
                 + _table(("enemy", "garrison / warriors", "win the Boarding"), rows))


def results() -> widgets.Widget:
    """The loot of the top card when a Brigantine (cargo 3) is captured with room for 4."""
    dist = loot_dist(lessons.start_unseen(), prize_cargo=3, room=4)
    return widgets.VBox([_html("<p>A captured Brigantine (cargo 3) with room for 4 tokens in your holds: the top "
                               "card's icon and number, capped at 3.</p>"),
                         DistView(dist, title="Loot (cargo 3)", describe=lambda gq: f"{gq[1]} {gq[0]}", width=420)])


def captain() -> widgets.Widget:
    """An English Brigantine attacks a captain in a Spanish Sloop holding 4 unseen cards."""
    hand = lessons.CAPTAIN_HAND
    odds = captain_fight(side_of("English Brigantine"), side_of("Spanish Sloop"), hand, lessons.start_unseen(hand), 4)
    return widgets.VBox([_html("<p>An English Brigantine holding " + html.escape(", ".join(hand)) + " attacks a "
                               "captain in a Spanish Sloop holding 4 unseen cards (both place their highest card "
                               "at each step):</p>"),
                         DistView(odds.ends, title="Attacking a captain", width=380)])


def lose_ship() -> widgets.Widget:
    """A captain's mat before and after losing the ship (the engine)."""
    before, after = lessons.lose_ship_story()
    p = before.first
    rows = [(what, was, now) for (what, was), (_, now) in zip(_mat_rows(before, p), _mat_rows(after, p))]
    return _html(_table(("", "before", "after the ship is lost"), rows) + "<p>The engine's log: "
                 + html.escape(_seats(after.log[-1])) + "</p>")


def enemies_at_war() -> widgets.Widget:
    """Spain and England at war: a captain with an English Letter of Marque."""
    state, p = lessons.captain_at()
    lessons.take(state, "War is Declared: Spain")
    state.wars.append(["War is Declared: Spain", "England"])
    state.cap(p)["marque"] = "England"
    state.validate()
    return _html("<p>War is Declared: Spain, against England (the Herald holds the card). Captain 1 holds an English "
                 "Letter of Marque; the engine counts these nations as their enemies: <b>"
                 + html.escape(", ".join(sorted(state.enemies(p)))) + "</b>.</p>")


def war() -> widgets.Widget:
    """A Letter of Marque contested by one captain holding 6 unseen cards, for each card number."""
    rows = [(n, percent(marque_probability(n, lessons.start_unseen(), 1, 6))) for n in range(1, 7)]
    return _html("<p>A Letter of Marque contested by one captain holding 6 unseen cards (they place their "
                 "highest):</p>" + _table(("your card's number", "you receive the Letter"), rows))


def captured() -> widgets.Widget:
    """The ships: their values, and which are only obtained through Combat."""
    rows = [(c.name, c.speed, c.cannon, c.crew, c.cargo, c.value, "only by Combat" if c.prize else "")
            for c in components().of_kind("ship") if c.nation in (None, "Spain")]
    return _html(_table(("ship", "speed", "cannon", "crew", "cargo", "value", ""), rows))


# ---------------------------------------------------------------- the lesson
def walkthrough() -> Walkthrough:
    """The lesson file ``pirates_lab/plunder/data/lessons.toml``, read and checked."""
    return Walkthrough.for_game(GAME)


def lesson_card(heading: str, occurrence: int = 1, lesson: Walkthrough | None = None) -> Stepper:
    """One step of the walkthrough on its own (rule, live demo, why, question), for a notebook section that
    already carries the heading: the kit Stepper without its navigation and title."""
    return (lesson or walkthrough()).card(heading, occurrence, css_class="pl-plunder-lesson")

