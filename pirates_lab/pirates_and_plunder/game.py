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
from pirates_lab.core import AUTO, CHANCE, Dist, FlowState, IllegalMove, InvalidInput, Phase, Task, TurnFlow, action
from pirates_lab.core.hidden import Hidden
from pirates_lab.core.errors import shown

from .exploration import (STAYING, DrawExploration, Dues, Explore, Exploring, Gift, LayExploration, ManExploration, NoExploration, Pay,
                          ReturnShip, Take, explore_actions, explore_draw, explore_odds, explore_offer,
                          explore_offer_actions, explore_place, explore_ship, explore_ship_actions, final_bonuses, pay,
                          pay_actions, pay_auto, payer, take, take_actions, take_auto, treasure_hunters,
                          why_not_explored)
from .headings import (RULE_ADVANCED, RULE_BURIED, RULE_EXPLORATION, RULE_FINAL, RULE_NATIVES, RULE_PIRATES, RULE_PLACING,
                       RULE_PLAYING, RULE_ROYAL_PORT, RULE_SCORING, RULE_SHIPS)
from .parts import GAME, MAX_SEGMENTS, RESOURCES, a_or_an, components, exploration_tiles, resource_counts, resource_names, said, tiles
from .pirates import (Battle, Commit, MovePirate, Repulse, Routes, StopPirates, attack, commit_actions,
                      commit_allowed, defend, movable, move_pirate, pirate_actions, repulse, repulse_actions)
from .placing import Board, find, legal_places, place_tile, why_not_here
from .scoring import collect_port_resources, feature, final_scoring, role, score_feature, segment_of

__all__ = ["Game", "State", "SecretBattles", "FLOW", "Draw", "PlaceTile", "PlaceShip", "NoShip", "MovePirate", "StopPirates",
           "Commit", "Repulse", "Explore", "LayExploration", "ManExploration", "DrawExploration", "NoExploration",
           "Pay", "ReturnShip", "Take", "RULE_PLAYING", "RULE_SHIPS"]

#: how many of the latest log lines an observation carries (the whole log is ``state.log``, public)
RECENT_LOG = 30


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


# ------------------------------------------------------------ the table's columns (functions of the state)
def why_not_placed(state, task, action):
    if isinstance(action, PlaceTile):
        return why_not_here(state.board, state.cells, state.needs, state.drawn, action.cell, action.turns)
    return None


def why_no_ship(state, task, action):
    return _why_no_ship(state, action.segment) if isinstance(action, PlaceShip) else None


def why_not_committed(state, task, action):
    if isinstance(action, Commit):
        return IllegalMove(RULE_PIRATES, f"Commit at most the resources you hold "
                                         f"({dict(zip(RESOURCES, state.resources[task.player]))}).")
    return None


def why_not_moved(state, task, action):
    if isinstance(action, MovePirate):
        lengths = " or ".join(str(n) for n in sorted(set(task.data.lengths), reverse=True))
        return IllegalMove(RULE_PIRATES, "That pirate cannot go there: it moves at most the length of the "
                                         "completed route it uses (route = " + lengths + "), never onto your own "
                                         "ships, not on the turn it was placed, and only once per completed route.")
    return None


def why_not_paid(state, task, action):
    if isinstance(action, Pay):
        return IllegalMove(FLOW.rule(state), f"Pay exactly {task.data.amount} resources that you hold "
                                            f"({dict(zip(RESOURCES, state.resources[payer(state, task)]))}).")
    return None


def why_not_taken(state, task, action):
    if isinstance(action, Take):
        return IllegalMove(FLOW.rule(state), f"Take at most {task.data.most} resources that the supply holds "
                                            f"({dict(zip(RESOURCES, state.bank))}).")
    return None


def _why_no_ship(state, segment) -> IllegalMove:
    kind = state.placed[state.last][0]
    segments = state.board.types[kind].segments
    if type(segment) is not int or not 0 <= segment < len(segments):
        return IllegalMove(RULE_SHIPS, f"The tile just placed has segments 0 to {len(segments) - 1}; a ship "
                                       "goes only on the tile just played.")
    if state.supply(FLOW.top(state).player) == 0:
        return IllegalMove(RULE_SHIPS, "Your supply is empty: no ship can be placed until one comes back.")
    return IllegalMove(RULE_SHIPS, f"That {feature(state, state.node(state.where(MAX_SEGMENTS * state.last)[0], segment)).name}"
                                   " already holds a ship (connected segments count, however far).")


