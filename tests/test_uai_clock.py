"""``python -m course_lib uai`` keeps to ``go movetime`` over whole games, answers ``uai`` at
once, and searches for all its time whatever its ``Hash``.

The games are played through the UAI session as a manager plays them (the program on its own
threads, the commands and answers through pipes), each move timed from the moment ``go`` is
written to the moment ``bestmove`` is read.
"""

from __future__ import annotations

import io
import os
import threading
import time

import pytest

from course_lib.ataxx import State
from course_lib.match.play import random_opening
from course_lib.match.uai import serve_uai
from uai_helpers import serve_in_background, wait_until

MOVETIME_MS = 25
CPU_OVERSHOOT_MS = 5
"""How much more CPU time than ``movetime`` a move may take (the program's threads together).
The search's budget is ``movetime`` less ``Move Overhead`` (10 ms) and it ends within an
iteration of its deadline (a timer halts the kernel; an iteration takes well under a
millisecond): here a move took 17 ms of CPU time at movetime 25 (median; at most 21 ms in 1,785
moves of 15 games with Hash 16), so the bound allows 15 ms of work past the deadline. CPU time
is what the program does: on a busy machine its threads also wait for a core, which adds wall
time but no CPU time, so this bound holds whatever the load. The pauses it exists to catch were work done past the deadline: 30 to 60 ms even in
these small trees (the first ``go`` importing the clock rule; a new game's tree cleared page by
page by malloc, 12 to 30 ms in the first move; a position command replaying the whole game, 7 ms
at ply 391 on a busy machine), hundreds of ms in larger ones (copying a tree that outgrew its
array: 0.5 s at 4 million rows)."""
WALL_OVERSHOOT_MS = 500
"""How much more wall time than ``movetime`` a move may take: on a quiet machine every move took
under 25 + 8 ms, but with a load average of 15 on two cores (and this test under nice) waiting
for a core added up to 250 ms. This bound catches a search that waits for something other
than a core (a lock, a sleep, a stop that never comes)."""


class PipedEngine:
    """``serve_uai(spec)`` on its own thread, spoken to through pipes."""

    def __init__(self, spec: str | None = None) -> None:
        commands_read, commands_write = os.pipe()
        answers_read, answers_write = os.pipe()
        self.commands = os.fdopen(commands_write, "w", buffering=1)
        self.answers = os.fdopen(answers_read)
        stdin, stdout = os.fdopen(commands_read), os.fdopen(answers_write, "w", buffering=1)
        self.thread = threading.Thread(target=serve_uai, args=(spec, stdin, stdout),
                                       kwargs={"log": io.StringIO()}, daemon=True)
        self.thread.start()

    def send(self, line: str) -> None:
        self.commands.write(line + "\n")

    def until(self, head: str) -> str:
        while True:
            line = self.answers.readline()
            assert line, f"the engine ended before {head!r}"
            if line.startswith(head):
                return line.strip()

    def close(self) -> None:
        self.send("quit")
        self.thread.join(10)
        self.commands.close()
        self.answers.close()


def play_timed_game(engine: PipedEngine, seed: int, movetime: int
                    ) -> list[tuple[float, float]]:
    """One whole game of the engine against itself from a seeded opening, every move by
    ``go movetime``; for each move the wall time and the process's CPU time (ms) from the
    ``go`` to its ``bestmove``."""
    start = random_opening(4, seed)
    engine.send("uainewgame")
    state, moves, times = start, [], []
    while not state.is_over():
        engine.send(f"position fen {start.fen()}" + (" moves " + " ".join(moves) if moves
                                                      else ""))
        wall, cpu = time.perf_counter(), time.process_time()
        engine.send(f"go movetime {movetime}")
        move = engine.until("bestmove").split()[1]
        times.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        moves.append(move)
        state = state.play(move)
    return times


@pytest.mark.parametrize("hash_mb", [1, 16])
def test_every_move_of_a_whole_game_keeps_to_movetime(hash_mb):
    # Hash 1: the tree is full after a few moves and the kept subtree fills it again at every
    # move; Hash 16: it grows for most of the game. Either way it is kept from move to move.
    engine = PipedEngine()
    try:
        engine.send(f"setoption name Hash value {hash_mb}")
        engine.send("isready")
        engine.until("readyok")
        times = play_timed_game(engine, seed=hash_mb, movetime=MOVETIME_MS)
    finally:
        engine.close()
    assert len(times) > 40                                       # a whole game
    busy = [round(cpu) for _, cpu in times if cpu > MOVETIME_MS + CPU_OVERSHOOT_MS]
    assert not busy, f"moves over {MOVETIME_MS} + {CPU_OVERSHOOT_MS} ms of CPU time: {busy}"
    slow = [round(wall) for wall, _ in times if wall > MOVETIME_MS + WALL_OVERSHOOT_MS]
    assert not slow, f"moves over {MOVETIME_MS} + {WALL_OVERSHOOT_MS} ms: {slow}"


