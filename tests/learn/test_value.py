"""The learned evaluation: features, the plain-Python MLP, the shipped weights, the search.

The weights must load from the package, give the same values and moves on the compiled
engine and on plain Python, and playing with them must never import PyTorch.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from zoogames import bots, games
from zoogames._engine import why_pure
from zoogames.bots import value
from zoogames.bots.mcts import MctsBot
from zoogames.core.rng import Rng
from zoogames.games.aquarium_designer.cards import default_deck
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.zoo import ENCLOSURES

ROOT = Path(__file__).resolve().parents[2]


def midgame(seed: int = 3, steps: int = 30, game: str = "aquaretto") -> Any:
    state = games.get(game).new_game(players=2, seed=seed)
    greedy = bots.make("greedy", seed=0, game=game)
    for _ in range(steps):
        state.apply(greedy.choose(state))
    while state.turn_in_progress():
        state.apply(greedy.choose(state))
    return state


SHIPPED = value.shipped()


def test_features_have_their_names_and_ignore_the_hidden_order() -> None:
    state = midgame()
    for seat in range(2):
        x = value.features(state, seat)
        assert len(x) == len(value.feature_names("aquaretto"))
        # another order of the unseen tiles changes nothing the features read
        for k in range(3):
            twin = state.determinize(Rng(k, "twin"))
            assert value.features(twin, seat) == x
    assert value.features(state, 0) != value.features(state, 1)


def test_progress_counts_every_pile_from_about_where_the_game_starts() -> None:
    """A full pile is about 110 tiles: the combined game's two piles are 220, so its
    first turn is not read as "nothing played yet" for half the game (144 tiles at two
    players, more than one pile's 110)."""
    at = value.feature_names("aquaretto-zooloretto").index("progress")
    for game in ("aquaretto", "zooloretto", "aquaretto-zooloretto"):
        state: Any = games.get(game).new_game(players=2, seed=1)
        tiles = sum(len(pile) for pile in state.piles)
        start = value.features(state, 0)[at]
        assert start == pytest.approx(1 - tiles / (110 * len(state.piles)))
        assert 0.25 < start < 0.5
        later = midgame(game=game, steps=40)
        assert value.features(later, 0)[at] > start


ZOOS = {
    "aquaretto": value.COMMON + value.WATER + value.TRUCKS,
    "zooloretto": value.COMMON + value.LAND + value.TRUCKS,
    "aquaretto-zooloretto": value.COMMON + value.WATER + value.LAND + value.TRUCKS,
    "aquarium-designer": value.COMMON + value.DESIGN,
}


def test_every_game_has_a_list_of_features_for_its_zoos() -> None:
    assert set(ZOOS) == set(games.ids())  # a new game needs a line here
    for game, names in ZOOS.items():
        assert value.feature_names(game) == names
        assert len(set(names)) == len(names)
    # Aquaretto's first two models were fitted on the first 65, before the trucks'
    assert len(value.feature_names("aquaretto")) == 65 + len(value.TRUCKS)


@pytest.mark.parametrize("game", sorted(ZOOS))
@pytest.mark.parametrize("players", [2, 3])
def test_features_exist_for_every_game(game: str, players: int) -> None:
    state = games.get(game).new_game(players=players, seed=1)
    greedy = bots.make("greedy", seed=0, game=game)
    for _ in range(40):
        if state.is_terminal:  # Aquarium Designer's short game
            break
        state.apply(greedy.choose(state))
    rows = value.every_seat(state)
    for seat, x in enumerate(rows):
        assert x == value.features(state, seat)
        assert len(x) == len(value.feature_names(game)) and all(isinstance(v, float) for v in x)
    found = dict(zip(value.feature_names(game), rows[1], strict=True))
    assert found["players_2"] == (1.0 if players == 2 else 0.0)
    if "basin1_tiles_self" in found:
        assert found["basin1_tiles_self"] > 0  # the zoos hold tiles after 40 decisions
    if "e4_built_self" in found:
        assert found["e4_built_self"] == 1.0 and found["x2_built_self"] == 0.0


def test_water_features_describe_the_largest_basins_and_the_unseen_tiles() -> None:
    state = midgame(steps=60)
    for seat in range(2):
        found = dict(
            zip(value.feature_names("aquaretto"), value.features(state, seat), strict=True)
        )
        for who, zoo in (("self", state.zoos[seat]), ("other", state.zoos[1 - seat])):
            tiles = [zoo.species[s].bit_count() for s in range(8)]
            largest = sorted(range(8), key=lambda s: (-tiles[s], s))[: value.BASINS]
            assert tiles[largest[0]] > 0
            for k, s in enumerate(largest, start=1):
                unseen = sum(
                    1 for pile in state.piles for kind in pile if kind < 64 and kind // 8 == s
                )
                room = zoo.legal_cells(s).bit_count() if tiles[s] else 0
                assert found[f"basin{k}_tiles_{who}"] == tiles[s] / 10
                assert found[f"basin{k}_unseen_{who}"] == unseen / 10
                assert found[f"basin{k}_room_{who}"] == room / 5
            assert found[f"animals_{who}"] == zoo.animals.bit_count() / 20


@pytest.mark.parametrize("game", ["zooloretto", "aquaretto-zooloretto"])
def test_land_features_describe_each_enclosure_and_the_barn(game: str) -> None:
    state: Any = games.get(game).new_game(players=2, seed=5)  # a truck game's boards and piles
    greedy = bots.make("greedy", seed=0, game=game)
    for _ in range(70):
        state.apply(greedy.choose(state))
    while state.turn_in_progress():
        state.apply(greedy.choose(state))
    first, stall_kinds = zt.FIRST, zt.STALL  # Zooloretto's kinds, the same in both games
    described = 0
    for seat in range(2):
        found = dict(zip(value.feature_names(game), value.features(state, seat), strict=True))
        for who, board in (("self", state.boards[seat]), ("other", state.boards[1 - seat])):
            for e, enclosure in enumerate(ENCLOSURES):
                pen = board.pens[e] if e < min(board.built, len(board.pens)) else None
                assert found[f"{enclosure.name}_built_{who}"] == (0.0 if pen is None else 1.0)
                if not pen:
                    assert found[f"{enclosure.name}_tiles_{who}"] == 0.0
                    continue
                described += 1
                species = (pen[0] - first) // 8
                unseen = sum(
                    1
                    for pile in state.piles
                    for kind in pile
                    if first <= kind < stall_kinds and (kind - first) // 8 == species
                )
                fertile = sum(1 for t in pen if zt.mark_of(t) in (zt.MALE, zt.FEMALE))
                beside = any(board.stalls[i] >= 0 for i in enclosure.spaces)
                assert found[f"{enclosure.name}_tiles_{who}"] == len(pen) / enclosure.size
                assert found[f"{enclosure.name}_unseen_{who}"] == unseen / 10
                assert found[f"{enclosure.name}_fertile_{who}"] == fertile / 2
                assert found[f"{enclosure.name}_stall_{who}"] == (1.0 if beside else 0.0)
            animals = [t for t in board.barn if t < stall_kinds]
            assert found[f"barn_animals_{who}"] == len(animals) / 5
            assert found[f"barn_species_{who}"] == len({zt.species_of(t) for t in animals}) / 3
            assert found[f"boards_left_{who}"] == board.boards_left / 2
    assert described > 0  # some enclosure was filled, so the unseen tiles were read


def test_truck_features_count_what_the_best_truck_would_bring() -> None:
    state: Any = games.get("zooloretto").new_game(players=2, seed=5)
    board = state.boards[0]
    camel, elephant, flamingo = (zt.FIRST + 8 * s for s in range(3))
    board.pens[0] = [camel] * (ENCLOSURES[0].size - 1)  # room for one camel more
    coin = next(iter(state.COIN_TILES))
    # seat 0: two camels (one fits, one to the barn); an elephant and a flamingo (new
    # species, one empty enclosure each); a coin and a stall on the third truck
    state.trucks = [[camel, camel], [elephant, flamingo], [coin, zt.STALL]]
    state.taker = [-1, -1, -1]
    state.took = [-1, -1]
    names = value.feature_names("zooloretto")
    empty = sum(1 for e in range(board.built) if not board.pens[e])
    assert empty >= 2
    found = dict(zip(names, value.features(state, 0), strict=True))
    room = sum(state.capacity) - 6
    assert found["trucks_open"] == 1.0 and found["truck_room"] == room / 6
    assert found["in_round_self"] == 1.0
    # elephant + flamingo: 2 into the zoo, none to the barn (2 - 0 beats 1 - 1 and 1 + 1/2)
    assert (found["truck_fit_self"], found["truck_barn_self"]) == (2 / 3, 0.0)
    assert found["truck_coins_self"] == 0.0
    # a seat that has taken its truck is out of the round: nothing waits for it
    state.taker = [1, -1, -1]
    state.took = [-1, 0]
    found = dict(zip(names, value.features(state, 0), strict=True))
    assert found["trucks_open"] == 2 / 3 and found["in_round_other"] == 0.0
    assert found["truck_fit_other"] == 0.0


def test_designer_features_describe_each_colour_and_the_cards_to_come() -> None:
    deck = default_deck().to_json()
    deck["entrance"][0] = "S* S* / A A"  # seat 0: a scoring sea-lion area, two bare angelfish
    state: Any = games.get("aquarium-designer").new_game(
        players=2, seed=4, deck=deck, entrances=[1, 2], start_player=0
    )
    names = value.feature_names("aquarium-designer")
    found = dict(zip(names, value.features(state, 0), strict=True))
    # the sea-lions score 4 now and border 4 free sections; the angelfish lack 2 animals
    assert [found[f"colour1_{p}_self"] for p in ("points", "open", "missing", "border")] == [
        4 / 20,
        4 / 10,
        0.0,
        4 / 8,
    ]
    assert [found[f"colour2_{p}_self"] for p in ("points", "open", "missing", "border")] == [
        0.0,
        2 / 10,
        2 / 3,
        4 / 8,
    ]
    cards = state.deck.layout

    def count(numbers: list[int], colour: int) -> tuple[int, int]:
        sections = [s for n in numbers for s in cards[n - 1].rotated(0) if s[0] == colour]
        return len(sections), sum(1 for s in sections if s[1])

    sea_lion = 1  # colour1 of seat 0; the cards still to come and those face up
    assert (found["colour1_unseen_self"], found["colour1_unseen_animals_self"]) == (
        count(state.pile, sea_lion)[0] / 40,
        count(state.pile, sea_lion)[1] / 10,
    )
    up = count([*state.offer, state.preview], sea_lion)
    assert (found["colour1_offer_self"], found["colour1_offer_animals_self"]) == (
        up[0] / 8,
        up[1] / 4,
    )
    assert found["to_draw_self"] == found["may_pass_self"] == 1.0
    assert found["animals_self"] == 2 / 15
    # another order of the cards to come changes nothing; a pass is read
    for k in range(3):
        assert value.features(state.determinize(Rng(k, "twin")), 0) == value.features(state, 0)
    state.apply("pass")
    found = dict(zip(names, value.features(state, 0), strict=True))
    assert (found["to_draw_self"], found["may_pass_self"]) == (1.0, 0.0)


def test_weights_of_an_older_feature_list_read_its_first_features() -> None:
    """Features are only added at the end: weights fitted before still load and play."""
    names = value.feature_names("aquaretto")
    data = good_file()
    n = len(value.COMMON + value.WATER)
    data["features"] = list(names[:n])
    data["norm"].update(mean=[0.0] * n, std=[1.0] * n)
    data["layers"][0]["w"] = [[0.1] * n] * 3
    model = value.from_json(data)
    assert model.inputs == n
    state = midgame()
    rows = value.every_seat(state, [1.0, 2.0])
    assert len(rows[0]) == len(names) > n
    expect = model.batch([row[:n] for row in rows])
    got = value.margins(model, state, [1.0, 2.0])
    assert got[0] == pytest.approx((expect[0] - expect[1]) / 2)
    # the weights must read as many features as the file names
    data["features"] = list(names[: n + 1])
    with pytest.raises(ValueError, match=f"read {n} features, the file names {n + 1}"):
        value.from_json(data)


def test_a_file_says_how_the_seats_predictions_combine() -> None:
    """At four players only the two leading seats' predictions share one margin."""
    # own margins (each over the best other): leader +5, then -5, -12 and -20
    p = [5.0, -5.0, -12.0, -20.0]
    assert value.combine(p) == [5.0, -5.0, -8.5, -12.5]  # the others squeezed to the leader
    assert value.combine(p, "own") == p
    assert value.combine([3.0, -1.0]) == [2.0, -2.0]  # two players: one margin, averaged
    data = good_file()
    assert value.from_json(data).seats == "averaged"  # a file without the key: as before
    data["seats"] = "own"
    model = value.from_json(data)
    assert model.seats == "own"
    state = games.get("aquaretto").new_game(players=4, seed=3)
    evals = [1.0, 2.0, 0.0, 3.0]
    expect = model.batch(value.every_seat(state, evals))
    assert value.margins(model, state, evals) == expect


def test_the_mlp_computes_what_its_weights_say() -> None:
    # two inputs, standardised, one hidden layer of two ReLUs, one output rescaled
    mlp = value.Mlp(
        weights=[[[1.0, -1.0], [0.5, 0.5]], [[2.0, 3.0]]],
        biases=[[0.0, -10.0], [1.0]],
        mean=[1.0, 0.0],
        std=[2.0, 1.0],
        scale=4.0,
        shift=-1.0,
    )
    # h0 = (3-1)/2 = 1, h1 = 2; hidden: relu(1-2) = 0, relu(0.5+1-10) = 0; out 1 * 4 - 1
    assert mlp([3.0, 2.0]) == 3.0
    # hidden: relu(0 - (-3)) = 3, relu(-1.5 - 10) = 0; out (2*3 + 1) * 4 - 1
    assert mlp([1.0, -3.0]) == 27.0
    with pytest.raises(ValueError, match="expected 2 features"):
        mlp([1.0])


def good_file() -> dict[str, Any]:
    n = len(value.feature_names("aquaretto"))
    return {
        "format": value.FORMAT,
        "game": "aquaretto",
        "features": list(value.feature_names("aquaretto")),
        "norm": {"mean": [0.0] * n, "std": [1.0] * n, "scale": 1.0, "shift": 0.0},
        "layers": [{"w": [[0.1] * n] * 3, "b": [0.0] * 3}, {"w": [[1.0] * 3], "b": [0.5]}],
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.update(features=["x"]), "other features"),
        (lambda d: d.update(features=list(value.feature_names("zooloretto"))), "aquaretto's"),
        (lambda d: d.update(game="chess"), "no known game"),
        (lambda d: d.pop("game"), "no known game"),
        (lambda d: d["layers"][1].update(b=[0.5, 1.0]), "shape"),
        (lambda d: d["layers"][0].update(w=[[0.1]] * 3), "shape"),
        (lambda d: d.pop("norm"), "malformed"),
        (lambda d: d["layers"].pop(), "one output"),
        (lambda d: d.update(seats="best"), "seats: 'best' is not one of averaged, own"),
    ],
)
def test_a_bad_weights_file_is_refused(change: Any, message: str) -> None:
    assert value.from_json(good_file())([0.0] * len(value.feature_names("aquaretto"))) == 0.5
    data = good_file()
    change(data)
    with pytest.raises(ValueError, match=message):
        value.from_json(data)


