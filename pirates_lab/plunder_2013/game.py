"""The rules engine of Plunder (2013) on the core game protocol.

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › Game End and Scoring

Phases (who acts, what is legal):

=========  ==============  ==========================================================
phase      who acts        actions
=========  ==============  ==========================================================
deal       chance          :class:`DealCard` — one map card face down, island, marker,
                           trap to each pirate in turn, no card twice
flip       chance          :class:`Clues` — the top card of each clue deck
choose     the day's asker :class:`Keep` or :class:`FlipExtra` (one more card of one deck)
extra      chance          :class:`ExtraCard` — it replaces that category's clue
answer     each other      :class:`Answer` — "Aye!" or "Nay!", clockwise from the asker's
           pirate in turn  left; only the truthful answer is legal
dig        each pirate     :class:`Dig` (a crew card to a location) or :class:`Pass`,
           in turn         starting left of the asker and ending with the asker
over       nobody          —
=========  ==============  ==========================================================

The answers are explicit decision points (the core's convention for out-of-turn decisions),
but the rules leave no choice: a pirate "must" say Aye if a map card matches, so a false answer is
an :class:`IllegalMove`.  (At a real table someone may still answer wrongly: the solver's
:class:`~.deduction.InconsistentAnswers` is for that.)  The day's answers become one
:class:`~.deduction.Record`.  A day is one pirate's turn.  ASSUMPTIONS (see docs/plunder_2013.md): digging happens in a window after each
day's answers; an empty clue deck is refilled by shuffling its face-up discards.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache

from pirates_lab.core import CHANCE, TERMINAL, Deck, Dist, IllegalMove, InvalidInput, action, cite, saveable
from pirates_lab.core import Game as CoreGame
from pirates_lab.core.errors import shown
from pirates_lab.core import State as CoreState

from .components import CATEGORIES, GAME, RULE_SETUP, card_name, components, location_name, pirate_name, steal_points
from .deduction import RULE_GRIDS, RULE_TURN, Deduction, Record
from .engine import MAX_CARDS, answer_is_aye
from . import views

__all__ = ["Game", "State", "DealCard", "Clues", "Keep", "FlipExtra", "ExtraCard", "Answer", "Dig", "Pass", "ChestCard",
           "RULE_SETUP", "RULE_TURN", "RULE_GRIDS", "RULE_DIG", "RULE_END", "score_chest"]

RULE_DIG = cite(GAME, "Digging Up Treasure")
RULE_END = cite(GAME, "Game End and Scoring")


# --------------------------------------------------------------------------- actions
@action("deal card {card}")
class DealCard:
    """Chance: the next map card dealt face down (to the pirate and category whose turn it is)."""

    card: int


@action()
class Clues:
    """Chance: the top card of each of the three clue decks."""

    island: int
    marker: int
    trap: int

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.island, self.marker, self.trap)

    def __str__(self) -> str:
        return f"clues {location_name(self.as_tuple())}"


@action("keep the clues")
class Keep:
    """Stay with the three clue cards flipped."""


@action("flip one more {category} card")
class FlipExtra:
    """Flip one more card off the top of one deck to change that category's clue."""

    category: str


@action()
class ExtraCard:
    """Chance: the extra card flipped."""

    category: str
    card: int

    def __str__(self) -> str:
        return f"extra {self.category} clue {card_name(self.category, self.card)}"


@action()
class Answer:
    """What a pirate says when the clues are announced."""

    aye: bool

    def __str__(self) -> str:
        return "Aye!" if self.aye else "Nay!"


