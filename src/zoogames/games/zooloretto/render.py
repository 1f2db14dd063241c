"""Zooloretto as text: zoos, barns, trucks and money.

An enclosure shows its tiles as two characters: a species letter (C camel, E elephant,
F flamingo, K kangaroo, L leopard, H chimpanzee, P panda, Z zebra) and a mark (m/f
fertile, M/F fertile that has bred, y offspring); ``..`` is an empty space. Stalls are
Ki (kiosk), Ba (barrow), Sn (snacks), Po (popcorn); ``$$`` a coin tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.core.message import msg
from zoogames.games.truck_render import coins, render_trucks, round_words, seat_line
from zoogames.games.trucks import RESERVE
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.zoo import ENCLOSURES, STALL_SPACES, ZooBoard
from zoogames.i18n import FALLBACK
from zoogames.i18n import render as say

if TYPE_CHECKING:
    from zoogames.games.zooloretto.state import ZoolorettoState

LEGEND = (
    "C camel  E elephant  F flamingo  K kangaroo  L leopard  H chimpanzee  P panda  Z zebra;"
    " m/f fertile, M/F has bred, y offspring; stalls Ki Ba Sn Po; .. empty"
)


def render_board(b: ZooBoard, lang: str = FALLBACK) -> list[str]:
    """One zoo: an enclosure per line with its stall spaces, then the barn."""
    lines = []
    for e, pen in enumerate(b.pens):
        spec = ENCLOSURES[e]
        if e >= b.built:
            face_down = say(msg("board.face_down"), lang)
            lines.append(f"    {spec.name}  {face_down}")
            continue
        cells = [zt.short(x) for x in pen] + [".."] * (spec.size - len(pen))
        stalls = " ".join(
            f"{STALL_SPACES[i]} {zt.short(b.stalls[i]) if b.stalls[i] >= 0 else '--'}"
            for i in spec.spaces
        )
        points = msg(
            "board.enclosure_points",
            full=spec.full,
            short=spec.short,
            coins=coins(spec.coins),
            points=b.enclosure_points(e),
        )
        lines.append(f"    {spec.name}  {' '.join(cells):<18} {stalls:<15} {say(points, lang)}")
    barn = " ".join(zt.short(x) for x in b.barn) or say(msg("board.empty"), lang)
    lines.append("    " + say(msg("board.barn", tiles=barn), lang))
    return lines


def render(state: ZoolorettoState, lang: str = FALLBACK) -> str:
    """The whole table as text, its words in ``lang``."""
    out = []
    reserve = min(RESERVE, len(state.pile))
    status = msg(
        "board.zooloretto_status",
        pile=len(state.pile) - reserve,
        reserve=reserve,
        bank=coins(state.bank),
    )
    out.append(f"{round_words(state, lang)}: {say(status, lang)}")
    out.append(render_trucks(state, zt.short, lang))
    if state.drawn >= 0:
        drawn = msg("board.drawn", tile=zt.name(state.drawn), short=zt.short(state.drawn))
        out.append(say(drawn, lang))
    scores = state.scores()
    for seat, b in enumerate(state.boards):
        out.append("")
        left = say(msg("board.boards_left", count=b.boards_left), lang)
        out.append(f"{seat_line(state, seat, scores, lang)}; {left}")
        out.extend(render_board(b, lang))
    if state.unloading:
        out.append("")
        tiles = ", ".join(zt.name(x) for x in sorted(state.unloading))
        out.append(say(msg("board.to_place", tiles=tiles), lang))
    return "\n".join(out)
