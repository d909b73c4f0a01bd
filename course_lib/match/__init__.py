"""Playing games between agents.

>>> from course_lib.agents import RandomAgent, GreedyAgent
>>> record = play_game(GreedyAgent(), RandomAgent(seed=1))
>>> record.winner, record.reason
(1, 'a player has no stones left')
"""

from .arena import (Arena, GameResult, MatchReport, Program, RandomOpenings, RoundRobinReport,
                    is_decided_opening, round_robin, run_match)
from .play import GameRecord, MatchResult, play_game, play_match, random_opening
from .sprt import SprtRun, run_sprt

__all__ = ["Arena", "GameRecord", "GameResult", "MatchReport", "MatchResult", "Program",
           "RandomOpenings", "RoundRobinReport", "SprtRun", "is_decided_opening", "play_game",
           "play_match", "random_opening", "round_robin", "run_match", "run_sprt"]
