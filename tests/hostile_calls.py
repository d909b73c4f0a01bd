"""Hostile calls of the public library functions (those in each package's ``__all__`` and those
the README shows), grouped by kind: each call must return or raise the library's own error
(a ``course_lib.errors.CourseError``, a ValueError) whose message holds the words it names.
See ``hostile_inputs.py``, which runs them."""

from __future__ import annotations

import math
from typing import Any, Callable

from hostile_inputs import EITHER, RUNS, Call

HUGE_INT = 10 ** 30
NAN, INF = math.nan, math.inf


class Opaque:
    """An object of no kind the library knows."""

    def __repr__(self) -> str:
        return "Opaque()"


NOT_WHOLE = [None, True, "3", 3.5, NAN, INF, b"3", [], Opaque(), 1 + 2j]
"""Values of the wrong kind where a whole number is expected."""
OUT_OF_RANGE = [-1, HUGE_INT, -HUGE_INT, 2 ** 64]
NOT_TEXT = [None, 3, b"b6", ["b6"], Opaque(), 1.5, ("b", 6)]
NOT_NUMBER = [None, "0.5", NAN, [], Opaque(), b"1", 1 + 2j]
NOT_GIVEN_WHOLE = NOT_WHOLE[1:]
"""Wrong kinds for a whole number that may also be None (not given)."""


def sweep(kind: str, name: str, call: Callable[..., Any], slots: dict[str, tuple[list, tuple]],
          ) -> list[Call]:
    """One call of ``call`` for each hostile value of each slot: ``slots`` maps an argument's
    name to (its hostile values, the words a refusal must hold)."""
    calls = []
    for slot, (values, words) in slots.items():
        for value in values:
            calls.append(Call(kind, f"{name}({slot}={value!r:.40})",
                              (lambda s=slot, v=value: call(**{s: v})), words))
    return calls


def _ataxx() -> list[Call]:
    from course_lib.ataxx import (Move, State, distance, divide, on_board, opponent, parse_fen,
                                  parse_move, parse_square, perft, square_name, write_fen)
    from course_lib.games import TicTacToe
    k = "ataxx"
    start = State.start()
    grid = start.grid
    calls = []
    calls += sweep(k, "State", lambda grid=grid, to_move=1, turns=0, halfmove=0, last_move=None:
                   State(grid, to_move, turns, halfmove, last_move), {
        "grid": ([None, "x", [], 3, [[0] * 7] * 7, [[0] * 8] * 7, [[9] * 8] * 8,
                  [[None] * 8] * 8, Opaque(), [[0] * 8] * 9], ("grid",)),
        "to_move": (NOT_WHOLE + OUT_OF_RANGE + [0, 3], ("to_move",)),
        "turns": (NOT_WHOLE + [-1, -HUGE_INT], ("turns",)),
        "halfmove": (NOT_WHOLE + [-1], ("halfmove",)),
        "last_move": (["b6", 3, Opaque()], ("last_move",)),
    })
    calls.append(Call(k, "State(None) speaks of the 7x7 board", lambda: State(None),
                      ("7x7",)))
    calls += sweep(k, "State.from_fen", lambda fen: State.from_fen(fen), {
        "fen": (NOT_TEXT + ["", "x5o/7/7/7/7/7/o5x", "x5o/7/7/7/7/7/o5x x 0 " + "9" * 500,
                            "\u2603" * 20, "x" * 5000], ("FEN",))})
    calls += sweep(k, "parse_fen", lambda fen: parse_fen(fen), {"fen": (NOT_TEXT, ("FEN",))})
    calls += sweep(k, "write_fen", lambda state: write_fen(state), {
        "state": ([None, "x5o/7/7/7/7/7/o5x x 0 1", 3, TicTacToe(), Opaque()], ("State",))})
    calls += sweep(k, "State.play", lambda move: start.play(move), {
        "move": (NOT_TEXT + ["", "z9", "b6b6", "a7a7", "0001", "1 1 9 9", "\u2603", "b" * 5000],
                 ("",))})
    calls += sweep(k, "State.apply", lambda move: start.apply(move), {
        "move": (NOT_TEXT + ["b6", "a7c5", "0000"], ("Move",))})
    calls += sweep(k, "State.check_move", lambda move: start.check_move(move), {
        "move": (NOT_TEXT + ["b6"], ("move",))})
    calls += sweep(k, "State.canonical", lambda move: start.canonical(move), {
        "move": (NOT_TEXT + ["b6"], ("Move",))})
    calls += sweep(k, "State.parse_move", lambda text: start.parse_move(text), {
        "text": (NOT_TEXT + ["", "z9", "\u2603"], ("",))})
    calls += sweep(k, "State[...]", lambda square: start[square], {
        "square": (NOT_TEXT + [(0, 0), (8, 1), (1,), (1, 1, 1), "z9", (True, 1), (1.0, 1.0)],
                   ("square",))})
    for method in ("stones", "material", "generate_moves", "has_move"):
        optional = method in ("generate_moves", "has_move")          # None: the side to move
        calls += sweep(k, f"State.{method}", lambda player, m=method: getattr(start, m)(player), {
            "player": ((NOT_GIVEN_WHOLE if optional else NOT_WHOLE) + OUT_OF_RANGE + [0, 3],
                       ("player",))})
    calls += sweep(k, "State.gain", lambda move: start.gain(move), {
        "move": (NOT_TEXT + ["b6"], ("Move",))})
    calls += sweep(k, "Move", lambda x1=1, y1=1, x2=2, y2=2: Move(x1, y1, x2, y2), {
        "x1": (NOT_WHOLE + OUT_OF_RANGE + [0, 8], ("",)),
        "y2": (NOT_WHOLE + [9], ("",))})
    calls += sweep(k, "parse_move", lambda text="b6", state=start: parse_move(text, state), {
        "text": (NOT_TEXT + ["", "z9"], ("",)),
        "state": ([None, "x5o/7/7/7/7/7/o5x x 0 1", 3, TicTacToe()], ("State",))})
    calls += sweep(k, "parse_square", lambda name: parse_square(name), {
        "name": (NOT_TEXT + ["", "z9", "a0", "a8", "h1", "\u2603"], ("square",))})
    calls += sweep(k, "square_name", lambda x=1, y=1: square_name(x, y), {
        "x": (NOT_WHOLE + OUT_OF_RANGE + [0, 8], ("x",)), "y": ([None, "1", 0, 8], ("y",))})
    calls += [Call(k, f"on_board(x={x!r:.20})", lambda x=x: on_board(x, 1), expect=EITHER)
              for x in NOT_WHOLE]                     # documented: False for a non-number
    calls += sweep(k, "distance", lambda x1=1, y1=1, x2=2, y2=2: distance(x1, y1, x2, y2), {
        "x1": (NOT_WHOLE, ("x1",))})
    calls += sweep(k, "opponent", lambda player: opponent(player), {
        "player": (NOT_WHOLE + OUT_OF_RANGE + [0, 3], ("player",))})
    near = State.from_fen("x5o/7/7/7/7/7/o5x x 0 200")
    calls += sweep(k, "perft", lambda state=near, depth=1: perft(state, depth), {
        "state": ([None, "x5o/7/7/7/7/7/o5x x 0 1", 3, TicTacToe(), Opaque()], ("State",)),
        "depth": (NOT_WHOLE + OUT_OF_RANGE + [401], ("depth",))})
    calls += sweep(k, "divide", lambda state=near, depth=1: divide(state, depth), {
        "state": ([None, 3, TicTacToe()], ("State",)),
        "depth": (NOT_WHOLE + OUT_OF_RANGE + [0, 401], ("depth",))})
    return calls