def draw_odds(state, task) -> Dist:
    """Each unseen tile equally likely: whole-number weights, the copies unseen (cached per bag: the play
    loop asks twice per draw, to sample and to check)."""
    key = tuple(state.bag)
    cached = state.game.last_draw
    if cached is None or cached[0] != key:
        draws = state.game.draws
        cached = state.game.last_draw = (key, Dist.from_weights({draws[k]: n for k, n in enumerate(key) if n}))
    return cached[1]


def draw(state, task, action: Draw) -> None:
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    kind = state.game.kind_of[action.tile]
    state.bag[kind] -= 1
    if not any(state.board.fits(kind, need) for need in state.needs.values()):
        state.discarded.append(kind)
        state.say(f"Player {task.player + 1} draws the {action.tile}: it fits nowhere and is discarded.")
        if not any(state.bag):
            FLOW.pop(state)
            FLOW.push(state, Task("final"))
        return
    state.drawn = kind
    state.say(f"Player {task.player + 1} draws the {action.tile}.")
    FLOW.finish(state)


def place_actions(state, task) -> list:
    return [PlaceTile(cell, turns) for cell, turns in legal_places(state.board, state.needs, state.drawn)]


def place_allowed(state, task, action) -> bool:
    """A lookup in the frontier (no list of every place built).  ``legal_actions`` lists each distinct turn once;
    a symmetric tile turned another way that lies the same is accepted too."""
    if not isinstance(action, PlaceTile):
        return False
    need = state.needs.get(action.cell) if isinstance(action.cell, tuple) else None
    return (need is not None and type(action.turns) is int and 0 <= action.turns <= 3
            and state.board.fits_turned(state.drawn, need, action.turns))


def place(state, task, action: PlaceTile) -> None:
    state.last = place_tile(state, state.board, state.drawn, action.cell, action.turns)
    state.say(f"Player {task.player + 1} lays the {state.board.types[state.drawn].name} at {action.cell}.")
    state.drawn = -1
    FLOW.finish(state)


def ship_actions(state, task) -> list:
    """Rules: Pirates & Plunder › Placing Ships"""
    choices: list = [NoShip()]
    if state.supply(task.player) == 0:
        return choices
    occupied = {state._root(node) for ship, (_, node, _) in state.ships.items() if state.roles.get(ship) not in STAYING}
    kind = state.placed[state.last][0]
    for segment in range(len(state.board.types[kind].segments)):
        if state._root(MAX_SEGMENTS * state.last + segment) not in occupied:
            choices.append(PlaceShip(segment))
    return choices


def ship(state, task, action) -> None:
    if isinstance(action, PlaceShip):
        ship = state._new_ship_id(task.player)
        state.roles.pop(ship, None)
        state.ships[ship] = (task.player, MAX_SEGMENTS * state.last + action.segment, state.turn)
        state.say(f"Player {task.player + 1} places a ship: it is now {a_or_an(role(state, ship))}.")
    FLOW.finish(state)


