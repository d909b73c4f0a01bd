"""Crashes before answering READY."""
if __name__ == "__main__":
    raise RuntimeError("deliberate crash at start")
