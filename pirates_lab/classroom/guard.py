"""What the shared server holds back: whose kernel is whose, what a log line may say, how a page recovers.

Plain Python (no Jupyter): :mod:`pirates_lab.classroom.share` wires these into Voila.

- :class:`KernelOwners` — every kernel a page was rendered with belongs to that page's seat (a student's,
  or the teacher's); only that seat may open its websocket, shut it down or ask about it.  A seat keeps at
  most :data:`KERNELS_PER_SEAT` kernels (a reload replaces the oldest, it does not add one), and a kernel
  at most :data:`SOCKETS_PER_KERNEL` websockets.
- :func:`scrub` — a log line without the class's secrets: join and teacher tokens, the join code, seat
  cookies, and (above debug level) kernel ids.  :func:`install_log_scrubber` applies it to every log
  record the server process makes (Tornado's access log, Voila's, Jupyter's, ours), its traceback and stack too.
- :func:`seat_only` — Voila's ``/voila/execution/<kernel_id>`` opens only for the kernel's seat;
  :data:`KERNEL_ROUTE_GUARDS` names the guard of every route whose address carries a kernel id.
- :func:`recovery_script` — the script put at the top of every shared page: a page that has no widgets
  after :data:`RECOVER_AFTER_S` seconds (from the end of its HTML), or whose script or chunk failed to load, reloads itself (at most
  :data:`page.RELOADS` times), then says plainly "reload this page".

>>> owners = KernelOwners(per_seat=2)
>>> owners.record("k1", "student-1"), owners.record("k2", "student-1"), owners.record("k3", "student-1")
([], [], ['k1'])
>>> owners.owns("student-1", "k3"), owners.owns("student-2", "k3"), owners.owns("student-1", "k1")
(True, False, False)
>>> scrub("GET /join?t=SECRET&x=1 (teacher@1.2.3.4)", secrets=["SECRET"])
'GET /join?t=…&x=1 (teacher@1.2.3.4)'
"""
from __future__ import annotations

import inspect
import json
import logging
import re
import threading
import time
from collections import OrderedDict

__all__ = ["KernelOwners", "KERNELS_PER_SEAT", "SOCKETS_PER_KERNEL", "scrub", "scrub_traceback", "install_log_scrubber",
           "recovery_script", "RECOVER_AFTER_S", "RELOAD_THIS_PAGE", "Throttled", "OWNERS", "guard_kernels",
           "seat_only", "kernel_routes", "KERNEL_ROUTE_GUARDS"]

#: kernels one seat may hold at once (a page and the page it is reloading into)
KERNELS_PER_SEAT = 2
#: websockets open to one kernel at once (a page, and the same page reconnecting)
SOCKETS_PER_KERNEL = 2


class KernelOwners:
    """Kernel id → owner (a seat's user name: ``teacher``, ``student-3``), in the server's memory.

    A kernel nobody rendered a page with (a warm kernel of the pool) belongs to nobody: no websocket, no
    shutdown, no question about it from any page.
    """

    def __init__(self, per_seat: int = KERNELS_PER_SEAT, sockets: int = SOCKETS_PER_KERNEL):
        self.per_seat, self.sockets = per_seat, sockets
        self.owner: dict[str, str] = {}
        self.kernels: dict[str, OrderedDict] = {}
        self.open: dict[str, int] = {}
        self.lock = threading.Lock()

    def record(self, kernel_id: str, owner: str) -> list[str]:
        """``kernel_id`` is ``owner``'s (its page was just rendered); returns the owner's older kernels beyond
        :attr:`per_seat`, which the caller shuts down (a reload replaces, it does not add)."""
        with self.lock:
            self.owner[kernel_id] = owner
            mine = self.kernels.setdefault(owner, OrderedDict())
            mine[kernel_id] = time.monotonic()
            gone = []
            while len(mine) > self.per_seat:
                old, _ = mine.popitem(last=False)
                self.owner.pop(old, None)
                gone.append(old)
            return gone

    def owns(self, owner: str | None, kernel_id: str | None) -> bool:
        return bool(owner) and bool(kernel_id) and self.owner.get(kernel_id) == owner

    def forget(self, kernel_id: str) -> None:
        """The kernel was shut down."""
        with self.lock:
            owner = self.owner.pop(kernel_id, None)
            if owner is not None:
                self.kernels.get(owner, {}).pop(kernel_id, None)
            self.open.pop(kernel_id, None)

    def socket_opened(self, kernel_id: str) -> bool:
        """Count a websocket to ``kernel_id``; False (not counted) when it already has :attr:`sockets`."""
        with self.lock:
            if self.open.get(kernel_id, 0) >= self.sockets:
                return False
            self.open[kernel_id] = self.open.get(kernel_id, 0) + 1
            return True

    def socket_closed(self, kernel_id: str) -> None:
        with self.lock:
            if self.open.get(kernel_id, 0) > 0:
                self.open[kernel_id] -= 1


