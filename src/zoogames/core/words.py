"""Plain English for move logs: the few grammar rules the games' descriptions share."""

from __future__ import annotations


def with_article(phrase: str) -> str:
    """``phrase`` after its indefinite article: 'a dolphin', 'an orca', 'an elephant'.

    By the first letter, which is right for every tile name in the games (none starts
    with a silent or a spoken-consonant vowel such as "hour" or "unicorn").
    """
    return ("an " if phrase[:1] in ("a", "e", "i", "o", "u") else "a ") + phrase
