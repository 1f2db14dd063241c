"""The bare install (``pip install zoogames``, no extra) plays every game and runs the CLI.

Each test runs a fresh interpreter in which every package of the optional extras fails to
import, as if it were not installed: the rules, the bots and the CLI must not need them, and
the commands that do need them must say which extra to install.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# pydantic is not here: typer, a bare dependency, needs it too; nor numpy, which the learned
# evaluation needs (imported with its first model, so the play below never loads it).
EXTRAS_PACKAGES = (
    # [server]
    "fastapi", "starlette", "uvicorn", "websockets", "sqlalchemy", "alembic",
    "psycopg", "orjson", "httpx",
    # [arena]
    "openskill", "matplotlib",
    # [rl], [train], [ray]
    "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "torch", "ray",
)  # fmt: skip

BLOCKER = textwrap.dedent(
    f"""
    import importlib.machinery
    import sys

    BLOCKED = {EXTRAS_PACKAGES!r}

    class Hidden(importlib.machinery.PathFinder):
        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                return None  # as if not installed: find_spec None, import fails
            return super().find_spec(name, path, target)

    sys.meta_path[:] = [
        Hidden if f is importlib.machinery.PathFinder else f for f in sys.meta_path
    ]
    """
)


def run_bare(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where the extras' packages cannot be imported."""
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The ``zoogames`` command in a bare interpreter."""
    return run_bare(f"import sys; sys.argv = ['zoogames', *{list(args)!r}]\n"
                    "from zoogames.cli import main; main()")  # fmt: skip


def test_the_blocker_blocks() -> None:
    done = run_bare("import fastapi")
    assert done.returncode == 1 and "No module named 'fastapi'" in done.stderr


def test_every_game_plays_to_the_end_with_every_bot_without_the_extras() -> None:
    done = run_bare(
        """
        import sys
        import zoogames
        from zoogames import bots

        for gid in zoogames.games.ids():
            game = zoogames.games.get(gid)
            players = max(game.min_players, 2)
            state = game.new_game(players=players, seed=3)
            seats = [bots.make(spec, seed=s, game=gid)
                     for s, spec in enumerate(["greedy", "random", "mcts:iterations=4"][:players])]
            while not state.is_terminal:
                state.apply(seats[state.to_move].choose(state))
            assert zoogames.replay(state.record()) == state
            print(gid, state.result().winners)
        heavy = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
        assert not heavy, heavy
        assert "numpy" not in sys.modules  # only a learned evaluation loads it
        """
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 4


def test_the_cli_runs_its_bare_commands() -> None:
    games = cli("games")
    assert games.returncode == 0, games.stderr
    assert "aquaretto-zooloretto" in games.stdout
    sim = cli("simulate", "aquarium-designer", "--players", "2", "--games", "2", "--json")
    assert sim.returncode == 0, sim.stderr
    assert '"games": 2' in sim.stdout
    version = cli("--version")
    assert version.returncode == 0 and version.stdout.startswith("zoogames 0."), version


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("serve", "--port", "1"), "server"),
        (("arena", "aquaretto", "--games", "1", "--out", "/nonexistent/x"), "arena"),
    ],
)
def test_commands_needing_an_extra_name_it(args: tuple[str, ...], extra: str) -> None:
    done = cli(*args)
    assert done.returncode == 1
    assert f"needs the [{extra}] extra" in done.stderr
    assert f"pip install 'zoogames[{extra}]'" in done.stderr
    assert "Traceback" not in done.stderr
