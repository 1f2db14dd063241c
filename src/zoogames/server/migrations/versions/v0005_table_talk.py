"""At the table: chat, mutes, rematches, leaving.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24

``chat`` holds each table's messages and ``mutes`` who stopped seeing whom. A game keeps
the options its creator asked for (``games.asked``: a rematch draws anew what was drawn),
the bot that takes a leaving player's seat (``games.leave_bot``) and its rematch's id
(``games.rematch``). Existing games have none of them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``chat`` and ``mutes``; add three columns to ``games``."""
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_chat_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat")),
    )
    op.create_index(op.f("ix_chat_game_id"), "chat", ["game_id"])
    op.create_table(
        "mutes",
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("muted", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_mutes_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", "muted", name=op.f("pk_mutes")),
    )
    op.add_column("games", sa.Column("asked", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("leave_bot", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("rematch", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop them (columns in place: see 0004's downgrade)."""
    op.drop_column("games", "rematch")
    op.drop_column("games", "leave_bot")
    op.drop_column("games", "asked")
    op.drop_table("mutes")
    op.drop_index(op.f("ix_chat_game_id"), table_name="chat")
    op.drop_table("chat")
