"""The API on a real server, over SQLite and over PostgreSQL (docs/api.md)."""

from __future__ import annotations

import random
import time

import zoogames
from zoogames.core.record import replay

from .db import stored
from .harness import Api, ServerProcess
from .play import human_game, play_to_end, step


def test_catalog_lists_every_game_with_its_options_and_the_bots(api: Api) -> None:
    catalog = api.http.get("/api/catalog").json()
    assert [g["id"] for g in catalog["games"]] == zoogames.games.ids()
    designer = next(g for g in catalog["games"] if g["id"] == "aquarium-designer")
    assert (designer["min_players"], designer["max_players"]) == (1, 5)
    assert {o["name"] for o in designer["options"]} == {"advanced", "deck", "start_player"}
    combined = next(g for g in catalog["games"] if g["id"] == "aquaretto-zooloretto")
    removed = next(o for o in combined["options"] if o["name"] == "removed")
    assert [g["label"] for g in removed["groups"]] == ["Aquaretto", "Zooloretto"]
    specs = [b["spec"] for b in catalog["bots"]]
    assert "greedy" in specs and "mcts:seconds=2" in specs
    # the named levels first, marked as such
    assert specs[:5] == ["beginner", "casual", "strong", "expert", "master"]
    assert [b["named"] for b in catalog["bots"]] == [True] * 5 + [False] * (len(specs) - 5)
    assert {b["level"] for b in catalog["bots"][:5]} == {f"level.{s}" for s in specs[:5]}
    # each bot plays every game at every count but master: where it beat expert
    plays, games = {b["spec"]: b["games"] for b in catalog["bots"]}, catalog["games"]
    assert plays["master"] == {
        "aquaretto": [2, 4],
        "zooloretto": [2, 4],
        "aquaretto-zooloretto": [2, 4],
    }
    counts = {g["id"]: list(range(g["min_players"], g["max_players"] + 1)) for g in games}
    assert all(games == counts for spec, games in plays.items() if spec != "master")


def test_each_named_level_sits_at_a_table_and_plays(api: Api) -> None:
    for level in ("beginner", "casual", "strong", "expert"):
        created = api.create(
            "aquarium-designer",
            [{"kind": "bot", "bot": level}, {"kind": "me", "name": "Anna"}],
            start_player=0,
        )
        deadline = time.monotonic() + 30
        while api.snapshot(created["id"])["number"] == 0:  # the level moves first
            assert time.monotonic() < deadline, f"{level} never moved"
            time.sleep(0.05)
        seat = api.snapshot(created["id"])["seats"][0]
        assert seat["kind"] == "bot" and seat["bot"] == level


def test_master_plays_where_it_is_offered_and_is_refused_elsewhere(api: Api) -> None:
    created = api.create(
        "zooloretto",
        [{"kind": "bot", "bot": "master"}, {"kind": "me", "name": "Anna"}],
        start_player=0,
    )
    deadline = time.monotonic() + 30
    while api.snapshot(created["id"])["number"] == 0:  # the learned search moves first
        assert time.monotonic() < deadline, "master never moved"
        time.sleep(0.05)
    for game, players in (("aquarium-designer", 2), ("aquaretto", 3), ("aquaretto-zooloretto", 3)):
        seats = [{"kind": "bot", "bot": "master"}, *[{"kind": "me"}] * (players - 1)]
        r = api.http.post("/api/games", json={"game": game, "players": players, "seats": seats})
        assert r.status_code == 422
        assert r.json()["detail"] == (
            f"the bot 'master' does not play {game} with {players} players yet; it plays "
            "aquaretto (2, 4), zooloretto (2, 4), aquaretto-zooloretto (2, 4) "
            "(the numbers of players in brackets)"
        )


