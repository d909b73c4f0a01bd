"""Answers READY, plays one move, then never answers its second TURN."""
if __name__ == "__main__":
    import sys, os, time
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run

    def on_turn(turn, state, move, my_ms):
        if turn == 2:
            time.sleep(3600)

    sys.exit(run(on_turn))