@action()
class Dig:
    """Send a crew card to a location (island, marker, trap); it matches at most one pirate.

    Rules: Plunder (2013) › Digging Up Treasure — "Circle the Island, Marker and Trap": three
    cards, each a whole number (``Dig(True, 1, 1)`` or ``Dig(2.0, 2, 2)`` is refused at once).
    """

    island: int
    marker: int
    trap: int

    def __post_init__(self) -> None:
        for category, value in zip(CATEGORIES, (self.island, self.marker, self.trap)):
            if type(value) is not int:
                raise InvalidInput(f"A dig circles one {category} card by its number (a whole number), "
                                   f"not {shown(value)}.")

    @property
    def location(self) -> tuple[int, int, int]:
        return (self.island, self.marker, self.trap)

    def __str__(self) -> str:
        return f"dig at {location_name(self.location)}"


@action("pass")
class Pass:
    """Send no crew card now."""


@saveable
@dataclass(frozen=True)
class ChestCard:
    """A crew card in the Treasure Chest, in the order it was tossed in."""

    player: int
    location: tuple[int, int, int]
    day: int


@lru_cache(maxsize=512)
def _digs(cards: int, own: tuple[int, int, int]) -> tuple["Dig", ...]:
    """Every location a pirate may send a crew card to: all but his own treasure's.

    Rules: Plunder (2013) › Digging Up Treasure — "when you think you have figured out the
    location of another pirate's treasure, take one of your Crew cards".
    """
    return tuple(Dig(i, m, t) for i in range(1, cards + 1) for m in range(1, cards + 1)
                 for t in range(1, cards + 1) if (i, m, t) != own)


@lru_cache(maxsize=256)
def _deal_dist(free: tuple[int, ...]) -> Dist:
    return Dist.uniform(DealCard(x) for x in free)


@lru_cache(maxsize=4096)
def _flip_dist(available: tuple) -> Dist:
    """Rules: Plunder (2013) › How to Play — the top card of each deck (Dists are immutable: cached)."""
    draws = [Deck(dict(counts)).draw_dist() for counts in available]
    return Dist.independent(*draws).map(lambda t: Clues(*t))


# --------------------------------------------------------------------------- scoring
def score_chest(hands, chest) -> tuple[list[int], list[int], list[list[tuple[int, int]]]]:
    """Score the chest in order.  Returns (scores, first_find_index, finds).

    Rules: Plunder (2013) › Game End and Scoring — a treasure is worth 6 to its owner if nobody
    finds it; the 1st, 2nd, 3rd finders steal 3, 2, 1 and the owner crosses out 6, then 3, then 1;
    only a finder's first correct guess per treasure counts (so the same location sent twice
    counts once).  ``finds[owner]`` lists (finder, points) in chest order; ``first_find_index``
    is the chest position of each player's first scoring find (a large number if none), for ties.
    """
    scoring = components()["scoring"]
    players = len(hands)
    owner_of = {tuple(h): p for p, h in enumerate(hands)}
    finds: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    first = [10 ** 9] * players
    for index, entry in enumerate(chest):
        owner = owner_of.get(tuple(entry.location))
        if owner is None or owner == entry.player or any(f == entry.player for f, _ in finds[owner]):
            continue
        points = steal_points(len(finds[owner]))
        finds[owner].append((entry.player, points))
        if points:
            first[entry.player] = min(first[entry.player], index)
    scores = [0] * players
    for owner in range(players):
        found = len(finds[owner])
        scores[owner] += scoring["treasure_start"] if found == 0 else scoring["owner_keeps"][min(found, 3) - 1]
        for finder, points in finds[owner]:
            scores[finder] += points
    return scores, first, finds


