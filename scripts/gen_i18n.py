"""The client's game catalogues from the gettext ones, and the update of those (docs/i18n.md).

    python scripts/gen_i18n.py                   # write web/src/i18n/game.{en,cs}.json
    python scripts/gen_i18n.py --update POT      # bring the .po files in line with POT

The ``.po`` files (``src/zoogames/locale/<lang>/LC_MESSAGES/zoogames.po``) are the source
of truth, read and written through Babel. The JSON is i18next v4's flat form (the client
sets ``keySeparator: false``): an entry's key is its id, ``<id>_<case>`` for a context
(a grammatical case) and ``_one``/``_few``/``_many``/``_other`` after it for plural forms.
``tests/test_i18n.py`` checks the JSON is current.

``--update`` is ``make messages``' second step, after ``pybabel extract`` wrote POT (the
ids the code uses). Each language keeps its entries for the ids still used, in every
context it has (a case is a language's own business: Czech has many, English almost
none, so the template cannot list them); a new id gets an empty entry to translate; an
id no longer used is dropped, and the script says which.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from zoogames.i18n import LANGUAGES, entry_key, po_path, read_catalogue

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "src" / "i18n"

PLURAL_SUFFIXES = {
    "en": (("one",), ("other",)),
    # i18next asks Intl.PluralRules, which has a fourth Czech category ("many", for
    # fractions); gettext has three forms, so "many" is given the "other" form.
    "cs": (("one",), ("few",), ("other", "many")),
}
"""Per language, the i18next suffixes of each gettext plural form, in order."""


def client_catalogue(lang: str) -> dict[str, str]:
    """The i18next JSON of ``lang``: every translated entry, under its flat key."""
    out: dict[str, str] = {}
    for m in read_catalogue(lang):
        if not m.id or not m.string:
            continue
        key = entry_key(m.id) + (f"_{m.context}" if m.context else "")
        if isinstance(m.string, tuple | list):
            for form, suffixes in zip(m.string, PLURAL_SUFFIXES[lang], strict=True):
                for suffix in suffixes:
                    out[f"{key}_{suffix}"] = form
        else:
            out[key] = str(m.string)
    return dict(sorted(out.items()))


def rendered(lang: str) -> str:
    """The file ``game.<lang>.json`` as it should read."""
    return json.dumps(client_catalogue(lang), ensure_ascii=False, indent=2) + "\n"


def json_path(lang: str) -> Path:
    """Where the client's catalogue of ``lang`` lives."""
    return OUT / f"game.{lang}.json"


def write_client_catalogues() -> None:
    """Write ``web/src/i18n/game.<lang>.json`` for every language."""
    OUT.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        json_path(lang).write_text(rendered(lang), encoding="utf-8")
        print(f"wrote {json_path(lang).relative_to(ROOT)}")


def updated(template: Catalog, old: Catalog) -> tuple[Catalog, list[str], list[str]]:
    """``old`` brought in line with ``template``: (the catalogue, ids added, ids dropped)."""
    new = Catalog(
        locale=old.locale,
        domain=old.domain,
        project=old.project,
        version=old.version,
        copyright_holder=old.copyright_holder,
        creation_date=old.creation_date,  # no churn in the header from run to run
        revision_date=old.revision_date,
        fuzzy=False,
    )
    used = {entry_key(m.id) for m in template if m.id}
    have: dict[str, list[Message]] = {}
    for m in old:
        if m.id:
            have.setdefault(entry_key(m.id), []).append(m)
    added = sorted(used - set(have))
    dropped = sorted(set(have) - used)
    for key in sorted(used):
        for m in have.get(key, []):
            new[m.id] = m
        if key not in have:
            new.add(key, "")
    return new, added, dropped


def update(pot: Path) -> None:
    """Bring every language's ``.po`` in line with the extracted template ``pot``."""
    with pot.open("rb") as f:
        template = read_po(f)
    for lang in LANGUAGES:
        new, added, dropped = updated(template, read_catalogue(lang))
        with po_path(lang).open("wb") as f:
            write_po(f, new, width=100, sort_output=True, omit_header=False)
        for key in added:
            print(f"{lang}: new, to translate: {key}")
        for key in dropped:
            print(f"{lang}: no longer used, dropped: {key}")


def main(argv: list[str] | None = None) -> int:
    """Write the client's catalogues, or with ``--update POT`` update the ``.po`` files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", type=Path, metavar="POT", help="the extracted template")
    args = parser.parse_args(argv)
    if args.update is not None:
        update(args.update)
    else:
        write_client_catalogues()
    return 0


if __name__ == "__main__":
    sys.exit(main())