class Throttled:
    """At most one log line per ``seconds`` (e.g. a connection's dropped messages): :meth:`due` says when,
    and how many were held back since the last line.

    >>> now = [0.0]; t = Throttled(60, clock=lambda: now[0])
    >>> t.due(), t.due(), t.due()
    (1, 0, 0)
    >>> now[0] = 61; t.due()
    3
    """

    def __init__(self, seconds: float = 60, clock=time.monotonic):
        self.seconds, self.clock = seconds, clock
        self.last: float | None = None
        self.held = 0

    def due(self) -> int:
        """Count one event; the number to report (this one and the held ones) when a line is due, else 0."""
        self.held += 1
        now = self.clock()
        if self.last is not None and now - self.last < self.seconds:
            return 0
        self.last, count, self.held = now, self.held, 0
        return count


# ---------------------------------------------------------------- log lines
KERNEL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
SECRET_QUERY = re.compile(r"([?&;](?:t|code|token|_xsrf|session_id)=)[^&\s\"'#]*", re.I)
COOKIE_VALUE = re.compile(r"((?:pirates_lab_seat|_xsrf|username-[\w.-]+)=)[^;\s\"',]*", re.I)
COOKIE_HEADER = re.compile(r"(\"?Cookie\"?\s*[:=]\s*\"?)[^\"\n]*", re.I)


def scrub(text: str, secrets=(), kernels: bool = True) -> str:
    """``text`` without the class's secrets: query values of ``t``, ``code``, ``token``, ``_xsrf`` and
    ``session_id``, cookie values, the literal ``secrets``; with ``kernels``, kernel ids too (``kernel-…``).

    >>> scrub("/api/kernels/0b6c1a3e-1f7b-4c8e-9d2a-3b4c5d6e7f80/channels?session_id=abc")
    '/api/kernels/kernel-…/channels?session_id=…'
    >>> scrub('"Cookie": "pirates_lab_seat=s-abc.def; _xsrf=2|x"')
    '"Cookie": "…"'
    >>> scrub("code ABC234 typed", secrets=["ABC234"])
    'code … typed'
    """
    text = SECRET_QUERY.sub(r"\1…", text)
    text = COOKIE_HEADER.sub(r"\1…", text)
    text = COOKIE_VALUE.sub(r"\1…", text)
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "…")
    if kernels:
        text = KERNEL_ID.sub("kernel-…", text)
    return text


def install_log_scrubber(secrets=()) -> None:
    """Every log record the process makes from now on is scrubbed (:func:`scrub`) when it is made: the
    class's ``secrets`` always, kernel ids unless the record is at DEBUG level."""
    secrets = tuple(s for s in secrets if s)
    made = logging.getLogRecordFactory()
    if getattr(made, "_pirates_lab_scrubs", False):
        made = made._pirates_lab_made
    # the same secrets the whole process long (a restart is a new process)

    def factory(*args, **kwargs):
        record = made(*args, **kwargs)
        kernels = record.levelno > logging.DEBUG
        try:
            text = record.getMessage()
        except Exception:           # arguments that do not fit the message: logging would print them raw
            text = f"{record.msg} (arguments that do not fit it: {record.args!r})"
        record.msg, record.args = scrub(text, secrets, kernels=kernels), ()
        scrub_traceback(record, secrets, kernels)
        return record

    factory._pirates_lab_scrubs = True
    factory._pirates_lab_made = made
    logging.setLogRecordFactory(factory)


