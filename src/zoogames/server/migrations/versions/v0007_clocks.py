"""Clocks: seconds per action, and when the first turn's clock may start.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24

``games.clock`` is the time a human seat has for each action (``NULL``: no clock, as
every existing game). The deadline is not stored: it runs from the last action's
``created_at`` (written with the action) or ``games.turn_from`` (the last open seat
filled), whichever is later, so a restart finds it exactly.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.clock`` and ``games.turn_from``."""
    op.add_column("games", sa.Column("clock", sa.Integer(), nullable=True))
    op.add_column("games", sa.Column("turn_from", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop them (in place: see 0004's downgrade)."""
    op.drop_column("games", "turn_from")
    op.drop_column("games", "clock")
