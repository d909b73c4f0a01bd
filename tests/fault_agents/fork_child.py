"""Starts a child that sleeps forever (holding the same pipes), plays one move, then dies on
its second TURN without answering. The child's command line carries this script's arguments,
so that a test can look for it."""
if __name__ == "__main__":
    import sys, os, subprocess
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", *sys.argv[1:]])

    def on_turn(turn, state, move, my_ms):
        if turn == 2:
            os._exit(1)

    sys.exit(run(on_turn))
