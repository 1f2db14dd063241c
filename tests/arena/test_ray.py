"""The arena on Ray: the same games, records and results as on processes.

A local Ray with 2 CPUs is started by the test (``ray.init(num_cpus=2)``); the arena joins
it (a Ray already started in the process is used as it is) and leaves it running.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from zoogames.arena import ArenaConfig, ArenaError, load_games, run
from zoogames.arena.runner import reachable

# an iteration budget, not a time budget: a game is the same on any machine
LINEUP = ["mcts:iterations=30", "greedy"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A Ray of 2 CPUs on this machine for the module, shut down at its end."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def games_of(out: Path) -> dict[int, dict[str, Any]]:
    """Each game's record without what depends on the machine (its seconds, the search's
    statistics)."""
    found = {}
    for index, record in load_games(out).items():
        arena = {k: v for k, v in record["arena"].items() if k not in ("seconds", "stats")}
        found[index] = {**record, "arena": arena}
    return found


@pytest.mark.slow
def test_ray_plays_the_same_games_as_the_processes_and_resumes(
    tmp_path: Path, local_ray: Any
) -> None:
    config = ArenaConfig.build("aquarium-designer", 2, LINEUP, games=6, seed=3)
    on_processes = tmp_path / "processes"
    run(config, on_processes, workers=2, plots=False)
    on_ray = tmp_path / "ray"
    first = ArenaConfig.build("aquarium-designer", 2, LINEUP, games=4, seed=3)
    assert run(first, on_ray, plots=False, ray="local").played == 4
    assert local_ray.is_initialized()  # the test's Ray was used, and left running
    assert run(config, on_ray, resume=True, plots=False, ray="auto").played == 2
    assert games_of(on_ray) == games_of(on_processes)  # game for game
    results = [json.loads((d / "results.json").read_text()) for d in (on_processes, on_ray)]
    for kept in results:  # (times depend on the machine)
        del kept["game_seconds"]
        for bot in kept["bots"].values():
            bot.get("search", {}).pop("iterations_per_second", None)
    assert results[0] == results[1]  # the same wins, points and ratings
    assert results[0]["games"] == 6


@pytest.mark.slow
def test_the_cli_runs_on_ray(tmp_path: Path, local_ray: Any) -> None:
    from typer.testing import CliRunner

    from zoogames.cli import app, with_optional_values

    def zoogames(*args: str) -> Any:
        return CliRunner().invoke(app, with_optional_values(list(args)))  # as main() does

    args = ["arena", "aquarium-designer", "--bot", "random", "--games", "2", "--no-plots"]
    result = zoogames(*args, "--ray", "--out", str(tmp_path / "a"))  # --ray alone: local
    assert result.exit_code == 0, result.output
    assert len(load_games(tmp_path / "a")) == 2
    result = zoogames(*args, "--out", str(tmp_path / "b"), "--ray")
    assert result.exit_code == 0, result.output
    result = zoogames(*args, "--out", str(tmp_path / "c"), "--ray", "auto")
    assert result.exit_code == 0, result.output
    both = zoogames(*args, "--ray", "--workers", "2")
    assert both.exit_code == 1 and "--workers and --ray" in both.output


@pytest.mark.slow
def test_a_folder_of_weights_reaches_the_tasks(
    tmp_path: Path, local_ray: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ZOOGAMES_MODELS`` (``train selfplay --models``) is read by Ray's tasks too."""
    from importlib import resources

    from zoogames.bots.value import MODELS_ENV

    data = json.loads(
        resources.files("zoogames.bots").joinpath("models", "aquaretto.json").read_text()
    )
    last = data["layers"][-1]
    last["w"] = [[-v for v in row] for row in last["w"]]  # a model that wants to lose
    last["b"] = [-v for v in last["b"]]
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "aquaretto.json").write_text(json.dumps(data))
    config = ArenaConfig.build("aquaretto", 2, ["mcts:iterations=30,leaf=learned", "greedy"], 1, 3)
    run(config, tmp_path / "shipped", plots=False, ray="local")
    monkeypatch.setenv(MODELS_ENV, str(folder))
    run(config, tmp_path / "ray", plots=False, ray="local")
    run(config, tmp_path / "processes", workers=1, plots=False)
    assert games_of(tmp_path / "ray") == games_of(tmp_path / "processes")
    assert games_of(tmp_path / "ray") != games_of(tmp_path / "shipped")


def test_an_address_with_no_cluster_fails_at_once(tmp_path: Path) -> None:
    """Before, ``ray.init`` retried such an address for good and ignored Ctrl-C.

    In a process of its own: a Ray already started in this one (the module's) is used as
    it is, whatever the address.
    """
    with socket.socket() as s:  # a port of this machine where nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    zoogames = str(Path(sys.executable).with_name("zoogames"))
    command = [zoogames, "arena", "aquaretto", "--bot", "random", "--games", "1",
               "--no-plots", "--out", str(tmp_path / "out")]  # fmt: skip
    started = time.monotonic()
    address = f"127.0.0.1:{port}"
    done = subprocess.run(
        [*command, "--ray", address], check=False, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0 and "no Ray cluster answers there" in done.stderr + done.stdout
    assert time.monotonic() - started < 30
    with pytest.raises(ArenaError, match="give HOST:PORT"):
        reachable("nowhere")
