"""Every package under pirates_lab/ (subpackages found by themselves) plus the widgets and seeds folders.

The rest of the metadata is in pyproject.toml.
"""
from setuptools import find_packages, setup

setup(packages=find_packages(include=["pirates_lab", "pirates_lab.*"]) + ["pirates_lab.widgets", "pirates_lab.seeds"])
