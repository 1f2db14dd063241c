"""Profiles and leaderboards: what a player played, won and is rated, in public."""

from __future__ import annotations

from datetime import datetime

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import accounts, catalog, contract
from zoogames.server.accounts import Account
from zoogames.server.errors import ApiError
from zoogames.server.ratings import bot_ratings, rating_json
from zoogames.server.service.env import Env

RECENT = 20
"""Games a profile shows a page of (the newest first)."""
LEADERBOARD = 100
"""Players a leaderboard shows."""


class Profiles:
    """Players' profiles and the games' leaderboards (read only)."""

    def __init__(self, env: Env) -> None:
        self.env = env

    async def profile(
        self, name: str, viewer: Account | None = None, before: str | None = None
    ) -> contract.Profile:
        """A player's profile: games played and won per game, ratings, a page of games.

        Others see only the player's listed games and games over, and an account with no
        game over is answered as absent to them: a profile neither leaks a private table
        nor confirms that a name exists. ``before`` (a game's ``created_at`` from the
        previous page's ``more``) pages back through the player's games.
        """
        since = None
        if before is not None:
            try:
                since = datetime.fromisoformat(before)
            except ValueError:
                raise ApiError(422, msg("error.before")) from None
        found = None
        if accounts.NAME.fullmatch(name):
            found = await self.env.db(
                self.env.store.profile,
                accounts.name_key(name),
                RECENT,
                viewer.id if viewer is not None else None,
                since,
            )
        mine = found is not None and viewer is not None and found["id"] == viewer.id
        if found is None or not (mine or found["counts"] or found["ratings"]):
            raise ApiError(404, msg("error.no_player"))
        per_game: dict[str, JSON] = {
            game: {"played": played, "won": won} for game, (played, won) in found["counts"].items()
        }
        recent: list[JSON] = []
        for gid, game, status, created, rated, seat, won in found["games"]:
            over = status == "over"
            recent.append(
                {
                    "id": gid,
                    "game": game,
                    "status": status,
                    "seat": seat,
                    "won": bool(won) if over else None,
                    "rated": rated,
                    "created_at": created.isoformat(),
                    "replay": f"/api/games/{gid}/replay/0" if over else None,
                    "record": f"/api/games/{gid}/record" if over else None,
                }
            )
        ratings_json: dict[str, JSON] = {
            game: {**rating_json(r.mu, r.sigma), "games": r.games}
            for game, r in found["ratings"].items()
        }
        more = found["games"][-1][3].isoformat() if len(recent) == RECENT else None
        return {
            "name": found["name"],
            "games": per_game,
            "ratings": ratings_json,
            "recent": recent,
            "more": more,
        }

    async def leaderboard(self, game_id: str) -> contract.Leaderboard:
        """The best players at a catalog game by ordinal, and the bots' fixed ratings."""
        game = catalog.game_or_422(game_id)
        rows = await self.env.db(self.env.store.leaderboard, game.id, LEADERBOARD)
        players: list[JSON] = [
            {"name": name, **rating_json(mu, sigma), "games": games}
            for name, mu, sigma, games in rows
        ]
        bots: list[JSON] = [
            {"bot": spec, "label": catalog.bot_label(spec), **rating_json(mu, sigma)}
            for spec, (mu, sigma) in bot_ratings(game.id).items()
        ]
        return {"game": game.id, "players": players, "bots": bots}
