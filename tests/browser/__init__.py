"""Real-browser tests of the course's widgets (see conftest.py)."""
