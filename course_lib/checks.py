"""The ranges of the numbers the course takes, and the checks that hold them.

Every number a user can give has a range, stated once here and used by the library's public
functions, by agent specs, by the command line and by the protocols (referee and UAI): a time
in ms, a node or iteration count, a seed, a table's size in memory. A value outside its range is
refused in words before any work starts (``InvalidArgumentError``, a ValueError), and the words
say the range.

>>> whole(5, "depth", 1, 64)
5
>>> whole(10**30, "depth", 1, 64)
Traceback (most recent call last):
...
course_lib.errors.InvalidArgumentError: depth must be a whole number from 1 to 64, got a number of 31 digits
>>> read_whole("9" * 20, 1, MAX_MS, "ms")
Traceback (most recent call last):
...
ValueError: expected a whole number from 1 to 1,000,000,000 ms, got 99999999999999999999

Text is read by ``read_whole`` and ``read_number`` (a plain ValueError, which each caller turns
into its own kind of refusal: an argparse error, an ``InvalidAgentSpecError``, an ``info
string``); ``arg_whole`` and ``arg_number`` are the same readers as argparse types.
"""

from __future__ import annotations

import argparse
import math
import operator
import os
from typing import Any, Callable

from .errors import InvalidArgumentError, NotEnoughMemoryError

MAX_MS = 10**9
"""The longest time, in ms, anything takes: a time per move, a game clock, a clock a referee
or a tournament manager sends (10**9 ms is about 11.6 days)."""
MAX_NODES = 10**15
"""The most nodes a search may be given (at 10 million nodes a second, more than three years)."""
MAX_MOVES_TO_GO = 10**6
"""The most moves a clock may be said to cover (UAI's ``movestogo``)."""
MAX_ITERATIONS = 10**9
"""The most MCTS iterations a move may be given (at 70,000 a second, four hours)."""
MAX_SEED = 2**64 - 1
"""Seeds are 64-bit: 0 to 2**64 - 1."""
MAX_HASH_MB = 65536
"""The largest table a player may be given, in MB (``engine:hash``, UAI's ``Hash``), and only
when the machine has that much memory free (``check_memory``)."""
MAX_COUNT = 10**12
"""The largest count of games (or pairs) the statistics accept: a trillion. Counts are turned
into floating-point numbers, which hold whole numbers exactly only up to 2**53."""
MAX_ELO_BOUND = 2000.0
"""The bounds of a test lie from -2000 to 2000 Elo. Beyond that the expected score is within
1e-5 of 0 or 1: no test between real players needs it, and its logarithms lose their
precision (at 10000 Elo the score rounds to exactly 1)."""
MAX_CONFIDENCE = 1 - 1e-9
"""The highest confidence of an interval (nine nines): closer to 1, the normal quantile it
needs is no longer a finite float."""
MAX_DIGITS = 40
"""Text with more digits than this is not read as a number at all (it would be out of every
range anyway)."""


# --- saying what was given ------------------------------------------------------------------


def describe(value: Any, limit: int = 40) -> str:
    """``value`` as a message shows it: its repr, a whole number of 30 digits or more by its
    size, long text cut.

    >>> describe(12), describe(10**400), describe("y" * 45, limit=5)
    ('12', 'a number of 401 digits', "'yyyyy'... (45 characters)")
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        digits = int(abs(value).bit_length() * 0.30103) + 1    # never formats a huge int
        if abs(value) < 10 ** (digits - 1):
            digits -= 1
        return f"a number of {digits} digits"
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= 2 * limit else text[:2 * limit] + "..."


def _span(low: float | None, high: float | None, unit: str) -> str:
    def show(bound: float) -> str:
        if bound == MAX_SEED:
            return "2**64 - 1"
        return f"{bound:,}" if isinstance(bound, int) else f"{bound:.10g}"
    unit = f" {unit}" if unit else ""
    if high is None:
        return f">= {show(low)}{unit}"                          # type: ignore[arg-type]
    return f"from {show(low)} to {show(high)}{unit}"           # type: ignore[arg-type]


# --- values given in Python -----------------------------------------------------------------


def is_whole(value: object) -> bool:
    """True for an int or a numpy integer (not a bool)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return False
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def whole(value: object, name: str, low: int, high: int | None = None, unit: str = "", *,
          optional: bool = False, error: type[ValueError] = InvalidArgumentError) -> Any:
    """``value`` as an int when it is a whole number from ``low`` to ``high`` (None: no upper
    bound; ``optional``: None is accepted too, and returned), else ``error`` naming ``name``,
    the range and what was given.

    >>> whole(3, "pairs", 1), whole(None, "depth", 1, 64, optional=True)
    (3, None)
    """
    if optional and value is None:
        return None
    kind = "None or a whole number" if optional else "a whole number"
    if not is_whole(value):
        raise error(f"{name} must be {kind} {_span(low, high, unit)}, got {describe(value)} "
                    f"of type {type(value).__name__}")
    number = operator.index(value)                               # type: ignore[arg-type]
    if number < low or (high is not None and number > high):
        raise error(f"{name} must be {kind} {_span(low, high, unit)}, got {describe(number)}")
    return number


