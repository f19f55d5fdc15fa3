"""The one-character encodings of BSS records (seat and vulnerability)."""

from __future__ import annotations

from ..language.model import Seat, Vulnerability

SEAT_DIGITS: dict[Seat, str] = {
    Seat.ANY: "0",
    Seat.FIRST: "1",
    Seat.SECOND: "2",
    Seat.THIRD: "3",
    Seat.FOURTH: "4",
    Seat.FIRST_OR_SECOND: "5",
    Seat.THIRD_OR_FOURTH: "6",
}
SEATS_BY_DIGIT = {digit: seat for seat, digit in SEAT_DIGITS.items()}

VULNERABILITY_DIGITS: dict[Vulnerability, str] = {
    Vulnerability.parse(code): digit
    for code, digit in (
        ("00", "0"),
        ("NN", "1"),
        ("YN", "2"),
        ("NY", "3"),
        ("YY", "4"),
        ("N0", "5"),
        ("Y0", "6"),
        ("0N", "7"),
        ("0Y", "8"),
    )
}
VULNERABILITIES_BY_DIGIT = {digit: vul for vul, digit in VULNERABILITY_DIGITS.items()}
