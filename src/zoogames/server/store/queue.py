"""The bot workers' queue, and which seats' pages are open: what processes share.

Several processes on one PostgreSQL database hand bot turns to the bot workers through
``bot_turns`` (one turn per game and kind, claimed with a lease, ``FOR UPDATE SKIP
LOCKED``), and tell one another which seats have a page open (``seats.present_until``).
``waiting_for_bots`` and ``queue_missing_bot_turns`` find the games a bot must play.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Table, bindparam, delete, exists, func, literal, select, true, update
from sqlalchemy.orm import aliased

from zoogames.server.models import BotTurnRow, GameRow, SeatRow
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import PRIORITY, BotTurn, _now, _utc


class QueueStore(StoreBase):
    """Bot turns (queue, claim, drop, sweep) and the seats' presence."""

    def waiting_for_bots(self) -> list[str]:
        """Ids of the games in play whose seat to move is a bot and that have a human seat.

        A game of bots alone is played only while someone watches it (``service/round.py``).
        """
        human = aliased(SeatRow)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id)
                .join(SeatRow, (SeatRow.game_id == GameRow.id) & (SeatRow.seat == GameRow.to_move))
                .where(
                    GameRow.status == "playing",
                    SeatRow.kind == "bot",
                    exists().where(
                        human.game_id == GameRow.id, (human.kind == "human") | human.left
                    ),
                )
            ).all()
        return [r.id for r in rows]

    def queue_bot_turn(self, turn: BotTurn) -> None:
        """Ask the bot workers to play ``turn``; it replaces an older turn of its game.

        A turn at the revision already queued (two servers asking for the same turn)
        changes nothing: a worker holding it keeps its lease.
        """
        values = {
            "game_id": turn.game_id,
            "kind": turn.kind,
            "priority": turn.priority,
            "seat": turn.seat,
            "revision": turn.revision,
            "spec": turn.spec,
            "attended": turn.attended,
            "requested_at": _now(),
            "lease_until": None,
        }
        statement = self._upsert().values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[BotTurnRow.game_id, BotTurnRow.kind],
            set_={k: statement.excluded[k] for k in values if k not in ("game_id", "kind")},
            where=BotTurnRow.revision < statement.excluded.revision,
        )
        with self.engine.begin() as conn:
            conn.execute(statement)

    def claim_bot_turn(self, lease_seconds: float) -> BotTurn | None:
        """Take the next waiting bot turn for ``lease_seconds`` (PostgreSQL); ``None`` if none.

        Games with a human seat first, then the longest waiting: one turn per game, so
        every game gets its turn. ``FOR UPDATE SKIP LOCKED``: workers claiming at the same
        moment take different turns without waiting for each other. A turn whose lease ran
        out (its worker died) is waiting again.
        """
        now = _now()
        waiting = (
            select(BotTurnRow.game_id, BotTurnRow.kind)
            .where((BotTurnRow.lease_until.is_(None)) | (BotTurnRow.lease_until < now))
            .order_by(BotTurnRow.priority, BotTurnRow.requested_at)
            .limit(1)
            .with_for_update(skip_locked=True)
            .cte("waiting")
        )
        with self.engine.begin() as conn:
            row = conn.execute(
                update(BotTurnRow)
                .where(BotTurnRow.game_id == waiting.c.game_id, BotTurnRow.kind == waiting.c.kind)
                .values(lease_until=now + timedelta(seconds=lease_seconds))
                .returning(
                    BotTurnRow.game_id,
                    BotTurnRow.seat,
                    BotTurnRow.revision,
                    BotTurnRow.spec,
                    BotTurnRow.attended,
                    BotTurnRow.kind,
                )
            ).one_or_none()
        return None if row is None else BotTurn(*row)

    def waiting_bot_turns(self) -> int:
        """How many bot turns wait for a worker now (claimed ones not counted)."""
        with self.engine.connect() as conn:
            count = conn.execute(
                select(func.count())
                .select_from(BotTurnRow)
                .where((BotTurnRow.lease_until.is_(None)) | (BotTurnRow.lease_until < _now()))
            ).scalar_one()
        return int(count)

    def drop_bot_turn(self, turn: BotTurn) -> None:
        """Forget ``turn`` (done, or left behind by the game).

        A newer turn of its game and kind stays.
        """
        with self.engine.begin() as conn:
            conn.execute(
                delete(BotTurnRow).where(
                    BotTurnRow.game_id == turn.game_id,
                    BotTurnRow.kind == turn.kind,
                    BotTurnRow.revision == turn.revision,
                )
            )

    def queue_missing_bot_turns(self) -> int:
        """Queue the turn of every game with a human seat waiting for a bot and no turn queued.

        The server queues a turn right after the action that made it (``service/round.py``); a
        server that died between the two leaves the game to this sweep. Returns how many.
        """
        human = aliased(SeatRow)
        missing = (
            select(
                GameRow.id,
                literal("move"),
                literal(PRIORITY["move"]),
                GameRow.to_move,
                GameRow.revision,
                SeatRow.bot,
                true(),
                func.now(),
            )
            .join(SeatRow, (SeatRow.game_id == GameRow.id) & (SeatRow.seat == GameRow.to_move))
            .where(
                GameRow.status == "playing",
                GameRow.forfeited.is_(None),
                SeatRow.kind == "bot",
                exists().where(human.game_id == GameRow.id, human.kind == "human"),
                ~exists().where(  # an open seat: the game waits for its player
                    human.game_id == GameRow.id,
                    human.kind == "human",
                    human.joined.is_(False),
                    human.token_sha256.is_(None),
                    human.invite_sha256.is_(None),
                ),
                ~exists().where(BotTurnRow.game_id == GameRow.id, BotTurnRow.kind == "move"),
            )
        )
        columns = [
            "game_id",
            "kind",
            "priority",
            "seat",
            "revision",
            "spec",
            "attended",
            "requested_at",
        ]
        statement = self._upsert().from_select(columns, missing).on_conflict_do_nothing()
        with self.engine.begin() as conn:
            return int(conn.execute(statement).rowcount or 0)

    def mark_present(self, seats: list[tuple[str, int]], until: datetime | None) -> None:
        """Say that pages of ``seats`` (game id, seat) are open until ``until``.

        ``None``: they closed.
        """
        if not seats:
            return
        with self.engine.begin() as conn:
            seats_table: Table = SeatRow.__table__  # type: ignore[assignment]
            conn.execute(
                update(seats_table)
                .where(
                    seats_table.c.game_id == bindparam("g"), seats_table.c.seat == bindparam("s")
                )
                .values(present_until=until),
                [{"g": g, "s": s} for g, s in seats],
            )

    def present(self, game_id: str, seat: int) -> bool:
        """True if a page of the seat is open on some process (``mark_present``)."""
        with self.engine.connect() as conn:
            until = conn.execute(
                select(SeatRow.present_until).where(
                    SeatRow.game_id == game_id, SeatRow.seat == seat
                )
            ).scalar_one_or_none()
        return until is not None and _utc(until) > _now()
