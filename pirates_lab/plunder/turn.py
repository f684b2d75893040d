"""The turn: its start and end, Resolve the Encounter, Pay the Crew, Play an Encounter.

Rules: Plunder › Turn

Plain functions ``f(state, task, …)`` named in the phase table (:mod:`.phases`).  Sailing is in
:mod:`.sail_and_explore`, the Action step in :mod:`.action`.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task

from . import lose_your_ship
from . import sail_and_explore as sailing
from .actions import Give, Pay, Shout
from .headings import RULE_PLAY_ENCOUNTER
from .tasks import Battle, Mutiny, Voyage

__all__ = ["auto_encounter", "auto_end", "auto_give", "auto_pay", "auto_start", "do_give", "do_mutiny",
           "do_pay", "drawn_lost_draw", "give_actions", "mutiny_actions", "owed", "pay_actions", "take_up_ship", "why_give"]


# ---------------------------------------------------------------- start and end
def auto_start(state, task) -> None:
    p = task.player
    state.flow.pop(state)
    state.current = p
    state.offered = None
    cap = state.cap(p)
    tasks = []
    if cap["lost"]:
        cap["lost"] = False
        if len(state.hand(p)) < state.comp.rules["lost_ship_draw"]:
            tasks.append(Task("lost_draw", p))
    first_turn = state.round == 1 and p == state.first  # "skips this phase on the first turn of the game"
    if not first_turn:
        tasks.append(Task("encounter", p))
    tasks += [Task("pay", p), Task("sail", p, Voyage()), Task("action", p), Task("give", p), Task("end", p)]
    state.flow.push(state, *tasks)
    state.say(f"Round {state.round}: captain {p + 1}'s turn.")


def auto_end(state, task) -> None:
    state.flow.pop(state)
    if state.offered is not None:
        state._discard(state.offered)
        state.offered = None
    nxt = state.left_of(task.player)
    if nxt == state.first:
        state.round += 1
        if state.game.max_turns is not None and state.round > state.game.max_turns:
            state.say(f"{state.game.max_turns} rounds played: the game stops; the richest captain wins.")
            state.agenda.clear()
            return
    state.flow.push(state, Task("start", nxt))


# ---------------------------------------------------------------- Resolve the Encounter
def drawn_lost_draw(state, task, name: str) -> None:
    p = task.player
    state.flow.pop(state)
    if state.card(name).kind == "storm":
        state.say(f"Captain {p + 1} draws the Storm: they stop drawing and the Encounter is discarded.")
        pending = state.encounters.pop(p, None)
        if pending:
            state._discard(pending)
        sailing.the_storm(state, p, name)
        return
    state._draw(p, name)
    state.say(f"Captain {p + 1} draws a card (starting over after a lost ship).")
    if len(state.hand(p)) < state.comp.rules["lost_ship_draw"]:
        state.flow.push(state, Task("lost_draw", p))


def auto_encounter(state, task) -> None:
    p = task.player
    state.flow.pop(state)
    name = state.encounters.pop(p, None)
    if name is None:
        return
    card = state.card(name)
    here = state.place(p)
    if card.is_map or card.encounter is None or card.encounter != here:
        if card.kind == "ship" and not card.prize and here == "port":
            state.offered = name
            state.say(f"{name} does not apply in a Port: captain {p + 1} may buy it this turn.")
        else:
            state._discard(name)
            state.say(f"{name} does not apply to captain {p + 1}: discarded.")
        return
    if card.kind == "natives":
        state.flow.push(state, Task("natives", p, Battle("natives", p, enemy=name)))
    elif card.name == "Pirates":  # "except for Pirates, who always attack"
        state.flow.push(state, Task("engage", p, Battle("ship", p, enemy=name, hero_attacks=False)))
    else:
        state.flow.push(state, Task("meet", p, Battle("ship", p, enemy=name)))
    state.say(f"Captain {p + 1} meets {name}.")


# ---------------------------------------------------------------- Pay the Crew
def owed(state, p: int) -> tuple[int, int]:
    return state.wages(p), (state.comp.rules["first_mate_wage"] if state.cap(p)["mate"] else 0)


def auto_pay(state, task):
    p = task.player
    crew, mate = owed(state, p)
    if state.game.options["mutiny"] and (crew or mate):
        return False
    state.flow.pop(state)
    cap = state.cap(p)
    if mate:
        if cap["silver"] >= crew + mate:
            state._spend(p, mate)
        else:
            state.say(f"Captain {p + 1} cannot pay the First Mate, who leaves.")
            state._drop_mate(p)
    if crew:
        if cap["silver"] >= crew:
            state._spend(p, crew)
            state.say(f"Captain {p + 1} pays the crew {crew} silver.")
        else:
            state.say(f"Captain {p + 1} cannot pay the crew: they throw the captain overboard (Mutiny!).")
            lose_your_ship.lose_ship(state, p)
    return None


def pay_actions(state, task):
    p = task.player
    crew, mate = owed(state, p)
    silver = state.cap(p)["silver"]
    found = []
    for pay_crew in (True, False):
        for pay_mate in ((True, False) if mate else (True,)):
            if crew * pay_crew + mate * (pay_mate and bool(mate)) <= silver:
                found.append(Pay(pay_crew, pay_mate))
    return found


def do_pay(state, task, action: Pay) -> None:
    p = task.player
    state.flow.pop(state)
    crew, mate = owed(state, p)
    unpaid = []
    if action.crew:
        state._spend(p, crew)
    elif crew:
        unpaid.append("crew")
    if mate:
        if action.mate:
            state._spend(p, mate)
        else:
            unpaid.append("mate")
    state.cap(p)["unpaid"] = unpaid
    state.say(f"Captain {p + 1} {'pays' if not unpaid else 'forgets to pay ' + ' and '.join(unpaid)}.")


def take_up_ship(state, p: int, heading: int) -> None:
    """A captain who forgot to pay takes up the ship: each other captain in turn may shout "Mutiny!"."""
    others = tuple((p + i) % state.game.players for i in range(1, state.game.players))
    state.flow.push(state, Task("mutiny", None, Mutiny(p, heading, others)))


def mutiny_actions(state, task):
    return [Shout(True), Shout(False)]


def do_mutiny(state, task, action: Shout) -> None:
    window = task.data
    captain = window.captain
    if not action.mutiny and window.asked[1:]:
        state.flow.replace(state, Task("mutiny", None, Mutiny(captain, window.heading, window.asked[1:])))
        return
    state.flow.pop(state)
    unpaid = state.cap(captain)["unpaid"]
    state.cap(captain)["unpaid"] = []
    if action.mutiny:
        state.say(f'Captain {window.asked[0] + 1} shouts "Mutiny!"')
        if "mate" in unpaid and state.cap(captain)["mate"]:
            state._drop_mate(captain)
            state.say(f"Captain {captain + 1}'s First Mate leaves the mat.")
        if "crew" in unpaid:
            state.say(f"Captain {captain + 1}'s crew throws them overboard.")
            lose_your_ship.lose_ship(state, captain)
            return  # the ship is lost: the turn is over
    sailing.move(state, captain, window.heading)


# ---------------------------------------------------------------- Play an Encounter
def auto_give(state, task):
    if state.hand(task.player):
        return False
    state.flow.pop(state)
    return None


def give_actions(state, task):
    return [Give(n) for n in sorted(set(state.hand(task.player)))]


def do_give(state, task, action: Give) -> None:
    p = task.player
    state.flow.pop(state)
    left = state.left_of(p)
    state._take_from_hand(p, action.card)
    if left in state.encounters:  # ASSUMPTION: one Encounter waits per captain; an older one is discarded
        state._discard(state.encounters[left])
    state.encounters[left] = action.card
    state.say(f"Captain {p + 1} plays {action.card} as an Encounter to captain {left + 1}.")


def why_give(state, task, action) -> IllegalMove:
    return IllegalMove(RULE_PLAY_ENCOUNTER, "You must play one card from your hand as an Encounter to the "
                                            "captain on your left.")
