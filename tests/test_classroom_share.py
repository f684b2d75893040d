"""Sharing a lesson with the class, without a server: the class file, seats, tokens, rate limits, the poll
widgets (teacher and students on one class file), the folder Voila serves and the command line."""
from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.classroom import share
from pirates_lab.classroom.page import ClassSeat, Refresher, class_page, class_setup, seat_from_cookie
from pirates_lab.classroom.store import CODE_ALPHABET, MAX_ANSWER, ClassDB, sign_seat, verify_seat
from pirates_lab.cli import main
from pirates_lab.widgets import lesson as lesson_kit
from pirates_lab.widgets import poll
from pirates_lab.widgets.lesson_model import Lesson
from event_loops import run_in_own_loop


@pytest.fixture
def db(tmp_path) -> ClassDB:
    return ClassDB(tmp_path / "class.sqlite")


# ---------------------------------------------------------------- the class file
def test_the_session_secrets_are_made_once_and_kept_in_the_file(tmp_path):
    first = ClassDB(tmp_path / "c.sqlite").session()
    again = ClassDB(tmp_path / "c.sqlite").session()          # a server restart reads the same file
    other = ClassDB(tmp_path / "d.sqlite").session()
    assert first == again
    assert len({first.join_token, first.teacher_token, other.join_token, other.teacher_token}) == 4
    assert len(first.join_code) == 6 and set(first.join_code) <= set(CODE_ALPHABET)
    assert (tmp_path / "c.sqlite").stat().st_mode & 0o077 == 0      # the secrets: the owner only


def test_join_token_and_code_are_checked(db):
    session = db.session()
    assert session.join_ok(token=session.join_token)
    assert not session.join_ok(token=session.join_token[:-1] + ("A" if session.join_token[-1] != "A" else "B"))
    assert session.join_ok(code=" " + " ".join(session.join_code.lower()) + " ")   # any case, spaces
    assert not session.join_ok(code=session.join_code[:5])
    assert not session.join_ok(token=session.teacher_token) and not session.join_ok()
    assert session.teacher_ok(session.teacher_token) and not session.teacher_ok(session.join_token)
    assert not session.teacher_ok(None)


def test_seats_are_numbered_from_one_up_to_the_limit(db):
    seats = [db.add_student(limit=3) for _ in range(4)]
    assert seats[3] is None and len(set(seats[:3])) == 3
    assert [db.number_of(s) for s in seats[:3]] == [1, 2, 3]
    assert db.students() == 3 and db.has_seat(seats[0]) and not db.has_seat("nobody")


def test_connected_counts_pages_seen_lately(db):
    a, b = db.add_student(5), db.add_student(5)
    db.seen(a, when=1000.0)
    db.seen(b, when=1020.0)
    assert db.connected(within=15, now=1030.0) == 1
    assert db.connected(within=60, now=1030.0) == 2


def test_answers_need_an_open_poll_and_the_last_one_counts(db):
    a, b = db.add_student(5), db.add_student(5)
    assert not db.answer("p", a, "1/2", "1/2")                   # never opened
    db.open_poll("p", "What are the odds?")
    assert db.answer("p", a, "1/2", "1/2") and db.answer("p", a, "40%", "2/5") and db.answer("p", b, "x" * 99, None)
    assert db.answer_of("p", a) == "40%" and db.answer_of("p", b) == "x" * MAX_ANSWER
    assert db.answers("p") == [(1, "40%", "2/5"), (2, "x" * MAX_ANSWER, None)]
    db.reveal("p", "33.33% (1/3)")
    assert db.poll_state("p") == "revealed" and not db.answer("p", a, "1/3", "1/3")
    assert db.answer_of("p", a) == "40%"
    db.open_poll("p", "What are the odds?")                      # opened again: answers kept
    assert db.poll_state("p") == "open" and db.answer_of("p", a) == "40%"


def test_export_writes_every_answer_as_csv(db, tmp_path):
    a = db.add_student(5)
    db.open_poll("Dice · 1", "Five or six?")
    db.answer("Dice · 1", a, "1/3", "1/3")
    db.answer("Dice · 1", a, "2/6", "1/3")
    assert db.export_csv(tmp_path / "out.csv") == 1
    rows = list(csv.reader(open(tmp_path / "out.csv", encoding="utf-8")))
    assert rows == [["poll", "question", "student", "answer", "exact value", "changes"],
                    ["Dice · 1", "Five or six?", "1", "2/6", "1/3", "1"]]


