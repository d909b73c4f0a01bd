"""nbval runs the Korean solution notebooks (solutions/); the student copies here are made
from them by tools/build_notebooks.py and checked for structure by
tests/test_notebook_translations.py, not run a second time."""

from pathlib import Path

collect_ignore = [path.name for path in Path(__file__).parent.glob("[0-9][0-9]_*.ipynb")]
