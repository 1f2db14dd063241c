"""Aquarium Designer as text: the offer, the preview and each player's aquarium.

A section is drawn as its colour letter (``A`` angelfish, ``S`` sea lion, ``D`` dolphin,
``P`` penguin) followed by ``*`` if it shows an animal. A card is 2×2 sections inside a
frame; the entrance card is marked ``E``; a free position where the player to move may
place a card shows ``+``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zoogames.core.bits import bits
from zoogames.core.message import msg
from zoogames.games.aquarium_designer import layout as L
from zoogames.games.aquarium_designer.cards import Card, section_text
from zoogames.i18n import FALLBACK
from zoogames.i18n import render as say

if TYPE_CHECKING:
    from zoogames.games.aquarium_designer.state import DesignerState


CELL = 7
"""Characters inside a card's frame."""


def card_rows(card: Card, turns: int = 0) -> tuple[str, str]:
    """A card's two rows of sections, e.g. ``("A* S ", "D  P*")``."""
    s = [section_text(x).ljust(2) for x in card.rotated(turns)]
    return f"{s[0]} {s[1]}", f"{s[2]} {s[3]}"


def render_layout(state: DesignerState, seat: int) -> list[str]:
    """The aquarium of ``seat``: a grid of framed cards with x across and y down."""
    lay = state.layouts[seat]
    cards: dict[tuple[int, int], tuple[Card, int, str]] = {
        (0, 0): (state.deck.entrance[lay.entrance - 1], 0, f"E{lay.entrance}")
    }
    for number, x, y, turns in lay.cards:
        cards[(x, y)] = (state.deck.layout[number - 1], turns, str(number))
    free = {L.XY[p] for p in bits(lay.free())} if state.to_move == seat else set()
    pts = list(cards) + list(free)
    xs = range(min(x for x, _ in pts), max(x for x, _ in pts) + 1)
    ys = range(min(y for _, y in pts), max(y for _, y in pts) + 1)
    rule = "     +" + "+".join("-" * CELL for _ in xs) + "+"
    lines = ["      " + " ".join(f"x={x}".center(CELL) for x in xs), rule]
    for y in ys:
        top, bottom, label = [], [], []
        for x in xs:
            if (x, y) in cards:
                card, turns, name = cards[(x, y)]
                a, b = card_rows(card, turns)
                top.append(f" {a} ")
                bottom.append(f" {b} ")
                label.append(f"{name}{'' if not turns else ' r' + str(90 * turns)}".center(CELL))
            elif (x, y) in free:
                top.append("   +   ")
                bottom.append(" " * CELL)
                label.append(" " * CELL)
            else:
                top.append(" " * CELL)
                bottom.append(" " * CELL)
                label.append(" " * CELL)
        lines.append(f"y={y:<3}|" + "|".join(top) + "|")
        lines.append("     |" + "|".join(bottom) + "|")
        lines.append("     |" + "|".join(label) + "|")
        lines.append(rule)
    return lines


def render_cards(state: DesignerState, numbers: list[int]) -> list[str]:
    """Layout cards side by side, each under its number."""
    if not numbers:
        return ["  (none)"]
    heads, tops, bottoms = [], [], []
    for n in numbers:
        a, b = card_rows(state.deck.layout[n - 1])
        heads.append(f"[{n}]".center(CELL))
        tops.append(a.center(CELL))
        bottoms.append(b.center(CELL))
    return ["  " + "  ".join(row) for row in (heads, tops, bottoms)]


def render_turns(state: DesignerState, numbers: list[int]) -> list[str]:
    """Each card on a line of its own, in its 4 turns r0, r90, r180, r270."""
    head = "".join(t.ljust(CELL + 2) for t in ("r0", "r90", "r180", "r270"))
    lines = [" " * 10 + head.rstrip()]
    for n in numbers:
        rows = [card_rows(state.deck.layout[n - 1], turns) for turns in range(4)]
        lines.append(f"  {f'[{n}]':>5}   " + "".join(f"{r[0]:<{CELL + 2}}" for r in rows).rstrip())
        lines.append("          " + "".join(f"{r[1]:<{CELL + 2}}" for r in rows).rstrip())
    return lines


def render(state: DesignerState, lang: str = FALLBACK) -> str:
    """The whole table as text, its words in ``lang``."""
    rule = msg("board.rule_advanced") if state.need == 3 else msg("board.rule_basic")
    status = msg(
        "board.designer_status",
        round=state.round,
        rule=rule,
        first=state.first,
        cards=len(state.pile),
    )
    preview = say(msg("board.preview"), lang)
    out = [
        say(status, lang),
        say(msg("board.offer"), lang),
        *(
            render_turns(state, sorted(state.offer))
            if state.offer
            else ["  " + say(msg("board.no_offer"), lang)]
        ),
        preview if state.preview else preview + " " + say(msg("board.no_preview"), lang),
    ]
    if state.preview:
        out.extend(render_cards(state, [state.preview]))
    if state.left:
        out.append(say(msg("board.left", count=len(state.left)), lang))
    scores = state.scores()
    for seat, lay in enumerate(state.layouts):
        mark = "→ " if seat == state.to_move else "  "
        if state.drawn[seat]:
            status = msg("board.has_drawn")
        elif state.passed[seat]:
            status = msg("board.passed")
        else:
            status = msg("board.to_draw")
        points = msg("score.points", count=scores[seat].total)
        if state.players == 1:
            points = msg("board.points_rank", points=points, rank=state.rank(seat))
        line = msg(
            "board.designer_seat",
            seat=seat,
            points=points,
            animals=lay.animal_count,
            cards=len(lay.cards),
            status=status,
        )
        out.append("")
        out.append(mark + say(line, lang))
        out.extend(render_layout(state, seat))
    out.append(say(msg("board.designer_legend"), lang))
    return "\n".join(out)