def test_seats_are_signed():
    key, other = "11" * 32, "22" * 32
    signed = sign_seat(key, "abc", "s")
    assert verify_seat(key, signed) == ("s", "abc")
    assert verify_seat(other, signed) is None
    assert verify_seat(key, "t" + signed[1:]) is None                 # a student cannot make itself the teacher
    assert verify_seat(key, signed[:-1] + ("0" if signed[-1] != "0" else "1")) is None
    assert verify_seat(key, None) is None and verify_seat(key, "x" * 500) is None
    with pytest.raises(ValueError):
        sign_seat(key, "abc", "admin")


def test_a_cookie_names_a_seat_only_when_signed_and_known(db):
    seat = db.add_student(5)
    key = db.session().key
    student = seat_from_cookie(db, f"other=1; {share.COOKIE}={sign_seat(key, seat, 's')}")
    assert (student.role, student.number) == ("student", 1)
    assert seat_from_cookie(db, f"{share.COOKIE}={sign_seat(key, share.TEACHER_SEAT, 't')}").teacher
    assert seat_from_cookie(db, f"{share.COOKIE}={sign_seat(key, 'gone', 's')}").role == "visitor"
    assert seat_from_cookie(db, f"{share.COOKIE}={sign_seat('00' * 32, seat, 's')}").role == "visitor"
    assert seat_from_cookie(db, None).role == "visitor"


# ---------------------------------------------------------------- limits
def test_rate_limit_is_a_sliding_window():
    now = [0.0]
    limit = share.RateLimit(3, 60, clock=lambda: now[0])
    assert not limit.full("ip")
    assert [limit.allow("ip") for _ in range(4)] == [True, True, True, False]
    assert limit.full("ip")
    now[0] = 59.9
    assert not limit.allow("ip") and limit.allow("other")
    now[0] = 60.0
    assert limit.allow("ip")


def test_token_bucket_allows_a_burst_then_a_rate():
    now = [0.0]
    bucket = share.TokenBucket(burst=5, rate=2, clock=lambda: now[0])
    assert sum(bucket.allow() for _ in range(10)) == 5
    now[0] = 1.0
    assert sum(bucket.allow() for _ in range(10)) == 2


def test_only_well_formed_v1_messages_pass():
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    good = serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"{}"], "shell")
    assert share.well_formed_v1(good)
    assert not share.well_formed_v1(good[:-3])                              # an offset past the end
    assert not share.well_formed_v1((10**12).to_bytes(8, "little") + good[8:])   # a forged count
    assert not share.well_formed_v1(b"x" * (share.MAX_WS_MESSAGE + 1))
    assert not share.well_formed_v1('{"header": {}}')                        # the legacy (text) protocol


# ---------------------------------------------------------------- the poll's model
def test_parse_prediction():
    assert poll.parse_prediction("41.67%", "probability") == (True, "4167/10000")
    assert poll.parse_prediction("5/12", "probability") == (True, "5/12")
    assert poll.parse_prediction("150%", "probability")[0] is False
    assert poll.parse_prediction("2.5", "count")[0] is False
    assert poll.parse_prediction("lots", "number")[0] is False
    assert poll.parse_prediction("x" * 41, "text") == (False, "A prediction is at most 40 characters.")
    assert poll.parse_prediction("  Sneaky   PETE ", "text") == (True, "sneaky pete")
    assert poll.parse_prediction("", "count") == (False, "Type a prediction first.")


def test_histogram_bins_probabilities_in_tens():
    labels, counts, mark = poll.histogram([Fraction(0), Fraction(1, 10), Fraction(99, 100), Fraction(1)],
                                          "probability", Fraction(1, 3))
    assert labels[0] == "0–10%" and labels[-1] == "90–100%"
    assert counts == [1, 1, 0, 0, 0, 0, 0, 0, 0, 2] and mark == 3


def test_histogram_of_many_numbers_uses_ten_bins():
    labels, counts, mark = poll.histogram([Fraction(n) for n in range(100)], "count", Fraction(50))
    assert len(labels) == 10 and counts == [10] * 10 and mark == 5


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(min_value=0, max_value=1), max_size=40), st.fractions(min_value=0, max_value=1),
       st.sampled_from(["probability", "number"]))
