"""Game reviews: ``reviews``, one per finished game, computed once (``server/reviews.py``).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25

A review keeps the decisions searched so far with a lease, so that a review cut short by
a crash continues where it stopped (``models.ReviewRow``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``reviews``."""
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("iterations", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_reviews_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_reviews")),
    )


def downgrade() -> None:
    """Drop ``reviews``."""
    op.drop_table("reviews")
