"""Rulebooks split by headings; every citation in the code names a heading that exists."""
from pathlib import Path

import pytest

from pirates_lab.core import cite, citation, rulebook
from pirates_lab.core.rules import CITATION_PATTERN, game_for_title, resolve_citation, rulebook_names

GAMES = rulebook_names()

ROOT = Path(__file__).resolve().parents[1]

PINNED = {  # (number of headings, first, last)
    "pirates_and_plunder": (24, "Parts", "Battles"),
    "plunder": (23, "Setup", "Captured Ships"),
    "pillage_and_plunder": (92, "Game Equipment", "Results of a sea battle (how to plunder)"),
    "king_of_pirates": (11, "The Game Board", "Game Contents"),
    "plunder_2013": (5, "Setup", "Game End and Scoring"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_headings_are_pinned(game):
    book = rulebook(game)
    count, first, last = PINNED[game]
    assert (len(book.headings), book.headings[0], book.headings[-1]) == (count, first, last)
    assert all(s.text.startswith(s.heading) for s in book.sections)


def test_table_of_contents_entries_are_headings():
    for game in GAMES:
        book = rulebook(game)
        first = book.sections[0].start_line
        for line in book.text.splitlines()[:first]:
            if line.strip().startswith("• "):
                assert book.has(line.strip()[2:].strip()), (game, line)


def test_captions_and_stray_lines_are_not_headings():
    book = rulebook("pillage_and_plunder")
    assert not any(h.startswith("Figure") for h in book.headings)
    assert "OR" not in book.headings and "Total Cards: 298" not in book.headings
    assert "Table of Contents" not in rulebook("plunder").headings


def test_section_text_and_levels():
    book = rulebook("pillage_and_plunder")
    melee = book.find("Stage 4: The Mêlée")
    assert "boarding" in melee.body
    assert book.find("Chapter IV: Battles at Sea").level == 1
    assert melee.level == 2
    # a heading printed twice: the first is the card type, the second the ship part
    assert "portray" in book.section("Ship Hull")
    assert "portray" not in book.section("Ship Hull", occurrence=2)


def test_unknown_headings_and_games_are_refused_with_a_hint():
    with pytest.raises(KeyError, match="Did you mean 'Stage 4: The Mêlée'"):
        rulebook("pillage_and_plunder").section("The Mêlée")
    with pytest.raises(KeyError, match="known"):
        rulebook("monopoly")
    with pytest.raises(KeyError):
        cite("plunder", "Mutiny")


@pytest.mark.parametrize("typed, printed", [("Stage 4: The Melee", "Stage 4: The Mêlée"),
                                             ("stage 4:  the MÊLÉE", "Stage 4: The Mêlée"),
                                             ("game setup", "Game Setup"), ("The Melee", "Stage 4: The Mêlée")])
def test_a_heading_typed_without_its_accents_or_case_gets_the_printed_one(typed, printed):
    with pytest.raises(KeyError) as refused:
        rulebook("pillage_and_plunder").find(typed)
    assert str(refused.value).strip("\"'").endswith(f"no section headed {typed!r}. Did you mean {printed!r}?")


def test_a_heading_printed_once_asked_for_twice_says_so():
    with pytest.raises(KeyError, match="prints the heading 'Ship Hull' 2 time"):
        rulebook("pillage_and_plunder").find("Ship Hull", occurrence=3)


def test_lesson_check_shows_the_printed_heading(tmp_path, capsys):
    from pirates_lab import cli

    lesson = tmp_path / "melee.toml"
    lesson.write_text('game = "pillage_and_plunder"\nminutes = 10\nlevel = "ages 12 and up"\n\n[[screen]]\n'
                      'kind = "rule"\nheading = "Stage 4: The Melee"\nwhy = "Ties go to the defender."\n',
                      encoding="utf-8")
    assert cli.main(["lesson", "check", str(lesson)]) == 1
    assert "no section headed 'Stage 4: The Melee'. Did you mean 'Stage 4: The Mêlée'?" in capsys.readouterr().out


def test_citation_format_round_trips():
    text = citation("king_of_pirates", "Phase 3: Combat Phase")
    match = CITATION_PATTERN.search(text)
    assert match and game_for_title(match["game"]) == "king_of_pirates"
    assert match["heading"] == "Phase 3: Combat Phase"
    quoted = 'RULE = "Rules: Pillage & Plunder › \\"Working\\" – An Alternative For Desperate Pirates" # x'
    match = CITATION_PATTERN.search(quoted)
    heading = '"Working" – An Alternative For Desperate Pirates'
    assert resolve_citation(match["game"], match["heading"].replace('\\"', '"')) == ("pillage_and_plunder", heading)
    with pytest.raises(KeyError):
        resolve_citation("Plunder", "Mutiny on the high seas")


@pytest.mark.parametrize("rest", ["Buy Shipwreck", "Buy Ships", "Buy Ship2", "Stage 4: The Mêlée of"])
def test_a_citation_names_a_heading_exactly_not_a_prefix(rest):
    assert rulebook("pillage_and_plunder").has("Buy Ship")
    with pytest.raises(KeyError, match="exactly"):
        resolve_citation("Pillage & Plunder", rest)


@pytest.mark.parametrize("rest", ["Buy Ship", "Buy Ship\"", "Buy Ship).", "Buy Ship — the price", "Buy Ship (cost)"])
def test_a_citation_may_end_with_punctuation_or_a_remark(rest):
    assert resolve_citation("Pillage & Plunder", rest) == ("pillage_and_plunder", "Buy Ship")


def _cited_files():
    """Every file of the project that may cite a rule (not tests/plugin: a game from outside, checked with
    its rulebook registered by tests/test_core_plugin.py)."""
    for folder in ("pirates_lab", "widgets", "notebooks", "docs", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".ipynb", ".toml", ".md"} and ".ipynb_checkpoints" not in path.parts \
                    and path.name != "test_core_rules.py" and "plugin" not in path.relative_to(ROOT).parts:
                yield path


def test_every_citation_in_the_project_names_an_existing_heading():
    bad, seen = [], 0
    for path in _cited_files():
        for match in CITATION_PATTERN.finditer(path.read_text(encoding="utf-8").replace("&amp;", "&")):
            seen += 1
            try:
                resolve_citation(match["game"].strip(), match["heading"].replace('\\"', '"'))
            except KeyError as error:
                bad.append(f"{path.relative_to(ROOT)}: {match.group(0)!r}: {error}")
    assert not bad, "\n".join(bad)
    assert seen > 0
