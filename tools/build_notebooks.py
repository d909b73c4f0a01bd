#!/usr/bin/env python3
"""Make the student notebooks from the solution notebooks, run them, or set up an nbgrader course.

    python tools/build_notebooks.py            # write notebooks/NN_*.ipynb from solutions/
    python tools/build_notebooks.py --execute  # ... then run every notebook, storing outputs
    python tools/build_notebooks.py --check    # exit 1 if a student copy is out of date
    python tools/build_notebooks.py --nbgrader DIR   # an nbgrader course directory in DIR
    python tools/build_notebooks.py --lang ko  # the Korean edition (each option above works too)

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

A translated edition (``--lang ko``) is made from the English solution notebooks and one
translation catalog per notebook, ``notebooks/i18n/ko/NN_name.po`` (see tools/translate.py):
its solution notebooks go to ``notebooks/ko/solutions/`` and its student copies, made from
them the same way, to ``notebooks/ko/``. Only the notebooks that have a catalog are built. A
cell whose translation is missing or stale stays English, and the build says which. The
edition chooses its language in a cell of its own, ``use_language("ko")``, put before the
first code cell (read-only for nbgrader), so that the notebook speaks Korean in any
JupyterLab, and every other cell is its English cell translated. Without ``--execute`` a
cell keeps the outputs it had in the edition's previous build (the student copy its own)
while its source is the same.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import translate  # noqa: E402 - tools/translate.py, beside this file

LANGUAGE_CELL_ID = "use-language"
LANGUAGE_CELLS = {
    "ko": '# 이 노트북은 한국어판입니다: 확인 결과와 힌트, 보드 위젯이 한국어로 나오고, 그림에 한글을\n'
          '# 씁니다. 영어로 보려면 "ko"를 "en"으로 바꾸고 다시 실행하십시오.\n'
          'from course_lib.i18n import use_language\n\nuse_language("ko")',
}
"""The cell a translated edition starts its code with: it chooses the notebook's language."""


def edition(lang: str) -> tuple[Path, Path]:
    """(the solution notebooks' folder, the student copies' folder) of the edition ``lang``."""
    if lang == "en":
        return SOLUTIONS, STUDENT
    return STUDENT / lang / "solutions", STUDENT / lang

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



def translated_solution(english_path: Path, lang: str,
                        previous: dict | None = None) -> tuple[dict, list]:
    """The ``lang`` solution notebook made from the English one at ``english_path`` and its
    catalog, with the language cell; ``previous`` (the edition's notebook as it was) lends
    its outputs to the cells whose source is the same. Returns (the notebook, the cells
    whose translation is missing or stale, which stay English)."""
    catalog = translate.read_catalog(translate.catalog_path(lang, english_path))
    notebook, problems = translate.translated(json.loads(english_path.read_text()), catalog,
                                              english_path.stem)
    first_code = next(i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code")
    # A read-only cell for nbgrader: autograding runs it as released (in the edition's
    # language, in which the hidden tests read the check lines) even if a student changed it.
    notebook["cells"].insert(first_code, {
        "cell_type": "code", "execution_count": None, "id": LANGUAGE_CELL_ID,
        "metadata": {"nbgrader": {"grade": False, "grade_id": LANGUAGE_CELL_ID, "locked": True,
                                  "schema_version": 3, "solution": False, "task": False}},
        "outputs": [], "source": LANGUAGE_CELLS[lang].splitlines(keepends=True)})
    return keep_outputs(notebook, previous), problems


def keep_outputs(notebook: dict, previous: dict | None) -> dict:
    """``notebook`` with each code cell's outputs (and the times of the run that made them)
    taken from the cell of ``previous`` with the same id and source, and cleared where there
    is none (a cell that changed shows no output until the notebook runs again)."""
    before = {c["id"]: c for c in (previous or {}).get("cells", [])}
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        old = before.get(cell["id"])
        same = old is not None and "".join(old["source"]) == "".join(cell["source"])
        cell["outputs"] = old["outputs"] if same else []
        cell["execution_count"] = old["execution_count"] if same else None
        metadata = {k: v for k, v in cell["metadata"].items() if k != "execution"}
        if same and "execution" in old["metadata"]:
            metadata = {"execution": old["metadata"]["execution"], **metadata}
        cell["metadata"] = metadata
    return notebook


def write_notebook(path: Path, notebook: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


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


def nbgrader_course(directory: Path, names: list[str], lang: str = "en") -> list[str]:
    """Write an nbgrader course directory: ``nbgrader_config.py`` and, for each solution
    notebook of the edition ``lang``, ``source/NN_name/NN_name.ipynb`` (one assignment per
    notebook). Return the assignment names."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "nbgrader_config.py").write_text(NBGRADER_CONFIG)
    assignments = []
    for solution_path in sorted(edition(lang)[0].glob("[0-9][0-9]_*.ipynb")):
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
    parser.add_argument("--lang", default="en", choices=["en", *sorted(LANGUAGE_CELLS)],
                        help="the edition: en (the default) or a translation")
    parser.add_argument("names", nargs="*", help="only these notebooks (e.g. 01)")
    args = parser.parse_args()
    if args.nbgrader is not None:
        if args.nbgrader.exists() and not args.nbgrader.is_dir():
            parser.error(f"--nbgrader wants a directory, and {args.nbgrader} is a file")
        assignments = nbgrader_course(args.nbgrader, args.names, args.lang)
        if not assignments:
            parser.error(f"no {args.lang} solution notebook starts with "
                         f"{' or '.join(args.names) or 'a number'}")
        print(f"nbgrader course in {args.nbgrader}: assignments {', '.join(assignments)}")
        print(f"next: cd {args.nbgrader} && nbgrader generate_assignment {assignments[0]}")
        return 0
    if args.lang != "en":
        return build_translation(args.lang, args.names, args.check, args.execute)
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
        write_notebook(target, copy)
        if args.execute:
            execute(solution_path)
            execute(target)
    if stale:
        print("out of date (run python tools/build_notebooks.py):", ", ".join(stale))
        return 1
    return 0


def build_translation(lang: str, names: list[str], check: bool, execute_them: bool) -> int:
    """Build (or, with ``check``, only check) the ``lang`` edition of the notebooks that
    have a catalog; see the module's docstring."""
    solutions, students = edition(lang)
    stale, untranslated = [], []
    for name in translate.translated_names(lang):
        if names and not any(name.startswith(n) for n in names):
            continue
        solution_path, target = solutions / f"{name}.ipynb", students / f"{name}.ipynb"
        previous = json.loads(solution_path.read_text()) if solution_path.exists() else None
        solution, problems = translated_solution(SOLUTIONS / f"{name}.ipynb", lang, previous)
        untranslated += problems
        # The student copy's outputs are its own (a check says "not answered yet"), not the
        # solution's.
        copy = keep_outputs(student_copy(solution),
                            json.loads(target.read_text()) if target.exists() else None)
        if check:
            for path, notebook in ((solution_path, solution), (target, copy)):
                if not path.exists() or sources(json.loads(path.read_text())) != sources(
                        notebook):
                    stale.append(str(path.relative_to(ROOT)))
            continue
        write_notebook(solution_path, solution)
        write_notebook(target, copy)
        if execute_them:
            execute(solution_path)
            execute(target)
    for problem in untranslated:
        print(f"left in English: {problem}")
    if stale:
        print(f"out of date (run python tools/build_notebooks.py --lang {lang}):",
              ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
