"""Playing games between agents.

>>> from course_lib.agents import RandomAgent, GreedyAgent
>>> record = play_game(GreedyAgent(), RandomAgent(seed=1))
>>> record.winner, record.reason
(1, 'a player has no stones left')
"""

from .play import GameRecord, MatchResult, play_game, play_match, random_opening

__all__ = ["GameRecord", "MatchResult", "play_game", "play_match", "random_opening"]
