"""The game's log as a persistent chain: shared by a state and its children, so a move costs O(1).

A :class:`Log` is an immutable sequence of lines.  ``log.plus(line)`` is a new Log one line longer
that *shares* every earlier line with ``log`` (a linked list whose newest line is at the head), so
``State.clone()`` copies nothing and ``state.say(...)`` costs the same at move 5 as at move 5,000.
The lines are read on demand: ``len`` is O(1), ``log[-1]`` and ``log[-k:]`` walk only k lines, and
iterating renders the whole list.  It compares equal to a list of the same lines, and saves as one.

>>> first = Log().plus("Player 1 sails.")
>>> second = first.plus("Player 1 digs up the treasure!")
>>> len(first), len(second), second[-1], list(second[-2:]) == list(second)
(1, 2, 'Player 1 digs up the treasure!', True)
>>> first == ["Player 1 sails."], second[0] is first[0]      # the parent is untouched; lines are shared
(True, True)

A log of any length travels to another process (``pickle``) and through ``copy.deepcopy``:

>>> import pickle
>>> long = Log(f"line {n}" for n in range(20_000))
>>> pickle.loads(pickle.dumps(long)) == long
True
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

__all__ = ["Log"]


class Log(Sequence):
    """An immutable, persistent list of log lines (see the module docstring)."""

    __slots__ = ("_line", "_before", "_size")

    def __init__(self, lines: Iterable[str] = ()):
        self._line: str | None = None
        self._before: Log | None = None
        self._size = 0
        node = self
        for line in lines:                    # build the chain once (loading a save)
            node = node.plus(line)
        self._line, self._before, self._size = node._line, node._before, node._size

    def plus(self, line: str) -> "Log":
        """This log and one more line (O(1); ``self`` is unchanged)."""
        node = Log.__new__(Log)
        node._line, node._before, node._size = line, (self if self._size else None), self._size + 1
        return node

    def copy(self) -> "Log":
        """The log itself: it never changes, so a copy is free (games' clones call ``log.copy()``)."""
        return self

    def _newest_first(self) -> Iterator[str]:
        node = self
        while node is not None and node._size:
            yield node._line
            node = node._before

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines())

    def __reversed__(self) -> Iterator[str]:
        return self._newest_first()

    def lines(self, start: int = 0) -> list[str]:
        """The lines from ``start`` on, oldest first (walks only the lines asked for)."""
        start = max(0, start)
        out = []
        for index, line in zip(range(self._size - 1, start - 1, -1), self._newest_first()):
            out.append(line)
        out.reverse()
        return out

    def __getitem__(self, index: Any):
        if isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            if step != 1:
                return self.lines()[index]
            if stop <= start:
                return []
            return self.lines(start)[: stop - start]
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"log indices are whole numbers or slices, not {type(index).__name__}")
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("log index out of range")
        for position, line in zip(range(self._size - 1, -1, -1), self._newest_first()):
            if position == index:
                return line
        raise IndexError("log index out of range")  # pragma: no cover

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        return self.lines().index(value, start, self._size if stop is None else stop)

    def count(self, value: Any) -> int:
        return sum(1 for line in self._newest_first() if line == value)

    def __contains__(self, value: Any) -> bool:
        return any(line == value for line in self._newest_first())

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Log):
            if self._size != other._size:
                return False
            a, b = self, other
            while a is not None and b is not None and a is not b:      # shared tails compare at once
                if a._line != b._line:
                    return False
                a, b = a._before, b._before
            return True
        if isinstance(other, (list, tuple)):
            return len(other) == self._size and self.lines() == list(other)
        return NotImplemented

    __hash__ = None

    # A chain of thousands of nodes would make pickle and deepcopy recurse once per line (RecursionError at
    # about 300 lines, issue 35): a Log travels as its flat list of lines, and never needs copying.
    def __reduce__(self):
        return (Log, (tuple(self.lines()),))

    def __copy__(self) -> "Log":
        return self

    def __deepcopy__(self, memo: dict) -> "Log":
        return self                        # immutable: a deep copy may share it (lines are str)

    def __add__(self, other: Iterable[str]) -> list[str]:
        return self.lines() + list(other)

    def __radd__(self, other: Iterable[str]) -> list[str]:
        return list(other) + self.lines()

    def recent(self, lines: int = 10) -> list[str]:
        """The newest ``lines`` lines, oldest first."""
        return self.lines(self._size - lines) if lines > 0 else []

    def __repr__(self) -> str:
        shown = self.recent(3)
        more = f"{self._size - len(shown)} earlier lines, " if self._size > len(shown) else ""
        return f"Log({more}{shown!r})"