def test_histogram_counts_every_prediction_once(values, exact, unit):
    labels, counts, mark = poll.histogram(values, unit, exact)
    assert sum(counts) == len(values) and len(labels) == len(counts)
    assert mark is not None and 0 <= mark < len(labels)


# ---------------------------------------------------------------- the poll on a lesson, teacher and students
@pytest.fixture
def installed():
    saved = list(lesson_kit.QUESTION_EXTRAS)
    poll.install()
    poll.install()                                   # once is enough
    yield
    lesson_kit.QUESTION_EXTRAS[:] = saved
    poll.PANELS.clear()
    poll._STATE["seat"] = None


def page(db, role, seat=None):
    """One page of the class: a lesson view built the way a kernel of the pool builds it, then bound."""
    poll.PANELS.clear()
    poll._STATE["seat"] = None
    view = lesson_kit.lesson_view("dice_basics", presenter=False)
    who = ClassSeat(db, role, seat, db.number_of(seat) if seat else None)
    panels = poll.bind(who)
    panel = next(p for p in panels if p in view.content.children[0].children)
    return view, panel, Refresher(who, list(panels))


def test_the_kit_adds_a_poll_to_question_screens_only(installed, db):
    view, panel, _ = page(db, "teacher", share.TEACHER_SEAT)
    lesson = Lesson.named("dice_basics")
    assert len(poll.PANELS) == 1 and panel.name == poll.poll_name(lesson, lesson.screens[0])
    plain = [i for i, s in enumerate(lesson.screens) if not s.question]
    if plain:
        view.go(plain[0])
        assert len(poll.PANELS) == 1


def test_a_class_poll_from_open_to_reveal(installed, db):
    seats = [db.add_student(30) for _ in range(3)]
    teacher_view, teacher, teacher_tick = page(db, "teacher", share.TEACHER_SEAT)
    assert teacher.layout.display == "" and teacher.reveal_button.disabled
    students = [page(db, "student", seat) for seat in seats]
    assert all(p.layout.display == "none" for _, p, _ in students)       # nothing until the teacher opens it
    assert students[0][1].send("1/3") is False

    teacher.open_button.click()
    for _, _, tick in students:
        tick.tick()
    assert all(p.layout.display == "" for _, p, _ in students)
    expected = teacher.question.model.expected
    for (_, panel, _), text in zip(students, ["1/3", "35%", "0.9"]):
        panel.answer.value = text
        panel.send_button.click()
    assert students[0][1].send("1/2") is False                                  # one send every 2 s
    teacher_tick.tick()
    assert "data-answers='3'" in teacher.count.value
    labels, counts, mark = poll.histogram([Fraction(1, 3), Fraction(35, 100), Fraction(9, 10)], "probability",
                                          expected)
    assert list(teacher.bars.y) == counts and list(teacher.bars.x) == labels
    assert max(counts) == 2 and [int(t) for t in teacher.y_axis.tick_values] == [0, 1, 2, 3]   # whole students
    assert teacher.exact.value == ""                                            # not before Reveal

    teacher.reveal_button.click()
    assert teacher.question.model.answer_text() in teacher.exact.value
    assert "✔" in teacher.bars.x[mark]
    for _, panel, tick in students:
        tick.tick()
        assert panel.answer.disabled and panel.question.feedback.value != ""   # the answer and why
        assert teacher.question.model.answer_text() in panel.question.feedback.value
    assert students[1][1].send("1/2") is False                                  # closed


def test_a_reload_keeps_the_answer_and_a_student_sees_only_their_own(installed, db):
    first, second = db.add_student(30), db.add_student(30)
    _, teacher, _ = page(db, "teacher", share.TEACHER_SEAT)
    teacher.open_button.click()
    _, panel, _ = page(db, "student", first)
    panel.answer.value = "45%"
    panel.send_button.click()
    _, reloaded, _ = page(db, "student", first)                 # a new kernel for the same seat
    assert "data-answer='45%'" in reloaded.mine_html.value
    _, other, _ = page(db, "student", second)
    assert other.mine is None and "45%" not in other.mine_html.value
    assert other.children == (other.title, other.status, other.student_box)   # no chart, no count
    assert db.answers(teacher.name) == [(1, "45%", "9/20")]