def scrub_traceback(record: logging.LogRecord, secrets=(), kernels: bool = True) -> None:
    """A record's traceback (``exc_info``, ``exc_text``) and stack (``stack_info``) scrubbed like its message:
    the traceback is written out now, scrubbed, into ``exc_text`` (every formatter prints ``exc_text`` when it is
    set), and ``exc_info`` is dropped, so no formatter or handler can print the exception's own text later.

    >>> try:
    ...     raise ValueError("no seat for /join?t=SECRET")
    ... except ValueError:
    ...     import sys; record = logging.makeLogRecord({"msg": "failed", "exc_info": sys.exc_info()})
    >>> scrub_traceback(record, ["SECRET"]); record.exc_info, record.exc_text.splitlines()[-1]
    (None, 'ValueError: no seat for /join?t=…')
    """
    if record.exc_info and not record.exc_text:
        try:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        except Exception:                      # an exception that cannot be written out: its type only
            record.exc_text = f"{getattr(record.exc_info[0], '__name__', 'an error')} (its text could not be written)"
    record.exc_info = None
    if record.exc_text:
        record.exc_text = scrub(record.exc_text, secrets, kernels=kernels)
    if record.stack_info:
        record.stack_info = scrub(record.stack_info, secrets, kernels=kernels)


# ---------------------------------------------------------------- a page that recovers
#: a page with no widgets this long after its HTML came reloads itself (seconds; the server reads
#: ``$PIRATES_LAB_RECOVER_S`` for another number)
RECOVER_AFTER_S = 90
RECOVER_ENV = "PIRATES_LAB_RECOVER_S"
#: what a page says once it has reloaded itself enough
RELOAD_THIS_PAGE = ("This page did not load: reload this page (or ask your teacher; the computer serving the "
                    "lesson may be very busy).")

RECOVER = """<script>(function () {
  // pirates-lab: a page that cannot show its lesson reloads itself (at most %(reloads)d times), then says so.
  // Runs before any widget exists: a failed script or chunk, or no widgets %(after)d s after the page came.
  var key = "pirates-lab-recover:" + location.pathname, store = null, done = false;
  try { store = window.sessionStorage; } catch (e) {}
  function loaded() { return !!document.querySelector(".pl-class-box, .pl-lesson"); }
  function tell() {
    if (document.querySelector(".pl-page-failed")) { return; }
    var note = document.createElement("p");
    note.className = "pl-page-failed"; note.setAttribute("role", "alert");
    note.style.cssText = "font:22px system-ui,sans-serif;padding:0.6em 1em;margin:0.5em;background:#fff3cd;" +
                         "color:#1f2a36;border:2px solid #b8860b;border-radius:6px;position:relative;z-index:10000";
    note.textContent = %(message)s;
    (document.body || document.documentElement).insertBefore(note, (document.body || document.documentElement).firstChild);
    var spinner = document.getElementById("loading"); if (spinner) { spinner.style.display = "none"; }
  }
  function recover(why) {
    if (done || loaded()) { return; }
    done = true;
    var tries = store ? Number(store.getItem(key) || 0) : %(reloads)d;
    if (tries < %(reloads)d) {
      console.warn("pirates-lab: " + why + "; reloading the page, try " + (tries + 1));
      store.setItem(key, String(tries + 1)); location.reload(); return;
    }
    console.warn("pirates-lab: " + why + "; asking the student to reload");
    if (store) { store.removeItem(key); }
    if (document.body) { tell(); } else { document.addEventListener("DOMContentLoaded", tell); }
  }
  function ours(t) { var url = t.src || t.href || ""; return url.indexOf(location.origin + "/") === 0; }
  window.addEventListener("error", function (event) {
    var t = event.target;
    if (t && t !== window && (t.tagName === "SCRIPT" || (t.tagName === "LINK" && /stylesheet/i.test(t.rel))) &&
        ours(t)) { recover("a script did not load"); }
    else if (event.message && /Loading (CSS )?chunk .* failed/i.test(event.message)) { recover("a chunk did not load"); }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var r = event.reason, text = String((r && (r.name + " " + r.message)) || r);
    if (/ChunkLoadError|Loading (CSS )?chunk .* failed/i.test(text)) { recover("a chunk did not load"); }
  });
  function watch() {     // from the end of the page's HTML (a page still running its cells is not stuck)
    var since = Date.now(), timer = setInterval(function () {
      if (loaded()) { clearInterval(timer); if (store) { store.removeItem(key); } return; }
      if (Date.now() - since > %(after)d * 1000) { clearInterval(timer); recover("no lesson after %(after)d s"); }
    }, 1000);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", watch); } else { watch(); }
})();</script>"""


