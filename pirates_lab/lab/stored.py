"""Stored tournaments: the strategy lab lesson reads its answers from the package, so its page appears at once.

``data/strategy_lab.toml`` says what is stored: every rulebook tip of every registered game (each game's
``TIPS``, found through :func:`~pirates_lab.lab.tips.tips`) and a few matches named in the file, each played
``games`` times from one ``seed``.  ``data/strategy_lab_results.json`` holds every game of every tournament
(seats, scores, win shares, steps), so :func:`load` rebuilds the same :class:`~pirates_lab.lab.results.Results`
the tournament gave, exactly (win shares are Fractions).

Regenerate them after an engine or a tip changes (a terminal shows a progress bar per tournament)::

    python -m pirates_lab.lab.stored --regenerate            # every tournament, on every core
    python -m pirates_lab.lab.stored --regenerate --missing  # only what is not stored yet
    python -m pirates_lab.lab.stored --check                 # replay the first games: same engines?
    python -m pirates_lab.lab.stored --table                 # the verdict table of docs/strategy_lab.md

>>> stored = load()
>>> all(t.results.games == stored.games for t in stored.tournaments if t.results is not None)
True
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from pirates_lab.core import InvalidInput
from pirates_lab.core import games as registered_games
from pirates_lab.core.saveload import decode, encode

from .policies import make_policy
from .results import Results
from .tips import Answer, Tip, answer, tips
from .tournament import GameRecord, tournament

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["PLAN_FILE", "RESULTS_FILE", "Planned", "StoredTournament", "Stored", "planned", "play", "load",
           "regenerate", "check", "verdict_rows", "markdown_table", "main"]

DATA = Path(__file__).resolve().parent / "data"
PLAN_FILE = DATA / "strategy_lab.toml"
RESULTS_FILE = DATA / "strategy_lab_results.json"
FORMAT, VERSION = "pirates_lab.strategy_lab", 1


@dataclass(frozen=True)
class Planned:
    """One tournament the lesson shows: a rulebook tip, or a match named in the plan file."""

    key: str                      # "tip/<game>/<tip>/<against>/<heading>" or "match/<game>/<policy>/<policy>…"
    game: str
    title: str                    # a short title for the page
    question: str
    policies: tuple[str, ...]     # policy names, in label order (the tip's player first)
    labels: tuple[str, ...]
    players: int = 2
    options: dict = field(default_factory=dict)
    tip: Tip | None = None
    explain: str = ""

    def game_object(self):
        cls = registered_games()[self.game]
        return cls(players=self.players, **self.options)


def _tip_plan(tip: Tip) -> Planned:
    labels = [tip.tip] + [tip.against if tip.players == 2 else f"{tip.against} {i}" for i in range(1, tip.players)]
    return Planned(key=f"tip/{tip.game}/{tip.tip}/{tip.against}/{tip.heading}", game=tip.game, title=tip.heading,
                   question=tip.question, policies=(tip.tip,) + (tip.against,) * (tip.players - 1),
                   labels=tuple(labels), players=tip.players, options=dict(tip.options), tip=tip)


def read_plan(path: Path = PLAN_FILE) -> dict:
    """The plan file: ``games``, ``seed`` and the ``match`` list."""
    with open(path, "rb") as handle:
        plan = tomllib.load(handle)
    if not isinstance(plan.get("games"), int) or plan["games"] < 1:
        raise InvalidInput(f"{path.name}: games is a whole number of at least 1.")
    return plan


def planned(path: Path = PLAN_FILE) -> list[Planned]:
    """What the lesson shows, in order: the plan file's matches (of registered games), then every tip."""
    plan = read_plan(path)
    known = registered_games(playable_only=True)
    found = []
    for match in plan.get("match", []):
        if match["game"] not in known:
            continue
        names = tuple(match["policies"])
        labels = tuple(name if names.count(name) == 1 else f"{name} {i + 1}" for i, name in enumerate(names))
        found.append(Planned(key="match/" + "/".join((match["game"],) + names), game=match["game"],
                             title=match.get("title", known[match["game"]].title), question=match["question"],
                             policies=names, labels=labels, players=len(names), options=match.get("options", {}),
                             explain=" ".join(match.get("explain", "").split())))
    return found + [_tip_plan(tip) for tip in tips() if tip.game in known]


def play(plan: Planned, games: int, seed: Any, executor=None, progress: bool = False) -> Results:
    """Play one planned tournament (a tip through :func:`~pirates_lab.lab.tips.answer`, a match through
    :func:`~pirates_lab.lab.tournament.tournament`); InvalidInput says why a tip cannot be played."""
    if plan.tip is not None:
        found = answer(plan.tip, games=games, seed=seed, executor=executor, progress=progress)
        if found.results is None:
            raise InvalidInput(found.problem)
        return found.results
    game = plan.game_object()
    policies = {label: make_policy(game, name) for label, name in zip(plan.labels, plan.policies)}
    return tournament(game, policies, games=games, seed=seed, executor=executor, progress=progress)


