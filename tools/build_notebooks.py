#!/usr/bin/env python3
"""Make the student notebooks from the solution notebooks, and optionally execute them all.

    python tools/build_notebooks.py            # write notebooks/NN_*.ipynb from solutions/
    python tools/build_notebooks.py --execute  # ... then run every notebook, storing outputs
    python tools/build_notebooks.py --check    # exit 1 if a student copy is out of date

The solution notebooks in notebooks/solutions/ are the ones to edit. In a solution notebook, a
line that ends with ``# SOLUTION`` is an answer: in the student copy, ``name = value  # SOLUTION``
becomes ``name = ...  # your answer``. Nothing else differs.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "notebooks" / "solutions"
STUDENT = ROOT / "notebooks"
ANSWER = re.compile(r"^(\s*)([A-Za-z_][A-Za-z_0-9]*)\s*=.*#\s*SOLUTION\s*$")


def student_source(line: str) -> str:
    match = ANSWER.match(line.rstrip("\n"))
    if not match:
        return line
    indent, name = match.groups()
    return f"{indent}{name} = ...  # your answer" + ("\n" if line.endswith("\n") else "")


def student_copy(solution: dict) -> dict:
    notebook = json.loads(json.dumps(solution))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            source = cell["source"]
            lines = source if isinstance(source, list) else source.splitlines(keepends=True)
            cell["source"] = [student_source(line) for line in lines]
    return notebook


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--execute", action="store_true", help="run every notebook afterwards")
    parser.add_argument("--check", action="store_true", help="only check the student copies")
    parser.add_argument("names", nargs="*", help="only these notebooks (e.g. 01)")
    args = parser.parse_args()
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
