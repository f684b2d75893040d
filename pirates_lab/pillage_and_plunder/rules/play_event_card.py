"""Play Event Card: storms, scurvy, mutiny, thieves, the siren's song — who is spared, and who chooses.

Rules: Pillage & Plunder › Play Event Card

An Event card lies on the table (:class:`EventCard`, the task that holds it) until its victim has
done what it says: a die rolled for some (``event_roll``), crewmen chosen by the victim himself
(``lose_crew``, pushed on top), then the damage and the card to the discard pile (``event_damage``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pirates_lab.core import AUTO, CHANCE, Phase, saveable

from ..actions import LoseCrewman, Play
from ..headings import RULE_PLAY_EVENT_CARD
from .game_setup import die_odds
from .the_three_stages_of_your_turn import task, why_refused

__all__ = ["EventCard", "Loss", "event_immune", "play_event", "EVENT_ROLL", "LOSE_CREW", "EVENT_DAMAGE", "ROWS"]


@saveable
@dataclass(frozen=True)
class EventCard:
    """An Event card played on ``victim``'s ship ``ship``, and the damage it will do once crewmen are chosen."""

    card: str
    victim: int
    ship: int = 0
    damage: int = 0

    def table_cards(self) -> tuple:
        return (self.card,)


@saveable
@dataclass(frozen=True)
class Loss:
    """Crewmen still to be given up from ship ``ship`` by the task's player."""

    ship: int
    left: int


def event_immune(state, victim: int, card: str, ship: int = 0) -> str | None:
    """Why the victim's ship is spared, or None: what is aboard the ship the card is played on counts
    (in Fleet Play, that ship only).

    Rules: Pillage & Plunder › Play Event Card
    Rules: Pillage & Plunder › Fleet Play
    """
    info = state.data.events[card]
    aboard = state.players[victim]["ships"][ship]
    kinds = {state.data.cargo_kind(c) for c in aboard["cargo"]}
    officer = info.get("immune_officer")
    if officer and officer in aboard["crew"]:
        return f"the {officer} aboard"
    cargo = info.get("immune_cargo")
    if cargo and cargo in kinds:
        return f"the {cargo} in the hold"
    if info.get("needs_cargo") and info["needs_cargo"] not in kinds:
        return f"no {info['needs_cargo']} aboard"
    if info.get("needs_crew") and len(aboard["crew"]) < info["needs_crew"]:
        return f"fewer than {info['needs_crew']} crewmen aboard"
    return None


def play_event(state, me: int, move: Play) -> None:
    """Rules: Pillage & Plunder › Play Event Card ("He must then follow the instructions on the card")"""
    victim, card, ship = move.target, move.card, move.target_ship
    state.say(f"Player {me + 1} plays {card} on player {victim + 1}: {state.data.events[card]['text']}")
    why = event_immune(state, victim, card, ship)
    if why:
        state.say(f"Player {victim + 1} is spared: {why}.")
        state._to_discard(card)
        return None
    info = state.data.events[card]
    event = EventCard(card, victim, ship)
    if "die_damage" in info or "die_crew" in info:
        state.flow.push(state, task(EVENT_ROLL, me, event))
        return None
    state.flow.push(state, task(EVENT_DAMAGE, victim, event))
    return event_effect(state, event, None)


def event_rolled(state, task_, roll: int) -> None:
    """Rules: Pillage & Plunder › Play Event Card"""
    event = task_.data
    state.say(f"Player {event.victim + 1} rolls {roll}.")
    state.flow.replace(state, task(EVENT_DAMAGE, event.victim, event))
    return event_effect(state, event, roll)