def test_a_new_game_gives_a_token_to_each_human_seat_and_shows_each_seat_its_view(
    api: Api, server: ServerProcess
) -> None:
    created = api.create(
        "aquaretto",
        [{"kind": "me", "name": "Anna"}, {"kind": "invite"}, {"kind": "bot", "bot": "greedy"}],
        start_player=0,
    )
    assert sorted(created["tokens"]) == ["0"] and sorted(created["invitations"]) == ["1"]
    assert [(s["kind"], s["joined"]) for s in created["seats"]] == [
        ("human", True),
        ("human", False),
        ("bot", True),
    ]
    gid = created["id"]
    mine = api.snapshot(gid, created["tokens"]["0"])
    assert mine["you"] == 0 and mine["view"]["seat"] == 0 and mine["status"] == "playing"
    assert mine["view"]["to_move"] == 0 and "draw" in mine["view"]["legal"]
    invited = api.snapshot(gid, created["invitations"]["1"])
    assert invited["you"] is None and invited["invited"] == 1
    joined = api.join(gid, created["invitations"]["1"], "Bob").json()
    theirs = api.snapshot(gid, joined["token"])
    assert theirs["you"] == 1 and theirs["view"]["legal"] == []
    spectator = api.snapshot(gid)
    assert spectator["you"] is None and spectator["view"]["seat"] is None
    assert spectator["seats"][0]["name"] == "Anna"
    row = stored(server.db_url, gid)
    assert row["game"] == (0, 0, "playing") and len(row["seats"]) == 3


def test_an_action_is_stored_logged_and_shown_to_everyone(api: Api, server: ServerProcess) -> None:
    gid, tokens = human_game(api, start_player=1)
    r = api.act(gid, tokens[1], "draw", 0)
    assert r.status_code == 200, r.text
    snap = r.json()
    assert snap["number"] == 1 and snap["you"] == 1
    draw = {"id": "aquaretto.draw", "params": {}}  # a message names no tile: none is seen yet
    assert snap["log"] == [
        {
            "number": 0,
            "seat": 1,
            "text": "draws a tile",
            "message": draw,
            "action": "draw",
            "round": 1,
        }
    ]
    assert snap["view"]["drawn"] is not None
    assert api.snapshot(gid, tokens[0])["view"]["drawn"] == snap["view"]["drawn"]
    assert stored(server.db_url, gid)["actions"] == [(0, "draw", 1)]
    load = snap["view"]["legal"][0]
    r = api.act(gid, tokens[1], load)  # without a number: no staleness check
    assert r.status_code == 200 and r.json()["number"] == 2
    assert r.json()["log"][-1]["text"].startswith("loads ")


def test_the_websocket_pushes_each_connection_its_own_seat_after_every_change(api: Api) -> None:
    gid, tokens = human_game(api, start_player=0)
    with api.socket(gid) as mine, api.socket(gid) as other, api.socket(gid) as watcher:
        first = mine.hello(tokens[0])
        assert first["you"] == 0 and first["log_from"] == 0 and first["number"] == 0
        assert other.hello(tokens[1])["you"] == 1
        assert watcher.hello(None)["you"] is None
        mine.send({"type": "act", "action": "draw", "number": 0})
        pushed = mine.receive_state(1)
        assert pushed["log_from"] == 0 and [e["number"] for e in pushed["log"]] == [0]
        assert pushed["view"]["legal"] and pushed["can_undo"] is False
        theirs = other.receive_state(1)
        assert theirs["you"] == 1 and theirs["view"]["legal"] == []
        assert watcher.receive_state(1)["view"]["drawn"] == pushed["view"]["drawn"]
        mine.send({"type": "act", "action": pushed["view"]["legal"][0], "number": 1})
        second = mine.receive_state(2)
        assert second["log_from"] == 1 and [e["number"] for e in second["log"]] == [1]
        assert second["can_undo"] is True
        # an action over HTTP reaches the sockets too
        r = api.act(gid, tokens[1], "draw", 2)
        assert r.status_code == 200
        assert other.receive_state(3)["view"]["legal"]
        assert mine.receive_state(3)["log"][-1] == {
            "number": 2,
            "seat": 1,
            "text": "draws a tile",
            "message": {"id": "aquaretto.draw", "params": {}},
            "action": "draw",
            "round": 1,
        }


