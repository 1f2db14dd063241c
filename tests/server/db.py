"""Reading a server's database from the tests (to check what was, or was not, written)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, text


def stored(url: str, game_id: str) -> dict[str, Any]:
    """The game's row, its seats' rows and its actions' rows, as plain values."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            game = conn.execute(
                text("SELECT revision, to_move, status FROM games WHERE id = :id"), {"id": game_id}
            ).one_or_none()
            seats = conn.execute(
                text("SELECT seat, name, joined FROM seats WHERE game_id = :id ORDER BY seat"),
                {"id": game_id},
            ).all()
            actions = conn.execute(
                text(
                    "SELECT number, notation, seat FROM actions WHERE game_id = :id ORDER BY number"
                ),
                {"id": game_id},
            ).all()
    finally:
        engine.dispose()
    return {
        "game": tuple(game) if game else None,
        "seats": [tuple(s) for s in seats],
        "actions": [tuple(a) for a in actions],
    }


def count_games(url: str) -> int:
    """How many games the database holds."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM games")).scalar_one())
    finally:
        engine.dispose()
