"""Classroom mode: which lessons exist, and how their Voila / JupyterLab servers are started.

A *lesson* is a notebook a teacher can project: the dice basics and one notebook per game
(``notebooks/<package>.ipynb``).  This module builds the server command lines, starts a server
in its own process group (so stopping it also stops its kernels), waits until it answers, and
injects the presenter bar ("Large fonts") into every page Voila serves.

It never imports Jupyter or a widget at import time: the CLI loads it on every call.

The lessons come from the game registry (``pirates_lab.core.games()``): each game's ``notebook``
is its lesson; the dice basics (and the strategy lab) are the lessons no game owns.  This module
names no game.

>>> lesson_file("dice_basics")
'01_dice_basics.ipynb'
>>> presenter_source(large=True).splitlines()[-1]
'presenter_bar(large=True)'
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pirates_lab.core.registry import games

__all__ = ["LESSONS", "Lesson", "lessons", "INDEX", "UnknownLesson", "MissingNotebook", "notebooks_dir", "lesson_file", "lesson_path",
           "available_lessons", "free_port", "port_is_free", "voila_command", "lab_command", "prelaunch_hook",
           "presenter_source", "page_source", "write_voila_config", "Server", "LARGE_ENV", "NOTEBOOKS_ENV",
           "lesson_source", "generic_page", "GENERIC_PAGE", "LESSON_FILE_ENV"]

@dataclass(frozen=True)
class Lesson:
    """A lesson in the menu: its name, notebook file, title and one-line description."""

    name: str
    file: str
    title: str
    description: str


#: Lessons that belong to no game, before and after the games'.
FIRST_LESSONS = (Lesson("dice_basics", "01_dice_basics.ipynb", "Dice basics",
                        "Exact odds of dice, step by step: sums, highest dice, re-rolls."),)
LAST_LESSONS = (Lesson("strategy_lab", "strategy_lab.ipynb", "Strategy lab",
                       "Do the rulebooks' tips hold? Tournaments of computer players."),)


def lessons() -> dict[str, Lesson]:
    """Every lesson, in the order a course would use them: dice basics, each registered game, the lab."""
    found = list(FIRST_LESSONS)
    for name, game in games().items():
        found.append(Lesson(name, game.notebook or f"{name}.ipynb", game.title, game.description))
    found += LAST_LESSONS
    return {lesson.name: lesson for lesson in found}


def __getattr__(name: str):
    if name == "LESSONS":  # lesson name -> notebook file (read from the registry when asked)
        return {key: lesson.file for key, lesson in lessons().items()}
    raise AttributeError(name)


INDEX = "00_index.ipynb"
#: The classroom menu (``pirates-lab classroom --all`` opens on it): every lesson's title and description.
MENU = "lessons.ipynb"
#: Where to find the notebooks when they are not next to the package (an installed copy).
NOTEBOOKS_ENV = "PIRATES_LAB_NOTEBOOKS"
#: Set to 1 to start every classroom page with large fonts.
LARGE_ENV = "PIRATES_LAB_LARGE"
#: Per-cell limit for Voila: turns the widget "stall trap" into a short wait instead of a page that never loads.
CELL_TIMEOUT = 30
#: How long Voila waits for a cell's output once the cell has finished (seconds; nbclient's default is 4). Past it
#: Voila goes on WITHOUT the rest of that output: on a busy machine a lesson's page was served with its lesson
#: missing (the widget's view had not arrived in 4 s), and a kernel of the pool keeps such a page until a student
#: gets it. The wait ends as soon as the cell's output is all there, so a long limit costs nothing on a quiet
#: machine. ``PIRATES_LAB_IOPUB_TIMEOUT`` sets another (tests use 0 to make pages lose their lesson).
IOPUB_TIMEOUT, IOPUB_TIMEOUT_ENV = 120, "PIRATES_LAB_IOPUB_TIMEOUT"


def kernel_transport() -> list[str]:
    """How Voila talks to its kernels: local socket files (ZeroMQ ``ipc``) where the system has them, not TCP
    ports. A kernel picks its five TCP ports by asking for free ones and then binding them a moment later;
    with 30 kernels starting beside a class's connections, another socket took a port in between ("Address
    already in use"), the kernel died, and the pool handed it to a student, whose page never came.

    >>> kernel_transport() == (["--KernelManager.transport=ipc"] if os.name == "posix" else [])
    True
    """
    return ["--KernelManager.transport=ipc"] if os.name == "posix" else []


#: A page's kernel with no page connected for this long (seconds) is stopped: a tab closed without saying so
#: (a tablet put to sleep, a phone's browser killed, a page left before its script ran) kept its kernel, about
#: 77 MB, for as long as the class ran, and its seat counted as connected. A page that is open is never stopped
#: (it stays connected); one that comes back later is loaded again and keeps its answers (they are in the class
#: file). ``PIRATES_LAB_CULL_IDLE_S`` sets another (tests use a few seconds; 0 turns it off).
CULL_IDLE_S, CULL_IDLE_ENV = 900, "PIRATES_LAB_CULL_IDLE_S"


def kernel_culling(idle: int | None = None) -> list[str]:
    """Voila's options that stop the kernels of pages gone after ``idle`` seconds (``$PIRATES_LAB_CULL_IDLE_S``,
    else :data:`CULL_IDLE_S`), checked every minute or, for a short limit, more often. Voila never stops a warm
    kernel of its pool.

    >>> kernel_culling(900)
    ['--MappingKernelManager.cull_idle_timeout=900', '--MappingKernelManager.cull_interval=60']
    >>> kernel_culling(6)
    ['--MappingKernelManager.cull_idle_timeout=6', '--MappingKernelManager.cull_interval=2']
    >>> kernel_culling(2)
    ['--MappingKernelManager.cull_idle_timeout=2', '--MappingKernelManager.cull_interval=1']
    >>> kernel_culling(0)
    []
    """
    if idle is None:
        idle = env_seconds(CULL_IDLE_ENV, CULL_IDLE_S)
    if idle <= 0:
        return []
    return [f"--MappingKernelManager.cull_idle_timeout={idle}",
            f"--MappingKernelManager.cull_interval={max(1, min(60, idle // 3))}"]


def iopub_timeout() -> int:
    """Voila's wait for a finished cell's output (seconds): ``$PIRATES_LAB_IOPUB_TIMEOUT``, else 120.

    >>> iopub_timeout() == int(os.environ.get(IOPUB_TIMEOUT_ENV, IOPUB_TIMEOUT))
    True
    """
    return env_seconds(IOPUB_TIMEOUT_ENV, IOPUB_TIMEOUT)


def env_seconds(name: str, default: int) -> int:
    """A number of seconds from the environment variable ``name`` (at least 0), else ``default`` (also when it
    is not a whole number).

    >>> os.environ["PL_DOCTEST_S"] = "soon"; env_seconds("PL_DOCTEST_S", 120)
    120
    >>> os.environ["PL_DOCTEST_S"] = "-5"; env_seconds("PL_DOCTEST_S", 120)
    0
    >>> os.environ["PL_DOCTEST_S"] = "7"; env_seconds("PL_DOCTEST_S", 120)
    7
    >>> del os.environ["PL_DOCTEST_S"]; env_seconds("PL_DOCTEST_S", 120)
    120
    """
    try:
        return max(0, int(os.environ.get(name, default)))
    except ValueError:
        return default


class UnknownLesson(LookupError):
    """A lesson name we do not know; the message lists the known ones."""

    def __init__(self, name: str):
        self.name = name
        super().__init__(f"No lesson called {name!r}. Known lessons: {', '.join(lessons())}.")


class MissingNotebook(FileNotFoundError):
    """A known lesson whose notebook is not there (not written yet, or another folder)."""


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder: ``$PIRATES_LAB_NOTEBOOKS``, else the checkout's, else ``./notebooks``."""
    if os.environ.get(NOTEBOOKS_ENV):
        return Path(os.environ[NOTEBOOKS_ENV]).resolve()
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    if checkout.is_dir():
        return checkout
    return (Path.cwd() / "notebooks").resolve()


