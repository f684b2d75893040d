"""The ``pirates-lab`` command (being built: see the classroom-mode issue)."""
import sys


def main(argv=None) -> int:
    print("pirates-lab: not built yet", file=sys.stderr)
    return 2
