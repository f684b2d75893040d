"""Every figure in the docs that code can check is checked here (issue 25): a doc that disagrees fails.

Counts of games and notebooks, the notebooks each game has, timeouts, the strategy lab's verdicts with
their game counts, closed forms, and the index notebook's lesson menu (Markdown, so it shows before any
cell runs).  When the menu changes (a lesson moves to screens), write it and teaching.md's lesson table again with

    .venv/bin/python tests/test_docs_claims.py --write
"""
from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
INDEX = NOTEBOOKS / "00_index.ipynb"
MENU_START = "<!-- lesson menu: written by tests/test_docs_claims.py --write from the registry -->"


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def words(text: str) -> str:
    """Markdown as one line of words (line breaks inside a sentence do not matter)."""
    return " ".join(text.split())


# ---------------------------------------------------------------- the index notebook's lesson menu
def length_words(row) -> str:
    if not row.screens:
        return "one long page (screens to come)"
    more = f" + {row.references} reference" if row.references else ""
    return f"{row.screens} screens{more} · {row.minutes} minutes"


def menu_markdown() -> str:
    """The lesson menu as a Markdown table, from the registry (``widgets.menu.menu_rows``)."""
    from pirates_lab.widgets.menu import menu_rows

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [MENU_START, "", "| lesson | what it shows | length | level |", "|---|---|---|---|"]
    for row in menu_rows(NOTEBOOKS):
        name = f"[{cell(row.title)}]({row.file})" if row.file else f"{cell(row.title)} *(not built yet)*"
        lines.append(f"| **{name}** | {cell(row.description)} | {length_words(row)} | {cell(row.level)} |")
    return "\n".join(lines)


def menu_cells(nb: dict) -> list[int]:
    return [i for i, c in enumerate(nb["cells"])
            if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("<!-- lesson menu:")]


def write_index() -> None:
    nb = json.loads(read(INDEX))
    (i,) = menu_cells(nb)
    text = menu_markdown()
    nb["cells"][i]["source"] = [line + "\n" for line in text.split("\n")[:-1]] + [text.split("\n")[-1]]
    INDEX.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_the_index_menu_is_markdown_and_current():
    nb = json.loads(read(INDEX))
    found = menu_cells(nb)
    assert len(found) == 1, "the index has one Markdown lesson menu"
    shown = "".join(nb["cells"][found[0]]["source"])
    assert shown == menu_markdown(), ("the index's lesson menu differs from the registry: "
                                      ".venv/bin/python tests/test_docs_claims.py --write")


def test_the_menu_lists_every_lesson_once():
    from pirates_lab.classroom import lessons

    text = menu_markdown()
    for lesson in lessons().values():
        assert text.count(f"**[{lesson.title}]") + text.count(f"**{lesson.title} *(not") == 1, lesson.title



# ---------------------------------------------------------------- the games: how many, which, their notebooks
def in_tree_games() -> dict:
    from pirates_lab.core import games

    return {name: game for name, game in games().items() if game.__module__.startswith("pirates_lab.")}


NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
# docs/testing.md and docs/plunder.md are another helper's, being edited: their claims are checked below, one by one
OTHERS = {"testing.md", "plunder.md"}
TEXTS = {**{f"docs/{p.name}": p for p in sorted(DOCS.glob("*.md")) if p.name not in OTHERS},
         "README.md": ROOT / "README.md", "benchmarks/README.md": ROOT / "benchmarks" / "README.md"}


def game_counts_in(text: str) -> list[int]:
    """Counts of the games: 'five pirate board games', 'the five games', '5 pirate games' (not 'three games
    of cold caches' or '40 games' of a tournament)."""
    word = r"(two|three|four|five|six|seven|eight)"
    pairs = re.findall(word + r"\s+pirate\s+(?:board\s+)?games\b|\bthe\s+" + word + r"\s+games\b", text, flags=re.I)
    found = [NUMBER_WORDS[w.lower()] for pair in pairs for w in pair if w]
    found += [int(n) for n in re.findall(r"\b(\d+) pirate (?:board )?games\b", text)]
    return found


