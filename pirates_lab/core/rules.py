"""The rulebooks in code: each ``seeds/*.txt`` split into sections by its headings.

Code cites a rule by its heading exactly as printed::

    >>> book = rulebook("pillage_and_plunder")
    >>> book.section("Stage 4: The Mêlée").splitlines()[0]
    'Stage 4: The Mêlée'
    >>> cite("pillage_and_plunder", "Stage 4: The Mêlée")
    'Stage 4: The Mêlée'

A heading is a short line of its own that does not end like a sentence (no final ``.``,
``,``, ``;``, ``:``, ``!`` or ``?``), is not a list item, and is not the title or the table of
contents.  Figure captions (``Figure 1 - …``) and the few lines listed in ``NOT_HEADINGS``
are not headings.  A test pins the headings of every rulebook, so a change here shows.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

__all__ = ["GAMES", "Rulebook", "Section", "rulebook", "cite", "citation", "seeds_dir", "CITATION_PATTERN",
           "resolve_citation", "game_for_title"]

#: package name -> title as the rulebook prints it (its first line, less " Rulebook").
GAMES: dict[str, str] = {
    "pirates_and_plunder": "Pirates & Plunder",
    "plunder": "Plunder",
    "pillage_and_plunder": "Pillage & Plunder",
    "king_of_pirates": "King of Pirates",
    "plunder_2013": "Plunder (2013)",
}

#: Lines the heading rule would take for headings but which are not (checked by a test).
NOT_HEADINGS: dict[str, set[str]] = {
    "pillage_and_plunder": {"OR", "Total Cards: 298"},
}

_MAX_HEADING_LENGTH = 70
_SENTENCE_END = tuple(".,;:!?")

#: How a docstring or comment cites a rule: ``Rules: Pillage & Plunder › Stage 4: The Mêlée``.
CITATION_PATTERN = re.compile(r"Rules: (?P<game>[^›\n{]+?) › (?P<heading>[^\n{]+)", re.M)


def seeds_dir():
    """Where the rulebooks are: the checkout's ``seeds/``, or the installed copy (a Traversable)."""
    checkout = Path(__file__).resolve().parents[2] / "seeds"
    if (checkout / "plunder.txt").exists():
        return checkout
    return resources.files("pirates_lab.seeds")


@dataclass(frozen=True)
class Section:
    heading: str
    level: int  # 1 for a top-level entry of the table of contents, 2 otherwise
    start_line: int  # 1-based line of the heading in the rulebook
    text: str  # heading line and body, up to the next heading

    @property
    def body(self) -> str:
        return self.text.split("\n", 1)[1].strip() if "\n" in self.text else ""


class Rulebook:
    """One rulebook, split into sections in printed order."""

    def __init__(self, game: str, text: str):
        if game not in GAMES:
            raise KeyError(f"No rulebook named {game!r}; known: {', '.join(GAMES)}")
        self.game = game
        self.title = GAMES[game]
        self.text = text
        self.sections: tuple[Section, ...] = tuple(self._split(text))

    def _toc(self, lines: list[str]) -> dict[str, int]:
        """Entries of the table of contents (the bullets before the first heading) and their level."""
        toc: dict[str, int] = {}
        for line in lines:
            match = re.match(r"^(\s*)• (.+)$", line)
            if match:
                toc.setdefault(match.group(2).strip(), 1 if not match.group(1) else 2)
        return toc

    def _is_heading(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped or stripped != line.rstrip() or len(stripped) > _MAX_HEADING_LENGTH:
            return False
        if stripped.endswith(_SENTENCE_END) or stripped[0] in "-•*":
            return False
        if stripped in {"Table of Contents", self.title, f"{self.title} Rulebook"}:
            return False
        if re.match(r"^Figure \d+ - ", stripped):
            return False
        return stripped not in NOT_HEADINGS.get(self.game, set())

    def _split(self, text: str):
        lines = text.splitlines()
        starts = [i for i, line in enumerate(lines) if self._is_heading(line)]
        toc = self._toc(lines[:starts[0]] if starts else [])
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            heading = lines[start].strip()
            body = "\n".join(lines[start:end]).strip()
            yield Section(heading, toc.get(heading, 2), start + 1, body)

    @property
    def headings(self) -> list[str]:
        """Every heading in printed order (a heading printed twice appears twice)."""
        return [s.heading for s in self.sections]

    def has(self, heading: str) -> bool:
        return any(s.heading == heading for s in self.sections)

    def find(self, heading: str, occurrence: int = 1) -> Section:
        """The section with this heading (``occurrence`` picks among repeated headings)."""
        found = [s for s in self.sections if s.heading == heading]
        if len(found) < occurrence or occurrence < 1:
            close = [h for h in self.headings if heading.lower() in h.lower() or h.lower() in heading.lower()]
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise KeyError(f"{self.title} has no section headed {heading!r}.{hint}")
        return found[occurrence - 1]

    def section(self, heading: str, occurrence: int = 1) -> str:
        """The text of a section: its heading line and body."""
        return self.find(heading, occurrence).text

    def __repr__(self) -> str:
        return f"Rulebook({self.game!r}: {len(self.sections)} sections)"


@lru_cache(maxsize=None)
def rulebook(game: str) -> Rulebook:
    """The rulebook of one game, by package name (``"king_of_pirates"``)."""
    if game not in GAMES:
        raise KeyError(f"No rulebook named {game!r}; known: {', '.join(GAMES)}")
    return Rulebook(game, seeds_dir().joinpath(f"{game}.txt").read_text(encoding="utf-8"))


def cite(game: str, heading: str) -> str:
    """Check at import time that ``heading`` exists in ``game``'s rulebook; return it.

    Use it for ``RULE`` constants so a typo fails the moment the module loads.
    """
    rulebook(game).find(heading)
    return heading


def citation(game: str, heading: str) -> str:
    """The printed form of a citation: ``Rules: Pillage & Plunder › Stage 4: The Mêlée``."""
    return f"Rules: {GAMES[game]} › {cite(game, heading)}"


def resolve_citation(game_title: str, rest_of_line: str) -> tuple[str, str]:
    """Find the heading a citation names: the longest start of ``rest_of_line`` that is a heading.

    A citation may be followed on its line by a closing quote, bracket or more prose.
    """
    game = game_for_title(game_title)
    book = rulebook(game)
    text = rest_of_line.strip()
    for end in range(len(text), 0, -1):
        candidate = text[:end].strip()
        if book.has(candidate):
            return game, candidate
    raise KeyError(f"{book.title} has no section heading at the start of {text!r}")


def game_for_title(title: str) -> str:
    for package, printed in GAMES.items():
        if printed == title.strip():
            return package
    raise KeyError(f"No game titled {title!r}")
