"""The ``pirates-lab`` command and the classroom helpers behind it (no browser needed here).

Every odds calculator is checked against the package function it calls: what the terminal prints
is the exact value the core computes.  Game calculators skip (with the reason) until their
package provides the function.
"""
from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from pirates_lab import classroom
from pirates_lab.cli import main, percent, probability_line
from pirates_lab.core import parse_dice

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exact(out: str, label: str) -> Fraction:
    """The fraction printed on the line ``<label> ≈ 41.67% (5/12)`` (or ``= 100% (certain)``)."""
    match = re.search(re.escape(label) + r" (?:=|≈|>|<) [\d.]+% \((\d+/\d+|certain|impossible)\)", out)
    assert match, f"no line {label!r} in:\n{out}"
    return {"certain": Fraction(1), "impossible": Fraction(0)}.get(match.group(1)) or Fraction(match.group(1))


def need(module: str, name: str):
    """The function, or skip until the game package provides it."""
    imported = pytest.importorskip(module)
    if not hasattr(imported, name):
        pytest.skip(f"{module}.{name} is not there yet")
    return getattr(imported, name)


# ---------------------------------------------------------------- output
def test_percent_and_probability_line():
    assert percent(Fraction(1, 3)) == "33.33%"
    assert percent(Fraction(0)) == "0.00%" and percent(Fraction(1)) == "100.00%"
    assert percent(Fraction(1, 10**7)) == "0.000010%"
    assert probability_line("P(x)", Fraction(2, 4)) == "P(x) = 50.00% (1/2)"


# ---------------------------------------------------------------- odds dice (core only: always works)
@pytest.mark.parametrize("expression, option, n, expected", [
    ("3d6", "--at-least", 12, Fraction(81, 216)),
    ("2d6", "--exactly", 7, Fraction(1, 6)),
    ("4d6kh3", "--at-least", 18, Fraction(21, 1296)),   # three sixes among four dice: 1 + 4*5 rolls
    ("2d6kh1", "--at-most", 1, Fraction(1, 36)),
])
def test_odds_dice_prints_the_exact_probability(capsys, expression, option, n, expected):
    code, out, err = run(capsys, "odds", "dice", expression, option, str(n))
    assert code == 0 and err == ""
    symbol = {"--at-least": ">=", "--at-most": "<=", "--exactly": "=="}[option]
    assert exact(out, f"P({expression} {symbol} {n})") == expected
    assert f"{float(expected) * 100:.2f}%" in out


def test_odds_dice_without_a_threshold_prints_every_total(capsys):
    code, out, _ = run(capsys, "odds", "dice", "3d6kh2")
    assert code == 0
    assert out.splitlines()[1].split() == ["total", "%", "exact"]          # percentages first
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [(int(row[0]), Fraction(row[-1])) for row in rows] == parse_dice("3d6kh2").items()


def test_odds_dice_refuses_bad_notation_with_the_reason(capsys):
    code, out, err = run(capsys, "odds", "dice", "3d6kh4", "--at-least", "3")
    assert code == 2 and out == ""
    assert "Keep between 1 and 3 dice" in err


def test_every_registered_game_adds_its_calculators_from_its_own_package():
    from pirates_lab.core import games

    added = {}
    for name, game in games().items():
        import argparse
        calculators = argparse.ArgumentParser().add_subparsers()
        game.add_odds_commands(calculators)
        added[name] = sorted(calculators.choices)
        for parser in calculators.choices.values():
            assert parser.get_default("run").__module__.startswith(f"pirates_lab.{name}."), name
    assert sum(len(v) for v in added.values()) >= 5


def test_an_unknown_calculator_is_refused_with_the_known_ones(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["odds", "nosuch"])
    assert stop.value.code == 2
    assert "dice" in capsys.readouterr().err


def test_the_cli_imports_no_jupyter_and_no_game_until_asked():
    from pirates_lab.core import games

    packages = tuple(f"pirates_lab.{name}" for name in games())
    probe = ("import sys, pirates_lab.cli as cli; cli.main(['odds', 'dice', '2d6', '--exactly', '7']);"
             "bad = [m for m in sys.modules if m.startswith(('ipywidgets', 'pirates_lab.widgets', 'voila')"
             f" + {packages!r})];"
             "assert not bad, bad")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "≈ 16.67% (1/6)" in result.stdout


