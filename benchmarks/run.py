"""Run the benchmarks: ours beside a peer in the same process, best of N, with ratios.

    python benchmarks/run.py                 # everything
    python benchmarks/run.py core king       # only files whose name contains a word
    nice python benchmarks/run.py --readme   # everything, and the README's table written from this run

Not a test: nothing here fails CI. Results print as a table; --json FILE also saves them.
Every peer's answer is compared with ours in the run (a row with a peer must have a check): the
"same answer" column says how they agree ("yes, equal"; a Monte Carlo estimate: within how many σ),
and a ratio is printed only when they agree (a ratio of two different answers means nothing).
``--readme`` writes the table of the whole run into benchmarks/README.md (between its two marker
lines), with the date, the commit and the load average.  Run outside the project's venv, the script
starts itself again with ``.venv/bin/python`` when that exists.

The peers come with the test extras (icepool, OR-Tools, python-constraint, Dask): after the README's first
command, install them with ``.venv/bin/pip install -e ".[test]"`` (the README's second command does).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _in_project_python() -> None:
    """Re-run with the project's venv when pirates_lab is not importable here.

    The venv's python is often a symlink to the very interpreter that runs us (pyenv), so the test is
    the environment (``sys.prefix``), not the resolved executable; an environment variable stops a loop.
    """
    try:
        import pirates_lab  # noqa: F401
    except ImportError:
        import os

        venv = HERE.parent / ".venv"
        python = venv / "bin" / "python"
        if python.exists() and Path(sys.prefix).resolve() != venv.resolve() and not os.environ.get("PIRATES_LAB_VENV"):
            os.environ["PIRATES_LAB_VENV"] = "1"
            os.execv(str(python), [str(python), str(Path(sys.argv[0]).resolve()), *sys.argv[1:]])
        raise SystemExit("pirates_lab is not installed: run `pip install -e .` or use .venv/bin/python.")


def best_time(function, repeat: int, setup=None) -> tuple[float, object]:
    result, best = None, float("inf")
    for _ in range(max(1, repeat)):
        if setup is not None:
            setup()
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


COLD = """
import sys, time
sys.path.insert(0, {here!r})
from run import load
bench = [b for b in load(__import__('pathlib').Path({path!r})).benchmarks()][{index}]
function = bench.ours if {side!r} == 'ours' else bench.peer
import gc; gc.collect()   # the imports' garbage is not part of either side's time
start = time.perf_counter(); function(); print(time.perf_counter() - start)
"""


def cold_time(path: Path, index: int, side: str, repeat: int) -> float:
    import subprocess

    code = COLD.format(here=str(HERE), path=str(path), index=index, side=side)
    times = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
                   .stdout.split()[-1]) for _ in range(max(1, repeat))]
    return min(times)


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module          # dataclasses in a benchmark file look their module up
    spec.loader.exec_module(module)
    return module


#: the peers' packages (the test extras): import name -> pip name
PEERS = {"icepool": "icepool", "ortools": "ortools", "constraint": "python-constraint", "dask": "dask[distributed]"}


def missing_peers() -> list[str]:
    """The peers' packages that are not installed (pip names)."""
    return [name for module, name in PEERS.items() if importlib.util.find_spec(module) is None]


def run_one(path: Path, index: int, bench) -> dict:
    """Time one benchmark (ours, then its peer) and compare their answers: a row of the table."""
    from bench_common import agreement

    ours_time, ours_result = best_time(bench.ours, 1 if bench.cold else bench.repeat, bench.setup)
    peer_time = None
    agrees, words = None, ""                       # None: no peer
    if bench.peer is not None:
        peer_time, peer_result = best_time(bench.peer, 1 if bench.cold else bench.repeat)
        agrees, words = agreement(bench.check, ours_result, peer_result)
    if bench.cold:
        ours_time = cold_time(path, index, "ours", bench.repeat)
        if bench.peer is not None:
            peer_time = cold_time(path, index, "peer", bench.repeat)
    return {"file": path.name, "name": bench.name, "ours_s": ours_time, "peer": bench.peer_name,
            "kind": bench.kind if bench.peer is not None else None, "peer_s": peer_time,
            "goal_s": bench.goal_seconds, "same_answer": words, "agrees": agrees, "cold": bench.cold,
            "ratio": ours_time / peer_time if agrees and peer_time else None}


def _seconds(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value * 1000:.3g} ms" if value < 1 else f"{value:.3g} s"


def goal_text(row: dict) -> str:
    if row["goal_s"] is None:
        return ""
    return f"{'met' if row['ours_s'] <= row['goal_s'] else 'MISSED'} (< {row['goal_s'] * 1000:g} ms)"