def _fast() -> list[Call]:
    from course_lib.ataxx import State, fast
    k = "ataxx.fast"
    near = "x5o/7/7/7/7/7/o5x x 0 200"
    calls = []
    position_bad = ([None, 3, "junk", [], Opaque(), State.start().grid], ("",))
    for name, call in [("to_fast", lambda position: fast.to_fast(position)),
                       ("from_fast", lambda position: fast.from_fast(position)),
                       ("legal_moves", lambda position: fast.legal_moves(position)),
                       ("is_over", lambda position: fast.is_over(position)),
                       ("winner", lambda position: fast.winner(position))]:
        calls += sweep(k, f"fast.{name}", call, {"position": position_bad})
    calls += sweep(k, "fast.encode_move", lambda move: fast.encode_move(move), {
        "move": (NOT_TEXT, ("move",))})
    calls += sweep(k, "fast.decode_move", lambda code: fast.decode_move(code), {
        "code": (NOT_WHOLE + OUT_OF_RANGE[1:] + [-2], ("code",))})
    calls += sweep(k, "fast.apply",
                   lambda code=0, position=fast.START: fast.apply(position, code), {
                       "code": (NOT_WHOLE + OUT_OF_RANGE, ("",)), "position": position_bad})
    for name in ("perft", "pair_perft", "divide"):
        calls += sweep(k, f"fast.{name}",
                       lambda depth=1, position=near, bulk=False, n=name:
                       getattr(fast, n)(position, depth, bulk), {
                           "depth": (NOT_WHOLE + OUT_OF_RANGE + [401], ("depth",)),
                           "position": position_bad,
                           "bulk": (["yes", None, 2, Opaque()], ("bulk",))})
    calls += sweep(k, "fast.random_game", lambda seed=0, position=near: fast.random_game(
        position, seed), {"seed": (NOT_WHOLE + OUT_OF_RANGE[:2], ("seed",)),
                          "position": position_bad})
    calls += sweep(k, "fast.random_playouts", lambda n=2, seed=0, position=near:
                   fast.random_playouts(position, n, seed), {
                       "n": (NOT_WHOLE + OUT_OF_RANGE, ("n_games",)),
                       "seed": (NOT_WHOLE + [-1], ("seed",))})
    return calls


