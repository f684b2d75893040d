"""The rules engine of Plunder (2013): a :class:`~pirates_lab.core.FlowState` read from its phase table.

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › Game End and Scoring

The turn is the table :data:`FLOW` (``FLOW.table()`` prints it; docs/plunder_2013.md shows it):

=========  ==================  ==========================================================
phase      who acts            what happens (task data)
=========  ==================  ==========================================================
deal       chance              :class:`DealCard` — one map card face down, island, marker,
                               trap to each pirate in turn, from the box (:class:`Dealing`)
flip       chance              :class:`Clues` — the top card of each clue deck
choose     the day's asker     :class:`Keep` or :class:`FlipExtra` (one more card of one deck)
extra      chance              :class:`ExtraCard` — it replaces that category's clue (:class:`Extra`)
answer     each other pirate   :class:`Answer` — "Aye!" or "Nay!", clockwise from the asker's
           in turn             left; only the truthful answer is legal (:class:`Asking`)
dig        each pirate with    :class:`Dig` (a crew card to a location) or :class:`Pass`,
           crew cards, in turn from the asker's left, the asker last (:class:`Window`)
end_day    automatic           clues discarded; the turn passes left, or the game ends
=========  ==================  ==========================================================

The agenda holds one task at a time (each step replaces it); the game is over when it is empty.
The rows' functions live in the modules named after the rulebook's headings
(:mod:`.how_to_play`, :mod:`.digging_up_treasure`, :mod:`.game_end_and_scoring`); the deal,
being short, is here.  ASSUMPTIONS (docs/plunder_2013.md): digging happens in a window after each
day's answers; an empty clue deck is refilled by shuffling its face-up discards.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pirates_lab.core import AUTO, CHANCE, Dist, FlowState, IllegalMove, InvalidInput, Phase, Task, TurnFlow, action
from pirates_lab.core import Game as CoreGame
from pirates_lab.core import saveable
from pirates_lab.core.errors import shown
from pirates_lab.core.hidden import Hidden

from . import views
from .components import CATEGORIES, components, pirate_name
from .deduction import Deduction
from .digging_up_treasure import ChestCard, Dig, Pass, Window, dig, dig_actions, dig_legal, why_dig, window_seat
from .engine import MAX_CARDS, answer_is_aye
from .game_end_and_scoring import score_chest
from .game_end_and_scoring import winners as chest_winners
from .headings import GAME, RULE_DIG, RULE_END, RULE_GRIDS, RULE_SETUP, RULE_TURN
from .how_to_play import (Answer, Asking, Clues, Extra, ExtraCard, FlipExtra, Keep, answer, answer_actions, answering_seat,
                          available, choose, choose_actions, end_day, extra_card, extra_odds, flip, flip_odds,
                          why_answer, why_chance, why_choose)

__all__ = ["Game", "State", "FLOW", "DealCard", "Clues", "Keep", "FlipExtra", "ExtraCard", "Answer", "Dig", "Pass",
           "ChestCard", "Dealing", "Extra", "Asking", "Window",
           "RULE_SETUP", "RULE_TURN", "RULE_GRIDS", "RULE_DIG", "RULE_END", "score_chest"]


# --------------------------------------------------------------------------- Setup: the deal
@action("deal card {card}")
class DealCard:
    """Chance: the next map card dealt face down (to the pirate and category whose turn it is)."""

    card: int


@saveable
@dataclass(frozen=True)
class Dealing:
    """The deal: ``dealt`` cards are out; the next goes to pirate ``dealt // 3``, category ``dealt % 3``."""

    dealt: int = 0


def deal_odds(state, task) -> Dist:
    """Row ``deal`` (chance): "Deal an Island, Marker and Trap Map card face down to each player ...
    There are no duplicate cards": every card still in the box equally likely."""
    c = task.data.dealt % 3
    taken = {hand[c] for hand in state.hands}
    return _deal_dist(tuple(x for x in range(1, state.game.cards + 1) if x not in taken))


@lru_cache(maxsize=256)
def _deal_dist(box: tuple[int, ...]) -> Dist:
    """The next map card from the box (Dists are immutable: cached by what the box holds)."""
    return Dist.uniform(DealCard(x) for x in box)


