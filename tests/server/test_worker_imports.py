"""A bot worker process imports the engine and the bots, not the web server.

The server's bot pool starts its workers with ``spawn``: each is a fresh interpreter that
imports the modules of the functions it runs. Were those to bring in the web stack, every
worker would spend a second of CPU on it before its first move (a player waits for it).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

WEB_STACK = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "psycopg", "httpx")


def test_a_bot_worker_imports_none_of_the_web_stack() -> None:
    code = textwrap.dedent(
        """
        import json, pickle, sys
        from zoogames.server import bots, reviews

        # What a worker unpickles: its initializer and the three kinds of work.
        for work in (bots.start_worker, bots.choose_in_worker, bots.hint_in_worker,
                     reviews.review_in_worker):
            pickle.loads(pickle.dumps(work))
        print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    loaded = set(json.loads(done.stdout))
    assert loaded.isdisjoint(WEB_STACK), sorted(loaded & set(WEB_STACK))


def test_the_server_package_still_gives_create_app_and_serve() -> None:
    import zoogames.server as server
    from zoogames.server.app import create_app, serve

    assert server.create_app is create_app and server.serve is serve
