"""``benchmarks/agreement.py``: where a deeper search decides otherwise than a bot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


def test_it_prints_one_line_that_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    module = load_script(ROOT / "benchmarks/agreement.py", "agreement")
    # one iteration plays the greedy choice whatever the seed: it agrees with itself
    argv = ["--bot", "mcts:iterations=1", "--deep", "mcts:iterations=150", "--games", "2"]
    assert module.main(argv) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "agreement" and line["game"] == "aquarium-designer"
    decisions = line["decisions"]
    assert decisions >= 2 * 16  # eight draws a seat, and any passes
    assert line["bot_with_itself"] == {"same": decisions, "kind": 0, "place": 0}
    deep = line["bot_with_deep"]
    assert sum(deep.values()) == decisions and deep["same"] < decisions
    rounds = line["differ_by_round"]
    assert sorted(rounds, key=int) == [str(r) for r in range(1, 9)]
    assert sum(r["decisions"] for r in rounds.values()) == decisions
    assert sum(r["differ"] for r in rounds.values()) == decisions - deep["same"]
    for kind in ("kind", "place"):
        assert deep[kind] or line["mean_regret"][kind] is None


def test_the_deep_search_must_be_a_search(capsys: pytest.CaptureFixture[str]) -> None:
    module = load_script(ROOT / "benchmarks/agreement.py", "agreement")
    with pytest.raises(SystemExit):
        module.main(["--deep", "greedy", "--games", "1"])
    assert "--deep must be an mcts search" in capsys.readouterr().err
