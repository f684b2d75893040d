"""Combat in its steps — Enemies, Engagement, Broadside, Boarding — and its results, against a ship, a Port or
Natives.  Fights between captains are in :mod:`.attacking_another_captain`.

Rules: Plunder › Combat

"From this point on, you must win each step to continue to the next!!"  Against a ship, a Port or
Natives the captain adds at most one card per step, and only when behind.  "Ties always favor the
attacker": the captain's when they attack, the Pirates' when Pirates attack (fleeing them, an equal
total still escapes: "equal to or greater than its, you manage to escape").  The fight travels with its
tasks as a :class:`~pirates_lab.plunder.tasks.Battle`; a step won is the next task with the same battle.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove, Task

from .actions import AddCard, Attack, Board, Fight, Flee, LetGo, Sink, StartTrade
from .headings import (RULE_BOARDING, RULE_BROADSIDE, RULE_COMBAT, RULE_ENCOUNTER, RULE_ENGAGEMENT, RULE_ENEMIES,
                       RULE_RESULTS)
from .tasks import Battle, Loot, Market, Prize
from . import attacking_another_captain as captain_fight
from . import captured_ships
from . import lose_your_ship
from . import war

__all__ = ["attack_port", "auto_boarding", "auto_broadside", "auto_compare", "auto_engage", "beats",
           "boarding_actions", "broadside_actions", "cards_to_add", "do_boarding", "do_broadside", "do_compare",
           "do_engage", "do_meet", "do_natives", "do_sink_or_board", "end_combat", "enemy_card", "enemy_value",
           "engage_actions", "first_step", "meet_actions", "natives_actions", "sink_or_board_actions", "spend_card",
           "step_won", "why_boarding", "why_broadside", "why_engage", "why_meet", "BIG", "STATS"]

#: no limit on the loot but the space in the hold (a Port or Natives: no ship to cap it)
BIG = 99
#: the value each step compares
STATS = {"engage": "speed", "broadside": "cannon", "boarding": "crew"}


# ---------------------------------------------------------------- the enemy's numbers
def enemy_card(state, fight: Battle):
    return state.card(fight.port or fight.enemy)


def enemy_value(state, fight: Battle, stat: str) -> int:
    card = enemy_card(state, fight)
    if stat == "crew" and card.kind == "port":
        return card.garrison
    if stat == "crew" and card.kind == "natives":
        return card.warriors
    return getattr(card, stat)


def cards_to_add(state, p: int) -> list:
    return [AddCard("")] + [AddCard(n) for n in sorted(set(state.hand(p)))]


def spend_card(state, p: int, name: str) -> int:
    if not name:
        return 0
    state._play_to_discard(p, name)
    number = state.card(name).number
    state.say(f"Captain {p + 1} adds {name} ({number}).")
    return number


# ---------------------------------------------------------------- starting
def first_step(state, fight: Battle) -> None:
    """Enemies (a nation's flag), then the first step: Engagement (a ship), Broadside (a Port: "skip this
    step"), Boarding (Natives: no cannons; on land, ASSUMPTION: no Engagement)."""
    p = fight.hero
    if fight.against != "natives":
        war.make_enemy(state, p, enemy_card(state, fight).nation)  # Enemies
    step = {"ship": "engage", "port": "broadside"}.get(fight.against, "boarding")
    state.flow.push(state, Task(step, p, fight))


def attack_port(state, p: int) -> None:
    fight = Battle("port", p, port=state.sea[state.cap(p)["at"]])
    state.say(f"Captain {p + 1} attacks {fight.port} ({RULE_COMBAT}).")
    first_step(state, fight)


def meet_actions(state, task):
    attack = war.may_make_enemy(state, task.player, enemy_card(state, task.data).nation)  # a flag to place (Enemies)
    return [Attack(), LetGo()] if attack else [LetGo()]


def do_meet(state, task, action) -> None:
    p, fight = task.player, task.data
    state.flow.pop(state)
    if isinstance(action, LetGo):
        end_combat(state, fight, f"Captain {p + 1} lets {fight.enemy} go.")
        return
    state.say(f"Captain {p + 1} attacks {fight.enemy}.")
    first_step(state, fight)


def why_meet(state, task, action) -> IllegalMove:
    nation = enemy_card(state, task.data).nation
    if isinstance(action, Attack):
        return IllegalMove(RULE_ENEMIES, f"The Herald has no {nation} flag left: {nation} cannot become your "
                                         "enemy, so you cannot attack its ship. Let it go.")
    return IllegalMove(RULE_ENCOUNTER, "A merchant ship played to you: attack it or let it go.")


def natives_actions(state, task):
    return [StartTrade(), Attack(), LetGo()]


def do_natives(state, task, action) -> None:
    p, fight = task.player, task.data
    state.flow.pop(state)
    if isinstance(action, LetGo):
        end_combat(state, fight, f"Captain {p + 1} leaves the Natives in peace.")
    elif isinstance(action, StartTrade):
        state.flow.push(state, Task("trade", p, Market(fight.enemy)))  # the trade holds the Natives card
    else:
        state.say(f"Captain {p + 1} attacks the Natives.")
        first_step(state, fight)


def end_combat(state, fight: Battle, text: str) -> None:
    if fight.enemy:
        state._discard(fight.enemy)
    state.say(text)


# ---------------------------------------------------------------- Engagement
def auto_engage(state, task):
    p, fight = task.player, task.data
    if not fight.hero_attacks:
        return False
    enemy = enemy_value(state, fight, "speed")
    own = state.ship_stat(p, "speed")  # "any Captured Ship accompanying you does not count" here
    if own >= enemy:
        state.flow.replace(state, Task("broadside", p, fight))
        state.say(f"Captain {p + 1} (speed {own}) reaches {fight.enemy} (speed {enemy}).")
        return None
    return False  # to catch up, a card is added to the LOWER speed (with a Captured Ship)


def engage_actions(state, task):
    p = task.player
    if task.data.hero_attacks:
        return cards_to_add(state, p)
    found = [Fight(), Flee("")] + [Flee(n) for n in sorted(set(state.hand(p)))]
    if state.cap(p)["captured"]:
        found += [Flee("", True)] + [Flee(n, True) for n in sorted(set(state.hand(p)))]
    return found


def do_engage(state, task, action) -> None:
    p, fight = task.player, task.data
    enemy = enemy_value(state, fight, "speed")
    if isinstance(action, Fight):
        state.flow.replace(state, Task("broadside", p, fight))
        state.say(f"Captain {p + 1} stands to fight {fight.enemy}.")
        return
    if isinstance(action, Flee) and action.abandon:
        captured_ships.abandon_captured(state, p)
    added = spend_card(state, p, action.card)
    mine = state.speed(p) + added
    if fight.hero_attacks:
        if mine >= enemy:
            state.flow.replace(state, Task("broadside", p, fight))
            state.say(f"Captain {p + 1} catches {fight.enemy}: {mine} against speed {enemy} ({RULE_ENGAGEMENT}).")
        else:
            state.flow.pop(state)
            end_combat(state, fight, f"{fight.enemy} escapes: {mine} against speed {enemy}. They escaped "
                                    f"({RULE_RESULTS}).")
    elif mine >= enemy:
        state.flow.pop(state)
        end_combat(state, fight, f"Captain {p + 1} outdistances {fight.enemy}: {mine} against {enemy}.")
    else:
        state.flow.replace(state, Task("broadside", p, fight))
        state.say(f"{fight.enemy} catch captain {p + 1}: {enemy} against {mine}.")


# ---------------------------------------------------------------- Broadside and Boarding
def beats(state, fight: Battle, total: int, stat: str) -> bool:
    """Does the captain's ``total`` win the step?  "Ties always favor the attacker": the captain's when they
    attack, the enemy's when Pirates attack them."""
    enemy = enemy_value(state, fight, stat)
    return total >= enemy if fight.hero_attacks else total > enemy


def auto_broadside(state, task):
    return auto_compare(state, task, "cannon")


def auto_boarding(state, task):
    return auto_compare(state, task, "crew")


def auto_compare(state, task, stat: str):
    p, fight = task.player, task.data
    if beats(state, fight, state.ship_stat(p, stat), stat):
        state.flow.pop(state)
        step_won(state, fight, stat, state.ship_stat(p, stat))
        return None
    return False


def broadside_actions(state, task):
    return cards_to_add(state, task.player)

boarding_actions = broadside_actions


def do_broadside(state, task, action) -> None:
    do_compare(state, task, action, "cannon")


def do_boarding(state, task, action) -> None:
    do_compare(state, task, action, "crew")


def do_compare(state, task, action, stat: str) -> None:
    p, fight = task.player, task.data
    state.flow.pop(state)
    total = state.ship_stat(p, stat) + spend_card(state, p, action.card)
    if beats(state, fight, total, stat):
        step_won(state, fight, stat, total)
        return
    enemy = enemy_card(state, fight).name
    rule = RULE_BROADSIDE if stat == "cannon" else RULE_BOARDING
    end_combat(state, fight, f"{enemy} wins the {'Broadside' if stat == 'cannon' else 'Boarding'}: {total} against "
                            f"{enemy_value(state, fight, stat)}; captain {p + 1}'s ship is sunk ({rule}).")
    lose_your_ship.lose_ship(state, p)


def step_won(state, fight: Battle, stat: str, total: int) -> None:
    p = fight.hero
    if stat == "cannon":
        state.say(f"Captain {p + 1} wins the Broadside: {total} against {enemy_value(state, fight, 'cannon')}.")
        state.flow.push(state, Task("sink_or_board", p, fight))
        return
    state.say(f"Captain {p + 1} wins the Boarding: {total} against {enemy_value(state, fight, 'crew')} "
             f"({RULE_RESULTS}).")
    if fight.against == "ship":  # the prize task holds the enemy's card now
        state.flow.push(state, Task("prize", p, Prize(fight.enemy, state.card(fight.enemy).cargo)))
    else:
        end_combat(state, fight, f"Captain {p + 1} plunders {enemy_card(state, fight).name}.")
        state.flow.push(state, Task("loot", p, Loot(BIG)))


def sink_or_board_actions(state, task):
    if task.data.against in ("captain", "ship"):
        return [Sink(), Board()]
    return [Board()]


def do_sink_or_board(state, task, action) -> None:
    p, fight = task.player, task.data
    state.flow.pop(state)
    if fight.against == "captain":
        if isinstance(action, Sink):
            state.say(f"Captain {p + 1} sinks captain {fight.target + 1}'s ship.")
            lose_your_ship.lose_ship(state, fight.target)
        else:
            captain_fight.secret_round(state, fight, "boarding")
        return
    if isinstance(action, Sink):
        end_combat(state, fight, f"Captain {p + 1} sinks {fight.enemy}: discarded ({RULE_RESULTS}).")
    else:
        state.flow.push(state, Task("boarding", p, fight))


def why_engage(state, task, action) -> IllegalMove:
    return IllegalMove(RULE_ENGAGEMENT, "Add one card from your hand (or none), flee or fight.")


def why_broadside(state, task, action) -> IllegalMove:
    return IllegalMove(RULE_BROADSIDE, "If the enemy's Cannon is higher you may add one card from your hand.")


def why_boarding(state, task, action) -> IllegalMove:
    return IllegalMove(RULE_BOARDING, "If the enemy's Crew is higher you may add one card from your hand.")
