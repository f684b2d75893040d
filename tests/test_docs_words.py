"""The docs are for users: no machine's paths, no development branches (issue 38, item 5).

A page of ``docs/`` (and the README) must not name a path of one machine (``/work/…``, ``/home/…``, ``/root/…``,
``/Users/…``, ``/mnt/…``, ``C:\\…``) nor a branch other than ``main`` (``branch `kop```, ``git clone -b pnp``):
a reader has neither.  ``/tmp/…`` (a scratch folder every machine has) and system paths (``/usr/bin/chromium``)
are fine.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

#: an absolute path that belongs to one machine (a path starts after a space, a quote, a bracket or "=")
MACHINE_PATH = re.compile(r"(?:^|(?<=[\s`'\"(=\[]))(?:/(?:work|home|root|Users|mnt|srv)/[^\s`'\")\]]*|[A-Z]:\\[^\s`'\"]*)")
#: a branch named: "branch `kop`", "branches `a` and `b`", "(branch\n`pirates`)", "git clone -b pnp", "--branch x"
BRANCH = re.compile(r"\bbranch(?:es)?\s+`([^`]+)`|\bgit\s+(?:clone|checkout|switch)\b[^\n]*?\s(?:-b|--branch)\s+([^\s`]+)",
                    re.IGNORECASE)
#: the one branch a reader has
PUBLISHED = {"main"}


def _machine_paths(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in MACHINE_PATH.finditer(text)]


def _branch_names(text: str) -> list[tuple[int, str]]:
    found = [(m.start(), m.group(1) or m.group(2)) for m in BRANCH.finditer(text)]
    return [(at, name) for at, name in found if name not in PUBLISHED]


def machine_paths(text: str) -> list[str]:
    """Machine paths in a text.

    >>> machine_paths("a script in `/work/wt/notes/audit.py`; Chromium is /usr/bin/chromium; scratch in /tmp/mut")
    ['/work/wt/notes/audit.py']
    """
    return [path for _, path in _machine_paths(text)]


def branch_names(text: str) -> list[str]:
    """Branches other than main named in a text.

    >>> branch_names("measured on branch `kop`; git clone -q -b pnp repo /tmp/x; on main `a547c66`")
    ['kop', 'pnp']
    >>> branch_names("the tree opens branch by branch"), branch_names("(branch\\n  `pirates`)")
    ([], ['pirates'])
    """
    return [name for _, name in _branch_names(text)]


def _places(page: Path, find) -> list[str]:
    """Where each finding is, as ``page:line: finding``."""
    text = page.read_text(encoding="utf-8")
    return [f"{page.relative_to(ROOT)}:{text[:at].count(chr(10)) + 1}: {item!r}" for at, item in find(text)]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_no_machine_paths(page):
    found = _places(page, _machine_paths)
    assert not found, "paths of one machine in the docs (a reader has none of them):\n  " + "\n  ".join(found)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_no_branch_names(page):
    found = _places(page, _branch_names)
    assert not found, "development branches named in the docs (a reader has only main):\n  " + "\n  ".join(found)


def test_the_checks_see_what_they_refuse():
    """Each check fails on the kind of line it guards (break it and this fails)."""
    assert machine_paths("(a script: `/work/wt/notes/p2013_bounds_audit.py`, CPU seconds)")
    assert machine_paths("git clone -q /work/main /tmp/mut/repo") == ["/work/main"]
    assert branch_names("Pirates `e8de2d6` and `b9e06fc` (branch `kop`)") == ["kop"]
    assert branch_names("git clone -q -b pnp /somewhere/.git /tmp/pnp_mut/repo") == ["pnp"]
    assert not machine_paths("`<package>/data/<name>.txt`, /usr/bin/chromium, /tmp/mut/venv/bin/pip")
