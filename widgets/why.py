"""The WhyTree: click a probability and its tree of exact branches opens under it, level by level.

A calculator's :class:`~pirates_lab.core.why.Why` tree (every ``why=True`` / ``.why()`` of the odds
modules) shown for people: each branch reads percent first with its exact fraction, then what happens in
rulebook words, then the rule it follows (a link to that rule's screen when the lesson has one).  Each
level is a ``<details>`` the reader opens by clicking, so a class can *predict, then open the why*; under
the branches a line says what they add up to.  Plain HTML and CSS in one HTML widget: no front-end
extension, the same in Voila and JupyterLab, and the presenter's Large fonts grow it like any text.

One call puts it under any probability a calculator widget shows::

    box = with_why(result_html, odds.combat_success_probability(10, cannonballs=2, why=True))
    box.why.tree = new_tree            # when the calculator's controls change

>>> from fractions import Fraction
>>> from pirates_lab.core.why import Why
>>> tree = Why("Two dice show a double", Fraction(1, 6), children=(
...     Why("both show 6", Fraction(1, 36)), Why("both show 1 to 5", Fraction(5, 36))))
>>> view = WhyTree(tree)
>>> [row for row in visible_rows(view.value)]
['16.67% (1/6) Two dice show a double']
>>> [row for row in visible_rows(view.value, opened=1)][1:]
['2.78% (1/36) both show 6', '13.89% (5/36) both show 1 to 5']
"""
from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from fractions import Fraction
from html.parser import HTMLParser
from urllib.parse import quote

import ipywidgets as widgets

from pirates_lab.core.report import chance
from pirates_lab.core.why import ELLIPSIS, Why

__all__ = ["WhyTree", "with_why", "why_html", "screen_links", "visible_rows", "WHY_CSS", "MAX_SHORT"]

#: a fraction longer than this (digits and bar) is shown on demand (its ``title``), not in the line
MAX_SHORT = 15

#: the tree's look: rows that wrap, each level indented with a rule on its left, numbers that line up; sizes
#: in em so the presenter's Large fonts (which set the HTML widget's font size) grow every part of it
WHY_CSS = (".pl-why{line-height:1.4;max-width:100%;overflow-wrap:anywhere}"
           ".pl-why details{margin:0.1em 0}"
           ".pl-why summary{cursor:pointer;padding:0.15em 0.3em;border-radius:4px}"
           ".pl-why summary:hover,.pl-why summary:focus{background:#f1ead9;outline:none}"
           ".pl-why .pl-why-leaf{padding:0.15em 0.3em 0.15em 1.3em}"
           ".pl-why .pl-why-children{margin-left:0.9em;border-left:3px solid #c8b48a;padding-left:0.6em}"
           ".pl-why .pl-why-p{font-variant-numeric:tabular-nums}"
           ".pl-why .pl-why-p b{color:#1a3c6e;white-space:nowrap}"
           ".pl-why .pl-why-exact{color:#444}"
           ".pl-why .pl-why-short{white-space:nowrap}"
           ".pl-why .pl-why-rule{font-size:0.85em;color:#6b4f2a;white-space:nowrap}"
           ".pl-why a.pl-why-rule{color:#1a56a8}"
           ".pl-why .pl-why-other{font-style:italic;color:#555}"
           ".pl-why .pl-why-sum{font-size:0.85em;color:#555;padding:0.1em 0.3em}")


def _fraction(p: Fraction) -> str:
    text = f"{p.numerator}/{p.denominator}"
    if len(text) <= MAX_SHORT:
        return f"<span class='pl-why-exact pl-why-short'>({text})</span>"
    # the words may wrap on a narrow page (the number before them stays whole: its <b> never wraps)
    return f"<span class='pl-why-exact' title='exact: {text}'>(the exact fraction is too long to show)</span>"


def _rule(rule: str | None, rule_link: Callable[[str], str | None] | None) -> str:
    if not rule:
        return ""
    href = rule_link(rule) if rule_link else None
    text = f"Rules: {html.escape(rule)}"
    if href:
        return f" <a class='pl-why-rule' href='{html.escape(href, quote=True)}' target='_top'>{text}</a>"
    return f" <span class='pl-why-rule'>{text}</span>"


def _row(node: Why, rule_link) -> str:
    p = node.p
    number = (f"<span class='pl-why-p' data-exact='{p.numerator}/{p.denominator}'><b>{html.escape(chance(p))}</b> "
              f"{_fraction(p)}</span>")
    label = html.escape(node.label)
    if node.label == ELLIPSIS:
        label = "… (deeper branches, folded)"
    cls = "pl-why-label pl-why-other" if node.other else "pl-why-label"
    return f"{number} <span class='{cls}'>{label}</span>{_rule(node.rule, rule_link)}"


