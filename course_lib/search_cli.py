"""The games the command line knows, and ``python -m course_lib search``: one search of one
position of any game by any agent.

    python -m course_lib search --game othello alphabeta:depth=5,eval=research
    python -m course_lib search --game gomoku --radius 2 --position TEXT alphabeta:depth=2 --json

Every game is read from its text form (ATAXX: its FEN; Othello and Gomoku: rows of ``x``, ``o``
and ``.`` top to bottom separated by ``/``, a space and the side to move; tic-tac-toe: 9 squares
``X``, ``O`` or ``.``, as ``'X.O/.X./...'``) and every move is written as its name: a square
(``d3``; an ATAXX jump as source and destination, ``a7c5``; a tic-tac-toe square as its number
0..8), a pass ``pass``.

>>> game = GAMES["othello"]
>>> game.move_text(game.read(game.start).legal_moves()[0])
'd3'
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import textwrap
from dataclasses import dataclass
from typing import Any, Callable

from .checks import arg_whole
from .errors import CourseError, InvalidArgumentError


@dataclass(frozen=True)
class GameEntry:
    """What the command line needs of a game: its name in words, its start in the text form,
    how to read a text form (``read(text)``, with Gomoku's two switches as keywords), how to
    write a position back (``text``) and a move (``move_text``)."""

    name: str
    title: str
    start: str
    read: Callable[..., Any]
    text: Callable[[Any], str]
    move_text: Callable[[Any], str]


def _read_ataxx(text: str) -> Any:
    from .ataxx import State
    return State.from_fen(text)


def _ataxx_move(move: Any) -> str:
    return "pass" if move.is_pass else move.uai()


def _read_othello(text: str) -> Any:
    from .games.othello import Othello
    return Othello.from_text(text)


def _read_gomoku(text: str, forbid_double_three: bool = False, radius: int = 0) -> Any:
    from .games.gomoku import Gomoku
    return Gomoku.from_text(text, forbid_double_three=forbid_double_three, radius=radius)


def _read_tictactoe(text: str) -> Any:
    from .games.tictactoe import TicTacToe
    return TicTacToe.from_string(text)


def _tictactoe_text(state: Any) -> str:
    shown = "".join(".XO"[c] for c in state.cells)
    return f"{shown[:3]}/{shown[3:6]}/{shown[6:]}"


GAMES: dict[str, GameEntry] = {
    "ataxx": GameEntry("ataxx", "ATAXX", "x5o/7/7/7/7/7/o5x x 0 1", _read_ataxx,
                       lambda state: state.fen(), _ataxx_move),
    "othello": GameEntry("othello", "Othello",
                         "......../......../......../...ox.../...xo.../......../......../"
                         "........ x", _read_othello, lambda state: state.text(), str),
    "gomoku": GameEntry("gomoku", "Gomoku", "/".join(["." * 15] * 15) + " x", _read_gomoku,
                        lambda state: state.text(), str),
    "tictactoe": GameEntry("tictactoe", "tic-tac-toe", ".../.../...", _read_tictactoe,
                           _tictactoe_text, str),
}
"""The games of the command line by the name ``--game`` takes."""


def game_named(name: str) -> GameEntry:
    """The entry of game ``name``, or InvalidArgumentError listing the games.

    >>> game_named("othello").title
    'Othello'
    """
    if name not in GAMES:
        raise InvalidArgumentError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    return GAMES[name]


def read_position(game: GameEntry, text: str | None, *, forbid_double_three: bool = False,
                  radius: int = 0) -> Any:
    """The position ``text`` (the game's start when None) of ``game``; Gomoku's switches are
    refused in words for any other game."""
    if game.name != "gomoku" and (forbid_double_three or radius):
        raise InvalidArgumentError(
            f"--forbid-double-three and --radius are Gomoku's switches; {game.title} has "
            "neither (leave them out, or choose --game gomoku)")
    text = game.start if text is None else text
    try:
        if game.name == "gomoku":
            return game.read(text, forbid_double_three=forbid_double_three, radius=radius)
        return game.read(text)
    except CourseError as error:          # the same error, saying which game's text it read
        raise type(error)(f"not a position of {game.title}: {error}") from None


def _number(value: Any) -> Any:
    """A value as JSON can hold it (an infinite float becomes the text 'inf' or '-inf')."""
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        return value
    return value


def _counters(stats: Any) -> dict[str, Any]:
    """The counts of a search's stats: every field that is a number (or None), and the list of
    nodes per depth; lists of moves and snapshots are left out."""
    counters: dict[str, Any] = {}
    for item in dataclasses.fields(stats):
        value = getattr(stats, item.name)
        if value is None or isinstance(value, (int, float)):
            counters[item.name] = _number(value)
        elif item.name == "nodes_per_depth":
            counters[item.name] = list(value)
    if "seconds" in counters:
        counters["seconds"] = round(counters["seconds"], 6)
    return counters


def search_position(game: GameEntry, state: Any, spec: str) -> dict[str, Any]:
    """Search ``state`` once with the agent of ``spec``; return what the command prints: the
    move (its name), the value (None when the agent has none), the counters of the agent's
    stats, and for MCTS the visits and value of the chosen child.

    >>> out = search_position(GAMES["tictactoe"], _read_tictactoe("XX./OO./..."),
    ...                       "alphabeta:depth=3")
    >>> out["move"], out["value"] > 0
    ('2', True)
    """
    from .agents.spec import check_agent_spec, make_agent
    from .agents.base import check_can_move

    check_agent_spec(spec, state)
    check_can_move(state)
    agent = make_agent(spec)
    move = agent.choose_move(state)
    out: dict[str, Any] = {"game": game.name, "position": game.text(state), "spec": spec.strip(),
                           "move": game.move_text(move), "value": None}
    result = getattr(agent, "last_result", None)
    if result is not None:
        out["value"] = _number(result.value)
        out.update(_counters(result.stats))
    else:
        out["nodes"] = 0                  # an agent with no search (random) visits no node
    root = getattr(agent, "root", None)
    if root is not None and result is not None:     # MCTS: the chosen child of the root
        chosen = next((child for child in root.children if child.move == move), None)
        if chosen is not None:
            out["visits"] = chosen.visits
    return out


def _search_command(args: argparse.Namespace) -> int:
    game = game_named(args.game)
    state = read_position(game, args.position, forbid_double_three=args.forbid_double_three,
                          radius=args.radius)
    out = search_position(game, state, args.spec)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{game.title} {out['position']}")
    print(f"agent {out['spec']}")
    print(f"move  {out['move']}")
    print(f"value {out['value'] if out['value'] is not None else '(none: this agent has no value)'}")
    skip = {"game", "position", "spec", "move", "value"}
    for key, value in out.items():
        if key not in skip:
            print(f"{key:<15} {value:,}" if isinstance(value, int) and not isinstance(value, bool)
                  else f"{key:<15} {value}")
    return 0


def register(commands: Any) -> None:
    """Add the ``search`` command to the subparsers of ``python -m course_lib``."""
    from .agents.spec import describe_agents

    p = commands.add_parser(
        "search", help="search one position of any game with any agent",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="\n".join(textwrap.fill(paragraph, 79) for paragraph in (
            "Search one position once with the agent of SPEC and print the move it chooses, "
            "its value (from the view of the side to move) and the counters of the search "
            "(nodes, leaves, cutoffs, depth, table hits, seconds: whatever the agent counts).",
            "Moves are written as names: a square (d3; an ATAXX jump a7c5; a tic-tac-toe "
            "square 0..8), a pass 'pass'.",
            "Agents without a value: random prints value null and nodes 0; MCTS prints as "
            "value the win rate of the chosen child for the side to move (0 to 1), its visits, "
            "and the iterations, playouts and tree nodes of the search.",
            "A spec that does not fit the game (an evaluation of another game, tier=fast on "
            "a game other than ATAXX) or a finished position is refused in one line, exit "
            "status 2.")) + "\n\nThe agents and their keys:\n" + describe_agents())
    p.add_argument("spec", metavar="SPEC",
                   help="the agent, e.g. alphabeta:depth=4,order=gain or mcts:iterations=2000")
    p.add_argument("--game", choices=tuple(GAMES), default="ataxx",
                   help="the game (default ataxx)")
    p.add_argument("--position", "--fen", dest="position", default=None, metavar="TEXT",
                   help="the position in the game's text form (default: the start). ATAXX: "
                        "its FEN; othello: 8 rows of x, o, . from row 1 down, separated by /, "
                        "a space and the side to move x or o; gomoku: the same with 15 rows of "
                        "15; tictactoe: 9 squares X, O, . as X.O/.X./... (--fen is the same "
                        "option)")
    p.add_argument("--forbid-double-three", action="store_true",
                   help="Gomoku: play the Korean rule (a double three is not a legal move)")
    p.add_argument("--radius", type=arg_whole(0, 14, why="0: every empty point"), default=0,
                   help="Gomoku: search only the empty points within R points of a stone "
                        "(the Gomoku project's restriction, 1 or 2); 0 (default): every "
                        "empty point")
    p.add_argument("--json", action="store_true",
                   help='print one JSON object: {"game", "position", "spec", "move", "value", '
                        '"nodes", ...the other counters[, "visits" for MCTS]}')
    p.set_defaults(run=_search_command)
