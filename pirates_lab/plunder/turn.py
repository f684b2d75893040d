"""The turn: resolve the encounter, pay the crew, sail and explore, one action, play an encounter.

Rules: Plunder › Turn

The phase table ``FLOW`` is the whole game's (setup, turn, trade, combat); each row names the
rulebook heading that governs it.  A task's ``player`` is always the captain who decides.
"""
from __future__ import annotations

from pirates_lab.core import AUTO, CHANCE, IllegalMove, Phase, Task, TurnFlow
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import EDGE_NAMES, EDGES, step, turn

from .actions import (AbandonCaptured, AttackCaptain, AttackPort, DismissMate, Explore, Give, Marque, PassAction, Pay,
                      Play, Shout, Sail, StartTrade, StopSailing)
from .headings import (RULE_ACTION, RULE_BOARDING, RULE_BROADSIDE, RULE_CAPTAIN, RULE_CAPTURED, RULE_ENCOUNTER,
                       RULE_ENEMIES, RULE_ENGAGEMENT, RULE_PAY, RULE_PLAY_ENCOUNTER, RULE_RESULTS, RULE_SAIL, RULE_SELLING,
                       RULE_SETUP, RULE_TRADE, RULE_TURN, RULE_WAR)

__all__ = ["FLOW", "TurnPhases", "sailing_paths"]

FLOW = TurnFlow(
    Phase("first_draw", RULE_SETUP, actor=CHANCE, auto="_before_draw", doc="each captain draws a card face up"),
    Phase("first_check", RULE_SETUP, actor=AUTO, auto="_auto_first_check", doc="highest card: First Captain"),
    Phase("deal", RULE_SETUP, actor=CHANCE, auto="_before_draw", doc="deal to 6 (no Storm)"),
    Phase("start", RULE_TURN, actor=AUTO, auto="_auto_start"),
    Phase("lost_draw", RULE_ENCOUNTER, actor=CHANCE, auto="_before_draw", doc="after a lost ship: draw to 6"),
    Phase("encounter", RULE_ENCOUNTER, actor=AUTO, auto="_auto_encounter"),
    Phase("meet", RULE_ENCOUNTER, actions="_meet_actions", doc="a merchant ship: attack it or let it go"),
    Phase("natives", RULE_ENCOUNTER, actions="_natives_actions", doc="trade with the Natives, attack, or leave"),
    Phase("pay", RULE_PAY, actions="_pay_actions", auto="_auto_pay"),
    Phase("sail", RULE_SAIL, actions="_sail_actions"),
    Phase("mutiny", RULE_PAY, actions="_mutiny_actions", doc='another captain may shout "Mutiny!"'),
    Phase("sail_on", RULE_SAIL, actor=AUTO, auto="_auto_sail_on"),
    Phase("move_draw", RULE_SAIL, actor=CHANCE, auto="_before_draw", doc="draw 1 after moving"),
    Phase("action", RULE_ACTION, actions="_action_actions"),
    Phase("contest", RULE_ACTION, actions="_contest_actions", doc="a card face down, or none"),
    Phase("reveal_contest", RULE_ACTION, actor=AUTO, auto="_auto_reveal_contest"),
    Phase("letter", RULE_WAR, actions="_letter_actions", doc="two Letters of Marque: keep one"),
    Phase("trade", RULE_TRADE, actions="_trade_actions"),
    Phase("engage", RULE_ENGAGEMENT, actions="_engage_actions", auto="_auto_engage"),
    Phase("broadside", RULE_BROADSIDE, actions="_broadside_actions", auto="_auto_broadside"),
    Phase("sink_or_board", RULE_BROADSIDE, actions="_sink_or_board_actions"),
    Phase("boarding", RULE_BOARDING, actions="_boarding_actions", auto="_auto_boarding"),
    Phase("flee_choice", RULE_CAPTAIN, actions="_flee_choice_actions"),
    Phase("abandoned", RULE_CAPTAIN, actions="_abandoned_actions"),
    Phase("secret", RULE_CAPTAIN, actions="_secret_actions"),
    Phase("reveal", RULE_CAPTAIN, actor=AUTO, auto="_auto_reveal"),
    Phase("prize", RULE_CAPTURED, actions="_prize_actions"),
    Phase("loot", RULE_RESULTS, actor=CHANCE, auto="_before_draw", doc="turn over the top card"),
    Phase("give", RULE_PLAY_ENCOUNTER, actions="_give_actions", auto="_auto_give"),
    Phase("end", RULE_TURN, actor=AUTO, auto="_auto_end"),
)

