"""Messages in a language: the gettext catalogues read through Babel (``docs/i18n.md``).

``State.describe`` returns a :class:`~zoogames.core.message.Message`; :func:`render`
turns one into a sentence in English or Czech, the way the web client does
(``web/src/i18n/message.ts``), from the same catalogues
(``zoogames/locale/<lang>/LC_MESSAGES/zoogames.po``):

- a template uses i18next's interpolation: ``{{truck}}`` for a string, number or seat
  param, ``{{tile, acc}}`` for a nested message in a grammatical case;
- a nested message in case ``c`` is the entry with context (``msgctxt``) ``c``, else the
  entry without context (English has no cases, so it has almost no context entries);
- a message with a number param ``count`` whose entry has plural forms takes the form
  the language's plural rule picks (Czech: 1 bod, 2 body, 5 bodů);
- an id missing from a language falls back to English, and to the bare id after that.

The catalogues are read once per language, at first use; no compiled ``.mo`` is needed.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from zoogames.core.message import N_, Message, SeatRef, msg

LANGUAGES = ("en", "cs")
"""The languages with a catalogue; the first is the fallback."""
FALLBACK = LANGUAGES[0]
CASES = ("nom", "gen", "dat", "acc", "voc", "loc", "ins")
"""The grammatical cases a template may ask a nested message in (its context)."""
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "zoogames"

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][\w-]*)\s*(?:,\s*([a-z]+)\s*)?\}\}")
"""``{{name}}`` or ``{{name, case}}``: i18next's interpolation, as both catalogues use it."""

GAME_IDS = {
    "aquaretto": N_("game.aquaretto"),
    "zooloretto": N_("game.zooloretto"),
    "aquaretto-zooloretto": N_("game.aquaretto-zooloretto"),
    "aquarium-designer": N_("game.aquarium-designer"),
}
"""Each game's name as a catalogue id, by game id."""
SCORE_IDS = {
    "animals": N_("score.animals"),
    "cashiers": N_("score.cashiers"),
    "keepers": N_("score.keepers"),
    "trainers": N_("score.trainers"),
    "depot": N_("score.depot"),
    "enclosures": N_("score.enclosures"),
    "stalls": N_("score.stalls"),
    "barn_stalls": N_("score.barn_stalls"),
    "barn_animals": N_("score.barn_animals"),
    "angelfish": N_("score.angelfish"),
    "sea-lion": N_("score.sea-lion"),
    "dolphin": N_("score.dolphin"),
    "penguin": N_("score.penguin"),
    "total": N_("score.total"),
    "coins": N_("score.coins"),
}
"""Each score-sheet category (a score's parts, its total, a tie-break) as a catalogue id.

The client shows ``score.<key>`` for a view's score key; a test checks every game's keys
are here.
"""

Entry = str | tuple[str, ...]
"""A catalogue entry: one template, or one per plural form."""


@dataclass(frozen=True)
class Language:
    """One language's catalogue: entries by (id, context) and its plural rule."""

    code: str
    entries: Mapping[tuple[str, str | None], Entry]
    plural: Callable[[int], int]


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(lang: str) -> Catalog:
    """The Babel catalogue of ``lang``, as read from its ``.po`` file."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def entry_key(message_id: object) -> str:
    """A catalogue message's id: its singular id for a plural entry."""
    return message_id[0] if isinstance(message_id, tuple) else str(message_id)


@cache
def language(lang: str) -> Language:
    """The catalogue of ``lang`` (one of :data:`LANGUAGES`), read once."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGUAGES)}")
    catalogue = read_catalogue(lang)
    entries: dict[tuple[str, str | None], Entry] = {}
    for m in catalogue:
        if not m.id or not m.string:
            continue  # the header, or an entry not translated yet (falls back)
        if isinstance(m.string, tuple):
            if not all(m.string):
                continue
            entries[entry_key(m.id), m.context] = tuple(m.string)
        else:
            entries[entry_key(m.id), m.context] = str(m.string)
    # gettext's own evaluator of the C expression in the Plural-Forms header
    plural = gettext.c2py(catalogue.plural_expr)
    return Language(lang, entries, plural)


def lookup(lang: str, message_id: str, case: str | None) -> Entry | None:
    """The entry of ``message_id`` in ``case`` (its context), else without context."""
    entries = language(lang).entries
    if case is not None and (message_id, case) in entries:
        return entries[message_id, case]
    return entries.get((message_id, None))


def seat_name(seat: int, lang: str, names: Sequence[str] | None) -> str:
    """Seat ``seat`` as the reader knows it: ``names[seat]``, else 'seat N' (``log.seat``)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return render(msg("log.seat", seat=seat), lang)


def render(
    message: Message,
    lang: str = FALLBACK,
    names: Sequence[str] | None = None,
    case: str | None = None,
    missing: set[tuple[str, str]] | None = None,
) -> str:
    """``message`` as a sentence in ``lang``; ``case`` for a nested message.

    ``names`` name the seats (the server uses ``{n}``, which each client fills in).
    ``missing`` (for tests) collects the (id, case) pairs that had no entry of their own
    for a case other than the nominative and fell back to the plain entry.
    """
    entry = lookup(lang, message.id, case)
    own = (message.id, case) in language(lang).entries
    if case not in (None, "nom") and missing is not None and not own:
        missing.add((message.id, case))
    if entry is None and lang != FALLBACK:
        entry = lookup(FALLBACK, message.id, case)
        lang_used = FALLBACK
    else:
        lang_used = lang
    if entry is None:
        return message.id
    template = entry if isinstance(entry, str) else plural_form(entry, message, lang_used)

    def fill(match: re.Match[str]) -> str:
        name, inner = match.group(1), match.group(2)
        if name not in message.params:
            return match.group(0)
        value = message.params[name]
        if isinstance(value, Message):
            return render(value, lang, names, inner or "nom", missing)
        if isinstance(value, SeatRef):
            return seat_name(value.seat, lang, names)
        return str(value)

    return PLACEHOLDER.sub(fill, template)


def plural_form(forms: tuple[str, ...], message: Message, lang: str) -> str:
    """The form of ``forms`` that ``message``'s ``count`` takes in ``lang``."""
    count = message.params.get("count")
    n = abs(count) if isinstance(count, int) else 0  # -2 body, as Intl.PluralRules says
    index = language(lang).plural(n)
    return forms[min(index, len(forms) - 1)]


def points(count: int, lang: str = FALLBACK) -> str:
    """``count`` points in ``lang``: '1 point', '5 points'; '1 bod', '2 body', '5 bodů'."""
    return render(msg("score.points", count=count), lang)


def score_label(key: str, lang: str = FALLBACK) -> str:
    """A score-sheet category (``Score.parts``' key) in ``lang``."""
    return render(Message(SCORE_IDS[key]), lang) if key in SCORE_IDS else key


def english(message: Message, names: Sequence[str] | None = None) -> str:
    """``message`` in English: what the log's ``text`` and the English CLI show."""
    return render(message, FALLBACK, names)


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language gettext would pick: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.

    The first of them that is set decides (``LANGUAGE`` may list several, ``cs:en``);
    ``C`` and ``POSIX`` mean English, as does a language without a catalogue here.
    """
    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":
            return FALLBACK  # gettext reads no further than the first one set
    return FALLBACK


def placeholders(template: str) -> list[tuple[str, str | None]]:
    """The (param, case) pairs a template refers to."""
    return [(m.group(1), m.group(2)) for m in PLACEHOLDER.finditer(template)]