def test_the_truck_games_ship_weights() -> None:
    assert {"aquaretto", "zooloretto", "aquaretto-zooloretto"} <= set(SHIPPED)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_shipped_weights_load_from_the_package(game: str) -> None:
    source = resources.files("zoogames.bots").joinpath("models", f"{game}.json")
    assert len(source.read_bytes()) <= 10 << 20
    model = value.load(game)
    assert 0 < model.inputs <= len(value.feature_names(game))
    assert value.load(game) is model  # loaded once
    state = midgame(game=game)
    greedy = bots.make("greedy", seed=0, game=game)
    evals = [greedy.evaluate(state, i) for i in range(2)]  # type: ignore[attr-defined]
    m = value.margins(model, state, evals)
    assert m[0] == -m[1] and abs(m[0]) < 100


def test_the_model_card_names_the_shipped_files() -> None:
    """docs/bots.md's checksums are the files': a refit that ships new weights must say so."""
    card = (ROOT / "docs" / "bots.md").read_text()
    found = re.findall(r"^\| file \| [^|]*SHA-256 `([0-9a-f]{64})` \|$", card, re.MULTILINE)
    models = resources.files("zoogames.bots").joinpath("models")
    shipped = [models.joinpath(name).read_bytes() for name in value.shipped_files()]
    assert sorted(found) == sorted(hashlib.sha256(b).hexdigest() for b in shipped)


