"""Plain English for move logs: the few grammar rules the games' descriptions share."""

from __future__ import annotations

from collections.abc import Sequence


def with_article(phrase: str) -> str:
    """``phrase`` after its indefinite article: 'a dolphin', 'an orca', 'an elephant'.

    By the first letter, which is right for every tile name in the games (none starts
    with a silent or a spoken-consonant vowel such as "hour" or "unicorn").
    """
    return ("an " if phrase[:1] in ("a", "e", "i", "o", "u") else "a ") + phrase


def seat_words(seat: int, names: Sequence[str] | None) -> str:
    """Another seat as a move log names it: ``names[seat]`` if given, else 'seat N'.

    The web server passes placeholders (``{2}``) that each client fills in with the seat's
    current name; the terminal game passes nothing and numbers seats as it labels them.
    """
    return names[seat] if names is not None else f"seat {seat}"
