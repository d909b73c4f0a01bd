"""The engine's ladder: one SPRT per technique, decided, on as many machines as there are.

Each rung asks one question of the engine (``course_lib.engine``): does this technique make it
stronger? A is the engine with the technique, B the same engine without it (for a technique
off by default, A is the default with it turned on). The games are colour-swapped pairs from
seeded random openings; the test is the GSPRT on the pairs (pentanomial) with bounds in
normalized Elo, alpha = beta = 0.05. Before a rung plays, its plan is computed and kept:
the chance of accepting H1 and the expected number of games at nine true differences (the
Brownian approximation, ``course_lib.strength.brownian_operating_characteristic``), and the
cap, the number of games after which the test is still running with a chance of at most
1e-3 whatever the truth (``games_cap``). A rung that reaches its cap is undecided.

Why a fixed number of nodes a move
----------------------------------
Both engines search ``nodes`` nodes a move (``engine:nodes=N``), not a time. A node budget
gives the same games on any machine, at any load, on any number of workers: a pair is a pure
function of the rung and its number, so an interrupted run resumes with exactly the pairs it
had not played, and anyone can replay any pair. A clock would make every game depend on the
machine's speed and on what else runs on it (this machine is shared), so a test could not be
repeated. The price: a node budget does not charge a technique for what a node costs. Each
pair therefore records the milliseconds A and B spent per move; ``ms_per_move`` shows, beside
each test, how much more (or less) a node costs with the technique.

Why 100,000 nodes: at that budget the engine's last finished depth is 3 on two moves in three
and 4 or 5 on three in ten (``benchmarks/bench_ladder.py --depths``, 59 seeded positions: mean
depth 3.3; 3.8 at 200,000 nodes, 5.1 at 1,000,000), deep enough for every technique to act (the
reductions and null moves from depth 3, aspiration from depth 4). In the stored ladder a pair
took 7.3 s of a niced worker on average (median 3.8 s) on this 2-core machine, while others'
jobs kept its load at 11 to 20. A first start at 200,000 nodes took 14.5 s a pair over 106
pairs and projected about 10 hours; it was abandoned for this budget (``TECHNIQUE_BOUNDS`` says
which bounds it allowed).

Records, and resuming
---------------------
Everything goes to one records file, JSON lines, appended and flushed as it happens:

- ``{"kind": "rung", ...}`` when a rung is first started: its settings, why its bounds, and
  its plan;
- ``{"kind": "pair", "rung": ..., "pair": p, "scores": [..], ...}`` as each pair finishes:
  A's score in the game where A moved first, then in the other; a checksum of each game's
  moves (the two are equal when A and B played the same moves: the technique changed nothing
  in that pair); each side's milliseconds and moves;
- ``{"kind": "result", ...}`` when a rung decides (or reaches its cap): the full record;
- ``{"kind": "run", ...}`` at the end of each invocation: its wall time, workers, machine.

A second run with the same file reads it, keeps every pair already played, and plays only the
pairs still missing (the same seeds give the same pairs). The test reads the pairs in order,
0, 1, 2, ..., so it stops at the same pair however many workers play and whatever order they
finish in; pairs that were running when it stopped are kept in the file but not counted.

A file holds the ladder's stages in turn: once the default a stage's confirmation accepted has
become the engine's (``OFF_BY_DEFAULT``), the next run tests from it, and a technique the file
already tested from an earlier default gets a rung named after its stage (``lmr (stage 3)``,
``stage_rungs``); ``ladder_stages`` cuts the results into stages.

>>> rung = technique_rungs(nodes=2000, only=["lmr"])[0]
>>> print(rung.spec_a); print(rung.spec_b)
engine:nodes=2000,hash=16,pvs=1,aspiration=0,tt=1,lmr=1,nullmove=0,killers=0,history=0,order=1,rfp=1,lmp=1
engine:nodes=2000,hash=16,pvs=1,aspiration=0,tt=1,lmr=0,nullmove=0,killers=0,history=0,order=1,rfp=1,lmp=1
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import platform
import time
import zlib
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..errors import CourseError
from ..i18n import N_
from .arena import GameTask, RandomOpenings, derive_seed, play_task

__all__ = ["CONFIRM_BOUNDS", "CONFIRM_WHY", "DEFAULT_NODES", "DEFAULT_SEED", "LadderStage",
           "PLAN_ELOS", "Rung", "TECHNIQUE_BOUNDS", "TESTED_FROM", "TESTED_WITH",
           "CONFIRM", "confirmation_rung", "default_switches", "engine_ladder", "engine_spec",
           "implied_defaults", "is_confirmation", "ladder_stages", "ladder_table",
           "load_records", "play_pair", "RECORD_KEYS", "replay_rung", "rung_plan",
           "rung_technique", "run_ladder", "spec_switches", "STAGE_NAME", "stage_rungs",
           "switches_text", "technique_rungs", "untestable"]

DEFAULT_NODES = 100_000
"""Nodes a move in the ladder's games (see the module text and ``TECHNIQUE_BOUNDS``)."""

DEFAULT_SEED = 20
"""The seed of the ladder's openings."""

CAP_PROBABILITY = 1e-3
"""A rung's cap is reached with at most this chance, whatever the true difference."""

