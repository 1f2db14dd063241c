"""What the truck games (Aquaretto, Zooloretto, both at once) share in the adapters.

Their set-up leaves species out and draws a start player; their chance is a ``draw``:
the kinds still in a pile, each as likely as its share of the pile and its reserve. Only
the count of tiles left matters for the reserve (drawing the first reserve tile makes
the round the last), so it is the same whichever tile comes up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations

from zoogames.core.game import JSON
from zoogames.games.trucks import REMOVED_BY_PLAYERS, TruckState
from zoogames.rl.games import SetupStep


def removed_step(
    players: int, options: dict[str, JSON], names: tuple[str, ...], removable: tuple[int, ...]
) -> SetupStep | None:
    """The species left out (A-R2, Z-R1), if not chosen yet: every set equally likely."""
    if "removed" in options:
        return None
    combos = list(combinations(removable, REMOVED_BY_PLAYERS[players]))
    return SetupStep(
        "removed",
        tuple([names[s] for s in c] for c in combos),
        tuple("removed " + (" ".join(names[s] for s in c) or "none") for c in combos),
    )


def start_step(players: int, options: dict[str, JSON]) -> SetupStep | None:
    """The start player, if not chosen yet."""
    if "start_player" in options:
        return None
    return SetupStep(
        "start_player", tuple(range(players)), tuple(f"seat {i} starts" for i in range(players))
    )


def draw_outcomes(pile: list[int], ids: dict[int, int]) -> list[tuple[int, float]]:
    """The kinds in ``pile`` as outcome ids (``ids[kind]``) with their shares, ascending."""
    n = len(pile)
    counts = Counter(pile)
    return sorted((ids[k], c / n) for k, c in counts.items())


def force_draw(state: TruckState, pile: int, kind: int) -> None:
    """Put a tile of ``kind`` on top of pile ``pile`` (the next drawn), the rest unchanged."""
    tiles = state.piles[pile]
    i = len(tiles) - 1 - tiles[::-1].index(kind)
    tiles[i], tiles[-1] = tiles[-1], tiles[i]


def draw_order(outcomes: list[int], kinds: tuple[int, ...], name: Callable[[int], str]) -> JSON:
    """The ``draw_order`` option of a one-pile game: the drawn tiles' names."""
    return [name(kinds[o]) for o in outcomes]
