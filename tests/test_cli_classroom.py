"""The classroom command keeps a teacher's files safe (issue 33 item 8).

Tried as a teacher who swaps two paths, types a host wrong, or points at the wrong file: the class file is never
written over, a dry run writes nothing, every bad path, file or host is one plain sentence (exit code 2) with what
was typed quoted safely, and the teacher's key never reaches the terminal a class may see.
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import sqlite3
import stat
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pirates_lab.classroom.store import ClassDB
from pirates_lab.cli import main
from pirates_lab.classroom.files import Refused, check_host, is_class_file, write_teacher_page

RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def a_class(folder: Path) -> Path:
    """A class file with one answer in it."""
    db = ClassDB(folder / "class.sqlite")
    seat = db.add_student(3)
    db.open_poll("P · 2", "Odds?")
    db.answer("P · 2", seat, "1/6", "1/6")
    return folder / "class.sqlite"


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:          # argparse's own refusals
            code = stop.code
    return code, out.getvalue(), err.getvalue()


def content(path: Path) -> bytes:
    """A file's content; a SQLite file's is its rows (its bytes move when SQLite folds its write-ahead log in)."""
    if path.suffix == ".sqlite" and is_class_file(path):
        with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            return "\n".join(db.iterdump()).encode()
    return path.read_bytes()


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` and its content (SQLite's -wal and -shm files are part of their database)."""
    return {str(p.relative_to(folder)): (content(p) if p.is_file() else b"<dir>") for p in folder.rglob("*")
            if not p.name.endswith(("-shm", "-wal"))}


# ---------------------------------------------------------------- --export
def test_swapped_paths_never_write_over_the_class_file(tmp_path):
    """The review's case: ``--export p4.sqlite --class-db p4.sqlite`` overwrote every answer with 50 bytes."""
    class_file = a_class(tmp_path)
    before = content(class_file)
    code, _, err = run(["classroom", "--export", str(class_file), "--class-db", str(class_file)])
    assert code == 2 and "is a class file" in err and "Nothing was written" in err
    other = tmp_path / "other"
    other.mkdir()
    a_class(other)
    code, _, err = run(["classroom", "--export", str(other / "class.sqlite"), "--class-db", str(class_file)])
    assert code == 2 and "is a class file" in err
    assert content(class_file) == before and is_class_file(other / "class.sqlite")


def test_export_replaces_a_file_only_with_force_and_writes_it_whole(tmp_path):
    class_file = a_class(tmp_path)
    out = tmp_path / "answers.csv"
    out.write_text("my notes\n")
    code, _, err = run(["classroom", "--export", str(out), "--class-db", str(class_file)])
    assert code == 2 and "add --force" in err and out.read_text() == "my notes\n"
    code, printed, _ = run(["classroom", "--export", str(out), "--class-db", str(class_file), "--force"])
    assert code == 0 and "1 answer written" in printed
    assert out.read_text(encoding="utf-8").splitlines()[1] == "P · 2,Odds?,1,1/6,1/6,0"
    assert not list(tmp_path.glob(".*.part"))


@pytest.mark.parametrize("where, says", [
    ("missing/answers.csv", "there is no folder"),
    (".", "is a folder"),
])
def test_export_to_a_place_that_cannot_be_written_is_one_sentence(tmp_path, where, says):
    class_file = a_class(tmp_path)
    code, _, err = run(["classroom", "--export", str(tmp_path / where), "--class-db", str(class_file)])
    assert code == 2 and says in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("make, says", [
    (lambda p: p.write_text("not a database at all\n"), "is not a class file"),
    (lambda p: p.mkdir(), "is a folder"),
    (lambda p: None, "no class file at"),
])
def test_a_class_file_that_is_not_one_is_refused_and_left_as_it_was(tmp_path, make, says):
    path = tmp_path / "p4.sqlite"
    make(path)
    before = snapshot(tmp_path)
    code, _, err = run(["classroom", "--export", str(tmp_path / "out.csv"), "--class-db", str(path)])
    assert code == 2 and says in err and err.count("\n") == 1
    assert snapshot(tmp_path) == before


def test_another_programs_sqlite_file_is_not_a_class_file_and_is_not_changed(tmp_path):
    path = tmp_path / "grades.sqlite"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE grades (name TEXT)")
        db.commit()
    before = path.read_bytes()
    assert not is_class_file(path)
    code, _, err = run(["classroom", "dice_basics", "--share", "--host", "127.0.0.1", "--class-db", str(path),
                        "--dry-run"])
    assert code == 2 and "is not a class file" in err and path.read_bytes() == before


def test_force_goes_with_export():
    code, _, err = run(["classroom", "dice_basics", "--force", "--dry-run"])
    assert code == 2 and "--force goes with --export" in err


