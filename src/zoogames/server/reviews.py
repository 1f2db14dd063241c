"""Game reviews on the server: asked for once a game is over, computed once, kept with it.

A review searches each decision of the game's human seats (every seat in a game of bots
alone) with a fixed budget (``Settings.review_iterations``, ``ZOOGAMES_REVIEW_ITERATIONS``:
400, as ``zoogames review``'s default) and the seeds of ``zoogames review``
(``zoogames.bots.teach.review``): the stored review is the one the command line gives for
the game's record, decision for decision (tested). A *decision* is a position with two
legal actions or more.

Where it is computed: in this process's bot workers, one decision at a time as a turn of
a game of bots alone (``BotPool.review_step``: it never takes the last free worker from
a game with a human seat), or with external bots by a bot worker (a ``review`` row in
``bot_turns``, taken after every move and hint). The decisions searched so far are saved
every ``SAVE_SECONDS`` with a lease (``Store.claim_review``): the page shows the progress,
and if the computing process dies, the next request for the review after the lease ran
out continues from the last saved decision.

After the game the record is public (``GET /api/games/{id}/record``), so nothing in a
review is hidden from anyone; each search still sees only the mover's view, like a bot.
"""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING, Any, cast

from zoogames.bots.teach import TURNING_POINTS, worst
from zoogames.core.game import JSON
from zoogames.server import contract

if TYPE_CHECKING:  # the store (SQLAlchemy) is the server's: a review worker needs none of it
    from zoogames.server.store.records import ReviewData

REVIEW_SEED = 0
"""The review's seed (``zoogames review --seed``'s default)."""

SAVE_SECONDS = 1.0
"""How often the decisions searched so far are saved (the progress the page shows)."""


def review_in_worker(game: str, spec: str, seed: int, payload: bytes, seconds: float) -> JSON:
    """In a bot worker: one decision searched (``teach.review_decision``), as JSON.

    ``payload`` is the pickled ``(state, played notation, search seed)``; ``seed`` and
    ``seconds`` (the pool's) are not used: a review has its own seeds and a fixed budget.
    """
    from zoogames.bots.teach import review_decision

    state, played, own_seed = pickle.loads(payload)
    seat = state.to_move
    action = state.game.parse_action(played)
    preferred, loss, values = review_decision(state, action, int(spec.split(":")[1]), own_seed)
    best = state.game.parse_action(preferred)
    return {
        "seat": seat,
        "played": played,
        "preferred": preferred,
        "loss": None if loss is None else round(loss, 4),
        "values": [None if v is None else round(v, 4) for v in values],
        "played_message": state.describe(action, seat).to_json(),
        "preferred_message": state.describe(best, seat).to_json(),
    }


def turning_points(found: list[dict[str, Any]], n: int = TURNING_POINTS) -> list[int]:
    """The numbers of the ``n`` stored decisions that lost the most (``teach.worst``)."""
    losses = [(d["number"], d["loss"]) for d in found if isinstance(d.get("loss"), int | float)]
    return worst(losses, n)


def summary(data: ReviewData | None) -> contract.Review:
    """What ``GET /api/games/{id}/review`` answers (docs/api.md, Reviews).

    ``status``: ``none`` (never asked), ``computing`` (with ``done`` of ``total``) or
    ``done`` (with the decisions and the turning points).
    """
    if data is None:
        return {"status": "none"}
    out: contract.Review = {
        "status": "done" if data.finished else "computing",
        "done": data.done,
        "total": data.total,
        "iterations": data.iterations,
        "seats": list(data.seats),
    }
    if data.finished:
        # (each decision as ``review_in_worker`` wrote it, with its number)
        out["decisions"] = cast(list[contract.ReviewDecision], data.decisions)
        out["turning_points"] = turning_points(data.decisions)
    return out
