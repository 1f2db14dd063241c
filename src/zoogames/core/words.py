"""Plain English: the indefinite article rule (``zooloretto.zoo.a_species``).

The move log is rendered from the catalogues (``zoogames.i18n``), which spell out each
article.
"""

from __future__ import annotations


def with_article(phrase: str) -> str:
    """``phrase`` after its indefinite article: 'a dolphin', 'an orca', 'an elephant'.

    By the first letter, which is right for every tile name in the games (none starts
    with a silent or a spoken-consonant vowel such as "hour" or "unicorn").
    """
    return ("an " if phrase[:1] in ("a", "e", "i", "o", "u") else "a ") + phrase