# ---------------------------------------------------------------- --host, echoes, the teacher's key
@pytest.mark.parametrize("host", ["999.1.1.1", "1.2.3", "exa mple", "host\n", "::1::2", "", "203.0.113.7"])
def test_a_bad_host_is_one_sentence(host):
    with pytest.raises(Refused, match="--host") as refused:
        check_host(host)
    assert not RAW_CONTROL.search(str(refused.value)) and "\n" not in str(refused.value)


def test_a_host_of_this_machine_is_taken():
    assert check_host("127.0.0.1") == "127.0.0.1"
    assert check_host("localhost") == "localhost"


def test_paths_are_echoed_with_control_characters_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["classroom", "--export", "x.csv", "--class-db", "a\x1b[31m\nb.sqlite"])
    assert code == 2 and "\\x1b" in err and "\\n" in err and not RAW_CONTROL.search(err) and err.count("\n") == 1


def test_the_teacher_page_holds_the_key_for_its_owner_only_and_never_replaces_another_file(tmp_path):
    url = "http://10.0.0.2:8866/teacher?t=s3cret&x=<b>"
    page = write_teacher_page(tmp_path / "class.sqlite", url)
    assert page.name == "class-teacher.html" and stat.S_IMODE(page.stat().st_mode) == 0o600
    assert "teacher?t=s3cret&amp;x=&lt;b&gt;" in page.read_text()
    assert write_teacher_page(tmp_path / "class.sqlite", url + "2") == page          # its own page: replaced
    (tmp_path / "mine-teacher.html").write_text("<p>my own page</p>")
    with pytest.raises(Refused, match="is not a teacher page"):
        write_teacher_page(tmp_path / "mine.sqlite", url)
    assert (tmp_path / "mine-teacher.html").read_text() == "<p>my own page</p>"


# ---------------------------------------------------------------- any arguments at all
PATHS = st.sampled_from(["class.sqlite", "notes.txt", "missing.sqlite", "folder", "nofolder/x.csv", "out.csv",
                         "a\nb.csv", "c\x1b[31m.sqlite", "../outside.csv", ""])
OPTIONS = st.lists(st.one_of(
    st.just(["--list"]), st.just(["--all"]), st.just(["--share"]), st.just(["--large"]), st.just(["--force"]),
    st.tuples(st.just("--host"), st.sampled_from(["127.0.0.1", "999.9.9.9", "a b", "::1", "x\x07"])).map(list),
    st.tuples(st.just("--students"), st.sampled_from(["0", "4", "201", "x"])).map(list),
    st.tuples(st.just("--pool"), st.sampled_from(["-1", "2", "x"])).map(list),
    st.tuples(st.just("--port"), st.sampled_from(["0", "70000", "x"])).map(list),
    st.tuples(st.just("--cell-timeout"), st.sampled_from(["0", "30"])).map(list),
    st.tuples(st.just("--class-db"), PATHS).map(list),
    st.tuples(st.just("--export"), PATHS).map(list),
    st.tuples(st.just("--notebooks"), st.sampled_from(["folder", "nowhere", "n\x00b"])).map(list),
), max_size=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["classroom", "lab"]), lesson=st.sampled_from([[], ["dice_basics"], ["nope\x1b"]]),
       options=OPTIONS)
def test_any_classroom_or_lab_arguments_end_in_an_answer_or_one_sentence_and_harm_no_file(command, lesson, options):
    argv = [command, *(lesson if command == "classroom" else []), *[word for option in options for word in option]]
    argv.append("--dry-run")             # nothing may start a server here; a dry run must write nothing either
    with tempfile.TemporaryDirectory() as top:
        home = Path(top) / "work"
        home.mkdir()
        a_class(home)
        (home / "notes.txt").write_text("my notes\n")
        (home / "folder").mkdir()
        before = snapshot(Path(top))
        cwd = os.getcwd()
        os.chdir(home)
        try:
            code, out, err = run(argv)
        finally:
            os.chdir(cwd)
        after = snapshot(Path(top))
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err and err.count("\n") <= 1 and not RAW_CONTROL.search(err), (argv, err)
    assert after["work/class.sqlite"] == before["work/class.sqlite"], argv            # never written over
    exported = "--export" in argv and code == 0
    target = argv[argv.index("--export") + 1] if "--export" in argv else None
    for name, data in before.items():
        if after.get(name) != data:
            assert exported and name == f"work/{target}" and "--force" in argv, (argv, name)
    for name in set(after) - set(before):
        assert exported and name == f"work/{target}", (argv, name)


def test_help_shows_no_markup():
    """Issue 38: ``--help`` printed the docstring's double backticks."""
    for argv in (["--help"], ["classroom", "--help"], ["lab", "--help"], ["odds", "--help"]):
        code, out, _ = run(argv)
        assert code == 0 and "usage: pirates-lab" in out and "``" not in out
