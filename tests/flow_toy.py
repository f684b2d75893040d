"""Skirmish: a small game written on :class:`pirates_lab.core.FlowState`, for the core's tests.

It has every shape the five engines need, in a few rows:

- a turn of steps for the player on turn (``turn``, then ``draw`` and ``end``, by ``then``);
- a parameterised move too many to list (bury *any* amount: ``legal``), and a refusal that says why;
- a chance draw from a deck of counts (``odds``), and a die;
- a battle as a task carrying typed data (:class:`Battle`), pushed on top of the turn;
- a window where someone else answers (``actor=window_seat``): each other seat may ambush;
- an ambush is a battle inside the battle (a push; the row says ``nests=True``);
- simultaneous secret choices: both sides of a battle commit doubloons, hidden until both are in;
- a turn cut short (``FLOW.cut``) when the player on turn is left with nothing.

Rules (made up): each player starts with 3 doubloons and 2 cards.  On your turn bury any amount,
raid another player, or pass.  A raid opens a window: every other seat is asked in turn, and one with an
"ambush" card may play it and fight the raider first.  In a battle both sides secretly commit 0-2 doubloons, a die is
rolled for the attacker, and commitment plus die (attacker) against commitment plus 3 (defender)
decides; the loser pays the winner one doubloon.  Then draw a card.  Most doubloons (buried count)
after ``rounds`` rounds wins.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pirates_lab.core.hidden import Hidden
from pirates_lab.core import AUTO, CHANCE, Dist, FlowState, Game, IllegalMove, Phase, Task, TurnFlow, action, saveable

RULE_TURN, RULE_BATTLE, RULE_CARDS = "Your Turn", "Battles", "Cards"
CARDS = {"ambush": 4, "rum": 8}


@saveable
@dataclass(frozen=True)
class Battle:
    """One battle: who attacks whom, and the doubloons each side committed (None: not yet)."""

    attacker: int
    defender: int
    committed: tuple = (None, None)

    def side(self, seat: int) -> int:
        return 0 if seat == self.attacker else 1


@saveable
@dataclass(frozen=True)
class Window:
    """A raid's window: the battle waiting, and the seats still to answer (first answers first)."""

    battle: Battle
    asked: tuple


@action("bury {amount}")
class Bury:
    amount: int


@action("raid player {target}")
class Raid:
    target: int


@action("pass")
class Pass:
    pass


@action("ambush")
class Ambush:
    pass


@action("commit {amount}")
class Commit:
    amount: int


def window_seat(state, task) -> int:
    """the next seat in the window"""
    return task.data.asked[0]


def committing_seat(state, task) -> int:
    """the next side of the battle to commit, attacker first"""
    battle = task.data
    return battle.attacker if battle.committed[0] is None else battle.defender


FLOW = TurnFlow(
    Phase("turn", rule=RULE_TURN, actions="turn_actions", legal="bury_allowed", why="why_not", apply="play",
          then=("draw", "end")),
    Phase("window", rule=RULE_CARDS, actor=window_seat, actions="window_actions", apply="answer", data=Window),
    Phase("commit", rule=RULE_BATTLE, actor=committing_seat, actions="commit_actions", apply="commit", data=Battle),
    Phase("clash", rule=RULE_BATTLE, actor=CHANCE, odds="die", apply="clash", data=Battle),
    Phase("draw", rule=RULE_TURN, actor=CHANCE, odds="deck_odds", apply="draw", auto="skip_empty_deck"),
    Phase("end", rule=RULE_TURN, actor=AUTO, auto="end_turn"),
)


