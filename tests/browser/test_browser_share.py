"""A shared lesson in real Chromium pages: ten students join with the token and see the lesson, a page
without it is refused and starts no kernel, the teacher opens a poll, every student answers, the teacher
sees the count and the chart, Reveal shows every page the answer, and a reload keeps a student's answer.

Each student is a browser context of its own (its own cookies: its own place in the class).
"""
from __future__ import annotations

import importlib.util
import os
import re
import sys
import time
from pathlib import Path

import pytest


pytestmark = [pytest.mark.browser, pytest.mark.timeout(1500)]
ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("classroom_load_b", ROOT / "benchmarks" / "classroom_load.py")
load = importlib.util.module_from_spec(spec)
sys.modules["classroom_load_b"] = load
spec.loader.exec_module(load)
STUDENTS = 10
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
PAGE_TIMEOUT_MS = int(float(os.environ.get("PIRATES_LAB_SHARE_PAGE_TIMEOUT_S", "600")) * 1000)
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
FAILURES = ROOT / "artifacts" / "share-failures"
CONSOLES: dict = {}
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
LOCAL = re.compile(r"^(https?|wss?)://127\.0\.0\.1(:\d+)?/")


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    # a warm kernel for every student (and one more): a page never waits for a cold kernel, which on a busy
    # two-core machine took more than 5 minutes for the last of ten (the pool's warming has its own limit)
    shared = load.SharedLesson(tmp_path_factory.mktemp("shared-browser"), STUDENTS)
    shared.start(timeout=900)
    yield shared
    shared.stop()


@pytest.fixture(scope="module")
def chromium_browser(chromium, playwright_driver):
    """A browser of its own (one context per student: their own cookies), from the session's Playwright."""
    browser = playwright_driver.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def new_page(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    context.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url) or
                  route.request.url.startswith(("data:", "blob:")) else route.abort())
    page = context.new_page()
    console = CONSOLES.setdefault(id(page), [])
    page.on("console", lambda m: console.append(f"{time.strftime('%H:%M:%S')} {m.type}: {m.text}"))
    page.on("websocket", lambda ws: console.append(f"{time.strftime('%H:%M:%S')} websocket {ws.url.split('?')[0]}"))
    return context, page


def keep_evidence(pages: dict) -> None:
    """On a failure: each page's screenshot, HTML and browser console, in artifacts/share-failures/."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    for name, page in pages.items():
        try:
            page.screenshot(path=str(FAILURES / f"{name}.png"))
            (FAILURES / f"{name}.html").write_text(page.content(), encoding="utf-8")
        except Exception:           # a page already closed: its console is still worth keeping
            pass
        (FAILURES / f"{name}.console.txt").write_text("\n".join(CONSOLES.get(id(page), [])), encoding="utf-8")


def test_a_page_without_the_token_says_how_to_join_and_starts_no_kernel(room, chromium_browser):
    kernels = len(room.kernels())
    context, page = new_page(chromium_browser)
    page.goto(f"{room.base}/voila/render/{load.NOTEBOOK}", wait_until="domcontentloaded")
    page.wait_for_selector(".pl-how-to-join")
    assert page.locator(".pl-lesson").count() == 0
    page.fill("input[name=code]", "WRONG1")
    page.click("button[type=submit]")
    page.wait_for_selector(".pl-join-error")
    assert len(room.kernels()) == kernels
    context.close()


def guarded_page(browser, body: str, grace: int = 1):
    """A page with the share pages' guard (grace ``grace`` s) after ``body``; the list of its loads."""
    from pirates_lab.classroom.page import guard_script

    loads = []
    html = (f"<!doctype html><html><body>{body}<script>{guard_script(['pl-part-lesson'], grace=grace)}"
            "</script></body></html>")
    context = browser.new_context(viewport={"width": 1024, "height": 768})

    def serve(route):
        loads.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body=html)

    context.route("**/*", serve)
    page = context.new_page()
    page.goto("http://127.0.0.1:9/voila/render/lesson.ipynb")
    return context, page, loads


