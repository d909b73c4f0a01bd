"""Notebook 02, greedy play and evaluation functions: its helpers and its exercises.

Helpers: ``exchanges`` looks back at a game move by move, what each move won and what the reply
took back, to find where looking one move ahead goes wrong: a greedy move that
wins material, answered by a reply that takes back more. ``evaluation_sprt`` decides, with the
pentanomial SPRT of notebook 07, whether greedy with an evaluation of the student's beats
greedy with material (the open-ended exercise; ``paired_test`` plays such a test against any
evaluation, notebook 09's against Othello's research map), and ``reading`` says what its
result means.

>>> from course_lib.agents import GreedyAgent
>>> from course_lib.ataxx import State
>>> from course_lib.match import play_game
>>> game = play_game(GreedyAgent(), GreedyAgent(), State.from_fen("5oo/7/1x5/2x4/7/7/2o3x x 0 1"))
>>> first = exchanges(game)[0]
>>> first.move.uai(), first.reply.uai(), (first.before, first.after_move, first.after_reply)
('c4e6', 'f6', (0, 2, -3))
>>> first.won, first.lost, first.punished
(2, 5, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from .. import checks
from ..agents import GreedyAgent, make_agent, material, square_weights
from ..agents.evaluation import Evaluation, default_evaluation
from ..ataxx import FIRST, State
from ..errors import InvalidArgumentError
from ..exercises import Wrong, _is_stub, register
from ..i18n import N_, _
from ..match import play_game, play_match
from ..match.arena import RandomOpenings
from ..match.sprt import SprtRun
from ..strength import Sprt
from .compare import same_move as _same_move
from .compare import whole_number as _whole_number
from .compare import within


class Exchange(NamedTuple):
    """One move of a game and the reply that followed it, scored from the mover's view."""

    ply: int
    """The move's index in the game's list of moves (0 for the first move after the start)."""
    state: Any
    """The position before the move."""
    move: Any
    reply: Any
    before: float
    """The mover's evaluation of ``state``."""
    after_move: float
    """... of the position after the move."""
    after_reply: float
    """... of the position after the move and the reply."""

    @property
    def won(self) -> float:
        """What the move won: ``after_move - before``."""
        return self.after_move - self.before

    @property
    def lost(self) -> float:
        """What the reply took back: ``after_move - after_reply``."""
        return self.after_move - self.after_reply

    @property
    def punished(self) -> bool:
        """The move won something, and the reply took back more than that."""
        return self.won > 0 and self.lost > self.won


def exchanges(game: Any, evaluation: Evaluation | None = None) -> list[Exchange]:
    """Every move of ``game`` (a ``GameRecord``) that has a reply, with the mover's evaluation
    (default: the game's default, material for ATAXX) before the move, after it, and after the
    reply. A pass is a move like any other; the last move of the game has no reply and is left
    out."""
    if not (hasattr(game, "start") and isinstance(getattr(game, "moves", None), list)):
        raise InvalidArgumentError(f"game must be a played game (a GameRecord, as play_game "
                                   f"returns), got {checks.describe(game)} of type "
                                   f"{type(game).__name__}")
    state = checks.game_state(game.start, "game.start")
    evaluation = checks.function(evaluation, "evaluation", "an evaluation (state, player) -> "
                                 "number", optional=True)
    evaluate = evaluation or default_evaluation(state)
    found = []
    for ply, (move, reply) in enumerate(zip(game.moves, game.moves[1:])):
        mover = state.to_move
        after = state.apply(move)
        answered = after.apply(reply)
        found.append(Exchange(ply, state, move, reply, evaluate(state, mover),
                              evaluate(after, mover), evaluate(answered, mover)))
        state = after
    return found


# --- An evaluation against material, decided by games (the open-ended exercise) ------------------

MATERIAL_NAME = "greedy, material"
TEST = {"elo0": 0.0, "elo1": 50.0, "alpha": 0.05, "beta": 0.05}
"""The test of ``evaluation_sprt``: notebook 07's, H0 0 Elo against H1 50 Elo (logistic Elo),
alpha = beta = 0.05, read pair by pair (pentanomial)."""
MAX_PAIRS = 60
"""The cap on pairs: a test that reaches it has not decided."""


class _Clocked:
    """An agent whose moves are timed (for the time each side used)."""

    def __init__(self, agent: Any, totals: list) -> None:
        self.agent, self.totals, self.name = agent, totals, agent.name

    def choose_move(self, state: Any) -> Any:
        started = time.perf_counter()
        move = self.agent.choose_move(state)
        self.totals[0] += time.perf_counter() - started
        self.totals[1] += 1
        return move


