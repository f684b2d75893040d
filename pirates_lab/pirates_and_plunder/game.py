"""Pirates & Plunder: the rules engine on the core protocol (the basic game, the Battles option, the advanced rules).

Rules: Pirates & Plunder › Playing the Game

A turn is a stack of tasks (``state.agenda``, top last), one row of :data:`FLOW` each:

- ``draw`` (chance): a tile from the unseen ones; a tile with no legal place is discarded and
  another drawn;
- ``place``: lay it (:class:`PlaceTile`); ``ship``: :class:`PlaceShip` on one of its segments or
  :class:`NoShip`;
- ``score`` (automatic): completed islands and trade routes, ports; then the choices they bring:
  ``treasure`` and ``royal_port`` (resources of the player's choice), ``pirates`` if routes were
  completed (:class:`MovePirate`, one pirate per route, in any order, or :class:`StopPirates`), and
  battles: ``attack`` and ``defend`` (:class:`Commit`), ``repulse`` (:class:`Repulse`);
- ``end_turn`` (automatic): an exploration tile offered (``explore_offer``, advanced rules), the next
  player draws, or the ``final`` scoring after the last tile.

Players are seats 0, 1, … in code and "Player 1", "Player 2", … in everything a person reads.
"""
from __future__ import annotations

import random

from pirates_lab import core
from pirates_lab.core import AUTO, CHANCE, Dist, FlowState, IllegalMove, InvalidInput, Phase, Task, TurnFlow, action, cite
from pirates_lab.core.hidden import Hidden
from pirates_lab.core.errors import shown

from .exploration import (RULE_ADVANCED, RULE_BURIED, RULE_EXPLORATION, RULE_NATIVES, RULE_ROYAL_PORT, STAYING, Dues,
                          DrawExploration, Explorations, Explore, Exploring, Gift, LayExploration, ManExploration,
                          NoExploration, Pay, ReturnShip, Take, final_bonuses, payer, treasure_hunters)
from .parts import GAME, MAX_SEGMENTS, RESOURCES, a_or_an, components, exploration_tiles, resource_counts, resource_names, said, tiles
from .pirates import RULE_PIRATES, Battle, Commit, MovePirate, MovingPirates, Repulse, Routes, StopPirates
from .placing import RULE_PLACING, Board, find, legal_places, place_tile, why_not_here
from .scoring import RULE_FINAL, RULE_SCORING, collect_port_resources, feature, final_scoring, role, score_feature, segment_of

__all__ = ["Game", "State", "SecretBattles", "FLOW", "Draw", "PlaceTile", "PlaceShip", "NoShip", "MovePirate", "StopPirates",
           "Commit", "Repulse", "Explore", "LayExploration", "ManExploration", "DrawExploration", "NoExploration",
           "Pay", "ReturnShip", "Take", "RULE_PLAYING", "RULE_SHIPS"]

RULE_PLAYING = cite(GAME, "Playing the Game")
#: how many of the latest log lines an observation carries (the whole log is ``state.log``, public)
RECENT_LOG = 30
RULE_SHIPS = cite(GAME, "Placing Ships")


@action("draw the {tile}")
class Draw:
    tile: str


@action()
class PlaceTile:
    cell: tuple
    turns: int

    def __str__(self):
        return f"lay the tile at {self.cell}, turned {90 * self.turns}°"


@action("place a ship on segment {segment}")
class PlaceShip:
    segment: int


@action("place no ship")
class NoShip:
    pass


