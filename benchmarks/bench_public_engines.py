"""The course's engine against a public UAI ATAXX engine, from balanced openings.

    python benchmarks/bench_public_engines.py --opponent PATH [ARGS ...]
        (--movetime MS | --tc SECONDS+INC) [--games 20] [--openings ply3_fair.txt] [--seed 0]
        [--course-spec SPEC | --course-command "CMD"] [--manager arena | --manager cuteataxx PATH]
        [--timeout-buffer 50] [--json FILE]

Plays ``--games`` games (colour-swapped pairs: each opening once with each colour) between the
course's engine (``python -m course_lib uai``, its default engine; ``--course-spec SPEC`` for
``python -m course_lib uai SPEC``; a ``uai`` that still requires a spec is given
``FALLBACK_SPEC``, and the script says so) and the opponent, a UAI engine program, and prints
every game and a summary: the course's wins, draws and losses, score, Elo with its 95 %
interval (``course_lib.strength``), the pentanomial counts, the mean and median depth of each
side (the last ``info depth`` line of each move; forced passes not counted), the time each side
used, the games lost by a fault (and then the result of the games played out), the wall time,
the CPU time of the engines and the load average.

Openings: ``--openings FILE`` (one FEN a line, such as cuteataxx's
``res/openings/ply3_fair.txt``) draws ``games / 2`` of its positions by a seeded shuffle
(``--seed``); without it, the course's seeded 4-ply openings (``RandomOpenings``, decided ones
drawn again). Both managers play the same openings in the same order.

Managers:

- ``arena`` (default): ``course_lib.match.uai_match``, on the course's rules (400 turns, no
  50-move rule), clocks kept by the course, forfeits on time (``movetime`` + the buffer; a game
  clock: the time left), illegal move or crash.
- ``cuteataxx PATH``: the public tournament manager (its ``cuteataxx-cli``), driven by a
  settings file this script writes (concurrency 1, no material or easy-fill adjudication, a
  draw at move 201 as the course's 400-turn cap, its ``timeout_buffer``); its own rules are
  libataxx's, with the 50-move draw. Results come from its PGN, depths from its debug log.

Run it under ``nice -n 10`` on a quiet machine (the load average before and after is printed):
the manager's clocks are wall clocks, and an engine that times its search by CPU time (tiktaxx
uses ``clock()``) overruns them when it gets less than a whole core, and loses on time. This is
a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from course_lib.ataxx import FIRST, SECOND, State
from course_lib.errors import CourseError
from course_lib.match.arena import RandomOpenings
from course_lib.match.referee import ending
from course_lib.match.uai_match import (TimeControl, UaiEngine, UaiGameResult, play_uai_game,
                                        read_openings)
from course_lib.strength import Sprt, elo_estimate, sprt_elo_estimate

FALLBACK_SPEC = ("alphabeta:game=9500,eval=exact-material,order=gain,killers=1,history=1,"
                 "tt=20,tier=fast")
"""The engine played when ``python -m course_lib uai`` still requires a spec."""


# --- One game as either manager reports it -----------------------------------------------------


@dataclass
class Game:
    """One game, from the course's side: ``course_first`` (x), points 1/0.5/0, why it ended,
    and per side (course, opponent) the depths and times of its moves."""

    opening: str
    course_first: bool
    points: float
    reason: str
    turns: int
    depths: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    faulty: str | None = None         # "course" or "opponent" when a fault ended the game
    detail: str = ""


def _from_uai_game(result: UaiGameResult, course_first: bool) -> Game:
    course = FIRST if course_first else SECOND
    points = 0.5 if result.winner == 0 else float(result.winner == course)
    order = (0, 1) if course_first else (1, 0)
    faulty = (None if result.loser is None
              else "course" if result.loser == course else "opponent")
    return Game(result.start_fen, course_first, points, result.reason, len(result.moves),
                tuple(list(result.depths[i]) for i in order),
                tuple(list(result.times_ms[i]) for i in order), faulty, result.detail)


# --- The course's engine ------------------------------------------------------------------------


def course_command(spec: str | None, command: str | None) -> tuple[list[str], str]:
    """The course engine's command line, and a note when a spec had to be supplied."""
    if command:
        return shlex.split(command), ""
    base = [sys.executable, "-m", "course_lib", "uai"]
    if spec:
        return base + [spec], ""
    probe = subprocess.run(base, input="uai\nquit\n", capture_output=True, text=True,
                           timeout=120)
    if "uaiok" in probe.stdout:
        return base, ""
    return base + [FALLBACK_SPEC], (f"`python -m course_lib uai` needs a spec here "
                                    f"({probe.stderr.strip()[:120]}); played {FALLBACK_SPEC}")


