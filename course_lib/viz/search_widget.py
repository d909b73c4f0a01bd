"""SearchStepper: step through a recorded search one event at a time, in JupyterLab.

A search recorded with ``record=True`` keeps a list of events (see
``course_lib.agents.stats``): it *enters* a node (with its window [alpha, beta]), scores a
*leaf*, *cuts* the remaining children of a node, *leaves* a node with its value. The stepper
shows one event at a time, in words and as the alpha-beta diagram at that moment: nodes not
reached yet are faded, the current node has a yellow halo, open nodes show their current window
(their window on entry narrowed by the children done so far) and their best value so far.

It is a plain ipywidgets 8 widget without JavaScript of its own: Previous / Next / Reset
buttons, a slider over the event index, and under them a line of text and the picture (an SVG
drawn by matplotlib, never wider than the notebook). The line and the picture are one HTML
widget, so that they change together: the text never speaks of an event the picture does not
show yet. Everything the controls do is also a method, so it works without a browser.

>>> from course_lib.agents.search import search
>>> from course_lib.games import GameTree, TEXTBOOK_TREE
>>> stepper = SearchStepper(search(GameTree(TEXTBOOK_TREE), "alphabeta", depth=3, record=True))
>>> stepper.description
'enter root with window [-∞, ∞]'
>>> stepper.step(12); stepper.description
'cut at node 1 (alpha cut): skip 1.1, 1.2'
>>> stepper.next(); stepper.index, stepper.description
(13, 'node 1 = 2')
"""

from __future__ import annotations

import io
from html import escape
from typing import Any

import ipywidgets as widgets

from ..errors import CourseError, InvalidArgumentError
from .board import fitted_svg, with_static_view
from .trees import (DEFAULT_MAX_NODES, draw_moment, figure_size, format_value, format_window,
                    has_windows, node_names, tree_of)


def describe_event(event: dict, names: dict[Any, str], windows: bool = True) -> str:
    """One recorded event in words, with the node names of ``node_names``:

    - ``enter node 1.0 with window [3, ∞]`` (``enter node 1.0`` when no window is recorded),
    - ``leaf 1.0 = 2``,
    - ``cut at node 1 (alpha cut): skip 1.1, 1.2``,
    - ``node 1 = 2``; the root is called ``root``.

    ``windows=False`` leaves the windows out (minimax records [-∞, ∞] at the root only).
    """
    kind, node = event["event"], event["node"]
    name = names[node]
    who = "root" if name == "root" else f"node {name}"
    if kind == "enter":
        window = format_window(event.get("alpha"), event.get("beta")) if windows else ""
        return f"enter {who} with window {window}" if window else f"enter {who}"
    if kind == "leaf":
        return f"leaf {name} = {format_value(event.get('value'))}"
    if kind == "leave":
        return f"{who} = {format_value(event.get('value'))}"
    if kind == "cut":
        skipped = ", ".join(names[n] for n in event.get("skipped", ()))
        return f"cut at {who} ({event.get('cut_by')} cut): skip {skipped}"
    raise InvalidArgumentError(f"unknown search event {kind!r}")


