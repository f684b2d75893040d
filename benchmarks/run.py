"""Run the benchmarks: ours beside a peer in the same process, best of N, with ratios.

    python benchmarks/run.py                 # everything
    python benchmarks/run.py core king       # only files whose name contains a word

Not a test: nothing here fails CI. Results print as a table; --json FILE also saves them.
A ratio is printed only when ours and the peer's results were checked and agree: when they
disagree the row says DISAGREE instead (a ratio of two different answers means nothing), and
a peer with no check is marked "unchecked".  Run outside the project's venv, the script starts
itself again with ``.venv/bin/python`` when that exists.

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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="run files whose name contains one of these words")
    parser.add_argument("--json", help="also write the results to this file (a new file; --force to replace one)")
    parser.add_argument("--force", action="store_true", help="with --json: replace the file if it exists")
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
    files = sorted(HERE.glob("bench_*.py"))
    files = [f for f in files if f.name != "bench_common.py" and (not args.only or any(w in f.stem for w in args.only))]
    rows = []
    print(f"{'benchmark':58} {'ours':>10} {'peer':>10} {'ours/peer':>9}  goal")
    for path in files:
        for index, bench in enumerate(load(path).benchmarks()):
            ours_time, ours_result = best_time(bench.ours, 1 if bench.cold else bench.repeat, bench.setup)
            peer_time = peer_result = None
            agreement = None                 # None: no peer; "agree", "DISAGREE" or "unchecked"
            if bench.peer is not None:
                peer_time, peer_result = best_time(bench.peer, 1 if bench.cold else bench.repeat)
                if bench.check is None:
                    agreement = "unchecked"
                else:
                    try:
                        agreement = "agree" if bench.check(ours_result, peer_result) else "DISAGREE"
                    except Exception as error:  # a check that cannot even compare: no ratio either
                        agreement = f"DISAGREE ({type(error).__name__})"
            if bench.cold:
                ours_time = cold_time(path, index, "ours", bench.repeat)
                if bench.peer is not None:
                    peer_time = cold_time(path, index, "peer", bench.repeat)
            if agreement and agreement.startswith("DISAGREE"):
                ratio = f"{'DISAGREE':>9}"          # refuse to print a ratio of two different answers
                print(f"  !! {bench.name}: ours and {bench.peer_name} disagree: no ratio")
            elif peer_time:
                ratio = f"{ours_time / peer_time:9.3g}" + ("?" if agreement == "unchecked" else "")
            else:
                ratio = " " * 9
            goal = ""
            if bench.goal_seconds is not None:
                goal = f"{'met' if ours_time <= bench.goal_seconds else 'MISSED'} (< {bench.goal_seconds * 1000:g} ms)"
            peer_text = f"{peer_time * 1000:8.2f}ms" if peer_time is not None else " " * 10
            label = f"{bench.name}" + (f" [vs {bench.peer_name}]" if bench.peer_name else "") + (" cold" if bench.cold else "")
            print(f"{label[:58]:58} {ours_time * 1000:8.2f}ms {peer_text} {ratio}  {goal}")
            rows.append({"file": path.name, "name": bench.name, "ours_s": ours_time, "peer": bench.peer_name,
                         "peer_s": peer_time, "goal_s": bench.goal_seconds, "agreement": agreement,
                         "ratio": None if agreement is None or agreement.startswith("DISAGREE") or not peer_time
                         else ours_time / peer_time})
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    _in_project_python()
    raise SystemExit(main())
