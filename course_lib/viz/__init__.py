"""Pictures and a playable board: ``board_svg`` / ``show_board`` draw a position as SVG, and
``PlayBoard`` is a JupyterLab widget to play ATAXX, Othello, Gomoku or tic-tac-toe against any
agent (``PlayBoard(agent)`` plays ATAXX, ``PlayBoard(agent, game="othello")`` Othello).

The SVG part needs nothing beyond the standard library; ``PlayBoard`` needs ipywidgets, which
is imported only when ``PlayBoard`` is first used, so ``import course_lib.viz`` stays light.

>>> from course_lib.ataxx import State
>>> show_board(State.start())
<BoardPicture of 'x5o/7/7/7/7/7/o5x x 0 1'>
"""

from __future__ import annotations

from typing import Any

from .board import BoardPicture, board_svg, show_board

__all__ = ["BoardPicture", "PlayBoard", "SearchStepper", "board_svg", "draw_alphabeta",
           "draw_tree", "measure_node_counts", "node_names", "plot_elo_table",
           "plot_expected_games", "plot_llr", "plot_node_counts",
           "plot_operating_characteristic", "show_board", "subtree", "tidy_layout",
           # MCTS pictures and the growth viewer
           "MCTSGrowth", "MCTSGrowthViewer", "draw_mcts_tree", "mcts_tree_graph",
           "plot_ucb_terms", "plot_visit_shares",
           # a live sequential test between two agents
           "LiveSprt"]

# Loaded on first use, so that ``import course_lib.viz`` imports neither matplotlib nor
# ipywidgets: name -> submodule.
_LAZY = {
    "PlayBoard": "widget",
    "SearchStepper": "search_widget",
    "draw_alphabeta": "trees",
    "draw_tree": "trees",
    "node_names": "trees",
    "subtree": "trees",
    "tidy_layout": "trees",
    "measure_node_counts": "plots",
    "plot_node_counts": "plots",
    "plot_llr": "strength_plots",
    "plot_operating_characteristic": "strength_plots",
    "plot_expected_games": "strength_plots",
    "plot_elo_table": "strength_plots",
    "MCTSGrowth": "mcts_plots",
    "draw_mcts_tree": "mcts_plots",
    "mcts_tree_graph": "mcts_plots",
    "plot_ucb_terms": "mcts_plots",
    "plot_visit_shares": "mcts_plots",
    "MCTSGrowthViewer": "mcts_widget",
    "LiveSprt": "sprt_widget",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:                              # imports matplotlib or ipywidgets: on use
        from importlib import import_module
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
