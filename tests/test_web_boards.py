"""The browser client has a board for every game (web/src/boards/index.ts, ``BOARDS``)."""

from __future__ import annotations

import re
from pathlib import Path

from zoogames import games

BOARDS = Path(__file__).resolve().parents[1] / "web" / "src" / "boards" / "index.ts"


def test_every_game_id_has_a_board_in_the_client() -> None:
    text = BOARDS.read_text()
    body = text[text.index("export const BOARDS") :]
    body = body[body.index("{", body.index("=")) + 1 : body.index("};")]
    keys = set(re.findall(r'^\s*"?([a-z0-9-]+)"?\s*:', body, re.MULTILINE))
    assert keys == set(games.ids())
