"""docs/rules/ defines every ruling id the project cites, and cites every id it defines.

Code and docstrings cite ids as ``A-R7``, test names as ``test_a_r7_…``. A clone of the
repository must carry every document the code points at, so nothing may point at the
coordinators' ``rulings.md`` outside the repository either.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
PAGES = ("aquaretto.md", "zooloretto.md", "aquaretto-zooloretto.md", "aquarium-designer.md")

HEADING = re.compile(r"^### ([ACDZ]-[DR]\d+) ", re.MULTILINE)
ANCHOR = re.compile(r'<a id="([acdz]-[dr]\d+)"></a>\n### ([ACDZ]-[DR]\d+) ')
CITED = re.compile(r"(?<![A-Za-z0-9])([ACDZ])-([DR])(\d+)(?![0-9])")
CITED_IN_NAME = re.compile(r"(?<![a-z0-9])([acdz])_([dr])(\d+)(?![0-9])")
# where ids are cited: everything the repository holds but the rules pages themselves
SOURCES = ("src", "tests", "benchmarks", "examples", "docs", "web/src", "scripts")
SUFFIXES = {".py", ".md", ".ts", ".tsx", ".json", ".sh"}


def defined() -> dict[str, str]:
    """Each id defined in docs/rules/ and the page that defines it."""
    ids: dict[str, str] = {}
    for page in PAGES:
        for rid in HEADING.findall((RULES / page).read_text()):
            assert rid not in ids, f"{rid} is defined twice ({ids[rid]} and {page})"
            ids[rid] = page
    return ids


def source_files() -> list[Path]:
    """The repository's text files that may cite an id, outside docs/rules/."""
    files = [ROOT / "README.md"]
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if (
                path.suffix in SUFFIXES
                and path.is_file()
                and RULES not in path.parents
                and "node_modules" not in path.parts
                and path != Path(__file__).resolve()
            ):
                files.append(path)
    return files


def cited() -> dict[str, set[str]]:
    """Each id cited outside docs/rules/ and the files citing it."""
    ids: dict[str, set[str]] = {}
    for path in source_files():
        text = path.read_text(errors="replace")
        found = {f"{g}-{k}{n}" for g, k, n in CITED.findall(text)}
        found |= {f"{g}-{k}{n}".upper() for g, k, n in CITED_IN_NAME.findall(text)}
        for rid in found:
            ids.setdefault(rid, set()).add(str(path.relative_to(ROOT)))
    return ids


def test_every_cited_id_is_defined_in_docs_rules() -> None:
    missing = {rid: sorted(where) for rid, where in cited().items() if rid not in defined()}
    assert not missing, f"ids cited but not defined in docs/rules/: {missing}"


def test_every_defined_id_is_cited_by_code_or_tests() -> None:
    citations = cited()
    uncited = sorted(rid for rid in defined() if rid not in citations)
    assert not uncited, f"ids defined in docs/rules/ that nothing cites: {uncited}"
    # an entry describes what the engine does: code or a test must cite it, not only docs
    for rid in defined():
        code = [f for f in citations[rid] if f.startswith(("src/", "tests/"))]
        assert code, f"{rid} is cited only by documents: {sorted(citations[rid])}"


def test_each_id_has_an_anchor_and_a_row_in_the_index() -> None:
    ids = defined()
    index = (RULES / "README.md").read_text()
    for page in PAGES:
        anchored = ANCHOR.findall((RULES / page).read_text())
        assert all(a == h.lower() for a, h in anchored), anchored
        assert {h for _, h in anchored} == {r for r, p in ids.items() if p == page}
    rows = re.findall(r"^\| \[([ACDZ]-[DR]\d+)\]\(([\w-]+\.md)#([\w-]+)\) \|", index, re.M)
    assert sorted(rows) == sorted((rid, page, rid.lower()) for rid, page in ids.items())


def test_relative_links_in_docs_rules_resolve() -> None:
    for page in (*PAGES, "README.md"):
        text = (RULES / page).read_text()
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if "://" not in target:
                assert (RULES / target).exists(), f"{page}: broken link {target}"


def test_no_document_points_outside_the_repository_for_rulings() -> None:
    stale = [
        str(path.relative_to(ROOT))
        for path in source_files()
        if re.search(r"shared/spec|shared/rules|\brulings\.md", path.read_text(errors="replace"))
    ]
    assert not stale, f"these point at rulings outside the repository: {stale}"
