"""Zooloretto as text: zoos, barns, trucks and money.

An enclosure shows its tiles as two characters: a species letter (C camel, E elephant,
F flamingo, K kangaroo, L leopard, H chimpanzee, P panda, Z zebra) and a mark (m/f
fertile, M/F fertile that has bred, y offspring); ``..`` is an empty space. Stalls are
Ki (kiosk), Ba (barrow), Sn (snacks), Po (popcorn); ``$$`` a coin tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.games.truck_render import render_trucks, seat_line
from zoogames.games.trucks import RESERVE
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.zoo import ENCLOSURES, STALL_SPACES, ZooBoard

if TYPE_CHECKING:
    from zoogames.games.zooloretto.state import ZoolorettoState

LEGEND = (
    "C camel  E elephant  F flamingo  K kangaroo  L leopard  H chimpanzee  P panda  Z zebra;"
    " m/f fertile, M/F has bred, y offspring; stalls Ki Ba Sn Po; .. empty"
)


def render_board(b: ZooBoard) -> list[str]:
    """One zoo: an enclosure per line with its stall spaces, then the barn."""
    lines = []
    for e, pen in enumerate(b.pens):
        spec = ENCLOSURES[e]
        if e >= b.built:
            lines.append(f"    {spec.name}  (expansion board, face down)")
            continue
        cells = [zt.short(x) for x in pen] + [".."] * (spec.size - len(pen))
        stalls = " ".join(
            f"{STALL_SPACES[i]} {zt.short(b.stalls[i]) if b.stalls[i] >= 0 else '--'}"
            for i in spec.spaces
        )
        lines.append(
            f"    {spec.name}  {' '.join(cells):<18} {stalls:<15}"
            f" {spec.full}/{spec.short} pts, {spec.coins} coin{'s' * (spec.coins != 1)}:"
            f" {b.enclosure_points(e)}"
        )
    barn = " ".join(zt.short(x) for x in b.barn) or "empty"
    lines.append(f"    barn: {barn}")
    return lines


def render(state: ZoolorettoState) -> str:
    """The whole table as text."""
    out = []
    reserve = min(RESERVE, len(state.pile))
    out.append(
        f"Round {state.round}{' (last round)' if state.final_round else ''}:"
        f" pile {len(state.pile) - reserve}, reserve {reserve}, bank {state.bank} coins"
    )
    out.append(render_trucks(state, zt.short))
    if state.drawn >= 0:
        out.append(f"Drawn: {zt.name(state.drawn)} ({zt.short(state.drawn)})")
    scores = state.scores()
    for seat, b in enumerate(state.boards):
        out.append("")
        out.append(f"{seat_line(state, seat, scores)}; expansion boards face down: {b.boards_left}")
        out.extend(render_board(b))
    if state.unloading:
        out.append("")
        out.append("To place: " + ", ".join(zt.name(x) for x in sorted(state.unloading)))
    return "\n".join(out)
