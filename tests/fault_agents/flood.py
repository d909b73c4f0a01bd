"""Answers its first TURN with 10 MB of output and no newline."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run

    def on_turn(turn, state, move, my_ms):
        block = b"x" * 65536
        for _ in range(160):
            sys.stdout.buffer.write(block)
        sys.stdout.flush()

    sys.exit(run(on_turn))
