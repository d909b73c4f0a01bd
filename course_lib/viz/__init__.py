"""Pictures and a playable board: ``board_svg`` / ``show_board`` draw a position as SVG, and
``PlayBoard`` is a JupyterLab widget to play ATAXX against any agent.

The SVG part needs nothing beyond the standard library; ``PlayBoard`` needs ipywidgets, which
is imported only when ``PlayBoard`` is first used, so ``import course_lib.viz`` stays light.

>>> from course_lib.ataxx import State
>>> show_board(State.start())
<BoardPicture of 'x5o/7/7/7/7/7/o5x x 0 1'>
"""

from __future__ import annotations

from typing import Any

from .board import BoardPicture, board_svg, show_board

__all__ = ["BoardPicture", "PlayBoard", "board_svg", "show_board"]


def __getattr__(name: str) -> Any:
    if name == "PlayBoard":                        # imports ipywidgets: only when asked for
        from .widget import PlayBoard
        return PlayBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
