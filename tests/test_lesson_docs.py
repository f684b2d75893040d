"""Issue 34 item 5: docs/writing_lessons.md's complete example lesson passes ``lesson check``; the broken copy the
page describes (a heading without its accent, an answer the calculator does not understand) is refused with the
very lines the page prints; the README links the page."""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from pirates_lab import cli
from pirates_lab.widgets.lesson import LessonView, visible_text
from pirates_lab.widgets.lesson_check import check_file
from pirates_lab.widgets.lesson_model import Lesson

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "writing_lessons.md").read_text(encoding="utf-8")


def block(kind: str, after: str) -> str:
    return re.search(re.escape(after) + r".*?```" + kind + r"\n(.*?)```", PAGE, re.S).group(1)


EXAMPLE = block("toml", "## A complete lesson")
SAID = block("text", "## What `lesson check` says")


@pytest.fixture
def example(tmp_path) -> Path:
    path = tmp_path / "dice_at_sea.toml"
    path.write_text(EXAMPLE, encoding="utf-8")
    return path


def test_the_example_is_one_whole_lesson_of_a_game_that_passes_the_check(example, capsys):
    assert check_file(example) == []
    assert cli.main(["lesson", "check", str(example)]) == 0
    lesson = Lesson(example)
    assert lesson.game == "pillage_and_plunder" and len(lesson.class_screens) == 4
    assert "scenarios" not in EXAMPLE and "pirates_lab" not in EXAMPLE


def test_the_examples_answers_equal_counts_made_another_way(example):
    from math import comb
    answers = {name.split("'")[1]: value for name, value in Lesson(example).answers().items()}
    # a hand of five from 282 cards misses all 15 Attack cards in C(267, 5) of the C(282, 5) hands
    assert answers["Game Setup"] == 1 - Fraction(comb(267, 5), comb(282, 5))
    higher = sum(1 for a, d in itertools.product(range(1, 7), repeat=2) if a > d)       # ties: the defender's
    assert answers["Stage 4: The Mêlée"] == Fraction(higher, 36) == Fraction(15, 36)
    assert 0 < answers["Two equal ships"] < Fraction(1, 2)                             # ties favour the defender


def test_the_example_walks_in_the_lesson_view(example):
    view = LessonView(Lesson(example), presenter=False)
    for number in range(1, 5):
        assert view.counter_text() == f"{number} / 4"
        text = visible_text(view.content)
        assert "Traceback" not in text and "⚠" not in text, text[:300]
        view.next_button.click()
    view.go(2)
    assert view.question.check("15/36") is True


def test_the_broken_copy_is_refused_with_the_lines_the_page_prints(example, capsys):
    broken = EXAMPLE.replace('heading = "Stage 4: The Mêlée"', 'heading = "Stage 4: The Melee"')
    broken = broken.replace('answer = "melee 1 1"', 'answer = "melee 1 one"')
    assert broken.count("\n") == EXAMPLE.count("\n") and broken != EXAMPLE
    example.write_text(broken, encoding="utf-8")
    assert cli.main(["lesson", "check", str(example)]) == 1
    out = capsys.readouterr().out
    assert out == SAID
    lines = broken.splitlines()
    for number in (int(n) for n in re.findall(r"line (\d+):", SAID)):       # each line number points at the fault
        assert any(word in lines[number - 1] for word in ("Stage 4: The Melee", "melee 1 one", "[[screen]]", "needs"))


def test_the_readme_links_the_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/writing_lessons.md)" in readme
