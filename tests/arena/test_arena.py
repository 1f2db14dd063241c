"""The arena: schedule, files, numbers that agree with the records, interrupt and resume."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import zoogames
from zoogames.arena import ArenaConfig, ArenaError, load_games, parse_share, run
from zoogames.arena.stats import ratings, summarize, wilson
from zoogames.cli import app


def test_seats_rotate_so_every_bot_plays_every_seat_on_the_same_deals() -> None:
    config = ArenaConfig.build("aquaretto", 3, ["greedy", "random"], games=6)
    assert config.lineup == ["greedy", "random", "random"]
    seats = [config.seats(i) for i in range(6)]
    for s in range(3):
        assert sum(lineup[s] == "greedy" for lineup in seats) == 2
    assert [config.game_seed(i) for i in range(6)] == [0, 0, 0, 1, 1, 1]
    assert len({tuple(config.bot_seeds(i)) for i in range(6)}) == 6


def test_bad_lineups_are_refused() -> None:
    with pytest.raises(ArenaError, match="at most one per seat"):
        ArenaConfig.build("aquaretto", 2, ["random"] * 3, games=2)
    with pytest.raises(ArenaError, match="unknown bot"):
        ArenaConfig.build("aquaretto", 2, ["wizard"], games=2)
    with pytest.raises(ArenaError, match="unknown game"):
        ArenaConfig.build("chess", 2, ["random"], games=2)


@pytest.mark.slow
def test_a_tiny_run_writes_records_results_and_plots(tmp_path: Path) -> None:
    config = ArenaConfig.build("aquaretto", 2, ["greedy", "random"], games=4, seed=5)
    outcome = run(config, tmp_path, workers=2)
    assert not outcome.interrupted and outcome.played == 4
    records = load_games(tmp_path)
    assert sorted(records) == [0, 1, 2, 3]
    for index, rec in records.items():
        final = zoogames.replay(rec)  # every game is a replayable record
        assert list(final.result().totals) == rec["result"]["scores"]
        assert rec["arena"]["bots"] == config.seats(index)
    results = json.loads((tmp_path / "results.json").read_text())
    assert results == json.loads(json.dumps(outcome.results))
    # the numbers agree with the records
    for spec in ("greedy", "random"):
        mine = [
            (rec, seat)
            for rec in records.values()
            for seat, s in enumerate(rec["arena"]["bots"])
            if s == spec
        ]
        wins = sum(
            1 / len(r["result"]["winners"]) for r, seat in mine if seat in r["result"]["winners"]
        )
        b = results["bots"][spec]
        assert b["games"] == len(mine) == 4
        assert b["wins"] == pytest.approx(wins)
        assert b["mean_score"] == pytest.approx(
            sum(r["result"]["scores"][seat] for r, seat in mine) / 4, abs=1e-3
        )
        assert [x["games"] for x in b["seats"]] == [2, 2]
        lo, hi = b["win_rate_95"]
        assert lo <= b["win_rate"] <= hi
    assert results["bots"]["greedy"]["win_rate"] == 1.0
    assert (
        results["bots"]["greedy"]["openskill"]["mu"] > results["bots"]["random"]["openskill"]["mu"]
    )
    assert sum(p["games"] for p in results["turn_order"]) == 8
    for name in ("scores.png", "win_rates.png", "turn_order.png"):
        assert (tmp_path / name).read_bytes()[:4] == b"\x89PNG"


@pytest.mark.slow
def test_resume_plays_only_the_missing_games_and_gets_the_same_ones(tmp_path: Path) -> None:
    config = ArenaConfig.build("aquaretto", 2, ["greedy", "random"], games=4, seed=2)
    run(config, tmp_path, workers=2, plots=False)
    before = load_games(tmp_path)
    for index in (1, 3):  # as if the run had been stopped before these finished
        (tmp_path / "games" / f"{index:06d}.json").unlink()
    with pytest.raises(ArenaError, match="--resume"):
        run(config, tmp_path, workers=2, plots=False)
    outcome = run(config, tmp_path, workers=2, resume=True, plots=False)
    assert outcome.played == 2
    after = load_games(tmp_path)
    for index in range(4):
        a, b = dict(before[index]), dict(after[index])
        assert a["actions"] == b["actions"]  # the same seeds give the same games
    bigger = ArenaConfig.build("aquaretto", 2, ["greedy", "random"], games=6, seed=2)
    assert run(bigger, tmp_path, workers=1, resume=True, plots=False).played == 2
    other = ArenaConfig.build("aquaretto", 2, ["random", "random"], games=6, seed=2)
    with pytest.raises(ArenaError, match="lineup differs"):
        run(other, tmp_path, resume=True)


def test_a_run_shared_between_machines_adds_up_to_the_whole_run(tmp_path: Path) -> None:
    config = ArenaConfig.build("aquaretto", 2, ["greedy", "random"], games=6, seed=3)
    whole = run(config, tmp_path / "whole", workers=2, plots=False)
    # two machines, each with its share; then the files in one folder
    first = run(config, tmp_path / "a", workers=2, plots=False, only=parse_share("0-1,5", 6))
    second = run(config, tmp_path / "b", plots=False, only=parse_share("2-3", 6))
    assert (first.played, second.played) == (3, 2)
    assert sorted(load_games(tmp_path / "a")) == [0, 1, 5]
    assert second.results["games"] == 2  # a share's summary counts its own games
    for path in (tmp_path / "b" / "games").iterdir():
        shutil.copy(path, tmp_path / "a" / "games")
    rest = run(config, tmp_path / "a", plots=False, resume=True)
    assert rest.played == 1  # game 4, which neither share played
    merged = load_games(tmp_path / "a")
    assert {i: r["actions"] for i, r in merged.items()} == {
        i: r["actions"] for i, r in load_games(tmp_path / "whole").items()
    }

    def standing(results: dict[str, Any]) -> dict[str, tuple[int, float, float]]:
        return {s: (b["games"], b["wins"], b["mean_score"]) for s, b in results["bots"].items()}

    assert standing(rest.results) == standing(whole.results)


@pytest.mark.parametrize("text", ["6", "2-1", "-1", "a-b", "1,,2", "0-6", ""])
def test_a_share_out_of_the_run_is_refused(text: str) -> None:
    with pytest.raises(ArenaError, match="--only"):
        parse_share(text, 6)
    assert parse_share(" 0-2, 4 ", 6) == {0, 1, 2, 4}


def test_records_name_the_learned_weights_and_resume_keeps_to_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from zoogames.bots import value

    shipped = resources.files(value.PACKAGE).joinpath("models", "aquaretto.json").read_bytes()
    digest = hashlib.sha256(shipped).hexdigest()
    learned = "mcts:iterations=4,leaf=learned"
    out = tmp_path / "run"
    outcome = run(ArenaConfig.build("aquaretto", 2, [learned, "greedy"], 1, 3), out, plots=False)
    record = load_games(out)[0]
    assert record["arena"]["weights"] == [digest, None]  # the greedy bot has none
    assert outcome.results["bots"][learned]["weights"] == [digest]
    assert "weights" not in outcome.results["bots"]["greedy"]
    # the digest is the file's: the same weights with one more byte count as other weights
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "aquaretto.json").write_bytes(shipped + b" ")
    monkeypatch.setenv(value.MODELS_ENV, str(folder))
    more = ArenaConfig.build("aquaretto", 2, [learned, "greedy"], 2, 3)
    with pytest.raises(ArenaError, match=f"learned weights {digest[:12]}.*{value.MODELS_ENV}"):
        run(more, out, workers=1, resume=True, plots=False)
    assert len(load_games(out)) == 1
    monkeypatch.delenv(value.MODELS_ENV)
    resumed = CliRunner().invoke(
        app, ["arena", "aquaretto", "--resume", "--out", str(out), "-n", "2"]
    )
    assert resumed.exit_code == 0, resumed.output
    assert load_games(out)[1]["arena"]["weights"] == [None, digest]  # the seats rotated
    assert f"learned weights SHA-256 {digest}" in " ".join(resumed.output.split())


@pytest.mark.slow
def test_ctrl_c_keeps_finished_games_and_resume_completes_the_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    cmd = [
        sys.executable,
        "-c",
        "from zoogames.cli import main; main()",
        "arena",
        "aquaretto",
        "--players",
        "2",
        "--bot",
        "greedy",
        "--games",
        "30",
        "--workers",
        "2",
        "--out",
        str(out),
        "--no-plots",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(list((out / "games").glob("0*.json"))) < 2:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)  # like Ctrl-C at a terminal: the whole group
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err.decode()
    assert b"--resume -w 2 --out" in b" ".join(err.split())  # on two workers again
    kept = load_games(out)
    assert 2 <= len(kept) < 30
    results = json.loads((out / "results.json").read_text())
    assert results["interrupted"] is True
    assert results["games"] == len(kept)
    assert not list((out / "games").glob(".*.tmp"))
    # resume with nothing but the directory, and fewer games so that the test stays short
    cli = CliRunner().invoke(
        app,
        ["arena", "aquaretto", "--resume", "--out", str(out), "--games", str(len(kept) + 2)],
    )
    assert cli.exit_code == 0, cli.output
    done = load_games(out)
    assert len(done) == len(kept) + 2
    assert all(done[i]["actions"] == rec["actions"] for i, rec in kept.items())
    final = json.loads((out / "results.json").read_text())
    assert final["games"] == len(done) and final["interrupted"] is False


def test_cli_runs_a_tiny_arena(tmp_path: Path) -> None:
    out = tmp_path / "cli"
    args = ["arena", "aquaretto", "-p", "2", "--bot", "random", "--games", "2", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert "random" in result.output
    assert (out / "results.json").exists() and (out / "win_rates.png").exists()
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 1 and "--resume" in again.output
    missing = CliRunner().invoke(app, ["arena", "aquaretto", "--resume", "--out", str(tmp_path)])
    assert missing.exit_code == 1 and "no arena run" in missing.output


def test_cli_plays_a_share_of_a_run(tmp_path: Path) -> None:
    args = ["arena", "aquaretto", "--bot", "random", "-n", "3", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, [*args, "--only", "1", "--no-plots"])
    assert result.exit_code == 0, result.output
    assert sorted(load_games(tmp_path)) == [1]
    bad = CliRunner().invoke(
        app, ["arena", "aquaretto", "--resume", "--out", str(tmp_path), "--only", "3"]
    )
    assert bad.exit_code == 1 and "0 to 2" in bad.output
    assert sorted(load_games(tmp_path)) == [1]


def test_wilson_intervals() -> None:
    lo, hi = wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-4) and hi == pytest.approx(0.8922, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and lo == pytest.approx(0.8389, abs=1e-4)


def _fake(index: int, bots: list[str], scores: list[int], coins: list[int]) -> dict[str, object]:
    best = max(zip(scores, coins, strict=True))
    winners = [i for i, k in enumerate(zip(scores, coins, strict=True)) if k == best]
    return {
        "game": "aquaretto",
        "options": {"players": len(bots), "start_player": 0},
        "seed": 0,
        "actions": [],
        "result": {"winners": winners, "scores": scores, "coins": coins},
        "arena": {"index": index, "bots": bots, "seconds": 1.0, "stats": [None] * len(bots)},
    }


def test_shared_wins_and_duplicate_specs() -> None:
    records = [
        _fake(0, ["a", "b", "b"], [10, 10, 5], [1, 1, 0]),  # a shared win
        _fake(1, ["b", "a", "b"], [3, 9, 4], [0, 0, 0]),
    ]
    config = {"game": "aquaretto", "players": 3, "lineup": ["a", "b", "b"], "seed": 0, "games": 2}
    res = summarize(records, config)
    assert res["bots"]["a"]["wins"] == 1.5 and res["bots"]["a"]["games"] == 2
    assert res["bots"]["b"]["wins"] == 0.5 and res["bots"]["b"]["games"] == 4
    assert res["turn_order"][0]["wins"] == 0.5
    rated = ratings(records)
    assert rated["a"]["mu"] > rated["b"]["mu"]


def test_a_fixed_rating_stays_put_and_the_others_are_rated_against_it() -> None:
    records = [_fake(i, ["a", "b"], [10, 5], [1, 0]) for i in range(4)]  # a wins all four
    free = ratings(records)
    held = ratings(records, fixed={"b": (30.0, 2.0)})
    assert "b" not in held  # held, not rated
    # a beat a strong b who never moved: a ends higher than against a b that sank
    assert held["a"]["mu"] > free["a"]["mu"] > 25.0


def test_solo_runs_have_scores_but_no_ratings(tmp_path: Path) -> None:
    config = ArenaConfig.build("aquarium-designer", 1, ["greedy"], games=2, seed=1)
    res = run(config, tmp_path, plots=True).results
    assert res["bots"]["greedy"]["games"] == 2
    assert res["bots"]["greedy"]["openskill"] is None
    assert res["bots"]["greedy"]["mean_score"] > 0
