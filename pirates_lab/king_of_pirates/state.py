"""A King of Pirates position: the pieces, decks and the agenda of the turn (see ``rules.FLOW``).

Rules: King of Pirates › Phases of a Turn

The rules live in one module of functions per rulebook chapter (:mod:`.rules`), named in the columns
of the phase table ``FLOW``; the :class:`State` holds the position's fields and its readers, and the
core's FlowState answers the protocol from the table: who acts, what is legal, chance's exact odds.
The State adds what each player may see (:meth:`State.observation`), the hidden cards and their
re-deal, and who won.
"""
from __future__ import annotations

import random
from dataclasses import replace

from pirates_lab.core import FlowState
from pirates_lab.core.geometry import on_hex_board
from pirates_lab.core.hidden import Hidden

from .components import Cell
from .player import Player
from .rules import FLOW, combat_phase, game_setup, movement_phase, the_game_board
from .rules.game_contents import set_player, within
from .rules.pirate_skills import crew_positions
from .rules.task_data import Combat, Loot

__all__ = ["State", "RECENT_LOG_LINES"]

#: The log lines an observation carries (the whole log is ``state.log``, shared by every position).
RECENT_LOG_LINES = 20


class State(FlowState):
    """A King of Pirates position on the core's :class:`~pirates_lab.core.FlowState`: who acts, what is
    legal, chance's odds and what a move does are read from the phase table ``FLOW``; ``agenda`` is the
    turn's list of Tasks (the top is last), each carrying its typed data (:mod:`.rules.task_data`)."""

    flow = FLOW

    def __init__(self, game):
        super().__init__(game)
        comp = game.components
        self.players: list[Player] = [Player(position=comp.corner_lair(i)) for i in range(game.players)]
        self.dutchman: Cell = comp.centre
        self.revealed: dict = {}           # cell -> what its ocean tile hid
        self.ships: dict = {}              # cell -> ship standing there
        self.dug: list = []                # islands whose treasure is gone
        self.action_deck: dict = {name: c["count"] for name, c in comp.action_cards.items()}
        self.action_discard: dict = {}
        self.pirate_deck: list = sorted(comp.pirates)
        self.pirate_discard: list = []
        self.loot_deck: dict = dict(comp.loot_cards)
        self.loot_discard: dict = {}
        self.tile_pools: dict = {kind: dict(counts) for kind, counts in comp.tiles.items()}
        self.offer: list = []              # pirate cards drawn and not yet placed (shown face up)
        self.current: int = 0
        self.round: int = 1
        self.entered = None                # the space the current player last moved onto this turn
        self.in_play: tuple = ()           # Played cards in effect this turn (Tailwind, Assault, ...)
        self.winner = None
        game_setup.setup_agenda(self)
        self.say(f"{game.players} players; the Flying Dutchman waits at the centre.")
        FLOW.settle(self)

    # ---------------------------------------------------------------- readers
    @property
    def comp(self):
        """The game's components (board, cards, pirates, the data file's numbers)."""
        return self.game.components

    @property
    def combat(self) -> Combat | None:
        """The combat in progress (carried by its step on the agenda), or None."""
        return combat_phase.combat_in_progress(self)

    @property
    def moves_left(self) -> int:
        """Spaces the current player may still sail (0 outside its move)."""
        return movement_phase.spaces_left(self)

    def totals(self, c: Combat | None = None) -> tuple:
        """(attacker's total, what it must reach) in the combat ``c`` (default: the one in progress)."""
        return combat_phase.combat_totals(self, c)

    def attack_modifier(self) -> int:
        """The attacker's modifier in the combat in progress (skills, scurvy, cards)."""
        return combat_phase.attacker_modifier(self)

    def scores(self) -> tuple:
        """Doubloons on the Point Track."""
        return the_game_board.point_track(self)

    def winners(self) -> tuple[int, ...]:
        """The first player round the Point Track; after ``max_turns`` rounds, the most Doubloons."""
        return the_game_board.winners_of(self)

    def at_lair(self, p: int) -> bool:
        """Is player ``p``'s ship at a Pirates Lair?  (InvalidInput for a seat that does not exist.)"""
        return self.players[self._check_player(p)].position in self.comp.lairs

    def place_at(self, cell: Cell):
        """(kind, nation) of the stronghold / city / island at a cell, or None."""
        return self.comp.places.get(cell)

    def hidden(self, cell: Cell) -> str | None:
        """"shark" / "ocean" if an undiscovered tile lies here."""
        if cell in self.revealed:
            return None
        if cell in self.comp.shark_cells:
            return "shark"
        if cell in self.comp.ocean_cells:
            return "ocean"
        return None

    # ---------------------------------------------------------------- what a player may see
    def observation(self, player: int) -> dict:
        """What ``player`` may see, JSON-plain: the public board, the Dutchman, every ship's pieces,
        tokens, crew and Doubloons, the others' hand *sizes*, their own hand, the face-down tiles as
        backs only ("shark" / "ocean") until turned over, the discard piles and the last
        ``RECENT_LOG_LINES`` lines of the log.

        Rules: King of Pirates › Game Setup
        """
        player = self._check_player(player)
        step = self.phase
        tiles = {}
        for cell in self.comp.shark_cells + self.comp.ocean_cells:
            tiles[_key(cell)] = self.revealed.get(cell, "face-down " + ("shark" if cell in self.comp.shark_cells
                                                                        else "ocean") + " tile")
        combat = None
        if self.combat is not None:
            combat = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(self.combat).items()}
        return {
            "player": player, "round": self.round, "current": self.current, "phase": step.name, "rule": step.rule,
            "to_act": self.current_player(), "moves_left": self.moves_left,
            "entered": None if self.entered is None else list(self.entered), "winner": self.winner,
            "dutchman": list(self.dutchman),
            "players": [{"position": list(pl.position), "doubloons": pl.doubloons, "rum": pl.rum,
                         "cannonballs": pl.cannonballs, "scurvy": pl.scurvy, "parts": list(pl.parts),
                         "crew": list(pl.crew), "hand_size": len(pl.hand)} for pl in self.players],
            "hand": list(self.players[player].hand),
            "tiles": tiles,
            "ships": {_key(cell): ship for cell, ship in sorted(self.ships.items())},
            "dug": [list(cell) for cell in self.dug],
            "action_deck_size": sum(self.action_deck.values()),
            "action_discard": dict(sorted(self.action_discard.items())),
            "pirate_deck_size": len(self.pirate_deck),
            "pirate_discard": list(self.pirate_discard),
            "pirates_drawn": list(self.offer),
            "loot_discard": {str(v): n for v, n in sorted(self.loot_discard.items())},
            "combat": combat,
            "cards_in_play": [{"card": c.card, "by": c.by, "target": c.target} for c in self.in_play],
            "log": self.log.recent(RECENT_LOG_LINES),
        }

    # ---------------------------------------------------------------- hidden information (core leak checks)
    hidden_information = True

    def hidden_cards(self) -> list[Hidden]:
        """Where face-down cards lie: each player's hand (seen by its owner) and the action deck (by nobody).
        Everything else is public or follows from what is public: the pirate and loot decks are what the
        discard piles, crews and offers leave, and a tile's content is drawn only when it is turned over
        (from counts the revealed tiles leave).  Rules: King of Pirates › Game Setup"""
        return [Hidden(("players", q, "hand"), seen_by={q}, kind="action card") for q in range(self.game.players)] \
            + [Hidden(("action_deck",), kind="action card")]

    def redeal_hidden(self, player: int, rng: random.Random) -> "State":
        """The other players' hands re-dealt from the cards ``player`` cannot see (theirs and the
        deck), sizes kept, and what the public discard pile tells kept too: since the last reshuffle the
        deck holds only cards of the pile that was shuffled (everybody saw it), so the cards each hand held
        before that (``held_before_shuffle``) are re-dealt among those hands, and the cards drawn since
        among the hands' later draws and the deck.  Face-down tiles need no re-deal: a tile's content is
        drawn from the unseen tiles when it is turned over, with the same odds as a shuffle at setup."""
        player = self._check_player(player)
        new = self.clone()
        others = [q for q in range(self.game.players) if q != player]
        before = {q: within(self.players[q].held_before_shuffle, self.players[q].hand) for q in others}
        since = {q: _without(self.players[q].hand, before[q]) for q in others}
        old_pool = [card for q in others for card in before[q]]
        new_pool = [card for card, n in sorted(self.action_deck.items()) for _ in range(n)]
        new_pool += [card for q in others for card in since[q]]
        rng.shuffle(old_pool)
        rng.shuffle(new_pool)
        for q in others:
            held, drawn = old_pool[:len(before[q])], new_pool[:len(since[q])]
            old_pool, new_pool = old_pool[len(held):], new_pool[len(drawn):]
            set_player(new, q, hand=tuple(sorted(held + drawn)), held_before_shuffle=tuple(sorted(held)))
        deck: dict = {}
        for card in new_pool:
            deck[card] = deck.get(card, 0) + 1
        new.action_deck = deck
        return new

    # ---------------------------------------------------------------- checks
    def validate(self) -> None:
        comp = self.comp
        if len(self.players) != self.game.players:
            raise ValueError("wrong number of players")
        for player in self.players:
            if not isinstance(player, Player) or not on_hex_board(player.position, comp.radius):
                raise ValueError(f"bad player {player!r}")
            if min(player.doubloons, player.rum, player.cannonballs, player.scurvy) < 0:
                raise ValueError("negative resources")
            if len(player.crew) > crew_positions(player, comp) or len(set(player.parts)) != len(player.parts):
                raise ValueError("too many pirates or parts")
            if within(player.held_before_shuffle, player.hand) != tuple(sorted(player.held_before_shuffle)):
                raise ValueError("cards held since before the reshuffle that are not in the hand")
        if self.entered is not None and not on_hex_board(self.entered, comp.radius):
            raise ValueError("the space entered is off the board")
        if not on_hex_board(self.dutchman, comp.radius):
            raise ValueError("the Dutchman is off the board")
        counts: dict = {}
        for source in [self.action_deck, self.action_discard] + [{c: pl.hand.count(c) for c in pl.hand} for pl in self.players]:
            for c, n in source.items():
                counts[c] = counts.get(c, 0) + n
        if {c: n for c, n in counts.items() if n} != {c: v["count"] for c, v in comp.action_cards.items()}:
            raise ValueError("action cards are not all accounted for")
        pirates = list(self.pirate_deck) + list(self.pirate_discard) + list(self.offer) + [c for pl in self.players for c in pl.crew]
        if sorted(pirates) != sorted(comp.pirates):
            raise ValueError("pirate cards are not all accounted for")
        loot: dict = {}
        held = [{v: 1} for task in self.agenda if isinstance(task.data, Loot) for v in task.data.drawn]
        for source in [self.loot_deck, self.loot_discard] + held:
            for v, n in source.items():
                loot[v] = loot.get(v, 0) + n
        if {v: n for v, n in loot.items() if n} != dict(comp.loot_cards):
            raise ValueError("loot cards are not all accounted for")
        for kind in ("shark", "ocean"):
            cells = comp.shark_cells if kind == "shark" else comp.ocean_cells
            shown = [self.revealed[c] for c in cells if c in self.revealed]
            for content, total in comp.tiles[kind].items():
                if self.tile_pools[kind][content] + shown.count(content) != total:
                    raise ValueError(f"{kind} tiles are not all accounted for")
        for cell, ship in self.ships.items():
            if self.revealed.get(cell) != ship:
                raise ValueError("a ship stands where no tile revealed it")
        super().validate()      # the agenda keeps the table's promises (bounded, typed data, nothing stacked twice)

    def __str__(self) -> str:
        lines = [super().__str__(), f"Round {self.round}; Dutchman at {self.dutchman}."]
        for p, pl in enumerate(self.players):
            lines.append(f"  player {p + 1}: {pl.position} {pl.doubloons} Doubloons, rum {pl.rum}, cannonballs "
                         f"{pl.cannonballs}, scurvy {pl.scurvy}, crew {', '.join(pl.crew) or '-'}, {len(pl.hand)} cards")
        return "\n".join(lines)


def _without(hand, cards) -> list:
    """``hand`` less ``cards`` (a multiset difference)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def _key(cell: Cell) -> str:
    """A cell as a JSON key: ``"q,r"``."""
    return f"{cell[0]},{cell[1]}"
