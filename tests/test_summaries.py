"""docs/summaries/: a rules summary per registered game in English and Czech.

The client shows them in the table's "?" dialog (web/src/components/RulesSummary.tsx);
these checks hold for the files themselves: every game has both, each cites only rule ids
that docs/rules/ defines, and the two languages of a game cite the same ones.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_rulings_doc import CITED, defined
from zoogames.games import ids

SUMMARIES = Path(__file__).resolve().parent.parent / "docs" / "summaries"
LANGS = ("en", "cs")
TITLE = {"en": re.compile(r"^# .+ in brief\n"), "cs": re.compile(r"^# .+ ve zkratce\n")}


def cited(text: str) -> set[str]:
    """The rule ids a text cites (A-R7, Z-D1, …)."""
    return {f"{g}-{k}{n}" for g, k, n in CITED.findall(text)}


def words(text: str) -> int:
    """The words a reader reads: markup and the small print of rule ids left out."""
    text = re.sub(r"<small>.*?</small>", " ", text, flags=re.DOTALL)
    return len(re.findall(r"[^\W\d_]+", text))


def test_every_registered_game_has_a_summary_in_both_languages_and_no_other() -> None:
    expected = {f"{game}.{lang}.md" for game in ids() for lang in LANGS}
    assert {p.name for p in SUMMARIES.glob("*.md")} == expected


@pytest.mark.parametrize("game", ids())
@pytest.mark.parametrize("lang", LANGS)
def test_a_summary_has_its_title_and_about_one_screen_of_text(game: str, lang: str) -> None:
    text = (SUMMARIES / f"{game}.{lang}.md").read_text(encoding="utf-8")
    assert TITLE[lang].match(text), "the client takes the first '# … in brief' line as the title"
    assert 300 <= words(text) <= 650, words(text)


@pytest.mark.parametrize("game", ids())
def test_a_summary_cites_only_defined_rule_ids_and_the_same_in_both_languages(game: str) -> None:
    rules = defined()
    english, czech = (
        cited((SUMMARIES / f"{game}.{lang}.md").read_text(encoding="utf-8")) for lang in LANGS
    )
    assert english, "a summary points at the rulings it restates"
    assert english <= set(rules), english - set(rules)
    assert czech == english