def _agents() -> list[Call]:
    from course_lib.agents import (GameClock, GreedyAgent, RandomAgent, SearchAgent,
                                   TranspositionTable, as_agent, exact, iterative_deepening,
                                   make_agent, material, open_lines, parse_spec, position_hash,
                                   search, square_weights)
    from course_lib.ataxx import State
    from course_lib.games import GameTree, TEXTBOOK_TREE, TicTacToe
    k = "agents"
    start = State.start()
    state_bad = ([None, "junk", 3, [], Opaque()], ("",))
    calls = []
    for name, function in [("material", material), ("square_weights", square_weights)]:
        calls += sweep(k, name, lambda state=start, player=1, f=function: f(state, player), {
            "state": state_bad, "player": (NOT_WHOLE + OUT_OF_RANGE + [0, 3], ("player",))})
    calls += sweep(k, "open_lines", lambda state=TicTacToe(), player=1: open_lines(state, player),
                   {"state": (state_bad[0] + [start], ("tic-tac-toe",)),
                    "player": (NOT_WHOLE + [0, 3], ("player",))})
    calls += sweep(k, "position_hash", lambda state: position_hash(state), {"state": state_bad})
    calls += sweep(k, "exact", lambda evaluation: exact(evaluation), {
        "evaluation": ([None, 3, "material", Opaque()], ("evaluation",))})
    calls += sweep(k, "as_agent", lambda agent: as_agent(agent), {
        "agent": ([None, 3, "greedy!", Opaque(), []], ("agent",))})
    not_ms = [value for value in NOT_WHOLE if value != 3.5]          # a clock takes 3.5 ms
    calls += sweep(k, "GameClock", lambda total_ms=1000, reserve_ms=50: GameClock(total_ms,
                                                                                  reserve_ms), {
        "total_ms": (not_ms + OUT_OF_RANGE + [0], ("total_ms",)),
        "reserve_ms": (not_ms + [-1, HUGE_INT], ("reserve_ms",))})
    calls += sweep(k, "RandomAgent", lambda seed: RandomAgent(seed), {
        "seed": (NOT_WHOLE + OUT_OF_RANGE, ("seed",))})
    calls += sweep(k, "GreedyAgent", lambda evaluation=None, name="greedy":
                   GreedyAgent(evaluation, name), {
                       "evaluation": ([3, "material!", Opaque()], ("evaluation",)),
                       "name": ([3, None, Opaque()], ("name",))})
    calls += sweep(k, "SearchAgent", lambda **kw: SearchAgent(**kw), {
        "algorithm": (NOT_TEXT + ["minimaxx"], ("algorithm",)),
        "depth": (NOT_WHOLE + OUT_OF_RANGE + [0, 65], ("depth",)),
        "evaluation": ([3, "nope", Opaque()], ("evaluation",)),
        "order": (NOT_TEXT + ["best"], ("order",)),
        "killers": (["yes", 2, Opaque()], ("killers",)),
        "history": (["yes", 2, None], ("history",)),
        "table_slots": (NOT_WHOLE + OUT_OF_RANGE + [3, 2 ** 40], ("slots",)),
        "move_ms": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0], ("move_ms",)),
        "game_ms": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0], ("game_ms",)),
        "tier": (NOT_TEXT + ["quick"], ("tier",))})
    calls += sweep(k, "TranspositionTable", lambda slots: TranspositionTable(slots), {
        "slots": (NOT_WHOLE + OUT_OF_RANGE + [0, 2 ** 40, 2 ** 62], ("slots",))})
    calls += sweep(k, "make_agent", lambda spec: make_agent(spec), {
        "spec": (NOT_TEXT + ["", "nothing", "engine:nodes=" + "9" * 20,
                             "mcts:tier=fast,expand=" + "9" * 20, "engine:hash=65536",
                             "alphabeta:tt=26,depth=1,tier=fast,time=" + "9" * 20],
                 ("",))})
    calls += sweep(k, "parse_spec", lambda spec: parse_spec(spec), {
        "spec": (NOT_TEXT + ["", ":", "a:b", "engine:nodes=" + "9" * 30], ("",))})
    calls += sweep(k, "search", lambda **kw: search(**{"state": start, "depth": 1, **kw}), {
        "state": state_bad,
        "depth": (NOT_WHOLE + OUT_OF_RANGE + [0, 65], ("depth",)),
        "algorithm": (NOT_TEXT + ["best"], ("algorithm",)),
        "evaluation": ([3, "nope", Opaque()], ("evaluation",)),
        "order": (NOT_TEXT + ["best"], ("order",)),
        "killers": (["yes", 2], ("killers",)),
        "table": ([3, "table", Opaque()], ("table",)),
        "record": (["yes", 2], ("record",))})
    calls += sweep(k, "iterative_deepening",
                   lambda **kw: next(iter(iterative_deepening(**{"state": start,
                                                                 "max_depth": 1, **kw}))), {
        "state": state_bad,
        "max_depth": (NOT_WHOLE + OUT_OF_RANGE + [0], ("depth",)),
        "seconds": (["1", NAN, -1.0, -INF, Opaque()], ("seconds",)),
        "order": (["best", 3], ("order",))})
    from course_lib.agents.mcts import MCTSAgent
    from course_lib.agents.mcts_fast import FastMCTSAgent
    for name, cls in [("MCTSAgent", MCTSAgent), ("FastMCTSAgent", FastMCTSAgent)]:
        calls += sweep(k, name, lambda cls=cls, **kw: cls(**kw), {
            "iterations": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0], ("iterations",)),
            "time_ms": (["10", NAN, INF, -1.0, 0, HUGE_INT], ("time_ms",)),
            "c": (["1", NAN, INF, -1, 1e9], ("c",)),
            "expand_after": (NOT_WHOLE + OUT_OF_RANGE + [0], ("expand_after",)),
            "playout": (NOT_TEXT + ["smart"], ("playout",)),
            "final": (NOT_TEXT + ["best"], ("final",)),
            "seed": (NOT_WHOLE + OUT_OF_RANGE[:2], ("seed",)),
            "reuse": (["yes", 2, None], ("reuse",))})
    for spec in ["random", "greedy", "minimax:depth=1", "alphabeta:depth=1",
                 "alphabeta:depth=1,tier=fast", "mcts:iterations=5",
                 "mcts:iterations=5,tier=fast", "engine:depth=1"]:
        agent = make_agent(spec)
        calls += sweep(k, f"{spec}.choose_move", lambda state, a=agent: a.choose_move(state), {
            "state": (state_bad[0] + [GameTree(TEXTBOOK_TREE)] * (spec.startswith(
                ("engine", "mcts:iterations=5,tier", "alphabeta:depth=1,tier"))), ("",))})
    return calls