# ---------------------------------------------------------------- stored results
@dataclass(frozen=True)
class StoredTournament:
    """A planned tournament and its stored results (``None``: not stored yet, or ``problem`` says why)."""

    plan: Planned
    results: Results | None = None
    problem: str | None = None
    seconds: float | None = None

    @property
    def answer(self) -> Answer | None:
        """The tip's :class:`~pirates_lab.lab.tips.Answer` (None for a match)."""
        if self.plan.tip is None:
            return None
        return Answer(self.plan.tip, results=self.results, problem=None if self.results else self.problem)


@dataclass(frozen=True)
class Stored:
    """Every stored tournament of the lesson, in the plan's order, and how they were made."""

    tournaments: tuple[StoredTournament, ...]
    games: int
    seed: Any
    made: dict

    def __getitem__(self, key: str) -> StoredTournament:
        for stored in self.tournaments:
            if stored.plan.key == key:
                return stored
        raise KeyError(key)

    @property
    def missing(self) -> list[str]:
        """Planned tournaments with no stored results (a tip added since): regenerate with ``--missing``."""
        return [t.plan.key for t in self.tournaments if t.results is None and t.problem is None]


def _record_json(record: GameRecord) -> list:
    return [record.index, list(record.seats), encode(tuple(record.scores)), [str(r) for r in record.returns],
            record.steps, record.capped]


def _record(data: list) -> GameRecord:
    index, seats, scores, returns, steps, capped = data
    return GameRecord(index, tuple(seats), tuple(decode(scores)), tuple(Fraction(r) for r in returns), steps, capped)


def _entry(plan: Planned, results: Results | None, problem: str | None, seconds: float | None) -> dict:
    entry = {"key": plan.key, "game": plan.game, "labels": list(plan.labels), "policies": list(plan.policies),
             "players": plan.players, "options": encode(plan.options), "seconds": seconds}
    if results is not None:
        entry.update(games=results.games, seed=results.seed, records=[_record_json(r) for r in results.records])
    else:
        entry["problem"] = problem
    return entry


def load(path: Path = RESULTS_FILE, plan_path: Path = PLAN_FILE) -> Stored:
    """The stored tournaments, one per planned tournament (in the plan's order); planned but not stored: no
    results.  A stored tournament whose tip or match is no longer planned is left out."""
    data = json.loads(Path(path).read_text(encoding="utf-8")) if Path(path).exists() else {}
    if data and (data.get("format") != FORMAT or data.get("version") != VERSION):
        raise InvalidInput(f"{Path(path).name} is not a stored strategy lab file (format {FORMAT} {VERSION}).")
    entries = {entry["key"]: entry for entry in data.get("tournaments", [])}
    found = []
    for plan in planned(plan_path):
        entry = entries.get(plan.key)
        if entry is None or entry["labels"] != list(plan.labels) or decode(entry["options"]) != plan.options:
            found.append(StoredTournament(plan))
            continue
        if "records" not in entry:
            found.append(StoredTournament(plan, problem=entry.get("problem"), seconds=entry.get("seconds")))
            continue
        results = Results(game=plan.game_object(), labels=plan.labels,
                          records=tuple(_record(r) for r in entry["records"]), seed=entry["seed"])
        found.append(StoredTournament(plan, results, seconds=entry.get("seconds")))
    plan = read_plan(plan_path)
    return Stored(tuple(found), games=data.get("games", plan["games"]), seed=data.get("seed", plan["seed"]),
                  made=data.get("made", {}))


