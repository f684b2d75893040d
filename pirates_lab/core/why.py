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

import heapq
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import InvalidInput, clean_text
from .report import percent

__all__ = ["Why", "MAX_NODES", "ELLIPSIS", "WHY_HELP", "why_block"]

#: no tree a calculator returns has more nodes than this (fold it first)
MAX_NODES = 200
#: the label of a folded branch
ELLIPSIS = "…"
#: the help of every ``pirates-lab odds`` subcommand's ``--why``
WHY_HELP = ("after the answer, print why: each number's tree of exact branches, one a line "
            "('<label>: <percent> (<a/b>) [Rules: <heading>]', two spaces a level)")


def why_block(trees: Iterable["Why"]) -> str:
    """The trees a ``--why`` prints after the answer: a blank line before each tree.

    >>> print(why_block([Why("a", Fraction(1, 2)), Why("b", Fraction(1, 3))]))
    <BLANKLINE>
    a: 50.00% (1/2)
    <BLANKLINE>
    b: 33.33% (1/3)
    """
    return "".join("\n" + tree.text() + "\n" for tree in trees).rstrip("\n")


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

    @classmethod
    def grow(cls, label: str, p: Fraction, expand, key: Any = None, *, rule: str | None = None,
             depth: int = 4, width: int = 8, limit: int = MAX_NODES) -> "Why":
        """A bounded tree grown from ``expand``, without ever building the branches it would fold.

        ``expand(key)`` lists a branch's parts as ``(label, p, rule, key)`` tuples (``key`` None: a leaf;
        a label or key may be a function of no arguments, called only for the parts kept; a fifth item True
        marks a part that stands for the rest, "other outcomes"); a part of probability 0 is left out.  A node with more than ``width`` parts keeps the ``width - 1``
        largest (in their order) and shows the rest as one "other outcomes" branch, which is not expanded;
        ``depth`` levels below the root a branch with parts becomes one "…" child.  The result is then
        :meth:`bounded` to ``limit`` nodes.  The root's ``p`` is the answer; the parts must add up to it
        (the constructor checks every sum), so a tree grown from the computation confirms its number.

        >>> def tosses(seen):                 # a coin tossed until the second toss
        ...     return [(f"then {side}", Fraction(1, 2 ** (len(seen) + 1)), None, seen + side)
        ...             for side in "HT"] if len(seen) < 2 else []
        >>> print(Why.grow("Two tosses", Fraction(1), tosses, key="", depth=1).text())
        Two tosses: 100% (1/1)
          then H: 50.00% (1/2)
            …: 50.00% (1/2)
          then T: 50.00% (1/2)
            …: 50.00% (1/2)
        """
        # Level by level (breadth first), so the budget of ``limit`` nodes goes to the top of the tree and
        # no branch is computed that the bound would fold away: a level is taken whole or not at all.
        root = [label, Fraction(p), rule, key, None, False]       # label, p, rule, key, children, other
        level, count = [root], 1
        for _ in range(depth):
            grown = []
            for node in level:
                if node[3] is None or node[1] == 0:
                    continue
                parts = [[part[0], part[1] if type(part[1]) is Fraction else Fraction(part[1]), part[2], part[3], None,
                          len(part) > 4 and part[4]] for part in expand(node[3]) if part[1]]
                if len(parts) > width:
                    # the largest by a float (ranking only chooses what to show: every sum stays exact)
                    kept = set(heapq.nlargest(max(1, width - 1), range(len(parts)), key=lambda i: float(parts[i][1])))
                    rest = sum((part[1] for i, part in enumerate(parts) if i not in kept), Fraction(0))
                    parts = [parts[i] for i in sorted(kept)] + [["other outcomes", rest, None, None, None, True]]
                for part in parts:              # a label or key may be given as a function: made when kept
                    part[0] = str(part[0]() if callable(part[0]) else part[0])
                    part[3] = part[3]() if callable(part[3]) else part[3]
                grown.append((node, parts))
            new = sum(len(parts) for _, parts in grown)
            if count + new > limit:
                break
            for node, parts in grown:
                node[4] = parts
            count += new
            level = [part for _, parts in grown for part in parts]
            if not level:
                break

        def build(node) -> Why:
            label, q, rule, key, children, other = node
            if children is None:
                more = (cls(ELLIPSIS, q, other=True),) if key is not None and q else ()
                return cls(label, q, rule, more, other)
            return cls(label, q, rule, tuple(build(child) for child in children), other)

        return build(root).bounded(limit)

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

    def check(self, answer: Fraction | None = None, game: str | None = None, limit: int = MAX_NODES) -> "Why":
        """What every calculator's tree promises, checked (AssertionError naming the first broken promise):
        the root is ``answer``; every node's branches add up exactly to it; every rule cited is a heading of
        ``game``'s rulebook exactly as printed (and a tree of a game cites at least its root's rule); at most
        ``limit`` nodes; the terminal form reads back to the same tree.  Returns the tree.

        >>> Why("a", Fraction(1, 2)).check(Fraction(1, 3))
        Traceback (most recent call last):
         ...
        AssertionError: The root is 1/2, not the answer 1/3.
        """
        if answer is not None and self.p != Fraction(answer):
            raise AssertionError(f"The root is {self.p}, not the answer {Fraction(answer)}.")
        for _, node in self.walk():
            if node.children and sum((c.p for c in node.children), Fraction(0)) != node.p:
                raise AssertionError(f"The branches of {node.label!r} do not add up to {node.p}.")
        if game is not None:
            if not self.rule:
                raise AssertionError(f"The root {self.label!r} cites no rule of {game}.")
            try:
                self.check_rules(game)
            except KeyError as error:
                raise AssertionError(f"A branch cites a heading {game}'s rulebook does not have: {error}") from None
        if self.size() > limit:
            raise AssertionError(f"The tree has {self.size()} nodes, more than its bound {limit}.")
        if Why.parse(self.text()) != self:
            raise AssertionError("The terminal form does not read back to the same tree.")
        return self

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

