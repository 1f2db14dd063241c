"""The table of "Aquaretto with Zooloretto" as text: both piles, the trucks, both zoos.

The water zoos are drawn as in Aquaretto, the zoos as in Zooloretto (see their
``render.py`` for the letters); coin tiles show as ``$$``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto.render import render_water_zoo, water_zoo_counts
from zoogames.games.truck_render import render_trucks, seat_line
from zoogames.games.trucks import PILE_NAMES, TRUCK_NAMES
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.render import render_board

if TYPE_CHECKING:
    from zoogames.games.aquaretto_zooloretto.state import AquarettoZoolorettoState


def short(tile: int) -> str:
    """Two characters for any tile of either game."""
    return zt.short(tile) if tile >= zt.FIRST else at.short(tile)


def render(state: AquarettoZoolorettoState) -> str:
    """The whole table as text."""
    piles = []
    for p in range(len(state.piles)):
        v = state.pile_view(p)
        piles.append(f"{PILE_NAMES[p]} {v['pile']}+{v['reserve']} ({v['state']})")
    out = [
        f"Round {state.round}{' (last round)' if state.final_round else ''}:"
        f" piles {', '.join(piles)}; bank {state.bank} coins, {state.supply} coworkers"
    ]
    trucks = render_trucks(state, short)
    games = [f"{TRUCK_NAMES[t]} {PILE_NAMES[p]}" for t, p in enumerate(state.truck_pile) if p >= 0]
    out.append(trucks + (f"  ({', '.join(games)})" if games else ""))
    if state.drawn >= 0:
        out.append(f"Drawn: {state.tile_name(state.drawn)} ({short(state.drawn)})")
    scores = state.scores()
    for seat, (z, b) in enumerate(zip(state.zoos, state.boards, strict=True)):
        out.append("")
        out.append(
            f"{seat_line(state, seat, scores)}; {water_zoo_counts(z)};"
            f" zoo expansion boards face down: {b.boards_left}"
        )
        out.extend(render_water_zoo(z))
        out.extend(render_board(b))
    if state.unloading:
        out.append("")
        out.append("To place: " + ", ".join(state.tile_name(x) for x in sorted(state.unloading)))
    return "\n".join(out)
