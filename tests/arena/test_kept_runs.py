"""The runs kept in ``runs/``: each is what its ``arena.json`` says, as its README says.

A kept run is continued from a fresh clone (``--resume``) and fitted on; a game copied in
from another run, a hand-edited record or weights of another game would silently change
what it measures. Every game is checked against the schedule (its deal, its seats, its
bots' seeds) and replayed to its recorded result; a folder of weights must load as the
game its files name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import zoogames
from zoogames.arena import load_config, load_games
from zoogames.arena.runner import game_path, played_weights
from zoogames.bots import value

RUNS = Path(__file__).resolve().parents[2] / "runs"
FOLDERS = sorted(p for p in RUNS.iterdir() if p.is_dir()) if RUNS.is_dir() else []
ARENA_RUNS = [p for p in FOLDERS if (p / "arena.json").is_file()]
WEIGHTS = [p for p in FOLDERS if p not in ARENA_RUNS]


def test_the_readme_names_every_kept_folder() -> None:
    readme = (RUNS / "README.md").read_text(encoding="utf-8")
    assert FOLDERS, "runs/ holds no run"
    assert [p.name for p in FOLDERS if f"`{p.name}`" not in readme] == []


@pytest.mark.parametrize("run", ARENA_RUNS, ids=[p.name for p in ARENA_RUNS])
def test_every_game_of_a_kept_run_is_the_game_its_schedule_deals(run: Path) -> None:
    config = load_config(run)
    assert config is not None
    games = load_games(run)
    files = sorted((run / "games").glob("*.json"))
    assert len(files) == len(games), "a game file that is unreadable or unfinished"
    for index, rec in games.items():
        assert game_path(run, index).is_file(), f"game {index} is not in its own file"
        assert 0 <= index < config.games
        assert rec["game"] == config.game and rec["options"]["players"] == config.players
        assert rec["seed"] == config.game_seed(index)
        assert rec["arena"]["bots"] == config.seats(index)
        assert rec["arena"]["bot_seeds"] == config.bot_seeds(index)
    # one bot, one set of weights: a run whose learned seats changed weights is two runs
    assert len(played_weights(games.values())) <= 1


@pytest.mark.parametrize("run", ARENA_RUNS, ids=[p.name for p in ARENA_RUNS])
def test_kept_games_replay_to_their_recorded_results(run: Path) -> None:
    for index, rec in load_games(run).items():
        final = zoogames.replay(rec)
        assert final.result().to_json() == rec["result"], f"game {index}"


@pytest.mark.parametrize("folder", WEIGHTS, ids=[p.name for p in WEIGHTS])
def test_kept_weights_load_as_the_game_their_file_names(folder: Path) -> None:
    files = sorted(folder.glob("*.json"))
    assert files, f"{folder.name} holds no weights file"
    for path in files:
        game, _players = value.parse_model_file(path.name)
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == game
        model = value.from_json(data)
        assert model.inputs == len(data["features"])
