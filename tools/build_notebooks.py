#!/usr/bin/env python3
"""Make the student notebooks from the solution notebooks, run them, or set up an nbgrader course.

    python tools/build_notebooks.py            # write notebooks/NN_*.ipynb from solutions/
    python tools/build_notebooks.py --execute  # ... then run every notebook, storing outputs
    python tools/build_notebooks.py --check    # exit 1 if a student copy is out of date
    python tools/build_notebooks.py --nbgrader DIR   # an nbgrader course directory in DIR

The solution notebooks in notebooks/solutions/ are the ones to edit. They are marked up for
nbgrader: an answer is a region between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` in a
cell whose nbgrader metadata says ``"solution": true`` (its ``grade_id`` is the exercise's name,
``03-negamax``); a check cell is an nbgrader test cell (``"grade": true``, points,
``grade_id`` NAME-check) whose ``### BEGIN HIDDEN TESTS`` region asserts the answer is right.

The student copies are made by nbgrader's own preprocessors, ``ClearSolutions`` (a solution
region becomes ``CODE_STUB``) and ``ClearHiddenTests``, the two that ``nbgrader
generate_assignment`` applies to the code, so a released assignment and the student copy in
this repository have the same code. ``generate_assignment`` itself is not used here: it needs a
course directory and a database, and it clears the outputs, while the student copies in this
repository keep their executed outputs, which nbval checks.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "notebooks" / "solutions"
STUDENT = ROOT / "notebooks"

CODE_STUB = "...  # your answer"
"""What a solution region becomes in the student's copy (nbgrader's ``code_stub``)."""

NBGRADER_CONFIG = f'''"""nbgrader's settings for the game-tree search course (made by tools/build_notebooks.py)."""
c = get_config()  # noqa: F821 - nbgrader's config loader defines get_config

# A solution region becomes this line in the student's copy, as in the course's own copies.
c.ClearSolutions.code_stub = {{"python": {CODE_STUB!r}}}
# Every notebook runs in the kernel of the Python that has course_lib installed.
c.Execute.timeout = 600
'''


def student_copy(solution: dict) -> dict:
    """The student's copy of a solution notebook: nbgrader's ClearSolutions and ClearHiddenTests
    applied, everything else (markdown, outputs, metadata) as it was."""
    import nbformat
    from nbgrader.preprocessors import ClearHiddenTests, ClearSolutions

    notebook = nbformat.reads(json.dumps(solution), as_version=4)
    resources: dict = {}
    notebook, resources = ClearSolutions(code_stub={"python": CODE_STUB},
                                         enforce_metadata=True).preprocess(notebook, resources)
    notebook, resources = ClearHiddenTests(enforce_metadata=True).preprocess(notebook, resources)
    copy = json.loads(nbformat.writes(notebook))
    for cell in copy["cells"]:                  # keep the file's form: sources as line lists
        if isinstance(cell.get("source"), str):
            cell["source"] = cell["source"].splitlines(keepends=True)
    return copy



def sources(notebook: dict) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"]]


def execute(path: Path) -> None:
    """Run the notebook in a fresh kernel, storing its outputs, and drop the saved widget
    state: widgets come alive when the notebook runs, and their state would bloat the file."""
    print(f"executing {path.relative_to(ROOT)}", flush=True)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook",
                    "--execute", "--inplace", "--ExecutePreprocessor.timeout=600", str(path)],
                   check=True, cwd=path.parent)
    notebook = json.loads(path.read_text())
    notebook.get("metadata", {}).pop("widgets", None)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def nbgrader_course(directory: Path, names: list[str]) -> list[str]:
    """Write an nbgrader course directory: ``nbgrader_config.py`` and, for each solution
    notebook, ``source/NN_name/NN_name.ipynb`` (one assignment per notebook). Return the
    assignment names."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "nbgrader_config.py").write_text(NBGRADER_CONFIG)
    assignments = []
    for solution_path in sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb")):
        if names and not any(solution_path.name.startswith(n) for n in names):
            continue
        assignment = solution_path.stem
        target = directory / "source" / assignment
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(solution_path, target / solution_path.name)
        assignments.append(assignment)
    return assignments


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--execute", action="store_true", help="run every notebook afterwards")
    parser.add_argument("--check", action="store_true", help="only check the student copies")
    parser.add_argument("--nbgrader", metavar="DIR", type=Path,
                        help="write an nbgrader course directory in DIR instead")
    parser.add_argument("names", nargs="*", help="only these notebooks (e.g. 01)")
    args = parser.parse_args()
    if args.nbgrader is not None:
        if args.nbgrader.exists() and not args.nbgrader.is_dir():
            parser.error(f"--nbgrader wants a directory, and {args.nbgrader} is a file")
        assignments = nbgrader_course(args.nbgrader, args.names)
        if not assignments:
            parser.error(f"no solution notebook starts with {' or '.join(args.names)}")
        print(f"nbgrader course in {args.nbgrader}: assignments {', '.join(assignments)}")
        print(f"next: cd {args.nbgrader} && nbgrader generate_assignment {assignments[0]}")
        return 0
    stale = []
    for solution_path in sorted(SOLUTIONS.glob("*.ipynb")):
        if args.names and not any(solution_path.name.startswith(n) for n in args.names):
            continue
        target = STUDENT / solution_path.name
        copy = student_copy(json.loads(solution_path.read_text()))
        if args.check:
            if not target.exists() or sources(json.loads(target.read_text())) != sources(copy):
                stale.append(target.name)
            continue
        target.write_text(json.dumps(copy, indent=1, ensure_ascii=False) + "\n")
        if args.execute:
            execute(solution_path)
            execute(target)
    if stale:
        print("out of date (run python tools/build_notebooks.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