def test_every_count_of_the_games_is_the_registry_s():
    n = len(in_tree_games())
    index = "".join("".join(c["source"]) for c in json.loads(read(INDEX))["cells"] if c["cell_type"] == "markdown")
    wrong = {name: counts for name, counts in [*((name, game_counts_in(read(path))) for name, path in TEXTS.items()),
                                               ("notebooks/00_index.ipynb", game_counts_in(index))]
             if any(c != n for c in counts)}
    assert wrong == {}, f"{n} games are registered; these texts count otherwise: {wrong}"
    assert game_counts_in(read(ROOT / "README.md")) and game_counts_in(index)


def test_the_count_check_can_fail():
    assert game_counts_in("a lab for five pirate board games; The five games; 40 games per tip") == [5, 5]
    assert game_counts_in("the moves-per-second column is three games of cold caches") == []


def readme_game_lines() -> list[str]:
    text = read(ROOT / "README.md")
    part = text[text.index("## The five games"):text.index("## Get started")]
    return re.findall(r"^- \*\*(.+?)\*\*:", part, flags=re.M)


def test_the_readme_has_one_line_per_game_named_as_printed():
    from pirates_lab.core.rules import rulebook

    titles = sorted(game.title for game in in_tree_games().values())
    assert sorted(readme_game_lines()) == titles
    for name, game in in_tree_games().items():
        assert rulebook(name).title == game.title


def test_the_readme_says_python_3_10_before_any_command():
    text = read(ROOT / "README.md")
    assert text.index("Python 3.10") < text.index("python3 -m venv")


def test_the_readme_python_version_is_the_package_s():
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    requires = tomllib.loads(read(ROOT / "pyproject.toml"))["project"]["requires-python"]
    assert requires.replace(" ", "") == ">=3.10" and "Python 3.10 or newer" in read(ROOT / "README.md")


def test_every_game_notebook_exists_and_the_tour_lists_the_notebooks():
    stems = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    for name, game in in_tree_games().items():
        assert game.notebook == f"{name}.ipynb" and (NOTEBOOKS / game.notebook).is_file(), f"{name}: no {game.notebook}"
    games_stems = {Path(g.notebook).stem for g in in_tree_games().values()}
    line = next(l for l in read(ROOT / "README.md").splitlines() if l.startswith("notebooks/ "))
    named = set(re.findall(r"\b(\w+_\w+|\w+)\b", line.split(None, 1)[1]))
    others = sorted(set(stems) - games_stems)
    assert [s for s in others if s not in named] == [], f"the README's tour leaves out notebooks: {line}"
    assert "one guided notebook per game" in line


def test_the_tour_names_every_core_module():
    text = read(ROOT / "README.md")
    tour = text[text.index("## A short tour"):text.index("A taste of the core")]
    modules = sorted(p.name for p in (ROOT / "pirates_lab" / "core").glob("*.py") if p.name != "__init__.py")
    assert [m for m in modules if m not in tour] == []


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;:!?])\s+|\n\n", words_keep_paragraphs(text))


def words_keep_paragraphs(text: str) -> str:
    return "\n\n".join(" ".join(part.split()) for part in re.split(r"\n\s*\n", text))


def test_no_doc_says_a_game_with_a_notebook_has_none():
    """Issue 25: teaching.md once said Pirates & Plunder and Plunder had no notebook."""
    said = []
    for name, path in TEXTS.items():
        for sentence in sentences(read(path)):
            if re.search(r"\bno (?:guided )?notebook\b|\bnot built yet\b|\bhas no lesson\b", sentence, flags=re.I):
                said += [(name, game.title) for game in in_tree_games().values()
                         if re.search(r"(?<![\w(])" + re.escape(game.title) + r"(?! \()", sentence)
                         and (NOTEBOOKS / game.notebook).is_file()]
    assert said == []


