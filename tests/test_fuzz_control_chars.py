"""Fuzz with control characters: every entry point that echoes what a user typed (issue 24).

Newlines, escapes, bells, NULs, C1 controls, line separators and bidi overrides go into:

- every ``pirates-lab odds`` subcommand (the core's ``dice`` and each game's, found through the registry
  and argparse, not listed here), with words that are nearly right ("3\\n", "Havana\\x1b[31m") and junk;
- ``parse_dice``;
- every game's ``State.check`` / ``State.apply`` with junk actions (text, and the game's own action types
  with a field swapped for junk), at chance and player nodes along seeded games;
- every game's ``Game(...)`` options (and ``new_initial_state()`` when the options were accepted);
- every game's ``load_state`` with junk text, damaged saves, and saves whose checksum is right but whose
  position was edited.

Each ends in an answer or in a typed refusal (``IllegalMove``, ``InvalidInput``, ``CorruptSave``; argparse's
exit code 2 for the command) whose message has no raw control character (one clean line), never in a
traceback or a hang (a 20 s alarm catches one).  A state that refuses a move is left as it was.

A game that fails one of these is reported to its helper (``/work/wt/signals/requests.md``) and its case is
marked ``xfail(strict=True)`` in ``KNOWN`` below with the exact input: a fix shows as XPASS and fails the
run until the row is deleted.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pirates_lab.cli import build_parser, main
from pirates_lab.core import CHANCE, TERMINAL, CorruptSave, IllegalMove, InvalidInput, games, parse_dice
from pirates_lab.core.saveload import make_envelope
from pirates_lab.core.testing import no_hang

TYPED = (IllegalMove, InvalidInput, CorruptSave)
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

#: What must never reach a message raw: C0 controls (newline included), DEL, C1 controls, the Unicode line and
#: paragraph separators, and the bidi marks/overrides/isolates that reorder a line on screen.
CONTROL_CHARS = ([chr(c) for c in range(0x20)] + [chr(c) for c in range(0x7F, 0xA0)]
                 + ["\u2028", "\u2029", "\u200e", "\u200f"] + [chr(c) for c in range(0x202A, 0x202F)]
                 + [chr(c) for c in range(0x2066, 0x206A)])
RAW = re.compile("[" + "".join(re.escape(c) for c in CONTROL_CHARS) + "]")
RAW_IN_OUTPUT = re.compile("[" + "".join(re.escape(c) for c in CONTROL_CHARS if c != "\n") + "]")

control = st.sampled_from(CONTROL_CHARS)
WORDS = ["3", "0", "12", "-1", "2d6", "3d6kh2", "d20+4", "Havana", "Open Sea", "Storm", "Sloop", "Galleon",
         "Bottle of Rum", "Pinnace", "Spanish Galleon", "Navigator", "Tortuga", "Cannon", "English Navy", "1,2",
         "Anne Bonny", "Attack", "x", "", " "]


@st.composite
def with_control(draw, base=st.sampled_from(WORDS)) -> str:
    """A word with one to three control characters put in at random places (the start and end included)."""
    text = draw(base)
    for char in draw(st.lists(control, min_size=1, max_size=3)):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + char + text[at:]
    return text


junk_text = st.one_of(with_control(), with_control(st.text(max_size=8)),
                      st.text(alphabet=st.sampled_from(CONTROL_CHARS), min_size=1, max_size=4))
junk = st.one_of(junk_text, st.integers(-10**6, 10**6), st.none(), st.booleans(), st.floats(allow_nan=True),
                 st.lists(junk_text, max_size=2), st.tuples(junk_text, st.integers(-3, 3)))


def clean_refusal(error: BaseException) -> str:
    """A typed refusal with one clean line; returns its message."""
    assert isinstance(error, TYPED), f"{type(error).__name__} (not a typed refusal): {error!r}"
    message = str(error)
    assert message.strip(), "an empty refusal"
    assert not RAW.search(message), f"raw control character in the message: {message!r}"
    return message


def answer_or_refusal(call):
    """``call()``'s value, or None after checking its refusal; anything else fails the test."""
    with no_hang():
        try:
            return call()
        except TYPED as error:
            clean_refusal(error)
            return None


def _pillage_play(**fields):
    """A legal Pillage & Plunder ``Play`` burying treasure ('play Bury Treasure burying 500'), from a seeded game, with ``fields`` swapped."""
    for state in positions_of("pillage_and_plunder"):
        plays = [a for a in (() if state.is_terminal() else state.legal_actions())
                 if type(a).__name__ == "Play" and a.card == "Bury Treasure" and not a.discard]
        if plays:
            return state, dataclasses.replace(plays[0], **fields)
    raise AssertionError("no seeded Pillage & Plunder position offers Bury Treasure")


def _check(made):
    state, action = made
    state.check(action)


