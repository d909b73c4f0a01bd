"""Answers its second TURN correctly, but 3 s after its clock has run out."""
if __name__ == "__main__":
    import sys, os, time
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run

    def on_turn(turn, state, move, my_ms):
        if turn == 2:
            time.sleep(my_ms / 1000 + 3.0)

    sys.exit(run(on_turn))
