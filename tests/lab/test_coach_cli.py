"""``pirates-lab coach``: every game (and a plug-in), the line format, a saved game, refusals at once."""
from __future__ import annotations

import re
import sys
import time

import pytest

from pirates_lab.cli import main
from pirates_lab.cli_coach import build_parser, position_for

LINE = re.compile(r"^(\*| ) (.+): (\d+) % win \((\d+)–(\d+) %\)(, exactly .*)?$")
GAMES = ["king_of_pirates", "pillage_and_plunder", "pirates_and_plunder", "plunder", "plunder_2013", "skull_dice"]


def advice_lines(out: str) -> list[re.Match]:
    return [m for m in map(LINE.match, out.splitlines()) if m]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_gets_one_line_a_move_the_best_marked_then_why(game, skull, capsys):
    assert main(["coach", game, "--moves", "12", "--seed", "3", "--budget", "40"]) == 0
    out = capsys.readouterr().out
    lines = advice_lines(out)
    assert len(lines) >= 2 and lines[0].group(1) == "*" and all(m.group(1) == " " for m in lines[1:])
    for m in lines:
        assert int(m.group(4)) <= int(m.group(3)) <= int(m.group(5)) <= 100
    assert re.search(r"^Player \d to decide\.|: Player \d to decide\.$", out, re.M)
    assert f"Why {lines[0].group(2)}:" in out and "  Rules: " in out


def test_a_seat_is_numbered_from_one_and_waited_for(capsys):
    assert main(["coach", "plunder_2013", "--players", "3", "--seat", "3", "--moves", "4", "--budget", "30"]) == 0
    assert "Player 3 to decide." in capsys.readouterr().out


def test_a_saved_game_gives_the_same_advice_as_the_position_it_saved(tmp_path, capsys):
    args = build_parser().parse_args(["king_of_pirates", "--moves", "25", "--seed", "4"])
    state, seat, _ = position_for(args)
    saved = tmp_path / "game.json"
    saved.write_text(state.to_json(), encoding="utf-8")
    assert main(["coach", "king_of_pirates", "--moves", "25", "--seed", "4", "--budget", "30"]) == 0
    played = capsys.readouterr().out
    assert main(["coach", "king_of_pirates", "--load", str(saved), "--seed", "4", "--budget", "30"]) == 0
    loaded = capsys.readouterr().out
    assert [m.group(0) for m in advice_lines(loaded)] == [m.group(0) for m in advice_lines(played)]
    assert "the game saved in game.json" in loaded


@pytest.mark.parametrize("argv, words", [
    (["coach", "skull_dice_nope"], "No game"),
    (["coach", "king_of_pirates", "--budget", "5000000"], "too large"),
    (["coach", "plunder_2013", "--players", "9"], "2 to 6 players"),
    (["coach", "plunder_2013", "--seat", "4"], "There is no Player 4"),
    (["coach", "plunder_2013", "--moves", "500"], "The game is over"),
])
def test_bad_requests_are_refused_at_once_in_one_line(argv, words, capsys):
    started = time.perf_counter()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert time.perf_counter() - started < 2


def test_a_damaged_save_is_refused_whole(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pirates_lab.save", "payload": 1}', encoding="utf-8")
    assert main(["coach", "plunder_2013", "--load", str(bad)]) == 2
    assert "pirates-lab:" in capsys.readouterr().err