TECHNIQUE_BOUNDS: dict[str, tuple[float, float, str]] = {
    "tt": (0.0, 40.0, N_("the table is what the engine's ordering and iterative deepening stand "
                         "on (the earlier ladder at 20 ms a move accepted H1 after 268 of its "
                         "300 games: median-unbiased +159 logistic Elo, naive +161 logistic "
                         "Elo, biased by the early stop). Asked: is it one of the foundations, "
                         "worth tens of normalized Elo? [0, 40] normalized Elo needs about 420 "
                         "games at 0 or 40, fewer for a larger gain")),
    "order": (0.0, 40.0, N_("ordering is what makes alpha-beta cut (the earlier ladder at 20 ms "
                            "a move: undecided at its cap of 300 games, +68 logistic Elo, "
                            "interval +28 to +110). Asked, as for the table: is it worth tens "
                            "of normalized Elo? [0, 40] normalized Elo")),
    "pvs": (0.0, 30.0, N_("null windows after the first move pay only where the first move is "
                          "usually the best (the earlier ladder at 20 ms a move: undecided at "
                          "its cap of 300 games, +40 logistic Elo, interval +2 to +78). Asked: "
                          "does it gain tens of normalized Elo? [0, 30] normalized Elo needs "
                          "about 730 games at 0 or 30, 1220 halfway")),
    "lmr": (0.0, 30.0, N_("reductions search late moves shallower, so the same budget of nodes "
                          "reaches deeper, but can miss a late capture (the earlier ladder at "
                          "20 ms a move: undecided at its cap of 300 games, -18 logistic Elo). "
                          "Asked: does it gain tens of normalized Elo? [0, 30] normalized Elo")),
    "nullmove": (0.0, 30.0, N_("left off after the earlier ladder at 20 ms a move, which charged "
                               "it the time its nodes took (undecided at its cap of 300 games, "
                               "-78 logistic Elo, interval -119 to -38); here its nodes count "
                               "against the budget of nodes, the time each takes does not. "
                               "Asked: does turning it on gain tens of normalized Elo? [0, 30] "
                               "normalized Elo")),
    "history": (0.0, 25.0, N_("an ordering refinement on top of the table move and captures, so "
                              "a small gain at best (the earlier ladder at 20 ms a move: "
                              "undecided at its cap of 300 games, +23 logistic Elo). [0, 25] "
                              "normalized Elo needs about 1050 games at 0 or 25, 1740 halfway: "
                              "the narrowest bounds this shared machine could pay for; a gain "
                              "under 12.5 normalized Elo is more likely rejected than "
                              "accepted")),
    "killers": (0.0, 25.0, N_("an ordering refinement, as history is (the earlier ladder at 20 "
                              "ms a move: undecided at its cap of 300 games, -14 logistic Elo): "
                              "[0, 25] normalized Elo, for the same reasons")),
    "aspiration": (0.0, 25.0, N_("a narrower first window from depth 4 on: a small saving of "
                                 "nodes at best (the earlier ladder at 20 ms a move: undecided "
                                 "at its cap of 300 games, -16 logistic Elo): [0, 25] normalized "
                                 "Elo, as for the ordering refinements")),
    "rfp": (0.0, 30.0, N_("new, in no earlier ladder: off the principal variation, a few plies "
                          "from the horizon, a position whose static score stays at beta or "
                          "above after a stone a ply is returned without a search: far fewer "
                          "nodes, at the risk of a tactic the static score does not see. "
                          "Asked: does it gain tens of normalized Elo? [0, 30] normalized "
                          "Elo")),
    "lmp": (0.0, 30.0, N_("new, in no earlier ladder: below the root, after the first two "
                          "moves, jumps that take no stone (about two thirds of the moves) "
                          "are not searched: far fewer nodes, at the risk of the rare quiet "
                          "jump that is the best move. Asked: does it gain tens of normalized "
                          "Elo? [0, 30] normalized Elo")),
}
"""Each technique's bounds (elo0, elo1) in normalized Elo, and why: the question asked.

H0 is always "no gain" (0): a technique that does not gain leaves the default. elo1 is the
gain the test is built to find with 95 % power; a truth halfway between is accepted either way
with even chances, so elo1 is set at the gain that would make the technique worth having, as
large as the question allows, since narrower bounds cost more games (four times as many for
half the width). The techniques expected to gain most (the table, the ordering) are asked
whether they gain tens of normalized Elo ([0, 40]); the search reductions and principal
variation search whether they gain tens too ([0, 30]); the ordering and window refinements get
the narrowest bounds the machine could pay for. The figures "at 20 ms a move" are the earlier
ladder's (course_lib/data/engine_ladder.json: bounds [0, 10] normalized Elo, a cap of 300
games), each with its decision; its Elo is naive, which is biased only where the test stopped
early (the table). Each text names its unit: the earlier ladder's figures are in logistic Elo,
the bounds in normalized Elo, two units that are not compared number for number. The texts are
marked for translation: ``TESTED_FROM`` and ``CONFIRM_WHY`` put them in a rung's ``why``."""

TESTED_FROM = {True: N_("{name} (on in the default it is tested from): {why}"),
               False: N_("{name} (off in the default it is tested from): {why}")}
"""A technique rung's ``why``: the technique, whether the default it is tested from has it on,
and its reason (``TECHNIQUE_BOUNDS``), in the English a record keeps."""

TESTED_WITH = N_("{name} (off in the default it is tested from, as is {needed}, without which "
                 "it does nothing: tested with {needed} on in both A and B): {why}")
"""The ``why`` of a rung that turns on what its technique needs (``REQUIRES``) in A and B."""