def deal(state, task, drawn: DealCard) -> None:
    player, c = divmod(task.data.dealt, 3)
    state.hands[player][c] = drawn.card
    if task.data.dealt + 1 < 3 * state.game.players:
        state.flow.replace(state, Task("deal", None, Dealing(task.data.dealt + 1)))
        return
    state.say("Each pirate is dealt an island, a marker and a trap, face down.")
    state.day = 1
    state.flow.replace(state, Task("flip"))


def why_deal(state, task, drawn) -> IllegalMove | None:
    if isinstance(drawn, DealCard):
        player, c = divmod(task.data.dealt, 3)
        return IllegalMove(RULE_SETUP, f"There are no duplicate cards: {CATEGORIES[c]} {shown(drawn.card)} is not left "
                                       f"to deal to {pirate_name(player)}.")
    return why_chance(state, task, drawn)


#: the turn, as a table: who acts, what is legal, what chance does, what a move does
FLOW = TurnFlow(
    Phase("deal", rule=RULE_SETUP, actor=CHANCE, odds=deal_odds, apply=deal, why=why_deal, data=Dealing),
    Phase("flip", rule=RULE_TURN, actor=CHANCE, odds=flip_odds, apply=flip, why=why_chance),
    Phase("choose", rule=RULE_TURN, actions=choose_actions, apply=choose, why=why_choose,
          doc="choosing the clues"),
    Phase("extra", rule=RULE_TURN, actor=CHANCE, odds=extra_odds, apply=extra_card, why=why_chance, data=Extra),
    Phase("answer", rule=RULE_TURN, actor=answering_seat, actions=answer_actions, apply=answer, why=why_answer,
          data=Asking, doc="answering"),
    Phase("dig", rule=RULE_DIG, actor=window_seat, actions=dig_actions, legal=dig_legal, apply=dig, why=why_dig,
          data=Window, doc="the digging window"),
    Phase("end_day", rule=RULE_TURN, actor=AUTO, auto=end_day),
    max_depth=1)


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


