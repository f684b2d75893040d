"""The exact deduction solver: one pirate's Solution Grid, filled in by counting.

Rules: Plunder (2013) › Using the Solution Grids

>>> s = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
>>> s.record(asker=1, clues={"island": 3, "marker": 2, "trap": 6}, answers={0: "nay", 2: "aye", 3: "nay"})
>>> s.count()
63936
>>> s.marginals()[3]["island"][3]
Fraction(0, 1)

From ``me``'s point of view (own cards known) every deal consistent with all public answers is
equally likely; every probability is an exact ``Fraction`` = (deals with it) / (deals).
The counting is done by :mod:`.engine`; this module keeps the records, explains deductions in
words and finds the smallest set of answers behind a contradiction.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from pirates_lab.core import Dist, InvalidInput, saveable
from pirates_lab.core.errors import shown

from .components import CATEGORIES, card_name, location_name, pirate_name
from .headings import RULE_GRIDS, RULE_TURN
from .engine import MAX_CARDS, Constraint, Posterior, answer_is_aye
from .solver import feasible, solve

__all__ = ["Deduction", "Record", "AnswerRef", "Explanation", "Cell", "InconsistentAnswers", "smallest_conflict",
           "RULE_GRIDS", "RULE_TURN"]


_WORDS = {"aye": True, "aye!": True, "y": True, "yes": True, "nay": False, "nay!": False, "n": False, "no": False}


@saveable
@dataclass(frozen=True)
class Record:
    """One day on the left grid: who asked, the three clue cards, every other pirate's answer."""

    asker: int
    clue: tuple[int, int, int]
    answers: tuple[tuple[int, bool], ...]   # (player, aye) in player order

    def constraints(self) -> tuple[Constraint, ...]:
        return tuple(Constraint(p, self.clue, aye) for p, aye in self.answers)


@dataclass(frozen=True, order=True)
class AnswerRef:
    """One answer given at the table: ``day`` counts from 1 (the row of the left grid)."""

    day: int
    player: int
    clue: tuple[int, int, int]
    aye: bool

    def __str__(self) -> str:
        word = "Aye" if self.aye else "Nay"
        return f"day {self.day}: {pirate_name(self.player)} said {word} to {location_name(self.clue)}"


class InconsistentAnswers(InvalidInput):
    """A recorded day that no deal can explain: someone at the table answered wrongly.

    ``conflicts`` is a smallest set of earlier answers that, together with the new day's answers,
    no deal satisfies (empty when the new day is impossible on its own).
    """

    def __init__(self, message: str, conflicts: tuple[AnswerRef, ...]):
        self.conflicts = conflicts
        super().__init__(message)


@dataclass(frozen=True)
class Cell:
    """One box of the right grid: the printed mark, and certainty and probability beside it.

    ``mark`` keeps the rulebook's meaning (``RULE_GRIDS``): "X" ruled out, "O" he might have it.
    ``certain`` (shown as a ✓) says the O is the only card left; ``probability`` is exact.
    """

    probability: Fraction
    rule: str = RULE_GRIDS

    @property
    def mark(self) -> str:
        return "X" if self.probability == 0 else "O"

    @property
    def certain(self) -> bool:
        return self.probability == 1

    def percent(self) -> str:
        """``"35%"``, ``"<1%"`` or ``">99%"`` for open cells (never 0% or 100% short of certain)."""
        value = float(self.probability) * 100
        if self.probability in (0, 1):
            return f"{value:.0f}%"
        return "<1%" if value < 1 else ">99%" if value > 99 else f"{value:.0f}%"

    def __str__(self) -> str:
        return "X" if self.mark == "X" else "O ✓" if self.certain else f"O {self.percent()}"


@dataclass(frozen=True)
class Explanation:
    """The "why" of one cell of the right grid."""

    player: int
    category: str
    card: int
    mark: str                      # "X" ruled out, "O" he might have it (certain or still open)
    probability: Fraction
    answers: tuple[AnswerRef, ...]  # the answers the deduction rests on (smallest set)
    text: str

    def __str__(self) -> str:
        return self.text


def _parse_cards(cards, what: str, limit: int) -> tuple[int, int, int]:
    if isinstance(cards, Mapping):
        missing = [c for c in CATEGORIES if c not in cards]
        extra = [c for c in cards if c not in CATEGORIES]
        if missing or extra:
            raise InvalidInput(f"{what} needs exactly the keys island, marker, trap (missing {missing}, unknown {extra}).")
        values = tuple(cards[c] for c in CATEGORIES)
    else:
        try:
            values = tuple(cards)
        except TypeError:
            raise InvalidInput(f"{what} must be a dict with island, marker and trap.") from None
        if len(values) != 3:
            raise InvalidInput(f"{what} must name three cards (island, marker, trap), got {len(values)}.")
    for category, value in zip(CATEGORIES, values):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limit:
            raise InvalidInput(f"{what}: the {category} card must be a whole number from 1 to {limit}, got {shown(value)}.")
    return values  # type: ignore[return-value]


