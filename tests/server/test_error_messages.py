"""Every refusal is a catalogue message, so that each player reads it in their language.

An ``ApiError`` takes a message (``zoogames.core.message.msg``) and derives its English
``detail`` from it; the answer carries both. The scan below fails on any ``ApiError`` in
the server built from a bare sentence, and on an ``error.*`` id missing from a catalogue.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import zoogames.server
from zoogames.core.message import msg
from zoogames.i18n import LANGUAGES, entry_key, read_catalogue, render
from zoogames.server.errors import ApiError

SERVER = Path(zoogames.server.__file__).parent
SENTENCES = (ast.Constant, ast.JoinedStr, ast.BinOp)
"""What a bare sentence looks like in the syntax tree: text, an f-string, text + text."""


def refusals() -> list[tuple[str, int, ast.Call]]:
    """Every ``ApiError(...)`` call in the server package: (path, line, call)."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ApiError":
                found.append((str(path.relative_to(SERVER)), node.lineno, node))
    return found


def test_every_api_error_in_the_server_is_built_from_a_catalogue_message() -> None:
    calls = refusals()
    assert len(calls) > 90  # (the scan sees them all)
    bare = []
    for path, line, call in calls:
        message = call.args[1] if len(call.args) > 1 else None
        if message is None or isinstance(message, SENTENCES):
            bare.append(f"{path}:{line}")
        elif isinstance(message, ast.Call) and getattr(message.func, "id", None) != "msg":
            bare.append(f"{path}:{line}")  # str(e), english(…): text, not a message
    assert bare == []


def test_every_refusal_id_is_in_every_catalogue() -> None:
    ids = {
        str(first.value)
        for _, _, call in refusals()
        if len(call.args) > 1
        and isinstance(call.args[1], ast.Call)
        and getattr(call.args[1].func, "id", None) == "msg"
        and isinstance(first := call.args[1].args[0], ast.Constant)
    }
    assert "error.seat_taken" in ids
    for lang in LANGUAGES:
        have = {entry_key(m.id) for m in read_catalogue(lang) if m.id and m.string}
        assert sorted(ids - have) == [], lang


def test_a_refusal_without_a_message_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="catalogue message"):
        ApiError(409, "this seat is taken; choose another")  # type: ignore[arg-type]


def test_the_detail_is_the_messages_english_and_the_answer_carries_both() -> None:
    error = ApiError(422, msg("error.seat_range", last=1, asked=5))
    assert error.detail == "the game has seats 0 to 1, not 5"
    assert error.to_json() == {
        "detail": "the game has seats 0 to 1, not 5",
        "message": {"id": "error.seat_range", "params": {"last": 1, "asked": 5}},
    }
    assert render(error.message, "cs") == "hra má místa 0 až 1, ne 5"
    # An engine's reason or the value refused stays in the detail the catalogue cannot hold.
    kept = ApiError(422, msg("error.pace", pace="slow"), "pace must be live or turn-based, not 'x'")
    assert kept.detail.endswith("not 'x'") and kept.message.id == "error.pace"
