"""Computer pirates for Pillage & Plunder, one per Strategy Tip, for the strategy lab.

The strategy lab (``pirates_lab.lab``) finds ``POLICIES`` here: name -> ``chooser(view, rng)``,
with ``view`` a :class:`~pirates_lab.core.PlayerView` (observation, legal actions, seat).  Each
chooser plays at random *except* for the one habit a tip recommends (or its opposite), so a
tournament between the two isolates that habit.  They read an action's type and fields (a card name,
a target), never a hidden card.  Where a habit needs no observation the chooser says
so (``needs_observation = False``).

- ``merchant_hunter`` / ``player_hunter`` — Rules: Pillage & Plunder › Attack Merchants Instead Of Players
  (always attack a merchant that is offered and never play an Attack card on a player; the opposite).
- ``rum_and_fruit`` / ``no_provisions`` — Rules: Pillage & Plunder › Rum and Fruit
  (play Rum and Fruit cargo whenever possible and never throw it away; never play it).
- ``crew_keeper`` / ``crew_spender`` — Rules: Pillage & Plunder › Crew Members
  (hire crew whenever possible and never discard a crew card; discard crew first).
- ``sloop_careful`` — Rules: Pillage & Plunder › Sloops and Merchant Ships
  (a merchant hunter that lets merchants pass while its flagship is a Sloop; it reads its own
  ship from the observation).
- ``baiter`` — Rules: Pillage & Plunder › Baiting The Enemy
  (with a Navy Ship and a Merchant Ship of one nation in hand: the merchant as the turn's first play,
  called off at once so it passes on as bait, then the Navy Ship on whoever captured it, on his most
  damaged ship; it keeps such a pair rather than throw it away; otherwise random play).
- ``greedy`` — the habits of the first three tips at once, and it plays a card rather than passing.

The tournaments of :data:`TIPS` are 20-round games, the rulebook's own shorter game
(Rules: Pillage & Plunder › Timed Game): the richest hoard at the end wins.
"""
from __future__ import annotations

import random
from fractions import Fraction

from .actions import Act, AttackMerchant, Discard, Play, SellCargo
from .components import CREW_CARDS, load

__all__ = ["Habits", "SloopCareful", "Baiter", "POLICIES", "TIPS", "COACH_EXACT", "melee_call_values"]

#: the tips' tournaments: 20-round games (the Timed Game variation), 30 of them
TIMED = {"max_turns": 20}


def _card(action) -> str:
    return str(getattr(action, "card", "") or "")


def _thrown(action) -> bool:
    """The card leaves the player for nothing: a final discard, or played onto the discard pile."""
    return isinstance(action, Discard) or (isinstance(action, Play) and action.discard)


def _played(action) -> bool:
    return isinstance(action, Play) and not action.discard


def _on_player(action) -> bool:
    target = getattr(action, "target", -1)
    return isinstance(target, int) and not isinstance(target, bool) and target >= 0


def _provision(action) -> bool:
    return _card(action).startswith(("Rum", "Fruit"))


def _sold(action) -> bool:
    return isinstance(action, SellCargo)


class Habits:
    """Random play, bent by ``prefer`` and ``avoid`` rules (functions of an action).

    Among the legal actions: drop those any ``avoid`` rule flags (unless nothing is left), then
    take one an earlier ``prefer`` rule flags if there is one, else pick at random.
    """

    needs_observation = False

    def __init__(self, prefer=(), avoid=()):
        self.prefer = tuple(prefer)
        self.avoid = tuple(avoid)

    def __call__(self, view, rng: random.Random):
        actions = list(view.legal_actions)
        allowed = [a for a in actions if not any(rule(a) for rule in self.avoid)] or actions
        for rule in self.prefer:
            chosen = [a for a in allowed if rule(a)]
            if chosen:
                return chosen[rng.randrange(len(chosen))]
        return allowed[rng.randrange(len(allowed))]


# ---------------------------------------------------------------- the habits
def attack_merchant(action) -> bool:
    """Rules: Pillage & Plunder › Attack Merchant Ship"""
    return isinstance(action, AttackMerchant)


def let_merchant_pass(action) -> bool:
    return action is Act.LET_IT_PASS


def attack_player(action) -> bool:
    """Rules: Pillage & Plunder › Attack Opponent"""
    return _card(action) == "Attack" and _played(action) and _on_player(action)


def keep_provisions(action) -> bool:
    """Throwing Rum or Fruit away, or selling it.  Rules: Pillage & Plunder › Sell Cargo"""
    return _provision(action) and (_thrown(action) or _sold(action))


def load_provisions(action) -> bool:
    """Rules: Pillage & Plunder › Buy Cargo"""
    return _provision(action) and _played(action)


def discard_crew(action) -> bool:
    return _card(action) in CREW_CARDS and _thrown(action)


