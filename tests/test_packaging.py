"""The installable course: pyproject.toml and environment.yml list the same packages, the README
shows the commands that CI runs, and every notebook is in a state nbval can check."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    """'numba>=0.60' -> 'numba' (lower case, '_' as '-')."""
    return re.split(r"[<>=!~\[; ]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _pyproject_packages() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {_name(r) for r in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        names |= {_name(r) for r in extra}
    return names


def _conda_packages() -> set[str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    names = set()
    for dependency in env["dependencies"]:
        if isinstance(dependency, str):
            names.add(_name(dependency))
        else:                                 # a nested "pip:" list
            names |= {_name(r) for r in dependency.get("pip", [])}
    return names - {"python", "pip"}


def test_environment_yml_lists_the_same_packages_as_pyproject():
    pyproject, conda = _pyproject_packages(), _conda_packages()
    assert pyproject == conda, (
        f"only in pyproject.toml: {sorted(pyproject - conda)}; "
        f"only in environment.yml: {sorted(conda - pyproject)}")


def test_environment_yml_uses_conda_forge_and_the_same_python():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    python = [d for d in env["dependencies"] if isinstance(d, str) and _name(d) == "python"]
    assert python == ["python" + project["requires-python"]]


def test_version_bounds_agree():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = {_name(r): r.replace(" ", "") for extra in project["optional-dependencies"].values()
            for r in extra}
    pins |= {_name(r): r.replace(" ", "") for r in project["dependencies"]}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    for dependency in env["dependencies"]:
        if isinstance(dependency, str) and _name(dependency) in pins:
            assert dependency.replace(" ", "") == pins[_name(dependency)]


def test_ci_runs_the_readme_test_command():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    commands = [line for line in lines
                if line and not line.startswith(("#", "set ", "cd "))]
    assert commands, ".ci/run runs nothing"
    readme = (ROOT / "README.md").read_text()
    assert commands[-1] in readme, f"the README does not show CI's command {commands[-1]!r}"


def test_notebooks_are_stored_executed_top_to_bottom():
    notebooks = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    notebooks = [p for p in notebooks if ".ipynb_checkpoints" not in p.parts]
    assert notebooks, "no notebooks found"
    for path in notebooks:
        cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        counts = [c["execution_count"] for c in cells]
        assert counts == list(range(1, len(cells) + 1)), (
            f"{path.name}: cells were not run once, top to bottom, in a fresh kernel")
        for cell in cells:
            assert "input(" not in "".join(cell["source"]), f"{path.name} calls input()"


WIDGET_CLASSES = ("PlayBoard(", "SearchStepper(", "MCTSGrowthViewer(", "LiveSprt(")
STATIC_VIEW_WORDS = ("appears here when this cell runs", "이 셀을 실행하면")
"""How a widget's stored sentence says what appears there, in English and in Korean."""


def test_stored_widget_outputs_say_what_appears_before_the_notebook_runs():
    """A notebook opened before it runs shows its widgets' stored text or HTML (JupyterLab
    draws no widget without its kernel, and shows no stored widget in a notebook it does not
    trust yet): for each of the course's widgets that must be a sentence and a picture, not
    a raw repr such as ``PlayBoard(children=(HTML(value='<style>...``."""
    notebooks = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    checked = 0
    for path in notebooks:
        if ".ipynb_checkpoints" in path.parts:
            continue
        for cell in json.loads(path.read_text())["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] != "code" or not any(w in source for w in WIDGET_CLASSES):
                continue
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if "application/vnd.jupyter.widget-view+json" not in data:
                    continue
                checked += 1
                plain = "".join(data.get("text/plain", ""))
                where = f"{path.relative_to(ROOT)}, cell {source.splitlines()[0]!r}"
                assert any(words in plain for words in STATIC_VIEW_WORDS), (
                    f"{where}: the stored text is {plain[:80]!r}, not a sentence saying what "
                    "appears there (re-execute the notebook)")
                assert '<img src="data:image/svg+xml;base64,' in "".join(
                    data.get("text/html", "")), f"{where}: no picture stored"
    assert checked >= 12, f"only {checked} widget outputs found in the notebooks"


def test_every_data_file_is_installed_with_the_package():
    """A file in course_lib/data that no package-data pattern names would be missing from a
    wheel (an editable install finds it anyway, so nothing else would notice)."""
    import fnmatch
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["course_lib"]
    for path in (ROOT / "course_lib" / "data").iterdir():
        if path.name.startswith((".", "__")):
            continue
        relative = f"data/{path.name}"
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
