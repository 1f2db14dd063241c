"""A rated game keeps each account's rating before and after it.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27

``ratings`` holds an account's current rating only, so once a rated game counted nothing
could say by how much it moved the rating: the end of a game shows that change.
``seats.rating_before`` and ``seats.rating_after`` are the account's ordinal before and
after the game, written in the transaction that rates it. Additions: a server of the
revision before runs on this database unchanged (docs/deploy.md, Upgrades).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seats.rating_before`` and ``seats.rating_after``."""
    op.add_column("seats", sa.Column("rating_before", sa.Float(), nullable=True))
    op.add_column("seats", sa.Column("rating_after", sa.Float(), nullable=True))


def downgrade() -> None:
    """Drop them (in place: see 0004's downgrade)."""
    op.drop_column("seats", "rating_after")
    op.drop_column("seats", "rating_before")