def _engine() -> list[Call]:
    from course_lib.ataxx import State
    from course_lib.engine import Engine, EngineAgent, SearchLimits, time_budget
    k = "engine"
    start = State.start()
    engine = Engine(hash_mb=1)
    calls = []
    calls += sweep(k, "Engine", lambda **kw: Engine(**kw), {
        "hash_mb": (NOT_WHOLE + OUT_OF_RANGE + [0, 65537, 65536], ("MB",)),
        "evaluation": (NOT_TEXT + ["weights", "openlines"], ("evaluation",)),
        "weights": ([3, Opaque(), "/no/such/file.npz"], ("weights",)),
        "lmr": (["yes", 2, None], ("lmr",)), "chess": ([True], ("switch",))})
    limit_fields = ["depth", "nodes", "movetime_ms", "wtime_ms", "btime_ms", "winc_ms",
                    "binc_ms", "movestogo"]
    for name in limit_fields:
        calls += sweep(k, f"Engine.search(SearchLimits({name}=...))",
                       lambda value, n=name: engine.search(start, SearchLimits(**{n: value})), {
                           "value": (NOT_WHOLE[1:] + OUT_OF_RANGE, (name,))})
    calls += sweep(k, "Engine.search(SearchLimits(infinite=...))",
                   lambda value: engine.search(start, SearchLimits(depth=1, infinite=value)), {
                       "value": (["yes", 2, None], ("infinite",))})
    calls += sweep(k, "Engine.search", lambda state=start, limits=SearchLimits(depth=1):
                   engine.search(state, limits), {
                       "state": ([None, 3, "junk", Opaque()], ("",)),
                       "limits": ([3, "depth=1", {"depth": 1}, Opaque()], ("limits",))})
    calls += sweep(k, "Engine.set_hash", lambda hash_mb: engine.set_hash(hash_mb), {
        "hash_mb": (NOT_WHOLE + OUT_OF_RANGE + [0, 65536], ("MB",))})
    calls += sweep(k, "EngineAgent", lambda **kw: EngineAgent(**kw), {
        "move_ms": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0], ("move_ms",)),
        "game_ms": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0], ("game_ms",)),
        "depth": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0, 127], ("depth",)),
        "nodes": (NOT_GIVEN_WHOLE + OUT_OF_RANGE + [0], ("nodes",)),
        "hash_mb": ([0, HUGE_INT, 65536, "16"], ("MB",)),
        "evaluation": (["weights", 3], ("evaluation",))})
    calls += sweep(k, "time_budget", lambda limits=SearchLimits(movetime_ms=100), to_move=1,
                   empty=45: time_budget(limits, to_move, empty), {
                       "limits": ([None, 3, Opaque(), SearchLimits(movetime_ms=-5)], ("limits",)),
                       "to_move": (NOT_WHOLE + [0, 3], ("to_move",)),
                       "empty": (NOT_WHOLE + [-1, 50], ("empty",))})
    return calls


