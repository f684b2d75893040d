"""Load test of a shared lesson: N students join, answer a class poll, reload, and answer again.

    .venv/bin/python benchmarks/classroom_load.py --students 30 --browsers 2
    nice -n 10 .venv/bin/python benchmarks/classroom_load.py --students 30 --cold 3   # also the peer row

It starts ``pirates-lab classroom dice_basics --share`` on loopback (a fresh class file), waits until
Voila's kernel pool is warm, opens the poll on the first question screen (the same write the
teacher's button makes), then runs every student at once: most are Jupyter-protocol websocket clients
(:mod:`pirates_lab.classroom.simstudent`), ``--browsers`` of them real Chromium pages.  Each student
joins with the token and sends a prediction; once the whole class has (:class:`Gate`), each reloads (the
page must show the prediction kept) and sends a second one.  It reports:

- the **join time** (from ``/join`` to the page's widgets all there), median and worst, and the reload time;
- the **memory per student**: the mean unique memory (USS) and resident memory (RSS) of the students'
  kernels, and the server's own growth;
- **answers lost**: students whose last prediction is not the one in the class file (must be 0), and
  reloads that did not show the prediction kept;
- **pages that came without their lesson** (and were loaded again, as a share page does itself).

``--cold K`` adds the peer: K more students joining at once the same lesson served without a kernel pool
(``--pool 0``, what ``classroom --share`` would be without Voila's preheated kernels); ``--cold 30`` beside
``--students 30`` is the fair one (the same class, the same moment of joining).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: where a failed run leaves its evidence: failed Chromium pages' screenshots and consoles, the server's log
EVIDENCE = ROOT / "artifacts" / "classroom-load"
LESSON, NOTEBOOK = "dice_basics", "01_dice_basics.ipynb"
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
POOL_FILLED = re.compile(r"Kernel pool of \S+ is filled with (\d+) kernel")


def first_question():
    from pirates_lab.widgets.lesson_model import Lesson
    from pirates_lab.widgets.poll import poll_name

    lesson = Lesson.named(LESSON)
    screen = next(s for s in lesson.screens if s.question)
    return poll_name(lesson, screen), screen


def _cmdline(process) -> str:
    """A process's command line ("" once it has gone)."""
    import psutil

    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


class SharedLesson:
    """``pirates-lab classroom dice_basics --share`` on a free loopback port, in its own process group."""

    def __init__(self, folder: Path, students: int, pool: int | None = None, db: Path | None = None):
        from pirates_lab.classroom import Server, free_port

        self.folder, self.students = folder, students
        self.db = db or folder / "class.sqlite"
        self.port = free_port()
        self.log = folder / f"server-{self.port}.log"
        command = [sys.executable, "-m", "pirates_lab.cli", "classroom", LESSON, "--share", "--host", "127.0.0.1",
                   "--port", str(self.port), "--students", str(students), "--class-db", str(self.db)]
        if pool is not None:
            command += ["--pool", str(pool)]
        self.pool = students + 1 if pool is None else pool
        self.server = Server(command, self.port, log=self.log, cwd=folder)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 900) -> "SharedLesson":
        """Start the server and wait until its kernel pool is warm (every kernel of it ran the lesson): at most
        ``timeout`` seconds in all, else a TimeoutError that says so (the server is stopped)."""
        from pirates_lab.classroom.share import pool_size

        deadline = time.monotonic() + timeout
        self.server.start(timeout=timeout)
        joined = self.class_db().students() if self.db.exists() else 0
        wanted = pool_size(self.pool, self.students, joined)
        ready = 0
        while wanted:
            ready = self.class_db().ready_kernels() if self.db.exists() else 0
            if ready >= wanted:
                break
            if self.server.process is None or self.server.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"the shared lesson's server stopped while its kernel pool warmed up; "
                                   f"see {self.log}")
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"the kernel pool had {ready} of {wanted} kernels warm after {timeout:.0f} s; "
                                   f"see {self.log}")
            time.sleep(0.5)
        return self

    def stop(self) -> None:
        """Stop the server and every process it started (Voila, its kernels); the CLI stops Voila within 15 s."""
        self.server.stop(grace=40)

    def class_db(self):
        from pirates_lab.classroom.store import ClassDB

        return ClassDB(self.db)

    def join_path(self) -> str:
        return f"/join?t={self.class_db().session().join_token}"

    def kernels(self) -> list:
        """The kernel processes of the server (psutil)."""
        import psutil

        if self.server.process is None:
            return []
        voila = [p for p in psutil.Process(self.server.process.pid).children(recursive=True)
                 if "voila" in _cmdline(p)]
        if not voila:
            return []
        return [p for p in voila[0].children(recursive=True) if "ipykernel" in _cmdline(p)]

    def kernel_alive(self, kernel_id: str) -> bool:
        """A kernel of this id is still running (its connection file names it)."""
        return any(kernel_id in _cmdline(p) for p in self.kernels())

    def kernel_ids(self) -> list[str]:
        """The ids of the server's running kernels."""
        found = (re.search(r"kernel-([0-9a-f-]{36})\.json", _cmdline(p)) for p in self.kernels())
        return [m.group(1) for m in found if m]

    def voila_rss(self) -> int:
        import psutil

        for p in psutil.Process(self.server.process.pid).children(recursive=True):
            if "voila" in _cmdline(p):
                return p.memory_info().rss
        return 0


