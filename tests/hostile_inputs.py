"""Hostile input, as a careless or hostile user types it: command lines for every subcommand of
``python -m course_lib`` and calls of the public library functions, grouped by kind.

Each command line is answered cleanly when it either runs (exit status 0, no traceback) or is
refused in one line on stderr with exit status 2; each case says which of the two it expects
and, for a refusal, words the message must hold. Each library call is answered cleanly when it
returns, or raises a ``course_lib.errors.CourseError`` (a ValueError) with a message that holds
the words the case names. ``tests/test_hostile_input.py`` runs every case;
``python tests/hostile_inputs.py`` counts them and how many are answered cleanly, by kind
(``--subprocess`` runs each command line as its own process, as a user would; ``--help``
lists the options).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import signal
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

REFUSED, RUNS, EITHER = "refused", "runs", "either"

NEAR_THE_CAP = "x5o/7/7/7/7/7/o5x x 0 200"
"""Turn 398: two turns are left, so any perft depth from here is quick."""
FINISHED_FEN = "xxxxxxx/7/7/7/7/7/7 o 0 1"
"""o has no stones: the game is over."""
TICTACTOE_BOTH_LINES = "XXX/OOO/..."
OTHELLO_START = ("......../......../......../...ox.../...xo.../......../......../"
                 "........ x")


@dataclass(frozen=True)
class Command:
    """One command line: its kind, its words, what is fed on stdin, and what it must do."""

    kind: str
    argv: tuple[str, ...]
    expect: str = REFUSED
    words: tuple[str, ...] = ()
    stdin: str = ""
    stdout_words: tuple[str, ...] = ()

    def id(self) -> str:
        shown = " ".join(self.argv)
        shown = shown if len(shown) <= 70 else shown[:60] + f"...({len(shown)})"
        return f"{self.kind}: {shown}" + (f" <<< {self.stdin[:30]!r}" if self.stdin else "")


@dataclass(frozen=True)
class Call:
    """One library call: its kind, a name to show, the call, the words its refusal must hold,
    and whether it must be refused, must return, or may do either."""

    kind: str
    name: str
    call: Callable[[], Any] = field(compare=False)
    words: tuple[str, ...] = ()
    expect: str = REFUSED


# --- values a careless hand types ------------------------------------------------------------

NOT_WHOLE = ["", " ", "x", "1.5", "1e3", "nan", "inf", "-inf", "0x10", "1_000", "\u0663",
             "\u00b2", "\u2603", "--", "5abc", "+-1", "9" * 5000]
"""Text that is not a whole number, though some of it looks like one."""
HUGE = ["9" * 20, "1" + "0" * 20, "9" * 40, "9" * 400, "-" + "9" * 20]
"""Whole numbers beyond 64 bits (and one far below)."""
NOT_NUMBER = ["", "x", "nan", "-nan", "inf", "-inf", "1e400", "-1e400", "0x10", "\u2603",
              "1,5", "9" * 5000]
"""Text that is not a finite number."""


def _perft_cases() -> list[Command]:
    k = "perft"
    cases = [Command(k, ("perft", "--fen", NEAR_THE_CAP, "--depth", v), words=("--depth",))
             for v in NOT_WHOLE + HUGE + ["-1", "-0.5", "401", "-inf", "-nan"]]
    cases += [Command(k, ("perft", "--game", game, "--depth", v), words=("--depth", word))
              for game, v, word in [("othello", "121", "0 to 120"),
                                    ("tictactoe", "10", "0 to 9"),
                                    ("othello", "9" * 30, "120")]]
    cases += [Command(k, ("perft", "--fen", fen, "--depth", "1"), words=words) for fen, words in [
        ("", ("FEN",)), (" ", ("FEN",)), ("x5o/7/7/7/7/7/o5x", ("FEN",)),
        ("x5o/7/7/7/7/7/o5x z 0 1", ("side to move",)),
        ("x5o/7/7/7/7/7/o5x x -1 1", ("halfmove",)),
        ("x5o/7/7/7/7/7/o5x x 0 0", ("fullmove",)),
        ("x5o/7/7/7/7/7/o5x x 0 -3", ("fullmove",)),
        ("x5o/7/7/7/7/7/7/o5x x 0 1", ("ranks",)), ("x5o/7/7/7/7/7/o6x x 0 1", ("rank",)),
        ("x5o/7/7/7/7/7/o5q x 0 1", ("FEN",)), ("x5o/7/7/7/7/7/o5x x 0 1 extra", ("FEN",)),
        ("\u2603" * 9, ("FEN",)), ("x5o/7/7/7/7/7/o5x x 0 " + "9" * 500, ("digits",)),
        ("x5o/7/7/7/7/7/o5x x 0 1.5", ("fullmove",)), ("x9o/7/7/7/7/7/o5x x 0 1", ("rank",)),
        ("x5o/7/7/7/7/7/o5x x 0 \u0663", ("fullmove",)),
    ]]
    cases += [Command(k, ("perft", "--game", game, "--position", text, "--depth", "1"),
                      words=words) for game, text, words in [
        ("tictactoe", "X.O/.X./...#!?", ("tic-tac-toe",)),
        ("tictactoe", "X.O/.X./..", ("9 squares",)),
        ("tictactoe", "X.O/.X./....", ("9 squares",)),
        ("tictactoe", "XXO/X../...", ("tic-tac-toe",)),          # X played twice in a row
        ("tictactoe", "XXX/.../...", ("tic-tac-toe",)),          # 3 X against 0 O
        ("tictactoe", TICTACTOE_BOTH_LINES, ("both",)),
        ("tictactoe", "OO./.../...", ("tic-tac-toe",)),          # O has moved more than X
        ("tictactoe", "X O/ X / ..", ("tic-tac-toe",)),
        ("tictactoe", "", ("9 squares",)),
        ("othello", "", ("Othello",)), ("othello", "x" * 64, ("Othello",)),
        ("othello", OTHELLO_START.replace(" x", " q"), ("Othello",)),
        ("othello", OTHELLO_START.replace("...ox...", "...o#..."), ("Othello",)),
        ("othello", OTHELLO_START + " extra", ("Othello",)),
        ("othello", OTHELLO_START.replace("/......../........ x", " x"), ("Othello",)),
        ("othello", OTHELLO_START.replace(" x", ""), ("Othello",)),
        ("gomoku", "", ("Gomoku",)),
    ]]
    cases += [Command(k, argv, words=words) for argv, words in [
        (("perft", "--game", "chess"), ("--game",)),
        (("perft", "--game", "tictactoe", "--tier", "fast"), ("readable",)),
        (("perft", "--tier", "quick"), ("--tier",)),
        (("perft", "--depth", "0", "--divide"), ("--divide",)),
        (("perft", "--fen", FINISHED_FEN, "--depth", "1", "--divide"), ("over",)),
        (("perft", "--game", "tictactoe", "--position", "XXX/OO./...", "--divide",
          "--depth", "1"), ("over",)),
        (("perft", "--depth"), ("--depth",)),
        (("perft", "--fen"), ("--fen",)),
        (("perft", "--bogus"), ("perft --help",)),
        (("perft", "extra"), ("perft --help",)),
        (("perft", "--depth", "2", "--depth", "x"), ("--depth",)),
        (("perft", "--json=yes"), ("--json",)),
    ]]
    cases += [Command(k, argv, expect=RUNS) for argv in [
        ("perft", "--depth", "0"), ("perft", "--fen", NEAR_THE_CAP, "--depth", "400"),
        ("perft", "--fen", FINISHED_FEN, "--depth", "3", "--json"),
        ("perft", "--game", "tictactoe", "--position", "X.O/.X./...", "--depth", "2"),
        ("perft", "--game", "tictactoe", "--position", "xo./.../...", "--depth", "2"),
        ("perft", "--fen", "x5o/7/7/7/7/7/o5x x 0 " + "9" * 40, "--depth", "2"),
        ("perft", "--depth", "+2"), ("perft", "--depth", " 2 "), ("perft", "--depth=02"),
    ]]
    return cases


# Spec keys, each with a value inside its range (to check that it runs) and the words a
# refusal of a value outside it must hold. The engine's "time" and "game" are kept small.
SPEC_NUMBER_KEYS: list[tuple[str, str, str]] = [
    ("random", "seed", "2**64 - 1"), ("minimax", "depth", "from 1 to 64"),
    ("alphabeta", "depth", "from 1 to 64"), ("alphabeta", "tt", "from 0 to 26"),
    ("alphabeta", "time", "from 1 to"), ("alphabeta", "game", "from 1 to"),
    ("alphabeta:tier=fast", "time", "from 1 to"), ("alphabeta:tier=fast", "game", "from 1 to"),
    ("engine", "time", "from 1 to"), ("engine", "game", "from 1 to"),
    ("engine", "depth", "from 1 to"), ("engine", "nodes", "from 1 to"),
    ("engine", "hash", "from 1 to"),
    ("mcts", "iterations", "from 1 to"), ("mcts", "time", "from 1 to"),
    ("mcts", "c", "from 0"), ("mcts", "expand", "from 1 to"), ("mcts", "cutoff", "from 0 to"),
    ("mcts", "epsilon", "from 0"), ("mcts", "seed", "2**64 - 1"),
    ("mcts:tier=fast", "expand", "from 1 to"), ("mcts:tier=fast", "cutoff", "from 0 to"),
    ("mcts:tier=fast", "iterations", "from 1 to"), ("mcts:tier=fast", "time", "from 1 to"),
    ("mcts:tier=fast,prior=learned", "temp", "from"),
    ("mcts:tier=fast,prior=learned", "fpu", "from 0"),
]


def _spec(head: str, key: str, value: str) -> str:
    return f"{head},{key}={value}" if ":" in head else f"{head}:{key}={value}"


def _search_cases() -> list[Command]:
    k = "search"
    cases = []
    for head, key, words in SPEC_NUMBER_KEYS:
        for value in HUGE + ["-1", "nan", "inf", "1e400", "x", ""]:
            cases.append(Command(k + ": number in a spec", ("search", _spec(head, key, value)),
                                 words=(key,)))
        cases.append(Command(k + ": number in a spec", ("search", _spec(head, key, "9" * 20)),
                             words=(words,)))
    cases += [Command(k + ": spec meaning", ("search", *extra, spec), words=words)
              for extra, spec, words in [
        ((), "greedy:eval=openlines", ("tic-tac-toe",)),
        ((), "alphabeta:depth=2,eval=leaf", ("not ATAXX",)),
        ((), "alphabeta:depth=2,eval=research", ("Othello",)),
        ((), "alphabeta:depth=2,eval=patterns", ("Gomoku",)),
        (("--game", "othello"), "alphabeta:depth=2,tier=fast", ("ATAXX",)),
        (("--game", "othello"), "engine:depth=2", ("ATAXX",)),
        (("--game", "tictactoe"), "engine:depth=2", ("ATAXX",)),
        (("--game", "gomoku"), "mcts:tier=fast,iterations=5", ("ATAXX",)),
        (("--game", "tictactoe"), "greedy:eval=material", ("TicTacToe",)),
        (("--game", "othello"), "greedy:eval=openlines", ("Othello",)),
        (("--game", "tictactoe"), "mcts:tier=fast,iterations=5", ("ATAXX",)),
        ((), "alphabeta:depth=2,tier=fast,eval=exact-openlines", ("ATAXX",)),
        ((), "alphabeta:depth=2,tier=fast,form=minmax", ("negamax",)),
        ((), "alphabeta:time=10,game=10", ("not both",)),
        ((), "engine:time=10,game=10", ("not both",)),
        ((), "engine:eval=weights", ("material", "learned")),
        ((), "mcts:value=learned", ("tier=fast",)),
        ((), "mcts:tier=fast,value=learned,playout=greedy", ("playout",)),
        ((), "mcts:iterations=5,tier=slow", ("tier",)),
        ((), "greedy:eval=", ("eval",)), ((), "greedy:depth=3", ("no key",)),
        ((), "greedy:eval=material,eval=weights", ("twice",)),
        ((), "alphabeta:depth", ("key=value",)), ((), "alphabeta:=3", ("no key",)),
        ((), "chess", ("unknown agent",)), ((), "", ("spec",)), ((), " ", ("spec",)),
        ((), "ALPHABETA", ("unknown agent",)), ((), "alphabeta:Depth=2", ("no key",)),
        ((), "random:seed=1:2", ("seed",)), ((), "engine:lmr=2", ("0 (off) or 1",)),
        ((), "engine:lmr=yes", ("0 (off) or 1",)), ((), "\u2603:x=1", ("unknown agent",)),
        ((), "alphabeta:depth=2,,,", ()),
    ]]
    cases[-1] = Command(k + ": spec meaning", ("search", "alphabeta:depth=2,,,"), expect=RUNS)
    cases += [Command(k + ": the machine", ("search", spec), words=("memory", "free"))
              for spec in ["engine:hash=65536", "engine:hash=40000,depth=1",
                           "alphabeta:depth=1,tt=26,tier=fast"]]
    cases += [Command(k + ": spec meaning", ("search", *extra, spec), expect=RUNS)
              for extra, spec in [
        ((), "engine:depth=2,eval=learned"), ((), "engine:depth=2,eval=material"),
        (("--game", "tictactoe"), "greedy:eval=openlines"),
        (("--game", "othello"), "alphabeta:depth=2,eval=research"),
        ((), "alphabeta:depth=2, order=gain"), ((), " greedy "),
        ((), "random:seed=" + str(2 ** 64 - 1)), ((), "mcts:iterations=20,expand=1000"),
        ((), "mcts:iterations=20,playout=cutoff,cutoff=400"),
    ]]
    cases += [Command(k + ": positions", ("search", "--game", game, "--position", text,
                                          "greedy" if game != "tictactoe" else "minimax:depth=2"),
                      words=words) for game, text, words in [
        ("tictactoe", "X.O/.X./...#!?", ("tic-tac-toe",)),
        ("tictactoe", TICTACTOE_BOTH_LINES, ("both",)),
        ("tictactoe", "XXX/OO./...", ("over",)),
        ("ataxx", FINISHED_FEN, ("over",)), ("ataxx", "x5o/7/7/7/7/7/o5x x 0 201", ("400",)),
        ("othello", "/".join(["xxxxxxxx"] * 8) + " o", ("over",)),
        ("gomoku", "x" * 15, ("Gomoku",)),
    ]]
    cases += [Command(k + ": options", ("search", *argv), words=words) for argv, words in [
        (("--radius", "-1", "--game", "gomoku", "greedy"), ("--radius",)),
        (("--radius", "15", "--game", "gomoku", "greedy"), ("--radius",)),
        (("--radius", "9" * 30, "--game", "gomoku", "greedy"), ("--radius",)),
        (("--radius", "1", "greedy"), ("Gomoku",)),
        (("--forbid-double-three", "greedy"), ("Gomoku",)),
        (("--game", "go", "greedy"), ("--game",)),
        ((), ("SPEC",)), (("greedy", "random"), ("search --help",)),
        (("greedy", "--bogus"), ("search --help",)),
    ]]
    return cases


def _agent_session(*lines: str) -> str:
    return "\n".join(lines) + "\n"


PROTOCOL_GARBAGE = [
    "TURN " + "9" * 40 + " 100", "TURN -5 100", "TURN nan nan", "TURN inf 0", "TURN 1e400 1",
    "TURN", "TURN x y", "TURN 1e308 1e308", "TURN " + "9" * 400 + " 1", "OPP 1 1 2 2",
    "OPP 9 9 9 9 9", "OPP " + "9" * 40 + " 1 1 1 0", "OPP a b c d e", "OPP -1 -1 -1 -1 5",
    "READY THIRD", "READY", "\u2603\u2603", "\x00\x01\x02", "MOVE 1 1 2 2", "x" * 100000,
]


def _agent_cases() -> list[Command]:
    k = "agent"
    cases = []
    for spec in ["engine:game=1000", "alphabeta:game=9000", "alphabeta:depth=2",
                 "mcts:iterations=50", "greedy", "engine:depth=2", "alphabeta:time=50,tier=fast",
                 "engine:time=30"]:
        for line in PROTOCOL_GARBAGE:
            cases.append(Command(k + ": protocol lines", ("agent", spec), expect=RUNS,
                                 stdin=_agent_session("READY FIRST", line, "TURN 10000 10000",
                                                      "FINISH"),
                                 stdout_words=("OK", "MOVE")))
    for head, key, words in SPEC_NUMBER_KEYS:
        cases.append(Command(k + ": number in a spec", ("agent", _spec(head, key, "9" * 20)),
                             words=(key,), stdin="READY FIRST\n"))
    cases += [Command(k + ": spec meaning", ("agent", spec), words=words, stdin="READY FIRST\n")
              for spec, words in [("greedy:eval=openlines", ("tic-tac-toe",)),
                                  ("engine:hash=65536", ("MB", "memory")),
                                  ("nothing", ("unknown agent",)), ("", ("spec",))]]
    cases += [Command(k + ": spec meaning", ("agent", "engine:depth=2,eval=learned"),
                      expect=RUNS, stdin=_agent_session("READY FIRST", "TURN 10000 10000",
                                                        "FINISH"), stdout_words=("MOVE",))]
    cases += [Command(k + ": options", ("agent", *argv), words=words, stdin="READY FIRST\n")
              for argv, words in [(("greedy", "--fen", "x5o/7/7"), ("FEN",)),
                                  (("greedy", "--fen", FINISHED_FEN), ("over",)),
                                  (("greedy", "extra"), ("agent --help",)),
                                  ((), ("spec",))]]
    return cases


def _referee_cases() -> list[Command]:
    k = "referee"
    me = f"{sys.executable} -m course_lib agent"
    cases = [Command(k, ("referee", f"{me} greedy", f"{me} greedy", option, v),
                     words=(option,))
             for option in ("--time-ms", "--ready-ms")
             for v in NOT_WHOLE + HUGE + ["0", "-1", "1e9"]]
    cases += [Command(k, ("referee", *argv), words=words) for argv, words in [
        (("", f"{me} greedy"), ("empty",)), (("'unbalanced", f"{me} greedy"), ("quot",)),
        ((f"{me} greedy", f"{me} greedy", "--fen", "junk"), ("FEN",)),
        ((f"{me} greedy", f"{me} greedy", "--fen", FINISHED_FEN), ("over",)),
        ((f"{me} greedy",), ("second",)), ((f"{me} greedy", f"{me} greedy", "x"),
                                          ("referee --help",)),
        (("   ", "  "), ("empty",)),
    ]]
    return cases


UAI_GARBAGE = [
    "setoption name Hash value 65536", "setoption name Hash value " + "9" * 40,
    "setoption name Hash value -1", "setoption name Hash", "setoption name Nope value 1",
    "setoption name Move Overhead value " + "9" * 30, "setoption", "setoption name",
    "go depth " + "9" * 40, "go nodes " + "9" * 40, "go wtime " + "9" * 40 + " btime 1",
    "go movetime -5", "go depth 1e400", "go movestogo 0", "position fen " + "9" * 100,
    "position startpos moves " + "a7a7 " * 3, "position fen x5o/7/7/7/7/7/o5x x 0 " + "9" * 41,
    "\u2603", "go searchmoves b6 depth 1", "position", "position junk",
]


def _uai_cases() -> list[Command]:
    k = "uai"
    cases = []
    # No quit at the end: the end of the input lets every limited search answer, however
    # slow the machine (quit waits 2 s at most).
    for spec in ["engine:eval=material", "greedy", "mcts:tier=fast,iterations=50"]:
        for line in UAI_GARBAGE:
            cases.append(Command(k + ": protocol lines", ("uai", spec), expect=RUNS,
                                 stdin=_agent_session("uai", line, "isready",
                                                      "position startpos", "go depth 1",
                                                      "isready"),
                                 stdout_words=("uaiok", "readyok", "bestmove")))
    cases += [Command(k + ": spec meaning", ("uai", spec), words=words)
              for spec, words in [("engine:hash=65536", ("MB", "memory")),
                                  ("engine:eval=openlines", ("material", "learned")),
                                  ("engine:time=100", ("go",)), ("greedy:eval=openlines",
                                                                 ("tic-tac-toe",)),
                                  ("mcts:tier=fast,expand=" + "9" * 20, ("expand",)),
                                  ("nothing", ("unknown agent",)),
                                  ("greedy", ("uai --help",))]]
    cases[-1] = Command(k + ": options", ("uai", "greedy", "extra"), words=("uai --help",))
    cases += [Command(k + ": spec meaning", ("uai", "engine:eval=learned"), expect=RUNS,
                      stdin=_agent_session("position startpos", "go depth 2"),
                      stdout_words=("bestmove",))]
    return cases


def _elo_cases() -> list[Command]:
    k = "elo"
    cases = [Command(k, ("elo", option, v, "--losses", "1") if option != "--losses"
                     else ("elo", "--wins", "1", option, v), words=(option,))
             for option in ("--wins", "--draws", "--losses")
             for v in NOT_WHOLE + HUGE + ["-1", "-inf", str(10 ** 12 + 1)]]
    cases += [Command(k, ("elo", "--pairs", v), words=("--pairs",)) for v in [
        "-1,0,0,0,0", "1,2,3,4", "1,2,3,4,5,6", "", "a,b,c,d,e", "1;2;3;4;5", "0,0,0,0,0",
        "1,1,1,1," + "9" * 20, "1,1,1,1,nan", "-inf,1,1,1,1", ",,,,", "1.5,1,1,1,1"]
        if v != "0,0,0,0,0"]
    cases += [Command(k, ("elo", "--pairs", "0,0,0,0,0"), words=("no pairs",))]
    cases += [Command(k, ("elo", "--wins", "5", "--losses", "3", option, v), words=(option,))
              for option in ("--confidence", "--alpha", "--beta")
              for v in NOT_NUMBER + ["0", "1", "-0.5", "1.5"]]
    cases += [Command(k, ("elo", "--wins", "5", "--losses", "3", "--confidence", v),
                      words=("--confidence", "0.999999999"))
              for v in ["0.9999999999999999", "0.99999999999999999", "0.99999999999"]]
    cases += [Command(k, ("elo", "--wins", "5", "--losses", "3", "--elo0", "0", "--elo1", "5",
                          "--alpha", a, "--beta", b), words=("alpha + beta",))
              for a, b in [("0.9999999999999999", "0.05"), ("0.5", "0.5"), ("0.3", "0.9")]]
    cases += [Command(k, ("elo", "--wins", "5", "--losses", "3", "--elo0", a, "--elo1", b),
                      words=words) for a, b, words in [
        ("0", "nan", ("--elo1",)), ("nan", "5", ("--elo0",)), ("0", "inf", ("--elo1",)),
        ("-inf", "5", ("--elo0",)), ("0", "1e400", ("--elo1",)), ("0", "9" * 400, ("--elo1",)),
        ("0", "-5", ("elo1",)), ("5", "5", ("elo1",)), ("0", "x", ("--elo1",)),
        ("0", "3000", ("2000",)), ("-3000", "0", ("2000",))]]
    cases += [Command(k, argv, words=words) for argv, words in [
        (("elo",), ("--wins",)), (("elo", "--wins", "0", "--losses", "0"), ("no games",)),
        (("elo", "--wins", "1", "--pairs", "1,1,1,1,1"), ("not both",)),
        (("elo", "--wins", "5", "--elo0", "0"), ("--elo1",)),
        (("elo", "--pairs", "1,1,1,1,1", "--test", "win-loss"), ("gsprt",)),
        (("elo", "--wins", "1", "--bogus"), ("elo --help",)),
        (("elo", "--wins", "1", "--scale", "metric"), ("--scale",)),
        (("elo", "--wins", "5", "--losses", "3", "--elo0", "0", "--elo1", "5",
          "--test", "win-loss", "--scale", "normalized"), ("logistic",)),
    ]]
    cases += [Command(k, argv, expect=RUNS) for argv in [
        ("elo", "--wins", str(10 ** 12), "--losses", "1"), ("elo", "--draws", "10"),
        ("elo", "--wins", "10", "--confidence", "0.999999"),
        ("elo", "--wins", "5", "--losses", "3", "--confidence", "1e-300"),
        ("elo", "--wins", "5", "--losses", "3", "--alpha", "1e-300", "--elo0", "0", "--elo1",
         "5"),
        ("elo", "--wins", "7", "--losses", "3", "--confidence", "0.01"),
        ("elo", "--pairs", "0,0,0,0,3"), ("elo", "--wins", "+5", "--losses", "-0"),
        ("elo", "--wins", "5", "--losses", "3", "--elo0", "-2000", "--elo1", "2000"),
    ]]
    return cases


def _sprt_cases() -> list[Command]:
    k = "sprt"
    base = ("sprt", "random", "greedy", "--workers", "0", "--max-games", "2",
            "--decided-depth", "0")
    cases = [Command(k, base + (option, v), words=(option,))
             for option in ("--max-games", "--openings-plies", "--decided-depth", "--seed",
                            "--workers", "--time-ms", "--every")
             for v in NOT_WHOLE + HUGE + ["-1"]]
    cases += [Command(k, base + (option, v), words=(option,))
              for option in ("--elo0", "--elo1", "--alpha", "--beta")
              for v in NOT_NUMBER + ["1e308"]]
    cases += [Command(k + ": spec meaning", ("sprt", a, b, "--workers", "0", "--max-games", "2"),
                      words=words) for a, b, words in [
        ("greedy", "greedy:eval=openlines", ("tic-tac-toe",)),
        ("greedy:eval=leaf", "greedy", ("not ATAXX",)),
        ("alphabeta:depth=2,eval=research", "greedy", ("Othello",)),
        ("engine:hash=65536", "greedy", ("MB", "memory")),
        ("greedy", "engine:nodes=" + "9" * 20, ("nodes",)),
        ("greedy", "mcts:tier=fast,expand=" + "9" * 20, ("expand",)),
        ("", "greedy", ("spec",)), ("greedy", "nothing", ("unknown agent",)),
    ]]
    cases += [Command(k + ": spec meaning", ("sprt", "engine:depth=1,eval=learned", "greedy",
                                             "--workers", "0", "--max-games", "2",
                                             "--decided-depth", "0", "--json"), expect=RUNS)]
    cases += [Command(k, argv, words=words) for argv, words in [
        (base + ("--model", "quad"), ("--model",)),
        (base + ("--model", "binomial", "--scale", "normalized"), ("logistic",)),
        (base + ("--elo0", "50", "--elo1", "0"), ("elo1",)),
        (("sprt", "greedy"), ("SPEC_B",)), (base + ("--bogus",), ("sprt --help",)),
    ]]
    return cases


def _shipped_weights() -> str:
    import course_lib
    return os.path.join(os.path.dirname(course_lib.__file__), "data", "learned_eval.npz")


SHIPPED_WEIGHTS = _shipped_weights()
"""The weights the course ships, which ``learn`` must never write over."""


def _learn_cases(folder: str) -> list[Command]:
    k = "learn"
    cases = [Command(k + ": numbers", ("learn", "--seed", "1", option, v, "--out",
                                       os.path.join(folder, "w.npz")), words=(option,))
             for option in ("--games", "--depth", "--epochs", "--workers", "--seed")
             for v in NOT_WHOLE + HUGE + ["-1"] + ["0"] * (option != "--seed")]
    cases += [Command(k + ": numbers", ("learn", "--seed", "1", "--lam", v, "--out",
                                        os.path.join(folder, "w.npz")), words=("--lam",))
              for v in NOT_NUMBER + ["-0.1", "1.5"]]
    out = os.path.join(folder, "weights.npz")
    text_file = os.path.join(folder, "notes.txt")
    quick = ("--games", "10", "--depth", "1", "--epochs", "1", "--workers", "1")
    cases += [Command(k + ": files", ("learn", "--seed", "1", *quick, *argv),
                      words=words) for argv, words in [
        (("--out", ""), ("--out",)),
        (("--out", out, "--data", out), ("--data", "--out")),
        (("--out", text_file), (".npz",)),
        (("--out", os.path.join(folder, "missing", "w.npz")), ("does not exist",)),
        (("--out", out, "--data", os.path.join(folder, "missing", "games.npz")),
         ("does not exist",)),
        (("--out", folder), ("folder",)),
        (("--out", out, "--data", folder), ("folder",)),
        (("--out", "/proc/w.npz"), ("--out",)),
        (("--out", out, "--data", text_file), (".npz",)),
        (("--out", SHIPPED_WEIGHTS), ("shipped",)),
        (("--out", os.path.join(folder, "w")), (".npz",)),
        (("--out", out, "--data", os.path.join(folder, "games")), (".npz",)),
        (("--out", out, "--replay"), ("--replay", "--data")),
        (("--out", out, "--data", os.path.join(folder, "not_games.npz")), ("games",)),
    ]]
    cases += [Command(k + ": numbers", ("learn", "--seed", "1", "--games", "2", "--out", out),
                      words=("--games", "10"))]
    cases += [Command(k + ": files", ("learn", "--seed", "1"), words=("--out",))]
    return cases


def _ladder_cases(folder: str) -> list[Command]:
    """The ladder refuses, before it starts a cluster or plays a game, what it could not use."""
    k = "ladder"
    cases = [Command(k + ": numbers", ("ladder", "--plan", option, v), words=(option,))
             for option in ("--nodes", "--seed", "--workers")
             for v in NOT_WHOLE + HUGE + ["-1"] + ["0"] * (option != "--seed")]
    cases += [Command(k + ": numbers", ("ladder", "--plan", "--bounds", v), words=("--bounds",))
              for v in ["nan,1", "1e400,2", "0,inf", "5,5", "10,0", "1", "a,b", ""]]
    records = os.path.join(folder, "ladder.jsonl")
    cases += [Command(k + ": files", ("ladder", "--no-progress", *argv), words=words)
              for argv, words in [
        (("--records", ""), ("--records", "empty")),
        (("--records", folder), ("folder",)),
        (("--records", os.path.join(folder, "missing", "l.jsonl")), ("does not exist",)),
        (("--records", os.path.join(folder, "notes.txt")), ("JSON",)),
        (("--records", records, "--show"), ("no such file",)),
        (("--records", records, "--only", "tt", "--scheduler", "garbage"), ("scheduler",)),
        (("--only", "warp"), ("warp",)),
    ]]
    cases += [Command(k + ": plan", ("ladder", "--plan", "--only", "tt"), expect=RUNS,
                      stdout_words=("tt",))]
    return cases


def _top_cases() -> list[Command]:
    k = "top level"
    cases = [Command(k, argv, words=words) for argv, words in [
        ((), ("COMMAND",)), (("chess",), ("chess",)), (("--bogus",), ("--bogus",)),
        (("-x",), ("-x",)), (("perft", "-1"), ("perft --help",)),
        (("\u2603",), ("\u2603",)), (("PERFT",), ("PERFT",)),
    ]]
    cases += [Command(k, ("--version",), expect=RUNS, stdout_words=("course_lib", "0."))]
    return cases


def command_cases(folder: str) -> list[Command]:
    """Every hostile command line; ``folder`` is an empty folder the ``learn`` cases may use
    (it gets ``notes.txt``, a file that is not of the course)."""
    return (_perft_cases() + _search_cases() + _agent_cases() + _referee_cases()
            + _uai_cases() + _elo_cases() + _sprt_cases() + _learn_cases(folder)
            + _ladder_cases(folder) + _top_cases())


def prepare_folder(folder: str) -> None:
    """Put in ``folder`` what the ``learn`` cases read: a text file and an .npz of another
    kind."""
    import numpy as np
    with open(os.path.join(folder, "notes.txt"), "w") as handle:
        handle.write("my notes\n")
    np.savez(os.path.join(folder, "not_games.npz"), x=np.arange(3))


# --- running a command line ------------------------------------------------------------------


@dataclass
class Outcome:
    code: int | None
    out: str
    err: str


MACHINE = (2 * 2**30, 8 * 2**30)
"""The memory the cases run with in this process (2 GB free of 8 GB), whatever the machine
has: a table of 40,000 MB is refused on any machine, and the refusals are the same
everywhere."""


@contextlib.contextmanager
def machine_with(free: tuple[int, int] = MACHINE):
    """Make ``course_lib.checks`` see ``free`` (bytes free, bytes in all) as the memory (a
    library without that module, an older one, keeps the machine's)."""
    try:
        from course_lib import checks
    except ImportError:
        yield
        return
    saved = checks.memory_free
    checks.memory_free = lambda: free
    try:
        yield
    finally:
        checks.memory_free = saved


def run_in_process(case: Command) -> Outcome:
    """``python -m course_lib ARGV`` in this process, with ``case.stdin`` on stdin (and the
    memory of ``MACHINE``)."""
    from course_lib.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin.encode("utf-8", "surrogatepass")),
                             encoding="utf-8")
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), machine_with():
            try:
                code = main(list(case.argv))
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None
                                                                       else 1)
            except NoAnswer:
                raise
            except BaseException:                   # noqa: BLE001 - Python would print it
                traceback.print_exc()
                code = 1
    finally:
        sys.stdin = saved
    return Outcome(code, out.getvalue(), err.getvalue())


