"""What happens to a table's seats: each event is written once and never changed.

A seat changes hands (its player leaves and a bot plays on), but who made a move or said
a line does not: the game in memory (``table.py``) credits each move to whoever held the
seat when it was made, from these events, and the log and the chat show them as lines of
their own. Most events are written inside the transaction of the change they tell of
(``write_event``, called by ``games.py`` and ``lobby.py``), so that neither lands without
the other.
"""

from __future__ import annotations

from sqlalchemy import Connection, func, insert, select

from zoogames.server.models import ActionRow, SeatRow, TableEventRow
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import EVENT_KINDS, TableEvent, _now, _utc


def write_event(
    conn: Connection,
    game_id: str,
    kind: str,
    seat: int | None,
    *,
    name: str | None = None,
    named: bool = False,
    bot: str | None = None,
    game: str | None = None,
) -> TableEvent:
    """Write ``kind`` for ``seat`` in the open transaction ``conn``; the event written.

    The seat's name is read from its row unless ``named`` (then ``name`` is it): call it
    before the change renames the seat, so that the event names the player it was.
    """
    if kind not in EVENT_KINDS:
        raise ValueError(f"unknown table event {kind!r}")
    if seat is not None and not named:
        name = conn.execute(
            select(SeatRow.name).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        ).scalar_one_or_none()
    number = conn.execute(
        select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)
    ).scalar_one()
    now = _now()
    conn.execute(
        insert(TableEventRow).values(
            game_id=game_id,
            kind=kind,
            number=number,
            seat=seat,
            name=name,
            bot=bot,
            other_game=game,
            created_at=now,
        )
    )
    return TableEvent(kind, int(number), seat, name, now, bot, game)


def read_events(conn: Connection, game_id: str) -> tuple[TableEvent, ...]:
    """A game's events, oldest first."""
    e = TableEventRow
    rows = conn.execute(
        select(e.kind, e.number, e.seat, e.name, e.created_at, e.bot, e.other_game)
        .where(e.game_id == game_id)
        .order_by(e.id)
    ).all()
    return tuple(
        TableEvent(r.kind, r.number, r.seat, r.name, _utc(r.created_at), r.bot, r.other_game)
        for r in rows
    )


class EventsStore(StoreBase):
    """Events that are not part of another write (a clock running out, a rematch made)."""

    def add_event(
        self,
        game_id: str,
        kind: str,
        seat: int | None = None,
        bot: str | None = None,
        game: str | None = None,
    ) -> TableEvent:
        """Write ``kind`` for ``seat`` (named as the seat is now); the event written."""
        with self.engine.begin() as conn:
            return write_event(conn, game_id, kind, seat, bot=bot, game=game)

    def events(self, game_id: str) -> tuple[TableEvent, ...]:
        """A game's events, oldest first."""
        with self.engine.connect() as conn:
            return read_events(conn, game_id)