#: What fails today, per (entry point, game): the reason and the exact input, as a call.  Each row is a strict
#: xfail of its exact input (a fix shows as XPASS and fails the run until the row is deleted) and a loose xfail
#: of that game's fuzz test (random examples may or may not meet it).  Reported in /work/wt/signals/requests.md.
KNOWN: dict[tuple[str, str], tuple[str, object]] = {}       # empty: every refusal is clean today


def fuzz(kind: str, name: str, **changes) -> settings:
    """The fuzz settings for one case; a KNOWN case fails fast (no shrinking: its exact input is known)."""
    if (kind, name) in KNOWN:
        changes["phases"] = (Phase.explicit, Phase.reuse, Phase.generate)
    return settings(FUZZ, **changes)


def known(kind: str, name: str):
    """The pytest param of ``name``; a loose xfail while ``(kind, name)`` is in KNOWN."""
    row = KNOWN.get((kind, name))
    marks = [pytest.mark.xfail(strict=False, reason=f"known, see test_known_failures: {row[0]}")] if row else []
    return pytest.param(name, id=name, marks=marks)


@pytest.mark.parametrize("kind, game", [pytest.param(*key, id="-".join(key), marks=pytest.mark.xfail(
    strict=True, reason=KNOWN[key][0])) for key in KNOWN])
def test_known_failures(kind, game):
    """The exact input of each KNOWN row, run through the same checks as the fuzz tests."""
    call = KNOWN[(kind, game)][1]
    try:
        call()
    except TYPED as error:
        clean_refusal(error)


# ---------------------------------------------------------------- the command line
def odds_calculators() -> dict[str, argparse.ArgumentParser]:
    """Every ``pirates-lab odds`` subcommand, from the parser the command builds (registry included)."""
    def subcommands(parser):
        return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices

    return dict(subcommands(subcommands(build_parser(with_games=True))["odds"]))


CALCULATORS = odds_calculators()


@st.composite
def command_line(draw, parser: argparse.ArgumentParser) -> list[str]:
    """Arguments for one calculator: each positional and some options filled, at least one with a control
    character; now and then one argument too many (argparse echoes it back)."""
    word = st.one_of(st.sampled_from(WORDS), junk_text)
    argv, options = [], []
    for act in parser._actions:
        if isinstance(act, argparse._HelpAction):
            continue
        if not act.option_strings:
            count = draw(st.integers(0, 3)) if act.nargs in ("*", "+") else 1
            argv += [draw(word) for _ in range(max(count, 1 if act.nargs == "+" else 0))]
        elif act.nargs == 0:
            if draw(st.booleans()):
                options.append(act.option_strings[0])
        elif draw(st.booleans()):
            options.append(f"{act.option_strings[0]}={draw(word)}")
    tainted = [i for i, a in enumerate(argv) if RAW.search(a)] + [i for i, a in enumerate(options) if RAW.search(a)]
    if not tainted:  # make sure something carries a control character
        if argv:
            argv[draw(st.integers(0, len(argv) - 1))] += draw(control)
        else:
            options.append(f"--{draw(with_control(st.sampled_from(['players', 'cards', 'draws'])))}=3")
    if draw(st.integers(0, 5)) == 0:
        argv.append(draw(junk_text))
    return options + ["--"] + argv if argv else options


@pytest.mark.parametrize("calculator", [known("odds", name) for name in CALCULATORS])
def test_odds_commands_refuse_control_characters_in_one_clean_line(capsys, calculator):
    @fuzz("odds", calculator)
    @given(argv=command_line(CALCULATORS[calculator]))
    def run(argv):
        with no_hang():
            try:
                code = main(["odds", calculator, *argv])
            except SystemExit as stop:          # argparse
                code = stop.code
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err, (argv, err)
        if code == 0:
            assert out.strip() and not err, (argv, out, err)
            assert not RAW_IN_OUTPUT.search(out), f"raw control character in the answer to {argv!r}: {out!r}"
        else:
            assert code == 2 and out == "", (argv, code, out, err)
            assert err.endswith("\n") and err.startswith("pirates-lab"), (argv, err)
            assert not RAW.search(err[:-1]), f"raw control character in the refusal of {argv!r}: {err!r}"

    run()


# ---------------------------------------------------------------- parse_dice
@settings(FUZZ, max_examples=150)
@given(text=st.one_of(with_control(), with_control(st.text(alphabet="0123456789dkhl+- ", max_size=12)),
                      st.text(alphabet=st.sampled_from(list("0123456789dkhl+- ") + CONTROL_CHARS), max_size=12)))
def test_parse_dice_refuses_control_characters_cleanly(text):
    dist = answer_or_refusal(lambda: parse_dice(text))
    assert dist is None or sum(p for _, p in dist.items()) == 1


# ---------------------------------------------------------------- the games
GAMES = games(playable_only=True)


def positions(name: str) -> list:
    """Positions along three seeded random games: the start, chance and player nodes, and an end if reached."""
    found = []
    for seed in range(3):
        rng = random.Random(seed)
        state = GAMES[name]().new_initial_state()
        for step in range(121):
            if step in (0, 1, 5, 20, 60, 120):
                found.append(state)
            if state.current_player() == TERMINAL:
                found.append(state)
                break
            state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                                else rng.choice(state.legal_actions()))
    return found


