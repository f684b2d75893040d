"""Hand-made rule breakages in the King of Pirates rules modules: do the fast tests notice each one?

A tool, not a test (pytest does not collect it).  Run from the checkout::

    .venv/bin/python tests/king_of_pirates/hand_made_mutants.py

It copies the package and these tests to a temporary folder, breaks one rule at a time there (a
``>=`` turned into ``>``, a skill or a check dropped), runs the fast rule tests (not the 1,000-game
test) and prints which breakages survived.  The working tree is never touched.
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

MUTANTS = [
    ("combat_phase.py", "if a_total >= other:", "if a_total > other:"),
    ("combat_phase.py", "winner, loser = (p, d) if a_total >= other else (d, p)", "winner, loser = (p, d) if a_total > other else (d, p)"),
    ("combat_phase.py", 'return c["defender"] is not None or a_total < other', 'return a_total < other'),
    ("combat_phase.py", "return other <= a_total", "return other < a_total"),
    ("combat_phase.py", "stolen = min(total, self.players[loser].doubloons)", "stolen = total"),
    ("combat_phase.py", 'cards += 2 * count_skill(self.players[p], f"+2 Loot from {nation}", self.comp)', 'cards += count_skill(self.players[p], f"+2 Loot from {nation}", self.comp)'),
    ("combat_phase.py", "if cell in self.comp.lairs:\n            return []", "if False:\n            return []"),
    ("combat_phase.py", '+ 3 * bonus.get("ambush", [])', '+ 2 * bonus.get("ambush", [])'),
    ("combat_phase.py", 'del self.ships[c["cell"]]', 'pass'),
    ("movement_phase.py", "return crew_positions(player, self.comp) - len(player.crew) + 1 - drawn", "return crew_positions(player, self.comp) - len(player.crew) - drawn"),
    ("movement_phase.py", "if player.doubloons < self.comp.ship[\"part_cost\"]:", "if player.doubloons <= self.comp.ship[\"part_cost\"]:"),
    ("movement_phase.py", "self._set(p, scurvy=0)\n            FLOW.push(self, Task(\"lair_buy\", p))", "FLOW.push(self, Task(\"lair_buy\", p))"),
    ("movement_phase.py", "if cell == self.dutchman and cell not in self.comp.lairs:", "if cell == self.dutchman:"),
    ("movement_phase.py", "return self.players[p].hand.count(\"Treasure Map\") >= need", "return self.players[p].hand.count(\"Treasure Map\") > need"),
    ("movement_phase.py", "if not captain_changed:", "if True:"),
    ("pirate_skills.py", "return max(1, base - player.scurvy) + 2 * tailwinds", "return max(0, base - player.scurvy) + 2 * tailwinds"),
    ("pirate_skills.py", "return max(1, base - player.scurvy) + 2 * tailwinds", "return max(1, base - player.scurvy + 2 * tailwinds)"),
    ("pirate_skills.py", "- 2 * count_skill(player, \"Count as 2 Treasure Maps\", comp))", "- count_skill(player, \"Count as 2 Treasure Maps\", comp))"),
    ("pirate_skills.py", "return bonus - player.scurvy", "return bonus"),
    ("pirate_skills.py", "out.extend(comp.pirates[p][\"captain\"] for p in player.crew[1:])", "pass"),
    ("upkeep_phase.py", "if lost > player.rum:", "if lost >= player.rum:"),
    ("upkeep_phase.py", "if self.at_lair(task.player):", "if False:"),
    ("important_game_concepts.py", "if cell in self.comp.lairs:\n            return", "if False:\n            return"),
    ("important_game_concepts.py", "nxt = self.comp.centre", "nxt = self.dutchman"),
    ("important_game_concepts.py", "if p == self.current:\n            FLOW.cut(self, \"end_turn\")", "if False:\n            FLOW.cut(self, \"end_turn\")"),
    ("captains_skills.py", 'amount = min(self.comp.rules["steal_limit"], self.players[action.player].doubloons)', 'amount = self.comp.rules["steal_limit"]'),
    ("captains_skills.py", "return comp.rules[\"hand_limit\"] + count_skill(player, \"+1 Black Card per turn\", comp)", "return comp.rules[\"hand_limit\"]"),
    ("action_cards.py", 'if comp.pirates[c]["skill"] != "Immune to Assassination"]', ']'),
    ("action_cards.py", 'elif card == "Citrus Fruits" and self.players[p].scurvy:', 'elif card == "Citrus Fruits":'),
    ("action_cards.py", 'elif card == "Ambush" and combat and combat["defender"] == p:', 'elif card == "Ambush" and combat:'),
    ("the_game_board.py", "if player.doubloons >= self.game.win_doubloons and self.winner is None:", "if player.doubloons > self.game.win_doubloons and self.winner is None:"),
]


def main():
    checkout = pathlib.Path(__file__).resolve().parents[2]
    root = pathlib.Path(tempfile.mkdtemp(prefix="kop-mutants-"))
    for part in ("pirates_lab", "seeds"):
        shutil.copytree(checkout / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(checkout / "pyproject.toml", root)
    shutil.copytree(checkout / "tests" / "king_of_pirates", root / "tests" / "king_of_pirates",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(checkout / "tests" / "conftest.py", root / "tests")
    rules = root / "pirates_lab/king_of_pirates/rules"
    tests = ["tests/king_of_pirates/test_king_of_pirates_engine.py", "tests/king_of_pirates/test_king_of_pirates_rules_as_printed.py",
             "tests/king_of_pirates/test_king_of_pirates_protocol.py"]
    caught, survived = 0, []
    for name, old, new in MUTANTS:
        path = rules / name
        text = path.read_text()
        assert text.count(old) >= 1, (name, old)
        path.write_text(text.replace(old, new, 1))
        try:
            r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests], cwd=root,
                               env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=300)
            ok = r.returncode != 0
        finally:
            path.write_text(text)
        caught += ok
        if not ok:
            survived.append((name, new))
        print("caught " if ok else "SURVIVED", name, new[:70], flush=True)
    print(f"{caught}/{len(MUTANTS)} caught")
    for survivor in survived:
        print("survivor:", survivor)
    shutil.rmtree(root)
    return caught, survived


if __name__ == "__main__":
    main()
