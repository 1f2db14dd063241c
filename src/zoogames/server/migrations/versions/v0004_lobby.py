"""The lobby: listed tables, their pace and host.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24

A creator may list a table in the lobby (``games.listed``) with open seats (human seats
with neither token nor invitation, which anyone may take), announce its pace
(``games.pace``) and, as its host (``games.host``, the creator's seat), start it with bots
in the seats still open. Existing games are unlisted, live, without a host.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the three columns of ``games``."""
    op.add_column(
        "games", sa.Column("listed", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.add_column("games", sa.Column("pace", sa.String(16), server_default="live", nullable=False))
    op.add_column("games", sa.Column("host", sa.Integer(), nullable=True))
    op.create_index(op.f("ix_games_listed"), "games", ["listed"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index(op.f("ix_games_listed"), table_name="games")
    # not in batch: SQLite would copy ``games`` and drop the old one, and dropping it
    # deletes every seat and action through their ON DELETE CASCADE
    op.drop_column("games", "host")
    op.drop_column("games", "pace")
    op.drop_column("games", "listed")
