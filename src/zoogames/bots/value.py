"""A learned evaluation: features of a position for one seat, and a small MLP over them.

The search (``mcts:leaf=learned``, ``bots/mcts.py``) asks this module what a position is
worth at the end of a playout, in place of (or blended with) the greedy evaluation. The
model predicts the seat's **final margin** in points: its final total less the best
other seat's, from :func:`features` of the position as that seat sees it.

- **Features** (:func:`feature_names`, :func:`features`): only what every seat sees at the
  table (zoos, coins, scores so far, tiles left in the piles), so they may be computed
  on the search's determinized positions as the greedy evaluation is. They are the
  greedy evaluation and the score now for the seat and for the best other seat, the
  game's progress, the number of players, the truck games' coins, and the seat's and
  the best other's zoos in detail (water zoos basin by basin, Zooloretto's zoos
  enclosure by enclosure, aquariums colour by colour), which the greedy evaluation
  weighs only by hand-set constants. Each game has its own list: the features its zoos
  have.
- **Inference with numpy** (:class:`Mlp`), every seat's features in one batch: the
  compiled engine (mypyc) and ``ZOOGAMES_PURE=1`` call the very same numpy code on the
  very same features, so they compute the same value to the last bit and play the same
  moves. Playing needs numpy, never PyTorch.
- **Weights** ship inside the package, ``zoogames/bots/models/<game>.json``, read with
  ``importlib.resources`` (:func:`load`), and ``<game>-<N>p.json`` for a player count
  whose measured weights are other than the game's (the models learn from 2-player
  games, and a model that is better at two is not always better at four);
  ``zoogames train fit`` writes them
  (``zoogames/learn``; docs/bots.md, Learned evaluation). A folder named by
  ``ZOOGAMES_MODELS`` (:data:`MODELS_ENV`) is read instead: a new model plays its
  self-play games and its matches before it ships.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

from zoogames.bots.greedy.aquarium_designer import areas_of, fillable_sections
from zoogames.core.game import State
from zoogames.games.aquaretto.tiles import COIN
from zoogames.games.aquarium_designer.state import DECK_MASKS_CACHED, deck_masks
from zoogames.games.trucks import TruckState
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.zoo import ENCLOSURES, SIZE

FORMAT = 1
"""The weights file's format number (:func:`from_json` refuses any other)."""

SEATS = ("averaged", "own")
"""How :func:`combine` reads the seats' predictions, a weights file's ``seats``.

``averaged`` (the default, and every file without the key): each seat's margin is
``(p[i] − max of the others' p) / 2``, at two players the mean of the two predictions of
one margin. At more players that formula only fits the two leading seats: a third seat's
margin is over the leader, yet the leader's ``p`` is over the second, so the others'
margins come out squeezed towards the leader's. ``own``: each seat's own prediction, as
it was trained; measured the better reading of weights fitted on 4-player games
(docs/bots.md)."""

POINTS = 50.0
"""Points are divided by this in the features, to keep the inputs near [-1, 1]."""
MARGIN = 20.0
"""Margins are divided by this in the features."""


