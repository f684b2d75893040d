"""How to Play: a day is one pirate's turn — flip the clues, maybe flip one more, everyone else answers.

Rules: Plunder (2013) › How to Play

"The player whose turn it is flips face up the top card of each of the three Clue decks.  This
player then has the option to flip an additional single Clue card face up off the top of one of the
decks to try to change one of the three Clue cards revealed. ... Each other player in turn order,
clockwise around the table, must now say one of the following: 'Aye!' ... 'Nay!' ... Once everyone
else has answered, the current player's turn ends and the turn passes to the next player on their
left."

The rows of the phase table that run a day (:data:`pirates_lab.plunder_2013.game.FLOW`) call the
functions here, each ``f(state, task, ...)``.  ASSUMPTIONS (docs/plunder_2013.md): the extra flip
replaces that category's clue; an empty clue deck is refilled by shuffling its face-up discards;
clue cards are discarded face up at the end of the day (a replaced one at once).  The answers are
decision points with one legal choice each: a pirate "must" say Aye when a map card matches.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from pirates_lab.core import Deck, Dist, IllegalMove, Task, action, saveable

from .components import CATEGORIES, card_name, location_name, pirate_name
from .deduction import Record
from .headings import RULE_TURN
from .engine import answer_is_aye

__all__ = ["Clues", "Keep", "FlipExtra", "ExtraCard", "Answer", "Extra", "Asking", "RULE_TURN"]


# --------------------------------------------------------------------------- actions
@action()
class Clues:
    """Chance: the top card of each of the three clue decks."""

    island: int
    marker: int
    trap: int

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.island, self.marker, self.trap)

    def __str__(self) -> str:
        return f"clues {location_name(self.as_tuple())}"


@action("keep the clues")
class Keep:
    """Stay with the three clue cards flipped."""


@action("flip one more {category} card")
class FlipExtra:
    """Flip one more card off the top of one deck to change that category's clue."""

    category: str


@action()
class ExtraCard:
    """Chance: the extra card flipped."""

    category: str
    card: int

    def __str__(self) -> str:
        return f"extra {self.category} clue {card_name(self.category, self.card)}"


@action()
class Answer:
    """What a pirate says when the clues are announced."""

    aye: bool

    def __str__(self) -> str:
        return "Aye!" if self.aye else "Nay!"


# --------------------------------------------------------------------------- task data
@saveable
@dataclass(frozen=True)
class Extra:
    """The asker chose to flip one more card of ``category``: chance flips it."""

    category: str


@saveable
@dataclass(frozen=True)
class Asking:
    """The answers to today's clues: who is still to answer (in turn order) and what was said."""

    asked: tuple[int, ...]
    given: tuple[tuple[int, bool], ...] = ()


# --------------------------------------------------------------------------- the clue decks
def available(state, category: str) -> dict[int, int]:
    """What the next flip of a deck comes from (its discards, reshuffled, once it is empty)."""
    deck = state.decks[category]
    return dict(deck) if deck else dict(state.discards[category])


def take(state, category: str, card: int) -> None:
    if not state.decks[category]:
        state.decks[category], state.discards[category] = state.discards[category], {}
        state.say(f"The {category} clue deck is empty: its discards are shuffled into a new deck.")
    deck = state.decks[category]
    deck[card] -= 1
    if not deck[card]:
        del deck[card]


def discard(state, category: str, card: int) -> None:
    pile = state.discards[category]
    pile[card] = pile.get(card, 0) + 1


@lru_cache(maxsize=4096)
def _flip_dist(available_cards: tuple) -> Dist:
    """The top card of each deck (Dists are immutable: cached by what the decks hold)."""
    draws = [Deck(dict(counts)).draw_dist() for counts in available_cards]
    return Dist.independent(*draws).map(lambda t: Clues(*t))


# --------------------------------------------------------------------------- the day, row by row
def flip_odds(state, task) -> Dist:
    """Row ``flip`` (chance): the top card of each of the three clue decks."""
    return _flip_dist(tuple(tuple(sorted(available(state, c).items())) for c in CATEGORIES))


def flip(state, task, clues: Clues) -> None:
    state.clue = clues.as_tuple()
    for c, card in zip(CATEGORIES, state.clue):
        take(state, c, card)
    state.say(f"Day {state.day}: {pirate_name(state.asker)} flips {location_name(state.clue)}.")
    state.flow.replace(state, Task("choose", state.asker))


def choose_actions(state, task) -> list:
    """Row ``choose``: keep the three clues, or flip one more card of a deck that has one."""
    return [Keep()] + [FlipExtra(c) for c in CATEGORIES if available(state, c)]


