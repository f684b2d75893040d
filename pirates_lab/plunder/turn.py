"""The turn: its phase table, the start and end, Resolve the Encounter, Pay the Crew, Play an Encounter.

Rules: Plunder › Turn

The phase table ``FLOW`` is the whole game's (setup, turn, trade, combat); each row names the rulebook
heading that governs it and the state's methods that list the choices (``actions``), give chance's odds
(``odds``), carry out a move (``apply``), accept moves too many to list (``legal``) and explain a refusal
(``why``).  A task's ``player`` is the captain who decides; where someone else answers (a contest, a mutiny,
cards face down) the row's ``actor`` names them.  Sailing is in :mod:`.sail_and_explore`, the Action step in
:mod:`.action`.
"""
from __future__ import annotations

from pirates_lab.core import AUTO, CHANCE, IllegalMove, Phase, Task, TurnFlow

from .actions import Give, Pay, Shout
from .headings import (RULE_ACTION, RULE_BOARDING, RULE_BROADSIDE, RULE_CAPTAIN, RULE_CAPTURED, RULE_ENCOUNTER,
                       RULE_ENGAGEMENT, RULE_PAY, RULE_PLAY_ENCOUNTER, RULE_RESULTS, RULE_SAIL, RULE_SETUP,
                       RULE_TRADE, RULE_TURN, RULE_WAR)
from .sail_and_explore import sailing_paths
from .tasks import Battle, Claim, Letters, Loot, Market, Move, Mutiny, Prize, Tie, Voyage

__all__ = ["FLOW", "TurnPhases", "sailing_paths"]


def mutiny_seat(state, task) -> int:
    """the next other captain, who may shout "Mutiny!\""""
    return task.data.asked[0]


def contest_seat(state, task) -> int:
    """the next captain who may contest the Letter"""
    return task.data.asked[0]


def secret_seat(state, task) -> int:
    """the next captain of the fight to place a card face down (the attacker first)"""
    return task.data.to_place()


FLOW = TurnFlow(
    Phase("first_draw", RULE_SETUP, actor=CHANCE, odds="_deal_odds", apply="_drawn_first_draw", auto="_before_deal",
          doc="each captain draws a card face up"),
    Phase("first_check", RULE_SETUP, actor=AUTO, auto="_auto_first_check", data=Tie, doc="highest card: First Captain"),
    Phase("deal", RULE_SETUP, actor=CHANCE, odds="_deal_odds", apply="_drawn_deal", auto="_before_deal",
          doc="deal to 6 (no Storm)"),
    Phase("start", RULE_TURN, actor=AUTO, auto="_auto_start"),
    Phase("lost_draw", RULE_ENCOUNTER, actor=CHANCE, odds="_deck_odds", apply="_drawn_lost_draw",
          auto="_before_draw", doc="after a lost ship: draw to 6"),
    Phase("encounter", RULE_ENCOUNTER, actor=AUTO, auto="_auto_encounter"),
    Phase("meet", RULE_ENCOUNTER, actions="_meet_actions", apply="_do_meet", why="_why_meet", data=Battle,
          doc="a merchant ship: attack it or let it go"),
    Phase("natives", RULE_ENCOUNTER, actions="_natives_actions", apply="_do_natives", data=Battle,
          doc="trade with the Natives, attack, or leave"),
    Phase("pay", RULE_PAY, actions="_pay_actions", apply="_do_pay", auto="_auto_pay"),
    Phase("sail", RULE_SAIL, actions="_sail_actions", apply="_do_sail", why="_why_sail", data=Voyage),
    Phase("mutiny", RULE_PAY, actor=mutiny_seat, actions="_mutiny_actions", apply="_do_mutiny", data=Mutiny,
          doc='another captain may shout "Mutiny!"'),
    Phase("move_draw", RULE_SAIL, actor=CHANCE, odds="_deck_odds", apply="_drawn_move_draw", auto="_before_move_draw",
          data=Move, doc="draw 1 after moving"),
    Phase("action", RULE_ACTION, actions="_action_actions", apply="_do_action", why="_why_action"),
    Phase("contest", RULE_ACTION, actor=contest_seat, actions="_contest_actions", apply="_do_contest", data=Claim,
          doc="a card face down, or none"),
    Phase("reveal_contest", RULE_ACTION, actor=AUTO, auto="_auto_reveal_contest", data=Claim),
    Phase("letter", RULE_WAR, actions="_letter_actions", apply="_do_letter", why="_why_letter", data=Letters,
          doc="two Letters of Marque: keep one"),
    Phase("trade", RULE_TRADE, actions="_trade_actions", apply="_do_trade", legal="_legal_trade", why="_why_trade",
          data=Market),
    Phase("engage", RULE_ENGAGEMENT, actions="_engage_actions", apply="_do_engage", auto="_auto_engage",
          why="_why_engage", data=Battle),
    Phase("broadside", RULE_BROADSIDE, actions="_broadside_actions", apply="_do_broadside", auto="_auto_broadside",
          why="_why_broadside", data=Battle),
    Phase("sink_or_board", RULE_BROADSIDE, actions="_sink_or_board_actions", apply="_do_sink_or_board", data=Battle),
    Phase("boarding", RULE_BOARDING, actions="_boarding_actions", apply="_do_boarding", auto="_auto_boarding",
          why="_why_boarding", data=Battle),
    Phase("flee_choice", RULE_CAPTAIN, actions="_flee_choice_actions", apply="_do_flee_choice", data=Battle),
    Phase("abandoned", RULE_CAPTAIN, actions="_abandoned_actions", apply="_do_abandoned", data=Battle),
    Phase("secret", RULE_CAPTAIN, actor=secret_seat, actions="_secret_actions", apply="_do_secret",
          why="_why_secret", data=Battle, doc="a card face down, or none"),
    Phase("reveal", RULE_CAPTAIN, actor=AUTO, auto="_auto_reveal", data=Battle),
    Phase("prize", RULE_CAPTURED, actions="_prize_actions", apply="_do_prize", data=Prize),
    Phase("loot", RULE_RESULTS, actor=CHANCE, odds="_deck_odds", apply="_drawn_loot", auto="_before_draw",
          data=Loot, doc="turn over the top card"),
    Phase("give", RULE_PLAY_ENCOUNTER, actions="_give_actions", apply="_do_give", auto="_auto_give",
          why="_why_give"),
    Phase("end", RULE_TURN, actor=AUTO, auto="_auto_end"),
)


