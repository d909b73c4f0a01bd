"""Never reads its input and never answers: it just sleeps."""
if __name__ == "__main__":
    import time
    time.sleep(3600)
