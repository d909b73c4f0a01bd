"""The exercises of the course's notebooks, registered with ``course_lib.exercises``.

Each right answer is computed here by the library when a check runs. Names start with the
notebook's number.
"""

from __future__ import annotations

from .exercises import register

# Notebook 01 registers its exercises below (added with the notebook).