def _games() -> list[Call]:
    from course_lib.games import GameTree, Gomoku, Othello, TicTacToe
    from course_lib.games.othello import perft as othello_perft
    k = "games"
    calls = []
    calls += sweep(k, "GameTree", lambda tree: GameTree(tree), {
        "tree": ([None, "tree", [], [[]], [1, [2, "x"]], Opaque(), [NAN], [[1], INF]], ("tree",))})
    calls += sweep(k, "TicTacToe", lambda cells=(0,) * 9, to_move=None: TicTacToe(cells, to_move),
                   {"cells": ([None, "X........", [0] * 8, [3] * 9, [1] * 9,
                               [1, 1, 1, 2, 2, 2, 0, 0, 0], Opaque()], ("",)),
                    "to_move": (NOT_GIVEN_WHOLE + [0, 3], ("move",))})
    calls += sweep(k, "TicTacToe.from_string", lambda text: TicTacToe.from_string(text), {
        "text": (NOT_TEXT + ["", "X.O/.X./...#!?", "XXX/OOO/...", "XXX/.../...",
                             "OO./.../...", "X" * 20], ("",))})
    calls += sweep(k, "TicTacToe.apply", lambda move: TicTacToe().apply(move), {
        "move": (NOT_WHOLE + OUT_OF_RANGE + [9], ("move",))})
    calls += sweep(k, "Othello", lambda cells=None, to_move=1: Othello(cells, to_move), {
        "cells": (["x" * 64, [0] * 63, [5] * 64, Opaque(), 3], ("cells",)),
        "to_move": (NOT_WHOLE + [0, 3], ("to_move",))})
    calls += sweep(k, "Othello.from_text", lambda text: Othello.from_text(text), {
        "text": (NOT_TEXT + ["", "x" * 64, "\u2603"], ("",))})
    for method in ("discs", "material", "moves_for"):
        calls += sweep(k, f"Othello.{method}", lambda player, m=method: getattr(Othello(), m)(
            player), {"player": (NOT_WHOLE + OUT_OF_RANGE + [0, 3], ("player",))})
    for method in ("play", "apply", "flips", "gain", "static_score"):
        calls += sweep(k, f"Othello.{method}", lambda move, m=method: getattr(Othello(), m)(
            move), {"move": (NOT_TEXT + ["z9", "", "a9", "\u2603"], ("move",))})
    calls += sweep(k, "othello.perft", lambda depth=1, state=Othello(): othello_perft(state,
                                                                                      depth), {
        "depth": (NOT_WHOLE + OUT_OF_RANGE + [121], ("depth",)),
        "state": ([None, 3, TicTacToe()], ("Othello",))})
    calls += sweep(k, "Gomoku", lambda **kw: Gomoku(**kw), {
        "cells": (["x" * 225, [0] * 10, [5] * 225, Opaque()], ("cells",)),
        "to_move": (NOT_GIVEN_WHOLE + [0, 3], ("move",)),
        "radius": (NOT_WHOLE + OUT_OF_RANGE + [15], ("radius",)),
        "size": (NOT_WHOLE[1:] + OUT_OF_RANGE + [0, 16, 17], ("size",)),
        "rule": (["korean", "", 2, None, ["omok"], Opaque()], ("rule",))})
    calls += sweep(k, "Gomoku.from_text", lambda text: Gomoku.from_text(text), {
        "text": (NOT_TEXT + ["", "x" * 225], ("",))})
    for method in ("play", "apply", "forbidden"):
        calls += sweep(k, f"Gomoku.{method}", lambda move, m=method: getattr(Gomoku(), m)(move), {
            "move": (NOT_TEXT + ["z99", "", "a16", "s19", "\u2603"], ("move",))})
    calls += sweep(k, "Gomoku.stones", lambda player: Gomoku().stones(player), {
        "player": (NOT_WHOLE + [0, 3], ("player",))})
    calls += sweep(k, "Gomoku.candidate_moves", lambda radius: Gomoku().candidate_moves(radius), {
        "radius": (NOT_WHOLE + OUT_OF_RANGE, ("radius",))})
    return calls


def _match() -> list[Call]:
    from course_lib.agents import make_agent
    from course_lib.ataxx import State
    from course_lib.match import (Arena, Program, RandomOpenings, is_decided_opening,
                                  play_game, play_match, random_opening, round_robin, run_match,
                                  run_sprt)
    k = "match"
    calls = []
    greedy = make_agent("greedy")
    calls += sweep(k, "play_game", lambda first=greedy, second=greedy, start=None:
                   play_game(first, second, start), {
                       "first": ([None, 3, "greedy!", Opaque()], ("",)),
                       "start": ([3, Opaque(), []], ("start",))})
    calls += [Call(k, f"play_game(start={fen!r})", lambda fen=fen: play_game(greedy, greedy, fen),
                   ("FEN",)) for fen in ["garbage", "x5o/7/7/7/7/7/o5x z 0 1", ""]]
    calls.append(Call(k, "play_game(start=FEN)", lambda: play_game(
        greedy, greedy, "x5o/7/7/7/7/7/o5x x 0 200"), expect=EITHER))
    calls += sweep(k, "play_match", lambda pairs=1, opening_plies=0, seed=0:
                   play_match(lambda: greedy, lambda: greedy, pairs, opening_plies, seed), {
                       "pairs": (NOT_WHOLE + OUT_OF_RANGE + [HUGE_INT], ("pairs",)),
                       "opening_plies": (NOT_WHOLE + OUT_OF_RANGE, ("plies",)),
                       "seed": (NOT_WHOLE + OUT_OF_RANGE[:2], ("seed",))})
    calls += sweep(k, "random_opening", lambda plies=2, seed=0, start=None:
                   random_opening(plies, seed, start), {
                       "plies": (NOT_WHOLE + OUT_OF_RANGE, ("plies",)),
                       "seed": (NOT_WHOLE + [-1], ("seed",)),
                       "start": ([3, Opaque()], ("start",))})
    calls.append(Call(k, "random_opening(start='garbage')",
                      lambda: random_opening(2, 0, "garbage"), ("FEN",)))
    calls += sweep(k, "RandomOpenings", lambda plies=2, start=None, decided_depth=0:
                   RandomOpenings(plies, start, decided_depth).fen(0, 0), {
                       "plies": (NOT_WHOLE + OUT_OF_RANGE, ("plies",)),
                       "start": (["garbage", 3, Opaque()], ("start",)),
                       "decided_depth": (NOT_WHOLE + OUT_OF_RANGE, ("depth",))})
    calls += sweep(k, "is_decided_opening", lambda state=State.start(), depth=1:
                   is_decided_opening(state, depth), {
                       "state": ([None, "junk", 3], ("state",)),
                       "depth": (NOT_WHOLE + OUT_OF_RANGE + [9], ("depth",))})
    calls += sweep(k, "run_match", lambda a="greedy", b="random", pairs=1, seed=0, workers=0,
                   time_ms=None, openings=RandomOpenings(plies=0, decided_depth=0):
                   run_match(a, b, pairs, openings, seed=seed, workers=workers,
                             progress=False, time_ms=time_ms), {
                       "a": ([None, 3, "", "nothing", "greedy:eval=openlines",
                              "engine:hash=65536", "engine:nodes=" + "9" * 20], ("",)),
                       "pairs": (NOT_WHOLE + OUT_OF_RANGE + [HUGE_INT], ("pairs",)),
                       "seed": (NOT_WHOLE + OUT_OF_RANGE[:2], ("seed",)),
                       "workers": (NOT_WHOLE[1:] + OUT_OF_RANGE, ("workers",)),
                       "time_ms": (NOT_WHOLE[1:] + OUT_OF_RANGE + [0], ("time_ms",)),
                       "openings": ([3, "x5o", Opaque()], ("opening",))})
    calls += sweep(k, "round_robin", lambda players=("greedy", "random"), pairs=1:
                   round_robin(players, pairs, RandomOpenings(plies=0, decided_depth=0),
                               workers=0, progress=False), {
                       "players": ([None, "greedy", ["greedy"], [3, 4], Opaque()], ("player",)),
                       "pairs": (NOT_WHOLE + OUT_OF_RANGE, ("pairs",))})
    calls += sweep(k, "Arena", lambda **kw: Arena(**kw), {
        "seed": (NOT_WHOLE + OUT_OF_RANGE[:2], ("seed",)),
        "workers": (NOT_WHOLE[1:] + OUT_OF_RANGE, ("workers",)),
        "time_ms": (NOT_WHOLE[1:] + OUT_OF_RANGE + [0], ("time_ms",)),
        "ready_ms": (NOT_WHOLE + OUT_OF_RANGE + [0], ("ready_ms",))})
    calls += sweep(k, "Program", lambda command: Program(command), {
        "command": ([3, "", "   ", "'unbalanced", [], Opaque()], ("",))})
    calls += sweep(k, "run_sprt", lambda a="greedy", b="random", max_games=2, **kw: run_sprt(
        a, b, workers=0, max_games=max_games, openings=RandomOpenings(plies=0, decided_depth=0),
        **kw), {
            "a": ([None, 3, "", "greedy:eval=openlines", "engine:hash=65536"], ("",)),
            "elo0": (NOT_NUMBER + [HUGE_INT], ("elo0",)),
            "alpha": (NOT_NUMBER + [0, 1, -0.5], ("alpha",)),
            "model": (NOT_TEXT + ["quad"], ("model",)),
            "max_games": (NOT_WHOLE + OUT_OF_RANGE + [0], ("max_games",)),
            "seed": (NOT_WHOLE + [-1], ("seed",)),
            "time_ms": (NOT_WHOLE[1:] + OUT_OF_RANGE + [0], ("time_ms",))})
    return calls


