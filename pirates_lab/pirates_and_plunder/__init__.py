"""pirates_and_plunder: not yet built (no open issue)."""
