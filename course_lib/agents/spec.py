"""Agents from spec strings: ``NAME[:key=value,...]``, the same in Python, on the command line
and in notebooks.

>>> make_agent("alphabeta:depth=5,order=gain").name
'alphabeta:depth=5,order=gain'
>>> make_agent("random:seed=7").seed
7
>>> make_agent("engine:time=100,lmr=0").engine.switches["lmr"]
False
"""

from __future__ import annotations

from typing import Any, Callable

from ..ataxx.rules import MAX_TURNS
from ..checks import (MAX_HASH_MB, MAX_ITERATIONS, MAX_MS, MAX_NODES, MAX_SEED, check_memory,
                      describe, read_number, read_whole)
from ..errors import InvalidAgentSpecError
from .base import RandomAgent
from .evaluation import check_evaluation, evaluation_named
from .players import GreedyAgent, SearchAgent
from .search import MAX_DEPTH, ORDERS
from .transposition import FAST_SLOT_BYTES, SLOT_BYTES

# What each agent accepts: key -> (converter, help). Converters raise ValueError with a
# message that says what was expected.


def _whole(low: int, high: int, unit: str = "") -> Callable[[str], int]:
    def convert(text: str) -> int:
        return read_whole(text, low, high, unit)
    return convert


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"expected 0 (off) or 1 (on), got {describe(text)}")
    return text == "1"


def _choice(*options: str) -> Callable[[str], str]:
    def convert(text: str) -> str:
        if text not in options:
            raise ValueError(f"expected one of {', '.join(options)}, got {describe(text)}")
        return text
    return convert


def _number(low: float, high: float) -> Callable[[str], float]:
    def convert(text: str) -> float:
        return read_number(text, low, high)
    return convert


def _weights_file(text: str) -> str:
    import os
    if not text.endswith(".npz") or not os.path.isfile(text):
        raise ValueError(f"expected the path of a weights file (.npz) that exists, got "
                         f"{text!r}")
    return text


def _evaluation(text: str) -> str:
    evaluation_named(text)          # raises with the list of names
    return text


_ENGINE_SWITCHES = {
    "pvs": "principal variation search",
    "aspiration": "aspiration windows",
    "tt": "transposition table",
    "lmr": "late move reductions",
    "nullmove": "null-move pruning (acts only with pvs=1)",
    "killers": "killer moves",
    "history": "history scores",
    "order": "move ordering by gain",
    "rfp": "reverse futility pruning",
    "lmp": "late move pruning of jumps that take nothing",
}
"""The engine's switches (``course_lib.engine.SWITCHES``), named here so that building the
help text does not load the engine."""

_ENGINE_OFF_BY_DEFAULT = ("aspiration", "lmr", "nullmove", "killers", "history")
"""The switches off by default (``course_lib.engine.engine.OFF_BY_DEFAULT``; a test holds the
two equal)."""

_ENGINE_MAX_DEPTH = 126
"""The engine's deepest iteration (``course_lib.engine.engine.MAX_DEPTH``), named here so that
building the help text does not load the engine."""

_DEPTH = ("depth", _whole(1, MAX_DEPTH), "search depth in plies (default 3)")
_EVAL = ("eval", _evaluation, "evaluation: material (default for ATAXX and Othello), weights, "
                             "openlines (tic-tac-toe), leaf (explicit trees), arbitrary and "
                             "research (Othello), patterns (Gomoku, its default); prefix exact- "
                             "to score finished games as wins/losses")
