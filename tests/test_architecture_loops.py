"""One play loop: no hand-written loop plays a game outside ``pirates_lab/core/loop.py`` (issue 35 item 4).

A *play loop* is a ``while`` or ``for`` loop that walks a state on by its moves: its own body (not a loop
or a function nested in it) calls ``T.apply(...)`` (or ``random_playout(T, ...)``) on some ``T``, binds
``T`` again (``T = T.apply(...)``, or through another name), and asks ``T`` something besides: who acts,
its legal actions, its chance outcomes, its phase, or hands ``T`` to a function that picks the move.
Replaying a list of moves given beforehand (``for move in moves: state = state.apply(move)``) asks the state
nothing and is not a play loop; nor is a look-ahead that applies moves to copies without walking on, nor a
check that walks two worlds in step by the same moves to compare them (``check_protocol``'s card swaps).

Every such loop is :func:`pirates_lab.core.play` with ``until=``, ``until_phase=`` or ``decisions=``.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("pirates_lab", "widgets", "benchmarks")
THE_LOOP = Path("pirates_lab/core/loop.py")
WALKERS = ("apply", "apply_action", "_apply_action")
NESTED = (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _own_nodes(loop: ast.For | ast.While):
    """The nodes of a loop's own test and body: not inside a loop, function or class nested in it."""
    todo = [node for node in list(loop.body) + list(loop.orelse) + ([loop.test] if isinstance(loop, ast.While) else [])
            if not isinstance(node, NESTED)]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, NESTED))


def _name(node) -> str | None:
    """``state`` or ``self.state``: the dotted name of a Name or an attribute chain of Names, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def _walked(node) -> tuple[str, ast.AST] | None:
    """``(T, the call's receiver node)`` when ``node`` is ``T.apply(...)`` or ``random_playout(T, ...)``."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in WALKERS and _name(func.value):
        return _name(func.value), func.value
    if getattr(func, "id", getattr(func, "attr", None)) == "random_playout" and node.args and _name(node.args[0]):
        return _name(node.args[0]), node.args[0]
    return None


def _assignments(nodes) -> list[tuple[str, ast.AST]]:
    """``(dotted name bound, the value bound to it)`` for every plain assignment among ``nodes``."""
    pairs = []
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) \
                        and len(target.elts) == len(node.value.elts):
                    pairs += [(_name(t), v) for t, v in zip(target.elts, node.value.elts) if _name(t)]
                elif _name(target):
                    pairs.append((_name(target), node.value))
        elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None and _name(node.target):
            pairs.append((_name(node.target), node.value))
    return pairs


def _walks_on(state: str, assignments) -> bool:
    """Is ``state`` bound again to a move applied to it, directly or through another name?"""
    def walked_from(value) -> bool:
        return any((_walked(node) or ("",))[0] == state for node in ast.walk(value))
    carriers = {name for name, value in assignments if walked_from(value)}
    return state in carriers or any(name == state and _name(value) in carriers for name, value in assignments)


def is_play_loop(loop: ast.For | ast.While) -> bool:
    """Does this loop walk a state on by moves it picks from that state (see the module's words)?"""
    nodes = list(_own_nodes(loop))
    walked, moves = {}, {}
    for node in nodes:
        found = _walked(node)
        if found:
            walked.setdefault(found[0], set()).add(id(found[1]))
            moves.setdefault(found[0], set()).update(ast.unparse(arg) for arg in node.args)
    assignments = _assignments(nodes)
    on = [state for state in walked if _walks_on(state, assignments)]   # the others: look-aheads on copies
    if len(on) > 1 and set.intersection(*(moves[state] for state in on)):
        return False                                    # two worlds walked by the same moves: a comparison
    for state in on:
        receivers = walked[state]
        for node in nodes:
            if isinstance(node, (ast.Name, ast.Attribute)) and id(node) not in receivers \
                    and isinstance(getattr(node, "ctx", None), ast.Load) and _name(node) == state:
                return True                             # the state is asked (or handed to a chooser)
    return False


def play_loops(source: str) -> list[int]:
    """The first lines of the play loops in ``source``."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, (ast.For, ast.While, ast.AsyncFor)) and is_play_loop(node))


def scanned_files():
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.relative_to(ROOT) != THE_LOOP:
                yield path


# ---------------------------------------------------------------- the detector finds the shapes it must
FOUND = {
    "a loop that walks until a condition (a lesson's scenario)": """
def advance(state, rng, until):
    for _ in range(3000):
        if until(state):
            return state
        if state.current_player() == CHANCE:
            state = state.apply(state.chance_outcomes().sample(rng))
            continue
        actions = state.legal_actions()
        state = state.apply(Pass() if Pass() in actions else actions[0])
