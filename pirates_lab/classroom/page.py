"""A shared lesson's page, in its kernel: whose page this is, and the class's live state.

A shared lesson (``pirates-lab classroom LESSON --share``) is a copy of the lesson's notebook with a
hidden first cell, :func:`class_setup` (it puts the class poll on every question screen), and a hidden
last cell, :func:`class_page`.  Voila's kernel pool runs the lesson before any student asks for it;
:func:`class_page` then waits for the request, reads the student's seat from the signed cookie the
server set at ``/join``, and binds the polls to it.  The teacher's page (the teacher's seat) also
shows the join address, the join code, the QR code and how many students are connected.

One background thread per kernel keeps the page live: every second it reads the polls' states (a
student's page: its own answers only; the teacher's page: the class's answers) and every few seconds
it says the page is still open.
"""
from __future__ import annotations

import os
import threading
import time
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from .share import COOKIE, DB_ENV, TEACHER_SEAT
from .store import ClassDB, verify_seat

__all__ = ["CLASS", "ClassSeat", "class_setup", "class_page", "seat_from_cookie", "Refresher"]

#: how often a page looks at the class file (seconds), and how often it says it is open
REFRESH_SECONDS, HEARTBEAT_SECONDS = 1.0, 5.0


class ClassSeat:
    """Whose page this is: ``role`` is ``student`` or ``teacher`` (or ``visitor``: no valid seat)."""

    def __init__(self, db: ClassDB, role: str, seat: str | None, number: int | None = None):
        self.db, self.role, self.seat, self.number = db, role, seat, number

    @property
    def teacher(self) -> bool:
        return self.role == "teacher"

    @property
    def student(self) -> bool:
        return self.role == "student"


#: this kernel's seat (None until :func:`class_page` ran) and the live parts of the page
CLASS: dict = {"seat": None, "panels": [], "refresher": None}


def seat_from_cookie(db: ClassDB, cookie_header: str | None) -> ClassSeat:
    """The seat a page's cookie names (verified with the session's key), else a visitor."""
    key = db.session().key
    value = None
    if cookie_header:
        try:
            jar = SimpleCookie()
            jar.load(cookie_header)
            value = jar[COOKIE].value if COOKIE in jar else None
        except Exception:
            value = None
    seated = verify_seat(key, value)
    if seated is None:
        return ClassSeat(db, "visitor", None)
    role, seat = seated
    if role == "t" and seat == TEACHER_SEAT:
        return ClassSeat(db, "teacher", seat)
    number = db.number_of(seat) if role == "s" else None
    return ClassSeat(db, "student", seat, number) if number is not None else ClassSeat(db, "visitor", None)


def class_setup() -> None:
    """The hidden first cell: every question screen built from now on gets a class poll."""
    if not os.environ.get(DB_ENV):
        return
    from pirates_lab.widgets import poll

    poll.install()


class Refresher:
    """The page's background thread: refresh every panel every second; say "still open" every 5 s."""

    def __init__(self, seat: ClassSeat, panels: list, extra=None):
        self.seat, self.panels, self.extra = seat, panels, extra
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="pirates-lab-class", daemon=True)

    def start(self) -> "Refresher":
        self.thread.start()
        return self

    def tick(self, beat: bool = True) -> None:
        """One round: the panels, the extra (the teacher's count), the heartbeat."""
        if beat and self.seat.student:
            self.seat.db.seen(self.seat.seat)
        states = self.seat.db.polls() if self.panels else {}
        for panel in list(self.panels):
            panel.refresh(states)
        if self.extra is not None:
            self.extra()

    def _run(self) -> None:
        last_beat = 0.0
        while not self.stopped.wait(REFRESH_SECONDS):
            now = time.monotonic()
            beat = now - last_beat >= HEARTBEAT_SECONDS
            if beat:
                last_beat = now
            try:
                self.tick(beat)
            except Exception:       # a locked file, a closed widget: try again next second
                pass

    def stop(self) -> None:
        self.stopped.set()