def test_a_visitor_page_shows_no_poll(installed, db):
    _, panel, _ = page(db, "visitor")
    assert panel.layout.display == "none"
    assert panel.send("1/2") is False


def test_class_cells_do_nothing_outside_a_shared_class(monkeypatch):
    monkeypatch.delenv(share.DB_ENV, raising=False)
    saved = list(lesson_kit.QUESTION_EXTRAS)
    class_setup()
    class_page()
    assert lesson_kit.QUESTION_EXTRAS == saved


# ---------------------------------------------------------------- what Voila serves
def test_the_served_copy_wraps_the_lesson_in_class_cells(tmp_path):
    source = Path(__file__).resolve().parents[1] / "notebooks" / "01_dice_basics.ipynb"
    share.prepare_folder([source], tmp_path / "served")
    copy = nbformat.read(tmp_path / "served" / source.name, as_version=4)
    original = nbformat.read(source, as_version=4)
    assert [c.source for c in copy.cells[1:-1]] == [c.source for c in original.cells]
    assert "class_setup()" in copy.cells[0].source and "presenter_bar" not in copy.cells[0].source
    assert copy.cells[-1].source.endswith("class_page()")
    assert copy.cells[0].metadata["tags"] == copy.cells[-1].metadata["tags"] == ["pirates-lab-class"]


def test_how_to_join_and_full_pages_say_what_to_do():
    assert "join code" in share.how_to_join_html() and "<script" not in share.how_to_join_html("<script>")
    assert "The class is full" in share.class_full_html(30) and "30" in share.class_full_html(30)


def test_qr_code_is_drawn_offline():
    svg = share.qr_svg("http://10.0.0.2:8866/join?t=abc")
    assert svg.startswith("<svg") and "path" in svg
    assert share.qr_text("http://x/").count("\n") > 5


# ---------------------------------------------------------------- the command line
def test_share_dry_run_prints_the_join_address_of_the_class_file_and_writes_nothing(tmp_path, capsys):
    db_path = tmp_path / "class.sqlite"
    session = ClassDB(db_path).session()
    before = sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm")))
    assert main(["classroom", "dice_basics", "--share", "--host", "127.0.0.1", "--port", "0", "--students", "4",
                 "--class-db", str(db_path), "--dry-run"]) == 0
    command, join = capsys.readouterr().out.strip().splitlines()
    assert join.endswith(f"/join?t={session.join_token}") and join.startswith("http://127.0.0.1:")
    assert "--Voila.ip=127.0.0.1" in command and "voila" in command
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == before
    assert ClassDB(db_path).session() == session
    fresh = tmp_path / "new" / "class.sqlite"
    assert main(["classroom", "dice_basics", "--share", "--host", "127.0.0.1", "--port", "0",
                 "--class-db", str(fresh), "--dry-run"]) == 0
    assert not (tmp_path / "new").exists()                                        # issue 33: it starts nothing


def test_share_options_need_share(capsys):
    assert main(["classroom", "dice_basics", "--students", "4", "--dry-run"]) != 0
    assert "--students is for a shared class" in capsys.readouterr().err


def test_students_are_bounded(capsys, tmp_path):
    assert main(["classroom", "dice_basics", "--share", "--host", "127.0.0.1", "--students", "0",
                 "--class-db", str(tmp_path / "c.sqlite"), "--dry-run"]) != 0
    assert "--students is between 1 and 200" in capsys.readouterr().err


def test_export_writes_the_csv(tmp_path, capsys):
    db = ClassDB(tmp_path / "class.sqlite")
    seat = db.add_student(3)
    db.open_poll("P · 2", "Odds?")
    db.answer("P · 2", seat, "1/6", "1/6")
    out = tmp_path / "answers.csv"
    assert main(["classroom", "--export", str(out), "--class-db", str(tmp_path / "class.sqlite")]) == 0
    assert "1 answer written" in capsys.readouterr().out
    assert list(csv.reader(open(out, encoding="utf-8")))[1] == ["P · 2", "Odds?", "1", "1/6", "1/6", "0"]
    assert main(["classroom", "--export", str(out)]) != 0
    assert "--export needs the class file" in capsys.readouterr().err


