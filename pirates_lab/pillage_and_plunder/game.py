"""The full game of Pillage & Plunder on the core protocol (2 to 6 players).

Phases (who acts → what they may do):

=================  ==========  ===========================================================
phase              acts        actions
=================  ==========  ===========================================================
deal / first       chance      a card from the deck; the first player (highest roll)
predraw            player      sell cargo, retrieve treasure, work on the docks, draw
sell               chance→pl.  the price roll, then accept or decline the sale
draw               player      draw from the pile (chance: the card) or take the discard
play               player      play a card (two per turn) or play one onto the discard pile
discard            player      the final discard
buy_cargo          chance→pl.  the price roll, then buy or decline
event / hunt       chance      the die of an event or a treasure hunt
battle_*           both        stage decisions (call off, terms, flee) and dice (chance)
steal              player      try to steal each treasure map (chance: doubles)
merchant_pass      player      the next player may attack a merchant that got away
repair             player      every player may repair one damage
=================  ==========  ===========================================================

Every card stays somewhere: deck, discard pile, a hand, a ship, a treasure map, a prize,
or on the table during a play (``pending["table"]``); :meth:`PPState.validate` checks that
all 298 are accounted for.

Rules: Pillage & Plunder › Chapter III: Taking Your Turn
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pirates_lab.core import Dist, IllegalMove, cite, saveable
from pirates_lab.core import Game as CoreGame
from pirates_lab.core import State as CoreState

from . import battles as B
from . import components as C
from . import odds as O

GAME = "pillage_and_plunder"


def R(heading: str) -> str:
    return cite(GAME, heading)


RULE_SETUP = R("Game Setup")
RULE_STAGES = R("The Three Stages of Your Turn")
RULE_PREDRAW = R("Stage 1: The pre-draw stage")
RULE_DRAW = R("Stage 2: The draw and play stage")
RULE_REPAIR = R("Stage 3: The repair stage")
RULE_WORK = R('"Working" – An Alternative For Desperate Pirates')
RULE_SELL = R("Sell Cargo")
RULE_RETRIEVE = R("Retrieve Buried Treasure")
RULE_ADDON = R("Buy Ship Add-On")
RULE_SHIP = R("Buy Ship")
RULE_CANNON = R("Buy Cannon")
RULE_CREW = R("Hire Crew Member")
RULE_CARGO = R("Buy Cargo")
RULE_EVENT = R("Play Event Card")
RULE_ATTACK = R("Attack Opponent")
RULE_MERCHANT = R("Attack Merchant Ship")
RULE_NAVY = R("Play Navy Ship")
RULE_REPAIR_CARD = R("Repair Ship")
RULE_BURY = R("Bury Treasure")
RULE_HUNT = R("Treasure Hunt")
RULE_HULL = R("Ship Hull")
RULE_HOARD = R("Your Hoard")
RULE_PVP = R("Player Attacking Player")
RULE_MERCHANT_BATTLE = R("Player Attacking Merchant Ship")
RULE_NAVY_BATTLE = R("Navy Ship Attacking Player")
RULE_FLEE = R("Stage 2: Fight or Flee")
RULE_CANNON_BATTLE = R("Stage 3: The Cannon Battle")
RULE_MELEE = R("Stage 4: The Mêlée")
RULE_PLUNDER = R("Stage 5: Plundering the Enemy Ship")
RULE_TIMED = R("Timed Game")
RULE_LIQUIDATION = R("Asset Liquidation")
RULE_STEAL_MAPS = R("Stealing Treasure Maps")
RULE_PRIVATEER = R("Privateering")
RULE_FLEET = R("Fleet Play")

#: the order in which a player gives up crewmen (cutlass first, so a pistol keeps its +1).
LOSS_ORDER = ("Cutlass Crewman", "Quarter Master", "Cartographer", "Navigator", "Master Gunner", "Doctor",
              "Pistol Crewman")
BURY_STEP = 500


# ---------------------------------------------------------------------------- actions
@saveable
@dataclass(frozen=True)
class Act:
    """A simple decision: ``Act("draw")``, ``Act("sell", 0)``, ``Act("offer", 500)``."""

    name: str
    arg: int = -1

    def __str__(self) -> str:
        return self.name if self.arg == -1 else f"{self.name} {self.arg}"


@saveable
@dataclass(frozen=True)
class Play:
    """Play a card from the hand.  ``target``: an opponent; ``ship``/``target_ship``: fleet ships;
    ``extra``: Cargo cards sent with a Merchant Ship; ``amount``: coins to bury;
    ``discard``: play it onto the discard pile instead; ``steal``: a treasure hunt that steals
    map ``steal`` of player ``target`` (Stealing Treasure Maps); ``privateer``: lay a Navy Ship
    in front of yourself."""

    card: str
    target: int = -1
    ship: int = 0
    target_ship: int = 0
    extra: tuple = ()
    amount: int = 0
    discard: bool = False
    steal: int = -1
    privateer: bool = False

    def __str__(self) -> str:
        if self.discard:
            return f"play {self.card} onto the discard pile"
        words = [f"play {self.card}"]
        if self.privateer:
            words.append("as a privateer")
        if self.target >= 0:
            words.append(f"on player {self.target}")
        if self.steal >= 0:
            words.append(f"to steal map {self.steal}")
        if self.extra:
            words.append("with " + ", ".join(self.extra))
        if self.amount:
            words.append(f"burying {self.amount}")
        return " ".join(words)


@saveable
@dataclass(frozen=True)
class Discard:
    """The final discard of the draw-and-play stage."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


# ---------------------------------------------------------------------------- the game
class Game(CoreGame):
    """Pillage & Plunder.  A round (for ``max_turns``) is one turn of every player.

    Options: the game variations ``asset_liquidation``, ``stealing_treasure_maps``,
    ``privateering``, ``fleet_play`` (Timed Game is ``max_turns``), and ``data`` (a path to an
    edited components file, or None for the shipped one).
    """

    name = GAME
    title = "Pillage & Plunder"
    rulebook = "pillage_and_plunder.txt"
    notebook = "pillage_and_plunder.ipynb"
    description = "Build a ship from a 298-card deck, then fight dice sea battles: flee, cannons, mêlée."
    order = 10
    min_players = 2
    max_players = 6
    end_rule = RULE_HOARD
    turn_rule = RULE_STAGES
    default_options = {"asset_liquidation": False, "stealing_treasure_maps": False,
                       "privateering": False, "fleet_play": False, "data": None}

    def __init__(self, players: int = 4, max_turns: int | None = None, **options: Any):
        super().__init__(players, max_turns, **options)
        self.data = C.load(self.options["data"])

    def new_initial_state(self) -> "PPState":
        return PPState(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)


def _new_ship(hull: str) -> dict:
    return {"hulls": [{"hull": hull, "addons": []}], "damage": 0, "cannons": 0, "crew": [], "cargo": []}


