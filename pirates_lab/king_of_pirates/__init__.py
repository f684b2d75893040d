"""king_of_pirates: work in progress."""