class SearchStepper(widgets.VBox):
    """Step through a recorded search, one event at a time.

    Args:
        result: a SearchResult from ``search(..., record=True)``.
        labels: what to write on the edges: ``'move'``, ``'name'`` (node names) or None.
        max_nodes: refuse (ValueError) a tree bigger than this; a stepper over thousands of
            nodes teaches nothing.

    Attributes:
        index: the current event's index, 0 .. len(events) - 1 (also ``slider.value``).
        description: the current event in words (see ``describe_event``).
        descriptions: every event in words.
        events, tree, names: the recorded events, the tree and the node names.
        figure: the matplotlib Figure last drawn (the current picture's, unless ``svg`` drew
            another event since).
        slider, previous_button, next_button, reset_button: the controls.
        picture: the HTML widget under the controls: the current event's line of text, then
            its picture (one widget, so that both change at once); ``text`` is another name for
            it.
    """

    def __init__(self, result: Any, *, labels: str | None = "move",
                 max_nodes: int | None = DEFAULT_MAX_NODES) -> None:
        super().__init__()
        from matplotlib.figure import Figure

        self.tree = tree_of(result)
        events = getattr(result, "events", None)
        if not events:
            raise InvalidArgumentError("this search result has no events: run the search with "
                                       "record=True")
        if max_nodes is not None and self.tree.number_of_nodes() > max_nodes:
            raise InvalidArgumentError(
                f"this search recorded {self.tree.number_of_nodes():,} nodes, more than "
                f"max_nodes={max_nodes}: step through a smaller search (a lower depth or a "
                "smaller game), or pass a larger max_nodes.")
        self.result = result
        self.events: list[dict] = list(events)
        self.names = node_names(self.tree)
        windows = has_windows(self.events)
        self.descriptions = [describe_event(e, self.names, windows) for e in self.events]
        self.labels = labels
        self.max_nodes = max_nodes
        self.figure = Figure(figsize=figure_size(self.tree), layout="constrained")
        self._drawn: tuple[int, str] | None = None      # (event, SVG) last drawn on figure

        last = len(self.events) - 1
        self.reset_button = widgets.Button(description="Reset", icon="fast-backward",
                                           tooltip="back to the first event")
        self.previous_button = widgets.Button(description="Previous", icon="step-backward",
                                              tooltip="one event back")
        self.next_button = widgets.Button(description="Next", icon="step-forward",
                                          tooltip="one event on")
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description="event",
                                        continuous_update=False,
                                        layout=widgets.Layout(width="320px"))
        self.picture = widgets.HTML(layout=widgets.Layout(width="100%", margin="0"))
        self.picture.add_class("course-stepper-picture")
        self.reset_button.on_click(lambda _: self.reset())
        self.previous_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.slider.observe(self._on_slider, names="value")
        self.children = [
            widgets.HBox([self.reset_button, self.previous_button, self.next_button,
                          self.slider]),
            self.picture]
        self._show()

    @property
    def text(self) -> widgets.HTML:
        """The widget holding the current event's line of text: the same as ``picture``."""
        return self.picture

    # -- what the controls do ---------------------------------------------------------------

    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def description(self) -> str:
        return self.descriptions[self.index]

    def step(self, n: int) -> None:
        """Show event ``n`` (clamped to the first and last event)."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidArgumentError(f"the event index must be a whole number, got {n!r}")
        n = max(0, min(len(self.events) - 1, n))
        if n == self.slider.value:
            self._show()
        else:
            self.slider.value = n               # the observer redraws

    def next(self) -> None:
        """One event on (stays on the last)."""
        self.step(self.index + 1)

    def previous(self) -> None:
        """One event back (stays on the first)."""
        self.step(self.index - 1)

    def reset(self) -> None:
        """Back to the first event."""
        self.step(0)

    # -- drawing ------------------------------------------------------------------------------

    def _on_slider(self, change: dict) -> None:
        self._show()

    def line(self, index: int) -> str:
        """Event ``index`` in one line, as the widget writes it above the picture:
        ``Event 13 / 25: node 1 = 2``."""
        return f"Event {index} / {len(self.events) - 1}: {self.descriptions[index]}"

    def _show(self) -> None:
        index, last = self.index, len(self.events) - 1
        svg = self.svg(index)                   # drawn first: then text and picture go together
        self.previous_button.disabled = self.reset_button.disabled = index == 0
        self.next_button.disabled = index == last
        self.picture.value = (
            f'<div class="course-stepper-view" data-event="{index}">'
            f'<div class="course-stepper-text"><b>Event {index} / {last}</b>: '
            f"{escape(self.description)}</div>{fitted_svg(svg)}</div>")

    def svg(self, index: int) -> str:
        """The picture of event ``index``, as SVG text (what the widget shows at that event);
        it is drawn on ``figure``."""
        import matplotlib

        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.events)):
            raise CourseError(f"there is no event {index!r}: the events go from 0 to "
                             f"{len(self.events) - 1}")
        if self._drawn is not None and self._drawn[0] == index:
            return self._drawn[1]               # the last picture drawn is kept
        figure = self.figure
        figure.clear()
        ax = figure.add_subplot()
        draw_moment(self.result, self.events, index, ax=ax, labels=self.labels,
                    max_nodes=self.max_nodes)
        buffer = io.StringIO()
        with matplotlib.rc_context({"svg.hashsalt": "course_lib", "svg.fonttype": "none"}):
            figure.savefig(buffer, format="svg", metadata={"Date": None})
        svg = buffer.getvalue()
        svg = svg[svg.index("<svg"):]
        self._drawn = (index, svg)
        return svg

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """The live stepper where widgets are drawn; elsewhere (a notebook opened before it
        runs, an HTML export) a sentence saying what appears here and the current picture."""
        sentence = (f"A stepper through this search's {len(self.events)} events appears here "
                    "when this cell runs: Previous / Next buttons and a slider, then each event "
                    "in words and the tree at that moment. "
                    f"Shown: {self.line(self.index)}.")
        return with_static_view(super()._repr_mimebundle_(**kwargs), sentence,
                                self.svg(self.index), alt=self.line(self.index))

    def __repr__(self) -> str:
        return f"<SearchStepper: event {self.index} / {len(self.events) - 1}: {self.description}>"
