"""The Plunder walkthrough: one Stepper step per rulebook heading, titled exactly as printed, each
with the rule, our assumptions, and a live view computed by the engine.

Rules: Plunder › Turn
"""
from __future__ import annotations

import html
import random

import ipywidgets as widgets

from pirates_lab.core import Task, rulebook
from pirates_lab.core.report import percent
from pirates_lab.plunder import Game
from pirates_lab.plunder.components import components
from pirates_lab.plunder.odds import captain_fight, loot_dist, marque_probability, npc_chain_odds, side_of, storm_within
from pirates_lab.plunder.turn import FLOW

from .kit import DistView, Question, RulePanel, Step, Stepper, assumption_box, exact_answer
from .plunder import ASSUMPTIONS, GAME, ChainCalculator, SeaView, _start_unseen

__all__ = ["walkthrough", "walkthrough_steps", "step_view", "dealt", "sailing_example"]


def dealt(players: int = 4, seed: int = 3):
    """A dealt game at the First Captain's first decision."""
    state = Game(players=players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state = state.apply(state.chance_outcomes().sample(rng))
    return state


def sailing_example():
    """A small sea with a Port and a Coastland: the First Captain about to sail from Tortuga."""
    state = dealt(2, 1)
    for cell, name in (((2, 0), "Open Sea"), ((2, 1), "Havana"), ((1, -1), "Coastland"), ((0, -2), "Open Sea")):
        state.deck[name] = state.deck.get(name, 0)
        if state.deck[name]:
            state._from_deck(name)
            state.sea[cell] = name
    return state


def _html(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div style='max-width:900px'>{text}</div>")


def _rows(header, rows) -> str:
    head = "".join(f"<th style='padding:2px 8px'>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


def _setup():
    state = dealt()
    draws = "; ".join(f"captain {p + 1}: {', '.join(cards)}" for p, cards in sorted(state.first_draws.items()))
    roles = ", ".join(f"{role}: captain {seat + 1}" for role, seat in state.roles.items())
    return widgets.VBox([SeaView(state), _html(f"<p>First draws (face up) — {html.escape(draws)}.</p>"
                                               f"<p>First Captain: captain {state.first + 1}. {html.escape(roles)}.</p>")])


def _turn():
    rows = [(p.name.replace("_", " "), p.rule, p.doc) for p in FLOW.phases.values()]
    return _html(_rows(("step", "rulebook heading", "what happens"), rows))


def _wages():
    deck = components()
    rows = [("Pinnace", deck.pinnace["wages"])] + [(c.name, c.wages) for c in deck.of_kind("ship")]
    return _html(_rows(("ship", "crew's pay (silver a turn)"), rows) + "<p>A First Mate costs 1 silver more.</p>")


def _encounter():
    deck = components()
    rows = [(c.name, (c.encounter or "—").replace("_", " "), c.count) for c in deck.cards.values() if c.encounter]
    return _html("<p>Encounter cards and the map card they apply on:</p>" + _rows(("card", "applies on", "copies"), rows))


def _action():
    state = dealt(2, 1)
    p = state.first
    state.cap(p)["at"] = (1, 0)
    state.agenda = [Task("end", p), Task("give", p), Task("action", p)]
    actions = sorted({str(a) for a in state.legal_actions()})
    return _html("<p>On the Open Sea with a hand of " + html.escape(", ".join(state.hand(p))) + ", the actions are: <b>"
                 + html.escape("; ".join(actions)) + "</b>.</p>")


def _ports():
    deck = components()
    rows = [(c.name, c.nation, ", ".join(f"{g} {v}" for g, v in c.buy), ", ".join(f"{g} {v}" for g, v in c.sell),
             c.cannon, c.garrison) for c in deck.of_kind("port")]
    return _html(_rows(("Port", "nation", "Buy", "Sell", "cannon", "garrison"), rows))


def _mates():
    deck = components()
    return _html(_rows(("First Mate", "ability", "number"),
                       [(c.name, f"+1 {c.ability}", c.number) for c in deck.of_kind("first_mate")]))


def _engagement():
    odds = npc_chain_odds(side_of("Pinnace"), side_of("Spanish Sloop"), [], draws=2,
                          unseen=_start_unseen([]), steps=("engagement",))
    return widgets.VBox([_html("<p>A Pinnace (speed 2) chasing a Spanish Sloop (speed 4) with the two cards it will "
                               "draw: it needs one card numbered 2 or more.</p>"),
                         DistView(odds.ends, title="Catch it or not (2 cards to draw)", show_table=True)])


def _broadside():
    rows = []
    for name in ("Spanish Sloop", "Spanish Brigantine", "Spanish Galleon", "Treasure Fleet", "Pirates"):
        p = npc_chain_odds(side_of("English Brigantine"), side_of(name), [], 3, _start_unseen([]),
                           ("broadside",)).win
        rows.append((name, side_of(name).cannon, percent(p)))
    return _html("<p>An English Brigantine (cannon 2) with the next 3 cards it draws:</p>"
                 + _rows(("enemy", "cannon", "win the Broadside"), rows))


def _boarding():
    rows = []
    for name in ("Sint Eustatius", "Nassau", "Havana", "Natives"):
        p = npc_chain_odds(side_of("Spanish Galleon"), side_of(name), [], 3, _start_unseen([]), ("boarding",)).win
        rows.append((name, side_of(name).crew, percent(p)))
    return _html("<p>A Spanish Galleon (crew 4) with the next 3 cards it draws:</p>"
                 + _rows(("enemy", "garrison / warriors", "win the Boarding"), rows))


def _loot():
    dist = loot_dist(_start_unseen([]), prize_cargo=3, room=4)
    return DistView(dist, title="Loot from a Brigantine (cargo 3)", describe=lambda gq: f"{gq[1]} {gq[0]}")


def _captain():
    hand = ["Havana", "Coastland", "Open Sea"]
    odds = captain_fight(side_of("English Brigantine"), side_of("Spanish Sloop"), hand, _start_unseen(hand), 4)
    return widgets.VBox([_html("<p>An English Brigantine holding Havana, Coastland and Open Sea attacks a captain in a "
                               "Spanish Sloop holding 4 unseen cards (they fight):</p>"),
                         DistView(odds.ends, title="Attacking a captain")])


def _war():
    rows = [(n, percent(marque_probability(n, {k: v for k, v in _start_unseen([]).items()}, 1, 6)))
            for n in range(1, 7)]
    return _html("<p>A Letter of Marque contested by one captain holding 6 unseen cards (they place their highest):"
                 "</p>" + _rows(("your card's number", "you receive the Letter"), rows))


def _captured():
    deck = components()
    rows = [(c.name, c.speed, c.cannon, c.crew, c.cargo, c.value, "only by Combat" if c.prize else "")
            for c in deck.of_kind("ship") if c.nation in (None, "Spain")]
    return _html(_rows(("ship", "speed", "cannon", "crew", "cargo", "value", ""), rows))


def _text(text):
    return lambda: _html(f"<p>{text}</p>")


BODIES = {
    "Setup": (_setup, ("deck",)),
    "Overview": (_text("Silver comes from trade (bought cheap in one Port, sold dear in another) and from "
                       "plunder (captured ships and loot, split with the crew). 60 silver wins at once."), ()),
    "Turn": (_turn, ()),
    "Resolve the Encounter": (_encounter, ("natives",)),
    "Pay the Crew": (_wages, ("pay",)),
    "Sail and Explore": (lambda: SeaView(sailing_example()), ("storm",)),
    "Action": (_action, ()),
    "Play an Encounter": (_text("The card goes to the captain on your left, face up; it waits for the start of their "
                                "turn and applies only on the map card named after 'Encounter'."), ()),
    "Trade": (_ports, ("tortuga",)),
    "Buying": (_text("Buying 2 Sugar in Havana costs 2 × 1 = 2 silver; the Pinnace holds 2 tokens."), ()),
    "Selling": (_text("Selling 2 Rum in Havana earns 2 × 5 = 10 silver, kept whole. A captured Brigantine (value 14) "
                      "sold in Tortuga earns 7."), ("split",)),
    "First Mate": (_mates, ()),
    "Combat": (ChainCalculator, ("ties",)),
    "Enemies": (_text("Attacking a Spanish ship or Port puts a Spanish flag on your mat and costs you a Spanish "
                      "Letter of Marque; Pirates and Natives make no enemy."), ()),
    "Engagement": (_engagement, ()),
    "Broadside": (_broadside, ("ties",)),
    "Boarding": (_boarding, ()),
    "Results of a Combat": (_loot, ()),
    "Attacking Another Captain": (_captain, ("fight",)),
    "If You Lose Your Ship": (_text("Cargo back to the Quartermaster (or to the captor), ships, First Mate and hand "
                                    "discarded, back to Tortuga in a Pinnace; next turn, draw 6 one at a time."), ()),
    "War": (_war, ("marque",)),
    "Captured Ships": (_captured, ()),
}


def walkthrough_steps() -> list[Step]:
    """One step per rulebook heading, in printed order (the second Enemies cites its own section)."""
    steps = []
    seen: dict = {}
    for heading in rulebook(GAME).headings:
        seen[heading] = seen.get(heading, 0) + 1
        body, keys = BODIES.get(heading, (None, ()))
        rule = (GAME, heading) if seen[heading] == 1 else (GAME, heading, seen[heading])
        question = None
        if heading == "Sail and Explore":
            question = Question("The deck holds 40 cards, the Storm among them. What is the chance it comes "
                                "within your next 3 draws? (a fraction)", exact_answer(storm_within(3, 40)))
        steps.append(Step(title=heading, rule=rule, body=body, question=question,
                          assumptions=tuple(ASSUMPTIONS[k] for k in keys)))
    return steps


def step_view(heading: str, occurrence: int = 1) -> widgets.VBox:
    """One step on its own (for a notebook section): the rule, the assumptions, the live view."""
    matches = [s for s in walkthrough_steps() if s.title == heading]
    step = matches[occurrence - 1]
    children = [RulePanel(*step.rule)] + [assumption_box(a) for a in step.assumptions]
    if step.body is not None:
        children.append(step.body() if callable(step.body) and not isinstance(step.body, widgets.Widget) else step.body)
    return widgets.VBox(children)


def walkthrough() -> Stepper:
    return Stepper(walkthrough_steps(), title="Plunder, heading by heading")