CONFIRM_BOUNDS = (-25.0, 0.0, N_("a non-regression test: H0 the new default is 25 normalized "
                                 "Elo weaker than the previous one, H1 it is as strong; the "
                                 "width of the narrowest technique test"))
"""The confirmation of a changed default against the previous one."""

CONFIRM_WHY = N_("the default after the ladder ({changed}) against the one before: {why}")
"""The confirmation rung's ``why``: the switches it changed, and its reason."""

PLAN_ELOS = (-1.0, -0.5, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)
"""The true differences of a rung's plan, in units of its width from elo0: from a width below
H0 to a width above H1."""

REQUIRES = {"nullmove": "pvs", "rfp": "pvs"}
"""A switch that acts only with another on: the engine tries a null move, or reverse futility,
only at a node searched with a null window, and without PVS there is none, so the engine with
null-move pruning (or reverse futility) and without PVS plays exactly as the engine with
neither."""


def untestable(base: dict[str, bool]) -> dict[str, str]:
    """The techniques that a rung from ``base`` could not test alone, and why: turning one on
    would change no move, because what it needs is off. ``technique_rungs`` tests each of them
    with what it needs turned on in both A and B.

    >>> untestable({"pvs": False, "nullmove": False})
    {'nullmove': 'it acts only with pvs, off in this default: the games would be the same'}
    """
    return {name: f"it acts only with {needed}, off in this default: the games would be the "
                  f"same" for name, needed in REQUIRES.items()
            if name in base and not base.get(needed, True)}


# --- Rungs ---------------------------------------------------------------------------------

def switches_text(switches: dict[str, bool]) -> str:
    """The switches as an engine spec writes them, every one given (``pvs=1,lmr=0``).

    >>> switches_text({"pvs": True, "lmr": False})
    'pvs=1,lmr=0'
    """
    return ",".join(f"{name}={int(bool(on))}" for name, on in switches.items())


def engine_spec(switches: dict[str, bool], nodes: int, hash_mb: int = 16) -> str:
    """The engine's spec with every switch written out (so a record does not depend on what the
    defaults were when it was made).

    >>> engine_spec({"pvs": True, "lmr": False}, 500)
    'engine:nodes=500,hash=16,pvs=1,lmr=0'
    """
    flags = switches_text(switches)
    return f"engine:nodes={nodes},hash={hash_mb}" + (f",{flags}" if flags else "")


CONFIRM = "confirm"
"""The name a confirmation rung starts with (``confirmation_rung``)."""

STAGE_NAME = "{name} (stage {stage})"
"""The name of a technique's rung in a later stage of a records file that already tests the
technique: its first test keeps the plain name (``lmr``), a second one from another default is
``lmr (stage 3)`` (``stage_rungs``)."""


def rung_technique(name: str) -> str | None:
    """The technique a rung tests, from its name; None for a confirmation.

    >>> rung_technique("lmr"), rung_technique("lmr (stage 3)"), rung_technique("confirm: lmr on")
    ('lmr', 'lmr', None)
    """
    return None if name.startswith(CONFIRM) else name.split(" (", 1)[0]


def is_confirmation(record: dict) -> bool:
    """Whether a result record is a confirmation of a changed default, not a technique's test.

    >>> is_confirmation({"rung": "confirm: lmr off"}), is_confirmation({"rung": "lmr"})
    (True, False)
    """
    return rung_technique(record["rung"]) is None


def default_switches() -> dict[str, bool]:
    """The engine's default: every switch on but those in ``OFF_BY_DEFAULT``."""
    from ..engine.engine import OFF_BY_DEFAULT, SWITCHES
    return {name: name not in OFF_BY_DEFAULT for name in SWITCHES}


@dataclass(frozen=True)
class Rung:
    """One SPRT of the ladder: A against B, pentanomial, bounds in normalized Elo."""

    name: str
    spec_a: str
    spec_b: str
    elo0: float
    elo1: float
    why: str
    seed: int = DEFAULT_SEED
    opening_plies: int = 4
    decided_depth: int = 5
    alpha: float = 0.05
    beta: float = 0.05

    def test(self) -> Any:
        """A fresh ``Sprt`` with this rung's settings."""
        from ..strength import Sprt
        return Sprt(self.elo0, self.elo1, self.alpha, self.beta, kind="pentanomial",
                    scale="normalized")

    def openings(self) -> RandomOpenings:
        return RandomOpenings(plies=self.opening_plies, decided_depth=self.decided_depth)

    def settings(self) -> dict:
        """What identifies the rung in a records file."""
        return asdict(self)


