"""What happens to seats is written down, and a chat line keeps who said it.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27

A seat changes hands (its player leaves and a bot plays on), but a move or a chat line
never changes author. ``table_events`` holds what happened to a game's seats (joined,
left, ran out of time, forfeited, a rematch made), with the seat's name at that moment and
how many actions had been played: the log credits each move to whoever held the seat
then, and the log and the chat show the events as lines of their own. ``chat.name`` is
the speaker's name when the line was said. Both are additions: a server of the revision
before runs on this database unchanged (docs/deploy.md, Upgrades).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``table_events``; add ``chat.name``."""
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("other_game", sa.String(16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_table_events_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_events")),
    )
    op.create_index(op.f("ix_table_events_game_id"), "table_events", ["game_id"])
    op.add_column("chat", sa.Column("name", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop them (the column in place: see 0004's downgrade)."""
    op.drop_column("chat", "name")
    op.drop_index(op.f("ix_table_events_game_id"), table_name="table_events")
    op.drop_table("table_events")