def _query() -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items() if v}


def class_page() -> None:
    """The hidden last cell: show a (still empty) class box, and bind the page once the request comes.

    In a kernel of the pool the request comes later (a student opens the page): a thread waits for it
    (:func:`wait_for_request`), so the cell ends at once and the pool's kernel is ready."""
    if not os.environ.get(DB_ENV):
        return
    import ipywidgets as widgets
    from IPython.display import display

    box = widgets.VBox()
    box.add_class("pl-class-box")
    display(box)
    CLASS["box"] = box
    import tornado.websocket  # noqa: F401  (here, before the pool's kernel counts as ready: slow on a loaded machine)
    if os.environ.get("VOILA_PREHEAT") == "True":       # a kernel of the pool, ready for a student
        ClassDB(os.environ[DB_ENV]).kernel_ready(os.getpid())
    thread = threading.Thread(target=_when_requested, args=(box,), name="pirates-lab-class-join", daemon=True)
    CLASS["join_thread"] = thread
    thread.start()


def request_info_url() -> str:
    """Where Voila hands a warm kernel its page's request: ``/voila/query/<kernel_id>`` (as Voila builds it)."""
    protocol = os.environ.get("VOILA_APP_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_BASE_URL", "/")
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


def wait_for_request(db: ClassDB | None = None) -> None:
    """In a kernel of the pool: wait until a student opens the page, then put the page's request (cookie,
    address) in the environment, as ``voila.utils.wait_for_request`` does, but showing Voila the class's
    kernel key (the server refuses anyone else: see :func:`share.guard_request_info`). Out of the pool
    (a page started for its request) the request is already there."""
    if os.environ.get("VOILA_PREHEAT") != "True":
        return
    import asyncio
    import json

    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    from .share import QUERY_HEADER
    from .store import kernel_key

    db = db or ClassDB(os.environ[DB_ENV])
    key = kernel_key(db.session().key, os.environ.get("VOILA_KERNEL_ID", ""))

    async def receive() -> str:
        for attempt in range(5):       # the server is busy starting the class's kernels: try again
            try:
                connection = await websocket_connect(HTTPRequest(request_info_url(), headers={QUERY_HEADER: key},
                                                                 connect_timeout=120, request_timeout=120))
                break
            except OSError:
                if attempt == 4:
                    raise
                await asyncio.sleep(2)
        try:
            return await connection.read_message()      # a pool's kernel waits for its student: no limit
        finally:
            connection.close()

    loop = asyncio.new_event_loop()
    try:
        info = loop.run_until_complete(receive())
    finally:
        loop.close()
    for name, value in json.loads(info or "{}").items():
        os.environ[name] = value


def _when_requested(box) -> None:
    wait_for_request()
    bind_page(box, os.environ.get("HTTP_COOKIE"), _query().get("screen"))


def bind_page(box, cookie: str | None, screen: str | None = None) -> ClassSeat:
    """Whose page this is (the cookie): bind the polls, fill the class box, start the refresher."""
    from pirates_lab.widgets import poll

    db = ClassDB(os.environ[DB_ENV])
    db.kernel_taken(os.getpid())
    seat = seat_from_cookie(db, cookie)
    CLASS["seat"] = seat
    panels = poll.bind(seat)
    CLASS["panels"] = panels
    poll.open_screen(screen)
    extra = None
    views = poll.lesson_views()
    if seat.teacher:
        panel = poll.TeacherPanel(seat, views)
        box.children = (panel,)
        extra = panel.refresh
    elif seat.student:
        box.children = (poll.student_badge(seat),)
        extra = poll.Follower(seat, views).tick          # follow the teacher's screen, while the switch is on
    refresher = Refresher(seat, panels, extra)
    refresher.tick()
    CLASS["refresher"] = refresher.start()
    return seat
