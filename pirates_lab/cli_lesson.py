"""``pirates-lab lesson``: a teacher's own lesson in TOML alone (docs/writing_lessons.md).

::

    pirates-lab lesson new plunder_2013            # writes my_plunder_2013_lesson.toml, ready to edit
    pirates-lab lesson new plunder_2013 --out class.toml
    pirates-lab lesson check class.toml            # every problem, each with its line number; exit 1 if any

Serve the file with ``pirates-lab classroom class.toml``.  Jupyter is imported only by ``lesson check`` (it
builds every screen as the classroom will).
"""
from __future__ import annotations

from pathlib import Path

from pirates_lab.classroom.files import Refused, quoted

__all__ = ["add_lesson_command", "scaffold"]


def scaffold(game: str) -> str:
    """A lesson file for ``game`` that ``lesson check`` passes: the game in one screen, its first rule with the
    rulebook's own text, a dice chart with a question the lab answers, and every heading listed to copy."""
    from pirates_lab.core.registry import game_class
    from pirates_lab.core.rules import rulebook

    cls = game_class(game)
    book = rulebook(cls.name)
    first = next((section for section in book.sections if section.body.strip()), book.sections[0])
    headings = "\n".join(f"#   {section.heading}" for section in book.sections)
    return f'''# A lesson of {book.title}: edit the words, keep the shape (docs/writing_lessons.md).
# Check it with:  pirates-lab lesson check THIS_FILE     Serve it with:  pirates-lab classroom THIS_FILE
game = "{cls.name}"
title = "{book.title}: my class"
minutes = 20
level = "ages 11 and up: fractions"
ideas = ["equally likely outcomes"]

[[screen]]
kind = "game"
title = "{book.title} in one screen"
text = """Say the goal of the game in two or three sentences."""
teacher = ["Notes for you alone: they are folded on the screen."]

[[screen]]
kind = "rule"
heading = "{first.heading}"
why = """Say in your own words what this rule means for a player."""

[[screen]]
kind = "calculator"
title = "Two dice"
text = """Two dice are rolled. Which totals come up most often?"""
demo = "dice 2d6"
label = "The totals of two dice"
why = """Of the 36 ways two dice can land, 10 give a total of 9 or more."""

[screen.question]
prompt = "What is the chance that two dice total 9 or more?"
answer = "dice 2d6 --at-least 9"
hint = "Count the squares of the chart from 9 to 12."

# The rulebook's headings, exactly as printed (a rule or reference screen names one):
{headings}
'''


def cmd_new(args) -> int:
    from pirates_lab.core.registry import game_class

    game = game_class(args.game).name
    out = Path(args.out or f"my_{game}_lesson.toml")
    if out.exists():
        raise Refused(f"{quoted(out)} exists; choose another name with --out FILE (nothing was written).")
    if not out.parent.is_dir():
        raise Refused(f"there is no folder {quoted(out.parent)} to write {quoted(out.name)} in.")
    out.write_text(scaffold(game), encoding="utf-8")
    print(f"Wrote {quoted(out)}. Edit it, then: pirates-lab lesson check {quoted(out)}")
    return 0


def cmd_check(args) -> int:
    from pirates_lab.widgets.lesson_check import check_file

    path = Path(args.file)
    if not path.is_file():
        raise Refused(f"there is no lesson file {quoted(path)}.")
    problems = check_file(path)
    if not problems:
        print(f"{path.name}: no problems; serve it with: pirates-lab classroom {quoted(path)}")
        return 0
    print(f"{path.name}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    for problem in problems:
        print(f"  {problem}")
    return 1


def servable(path: Path) -> Path:
    """``path`` if a class can be taught from it; else Refused with its problems, each with its line number."""
    from pirates_lab.widgets.lesson_check import check_file

    problems = check_file(path)
    if problems:
        said = "; ".join(str(problem) for problem in problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise Refused(f"{quoted(path.name)} cannot be served yet: {said}{more}. "
                      f"See them all with: pirates-lab lesson check {quoted(path)}")
    return path


def add_lesson_command(commands) -> None:
    """Add ``lesson new`` and ``lesson check`` to the ``pirates-lab`` subcommands."""
    lesson = commands.add_parser("lesson", help="write your own lesson in TOML: new GAME, check FILE")
    actions = lesson.add_subparsers(dest="lesson_command", metavar="ACTION", required=True,
                                    parser_class=type(lesson))
    new = actions.add_parser("new", help="write a lesson file for GAME to edit (it passes lesson check)")
    new.add_argument("game", help="a game (pirates-lab classroom --list)")
    new.add_argument("--out", help="the file to write (default: my_GAME_lesson.toml; never over a file)")
    new.set_defaults(run=cmd_new)
    check = actions.add_parser("check", help="every problem of a lesson file, each with its line number")
    check.add_argument("file")
    check.set_defaults(run=cmd_check)

