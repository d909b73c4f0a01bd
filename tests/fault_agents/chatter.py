"""Plays correct moves but prints an extra line after its first MOVE."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run

    def on_turn(turn, state, move, my_ms):
        if turn == 1:
            return f"MOVE {move.protocol()}\ninfo string my first move"

    sys.exit(run(on_turn))
