"""Aquaretto as text: water zoos, depots, trucks, money and coworkers.

Each space shows its tile as two characters: a species letter (D dolphin, O orca,
L sea lion, H hippo, T turtle, P penguin, B polar bear, C crocodile) and a mark
(m male, f female, ~ fish, ! bolt, y offspring). ``..`` is an empty space and ``@@`` a
trainer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.truck_render import render_trucks, seat_line
from zoogames.games.trucks import RESERVE

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


def water_zoo_counts(z: WaterZoo) -> str:
    """A water zoo's coworkers, expansion boards left and species, in one line's words."""
    return (
        f"cashiers {z.cashiers}/2, keepers {z.keepers}/2, manager {z.manager}/1,"
        f" trainers {z.trainers.bit_count()}; expansions left: {z.small_left} small,"
        f" {z.large_left} large; species {z.nspecies}/{z.allowance}"
    )


def render_water_zoo(z: WaterZoo) -> list[str]:
    """A water zoo's grid and its depot, bottom to top."""
    depot = " ".join(t.short(x) for x in z.depot) or "empty"
    return [*render_zoo(z), f"    depot (bottom → top): {depot}"]


def render(state: AquarettoState) -> str:
    """The whole table as text."""
    out = []
    reserve = min(RESERVE, len(state.pile))
    out.append(
        f"Round {state.round}{' (last round)' if state.final_round else ''}:"
        f" pile {len(state.pile) - reserve}, reserve {reserve}, bank {state.bank} coins,"
        f" {state.supply} coworkers in supply"
    )
    out.append(render_trucks(state, t.short))
    if state.drawn >= 0:
        out.append(f"Drawn: {t.name(state.drawn)} ({t.short(state.drawn)})")
    scores = state.scores()
    for seat, z in enumerate(state.zoos):
        out.append("")
        out.append(f"{seat_line(state, seat, scores)}; {water_zoo_counts(z)}")
        out.extend(render_water_zoo(z))
    if state.unloading:
        out.append("")
        out.append("To place: " + ", ".join(t.name(x) for x in sorted(state.unloading)))
    return "\n".join(out)
