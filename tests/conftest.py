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
    that chooses the scope works on both.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ByFileAndLesson(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path, _, test = nodeid.partition("::")
            if path.endswith("test_browser_projector.py") and "[" in test:
                return f"{path}[{test.split('[', 1)[1]}"       # one lesson's checks share its one inspection
            return path

    return ByFileAndLesson(config, log)
