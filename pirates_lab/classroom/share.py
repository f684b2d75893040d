"""Sharing a lesson with the class (``pirates-lab classroom LESSON --share``): the server's side.

Voila serves the lesson on the machine's network address; this module adds what a classroom needs:

- **Joining.** A student opens the join address (the QR code on the teacher's page carries it), or
  the server's address and types the short join code.  ``/join`` checks the token or the code
  (``hmac.compare_digest``), gives the student a seat (a signed cookie: a reload keeps it) and sends
  them to the lesson.  Any other page without a seat gets the "how to join" page, and no kernel is
  started for it (Voila's pages ask the identity provider first).
- **The teacher** has a token of their own (``/teacher?t=...``), printed in the terminal only.
- **The class is full** past ``--students N``: a clear page, and the kernel pool stops refilling.
- **Safety.** The page's websocket passes comm messages only (widgets), so an ``execute_request``
  sent by a client is dropped; each websocket has a message-rate limit.  A seat owns the kernels its pages
  were rendered with (:class:`guard.KernelOwners`): another seat's websocket, shutdown or kernel question is
  refused (403), a seat keeps at most two kernels, a kernel at most two websockets.  Wrong join codes are
  limited per browser (and, more loosely, per address: a school's NAT), wrong teacher keys apart: a
  student's typos never lock the teacher out; the right token always gets in.  Every log line is scrubbed
  of tokens, codes, cookies and kernel ids (:func:`guard.install_log_scrubber`).

Voila loads :func:`configure` from the config file ``voila.py`` that :func:`write_share_config`
writes; the settings travel in environment variables (``PIRATES_LAB_CLASS_*``), which the lesson
kernels inherit (see :mod:`pirates_lab.classroom.page`).
"""
from __future__ import annotations

import hmac
import html
import inspect
import json
import logging
import os
import socket
import time
from collections import deque
from pathlib import Path

from .guard import OWNERS, Throttled, guard_kernels, install_log_scrubber
from .store import ClassDB, Session, kernel_key, sign_seat, verify_seat

__all__ = ["network_address", "qr_svg", "qr_text", "configure", "write_share_config", "prepare_folder",
           "join_url", "teacher_url", "COOKIE", "DB_ENV", "STUDENTS_ENV", "PAGE_ENV", "RateLimit",
           "how_to_join_html", "class_full_html", "MAX_WS_MESSAGE", "TEACHER_SEAT", "pool_size", "RELOAD_RESERVE",
           "QUERY_HEADER"]

DB_ENV = "PIRATES_LAB_CLASS_DB"
STUDENTS_ENV = "PIRATES_LAB_CLASS_STUDENTS"
POOL_ENV = "PIRATES_LAB_CLASS_POOL"
PAGE_ENV = "PIRATES_LAB_CLASS_PAGE"          # the lesson's page path, e.g. voila/render/dice_basics.ipynb
COOKIE = "pirates_lab_seat"
TEACHER_SEAT = "teacher"
#: the largest websocket message a page may send (bytes): widget messages are small
MAX_WS_MESSAGE = 64 * 1024
#: messages a page may send on its websocket: a burst, then this many a second
WS_BURST, WS_PER_SECOND = 500, 50
#: wrong join codes one browser may send a minute before it must wait (wrong teacher keys: counted apart)
JOIN_TRIES_A_MINUTE = 10
#: wrong join codes one network address may send a minute, all its browsers together (a school's NAT)
ADDRESS_TRIES_A_MINUTE = 120
#: pages one seat may load a minute (each load is a kernel; :class:`guard.KernelOwners` keeps two)
PAGES_A_MINUTE = 20
#: a browser's own name for the join limit (set by the how-to-join page; no secret)
VISITOR_COOKIE = "pirates_lab_visitor"
#: warm kernels kept for reloads once every place is taken (a reload is a new page: a new kernel)
RELOAD_RESERVE = 2
#: the header a lesson kernel sends to Voila's /voila/query/<kernel_id> (see :func:`store.kernel_key`)
QUERY_HEADER = "X-Pirates-Lab-Kernel"