def test_an_error_on_the_socket_goes_to_its_sender_only(api: Api) -> None:
    gid, tokens = human_game(api, start_player=0)
    with api.socket(gid) as mine, api.socket(gid) as other:
        mine.hello(tokens[0])
        other.hello(tokens[1])
        other.send({"type": "act", "action": "draw", "number": 0})
        error = other.receive()
        assert error == {
            "type": "error",
            "status": 409,
            "detail": "it is not your turn",
            "message": {"id": "error.not_your_turn", "params": {}},
        }
        mine.send({"type": "act", "action": "draw", "number": 0})
        assert mine.receive_state(1)["number"] == 1
        assert other.receive_state(1)["number"] == 1  # and nothing else came before it


def test_hello_again_speaks_for_another_seat(api: Api) -> None:
    gid, tokens = human_game(api, start_player=1)
    with api.socket(gid) as hot_seat:
        assert hot_seat.hello(tokens[0])["you"] == 0
        assert hot_seat.hello(tokens[1])["you"] == 1
        hot_seat.send({"type": "act", "action": "draw", "number": 0})
        assert hot_seat.receive_state(1)["you"] == 1


def test_an_invited_player_joins_by_naming_the_seat(api: Api, server: ServerProcess) -> None:
    created = api.create("zooloretto", [{"kind": "me", "name": "Anna"}, {"kind": "invite"}])
    gid, token = created["id"], created["invitations"]["1"]
    with api.socket(gid) as host:
        host.hello(created["tokens"]["0"])
        r = api.join(gid, token, "  Bob   Smith ")
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1] == {
            "seat": 1,
            "kind": "human",
            "name": "Bob Smith",
            "joined": True,
            "bot": None,
        }
        assert host.receive_state()["seats"][1]["name"] == "Bob Smith"
    assert stored(server.db_url, gid)["seats"][1] == (1, "Bob Smith", True)


def test_undo_takes_back_own_actions_up_to_the_last_draw(api: Api, server: ServerProcess) -> None:
    gid, tokens = human_game(api, start_player=0)
    drawn = api.act(gid, tokens[0], "draw", 0).json()
    assert drawn["can_undo"] is False  # a draw shows a tile: it is never taken back
    load = drawn["view"]["legal"][-1]
    loaded = api.act(gid, tokens[0], load, 1).json()
    assert loaded["can_undo"] is True and loaded["view"]["to_move"] == 1
    assert api.snapshot(gid, tokens[1])["can_undo"] is False
    assert api.undo(gid, tokens[1]).status_code == 409  # not their action
    with api.socket(gid) as other:
        other.hello(tokens[1])
        r = api.undo(gid, tokens[0])
        assert r.status_code == 200, r.text
        back = r.json()
        assert back["number"] == 1 and back["view"] == drawn["view"]
        assert back["log"] == drawn["log"] and back["can_undo"] is False
        pushed = other.receive_state(1)
        assert pushed["log_from"] == 1 and pushed["log"] == []
    assert stored(server.db_url, gid)["actions"] == [(0, "draw", 0)]
    again = api.undo(gid, tokens[0])
    assert again.status_code == 409 and "nothing to take back" in again.json()["detail"]
    # the position plays on from there, with any load
    assert api.act(gid, tokens[0], drawn["view"]["legal"][0], 1).status_code == 200


def test_a_bot_seat_plays_by_itself_and_says_it_is_thinking(api: Api) -> None:
    created = api.create(
        "aquaretto", [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}], start_player=0
    )
    gid, token = created["id"], created["tokens"]["0"]
    with api.socket(gid) as mine:
        snap = mine.hello(token)
        rng = random.Random(1)
        seen_thinking = False
        while snap["number"] < 12:
            if snap["view"]["to_move"] == 0:
                mine.send(
                    {"type": "act", "action": rng.choice(snap["view"]["legal"]),
                     "number": snap["number"]}
                )  # fmt: skip
            message = mine.receive()
            if message["type"] == "thinking":
                assert message["seat"] == 1
                seen_thinking = True
            elif message["type"] == "state":
                snap = message
            else:
                raise AssertionError(message)
        assert seen_thinking
    assert any(e["seat"] == 1 for e in api.snapshot(gid)["log"])  # the whole log


