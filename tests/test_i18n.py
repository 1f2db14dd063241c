"""The catalogues (docs/i18n.md): complete, all used, Czech grammar, and the client's copy.

Which ids the code uses is what ``pybabel extract`` finds (``make messages``): every
``msg("id", ...)`` and ``N_("id")`` under src/zoogames.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from tests.scripts import load_script
from zoogames import games
from zoogames.bots import NAME_IDS, names
from zoogames.core.message import Message, SeatRef, msg
from zoogames.core.rng import Rng
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquarium_designer.cards import default_deck
from zoogames.games.zooloretto import tiles as zt
from zoogames.i18n import (
    CASES,
    GAME_IDS,
    LANGUAGES,
    SCORE_IDS,
    english,
    entry_key,
    from_environment,
    language,
    placeholders,
    points,
    read_catalogue,
    render,
)
from zoogames.server.catalog import BOT_LEVELS, BOTS

ROOT = Path(__file__).resolve().parent.parent
gen_i18n = load_script(ROOT / "scripts" / "gen_i18n.py", "gen_i18n")


@functools.cache
def used_ids() -> frozenset[str]:
    """The ids in the code, as ``make messages`` extracts them (babel.cfg's keywords).

    Extracted on first use, not at import: every test process collects this module.
    """
    found = extract_from_dir(
        str(ROOT / "src" / "zoogames"),
        method_map=[("**.py", "python")],
        keywords={"msg": None, "N_": None},
    )
    return frozenset(entry_key(message) for _file, _line, message, _comments, _context in found)


def test_the_extraction_finds_the_move_log_ids() -> None:
    assert {"aquaretto.load", "tile.female", "species.dolphin", "score.points"} <= used_ids()
    assert len(used_ids()) > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_id_the_code_uses_is_translated_and_every_entry_is_used(lang: str) -> None:
    catalogue = read_catalogue(lang)
    translated = {
        entry_key(m.id)
        for m in catalogue
        if m.id and m.context is None and m.string and all(m.string)
    }
    assert sorted(used_ids() - translated) == [], f"missing or empty in {lang}"
    ids = {entry_key(m.id) for m in catalogue if m.id}
    assert sorted(ids - used_ids()) == [], f"unused in {lang}"
    for m in catalogue:
        if m.id:
            assert m.string and all(m.string), f"{lang}: {m.id} ({m.context}) is empty"
            assert m.context is None or m.context in CASES, f"{lang}: {m.id} ({m.context})"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_case_entry_is_asked_for_by_some_template(lang: str) -> None:
    asked = {
        case
        for entry in language(lang).entries.values()
        for template in ([entry] if isinstance(entry, str) else entry)
        for _name, case in placeholders(template)
        if case is not None
    }
    contexts = {ctx for (_id, ctx) in language(lang).entries if ctx is not None}
    assert contexts <= asked


def check_placeholders(message: Message) -> None:
    """Every template of ``message``'s id, in every language and case, names only its params."""
    for lang in LANGUAGES:
        for (key, _ctx), entry in language(lang).entries.items():
            if key != message.id:
                continue
            for template in [entry] if isinstance(entry, str) else entry:
                for name, case in placeholders(template):
                    assert name in message.params, f"{lang} {key} names {name!r}"
                    assert case is None or case in CASES
                    assert (case is not None) == isinstance(message.params[name], Message)
    for value in message.params.values():
        if isinstance(value, Message):
            check_placeholders(value)


def games_messages(game_id: str, seed: int, steps: int = 2000) -> list[Message]:
    """Every legal action's message along a random game."""
    state = games.get(game_id).new_game(players=3, seed=seed)
    rng = Rng(seed)
    out: list[Message] = []
    for _ in range(steps):
        if state.is_terminal:
            break
        out.extend(state.describe(a, state.to_move) for a in state.legal_actions())
        state.apply(rng.choice(state.legal_actions()))
    return out


def nested_ids(message: Message) -> set[str]:
    ids = {message.id}
    for value in message.params.values():
        if isinstance(value, Message):
            ids |= nested_ids(value)
    return ids


@pytest.mark.parametrize("game_id", games.ids())
def test_whole_games_render_in_both_languages_without_leftovers(game_id: str) -> None:
    names = ["Alice", "Bob", "Cyril"]
    seen: set[str] = set()
    checked: set[str] = set()
    for seed in (1, 2):
        for message in games_messages(game_id, seed):
            assert Message.from_json(json.loads(json.dumps(message.to_json()))) == message
            seen |= nested_ids(message)
            if message.id not in checked:
                check_placeholders(message)
                checked.add(message.id)
            for lang in LANGUAGES:
                missing: set[tuple[str, str]] = set()
                text = render(message, lang, names, missing=missing)
                assert "{{" not in text and "}}" not in text, text
                assert all(i not in text for i in nested_ids(message)), text
                if lang == "cs":  # every case a Czech template asks for is written out
                    assert not missing, (text, missing)
    assert seen <= used_ids()


def test_hidden_information_stays_hidden_in_a_draw_message() -> None:
    """A draw's message carries no tile or card: the pile's order is secret."""
    for game_id in ("aquaretto", "zooloretto", "aquaretto-zooloretto"):
        state = games.get(game_id).new_game(players=3, seed=4)
        for action in state.legal_actions():
            if str(action).startswith("draw"):
                data = json.dumps(state.describe(action).to_json())
                assert "tile" not in data, data
                for name in (*at.SPECIES, *zt.SPECIES, *zt.STALLS, "coin"):
                    assert name not in data.replace("aquaretto", "").replace("zooloretto", "")
    designer = games.get("aquarium-designer").new_game(players=2, seed=4)
    offer = {str(a).split()[1] for a in designer.legal_actions() if str(a).startswith("draw")}
    for action in designer.legal_actions():
        params = designer.describe(action).params
        assert set(params) <= {"card"}
        if "card" in params:
            assert str(params["card"]) in offer  # a card of the open offer, never the deck's


@pytest.mark.parametrize(
    ("count", "en", "cs"),
    [
        (1, "1 point", "1 bod"),
        (2, "2 points", "2 body"),
        (4, "4 points", "4 body"),
        (5, "5 points", "5 bodů"),
        (22, "22 points", "22 bodů"),
        (25, "25 points", "25 bodů"),
        (0, "0 points", "0 bodů"),
        (-2, "-2 points", "-2 body"),
    ],
)
def test_plural_forms(count: int, en: str, cs: str) -> None:
    assert points(count, "en") == en
    assert points(count, "cs") == cs


def test_czech_plural_forms_in_an_error() -> None:
    assert render(msg("error.name_length", count=32), "cs").endswith("32 tisknutelných znaků")
    assert render(msg("error.name_length", count=1), "cs").endswith("1 tisknutelný znak")
    assert render(msg("error.name_length", count=3), "cs").endswith("3 tisknutelné znaky")
    assert render(msg("error.name_length", count=1), "en").endswith("1 printable character")


def load(tile: Message, truck: str = "B") -> Message:
    return msg("aquaretto.load", tile=tile, truck=truck)


def test_aquaretto_sentences() -> None:
    female_dolphin = msg("tile.female", species=msg("species.dolphin"))
    assert render(load(female_dolphin), "cs") == "nakládá samici delfína na vůz B"
    assert english(load(female_dolphin)) == "loads a female dolphin onto truck B"
    state = games.get("aquaretto").new_game(players=2, seed=1, draw_order=["orca"])
    state.apply("draw")
    message = state.describe(state.game.parse_action("load A"))
    assert message.to_json() == {
        "id": "aquaretto.load",
        "params": {
            "tile": {
                "id": "tile.animal",
                "params": {"species": {"id": "species.orca", "params": {}}},
            },
            "truck": "A",
        },
    }
    assert english(message) == "loads an orca onto truck A"
    assert render(message, "cs") == "nakládá kosatku na vůz A"
    young = msg("aquaretto.offspring", species=msg("species.orca"), where=msg("aquaretto.depot"))
    assert english(young) == "puts the orca offspring in the depot"  # an offspring
    assert render(young, "cs") == "dává mládě kosatky do skladu"
    coin = load(msg("tile.coin"), "C")
    assert (english(coin), render(coin, "cs")) == (
        "loads a coin onto truck C",
        "nakládá minci na vůz C",
    )


def test_a_buy_from_another_seat_names_the_seller() -> None:
    buy = msg(
        "aquaretto.buy",
        tile=msg("tile.fish", species=msg("species.penguin")),
        seller=SeatRef(2),
        where=msg(
            "aquaretto.basin_new", species=msg("species.penguin"), animals=msg("animals.penguin")
        ),
    )
    names = ["Alice", "Bob", "Cyril"]
    assert (
        english(buy, names)
        == "buys a penguin with a fish from Cyril's depot for a new penguin basin"
    )
    assert render(buy, "cs", names) == (
        "kupuje tučňáka s rybou ze skladu hráče Cyril do nové nádrže tučňáků"
    )
    assert english(buy) == (
        "buys a penguin with a fish from seat 2's depot for a new penguin basin"
    )
    assert buy.to_json()["params"]["seller"] == {"seat": 2}


def test_zooloretto_sentences() -> None:
    buy = msg(
        "zooloretto.buy",
        tile=msg("tile.male", species=msg("species.elephant")),
        seller=SeatRef(0),
        where=msg("zooloretto.enclosure6"),
    )
    assert english(buy, ["Ann"]) == "buys a male elephant from Ann's barn for the 6-space enclosure"
    assert (
        render(buy, "cs", ["Ann"]) == "kupuje samce slona ze stáje hráče Ann do šestkového výběhu"
    )
    exchange = msg(
        "zooloretto.exchange",
        where=msg("zooloretto.enclosure4"),
        other=msg("zooloretto.barn_animals", animals=msg("animals.panda")),
    )
    assert (
        english(exchange) == "exchanges the animals of the 4-space enclosure with the barn's pandas"
    )
    assert render(exchange, "cs") == "vyměňuje zvířata čtyřkového výběhu za pandy ze stáje"
    stall = msg(
        "zooloretto.place_space",
        tile=msg("tile.stall", stall=msg("stall.popcorn")),
        where=msg("zooloretto.expansion"),
    )
    assert english(stall) == "puts a popcorn stall in a stall space by the expansion enclosure"
    assert render(stall, "cs") == "dává stánek s popcornem na stánkové místo u rozšiřujícího výběhu"


def test_combined_and_designer_sentences() -> None:
    state = games.get("aquaretto-zooloretto").new_game(players=2, seed=1)
    draw = state.describe(state.game.parse_action("draw zooloretto"))
    assert english(draw) == "draws a tile from the Zooloretto pile"
    assert render(draw, "cs") == "otáčí destičku z hromádky hry Zooloretto"
    designer = games.get("aquarium-designer").new_game(players=2, seed=3, deck_order=[7])
    place = designer.describe(designer.game.parse_action("draw 7 1,0 r90"))
    assert (english(place), render(place, "cs")) == (
        "draws card 7 for the aquarium",
        "bere kartu 7 do akvária",
    )


def test_score_categories_bot_levels_and_game_names_have_ids() -> None:
    keys: set[str] = set()
    for game_id in games.ids():
        state = games.get(game_id).new_game(players=2, seed=1)
        for score in state.scores():
            keys |= set(score.to_json())
        keys.add(state.result().tiebreak_name if state.is_terminal else "coins")
    keys.add("animals")  # Aquarium Designer's tie-break
    assert keys <= set(SCORE_IDS)
    assert set(GAME_IDS) == set(games.ids())
    assert set(BOT_LEVELS) == {spec for spec, _ in BOTS}
    assert [english(msg(BOT_LEVELS[spec])) for spec, _ in BOTS] == [label for _, label in BOTS]
    # A seat panel's short name ("Greedy bot") is the level label's first word, per bot kind.
    assert set(NAME_IDS) == set(names())
    for spec, label in BOTS:
        assert label.startswith(english(msg(NAME_IDS[spec.split(":")[0]])))
    assert [render(msg(NAME_IDS[k]), "cs") for k in ("random", "greedy")] == ["Náhodný", "Hladový"]


def test_every_new_game_option_has_its_words_in_the_catalogue() -> None:
    # The client's form looks up option.<name>, option.<name>.help and a group's label_id;
    # each is marked beside the spec (so the "translated" test above covers both languages)
    # and its English is the spec's own.
    seen = set()
    for game_id in games.ids():
        for spec in games.get(game_id).option_specs():
            seen.add(spec.name)
            assert {f"option.{spec.name}", f"option.{spec.name}.help"} <= used_ids(), spec.name
            assert english(msg(f"option.{spec.name}")) == spec.label
            assert english(msg(f"option.{spec.name}.help")) == spec.description
            for group in spec.groups:
                assert bool(group.label) == bool(group.label_id)
                if group.label_id:
                    assert group.label_id in used_ids()
                    assert english(msg(group.label_id)) == group.label
                    assert render(msg(group.label_id), "cs") == group.label  # a game's name
    assert seen == {"start_player", "removed", "advanced", "deck"}


def test_the_designer_names_its_colours_and_its_own_deck_in_the_catalogue() -> None:
    state = games.get("aquarium-designer").new_game(players=2, seed=1)
    view = state.view(0)
    assert view["deck_name_id"] == "designer.default-deck"
    assert english(msg(view["deck_name_id"])) == view["deck_name"]
    assert render(msg("designer.default-deck"), "cs") == "výchozí balíček zoogames"
    colours = {s["colour"] for c in view["offer"] for s in c["sections"]}
    assert colours and all(f"species.{c}" in used_ids() for c in colours)
    assert render(msg("species.angelfish"), "cs") == "skalára"
    deck = default_deck().to_json() | {"name": "Deck of the house"}
    own = games.get("aquarium-designer").new_game(players=2, seed=1, deck=deck)
    assert own.view(0)["deck_name_id"] == ""


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "cs_CZ.UTF-8"}, "cs"),
        ({"LANGUAGE": "de:cs", "LANG": "en_US.UTF-8"}, "cs"),
        ({"LC_ALL": "C", "LANG": "cs_CZ.UTF-8"}, "en"),
        ({"LC_MESSAGES": "cs_CZ", "LANG": "en_GB"}, "cs"),
        ({"LANG": "fr_FR"}, "en"),
    ],
)
def test_the_language_comes_from_the_environment_as_gettext_picks_it(
    env: dict[str, str], lang: str
) -> None:
    assert from_environment(env) == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_clients_catalogues_are_current(lang: str) -> None:
    path = gen_i18n.json_path(lang)
    assert path.read_text(encoding="utf-8") == gen_i18n.rendered(lang), (
        "run `make i18n` (scripts/gen_i18n.py)"
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["species.dolphin_gen" if lang == "cs" else "species.dolphin"]
    if lang == "cs":
        assert data["score.points_few"] == "{{count}} body"
        assert data["score.points_many"] == data["score.points_other"] == "{{count}} bodů"


def test_the_update_keeps_every_entry_of_a_current_catalogue() -> None:
    """``make messages`` on unchanged code changes no .po (contexts and plurals survive)."""
    from babel.messages.catalog import Catalog

    template = Catalog()
    for key in used_ids():
        template.add(key)
    for lang in LANGUAGES:
        old = read_catalogue(lang)
        new, added, dropped = gen_i18n.updated(template, old)
        assert (added, dropped) == ([], [])
        assert [(m.id, m.context, m.string) for m in new] == [
            (m.id, m.context, m.string) for m in old
        ]


@pytest.mark.parametrize("game_id", games.ids())
def test_the_terminal_table_renders_in_both_languages(game_id: str) -> None:
    players = 1 if game_id == "aquarium-designer" else 2
    state = games.get(game_id).new_game(players=players, seed=6)
    rng = Rng(6)
    czech = ""
    while True:
        assert state.render_text("en") == str(state)
        czech = state.render_text("cs")
        assert "{{" not in czech and "board." not in czech and "score." not in czech, czech
        if state.is_terminal:
            break
        for _ in range(7):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
    assert czech != str(state)
    assert ("Hráč 0:" in czech) and ("bod" in czech)
