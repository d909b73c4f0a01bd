"""Ignores SIGTERM, and never answers its first TURN: only SIGKILL stops it."""
if __name__ == "__main__":
    import sys, os, signal, time
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

    def on_turn(turn, state, move, my_ms):
        while True:
            time.sleep(3600)

    sys.exit(run(on_turn))
