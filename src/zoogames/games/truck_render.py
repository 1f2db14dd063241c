"""Text pieces every truck game's table shares: the trucks and the start of a seat's line.

Each game's ``render`` module draws its own boards and tiles and takes these from here.
Every word is a catalogue message (``board.*``) in the language ``lang`` (``docs/i18n.md``);
tiles and places stay in notation.
"""

from __future__ import annotations

from collections.abc import Callable

from zoogames.core.game import Score
from zoogames.core.message import Message, msg
from zoogames.games.trucks import TRUCK_NAMES, TRUCK_SIZE, TruckState
from zoogames.i18n import FALLBACK
from zoogames.i18n import render as say


def coins(count: int) -> Message:
    """``count`` coins, as a message with its plural forms."""
    return msg("board.coins", count=count)


def round_words(state: TruckState, lang: str) -> str:
    """'Round 3' or 'Round 9 (last round)'."""
    if state.final_round:
        return say(msg("board.last_round", round=state.round), lang)
    return say(msg("board.round", round=state.round), lang)


def render_truck(
    tiles: list[int],
    capacity: int,
    taker: int,
    short: Callable[[int], str],
    lang: str = FALLBACK,
) -> str:
    """A truck as ``[Dm P~ --]``: face-up tiles, free spaces ``--``, blocked ``##``.

    ``short`` writes a tile in two characters (each game has its own letters).
    """
    cells = [short(x) for x in tiles]
    cells += ["--"] * (capacity - len(tiles))
    cells += ["##"] * (TRUCK_SIZE - capacity)
    taken = " " + say(msg("board.taken", seat=taker), lang) if taker >= 0 else ""
    return "[" + " ".join(cells) + "]" + taken


def render_trucks(state: TruckState, short: Callable[[int], str], lang: str = FALLBACK) -> str:
    """The trucks in one line (``short`` writes a tile in two characters)."""
    return (
        say(msg("board.trucks"), lang)
        + " "
        + "  ".join(
            f"{TRUCK_NAMES[i]} "
            + render_truck(tiles, state.capacity[i], state.taker[i], short, lang)
            for i, tiles in enumerate(state.trucks)
        )
    )


def seat_line(state: TruckState, seat: int, scores: list[Score], lang: str = FALLBACK) -> str:
    """``→ Seat 0: 3 coins, 12 points, took truck A``: an arrow marks the seat to move.

    Each game goes on with its own counts after a semicolon.
    """
    mark = "→ " if seat == state.to_move else "  "
    took = state.took[seat]
    truck = ", " + say(msg("board.took", truck=TRUCK_NAMES[took]), lang) if took >= 0 else ""
    line = msg(
        "board.seat",
        seat=seat,
        coins=coins(state.coins[seat]),
        points=msg("score.points", count=scores[seat].total),
    )
    return mark + say(line, lang) + truck
