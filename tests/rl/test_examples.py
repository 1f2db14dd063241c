"""Each example in examples/ runs in its short version and prints its result."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(script: str, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_pettingzoo_play() -> None:
    out = run("pettingzoo_play.py", "--players", "3")
    assert out["replay_matches"] is True
    assert sorted(out["rewards"].values()) == sorted(out["replayed_scores"])


@pytest.mark.slow
def test_openspiel_mcts() -> None:
    out = run("openspiel_mcts.py", "--games", "1", "--simulations", "3")
    assert out["games"] == 1 and 0 <= out["mcts_wins"] <= 1


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_gymnasium_train_quick() -> None:
    out = run("gymnasium_train.py", "--quick")
    assert out["episodes"] >= 1
    assert out["eval_games"] == 20 and out["game"] == "aquarium-designer"
    assert isinstance(out["beats_random"], bool)
