"""A correct agent that writes its clones with any source: each turn it draws uniformly, from a
seeded generator, among every (source, destination) pair its stones can reach, as naive code
does, so most clones are sent with a source other than the canonical one. It writes every
line it sends ('< ...') and receives ('> ...') to the log file named by its second argument.

    python any_source.py SEED LOG

It keeps its own board with the rules written out here (no course_lib), so that what it sends
does not depend on the code under test.
"""

from __future__ import annotations

import os
import random
import sys

START = "x5o/7/7/7/7/7/o5x x 0 1"


def read_fen(fen: str) -> tuple[dict, int]:
    """The board {(x, y): 'x' | 'o' | '-'} and the side to move ('x' or 'o') of a FEN; rank 7
    is x = 1, file a is y = 1."""
    rows, side = fen.split()[:2]
    board = {}
    for x, row in enumerate(rows.split("/"), start=1):
        y = 1
        for char in row:
            if char.isdigit():
                y += int(char)
            else:
                if char in "xo-":
                    board[x, y] = char
                y += 1
    return board, side


def pairs(board: dict, me: str) -> list[tuple[int, int, int, int]]:
    """Every (source, destination) a stone of ``me`` can reach: distance 1 or 2, empty."""
    found = []
    for (x, y), who in sorted(board.items()):
        if who != me:
            continue
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                tx, ty = x + dx, y + dy
                if (dx or dy) and 1 <= tx <= 7 and 1 <= ty <= 7 and (tx, ty) not in board:
                    found.append((x, y, tx, ty))
    return found


def play(board: dict, me: str, move: tuple[int, int, int, int]) -> None:
    x1, y1, x2, y2 = move
    if x1 == -1:
        return
    if max(abs(x2 - x1), abs(y2 - y1)) == 2:
        del board[x1, y1]
    board[x2, y2] = me
    other = "o" if me == "x" else "x"
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if board.get((x2 + dx, y2 + dy)) == other:
                board[x2 + dx, y2 + dy] = me


def main() -> int:
    rng = random.Random(int(sys.argv[1]))
    log = open(sys.argv[2], "w", encoding="utf-8")
    board, _ = read_fen(os.environ.get("ATAXX_START_FEN") or START)
    me = "x"

    def send(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        log.write("< " + text + "\n")
        log.flush()

    for line in sys.stdin:
        log.write("> " + line.rstrip("\n") + "\n")
        log.flush()
        words = line.split()
        if not words:
            continue
        if words[0] == "READY":
            me = "x" if words[1] == "FIRST" else "o"
            send("OK")
        elif words[0] == "TURN":
            options = pairs(board, me)
            move = rng.choice(options) if options else (-1, -1, -1, -1)
            send("MOVE " + " ".join(map(str, move)))
            play(board, me, move)
        elif words[0] == "OPP":
            play(board, "o" if me == "x" else "x", tuple(int(w) for w in words[1:5]))
        elif words[0] == "FINISH":
            break
    log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
