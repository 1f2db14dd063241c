"""Reviews: a finished game's decisions searched again by the bots (``server/reviews.py``).

Computed here, or by the bot workers with external bots, under a lease in the database
(one process at a time), saving as it goes; a review whose process died is taken up again
when next asked for.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, cast

from zoogames.bots import teach
from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import contract, reviews
from zoogames.server.bots import BotFailed
from zoogames.server.errors import ApiError
from zoogames.server.service.env import Env
from zoogames.server.store import BotTurn
from zoogames.server.table import Table

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

log = logging.getLogger("zoogames.server")


class Reviews:
    """Games' reviews (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_
        self._reviewing: set[str] = set()
        """Games whose review this process is computing now (``compute``)."""

    async def review(self, game_id: str) -> contract.Review:
        """The review of ``game_id`` as far as it is computed (``reviews.summary``).

        A review whose computing process died (its lease ran out) is taken up again here,
        from its last saved decision.
        """
        table = await self.round.table(game_id)
        data = await self.env.db(self.env.store.review, game_id)
        if data is not None and not data.finished and not data.leased():
            self._continue(table)
        return reviews.summary(data)

    async def request(self, game_id: str) -> contract.Review:
        """Ask for the review of a finished game (409 before the end); where it stands.

        Asking again changes nothing: a game is reviewed once.
        """
        table = await self.round.table(game_id)
        if not table.over:
            raise ApiError(409, msg("error.review_unfinished"))
        data = await self.env.db(self.env.store.review, game_id)
        if data is None:
            seats = [i for i, s in enumerate(table.seats) if s.kind != "bot"]
            seats = seats or list(range(len(table.seats)))
            start, actions = teach.replay(table.record())
            total = len(teach.decisions(start, actions, set(seats)))
            await self.env.db(
                self.env.store.request_review,
                game_id,
                self.env.settings.review_iterations,
                seats,
                total,
            )
            data = await self.env.db(self.env.store.review, game_id)
        if data is not None and not data.finished and not data.leased():
            self._continue(table)
        return reviews.summary(data)

    def _continue(self, table: Table) -> None:
        """Have the review of ``table`` computed: here, or by the bot workers."""
        if self.env.external_bots:
            turn = BotTurn(table.id, 0, table.revision, "review", False, "review")
            self.env.in_background(self.round.queue_turn(turn))
        elif table.id not in self._reviewing:
            self.env.in_background(self.compute(table.id))

    async def compute(self, game_id: str) -> None:
        """Search the decisions of ``game_id``'s review not yet searched, saving as it goes.

        Runs only with the review's lease (``Store.claim_review``), renewed with each save;
        does nothing if another process holds it or the review is finished.
        """
        if game_id in self._reviewing:
            return
        self._reviewing.add(game_id)
        lease = self.env.settings.review_lease
        try:
            data = await self.env.db(self.env.store.claim_review, game_id, lease)
            if data is None:
                return
            table = await self.round.table(game_id)
            state, actions = teach.replay(table.record())
            todo = set(teach.decisions(state, actions, set(data.seats))[data.done :])
            found = list(data.decisions)
            saved = time.monotonic()
            try:
                for number, action in enumerate(actions):
                    if number in todo:
                        step = await self.env.bots.review_step(
                            game_id,
                            state.clone(),
                            str(action),
                            teach.step_seed(number, reviews.REVIEW_SEED),
                            data.iterations,
                        )
                        found.append({"number": number, **cast(dict[str, JSON], step)})
                        if (
                            time.monotonic() - saved >= reviews.SAVE_SECONDS
                            or len(found) >= data.total
                        ):
                            await self.env.db(self.env.store.save_review, game_id, found, lease)
                            saved = time.monotonic()
                    state.apply(action)
            except BotFailed:
                log.error("game %s: a review step failed; it goes on when asked again", game_id)
                await self.env.db(self.env.store.save_review, game_id, found, lease)
        except ApiError as e:
            log.error("game %s: review not computed (%s)", game_id, e.detail)
        finally:
            self._reviewing.discard(game_id)
