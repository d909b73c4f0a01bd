"""Plays one good move, then a move from an empty square (4,4) on its second TURN."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run
    sys.exit(run(lambda turn, state, move, my_ms: "MOVE 4 4 4 5" if turn == 2 else None))
