"""The Korean edition of the notebooks, kept in step with the English one.

Each translated notebook has a catalog, ``notebooks/i18n/ko/NN_name.po`` (tools/translate.py);
the Korean solution notebooks in ``notebooks/ko/solutions`` are built from the English ones
and the catalogs, the student copies in ``notebooks/ko`` from those (tools/build_notebooks.py).
nbval runs the Korean solution notebooks; the student copies are checked here, for structure.
"""

from __future__ import annotations

import ast
import io
import json
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import translate  # noqa: E402 - tools/translate.py

HANGUL = re.compile("[\uac00-\ud7a3]")
NAMES = translate.translated_names("ko")


def _build_tool():
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _english(name: str) -> dict:
    return json.loads((ROOT / "notebooks" / "solutions" / f"{name}.ipynb").read_text())


def _korean(name: str, student: bool = False) -> dict:
    folder = ROOT / "notebooks" / "ko" / ("" if student else "solutions")
    return json.loads((folder / f"{name}.ipynb").read_text())


def _cells(notebook: dict) -> dict[str, dict]:
    return {cell["id"]: cell for cell in notebook["cells"]}


def test_notebook_01_is_translated():
    assert "01_rules_and_moves" in NAMES


# --- Staleness: a changed English cell is reported ----------------------------------------------

def test_no_translated_notebook_has_a_missing_or_stale_cell():
    problems = translate.notebook_problems("ko")
    assert problems == [], "\n".join(map(str, problems)) + (
        "\nrun python tools/translate.py update, translate, then python "
        "tools/build_notebooks.py --lang ko --execute")


@pytest.fixture
def english_and_catalogs(tmp_path):
    """A copy of notebook 01 (English solution) and of its Korean catalog, to change (the
    other notebooks' catalogs stay out: without their English they would be reported)."""
    solutions, catalogs = tmp_path / "solutions", tmp_path / "i18n"
    solutions.mkdir()
    name = "01_rules_and_moves"
    (solutions / f"{name}.ipynb").write_text(
        (ROOT / "notebooks" / "solutions" / f"{name}.ipynb").read_text())
    (catalogs / "ko").mkdir(parents=True)
    (catalogs / "ko" / f"{name}.po").write_text(
        (ROOT / "notebooks" / "i18n" / "ko" / f"{name}.po").read_text())
    return solutions, catalogs, solutions / f"{name}.ipynb"


def _change(path: Path, cell_id: str, new_source: str | None = None,
            insert_after: str | None = None) -> None:
    notebook = json.loads(path.read_text())
    cells = notebook["cells"]
    if insert_after is None:
        cell = next(c for c in cells if c["id"] == cell_id)
        cell["source"] = new_source
    else:
        where = next(i for i, c in enumerate(cells) if c["id"] == insert_after)
        cells.insert(where + 1, {"cell_type": "markdown", "id": cell_id, "metadata": {},
                                 "source": new_source})
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def test_a_changed_english_cell_is_reported_stale_by_notebook_and_cell(english_and_catalogs):
    solutions, catalogs, english = english_and_catalogs
    assert translate.notebook_problems("ko", solutions, catalogs) == []
    source = "".join(_cells(json.loads(english.read_text()))["c45"]["source"])
    _change(english, "c45", source.replace("a random agent", "a greedy agent"))
    problems = translate.notebook_problems("ko", solutions, catalogs)
    assert [(p.notebook, p.cell, p.kind) for p in problems] == [
        ("01_rules_and_moves", "c45", "stale")]
    assert str(problems[0]).startswith("01_rules_and_moves cell c45: stale")


def test_a_new_english_cell_is_reported_missing(english_and_catalogs):
    solutions, catalogs, english = english_and_catalogs
    _change(english, "c45b", "A new paragraph.", insert_after="c45")
    problems = translate.notebook_problems("ko", solutions, catalogs)
    assert [(p.notebook, p.cell, p.kind) for p in problems] == [
        ("01_rules_and_moves", "c45b", "missing")]


def test_the_status_command_reports_the_repository_clean():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "translate.py"), "status"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("0 problems")


