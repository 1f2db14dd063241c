"""The table of "Aquaretto with Zooloretto" as text: both piles, the trucks, both zoos.

The water zoos are drawn as in Aquaretto, the zoos as in Zooloretto (see their
``render.py`` for the letters); coin tiles show as ``$$``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.core.message import N_, msg
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto.render import render_water_zoo, water_zoo_counts
from zoogames.games.truck_render import coins, render_trucks, round_words, seat_line
from zoogames.games.trucks import PILE_NAMES, TRUCK_NAMES
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.render import render_board
from zoogames.i18n import FALLBACK
from zoogames.i18n import render as say

if TYPE_CHECKING:
    from zoogames.games.aquaretto_zooloretto.state import AquarettoZoolorettoState


def short(tile: int) -> str:
    """Two characters for any tile of either game."""
    return zt.short(tile) if tile >= zt.FIRST else at.short(tile)


PILE_STATE_IDS = {
    "open": N_("board.pile_open"),
    "closing": N_("board.pile_closing"),
    "closed": N_("board.pile_closed"),
}
"""A pile's state (``PILE_STATES``) as a catalogue id."""


def render(state: AquarettoZoolorettoState, lang: str = FALLBACK) -> str:
    """The whole table as text, its words in ``lang``."""
    piles = []
    for p in range(len(state.piles)):
        v = state.pile_view(p)
        state_id = PILE_STATE_IDS[v["state"]]  # outside msg(): extraction reads its strings
        word = say(msg(state_id), lang)
        piles.append(f"{PILE_NAMES[p]} {v['pile']}+{v['reserve']} ({word})")
    status = msg(
        "board.combined_status", piles=", ".join(piles), bank=coins(state.bank), supply=state.supply
    )
    out = [f"{round_words(state, lang)}: {say(status, lang)}"]
    trucks = render_trucks(state, short, lang)
    games = [f"{TRUCK_NAMES[t]} {PILE_NAMES[p]}" for t, p in enumerate(state.truck_pile) if p >= 0]
    out.append(trucks + (f"  ({', '.join(games)})" if games else ""))
    if state.drawn >= 0:
        drawn = msg("board.drawn", tile=state.tile_name(state.drawn), short=short(state.drawn))
        out.append(say(drawn, lang))
    scores = state.scores()
    for seat, (z, b) in enumerate(zip(state.zoos, state.boards, strict=True)):
        out.append("")
        left = say(msg("board.zoo_boards_left", count=b.boards_left), lang)
        out.append(f"{seat_line(state, seat, scores, lang)}; {water_zoo_counts(z, lang)}; {left}")
        out.extend(render_water_zoo(z, lang))
        out.extend(render_board(b, lang))
    if state.unloading:
        out.append("")
        tiles = ", ".join(state.tile_name(x) for x in sorted(state.unloading))
        out.append(say(msg("board.to_place", tiles=tiles), lang))
    return "\n".join(out)