def test_every_game_observes_and_no_doc_says_otherwise():
    """Issue 25: game_table.md once said Plunder (2013) had no observation."""
    for name, game in in_tree_games().items():
        state = game().new_initial_state()
        assert isinstance(state.observation(0), dict), name
    said = []
    for doc, path in TEXTS.items():
        for sentence in sentences(read(path)):
            if re.search(r"(?:does not|doesn't) implement\s+`?observation|has no `?observation`?\b|observation`? (?:is )?not written",
                         sentence):
                said += [(doc, name) for name, game in in_tree_games().items()
                         if f"`{name}`" in sentence or game.title in sentence]
    assert said == []


# ---------------------------------------------------------------- the lessons as teaching.md lists them
def teaching_lesson_rows() -> dict[str, list[str]]:
    rows = {}
    for line in read(DOCS / "teaching.md").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1].startswith("`"):
            rows[cells[1].strip("`")] = cells
    return rows


def write_teaching_table() -> None:
    """Rewrite the length, level and state of every lesson on screens in teaching.md's lesson table."""
    from pirates_lab.widgets.menu import menu_rows

    path = DOCS / "teaching.md"
    by_name = {row.name: row for row in menu_rows(NOTEBOOKS)}
    lines = read(path).split("\n")
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        row = by_name.get(cells[1].strip("`")) if len(cells) == 5 and cells[1].startswith("`") else None
        if row and row.screens:
            cells[2:] = [f"{row.screens} screens, {row.minutes} minutes", row.level.replace("|", "/"), "screens"]
            lines[i] = "| " + " | ".join(cells) + " |"
    path.write_text("\n".join(lines), encoding="utf-8")


def test_teaching_lists_every_lesson_with_the_length_its_file_gives():
    from pirates_lab.widgets.menu import menu_rows

    rows = teaching_lesson_rows()
    menu = menu_rows(NOTEBOOKS)
    assert sorted(rows) == sorted(r.name for r in menu)
    for row in menu:
        _, _, length, level, state = rows[row.name]
        if row.screens:
            want = f"{row.screens} screens, {row.minutes} minutes"
            assert (length, state) == (want, "screens"), (
                f"docs/teaching.md's lesson table: `{row.name}` is now on screens ({want}, level {row.level!r}, from its "
                "lesson file): .venv/bin/python tests/test_docs_claims.py --write (and see its section's heading)")
            assert level and row.level.startswith(level.split(":")[0]), row.name
        else:
            assert "one long page" in state, row.name


def test_every_game_with_a_notebook_has_a_section_in_teaching():
    text = read(DOCS / "teaching.md")
    for name, game in in_tree_games().items():
        assert re.search(r"^## " + re.escape(game.title) + r" \(`" + name + r"`\)", text, flags=re.M), name


# ---------------------------------------------------------------- timeouts
def classroom_default(option: str):
    from pirates_lab.cli import build_parser

    parser = build_parser(with_games=False)
    room = parser._subparsers._group_actions[0].choices["classroom"]
    return next(a.default for a in room._actions if option in a.option_strings)


def test_the_cell_timeout_the_docs_give_is_the_classroom_default():
    default = classroom_default("--cell-timeout")
    stated = []
    for name, path in TEXTS.items():
        text = words(read(path))
        stated += [(name, int(n)) for n in re.findall(r"(\d+) s per cell", text)]
        stated += [(name, int(n)) for n in re.findall(r"cell timeout (?:of |is )?(\d+) s", text)]
    assert stated and all(n == default for _, n in stated), (default, stated)


def test_the_no_hang_alarm_the_docs_give_is_the_default():
    import inspect

    from pirates_lab.core.testing import no_hang

    default = inspect.signature(no_hang).parameters["seconds"].default
    stated = [(name, int(n)) for name, path in TEXTS.items()
              for n in re.findall(r"no_hang`? \(an? (\d+) s alarm\)", words(read(path)))]
    tests = [int(n) for p in ROOT.joinpath("tests").rglob("test_*.py")
             for n in re.findall(r"an? (\d+) s alarm", words(read(p)))]
    assert all(n == default for _, n in stated) and all(n == default for n in tests), (default, stated, tests)


# ---------------------------------------------------------------- files the docs name exist
PATH = re.compile(r"(?<![\w/.<-])((?:tests|pirates_lab|widgets|benchmarks|notebooks|docs|seeds|\.ci)/[\w./-]*[\w/])")
PENDING = {"docs/sharing.md": "the share helper's page (branch share)"}


