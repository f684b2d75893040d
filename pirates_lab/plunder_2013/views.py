"""What one pirate may see, and the deals they cannot tell apart.

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › Using the Solution Grids

* :func:`observation` — JSON-plain: your own map cards, the public clues and every Aye/Nay
  said so far (the left grid), the clue decks' counts (every flipped card was seen), the crew
  cards in the chest (who and when; the location only for your own cards: they go in "with the
  answer side face down"), and, once the game is over, the chest face up, the map cards of
  every pirate whose treasure was found ("that Pirate must reveal their three Map cards") and
  the scores.
* :func:`redeal_hidden` — a state the pirate cannot tell apart: the other pirates' map cards
  are re-dealt uniformly among the deals that keep EVERY public answer true (the exact solver
  samples one), so the re-deal never contradicts the grid.  While the cards are still being
  dealt, the other pirates' dealt cards are re-dealt among the cards that pirate has not seen.
  The other pirates' crew cards in the chest ("with the answer side face down") are re-dealt
  too: each goes to any location its sender could have circled in the new deal (every location
  but his own treasure's), each equally likely (:func:`crew_card_odds`; house rule 18,
  docs/plunder_2013.md), so it is a right guess only as often as that allows; who sent it and on
  which day stay.  Once the game is over nothing is
  re-dealt (every find is public then).
* :func:`deduction_from` / :func:`available_decks` — what a computer pirate needs, read from an
  observation only.
"""
from __future__ import annotations

import random

from pirates_lab.core import Dist

from .components import CATEGORIES, GAME
from .deduction import Deduction, Record

#: the log lines an observation carries (the newest): the log is public, and the whole of it lives in the history
RECENT_LOG = 30

__all__ = ["observation", "redeal_hidden", "crew_card_odds", "deduction_from", "available_decks", "tomorrow_decks", "clue_copies"]


def _found(state) -> list[bool]:
    from .game import score_chest
    _, _, finds = score_chest(state.hands, state.chest)
    return [bool(f) for f in finds]


def observation(state, player: int) -> dict:
    """Exactly what ``player`` may see (see the module docstring).

    The step in progress is read from the task on top of the agenda: its name (``phase``), and its
    data — the answers given and still to come (:class:`~.how_to_play.Asking`), the pirates still to
    decide in the digging window (:class:`~.digging_up_treasure.Window`), the deck of an extra flip.
    """
    from .digging_up_treasure import Window
    from .how_to_play import Asking, Extra

    task = state.task
    data = task.data if task is not None else None
    over = task is None
    found = _found(state) if over else [False] * state.game.players
    return {
        "game": GAME,
        "players": state.game.players,
        "me": player,
        "cards_per_category": state.game.cards,
        "max_days": state.game.days,
        "crew_cards": state.game.crew_cards,
        "phase": str(state.phase),
        "dealt": state.dealt,
        "day": state.day,
        "asker": state.asker,
        "clue": None if state.clue is None else list(state.clue),
        "replaced": data.category if isinstance(data, Extra) else None,
        "pending": list(data.asked) if isinstance(data, Asking) else [],
        "given": [[p, aye] for p, aye in data.given] if isinstance(data, Asking) else [],
        "records": [{"asker": r.asker, "clue": list(r.clue), "answers": [[p, aye] for p, aye in r.answers]}
                    for r in state.records],
        "hand": list(state.hands[player]),
        "revealed": {str(p): list(hand) for p, hand in enumerate(state.hands) if p != player and found[p]},
        "crew": list(state.crew),
        "chest": [{"player": card.player, "day": card.day,
                   "location": list(card.location) if over or card.player == player else None}
                  for card in state.chest],
        "window": list(data.seats) if isinstance(data, Window) else [],
        "decks": {c: {str(x): n for x, n in sorted(state.decks[c].items())} for c in CATEGORIES},
        "discards": {c: {str(x): n for x, n in sorted(state.discards[c].items())} for c in CATEGORIES},
        "scores": list(state.scores()) if over else None,
        "log": state.log.recent(RECENT_LOG),
    }


