"""Views are typed end to end: each game's view matches its TypedDict key for key, and the
TypeScript generated from the TypedDicts (web/src/api/views.gen.ts) is current.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.scripts import load_script
from zoogames import games
from zoogames.core.rng import Rng
from zoogames.games.view_types import view_ids, view_type

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "scripts" / "gen_views.py"


def check(adapter: TypeAdapter[Any], view: Mapping[str, Any]) -> None:
    """The view validates strictly and survives the round trip unchanged.

    Strict JSON validation refuses a wrong type (no ``"1"`` for an int); the round trip
    catches keys the TypedDict does not declare (validation drops them).
    """
    raw = json.dumps(view)
    validated = adapter.validate_json(raw, strict=True)
    assert json.loads(adapter.dump_json(validated)) == json.loads(raw)


def test_every_game_declares_its_view() -> None:
    assert view_ids() == games.ids()
    with pytest.raises(KeyError, match="no view type for game 'chess'"):
        view_type("chess")


@pytest.mark.parametrize("gid", games.ids())
def test_views_match_their_typed_dict_at_every_seat_all_game_long(gid: str) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(view_type(gid))
    game = games.get(gid)
    for players in sorted({game.min_players, 2, game.max_players}):
        state = game.new_game(players=players, seed=players)
        rng = Rng(players, "views")
        step = 0
        while True:
            if step % 7 == 0 or state.is_terminal:
                for seat in [None, *range(players)]:
                    check(adapter, state.view(seat))
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_a_view_with_an_undeclared_key_or_a_wrong_type_is_refused() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(view_type("aquaretto"))
    view = games.get("aquaretto").new_game(players=2, seed=1).view(0)
    check(adapter, view)
    with pytest.raises(AssertionError):
        check(adapter, {**view, "secret": "the pile's order"})
    with pytest.raises(ValueError, match="bank"):
        check(adapter, {**view, "bank": "26"})


def generator() -> Any:
    """scripts/gen_views.py as a module."""
    return load_script(GENERATOR, "gen_views")


def test_keys_keep_the_docstrings_written_in_the_base_that_declares_them() -> None:
    defs = generator().schema()["$defs"]
    assert defs["DesignerView"]["properties"]["seat"]["description"] == (
        "Who is looking; ``None`` for a spectator."
    )
    union = defs["AquarettoZoolorettoView"]["properties"]
    assert union["restricted"]["description"].startswith("Whether the truck restrictions")
    assert union["pending"].get("description") is None  # undocumented stays so
    assert defs["TwoPileTruckView"]["properties"]["blocked"]["description"].startswith("Spaces")


def test_the_generated_typescript_is_current() -> None:
    assert generator().JSON2TS.exists(), "json2ts is not installed: run `make views`"
    done = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
