"""The exercises of notebook 12, learning to evaluate, registered with ``course_lib.exercises``.

Each right answer is computed here by the library when a check runs. The numbers are the
questions; the notebook shows the same ones.
"""

from __future__ import annotations

from ..exercises import register
from .compare import within

NETWORK_SCORE = 250
WIN_SCALE = 1000
SEARCH_PREDICTION = 0.6
GAME_RESULT = 0.0
LAM = 0.3
"""12-log-loss: the cross-entropy (natural log) of the prediction ``sigmoid(NETWORK_SCORE /
WIN_SCALE)`` against the training target ``LAM * GAME_RESULT + (1 - LAM) *
SEARCH_PREDICTION``."""

CORNER = (0, 0)
CENTRE = (3, 3)
"""12-lone-stone: how many hundredths of a stone more a lone stone of the side to move is worth
to the shipped network on the corner square a7 (row 0, column 0) than on the centre d4 (row 3,
column 3), as ``class_weights_on_board`` gives it."""


def _log_loss() -> float:
    import numpy as np

    from ..learn.train import log_loss
    target = LAM * GAME_RESULT + (1 - LAM) * SEARCH_PREDICTION
    return log_loss(np.array([NETWORK_SCORE / WIN_SCALE]), np.array([target]))


def _lone_stone() -> float:
    from ..learn.ntuple import class_weights_on_board, load_weights
    board = class_weights_on_board(load_weights().weights)
    return float(board[CORNER] - board[CENTRE])


register(
    "12-log-loss", _log_loss,
    mistake=0.825939,  # the loss against the game's result alone, -ln(1 - p)
    hint="the target is not the result alone: first target = 0.3 * 0 + 0.7 * 0.6, then "
         "p = sigmoid(250 / 1000), and the loss is -(target * ln p + (1 - target) * ln(1 - p)); "
         "log_loss(np.array([250 / 1000]), np.array([target])) computes the same from the "
         "log-odds.",
    compare=within(1e-4))

register(
    "12-lone-stone", _lone_stone,
    mistake=-31.461538,  # the centre less the corner, not the corner less the centre
    hint="board = class_weights_on_board(load_weights().weights) is a 7x7 array, row 0 at the "
         "top (a7 is board[0, 0], d4 is board[3, 3]); the answer is the corner's value less "
         "the centre's, a positive number if the corner is worth more.",
    compare=within(0.01))
