"""Accounts, their sessions and device tokens; seats that follow an account.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24

Optional accounts: a name unique whatever its case and an argon2id hash;
sessions stored as the SHA-256 of their cookie; device tokens, further tokens for an
account's seat on another device. Every existing seat stays a guest's seat
(``seats.account_id`` NULL) and keeps working by its token.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables; add ``seats.account_id``."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("name_key", name=op.f("uq_accounts_name_key")),
    )
    op.create_table(
        "sessions",
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_sessions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("sha256", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_account_id"), "sessions", ["account_id"])
    op.create_index(op.f("ix_sessions_expires_at"), "sessions", ["expires_at"])
    op.create_table(
        "device_tokens",
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_device_tokens_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_device_tokens_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("sha256", name=op.f("pk_device_tokens")),
    )
    op.create_index(op.f("ix_device_tokens_account_id"), "device_tokens", ["account_id"])
    op.create_index(op.f("ix_device_tokens_game_id"), "device_tokens", ["game_id"])
    # batch: SQLite cannot add a foreign key to an existing table in place (it copies it)
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        batch.create_index(batch.f("ix_seats_account_id"), ["account_id"])
        batch.create_foreign_key(
            batch.f("fk_seats_account_id_accounts"),
            "accounts",
            ["account_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    """Drop ``seats.account_id`` and the three tables."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint(batch.f("fk_seats_account_id_accounts"), type_="foreignkey")
        batch.drop_index(batch.f("ix_seats_account_id"))
        batch.drop_column("account_id")
    op.drop_index(op.f("ix_device_tokens_game_id"), table_name="device_tokens")
    op.drop_index(op.f("ix_device_tokens_account_id"), table_name="device_tokens")
    op.drop_table("device_tokens")
    op.drop_index(op.f("ix_sessions_expires_at"), table_name="sessions")
    op.drop_index(op.f("ix_sessions_account_id"), table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
