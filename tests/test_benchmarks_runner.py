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


# ---------------------------------------------------------------- fair comparisons (issue 35 item 6)
def common():
    sys.path.insert(0, str(BENCH))
    try:
        import bench_common
        return bench_common
    finally:
        sys.path.remove(str(BENCH))


def test_a_peer_without_a_check_or_of_an_unknown_kind_is_refused():
    bench = common()
    import pytest
    with pytest.raises(ValueError, match="give it a check"):
        bench.Benchmark("x", ours=lambda: 1, peer=lambda: 1, peer_name="y")
    with pytest.raises(ValueError, match="kind must be one of"):
        bench.Benchmark("x", ours=lambda: 1, peer=lambda: 1, peer_name="y", check=lambda a, b: a == b, kind="older")
    assert bench.Benchmark("x", ours=lambda: 1).peer is None       # ours alone needs nothing


def test_the_same_answer_column_says_how_the_answers_compare():
    bench = common()
    assert bench.agreement(lambda a, b: a == b, 3, 3) == (True, "yes, equal")
    assert bench.agreement(lambda a, b: a == b, 3, 4) == (False, "NO")
    assert bench.agreement(lambda a, b: (abs(a - b) < 1, "estimate 3.2 ± 0.1"), 3, 3.2) == (True, "estimate 3.2 ± 0.1")
    agrees, words = bench.agreement(lambda a, b: a[0] == b, (), 1)          # a check that cannot compare
    assert not agrees and words.startswith("NO (IndexError")


def test_a_run_fills_the_column_and_prints_no_ratio_for_different_answers(tmp_path):
    run, bench = runner(), common()
    right = run.run_one(BENCH / "bench_x.py", 0, bench.Benchmark("sum", ours=lambda: 6, peer=lambda: 6, peer_name="p",
                                                                 check=lambda a, b: a == b, repeat=1))
    wrong = run.run_one(BENCH / "bench_x.py", 1, bench.Benchmark("sum", ours=lambda: 6, peer=lambda: 7, peer_name="q",
                                                                 check=lambda a, b: a == b, repeat=1,
                                                                 kind=bench.BASELINE))
    alone = run.run_one(BENCH / "bench_x.py", 2, bench.Benchmark("alone", ours=lambda: 1, repeat=1))
    assert right["agrees"] is True and right["same_answer"] == "yes, equal" and right["ratio"] > 0
    assert wrong["agrees"] is False and wrong["ratio"] is None and wrong["kind"] == "baseline"
    assert alone["agrees"] is None and alone["kind"] is None and alone["same_answer"] == ""
    table = run.markdown([right, wrong, alone], "2026-12-07 22:00", ("3.1", "4.2"), "abc1234")
    lines = table.splitlines()
    assert "load average 3.1 at the start and 4.2 at the end" in lines[0] and "`abc1234`" in lines[0]
    assert "same answer (checked in the run)" in lines[2]
    assert "| sum | p | peer |" in lines[4] and lines[4].split("|")[8].strip() == "yes, equal"
    assert "| no ratio | NO |" in lines[5] and "| alone | — |" in lines[6]
    readme = tmp_path / "README.md"
    readme.write_text(f"# head\n{run.BEGIN}\nold table\n{run.END}\ntail\n")
    run.write_readme(table, readme)
    text = readme.read_text()
    assert "old table" not in text and text.startswith("# head\n") and text.endswith(f"{run.END}\ntail\n")
    assert table in text


def benchmark_calls():
    """Every ``Benchmark(...)`` call in the benchmark files, as (file, keyword arguments' source)."""
    import ast
    for path in sorted(BENCH.glob("bench_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Benchmark":
                words = {k.arg: ast.unparse(k.value) for k in node.keywords}
                if len(node.args) > 2:                       # Benchmark(name, ours, peer, peer_name, ...)
                    words.setdefault("peer", ast.unparse(node.args[2]))
                    if len(node.args) > 3:
                        words.setdefault("peer_name", ast.unparse(node.args[3]))
                yield path.name, words


def test_no_peer_is_our_older_code_an_engine_clone_or_an_unchecked_answer():
    calls = list(benchmark_calls())
    assert len(calls) > 30
    for name, words in calls:
        check, peer_name = words.get("check", ""), words.get("peer_name", "").lower()
        assert "lambda a, b: True" not in check, (name, words)
        assert not any(word in peer_name for word in ("before", "older", "state.clone", "pair engine")), (name, words)
        if "monte carlo" in peer_name or "sampled" in peer_name:
            assert words.get("kind") == "ESTIMATE", (name, words)
    assert any(w.get("kind") == "ESTIMATE" for _, w in calls)


def test_the_readme_has_the_place_for_the_table_and_a_correctness_column():
    run = runner()
    text = (BENCH / "README.md").read_text(encoding="utf-8")
    assert text.count(run.BEGIN) == 1 and text.count(run.END) == 1
    table = text.split(run.BEGIN)[1].split(run.END)[0]
    assert "same answer (checked in the run)" in table and "load average" in table
    rows = [line for line in table.splitlines() if line.startswith("| bench_")]
    with_peer = [line for line in rows if line.split("|")[3].strip() not in ("", "—")]
    assert with_peer and all(line.split("|")[8].strip() for line in with_peer)   # every peer's row says


def bench_module(name):
    sys.path.insert(0, str(BENCH))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))


def test_the_volley_peer_is_icepools_own_evaluator_and_gives_our_exact_answer():
    from fractions import Fraction
    volley = bench_module("bench_pillage_and_plunder")
    ours = volley.ours_volley()
    assert volley.same_volley(ours, volley.icepool_volley_evaluator())
    assert volley.same_volley(ours, volley.icepool_volley_loop())             # the plain loop agrees too
    wrong = volley.icepool_volley_loop()
    first, second = sorted(wrong)[:2]
    wrong[first], wrong[second] = wrong[first] + Fraction(1, 1000), wrong[second] - Fraction(1, 1000)
    assert not volley.same_volley(ours, wrong)                                # the check can fail


def test_a_monte_carlo_estimate_is_reported_with_its_error_and_can_disagree():
    from fractions import Fraction
    plunder = bench_module("bench_plunder")
    agrees, words = plunder._within_4_sigma(Fraction(1, 2), (0.51, 2500))        # σ = 0.01: 1 σ off
    assert agrees and words == "yes, estimate 0.5100 ± 0.0100 (1 σ, 2,500 hands) against exact 0.5000: 1.0 σ off"
    agrees, words = plunder._within_4_sigma(Fraction(1, 2), (0.56, 2500))        # 6 σ off
    assert not agrees and "6.0 σ off" in words
