"""The strategy lab's stored tournaments (issue 19 item 10, issue 24 item 3): what the lesson page reads instead of
playing games, the command that regenerates them, and the docs' verdicts, which must say the stored game count."""
from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.lab import seating, tips
from pirates_lab.lab import stored as stored_module
from pirates_lab.lab.stored import PLAN_FILE, load, markdown_table, planned, play, read_plan, regenerate

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "strategy_lab.md"


@pytest.fixture(scope="module")
def stored():
    return load()


# ---------------------------------------------------------------- what is stored
def test_every_planned_tournament_is_stored(stored):
    assert stored.missing == [], ("tournaments planned but not stored: run "
                                  "python -m pirates_lab.lab.stored --regenerate --missing")
    assert [t.plan.key for t in stored.tournaments] == [p.key for p in planned()]
    assert all(t.results is not None for t in stored.tournaments), [t.problem for t in stored.tournaments]


def test_every_tip_of_every_game_is_planned_after_the_plan_files_matches():
    plans = planned()
    plan = read_plan()
    keys = [p.key for p in plans]
    assert keys[:len(plan["match"])] == ["match/" + "/".join([m["game"], *m["policies"]]) for m in plan["match"]]
    assert [p.tip for p in plans[len(plan["match"]):]] == tips()
    assert len(set(keys)) == len(keys)


def test_the_stored_games_are_whole_and_exact(stored):
    for one in stored.tournaments:
        results = one.results
        assert results.games == stored.games == read_plan()["games"], one.plan.key
        assert results.labels == one.plan.labels
        for record in results.records:
            assert sum(record.returns) == 1 and all(isinstance(r, Fraction) and 0 <= r <= 1 for r in record.returns)
            assert record.seats == seating(record.index, one.plan.players)   # seats rotate
        assert [r.index for r in results.records] == list(range(results.games))
        assert 0 <= results.win_rate(one.plan.labels[0]) <= 1


def test_the_file_says_how_it_was_made(stored):
    assert stored.made["command"].startswith("python -m pirates_lab.lab.stored --regenerate")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", stored.made["date"])
    assert stored.seed == read_plan()["seed"]


# ---------------------------------------------------------------- the command, on a small plan
SMALL_PLAN = """games = 3
seed = 5
[[match]]
game = "king_of_pirates"
policies = ["greedy", "random"]
title = "A captain with a plan"
question = "Does a captain with a plan win?"
"""


MATCH_KEY = "match/king_of_pirates/greedy/random"


@pytest.fixture
def small(tmp_path, monkeypatch):
    """A plan with one match and one tip (King of Pirates' first), stored in tmp_path."""
    plan = tmp_path / "plan.toml"
    plan.write_text(SMALL_PLAN, encoding="utf-8")
    first_tip = tips("king_of_pirates")[:1]
    monkeypatch.setattr(stored_module, "tips", lambda: first_tip)
    return plan, tmp_path / "results.json"


def test_regenerate_stores_exactly_what_the_tournaments_gave(small):
    plan, path = small
    stored = regenerate(path, workers=1, progress=False, plan_path=plan, log=io.StringIO())
    assert [t.plan.key for t in stored.tournaments] == [p.key for p in planned(plan)] and len(stored.tournaments) == 2
    for one in stored.tournaments:
        again = play(one.plan, 3, 5)
        assert one.results.scores == again.scores and one.results.returns == again.returns
        assert one.results.seats == again.seats and one.results.steps == again.steps
    assert stored_module.check(stored) == []


def test_check_finds_a_stored_game_the_engines_no_longer_play(small):
    plan, path = small
    regenerate(path, workers=1, progress=False, plan_path=plan, log=io.StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tournaments"][0]["records"][1][4] += 1          # game 1's step count, edited
    path.write_text(json.dumps(data), encoding="utf-8")
    differences = stored_module.check(load(path, plan))
    assert len(differences) == 1 and differences[0].startswith(data["tournaments"][0]["key"] + ": game 1 ")


def test_regenerate_missing_plays_only_what_is_not_stored(small, monkeypatch):
    plan, path = small
    regenerate(path, workers=1, progress=False, plan_path=plan, log=io.StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    kept = data["tournaments"][1]
    data["tournaments"] = data["tournaments"][1:]          # the match is gone: it is missing now
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load(path, plan).missing == [MATCH_KEY]
    played = []
    real_play = stored_module.play
    monkeypatch.setattr(stored_module, "play", lambda plan_, *a, **k: played.append(plan_.key) or real_play(plan_, *a, **k))
    stored = regenerate(path, workers=1, progress=False, missing_only=True, plan_path=plan, log=io.StringIO())
    assert played == [MATCH_KEY] and stored.missing == []
    assert json.loads(path.read_text(encoding="utf-8"))["tournaments"][1] == kept
    with pytest.raises(InvalidInput, match="regenerate all of them"):
        regenerate(path, games=4, missing_only=True, plan_path=plan, progress=False)


def test_a_stored_tournament_that_no_longer_matches_its_plan_is_not_shown(small):
    plan, path = small
    regenerate(path, workers=1, progress=False, plan_path=plan, log=io.StringIO())
    plan.write_text(SMALL_PLAN.replace('"greedy", "random"', '"random", "greedy"'), encoding="utf-8")
    stored = load(path, plan)
    assert stored.tournaments[0].results is None and stored.missing == ["match/king_of_pirates/random/greedy"]


def test_the_command_refuses_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        stored_module.main([])
    assert stop.value.code == 2 and "say --regenerate, --check or --table" in capsys.readouterr().err


# ---------------------------------------------------------------- the docs say what is stored
def test_the_docs_verdict_table_is_the_stored_one(stored):
    text = DOCS.read_text(encoding="utf-8")
    table = markdown_table(stored)
    missing = [line for line in table.splitlines() if line not in text.splitlines()]
    assert missing == [], ("docs/strategy_lab.md's verdict table differs from the stored results: paste "
                           "`python -m pirates_lab.lab.stored --table`")


def game_counts(text: str) -> tuple[set[int], set[int]]:
    """The game counts a docs text gives: in its prose ("200 games per tip") and in its verdict table's rows."""
    prose = {int(n.replace(",", "")) for n in re.findall(r"\b([\d,]+) games per (?:tip|tournament|question)", text)}
    rows = {int(line.split("|")[4]) for line in text.splitlines()
            if re.match(r"\| [^|]+ \| [^|]+ \| [^|]+ \| \d+ \| [\d.]+% \(", line)}
    return prose, rows


def test_every_game_count_the_docs_give_for_a_verdict_is_the_stored_one(stored):
    """Issue 25: verdicts from 200 games read differently from the default 40; the docs say which they are."""
    assert game_counts(DOCS.read_text(encoding="utf-8")) == ({stored.games}, {stored.games})


def test_the_count_check_can_fail(stored):
    stale = "Measured with 40 games per tip:\n" + markdown_table(stored).replace(f"| {stored.games} |", "| 40 |")
    assert game_counts(stale) == ({40}, {40})


@pytest.mark.nightly
def test_the_engines_still_play_the_stored_games(stored):
    """After an engine changes, the stored games are stale: regenerate them (run with pytest -m nightly)."""
    assert stored_module.check(stored, first=3) == []


def test_the_plan_file_is_the_packaged_one():
    assert PLAN_FILE.parent.name == "data" and PLAN_FILE.with_name("strategy_lab_results.json").is_file()
