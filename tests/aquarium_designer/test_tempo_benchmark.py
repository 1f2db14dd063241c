"""``benchmarks/designer_tempo.py``: what starting a round is worth, measured by greedy play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def test_it_prints_one_line_with_every_round_from_the_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = load_script(ROOT / "benchmarks/designer_tempo.py", "designer_tempo")
    assert module.main(["--games", "3", "--seed", "7"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "designer_tempo" and line["games"] == 3
    assert sorted(line["by_round"], key=int) == [str(r) for r in range(2, 9)]
    assert all(v["stderr"] >= 0 for v in line["by_round"].values())
    means = [v["mean"] for v in line["by_round"].values()]
    assert min(means) <= line["all"]["mean"] <= max(means)