def markdown(rows: list[dict], when: str, load: tuple[str, str], commit: str) -> str:
    """The README's table of every benchmark, written from one run."""
    lines = [f"Measured by `python benchmarks/run.py --readme` on {when} UTC at commit `{commit}`, niced, on the shared "
             f"2-core machine: load average {load[0]} at the start and {load[1]} at the end (other sessions' work: "
             f"absolute times are pessimistic; ours and the other side ran in the same minutes, so the ratios are "
             f"what to read).", "",
             "| file | benchmark | compared with | kind | ours | other | ours/other | same answer (checked in the run) "
             "| goal |", "|---|---|---|---|---:|---:|---:|---|---|"]
    for row in rows:
        ratio = "" if row["ratio"] is None else f"{row['ratio']:.3g}"
        if row["agrees"] is False:
            ratio = "no ratio"
        cold = " (cold)" if row["cold"] else ""
        lines.append(f"| {row['file']} | {row['name']}{cold} | {row['peer'] or '—'} | {row['kind'] or ''} | "
                     f"{_seconds(row['ours_s'])} | {_seconds(row['peer_s'])} | {ratio} | "
                     f"{row['same_answer'].replace('|', '/')} | {goal_text(row)} |")
    return "\n".join(lines)


#: the README's generated table sits between these lines
BEGIN = "<!-- the table below is written by `python benchmarks/run.py --readme`: do not edit it by hand -->"
END = "<!-- end of the table written by run.py -->"


def write_readme(table: str, readme: Path = HERE / "README.md") -> None:
    text = readme.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{readme} has no place for the table (the lines {BEGIN!r} and {END!r}).")
    head, rest = text.split(BEGIN, 1)
    readme.write_text(head + BEGIN + "\n" + table + "\n" + END + rest.split(END, 1)[1], encoding="utf-8")


def main(argv=None) -> int:
    import os
    import subprocess

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="run files whose name contains one of these words")
    parser.add_argument("--json", help="also write the results to this file (a new file; --force to replace one)")
    parser.add_argument("--force", action="store_true", help="with --json: replace the file if it exists")
    parser.add_argument("--readme", action="store_true",
                        help="write the table into benchmarks/README.md (every benchmark: run without words)")
    args = parser.parse_args(argv)
    missing = missing_peers()
    if missing:
        print(f"The benchmarks compare with peers from the test extras, and {', '.join(missing)} "
              f"{'is' if len(missing) == 1 else 'are'} not installed: run .venv/bin/pip install -e \".[test]\" "
              f"first (the README's second command does).", file=sys.stderr)
        return 2
    if args.json and Path(args.json).exists() and not args.force:
        print(f"{args.json!r} exists: add --force to replace it (nothing was run).", file=sys.stderr)
        return 2
    if args.readme and args.only:
        print("--readme writes the whole table: run it without words (nothing was run).", file=sys.stderr)
        return 2
    files = sorted(HERE.glob("bench_*.py"))
    files = [f for f in files if f.name != "bench_common.py" and (not args.only or any(w in f.stem for w in args.only))]
    rows = []
    started, load_before = time.strftime("%Y-%m-%d %H:%M", time.gmtime()), f"{os.getloadavg()[0]:.1f}"
    print(f"{'benchmark':58} {'ours':>10} {'other':>10} {'ours/other':>10}  same answer; goal")
    for path in files:
        for index, bench in enumerate(load(path).benchmarks()):
            row = run_one(path, index, bench)
            rows.append(row)
            if row["agrees"] is False:
                print(f"  !! {bench.name}: ours and {bench.peer_name} disagree ({row['same_answer']}): no ratio")
            ratio = "no ratio" if row["agrees"] is False else "" if row["ratio"] is None else f"{row['ratio']:.3g}"
            label = bench.name + (f" [vs {bench.peer_name}]" if bench.peer_name else "") + (" cold" if bench.cold else "")
            print(f"{label[:58]:58} {_seconds(row['ours_s']):>10} {_seconds(row['peer_s']):>10} {ratio:>10}  "
                  f"{row['same_answer']}{'; ' if row['same_answer'] and row['goal_s'] else ''}{goal_text(row)}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    if args.readme:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                                text=True).stdout.strip() or "unknown"
        write_readme(markdown(rows, started, (load_before, f"{os.getloadavg()[0]:.1f}"), commit))
    return 0


if __name__ == "__main__":
    _in_project_python()
    raise SystemExit(main())