KEYS: dict[str, list[tuple[str, Callable[[str], Any], str]]] = {
    "random": [("seed", _whole(0, MAX_SEED), "seed of the random generator (default 0)")],
    "greedy": [_EVAL],
    "minimax": [_DEPTH, _EVAL],
    "negamax": [_DEPTH, _EVAL],
    "alphabeta": [
        _DEPTH, _EVAL,
        ("form", _choice("negamax", "minmax"),
         "negamax (default: with every refinement) or minmax (the lecture's MAX/MIN form)"),
        ("order", _choice(*ORDERS), "move ordering: none (default), static, gain, intuition"),
        ("killers", _flag, "1: try killer moves early"),
        ("history", _flag, "1: order by history scores"),
        ("tt", _whole(0, 26), "1: a transposition table of 2**16 slots; 2..26: 2**tt slots"),
        ("time", _whole(1, MAX_MS, "ms"),
         "ms per move: iterative deepening until the time is spent"),
        ("game", _whole(1, MAX_MS, "ms"),
         "ms per game: iterative deepening, the clock shared across moves"),
        ("tier", _choice("fast", "reference"),
         "reference (default): the readable search; fast: the same search compiled with numba "
         "(ATAXX, form=negamax; eval material, weights or their exact- forms)"),
    ],
    "engine": [
        ("time", _whole(1, MAX_MS, "ms"), "ms per move (the engine uses nearly all of it)"),
        ("game", _whole(1, MAX_MS, "ms"),
         "ms per game: the engine's clock, a share of the time left a move"),
        ("depth", _whole(1, _ENGINE_MAX_DEPTH),
         "deepest iteration (default 6 when no time, game or nodes)"),
        ("nodes", _whole(1, MAX_NODES), "stop after about this many nodes"),
        ("hash", _whole(1, MAX_HASH_MB, "MB"),
         "MB of transposition table (default 16; at most what the machine has free)"),
        ("eval", _choice("material", "learned", "network"),
         "material (default): stones less the opponent's; learned: the n-tuple network of "
         "course_lib.learn (python -m course_lib learn makes its weights); network: the value "
         "network of course_lib.learn.network (python -m course_lib network train)"),
        ("weights", _weights_file, "the .npz of eval=learned or eval=network (default: the "
                                   "shipped one)"),
    ] + [(switch, _flag, f"{text} (default {0 if switch in _ENGINE_OFF_BY_DEFAULT else 1})")
         for switch, text in _ENGINE_SWITCHES.items()],
    "mcts": [
        ("iterations", _whole(1, MAX_ITERATIONS),
         "iterations per move (default 1000 without time)"),
        ("time", _whole(1, MAX_MS, "ms"),
         "ms per move (with iterations too: whichever ends first)"),
        ("c", _number(0, 100), "exploration constant of UCB (default 1.4), or of PUCT with "
                               "prior=learned (default 0.5)"),
        ("expand", _whole(1, MAX_ITERATIONS),
         "a node grows children after this many tries (default 1)"),
        ("playout", _choice("random", "greedy", "cutoff"),
         "random (default), greedy (epsilon-greedy on material) or cutoff (k plies, then eval)"),
        ("epsilon", _number(0, 1), "random-move rate of the greedy playout (default 0.1)"),
        ("cutoff", _whole(0, MAX_TURNS, "plies"),
         "random plies of the cutoff playout (default 10; a game lasts at most 400)"),
        ("final", _choice("visits", "value", "both", "lcb"),
         "final move: most visits (default), best win rate, both, or lower confidence bound"),
        ("seed", _whole(0, MAX_SEED), "seed of the random generator (default 0)"),
        ("reuse", _flag, "1: keep the subtree of the position reached between moves"),
        ("solver", _flag, "1: prove wins, draws and losses in the tree"),
        ("tier", _choice("fast", "reference"),
         "reference (default): the readable MCTS, any game; fast: compiled, ATAXX only"),
        ("value", _choice("playout", "learned"),
         "leaf value: playout (default) or learned (the n-tuple network as an expected "
         "result; tier=fast)"),
        ("prior", _choice("none", "learned", "policy"),
         "none (default: UCB), learned (PUCT, Q + c*P*sqrt(N)/(1+n), P a softmax of the "
         "network's scores of the children) or policy (P from the policy network; tier=fast)"),
        ("temp", _number(0.001, 1e6),
         "temperature of the prior's softmax, hundredths of a stone (default: win_scale)"),
        ("fpu", _number(0, 1), "PUCT's value of an unvisited child (default: parent's mean)"),
        ("eval", _choice("learned", "network"),
         "which learned evaluation value and prior read: learned (default: the n-tuple "
         "network) or network (the value network of course_lib.learn.network)"),
        ("weights", _weights_file, "the .npz of that evaluation (default: the shipped one)"),
        ("policy", _weights_file, "the .npz of the policy network of prior=policy (none is "
                                  "shipped: python -m course_lib network policy makes one)"),
    ],
}