class SkirmishState(FlowState):
    flow = FLOW
    hidden_information = True

    def hidden_cards(self):
        """Each hand is seen by its holder only; nobody sees the deck."""
        return [Hidden(("hands", q), seen_by={q}) for q in range(self.game.players)] + [Hidden(("deck",))]

    def __init__(self, game):
        super().__init__(game)
        players = game.players
        self.coins = [3] * players
        self.buried = [0] * players
        self.round = 1
        pool = [card for card, n in sorted(CARDS.items()) for _ in range(n)]
        random.Random(0).shuffle(pool)                  # setup is fixed; draws later are chance
        self.hands = [sorted(pool[2 * p:2 * p + 2]) for p in range(players)]
        self.deck = {card: pool[2 * players:].count(card) for card in CARDS}
        FLOW.push(self, Task("turn", 0))
        FLOW.settle(self)

    # ---- your turn
    def turn_actions(self, task):
        me = task.player
        return [Pass(), Bury(self.coins[me])] + [Raid(q) for q in range(self.game.players) if q != me]

    def bury_allowed(self, task, move) -> bool:
        return isinstance(move, Bury) and type(move.amount) is int and 0 <= move.amount <= self.coins[task.player]

    def why_not(self, task, move):
        if isinstance(move, Bury):
            return IllegalMove(RULE_TURN, f"You can bury at most the {self.coins[task.player]} doubloons you hold.")
        return None

    def play(self, task, move):
        me = task.player
        FLOW.finish(self)                               # the draw comes next, under whatever is pushed
        if isinstance(move, Bury):
            self.coins[me] -= move.amount
            self.buried[me] += move.amount
            self.say(f"Player {me} buries {move.amount}.")
        elif isinstance(move, Raid):
            self.say(f"Player {me} raids player {move.target}.")
            # every other seat is asked, card or not: asking only the holders would tell who holds one
            FLOW.push(self, Task("window", None, Window(Battle(me, move.target), tuple(self._after(me)))))

    def _after(self, me):
        players = self.game.players
        return [(me + k) % players for k in range(1, players)]

    # ---- the window: someone else answers
    def window_actions(self, task):
        return [Pass(), Ambush()] if "ambush" in self.hands[task.data.asked[0]] else [Pass()]

    def answer(self, task, move):
        window = task.data
        seat = window.asked[0]
        if isinstance(move, Ambush):                    # a battle inside the battle: it goes on top
            self.hands[seat].remove("ambush")
            self.deck["ambush"] += 1
            self.say(f"Player {seat} ambushes the raider.")
            FLOW.replace(self, Task("commit", None, window.battle))
            FLOW.push(self, Task("commit", None, Battle(seat, window.battle.attacker)))
        elif len(window.asked) > 1:
            FLOW.replace(self, Task("window", None, replace(window, asked=window.asked[1:])))
        else:
            FLOW.replace(self, Task("commit", None, window.battle))

    # ---- a battle: secret commitments, then the die
    def commit_actions(self, task):
        seat = committing_seat(self, task)
        return [Commit(n) for n in range(min(2, self.coins[seat]) + 1)]

    def commit(self, task, move):
        battle = task.data
        side = battle.side(committing_seat(self, task))
        committed = tuple(move.amount if i == side else c for i, c in enumerate(battle.committed))
        battle = replace(battle, committed=committed)
        FLOW.replace(self, Task("clash" if None not in committed else "commit", None, battle))

    def die(self, task):
        return Dist.die(6)

    def clash(self, task, roll):
        battle = task.data
        FLOW.pop(self)
        for seat, paid in zip((battle.attacker, battle.defender), battle.committed):
            self.coins[seat] -= min(paid, self.coins[seat])    # an inner battle may have cost it already
        attack = battle.committed[0] + roll
        winner, loser = ((battle.attacker, battle.defender) if attack > battle.committed[1] + 3
                         else (battle.defender, battle.attacker))
        paid = min(1, self.coins[loser])
        self.coins[loser] -= paid
        self.coins[winner] += paid
        self.say(f"The attacker rolls {roll}: player {winner} wins the battle.")
        on_turn = self._on_turn()
        if on_turn is not None and self.coins[on_turn] == 0 and self.buried[on_turn] == 0:
            self.say(f"Player {on_turn} has nothing left: the turn ends.")
            FLOW.cut(self, "end")                      # the rest of the turn goes, its end stays

    def _on_turn(self):
        for task in reversed(self.agenda):
            if task.phase in ("draw", "end"):
                return task.player
        return None

    # ---- the draw, from a deck of counts
    def deck_odds(self, task):
        return Dist.from_weights({card: n for card, n in self.deck.items() if n})

    def skip_empty_deck(self, task):
        if any(self.deck.values()):
            return False
        FLOW.finish(self)
        return True

    def draw(self, task, card):
        self.deck[card] -= 1
        self.hands[task.player] = sorted(self.hands[task.player] + [card])
        FLOW.finish(self)

    def end_turn(self, task):
        FLOW.pop(self)
        nxt = (task.player + 1) % self.game.players
        if nxt == 0:
            self.round += 1
        if self.round <= self.game.options["rounds"]:
            FLOW.push(self, Task("turn", nxt))

    # ---- what each seat sees
    def scores(self):
        return tuple(c + b for c, b in zip(self.coins, self.buried))

    def observation(self, player):
        battles = [t.data if t.phase != "window" else t.data.battle for t in self.agenda
                   if t.phase in ("commit", "clash", "window")]
        return {"coins": list(self.coins), "buried": list(self.buried), "round": self.round,
                "hand": list(self.hands[player]), "hand_sizes": [len(h) for h in self.hands],
                "deck": sum(self.deck.values()), "to_act": self.current_player(),
                "battles": [{"attacker": b.attacker, "defender": b.defender,
                             "committed": [None if c is None else (c if seat == player else "secret")
                                           for seat, c in zip((b.attacker, b.defender), b.committed)]}
                            for b in battles]}

    def redeal_hidden(self, player, rng):
        new = self.clone()
        others = [q for q in range(self.game.players) if q != player]
        pool = [card for card, n in sorted(self.deck.items()) for _ in range(n)]
        for q in others:
            pool += self.hands[q]
        rng.shuffle(pool)
        for q in others:
            size = len(self.hands[q])
            new.hands[q], pool = sorted(pool[:size]), pool[size:]
        new.deck = {card: pool.count(card) for card in CARDS}
        for index, task in enumerate(new.agenda):          # the others' secret commitments, chosen again
            if task.phase in ("commit", "clash"):
                battle = task.data
                committed = tuple(c if c is None or seat == player else rng.randint(0, min(2, self.coins[seat]))
                                  for seat, c in zip((battle.attacker, battle.defender), battle.committed))
                new.agenda[index] = replace(task, data=replace(battle, committed=committed))
        return new


class SkirmishGame(Game):
    name = "skirmish"
    title = "Skirmish"
    min_players, max_players = 2, 4
    default_options = {"rounds": 3}

    def new_initial_state(self):
        return SkirmishState(self)
