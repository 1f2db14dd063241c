"""Ratings: rated games and an OpenSkill rating per account and game.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24

``games.rated`` is chosen at creation; ``games.rated_at`` marks a rated game whose result
has updated its players' ratings (``ratings``), so that it happens once. Existing games
are unrated.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``ratings``; add ``games.rated`` and ``games.rated_at``."""
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_ratings_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "game", name=op.f("pk_ratings")),
    )
    op.add_column(
        "games", sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.add_column("games", sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop them (columns in place: see 0004's downgrade)."""
    op.drop_column("games", "rated_at")
    op.drop_column("games", "rated")
    op.drop_table("ratings")