# ---------------------------------------------------------------- the kernel pool, the kernels' key, stopping
@given(pool=st.integers(0, 60), students=st.integers(1, 60), joined=st.integers(0, 60), reserve=st.integers(0, 5))
def test_the_pool_keeps_a_kernel_per_place_to_come_and_a_reserve_for_reloads(pool, students, joined, reserve):
    joined = min(joined, students)
    size = share.pool_size(pool, students, joined, reserve)
    assert 0 <= size <= pool                                       # never more than --pool
    assert size >= min(pool, reserve)                              # reloads find a warm kernel, class full or not
    assert size >= min(pool, students + 1 - joined)                # every place still to take (and the teacher's)
    assert size == min(pool, max(reserve, students + 1 - joined))


def test_a_full_class_still_has_warm_kernels_for_reloads():
    assert share.pool_size(31, 30, 30) == share.RELOAD_RESERVE == 2
    assert share.pool_size(31, 30, 0) == 31 and share.pool_size(0, 30, 30) == 0


def test_the_kernel_key_is_the_class_key_signing_the_kernel_id(db):
    from pirates_lab.classroom.store import kernel_key

    key = db.session().key
    assert kernel_key(key, "a") == kernel_key(key, "a")
    assert kernel_key(key, "a") != kernel_key(key, "b")
    assert kernel_key(key, "a") != kernel_key("11" * 32, "a")      # another class's kernel cannot listen


def test_a_restart_forgets_the_warm_kernels_of_the_last_run(db):
    db.kernel_ready(101)
    db.kernel_ready(102)
    db.kernel_taken(101)
    assert db.ready_kernels() == 1
    db.forget_kernels()
    assert db.ready_kernels() == 0


def test_a_server_stops_what_it_started_in_other_sessions_too(tmp_path):
    """Voila started by the CLI, and Jupyter's kernels, each run in a session (process group) of their own:
    stopping the server must stop them as well, or they outlive it and keep its port and memory."""
    import os
    import signal
    import sys
    import time

    from pirates_lab import classroom

    port = classroom.free_port()
    pid_file = tmp_path / "grandchild.pid"
    grandchild = ("import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(300)")
    script = (f"import subprocess, sys, http.server, socketserver\n"
              f"child = subprocess.Popen([sys.executable, '-c', {grandchild!r}], start_new_session=True)\n"
              f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
              f"socketserver.TCPServer(('127.0.0.1', {port}), http.server.BaseHTTPRequestHandler).serve_forever()\n")
    server = classroom.Server([sys.executable, "-c", script], port, log=tmp_path / "log").start(timeout=120)
    deadline = time.monotonic() + 60
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.1)
    pid = int(pid_file.read_text())
    assert os.getpgid(pid) != os.getpgid(server.process.pid)        # out of the server's group
    server.stop(grace=2)
    deadline = time.monotonic() + 30
    gone = False
    while not gone and time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            gone = state in ("Z", "X")
        except (ProcessLookupError, FileNotFoundError):
            gone = True
        time.sleep(0.1)
    if not gone:
        os.kill(pid, signal.SIGKILL)
    assert gone, "a process the server started in a session of its own outlived the server"


def test_a_server_refuses_a_port_someone_listens_on(tmp_path):
    import socket
    import sys

    from pirates_lab import classroom

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(RuntimeError, match="already in use"):
            classroom.Server([sys.executable, "-c", "import time; time.sleep(60)"], port, log=tmp_path / "log").start()


# ---------------------------------------------------------------- follow the teacher
def test_students_follow_the_teacher_s_screen_while_the_switch_is_on(installed, db):
    seat = db.add_student(30)
    teacher_view, _, _ = page(db, "teacher", share.TEACHER_SEAT)
    teacher = poll.TeacherPanel(ClassSeat(db, "teacher", share.TEACHER_SEAT), [teacher_view])
    student_view, _, _ = page(db, "student", seat)
    follower = poll.Follower(ClassSeat(db, "student", seat, 1), [student_view])
    assert not teacher.follow.value and "pl-follow-switch" in teacher.follow._dom_classes

    teacher_view.go(2)
    follower.tick()
    assert student_view.index == 0                      # off: the students move themselves
    teacher.follow.value = True
    follower.tick()
    assert student_view.index == 2 and db.followed_screen() == 3      # on: to the teacher's screen at once
    teacher_view.next_button.click()
    follower.tick()
    assert student_view.index == 3
    student_view.go(1)                                  # a student looks back ...
    follower.tick()
    assert student_view.index == 1                      # ... and stays there until the teacher moves
    teacher_view.go(4)
    follower.tick()
    assert student_view.index == 4
    reloaded_view, _, _ = page(db, "student", seat)     # a reload (a new kernel) follows at once
    poll.Follower(ClassSeat(db, "student", seat, 1), [reloaded_view]).tick()
    assert reloaded_view.index == 4

    teacher.follow.value = False
    teacher_view.go(0)
    follower.tick()
    assert student_view.index == 4 and db.followed_screen() is None
    assert ClassDB(db.path).following() is False        # the switch is in the class file: a restart keeps it