def test_the_console_script_is_installed():
    script = Path(sys.executable).parent / "pirates-lab"
    if not script.exists():
        pytest.skip("the pirates-lab script is not installed next to this Python")
    result = subprocess.run([str(script), "odds", "dice", "3d6", "--at-least", "12"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "P(3d6 >= 12) = 37.50% (3/8)" in result.stdout


# ---------------------------------------------------------------- classroom and lab
def test_classroom_list_names_every_lesson(capsys):
    code, out, _ = run(capsys, "classroom", "--list")
    assert code == 0
    for name, file in classroom.LESSONS.items():
        line = next(line for line in out.splitlines() if line.split() and line.split()[0] == name)
        assert (file in line) == (ROOT / "notebooks" / file).is_file()


def test_classroom_refuses_unknown_names_with_the_known_ones(capsys):
    code, out, err = run(capsys, "classroom", "treasure_island")
    assert code == 2
    assert "No lesson called 'treasure_island'" in err
    assert all(name in err for name in classroom.LESSONS)


def test_classroom_refuses_a_lesson_whose_notebook_is_missing(capsys, tmp_path):
    (tmp_path / "01_dice_basics.ipynb").write_text("{}")
    code, _, err = run(capsys, "classroom", "king_of_pirates", "--notebooks", str(tmp_path))
    assert code == 2 and "no notebook yet" in err and "dice_basics" in err


def test_classroom_dry_run_serves_on_loopback(capsys, tmp_path):
    (tmp_path / "pillage_and_plunder.ipynb").write_text("{}")
    port = classroom.free_port()
    code, out, _ = run(capsys, "classroom", "pillage_and_plunder", "--port", str(port), "--notebooks", str(tmp_path),
                       "--dry-run")
    command, url = out.splitlines()
    assert code == 0 and url == f"http://127.0.0.1:{port}/"
    assert "-m voila" in command and str(tmp_path / "pillage_and_plunder.ipynb") in command
    assert "--Voila.ip=127.0.0.1" in command and f"--port={port}" in command
    assert "--VoilaExecutor.timeout=30" in command and "--Voila.config_file_paths=" in command
    code, out, _ = run(capsys, "classroom", "--all", "--port", str(port), "--notebooks", str(tmp_path), "--dry-run")
    assert out.splitlines()[1] == f"http://127.0.0.1:{port}/voila/render/{classroom.MENU}"


def test_classroom_refuses_a_port_in_use(capsys, tmp_path):
    import socket

    (tmp_path / "01_dice_basics.ipynb").write_text("{}")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, _, err = run(capsys, "classroom", "dice_basics", "--port", str(port), "--notebooks", str(tmp_path))
    assert code == 2 and f"port {port} is in use" in err


def test_lab_dry_run_opens_the_index(capsys):
    if not (ROOT / "notebooks" / classroom.INDEX).is_file():
        pytest.skip("no index notebook yet")
    code, out, _ = run(capsys, "lab", "--port", "8899", "--no-browser", "--dry-run", "--", "--ServerApp.token=x")
    command, url = out.splitlines()
    assert code == 0 and url == "http://127.0.0.1:8899/lab/tree/notebooks/00_index.ipynb"
    assert "-m jupyter lab notebooks/00_index.ipynb" in command
    assert f"--ServerApp.root_dir={ROOT}" in command and "--no-browser" in command
    assert command.endswith("--ServerApp.token=x")


# ---------------------------------------------------------------- the presenter hook and bar
class FakeHandler:
    def __init__(self, **query):
        self.query = query

    def get_argument(self, name, default=None):
        return self.query.get(name, default)


def notebook_with(*sources):
    import nbformat

    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in sources])


def test_prelaunch_hook_puts_the_presenter_bar_first(monkeypatch):
    monkeypatch.delenv(classroom.LARGE_ENV, raising=False)
    nb = classroom.prelaunch_hook(FakeHandler(), notebook_with("x = 1"), cwd=".")
    assert [c.source for c in nb.cells] == [classroom.presenter_source(False), "x = 1"]
    assert classroom.prelaunch_hook(FakeHandler(), nb, cwd=".").cells == nb.cells  # once only
    large = classroom.prelaunch_hook(FakeHandler(large="1"), notebook_with("x = 1"), cwd=".")
    assert large.cells[0].source.endswith("presenter_bar(large=True)")
    monkeypatch.setenv(classroom.LARGE_ENV, "1")
    assert classroom.prelaunch_hook(None, notebook_with(), cwd=".").cells[0].source.endswith("(large=True)")
    assert classroom.prelaunch_hook(FakeHandler(large="0"), notebook_with(), cwd=".").cells[0].source.endswith(
        "(large=False)")


