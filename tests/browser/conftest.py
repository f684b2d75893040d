"""Real-browser tests of classroom mode: Debian's Chromium driven by Python Playwright.

One Voila server (``pirates-lab classroom --all``, directory mode) serves every lesson for the
whole session, and one JupyterLab (``pirates-lab lab``) serves the index; both listen on free
loopback ports, run in their own process group, and are stopped (with their kernels) at the
end.  The browser may talk to 127.0.0.1 only: every other request is aborted (Voila asks a
CDN for a font sheet and can hang on it).  Screenshots go to ``artifacts/screenshots/``.

Without ``/usr/bin/chromium`` these tests skip locally, and FAIL when ``$CI`` is set.
"""
from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pirates_lab.classroom import LESSONS, Server, free_port

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
CHROMIUM = Path(os.environ.get("PIRATES_LAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")
#: Generous, explicit limits for a loaded 2-core machine (a wait ends as soon as its condition holds):
#: any Playwright wait or click, and a server's first answer on its port.
PAGE_TIMEOUT_MS = 180_000
SERVER_START_S = 180


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives a real browser (Chromium) against a Voila/JupyterLab server")


def lesson_notebooks() -> list[Path]:
    """The lessons whose notebooks exist now (dice basics and each game that has landed)."""
    return [NOTEBOOKS / file for file in LESSONS.values() if (NOTEBOOKS / file).is_file()]


def pytest_generate_tests(metafunc):
    """A test that takes ``lesson`` runs once per lesson notebook present at collection time.  In a module with a
    ``walk_timeout(stem)`` (the projector walk), each lesson's tests get that time limit (pytest-timeout): any of
    them may be the one that walks the lesson, and the walk stops itself before that limit.  A module whose
    ``LESSON_SCOPE`` is ``"module"`` gets its tests grouped by lesson (pytest orders them lesson by lesson), so a
    module fixture can open each lesson's page once for all its tests."""
    if "lesson" in metafunc.fixturenames:
        limit = getattr(metafunc.module, "walk_timeout", None)
        params = [pytest.param(path, id=path.stem, marks=[pytest.mark.timeout(limit(path.stem))] if limit else [])
                  for path in lesson_notebooks()]
        metafunc.parametrize("lesson", params, scope=getattr(metafunc.module, "LESSON_SCOPE", "function"))


# ---------------------------------------------------------------- the browser
@pytest.fixture(scope="session")
def chromium() -> Path:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)"
        if os.environ.get("CI"):
            pytest.fail(message + " — browser tests must run in CI")
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def playwright_driver():
    """The session's one Playwright: only one sync Playwright can run in a thread at a time, so every browser
    fixture (the shared context below, test_browser_share's browser of many contexts) starts from this one."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(chromium, tmp_path_factory, playwright_driver):
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")), executable_path=str(chromium), headless=True,
        args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 900})
    context.aborted = []

    def only_local(route):
        url = route.request.url
        if LOCAL.match(url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            context.aborted.append(url)
            route.abort()

    context.route("**/*", only_local)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    yield context
    context.close()


@dataclass
class Console:
    """What a page said: console errors and uncaught exceptions (aborted outside requests excluded)."""

    aborted: list
    messages: list = field(default_factory=list)

    def record(self, message) -> None:
        if message.type == "error":
            url = (message.location or {}).get("url", "")
            if url and not LOCAL.match(url) and "Failed to load resource" in message.text:
                return  # a request we aborted on purpose (only loopback is allowed)
            self.messages.append(message.text)

    def errors(self, ignore: tuple[str, ...] = ()) -> list[str]:
        return [m for m in self.messages if not any(pattern in m for pattern in ignore)]


@pytest.fixture(scope="session")
def page_opener(browser):
    """``page_opener(url) -> (page, console)``: a page of the session's browser, its console recorded; the caller
    closes it."""
    def open_(url: str):
        page = browser.new_page()
        console = Console(browser.aborted)
        page.on("console", console.record)
        page.on("pageerror", lambda error: console.messages.append(f"uncaught: {error}"))
        page.goto(url, wait_until="domcontentloaded")
        return page, console

    return open_


@pytest.fixture
def open_page(page_opener):
    """``open_page(url) -> (page, console)``; the page is closed after the test."""
    pages = []

    def open_(url: str):
        page, console = page_opener(url)
        pages.append(page)
        return page, console

    yield open_
    for page in pages:
        page.close()


@pytest.fixture(scope="session")
def screenshot():
    """``screenshot(page_or_locator, name)`` saves ``artifacts/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(target, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        target.screenshot(path=str(path))
        return path

    return take


# ---------------------------------------------------------------- the servers
def _pirates_lab(*args: str) -> list[str]:
    return [sys.executable, "-m", "pirates_lab.cli", *args]


@pytest.fixture(scope="session")
def voila(chromium):
    """Every lesson from one Voila server started by ``pirates-lab classroom --all``; yields its base URL."""
    ARTIFACTS.mkdir(exist_ok=True)
    port = free_port()
    log = ARTIFACTS / "voila.log"
    log.write_text("")
    server = Server(_pirates_lab("classroom", "--all", "--port", str(port), "--cell-timeout", "60", "--tracebacks"),
                    port, log=log, cwd=ROOT)
    with server.start(timeout=SERVER_START_S):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def jupyterlab(chromium, tmp_path_factory):
    """JupyterLab started by ``pirates-lab lab`` (no token, no news, no autosave); yields its base URL."""
    ARTIFACTS.mkdir(exist_ok=True)
    settings = tmp_path_factory.mktemp("lab-settings")
    workspaces = tmp_path_factory.mktemp("lab-workspaces")
    quiet = {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                            "checkForUpdates": False},
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }
    for name, value in quiet.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    port = free_port()
    log = ARTIFACTS / "jupyterlab.log"
    log.write_text("")
    command = _pirates_lab("lab", "--no-browser", "--port", str(port), "--",
                           "--IdentityProvider.token=", "--ServerApp.password=",
                           "--LabApp.news_url=None",
                           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                           "--LabApp.expose_app_in_browser=True",   # window.jupyterapp: commands, not clicks
                           f"--LabApp.workspaces_dir={workspaces}")
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(settings)}
    with Server(command, port, log=log, cwd=ROOT, env=env).start(timeout=SERVER_START_S):
        yield f"http://127.0.0.1:{port}"
