"""The case studies: experiments of published student projects, redone with the course's tools.

- ``othello_study``: the Othello AI study (minimax with weight maps, alpha-beta, move
  ordering), its match method, its self-play table and its ordering table, measured again.
"""
