"""The rules of War: War is Declared, A Treaty is Signed, Letters of Marque and the enemies they make.

Rules: Plunder › War
"""
import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import Attack, Contest, Fight, KeepLetter, Marque, Play
from pirates_lab.plunder.components import load_components
from pirates_lab.plunder.headings import RULE_WAR
from pirates_lab.plunder.war import enemies

from plunder_helpers import (_action, _at_sea_against, _in_port_holding, _spain_out_of_flags, at_step, DATA, fresh,
                             from_deck, hand, lay, play)


def test_attacking_a_nation_costs_its_letter_of_marque_but_pirates_make_no_enemy():
    """Rules: Plunder › Enemies"""
    state, p = _at_sea_against("English Sloop", ["Havana"], p_ship="Spanish Sloop")
    state.captains[p]["marque"] = "England"
    state = state.apply(Attack())
    assert state.captains[p]["marque"] is None and state.captains[p]["flags"] == ["England"]
    pirates, q = _at_sea_against("Pirates", ["Havana"], p_ship="Spanish Galleon")
    pirates = pirates.apply(Fight())
    assert pirates.captains[q]["flags"] == []


def test_attacking_a_nation_already_your_enemy_by_war_places_no_flag():
    """Rules: Plunder › Enemies

    Given a captain with the English Letter of Marque while England and Spain are at war (Spain is their enemy),
    When they attack a Spanish Sloop, Then no flag is placed ("a nation that is not yet your enemy"), and once a
    Treaty ends the war Spain is no longer their enemy."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "England"
    from_deck(state, "War is Declared: England")
    state.wars = [["War is Declared: England", "Spain"]]
    hand(state, p, [])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = at_step(state, p, "encounter", "action", "give").apply(Attack())
    assert state.captains[p]["flags"] == [] and "Spain" in enemies(state, p)
    state.wars = []
    state.discard["War is Declared: England"] = 1
    assert "Spain" not in enemies(state, p)


def test_letter_of_marque_contest_equal_or_greater_wins():
    """Rules: Plunder › War"""
    state = fresh(players=3)
    p = state.first
    q, r = (p + 1) % 3, (p + 2) % 3
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    hand(state, p, ["Havana"])                 # number 3
    hand(state, q, ["Port Royal"] if False else ["Martinique"])  # number 3
    hand(state, r, ["Open Sea"])               # number 1
    state = at_step(state, p, "action", "give")
    state = state.apply(Marque("Havana"))
    seen = state.observation(q)
    assert seen["contest"] == {"claimant": p, "nation": "England", "placed": [p]}   # face down: no card shown
    state = play(state, Contest("Martinique"), Contest("Open Sea"))
    assert state.captains[p]["marque"] == "England"
    assert "Spain" in enemies(state, p)                 # at war with the Letter's nation


def test_a_treaty_ends_the_war_and_its_enemy():
    """Rules: Plunder › War"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "England"
    hand(state, p, ["War is Declared: Spain", "A Treaty is Signed"])
    state = at_step(state, p, "action", "give")
    war = state.apply(Play("War is Declared: Spain", "England"))
    assert war.wars == [["War is Declared: Spain", "England"]] and "Spain" in enemies(war, p)
    war = at_step(war, p, "action", "give")
    peace = war.apply(Play("A Treaty is Signed", "War is Declared: Spain"))
    assert peace.wars == [] and "Spain" not in enemies(peace, p)
    assert peace.discard.get("War is Declared: Spain") == 1 and peace.discard.get("A Treaty is Signed") == 1