class PPState(CoreState):
    """A position in Pillage & Plunder (plain data only, so it saves and loads)."""

    def __init__(self, game: Game):
        super().__init__(game)
        data = game.data
        self.deck: dict = dict(data.deck_after_setup(game.players).counts())
        self.discard: list = []
        self.players: list = []
        for _ in range(game.players):
            ship = _new_ship("Sloop")
            ship["cannons"] = data.starting_kit["Cannon"]
            ship["crew"] = ["Cutlass Crewman"] * data.starting_kit["Cutlass Crewman"]
            self.players.append({"ships": [ship], "hoard": data.game["starting_money"], "hand": [], "maps": [],
                                 "prizes": [], "lose_turn": False, "eliminated": False, "privateer": None})
        self.current = 0
        self.first = 0
        self.rounds = 0
        self.phase = "deal"
        order = [p for _ in range(data.game["hand_size"]) for p in range(game.players)] + [-1]
        self.pending: dict = {"deal": order, "table": []}
        self.winners: list = []
        self.say(f"Setup: each of {game.players} players has a Sloop, 1 Cannon, 2 Cutlass Crewmen and "
                 f"{data.game['starting_money']} pieces of eight; five cards each are dealt.")

    # ------------------------------------------------------------------ helpers
    @property
    def data(self) -> C.Components:
        return self.game.data

    def clone(self) -> "PPState":
        new = copy.copy(self)
        new.deck = dict(self.deck)
        new.discard = list(self.discard)
        new.players = copy.deepcopy(self.players)
        new.pending = copy.deepcopy(self.pending)
        new.winners = list(self.winners)
        new.log = list(self.log)
        return new

    def hull(self, player: int, ship: int = 0):
        return self.data.hulls[self.players[player]["ships"][ship]["hulls"][-1]["hull"]]

    def addons(self, player: int, ship: int = 0) -> list:
        return self.players[player]["ships"][ship]["hulls"][-1]["addons"]

    def cargo_capacity(self, player: int, ship: int = 0) -> int:
        extra = self.data.addons["Extra Cargo Hold"].get("cargo", 0) if "Extra Cargo Hold" in self.addons(player, ship) else 0
        return self.hull(player, ship).cargo + extra

    def cargo_units(self, player: int, ship: int = 0) -> int:
        return sum(self.data.cargo_units(c) for c in self.players[player]["ships"][ship]["cargo"])

    def has_cargo(self, player: int, kind: str) -> bool:
        return any(self.data.cargo_kind(c) == kind for s in self.players[player]["ships"] for c in s["cargo"])

    def has_officer(self, player: int, officer: str, ship: int | None = None) -> bool:
        ships = self.players[player]["ships"] if ship is None else [self.players[player]["ships"][ship]]
        return any(officer in s["crew"] for s in ships)

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p["eliminated"]]

    def worth(self, player: int) -> int:
        """The hoard; with Asset Liquidation, plus the face value of every asset.

        Rules: Pillage & Plunder › Asset Liquidation
        """
        p = self.players[player]
        total = p["hoard"]
        if self.game.options["asset_liquidation"]:
            for ship in p["ships"]:
                for level in ship["hulls"]:
                    total += self.data.hulls[level["hull"]].cost
                    total += sum(self.data.addon_cost(a, level["hull"]) for a in level["addons"])
                total += ship["cannons"] * self.data.costs["Cannon"]
                total += sum(self.data.costs[c] for c in ship["crew"])
                total += sum(self.data.price(c) for c in ship["cargo"])
        return total

    def battle_ship(self, player: int, ship: int = 0) -> B.Ship:
        """This player's ship as the battle odds see it."""
        s = self.players[player]["ships"][ship]
        h = self.hull(player, ship)
        return B.Ship(strength=h.strength, speed=h.speed, cannons=s["cannons"], crew=len(s["crew"]),
                      pistol="Pistol Crewman" in s["crew"], doctor="Doctor" in s["crew"],
                      master_gunner="Master Gunner" in s["crew"], crows_nest="Crow's Nest" in self.addons(player, ship),
                      iron_plating="Iron Hull Plating" in self.addons(player, ship),
                      extra_sail="Extra Sail" in self.addons(player, ship), damage=min(s["damage"], h.strength - 1),
                      name=f"player {player}")

    def _to_discard(self, card: str, under: bool = False) -> None:
        if under and self.discard:
            self.discard.insert(len(self.discard) - 1, card)
        else:
            self.discard.append(card)

    def _take_from_hand(self, player: int, card: str) -> None:
        self.players[player]["hand"].remove(card)

    # ------------------------------------------------------------------ the protocol
    def current_player(self) -> int:
        phase = self.phase
        if phase == "over":
            return -2
        if phase in ("deal", "first", "draw_card", "sell_roll", "cargo_roll", "event_roll", "hunt_roll",
                     "steal_roll", "flee_roll", "volley", "melee_roll", "prize_roll"):
            return -1
        return self.pending["actor"]

    def scores(self) -> tuple:
        if not self.winners:
            return tuple(Fraction(0) for _ in self.players)
        share = Fraction(1, len(self.winners))
        return tuple(share if i in self.winners else Fraction(0) for i in range(len(self.players)))

    # ------------------------------------------------------------------ chance
    def _deck_dist(self) -> Dist:
        return Dist({c: n for c, n in self.deck.items() if n})

    def _chance_outcomes(self) -> Dist:
        phase, pend = self.phase, self.pending
        if phase in ("deal", "draw_card"):
            return self._deck_dist()
        if phase == "first":
            return Dist.uniform(range(len(self.players)))
        if phase == "sell_roll":
            return O.cargo_price(pend["card"], selling=True, data=self.data)
        if phase == "cargo_roll":
            return O.cargo_price(pend["card"], selling=False, data=self.data)
        if phase in ("event_roll", "hunt_roll"):
            return Dist.die(6)
        if phase in ("steal_roll", "flee_roll"):
            return Dist.independent(Dist.die(6), Dist.die(6))
        if phase == "prize_roll":
            return O.merchant_prize(pend["battle"]["defender"]["strength"], data=self.data)
        if phase == "volley":
            a, d = self._side_ship("attacker"), self._side_ship("defender")
            return B.cannon_volley(a.dice, d.dice, attacker_strength=a.strength, defender_strength=d.strength,
                                   attacker_damage=a.damage, defender_damage=d.damage,
                                   attacker_plating=a.iron_plating, defender_plating=d.iron_plating)
        if phase == "melee_roll":
            a, d = self._side_ship("attacker"), self._side_ship("defender")
            return Dist.independent(_highest(a.crew), _highest(d.crew))
        raise AssertionError(phase)  # pragma: no cover

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list:
        """Rules: Pillage & Plunder › Actions Performed During Your Turn"""
        phase, pend = self.phase, self.pending
        me = pend["actor"]
        p = self.players[me]
        if phase == "predraw":
            acts = [Act("draw")]
            if not pend.get("acted"):
                acts.append(Act("work"))
            for i, ship in enumerate(p["ships"]):
                for j, _ in enumerate(ship["cargo"]):
                    acts.append(Act("sell", 100 * i + j))
            acts += [Act("retrieve", i) for i in range(len(p["maps"]))]
            if p["privateer"] and p["hoard"] >= p["privateer"]["owed"]:
                acts.append(Act("end privateering"))
            if self.game.options["fleet_play"]:
                acts += self._fleet_actions(me)
            return acts
        if phase == "sell_decide":
            return [Act("sell it"), Act("keep it")]
        if phase == "draw":
            acts = []
            if self._can_draw():
                acts.append(Act("draw from pile"))
            if self.discard and not pend.get("took_discard"):
                acts.append(Act("take discard"))
            return acts or [Act("stop drawing")]
        if phase == "play":
            return self._play_actions(me)
        if phase == "discard":
            return [Discard(c) for c in sorted(set(p["hand"]))]
        if phase == "cargo_decide":
            acts = [Act("decline cargo")]
            ship = pend["ship"]
            if p["hoard"] >= pend["price"] and \
                    self.cargo_units(me, ship) + self.data.cargo_units(pend["card"]) <= self.cargo_capacity(me, ship):
                acts.insert(0, Act("buy cargo"))
            return acts
        if phase == "repair":
            acts = [Act("no repair")]
            for i, ship in enumerate(p["ships"]):
                if ship["damage"] and p["hoard"] >= self.hull(me, i).repair:
                    acts.append(Act("repair", i))
            return acts
        if phase == "steal":
            acts = [Act("stop stealing")]
            acts += [Act("steal map", i) for i in pend["steal_left"]]
            return acts
        if phase == "merchant_pass":
            return [Act("attack merchant"), Act("let it pass")]
        if phase == "battle_terms":
            amounts = sorted({_round50(self.players[me]["hoard"] // 4), _round50(self.players[me]["hoard"] // 2)} - {0})
            return [Act("no offer")] + [Act("offer", a) for a in amounts]
        if phase == "battle_call":
            acts = [Act("fight on"), Act("call off")]
            if pend["battle"].get("offer"):
                acts.append(Act("accept terms"))
            return acts
        if phase == "battle_flee":
            return [Act("flee"), Act("stand and fight")]
        raise AssertionError(phase)  # pragma: no cover

    def _fleet_actions(self, me: int) -> list:
        """Rules: Pillage & Plunder › Fleet Play"""
        acts = []
        ships = self.players[me]["ships"]
        if len(ships) > 1:
            for i in range(len(ships)):
                acts.append(Act("sell ship", i))
                for j in range(len(ships)):
                    if i == j:
                        continue
                    if ships[i]["crew"] and len(ships[j]["crew"]) < self.hull(me, j).crew:
                        acts.append(Act("move crewman", 10 * i + j))
                    if ships[i]["cannons"] and ships[j]["cannons"] < self.hull(me, j).cannons:
                        acts.append(Act("move cannon", 10 * i + j))
        return acts

    def _can_draw(self) -> bool:
        return sum(self.deck.values()) > 0 or len(self.discard) > 1

    def _opponents(self, me: int) -> list[int]:
        return [i for i in self.alive() if i != me and i not in self.pending.get("targeted", [])]

    def _play_actions(self, me: int) -> list:
        """Rules: Pillage & Plunder › During the draw-and-play stage"""
        p = self.players[me]
        data = self.data
        acts: list = []
        seen = set()
        fleet = self.game.options["fleet_play"]
        ships = range(len(p["ships"]))
        for card in p["hand"]:
            if card in seen:
                continue
            seen.add(card)
            acts.append(Play(card, discard=True))
            category = data.category(card)
            if category == "Ship Hull":
                if fleet:
                    if p["hoard"] >= data.hulls[card].cost:
                        acts.append(Play(card))
                elif self._why_not_ship(me, card) is None:
                    acts.append(Play(card))
            elif category in ("Ship Add-On", "Cannon", "Crew Member"):
                acts += [Play(card, ship=s) for s in ships if self._why_not_buy(me, card, s) is None]
            elif category == "Cargo":
                acts += [Play(card, ship=s) for s in ships]
            elif category == "Event":
                acts += [Play(card, target=t) for t in self._opponents(me)]
            elif category == "Attack":
                for t in self._opponents(me):
                    acts += [Play(card, target=t, ship=s, target_ship=ts) for s in ships
                             for ts in range(len(self.players[t]["ships"]))]
            elif category == "Navy Ship":
                nation = data.navy_nation(card)
                for t in self._opponents(me):
                    if self._navy_target_ok(t, nation):
                        acts += [Play(card, target=t, target_ship=ts) for ts in range(len(self.players[t]["ships"]))]
                if self.game.options["privateering"] and not p["privateer"]:
                    acts.append(Play(card, privateer=True))
            elif category == "Merchant Ship":
                if self._may_attack_merchant(me, card):
                    cargo = sorted(c for c in p["hand"] if data.category(c) == "Cargo")
                    for extra in _sub_multisets(cargo):
                        acts += [Play(card, ship=s, extra=extra) for s in ships]
            elif category == "Repair Ship":
                acts += [Play(card, ship=s) for s in ships if self._why_not_repair(me, card, s) is None]
            elif category == "Treasure Hunt":
                acts.append(Play(card))
                if self.game.options["stealing_treasure_maps"]:
                    for t in self._opponents_any(me):
                        acts += [Play(card, target=t, steal=m) for m in range(len(self.players[t]["maps"]))]
            elif category == "Bury Treasure":
                acts += [Play(card, amount=a) for a in self._bury_amounts(me)]
        return acts

    def _opponents_any(self, me: int) -> list[int]:
        return [i for i in self.alive() if i != me]

    def _bury_amounts(self, me: int) -> list[int]:
        hoard = self.players[me]["hoard"]
        return sorted(set(range(BURY_STEP, hoard + 1, BURY_STEP)) | ({hoard} if hoard else set()))

    def _navy_target_ok(self, target: int, nation: str) -> bool:
        t = self.players[target]
        if t["privateer"]:
            return False
        return any(self.data.merchant(m).nation == nation for m in t["prizes"])

    def _may_attack_merchant(self, me: int, card: str) -> bool:
        priv = self.players[me]["privateer"]
        return not (priv and self.data.navy_nation(priv["navy"]) == self.data.merchant(card).nation)

    # ------------------------------------------------------------------ why not
    def _why_not_ship(self, me: int, card: str) -> IllegalMove | None:
        p = self.players[me]
        new, old = self.data.hulls[card], self.hull(me)
        if new.level != old.level + 1:
            return IllegalMove(RULE_SHIP, f"A {card} is level {new.level}; you can only upgrade your level-{old.level} "
                                          f"{old.name} to a ship exactly one level higher.")
        if p["ships"][0]["damage"]:
            return IllegalMove(RULE_SHIP, "You may not upgrade a damaged ship: repair it first.")
        if p["hoard"] < new.cost:
            return IllegalMove(RULE_SHIP, f"A {card} costs {new.cost}; your hoard holds {p['hoard']}.")
        return None

    def _why_not_buy(self, me: int, card: str, ship: int) -> IllegalMove | None:
        p = self.players[me]
        if ship >= len(p["ships"]):
            return IllegalMove(RULE_FLEET, f"You have no ship number {ship}.")
        s = p["ships"][ship]
        category = self.data.category(card)
        hull = self.hull(me, ship)
        if category == "Ship Add-On":
            if card in self.addons(me, ship):
                return IllegalMove(RULE_ADDON, f"Your ship already has a {card}: only one of each type of add-on.")
            cost = self.data.addon_cost(card, hull.name)
            rule = RULE_ADDON
        elif category == "Cannon":
            if s["cannons"] >= hull.cannons:
                return IllegalMove(RULE_CANNON, f"Your {hull.name} carries at most {hull.cannons} cannons.")
            cost, rule = self.data.costs["Cannon"], RULE_CANNON
        else:
            if len(s["crew"]) >= hull.crew:
                return IllegalMove(RULE_CREW, f"Your {hull.name}'s crew quarters hold at most {hull.crew} crewmen.")
            if card in C.OFFICERS and self.has_officer(me, card):
                return IllegalMove(RULE_CREW, f"You already have a {card}: only one of each type of officer.")
            cost, rule = self.data.costs[card], RULE_CREW
        if p["hoard"] < cost:
            return IllegalMove(rule, f"A {card} costs {cost}; your hoard holds {p['hoard']}.")
        return None

    def _why_not_repair(self, me: int, card: str, ship: int) -> IllegalMove | None:
        p = self.players[me]
        cost = self.hull(me, ship).cost // 4 if "25%" in card else 0
        if p["hoard"] < cost:
            return IllegalMove(RULE_REPAIR_CARD, f"This repair costs {cost}; your hoard holds {p['hoard']}.")
        return None

    def _why_illegal(self, action: Any) -> IllegalMove | None:
        phase, pend = self.phase, self.pending
        if phase == "over":
            return None
        me = pend.get("actor")
        if isinstance(action, Play):
            if phase != "play":
                rule = RULE_PREDRAW if phase == "predraw" else RULE_DRAW
                return IllegalMove(rule, "Cards are played only in the draw-and-play stage, once you hold eight cards.")
            p = self.players[me]
            if action.card not in p["hand"]:
                return IllegalMove(RULE_DRAW, f"You have no {action.card} in your hand.")
            if action.discard:
                return None
            category = self.data.category(action.card)
            if category == "Ship Hull" and not self.game.options["fleet_play"]:
                return self._why_not_ship(me, action.card)
            if category in ("Ship Add-On", "Cannon", "Crew Member"):
                return self._why_not_buy(me, action.card, action.ship)
            if category in ("Event", "Attack", "Navy Ship") and not action.privateer:
                if action.target == me or not 0 <= action.target < len(self.players):
                    return IllegalMove(RULE_DRAW, f"{category} cards are played on an opponent.")
                if action.target in pend.get("targeted", []):
                    return IllegalMove(RULE_DRAW, "You may only play one card on each opponent during any one turn.")
                if self.players[action.target]["eliminated"]:
                    return IllegalMove(RULE_DRAW, "That player has been eliminated.")
                if category == "Navy Ship":
                    return IllegalMove(RULE_NAVY, "A Navy Ship may only be played on an opponent with a Merchant Ship "
                                                  "card of its nationality in his prize ships area.")
            if category == "Merchant Ship" and not self._may_attack_merchant(me, action.card):
                return IllegalMove(RULE_PRIVATEER, "A privateer cannot attack merchants of the country he sails for.")
            if category == "Repair Ship":
                return self._why_not_repair(me, action.card, action.ship)
            if category == "Bury Treasure" and not 0 < action.amount <= p["hoard"]:
                return IllegalMove(RULE_BURY, f"You can bury from 1 to {p['hoard']} pieces of eight.")
            return None
        if isinstance(action, Act):
            if action.name in ("sell", "retrieve", "work") and phase != "predraw":
                rule = {"sell": RULE_SELL, "retrieve": RULE_RETRIEVE, "work": RULE_WORK}[action.name]
                return IllegalMove(rule, f"You can only {action.name} during the pre-draw stage, before drawing.")
            if action.name == "work" and pend.get("acted"):
                return IllegalMove(RULE_WORK, "Working replaces the whole pre-draw and draw-and-play stages.")
            if action.name == "take discard" and pend.get("took_discard"):
                return IllegalMove(RULE_DRAW, "Only one of your cards may come from the discard pile.")
            if action.name == "buy cargo" and phase == "cargo_decide":
                return IllegalMove(RULE_CARGO, "You need the money and room in your cargo hold for this cargo.")
        return None

    # ------------------------------------------------------------------ applying
    def _apply_action(self, action: Any) -> None:
        handler = getattr(self, "_on_" + self.phase)
        handler(action)

    # setup ------------------------------------------------------------
    def _draw_card(self, card: str) -> None:
        self.deck[card] -= 1
        if not self.deck[card]:
            del self.deck[card]

    def _on_deal(self, card: str) -> None:
        """Rules: Pillage & Plunder › Game Setup"""
        self._draw_card(card)
        who = self.pending["deal"].pop(0)
        if who == -1:
            self.discard.append(card)
            self.say(f"{card} is turned face up to start the discard pile.")
            self.phase = "first"
            self.pending = {"table": []}
        else:
            self.players[who]["hand"].append(card)

    def _on_first(self, player: int) -> None:
        self.first = self.current = player
        self.say(f"Player {player} rolls highest and takes the first turn.")
        self._start_turn()

    def _start_turn(self) -> None:
        p = self.players[self.current]
        self.pending = {"actor": self.current, "table": [], "targeted": [], "plays": 0}
        self.phase = "predraw"
        self.say(f"Player {self.current}'s turn (hoard {p['hoard']}).")

    # stage 1 ------------------------------------------------------------
    def _on_predraw(self, action: Act) -> None:
        """Sell cargo, retrieve treasure, end privateering, fleet moves, or work instead of the turn.

        Rules: Pillage & Plunder › Stage 1: The pre-draw stage
        Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates
        Rules: Pillage & Plunder › Retrieve Buried Treasure
        """
        me = self.current
        p = self.players[me]
        if action.name == "work":
            p["hoard"] += self.data.game["work_pay"]
            self.say(f"Player {me} works on the docks for {self.data.game['work_pay']} pieces of eight.")
            self._start_repair()
        elif action.name == "draw":
            self.phase = "draw"
        elif action.name == "sell":
            ship, index = divmod(action.arg, 100)
            card = p["ships"][ship]["cargo"][index]
            self.pending.update(acted=True, card=card, ship=ship, index=index)
            self.phase = "sell_roll"
        elif action.name == "retrieve":
            amount = p["maps"].pop(action.arg)
            p["hoard"] += amount
            self._to_discard("Bury Treasure", under=True)
            self.pending["acted"] = True
            self.say(f"Player {me} retrieves a buried treasure of {amount}.")
        elif action.name == "end privateering":
            priv = p["privateer"]
            p["hoard"] -= priv["owed"]
            self._to_discard(priv["navy"], under=True)
            p["privateer"] = None
            self.pending["acted"] = True
            self.say(f"Player {me} pays {priv['owed']} and ends his privateering career.")
        elif action.name in ("sell ship", "move crewman", "move cannon"):
            self._fleet_move(me, action)

    def _fleet_move(self, me: int, action: Act) -> None:
        """Rules: Pillage & Plunder › Fleet Play"""
        p = self.players[me]
        self.pending["acted"] = True
        if action.name == "sell ship":
            ship = p["ships"].pop(action.arg)
            refund = 0
            for level in ship["hulls"]:
                refund += self.data.hulls[level["hull"]].cost // 2
                refund += sum(self.data.addon_cost(a, level["hull"]) // 2 for a in level["addons"])
                self._to_discard(level["hull"], under=True)
                for a in level["addons"]:
                    self._to_discard(a, under=True)
            p["hoard"] += refund
            for c in ship["crew"] + ship["cargo"] + ["Cannon"] * ship["cannons"]:
                self._to_discard(c, under=True)
            self.say(f"Player {me} sells a ship for {refund}.")
            return
        src, dst = divmod(action.arg, 10)
        if action.name == "move crewman":
            crewman = _next_to_lose(p["ships"][src]["crew"])
            p["ships"][src]["crew"].remove(crewman)
            p["ships"][dst]["crew"].append(crewman)
        else:
            p["ships"][src]["cannons"] -= 1
            p["ships"][dst]["cannons"] += 1

    def _on_sell_roll(self, price: int) -> None:
        self.pending["price"] = price
        self.phase = "sell_decide"
        self.say(f"The dice price the {self.pending['card']} at {price}.")

    def _on_sell_decide(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Sell Cargo"""
        pend = self.pending
        p = self.players[self.current]
        if action.name == "sell it":
            card = p["ships"][pend["ship"]]["cargo"].pop(pend["index"])
            p["hoard"] += pend["price"]
            self._to_discard(card, under=True)
            self.say(f"Player {self.current} sells {card} for {pend['price']}.")
        self.phase = "predraw"

    # stage 2 ------------------------------------------------------------
    def _on_draw(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
        p = self.players[self.current]
        if action.name == "take discard":
            card = self.discard.pop()
            p["hand"].append(card)
            self.pending["took_discard"] = True
            self.say(f"Player {self.current} takes {card} from the discard pile.")
        elif action.name == "draw from pile":
            if not sum(self.deck.values()):
                self._reshuffle()
            self.phase = "draw_card"
            return
        else:  # stop drawing: nothing left to draw
            self._begin_play()
            return
        self._after_draw()

    def _reshuffle(self) -> None:
        """ASSUMPTION (not in the rulebook): an empty draw pile is refilled from the discard
        pile, all but its top card."""
        top = self.discard.pop()
        for card in self.discard:
            self.deck[card] = self.deck.get(card, 0) + 1
        self.discard = [top]
        self.say("The draw piles are empty: the discard pile (all but its top card) is shuffled into them.")

    def _on_draw_card(self, card: str) -> None:
        self._draw_card(card)
        self.players[self.current]["hand"].append(card)
        self.phase = "draw"
        self._after_draw()

    def _after_draw(self) -> None:
        if len(self.players[self.current]["hand"]) >= self.data.game["draw_to"]:
            self._begin_play()

    def _begin_play(self) -> None:
        self.phase = "play"
        self._check_play_over()

    def _check_play_over(self) -> None:
        me = self.current
        p = self.players[me]
        if p["eliminated"]:
            self._start_repair()
            return
        if self.pending["plays"] >= self.data.game["plays_per_turn"] or not p["hand"]:
            if p["hand"]:
                self.phase = "discard"
            else:
                self._start_repair()
        else:
            self.phase = "play"

    def _on_discard(self, action: Discard) -> None:
        self._take_from_hand(self.current, action.card)
        self._to_discard(action.card)
        self.say(f"Player {self.current} discards {action.card}.")
        self._start_repair()

    def _on_play(self, action: Play) -> None:
        me = self.current
        p = self.players[me]
        data = self.data
        self._take_from_hand(me, action.card)
        self.pending["plays"] += 1
        card = action.card
        if action.discard:
            self._to_discard(card)
            self.say(f"Player {me} plays {card} onto the discard pile.")
            return self._check_play_over()
        category = data.category(card)
        if category in ("Event", "Attack", "Navy Ship") and not action.privateer:
            self.pending["targeted"].append(action.target)
        if category == "Ship Hull":
            return self._buy_ship(me, card)
        if category in ("Ship Add-On", "Cannon", "Crew Member"):
            return self._buy_item(me, card, action.ship)
        if category == "Cargo":
            self.pending.update(card=card, ship=action.ship)
            self.pending["table"].append(card)
            self.phase = "cargo_roll"
            return None
        if category == "Repair Ship":
            ship = p["ships"][action.ship]
            cost = self.hull(me, action.ship).cost // 4 if "25%" in card else 0
            p["hoard"] -= cost
            ship["damage"] = 0
            self._to_discard(card)
            self.say(f"Player {me} repairs all damage for {cost}.")
            return self._check_play_over()
        if category == "Bury Treasure":
            p["hoard"] -= action.amount
            p["maps"].append(action.amount)
            self.say(f"Player {me} buries {action.amount} pieces of eight.")
            return self._check_play_over()
        if category == "Treasure Hunt":
            self.pending["table"].append(card)
            if action.steal >= 0:
                self.pending.update(steal_from=action.target, steal_map=action.steal, steal_kind="hunt")
                self.phase = "steal_roll"
            else:
                self.phase = "hunt_roll"
            return None
        if category == "Event":
            return self._play_event(me, action.target, card)
        if category == "Attack":
            self._to_discard(card)
            self.say(f"Player {me} attacks player {action.target}.")
            return self._start_battle("player", _player_side(me, action.ship), _player_side(action.target, action.target_ship))
        if category == "Navy Ship":
            if action.privateer:
                p["privateer"] = {"navy": card, "owed": 0}
                self.say(f"Player {me} sails as a privateer for the {data.navy_nation(card)}.")
                return self._check_play_over()
            self.say(f"Player {me} sends the {card} after player {action.target}.")
            self.pending["table"].append(card)
            navy = {"type": "navy", "card": card, "damage": 0, "crew": data.navy["crew"], "owner": me}
            return self._start_battle("navy", navy, _player_side(action.target, action.target_ship))
        if category == "Merchant Ship":
            for extra in action.extra:
                self._take_from_hand(me, extra)
            spec = data.merchant(card)
            merchant = {"type": "merchant", "card": card, "damage": 0, "crew": spec.crew, "strength": spec.strength,
                        "cargo": list(action.extra), "played_by": me}
            self.pending["table"] += [card] + list(action.extra)
            self.pending["merchant"] = merchant
            self.pending["merchant_queue"] = [i for i in self._order_after(me) if i != me]
            self.say(f"Player {me} plays the {card}" + (f" loaded with {', '.join(action.extra)}" if action.extra else "") + ".")
            return self._start_battle("merchant", _player_side(me, action.ship), merchant)
        raise AssertionError(category)  # pragma: no cover

    def _order_after(self, me: int) -> list[int]:
        n = len(self.players)
        return [(me + k) % n for k in range(1, n) if not self.players[(me + k) % n]["eliminated"]]

    def _buy_ship(self, me: int, card: str) -> None:
        """Rules: Pillage & Plunder › Buy Ship"""
        p = self.players[me]
        cost = self.data.hulls[card].cost
        p["hoard"] -= cost
        if self.game.options["fleet_play"]:
            p["ships"].append(_new_ship(card))
            self.say(f"Player {me} buys a {card} for {cost} and adds it to his fleet.")
        else:
            p["ships"][0]["hulls"].append({"hull": card, "addons": []})
            self.say(f"Player {me} upgrades to a {card} for {cost}; his add-ons stay with the old hull.")
        self._check_play_over()

    def _buy_item(self, me: int, card: str, ship: int) -> None:
        """Pay for an add-on, a cannon or a crewman and put it aboard.

        Rules: Pillage & Plunder › Buy Ship Add-On
        Rules: Pillage & Plunder › Buy Cannon
        Rules: Pillage & Plunder › Hire Crew Member
        """
        p = self.players[me]
        s = p["ships"][ship]
        category = self.data.category(card)
        if category == "Ship Add-On":
            cost = self.data.addon_cost(card, self.hull(me, ship).name)
            s["hulls"][-1]["addons"].append(card)
        elif category == "Cannon":
            cost = self.data.costs["Cannon"]
            s["cannons"] += 1
        else:
            cost = self.data.costs[card]
            s["crew"].append(card)
        p["hoard"] -= cost
        self.say(f"Player {me} buys a {card} for {cost}.")
        self._check_play_over()

    def _on_cargo_roll(self, price: int) -> None:
        """Rules: Pillage & Plunder › Buy Cargo"""
        self.pending["price"] = price
        self.pending["actor"] = self.current
        self.phase = "cargo_decide"
        self.say(f"The dice price the {self.pending['card']} at {price}.")

    def _on_cargo_decide(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Buy Cargo"""
        pend = self.pending
        card = pend["card"]
        pend["table"].remove(card)
        if action.name == "buy cargo":
            self.players[self.current]["hoard"] -= pend["price"]
            self.players[self.current]["ships"][pend["ship"]]["cargo"].append(card)
            self.say(f"Player {self.current} buys {card} for {pend['price']}.")
        else:
            self._to_discard(card)
            self.say(f"Player {self.current} turns down the {card}.")
        self._check_play_over()

    # events ------------------------------------------------------------
    def _event_immune(self, victim: int, card: str) -> str | None:
        """Why the victim is spared, or None. Rules: Pillage & Plunder › Play Event Card"""
        info = self.data.events[card]
        officer = info.get("immune_officer")
        if officer and self.has_officer(victim, officer):
            return f"the {officer} aboard"
        cargo = info.get("immune_cargo")
        if cargo and self.has_cargo(victim, cargo):
            return f"the {cargo} in the hold"
        if info.get("needs_cargo") and not self.has_cargo(victim, info["needs_cargo"]):
            return f"no {info['needs_cargo']} aboard"
        if info.get("needs_crew") and sum(len(s["crew"]) for s in self.players[victim]["ships"]) < info["needs_crew"]:
            return f"fewer than {info['needs_crew']} crewmen aboard"
        return None

    def _play_event(self, me: int, victim: int, card: str) -> None:
        """Rules: Pillage & Plunder › Play Event Card"""
        self.say(f"Player {me} plays {card} on player {victim}: {self.data.events[card]['text']}")
        why = self._event_immune(victim, card)
        if why:
            self.say(f"Player {victim} is spared: {why}.")
            self._to_discard(card)
            return self._check_play_over()
        info = self.data.events[card]
        if "die_damage" in info or "die_crew" in info:
            self.pending.update(event=card, victim=victim)
            self.pending["table"].append(card)
            self.phase = "event_roll"
            return None
        self._event_effect(victim, card, None)
        self._to_discard(card)
        self._check_play_over()

    def _on_event_roll(self, roll: int) -> None:
        """Rules: Pillage & Plunder › Play Event Card"""
        card, victim = self.pending["event"], self.pending["victim"]
        self.pending["table"].remove(card)
        self.say(f"Player {victim} rolls {roll}.")
        self._event_effect(victim, card, roll)
        self._to_discard(card)
        self._check_play_over()

    def _event_effect(self, victim: int, card: str, roll: int | None) -> None:
        """Rules: Pillage & Plunder › Play Event Card"""
        info = self.data.events[card]
        v = self.players[victim]
        ship = 0
        crew_loss = info.get("crew", 0)
        if info.get("crew_half"):
            crew_loss = len(v["ships"][ship]["crew"]) // 2
        damage = info.get("damage", 0)
        if roll is not None:
            damage += info.get("die_damage", [0] * 6)[roll - 1]
            crew_loss += info.get("die_crew", [0] * 6)[roll - 1]
        if info.get("lose_turn"):
            v["lose_turn"] = True
            self.say(f"Player {victim} will lose his next turn.")
        lose = info.get("lose_cargo")
        if lose:
            cargo = v["ships"][ship]["cargo"]
            gone = ([c for c in cargo if self.data.cargo_kind(c) == lose] if lose != "one"
                    else sorted(cargo, key=self.data.cargo_units)[:1])
            for c in gone:
                cargo.remove(c)
                self._to_discard(c, under=True)
            if gone:
                self.say(f"Player {victim} loses {', '.join(gone)}.")
        for _ in range(crew_loss):
            self._lose_crewman(victim, ship)
        if damage:
            self._damage(victim, ship, damage, winner=None)

    def _lose_crewman(self, player: int, ship: int) -> None:
        crew = self.players[player]["ships"][ship]["crew"]
        if crew:
            man = _next_to_lose(crew)
            crew.remove(man)
            self._to_discard(man, under=True)
            self.say(f"Player {player} loses a {man}.")

    def _damage(self, player: int, ship: int, amount: int, winner: int | None) -> bool:
        """Add damage; a hull with damage >= strength is destroyed. True if it was.

        Rules: Pillage & Plunder › Ship Hull
        """
        s = self.players[player]["ships"][ship]
        s["damage"] += amount
        if s["damage"] >= self.hull(player, ship).strength:
            self._destroy(player, ship, winner)
            return True
        return False

    def _destroy(self, player: int, ship: int, winner: int | None, winner_ship: int = 0) -> None:
        """The hull and its add-ons go to the discard pile, exposing the previous hull; cannons,
        crew and cargo that no longer fit go to the winner if he has room, else to the discard pile.
        The last hull gone means elimination.

        Rules: Pillage & Plunder › Ship Hull
        Rules: Pillage & Plunder › Player Attacking Player
        """
        p = self.players[player]
        s = p["ships"][ship]
        level = s["hulls"].pop()
        self._to_discard(level["hull"])
        for a in level["addons"]:
            self._to_discard(a)
        s["damage"] = 0
        self.say(f"Player {player}'s {level['hull']} is destroyed.")
        if s["hulls"]:
            hull = self.hull(player, ship)
            self.say(f"Player {player} falls back on his {hull.name}.")
            extra_crew = max(0, len(s["crew"]) - hull.crew)
            extra_cannons = max(0, s["cannons"] - hull.cannons)
            loose = []
            for _ in range(extra_crew):
                man = _next_to_lose(s["crew"])
                s["crew"].remove(man)
                loose.append(man)
            s["cannons"] -= extra_cannons
            loose += ["Cannon"] * extra_cannons
            while self.cargo_units(player, ship) > self.cargo_capacity(player, ship):
                loose.append(s["cargo"].pop())
            self._give_or_discard(loose, winner, winner_ship)
            return
        # no hull left in this ship
        p["ships"].pop(ship)
        loose = s["crew"] + ["Cannon"] * s["cannons"] + s["cargo"]
        if p["ships"]:
            self._give_or_discard(loose, winner, winner_ship)
            return
        self._eliminate(player, winner, winner_ship, loose)

    def _eliminate(self, player: int, winner: int | None, winner_ship: int, loose: list) -> None:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        p = self.players[player]
        p["eliminated"] = True
        self.say(f"Player {player} has lost his last ship and is eliminated.")
        if winner is not None:
            self.players[winner]["hoard"] += p["hoard"]
            self.say(f"Player {winner} takes all {p['hoard']} coins left behind.")
        p["hoard"] = 0
        self._give_or_discard(loose, winner, winner_ship)
        for card in p["hand"] + p["prizes"]:
            self._to_discard(card)
        if p["privateer"]:
            self._to_discard(p["privateer"]["navy"])
            p["privateer"] = None
        p["hand"], p["prizes"], p["lose_turn"] = [], [], False
        # treasure maps must be stolen by the winner or are lost forever (see _on_steal)
        if winner is None or not self.players[winner]["ships"]:
            for _ in p["maps"]:
                self._to_discard("Bury Treasure")
            p["maps"] = []

    def _give_or_discard(self, cards: list, winner: int | None, winner_ship: int = 0) -> None:
        for card in cards:
            if winner is not None and self._fits(winner, winner_ship, card):
                s = self.players[winner]["ships"][winner_ship]
                if card == "Cannon":
                    s["cannons"] += 1
                elif self.data.category(card) == "Cargo":
                    s["cargo"].append(card)
                else:
                    s["crew"].append(card)
                self.say(f"Player {winner} takes the {card}.")
            else:
                self._to_discard(card)

    def _fits(self, player: int, ship: int, card: str) -> bool:
        p = self.players[player]
        if p["eliminated"] or ship >= len(p["ships"]):
            return False
        s = p["ships"][ship]
        hull = self.hull(player, ship)
        if card == "Cannon":
            return s["cannons"] < hull.cannons
        if self.data.category(card) == "Cargo":
            return self.cargo_units(player, ship) + self.data.cargo_units(card) <= self.cargo_capacity(player, ship)
        if card in C.OFFICERS and self.has_officer(player, card):
            return False
        return len(s["crew"]) < hull.crew

    # treasure ------------------------------------------------------------
    def _on_hunt_roll(self, roll: int) -> None:
        """Rules: Pillage & Plunder › Treasure Hunt"""
        me = self.current
        result = O.treasure_roll(roll, self.has_officer(me, "Cartographer"))
        self.pending["table"].remove("Treasure Hunt")
        self._to_discard("Treasure Hunt")
        self.players[me]["hoard"] += result.coins
        if result.lose_turn:
            self.players[me]["lose_turn"] = True
        self.say(f"Player {me} rolls {roll} on the treasure hunt: {result}.")
        self._check_play_over()

    def _on_steal_roll(self, dice: tuple) -> None:
        """Rules: Pillage & Plunder › Stealing Treasure Maps"""
        pend = self.pending
        doubles = dice[0] == dice[1]
        thief = pend.get("thief", self.current)
        victim, index = pend["steal_from"], pend["steal_map"]
        vp = self.players[victim]
        if index == -1:       # the money a privateer owes his sponsor
            if doubles:
                owed = vp["privateer"]["owed"]
                vp["privateer"]["owed"] = 0
                self.players[thief]["hoard"] += owed
                self.say(f"Player {thief} rolls doubles and steals the {owed} player {victim} owed his sponsor.")
            else:
                self.say(f"Player {thief} rolls {dice}: no doubles.")
        elif doubles:
            amount = vp["maps"].pop(index)
            self.players[thief]["maps"].append(amount)
            self.say(f"Player {thief} rolls doubles and steals a treasure map worth {amount}.")
        else:
            self.say(f"Player {thief} rolls {dice}: no doubles, the map stays.")
        if pend.get("steal_kind") == "hunt":
            pend["table"].remove("Treasure Hunt")
            self._to_discard("Treasure Hunt")
            self._check_play_over()
            return
        # after a battle: one attempt per map (indices shift when a map is taken)
        left = [i for i in pend["steal_left"] if i != index]
        if doubles and index >= 0:
            left = [i - 1 if i > index else i for i in left]
        pend["steal_left"] = left
        self.phase = "steal"
        pend["actor"] = thief
        if not left:
            self._finish_stealing()

    def _on_steal(self, action: Act) -> None:
        pend = self.pending
        if action.name == "stop stealing":
            return self._finish_stealing()
        pend["steal_map"] = action.arg
        self.phase = "steal_roll"
        return None

    def _finish_stealing(self) -> None:
        victim = self.pending["steal_from"]
        vp = self.players[victim]
        if vp["eliminated"]:
            for _ in vp["maps"]:
                self._to_discard("Bury Treasure")
            if vp["maps"]:
                self.say(f"Player {victim}'s remaining treasure maps are lost forever.")
            vp["maps"] = []
        self._end_battle()

    # battles ------------------------------------------------------------
    def _side_ship(self, role: str) -> B.Ship:
        side = self.pending["battle"][role]
        if side["type"] == "player":
            return self.battle_ship(side["player"], side["ship"])
        if side["type"] == "navy":
            n = self.data.navy
            return B.Ship(strength=n["strength"], speed=n["speed"], cannons=n["cannons"], crew=side["crew"],
                          pistol=True, damage=side["damage"], name=side["card"])
        spec = self.data.merchant(side["card"])
        return B.Ship(strength=spec.strength, speed=spec.speed, cannons=spec.cannons, crew=side["crew"],
                      damage=side["damage"], name=side["card"])

    def _start_battle(self, kind: str, attacker: dict, defender: dict) -> None:
        """Stage 1: spotting the enemy (the crow's nest shot), then stage 2.

        Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
        """
        self.pending["battle"] = {"kind": kind, "attacker": attacker, "defender": defender, "stage": "flee",
                                  "doctor_used": [], "offer": 0}
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        a2, d2 = B.spotting(a, d)
        for role, before, after in (("attacker", a, a2), ("defender", d, d2)):
            if after.damage > before.damage:
                self.say(f"The {_other(role)}'s crow's nest spots the enemy first: the {role} takes one damage.")
                if self._hit_side(role, 1):
                    return self._battle_over(winner_role=_other(role), sunk=True)
        self._stage_start()
        return None

    def _hit_side(self, role: str, amount: int) -> bool:
        """Damage a side (no plunder yet); True if it sank."""
        side = self.pending["battle"][role]
        if side["type"] == "player":
            s = self.players[side["player"]]["ships"][side["ship"]]
            s["damage"] += amount
            return s["damage"] >= self.hull(side["player"], side["ship"]).strength
        side["damage"] += amount
        strength = self.data.navy["strength"] if side["type"] == "navy" else side["strength"]
        return side["damage"] >= strength

    def _stage_start(self) -> None:
        """At the beginning of each stage and mêlée round: terms (player battles) and call-off.

        Rules: Pillage & Plunder › Player Attacking Player
        """
        battle = self.pending["battle"]
        battle["offer"] = 0
        if battle["kind"] == "navy":
            return self._stage_go()
        attacker = battle["attacker"]["player"]
        if battle["kind"] == "player" and self.players[battle["defender"]["player"]]["hoard"] >= 200:
            self.pending["actor"] = battle["defender"]["player"]
            self.phase = "battle_terms"
        else:
            self.pending["actor"] = attacker
            self.phase = "battle_call"
        return None

    def _on_battle_terms(self, action: Act) -> None:
        battle = self.pending["battle"]
        if action.name == "offer":
            battle["offer"] = action.arg
            self.say(f"Player {battle['defender']['player']} offers {action.arg} pieces of eight to call it off.")
        self.pending["actor"] = battle["attacker"]["player"]
        self.phase = "battle_call"

    def _on_battle_call(self, action: Act) -> None:
        """Fight on, accept the defender's terms, or call the battle off.

        Rules: Pillage & Plunder › Player Attacking Player
        """
        battle = self.pending["battle"]
        if action.name == "fight on":
            return self._stage_go()
        if action.name == "accept terms":
            giver, taker = battle["defender"]["player"], battle["attacker"]["player"]
            self.players[giver]["hoard"] -= battle["offer"]
            self.players[taker]["hoard"] += battle["offer"]
            self.say(f"Player {taker} accepts {battle['offer']} and calls off the battle.")
        else:
            self.say(f"Player {battle['attacker']['player']} calls off the battle.")
        return self._battle_over(winner_role=None, sunk=False)

    def _stage_go(self) -> None:
        """Rules: Pillage & Plunder › Stage 2: Fight or Flee
        Rules: Pillage & Plunder › Player Attacking Merchant Ship
        """
        battle = self.pending["battle"]
        stage = battle["stage"]
        if stage == "flee":
            if battle["kind"] == "merchant":
                return self._roll_flee()        # a merchant always attempts to flee
            self.pending["actor"] = battle["defender"]["player"]
            self.phase = "battle_flee"
            return None
        if stage == "cannon":
            self.phase = "volley"
            return None
        self.phase = "melee_roll"
        return None

    def _on_battle_flee(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
        if action.name == "flee":
            return self._roll_flee()
        self.pending["battle"]["stage"] = "cannon"
        return self._stage_start()

    def _roll_flee(self) -> None:
        self.phase = "flee_roll"

    def _on_flee_roll(self, dice: tuple) -> None:
        """Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        sa, sd = a.effective_speed, d.effective_speed
        x, y = dice
        if sd > sa:
            escaped = x != y
            self.say(f"The defender is faster (speed {sd} v {sa}); the attacker rolls {x} and {y}"
                     + (": no doubles, the defender escapes." if escaped else ": doubles! The chase goes on."))
        elif sa > sd:
            escaped = x == y
            self.say(f"The attacker is faster (speed {sa} v {sd}); the defender rolls {x} and {y}"
                     + (": doubles! The defender escapes." if escaped else ": no doubles."))
        else:
            if x == y:
                self.say(f"Same speed ({sa}); both roll {x}: roll again.")
                return
            escaped = y > x
            self.say(f"Same speed ({sa}); attacker rolls {x}, defender {y}: "
                     + ("the defender escapes." if escaped else "the attack goes on."))
        if escaped:
            return self._battle_over(winner_role=None, sunk=False, escaped=True)
        self.pending["battle"]["stage"] = "cannon"
        return self._stage_start()

    def _on_volley(self, volley: B.Volley) -> None:
        """Rules: Pillage & Plunder › Stage 3: The Cannon Battle"""
        self.say(f"Cannon battle: {volley}.")
        a_sunk = self._hit_side("attacker", volley.attacker_damage) if volley.attacker_damage else False
        d_sunk = self._hit_side("defender", volley.defender_damage) if volley.defender_damage else False
        if a_sunk and d_sunk:
            return self._battle_over(winner_role=None, sunk=True, both=True)
        if a_sunk or d_sunk:
            return self._battle_over(winner_role="defender" if a_sunk else "attacker", sunk=True)
        if not self._side_ship("attacker").crew or not self._side_ship("defender").crew:
            return self._melee_end()
        self.pending["battle"]["stage"] = "melee"
        return self._stage_start()

    def _on_melee_roll(self, dice: tuple) -> None:
        """Rules: Pillage & Plunder › Stage 4: The Mêlée"""
        battle = self.pending["battle"]
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        x, y = dice[0] + a.pistol, dice[1] + d.pistol
        loser = "defender" if x > y else "attacker"
        self.say(f"Mêlée: attacker {x}, defender {y}" + (" (a tie goes to the defender)" if x == y else "")
                 + f": the {loser} loses a crewman.")
        ship = a if loser == "attacker" else d
        if ship.doctor and loser not in battle["doctor_used"]:
            battle["doctor_used"].append(loser)
            self.say(f"The {loser}'s doctor saves the crewman.")
        else:
            side = battle[loser]
            if side["type"] == "player":
                self._lose_crewman(side["player"], side["ship"])
            else:
                side["crew"] -= 1
        if not self._side_ship("attacker").crew or not self._side_ship("defender").crew:
            return self._melee_end()
        return self._stage_start()

    def _melee_end(self) -> None:
        winner = "attacker" if self._side_ship("attacker").crew else "defender"
        self.say(f"The {_other(winner)} has no crew left: the {winner} wins.")
        self._battle_over(winner_role=winner, sunk=False)

    def _battle_over(self, winner_role: str | None, sunk: bool, both: bool = False, escaped: bool = False) -> None:
        """Stage 5: plundering; the rules for each type of battle.

        Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship
        """
        pend = self.pending
        battle = pend["battle"]
        kind = battle["kind"]
        att, dfn = battle["attacker"], battle["defender"]
        battle["result"] = winner_role or ("escaped" if escaped else "both sunk" if both else "called off")
        # sunk player ships lose their hull now
        for role in ("attacker", "defender"):
            side = battle[role]
            if side["type"] == "player" and (both or (sunk and winner_role == _other(role))):
                other = battle[_other(role)]
                taker = other["player"] if other["type"] == "player" and not both else None
                hoard_before = self.players[side["player"]]["hoard"]
                if taker is not None:
                    half = hoard_before // 2
                    self._take_cargo(side["player"], side["ship"], taker, other["ship"])
                    self.players[side["player"]]["hoard"] -= half
                    self.players[taker]["hoard"] += half
                    self.say(f"Player {taker} takes half of player {side['player']}'s hoard: {half}.")
                self._destroy(side["player"], side["ship"], taker, other.get("ship", 0) if taker is not None else 0)
        if kind == "player":
            if winner_role and not sunk:
                loser, winner = battle[_other(winner_role)], battle[winner_role]
                half = self.players[loser["player"]]["hoard"] // 2
                self.players[loser["player"]]["hoard"] -= half
                self.players[winner["player"]]["hoard"] += half
                self._take_cargo(loser["player"], loser["ship"], winner["player"], winner["ship"])
                self.say(f"Player {winner['player']} plunders half of player {loser['player']}'s hoard: {half}.")
            if winner_role and not self.players[battle[winner_role]["player"]]["eliminated"]:
                return self._offer_steal(battle[winner_role]["player"], battle[_other(winner_role)]["player"])
            return self._end_battle()
        if kind == "navy":
            player = dfn["player"]
            nation = self.data.navy_nation(att["card"])
            pend["table"].remove(att["card"])
            self._to_discard(att["card"])
            prizes = self.players[player]["prizes"]
            for m in prizes:
                if self.data.merchant(m).nation == nation:
                    prizes.remove(m)
                    self._to_discard(m)
                    self.say(f"Player {player} returns the {m}: the {nation} no longer hunt him.")
                    break
            return self._end_battle()
        # merchant
        if winner_role == "attacker":
            self.pending["actor"] = att["player"]
            self.phase = "prize_roll"
            return None
        if both:
            self._merchant_gone()
            return self._end_battle()
        return self._merchant_sails_on()

    def _take_cargo(self, loser: int, loser_ship: int, winner: int, winner_ship: int) -> None:
        cargo = self.players[loser]["ships"][loser_ship]["cargo"]
        for card in list(cargo):
            if self._fits(winner, winner_ship, card):
                cargo.remove(card)
                self.players[winner]["ships"][winner_ship]["cargo"].append(card)
                self.say(f"Player {winner} takes the {card}.")

    def _offer_steal(self, thief: int, victim: int) -> None:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        targets = list(range(len(self.players[victim]["maps"])))
        priv = self.players[victim]["privateer"]
        if self.game.options["privateering"] and priv and priv["owed"]:
            targets.append(-1)
        self.pending.update(steal_from=victim, steal_left=targets, thief=thief, steal_kind="battle")
        if not targets:
            return self._finish_stealing()
        self.pending["actor"] = thief
        self.phase = "steal"
        return None

    def _on_prize_roll(self, coins: int) -> None:
        """Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
        pend = self.pending
        battle = pend["battle"]
        me = battle["attacker"]["player"]
        merchant = battle["defender"]
        p = self.players[me]
        if p["privateer"]:
            half = coins // 2
            p["privateer"]["owed"] += coins - half
            p["hoard"] += half
            self.say(f"Player {me} takes a prize of {coins}: {half} to his hoard, {coins - half} owed to his sponsor.")
        else:
            p["hoard"] += coins
            self.say(f"Player {me} captures the {merchant['card']} and a prize of {coins}.")
        pend["table"].remove(merchant["card"])
        p["prizes"].append(merchant["card"])
        for card in merchant["cargo"]:
            pend["table"].remove(card)
        self._give_or_discard(list(merchant["cargo"]), me, battle["attacker"]["ship"])
        pend.pop("merchant", None)
        self._end_battle()

    def _merchant_gone(self) -> None:
        merchant = self.pending.pop("merchant")
        for card in [merchant["card"]] + merchant["cargo"]:
            self.pending["table"].remove(card)
            self._to_discard(card)

    def _merchant_sails_on(self) -> None:
        """The merchant sails on to the next player, who may attack it (with its damage and
        crew loss), until it is taken or has escaped from every player.

        Rules: Pillage & Plunder › Player Attacking Merchant Ship
        """
        queue = [i for i in self.pending["merchant_queue"]
                 if not self.players[i]["eliminated"] and self._may_attack_merchant(i, self.pending["merchant"]["card"])]
        merchant = self.pending["merchant"]
        if not queue or merchant["crew"] <= 0:
            self.say(f"The {merchant['card']} sails away.")
            self._merchant_gone()
            return self._end_battle()
        nxt = queue.pop(0)
        self.pending["merchant_queue"] = queue
        self.pending["actor"] = nxt
        self.pending.pop("battle", None)
        self.phase = "merchant_pass"
        self.say(f"The {merchant['card']} sails on to player {nxt}.")
        return None

    def _on_merchant_pass(self, action: Act) -> None:
        me = self.pending["actor"]
        if action.name == "attack merchant":
            self.say(f"Player {me} attacks the {self.pending['merchant']['card']}.")
            return self._start_battle("merchant", _player_side(me, 0), self.pending["merchant"])
        return self._merchant_sails_on()

    def _end_battle(self) -> None:
        self.pending.pop("battle", None)
        for key in ("steal_from", "steal_left", "thief", "steal_kind", "steal_map", "merchant_queue"):
            self.pending.pop(key, None)
        self.pending["actor"] = self.current
        self._check_play_over()

    # stage 3 ------------------------------------------------------------
    def _start_repair(self) -> None:
        """Rules: Pillage & Plunder › Stage 3: The repair stage"""
        order = [self.current] + self._order_after(self.current)
        self.pending = {"table": [], "repair_order": [i for i in order if not self.players[i]["eliminated"]]}
        self._next_repair()

    def _next_repair(self) -> None:
        """Rules: Pillage & Plunder › Stage 3: The repair stage"""
        order = self.pending["repair_order"]
        while order:
            who = order[0]
            if any(s["damage"] and self.players[who]["hoard"] >= self.hull(who, i).repair
                   for i, s in enumerate(self.players[who]["ships"])):
                self.pending["actor"] = who
                self.phase = "repair"
                return
            order.pop(0)
        self._end_turn()

    def _on_repair(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Stage 3: The repair stage"""
        who = self.pending["repair_order"].pop(0)
        if action.name == "repair":
            cost = self.hull(who, action.arg).repair
            self.players[who]["hoard"] -= cost
            self.players[who]["ships"][action.arg]["damage"] -= 1
            self.say(f"Player {who} pays {cost} to repair one damage.")
        self._next_repair()

    def _end_turn(self) -> None:
        """Winning: a hoard at the goal at the end of a turn, the last player afloat, or the most
        money when a timed game runs out.

        Rules: Pillage & Plunder › Your Hoard
        Rules: Pillage & Plunder › Timed Game
        """
        alive = self.alive()
        goal = self.data.game["hoard_to_win"]
        if len(alive) <= 1:
            return self._finish(alive, "is the last pirate afloat")
        rich = [i for i in alive if self.worth(i) >= goal]
        if rich:
            best = max(self.worth(i) for i in rich)
            return self._finish([i for i in rich if self.worth(i) == best], f"reaches {goal} pieces of eight")
        n = len(self.players)
        nxt = self.current
        for _ in range(n):
            nxt = (nxt + 1) % n
            if nxt == self.first:
                self.rounds += 1
                if self.game.max_turns is not None and self.rounds >= self.game.max_turns:
                    best = max(self.worth(i) for i in alive)
                    return self._finish([i for i in alive if self.worth(i) == best], "has the most money when time runs out")
            if self.players[nxt]["eliminated"]:
                continue
            if self.players[nxt]["lose_turn"]:
                self.players[nxt]["lose_turn"] = False
                self.say(f"Player {nxt} loses this turn.")
                continue
            break
        self.current = nxt
        self._start_turn()
        return None

    def _finish(self, winners: list[int], why: str) -> None:
        self.winners = sorted(winners)
        self.phase = "over"
        self.pending = {"table": []}
        names = " and ".join(f"player {w}" for w in self.winners)
        self.say(f"Game over: {names} {why}.")

    # ------------------------------------------------------------------ checking
    def count_cards(self) -> int:
        total = sum(self.deck.values()) + len(self.discard) + len(self.pending.get("table", []))
        for p in self.players:
            total += len(p["hand"]) + len(p["maps"]) + len(p["prizes"]) + (1 if p["privateer"] else 0)
            for s in p["ships"]:
                total += s["cannons"] + len(s["crew"]) + len(s["cargo"])
                total += sum(1 + len(level["addons"]) for level in s["hulls"])
        return total

    def validate(self) -> None:
        """Every card accounted for, no negative money, ships within their capacities."""
        total = self.count_cards()
        if total != self.data.total:
            raise ValueError(f"{total} cards are accounted for, not {self.data.total}")
        for i, p in enumerate(self.players):
            if p["hoard"] < 0 or any(m < 0 for m in p["maps"]):
                raise ValueError(f"player {i} has negative money")
            if not p["eliminated"] and not p["ships"]:
                raise ValueError(f"player {i} has no ship but is not eliminated")
            for j, s in enumerate(p["ships"]):
                hull = self.hull(i, j)
                if s["cannons"] > hull.cannons or len(s["crew"]) > hull.crew:
                    raise ValueError(f"player {i}'s ship {j} is over capacity")
                if s["damage"] < 0 or s["damage"] >= hull.strength:
                    raise ValueError(f"player {i}'s ship {j} has impossible damage {s['damage']}")
                if len(set(a for a in s["hulls"][-1]["addons"])) != len(s["hulls"][-1]["addons"]):
                    raise ValueError("two add-ons of one type")
        if self.phase not in _PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")

    def __str__(self) -> str:
        if self.phase == "over":
            return f"Pillage & Plunder: game over, winners {self.winners}"
        return f"Pillage & Plunder: player {self.current}'s turn, phase {self.phase}"


_PHASES = {"deal", "first", "predraw", "sell_roll", "sell_decide", "draw", "draw_card", "play", "discard",
           "cargo_roll", "cargo_decide", "event_roll", "hunt_roll", "steal", "steal_roll", "battle_terms",
           "battle_call", "battle_flee", "flee_roll", "volley", "melee_roll", "prize_roll", "merchant_pass",
           "repair", "over"}


def _other(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


def _player_side(player: int, ship: int = 0) -> dict:
    return {"type": "player", "player": player, "ship": ship}


def _round50(x: int) -> int:
    return x - x % 50


def _next_to_lose(crew: list) -> str:
    """The crewman a player gives up first: cutlass crewmen, then officers, pistols last (our
    choice for the player, who may pick any). Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    for kind in LOSS_ORDER:
        if kind in crew:
            return kind
    return crew[0]


def _highest(n: int) -> Dist:
    """The highest of min(n, 6) dice. Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    return Dist(dict(zip(range(1, 7), B._highest_weights(min(n, B.MAX_DICE)))))


def _sub_multisets(cards: list) -> list[tuple]:
    """Every distinct sub-multiset of a sorted list, as sorted tuples."""
    out = {()}
    for card in cards:
        out |= {tuple(sorted(s + (card,))) for s in out}
    return sorted(out)


def new_game(players: int = 4, max_turns: int | None = None, **options) -> PPState:
    """A fresh game at its first chance node (the deal)."""
    return Game(players, max_turns, **options).new_initial_state()