def score_turn(state, task) -> None:
    """Score what the tile completed; then the choices it brings, pushed so that the Buried Treasure is
    taken first, then the Royal Port's resource, then the pirates move.

    Rules: Pirates & Plunder › Scoring Islands and Trade Routes
    """
    kind = state.placed[state.last][0]
    roots, routes, hunters = [], [], []
    state.completed = []
    for segment in range(len(state.board.types[kind].segments)):
        root = state._root(MAX_SEGMENTS * state.last + segment)
        if root not in roots:
            roots.append(root)
    for root in roots:
        if state.open[root] or state.board.kinds[state.placed[root // MAX_SEGMENTS][0]][root % MAX_SEGMENTS] == "sea":
            continue
        if state.explorations:
            hunters.extend(treasure_hunters(state, feature(state, root)))
        found = score_feature(state, root, completer=task.player)
        long_route = found.kind == "route" and found.segments >= 3
        state.tallies[0 if found.kind == "island" else 1] += found.kind == "island" or long_route
        if state.game.options["advanced"] and found.kind == "island" and any(
                segment_of(state, n).explore for n in found.nodes):
            state.explore_due += 1
        state.completed.extend(sorted({state.where(n)[0] for n in found.nodes} - set(state.completed)))
        if found.kind == "route":
            routes.append(found.segments)
    royal = collect_port_resources(state, state.where(MAX_SEGMENTS * state.last)[0])
    FLOW.finish(state)
    if routes and movable(state, task.player, ()):
        FLOW.push(state, Task("pirates", task.player, Routes(tuple(sorted(routes, reverse=True)))))
    for owner in royal:
        FLOW.push(state, Task("royal_port", owner, Gift(1, "at the Royal Port")))
    for owner in hunters:
        FLOW.push(state, Task("treasure", owner, Gift(5, "from the Buried Treasure")))


def end_turn(state, task) -> None:
    """Rules: Pirates & Plunder › Playing the Game"""
    FLOW.pop(state)
    if state.explore_due and state.explore_bag:          # Advanced Rules: "may draw an exploration tile"
        state.explore_due -= 1
        FLOW.push(state, Task("explore_offer", task.player), Task("end_turn", task.player))
        return
    state.explore_due = 0
    state.turn += 1
    limit = state.game.max_turns
    if not any(state.bag) or (limit is not None and state.turn >= limit * state.game.players):
        FLOW.push(state, Task("final"))
    else:
        FLOW.push(state, Task("draw", (task.player + 1) % state.game.players))


def final(state, task) -> None:
    """Rules: Pirates & Plunder › Final Scoring"""
    FLOW.pop(state)
    final_scoring(state)
    for player, points, sentence in final_bonuses(state):
        state.points[player] += points
        state.scoring.append((player, points, sentence))
        state.say(f"Player {player + 1} scores {points}: {sentence}")
    state.say("The game is over.")


FLOW = TurnFlow(
    Phase("draw", rule=RULE_PLACING, actor=CHANCE, odds=draw_odds, apply=draw, then=("place",)),
    Phase("place", rule=RULE_PLACING, actions=place_actions, legal=place_allowed, why=why_not_placed,
          apply=place, then=("ship",)),
    Phase("ship", rule=RULE_SHIPS, actions=ship_actions, why=why_no_ship, apply=ship, then=("score",)),
    Phase("score", rule=RULE_SCORING, actor=AUTO, auto=score_turn, then=("end_turn",)),
    Phase("treasure", rule=RULE_BURIED, actions=take_actions, auto=take_auto, why=why_not_taken, apply=take,
          data=Gift),
    Phase("royal_port", rule=RULE_ROYAL_PORT, actions=take_actions, auto=take_auto, why=why_not_taken,
          apply=take, data=Gift),
    Phase("pirates", rule=RULE_PIRATES, actions=pirate_actions, why=why_not_moved, apply=move_pirate,
          data=Routes),
    Phase("attack", rule=RULE_PIRATES, actions=commit_actions, legal=commit_allowed, why=why_not_committed,
          apply=attack, data=Battle),
    Phase("defend", rule=RULE_PIRATES, actions=commit_actions, legal=commit_allowed, why=why_not_committed,
          apply=defend, data=Battle),
    Phase("repulse", rule=RULE_PIRATES, actions=repulse_actions, apply=repulse, data=Battle),
    Phase("pay", rule=RULE_NATIVES, actor=payer, actions=pay_actions, auto=pay_auto, why=why_not_paid,
          apply=pay, data=Dues),
    Phase("explore_offer", rule=RULE_ADVANCED, actions=explore_offer_actions, apply=explore_offer),
    Phase("explore_draw", rule=RULE_ADVANCED, actor=CHANCE, odds=explore_odds, apply=explore_draw),
    Phase("explore_place", rule=RULE_EXPLORATION, actions=explore_actions, why=why_not_explored,
          apply=explore_place, data=Exploring),
    Phase("explore_ship", rule=RULE_EXPLORATION, actions=explore_ship_actions, apply=explore_ship, data=Exploring),
    Phase("end_turn", rule=RULE_PLAYING, actor=AUTO, auto=end_turn),
    Phase("final", rule=RULE_FINAL, actor=AUTO, auto=final),
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


class State(FlowState):
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

    # ------------------------------------------------------------ Drawing and Placing Land Tiles

    # ------------------------------------------------------------ Placing Ships

    def _root(self, node: int) -> int:
        return find(self.parent, node)

    # ------------------------------------------------------------ Scoring Islands and Trade Routes, Ports

    # ------------------------------------------------------------ the end of a turn, the end of the game

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
            "phase": str(self.phase),
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
