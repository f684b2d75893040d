"""The ``pirates-lab`` command: open the lab, serve a lesson to a class, compute odds in a terminal.

::

    pirates-lab lab                                   # JupyterLab at notebooks/00_index.ipynb (last line: its address)
    pirates-lab classroom GAME                        # one lesson as a Voila app on 127.0.0.1
    pirates-lab classroom --list                      # the lessons there are
    pirates-lab classroom --all                       # every lesson from one server (a menu)
    pirates-lab classroom GAME --share                # students join from their own devices (docs/sharing.md)
    pirates-lab classroom --export ANSWERS.csv --class-db CLASS.sqlite   # the class poll's answers
    pirates-lab odds dice 3d6 --at-least 12           # exact odds of any dice expression
    pirates-lab odds --help                           # every game adds its own calculators

Exit codes: 0 done, 1 a server failed, 2 a bad request (unknown lesson, bad value).  The games
come from the registry (``pirates_lab.core.games()``): each adds its own ``odds`` subcommands
from inside its package, and this module names none of them.  Jupyter is imported only by the
subcommands that serve notebooks; games only by ``odds``.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from pirates_lab.classroom.files import (Refused, check_host, copy_class_file, is_class_file, quoted, readable_class_file,
                                         write_teacher_page)
from pirates_lab.core.errors import clean_text
from pirates_lab.core.report import percent, probability_line, table
from pirates_lab.core.why import WHY_HELP

__all__ = ["main", "build_parser", "OneLineParser", "percent", "probability_line"]


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are ONE line on stderr (no usage block), exit code 2.

    Subparsers made by ``add_subparsers`` are of the same class (argparse's default
    ``parser_class`` is the parent's type; :func:`build_parser` also says so explicitly), so
    every game's ``odds`` subcommand refuses the same way.

    >>> import contextlib, io
    >>> parser = OneLineParser(prog="pirates-lab odds dice")
    >>> _ = parser.add_argument("--at-least", type=int)
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     try:
    ...         parser.parse_args(["--at-least", "x"])
    ...     except SystemExit as stop:
    ...         print(stop.code)
    2
    >>> err.getvalue()
    "pirates-lab odds dice: error: argument --at-least: invalid int value: 'x' (try --help)\\n"
    """

    def error(self, message: str):
        line = clean_text(" ".join(str(message).split()))  # one clean line, whatever argparse echoed
        self.exit(2, f"{self.prog}: error: {line} (try --help)\n")


# ---------------------------------------------------------------- odds: dice (core only)
def odds_dice(args) -> int:
    from pirates_lab.core import dice_why, parse_dice
    from pirates_lab.core.why import why_block

    args.expression = args.expression.strip()
    dist = parse_dice(args.expression)
    checks = [("at_least", ">="), ("at_most", "<="), ("exactly", "==")]
    asked = [(name, op, getattr(args, name)) for name, op in checks if getattr(args, name) is not None]
    trees = [dice_why(args.expression, **{name: n}) for name, _, n in asked] if args.why else []
    if not asked:
        trees = [dice_why(args.expression)] if args.why else []
        print(f"{args.expression}: every total (mean {dist.mean()} ≈ {float(dist.mean()):.3f})")
        print(table(dist.items(), heading="total"))
    tests = {">=": lambda x, n: x >= n, "<=": lambda x, n: x <= n, "==": lambda x, n: x == n}
    for _, op, n in asked:
        print(probability_line(f"P({args.expression} {op} {n})", dist.probability(lambda x: tests[op](x, n))))
    if trees:
        print(why_block(trees))
    return 0


# ---------------------------------------------------------------- servers
def _notebooks(args) -> Path:
    from pirates_lab import classroom

    folder = Path(args.notebooks).resolve() if args.notebooks else classroom.notebooks_dir()
    if not folder.is_dir():
        raise Refused(f"no notebooks folder at {quoted(folder)}; pass --notebooks DIR or set {classroom.NOTEBOOKS_ENV}.")
    return folder


def _pick_port(requested: int | None, default: int) -> int:
    from pirates_lab import classroom

    if requested == 0:
        return classroom.free_port()
    port = default if requested is None else requested
    if classroom.port_is_free(port):
        return port
    if requested is None:
        return classroom.free_port()
    raise Refused(f"port {port} is in use; choose another with --port N (or --port 0 for any free port).")


