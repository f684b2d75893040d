"""Class polls on a shared lesson's question screens ("predict, then reveal" for the whole class).

On every question screen of a shared lesson (``pirates-lab classroom LESSON --share``):

- the **teacher's page** has "Open the class poll" and "Reveal the answer", the number of answers,
  and a bar chart (bqplot) of the class's answers; after Reveal the exact answer stands beside it and
  its bar is marked;
- each **student's page** shows the poll once the teacher opens it: type a prediction, Send (again
  to change it); after Reveal the page shows the answer and why (the question's own reveal).
  A student's page reads back only that student's answer: a reload keeps it.  While the poll is open the
  answer stays with the teacher: the question's Check and "Show the answer and why" refuse on a student's
  page (:meth:`PollPanel.hold_answer`; the kernel refuses, whatever the page sends).

The teacher's panel also has the **Students follow my screen** switch: while it is on, every student's
page moves to the screen the teacher's page shows, each time the teacher moves (a student may still look
back; the next move of the teacher brings them along).  See :class:`Follower`.

The answers live in the class file (:class:`pirates_lab.classroom.store.ClassDB`).  The model parts
(:func:`histogram`, :func:`parse_prediction`) are plain Python with doctests.

>>> histogram([Fraction(2, 5), Fraction(9, 20), Fraction(1)], "probability", Fraction(5, 12))[1]
[0, 0, 0, 0, 2, 0, 0, 0, 0, 1]
>>> parse_prediction("41.67%", "probability")
(True, '4167/10000')
"""
from __future__ import annotations

import html
import time
from collections import Counter
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from .numbers import parse_answer
from .questions import HOW_TO_TYPE, OUT_OF_RANGE, number_text

__all__ = ["PollPanel", "TeacherPanel", "Follower", "histogram", "parse_prediction", "install", "bind",
           "open_screen", "lesson_views", "student_badge", "PANELS", "MAX_ANSWER", "SEND_EVERY"]

#: the longest prediction a student may send (characters), and the least time between two sends (s)
MAX_ANSWER = 40
SEND_EVERY = 2.0
#: every poll panel built in this kernel (the page's refresher walks them)
PANELS: list["PollPanel"] = []
_STATE: dict[str, Any] = {"seat": None}


# ---------------------------------------------------------------- the model
def parse_prediction(text: str, unit: str) -> tuple[bool, str]:
    """(True, exact value as text) for a readable prediction, else (False, how to type one)."""
    text = str(text).strip()
    if not text:
        return False, "Type a prediction first."
    if len(text) > MAX_ANSWER:
        return False, f"A prediction is at most {MAX_ANSWER} characters."
    if unit == "text":
        return True, " ".join(text.split()).casefold()
    try:
        value, _ = parse_answer(text)
    except (ValueError, ZeroDivisionError):
        return False, HOW_TO_TYPE.get(unit, HOW_TO_TYPE["number"])
    if unit == "probability" and not 0 <= value <= 1:
        return False, OUT_OF_RANGE["probability"]
    if unit == "count" and (value < 0 or value.denominator != 1):
        return False, OUT_OF_RANGE["count"]
    return True, str(value)