def recovery_script(reloads: int = 2, after: int = RECOVER_AFTER_S) -> str:
    """The ``<script>`` put at the very top of a shared page (before Voila's own scripts).

    >>> script = recovery_script()
    >>> script.startswith("<script>") and "location.reload()" in script and "reload this page" in script
    True
    """
    return RECOVER % {"reloads": int(reloads), "after": int(after), "message": json.dumps(RELOAD_THIS_PAGE)}


#: a page's tags that would load something from another machine (Voila's template asks a CDN for Font Awesome,
#: which Voila's own bundle already carries): taken out of every shared page
EXTERNAL_TAG = re.compile(r"<(?:link|script)\b[^>]*\b(?:href|src)\s*=\s*[\"']?(?:https?:)?//[^>]*>(?:\s*</script>)?",
                          re.I)


def local_only(html: str) -> str:
    """``html`` without the tags that load a stylesheet or a script from another machine.

    >>> local_only('<link rel="stylesheet" href="https://cdn.x/all.css" type="text/css" /><link href="/a.css">')
    '<link href="/a.css">'
    >>> local_only('<script src="//cdn.x/m.js"></script><script src="/v.js"></script>')
    '<script src="/v.js"></script>'
    """
    return EXTERNAL_TAG.sub("", html)


def inject_after_head(html: str, script: str) -> str:
    """``script`` right after ``<head…>`` (else at the start).

    >>> inject_after_head("<html><head><title>x</title>", "<script>1</script>")
    '<html><head><script>1</script><title>x</title>'
    """
    found = re.search(r"<head[^>]*>", html, re.I)
    if not found:
        return script + html
    return html[:found.end()] + script + html[found.end():]


# ---------------------------------------------------------------- in Voila (imported by Voila only)
def compress(application) -> None:
    """Gzip the server's answers from now on (Voila applies ``compress_response`` after Tornado has read it)."""
    from tornado.web import GZipContentEncoding

    if GZipContentEncoding not in application.transforms:
        application.transforms.append(GZipContentEncoding)


#: who owns which kernel, in the server (one per Voila process)
OWNERS = KernelOwners()

#: how each of Voila's routes that names a kernel is kept to that kernel's seat (:func:`kernel_routes` finds
#: them; a route not listed here is a hole): handler class name → where its guard is
KERNEL_ROUTE_GUARDS = {
    "KernelHandler": "share.ClassAuthorizer (resource 'kernels': the seat's own kernels only)",
    "VoilaKernelWebsocketHandler": "share.ClassAuthorizer, and share's websocket connection (2 sockets a kernel)",
    "VoilaShutdownKernelHandler": "guard_kernels: POST stops the seat's own kernel only",
    "ExecutionRequestHandler": "guard_kernels: seat_only (progressive rendering's websocket)",
    "RequestInfoSocketHandler": "share.guard_request_info: the class's kernels only (a key per kernel)",
}


def kernel_routes(handlers) -> list[tuple[str, str]]:
    """(address pattern, handler class name) of each route in ``handlers`` (Tornado's ``(pattern, class, …)``
    tuples, as Voila's ``init_handlers`` makes them) whose address carries a kernel id.

    >>> kernel_routes([("/api/kernels/(?P<kernel_id>[^/]+)", object), ("/voila/static/(.*)", object)])
    [('/api/kernels/(?P<kernel_id>[^/]+)', 'object')]
    """
    return [(pattern, handler.__name__) for pattern, handler, *_ in handlers
            if "kernel_id" in pattern or ("kernel" in handler.__name__.lower() and "(" in pattern)]


def seat_only(handler_class, owners: KernelOwners = OWNERS) -> None:
    """``handler_class``'s GET (a websocket's opening handshake) answers only the seat that owns the kernel its
    address names: anyone else gets 403 before anything opens or runs.  Used for Voila's
    ``/voila/execution/<kernel_id>`` (progressive rendering: it runs the page's notebook on that kernel)."""
    if getattr(handler_class, "_pirates_lab_seat_only", False):
        return
    opened = handler_class.get

    async def get(self, kernel_id, *args, **kwargs):
        user = getattr(self, "current_user", None)
        if not owners.owns(getattr(user, "username", None), kernel_id):
            logging.getLogger("pirates_lab.classroom").warning(
                "a page asked for %s of a kernel that is not its seat's (%s): refused", self.request.path,
                getattr(user, "username", "nobody"))
            self.set_status(403)
            self.finish("403")
            return None
        result = opened(self, kernel_id, *args, **kwargs)
        return (await result) if inspect.isawaitable(result) else result

    def refused(self, status_code, **kwargs):      # a websocket's plain refusal (no error page to render)
        self.finish(f"{status_code}")

    handler_class.get = get
    handler_class.write_error = refused
    handler_class._pirates_lab_seat_only = True