def _parse_answer(value, player: int) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _WORDS:
        return _WORDS[value.strip().lower()]
    raise InvalidInput(f"{pirate_name(player)}'s answer must be 'aye' or 'nay', got {shown(value)}.")


#: the most "does any deal fit?" checks a refusal spends naming the fewest answers behind it (each takes about
#: a millisecond at 6 x 12: a refusal stays well under a second; a 99-day 6 x 12 game could take 4,000 checks)
CONFLICT_CHECKS = 400
#: the same for :meth:`Deduction.why` (a click on the grid; a 6 x 12 cell took up to 7 s CPU, now about 1 s)
WHY_CHECKS = 400


class _OutOfChecks(Exception):
    pass


def smallest_conflict(check, hard: list[Constraint], soft: list[tuple[object, Constraint]],
                      max_checks: int | None = None) -> list[object] | None:
    """A minimum-size subset of ``soft`` that is unsatisfiable together with ``hard``.

    ``max_checks``: after that many calls of ``check`` the search stops and returns None (bounded:
    a refusal comes at once even after a long game).

    ``check(constraints) -> bool`` says whether a list of constraints has a solution.  Implicit
    hitting sets (every unsatisfiable subset meets every correction set, and the smallest set
    meeting all correction sets found so far is a lower bound): alternate between the smallest
    hitting set and growing it into a maximal satisfiable set.  Exact, and quick for the few
    dozen answers of a game.  Requires ``hard + all soft`` to be unsatisfiable.
    """
    if max_checks is not None:
        unbounded, calls = check, [0]

        def check(constraints):
            calls[0] += 1
            if calls[0] > max_checks:
                raise _OutOfChecks
            return unbounded(constraints)
    try:
        return _smallest(check, hard, soft)
    except _OutOfChecks:
        return None


def _smallest(check, hard, soft) -> list[object]:
    ids = [i for i, _ in soft]
    facts = dict(soft)
    if not check(hard):
        return []
    correction_sets: list[frozenset] = []
    while True:
        chosen = _smallest_hitting_set(correction_sets)
        if not check(hard + [facts[i] for i in chosen]):
            return sorted(chosen, key=ids.index)
        satisfiable = set(chosen)
        for i in ids:
            if i not in satisfiable and check(hard + [facts[x] for x in ids if x in satisfiable or x == i]):
                satisfiable.add(i)
        correction = frozenset(ids) - satisfiable
        if not correction:
            raise ValueError("smallest_conflict needs constraints that cannot all hold")
        correction_sets.append(correction)


def _smallest_hitting_set(sets: list[frozenset]) -> set:
    """The smallest set meeting every set in ``sets`` (iterative deepening, branching on a missed set)."""
    def search(chosen: frozenset, budget: int):
        missed = next((s for s in sets if not (s & chosen)), None)
        if missed is None:
            return chosen
        if budget == 0:
            return None
        for element in sorted(missed, key=repr):
            found = search(chosen | {element}, budget - 1)
            if found is not None:
                return found
        return None

    for size in range(len(sets) + 1):
        found = search(frozenset(), size)
        if found is not None:
            return set(found)
    raise AssertionError("unreachable")


