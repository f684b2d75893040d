"""pirates_lab: exact odds, rules engines and guided notebooks for five pirate board games."""
__version__ = "0.1.0"
