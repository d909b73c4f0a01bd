"""Ctrl-C on the command line: a compiled search stops at once.

Python turns Ctrl-C (SIGINT) into ``KeyboardInterrupt`` only when its main thread runs Python
code, and a compiled search (numba) can run for minutes without. So each compiled search that
can run long registers its ``stop`` while it runs (``with stoppable(stop): ...``), and the
command line listens for Ctrl-C on a thread of its own (``watch_interrupts``): it hears the
signal at once, through ``signal.set_wakeup_fd``, and calls every registered ``stop``. The
search returns within milliseconds, and Python raises ``KeyboardInterrupt`` as usual.

Registering costs a set insertion, so every search does it; only the command line listens
(a notebook's kernel has its own use for the wakeup file descriptor).

>>> stopped = []
>>> with stoppable(lambda: stopped.append(True)):
...     stop_all()
>>> stopped
[True]
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import threading
from typing import Callable, Iterator

_RUNNING: set[Callable[[], None]] = set()
"""The ``stop`` of every compiled search running now."""


@contextlib.contextmanager
def stoppable(stop: Callable[[], None]) -> Iterator[None]:
    """Register ``stop`` (which must make the running search return soon, as a stop flag
    does) for as long as the ``with`` block runs."""
    _RUNNING.add(stop)
    try:
        yield
    finally:
        _RUNNING.discard(stop)


def stop_all() -> None:
    """Call the ``stop`` of every registered search."""
    for stop in list(_RUNNING):
        stop()


@contextlib.contextmanager
def watch_interrupts() -> Iterator[None]:
    """While the block runs, stop every registered search the moment Ctrl-C (SIGINT) comes;
    Python then raises ``KeyboardInterrupt`` in the main thread as usual. Does nothing off the
    main thread, where no signal arrives."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:                                 # not allowed here: no listening
        reader.close()
        writer.close()
        yield
        return

    def listen() -> None:
        while True:
            try:
                heard = reader.recv(64)
            except OSError:
                return
            if not heard:                              # the writer closed: the block is over
                return
            if signal.SIGINT in heard:
                stop_all()

    listener = threading.Thread(target=listen, name="course_lib-interrupts", daemon=True)
    listener.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        writer.close()
        listener.join(timeout=1.0)
        reader.close()


# --- worker processes -------------------------------------------------------------------------


class _Stopped(BaseException):
    """SIGTERM in a worker inside ``unwind_on_stop``: it unwinds the block, so its ``finally``
    clauses run, and then the worker ends."""


_UNWINDING = [False]


def quiet_worker() -> None:
    """The initializer of the course's worker processes (the arena's pool, self-play): Ctrl-C,
    which the terminal sends to the whole process group, is left to the parent, which stops
    its workers (``stop_workers``). SIGTERM ends a worker at once, or, inside
    ``unwind_on_stop``, once the block's ``finally`` clauses have run (a refereed game stops
    its programs)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_terminate)


def _on_terminate(signum: int, frame: object) -> None:
    if _UNWINDING[0]:
        raise _Stopped()
    os._exit(128 + signum)


@contextlib.contextmanager
def unwind_on_stop() -> Iterator[None]:
    """In a worker process started with ``quiet_worker``, a SIGTERM while the block runs
    unwinds it (its ``finally`` clauses run) and then ends the process. Elsewhere (in this
    process, on a cluster) it changes nothing."""
    _UNWINDING[0] = True
    try:
        yield
    except _Stopped:
        os._exit(128 + signal.SIGTERM)
    finally:
        _UNWINDING[0] = False


def stop_workers(processes: list, grace: float = 5.0) -> None:
    """Stop worker processes (``multiprocessing`` processes) at once: SIGTERM, up to ``grace``
    seconds to clean up, then SIGKILL for any still running."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=grace)
        if process.is_alive():
            process.kill()
            process.join(timeout=1.0)
