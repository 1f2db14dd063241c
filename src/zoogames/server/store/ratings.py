"""Ratings and what is shown of accounts' play: profiles and leaderboards.

``rate_game`` updates a rated game's ratings once (``games.rated_at`` guards it; the
model is ``server/ratings.py``); ``unrated_games`` finds those a failure left behind.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select, update

from zoogames.server.models import AccountRow, GameRow, RatingRow, SeatRow
from zoogames.server.store.accounts import DELETED
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import _now, _utc


class RatingsStore(StoreBase):
    """Rated games' ratings, profiles and leaderboards."""

    def rate_game(
        self,
        game_id: str,
        game: str,
        accounts: list[int | None],
        result: dict[str, Any],
        fixed: dict[int, tuple[float, float]],
    ) -> bool:
        """Update the ratings of a rated game's accounts from its ``result``, once.

        ``accounts`` names each seat's account; ``fixed`` the (mu, sigma) of the seats that
        keep theirs (bots). ``games.rated_at`` is the guard: set in the same transaction
        only while it is empty, so a game counts once however often this is called (and
        a failed transaction leaves it empty, to be tried again at the next start).
        False if the game was rated already.
        """
        from zoogames.server import ratings

        with self.engine.begin() as conn:
            marked = conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.rated == True, GameRow.rated_at.is_(None))  # noqa: E712
                .values(rated_at=_now())
            )
            if marked.rowcount != 1:
                return False
            # One account is rated once per game, from one read of its rating. An account
            # at several seats (possible before a rated game took one seat per account)
            # is not rated at all: such a game measures nothing but a forfeit to oneself.
            seated = Counter(a for a in accounts if a is not None)
            ids = sorted(a for a, n in seated.items() if n == 1)
            default = ratings.MODEL.rating()
            held: dict[int, Any] = {}
            if ids:
                # A first rating is created here, in this transaction: ``ON CONFLICT DO
                # NOTHING`` makes two games ending together for a new player both read the
                # one row (the second waits for the first's lock), never an IntegrityError.
                conn.execute(
                    self._upsert(RatingRow)
                    .values(
                        [
                            {
                                "account_id": a,
                                "game": game,
                                "mu": default.mu,
                                "sigma": default.sigma,
                                "games": 0,
                            }
                            for a in ids
                        ]
                    )
                    .on_conflict_do_nothing()
                )
                held = {
                    r.account_id: r
                    for r in conn.execute(
                        select(RatingRow)
                        .where(RatingRow.game == game, RatingRow.account_id.in_(ids))
                        .with_for_update()
                    )
                }
            seats: list[tuple[float, float, bool]] = []
            for seat, account in enumerate(accounts):
                if seat in fixed:
                    seats.append((*fixed[seat], True))
                elif account is not None and account in held:
                    seats.append((held[account].mu, held[account].sigma, False))
                else:
                    seats.append((default.mu, default.sigma, True))
            new = ratings.update(seats, result)
            for seat, (account, (mu, sigma)) in enumerate(zip(accounts, new, strict=True)):
                if account is not None and account in held:
                    conn.execute(
                        update(RatingRow)
                        .where(RatingRow.account_id == account, RatingRow.game == game)
                        .values(mu=mu, sigma=sigma, games=RatingRow.games + 1)
                    )
                    old = held[account]
                    conn.execute(  # (kept for the game's end to show the change)
                        update(SeatRow)
                        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                        .values(
                            rating_before=round(ratings.ordinal(old.mu, old.sigma), 3),
                            rating_after=round(ratings.ordinal(mu, sigma), 3),
                        )
                    )
            return True

    def unrated_games(self) -> list[str]:
        """Rated games over whose ratings were not updated (a failure or a crash)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id).where(
                    GameRow.rated == True,  # noqa: E712
                    GameRow.status == "over",
                    GameRow.rated_at.is_(None),
                )
            ).all()
        return [r.id for r in rows]

    def profile(
        self, key: str, recent: int, viewer: int | None, before: datetime | None = None
    ) -> dict[str, Any] | None:
        """An account's games played and won per game, ratings, and a page of its games.

        The counts are one aggregate over the account's seats in games over (indexed by
        ``seats.account_id``; ``seats.won`` says who won), the page at most ``recent`` of
        its newest games created before ``before``: the cost of a profile does not grow
        with the games an account played. Others than the account itself (``viewer``)
        see only its listed games and games over: an unlisted game in play stays private.
        """
        with self.engine.connect() as conn:
            account = conn.execute(
                select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == key)
            ).first()
            if account is None:
                return None
            counts = conn.execute(
                select(
                    GameRow.game,
                    func.count(),
                    func.sum(case((SeatRow.won == True, 1), else_=0)),  # noqa: E712
                )
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.account_id == account.id, GameRow.status == "over")
                .group_by(GameRow.game)
            ).all()
            page = (
                select(
                    GameRow.id,
                    GameRow.game,
                    GameRow.status,
                    GameRow.created_at,
                    GameRow.rated,
                    SeatRow.seat,
                    SeatRow.won,
                )
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.account_id == account.id)
                .order_by(GameRow.created_at.desc(), GameRow.id)
                .limit(recent)
            )
            if viewer != account.id:
                page = page.where((GameRow.listed == True) | (GameRow.status == "over"))  # noqa: E712
            if before is not None:
                page = page.where(GameRow.created_at < before)
            rows = conn.execute(page).all()
            rated = conn.execute(select(RatingRow).where(RatingRow.account_id == account.id)).all()
        return {
            "id": account.id,
            "name": account.name,
            "counts": {game: (int(played), int(won or 0)) for game, played, won in counts},
            "games": [
                (r.id, r.game, r.status, _utc(r.created_at), r.rated, r.seat, r.won) for r in rows
            ],
            "ratings": {r.game: r for r in rated if r.games > 0},
        }

    def leaderboard(self, game: str, limit: int) -> list[tuple[str, float, float, int]]:
        """The best ``limit`` ratings at ``game`` by ordinal: (name, mu, sigma, games)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game, ~AccountRow.name_key.startswith(DELETED))
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                .limit(limit)
            ).all()
        return [(r.name, r.mu, r.sigma, r.games) for r in rows]