def pool_size(pool: int, students: int, joined: int, reserve: int = RELOAD_RESERVE) -> int:
    """Warm kernels to keep: one for each place still to take (the teacher's counts), never fewer than
    ``reserve`` (reloads), never more than ``pool`` (``--pool``).

    >>> [pool_size(7, 6, joined) for joined in (0, 3, 5, 6)]
    [7, 4, 2, 2]
    >>> pool_size(0, 30, 0), pool_size(1, 30, 30), pool_size(31, 30, 30, reserve=0)
    (0, 1, 1)
    """
    return max(0, min(pool, max(students + 1 - joined, reserve)))


# ---------------------------------------------------------------- addresses and the QR code
def network_address() -> str:
    """The address other devices on the network reach this machine at (127.0.0.1 if there is none).

    Opening a UDP socket towards a private address sends nothing: it only asks the OS which interface
    it would use.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.254.254.254", 1))
            return sock.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def _origin(host: str, port: int) -> str:
    return f"http://{host}:{port}"


def join_url(host: str, port: int, session: Session) -> str:
    return f"{_origin(host, port)}/join?t={session.join_token}"


def teacher_url(host: str, port: int, session: Session) -> str:
    return f"{_origin(host, port)}/teacher?t={session.teacher_token}"


def qr_svg(url: str, scale: int = 6) -> str:
    """The join address as an SVG QR code (segno, offline), ready for an HTML widget."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False, svgns=True,
                                    title="Join the class", dark="#000", light="#fff")
    return out.getvalue().decode("utf-8")