def number(value: object, name: str, low: float, high: float, unit: str = "",
           error: type[ValueError] = InvalidArgumentError) -> float:
    """``value`` as a float when it is a finite real number from ``low`` to ``high``, else
    ``error`` naming ``name`` and the range.

    >>> number(0.5, "epsilon", 0, 1)
    0.5
    """
    if isinstance(value, bool) or not (is_whole(value) or isinstance(value, float)
                                       or type(value).__name__.startswith("float")):
        raise error(f"{name} must be a number {_span(low, high, unit)}, got {describe(value)} "
                    f"of type {type(value).__name__}")
    try:
        result = float(value)                                    # type: ignore[arg-type]
    except OverflowError:                                        # an int beyond any float
        result = math.inf
    if not (math.isfinite(result) and low <= result <= high):
        raise error(f"{name} must be a number {_span(low, high, unit)}, got {describe(value)}")
    return result


def flag(value: object, name: str) -> bool:
    """``value`` as a bool when it is True, False, 1 or 0, else InvalidArgumentError."""
    if isinstance(value, bool) or type(value).__name__ == "bool_" or (
            is_whole(value) and operator.index(value) in (0, 1)):      # type: ignore[arg-type]
        return bool(value)
    raise InvalidArgumentError(f"{name} must be True or False, got {describe(value)}")


def check_player(player: object, name: str = "player") -> None:
    """Raise InvalidArgumentError unless ``player`` is 1 (the first player) or 2 (the second):
    cheap enough for the methods a search calls at every node.

    >>> check_player(2)
    """
    if (player.__class__ is not int and not is_whole(player)) or (player != 1 and player != 2):
        raise InvalidArgumentError(f"{name} must be 1 (the first player) or 2 (the second), "
                                   f"got {describe(player)}")


def choice(value: object, name: str, options: tuple[str, ...] | list[str]) -> str:
    """``value`` when it is one of ``options`` (text), else InvalidArgumentError listing them."""
    if not isinstance(value, str) or value not in options:
        raise InvalidArgumentError(f"{name} must be one of {', '.join(options)}, got "
                                   f"{describe(value)}")
    return value


def function(value: object, name: str, what: str, *, optional: bool = False) -> Any:
    """``value`` when it can be called (``optional``: None is accepted too), else
    InvalidArgumentError naming ``name`` and saying ``what`` it is for.

    >>> function(len, "evaluation", "a function (state, player) -> number")
    <built-in function len>
    >>> function(3, "evaluation", "a function (state, player) -> number")
    Traceback (most recent call last):
    ...
    course_lib.errors.InvalidArgumentError: evaluation must be a function (state, player) -> number, got 3 of type int
    """
    if (optional and value is None) or callable(value):
        return value
    kind = f"None or {what}" if optional else what
    raise InvalidArgumentError(f"{name} must be {kind}, got {describe(value)} of type "
                               f"{type(value).__name__}")


def game_state(value: object, name: str = "state") -> Any:
    """``value`` when it is a game position (it has ``legal_moves``, ``is_over`` and
    ``to_move``: an ATAXX ``State``, a tic-tac-toe board, a tree's node), else
    InvalidArgumentError.

    >>> game_state("x5o/7/7/7/7/7/o5x x 0 1")
    Traceback (most recent call last):
    ...
    course_lib.errors.InvalidArgumentError: state must be a game position (an ATAXX State, a tic-tac-toe board or a tree's node), got 'x5o/7/7/7/7/7/o5x x 0 1' of type str; a FEN is read with State.from_fen(fen)
    """
    if all(hasattr(value, attribute) for attribute in ("legal_moves", "is_over", "to_move")):
        return value
    hint = "; a FEN is read with State.from_fen(fen)" if isinstance(value, str) else ""
    raise InvalidArgumentError(f"{name} must be a game position (an ATAXX State, a tic-tac-toe "
                               f"board or a tree's node), got {describe(value)} of type "
                               f"{type(value).__name__}{hint}")


# --- values given as text -------------------------------------------------------------------


def read_whole(text: str, low: int, high: int | None = None, unit: str = "",
               why: str = "") -> int:
    """The whole number ``text`` writes (ASCII digits, an optional sign, spaces around), when it
    is from ``low`` to ``high``; else a ValueError that says the range (and ``why``, in words).

    >>> read_whole(" +12 ", 0, 400)
    12
    >>> read_whole("1e3", 0, 400)
    Traceback (most recent call last):
    ...
    ValueError: expected a whole number from 0 to 400, got '1e3'
    """
    span = _span(low, high, unit) + (f" ({why})" if why else "")
    digits = text.strip()
    sign = -1 if digits.startswith("-") else 1
    digits = digits[1:] if digits[:1] in "+-" else digits
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"expected a whole number {span}, got {describe(text)}")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise ValueError(f"expected a whole number {span}, got a number of "
                         f"{len(digits.lstrip('0'))} digits")
    value = sign * int(digits)
    if value < low or (high is not None and value > high):
        raise ValueError(f"expected a whole number {span}, got {value}")
    return value


