"""Evaluation functions: how good a position looks, as a number, from one player's view.

An evaluation is a function ``evaluate(state, player) -> number``: larger is better for
``player``. The course's default for ATAXX is material (own stones minus the opponent's).

>>> from course_lib.ataxx import State
>>> material(State.start().play("b6"), 1)
1
"""

from __future__ import annotations

from typing import Any, Callable

from ..checks import check_player, describe
from ..errors import EvaluationMismatchError, InvalidAgentSpecError, InvalidArgumentError
from ..games import gomoku, othello

Evaluation = Callable[[Any, int], float]

WIN_SCORE = 1000
"""``exact`` scores a won finished game WIN_SCORE plus the margin, a lost one minus that."""

ATAXX_SQUARE_WEIGHTS = (
    (3, 2, 2, 2, 2, 2, 3),
    (2, 1, 1, 1, 1, 1, 2),
    (2, 1, 1, 1, 1, 1, 2),
    (2, 1, 1, 1, 1, 1, 2),
    (2, 1, 1, 1, 1, 1, 2),
    (2, 1, 1, 1, 1, 1, 2),
    (3, 2, 2, 2, 2, 2, 3),
)
"""A positional weight per ATAXX square, row x = 1..7 from the top: a stone with fewer
neighbours is harder to capture, so corners weigh 3, edges 2, the inside 1."""

TICTACTOE_SQUARE_WEIGHTS = (3, 2, 3, 2, 4, 2, 3, 2, 3)
"""Tic-tac-toe weights: how many lines pass through each square."""


def material(state: Any, player: int) -> int:
    """Material: ``player``'s stones (discs) minus the opponent's, for a game that counts them
    (ATAXX, Othello).

    >>> from course_lib.ataxx import State
    >>> material(State.start(), 1)
    0
    """
    try:
        return state.material(player)
    except AttributeError:
        raise InvalidArgumentError(f"material counts the stones of a game that has them (ATAXX, "
                                   f"Othello), not a {type(state).__name__}") from None


def square_weights(state: Any, player: int) -> int:
    """Sum of the square weights of ``player``'s stones minus the opponent's (ATAXX)."""
    check_player(player)
    total = 0
    try:
        grid = state.grid
    except AttributeError:
        raise InvalidArgumentError(f"square_weights scores an ATAXX State, not a "
                                   f"{type(state).__name__}") from None
    for x in range(1, 8):
        row, weights = grid[x], ATAXX_SQUARE_WEIGHTS[x - 1]
        for y in range(1, 8):
            if row[y] == player:
                total += weights[y - 1]
            elif row[y] == 3 - player:
                total -= weights[y - 1]
    return total


def open_lines(state: Any, player: int) -> int:
    """The lecture's tic-tac-toe evaluation: lines still open to ``player`` minus those open to
    the opponent."""
    try:
        return state.open_lines(player) - state.open_lines(3 - player)
    except AttributeError:
        raise InvalidArgumentError(f"open_lines scores a tic-tac-toe position, not a "
                                   f"{type(state).__name__}") from None


def leaf_value(state: Any, player: int) -> float:
    """An explicit game tree's leaf value, which is written from player 1's view."""
    value = state.leaf_value
    if value is None:
        raise EvaluationMismatchError(
            f"node {state.name} of the game tree is not a leaf and has no value; "
            "search this tree without a depth limit")
    return value if player == 1 else -value


def check_evaluation_function(evaluation: object, optional: bool = True) -> None:
    """Raise InvalidArgumentError unless ``evaluation`` is a function (state, player) ->
    number (or None, the game's default, when ``optional``)."""
    if (evaluation is None and optional) or callable(evaluation):
        return
    raise InvalidArgumentError(
        f"an evaluation is a function (state, player) -> number, such as material"
        + (", or None for the game's default" if optional else "") + f"; got "
        f"{describe(evaluation)} (a name such as 'material' goes in a spec: "
        f"make_agent('greedy:eval=material'))")


def exact(evaluation: Evaluation) -> Evaluation:
    """Wrap ``evaluation`` so that a finished game scores a win or a loss beyond any heuristic:
    +-(WIN_SCORE + |material|) for ATAXX, +-WIN_SCORE otherwise, 0 for a draw."""
    check_evaluation_function(evaluation, optional=False)

    def evaluate(state: Any, player: int) -> float:
        if not state.is_terminal():
            return evaluation(state, player)
        winner = state.winner()
        if winner == 0:
            return 0
        margin = abs(state.material(1)) if hasattr(state, "material") else 0
        return WIN_SCORE + margin if winner == player else -(WIN_SCORE + margin)

    evaluate.__name__ = f"exact({getattr(evaluation, '__name__', 'evaluation')})"
    evaluate.exact_of = evaluation          # type: ignore[attr-defined]  # for the fast tier
    return evaluate


EVALUATIONS: dict[str, Evaluation] = {
    "material": material,
    "weights": square_weights,
    "openlines": open_lines,
    "leaf": leaf_value,
    "arbitrary": othello.arbitrary_map,
    "research": othello.research_map,
    "patterns": gomoku.patterns,
}


