"""Shared test settings.

Hypothesis: no deadlines (a loaded 2-core CI machine is slow, not wrong); on CI the examples are
derandomized so a green run stays green, while local runs keep exploring new examples.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")
