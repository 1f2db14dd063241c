"""Invitations apart from seat tokens; decks stored once by content; secret seeds.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24

A seat invited and not yet joined kept its token, which the game's creator also held;
now it has an invitation (``seats.invite_sha256``), exchanged for a fresh token when
the invited player joins. Existing unjoined invited seats keep working: their token
becomes their invitation. A game's own deck moves from ``games.options`` into
``decks``, referred to by ``games.deck_sha256``. New games draw from a BLAKE2b seed of
128 secret bits (``games.secret``), too large for ``games.seed``.
"""

from __future__ import annotations

import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def deck_sha256(content: dict[str, object]) -> str:
    """The SHA-256 of a deck's canonical content (the same function as the server's)."""
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def upgrade() -> None:
    """Add the columns and the table; move invitations and decks into them."""
    op.create_table(
        "decks",
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("content", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("sha256", name=op.f("pk_decks")),
    )
    op.add_column("games", sa.Column("secret", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("deck_sha256", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("invite_sha256", sa.String(64), nullable=True))
    seats = sa.table(
        "seats",
        sa.column("kind", sa.String),
        sa.column("joined", sa.Boolean),
        sa.column("token_sha256", sa.String),
        sa.column("invite_sha256", sa.String),
    )
    op.execute(
        seats.update()
        .where(seats.c.kind == "human", seats.c.joined == sa.false())
        .values(invite_sha256=seats.c.token_sha256, token_sha256=None)
    )
    games = sa.table(
        "games",
        sa.column("id", sa.String),
        sa.column("game", sa.String),
        sa.column("options", sa.JSON),
        sa.column("deck_sha256", sa.String),
    )
    decks = sa.table("decks", sa.column("sha256", sa.String), sa.column("content", sa.JSON))
    conn = op.get_bind()
    stored: set[str] = set()
    rows = conn.execute(
        sa.select(games.c.id, games.c.options).where(games.c.game == "aquarium-designer")
    ).all()
    for game_id, options in rows:
        if not isinstance(options, dict) or not isinstance(options.get("deck"), dict):
            continue
        content = options.pop("deck")
        sha = deck_sha256(content)
        if sha not in stored:
            exists = conn.execute(sa.select(decks.c.sha256).where(decks.c.sha256 == sha)).first()
            if exists is None:
                conn.execute(decks.insert().values(sha256=sha, content=content))
            stored.add(sha)
        conn.execute(
            games.update().where(games.c.id == game_id).values(options=options, deck_sha256=sha)
        )


def downgrade() -> None:
    """Put decks back into the options and invitations back into the tokens."""
    conn = op.get_bind()
    games = sa.table(
        "games",
        sa.column("id", sa.String),
        sa.column("options", sa.JSON),
        sa.column("deck_sha256", sa.String),
    )
    decks = sa.table("decks", sa.column("sha256", sa.String), sa.column("content", sa.JSON))
    rows = conn.execute(
        sa.select(games.c.id, games.c.options, decks.c.content).join(
            decks, decks.c.sha256 == games.c.deck_sha256
        )
    ).all()
    for game_id, options, content in rows:
        conn.execute(
            games.update().where(games.c.id == game_id).values(options={**options, "deck": content})
        )
    seats = sa.table(
        "seats", sa.column("token_sha256", sa.String), sa.column("invite_sha256", sa.String)
    )
    op.execute(
        seats.update()
        .where(seats.c.invite_sha256.isnot(None))
        .values(token_sha256=seats.c.invite_sha256)
    )
    op.drop_column("seats", "invite_sha256")
    op.drop_column("games", "deck_sha256")
    op.drop_column("games", "secret")
    op.drop_table("decks")