class Gate:
    """Where every student waits until the whole class has joined and answered once (a real class joins in
    its first minutes; its reloads come later): the join times are then the joins' own, not slowed by other
    students' reloads starting fresh kernels.  :attr:`opened` is when the last student arrived (seconds from
    the gate's making); a student who waits more than ``timeout`` seconds gets an error saying so."""

    def __init__(self, students: int, timeout: float = 600):
        self.students, self.timeout, self.arrived = students, timeout, 0
        self.event, self.made, self.opened = asyncio.Event(), time.monotonic(), None

    async def arrive(self) -> None:
        self.arrived += 1
        if self.arrived >= self.students:
            self.opened = time.monotonic() - self.made
            self.event.set()
        try:
            await asyncio.wait_for(self.event.wait(), self.timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"only {self.arrived} of {self.students} students had joined and answered "
                               f"after {self.timeout:.0f} s") from None


def student_number(student) -> int:
    found = re.search(r"data-number='(\d+)'", student.widget_value("pl-class-student"))
    if not found:
        raise RuntimeError("the page does not say which student it is")
    return int(found.group(1))


async def one_student(room: SharedLesson, screen: int, index: int, timeout: float = 600,
                      gate: Gate | None = None) -> dict:
    """Join, answer, (wait at the ``gate`` for the class,) reload (the answer must be kept), answer again (each
    step at most ``timeout`` seconds)."""
    from pirates_lab.classroom.simstudent import SimStudent

    student = SimStudent(room.base, room.join_path(), f"voila/render/{NOTEBOOK}", screen=screen, timeout=timeout)
    joined = await student.visit()
    number = student_number(student)
    first, second = f"{number}%", f"{number + 1}/100"
    await student.answer(first)
    if gate:
        await gate.arrive()
    reloaded = await student.reload()
    kept = student.kept_answer() == first
    await student.answer(second)
    return {"kind": "websocket", "number": number, "join": joined, "reload": reloaded, "kept": kept,
            "final": second, "student": student, "guard_reloads": student.incomplete}


