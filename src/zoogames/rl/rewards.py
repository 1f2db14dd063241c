"""What a finished game is worth to each seat, the same in every adapter.

- ``"win"`` (the default): +1 for each winner after tie-breaks (several on a shared win),
  -1 for every other seat;
- ``"score"``: the seat's final points.

Rewards come only at the end of a game; every earlier step is worth 0.
"""

from __future__ import annotations

from zoogames.core.game import State

KINDS = ("win", "score")


def check(kind: str) -> str:
    """``kind`` if it is a reward kind, else ``ValueError``."""
    if kind not in KINDS:
        raise ValueError(f"reward must be one of {', '.join(KINDS)}, not {kind!r}")
    return kind


def final(state: State, kind: str) -> list[float]:
    """Each seat's reward for a finished game."""
    result = state.result()
    if kind == "score":
        return [float(x) for x in result.totals]
    return [1.0 if seat in result.winners else -1.0 for seat in range(state.players)]
