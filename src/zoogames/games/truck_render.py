"""Text pieces every truck game's table shares: the trucks and the start of a seat's line.

Each game's ``render`` module draws its own boards and tiles and takes these from here.
"""

from __future__ import annotations

from collections.abc import Callable

from zoogames.core.game import Score
from zoogames.games.trucks import TRUCK_NAMES, TRUCK_SIZE, TruckState


def render_truck(tiles: list[int], capacity: int, taker: int, short: Callable[[int], str]) -> str:
    """A truck as ``[Dm P~ --]``: face-up tiles, free spaces ``--``, blocked ``##``.

    ``short`` writes a tile in two characters (each game has its own letters).
    """
    cells = [short(x) for x in tiles]
    cells += ["--"] * (capacity - len(tiles))
    cells += ["##"] * (TRUCK_SIZE - capacity)
    taken = f" taken by seat {taker}" if taker >= 0 else ""
    return "[" + " ".join(cells) + "]" + taken


def render_trucks(state: TruckState, short: Callable[[int], str]) -> str:
    """The trucks in one line (``short`` writes a tile in two characters)."""
    return "Trucks: " + "  ".join(
        f"{TRUCK_NAMES[i]} " + render_truck(tiles, state.capacity[i], state.taker[i], short)
        for i, tiles in enumerate(state.trucks)
    )


def seat_line(state: TruckState, seat: int, scores: list[Score]) -> str:
    """``→ Seat 0: 3 coins, 12 points, took truck A``: an arrow marks the seat to move.

    Each game goes on with its own counts after a semicolon.
    """
    mark = "→ " if seat == state.to_move else "  "
    took = state.took[seat]
    truck = f", took truck {TRUCK_NAMES[took]}" if took >= 0 else ""
    return f"{mark}Seat {seat}: {state.coins[seat]} coins, {scores[seat].total} points{truck}"
