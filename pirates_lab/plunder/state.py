"""A Plunder position: the sea of map cards, the captains, the deck and the agenda of the turn.

Rules: Plunder › Turn

The rules live in one module of plain functions ``f(state, task, …)`` per rulebook chapter (:mod:`.setup`,
:mod:`.turn`, :mod:`.sail_and_explore`, :mod:`.action`, :mod:`.trade`, :mod:`.combat`,
:mod:`.attacking_another_captain`, :mod:`.war`, :mod:`.captured_ships`, :mod:`.lose_your_ship`), named in the
phase table :data:`.phases.FLOW`; :class:`State` is a :class:`~pirates_lab.core.FlowState` holding the position,
which answers the core protocol from that table (who acts, what is legal, chance's exact odds, what a move does).  This module says what each captain may
see and who won.
"""
from __future__ import annotations

import dataclasses
import random

from pirates_lab.core import AUTO, FlowState, IllegalMove
from pirates_lab.core.errors import shown
from pirates_lab.core.hidden import Hidden

from .components import Card
from .headings import RULE_TURN
from .tasks import Battle, Claim, Market, Prize, Voyage, replace
from .phases import FLOW
from . import captured_ships
from . import setup
from . import war

__all__ = ["State", "new_captain", "LOG_IN_VIEW", "bool_for_a_number"]

#: the most recent log lines an observation carries (the whole log is ``state.log``)
LOG_IN_VIEW = 20


def bool_for_a_number(action) -> str | None:
    """The name of a field of ``action`` that asks for a whole number (a count, a heading, a seat, a place) but
    holds ``True`` or ``False``; None if there is none.  ``True == 1``, so ``Buy("Sugar", True)`` would otherwise
    match the listed ``Buy("Sugar", 1)`` and be played as "buy True Sugar".

    >>> from pirates_lab.plunder.actions import Buy
    >>> bool_for_a_number(Buy("Sugar", True)), bool_for_a_number(Buy("Sugar", 1))
    ('amount', None)
    """
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if field.type in ("int", int) and isinstance(value, bool):
            return field.name
        if field.type in ("tuple", tuple) and isinstance(value, tuple) and any(isinstance(v, bool) for v in value):
            return field.name
    return None


def new_captain(silver: int) -> dict:
    """A captain's mat at the start: a Pinnace on Tortuga, silver, nothing else."""
    return {"silver": silver, "ship": "Pinnace", "prize_ship": False, "captured": None, "cargo": {}, "loot": {},
            "mate": None, "flags": [], "marque": None, "hand": [], "shown": [], "at": (0, 0), "lost": False,
            "unpaid": []}


