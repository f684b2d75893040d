"""Where hidden cards lie, and who may see each: the declaration ``check_protocol`` tests leaks with.

A game with hidden information says so and names its face-down places::

    class State(FlowState):
        hidden_information = True

        def hidden_cards(self):
            return [Hidden(("players", q, "hand"), seen_by={q}, kind="action card") for q in range(n)] \\
                 + [Hidden(("action_deck",), kind="action card")]

A :class:`Hidden` place is a **path** from the state to a list, a tuple or a dict of counts
(attribute first, then keys and indexes; frozen dataclasses on the way are rebuilt with
``dataclasses.replace``), the seats that may see it, and the **kind** of card (cards are only
swapped with cards of the same kind).  ``ordered=True`` says the order matters (a deck drawn from
its end), so two of its cards swapped are a different deal too.

With that, :func:`pirates_lab.core.testing.check_protocol` swaps hidden cards itself — a card of
one place a seat cannot see for a different card of another — and requires the seat's
observation to stay the same; and it requires ``redeal_hidden`` to keep the hidden cards (the same
multiset) while really re-dealing them.

>>> import copy
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Seat:
...     hand: tuple
>>> class Table:
...     def __init__(self): self.seats = [Seat(("ace",)), Seat(("king",))]; self.deck = {"ace": 1, "two": 2}
...     def clone(self): return copy.copy(self)
>>> table = Table()
>>> cards_at(table, ("seats", 1, "hand")), cards_at(table, ("deck",))
(['king'], ['ace', 'two', 'two'])
>>> put_cards(table, ("seats", 1, "hand"), ["two"]).seats[1], table.seats[1]     # a copy; the original stays
(Seat(hand=('two',)), Seat(hand=('king',)))
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["Hidden", "cards_at", "put_cards", "swaps", "hidden_signature", "unseen_pool", "can_differ",
           "alike_but_hidden"]


@dataclass(frozen=True)
class Hidden:
    """A place where cards lie that only ``seen_by`` may see (see the module docstring)."""

    path: tuple
    seen_by: frozenset = frozenset()
    kind: str = "card"
    ordered: bool = False

    def __post_init__(self):
        object.__setattr__(self, "path", tuple(self.path))
        object.__setattr__(self, "seen_by", frozenset(self.seen_by))
        if not self.path or not isinstance(self.path[0], str):
            raise ValueError(f"a hidden place's path starts with an attribute name, not {self.path!r}")


def _child(container: Any, key: Any) -> Any:
    if dataclasses.is_dataclass(container) and not isinstance(container, type):
        return getattr(container, key)
    return container[key]


def _read(state: Any, path: tuple) -> Any:
    value = getattr(state, path[0])
    for key in path[1:]:
        value = _child(value, key)
    return value


def cards_at(state: Any, path: tuple) -> list:
    """The cards at ``path``: a list in their order (a dict of counts is expanded, sorted)."""
    place = _read(state, tuple(path))
    if isinstance(place, dict):
        return [card for card in sorted(place, key=repr) for _ in range(place[card])]
    return list(place)


def _rebuilt(place: Any, cards: list) -> Any:
    if isinstance(place, dict):
        counts = {card: 0 for card in place}           # every card named before keeps its entry
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        return counts
    if isinstance(place, tuple):
        return tuple(cards)
    return list(cards)


def _set_in(container: Any, path: tuple, value: Any) -> Any:
    """``container`` with ``value`` at ``path``, every container on the way copied (nothing shared changes)."""
    if not path:
        return value
    key, rest = path[0], path[1:]
    new_child = _set_in(_child(container, key), rest, value)
    if dataclasses.is_dataclass(container) and not isinstance(container, type):
        return dataclasses.replace(container, **{key: new_child})
    if isinstance(container, tuple):
        items = list(container)
        items[key] = new_child
        return type(container)(items) if not hasattr(container, "_fields") else container._replace(**{container._fields[key]: new_child})
    new = copy.copy(container)
    new[key] = new_child
    return new


def put_cards(state: Any, path: tuple, cards: Iterable) -> Any:
    """A clone of ``state`` with ``cards`` at ``path`` (same kind of container; the original untouched)."""
    path = tuple(path)
    place = _read(state, path)
    new = state.clone()
    top = getattr(new, path[0])
    setattr(new, path[0], _set_in(top, path[1:], _rebuilt(place, list(cards))) if len(path) > 1
            else _rebuilt(place, list(cards)))
    return new


def swaps(state: Any, player: int, places: list[Hidden], limit: int = 3, rng=None) -> list[tuple[str, Any]]:
    """Up to ``limit`` states ``player`` must not tell from ``state``: two different cards it cannot
    see exchanged between two places of one kind (or within an ordered place).  With ``rng`` (a seeded
    ``random.Random``) the places and the cards are picked at random, so over a run every card gets its turn;
    without, the first ones in order.

    Returns ``(what was swapped, the new state)`` pairs.
    """
    unseen = [place for place in places if player not in place.seen_by]
    found: list[tuple[str, Any]] = []
    contents = {place.path: cards_at(state, place.path) for place in unseen}
    pairs = [(a, b) for i, a in enumerate(unseen) for b in unseen[i + 1:] if a.kind == b.kind]
    if rng is not None:
        rng.shuffle(pairs)
    for a, b in pairs:
        if len(found) >= limit:
            break
        pair = _different(contents[a.path], contents[b.path], rng)
        if pair is None:
            continue
        x, y = pair
        cards_a, cards_b = list(contents[a.path]), list(contents[b.path])
        cards_a[x], cards_b[y] = cards_b[y], cards_a[x]
        new = put_cards(put_cards(state, a.path, cards_a), b.path, cards_b)
        found.append((f"{contents[a.path][x]!r} at {a.path} <-> {contents[b.path][y]!r} at {b.path}", new))
    for place in unseen:
        cards = contents[place.path]
        if place.ordered and len(found) < limit and len(set(map(repr, cards))) > 1:
            i = rng.randrange(len(cards)) if rng is not None else 0
            others = [k for k in range(len(cards)) if repr(cards[k]) != repr(cards[i])]
            if not others:
                i, others = 0, [k for k in range(len(cards)) if repr(cards[k]) != repr(cards[0])]
            j = rng.choice(others) if rng is not None else others[0]
            reordered = list(cards)
            reordered[i], reordered[j] = reordered[j], reordered[i]
            found.append((f"two cards of {place.path} reordered", put_cards(state, place.path, reordered)))
    return found


def _different(left: list, right: list, rng=None) -> tuple[int, int] | None:
    """Indexes of a card in ``left`` and a different card in ``right`` (None if there is none); with ``rng``
    a random such pair."""
    xs, ys = list(range(len(left))), list(range(len(right)))
    if rng is not None:
        rng.shuffle(xs)
        rng.shuffle(ys)
    for x in xs:
        for y in ys:
            if right[y] != left[x]:
                return x, y
    return None


def alike_but_hidden(first: Any, second: Any, player: int) -> bool:
    """Do two states differ in cards ``player`` cannot see, and in nothing else (their logs left out)?

    Each state's unseen cards are pooled by kind and dealt back into its unseen places in a fixed order (same
    sizes); the two are alike when those canonical states, logs left out, save to the same text while the
    states themselves do not (two die rolls the state keeps only in its log are public, not alike).  Chance
    outcomes that are alike this way must look the same to ``player`` (observation, log, choices).
    """
    from .history import Log

    def without_log(state):
        bare = state.clone()
        bare.log = Log()
        return bare.to_json()

    if without_log(first) == without_log(second):
        return False
    canon = []
    for state in (first, second):
        places = [p for p in state.hidden_cards() if player not in p.seen_by]
        pools: dict = {}
        for place in places:
            pools.setdefault(place.kind, []).extend(cards_at(state, place.path))
        for kind in pools:
            pools[kind].sort(key=repr)
        new = state
        for place in places:
            size = len(cards_at(state, place.path))
            cards, pools[place.kind] = pools[place.kind][:size], pools[place.kind][size:]
            new = put_cards(new, place.path, cards)
        new = new.clone() if new is state else new
        new.log = Log()
        canon.append(new.to_json())
    return canon[0] == canon[1]


def hidden_signature(state: Any, player: int, places: list[Hidden]) -> tuple:
    """What ``player`` cannot see, as comparable data: each unseen place's cards (sorted unless ordered)."""
    out = []
    for place in places:
        if player in place.seen_by:
            continue
        cards = cards_at(state, place.path)
        out.append((place.path, tuple(cards) if place.ordered else tuple(sorted(cards, key=repr))))
    return tuple(out)


def unseen_pool(state: Any, player: int, places: list[Hidden]) -> dict:
    """Every card ``player`` cannot see, by kind, as sorted tuples (a re-deal keeps it)."""
    pool: dict = {}
    for place in places:
        if player not in place.seen_by:
            pool.setdefault(place.kind, []).extend(cards_at(state, place.path))
    return {kind: tuple(sorted(cards, key=repr)) for kind, cards in pool.items()}


def can_differ(state: Any, player: int, places: list[Hidden]) -> bool:
    """Could a re-deal give ``player`` a different hidden signature (two places of a kind holding two
    different cards, or an ordered place holding two different cards)?"""
    unseen = [place for place in places if player not in place.seen_by]
    by_kind: dict = {}
    for place in unseen:
        cards = cards_at(state, place.path)
        if place.ordered and len(set(map(repr, cards))) > 1:
            return True
        if cards:
            by_kind.setdefault(place.kind, []).append(cards)
    return any(len(groups) > 1 and len({repr(c) for cards in groups for c in cards}) > 1 for groups in by_kind.values())
