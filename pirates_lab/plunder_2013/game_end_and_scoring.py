"""Game End and Scoring: the chest turned over and read in order; most Treasure points wins.

Rules: Plunder (2013) › Game End and Scoring

"After everyone has used up all of their Crew Cards, or 15 days have elapsed, the game ends. ...
Each pirate's treasure is worth 6 Treasure points if no other pirate captain finds it ... The player
who sent the Crew Card there first steals 3 Treasure points ... The second player to get this
location correct receives 2 Treasure points and the third receives 1 Treasure point. ... If there
is a tie, whichever one of those pirates found treasure first wins."
"""
from __future__ import annotations


from .components import components, pirate_name, steal_points
from .headings import RULE_END

__all__ = ["score_chest", "winners", "finish", "RULE_END", "NEVER"]

#: the chest position of a pirate who found nothing (later than any card)
NEVER = 10 ** 9


def score_chest(hands, chest) -> tuple[list[int], list[int], list[list[tuple[int, int]]]]:
    """Score the chest in order.  Returns (scores, first_find_index, finds).

    A treasure is worth 6 to its owner if nobody finds it; the 1st, 2nd, 3rd finders steal 3, 2, 1
    and the owner crosses out 6, then 3, then 1; only a finder's first correct guess per treasure
    counts (so the same location sent twice counts once), and nobody finds his own.  ``finds[owner]``
    lists (finder, points) in chest order; ``first_find_index`` is the chest position of each
    player's first scoring find (:data:`NEVER` if none), for ties.
    """
    scoring = components()["scoring"]
    players = len(hands)
    owner_of = {tuple(h): p for p, h in enumerate(hands)}
    finds: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    first = [NEVER] * players
    for index, entry in enumerate(chest):
        owner = owner_of.get(tuple(entry.location))
        if owner is None or owner == entry.player or any(f == entry.player for f, _ in finds[owner]):
            continue
        points = steal_points(len(finds[owner]))
        finds[owner].append((entry.player, points))
        if points:
            first[entry.player] = min(first[entry.player], index)
    scores = [0] * players
    for owner in range(players):
        found = len(finds[owner])
        scores[owner] += scoring["treasure_start"] if found == 0 else scoring["owner_keeps"][min(found, 3) - 1]
        for finder, points in finds[owner]:
            scores[finder] += points
    return scores, first, finds


def winners(hands, chest) -> tuple[int, ...]:
    """Most points; a tie goes to whichever tied pirate found treasure first (else shared)."""
    scores, first, _ = score_chest(hands, chest)
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    earliest = min(first[p] for p in tied)
    if len(tied) > 1 and earliest < NEVER:
        return tuple(p for p in tied if first[p] == earliest)
    return tuple(tied)


def finish(state, reason: str) -> None:
    """The game ends at once: the agenda is emptied (nobody acts) and the scores are said."""
    state.agenda.clear()
    scores, _, _ = score_chest(state.hands, state.chest)
    state.say(f"Game over: {reason} Scores: " + ", ".join(f"{pirate_name(p)} {s}" for p, s in enumerate(scores)))