def named_paths(text: str) -> set[str]:
    found = set()
    for match in PATH.finditer(text):
        path = match.group(1).rstrip("./")
        after = text[match.end():match.end() + 1]
        if after in "<*{…" and after:
            continue                                    # a pattern: docs/<game>.md, bench_*.py
        found.add(path)
    return found


def test_every_file_the_docs_name_exists():
    missing = []
    for name, path in TEXTS.items():
        text = read(path)
        for named in named_paths(text):
            real = re.sub(r"^pirates_lab/widgets/", "widgets/", named)    # installed as pirates_lab.widgets
            if not (ROOT / real).exists() and named not in PENDING:
                missing.append((name, named))
        prose = re.sub(r"```.*?```|`[^`\n]*`", "", text, flags=re.S)     # links outside code
        for link in re.findall(r"\]\(([^)#:]+?)\)", prose):       # relative Markdown links
            target = (path.parent / link).resolve()
            rel = target.relative_to(ROOT).as_posix() if ROOT in target.parents else link
            if not target.exists() and rel not in PENDING:
                missing.append((name, link))
    assert missing == []


def test_the_path_check_can_fail():
    assert named_paths("see `tests/lab/test_lab_seat_views.py` and docs/<game>.md, benchmarks/bench_*.py.") == \
        {"tests/lab/test_lab_seat_views.py"}


# ---------------------------------------------------------------- benchmarks/README.md: the ratios are the times'
UNITS = {"µs": 1e-6, "ms": 1e-3, "s": 1.0}


def seconds(text: str) -> float | None:
    match = re.fullmatch(r"([\d,.]+) (µs|ms|s)", text.strip())
    return float(match.group(1).replace(",", "")) * UNITS[match.group(2)] if match else None