def test_a_game_to_its_end_gives_its_record_and_replay(api: Api, server: ServerProcess) -> None:
    gid, tokens = human_game(api, "aquarium-designer", players=1)
    assert api.http.get(f"/api/games/{gid}/record").status_code == 409
    final = play_to_end(api, gid, tokens)
    assert final["result"] is not None and final["view"]["legal"] == []
    record = api.http.get(f"/api/games/{gid}/record").json()
    assert len(record["actions"]) == final["number"] and isinstance(record["seed"], int)
    state = replay(record)
    assert state.is_terminal and state.result().to_json() == final["result"]
    assert stored(server.db_url, gid)["game"][2] == "over"
    last = api.http.get(f"/api/games/{gid}/replay/{final['number']}").json()
    assert last["view"] == api.snapshot(gid)["view"]
    start = api.http.get(f"/api/games/{gid}/replay/0").json()
    assert start["number"] == 0 and start["log"] == []
    assert api.http.get(f"/api/games/{gid}/replay/{final['number'] + 1}").status_code == 422
    assert api.undo(gid, tokens[0]).status_code == 409  # never after the end


def test_the_stored_game_replays_to_the_served_position(api: Api) -> None:
    gid, tokens = human_game(api, "aquaretto-zooloretto", players=3)
    rng = random.Random(5)
    for _ in range(25):
        snap = step(api, gid, tokens, rng)
    with api.socket(gid) as watcher:
        assert watcher.hello(None)["view"] == api.snapshot(gid)["view"]
    assert len(snap["log"]) == 25


def test_repeated_undos_walk_back_a_turn_but_never_past_another_seat(api: Api) -> None:
    gid, tokens = human_game(api, start_player=0)
    while True:  # seat 0 loads animals onto truck A, everything else goes elsewhere
        seat = api.snapshot(gid)["view"]["to_move"]
        drawn = api.act(gid, tokens[seat], "draw").json()
        animal_on_a = seat == 0 and drawn["view"]["drawn"] != "coin"
        loads = [a for a in drawn["view"]["legal"] if (a == "load A") == animal_on_a]
        loads = loads or drawn["view"]["legal"]  # (the only trucks left may be the others)
        assert api.act(gid, tokens[seat], loads[0]).status_code == 200
        if seat == 1 and drawn["view"]["trucks"][0]["tiles"]:
            break
    before_turn = api.snapshot(gid, tokens[0])
    assert before_turn["can_undo"] is False  # seat 1 played last
    snap = api.act(gid, tokens[0], "take A", before_turn["number"]).json()
    played = 1
    while snap["view"]["to_move"] == 0 and snap["view"]["legal"]:  # place the truck's tiles
        snap = api.act(gid, tokens[0], snap["view"]["legal"][0], snap["number"]).json()
        played += 1
    assert played >= 2
    for _ in range(played):
        r = api.undo(gid, tokens[0])
        assert r.status_code == 200, r.text
    assert r.json()["view"] == before_turn["view"] and r.json()["log"] == before_turn["log"]
    assert api.undo(gid, tokens[0]).status_code == 409  # seat 1's load is not seat 0's


def test_the_openapi_schema_documents_every_route(api: Api) -> None:
    schema = api.http.get("/openapi.json").json()
    paths = schema["paths"]
    assert {
        "/api/catalog",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/join",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/replay/{number}",
        "/api/games/{game_id}/record",
        "/api/signup",
        "/api/signin",
        "/api/signout",
        "/api/signout-everywhere",
        "/api/me",
        "/api/me/claim",
        "/api/me/games",
        "/api/me/games/{game_id}/tokens",
        "/api/lobby",
        "/api/games/{game_id}/seats/{seat}/join",
        "/api/games/{game_id}/start",
        "/api/games/{game_id}/chat",
        "/api/games/{game_id}/mute",
        "/api/games/{game_id}/leave",
        "/api/games/{game_id}/rematch",
        "/api/players/{name}",
        "/api/leaderboard/{game}",
    } <= set(paths)
    created = paths["/api/games"]["post"]["responses"]["201"]
    assert created["content"]["application/json"]["schema"]["$ref"].endswith("/Created")
    assert "Snapshot" in schema["components"]["schemas"]
    assert "HTTPBearer" in schema["components"]["securitySchemes"]