class State(FlowState):
    """A Plunder position.  ``agenda`` holds the turn's core Tasks (the top is last); a combat, a contested
    Letter or a mutiny travels in its tasks' data (:mod:`.tasks`)."""

    flow = FLOW

    def __init__(self, game):
        super().__init__(game)
        rules = game.components.rules
        self.captains: list[dict] = [new_captain(rules["silver_per_captain"]) for _ in range(game.players)]
        self.bank: int = rules["bank_silver"] - rules["silver_per_captain"] * game.players
        self.goods: dict = {good: rules["goods_per_kind"] for good in game.components.goods}
        self.deck: dict = game.components.full_deck()
        self.discard: dict = {}
        self.sea: dict = {}                 # (x, y) -> map card; Tortuga at (0, 0), north up
        self.encounters: dict = {}          # seat -> the card played to them, face up
        self.offered = None                 # a ship played to the captain on turn (they may buy it)
        self.wars: list = []                # [War is Declared card, the other nation], held by the Herald
        self.roles: dict = {}               # "Treasurer"/"Quartermaster"/"Herald"/"Dealer" -> seat
        self.first = None                   # the First Captain
        self.current: int = 0
        self.round: int = 1
        self.first_draws: dict = {}         # setup: seat -> cards drawn face up
        self.winner = None
        setup.setup_agenda(self)
        self.flow.settle(self)

    def check(self, action) -> None:
        """Refuse an action holding ``True``/``False`` where a whole number is asked (:func:`bool_for_a_number`),
        then the core's checks."""
        name = bool_for_a_number(action)
        if name is not None:
            raise IllegalMove(self.rule(), f"{shown(action)}: the {name} is a whole number, not "
                                           f"{shown(getattr(action, name))}.", action=action)
        super().check(action)

    # ---------------------------------------------------------------- the fight, the claim, the voyage
    def _data(self, kind):
        """The data of the top-most task carrying a ``kind`` (a Battle, a Claim, a Voyage), or None."""
        for task in reversed(self.agenda):
            if isinstance(task.data, kind):
                return task.data
        return None

    @property
    def combat(self) -> Battle | None:
        """The combat in progress, or None."""
        return self._data(Battle)

    @property
    def contest(self) -> Claim | None:
        """The Letter of Marque being contested, or None."""
        return self._data(Claim)

    def _held_by(self, task) -> list[str]:
        """The cards a task holds: a combat's, a claim's cards face down, a prize, the Natives one trades with."""
        data = task.data
        if isinstance(data, (Battle, Claim)):
            return data.held()
        if isinstance(data, Prize):
            return [data.ship]
        if isinstance(data, Market) and self.card(data.name).kind == "natives":
            return [data.name]
        return []

    # ---------------------------------------------------------------- reading
    @property
    def comp(self):
        return self.game.components

    def cap(self, p: int) -> dict:
        return self.captains[p]

    def card(self, name: str) -> Card:
        return self.comp.card(name)

    def place_card(self, p: int) -> Card:
        return self.card(self.sea[self.cap(p)["at"]])

    def place(self, p: int) -> str:
        """The kind of map card the captain is on: tortuga, open_sea, port or coastland."""
        return self.place_card(p).kind

    def ship_stat(self, p: int, stat: str) -> int:
        """The captain's own ship's value (the Captured Ship does not count), with the First Mate's +1."""
        cap = self.cap(p)
        base = self.comp.pinnace[stat] if cap["ship"] == "Pinnace" else getattr(self.card(cap["ship"]), stat)
        mate = cap["mate"]
        return base + (1 if mate is not None and self.card(mate).ability == stat else 0)

    def speed(self, p: int) -> int:
        """Speed for every comparison: the lower of your ship's and an accompanying Captured Ship's."""
        own = self.ship_stat(p, "speed")
        captured = self.cap(p)["captured"]
        return min(own, self.card(captured).speed) if captured else own

    def capacity(self, p: int) -> int:
        captured = self.cap(p)["captured"]
        return self.ship_stat(p, "cargo") + (self.card(captured).cargo if captured else 0)

    def carried(self, p: int) -> int:
        cap = self.cap(p)
        return sum(cap["cargo"].values()) + sum(cap["loot"].values())

    def wages(self, p: int) -> int:
        cap = self.cap(p)
        return self.comp.pinnace["wages"] if cap["ship"] == "Pinnace" else self.card(cap["ship"]).wages

    def left_of(self, p: int) -> int:
        return (p + 1) % self.game.players

    def hand(self, p: int) -> list:
        """Every card in the captain's hand, sorted: the hidden ones (``cap["hand"]``) and those shown face up
        (``cap["shown"]``: the First Captain draw's cards, known to all while they stay in the hand)."""
        cap = self.cap(p)
        return sorted(cap["hand"] + cap["shown"]) if cap["shown"] else list(cap["hand"])

    # ---------------------------------------------------------------- moving things
    def _take_from_hand(self, p: int, name: str) -> None:
        cap = self.cap(p)
        cap["shown" if name in cap["shown"] else "hand"].remove(name)

    def _discard(self, name: str) -> None:
        self.discard[name] = self.discard.get(name, 0) + 1

    def _play_to_discard(self, p: int, name: str) -> None:
        self._take_from_hand(p, name)
        self._discard(name)

    def _from_deck(self, name: str) -> None:
        self.deck[name] -= 1
        if not self.deck[name]:
            del self.deck[name]

    def _draw(self, p: int, name: str) -> None:
        self._from_deck(name)
        self.cap(p)["hand"].append(name)
        self.cap(p)["hand"].sort()

    def _reshuffle(self) -> None:
        """The discard pile goes back into the deck (the deck is a multiset: it is shuffled)."""
        for name, n in self.discard.items():
            self.deck[name] = self.deck.get(name, 0) + n
        self.discard = {}

    def _drop_mate(self, p: int) -> None:
        """The First Mate leaves the mat (a Carpenter's extra hold goes with them)."""
        cap = self.cap(p)
        if cap["mate"]:
            self._discard(cap["mate"])
            cap["mate"] = None
            captured_ships.trim_cargo(self, p)

    def _earn(self, p: int, amount: int) -> None:
        amount = min(amount, self.bank)
        self.bank -= amount
        self.cap(p)["silver"] += amount

    def _spend(self, p: int, amount: int) -> None:
        self.cap(p)["silver"] -= amount
        self.bank += amount

    def _goods_to(self, p: int, where: str, good: str, n: int) -> int:
        n = min(n, self.goods[good])
        self.goods[good] -= n
        store = self.cap(p)[where]
        if n:
            store[good] = store.get(good, 0) + n
        return n

    def _goods_back(self, p: int, where: str, good: str, n: int) -> None:
        store = self.cap(p)[where]
        store[good] -= n
        if not store[good]:
            del store[good]
        self.goods[good] += n

    # ---------------------------------------------------------------- winning
    def _check_win(self) -> None:
        """The first captain to 60 silver wins at once (called after every move that can earn silver)."""
        if self.winner is not None or not self.agenda:
            return
        target = self.game.win_silver
        order = [(self.current + i) % self.game.players for i in range(self.game.players)]
        for p in order:
            if self.cap(p)["silver"] >= target:
                self.winner = p
                self.agenda.clear()
                self.say(f"Captain {p + 1} has {self.cap(p)['silver']} silver and wins.")
                return

    def scores(self) -> tuple:
        return tuple(cap["silver"] for cap in self.captains)

    def winners(self) -> tuple:
        """The first captain to 60 silver; at a ``max_turns`` cut-off, the richest (ties share)."""
        if self.winner is not None:
            return (self.winner,)
        return super().winners()

    # ---------------------------------------------------------------- what a captain may see
    def observation(self, player: int) -> dict:
        """The sea, every mat (hand sizes only), the public piles, the recent log, and ``player``'s own hand
        and cards face down."""
        self._check_player(player)
        mats = []
        for p, cap in enumerate(self.captains):
            mats.append({
                "silver": cap["silver"], "ship": cap["ship"], "prize_ship": cap["prize_ship"],
                "captured": cap["captured"], "cargo": dict(sorted(cap["cargo"].items())),
                "loot": dict(sorted(cap["loot"].items())), "first_mate": cap["mate"], "enemies": sorted(war.enemies(self, p)),
                "marque": cap["marque"], "hand_size": len(self.hand(p)), "shown": sorted(cap["shown"]),
                "at": list(cap["at"]), "lost_ship": cap["lost"], "encounter": self.encounters.get(p)})
        task = self.task
        fight = self.combat
        combat = None
        if fight is not None:
            combat = {"against": fight.against, "hero": fight.hero, "enemy": fight.enemy, "port": fight.port,
                      "hero_attacks": fight.hero_attacks}
            if fight.against == "captain":
                combat.update(target=fight.target, step=fight.step, abandoned=fight.abandoned,
                              left=[list(g) for g in fight.left],
                              placed={str(seat): bool(card) for seat, card in zip(fight.placed, fight.cards)})
                if fight.card_of(player) is not None:
                    combat["my_card"] = fight.card_of(player)
        claim = self.contest
        contest = None
        if claim is not None:
            contest = {"claimant": claim.claimant, "nation": claim.nation, "placed": sorted(claim.seats)}
            if player in claim.seats:
                contest["my_card"] = claim.cards[claim.seats.index(player)][0]
        voyage = self._data(Voyage)
        return {
            "player": player, "players": self.game.players, "current": self.current, "round": self.round,
            "step": None if task is None else task.phase, "acting": self.current_player(),
            "sea": [[x, y, name] for (x, y), name in sorted(self.sea.items())],
            "captains": mats, "hand": list(self.hand(player)), "deck_size": sum(self.deck.values()),
            "discard": dict(sorted(self.discard.items())), "wars": [list(w) for w in self.wars],
            "roles": dict(sorted(self.roles.items())), "first_captain": self.first, "offered": self.offered,
            "bank": self.bank, "goods": dict(self.goods), "combat": combat, "contest": contest,
            "scores": [cap["silver"] for cap in self.captains],
            "sailing": None if voyage is None else [voyage.heading, int(voyage.turned), int(voyage.explored)],
            "winner": self.winner, "log": list(self.log.recent(LOG_IN_VIEW)), "in_play": self._face_up_in_play(),
        }

    def redeal_hidden(self, player: int, rng: random.Random) -> "State":
        """Other captains' unshown cards, the cards they placed face down and the deck, re-dealt among themselves."""
        new = self.clone()
        storms = {k: n for k, n in new.deck.items() if self.card(k).kind == "storm"}  # never in a hand
        pool: list = [name for name, n in sorted(new.deck.items()) for _ in range(n) if name not in storms]
        hands = []
        for p, cap in enumerate(new.captains):
            if p == player:
                continue
            pool += cap["hand"]
            hands.append((p, len(cap["hand"])))
        face_down = []  # (agenda index, position) of a card another captain placed face down
        for i, task in enumerate(new.agenda):
            for k, seat, card in self._face_down(task):
                if seat != player and card:
                    pool += card
                    face_down.append((i, k))
        rng.shuffle(pool)
        for p, n in hands:
            dealt, pool = pool[:n], pool[n:]
            new.cap(p)["hand"] = sorted(dealt)
        for i, k in face_down:
            card, pool = pool[0], pool[1:]
            task = new.agenda[i]
            cards = task.data.cards[:k] + ((card,),) + task.data.cards[k + 1:]
            new.agenda[i] = replace(task, data=replace(task.data, cards=cards))
        new.deck = dict(storms)
        for name in pool:
            new.deck[name] = new.deck.get(name, 0) + 1
        return new

    def _face_up_in_play(self) -> list[str]:
        """The face-up cards the turn's tasks hold: an enemy's card, an abandoned ship, a prize, the Natives one
        trades with (not the cards placed face down)."""
        found = []
        for task in self.agenda:
            data = task.data
            if isinstance(data, Battle):
                found += [name for name in (data.enemy, data.abandoned) if name]
            elif not isinstance(data, Claim):
                found += self._held_by(task)
        return sorted(found)

    @staticmethod
    def _face_down(task) -> list:
        """``(position, seat, (card,) or ())`` for each card placed face down in a task's Battle or Claim."""
        data = task.data
        seats = data.placed if isinstance(data, Battle) else data.seats if isinstance(data, Claim) else ()
        return [(k, seat, data.cards[k]) for k, seat in enumerate(seats)]

    #: the core's leak check reads hidden_cards(): hands, the deck and cards face down are hidden
    hidden_information = True

    def hidden_cards(self) -> list:
        """Where cards lie face down and who may see them: each captain's hand (its unshown cards) by that
        captain, the deck by nobody, a card placed face down (a fight, a contested Letter) by its captain."""
        places = [Hidden(("captains", p, "hand"), seen_by={p}) for p in range(self.game.players)]
        places.append(Hidden(("deck",)))
        for i, task in enumerate(self.agenda):
            places += [Hidden(("agenda", i, "data", "cards", k), seen_by={seat})
                       for k, seat, _ in self._face_down(task)]
        return places

    # ---------------------------------------------------------------- invariants
    def all_cards(self) -> dict:
        """Every card wherever it is: deck, discard, hands, the sea, mats, encounters, wars, held by tasks."""
        counts: dict = {}

        def add(name):
            if name:
                counts[name] = counts.get(name, 0) + 1

        for pile in (self.deck, self.discard):
            for name, n in pile.items():
                counts[name] = counts.get(name, 0) + n
        for cap in self.captains:
            for name in cap["hand"] + cap["shown"]:
                add(name)
            add(cap["ship"] if cap["ship"] != "Pinnace" else None)
            add(cap["captured"])
            add(cap["mate"])
        for name in list(self.sea.values()) + list(self.encounters.values()) + [w[0] for w in self.wars]:
            add(name)
        add(self.offered)
        for task in self.agenda:
            for name in self._held_by(task):
                add(name)
        return counts

    def validate(self) -> None:
        """Cards, silver, goods and flags are conserved; hands stay within the limit; the agenda is the table's."""
        if self.all_cards() != self.comp.full_deck():
            raise ValueError("the cards in play are not exactly the deck")
        rules = self.comp.rules
        if self.bank + sum(c["silver"] for c in self.captains) != rules["bank_silver"]:
            raise ValueError("silver is not conserved")
        for good in self.comp.goods:
            held = sum(c["cargo"].get(good, 0) + c["loot"].get(good, 0) for c in self.captains)
            if held + self.goods[good] != rules["goods_per_kind"]:
                raise ValueError(f"{good} tokens are not conserved")
        for nation in self.comp.nations:
            if war.flags_left(self, nation) < 0:
                raise ValueError(f"more {nation} flags are out than the Herald's {rules['flags_per_nation']}")
        for p, cap in enumerate(self.captains):
            if len(self.hand(p)) > rules["move_below"] or cap["silver"] < 0:
                raise ValueError(f"captain {p + 1} holds {len(self.hand(p))} cards and {cap['silver']} silver")
            if self.carried(p) > self.capacity(p):
                raise ValueError(f"captain {p + 1} carries more than the ship holds")
        if self.task is None or self.flow.phases[self.task.phase].actor != AUTO:
            super().validate()  # a settled agenda keeps the phase table's promises (a hand-made one may be mid-move)

    def __str__(self) -> str:
        return f"Plunder, round {self.round}: {self.phase} (captain {self.current + 1} on turn); {RULE_TURN}"
