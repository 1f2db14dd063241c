"""Notifications: Web Push subscriptions, "your turn" e-mails, the server's VAPID key.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24

``push_subscriptions`` holds each account's browsers (endpoint and keys), ``turn_emails``
when an account was last e-mailed for a game, ``server_keys`` the VAPID key pair made at
the first start (unless ``ZOOGAMES_VAPID_PRIVATE_KEY`` gives one), and ``accounts.email``
the address a player opted in with. Existing accounts have none: everything is off.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables; add ``accounts.email``."""
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint_sha256", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.Text(), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_push_subscriptions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("endpoint_sha256", name=op.f("pk_push_subscriptions")),
    )
    op.create_index(op.f("ix_push_subscriptions_account_id"), "push_subscriptions", ["account_id"])
    op.create_table(
        "turn_emails",
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_turn_emails_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_turn_emails_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "account_id", name=op.f("pk_turn_emails")),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_server_keys")),
    )
    op.add_column("accounts", sa.Column("email", sa.String(254), nullable=True))


def downgrade() -> None:
    """Drop them (the column in place: see 0004's downgrade)."""
    op.drop_column("accounts", "email")
    op.drop_table("server_keys")
    op.drop_table("turn_emails")
    op.drop_index(op.f("ix_push_subscriptions_account_id"), table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
