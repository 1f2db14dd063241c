"""Learn to play: the table and the fixed deal of each game's tutorial.

A tutorial is a 2-player game: the learner in seat 0, who starts, against the ``greedy``
bot, the weakest bot that plays sensibly (``random`` teaches nothing). Its first draws are
fixed (the engines' ``draw_order``, or ``deck_order`` for Aquarium Designer) so that the
rules come up early, where the browser's lessons (web/src/tutorial/) explain them: in
Aquaretto and Zooloretto the learner's first draw and the bot's complete a breeding pair,
and coins follow at once. The rest of the pile is shuffled from the game's secret seed as
usual.

The server refuses a draw order from a client, because the game's creator would then know
the pile (``catalog.check_options``); a tutorial's deal is the project's own and public
(this file), so it is given only here.
"""

from __future__ import annotations

from typing import Any

from zoogames.core.message import msg
from zoogames.server.catalog import game_or_422
from zoogames.server.errors import ApiError

BOT = "greedy"
"""The learner's opponent (a spec of ``catalog.BOTS``)."""

PLAYERS = 2
LEARNER = 0
"""The learner's seat, which starts."""

_AQUARETTO_REMOVED = ["penguin", "polar-bear", "crocodile"]
_ZOOLORETTO_REMOVED = ["panda", "leopard", "chimpanzee"]
_AQUARETTO_ORDER = ["dolphin/m", "dolphin/f", "coin", "coin", "dolphin", "hippo/fish"]
_ZOOLORETTO_ORDER = ["camel/m", "camel/f", "coin", "coin", "camel", "elephant"]

OPTIONS: dict[str, dict[str, Any]] = {
    "aquaretto": {
        "start_player": LEARNER,
        "removed": _AQUARETTO_REMOVED,
        "draw_order": _AQUARETTO_ORDER,
    },
    "zooloretto": {
        "start_player": LEARNER,
        "removed": _ZOOLORETTO_REMOVED,
        "draw_order": _ZOOLORETTO_ORDER,
    },
    "aquaretto-zooloretto": {
        "start_player": LEARNER,
        "removed": _AQUARETTO_REMOVED + _ZOOLORETTO_REMOVED,
        "draw_order": {
            # the combined game's coins are named after their pile
            "aquaretto": [w.replace("coin", "aquaretto-coin") for w in _AQUARETTO_ORDER],
            "zooloretto": [w.replace("coin", "zooloretto-coin") for w in _ZOOLORETTO_ORDER],
        },
    },
    # The first offer: cards of one colour with two animals each, which make a scoring
    # area with the learner's entrance card (1: an angelfish and a sea lion) at once.
    "aquarium-designer": {"start_player": LEARNER, "entrances": [1, 2], "deck_order": [3, 4, 20]},
}
"""Each catalog game's tutorial options, as ``Game.new_game`` takes them."""


def options(game_id: str) -> dict[str, Any]:
    """The new-game options of ``game_id``'s tutorial; 422 for an unknown game."""
    game = game_or_422(game_id)
    if game.id not in OPTIONS:
        raise ApiError(422, msg("error.no_tutorial", game=game.name))
    return dict(OPTIONS[game.id])
