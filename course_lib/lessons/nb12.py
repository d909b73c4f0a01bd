"""Notebook 12, learning to evaluate: its helpers and its exercises.

Helpers: the n-tuple network's windows and symmetry
classes drawn, a position scored both ways and in its 8 images, how well a position predicts
the result as a game goes on, what a lone stone adds to the score on each square, the patterns
the network likes most and least, the engine with each evaluation at a fixed depth, the stored
SPRTs read in words, and the cost of an MCTS iteration with playouts, values and priors.

Squares are numbered as in the bitboards, ``row * 7 + column`` from the top left (0 is a7,
48 is g1); a pattern's digits are 0 empty, 1 the side to move's stone, 2 the opponent's.

>>> square_name(0), square_name(48)
('a7', 'g1')
>>> len(class_windows(0)), len(class_windows(6))      # the 3x3 corners, the 2x2 corners
(4, 4)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..ataxx import State
from ..ataxx.fast import to_fast
from ..ataxx.rules import FIRST, MAX_TURNS
from ..checks import MAX_HASH_MB, choice, describe, whole
from ..errors import InvalidArgumentError
from ..learn import ntuple
from ..learn.ntuple import (CLASSES, SYMMETRIES, SYMMETRY_NAMES, LearnedWeights, evaluate_readable,
                     learned_eval, load_weights, symmetric_image)
from ..exercises import Wrong, register
from ..i18n import N_, _
from ..match.referee import FAULTS
from ..strength import SCALE_UNITS
from .compare import number, number_within, within

__all__ = ["square_name", "square_index", "map_square", "windows_holding", "mover_boards",
           "scores_both_ways", "image_scores", "class_windows", "class_name",
           "draw_window_classes", "PlyBucket", "by_ply", "game_lengths", "loss_table",
           "draw_training_curves", "lone_stone", "draw_lone_stone", "corner_patterns",
           "draw_patterns", "search_with", "learned_record", "record_text", "sprt_text",
           "MCTS_LADDER", "mcts_records", "IterationCost", "iteration_costs", "NETWORK_LADDER",
           "NETWORK_DATA", "NETWORK_RUNGS", "network_records", "data_runs",
           "network_summary", "draw_network_curve", "ladder_networks", "ladder_policies",
           "record_networks",
           "network_scores_both_ways", "AccumulatorStep", "accumulator_step", "more_or_fewer",
           "node_comparison"]

SIZE = 7
FILES = "abcdefg"


def _square_index(square: Any) -> int:
    if isinstance(square, (bool, np.bool_)) or not isinstance(square, (int, np.integer)) \
            or not 0 <= square < SIZE * SIZE:
        raise InvalidArgumentError(f"a square is a whole number from 0 (a7) to 48 (g1), "
                                   f"got {square!r}")
    return int(square)


def square_name(square: int) -> str:
    """The name of bitboard square ``square`` (0..48, row by row from the top left).

    >>> square_name(3), square_name(24)
    ('d7', 'd4')
    """
    square = _square_index(square)
    return f"{FILES[square % SIZE]}{SIZE - square // SIZE}"


def square_index(name: str) -> int:
    """The bitboard square (0..48) of the square named ``name``: ``square_name`` backwards.

    >>> square_index("a7"), square_index("d4"), square_index("g1")
    (0, 24, 48)
    """
    if not isinstance(name, str) or len(name) != 2 or name[0] not in FILES \
            or name[1] not in "1234567":
        raise InvalidArgumentError(f"a square name is a file a..g and a rank 1..7 ('b6'), "
                                   f"got {name!r}")
    return (SIZE - int(name[1])) * SIZE + FILES.index(name[0])


def map_square(name: str, symmetry: int) -> str:
    """The square that ``name`` goes to under symmetry ``symmetry`` (0..7, in the order of
    ``ntuple.SYMMETRY_NAMES``).

    >>> map_square("a7", 2), map_square("b6", 6), map_square("a7", 1)
    ('g1', 'b6', 'g7')
    """
    if isinstance(symmetry, (bool, np.bool_)) or not isinstance(symmetry, (int, np.integer)) \
            or not 0 <= symmetry < len(SYMMETRIES):
        raise InvalidArgumentError(f"a symmetry is a whole number from 0 to 7 "
                                   f"({', '.join(SYMMETRY_NAMES)}), got {symmetry!r}")
    square = square_index(name)
    r, c = SYMMETRIES[symmetry](square // SIZE, square % SIZE)
    return square_name(r * SIZE + c)


def _state(position: State | str) -> State:
    if isinstance(position, str):
        return State.from_fen(position)
    if not isinstance(position, State):
        raise InvalidArgumentError(f"expected a State or a FEN, got {type(position).__name__}")
    return position


def mover_boards(position: State | str) -> tuple[int, int, int]:
    """``(me, opp, blocked)``: the bitboards of the side to move, of the other side and of the
    blocked squares, as the network reads a position.

    >>> me, opp, blocked = mover_boards(State.start())
    >>> bin(me).count("1"), bin(opp).count("1"), blocked
    (2, 2, 0)
    """
    fs = to_fast(_state(position))
    me, opp = (fs.first, fs.second) if fs.to_move == FIRST else (fs.second, fs.first)
    return int(me), int(opp), int(fs.blocked)


def _weights(weights: LearnedWeights | None) -> LearnedWeights:
    return load_weights() if weights is None else weights


def scores_both_ways(position: State | str, weights: LearnedWeights | None = None
                     ) -> tuple[int, int]:
    """The network's score of ``position`` for the side to move, computed by the readable
    definition (``evaluate_readable``: the bias and 96 lookups) and by the compiled evaluation
    the engine calls (``learned_eval`` on the expanded table); default: the shipped weights.

    >>> readable, compiled = scores_both_ways(State.start())
    >>> readable == compiled
    True
    """
    lw = _weights(weights)
    me, opp, blocked = mover_boards(position)
    readable = evaluate_readable(me, opp, blocked, lw.weights)
    compiled = int(learned_eval(np.uint64(me), np.uint64(opp), np.uint64(blocked), lw.table))
    return readable, compiled


def image_scores(position: State | str, weights: LearnedWeights | None = None) -> list[int]:
    """The compiled score of each of the 8 symmetric images of ``position`` (in the order of
    ``ntuple.SYMMETRY_NAMES``; the first is the position itself).

    >>> len(set(image_scores("x5o/7/7/2x4/7/7/o5x o 0 2")))
    1
    """
    lw = _weights(weights)
    me, opp, blocked = mover_boards(position)
    scores = []
    for g in range(len(SYMMETRIES)):
        scores.append(int(learned_eval(symmetric_image(me, g), symmetric_image(opp, g),
                                       symmetric_image(blocked, g), lw.table)))
    return scores


# --- windows and classes ------------------------------------------------------------------------


def _check_class(k: int) -> int:
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)) \
            or not 0 <= k < len(CLASSES):
        raise InvalidArgumentError(f"a window class is a whole number from 0 to "
                                   f"{len(CLASSES) - 1}, got {k!r}")
    return int(k)


def class_windows(k: int) -> list[list[int]]:
    """The windows of class ``k`` on the board (each its squares in board order), the class's
    representative first: the windows the 8 symmetries map it onto.

    >>> [square_name(w[0]) for w in class_windows(0)]       # the four 3x3 corner windows
    ['a7', 'e7', 'a3', 'e3']
    """
    k = _check_class(k)
    windows = []
    for r0, c0, n, cls in ntuple._LOCATIONS:
        if cls == k:
            windows.append([(r0 + i) * SIZE + c0 + j for i in range(n) for j in range(n)])
    representative = CLASSES[k][1]
    windows.sort(key=lambda w: w != representative)
    return windows


def windows_holding(name: str) -> int:
    """How many of the board's 61 windows (3x3 and 2x2) hold the square named ``name``.

    >>> windows_holding("a7"), windows_holding("b7"), windows_holding("d4")
    (2, 4, 13)
    """
    square = square_index(name)
    return sum(square in window for k in range(len(CLASSES)) for window in class_windows(k))


def class_name(k: int) -> str:
    """A short name of class ``k``: its window size and the top-left square of its
    representative window.

    >>> class_name(0), class_name(11)
    ('3x3 at a7', '2x2 at c5')
    """
    n, squares = CLASSES[_check_class(k)]
    return _("{n}x{n} at {square}").format(n=n, square=square_name(squares[0]))


def _board_axes(ax: Any, labelsize: float = 9) -> None:
    """A 7x7 board on ``ax``: grid lines, files a..g below, ranks 7..1 on the left."""
    ax.set_xlim(-0.5, SIZE - 0.5)
    ax.set_ylim(SIZE - 0.5, -0.5)
    ax.set_aspect("equal")
    for i in range(SIZE + 1):
        ax.plot([i - 0.5, i - 0.5], [-0.5, SIZE - 0.5], color="#999999", linewidth=0.5)
        ax.plot([-0.5, SIZE - 0.5], [i - 0.5, i - 0.5], color="#999999", linewidth=0.5)
    ax.set_xticks(range(SIZE), list(FILES))
    ax.set_yticks(range(SIZE), [str(SIZE - r) for r in range(SIZE)])
    ax.tick_params(length=0, pad=1.5, labelsize=labelsize)


def draw_window_classes() -> Any:
    """A figure of the 12 window classes, one small board each: the representative window
    filled, the other windows of its class outlined.

    >>> len(draw_window_classes().axes)
    12
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    fig, axes = plt.subplots(2, 6, figsize=(8.4, 4.3))     # 840 px: shown at full size
    for k, ax in enumerate(axes.ravel()):
        _board_axes(ax, labelsize=7.5)
        windows = class_windows(k)
        n = CLASSES[k][0]
        for i, window in enumerate(windows):
            r0, c0 = divmod(window[0], SIZE)
            offset = 0.06 * (i % 3)
            if i == 0:
                ax.add_patch(Rectangle((c0 - 0.5, r0 - 0.5), n, n, color="C0", alpha=0.55))
            ax.add_patch(Rectangle((c0 - 0.5 + offset, r0 - 0.5 + offset), n - 2 * offset,
                                   n - 2 * offset, fill=False, edgecolor="C3", linewidth=1.2))
        count = (_("{count} windows") if len(windows) > 1 else _("{count} window")).format(
            count=len(windows))
        ax.set_title(f"{class_name(k)}\n{count}", fontsize=10)
    fig.suptitle(_("The 12 window classes: the representative filled, its images outlined"),
                 fontsize=12)
    fig.tight_layout(w_pad=0.6)
    return fig


