r"""Why a probability is what it is: a tree of exact branches, each with the rule behind it.

A :class:`Why` node is a short sentence in rulebook words, the exact probability of that branch
(joint, not conditional: the probability of reaching this branch *and* everything above it), the
rulebook heading that governs it, and its children.  The children of a node split it: their
probabilities sum exactly to the node's.  A node that lists only its main branches shows the rest as
one child marked ``other``, so the sum still holds.

A tree is built from the same computation that gives the number (a calculator returns both), and it
stays small: :meth:`Why.fold` keeps the largest branches and folds the rest (and anything deeper than
a limit) into "…" nodes.

>>> from fractions import Fraction as F
>>> tree = Why("Two dice show a double", F(1, 6), children=(
...     Why("both show 6", F(1, 36)), Why("both show 1 to 5", F(5, 36))))
>>> print(tree.text())
Two dice show a double: 16.67% (1/6)
  both show 6: 2.78% (1/36)
  both show 1 to 5: 13.89% (5/36)
>>> Why.parse(tree.text()) == tree
True
>>> Why("a", F(1, 2), children=(Why("b", F(1, 3)),))
Traceback (most recent call last):
 ...
pirates_lab.core.errors.InvalidInput: The branches of 'a' add up to 1/3, not 1/2.

The terminal form, one node a line: ``<2 spaces per depth><label>: <percent> (<a/b>)``, optionally
followed by `` [Rules: <heading>]``; the root is at depth 0.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import InvalidInput, clean_text
from .report import percent

__all__ = ["Why", "MAX_NODES", "ELLIPSIS"]

#: no tree a calculator returns has more nodes than this (fold it first)
MAX_NODES = 200
#: the label of a folded branch
ELLIPSIS = "…"


@dataclass(frozen=True)
class Why:
    """One branch of an explanation.

    ``label``: a short sentence in rulebook words.  ``p``: the exact probability of the branch (joint).
    ``rule``: the rulebook heading behind it, exactly as printed (or None).  ``children``: the branches it
    splits into, summing exactly to ``p``.  ``other``: this branch stands for the rest (smaller branches
    not listed one by one).
    """

    label: str
    p: Fraction
    rule: str | None = None
    children: tuple["Why", ...] = ()
    other: bool = False
    _size: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self):
        if not isinstance(self.label, str) or not self.label.strip():
            raise InvalidInput("A branch needs a label: a short sentence saying what happens.")
        object.__setattr__(self, "label", " ".join(clean_text(self.label).split()))
        if isinstance(self.p, bool) or not isinstance(self.p, (int, Fraction)):
            raise InvalidInput(f"The probability of {self.label!r} must be exact (a Fraction), not {self.p!r}.")
        object.__setattr__(self, "p", Fraction(self.p))
        if not 0 <= self.p <= 1:
            raise InvalidInput(f"The probability of {self.label!r} is {self.p}, which is not between 0 and 1.")
        if self.rule is not None and (not isinstance(self.rule, str) or not self.rule.strip()):
            raise InvalidInput(f"The rule of {self.label!r} must be a rulebook heading or None.")
        children = tuple(self.children)
        if not all(isinstance(child, Why) for child in children):
            raise InvalidInput(f"The branches of {self.label!r} must be Why nodes.")
        object.__setattr__(self, "children", children)
        if children:
            total = sum((child.p for child in children), Fraction(0))
            if total != self.p:
                raise InvalidInput(f"The branches of {self.label!r} add up to {total}, not {self.p}.")
        object.__setattr__(self, "_size", 1 + sum(child._size for child in children))

    # ------------------------------------------------------------ building
    @classmethod
    def split(cls, label: str, parts: Iterable[tuple[str, Fraction]], *, rule: str | None = None,
              child_rule: str | None = None, keep: int = 8, other_label: str = "other outcomes") -> "Why":
        """A node whose children are ``(label, p)`` parts, the ``keep`` largest listed and the rest as one
        ``other`` child; the node's probability is their sum.

        >>> print(Why.split("Roll one die", [(f"a {n}", Fraction(1, 6)) for n in range(1, 7)], keep=2).text())
        Roll one die: 100% (1/1)
          a 1: 16.67% (1/6)
          a 2: 16.67% (1/6)
          other outcomes: 66.67% (2/3)
        """
        parts = [(str(name), Fraction(p)) for name, p in parts]
        total = sum((p for _, p in parts), Fraction(0))
        ranked = sorted(range(len(parts)), key=lambda i: (-parts[i][1], i))
        shown = sorted(ranked[:keep]) if len(parts) > keep else list(range(len(parts)))
        children = [cls(parts[i][0], parts[i][1], child_rule) for i in shown]
        rest = sum((parts[i][1] for i in ranked[keep:]), Fraction(0)) if len(parts) > keep else None
        if rest is not None:
            children.append(cls(other_label, rest, other=True))
        return cls(label, total, rule, tuple(children))

    def fold(self, depth: int = 4, width: int = 8) -> "Why":
        """The same tree with at most ``width`` children a node (the largest; the rest as one "other"
        child) and nothing deeper than ``depth`` levels below this one (deeper branches become one
        "…" child).  Probabilities are unchanged, so the sums still hold."""
        if not self.children:
            return self
        if depth <= 0:
            return Why(self.label, self.p, self.rule, (Why(ELLIPSIS, self.p, other=True),), self.other)
        children = list(self.children)
        if len(children) > width:
            ranked = sorted(range(len(children)), key=lambda i: (-children[i].p, i))
            kept = [children[i] for i in sorted(ranked[: width - 1])]
            rest = sum((children[i].p for i in ranked[width - 1:]), Fraction(0))
            children = kept + [Why("other outcomes", rest, other=True)]
        folded = tuple(child.fold(depth - 1, width) for child in children)
        return Why(self.label, self.p, self.rule, folded, self.other)

    def bounded(self, limit: int = MAX_NODES) -> "Why":
        """This tree folded (narrower first, then shallower) until it has at most ``limit`` nodes."""
        for depth in (6, 5, 4, 3, 2, 1):
            for width in (8, 6, 4, 3, 2):
                tree = self.fold(depth, width)
                if tree.size() <= limit:
                    return tree
        return self.fold(0)

    # ------------------------------------------------------------ reading
    def size(self) -> int:
        """How many nodes the tree has."""
        return self._size

    def walk(self, depth: int = 0):
        """Every ``(depth, node)``, the root first, children in order."""
        yield depth, self
        for child in self.children:
            yield from child.walk(depth + 1)

    def rules(self) -> set[str]:
        """Every rulebook heading the tree cites."""
        return {node.rule for _, node in self.walk() if node.rule}

    def check_rules(self, game: str) -> None:
        """Raise KeyError if a cited heading is not in ``game``'s rulebook (exactly as printed)."""
        from .rules import cite
        for rule in self.rules():
            cite(game, rule)

    def line(self, depth: int = 0) -> str:
        """This node as one line of the terminal form."""
        p = self.p
        rule = f" [Rules: {self.rule}]" if self.rule else ""
        shown = "100%" if p == 1 else "0%" if p == 0 else percent(p)
        return f"{'  ' * depth}{self.label}: {shown} ({p.numerator}/{p.denominator}){rule}"

    def text(self) -> str:
        """The whole tree in the terminal form, one node a line."""
        return "\n".join(node.line(depth) for depth, node in self.walk())

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain: label, p as "a/b", percent, rule, other, children."""
        return {"label": self.label, "p": f"{self.p.numerator}/{self.p.denominator}",
                "percent": self.line().rsplit(": ", 1)[1].split(" (")[0], "rule": self.rule,
                "other": self.other, "children": [child.to_dict() for child in self.children]}

    _LINE = re.compile(r"^(?P<indent>(?:  )*)(?P<label>.+?): (?P<percent>[<>]? ?[0-9.]+%) "
                       r"\((?P<num>\d+)/(?P<den>\d+)\)(?: \[Rules: (?P<rule>.+)\])?$")

    @classmethod
    def parse(cls, text: str) -> "Why":
        """Read the terminal form back (what a script reading ``--why`` would do); checks the sums."""
        rows = []
        for number, raw in enumerate(text.strip("\n").splitlines(), 1):
            match = cls._LINE.match(raw)
            if not match:
                raise InvalidInput(f"Line {number} is not a branch of a why tree: {raw!r}")
            rows.append((len(match["indent"]) // 2, match["label"], Fraction(int(match["num"]), int(match["den"])),
                         match["rule"]))
        if not rows or rows[0][0] != 0:
            raise InvalidInput("A why tree starts with its root, at depth 0.")

        def build(index: int) -> tuple[Why, int]:
            depth, label, p, rule = rows[index]
            children, index = [], index + 1
            while index < len(rows) and rows[index][0] > depth:
                if rows[index][0] != depth + 1:
                    raise InvalidInput(f"Line {index + 1} is indented more than one level below its parent.")
                child, index = build(index)
                children.append(child)
            other = label in (ELLIPSIS, "other outcomes")
            return cls(label, p, rule, tuple(children), other), index

        tree, end = build(0)
        if end != len(rows):
            raise InvalidInput("A why tree has one root: every later line is indented below it.")
        return tree

