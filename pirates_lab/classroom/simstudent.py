"""A simulated student for load tests: joins a shared lesson over HTTP and speaks the Jupyter widget
protocol on the page's websocket, as a browser would (no browser, a few MB each).

It joins (``/join?t=TOKEN``: the seat cookie), loads the lesson's page at a question screen, opens the
kernel's websocket, asks for every widget's state (the ``jupyter.widget.control`` comm, as the page's
own widget manager does), types a prediction into the class poll and clicks Send, then waits until
its page shows the prediction as kept.  :meth:`SimStudent.reload` closes the page (its kernel shut
down, as a browser's page does) and loads it again.

Every wait is bounded (``timeout`` seconds for each step, generous for a loaded machine) and fails with a
:class:`PageError` saying what it waited for: a student never waits forever.

Used by ``benchmarks/classroom_load.py`` and the classroom server test.
"""
from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

__all__ = ["SimStudent", "message", "PageError", "bounded", "run_in_thread"]

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _client():
    """Tornado's HTTP client, with room for a whole class at once (its default queues past 10)."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=500)
    return AsyncHTTPClient()


class PageError(RuntimeError):
    """The page did not come, or did not show what a student needs."""


async def bounded(awaitable, seconds: float, what: str):
    """``await awaitable``, at most ``seconds``; past that a :class:`PageError` that says what was awaited."""
    try:
        return await asyncio.wait_for(awaitable, seconds)
    except asyncio.TimeoutError:
        raise PageError(f"waited {seconds:.0f} s for {what}") from None


def run_in_thread(coroutine, seconds: float, what: str):
    """Run ``coroutine`` to its end in a thread of its own, at most ``seconds``; its result, or its error.

    A thread of its own: a test process whose main thread already runs an event loop (a sync Playwright's)
    cannot ``asyncio.run`` there.  A daemon thread waited for with a limit: even a coroutine that ignored
    its cancellation cannot hold the caller forever.  Past the limit: a :class:`PageError` naming ``what``."""
    outcome: dict = {}

    def work():
        started = time.monotonic()
        try:
            outcome["value"] = asyncio.run(asyncio.wait_for(coroutine, seconds))
        except BaseException as error:          # handed to the caller's thread
            outcome["error"] = error
            # a TimeoutError of the coroutine's own (with its own sentence) is not the limit running out
            outcome["limit"] = time.monotonic() - started >= seconds

    worker = threading.Thread(target=work, name=f"pirates-lab: {what}"[:60], daemon=True)
    worker.start()
    worker.join(seconds + 30)
    if worker.is_alive():
        raise PageError(f"{what}: still running {seconds + 30:.0f} s later, even after its cancellation")
    error = outcome.get("error")
    if isinstance(error, asyncio.TimeoutError) and outcome.get("limit"):
        raise PageError(f"{what}: not done within {seconds:.0f} s")
    if error is not None:
        raise error
    return outcome["value"]


def message(msg_type: str, content: dict, channel: str = "shell", session: str = "sim",
            metadata: dict | None = None) -> dict:
    """A Jupyter message as a page sends it on its websocket (JSON, no buffers)."""
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student", "session": session,
                       "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": channel, "buffers": []}


#: a page that gets no reply to its request for the widgets' states asks again after this many seconds
REASK_S = 30.0

@dataclass
class SimStudent:
    base: str                       # http://127.0.0.1:PORT
    join_path: str                  # /join?t=TOKEN
    page: str                       # voila/render/01_dice_basics.ipynb
    screen: int | None = None
    timeout: float = 180.0
    cookies: dict = field(default_factory=dict)
    kernel_id: str | None = None
    states: dict = field(default_factory=dict)
    socket: object = None
    joined_seconds: float | None = None
    _early: dict = field(default_factory=dict)
    incomplete: int = 0                             # loads of the page that came without a part of the lesson
    said: list = field(default_factory=list)       # the kernel's printed output and errors (the last 20)

    # ------------------------------------------------------------ HTTP
    def _cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    async def _get(self, path: str, follow: bool = False):
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        client = _client()
        try:
            response = await bounded(client.fetch(self.base + path, headers={"Cookie": self._cookie_header()},
                                                  follow_redirects=follow, request_timeout=self.timeout,
                                                  connect_timeout=self.timeout, raise_error=False),
                                     self.timeout + 5, f"the answer to GET {path.split('?')[0]}")
        except HTTPClientError as error:  # pragma: no cover - raise_error=False
            response = error.response
        if response.code == 599:
            raise PageError(f"no answer to GET {path.split('?')[0]} ({response.error})")
        for header in response.headers.get_list("Set-Cookie"):
            jar = SimpleCookie()
            jar.load(header)
            for key, morsel in jar.items():
                self.cookies[key] = morsel.value
        return response

    async def join(self) -> int:
        """``/join``: the seat cookie. Returns the HTTP status (302 when let in)."""
        response = await self._get(self.join_path)
        return response.code

    async def open_page(self) -> None:
        """Load the lesson page, connect to its kernel and read every widget's state; as a real share page does
        (:func:`pirates_lab.classroom.page.guard_script`), load it again when a part of its lesson is not in it
        (at most ``RELOADS`` times; :attr:`incomplete` counts them)."""
        from .page import RELOADS

        for attempt in range(RELOADS + 1):
            missing = await self._open_once()
            if not missing:
                return
            self.incomplete += 1
            if attempt < RELOADS:
                await self.close()
        raise PageError(f"the page came without a part of its lesson {RELOADS + 1} times (widgets {missing})")

    def missing_parts(self, body: str) -> list[str]:
        """The lesson's parts (widgets with a ``pl-part-...`` class) whose view is not in the page's HTML."""
        parts = [model for model, entry in self.states.items()
                 if any(str(c).startswith("pl-part-") for c in entry.get("state", {}).get("_dom_classes", ()))]
        return [model for model in parts if model not in body]

    async def _open_once(self) -> list[str]:
        """One load of the page; the lesson's parts missing from it (see :meth:`missing_parts`)."""
        from tornado.websocket import websocket_connect

        query = f"?screen={self.screen}" if self.screen else ""
        self.states, self._early = {}, {}
        response = await self._get(f"/{self.page}{query}")
        body = (response.body or b"").decode("utf-8", "replace")
        found = KERNEL_ID.search(body)
        if response.code != 200 or not found:
            raise PageError(f"the page did not come (HTTP {response.code})")
        self.kernel_id = found.group(1)
        url = self.base.replace("http", "ws", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={uuid.uuid4()}"
        from tornado.httpclient import HTTPRequest

        self.socket = await bounded(websocket_connect(HTTPRequest(url, headers={"Cookie": self._cookie_header()},
                                                                  connect_timeout=self.timeout,
                                                                  request_timeout=self.timeout),
                                                      subprotocols=[V1_PROTOCOL], max_message_size=64 * 1024 * 1024),
                                    self.timeout + 5, "the page's kernel websocket to open")
        await self.read_states()
        return self.missing_parts(body)

    async def read_states(self) -> None:
        """Every widget's state, asked on the page's websocket as a page's widget manager does."""
        # Ask for the widgets' states; ask again (on a new control comm) every REASK_S seconds without a reply, up to
        # the page's limit: a reply published before the new websocket's iopub subscription took is lost for good
        # (seen once in five runs: a reloaded page waited 240 s for an answer that never came).
        deadline, reply = time.monotonic() + self.timeout, None
        while reply is None:
            control = uuid.uuid4().hex
            self.send(message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                              metadata={"version": "1.0.0"}))
            self.send(message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}))
            left = deadline - time.monotonic()
            try:
                reply = await self.wait_for(lambda m: m.get("msg_type") == "comm_msg"
                                            and m["content"].get("data", {}).get("method") == "update_states",
                                            seconds=max(1.0, min(REASK_S, left)),
                                            what="the page's widgets (the reply to request_states)")
            except PageError as error:
                if not str(error).startswith("waited"):
                    raise
                if left <= REASK_S:
                    raise PageError(f"waited {self.timeout:.0f} s for the page's widgets (the reply to "
                                    f"request_states, asked every {REASK_S:.0f} s)") from None
        # widgets made while the kernel was answering (the page's join thread: the student's badge) came as
        # comm_open messages before the reply, which may not list them: keep them (a browser's page does)
        opened, self.states = self.states, dict(reply["content"]["data"]["states"])
        for comm, entry in opened.items():
            self.states.setdefault(comm, entry)
        for comm, state in self._early.items():          # sent while the kernel was answering
            if comm in self.states:
                self.states[comm]["state"].update(state)
        self._early.clear()

    def send(self, msg: dict) -> None:
        """Send a message in the v1 kernel websocket protocol (as JupyterLab's and Voila's pages do)."""
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

        parts = [json.dumps(msg[key]).encode() for key in ("header", "parent_header", "metadata", "content")]
        self.socket.write_message(serialize_msg_to_ws_v1(parts, msg["channel"]), binary=True)

    async def receive(self, seconds: float, what: str = "a message from the page's kernel") -> dict | None:
        raw = await bounded(self.socket.read_message(), seconds, what)
        if raw is None:
            raise PageError(f"the page's websocket closed while waiting for {what}")
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

        channel, parts = deserialize_msg_from_ws_v1(raw)
        header, parent, metadata, content = (json.loads(part) for part in parts[:4])
        msg = {"channel": channel, "header": header, "parent_header": parent, "metadata": metadata,
               "content": content, "msg_type": header.get("msg_type")}
        if msg["msg_type"] == "comm_msg":
            data = msg["content"].get("data", {})
            comm = msg["content"].get("comm_id")
            if data.get("method") == "update" and comm in self.states:
                self.states[comm]["state"].update(data.get("state", {}))
            elif data.get("method") == "update":        # before the states came: apply it to them later
                self._early.setdefault(comm, {}).update(data.get("state", {}))
        elif msg["msg_type"] == "comm_open":            # a widget made after the page loaded
            data = msg["content"].get("data", {})
            self.states[msg["content"]["comm_id"]] = {"state": dict(data.get("state", {}))}
        elif msg["msg_type"] in ("stream", "error"):     # what the kernel printed: said when a wait fails
            content = msg["content"]
            self.said.append(content.get("text") or "\n".join(content.get("traceback", [])) or content.get("evalue", ""))
            del self.said[:-20]
        return msg

    async def wait_for(self, condition, seconds: float | None = None, what: str = "a message from the page") -> dict:
        """Read the page's messages until one meets ``condition``: at most ``seconds`` (default: ``timeout``)."""
        limit = seconds or self.timeout
        deadline = time.monotonic() + limit
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PageError(f"waited {limit:.0f} s for {what}")
            try:
                msg = await self.receive(left, what)
            except PageError as error:
                if str(error).startswith("waited"):      # the same wait, said with its whole limit
                    raise PageError(f"waited {limit:.0f} s for {what}") from None
                raise
            if condition(msg):
                return msg

    # ------------------------------------------------------------ the poll
    def widget(self, css: str) -> str:
        """The model id of the (first) widget with this CSS class."""
        for model_id, entry in self.states.items():
            if css in entry.get("state", {}).get("_dom_classes", ()):
                return model_id
        raise PageError(f"no {css} on the page")

    def has_widget(self, css: str) -> bool:
        return any(css in entry.get("state", {}).get("_dom_classes", ()) for entry in self.states.values())

    async def wait_for_widget(self, css: str) -> str:
        """Wait until a widget with this CSS class is on the page (made once the page knows whose it is)."""
        if not self.has_widget(css):
            try:
                await self.wait_for(lambda m: self.has_widget(css), what=f"a {css} widget on the page")
            except PageError as error:
                said = "".join(self.said)[-600:].strip()
                raise PageError(f"{error} (kernel {self.kernel_id}; " +
                                (f"it printed: {said})" if said else "it printed nothing)")) from None
        return self.widget(css)

    def widget_value(self, css: str) -> str:
        return self.states[self.widget(css)]["state"].get("value", "")

    async def answer(self, text: str) -> None:
        """Type ``text`` into the poll, click Send, wait until the page shows it kept."""
        box, send, mine = self.widget("pl-poll-answer"), self.widget("pl-poll-send"), self.widget("pl-poll-mine")
        self.send(message("comm_msg", {"comm_id": box, "data": {"method": "update", "state": {"value": text},
                                                               "buffer_paths": []}}))
        self.send(message("comm_msg", {"comm_id": send, "data": {"method": "custom", "content": {"event": "click"}}}))
        marker = f"data-answer='{text}'"
        if marker in self.widget_value("pl-poll-mine"):
            return
        await self.wait_for(lambda m: m.get("msg_type") == "comm_msg" and m["content"].get("comm_id") == mine
                            and marker in str(m["content"].get("data", {}).get("state", {}).get("value", "")),
                            what=f"the page to show the answer {text!r} as kept")

    def kept_answer(self) -> str | None:
        """The prediction this page shows as kept (after a reload: the one sent before)."""
        found = re.search(r"data-answer='([^']*)'", self.widget_value("pl-poll-mine"))
        return found.group(1) if found else None

    # ------------------------------------------------------------ whole visits
    async def visit(self) -> float:
        """Join and open the page; the seconds it took (the join time)."""
        started = time.monotonic()
        code = await self.join()
        if code != 302:
            raise PageError(f"not let in (HTTP {code})")
        await self.open_page()
        await self.wait_for_widget("pl-class-student")        # the page knows whose it is
        self.joined_seconds = time.monotonic() - started
        return self.joined_seconds

    async def close(self) -> int | None:
        """Leave the page as a browser does: close the websocket, ask the server to shut the kernel down.

        Returns the server's answer to the shutdown (204); a refusal is a :class:`PageError`."""
        if self.socket is not None:
            self.socket.close()
            self.socket = None
        if not self.kernel_id:
            return None
        # Jupyter checks a POST's XSRF token: the same random value in the cookie and in the header (what
        # the page's script sends from its cookie).
        self.cookies.setdefault("_xsrf", secrets.token_hex(16))
        kernel, self.kernel_id = self.kernel_id, None
        response = await bounded(_client().fetch(self.base + f"/voila/api/shutdown/{kernel}", method="POST", body=b"",
                                                 headers={"Cookie": self._cookie_header(),
                                                          "X-XSRFToken": self.cookies["_xsrf"]},
                                                 raise_error=False, request_timeout=self.timeout,
                                                 connect_timeout=self.timeout),
                                 self.timeout + 5, "the server to shut the page's kernel down")
        if response.code not in (200, 204):
            raise PageError(f"the server refused to shut the page's kernel down (HTTP {response.code})")
        return response.code

    async def reload(self) -> float:
        started = time.monotonic()
        await self.close()
        await self.open_page()
        await self.wait_for_widget("pl-class-student")
        return time.monotonic() - started
