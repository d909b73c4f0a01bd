"""A minimal correct referee-protocol agent that the broken agents in this folder are made of.

It plays the first legal move in canonical order. ``run(on_turn=...)`` lets a script replace
the answer to a TURN (or misbehave instead of answering). The scripts import this module only
under ``if __name__ == "__main__"``: pytest imports every file here to look for doctests.
"""

from __future__ import annotations

import os
import sys
from typing import Callable

from course_lib.ataxx import START_FEN, Move, State


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def run(on_turn: Callable[[int, State, Move, int], str | None] | None = None,
        ready_answer: str = "OK") -> int:
    """Play until FINISH or the end of the input. ``on_turn(turn, state, move, my_ms)`` is
    called on this agent's ``turn``-th TURN (1, 2, ...) with the move it would play; a string it
    returns is sent instead of that move."""
    state = State.from_fen(os.environ.get("ATAXX_START_FEN") or START_FEN)
    turn = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "READY":
            say(ready_answer)
        elif words[0] == "TURN":
            turn += 1
            move = state.legal_moves()[0]
            text = f"MOVE {move.protocol()}"
            if on_turn is not None:
                text = on_turn(turn, state, move, int(words[1])) or text
            say(text)
            state = state.apply(move)
        elif words[0] == "OPP":
            state = state.play(Move(*(int(w) for w in words[1:5])))
        elif words[0] == "FINISH":
            return 0
    return 0
