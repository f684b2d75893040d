"""King of Pirates: the rules engine on the core game protocol.

A turn is a stack of *tasks* (``state.agenda``, the top is last).  Each task is a decision for
one player, a chance event (cards, dice, tiles) or bookkeeping done at once.  A task pushes the
tasks it leads to; when a turn ends early (a mutiny, the Flying Dutchman) every task of the turn
is cut.  The phases:

=====================  ==========================================================================
task                   who acts / what happens
=====================  ==========================================================================
``setup_draw``         chance: a pirate card for the player (3 drawn, Game Setup)
``setup_keep``         the player keeps a captain and a mate (``KeepPirates``)
``draw_actions``       chance: action cards
``make_room``          the player discards down so the upkeep draw fits the hand limit (1A)
``steal``              captain skill "Move 2 on the victory track": ``Steal`` or ``Pass``
``compass``            chance: the compass die moves the Dutchman (1B); its sweep
``upkeep_die``         chance: scurvy / lose 1 rum / lose 2 rum, unless at a lair (1C)
``mutiny``             the victim: ``Play Keelhauling``, ``Sacrifice`` a scapegoat, or ``AcceptMutiny``
``window``             a card window (1D upkeep: U/A; before moving: M/A; before the dice: C/A):
                       each player with a playable card in seat order plays one or passes; a card
                       takes effect at once (the first card played is the first to take effect) and
                       the window goes round again
``movement``           the current player: ``Sail`` to a neighbour or ``StopMoving``
``reveal``             chance: an undiscovered ocean tile turned over
``lair_*``             buy ship parts, draw pirates (vacant + 1), adjust the crew, refill
``dig``                dig for treasure with enough Treasure Maps
``combat_choose``      attack a ship / town / player here (forced against a warship)
``roll`` / ``rerolls`` chance: 2d6; then the roller may spend cannonballs (``Reroll``) or ``Accept``
``loot``               chance: loot cards, then Doubloons on the Point Track
=====================  ==========================================================================
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any

from pirates_lab import core
from pirates_lab.core import CHANCE, TERMINAL, Dist, IllegalMove, cite, saveable

from .components import DIRECTIONS, RUM_LOST, Cell, components, neighbours, on_board
from .odds import two_dice, upkeep_die

__all__ = ["Game", "State", "Player", "Sail", "StopMoving", "Attack", "EndTurn", "Pass", "Play", "Discard",
           "Dig", "BuyPart", "Recruit", "Replace", "MakeCaptain", "Done", "Reroll", "Accept", "Sacrifice",
           "AcceptMutiny", "Steal", "KeepPirates", "skills", "combat_modifier"]

GAME = "king_of_pirates"
SETUP_RULE = cite(GAME, "Game Setup")
CONCEPTS_RULE = cite(GAME, "Important Game Concepts")
TURN_RULE = cite(GAME, "Phases of a Turn")
UPKEEP_RULE = cite(GAME, "Phase 1: Upkeep Phase")
MOVEMENT_RULE = cite(GAME, "Phase 2: Movement Phase")
COMBAT_RULE = cite(GAME, "Phase 3: Combat Phase")
CARDS_RULE = cite(GAME, "Action Cards")
PIRATE_SKILLS_RULE = cite(GAME, "Pirate Skills")
CAPTAIN_SKILLS_RULE = cite(GAME, "Captain's Skills")
BOARD_RULE = cite(GAME, "The Game Board")

WINDOW_TIMING = {"upkeep": ("U", "A"), "movement": ("M", "A"), "combat": ("C", "A")}


# ------------------------------------------------------------------ players and actions
@saveable
@dataclass(frozen=True)
class Player:
    """One player's ship.  ``crew[0]`` is the captain (the rear cabin)."""

    position: Cell
    doubloons: int = 0
    rum: int = 0
    cannonballs: int = 0
    scurvy: int = 0
    parts: tuple = ()
    crew: tuple = ()
    hand: tuple = ()

    def __deepcopy__(self, memo):  # immutable
        return self


def _action(cls):
    cls = dataclass(frozen=True)(cls)
    return saveable(cls)


@_action
class Sail:
    to: Cell
    def __str__(self): return f"sail to {self.to}"


@_action
class StopMoving:
    def __str__(self): return "stop moving"


@_action
class Attack:
    target: Any  # a target name ("city", "Merchant Ship (British)", ...) or a player index
    def __str__(self): return f"attack player {self.target}" if isinstance(self.target, int) else f"attack the {self.target}"


@_action
class EndTurn:
    def __str__(self): return "end the turn"


@_action
class Pass:
    def __str__(self): return "pass"


@_action
class Play:
    card: str
    target: Any = None
    def __str__(self):
        if self.target is None:
            return f"play {self.card}"
        if isinstance(self.target, tuple):
            return f"play {self.card} on {self.target[1]} (player {self.target[0]})"
        return f"play {self.card} on {'player ' if isinstance(self.target, int) else ''}{self.target}"


@_action
class Discard:
    card: str
    def __str__(self): return f"discard {self.card}"


@_action
class Dig:
    def __str__(self): return "dig for treasure"


@_action
class BuyPart:
    part: str
    def __str__(self): return f"buy the {self.part}"


@_action
class Recruit:
    pirate: str
    def __str__(self): return f"recruit {self.pirate}"


@_action
class Replace:
    old: str
    new: str
    def __str__(self): return f"replace {self.old} by {self.new}"


@_action
class MakeCaptain:
    pirate: str
    def __str__(self): return f"make {self.pirate} captain"


@_action
class Done:
    def __str__(self): return "done"


@_action
class Reroll:
    keep: str  # "high" (re-roll the lower die), "low" (re-roll the higher die) or "none" (both)
    def __str__(self):
        return {"high": "spend a cannonball: keep the high die", "low": "spend a cannonball: keep the low die",
                "none": "spend a cannonball: re-roll both dice"}[self.keep]


@_action
class Accept:
    def __str__(self): return "keep this roll"


@_action
class Sacrifice:
    pirate: str
    def __str__(self): return f"sacrifice {self.pirate} to prevent the mutiny"


@_action
class AcceptMutiny:
    def __str__(self): return "accept the mutiny"


@_action
class Steal:
    player: int
    def __str__(self): return f"steal Doubloons from player {self.player}"