def qr_text(url: str) -> str:
    """The QR code for a terminal (two rows of modules a line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=1)
    return out.getvalue()


# ---------------------------------------------------------------- pages for people
PAGE_STYLE = ("body{font-family:system-ui,sans-serif;font-size:22px;max-width:36em;margin:2em auto;padding:0 1em;"
              "color:#1f2a36}h1{font-size:1.6em}input{font-size:1.2em;width:7em;letter-spacing:0.15em;"
              "text-transform:uppercase}button{font-size:1.1em;padding:0.2em 0.8em}.pl-join-error{color:#b22222}")


def _page(title: str, body: str) -> str:
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name='viewport' "
            f"content='width=device-width, initial-scale=1'><title>{html.escape(title)}</title>"
            f"<style>{PAGE_STYLE}</style></head><body>{body}</body></html>")


def how_to_join_html(message: str = "") -> str:
    """The page a request without a seat gets: how to join (and a box for the join code)."""
    error = f"<p class='pl-join-error' role='alert'>{html.escape(message)}</p>" if message else ""
    return _page("Join the class", (
        "<h1 class='pl-how-to-join'>Join the class</h1>"
        "<p>Scan the QR code on the teacher's screen, or type the join code the teacher shows:</p>"
        f"{error}<form action='/join' method='get'><label>Join code <input name='code' maxlength='10' "
        "autocomplete='off' autofocus></label> <button type='submit'>Join</button></form>"))


def class_full_html(limit: int) -> str:
    return _page("The class is full", (
        "<h1 class='pl-class-full'>The class is full</h1>"
        f"<p>All {limit} places of this class are taken. Ask your teacher: they can start the class "
        "with more places (<code>--students</code>), or you can share a screen with a classmate.</p>"))


# ---------------------------------------------------------------- rate limits
class RateLimit:
    """At most ``limit`` events per ``seconds`` for each key (a sliding window; times from ``clock``).

    >>> now = [0.0]; limit = RateLimit(2, 60, clock=lambda: now[0])
    >>> [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")]
    [True, True, False, True]
    >>> now[0] = 61.0; limit.allow("a")
    True
    """

    def __init__(self, limit: int, seconds: float, clock=time.monotonic):
        self.limit, self.seconds, self.clock = limit, seconds, clock
        self.events: dict[str, deque] = {}

    def full(self, key: str) -> bool:
        """True when ``key`` has had ``limit`` events in the window (records nothing)."""
        events = self.events.get(key)
        now = self.clock()
        while events and events[0] <= now - self.seconds:
            events.popleft()
        return bool(events) and len(events) >= self.limit

    def allow(self, key: str) -> bool:
        now = self.clock()
        events = self.events.setdefault(key, deque())
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if len(events) >= self.limit:
            return False
        events.append(now)
        if len(self.events) > 10_000:   # a bounded memory of addresses
            self.events = {key: events}
        return True


class TokenBucket:
    """``burst`` events at once, then ``rate`` a second (for a websocket's messages)."""

    def __init__(self, burst: int, rate: float, clock=time.monotonic):
        self.burst, self.rate, self.clock = burst, rate, clock
        self.tokens, self.when = float(burst), clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def well_formed_v1(message) -> bool:
    """A page's websocket message in the v1 kernel protocol whose offsets make sense (checked before Jupyter
    reads them: a forged count of offsets would make it build a list of billions).

    >>> from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    >>> well_formed_v1(serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"{}"], "shell"))
    True
    >>> well_formed_v1(b"\\xff" * 16), well_formed_v1("{}")
    (False, False)
    """
    if not isinstance(message, bytes) or not 8 <= len(message) <= MAX_WS_MESSAGE:
        return False
    count = int.from_bytes(message[:8], "little")
    if not 3 <= count <= 16 or len(message) < 8 * (count + 1):
        return False
    offsets = [int.from_bytes(message[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    return offsets == sorted(offsets) and offsets[0] == 8 * (count + 1) and offsets[-1] <= len(message)


# ---------------------------------------------------------------- the Voila side (imported by Voila only)
def _server_classes():
    """The identity provider, its handlers and the websocket connection (they import Jupyter)."""
    from jupyter_server.auth.authorizer import Authorizer
    from jupyter_server.auth.identity import IdentityProvider, User
    try:
        from jupyter_server.auth.decorator import allow_unauthenticated
    except ImportError:  # jupyter_server before 2.13 lets every handler through
        def allow_unauthenticated(method):
            return method
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    db = ClassDB(os.environ[DB_ENV])
    session = db.session()
    limit = int(os.environ.get(STUDENTS_ENV, "30"))
    pool = int(os.environ.get(POOL_ENV, str(limit)))
    page = os.environ.get(PAGE_ENV, "")
    code_tries = RateLimit(JOIN_TRIES_A_MINUTE, 60)                  # per browser
    address_tries = RateLimit(ADDRESS_TRIES_A_MINUTE, 60)            # per address, every browser behind it
    teacher_tries = RateLimit(JOIN_TRIES_A_MINUTE, 60)               # wrong teacher keys, apart
    owners = OWNERS

    def seat_of(handler) -> tuple[str, str] | None:
        seated = verify_seat(session.key, handler.get_cookie(COOKIE))
        if seated is None:
            return None
        role, seat = seated
        if role == "t" and seat == TEACHER_SEAT:
            return seated
        return seated if role == "s" and db.has_seat(seat) else None

    def set_seat(handler, role: str, seat: str) -> None:
        handler.set_cookie(COOKIE, sign_seat(session.key, seat, role), httponly=True, samesite="Strict",
                           expires_days=2, path="/")

    def shrink_pool(handler) -> None:
        """Keep no more warm kernels than students still to come (the teacher counts for one)."""
        manager = handler.settings.get("kernel_manager")
        config = getattr(manager, "kernel_pools_config", None)
        entry = config.get(os.path.basename(page)) if isinstance(config, dict) else None
        if isinstance(entry, dict):          # the landing page's pool only (--all: the other lessons keep theirs)
            entry["pool_size"] = pool_size(pool, limit, db.students())

    class ClassIdentityProvider(IdentityProvider):
        """A user is a seat: the signed cookie ``/join`` (or ``/teacher``) set; nobody else."""

        @property
        def auth_enabled(self) -> bool:
            return True

        @property
        def login_available(self) -> bool:
            return True

        def get_user(self, handler):
            seated = seat_of(handler)
            if seated is None:
                return None
            role, seat = seated
            if role == "t":
                return User(username="teacher", name="Teacher", display_name="Teacher")
            number = db.number_of(seat)
            return User(username=f"student-{number}", name=f"Student {number}", display_name=f"Student {number}")

        def validate_security(self, app, ssl_options=None) -> None:
            pass

        def get_handlers(self):
            return [(r"/login", HowToJoinHandler), (r"/join", JoinHandler), (r"/teacher", TeacherHandler)]

    class PlainHandler(JupyterHandler):
        def check_xsrf_cookie(self):
            return None

        def prepare(self):
            from .guard import compress

            compress(self.application)             # every class starts here (/join, /teacher, /login)
            return super().prepare()

        def visitor(self) -> str:
            """This browser's name for the join limit (a cookie; made here when it has none)."""
            name = (self.get_cookie(VISITOR_COOKIE) or "")[:40]
            if len(name) < 16:
                import secrets

                name = secrets.token_urlsafe(16)
                self.set_cookie(VISITOR_COOKIE, name, httponly=True, samesite="Strict", expires_days=1, path="/")
            return name

        def show(self, status: int, page_html: str) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(page_html)

        def lesson(self) -> None:
            self.redirect("/" + page.lstrip("/"))

    class HowToJoinHandler(PlainHandler):
        """Every page without a seat comes here (Voila's login address): how to join. No kernel."""

        @allow_unauthenticated
        def get(self):
            self.visitor()
            self.show(200, how_to_join_html())

    class JoinHandler(PlainHandler):
        @allow_unauthenticated
        def get(self):
            if seat_of(self) is not None:           # joined before (a reload, the link again)
                return self.lesson()
            token = self.get_argument("t", "")[:100]
            code = self.get_argument("code", "")[:20]
            address = self.request.remote_ip or "?"
            visitor = self.visitor()
            if not (token or code):
                return self.show(200, how_to_join_html())
            if not (token and session.join_ok(token=token)):      # the QR's long token always gets in
                if code_tries.full(visitor) or address_tries.full(address):   # wrong codes: stop guessing
                    return self.show(429, how_to_join_html("Too many tries: wait a minute, then type the code "
                                                           "again."))
                if token or not session.join_ok(code=code):
                    code_tries.allow(visitor)
                    address_tries.allow(address)
                    return self.show(403, how_to_join_html("That is not this class's join code: look at the "
                                                           "teacher's screen and try again."))
            seat = db.add_student(limit)
            if seat is None:
                return self.show(403, class_full_html(limit))
            set_seat(self, "s", seat)
            shrink_pool(self)
            self.lesson()

    class TeacherHandler(PlainHandler):
        @allow_unauthenticated
        def get(self):
            address = self.request.remote_ip or "?"
            if not session.teacher_ok(self.get_argument("t", "")[:100]):   # the right key always gets in
                if not teacher_tries.allow(address):
                    return self.show(429, how_to_join_html("Too many tries: wait a minute."))
                return self.show(403, how_to_join_html("That is not the teacher's address."))
            set_seat(self, "t", TEACHER_SEAT)
            self.lesson()

    class ClassAuthorizer(Authorizer):
        """A seat may reach only its own kernels (``/api/kernels/<id>``, its websocket, restart, interrupt):
        the kernels its pages were rendered with (:class:`guard.KernelOwners`)."""

        def is_authorized(self, handler, user, action, resource) -> bool:
            if user is None:
                return False
            if resource != "kernels":
                return True
            kernel = getattr(handler, "kernel_id", None) or handler.path_kwargs.get("kernel_id") or \
                (handler.path_args[0] if handler.path_args else None)
            if owners.owns(user.username, kernel):
                return True
            logging.getLogger("pirates_lab.classroom").warning(
                "a page asked for a kernel that is not its seat's (%s): refused", user.username)
            return False

    class ClassWebsocketConnection(ZMQChannelsWebsocketConnection):
        """A page's kernel websocket: the v1 protocol only, well-formed, comm messages only (Voila's allowed
        types), bounded in size and rate, at most :data:`guard.SOCKETS_PER_KERNEL` to one kernel."""

        def connect(self):
            if self.subprotocol != V1_PROTOCOL:
                # Voila reads every binary message as v1: a legacy-protocol client makes it read garbage
                # offsets (memory blow-up). Browsers' pages speak v1.
                self.log.warning("pirates-lab: a websocket without the v1 kernel protocol refused")
                self.websocket_handler.close(1002, "the v1 kernel websocket protocol is required")
                return None
            if not owners.socket_opened(self.kernel_id):
                self.log.warning("pirates-lab: a kernel's websocket refused (it has %d open already)",
                                 owners.sockets)
                self.websocket_handler.close(1008, "too many connections to this page's kernel")
                return None
            self._pl_counted = True
            return super().connect()

        def disconnect(self):
            if getattr(self, "_pl_counted", False):
                self._pl_counted = False
                owners.socket_closed(self.kernel_id)
            return super().disconnect()

        def handle_incoming_message(self, incoming_msg) -> None:
            bucket = getattr(self, "_pl_bucket", None)
            if bucket is None:
                bucket = self._pl_bucket = TokenBucket(WS_BURST, WS_PER_SECOND)
                self._pl_dropped = Throttled(60)
            if not (well_formed_v1(incoming_msg) and bucket.allow()):
                count = self._pl_dropped.due()            # one line a minute per connection, not one a message
                if count:
                    self.log.warning("pirates-lab: %d message(s) of a page dropped (malformed, too large or too "
                                     "many); more are counted, not logged, for a minute", count)
                return
            return super().handle_incoming_message(incoming_msg)

    return ClassIdentityProvider, ClassWebsocketConnection, session, ClassAuthorizer


def guard_request_info(session: Session) -> None:
    """Voila's ``/voila/query/<kernel_id>`` websocket hands a warm kernel its page's request (the student's
    cookie) and takes no login: let only the class's kernels in (:data:`QUERY_HEADER` with
    :func:`store.kernel_key`); anyone else gets 403 and nothing is sent or replaced."""
    from voila.request_info_handler import RequestInfoSocketHandler

    if getattr(RequestInfoSocketHandler, "_pirates_lab_guarded", False):
        return
    opened = RequestInfoSocketHandler.get

    async def get(self, kernel_id, *args, **kwargs):
        offered = self.request.headers.get(QUERY_HEADER, "")[:200]
        if not hmac.compare_digest(offered.encode(), kernel_key(session.key, kernel_id).encode()):
            logging.getLogger("pirates_lab.classroom").warning("/voila/query refused: not a kernel of this class")
            self.set_status(403)
            self.finish()
            return None
        result = opened(self, kernel_id, *args, **kwargs)
        return (await result) if inspect.isawaitable(result) else result

    RequestInfoSocketHandler.get = get
    RequestInfoSocketHandler._pirates_lab_guarded = True


def let_pages_shut_their_kernels_down() -> None:
    """A page that closes (or reloads) asks Voila to shut its kernel down (``POST /voila/api/shutdown/<id>``,
    sent by the page's script with no XSRF token): Jupyter's XSRF check refused it (403), so every real page's
    kernel outlived it. The check is dropped for that one request, which still needs the seat cookie (the
    handler is ``@authenticated``) and the kernel must be the seat's own (:func:`guard.guard_kernels`); the cookie is
    ``SameSite=Strict``, so another site cannot send it there."""
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    VoilaShutdownKernelHandler.check_xsrf_cookie = lambda self: None


def configure(c) -> None:
    """Called from the ``voila.py`` config file: sharing's identity provider, websocket, kernel pool."""
    identity, connection, session, authorizer = _server_classes()
    install_log_scrubber([session.join_token, session.teacher_token, session.join_code, session.key,
                          session.cookie_secret])
    guard_request_info(session)
    let_pages_shut_their_kernels_down()
    guard_kernels()
    c.Voila.identity_provider_class = identity
    c.Voila.authorizer_class = authorizer
    c.Voila.kernel_websocket_connection_class = connection
    c.Voila.cookie_secret = bytes.fromhex(session.cookie_secret)   # kept: a restart keeps the seats
    c.Voila.tornado_settings = {"websocket_max_message_size": MAX_WS_MESSAGE, "compress_response": True}
    c.VoilaConfiguration.http_header_envs = ["Cookie"]               # the kernel reads the seat from it
    pools = json.loads(os.environ.get("PIRATES_LAB_CLASS_POOLS", "{}"))
    if pools:
        c.VoilaConfiguration.preheat_kernel = True
        c.VoilaKernelManager.kernel_pools_config = {
            name: {"pool_size": int(size)} for name, size in pools.items()}


def write_share_config(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "voila.py").write_text(
        "# Written by pirates-lab classroom --share.\n"
        "from pirates_lab.classroom.share import configure\n"
        "configure(c)\n", encoding="utf-8")
    return folder


def prepare_folder(notebooks: list[Path], folder: Path, large: bool = False) -> Path:
    """Copies of the lessons for sharing: a hidden first cell (the class's poll hook, the presenter bar
    where the lesson has none) and a hidden last cell (whose page this is: a student's or the teacher's).

    Voila's kernel pool runs a lesson before anyone asks for it, so nothing here may depend on the
    request; the last cell waits for it (``voila.utils.wait_for_request``)."""
    import nbformat

    from . import presenter_source

    folder.mkdir(parents=True, exist_ok=True)
    for source in notebooks:
        notebook = nbformat.read(source, as_version=4)
        code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
        first = "from pirates_lab.classroom.page import class_setup\nclass_setup()"
        if not any("presenter_bar" in s or "lesson_view" in s for s in code):
            first += "\n" + presenter_source(large)
        head = nbformat.v4.new_code_cell(first)
        tail = nbformat.v4.new_code_cell("from pirates_lab.classroom.page import class_page\nclass_page()")
        for cell in (head, tail):
            cell.metadata["tags"] = ["pirates-lab-class"]
        notebook.cells = [head, *notebook.cells, tail]
        nbformat.write(notebook, folder / source.name)
    return folder


# ---------------------------------------------------------------- the command line's plan
def pools_config(lessons: int, page: str, pool: int, students: int, joined: int) -> dict[str, int]:
    """Warm kernels per notebook: the landing page's :func:`pool_size`; with ``--all`` (several lessons)
    also one warm page of every other lesson, so the first student to open one from the menu does not wait
    for a cold kernel (none with ``--pool 0``).

    >>> pools_config(1, "01_dice_basics.ipynb", 31, 30, 0)
    {'default': 0, '01_dice_basics.ipynb': 31}
    >>> pools_config(8, "lessons.ipynb", 31, 30, 30), pools_config(8, "lessons.ipynb", 0, 30, 0)["default"]
    ({'default': 1, 'lessons.ipynb': 2}, 0)
    """
    return {"default": min(1, pool) if lessons > 1 else 0, page: pool_size(pool, students, joined)}


def plan(notebooks: list[Path], page: str, *, host: str, port: int, students: int, pool: int | None,
         db_path: Path, config_dir: Path, served_dir: Path, cell_timeout: int, tracebacks: bool,
         large: bool, python: str | None = None) -> dict:
    """What ``classroom --share`` runs: the Voila command, its environment, the addresses to print.

    ``page`` is the notebook students land on (its file name); only it gets warm kernels
    (``pool``, default ``students`` + 1 for the teacher, never more than the pages still to come).
    """
    import sys

    from . import LARGE_ENV, iopub_timeout, kernel_culling, kernel_transport

    db = ClassDB(db_path)
    session = db.session()
    db.forget_kernels()             # a restart: the kernels of the last run are gone
    prepare_folder(notebooks, served_dir, large=large)
    write_share_config(config_dir)
    pool = students + 1 if pool is None else pool   # the teacher's page too
    address = _origin(host, port)
    env = {**os.environ, DB_ENV: str(Path(db_path).resolve()), STUDENTS_ENV: str(students), POOL_ENV: str(pool),
           PAGE_ENV: f"voila/render/{page}", "VOILA_APP_IP": host,
           "PIRATES_LAB_CLASS_POOLS": json.dumps(pools_config(len(notebooks), page, pool, students, db.students())),
           "PIRATES_LAB_CLASS_JOIN": join_url(host, port, session), "PIRATES_LAB_CLASS_ADDRESS": address}
    if large:
        env[LARGE_ENV] = "1"
    command = [python or sys.executable, "-m", "voila", str(served_dir), "--no-browser", f"--port={port}",
               f"--Voila.ip={host}", "--Voila.port_retries=0", f"--VoilaExecutor.timeout={cell_timeout}",
               f"--VoilaExecutor.iopub_timeout={iopub_timeout()}", *kernel_transport(), *kernel_culling(),
               f"--VoilaConfiguration.show_tracebacks={tracebacks}", f"--Voila.config_file_paths={config_dir}"]
    return {"command": command, "env": env, "session": session, "address": address,
            "join": join_url(host, port, session), "teacher": teacher_url(host, port, session), "db": db}