# --- the data -------------------------------------------------------------------------------


def _popcount(boards: np.ndarray) -> np.ndarray:
    bits = np.unpackbits(np.asarray(boards).astype("<u8").view(np.uint8).reshape(-1, 8), axis=1)
    return bits.sum(axis=1).astype(np.int64)


def _records(records: Any) -> None:
    """Refuse anything but self-play records holding at least one position."""
    from ..learn.selfplay import GameRecords

    if not isinstance(records, GameRecords):
        raise InvalidArgumentError(f"records must be self-play records (a GameRecords, as "
                                   f"self_play returns), got {describe(records)}")
    if len(records) == 0:
        raise InvalidArgumentError("no positions in the records")


def game_lengths(records: Any) -> np.ndarray:
    """The number of positions in play kept from each game of ``records`` (a
    ``selfplay.GameRecords``), in game order: its length in plies.

    >>> from course_lib.learn.selfplay import self_play
    >>> game_lengths(self_play(games=2, seed=3, depth=1)).shape
    (2,)
    """
    _records(records)
    _, counts = np.unique(records.game, return_counts=True)
    return counts


@dataclass
class PlyBucket:
    """Positions from ply ``first`` to ``last`` (both included): how many; among those where
    one side is ahead in material, the share the side ahead won (``material_right``, a draw
    counts half); the same for the side the engine's search score favours (``score_right``:
    the side to move above ``by_ply``'s ``score_level``, the opponent below it); and the
    correlation of the result with material and with the search score."""

    first: int
    last: int
    positions: int
    material_right: float
    score_right: float
    material_correlation: float
    score_correlation: float


def _right_share(sign: np.ndarray, result: np.ndarray) -> float:
    ahead = sign != 0
    if not ahead.any():
        return float("nan")
    won = np.where(sign[ahead] > 0, result[ahead], 1 - result[ahead])
    return float(won.mean())


def _correlation(x: np.ndarray, y: np.ndarray) -> float:
    if len(x) < 2 or x.std() == 0 or y.std() == 0:
        return float("nan")
    return float(np.corrcoef(x, y)[0, 1])


def by_ply(records: Any, width: int = 10, last: int = 119, score_level: float = 0.0
           ) -> list[PlyBucket]:
    """How well a position predicts its game's result, ply bucket by ply bucket (``width``
    plies each, up to ply ``last``), over ``records`` (a ``selfplay.GameRecords``). The search
    score counts the side to move ahead above ``score_level`` (hundredths of a stone), behind
    below it.

    >>> from course_lib.learn.selfplay import self_play
    >>> buckets = by_ply(self_play(games=4, seed=3, depth=1), width=20)
    >>> buckets[0].first, buckets[0].last
    (0, 19)
    """
    width = whole(width, "width", 1, MAX_TURNS, "plies")
    last = whole(last, "last", 0, MAX_TURNS, "plies")
    level = number(score_level)
    if level is None:
        raise InvalidArgumentError(f"score_level must be a number of hundredths of a stone, "
                                   f"got {describe(score_level)}")
    _records(records)
    material = _popcount(records.me) - _popcount(records.opp)
    score = records.score.astype(np.float64)
    result = records.result.astype(np.float64)
    ply = records.ply.astype(np.int64)
    buckets = []
    for first in range(0, last + 1, width):
        rows = (ply >= first) & (ply < first + width)
        if not rows.any():
            continue
        buckets.append(PlyBucket(
            first, first + width - 1, int(rows.sum()),
            _right_share(np.sign(material[rows]), result[rows]),
            _right_share(np.sign(score[rows] - level), result[rows]),
            _correlation(material[rows].astype(np.float64), result[rows]),
            _correlation(score[rows], result[rows])))
    return buckets


# --- the training, judged two ways ---------------------------------------------------------

_LOSS_FIELDS = ("curve", "material_loss", "score_loss", "material_result_loss",
                "score_result_loss")


def _losses(run: Any) -> dict:
    """The losses of a training run, from a ``train.TrainingRun`` or from the ``meta`` stored
    with the weights (the same names)."""
    try:
        return {name: run[name] if isinstance(run, dict) else getattr(run, name)
                for name in _LOSS_FIELDS}
    except (KeyError, AttributeError) as error:
        raise InvalidArgumentError(f"not a training run or its stored meta: {error} is missing "
                                   "(python -m course_lib learn stores them all)") from None