def _strength() -> list[Call]:
    from course_lib.strength import (Sprt, elo_estimate, elo_estimate_pairs, elo_from_score,
                                     expected_score, game_probabilities, gsprt_llr,
                                     likelihood_of_superiority, normalized_elo,
                                     pentanomial_llr, round_robin_elo, simulate_sprt,
                                     sprt_bounds, trinomial_llr, win_loss_llr,
                                     win_loss_operating_point, win_loss_steps)
    k = "strength"
    counts = (NOT_WHOLE + OUT_OF_RANGE, ("",))
    calls = []
    calls += sweep(k, "elo_estimate", lambda wins=3, draws=2, losses=1, confidence=0.95:
                   elo_estimate(wins, draws, losses, confidence), {
                       "wins": counts, "losses": counts,
                       "confidence": (NOT_NUMBER + [0, 1, 1.5, 0.9999999999999999, 1 - 1e-17],
                                      ("confidence",))})
    calls += sweep(k, "elo_estimate_pairs", lambda pairs: elo_estimate_pairs(pairs), {
        "pairs": ([None, 3, [1, 2], [1, 2, 3, 4, -5], [0] * 5, "12345", [NAN] * 5], ("pairs",))})
    calls += sweep(k, "likelihood_of_superiority", lambda wins: likelihood_of_superiority(
        wins, 1, 1), {"wins": counts})
    calls += sweep(k, "normalized_elo", lambda wins: normalized_elo(wins, 1, 1), {"wins": counts})
    calls += sweep(k, "expected_score", lambda d: expected_score(d), {
        "d": (NOT_NUMBER, ("",))})
    calls += sweep(k, "elo_from_score", lambda score: elo_from_score(score), {
        "score": (NOT_NUMBER + [-0.1, 1.1], ("score",))})
    calls += sweep(k, "win_loss_llr", lambda wins=3, losses=1, elo0=0, elo1=50:
                   win_loss_llr(wins, losses, elo0, elo1), {
                       "wins": counts, "elo1": (NOT_NUMBER + [HUGE_INT, 5000], ("elo1",))})
    calls += sweep(k, "trinomial_llr", lambda elo0=0, elo1=10, scale="logistic":
                   trinomial_llr(3, 2, 1, elo0, elo1, scale), {
                       "elo0": (NOT_NUMBER, ("elo0",)), "scale": (NOT_TEXT + ["metric"],
                                                                  ("scale",))})
    calls += sweep(k, "pentanomial_llr", lambda pairs: pentanomial_llr(pairs, 0, 10), {
        "pairs": ([None, [1, 2], [-1, 1, 1, 1, 1], "abcde"], ("pairs",))})
    calls += sweep(k, "gsprt_llr", lambda counts: gsprt_llr(counts, 0, 10), {
        "counts": ([None, [], [1], "abc", [-1, 1, 1]], ("",))})
    calls += sweep(k, "Sprt", lambda **kw: Sprt(**kw), {
        "elo0": (NOT_NUMBER + [HUGE_INT], ("elo0",)),
        "alpha": (NOT_NUMBER + [0, 1, -1], ("alpha",)),
        "kind": (NOT_TEXT + ["chess"], ("kind",)),
        "scale": (NOT_TEXT + ["metric"], ("scale",))})
    calls += sweep(k, "Sprt.add", lambda result: Sprt().add(result), {
        "result": ([None, 3, "win!", 0.7, Opaque()], ("result",))})
    calls += sweep(k, "sprt_bounds", lambda alpha=0.05, beta=0.05: sprt_bounds(alpha, beta), {
        "alpha": (NOT_NUMBER + [0, 1], ("alpha",))})
    calls += sweep(k, "win_loss_steps", lambda elo0=0, elo1=50: win_loss_steps(elo0, elo1), {
        "elo1": (NOT_NUMBER + [HUGE_INT], ("elo1",))})
    calls += sweep(k, "game_probabilities", lambda elo=0, draw_ratio=0.2:
                   game_probabilities(elo, draw_ratio), {
                       "elo": (NOT_NUMBER, ("elo",)),
                       "draw_ratio": (NOT_NUMBER + [-0.1, 1.0, 2], ("draw",))})
    calls += sweep(k, "win_loss_operating_point", lambda elo=0, max_games=100:
                   win_loss_operating_point(elo, max_games=max_games), {
                       "elo": (NOT_NUMBER, ("elo",)),
                       "max_games": (NOT_WHOLE + OUT_OF_RANGE + [0], ("max_games",))})
    calls += sweep(k, "simulate_sprt", lambda runs=5, seed=0, max_games=50, probabilities=(
        0.5, 0.0, 0.5): simulate_sprt(Sprt(), probabilities, runs, seed, max_games), {
            "runs": (NOT_WHOLE + OUT_OF_RANGE + [0], ("runs",)),
            "seed": (NOT_WHOLE + [-1], ("seed",)),
            "max_games": (NOT_WHOLE + OUT_OF_RANGE + [0], ("max_games",)),
            "probabilities": ([None, [0.5, 0.5], [NAN, 0, 1], [0.9, 0.9, 0.9], "abc"],
                              ("probabilities",))})
    calls += sweep(k, "round_robin_elo", lambda results: round_robin_elo(results), {
        "results": ([None, 3, {}, {("a",): (1, 1, 1)}, {("a", "b"): (-1, 1, 1)},
                     {("a", "a"): (1, 1, 1)}, {("a", "b"): "abc"}], ("",))})
    return calls