MAP_IN_HAND = ("open_sea", "port", "coastland")


def sailing_paths(kinds: dict, start: tuple) -> list[list[tuple]]:
    """Every legal course from ``start`` over the map cards (``kinds``: cell -> map kind): one direction,
    at most one turn to port or starboard, never diagonally, stopping in a Port or a Coastland.

    Each path lists the cells entered (the hand limit and the draws are left out).

    >>> sea = {(0, 0): "tortuga", (1, 0): "open_sea", (2, 0): "port", (1, 1): "coastland"}
    >>> sorted(tuple(p) for p in sailing_paths(sea, (0, 0)))
    [((1, 0),), ((1, 0), (1, 1)), ((1, 0), (2, 0))]
    """
    found = []

    def go(cell, heading, turned, path):
        for new in ([heading] if turned else [heading, turn(heading, "port"), turn(heading, "starboard")]):
            nxt = step(cell, new)
            if nxt not in kinds or nxt in path or nxt == start:
                continue
            route = path + [nxt]
            found.append(route)
            if kinds[nxt] not in ("port", "coastland"):
                go(nxt, new, turned or new != heading, route)

    for heading in EDGES:
        nxt = step(start, heading)
        if nxt in kinds:
            found.append([nxt])
            if kinds[nxt] not in ("port", "coastland"):
                go(nxt, heading, False, [nxt])
    return found