def lesson_file(name: str) -> str:
    """The notebook file name of a lesson; :class:`UnknownLesson` for a name we do not know."""
    known = lessons()
    if name not in known:
        raise UnknownLesson(name)
    return known[name].file


def lesson_source(name: str) -> Path | None:
    """The lesson file a registered game ships (``data/lessons.toml`` in its package, found through its entry
    point), or None."""
    from pirates_lab.core.data import data_path

    try:
        path = data_path(name, "lessons.toml")
    except (ModuleNotFoundError, ValueError, TypeError):
        return None
    return path if path.is_file() else None


def lesson_path(name: str, folder: Path | None = None) -> Path:
    """The notebook of a lesson, else (a plug-in's lesson, say) its lesson file, served on the generic page;
    :class:`MissingNotebook` if it has neither."""
    folder = folder or notebooks_dir()
    path = folder / lesson_file(name)
    if not path.is_file():
        source = lesson_source(name)
        if source is not None and (folder / GENERIC_PAGE).is_file():
            return source
        raise MissingNotebook(f"The {name} lesson has no notebook yet: {path} does not exist"
                              + (f" (nor {GENERIC_PAGE}, the page that serves lesson files)." if source else "."))
    return path


def available_lessons(folder: Path | None = None) -> dict[str, Path | None]:
    """Every known lesson -> its notebook, or its lesson file (served on the generic page), or None."""
    folder = folder or notebooks_dir()
    found = {}
    generic = (folder / GENERIC_PAGE).is_file()
    for name, lesson in lessons().items():
        notebook = folder / lesson.file
        found[name] = notebook if notebook.is_file() else lesson_source(name) if generic else None
    return found


