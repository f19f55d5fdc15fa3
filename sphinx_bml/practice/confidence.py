"""How sure a figure is: the mean IMPs a board, and a 95% interval for it from the boards' own spread.

The boards of a study are dealt independently, so the mean of their IMPs is
close to normally distributed once there are enough of them, whatever the
shape of one board's IMPs. The interval is the mean plus or minus Student's
t quantile (n - 1 degrees of freedom) times the standard error, the usual
interval for a mean whose spread is measured from the same boards; for many
boards it is the normal one (1.96 standard errors). IMPs are heavy-tailed:
most boards are worth 0 to 2 IMPs and a missed slam 11 to 13, so an interval
resting on fewer than :data:`ROUGH` boards that swing (whose IMPs are not 0)
is *rough*: a few boards more could move it a lot. One board, or boards all
alike, give no interval.

A :class:`Spread` keeps integers only (how many boards, the sum of their
IMPs, the sum of their squares, how many are not 0): spreads added up in any
order, or over several files of a study split over processes or machines,
are exactly those of one run over all the boards, and so are the figures made
from them. Pure Python: the t quantile is computed here (:func:`t_quantile`),
without scipy.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

#: how sure the interval is
CONFIDENCE = 0.95
#: below this many boards that swing, the interval is rough
ROUGH = 30

_TINY = 1e-300
_EPSILON = 1e-15


def _continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    result = d
    for m in range(1, 100_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            result *= c * d
        if abs(c * d - 1.0) < _EPSILON:
            break
    return result


def incomplete_beta(a: float, b: float, x: float, rest: float | None = None) -> float:
    """The regularized incomplete beta function I_x(a, b), for ``0 <= x <= 1``; ``rest`` is
    ``1 - x`` when the caller knows it more precisely than the subtraction would give it."""
    y = 1.0 - x if rest is None else rest
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(y))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _continued_fraction(a, b, x) / a
    return 1.0 - front * _continued_fraction(b, a, y) / b


def t_tail(t: float, freedom: float) -> float:
    """The probability that Student's t with ``freedom`` degrees of freedom exceeds ``t`` (``t >= 0``)."""
    square = t * t
    return 0.5 * incomplete_beta(freedom / 2.0, 0.5, freedom / (freedom + square), square / (freedom + square))


@lru_cache(maxsize=256)
def t_quantile(probability: float, freedom: float) -> float:
    """The ``probability`` quantile of Student's t with ``freedom`` degrees of freedom: 12.706 for
    0.975 and 1, 2.042 for 0.975 and 30, 1.960 (the normal one) for a great many."""
    if not 0.0 < probability < 1.0 or freedom <= 0:
        raise ValueError(f"no t quantile for probability {probability} and {freedom} degrees of freedom")
    if probability < 0.5:
        return -t_quantile(1.0 - probability, freedom)
    if probability == 0.5:
        return 0.0
    tail = 1.0 - probability
    low, high = 0.0, max(1.0, NormalDist().inv_cdf(probability))
    while t_tail(high, freedom) > tail:
        low, high = high, high * 2.0
    while high - low > 1e-13 * high:  # bisection: the tail falls as t grows
        middle = (low + high) / 2.0
        if t_tail(middle, freedom) > tail:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def whole(value: object) -> int | None:
    """``value`` when it is a whole number as JSON writes one (not ``true``), else ``None``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class Interval:
    """A 95% interval for the mean IMPs a board; ``rough`` when few boards swing."""

    low: float
    high: float
    rough: bool

    @property
    def within_noise(self) -> bool:
        """Whether 0 is in the interval: the figure could be nothing but the luck of the deal."""
        return self.low <= 0.0 <= self.high

    def __str__(self) -> str:
        return f"{self.low:+.2f} to {self.high:+.2f}"


@dataclass
class Spread:
    """The IMPs of a set of boards, added up: how many boards, the IMPs, the sum of their squares,
    how many boards swing (IMPs not 0). Integers only: exact, and the same in whatever order
    boards or spreads are added."""

    boards: int = 0
    total: int = 0
    squares: int = 0
    swings: int = 0

    @classmethod
    def of(cls, imps: Iterable[int]) -> Spread:
        """The spread of the IMPs of some boards."""
        spread = cls()
        for value in imps:
            spread.add(value)
        return spread

    def add(self, imps: int) -> None:
        """Count one board's IMPs."""
        self.boards += 1
        self.total += imps
        self.squares += imps * imps
        self.swings += imps != 0

    def __add__(self, other: Spread) -> Spread:
        return Spread(
            self.boards + other.boards,
            self.total + other.total,
            self.squares + other.squares,
            self.swings + other.swings,
        )

    @property
    def mean(self) -> float:
        """The mean IMPs a board (0 for no board)."""
        return self.total / self.boards if self.boards else 0.0

    @property
    def variance(self) -> float | None:
        """The boards' sample variance (n - 1 in the denominator), made from integers and divided
        once; ``None`` for fewer than two boards."""
        if self.boards < 2:
            return None
        return (self.boards * self.squares - self.total * self.total) / (self.boards * (self.boards - 1))

    @property
    def deviation(self) -> float | None:
        """The boards' sample standard deviation; ``None`` for fewer than two boards."""
        variance = self.variance
        return None if variance is None else math.sqrt(variance)

    @property
    def standard_error(self) -> float | None:
        """How far the mean may be from the truth, one standard deviation of it."""
        deviation = self.deviation
        return None if deviation is None else deviation / math.sqrt(self.boards)

    @property
    def alike(self) -> bool:
        """Whether the boards are all worth the same (no spread to measure an interval from)."""
        return self.boards >= 2 and self.boards * self.squares == self.total * self.total

    def interval(self) -> Interval | None:
        """The 95% interval for the mean IMPs a board; ``None`` for one board or boards all alike."""
        error = self.standard_error
        if error is None or self.alike:
            return None
        half = t_quantile(1.0 - (1.0 - CONFIDENCE) / 2.0, self.boards - 1) * error
        return Interval(self.mean - half, self.mean + half, self.swings < ROUGH)

    def to_json(self) -> dict[str, object]:
        """The counts, and the figures made from them, for ``--json``."""
        interval = self.interval()
        return {
            "boards": self.boards,
            "total": self.total,
            "squares": self.squares,
            "swings": self.swings,
            "mean": self.mean,
            "deviation": self.deviation,
            "standard_error": self.standard_error,
            "interval": None if interval is None else [interval.low, interval.high],
            "rough": None if interval is None else interval.rough,
        }

    @classmethod
    def from_json(cls, data: object) -> Spread:
        """A spread as :meth:`to_json` wrote it (its counts; the figures are made again);
        :class:`ValueError` when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("not a set of figures")
        counts = [whole(data.get(name)) for name in ("boards", "total", "squares", "swings")]
        if None in counts:
            raise ValueError("its boards, total, squares and swings are not whole numbers")
        spread = cls(*(count or 0 for count in counts))
        if (
            spread.boards < 0
            or not 0 <= spread.swings <= spread.boards
            or spread.boards * spread.squares < spread.total * spread.total
            or (spread.boards == 0 and (spread.total or spread.squares))
        ):
            raise ValueError("its boards, total, squares and swings do not go together")
        return spread
