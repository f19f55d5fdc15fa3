"""Practising a system: robot bidding on random deals, and how well the system covers them.

Pure Python apart from :mod:`.dealing`, which deals and solves double dummy
with endplay (``pip install 'sphinx-bml[practice]'``), imported only when
called. No Sphinx, no docutils.
"""

from .boards import Board
from .coverage import Coverage, check
from .dealing import NEEDS_ENDPLAY, PracticeUnavailable
from .robot import Auction, Choice, Robot
from .source import load_system

__all__ = [
    "NEEDS_ENDPLAY",
    "Auction",
    "Board",
    "Choice",
    "Coverage",
    "PracticeUnavailable",
    "Robot",
    "check",
    "load_system",
]