def test_the_injected_cell_runs_and_the_config_installs_the_hook(tmp_path):
    from traitlets.config import Config

    namespace: dict = {}
    exec(classroom.presenter_source(True), namespace)
    bar = eval("presenter_bar(large=True)", namespace)
    assert bar.large and "font-size" in bar.css.value
    c = Config()
    exec((classroom.write_voila_config(tmp_path) / "voila.py").read_text(), {"c": c})
    assert c.VoilaConfiguration.prelaunch_hook is classroom.prelaunch_hook


def test_presenter_bar_toggles_the_large_font_style(monkeypatch):
    from pirates_lab.widgets.presenter import PresenterBar, presenter_bar, presenter_css

    bar = PresenterBar(large=False)
    assert bar.css.value == "" and not bar.large
    bar.toggle.value = True
    assert bar.css.value == f"<style>{presenter_css()}</style>"
    assert "--jp-widgets-font-size:20px" in bar.css.value
    bar.large = False
    assert bar.css.value == ""
    assert "pl-presenter-toggle" in bar.toggle._dom_classes
    monkeypatch.setenv("PIRATES_LAB_LARGE", "1")
    assert presenter_bar().large and not presenter_bar(large=False).large
    assert "--jp-ui-font-size1:26px" in presenter_css(scale=2)
    with pytest.raises(ValueError):
        presenter_css(scale=0)


# ---------------------------------------------------------------- servers and their process groups
def test_server_waits_for_its_port_and_stops_its_whole_group(tmp_path):
    port = classroom.free_port()
    child_pid = tmp_path / "child.pid"
    script = (f"import subprocess, sys, http.server, socketserver\n"
              f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'])\n"
              f"open({str(child_pid)!r}, 'w').write(str(child.pid))\n"
              f"socketserver.TCPServer(('127.0.0.1', {port}), http.server.BaseHTTPRequestHandler).serve_forever()\n")
    with classroom.Server([sys.executable, "-c", script], port, log=tmp_path / "log") as server:
        assert server.url == f"http://127.0.0.1:{port}/"
        assert not classroom.port_is_free(port)
        deadline = time.monotonic() + 60          # a generous limit: a loaded machine is slow, not wrong
        while not (child_pid.exists() and child_pid.read_text()) and time.monotonic() < deadline:
            time.sleep(0.1)
        pid = int(child_pid.read_text())
    assert server.process is None
    assert not alive(pid), "the kernel-like child outlived its server"