def test_update_keeps_old_translations_fuzzy_with_the_previous_english(english_and_catalogs):
    solutions, catalogs, english = english_and_catalogs
    path = translate.catalog_path("ko", english, catalogs)
    before = {e.msgctxt: e for e in translate.read_catalog(path)}
    old_english = before["c45"].msgid
    _change(english, "c45", old_english.replace("a random agent", "a greedy agent"))
    _change(english, "c45b", "A new paragraph.", insert_after="c45")
    notebook = json.loads(english.read_text())
    notebook["cells"] = [c for c in notebook["cells"] if c["id"] != "c47"]     # deleted
    english.write_text(json.dumps(notebook, indent=1))

    assert translate.update_notebooks("ko", [], solutions, catalogs) == [path]
    text = path.read_text()
    after = {e.msgctxt: e for e in translate.read_catalog(path)}
    changed = after["c45"]
    assert "fuzzy" in changed.flags and changed.msgstr == before["c45"].msgstr
    assert changed.previous_msgid == old_english and "a greedy agent" in changed.msgid
    assert '#| msgid ""\n#| "## 2. Play a game\\n"' in text           # gettext's form
    assert after["c45b"].msgstr == "" and not after["c45b"].obsolete
    assert after["c47"].obsolete and after["c47"].msgstr == before["c47"].msgstr
    assert [str(p) for p in translate.notebook_problems("ko", solutions, catalogs)] == [
        "01_rules_and_moves cell c45: stale (fuzzy: check the translation against the "
        "English and remove the fuzzy flag)",
        "01_rules_and_moves cell c45b: missing (no translation)"]
    # A second update with nothing changed in English changes nothing.
    assert translate.update_notebooks("ko", [], solutions, catalogs) == []
    # The English changed again: the previous msgid stays the English the translation is of.
    _change(english, "c45", old_english.replace("a random agent", "an MCTS agent"))
    translate.update_notebooks("ko", [], solutions, catalogs)
    again = {e.msgctxt: e for e in translate.read_catalog(path)}["c45"]
    assert again.previous_msgid == old_english and "an MCTS agent" in again.msgid


def test_a_new_code_cell_is_offered_as_its_english_code_marked_fuzzy():
    notebook = {"cells": [
        {"cell_type": "code", "id": "k1", "metadata": {}, "source": "x = 1  # one"},
        {"cell_type": "code", "id": "k2", "metadata": {}, "source": "# NBVAL_CHECK_OUTPUT\nx"},
        {"cell_type": "markdown", "id": "k3", "metadata": {}, "source": "Text."}]}
    catalog = translate.update_catalog(notebook, None, "ko", "99_demo")
    entries = {e.msgctxt: e for e in catalog}
    assert entries["k1"].msgstr == "x = 1  # one" and "fuzzy" in entries["k1"].flags
    assert "k2" not in entries                   # no words: the same code in every language
    assert entries["k3"].msgstr == ""


# --- The Korean notebooks ------------------------------------------------------------------------

@pytest.fixture(params=NAMES)
def name(request):
    return request.param


def test_the_korean_notebooks_are_built_from_the_english_and_the_catalogs(name):
    """The stored Korean solution notebook is what the builder makes now, and the stored
    student copy is nbgrader's student copy of it (same sources, cell by cell)."""
    tool = _build_tool()
    solution, problems = tool.translated_solution(
        ROOT / "notebooks" / "solutions" / f"{name}.ipynb", "ko")
    assert problems == []
    stored = _korean(name)
    assert tool.sources(stored) == tool.sources(solution), (
        f"run python tools/build_notebooks.py --lang ko --execute {name[:2]}")
    student = _korean(name, student=True)
    assert tool.sources(student) == tool.sources(tool.student_copy(stored))
    assert [c["id"] for c in student["cells"]] == [c["id"] for c in stored["cells"]]
    assert [c.get("metadata", {}).get("nbgrader") for c in student["cells"]] == [
        c.get("metadata", {}).get("nbgrader") for c in stored["cells"]]
    text = json.dumps(student)
    assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text


def test_a_korean_notebook_chooses_korean_in_its_first_code_cell(name):
    tool = _build_tool()
    for notebook in (_korean(name), _korean(name, student=True)):
        code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        assert code[0]["id"] == tool.LANGUAGE_CELL_ID
        assert 'use_language("ko")' in "".join(code[0]["source"])
        assert [c["id"] for c in code[1:]] == [
            c["id"] for c in _english(name)["cells"] if c["cell_type"] == "code"]


