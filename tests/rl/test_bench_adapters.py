"""benchmarks/adapters.py: one JSON line, and its free-encoding patch leaves nothing behind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from pettingzoo.env_registry.exceptions import FailedToImport

from tests.scripts import load_script
from zoogames.rl.pettingzoo import ObsDict, env
from zoogames.rl.spaces import action_space, observation_encoder

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "adapters.py"


def bench() -> ModuleType:
    """The benchmark script as a module."""
    return load_script(SCRIPT, "bench_adapters")


def first_observation() -> ObsDict:
    """The first agent's observation in a fresh game of seed 3."""
    e = env("zooloretto", players=2)
    e.reset(seed=3)
    obs: ObsDict | None = e.last()[0]
    assert obs is not None
    return obs


def test_free_encoding_is_undone() -> None:
    real_obs = first_observation()
    assert real_obs["observation"].any() and real_obs["action_mask"].any()
    encoder = observation_encoder("zooloretto", 2)
    with bench().free_encoding("zooloretto", 2):
        free = first_observation()
        assert not free["observation"].any() and not free["action_mask"].any()
        assert free["observation"].shape == real_obs["observation"].shape
    assert observation_encoder("zooloretto", 2) is encoder
    assert "mask_of" not in vars(action_space("zooloretto", 2))
    again = first_observation()
    assert np.array_equal(again["observation"], real_obs["observation"])
    assert np.array_equal(again["action_mask"], real_obs["action_mask"])


@pytest.mark.slow
def test_prints_one_json_line() -> None:
    cmd = [sys.executable, str(SCRIPT), "--game", "zooloretto", "--players", "2"]
    out = subprocess.run(
        [*cmd, "--seconds", "0.2"], capture_output=True, text=True, check=True, timeout=300
    )
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    if bench().build() == "compiled":  # then the pure engine is measured beside it
        assert set(result["builds"]) == {"compiled", "pure"}
    else:
        assert set(result["builds"]) == {"pure"}
        assert result["compiled"].startswith("absent")
    build = result["builds"]["pure"]
    (figures,) = build["games"]["zooloretto"]
    assert figures["players"] == 2
    assert set(figures["overhead_without_encoding"]) == {"pettingzoo", "gymnasium", "openspiel"}
    assert figures["overhead"]["pettingzoo"] > -1
    assert set(build["floors_us"]) == {"pettingzoo", "pettingzoo_zoogames_wrapper", "openspiel"}
    # The anchor: PettingZoo's connect four (its classic extra is in the rl extra).
    assert build["connect_four_steps_per_second"] > 0
    versus = figures["vs_connect_four"]
    assert set(versus) == {
        "pettingzoo",
        "pettingzoo_mask",
        "pettingzoo_reuse",
        "pettingzoo_reuse_mask",
    }
    assert all(v > 0 for v in versus.values())
    assert figures["actions_per_second"]["connect_four"] > 0


def test_connect_four_anchor_is_reported_missing_without_pettingzoo_classic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pettingzoo

    module = bench()
    assert module.connect_four_missing() is None

    def fail(*args: object, **kwargs: object) -> None:
        raise FailedToImport("no pygame")

    monkeypatch.setattr(pettingzoo, "make", fail)
    assert module.connect_four_missing().startswith("missing: PettingZoo's classic extra")


def test_reports_the_pure_build_beside_the_compiled_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a compiled engine in use, the pure one is measured in a child process."""
    import zoogames

    module = bench()
    monkeypatch.setattr(zoogames, "compiled", lambda: True, raising=False)
    assert module.build() == "compiled"
    argv = [str(SCRIPT), "--game", "zooloretto", "--players", "2", "--seconds", "0.1"]
    monkeypatch.setattr(sys, "argv", [*argv, "--only", "pettingzoo"])
    module.main()
    result = json.loads(capsys.readouterr().out)
    assert set(result["builds"]) == {"compiled", "pure"}
    assert "compiled" not in result  # no "absent" note when both are there
    for build in result["builds"].values():
        (figures,) = build["games"]["zooloretto"]
        assert set(figures["actions_per_second"]) == {"engine", "pettingzoo", "connect_four"}
    monkeypatch.setattr(zoogames, "compiled", lambda: {"zoogames.core.game": False})
    assert module.build() == "pure"
