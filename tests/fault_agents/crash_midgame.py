"""Plays two moves, then raises an exception on its third TURN."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run

    def on_turn(turn, state, move, my_ms):
        if turn == 3:
            raise RuntimeError("deliberate crash on turn 3")

    sys.exit(run(on_turn))
