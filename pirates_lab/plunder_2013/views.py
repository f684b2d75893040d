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
  Not re-dealt (documented in docs/plunder_2013.md): the other pirates' crew-card locations
  (a choice, not a card) and, once the game is over, nothing (every find is public then).
* :func:`deduction_from` / :func:`available_decks` — what a computer pirate needs, read from an
  observation only.
"""
from __future__ import annotations

import random

from .components import CATEGORIES, GAME
from .deduction import Deduction, Record

__all__ = ["observation", "redeal_hidden", "deduction_from", "available_decks"]


def _found(state) -> list[bool]:
    from .game import score_chest
    _, _, finds = score_chest(state.hands, state.chest)
    return [bool(f) for f in finds]


def observation(state, player: int) -> dict:
    """Exactly what ``player`` may see (see the module docstring)."""
    over = state.phase == "over"
    found = _found(state) if over else [False] * state.game.players
    return {
        "game": GAME,
        "players": state.game.players,
        "me": player,
        "cards_per_category": state.game.cards,
        "max_days": state.game.days,
        "crew_cards": state.game.crew_cards,
        "phase": state.phase,
        "dealt": state.dealt,
        "day": state.day,
        "asker": state.asker,
        "clue": None if state.clue is None else list(state.clue),
        "replaced": state.replaced,
        "pending": list(state.pending),
        "given": [[p, aye] for p, aye in state.given],
        "records": [{"asker": r.asker, "clue": list(r.clue), "answers": [[p, aye] for p, aye in r.answers]}
                    for r in state.records],
        "hand": list(state.hands[player]),
        "revealed": {str(p): list(hand) for p, hand in enumerate(state.hands) if p != player and found[p]},
        "crew": list(state.crew),
        "chest": [{"player": card.player, "day": card.day,
                   "location": list(card.location) if over or card.player == player else None}
                  for card in state.chest],
        "window": list(state.window),
        "decks": {c: {str(x): n for x, n in sorted(state.decks[c].items())} for c in CATEGORIES},
        "discards": {c: {str(x): n for x, n in sorted(state.discards[c].items())} for c in CATEGORIES},
        "scores": list(state.scores()) if over else None,
        "log": list(state.log),
    }


def _records(obs: dict, with_today: bool = True) -> list[Record]:
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
    for day, record in enumerate(records):
        view.add(record, partial=day == len(obs["records"]))      # today's answers may be partial
    return view


def available_decks(obs: dict) -> dict[str, dict[int, int]]:
    """What the next flip of each deck comes from (its discards once it is empty)."""
    result = {}
    for c in CATEGORIES:
        pile = obs["decks"][c] or obs["discards"][c]
        result[c] = {int(x): n for x, n in pile.items()}
    return result


def redeal_hidden(state, player: int, rng: random.Random):
    """A state ``player`` cannot tell apart: the other pirates' map cards re-dealt (module docstring)."""
    new = state.clone()
    if state.phase == "over":
        return new
    n, players = state.game.cards, state.game.players
    if state.phase == "deal":
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
    return new
