"""JupyterHub serving the lessons through Voila (deploy/jupyterhub_config.py, docs/jupyterhub.md): the hub
on loopback with its dummy authenticator and configurable-http-proxy, a person logs in, lands on the dice
basics lesson, and the page's kernel websocket (through the proxy) shows the lesson's widgets.

The proxy is a Node.js program from the npm registry: taken from PATH, else installed once into
``.cache/configurable-http-proxy`` (ignored by git).  Without npm or the proxy the test skips locally and
FAILS when ``$CI`` is set.  Every wait has an explicit limit and says what it waited for.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
PROXY_CACHE = ROOT / ".cache" / "configurable-http-proxy"
LESSON = "01_dice_basics.ipynb"
PASSWORD = "ahoy-matey"
#: seconds: installing the proxy; the hub answering; a user's server starting; the lesson's page and widgets
INSTALL_LIMIT, HUB_LIMIT, SPAWN_LIMIT, PAGE_LIMIT = 240, 120, 180, 180


def missing(message: str):
    if os.environ.get("CI"):
        pytest.fail(message + " — the JupyterHub test must run in CI")
    pytest.skip(message)


def proxy_command() -> str:
    """configurable-http-proxy: on PATH, in the cache, or installed into the cache from the npm registry."""
    found = shutil.which("configurable-http-proxy")
    cached = PROXY_CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
    if found:
        return found
    if cached.exists():
        return str(cached)
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        missing("npm/node are missing: JupyterHub's proxy (configurable-http-proxy) cannot be installed")
    PROXY_CACHE.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run([npm, "install", "--prefix", str(PROXY_CACHE), "--no-audit", "--no-fund",
                               "configurable-http-proxy@5"], capture_output=True, text=True, timeout=INSTALL_LIMIT)
    except subprocess.TimeoutExpired:
        missing(f"npm install configurable-http-proxy took more than {INSTALL_LIMIT} s")
    if done.returncode != 0 or not cached.exists():
        missing(f"npm install configurable-http-proxy failed: {done.stderr[-500:]}")
    return str(cached)


def wait_until(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.5)
    pytest.fail(f"waited {seconds:.0f} s for {what}")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub", reason="jupyterhub is in the [test] extra")
    from pirates_lab.classroom import Server, free_port

    proxy = proxy_command()
    folder = tmp_path_factory.mktemp("hub")
    port, api, proxy_api = free_port(), free_port(), free_port()
    env = {**os.environ, "PIRATES_LAB_HUB_PORT": str(port), "PIRATES_LAB_HUB_API_PORT": str(api),
           "PIRATES_LAB_PROXY_API_PORT": str(proxy_api), "PIRATES_LAB_HUB_PASSWORD": PASSWORD,
           "PIRATES_LAB_PROXY": proxy, "PIRATES_LAB_NOTEBOOKS": str(ROOT / "notebooks")}
    server = Server([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)], port, log=folder / "hub.log",
                    cwd=folder, env=env)
    started = time.monotonic()
    server.start(timeout=HUB_LIMIT)
    base = f"http://127.0.0.1:{port}"
    try:
        import requests

        wait_until(lambda: _ok(requests, base + "/hub/api/"), HUB_LIMIT, "the hub's API through the proxy")
        yield {"base": base, "server": server, "log": folder / "hub.log", "started": started}
    finally:
        server.stop(grace=30)


def _ok(requests, url: str) -> bool:
    try:
        return requests.get(url, timeout=10).status_code == 200
    except requests.RequestException:
        return False


def test_a_wrong_password_is_refused(hub):
    import requests

    with requests.Session() as browser:
        login = browser.get(hub["base"] + "/hub/login", timeout=PAGE_LIMIT)
        refused = browser.post(hub["base"] + "/hub/login", data={"username": "ada", "password": "wrong",
                                                                  "_xsrf": browser.cookies.get("_xsrf", "")},
                               timeout=PAGE_LIMIT, allow_redirects=False)
    assert login.status_code == 200 and refused.status_code == 403
    assert "jupyterhub-hub-login" not in refused.cookies


def test_a_person_logs_in_and_the_lesson_is_served_through_voila(hub):
    import requests

    from pirates_lab.classroom.simstudent import SimStudent, run_in_thread

    base = hub["base"]
    with requests.Session() as browser:
        browser.get(base + "/hub/login", timeout=PAGE_LIMIT)
        logged_in = browser.post(base + "/hub/login",
                                 data={"username": "ada", "password": PASSWORD,
                                       "_xsrf": browser.cookies.get("_xsrf", "")},
                                 timeout=PAGE_LIMIT, allow_redirects=False)
        assert logged_in.status_code == 302
        browser.get(base + "/hub/spawn", timeout=PAGE_LIMIT)               # the hub starts ada's server
        wait_until(lambda: _ready(browser, base + "/user/ada/voila/tree"), SPAWN_LIMIT, "ada's server to start")
        landing = browser.get(base + "/user/ada/", timeout=PAGE_LIMIT, allow_redirects=False)
        # what a browser sends to ada's server: her server's cookies and the hub's session id (path /)
        cookies = {cookie.name: cookie.value for cookie in browser.cookies
                   if "/user/ada/".startswith(cookie.path.rstrip("/") + "/")}
    assert landing.status_code == 302                                   # ada lands on the lesson, not on JupyterLab
    assert landing.headers["Location"].split("?")[0].endswith(f"/user/ada/voila/render/{LESSON}")

    async def lesson():
        page = SimStudent(base + "/user/ada", "", f"voila/render/{LESSON}", timeout=PAGE_LIMIT, cookies=dict(cookies))
        await page.open_page()                          # Voila's page (its kernel's id in it), then its websocket
        await page.wait_for_widget("pl-lesson")         # the lesson's widgets, through the proxy
        return page.has_widget("pl-lesson"), await page.close()

    shown, shutdown = run_in_thread(lesson(), PAGE_LIMIT * 2, "the lesson's page and its widgets through the hub")
    assert shown and shutdown == 204
    (hub["log"].parent / "seconds.txt").write_text(f"{time.monotonic() - hub['started']:.1f}\n")


def _ready(browser, url: str) -> bool:
    """ada's server answers a page (Voila's list of lessons: no kernel), after the hub's OAuth redirects that
    give the browser her server's cookie."""
    import requests

    try:
        response = browser.get(url, timeout=PAGE_LIMIT)
    except requests.RequestException:
        return False
    return response.status_code == 200 and response.url.endswith("/user/ada/voila/tree")
