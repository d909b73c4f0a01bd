"""A learned evaluation for ATAXX: an n-tuple network (``ntuple``), trained with numpy
(``train``) on games the engine plays against itself (``selfplay``).

``python -m course_lib learn --seed 1 --out learned.npz`` plays the games, trains the network
and writes the weights (the shipped ones are ``course_lib/data/learned_eval.npz``, which
``engine:eval=learned`` searches with).
"""
