"""The web app's server: FastAPI over a database of game records (``docs/server.md``).

``zoogames serve`` runs it; :func:`create_app` builds the application for tests and other
servers. The modules, each with one job (``docs/architecture.md`` draws the map):

- the game in memory: ``table`` (a game, its seats, its log) and ``service`` (a package:
  the round, with the cache, the one path that changes games, bots' turns and clocks, and
  one part per concern beside it: accounts, seats, lobby, chat, hints, …);
- the store: ``models`` (tables), ``migrate`` and ``migrations`` (the schema, Alembic),
  ``store`` (every read and write, one module per concern), ``backup`` (``zoogames
  backup`` and ``zoogames restore``: one consistent copy of the database);
- the API: ``routes`` and ``ws`` (HTTP and WebSocket), ``contract`` (every answer's
  shape, from which the client's types are generated), ``hub`` (pushes to sockets),
  ``errors`` (its one error type), ``guard`` (request size and deadline), ``ratelimit``
  (requests per client), ``static`` (the built client), ``app`` (putting it together);
- the people: ``accounts`` (passwords, sessions), ``tokens`` (seat tokens), ``ratings``
  (OpenSkill), ``notify`` (Web Push and e-mail), ``reviews`` (a finished game's review),
  ``tutorials`` (learn to play);
- the bots and the processes: ``bots`` (the worker pool), ``bot_workers`` (``zoogames
  bots``), ``bus`` (what one process tells the others), ``metrics`` (Prometheus), ``logs``
  (structured log lines with the request and game ids);
- ``catalog`` (games, options, bots) and ``settings`` (the ``ZOOGAMES_*`` settings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zoogames.server.app import create_app, serve

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``serve``, imported on first use.

    A bot worker process imports ``zoogames.server.bots``, and with it this package: the
    web stack (FastAPI, SQLAlchemy, Alembic) would cost each worker a second of CPU it never
    uses.
    """
    if name in __all__:
        from zoogames.server import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