class State(FlowState):
    """A position.  ``hands[p]`` = [island, marker, trap] (0 while not yet dealt); ``agenda``: the
    step in progress (one task, or none once the game is over)."""

    flow = FLOW
    hidden_information = True

    def __init__(self, game: Game):
        super().__init__(game)
        n = game.cards
        self.hands = [[0, 0, 0] for _ in range(game.players)]
        self.decks = {c: {x: game.copies for x in range(1, n + 1)} for c in CATEGORIES}
        self.discards = {c: {} for c in CATEGORIES}
        self.day = 0
        self.asker = game.first
        self.clue = None
        self.records = []
        self.crew = [game.crew_cards] * game.players
        self.chest = []
        FLOW.push(self, Task("deal", None, Dealing(0)))
        FLOW.settle(self)

    # ------------------------------------------------------------------ the step in progress (read-only)
    # ``state.phase`` is the core's (a Stage: the table's row, or "game over"); the core's clone copies the
    # lists and dicts and shares the immutable values inside (ints, tuples, frozen dataclasses, the log).
    @property
    def dealt(self) -> int:
        """Map cards dealt so far."""
        return sum(1 for hand in self.hands for card in hand if card)

    @property
    def window(self) -> list[int]:
        """The pirates still to decide in today's digging window (empty outside it)."""
        task = self.task
        return list(task.data.seats) if task is not None and isinstance(task.data, Window) else []

    @property
    def box(self) -> dict[str, list[int]]:
        """The map cards not dealt ("Put the rest of the Map Cards back in the box, face down"), per
        category.  Derived from the hands; setting it (the core's leak check) changes nothing."""
        return {c: [x for x in range(1, self.game.cards + 1) if all(h[i] != x for h in self.hands)]
                for i, c in enumerate(CATEGORIES)}

    @box.setter
    def box(self, value) -> None:
        pass

    @property
    def map_cards(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """Per category, each pirate's map card as a 1-tuple (empty while not dealt): the places the
        core's leak check swaps cards between.  Setting it writes the hands."""
        return {c: tuple((h[i],) if h[i] else () for h in self.hands) for i, c in enumerate(CATEGORIES)}

    @map_cards.setter
    def map_cards(self, value) -> None:
        for i, c in enumerate(CATEGORIES):
            for p, cards in enumerate(value[c]):
                self.hands[p][i] = cards[0] if cards else 0

    def hidden_cards(self) -> list[Hidden]:
        """Where face-down cards lie: each pirate's map card of each category (seen by him) and the
        box (seen by nobody), one kind per category.  Once the game is over nothing is checked:
        the chest is face up, the finds public, and nothing is re-dealt.  (The other pirates' crew
        cards in the chest are face down too, but a location is a choice, not a card: re-dealt by
        :func:`.views.redeal_hidden`, tested in the game's own tests.)"""
        if not self.agenda:
            return []
        players = self.game.players
        return ([Hidden(("map_cards", c, p), seen_by={p}, kind=c) for c in CATEGORIES for p in range(players)]
                + [Hidden(("box", c), kind=c) for c in CATEGORIES])

    # ------------------------------------------------------------------ results
    def scores(self) -> tuple:
        """Treasure points as the chest stands (final once the game is over)."""
        return tuple(score_chest(self.hands, self.chest)[0])

    def winners(self) -> tuple[int, ...]:
        """Most points; a tie goes to whichever tied pirate found treasure first (else shared).

        Rules: Plunder (2013) › Game End and Scoring
        """
        return chest_winners(self.hands, self.chest)

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
        return {c: available(self, c) for c in CATEGORIES}

    # ------------------------------------------------------------------ checks
    def validate(self) -> None:
        """The core's agenda checks, then this game's: cards, crew, chest, decks and the step in progress."""
        super().validate()
        game = self.game
        n, players = game.cards, game.players
        task = self.task
        if len(self.hands) != players or any(not isinstance(h, list) or len(h) != 3 for h in self.hands):
            raise ValueError("every pirate has three map cards")
        for c in range(3):
            cards = [h[c] for h in self.hands if h[c]]
            if len(set(cards)) != len(cards) or any(isinstance(x, bool) or not 1 <= x <= n for x in cards):
                raise ValueError("a map card is dealt twice or is not a card")
        dealing = task is not None and isinstance(task.data, Dealing)
        expected = task.data.dealt if dealing else 3 * players
        if not 0 <= expected < 3 * players + (not dealing) or \
                [bool(x) for h in self.hands for x in h] != [k < expected for k in range(3 * players)]:
            raise ValueError("the hands do not match the deal count")
        if len(self.crew) != players or any(not 0 <= k <= game.crew_cards for k in self.crew):
            raise ValueError("crew counts out of range")
        if sum(game.crew_cards - k for k in self.crew) != len(self.chest):
            raise ValueError("the chest does not hold the crew cards used")
        if not 0 <= self.asker < players or not (dealing and self.day == 0 or 1 <= self.day <= game.days):
            raise ValueError("asker or day out of range")
        if dealing:
            counted = not self.records
        elif task is None:
            counted = len(self.records) <= self.day
        else:                                   # one record per day answered: today's once the window opens
            counted = len(self.records) == self.day - (0 if isinstance(task.data, Window) else 1)
        if not counted:
            raise ValueError("one record per day answered")
        flipping = task is not None and FLOW.phases[task.phase].odds is flip_odds
        if task is not None and not dealing and (self.clue is None) != flipping:
            raise ValueError("the clues are face up exactly from the flip to the end of the day")
        if task is not None and isinstance(task.data, Asking):
            order = [(self.asker + i) % players for i in range(1, players)]
            if [p for p, _ in task.data.given] + list(task.data.asked) != order or not task.data.asked \
                    or any(aye != answer_is_aye(tuple(self.hands[p]), self.clue) for p, aye in task.data.given):
                raise ValueError("the answers so far are not the truthful answers in turn order")
        in_play = 0 if self.clue is None else 1
        for c in CATEGORIES:
            counts = list(self.decks[c].values()) + list(self.discards[c].values())
            if any(isinstance(k, bool) or not isinstance(k, int) or k <= 0 for k in counts):
                raise ValueError("deck counts must be positive whole numbers")
            if sum(counts) + in_play != n * game.copies:
                raise ValueError(f"the {c} clue deck has lost or gained cards")
        data = task.data if task is not None else None
        if isinstance(data, Window) and (not data.seats or any(self.crew[p] == 0 for p in data.seats)):
            raise ValueError("the digging window is broken")
        if isinstance(data, Extra) and data.category not in CATEGORIES:
            raise ValueError("no category to flip")

    def __str__(self) -> str:
        if not self.agenda:
            return f"Plunder (2013): game over after {self.day} days, scores {self.scores()}"
        return f"Plunder (2013): day {self.day}, {self.phase}, {super().__str__()}"