# --- Openings -----------------------------------------------------------------------------------


def choose_openings(path: str | None, pairs: int, seed: int) -> tuple[list[str], str]:
    if path is None:
        source = RandomOpenings(plies=4)
        return ([source.fen(pair, seed) for pair in range(pairs)],
                f"the course's seeded 4-ply openings (seed {seed})")
    fens = read_openings(path)
    order = list(range(len(fens)))
    random.Random(seed).shuffle(order)
    chosen = [fens[i] for i in order[:pairs]]
    if len(chosen) < pairs:
        chosen = [chosen[p % len(chosen)] for p in range(pairs)]
    return chosen, f"{pairs} of the {len(fens)} positions of {Path(path).name} (seed {seed})"


# --- Manager: the course's arena ------------------------------------------------------------------


def run_arena(course_argv: list[str], opponent_argv: list[str], openings: list[str],
              tc: TimeControl, on_game, stop=None) -> list[Game]:
    """The games of both colours from each opening, in the course's arena; ``stop(games)``,
    if given, is asked after every pair and ends the match when it says so."""
    course = UaiEngine(course_argv, name="course", startup_ms=120_000)
    opponent = UaiEngine(opponent_argv, name="opponent", startup_ms=60_000)
    games: list[Game] = []
    try:
        for fen in openings:
            for course_first in (True, False):
                first, second = (course, opponent) if course_first else (opponent, course)
                game = _from_uai_game(play_uai_game(first, second, tc, fen), course_first)
                games.append(game)
                on_game(len(games) - 1, game)
            if stop is not None and stop(games):
                break
    finally:
        course.close()
        opponent.close()
    return games


# --- Manager: cuteataxx -------------------------------------------------------------------------

_REASONS = {"Out of time": "timeout", "Illegal move": "illegal", "Material imbalance":
            "material", "Easy fill": "easy-fill", "Max game length reached": "game-length",
            "*": "crash"}


def _settings(course_argv: list[str], opponent_argv: list[str], openings_path: str,
              pgn_path: str, games: int, tc: TimeControl, buffer_ms: int) -> dict:
    timecontrol = ({"movetime": tc.movetime_ms} if tc.movetime_ms is not None
                   else {"time": tc.time_ms, "inc": tc.inc_ms})
    return {
        "games": games, "concurrency": 1, "ratinginterval": 10, "verbose": False,
        "debug": True, "recover": False, "colour1": "Black", "colour2": "White",
        "tournament": "roundrobin", "print_early": False,
        # No "material" or "easyfill" key: cuteataxx adjudicates whenever a key is present.
        "adjudicate": {"gamelength": 201, "timeout_buffer": buffer_ms},
        "openings": {"path": openings_path, "repeat": True, "shuffle": False},
        "timecontrol": timecontrol,
        "pgn": {"enabled": True, "verbose": True, "override": True, "path": pgn_path,
                "event": "bench_public_engines"},
        "engines": [
            {"name": "course", "path": course_argv[0], "protocol": "UAI",
             "arguments": shlex.join(course_argv[1:])},
            {"name": "opponent", "path": opponent_argv[0], "protocol": "UAI",
             "arguments": shlex.join(opponent_argv[1:])},
        ],
    }


def _pgn_games(text: str) -> list[dict]:
    games = []
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        if not block.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, flags=re.M))
        moves = [(move, int(ms)) for move, ms in
                 re.findall(r"(\S+) \{ movetime (-?\d+) \}", block)]
        games.append({"tags": tags, "moves": moves})
    return games


def _debug_depths(log: str, course_first: list[bool]) -> list[tuple[list[int], list[int]]]:
    """Depths per game and side (course, opponent) from cuteataxx's debug lines: game ``k``
    starts at its ``k``-th pair of ``uainewgame`` lines, and the course is x in game ``k``
    when ``course_first[k]``."""
    games = len(course_first)
    depths: list[tuple[list[int], list[int]]] = [([], []) for _ in range(games)]
    newgames = 0
    to_move = "x"
    last: int | None = None
    for line in log.splitlines():
        sent = re.match(r"^\S+> (.*)$", line)
        received = None if sent else re.match(r"^\S+< (.*)$", line)
        if sent:
            words = sent.group(1).split()
            if words[:1] == ["uainewgame"]:
                newgames += 1
            elif words[:2] == ["position", "fen"] and len(words) >= 4:
                to_move = words[3]
            elif words[:1] == ["go"]:
                last = None
        elif received:
            words = received.group(1).split()
            if words[:1] == ["info"] and "depth" in words:
                at = words.index("depth")
                if at + 1 < len(words) and words[at + 1].isdigit():
                    last = int(words[at + 1])
            elif words[:1] == ["bestmove"]:
                game = (newgames - 1) // 2
                forced_pass = words[1:2] == ["0000"]       # not counted, as in the arena
                if 0 <= game < games and last is not None and not forced_pass:
                    side = 0 if (to_move == "x") == course_first[game] else 1
                    depths[game][side].append(last)
                last = None
    return depths