class Deduction:
    """Exact deduction from one pirate's point of view.

    ``Deduction(players, me, my_cards, cards_per_category=6)``; ``my_cards`` as a dict
    ``{"island": 2, "marker": 5, "trap": 1}`` or a tuple in that order.
    """

    def __init__(self, players: int, me: int, my_cards, cards_per_category: int = 6):
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise InvalidInput(f"players must be a whole number of at least 2, got {shown(players)}.")
        if isinstance(cards_per_category, bool) or not isinstance(cards_per_category, int) \
                or not players <= cards_per_category <= MAX_CARDS:
            raise InvalidInput(f"cards_per_category must be from {players} (one per pirate) to {MAX_CARDS}, "
                               f"got {shown(cards_per_category)}.")
        if isinstance(me, bool) or not isinstance(me, int) or not 0 <= me < players:
            raise InvalidInput(f"me must be a player number from 0 to {players - 1}, got {shown(me)}.")
        self.players = players
        self.me = me
        self.cards = cards_per_category
        self.my_cards = _parse_cards(my_cards, "my_cards", cards_per_category)
        self.records: tuple[Record, ...] = ()
        self._posterior: Posterior | None = None

    # ------------------------------------------------------------------ recording days
    def parse_record(self, asker: int, clues, answers: Mapping, partial: bool = False) -> Record:
        """Check one day's public facts and return them as a :class:`Record` (raises InvalidInput).

        ``partial=True`` accepts a subset of the answers (the classroom reveals them one by one).
        """
        asker = self._seat(asker, "asker")
        clue = _parse_cards(clues, "clues", self.cards)
        if not isinstance(answers, Mapping):
            raise InvalidInput("answers must be a dict {player: 'aye' or 'nay'}.")
        expected = set(range(self.players)) - {asker}
        if not (set(answers) <= expected if partial else set(answers) == expected):
            raise InvalidInput(f"answers must hold every player but the asker ({sorted(expected)}), got {sorted(answers, key=repr)}. "
                               f"Rules: the player whose turn it is does not state Aye or Nay.")
        parsed = tuple((p, _parse_answer(answers[p], p)) for p in sorted(expected) if p in answers)
        return Record(asker, clue, parsed)

    def record(self, asker: int, clues, answers: Mapping, partial: bool = False) -> None:
        """Add one day.  Raises :class:`InconsistentAnswers` (and changes nothing) if no deal fits."""
        self.add(self.parse_record(asker, clues, answers, partial), partial)

    def add(self, record: Record, partial: bool = False) -> None:
        """Add a :class:`Record` (same checks as :meth:`record`: cards 1..n, every pirate but the
        asker answers exactly once — some of them with ``partial=True`` — and the asker does not)."""
        if not isinstance(record, Record):
            raise InvalidInput(f"add takes a Record (asker, clue, answers), got {type(record).__name__}.")
        answers = record.answers
        if not isinstance(answers, tuple) or not all(isinstance(a, tuple) and len(a) == 2 for a in answers):
            raise InvalidInput("a Record's answers are (player, aye) pairs.")
        players = [p for p, _ in answers]
        if len(set(map(repr, players))) != len(players):
            raise InvalidInput(f"each pirate answers once a day; got answers from {players}.")
        if not all(isinstance(aye, bool) for _, aye in answers):
            raise InvalidInput("each answer is True (Aye) or False (Nay).")
        record = self.parse_record(record.asker, record.clue, dict(answers), partial)
        posterior = self._solve(self.records + (record,))
        if posterior.total == 0:
            raise self._inconsistency(record)
        self.records = self.records + (record,)
        self._posterior = posterior

    def add_all(self, records, partial_last: bool = False) -> None:
        """Add several days at once (the last one may be partial): the same checks as :meth:`add`,
        one count at the end instead of one a day.  If no deal fits, the days are added one by one,
        so the error names the first day that cannot be right (and nothing is added)."""
        records = tuple(records)
        if not records:
            return
        parsed = []
        for day, record in enumerate(records):
            if not isinstance(record, Record):
                raise InvalidInput(f"add_all takes Records (asker, clue, answers), got {type(record).__name__}.")
            partial = partial_last and day == len(records) - 1
            parsed.append(self.parse_record(record.asker, record.clue, dict(record.answers), partial))
        posterior = self._solve(self.records + tuple(parsed))
        if posterior.total == 0:
            trial = self.copy()
            for day, record in enumerate(parsed):
                trial.add(record, partial_last and day == len(parsed) - 1)      # raises on the bad day
        self.records = self.records + tuple(parsed)
        self._posterior = posterior

    def _inconsistency(self, record: Record) -> InconsistentAnswers:
        day = len(self.records) + 1
        hard = list(record.constraints())
        soft = [(ref, Constraint(ref.player, ref.clue, ref.aye)) for ref in self.earlier_answers()]
        chosen = smallest_conflict(self._check, hard, soft, max_checks=CONFLICT_CHECKS)
        if chosen is None:                  # too many answers to name the fewest of them at once (bounded)
            return InconsistentAnswers(
                f"Day {day}'s answers contradict the earlier answers (too many to name the fewest of them at once). "
                f"Someone at the table answered wrongly.", ())
        mine = dict(record.answers).get(self.me)
        if not chosen:
            if mine is not None and mine != answer_is_aye(self.my_cards, record.clue):
                reason = f"your own answer on day {day} is not what your cards say"
            else:
                reason = f"no deal gives day {day}'s answers, whatever was said before"
            return InconsistentAnswers(f"Day {day} cannot be right: {reason}. Someone answered wrongly.", ())
        listed = "; ".join(str(ref) for ref in chosen)
        return InconsistentAnswers(
            f"Day {day}'s answers contradict {len(chosen)} earlier answer{'s' if len(chosen) > 1 else ''}: {listed}. "
            f"Someone at the table answered wrongly.", tuple(chosen))

    def earlier_answers(self) -> list[AnswerRef]:
        """Every recorded answer of the other pirates (my own answers are never in doubt)."""
        return [AnswerRef(day, p, r.clue, aye) for day, r in enumerate(self.records, 1)
                for p, aye in r.answers if p != self.me]

    def _solve(self, records, holds=(), lacks=()) -> Posterior:
        constraints = tuple(c for r in records for c in r.constraints())
        return solve(self.players, self.me, self.my_cards, self.cards, constraints, tuple(holds), tuple(lacks))

    def _check(self, constraints: list[Constraint], holds=(), lacks=()) -> bool:
        """Does any deal fit?  (A search for one deal, not a count: "why" asks hundreds of times.)"""
        return feasible(self.players, self.me, self.my_cards, self.cards, tuple(constraints),
                        tuple(holds), tuple(lacks))

    @property
    def posterior(self) -> Posterior:
        if self._posterior is None:
            self._posterior = self._solve(self.records)
        return self._posterior

    # ------------------------------------------------------------------ answers
    def count(self) -> int:
        """Deals of the other pirates' cards consistent with every recorded answer."""
        return self.posterior.total

    def rivals(self) -> tuple[int, ...]:
        return self.posterior.others

    def marginals(self) -> dict[int, dict[str, dict[int, Fraction]]]:
        """``{player: {"island": {card: Fraction}, "marker": ..., "trap": ...}}`` for every rival."""
        post = self.posterior
        counts = post.marginal_counts()
        return {p: {name: {x + 1: Fraction(int(counts[j, c, x]), post.total) for x in range(self.cards)}
                    for c, name in enumerate(CATEGORIES)} for j, p in enumerate(post.others)}

    def location_distribution(self, player: int) -> Dist:
        """The exact Dist of ``player``'s treasure location (island, marker, trap)."""
        post = self.posterior
        j = self._column(player)
        cache = post.__dict__.setdefault("_location_dists", {})    # one per posterior (Dists are immutable)
        if j not in cache:
            counts = post.location_counts(j)
            cache[j] = Dist.from_weights({(int(i) + 1, int(m) + 1, int(t) + 1): int(counts[i, m, t])
                                          for i, m, t in zip(*counts.nonzero())})
        return cache[j]

    def most_likely(self) -> dict[int, tuple[tuple[int, int, int], Fraction]]:
        """Per rival: the most likely (island, marker, trap) and its exact probability (ties: lowest)."""
        result = {}
        for p in self.rivals():
            dist = self.location_distribution(p)
            best = max(dist.outcomes(), key=lambda loc: (dist[loc], tuple(-x for x in loc)))
            result[p] = (tuple(int(x) for x in best), dist[best])
        return result

    def cells(self) -> dict[int, dict[str, dict[int, "Cell"]]]:
        """The right side of the Solution Grid, one :class:`Cell` per rival, category and card:
        the printed mark (X ruled out, O he might have it), a ✓ when certain, the exact probability."""
        return {p: {c: {x: Cell(q) for x, q in cards.items()} for c, cards in per_category.items()}
                for p, per_category in self.marginals().items()}

    def grid(self) -> dict[int, dict[str, dict[int, str]]]:
        """The printed marks only: "X" where the card is ruled out, "O" where he might have it.

        Rules: Plunder (2013) › Using the Solution Grids — "place an X in those boxes. If you think
        he might have hidden it on Parrot island, place an O there."  Certainty is :meth:`forced`
        (a ✓ in :meth:`cells`), never a different meaning of O.
        """
        return {p: {c: {x: cell.mark for x, cell in row.items()} for c, row in per.items()}
                for p, per in self.cells().items()}

    def forced(self) -> dict[int, dict[str, int]]:
        """The ✓ cells: ``{player: {category: card}}`` for every card a rival must hold."""
        return {p: {c: x for c, row in per.items() for x, cell in row.items() if cell.certain}
                for p, per in self.cells().items()}

    def impossible(self) -> dict[int, dict[str, tuple[int, ...]]]:
        """The X cells: ``{player: {category: cards}}`` a rival cannot hold."""
        return {p: {c: tuple(x for x, cell in row.items() if cell.mark == "X") for c, row in per.items()}
                for p, per in self.cells().items()}

    def _seat(self, player, what: str = "player") -> int:
        """``player`` if it is a seat at this table (a whole number from 0), else InvalidInput naming the range."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise InvalidInput(f"{what} must be a player number from 0 to {self.players - 1}, got {shown(player)}.")
        return player

    def _column(self, player: int) -> int:
        if player not in self.rivals():
            raise InvalidInput(f"player must be a rival of {pirate_name(self.me)} (seat {self.me}): one of "
                               f"{list(self.rivals())}, got {shown(player)}.")
        return self.rivals().index(player)

    # ------------------------------------------------------------------ why
    def why(self, player: int, category: str, card: int) -> Explanation:
        """Explain one cell of the right grid in words, citing the fewest answers that force it."""
        player = self._seat(player)
        if isinstance(category, str) and category.strip().lower() in CATEGORIES:
            category = category.strip().lower()
        if category not in CATEGORIES:
            raise InvalidInput(f"category must be one of {', '.join(CATEGORIES)}, got {shown(category)}.")
        if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= self.cards:
            raise InvalidInput(f"card must be a whole number from 1 to {self.cards}, got {shown(card)}.")
        c = CATEGORIES.index(category)
        name, who = card_name(category, card), pirate_name(player)
        if player == self.me:
            mark = "O" if self.my_cards[c] == card else "X"
            return Explanation(player, category, card, mark, Fraction(int(mark == "O")), (),
                               f"These are your own cards: you {'hold' if mark == 'O' else 'do not hold'} {name}.")
        self._column(player)
        probability = self.marginals()[player][category][card]
        if self.my_cards[c] == card:
            return Explanation(player, category, card, "X", probability, (),
                               f"You hold {name} yourself, and no map card is dealt twice (Setup), so {who} cannot.")
        refs = self.earlier_answers()
        soft = [(ref, Constraint(ref.player, ref.clue, ref.aye)) for ref in refs]
        if probability == 0 or probability == 1:
            holds = ((player, c, card),) if probability == 0 else ()
            lacks = ((player, c, card),) if probability == 1 else ()
            found = smallest_conflict(lambda cs: self._check(cs, holds, lacks), [], soft, max_checks=WHY_CHECKS)
            chosen = () if found is None else tuple(found)
            mark = "X" if probability == 0 else "O"
            if found is None:               # bounded: too many answers to find the fewest behind it at once
                text = (f"{who} {'cannot hold' if mark == 'X' else 'must hold'} {name}: no deal that fits every "
                        f"answer {'gives him' if mark == 'X' else 'leaves him without'} {name} (too many answers "
                        f"to name the fewest behind it at once).")
            elif not chosen:
                text = (f"{who} {'cannot hold' if mark == 'X' else 'must hold'} {name}: with {self.players} pirates "
                        f"and {self.cards} cards of each kind no deal allows anything else (Setup).")
            elif mark == "X" and len(chosen) == 1 and not chosen[0].aye and chosen[0].player == player:
                text = (f"On {chosen[0]}: a Nay means none of the three clue cards, so {who} does not hold {name}.")
            else:
                listed = "; ".join(str(ref) for ref in chosen)
                supposition = f"held {name}" if mark == "X" else f"did not hold {name}"
                these = ("this answer could not be true" if len(chosen) == 1
                         else f"these {len(chosen)} answers could not all be true")
                text = (f"If {who} {supposition}, {these}: {listed}. "
                        f"So {who} {'cannot hold' if mark == 'X' else 'must hold'} {name}.")
            return Explanation(player, category, card, mark, probability, chosen, text)
        with_card = probability * self.count()
        return Explanation(player, category, card, "O", probability, (),
                           f"Still open: {with_card} of the {self.count()} deals that fit every answer give {who} "
                           f"{name} (probability {probability}). No answer rules it in or out yet.")

    # ------------------------------------------------------------------ advisors
    def answer_distribution(self, clue, asker: int) -> Dist:
        """Exact Dist of the answers ("aye"/"nay" per answering rival) that ``clue`` would get."""
        clue = _parse_cards(clue, "clue", self.cards)
        asker = self._seat(asker, "asker")
        counts = self.posterior.answer_counts(clue, asker)
        answering = self.posterior.answering(asker)
        return Dist.from_weights({tuple((p, "aye" if bit else "nay") for p, bit in zip(answering, key)): n
                                  for key, n in counts.items()})

    def copy(self) -> "Deduction":
        other = Deduction(self.players, self.me, self.my_cards, self.cards)
        other.records = self.records
        other._posterior = self._posterior
        return other

    def __repr__(self) -> str:
        return (f"Deduction(players={self.players}, me={self.me}, my_cards={self.my_cards}, "
                f"days={len(self.records)}, deals={self.count()})")


