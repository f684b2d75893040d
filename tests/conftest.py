"""Shared test settings.

Hypothesis: no deadlines (a loaded 2-core CI machine is slow, not wrong); on CI the examples are
derandomized so a green run stays green, while local runs keep exploring new examples.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import sys  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _canvas_text_back_to_normal():
    """A test that shows a presenter bar with Large fonts switches the kit-wide canvas text to Large; put it
    back after every test so the next test's drawings start at their own sizes."""
    yield
    canvas = sys.modules.get("pirates_lab.widgets.canvas")
    if canvas is not None:
        text = canvas.CANVAS_TEXT
        defaults = (canvas.large_from_env(), 1.0, float(sys.modules["pirates_lab.widgets.drawing"].LARGE_TEXT_FLOOR))
        if (text.large, text.scale, text.floor) != defaults:
            text.large, text.scale, text.floor = defaults



@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Two workers share the suite (``-n 2`` in pyproject.toml), each test file whole on one worker (its module
    fixtures are built once), except the projector tests: each lesson's (its one walk and every check that reads
    it) are a scope of their own, so the two workers walk lessons side by side and a lesson is never walked on both
    (each worker starts its own Voila server the first time it needs one).
    (pytest-xdist's ``loadgroup`` marks do not take on pytest 9, whose node ids cannot be renamed; a scheduler
    that chooses the scope works on both.)

    Longest first (issue 38): the lesson walks, then the other browser files and the long files
    (:data:`LONG_FILES`), then every other file, most tests first (xdist's own order).  xdist alone ordered by test count only, so a walk (19 tests, minutes) could start
    late and leave one worker walking while the other had finished; with the long scopes first, the many short
    files at the end even the two workers out."""
    from xdist.scheduler import LoadScopeScheduling

    class ByFileAndLesson(LoadScopeScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            path, _, test = nodeid.partition("::")
            if path.endswith("test_browser_projector.py") and "[" in test:
                return f"{path}[{test.split('[', 1)[1]}"       # one lesson's checks share its one inspection
            return path

        def _assign_work_unit(self, node) -> None:
            if not self.ordered:       # the work queue is complete before the first unit is handed out
                self.ordered = True
                order = sorted(self.workqueue, key=lambda scope: scope_rank(scope))   # stable: xdist's order within
                for scope in order:
                    self.workqueue.move_to_end(scope)
            super()._assign_work_unit(node)

    return ByFileAndLesson(config, log)


#: test files that take more than about 15 s of one worker on a quiet machine (measured, docs/testing.md "How long
#: the suite takes"): they start with the browser files, so none of them starts last and runs alone at the end
LONG_FILES = (
    "tests/plunder_2013/test_plunder_2013_protocol.py",
    "tests/test_classroom_server.py",
    "tests/test_core_hidden_leaks.py",
    "tests/plunder/test_plunder_games.py",
    "tests/pirates_and_plunder/test_pirates_and_plunder_game.py",
    "tests/test_share_security.py",
    "tests/test_core_why.py",
    "tests/test_widgets_canvas_text.py",
    "tests/test_jupyterhub.py",
    "tests/test_packaging.py",
)


def scope_rank(scope: str) -> int:
    """0 for a lesson's projector walk, 1 for another browser test file or a long file (:data:`LONG_FILES`), 2 for
    the rest.

    >>> [scope_rank(s) for s in ("tests/browser/test_browser_projector.py[plunder]", "tests/browser/test_browser_lab.py",
    ...                          "tests/test_core_hidden_leaks.py", "tests/test_cli.py")]
    [0, 1, 1, 2]
    """
    if "test_browser_projector.py[" in scope:
        return 0
    return 1 if scope.startswith("tests/browser/") or scope in LONG_FILES else 2