def test_all_lessons_keep_one_warm_page_each_and_the_menu_one_per_student(tmp_path):
    folder = Path(__file__).resolve().parents[1] / "notebooks"
    notebooks = [folder / "01_dice_basics.ipynb", folder / "lessons.ipynb"]
    planned = share.plan(notebooks, "lessons.ipynb", host="127.0.0.1", port=8866, students=4, pool=None,
                         db_path=tmp_path / "c.sqlite", config_dir=tmp_path / "config", served_dir=tmp_path / "served",
                         cell_timeout=120, tracebacks=False, large=False)
    import json

    assert json.loads(planned["env"]["PIRATES_LAB_CLASS_POOLS"]) == {"default": 1, "lessons.ipynb": 5}
    one = share.plan(notebooks[:1], "01_dice_basics.ipynb", host="127.0.0.1", port=8866, students=4, pool=0,
                     db_path=tmp_path / "c.sqlite", config_dir=tmp_path / "config", served_dir=tmp_path / "one",
                     cell_timeout=120, tracebacks=False, large=False)
    assert json.loads(one["env"]["PIRATES_LAB_CLASS_POOLS"]) == {"default": 0, "01_dice_basics.ipynb": 0}


def test_voila_waits_for_a_finished_cells_output_two_minutes_not_four_seconds(tmp_path, monkeypatch):
    # nbclient's 4 s default let a busy server serve a page without its lesson (the view came 4 s late)
    from pirates_lab import classroom

    monkeypatch.delenv(classroom.IOPUB_TIMEOUT_ENV, raising=False)
    monkeypatch.delenv(classroom.CULL_IDLE_ENV, raising=False)
    folder = Path(__file__).resolve().parents[1] / "notebooks"
    planned = share.plan([folder / "01_dice_basics.ipynb"], "01_dice_basics.ipynb", host="127.0.0.1", port=8866,
                         students=2, pool=None, db_path=tmp_path / "c.sqlite", config_dir=tmp_path / "config",
                         served_dir=tmp_path / "served", cell_timeout=30, tracebacks=False, large=False)
    local = classroom.voila_command(folder / "01_dice_basics.ipynb", 8866, config_dir=tmp_path / "config")
    for command in (planned["command"], local):
        assert "--VoilaExecutor.iopub_timeout=120" in command
        assert "--KernelManager.transport=ipc" in command    # kernels on socket files: no TCP port races
        # a page gone without saying so (a tablet asleep) has its kernel stopped after 15 minutes
        assert "--MappingKernelManager.cull_idle_timeout=900" in command
    monkeypatch.setenv(classroom.IOPUB_TIMEOUT_ENV, "0")
    assert "--VoilaExecutor.iopub_timeout=0" in classroom.voila_command(folder, 8866, config_dir=tmp_path)
    monkeypatch.setenv(classroom.IOPUB_TIMEOUT_ENV, "soon")
    assert classroom.iopub_timeout() == 120
    monkeypatch.setenv(classroom.CULL_IDLE_ENV, "30")
    assert "--MappingKernelManager.cull_idle_timeout=30" in classroom.voila_command(folder, 8866, config_dir=tmp_path)
    monkeypatch.setenv(classroom.CULL_IDLE_ENV, "later")
    assert "--MappingKernelManager.cull_idle_timeout=900" in classroom.voila_command(folder, 8866, config_dir=tmp_path)
    monkeypatch.setenv(classroom.CULL_IDLE_ENV, "0")
    assert not any("cull" in part for part in classroom.voila_command(folder, 8866, config_dir=tmp_path))


