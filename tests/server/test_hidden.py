"""Nothing the server sends or logs carries the seed, the draw order or a face-down card.

A game is played to its end through the API while every snapshot, push and error is
kept. Then, with the record (public at the end), each kept view is compared with the
view of a *determinized twin* of the same position, whose unseen tiles or cards are
reshuffled: if a view held anything of the hidden order, some twin would differ.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.hidden import assert_determinize_hides
from zoogames.core.record import start
from zoogames.core.rng import Rng

from .harness import Api, ServerProcess
from .play import human_game


@pytest.mark.parametrize(("game", "players"), [("zooloretto", 2), ("aquarium-designer", 3)])
def test_no_answer_push_or_log_line_reveals_hidden_information(
    api: Api, server: ServerProcess, game: str, players: int
) -> None:
    gid, tokens = human_game(api, game, players)
    rng = random.Random(7)
    texts: list[str] = []
    views: list[dict[Any, Any]] = []  # per number: seat (None: spectator) → served view
    with api.socket(gid) as watcher, api.socket(gid) as seat0:
        texts.append(json.dumps(watcher.hello(None)))
        texts.append(json.dumps(seat0.hello(tokens[0])))
        while True:
            snaps = {}
            for seat, token in [*enumerate(tokens), (None, None)]:
                r = api.get(gid, token)
                texts.append(r.text)
                snaps[seat] = r.json()
            views.append({seat: s["view"] for seat, s in snaps.items()})
            if snaps[None]["status"] == "over":
                texts.pop()  # the last answers may show the result; the record is public then
                break
            to_move = snaps[None]["view"]["to_move"]
            mine = snaps[to_move]
            wrong = api.act(
                gid, tokens[to_move], "take Z" if game != "aquarium-designer" else "draw 99 0,0 0"
            )
            texts.append(wrong.text)  # an error, with the engine's reason
            r = api.act(gid, tokens[to_move], rng.choice(mine["view"]["legal"]), mine["number"])
            assert r.status_code == 200, r.text
            for ws in (watcher, seat0):
                texts.append(json.dumps(ws.receive_state(mine["number"] + 1)))
    record = api.http.get(f"/api/games/{gid}/record").json()
    seed = str(record["seed"])
    assert not [t for t in texts if seed in t], "the seed was sent before the end"
    log = server.output()
    assert seed not in log and not any(t in log for t in tokens)

    state = start({**record, "actions": []})
    hiding = 0  # positions where a twin's equal views prove something: it hid tiles
    for number, served in enumerate(views):
        hiding += assert_determinize_hides(state) > 0
        for k in range(2):
            twin = state.determinize(Rng(k, "twin"))
            for seat, view in served.items():
                assert json.loads(json.dumps(twin.view(seat))) == view, (number, seat)
        if number < len(record["actions"]):
            state.apply(record["actions"][number])
    assert state.is_terminal
    assert hiding > 0, "no position served had a hidden order to give away"
