"""The clocks: timeouts in a row, the games with a clock, and the time no server ran.

A clock's deadline is never stored (it runs from the turn's start, ``GameData.turn_from``);
what is stored is the count of timeouts in a row, and the servers' heartbeat (a
``server_keys`` row, ``ALIVE``), from which a starting server gives the clocks back the
time no server was up (docs/server.md, Clocks).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func, select, update

from zoogames.server.models import ActionRow, GameRow, ServerKeyRow
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import _now, _utc

ALIVE = "alive"
"""The ``server_keys`` row of the servers' heartbeat (``Store.alive``)."""
STOPPED = " stopped"
"""Ends the heartbeat written by a server as it stops."""


class ClocksStore(StoreBase):
    """The clocks' writes and the servers' heartbeat (``server_keys``' ``alive``)."""

    def set_timeouts(self, game_id: str, timeouts: int) -> None:
        """Store a clock's timeouts in a row (a stand-in move is queued for a bot worker)."""
        with self.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(timeouts=timeouts))

    def clocked_games(self) -> list[str]:
        """Ids of the games in play with a clock (loaded at a start, which arms it)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id).where(GameRow.status == "playing", GameRow.clock.isnot(None))
            ).all()
        return [r.id for r in rows]

    def alive(self, stopping: bool = False) -> None:
        """Record that a server is up now (``server_keys``' ``alive``: a heartbeat).

        ``stopping``: the server stops now (the downtime starts exactly here).
        """
        now = _now()
        value = now.isoformat() + (STOPPED if stopping else "")
        with self.engine.begin() as conn:
            done = conn.execute(
                update(ServerKeyRow)
                .where(ServerKeyRow.name == ALIVE)
                .values(value=value, created_at=now)
            )
            if done.rowcount == 0:
                conn.execute(
                    self._upsert(ServerKeyRow)
                    .values(name=ALIVE, value=value, created_at=now)
                    .on_conflict_do_nothing()
                )

    def give_clocks_downtime(self, beat: float) -> float:
        """Give the clocks of the games in play the time no server was up; the seconds.

        The last heartbeat (``alive``, renewed every ``beat`` seconds and at a stop) says
        when the servers stopped; of the gap since, all but one beat (a server killed may
        have run that long after its last heartbeat) is given: the start of every turn
        that began before the heartbeat moves by it, so the player to move has about the
        time they had when the server stopped. The heartbeat is renewed in the same
        transaction, its row locked, so of processes starting together only the first
        gives the time, and none while another process still beats.
        """
        now = _now()
        with self.engine.begin() as conn:
            seen = conn.execute(
                select(ServerKeyRow.value).where(ServerKeyRow.name == ALIVE).with_for_update()
            ).scalar_one_or_none()
            if seen is None:
                return 0.0
            stopped = seen.endswith(STOPPED)
            last = _utc(datetime.fromisoformat(seen.removesuffix(STOPPED)))
            gap = (now - last).total_seconds() - (0 if stopped else beat)
            if gap < 1:
                return 0.0
            last_action = (
                select(func.max(ActionRow.created_at))
                .where(ActionRow.game_id == GameRow.id)
                .scalar_subquery()
            )
            clocked = conn.execute(
                select(GameRow.id, GameRow.created_at, GameRow.turn_from, last_action).where(
                    GameRow.status == "playing", GameRow.clock.is_not(None)
                )
            ).all()
            for game_id, created, filled, acted in clocked:
                began = max(_utc(t) for t in (created, filled, acted) if t is not None)
                if began < last:
                    conn.execute(
                        update(GameRow)
                        .where(GameRow.id == game_id)
                        .values(turn_from=began + timedelta(seconds=gap))
                    )
            conn.execute(
                update(ServerKeyRow)
                .where(ServerKeyRow.name == ALIVE)
                .values(value=now.isoformat(), created_at=now)
            )
        return gap