#: the one generic lesson page (``notebooks/any_lesson.ipynb``): any lesson file, served without a notebook of its own
GENERIC_PAGE = "any_lesson.ipynb"
#: the lesson file the generic page shows (read by ``pirates_lab.widgets.lesson_page``)
LESSON_FILE_ENV = "PIRATES_LAB_LESSON_FILE"


def generic_page(lesson_file: Path, folder: Path | None = None) -> tuple[Path, dict[str, str]]:
    """The page that serves ``lesson_file`` (a ``.toml`` anywhere) and the environment that tells it which.

    >>> page, env = generic_page(Path("/tmp/my lesson.toml"))
    >>> page.name, env[LESSON_FILE_ENV]
    ('any_lesson.ipynb', '/tmp/my lesson.toml')
    """
    page = (folder or notebooks_dir()) / GENERIC_PAGE
    if not page.is_file():
        raise MissingNotebook(f"The generic lesson page {page} is missing (it serves lesson files).")
    return page, {LESSON_FILE_ENV: str(Path(lesson_file).resolve())}


# ---------------------------------------------------------------- ports
def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    """Nobody listens on ``port`` (connections of a stopped server still closing do not count: servers bind
    with SO_REUSEADDR, so a restart on the same port works)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def _answers(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


# ---------------------------------------------------------------- the presenter bar, injected by Voila
def presenter_source(large: bool = False) -> str:
    """The hidden first cell of every classroom page: the "Large fonts" bar."""
    return ("from pirates_lab.widgets.presenter import presenter_bar\n"
            f"presenter_bar(large={bool(large)})")


def page_source(large: bool = False, screen: str | None = None) -> str:
    """The hidden first cell of a lesson on screens: what the page address asked for (the lesson's own
    top row has the Large fonts and Projector switches).

    >>> page_source(True, "5").splitlines()[-1]
    "page_options(large=True, screen='5')"
    """
    return ("from pirates_lab.widgets.lesson import page_options\n"
            f"page_options(large={bool(large)}, screen={screen!r})")


def _argument(handler, name: str) -> str | None:
    if handler is None:
        return None
    try:
        return handler.get_argument(name, None)
    except Exception:  # not a tornado handler
        return None


def _wants_large(handler) -> bool:
    default = os.environ.get(LARGE_ENV, "") not in ("", "0", "false", "no")
    value = _argument(handler, "large")
    if value is None:
        return default
    return value.lower() not in ("0", "false", "no", "off")


def _wanted_screen(handler) -> str | None:
    value = _argument(handler, "screen")
    return value.strip()[:80] if value and value.strip() else None


def prelaunch_hook(handler, notebook, cwd):
    """Voila calls this before running a notebook: put the presenter bar on top.

    ``?large=1`` in the page address (or ``pirates-lab classroom --large``) starts with large
    fonts; the bar's toggle switches at any time.  A lesson on screens (the notebook calls
    ``lesson_view``) gets the address's wishes instead (``?screen=5`` opens screen 5): its own top
    row has the switches.  A notebook that shows a presenter bar itself is left as it is.
    """
    import nbformat

    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    if any("presenter_bar" in source for source in code):
        return notebook
    if any("lesson_view" in source for source in code):
        cell = nbformat.v4.new_code_cell(page_source(_wants_large(handler), _wanted_screen(handler)))
    else:
        cell = nbformat.v4.new_code_cell(presenter_source(_wants_large(handler)))
    cell.metadata["tags"] = ["pirates-lab-presenter"]
    notebook.cells.insert(0, cell)
    return notebook


def write_voila_config(folder: Path) -> Path:
    """A ``voila.py`` in ``folder`` that installs :func:`prelaunch_hook`; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "voila.py").write_text(
        "# Written by pirates-lab classroom.\n"
        "from pirates_lab.classroom import prelaunch_hook\n"
        "c.VoilaConfiguration.prelaunch_hook = prelaunch_hook\n", encoding="utf-8")
    return folder


