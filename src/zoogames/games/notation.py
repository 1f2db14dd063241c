"""Numbers in action notation: ASCII digits only, and few of them.

``str.isdigit()`` and ``int()`` accept far more than a player types: ``"²"`` passes
``isdigit()`` and then makes ``int()`` raise ``ValueError``, ``"١"`` (an Arabic-Indic
one) reads as 1, ``"1_0"`` as 10, and a few thousand digits make ``int()`` refuse. The
parsers read every number through these two functions, so that any text is either a
number a game could mean or an :class:`~zoogames.core.errors.IllegalAction`.
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"[0-9]{1,4}")
_CELL = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")


def small_number(word: str) -> int | None:
    """The number ``word`` writes in 1 to 4 ASCII digits, else ``None``."""
    return int(word) if _NUMBER.fullmatch(word) else None


def small_pair(word: str) -> tuple[int, int] | None:
    """The pair ``x,y`` that ``word`` writes (ASCII digits, an optional minus), else ``None``."""
    m = _CELL.fullmatch(word)
    return (int(m.group(1)), int(m.group(2))) if m else None