def _run(server, url: str | Callable[[], str], what: str, *, url_last: bool = False) -> int:
    """Start ``server``, print where it is, run until Ctrl+C (or SIGTERM) or until it stops.

    ``url`` may be a function, asked once the server answers; with ``url_last`` the address is printed
    alone on the last line (after the server's own start-up output), where a reader looks.
    """
    import signal

    def stop_on_signal(signum, frame):
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):  # the server has its own process group: stop it ourselves
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop_on_signal)
    try:
        server.start(timeout=120)
        if callable(url):
            url = url()
    except (RuntimeError, TimeoutError) as error:
        server.stop()
        print(f"pirates-lab: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        server.stop()
        return 0
    if url_last:
        print(f"{what}; press Ctrl+C to stop it. Open this address:", flush=True)
        print(url, flush=True)
    else:
        print(f"{what} at {url}", flush=True)
        print("Press Ctrl+C to stop.", flush=True)
    try:
        return server.process.wait() or 0
    except KeyboardInterrupt:
        print("\nStopping…", flush=True)
        return 0
    finally:
        server.stop()


def cmd_classroom(args) -> int:
    from pirates_lab import classroom

    if args.export:
        return _export(args)
    if args.force:
        raise Refused("--force goes with --export (it lets the CSV replace a file that exists).")
    folder = _notebooks(args)
    if args.list:
        print(f"Lessons in {folder} (serve one with: pirates-lab classroom NAME):")
        known = classroom.lessons()
        for name, path in classroom.available_lessons(folder).items():
            lesson = known[name]
            where = ("its lesson file, on the generic page" if path.suffix == ".toml" else path.name) if path \
                else "(no notebook yet)"
            print(f"  {name:<22} {lesson.title}: {lesson.description} [{where}]")
        return 0
    if args.all == (args.lesson is not None):
        raise Refused("name one lesson (pirates-lab classroom --list shows them), or --all for every lesson.")
    if args.all:
        target, path = folder, f"voila/render/{classroom.MENU}"
    elif args.lesson.endswith(".ipynb"):
        target, path = Path(args.lesson).resolve(), ""
        if not target.is_file():
            raise Refused(f"no notebook at {quoted(target)}.")
    elif args.lesson.endswith(".toml"):
        target, path = Path(args.lesson).resolve(), ""
        if not target.is_file():
            raise Refused(f"no lesson file at {quoted(target)}.")
    else:
        try:
            target, path = classroom.lesson_path(args.lesson, folder), ""
        except classroom.UnknownLesson as error:
            raise Refused(str(error)) from None
        except classroom.MissingNotebook as error:
            raise Refused(f"{error} Lessons with a notebook: "
                          f"{', '.join(n for n, p in classroom.available_lessons(folder).items() if p)}.") from None
    if (args.share or args.host) and target.suffix == ".toml":
        raise Refused("a lesson file is served to this computer only; --share takes a lesson with a notebook.")
    if args.share or args.host:
        return _share(args, folder, target)
    for option in ("students", "class_db", "pool"):
        if getattr(args, option) is not None:
            raise Refused(f"--{option.replace('_', '-')} is for a shared class: add --share.")
    page_env = {}
    if target.suffix == ".toml":             # a lesson file (a teacher's own, a plug-in's): the one generic page
        from pirates_lab.cli_lesson import servable
        target, page_env = classroom.generic_page(servable(target), folder)
    port = _pick_port(args.port, 8866)
    url = f"http://127.0.0.1:{port}/{path}"
    env = {**os.environ, **page_env, **({classroom.LARGE_ENV: "1"} if args.large else {})} if args.large or page_env \
        else None
    with tempfile.TemporaryDirectory(prefix="pirates-lab-voila-") as config_dir:
        command = classroom.voila_command(target, port, config_dir=classroom.write_voila_config(Path(config_dir)),
                                          cell_timeout=args.cell_timeout, show_tracebacks=args.tracebacks)
        if args.dry_run:
            print(" ".join(command))
            print(url)
            return 0
        what = "Serving every lesson" if args.all else f"Serving {target.name}"
        return _run(classroom.Server(command, port, env=env), url, what)


TOKEN_OPTIONS = ("--IdentityProvider.token=", "--ServerApp.token=", "--NotebookApp.token=")


def lab_token(extra: Sequence[str], environ=os.environ) -> tuple[str, dict | None]:
    """The login token the lab will ask for, and the environment that sets it (None: keep ours).

    A token typed after ``--`` wins, then ``JUPYTER_TOKEN`` (or ``JUPYTER_TOKEN_FILE``); otherwise a
    new random one is given to Jupyter in its environment (never on the command line, where other
    users of the machine could read it).

    >>> lab_token(["--ServerApp.token=abc"], environ={})
    ('abc', None)
    >>> lab_token([], environ={"JUPYTER_TOKEN": "xyz"})
    ('xyz', None)
    >>> token, env = lab_token([], environ={})
    >>> env["JUPYTER_TOKEN"] == token and len(token) > 20
    True
    """
    import secrets

    for argument in reversed(list(extra)):
        for option in TOKEN_OPTIONS:
            if argument.startswith(option):
                return argument[len(option):].strip("'\""), None
    if environ.get("JUPYTER_TOKEN"):
        return environ["JUPYTER_TOKEN"], None
    if environ.get("JUPYTER_TOKEN_FILE"):
        try:
            return Path(environ["JUPYTER_TOKEN_FILE"]).read_text(encoding="utf-8").strip(), None
        except OSError:
            pass
    token = secrets.token_urlsafe(24)
    return token, {**environ, "JUPYTER_TOKEN": token}


def running_token(port: int, wait: float = 10.0) -> str | None:
    """The token of the Jupyter server on ``port``, from its runtime file (None if it has none yet)."""
    import time

    try:
        from jupyter_server.serverapp import list_running_servers
    except ImportError:  # pragma: no cover - JupyterLab always brings jupyter_server
        return None
    deadline = time.monotonic() + wait
    while True:
        for info in list_running_servers():
            if info.get("port") == port and "token" in info:
                return info["token"]
        if time.monotonic() > deadline:
            return None
        time.sleep(0.2)


def with_token(url: str, token: str) -> str:
    """``url`` with ``?token=`` (no token: the url as it is)."""
    from urllib.parse import quote

    return f"{url}?token={quote(token, safe='')}" if token else url


def _export(args) -> int:
    """``classroom --export PATH --class-db CLASS``: the answers as CSV. The class file is only read; the CSV is
    written whole or not at all, and never over a class file, a folder, or (without ``--force``) any file."""
    from pirates_lab.classroom.store import ClassDB

    if not args.class_db:
        raise Refused("--export needs the class file: --class-db PATH (the file the shared class was started with).")
    source = readable_class_file(args.class_db)
    out = Path(args.export)
    if out.is_dir():
        raise Refused(f"--export {quoted(out)} is a folder; give a file name, such as answers.csv.")
    if out.exists():
        if out.resolve() == source.resolve() or is_class_file(out):
            raise Refused(f"--export {quoted(out)} is a class file: the answers are never written over one "
                          f"(did you swap --export and --class-db?). Nothing was written.")
        if not args.force:
            raise Refused(f"{quoted(out)} exists; add --force to replace it. Nothing was written.")
    if not out.parent.is_dir():
        raise Refused(f"there is no folder {quoted(out.parent)} to write {quoted(out.name)} in.")
    with tempfile.TemporaryDirectory(prefix="pirates-lab-export-") as work:
        copy = copy_class_file(source, Path(work) / "class.sqlite")
        written = Path(work) / "answers.csv"
        rows = ClassDB(copy).export_csv(written)
        partial = out.with_name(f".{out.name}.part")
        try:
            with open(written, "rb") as data, open(partial, "wb") as target:
                target.write(data.read())
            os.replace(partial, out)
        finally:
            if partial.exists():
                partial.unlink()
    print(f"{rows} answer{'s' if rows != 1 else ''} written to {quoted(out)}")
    return 0


def _share_class_file(args) -> Path:
    """The class file ``--share`` keeps answers in: a new one, or an existing class file (never another file)."""
    import time

    path = Path(args.class_db or f"pirates-lab-class-{time.strftime('%Y%m%d-%H%M')}.sqlite")
    if path.is_dir():
        raise Refused(f"--class-db {quoted(path)} is a folder; give a file name, such as class.sqlite.")
    if path.exists() and path.stat().st_size > 0 and not is_class_file(path):
        raise Refused(f"--class-db {quoted(path)} is not a class file; choose a new file name (nothing was written).")
    return path


#: a shared lesson's kernel pool runs the lesson for every student at once: its cells get more time
SHARE_CELL_TIMEOUT = 120


def _share(args, folder: Path, target: Path) -> int:
    """``classroom LESSON --share``: the lesson for the class's own devices (docs/sharing.md)."""
    from pirates_lab import classroom
    from pirates_lab.classroom import share

    host = check_host(args.host) if args.host is not None else share.network_address()
    share_port = _pick_port(args.port, 8866)
    students = 30 if args.students is None else args.students
    if not 1 <= students <= 200:
        raise Refused(f"--students is between 1 and 200, not {students}.")
    if args.pool is not None and not 0 <= args.pool <= 200:
        raise Refused(f"--pool is between 0 and 200, not {args.pool}.")
    notebooks = sorted(folder.glob("*.ipynb")) if args.all else [target]
    page = classroom.MENU if args.all else target.name
    db_path = _share_class_file(args)
    with tempfile.TemporaryDirectory(prefix="pirates-lab-share-") as work:
        planned_db = db_path
        if args.dry_run:        # a dry run writes nothing: it plans with a copy of the class file (or a new one)
            planned_db = Path(work) / "class.sqlite"
            if db_path.is_file() and db_path.stat().st_size > 0:
                copy_class_file(db_path, planned_db)
        plan = share.plan(notebooks, page, host=host, port=share_port, students=students, pool=args.pool,
                          db_path=planned_db, config_dir=Path(work) / "config", served_dir=Path(work) / "lessons",
                          cell_timeout=max(args.cell_timeout, SHARE_CELL_TIMEOUT), tracebacks=args.tracebacks,
                          large=args.large)
        session = plan["session"]
        if args.dry_run:
            print(" ".join(plan["command"]))
            print(plan["join"])
            return 0
        teacher = write_teacher_page(db_path, plan["teacher"])
        print(f"Class file: {quoted(db_path.resolve())} (start again with --class-db {quoted(db_path)} to keep this class)")
        print(f"Teacher: open {quoted(teacher.resolve())} on this machine (it holds your teacher key: never project "
              f"or share that file).")
        print("---- safe to project from here ----")
        print(f"Students: open {plan['address']}/ and type the join code {session.join_code}, or scan:")
        print(share.qr_text(plan["join"]), end="")
        print(f"Join address: {plan['join']}", flush=True)
        server = classroom.Server(plan["command"], share_port, env=plan["env"], host=host)
        return _run(server, plan["address"] + "/", f"Sharing with up to {students} students")


def cmd_lab(args) -> int:
    from pirates_lab import classroom

    folder = _notebooks(args)
    index = folder / classroom.INDEX
    if not index.is_file():
        raise Refused(f"no index notebook at {quoted(index)}.")
    port = _pick_port(args.port, 8888)
    root = folder.parent
    command = classroom.lab_command(index, root, port, open_browser=not args.no_browser, extra=args.jupyter_args)
    url = f"http://127.0.0.1:{port}/lab/tree/{index.relative_to(root).as_posix()}"
    if args.dry_run:
        print(" ".join(command))
        print(url)
        return 0
    token, env = lab_token(args.jupyter_args)

    def address() -> str:   # the server's own word for its token, when it has written it down
        found = running_token(port)
        return with_token(url, token if found is None else found)

    return _run(classroom.Server(command, port, env=env), address, "JupyterLab is running", url_last=True)


# ---------------------------------------------------------------- the parser
def build_parser(with_games: bool = True) -> argparse.ArgumentParser:
    """The argument parser; ``with_games`` adds every registered game's odds subcommands."""
    parser = OneLineParser(prog="pirates-lab", description=__doc__.split("\n\n")[0].replace("``", ""),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=OneLineParser)

    lab = commands.add_parser("lab", help="open JupyterLab at notebooks/00_index.ipynb")
    lab.add_argument("--port", type=port_number, default=None, help="port (default 8888, or a free one; 0: any free port)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser")
    lab.add_argument("--notebooks", help="the notebooks folder (default: the checkout's notebooks/)")
    lab.add_argument("--dry-run", action="store_true", help="print the command and the address, start nothing")
    lab.add_argument("jupyter_args", nargs=argparse.REMAINDER,
                     help="after --: options passed to jupyter lab as they are")
    lab.set_defaults(run=cmd_lab)

    room = commands.add_parser("classroom", help="serve a lesson as a Voila app (no code shown) on 127.0.0.1")
    room.add_argument("lesson", nargs="?", help="a lesson name (see --list), a lesson file (.toml) or a .ipynb")
    room.add_argument("--list", action="store_true", help="list the lessons and stop")
    room.add_argument("--all", action="store_true", help="serve every lesson from one server (a menu page)")
    room.add_argument("--port", type=port_number, default=None, help="port (default 8866, or a free one; 0: any free port)")
    room.add_argument("--large", action="store_true", help="start with large fonts (for a projector)")
    room.add_argument("--cell-timeout", type=seconds, default=30, help="seconds a notebook cell may take (default 30)")
    room.add_argument("--tracebacks", action="store_true", help="show Python errors in the page (for authors)")
    room.add_argument("--notebooks", help="the notebooks folder (default: the checkout's notebooks/)")
    room.add_argument("--dry-run", action="store_true", help="print the command and the address, start nothing")
    room.add_argument("--share", action="store_true",
                      help="serve on the network for students' own devices (join code, QR code; docs/sharing.md)")
    room.add_argument("--host", help="with --share: the address to serve on (default: this machine's network address)")
    room.add_argument("--students", type=int, default=None, help="with --share: places in the class (default 30)")
    room.add_argument("--pool", type=int, default=None,
                      help="with --share: warm kernels kept ready (default: one per student, plus the teacher)")
    room.add_argument("--class-db", help="with --share: the class file (SQLite) that keeps the answers; "
                                         "the same file again resumes the class")
    room.add_argument("--export", metavar="PATH", help="write the answers of --class-db as CSV, and stop "
                                                       "(never over a class file; over another file only with --force)")
    room.add_argument("--force", action="store_true", help="with --export: replace a CSV file that exists")
    room.set_defaults(run=cmd_classroom)

    from pirates_lab.cli_lesson import add_lesson_command
    add_lesson_command(commands)

    odds = commands.add_parser("odds", help="exact odds in the terminal (fractions and percentages)")
    calculators = odds.add_subparsers(dest="calculator", metavar="CALCULATOR", required=True,
                                      parser_class=OneLineParser)

    dice = calculators.add_parser("dice", help="any dice expression: 2d6, 3d6kh2, d20+4")
    dice.add_argument("expression")
    dice.add_argument("--at-least", type=int)
    dice.add_argument("--at-most", type=int)
    dice.add_argument("--exactly", type=int)
    dice.add_argument("--why", action="store_true", help=WHY_HELP)
    dice.set_defaults(run=odds_dice)

    if with_games:
        from pirates_lab.core.registry import games

        for game in games().values():
            game.add_odds_commands(calculators)
    return parser


def port_number(text: str) -> int:
    """A TCP port for --port: 0 (any free port) or 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535 (or 0 for any free port), not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535 (or 0 for any free port), not {port}")
    return port


def seconds(text: str) -> int:
    """A per-cell time limit: 1 to 3600 seconds."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give whole seconds from 1 to 3600, not {text!r}") from None
    if not 1 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"give whole seconds from 1 to 3600, not {value}")
    return value