def hire_crew(action) -> bool:
    """Rules: Pillage & Plunder › Hire Crew Member"""
    return _card(action) in CREW_CARDS and _played(action)


def play_a_card(action) -> bool:
    return _played(action)


class SloopCareful(Habits):
    """A merchant hunter who lets merchants pass while sailing a Sloop (it reads its own flagship)."""

    needs_observation = True

    def __init__(self):
        super().__init__(prefer=[attack_merchant], avoid=[attack_player, let_merchant_pass])
        self.in_a_sloop = Habits(prefer=[let_merchant_pass], avoid=[attack_player, attack_merchant])

    def __call__(self, view, rng: random.Random):
        ships = view.observation["players"][view.player]["ships"]
        flagship = ships[0]["hulls"][-1]["hull"] if ships and ships[0].get("hulls") else None
        return (self.in_a_sloop if flagship == "Sloop" else super()).__call__(view, rng)


def _nation(card: str) -> str:
    return card.split()[0]


def _is_navy(card: str) -> bool:
    return card.endswith(" Navy")


def _is_merchant(card: str) -> bool:
    return " Merchant (" in card


class Baiter(Habits):
    """Rules: Pillage & Plunder › Baiting The Enemy

    Decides from the view only (its own hand, the table, the legal actions):

    1. a Navy Ship that can be played on an opponent (he holds a prize of its nation) is played, on the
       target ship with the least strength left (the weakened attacker);
    2. holding a Navy Ship and a Merchant Ship of one nation, its first play of the turn is that merchant,
       sent without cargo (the strongest such merchant: the fattest bait);
    3. in the battle against its own bait it calls off at once, so the merchant passes to the next player;
    4. it never throws away a card of such a pair;

    otherwise it plays at random, like the baseline of the other tips.
    """

    needs_observation = True

    def __init__(self):
        super().__init__()
        self.strength = {name: hull.strength for name, hull in load().hulls.items()}

    def _left(self, seat: dict, ship: int) -> int:
        """Strength left on an opponent's ship (as the table shows it)."""
        s = seat["ships"][ship]
        return self.strength.get(s["hulls"][-1]["hull"], 0) - s["damage"] if s.get("hulls") else 0

    def __call__(self, view, rng: random.Random):
        obs = view.observation
        me = view.player
        hand = obs["players"][me]["hand"] or []
        navies = {_nation(c) for c in hand if _is_navy(c)}
        paired = navies & {_nation(c) for c in hand if _is_merchant(c)}
        actions = list(view.legal_actions)
        navy_plays = [a for a in actions if _played(a) and _is_navy(_card(a)) and _on_player(a)]
        if navy_plays:
            return min(navy_plays, key=lambda a: (self._left(obs["players"][a.target], a.target_ship), str(a)))
        if obs.get("phase") == "play" and obs.get("plays") == 0 and paired:
            baits = [a for a in actions if _played(a) and _is_merchant(_card(a)) and _nation(_card(a)) in paired
                     and not getattr(a, "extra", ()) and getattr(a, "ship", 0) == 0]
            if baits:
                return max(baits, key=lambda a: (load().merchant(_card(a)).strength, str(a)))
        battle = obs.get("battle") or {}
        merchant = battle.get("defender") or {}
        if (merchant.get("played_by") == me and battle.get("kind") == "merchant"
                and (battle.get("attacker") or {}).get("player") == me and _nation(merchant["card"]) in navies):
            off = [a for a in actions if a is Act.CALL_OFF]
            if off:
                return off[0]
        keep = [a for a in actions if not (_thrown(a) and _card(a) and _nation(_card(a)) in paired
                                           and (_is_navy(_card(a)) or _is_merchant(_card(a))))] or actions
        return keep[rng.randrange(len(keep))]


#: name -> chooser(view, rng): found by the strategy lab
POLICIES = {
    "merchant_hunter": Habits(prefer=[attack_merchant], avoid=[attack_player, let_merchant_pass]),
    "player_hunter": Habits(prefer=[attack_player, let_merchant_pass], avoid=[attack_merchant]),
    "rum_and_fruit": Habits(prefer=[load_provisions], avoid=[keep_provisions]),
    "no_provisions": Habits(prefer=[keep_provisions], avoid=[load_provisions]),
    "crew_keeper": Habits(prefer=[hire_crew], avoid=[discard_crew]),
    "crew_spender": Habits(prefer=[discard_crew], avoid=[hire_crew]),
    "sloop_careful": SloopCareful(),
    "baiter": Baiter(),
    "greedy": Habits(prefer=[attack_merchant, hire_crew, load_provisions, play_a_card],
                     avoid=[attack_player, let_merchant_pass, keep_provisions, discard_crew]),
}