async def keep_evidence(page, console: list[str], stem: Path) -> None:
    """A page that did not show what it should: its screenshot, HTML and browser console next to ``stem``."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    try:
        await page.screenshot(path=f"{stem}.png")
        Path(f"{stem}.html").write_text(await page.content(), encoding="utf-8")
    except Exception:                   # a page already gone: its console is still worth keeping
        pass
    Path(f"{stem}.console.txt").write_text("\n".join(console), encoding="utf-8")


async def browser_students(room: SharedLesson, screen: int, count: int, chromium: str,
                           evidence: Path = EVIDENCE, gate: Gate | None = None) -> list[dict]:
    """``count`` real Chromium pages doing the same as :func:`one_student` (a page that fails leaves its
    screenshot and console in ``evidence``)."""
    from playwright.async_api import async_playwright

    from pirates_lab.classroom.page import RELOADING

    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
    results = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, headless=True, args=args)

        async def one(index: int) -> dict:
            context = await browser.new_context(viewport={"width": 1024, "height": 768})
            context.set_default_timeout(600_000)
            await context.route(re.compile(r"^(?!(https?|wss?)://127\.0\.0\.1)"), lambda route: route.abort())
            page = await context.new_page()
            console = []
            page.on("console", lambda m: console.append(f"{time.monotonic():.1f} {m.type}: {m.text}"))
            started = time.monotonic()
            # the join link sets the seat's cookie (as the simulated students' join does, its redirect not
            # followed: following it, then going to the screen, would open the lesson twice, one kernel left)
            let_in = await context.request.get(room.base + room.join_path(), max_redirects=0)
            if let_in.status != 302:
                raise RuntimeError(f"Chromium student {index + 1} was not let in (HTTP {let_in.status})")
            lesson = f"{room.base}/voila/render/{NOTEBOOK}" + (f"?screen={screen}" if screen else "")
            await page.goto(lesson, wait_until="domcontentloaded")
            try:
                await page.wait_for_selector(".pl-poll-answer input")
            except Exception:
                await keep_evidence(page, console, evidence / f"chromium-{index + 1}")
                raise
            joined = time.monotonic() - started
            number = int(await page.get_attribute(".pl-student-number", "data-number"))
            first, second = f"{number}%", f"{number + 1}/100"

            async def answer(text):
                await page.fill(".pl-poll-answer input", text)
                await page.click(".pl-poll-send")
                await page.wait_for_selector(f".pl-poll-kept[data-answer='{text}']")

            await answer(first)
            if gate:
                await gate.arrive()
            left = KERNEL_ID.search(await page.content())
            started = time.monotonic()
            await page.reload(wait_until="domcontentloaded")
            try:
                await page.wait_for_selector(".pl-poll-answer input")
            except Exception:
                await keep_evidence(page, console, evidence / f"chromium-{index + 1}-reloaded")
                raise
            reloaded = time.monotonic() - started
            kept = await page.get_attribute(".pl-poll-kept", "data-answer") == first
            await answer(second)
            await context.close()
            guard = sum(RELOADING in line for line in console)
            return {"kind": "chromium", "number": number, "join": joined, "reload": reloaded, "kept": kept,
                    "final": second, "guard_reloads": guard, "left_kernel": left.group(1) if left else None}

        results = await asyncio.gather(*(one(i) for i in range(count)))
        await browser.close()
    return list(results)


async def run_class(room: SharedLesson, students: int, browsers: int = 0, chromium: str = "/usr/bin/chromium",
                    timeout: float = 600) -> dict:
    """Every student at once; the measures (see the module docstring). Each step of a simulated student (a
    page, a websocket, an answer shown kept) has at most ``timeout`` seconds."""
    poll, screen = first_question()
    db = room.class_db()
    db.open_poll(poll, screen.question.prompt)
    rss_before = room.voila_rss()
    gate = Gate(students, timeout)
    sockets = [one_student(room, screen.number, i, timeout, gate) for i in range(students - browsers)]
    tasks = [asyncio.gather(*sockets)]
    if browsers:
        tasks.append(browser_students(room, screen.number, browsers, chromium, gate=gate))
    done = await asyncio.gather(*tasks)
    results = [r for group in done for r in group]
    # a reloaded Chromium page asked for its old kernel to be shut down as it went: give the server a minute
    left = [r["left_kernel"] for r in results if r.get("left_kernel")]
    waited = time.monotonic() + 60
    while any(map(room.kernel_alive, left)) and time.monotonic() < waited:
        await asyncio.sleep(0.5)
    kernels = room.kernels()
    memory = [k.memory_full_info() for k in kernels]
    stored = {number: text for number, text, _ in db.answers(poll)}
    lost = [r["number"] for r in results if stored.get(r["number"]) != r["final"]]
    shutdowns = []
    for r in results:
        if "student" in r:
            shutdowns.append(await r.pop("student").close())
    joins = sorted(r["join"] for r in results)
    by_kind = {kind: sorted(r["join"] for r in results if r["kind"] == kind) for kind in ("websocket", "chromium")}
    return {"students": len(results), "browsers": browsers, "join_median": statistics.median(joins),
            "join_worst": joins[-1], "class_in_s": gate.opened,
            **{f"join_{kind}_{what}": (statistics.median(times) if what == "median" else times[-1])
               for kind, times in by_kind.items() if times for what in ("median", "worst")},
            "reload_median": statistics.median(r["reload"] for r in results),
            "kernels": len(kernels),
            "uss_mb": statistics.mean(m.uss for m in memory) / 2**20 if memory else 0.0,
            "rss_mb": statistics.mean(m.rss for m in memory) / 2**20 if memory else 0.0,
            "server_growth_mb": (room.voila_rss() - rss_before) / 2**20,
            "answers": len(stored), "answers_lost": len(lost), "lost": lost,
            "reload_kept": sum(r["kept"] for r in results),
            "guard_reloads": sum(r.get("guard_reloads", 0) for r in results),
            "kernels_shut_down": sum(code in (200, 204) for code in shutdowns),
            "old_kernels_running": sum(map(room.kernel_alive, left))}


async def page_weight(room: SharedLesson, join_path: str, chromium: str, ready: str = ".pl-class-box") -> dict:
    """One page in Chromium (joined with ``join_path``): the bytes it took over the network (compressed, as
    sent), its requests, those that were compressed, and the requests for another machine (refused)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, headless=True,
                                                   args=["--no-sandbox", "--disable-gpu"])
        try:
            context = await browser.new_context(viewport={"width": 1024, "height": 768})
            outside: list[str] = []

            async def route(request_route):
                url = request_route.request.url
                if url.startswith((room.base + "/", "data:", "blob:")):
                    return await request_route.continue_()
                outside.append(url)
                return await request_route.abort()

            await context.route("**/*", route)
            page = await context.new_page()
            cdp = await context.new_cdp_session(page)
            await cdp.send("Network.enable")
            sent, sizes, gzipped = {}, {}, set()
            cdp.on("Network.requestWillBeSent", lambda e: sent.__setitem__(e["requestId"], e["request"]["url"]))
            cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
            cdp.on("Network.responseReceived", lambda e: gzipped.add(e["requestId"]) if {
                k.lower(): v for k, v in e["response"].get("headers", {}).items()}.get("content-encoding") else None)
            let_in = await context.request.get(room.base + join_path, max_redirects=0)
            if let_in.status != 302:
                raise RuntimeError(f"the page-weight visitor was not let in (HTTP {let_in.status})")
            await page.goto(f"{room.base}/voila/render/{NOTEBOOK}", wait_until="domcontentloaded")
            await page.wait_for_selector(ready, timeout=600_000)
            await page.wait_for_timeout(3000)              # the last chunks and fonts
            return {"page_bytes": sum(sizes.values()), "page_requests": len(sent),
                    "page_gzipped": len(gzipped & set(sent)), "page_outside": outside}
        finally:
            await browser.close()


