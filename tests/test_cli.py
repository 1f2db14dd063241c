"""The ``zoogames`` command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from zoogames.cli import app
from zoogames.core import record as rec
from zoogames.core.game import forfeit_result

from .test_records import finished

runner = CliRunner()


def test_replay_prints_position_and_scores(tmp_path: Path) -> None:
    state = finished()
    path = tmp_path / "g.json"
    rec.save(state.record(), path)
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "game over" in out.output
    for seat, score in enumerate(state.scores()):
        assert f"seat {seat}: {score.total} points" in out.output


def test_replay_json(tmp_path: Path) -> None:
    state = finished()
    path = tmp_path / "g.json"
    rec.save(state.record(), path)
    out = runner.invoke(app, ["replay", str(path), "--json"])
    assert out.exit_code == 0
    data = json.loads(out.output)
    assert data["result"] == state.result().to_json()
    assert data["scores"] == [s.to_json() for s in state.scores()]


def test_replay_of_a_forfeited_game(tmp_path: Path) -> None:
    """A server's record of a forfeit: the actions up to it, and the seat beside them."""
    played = finished()
    record = played.record()
    record["actions"] = record["actions"][:10]
    state = rec.replay(record)
    record["forfeited"] = 0
    record["result"] = forfeit_result(state, 0)
    path = tmp_path / "g.json"
    rec.save(record, path)
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "10 actions; seat 0 forfeited" in out.output
    assert "winner: seat 1" in out.output
    out = runner.invoke(app, ["replay", str(path), "--json"])
    data = json.loads(out.output)
    assert data["forfeited"] == 0 and data["result"] == record["result"]
    assert data["result"]["winners"] == [1] and data["terminal"] is False


def test_replay_stops_at_an_illegal_action(tmp_path: Path) -> None:
    record = finished().record()
    record["actions"][3] = "buy 7 1,1"
    path = tmp_path / "g.json"
    rec.save(record, path)
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 1
    assert "action 3 ('buy 7 1,1')" in out.output
    assert "Traceback" not in out.output


def test_replay_of_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 1
    assert out.output.count("\n") == 1 and out.output.startswith("error:")


def test_simulate_json_has_the_promised_keys() -> None:
    out = runner.invoke(
        app, ["simulate", "aquaretto", "--players", "3", "--games", "4", "--seed", "1", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in (
        "games",
        "players",
        "seconds",
        "games_per_second",
        "actions_per_second",
        "mean_scores",
        "win_rates",
        "mean_actions",
    ):
        assert key in data
    assert data["games"] == 4 and data["players"] == 3
    assert len(data["mean_scores"]) == 3
    assert abs(sum(data["win_rates"]) - 1) < 1e-6


def test_simulate_is_repeatable() -> None:
    args = ["simulate", "aquaretto", "-p", "2", "-n", "3", "--seed", "5", "--json"]
    a = json.loads(runner.invoke(app, args).output)
    b = json.loads(runner.invoke(app, args).output)
    assert a["mean_scores"] == b["mean_scores"]
    assert a["mean_actions"] == b["mean_actions"]


def test_simulate_unknown_game() -> None:
    out = runner.invoke(app, ["simulate", "chess"])
    assert out.exit_code == 1
    assert "unknown game 'chess'" in out.output


def test_play_bots_only_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    out = runner.invoke(
        app,
        [
            "play",
            "aquaretto",
            "-p",
            "2",
            "-s",
            "random",
            "-s",
            "random",
            "--seed",
            "3",
            "--save",
            str(path),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "Game over." in out.output
    assert rec.load(path)["result"] is not None


def test_play_human_bad_input_gets_a_reason_and_a_new_prompt() -> None:
    moves = "fly\n999\nload A\ndraw\nq\n"
    out = runner.invoke(
        app,
        [
            "play",
            "aquaretto",
            "-p",
            "2",
            "-s",
            "human",
            "-s",
            "random",
            "--seed",
            "1",
            "-o",
            "start_player=0",
        ],
        input=moves,
    )
    assert out.exit_code == 0, out.output
    assert "cannot read 'fly'" in out.output
    assert "no action 999" in out.output
    assert "not allowed: there is no drawn tile to load" in out.output
    assert "seat 0 (you) draws a tile" in out.output
    assert out.output.count("your move") >= 4


def test_play_rejects_bad_options() -> None:
    out = runner.invoke(app, ["play", "aquaretto", "-p", "3", "-o", "start_player=7"])
    assert out.exit_code == 1
    assert "start_player" in out.output


def test_an_interrupted_run_says_how_to_continue_on_the_same_workers() -> None:
    """``--resume`` reads the run from arena.json; the workers (and the share played) are
    the machine's, so said."""
    from zoogames.cli import continue_command

    out = Path("runs/a")
    assert continue_command("aquaretto", out, 1, None) == (
        f"zoogames arena aquaretto --resume --out {out}"
    )
    assert continue_command("zooloretto", out, 2, None) == (
        f"zoogames arena zooloretto --resume -w 2 --out {out}"
    )
    assert continue_command("aquaretto", out, 1, "auto") == (
        f"zoogames arena aquaretto --resume --ray auto --out {out}"
    )
    assert continue_command("aquaretto", out, 2, None, "48-63, 2") == (
        f"zoogames arena aquaretto --resume -w 2 --only 48-63,2 --out {out}"
    )
