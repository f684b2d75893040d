"""The rulebooks in code: each rulebook split into sections by its headings.

Code cites a rule by its heading exactly as printed.  A rulebook is found by its game's name: the
games here keep theirs in ``seeds/<name>.txt``; a game installed from outside (a plug-in) ships its
own in its package, ``data/<name>.txt`` or ``data/rulebook.txt``, found through its registered
package (no game is imported to find it).  Its title is its first line, less " Rulebook"::

    >>> book = rulebook(sorted(rulebook_names())[0])
    >>> book.section(book.headings[0]).splitlines()[0] == book.headings[0]
    True
    >>> cite(book.game, book.headings[0]) == book.headings[0]
    True

A heading is a short line of its own that does not end like a sentence (no final ``.``,
``,``, ``;``, ``:``, ``!`` or ``?``), is not a list item, and is not the title or the table of
contents.  Figure captions (``Figure 1 - …``), lines with no small letter (``OR``) and labels
with a number for value (``Total Cards: 298``) are not headings.  A test pins the headings of every rulebook, so a change here shows.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

__all__ = ["Rulebook", "Section", "rulebook", "rulebook_names", "rulebook_titles", "cite", "citation",
           "seeds_dir", "CITATION_PATTERN", "resolve_citation", "game_for_title", "rulebook_file", "forget"]

_MAX_HEADING_LENGTH = 70
_SENTENCE_END = tuple(".,;:!?")

#: How a docstring or comment cites a rule: ``Rules: {title} › {heading}`` (a title and a heading as printed).
CITATION_PATTERN = re.compile(r"Rules: (?P<game>[^›\n{]+?) › (?P<heading>[^\n{]+)", re.M)


def seeds_dir():
    """Where the rulebooks are: the checkout's ``seeds/``, or the installed copy (a Traversable)."""
    checkout = Path(__file__).resolve().parents[2] / "seeds"
    if checkout.is_dir() and any(checkout.glob("*.txt")):
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
        self.game = game
        self.title = _title_of(text)
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
        if not any(c.islower() for c in stripped):  # "OR" between two options
            return False
        return not re.match(r"^[^:]+: \d+$", stripped)  # a label and its number: "Total Cards: 298"

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
        if found and not 1 <= occurrence <= len(found):
            raise KeyError(f"{self.title} prints the heading {heading!r} {len(found)} time(s), not {occurrence}.")
        if not found:
            raise KeyError(f"{self.title} has no section headed {heading!r}.{self._hint(heading)}")
        return found[occurrence - 1]

    def _hint(self, heading: str) -> str:
        """`` Did you mean '…'?``: the heading that differs only by accents, case or spaces ("Melee" for
        "Mêlée"), else the first heading that holds the words or is held by them; "" when none is close
        (tests/test_core_rules.py holds the examples: the core names no game).
        """
        wanted = _folded(heading)
        printed = list(dict.fromkeys(self.headings))
        same = [h for h in printed if _folded(h) == wanted]
        close = same or [h for h in printed if wanted and (wanted in _folded(h) or _folded(h) in wanted)]
        return f" Did you mean {close[0]!r}?" if close else ""

    def section(self, heading: str, occurrence: int = 1) -> str:
        """The text of a section: its heading line and body."""
        return self.find(heading, occurrence).text

    def __repr__(self) -> str:
        return f"Rulebook({self.game!r}: {len(self.sections)} sections)"


def _folded(text: str) -> str:
    """A heading without its accents, case and extra spaces, to find the one a typist meant.

    >>> _folded("Stage 4:  The Mêlée")
    'stage 4: the melee'
    """
    letters = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in letters if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def _title_of(text: str) -> str:
    first = text.lstrip().splitlines()[0].strip() if text.strip() else ""
    return first[: -len(" Rulebook")] if first.endswith(" Rulebook") else first


@lru_cache(maxsize=None)
def _files() -> dict:
    """Rulebook name -> its file: ``seeds/*.txt``, then each registered plug-in's own rulebook."""
    found = {entry.name[:-4]: entry for entry in seeds_dir().iterdir() if entry.name.endswith(".txt")}
    from importlib.util import find_spec

    from .registry import _packages
    for name, package in _packages().items():
        if name in found:
            continue
        spec = find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec is not None else []:
            for candidate in (Path(folder) / "data" / f"{name}.txt", Path(folder) / "data" / "rulebook.txt"):
                if candidate.is_file() and name not in found:
                    found[name] = candidate
    return found


def rulebook_file(game: str):
    """Where the rulebook of ``game`` is (a path or a Traversable)."""
    files = _files()
    if game not in files:
        raise KeyError(f"No rulebook named {game!r}; known: {', '.join(sorted(files))}")
    return files[game]


@lru_cache(maxsize=None)
def rulebook_names() -> tuple[str, ...]:
    """The known rulebooks, by game name (``seeds/`` and the registered plug-ins' own)."""
    return tuple(sorted(_files()))


@lru_cache(maxsize=None)
def rulebook_titles() -> dict[str, str]:
    """Rulebook name -> title as printed (its first line, less " Rulebook")."""
    return {name: rulebook(name).title for name in rulebook_names()}


@lru_cache(maxsize=None)
def rulebook(game: str) -> Rulebook:
    """The rulebook of ``game`` (its package name), split by its headings."""
    return Rulebook(game, rulebook_file(game).read_text(encoding="utf-8"))


def forget() -> None:
    """Forget the rulebooks read so far (the registry changed: a game was installed or removed)."""
    for cached in (_files, rulebook_names, rulebook_titles, rulebook):
        cached.cache_clear()


def cite(game: str, heading: str) -> str:
    """Check at import time that ``heading`` exists in ``game``'s rulebook; return it.

    Use it for ``RULE`` constants so a typo fails the moment the module loads.
    """
    rulebook(game).find(heading)
    return heading


def citation(game: str, heading: str) -> str:
    """The printed form of a citation: ``Rules: {title} › {heading}``."""
    return f"Rules: {rulebook(game).title} › {cite(game, heading)}"


#: What may follow a cited heading on its line: nothing, or a closing quote/bracket/punctuation,
#: or a space and a dash, bracket or other separator.  "Buy Shipwreck" does not cite "Buy Ship".
_AFTER_HEADING = re.compile(r"""^(?:$|["'`)\]}*,;.]|\\"|\s+[-–—(\[|#·/:"'`]|\s*$)""")


def resolve_citation(game_title: str, rest_of_line: str) -> tuple[str, str]:
    """Find the heading a citation names: a heading exactly, then the end of the citation.

    A citation may be followed on its line by a closing quote, bracket, punctuation or a
    separated remark (`` — why``, `` (note)``), but never by more letters of a longer name.

    >>> book = rulebook(rulebook_names()[0])
    >>> resolve_citation(book.title, book.headings[0] + '"')[1] == book.headings[0]
    True
    """
    game = game_for_title(game_title)
    book = rulebook(game)
    text = rest_of_line.rstrip()
    matches = [h for h in set(book.headings) if text.startswith(h) and _AFTER_HEADING.match(text[len(h):])]
    if matches:
        return game, max(matches, key=len)
    raise KeyError(f"{book.title} has no section heading that is exactly {text!r} (a heading, then the end "
                   "of the citation)")


def game_for_title(title: str) -> str:
    """The rulebook name of a title as printed."""
    for package, printed in rulebook_titles().items():
        if printed == title.strip():
            return package
    raise KeyError(f"No game titled {title!r}")