async def cold_joins(room: SharedLesson, count: int, timeout: float = 600) -> list[float]:
    """The peer: ``count`` students joining at once with no warm kernel (what the class's joins would be
    without Voila's kernel pool): each one's join time."""
    from pirates_lab.classroom.simstudent import SimStudent

    _, screen = first_question()

    async def one() -> float:
        student = SimStudent(room.base, room.join_path(), f"voila/render/{NOTEBOOK}", screen=screen.number,
                             timeout=timeout)
        joined = await student.visit()
        await student.close()
        return joined

    return list(await asyncio.gather(*(one() for _ in range(count))))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=2, help="how many of the students are Chromium pages")
    parser.add_argument("--cold", type=int, default=0,
                        help="also time this many students joining at once without a kernel pool (the peer)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--weight", action="store_true",
                        help="also measure one page's weight in Chromium (bytes and requests; the teacher's page)")
    args = parser.parse_args(argv)
    try:
        report = measure(args)
    except Exception as error:              # a page that never came, a server that did not start: one sentence
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        print(f"The load test stopped: {first} (the server's log, and the screenshots and consoles of failed "
              f"Chromium pages: {EVIDENCE}).", file=sys.stderr)
        return 2
    print_report(report, args.json)
    return 0 if report["answers_lost"] == 0 and report["reload_kept"] == report["students"] else 1


