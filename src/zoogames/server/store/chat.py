"""A table's chat: its messages, and who muted whom.

The mutes are read back with the game (``GameData.setup.mutes``, in ``games.py``): the
table filters the messages it pushes.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, insert, select

from zoogames.server.models import ChatRow, MuteRow
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import ChatLine, _now, _utc


class ChatStore(StoreBase):
    """A table's chat messages and mutes."""

    def add_chat(
        self, game_id: str, seat: int, text: str, name: str | None = None
    ) -> tuple[int, datetime]:
        """Store a chat message by ``seat``, then named ``name``; its id and time."""
        now = _now()
        with self.engine.begin() as conn:
            new_id = conn.execute(
                insert(ChatRow)
                .values(game_id=game_id, seat=seat, text=text, created_at=now, name=name)
                .returning(ChatRow.id)
            ).scalar_one()
        return int(new_id), now

    def chat(self, game_id: str, limit: int) -> list[ChatLine]:
        """The last ``limit`` messages of a table, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ChatRow.id, ChatRow.seat, ChatRow.text, ChatRow.created_at, ChatRow.name)
                .where(ChatRow.game_id == game_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
        return [ChatLine(r.id, r.seat, r.text, _utc(r.created_at), r.name) for r in reversed(rows)]

    def mute(self, game_id: str, seat: int, muted: int, on: bool) -> None:
        """Make ``seat`` stop (``on``) or start again seeing ``muted``'s messages."""
        with self.engine.begin() as conn:
            gone = MuteRow.game_id == game_id, MuteRow.seat == seat, MuteRow.muted == muted
            conn.execute(delete(MuteRow).where(*gone))
            if on:
                conn.execute(insert(MuteRow).values(game_id=game_id, seat=seat, muted=muted))