@_action
class KeepPirates:
    captain: str
    mate: str
    def __str__(self): return f"keep {self.captain} (captain) and {self.mate}"


# ------------------------------------------------------------------ skills
def skills(player: Player, comp=None) -> list[str]:
    """Every skill in effect on a ship: each pirate's skill, the captain's skill (all captain
    skills if the captain has "Other Pirates count as Captains").

    Rules: King of Pirates › Pirate Skills
    Rules: King of Pirates › Captain's Skills
    """
    comp = comp or components()
    out = [comp.pirates[p]["skill"] for p in player.crew]
    if player.crew:
        captain = comp.pirates[player.crew[0]]["captain"]
        out.append(captain)
        if captain == "Other Pirates count as Captains":
            out.extend(comp.pirates[p]["captain"] for p in player.crew[1:])
    return out


def _count(player: Player, skill: str, comp=None) -> int:
    return skills(player, comp).count(skill)


def max_rum(player: Player, comp=None) -> int:
    """Ship and parts + "+1 Maximum Rum" skills.  Rules: King of Pirates › Pirate Skills"""
    comp = comp or components()
    return comp.ship["rum"] + sum(comp.parts[p]["rum"] for p in player.parts) + _count(player, "+1 Maximum Rum", comp)


def max_cannonballs(player: Player, comp=None) -> int:
    """Ship and parts + "+1 Maximum Cannonballs" skills.  Rules: King of Pirates › Pirate Skills"""
    comp = comp or components()
    return (comp.ship["cannonballs"] + sum(comp.parts[p]["cannonballs"] for p in player.parts)
            + _count(player, "+1 Maximum Cannonballs", comp))


def crew_positions(player: Player, comp=None) -> int:
    """Crew places: the ship's and one per part bought.  Rules: King of Pirates › Phase 2: Movement Phase"""
    comp = comp or components()
    return comp.ship["crew_positions"] + len(player.parts)


def hand_limit(player: Player, comp=None) -> int:
    """Six action cards, one more with "+1 Black Card per turn".

    Rules: King of Pirates › Phase 1: Upkeep Phase
    Rules: King of Pirates › Captain's Skills
    """
    comp = comp or components()
    return comp.rules["hand_limit"] + _count(player, "+1 Black Card per turn", comp)


def movement(player: Player, tailwinds: int = 0, comp=None) -> int:
    """Sails + "+1 Movement" pirates − scurvy, never below 1; a Tailwind adds 2 past scurvy.

    Rules: King of Pirates › Phase 2: Movement Phase
    """
    comp = comp or components()
    base = comp.ship["sails"] + len(player.parts) + _count(player, "+1 Movement", comp)
    return max(1, base - player.scurvy) + 2 * tailwinds


def treasure_maps_needed(player: Player, rating: int, comp=None) -> int:
    """Rating − 1 per "Count as 1 Treasure Map" − 2 per "Count as 2 Treasure Maps", never below 0.

    Rules: King of Pirates › Phase 2: Movement Phase
    """
    return max(0, rating - _count(player, "Count as 1 Treasure Map", comp)
               - 2 * _count(player, "Count as 2 Treasure Maps", comp))


def combat_modifier(player: Player, versus_players: bool, comp=None) -> int:
    """Skill bonuses − scurvy (cards are added by the engine).  Rules: King of Pirates › Phase 3: Combat Phase"""
    if versus_players:
        bonus = _count(player, "+1 Combat vs. other Players", comp) + 2 * _count(player, "+2 Combat vs. other Players", comp)
    else:
        bonus = _count(player, "+1 Combat vs. Nations", comp) + 2 * _count(player, "+2 Combat vs. Nations", comp)
    return bonus - player.scurvy


# ------------------------------------------------------------------ the game
class Game(core.Game):
    """King of Pirates for 2 to 6 players.  ``max_turns`` counts rounds (every player once)."""

    name = GAME
    title = "King of Pirates"
    rulebook = "king_of_pirates.txt"
    notebook = "king_of_pirates.ipynb"
    description = "Sail a 61-hex sea, dodge the Flying Dutchman, roll 2d6 with cannonball re-rolls."
    order = 20
    min_players = 2
    max_players = 6
    end_rule = TURN_RULE
    turn_rule = TURN_RULE
    default_options = {"win_doubloons": None}

    def __init__(self, players: int = 2, max_turns: int | None = None, **options: Any):
        super().__init__(players, max_turns, **options)
        self.components = components()
        win = self.options["win_doubloons"]
        if win is not None and (isinstance(win, bool) or not isinstance(win, int) or win < 1):
            raise ValueError(f"win_doubloons must be a positive whole number or None, got {win!r}")
        self.win_doubloons = win if win is not None else self.components.rules["win_doubloons"]

    def new_initial_state(self) -> "State":
        return State(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)


