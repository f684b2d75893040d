"""``benchmarks/classroom_load.py`` without a server: what it prints, what it returns, and that a run which
stops says so in one sentence (no traceback) and keeps the server's log for the teacher or developer."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("classroom_load_r", ROOT / "benchmarks" / "classroom_load.py")
load = importlib.util.module_from_spec(spec)
sys.modules["classroom_load_r"] = load
spec.loader.exec_module(load)

REPORT = {"students": 30, "browsers": 2, "pool_warm_s": 25.2, "join_median": 1.17, "join_worst": 21.74,
          "join_websocket_median": 1.17, "join_websocket_worst": 1.9, "join_chromium_median": 21.65,
          "join_chromium_worst": 21.74, "reload_median": 21.88, "cold_join_median": 16.98,
          "cold_join_worst": 17.05, "cold_students": 30, "uss_mb": 76.4, "rss_mb": 108.2, "kernels": 34,
          "server_growth_mb": 29.0, "answers": 30, "answers_lost": 0, "lost": [], "reload_kept": 30,
          "guard_reloads": 1, "kernels_shut_down": 28}


def test_the_report_gives_each_kind_of_page_its_join_and_the_peer_its_ratio(capsys, tmp_path):
    out = tmp_path / "report.json"
    load.print_report(REPORT, str(out))
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "30 students (2 in Chromium), pool warm after 25 s"
    assert printed[1] == "join: median 1.17 s, worst 21.74 s; reload: median 21.88 s"
    assert printed[2] == ("  simulated pages: median 1.17 s, worst 1.90 s; Chromium pages: median 21.65 s, "
                          "worst 21.74 s")
    # 1.17 / 16.98 = 0.0689..., 21.74 / 17.05 = 1.275...
    assert printed[3] == ("peer (30 at once, no kernel pool): join median 16.98 s, worst 17.05 s; ratio warm/cold "
                          "0.07 (median), 1.28 (worst)")
    assert printed[4] == "memory per student: 76 MB unique (108 MB resident) over 34 kernels; server grew 29 MB"
    assert printed[5] == "answers: 30 kept, 0 lost; reloads that kept the answer: 30 of 30"
    assert printed[6] == "pages that came without their lesson and were loaded again: 1"
    assert json.loads(out.read_text())["kernels"] == 34


def test_without_chromium_pages_or_a_peer_those_lines_are_left_out(capsys):
    report = {k: v for k, v in REPORT.items() if not k.startswith(("join_chromium", "join_websocket", "cold_"))}
    load.print_report(report)
    printed = capsys.readouterr().out
    assert "Chromium pages" not in printed and "peer" not in printed
    assert printed.count("\n") == 5


def run_main(monkeypatch, tmp_path, report=None, error=None):
    def measure(args):
        assert (args.students, args.browsers, args.cold) == (7, 1, 3)
        if error:
            raise error
        return report

    monkeypatch.setattr(load, "measure", measure)
    monkeypatch.setattr(load, "EVIDENCE", tmp_path / "evidence")
    return load.main(["--students", "7", "--browsers", "1", "--cold", "3"])


def test_a_run_that_stops_says_so_in_one_sentence_and_exits_2(monkeypatch, tmp_path, capsys):
    error = TimeoutError("student 29's page never showed its poll within 600 s\n  (a second line)")
    assert run_main(monkeypatch, tmp_path, error=error) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("The load test stopped: student 29's page never showed its poll within 600 s (")
    assert str(tmp_path / "evidence") in err


def test_an_error_without_words_is_named_by_its_kind(monkeypatch, tmp_path, capsys):
    assert run_main(monkeypatch, tmp_path, error=ConnectionResetError()) == 2
    assert capsys.readouterr().err.startswith("The load test stopped: ConnectionResetError (")


def test_the_exit_code_says_whether_answers_were_lost(monkeypatch, tmp_path, capsys):
    assert run_main(monkeypatch, tmp_path, report=dict(REPORT)) == 0
    assert run_main(monkeypatch, tmp_path, report={**REPORT, "answers_lost": 1, "lost": [3]}) == 1
    assert run_main(monkeypatch, tmp_path, report={**REPORT, "reload_kept": 29}) == 1


def test_a_failed_run_keeps_the_servers_log(monkeypatch, tmp_path):
    class Room:
        def __init__(self, folder, students):
            self.log = tmp_path / "voila.log"
            self.log.write_text("Kernel pool of 31 is filled with 4 kernels\n")
            self.stopped = False

        def start(self):
            raise RuntimeError("the server did not start")

        def stop(self):
            self.stopped = True

    monkeypatch.setattr(load, "SharedLesson", Room)
    monkeypatch.setattr(load, "EVIDENCE", tmp_path / "evidence")
    args = load.argparse.Namespace(students=3, browsers=0, chromium="/usr/bin/chromium", cold=0, json=None)
    try:
        load.measure(args)
    except RuntimeError as error:
        assert str(error) == "the server did not start"
    else:
        raise AssertionError("measure() went on after the server failed to start")
    assert (tmp_path / "evidence" / "server.log").read_text() == "Kernel pool of 31 is filled with 4 kernels\n"


def test_the_gate_holds_every_student_until_the_last_one_arrives():
    import asyncio

    from pirates_lab.classroom.simstudent import run_in_thread

    async def run():
        gate, passed = load.Gate(3, timeout=30), []

        async def student(n, delay):
            await asyncio.sleep(delay)
            await gate.arrive()
            passed.append((n, gate.arrived))

        await asyncio.gather(student(1, 0), student(2, 0.01), student(3, 0.05))
        return gate, passed

    # in a thread of its own: after the browser tests a sync Playwright's event loop runs in this one
    gate, passed = run_in_thread(run(), 30, "three students at the gate")
    # nobody went on before the third arrived: each saw all three there
    assert sorted(passed) == [(1, 3), (2, 3), (3, 3)]
    assert gate.opened >= 0.05


def test_a_gate_that_never_fills_says_how_many_came():
    from pirates_lab.classroom.simstudent import run_in_thread

    async def run():
        gate = load.Gate(2, timeout=0.05)
        await gate.arrive()

    try:
        run_in_thread(run(), 30, "one student at the gate")
    except TimeoutError as error:
        assert str(error) == "only 1 of 2 students had joined and answered after 0 s"
    else:
        raise AssertionError("the gate let a student through alone")


def test_a_run_in_a_thread_says_when_its_limit_ran_out_and_keeps_a_timeout_of_its_own():
    import asyncio

    from pirates_lab.classroom.simstudent import PageError, run_in_thread

    async def own():
        raise TimeoutError("the gate's own sentence")

    with pytest.raises(PageError, match="^a slow step: not done within 0 s$"):
        run_in_thread(asyncio.sleep(5), 0.05, "a slow step")
    with pytest.raises(TimeoutError, match="^the gate's own sentence$"):
        run_in_thread(own(), 30, "a step")
    assert run_in_thread(asyncio.sleep(0, result=7), 30, "a quick step") == 7


def test_the_report_gives_the_page_weight_when_measured(capsys):
    load.print_report({**REPORT, "page_bytes": 1_762_892, "page_requests": 121, "page_gzipped": 118,
                       "page_outside": []})
    printed = capsys.readouterr().out.splitlines()
    assert printed[-1] == ("one page (the teacher's): 1.76 MB over the network in 121 requests (118 compressed); "
                           "requests for another machine: 0")