def _commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=DATA, capture_output=True, text=True,
                             timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def regenerate(path: Path = RESULTS_FILE, *, games: int | None = None, seed: Any = None, workers: int | None = None,
               missing_only: bool = False, progress: bool = True, plan_path: Path = PLAN_FILE,
               log=sys.stderr) -> Stored:
    """Play every planned tournament (or only the missing ones) and write them to ``path``; returns :func:`load`."""
    plan = read_plan(plan_path)
    games = games or plan["games"]
    seed = plan["seed"] if seed is None else seed
    old = json.loads(Path(path).read_text(encoding="utf-8")) if Path(path).exists() else {}
    if missing_only and (old.get("games"), old.get("seed")) != (games, seed):
        raise InvalidInput(f"The stored results are {old.get('games')} games from seed {old.get('seed')}: "
                           f"regenerate all of them for {games} games from seed {seed}.")
    kept = {e["key"]: e for e in old.get("tournaments", [])} if missing_only else {}
    entries = []
    executor = None
    if (workers or os.cpu_count() or 1) > 1:
        from concurrent.futures import ProcessPoolExecutor
        executor = ProcessPoolExecutor(workers or os.cpu_count())
    started = time.monotonic()
    try:
        for planned_one in planned(plan_path):
            if planned_one.key in kept and "records" in kept[planned_one.key]:
                entries.append(kept[planned_one.key])
                continue
            start = time.monotonic()
            try:
                results, problem = play(planned_one, games, seed, executor=executor, progress=progress), None
            except InvalidInput as error:
                results, problem = None, str(error)
            seconds = round(time.monotonic() - start, 1)
            print(f"{planned_one.key}: {problem or f'{results.games} games'} in {seconds} s", file=log, flush=True)
            entries.append(_entry(planned_one, results, problem, seconds))
    finally:
        if executor is not None:
            executor.shutdown()
    made = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "commit": _commit(),
            "command": "python -m pirates_lab.lab.stored --regenerate" + (" --missing" if missing_only else ""),
            "seconds": round(time.monotonic() - started), "workers": workers or os.cpu_count()}
    if missing_only:
        made = {**old.get("made", {}), "added": made}
    body = {"format": FORMAT, "version": VERSION, "games": games, "seed": seed, "made": made, "tournaments": entries}
    Path(path).write_text(json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    return load(path, plan_path)


def check(stored: Stored | None = None, first: int = 2) -> list[str]:
    """Replay the first ``first`` games of each stored tournament (a game's result depends on the seed and its
    number only): the differences, if the engines or players changed since."""
    stored = stored or load()
    differences = []
    for one in stored.tournaments:
        if one.results is None:
            continue
        again = play(one.plan, min(first, one.results.games), one.results.seed)
        for old, new in zip(one.results.records, again.records):
            if (new.scores, new.returns, new.steps) != (old.scores, old.returns, old.steps):
                differences.append(f"{one.plan.key}: game {old.index} now ends {new.scores} in {new.steps} "
                                   f"steps, stored {old.scores} in {old.steps}")
    return differences


# ---------------------------------------------------------------- the verdicts, for the docs
def verdict_word(stored: StoredTournament) -> str:
    """"holds", "backfires" or "not clear" (a match: "better", "worse", "unclear" for its first player)."""
    results = stored.results
    verdict = results.verdict(results.labels[0])
    if stored.plan.tip is None:
        return verdict
    return {"better": "holds", "worse": "backfires"}.get(verdict, "not clear")


def verdict_rows(stored: Stored | None = None) -> list[dict]:
    """One row per stored tournament: game, heading, who against whom, games, win rate, interval, verdict."""
    stored = stored or load()
    rows = []
    for one in stored.tournaments:
        if one.results is None:
            continue
        results, first = one.results, one.plan.labels[0]
        low, high = results.interval(first)
        rows.append({"game": registered_games()[one.plan.game].title, "heading": one.plan.title,
                     "players": " vs ".join(name.replace("_", " ") for name in dict.fromkeys(one.plan.policies)),
                     "games": results.games, "rate": results.win_rate(first), "low": low, "high": high,
                     "capped": results.capped, "verdict": verdict_word(one)})
    return rows


def markdown_table(stored: Stored | None = None) -> str:
    """The verdict table of docs/strategy_lab.md, from the stored results."""
    lines = ["| game | tip (heading) or match | the first player vs the other | games | win rate (95% interval) | verdict |",
             "|---|---|---|---|---|---|"]
    for row in verdict_rows(stored):
        lines.append(f"| {row['game']} | {row['heading']} | {row['players']} | {row['games']} | "
                     f"{float(row['rate']):.1%} ({row['low']:.0%}–{row['high']:.0%}) | {row['verdict']} |")
    return "\n".join(lines)


# ---------------------------------------------------------------- the command
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pirates_lab.lab.stored", description=__doc__.split("\n\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="play the tournaments again and store them")
    parser.add_argument("--missing", action="store_true", help="with --regenerate: only those not stored yet")
    parser.add_argument("--games", type=int, help="games per tournament (default: the plan file's)")
    parser.add_argument("--seed", help="the seed (default: the plan file's)")
    parser.add_argument("--workers", type=int, help="worker processes (default: one per core)")
    parser.add_argument("--check", action="store_true", help="replay the first games of each stored tournament")
    parser.add_argument("--table", action="store_true", help="print the verdict table for docs/strategy_lab.md")
    args = parser.parse_args(argv)
    if not (args.regenerate or args.check or args.table):
        parser.error("say --regenerate, --check or --table")
    try:
        if args.regenerate:
            seed = int(args.seed) if args.seed is not None and args.seed.isdigit() else args.seed
            stored = regenerate(games=args.games, seed=seed, workers=args.workers, missing_only=args.missing)
            print(f"stored {sum(t.results is not None for t in stored.tournaments)} tournaments in {RESULTS_FILE}")
        if args.check:
            differences = check()
            print("\n".join(differences) or "the engines still play the stored games")
            if differences:
                return 1
        if args.table:
            print(markdown_table())
    except InvalidInput as error:
        print(f"{parser.prog}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
