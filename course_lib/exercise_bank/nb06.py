"""The exercises of notebook 06, Monte Carlo tree search, registered with
``course_lib.exercises``.

Each right answer is computed here by the library's MCTS when a check runs. The counts, the
positions, the budgets and the seeds are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

from ..agents.mcts import MCTSAgent, final_choice, ucb
from ..exercises import register
from ..games import TicTacToe
from .compare import whole_number as _whole_number
from .compare import within

UCB_COUNTS = {"parent_visits": 50, "wins": 12, "visits": 20, "c": 1.4}
"""06-ucb-value: the UCB value of a child with these counts."""

SELECT = {"position": "X.O/.../...", "iterations": 40, "seed": 1, "c": 1.4}
"""06-selected-child: which child does the next iteration's selection phase take?"""

LCB = {"position": "O../.X./..X", "iterations": 80, "seed": 4, "c": 1.4}
"""06-lcb-move: which move does the final rule 'lcb' play?"""

VISITS = {"position": ".../.../...", "iterations": 1000, "seed": 7, "path": (4, 0)}
"""06-visits-after: how many visits does the node reached by the moves of ``path`` (X on 4,
then O on 0) have after the search?"""


def searched(setup: dict[str, Any]) -> MCTSAgent:
    """A readable MCTSAgent after searching ``setup``'s position with its budget and seed."""
    agent = MCTSAgent(iterations=setup["iterations"], seed=setup["seed"],
                      c=setup.get("c", 1.4))
    agent.search(TicTacToe.from_string(setup["position"]))
    return agent


def _ucb_value() -> float:
    child = SimpleNamespace(wins=UCB_COUNTS["wins"], visits=UCB_COUNTS["visits"])
    return ucb(child, math.log(UCB_COUNTS["parent_visits"]), UCB_COUNTS["c"])


def _selected_child() -> int:
    """The move of the child that selection takes next; the tree is chosen so that every move
    has been tried (so selection, not expansion, comes next), and so that the answer is neither
    the most visited child nor the one with the highest win rate."""
    agent = searched(SELECT)
    root = agent.root
    if root.untried:
        raise RuntimeError("06-selected-child: the root still has untried moves")
    return agent.best_child(root).move


def _lcb_move() -> int:
    agent = searched(LCB)
    return final_choice(agent.root, "lcb", LCB["c"]).move


def _visits_after() -> int:
    node = searched(VISITS).root
    for move in VISITS["path"]:
        node = next(child for child in node.children if child.move == move)
    return node.visits


register(
    "06-ucb-value", _ucb_value,
    mistake=0.6 + 1.4 * math.sqrt(2 * math.log10(50) / 20),  # log10 instead of ln
    hint="UCB = Q/N + c * sqrt(2 * ln N(v) / N): here Q/N = 12/20 = 0.6, and the exploration "
         "term is 1.4 * sqrt(2 * ln(50) / 20). ln is the natural logarithm (math.log, not "
         "math.log10), of the parent's visits, and the 2 is inside the square root. "
         "Answer with a number such as 1.234.",
    compare=within(1e-3))

register(
    "06-selected-child", _selected_child,
    mistake=8,  # the most visited child
    hint="every move has been tried, so the next iteration selects: compute UCB = Q/N + "
         "1.4 * sqrt(2 * ln 40 / N) for each child and take the largest (the first in move "
         "order if two are equal). It is neither the most visited child nor the one with the "
         "highest win rate: the exploration term is largest where N is small. "
         "children_table(agent_2) marks it; agent_2.best_child(agent_2.root).move gives it. "
         "Answer with the square's number, 0 to 8.",
    compare=_whole_number)

register(
    "06-lcb-move", _lcb_move,
    mistake=6,  # the best win rate
    hint="the lower confidence bound subtracts the exploration term instead of adding it: "
         "LCB = Q/N - 1.4 * sqrt(2 * ln 80 / N), with 80 the root's visits. The rule plays the "
         "child with the largest LCB, which rewards a good win rate backed by many visits. "
         "final_choice(agent_3.root, 'lcb').move gives it. Answer with the square's number, "
         "0 to 8.",
    compare=_whole_number)

register(
    "06-visits-after", _visits_after,
    mistake=171,  # the centre's own visits
    hint="go down two levels: among agent_4.root.children find the child whose .move is 4 "
         "(X in the centre), then among that node's .children the one whose .move is 0 (O in "
         "the top left corner); its .visits is the answer. Not the centre's own visits, and not "
         "the other order (O's move is below X's). The same seed gives the same tree on every "
         "run.",
    compare=_whole_number)