#: the rulebook's tips as questions for the strategy lab: the tip's player against its opposite
TIPS = [
    {"heading": "Attack Merchants Instead Of Players",
     "quote": "Generally speaking, it's more profitable to attack merchant ships than it is to attack other players.",
     "question": "Does a pirate who hunts merchants beat one who attacks players?",
     "tip": "merchant_hunter", "against": "player_hunter", "players": 2, "games": 40, "options": TIMED},
    {"heading": "Rum and Fruit",
     "quote": "If you value your crew, ALWAYS ALWAYS ALWAYS keep rum and fruit in your cargo hold.",
     "question": "Does a pirate who keeps rum and fruit aboard beat one who never carries them?",
     "tip": "rum_and_fruit", "against": "no_provisions", "players": 2, "games": 40, "options": TIMED},
    {"heading": "Crew Members",
     "quote": "Crew member cards are arguably the most precious commodities in the game.",
     "question": "Does a pirate who hoards crew cards beat one who throws them away first?",
     "tip": "crew_keeper", "against": "crew_spender", "players": 2, "games": 40, "options": TIMED},
    {"heading": "Sloops and Merchant Ships",
     "quote": "Attacking a merchant ship while sailing in a sloop is extremely risky.",
     "question": "Does a merchant hunter who lets merchants pass while in a sloop beat one who always attacks?",
     "tip": "sloop_careful", "against": "merchant_hunter", "players": 2, "games": 40, "options": TIMED},
    {"heading": "Baiting The Enemy",
     "quote": "you can try to bait other players into attacking the merchant so you can hit them with the navy.",
     "question": "Does a pirate who baits with a merchant, then sends the navy after its captor, beat one who plays at random?",
     "tip": "baiter", "against": "random", "players": 2, "games": 40, "options": TIMED},
]


# ---------------------------------------------------------------- the coach's exact calculator
def melee_call_values(obs: dict, seat: int):
    """At the beginning of a mêlée round against a merchant ship, as the attacker sees it: ``(fight on, call off,
    policy, (a, d, pistol))``, each move's exact expected worth in pieces of eight under the best later calls
    (:func:`~pirates_lab.pillage_and_plunder.call_off.call_off_policy`), or None when not covered.

    The calculator's terms, from the game's data: the prize is the merchant's prize roll on average (its dice x
    3.5 x its pieces of eight a pip) plus its cargo at face value; a crewman kept is worth a Cutlass Crewman's
    cost (the crewmen you give up first); losing every crewman costs nothing more ("A merchant ship that …
    kills all of your crew will not take any booty from you").  Not covered with a Doctor still to save someone
    (the calculator leaves Doctors out).  Rules: Pillage & Plunder › Player Attacking Merchant Ship
    """
    from .battles import call_off_policy, melee_round_win_probability

    battle = obs.get("battle") or {}
    attacker, merchant = battle.get("attacker") or {}, battle.get("defender") or {}
    if battle.get("kind") != "merchant" or battle.get("stage") != 4 or attacker.get("player") != seat \
            or merchant.get("type") != "merchant":
        return None
    crew = obs["players"][seat]["ships"][attacker["ship"]]["crew"]
    if "Doctor" in crew and "attacker" not in battle.get("doctors_used", ()):
        return None
    a, d = len(crew), merchant["crew"]
    if not a or not d:
        return None
    data = load()
    spec = data.merchant(merchant["card"])
    prize = Fraction(spec.prize_dice * 7 * spec.prize_per_pip, 2) + sum(data.price(c) for c in merchant.get("cargo", ()))
    crew_value = data.costs["Cutlass Crewman"]
    pistol = "Pistol Crewman" in crew
    policy = call_off_policy(a, d, prize=prize, crew_value=crew_value, attacker_pistol=pistol)

    def worth(x: int, y: int) -> Fraction:
        return prize + crew_value * x if y == 0 else Fraction(0) if x == 0 else policy.value[(x, y)]
    p = melee_round_win_probability(a, d, pistol, False)
    return p * worth(a, d - 1) + (1 - p) * worth(a - 1, d), Fraction(crew_value * a), policy, (a, d, pistol)


def COACH_EXACT(view):
    """The coach's exact calculator (``pirates_lab.lab.coach.game_exact``): fight on or call off at the beginning
    of a mêlée round against a merchant ship, each move's exact expected worth in pieces of eight (see
    :func:`melee_call_values`); None elsewhere.  Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
    if set(view.legal_actions) != {Act.FIGHT_ON, Act.CALL_OFF}:
        return None
    found = melee_call_values(view.observation, view.player)
    if found is None:
        return None
    fight, stop, policy, (a, d, pistol) = found
    values = [fight if action is Act.FIGHT_ON else stop for action in view.legal_actions]
    what = f"expected (the prize if you win, plus {load().costs['Cutlass Crewman']} for each crewman kept)"
    return values, what, (policy.why(a, d, pistol, False),), "pieces of eight"
