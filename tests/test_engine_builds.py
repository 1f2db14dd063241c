"""The compiled engine and the plain-Python one: which runs, and that they agree exactly."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zoogames
from zoogames import _engine

ROOT = Path(__file__).resolve().parent.parent


def child_env(pure: bool) -> dict[str, str]:
    """This process's environment, with ``ZOOGAMES_PURE=1`` only where ``pure``."""
    env = {k: v for k, v in os.environ.items() if k != "ZOOGAMES_PURE"}
    if pure:
        env["ZOOGAMES_PURE"] = "1"
    return env


def fingerprint(pure: bool) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-c", "from tests.engine_fingerprint import main; main()"],
        cwd=ROOT,
        env=child_env(pure),
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    result: dict[str, object] = json.loads(run.stdout)
    return result


@pytest.mark.slow
def test_both_builds_count_score_and_search_alike() -> None:
    """Every perft-style count, every final score and an ``iterations`` MCTS game, move for
    move, are the same on the compiled build and on plain Python.

    Where no fresh compiled build exists there is nothing to compare, and the test fails
    saying so rather than compare plain Python with itself: ``make install`` builds the
    engine (``make test-pure``, which runs on plain Python on purpose, leaves this out).
    """
    reason = reason_without_env()
    if reason is not None:
        pytest.fail(
            f"no compiled engine to compare with plain Python: {reason} (`make install` builds it)"
        )
    pure = fingerprint(pure=True)
    default = fingerprint(pure=False)
    assert pure["compiled"] is False
    assert default["compiled"] is True
    assert default["counts"] == pure["counts"]
    assert default["mcts"] == pure["mcts"]


def reason_without_env() -> str | None:
    """Why the engine would be plain Python in a process without ``ZOOGAMES_PURE``."""
    saved = os.environ.pop("ZOOGAMES_PURE", None)
    try:
        return _engine.why_pure()
    finally:
        if saved is not None:
            os.environ["ZOOGAMES_PURE"] = saved


def test_compiled_reports_the_modules_in_use() -> None:
    import zoogames.core.game as game
    import zoogames.games.trucks as trucks

    files = {Path(game.__file__).suffix, Path(trucks.__file__).suffix}
    assert files == ({".so"} if zoogames.compiled() else {".py"})
    assert zoogames.compiled() is (_engine.REASON is None)


def test_pure_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZOOGAMES_PURE", "1")
    assert _engine.why_pure() == "ZOOGAMES_PURE=1"


def test_a_source_changed_since_the_build_means_plain_python(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ZOOGAMES_PURE", raising=False)
    pkg = tmp_path / "core"
    pkg.mkdir()
    source = pkg / "game.py"
    source.write_text("x = 1\n")
    monkeypatch.setattr(_engine, "ROOT", tmp_path)
    monkeypatch.setattr(_engine, "PACKAGES", ("core",))
    assert _engine.why_pure() == "no compiled modules"
    source.with_name("game" + importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"")
    (tmp_path / _engine.STAMP).write_text(_engine.digest() + "\n")
    assert _engine.why_pure() is None
    source.write_text("x = 2\n")  # edited after the build
    assert "sources changed since the build" in (_engine.why_pure() or "")


ASKED = """
import json
import zoogames
from zoogames import bots
from zoogames.bots.greedy import GreedyBot
from zoogames.bots.mcts import MctsBot
from zoogames.games.aquarium_designer.state import DesignerState
from zoogames.games.trucks import TruckState

zoo = zoogames.games.get("zooloretto").new_game(players=2, seed=1)
design = zoogames.games.get("aquarium-designer").new_game(players=2, seed=1)
greedy = bots.make("greedy", game="aquarium-designer")
search = bots.make("mcts")
print(json.dumps([
    isinstance(design, TruckState), isinstance(zoo, DesignerState),
    isinstance(zoo, TruckState), isinstance(design, DesignerState),
    isinstance(search, GreedyBot), isinstance(greedy, MctsBot),
    isinstance(greedy, GreedyBot), isinstance(search, MctsBot),
    zoogames.compiled(),
]))
"""


@pytest.mark.parametrize("pure", [False, True])
def test_isinstance_answers_alike_whatever_was_asked_before(pure: bool) -> None:
    # compiled subclasses of an ABC shared one isinstance cache: after "is a Designer
    # state a truck state? no", a Zooloretto state was no truck state either
    run = subprocess.run(
        [sys.executable, "-c", ASKED],
        cwd=ROOT,
        env=child_env(pure),
        capture_output=True,
        text=True,
        check=True,
    )
    *answers, compiled = json.loads(run.stdout)
    assert answers == [False, False, True, True, False, False, True, True]
    # a process without ZOOGAMES_PURE is compiled where a fresh build exists, even when
    # this one runs on plain Python (make test-pure)
    assert compiled is (not pure and reason_without_env() is None)
