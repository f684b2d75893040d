"""pillage_and_plunder: work in progress."""