def _records(obs: dict, with_today: bool) -> list[Record]:
    records = [Record(r["asker"], tuple(r["clue"]), tuple((p, aye) for p, aye in r["answers"]))
               for r in obs["records"]]
    if with_today and obs["given"]:
        records.append(Record(obs["asker"], tuple(obs["clue"]), tuple(sorted((p, aye) for p, aye in obs["given"]))))
    return records


def deduction_from(obs: dict, with_today: bool = False) -> Deduction:
    """The observing pirate's exact deduction, from the observation alone.

    ``with_today=True`` also counts the answers already given to today's clues.
    """
    view = Deduction(obs["players"], obs["me"], tuple(obs["hand"]), obs["cards_per_category"])
    records = _records(obs, with_today)
    view.add_all(records, partial_last=len(records) > len(obs["records"]))      # today's answers may be partial
    return view


def available_decks(obs: dict) -> dict[str, dict[int, int]]:
    """What the next flip of each deck comes from now (its discards once it is empty): the extra flip."""
    result = {}
    for c in CATEGORIES:
        pile = obs["decks"][c] or obs["discards"][c]
        result[c] = {int(x): n for x, n in pile.items()}
    return result


def tomorrow_decks(obs: dict) -> dict[str, dict[int, int]]:
    """What tomorrow's flip of each deck comes from: the deck, or once it is empty its discards
    with today's clue card too (it is discarded at the end of the day, before the reshuffle).

    Rules: Plunder (2013) › How to Play (ASSUMPTION: an empty clue deck is refilled from its discards)
    """
    result = {}
    for c, category in enumerate(CATEGORIES):
        pile = {int(x): n for x, n in (obs["decks"][category] or obs["discards"][category]).items()}
        if not obs["decks"][category] and obs["clue"] is not None:
            card = obs["clue"][c]
            pile[card] = pile.get(card, 0) + 1
        result[category] = pile
    return result


def clue_copies(obs: dict) -> int:
    """Copies of each card in a whole clue deck (every card is in the deck, the discards or face up)."""
    cards = sum(obs["decks"]["island"].values()) + sum(obs["discards"]["island"].values()) + (obs["clue"] is not None)
    return cards // obs["cards_per_category"]


def redeal_hidden(state, player: int, rng: random.Random):
    """A state ``player`` cannot tell apart: the other pirates' map cards re-dealt (module docstring)."""
    from .game import Dealing

    new = state.clone()
    if state.task is None:                      # the game is over: every find is public
        return new
    n, players = state.game.cards, state.game.players
    if isinstance(state.task.data, Dealing):
        for c in range(3):
            slots = [p for p in range(players) if p != player and state.hands[p][c]]
            pool = [x for x in range(1, n + 1) if x != state.hands[player][c]]
            for p, card in zip(slots, rng.sample(pool, len(slots))):
                new.hands[p][c] = card
        return new
    view = deduction_from(observation(state, player), with_today=True)
    deal = view.posterior.sample(rng)
    for j, p in enumerate(view.rivals()):
        new.hands[p] = [int(deal[j][c]) + 1 for c in range(3)]
    new.chest = [card if card.player == player else _redealt(card, new.hands, n, rng) for card in state.chest]
    return new


def crew_card_odds(hands, sender: int, cards: int) -> Dist:
    """Where another pirate's face-down crew card lies, for a pirate who cannot see it: every location
    ``sender`` could circle with the map cards ``hands`` (all but his own treasure's), each equally
    likely (house rule 18, docs/plunder_2013.md).  A right guess is as likely as the rivals' share.

    Rules: Plunder (2013) › Digging Up Treasure

    >>> odds = crew_card_odds([(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)], sender=2, cards=6)
    >>> len(odds), odds[(3, 4, 5)], odds[(1, 2, 3)]
    (215, Fraction(0, 1), Fraction(1, 215))
    """
    from .digging_up_treasure import digs

    return Dist.uniform(dig.location for dig in digs(cards, tuple(hands[sender])))


def _redealt(card, hands, cards: int, rng: random.Random):
    """Another pirate's crew card, its location re-dealt: any location its sender could have circled
    in the re-dealt deal, each equally likely (:func:`crew_card_odds`, drawn without building it).
    Who sent it and when stay (public)."""
    from .digging_up_treasure import digs
    from .game import ChestCard

    return ChestCard(card.player, rng.choice(digs(cards, tuple(hands[card.player]))).location, card.day)
