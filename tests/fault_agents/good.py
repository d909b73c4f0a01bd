"""A correct agent: the first legal move every turn."""
if __name__ == "__main__":
    import sys, os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _common import run
    sys.exit(run())