def technique_rungs(base: dict[str, bool] | None = None, nodes: int = DEFAULT_NODES,
                    seed: int = DEFAULT_SEED, only: Sequence[str] | None = None,
                    bounds: tuple[float, float] | None = None,
                    hash_mb: int = 16) -> list[Rung]:
    """One rung per technique of ``base`` (default: the engine's default switches): A has the
    technique, B has not. A technique that does nothing while what it needs is off
    (``untestable``) is tested with that turned on in both A and B. ``only`` picks techniques;
    ``bounds`` replaces every rung's bounds (for short trial runs).

    >>> [(r.name, r.elo0, r.elo1) for r in technique_rungs(only=["tt", "lmr"])]
    [('tt', 0.0, 40.0), ('lmr', 0.0, 30.0)]
    >>> rung = technique_rungs({"pvs": False, "rfp": False}, nodes=500, only=["rfp"])[0]
    >>> rung.spec_a, rung.spec_b
    ('engine:nodes=500,hash=16,pvs=1,rfp=1', 'engine:nodes=500,hash=16,pvs=1,rfp=0')
    """
    base = dict(default_switches() if base is None else base)
    needs = untestable(base)
    names = list(base) if only is None else list(only)
    unknown = [name for name in names if name not in base]
    if unknown:
        raise CourseError(f"no technique {unknown[0]!r}; the techniques are "
                          + ", ".join(base))
    rungs = []
    for name in names:
        with_it, without = dict(base), dict(base)
        if name in needs:
            with_it[REQUIRES[name]] = without[REQUIRES[name]] = True
        with_it[name], without[name] = True, False
        elo0, elo1, why = TECHNIQUE_BOUNDS[name]
        if bounds is not None:
            elo0, elo1 = bounds
            why = "bounds given for this run"
        if name in needs:
            why = TESTED_WITH.format(name=name, needed=REQUIRES[name], why=why)
        else:
            why = TESTED_FROM[bool(base[name])].format(name=name, why=why)
        rungs.append(Rung(name=name, spec_a=engine_spec(with_it, nodes, hash_mb),
                          spec_b=engine_spec(without, nodes, hash_mb), elo0=elo0, elo1=elo1,
                          why=why, seed=seed))
    return rungs


def confirmation_rung(new: dict[str, bool], old: dict[str, bool],
                      nodes: int = DEFAULT_NODES, seed: int = DEFAULT_SEED,
                      hash_mb: int = 16) -> Rung:
    """The new default (A) against the previous one (B), with ``CONFIRM_BOUNDS``. Its name
    says what changed (``confirm: lmr off``), so that each change of the default has its own
    rung in a records file.

    >>> rung = confirmation_rung({"tt": True, "lmr": False}, {"tt": True, "lmr": True}, 500)
    >>> rung.name, rung.spec_a, rung.spec_b, (rung.elo0, rung.elo1)
    ('confirm: lmr off', 'engine:nodes=500,hash=16,tt=1,lmr=0', 'engine:nodes=500,hash=16,tt=1,lmr=1', (-25.0, 0.0))
    """
    elo0, elo1, why = CONFIRM_BOUNDS
    changed = ", ".join(f"{name} {'on' if on else 'off'}" for name, on in new.items()
                        if old.get(name) != on)
    return Rung(name=f"{CONFIRM}: {changed}", spec_a=engine_spec(new, nodes, hash_mb),
                spec_b=engine_spec(old, nodes, hash_mb), elo0=elo0, elo1=elo1,
                why=CONFIRM_WHY.format(changed=changed, why=why),
                seed=seed)


def rung_plan(rung: Rung) -> dict:
    """What the rung's test costs, computed before it plays: at each true difference of
    ``PLAN_ELOS`` the chance of accepting H1 and the expected games (Brownian approximation
    with the overshoot), and the cap (reached with a chance of at most ``CAP_PROBABILITY``).

    >>> plan = rung_plan(Rung("x", "a", "b", 0.0, 10.0, "why"))
    >>> plan["cap_games"], [round(p["expected_games"]) for p in plan["points"]][2:7]
    (61628, [6465, 9034, 10635, 9034, 6465])
    """
    from ..strength import brownian_operating_characteristic, games_cap
    test = rung.test()
    width = rung.elo1 - rung.elo0
    elos = [rung.elo0 + share * width for share in PLAN_ELOS]
    points = brownian_operating_characteristic(test, elos)
    return {
        "method": "Brownian approximation of the GSPRT's LLR (normalized Elo: the same for "
                  "any draw ratio and pair correlation), bounds widened by the overshoot",
        "points": [{"elo": p.elo, "accept_h1": round(p.accept_h1, 4),
                    "expected_games": round(p.expected_games, 1)} for p in points],
        "cap_games": games_cap(test, CAP_PROBABILITY),
        "cap_probability": CAP_PROBABILITY,
    }


# --- One pair, on a worker -------------------------------------------------------------------

def play_pair(rung: Rung, pair: int) -> dict:
    """Play pair ``pair`` of ``rung`` (its opening and both games; A moves first in the first)
    and return its record. A pure function of its arguments: the function the workers run.

    >>> rung = technique_rungs(nodes=300, only=["order"])[0]
    >>> record = play_pair(rung, 0)
    >>> record["pair"], len(record["scores"]), record == {**play_pair(rung, 0),
    ...     "seconds": record["seconds"], "ms_a": record["ms_a"], "ms_b": record["ms_b"]}
    (0, 2, True)
    """
    started = time.perf_counter()
    fen = rung.openings().fen(pair, rung.seed)
    games = [play_task(GameTask(index=2 * pair + k, player_a=rung.spec_a,
                                player_b=rung.spec_b, a_first=k == 0, opening_fen=fen,
                                seed=derive_seed(rung.seed, "game", 2 * pair + k)))
             for k in (0, 1)]
    ms_a = ms_b = 0.0
    moves_a = moves_b = 0
    for game in games:
        a_side = 0 if game.a_first else 1
        first_moves = (game.turns + 1) // 2
        counts = (first_moves, game.turns - first_moves)
        ms_a += game.time_used_ms[a_side]
        ms_b += game.time_used_ms[1 - a_side]
        moves_a += counts[a_side]
        moves_b += counts[1 - a_side]
    return {"kind": "pair", "rung": rung.name, "pair": pair,
            "scores": [game.score_a for game in games],
            "reasons": [game.reason for game in games], "turns": [game.turns for game in games],
            "moves": [f"{zlib.crc32(' '.join(game.moves).encode()):08x}" for game in games],
            "ms_a": round(ms_a, 1), "ms_b": round(ms_b, 1),
            "moves_a": moves_a, "moves_b": moves_b,
            "seconds": round(time.perf_counter() - started, 3), "host": platform.node()}


