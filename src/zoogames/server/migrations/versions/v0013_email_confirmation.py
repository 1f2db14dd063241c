"""E-mail addresses are confirmed before they get mail, and each address is rate-limited.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28

``accounts.email`` becomes the confirmed address; an address given but not confirmed yet
waits in ``accounts.email_pending`` with the SHA-256 of its confirmation link's secret and
the link's expiry. ``mailed_addresses`` holds when the server last e-mailed an address
(keyed by the SHA-256 of the address in lower case), for at most one e-mail per address
per interval across accounts and games. Addresses stored before this revision were never
confirmed: they move to ``email_pending`` without a link, and get nothing until their
player asks for one again.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the pending address, its link's hash and expiry; create ``mailed_addresses``."""
    op.add_column("accounts", sa.Column("email_pending", sa.String(254), nullable=True))
    op.add_column("accounts", sa.Column("email_token_sha256", sa.String(64), nullable=True))
    op.add_column(
        "accounts", sa.Column("email_token_expires", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_index(op.f("ix_accounts_email_token_sha256"), "accounts", ["email_token_sha256"])
    # never confirmed: such an address could be anyone's, so it gets no more mail
    op.execute("UPDATE accounts SET email_pending = email, email = NULL WHERE email IS NOT NULL")
    op.create_table(
        "mailed_addresses",
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("sha256", name=op.f("pk_mailed_addresses")),
    )


def downgrade() -> None:
    """Drop them (the columns in place: see 0004's downgrade); pending addresses are lost."""
    op.drop_table("mailed_addresses")
    op.drop_index(op.f("ix_accounts_email_token_sha256"), table_name="accounts")
    op.drop_column("accounts", "email_token_expires")
    op.drop_column("accounts", "email_token_sha256")
    op.drop_column("accounts", "email_pending")
