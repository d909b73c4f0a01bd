"""course_lib.lessons.stored_sprt_estimate: the Elo after the stored SPRTs of notebooks 05 and 06,
as notebook 07 teaches it."""

import pytest

from course_lib.errors import CourseError
from course_lib.lessons import stored_measurement, stored_sprt_estimate


def test_a_test_stopped_at_h1_gives_a_median_unbiased_figure_below_the_naive_one():
    run = stored_measurement("time_vs_depth")["match"]
    estimate = stored_sprt_estimate(run, 0, 50)
    assert run["decision"] == "accept H1"
    assert estimate.elo < estimate.naive_elo
    assert abs(estimate.naive_elo - run["elo"]) < 0.5       # the stored naive figure, again
    assert "biased" in str(estimate) and "logistic Elo" in str(estimate)


def test_a_test_stopped_at_h0_gives_a_median_unbiased_figure_above_the_naive_one():
    fine = stored_measurement("mcts_c_fine")
    run = next(r for r in fine["gauntlet"] if r["decision"] == "accept H0")
    estimate = stored_sprt_estimate(run, 0, 50)
    assert estimate.naive_elo < estimate.elo < 0


def test_a_record_without_pair_counts_is_refused():
    with pytest.raises(CourseError, match="pentanomial"):
        stored_sprt_estimate({"elo": 3}, 0, 50)