@dataclass
class EvaluationTest:
    """A pentanomial SPRT of greedy with an evaluation (A) against greedy with another (B),
    and the time each side used per move (on this machine, not part of the result)."""

    run: SprtRun
    ms_per_move: tuple[float, float]
    """A's and B's mean time per move, in ms."""
    error: str = ""
    """What went wrong when the evaluation raised an error (the test then stopped)."""
    against: str = "material"
    """B's evaluation, as the reading names it."""

    @property
    def decision(self) -> str:
        return self.run.decision

    def __repr__(self) -> str:
        if self.error:
            return f"<evaluation test stopped by an error after {self.run.games} games>"
        return (f"<evaluation test: {self.run.summary().split(':')[0]}, pairs "
                f"{' '.join(map(str, self.run.pentanomial))}>")


def paired_test(evaluation: Callable[[Any, int], Any], against: Callable[[Any, int], Any],
                against_words: str, start: Callable[[int], Any], max_pairs: int,
                seed: int) -> EvaluationTest:
    """Greedy with ``evaluation`` (A) against greedy with ``against`` (B, named ``greedy,
    {against_words}``), in colour-swapped pairs, pair i from the position ``start(i)``, until
    the pentanomial SPRT of ``TEST`` decides or ``max_pairs`` pairs are played. Both sides make
    the same search per move, one ply ahead, scoring every child of the position they move in:
    only the evaluation differs. The time each used is measured, not equalised; an error
    raised by either evaluation stops the test and is kept in ``error``. ``seed`` is written
    in the run."""
    sprt = Sprt(kind="pentanomial", **TEST)
    name = f"greedy, {getattr(evaluation, '__name__', 'your evaluation')}"
    against_name = f"greedy, {against_words}"
    run = SprtRun(name, against_name, "pentanomial", sprt, 2 * max_pairs, seed)
    clocks = ([0.0, 0], [0.0, 0])
    started = time.perf_counter()
    error = ""
    for pair in range(max_pairs):
        first = start(pair)
        points = 0.0
        for a_first in (True, False):
            a = _Clocked(GreedyAgent(evaluation, name=name), clocks[0])
            b = _Clocked(GreedyAgent(against, name=against_name), clocks[1])
            try:
                game = play_game(a, b, first) if a_first else play_game(b, a, first)
            except Exception as raised:                 # noqa: BLE001 - the student's code
                error = f"{type(raised).__name__}: {raised}"
                break
            score = 0.5 if game.winner == 0 else \
                1.0 if game.winner == (1 if a_first else 2) else 0.0
            run.wins, run.draws, run.losses = (run.wins + (score == 1.0),
                                               run.draws + (score == 0.5),
                                               run.losses + (score == 0.0))
            run.reasons[game.reason] += 1
            points += score
        if error:
            run.stopped_by = "caller"
            break
        run.pentanomial[int(points * 2)] += 1
        if sprt.add(points) != "continue":
            run.stopped_by = "decision"
            break
    else:
        run.stopped_by = "max-games"
    run.seconds = time.perf_counter() - started
    per_move = tuple(1000 * total / moves if moves else 0.0 for total, moves in clocks)
    return EvaluationTest(run, per_move, error, against_words)


def evaluation_sprt(evaluation: Callable[[Any, int], Any], max_pairs: int = MAX_PAIRS,
                    seed: int = 1, opening_plies: int = 4) -> EvaluationTest | Any:
    """Greedy with ``evaluation`` (A) against greedy with material (B), ``paired_test`` from
    seeded random openings of ``opening_plies`` plies (decided ones drawn again, as the arena
    does). Returns ``...`` when ``evaluation`` is still a skeleton (nothing is played).

    >>> from course_lib.agents import material
    >>> test = evaluation_sprt(material, max_pairs=2)
    >>> test.run.games, test.decision, test.run.pentanomial
    (4, 'continue', [0, 0, 2, 0, 0])
    """
    if _is_stub(evaluation):
        return ...
    openings = RandomOpenings(plies=opening_plies)
    return paired_test(evaluation, material, "material",
                       lambda pair: State.from_fen(openings.fen(pair, seed)), max_pairs, seed)