def default_evaluation(state: Any) -> Evaluation:
    """The course's evaluation for the game of ``state``: material for ATAXX (and the disc
    count for Othello), open lines for tic-tac-toe, the leaf values for an explicit tree, the
    pattern evaluation for Gomoku."""
    if isinstance(state, gomoku.Gomoku):
        return gomoku.patterns
    if hasattr(state, "leaf_value"):
        return leaf_value
    if hasattr(state, "open_lines"):
        return open_lines
    if hasattr(state, "material"):
        return material
    raise EvaluationMismatchError(
        f"no default evaluation for {game_name(state)}; pass evaluation=..., a function "
        "(state, player) -> number")


def evaluation_named(name: str) -> Evaluation:
    """Look up an evaluation by name; ``'exact-material'`` etc. wraps it with ``exact``."""
    if not isinstance(name, str):
        raise InvalidAgentSpecError(f"an evaluation is named by text such as 'material', got "
                                    f"{name!r}")
    base = name.removeprefix("exact-")
    if base not in EVALUATIONS:
        raise InvalidAgentSpecError(
            f"unknown evaluation {name!r}; choose from " + ", ".join(sorted(EVALUATIONS))
            + " (prefix 'exact-' to score finished games as wins and losses)")
    if name == "exact-patterns":
        raise InvalidAgentSpecError(
            "'exact-patterns' would score a won game of Gomoku 1000, less than an open three "
            "(100,050); 'patterns' already scores five in a row 50,000,000, beyond any other "
            "pattern: use 'patterns'")
    return exact(EVALUATIONS[base]) if name.startswith("exact-") else EVALUATIONS[base]


# --- Which evaluation fits which game ---------------------------------------------------------


def game_name(state: Any) -> str:
    """What a position's game is called in messages: 'ATAXX', 'TicTacToe', 'GameTree', ...

    >>> from course_lib.ataxx import State
    >>> game_name(State.start())
    'ATAXX'
    """
    from ..ataxx import State
    return "ATAXX" if isinstance(state, State) else type(state).__name__


def _is_ataxx(state: Any) -> bool:
    from ..ataxx import State
    return isinstance(state, State)


_FITS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "material": (lambda state: callable(getattr(state, "material", None)),
                 "games that count stones (ATAXX, Othello)"),
    "weights": (_is_ataxx, "ATAXX (a weight per square of its 7x7 board)"),
    "openlines": (lambda state: callable(getattr(state, "open_lines", None)),
                  "tic-tac-toe (it counts open lines)"),
    "leaf": (lambda state: hasattr(state, "leaf_value"),
             "explicit game trees (it reads the values written at the leaves)"),
    "arbitrary": (lambda state: isinstance(state, othello.Othello),
                  "Othello (the study's arbitrary weight map of its 8x8 board)"),
    "research": (lambda state: isinstance(state, othello.Othello),
                 "Othello (the research-based weight map of its 8x8 board)"),
    "patterns": (lambda state: isinstance(state, gomoku.Gomoku),
                 "Gomoku (it counts rows of stones on its 15x15 board)"),
}
"""For each named evaluation: does it fit a position's game, and what is it for (in words)."""


def evaluations_for(state: Any) -> list[str]:
    """The names of the evaluations that fit the game of ``state`` (each also with exact-).

    >>> from course_lib.games import TicTacToe
    >>> evaluations_for(TicTacToe())
    ['openlines']
    """
    return [name for name, (fits, _) in _FITS.items() if fits(state)]


def check_evaluation(evaluation: Evaluation | None, state: Any) -> None:
    """Raise EvaluationMismatchError, in words, if the named evaluation ``evaluation`` does not
    fit the game of ``state``: tic-tac-toe's open lines on an ATAXX board, say. Functions of
    your own (and None, the game's default) are not checked.

    >>> from course_lib.ataxx import State
    >>> check_evaluation(open_lines, State.start())
    Traceback (most recent call last):
    ...
    course_lib.errors.EvaluationMismatchError: the evaluation 'openlines' is for tic-tac-toe (it counts open lines), not ATAXX; for ATAXX choose material or weights (or their exact- forms)
    """
    if evaluation is None:
        return
    base = getattr(evaluation, "exact_of", evaluation)
    name = next((key for key, function in EVALUATIONS.items() if function is base), None)
    if name is None or _FITS[name][0](state):
        return
    fitting = evaluations_for(state)
    game = game_name(state)
    exactable = [name for name in fitting if name != "patterns"]
    forms = ("" if not exactable else " (or its exact- form)" if len(exactable) == 1
             else " (or their exact- forms)")
    choice = (f"for {game} choose {' or '.join(fitting)}{forms}" if fitting
              else f"no named evaluation fits {game}: pass a function (state, player) -> number")
    label = name if evaluation is base else f"exact-{name}"
    raise EvaluationMismatchError(
        f"the evaluation {label!r} is for {_FITS[name][1]}, not {game}; {choice}")
