"""course_lib: the library behind the game-tree search course, taught on ATAXX.

Import what you need from the subpackages, for example ``from course_lib.ataxx import State``.
"""

__version__ = "0.1.0"
