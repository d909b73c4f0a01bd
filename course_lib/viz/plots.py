"""Node counts against depth: how much each idea of the course saves, as a picture.

``measure_node_counts`` runs ``course_lib.agents.search.search`` once per depth and
configuration and keeps the node counts; ``plot_node_counts`` draws them on a log scale with
two reference curves: b^d (every node, as minimax visits) and the nodes of Knuth and Moore's
minimal tree (the best case of alpha-beta, the best move first everywhere: at depth d it has
b^ceil(d/2) + b^floor(d/2) - 1 leaves, about 2 b^(d/2); see
``course_lib.agents.stats.minimal_tree_nodes``).

>>> from course_lib.games import TicTacToe
>>> measure_node_counts(TicTacToe(), [1, 2], {"minimax": {"algorithm": "minimax"}})
{'minimax': [10, 82]}
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from ..checks import describe, is_whole
from ..errors import InvalidArgumentError
from ..i18n import _

REFERENCE_FULL_GID = "reference:b^d"
REFERENCE_MINIMAL_GID = "reference:minimal-tree"


def measure_node_counts(state: Any, depths: Sequence[int],
                        configs: dict[str, dict[str, Any]]) -> dict[str, list[int]]:
    """Node counts of ``search(state, depth=d, **configs[label])`` for every label and depth.

    The count is ``stats.nodes``: every node the search entered, root and leaves included (and,
    for ``order='intuition'``, the nodes of the shallow ordering search). A ``table`` in a
    configuration (a TranspositionTable, or True) is replaced by a new, empty table of the same
    size for every search, so one depth's entries never help the next and the counts do not
    depend on the order of the measurements. ``record`` is ignored (recording only costs time).

    Raises ValueError for an empty or invalid list of depths.
    """
    from ..agents.search import search
    from ..agents.transposition import TranspositionTable

    depths = list(depths)
    if not depths or any(isinstance(d, bool) or not isinstance(d, int) or d < 1
                         for d in depths):
        raise InvalidArgumentError(f"depths must be whole numbers >= 1, got {depths!r}")
    counts: dict[str, list[int]] = {}
    for label, config in configs.items():
        options = dict(config)
        options.pop("record", None)
        options.pop("depth", None)
        table = options.pop("table", None)
        row = []
        for depth in depths:
            if table is True:
                options["table"] = TranspositionTable()
            elif table is not None and table is not False:
                options["table"] = TranspositionTable(table.slots)
            row.append(search(state, depth=depth, **options).stats.nodes)
        counts[label] = row
    return counts


def plot_node_counts(depths: Sequence[int], counts_by_label: dict[str, Sequence[float]],
                     branching: float, ax: Any = None, title: str | None = None) -> Any:
    """Plot node counts against depth on a log scale, with two reference curves dashed and
    labelled: b^d, and the nodes of the minimal tree (``minimal_tree_nodes(b, d)``, the
    fewest alpha-beta can visit in a tree with b moves at every node), drawn at the whole
    depths from the first to the last; return the Axes.

    Args:
        depths: the depths searched, e.g. ``[1, 2, 3, 4]``.
        counts_by_label: for each label (``'minimax'``, ``'alpha-beta, static order'`` ...)
            the node counts at those depths.
        branching: the branching factor b of the reference curves (for ATAXX's start about
            16; an average over the tree is fairer deeper down).
        ax: the Axes to draw on; None makes a new figure.
        title: an optional title.
    """
    if not isinstance(depths, (list, tuple, range)) or not all(
            is_whole(d) and d >= 0 for d in depths):
        raise InvalidArgumentError(f"depths is a list of whole numbers >= 0, got "
                                   f"{describe(depths)}")
    depths = list(depths)
    if not depths:
        raise InvalidArgumentError("no depths to plot")
    if isinstance(branching, bool) or not isinstance(branching, (int, float)) or not (
            1 < branching < math.inf):
        raise InvalidArgumentError(f"the branching factor must be a number > 1, got "
                                   f"{describe(branching)}")
    if not isinstance(counts_by_label, dict):
        raise InvalidArgumentError(f"counts_by_label maps each label to its node counts, got "
                                   f"{describe(counts_by_label)}")
    for label, counts in counts_by_label.items():
        if not isinstance(counts, (list, tuple)) or not all(
                isinstance(c, (int, float)) and not isinstance(c, bool) for c in counts):
            raise InvalidArgumentError(f"{label!r}: the node counts are a list of numbers, "
                                       f"got {describe(counts)}")
        if len(counts) != len(depths):
            raise InvalidArgumentError(f"{label!r} has {len(counts)} counts for {len(depths)} "
                                       f"depths")
        if any(c <= 0 for c in counts):
            raise InvalidArgumentError(f"{label!r}: node counts must be positive for a log scale")
    if ax is None:
        import matplotlib.pyplot as plt

        ax = plt.subplots(figsize=(6.4, 4.2), layout="constrained")[1]

    markers = "osD^vP*X"
    for i, (label, counts) in enumerate(counts_by_label.items()):
        ax.plot(depths, list(counts), marker=markers[i % len(markers)], linewidth=1.8,
                label=label, gid=f"counts:{label}", zorder=3)

    # The reference curves, dashed, over the whole range of depths (also between them).
    low, high = min(depths), max(depths)
    steps = 50
    xs = [low + (high - low) * k / steps for k in range(steps + 1)] if high > low else [low]
    b = f"{branching:g}"
    ax.plot(xs, [branching ** x for x in xs], linestyle="--", color="#555555", linewidth=1.2,
            label=_("$b^{{d}}$ (every node), b = {b}").format(b=b), gid=REFERENCE_FULL_GID,
            zorder=2)
    from ..agents.stats import minimal_tree_nodes

    whole = list(range(math.ceil(low), math.floor(high) + 1))
    ax.plot(whole, [minimal_tree_nodes(branching, d) for d in whole], linestyle="--",
            marker=".", color="#999999", linewidth=1.2,
            label=_("minimal tree (alpha-beta, perfect order), b = {b}").format(b=b),
            gid=REFERENCE_MINIMAL_GID, zorder=2)

    ax.set_yscale("log")
    ax.set_xticks(sorted(set(depths)))
    ax.set_xlabel(_("depth d (plies)"))
    ax.set_ylabel(_("nodes visited (log scale)"))
    ax.grid(True, which="major", linewidth=0.5, alpha=0.5)
    ax.legend(fontsize=8, loc="upper left")
    if title:
        ax.set_title(title)
    return ax


# --- Lighter pictures in a notebook -------------------------------------------------------------


def compact_png(figure: Any, colors: int = 256) -> bytes | None:
    """The figure as a PNG with a palette of at most ``colors`` colours, cropped to what is
    drawn, as the notebook shows it: several times smaller than a full-colour PNG, and for
    line drawings and plots the same to the eye. None for a figure with nothing drawn.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.plot([1, 2, 3])
    >>> compact_png(fig)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    import io

    from PIL import Image

    if isinstance(colors, bool) or not isinstance(colors, int) or not 2 <= colors <= 256:
        raise InvalidArgumentError(f"colors must be a whole number from 2 to 256, got {colors!r}")
    if not figure.axes and not figure.images and not figure.texts:
        return None
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=figure.dpi, bbox_inches="tight",
                   facecolor=figure.get_facecolor(), edgecolor=figure.get_edgecolor())
    image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGBA")
    palette = image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return out.getvalue()


def use_compact_figures(colors: int = 256, shell: Any = None) -> bool:
    """From now on, show figures in this notebook as ``compact_png`` pictures (``plt.show()``
    and a figure as a cell's value both go through it), so that a notebook with many pictures
    stays small. Returns True when it was set up, False outside IPython (then it does nothing).
    ``shell`` is the IPython shell (default: the running one); call this after
    ``import matplotlib.pyplot``.
    """
    from functools import partial

    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    compact_png(_tiny_figure(), colors)                     # checks colors before anything
    plt.close(plt.figure())     # the notebook's backend registers its own formatters first
    shell.display_formatter.formatters["image/png"].for_type(Figure,
                                                            partial(compact_png, colors=colors))
    return True


def _tiny_figure() -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(0.5, 0.5))
    figure.add_subplot()
    return figure
