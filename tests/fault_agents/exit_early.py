"""Plays one move, then exits with code 0 on its second TURN without answering."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run

    def on_turn(turn, state, move, my_ms):
        if turn == 2:
            sys.exit(0)

    sys.exit(run(on_turn))