class TurnPhases:
    """The turn's phases for :class:`~pirates_lab.plunder.state.State`."""

    # ---------------------------------------------------------------- start and end
    def _auto_start(self, task) -> None:
        p = task.player
        self.flow.pop(self)
        self.current = p
        self.offered = None
        cap = self.cap(p)
        tasks = []
        if cap["lost"]:
            cap["lost"] = False
            if len(self.hand(p)) < self.comp.rules["lost_ship_draw"]:
                tasks.append(Task("lost_draw", p))
        first_turn = self.round == 1 and p == self.first  # "skips this phase on the first turn of the game"
        if not first_turn:
            tasks.append(Task("encounter", p))
        tasks += [Task("pay", p), Task("sail", p, Voyage()), Task("action", p), Task("give", p), Task("end", p)]
        self.flow.push(self, *tasks)
        self.say(f"Round {self.round}: captain {p + 1}'s turn.")

    def _auto_end(self, task) -> None:
        self.flow.pop(self)
        if self.offered is not None:
            self._discard(self.offered)
            self.offered = None
        nxt = self.left_of(task.player)
        if nxt == self.first:
            self.round += 1
            if self.game.max_turns is not None and self.round > self.game.max_turns:
                self.say(f"{self.game.max_turns} rounds played: the game stops; the richest captain wins.")
                self.agenda.clear()
                return
        self.flow.push(self, Task("start", nxt))

    # ---------------------------------------------------------------- Resolve the Encounter
    def _drawn_lost_draw(self, task, name: str) -> None:
        p = task.player
        self.flow.pop(self)
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
            self.flow.push(self, Task("lost_draw", p))

    def _auto_encounter(self, task) -> None:
        p = task.player
        self.flow.pop(self)
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
            self.flow.push(self, Task("natives", p, Battle("natives", p, enemy=name)))
        elif card.name == "Pirates":  # "except for Pirates, who always attack"
            self.flow.push(self, Task("engage", p, Battle("ship", p, enemy=name, hero_attacks=False)))
        else:
            self.flow.push(self, Task("meet", p, Battle("ship", p, enemy=name)))
        self.say(f"Captain {p + 1} meets {name}.")

    # ---------------------------------------------------------------- Pay the Crew
    def _owed(self, p: int) -> tuple[int, int]:
        return self.wages(p), (self.comp.rules["first_mate_wage"] if self.cap(p)["mate"] else 0)

    def _auto_pay(self, task):
        p = task.player
        crew, mate = self._owed(p)
        if self.game.options["mutiny"] and (crew or mate):
            return False
        self.flow.pop(self)
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

    def _do_pay(self, task, action: Pay) -> None:
        p = task.player
        self.flow.pop(self)
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

    def _take_up_ship(self, p: int, heading: int) -> None:
        """A captain who forgot to pay takes up the ship: each other captain in turn may shout "Mutiny!"."""
        others = tuple((p + i) % self.game.players for i in range(1, self.game.players))
        self.flow.push(self, Task("mutiny", None, Mutiny(p, heading, others)))

    def _mutiny_actions(self, task):
        return [Shout(True), Shout(False)]

    def _do_mutiny(self, task, action: Shout) -> None:
        window = task.data
        captain = window.captain
        if not action.mutiny and window.asked[1:]:
            self.flow.replace(self, Task("mutiny", None, Mutiny(captain, window.heading, window.asked[1:])))
            return
        self.flow.pop(self)
        unpaid = self.cap(captain)["unpaid"]
        self.cap(captain)["unpaid"] = []
        if action.mutiny:
            self.say(f'Captain {window.asked[0] + 1} shouts "Mutiny!"')
            if "mate" in unpaid and self.cap(captain)["mate"]:
                self._drop_mate(captain)
                self.say(f"Captain {captain + 1}'s First Mate leaves the mat.")
            if "crew" in unpaid:
                self.say(f"Captain {captain + 1}'s crew throws them overboard.")
                self._lose_ship(captain)
                return  # the ship is lost: the turn is over
        self._move(captain, window.heading)

    # ---------------------------------------------------------------- Play an Encounter
    def _auto_give(self, task):
        if self.hand(task.player):
            return False
        self.flow.pop(self)
        return None

    def _give_actions(self, task):
        return [Give(n) for n in sorted(set(self.hand(task.player)))]

    def _do_give(self, task, action: Give) -> None:
        p = task.player
        self.flow.pop(self)
        left = self.left_of(p)
        self._take_from_hand(p, action.card)
        if left in self.encounters:  # ASSUMPTION: one Encounter waits per captain; an older one is discarded
            self._discard(self.encounters[left])
        self.encounters[left] = action.card
        self.say(f"Captain {p + 1} plays {action.card} as an Encounter to captain {left + 1}.")

    def _why_give(self, task, action) -> IllegalMove:
        return IllegalMove(RULE_PLAY_ENCOUNTER, "You must play one card from your hand as an Encounter to the "
                                                "captain on your left.")