def _learn() -> list[Call]:
    from course_lib.learn.ntuple import load_weights, save_weights
    from course_lib.learn.selfplay import self_play
    k = "learn"
    calls = []
    calls += sweep(k, "load_weights", lambda path: load_weights(path), {
        "path": ([3, Opaque(), "/no/such/file.npz", "/proc", "/etc/hostname"], ("",))})
    calls += sweep(k, "save_weights", lambda path: save_weights(path, [1, 2, 3]), {
        "path": ([3, None, "", "/no/such/folder/w.npz"], ("",))})
    calls += sweep(k, "self_play", lambda games=1, seed=0, depth=1, workers=1:
                   self_play(games, seed, depth, workers=workers), {
                       "games": (NOT_WHOLE + OUT_OF_RANGE + [0], ("games",)),
                       "seed": (NOT_WHOLE + [-1], ("seed",)),
                       "depth": (NOT_WHOLE + OUT_OF_RANGE + [0], ("depth",)),
                       "workers": (NOT_WHOLE + OUT_OF_RANGE + [0], ("workers",))})
    return calls


def _protocols() -> list[Call]:
    import io

    from course_lib.match import referee as referee_module
    from course_lib.match.protocol import choose_with_time, serve
    from course_lib.match.uai import (PositionReader, parse_go, parse_position,
                                      parse_setoption, serve_uai, uai_transcript)
    k = "protocols"
    calls = []
    words_bad = ([None, "go depth 3", 3, [3], ["go", None], Opaque()], ("",))
    for name, function in [("parse_go", parse_go), ("parse_position", parse_position),
                           ("parse_setoption", parse_setoption),
                           ("PositionReader().read", PositionReader().read)]:
        calls += sweep(k, name, lambda words, f=function: f(words), {"words": words_bad})
    calls += sweep(k, "uai_transcript", lambda commands="go depth 1\n", spec="greedy":
                   uai_transcript(commands, spec), {
                       "commands": ([None, 3, b"go", ["go"]], ("",)),
                       "spec": ([3, "", "nothing", "greedy:eval=openlines", "engine:hash=65536"],
                                ("",))})
    # The programs' loops answer an agent they cannot build as the programs do: a line on
    # their log and the exit status 2, returned.
    for player in [3, "", "nothing", "engine:nodes=" + "9" * 20, Opaque()]:
        log = io.StringIO()
        calls.append(Call(k, f"serve_uai(player={player!r:.30})", lambda p=player, log=log: (
            serve_uai(p, io.StringIO("quit\n"), io.StringIO(), log=log) == 2
            and "could not build" in log.getvalue()) or 1 / 0, expect=RUNS))
    calls += sweep(k, "serve", lambda start: serve(
        "greedy", io.StringIO("READY FIRST\nTURN 1000 1000\nFINISH\n"), io.StringIO(),
        start=start, log=io.StringIO()), {"start": (["junk", 3, Opaque()], ("",))})
    calls += sweep(k, "choose_with_time", lambda remaining_ms=1000, movetime_ms=None:
                   choose_with_time(__import__("course_lib.agents", fromlist=["x"]).make_agent(
                       "alphabeta:depth=2"), __import__("course_lib.ataxx", fromlist=["x"])
                       .State.start(), remaining_ms, movetime_ms), {
            "remaining_ms": (["1000", NAN, -INF, INF, HUGE_INT, Opaque()], ("ms",)),
            "movetime_ms": (["10", NAN, INF, -5, HUGE_INT], ("ms",))})
    calls += sweep(k, "referee", lambda first="x", time_ms=1000, ready_ms=1000, start_fen=None:
                   referee_module.referee(first, "y", time_ms, ready_ms, start_fen), {
                       "first": ([3, "", "   ", "'unbalanced", [], [3], Opaque()], ("command",)),
                       "time_ms": (NOT_WHOLE + OUT_OF_RANGE + [0], ("time_ms",)),
                       "ready_ms": (NOT_WHOLE + OUT_OF_RANGE + [0], ("ready_ms",)),
                       "start_fen": ([3, "junk", Opaque()], ("",))})
    return calls


