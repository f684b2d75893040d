"""The Five Stages Of A Sea Battle, in the engine: spotting, fight or flee, cannons, the mêlée.

Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
Rules: Pillage & Plunder › Stage 2: Fight or Flee
Rules: Pillage & Plunder › Stage 3: The Cannon Battle
Rules: Pillage & Plunder › Stage 4: The Mêlée
Rules: Pillage & Plunder › Attack Opponent
Rules: Pillage & Plunder › Attack Merchant Ship

The exact odds of each stage are in :mod:`pirates_lab.pillage_and_plunder.battles`; the engine
rolls the same Dists.  Stage 5 (plundering) and the rules for each type of battle are in
:mod:`.rules_for_specific_types_of_battles`.
"""
from __future__ import annotations

from pirates_lab.core import Dist

from .. import battles as B
from ..actions import Act, Play

__all__ = ["SeaBattle", "other", "player_side", "highest"]


def other(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


def player_side(player: int, ship: int = 0) -> dict:
    return {"type": "player", "player": player, "ship": ship}


def highest(n: int) -> Dist:
    """The highest of min(n, 6) dice. Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    return Dist(dict(zip(range(1, 7), B._highest_weights(min(n, B.MAX_DICE)))))


class SeaBattle:
    """A battle in progress, ``pending["battle"]`` (mixed into the state)."""

    def _play_attack(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Attack Opponent"""
        self._to_discard(action.card)
        self.say(f"Player {me + 1} attacks player {action.target + 1}.")
        return self._start_battle("player", player_side(me, action.ship), player_side(action.target, action.target_ship))

    def _play_merchant(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Attack Merchant Ship"""
        card = action.card
        for extra in action.extra:
            self._take_from_hand(me, extra)
        spec = self.data.merchant(card)
        merchant = {"type": "merchant", "card": card, "damage": 0, "crew": spec.crew, "strength": spec.strength,
                    "cargo": list(action.extra), "played_by": me}
        self.pending["table"] += [card] + list(action.extra)
        self.pending["merchant_queue"] = [i for i in self._order_after(me) if i != me]
        self.say(f"Player {me + 1} plays the {card}" + (f" loaded with {', '.join(action.extra)}" if action.extra else "") + ".")
        return self._start_battle("merchant", player_side(me, action.ship), merchant)

    def _volley_outcomes(self, task) -> Dist:
        """Rules: Pillage & Plunder › Stage 3: The Cannon Battle"""
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        return B.cannon_volley(a.dice, d.dice, attacker_strength=a.strength, defender_strength=d.strength,
                               attacker_damage=a.damage, defender_damage=d.damage,
                               attacker_plating=a.iron_plating, defender_plating=d.iron_plating)

    def _melee_outcomes(self, task) -> Dist:
        """Rules: Pillage & Plunder › Stage 4: The Mêlée"""
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        return Dist.independent(highest(a.crew), highest(d.crew))

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
        """Stage 1: spotting the enemy — when a crow's nest will fire, the stage opens like every other
        (terms, call-off) before the shot; otherwise the battle opens at stage 2.

        Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
        Rules: Pillage & Plunder › Player Attacking Player ("at the beginning of any stage of the battle")
        """
        self.pending["battle"] = {"kind": kind, "attacker": attacker, "defender": defender, "stage": "flee",
                                  "doctor_used": [], "offer": {}}
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        if B.spotting(a, d) != (a, d):
            self.pending["battle"]["stage"] = "spotting"
        self._stage_start()
        return None

    def _spotting_shot(self) -> None:
        """The crow's nest shot, then stage 2. Rules: Pillage & Plunder › Stage 1: Spotting the Enemy"""
        a, d = self._side_ship("attacker"), self._side_ship("defender")
        a2, d2 = B.spotting(a, d)
        self.pending["battle"]["stage"] = "flee"
        for role, before, after in (("attacker", a, a2), ("defender", d, d2)):
            if after.damage > before.damage:
                self.say(f"The {other(role)}'s crow's nest spots the enemy first: the {role} takes one damage.")
                if self._hit_side(role, 1):
                    return self._battle_over(winner_role=other(role), sunk=True)
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
        battle["offer"] = {}
        if battle["kind"] == "navy":
            return self._stage_go()
        attacker = battle["attacker"]["player"]
        if battle["kind"] == "player":
            self._goto("battle_terms", battle["defender"]["player"])
        else:
            self._goto("battle_call", attacker)
        return None

    def _battle_call_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Player Attacking Player"""
        acts = [Act("fight on"), Act("call off")]
        if self.pending["battle"].get("offer"):
            acts.append(Act("accept terms"))
        return acts

    def _on_battle_call(self, action: Act) -> None:
        """Fight on, accept the defender's terms, or call the battle off.

        Rules: Pillage & Plunder › Player Attacking Player
        """
        battle = self.pending["battle"]
        if action.name == "fight on":
            return self._stage_go()
        if action.name == "accept terms":
            self._hand_over_terms()
        else:
            self.say(f"Player {battle['attacker']['player'] + 1} calls off the battle.")
        return self._battle_over(winner_role=None, sunk=False)

    def _stage_go(self) -> None:
        """Rules: Pillage & Plunder › Stage 2: Fight or Flee
        Rules: Pillage & Plunder › Player Attacking Merchant Ship
        """
        battle = self.pending["battle"]
        stage = battle["stage"]
        if stage == "spotting":
            return self._spotting_shot()
        if stage == "flee":
            if battle["kind"] == "merchant":
                return self._roll_flee()        # a merchant always attempts to flee
            self._goto("battle_flee", battle["defender"]["player"])
            return None
        if stage == "cannon":
            self._goto("volley")
            return None
        if not self._side_ship("attacker").crew or not self._side_ship("defender").crew:
            return self._melee_end()            # nobody to board, or nobody to repel the boarders
        self._goto("melee_roll")
        return None

    def _battle_flee_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
        return [Act("flee"), Act("stand and fight")]

    def _on_battle_flee(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
        if action.name == "flee":
            return self._roll_flee()
        self.pending["battle"]["stage"] = "cannon"
        return self._stage_start()

    def _roll_flee(self) -> None:
        self._goto("flee_roll")

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
        self.pending["battle"]["stage"] = "melee"       # stage 4 opens like every stage: terms, call-off
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
        side = battle[loser]
        if side["type"] == "player":        # he selects the crewman; a Doctor not yet used may save him
            doctor = loser if ship.doctor and loser not in battle["doctor_used"] else None
            return self._choose_losses(side["player"], side["ship"], 1, "melee", doctor=doctor)
        side["crew"] -= 1
        return self._after_losses_melee(None)

    def _after_losses_melee(self, loss) -> None:
        """The next mêlée round, or its end. Rules: Pillage & Plunder › Stage 4: The Mêlée"""
        if not self._side_ship("attacker").crew or not self._side_ship("defender").crew:
            return self._melee_end()
        return self._stage_start()

    def _melee_end(self) -> None:
        winner = "attacker" if self._side_ship("attacker").crew else "defender"
        self.say(f"The {other(winner)} has no crew left: the {winner} wins.")
        self._battle_over(winner_role=winner, sunk=False)