def run_as_process(case: Command, timeout: float = 120) -> Outcome:
    import subprocess
    try:
        done = subprocess.run([sys.executable, "-m", "course_lib", *case.argv],
                              input=case.stdin.encode("utf-8", "surrogatepass"),
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as late:
        return Outcome(None, (late.stdout or b"").decode(errors="replace"),
                       f"no answer in {timeout} s")
    return Outcome(done.returncode, done.stdout.decode(errors="replace"),
                   done.stderr.decode(errors="replace"))


def judge(case: Command, outcome: Outcome) -> str:
    """'' when ``outcome`` answers ``case`` cleanly, else what is wrong."""
    if outcome.code is None:
        return outcome.err
    if "Traceback" in outcome.err or "Traceback" in outcome.out:
        return "a traceback: " + outcome.err[-500:]
    if outcome.code == 2:
        if case.expect == RUNS:
            return f"refused: {outcome.err.strip()[:300]}"
        if outcome.err.count("\n") != 1 or not outcome.err.strip():
            return f"not one line on stderr: {outcome.err[:300]!r}"
        missing = [word for word in case.words if word.lower() not in outcome.err.lower()]
        if missing:
            return f"the message lacks {missing}: {outcome.err.strip()[:300]}"
        return ""
    if outcome.code != 0:
        return f"exit status {outcome.code}: {outcome.err[-300:]}"
    if case.expect == REFUSED:
        return f"ran, but should have been refused: {outcome.out[:200]!r} {outcome.err[:200]!r}"
    missing = [word for word in case.stdout_words if word not in outcome.out]
    if missing:
        return f"the output lacks {missing}: {outcome.out[:300]!r}"
    return ""


# --- library calls ---------------------------------------------------------------------------


def library_cases() -> list[Call]:
    """Every hostile library call (built lazily, since they import the library)."""
    from hostile_calls import library_calls
    return library_calls()


def run_call(case: Call) -> str:
    """'' when ``case`` is answered cleanly, else what went wrong."""
    from course_lib.errors import CourseError
    try:
        with contextlib.redirect_stdout(io.StringIO()), machine_with():
            case.call()
    except CourseError as error:
        message = str(error)
        if case.expect == RUNS:
            return f"refused: {type(error).__name__}: {message[:300]}"
        if not message.strip():
            return "an empty message"
        missing = [word for word in case.words if word.lower() not in message.lower()]
        return f"the message lacks {missing}: {message[:300]}" if missing else ""
    except BaseException as error:                           # noqa: BLE001 - that is the finding
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{type(error).__name__}: {str(error)[:300]}"
    return "returned, but should have been refused" if case.expect == REFUSED else ""


class NoAnswer(BaseException):
    """A case that did not answer in time (a BaseException, so no ``except Exception`` in
    the code under test swallows it)."""


class Alarm:
    """Raise NoAnswer in this (main) thread after ``seconds`` (Python code only)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __enter__(self) -> None:
        def ring(signum: int, frame: Any) -> None:
            raise NoAnswer(f"no answer in {self.seconds} s")
        self.previous = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc: Any) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)


def _answered(run: Callable[[], str], seconds: float) -> str:
    """``run()`` (what is wrong, '' for nothing), or that it gave no answer in time."""
    try:
        with Alarm(seconds):
            return run()
    except NoAnswer as late:
        return str(late)


def main(argv: list[str]) -> int:
    import argparse
    from collections import Counter

    parser = argparse.ArgumentParser(description="Run the hostile cases and count how many are "
                                                 "answered cleanly, by kind.")
    parser.add_argument("--subprocess", action="store_true",
                        help="run each command line as its own process (on this machine's "
                             "memory) rather than in this process (with MACHINE's)")
    parser.add_argument("--only", choices=("commands", "calls"), default=None)
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds a case may take before it counts as a hang")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    cases, bad = Counter(), Counter()
    with tempfile.TemporaryDirectory() as folder:
        prepare_folder(folder)
        for case in command_cases(folder) if args.only != "calls" else []:
            if args.subprocess and case.kind.endswith("the machine"):
                case = dataclasses.replace(case, expect=EITHER)    # this machine's memory
            problem = _answered(lambda: judge(case, (run_as_process if args.subprocess
                                                     else run_in_process)(case)), args.timeout)
            cases["command lines", case.kind] += 1
            if problem:
                bad["command lines", case.kind] += 1
                if args.verbose:
                    print(f"[{case.id()}] {problem[:400]}", flush=True)
    for call in library_cases() if args.only != "commands" else []:
        problem = _answered(lambda: run_call(call), args.timeout)
        cases["library calls", call.kind] += 1
        if problem:
            bad["library calls", call.kind] += 1
            if args.verbose:
                print(f"[{call.kind}: {call.name}] {problem[:400]}", flush=True)
    for what in ("command lines", "library calls"):
        kinds = sorted(kind for group, kind in cases if group == what)
        total = sum(cases[what, kind] for kind in kinds)
        clean = total - sum(bad[what, kind] for kind in kinds)
        print(f"{what}: {total}, answered cleanly: {clean}")
        for kind in kinds:
            clean = cases[what, kind] - bad[what, kind]
            print(f"  {kind:<32} {cases[what, kind]:5}  clean {clean:5}")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
