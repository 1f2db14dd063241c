"""Fair play: timeouts that survive a restart, seats that remember, profiles by index.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27

``games.timeouts`` counts a clocked game's timeouts in a row (0 once a player acts): after
``table.MAX_TIMEOUTS`` the clock stops, and a restart must not start it again for players
who are gone. ``games.created_at`` gets an index: a profile reads an account's newest
games a page at a time. ``seats.won`` is set when a game ends (whether the seat is among
its winners), so that a profile counts games played and won with one indexed aggregate
rather than reading every result; the games over before this migration get theirs here.
``seats.left`` marks a seat whose player left it to a bot: the game is still a game of
people (it is played out, and rated), not a game of bots alone.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.timeouts`` and the index on ``games.created_at``."""
    op.add_column("games", sa.Column("timeouts", sa.Integer(), nullable=False, server_default="0"))
    op.create_index(op.f("ix_games_created_at"), "games", ["created_at"])
    op.add_column("seats", sa.Column("won", sa.Boolean(), nullable=True))
    op.add_column(
        "seats", sa.Column("left", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    conn = op.get_bind()
    games = sa.table(
        "games", sa.column("id", sa.String), sa.column("status"), sa.column("result", sa.JSON)
    )
    seats = sa.table(
        "seats", sa.column("game_id", sa.String), sa.column("seat"), sa.column("won", sa.Boolean)
    )
    over = conn.execute(sa.select(games.c.id, games.c.result).where(games.c.status == "over"))
    for game_id, result in over.all():
        winners = result.get("winners", []) if isinstance(result, dict) else []
        conn.execute(
            sa.update(seats)
            .where(seats.c.game_id == game_id)
            .values(won=seats.c.seat.in_(winners) if winners else sa.false())
        )


def downgrade() -> None:
    """Drop them."""
    op.drop_column("seats", "left")
    op.drop_column("seats", "won")
    op.drop_index(op.f("ix_games_created_at"), table_name="games")
    op.drop_column("games", "timeouts")
