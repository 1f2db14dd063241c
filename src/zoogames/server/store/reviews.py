"""Games' reviews (``server/reviews.py``): asked for, claimed with a lease, saved.

A review is computed in steps by whichever process holds its lease; the decisions
searched so far are saved as they come, and never fewer than are stored.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import select, update

from zoogames.server.models import ReviewRow
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import ReviewData, _now


class ReviewsStore(StoreBase):
    """A game's review as far as it has been computed, and its lease."""

    _REVIEW_COLUMNS = (
        ReviewRow.game_id,
        ReviewRow.iterations,
        ReviewRow.seats,
        ReviewRow.total,
        ReviewRow.done,
        ReviewRow.decisions,
        ReviewRow.lease_until,
    )

    def review(self, game_id: str) -> ReviewData | None:
        """The review of ``game_id`` as far as it has been computed; ``None`` if never asked."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(*self._REVIEW_COLUMNS).where(ReviewRow.game_id == game_id)
            ).one_or_none()
        return None if row is None else ReviewData(*row)

    def request_review(self, game_id: str, iterations: int, seats: list[int], total: int) -> None:
        """Record that ``game_id`` is to be reviewed (nothing if it already was asked)."""
        now = _now()
        statement = (
            self._upsert(ReviewRow)
            .values(
                game_id=game_id,
                iterations=iterations,
                seats=seats,
                total=total,
                done=0,
                decisions=[],
                requested_at=now,
                updated_at=now,
                lease_until=None,
            )
            .on_conflict_do_nothing(index_elements=[ReviewRow.game_id])
        )
        with self.engine.begin() as conn:
            conn.execute(statement)

    def claim_review(self, game_id: str, lease_seconds: float) -> ReviewData | None:
        """Take the unfinished review of ``game_id`` for ``lease_seconds``.

        ``None`` if it is finished, or another process holds it: of processes claiming at
        once, exactly one gets it (one guarded update).
        """
        now = _now()
        with self.engine.begin() as conn:
            row = conn.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.game_id == game_id,
                    ReviewRow.done < ReviewRow.total,
                    (ReviewRow.lease_until.is_(None)) | (ReviewRow.lease_until < now),
                )
                .values(lease_until=now + timedelta(seconds=lease_seconds))
                .returning(*self._REVIEW_COLUMNS)
            ).one_or_none()
        return None if row is None else ReviewData(*row)

    def save_review(
        self, game_id: str, decisions: list[dict[str, Any]], lease_seconds: float
    ) -> None:
        """Store the decisions searched so far; renew the lease, or end it when all are.

        Never fewer than are stored: a process whose lease ran out while a step waited for
        a worker, and which goes on beside the one that took the review over, computes the
        same decisions (each has its own seed) and cannot take the progress back.
        """
        now = _now()
        with self.engine.begin() as conn:
            total = conn.execute(
                select(ReviewRow.total).where(ReviewRow.game_id == game_id)
            ).scalar_one()
            finished = len(decisions) >= total
            conn.execute(
                update(ReviewRow)
                .where(ReviewRow.game_id == game_id, ReviewRow.done <= len(decisions))
                .values(
                    decisions=decisions,
                    done=len(decisions),
                    updated_at=now,
                    lease_until=None if finished else now + timedelta(seconds=lease_seconds),
                )
            )
