"""The shape of course_lib.lessons: one module per notebook, holding that notebook's helpers and
exercises, and a library that does not depend on it."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from course_lib import exercises

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "course_lib"
NOTEBOOKS = sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))


def test_there_is_one_lessons_module_per_notebook_and_it_says_which():
    numbers = [path.name[:2] for path in NOTEBOOKS]
    modules = sorted(p.stem for p in (LIBRARY / "lessons").glob("nb[0-9][0-9].py"))
    assert modules == [f"nb{n}" for n in numbers]
    for number in numbers:
        module = importlib.import_module(f"course_lib.lessons.nb{number}")
        assert module.__doc__.startswith(f"Notebook {number}, "), module.__name__


@pytest.mark.parametrize("number", [path.name[:2] for path in NOTEBOOKS])
def test_a_notebooks_exercises_are_registered_by_its_own_module(number):
    before = set(exercises._EXERCISES)
    importlib.import_module(f"course_lib.lessons.nb{number}")
    names = exercises.registered(number)
    assert names, f"notebook {number} has no exercises"
    # Whatever a module registers carries its notebook's number.
    added = set(exercises._EXERCISES) - before
    assert all(name.startswith(f"{number}-") for name in added), sorted(added)


def _imports(path: Path) -> set[str]:
    """The course_lib modules a file imports, with relative imports made absolute."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("course_lib")}


def test_the_library_does_not_depend_on_the_notebooks_modules():
    """The algorithm packages hold no notebook-only code, so none of them needs lessons; only
    ``course_lib.exercises`` loads a notebook's module to find its exercises."""
    offenders = []
    for path in sorted(LIBRARY.rglob("*.py")):
        relative = path.relative_to(LIBRARY).as_posix()
        if relative.startswith("lessons/") or relative == "exercises.py":
            continue
        if any(re.match(r"course_lib\.lessons(\.|$)", name) for name in _imports(path)):
            offenders.append(relative)
    assert offenders == []