FLOW = TurnFlow(
    Phase("draw", rule=RULE_PLACING, actor=CHANCE, odds="draw_odds", apply="draw", then=("place",)),
    Phase("place", rule=RULE_PLACING, actions="place_actions", legal="place_allowed", why="why_not_placed",
          apply="place", then=("ship",)),
    Phase("ship", rule=RULE_SHIPS, actions="ship_actions", why="why_no_ship", apply="ship", then=("score",)),
    Phase("score", rule=RULE_SCORING, actor=AUTO, auto="score_turn", then=("end_turn",)),
    Phase("treasure", rule=RULE_BURIED, actions="take_actions", auto="take_auto", why="why_not_taken", apply="take",
          data=Gift),
    Phase("royal_port", rule=RULE_ROYAL_PORT, actions="take_actions", auto="take_auto", why="why_not_taken",
          apply="take", data=Gift),
    Phase("pirates", rule=RULE_PIRATES, actions="pirate_actions", why="why_not_moved", apply="move_pirate",
          data=Routes),
    Phase("attack", rule=RULE_PIRATES, actions="commit_actions", legal="commit_allowed", why="why_not_committed",
          apply="attack", data=Battle),
    Phase("defend", rule=RULE_PIRATES, actions="commit_actions", legal="commit_allowed", why="why_not_committed",
          apply="defend", data=Battle),
    Phase("repulse", rule=RULE_PIRATES, actions="repulse_actions", apply="repulse", data=Battle),
    Phase("pay", rule=RULE_NATIVES, actor=payer, actions="pay_actions", auto="pay_auto", why="why_not_paid",
          apply="pay", data=Dues),
    Phase("explore_offer", rule=RULE_ADVANCED, actions="explore_offer_actions", apply="explore_offer"),
    Phase("explore_draw", rule=RULE_ADVANCED, actor=CHANCE, odds="explore_odds", apply="explore_draw"),
    Phase("explore_place", rule=RULE_EXPLORATION, actions="explore_actions", why="why_not_explored",
          apply="explore_place", data=Exploring),
    Phase("explore_ship", rule=RULE_EXPLORATION, actions="explore_ship_actions", apply="explore_ship", data=Exploring),
    Phase("end_turn", rule=RULE_PLAYING, actor=AUTO, auto="end_turn"),
    Phase("final", rule=RULE_FINAL, actor=AUTO, auto="final"),
)


