"""How sure a figure is: Student's t quantiles against known values, the spread of a set of boards,
its 95% interval, and spreads added up exactly in any order."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from sphinx_bml.practice.confidence import ROUGH, Interval, Spread, incomplete_beta, t_quantile, t_tail

#: t quantiles for 0.975 (the 95% two-sided interval), 1 to 30 degrees of freedom, to ten
#: decimals: the values printed in statistical tables (12.706, 4.303, ... 2.042), as scipy's
#: ``scipy.stats.t.ppf(0.975, df)`` gives them
T_975 = (
    12.7062047362, 4.3026527297, 3.1824463053, 2.7764451052, 2.5705818356,
    2.4469118511, 2.3646242516, 2.3060041352, 2.2621571628, 2.2281388520,
    2.2009851601, 2.1788128297, 2.1603686565, 2.1447866879, 2.1314495456,
    2.1199052992, 2.1098155778, 2.1009220402, 2.0930240544, 2.0859634473,
    2.0796138447, 2.0738730679, 2.0686576104, 2.0638985616, 2.0595385528,
    2.0555294386, 2.0518305165, 2.0484071418, 2.0452296421, 2.0422724563,
)  # fmt: skip
#: more degrees of freedom, as the same tables give them
T_975_LARGE = {40: 2.0210753903, 60: 2.0002978220, 120: 1.9799304051, 1000: 1.9623390808, 10**6: 1.9599663568}
PROBABILITIES = (0.5005, 0.55, 0.6, 0.75, 0.9, 0.95, 0.975, 0.99, 0.995, 0.9995)


@pytest.mark.parametrize("freedom", range(1, 31))
def test_t_quantiles_for_1_to_30_degrees_of_freedom(freedom: int) -> None:
    assert t_quantile(0.975, freedom) == pytest.approx(T_975[freedom - 1], rel=1e-9)


@pytest.mark.parametrize(("freedom", "expected"), sorted(T_975_LARGE.items()))
def test_t_quantiles_for_many_degrees_of_freedom(freedom: int, expected: float) -> None:
    assert t_quantile(0.975, freedom) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("probability", PROBABILITIES)
def test_t_quantiles_where_they_have_a_closed_form(probability: float) -> None:
    """One degree of freedom is the Cauchy distribution; two and four have closed forms too."""
    p = probability
    assert t_quantile(p, 1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-9)
    assert t_quantile(p, 2) == pytest.approx((2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel=1e-9)
    alpha = 4 * p * (1 - p)
    q = math.cos(math.acos(math.sqrt(alpha)) / 3) / math.sqrt(alpha)
    assert t_quantile(p, 4) == pytest.approx(2 * math.sqrt(q - 1), rel=1e-9)


def test_with_a_great_many_boards_the_t_quantile_is_the_normal_one() -> None:
    normal = statistics.NormalDist().inv_cdf(0.975)
    assert t_quantile(0.975, 10**8) == pytest.approx(normal, rel=1e-7)
    quantiles = [t_quantile(0.975, freedom) for freedom in (1, 2, 5, 30, 100, 10**4, 10**7)]
    assert quantiles == sorted(quantiles, reverse=True) and quantiles[-1] > normal


def test_the_t_quantile_is_symmetric_and_inverts_the_tail() -> None:
    assert t_quantile(0.5, 7) == 0.0
    for freedom in (1, 3, 29, 500):
        for probability in PROBABILITIES:
            t = t_quantile(probability, freedom)
            assert t_quantile(1 - probability, freedom) == -t
            assert t_tail(t, freedom) == pytest.approx(1 - probability, rel=1e-9)
    for probability, freedom in ((0.0, 3), (1.0, 3), (0.9, 0), (-0.1, 2)):
        with pytest.raises(ValueError, match="no t quantile"):
            t_quantile(probability, freedom)


def test_the_incomplete_beta_function_where_it_has_a_closed_form() -> None:
    for x in (0.0, 0.01, 0.3, 0.5, 0.77, 0.999, 1.0):
        assert incomplete_beta(1, 1, x) == pytest.approx(x, abs=1e-14)
        assert incomplete_beta(3.5, 1, x) == pytest.approx(x**3.5, abs=1e-13)
        assert incomplete_beta(1, 2.5, x) == pytest.approx(1 - (1 - x) ** 2.5, abs=1e-13)
    for a in (0.5, 2, 40, 5000):
        assert incomplete_beta(a, a, 0.5) == pytest.approx(0.5, abs=1e-10)


def test_the_spread_of_a_set_of_boards() -> None:
    imps = [2, 4, 4, 4, 5, 5, 7, 9]
    spread = Spread.of(imps)
    assert (spread.boards, spread.total, spread.squares, spread.swings) == (8, 40, 232, 8)
    assert spread.mean == 5.0
    assert spread.variance == pytest.approx(32 / 7)
    assert spread.deviation == pytest.approx(statistics.stdev(imps))
    assert spread.standard_error == pytest.approx(statistics.stdev(imps) / math.sqrt(8))
    interval = spread.interval()
    assert interval is not None
    half = 2.3646242516 * statistics.stdev(imps) / math.sqrt(8)  # t for 7 degrees of freedom
    assert (interval.low, interval.high) == (pytest.approx(5 - half), pytest.approx(5 + half))
    assert interval.rough and not interval.within_noise


def test_the_spread_agrees_with_the_statistics_module_on_random_imps() -> None:
    randomness = random.Random(32)
    imps = [randomness.choice((-13, -6, -1, 0, 0, 0, 1, 2, 5, 10, 12)) for _ in range(5000)]
    spread = Spread.of(imps)
    assert spread.mean == pytest.approx(statistics.fmean(imps), rel=1e-12)
    assert spread.deviation == pytest.approx(statistics.stdev(imps), rel=1e-12)
    assert spread.swings == sum(1 for value in imps if value) >= ROUGH
    interval = spread.interval()
    assert interval is not None and not interval.rough
    normal = statistics.NormalDist(spread.mean, statistics.stdev(imps) / math.sqrt(len(imps)))
    assert interval.low == pytest.approx(normal.inv_cdf(0.025), rel=1e-3)  # many boards: nearly normal
    assert interval.high == pytest.approx(normal.inv_cdf(0.975), rel=1e-3)


def test_spreads_added_in_any_order_are_exactly_one_spread_over_all_the_boards() -> None:
    randomness = random.Random(7)
    imps = [randomness.randint(-17, 17) for _ in range(997)]
    whole = Spread.of(imps)
    parts = [Spread.of(imps[:100]), Spread.of(imps[100:450]), Spread.of(imps[450:])]
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        added = sum((parts[index] for index in order), Spread())
        assert added == whole
        assert added.to_json() == whole.to_json()  # the figures too, to the last bit
    shuffled = list(imps)
    randomness.shuffle(shuffled)
    assert Spread.of(shuffled).to_json() == whole.to_json()


def test_one_board_or_boards_all_alike_give_no_interval() -> None:
    assert Spread().interval() is None and Spread().mean == 0.0 and Spread().deviation is None
    one = Spread.of([5])
    assert one.interval() is None and one.deviation is None and one.mean == 5.0
    alike = Spread.of([0] * 40)
    assert alike.alike and alike.interval() is None and alike.deviation == 0.0 and alike.swings == 0
    assert Spread.of([-3, -3, -3]).interval() is None
    assert Spread.of([0, 1]).interval() is not None


def test_within_noise_is_an_interval_that_holds_zero() -> None:
    assert Interval(-0.1, 0.9, rough=False).within_noise
    assert Interval(0.0, 0.9, rough=False).within_noise
    assert not Interval(0.1, 0.9, rough=False).within_noise
    assert not Interval(-2.0, -0.01, rough=False).within_noise
    assert str(Interval(-0.1, 0.94, rough=False)) == "-0.10 to +0.94"


def test_the_interval_is_rough_below_30_boards_that_swing() -> None:
    few = Spread.of([0] * 1000 + [3, -1] * 14)  # 28 boards swing
    interval = few.interval()
    assert interval is not None and interval.rough
    enough = Spread.of([0] * 1000 + [3, -1] * 15)
    assert (interval := enough.interval()) is not None and not interval.rough


def test_a_spread_read_back_from_json() -> None:
    spread = Spread.of([1, -2, 0, 13])
    assert Spread.from_json(spread.to_json()) == spread
    assert spread.to_json() == {
        "boards": 4, "total": 12, "squares": 174, "swings": 3, "mean": 3.0,
        "deviation": spread.deviation, "standard_error": spread.standard_error,
        "interval": [spread.interval().low, spread.interval().high],  # type: ignore[union-attr]
        "rough": True,
    }  # fmt: skip


@pytest.mark.parametrize(
    "written",
    [
        [],
        {"boards": 2, "total": 1, "squares": 1},
        {"boards": 2, "total": 1, "squares": 1, "swings": True},
        {"boards": 2.0, "total": 1, "squares": 1, "swings": 1},
        {"boards": 2, "total": "1", "squares": 1, "swings": 1},
        {"boards": -1, "total": 0, "squares": 0, "swings": 0},
        {"boards": 2, "total": 1, "squares": 1, "swings": 3},
        {"boards": 2, "total": 10, "squares": 1, "swings": 1},  # squares too small for the total
        {"boards": 0, "total": 1, "squares": 1, "swings": 0},
    ],
)
def test_figures_that_are_not_a_spread_are_refused(written: object) -> None:
    with pytest.raises(ValueError, match=r"not a set of figures|whole numbers|do not go together"):
        Spread.from_json(written)
