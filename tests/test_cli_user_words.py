"""Issue 25 item 4: a refusal speaks the user's words (the option as typed), blames only what was typed,
and certainty reads one way: ``100% (certain)`` / ``0% (impossible)``."""
import re

import pytest

from pirates_lab.cli import main


def run(capsys, *argv):
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    return code, out, err


REFUSALS = [   # (what was typed, what the refusal must name)
    (("mutiny", "3", "--upkeeps", "99999"), "--upkeeps can be at most 2,000"),
    (("hand", "Attack", "--hand-size", "999"), "--hand-size"),
    (("plunder-marque", "Storm", "--hand-size", "99"), "--hand-size"),
    (("plunder-fight", "Pinnace", "Pinnace", "--their-hand", "99"), "--their-hand"),
    (("plunder-attack", "Pinnace", "Natives", "--draws", "99"), "--draws"),
    (("plunder-loot", "--room", "-2"), "--room"),
    (("plunder-loot", "--cargo", "-1"), "--cargo"),
    (("secret-battle", "99", "2"), "attacker"),
    (("secret-battle", "3", "2", "--ship", "x"), "--ship"),
    (("tile-draw", "0", "0"), "unseen is 0"),
    (("tile-draw", "5", "2", "--draws", "9"), "--draws"),
    (("hand", "Attack", "--players", "1"), "--players"),
    (("deals", "--cards", "99"), "--cards"),
    (("combat", "11", "--cannonballs", "-1"), "--cannonballs"),
    (("dice", "2d6+"), "'2d6+' ends with '+'"),
]


@pytest.mark.parametrize("argv,named", REFUSALS, ids=lambda v: " ".join(v) if isinstance(v, tuple) else None)
def test_a_refusal_names_what_was_typed_in_one_line(capsys, argv, named):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert named in err
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", err), f"an internal name in: {err}"      # hand_size, attacker_resources
    if "--" not in " ".join(argv):
        assert "--" not in err.replace("(try --help)", ""), "blames an option nobody typed"


def test_tile_draw_with_nothing_unseen_does_not_blame_the_default_draws(capsys):
    _, _, err = run(capsys, "tile-draw", "0", "0")
    assert "--draws" not in err and "draws 1" not in err


CERTAIN = [
    (("dice", "2d6", "--at-least", "2"), "100% (certain)"),
    (("dice", "2d6", "--at-least", "13"), "0% (impossible)"),
    (("combat", "99"), "0% (impossible)"),
    (("combat", "11", "--modifier", "99"), "100% (certain)"),
    (("mutiny", "4"), "100% (certain)"),
    (("tile-draw", "5", "2", "--draws", "0"), "0% (impossible)"),
    (("melee", "0", "0"), "100%  (certain)"),
    (("combat", "13", "--cannonballs", "3", "--table"), "stop (no re-roll can help) (then 0%)"),
]


@pytest.mark.parametrize("argv,wording", CERTAIN, ids=lambda v: " ".join(v) if isinstance(v, tuple) else None)
def test_certain_and_impossible_read_one_way(capsys, argv, wording):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and wording in out
    assert not re.search(r"(?<![\d.])0\.00%|100\.00%|\(1/1\)|\(0/1\)", out, flags=re.M), out   # never a rounded 0 or 1
