"""Refresh the README screenshots from the lessons as Voila serves them today (1024 x 768).

Re-run from the repository root (needs Debian's ``/usr/bin/chromium`` and the project venv)::

    .venv/bin/python docs/screenshots/take.py                 # all the pictures
    .venv/bin/python docs/screenshots/take.py king_of_pirates_dutchman_board   # only some
    .venv/bin/python docs/screenshots/take.py --out /tmp/shots                  # a trial, elsewhere

It starts one ``pirates-lab classroom --all`` server on a free loopback port (stopped at the end,
kernels included), opens each lesson in headless Chromium at 1024 x 768 (every request that is not
to 127.0.0.1 is aborted, as in tests/browser), waits until Voila ran the notebook and every canvas
is painted, and saves a picture of the page (or of one widget) here.  A PNG over 300 KB is saved
with a 256-colour palette to keep the repository small.  Look at each picture before committing.
"""
from __future__ import annotations

import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1024, "height": 768}
MAX_BYTES = 300_000
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


@dataclass(frozen=True)
class Shot:
    """One README picture: a lesson page (``?large=1`` if ``large``), one screen of it or one widget."""

    name: str
    lesson: str              # notebook stem
    selector: str = ""       # CSS selector of the widget to picture ("" = one screen of the page)
    large: bool = False
    scroll_to: str = ""      # for a screen: the element scrolled to the top first ("" = the first screen)
    screen: str = ""         # a lesson on screens: the screen to open (?screen=), a number or a title


SHOTS = (
    Shot("classroom_large_fonts", "pillage_and_plunder", large=True, scroll_to=".pl-pp-battle-calculator"),
    Shot("king_of_pirates_dutchman_board", "king_of_pirates", ".pl-kop-dutchman-board"),
    Shot("pillage_and_plunder_battle_calculator", "pillage_and_plunder", ".pl-pp-battle-calculator"),
    Shot("plunder_2013_classroom_round", "plunder_2013", large=True, screen="4"),
    Shot("dice_basics_try_it_yourself", "01_dice_basics", large=True, screen="9"),
)

#: every canvas outside bqplot charts has more than one colour (Voila paints after the page connects)
PAINTED_JS = """() => [...document.querySelectorAll('#rendered_cells canvas')].filter(
    c => !c.closest('.bqplot') && c.width > 0 && c.height > 0 && c.getClientRects().length).every(c => {
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, seen = new Set();
        for (let i = 0; i < data.length && seen.size < 2; i += 4) seen.add(data[i] + ',' + data[i+1] + ',' + data[i+2] + ',' + data[i+3]);
        return seen.size > 1; })"""


#: the height of the lesson: the panel Voila scrolls (or the document)
TALLEST_JS = """() => Math.max(document.scrollingElement.scrollHeight, ...[...document.querySelectorAll('*')]
    .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)).map(e => e.scrollHeight))"""


def serve():
    """A ``pirates-lab classroom --all`` server on a free port (a context manager)."""
    sys.path.insert(0, str(ROOT))
    from pirates_lab.classroom import Server, free_port

    port = free_port()
    command = [sys.executable, "-m", "pirates_lab.cli", "classroom", "--all", "--port", str(port),
               "--cell-timeout", "60"]
    return Server(command, port, log=Path(tempfile.gettempdir()) / "take_screenshots_voila.log", cwd=ROOT)


def open_lesson(context, base: str, stem: str, *, large: bool = False, screen: str = ""):
    """A page with the lesson fully rendered (Voila done, widgets shown, canvases painted)."""
    from urllib.parse import urlencode

    page = context.new_page()
    page.set_viewport_size(VIEWPORT)
    query = urlencode({**({"large": 1} if large else {}), **({"screen": screen} if screen else {})})
    page.goto(f"{base}/voila/render/{stem}.ipynb" + (f"?{query}" if query else ""), wait_until="domcontentloaded",
              timeout=240_000)
    page.wait_for_selector("#loading", state="detached", timeout=240_000)
    page.wait_for_selector(".pl-presenter-bar", timeout=60_000)       # classroom mode puts it on every page
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')", timeout=60_000)
    try:
        page.wait_for_function(PAINTED_JS, timeout=20_000)
    except Exception:
        print(f"  {stem}: some canvas still looks blank", file=sys.stderr)
    page.wait_for_timeout(800)        # charts size themselves
    return page


def shrink(path: Path) -> None:
    """Keep the PNG under MAX_BYTES (a 256-colour palette; screenshots have few colours anyway)."""
    if path.stat().st_size <= MAX_BYTES:
        return
    from PIL import Image

    with Image.open(path) as image:
        image.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(path, optimize=True)


def browser_context(playwright, profile: str):
    context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                            args=CHROMIUM_ARGS, viewport=VIEWPORT)
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url)
                  or route.request.url.startswith(("data:", "blob:")) else route.abort())
    return context


def take(names: list[str], out: Path = HERE) -> list[Path]:
    from playwright.sync_api import sync_playwright

    shots = [s for s in SHOTS if not names or s.name in names]
    unknown = set(names) - {s.name for s in SHOTS}
    if unknown:
        raise SystemExit(f"No screenshot called {', '.join(sorted(unknown))}; known: {', '.join(s.name for s in SHOTS)}")
    saved = []
    with serve() as server, sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = browser_context(playwright, profile)
        base = server.url.rstrip("/")
        for shot in shots:
            page = open_lesson(context, base, shot.lesson, large=shot.large, screen=shot.screen)
            path = out / f"{shot.name}.png"
            if shot.selector:
                page.wait_for_selector(shot.selector, timeout=60_000)
                # Voila scrolls an inner panel: make the window as tall as the lesson, so the widget is
                # pictured whole, without scrolling (the width stays 1024 px)
                height = page.evaluate(TALLEST_JS)
                page.set_viewport_size({"width": VIEWPORT["width"], "height": int(min(max(768, height), 16_000))})
                page.wait_for_timeout(1500)       # layout, and a late client's repaint
            elif shot.scroll_to:
                page.wait_for_selector(shot.scroll_to, timeout=60_000)
                page.locator(shot.scroll_to).first.evaluate("e => e.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(1000)
            target = page.locator(shot.selector).first if shot.selector else page
            target.screenshot(path=str(path))
            page.close()
            shrink(path)
            saved.append(path)
            print(f"{path}: {path.stat().st_size // 1000} KB")
        context.close()
    return saved


if __name__ == "__main__":
    arguments = sys.argv[1:]
    folder = HERE
    if "--out" in arguments:
        at = arguments.index("--out")
        folder = Path(arguments[at + 1]).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        del arguments[at:at + 2]
    take(arguments, folder)
