"""plunder: not yet built (no open issue)."""