def test_a_captain_with_two_letters_chooses_which_to_keep():
    """Rules: Plunder › War

    Given a captain holding the Spanish Letter of Marque in Port Royal while England and France are at war, When they
    win the English Letter, Then "If you hold more than one Letter, you must choose; the other becomes your enemy"."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "Spain"
    from_deck(state, "War is Declared: England")
    state.wars = [["War is Declared: England", "France"]]
    hand(state, p, ["Havana"])
    hand(state, state.left_of(p), [])
    state = play(at_step(state, p, "action", "give"), Marque("Havana"))
    assert set(state.legal_actions()) == {KeepLetter("England"), KeepLetter("Spain")}
    kept = state.apply(KeepLetter("Spain"))
    assert kept.captains[p]["marque"] == "Spain" and "England" in enemies(kept, p)
    new = state.apply(KeepLetter("England"))
    assert new.captains[p]["marque"] == "England" and {"Spain", "France"} <= enemies(new, p)
    refused(state, KeepLetter("France"), RULE_WAR)


def test_no_war_is_declared_on_a_nation_whose_flags_are_all_out():
    """Rules: Plunder › War

    Given all six Spanish flags out but one, When a captain plays War is Declared: ... the Herald places a flag of the
    other nation on it: Spain is a choice while a flag is left, and not once none is."""
    state, p = _spain_out_of_flags(wars=("England", "France"))
    war = "War is Declared: Netherlands"
    lay(state, (1, 0), "Curacao")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, [war])
    state = at_step(state, p, "action", "give")
    assert Play(war, "Spain") in state.legal_actions()        # 5 of 6 flags out
    state.captains[p]["flags"] = ["Spain"]                    # the sixth
    assert Play(war, "Spain") not in state.legal_actions() and Play(war, "England") in state.legal_actions()
    assert refused(state, Play(war, "Spain"), RULE_WAR).reason == "The Herald has no Spain flag left to place on the card."


def test_a_deck_of_two_nations_loads(tmp_path):
    """Rules: Plunder › War (two nations are enough for a war)"""
    text = DATA.read_text(encoding="utf-8").replace('"France"', '"Spain"').replace('"Netherlands"', '"England"')
    text = text.replace('nations = ["Spain", "England", "Spain", "England"]', 'nations = ["Spain", "England"]')
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    assert load_components(path).nations == ("Spain", "England")


@pytest.mark.parametrize("position,move,words", [
    (lambda: _action(port="Havana", cards=["Coastland"], flags=["England"]), Marque("Coastland"),
     "England is already your enemy: it gives you no Letter of Marque."),
    (lambda: _action(port="Havana", cards=["Coastland"], marque="England"), Marque("Coastland"),
     "You already hold the England Letter of Marque."),
    (lambda: _action(port="Havana", cards=["Coastland"]), Marque("Nassau"),
     "Place a card from your hand face down ('Nassau' is not in it)."),
])
def test_a_letter_refused_says_why(position, move, words):
    """Rules: Plunder › War"""
    state = position()
    state.wars = [["War is Declared: England", "France"]]   # England at war; the captain in Havana (Spain)
    from_deck(state, "War is Declared: England")
    lay(state, (1, 0), "Port Royal")
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    assert error.value.reason == words


def test_a_second_letter_of_the_same_nation_is_refused_under_war():
    """Rules: Plunder › War"""
    state = _action(port="Port Royal", cards=["Coastland"], marque="England")
    state.wars = [["War is Declared: England", "France"]]
    from_deck(state, "War is Declared: England")
    with pytest.raises(IllegalMove) as error:
        state.apply(Marque("Coastland"))
    assert error.value.rule == "War" and error.value.reason == "You already hold the England Letter of Marque."


def test_the_log_says_which_letter_is_kept():
    """Rules: Plunder › War"""
    state = _action(port="Port Royal", cards=["Havana"], marque="Spain")
    from_deck(state, "War is Declared: England")
    state.wars = [["War is Declared: England", "France"]]
    hand(state, 1 - state.first, [])
    state = play(state, Marque("Havana"), KeepLetter("Spain"))
    assert (f"Captain {state.first + 1} keeps the Spain Letter of Marque; England becomes their enemy (War)."
            in state.log)


def test_every_captain_sees_the_wars_in_play():
    """Rules: Plunder › War

    Given Spain and England at war (the card with the Herald), Then every captain's view lists that war."""
    state, p = _in_port_holding("Port Royal", [])
    from_deck(state, "War is Declared: Spain")
    state.wars = [["War is Declared: Spain", "England"]]
    assert all(state.observation(q)["wars"] == [["War is Declared: Spain", "England"]] for q in range(3))
