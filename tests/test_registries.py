"""Every registry covers every game id: the checklist of docs/architecture.md, enforced.

A game registered in ``zoogames.games`` must also have a greedy bot, an RL spec, a place in
the server's catalog, candidate actions for the protocol tests, a board in the web client,
its notation and its rulings documented. This test names whichever is missing (the
client's boards: ``tests/test_web_boards.py``).

Every registry loads its entries, ``"module:attr"`` texts, through one helper,
:func:`zoogames.core.registry.load`, whose errors are checked here too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zoogames import bots, games
from zoogames.core import registry
from zoogames.core.registry import load
from zoogames.games import view_types as view_types_module
from zoogames.games.view_types import view_ids, view_type
from zoogames.rl import games as rl_games
from zoogames.server.catalog import catalog

from .candidates import CANDIDATES

ROOT = Path(__file__).resolve().parent.parent

IDS = games.ids()


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


def test_the_catalog_says_which_games_have_two_player_rules() -> None:
    """The client shows "with the 2-player rules" from this field, never from game ids."""
    offered = {g["id"]: g["two_player_rules"] for g in catalog()["games"]}
    assert offered == {
        "aquaretto": True,
        "zooloretto": True,
        "aquaretto-zooloretto": True,
        "aquarium-designer": False,
    }
    web = (ROOT / "web" / "src").rglob("*.tsx")
    tests = [
        p
        for p in web
        if re.search(r"two-player-rules.*game\.id|game\.id.*two-player-rules", p.read_text())
    ]
    assert not tests, f"the client decides the 2-player rules by game id in {tests}"


def test_the_protocol_tests_have_candidates_for_every_game() -> None:
    assert set(CANDIDATES) == set(IDS)


def test_every_game_declares_its_view_type() -> None:
    assert set(view_ids()) == set(IDS)  # tests/test_view_types.py checks the views


def test_every_game_has_its_notation_and_rulings_documented() -> None:
    notation = (ROOT / "docs" / "notation.md").read_text()
    rules_index = (ROOT / "docs" / "rules" / "README.md").read_text()
    for gid in IDS:
        name = games.get(gid).name
        assert f"\n## {name}\n" in notation, f"docs/notation.md has no section '## {name}'"
        assert f"{name}:" in rules_index, f"docs/rules/README.md lists no entry of {name}"


def test_load_imports_the_named_attribute() -> None:
    assert load("zoogames.core.registry:load") is load
    assert load(registry.package("aquaretto") + ":AQUARETTO") is games.get("aquaretto")


@pytest.mark.parametrize("target", ["zoogames.games", "zoogames:", ":AQUARETTO", "a:b:c"])
def test_load_refuses_a_target_not_module_colon_attr(target: str) -> None:
    with pytest.raises(ValueError, match=re.escape("is not of the form 'package.module:attr'")):
        load(target)


def test_load_names_the_missing_module() -> None:
    with pytest.raises(ImportError, match=re.escape("there is no module 'zoogames.games.chess'")):
        load("zoogames.games.chess:CHESS")
    with pytest.raises(ImportError, match="there is no module 'nosuchpackage'"):
        load("nosuchpackage.rules:GAME")


def test_load_names_the_missing_attribute() -> None:
    with pytest.raises(
        ImportError,
        match=re.escape("module 'zoogames.games.aquaretto' has no attribute 'AQUARETO'"),
    ):
        load("zoogames.games.aquaretto:AQUARETO")


def test_registries_name_an_unknown_id() -> None:
    with pytest.raises(KeyError, match=re.escape("unknown game 'chess'; known games: aquaretto")):
        games.get("chess")
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        registry.package("chess")


def package_of(gid: str) -> str:
    """The game's package folder name (``aquarium_designer`` for ``aquarium-designer``)."""
    return registry.package(gid).rpartition(".")[2]


def checklist(gid: str) -> list[tuple[str, bool]]:
    """Each file or entry of docs/architecture.md's checklist, *Adding a game*, for ``gid``:
    (what, present). The registries above are checked by their own tests."""
    pkg = package_of(gid)
    src = ROOT / "src" / "zoogames"
    web = ROOT / "web"
    game_dir = src / "games" / pkg

    def text(path: Path) -> str:
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def key(path: Path) -> bool:  # `"id":` or, for a plain identifier, `id:`
        return bool(re.search(rf'^\s*("{re.escape(gid)}"|{re.escape(gid)})\s*:', text(path), re.M))

    items = [
        *[(f"games/{pkg}/{m}.py", (game_dir / f"{m}.py").exists()) for m in _GAME_MODULES],
        (f"bots/greedy/{pkg}.py", (src / "bots" / "greedy" / f"{pkg}.py").exists()),
        (f"rl/games/{pkg}.py", (src / "rl" / "games" / f"{pkg}.py").exists()),
        (f"docs/rules/{gid}.md", (ROOT / "docs" / "rules" / f"{gid}.md").exists()),
        *[
            (
                f"docs/summaries/{gid}.{lang}.md",
                (ROOT / "docs" / "summaries" / f"{gid}.{lang}.md").exists(),
            )
            for lang in ("en", "cs")
        ],
        (f"tests/{pkg}/ with rule tests", any((ROOT / "tests" / pkg).glob("test_*.py"))),
        ("server/ratings.py MEASURED", key(src / "server" / "ratings.py")),
        ("server/tutorials.py OPTIONS", key(src / "server" / "tutorials.py")),
        ("i18n.py GAME_IDS", f'"{gid}": N_("game.{gid}")' in text(src / "i18n.py")),
        *[
            (
                f"locale/{lang} msgid game.{gid}",
                f'msgid "game.{gid}"'
                in text(src / "locale" / lang / "LC_MESSAGES" / "zoogames.po"),
            )
            for lang in ("en", "cs")
        ],
        *[
            (
                f"web/src/i18n/game.{lang}.json",
                f'"game.{gid}":' in text(web / "src" / "i18n" / f"game.{lang}.json"),
            )
            for lang in ("en", "cs")
        ],
        ("web/public/sw.js GAMES", key(web / "public" / "sw.js")),
        ("web/src/tutorial/lessons.ts", key(web / "src" / "tutorial" / "lessons.ts")),
        ("web/src/boards/index.ts BOARDS", key(web / "src" / "boards" / "index.ts")),
        (
            "web/src/api/views.gen.ts (make views)",
            f"interface {view_type(gid).__name__} " in text(web / "src" / "api" / "views.gen.ts"),
        ),
    ]
    return items


_GAME_MODULES = ("__init__", "state", "render", "view_types", "copies")
"""The modules every game's package has (``copies.py``: written by ``make copies``); its
``actions.py`` too, unless it plays another game's actions (the combined game)."""


@pytest.mark.parametrize("gid", IDS)
def test_every_game_has_every_file_of_the_checklist(gid: str) -> None:
    missing = [what for what, present in checklist(gid) if not present]
    assert not missing, f"{gid} lacks, of docs/architecture.md's checklist: {missing}"


def test_the_checklist_finds_a_missing_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game registered without its files fails the check, naming them."""
    monkeypatch.setitem(registry._GAMES, "chess", "zoogames.games.chess:CHESS")
    monkeypatch.setitem(
        view_types_module._VIEWS, "chess", "zoogames.games.aquaretto.view_types:AquarettoView"
    )
    missing = {what for what, present in checklist("chess") if not present}
    assert {
        "games/chess/state.py",
        "docs/rules/chess.md",
        "web/src/boards/index.ts BOARDS",
    } <= missing
    assert "i18n.py GAME_IDS" in missing and "server/tutorials.py OPTIONS" in missing
