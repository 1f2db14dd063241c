"""Several processes and hints: the bot workers' queue, open pages, hints allowed.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24

``bot_turns`` holds at most one waiting bot move and one hint per game
(``models.BotTurnRow``). Only a
server started with ``--bots external`` writes it; the embedded default never does.
``seats.present_until``: a page of the seat is open on some process until then (written
only when processes share a PostgreSQL database). ``games.hints``: a seated player may
ask for a hint (off for every existing game).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``bot_turns``; add ``seats.present_until``."""
    op.create_table(
        "bot_turns",
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("spec", sa.String(64), nullable=False),
        sa.Column("attended", sa.Boolean(), nullable=False),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_bot_turns_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "kind", name=op.f("pk_bot_turns")),
    )
    op.add_column("seats", sa.Column("present_until", sa.DateTime(timezone=True), nullable=True))
    op.add_column(
        "games", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    """Drop them (in place: see 0004's downgrade)."""
    op.drop_column("games", "hints")
    op.drop_column("seats", "present_until")
    op.drop_table("bot_turns")
