"""The water zoo grid as integer bitmasks (ruling A-D1, A-D2, A-R1).

A cell ``(x, y)`` with ``-8 <= x, y <= 12`` is bit ``(y + 8) * 22 + (x + 8)``. Four
expansion boards, each two cells deep, reach at most 8 cells beyond the 5×5 base
footprint, so this range holds every water zoo. Row stride 22 leaves one guard column,
so shifting a mask by one never wraps a cell into the next row.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from zoogames.core.bits import bits as bits  # noqa: PLC0414 (re-exported: geometry.bits)

# Final: compiled, these are constants, not a lookup in the module's namespace per use
LO: Final = -8
HI: Final = 12
SIZE: Final = HI - LO + 1
W: Final = SIZE + 1  # one guard column

_valid = 0
for _y in range(SIZE):
    _valid |= ((1 << SIZE) - 1) << (_y * W)
VALID: Final = _valid


def cell(x: int, y: int) -> int:
    """The bit index of ``(x, y)``."""
    return (y - LO) * W + (x - LO)


def xy(index: int) -> tuple[int, int]:
    """The ``(x, y)`` of a bit index."""
    y, x = divmod(index, W)
    return x + LO, y + LO


def in_range(x: int, y: int) -> bool:
    """True if ``(x, y)`` is on the grid this module can represent."""
    return LO <= x <= HI and LO <= y <= HI


def bit(x: int, y: int) -> int:
    """The one-bit mask of ``(x, y)``."""
    return 1 << cell(x, y)


def mask_of(cells: list[tuple[int, int]]) -> int:
    """The mask of several ``(x, y)``."""
    m = 0
    for x, y in cells:
        m |= bit(x, y)
    return m


def cells_of(m: int) -> list[tuple[int, int]]:
    """The ``(x, y)`` of every cell in ``m``, row by row."""
    return [xy(i) for i in bits(m)]


@lru_cache(maxsize=1024)
def cell_pairs(m: int) -> tuple[tuple[int, int], ...]:
    """:func:`cells_of` for masks asked for again and again (a zoo's spaces, its boards)."""
    return tuple(cells_of(m))


def neighbors(m: int) -> int:
    """Cells sharing an edge with a cell of ``m`` (corner contact does not count)."""
    return ((m << 1) | (m >> 1) | (m << W) | (m >> W)) & VALID


def _around(index: int) -> int:
    b = 1 << index
    row = b | (b << 1) | (b >> 1)
    return (row | (row << W) | (row >> W)) & VALID & ~b


AROUND: Final = [_around(i) for i in range(SIZE * W)]
"""``AROUND[i]``: the 8 cells around cell ``i``, diagonals included (ruling A-R6)."""

# A-D1: the base board's 19 spaces inside its 5×5 footprint.
BASE_ROWS = ("_###_", "#####", "#####", "_####", "__##_")
BASE = mask_of([(x, y) for y, row in enumerate(BASE_ROWS) for x, c in enumerate(row) if c == "#"])
FOOTPRINT = mask_of([(x, y) for y in range(5) for x in range(5)])

# A-D2: a large board is a 2×2 square; a small board is that square less one cell.
_SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))
LARGE_SHAPES = (_SQUARE,)
SMALL_SHAPES = tuple(tuple(c for c in _SQUARE if c != missing) for missing in _SQUARE)


def _placements(shapes: tuple[tuple[tuple[int, int], ...], ...]) -> dict[int, tuple[int, ...]]:
    """For each cell, the masks of every placement of ``shapes`` that covers it."""
    at: dict[int, list[int]] = {}
    for shape in shapes:
        for oy in range(LO, HI):
            for ox in range(LO, HI):
                pts = [(ox + dx, oy + dy) for dx, dy in shape]
                if not all(in_range(x, y) for x, y in pts):
                    continue
                m = mask_of(pts)
                if m & FOOTPRINT:  # A-R1 (a): the base board's cardboard, notches included
                    continue
                for x, y in pts:
                    at.setdefault(cell(x, y), []).append(m)
    return {c: tuple(ms) for c, ms in at.items()}


_SMALL_AT = _placements(SMALL_SHAPES)
_LARGE_AT = _placements(LARGE_SHAPES)


@lru_cache(maxsize=4096)
def expansion_sites(spaces: int, large: bool) -> tuple[int, ...]:
    """Every legal placement (as a mask) of a small or large board next to ``spaces``.

    Ruling A-R1: outside the base footprint, overlapping no earlier board, and sharing an
    edge with at least one existing space. Sorted, so the order is stable.
    """
    table = _LARGE_AT if large else _SMALL_AT
    found: set[int] = set()
    touching = neighbors(spaces) & ~spaces & ~FOOTPRINT
    for c in bits(touching):
        for m in table.get(c, ()):
            if not m & spaces:
                found.add(m)
    return tuple(sorted(found))


def shape_of(m: int) -> str | None:
    """``"small"`` or ``"large"`` if ``m`` is one board's cells, else ``None``."""
    pts = cells_of(m)
    if not pts:
        return None
    x0 = min(x for x, _ in pts)
    y0 = min(y for _, y in pts)
    rel = tuple(sorted((x - x0, y - y0) for x, y in pts))
    if rel in {tuple(sorted(s)) for s in LARGE_SHAPES}:
        return "large"
    if rel in {tuple(sorted(s)) for s in SMALL_SHAPES}:
        return "small"
    return None
