"""The web app's server: FastAPI over a database of game records (``docs/server.md``).

``zoogames serve`` runs it; :func:`create_app` builds the application for tests and other
servers. The modules, each with one job: ``models`` (tables), ``migrate`` and
``migrations/`` (schema), ``store`` (reads and writes), ``table`` (a game in memory),
``service`` (changing games), ``bots`` (worker processes), ``hub`` (WebSocket pushes),
``routes`` and ``ws`` (the API), ``errors`` (its one error type), ``catalog`` (games,
options, bots), ``tokens``, ``static`` (the built client), ``settings`` (the ``ZOOGAMES_*``
limits), ``ratelimit`` (requests per client address), ``guard`` (HTTP request size and
deadline), ``app`` (putting it together).
"""

from zoogames.server.app import create_app, serve

__all__ = ["create_app", "serve"]