def test_a_player_counts_own_weights_are_preferred_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``<game>-<N>p.json`` plays at ``N`` players, the game's file at every other count."""
    data = json.loads(
        resources.files("zoogames.bots").joinpath("models", "aquaretto.json").read_text()
    )
    (tmp_path / "aquaretto.json").write_text(json.dumps(data))
    data["layers"][-1]["b"][0] += 1.0
    (tmp_path / "aquaretto-4p.json").write_text(json.dumps(data))
    monkeypatch.setenv(value.MODELS_ENV, str(tmp_path))
    game_file = value.load("aquaretto")
    assert value.load("aquaretto", 2) is game_file and value.load("aquaretto", 3) is game_file
    four = value.load("aquaretto", 4)
    assert four is not game_file
    assert four.digest == hashlib.sha256((tmp_path / "aquaretto-4p.json").read_bytes()).hexdigest()
    # the search at four players judges by that file, at two by the game's
    for players, model in ((4, four), (2, game_file)):
        state = games.get("aquaretto").new_game(players=players, seed=3)
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        bot = bots.make("mcts:iterations=5,leaf=learned", seed=0, game="aquaretto")
        bot.choose(state)
        assert bot.model is model  # type: ignore[attr-defined]
    # a count's file alone is not the game's weights
    (tmp_path / "aquaretto.json").unlink()
    (tmp_path / "zooloretto-4p.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="no learned evaluation for 'zooloretto'"):
        value.load("zooloretto", 2)
    with pytest.raises(ValueError, match=r"zooloretto-4p\.json holds the weights of 'aquaretto'"):
        value.load("zooloretto", 4)


def test_a_weights_files_name_reads_back_as_its_game_and_count() -> None:
    for game in ("aquaretto", "aquaretto-zooloretto", "aquarium-designer"):
        assert value.parse_model_file(value.model_file(game)) == (game, None)
        for n in (2, 4):
            assert value.parse_model_file(value.model_file(game, n)) == (game, n)
    for bad in ("aquaretto", ".json", "aquaretto.txt"):
        with pytest.raises(ValueError, match="not a weights file"):
            value.parse_model_file(bad)


def test_the_shipped_files_are_games_or_their_player_counts() -> None:
    names = value.shipped_files()
    assert {f"{g}.json" for g in SHIPPED} <= set(names)
    for name in set(names) - {f"{g}.json" for g in SHIPPED}:
        game, count = value.parse_model_file(name)
        assert game in SHIPPED and count is not None and 2 <= count <= 5, name
        model = value.load(game, count)
        raw = resources.files("zoogames.bots").joinpath("models", name).read_bytes()
        assert len(raw) <= 10 << 20
        assert model.digest == hashlib.sha256(raw).hexdigest()
        assert model is not value.load(game)


def test_a_folder_of_weights_replaces_the_shipped_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ZOOGAMES_MODELS``: a model not yet shipped plays its self-play and its matches."""
    data = json.loads(
        resources.files("zoogames.bots").joinpath("models", "aquaretto.json").read_text()
    )
    data["layers"][-1]["b"][0] += 1.0  # another model: every prediction one spread higher
    (tmp_path / "aquaretto.json").write_text(json.dumps(data))
    row = [0.0] * len(data["features"])
    shipped = value.load("aquaretto")
    monkeypatch.setenv(value.MODELS_ENV, str(tmp_path))
    other = value.load("aquaretto")
    assert other is not shipped and other(row) == pytest.approx(
        shipped(row) + data["norm"]["scale"]
    )
    # only that folder: a game it lacks is an error, not the shipped weights
    with pytest.raises(
        ValueError, match=f"no learned evaluation for 'zooloretto' in {value.MODELS_ENV}"
    ):
        value.load("zooloretto")
    monkeypatch.delenv(value.MODELS_ENV)
    assert value.load("aquaretto") is shipped


def test_a_game_without_weights_is_refused_at_its_first_decision() -> None:
    with pytest.raises(ValueError, match="no learned evaluation ships for 'nope'"):
        value.load("nope")
    # a game of the package that has no weights (yet) says so when the search starts
    missing = [g for g in games.ids() if g not in SHIPPED]
    if missing:
        state = games.get(missing[0]).new_game(players=2, seed=1)
        while len(state.legal_actions()) < 2:  # a forced move asks no search
            state.apply(state.legal_actions()[0])
        bot = bots.make("mcts:iterations=5,leaf=learned", seed=0, game=missing[0])
        with pytest.raises(ValueError, match="no learned evaluation"):
            bot.choose(state)


@pytest.mark.parametrize(
    ("spec", "message"),
    [("mcts:leaf=neural", "leaf must be greedy or learned"), ("mcts:blend=1.5", "blend")],
)
def test_bad_search_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bots.make(spec, seed=0, game="aquaretto")


def test_the_learned_leaf_changes_the_search_and_blend_zero_does_not() -> None:
    state = midgame(seed=8)
    found = {}
    for spec in (
        "mcts:iterations=80",
        "mcts:iterations=80,leaf=learned",
        "mcts:iterations=80,leaf=learned,blend=0",
    ):
        bot = bots.make(spec, seed=2, game="aquaretto")
        assert isinstance(bot, MctsBot)
        bot.choose(state)
        found[spec] = bot.root_stats()
    # blend 0 weighs the model by nothing: the greedy search, visit for visit
    plain = found["mcts:iterations=80"]
    assert found["mcts:iterations=80,leaf=learned,blend=0"] == plain
    assert found["mcts:iterations=80,leaf=learned"] != plain


def fingerprint(pure: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "ZOOGAMES_PURE"}
    if pure:
        env["ZOOGAMES_PURE"] = "1"
    run = subprocess.run(
        [
            sys.executable,
            "-W",
            "ignore",
            "-c",
            "from tests.learn.value_fingerprint import main; main()",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    result: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def test_both_builds_give_the_same_values_and_moves_without_torch() -> None:
    pure = fingerprint(pure=True)
    default = fingerprint(pure=False)
    assert pure["compiled"] is False
    # without ZOOGAMES_PURE the compiled build runs exactly when it was built and is fresh
    assert default["compiled"] is (reason_without_env() is None)
    files = sorted(name.removesuffix(".json") for name in value.shipped_files())
    assert sorted(pure["margins"]) == files
    assert all(pure["margins"][f] and pure["moves"][f] for f in files)
    assert default["margins"] == pure["margins"]  # exact: the reprs of the floats
    assert default["moves"] == pure["moves"]
    assert pure["torch"] is False and default["torch"] is False


def reason_without_env() -> str | None:
    """Why the engine would be plain Python in a process without ``ZOOGAMES_PURE``."""
    saved = os.environ.pop("ZOOGAMES_PURE", None)
    try:
        return why_pure()
    finally:
        if saved is not None:
            os.environ["ZOOGAMES_PURE"] = saved