def keep_log(room, name: str) -> None:
    """A server that failed: its log kept in :data:`EVIDENCE` as ``name``."""
    EVIDENCE.mkdir(parents=True, exist_ok=True)
    if room.log.exists():
        shutil.copy(room.log, EVIDENCE / name)


def measure(args) -> dict:
    """Start the class, run it (and the peer with ``--cold``); the report."""
    with tempfile.TemporaryDirectory(prefix="pirates-lab-load-") as folder:
        room = SharedLesson(Path(folder), args.students)
        started = time.monotonic()
        try:
            room.start()
            warm = time.monotonic() - started
            report = asyncio.run(run_class(room, args.students, args.browsers, args.chromium))
            if args.weight:                 # the teacher's page (the class is full): the same bundle, and the QR
                token = room.class_db().session().teacher_token
                report.update(asyncio.run(page_weight(room, f"/teacher?t={token}", args.chromium,
                                                      ".pl-teacher-panel")))
        except BaseException:
            keep_log(room, "server.log")
            raise
        finally:
            room.stop()
        report["pool_warm_s"] = warm
        if args.cold:
            peer = SharedLesson(Path(folder), args.cold, pool=0, db=Path(folder) / "cold.sqlite")
            try:
                peer.start()
                cold = asyncio.run(cold_joins(peer, args.cold))
            except BaseException:
                keep_log(peer, "peer-server.log")
                raise
            finally:
                peer.stop()
            report["cold_join_median"] = statistics.median(cold)
            report["cold_join_worst"] = max(cold)
            report["cold_students"] = args.cold
    return report


def print_report(report: dict, json_path: str | None = None) -> None:
    print(f"{report['students']} students ({report['browsers']} in Chromium), pool warm after "
          f"{report['pool_warm_s']:.0f} s")
    print(f"join: median {report['join_median']:.2f} s, worst {report['join_worst']:.2f} s; "
          f"reload: median {report['reload_median']:.2f} s")
    if report.get("class_in_s") is not None:
        print(f"  the whole class had joined and answered after {report['class_in_s']:.1f} s (then they reloaded)")
    if "join_chromium_median" in report:
        print(f"  simulated pages: median {report['join_websocket_median']:.2f} s, worst "
              f"{report['join_websocket_worst']:.2f} s; Chromium pages: median {report['join_chromium_median']:.2f} s, "
              f"worst {report['join_chromium_worst']:.2f} s")
    if "cold_join_median" in report:
        print(f"peer ({report['cold_students']} at once, no kernel pool): join median "
              f"{report['cold_join_median']:.2f} s, worst {report['cold_join_worst']:.2f} s; ratio warm/cold "
              f"{report['join_median'] / report['cold_join_median']:.2f} (median), "
              f"{report['join_worst'] / report['cold_join_worst']:.2f} (worst)")
    print(f"memory per student: {report['uss_mb']:.0f} MB unique ({report['rss_mb']:.0f} MB resident) over "
          f"{report['kernels']} kernels; server grew {report['server_growth_mb']:.0f} MB")
    if report.get("old_kernels_running"):
        print(f"kernels of pages reloaded in Chromium still running a minute on: {report['old_kernels_running']}")
    print(f"answers: {report['answers']} kept, {report['answers_lost']} lost; reloads that kept the answer: "
          f"{report['reload_kept']} of {report['students']}")
    print(f"pages that came without their lesson and were loaded again: {report['guard_reloads']}")
    if "page_bytes" in report:
        print(f"one page (the teacher's): {report['page_bytes'] / 1e6:.2f} MB over the network in "
              f"{report['page_requests']} requests ({report['page_gzipped']} compressed); requests for another "
              f"machine: {len(report['page_outside'])}")
    if json_path:
        Path(json_path).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    sys.exit(main())
