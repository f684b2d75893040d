"""The attacks a school's IT staff would try on ``classroom --share``, each through the real server (issue 33),
each asserted to fail: another seat's kernel (its websocket, its shutdown, its model, a restart), the teacher's
kernel from a student's cookie, 8 page loads from one cookie, a third websocket to one kernel, the answer before
the teacher's Reveal (and the teacher notes on a student's page), tokens and codes in the server's log, typos
behind a school's NAT, and a teacher's reload sending the class back to screen 1.

One server for the module (6 places, 3 warm kernels); every wait has its own limit and says what it waited for.
The blocked-chunk attack needs Chromium: tests/browser/test_browser_share_security.py.
"""
from __future__ import annotations

import asyncio
import importlib.util
import re
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("classroom_load_sec", ROOT / "benchmarks" / "classroom_load.py")
load = importlib.util.module_from_spec(spec)
sys.modules["classroom_load_sec"] = load
spec.loader.exec_module(load)

STUDENTS, POOL = 6, 3
START_LIMIT, STEP_LIMIT, RUN_LIMIT = 420, 180, 300
PAGE = f"voila/render/{load.NOTEBOOK}"
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    shared = load.SharedLesson(tmp_path_factory.mktemp("security"), STUDENTS, pool=POOL)
    shared.start(timeout=START_LIMIT)
    yield shared
    shared.stop()


def run(coroutine, what: str, seconds: float = RUN_LIMIT):
    from pirates_lab.classroom.simstudent import run_in_thread

    return run_in_thread(coroutine, seconds, what)


async def fetch(room, path: str, cookies: str = "", method: str = "GET", **options):
    from tornado.httpclient import AsyncHTTPClient

    body = b"" if method == "POST" else None
    return await AsyncHTTPClient().fetch(room.base + path, method=method, body=body,
                                         headers={"Cookie": cookies, "X-XSRFToken": "x"} if cookies else {},
                                         follow_redirects=False, raise_error=False, allow_nonstandard_methods=True,
                                         connect_timeout=STEP_LIMIT, request_timeout=STEP_LIMIT, **options)


