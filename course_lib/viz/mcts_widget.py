"""MCTSGrowthViewer: watch an MCTS tree grow, one checkpoint at a time, in JupyterLab.

The viewer shows an ``MCTSGrowth`` (``course_lib.viz.mcts_plots``): the same seeded search
stopped after 1, 2, 5, 10, ... iterations. A slider (and a play button) runs over the
checkpoints; under it a line of text says what the tree looks like and the picture is
``draw_mcts_tree`` of that tree, an SVG drawn by matplotlib. The line and the picture are one
HTML widget, so that they change together. Each tree is drawn at its own size (a small tree
small), never wider than the notebook; every picture is drawn once and kept. It is a plain
ipywidgets 8 widget without JavaScript of its own, and everything the controls do is also a
method, so it works without a browser.

>>> from course_lib.games import TicTacToe
>>> viewer = MCTSGrowthViewer(TicTacToe(), checkpoints=[1, 10, 100], seed=1)
>>> viewer.current_iterations
1
>>> viewer.show(2); viewer.current_iterations, viewer.slider.value
(100, 2)
"""

from __future__ import annotations

import io
from html import escape
from typing import Any, Sequence

import ipywidgets as widgets

from ..errors import CourseError, InvalidArgumentError
from ..i18n import _
from .board import fitted_svg, with_static_view
from .mcts_plots import DEFAULT_CHECKPOINTS, MCTSGrowth, tree_figure_size

DEFAULT_VIEW_NODES = 60


class MCTSGrowthViewer(widgets.VBox):
    """A slider over the checkpoints of an MCTS search; the tree redrawn at each.

    Args:
        growth_or_state: an ``MCTSGrowth``, or a position to search (then ``checkpoints``,
            ``tier`` and the MCTS ``options`` (``seed``, ``c`` ...) make the ``MCTSGrowth``).
        checkpoints: the iteration counts to stop at (with a position only).
        max_nodes: draw the ``max_nodes`` most visited nodes of each tree.
        label_depth: write the moves on the edges down to this depth.
        tier: 'auto' (the fast tier for ATAXX), 'reference' or 'fast' (with a position only).

    Attributes:
        index: the checkpoint shown, 0 .. len(checkpoints) - 1 (also ``slider.value``).
        current_iterations: the iterations of the tree shown (``growth.checkpoints[index]``).
        current_root: the tree shown (its root node).
        description: the tree shown, in words.
        growth: the MCTSGrowth; ``figure``: the matplotlib Figure last drawn on.
        slider, play: the controls (the play button moves the slider).
        picture: the HTML widget under the controls: the line of text, then the tree (one
            widget, so that both change at once); ``text`` is another name for it.
    """

    def __init__(self, growth_or_state: Any, checkpoints: Sequence[int] = DEFAULT_CHECKPOINTS,
                 *, max_nodes: int | None = DEFAULT_VIEW_NODES, label_depth: int = 2,
                 tier: str = "auto", **options: Any) -> None:
        super().__init__()
        from matplotlib.figure import Figure

        if isinstance(growth_or_state, MCTSGrowth):
            if options:
                raise InvalidArgumentError("the MCTS options go with a position; this "
                                           "MCTSGrowth has its trees already")
            growth = growth_or_state
        else:
            growth = MCTSGrowth(growth_or_state, checkpoints, tier=tier, **options)
        self.growth = growth
        self.max_nodes = max_nodes
        self.label_depth = label_depth
        # Each tree at its own size (tree_figure_size): a small tree is drawn small.
        self.figure = Figure(layout="constrained")
        self._svgs: dict[int, str] = {}

        last = len(growth) - 1
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1,
                                        description=_("checkpoint"), readout=False,
                                        continuous_update=False,
                                        layout=widgets.Layout(width="320px"))
        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=900,
                                 description=_("play"), tooltip=_("grow the tree"))
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.picture = widgets.HTML(layout=widgets.Layout(width="100%", margin="0"))
        self.picture.add_class("course-mcts-picture")
        self.slider.observe(self._on_slider, names="value")
        self.children = [widgets.HBox([self.play, self.slider]), self.picture]
        self._show()

    @property
    def text(self) -> widgets.HTML:
        """The widget holding the line of text: the same as ``picture``."""
        return self.picture

    # -- what the controls do ---------------------------------------------------------------

    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def current_iterations(self) -> int:
        return self.growth.checkpoints[self.index]

    @property
    def current_root(self) -> Any:
        return self.growth.roots[self.index]

    @property
    def description(self) -> str:
        return self.growth.describe(self.index)

    def show(self, k: int) -> None:
        """Show checkpoint ``k`` (an index into the checkpoints, clamped to the first and
        last)."""
        if isinstance(k, bool) or not isinstance(k, int):
            raise InvalidArgumentError(f"the checkpoint index must be a whole number, got {k!r}")
        k = max(0, min(len(self.growth) - 1, k))
        if k == self.slider.value:
            self._show()
        else:
            self.slider.value = k                   # the observer redraws

    def show_iterations(self, iterations: int) -> None:
        """Show the checkpoint of exactly this many iterations."""
        if iterations not in self.growth.checkpoints:
            raise InvalidArgumentError(f"no checkpoint at {iterations!r} iterations; the "
                                       f"checkpoints are {self.growth.checkpoints}")
        self.show(self.growth.checkpoints.index(iterations))

    # -- drawing ------------------------------------------------------------------------------

    def _on_slider(self, change: dict) -> None:
        self._show()

    def _show(self) -> None:
        index = self.index
        svg = self.svg(index)                   # drawn first: then text and picture go together
        self.picture.value = (
            f'<div class="course-mcts-view" data-checkpoint="{index}">'
            f'<div class="course-mcts-text">{escape(self.description)}</div>'
            f"{fitted_svg(svg)}</div>")

    def svg(self, index: int) -> str:
        """The picture of checkpoint ``index`` as SVG text (what the widget shows there),
        drawn once and kept."""
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.growth)):
            raise CourseError(f"there is no checkpoint {index!r}: the checkpoints go from 0 "
                              f"to {len(self.growth) - 1}")
        if index not in self._svgs:
            self._svgs[index] = self._draw(index)
        return self._svgs[index]

    def _draw(self, index: int) -> str:
        import matplotlib

        figure = self.figure
        figure.clear()
        figure.set_size_inches(tree_figure_size(self.growth.graph(index, self.max_nodes)))
        ax = figure.add_subplot()
        self.growth.draw(index, ax=ax, max_nodes=self.max_nodes, label_depth=self.label_depth)
        buffer = io.StringIO()
        with matplotlib.rc_context({"svg.hashsalt": "course_lib", "svg.fonttype": "none"}):
            figure.savefig(buffer, format="svg", metadata={"Date": None})
        svg = buffer.getvalue()
        return svg[svg.index("<svg"):]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """The live viewer where widgets are drawn; elsewhere (a notebook opened before it
        runs, an HTML export) a sentence saying what appears here and the current tree."""
        first, last = self.growth.checkpoints[0], self.growth.checkpoints[-1]
        sentence = _("A viewer of this MCTS tree growing, from {first:,} to {last:,} "
                     "iterations in {count} checkpoints, appears here when this cell runs: a "
                     "slider and a play button, then the tree at each checkpoint. Shown: "
                     "{shown}.").format(first=first, last=last, count=len(self.growth),
                                        shown=self.description)
        return with_static_view(super()._repr_mimebundle_(**kwargs), sentence,
                                self.svg(self.index), alt=self.description)

    def __repr__(self) -> str:
        return f"<MCTSGrowthViewer: {self.description}>"

