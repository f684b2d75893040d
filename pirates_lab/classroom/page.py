"""A shared lesson's page, in its kernel: whose page this is, and the class's live state.

A shared lesson (``pirates-lab classroom LESSON --share``) is a copy of the lesson's notebook with a
hidden first cell, :func:`class_setup` (it puts the class poll on every question screen), and a hidden
last cell, :func:`class_page`.  Voila's kernel pool runs the lesson before any student asks for it;
:func:`class_page` then waits for the request, reads the student's seat from the signed cookie the
server set at ``/join``, and binds the polls to it.  The teacher's page (the teacher's seat) also
shows the join address, the join code, the QR code and how many students are connected.

A page whose lesson did not arrive reloads itself: Voila serves a page with the output its kernel sent
in time, and a busy machine once served pages without their lesson (the lesson's widget view came after
Voila had stopped waiting). The last cell marks the widgets the lesson's cells showed (:func:`mark_parts`),
and a small script there (:func:`guard_script`) reloads the page (a new kernel) when one of them is not in
it once the page's widgets have come; after :data:`RELOADS` tries it says so on the page instead.

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

__all__ = ["CLASS", "ClassSeat", "class_setup", "class_page", "seat_from_cookie", "Refresher", "guard_script",
           "shown_widgets", "mark_parts", "RELOADS", "hold_teacher_notes", "show_teacher_notes"]

#: how often a page looks at the class file (seconds), and how often it says it is open
REFRESH_SECONDS, HEARTBEAT_SECONDS = 1.0, 5.0
#: how many times a page missing part of its lesson reloads itself before it says so
RELOADS = 2
#: what the browser's console says when a page reloads itself (the load test counts these), then the try
RELOADING = "pirates-lab: part of the lesson did not come; reloading the page, try "
#: what a page says when its lesson is still missing after :data:`RELOADS` reloads
INCOMPLETE = ("This page did not load completely. Reload it in a minute, or ask your teacher "
              "(the computer serving the lesson is very busy).")


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


#: the lesson view's teacher notes, held back until the page is known to be the teacher's
_NOTES: dict = {}


def hold_teacher_notes() -> None:
    """Lesson views built from now on show no Teacher notes (a shared page is a student's until the request
    says otherwise: the pool runs the lesson before anyone asks; see :func:`show_teacher_notes`)."""
    from pirates_lab.widgets import lesson

    if "notes" not in _NOTES and hasattr(lesson, "_teacher_html"):
        _NOTES["notes"] = lesson._teacher_html
        lesson._teacher_html = lambda *args, **kwargs: ""


def show_teacher_notes(views) -> None:
    """The teacher's page: its lesson views show their Teacher notes again."""
    from pirates_lab.widgets import lesson

    notes = _NOTES.pop("notes", None)
    if notes is None:
        return
    lesson._teacher_html = notes
    for view in views:
        view.notes.value = notes(view.lesson, view.screen)


def class_setup() -> None:
    """The hidden first cell: every question screen built from now on gets a class poll; no Teacher notes
    until the page is the teacher's."""
    if not os.environ.get(DB_ENV):
        return
    from pirates_lab.widgets import poll

    hold_teacher_notes()
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


def shown_widgets(results=None) -> list:
    """The widgets the lesson's cells ended with (IPython's ``Out``: what each cell showed).

    A lesson notebook's cell ends with its lesson (``lesson_view("dice_basics")``); these are the views a
    page must have."""
    from ipywidgets import Widget

    if results is None:
        from IPython import get_ipython

        shell = get_ipython()
        results = shell.user_ns.get("Out", {}) if shell is not None else {}
    return [value for value in results.values()
            if isinstance(value, Widget) and value.comm is not None and value._repr_mimebundle_ is not None]


#: the page's check waits this long (seconds) after its class box appeared for the lesson's parts to appear
GUARD_GRACE_S = 30

