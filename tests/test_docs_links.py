"""Words that stay true: the docs' links lead somewhere, and no text cites the tracker.

Every relative link of the project's Markdown (README, CONTRIBUTING, docs/) names a file
that exists and, with ``#anchor``, a heading of that file as GitHub makes its anchor. A
renamed heading otherwise breaks its links silently. The code, the tests and the docs give
the reason for a thing in the sentence itself; the history of why it changed belongs in
git and CHANGELOG.md, so no tracker number appears anywhere else.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
TRACKER = re.compile(r"\b[Ii]ssues? #?\d+\b")


def tracked(*patterns: str) -> list[Path]:
    """The files git tracks (or would: untracked but not ignored) matching ``patterns``."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *patterns],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [ROOT / line for line in out.splitlines() if (ROOT / line).is_file()]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's words
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (repeats get ``-1``, ``-2`` as on GitHub)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in path.read_text().splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    found.update(re.findall(r'<a (?:name|id)="([^"]+)"', path.read_text()))
    return found


def links(path: Path) -> list[tuple[int, str]]:
    """The relative links of a Markdown file outside code, with their line numbers."""
    result = []
    fenced = False
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        line = re.sub(r"`[^`]*`", "", line)
        for target in LINK.findall(line):
            if not re.match(r"[a-z]+:", target):  # http:, mailto:: not ours to check here
                result.append((number, target))
    return result


DOCS = tracked("*.md")


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_every_relative_link_leads_to_a_file_and_a_heading(doc: Path) -> None:
    broken = []
    for number, target in links(doc):
        file_part, _, anchor = target.partition("#")
        where = (doc.parent / file_part).resolve() if file_part else doc
        if not where.exists():
            broken.append(f"{doc.name}:{number}: {target} (no such file)")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            broken.append(f"{doc.name}:{number}: {target} (no such heading)")
    assert broken == []


def test_no_text_cites_the_tracker_instead_of_giving_the_reason() -> None:
    files = tracked(
        "src", "tests", "docs", "web/src", "web/public", "scripts", "benchmarks", "*.md", "Makefile"
    )
    cited = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in files
        if path.name != "CHANGELOG.md"
        and path != Path(__file__).resolve()
        and path.suffix in {".py", ".md", ".ts", ".tsx", ".js", ".css", ".toml", ""}
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if TRACKER.search(line)
    ]
    assert cited == []