def run_cuteataxx(cli: str, course_argv: list[str], opponent_argv: list[str],
                  openings: list[str], tc: TimeControl, buffer_ms: int, on_game,
                  timeout_s: float) -> tuple[list[Game], str]:
    with tempfile.TemporaryDirectory(prefix="bench_cuteataxx_") as folder:
        openings_path = os.path.join(folder, "openings.txt")
        Path(openings_path).write_text("".join(fen + "\n" for fen in openings))
        pgn_path = os.path.join(folder, "games.pgn")
        settings_path = os.path.join(folder, "settings.json")
        count = 2 * len(openings)
        Path(settings_path).write_text(json.dumps(_settings(
            course_argv, opponent_argv, openings_path, pgn_path, count, tc, buffer_ms),
            indent=2))
        out_path = os.path.join(folder, "out.txt")
        with open(out_path, "w") as out:
            process = subprocess.Popen([cli, settings_path], stdout=out,
                                       stderr=subprocess.STDOUT, start_new_session=True,
                                       cwd=folder)
            try:
                process.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                raise CourseError(f"cuteataxx did not finish within {timeout_s:.0f} s "
                                  "(an engine that never answers hangs it); stopped") from None
            finally:
                try:
                    os.killpg(process.pid, signal.SIGKILL)      # any engine left behind
                except ProcessLookupError:
                    pass
        log = Path(out_path).read_text(errors="replace")
        pgn = Path(pgn_path).read_text() if os.path.exists(pgn_path) else ""
    games = parse_cuteataxx(log, pgn, count)
    for index, game in enumerate(games):
        on_game(index, game)
    summary = [line for line in log.splitlines() if line.startswith("Score of")]
    return games, (summary[-1] if summary else "")


def parse_cuteataxx(log: str, pgn: str, count: int) -> list[Game]:
    """The games of a cuteataxx run (``count`` of them, the course's engine named ``course``)
    from its PGN (results, reasons, times per move) and its debug output
    (depths)."""
    records = _pgn_games(pgn)
    if len(records) != count:
        tail = "\n".join(line for line in log.splitlines()[-15:] if "<" not in line[:25])
        raise CourseError(f"cuteataxx wrote {len(records)} games of {count}; its output "
                          f"ends:\n{tail}")
    depths = _debug_depths(log, [r["tags"].get("Black") == "course" for r in records])
    games = []
    for index, record in enumerate(records):
        tags = record["tags"]
        course_first = tags.get("Black") == "course"
        start = State.from_fen(tags["FEN"])
        result = tags.get("Result", "*")
        winner_x = {"1-0": True, "0-1": False}.get(result)
        points = 0.5 if winner_x is None else float(winner_x == course_first)
        adjudicated = tags.get("Adjudicated")
        reason = _REASONS.get(adjudicated, adjudicated) if adjudicated else "end"
        final = tags.get("FinalFEN", "").split()
        if not adjudicated and len(final) > 2 and final[2].isdigit() and int(final[2]) >= 100:
            reason = "50-moves"                      # libataxx's rule, not the course's
        elif not adjudicated:
            try:
                end = State.from_fen(tags["FinalFEN"])
                reason = ending(end) if end.is_over() else reason
            except (KeyError, ValueError):
                pass
        faulty = None
        if reason in ("timeout", "illegal", "crash") and points != 0.5:
            faulty = "course" if points == 0.0 else "opponent"
        times: tuple[list[float], list[float]] = ([], [])
        x_first = start.to_move == FIRST
        for ply, (move, ms) in enumerate(record["moves"]):
            x_moved = (ply % 2 == 0) == x_first
            if move != "0000":                 # a forced pass: not counted, as in the arena
                times[0 if x_moved == course_first else 1].append(float(ms))
        game = Game(tags["FEN"], course_first, points, reason, len(record["moves"]),
                    depths[index], times, faulty, f"cuteataxx: {adjudicated or result}")
        games.append(game)
    return games