def reading(test: EvaluationTest | Any) -> str:
    """What the test's result says, and what it does not, as notebook 07 reads a test, in the
    language the course speaks; after it stopped, the median-unbiased Elo beside the naive one,
    in logistic and normalized Elo (the time each side used is ``time_words``'s)."""
    if test is ...:
        return _("The evaluation is not written yet: nothing was played.")
    run = test.run
    if test.error:
        return _("Your evaluation raised an error in game {game}, so the test stopped without "
                 "a decision: {error}. Fix it and run the test again.").format(
                     game=run.games + 1, error=test.error)
    pairs = sum(run.pentanomial)
    lines = [_("{summary} ({pairs} pairs).").format(summary=run.summary(), pairs=pairs)]
    if run.decision == "accept H1":
        lines.append(_("The test accepted H1: the games fit 'greedy with your evaluation is 50 "
                       "logistic Elo stronger' better than 'they are equal', and had they been "
                       "equal it would have accepted H1 only about 5 times in 100. It does not "
                       "say 'at least 50 logistic Elo stronger'."))
    elif run.decision == "accept H0":
        lines.append(_("The test accepted H0: the games fit 'equal' better than '50 logistic "
                       "Elo stronger'. That is not 'equal': your evaluation is not shown to be "
                       "50 logistic Elo stronger than {against}. How much stronger or weaker "
                       "it may be, the interval below says.").format(against=_(test.against)))
    else:
        lines.append(_("No decision: the test reached its cap of {pairs} pairs, so it is "
                       "undecided: neither hypothesis is accepted, and more pairs would be "
                       "needed to tell.").format(pairs=run.max_games // 2))
    estimate = run.estimate_after_stop()
    if estimate is not None:
        lines.append(f"{estimate}.")
        if run.stopped_by == "decision":
            lines.append(_("The median-unbiased figure is as likely to lie above the true "
                           "difference as below it; the naive one is not: a test stopped at H1 "
                           "tends to over-state the difference, one stopped at H0 to "
                           "under-state it."))
    return "\n".join(lines)


def time_words(test: EvaluationTest | Any) -> str:
    """The time each side of the test used per move (this machine's figure)."""
    if test is ...:
        return _("nothing was played")
    a_ms, b_ms = test.ms_per_move
    return _("time per move on this machine (not equalised, not checked): your evaluation "
             "{a} ms, {against} {b} ms; the test took {seconds} s").format(
                 a=f"{a_ms:.2f}", against=_(test.against), b=f"{b_ms:.2f}",
                 seconds=f"{test.run.seconds:.1f}")


# --- The exercises of notebook 02 ----------------------------------------------------------------

TIE_FEN = "x5x/7/5x1/3o3/o1o2x1/7/2o4 x 3 10"
"""02-greedy-tie: several moves share greedy's best value; which one does it play?"""

WEIGHTS_FEN = "x5x/7/2o2x1/3o3/2o4/7/2o1x2 x 5 11"
"""02-square-weights: the square-weights evaluation of this position for x."""

REPLY_FEN = "1o5/2o1x2/3xx2/1o5/1x5/7/7 x 3 11"
"""02-after-reply: x's material after greedy's move for x and greedy's reply for o."""

MATCH = {"spec_a": "greedy:eval=weights", "pairs": 10, "opening_plies": 6, "seed": 200}
"""02-match-score: A = greedy with square weights against B = greedy with material."""


def _greedy_tie_move():
    """Greedy's move; the position is chosen so that the tie rule decides it."""
    state = State.from_fen(TIE_FEN)
    agent = GreedyAgent()
    move = agent.choose_move(state)
    result = agent.last_result
    tied = [m for m, value in result.root_values if value == result.value]
    if len(tied) < 2:
        raise RuntimeError(f"02-greedy-tie: only {len(tied)} move has the best value")
    return move


def _square_weights() -> int:
    return square_weights(State.from_fen(WEIGHTS_FEN), FIRST)


def _after_reply() -> int:
    state = State.from_fen(REPLY_FEN)
    after = state.apply(GreedyAgent().choose_move(state))
    return after.apply(GreedyAgent().choose_move(after)).material(FIRST)


def _match_score() -> float:
    result = play_match(lambda: make_agent(MATCH["spec_a"]), GreedyAgent, pairs=MATCH["pairs"],
                        opening_plies=MATCH["opening_plies"], seed=MATCH["seed"])
    return result.score


register(
    "02-greedy-tie", _greedy_tie_move,
    mistake="f3d3",  # tied, but its source f3 is on row 5, below f5 (row 3)
    hint=(
        N_("when several moves win the same material, which one does greedy play, and in what "
           "order are the moves listed?"),
        N_("list the moves with the highest material for x, then take the first in canonical "
           "order: ascending (x1, y1, x2, y2) in protocol coordinates, where x is the row counted "
           "from the TOP (f5 is row 3, f3 is row 5)."),
        N_("GreedyAgent().choose_move(position_1) plays it; write the move as text: a clone is "
           "its destination ('b6'), a jump source then destination ('a7c5').")),
    compare=_same_move(TIE_FEN))

register(
    "02-square-weights", _square_weights,
    mistake=0,  # material: the stone counts are even
    hint=(
        N_("material counts every stone alike; what does this evaluation count instead, and for "
           "whom?"),
        N_("add up the weights of x's stones (3 in a corner, 2 on an edge, 1 inside) and subtract "
           "those of o's stones."),
        N_("square_weights(position_2, FIRST) computes it.")),
    compare=_whole_number)

register(
    "02-after-reply", _after_reply,
    mistake=6,  # x's material after its own move, before o's reply
    hint=(
        N_("after x's move, does o just watch, or does o's reply change the count too?"),
        N_("count x's stones minus o's after both moves, not only after x's: o's greedy reply "
           "captures what it can."),
        N_("GreedyAgent().choose_move(...) gives each move; exchanges(play_game(GreedyAgent(), "
           "GreedyAgent(), position_3))[0].after_reply gives the answer.")),
    compare=_whole_number)

register(
    "02-match-score", _match_score,
    mistake=0.65,  # the score of B, greedy with material
    hint=(
        N_("whose score is asked for, and what is a score: a count, or a share of the games?"),
        N_("A is the first agent given to play_match, here greedy with square weights; its score "
           "is its wins plus half its draws, divided by the games: a number between 0 and 1."),
        N_("play_match(make_a, GreedyAgent, pairs=10, opening_plies=6, seed=200).score computes "
           "it.")),
    compare=within(1e-3))


def accepted_h0(against_words: str) -> EvaluationTest:
    """A ``paired_test`` against greedy with ``against_words`` that accepted H0 (every pair
    split 1-1, as between equals), made without playing: the likely wrong answer of an
    open-ended exercise.

    >>> accepted_h0("material").decision
    'accept H0'
    """
    sprt = Sprt(kind="pentanomial", **TEST)
    run = SprtRun("greedy, evaluate", f"greedy, {against_words}", "pentanomial", sprt,
                  2 * MAX_PAIRS, 1)
    while sprt.add(1.0) == "continue":
        run.pentanomial[2] += 1
    run.pentanomial[2] += 1
    run.wins = run.losses = sum(run.pentanomial)
    run.stopped_by = "decision"
    return EvaluationTest(run, (0.0, 0.0), against=against_words)


def decided_against(against_name: str) -> Callable[[Any, str], bool | Wrong]:
    """The check of an open-ended exercise: is the answer a test made by ``paired_test``
    against greedy named ``against_name``, with ``TEST``'s settings, that decided
    ``expected``? Such a test that decided otherwise, or reached its cap undecided, is
    answered ``Wrong``, in words that say so and what passes.

    >>> decided_against(MATERIAL_NAME)(accepted_h0("material"), "accept H1").words
    "a test that accepted H0 after 20 pairs (only 'accept H1' passes)"
    """
    def decided(answer: Any, expected: str) -> bool | Wrong:
        if not isinstance(answer, EvaluationTest) or answer.error:
            return False
        run, test = answer.run, answer.run.test
        settings = {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha,
                    "beta": test.beta}
        if not (run.spec_b == against_name and run.model == "pentanomial" and settings == TEST
                and test.scale == "logistic"):
            return False
        if run.stopped_by == "decision" and run.decision == expected:
            return True
        if run.stopped_by == "decision":
            words = _("a test that accepted {hypothesis} after {pairs} pairs").format(
                hypothesis=run.decision.split()[-1], pairs=sum(run.pentanomial))
        else:
            words = _("an undecided test, stopped at its cap of {pairs} pairs").format(
                pairs=run.max_games // 2)
        return Wrong(_("{test} (only '{expected}' passes)").format(test=words,
                                                                   expected=expected))
    return decided


register(
    "02-better-evaluation", lambda: "accept H1",
    mistake=accepted_h0("material"),    # as the mobility evaluation's test does
    hint=(
        N_("what does greedy with material get wrong, move after move? Section 5 found it: which "
           "stones does the reply take back, and could a position show beforehand that they are "
           "in danger?"),
        N_("a stone can only be captured from an empty square next to it: a stone with no empty "
           "square around it is safe for now. Count, for each side, the stones that are not, and "
           "weigh that against material (material should still count most)."),
        N_("for example 3 * material - (exposed[player] - exposed[opponent]), where exposed[p] "
           "counts p's stones with an EMPTY square among their NEIGHBOURS[x, y] (loop over "
           "SQUARES and read state.grid[x][y]); then run the test cell again.")),
    compare=decided_against(MATERIAL_NAME))
