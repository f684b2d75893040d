"""The README keeps exactly two set-up commands: one opens the lab, one runs these tests."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup_commands() -> list[str]:
    return [line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("python3 -m venv .venv && ")]


def test_exactly_two_setup_commands():
    lab, tests = setup_commands()
    assert lab.endswith(".venv/bin/pirates-lab lab") and "[test]" not in lab
    assert '.venv/bin/pip install -e ".[test]"' in tests and tests.endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pattern = re.search(r"grep -m1 -E '([^']+)' README.md", ci).group(1)
    assert [c for c in setup_commands() if re.search(pattern, c)] == [setup_commands()[1]]


def test_the_lab_command_opens_the_index():
    out = subprocess.run([sys.executable, "-m", "pirates_lab.cli", "lab", "--dry-run"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "notebooks/00_index.ipynb" in out


def test_the_readme_says_where_sharing_is_and_that_command_one_keeps_its_terminal():
    """Issue 38 item 5: a newcomer finds --share from the README, and knows command 2 needs a second terminal."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`--share`" in text and "(docs/sharing.md)" in text and (ROOT / "docs" / "sharing.md").is_file()
    assert "keeps its terminal" in text and "second terminal" in text
    assert "benchmarks/run.py` (it needs the test extras" in text