def histogram(values: list, unit: str, exact: Any = None) -> tuple[list[str], list[int], int | None]:
    """Bar labels, counts and the exact answer's bar (or None) for the class's predictions.

    A probability: ten bars of 10 points (100 % in the last).  Words: one bar per word.  Other numbers:
    one bar per value when there are at most 12 distinct ones (the exact answer among them), else ten
    equal bins from the smallest to the largest.

    >>> histogram([Fraction(3), Fraction(3), Fraction(5)], "count", Fraction(4))
    (['3', '4', '5'], [2, 0, 1], 1)
    >>> histogram(["pete", "anne"], "text", ("Pete",))
    (['anne', 'pete'], [1, 1], 1)
    """
    if unit == "text":
        counts = Counter(values)
        words = sorted(set(counts) | ({" ".join(exact[0].split()).casefold()} if exact else set()))
        target = " ".join(exact[0].split()).casefold() if exact else None
        return words, [counts[w] for w in words], (words.index(target) if target in words else None)
    numbers = [Fraction(v) for v in values]
    if unit == "probability":
        labels = [f"{10 * i}–{10 * i + 10}%" for i in range(10)]
        counts = [0] * 10
        bin_of = lambda v: min(9, int(v * 10))  # noqa: E731
        for v in numbers:
            counts[bin_of(v)] += 1
        return labels, counts, (bin_of(Fraction(exact)) if exact is not None else None)
    distinct = sorted(set(numbers) | ({Fraction(exact)} if exact is not None else set()))
    if len(distinct) <= 12:
        counts = Counter(numbers)
        labels = [number_text(v, unit) for v in distinct]
        return labels, [counts[v] for v in distinct], (distinct.index(Fraction(exact)) if exact is not None else None)
    low, high = distinct[0], distinct[-1]
    width = (high - low) / 10
    bin_of = lambda v: min(9, int((v - low) / width))  # noqa: E731
    counts = [0] * 10
    for v in numbers:
        counts[bin_of(v)] += 1
    labels = [f"{float(low + i * width):.3g}–{float(low + (i + 1) * width):.3g}" for i in range(10)]
    return labels, counts, (bin_of(Fraction(exact)) if exact is not None else None)


def poll_name(lesson, screen) -> str:
    """A poll is a question screen of a lesson: ``Dice basics · 3``."""
    return f"{lesson.title} · {screen.number}"


