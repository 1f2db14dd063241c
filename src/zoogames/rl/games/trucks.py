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
    unseen: Unseen,
    piles: bool = False,
) -> None:
    """Write the round's segments into ``out`` (all 0 there), from ``seat``'s side.

    ``drawn`` (one-hot) and ``unloading`` (counts) over the kinds of ``ids``; per truck
    (``trucks``): tile counts, free spaces, blocked spaces, taken, with ``piles`` the pile
    it carries this round (one-hot), then who took it (one-hot, ``seat`` first);
    ``unseen``: the tiles left in every pile, by kind (the encoder's :class:`Unseen`).
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
    out[u : u + k] = unseen.counts(state)


class Unseen:
    """The ``unseen`` segment (the tiles left in every pile, by kind), kept up to date.

    Counting piles of a hundred tiles at every step would be the observation's dearest
    part, and from one step to the next a pile is the same or one tile shorter (a draw
    takes its last tile). So the counts of the piles last seen are kept with a copy of
    them: an equal pile costs one list comparison, a pile that lost its last tile one
    decrement, anything else (another game, a twin with its piles shuffled) a count.
    """

    def __init__(self, ids: dict[int, int]) -> None:
        self.ids = ids
        self.seen: list[list[int]] = []
        self.by_kind = array("f", bytes(4 * len(ids)))

    def counts(self, state: TruckState) -> array[float]:
        """The segment for ``state``'s piles (the caller copies it: it changes in place)."""
        seen, piles, by_kind, ids = self.seen, state.piles, self.by_kind, self.ids
        if len(seen) == len(piles):
            for i, pile in enumerate(piles):
                was = seen[i]
                if pile == was:
                    continue
                if len(pile) == len(was) - 1 and pile == was[:-1]:
                    by_kind[ids[was[-1]]] -= 1
                    was.pop()
                    continue
                break
            else:
                return by_kind
        self.seen = [pile[:] for pile in piles]
        by_kind[:] = array("f", bytes(4 * len(ids)))
        for pile in piles:
            for x, n in Counter(pile).items():
                by_kind[ids[x]] += n
        return by_kind


class Chunks:
    """Parts of the seats' features by everything they are made from (a key), made once.

    Equal keys make equal parts. Most steps change one seat's parts at most, so each
    seat's last key is compared first (equality, often by identity, is cheaper than
    hashing the key); then the parts of every key seen (:func:`cached`).
    """

    def __init__(self) -> None:
        self.by_key: dict[Hashable, array[float]] = {}
        self.last: dict[int, tuple[Hashable, array[float]]] = {}

    def get(self, seat: int, key: Hashable, make: Callable[[], array[float]]) -> array[float]:
        """The part of ``key``, made by ``make()`` the first time."""
        last = self.last.get(seat)
        if last is not None and last[0] == key:
            return last[1]
        found = cached(self.by_key, key, make)
        self.last[seat] = (key, found)
        return found


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
