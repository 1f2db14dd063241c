"""zoogames: exact simulators, bots and a web app for Aquaretto, Zooloretto and more.

>>> import zoogames
>>> state = zoogames.games.get("aquaretto").new_game(players=3, seed=7)
>>> state.to_move in (0, 1, 2)
True
"""

from zoogames import games
from zoogames.core.errors import IllegalAction, InvalidOptions, InvalidRecord
from zoogames.core.record import replay

__all__ = ["IllegalAction", "InvalidOptions", "InvalidRecord", "games", "replay"]
__version__ = "0.2.0"
"""The package's version, the one place it is written (pyproject.toml reads it)."""