def describe_agents() -> str:
    """Every agent name with its keys, as help text."""
    lines = []
    for name, keys in KEYS.items():
        lines.append(name)
        lines.extend(f"    {key}: {text}" for key, _, text in keys)
    return "\n".join(lines)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``'alphabeta:depth=5,tt=1'`` into ``('alphabeta', {'depth': 5, 'tt': 1})``, with
    every value checked."""
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidAgentSpecError(
            "an agent spec is text like 'greedy' or 'alphabeta:depth=5'")
    name, _, rest = spec.strip().partition(":")
    if name not in KEYS:
        raise InvalidAgentSpecError(
            f"unknown agent {name!r} in {spec!r}; the agents are " + ", ".join(KEYS)
            + " (course_lib.agents.describe_agents() lists their keys)")
    allowed = {key: convert for key, convert, _ in KEYS[name]}
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, value = item.partition("=")
        if not equals:
            raise InvalidAgentSpecError(f"{spec!r}: {item!r} should be key=value")
        if key not in allowed:
            raise InvalidAgentSpecError(f"{spec!r}: {name} has no key {key!r}; its keys are "
                             + (", ".join(allowed) or "none"))
        if key in options:
            raise InvalidAgentSpecError(f"{spec!r}: {key!r} is given twice")
        try:
            options[key] = allowed[key](value)
        except ValueError as error:
            raise InvalidAgentSpecError(f"{spec!r}: {key}: {error}") from None
    return name, options


def check_agent_spec(spec: str, state: Any = None, build: bool = True) -> None:
    """Raise InvalidAgentSpecError, in words, unless ``spec`` builds an agent that can play
    the game of ``state`` (any game when ``state`` is None) on this machine: every command and
    the arena check a spec this way before they start, so a spec means the same everywhere.

    It checks what ``make_agent`` checks (names, keys, ranges, options that do not go
    together), and also: that a compiled player (``engine``, ``tier=fast``) meets ATAXX, that
    an evaluation fits the game (the engine's and MCTS's ``eval`` are their own: material,
    learned or network), and that a table (``engine:hash``, ``alphabeta:tt``) fits in the
    memory the machine has free. Nothing big is allocated. With ``build=False`` the agent is
    not built: the options that do not go together are not checked (a program that must answer
    at once checks those when it builds the agent, which may load weights and compiled code).

    >>> from course_lib.ataxx import State
    >>> check_agent_spec("greedy:eval=weights", State.start())
    >>> check_agent_spec("engine:depth=2,eval=learned", State.start())
    >>> check_agent_spec("greedy:eval=openlines", State.start())
    Traceback (most recent call last):
    ...
    course_lib.errors.EvaluationMismatchError: 'greedy:eval=openlines': the evaluation 'openlines' is for tic-tac-toe (it counts open lines), not ATAXX; for ATAXX choose material or weights (or their exact- forms)
    """
    name, options = parse_spec(spec)
    label = spec.strip()
    try:
        if state is not None:
            _check_game(name, options, state)
        needed = table_memory(name, options)
        if needed is not None:
            check_memory(*needed)
    except InvalidAgentSpecError as error:
        raise type(error)(f"{label!r}: {error}") from None
    except ValueError as error:
        raise InvalidAgentSpecError(f"{label!r}: {error}") from None
    if not build:
        return
    # Build it once, for the checks of options that do not go together, without its table.
    probe = {key: value for key, value in options.items() if key not in ("tt", "hash")}
    try:
        _build(name, probe, label)
    except InvalidAgentSpecError:
        raise
    except ValueError as error:
        raise InvalidAgentSpecError(f"{label!r}: {error}") from None


def _check_game(name: str, options: dict[str, Any], state: Any) -> None:
    """Refuse a compiled player (engine, tier=fast) away from ATAXX, and an evaluation that
    does not fit the game of ``state``."""
    from ..ataxx import State
    from .evaluation import game_name
    compiled = ("the engine" if name == "engine"
                else "tier=fast" if options.get("tier") == "fast" else None)
    if compiled is not None and not isinstance(state, State):
        raise InvalidAgentSpecError(
            f"{compiled} is compiled for ATAXX only, not {game_name(state)}"
            + ("" if name == "engine" else "; leave out tier=fast (the readable tier plays "
                                           "every game)"))
    if "eval" in options and name not in ("engine", "mcts"):   # theirs are their own
        check_evaluation(evaluation_named(options["eval"]), state)


def table_memory(name: str, options: dict[str, Any]) -> tuple[int, str] | None:
    """(bytes, the setting in words) of the table the parsed spec asks for (``engine:hash``,
    ``alphabeta:tt``), None when it asks for none.

    >>> table_memory("engine", {"hash": 64})
    (67108864, 'hash=64 (a transposition table of 64 MB)')
    """
    if name == "engine":
        megabytes = options.get("hash", 16)
        return megabytes << 20, f"hash={megabytes} (a transposition table of {megabytes:,} MB)"
    tt = options.get("tt", 0)
    if name == "alphabeta" and tt:
        slots = table_slots(tt)
        per_slot = FAST_SLOT_BYTES if options.get("tier") == "fast" else SLOT_BYTES
        return slots * per_slot, f"tt={tt} (a transposition table of {slots:,} slots)"
    return None


def table_slots(tt: int) -> int:
    """The slots of the table ``alphabeta:tt=N`` makes: 2**16 for 1, else 2**N (0: none)."""
    return 0 if tt == 0 else 1 << (16 if tt == 1 else tt)


def make_agent(spec: str) -> Any:
    """Build an agent from a spec string such as ``'alphabeta:depth=5,order=intuition'``.

    Unknown names or keys, values out of range, options that do not go together and a table
    larger than the memory the machine has free raise InvalidAgentSpecError (a ValueError)
    that lists what exists or says what to change.
    """
    name, options = parse_spec(spec)
    label = spec.strip()
    try:
        return _build(name, options, label)
    except InvalidAgentSpecError:
        raise
    except ValueError as error:                   # an option the agent itself refused
        raise InvalidAgentSpecError(f"{label!r}: {error}") from None


def _build(name: str, options: dict[str, Any], label: str) -> Any:
    if name == "mcts":
        return _make_mcts(options, label)
    if name == "engine":
        return _make_engine(options, label)
    if name == "random":
        agent = RandomAgent(seed=options.get("seed", 0))
        agent.name = label
        return agent
    evaluation = evaluation_named(options["eval"]) if "eval" in options else None
    if name == "greedy":
        return GreedyAgent(evaluation, name=label)
    if name in ("minimax", "negamax"):
        return SearchAgent(name, depth=options.get("depth", 3), evaluation=evaluation, name=label)
    timed = "time" in options or "game" in options
    if "time" in options and "game" in options:
        raise InvalidAgentSpecError(
            f"{label!r}: give time (ms per move) or game (ms per game), not both")
    form = options.get("form", "negamax")
    return SearchAgent(
        "alphabeta" if form == "minmax" else "negamax-alphabeta",
        depth=options.get("depth", 64 if timed else 3), evaluation=evaluation,
        order=options.get("order", "none"), killers=options.get("killers", False),
        history=options.get("history", False), table_slots=table_slots(options.get("tt", 0)),
        move_ms=options.get("time"), game_ms=options.get("game"), name=label,
        tier=options.get("tier", "reference"))


def _make_mcts(options: dict[str, Any], label: str) -> Any:
    from .mcts import SPEC_KEYS, MCTSAgent
    guided = {"value": "value", "prior": "prior", "temp": "temperature", "fpu": "fpu",
              "eval": "evaluation", "weights": "weights", "policy": "policy"}
    keywords = {SPEC_KEYS[key]: value for key, value in options.items()
                if key != "tier" and key not in guided}
    extra = {guided[key]: value for key, value in options.items() if key in guided}
    if options.get("tier") == "fast":
        if options.get("value") == "learned" and {"playout", "epsilon", "cutoff"} & set(options):
            raise InvalidAgentSpecError(
                f"{label!r}: value=learned scores a leaf by the learned evaluation, not by a "
                f"playout: leave out playout, epsilon and cutoff (or use value=playout)")
        if extra.get("value", "playout") != "playout" or extra.get("prior", "none") != "none" \
                or {"temperature", "fpu", "evaluation", "weights", "policy"} & set(extra):
            from ..engine.guided import GuidedMCTSAgent      # the engine package's player
            return GuidedMCTSAgent(**keywords, **extra, name=label)
        from .mcts_fast import FastMCTSAgent
        return FastMCTSAgent(**keywords, name=label)
    if options.get("value") == "learned" or options.get("prior") == "learned" \
            or {"temp", "fpu", "eval", "weights", "policy"} & set(options) \
            or options.get("prior") == "policy":
        raise InvalidAgentSpecError(
            f"{label!r}: value=learned, prior=learned or policy, temp, fpu, eval, weights and "
            f"policy are options of the fast tier only: add tier=fast (ATAXX)")
    return MCTSAgent(**keywords, name=label)


def _make_engine(options: dict[str, Any], label: str) -> Any:
    from ..engine import EngineAgent
    if "time" in options and "game" in options:
        raise InvalidAgentSpecError(
            f"{label!r}: give time (ms per move) or game (ms per game), not both")
    switches = {key: value for key, value in options.items() if key in _ENGINE_SWITCHES}
    return EngineAgent(move_ms=options.get("time"), game_ms=options.get("game"),
                       depth=options.get("depth"), nodes=options.get("nodes"),
                       hash_mb=options.get("hash", 16), name=label,
                       evaluation=options.get("eval", "material"),
                       weights=options.get("weights"), **switches)
