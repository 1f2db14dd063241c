"""Chat at a table: saying a line, reading the last ones, muting a seat.

A line is stored, then sent to this process's sockets of the game that did not mute its
seat, and told to the other processes (``heard``), which send it to theirs.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server.errors import ApiError
from zoogames.server.hub import dumps
from zoogames.server.service.env import Env
from zoogames.server.table import Table

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

CHAT_LENGTH = 300
"""The longest chat message, in characters."""
CHAT_KEPT = 100
"""Messages ``GET /api/games/{id}/chat`` returns at most (the last ones)."""


class Chat:
    """The tables' chat (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_

    def message(
        self,
        table: Table,
        msg_id: int,
        seat: int,
        text: str,
        at: datetime,
        name: str | None = None,
    ) -> dict[str, JSON]:
        """A chat message as sent: its text is JSON text, never markup."""
        return {
            "type": "chat",
            "id": msg_id,
            "seat": seat,
            "name": table.chat_name(seat, name, at),
            "text": text,
            "at": at.isoformat(),
        }

    async def say(self, table: Table, seat: int, text: str) -> dict[str, JSON]:
        """Store a seat's chat message; push it to every connection that has not muted it.

        The answer is the message as pushed.
        """
        tidy = " ".join(text.split())
        if not tidy or len(tidy) > CHAT_LENGTH:
            raise ApiError(422, msg("error.chat_length", most=CHAT_LENGTH))
        if not tidy.isprintable():
            raise ApiError(422, msg("error.chat_printable"))
        said_by = table.seats[seat].name
        msg_id, at = await self.env.db(self.env.store.add_chat, table.id, seat, tidy, said_by)
        message = self.message(table, msg_id, seat, tidy, at, said_by)
        self.send(table, message)
        self.round.tell(table, "chat", i=msg_id, s=seat, x=tidy, at=at.isoformat(), n=said_by)
        return message

    def send(self, table: Table, message: dict[str, JSON]) -> None:
        """Send a chat message to this process's sockets of the game that did not mute it."""
        text_out = dumps(message)
        for conn in self.env.hub.games.get(table.id, ()):
            if conn.seat is None or (conn.seat, message["seat"]) not in table.setup.mutes:
                conn.send(text_out)

    async def history(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """A table's last messages, without those of the seats the token's seat muted."""
        table = await self.round.table(game_id)
        seat, _ = table.identify(token)
        muted = {m for s, m in table.setup.mutes if s == seat}
        rows = await self.env.db(self.env.store.chat, table.id, CHAT_KEPT)
        messages: list[JSON] = [
            self.message(table, r.id, r.seat, r.text, r.at, r.name)
            for r in rows
            if r.seat not in muted
        ]
        return {"messages": messages, "muted": sorted(muted)}

    async def mute(self, game_id: str, token: str | None, other: int, on: bool) -> dict[str, JSON]:
        """The token's seat stops (``on``) or starts again seeing ``other``'s messages."""
        table, seat = await self.round.seat(game_id, token)
        if not 0 <= other < len(table.seats) or other == seat:
            raise ApiError(422, msg("error.mute_other"))
        async with table.lock:
            await self.env.db(self.env.store.mute, table.id, seat, other, on)
            mutes = set(table.setup.mutes)
            (mutes.add if on else mutes.discard)((seat, other))
            table.setup = replace(table.setup, mutes=frozenset(mutes))
            self.round.tell(table, "game")
        return {"muted": sorted(m for s, m in table.setup.mutes if s == seat)}

    def heard(self, notice: dict[str, Any]) -> None:
        """Another process stored a chat line: send it to this process's sockets."""
        game_id = str(notice.get("g"))
        table = self.round.tables.get(game_id)
        if table is None or game_id not in self.env.hub.games:
            return
        name = notice.get("n")
        message = self.message(
            table,
            int(notice["i"]),
            int(notice["s"]),
            str(notice["x"]),
            datetime.fromisoformat(str(notice["at"])),
            name if isinstance(name, str) else None,
        )
        self.send(table, message)