GUARD = """(function () {
  // Is every part of the lesson in the page? The class box (this cell's) shows once the page has its widgets;
  // a part still missing %(grace)d s later never came: reload (a new kernel), at most %(reloads)d times in a row.
  var RELOADING = %(reloading)s;
  var parts = %(parts)s, key = "pirates-lab-reloads:" + location.pathname, store = null, since = null;
  try { store = window.sessionStorage; } catch (e) {}
  function missing() { return parts.filter(function (c) { return !document.querySelector("." + c); }); }
  var timer = setInterval(function () {
    if (!document.querySelector(".pl-class-box")) { return; }
    since = since || Date.now();
    var gone = missing();
    if (!gone.length) { clearInterval(timer); if (store) { store.removeItem(key); } return; }
    if (Date.now() - since < %(grace)d * 1000) { return; }
    clearInterval(timer);
    var tries = store ? Number(store.getItem(key) || 0) : %(reloads)d;
    if (tries < %(reloads)d) {
      console.warn(RELOADING + (tries + 1));
      store.setItem(key, String(tries + 1)); location.reload(); return;
    }
    if (store) { store.removeItem(key); }
    var note = document.createElement("p");
    note.className = "pl-page-incomplete";
    note.setAttribute("role", "alert");
    note.style.cssText = "font-size:1.4em;padding:0.6em 1em;margin:0.5em;background:#fff3cd;color:#1f2a36;" +
                         "border:2px solid #b8860b;border-radius:6px";
    note.textContent = %(message)s;
    document.body.insertBefore(note, document.body.firstChild);
  }, 1000);
})();"""


def guard_script(parts: list[str], reloads: int = RELOADS, grace: int = GUARD_GRACE_S) -> str:
    """The page's check, run in the browser: once the page's widgets came (its class box shows), is there an
    element of every CSS class in ``parts``? If one is still missing ``grace`` seconds later, reload (at most
    ``reloads`` times in a row); then say so on the page.

    >>> script = guard_script(["pl-part-abc"])
    >>> '["pl-part-abc"]' in script and "location.reload()" in script and "pl-page-incomplete" in script
    True
    """
    import json

    return GUARD % {"reloading": json.dumps(RELOADING), "parts": json.dumps(list(parts)), "reloads": int(reloads),
                    "grace": int(grace), "message": json.dumps(INCOMPLETE)}


def mark_parts(widgets: list) -> list[str]:
    """Give each widget a CSS class of its own (``pl-part-<id>``), for :func:`guard_script` to look for."""
    parts = []
    for widget in widgets:
        if hasattr(widget, "add_class"):
            part = f"pl-part-{widget.model_id[:16]}"
            widget.add_class(part)
            parts.append(part)
    return parts


def _query() -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items() if v}


def class_page() -> None:
    """The hidden last cell: show a (still empty) class box, and bind the page once the request comes.

    In a kernel of the pool the request comes later (a student opens the page): a thread waits for it
    (:func:`wait_for_request`), so the cell ends at once and the pool's kernel is ready."""
    if not os.environ.get(DB_ENV):
        return
    import ipywidgets as widgets
    from IPython.display import Javascript, display

    box = widgets.VBox()
    box.add_class("pl-class-box")
    display(box)
    display(Javascript(guard_script(mark_parts(shown_widgets()))))
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
    """The join thread: wait for the page's request, then bind the page. A failure goes to the server's log (the
    kernel's own stderr; this thread's output would go to a page nobody reads) and to the page's class box."""
    try:
        wait_for_request()
        query = _query()
        bind_page(box, os.environ.get("HTTP_COOKIE"), query.get("screen"), query.get("large"))
    except Exception:
        import sys
        import traceback

        print(f"pirates-lab: a page's kernel could not tell whose page it is:\n{traceback.format_exc()}",
              file=sys.__stderr__, flush=True)
        try:
            import ipywidgets as widgets

            note = widgets.HTML("<p class='pl-class-error' role='alert'>This page could not join the class: "
                                "reload it.</p>")
            box.children = (note,)
        except Exception:
            pass


def large_fonts() -> None:
    """``?large=1``: every presenter bar of the page turns Large fonts on (the pool built the page before the
    address was known)."""
    from ipywidgets.widgets.widget import _instances

    from pirates_lab.widgets.presenter import PresenterBar

    for widget in list(_instances.values()):
        if isinstance(widget, PresenterBar):
            widget.large = True


def bind_page(box, cookie: str | None, screen: str | None = None, large: str | None = None) -> ClassSeat:
    """Whose page this is (the cookie): bind the polls, fill the class box, start the refresher; ``screen`` and
    ``large`` come from the page's address (``?screen=5&large=1``)."""
    from pirates_lab.widgets import poll

    db = ClassDB(os.environ[DB_ENV])
    db.kernel_taken(os.getpid())
    seat = seat_from_cookie(db, cookie)
    CLASS["seat"] = seat
    panels = poll.bind(seat)
    CLASS["panels"] = panels
    views = poll.lesson_views()
    if seat.teacher and not screen:
        stored = db.teacher_screen()        # a teacher's reload keeps the class where it is
        if stored:
            for view in views:
                view.go(stored - 1)
    poll.open_screen(screen)
    if large in ("1", "true", "yes"):
        large_fonts()
    extra = None
    if seat.teacher:
        show_teacher_notes(views)
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
