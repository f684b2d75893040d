"""pirates_lab.lab: the strategy lab (policies and tournaments over every registered game).

Not built yet: see the open issue "Strategy lab".
"""
