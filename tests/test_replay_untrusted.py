"""Item 11: ``zoogames replay`` of a record from someone else reads no file the
record names, echoes no string of another file, and fails in one line on any JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import zoogames
from zoogames.cli import app

runner = CliRunner()


def designer_record(tmp_path: Path, deck: object) -> Path:
    record = zoogames.games.get("aquarium-designer").new_game(players=1, seed=3).record()
    record["options"]["deck"] = deck
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize("deck", ["/dev/zero", "fifo", "secret.json"])
def test_a_deck_path_in_a_record_is_not_read_without_the_flag(tmp_path: Path, deck: str) -> None:
    if deck == "fifo":
        deck = str(tmp_path / "fifo")
        os.mkfifo(deck)  # reading it would block for ever
    elif deck == "secret.json":
        secret = tmp_path / "secret.json"
        secret.write_text(json.dumps({"entrance": ["TOP SECRET / PASSWORD"] * 6}))
        deck = str(secret)
    result = runner.invoke(app, ["replay", str(designer_record(tmp_path, deck))])
    assert result.exit_code == 1
    assert "--allow-deck-path" in result.output and "Traceback" not in result.output


def test_with_the_flag_a_bad_deck_file_is_summed_up_without_its_strings(tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"entrance": ["TOP SECRET / PASSWORD"] * 6, "layout": []}))
    path = designer_record(tmp_path, str(secret))
    result = runner.invoke(app, ["replay", str(path), "--allow-deck-path"])
    assert result.exit_code == 1 and "not a playable deck" in result.output
    assert "SECRET" not in result.output and "PASSWORD" not in result.output


@pytest.mark.parametrize(
    "content",
    ["[" * 100_000 + "]" * 100_000, '{"game": ' * 50_000 + "1" + "}" * 50_000],
    ids=["deep list", "deep object"],
)
def test_deeply_nested_json_is_an_error_line(tmp_path: Path, content: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "nested too deeply" in result.output or "not JSON" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_a_record_that_is_a_device_or_a_fifo_is_not_read(tmp_path: Path, source: str) -> None:
    if source == "fifo":
        source = str(tmp_path / "fifo")
        os.mkfifo(source)
    result = runner.invoke(app, ["replay", source])
    assert result.exit_code == 1 and "not a regular file" in result.output