# --- The report ---------------------------------------------------------------------------------


def _mean(values: list[float]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "-"


def summarize(games: list[Game]) -> dict:
    wins = sum(g.points == 1.0 for g in games)
    losses = sum(g.points == 0.0 for g in games)
    draws = len(games) - wins - losses
    pentanomial = [0] * 5
    for pair in range(len(games) // 2):
        pentanomial[int(2 * (games[2 * pair].points + games[2 * pair + 1].points))] += 1
    side = {}
    for i, who in enumerate(("course", "opponent")):
        depths = [d for g in games for d in g.depths[i]]
        times = [t for g in games for t in g.times_ms[i]]
        side[who] = {"mean_depth": statistics.mean(depths) if depths else None,
                     "median_depth": statistics.median(depths) if depths else None,
                     "moves": len(times), "time_s": sum(times) / 1000,
                     "mean_ms": statistics.mean(times) if times else None,
                     "longest_ms": max(times, default=None),
                     "faults": sum(g.faulty == who for g in games)}
    played = [g for g in games if g.faulty is None]
    played_out = {"games": len(played), "wins": sum(g.points == 1.0 for g in played),
                  "losses": sum(g.points == 0.0 for g in played)}
    played_out["draws"] = len(played) - played_out["wins"] - played_out["losses"]
    reasons: dict[str, int] = {}
    for game in games:
        reasons[game.reason] = reasons.get(game.reason, 0) + 1
    return {"wins": wins, "draws": draws, "losses": losses,
            "score": (wins + draws / 2) / len(games) if games else 0.0,
            "pentanomial": pentanomial, "sides": side, "reasons": reasons,
            "played_out": played_out,
            "elo": str(elo_estimate(wins, draws, losses)) if games else ""}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", nargs="+", required=True, metavar="PATH",
                        help="the opponent's program and its arguments (or one quoted line)")
    control = parser.add_mutually_exclusive_group(required=True)
    control.add_argument("--movetime", type=int, help="ms a move (go movetime)")
    control.add_argument("--tc", help="game clock SECONDS+INC, e.g. 10+0.1")
    parser.add_argument("--games", type=int, default=20, help="an even number (default 20)")
    parser.add_argument("--openings", help="a file of FENs (cuteataxx's ply3_fair.txt)")
    parser.add_argument("--seed", type=int, default=0)
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument("--course-spec", help="play python -m course_lib uai SPEC")
    engine.add_argument("--course-command", help="the course engine's whole command line")
    parser.add_argument("--manager", nargs="+", default=["arena"], metavar="NAME",
                        help="arena (default), or cuteataxx PATH_TO_cuteataxx-cli")
    parser.add_argument("--timeout-buffer", type=int, default=50,
                        help="ms a movetime answer may be late (default 50)")
    parser.add_argument("--json", help="write the games and the summary to this file")
    parser.add_argument("--sprt", metavar="ELO0,ELO1",
                        help="stop at the decision of a pentanomial SPRT (logistic Elo bounds, "
                             "alpha = beta = 0.05; --games is then its cap); arena only")
    args = parser.parse_args(argv)
    try:
        if args.games < 2 or args.games % 2:
            raise CourseError(f"--games must be an even number >= 2 (colour-swapped pairs), "
                              f"got {args.games}")
        tc = (TimeControl.per_move(args.movetime, args.timeout_buffer)
              if args.movetime is not None else TimeControl.parse(args.tc))
        manager = args.manager[0]
        if manager not in ("arena", "cuteataxx") or (manager == "cuteataxx") != (
                len(args.manager) == 2) or (manager == "arena" and len(args.manager) != 1):
            raise CourseError("--manager is 'arena' or 'cuteataxx PATH' (the path of "
                              f"cuteataxx-cli), got {' '.join(args.manager)!r}")
        opponent = (shlex.split(args.opponent[0]) if len(args.opponent) == 1
                    else list(args.opponent))
        if not os.path.isfile(opponent[0]):
            raise CourseError(f"--opponent: no such program {opponent[0]!r}")
        test = None
        if args.sprt is not None:
            bounds = args.sprt.split(",")
            if len(bounds) != 2 or args.manager[0] != "arena":
                raise CourseError("--sprt takes two logistic Elo bounds, ELO0,ELO1 (e.g. 0,50), "
                                  f"and the arena manager; got {args.sprt!r}")
            test = Sprt(float(bounds[0]), float(bounds[1]), kind="pentanomial")
        openings, described = choose_openings(args.openings, args.games // 2, args.seed)
        course, note = course_command(args.course_spec, args.course_command)
    except (CourseError, ValueError) as error:
        print("error: " + " ".join(str(error).split()), file=sys.stderr)
        return 2

    print(f"course:   {shlex.join(course)}")
    if note:
        print(f"          ({note})")
    print(f"opponent: {shlex.join(opponent)}")
    print(f"manager:  {' '.join(args.manager)}; {tc}"
          + (f", {args.timeout_buffer} ms buffer" if args.movetime else ""))
    print(f"openings: {described}; {args.games} games, both colours per opening\n", flush=True)

    def on_game(index: int, game: Game) -> None:
        depth = " / ".join(_mean(d) for d in game.depths)
        used = " / ".join(f"{sum(t) / 1000:.1f}" for t in game.times_ms)
        print(f"game {index + 1:3d}  course {'x' if game.course_first else 'o'}  "
              f"points {game.points:g}  {game.reason:<11s} {game.turns:3d} turns  "
              f"depth {depth}  time {used} s"
              + (f"  ({game.faulty} lost: {game.detail})" if game.faulty else ""), flush=True)

    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    try:
        if manager == "arena":
            def decided(games: list[Game]) -> bool:
                return test.add((games[-2].points, games[-1].points)) != "continue"

            games = run_arena(course, opponent, openings, tc, on_game,
                              None if test is None else decided)
            line = ""
        else:
            per_game = (args.movetime + args.timeout_buffer) * 400 / 1000 if args.movetime \
                else 2 * (tc.time_ms + 400 * tc.inc_ms) / 1000
            games, line = run_cuteataxx(args.manager[1], course, opponent, openings, tc,
                                        args.timeout_buffer, on_game,
                                        timeout_s=60 + args.games * per_game)
    except CourseError as error:
        print("error: " + " ".join(str(error).split()), file=sys.stderr)
        return 2
    wall = time.perf_counter() - started
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = summarize(games)
    summary.update({"wall_s": wall, "load_before": load_before,
                    "load_after": os.getloadavg()[0],
                    "engines_cpu_s": children.ru_utime + children.ru_stime,
                    "manager": " ".join(args.manager), "tc": str(tc),
                    "course": shlex.join(course), "opponent": shlex.join(opponent),
                    "openings": described})

    print(f"\ncourse vs opponent, {len(games)} games: +{summary['wins']} ={summary['draws']} "
          f"-{summary['losses']}, score {100 * summary['score']:.1f}%")
    print(f"logistic Elo (course - opponent): {summary['elo']}")
    print(f"pairs scoring 0/0.5/1/1.5/2: {' '.join(map(str, summary['pentanomial']))}")
    for who, side in summary["sides"].items():
        depth = ("-" if side["mean_depth"] is None else
                 f"{side['mean_depth']:.1f} (median {side['median_depth']:g})")
        mean_ms = "-" if side["mean_ms"] is None else f"{side['mean_ms']:.0f}"
        longest = "-" if side["longest_ms"] is None else f"{side['longest_ms']:.0f}"
        print(f"{who:9s} mean depth {depth}, {side['moves']} moves, time used "
              f"{side['time_s']:.1f} s (mean {mean_ms} ms a move, longest {longest} ms), "
              f"games lost by a fault {side['faults']}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["reasons"].items())))
    faults = sum(side["faults"] for side in summary["sides"].values())
    if faults:
        print(f"warning: {faults} of {len(games)} games were lost by a fault (time, illegal "
              "move, crash), not played out: on a busy machine a starved engine answers "
              "late, and one that times its search by CPU time (tiktaxx) overruns the wall "
              "clock; see the load average below")
        out = summary["played_out"]
        print(f"the {out['games']} games played out: course +{out['wins']} ={out['draws']} "
              f"-{out['losses']}")
    if line:
        print(f"cuteataxx: {line}")
    if test is not None:
        print(f"{test}\n{sprt_elo_estimate(test)}")
        summary["sprt"] = {"state": test.state, "llr": test.llr, "pairs": test.counts,
                           "estimate": str(sprt_elo_estimate(test))}
    print(f"wall {wall:.0f} s; CPU of the engines and the manager {summary['engines_cpu_s']:.0f} s; "
          f"load average {load_before:.2f} before, {summary['load_after']:.2f} after")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"summary": summary, "games": [vars(g) for g in games]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
