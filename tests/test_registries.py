"""Every registry covers every game id: the checklist of docs/architecture.md, enforced.

A game registered in ``zoogames.games`` must also have a greedy bot, an RL spec, a place in
the server's catalog, candidate actions for the protocol tests, a board in the web client,
its notation and its rulings documented. This test names whichever is missing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zoogames import bots, games
from zoogames.games.view_types import view_ids
from zoogames.rl import games as rl_games
from zoogames.server.catalog import catalog

from .candidates import CANDIDATES

ROOT = Path(__file__).resolve().parent.parent
WEB_BOARDS = ROOT / "web" / "src" / "boards" / "index.ts"
# Until the client keeps its boards in one map (web/src/boards/index.ts, keyed by game id),
# the board is chosen by a switch over the game id in Board.tsx: read whichever exists.
WEB_BOARD_SWITCH = ROOT / "web" / "src" / "components" / "Board.tsx"

IDS = games.ids()


def web_board_ids() -> set[str]:
    """The game ids the web client has a board for."""
    if WEB_BOARDS.exists():
        # the map's keys, one per line: `aquaretto: …` or `"aquaretto-zooloretto": …`
        return set(re.findall(r'^\s*"?([a-z][a-z-]*)"?\s*:', WEB_BOARDS.read_text(), re.M))
    return set(re.findall(r'case "([a-z-]+)":', WEB_BOARD_SWITCH.read_text()))


def test_the_game_registry_is_not_empty_and_each_id_loads() -> None:
    assert IDS
    for gid in IDS:
        game = games.get(gid)
        assert game.id == gid
        assert game.min_players <= game.max_players


@pytest.mark.parametrize("gid", IDS)
def test_each_game_has_a_greedy_bot(gid: str) -> None:
    bot = bots.make("greedy", seed=0, game=gid)
    state = games.get(gid).new_game(players=games.get(gid).max_players, seed=1)
    assert bot.choose(state) in state.legal_actions()


def test_the_rl_adapters_cover_every_game() -> None:
    assert set(rl_games.ids()) == set(IDS)
    for gid in IDS:
        assert rl_games.spec(gid).game_id == gid


def test_the_server_catalog_offers_every_game() -> None:
    offered = catalog()["games"]
    assert isinstance(offered, list)
    assert [g["id"] for g in offered if isinstance(g, dict)] == IDS


def test_the_protocol_tests_have_candidates_for_every_game() -> None:
    assert set(CANDIDATES) == set(IDS)


def test_every_game_declares_its_view_type() -> None:
    assert set(view_ids()) == set(IDS)  # tests/test_view_types.py checks the views


def test_the_web_client_has_a_board_for_every_game() -> None:
    missing = set(IDS) - web_board_ids()
    assert not missing, f"no board in the web client for {sorted(missing)}"


def test_every_game_has_its_notation_and_rulings_documented() -> None:
    notation = (ROOT / "docs" / "notation.md").read_text()
    rules_index = (ROOT / "docs" / "rules" / "README.md").read_text()
    for gid in IDS:
        name = games.get(gid).name
        assert f"\n## {name}\n" in notation, f"docs/notation.md has no section '## {name}'"
        assert f"{name}:" in rules_index, f"docs/rules/README.md lists no entry of {name}"
