"""Aquaretto as text: water zoos, depots, trucks, money and coworkers.

Each space shows its tile as two characters: a species letter (D dolphin, O orca,
L sea lion, H hippo, T turtle, P penguin, B polar bear, C crocodile) and a mark
(m male, f female, ~ fish, ! bolt, y offspring). ``..`` is an empty space and ``@@`` a
trainer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.core.message import msg
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.truck_render import coins, render_trucks, round_words, seat_line
from zoogames.games.trucks import RESERVE
from zoogames.i18n import FALLBACK
from zoogames.i18n import render as say

if TYPE_CHECKING:
    from zoogames.games.aquaretto.state import AquarettoState
    from zoogames.games.aquaretto.zoo import WaterZoo

LEGEND = (
    "D dolphin  O orca  L sea lion  H hippo  T turtle  P penguin  B polar bear  C crocodile;"
    " m/f fertile, ~ fish, ! bolt, y offspring; .. empty, @@ trainer"
)


def render_zoo(z: WaterZoo) -> list[str]:
    """The grid of one water zoo, with x across the top and y down the side."""
    pts = g.cells_of(z.spaces)
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lines = ["    " + "".join(f"{x:>3}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            c = g.cell(x, y)
            b = 1 << c
            if not z.spaces & b:
                row.append("   ")
            elif z.trainers & b:
                row.append(" @@")
            elif z.animals & b:
                row.append(" " + t.short(z.tile_at(c) or 0))
            else:
                row.append(" ..")
        lines.append(f"{y:>4}" + "".join(row))
    return lines


def water_zoo_counts(z: WaterZoo, lang: str = FALLBACK) -> str:
    """A water zoo's coworkers, expansion boards left and species, in one line's words."""
    counts = msg(
        "board.water_counts",
        cashiers=z.cashiers,
        keepers=z.keepers,
        manager=z.manager,
        trainers=z.trainers.bit_count(),
        small=z.small_left,
        large=z.large_left,
        species=z.nspecies,
        allowance=z.allowance,
    )
    return say(counts, lang)


def render_water_zoo(z: WaterZoo, lang: str = FALLBACK) -> list[str]:
    """A water zoo's grid and its depot, bottom to top."""
    depot = " ".join(t.short(x) for x in z.depot) or say(msg("board.empty"), lang)
    return [*render_zoo(z), "    " + say(msg("board.depot", tiles=depot), lang)]


def render(state: AquarettoState, lang: str = FALLBACK) -> str:
    """The whole table as text, its words in ``lang``."""
    out = []
    reserve = min(RESERVE, len(state.pile))
    status = msg(
        "board.aquaretto_status",
        pile=len(state.pile) - reserve,
        reserve=reserve,
        bank=coins(state.bank),
        supply=state.supply,
    )
    out.append(f"{round_words(state, lang)}: {say(status, lang)}")
    out.append(render_trucks(state, t.short, lang))
    if state.drawn >= 0:
        drawn = msg("board.drawn", tile=t.name(state.drawn), short=t.short(state.drawn))
        out.append(say(drawn, lang))
    scores = state.scores()
    for seat, z in enumerate(state.zoos):
        out.append("")
        out.append(f"{seat_line(state, seat, scores, lang)}; {water_zoo_counts(z, lang)}")
        out.extend(render_water_zoo(z, lang))
    if state.unloading:
        out.append("")
        tiles = ", ".join(t.name(x) for x in sorted(state.unloading))
        out.append(say(msg("board.to_place", tiles=tiles), lang))
    return "\n".join(out)