def _both(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each name for the seat and for the best other seat, side by side."""
    return tuple(f"{name}_{who}" for name in names for who in ("self", "other"))


COMMON: tuple[str, ...] = (
    "eval_self",
    "eval_other",
    "eval_margin",
    "score_self",
    "score_other",
    "score_margin",
    "progress",
    "players_2",
    "players_3",
    "players_4_5",
    "coins_self",
    "coins_other",
    "final_round",
)
"""The features of every game, first in every game's list (:func:`feature_names`).

``*_other`` is the other seat with the best greedy evaluation. ``progress`` is the share
of the game played: in the truck games one less the tiles left over :data:`PILE` a pile,
elsewhere the round over :data:`ROUNDS`. ``coins_*`` and ``final_round`` are the truck
games' (0 elsewhere)."""

WATER: tuple[str, ...] = _both(
    (
        "empty",
        "species_left",
        "depot",
        "unpaired",
        "workers",
        *(f"basin{k}_{part}" for k in range(1, 5) for part in ("tiles", "unseen", "room")),
        "animals",
        "species",
        "expansions",
        "cashiers",
        "keepers",
        "manager",
        "trainers",
        "fish",
        "spaces",
    )
)
"""A water zoo's features (Aquaretto's, the combined game's), for both seats.

Free spaces, species the allowance still admits, the depot, fertile tiles without a
partner, coworkers; then the zoo's four largest basins (``basin1`` the largest, ties to
the species listed first), each with its tiles, the tiles of its species still unseen in
the piles (public: which tiles are unseen is known, only their order is not) and the
spaces it may grow into; then its animals, species, expansions left, cashiers, keepers,
manager, trainers, fish-fed tiles and spaces. Knowing only the zoo's sums, a model
predicts the final margin little better than the greedy evaluation's margin on a
straight line (docs/bots.md)."""

LAND: tuple[str, ...] = _both(
    (
        *(
            f"{enclosure.name}_{part}"
            for enclosure in ENCLOSURES
            for part in ("built", "tiles", "unseen", "fertile", "stall")
        ),
        "barn_animals",
        "barn_species",
        "barn_stalls",
        "stall_kinds",
        "empty_pens",
        "boards_left",
    )
)
"""A Zooloretto zoo's features (Zooloretto's, the combined game's), for both seats.

Each enclosure of the board and of the expansion boards (Z-D1: ``e4``, ``e5``, ``e6``,
``x1``, ``x2``): whether it is in play, its share filled, the tiles of its species still
unseen in the piles, its fertile animals still without a partner, and whether a stall
stands beside it (a part-filled enclosure then scores its animals); then the barn's
animals, species and stall kinds (each costs points, Z-R4), the kinds of stalls in the
zoo, the empty enclosures in play and the expansion boards still face down."""


TRUCKS: tuple[str, ...] = (
    "trucks_open",
    "truck_room",
    *_both(("in_round", "truck_fit", "truck_barn", "truck_coins")),
)
"""The trucks on the table (the truck games'), last in their lists.

The trucks not yet taken this round that hold tiles, their free spaces; then for the
seat and the best other seat whether it is still in the round (has taken no truck), and
on the truck best for it (the most of ``fit - barn + coins / 2``) the tiles its zoo
would take, the tiles that would go to its barn or depot, and the coins. Mid-round, a
good truck waiting for a seat is worth points no zoo shows yet: a search whose playouts
stop before the round ends (``rollout``) is judged there."""


DESIGN: tuple[str, ...] = _both(
    (
        "to_fill",
        "animals",
        "to_draw",
        "may_pass",
        *(
            f"colour{k}_{part}"
            for k in range(1, 5)
            for part in (
                "points",
                "open",
                "missing",
                "border",
                "unseen",
                "unseen_animals",
                "offer",
                "offer_animals",
            )
        ),
    )
)
"""An aquarium's features (Aquarium Designer's), for both seats.

The positions that may still take a card (until the cards span 3×3, more than will be
filled), the animals on its cards (the tie-break), whether the seat has still to draw
this round and may still pass; then its four colours one by one, the
most promising first (``colour1``: the most of points now and its largest open area,
ties to the colour listed first), each with: its points now, the largest open area (one
that borders a position still to fill: sections + animals), the animals that area still
lacks to score and the free sections it borders; then that colour's sections and
animals on the cards still unseen (public: the deck's cards are known, only the order of
those left is not) and on the cards face up (the offer and the preview). The greedy
evaluation guesses an open area's future by hand-set constants; these say what it
needs and what is still to come."""


def feature_names(game: str) -> tuple[str, ...]:
    """The names of ``game``'s features, in the order of :func:`features`.

    :data:`COMMON`, then :data:`WATER` where the game has water zoos and :data:`LAND`
    where it has Zooloretto's zoos, :data:`DESIGN` where it has aquariums, then
    :data:`TRUCKS` where it has trucks: what a new game's state holds decides, so a game
    with these zoos needs nothing more here.
    Features are only ever added at the end of a list, so that weights trained on an
    older list, a prefix of it, still read the first of them (:func:`from_json`).
    """
    names = _NAMES.get(game)
    if names is None:
        from zoogames import games

        g = games.get(game)
        state = g.new_game(players=max(2, g.min_players), seed=0)
        water, land = _zoos(state)
        names = COMMON + (WATER if water else ()) + (LAND if land else ())
        if _layouts(state):
            names += DESIGN
        if isinstance(state, TruckState):
            names += TRUCKS
        _NAMES[game] = names
    return names


_NAMES: dict[str, tuple[str, ...]] = {}


def _zoos(state: State) -> tuple[list[Any], list[Any]]:
    """The state's water zoos and Zooloretto zoos, one per seat ([] where it has none)."""
    zoos = getattr(state, "zoos", None)
    boards = getattr(state, "boards", None)
    water: list[Any] = (
        zoos if isinstance(zoos, list) and zoos and hasattr(zoos[0], "allowance") else []
    )
    land: list[Any] = (
        boards if isinstance(boards, list) and boards and hasattr(boards[0], "pens") else []
    )
    return water, land


def _layouts(state: State) -> list[Any]:
    """The state's aquariums (Aquarium Designer's layouts), one per seat ([] where none)."""
    layouts = getattr(state, "layouts", None)
    if isinstance(layouts, list) and layouts and hasattr(layouts[0], "colours"):
        return layouts
    return []


PILE = 110.0
"""About the most tiles one pile of a truck game holds at the start (for ``progress``; the
combined game has two, so its game starts about as far along as Aquaretto's)."""
ROUNDS = 8.0
"""The rounds of a game where there are no piles (Aquarium Designer's eight)."""


def _greedy(state: State) -> Any:
    from zoogames import bots

    return bots.make("greedy", seed=0, game=state.game.id)


def features(state: State, seat: int, evals: list[float] | None = None) -> list[float]:
    """The features of ``state`` for ``seat`` (:func:`feature_names`, in that order).

    ``evals`` is each seat's greedy evaluation where the caller has it already (the
    search has); otherwise the game's greedy bot computes it.
    """
    return every_seat(state, evals, (seat,))[0]


def every_seat(
    state: State,
    evals: list[float] | None = None,
    seats: tuple[int, ...] | None = None,
    width: int | None = None,
) -> list[list[float]]:
    """:func:`features` for each of ``seats`` (all of them by default), in that order.

    What the seats share is computed once: the scores, the tiles left in the piles, and
    each zoo's description, which is one seat's own part and another's ``_other`` part.
    ``width``: the features the caller's weights read; the trucks' (the last) are not
    computed for weights fitted before them, at every leaf of their search.
    """
    n = state.players
    if evals is None:
        greedy = _greedy(state)
        evals = [float(greedy.evaluate(state, i)) for i in range(n)]
    if seats is None:
        seats = tuple(range(n))
    totals = [float(s.total) for s in state.scores()]
    progress = _progress(state)
    coins = getattr(state, "coins", None)
    final_round = 1.0 if getattr(state, "final_round", False) else 0.0
    water, land = _zoos(state)
    unseen = _unseen(state) if water or land else []
    layouts = _layouts(state)
    cards = _cards(state) if layouts else []
    described: dict[int, list[float]] = {}
    table: list[float] = []
    best: dict[int, list[float]] = {}
    trucks: list[list[int]] = []
    took: list[int] = []
    open_trucks: list[int] = []
    coin_tiles: frozenset[int] = frozenset()
    if isinstance(state, TruckState) and (
        width is None or width > len(feature_names(state.game.id)) - len(TRUCKS)
    ):
        trucks = state.trucks
        took = state.took
        coin_tiles = state.COIN_TILES
        room = 0
        for t in range(len(trucks)):
            if state.taker[t] < 0:
                room += state.capacity[t] - len(trucks[t])
                if trucks[t]:
                    open_trucks.append(t)
        table = [len(open_trucks) / 3.0, room / 6.0]

    def truck(i: int) -> list[float]:
        """Seat ``i`` in the round, and its best truck's tiles for its zoo, barn, coins."""
        part = best.get(i)
        if part is None:
            part = [0.0, 0.0, 0.0, 0.0]
            if took[i] < 0:
                part[0] = 1.0
                top = -1.0e9
                for t in open_trucks:
                    fit, barn, coins = _truck_for(
                        trucks[t],
                        water[i] if water else None,
                        land[i] if land else None,
                        coin_tiles,
                    )
                    if fit - barn + coins / 2.0 > top:
                        top = fit - barn + coins / 2.0
                        part[1] = fit / 3.0
                        part[2] = barn / 3.0
                        part[3] = coins / 2.0
            best[i] = part
        return part

    def zoo(i: int) -> list[float]:
        """Seat ``i``'s zoos, described once: its water zoo's part, then its land zoo's."""
        part = described.get(i)
        if part is None:
            part = []
            if water:
                part = _water(water[i]) + _water_detail(water[i], unseen)
            if land:
                part = part + _land(land[i], unseen)
            if layouts:
                part = _design(state, i, layouts[i], cards)
            described[i] = part
        return part

    rows: list[list[float]] = []
    for seat in seats:
        other = -1
        for j in range(n):
            if j != seat and (other < 0 or evals[j] > evals[other]):
                other = j
        e_self = evals[seat]
        e_other = evals[other] if other >= 0 else 0.0
        s_self = totals[seat]
        s_other = totals[other] if other >= 0 else 0.0
        out = [
            e_self / POINTS,
            e_other / POINTS,
            (e_self - e_other) / MARGIN,
            s_self / POINTS,
            s_other / POINTS,
            (s_self - s_other) / MARGIN,
            progress,
            1.0 if n == 2 else 0.0,
            1.0 if n == 3 else 0.0,
            1.0 if n >= 4 else 0.0,
        ]
        if isinstance(coins, list):
            out.append(coins[seat] / 5.0)
            out.append(coins[other] / 5.0 if other >= 0 else 0.0)
            out.append(final_round)
        else:
            out.extend((0.0, 0.0, 0.0))
        if water or land or layouts:
            a = zoo(seat)
            b = zoo(other) if other >= 0 else [0.0] * len(a)
            for k in range(len(a)):
                out.append(a[k])
                out.append(b[k])
        if table:
            out.extend(table)
            a = truck(seat)
            b = truck(other) if other >= 0 else [0.0] * len(a)
            for k in range(len(a)):
                out.append(a[k])
                out.append(b[k])
        rows.append(out)
    return rows


def _progress(state: State) -> float:
    piles = getattr(state, "piles", None)
    if isinstance(piles, list):
        left = 0
        for pile in piles:
            left += len(pile)
        return max(0.0, 1.0 - left / (PILE * len(piles)))
    rnd = getattr(state, "round", 0)
    return min(1.0, float(rnd) / ROUNDS) if isinstance(rnd, int) else 0.0


def _water(zoo: Any) -> list[float]:
    """A water zoo's free spaces, species still admitted, depot, unpaired tiles, workers."""
    unpaired = 0
    for s in range(8):
        unpaired += zoo.unpaired_m[s] + zoo.unpaired_f[s]
    empty: int = zoo.empty()
    return [
        empty.bit_count() / 20.0,
        (zoo.allowance - zoo.nspecies) / 3.0,
        len(zoo.depot) / 5.0,
        unpaired / 5.0,
        (zoo.cashiers + zoo.keepers + zoo.manager) / 5.0,
    ]


BASINS = 4
"""How many of a water zoo's largest basins the features describe one by one."""


def _unseen(state: State) -> list[int]:
    """Per species, its tiles in the piles: public, as the piles' order is not.

    The water species first (Aquaretto's kinds below its coin, ``species * 8 + mark``),
    then Zooloretto's eight (its kinds from ``FIRST`` up to its stalls): the combined
    game's piles hold both, each game's kinds unchanged.
    """
    out = [0] * 16
    piles: list[list[int]] = getattr(state, "piles", [])
    for pile in piles:
        for kind in pile:
            if kind < COIN:
                out[kind >> 3] += 1
            elif zt.FIRST <= kind < zt.STALL:
                out[8 + zt.species_of(kind)] += 1
    return out


def _water_detail(zoo: Any, unseen: list[int]) -> list[float]:
    """A water zoo's largest basins one by one, then its animals, workers and spaces."""
    tiles = [zoo.species[s].bit_count() for s in range(8)]
    order = sorted(range(8), key=lambda s: -tiles[s])  # stable: ties to the first species
    out: list[float] = []
    for s in order[:BASINS]:
        room = zoo.legal_cells(s).bit_count() if tiles[s] else 0
        out.append(tiles[s] / 10.0)
        out.append(unseen[s] / 10.0)
        out.append(room / 5.0)
    out.append(zoo.animals.bit_count() / 20.0)
    out.append(zoo.nspecies / 5.0)
    out.append((zoo.small_left + zoo.large_left) / 4.0)
    out.append(zoo.cashiers / 2.0)
    out.append(zoo.keepers / 2.0)
    out.append(float(zoo.manager))
    out.append(zoo.trainers.bit_count() / 3.0)
    out.append((zoo.fish & zoo.animals).bit_count() / 10.0)
    out.append(zoo.spaces.bit_count() / 30.0)
    return out


def _land(board: Any, unseen: list[int]) -> list[float]:
    """A Zooloretto zoo's enclosures one by one, then its barn, stalls and boards."""
    out: list[float] = []
    for e, enclosure in enumerate(ENCLOSURES):
        if e >= board.built or e >= len(board.pens):
            out.extend((0.0, 0.0, 0.0, 0.0, 0.0))
            continue
        pen: list[int] = board.pens[e]
        fertile = 0
        for tile in pen:
            if zt.mark_of(tile) in (zt.MALE, zt.FEMALE):
                fertile += 1
        stall = False
        for i in enclosure.spaces:
            if i < len(board.stalls) and board.stalls[i] >= 0:
                stall = True
        out.append(1.0)
        out.append(len(pen) / enclosure.size)
        out.append(unseen[8 + zt.species_of(pen[0])] / 10.0 if pen else 0.0)
        out.append(fertile / 2.0)
        out.append(1.0 if stall else 0.0)
    barn_species: set[int] = set()
    barn_stalls: set[int] = set()
    animals = 0
    for tile in board.barn:
        if tile >= zt.STALL:
            barn_stalls.add(tile)
        else:
            animals += 1
            barn_species.add(zt.species_of(tile))
    stalls: set[int] = set()
    for kind in board.stalls:
        if kind >= 0:
            stalls.add(kind)
    empty = 0
    for e in range(min(board.built, len(board.pens))):
        if not board.pens[e]:
            empty += 1
    out.append(animals / 5.0)
    out.append(len(barn_species) / 3.0)
    out.append(len(barn_stalls) / 2.0)
    out.append(len(stalls) / 4.0)
    out.append(empty / 2.0)
    out.append(board.boards_left / 2.0)
    return out


_COLOURS: dict[str, list[list[int]]] = {}


def _cards(state: Any) -> list[float]:
    """Per colour: its sections and animals on the unseen cards, then on those face up.

    Unseen: the pile, whose cards (not their order) are public. Face up: the offer and
    the preview. Four numbers per colour, colour by colour.
    """
    deck = state.deck
    table = _COLOURS.get(deck.digest)
    if table is None:  # each card's sections and animals per colour, once per deck
        table = []
        for masks in deck_masks(deck).layout:
            m = masks[0]
            row = []
            for c in range(4):
                row.append(m[c].bit_count())
                row.append((m[c] & m[4]).bit_count())
            table.append(row)
        if len(_COLOURS) >= DECK_MASKS_CACHED:  # a server sees any number of decks
            _COLOURS.clear()
        _COLOURS[deck.digest] = table
    face_up: list[int] = list(state.offer)
    if state.preview:
        face_up.append(state.preview)
    unseen, up = _card_sums(table, state.pile), _card_sums(table, face_up)
    out: list[float] = []
    for c in range(4):
        out.append(unseen[2 * c] / 40.0)
        out.append(unseen[2 * c + 1] / 10.0)
        out.append(up[2 * c] / 8.0)
        out.append(up[2 * c + 1] / 4.0)
    return out


def _card_sums(table: list[list[int]], cards: list[int]) -> list[int]:
    """The rows of ``table`` (one per card, by number) of ``cards``, summed column by column."""
    sums = [0] * 8
    for card in cards:
        row = table[card - 1]
        for k in range(8):
            sums[k] += row[k]
    return sums


def _design(state: Any, seat: int, lay: Any, cards: list[float]) -> list[float]:
    """An aquarium's features (:data:`DESIGN`), for seat ``seat`` of ``state``."""
    need: int = state.need
    free, to_fill = fillable_sections(lay)
    animals: int = lay.animals
    colours: list[list[float]] = []
    rank: list[float] = []
    for c in range(4):
        points = 0
        size = 0
        missing = 0
        border = 0
        for area, s, neighbours in areas_of(lay.colours[c]):
            a = (area & animals).bit_count()
            if a >= need:
                points += s + a
            touch = (neighbours & free).bit_count()
            if touch and s + a > size:
                size = s + a
                missing = max(0, need - a)
                border = touch
        colours.append(
            [points / 20.0, size / 10.0, missing / 3.0, border / 8.0, *cards[4 * c : 4 * c + 4]]
        )
        rank.append(float(points + size))
    order = sorted(range(4), key=lambda c: -rank[c])  # stable: ties to the colour first listed
    drawn = state.drawn[seat]
    out = [
        to_fill / 8.0,
        lay.animal_count / 15.0,
        0.0 if drawn else 1.0,
        0.0 if drawn or state.passed[seat] else 1.0,
    ]
    for c in order:
        out.extend(colours[c])
    return out


def _truck_for(
    tiles: list[int], zoo: Any, board: Any, coin_tiles: frozenset[int]
) -> tuple[int, int, int]:
    """What a truck's ``tiles`` would do for one seat: (into its zoo, to its barn, coins).

    Water animals count as placed while the water zoo ``zoo`` has as many legal spaces
    for their species; Zooloretto's animals while an enclosure of their species has room,
    or an empty one is left for a species new to ``board`` (one each), stalls
    while a stall space is free. The rest would go to the depot or the barn.
    """
    fit = barn = coins = 0
    used: dict[int, int] = {}
    room: dict[int, int] = {}
    empties: list[int] | None = None
    spaces = -1
    for kind in tiles:
        if kind in coin_tiles:
            coins += 1
        elif kind < COIN:
            s = kind >> 3
            if zoo is not None and used.get(s, 0) < zoo.legal_cells(s).bit_count():
                used[s] = used.get(s, 0) + 1
                fit += 1
            else:
                barn += 1
        elif board is None:
            barn += 1
        elif kind >= zt.STALL:
            if spaces < 0:
                spaces = len(board.free_spaces())
            if spaces > 0:
                spaces -= 1
                fit += 1
            else:
                barn += 1
        else:
            s = zt.species_of(kind)
            if s not in room:
                # the enclosures it may join (ZooBoard, Z-R1): its own species' room first
                joinable = board.enclosures_for(s)
                room[s] = sum(SIZE[e] - len(board.pens[e]) for e in joinable if board.pens[e])
                if room[s] == 0:
                    if empties is None:
                        empties = [SIZE[e] for e in joinable if not board.pens[e]]
                    if empties:
                        room[s] = empties.pop(0)
            if room[s] > 0:
                room[s] -= 1
                fit += 1
            else:
                barn += 1
    return fit, barn, coins


class Mlp:
    """A multilayer perceptron: ReLU between layers, one output (the margin, in points).

    ``weights[k][o]`` is the row of layer ``k`` for its output ``o``; ``biases[k][o]``
    that output's bias. The inputs are first standardised (``(x - mean) / std``) and the
    output is ``y * scale + shift``: the training's normalisation, kept with the weights.
    It computes with numpy, a batch of rows at once (:meth:`batch`): in plain or compiled
    Python the same products cost ten times as much, which at a search's every leaf was a
    fifth of the search's time.
    """

    def __init__(
        self,
        weights: list[list[list[float]]],
        biases: list[list[float]],
        mean: list[float],
        std: list[float],
        scale: float,
        shift: float,
    ) -> None:
        if not weights or len(weights) != len(biases):
            raise ValueError("an MLP needs as many bias vectors as weight matrices")
        width = len(mean)
        if len(std) != width:
            raise ValueError("mean and std differ in length")
        for w, b in zip(weights, biases, strict=True):
            if len(w) != len(b) or any(len(row) != width for row in w):
                raise ValueError("a layer's shape does not match its input or its biases")
            width = len(w)
        if width != 1:
            raise ValueError("the last layer must have one output")
        self.weights = weights
        self.biases = biases
        self.mean = mean
        self.std = std
        self.scale = scale
        self.shift = shift
        np = _numpy()
        # each layer's matrix transposed, so that a batch of rows is multiplied on the right
        self._layers: list[tuple[Any, Any]] = [
            (np.array(w, dtype=np.float64).T.copy(), np.array(b, dtype=np.float64))
            for w, b in zip(weights, biases, strict=True)
        ]
        self._mean: Any = np.array(mean, dtype=np.float64)
        self._std: Any = np.array(std, dtype=np.float64)
        self.seats = "averaged"
        """How :func:`margins` combines the seats' predictions (:data:`SEATS`)."""
        self.digest = ""
        """The SHA-256 (hex) of the file it was loaded from (:func:`load`), so that a game
        record can say which weights played; empty when built some other way."""

    @property
    def inputs(self) -> int:
        """How many features it reads."""
        return len(self.mean)

    def __call__(self, x: list[float]) -> float:
        """The output for the feature vector ``x``: the predicted margin in points."""
        return self.batch([x])[0]

    def batch(self, xs: list[list[float]]) -> list[float]:
        """The outputs for the feature vectors ``xs``, in their order."""
        for x in xs:
            if len(x) != len(self.mean):
                raise ValueError(f"expected {len(self.mean)} features, got {len(x)}")
        np = _numpy()
        h = (np.array(xs, dtype=np.float64) - self._mean) / self._std
        last = len(self._layers) - 1
        for k in range(last + 1):
            w, b = self._layers[k]
            h = h @ w + b
            if k < last:
                np.maximum(h, 0.0, out=h)
        out: list[float] = (h[:, 0] * self.scale + self.shift).tolist()
        return out


_NUMPY: list[Any] = []


def _numpy() -> Any:
    """numpy, imported at the first model rather than with the bots (most play needs none)."""
    if not _NUMPY:
        import numpy

        _NUMPY.append(numpy)
    return _NUMPY[0]


def from_json(data: Any) -> Mlp:
    """An :class:`Mlp` from a weights file's parsed JSON (``ValueError`` if it is not one).

    Its ``features`` must be the game's list (:func:`feature_names`) or a beginning of it:
    weights fitted before features were added read the first ones (:func:`margins`).
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a weights file of format {FORMAT}")
    game = data.get("game")
    try:
        names = feature_names(game) if isinstance(game, str) else None
    except KeyError:
        names = None
    if names is None:
        raise ValueError(f"a weights file of no known game ({game!r})")
    trained = list(data.get("features", []))
    # weights of an older list read its first features (features only grow at the end)
    if not trained or trained != list(names[: len(trained)]):
        raise ValueError(f"the weights were trained on other features than {game}'s")
    try:
        layers = data["layers"]
        weights = [[[float(v) for v in row] for row in layer["w"]] for layer in layers]
        biases = [[float(v) for v in layer["b"]] for layer in layers]
        norm = data["norm"]
        model = Mlp(
            weights,
            biases,
            [float(v) for v in norm["mean"]],
            [float(v) for v in norm["std"]],
            float(norm["scale"]),
            float(norm["shift"]),
        )
    except (KeyError, TypeError) as e:
        raise ValueError(f"a malformed weights file: {e!r}") from None
    if model.inputs != len(trained):
        raise ValueError(f"the weights read {model.inputs} features, the file names {len(trained)}")
    seats = data.get("seats", "averaged")
    if seats not in SEATS:
        raise ValueError(f"seats: {seats!r} is not one of {', '.join(SEATS)}")
    model.seats = seats
    return model


PACKAGE = "zoogames.bots"
"""The package whose ``models/`` folder holds the shipped weights (:func:`model_file`)."""

MODELS_ENV = "ZOOGAMES_MODELS"
"""The environment variable naming a folder of weights files (:func:`model_file`) to play
with in place of the shipped ones, in this process and the workers it starts."""

_CACHE: dict[tuple[str, str], Mlp] = {}


def model_file(game: str, players: int | None = None) -> str:
    """The file name of ``game``'s weights: ``<game>.json``, or ``<game>-<N>p.json``.

    The second holds weights for ``N`` players only, where they were measured to play
    better than the game's own file (:func:`load` prefers it at that count).
    """
    return f"{game}.json" if players is None else f"{game}-{players}p.json"


def parse_model_file(name: str) -> tuple[str, int | None]:
    """The game and player count weights file ``name`` is for (:func:`model_file` read back).

    ``<game>.json`` gives ``(game, None)``, ``<game>-<N>p.json`` ``(game, N)``;
    ``ValueError`` for a name that is not a weights file's.
    """
    stem = name.removesuffix(".json")
    if stem == name or not stem:
        raise ValueError(f"{name!r} is not a weights file's name (<game>.json)")
    head, _, tail = stem.rpartition("-")
    if head and tail.endswith("p") and tail[:-1].isdigit():
        return head, int(tail[:-1])
    return stem, None


def shipped() -> list[str]:
    """The ids of the games whose weights ship in the package, sorted."""
    files = map(parse_model_file, shipped_files())
    return sorted(game for game, players in files if players is None)


def shipped_files() -> list[str]:
    """Every weights file in the package, the games' and the player counts', sorted."""
    models = resources.files(PACKAGE).joinpath("models")
    return sorted(p.name for p in models.iterdir() if p.name.endswith(".json"))


def load(game: str, players: int | None = None) -> Mlp:
    """``game``'s model, loaded once (``ValueError`` if it has none).

    With ``players``, that count's own file if there is one (:func:`model_file`), else
    the game's. With ``ZOOGAMES_MODELS`` set (:data:`MODELS_ENV`), that folder's files
    instead, and only those: a game missing there is an error, not the shipped model.
    Its :attr:`Mlp.digest` is the file's SHA-256, the one the model card lists.
    """
    folder = os.environ.get(MODELS_ENV, "")
    names = [model_file(game)]
    if players is not None:
        names.insert(0, model_file(game, players))
    for name in names:
        model = _CACHE.get((folder, name))
        if model is not None:
            return model
        raw = _read(folder, name)
        if raw is None:
            continue
        data = json.loads(raw.decode("utf-8"))
        if isinstance(data, dict) and data.get("game") != game:
            raise ValueError(f"{name} holds the weights of {data.get('game')!r}")
        model = from_json(data)
        model.digest = hashlib.sha256(raw).hexdigest()
        _CACHE[(folder, name)] = model
        return model
    if folder:
        raise ValueError(f"no learned evaluation for {game!r} in {MODELS_ENV}={folder}")
    raise ValueError(f"no learned evaluation ships for {game!r} (docs/bots.md)")


def _read(folder: str, name: str) -> bytes | None:
    """The bytes of weights file ``name`` in ``folder`` if one is named, else in the package.

    ``None`` where there is no such file.
    """
    if folder:
        path = Path(folder) / name
        return path.read_bytes() if path.is_file() else None
    source = resources.files(PACKAGE).joinpath("models", name)
    return source.read_bytes() if source.is_file() else None


def margins(model: Mlp, state: State, evals: list[float]) -> list[float]:
    """Per seat, the model's margin, made consistent between the seats.

    Each seat's own prediction ``p[i]`` and the others' are combined as the model's
    :attr:`Mlp.seats` says (:func:`combine`): by default ``(p[i] - max of the others' p)
    / 2``, at two players the two predictions of one margin averaged (the seats' margins
    then sum to zero, as true margins do).
    """
    width = model.inputs
    rows = every_seat(state, evals, width=width)
    if width < len(rows[0]):  # weights trained before the last features were added
        rows = [row[:width] for row in rows]
    return combine(model.batch(rows), model.seats)


def combine(p: list[float], seats: str = "averaged") -> list[float]:
    """The seats' margins from their own predictions ``p``, read as :data:`SEATS` says."""
    if seats == "own":
        return list(p)
    n = len(p)
    return [(p[i] - max(p[j] for j in range(n) if j != i)) / 2.0 for i in range(n)]


__all__ = [
    "COMMON",
    "DESIGN",
    "FORMAT",
    "LAND",
    "MODELS_ENV",
    "SEATS",
    "WATER",
    "Mlp",
    "combine",
    "every_seat",
    "feature_names",
    "features",
    "from_json",
    "load",
    "margins",
    "model_file",
    "shipped",
    "shipped_files",
]