@pytest.mark.parametrize("idle, interval", [(900, 60), (6000, 60), (6, 2), (3, 1), (2, 1), (1, 1)])
def test_gone_pages_are_looked_for_every_minute_or_more_often_for_a_short_limit(idle, interval):
    from pirates_lab import classroom

    assert classroom.kernel_culling(idle) == [f"--MappingKernelManager.cull_idle_timeout={idle}",
                                              f"--MappingKernelManager.cull_interval={interval}"]
    assert classroom.kernel_culling(0) == classroom.kernel_culling(-5) == []


def test_seconds_from_the_environment_are_whole_and_never_below_zero(monkeypatch):
    from pirates_lab import classroom

    for text, seconds in (("7", 7), ("-5", 0), ("soon", 120), ("2.5", 120), ("", 120)):
        monkeypatch.setenv("PL_TEST_S", text)
        assert classroom.env_seconds("PL_TEST_S", 120) == seconds
    monkeypatch.delenv("PL_TEST_S")
    assert classroom.env_seconds("PL_TEST_S", 120) == 120


def test_the_page_guard_looks_for_the_widgets_the_cells_showed_and_marks_each():
    import ipywidgets as widgets

    from pirates_lab.classroom.page import mark_parts, shown_widgets

    lesson, menu, closed = widgets.VBox(), widgets.HTML("menu"), widgets.Button()
    closed.close()
    shown = shown_widgets({1: lesson, 2: 42, 3: "text", 4: closed, 5: menu})
    assert shown == [lesson, menu]
    parts = mark_parts(shown)
    assert parts == [f"pl-part-{lesson.model_id[:16]}", f"pl-part-{menu.model_id[:16]}"]
    assert parts[0] in lesson._dom_classes and parts[1] in menu._dom_classes and parts[0] != parts[1]
    assert shown_widgets({}) == [] and mark_parts([]) == []


def test_a_simulated_page_knows_when_its_html_came_without_a_part_of_the_lesson():
    from pirates_lab.classroom.simstudent import SimStudent

    student = SimStudent("http://127.0.0.1:1", "/join?t=x", "voila/render/a.ipynb")
    student.states = {"lesson1": {"state": {"_dom_classes": ["pl-lesson", "pl-part-lesson1"]}},
                      "badge": {"state": {"_dom_classes": ["pl-class-student"]}},
                      "menu22": {"state": {"_dom_classes": ["pl-part-menu22"]}}}
    page = '<script type="application/vnd.voila.cell-output+json">{"model_id": "lesson1"}</script>'
    assert student.missing_parts(page) == ["menu22"]
    assert student.missing_parts(page + '{"model_id": "menu22"}') == []
    assert student.missing_parts("") == ["lesson1", "menu22"]


def test_a_simulated_page_keeps_a_widget_made_while_the_kernel_answered_for_the_states():
    # the student's badge is made by the page's join thread: its comm_open and class can come before the
    # reply to request_states, which lists only the widgets there when it was read (once lost: 600 s waits)
    import asyncio
    import json as json_

    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    from pirates_lab.classroom.simstudent import SimStudent, message

    def raw(msg_type, content):
        msg = message(msg_type, content, channel="iopub")
        return serialize_msg_to_ws_v1([json_.dumps(msg[k]).encode() for k in
                                       ("header", "parent_header", "metadata", "content")], "iopub")

    incoming = [raw("comm_open", {"comm_id": "badge", "target_name": "jupyter.widget", "data": {"state": {}}}),
                raw("comm_msg", {"comm_id": "badge", "data": {"method": "update",
                                                              "state": {"_dom_classes": ["pl-class-student"]}}}),
                raw("comm_msg", {"comm_id": "later", "data": {"method": "update", "state": {"value": "7%"}}}),
                raw("comm_msg", {"comm_id": "control", "data": {"method": "update_states", "states": {
                    "lesson": {"state": {"_dom_classes": ["pl-lesson"]}},
                    "later": {"state": {"value": ""}}}}})]
    sent = []

    class Socket:
        def write_message(self, data, binary=False):
            sent.append(data)

        async def read_message(self):
            return incoming.pop(0)

    student = SimStudent("http://127.0.0.1:1", "/join?t=x", "voila/render/a.ipynb", timeout=5)
    student.socket = Socket()
    run_in_own_loop(student.read_states())
    assert student.has_widget("pl-class-student") and student.has_widget("pl-lesson")
    assert student.states["later"]["state"]["value"] == "7%"          # an update that came before the reply
    assert len(sent) == 2                                             # comm_open and request_states, once