def why_html(tree: Why, rule_link: Callable[[str], str | None] | None = None, opened: int = 0) -> str:
    """The tree as nested ``<details>`` (the first ``opened`` levels open), its own style first."""
    if not isinstance(tree, Why):
        raise TypeError(f"A WhyTree shows a Why tree, not {type(tree).__name__}.")

    def node(n: Why, depth: int) -> str:
        if not n.children:
            return f"<div class='pl-why-leaf pl-why-depth-{depth}'>{_row(n, rule_link)}</div>"
        inner = "".join(node(child, depth + 1) for child in n.children)
        total = (f"<div class='pl-why-sum'>These {len(n.children)} branches add up to {html.escape(chance(n.p))}"
                 f" ({n.p.numerator}/{n.p.denominator}).</div>" if len(n.children) > 1 else "")
        state = " open" if depth < opened else ""
        return (f"<details class='pl-why-node pl-why-depth-{depth}'{state}><summary>{_row(n, rule_link)}</summary>"
                f"<div class='pl-why-children'>{inner}{total}</div></details>")

    return f"<style>{WHY_CSS}</style><div class='pl-why'>{node(tree, 0)}</div>"


def screen_links(headings: Iterable[str], page: str = "") -> Callable[[str], str | None]:
    """A ``rule_link`` for a lesson: a rule its screens teach links to ``?screen=<heading>`` (the lesson view
    opens a screen by its rulebook heading); any other rule is shown without a link.

    >>> link = screen_links(["Stage 4: The Mêlée"])
    >>> link("Stage 4: The Mêlée"), link("Setup")
    ('?screen=Stage%204%3A%20The%20M%C3%AAl%C3%A9e', None)
    """
    known = {h for h in headings if h}
    return lambda heading: f"{page}?screen={quote(heading, safe='')}" if heading in known else None


class WhyTree(widgets.VBox):
    """A probability that opens into its :class:`~pirates_lab.core.why.Why` tree when clicked.

    ``tree``: the tree (or None: nothing shown yet).  ``rule_link``: heading -> address of the rule's screen
    (or None for no link), e.g. :func:`screen_links`.  ``opened``: levels open at first (0: only the number).
    Set :attr:`tree` again when the calculator's answer changes.
    """

    def __init__(self, tree: Why | None = None, *, rule_link: Callable[[str], str | None] | None = None,
                 opened: int = 0):
        self.rule_link = rule_link
        self.opened = opened
        self.view = widgets.HTML(layout=widgets.Layout(width="auto"))       # a block fills its column; 100% +
                                                                           # the HTML's margins overflowed by 4 px
        self.view.add_class("pl-why-tree")
        self._tree = None
        super().__init__([self.view], layout=widgets.Layout(width="auto", overflow="visible"))
        self.add_class("pl-why-box")
        self.tree = tree

    @property
    def tree(self) -> Why | None:
        return self._tree

    @tree.setter
    def tree(self, tree: Why | None) -> None:
        self._tree = tree
        self.view.value = "" if tree is None else why_html(tree, self.rule_link, self.opened)

    @property
    def value(self) -> str:
        """The HTML shown (for checks without a browser)."""
        return self.view.value


def with_why(shown: widgets.Widget, tree: Why | None, *, rule_link=None, opened: int = 0) -> widgets.VBox:
    """``shown`` (a calculator's result) with its :class:`WhyTree` under it, in one box; ``box.why`` is the tree
    widget (set ``box.why.tree`` when the answer changes)."""
    why = WhyTree(tree, rule_link=rule_link, opened=opened)
    box = widgets.VBox([shown, why])
    box.add_class("pl-with-why")
    box.why = why
    return box


# ---------------------------------------------------------------- reading it back, as a person would
class _Rows(HTMLParser):
    """Rows of a why page (summaries and leaves) with whether a reader sees them."""

    def __init__(self, opened: int | None):
        super().__init__(convert_charrefs=True)
        self.opened = opened
        self.stack: list[bool] = []            # each enclosing <details>: open?
        self.rows: list[tuple[str, bool]] = []
        self.capture: list | None = None       # [tag, nesting, text parts, visible]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.capture is not None:
            if tag == self.capture[0]:
                self.capture[1] += 1
            return
        if tag == "details":
            is_open = "open" in attrs if self.opened is None else len(self.stack) < self.opened
            self.stack.append(is_open)
        elif tag == "summary":
            self.capture = ["summary", 0, [], all(self.stack[:-1])]
        elif tag == "div" and (attrs.get("class") or "").startswith("pl-why-leaf"):
            self.capture = ["div", 0, [], all(self.stack)]

    def handle_endtag(self, tag):
        if self.capture is not None:
            if tag == self.capture[0]:
                if self.capture[1]:
                    self.capture[1] -= 1
                    return
                self.rows.append((" ".join("".join(self.capture[2]).split()), self.capture[3]))
                self.capture = None
            return
        if tag == "details":
            self.stack.pop()

    def handle_data(self, data):
        if self.capture is not None:
            self.capture[2].append(data)


def visible_rows(page: str, opened: int | None = 0) -> list[str]:
    """The rows a reader sees (each row's text) when the first ``opened`` levels are open and the rest closed
    (``opened=None``: as the page was sent).  A closed ``<details>`` shows its summary only."""
    parser = _Rows(opened)
    parser.feed(page.split("</style>", 1)[-1])
    return [text for text, seen in parser.rows if seen]