def _dice_first(argv: list[str]) -> list[str]:
    """``odds dice -1d6``: a dice expression that starts with a minus is not an option."""
    if argv[:2] == ["odds", "dice"] and len(argv) > 2 and argv[2].startswith("-") and "d" in argv[2][:8] \
            and not argv[2].startswith("--"):
        argv = argv[:2] + [" " + argv[2]] + argv[3:]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    argv = _dice_first(list(sys.argv[1:] if argv is None else argv))
    # games are imported only when a calculator of theirs may be asked for
    wants_games = bool(argv) and argv[0] == "odds" and argv[1:2] != ["dice"]
    args = build_parser(with_games=wants_games).parse_args(argv)
    if getattr(args, "jupyter_args", None) and args.jupyter_args[0] == "--":
        args.jupyter_args = args.jupyter_args[1:]
    run: Callable = args.run
    try:
        return run(args)
    except Refused as error:
        print(f"pirates-lab: {clean_text(str(error))}", file=sys.stderr)
        return 2
    except ValueError as error:  # InvalidInput and friends: a bad value typed by the user
        print(f"pirates-lab: {clean_text(str(error))}", file=sys.stderr)
        return 2
    except sqlite3.Error as error:  # a class file that is damaged or locked
        print(f"pirates-lab: the class file could not be read or written ({clean_text(str(error))}).", file=sys.stderr)
        return 2
    except OSError as error:  # a folder that cannot be written, a disk that is full …
        where = f" {quoted(error.filename)}" if getattr(error, "filename", None) else ""
        print(f"pirates-lab: could not use{where}: {clean_text(error.strerror or str(error))}.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C during a calculation: one line, no traceback
        print("\npirates-lab: stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head`: stop quietly
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
