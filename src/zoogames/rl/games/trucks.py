"""What the truck games (Aquaretto, Zooloretto, both at once) share in the adapters.

Their set-up leaves species out and draws a start player; their chance is a ``draw``:
the kinds still in a pile, each as likely as its share of the pile and its reserve. Only
the count of tiles left matters for the reserve (drawing the first reserve tile makes
the round the last), so it is the same whichever tile comes up.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Hashable
from itertools import combinations
from math import comb
from typing import Any

from zoogames.core.game import JSON, Action, State
from zoogames.games.trucks import REMOVED_BY_PLAYERS, RESERVE, TRUCK_SIZE, Draw, TruckState
from zoogames.rl.games import GameSpec, SetupStep
from zoogames.rl.spaces import cached


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


class TruckSpec(GameSpec):
    """A truck game's chance: the set-up's species and start player, and each draw.

    A game sets ``draw_kinds`` (the kinds its piles hold; chance outcome ``i`` draws
    ``draw_kinds[i]``), ``species`` and ``removable`` (the species the set-up may leave
    out) and :meth:`kind_name`.
    """

    draw_kinds: tuple[int, ...]
    species: tuple[str, ...]
    removable: tuple[int, ...]

    def kind_name(self, kind: int) -> str:
        """A tile kind's notation."""
        raise NotImplementedError

    @property
    def draw_ids(self) -> dict[int, int]:
        """Kind → chance outcome id."""
        ids: dict[int, int] | None = self.__dict__.get("_draw_ids")
        if ids is None:
            ids = self.__dict__["_draw_ids"] = {k: i for i, k in enumerate(self.draw_kinds)}
        return ids

    def setup_step(self, players: int, options: dict[str, JSON]) -> SetupStep | None:
        """The species left out (A-R2, Z-R1), then the start player."""
        return removed_step(players, options, self.species, self.removable) or start_step(
            players, options
        )

    def chance(
        self, state: State, action: Action, chosen: tuple[int, ...]
    ) -> list[tuple[int, float]] | None:
        """A draw: each kind left in the pile, as likely as its share of pile and reserve."""
        if type(action) is not Draw or chosen:
            return None
        assert isinstance(state, TruckState) and isinstance(action, Draw)
        return draw_outcomes(state.piles[max(action.pile, 0)], self.draw_ids)

    def has_chance(self, state: State, action: Action) -> bool:
        """A draw, and only a draw (without counting the pile, as :meth:`chance` would)."""
        return type(action) is Draw

    def apply_chance(self, state: State, action: Action, chosen: tuple[int, ...]) -> None:
        """Draw a tile of kind ``draw_kinds[chosen[0]]``: one is moved to the top, then drawn."""
        assert isinstance(state, TruckState) and isinstance(action, Draw)
        force_draw(state, max(action.pile, 0), self.draw_kinds[chosen[0]])
        state.apply(action)

    def chance_label(self, outcome: int) -> str:
        """``draws dolphin/m``."""
        return f"draws {self.kind_name(self.draw_kinds[outcome])}"

    def max_chance_outcomes(self, players: int) -> int:
        """The kinds a draw can show, or the ways to leave species out if more."""
        return max(len(self.draw_kinds), comb(len(self.removable), REMOVED_BY_PLAYERS[players]))

    def forced_options(self, options: dict[str, JSON], outcomes: list[int]) -> dict[str, JSON]:
        """``draw_order``: the drawn tiles' names, so that a record replays the same draws."""
        return {"draw_order": [self.kind_name(self.draw_kinds[o]) for o in outcomes]}


def write_round(
    state: TruckState,
    seat: int,
    out: array[float],
    at: dict[str, int],
    ids: dict[int, int],
    unseen: dict[Any, array[float]],
    piles: bool = False,
) -> None:
    """Write the round's segments into ``out`` (all 0 there), from ``seat``'s side.

    ``drawn`` (one-hot) and ``unloading`` (counts) over the kinds of ``ids``; per truck
    (``trucks``): tile counts, free spaces, blocked spaces, taken, with ``piles`` the pile
    it carries this round (one-hot), then who took it (one-hot, ``seat`` first);
    ``unseen``: the tiles left in every pile, by kind. Counting a pile of a hundred tiles
    is the dearest part, and the pile changes only at a draw: the ``unseen`` dictionary
    (the encoder's) keeps the segment per pile content.
    """
    k = len(ids)
    players = state.players
    extra = len(state.piles) if piles else 0
    if state.drawn >= 0:
        out[at["drawn"] + ids[state.drawn]] = 1
    for x in state.unloading:
        out[at["unloading"] + ids[x]] += 1
    width = k + 3 + extra + players
    for tr, tiles in enumerate(state.trucks):
        o = at["trucks"] + tr * width
        for x in tiles:
            out[o + ids[x]] += 1
        taker = state.taker[tr]
        if taker < 0:
            out[o + k] = state.capacity[tr] - len(tiles)
        else:
            out[o + k + 2] = 1
            out[o + k + 3 + extra + (taker - seat) % players] = 1
        out[o + k + 1] = TRUCK_SIZE - state.capacity[tr]
        if piles and state.truck_pile[tr] >= 0:
            out[o + k + 3 + state.truck_pile[tr]] = 1
    u = at["unseen"]
    key = tuple(state.piles[0]) if len(state.piles) == 1 else tuple(map(tuple, state.piles))
    out[u : u + k] = cached(unseen, key, lambda: features(k, lambda c: count_piles(state, ids, c)))


def count_piles(state: TruckState, ids: dict[int, int], out: array[float]) -> None:
    """The tiles left in every pile, by kind (``ids[kind]``), into ``out`` (all 0)."""
    for tiles in state.piles:
        for x, n in Counter(tiles).items():
            out[ids[x]] = n


def features(size: int, write: Callable[[array[float]], None]) -> array[float]:
    """A zeroed array of ``size`` floats, filled by ``write``."""
    chunk = array("f", bytes(4 * size))
    write(chunk)
    return chunk


def cached_features(
    cache: dict[Any, array[float]],
    key: Hashable,
    size: int,
    write: Callable[[array[float]], None],
) -> array[float]:
    """The ``size`` features ``write`` puts into a zeroed array; from ``cache`` if seen.

    ``key`` holds everything ``write`` reads (see :func:`zoogames.rl.spaces.cached`).
    """
    return cached(cache, key, lambda: features(size, write))


def write_table_head(state: TruckState, out: array[float], o: int) -> int:
    """Write the table's head at ``out[o:]``; the offset after it.

    Five entries: the round, whether it is the last, the pile's size less the reserve,
    the reserve's size, and the bank.
    """
    pile = len(state.pile)
    reserve = min(RESERVE, pile)
    out[o] = state.round
    if state.final_round:
        out[o + 1] = 1
    out[o + 2] = pile - reserve
    out[o + 3] = reserve
    out[o + 4] = state.bank
    return o + 5