def test_uaiok_does_not_wait_for_the_agent_to_load(monkeypatch):
    import course_lib.agents as agents
    loaded = threading.Event()
    real = agents.make_agent

    def slow_make_agent(spec):                   # weights and compiled code that load slowly
        loaded.wait(30)
        return real(spec)

    monkeypatch.setattr(agents, "make_agent", slow_make_agent)
    end = threading.Event()
    server, out = serve_in_background("uai\nisready\n", end)
    try:
        assert wait_until(lambda: "uaiok" in out.getvalue())
        assert "readyok" not in out.getvalue()
    finally:
        loaded.set()
        end.set()
        server.join(60)
    assert out.getvalue().splitlines()[-1] == "readyok"   # isready waits for the load


def test_halt_ends_a_search_of_one_long_chunk():
    from course_lib.agents._mcts_kernels import C_NODES
    from course_lib.engine import GuidedMCTSAgent
    agent = GuidedMCTSAgent(iterations=10**8, value="learned", prior="learned")
    search = threading.Thread(target=agent.search, args=(State.start(),))
    search.start()                          # no clock to read: the kernel runs in one call
    deadline = time.perf_counter() + 30
    while agent.counters[C_NODES] < 1000 and time.perf_counter() < deadline:
        time.sleep(0.005)                   # until the tree grows: the kernel is running
    agent.halt()                            # from this thread, as the UAI stop does
    search.join(10)
    assert not search.is_alive() and 0 < agent.stats.iterations < 10**8


@pytest.mark.parametrize("options", [{}, {"value": "learned"},
                                     {"value": "learned", "prior": "learned"}])
def test_a_full_tree_searches_as_many_iterations_as_asked(options):
    from course_lib.agents.mcts_fast import FastMCTSAgent
    from course_lib.engine import GuidedMCTSAgent
    player = GuidedMCTSAgent if options else FastMCTSAgent
    agent = player(iterations=40_000, **options)              # 1 MB: about 26,000 nodes
    agent.max_tree_mb = 1
    agent.search(State.start())
    assert agent.tree_full and agent.tree_bytes <= 1 << 20
    assert agent.stats.iterations == agent.root.visits == 40_000


def test_a_tree_larger_than_the_system_gives_is_refused_in_words(monkeypatch):
    import errno
    import mmap

    from course_lib import memory
    from course_lib.agents import mcts_fast
    from course_lib.errors import InvalidArgumentError
    agent = mcts_fast.FastMCTSAgent(iterations=50)
    real = mmap.mmap

    def refusing_mmap(fileno, length, *args, **kwargs):    # a system without that much memory
        if length > 1 << 33:
            raise OSError(errno.ENOMEM, "Cannot allocate memory")
        return real(fileno, length, *args, **kwargs)

    monkeypatch.setattr(memory.mmap, "mmap", refusing_mmap)
    with pytest.raises(InvalidArgumentError, match=r"would not reserve .*\(it stays 1024 MB\)"):
        agent.max_tree_mb = 65_536
    assert agent.max_tree_mb == 1024 and agent.search(State.start()).move is not None


def test_a_new_tree_takes_no_memory_until_it_grows():
    # The tree's array has memory of its own, given by the system page by page as rows are
    # written: a new game costs no clearing of memory whatever the Hash (malloc once served a
    # 16 MB tree from its heap and cleared it, 12 to 30 ms in the first move's time).
    import mmap

    import numpy as np
    from course_lib.agents.mcts_fast import FastMCTSAgent

    def resident_mb() -> float:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * mmap.PAGESIZE / (1 << 20)

    freed = np.ones(30 << 17)              # 30 MB written and freed: malloc's threshold rises
    del freed
    agent = FastMCTSAgent(iterations=50)
    for hash_mb in (16, 512):
        before = resident_mb()
        agent.max_tree_mb = hash_mb
        agent.reset()
        assert resident_mb() - before < 4, f"Hash {hash_mb}"
        memory = agent._tree.base                  # a mapping of its own, not malloc's heap
        assert isinstance(getattr(memory, "obj", memory), mmap.mmap)
    assert agent.search(State.start()).move is not None