def ratio_rows(text: str):
    """(row, ours, peer, printed ratio) for every benchmark row whose times and ratio are single numbers."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0].startswith("bench_"):
            ours, peer, ratio = seconds(cells[3]), seconds(cells[4]), cells[5].strip("*")
            if ours and peer and re.fullmatch(r"\d+(\.\d+)?", ratio):
                yield cells[1], ours, peer, ratio
        if len(cells) == 9 and cells[0].startswith("bench_"):      # run.py --readme: kind and same answer columns
            ours, peer, ratio = seconds(cells[4]), seconds(cells[5]), cells[6]
            if ours and peer and re.fullmatch(r"\d+(\.\d+)?", ratio):
                yield cells[1], ours, peer, ratio
        if len(cells) == 8 and re.fullmatch(r"[a-z_0-9]+", cells[0]) and cells[4] and re.fullmatch(r"\d+\.\d+", cells[4]):
            first, last = seconds(cells[2].split(" (")[0]), seconds(cells[3].split(" (")[0])
            if first and last:
                yield f"{cells[0]} clone", last, first, cells[4]


def agrees(ours: float, peer: float, ratio: str) -> bool:
    decimals = len(ratio.split(".")[1]) if "." in ratio else 0
    value = ours / peer
    return abs(float(ratio) - value) <= 0.5 * 10 ** -decimals + 0.05 * value   # the times are rounded too


def test_every_benchmark_ratio_is_its_two_times():
    text = read(ROOT / "benchmarks" / "README.md")
    rows = list(ratio_rows(text))
    assert len(rows) >= 30
    assert [(row, ratio, round(ours / peer, 4)) for row, ours, peer, ratio in rows if not agrees(ours, peer, ratio)] == []


def test_every_benchmark_file_the_table_names_exists():
    text = read(ROOT / "benchmarks" / "README.md")
    named = set(re.findall(r"\b(bench_\w+\.py)\b", text))
    assert named and [n for n in named if not (ROOT / "benchmarks" / n).is_file()] == []


def test_the_ratio_check_can_fail():
    assert agrees(13e-3, 1830e-3, "0.007") and not agrees(13e-3, 1830e-3, "0.07")


# ---------------------------------------------------------------- the strategy lab's tip defaults
def test_the_tip_defaults_the_docs_give_are_the_tips():
    from pirates_lab.lab import tips

    stated = re.search(r"\(`games` in its `TIPS` entry, ([\d, or]+)\)", words(read(DOCS / "strategy_lab.md"))).group(1)
    counts = {int(n) for n in re.findall(r"\d+", stated)}
    assert {tip.games for tip in tips()} == counts


def test_run_again_plays_the_counts_strategy_lab_md_gives():
    from pirates_lab.widgets.strategy_lab import RUN_GAMES

    low, high = map(int, re.search(r"\*\*Run again\*\* plays (\d+) to (\d+) new games", words(read(DOCS / "strategy_lab.md"))).groups())
    assert (low, high) == (min(RUN_GAMES), max(RUN_GAMES))
    plan = read(ROOT / "pirates_lab" / "lab" / "data" / "strategy_lab.toml")
    seed = int(re.search(r"^seed = (\d+)", plan, flags=re.M).group(1))
    assert f"(seed {seed}, seats rotated)" in words(read(DOCS / "strategy_lab.md"))


def test_every_won_n_of_m_interval_in_the_docs_is_wilson_s():
    from pirates_lab.lab.stats import wilson_interval

    found = []
    for name, path in TEXTS.items():
        for wins, games, low, high in re.findall(r"won ([\d,]+) of ([\d,]+) [^()]*?\(([\d.]+)%[–-]([\d.]+)%\)", words(read(path))):
            wins, games = int(wins.replace(",", "")), int(games.replace(",", ""))
            lo, hi = wilson_interval(wins, games)
            places = len(low.split(".")[1]) if "." in low else 0
            found.append((name, wins, games))
            assert (round(lo * 100, places), round(hi * 100, 0 if "." not in high else len(high.split(".")[1]))) == \
                (float(low), float(high)), (name, wins, games, low, high)
    assert found, "the strategy lab's 200 of 200 is stated"


# ---------------------------------------------------------------- the numbers teaching.md gives
def odds(*argv: str) -> str:
    import contextlib
    import io

    from pirates_lab.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["odds", *argv]) == 0
    return out.getvalue()


TEACHING_NUMBERS = [   # (what teaching.md says, the command that prints it, what it prints)
    ("**The defender, 7/12**", ("melee", "1", "1"), "(7/12)"),
    ("**29.28 %**", ("melee", "3", "3"), "29.28%"),
    ("**70.72 %**", ("melee", "3", "3", "--attacker-pistol"), "70.72%"),
    ("**45.55 %**", ("battle", "Sloop", "merchant 2"), "P(attacker wins)  45.55%"),
    ("**≈ 24.07 %**", ("hand", "Attack"), "24.07%"),
    ("**≈ 64.20 %**", ("hand", "Crew Member"), "64.20%"),
    ("**1/12**", ("combat", "11"), "(1/12)"),
    ("**17/72 ≈ 23.6 %**", ("combat", "11", "--cannonballs", "1"), "(17/72)"),
    ("**503/1296 ≈ 38.8 %**", ("combat", "11", "--cannonballs", "2"), "(503/1296)"),
    ("**3/2**", ("mutiny", "0"), "(3/2)"),
    ("**32/81 ≈ 39.5 %**", ("mutiny", "4"), "within 5 upkeeps): 39.51% (32/81)"),
    ("# P(3d6 >= 12) = 37.50% (3/8)", ("dice", "3d6", "--at-least", "12"), "P(3d6 >= 12) = 37.50% (3/8)"),
    ("**137/494 ≈ 27.73 %**", ("tile-draw", "40", "4", "--draws", "3"), "27.73% (137/494)"),
    ("**11/12 ≈ 91.67 %**", ("secret-battle", "3", "2"), "P(the attack succeeds) ≈ 91.67% (11/12)"),
    ("**1/8 = 12.50 %**", ("plunder-storm", "40", "--draws", "5"), "within 5 draws of 40) = 12.50% (1/8)"),
    ("**430/477 ≈ 90.15 %**", ("plunder-attack", "Pinnace", "Spanish Galleon", "--draws", "3"),
     "win the whole combat    90.15%  430/477"),
    ("the Broadside 99.37 %", ("plunder-attack", "Pinnace", "Spanish Galleon", "--draws", "3"), "win the Broadside       99.37%"),
    ("**216,000**", ("deals", "--players", "4"), "216,000"),
    ("39.81%", ("combat", "10", "--cannonballs", "1"), "39.81% (43/108)"),
]


def test_every_number_teaching_quotes_from_the_terminal_is_printed():
    text = words(read(DOCS / "teaching.md"))
    for said, argv, printed in TEACHING_NUMBERS:
        assert said in text, said
        assert printed in odds(*argv), (argv, printed)


def test_the_readme_s_odds_example_is_printed():
    said = re.search(r"`pirates-lab odds dice 2d6 --at-least 9` prints\s+`([^`]+)`", read(ROOT / "README.md").replace(".venv/bin/", ""))
    assert said and said.group(1) in odds("dice", "2d6", "--at-least", "9")


def test_the_dice_basics_and_other_numbers_in_teaching():
    from itertools import product
    from math import comb

    from pirates_lab.core import Dist, parse_dice, sorted_pair_counts

    text = words(read(DOCS / "teaching.md"))
    die, two = Dist.die(6), Dist.die(6) + Dist.die(6)
    assert "**1/3**" in text and die.probability(lambda x: x >= 5) == Fraction(1, 3)
    assert "**5/18 ≈ 27.78 %** (10 of 36 pairs)" in text and two.probability(lambda x: x >= 9) == Fraction(5, 18)
    best = sum(1 for a, b in product(range(1, 7), repeat=2) if max(a, b) >= 5)
    assert "**5/9 ≈ 55.56 %**" in text and Fraction(best, 36) == Fraction(5, 9)
    risk = sorted_pair_counts(die, 3, die, 2).map(lambda c: c.attacker_higher)
    assert "**2,890** (37.17 %)" in text and risk[2] * 7776 == 2890
    assert "**5/324 ≈ 1.54 %**" in text and Fraction(720, 6 ** 6) == Fraction(5, 324)
    assert "3d6kh2 totals 12: **2/27**" in text and parse_dice("3d6kh2")[12] == Fraction(2, 27)
    assert "**6,000** sevens" in text and two[7] * 36000 == 6000
    assert "**2/5**" in text                                  # gambler's ruin from 2 to 5, fair coin: 2/5
    assert "**721/1296 ≈ 55.6 %**" in text
    wins = sum(1 for a, b, c, d in product(range(1, 7), repeat=4) if a + b >= c + d)
    assert Fraction(wins, 1296) == Fraction(721, 1296)
    assert "**105,408**" in text and comb(6, 3) == 20               # (the solver's count: tests/plunder_2013)


def test_the_why_example_in_teaching_is_the_calculator_s():
    from pirates_lab.king_of_pirates.odds import combat_success_probability

    text = words(read(DOCS / "teaching.md"))
    tree = combat_success_probability(10, 0, 1, why=True)
    assert '"39.81% (43/108)"' in text and tree.p == Fraction(43, 108)
    assert "the first roll alone gives 16.67% of 39.81%" in text and tree.children[0].p == Fraction(1, 6)
    assert '"These 8 branches add up to …"' in text and len(tree.children) == 8




# ---------------------------------------------------------------- architecture.md: the protocol and the house
def test_the_protocol_table_names_only_what_state_has():
    from pirates_lab.core import Game, State

    text = read(DOCS / "architecture.md")
    table = text[text.index("| method | what it answers |"):text.index("Conventions:")]
    names = re.findall(r"^\| `([\w]+)\(?", table, flags=re.M)
    names += re.findall(r"^\| `\w+\(?[^`]*\)?`, `(\w+)", table, flags=re.M)
    assert len(names) >= 14
    missing = [n for n in names if not hasattr(State, n)]
    assert missing == [] and hasattr(Game, "load_state")


def test_the_game_metadata_architecture_lists_is_on_game():
    from pirates_lab.core import Game

    text = words(read(DOCS / "architecture.md"))
    part = text[text.index("carries the metadata"):text.index("`pirates_lab.core.games()` reads the group")]
    fields = re.findall(r"`(\w+)`", part)
    assert len(fields) >= 9 and [f for f in fields if not hasattr(Game, f)] == []


def test_adding_a_game_takes_the_steps_it_says():
    text = read(DOCS / "architecture.md")
    heading = re.search(r"^## Adding a game in (\w+) steps$", text, flags=re.M)
    steps = re.findall(r"^(\d+)\. \*\*", text[heading.end():], flags=re.M)
    assert NUMBER_WORDS[heading.group(1)] == len(steps) and steps == [str(i + 1) for i in range(len(steps))]


def test_the_turn_flow_api_architecture_names_exists():
    from pirates_lab.core import FlowState, Phase, TurnFlow, play
    from pirates_lab.core.seat import SeatView

    text = read(DOCS / "architecture.md")
    for name in re.findall(r"`FLOW\.(\w+)", text):
        assert hasattr(TurnFlow, name), name
    for column in ("actions", "legal", "why", "odds", "apply", "then", "actor", "auto", "data", "rule", "nests"):
        assert column in Phase.__dataclass_fields__, column
    from pirates_lab.core import CHANCE, games

    state = games()["plunder_2013"](players=3).new_initial_state()
    while state.current_player() == CHANCE:
        state = state.apply(next(iter(state.chance_outcomes().items()))[0])
    view = state.view(state.current_player())
    named = set(re.findall(r"`view\.(\w+)", text))
    assert named >= {"observation", "legal_actions", "redeal", "recent", "game"}
    assert isinstance(view, SeatView) and [n for n in named if not hasattr(view, n)] == []
    assert callable(play) and FlowState.flow is None




# ---------------------------------------------------------------- lessons.md: the kit's limits
def test_the_lesson_limits_lessons_md_gives_are_the_kit_s():
    from pirates_lab.widgets import lesson_model, shown

    text = words(read(DOCS / "lessons.md"))
    limit = re.search(r"at most \*\*(\d+) class screens\*\* \(`class_limit = (\d+)`", text)
    assert (int(limit.group(1)), int(limit.group(2))) == (lesson_model.CLASS_LIMIT, lesson_model.MOST_CLASS_SCREENS)
    rows = re.search(r"Tables of up to (\d+) rows are shown whole; a longer one shows its top (\d+) rows", text)
    assert (int(rows.group(1)), int(rows.group(2))) == (shown.WHOLE_ROWS, shown.TOP_ROWS)
    for word in re.findall(r"`([^`]+)`", text[text.index("must not hold **developer words**"):text.index("(the list is")]):
        assert word.rstrip(" …") in (*lesson_model.DEVELOPER_WORDS, "snake_case_ids"), word    # (ids: a pattern)


def test_the_large_fonts_sizes_lessons_md_gives_are_the_presenter_s():
    from pirates_lab.widgets.presenter import presenter_css

    text = words(read(DOCS / "lessons.md"))
    sizes = re.search(r"buttons at least (\d+) px tall; slider handles (\d+) px", text)
    css = presenter_css()
    assert f"min-height:{sizes.group(1)}px" in css and f"width:{sizes.group(2)}px" in css


def test_the_answers_example_in_lessons_md_is_the_lesson_s():
    from pirates_lab.widgets.lesson_model import Lesson

    text = read(DOCS / "lessons.md")
    assert "{\"screen 2 'Setup'\": 216000, …}" in text
    assert Lesson.for_game("plunder_2013").answers()["screen 2 'Setup'"] == 216000 == (5 * 4 * 3) ** 3




# ---------------------------------------------------------------- signatures the docs print
def plain_signature(name: str, function) -> str:
    """``name(a, b=1, *, c=2)`` without annotations, numbers without underscores."""
    import inspect

    parts, star = [], False
    for p in inspect.signature(function).parameters.values():
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        parts.append(p.name if p.default is p.empty else f"{p.name}={p.default!r}")
    return f"{name}({', '.join(parts)})"


def printed_signature(text: str, name: str) -> str:
    """The first ``name(param, …)`` in ``text`` that is a signature (its first argument a bare name), not a call."""
    for match in re.finditer(r"(?<![\w.])" + re.escape(name) + r"\((?:[^()]|\([^()]*\))*\)", text):
        if re.match(re.escape(name) + r"\([a-z_]+[,)=]", match.group(0)):
            return re.sub(r"(?<=\d)_(?=\d)", "", " ".join(match.group(0).split()))
    raise AssertionError(f"no signature of {name}")


def test_the_signatures_the_docs_print_are_the_code_s():
    from pirates_lab.lab import tournament
    from pirates_lab.widgets.table import GameTable
    from pirates_lab.widgets.table_model import TableModel, advance

    for doc, name, function in [("strategy_lab.md", "tournament", tournament), ("game_table.md", "GameTable", GameTable),
                                ("game_table.md", "TableModel", TableModel), ("game_table.md", "advance", advance)]:
        text = read(DOCS / doc).replace("`", " ")
        assert printed_signature(text, name) == plain_signature(name, function), (doc, name)




# ---------------------------------------------------------------- docs/testing.md and docs/plunder.md (another helper's)
def browser_constant(path: str, name: str):
    import ast

    for node in ast.walk(ast.parse(read(ROOT / path))):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                names = [t.id for t in (target.elts if isinstance(target, ast.Tuple) else [target]) if isinstance(t, ast.Name)]
                if name in names:
                    value = ast.literal_eval(node.value)
                    return value[names.index(name)] if isinstance(target, ast.Tuple) else value
    raise AssertionError(f"no {name} in {path}")


def test_the_limits_testing_md_gives_are_the_code_s():
    import inspect

    from pirates_lab.core.testing import no_hang

    text = words(read(DOCS / "testing.md"))
    assert int(re.search(r"no_hang` \(an? (\d+) s alarm\)", text).group(1)) == \
        inspect.signature(no_hang).parameters["seconds"].default
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    pytest_options = tomllib.loads(read(ROOT / "pyproject.toml"))["tool"]["pytest"]["ini_options"]
    assert int(re.search(r"pytest-timeout \((\d+) s a test\)", text).group(1)) == int(pytest_options["timeout"])
    assert int(re.search(r"its (\d+) slowest tests \(`--durations=(\d+)`", text).group(2)) == \
        int(re.search(r"--durations=(\d+)", pytest_options["addopts"]).group(1))
    waits = re.search(r"every Playwright wait (\d+) s \(`PAGE_TIMEOUT_MS` in `tests/browser/conftest.py`\), servers (\d+) s "
                      r"to answer their port, a whole notebook run in JupyterLab (\d+) s", text)
    assert int(waits.group(1)) * 1000 == browser_constant("tests/browser/conftest.py", "PAGE_TIMEOUT_MS")
    assert int(waits.group(2)) == browser_constant("tests/browser/conftest.py", "SERVER_START_S")
    assert int(waits.group(3)) == browser_constant("tests/browser/test_browser_lab.py", "RUN_S")


def test_the_bounds_plunder_md_gives_are_the_calculator_s():
    from pirates_lab.plunder.odds import MAX_HAND, MAX_UNSEEN

    hand, unseen = map(int, re.search(r"Inputs are bounded \((\d+) cards a hand, (\d+) unseen cards\)",
                                      words(read(DOCS / "plunder.md"))).groups())
    assert (hand, unseen) == (MAX_HAND, MAX_UNSEEN)


@pytest.mark.parametrize("doc", ["plunder.md", "testing.md"])
def test_every_file_the_other_helpers_docs_name_exists(doc):
    text = read(DOCS / doc)
    missing = [named for named in named_paths(text)
               if not (ROOT / re.sub(r"^pirates_lab/widgets/", "widgets/", named)).exists()]
    assert missing == []
    assert not re.search(r"31 hand-made (?:rule )?breakages[^.]*all caught", words(text))



if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write_index()
    write_teaching_table()
    print(f"wrote the lesson menu of {INDEX.relative_to(ROOT)} and the lengths in docs/teaching.md's lesson table")
