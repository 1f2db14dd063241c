"""Numbers the browser client repeats from the engine's rules hold the engine's values."""

from __future__ import annotations

import re
from pathlib import Path

from zoogames.games.aquarium_designer.state import RANKS

OUTCOME = Path(__file__).parents[1] / "web" / "src" / "components" / "Outcome.tsx"


def test_the_solo_ranks_the_end_of_a_game_shows_are_the_rules() -> None:
    """Aquarium Designer's solo ranks (D-R1): each rank's least score, D below the last."""
    shown = [(r, int(n)) for r, n in re.findall(r'\["([A-Z])", (\d+)\]', OUTCOME.read_text())]
    assert shown == [(r, least) for r, least in RANKS if least >= 0]