def alive(pid: int, patience: float = 30) -> bool:
    """Still running after ``patience`` seconds (a zombie waiting for a reaper counts as dead)."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        stat = Path(f"/proc/{pid}/stat")
        if stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
            return False
        time.sleep(0.1)
    return True


def test_server_that_dies_at_start_says_so(tmp_path):
    with pytest.raises(RuntimeError, match="stopped"):
        classroom.Server([sys.executable, "-c", "raise SystemExit(3)"], classroom.free_port(),
                         log=tmp_path / "log").start(timeout=20)


def test_lessons_and_notebook_folder():
    assert list(classroom.LESSONS)[0] == "dice_basics"
    assert classroom.notebooks_dir() == ROOT / "notebooks"
    with pytest.raises(classroom.UnknownLesson):
        classroom.lesson_file("monkey_island")
    importlib.import_module("pirates_lab.classroom")


# ---------------------------------------------------------------- bad input: one clear line, never a traceback
@pytest.mark.parametrize("argv, message", [
    (["classroom", "--port", "99999", "--list"], "a port is from 1 to 65535"),
    (["lab", "--port", "-1", "--dry-run"], "a port is from 1 to 65535"),
    (["classroom", "--port", "eighty", "--list"], "a port is a whole number"),
    (["classroom", "--cell-timeout", "0", "--list"], "from 1 to 3600"),
])
def test_bad_ports_and_timeouts_are_one_line_refusals(capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err and "Traceback" not in err


def test_a_dice_expression_may_start_with_a_minus(capsys):
    code, out, _ = run(capsys, "odds", "dice", "-1d6", "--at-least", "-3")
    assert code == 0 and "P(-1d6 >= -3) = 50.00% (1/2)" in out


def test_the_size_limit_applies_to_the_whole_expression_and_refuses_at_once(capsys, monkeypatch):
    from pirates_lab.core import notation

    computed = []   # every term computed; refused "at once" means before the first one (speed: benchmarks/)
    real_term = notation._term
    monkeypatch.setattr(notation, "_term", lambda text: computed.append(text) or real_term(text))
    notation._evaluate.cache_clear()   # an expression another test computed in this process would not count
    code, out, err = run(capsys, "odds", "dice", "30d80+30d80+30d80")
    assert code == 2 and out == "" and "limit for a whole expression" in err
    assert computed == []
    code, out, _ = run(capsys, "odds", "dice", "2d6+1")     # the counter counts: a small one is computed
    assert code == 0 and computed == ["2d6", "1"]


def test_ctrl_c_during_a_calculation_is_one_line(capsys, monkeypatch):
    import pirates_lab.core as core

    def interrupted(text):
        raise KeyboardInterrupt

    monkeypatch.setattr(core, "parse_dice", interrupted)
    code, out, err = run(capsys, "odds", "dice", "2d6")
    assert code == 130 and err.strip() == "pirates-lab: stopped."


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789dkhl+- ", max_size=24))
def test_fuzz_odds_dice_ends_in_an_answer_or_one_clear_line(text):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["odds", "dice", text])
        except SystemExit as stop:  # argparse: its own one-line usage error
            code = stop.code
    assert code in (0, 2), (text, code)
    if code == 2:
        lines = [line for line in err.getvalue().splitlines() if line.startswith("pirates-lab")]
        assert lines and "Traceback" not in err.getvalue(), text
    else:                            # an answer, or the help that "-h" asks for
        assert "=" in out.getvalue() or "total" in out.getvalue() or out.getvalue().startswith("usage:")


# ---------------------------------------------------------------- argparse errors: ONE line, exit code 2
def parse_error(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    return stop.value.code, out, err


@pytest.mark.parametrize("argv, prog, message", [
    (["odds", "dice"], "pirates-lab odds dice", "the following arguments are required: expression"),
    (["odds", "dice", "2d6", "--at-least", "x"], "pirates-lab odds dice", "invalid int value: 'x'"),
    (["odds", "nosuch"], "pirates-lab odds", "invalid choice: 'nosuch'"),
    (["odds", "secret-battle", "3"], "pirates-lab odds secret-battle", "required: defender"),
    (["odds", "plunder-storm", "40", "--draws"], "pirates-lab odds plunder-storm", "expected one argument"),
    (["odds", "deals", "--players", "four"], "pirates-lab odds deals", "invalid int value: 'four'"),
    (["odds", "tile-draw", "10", "3", "--no-such-option"], "pirates-lab", "unrecognized arguments: --no-such-option"),
    (["lab", "--port", "99999"], "pirates-lab lab", "a port is from 1 to 65535"),
    ([], "pirates-lab", "the following arguments are required: COMMAND"),
])
def test_every_parse_error_is_one_line_naming_the_command_and_help(capsys, argv, prog, message):
    code, out, err = parse_error(capsys, argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith(" (try --help)\n"), err
    assert err.startswith(f"{prog}: error: ") and message in err and "usage:" not in err


def test_every_game_calculator_parser_refuses_in_one_line():
    from pirates_lab.cli import OneLineParser, build_parser

    parser = build_parser()
    odds = parser._subparsers._group_actions[0].choices["odds"]
    calculators = odds._subparsers._group_actions[0].choices
    assert len(calculators) >= 10
    assert all(type(p) is OneLineParser for p in calculators.values()), \
        [name for name, p in calculators.items() if type(p) is not OneLineParser]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(["dice", "deals", "tile-draw", "secret-battle", "plunder-storm",
                                 "plunder-marque", "--players", "--cards", "--draws", "--base", "-x", "--", "3",
                                 "-1", "x", "2d6", "Havana", "--help-me", "--exact"]), max_size=6))
def test_fuzz_the_parser_never_prints_more_than_one_error_line(argv):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["odds", *argv])       # never "lab"/"classroom": those would start servers
        except SystemExit as stop:
            code = stop.code
    assert code in (0, 2), (argv, code, err.getvalue())
    if code == 2:
        assert out.getvalue() == "" and len(err.getvalue().strip().splitlines()) == 1, (argv, err.getvalue())
        assert "Traceback" not in err.getvalue()
