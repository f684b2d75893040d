"""A teacher's files and addresses, kept safe by the ``classroom`` command (issue 33 item 8).

The class file is only ever read by ``--export`` and by a dry run; a file that is not a class file is never
written; the teacher's key goes to a private page file, never to the terminal a class may see; a host or a
path a teacher typed is echoed quoted, control characters escaped.
"""
from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from pirates_lab.core.errors import clean_text, shown

__all__ = ["Refused", "quoted", "is_class_file", "readable_class_file", "copy_class_file", "check_host", "write_teacher_page",
           "CLASS_TABLES", "TEACHER_PAGE_MARK"]


class Refused(Exception):
    """A request we cannot serve; the message says why (exit code 2)."""


def quoted(path) -> str:
    r"""A path or address a user typed, as a message may echo it: quoted, control characters escaped, cut.

    >>> quoted("class\n.sqlite")
    "'class\\n.sqlite'"
    """
    return shown(str(path), limit=80)


#: the tables every class file has (pirates_lab.classroom.store.SCHEMA)
CLASS_TABLES = {"seats", "polls", "answers"}


def is_class_file(path: str | Path) -> bool:
    """Is ``path`` a shared class's SQLite file? Read only: nothing is written, even to a file that is not one.

    >>> is_class_file("no/such/file.sqlite")
    False
    """
    path = Path(path)
    if not path.is_file():
        return False
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error:
        return False
    return CLASS_TABLES <= names


def readable_class_file(path: str | Path) -> Path:
    """The class file named by ``--class-db`` for reading; Refused in one sentence when it is not one."""
    path = Path(path)
    if not path.exists():
        raise Refused(f"no class file at {quoted(path)}.")
    if path.is_dir():
        raise Refused(f"{quoted(path)} is a folder, not a class file.")
    if not is_class_file(path):
        raise Refused(f"{quoted(path)} is not a class file (the SQLite file a shared class keeps its answers in).")
    return path


def copy_class_file(source: Path, target: Path) -> Path:
    """A copy of a class file made through SQLite's backup (the write-ahead log included); ``source`` is only read."""
    with closing(sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)) as src, \
            closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
    return target


def check_host(host: str) -> str:
    """``--host``: an address of this machine to serve on; Refused in one sentence otherwise.

    >>> check_host("127.0.0.1")
    '127.0.0.1'
    """
    import socket

    import ipaddress
    import re

    if not host or len(host) > 253 or any(c.isspace() for c in host) or clean_text(host) != host:
        raise Refused(f"--host {quoted(host)} is not an address (give this machine's address, such as 192.168.1.20).")
    try:
        ipaddress.ip_address(host.strip("[]"))
        host = host.strip("[]")
    except ValueError:
        if re.fullmatch(r"[\d.]+|[\da-fA-F:]*:[\da-fA-F:.]*", host):    # numbers that are no address: no look-up
            raise Refused(f"--host {quoted(host)} is not an address (four numbers from 0 to 255, such as "
                          f"192.168.1.20).") from None
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError):
        raise Refused(f"--host {quoted(host)} is not an address this machine knows.") from None
    for family, kind, proto, _, address in infos:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.bind((address[0], 0))
            return host
        except OSError:
            continue
    raise Refused(f"--host {quoted(host)} is not an address of this machine (it cannot serve on it).")


#: the first line of the teacher's page file (a file without it is never written over)
TEACHER_PAGE_MARK = "<!-- pirates-lab teacher page -->"


def write_teacher_page(db_path: Path, teacher_url: str) -> Path:
    """Write the teacher's address into a small page beside the class file (readable by its owner only), so the
    terminal a teacher projects never shows it (issue 33). A file of that name that is not such a page is refused."""
    import html

    page = db_path.with_name(f"{db_path.stem}-teacher.html")
    if page.exists() and (page.is_dir() or not page.read_text(encoding="utf-8", errors="replace")
                          .startswith(TEACHER_PAGE_MARK)):
        raise Refused(f"{quoted(page)} exists and is not a teacher page; move it or choose another --class-db.")
    address = html.escape(teacher_url, quote=True)
    text = (f"{TEACHER_PAGE_MARK}\n<!doctype html><meta charset='utf-8'><title>Teacher's page</title>"
            f"<meta http-equiv='refresh' content='0; url={address}'>"
            f"<p>Opening <a href='{address}'>the teacher's page</a>… Keep this file to yourself: it is your key.</p>\n")
    fd = os.open(page, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.chmod(page, 0o600)
    return page
