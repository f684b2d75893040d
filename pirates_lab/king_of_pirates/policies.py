"""Computer captains for King of Pirates that decide from their seat's view only.

The strategy lab (``pirates_lab.lab``) finds ``POLICIES`` here: name -> ``chooser(view, rng)``,
where ``view`` is a :class:`~pirates_lab.core.PlayerView` (``view.observation`` is
``State.observation(seat)``, ``view.legal_actions`` the choices).  None of them sees a hidden card.

- ``greedy`` — sails for the target worth most per turn of sailing (a nation ship, city or
  stronghold weighed by its exact chance of being conquered with the cannonballs aboard, or a
  treasure island it holds enough maps for), back to a Pirates Lair when the rum runs low; attacks a
  nation when the odds are at least 30%; re-rolls by the optimal policy; keeps out of the Flying
  Dutchman's way.
- ``cannoneer`` — the rulebook's tip: "having many Cannonballs will help you plunder stronger
  targets".  Like greedy, but buys the Gun deck, prefers pirates with +1 Maximum Cannonballs, goes
  back to a lair to restock when fewer than 2 cannonballs are left, and goes for strongholds and cities.
- ``no_cannonballs`` — like greedy but never spends a cannonball (it keeps every roll): the
  control for the tip.

Rules: King of Pirates › Important Game Concepts
Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

from pirates_lab.core.geometry import hex_distance

from .actions import (Accept, AcceptMutiny, Attack, BuyPart, Dig, Discard, Done, EndTurn, KeepPirates,
                      MakeCaptain, Pass, Play, Recruit, Replace, Reroll, Sacrifice, Sail, Steal, StopMoving)
from .components import components
from .headings import RULE_COMBAT, RULE_CONCEPTS
from .odds import RerollPolicy, combat_success_probability, reroll_policy
from .player import Player
from .rules.pirate_skills import combat_modifier, movement, treasure_maps_needed

__all__ = ["Captain", "POLICIES", "TIPS", "COACH_EXACT"]

#: how much a greedy captain likes a pirate skill (unknown skills: 1)
SKILL_VALUE = {"+1 Combat vs. Nations": 4, "+2 Combat vs. Nations": 6, "+1 Loot Card": 3, "+1 Movement": 3,
               "Count as 1 Treasure Map": 2, "Count as 2 Treasure Maps": 4, "+1 Maximum Cannonballs": 2,
               "+1 Maximum Rum": 2, "Sacrifice to prevent Mutiny": 1, "Immune to Scurvy": 2}
#: the order in which cards are thrown away when the hand is full (first = least useful)
DISCARD_ORDER = ("The Flying Dutchman", "Assassination", "Mutiny", "Scurvy", "Soldiers", "Ambush", "Keelhauling",
                 "Tailwind", "Mercenaries", "Citrus Fruits", "Assault", "Treasure Map")


def _cell(text_or_list) -> tuple[int, int]:
    if isinstance(text_or_list, str):
        q, r = text_or_list.split(",")
        return (int(q), int(r))
    return (int(text_or_list[0]), int(text_or_list[1]))


def _me(obs: dict, seat: int) -> Player:
    mine = obs["players"][seat]
    return Player(position=_cell(mine["position"]), doubloons=mine["doubloons"], rum=mine["rum"],
                  cannonballs=mine["cannonballs"], scurvy=mine["scurvy"], parts=tuple(mine["parts"]),
                  crew=tuple(mine["crew"]), hand=tuple(obs.get("hand", ())))


class Captain:
    """A rule-of-thumb captain; the parameters make the greedy, cannoneer and no-cannonball players."""

    def __init__(self, min_success: float = 0.3, cannon_minded: bool = False, use_cannonballs: bool = True,
                 restock_below: int = 0):
        self.min_success = min_success
        self.cannon_minded = cannon_minded
        self.use_cannonballs = use_cannonballs
        self.restock_below = restock_below

    # ------------------------------------------------------------ the decision
    def __call__(self, view, rng: random.Random):
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        obs = view.observation
        handler = JUDGEMENTS.get(obs.get("phase"))
        choice = handler(self, view, obs, actions) if handler else None
        return choice if choice is not None else self._default(actions)

    @staticmethod
    def _default(actions):
        for kind in (Pass, Done, Accept, EndTurn, StopMoving, AcceptMutiny):
            for a in actions:
                if isinstance(a, kind):
                    return a
        return actions[0]

    # ------------------------------------------------------------ judgements
    def _pirate_value(self, name: str, as_captain: bool = False) -> float:
        info = components().pirates[name]
        value = SKILL_VALUE.get(info["skill"], 1)
        if self.cannon_minded and info["skill"] == "+1 Maximum Cannonballs":
            value += 4
        if as_captain:
            value += SKILL_VALUE.get(info["captain"], 1)
        return value

    def _attack_odds(self, me: Player, defence: int) -> float:
        balls = me.cannonballs if self.use_cannonballs else 0
        return float(combat_success_probability(defence, combat_modifier(me, False), balls))

    def _goals(self, obs: dict, me: Player) -> list[tuple[float, tuple[int, int]]]:
        """(worth per turn of sailing, cell) for every target and island worth going to."""
        comp = components()
        loot = Fraction(sum(v * n for v, n in comp.loot_cards.items()), sum(comp.loot_cards.values()))
        speed = max(1, movement(me))
        found = []
        places = [(cell, kind) for cell, (kind, _) in comp.places.items()]
        ships = [(_cell(k), name) for k, name in obs.get("ships", {}).items()]
        dug = {_cell(c) for c in obs.get("dug", [])}
        for cell, name in ships + [(c, k) for c, k in places if k in comp.targets]:
            info = comp.targets[name]
            odds = self._attack_odds(me, info["defence"])
            if odds < self.min_success:
                continue
            worth = odds * float(info["loot"] * loot)
            if self.cannon_minded and not info["ship"]:
                worth *= 1.5
            found.append((worth, cell))
        maps = me.hand.count("Treasure Map")
        for cell, kind in places:
            if kind in comp.islands and cell not in dug and maps >= treasure_maps_needed(me, comp.islands[kind]["rating"]):
                found.append((float(comp.islands[kind]["value"]), cell))
        return [(worth / (1 + math.ceil(hex_distance(me.position, cell) / speed)), cell) for worth, cell in found]

    def _goal(self, obs: dict, me: Player) -> tuple[int, int]:
        comp = components()
        nearest_lair = min(comp.lairs, key=lambda c: (hex_distance(me.position, c), c))
        if me.rum <= 1 or (self.restock_below and me.cannonballs < self.restock_below):
            return nearest_lair
        goals = self._goals(obs, me)
        return max(goals)[1] if goals else nearest_lair

    # ------------------------------------------------------------ phases (Rules: King of Pirates › Phases of a Turn)
    def _setup_keep(self, view, obs, actions):
        return max((a for a in actions if isinstance(a, KeepPirates)),
                   key=lambda a: (self._pirate_value(a.captain, True) + self._pirate_value(a.mate), str(a)))

    def _movement(self, view, obs, actions):
        me = _me(obs, view.player)
        goal = self._goal(obs, me)
        if me.position == goal:
            return next((a for a in actions if isinstance(a, StopMoving)), None)
        danger = {_cell(obs["dutchman"])} - set(components().lairs)
        warships = {_cell(k) for k, name in obs.get("ships", {}).items() if components().targets[name]["warship"]}
        options = [a for a in actions if isinstance(a, Sail) and tuple(a.to) not in danger
                   and (tuple(a.to) not in warships or tuple(a.to) == goal)]
        here = hex_distance(me.position, goal)
        closer = [a for a in options if hex_distance(tuple(a.to), goal) < here]
        if closer:
            return min(closer, key=lambda a: (hex_distance(tuple(a.to), goal), str(a)))
        return next((a for a in actions if isinstance(a, StopMoving)), None)

    def _combat_choose(self, view, obs, actions):
        me = _me(obs, view.player)
        best, odds_best = None, self.min_success
        for a in actions:
            if isinstance(a, Attack) and not isinstance(a.target, int):
                odds = self._attack_odds(me, components().targets[a.target]["defence"])
                if odds >= odds_best:
                    best, odds_best = a, odds
        return best

    def _need(self, obs, seat) -> int | None:
        combat = obs.get("combat") or {}
        if combat.get("target") is None or combat.get("attacker") != seat:
            return None
        played = obs.get("cards_in_play", [])

        def count(card, by=None, on=None):
            return sum(1 for c in played if c["card"] == card and (by is None or c["by"] == by)
                       and (on is None or c["target"] == on))
        me = _me(obs, seat)
        modifier = combat_modifier(me, False) + 2 * count("Assault", by=seat) + count("Mercenaries", on=seat)
        defence = components().targets[combat["target"]]["defence"] + 2 * count("Soldiers") \
            + count("Mercenaries", on="nation")
        return defence - modifier

    def _attacker_rerolls(self, view, obs, actions):
        if not self.use_cannonballs:
            return next(a for a in actions if isinstance(a, Accept))
        need = self._need(obs, view.player)
        me = _me(obs, view.player)
        roll = tuple(obs["combat"]["attacker_roll"])
        if need is None:       # against a player: re-roll a total under 8 (keep the high die)
            return Reroll("high") if sum(roll) < 8 else next(a for a in actions if isinstance(a, Accept))
        decision = reroll_policy(max(2, min(13, need)), 0, me.cannonballs).decision(roll, me.cannonballs)
        keep = {"keep high": "high", "keep low": "low", "both": "none"}.get(decision)
        return Reroll(keep) if keep and Reroll(keep) in actions else next(a for a in actions if isinstance(a, Accept))

    def _defender_rerolls(self, view, obs, actions):
        if not self.use_cannonballs:
            return next(a for a in actions if isinstance(a, Accept))
        return Reroll("high")

    def _window(self, view, obs, actions):
        seat, me = view.player, _me(obs, view.player)
        combat = obs.get("combat") or {}
        plays = [a for a in actions if isinstance(a, Play)]
        for a in plays:
            if a.card == "Citrus Fruits" and me.scurvy:
                return a
            if combat.get("attacker") == seat and not combat.get("attacker_roll"):
                if a.card == "Assault" or (a.card == "Mercenaries" and a.target == seat):
                    return a
            if a.card == "Ambush" and combat.get("defender") == seat:
                return a
            if a.card == "Soldiers" and combat.get("target") and combat.get("attacker") != seat:
                return a
            if a.card == "Tailwind" and hex_distance(me.position, self._goal(obs, me)) > obs.get("moves_left", 0):
                return a
        return None

    def _mutiny(self, view, obs, actions):
        for kind in (Play, Sacrifice):
            for a in actions:
                if isinstance(a, kind):
                    return a
        return None

    def _make_room(self, view, obs, actions):
        rank = {card: i for i, card in enumerate(DISCARD_ORDER)}
        return min((a for a in actions if isinstance(a, Discard)), key=lambda a: (rank.get(a.card, 0), a.card))

    def _lair_buy(self, view, obs, actions):
        if self.cannon_minded:
            return next((a for a in actions if isinstance(a, BuyPart) and a.part == "Gun deck"), None)
        return None

    def _lair_crew(self, view, obs, actions):
        me = _me(obs, view.player)
        recruits = [a for a in actions if isinstance(a, Recruit)]
        if recruits:
            return max(recruits, key=lambda a: (self._pirate_value(a.pirate), a.pirate))
        swaps = [a for a in actions if isinstance(a, Replace)
                 and self._pirate_value(a.new) > self._pirate_value(a.old) + 1]
        if swaps:
            return max(swaps, key=lambda a: (self._pirate_value(a.new) - self._pirate_value(a.old), str(a)))
        if me.crew:
            best = max(me.crew, key=lambda p: (self._pirate_value(p, True) - self._pirate_value(p), p))
            promote = MakeCaptain(best)
            if best != me.crew[0] and promote in actions and \
                    self._pirate_value(best, True) - self._pirate_value(best) > \
                    self._pirate_value(me.crew[0], True) - self._pirate_value(me.crew[0]):
                return promote
        return None

    def _steal(self, view, obs, actions):
        steals = [a for a in actions if isinstance(a, Steal) and a.player != view.player]
        return max(steals, key=lambda a: (obs["players"][a.player]["doubloons"], -a.player)) if steals else None

    def _dig(self, view, obs, actions):
        return next((a for a in actions if isinstance(a, Dig)), None)


#: The step (the observation's "phase") -> the captain's judgement there; elsewhere it passes, is done,
#: keeps its roll, ends the turn or stops (``Captain._default``).
JUDGEMENTS = {"setup_keep": Captain._setup_keep, "movement": Captain._movement, "combat_choose": Captain._combat_choose,
              "attacker_rerolls": Captain._attacker_rerolls, "defender_rerolls": Captain._defender_rerolls,
              "window": Captain._window, "mutiny": Captain._mutiny, "make_room": Captain._make_room,
              "lair_buy": Captain._lair_buy, "lair_crew": Captain._lair_crew, "steal": Captain._steal, "dig": Captain._dig}

#: name -> chooser(view, rng): found by the strategy lab
POLICIES = {
    "greedy": Captain(),
    "cannoneer": Captain(cannon_minded=True, restock_below=2, min_success=0.25),
    "no_cannonballs": Captain(use_cannonballs=False),
}

#: the rulebook's tip as questions for the strategy lab: the tip's player against a control
TIPS = [
    {"heading": RULE_CONCEPTS,
     "quote": "You may use as many Cannonballs from your Ship as you wish during a single Combat, so having many "
              "Cannonballs will help you plunder stronger targets for increased efficiency.",
     "question": "Does a captain who spends cannonballs on re-rolls beat one who never does?",
     "tip": "greedy", "against": "no_cannonballs", "players": 2, "games": 40},
    {"heading": RULE_CONCEPTS,
     "quote": "having many Cannonballs will help you plunder stronger targets",
     "question": "Does a captain who stocks up on cannonballs (Gun deck, restocking) and goes for cities and "
                 "strongholds beat the greedy captain?",
     "tip": "cannoneer", "against": "greedy", "players": 2, "games": 60},
]


# ---------------------------------------------------------------- the coach's exact calculator
_KEEP = {"high": "keep high", "low": "keep low", "none": "both"}


def _reroll_need(obs: dict, seat: int) -> int | None:
    """What 2d6 must reach at this re-roll decision (the seat's view only), or None when not covered: the
    attacker against a nation (its defence and the cards in play against the attacker's skills and cards), or the
    defender against a player (one more than the attacker's total, less its own modifier; ties go to the attacker)."""
    combat = obs.get("combat") or {}
    if obs.get("phase") == "attacker_rerolls" and combat.get("attacker") == seat and combat.get("target"):
        return Captain()._need(obs, seat)
    if obs.get("phase") == "defender_rerolls" and combat.get("defender") == seat and combat.get("attacker_roll"):
        played = obs.get("cards_in_play", [])

        def count(card, by=None, on=None):
            return sum(1 for c in played if c["card"] == card and (by is None or c["by"] == by)
                       and (on is None or c["target"] == on))
        attacker = combat["attacker"]
        a_total = sum(combat["attacker_roll"]) + combat_modifier(_me(obs, attacker), True) \
            + 2 * count("Assault", by=attacker) + count("Mercenaries", on=attacker)
        d_mod = combat_modifier(_me(obs, seat), True) + 3 * count("Ambush", by=seat) + count("Mercenaries", on=seat)
        return a_total + 1 - d_mod
    return None


def _roll_value(policy: RerollPolicy, roll, left: int) -> Fraction:
    """P(reaching the need) from ``roll`` with ``left`` cannonballs, re-rolling optimally after each failure."""
    high, low = max(roll), min(roll)
    if high + low + policy.modifier >= policy.target:
        return Fraction(1)
    return next(p for k, r, _, p in policy.choices if k == left and r == (high, low))


def reroll_values(need: int, roll, cannonballs: int) -> dict[str, Fraction]:
    """Each re-roll choice's exact chance of reaching ``need`` on 2d6 from ``roll`` with ``cannonballs`` (one
    spent by a re-roll), every later re-roll optimal (:func:`~pirates_lab.king_of_pirates.odds.reroll_policy`):
    ``{"accept": …, "high": …, "low": …, "none": …}`` (a re-roll only with a cannonball).

    >>> values = reroll_values(9, (6, 2), 1)       # 6 and 2 against 9, one cannonball
    >>> values["accept"], values["high"], values["low"], values["none"]
    (Fraction(0, 1), Fraction(2, 3), Fraction(0, 1), Fraction(5, 18))
    """
    need = max(2, min(13, need))
    policy = reroll_policy(need, 0, cannonballs)
    values = {"accept": Fraction(int(sum(roll) >= need))}
    if cannonballs:
        high, low = max(roll), min(roll)
        for keep, kept in (("high", high), ("low", low)):
            values[keep] = sum((_roll_value(policy, (kept, d), cannonballs - 1) for d in range(1, 7)), Fraction(0)) / 6
        values["none"] = sum((_roll_value(policy, (a, b), cannonballs - 1) for a in range(1, 7) for b in range(1, 7)),
                             Fraction(0)) / 36
    return values


def _reroll_why(label: str, need: int, roll, keep: str | None, value: Fraction, cannonballs: int):
    """The Why tree of one choice: at once (the re-roll alone reaches the need) and after more cannonballs."""
    from pirates_lab.core.why import Why
    need = max(2, min(13, need))
    if keep is None:
        return Why(f"{label}: {sum(roll)} against {need} needed", value, rule=RULE_COMBAT)
    high, low = max(roll), min(roll)
    if keep == "none":
        at_once = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need), 36)
    else:
        kept = high if keep == "high" else low
        at_once = Fraction(sum(1 for d in range(1, 7) if kept + d >= need), 6)
    parts = [Why(f"the re-roll alone reaches {need}", at_once, rule=RULE_COMBAT)]
    if value - at_once:
        parts.append(Why(f"it fails, then the {cannonballs - 1} cannonball(s) left get there", value - at_once,
                         rule=RULE_COMBAT))
    return Why(f"{label}: {need} needed on two dice", value, rule=RULE_COMBAT, children=tuple(parts))


def COACH_EXACT(view):
    """The coach's exact calculator (``pirates_lab.lab.coach.game_exact``): at a re-roll decision against a nation
    (or as the defender against a player), each choice's exact chance to win the combat with every later
    re-roll optimal and no further card played; None anywhere else (when a card may be played here, or when every
    choice has the same chance: then the playouts, which also count the cannonball kept, decide).
    Rules: King of Pirates › Phase 3: Combat Phase"""
    obs = view.observation
    actions = view.legal_actions
    if not all(isinstance(a, (Accept, Reroll)) for a in actions):
        return None
    need = _reroll_need(obs, view.player)
    if need is None:
        return None
    combat = obs["combat"]
    roll = tuple(combat["attacker_roll"] if obs["phase"] == "attacker_rerolls" else combat["defender_roll"])
    balls = obs["players"][view.player]["cannonballs"]
    values = reroll_values(need, roll, balls)
    chosen = [values["accept"] if isinstance(a, Accept) else values.get(a.keep, values["accept"]) for a in actions]
    if len(set(chosen)) == 1:
        return None                 # no re-roll changes the chance (the need is out of reach, or met): not its call
    order = sorted(range(len(actions)), key=lambda i: -chosen[i])
    trees = tuple(_reroll_why(str(actions[i]), need, roll, None if isinstance(actions[i], Accept) else actions[i].keep,
                              chosen[i], balls) for i in order[:2])
    what = "to win the combat" if combat.get("target") is None else f"to conquer the {combat['target']}"
    return chosen, what, trees
