"""benchmarks/run.py tells a user what it needs, and keeps their files (issue 38 item 5)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def runner():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_runner", BENCH / "run.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


def test_without_the_test_extras_it_says_how_to_install_them(monkeypatch, capsys):
    run = runner()
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "icepool" else real(name, *a))
    assert run.missing_peers() == ["icepool"]
    assert run.main(["nothing-matches-this"]) == 2
    err = capsys.readouterr().err
    assert "icepool is not installed" in err and '.venv/bin/pip install -e ".[test]"' in err


def test_a_results_file_is_never_replaced_unasked(tmp_path, capsys):
    run = runner()
    mine = tmp_path / "results.json"
    mine.write_text("my results")
    assert run.main(["nothing-matches-this", "--json", str(mine)]) == 2
    assert mine.read_text() == "my results" and "add --force" in capsys.readouterr().err
    assert run.main(["nothing-matches-this", "--json", str(mine), "--force"]) == 0 and mine.read_text() == "[]"
