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
from . import trade

__all__ = ["at_war_with", "auto_reveal_contest", "contest_actions", "do_contest", "do_letter", "enemies",
           "flags_left", "letter_actions", "make_enemy", "marque_actions", "may_make_enemy", "play_card",
           "seek_marque", "why_letter", "why_marque"]


def at_war_with(state, nation: str) -> list[str]:
    """The nations at war with ``nation``."""
    found = []
    for card, other in state.wars:
        first = state.card(card).nation
        if first == nation:
            found.append(other)
        elif other == nation:
            found.append(first)
    return found


def enemies(state, p: int) -> set[str]:
    """Flags on the captain's mat, and every nation at war with the nation of their Letter of Marque."""
    cap = state.cap(p)
    found = set(cap["flags"])
    if cap["marque"]:
        found |= set(at_war_with(state, cap["marque"]))
    return found


def flags_left(state, nation: str) -> int:
    """The Herald's supply: flags of ``nation`` on no Captain's mat and on no War is Declared card."""
    out = sum(nation in cap["flags"] for cap in state.captains) + sum(other == nation for _, other in state.wars)
    return state.comp.rules["flags_per_nation"] - out


def may_make_enemy(state, p: int, nation: str | None) -> bool:
    """Can ``nation`` become the captain's enemy: no nation, already an enemy, or a flag left to place?"""
    return nation is None or nation in enemies(state, p) or flags_left(state, nation) > 0


def make_enemy(state, p: int, nation: str | None) -> None:
    """Attacking a nation that is not yet your enemy: one of its flags on your mat; you lose its Letter."""
    if nation is None:
        return
    cap = state.cap(p)
    if cap["marque"] == nation:
        cap["marque"] = None
        state.say(f"Captain {p + 1} attacks {nation} and loses the {nation} Letter of Marque.")
    if nation not in enemies(state, p):
        if flags_left(state, nation) <= 0:  # the callers offer no such move: the Herald's supply is empty
            raise IllegalMove(RULE_ENEMIES, f"The Herald has no {nation} flag left to place.")
        cap["flags"].append(nation)
        cap["flags"].sort()
        state.say(f"{nation} becomes captain {p + 1}'s enemy ({RULE_ENEMIES}).")


def play_card(state, p: int, action) -> None:
    card = state.card(action.card)
    state._take_from_hand(p, card.name)
    if card.kind == "war":
        state.wars.append([card.name, action.choice])
        state.say(f"Captain {p + 1} plays {card.name}: {card.nation} and {action.choice} are at war "
                 f"(the Herald, captain {state.roles['Herald'] + 1}, holds the card).")
    elif card.kind == "treaty":
        war = next(w for w in state.wars if w[0] == action.choice)
        state.wars.remove(war)
        state._discard(war[0])
        state._discard(card.name)
        state.say(f"Captain {p + 1} plays {card.name}: the war of {state.card(war[0]).nation} and {war[1]} ends.")
    elif card.kind == "first_mate":
        cap = state.cap(p)
        state._drop_mate(p)
        cap["mate"] = card.name
        state.say(f"Captain {p + 1} takes on {card.name} as First Mate (+1 {card.ability}; {RULE_FIRST_MATE}).")
    elif card.kind in ("rum", "sneak"):
        state._discard(card.name)
        state.say(f"Captain {p + 1} plays {card.name} and may trade here, plunder included.")
        trade.open_trade(state, p, state.sea[state.cap(p)["at"]], card_played=True)
    elif card.kind == "natives":
        state.say(f"Captain {p + 1} plays {card.name} on the Coastland.")
        state.flow.push(state, Task("natives", p, Battle("natives", p, enemy=card.name)))


# ---------------------------------------------------------------- Letters of Marque
def marque_actions(state, p: int, place) -> list:
    if place.kind != "port" or not at_war_with(state, place.nation):
        return []
    if place.nation in enemies(state, p) or state.cap(p)["marque"] == place.nation:
        return []
    return [Marque(n) for n in sorted(set(state.hand(p)))]


