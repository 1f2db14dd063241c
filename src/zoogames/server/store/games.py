"""Games: creating and loading them, their actions, their seats' changes, their ends.

Writes that change a game's position check ``games.revision`` (see ``models.py``): a write
computed on an older position raises :class:`Conflict` and changes nothing.
``add_action``, the server's hot path, runs plain SQL on the driver's connection
(``DriverSql``, in ``engine.py``). ``revisions`` lets a process check that it missed no
notice of another's writes (``Round.check``, ``bus.py``).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from zoogames.core.rng import SECRET
from zoogames.server.models import ActionRow, DeckRow, DeviceTokenRow, GameRow, MuteRow, SeatRow
from zoogames.server.store.engine import DELETE_ACTION, MOVE, StoreBase, _seat, seat_changes
from zoogames.server.store.events import read_events, write_event
from zoogames.server.store.records import (
    Conflict,
    DeviceToken,
    GameData,
    Position,
    Seat,
    Setup,
    TableEvent,
    _now,
    _utc,
    winners,
)


class GamesStore(StoreBase):
    """A game's row, seats and actions: create, load, play, undo, join, leave, forfeit."""

    def create_game(
        self,
        game_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[Seat],
        position: Position,
        deck: tuple[str, dict[str, Any]] | None = None,
        setup: Setup | None = None,
        rematch_of: str | None = None,
    ) -> datetime:
        """Store a new game, its seats and its deck ``(sha256, content)``; its creation time.

        A deck already stored (the same content) is not stored again. ``rematch_of``: the
        game this one is the rematch of; :class:`Conflict` (nothing stored) if that game
        has its rematch already.
        """
        created = _now()
        with self.engine.begin() as conn:
            if rematch_of is not None:  # one rematch per game: the first to ask makes it
                done = conn.execute(
                    update(GameRow)
                    .where(GameRow.id == rematch_of, GameRow.rematch.is_(None))
                    .values(rematch=game_id)
                )
                if done.rowcount != 1:
                    raise Conflict
            if deck is not None:
                sha, content = deck
                known = conn.execute(select(DeckRow.sha256).where(DeckRow.sha256 == sha)).first()
                if known is None:
                    conn.execute(insert(DeckRow).values(sha256=sha, content=content))
            conn.execute(
                insert(GameRow).values(
                    id=game_id,
                    game=game,
                    options=options,
                    seed=0 if seed >= SECRET else seed,
                    secret=f"{seed - SECRET:032x}" if seed >= SECRET else None,
                    created_at=created,
                    revision=position.revision,
                    to_move=position.to_move,
                    status=position.status,
                    result=position.result,
                    deck_sha256=deck[0] if deck is not None else None,
                    listed=setup.listed if setup is not None else False,
                    pace=setup.pace if setup is not None else "live",
                    host=setup.host if setup is not None else None,
                    asked=setup.asked if setup is not None else None,
                    leave_bot=setup.leave_bot if setup is not None else None,
                    rated=setup.rated if setup is not None else False,
                    clock=setup.clock if setup is not None else None,
                    on_timeout=setup.on_timeout if setup is not None else "bot",
                    on_leave=setup.on_leave if setup is not None else "bot",
                    hints=setup.hints if setup is not None else False,
                )
            )
            conn.execute(
                insert(SeatRow),
                [
                    {
                        "game_id": game_id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "joined": s.joined,
                        "token_sha256": s.token_sha256,
                        "invite_sha256": s.invite_sha256,
                        "account_id": s.account,
                    }
                    for s in seats
                ],
            )
        return created

    def _snapshot(self) -> Connection:
        """A connection whose reads all see one moment of the database.

        On PostgreSQL a transaction at ``REPEATABLE READ``: at the default ``READ COMMITTED``
        each statement sees its own moment, and an action committed between reading a game's
        row and its actions gave a table whose revision was behind its actions (found by
        the load benchmark over two servers). SQLite's reads here share the server's only
        database thread with its writes.
        """
        conn = self.engine.connect()
        if self.engine.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    def load_game(self, game_id: str) -> GameData | None:
        """A game with its seats and actions, or ``None`` if there is no such game."""
        with self._snapshot() as conn, conn.begin():
            row = conn.execute(select(GameRow).where(GameRow.id == game_id)).one_or_none()
            if row is None:
                return None
            seats = conn.execute(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            actions = conn.execute(
                select(ActionRow.notation, ActionRow.seat, ActionRow.created_at)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.number)
            ).all()
            mutes = conn.execute(
                select(MuteRow.seat, MuteRow.muted).where(MuteRow.game_id == game_id)
            ).all()
            devices = conn.execute(
                select(DeviceTokenRow.sha256, DeviceTokenRow.seat, DeviceTokenRow.account_id).where(
                    DeviceTokenRow.game_id == game_id
                )
            ).all()
            events = read_events(conn, game_id)
            deck = None
            if row.deck_sha256 is not None:
                deck = conn.execute(
                    select(DeckRow.content).where(DeckRow.sha256 == row.deck_sha256)
                ).scalar_one()
        return GameData(
            id=row.id,
            game=row.game,
            options=row.options,
            seed=SECRET + int(row.secret, 16) if row.secret is not None else row.seed,
            created_at=row.created_at,
            revision=row.revision,
            status=row.status,
            seats=[_seat(s) for s in seats],
            actions=[(a.notation, a.seat) for a in actions],
            deck=deck,
            device_tokens=tuple(DeviceToken(d.sha256, d.seat, d.account_id) for d in devices),
            setup=Setup(
                row.listed,
                row.pace,
                row.host,
                row.asked,
                row.leave_bot,
                row.rematch,
                frozenset((m.seat, m.muted) for m in mutes),
                row.rated,
                row.clock,
                row.on_timeout,
                row.on_leave,
                row.forfeited,
                row.hints,
            ),
            turn_from=max(
                _utc(t)
                for t in (row.created_at, row.turn_from, actions[-1][2] if actions else None)
                if t
            ),
            played_at=tuple(_utc(a.created_at) for a in actions),
            seats_filled_at=_utc(row.turn_from or row.created_at),
            timeouts=row.timeouts,
            events=events,
        )

    def add_action(
        self, game_id: str, number: int, notation: str, seat: int, before: int, after: Position
    ) -> None:
        """Store action ``number`` if the game is still at revision ``before``.

        Raises :class:`Conflict` (and writes nothing) if the number is taken or the game
        moved on. The hot path of the server: plain SQL on the driver's connection, which
        costs a third of the CPU of SQLAlchemy's statement machinery.
        """
        sql = self._sql
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute(sql.insert_action, (game_id, number, notation, seat, sql.stamp(_now())))
            result = json.dumps(after.result) if after.result is not None else None
            cursor.execute(
                sql.move,
                (
                    after.revision,
                    after.to_move,
                    after.status,
                    result,
                    after.timeouts,
                    game_id,
                    before,
                ),
            )
            if cursor.rowcount != 1:
                raise Conflict
            if after.status == "over":  # the seats' outcome, for the profiles' counts
                cursor.execute(sql.lost, (False, game_id))
                for winner in winners(after.result):
                    cursor.execute(sql.won, (True, game_id, winner))
            raw.commit()
        except sql.integrity_error as e:
            raw.rollback()
            raise Conflict from e
        except BaseException:
            raw.rollback()
            raise
        finally:
            raw.close()

    def remove_action(self, game_id: str, number: int, before: int, after: Position) -> None:
        """Delete the last action, ``number``, if the game is still at revision ``before``."""
        with self.engine.begin() as conn:
            gone = conn.execute(DELETE_ACTION, {"gid": game_id, "n": number})
            if gone.rowcount != 1:
                raise Conflict
            self._move(conn, game_id, before, after)

    @staticmethod
    def _move(conn: Connection, game_id: str, before: int, after: Position) -> None:
        moved = conn.execute(
            MOVE,
            {
                "gid": game_id,
                "before": before,
                "new_revision": after.revision,
                "new_to_move": after.to_move,
                "new_status": after.status,
                "new_result": after.result,
            },
        )
        if moved.rowcount != 1:
            raise Conflict  # leaving the block by an exception rolls the transaction back

    def join(self, game_id: str, before: Seat, after: Seat) -> None:
        """Write a seat's change by its own holder (``Seat.named``)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == before.seat)
                .values(seat_changes(before, after))
            )

    def accept(self, game_id: str, before: Seat, after: Seat) -> TableEvent:
        """Exchange the seat's invitation for a token (``Seat.held``).

        Raises :class:`Conflict` (and changes nothing) if the invitation is no longer the
        seat's: someone accepted it first, or the seat was handed to a bot. Answers the
        event ``joined``.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == before.seat,
                    SeatRow.invite_sha256 == before.invite_sha256,
                )
                .values(seat_changes(before, after))
            )
            if done.rowcount != 1:
                raise Conflict
            return write_event(conn, game_id, "joined", after.seat, name=after.name, named=True)

    def hand_to_bot(self, game_id: str, before: Seat, after: Seat) -> None:
        """Make an invited seat that never joined a bot seat (``Seat.to_bot``).

        :class:`Conflict` (nothing changed) if it joined meanwhile.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == before.seat,
                    SeatRow.kind == "human",
                    SeatRow.joined == False,  # noqa: E712  (SQL, not Python)
                )
                .values(seat_changes(before, after))
            )
            if done.rowcount != 1:
                raise Conflict

    def leave(self, game_id: str, before: Seat, after: Seat) -> TableEvent:
        """Give a human seat (still holding its token) to a bot for good (``Seat.left_to``).

        Its tokens stop working; the account stays with the seat (``left``), so that the
        leaver is rated with the game's result: leaving never escapes a rating.
        :class:`Conflict` (nothing changed) if the seat changed meanwhile. Answers the
        event ``left``, which names the player who left.
        """
        with self.engine.begin() as conn:
            event = write_event(conn, game_id, "left", before.seat, bot=after.bot)
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == before.seat,
                    SeatRow.kind == "human",
                    SeatRow.token_sha256 == before.token_sha256,
                )
                .values(seat_changes(before, after))
            )
            if done.rowcount != 1:
                raise Conflict
            conn.execute(
                delete(DeviceTokenRow).where(
                    DeviceTokenRow.game_id == game_id, DeviceTokenRow.seat == before.seat
                )
            )
            return event

    def forfeit(self, game_id: str, seat: int, before: int, result: dict[str, Any]) -> None:
        """End a game at revision ``before``: ``seat`` forfeited, with ``result``.

        :class:`Conflict` (nothing changed) if the game moved on or is over meanwhile.
        Writes the event ``forfeited``.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.revision == before, GameRow.status != "over")
                .values(
                    revision=before + 1, to_move=None, status="over", result=result, forfeited=seat
                )
            )
            if done.rowcount != 1:
                raise Conflict
            conn.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id)
                .values(won=SeatRow.seat.in_(winners(result)))
            )
            write_event(conn, game_id, "forfeited", seat)

    def revisions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored revision of each of ``game_ids`` (a check for missed notices)."""
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id, GameRow.revision).where(GameRow.id.in_(game_ids))
            ).all()
        return {r.id: r.revision for r in rows}
