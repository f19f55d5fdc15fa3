"""The BML language engine: pure Python, no Sphinx or docutils.

Reading (:mod:`.reader`), parsing into the model (:mod:`.parser`,
:mod:`.bidtable`, :mod:`.model`), bid arithmetic (:mod:`.calls`), inline
markup (:mod:`.inline`) and expansion into the concrete system
(:mod:`.expansion`, :mod:`.system`).
"""

from .calls import Call, Sequence, Strain
from .errors import BMLError, Location, Problems
from .expansion import expand
from .model import BidNode, BidTable, Deal, Description, Document, Metadata, Seat, Vulnerability
from .parser import Parser, parse_file, parse_text
from .reader import Reader
from .system import Meaning, System

__all__ = [
    "BMLError",
    "BidNode",
    "BidTable",
    "Call",
    "Deal",
    "Description",
    "Document",
    "Location",
    "Meaning",
    "Metadata",
    "Parser",
    "Problems",
    "Reader",
    "Seat",
    "Sequence",
    "Strain",
    "System",
    "Vulnerability",
    "expand",
    "parse_file",
    "parse_text",
]