def why_marque(state, p: int, place, action) -> IllegalMove:
    if place.kind != "port" or not at_war_with(state, place.nation):
        return IllegalMove(RULE_ACTION, "A Letter of Marque is obtained in a Port of a nation at war.")
    if place.nation in enemies(state, p):
        return IllegalMove(RULE_WAR, f"{place.nation} is already your enemy: it gives you no Letter of Marque.")
    if action.card not in state.hand(p):
        return IllegalMove(RULE_ACTION, f"Place a card from your hand face down ({shown(action.card)} is not in it).")
    return IllegalMove(RULE_WAR, f"You already hold the {place.nation} Letter of Marque.")


def seek_marque(state, p: int, name: str) -> None:
    nation = state.place_card(p).nation
    state._take_from_hand(p, name)
    others = [(p + i) % state.game.players for i in range(1, state.game.players)]
    claim = Claim(p, nation, asked=tuple(q for q in others if state.hand(q))).placing(p, name)
    state.flow.push(state, Task("contest" if claim.asked else "reveal_contest", None, claim))
    state.say(f"Captain {p + 1} seeks the {nation} Letter of Marque and places a card face down.")


def contest_actions(state, task):
    return [Contest("")] + [Contest(n) for n in sorted(set(state.hand(task.data.asked[0])))]


def do_contest(state, task, action) -> None:
    claim = task.data
    q = claim.asked[0]
    if action.card:
        state._take_from_hand(q, action.card)
        claim = claim.placing(q, action.card)
        state.say(f"Captain {q + 1} contests with a card face down.")
    else:
        state.say(f"Captain {q + 1} does not contest.")
    claim = replace(claim, asked=claim.asked[1:])
    state.flow.replace(state, Task("contest" if claim.asked else "reveal_contest", None, claim))


def auto_reveal_contest(state, task) -> None:
    state.flow.pop(state)
    claim = task.data
    p, nation = claim.claimant, claim.nation
    placed = [(q, card) for q, (card,) in zip(claim.seats, claim.cards)]
    numbers = {q: state.card(n).number for q, n in placed}
    shown = ", ".join(f"captain {q + 1}: {n} ({numbers[q]})" for q, n in sorted(placed))
    for _, name in placed:
        state._discard(name)
    if all(numbers[p] >= v for q, v in numbers.items() if q != p):
        cap = state.cap(p)
        state.say(f"Cards turned up — {shown}. Captain {p + 1} receives the {nation} Letter of Marque.")
        if cap["marque"] and cap["marque"] != nation:  # "If you hold more than one Letter, you must choose"
            state.flow.push(state, Task("letter", p, Letters(cap["marque"], nation)))
        else:
            cap["marque"] = nation
    else:
        state.say(f"Cards turned up — {shown}. Captain {p + 1} is outbid: no Letter of Marque.")


# ---------------------------------------------------------------- two Letters: choose one
def letter_actions(state, task):
    """Keep the new Letter (the computer captains' default, listed first) or the old one (a flag of the other
    nation must be left in the Herald's supply)."""
    old, new = task.data.old, task.data.new
    return [KeepLetter(keep) for keep, other in ((new, old), (old, new)) if may_make_enemy(state, task.player, other)]


def do_letter(state, task, action) -> None:
    p, letters = task.player, task.data
    state.flow.pop(state)
    other = letters.old if action.nation == letters.new else letters.new
    state.cap(p)["marque"] = action.nation
    state.say(f"Captain {p + 1} keeps the {action.nation} Letter of Marque; {other} becomes their enemy "
             f"({RULE_WAR}).")
    make_enemy(state, p, other)


def why_letter(state, task, action) -> IllegalMove:
    return IllegalMove(RULE_WAR, f"You hold the {task.data.old} and the {task.data.new} Letters of Marque: keep "
                                 "one of them (the other becomes your enemy).")