def loss_table(run: Any, digits: int = 3) -> str:
    """A training run's cross-entropies as text: per epoch, the training and validation loss
    against the target and the validation loss against the games' results; then, on the
    validation positions, material alone, the search score and the network (its last epoch)
    against the target and against the results. ``run``: a ``train.TrainingRun`` or the
    ``meta`` stored with the weights.

    >>> print(loss_table({"curve": [[1, 0.6, 0.62, 0.65]], "material_loss": 0.63,
    ...     "score_loss": 0.6, "material_result_loss": 0.64, "score_result_loss": 0.62}))
    ... # doctest: +NORMALIZE_WHITESPACE
                  cross-entropy against the target   against the results
    epoch         training        validation            validation
        1            0.600             0.620                 0.650
    <BLANKLINE>
    validation positions   against the target  against the results
    material alone                      0.630                0.640
    the search score                    0.600                0.620
    the network                         0.620                0.650
    """
    losses = _losses(run)
    f = f"{{:.{digits}f}}"
    rows = [_("{blank:5} {target:>34} {results:>21}").format(
                blank="", target=_("cross-entropy against the target"),
                results=_("against the results")),
            _("{epoch:5} {training:>16} {validation:>17} {validation:>21}").format(
                epoch=_("epoch"), training=_("training"), validation=_("validation"))]
    for epoch, training, validation, results in losses["curve"]:
        rows.append(f"{epoch:5} {f.format(training):>16} {f.format(validation):>17} "
                    f"{f.format(results):>21}")
    rows += ["", _("{positions:22} {target:>18} {results:>20}").format(
        positions=_("validation positions"), target=_("against the target"),
        results=_("against the results"))]
    last = losses["curve"][-1]
    for label, to_target, to_results in (
            (_("material alone"), losses["material_loss"], losses["material_result_loss"]),
            (_("the search score"), losses["score_loss"], losses["score_result_loss"]),
            (_("the network"), last[2], last[3])):
        rows.append(_("{label:22} {target:>18} {results:>20}").format(
            label=label, target=f.format(to_target), results=f.format(to_results)))
    return "\n".join(rows)


def _hold_every_line(ax: Any) -> None:
    """Set the y range of ``ax`` to hold every line drawn on it, with a margin of a tenth of
    their span on each side (nothing on the axes' edges)."""
    values = np.concatenate([np.asarray(line.get_ydata(), dtype=np.float64)
                             for line in ax.get_lines()])
    low, high = float(values.min()), float(values.max())
    margin = 0.1 * (high - low) or 0.01
    ax.set_ylim(low - margin, high + margin)


def draw_training_curves(runs: dict[str, Any]) -> Any:
    """The training curves of each run of ``runs`` ({title: a ``train.TrainingRun`` or the
    stored ``meta``}), one row each: on the left the losses against the target (the network on
    the training and on the validation positions, material alone and the search score on the
    validation positions), on the right the same validation losses against the games'
    results. Each panel's y range holds every line with a margin; one legend for all.

    >>> figure = draw_training_curves({"a run": {"curve": [[1, 0.6, 0.62, 0.65],
    ...     [2, 0.58, 0.61, 0.64]], "material_loss": 0.63, "score_loss": 0.6,
    ...     "material_result_loss": 0.64, "score_result_loss": 0.62}})
    >>> len(figure.axes), len(figure.legends)
    (2, 1)
    """
    import matplotlib.pyplot as plt

    if not runs:
        raise InvalidArgumentError("give at least one run: {title: training run or meta}")
    fig, axes = plt.subplots(len(runs), 2, figsize=(8.4, 2.9 * len(runs) + 0.9),
                             squeeze=False)                # 840 px: shown at full size
    for row, (title, run) in zip(axes, runs.items()):
        losses = _losses(run)
        curve = np.asarray(losses["curve"], dtype=np.float64)
        epochs = curve[:, 0]
        row[0].plot(epochs, curve[:, 1], "o-", color="C0", label=_("network, training positions"))
        for ax, judge, validation, material, score in (
                (row[0], _("against the target"), curve[:, 2], losses["material_loss"],
                 losses["score_loss"]),
                (row[1], _("against the games' results"), curve[:, 3],
                 losses["material_result_loss"], losses["score_result_loss"])):
            ax.plot(epochs, validation, "s-", color="C1", label=_("network, validation positions"))
            ax.axhline(material, color="C3", linestyle="--", label=_("material alone (validation)"))
            ax.axhline(score, color="C2", linestyle=":", linewidth=2,
                       label=_("search score (validation)"))
            _hold_every_line(ax)
            ax.set_xticks(epochs)
            ax.set_xlabel(_("epoch"), fontsize=10)
            ax.set_ylabel(_("cross-entropy (nats)"), fontsize=10)
            ax.tick_params(labelsize=9)
            ax.set_title(f"{title}\n{judge}", fontsize=10)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=2, fontsize=10, frameon=False)
    fig.suptitle(_("Training curves (cross-entropy in nats, lower is better)"), fontsize=12)
    fig.tight_layout(rect=(0, 0.1 if len(runs) > 1 else 0.16, 1, 1))
    return fig


# --- what the network learned ------------------------------------------------------------------


def _corner_table(lw: LearnedWeights) -> np.ndarray:
    """The compiled table of the 3x3 window in the a7 corner (both lookups that read it)."""
    li = next(i for i, (r0, c0, n, _) in enumerate(ntuple._LOCATIONS)
              if (r0, c0, n) == (0, 0, 3))
    start = int(ntuple.LOC_OFFSET[li])
    return lw.table[start:start + 3 ** 9].astype(np.int64)


