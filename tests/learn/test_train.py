"""Self-play and training: a tiny configuration end to end, in seconds.

Self-play is an arena run; its records give positions; PyTorch fits them (the ``[train]``
extra, which ``make test`` installs as it does for the RL example that trains a policy)
and the loss must fall; the weights file written loads in plain Python.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from zoogames.bots import value
from zoogames.cli import app
from zoogames.learn.data import final_margins, load_runs, positions, selfplay

# The [train] extra, installed wherever make test runs. Looked for, not imported: torch
# takes a second to import, and every test process collects this module.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("torch") is None, reason="needs PyTorch (the [train] extra)"
)

GAMES = 2


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("selfplay")
    result = selfplay("aquaretto", 2, ["greedy"], GAMES, seed=7, out=out)
    assert result.played == GAMES
    # margins to learn: a deal whose greedy games are drawn would leave every target 0
    assert len(set(positions(load_runs([out])).y)) > 1
    return out


def test_selfplay_positions_pair_each_seat_with_its_final_margin(run_dir: Path) -> None:
    records = load_runs([run_dir])
    assert len(records) == GAMES
    data = positions(records)
    assert data.games == GAMES and len(data.x) == len(data.y) > 50
    assert all(len(x) == len(value.feature_names("aquaretto")) for x in data.x)
    margins = final_margins(records[0])
    assert margins[0] == -margins[1]
    # each position gives one row per seat, in seat order
    assert data.y[0] == margins[0] and data.y[1] == margins[1]


def test_positions_read_on_processes_are_the_same(run_dir: Path) -> None:
    records = load_runs([run_dir])
    alone, pooled = positions(records), positions(records, workers=2)
    assert (pooled.x, pooled.y, pooled.game, pooled.seat, pooled.games) == (
        alone.x,
        alone.y,
        alone.game,
        alone.seat,
        alone.games,
    )
    assert sorted(set(alone.game)) == list(range(GAMES))


def test_the_fit_holds_out_whole_games(run_dir: Path) -> None:
    import torch

    from zoogames.learn.fit import _split, held_games

    data = positions(load_runs([run_dir]))
    assert held_games(data, 0.1) == 1  # at least one game of two, never both
    val, train = _split(data, 0.1, torch.Generator().manual_seed(0))
    held = {data.game[k] for k in val.tolist()}
    kept = {data.game[k] for k in train.tolist()}
    assert len(held) == 1 and held.isdisjoint(kept)
    assert len(val) + len(train) == len(data.y)


def test_a_tiny_fit_lowers_its_loss_and_repeats_itself(run_dir: Path, tmp_path: Path) -> None:
    from zoogames.learn.fit import fit, write

    data = positions(load_runs([run_dir]))
    first = fit(data, "aquaretto", hidden=(16, 16), epochs=8, batch=64, seed=3)
    assert first.train_loss[-1] < first.train_loss[0]
    again = fit(data, "aquaretto", hidden=(16, 16), epochs=8, batch=64, seed=3)
    assert again.weights == first.weights  # fixed seeds: the same weights
    digest = write(first.weights, tmp_path / "m.json")
    assert digest == write(again.weights, tmp_path / "again.json")
    model = value.from_json(json.loads((tmp_path / "m.json").read_text()))
    assert isinstance(model(data.x[0]), float)


def test_the_seats_errors_are_measured_as_the_search_reads_them() -> None:
    from zoogames.learn.data import Positions
    from zoogames.learn.fit import seat_errors

    # two positions of a 4-player game, and one of a 2-player game after them
    data = Positions(
        x=[[0.0]] * 10,
        y=[5.0, -5.0, -12.0, -20.0, 2.0, -2.0, -4.0, -8.0, 1.0, -1.0],
        game=[0] * 8 + [1] * 2,
        seat=[0, 1, 2, 3, 0, 1, 2, 3, 0, 1],
        games=2,
    )
    predicted = [5.0, -5.0, -12.0, -20.0, 2.0, -2.0, -4.0, -8.0, 3.0, -1.0]
    rows = list(range(10))
    errors = seat_errors(data, rows, predicted)
    # own: right but the last position's first seat (3 for 1); averaged: the seats
    # behind the second squeezed (-8.5 for -12, -12.5 for -20, -3 for -4, -5 for -8),
    # and the 2-player one averaged to (2, -2) against (1, -1)
    assert errors["own"] == pytest.approx(4.0 / 10)
    averaged = 3.5**2 + 7.5**2 + 1.0**2 + 3.0**2 + 1.0 + 1.0
    assert errors["averaged"] == pytest.approx(averaged / 10)
    mean = sum(data.y) / 10
    assert errors["mean"] == pytest.approx(sum((mean - y) ** 2 for y in data.y) / 10)


def test_a_fit_writes_how_the_seats_combine_only_where_it_is_not_the_default(
    run_dir: Path,
) -> None:
    from zoogames.learn.fit import fit

    data = positions(load_runs([run_dir]))
    plain = fit(data, "aquaretto", hidden=(8,), epochs=1, batch=64, seed=3)
    own = fit(data, "aquaretto", hidden=(8,), epochs=1, batch=64, seed=3, seats="own")
    assert "seats" not in plain.weights  # the files fitted before are written as they were
    assert own.weights["seats"] == "own" and value.from_json(own.weights).seats == "own"
    assert {k: v for k, v in own.weights.items() if k != "seats"} == plain.weights
    # measured on the held-out game: at two players own is the unaveraged reading
    assert set(plain.seat_errors) == {"averaged", "own", "mean"}
    assert plain.seat_errors == own.seat_errors
    assert plain.seat_errors["own"] != plain.seat_errors["averaged"]
    with pytest.raises(ValueError, match="seats is one of averaged, own"):
        fit(data, "aquaretto", hidden=(8,), epochs=1, seats="best")


def test_each_seat_s_next_position_is_its_own_in_the_same_game(run_dir: Path) -> None:
    from zoogames.learn.fit import successors

    data = positions(load_runs([run_dir]))
    assert data.seat[:4] == [0, 1, 0, 1]  # a position's seats in order
    nxt = successors(data)
    for k, n in enumerate(nxt):
        if n >= 0:
            assert n > k and (data.game[n], data.seat[n]) == (data.game[k], data.seat[k])
            # nothing of the seat's in that game between the two
            between = range(k + 1, n)
            assert all(
                (data.game[j], data.seat[j]) != (data.game[k], data.seat[k]) for j in between
            )
    assert nxt.count(-1) == GAMES * 2  # each seat's last position in each game
    assert nxt[0] == 2 and nxt[1] == 3
    data.seat.pop()
    with pytest.raises(ValueError, match="no seats"):
        successors(data)


def test_lambda_returns_run_from_the_final_margin_to_the_next_prediction() -> None:
    from zoogames.learn.fit import lambda_returns

    # one seat's three positions (0 -> 1 -> 2, the last), final margin 6
    nxt, finals, values = [1, 2, -1], [6.0, 6.0, 6.0], [1.0, 2.0, 4.0]
    assert lambda_returns(values, finals, nxt, 1.0) == finals  # Monte Carlo
    assert lambda_returns(values, finals, nxt, 0.0) == [2.0, 4.0, 6.0]  # TD(0)
    # λ = 0.5: G2 = 6, G1 = 0.5*4 + 0.5*6 = 5, G0 = 0.5*2 + 0.5*5 = 3.5
    assert lambda_returns(values, finals, nxt, 0.5) == [3.5, 5.0, 6.0]


def test_a_td_lambda_fit_lowers_the_error_against_the_final_margins(run_dir: Path) -> None:
    from zoogames.learn.fit import fit

    data = positions(load_runs([run_dir]))
    plain = fit(data, "aquaretto", hidden=(16,), epochs=6, batch=64, seed=3)
    same = fit(data, "aquaretto", hidden=(16,), epochs=6, batch=64, seed=3, td_lambda=1.0)
    assert same.weights == plain.weights  # λ = 1: the final margins, as before
    td = fit(data, "aquaretto", hidden=(16,), epochs=6, batch=64, seed=3, td_lambda=0.8)
    assert td.weights["training"]["td_lambda"] == 0.8
    assert "td_lambda" not in plain.weights["training"]
    assert td.weights != plain.weights
    # measured against the margins, whatever it trained on
    assert td.train_loss[0] == plain.train_loss[0] and td.train_loss[-1] < td.train_loss[0]


def test_weight_decay_pulls_the_weights_towards_zero(run_dir: Path) -> None:
    from zoogames.learn.fit import fit

    data = positions(load_runs([run_dir]))

    def size(weights: dict[str, object]) -> float:
        layers = weights["layers"]
        assert isinstance(layers, list)
        return float(sum(w * w for layer in layers for row in layer["w"] for w in row))

    plain = fit(data, "aquaretto", hidden=(16,), epochs=4, batch=64, seed=3)
    decayed = fit(data, "aquaretto", hidden=(16,), epochs=4, batch=64, seed=3, weight_decay=20)
    assert "weight_decay" not in plain.weights["training"]  # Adam, as the shipped files
    assert decayed.weights["training"]["weight_decay"] == 20
    assert size(decayed.weights) < size(plain.weights)
    with pytest.raises(ValueError, match="weight_decay"):
        fit(data, "aquaretto", epochs=1, weight_decay=-1)


def test_a_fit_on_the_first_features_reproduces_an_older_list(run_dir: Path) -> None:
    """``--features N``: a model of the list before later features were added."""
    from zoogames.learn.fit import fit

    data = positions(load_runs([run_dir]))
    names = value.feature_names("aquaretto")
    n = len(value.COMMON) + len(value.WATER)  # Aquaretto's list before the trucks'
    older = fit(data, "aquaretto", hidden=(8,), epochs=2, batch=64, seed=3, features=n)
    assert older.weights["features"] == list(names[:n])
    model = value.from_json(older.weights)
    assert model.inputs == n
    assert isinstance(model(data.x[0][:n]), float)  # the player reads a row's first n
    assert older.weights["norm"]["mean"] == [sum(c) / len(c) for c in zip(*data.x, strict=True)][:n]
    whole = fit(data, "aquaretto", hidden=(8,), epochs=2, batch=64, seed=3)
    every = fit(data, "aquaretto", hidden=(8,), epochs=2, batch=64, seed=3, features=len(names))
    assert every.weights == whole.weights
    for bad in (len(value.COMMON) - 1, len(names) + 1):
        with pytest.raises(ValueError, match="at least the first"):
            fit(data, "aquaretto", epochs=1, features=bad)


def test_each_game_fits_on_its_own_features(run_dir: Path, tmp_path: Path) -> None:
    from zoogames.learn.fit import fit

    selfplay("zooloretto", 2, ["greedy"], 1, seed=7, out=tmp_path / "zoo")
    zoo = positions(load_runs([tmp_path / "zoo"]))
    width = len(value.feature_names("zooloretto"))
    assert width != len(value.feature_names("aquaretto"))
    assert zoo.x and all(len(x) == width for x in zoo.x)
    result = fit(zoo, "zooloretto", hidden=(8,), epochs=2, batch=64, seed=0)
    assert result.weights["game"] == "zooloretto"
    assert value.from_json(result.weights).inputs == width
    # Aquaretto's positions are not Zooloretto's: refused before any training
    with pytest.raises(ValueError, match="not zooloretto's"):
        fit(positions(load_runs([run_dir])), "zooloretto", epochs=1)


def test_the_commands_run_end_to_end(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "run"
    done = runner.invoke(
        app, ["train", "selfplay", "aquaretto", "-b", "greedy", "-n", "2", "--seed", "9",
              "--out", str(out)],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    weights = tmp_path / "w.json"
    done = runner.invoke(
        app, ["train", "fit", str(out), "--out", str(weights), "--hidden", "8", "--epochs", "3"]
    )
    assert done.exit_code == 0, done.output
    assert "sha256" in done.output and weights.is_file()
    assert "the margins the search reads, in points²: averaged" in done.output
    done = runner.invoke(
        app, ["train", "fit", str(out), "--out", str(weights), "--hidden", "8", "--epochs", "1",
              "--seats", "own"],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    assert value.from_json(json.loads(weights.read_text())).seats == "own"


def test_selfplay_plays_with_a_model_not_yet_shipped(
    run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    models = tmp_path / "models"
    done = runner.invoke(
        app, ["train", "fit", str(run_dir), "--out", str(models / "aquaretto.json"),
              "--hidden", "8", "--epochs", "1"],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    # the command sets the variable for its workers; monkeypatch takes it back afterwards
    monkeypatch.setenv(value.MODELS_ENV, "")
    bot = "mcts:iterations=8,leaf=learned"
    args = ["train", "selfplay", "aquaretto", "-b", bot, "-n", "1", "--seed", "3"]
    done = runner.invoke(app, [*args, "--models", str(models), "--out", str(tmp_path / "r")])
    assert done.exit_code == 0, done.output
    assert os.environ[value.MODELS_ENV] == str(models.resolve())
    assert load_runs([tmp_path / "r"])[0]["result"] is not None
    # a folder without the game's weights is refused before any game is played
    done = runner.invoke(app, [*args, "--models", str(tmp_path), "--out", str(tmp_path / "x")])
    assert done.exit_code == 1 and "no learned evaluation for 'aquaretto'" in done.output
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hidden", "0"], "sizes like 64,64"),
        (["--epochs", "-1"], "epochs"),
        (["--weight-decay", "-0.5"], "weight_decay"),
        (["--features", "3"], "at least the first"),
        (["--td-lambda", "1.5"], "td_lambda"),
        (["--seats", "best"], "seats is one of averaged, own"),
    ],
)
def test_fit_refuses_bad_input(
    run_dir: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    weights = tmp_path / "w.json"
    done = CliRunner().invoke(app, ["train", "fit", str(run_dir), "--out", str(weights), *args])
    assert done.exit_code != 0 and message in done.output
    assert not weights.exists()


def test_fit_refuses_a_folder_without_games(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["train", "fit", str(tmp_path), "--out", str(tmp_path / "w")])
    assert done.exit_code == 1 and "holds no finished game" in done.output


def test_the_fit_keeps_the_epoch_that_did_best_on_the_held_out_games(run_dir: Path) -> None:
    import torch

    from zoogames.learn.fit import _split, fit

    data = positions(load_runs([run_dir]))
    # many epochs of a wide model on two games: it learns its one game past the point
    # where the held-out game stops improving
    result = fit(data, "aquaretto", hidden=(64, 64), epochs=25, batch=16, lr=3e-3, seed=1)
    best = result.best_epoch
    assert 0 < best < 25 and result.val_loss[best] == min(result.val_loss)
    assert result.weights["training"]["best_epoch"] == best
    # the weights written are that epoch's: their error on the held-out positions is its
    val, _ = _split(data, 0.1, torch.Generator().manual_seed(1))
    model = value.from_json(result.weights)
    scale = result.weights["norm"]["scale"]
    errors = [((model(data.x[k]) - data.y[k]) / scale) ** 2 for k in val.tolist()]
    assert sum(errors) / len(errors) == pytest.approx(result.val_loss[best], rel=1e-3)


def test_the_fit_sets_the_model_against_the_greedy_margin_stage_by_stage(run_dir: Path) -> None:
    import torch

    from zoogames.learn.fit import STAGES, _split, fit

    data = positions(load_runs([run_dir]))
    result = fit(data, "aquaretto", hidden=(16, 16), epochs=4, batch=64, seed=2)
    stages = result.stages
    assert result.weights["training"]["stages"] == stages
    val, train = _split(data, 0.1, torch.Generator().manual_seed(2))
    assert len(stages) == STAGES and sum(s["positions"] for s in stages) == len(val)
    bounds = [s["progress"] for s in stages]
    assert all(lo <= hi for lo, hi in bounds)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(bounds))
    # the stages' errors are the kept weights' held-out loss, cut in parts
    mean = sum(s["model"] * s["positions"] for s in stages) / len(val)
    assert mean == pytest.approx(result.val_loss[result.best_epoch], rel=1e-3)
    # the greedy line, fitted here by hand in points: least squares through eval_margin
    col = value.COMMON.index("eval_margin")
    xs = [data.x[k][col] for k in train.tolist()]
    ys = [data.y[k] for k in train.tolist()]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((a - mx) * (b - my) for a, b in zip(xs, ys, strict=True)) / sum(
        (a - mx) ** 2 for a in xs
    )
    shift = sum(data.y) / len(data.y)
    spread2 = sum((v - shift) ** 2 for v in data.y) / len(data.y)
    errors = [(my + slope * (data.x[k][col] - mx) - data.y[k]) ** 2 for k in val.tolist()]
    by_stages = sum(s["greedy_line"] * s["positions"] for s in stages) / len(val)
    assert by_stages == pytest.approx(sum(errors) / len(errors) / spread2, rel=1e-3)


def test_a_warm_start_begins_where_its_weights_left_off(run_dir: Path, tmp_path: Path) -> None:
    """``init``: the next round fine-tunes the model it played with, read as it was fitted."""
    from zoogames.learn.fit import digest, fit

    data = positions(load_runs([run_dir]))
    first = fit(data, "aquaretto", hidden=(16, 16), epochs=6, batch=64, seed=3)
    kept = first.val_loss[first.best_epoch]
    # no epochs: the weights come back as they went in, and so does their held-out error
    same = fit(data, "aquaretto", hidden=(16, 16), epochs=0, batch=64, seed=3, init=first.weights)
    assert same.weights["layers"] == first.weights["layers"]
    assert same.val_loss[0] == pytest.approx(kept, rel=1e-5)
    assert same.weights["training"]["init"] == {"sha256": digest(first.weights), "games": GAMES}
    # on other games the standardisation stays the one the weights were fitted with
    selfplay("aquaretto", 2, ["greedy"], 1, seed=11, out=tmp_path / "more")
    more = positions(load_runs([tmp_path / "more"]))
    tuned = fit(more, "aquaretto", hidden=(16, 16), epochs=4, batch=64, seed=3, init=first.weights)
    assert tuned.weights["norm"] == first.weights["norm"]
    fresh = fit(more, "aquaretto", hidden=(16, 16), epochs=0)
    assert tuned.weights["norm"] != fresh.weights["norm"]
    assert tuned.train_loss[-1] < tuned.train_loss[0]


def test_a_warm_start_refuses_weights_it_cannot_start_from(run_dir: Path, tmp_path: Path) -> None:
    from zoogames.learn.fit import fit

    data = positions(load_runs([run_dir]))
    start = fit(data, "aquaretto", hidden=(8,), epochs=1, batch=64, seed=3).weights
    with pytest.raises(ValueError, match="hidden layers are 8, not"):
        fit(data, "aquaretto", hidden=(16,), epochs=1, init=start)
    width = len(value.feature_names("aquaretto"))
    with pytest.raises(ValueError, match=f"read {width} features, not 20"):
        fit(data, "aquaretto", hidden=(8,), epochs=1, features=20, init=start)
    with pytest.raises(ValueError, match="not a weights file"):
        fit(data, "aquaretto", hidden=(8,), epochs=1, init={"format": -1})
    selfplay("zooloretto", 2, ["greedy"], 1, seed=7, out=tmp_path / "zoo")
    zoo = positions(load_runs([tmp_path / "zoo"]))
    with pytest.raises(ValueError, match="the weights are aquaretto's, the positions zooloretto's"):
        fit(zoo, "zooloretto", hidden=(8,), epochs=1, init=start)


def test_the_fit_command_starts_from_a_weights_file(run_dir: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    args = ["train", "fit", str(run_dir), "--epochs", "2"]
    done = runner.invoke(app, [*args, "--hidden", "8", "--out", str(first)])
    assert done.exit_code == 0, done.output
    # the layer sizes are the file's unless given
    done = runner.invoke(app, [*args, "--init", str(first), "--out", str(second)])
    assert done.exit_code == 0, done.output
    sha = done.output.split("sha256 ")[-1].rstrip(")\n")
    tuned = json.loads(second.read_text())
    assert [len(layer["b"]) for layer in tuned["layers"]] == [8, 1]
    import hashlib

    assert tuned["training"]["init"]["sha256"] == hashlib.sha256(first.read_bytes()).hexdigest()
    assert sha == hashlib.sha256(second.read_bytes()).hexdigest()
    for bad, message in ((tmp_path / "none.json", "--init"), (run_dir / "arena.json", "")):
        done = runner.invoke(app, [*args, "--init", str(bad), "--out", str(tmp_path / "x.json")])
        assert done.exit_code == 1 and message in done.output
        assert not (tmp_path / "x.json").exists()


def test_selfplay_resumes_with_the_run_s_own_settings(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "run"
    args = ["train", "selfplay", "aquaretto", "-b", "greedy", "-n", "1", "--seed", "9"]
    done = runner.invoke(app, [*args, "--out", str(out)])
    assert done.exit_code == 0, done.output
    # more games, the bots and the seed taken from the run, as `zoogames arena --resume`
    done = runner.invoke(app, ["train", "selfplay", "aquaretto", "--resume", "-n", "2",
                               "--out", str(out)])  # fmt: skip
    assert done.exit_code == 0, done.output
    records = load_runs([out])
    assert len(records) == 2
    assert {bot for r in records for bot in r["arena"]["bots"]} == {"greedy"}
    # what is given must still match the run
    done = runner.invoke(app, ["train", "selfplay", "aquaretto", "--resume", "--seed", "3",
                               "-n", "3", "--out", str(out)])  # fmt: skip
    assert done.exit_code == 1 and "seed differs" in done.output
    done = runner.invoke(app, ["train", "selfplay", "aquaretto", "--resume",
                               "--out", str(tmp_path / "none")])  # fmt: skip
    assert done.exit_code == 1 and "holds no run" in done.output
