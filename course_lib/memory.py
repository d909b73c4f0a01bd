"""Large zeroed arrays that cost nothing until they are written: the searches' trees and tables.

``np.zeros`` asks malloc, which may serve a block of a few MB from its heap and clear it page by
page at once, and an array cleared in place with ``a[:] = 0`` touches every page, each one
given by the system the first time: a 1 GB table took seconds that way. ``zeroed_rows`` maps
memory of its own instead, which the system gives zeroed page by page as it is first written
and takes back when the array is dropped.
"""

from __future__ import annotations

import mmap

import numpy as np

__all__ = ["zeroed_rows"]


def zeroed_rows(n: int, dtype: np.dtype | type) -> np.ndarray:
    """``n`` rows of ``dtype``, all zero, in memory of their own (an anonymous mapping): a
    table of any size costs nothing until it is written. A mapping the system refuses is a
    ``MemoryError``.

    >>> rows = zeroed_rows(3, np.dtype([("visits", np.int32), ("wins", np.float64)]))
    >>> rows["visits"].tolist(), rows.flags.writeable
    ([0, 0, 0], True)
    >>> zeroed_rows(2, np.uint64).tolist()
    [0, 0]
    """
    dtype = np.dtype(dtype)
    try:
        memory = mmap.mmap(-1, max(1, n * dtype.itemsize))
    except OSError as error:             # ENOMEM: more than the system will promise
        raise MemoryError(f"the system would not map {n * dtype.itemsize} bytes") from error
    return np.frombuffer(memory, dtype=dtype, count=n)
