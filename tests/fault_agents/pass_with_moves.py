"""Passes on its first TURN although it has moves."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run
    sys.exit(run(lambda turn, state, move, my_ms: "MOVE -1 -1 -1 -1"))