class Game(core.Game):
    """Pirates & Plunder for 2 to 5 players.

    Options: ``secret_battles`` plays the Battles option; ``advanced`` the advanced rules (exploration
    tiles), with the ten tiles read as the Parts list prints them (``exploration="parts"``) or with a Royal
    Port instead of the second Natives (``exploration="royal port"``); ``first_player``, the seat that takes
    the first turn ("The youngest player decides who will start the game": the table decides it when setting
    up, seat 0 by default).

    >>> Game(players=3, first_player=2).new_initial_state().agenda[-1].player
    2
    """

    name = "pirates_and_plunder"
    title = "Pirates & Plunder"
    rulebook = "pirates_and_plunder.txt"
    notebook = "pirates_and_plunder.ipynb"
    description = "Lay sea tiles, merge islands and trade routes, fight resource battles."
    order = 40
    playable = True
    min_players = 2
    max_players = 5
    end_rule = RULE_FINAL
    turn_rule = RULE_PLAYING
    default_options = {"secret_battles": False, "advanced": False, "exploration": "parts", "first_player": 0}

    def __init__(self, players: int = 2, max_turns: int | None = None, **options):
        super().__init__(players, max_turns, **options)
        for name in ("secret_battles", "advanced"):
            if not isinstance(self.options[name], bool):
                raise InvalidInput(f"{name} is True or False, not {shown(self.options[name])}.")
        if self.options["exploration"] not in ("parts", "royal port"):
            raise InvalidInput(f"exploration is 'parts' (the Parts list) or 'royal port' (a Royal Port for one "
                               f"Natives), not {shown(self.options['exploration'])}.")
        first = self.options["first_player"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise InvalidInput(f"first_player is a seat from 0 to {players - 1} (player 1 to {players}), not {said(first)}.")
        self.board = Board(tiles())
        self.last_draw = None          # (unseen counts, their Dist): asked for twice per draw
        #: one Draw per tile kind, made once (building them was most of the cost of a draw's odds)
        self.draws = tuple(Draw(t.name) for t in self.board.types)
        self.kind_of = {t.name: kind for kind, t in enumerate(self.board.types)}

    def new_initial_state(self) -> "State":
        return (SecretBattles if self.options["secret_battles"] else State)(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)


class State(MovingPirates, Explorations, FlowState):
    """A Pirates & Plunder position (board, ships, points, resources, the unseen tiles), its protocol read from
    the phase table :data:`FLOW`.  Nothing is hidden in the basic game (the tiles' order is chance); the Battles
    option hides the attack (:class:`SecretBattles`)."""

    flow = FLOW
    hidden_information = False

    def __init__(self, game: Game):
        """A new game as the Setup lays it out: the starting tile in the middle, the others face down, each
        player's ships less the scoring marker in their supply.  Rules: Pirates & Plunder › Setup"""
        super().__init__(game)
        tileset = game.board.tileset
        settings = components()
        self.turn = 0
        self.bag = [t.copies - (1 if i == tileset.start else 0) for i, t in enumerate(tileset.types)]
        self.drawn = -1
        self.last = -1
        self.cells: dict = {}
        self.placed: list = []
        self.needs: dict = {}
        self.parent: list = []
        self.open: list = []
        self.size: list = []
        self.ships: dict = {}
        self.points = [0] * game.players
        self.resources = [[0] * len(RESOURCES) for _ in range(game.players)]
        self.bank = [settings["resources"]["per_kind"]] * len(RESOURCES)
        self.discarded: list = []
        self.scoring: list = []
        self.completed: list = []      # squares of the features completed by the last tile (to flash them)
        advanced = game.options["advanced"]
        self.explore_bag = list(exploration_tiles(game.options["exploration"])) if advanced else []
        self.explorations: list = []   # (exploration tile, node) laid
        self.roles: dict = {}          # ship -> special role taken on an exploration tile
        self.explore_due = 0           # exploration tiles earned this turn
        self.tallies = [0, 0]          # completed islands; completed trade routes of 3 or more
        self.committed: list = [()] * game.players   # by seat: the resources in an attack not yet answered
        self.kept: list = [()] * game.players        # by seat: the attacker's other resources meanwhile
        place_tile(self, game.board, tileset.start, (0, 0), 0)
        self.say(f"The starting tile ({tileset.types[tileset.start].name}) lies face up at (0, 0).")
        FLOW.push(self, Task("draw", game.options["first_player"]))
        FLOW.settle(self)

    # ------------------------------------------------------------ helpers
    def clone(self) -> "State":
        """A copy sharing every immutable part (measured: the core's generic clone took half of a playout)."""
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        for name in ("agenda", "bag", "placed", "parent", "open", "size", "points", "bank", "discarded", "scoring",
                     "completed", "explore_bag", "explorations", "tallies", "committed", "kept"):
            setattr(new, name, list(getattr(self, name)))
        for name in ("cells", "needs", "ships", "roles"):
            setattr(new, name, dict(getattr(self, name)))
        new.resources = [list(r) for r in self.resources]
        return new

    @property
    def board(self) -> Board:
        return self.game.board

    def node(self, cell, segment: int) -> int:
        return MAX_SEGMENTS * self.cells[cell] + segment

    def where(self, node: int) -> tuple:
        """(cell, segment) of a node."""
        index, segment = divmod(node, MAX_SEGMENTS)
        _, _, x, y = self.placed[index]
        return (x, y), segment

    def supply(self, player: int) -> int:
        """Ships in ``player``'s supply (7 less those on the board)."""
        return components()["ships"]["supply"] - sum(1 for owner, _, _ in self.ships.values() if owner == player)

    def _new_ship_id(self, player: int) -> int:
        used = set(self.ships)
        return next(player * 8 + k for k in range(8) if player * 8 + k not in used)

    # ------------------------------------------------------------ refusals (the table's ``why`` column)
    def why_not_placed(self, task, action):
        if isinstance(action, PlaceTile):
            return why_not_here(self.board, self.cells, self.needs, self.drawn, action.cell, action.turns)
        return None

    def why_no_ship(self, task, action):
        return self._why_no_ship(action.segment) if isinstance(action, PlaceShip) else None

    def why_not_committed(self, task, action):
        if isinstance(action, Commit):
            return IllegalMove(RULE_PIRATES, f"Commit at most the resources you hold "
                                             f"({dict(zip(RESOURCES, self.resources[task.player]))}).")
        return None

    def why_not_moved(self, task, action):
        if isinstance(action, MovePirate):
            lengths = " or ".join(str(n) for n in sorted(set(task.data.lengths), reverse=True))
            return IllegalMove(RULE_PIRATES, "That pirate cannot go there: it moves at most the length of the "
                                             "completed route it uses (route = " + lengths + "), never onto your own "
                                             "ships, not on the turn it was placed, and only once per completed route.")
        return None

    def why_not_paid(self, task, action):
        if isinstance(action, Pay):
            return IllegalMove(FLOW.rule(self), f"Pay exactly {task.data.amount} resources that you hold "
                                                f"({dict(zip(RESOURCES, self.resources[payer(self, task)]))}).")
        return None

    def why_not_taken(self, task, action):
        if isinstance(action, Take):
            return IllegalMove(FLOW.rule(self), f"Take at most {task.data.most} resources that the supply holds "
                                                f"({dict(zip(RESOURCES, self.bank))}).")
        return None

    def _why_no_ship(self, segment) -> IllegalMove:
        kind = self.placed[self.last][0]
        segments = self.board.types[kind].segments
        if type(segment) is not int or not 0 <= segment < len(segments):
            return IllegalMove(RULE_SHIPS, f"The tile just placed has segments 0 to {len(segments) - 1}; a ship "
                                           "goes only on the tile just played.")
        if self.supply(FLOW.top(self).player) == 0:
            return IllegalMove(RULE_SHIPS, "Your supply is empty: no ship can be placed until one comes back.")
        return IllegalMove(RULE_SHIPS, f"That {feature(self, self.node(self.where(MAX_SEGMENTS * self.last)[0], segment)).name}"
                                       " already holds a ship (connected segments count, however far).")

    # ------------------------------------------------------------ Drawing and Placing Land Tiles
    def draw_odds(self, task) -> Dist:
        """Each unseen tile equally likely: whole-number weights, the copies unseen (cached per bag: the play
        loop asks twice per draw, to sample and to check)."""
        key = tuple(self.bag)
        cached = self.game.last_draw
        if cached is None or cached[0] != key:
            draws = self.game.draws
            cached = self.game.last_draw = (key, Dist.from_weights({draws[k]: n for k, n in enumerate(key) if n}))
        return cached[1]

    def draw(self, task, action: Draw) -> None:
        """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
        kind = self.game.kind_of[action.tile]
        self.bag[kind] -= 1
        if not any(self.board.fits(kind, need) for need in self.needs.values()):
            self.discarded.append(kind)
            self.say(f"Player {task.player + 1} draws the {action.tile}: it fits nowhere and is discarded.")
            if not any(self.bag):
                FLOW.pop(self)
                FLOW.push(self, Task("final"))
            return
        self.drawn = kind
        self.say(f"Player {task.player + 1} draws the {action.tile}.")
        FLOW.finish(self)

    def place_actions(self, task) -> list:
        return [PlaceTile(cell, turns) for cell, turns in legal_places(self.board, self.needs, self.drawn)]

    def place_allowed(self, task, action) -> bool:
        """A lookup in the frontier (no list of every place built).  ``legal_actions`` lists each distinct turn once;
        a symmetric tile turned another way that lies the same is accepted too."""
        if not isinstance(action, PlaceTile):
            return False
        need = self.needs.get(action.cell) if isinstance(action.cell, tuple) else None
        return (need is not None and type(action.turns) is int and 0 <= action.turns <= 3
                and self.board.fits_turned(self.drawn, need, action.turns))

    def place(self, task, action: PlaceTile) -> None:
        self.last = place_tile(self, self.board, self.drawn, action.cell, action.turns)
        self.say(f"Player {task.player + 1} lays the {self.board.types[self.drawn].name} at {action.cell}.")
        self.drawn = -1
        FLOW.finish(self)

    # ------------------------------------------------------------ Placing Ships
    def ship_actions(self, task) -> list:
        """Rules: Pirates & Plunder › Placing Ships"""
        choices: list = [NoShip()]
        if self.supply(task.player) == 0:
            return choices
        occupied = {self._root(node) for ship, (_, node, _) in self.ships.items() if self.roles.get(ship) not in STAYING}
        kind = self.placed[self.last][0]
        for segment in range(len(self.board.types[kind].segments)):
            if self._root(MAX_SEGMENTS * self.last + segment) not in occupied:
                choices.append(PlaceShip(segment))
        return choices

    def _root(self, node: int) -> int:
        return find(self.parent, node)

    def ship(self, task, action) -> None:
        if isinstance(action, PlaceShip):
            ship = self._new_ship_id(task.player)
            self.roles.pop(ship, None)
            self.ships[ship] = (task.player, MAX_SEGMENTS * self.last + action.segment, self.turn)
            self.say(f"Player {task.player + 1} places a ship: it is now {a_or_an(role(self, ship))}.")
        FLOW.finish(self)

    # ------------------------------------------------------------ Scoring Islands and Trade Routes, Ports
    def score_turn(self, task) -> None:
        """Score what the tile completed; then the choices it brings, pushed so that the Buried Treasure is
        taken first, then the Royal Port's resource, then the pirates move.

        Rules: Pirates & Plunder › Scoring Islands and Trade Routes
        """
        kind = self.placed[self.last][0]
        roots, routes, hunters = [], [], []
        self.completed = []
        for segment in range(len(self.board.types[kind].segments)):
            root = self._root(MAX_SEGMENTS * self.last + segment)
            if root not in roots:
                roots.append(root)
        for root in roots:
            if self.open[root] or self.board.kinds[self.placed[root // MAX_SEGMENTS][0]][root % MAX_SEGMENTS] == "sea":
                continue
            if self.explorations:
                hunters.extend(treasure_hunters(self, feature(self, root)))
            found = score_feature(self, root, completer=task.player)
            long_route = found.kind == "route" and found.segments >= 3
            self.tallies[0 if found.kind == "island" else 1] += found.kind == "island" or long_route
            if self.game.options["advanced"] and found.kind == "island" and any(
                    segment_of(self, n).explore for n in found.nodes):
                self.explore_due += 1
            self.completed.extend(sorted({self.where(n)[0] for n in found.nodes} - set(self.completed)))
            if found.kind == "route":
                routes.append(found.segments)
        royal = collect_port_resources(self, self.where(MAX_SEGMENTS * self.last)[0])
        FLOW.finish(self)
        if routes and self.movable(task.player, ()):
            FLOW.push(self, Task("pirates", task.player, Routes(tuple(sorted(routes, reverse=True)))))
        for owner in royal:
            FLOW.push(self, Task("royal_port", owner, Gift(1, "at the Royal Port")))
        for owner in hunters:
            FLOW.push(self, Task("treasure", owner, Gift(5, "from the Buried Treasure")))

    # ------------------------------------------------------------ the end of a turn, the end of the game
    def end_turn(self, task) -> None:
        """Rules: Pirates & Plunder › Playing the Game"""
        FLOW.pop(self)
        if self.explore_due and self.explore_bag:          # Advanced Rules: "may draw an exploration tile"
            self.explore_due -= 1
            FLOW.push(self, Task("explore_offer", task.player), Task("end_turn", task.player))
            return
        self.explore_due = 0
        self.turn += 1
        limit = self.game.max_turns
        if not any(self.bag) or (limit is not None and self.turn >= limit * self.game.players):
            FLOW.push(self, Task("final"))
        else:
            FLOW.push(self, Task("draw", (task.player + 1) % self.game.players))

    def final(self, task) -> None:
        """Rules: Pirates & Plunder › Final Scoring"""
        FLOW.pop(self)
        final_scoring(self)
        for player, points, sentence in final_bonuses(self):
            self.points[player] += points
            self.scoring.append((player, points, sentence))
            self.say(f"Player {player + 1} scores {points}: {sentence}")
        self.say("The game is over.")

    def scores(self) -> tuple:
        return tuple(self.points)

    # ------------------------------------------------------------ what a player sees
    def _pending(self, task, player: int) -> dict | None:
        """The battle under way, as ``player`` may see it (the attack hidden from the defender in secret)."""
        if task is None or not isinstance(task.data, Battle):
            return None
        battle = task.data
        pending = {"phase": task.phase, "player": task.player, "ships": [battle.pirate, battle.target]}
        attacker = self.ships[battle.pirate][0]
        if battle.committed and (not self.game.options["secret_battles"] or player == attacker):
            pending["attack"] = list(resource_counts(self.committed[attacker]))
        return pending

    def observation(self, player: int) -> dict:
        self._check_player(player)
        types = self.board.types
        task = FLOW.top(self)
        return {
            "phase": None if task is None else task.phase,
            "to_act": self.current_player(),
            "turn": self.turn,
            "board": [[x, y, types[k].name, r] for k, r, x, y in self.placed],
            "drawn": None if self.drawn < 0 else types[self.drawn].name,
            "unseen": {types[k].name: n for k, n in enumerate(self.bag) if n},
            "discarded": [types[k].name for k in self.discarded],
            "completed": [list(cell) for cell in self.completed],
            "explorations": [[name, *self.where(node)[0], self.where(node)[1]] for name, node in self.explorations],
            "exploration_tiles_left": len(self.explore_bag),
            "ships": [[s, o, *self.where(n)[0], self.where(n)[1], role(self, s)] for s, (o, n, _) in sorted(self.ships.items())],
            "supply": [self.supply(p) for p in range(self.game.players)],
            "scores": list(self.points),
            "resources": [list(r) for r in self.resources],
            "bank": list(self.bank),
            "battle": self._pending(task, player),
            "routes": list(task.data.lengths) if task is not None and isinstance(task.data, Routes) else [],
            "log": self.log.recent(RECENT_LOG),
        }

    def redeal_hidden(self, player: int, rng: random.Random) -> "State":
        """Nothing is hidden in the basic game: a copy (the Battles option hides the attack: :class:`SecretBattles`)."""
        return self.clone()

    def validate(self) -> None:
        if len(self.parent) != MAX_SEGMENTS * len(self.placed) or len(self.cells) != len(self.placed):
            raise ValueError("the board and its feature forest disagree")
        if any(n < 0 for n in self.bag) or len(self.bag) != len(self.board.types):
            raise ValueError("the unseen tiles do not fit the tile list")
        super().validate()


class SecretBattles(State):
    """A position of the Battles option: "When the Defender and Attacker choose their resources for battling, it is
    kept secret and then results are revealed simultaneously."  The commitments are made one seat at a time (the
    attacker first); the attack stays hidden from every other seat until the defence is in.

    Rules: Pirates & Plunder › Battles
    """

    hidden_information = True

    def hidden_cards(self) -> list:
        """Each seat's attack not yet answered and the resources it kept meanwhile, seen by that seat only (any
        split of its resources is one the other seats cannot tell apart).  Empty but for an attack in progress."""
        return [Hidden((place, seat), seen_by={seat}, kind=f"resources of seat {seat}")
                for seat in range(self.game.players) for place in ("committed", "kept")]

    def redeal_hidden(self, player: int, rng: random.Random) -> "State":
        """A position ``player`` cannot tell from this one: another seat's secret attack re-chosen at random (any
        amount, any types) from the resources it holds."""
        other = self.clone()
        for seat in range(self.game.players):
            pool = self.committed[seat] + self.kept[seat]
            if seat != player and pool:
                held = resource_counts(pool)
                attack = tuple(rng.randint(0, h) for h in held)
                other.committed[seat] = resource_names(attack)
                other.kept[seat] = resource_names(tuple(h - a for h, a in zip(held, attack)))
        return other