class State(core.State):
    """A King of Pirates position.  See the module docstring for the turn's tasks."""

    def __init__(self, game: Game):
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
        self.offer: list = []              # pirate cards drawn and not yet placed
        self.current: int = 0
        self.round: int = 1
        self.moves_left: int = 0
        self.combat = None                 # dict while a combat is on
        self.turn_bonus: dict = {}
        self.winner = None
        tasks: list = []
        for p in range(game.players):
            tasks.append(("setup_draw", p))
        for p in range(game.players):
            tasks.append(("draw_actions", p, comp.rules["starting_action_cards"]))
        tasks.append(("start_turn",))
        self.agenda: list = list(reversed(tasks))
        self.say(f"{game.players} players; the Flying Dutchman waits at the centre.")
        self._settle()

    # ---------------------------------------------------------------- helpers
    @property
    def comp(self):
        return self.game.components

    def clone(self) -> "State":
        """A copy sharing only immutable values (faster than a deep copy; the fields hold
        immutable values inside their lists and dicts, except the two nested ones copied here)."""
        new = copy.copy(self)
        for key, value in vars(self).items():
            if isinstance(value, (list, dict)):
                setattr(new, key, type(value)(value))
        new.tile_pools = {k: dict(v) for k, v in self.tile_pools.items()}
        new.turn_bonus = {k: list(v) for k, v in self.turn_bonus.items()}
        return new

    def _set(self, p: int, **changes) -> None:
        self.players[p] = replace(self.players[p], **changes)

    def _top(self):
        return self.agenda[-1] if self.agenda else None

    def _push(self, *tasks) -> None:
        """Push tasks so that the first given is done first."""
        self.agenda.extend(reversed(tasks))

    def _cut_turn(self) -> None:
        """The current player's turn ends now (only ``end_turn`` and what follows it stay)."""
        for i in range(len(self.agenda) - 1, -1, -1):
            if self.agenda[i][0] == "end_turn":
                del self.agenda[i + 1:]
                return

    def at_lair(self, p: int) -> bool:
        return self.players[p].position in self.comp.lairs

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

    def _gain_scurvy(self, p: int) -> None:
        """Rules: King of Pirates › Captain's Skills (Immune to Scurvy)"""
        if _count(self.players[p], "Immune to Scurvy", self.comp):
            self.say(f"Player {p}'s crew is immune to scurvy: the token is discarded.")
        else:
            self._set(p, scurvy=self.players[p].scurvy + 1)
            self.say(f"Player {p} gets a Scurvy token ({self.players[p].scurvy}).")

    def _discard_card(self, card: str) -> None:
        self.action_discard[card] = self.action_discard.get(card, 0) + 1

    def _remove_from_hand(self, p: int, card: str, n: int = 1) -> None:
        hand = list(self.players[p].hand)
        for _ in range(n):
            hand.remove(card)
            self._discard_card(card)
        self._set(p, hand=tuple(hand))

    def _discard_pirates(self, pirates) -> None:
        self.pirate_discard.extend(pirates)
        self.pirate_discard.sort()

    def _lose_pirate(self, p: int, pirate: str) -> None:
        crew = tuple(c for c in self.players[p].crew if c != pirate)
        self._set(p, crew=crew)
        self._discard_pirates([pirate])
        self._clamp(p)

    def _clamp(self, p: int) -> None:
        """Rum and cannonballs above a smaller maximum go back to the supply (our assumption)."""
        player = self.players[p]
        self._set(p, rum=min(player.rum, max_rum(player, self.comp)),
                  cannonballs=min(player.cannonballs, max_cannonballs(player, self.comp)))

    def _check_winner(self) -> None:
        for p, player in enumerate(self.players):
            if player.doubloons >= self.game.win_doubloons and self.winner is None:
                self.winner = p
                self.agenda = []
                self.say(f"Player {p} reaches {player.doubloons} Doubloons and is King of Pirates!")

    # ---------------------------------------------------------------- the Flying Dutchman
    def _sweep(self, cell: Cell) -> None:
        """Everyone on the Dutchman's space (not at a lair) loses hand and pirates and goes to a
        random lair; the current player's turn ends.  Rules: King of Pirates › Important Game Concepts"""
        if cell in self.comp.lairs:
            return
        victims = [p for p, pl in enumerate(self.players) if pl.position == cell]
        for p in victims:
            player = self.players[p]
            for card in player.hand:
                self._discard_card(card)
            self._discard_pirates(player.crew)
            self._set(p, hand=(), crew=())
            self._clamp(p)
            self.say(f"The Flying Dutchman takes player {p}'s cards and pirates!")
        if self.current in victims:
            self._cut_turn()
            self.combat = None
        elif self.combat is not None and self.combat["defender"] in victims:
            self._cancel_combat()
        self._push(*[("relocate", p) for p in victims])

    def _move_dutchman(self, face: str) -> None:
        dq, dr = DIRECTIONS[self.comp.compass.index(face)]
        q, r = self.dutchman
        nxt = (q + dq, r + dr)
        if not on_board(nxt, self.comp.radius):
            nxt = self.comp.centre
            self.say("The Flying Dutchman sails off the map and returns to the centre.")
        self.dutchman = nxt
        self.say(f"The Flying Dutchman moves {face} to {nxt}.")
        self._sweep(nxt)

    # ---------------------------------------------------------------- mutiny
    def _cancel_combat(self) -> None:
        """The defender was swept away: the combat does not happen."""
        self.say("The combat is off.")
        self.agenda = [t for t in self.agenda if t[0] not in ("roll", "rerolls", "reroll_die", "resolve_combat")]
        self.combat = None

    def _mutiny(self, p: int) -> None:
        """Rules: King of Pirates › Important Game Concepts"""
        self.say(f"Player {p}'s crew threatens a mutiny!")
        self._push(("mutiny", p))

    # ---------------------------------------------------------------- protocol
    def current_player(self) -> int:
        top = self._top()
        if top is None:
            return TERMINAL
        kind = top[0]
        if kind in ("setup_draw", "draw_actions", "compass", "upkeep_die", "relocate", "reveal", "roll",
                    "reroll_die", "loot", "lair_draw"):
            return CHANCE
        if kind == "window":
            return top[2][0]
        if kind in ("rerolls",):
            return self._roller(top[1])
        return top[1]

    def _roller(self, side: str) -> int:
        return self.combat["attacker"] if side == "attacker" else self.combat["defender"]

    def _settle(self) -> None:
        """Do bookkeeping tasks and skip decisions that have no choice, until a real node."""
        while self.agenda:
            top = self.agenda[-1]
            handler = getattr(self, "_auto_" + top[0], None)
            if handler is None:
                return
            if handler(top) is False:   # a decision/chance task that has something to decide
                return

    # ---- automatic tasks (return False to say "this one needs a decision after all")
    def _auto_start_turn(self, task):
        self.agenda.pop()
        p = self.current
        player = self.players[p]
        draws = self.comp.rules["upkeep_draw"] + _count(player, "+1 Black Card per turn", self.comp)
        self.say(f"— Round {self.round}, player {p}'s turn: upkeep.")
        self._push(("make_room", p, draws), ("draw_actions", p, draws), ("steal", p), ("compass",),
                   ("upkeep_die", p), ("open_window", "upkeep"), ("open_window", "movement"),
                   ("start_movement", p), ("movement", p), ("arrive", p), ("end_turn",))

    def _auto_end_turn(self, task):
        self.agenda.pop()
        self.combat, self.turn_bonus, self.moves_left = None, {}, 0
        if self.offer:
            self._discard_pirates(self.offer)
            self.offer = []
        self.current = (self.current + 1) % self.game.players
        if self.current == 0:
            self.round += 1
        if self.game.max_turns is not None and self.round > self.game.max_turns:
            self.say(f"After {self.game.max_turns} round(s) the game stops here.")
            self.agenda = []
            return
        self._push(("start_turn",))

    def _auto_make_room(self, task):
        _, p, draws = task
        if len(self.players[p].hand) + draws <= hand_limit(self.players[p], self.comp):
            self.agenda.pop()
            return True
        return False

    def _auto_draw_actions(self, task):
        _, p, n = task
        if n <= 0 or (not any(self.action_deck.values()) and not any(self.action_discard.values())):
            self.agenda.pop()
            return True
        if len(self.players[p].hand) >= hand_limit(self.players[p], self.comp):
            self.agenda.pop()
            return True
        if not any(self.action_deck.values()):
            self.action_deck, self.action_discard = {k: v for k, v in self.action_discard.items() if v}, {}
            self.say("The action deck is empty: the discard pile is shuffled into a new deck.")
        return False

    def _auto_setup_draw(self, task):
        if len(self.offer) >= self.comp.rules["starting_pirate_draw"] or not (self.pirate_deck or self.pirate_discard):
            self.agenda[-1] = ("setup_keep", task[1])
            return True
        if not self.pirate_deck:
            self.pirate_deck, self.pirate_discard = sorted(self.pirate_discard), []
        return False

    def _auto_setup_keep(self, task):
        if len(self.offer) < 2:
            p = task[1]
            self._set(p, crew=tuple(self.offer))
            self.offer = []
            self.agenda.pop()
            self._refill(p)
            return True
        return False

    def _auto_steal(self, task):
        p = task[1]
        if not _count(self.players[p], "Move 2 on the victory track", self.comp) or \
                not any(pl.doubloons for q, pl in enumerate(self.players) if q != p):
            self.agenda.pop()
            return True
        return False

    def _auto_upkeep_die(self, task):
        if self.at_lair(task[1]):
            self.say(f"Player {task[1]} is at a Pirates Lair: no upkeep die.")
            self.agenda.pop()
            return True
        return False

    def _auto_open_window(self, task):
        kind = task[1]
        after = task[2] if len(task) > 2 else None
        self.agenda.pop()
        start = self.current if after is None else (after + 1) % self.game.players
        order = [(start + i) % self.game.players for i in range(self.game.players)]
        asked = tuple(p for p in order if self._plays(p, kind))
        if asked:
            self.agenda.append(("window", kind, asked))
        return True

    def _auto_window(self, task):
        _, kind, asked = task
        asked = tuple(p for p in asked if self._plays(p, kind))
        if not asked:
            self.agenda.pop()
            return True
        if asked != task[2]:
            self.agenda[-1] = ("window", kind, asked)
        return False

    def _auto_start_movement(self, task):
        p = task[1]
        self.agenda.pop()
        self.moves_left = movement(self.players[p], self.turn_bonus.get("tailwind", []).count(p), self.comp)
        self.say(f"Player {p} may sail {self.moves_left} space(s).")
        return True

    def _auto_movement(self, task):
        if self.moves_left <= 0:
            self.agenda.pop()
            return True
        return False

    def _auto_arrive(self, task):
        """End of movement: a lair's visit in printed order, or dig / combat.  Rules: King of Pirates › Phase 2: Movement Phase"""
        p = task[1]
        self.agenda.pop()
        cell = self.players[p].position
        if cell in self.comp.lairs:
            player = self.players[p]
            if player.scurvy:
                self.say(f"At the Pirates Lair player {p} gets rid of {player.scurvy} Scurvy token(s).")
            self._set(p, scurvy=0)
            self._push(("lair_buy", p), ("lair_draw_start", p), ("lair_crew", p, 0), ("refill", p))
            return True
        place = self.place_at(cell)
        if place and place[0].endswith("island") and cell not in self.dug:
            self._push(("dig", p))
        self._push(("combat_choose", p))
        return True

    def _auto_lair_buy(self, task):
        if not self._buyable(task[1]):
            self.agenda.pop()
            return True
        return False

    def _auto_lair_draw_start(self, task):
        """Draw vacant positions + 1 pirates.  Rules: King of Pirates › Phase 2: Movement Phase"""
        p = task[1]
        self.agenda.pop()
        vacant = crew_positions(self.players[p], self.comp) - len(self.players[p].crew)
        self._push(("lair_draw", p, vacant + 1))
        return True

    def _auto_lair_draw(self, task):
        _, p, n = task
        if n <= 0 or not (self.pirate_deck or self.pirate_discard):
            self.agenda.pop()
            return True
        if not self.pirate_deck:
            self.pirate_deck, self.pirate_discard = sorted(self.pirate_discard), []
        return False

    def _auto_lair_crew(self, task):
        if self._crew_actions(task[1], task[2]) == [Done()]:
            self.agenda.pop()
            return True
        return False

    def _auto_refill(self, task):
        self.agenda.pop()
        self._refill(task[1])
        return True

    def _refill(self, p: int) -> None:
        """Rules: King of Pirates › Phase 2: Movement Phase (gain Rum and Cannonballs equal to your maximum)"""
        player = self.players[p]
        self._set(p, rum=max_rum(player, self.comp), cannonballs=max_cannonballs(player, self.comp))
        if self.offer:
            self._discard_pirates(self.offer)
            self.offer = []

    def _auto_dig(self, task):
        if not self._can_dig(task[1]):
            self.agenda.pop()
            return True
        return False

    def _auto_combat_choose(self, task):
        p = task[1]
        cell = self.players[p].position
        ship = self.ships.get(cell)
        if ship and self.comp.targets[ship]["warship"]:
            self.agenda.pop()
            self.say(f"A {ship} forces player {p} to fight!")
            self._start_combat(p, ship)
            return True
        if not self._targets(p):
            self.agenda.pop()
            return True
        return False

    def _auto_rerolls(self, task):
        if not self._may_reroll(task[1]):
            self.agenda.pop()
            return True
        return False

    def _auto_resolve_combat(self, task):
        self.agenda.pop()
        self._resolve_combat()
        return True

    def _auto_loot(self, task):
        """Loot cards become Doubloons; a loser pays at most what it has.  Rules: King of Pirates › Phase 3: Combat Phase"""
        _, winner, left, loser, total = task
        if left > 0 and not any(self.loot_deck.values()):
            if any(self.loot_discard.values()):
                self.loot_deck, self.loot_discard = {k: v for k, v in self.loot_discard.items() if v}, {}
            else:
                left = 0
        if left > 0:
            return False
        self.agenda.pop()
        if loser is None:
            self._set(winner, doubloons=self.players[winner].doubloons + total)
            self.say(f"Player {winner} plunders {total} Doubloons.")
        else:
            stolen = min(total, self.players[loser].doubloons)
            self._set(loser, doubloons=self.players[loser].doubloons - stolen)
            self._set(winner, doubloons=self.players[winner].doubloons + stolen)
            self.say(f"Player {winner} steals {stolen} Doubloons from player {loser} (the loot cards allowed {total}).")
        self._check_winner()
        return True

    # ---------------------------------------------------------------- chance
    def _chance_outcomes(self) -> Dist:
        top = self._top()
        kind = top[0]
        if kind in ("setup_draw", "lair_draw"):
            return Dist.uniform(self.pirate_deck)
        if kind == "draw_actions":
            return Dist.from_weights({c: n for c, n in self.action_deck.items() if n})
        if kind in ("compass", "relocate"):
            return Dist.uniform(self.comp.compass)
        if kind == "upkeep_die":
            return upkeep_die(self.comp.upkeep_die)
        if kind == "reveal":
            return Dist.from_weights({c: n for c, n in self.tile_pools[top[2]].items() if n})
        if kind == "roll":
            return two_dice()
        if kind == "reroll_die":
            return two_dice() if top[2] == "none" else Dist.die(6)
        if kind == "loot":
            return Dist.from_weights({v: n for v, n in self.loot_deck.items() if n})
        raise AssertionError(kind)  # pragma: no cover

    def _apply_chance(self, outcome) -> None:
        top = self.agenda.pop()
        kind = top[0]
        if kind in ("setup_draw", "lair_draw"):
            self.pirate_deck.remove(outcome)
            self.offer.append(outcome)
            self.say(f"Player {top[1]} draws the pirate {outcome}.")
            if kind == "setup_draw":
                self.agenda.append(top)
            else:
                self.agenda.append(("lair_draw", top[1], top[2] - 1))
        elif kind == "draw_actions":
            _, p, n = top
            self.action_deck[outcome] -= 1
            if not self.action_deck[outcome]:
                del self.action_deck[outcome]
            self._set(p, hand=tuple(sorted(self.players[p].hand + (outcome,))))
            self.say(f"Player {p} draws an action card.")
            self.agenda.append(("draw_actions", p, n - 1))
        elif kind == "compass":
            self._move_dutchman(outcome)
        elif kind == "relocate":
            p = top[1]
            lair = self.comp.corner_lair(self.comp.compass.index(outcome))
            self._set(p, position=lair)
            self.say(f"The compass die sends player {p} to the Pirates Lair at {lair}.")
        elif kind == "upkeep_die":
            self._upkeep(top[1], outcome)
        elif kind == "reveal":
            self._reveal(top[1], top[2], outcome)
        elif kind == "roll":
            self.combat[top[1] + "_roll"] = outcome
            self.say(f"The {top[1]} rolls {outcome[0]} and {outcome[1]}.")
        elif kind == "reroll_die":
            side, keep = top[1], top[2]
            high, low = self.combat[side + "_roll"]
            if keep == "none":
                new = outcome
            else:
                kept = high if keep == "high" else low
                new = tuple(sorted((kept, outcome), reverse=True))
            self.combat[side + "_roll"] = new
            self.say(f"The {side} re-rolls: now {new[0]} and {new[1]}.")
        elif kind == "loot":
            _, winner, left, loser, total = top
            self.loot_deck[outcome] -= 1
            if not self.loot_deck[outcome]:
                del self.loot_deck[outcome]
            self.loot_discard[outcome] = self.loot_discard.get(outcome, 0) + 1
            self.agenda.append(("loot", winner, left - 1, loser, total + outcome))

    def _upkeep(self, p: int, face: str) -> None:
        """Rules: King of Pirates › Phase 1: Upkeep Phase"""
        self.say(f"Upkeep die: {face}.")
        if face == "scurvy":
            self._gain_scurvy(p)
            return
        lost = RUM_LOST[face]
        player = self.players[p]
        if lost > player.rum:
            self._set(p, rum=0)
            self._mutiny(p)
        else:
            self._set(p, rum=player.rum - lost)

    def _reveal(self, cell: Cell, pool: str, content: str) -> None:
        """Rules: King of Pirates › Phase 2: Movement Phase"""
        self.tile_pools[pool][content] -= 1
        self.revealed[cell] = content
        if content == "empty":
            self.say(f"The {pool} tile at {cell} is empty and is removed.")
            return
        self.ships[cell] = content
        self.say(f"The {pool} tile at {cell} hides a {content}!")
        if self.comp.targets[content]["warship"] and self.players[self.current].position == cell:
            self.moves_left = 0

    # ---------------------------------------------------------------- decisions
    def _legal_actions(self):
        top = self._top()
        kind = top[0]
        p = self.current_player()
        if kind == "setup_keep":
            return [KeepPirates(a, b) for a, b in permutations(self.offer, 2)]
        if kind == "make_room":
            return [Discard(c) for c in sorted(set(self.players[p].hand))]
        if kind == "steal":
            return [Pass()] + [Steal(q) for q, pl in enumerate(self.players) if q != p and pl.doubloons]
        if kind == "mutiny":
            out = [AcceptMutiny()]
            if "Keelhauling" in self.players[p].hand:
                out.append(Play("Keelhauling"))
            comp = self.comp
            out += [Sacrifice(c) for c in self.players[p].crew if comp.pirates[c]["skill"] == "Sacrifice to prevent Mutiny"]
            return out
        if kind == "window":
            return [Pass()] + self._card_plays(p, top[1])
        if kind == "movement":
            return [StopMoving()] + [Sail(c) for c in neighbours(self.players[p].position, self.comp.radius)]
        if kind == "lair_buy":
            return [Done()] + [BuyPart(part) for part in self._buyable(p)]
        if kind == "lair_crew":
            return self._crew_actions(p, top[2])
        if kind == "dig":
            return [Pass(), Dig()]
        if kind == "combat_choose":
            return [EndTurn()] + [Attack(t) for t in self._targets(p)]
        if kind == "rerolls":
            return [Accept()] + [Reroll(k) for k in ("high", "low", "none")]
        raise AssertionError(kind)  # pragma: no cover

    def _apply_action(self, action) -> None:
        top = self._top()
        if self.current_player() == CHANCE:
            self._apply_chance(action)
        else:
            getattr(self, "_do_" + top[0])(self.current_player(), top, action)
        self._settle()

    def _do_setup_keep(self, p, task, action):
        self.agenda.pop()
        self._set(p, crew=(action.captain, action.mate))
        rest = [c for c in self.offer if c not in (action.captain, action.mate)]
        self._discard_pirates(rest)
        self.offer = []
        self._refill(p)
        self.say(f"Player {p} keeps {action.captain} as captain and {action.mate}.")

    def _do_make_room(self, p, task, action):
        self._remove_from_hand(p, action.card)
        self.say(f"Player {p} discards {action.card} to make room.")

    def _do_steal(self, p, task, action):
        """Rules: King of Pirates › Captain's Skills ("Move 2 on the victory track")"""
        self.agenda.pop()
        if isinstance(action, Steal):
            amount = min(self.comp.rules["steal_limit"], self.players[action.player].doubloons)
            self._set(action.player, doubloons=self.players[action.player].doubloons - amount)
            self._set(p, doubloons=self.players[p].doubloons + amount)
            self.say(f"Player {p}'s captain steals {amount} Doubloons from player {action.player}.")
            self._check_winner()

    def _do_mutiny(self, p, task, action):
        """Rules: King of Pirates › Important Game Concepts"""
        self.agenda.pop()
        if isinstance(action, Play):
            self._remove_from_hand(p, "Keelhauling")
            self.say(f"Player {p} keelhauls the ringleader: no mutiny.")
        elif isinstance(action, Sacrifice):
            self._lose_pirate(p, action.pirate)
            self.say(f"Player {p} sacrifices {action.pirate}: no mutiny.")
        else:
            crew = self.players[p].crew
            if crew:
                self.say(f"Mutiny! Captain {crew[0]} is thrown overboard.")
                self._lose_pirate(p, crew[0])
            else:
                self.say("Mutiny! (There is no captain to discard.)")
            if p == self.current:
                self._cut_turn()
                self.combat = None
            self._push(("relocate", p))

    def _do_window(self, p, task, action):
        """The first card played is the first to take effect.  Rules: King of Pirates › Action Cards"""
        _, kind, asked = task
        self.agenda.pop()
        if isinstance(action, Pass):
            if len(asked) > 1:
                self.agenda.append(("window", kind, asked[1:]))
            return
        self.agenda.append(("open_window", kind, p))   # go round again after the card
        self._play(p, action)

    def _do_movement(self, p, task, action):
        """Rules: King of Pirates › Phase 2: Movement Phase"""
        if isinstance(action, StopMoving):
            self.agenda.pop()
            self.moves_left = 0
            self.say(f"Player {p} stops at {self.players[p].position}.")
            return
        cell = action.to
        self.moves_left -= 1
        self._set(p, position=cell)
        self.say(f"Player {p} sails to {cell}.")
        if cell == self.dutchman and cell not in self.comp.lairs:
            self.say("…straight into the Flying Dutchman!")
            self._sweep(cell)
            return
        pool = self.hidden(cell)
        if pool:
            self._push(("reveal", cell, pool))
            return
        ship = self.ships.get(cell)
        if ship and self.comp.targets[ship]["warship"]:
            self.say(f"A {ship} blocks the way: player {p} must stop and fight.")
            self.moves_left = 0

    def _do_lair_buy(self, p, task, action):
        if isinstance(action, Done):
            self.agenda.pop()
            return
        player = self.players[p]
        self._set(p, parts=player.parts + (action.part,), doubloons=player.doubloons - self.comp.ship["part_cost"])
        self.say(f"Player {p} buys the {action.part} for {self.comp.ship['part_cost']} Doubloons.")

    def _do_lair_crew(self, p, task, action):
        player = self.players[p]
        if isinstance(action, Done):
            self.agenda.pop()
            return
        if isinstance(action, Recruit):
            self.offer.remove(action.pirate)
            self._set(p, crew=player.crew + (action.pirate,))
            self.say(f"Player {p} recruits {action.pirate}.")
        elif isinstance(action, Replace):
            self.offer.remove(action.new)
            crew = tuple(action.new if c == action.old else c for c in player.crew)
            self._set(p, crew=crew)
            self._discard_pirates([action.old])
            self.say(f"Player {p} replaces {action.old} by {action.new}.")
        elif isinstance(action, MakeCaptain):
            crew = (action.pirate,) + tuple(c for c in player.crew if c != action.pirate)
            self._set(p, crew=crew)
            self.agenda[-1] = ("lair_crew", p, 1)
            self.say(f"{action.pirate} is now player {p}'s captain.")
        self._clamp(p)

    def _do_dig(self, p, task, action):
        """Rules: King of Pirates › Phase 2: Movement Phase (digging for treasure)"""
        self.agenda.pop()
        if isinstance(action, Pass):
            return
        cell = self.players[p].position
        island = self.comp.islands[self.place_at(cell)[0]]
        need = treasure_maps_needed(self.players[p], island["rating"], self.comp)
        if need:
            self._remove_from_hand(p, "Treasure Map", need)
        self.dug.append(cell)
        self._set(p, doubloons=self.players[p].doubloons + island["value"])
        self.say(f"Player {p} turns in {need} Treasure Map(s) and digs up {island['value']} Doubloons.")
        self._check_winner()

    def _do_combat_choose(self, p, task, action):
        self.agenda.pop()
        if isinstance(action, Attack):
            self._start_combat(p, action.target)

    def _do_rerolls(self, p, task, action):
        if isinstance(action, Accept):
            self.agenda.pop()
            return
        self._set(p, cannonballs=self.players[p].cannonballs - 1)
        self._push(("reroll_die", task[1], action.keep))

    # ---------------------------------------------------------------- legality helpers
    def _buyable(self, p: int) -> list[str]:
        player = self.players[p]
        if player.doubloons < self.comp.ship["part_cost"]:
            return []
        return [part for part in self.comp.parts if part not in player.parts]

    def _crew_actions(self, p: int, captain_changed: int) -> list:
        player = self.players[p]
        out: list = [Done()]
        if len(player.crew) < crew_positions(player, self.comp):
            out += [Recruit(c) for c in self.offer]
        out += [Replace(old, new) for old in player.crew for new in self.offer]
        if not captain_changed:
            out += [MakeCaptain(c) for c in player.crew[1:]]
        return out

    def _can_dig(self, p: int) -> bool:
        cell = self.players[p].position
        place = self.place_at(cell)
        if not place or not place[0].endswith("island") or cell in self.dug:
            return False
        need = treasure_maps_needed(self.players[p], self.comp.islands[place[0]]["rating"], self.comp)
        return self.players[p].hand.count("Treasure Map") >= need

    def _targets(self, p: int) -> list:
        """What player p may attack here.  Rules: King of Pirates › Phase 3: Combat Phase"""
        cell = self.players[p].position
        if cell in self.comp.lairs:
            return []
        out: list = []
        if cell in self.ships:
            out.append(self.ships[cell])
        place = self.place_at(cell)
        if place and place[0] in ("city", "stronghold"):
            out.append(place[0])
        out += [q for q, pl in enumerate(self.players) if q != p and pl.position == cell]
        return out

    # ---------------------------------------------------------------- cards
    def _plays(self, p: int, kind: str) -> bool:
        return bool(self._card_plays(p, kind))

    def _card_plays(self, p: int, kind: str) -> list:
        """The cards player p may play in this window, with their targets.  Rules: King of Pirates › Action Cards"""
        timing = WINDOW_TIMING[kind]
        hand = sorted(set(self.players[p].hand))
        comp = self.comp
        combat = self.combat
        out: list = []
        for card in hand:
            letter = comp.action_cards[card]["timing"]
            if letter not in timing:
                continue
            if card == "Mutiny" and p != self.current:
                out.append(Play(card))
            elif card == "Tailwind" and p == self.current:
                out.append(Play(card))
            elif card == "Assault" and combat and combat["attacker"] == p:
                out.append(Play(card))
            elif card == "Ambush" and combat and combat["defender"] == p:
                out.append(Play(card))
            elif card == "Mercenaries" and combat:
                out.append(Play(card, combat["attacker"]))
                out.append(Play(card, combat["defender"] if combat["defender"] is not None else "nation"))
            elif card == "Soldiers" and combat and combat["defender"] is None:
                out.append(Play(card, "nation"))
            elif card == "Scurvy":
                out += [Play(card, q) for q in range(self.game.players) if q != p]
            elif card == "Citrus Fruits" and self.players[p].scurvy:
                out.append(Play(card))
            elif card == "Assassination":
                out += [Play(card, (q, c)) for q, pl in enumerate(self.players) if q != p for c in pl.crew
                        if comp.pirates[c]["skill"] != "Immune to Assassination"]
            elif card == "The Flying Dutchman":
                out += [Play(card, face) for face in comp.compass]
        return out

    def _play(self, p: int, action: Play) -> None:
        """A card takes effect at once.  Rules: King of Pirates › Action Cards"""
        card, target = action.card, action.target
        self._remove_from_hand(p, card)
        self.say(f"Player {p} plays {card}.")
        bonus = self.turn_bonus
        if card == "Mutiny":
            self._mutiny(self.current)
        elif card == "Tailwind":
            bonus.setdefault("tailwind", []).append(p)
        elif card in ("Assault", "Ambush"):
            bonus.setdefault(card.lower(), []).append(p)
        elif card == "Mercenaries":
            bonus.setdefault("mercenaries", []).append(target)
        elif card == "Soldiers":
            bonus.setdefault("soldiers", []).append(target)
        elif card == "Scurvy":
            self._gain_scurvy(target)
        elif card == "Citrus Fruits":
            self._set(p, scurvy=0)
        elif card == "Assassination":
            q, pirate = target
            self.say(f"{pirate} (player {q}) is assassinated.")
            self._lose_pirate(q, pirate)
        elif card == "The Flying Dutchman":
            self._move_dutchman(target)

    # ---------------------------------------------------------------- combat
    def _start_combat(self, p: int, target) -> None:
        """Rules: King of Pirates › Phase 3: Combat Phase"""
        pvp = isinstance(target, int)
        self.combat = {"attacker": p, "defender": target if pvp else None, "target": None if pvp else target,
                       "cell": self.players[p].position, "attacker_roll": None, "defender_roll": None}
        self.say(f"Combat: player {p} attacks {'player ' + str(target) if pvp else 'the ' + target}.")
        tasks = [("open_window", "combat"), ("roll", "attacker"), ("rerolls", "attacker")]
        if pvp:
            tasks += [("roll", "defender"), ("rerolls", "defender")]
        self._push(*tasks, ("resolve_combat",))

    def _modifiers(self) -> tuple[int, int]:
        """(attacker's modifier, defender's modifier) in player combat, or (attacker's modifier, the
        nation's defence value): skills, scurvy and the cards played.

        Rules: King of Pirates › Phase 3: Combat Phase
        Rules: King of Pirates › Action Cards
        """
        c = self.combat
        bonus = self.turn_bonus
        pvp = c["defender"] is not None
        a_mod = combat_modifier(self.players[c["attacker"]], pvp, self.comp) \
            + 2 * bonus.get("assault", []).count(c["attacker"]) + bonus.get("mercenaries", []).count(c["attacker"])
        if pvp:
            d_mod = combat_modifier(self.players[c["defender"]], True, self.comp) \
                + 3 * bonus.get("ambush", []).count(c["defender"]) + bonus.get("mercenaries", []).count(c["defender"])
            return a_mod, d_mod
        defence = self.comp.targets[c["target"]]["defence"] + 2 * len(bonus.get("soldiers", [])) \
            + bonus.get("mercenaries", []).count("nation")
        return a_mod, defence

    def totals(self) -> tuple[int, int]:
        """(attacker's total, what it must reach): a nation's defence value, or the defender's total
        (ties go to the attacker).  A total not rolled yet is None."""
        c = self.combat
        a_mod, other = self._modifiers()
        a_total = sum(c["attacker_roll"]) + a_mod if c["attacker_roll"] else None
        if c["defender"] is not None:
            other = sum(c["defender_roll"]) + other if c["defender_roll"] else None
        return a_total, other

    def attack_modifier(self) -> int:
        """The attacker's modifier in the current combat (skills, scurvy, cards)."""
        return self._modifiers()[0]

    def _may_reroll(self, side: str) -> bool:
        """Cannonballs re-roll after a failed roll (an attacker in PvP may re-roll any time)."""
        c = self.combat
        if c is None or c[side + "_roll"] is None:
            return False
        p = self._roller(side)
        if self.players[p].cannonballs <= 0:
            return False
        a_total, other = self.totals()
        if side == "attacker":
            return c["defender"] is not None or a_total < other
        return other <= a_total   # the defender has not beaten the attacker yet

    def _resolve_combat(self) -> None:
        """Total ≥ defence conquers; in player combat ties go to the attacker; loot cards follow.

        Rules: King of Pirates › Phase 3: Combat Phase
        """
        c = self.combat
        a_total, other = self.totals()
        p = c["attacker"]
        if c["defender"] is None:
            name = c["target"]
            if a_total >= other:
                info = self.comp.targets[name]
                nation = info.get("nation") or (self.place_at(c["cell"]) or (None, None))[1]
                cards = info["loot"] + _count(self.players[p], "+1 Loot Card", self.comp)
                if nation:
                    cards += 2 * _count(self.players[p], f"+2 Loot from {nation}", self.comp)
                self.say(f"{a_total} against defence {other}: the {name} is conquered! {cards} loot cards.")
                if info["ship"]:
                    del self.ships[c["cell"]]
                self._push(("loot", p, cards, None, 0))
            else:
                self.say(f"{a_total} against defence {other}: the attack fails.")
        else:
            d = c["defender"]
            winner, loser = (p, d) if a_total >= other else (d, p)
            self.say(f"Attacker {a_total}, defender {other}: player {winner} wins.")
            self._push(("loot", winner, self.comp.rules["pvp_loot_cards"], loser, 0))
        self.combat = None

    # ---------------------------------------------------------------- explanations
    def _why_illegal(self, action) -> IllegalMove | None:
        top = self._top()
        kind = top[0] if top else None
        p = self.current_player()
        if isinstance(action, Sail):
            if kind != "movement":
                return IllegalMove(MOVEMENT_RULE, "You can only sail during your Movement Phase.")
            if not on_board(action.to, self.comp.radius):
                return IllegalMove(BOARD_RULE, f"{action.to} is not a space of the 61-tile board.")
            return IllegalMove(MOVEMENT_RULE, f"You move one space at a time: {action.to} is not next to "
                                              f"{self.players[p].position}.")
        if isinstance(action, Play):
            if kind == "mutiny" and action.card != "Keelhauling":
                return IllegalMove(CARDS_RULE, "Only Keelhauling (or a scapegoat) prevents a mutiny.")
            if kind != "window" or action.card not in self.players[p].hand:
                return IllegalMove(CARDS_RULE, f"You cannot play {action.card} now: you need it in your hand, "
                                               f"in a phase its timing letter allows.")
            letter = self.comp.action_cards[action.card]["timing"]
            if letter not in WINDOW_TIMING[top[1]]:
                return IllegalMove(CARDS_RULE, f"{action.card} is a {letter} card: not playable in the {top[1]} phase.")
            return IllegalMove(CARDS_RULE, f"{action} is not a use of {action.card} the card allows here.")
        if isinstance(action, Reroll):
            return IllegalMove(COMBAT_RULE, "A cannonball re-roll needs a cannonball and a failed roll (or a "
                                            "player-versus-player attack).")
        if isinstance(action, BuyPart):
            return IllegalMove(MOVEMENT_RULE, f"Ship parts cost {self.comp.ship['part_cost']} Doubloons, are bought "
                                              f"at a Pirates Lair, and each part only once.")
        if isinstance(action, Dig):
            return IllegalMove(MOVEMENT_RULE, "Digging needs a Treasure Island with its treasure and enough "
                                              "Treasure Map cards.")
        if isinstance(action, Attack):
            return IllegalMove(COMBAT_RULE, f"There is no {action.target!s} here to attack (or you are at a Pirates "
                                            f"Lair, where nobody can be attacked).")
        if isinstance(action, (Recruit, Replace, MakeCaptain)):
            return IllegalMove(MOVEMENT_RULE, "Crew changes happen at a Pirates Lair, with the pirates drawn there.")
        if isinstance(action, Discard) and kind != "make_room":
            return IllegalMove(UPKEEP_RULE, "You discard only to make room before the upkeep draw.")
        if isinstance(action, (KeepPirates,)):
            return IllegalMove(SETUP_RULE, "Keep two of the three pirates you drew.")
        return None

    # ---------------------------------------------------------------- results and checks
    def scores(self) -> tuple:
        return tuple(pl.doubloons for pl in self.players)

    def validate(self) -> None:
        comp = self.comp
        if len(self.players) != self.game.players:
            raise ValueError("wrong number of players")
        for player in self.players:
            if not isinstance(player, Player) or not on_board(player.position, comp.radius):
                raise ValueError(f"bad player {player!r}")
            if min(player.doubloons, player.rum, player.cannonballs, player.scurvy) < 0:
                raise ValueError("negative resources")
            if len(player.crew) > crew_positions(player, comp) or len(set(player.parts)) != len(player.parts):
                raise ValueError("too many pirates or parts")
        if not on_board(self.dutchman, comp.radius):
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
        for source in (self.loot_deck, self.loot_discard):
            for v, n in source.items():
                loot[v] = loot.get(v, 0) + n
        if {v: n for v, n in loot.items() if n} != dict(comp.loot_cards):
            raise ValueError("loot cards are not all accounted for")
        for kind in ("shark", "ocean"):
            cells = comp.shark_cells if kind == "shark" else comp.ocean_cells
            shown = [self.revealed[c] for c in cells if c in self.revealed]
            for content, total in comp.tiles[kind].items():
                if self.tile_pools[kind].get(content, 0) + shown.count(content) != total:
                    raise ValueError(f"{kind} tiles are not all accounted for")
        for cell, ship in self.ships.items():
            if self.revealed.get(cell) != ship:
                raise ValueError("a ship stands where no tile revealed it")

    def __str__(self) -> str:
        lines = [super().__str__(), f"Round {self.round}; Dutchman at {self.dutchman}."]
        for p, pl in enumerate(self.players):
            lines.append(f"  player {p}: {pl.position} {pl.doubloons} Doubloons, rum {pl.rum}, cannonballs "
                         f"{pl.cannonballs}, scurvy {pl.scurvy}, crew {', '.join(pl.crew) or '-'}, {len(pl.hand)} cards")
        return "\n".join(lines)