# ---------------------------------------------------------------- command lines
def voila_command(target: Path, port: int, *, config_dir: Path, cell_timeout: int = CELL_TIMEOUT,
                  show_tracebacks: bool = False, python: str = sys.executable) -> list[str]:
    """Voila on 127.0.0.1 serving one notebook, or a folder of them (pages at /voila/render/NAME.ipynb)."""
    return [python, "-m", "voila", str(target), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0", f"--VoilaExecutor.timeout={cell_timeout}",
            f"--VoilaExecutor.iopub_timeout={iopub_timeout()}", *kernel_transport(), *kernel_culling(),
            f"--VoilaConfiguration.show_tracebacks={show_tracebacks}",
            f"--Voila.config_file_paths={config_dir}"]


def lab_command(notebook: Path, root: Path, port: int | None = None, *, open_browser: bool = True,
                extra: Sequence[str] = (), python: str = sys.executable) -> list[str]:
    """JupyterLab on 127.0.0.1 with ``root`` as its folder, opening ``notebook``."""
    command = [python, "-m", "jupyter", "lab", str(notebook.relative_to(root)), f"--ServerApp.root_dir={root}",
               "--ServerApp.ip=127.0.0.1"]
    if port is not None:
        command += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0"]
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # containers and CI run as root; Jupyter refuses without this
    return command + list(extra)


# ---------------------------------------------------------------- running a server
@dataclass
class Server:
    """A server started in its own process group; stopping it stops its kernels too.

    ``with Server(command, port) as server: ...`` waits until the port answers.
    """

    command: list[str]
    port: int
    log: Path | None = None
    cwd: Path | None = None
    env: dict | None = None
    process: subprocess.Popen | None = field(default=None, repr=False)
    host: str = "127.0.0.1"

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self, timeout: float = 60) -> "Server":
        """Start the server and wait (at most ``timeout`` seconds) until it answers on its port.

        Refused at once when something already listens on the port (a server left over from before would
        answer in its place)."""
        if self.process is not None and self.process.poll() is None:
            raise RuntimeError(f"The server on port {self.port} is already running.")
        if _answers(self.port, self.host):
            raise RuntimeError(f"Port {self.port} is already in use (a server left over?): {' '.join(self.command)}")
        out = open(self.log, "ab") if self.log else None
        try:
            self.process = subprocess.Popen(self.command, cwd=self.cwd, env=self.env, stdin=subprocess.DEVNULL,
                                            stdout=out, stderr=subprocess.STDOUT if out else None,
                                            start_new_session=True)
        finally:
            if out:
                out.close()
        self.wait_until_ready(timeout)
        return self

    def wait_until_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                self.stop()
                raise RuntimeError(f"The server stopped (exit code {code}): "
                                   f"{' '.join(self.command)}" + (f"; see {self.log}" if self.log else ""))
            if _answers(self.port, self.host):
                return
            time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"No answer on port {self.port} after {timeout:.0f} s: {' '.join(self.command)}")

    def stop(self, grace: float = 15) -> None:
        """SIGTERM to the whole process group, SIGKILL after ``grace`` seconds; then SIGKILL to every process
        the server had started that is still there (Voila started by the CLI and Jupyter's kernels each have a
        process group of their own, so the group's signal alone can leave them running)."""
        process, self.process = self.process, None
        if process is None:
            return
        family = _descendants(process.pid)
        _signal_group(process.pid, signal.SIGTERM)
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            _signal_group(process.pid, signal.SIGKILL)
            try:
                process.wait(grace)
            except subprocess.TimeoutExpired:   # pragma: no cover - a process that ignores SIGKILL
                pass
        _signal_group(process.pid, signal.SIGKILL)  # the group's stragglers
        _reap(family, grace)

    def __enter__(self) -> "Server":
        return self.start() if self.process is None else self

    def __exit__(self, *exc) -> None:
        self.stop()


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _descendants(pid: int) -> list:
    """Every process started (directly or not) by ``pid``, as psutil processes ([] without psutil)."""
    try:
        import psutil

        return psutil.Process(pid).children(recursive=True)
    except Exception:   # no psutil, or the process has gone
        return []


def _reap(family: list, grace: float) -> None:
    """Give ``family`` ``grace`` seconds to end by itself (a server stopping its kernels), then SIGKILL the rest."""
    if not family:
        return
    import psutil

    _, alive = psutil.wait_procs(family, timeout=grace)
    for proc in alive:
        try:
            proc.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(alive, timeout=grace)
