"""Action Cards: the card windows, which card each player may play (and on whom), and what it does.

Rules: King of Pirates › Action Cards

Cards are played in windows: after the upkeep die (U and A cards: the printed 1D window), before
moving (M and A), before the combat dice and again after them, before the result (C and A: "Cards
with an A are playable at any time during a turn", so "a way to keep people from plundering the
Strongholds can be to move the Flying Dutchman on top of them during the Combat phase"), and the
other players' A cards after each step of a move.  At a
player's own decisions during a turn (``own_step`` rows of the table: making room before the draw, sailing, at
a lair, choosing a target, re-rolling) the cards it may play then are offered too: Tailwind in the
middle of a move, Citrus Fruits after a failed roll, a U or A card instead of a discard.

Who is asked depends only on what everybody sees: every player holding a card (hand sizes are
public), in seat order from the current player, plays one card or passes, whether or not a card
of theirs can be played now; otherwise being asked would tell the table who holds what.  A card
takes effect at once ("the first card played is the first to take effect") and the window goes
round again.
"""
from __future__ import annotations

from pirates_lab.core import Task

from . import captains_skills, game_contents, important_game_concepts, movement_phase
from ..actions import Pass, Play
from .task_data import Played, Reopen, Timing, Window

__all__ = ["open_window", "auto_reopen_window", "window_actions", "answer_window", "in_play", "card_plays",
           "move_to_come", "play"]


# ---- the windows
def open_window(state, timing: Timing, after: int | None = None) -> None:
    start = state.current if after is None else (after + 1) % state.game.players
    order = [(start + i) % state.game.players for i in range(state.game.players)]
    if timing is Timing.STEP:   # between two steps of a move: the others' A cards (the mover has its own step)
        order = [p for p in order if p != state.current]
    asked = tuple(p for p in order if state.players[p].hand)     # public: who holds a card at all
    if asked:
        state.flow.push(state, Task("window", None, Window(timing, asked)))


def auto_reopen_window(state, task):
    state.flow.pop(state)
    open_window(state, task.data.timing, task.data.after)
    return True


def window_actions(state, task):
    return [Pass()] + card_plays(state, task.data.asked[0], task.data.timing)


def answer_window(state, task, action):
    """The first card played is the first to take effect.  Rules: King of Pirates › Action Cards"""
    window = task.data
    p = window.asked[0]
    state.flow.pop(state)
    if isinstance(action, Pass):
        if len(window.asked) > 1:
            state.flow.push(state, Task("window", None, Window(window.timing, window.asked[1:])))
        return
    state.flow.push(state, Task("reopen_window", None, Reopen(window.timing, p)))   # go round again after the card
    play(state, p, action)


# ---- cards in play this turn
def in_play(state, card: str, *, by=None, on=None) -> int:
    """How many ``card`` are in play this turn (played by ``by``, on ``on``, when given)."""
    return sum(1 for played in state.in_play if played.card == card and (by is None or played.by == by)
               and (on is None or played.target == on))


# ---- who may play what
def card_plays(state, p: int, timing: Timing) -> list:
    """The cards player p may play now, with their targets.  Rules: King of Pirates › Action Cards"""
    hand = sorted(set(state.players[p].hand))
    comp = state.comp
    combat = state.combat
    out: list = []
    for card in hand:
        letter = comp.action_cards[card]["timing"]
        if letter not in timing.letters:
            continue
        if card == "Mutiny":        # "Current player gets a Mutiny", whoever plays it
            out.append(Play(card))
        elif card == "Tailwind" and p == state.current and move_to_come(state):
            out.append(Play(card))
        elif card == "Assault" and combat and combat.attacker == p:
            out.append(Play(card))
        elif card == "Ambush" and combat and combat.defender == p:
            out.append(Play(card))
        elif card == "Mercenaries" and combat:
            out.append(Play(card, combat.attacker))
            out.append(Play(card, combat.defender if combat.defender is not None else "nation"))
        elif card == "Soldiers" and combat and combat.defender is None:
            out.append(Play(card, "nation"))
        elif card == "Scurvy":
            out += [Play(card, q) for q in range(state.game.players) if q != p]
        elif card == "Citrus Fruits" and state.players[p].scurvy:
            out.append(Play(card))
        elif card == "Assassination":    # "Choose a Crewmember in play": your own crew too
            out += [Play(card, (q, c)) for q, pl in enumerate(state.players) for c in pl.crew
                    if comp.pirates[c]["skill"] != "Immune to Assassination"]
        elif card == "The Flying Dutchman":
            out += [Play(card, face) for face in comp.compass]
    return out


def move_to_come(state) -> bool:
    """Can a Tailwind still lengthen this turn's move?  Before the move (its window) and during it, until
    the move ends or a warship stops it; not at the lair, the dig or the combat after it, where "move up
    to 2 additional Spaces" would only lose the card.  Rules: King of Pirates › Action Cards"""
    if any(task.phase == "start_movement" for task in state.agenda):
        return True
    return movement_phase.voyage_in_progress(state) is not None and not movement_phase.stopped_by_warship(state)


# ---- what a card does
def play(state, p: int, action: Play) -> None:
    """A card takes effect at once.  Rules: King of Pirates › Action Cards"""
    card, target = action.card, action.target
    game_contents.remove_from_hand(state, p, card)
    state.say(f"Player {p + 1} plays {card}.")
    if card == "Mutiny":
        important_game_concepts.mutiny(state, state.current)
    elif card in ("Tailwind", "Assault", "Ambush", "Mercenaries", "Soldiers"):   # in play for this turn
        state.in_play += (Played(card, p, target),)
        if card == "Tailwind" and movement_phase.voyage_in_progress(state) is not None:      # mid-move: two more spaces now
            state.say(f"Player {p + 1} may sail {state.moves_left} more space(s).")
    elif card == "Scurvy":
        captains_skills.gain_scurvy(state, target)
    elif card == "Citrus Fruits":
        game_contents.set_player(state, p, scurvy=0)
    elif card == "Assassination":
        q, pirate = target
        state.say(f"{pirate} (player {q + 1}) is assassinated.")
        game_contents.lose_pirate(state, q, pirate)
    elif card == "The Flying Dutchman":
        important_game_concepts.move_dutchman(state, target)