async def websocket_status(room, kernel: str, cookies: str):
    """Open a kernel's websocket with ``cookies``: 101 (open: closed again at once), or the HTTP refusal."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    from pirates_lab.classroom.simstudent import V1_PROTOCOL

    url = room.base.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels?session_id=attack"
    try:
        socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}, connect_timeout=STEP_LIMIT,
                                                     request_timeout=STEP_LIMIT), subprotocols=[V1_PROTOCOL])
    except HTTPClientError as error:
        return error.code
    socket.close()
    return 101


def student(room, **options):
    from pirates_lab.classroom.simstudent import SimStudent

    return SimStudent(room.base, room.join_path(), PAGE, timeout=STEP_LIMIT, **options)


def teacher(room, **options):
    from pirates_lab.classroom.simstudent import SimStudent

    token = room.class_db().session().teacher_token
    return SimStudent(room.base, f"/teacher?t={token}", PAGE, timeout=STEP_LIMIT, **options)


async def open_teacher(page) -> None:
    if await page.join() != 302:
        raise AssertionError("the teacher was not let in")
    await page.open_page()
    await page.wait_for_widget("pl-teacher-panel")


@pytest.fixture(scope="module")
def seats(room):
    """The teacher's page and two students' pages, open (their kernels running)."""
    async def open_all():
        first, second, desk = student(room), student(room), teacher(room)
        await first.visit()
        await second.visit()
        await open_teacher(desk)
        return first, second, desk

    pages = run(open_all(), "the teacher's page and two students' pages")
    yield pages

    async def close_all():
        for page in pages:
            page.socket = None               # opened in another test's event loop: the shutdown closes it
            if page.kernel_id:
                await page.close()
    run(close_all(), "closing the pages")


def test_a_student_cannot_reach_another_seat_s_kernel_or_the_teacher_s(room, seats):
    first, second, desk = seats
    cookie = second._cookie_header()

    async def attacks():
        out = {}
        for name, kernel in (("student", first.kernel_id), ("teacher", desk.kernel_id)):
            out[name, "websocket"] = await websocket_status(room, kernel, cookie)
            out[name, "model"] = (await fetch(room, f"/api/kernels/{kernel}", cookie)).code
            out[name, "restart"] = (await fetch(room, f"/api/kernels/{kernel}/restart", cookie, "POST")).code
            out[name, "interrupt"] = (await fetch(room, f"/api/kernels/{kernel}/interrupt", cookie, "POST")).code
            out[name, "delete"] = (await fetch(room, f"/api/kernels/{kernel}", cookie, "DELETE")).code
            out[name, "shutdown"] = (await fetch(room, f"/voila/api/shutdown/{kernel}", cookie, "POST")).code
        out["own", "websocket"] = await websocket_status(room, second.kernel_id, cookie)
        out["teacher-own", "model"] = (await fetch(room, f"/api/kernels/{desk.kernel_id}",
                                                   desk._cookie_header())).code
        return out

    codes = run(attacks(), "a student's attacks on other kernels")
    refused = {key: code for key, code in codes.items() if key[0] in ("student", "teacher")}
    assert all(code in (403, 404, 405) for code in refused.values()), refused
    assert refused["student", "websocket"] == refused["teacher", "websocket"] == 403
    assert refused["teacher", "shutdown"] == refused["teacher", "delete"] == 403
    assert codes["own", "websocket"] == 101 and codes["teacher-own", "model"] == 200   # the owner still gets in
    assert room.kernel_alive(first.kernel_id) and room.kernel_alive(desk.kernel_id)


def test_a_kernel_takes_at_most_two_websockets(room, seats):
    first, _, _ = seats            # its page holds one websocket
    cookie = first._cookie_header()

    async def extra():
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        from pirates_lab.classroom.simstudent import V1_PROTOCOL, bounded

        url = room.base.replace("http", "ws", 1) + f"/api/kernels/{first.kernel_id}/channels?session_id=more"
        sockets, firsts = [], []
        for _ in range(2):
            socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookie}, connect_timeout=STEP_LIMIT,
                                                         request_timeout=STEP_LIMIT), subprotocols=[V1_PROTOCOL])
            sockets.append(socket)
        # the third is closed by the server at once; the second stays open (reads time out)
        try:
            firsts.append(await bounded(sockets[1].read_message(), 5, "the third websocket"))
        except Exception:
            firsts.append("open")
        for socket in sockets:
            socket.close()
        return firsts, sockets[1].close_code

    (third,), code = run(extra(), "a second and a third websocket to one kernel")
    assert third is None and code == 1008


def test_eight_loads_from_one_cookie_keep_at_most_two_kernels(room):
    async def attack():
        page = student(room)
        assert await page.join() == 302
        cookie = page._cookie_header()

        async def one_load():
            response = await fetch(room, f"/{PAGE}", cookie)
            found = KERNEL_ID.search((response.body or b"").decode("utf-8", "replace"))
            return response.code, found.group(1) if found else None

        loads = await asyncio.gather(*(one_load() for _ in range(8)))
        kernels = [kernel for _, kernel in loads if kernel]
        deadline = time.monotonic() + 60
        while sum(map(room.kernel_alive, kernels)) > 2 and time.monotonic() < deadline:
            await asyncio.sleep(1)
        return loads, kernels

    loads, kernels = run(attack(), "8 page loads from one cookie")
    assert [code for code, _ in loads] == [200] * 8 and len(set(kernels)) == 8
    alive = [kernel for kernel in kernels if room.kernel_alive(kernel)]
    assert len(alive) <= 2, f"{len(alive)} of the 8 pages' kernels still run"


def test_the_answer_stays_with_the_teacher_until_reveal(room):
    from pirates_lab.classroom.simstudent import message
    from pirates_lab.widgets.lesson_model import Lesson

    poll, screen = load.first_question()
    answer = Lesson.named(load.LESSON).question(screen).answer_text()
    room.class_db().open_poll(poll, screen.question.prompt)     # what the teacher's Open button writes

    def texts(page) -> str:
        return " ".join(str(entry["state"].get("value", "")) for entry in page.states.values())

    async def try_it():
        page = student(room, screen=screen.number)
        await page.visit()
        notes = "Teacher notes" in texts(page)
        reveal, check, box = page.widget("pl-show-answer"), page.widget("pl-check"), page.widget("pl-answer")
        page.send(message("comm_msg", {"comm_id": reveal, "data": {"method": "custom", "content": {"event": "click"}}}))
        page.send(message("comm_msg", {"comm_id": box, "data": {"method": "update", "state": {"value": answer},
                                                               "buffer_paths": []}}))
        page.send(message("comm_msg", {"comm_id": check, "data": {"method": "custom", "content": {"event": "click"}}}))
        held = page.widget("pl-feedback")
        await page.wait_for(lambda m: "pl-answer-held" in str(page.states[held]["state"].get("value", "")),
                            what="the page to say the answer waits for the teacher")
        await asyncio.sleep(2)              # anything more the kernel would send comes now
        before = (page.widget_value("pl-feedback"), page.widget_value("pl-why"))
        room.class_db().reveal(poll, answer)                       # the teacher's Reveal
        await page.wait_for(lambda m: "pl-feedback-revealed" in page.widget_value("pl-feedback"),
                            what="the answer on the student's page after Reveal")
        after = page.widget_value("pl-feedback") + page.widget_value("pl-why")
        await page.close()
        return notes, before, after

    notes, before, after = run(try_it(), "a student asking for the answer before the reveal")
    assert not notes, "a student's page carries the Teacher notes"
    assert "pl-feedback-revealed" not in before[0] and "pl-feedback-right" not in before[0] and before[1] == ""
    assert "pl-answer-held" in before[0]
    assert answer in after                  # after Reveal the page shows the answer


def test_typos_behind_one_address_lock_out_neither_the_class_nor_the_teacher(room):
    from pirates_lab.classroom.share import JOIN_TRIES_A_MINUTE

    async def typos():
        session = room.class_db().session()
        careless = "pirates_lab_visitor=" + "c" * 22             # one student's browser, typing wrong codes
        codes = [(await fetch(room, "/join?code=ZZZZZ9", careless)).code for _ in range(JOIN_TRIES_A_MINUTE + 2)]
        teacher_wrong = [(await fetch(room, "/teacher?t=wrong")).code for _ in range(JOIN_TRIES_A_MINUTE + 2)]
        other = (await fetch(room, f"/join?code={session.join_code.lower()}", "pirates_lab_visitor=" + "o" * 22)).code
        by_qr = (await fetch(room, f"/join?t={session.join_token}", careless)).code
        by_code_again = (await fetch(room, f"/join?code={session.join_code}", careless)).code
        desk = (await fetch(room, f"/teacher?t={session.teacher_token}")).code
        return codes, teacher_wrong, other, by_qr, by_code_again, desk

    codes, teacher_wrong, other, by_qr, by_code_again, desk = run(typos(), "typos behind one address")
    assert codes[:JOIN_TRIES_A_MINUTE] == [403] * JOIN_TRIES_A_MINUTE and codes[-1] == 429   # that browser waits
    assert teacher_wrong[-1] == 429
    assert other == 302, "a classmate behind the same address was locked out by another's typos"
    assert by_qr == 302, "the QR code's token was refused after typos"
    assert by_code_again == 429                                  # guessing the code stays limited
    assert desk == 302, "the teacher was locked out after wrong tries"


def test_a_teacher_reload_keeps_the_class_where_it_is(room):
    db = room.class_db()

    async def reload_teacher():
        page = teacher(room)
        await open_teacher(page)
        db.teacher_at(4)                     # the teacher's page moved to screen 4 (its contents list writes this)
        db.set_follow(True)
        await page.close()
        await page.open_page()               # a reload: the page without ?screen=
        await page.wait_for_widget("pl-teacher-panel")
        counter = page.widget_value("pl-lesson-counter")
        await page.close()
        return counter

    counter = run(reload_teacher(), "the teacher's page reloaded")
    db.set_follow(False)
    assert "data-screen='4'" in counter and db.teacher_screen() == 4


def test_no_token_code_cookie_or_kernel_id_in_the_server_log(room, seats):
    """Run last: the requests above (wrong codes, 429s, the teacher's address, kernels' websockets) are in it."""
    first, second, desk = seats
    session = room.class_db().session()

    async def full_class():
        codes = []
        while room.class_db().students() < STUDENTS:
            codes.append((await fetch(room, room.join_path())).code)
        codes.append((await fetch(room, room.join_path())).code)        # the class is full: a 403 with the token
        return codes

    assert run(full_class(), "filling the class")[-1] == 403
    time.sleep(1)
    text = room.log.read_text(encoding="utf-8", errors="replace")
    # the server's log: every line but what the command itself prints for the teacher when it starts
    said = ("Class file:", "Students: open", "Join address:", "Teacher", "FOR THE TEACHER", "pirates-lab classroom")
    lines = [line for line in text.splitlines() if not line.startswith(said)]
    assert any("/join?t=" in line for line in lines) and any("/teacher?t=" in line for line in lines)
    assert any("/join?code=" in line for line in lines) and any("/channels" in line for line in lines)
    secrets = {"join token": session.join_token, "teacher token": session.teacher_token,
               "join code": session.join_code, "seat cookie": first.cookies["pirates_lab_seat"]}
    secrets.update({f"kernel {page.kernel_id}": page.kernel_id for page in seats if page.kernel_id})
    leaks = {name: line for name, value in secrets.items() for line in lines if value in line}
    assert not leaks, leaks


# ---------------------------------------------------------------- the same guards without a server (fast)
def test_a_student_page_holds_the_answer_while_the_poll_is_open(tmp_path):
    from pirates_lab.classroom.page import ClassSeat
    from pirates_lab.classroom.store import ClassDB
    from pirates_lab.widgets import lesson as lesson_kit
    from pirates_lab.widgets import poll

    db = ClassDB(tmp_path / "class.db")
    seat = db.add_student(30)
    saved = list(lesson_kit.QUESTION_EXTRAS)
    try:
        poll.install()
        poll.PANELS.clear()
        view = lesson_kit.lesson_view("dice_basics", presenter=False)
        student = ClassSeat(db, "student", seat, 1)
        panel = next(p for p in poll.bind(student) if p in view.content.children[0].children)
        question, answer = panel.question, panel.question.model.answer_text()
        db.open_poll(panel.name, "?")
        assert question.check(str(question.model.expected)) is None and "pl-answer-held" in question.feedback.value
        question.reveal_button.click()                   # the hidden button, clicked over the websocket
        assert answer not in question.feedback.value and question.why.value == ""
        db.reveal(panel.name, answer)
        question.reveal_button.click()
        assert answer in question.feedback.value          # after the teacher's Reveal
        teacher = ClassSeat(db, "teacher", "teacher")
        db.open_poll(panel.name, "?")
        panel.bind(teacher)
        assert question.check("1/2") is False             # the teacher's page checks as ever
    finally:
        lesson_kit.QUESTION_EXTRAS[:] = saved
        poll.PANELS.clear()
        poll._STATE["seat"] = None


def test_teacher_notes_wait_for_the_teacher(monkeypatch):
    from pirates_lab.classroom import page
    from pirates_lab.widgets import lesson as lesson_kit

    original = lesson_kit._teacher_html
    try:
        page.hold_teacher_notes()
        view = lesson_kit.lesson_view("dice_basics", presenter=False)
        assert view.notes.value == "" and "Teacher notes" not in view.notes.value
        view.go(2)
        assert view.notes.value == ""
        page.show_teacher_notes([view])
        assert "Teacher notes" in view.notes.value and lesson_kit._teacher_html is original
    finally:
        lesson_kit._teacher_html = original
        page._NOTES.clear()


def test_log_records_are_scrubbed_when_made():
    import logging

    from pirates_lab.classroom.guard import install_log_scrubber

    made = logging.getLogRecordFactory()
    kernel = "0b6c1a3e-1f7b-4c8e-9d2a-3b4c5d6e7f80"
    try:
        install_log_scrubber(["SeCrEtToKeN", "K7WQ3M"])
        info = logging.getLogger("t").makeRecord("t", logging.WARNING, "f", 1, "429 GET %s (%s) kernel %s",
                                                 ("/teacher?t=SeCrEtToKeN", "code K7WQ3M", kernel), None)
        debug = logging.getLogger("t").makeRecord("t", logging.DEBUG, "f", 1, "kernel %s", (kernel,), None)
    finally:
        logging.setLogRecordFactory(made)
    text = info.getMessage()
    assert "SeCrEtToKeN" not in text and "K7WQ3M" not in text and kernel not in text and "/teacher?t=…" in text
    assert kernel in debug.getMessage()                   # kernel ids at debug level only


def test_a_traceback_in_a_log_record_is_scrubbed_too():
    """An exception's text (a token in a URL, the join code, a cookie, a kernel id) never reaches the log: not
    through ``logger.exception``, ``exc_info=``, ``stack_info=``, nor arguments that do not fit their message."""
    import io
    import logging

    from tornado.log import LogFormatter

    from pirates_lab.classroom.guard import install_log_scrubber

    kernel, token, code, cookie = "0b6c1a3e-1f7b-4c8e-9d2a-3b4c5d6e7f80", "SeCrEtToKeN42", "K7WQ3M", "s-abc.def9"
    said = "/api/kernels/%s/channels?session_id=x failed for code %s; Cookie: pirates_lab_seat=%s; t=%s"
    made, out = logging.getLogRecordFactory(), io.StringIO()
    logger = logging.getLogger("pirates_lab.test_traceback")
    handlers = [logging.StreamHandler(out), logging.StreamHandler(out)]
    handlers[0].setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    handlers[1].setFormatter(LogFormatter(color=False))                  # Tornado's and Jupyter's formatter
    for handler in handlers:
        logger.addHandler(handler)
    logger.propagate, raised = False, KeyError(said % (kernel, code, cookie, token))
    try:
        install_log_scrubber([token, code])
        try:
            raise RuntimeError("the page failed") from raised
        except RuntimeError:
            logger.exception("a page failed")
            logger.error("again", exc_info=True, stack_info=True)
        logger.warning("stack", stack_info=True, extra={"at": "/api/kernels/0b6c1a3e-1f7b-4c8e-9d2a-3b4c5d6e7f80"})
        logger.warning("%s and %s", said % (kernel, code, cookie, token))     # two %s, one argument
    finally:
        logging.setLogRecordFactory(made)
        for handler in handlers:
            logger.removeHandler(handler)
        logger.propagate = True
    text = out.getvalue()
    assert text.count("Traceback (most recent call last)") == 4 and "KeyError" in text and "Stack (most recent" in text
    leaks = [name for name, value in {"kernel": kernel, "token": token, "code": code, "cookie": cookie}.items()
             if value in text]
    assert not leaks, text
    assert "/api/kernels/kernel-…/channels?session_id=… failed for code …; Cookie: …" in text


def test_voila_s_execution_websocket_opens_only_for_the_kernel_s_own_seat():
    """``/voila/execution/<kernel_id>`` (progressive rendering) runs the page's notebook on the kernel it names:
    through a real Tornado server, only the seat that owns the kernel gets the websocket."""
    import json

    import tornado.web
    from jupyter_server.auth import IdentityProvider, User
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect
    from voila.tornado.execution_request_handler import ExecutionRequestHandler

    from pirates_lab.classroom import free_port
    from pirates_lab.classroom.guard import KernelOwners, seat_only

    mine, theirs, nobody_s = ("0b6c1a3e-1f7b-4c8e-9d2a-3b4c5d6e7f8" + n for n in "012")

    class Seats(IdentityProvider):
        def get_user(self, handler):
            seat = handler.request.headers.get("X-Seat")
            return User(seat) if seat else None

    class Execution(ExecutionRequestHandler):       # Voila's handler, guarded here without touching Voila's own
        pass

    owners = KernelOwners()
    owners.record(mine, "student-1")
    owners.record(theirs, "teacher")
    seat_only(Execution, owners)

    async def attempts():
        port = free_port()
        app = tornado.web.Application([(r"/voila/execution/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)", Execution)],
                                      identity_provider=Seats(), allow_remote_access=True, base_url="/")
        server = app.listen(port, address="127.0.0.1")

        async def attempt(kernel, seat):
            request = HTTPRequest(f"ws://127.0.0.1:{port}/voila/execution/{kernel}", headers={"X-Seat": seat},
                                  connect_timeout=STEP_LIMIT, request_timeout=STEP_LIMIT)
            try:
                socket = await websocket_connect(request)
            except HTTPClientError as error:
                return error.code
            said = json.loads(await socket.read_message())["action"]
            socket.close()
            return said

        try:
            return [await attempt(*tried) for tried in ((mine, "student-1"), (theirs, "student-1"),
                                                        (mine, "student-2"), (nobody_s, "student-1"))]
        finally:
            server.stop()

    assert run(attempts(), "the execution websocket from several seats") == ["initialized", 403, 403, 403]


def test_every_voila_route_that_names_a_kernel_is_guarded():
    """Voila's routes (progressive rendering on, and off with warm kernels) whose address carries a kernel id, as
    Voila itself lists them: each has its guard (a new route in a Voila upgrade fails here), and the execution
    websocket is wrapped by :func:`guard.guard_kernels`."""
    import json
    import subprocess

    script = """if True:
        import json, sys, tempfile
        from voila.app import Voila
        from pirates_lab.classroom.guard import guard_kernels, kernel_routes
        from voila.tornado.execution_request_handler import ExecutionRequestHandler
        routes = []
        for option in ("progressive_rendering", "preheat_kernel"):
            app = Voila()
            app.initialize(["--no-browser", f"--VoilaConfiguration.{option}=True", sys.argv[1]])
            app.connection_dir = tempfile.mkdtemp()
            app.init_settings()
            routes += kernel_routes(app.init_handlers())
        guard_kernels()
        print(json.dumps([routes, getattr(ExecutionRequestHandler, "_pirates_lab_seat_only", False)]))
    """
    done = subprocess.run([sys.executable, "-c", script, str(ROOT / "notebooks")], capture_output=True, text=True,
                          timeout=STEP_LIMIT, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    routes, execution_guarded = json.loads(done.stdout.strip().splitlines()[-1])
    from pirates_lab.classroom.guard import KERNEL_ROUTE_GUARDS

    found = {name for _, name in routes}
    assert {"KernelHandler", "VoilaKernelWebsocketHandler", "VoilaShutdownKernelHandler", "ExecutionRequestHandler",
            "RequestInfoSocketHandler"} <= found
    unguarded = found - set(KERNEL_ROUTE_GUARDS)
    assert not unguarded, f"routes that name a kernel with no guard: {unguarded}"
    assert execution_guarded


def test_a_kernel_counts_its_websockets_and_a_seat_its_kernels():
    from pirates_lab.classroom.guard import KernelOwners, local_only

    owners = KernelOwners(per_seat=2, sockets=2)
    assert [owners.record(k, "student-1") for k in ("a", "b", "c", "d")] == [[], [], ["a"], ["b"]]
    assert [owners.owns("student-1", k) for k in "abcd"] == [False, False, True, True]
    assert not owners.owns("teacher", "d") and not owners.owns(None, "d")
    assert [owners.socket_opened("d") for _ in range(3)] == [True, True, False]
    owners.socket_closed("d")
    assert owners.socket_opened("d")
    assert local_only('<link rel="stylesheet" href="https://cdn.jsdelivr.net/x.css" />') == ""
