"""What every game shares: the protocol, errors, records and seeded randomness."""

from zoogames.core.errors import IllegalAction, InvalidOptions, InvalidRecord, ZoogamesError
from zoogames.core.game import JSON, Action, Game, Result, Score, State
from zoogames.core.rng import Rng

__all__ = [
    "JSON",
    "Action",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "InvalidRecord",
    "Result",
    "Rng",
    "Score",
    "State",
    "ZoogamesError",
]
