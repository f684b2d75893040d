"""Play Event Card: storms, scurvy, mutiny, thieves, the siren's song — and who is spared.

Rules: Pillage & Plunder › Play Event Card
"""
from __future__ import annotations

from ..actions import Play

__all__ = ["PlayEventCard"]


class PlayEventCard:
    """Event cards played on an opponent (mixed into the state)."""

    def _event_immune(self, victim: int, card: str, ship: int = 0) -> str | None:
        """Why the victim's ship is spared, or None: what is aboard the ship the card is played on
        counts (in Fleet Play, that ship only).

        Rules: Pillage & Plunder › Play Event Card
        Rules: Pillage & Plunder › Fleet Play
        """
        info = self.data.events[card]
        aboard = self.players[victim]["ships"][ship]
        kinds = {self.data.cargo_kind(c) for c in aboard["cargo"]}
        officer = info.get("immune_officer")
        if officer and officer in aboard["crew"]:
            return f"the {officer} aboard"
        cargo = info.get("immune_cargo")
        if cargo and cargo in kinds:
            return f"the {cargo} in the hold"
        if info.get("needs_cargo") and info["needs_cargo"] not in kinds:
            return f"no {info['needs_cargo']} aboard"
        if info.get("needs_crew") and len(aboard["crew"]) < info["needs_crew"]:
            return f"fewer than {info['needs_crew']} crewmen aboard"
        return None

    def _play_event(self, me: int, action: Play) -> None:
        """Rules: Pillage & Plunder › Play Event Card"""
        victim, card, ship = action.target, action.card, action.target_ship
        self.say(f"Player {me + 1} plays {card} on player {victim + 1}: {self.data.events[card]['text']}")
        why = self._event_immune(victim, card, ship)
        if why:
            self.say(f"Player {victim + 1} is spared: {why}.")
            self._to_discard(card)
            return self._check_play_over()
        info = self.data.events[card]
        if "die_damage" in info or "die_crew" in info:
            self.pending.update(event=card, victim=victim, event_ship=ship)
            self.pending["table"].append(card)
            self._goto("event_roll", me)
            return None
        return self._event_effect(victim, card, None, ship)

    def _on_event_roll(self, roll: int) -> None:
        """Rules: Pillage & Plunder › Play Event Card"""
        card, victim = self.pending["event"], self.pending["victim"]
        self.pending["table"].remove(card)
        self.say(f"Player {victim + 1} rolls {roll}.")
        return self._event_effect(victim, card, roll, self.pending["event_ship"])

    def _event_effect(self, victim: int, card: str, roll: int | None, ship: int) -> None:
        """The card's effect on the ship it was played on.

        Rules: Pillage & Plunder › Play Event Card
        Rules: Pillage & Plunder › Fleet Play ("When being attacked, your opponent has the choice of which ship they will attack")
        """
        info = self.data.events[card]
        v = self.players[victim]
        crew_loss = info.get("crew", 0)
        if info.get("crew_half"):
            crew_loss = len(v["ships"][ship]["crew"]) // 2
        damage = info.get("damage", 0)
        if roll is not None:
            damage += info.get("die_damage", [0] * 6)[roll - 1]
            crew_loss += info.get("die_crew", [0] * 6)[roll - 1]
        if info.get("lose_turn"):
            v["lose_turn"] = True
            self.say(f"Player {victim + 1} will lose his next turn.")
        lose = info.get("lose_cargo")
        if lose:
            cargo = v["ships"][ship]["cargo"]
            gone = ([c for c in cargo if self.data.cargo_kind(c) == lose] if lose != "one"
                    else sorted(cargo, key=self.data.cargo_units)[:1])
            for c in gone:
                cargo.remove(c)
                self._to_discard(c, under=True)
            if gone:
                self.say(f"Player {victim + 1} loses {', '.join(gone)}.")
        self.pending["table"].append(card)            # the card stays on the table while crewmen are chosen
        return self._choose_losses(victim, ship, crew_loss, "event", damage=damage, card=card)

    def _after_losses_event(self, loss: dict) -> None:
        """The event's damage once its crewmen are chosen, then the card is discarded.

        Rules: Pillage & Plunder › Play Event Card
        """
        self.pending["table"].remove(loss["card"])
        if loss["damage"]:
            self._damage(loss["player"], loss["ship"], loss["damage"], winner=None)
        self._to_discard(loss["card"])
        self._check_play_over()

