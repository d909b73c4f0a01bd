"""The notebooks as nbgrader assignments: every answer and check cell is marked up for nbgrader,
every implement-it exercise is asked in its notebook from its skeleton, the student copies are
nbgrader's, and ``nbgrader generate_assignment`` and ``nbgrader autograde`` grade a right and a
wrong submission with the notebook's own checks: notebook 03's implement-it exercises, and
notebook 08's open-ended one, an agent graded by games."""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from course_lib.exercises import CHECK_CALL, exercise_cells
from course_lib.grader import EXERCISES, MISTAKE_KINDS, skeleton

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))
GRADE_CALL = re.compile(r'grade\("([^"]+)",\s*(\w+)\)\s*\nresult\.show\(\)')


def _build_tool():
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _nbgrader(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def _source(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.fixture(scope="module", params=SOLUTIONS, ids=lambda path: path.name[:2])
def solution(request):
    return request.param.name[:2], json.loads(request.param.read_text())


def test_every_check_is_an_nbgrader_test_of_an_nbgrader_answer(solution):
    prefix, notebook = solution
    cells = notebook["cells"]
    answers = {_nbgrader(c)["grade_id"]: c for c in cells if _nbgrader(c).get("solution")}
    tests = {_nbgrader(c)["grade_id"]: c for c in cells if _nbgrader(c).get("grade")}
    asked = [name for cell in cells for name, _ in CHECK_CALL.findall(_source(cell))]
    asked += [name for cell in cells for name, _ in GRADE_CALL.findall(_source(cell))]
    assert asked and sorted(answers) == sorted(asked)
    assert sorted(tests) == sorted(f"{name}-check" for name in asked)
    for name in asked:
        assert name.startswith(prefix + "-")
        answer, test = _source(answers[name]), _source(tests[f"{name}-check"])
        assert "### BEGIN SOLUTION" in answer and "### END SOLUTION" in answer, name
        assert not _nbgrader(answers[name])["locked"]
        meta = _nbgrader(tests[f"{name}-check"])
        assert meta["locked"] and not meta["solution"] and meta["points"] >= 1, name
        hidden = test.split("### BEGIN HIDDEN TESTS", 1)[1].split("### END HIDDEN TESTS")[0]
        assert "assert" in hidden and name in test, name
        assert test.startswith("# NBVAL_CHECK_OUTPUT"), name     # its verdict is checked too
    ids = [_nbgrader(c)["grade_id"] for c in cells if _nbgrader(c)]
    assert len(ids) == len(set(ids)), "grade_ids must be unique in a notebook"


def test_every_implement_it_exercise_is_asked_once_in_its_notebook():
    where: dict[str, list[str]] = {}
    for path in SOLUTIONS:
        for cell in json.loads(path.read_text())["cells"]:
            grade_id = _nbgrader(cell).get("grade_id")
            if _nbgrader(cell).get("solution") and grade_id in EXERCISES:
                where.setdefault(grade_id, []).append(path.name[:2])
    assert sorted(where) == sorted(EXERCISES)
    for name, prefixes in where.items():
        assert prefixes == [name[:2]], name
    assert {name[:2] for name in where} >= {"02", "03", "04", "05", "06", "07"}


def test_student_copy_of_an_implement_it_cell_is_its_skeleton(solution):
    _, notebook = solution
    student = _build_tool().student_copy(notebook)
    stub = "    " + _build_tool().CODE_STUB + "\n"
    for cell in student["cells"]:
        name = _nbgrader(cell).get("grade_id")
        if _nbgrader(cell).get("solution") and name in EXERCISES:
            assert _source(cell) == skeleton(name).replace("    ...\n", stub).rstrip("\n"), name


def test_student_copies_in_the_repository_are_up_to_date():
    tool = _build_tool()
    for path in SOLUTIONS:
        student = json.loads((ROOT / "notebooks" / path.name).read_text())
        assert tool.sources(student) == tool.sources(tool.student_copy(json.loads(
            path.read_text()))), f"run python tools/build_notebooks.py {path.name[:2]}"


def test_the_exercise_cells_of_each_notebook_follow_its_exercises_heading(solution):
    _, notebook = solution
    marked = [c for c in notebook["cells"] if _nbgrader(c)]
    code = exercise_cells(notebook)
    for cell in marked:            # every marked cell is one the exercise tests run
        assert _source(cell) in code


# --- The round trip through nbgrader -------------------------------------------------------

ASSIGNMENT = "03_minimax_and_negamax"


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    # nbgrader runs its database migrations with the `alembic` program of its environment.
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def _submit(course: Path, student: str, release: dict, answers: dict[str, str],
            assignment: str = ASSIGNMENT) -> None:
    notebook = copy.deepcopy(release)
    for cell in notebook["cells"]:
        if _nbgrader(cell).get("solution"):
            cell["source"] = answers[_nbgrader(cell)["grade_id"]]
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True)
    (folder / f"{assignment}.ipynb").write_text(json.dumps(notebook))


def test_nbgrader_generates_the_student_copy_and_autogrades_submissions(tmp_path):
    course = tmp_path / "course"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_notebooks.py"), "--nbgrader",
                    str(course), "03"], check=True, capture_output=True)
    _run(["generate_assignment", ASSIGNMENT], course)
    release = json.loads((course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
    ours = json.loads((ROOT / "notebooks" / f"{ASSIGNMENT}.ipynb").read_text())
    assert _build_tool().sources(release) == _build_tool().sources(ours)

    solution = json.loads((course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
    right = {_nbgrader(c)["grade_id"]: "".join(line for line in c["source"]
                                               if "SOLUTION" not in line)
             for c in solution["cells"] if _nbgrader(c).get("solution")}
    points = {_nbgrader(c)["grade_id"]: _nbgrader(c)["points"]
              for c in solution["cells"] if _nbgrader(c).get("grade")}
    wrong = dict(right)
    assert "value = -value\n" in wrong["03-negamax"]
    wrong["03-negamax"] = wrong["03-negamax"].replace("value = -value\n", "value = value\n")
    _submit(course, "ada", release, right)
    _submit(course, "bob", release, wrong)
    _submit(course, "cy", release, {name: _source(c) for c in release["cells"]
                                    for name in [_nbgrader(c).get("grade_id")]
                                    if _nbgrader(c).get("solution")})
    _run(["autograde", ASSIGNMENT], course)

    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {student: gradebook.find_submission(ASSIGNMENT, student).score
                  for student in ("ada", "bob", "cy")}
        total = gradebook.find_assignment(ASSIGNMENT).max_score
    assert total == sum(points.values())
    assert scores == {"ada": total, "bob": total - points["03-negamax-check"], "cy": 0}
    graded = json.loads((course / "autograded" / "bob" / ASSIGNMENT /
                         f"{ASSIGNMENT}.ipynb").read_text())
    printed = "".join("".join(output.get("text", "")) for cell in graded["cells"]
                      if _nbgrader(cell).get("grade_id") == "03-negamax-check"
                      for output in cell["outputs"])
    assert printed.startswith("03-negamax: wrong (hint 1 of 3)")     # a fresh kernel: a first try
    kind = MISTAKE_KINDS["negamax_sign"]
    assert kind.question in printed and kind.seen not in printed


# --- The round trip of an open-ended exercise: an agent graded by games ---------------------------

ENTRY = "08_entry"
FIRST_LEGAL = """%%writefile "{entry_dir}/my_agent.py"
class MyAgent:
    name = "first-legal"

    def choose_move(self, state):
        return state.legal_moves()[0]
"""


def test_nbgrader_autogrades_notebook_08s_agent_by_its_games(tmp_path):
    """Notebook 08's imports and its open-ended exercise, as an assignment of their own: the
    solution's agent gets the points, an agent that loses to greedy none, and the skeleton
    none, with the check's verdict and first hint in the graded notebook."""
    notebook = json.loads((ROOT / "notebooks" / "solutions" / "08_tournament.ipynb").read_text())
    cells = notebook["cells"]
    start = next(i for i, c in enumerate(cells) if c["id"] == "nb08-ex5")
    end = next(i for i, c in enumerate(cells) if c["id"] == "nb08-ex5-check")
    notebook["cells"] = [next(c for c in cells if c["cell_type"] == "code")] + cells[start:end + 1]
    course = tmp_path / "course"
    source = course / "source" / ENTRY
    source.mkdir(parents=True)
    (source / f"{ENTRY}.ipynb").write_text(json.dumps(notebook))
    (course / "nbgrader_config.py").write_text(_build_tool().NBGRADER_CONFIG)
    _run(["generate_assignment", ENTRY], course)
    release = json.loads((course / "release" / ENTRY / f"{ENTRY}.ipynb").read_text())
    [answer] = [c for c in release["cells"] if _nbgrader(c).get("solution")]
    assert "...  # your answer" in _source(answer) and "SOLUTION" not in _source(answer)

    right = "".join(line for line in _source(next(c for c in notebook["cells"]
                                                  if _nbgrader(c).get("solution")))
                    .splitlines(keepends=True) if "SOLUTION" not in line)
    _submit(course, "ada", release, {"08-tournament-entry": right}, ENTRY)
    _submit(course, "bob", release, {"08-tournament-entry": FIRST_LEGAL}, ENTRY)
    _submit(course, "cy", release, {"08-tournament-entry": _source(answer)}, ENTRY)
    _run(["autograde", ENTRY], course)

    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {student: gradebook.find_submission(ENTRY, student).score
                  for student in ("ada", "bob", "cy")}
    assert scores == {"ada": 3, "bob": 0, "cy": 0}
    graded = json.loads((course / "autograded" / "bob" / ENTRY / f"{ENTRY}.ipynb").read_text())
    printed = "".join("".join(output.get("text", "")) for cell in graded["cells"]
                      for output in cell.get("outputs", []))
    assert "first-legal vs greedy: +0 =0 -10" in printed
    assert "08-tournament-entry: wrong: <entry test: first-legal vs greedy" in printed
    from course_lib.exercises import _EXERCISES, registered
    registered("08")
    assert f"hint 1 of 3: {_EXERCISES['08-tournament-entry'].hints[0]}" in printed