def _teaching() -> list[Call]:
    from course_lib.exercises import check, verdict
    from course_lib.grader import example_mistake, grade, mistakes, skeleton, solution
    k = "teaching"
    calls = []
    names_bad = ([None, 3, "", "no-such-exercise", Opaque()], ("",))
    for name, function in [("skeleton", skeleton), ("solution", solution),
                           ("mistakes", mistakes)]:
        calls += sweep(k, name, lambda name, f=function: f(name), {"name": names_bad})
    calls += sweep(k, "example_mistake", lambda kind: example_mistake("03-minimax", kind), {
        "kind": ([None, 3, "", "no-such-kind"], ("",))})
    # grade never raises (a check cell must not stop Run All): it answers in words.
    calls += [Call(k, f"grade({name!r:.20}, {function!r:.20})",
                   lambda name=name, function=function: grade(name, function).verdict in (
                       "wrong", "not answered yet") or 1 / 0, expect=RUNS)
              for name in [None, 3, "", "no-such-exercise", Opaque()]
              for function in [None, 3, "def f(): pass", Opaque()]]
    calls += [Call(k, f"check({name!r:.20})", lambda name=name: check(name, 3), expect=EITHER)
              for name in [None, 3, "", "no-such-exercise"]]
    calls += [Call(k, f"verdict({name!r:.20})", lambda name=name: verdict(name, 3),
                   expect=EITHER) for name in [None, 3, "", "no-such-exercise"]]
    return calls


def _viz() -> list[Call]:
    import matplotlib
    matplotlib.use("Agg")
    from course_lib.ataxx import State
    from course_lib.viz import PlayBoard, board_svg, draw_tree, plot_llr, plot_node_counts
    k = "viz"
    calls = []
    calls += sweep(k, "board_svg", lambda state=State.start(), size=360, highlight=():
                   board_svg(state, size=size, highlight=highlight), {
                       "state": ([None, 3, "junk", Opaque()], ("",)),
                       "size": ([v for v in NOT_WHOLE if v != 3.5] + OUT_OF_RANGE + [0],
                                ("size",)),
                       "highlight": ([3, ["z9"], [(9, 9)], Opaque()], ("",))})
    calls += sweep(k, "PlayBoard", lambda agent=None, game=None, human="first", start=None:
                   PlayBoard(agent, game=game, human=human, start=start), {
                       "agent": ([3, "greedy!", Opaque()], ("",)),
                       "game": ([3, "chess", Opaque()], ("game",)),
                       "human": ([3, "third", None, Opaque()], ("human",)),
                       "start": ([3, "junk", Opaque()], ("",))})
    calls += sweep(k, "draw_tree", lambda tree: draw_tree(tree), {
        "tree": ([None, 3, "tree", Opaque(), []], ("",))})
    calls += sweep(k, "plot_llr", lambda source: plot_llr(source), {
        "source": ([None, 3, "run", Opaque()], ("",))})
    calls += sweep(k, "plot_node_counts", lambda depths=(1, 2), counts={"a": [1, 2]},
                   branching=2.0: plot_node_counts(depths, counts, branching), {
                       "depths": ([None, 3, "ab", [1]], ("",)),
                       "counts": ([None, 3, {"a": "xy"}, {"a": [1]}], ("",)),
                       "branching": ([None, "2", NAN, -1.0, 0], ("branching",))})
    return calls


def library_calls() -> list[Call]:
    return _ataxx() + _fast() + _agents() + _engine() + _games() + _match() + _strength() \
        + _learn() + _protocols() + _teaching() + _viz()
