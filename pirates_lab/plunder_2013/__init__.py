"""plunder_2013: work in progress."""
