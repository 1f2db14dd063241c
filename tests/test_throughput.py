"""``benchmarks/throughput.py`` compares the engine with another version's (``--baseline``).

The figures are measured, not asserted (docs/performance.md); what is tested is
that each build runs in its own process, the baseline from the sources it was given.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).parents[1]
throughput = load_script(ROOT / "benchmarks" / "throughput.py", "throughput")


def test_a_baseline_runs_from_its_own_sources(tmp_path: Path) -> None:
    """A baseline whose engine cannot be imported fails: the child really used its path."""
    broken = tmp_path / "src" / "zoogames"
    broken.mkdir(parents=True)
    (broken / "__init__.py").write_text("raise ImportError('the baseline was imported')\n")
    with pytest.raises(subprocess.CalledProcessError) as failed:
        throughput.in_process("baseline", ["aquarium-designer"], 0.05, str(tmp_path / "src"))
    assert "the baseline was imported" in failed.value.stderr


def test_engines_with_a_baseline_report_each_builds_ratio_to_it() -> None:
    out = throughput.engines(["aquarium-designer"], 0.05, baseline=str(ROOT / "src"))
    assert set(out) >= {"pure", "compiled", "baseline", "over_baseline", "speedup"}
    for build in ("pure", "compiled"):
        ratios = out["over_baseline"][build]["aquarium-designer"]
        assert set(ratios) == {"2", "4"}
        assert all(r > 0 for r in ratios.values())
    assert out["baseline"]["games"]["aquarium-designer"]["2"] > 0
