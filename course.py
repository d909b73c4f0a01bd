#!/usr/bin/env python3
"""Set up the course and run it: the two commands of the README.

    python3 course.py lab     install everything (first time only) and open JupyterLab
    python3 course.py lab --lang ko
                              ... on the Korean edition (한국어판), in notebooks/ko/
    python3 course.py test    install everything (first time only) and run every test,
                              the library's unit tests and doctests and every notebook (nbval)

Everything goes into a virtual environment in .venv beside this file; nothing else on the
machine is touched. Extra arguments go to JupyterLab or pytest, for example
``python3 course.py lab --port 8890`` or ``python3 course.py test -k perft``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / "course-installed.txt"


def run(*command: str | Path) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], cwd=ROOT, check=True)


def install() -> None:
    """Create .venv and install the course with its test tools, unless already done."""
    if sys.version_info < (3, 11):
        sys.exit(f"The course needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and PYTHON.exists() and STAMP.read_text().strip() == wanted:
        return
    if not PYTHON.exists():
        print(f"Creating a virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
    STAMP.write_text(wanted + "\n")


def editions() -> dict[str, str]:
    """The editions of the notebooks: {language: folder}; English is notebooks/, a
    translation notebooks/LANG/ (made by tools/build_notebooks.py --lang LANG)."""
    found = {"en": "notebooks/"}
    for folder in sorted((ROOT / "notebooks").iterdir()):
        if folder.is_dir() and len(folder.name) == 2 and any(folder.glob("[0-9][0-9]_*.ipynb")):
            found[folder.name] = f"notebooks/{folder.name}/"
    return found


def take_language(extra: list[str]) -> tuple[str, list[str]]:
    """The ``--lang LANG`` (or ``--lang=LANG``) among ``extra``, and the other arguments."""
    rest, language = [], "en"
    arguments = iter(extra)
    for argument in arguments:
        if argument == "--lang":
            language = next(arguments, "")
        elif argument.startswith("--lang="):
            language = argument.split("=", 1)[1]
        else:
            rest.append(argument)
    known = editions()
    if language not in known:
        sys.exit(f"--lang wants one of {', '.join(known)} (the editions in notebooks/), "
                 f"got {language!r}")
    return language, rest


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("lab", "test"):
        print(__doc__)
        return 2
    task, extra = argv[0], argv[1:]
    if task == "lab":
        language, extra = take_language(extra)
    install()
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if task == "lab":
        command = [str(BIN / "jupyter"), "lab", editions()[language], *extra]
    else:
        command = [str(PYTHON), "-m", "pytest", "tests", "course_lib", "notebooks",
                   "--nbval-lax", "--nbval-current-env", "-p", "no:cacheprovider", *extra]
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
