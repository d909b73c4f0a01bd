"""What the UAI tests share: reading ``info`` lines, and input that stays open."""

from __future__ import annotations

import io
import threading
import time


def infos(lines: list[str]) -> list[dict]:
    """The ``info depth ...`` lines as {field: whole number}, the score as (kind, number), the
    pv as a list of moves."""
    found = []
    for line in lines:
        words = line.split()
        if words[:2] != ["info", "depth"]:
            continue
        fields: dict = {}
        i = 1
        while i < len(words):
            if words[i] == "score":
                fields["score"] = (words[i + 1], int(words[i + 2]))
                i += 3
            elif words[i] == "pv":
                fields["pv"] = words[i + 1:]
                break
            else:
                fields[words[i]] = int(words[i + 1])
                i += 2
        found.append(fields)
    return found


class HeldOpen(io.StringIO):
    """Input that reaches its end only once ``until`` is set (or after 60 s)."""

    def __init__(self, text: str, until: threading.Event) -> None:
        super().__init__(text)
        self.until = until

    def readline(self, *args):
        line = super().readline(*args)
        if not line:
            self.until.wait(60)
        return line


def serve_in_background(script: str, end: threading.Event, spec=None):
    """``serve_uai(spec)`` on a thread, reading ``script`` and then waiting for ``end``; the
    thread and its output."""
    from course_lib.match.uai import serve_uai
    out = io.StringIO()
    server = threading.Thread(target=serve_uai, args=(spec, HeldOpen(script, end), out),
                              kwargs={"log": io.StringIO()})
    server.start()
    return server, out


def wait_until(predicate, within: float = 30.0) -> bool:
    """Whether ``predicate()`` came true within ``within`` seconds."""
    deadline = time.perf_counter() + within
    while not predicate() and time.perf_counter() < deadline:
        time.sleep(0.01)
    return predicate()