def _digits(index: int, cells: int = 9) -> list[int]:
    return [int(index // 3 ** j % 3) for j in range(cells)]


_TRANSPOSE = [3 * (j % 3) + j // 3 for j in range(9)]
"""Square j of a 3x3 window mirrored in its main diagonal (the a7 corner's own symmetry)."""


def corner_patterns(count: int = 4, max_stones: int = 9, weights: LearnedWeights | None = None
                    ) -> tuple[list[tuple[int, list[int]]], list[tuple[int, list[int]]]]:
    """The ``count`` patterns with at most ``max_stones`` stones of the 3x3 window in the a7
    corner that the network scores highest and lowest, as (weight in hundredths of a stone,
    the 9 digits in board order: 0 empty, 1 the mover's stone, 2 the opponent's). The weight
    of a pattern there is what the engine adds for it: the two lookups of the corner class
    that read that window. A pattern and its mirror image in the diagonal through a7 have the
    same weight; only the first of the two is listed.

    >>> best, worst = corner_patterns(2)
    >>> len(best), best[0][0] >= best[1][0] >= worst[1][0] >= worst[0][0]
    (2, True)
    >>> all(sum(d > 0 for d in digits) <= 2 for _, digits in corner_patterns(3, 2)[0])
    True
    """
    for name, value, least in (("count", count, 1), ("max_stones", max_stones, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise InvalidArgumentError(f"{name} must be a whole number >= {least}, "
                                       f"got {value!r}")
    table = _corner_table(_weights(weights))
    order = np.argsort(table, kind="stable")

    def pick(indices: Any) -> list[tuple[int, list[int]]]:
        chosen: list[tuple[int, list[int]]] = []
        seen: set[tuple[int, ...]] = set()
        for i in indices:
            digits = _digits(int(i))
            if sum(d > 0 for d in digits) > max_stones:
                continue
            mirror = tuple(digits[j] for j in _TRANSPOSE)
            if mirror in seen:
                continue
            seen.add(tuple(digits))
            chosen.append((int(table[i]), digits))
            if len(chosen) == count:
                break
        return chosen

    return pick(order[::-1]), pick(order)


def _draw_stones(ax: Any, digits: list[int], rows: int, cols: int) -> None:
    from matplotlib.patches import Circle

    for j, digit in enumerate(digits):
        r, c = divmod(j, cols)
        if digit == 1:
            ax.add_patch(Circle((c, r), 0.36, color="#c0392b"))
        elif digit == 2:
            ax.add_patch(Circle((c, r), 0.36, facecolor="#2e86c1", edgecolor="black",
                                linewidth=0.5))


def draw_patterns(best: list, worst: list) -> Any:
    """A figure of a7-corner patterns (``corner_patterns``): the best on the first row, the
    worst on the second, each a 3x3 board (red: the side to move, blue: the opponent, as the
    figure's key says) titled with its weight in hundredths of a stone.

    >>> best, worst = corner_patterns(3)
    >>> figure = draw_patterns(best, worst)
    >>> len(figure.axes), [t.get_text() for t in figure.legends[0].get_texts()]
    (6, ["the side to move's stone", "the opponent's stone"])
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    if not best or len(best) != len(worst):
        raise InvalidArgumentError("give as many best as worst patterns, at least one "
                                   "(corner_patterns gives them)")
    fig, axes = plt.subplots(2, len(best), figsize=(1.8 * len(best), 5.0), squeeze=False)
    for row, patterns in enumerate((best, worst)):
        for ax, (weight, digits) in zip(axes[row], patterns):
            ax.set_xlim(-0.5, 2.5)
            ax.set_ylim(2.5, -0.5)
            ax.set_aspect("equal")
            ax.set_facecolor("#f3e5c0")
            for i in range(4):
                ax.plot([i - 0.5, i - 0.5], [-0.5, 2.5], color="#7f6a3a", linewidth=0.6)
                ax.plot([-0.5, 2.5], [i - 0.5, i - 0.5], color="#7f6a3a", linewidth=0.6)
            ax.plot([-0.5, 2.5], [-0.5, -0.5], color="black", linewidth=2.5)   # the board's
            ax.plot([-0.5, -0.5], [-0.5, 2.5], color="black", linewidth=2.5)   # edges
            _draw_stones(ax, digits, 3, 3)
            ax.set_xticks([])
            ax.set_yticks([])
            ax.set_title(f"{weight:+d}", fontsize=9)
    axes[0][0].set_ylabel(_("highest"), fontsize=9)
    axes[1][0].set_ylabel(_("lowest"), fontsize=9)
    key = [Line2D([], [], marker="o", linestyle="", markersize=10, color="#c0392b",
                  label=_("the side to move's stone")),
           Line2D([], [], marker="o", linestyle="", markersize=10, markerfacecolor="#2e86c1",
                  markeredgecolor="black", label=_("the opponent's stone"))]
    fig.legend(handles=key, loc="lower center", ncol=2, fontsize=9, frameon=False)
    fig.suptitle(_("The a7 corner's 3x3 window (thick lines: the board's edges);\n"
                   "above each, its weight in hundredths of a stone"), fontsize=10)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    return fig


def lone_stone(weights: LearnedWeights | None = None, side: str = "mover") -> np.ndarray:
    """What one stone adds to the network's score, on each square: a 7x7 array of whole
    numbers in hundredths of a stone (row 0 is rank 7, column 0 file a), each the compiled
    score of the board holding that stone alone (the side to move's, or with
    ``side="opponent"`` the opponent's) less the score of the empty board. Only the windows
    that hold the square read another pattern, so this is the sum, over those windows (2 for a
    corner, 13 for d4), of what the stone changes in each. Default weights: the shipped ones.

    A stone adds the same in any position where no other stone shares a window with it: here,
    an x stone on d4 added to the start position (x to move).

    >>> board = lone_stone()
    >>> with_d4 = scores_both_ways("x5o/7/7/3x3/7/7/o5x x 0 1")[1]
    >>> int(board[3, 3]) == with_d4 - scores_both_ways(State.start())[1]
    True
    """
    if side not in ("mover", "opponent"):
        raise InvalidArgumentError(f"side is 'mover' (the side to move's stone) or 'opponent', "
                                   f"got {side!r}")
    table = _weights(weights).table
    empty = int(learned_eval(np.uint64(0), np.uint64(0), np.uint64(0), table))
    board = np.zeros(SIZE * SIZE, dtype=np.int64)
    for square in range(SIZE * SIZE):
        stone, none = np.uint64(1 << square), np.uint64(0)
        me, opp = (stone, none) if side == "mover" else (none, stone)
        board[square] = int(learned_eval(me, opp, none, table)) - empty
    return board.reshape(SIZE, SIZE)


def _text_colour(rgba: Any) -> str:
    """Black on a light colour, white on a dark one (by the colour's luminance)."""
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


def draw_lone_stone(mover: np.ndarray, opponent: np.ndarray) -> Any:
    """Two heat maps on one colour scale (``lone_stone``: what a lone stone of the side to move,
    and one of the opponent, adds to the score on each square), each square labelled with its
    value in black or white, whichever reads on its colour.

    >>> len(draw_lone_stone(np.zeros((7, 7)), np.ones((7, 7))).axes)      # and the colour bar
    3
    """
    import matplotlib.pyplot as plt

    boards = [np.asarray(b, dtype=np.float64) for b in (mover, opponent)]
    for board in boards:
        if board.shape != (SIZE, SIZE):
            raise InvalidArgumentError(f"expected two 7x7 arrays (lone_stone gives them), got "
                                       f"shape {board.shape}")
    span = max(float(np.abs(b).max()) for b in boards) or 1.0
    fig, axes = plt.subplots(1, 2, figsize=(8.4, 4.8))          # 840 px: shown at full size
    titles = (_("a stone of the side to move"), _("a stone of the opponent"))
    for ax, board, title in zip(axes, boards, titles):
        image = ax.imshow(board, cmap="RdBu_r", vmin=-span, vmax=span)
        for r in range(SIZE):
            for c in range(SIZE):
                ax.text(c, r, f"{board[r, c]:.0f}", ha="center", va="center", fontsize=10,
                        color=_text_colour(image.cmap(image.norm(board[r, c]))))
        _board_axes(ax, labelsize=10)
        ax.set_title(title, fontsize=11)
    bar = fig.colorbar(image, ax=list(axes), orientation="horizontal", shrink=0.6,
                       fraction=0.05, pad=0.08)
    bar.set_label(_("change of the score, hundredths of a stone"), fontsize=10)
    fig.suptitle(_("What one stone, alone on the board, adds to the score for the side to move"),
                 fontsize=12)
    return fig


# --- the engine with each evaluation ----------------------------------------------------------


def search_with(positions: Any, depth: int, evaluation: str, hash_mb: int = 4) -> Any:
    """``course_lib.lessons.nb11.measure`` with the engine's evaluation chosen: every
    position searched to ``depth`` by a new ``Engine(hash_mb, evaluation=evaluation)``.

    >>> run = search_with([State.start()], 2, "learned")
    >>> State.start().parse_move(run.moves[0]) in State.start().legal_moves()
    True
    """
    from ..engine.engine import EVALUATIONS, MAX_DEPTH
    from .nb11 import measure

    whole(depth, "depth", 1, MAX_DEPTH, "plies")
    choice(evaluation, "evaluation", EVALUATIONS)
    whole(hash_mb, "hash_mb", 1, MAX_HASH_MB, "MB")      # the engine checks the memory
    if isinstance(positions, (list, tuple)):
        positions = [_state(p) for p in positions]
    return measure(positions, depth, hash_mb=hash_mb, evaluation=evaluation)


def more_or_fewer(count: int, reference: int) -> str:
    """How ``count`` compares with ``reference``, in whole per cent, the word chosen by the
    sign: "22 % more", "31 % fewer" or "as many".

    >>> more_or_fewer(122, 100), more_or_fewer(69, 100), more_or_fewer(100, 100)
    ('22 % more', '31 % fewer', 'as many')
    """
    whole(reference, "reference", 1, None, "(the count compared against)")
    change = round(100 * (count - reference) / reference)
    if change == 0:
        return _("as many")
    return (_("{change} % more") if change > 0 else _("{change} % fewer")).format(
        change=abs(change))


def node_comparison(material_run: Any, learned_run: Any) -> str:
    """One sentence on two ``search_with`` runs of the same positions: in how many the move
    differs, and the learned run's nodes against the material run's (``more_or_fewer``).

    >>> run = search_with([State.start()], 2, "material")
    >>> node_comparison(run, run)
    'the move differs in 0 of 1 positions; nodes: learned as many as material'
    """
    moves = sum(m != l for m, l in zip(material_run.moves, learned_run.moves))
    nodes = more_or_fewer(learned_run.total_nodes, material_run.total_nodes)
    sentence = (_("the move differs in {moves} of {positions} positions; nodes: learned {nodes} "
                  "as material") if nodes == _("as many") else
                _("the move differs in {moves} of {positions} positions; nodes: learned {nodes} "
                  "than material"))
    return sentence.format(moves=moves, positions=len(material_run.moves), nodes=nodes)


ENGINE_LADDER = Path(__file__).resolve().parents[1] / "data" / "engine_ladder.json"
"""The earlier engine ladder at 20 ms a move (``benchmarks/engine_ladder.py``), which holds the
SPRT of the learned evaluation against material."""


def _sprt_records(path: Any) -> list[dict]:
    """The SPRT records stored as a JSON list at ``path``, or [] if there is no such file."""
    path = Path(path)
    if not path.exists():
        return []
    records = json.loads(path.read_text())
    if not isinstance(records, list):
        raise InvalidArgumentError(f"{path} should hold a list of SPRT records")
    return records


def learned_record(path: Any = None) -> dict | None:
    """The last SPRT record of the engine's ladder (``course_lib/data/engine_ladder.json``)
    whose technique is ``"learned"`` (A: the engine with ``eval=learned``, B: with material),
    or None when none is stored yet.

    >>> learned_record("/nonexistent/ladder.json") is None
    True
    """
    records = [r for r in _sprt_records(ENGINE_LADDER if path is None else path)
               if r.get("technique") == "learned"]
    return records[-1] if records else None


MCTS_LADDER = Path(__file__).resolve().parents[1] / "data" / "mcts_ladder.json"
"""Guided MCTS's stored SPRTs, one per technique (``benchmarks/engine_ladder.py --mcts``)."""


def mcts_records(path: Any = None) -> list[dict]:
    """The stored SPRT records of guided MCTS's techniques (``reuse``, ``solver``), oldest
    first; [] when none is stored.

    >>> mcts_records("/nonexistent/ladder.json")
    []
    """

    return _sprt_records(MCTS_LADDER if path is None else path)


@dataclass
class IterationCost:
    """What ``iterations`` MCTS iterations cost one agent (``spec``), summed over positions:
    the seconds they took, the calls of the learned evaluation, and the playouts with their
    plies."""

    spec: str
    iterations: int
    seconds: float
    evaluations: int
    playouts: int
    playout_plies: int

    @property
    def microseconds(self) -> float:
        """Microseconds per iteration."""
        return 1e6 * self.seconds / self.iterations


def iteration_costs(specs: list[str], positions: list[State]) -> list[IterationCost]:
    """Each MCTS agent of ``specs`` (a spec with a number of ``iterations``) searches every
    position of ``positions`` from a fresh tree, once compiled (``warm_up``): what its
    iterations cost. Times are measured, so they change from run to run.

    >>> cost, = iteration_costs(["mcts:iterations=50,tier=fast,value=learned"], [State.start()])
    >>> cost.iterations, cost.evaluations, cost.playouts
    (50, 50, 0)
    """
    from ..agents import make_agent
    from ..agents.mcts_fast import FastMCTSAgent

    if not positions:
        raise InvalidArgumentError("give at least one position to search")
    costs = []
    for spec in specs:
        agent = make_agent(spec)
        if not isinstance(agent, FastMCTSAgent):
            raise InvalidArgumentError(f"{spec!r} is not fast MCTS: give an "
                                       "'mcts:iterations=N,tier=fast,...' spec")
        agent.warm_up()
        cost = IterationCost(spec, 0, 0.0, 0, 0, 0)
        for position in positions:
            agent.reset()
            agent.search(_state(position))
            cost.iterations += agent.stats.iterations
            cost.seconds += agent.stats.seconds
            cost.evaluations += agent.evaluations
            cost.playouts += agent.stats.playouts
            cost.playout_plies += agent.stats.playout_plies
        costs.append(cost)
    return costs


RESULT_WORDS = {"accepted": N_("H1 accepted"), "rejected": N_("H0 accepted"),
                "undecided": N_("undecided")}
"""How a stored record's ``result`` reads: which hypothesis the test accepted, if any (in
English; ``_(word)`` in the language the course speaks)."""

_BIAS = {"accepted": N_("biased upward: the test stopped early, as soon as the results ran high "
                        "enough to cross the upper bound"),
         "rejected": N_("biased downward: the test stopped early, as soon as the results ran "
                        "low enough to cross the lower bound")}


def _elo_line(elo: float | None, low: float | None, high: float | None, result: str,
              unbiased: Any = None) -> str:
    """The logistic Elo estimate with its 95 % interval; for a test that stopped at a bound a
    second line, which way that naive figure is biased, and a third, the median-unbiased
    estimate after the stopped test (``unbiased``, a ``SprtEloEstimate``, when given). A stored
    record keeps an infinite value as None: an estimate of None is +inf when the interval has a
    lower end, -inf otherwise."""
    if elo is None:
        elo = math.inf if low is not None else -math.inf
    low = -math.inf if low is None else low
    high = math.inf if high is None else high
    line = _("logistic Elo {elo:+.1f} (95 % interval {low:+.1f} to {high:+.1f})").format(
        elo=elo, low=low, high=high)
    if result not in _BIAS:
        return line
    line = f"{line}\n{_(_BIAS[result])}"
    if unbiased is None:
        return line
    if unbiased.note:                               # every pair the same: an exact bound only
        bound = (_("at least {low:+.1f}").format(low=unbiased.elo_low)
                 if unbiased.elo_low > -math.inf else
                 _("at most {high:+.1f}").format(high=unbiased.elo_high))
        return line + "\n" + _("no median-unbiased estimate after the stop (its model needs "
                                "pairs that vary): every pair scored the same; with 95 % "
                                "confidence {bound} logistic Elo (an exact bound)").format(
            bound=bound)
    line += "\n" + _("median-unbiased after the stop: {elo:+.1f} logistic Elo (95 % interval "
                     "{low:+.1f} to {high:+.1f})").format(
        elo=unbiased.elo, low=unbiased.elo_low, high=unbiased.elo_high)
    if unbiased.normalized_elo is None:            # the win/loss test has no normalized Elo
        return line
    return line + _(", {elo:+.1f} normalized Elo ({low:+.1f} to {high:+.1f})").format(
        elo=unbiased.normalized_elo, low=unbiased.normalized_low,
        high=unbiased.normalized_high)


def _record_estimate(record: dict) -> Any:
    """The median-unbiased estimate after the stored pentanomial test ``record``."""
    from ..strength import Sprt, sprt_elo_estimate

    test = Sprt.from_totals(pairs=record["pentanomial"], elo0=record["elo0"],
                            elo1=record["elo1"], alpha=record.get("alpha", 0.05),
                            beta=record.get("beta", 0.05), scale=record["scale"])
    return sprt_elo_estimate(test)


def record_text(record: dict) -> str:
    """A stored SPRT record in a few lines: the players, the test (its bounds in normalized
    Elo), the result (which hypothesis was accepted, or undecided at the cap), the games (W/D/L
    and the pentanomial pair counts), the LLR, and the logistic Elo with its 95 % interval,
    said to be biased when the test stopped early at a bound, followed then by the
    median-unbiased estimate (``course_lib.strength.sprt_elo_estimate``).

    >>> print(record_text({"spec_a": "A", "spec_b": "B", "elo0": 0, "elo1": 10,
    ...     "scale": "normalized", "llr_bounds": [-2.94, 2.94], "result": "accepted",
    ...     "games": 10, "wins": 8, "draws": 0, "losses": 2, "pentanomial": [0, 0, 2, 0, 3],
    ...     "llr": 3.0, "elo": 250.0, "elo_low": 100.0, "elo_high": 400.0,
    ...     "time_per_move_ms": 20}).splitlines()[3])
    H1 accepted after 10 games: +8 =0 -2, pairs 0 0 2 0 3, LLR 3.0
    """
    try:
        low, high = record["llr_bounds"]
        result = record["result"]
        cap = _(" (the cap)") if result == "undecided" else ""
        if record.get("time_per_move_ms"):
            budget = _("{ms} ms a move").format(ms=record["time_per_move_ms"])
        elif record["spec_a"].startswith("mcts"):
            budget = _("{count} iterations a move").format(count=record["nodes_per_move"])
        else:
            budget = _("{count} nodes a move").format(count=record["nodes_per_move"])
        scale = record["scale"]
        unit = _(SCALE_UNITS[scale]) if scale in SCALE_UNITS else f"{scale} Elo"
        return (f"A = {record['spec_a']}\n"
                f"B = {record['spec_b']}\n"
                + _("H0: {elo0} / H1: {elo1} {unit}, LLR bounds {low} and {high}, {budget}").format(
                    elo0=record["elo0"], elo1=record["elo1"], unit=unit, low=low, high=high,
                    budget=budget) + "\n"
                + _("{result} after {games} games{cap}: +{wins} ={draws} -{losses}, pairs "
                    "{pairs}, LLR {llr}").format(
                    result=_(RESULT_WORDS[result]), games=record["games"], cap=cap,
                    wins=record["wins"], draws=record["draws"], losses=record["losses"],
                    pairs=" ".join(map(str, record["pentanomial"])), llr=record["llr"]) + "\n"
                + _elo_line(record["elo"], record["elo_low"], record["elo_high"], result,
                            _record_estimate(record) if result in _BIAS else None)
                + _faults_line(record))
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidArgumentError(f"not an SPRT record of the ladder: {error!r} is missing "
                                   "or malformed") from None


def _faults_line(record: dict) -> str:
    """'' when every game of ``record`` was played out; else a line saying how many were not
    (the stored SPRT of the solver: 7 crashes, from a fault of guided MCTS since fixed)."""
    faults = {reason: count for reason, count in record.get("reasons", {}).items()
              if reason in FAULTS and count}
    if not faults:
        return ""
    return "\n" + _("{count} of its {games} games ended by a fault ({which}), not played out: "
                    "each counts as a loss of the side at fault, in the figures above").format(
        count=sum(faults.values()), games=record["games"],
        which=", ".join(f"{reason} {count}" for reason, count in sorted(faults.items())))


def sprt_text(run: Any) -> str:
    """An SPRT run here (``course_lib.match.run_sprt``) in a few lines: its summary, then the
    logistic Elo estimate with its 95 % interval, said to be biased when the test stopped
    early at a bound, followed then by the median-unbiased estimate.

    >>> from course_lib.match import run_sprt
    >>> run = run_sprt("greedy", "random", model="pentanomial", max_games=4, seed=1, workers=0)
    >>> print(sprt_text(run).splitlines()[0].split(":")[0])
    no decision after 4 games (the cap)
    """
    decision = {"accept H1": "accepted", "accept H0": "rejected"}.get(run.decision, "undecided")
    estimate = run.estimate()
    if estimate is None:
        return run.summary()
    return f"{run.summary()}\n" + _elo_line(estimate.elo, estimate.elo_low, estimate.elo_high,
                                            decision, run.estimate_after_stop())


# --- the value network: its data, its training, its ladder ----------------------------------------

NETWORK_LADDER = Path(__file__).resolve().parents[1] / "data" / "network_ladder.json"
"""The value network's stored SPRTs (``benchmarks/network_ladder.py``)."""
NETWORK_DATA = Path(__file__).resolve().parents[1] / "data" / "network_data.json"
"""The stored data runs (``python -m course_lib network data``): settings, size, time."""


NETWORK_RUNGS = ("data", "width", "network", "search", "priors", "policy", "puct", "engine")
"""The rungs of ``benchmarks/network_ladder.py``."""


def _stored_list(path: Any, what: str) -> list[dict]:
    """The JSON list of records at ``path`` ([] when the file does not exist), refused in
    words when ``path`` is no path or the file holds no list of records."""
    if not isinstance(path, (str, Path)):
        raise InvalidArgumentError(f"path must be the path of a JSON file of {what} (a str or "
                                   f"a Path), got {describe(path)}")
    path = Path(path)
    if not path.exists():
        return []
    try:
        records = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidArgumentError(f"cannot read {what} from {path}: {error}") from None
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise InvalidArgumentError(f"{path} should hold a JSON list of {what}")
    return records


def network_records(rung: str | None = None, path: Any = None) -> list[dict]:
    """The stored SPRT records of the value network's ladder, oldest first (only those of
    ``rung``: data, width, network, search, priors, policy, puct or engine, if given); [] when
    none is stored.

    >>> network_records(path="/nonexistent/ladder.json")
    []
    """
    if rung is not None:
        choice(rung, "rung", NETWORK_RUNGS)
    records = _stored_list(NETWORK_LADDER if path is None else path, "SPRT records")
    return [r for r in records if rung is None or r.get("rung") == rung]


def data_runs(path: Any = None) -> list[dict]:
    """The stored data runs: each one's settings (``spec``), positions, games, chunks, wall
    seconds, positions per second, workers and load; [] when none is stored.

    >>> data_runs("/nonexistent/runs.json")
    []
    """
    return _stored_list(NETWORK_DATA if path is None else path, "data runs")


def _network(net: Any) -> Any:
    """``net``, or the shipped value network for None; anything else refused in words."""
    from ..learn.network import NetworkWeights, load_network

    if net is None:
        return load_network()
    if not isinstance(net, NetworkWeights):
        raise InvalidArgumentError(f"net must be a value network (a NetworkWeights, as "
                                   f"load_network returns) or None, got {describe(net)}")
    return net


def _trained(net: Any) -> dict:
    """The training figures ``meta`` of ``net`` (or of the shipped network), refused in words
    when it carries none (a network made here rather than by ``network train``)."""
    meta = _network(net).meta
    missing = [key for key in ("positions", "epochs", "curve", "material_loss", "score_loss")
               if key not in meta]
    if missing or not meta["curve"]:
        raise InvalidArgumentError(f"this network carries no training figures (its meta lacks "
                                   f"{', '.join(missing) or 'a curve'}): python -m course_lib "
                                   "network train stores them with the weights")
    return meta


def network_summary(net: Any = None) -> str:
    """A few lines on a value network (default: the shipped one): its size, the data it was
    trained on, and its validation loss against material alone and the search score.

    >>> from course_lib.learn.network import NetworkWeights
    >>> net = NetworkWeights.random(hidden=4)
    >>> net.meta = {"positions": 10, "epochs": 1, "curve": [[1, 0.6, 0.61]],
    ...             "material_loss": 0.65, "score_loss": 0.58}
    >>> print(network_summary(net).splitlines()[0])
    2,916 inputs, 4 hidden units: 11,673 weights, int16 (23,352 bytes in the searches: 2,919 rows of 4, the last holding b2 and the scale)
    """
    from ..learn.network import N_INPUTS

    net = _network(net)
    meta = _trained(net)
    weights = net.packed.size - net.hidden + 1          # W1, b1, w2 and b2
    rows, width = net.packed.shape
    held = (_(", {count:,} more held out for validation").format(
        count=meta["validation_positions"]) if "validation_positions" in meta else "")
    how = "".join(f", {label} {meta[key]:,}" for key, label in
                  (("batch", _("mini-batches of")), ("lam", "λ")) if key in meta)
    lines = [
        _("{inputs:,} inputs, {hidden} hidden units: {weights:,} weights, int16 ({bytes:,} bytes "
          "in the searches: {rows:,} rows of {width}, the last holding b2 and the scale)").format(
            inputs=N_INPUTS, hidden=net.hidden, weights=weights, bytes=net.packed.nbytes,
            rows=rows, width=width),
        _("trained on {positions:,} positions{held}; {epochs} epochs{how} (win_scale "
          "{win_scale:.0f} hundredths of a stone per unit of log-odds)").format(
            positions=meta["positions"], held=held, epochs=meta["epochs"], how=how,
            win_scale=net.win_scale),
        _("validation loss against the target {loss:.4f}: material alone {material:.4f}, the "
          "search score it learns from {score:.4f}").format(
            loss=meta["curve"][-1][2], material=meta["material_loss"], score=meta["score_loss"]),
        _result_losses(meta)]
    return "\n".join(lines)


def _result_losses(meta: dict) -> str:
    """The line of ``network_summary`` on the losses against the games' results."""
    last = meta["curve"][-1]
    if len(last) < 4 or "material_result_loss" not in meta:
        return _("against the games' results: not measured by the stored run")
    return _("against the games' results {loss:.4f}: material alone {material:.4f}, the search "
             "score {score:.4f}").format(loss=last[3], material=meta["material_result_loss"],
                                          score=meta["score_result_loss"])


def draw_network_curve(net: Any = None, ax: Any = None) -> Any:
    """The training curve of a value network (default: the shipped one), every loss against
    the training target: the training loss (the mean over each epoch's batches, while the
    weights move) and the validation loss (after each epoch), with material's and the search
    score's validation loss. The legend stands to the right of the axes, and the y range
    holds every line with a margin.

    >>> from course_lib.learn.network import NetworkWeights
    >>> net = NetworkWeights.random(hidden=4)
    >>> net.meta = {"positions": 10, "epochs": 1, "curve": [[1, 0.6, 0.61]],
    ...             "material_loss": 0.65, "score_loss": 0.58}
    >>> ax = draw_network_curve(net)
    >>> bool(ax.get_ylim()[0] < 0.58 < 0.65 < ax.get_ylim()[1])
    True
    """
    import matplotlib.pyplot as plt

    meta = _trained(net)
    own = ax is None
    if own:
        _figure, ax = plt.subplots(figsize=(8.4, 3.5))            # 840 px: shown at full size
    epochs = [row[0] for row in meta["curve"]]
    ax.plot(epochs, [row[1] for row in meta["curve"]], "o-",
            label=_("training positions\n(mean over the epoch's\nbatches, while it learns)"))
    ax.plot(epochs, [row[2] for row in meta["curve"]], "s-",
            label=_("validation positions\n(after the epoch)"))
    ax.axhline(meta["material_loss"], color="C3", linestyle="--",
               label=_("material alone\n(validation)"))
    ax.axhline(meta["score_loss"], color="C2", linestyle=":", linewidth=2,
               label=_("the search score\n(validation)"))
    _hold_every_line(ax)
    ax.set_xticks(epochs)
    ax.set(xlabel=_("epoch"), ylabel=_("cross-entropy (nats)"),
           title=_("The value network's training, {positions:,} positions:\nthe loss against "
                   "the training target").format(positions=meta["positions"]))
    ax.legend(fontsize="small", loc="center left", bbox_to_anchor=(1.02, 0.5), frameon=False)
    if own:
        ax.figure.tight_layout()
    return ax


def _named_in_records(records: list[dict] | None, keys: tuple[str, ...],
                      fields: tuple[str, ...]) -> list[tuple]:
    """The ``fields`` of every network stored under ``keys`` in the ladder's records, once
    each, in the order they first appear (a file that held two networks over time, as the
    shipped one does, appears once for each)."""
    records = network_records() if records is None else records
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise InvalidArgumentError(f"records must be a list of the ladder's records (dicts, as "
                                   f"network_records returns), got {describe(records)}")
    seen: list[tuple] = []
    try:
        for record in records:
            for key in keys:
                net = record.get(key)
                named = net and tuple(net[field] for field in fields)
                if named and named not in seen:
                    seen.append(named)
    except (KeyError, TypeError) as error:
        raise InvalidArgumentError(f"a record's network lacks {error}: not a record of "
                                   "benchmarks/network_ladder.py") from None
    return seen


def ladder_networks(records: list[dict] | None = None
                    ) -> list[tuple[str, int, int, int, float]]:
    """(path, positions, hidden units, epochs, validation loss) of every value network the
    ladder's records name, in the order they first appear (a path twice if it held two).

    >>> ladder_networks([{"net_a": {"path": "a.npz", "positions": 9, "hidden": 4, "epochs": 2,
    ...                             "validation_loss": 0.5}, "net_b": None}])
    [('a.npz', 9, 4, 2, 0.5)]
    """
    return _named_in_records(records, ("net_a", "net_b"),
                             ("path", "positions", "hidden", "epochs", "validation_loss"))


def ladder_policies(records: list[dict] | None = None
                    ) -> list[tuple[str, int, int, float, float]]:
    """(path, positions, epochs, validation loss, share of held-out positions whose played move
    it ranked first) of every policy network the ladder's records name (A's, and B's in the
    policy rung), in the order they first appear.

    >>> ladder_policies([{"policy": {"path": "p.npz", "positions": 9, "epochs": 6,
    ...                              "validation_loss": 1.6, "top_move": 0.5}}])
    [('p.npz', 9, 6, 1.6, 0.5)]
    """
    return _named_in_records(records, ("policy", "policy_b"),
                             ("path", "positions", "epochs", "validation_loss", "top_move"))


def record_networks(record: dict) -> str:
    """Which network each file a ladder record names held when the test ran, by its data: a
    file name alone is not enough, since the shipped file is replaced when a data test picks a
    new network.

    >>> record_networks({"net_a": {"path": "data/value_network.npz", "chunks": 800},
    ...                  "net_b": None, "policy": {"path": "p.npz", "chunks": 199}})
    'value_network.npz: the value network of 800 chunks; p.npz: the policy network of 199 chunks'
    """
    if not isinstance(record, dict):
        raise InvalidArgumentError(f"record must be one of the ladder's records (a dict, as "
                                   f"network_records returns), got {describe(record)}")
    parts = []
    for key in ("net_a", "net_b", "policy", "policy_b"):
        net = record.get(key)
        if not net:
            continue
        try:
            name, chunks = Path(net["path"]).name, net["chunks"]
        except (KeyError, TypeError) as error:
            raise InvalidArgumentError(f"a record's network lacks {error}: not a record of "
                                       "benchmarks/network_ladder.py") from None
        text = (_("{name}: the value network of {chunks:,} chunks") if key.startswith("net")
                else _("{name}: the policy network of {chunks:,} chunks"))
        part = text.format(name=name, chunks=chunks)
        if part not in parts:
            parts.append(part)
    return "; ".join(parts)


def network_scores_both_ways(position: State | str, net: Any = None) -> tuple[int, int]:
    """The value network's integer score of ``position`` for the side to move (hundredths of a
    stone), computed by the readable numpy form (``evaluate_readable``) and by the compiled
    kernel the searches call (``network_eval``); default: the shipped network.

    >>> readable, compiled = network_scores_both_ways(State.start())
    >>> readable == compiled
    True
    """
    from ..learn._network_kernels import network_eval
    from ..learn.network import evaluate_readable as network_readable

    net = _network(net)
    me, opp, _ = mover_boards(position)
    return (network_readable(me, opp, net),
            int(network_eval(np.uint64(me), np.uint64(opp), net.packed)))


@dataclass
class AccumulatorStep:
    """What one move does to the value network's accumulator: the squares it changes, the
    windows holding them (whose inputs change), the rows of ``W1q`` the update adds and
    subtracts against the 36 a full accumulator adds, whether the updated accumulator equals
    the full one of the position reached, and that position's score for its side to move
    (hundredths of a stone)."""

    move: str
    squares_changed: int
    windows_changed: int
    rows_updated: int
    same_as_full: bool
    score: int


def accumulator_step(position: State | str, move: str, net: Any = None) -> AccumulatorStep:
    """Play ``move`` (UAI text) in ``position`` and update the accumulator of the position,
    read from the view of the side that moves next, into that of the position reached, as the
    searches do; compare it with the accumulator computed from scratch.

    >>> step = accumulator_step(State.start(), "b7")          # a clone beside a7
    >>> step.squares_changed, step.windows_changed, step.same_as_full
    (1, 2, True)
    """
    from ..learn._network_kernels import _accumulate, _output, _update
    from ..learn.network import WINDOW_SQUARES

    state = _state(position)
    packed = _network(net).packed
    if not isinstance(move, str):
        raise InvalidArgumentError(f"move must be a move in UAI text such as 'b6' or 'a7c5', "
                                   f"got {describe(move)}")
    parsed = state.parse_move(move)
    if parsed not in state.legal_moves():
        raise InvalidArgumentError(f"{move!r} is not a legal move here; legal: "
                                   f"{', '.join(m.uai() for m in state.legal_moves())}")
    mover, other, _ = mover_boards(state)
    other_after, mover_after, _ = mover_boards(state.apply(parsed))   # the other side moves
    # both read from the view of the side that moves next, before and after the move
    before = (np.uint64(other), np.uint64(mover))
    after = (np.uint64(other_after), np.uint64(mover_after))
    acc = np.empty(packed.shape[1], dtype=np.int16)
    _accumulate(before[0], before[1], packed, acc)
    _update(acc, packed, before[0], before[1], after[0], after[1])
    full = np.empty_like(acc)
    _accumulate(after[0], after[1], packed, full)
    changed = (other ^ other_after) | (mover ^ mover_after)
    windows = sum(1 for squares in WINDOW_SQUARES
                  if any(changed >> int(square) & 1 for square in squares))
    return AccumulatorStep(move, bin(changed).count("1"), windows, 2 * windows,
                           bool(np.array_equal(acc, full)), int(_output(acc, packed)))


# --- The exercises of notebook 12 ----------------------------------------------------------------

NETWORK_SCORE = 250
WIN_SCALE = 1000
SEARCH_PREDICTION = 0.6
GAME_RESULT = 0.0
LAM = 0.3
"""12-log-loss: the cross-entropy (natural log) of the prediction ``sigmoid(NETWORK_SCORE /
WIN_SCALE)`` against the training target ``LAM * GAME_RESULT + (1 - LAM) *
SEARCH_PREDICTION``."""

PAIR_FEN = "7/7/3o3/3x3/7/7/7 x 0 1"
EMPTY_FEN = "7/7/7/7/7/7/7 x 0 1"
MOVER_SQUARE = (3, 3)
OPPONENT_SQUARE = (2, 3)
"""12-stone-pair: for the shipped network, what a stone of the side to move on d4 (row 3, column
3) together with an opponent's stone on d5 (row 2, column 3) add to the empty board's score
(``PAIR_FEN`` less ``EMPTY_FEN``, compiled scores), less the sum of what each adds alone
(``lone_stone``): the part that comes from the windows the two share."""


def _cross_entropy(log_odds: float, target: float) -> float:
    from ..learn.train import log_loss
    return log_loss(np.array([log_odds]), np.array([target]))


def _log_loss() -> float:
    return _cross_entropy(NETWORK_SCORE / WIN_SCALE,
                          LAM * GAME_RESULT + (1 - LAM) * SEARCH_PREDICTION)


def _log_loss_slips() -> list[tuple[float, str]]:
    """The answers of 12-log-loss that a slip gives, each with the words that say what it is:
    the target taken as the game's result alone (the registered mistake), the score given to
    ``log_loss`` without the ``/ WIN_SCALE``, the probability ``p`` given where ``log_loss``
    takes log-odds, and λ given to the search score's prediction instead of the result."""
    from ..learn.train import sigmoid

    log_odds = NETWORK_SCORE / WIN_SCALE
    target = LAM * GAME_RESULT + (1 - LAM) * SEARCH_PREDICTION
    return [(_cross_entropy(log_odds, GAME_RESULT),
             N_("the loss against the game's result alone")),
            (_cross_entropy(NETWORK_SCORE, target),
             N_("the loss of the score 250 itself taken as log-odds, without the / 1000")),
            (_cross_entropy(float(sigmoid(log_odds)), target),
             N_("the loss of p given to log_loss, which takes log-odds and applies the sigmoid "
                "itself")),
            (_cross_entropy(log_odds, LAM * SEARCH_PREDICTION + (1 - LAM) * GAME_RESULT),
             N_("the loss against a target with λ and 1 - λ swapped"))]


def _same_loss(answer: Any, expected: float) -> bool | Wrong:
    """12-log-loss's check: ``number_within(1e-4)``, and a wrong answer that a known slip gives
    (``_log_loss_slips``) named in words."""
    if number_within(1e-4)(answer, expected):
        return True
    for slip, words in _log_loss_slips():
        if within(1e-4)(answer, slip):
            return Wrong(_("{answer} ({what})").format(answer=round(number(answer), 4),
                                                       what=_(words)))
    return False


def _stone_pair() -> int:
    weights = load_weights()
    pair = scores_both_ways(PAIR_FEN, weights)[1] - scores_both_ways(EMPTY_FEN, weights)[1]
    alone = (lone_stone(weights)[MOVER_SQUARE]
             + lone_stone(weights, "opponent")[OPPONENT_SQUARE])
    return int(pair - alone)


register(
    "12-log-loss", _log_loss,
    mistake=0.825939,  # the loss against the game's result alone, -ln(1 - p)
    hint=(
        N_("Two things go into the loss, and each can be off: the network's prediction, which "
           "log_loss takes as log-odds, and the training target, which is not the game's result "
           "alone. What is the score 250 in log-odds, and what share of the target is the "
           "result, what share the search score's prediction?"),
        N_("Section 2 gives the target (λ times the result plus 1 - λ times the search score's "
           "prediction) and section 3 the cross-entropy; log_loss (imported at the top) takes "
           "the network's score in log-odds and the targets, as numpy arrays."),
        N_("log_loss(np.array([250 / 1000]), np.array([0.3 * 0 + (1 - 0.3) * 0.6]))")),
    compare=_same_loss)

register(
    "12-stone-pair", _stone_pair,
    mistake=0,  # the two stones taken to add what each adds alone
    hint=(
        N_("Do the two stones add what each adds alone? Which windows hold both d4 and d5, and "
           "what pattern does such a window read when both stones are there?"),
        N_("Score the boards as the network does, scores_both_ways(State.from_fen(fen))[1] "
           "(section 1): the empty board '7/7/7/7/7/7/7 x 0 1' and the board with both stones; "
           "what each stone adds alone is in lone_stone(load_weights()) and "
           "lone_stone(load_weights(), 'opponent') (section 4), d4 at [3, 3] and d5 at [2, 3]."),
        N_("pair = scores_both_ways(State.from_fen('7/7/3o3/3x3/7/7/7 x 0 1'))[1] - "
           "scores_both_ways(State.from_fen('7/7/7/7/7/7/7 x 0 1'))[1]; the answer is "
           "pair - (lone_stone(load_weights())[3, 3] + "
           "lone_stone(load_weights(), 'opponent')[2, 3]).")),
    compare=number_within(0.5))