# --- The records file ---------------------------------------------------------------------

RECORD_KEYS = {"rung": ("name", "settings", "plan"), "pair": ("rung", "pair", "scores"),
               "result": ("rung", "spec_a", "spec_b", "decision"), "run": ()}
"""The kinds of record a ladder's records file holds, and the keys each must have."""


def load_records(path: str | Path) -> list[dict]:
    """Every record of a ladder's records file (JSON lines), in order; [] if there is none.
    A last line cut short (the run was killed while writing it) is left out.

    >>> from pathlib import Path
    >>> stored = load_records(Path(__file__).parents[1] / "data" / "engine_ladder_nodes.jsonl")
    >>> [r["decision"] for r in stored if r["kind"] == "result" and r["rung"] == "tt"]
    ['accept H1']
    """
    path = Path(path)
    if not path.exists():
        return []
    records = []
    lines = path.read_text().split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):                 # the unfinished last line
                break
            raise CourseError(f"{path}, line {number}: not a JSON record; a ladder's records "
                              "file holds one JSON object a line") from None
        kind = record.get("kind") if isinstance(record, dict) else None
        missing = [key for key in RECORD_KEYS.get(kind, ()) if key not in record]
        if kind not in RECORD_KEYS or missing:
            what = (f"a {kind!r} record without {', '.join(missing)}" if kind in RECORD_KEYS
                    else f"no ladder record (kind {kind!r})" if isinstance(record, dict)
                    else f"a JSON {type(record).__name__}, not an object")
            raise CourseError(f"{path}, line {number}: {what}; a ladder's records file holds "
                              f"one record a line, of kind {', '.join(RECORD_KEYS)}")
        records.append(record)
    return records