# --------------------------------------------------------------------------- game
class Game(CoreGame):
    """Plunder (2013) for 2-6 pirate captains.

    Options: ``cards_per_category`` (6), ``clue_copies`` (3 copies of every card in each clue
    deck: not published, an ASSUMPTION), ``max_days`` (15, printed), ``first_player`` (the seat the
    table selects to go first "by any means you choose": a choice made before the game, so an option;
    default seat 0).  ``max_turns`` caps the days.
    """

    name = GAME
    title = "Plunder (2013)"
    rulebook = "plunder_2013.txt"
    notebook = "plunder_2013.ipynb"
    description = "Deduce where the treasure is hidden from Aye/Nay answers, with an exact solver."
    order = 30
    min_players = components()["game"]["min_players"]
    max_players = components()["game"]["max_players"]
    end_rule = RULE_END
    turn_rule = RULE_TURN
    default_options = {
        "cards_per_category": components()["game"]["cards_per_category"],
        "clue_copies": components()["game"]["clue_copies"],
        "max_days": components()["game"]["max_days"],
        "first_player": components()["game"]["first_player"],
    }

    def __init__(self, players: int = 4, max_turns: int | None = None, **options):
        super().__init__(players, max_turns, **options)
        cards, copies, days = (self.options[k] for k in ("cards_per_category", "clue_copies", "max_days"))
        for label, value, low, high in (("cards_per_category", cards, players, MAX_CARDS),
                                        ("clue_copies", copies, 1, 20), ("max_days", days, 1, 100)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InvalidInput(f"{label} must be a whole number from {low} to {high}, got {shown(value)}.")
        first = self.options["first_player"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise InvalidInput(f"first_player is the seat who goes first, 0 to {players - 1} (players 1 to {players}), "
                               f"got {shown(first)}.")
        self.first = first          # Rules: Plunder (2013) › Setup — "Select one of you ... to go first"
        self.cards = cards
        self.copies = copies
        self.days = days if max_turns is None else min(days, max_turns)
        self.crew_cards = players   # Rules: Plunder (2013) › Setup — as many Crew cards as players

    def new_initial_state(self) -> "State":
        return State(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)


class State(CoreState):
    """A position.  ``hands[p]`` = [island, marker, trap] (0 while not yet dealt)."""

    def __init__(self, game: Game):
        super().__init__(game)
        n = game.cards
        self.phase = "deal"
        self.dealt = 0
        self.hands = [[0, 0, 0] for _ in range(game.players)]
        self.decks = {c: {x: game.copies for x in range(1, n + 1)} for c in CATEGORIES}
        self.discards = {c: {} for c in CATEGORIES}
        self.day = 0
        self.asker = game.first
        self.clue = None
        self.replaced = None
        self.pending = []
        self.given = []
        self.records = []
        self.crew = [game.crew_cards] * game.players
        self.chest = []
        self.window = []

    def clone(self) -> "State":
        """The core's clone, written out for these fields: the lists and dicts are copied, the
        values inside them (ints, strings, tuples, frozen dataclasses) are shared.

        Kept because it is measured faster: the core's generic copy visits every log line, which
        makes random playouts about 1.8x slower.  A test checks nothing mutable is shared.
        """
        new = copy.copy(self)
        new.log = list(self.log)
        new.hands = [list(hand) for hand in self.hands]
        new.decks = {c: dict(counts) for c, counts in self.decks.items()}
        new.discards = {c: dict(counts) for c, counts in self.discards.items()}
        for name in ("pending", "given", "records", "crew", "chest", "window"):
            setattr(new, name, list(getattr(self, name)))
        return new

    # ------------------------------------------------------------------ protocol hooks
    def current_player(self) -> int:
        if self.phase in ("deal", "flip", "extra"):
            return CHANCE
        if self.phase == "choose":
            return self.asker
        if self.phase == "answer":
            return self.pending[0]
        if self.phase == "dig":
            return self.window[0]
        return TERMINAL

    def _legal_actions(self):
        if self.phase == "choose":
            return (Keep(),) + tuple(FlipExtra(c) for c in CATEGORIES if self._available(c))
        if self.phase == "answer":
            return (Answer(self._truth(self.pending[0])),)
        if self.phase == "dig":
            return (Pass(),) + _digs(self.game.cards, tuple(self.hands[self.window[0]]))
        return ()

    def _is_legal(self, action) -> bool:
        """A Dig is checked by its fields (each card a whole number 1..n), not looked up among
        the n**3 listed digs: ``Dig(True, 1, 1)`` would compare equal to ``Dig(1, 1, 1)``."""
        if isinstance(action, Dig):
            n = self.game.cards
            return (self.phase == "dig" and all(type(x) is int and 1 <= x <= n for x in action.location)
                    and action.location != tuple(self.hands[self.window[0]]))
        return super()._is_legal(action)

    def _chance_outcomes(self) -> Dist:
        if self.phase == "deal":
            player, c = divmod(self.dealt, 3)
            taken = {h[c] for h in self.hands}
            return _deal_dist(tuple(x for x in range(1, self.game.cards + 1) if x not in taken))
        if self.phase == "flip":
            return _flip_dist(tuple(tuple(sorted(self._available(c).items())) for c in CATEGORIES))
        category = self.replaced
        return Deck(self._available(category)).draw_dist().map(lambda x: ExtraCard(category, x))

    def _why_illegal(self, action):
        if isinstance(action, DealCard) and self.phase == "deal":
            player, c = divmod(self.dealt, 3)
            return IllegalMove(RULE_SETUP, f"There are no duplicate cards: {CATEGORIES[c]} {action.card} is not left "
                                           f"to deal to {pirate_name(player)}.")
        if isinstance(action, Dig):
            if self.phase != "dig":
                return IllegalMove(RULE_DIG, "Crew cards go into the Treasure Chest after a day's answers, "
                                             "not in the middle of a turn (our digging window).")
            n = self.game.cards
            if not all(type(x) is int and 1 <= x <= n for x in action.location):
                return IllegalMove(RULE_DIG, f"A location is one island, one marker and one trap, each 1 to {n}.")
            player = self.window[0]
            if action.location == tuple(self.hands[player]):
                return IllegalMove(RULE_DIG, f"{location_name(action.location)} is where {pirate_name(player)}'s own "
                                             f"treasure is hidden: a crew card digs for another pirate's treasure.")
        if isinstance(action, (Keep, FlipExtra)):
            if self.phase != "choose":
                return IllegalMove(RULE_TURN, "Only the player whose turn it is chooses the clues, right after flipping them.")
            if isinstance(action, FlipExtra) and action.category in CATEGORIES and not self._available(action.category):
                return IllegalMove(RULE_TURN, f"The {action.category} clue deck has no card left to flip.")
        if isinstance(action, Answer):
            if self.phase != "answer":
                return IllegalMove(RULE_TURN, "Nobody is asked for an answer now: answers come right after the clues "
                                              "are announced, and the player whose turn it is does not answer.")
            player = self.pending[0]
            truth = self._truth(player)
            if action.aye != truth:
                why = ("one or more of their map cards matches the clues" if truth
                       else "none of their map cards matches the clues")
                return IllegalMove(RULE_TURN, f"{pirate_name(player)} must say {Answer(truth)}: {why}.")
        if isinstance(action, Pass) and self.phase != "dig":
            return IllegalMove(RULE_DIG, "There is nothing to pass on now.")
        return None

    def _apply_action(self, action) -> None:
        if self.phase == "deal":
            player, c = divmod(self.dealt, 3)
            self.hands[player][c] = action.card
            self.dealt += 1
            if self.dealt == 3 * self.game.players:
                self.say("Each pirate is dealt an island, a marker and a trap, face down.")
                self._start_day()
        elif self.phase == "flip":
            self.clue = action.as_tuple()
            for c, card in zip(CATEGORIES, self.clue):
                self._take(c, card)
            self.say(f"Day {self.day}: {pirate_name(self.asker)} flips {location_name(self.clue)}.")
            self.phase = "choose"
        elif self.phase == "choose":
            if isinstance(action, Keep):
                self.say(f"{pirate_name(self.asker)} stays with these clues.")
                self._ask()
            else:
                self.replaced = action.category
                self.phase = "extra"
        elif self.phase == "extra":
            c = CATEGORIES.index(action.category)
            old = self.clue[c]
            self._take(action.category, action.card)
            self._discard(action.category, old)
            self.clue = self.clue[:c] + (action.card,) + self.clue[c + 1:]
            self.say(f"{pirate_name(self.asker)} flips one more: {card_name(action.category, action.card)} replaces "
                     f"{card_name(action.category, old)}.")
            self._ask()
        elif self.phase == "answer":
            player = self.pending.pop(0)
            self.given.append((player, action.aye))
            self.say(f"{pirate_name(player)}: {action}")
            if not self.pending:
                self._answered()
        elif self.phase == "dig":
            player = self.window[0]
            if isinstance(action, Pass):
                self.window.pop(0)
            else:
                self.crew[player] -= 1
                self.chest.append(ChestCard(player, action.location, self.day))
                self.say(f"{pirate_name(player)} tosses a crew card into the Treasure Chest.")
                if self.crew[player] == 0:
                    self.window.pop(0)
            if all(n == 0 for n in self.crew):
                self._finish("Every crew card has been used.")
            elif not self.window:
                self._end_day()

    # ------------------------------------------------------------------ turn steps
    def _available(self, category: str) -> dict[int, int]:
        """The cards the next flip of a deck comes from (its discards, reshuffled, once it is empty)."""
        deck = self.decks[category]
        return dict(deck) if deck else dict(self.discards[category])

    def _take(self, category: str, card: int) -> None:
        if not self.decks[category]:
            self.decks[category], self.discards[category] = self.discards[category], {}
            self.say(f"The {category} clue deck is empty: its discards are shuffled into a new deck.")
        deck = self.decks[category]
        deck[card] -= 1
        if not deck[card]:
            del deck[card]

    def _discard(self, category: str, card: int) -> None:
        pile = self.discards[category]
        pile[card] = pile.get(card, 0) + 1

    def _start_day(self) -> None:
        self.day += 1
        self.phase = "flip"
        self.clue = None
        self.replaced = None

    def _truth(self, player: int) -> bool:
        return answer_is_aye(tuple(self.hands[player]), self.clue)

    def _ask(self) -> None:
        """Rules: Plunder (2013) › How to Play — each other player in turn order, clockwise, answers."""
        players = self.game.players
        self.say(f"{pirate_name(self.asker)} announces {location_name(self.clue)}.")
        self.phase = "answer"
        self.pending = [(self.asker + i) % players for i in range(1, players)]
        self.given = []

    def _answered(self) -> None:
        players = self.game.players
        self.records.append(Record(self.asker, self.clue, tuple(sorted(self.given))))
        self.given = []
        self.phase = "dig"
        self.window = [(self.asker + i) % players for i in range(1, players + 1)
                       if self.crew[(self.asker + i) % players] > 0]
        if not self.window:
            self._end_day()

    def _end_day(self) -> None:
        for c, card in zip(CATEGORIES, self.clue):
            self._discard(c, card)
        self.clue = None
        if self.day >= self.game.days:
            self._finish(f"{self.game.days} days have elapsed.")
            return
        self.asker = (self.asker + 1) % self.game.players
        self._start_day()

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.window = []
        scores, _, _ = score_chest(self.hands, self.chest)
        self.say(f"Game over: {reason} Scores: " + ", ".join(f"{pirate_name(p)} {s}" for p, s in enumerate(scores)))

    # ------------------------------------------------------------------ results
    def scores(self) -> tuple:
        """Treasure points as the chest stands (final once the game is over)."""
        return tuple(score_chest(self.hands, self.chest)[0])

    def winners(self) -> tuple[int, ...]:
        """Most points; a tie goes to whichever tied pirate found treasure first (else shared).

        Rules: Plunder (2013) › Game End and Scoring
        """
        scores, first, _ = score_chest(self.hands, self.chest)
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        earliest = min(first[p] for p in tied)
        if len(tied) > 1 and earliest < 10 ** 9:
            return tuple(p for p in tied if first[p] == earliest)
        return tuple(tied)

    def observation(self, player: int) -> dict:
        """What ``player`` may see: see :func:`.views.observation`."""
        return views.observation(self, self._check_player(player))

    def redeal_hidden(self, player: int, rng) -> "State":
        """The other pirates' map cards re-dealt, every public answer kept true: :func:`.views.redeal_hidden`."""
        return views.redeal_hidden(self, self._check_player(player), rng)

    def deduction(self, player: int) -> Deduction:
        """``player``'s exact deduction from what they have seen (own cards and every answer)."""
        player = self._check_player(player)
        view = Deduction(self.game.players, player, tuple(self.hands[player]), self.game.cards)
        view.add_all(self.records)
        return view

    def days_left(self) -> int:
        """Days still to come after the current one."""
        return max(0, self.game.days - self.day)

    def public_decks(self) -> dict[str, dict[int, int]]:
        """What the next flip of each deck comes from (public: every flipped card was seen)."""
        return {c: self._available(c) for c in CATEGORIES}

    # ------------------------------------------------------------------ checks
    def validate(self) -> None:
        game = self.game
        n, players = game.cards, game.players
        if self.phase not in ("deal", "flip", "choose", "extra", "answer", "dig", "over"):
            raise ValueError(f"unknown phase {self.phase!r}")
        if not 0 <= self.dealt <= 3 * players or (self.phase != "deal") != (self.dealt == 3 * players):
            raise ValueError("the deal count does not match the phase")
        if len(self.hands) != players or any(len(h) != 3 for h in self.hands):
            raise ValueError("every pirate has three map cards")
        for c in range(3):
            cards = [h[c] for h in self.hands if h[c]]
            if len(set(cards)) != len(cards) or any(not 1 <= x <= n for x in cards):
                raise ValueError("a map card is dealt twice or is not a card")
        for p, h in enumerate(self.hands):
            if sum(1 for x in h if x) != min(3, max(0, self.dealt - 3 * p)):
                raise ValueError("the hands do not match the deal count")
        if len(self.crew) != players or any(not 0 <= k <= game.crew_cards for k in self.crew):
            raise ValueError("crew counts out of range")
        if sum(game.crew_cards - k for k in self.crew) != len(self.chest):
            raise ValueError("the chest does not hold the crew cards used")
        if not 0 <= self.asker < players or not 0 <= self.day <= game.days:
            raise ValueError("asker or day out of range")
        if len(self.records) != self.day - (self.phase in ("flip", "choose", "extra", "answer")) and self.phase != "over":
            raise ValueError("one record per day answered")
        if self.phase == "answer":
            order = [(self.asker + i) % players for i in range(1, players)]
            if [p for p, _ in self.given] + self.pending != order or not self.pending \
                    or any(aye != answer_is_aye(tuple(self.hands[p]), self.clue) for p, aye in self.given):
                raise ValueError("the answers so far are not the truthful answers in turn order")
        elif self.pending or self.given:
            raise ValueError("answers pending outside the answer phase")
        in_play = {c: 0 for c in CATEGORIES}
        if self.clue is not None:
            for c in CATEGORIES:
                in_play[c] = 1
        for c in CATEGORIES:
            counts = list(self.decks[c].values()) + list(self.discards[c].values())
            if any(isinstance(k, bool) or not isinstance(k, int) or k <= 0 for k in counts):
                raise ValueError("deck counts must be positive whole numbers")
            if sum(counts) + in_play[c] != n * game.copies:
                raise ValueError(f"the {c} clue deck has lost or gained cards")
        if self.phase == "dig" and (not self.window or any(self.crew[p] == 0 for p in self.window)):
            raise ValueError("the digging window is broken")
        if self.phase == "extra" and self.replaced not in CATEGORIES:
            raise ValueError("no category to flip")

    def __str__(self) -> str:
        if self.phase == "over":
            return f"Plunder (2013): game over after {self.day} days, scores {self.scores()}"
        return f"Plunder (2013): day {self.day}, {self.phase}, {super().__str__()}"

