"""Enemies, War, treaties and Letters of Marque (with the contest of face-down cards).

Rules: Plunder › War
Rules: Plunder › Enemies
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task
from pirates_lab.core.errors import shown

from .actions import Contest, KeepLetter, Marque
from .headings import RULE_ACTION, RULE_ENEMIES, RULE_FIRST_MATE, RULE_WAR
from .tasks import Battle, Claim, Letters, replace

__all__ = ["War"]


class War:
    """Nations, flags and letters for :class:`~pirates_lab.plunder.state.State`."""

    def at_war_with(self, nation: str) -> list[str]:
        """The nations at war with ``nation``."""
        found = []
        for card, other in self.wars:
            first = self.card(card).nation
            if first == nation:
                found.append(other)
            elif other == nation:
                found.append(first)
        return found

    def enemies(self, p: int) -> set[str]:
        """Flags on the captain's mat, and every nation at war with the nation of their Letter of Marque."""
        cap = self.cap(p)
        found = set(cap["flags"])
        if cap["marque"]:
            found |= set(self.at_war_with(cap["marque"]))
        return found

    def flags_left(self, nation: str) -> int:
        """The Herald's supply: flags of ``nation`` on no Captain's mat and on no War is Declared card."""
        out = sum(nation in cap["flags"] for cap in self.captains) + sum(other == nation for _, other in self.wars)
        return self.comp.rules["flags_per_nation"] - out

    def _may_make_enemy(self, p: int, nation: str | None) -> bool:
        """Can ``nation`` become the captain's enemy: no nation, already an enemy, or a flag left to place?"""
        return nation is None or nation in self.enemies(p) or self.flags_left(nation) > 0

    def _make_enemy(self, p: int, nation: str | None) -> None:
        """Attacking a nation that is not yet your enemy: one of its flags on your mat; you lose its Letter."""
        if nation is None:
            return
        cap = self.cap(p)
        if cap["marque"] == nation:
            cap["marque"] = None
            self.say(f"Captain {p + 1} attacks {nation} and loses the {nation} Letter of Marque.")
        if nation not in self.enemies(p):
            if self.flags_left(nation) <= 0:  # the callers offer no such move: the Herald's supply is empty
                raise IllegalMove(RULE_ENEMIES, f"The Herald has no {nation} flag left to place.")
            cap["flags"].append(nation)
            cap["flags"].sort()
            self.say(f"{nation} becomes captain {p + 1}'s enemy ({RULE_ENEMIES}).")

    def _play_card(self, p: int, action) -> None:
        card = self.card(action.card)
        self._take_from_hand(p, card.name)
        if card.kind == "war":
            self.wars.append([card.name, action.choice])
            self.say(f"Captain {p + 1} plays {card.name}: {card.nation} and {action.choice} are at war "
                     f"(the Herald, captain {self.roles['Herald'] + 1}, holds the card).")
        elif card.kind == "treaty":
            war = next(w for w in self.wars if w[0] == action.choice)
            self.wars.remove(war)
            self._discard(war[0])
            self._discard(card.name)
            self.say(f"Captain {p + 1} plays {card.name}: the war of {self.card(war[0]).nation} and {war[1]} ends.")
        elif card.kind == "first_mate":
            cap = self.cap(p)
            self._drop_mate(p)
            cap["mate"] = card.name
            self.say(f"Captain {p + 1} takes on {card.name} as First Mate (+1 {card.ability}; {RULE_FIRST_MATE}).")
        elif card.kind in ("rum", "sneak"):
            self._discard(card.name)
            self.say(f"Captain {p + 1} plays {card.name} and may trade here, plunder included.")
            self._open_trade(p, self.sea[self.cap(p)["at"]], card_played=True)
        elif card.kind == "natives":
            self.say(f"Captain {p + 1} plays {card.name} on the Coastland.")
            self.flow.push(self, Task("natives", p, Battle("natives", p, enemy=card.name)))

    # ---------------------------------------------------------------- Letters of Marque
    def _marque_actions(self, p: int, place) -> list:
        if place.kind != "port" or not self.at_war_with(place.nation):
            return []
        if place.nation in self.enemies(p) or self.cap(p)["marque"] == place.nation:
            return []
        return [Marque(n) for n in sorted(set(self.hand(p)))]

    def _why_marque(self, p: int, place, action) -> IllegalMove:
        if place.kind != "port" or not self.at_war_with(place.nation):
            return IllegalMove(RULE_ACTION, "A Letter of Marque is obtained in a Port of a nation at war.")
        if place.nation in self.enemies(p):
            return IllegalMove(RULE_WAR, f"{place.nation} is already your enemy: it gives you no Letter of Marque.")
        if action.card not in self.hand(p):
            return IllegalMove(RULE_ACTION, f"Place a card from your hand face down ({shown(action.card)} is not in it).")
        return IllegalMove(RULE_WAR, f"You already hold the {place.nation} Letter of Marque.")

    def _seek_marque(self, p: int, name: str) -> None:
        nation = self.place_card(p).nation
        self._take_from_hand(p, name)
        others = [(p + i) % self.game.players for i in range(1, self.game.players)]
        claim = Claim(p, nation, asked=tuple(q for q in others if self.hand(q))).placing(p, name)
        self.flow.push(self, Task("contest" if claim.asked else "reveal_contest", None, claim))
        self.say(f"Captain {p + 1} seeks the {nation} Letter of Marque and places a card face down.")

    def _contest_actions(self, task):
        return [Contest("")] + [Contest(n) for n in sorted(set(self.hand(task.data.asked[0])))]

    def _do_contest(self, task, action) -> None:
        claim = task.data
        q = claim.asked[0]
        if action.card:
            self._take_from_hand(q, action.card)
            claim = claim.placing(q, action.card)
            self.say(f"Captain {q + 1} contests with a card face down.")
        else:
            self.say(f"Captain {q + 1} does not contest.")
        claim = replace(claim, asked=claim.asked[1:])
        self.flow.replace(self, Task("contest" if claim.asked else "reveal_contest", None, claim))

    def _auto_reveal_contest(self, task) -> None:
        self.flow.pop(self)
        claim = task.data
        p, nation = claim.claimant, claim.nation
        placed = [(q, card) for q, (card,) in zip(claim.seats, claim.cards)]
        numbers = {q: self.card(n).number for q, n in placed}
        shown = ", ".join(f"captain {q + 1}: {n} ({numbers[q]})" for q, n in sorted(placed))
        for _, name in placed:
            self._discard(name)
        if all(numbers[p] >= v for q, v in numbers.items() if q != p):
            cap = self.cap(p)
            self.say(f"Cards turned up — {shown}. Captain {p + 1} receives the {nation} Letter of Marque.")
            if cap["marque"] and cap["marque"] != nation:  # "If you hold more than one Letter, you must choose"
                self.flow.push(self, Task("letter", p, Letters(cap["marque"], nation)))
            else:
                cap["marque"] = nation
        else:
            self.say(f"Cards turned up — {shown}. Captain {p + 1} is outbid: no Letter of Marque.")

    # ---------------------------------------------------------------- two Letters: choose one
    def _letter_actions(self, task):
        """Keep the new Letter (the computer captains' default, listed first) or the old one (a flag of the other
        nation must be left in the Herald's supply)."""
        old, new = task.data.old, task.data.new
        return [KeepLetter(keep) for keep, other in ((new, old), (old, new)) if self._may_make_enemy(task.player, other)]

    def _do_letter(self, task, action) -> None:
        p, letters = task.player, task.data
        self.flow.pop(self)
        other = letters.old if action.nation == letters.new else letters.new
        self.cap(p)["marque"] = action.nation
        self.say(f"Captain {p + 1} keeps the {action.nation} Letter of Marque; {other} becomes their enemy "
                 f"({RULE_WAR}).")
        self._make_enemy(p, other)

    def _why_letter(self, task, action) -> IllegalMove:
        return IllegalMove(RULE_WAR, f"You hold the {task.data.old} and the {task.data.new} Letters of Marque: keep "
                                     "one of them (the other becomes your enemy).")