""",
    "a while over a phase": """
while state.phase.name.startswith("setup"):
    state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                        else rng.choice(state.legal_actions()))
""",
    "a widget's match on an attribute, stopping for the person": """
class Match:
    def advance(self):
        state = self.state
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.chance_outcomes().sample(self.rng))
            elif state.current_player() != self.human:
                state = state.apply(self.pirate(state, self.rng))
            else:
                break
        self.state = state
""",
    "a benchmark's walk by a helper that picks the move": """
for _ in range(move):
    state = state.apply(random_move(state, rng))
""",
    "a walk through another name": """
while state.current == player and not state.is_terminal():
    action = choose(state, rng)
    new = state.apply(action)
    steps.append(new)
    state = new
""",
    "two names walked in a tuple assignment, each by its own move": """
while not a.is_terminal():
    a, b = a.apply(pick(a, rng)), b
""",
    "an attribute walked in place": """
while self.state.current_player() == CHANCE:
    self.state = self.state.apply(self.state.chance_outcomes().sample(rng))
""",
    "a walk inside a loop over games (the inner loop is the play loop)": """
for seed in seeds:
    state = game.new_initial_state()
    for step in range(max_steps):
        if state.current_player() == TERMINAL:
            break
        state = state.apply(rng.choice(state.legal_actions()))
""",
    "a walk by playouts of one step": """
while not state.is_terminal():
    state = random_playout(state, rng, max_steps=1)
""",
}

NOT_FOUND = {
    "a replay of moves given beforehand": """
for index, action in enumerate(actions):
    try:
        state = state.apply(action)
    except IllegalMove as error:
        raise IllegalMove(error.rule, f"move {index + 1} ({action!s})") from None
""",
    "moves built from a list, the state asked nothing": """
for amount in list(state.players[0]["maps"]):
    state = state.apply(Retrieve(amount))
""",
    "a look-ahead on copies (the state is not walked on)": """
for action in candidates:
    after = world.apply(action)
    value = standing(after, player)
""",
    "a look-ahead two moves deep, the second from the first's legal actions": """
for action in candidates:
    after = world.apply(action)
    value = max(standing(after.apply(ship), player) for ship in after.legal_actions())
""",
    "the core's loop on a state set up in the loop": """
for seed in range(games):
    state = Game(players=4).new_initial_state()
    if not override:
        state.__class__ = Other
    finals.append(random_playout(state, seed).to_json())
""",
    "two worlds walked in step by the same moves (a comparison check, not a game played)": """
for step in range(1, depth + 1):
    if real.current_player() == TERMINAL:
        return
    move = common[rng.randrange(len(common))]
    real, swapped = real.apply(move), swapped.apply(move)
""",
    "exact odds over every outcome (a recursion, not a walk)": """
for action, p in choices.items():
    values = expected_scores(state.apply(action), policy)
""",
    "the core's loop used in a loop over games": """
for seed in range(3):
    end = random_playout(game.new_initial_state(), random.Random(seed))
    total += len(end.log)
""",
    "a loop in a function nested in a loop is that function's, not the outer loop's": """
for seed in seeds:
    def replay(moves, state=start):
        for move in moves:
            state = state.apply(move)
        return state
    ends.append(replay(plans[seed]))
""",
}


@pytest.mark.parametrize("shape", sorted(FOUND))
def test_the_detector_finds_every_shape_of_hand_written_play_loop(shape):
    source = FOUND[shape]
    assert len(play_loops(source)) == 1, shape
    inner = play_loops(source)[0]
    assert source.splitlines()[inner - 1].lstrip().startswith(("for", "while"))


@pytest.mark.parametrize("shape", sorted(NOT_FOUND))
def test_the_detector_leaves_replays_look_aheads_and_the_core_loop_alone(shape):
    assert play_loops(NOT_FOUND[shape]) == []


def test_the_detector_reports_the_inner_loop_of_a_walk_inside_a_loop_over_games():
    source = FOUND["a walk inside a loop over games (the inner loop is the play loop)"]
    assert play_loops(source) == [4]


# ---------------------------------------------------------------- and finds none in the project
def test_no_play_loop_outside_the_core_loop():
    found = [f"{path.relative_to(ROOT)}:{line}" for path in scanned_files()
             for line in play_loops(path.read_text(encoding="utf-8"))]
    assert not found, ("hand-written play loops (write them as pirates_lab.core.play(..., until=..., "
                       "until_phase=..., decisions=...)):\n" + "\n".join(found))
