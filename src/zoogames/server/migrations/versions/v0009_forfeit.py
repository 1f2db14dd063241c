"""Forfeits: what a timeout or a leaving player does, and who forfeited.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24

``games.on_timeout`` and ``games.on_leave`` hold the creator's choice, ``bot`` (the leave
bot plays the seat, as every existing game does: the server default) or ``forfeit`` (the
game ends at once, that seat ranked last). ``games.forfeited`` is the seat that forfeited
(``NULL``: nobody); its result is in ``games.result`` as for any game over.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.on_timeout``, ``games.on_leave`` and ``games.forfeited``."""
    for name in ("on_timeout", "on_leave"):
        op.add_column("games", sa.Column(name, sa.String(8), nullable=False, server_default="bot"))
    op.add_column("games", sa.Column("forfeited", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop them (in place: see 0004's downgrade)."""
    op.drop_column("games", "forfeited")
    op.drop_column("games", "on_leave")
    op.drop_column("games", "on_timeout")
