"""Stage 2: The draw and play stage — draw to eight cards, play up to two, make the final discard.

Rules: Pillage & Plunder › Stage 2: The draw and play stage
Rules: Pillage & Plunder › During the draw-and-play stage

What each card does when played lives with its heading: buying (:mod:`.buying_and_treasure`),
events (:mod:`.play_event_card`), attacks and merchants (:mod:`.the_five_stages_of_a_sea_battle`),
Navy Ships and privateers (:mod:`.game_variations`).
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove
from pirates_lab.core.errors import shown

from ..actions import Act, Discard, Play
from ..headings import (RULE_ATTACK_OPPONENT, RULE_BURY_TREASURE, RULE_DRAW_AND_PLAY_STAGE, RULE_PLAY_NAVY_SHIP,
                        RULE_PRE_DRAW_STAGE, RULE_PRIVATEERING)

__all__ = ["DrawAndPlayStage", "sub_multisets"]

#: the categories played on an opponent (one card per opponent per turn)
ON_AN_OPPONENT = ("Event", "Attack", "Navy Ship")


def sub_multisets(cards: list) -> list[tuple]:
    """Every distinct sub-multiset of a list, as sorted tuples."""
    out = {()}
    for card in cards:
        out |= {tuple(sorted(s + (card,))) for s in out}
    return sorted(out)


class DrawAndPlayStage:
    """Drawing, playing and discarding (mixed into the state)."""

    # ------------------------------------------------------------ drawing
    def _can_draw(self) -> bool:
        return sum(self.deck.values()) > 0 or len(self.discard) > 1

    def _draw_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
        acts = []
        if self._can_draw():
            acts.append(Act("draw from pile"))
        if self.discard and not self.pending.get("took_discard"):
            acts.append(Act("take discard"))
        return acts or [Act("stop drawing")]

    def _on_draw(self, action: Act) -> None:
        """Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
        p = self.players[self.current]
        if action.name == "take discard":
            card = self.discard.pop()
            p["hand"].append(card)
            self.pending["took_discard"] = True
            self.say(f"Player {self.current + 1} takes {card} from the discard pile.")
        elif action.name == "draw from pile":
            if not sum(self.deck.values()):
                self._reshuffle()
            self._goto("draw_card")
            return
        else:  # stop drawing: nothing left to draw
            self._goto("play")
            self._check_play_over()
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
        self._goto("draw")
        self._after_draw()

    def _after_draw(self) -> None:
        if len(self.players[self.current]["hand"]) >= self.data.game["draw_to"]:
            self._goto("play")
            self._check_play_over()

    # ------------------------------------------------------------ discarding
    def _discard_actions(self, task) -> list:
        return [Discard(c) for c in sorted(set(self.players[task.player]["hand"]))]

    def _on_discard(self, action: Discard) -> None:
        """Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
        self._take_from_hand(self.current, action.card)
        self._to_discard(action.card)
        self.say(f"Player {self.current + 1} discards {action.card}.")
        self._start_repair()

    # ------------------------------------------------------------ playing
    def _opponents(self, me: int) -> list[int]:
        return [i for i in self.alive() if i != me and i not in self.pending.get("targeted", [])]

    def _play_actions(self, task) -> list:
        """Every card in the hand: played onto the discard pile, or played for what it does.

        Rules: Pillage & Plunder › During the draw-and-play stage
        """
        me = task.player
        p = self.players[me]
        data = self.data
        acts: list = []
        ships = range(len(p["ships"]))
        for card in dict.fromkeys(p["hand"]):
            acts.append(Play(card, discard=True))
            category = data.category(card)
            if category == "Ship Hull":
                if self._why_not_ship(me, card) is None:
                    acts.append(Play(card))
            elif category in ("Ship Add-On", "Cannon", "Crew Member"):
                acts += [Play(card, ship=s) for s in ships if self._why_not_buy(me, card, s) is None]
            elif category == "Cargo":
                acts += [Play(card, ship=s) for s in ships]
            elif category == "Event":     # Fleet Play: on the opponent's ship of the player's choice
                acts += [Play(card, target=t, target_ship=ts) for t in self._opponents(me)
                         for ts in range(len(self.players[t]["ships"]))]
            elif category == "Attack":
                for t in self._opponents(me):
                    acts += [Play(card, target=t, ship=s, target_ship=ts) for s in ships
                             for ts in range(len(self.players[t]["ships"]))]
            elif category == "Navy Ship":
                acts += self._navy_plays(me, card)
            elif category == "Merchant Ship":
                if self._may_attack_merchant(me, card):
                    cargo = sorted(c for c in p["hand"] if data.category(c) == "Cargo")
                    for extra in sub_multisets(cargo):
                        acts += [Play(card, ship=s, extra=extra) for s in ships]
            elif category == "Repair Ship":
                acts += [Play(card, ship=s) for s in ships if self._why_not_repair(me, card, s) is None]
            elif category == "Treasure Hunt":
                acts += self._treasure_hunt_plays(me, card)
            elif category == "Bury Treasure":
                acts += [Play(card, amount=a) for a in self._bury_amounts(me)]
        return acts

    def _bury_allowed(self, action) -> bool:
        """Burying any amount the hoard holds (too many amounts to list).

        Rules: Pillage & Plunder › Bury Treasure
        """
        if (self.phase == "play" and isinstance(action, Play) and action.card == "Bury Treasure"
                and not action.discard and isinstance(action.amount, int) and not isinstance(action.amount, bool)
                and action == Play("Bury Treasure", amount=action.amount)):
            p = self.players[self.actor]
            return "Bury Treasure" in p["hand"] and 0 < action.amount <= p["hoard"]
        return False

    def _why_not_play(self, action: Play) -> IllegalMove | None:
        """Why playing this card is refused (None for a generic message)."""
        phase = self.phase
        me = self.actor
        if phase != "play":
            rule = RULE_PRE_DRAW_STAGE if phase == "predraw" else RULE_DRAW_AND_PLAY_STAGE
            return IllegalMove(rule, "Cards are played only in the draw-and-play stage, once you hold eight cards.")
        p = self.players[me]
        if action.card not in p["hand"]:
            return IllegalMove(RULE_DRAW_AND_PLAY_STAGE, f"You have no {shown(action.card)} in your hand.")
        if action.discard:
            return None
        category = self.data.category(action.card)
        if category == "Ship Hull":
            return self._why_not_ship(me, action.card)
        if category in ("Ship Add-On", "Cannon", "Crew Member"):
            return self._why_not_buy(me, action.card, action.ship)
        if category in ON_AN_OPPONENT and not action.privateer:
            rule = RULE_PLAY_NAVY_SHIP if category == "Navy Ship" else RULE_ATTACK_OPPONENT if category == "Attack" \
                else RULE_DRAW_AND_PLAY_STAGE
            if action.target == me or not isinstance(action.target, int) or not 0 <= action.target < len(self.players):
                return IllegalMove(rule, f"{category} cards are played on an opponent.")
            if action.target in self.pending.get("targeted", []):
                return IllegalMove(RULE_DRAW_AND_PLAY_STAGE,
                                   "You may only play one card on each opponent during any one turn.")
            if self.players[action.target]["eliminated"]:
                return IllegalMove(rule, "That player has been eliminated.")
            if category == "Navy Ship":
                return IllegalMove(RULE_PLAY_NAVY_SHIP, "A Navy Ship may only be played on an opponent with a Merchant "
                                                        "Ship card of its nationality in his prize ships area.")
        if category == "Merchant Ship" and not self._may_attack_merchant(me, action.card):
            return IllegalMove(RULE_PRIVATEERING, "A privateer cannot attack merchants of the country he sails for.")
        if category == "Repair Ship":
            return self._why_not_repair(me, action.card, action.ship)
        if category == "Bury Treasure" and not 0 < action.amount <= p["hoard"]:
            return IllegalMove(RULE_BURY_TREASURE, f"You can bury from 1 to {p['hoard']} pieces of eight.")
        return None

    def _on_play(self, action: Play) -> None:
        """Rules: Pillage & Plunder › During the draw-and-play stage"""
        me = self.current
        self._take_from_hand(me, action.card)
        self.pending["plays"] += 1
        card = action.card
        if action.discard:
            self._to_discard(card)
            self.say(f"Player {me + 1} plays {card} onto the discard pile.")
            return self._check_play_over()
        category = self.data.category(card)
        if category in ON_AN_OPPONENT and not action.privateer:
            self.pending["targeted"].append(action.target)
        handler = {"Ship Hull": self._play_ship, "Ship Add-On": self._play_item, "Cannon": self._play_item,
                   "Crew Member": self._play_item, "Cargo": self._play_cargo, "Repair Ship": self._play_repair,
                   "Bury Treasure": self._play_bury, "Treasure Hunt": self._play_treasure_hunt,
                   "Event": self._play_event, "Attack": self._play_attack, "Navy Ship": self._play_navy,
                   "Merchant Ship": self._play_merchant}[category]
        return handler(me, action)