def read_number(text: str, low: float, high: float, unit: str = "", why: str = "",
                above_low: bool = False, below_high: bool = False) -> float:
    """The finite number ``text`` writes, when it is from ``low`` to ``high`` (``above_low``,
    ``below_high``: the bound itself excluded); else a ValueError that says the range.

    >>> read_number("0.25", 0, 1)
    0.25
    >>> read_number("nan", 0, 1, above_low=True, below_high=True)
    Traceback (most recent call last):
    ...
    ValueError: expected a number strictly between 0 and 1, got 'nan'
    """
    def show(bound: float) -> str:
        return f"{bound:.10g}"
    span = (f"strictly between {show(low)} and {show(high)}" if above_low and below_high
            else f"above {show(low)} and at most {show(high)}" if above_low
            else f"from {show(low)} and below {show(high)}" if below_high
            else _span(low, high, ""))
    span += (f" {unit}" if unit else "") + (f" ({why})" if why else "")
    try:
        value = float(text) if len(text) <= 100 and text.isascii() else math.nan
    except ValueError:
        value = math.nan
    inside = ((low < value if above_low else low <= value)
              and (value < high if below_high else value <= high))
    if not (math.isfinite(value) and inside):
        raise ValueError(f"expected a number {span}, got {describe(text)}")
    return value


def arg_whole(low: int, high: int | None = None, unit: str = "", why: str = ""
              ) -> Callable[[str], int]:
    """``read_whole`` as an argparse type (its refusal becomes argparse's one-line error).

    >>> arg_whole(0, 8)("3")
    3
    """
    def convert(text: str) -> int:
        try:
            return read_whole(text, low, high, unit, why)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    convert.__name__ = "whole number"
    return convert


def arg_number(low: float, high: float, unit: str = "", why: str = "",
               above_low: bool = False, below_high: bool = False) -> Callable[[str], float]:
    """``read_number`` as an argparse type."""
    def convert(text: str) -> float:
        try:
            return read_number(text, low, high, unit, why, above_low, below_high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    convert.__name__ = "number"
    return convert


# --- memory ---------------------------------------------------------------------------------


def _meminfo() -> dict[str, int]:
    with open("/proc/meminfo") as handle:
        return {line.split(":")[0]: int(line.split()[1]) * 1024 for line in handle
                if line.split()[1:2] and line.split()[1].isdigit()}


def _cgroup_room() -> int | None:
    """Bytes this process's cgroup (v2) may still take, when it has a limit."""
    try:
        with open("/sys/fs/cgroup/memory.max") as handle:
            limit = handle.read().strip()
        with open("/sys/fs/cgroup/memory.current") as handle:
            used = int(handle.read().strip())
    except (OSError, ValueError):
        return None
    return None if not limit.isdigit() else max(0, int(limit) - used)


def memory_free() -> tuple[int, int] | None:
    """(bytes free for a new table, bytes in all) on this machine, or None when it cannot
    tell. On Linux ``MemAvailable`` (and a container's limit, if lower); elsewhere the free
    physical pages."""
    try:
        info = _meminfo()
        free, total = info["MemAvailable"], info["MemTotal"]
    except (OSError, KeyError, ValueError, IndexError):
        try:
            page = os.sysconf("SC_PAGE_SIZE")
            free, total = os.sysconf("SC_AVPHYS_PAGES") * page, os.sysconf("SC_PHYS_PAGES") * page
        except (AttributeError, ValueError, OSError):
            return None
    room = _cgroup_room()
    if room is not None and room < free:
        free = room
    return free, total


def format_bytes(count: float) -> str:
    """A size in bytes in words: ``'512 MB'``, ``'64.0 GB'`` (binary units, as the MB of
    ``Hash`` are).

    >>> format_bytes(512 * 2**20), format_bytes(2**36)
    ('512 MB', '64.0 GB')
    """
    if count >= 2**30:
        return f"{count / 2**30:.1f} GB"
    if count >= 2**20:
        return f"{count / 2**20:.0f} MB"
    return f"{count / 2**10:.0f} KB"


def check_memory(needed: int, what: str) -> None:
    """Refuse, before anything is allocated, ``what`` (in words: the setting and what it
    makes) when it needs more than the ``needed`` bytes this machine has free; the message
    says how much was asked for and how much there is. Nothing is refused when the machine
    cannot tell.

    >>> check_memory(1024, "a table of 1 KB")
    """
    free = memory_free()
    if free is None or needed <= free[0]:
        return
    raise NotEnoughMemoryError(
        f"{what} needs {format_bytes(needed)} of memory, and this machine has "
        f"{format_bytes(free[0])} free ({format_bytes(free[1])} in all): ask for less")
