"""The engine's shape (issue 35 item 5): one constant per rulebook heading, the core's phase API, the core's
clone, phase-table columns that are functions."""
import ast
from pathlib import Path

import pirates_lab.king_of_pirates as package
from pirates_lab.core import FlowState, rulebook
from pirates_lab.king_of_pirates import headings
from pirates_lab.king_of_pirates.game import FLOW, Game, State

ROOT = Path(package.__file__).resolve().parent
HEADINGS = set(rulebook("king_of_pirates").headings)


def heading_literals():
    """(module, line, heading) for every string literal in the package that is a rulebook heading."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in HEADINGS:
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, node.value))
    return found


def test_each_rulebook_heading_is_spelled_out_once_in_the_package_in_headings_py():
    literals = heading_literals()
    assert {module for module, _, _ in literals} == {"headings.py"}, [x for x in literals if x[0] != "headings.py"]
    spelled = [heading for _, _, heading in literals]
    assert len(spelled) == len(set(spelled))                    # once each
    constants = {name: value for name, value in vars(headings).items() if name.startswith("RULE_")}
    assert len(constants) == len(set(constants.values())) == len(spelled)


def test_the_phase_is_the_cores_stage_with_no_phase_of_our_own():
    assert "phase" not in vars(State) and State.phase is FlowState.phase
    start = Game(players=2).new_initial_state()
    assert start.phase == "setup_draw" and start.phase.rule == headings.RULE_SETUP


def test_the_state_is_copied_by_the_cores_clone():
    assert "clone" not in vars(State)


def test_the_phase_tables_columns_are_functions_of_the_chapter_modules_never_method_names():
    columns = ("actions", "auto", "odds", "apply", "legal", "why")
    for phase in FLOW.phases.values():
        for column in columns:
            value = getattr(phase, column)
            assert value is None or callable(value), (phase.name, column, value)
    named = {getattr(phase, column).__module__ for phase in FLOW.phases.values() for column in columns
             if getattr(phase, column) is not None}
    assert all(module.startswith("pirates_lab.king_of_pirates.rules.") for module in named), named


def test_the_state_is_one_class_on_the_core_with_no_chapter_mixins():
    assert State.__bases__ == (FlowState,)
    chapters = ROOT / "rules"
    for path in chapters.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
        assert path.name in ("task_data.py", "agenda.py") or not classes, (path.name, classes)