@pytest.mark.parametrize("body, reloads", [
    ("<div class='pl-class-box'></div>", 2),                                   # the lesson never came
    ("<div class='pl-class-box'></div><div class='pl-part-lesson'></div>", 0),  # all there
    ("<div class='pl-class-box'></div><script>setTimeout(() => document.body.insertAdjacentHTML('beforeend', "
     "\"<div class='pl-part-lesson'></div>\"), 400)</script>", 0),               # came a moment later
    ("", 0),                                   # the page's widgets never came: nothing to judge by
], ids=["lesson-missing", "all-there", "lesson-a-moment-later", "no-widgets-yet"])
def test_a_page_missing_part_of_its_lesson_reloads_twice_then_says_so(chromium_browser, body, reloads):
    from pirates_lab.classroom.page import INCOMPLETE

    context, page, loads = guarded_page(chromium_browser, body)
    if reloads:
        page.wait_for_selector(".pl-page-incomplete", timeout=30_000)
        assert page.inner_text(".pl-page-incomplete") == INCOMPLETE
        page.wait_for_timeout(2500)                          # and no more reloads after it said so
    else:
        page.wait_for_timeout(3500)
        assert page.locator(".pl-page-incomplete").count() == 0
    assert len(loads) == 1 + reloads
    context.close()


# In the default run again since 2026-12-02 (evening): it was nightly for a day, after a real page's lesson failed
# to appear in two fresh-clone runs. The cause was Voila serving a page without the output that came more than 4 s
# after its cell finished (nbclient's iopub_timeout); the wait is now 120 s and a page that still lacks a part of its
# lesson reloads itself (the test above). On a failure the pages' screenshots and consoles go to artifacts/.
def test_a_class_poll_with_ten_students(room, chromium_browser):
    pages: dict = {}
    try:
        class_poll(room, chromium_browser, pages)
    except Exception:
        keep_evidence(pages)
        raise


def class_poll(room, chromium_browser, pages: dict) -> None:
    poll, screen = load.first_question()
    session = room.class_db().session()
    teacher_context, teacher = new_page(chromium_browser)
    pages["teacher"] = teacher
    teacher.goto(f"{room.base}/teacher?t={session.teacher_token}", wait_until="domcontentloaded")
    teacher.wait_for_selector(".pl-poll-open")
    teacher.wait_for_selector(".pl-join-code")
    assert teacher.inner_text(".pl-join-code").strip() == session.join_code
    assert teacher.locator(".pl-join-qr svg").count() == 1
    teacher.click(".pl-poll-open")
    teacher.wait_for_selector(".pl-poll-is-open")

    students = []
    for _ in range(STUDENTS):
        context, page = new_page(chromium_browser)
        pages[f"student-{len(students) + 1}"] = page
        page.goto(f"{room.base}/join?t={session.join_token}", wait_until="domcontentloaded")
        students.append((context, page))
    answers = {}
    for context, page in students:
        page.wait_for_selector(".pl-lesson")
        page.wait_for_selector(".pl-poll-answer input")
        number = int(page.get_attribute(".pl-student-number", "data-number"))
        answers[number] = f"{5 * number}%"
        page.fill(".pl-poll-answer input", answers[number])
        page.click(".pl-poll-send")
    for context, page in students:
        page.wait_for_selector(".pl-poll-kept")
    assert sorted(answers) == list(range(1, STUDENTS + 1))
    assert {n: t for n, t, _ in room.class_db().answers(poll)} == answers

    teacher.wait_for_selector(f".pl-poll-answers[data-answers='{STUDENTS}']")
    teacher.wait_for_function("() => document.querySelectorAll('.pl-poll-chart .bar').length === 10")
    teacher.click(".pl-poll-reveal")
    teacher.wait_for_selector(".pl-poll-exact-text")
    exact = teacher.inner_text(".pl-poll-exact-text")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    teacher.screenshot(path=str(SCREENSHOTS / "share_teacher_poll.png"))
    for context, page in students:
        page.wait_for_selector(".pl-feedback-revealed")
        assert exact.split(":", 1)[1].strip() in page.inner_text(".pl-feedback")

    context, page = students[0]
    number = int(page.get_attribute(".pl-student-number", "data-number"))
    before = KERNEL_ID.search(page.content()).group(1)
    assert room.kernel_alive(before)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(f".pl-poll-kept[data-answer='{answers[number]}']")
    page.screenshot(path=str(SCREENSHOTS / "share_student_revealed.png"))
    # the page that went asked for its kernel to be shut down, and the server did it (it once refused: 403)
    after = KERNEL_ID.search(page.content()).group(1)
    assert after != before
    gone = time.monotonic() + 120
    while room.kernel_alive(before) and time.monotonic() < gone:
        time.sleep(0.5)
    assert not room.kernel_alive(before), "the reloaded page's old kernel was not shut down"
    for context, _ in students:
        context.close()
    teacher_context.close()