def test_every_markdown_cell_is_translated(name):
    english = _cells(_english(name))
    for cell in _korean(name)["cells"]:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            assert HANGUL.search(text) and text != "".join(english[cell["id"]]["source"]), (
                f"{name} cell {cell['id']} is not in Korean")


def _skeleton(source: str) -> tuple[str, list[str]]:
    """The code's AST with every string constant blanked (the text around an f-string's
    values too), and its marker comments (nbval's and nbgrader's): what a translation must
    not change. A cell magic's line stays as it is; under ``%%writefile`` a Python file
    (``.py``) is read as Python, any other file's text must stay as it is."""
    if source.startswith("%%"):
        magic, _, body = source.partition("\n")
        if re.match(r"%%writefile\s.*\.py\"?\s*$", magic):
            return (magic, *_skeleton(body))
        return (magic, body)

    class Blank(ast.NodeTransformer):
        def visit_JoinedStr(self, node):
            node.values = [self.visit(v) for v in node.values
                           if not isinstance(v, ast.Constant)]
            return node

        def visit_Constant(self, node):
            return ast.Constant("") if isinstance(node.value, str) else node

    tree = Blank().visit(ast.parse(source))
    markers = [t.string.strip() for t in tokenize.generate_tokens(io.StringIO(source).readline)
               if t.type == tokenize.COMMENT and translate.MARKER.fullmatch(t.string.strip())]
    return ast.dump(tree), markers


def test_translated_code_cells_are_the_english_code(name):
    english = _cells(_english(name))
    for cell in _korean(name)["cells"]:
        if cell["cell_type"] != "code" or cell["id"] not in english:
            continue
        source = "".join(cell["source"])
        assert _skeleton(source) == _skeleton("".join(english[cell["id"]]["source"])), (
            f"{name} cell {cell['id']}: the code differs from the English, not only its "
            "comments and strings")


def test_the_code_check_catches_changed_code():
    assert _skeleton('print("a", x)  # one') == _skeleton('print("가", x)  # 하나')
    assert _skeleton('print(f"a {x} b")') == _skeleton('print(f"{x}가")')
    assert _skeleton('print("a", x)') != _skeleton('print("a", y)')
    assert _skeleton('print(f"{x} {y}")') != _skeleton('print(f"{y} {x}")')
    assert _skeleton("# NBVAL_CHECK_OUTPUT\nx") != _skeleton("# 확인\nx")
    python_file = '%%writefile "{d}/a.py"\n"""An agent."""\nx = 1  # one'
    assert _skeleton(python_file) == _skeleton(python_file.replace("An agent.", "에이전트."))
    assert _skeleton(python_file) != _skeleton(python_file.replace("x = 1", "x = 2"))
    assert _skeleton(python_file) != _skeleton(python_file.replace("a.py", "b.py"))
    shell_file = '%%writefile "{d}/a.sh"\necho OK  # answer'
    assert _skeleton(shell_file) != _skeleton(shell_file.replace("answer", "답"))


