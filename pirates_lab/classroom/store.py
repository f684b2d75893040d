"""The class session's memory: one SQLite file per class session (``--class-db PATH``).

It holds the session's secrets (join token, join code, teacher token, the key that signs seats and
cookies), the seats (one per student who joined, numbered from 1), the polls (open, then revealed)
and the answers (one per student and poll: a new answer replaces the old one).  The Voila server
writes the seats; each student's kernel writes that student's answers; the teacher's kernel reads
them all.  Everything survives a server restart: the same file gives the same join code and keeps
every answer.

No Jupyter here: plain ``sqlite3`` (WAL mode, short transactions, a busy timeout), so thirty kernels
and the server can share the file.

>>> import tempfile, pathlib
>>> db = ClassDB(pathlib.Path(tempfile.mkdtemp()) / "class.db")
>>> first = db.add_student(limit=2); second = db.add_student(limit=2)
>>> db.add_student(limit=2) is None, db.number_of(second)
(True, 2)
>>> db.open_poll("dice_basics:3", "What are the odds?")
>>> db.answer("dice_basics:3", first, "50%", "1/2"), db.answer_of("dice_basics:3", first)
(True, '50%')
>>> db.reveal("dice_basics:3"); db.answer("dice_basics:3", second, "40%", "2/5")
False
"""
from __future__ import annotations

import csv
import hashlib
import hmac
import secrets
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ClassDB", "Session", "sign_seat", "verify_seat", "new_join_code", "CODE_ALPHABET", "MAX_ANSWER",
           "POLL_STATES"]

#: letters and digits nobody mixes up on a board (no O/0, I/1/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: the longest answer a student may send (characters)
MAX_ANSWER = 40
POLL_STATES = ("open", "revealed")

SCHEMA = """
CREATE TABLE IF NOT EXISTS session (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (seat TEXT PRIMARY KEY, role TEXT NOT NULL, number INTEGER NOT NULL,
                                  joined REAL NOT NULL, seen REAL);
CREATE TABLE IF NOT EXISTS polls (poll TEXT PRIMARY KEY, prompt TEXT NOT NULL, state TEXT NOT NULL,
                                  opened REAL NOT NULL, revealed REAL, answer TEXT);
CREATE TABLE IF NOT EXISTS kernels (pid INTEGER PRIMARY KEY, ready REAL NOT NULL, taken REAL);
CREATE TABLE IF NOT EXISTS class_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS answers (poll TEXT NOT NULL, seat TEXT NOT NULL, text TEXT NOT NULL, value TEXT,
                                    at REAL NOT NULL, changes INTEGER NOT NULL DEFAULT 0,
                                    PRIMARY KEY (poll, seat));
"""