class _RecordsFile:
    """Appends records to a ladder's file, one line each, flushed at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            data = path.read_bytes()
            if data and not data.endswith(b"\n"):      # a line cut short by a kill
                with open(path, "r+b") as handle:
                    handle.truncate(data.rfind(b"\n") + 1)
        self.handle = open(path, "a", encoding="utf-8")

    def write(self, record: dict) -> None:
        self.handle.write(json.dumps(record) + "\n")
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def close(self) -> None:
        self.handle.close()


# --- Running rungs --------------------------------------------------------------------------

def machine() -> str:
    """This machine, in a few words: processor, cores, load, Python."""
    load = f", load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    return (f"{platform.machine()}, {os.cpu_count()} cores{load}, "
            f"Python {platform.python_version()}")


@dataclass
class _State:
    """A rung while it runs: the pairs played (by number), how many the test has read."""

    rung: Rung
    plan: dict
    test: Any
    played: dict[int, dict] = field(default_factory=dict)
    pending: dict[int, cf.Future] = field(default_factory=dict)
    read: int = 0
    result: dict | None = None

    @property
    def max_pairs(self) -> int:
        return self.plan["cap_games"] // 2

    def next_pair(self) -> int | None:
        """The lowest pair neither played nor running, below the cap."""
        pair = self.read
        while pair in self.played or pair in self.pending:
            pair += 1
        return pair if pair < self.max_pairs else None

    def feed(self) -> bool:
        """Read the pairs now in order; True once the test has decided or hit its cap."""
        while self.result is None and self.read in self.played:
            record = self.played[self.read]
            self.test.add(tuple(record["scores"]))
            self.read += 1
            if self.test.state != "continue" or self.read >= self.max_pairs:
                return True
        return False


def rung_result(rung: Rung, plan: dict, test: Any, pairs: list[dict]) -> dict:
    """The record of a finished rung: settings, plan, counts, LLR, decision, both Elo
    estimates (named, normalized and logistic), the time per move of A and B, and the work."""
    from ..strength import elo_estimate_pairs, sprt_elo_estimate
    decided = test.state != "continue"
    estimate = sprt_elo_estimate(test)
    naive = elo_estimate_pairs(test.counts)

    def figure(value: float | None) -> float | None:
        return None if value is None or value != value or abs(value) == float("inf") \
            else round(value, 1)

    ms_a = sum(p["ms_a"] for p in pairs)
    ms_b = sum(p["ms_b"] for p in pairs)
    moves_a = sum(p["moves_a"] for p in pairs)
    moves_b = sum(p["moves_b"] for p in pairs)
    reasons: dict[str, int] = {}
    for p in pairs:
        for reason in p["reasons"]:
            reasons[reason] = reasons.get(reason, 0) + 1
    return {
        "kind": "result", "rung": rung.name, "spec_a": rung.spec_a, "spec_b": rung.spec_b,
        "elo0": rung.elo0, "elo1": rung.elo1, "scale": "normalized", "alpha": rung.alpha,
        "beta": rung.beta, "why": rung.why, "seed": rung.seed,
        "openings": f"{rung.opening_plies} seeded random plies, decided openings drawn again "
                    f"(depth {rung.decided_depth})",
        "decision": test.state if decided else "undecided",
        "stopped_by": "decision" if decided else "cap",
        "llr": round(test.llr, 4),
        "llr_bounds": [round(test.lower_bound, 4), round(test.upper_bound, 4)],
        "pairs": test.played, "games": test.games, "pentanomial": list(test.counts),
        "expected_games": plan["points"], "cap_games": plan["cap_games"],
        "normalized_elo": figure(naive.normalized_elo),
        "logistic_elo": figure(naive.elo),
        "logistic_elo_interval": [figure(naive.elo_low), figure(naive.elo_high)],
        "unbiased_normalized_elo": figure(estimate.normalized_elo),
        "unbiased_normalized_interval": [figure(estimate.normalized_low),
                                         figure(estimate.normalized_high)],
        "unbiased_logistic_elo": figure(estimate.elo),
        "unbiased_logistic_interval": [figure(estimate.elo_low), figure(estimate.elo_high)],
        "estimates": str(estimate),
        "identical_pairs": sum(p["moves"][0] == p["moves"][1] for p in pairs),
        "ms_per_move_a": round(ms_a / max(1, moves_a), 3),
        "ms_per_move_b": round(ms_b / max(1, moves_b), 3),
        "reasons": reasons,
        "worker_seconds": round(sum(p["seconds"] for p in pairs), 1),
        "finished": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": machine(),
    }


def run_ladder(rungs: Sequence[Rung], records: str | Path, executor: Any = None,
               workers: int = 1, progress: bool = True,
               on_pair: Callable[[dict], Any] | None = None) -> list[dict]:
    """Run every rung to its decision (or cap) and return their result records, in order.

    ``records``: the records file (module text): pairs already in it are not played again.
    ``executor``: any ``concurrent.futures``-style executor (a Dask client's
    ``get_executor()``, a process pool); None plays in this process. ``workers``: how many
    pairs run at once (twice that are kept in flight). ``on_pair(record)`` after each pair.
    The rungs run side by side, the next pair going to the rung with the fewest started.
    """
    rungs = list(rungs)
    names = [rung.name for rung in rungs]
    if len(set(names)) != len(names):
        raise CourseError(f"two rungs share a name: {names}")
    path = Path(records)
    stored = load_records(path)
    out = _RecordsFile(path)
    started, played_here = time.perf_counter(), 0
    try:
        states = {rung.name: _resume(rung, stored, out) for rung in rungs}
        window = max(1, 2 * workers) if executor is not None else 1
        bar = _bar(states, progress)
        try:
            while True:
                active = [s for s in states.values() if s.result is None]
                if not active:
                    break
                in_flight = sum(len(s.pending) for s in states.values())
                while in_flight < window:
                    choices = [(len(s.played) + len(s.pending), i, s)
                               for i, s in enumerate(active) if s.next_pair() is not None]
                    if not choices:
                        break
                    state = min(choices)[2]
                    pair = state.next_pair()
                    state.pending[pair] = (executor.submit(play_pair, state.rung, pair)
                                           if executor is not None
                                           else _done_future(play_pair, state.rung, pair))
                    in_flight += 1
                futures = {f: (s, p) for s in states.values() for p, f in s.pending.items()}
                if not futures:     # cannot be: an unfinished rung always has a pair to play
                    raise RuntimeError("the ladder found no pair to play for an unfinished rung")
                done, _ = cf.wait(list(futures), return_when=cf.FIRST_COMPLETED)
                for future in done:
                    state, pair = futures[future]
                    del state.pending[pair]
                    if future.cancelled():
                        continue
                    record = future.result()
                    out.write(record)
                    played_here += 1
                    state.played[pair] = record
                    if on_pair is not None:
                        on_pair(record)
                    if state.result is None and state.feed():
                        _finish(state, out)
                    bar.update(1)
                _refresh(bar, states)
        finally:
            for state in states.values():
                for future in state.pending.values():
                    future.cancel()
            bar.close()
        return [states[name].result for name in names]
    finally:
        out.write({"kind": "run", "rungs": names, "pairs_played": played_here,
                   "seconds": round(time.perf_counter() - started, 1), "workers": workers,
                   "finished": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "machine": machine()})
        out.close()


def _done_future(function: Callable, *args: Any) -> cf.Future:
    future: cf.Future = cf.Future()
    future.set_result(function(*args))
    return future


def _resume(rung: Rung, stored: list[dict], out: _RecordsFile) -> _State:
    """The rung's state from the records already stored (its settings line written if new)."""
    settings = rung.settings()
    header = next((r for r in stored if r.get("kind") == "rung" and r["name"] == rung.name),
                  None)
    if header is None:
        plan = rung_plan(rung)
        out.write({"kind": "rung", "name": rung.name, "settings": settings, "plan": plan,
                   "started": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")})
    elif header["settings"] != settings:
        differ = sorted(k for k in settings if header["settings"].get(k) != settings[k])
        raise CourseError(f"{out.path} already holds a rung named {rung.name!r} with other "
                          f"settings ({', '.join(differ)}); give another records file")
    else:
        plan = header["plan"]
    state = _State(rung, plan, rung.test())
    for record in stored:
        if record.get("kind") == "pair" and record["rung"] == rung.name:
            state.played.setdefault(record["pair"], record)
    result = next((r for r in stored if r.get("kind") == "result"
                   and r["rung"] == rung.name), None)
    if state.feed() or result is not None:
        state.result = result or _finish(state, out)
    return state


def _finish(state: _State, out: _RecordsFile) -> dict:
    pairs = [state.played[p] for p in range(state.read)]
    state.result = rung_result(state.rung, state.plan, state.test, pairs)
    out.write(state.result)
    for future in state.pending.values():
        future.cancel()
    return state.result


def _bar(states: dict[str, _State], enabled: bool) -> Any:
    from tqdm.auto import tqdm
    bar = tqdm(desc="ladder", unit="pair", disable=not enabled, dynamic_ncols=True)
    _refresh(bar, states)
    return bar


def _refresh(bar: Any, states: dict[str, _State]) -> None:
    """Total: the pairs read by decided rungs, and the expected pairs of the others (at
    least what they have played); postfix: each rung's LLR or decision."""
    total = 0
    for s in states.values():
        expected = max(p["expected_games"] for p in s.plan["points"]) / 2
        total += s.read if s.result is not None else max(len(s.played), round(expected))
    bar.total = total
    bar.set_postfix_str(" ".join(
        f"{s.rung.name}:{_short(s)}" for s in states.values()), refresh=True)


def _short(state: _State) -> str:
    if state.result is not None:
        return {"accept H1": "H1", "accept H0": "H0"}.get(state.result["decision"], "cap")
    return f"{state.test.llr:+.2f}"


def replay_rung(records: Iterable[dict], name: str) -> Any:
    """The test of rung ``name`` fed again with its stored pairs, in order, up to where it
    stopped: its ``llr_history`` is the LLR after every pair, and its counts and LLR are those
    of the rung's result (anyone can check a record from its pairs).

    >>> replay_rung([{"kind": "rung", "name": "x", "settings": asdict(Rung("x", "a", "b", 0.0,
    ...              40.0, "why")), "plan": {"cap_games": 100}},
    ...              {"kind": "pair", "rung": "x", "pair": 0, "scores": [1.0, 1.0]}], "x").counts
    [0, 0, 0, 0, 1]
    """
    records = list(records)
    header = next((r for r in records if r.get("kind") == "rung" and r["name"] == name), None)
    if header is None:
        raise CourseError(f"no rung named {name!r} in these records; the rungs are "
                          + ", ".join(r["name"] for r in records if r.get("kind") == "rung"))
    state = _State(Rung(**header["settings"]), header["plan"], Rung(**header["settings"]).test())
    for record in records:
        if record.get("kind") == "pair" and record["rung"] == name:
            state.played.setdefault(record["pair"], record)
    state.feed()
    return state.test


# --- The whole ladder, and the defaults it implies ------------------------------------------

def implied_defaults(base: dict[str, bool], results: Iterable[dict]) -> dict[str, bool] | None:
    """The default the decided rungs imply: a technique is on when its rung accepted H1, off
    when it accepted H0; None while any technique's rung is undecided (a default follows
    decided tests only). Techniques without a rung keep their setting. A technique turned on
    turns on what it needs (``REQUIRES``), whatever that one's own rung decided: it was tested
    with it on.

    >>> implied_defaults({"tt": True, "lmr": True}, [{"rung": "lmr", "decision": "accept H0"}])
    {'tt': True, 'lmr': False}
    >>> implied_defaults({"pvs": True, "rfp": False}, [{"rung": "pvs", "decision": "accept H0"},
    ...                                                 {"rung": "rfp", "decision": "accept H1"}])
    {'pvs': True, 'rfp': True}
    >>> implied_defaults({"lmr": False}, [{"rung": "lmr (stage 3)", "decision": "accept H1"}])
    {'lmr': True}
    """
    new = dict(base)
    for result in results:
        technique = rung_technique(result["rung"])
        if technique not in base:
            continue
        if result["decision"] not in ("accept H0", "accept H1"):
            return None
        new[technique] = result["decision"] == "accept H1"
    for name, needed in REQUIRES.items():
        if new.get(name) and needed in new:
            new[needed] = True
    return new


def stage_rungs(rungs: Sequence[Rung], stored: Iterable[dict]) -> list[Rung]:
    """The rungs as a records file that already holds ``stored`` names them: a rung whose
    plain name the file gives to a test with other settings (the same technique tested from
    an earlier default) is named after the stage it opens (``STAGE_NAME``): one more than the
    stages the file closed with a confirmation (``ladder_stages``). A rung the file holds with
    the same settings keeps its name, so that a run resumes.

    >>> old = technique_rungs({"tt": True, "lmr": False}, nodes=500, only=["lmr"])[0]
    >>> new = technique_rungs({"tt": True, "lmr": False, "pvs": True}, 500, only=["lmr"])
    >>> stored = [{"kind": "rung", "name": "lmr", "settings": old.settings()},
    ...           {"kind": "result", "rung": "lmr", "spec_a": old.spec_a},
    ...           {"kind": "result", "rung": "confirm: lmr off", "spec_a": old.spec_b}]
    >>> [r.name for r in stage_rungs(new, stored)], [r.name for r in stage_rungs([old], stored)]
    (['lmr (stage 2)'], ['lmr'])
    """
    stored = list(stored)
    held = {r["name"]: r["settings"] for r in stored if r.get("kind") == "rung"}
    stages = ladder_stages(r for r in stored if r.get("kind") == "result")
    stage = len(stages) + 1 if stages and stages[-1].confirm is not None else max(1, len(stages))
    named = []
    for rung in rungs:
        if rung.name in held and held[rung.name] != rung.settings():
            rung = replace(rung, name=STAGE_NAME.format(name=rung.name, stage=stage))
        named.append(rung)
    return named


def engine_ladder(records: str | Path, nodes: int = DEFAULT_NODES, seed: int = DEFAULT_SEED,
                  only: Sequence[str] | None = None, executor: Any = None, workers: int = 1,
                  confirm: bool = True, bounds: tuple[float, float] | None = None,
                  progress: bool = True, hash_mb: int = 16) -> list[dict]:
    """The ladder of the engine's default: a rung per technique (``technique_rungs``, named
    by ``stage_rungs`` where the records file tested the technique from an earlier default),
    then, if the decided rungs imply another default, the confirmation of that default against
    the current one (``confirmation_rung``). Returns the result records."""
    base = default_switches()
    rungs = stage_rungs(technique_rungs(base, nodes, seed, only, bounds, hash_mb),
                        load_records(records))
    results = run_ladder(rungs, records, executor, workers, progress)
    new = implied_defaults(base, results)
    if confirm and new is not None and new != base:
        results += run_ladder([confirmation_rung(new, base, nodes, seed, hash_mb)], records,
                              executor, workers, progress)
    return results


def spec_switches(spec: str) -> dict[str, bool]:
    """The engine's switches in a stored rung's spec (``engine_spec`` writes them all); a
    switch the engine did not have when the record was made is off (the engine then played as
    it does with that switch off).

    >>> on = spec_switches("engine:nodes=500,hash=16,pvs=1,tt=0")
    >>> on["pvs"], on["tt"], on["lmp"]
    (True, False, False)
    """
    options = dict(item.split("=", 1) for item in spec.split(":", 1)[1].split(",") if item)
    return {name: options.get(name, "0") == "1" for name in default_switches()}


@dataclass
class LadderStage:
    """Tests played from one default: ``default`` (the switches they started from), their
    result records (``tests``), and the confirmation of the default they implied (``confirm``,
    None where they implied none or it was not played)."""

    default: dict[str, bool]
    tests: list[dict]
    confirm: dict | None


def ladder_stages(results: Iterable[dict]) -> list[LadderStage]:
    """A records file's results, in the order they finished, cut into stages: each
    confirmation closes one, and the default a stage started from is, for the first, the setting
    its tests share outside their own technique (and what it needs, turned on in both), for
    each later one the default the stage before confirmed.

    >>> stages = ladder_stages(r for r in load_records(Path(__file__).parents[1] / "data" /
    ...                        "engine_ladder_nodes.jsonl") if r["kind"] == "result")
    >>> [[t["rung"] for t in stage.tests] for stage in stages][1], stages[1].default["order"]
    (['lmp', 'rfp'], True)
    """
    stages: list[LadderStage] = []
    tests: list[dict] = []

    def close(confirm: dict | None) -> None:
        if stages:                    # the default the stage before confirmed, or kept
            before = stages[-1]
            default = (spec_switches(before.confirm["spec_a"]) if before.confirm is not None
                       else dict(before.default))
        else:                         # what the first stage's tests share
            default = {}
            techniques = [(rung_technique(t["rung"]), t) for t in tests]
            for name in default_switches():
                shared = [spec_switches(t["spec_a"])[name] for technique, t in techniques
                          if name not in (technique, REQUIRES.get(technique))]
                default[name] = shared[0] if shared else False
        stages.append(LadderStage(default, list(tests), confirm))
        tests.clear()

    for r in results:
        if is_confirmation(r):
            close(r)
        else:
            tests.append(r)
    if tests:
        close(None)
    return stages


def ladder_table(results: Iterable[dict]) -> str:
    """The results as a table: bounds, expected games (at elo0, halfway, elo1), games played,
    decision, and the Elo both ways (normalized; the bias-aware figure is median-unbiased).

    >>> ladder_table([]).split()[:4]
    ['rung', 'bounds', '(nElo)', 'expected']
    """
    results = list(results)
    width = max([12] + [len(r["rung"]) for r in results])
    head = (f"{'rung':{width}}  {'bounds (nElo)':>14}  {'expected games at elo0/mid/elo1':>32}  "
            f"{'games':>6}  {'decision':10}  {'nElo naive':>10}  {'nElo unbiased (95%)':<24} "
            f"{'ms/move A/B':>12}")
    lines = [head]
    for r in results:
        points = {p["elo"]: p["expected_games"] for p in r["expected_games"]}
        middle = (r["elo0"] + r["elo1"]) / 2
        expected = "/".join(f"{points[e]:.0f}" for e in (r["elo0"], middle, r["elo1"]))
        low, high = r["unbiased_normalized_interval"]
        unbiased = (f"{_fmt(r['unbiased_normalized_elo'])} ({_fmt(low)} to {_fmt(high)})")
        bounds = f"[{r['elo0']:g}, {r['elo1']:g}]"
        lines.append(
            f"{r['rung']:{width}}  {bounds:>14}  "
            f"{expected:>32}  {r['games']:>6}  {r['decision']:10}  "
            f"{_fmt(r['normalized_elo']):>10}  {unbiased:<24} "
            f"{r['ms_per_move_a']:>5.2f}/{r['ms_per_move_b']:<5.2f}")
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    """A figure of a record; None stands for an infinite one (JSON has no infinity)."""
    return "inf" if value is None else f"{value:+.1f}"
