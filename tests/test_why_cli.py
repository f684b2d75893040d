"""``pirates-lab odds … --why`` (issue 23 item 4): every subcommand accepts it and prints, after the answer it
prints without it, one tree for each number it explains, one node a line, exactly
``<2 spaces per depth><label>: <percent> (<a/b>)`` and optionally `` [Rules: <heading>]``, the root at depth
0 and its fraction one the command printed.  Refusals (issue 25 item 4) name what the user typed."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pirates_lab.cli import build_parser, main
from pirates_lab.core.rules import rulebook_names
from pirates_lab.core.why import Why

LINE = re.compile(r"^(?P<indent>(?:  )*)(?P<label>\S.*?): (?:[<>] )?[0-9.]+% \((?P<a>\d+)/(?P<b>\d+)\)"
                  r"(?: \[Rules: (?P<rule>[^\]]+)\])?$")

#: a request each subcommand answers (with --exact where it has one, so every exact fraction is printed)
SAMPLES = {
    "dice": [["3d6kh2+d4", "--at-least", "13"], ["2d6"], ["4", "--exactly", "4"]],
    "battle": [["Sloop", "Galleon", "--exact"], ["Galleon nest", "merchant 2", "--exact"]],
    "melee": [["3", "2", "--defender-doctor", "--exact"], ["0", "0", "--exact"]],
    "hand": [["Attack", "Cannon=2", "--hand-size", "6", "--exact"]],
    "combat": [["10", "--cannonballs", "2", "--exact"], ["2", "--exact"], ["13", "--exact"]],
    "mutiny": [["3", "--upkeeps", "4", "--exact"], ["0", "--upkeeps", "1", "--exact"]],
    "secret-battle": [["3", "2", "--ship", "5"], ["0", "0"]],
    "tile-draw": [["20", "4", "--draws", "3"], ["3", "3", "--draws", "3"]],
    "plunder-fight": [["Spanish Galleon", "Pinnace", "--hand", "Havana,Cartagena", "--their-hand", "3", "--flees"]],
    "plunder-attack": [["Pinnace", "Natives", "--draws", "1"], ["Pinnace", "Spanish Galleon", "--hand", "Havana"]],
    "plunder-marque": [["Cartagena", "--contesters", "2", "--hand-size", "2"]],
    "plunder-loot": [["--cargo", "2", "--room", "3"]],
    "plunder-storm": [["40", "--draws", "2"]],
    "deals": [["--players", "3", "--cards", "5"]],
}


def subcommands() -> dict:
    parser = build_parser()
    odds = next(a for a in parser._subparsers._group_actions if a.dest == "command").choices["odds"]
    return next(a for a in odds._subparsers._group_actions if a.dest == "calculator").choices


def run(capsys, argv):
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    assert code == 0 and not err, (argv, err)
    return out


def printed_fractions(out: str) -> set[Fraction]:
    found = {Fraction(int(a), int(b)) for a, b in re.findall(r"(?<![\d/])(\d+)/(\d+)(?![\d/])", out) if int(b)}
    found |= {Fraction(1)} if "certain" in out else set()
    return found | ({Fraction(0)} if "impossible" in out else set())


def test_every_subcommand_accepts_why_and_has_a_sample_here():
    commands = subcommands()
    assert set(commands) == set(SAMPLES), "a new odds subcommand needs --why and a sample in this test"
    for name, parser in commands.items():
        assert "--why" in parser._option_string_actions, name


@pytest.mark.parametrize("name, argv", [(name, argv) for name, samples in SAMPLES.items() for argv in samples])
def test_why_prints_the_answer_then_its_trees_in_the_terminal_form(capsys, name, argv):
    plain = run(capsys, [name, *argv])
    explained = run(capsys, [name, *argv, "--why"])
    assert explained.startswith(plain), "--why changes the answer printed before the trees"
    rest = explained[len(plain):]
    assert rest.startswith("\n") and rest.strip(), "the trees come after one blank line"
    blocks = rest.strip("\n").split("\n\n")
    shown = printed_fractions(plain)
    for block in blocks:
        lines = block.splitlines()
        assert all(LINE.match(line) for line in lines), block
        assert not lines[0].startswith(" ")
        tree = Why.parse(block)
        assert Why.parse(tree.text()) == tree and tree.text() == block
        if tree.p == 1 and 1 not in shown:     # a table's tree: the whole table, its rows the branches
            assert all(child.p in shown for child in tree.children if not child.other), block
        else:
            assert tree.p in shown, f"the root {tree.p} is not a number the command printed"
        games = [g for g in rulebook_names() if g in (parser_game(name),)]
        for game in games:
            tree.check_rules(game)


def parser_game(name: str) -> str | None:
    """The game whose rulebook a subcommand's trees cite (None: dice notation, no game)."""
    return {"battle": "pillage_and_plunder", "melee": "pillage_and_plunder", "hand": "pillage_and_plunder",
            "combat": "king_of_pirates", "mutiny": "king_of_pirates", "secret-battle": "pirates_and_plunder",
            "tile-draw": "pirates_and_plunder", "deals": "plunder_2013"}.get(name, "plunder" if name.startswith(
                "plunder-") else None)


# ---------------------------------------------------------------- issue 25 item 4: the user's words
@pytest.mark.parametrize("argv, words", [
    (["dice", "2d6+"], "'2d6+' ends with '+'"),
    (["plunder-marque", "Havana", "--hand-size", "8"], "--hand-size is a whole number from 0 to 7, not 8."),
    (["plunder-marque", "Havana", "--contesters", "5"], "--contesters is a whole number from 0 to 3, not 5."),
    (["plunder-loot", "--cargo", "200"], "--cargo is a whole number from 0 to 99"),
    (["plunder-storm", "300"], "deck is a whole number from 1 to 200, not 300."),
    (["plunder-fight", "Pinnace", "Pinnace", "--their-hand", "9"], "--their-hand is a whole number from 0 to 7"),
    (["plunder-attack", "Pinnace", "Natives", "--hand", "Havana,Cartagena", "--draws", "6"],
     "--hand names 2 cards and --draws adds 6"),
    (["hand", "--hand-size", "999"], "--hand-size must be from 0 to 282, not 999."),
    (["secret-battle", "70", "1"], "attacker is a whole number from 0 to 60"),
    (["secret-battle", "1", "1", "--base", "20"], "--base is a whole number from 0 to 10"),
    (["tile-draw", "0", "0"], "unseen is 0"),
])
def test_a_refusal_names_what_the_user_typed(capsys, argv, words):
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and words in err, err
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", err.split(": ", 1)[1]), f"an internal name in {err!r}"
    assert "''" not in err


@pytest.mark.parametrize("argv, sure", [
    (["melee", "0", "0"], ["P(attacker wins)  0%  (impossible)", "P(defender wins)  100%  (certain)",
                           "100%  certain"]),
    (["combat", "2"], ["P(success | 0 cannonballs): 100% (certain)"]),
    (["combat", "13"], ["P(success | 0 cannonballs): 0% (impossible)"]),
    (["tile-draw", "3", "3", "--draws", "3"], ["= 100% (certain)", "100%  certain"]),
    (["dice", "4"], ["100%  certain"]),
    (["plunder-storm", "1", "--draws", "1"], ["= 100% (certain)"]),
])
def test_certain_and_impossible_read_one_way_everywhere(capsys, argv, sure):
    out = run(capsys, argv)
    assert all(words in out for words in sure), out
    assert not re.search(r"100\.00%|(?<![\d.])0\.00%|\(1\)|\(0\)", out), out
