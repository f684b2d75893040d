"""Phase 3: Combat Phase — choosing a target, the two combat dice with cannonball re-rolls, the
result (a nation's defence value, or the defender's roll; ties to the attacker) and the loot.

Rules: King of Pirates › Phase 3: Combat Phase
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import Dist, Task

from . import action_cards, game_contents, the_game_board
from ..actions import Accept, Attack, EndTurn, Reroll
from ..odds import two_dice
from .agenda import carry_on
from .pirate_skills import combat_modifier, count_skill
from .task_data import Combat, Loot, Side, Spent

__all__ = ["targets", "combat_in_progress", "auto_combat_choose", "combat_choose_actions", "choose_target",
           "start_combat", "modifiers", "combat_totals", "attacker_modifier", "roll_odds", "roll_attacker",
           "roll_defender", "rolled", "auto_defender_roll", "may_reroll", "auto_attacker_rerolls",
           "auto_defender_rerolls", "auto_rerolls", "rerolls_done", "reroll_actions", "attacker_reroll",
           "defender_reroll", "spend_or_accept", "reroll_die_odds", "reroll_die", "auto_resolve_combat",
           "auto_loot", "loot_odds", "draw_loot"]


# ---- choosing a target
def targets(state, p: int) -> list:
    """What player p may attack here: a ship, city or stronghold only on the space it moved onto
    this turn ("If you move onto a space containing a Merchant Ship, a Stronghold or a City, you
    may enter combat phase"); a player on the same space at any time, but never at a lair.

    Rules: King of Pirates › Phase 2: Movement Phase
    Rules: King of Pirates › Phase 3: Combat Phase
    """
    cell = state.players[p].position
    if cell in state.comp.lairs:
        return []
    out: list = []
    if cell == state.entered:
        if cell in state.ships:
            out.append(state.ships[cell])
        place = state.place_at(cell)
        if place and place[0] in ("city", "stronghold"):
            out.append(place[0])
    out += [q for q, pl in enumerate(state.players) if q != p and pl.position == cell]
    return out


def combat_in_progress(state) -> Combat | None:
    """The combat in progress (carried by its step on the agenda, under any window or re-roll), or None."""
    return next((task.data for task in reversed(state.agenda) if isinstance(task.data, Combat)), None)


def auto_combat_choose(state, task):
    p = task.player
    cell = state.players[p].position
    ship = state.ships.get(cell)
    if ship and state.comp.targets[ship]["warship"] and cell == state.entered:   # "if you enter" its space
        carry_on(state)
        state.say(f"A {ship} forces player {p + 1} to fight!")
        start_combat(state, p, ship)
        return True
    if not targets(state, p):
        carry_on(state)
        return True
    return False


def combat_choose_actions(state, task):
    return [EndTurn()] + [Attack(t) for t in targets(state, task.player)]


def choose_target(state, task, action):
    carry_on(state)
    if isinstance(action, Attack):
        start_combat(state, task.player, action.target)


def start_combat(state, p: int, target) -> None:
    """Rules: King of Pirates › Phase 3: Combat Phase"""
    pvp = isinstance(target, int)
    combat = Combat(attacker=p, defender=target if pvp else None, target=None if pvp else target,
                    cell=state.players[p].position)
    state.say(f"Combat: player {p + 1} attacks {'player ' + str(target + 1) if pvp else 'the ' + target}.")
    state.flow.push(state, Task("combat_window", p, combat))


# ---- the numbers
def modifiers(state, c: Combat | None = None) -> tuple[int, int]:
    """(attacker's modifier, defender's modifier) in player combat, or (attacker's modifier, the
    nation's defence value): skills, scurvy and the cards played.

    Rules: King of Pirates › Phase 3: Combat Phase
    Rules: King of Pirates › Action Cards
    """
    c = c or state.combat
    pvp = c.defender is not None
    a_mod = combat_modifier(state.players[c.attacker], pvp, state.comp) \
        + 2 * action_cards.in_play(state, "Assault", by=c.attacker) + action_cards.in_play(state, "Mercenaries", on=c.attacker)
    if pvp:
        d_mod = combat_modifier(state.players[c.defender], True, state.comp) \
            + 3 * action_cards.in_play(state, "Ambush", by=c.defender) + action_cards.in_play(state, "Mercenaries", on=c.defender)
        return a_mod, d_mod
    defence = state.comp.targets[c.target]["defence"] + 2 * action_cards.in_play(state, "Soldiers") \
        + action_cards.in_play(state, "Mercenaries", on="nation")
    return a_mod, defence


def combat_totals(state, c: Combat | None = None) -> tuple[int, int]:
    """(attacker's total, what it must reach): a nation's defence value, or the defender's total
    (ties go to the attacker).  A total not rolled yet is None."""
    c = c or state.combat
    a_mod, other = modifiers(state, c)
    a_total = sum(c.attacker_roll) + a_mod if c.attacker_roll else None
    if c.defender is not None:
        other = sum(c.defender_roll) + other if c.defender_roll else None
    return a_total, other


def attacker_modifier(state) -> int:
    """The attacker's modifier in the current combat (skills, scurvy, cards)."""
    return modifiers(state)[0]


# ---- the dice
def roll_odds(state, task) -> Dist:
    return two_dice()


def roll_attacker(state, task, roll) -> None:
    rolled(state, task, Side.ATTACKER, roll)


def roll_defender(state, task, roll) -> None:
    rolled(state, task, Side.DEFENDER, roll)


def rolled(state, task, side: Side, roll) -> None:
    carry_on(state, task.data.rolled(side, roll))
    state.say(f"The {side.value} rolls {roll[0]} and {roll[1]}.")


def auto_defender_roll(state, task):
    if task.data.defender is None or task.data.defender_roll is not None:   # (rolled: back for a re-roll)
        carry_on(state)
        return True
    return False


def may_reroll(state, c: Combat, side: Side) -> bool:
    """Cannonballs re-roll after a failed roll (an attacker in PvP may re-roll any time before the
    defender rolls; a defender while it has not beaten the attacker: re-rolling a winning roll can
    only lose).  Back for a re-roll after a card (``settled``), only the side now behind."""
    if c.roll(side) is None or state.players[c.roller(side)].cannonballs <= 0:
        return False
    a_total, other = state.totals(c)
    if side is Side.ATTACKER:
        return (c.defender is not None and c.settled is None) or a_total < other
    return other <= a_total


def auto_attacker_rerolls(state, task):
    return auto_rerolls(state, task, Side.ATTACKER)


def auto_defender_rerolls(state, task):
    return auto_rerolls(state, task, Side.DEFENDER)


def auto_rerolls(state, task, side: Side):
    if not may_reroll(state, task.data, side):
        rerolls_done(state, task, side)
        return True
    return False


def rerolls_done(state, task, side: Side) -> None:
    """The re-roll step is over; after the defender's (the last) the modifiers are noted (``settled``)."""
    c = task.data
    carry_on(state, replace(c, settled=modifiers(state, c)) if side is Side.DEFENDER else None)


def reroll_actions(state, task):
    return [Accept()] + [Reroll(k) for k in ("high", "low", "none")]


def attacker_reroll(state, task, action):
    spend_or_accept(state, task, Side.ATTACKER, action)


def defender_reroll(state, task, action):
    spend_or_accept(state, task, Side.DEFENDER, action)


def spend_or_accept(state, task, side: Side, action) -> None:
    """ "Discarding one Cannonballs token allows you to re-roll one or both dice."  Rules: King of Pirates › Important Game Concepts"""
    if isinstance(action, Accept):
        rerolls_done(state, task, side)
        return
    p = task.data.roller(side)
    game_contents.set_player(state, p, cannonballs=state.players[p].cannonballs - 1)
    state.flow.push(state, Task("reroll_die", p, Spent(side, action.keep)))


def reroll_die_odds(state, task) -> Dist:
    return two_dice() if task.data.keep == "none" else Dist.die(6)


def reroll_die(state, task, outcome) -> None:
    state.flow.pop(state)
    side, keep = task.data.side, task.data.keep
    combat = state.agenda[-1]                     # the re-roll decision it was pushed from
    high, low = combat.data.roll(side)
    if keep == "none":
        new = outcome
    else:
        kept = high if keep == "high" else low
        new = tuple(sorted((kept, outcome), reverse=True))
    state.flow.replace(state, replace(combat, data=combat.data.rolled(side, new)))
    state.say(f"The {side.value} re-rolls: now {new[0]} and {new[1]}.")


# ---- the result and the loot
def auto_resolve_combat(state, task):
    """Total ≥ defence conquers; in player combat ties go to the attacker; loot cards follow.

    Rules: King of Pirates › Phase 3: Combat Phase
    """
    state.flow.pop(state)
    c = task.data
    if c.settled is not None and modifiers(state, c) != c.settled and (may_reroll(state, c, Side.ATTACKER) or may_reroll(state, c, Side.DEFENDER)):
        # "If you fail your attack, you can use Cannonballs": a card after the dice put this side behind
        state.say("A card after the dice changes the totals: the side behind may use Cannonballs again.")
        state.flow.push(state, Task("attacker_rerolls", c.attacker, c))
        return True
    a_total, other = state.totals(c)
    p = c.attacker
    if c.defender is None:
        name = c.target
        if a_total >= other:
            info = state.comp.targets[name]
            nation = info.get("nation") or (state.place_at(c.cell) or (None, None))[1]
            cards = info["loot"] + count_skill(state.players[p], "+1 Loot Card", state.comp)
            if nation:
                cards += 2 * count_skill(state.players[p], f"+2 Loot from {nation}", state.comp)
            state.say(f"{a_total} against defence {other}: the {name} is conquered! {cards} loot cards.")
            if info["ship"]:
                del state.ships[c.cell]
            state.flow.push(state, Task("loot", p, Loot(cards)))
        else:
            state.say(f"{a_total} against defence {other}: the attack fails.")
    else:
        d = c.defender
        winner, loser = (p, d) if a_total >= other else (d, p)
        state.say(f"Attacker {a_total}, defender {other}: player {winner + 1} wins.")
        state.flow.push(state, Task("loot", winner, Loot(state.comp.rules["pvp_loot_cards"], loser)))
    return True


def auto_loot(state, task):
    """Loot cards become Doubloons; a loser pays at most what it has.  The cards drawn are held until
    the loot is counted and then "returned to the discard pile"; the discard is shuffled into the deck
    only before the first card of a conquest, when the deck holds fewer than are to be drawn (house rule),
    never in the middle of one.  Rules: King of Pirates › Phase 3: Combat Phase"""
    winner = task.player
    loot = task.data
    if not loot.drawn and loot.cards_left > sum(state.loot_deck.values()) and any(state.loot_discard.values()):
        deck = dict(state.loot_deck)
        for value, n in state.loot_discard.items():
            deck[value] = deck.get(value, 0) + n
        state.loot_deck, state.loot_discard = {k: v for k, v in deck.items() if v}, {}
        state.say("The loot deck is too short: the loot discard pile is shuffled into it.")
    if loot.cards_left > 0 and any(state.loot_deck.values()):
        return False
    state.flow.pop(state)
    for value in loot.drawn:         # "The Cards are returned to the discard pile."
        state.loot_discard[value] = state.loot_discard.get(value, 0) + 1
    total, loser = loot.total, loot.loser
    if loser is None:
        game_contents.set_player(state, winner, doubloons=state.players[winner].doubloons + total)
        state.say(f"Player {winner + 1} plunders {total} Doubloons.")
    else:
        stolen = min(total, state.players[loser].doubloons)
        game_contents.set_player(state, loser, doubloons=state.players[loser].doubloons - stolen)
        game_contents.set_player(state, winner, doubloons=state.players[winner].doubloons + stolen)
        state.say(f"Player {winner + 1} steals {stolen} Doubloons from player {loser + 1} (the loot cards allowed {total}).")
    the_game_board.check_winner(state)
    return True


def loot_odds(state, task) -> Dist:
    return Dist.from_weights({v: n for v, n in state.loot_deck.items() if n})


def draw_loot(state, task, value) -> None:
    """One loot card from the deck, held with the others drawn in this conquest."""
    state.loot_deck[value] -= 1
    if not state.loot_deck[value]:
        del state.loot_deck[value]
    loot = task.data
    state.flow.replace(state, replace(task, data=replace(loot, cards_left=loot.cards_left - 1, total=loot.total + value,
                                                         drawn=loot.drawn + (value,))))