def event_effect(state, event: EventCard, roll: int | None) -> None:
    """The card's effect on the ship it was played on; its crewmen are chosen by the victim (pushed on top
    of the ``event_damage`` task, which holds the card until then).

    Rules: Pillage & Plunder › Play Event Card ("it is your opponent who gets to decide which crew members he loses")
    Rules: Pillage & Plunder › Fleet Play ("When being attacked, your opponent has the choice of which ship they will attack")
    """
    info = state.data.events[event.card]
    victim, ship = event.victim, event.ship
    v = state.players[victim]
    crew_loss = info.get("crew", 0)
    if info.get("crew_half"):
        crew_loss = len(v["ships"][ship]["crew"]) // 2
    damage = info.get("damage", 0)
    if "die_damage" in info:
        damage += info["die_damage"][roll - 1]
    if "die_crew" in info:
        crew_loss += info["die_crew"][roll - 1]
    if info.get("lose_turn"):
        v["lose_turn"] = True
        state.say(f"Player {victim + 1} will lose his next turn.")
    lose = info.get("lose_cargo")
    if lose:
        cargo = v["ships"][ship]["cargo"]
        gone = ([c for c in cargo if state.data.cargo_kind(c) == lose] if lose != "one"
                else sorted(cargo, key=state.data.cargo_units)[:1])
        for c in gone:
            cargo.remove(c)
            state._to_discard(c, under=True)
        if gone:
            state.say(f"Player {victim + 1} loses {', '.join(gone)}.")
    state.flow.replace(state, task(EVENT_DAMAGE, victim, replace(event, damage=damage)))
    if crew_loss:
        state.flow.push(state, task(LOSE_CREW, victim, Loss(ship, crew_loss)))


def event_damage(state, task_) -> None:
    """The event's damage once its crewmen are chosen, then the card goes to the discard pile.

    Rules: Pillage & Plunder › Play Event Card ("Event cards are placed on top of the discard pile after your
    opponent has followed the instructions on the card")
    """
    event = task_.data
    state.flow.pop(state)
    if event.damage:
        state._damage(event.victim, event.ship, event.damage, winner=None)
    state._to_discard(event.card)


# ------------------------------------------------------------ the victim chooses his crewmen
def lose_crew_actions(state, task_) -> list:
    """Rules: Pillage & Plunder › Play Event Card ("it is your opponent who gets to decide which crew members he loses")"""
    crew = state.players[task_.player]["ships"][task_.data.ship]["crew"]
    return [LoseCrewman(card) for card in sorted(set(crew))]


def lose_crew(state, task_, move: LoseCrewman) -> None:
    loss = task_.data
    state._lose_crewman(task_.player, loss.ship, move.card)
    state.flow.replace(state, task(LOSE_CREW, task_.player, replace(loss, left=loss.left - 1)))


def lose_crew_unless_a_choice(state, task_):
    """No choice to make (none left to lose, no crew, or a crew all of one kind): the crewmen go at once."""
    loss, me = task_.data, task_.player
    crew = state.players[me]["ships"][loss.ship]["crew"]
    left = loss.left
    while left > 0 and crew and len(set(crew)) == 1:     # a crew all of one kind stays so: no choice ever comes
        left -= 1
        state._lose_crewman(me, loss.ship, crew[0])
    if left > 0 and crew:
        return False
    state.flow.pop(state)
    return True


EVENT_ROLL = Phase("event_roll", rule=RULE_PLAY_EVENT_CARD, actor=CHANCE, odds=die_odds, apply=event_rolled,
                   data=EventCard, doc="the victim's die")
LOSE_CREW = Phase("lose_crew", rule=RULE_PLAY_EVENT_CARD, actions=lose_crew_actions, apply=lose_crew,
                  auto=lose_crew_unless_a_choice, why=why_refused, data=Loss,
                  doc="the victim of an Event card picks the crewmen he loses")
EVENT_DAMAGE = Phase("event_damage", rule=RULE_PLAY_EVENT_CARD, actor=AUTO, auto=event_damage, data=EventCard,
                     doc="the event's damage, then its card to the discard pile")
ROWS = (EVENT_ROLL, LOSE_CREW, EVENT_DAMAGE)