def choose(state, task, move) -> None:
    if isinstance(move, Keep):
        state.say(f"{pirate_name(state.asker)} stays with these clues.")
        ask(state)
    else:
        state.flow.replace(state, Task("extra", None, Extra(move.category)))


def extra_odds(state, task) -> Dist:
    """Row ``extra`` (chance): the card flipped off the top of that deck."""
    category = task.data.category
    return Deck(available(state, category)).draw_dist().map(lambda x: ExtraCard(category, x))


def extra_card(state, task, drawn: ExtraCard) -> None:
    c = CATEGORIES.index(drawn.category)
    old = state.clue[c]
    take(state, drawn.category, drawn.card)
    discard(state, drawn.category, old)
    state.clue = state.clue[:c] + (drawn.card,) + state.clue[c + 1:]
    state.say(f"{pirate_name(state.asker)} flips one more: {card_name(drawn.category, drawn.card)} replaces "
              f"{card_name(drawn.category, old)}.")
    ask(state)


def ask(state) -> None:
    """Each other player in turn order, clockwise from the asker's left, is asked."""
    players = state.game.players
    state.say(f"{pirate_name(state.asker)} announces {location_name(state.clue)}.")
    asked = tuple((state.asker + i) % players for i in range(1, players))
    state.flow.replace(state, Task("answer", None, Asking(asked)))


def answering_seat(state, task) -> int:
    """the next pirate to answer, clockwise from the asker"""
    return task.data.asked[0]


def truth(state, player: int) -> bool:
    return answer_is_aye(tuple(state.hands[player]), state.clue)


def answer_actions(state, task) -> list:
    """Row ``answer``: only the truthful answer ("must now say")."""
    return [Answer(truth(state, task.data.asked[0]))]


def answer(state, task, said: Answer) -> None:
    asking = task.data
    player = asking.asked[0]
    given = asking.given + ((player, said.aye),)
    state.say(f"{pirate_name(player)}: {said}")
    if asking.asked[1:]:
        state.flow.replace(state, Task("answer", None, replace(asking, asked=asking.asked[1:], given=given)))
        return
    state.records.append(Record(state.asker, state.clue, tuple(sorted(given))))
    from .digging_up_treasure import open_window

    open_window(state)


def end_day(state, task) -> None:
    """Row ``end_day`` (automatic): the clue cards go face up on the discards; after the last day
    the game ends, else the turn passes to the next player on the left."""
    from .game_end_and_scoring import finish

    state.flow.pop(state)
    for c, card in zip(CATEGORIES, state.clue):
        discard(state, c, card)
    state.clue = None
    if state.day >= state.game.days:
        finish(state, f"{state.game.days} days have elapsed.")
        return
    state.asker = (state.asker + 1) % state.game.players
    state.day += 1
    state.flow.push(state, Task("flip"))


# --------------------------------------------------------------------------- refusals
def out_of_step(state, action, own: tuple = ()) -> IllegalMove | None:
    """The sentence for a move made at the wrong moment of the day (any row but its own)."""
    from .digging_up_treasure import Dig, Pass, RULE_DIG

    if isinstance(action, (Keep, FlipExtra)) and not isinstance(action, own):
        return IllegalMove(RULE_TURN, "Only the player whose turn it is chooses the clues, right after flipping them.")
    if isinstance(action, Answer) and not isinstance(action, own):
        return IllegalMove(RULE_TURN, "Nobody is asked for an answer now: answers come right after the clues "
                                      "are announced, and the player whose turn it is does not answer.")
    if isinstance(action, Dig) and not isinstance(action, own):
        return IllegalMove(RULE_DIG, "Crew cards go into the Treasure Chest after a day's answers, "
                                     "not in the middle of a turn (our digging window).")
    if isinstance(action, Pass) and not isinstance(action, own):
        return IllegalMove(RULE_DIG, "There is nothing to pass on now.")
    return None


def why_choose(state, task, move) -> IllegalMove | None:
    if isinstance(move, FlipExtra) and move.category in CATEGORIES and not available(state, move.category):
        return IllegalMove(RULE_TURN, f"The {move.category} clue deck has no card left to flip.")
    return out_of_step(state, move, own=(Keep, FlipExtra))


def why_answer(state, task, said) -> IllegalMove | None:
    if isinstance(said, Answer):
        player = task.data.asked[0]
        right = truth(state, player)
        why = ("one or more of their map cards matches the clues" if right
               else "none of their map cards matches the clues")
        return IllegalMove(RULE_TURN, f"{pirate_name(player)} must say {Answer(right)}: {why}.")
    return out_of_step(state, said, own=(Answer,))


def why_chance(state, task, outcome) -> IllegalMove | None:
    """At a chance step: a player's move is out of step; anything else chance cannot do."""
    return out_of_step(state, outcome)
