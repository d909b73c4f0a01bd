"""After answering READY, prints a million short lines nobody asked for."""
if __name__ == "__main__":
    import sys
    sys.stdin.readline()
    sys.stdout.write("OK\n" + "thinking...\n" * 1_000_000)
    sys.stdout.flush()
    for line in sys.stdin:
        pass