def new_join_code() -> str:
    """A short code students type: six characters from :data:`CODE_ALPHABET` (``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class Session:
    """The secrets of one class session (kept in the class file)."""

    join_token: str
    join_code: str
    teacher_token: str
    key: str             # signs seats (hex)
    cookie_secret: str   # signs the server's cookies (hex)

    def join_ok(self, token: str | None = None, code: str | None = None) -> bool:
        """The join token, or the join code (any case, spaces ignored), compared in constant time."""
        if token:
            return hmac.compare_digest(token.encode(), self.join_token.encode())
        if code:
            typed = "".join(code.split()).upper()[:CODE_LENGTH + 4]
            return hmac.compare_digest(typed.encode(), self.join_code.encode())
        return False

    def teacher_ok(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(token.encode(), self.teacher_token.encode())


def _signature(key: str, text: str) -> str:
    return hmac.new(bytes.fromhex(key), text.encode(), hashlib.sha256).hexdigest()[:32]


def sign_seat(key: str, seat: str, role: str) -> str:
    """``role-seat.signature``: what a page address carries so the kernel knows whose page it is.

    >>> signed = sign_seat("00" * 16, "abc", "s"); verify_seat("00" * 16, signed)
    ('s', 'abc')
    >>> verify_seat("00" * 16, signed.replace("s-", "t-")) is None
    True
    """
    if role not in ("s", "t"):
        raise ValueError("a seat's role is s (student) or t (teacher)")
    return f"{role}-{seat}.{_signature(key, role + '-' + seat)}"


def kernel_key(key: str, kernel_id: str) -> str:
    """What a lesson kernel shows Voila's ``/voila/query/<kernel_id>`` to be given its page's request (the
    student's cookie): only the class's kernels know the session's key.

    >>> kernel_key("00" * 16, "k1") == kernel_key("00" * 16, "k1") != kernel_key("00" * 16, "k2")
    True
    """
    return _signature(key, "query:" + kernel_id)


def verify_seat(key: str, signed: str | None) -> tuple[str, str] | None:
    """(role, seat) of a signed seat, or None when it is missing, malformed or forged."""
    if not signed or len(signed) > 120 or "." not in signed or signed[1:2] != "-":
        return None
    body, signature = signed.rsplit(".", 1)
    if not hmac.compare_digest(signature.encode(), _signature(key, body).encode()):
        return None
    return body[0], body[2:]


class ClassDB:
    """One class session's SQLite file (created on first use)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
        try:
            self.path.chmod(0o600)   # the file holds the session's secrets
        except OSError:
            pass

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    @contextmanager
    def _write(self):
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        finally:
            db.close()

    def _read(self, sql: str, *args) -> list[tuple]:
        db = self._connect()
        try:
            return db.execute(sql, args).fetchall()
        finally:
            db.close()

    # ------------------------------------------------------------ the session's secrets
    def session(self) -> Session:
        """The session's secrets, made (from ``secrets``) the first time and kept in the file."""
        with self._write() as db:
            values = dict(db.execute("SELECT key, value FROM session").fetchall())
            wanted = {"join_token": lambda: secrets.token_urlsafe(16), "join_code": new_join_code,
                      "teacher_token": lambda: secrets.token_urlsafe(24), "key": lambda: secrets.token_hex(32),
                      "cookie_secret": lambda: secrets.token_hex(32)}
            for name, make in wanted.items():
                if name not in values:
                    values[name] = make()
                    db.execute("INSERT INTO session VALUES (?, ?)", (name, values[name]))
        return Session(**{name: values[name] for name in wanted})

    # ------------------------------------------------------------ seats
    def add_student(self, limit: int) -> str | None:
        """A new student's seat, or None when ``limit`` students have joined (the class is full)."""
        with self._write() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM seats WHERE role = 's'").fetchone()
            if count >= limit:
                return None
            seat = secrets.token_urlsafe(12)
            db.execute("INSERT INTO seats VALUES (?, 's', ?, ?, NULL)", (seat, count + 1, time.time()))
        return seat

    def has_seat(self, seat: str) -> bool:
        return bool(self._read("SELECT 1 FROM seats WHERE seat = ?", seat))

    def number_of(self, seat: str) -> int | None:
        """A student's number (1 for the first to join)."""
        rows = self._read("SELECT number FROM seats WHERE seat = ?", seat)
        return rows[0][0] if rows else None

    def students(self) -> int:
        return self._read("SELECT COUNT(*) FROM seats WHERE role = 's'")[0][0]

    def seen(self, seat: str, when: float | None = None) -> None:
        """A student's page is open (its kernel says so every few seconds)."""
        with self._write() as db:
            db.execute("UPDATE seats SET seen = ? WHERE seat = ?", (time.time() if when is None else when, seat))

    def connected(self, within: float = 15, now: float | None = None) -> int:
        """Students whose page said it was open in the last ``within`` seconds."""
        now = time.time() if now is None else now
        return self._read("SELECT COUNT(*) FROM seats WHERE role = 's' AND seen >= ?", now - within)[0][0]

    # ------------------------------------------------------------ warm kernels (the pool)
    def kernel_ready(self, pid: int) -> None:
        """A kernel of the pool has run the whole lesson: a student's page will appear at once."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO kernels VALUES (?, ?, NULL)", (pid, time.time()))

    def forget_kernels(self) -> None:
        """The server starts: no kernel of an earlier run is warm any more."""
        with self._write() as db:
            db.execute("DELETE FROM kernels")

    def kernel_taken(self, pid: int) -> None:
        with self._write() as db:
            db.execute("UPDATE kernels SET taken = ? WHERE pid = ?", (time.time(), pid))

    def ready_kernels(self) -> int:
        """Kernels that ran the lesson and wait for a student."""
        return self._read("SELECT COUNT(*) FROM kernels WHERE taken IS NULL")[0][0]

    # ------------------------------------------------------------ follow the teacher
    def _set(self, key: str, value: str) -> None:
        with self._write() as db:
            db.execute("INSERT INTO class_state VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       (key, value))

    def set_follow(self, on: bool) -> None:
        """The teacher's switch: students' pages move to the teacher's screen (or not)."""
        self._set("follow", "1" if on else "0")

    def following(self) -> bool:
        return self._read("SELECT value FROM class_state WHERE key = 'follow'") == [("1",)]

    def teacher_at(self, screen: int) -> None:
        """The screen (numbered from 1) the teacher's page shows now."""
        self._set("teacher_screen", str(int(screen)))

    def teacher_screen(self) -> int | None:
        """The screen the teacher's page showed last (whether or not students follow it)."""
        rows = self._read("SELECT value FROM class_state WHERE key = 'teacher_screen'")
        return int(rows[0][0]) if rows else None

    def followed_screen(self) -> int | None:
        """The screen students' pages go to: the teacher's, while the switch is on; else None."""
        state = dict(self._read("SELECT key, value FROM class_state"))
        if state.get("follow") != "1" or "teacher_screen" not in state:
            return None
        return int(state["teacher_screen"])

    # ------------------------------------------------------------ polls
    def open_poll(self, poll: str, prompt: str) -> None:
        """Open a poll (again: its answers are kept, and it takes answers again)."""
        with self._write() as db:
            db.execute("INSERT INTO polls VALUES (?, ?, 'open', ?, NULL, NULL) ON CONFLICT(poll) DO UPDATE "
                       "SET state = 'open', revealed = NULL", (poll, prompt[:500], time.time()))

    def reveal(self, poll: str, answer: str = "") -> None:
        """Close the poll and show every page the answer."""
        with self._write() as db:
            db.execute("UPDATE polls SET state = 'revealed', revealed = ?, answer = ? WHERE poll = ?",
                       (time.time(), answer[:200], poll))

    def poll_state(self, poll: str) -> str | None:
        """``open``, ``revealed``, or None (never opened)."""
        rows = self._read("SELECT state FROM polls WHERE poll = ?", poll)
        return rows[0][0] if rows else None

    def polls(self) -> dict[str, str]:
        """Every poll opened in this session -> its state."""
        return dict(self._read("SELECT poll, state FROM polls ORDER BY opened"))

    # ------------------------------------------------------------ answers
    def answer(self, poll: str, seat: str, text: str, value: str | None) -> bool:
        """Keep a student's answer (replacing their last one); False if the poll is not open."""
        text = text.strip()[:MAX_ANSWER]
        with self._write() as db:
            state = db.execute("SELECT state FROM polls WHERE poll = ?", (poll,)).fetchone()
            if state is None or state[0] != "open":
                return False
            db.execute("INSERT INTO answers VALUES (?, ?, ?, ?, ?, 0) ON CONFLICT(poll, seat) DO UPDATE "
                       "SET text = excluded.text, value = excluded.value, at = excluded.at, "
                       "changes = changes + 1", (poll, seat, text, value, time.time()))
        return True

    def answer_of(self, poll: str, seat: str) -> str | None:
        """This student's answer (a student's page asks only for its own)."""
        rows = self._read("SELECT text FROM answers WHERE poll = ? AND seat = ?", poll, seat)
        return rows[0][0] if rows else None

    def answers(self, poll: str) -> list[tuple[int, str, str | None]]:
        """(student number, text, exact value) of every answer to ``poll``: for the teacher's page only."""
        return self._read("SELECT seats.number, answers.text, answers.value FROM answers JOIN seats USING (seat) "
                          "WHERE poll = ? ORDER BY seats.number", poll)

    def export_csv(self, path: str | Path) -> int:
        """Every answer of the session as CSV (poll, student, answer, exact value, changes); returns the rows."""
        rows = self._read("SELECT answers.poll, polls.prompt, seats.number, answers.text, answers.value, "
                          "answers.changes FROM answers JOIN seats USING (seat) JOIN polls USING (poll) "
                          "ORDER BY polls.opened, seats.number")
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["poll", "question", "student", "answer", "exact value", "changes"])
            writer.writerows(rows)
        return len(rows)
