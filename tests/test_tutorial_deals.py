"""Every lesson of every tutorial comes up on its fixed deal.

The browser's lessons (web/src/tutorial/lessons.ts) are shown when a trigger on the
learner's view and the move log first holds. Here each trigger is written again on the
engine's view, and each tutorial's deal (server/tutorials.py) is played to its end by
bots, the learner's seat by ``greedy`` too, for a few of the secret seeds that shuffle the
rest of the pile: each lesson's trigger must hold at some position the learner sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from zoogames import bots, games
from zoogames.server import tutorials

LESSONS_TS = Path(__file__).parents[1] / "web" / "src" / "tutorial" / "lessons.ts"

View = Mapping[str, Any]
Log = list[tuple[int, str]]
Trigger = Callable[[View, Log, bool], bool]


def of_kind(actions: list[str], does: str) -> list[str]:
    """The actions of kind ``does`` (a notation's first word), as lessons.ts's ``ofKind``."""
    return [a for a in actions if a == does or a.startswith(does + " ")]


def may(does: str) -> Trigger:
    return lambda view, log, over: bool(of_kind(list(view["legal"]), does))


def played(log: Log, does: str) -> bool:
    return any(seat == tutorials.LEARNER and of_kind([a], does) for seat, a in log)


def coin_on_truck(view: View, log: Log, over: bool) -> bool:
    return any(t.endswith("coin") for truck in view.get("trucks", []) for t in truck["tiles"])


def money(view: View, log: Log, over: bool) -> bool:
    kinds = ("move", "buy", "exchange", "discard", "expand")
    return played(log, "take") and any(may(m)(view, log, over) for m in kinds)


def bred(view: View, log: Log, over: bool) -> bool:
    return any(n < 2 for n in view.get("offspring_left", {}).values())


TRIGGERS: dict[str, Trigger] = {
    "draw": may("draw"),
    "load": may("load"),
    "take": may("take"),
    "basins": may("place"),
    "enclosures": may("place"),
    "place": may("place"),
    "coins": coin_on_truck,
    "coworker": may("worker"),
    "money": money,
    "end": lambda view, log, over: view["round"] >= 2,
    "scoring": lambda view, log, over: over,
    "both": lambda view, log, over: (
        played(log, "load") and bool(view["legal"]) and not may("take")(view, log, over)
    ),
    "card": may("draw"),
    "areas": lambda view, log, over: played(log, "draw"),
    "preview": lambda view, log, over: view.get("preview") is not None,
    "pass": lambda view, log, over: played(log, "draw") and may("pass")(view, log, over),
}
OFFSPRING: dict[str, Trigger] = {
    "aquaretto": may("offspring"),
    "zooloretto": bred,
    "aquaretto-zooloretto": lambda v, log, o: may("offspring")(v, log, o) or bred(v, log, o),
}
"""Each game's offspring lesson: placing one, or a pair having bred (its supply shrank)."""


def lesson_ids(game: str) -> list[str]:
    """The ids of ``game``'s lessons as lessons.ts lists them (spread shared lessons too)."""
    source = LESSONS_TS.read_text()
    block = re.search(rf'^  "?{re.escape(game)}"?: \[\n(.*?)^  \],', source, re.M | re.S)
    assert block, f"no lessons for {game} in {LESSONS_TS}"
    ids = []
    for line in block.group(1).splitlines():
        found = re.search(r'id: "([\w-]+)"', line) or re.match(r"\s*(?:\{ \.\.\.)?(\w+)\b", line)
        assert found, line
        ids.append(found.group(1))
    return ids


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game", sorted(tutorials.OPTIONS))
def test_each_lesson_comes_up_on_the_tutorials_deal(game: str, seed: int) -> None:
    ids = lesson_ids(game)
    triggers = {i: OFFSPRING[game] if i == "offspring" else TRIGGERS[i] for i in ids}
    state = games.get(game).new_game(players=2, seed=seed, **tutorials.options(game))
    players = [bots.make("greedy", seed=seed + i, game=game) for i in range(2)]
    log: Log = []
    seen: set[str] = set()
    while True:
        view = state.view(tutorials.LEARNER)
        seen |= {i for i, holds in triggers.items() if holds(view, log, state.is_terminal)}
        if state.is_terminal:
            break
        seat = state.to_move
        assert seat is not None
        action = players[seat].choose(state)
        state.apply(action)
        log.append((seat, str(action)))
    assert seen == set(ids), f"never came up: {sorted(set(ids) - seen)}"