def guard_kernels(owners: KernelOwners = OWNERS) -> None:
    """Tie kernels to seats in Voila's handlers: a rendered page's kernel is recorded as its seat's (a seat
    past :data:`KERNELS_PER_SEAT` has its oldest shut down), a seat may load :data:`share.PAGES_A_MINUTE`
    pages a minute, and ``/voila/api/shutdown/<id>`` stops only the caller's own kernel. Every shared page
    starts with :func:`recovery_script`."""
    import asyncio

    import tornado.web
    from jupyter_core.utils import ensure_async
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.handler import TornadoVoilaHandler

    from .share import PAGES_A_MINUTE, RateLimit, how_to_join_html

    if getattr(TornadoVoilaHandler, "_pirates_lab_guarded", False):
        return
    log = logging.getLogger("pirates_lab.classroom")
    pages = RateLimit(PAGES_A_MINUTE, 60)
    from . import env_seconds

    script = recovery_script(after=env_seconds(RECOVER_ENV, RECOVER_AFTER_S) or RECOVER_AFTER_S)

    def record(handler, manager, kernel_id: str) -> None:
        user = handler.current_user
        for old in owners.record(kernel_id, getattr(user, "username", "?")):
            log.info("a seat opened a third page: its oldest page's kernel is stopped (a reload replaces)")
            owners.forget(old)
            task = asyncio.ensure_future(ensure_async(manager.shutdown_kernel(old)))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())   # a kernel gone already: fine

    class SeatedKernels:
        """The kernel manager as a page's handler sees it: the kernel it renders with becomes the seat's."""

        def __init__(self, manager, handler):
            self._manager, self._handler = manager, handler

        def __getattr__(self, name):
            return getattr(self._manager, name)

        async def get_rendered_notebook(self, *args, **kwargs):
            task, cache, kernel_id = await self._manager.get_rendered_notebook(*args, **kwargs)
            record(self._handler, self._manager, kernel_id)
            return task, cache, kernel_id

        async def start_kernel(self, *args, **kwargs):
            kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
            record(self._handler, self._manager, kernel_id)
            return kernel_id

    TornadoVoilaHandler.kernel_manager = property(lambda self: SeatedKernels(self.settings["kernel_manager"], self))
    rendered = TornadoVoilaHandler.get_generator

    async def get_generator(self, path=None):
        started = False
        compress(self.application)
        async for html_part in rendered(self, path=path):
            if not started and "<head" in html_part.lower():
                html_part, started = inject_after_head(html_part, script), True
            yield local_only(html_part)

    TornadoVoilaHandler.get_generator = get_generator
    served = TornadoVoilaHandler.get

    @tornado.web.authenticated
    async def get(self, path=None):
        if not pages.allow(getattr(self.current_user, "username", "?")):
            self.set_status(429)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            return self.finish(how_to_join_html("Too many reloads: wait a minute, then reload this page."))
        return await served(self, path)

    TornadoVoilaHandler.get = get
    shut = VoilaShutdownKernelHandler.post

    @tornado.web.authenticated
    async def post(self, kernel_id):
        if not owners.owns(getattr(self.current_user, "username", None), kernel_id):
            log.warning("a page asked to stop a kernel that is not its seat's (%s): refused",
                        getattr(self.current_user, "username", "?"))
            raise tornado.web.HTTPError(403)
        await shut(self, kernel_id)
        owners.forget(kernel_id)

    VoilaShutdownKernelHandler.post = post
    try:                                   # progressive rendering's websocket (jupyter_server 2 only)
        from voila.tornado.execution_request_handler import ExecutionRequestHandler
    except ImportError:                    # pragma: no cover - an older Voila has no such route
        ExecutionRequestHandler = None
    if ExecutionRequestHandler is not None and hasattr(ExecutionRequestHandler, "get"):
        seat_only(ExecutionRequestHandler, owners)
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    def refused(self, status_code, **kwargs):      # a plain refusal (Voila has no error template for it)
        self.finish(f"{status_code}")

    VoilaKernelWebsocketHandler.write_error = refused
    TornadoVoilaHandler._pirates_lab_guarded = True
