"""The notebooks' exercises: one module per notebook (``nb01``, ``nb02``, ...), each calling
``course_lib.exercises.register`` for its exercises. ``check`` imports them all when needed.
Every right answer is computed by the library when a check runs, never written down."""
