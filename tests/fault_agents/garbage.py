"""Answers its first TURN with a line that is not a MOVE."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run
    sys.exit(run(lambda turn, state, move, my_ms: "HELLO referee, here is my move: b6"))
