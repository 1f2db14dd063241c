"""benchmarks/strength.py: one JSON line per game, built on arena runs that can resume."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_strength_prints_one_json_line_per_game(tmp_path: Path) -> None:
    cmd = [
        sys.executable,
        str(ROOT / "benchmarks" / "strength.py"),
        "--game",
        "aquaretto",
        "--games",
        "3",  # trimmed to whole blocks of 2 games
        "--only",
        "greedy-random-2p",
        "--workers",
        "1",
        "--out",
        str(tmp_path),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["game"] == "aquaretto" and report["benchmark"] == "strength"
    (m,) = report["matchups"]
    assert m["matchup"] == "greedy-random-2p" and m["games"] == 2
    assert m["target"] == 0.95
    lo, hi = m["win_rate_95"]
    assert lo <= m["win_rate"] <= hi
    assert m["met"] == (m["win_rate"] >= 0.95)
    # the same command again continues the run: nothing left to play, the same numbers
    again = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    assert again["matchups"][0]["win_rate"] == m["win_rate"]