# ---------------------------------------------------------------- the widgets
def _button(text: str, css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(description=text, button_style=style, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


class PollPanel(widgets.VBox):
    """The class poll of one question screen: hidden until the page knows whose it is (:func:`bind`)."""

    def __init__(self, name: str, prompt: str, question):
        self.name, self.prompt, self.question = name, prompt, question
        self.seat = None
        self.poll_state: str | None = "unseen"      # not shown yet: the first refresh shows whatever it is
        self.mine: str | None = None
        self.last_send = -1e9
        self.answers: list | None = None
        self.title = widgets.HTML("<b>Class poll</b>")
        self.status = widgets.HTML()
        self.status.add_class("pl-poll-status")
        # a student's part
        self.answer = widgets.Text(placeholder="your prediction", layout=widgets.Layout(width="12em"))
        self.answer.add_class("pl-poll-answer")
        self.send_button = _button("Send", "pl-poll-send", "primary")
        self.send_button.on_click(lambda _: self.send(self.answer.value))
        self.mine_html = widgets.HTML()
        self.mine_html.add_class("pl-poll-mine")
        self.student_box = widgets.VBox([widgets.HBox([self.answer, self.send_button]), self.mine_html])
        # the teacher's part
        self.open_button = _button("Open the class poll", "pl-poll-open", "primary")
        self.reveal_button = _button("Reveal the answer", "pl-poll-reveal", "warning")
        self.open_button.on_click(lambda _: self.open_poll())
        self.reveal_button.on_click(lambda _: self.reveal_poll())
        self.count = widgets.HTML()
        self.count.add_class("pl-poll-count")
        self.exact = widgets.HTML()
        self.exact.add_class("pl-poll-exact")
        self.chart_box = widgets.Box()
        self.teacher_box = widgets.VBox([widgets.HBox([self.open_button, self.reveal_button, self.count]),
                                         widgets.HBox([self.chart_box, self.exact],
                                                      layout=widgets.Layout(align_items="center"))])
        super().__init__([self.title, self.status], layout=widgets.Layout(
            display="none", border="2px solid #1a56a8", padding="4px 10px", margin="8px 0", max_width="100%"))
        self.add_class("pl-poll")
        self.bars = None
        self.hold_answer()

    # ------------------------------------------------------------ the answer stays with the teacher
    def answer_held(self) -> bool:
        """True on any page but the teacher's while this poll is open (read from the class file each time)."""
        seat = self.seat
        if seat is not None and seat.teacher:
            return False
        db = seat.db if seat is not None else _class_db()
        return db is not None and db.poll_state(self.name) == "open"

    def hold_answer(self) -> None:
        """The question's Check and reveal, as the page's buttons call them, refuse while :meth:`answer_held`:
        a student cannot learn the answer (or whether a guess is right) before the teacher's Reveal."""
        question, check, reveal = self.question, self.question.check, self.question.reveal
        if getattr(question, "_pl_held", False):
            return

        def held_check(text):
            if self.answer_held():
                question.feedback.value = ("<div class='pl-answer-held'>The class poll is open: send your "
                                           "prediction there; the teacher reveals the answer.</div>")
                question.why.value = ""
                return None
            return check(text)

        def held_reveal():
            if self.answer_held():
                question.reveal_button.layout.display = "none"
                return None
            return reveal()

        question.check, question.reveal, question._pl_held = held_check, held_reveal, True

    # ------------------------------------------------------------ whose page
    def bind(self, seat) -> None:
        self.seat = seat
        if seat is None or not (seat.student or seat.teacher):
            self.layout.display = "none"
            return
        if seat.teacher:
            self.children = (self.title, self.status, self.teacher_box)
            self.add_class("pl-poll-teacher")
            self.layout.display = ""
        else:
            self.children = (self.title, self.status, self.student_box)
            self.add_class("pl-poll-student")
            self.mine = seat.db.answer_of(self.name, seat.seat)   # a reload keeps the answer
            self._show_mine()
        self.refresh()

    # ------------------------------------------------------------ a student
    def send(self, text: str) -> bool:
        """Send a prediction (True when kept). Bounded: at most 40 characters, one send every 2 s."""
        if self.seat is None or not self.seat.student:
            return False
        if self.poll_state != "open":
            self.status.value = "<span class='pl-poll-closed'>The poll is not open.</span>"
            return False
        unit = self.question.model.unit
        ok, value = parse_prediction(text, unit)
        if not ok:
            self.mine_html.value = f"<span class='pl-poll-error' style='color:#b22222'>{html.escape(value)}</span>"
            return False
        now = time.monotonic()
        if now - self.last_send < SEND_EVERY:
            self.mine_html.value = "<span class='pl-poll-error' style='color:#b22222'>Wait a moment, then send.</span>"
            return False
        self.last_send = now
        kept = self.seat.db.answer(self.name, self.seat.seat, text.strip(), value)
        if kept:
            self.mine = text.strip()
        self._show_mine(sent=kept)
        return kept

    def _show_mine(self, sent: bool = True) -> None:
        if self.mine is None:
            self.mine_html.value = ""
        else:
            self.mine_html.value = (f"<span class='pl-poll-kept' data-answer='{html.escape(self.mine)}'>"
                                    f"Your prediction: <b>{html.escape(self.mine)}</b></span>")

    # ------------------------------------------------------------ the teacher
    def open_poll(self) -> None:
        if self.seat is not None and self.seat.teacher:
            self.seat.db.open_poll(self.name, self.prompt)
            self.refresh()

    def reveal_poll(self) -> None:
        if self.seat is not None and self.seat.teacher:
            self.seat.db.reveal(self.name, self.question.model.answer_text())
            self.refresh()

    def _chart(self, labels: list[str], counts: list[int], mark: int | None) -> None:
        import bqplot as bq

        if mark is not None and self.poll_state == "revealed":
            labels = [f"{label} ✔" if i == mark else label for i, label in enumerate(labels)]
        top = max(counts, default=0) + 1
        ticks = list(range(0, top + 1, max(1, top // 8)))         # whole students, never 1, 1, 2, 2
        if self.bars is None:
            x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=top)
            self.bars = bq.Bars(x=labels, y=counts, scales={"x": x, "y": y}, colors=["#1a56a8"])
            self.y_axis = bq.Axis(scale=y, side="left", label="students", tick_format="d",
                                  tick_values=ticks)
            # slanted labels: ten of "90–100%" overlap when upright (Large fonts)
            axes = [bq.Axis(scale=x, label="prediction", tick_rotate=-35, label_offset="62px",
                            tick_style={"text-anchor": "end"}), self.y_axis]
            figure = bq.Figure(marks=[self.bars], axes=axes, title="The class's predictions",
                               layout=widgets.Layout(width="560px", height="330px"),
                               fig_margin=dict(top=40, bottom=80, left=70, right=20))
            figure.add_class("pl-poll-chart")
            self.chart_box.children = (figure,)
        else:
            with self.bars.hold_sync():
                self.bars.x, self.bars.y = labels, counts
            self.bars.scales["y"].max = top
            self.y_axis.tick_values = ticks

    # ------------------------------------------------------------ live
    def refresh(self, states: dict | None = None) -> None:
        """Show the poll's state (and, for the teacher, the class's answers) as the class file has it."""
        seat = self.seat
        if seat is None or not (seat.student or seat.teacher):
            return
        state = (states.get(self.name) if states is not None else seat.db.poll_state(self.name))
        changed = state != self.poll_state
        self.poll_state = state
        if seat.student:
            if changed:
                self._student_state(state)
            return
        if changed:
            self.status.value = {None: "Not opened yet: the students see nothing.",
                                 "open": "<span class='pl-poll-is-open'>Open: the students can send a prediction."
                                         "</span>",
                                 "revealed": "<span class='pl-poll-is-revealed'>Revealed.</span>"}[state]
            self.open_button.description = "Open the class poll" if state is None else "Open it again"
            self.reveal_button.disabled = state != "open"
        if state is None:
            return
        answers = seat.db.answers(self.name)
        if answers == self.answers and not changed:
            return
        self.answers = answers
        model = self.question.model
        exact = model.expected if model.unit == "text" else model.expected
        labels, counts, mark = histogram([value for _, _, value in answers if value is not None], model.unit, exact)
        self.count.value = (f"<span class='pl-poll-answers' data-answers='{len(answers)}'>"
                            f"{len(answers)} answer{'s' if len(answers) != 1 else ''}</span>")
        self._chart(labels, counts, mark)
        if state == "revealed":
            self.exact.value = (f"<div class='pl-poll-exact-text' style='font-size:1.2em;padding:0 16px'>"
                                f"Exact answer:<br><b>{html.escape(model.answer_text())}</b></div>")
            if self.question.feedback.value == "":
                self.question.reveal()
        else:
            self.exact.value = ""

    def _student_state(self, state: str | None) -> None:
        if state is None:
            self.layout.display = "none"
            return
        self.layout.display = ""
        if state == "open":
            self.status.value = ("<span class='pl-poll-is-open'>The teacher asks the class: type your prediction "
                                 "and press Send.</span>")
            self.student_box.layout.display = ""
            self.answer.disabled = self.send_button.disabled = False
        else:
            self.status.value = "<span class='pl-poll-is-revealed'>The answer is out: see it and why above.</span>"
            self.answer.disabled = self.send_button.disabled = True
            self.question.reveal()


class TeacherPanel(widgets.VBox):
    """The teacher's page: the join address, the join code, the QR code, who is connected, and the "Students
    follow my screen" switch (the screen of ``views``, the page's lessons, goes to the class file)."""

    def __init__(self, seat, views: list | None = None):
        import os

        from pirates_lab.classroom.share import qr_svg

        self.seat = seat
        self.views = lesson_views() if views is None else list(views)
        self.follow = widgets.Checkbox(value=seat.db.following(), description="Students follow my screen",
                                       indent=False, layout=widgets.Layout(width="auto"))
        self.follow.add_class("pl-follow-switch")
        self.follow.observe(self._switch, names="value")
        for view in self.views:
            view.contents.observe(self._moved, names="value")     # the lesson's screen list follows its screen
        if self.views:
            seat.db.teacher_at(self.views[0].index + 1)
        join = os.environ.get("PIRATES_LAB_CLASS_JOIN", "")
        code = seat.db.session().join_code
        where = os.environ.get("PIRATES_LAB_CLASS_ADDRESS", "")
        self.connected = widgets.HTML()
        self.connected.add_class("pl-class-connected")
        info = widgets.HTML(
            f"<div class='pl-class-join' style='font-size:1.3em'><b>Join the class</b><br>"
            f"Scan the code, or open <b>{html.escape(where)}</b> and type the join code<br>"
            f"<span class='pl-join-code' style='font-size:2em;letter-spacing:0.2em;font-family:monospace'>"
            f"{html.escape(code)}</span></div>")
        qr = widgets.HTML(f"<div class='pl-join-qr' data-url='{html.escape(join)}'>{qr_svg(join) if join else ''}</div>")
        controls = [self.connected, self.follow] if self.views else [self.connected]
        super().__init__([widgets.HBox([qr, widgets.VBox([info, *controls])],
                                       layout=widgets.Layout(align_items="center", flex_flow="row wrap"))],
                         layout=widgets.Layout(border="2px solid #8b5a2b", padding="6px 12px", margin="10px 0"))
        self.add_class("pl-teacher-panel")
        self.last = None
        self.refresh()

    def _switch(self, change) -> None:
        if self.views:
            self.seat.db.teacher_at(self.views[0].index + 1)
        self.seat.db.set_follow(bool(change["new"]))

    def _moved(self, change) -> None:
        self.seat.db.teacher_at(int(change["new"]) + 1)

    def refresh(self) -> None:
        db = self.seat.db
        now = (db.connected(), db.students())
        if now == self.last:
            return
        self.last = now
        self.connected.value = (f"<span class='pl-class-count' data-connected='{now[0]}' data-joined='{now[1]}' "
                                f"style='font-size:1.2em'>Students connected: <b>{now[0]}</b> "
                                f"({now[1]} joined)</span>")


class Follower:
    """A student's page following the teacher: each :meth:`tick` (the page's refresher, every second) moves
    ``views`` to the teacher's screen when it changed since the last move (or the switch came on)."""

    def __init__(self, seat, views: list | None = None):
        self.seat = seat
        self.views = lesson_views() if views is None else list(views)
        self.last: int | None = None

    def tick(self) -> None:
        target = self.seat.db.followed_screen()
        if target is None:                 # the switch is off: the students move themselves
            self.last = None
            return
        if target == self.last:
            return
        self.last = target
        for view in self.views:
            if view.index != target - 1:
                view.go(target - 1)


def lesson_views() -> list:
    """The lessons on screens shown in this kernel (a page has one)."""
    from ipywidgets.widgets.widget import _instances

    from .lesson import LessonView

    return [w for w in list(_instances.values()) if isinstance(w, LessonView)]


def student_badge(seat) -> widgets.HTML:
    badge = widgets.HTML(f"<span class='pl-student-number' data-number='{seat.number}' style='color:#555'>"
                         f"You are student {seat.number} in this class.</span>")
    badge.add_class("pl-class-student")
    return badge


def _class_db():
    """The class file of a shared lesson's kernel (None elsewhere)."""
    import os

    from pirates_lab.classroom.share import DB_ENV
    from pirates_lab.classroom.store import ClassDB

    return ClassDB(os.environ[DB_ENV]) if os.environ.get(DB_ENV) else None


# ---------------------------------------------------------------- the kit's hook
def _poll_for(lesson, screen, question) -> PollPanel:
    panel = PollPanel(poll_name(lesson, screen), screen.question.prompt, question)
    PANELS.append(panel)
    if _STATE["seat"] is not None:
        panel.bind(_STATE["seat"])
    return panel


def install() -> None:
    """Put a class poll on every question screen built from now on (the lesson kit's hook)."""
    from . import lesson

    if _poll_for not in lesson.QUESTION_EXTRAS:
        lesson.QUESTION_EXTRAS.append(_poll_for)


def bind(seat) -> list[PollPanel]:
    """This page is ``seat``'s: every poll panel (built and to come) shows that seat's view."""
    _STATE["seat"] = seat
    for panel in list(PANELS):
        panel.bind(seat)
    return PANELS


def open_screen(screen: str | None) -> None:
    """``?screen=5`` for a shared lesson (its pool ran the lesson before the address was known)."""
    if not screen:
        return
    for view in lesson_views():
        try:
            view.go(view.lesson.find(screen).number - 1)
        except Exception:
            pass
