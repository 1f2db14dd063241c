"""zoogames: exact simulators, bots and a web app for Aquaretto, Zooloretto and more.

>>> import zoogames
>>> state = zoogames.games.get("aquaretto").new_game(players=3, seed=7)
>>> state.to_move in (0, 1, 2)
True
"""

from zoogames import _engine

_engine.choose()  # compiled engine or plain Python: decided before any engine import

from zoogames import games  # noqa: E402
from zoogames.core.errors import IllegalAction, InvalidOptions, InvalidRecord  # noqa: E402
from zoogames.core.record import replay  # noqa: E402


def compiled() -> bool:
    """True if the rules and bots run compiled (mypyc), False if as plain Python.

    ``ZOOGAMES_PURE=1`` forces plain Python; see ``zoogames._engine`` for the rule.
    """
    return _engine.compiled()


__all__ = ["IllegalAction", "InvalidOptions", "InvalidRecord", "compiled", "games", "replay"]
__version__ = "0.2.0"
"""The package's version, the one place it is written (pyproject.toml reads it)."""
