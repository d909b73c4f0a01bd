"""The grader on answers written the way students write them (``tests/grader_answers/``, one
file per exercise): right ones written in other ways, real bugs of every kind, degenerate ones.

Each answer is a chunk of its file that begins with a header line
``# --- KIND [MISTAKE]: what it is`` where KIND is ``right``, ``bug`` (a real mistake),
``degenerate`` (not an attempt at the algorithm: garbage, a hang, a crash) or ``unanswered``,
and MISTAKE, for a bug of a kind the grader knows, is that kind (a key of ``MISTAKE_KINDS``).
Lines ``# says: TEXT`` under the header give words the report must contain, ``# seconds: N``
a time cap for the ``grade`` call, and ``# source: none`` runs the chunk without its source
(as code typed into a console). Each chunk is compiled on its own, at its own line numbers in
the file, so that a recursive answer calls itself and its tracebacks point into the file.

For every answer: the verdict; for a bug, that the report places it (``where``: a node, a
game, a position) and gives a kind's hints exactly when MISTAKE names one, that kind's (its
question at the first level, without the line's words; those at the last). ``# says:`` words
are looked for in the last level's report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from course_lib.grader import EXERCISES, MISTAKE_KINDS, grade
from course_lib.grader.exercises import SPECS

FOLDER = Path(__file__).parent / "grader_answers"
HEADER = re.compile(r"# --- (right|bug|degenerate|unanswered)(?: ([a-z0-9_]+))?: (.+)")
VERDICTS = {"right": "right", "bug": "wrong", "degenerate": "wrong",
            "unanswered": "not answered yet"}


@dataclass
class Answer:
    exercise: str
    path: Path
    line: int
    kind: str
    mistake: str | None
    description: str
    code: str
    says: list[str] = field(default_factory=list)
    seconds: float | None = None
    with_source: bool = True

    @property
    def id(self) -> str:
        return f"{self.path.stem}:{self.line}"

    def function(self):
        """The answer's function, compiled at its own lines of the file: the one named as the
        skeleton's, else the last one defined."""
        filename = str(self.path) if self.with_source else f"<answer {self.id}>"
        namespace: dict = {"__name__": f"answer_{self.path.stem}_{self.line}"}
        exec(compile("\n" * (self.line - 1) + self.code, filename, "exec"), namespace)
        wanted = SPECS[self.exercise].solution.__name__
        if wanted in namespace:
            return namespace[wanted]
        return [v for v in namespace.values() if callable(v) and hasattr(v, "__code__")][-1]


def _answers() -> list[Answer]:
    found = []
    for path in sorted(FOLDER.glob("*.py")):
        exercise = path.stem.replace("_", "-", 1).replace("_", "-")
        lines = path.read_text().splitlines(keepends=True)
        starts = [i for i, line in enumerate(lines) if line.startswith("# --- ")]
        for start, end in zip(starts, starts[1:] + [len(lines)]):
            match = HEADER.fullmatch(lines[start].rstrip("\n"))
            assert match, f"{path.name}:{start + 1}: a header is '# --- KIND [MISTAKE]: text'"
            kind, mistake, description = match.groups()
            answer = Answer(exercise, path, start + 1, kind, mistake, description,
                            "".join(lines[start:end]))
            for line in lines[start + 1:end]:
                if line.startswith("# says: "):
                    answer.says.append(line[len("# says: "):].rstrip("\n"))
                elif line.startswith("# seconds: "):
                    answer.seconds = float(line[len("# seconds: "):])
                elif line.startswith("# source: none"):
                    answer.with_source = False
            found.append(answer)
    return found


ANSWERS = _answers()


def test_the_answers_cover_every_exercise_and_every_kind():
    assert {a.exercise for a in ANSWERS} == set(EXERCISES)
    assert len(ANSWERS) >= 150
    for exercise in EXERCISES:
        kinds = {a.kind for a in ANSWERS if a.exercise == exercise}
        assert {"right", "bug", "degenerate"} <= kinds, exercise
    for answer in ANSWERS:
        assert answer.mistake is None or answer.mistake in MISTAKE_KINDS, answer.id


@pytest.mark.parametrize("answer", ANSWERS, ids=[a.id for a in ANSWERS])
def test_the_grader_judges_each_answer_as_expected(answer):
    result = grade(answer.exercise, answer.function(), seconds=answer.seconds, hint_level=3)
    text = str(result)
    assert result.verdict == VERDICTS[answer.kind], f"{answer.description}\n{text}"
    if answer.kind == "bug":
        assert result.where, f"the bug is not placed:\n{text}"
        assert result.mistake == answer.mistake, f"{answer.description}\n{text}"
        if answer.mistake:
            kind = MISTAKE_KINDS[answer.mistake]
            assert str(kind) in text
            first = result.report(1)                 # the first hint: the idea, not the line
            assert kind.question in first and kind.seen not in first and kind.fix not in first
    for words in answer.says:
        assert words in text, f"{words!r} is not in the report:\n{text}"
