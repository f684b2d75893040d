"""Many legal actions on one screen: filter by typing, group by first words, cut into pages (pure).

A game may have hundreds of legal actions (every location to dig at).  The table shows at most a
page of buttons.  When more actions match than fit, they are grouped by their first words: a group
button ("dig at Whale …  (36)") opens the group, and so on until the actions fit.  Labels are the
actions' ``str()``.

>>> labels = ["pass"] + [f"dig at {a} / {b}" for a in ("Whale", "Skull") for b in ("Palm", "Reef")]
>>> [c.label for c in action_page(labels, size=3).choices]
['pass', 'dig at … (4)']
>>> [c.label for c in action_page(labels, prefix=("dig", "at"), size=3).choices]
['dig at Whale … (2)', 'dig at Skull … (2)']
>>> [c.label for c in action_page(labels, query="sk", size=3).choices]
['dig at Skull / Palm', 'dig at Skull / Reef']
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ActionChoice", "ActionPage", "action_page", "action_columns", "matches"]


@dataclass(frozen=True)
class ActionChoice:
    """One button: a single action (``indices`` has one entry) or a group of them (``prefix`` words)."""

    label: str
    indices: tuple[int, ...]
    prefix: tuple[str, ...] = ()

    @property
    def is_group(self) -> bool:
        return len(self.indices) > 1


@dataclass(frozen=True)
class ActionPage:
    """The buttons shown: ``choices`` on this ``page`` of ``pages``; ``matching`` actions in all."""

    choices: tuple[ActionChoice, ...]
    page: int
    pages: int
    matching: int


def matches(label: str, query: str) -> bool:
    """Every word typed starts some word of the label (any case): "bid 3" keeps "bid 30", not "bid 13"."""
    words = re.findall(r"\w+", label.lower())
    return all(any(word.startswith(typed) for word in words) for typed in re.findall(r"\w+", str(query).lower()))


def _group(members: list[int], words: list[list[str]]) -> ActionChoice:
    """A group button named by the words all its members start with."""
    common = words[0]
    for other in words[1:]:
        same = 0
        while same < min(len(common), len(other)) and common[same] == other[same]:
            same += 1
        common = common[:same]
    shown = list(common)
    while shown and not re.search(r"\w", shown[-1]):      # "dig at Whale /" reads "dig at Whale"
        shown.pop()
    return ActionChoice(f"{' '.join(shown)} … ({len(members)})", tuple(members), tuple(common))


def _grouped(labels: Sequence[str], indices: list[int], depth: int, size: int) -> list[ActionChoice]:
    """Group by the first words, at the first depth past ``depth`` that splits them (none: one each)."""
    words = {i: labels[i].split() for i in indices}
    longest = max((len(w) for w in words.values()), default=0)
    for k in range(depth + 1, longest + 1):
        groups: dict[tuple[str, ...], list[int]] = {}
        for i in indices:
            groups.setdefault(tuple(words[i][:k]), []).append(i)
        if len(groups) > 1:
            return [ActionChoice(labels[members[0]], (members[0],)) if len(members) == 1 else
                    _group(members, [words[i] for i in members]) for members in groups.values()]
    return [ActionChoice(labels[i], (i,)) for i in indices]


def action_page(labels: Sequence[str], query: str = "", page: int = 0, size: int = 24,
                prefix: Sequence[str] = ()) -> ActionPage:
    """The buttons for one page: labels matching ``query`` and starting with the ``prefix`` words;
    grouped when more than ``size`` match; pages of ``size`` buttons (``page`` is clamped)."""
    size = max(1, int(size))
    prefix = tuple(prefix)
    indices = [i for i, label in enumerate(labels)
               if tuple(label.split()[:len(prefix)]) == prefix and matches(label, query)]
    if len(indices) <= size:
        choices = [ActionChoice(labels[i], (i,)) for i in indices]
    else:
        choices = _grouped(labels, indices, len(prefix), size)
    pages = max(1, -(-len(choices) // size))
    page = min(max(0, int(page)), pages - 1)
    return ActionPage(tuple(choices[page * size:(page + 1) * size]), page, pages, len(indices))


def action_columns(labels: Sequence[str]) -> int:
    """How many button columns fit the labels in the table's action pane (3 short, 2 medium, 1 long)."""
    longest = max((len(label) for label in labels), default=0)
    return 3 if longest <= 12 else 2 if longest <= 24 else 1