def test_korean_outputs_where_the_library_speaks_korean(name):
    """The check cells of the executed Korean solution printed the library's Korean (a cell's
    text joined: a grader's line can arrive as two stream outputs)."""
    printed = ["".join("".join(o.get("text", "")) for o in c.get("outputs", []))
               for c in _korean(name)["cells"]
               if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
    assert printed and all(line.endswith(": 정답입니다\n") for line in printed), printed


def test_korean_figures_have_no_missing_glyphs(name):
    """No figure of the executed Korean solution drew a box for a letter: matplotlib warns
    on stderr when no font has a glyph (a Korean word in mathtext, which has no fallback)."""
    missing = [(c["id"], "".join(o.get("text", ""))) for c in _korean(name)["cells"]
               for o in c.get("outputs", []) if o.get("name") == "stderr"
               and re.search(r"does not have a glyph|missing from font", "".join(o["text"]))]
    assert missing == [], missing


def test_the_korean_student_copies_store_what_they_print(name):
    """The student copies are not run by nbval; their stored check lines must still be the
    ones a student sees before answering (a copy rebuilt without --execute keeps the
    solution's "right")."""
    from course_lib.grader import EXERCISES, grade
    from course_lib.i18n import _, language

    cells = [c for c in _korean(name, student=True)["cells"]
             if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
    assert cells
    for cell in cells:
        exercise = cell["metadata"]["nbgrader"]["grade_id"].removesuffix("-check")
        with language("ko"):
            if exercise in EXERCISES:           # code the student writes: the grader's line
                expected = str(grade(exercise, ...))
            else:
                expected = _("{name}: not answered yet (replace ... with your answer)").format(
                    name=exercise)
        printed = "".join("".join(o.get("text", "")) for o in cell["outputs"])
        assert printed == expected + "\n", f"{name} cell {cell['id']}: run python " \
            f"tools/build_notebooks.py --lang ko --execute {name[:2]}"


# --- How the suite and nbgrader take the Korean edition ------------------------------------------

def test_nbval_runs_the_korean_solutions_and_not_the_student_copies():
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "--nbval-lax", "--nbval-current-env", "-p", "no:cacheprovider",
                           "notebooks/ko"], cwd=ROOT, capture_output=True, text=True)
    files = {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}
    assert files == {f"notebooks/ko/solutions/{n}.ipynb" for n in NAMES}, done.stdout[-2000:]


def test_nbgrader_course_from_the_korean_edition(tmp_path):
    """``--nbgrader DIR --lang ko`` sets up the course with the Korean solution notebooks;
    nbgrader's generate_assignment releases the Korean student copy, and autograde gives a
    right submission every point even when the student switched the notebook to English
    (the language cell is read-only: autograde runs it as released)."""
    import os

    course = tmp_path / "course"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_notebooks.py"), "--nbgrader",
                    str(course), "--lang", "ko", "01"], check=True, capture_output=True)
    name = "01_rules_and_moves"
    source = json.loads((course / "source" / name / f"{name}.ipynb").read_text())
    assert source == _korean(name)
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep
               + os.environ.get("PATH", ""))

    def nbgrader(*args: str) -> None:
        done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    nbgrader("generate_assignment", name)
    release = json.loads((course / "release" / name / f"{name}.ipynb").read_text())
    tool = _build_tool()
    assert tool.sources(release) == tool.sources(_korean(name, student=True))

    submission = json.loads(json.dumps(release))
    for cell in submission["cells"]:
        meta = cell["metadata"].get("nbgrader", {})
        if meta.get("solution"):
            right = next(c for c in source["cells"] if c["id"] == cell["id"])
            cell["source"] = "".join(line for line in right["source"] if "SOLUTION" not in line)
        elif cell["id"] == tool.LANGUAGE_CELL_ID:
            cell["source"] = "".join(cell["source"]).replace('"ko"', '"en"')
    folder = course / "submitted" / "ada" / name
    folder.mkdir(parents=True)
    (folder / f"{name}.ipynb").write_text(json.dumps(submission))
    nbgrader("autograde", name)

    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        score = gradebook.find_submission(name, "ada").score
        total = gradebook.find_assignment(name).max_score
    assert total == 4 and score == total
    graded = json.loads((course / "autograded" / "ada" / name / f"{name}.ipynb").read_text())
    printed = "".join("".join(o.get("text", "")) for c in graded["cells"]
                      for o in c.get("outputs", []))
    assert "01-perft-2: 정답입니다" in printed


def test_course_lab_lang_ko_opens_the_korean_notebooks():
    import importlib.util
    spec = importlib.util.spec_from_file_location("course_script", ROOT / "course.py")
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    assert course.editions() == {"en": "notebooks/", "ko": "notebooks/ko/"}
    assert course.take_language(["--lang", "ko", "--port", "8890"]) == ("ko", ["--port", "8890"])
    assert course.take_language(["--lang=ko"]) == ("ko", [])
    assert course.take_language([]) == ("en", [])
    with pytest.raises(SystemExit, match="--lang wants one of en, ko"):
        course.take_language(["--lang", "fr"])
    # Refused before anything is installed or started.
    done = subprocess.run([sys.executable, str(ROOT / "course.py"), "lab", "--lang", "fr"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "--lang wants one of en, ko" in done.stderr