class TurnPhases:
    """The turn's phases for :class:`~pirates_lab.plunder.state.State`."""

    # ---------------------------------------------------------------- start and end
    def _auto_start(self, task) -> None:
        p = task.player
        FLOW.pop(self)
        self.current = p
        self.offered = None
        self.sailing = None
        cap = self.cap(p)
        tasks = []
        if cap["lost"]:
            cap["lost"] = False
            if len(cap["hand"]) < self.comp.rules["lost_ship_draw"]:
                tasks.append(Task("lost_draw", p))
        first_turn = self.round == 1 and p == self.first
        if not first_turn:
            tasks.append(Task("encounter", p))
        tasks += [Task("pay", p), Task("sail", p), Task("action", p), Task("give", p), Task("end", p)]
        FLOW.push(self, *tasks)
        self.say(f"Round {self.round}: captain {p + 1}'s turn.")

    def _auto_end(self, task) -> None:
        FLOW.pop(self)
        if self.offered is not None:
            self._discard(self.offered)
            self.offered = None
        self.sailing = None
        nxt = self.left_of(task.player)
        if nxt == self.first:
            self.round += 1
            if self.game.max_turns is not None and self.round > self.game.max_turns:
                self.say(f"{self.game.max_turns} rounds played: the game stops; the richest captain wins.")
                self.agenda.clear()
                return
        FLOW.push(self, Task("start", nxt))

    # ---------------------------------------------------------------- Resolve the Encounter
    def _drawn_lost_draw(self, task, name: str) -> None:
        p = task.player
        FLOW.pop(self)
        if self.card(name).kind == "storm":
            self.say(f"Captain {p + 1} draws the Storm: they stop drawing and the Encounter is discarded.")
            pending = self.encounters.pop(p, None)
            if pending:
                self._discard(pending)
            self._storm(p, name)
            return
        self._draw(p, name)
        self.say(f"Captain {p + 1} draws a card (starting over after a lost ship).")
        if len(self.hand(p)) < self.comp.rules["lost_ship_draw"]:
            FLOW.push(self, Task("lost_draw", p))

    def _auto_encounter(self, task) -> None:
        p = task.player
        FLOW.pop(self)
        name = self.encounters.pop(p, None)
        if name is None:
            return
        card = self.card(name)
        here = self.place(p)
        if card.is_map or card.encounter is None or card.encounter != here:
            if card.kind == "ship" and not card.prize and here == "port":
                self.offered = name
                self.say(f"{name} does not apply in a Port: captain {p + 1} may buy it this turn.")
            else:
                self._discard(name)
                self.say(f"{name} does not apply to captain {p + 1}: discarded.")
            return
        if card.kind == "natives":
            self._begin_npc_combat(p, name, "natives", hero_attacks=True, start=False)
            FLOW.push(self, Task("natives", p))
        elif card.name == "Pirates" or card.prize and card.nation is None:
            self._begin_npc_combat(p, name, "ship", hero_attacks=False)
        else:
            self._begin_npc_combat(p, name, "ship", hero_attacks=True, start=False)
            FLOW.push(self, Task("meet", p))
        self.say(f"Captain {p + 1} meets {name}.")

    # ---------------------------------------------------------------- Pay the Crew
    def _owed(self, p: int) -> tuple[int, int]:
        return self.wages(p), (self.comp.rules["first_mate_wage"] if self.cap(p)["mate"] else 0)

    def _auto_pay(self, task):
        p = task.player
        crew, mate = self._owed(p)
        if self.game.options["mutiny"] and (crew or mate):
            return False
        FLOW.pop(self)
        cap = self.cap(p)
        if mate:
            if cap["silver"] >= crew + mate:
                self._spend(p, mate)
            else:
                self.say(f"Captain {p + 1} cannot pay the First Mate, who leaves.")
                self._drop_mate(p)
        if crew:
            if cap["silver"] >= crew:
                self._spend(p, crew)
                self.say(f"Captain {p + 1} pays the crew {crew} silver.")
            else:
                self.say(f"Captain {p + 1} cannot pay the crew: they throw the captain overboard (Mutiny!).")
                self._lose_ship(p)
        return None

    def _pay_actions(self, task):
        p = task.player
        crew, mate = self._owed(p)
        silver = self.cap(p)["silver"]
        found = []
        for pay_crew in (True, False):
            for pay_mate in ((True, False) if mate else (True,)):
                if crew * pay_crew + mate * (pay_mate and bool(mate)) <= silver:
                    found.append(Pay(pay_crew, pay_mate))
        return found

    def _do_pay(self, p: int, task, action: Pay) -> None:
        FLOW.pop(self)
        crew, mate = self._owed(p)
        unpaid = []
        if action.crew:
            self._spend(p, crew)
        elif crew:
            unpaid.append("crew")
        if mate:
            if action.mate:
                self._spend(p, mate)
            else:
                unpaid.append("mate")
        self.cap(p)["unpaid"] = unpaid
        self.say(f"Captain {p + 1} {'pays' if not unpaid else 'forgets to pay ' + ' and '.join(unpaid)}.")

    def _mutiny_actions(self, task):
        return [Shout(True), Shout(False)]

    def _do_mutiny(self, p: int, task, action: Shout) -> None:
        FLOW.pop(self)
        if not action.mutiny:
            return
        captain = task.data[0]
        FLOW.remove(self, lambda t: t.phase == "mutiny")
        unpaid = self.cap(captain)["unpaid"]
        self.cap(captain)["unpaid"] = []
        self.say(f'Captain {p + 1} shouts "Mutiny!"')
        if "mate" in unpaid and self.cap(captain)["mate"]:
            self._drop_mate(captain)
            self.say(f"Captain {captain + 1}'s First Mate leaves the mat.")
        if "crew" in unpaid:
            self.say(f"Captain {captain + 1}'s crew throws them overboard.")
            self._lose_ship(captain)

    # ---------------------------------------------------------------- Sail and Explore
    def _headings(self, p: int) -> list[int]:
        if self.sailing is None or self.sailing[0] < 0:
            return list(EDGES)
        heading, turned = self.sailing[:2]
        return [heading] if turned else [heading, turn(heading, "port"), turn(heading, "starboard")]

    def _sail_actions(self, task):
        p = task.player
        cap = self.cap(p)
        found = []
        if len(cap["hand"]) < self.comp.rules["move_below"]:
            found += [Sail(h) for h in self._headings(p) if step(cap["at"], h) in self.sea]
        if self._explored():
            return found + [StopSailing()]  # one Explore, then Move: the steps repeat in sequence
        maps = sorted({n for n in cap["hand"] if self.card(n).kind in MAP_IN_HAND})
        for h in EDGES:
            cell = step(cap["at"], h)
            if cell not in self.sea:
                found += [Explore(cell, n) for n in maps]
        return found + [StopSailing()]

    def _explored(self) -> bool:
        """Has a map card been explored since the last move (``sailing``: heading, turned, explored)?"""
        return self.sailing is not None and len(self.sailing) > 2 and bool(self.sailing[2])

    def _legal_sail(self, p, task, action) -> bool:
        return action in self._sail_actions(task)

    def _why_sail(self, p, task, action) -> IllegalMove:
        cap = self.cap(p)
        if isinstance(action, Sail):
            if not isinstance(action.heading, int) or action.heading not in EDGES:
                return IllegalMove(RULE_SAIL, "You cannot move diagonally: sail north, east, south or west.")
            if len(cap["hand"]) >= self.comp.rules["move_below"]:
                return IllegalMove(RULE_SAIL, "You may move only if you have fewer than 7 cards in hand.")
            if action.heading not in self._headings(p):
                return IllegalMove(RULE_SAIL, f"You sail one direction a turn, turning at most once to port or "
                                              f"starboard: {EDGE_NAMES[action.heading]} is not one of them now.")
            return IllegalMove(RULE_SAIL, f"There is no map card to the {EDGE_NAMES[action.heading]}: explore first.")
        if isinstance(action, Explore):
            if self._explored():
                return IllegalMove(RULE_SAIL, "You explore once before each move (Explore, Move, Draw, in sequence): "
                                              "move first, or stop.")
            if action.card not in cap["hand"] or self.card(action.card).kind not in MAP_IN_HAND:
                return IllegalMove(RULE_SAIL, f"You explore with a map card from your hand ({shown(action.card)} is not one).")
            return IllegalMove(RULE_SAIL, f"{shown(action.at)} is not an empty space next to your ship.")
        return IllegalMove(RULE_SAIL, f"{shown(action)} is not part of sailing and exploring.")

    def _do_sail(self, p: int, task, action) -> None:
        cap = self.cap(p)
        if isinstance(action, StopSailing):
            FLOW.pop(self)
            return
        if isinstance(action, Explore):
            self._take_from_hand(p, action.card)
            self.sea[tuple(action.at)] = action.card
            self.sailing = [-1, 0, 1] if self.sailing is None else [self.sailing[0], self.sailing[1], 1]
            self.say(f"Captain {p + 1} explores: {action.card} at {tuple(action.at)}.")
            return
        if cap["unpaid"]:
            others = [(p + i) % self.game.players for i in range(1, self.game.players)]
            FLOW.push(self, *(Task("mutiny", q, (p,)) for q in others), Task("sail_on", p, (action.heading,)))
            return
        self._move(p, action.heading)

    def _auto_sail_on(self, task) -> None:
        FLOW.pop(self)
        p = task.player
        self.cap(p)["unpaid"] = []
        if FLOW.top(self) is not None and FLOW.top(self).phase == "sail" and FLOW.top(self).player == p:
            self._move(p, task.data[0])

    def _move(self, p: int, heading: int) -> None:
        cap = self.cap(p)
        if self.sailing is None or self.sailing[0] < 0:
            self.sailing = [heading, 0, 0]
        else:
            self.sailing = [heading, int(heading != self.sailing[0] or bool(self.sailing[1])), 0]
        cap["at"] = step(cap["at"], heading)
        kind = self.place(p)
        self.say(f"Captain {p + 1} sails {EDGE_NAMES[heading]} to {self.sea[cap['at']]} at {cap['at']}.")
        if kind in ("port", "coastland"):
            FLOW.pop(self)  # entering a Port or a Coastland ends the move
        FLOW.push(self, Task("move_draw", p))

    def _drawn_move_draw(self, task, name: str) -> None:
        p = task.player
        FLOW.pop(self)
        if self.card(name).kind == "storm":
            FLOW.remove(self, lambda t: t.phase == "sail")
            self._storm(p, name)
            return
        self._draw(p, name)

    def _storm(self, p: int, name: str) -> None:
        """The Storm, face up: the move ends, the Captured Ship and the Loot are lost (ASSUMPTION: the card's text)."""
        self._from_deck(name)
        cap = self.cap(p)
        self.say(f"Captain {p + 1} draws the Storm! {self.card(name).text}")
        if cap["captured"]:
            self._discard(cap["captured"])
            cap["captured"] = None
        for good, n in list(cap["loot"].items()):
            self._goods_back(p, "loot", good, n)
        self._trim_cargo(p)
        self._discard(name)
        self._reshuffle()

    # ---------------------------------------------------------------- Action
    def _action_actions(self, task):
        p = task.player
        cap = self.cap(p)
        place = self.place_card(p)
        free = ([DismissMate()] if cap["mate"] else []) + ([AbandonCaptured()] if cap["captured"] else [])
        if place.kind == "port" and place.nation in self.enemies(p):
            cards = sorted({n for n in cap["hand"] if self.card(n).kind in ("rum", "sneak")})
            return [AttackPort()] + [Play(n) for n in cards] + free
        if self._may_sell_plunder(p, place) and (cap["loot"] or cap["captured"]):
            return [StartTrade()]
        found = [PassAction()]
        found += self._card_plays(p, place)
        found += self._marque_actions(p, place)
        if place.kind in ("port", "tortuga"):
            found.append(StartTrade())
        if place.kind == "port" and self._may_make_enemy(p, place.nation):
            found.append(AttackPort())
        if place.kind not in ("tortuga", "port"):  # "in the same space as another Captain (but not in a Port)"
            found += [AttackCaptain(q) for q in range(self.game.players)
                      if q != p and self.cap(q)["at"] == cap["at"]]
        return found + free

    def _card_plays(self, p: int, place) -> list:
        found = []
        for name in sorted(set(self.hand(p))):
            card = self.card(name)
            if card.act is None or card.act != place.kind:
                continue
            if card.kind == "war":
                warring = {frozenset((self.card(w).nation, other)) for w, other in self.wars}
                found += [Play(name, n) for n in self.comp.nations  # the Herald places a flag of n on the card
                          if n != card.nation and frozenset((card.nation, n)) not in warring and self.flags_left(n) > 0]
            elif card.kind == "treaty":
                found += [Play(name, w) for w, _ in self.wars]
            else:
                found.append(Play(name))
        return found

    def _do_action(self, p: int, task, action) -> None:
        cap = self.cap(p)
        if isinstance(action, DismissMate):
            self.say(f"Captain {p + 1} lets {cap['mate']} go.")
            self._drop_mate(p)
            return
        if isinstance(action, AbandonCaptured):
            self._abandon_captured(p)
            return
        FLOW.pop(self)
        if isinstance(action, PassAction):
            self.say(f"Captain {p + 1} takes no action.")
        elif isinstance(action, Play):
            self._play_card(p, action)
        elif isinstance(action, Marque):
            self._seek_marque(p, action.card)
        elif isinstance(action, StartTrade):
            self._open_trade(p, self.sea[cap["at"]], card_played=False)
        elif isinstance(action, AttackPort):
            self._attack_port(p)
        elif isinstance(action, AttackCaptain):
            self._attack_captain(p, action.target)

    def _why_action(self, p, task, action) -> IllegalMove:
        place = self.place_card(p)
        if isinstance(action, (PassAction, StartTrade, Play)) and place.kind == "port" and \
                place.nation in self.enemies(p):
            return IllegalMove(RULE_ACTION, f"{place.name} is an enemy Port: you MUST attack it, unless you play "
                                            "Bottle of Rum or Sneak into Port.")
        if isinstance(action, (PassAction, Play, Marque, AttackPort, AttackCaptain)) and \
                self._may_sell_plunder(p, place) and (self.cap(p)["loot"] or self.cap(p)["captured"]):
            return IllegalMove(RULE_SELLING, "You MUST sell the Captured Ship and its loot where you are allowed to.")
        if isinstance(action, Play):
            if action.card not in self.hand(p):
                return IllegalMove(RULE_ACTION, f"{shown(action.card)} is not in your hand.")
            card = self.card(action.card)
            if card.act is None:
                return IllegalMove(RULE_ACTION, f"{card.name} shows no \"Act\" entry: it is played as an Encounter.")
            if card.act != place.kind:
                return IllegalMove(RULE_ACTION, f"{card.name} acts in a {card.act.replace('_', ' ')}; you are in "
                                                f"{place.name}.")
            if card.kind == "war" and action.choice in self.comp.nations and self.flags_left(action.choice) <= 0:
                return IllegalMove(RULE_WAR, f"The Herald has no {action.choice} flag left to place on the card.")
            return IllegalMove(RULE_WAR, f"{shown(action)} is not a war or treaty that can be played now.")
        if isinstance(action, Marque):
            return self._why_marque(p, place, action)
        if isinstance(action, StartTrade):
            return IllegalMove(RULE_TRADE, "You may trade only while you are in a Port (or sell plunder in Tortuga).")
        if isinstance(action, AttackPort):
            if place.kind == "port":
                return IllegalMove(RULE_ENEMIES, f"The Herald has no {place.nation} flag left: {place.nation} cannot "
                                                 "become your enemy, so you cannot attack its Port.")
            return IllegalMove(RULE_ACTION, "You may attack a Port only if you are in it.")
        if isinstance(action, AttackCaptain):
            return IllegalMove(RULE_CAPTAIN, "You may attack a Captain only in the same space, not in a Port "
                                             "(and, our assumption, not in Tortuga).")
        return IllegalMove(RULE_ACTION, f"{shown(action)} is not one of the actions: play a card, a Letter of Marque, "
                                        "trade, attack a Port or a Captain.")

    # ---------------------------------------------------------------- Play an Encounter
    def _auto_give(self, task):
        if self.hand(task.player):
            return False
        FLOW.pop(self)
        return None

    def _give_actions(self, task):
        return [Give(n) for n in sorted(set(self.hand(task.player)))]

    def _do_give(self, p: int, task, action: Give) -> None:
        FLOW.pop(self)
        left = self.left_of(p)
        self._take_from_hand(p, action.card)
        if left in self.encounters:  # ASSUMPTION: one Encounter waits per captain; an older one is discarded
            self._discard(self.encounters[left])
        self.encounters[left] = action.card
        self.say(f"Captain {p + 1} plays {action.card} as an Encounter to captain {left + 1}.")

    def _why_give(self, p, task, action) -> IllegalMove:
        return IllegalMove(RULE_PLAY_ENCOUNTER, "You must play one card from your hand as an Encounter to the "
                                                "captain on your left.")