_POSITIONS: dict[str, list] = {}


def positions_of(name: str) -> list:
    if name not in _POSITIONS:
        _POSITIONS[name] = positions(name)
    return _POSITIONS[name]


@st.composite
def junk_action(draw, legal: tuple):
    """A way to make junk for a position (a function of nothing): text, a legal action's text with control
    characters, or one of the game's own action types with one field swapped for junk (its constructor may
    refuse it already: that refusal is checked too)."""
    kinds = [junk]
    strings = [a for a in legal if isinstance(a, str)]
    if strings:
        kinds.append(with_control(st.sampled_from(strings)))
    made = st.one_of(kinds).map(lambda value: lambda: value)
    typed = [a for a in legal if dataclasses.is_dataclass(a) and dataclasses.fields(a)]
    if typed:
        made = st.one_of(made, st.sampled_from(typed).flatmap(
            lambda a: st.sampled_from(dataclasses.fields(a)).flatmap(
                lambda f: junk.map(lambda value: lambda: dataclasses.replace(a, **{f.name: value})))))
    return draw(made)


@pytest.mark.parametrize("game", [known("apply", name) for name in GAMES])
def test_junk_actions_are_refused_cleanly_and_change_nothing(game):
    states = positions_of(game)

    @fuzz("apply", game, max_examples=60)
    @given(data=st.data())
    def run(data):
        state = data.draw(st.sampled_from(states), label="position")
        legal = () if state.is_terminal() else state.legal_actions()
        action = answer_or_refusal(data.draw(junk_action(legal), label="action"))
        if action is None:
            return                              # the action's own type refused the junk (cleanly)
        before = state.to_json()
        for call in (state.check, state.apply):
            answer_or_refusal(lambda: call(action))
        assert state.to_json() == before, f"refusing {action!r} changed the state"

    run()


@pytest.mark.parametrize("game", [known("options", name) for name in GAMES])
def test_junk_options_are_refused_cleanly(game):
    cls = GAMES[game]
    names = list(cls.default_options)

    @fuzz("options", game)
    @given(data=st.data())
    def run(data):
        options = {}
        if names:
            options = data.draw(st.dictionaries(st.sampled_from(names), junk, max_size=2), label="options")
        if data.draw(st.integers(0, 3), label="unknown option?") == 0:
            options[data.draw(with_control(st.sampled_from(["players", "seats", "mode"])), label="name")] = 1
        players = data.draw(st.one_of(st.integers(cls.min_players, cls.max_players), junk), label="players")
        game_ = answer_or_refusal(lambda: cls(players=players, **options))
        if game_ is not None:
            answer_or_refusal(game_.new_initial_state)

    run()


@pytest.mark.parametrize("game", [known("load", name) for name in GAMES])
def test_junk_saves_are_refused_cleanly(game):
    cls = GAMES[game]
    saves = [state.to_json() for state in positions_of(game)[:4]]

    @st.composite
    def damaged(draw):
        text = draw(st.sampled_from(saves))
        how = draw(st.sampled_from(["junk", "insert", "edit", "edit-with-checksum"]))
        if how == "junk":
            return draw(st.one_of(junk_text, st.binary(max_size=20)))
        if how == "insert":
            at = draw(st.integers(0, len(text)))
            return text[:at] + draw(junk_text) + text[at:]
        data = json.loads(text)
        leaves = list(_leaves(data["state"], ("state",)))
        path = draw(st.sampled_from(leaves)) if leaves else ("state",)
        _set(data, path, draw(junk.filter(lambda v: not isinstance(v, float))))
        if how == "edit":
            return json.dumps(data)
        return make_envelope(data["game"], data["options"], data["state"])   # a hand edit with a valid checksum

    @fuzz("load", game, max_examples=40)
    @given(text=damaged())
    def run(text):
        answer_or_refusal(lambda: cls().load_state(text))

    run()


def _leaves(value, path):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, path + (i,))
    else:
        yield path


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


# ---------------------------------------------------------------- the checks can fail
def test_the_checks_catch_a_raw_control_character():
    with pytest.raises(AssertionError, match="raw control character"):
        clean_refusal(_RawError("Turn — \n is not allowed"))
    with pytest.raises(AssertionError, match="not a typed refusal"):
        clean_refusal(TypeError("unhashable type: 'list'"))
    assert clean_refusal(IllegalMove("Turn", "\x1b[31m is not allowed")) == "Turn — \\x1b[31m is not allowed"
    assert all(RAW.search(c) for c in CONTROL_CHARS) and not RAW.search("Tortuga → Havana, 3 ≥ 2")


class _RawError(InvalidInput):
    """An error that keeps its raw message (as a refusal built outside the core's errors would)."""

    def __str__(self):
        return self.args[0].replace("\\n", "\n")
