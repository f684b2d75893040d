"""Where a game package writes a rulebook heading as a string literal (issue 35 item 5: one constant per heading).

Shared by the games' heading tests (tests/<game>/test_<game>_headings.py): a heading is defined once, in the
package's headings.py, and imported everywhere else.
"""
from __future__ import annotations

import ast
from pathlib import Path


def heading_literals(package: Path, titles: set[str]) -> dict[str, list[str]]:
    """Where each heading is written as a string literal (docstrings aside) or passed to ``cite``: "file:line"."""
    found: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if node.value in titles:
                    found.setdefault(node.value, []).append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "cite" and path.name != "headings.py":
                found.setdefault("cite(...)", []).append(f"{path.name}:{node.lineno}")
    return found
