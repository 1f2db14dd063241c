"""Every shell command of docs/deploy.md is exercised by a test.

The page's ``sh`` blocks are read command by command. Each command must match a line of
:data:`COVERED`, which names the tests that run it, or, for a command that names a
production host, run its equivalent on loopback; those tests must exist. A command added
to the page without its line here fails :func:`test_every_command_of_the_page_is_covered`.
The commands that can run on this machine as written (the SQLite backup and restore,
``zoogames migrate``, the scheduled backup with its folder moved into a scratch one, the
fullest load benchmark command, for a second) are run here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "deploy.md"
SHELLS = {"sh", "bash", "shell", "console"}

BACKUP_TEST = (
    "tests/server/test_backup.py::"
    "test_a_backup_taken_during_play_restores_every_game_as_the_server_showed_it"
)
RUN_HERE = "tests/test_deploy_doc.py::test_the_commands_that_run_here_run_as_written"
BENCHMARK = "tests/test_deploy_doc.py::test_the_load_benchmark_runs_as_the_page_says"
BENCHMARK_OPTIONS = "tests/test_deploy_doc.py::test_every_option_the_benchmark_commands_give_exists"
BENCHMARK_SCRIPT = "benchmarks/server_load.py"
BOT_WORKER = "tests/server/test_scale.py::test_a_bot_worker_stopped_mid_turn_hands_the_turn_back"

COVERED: list[tuple[str, tuple[str, ...]]] = [
    # The processes: servers and bot workers on PostgreSQL behind nginx.
    (
        r"export ZOOGAMES_DB=postgresql\+psycopg://\S+",
        (
            BOT_WORKER,
            "tests/server/test_proxy.py::test_a_game_played_through_nginx_reaches_both_seats",
        ),
    ),
    (
        r"export ZOOGAMES_BOTS=external ZOOGAMES_TLS=on ZOOGAMES_PUBLIC_URL=https://\S+",
        (BOT_WORKER, "tests/server/test_health.py::test_tls_on_over_plain_http_is_said_in_the_log"),
    ),
    (
        r"zoogames serve --host 127\.0\.0\.1 --port 800[12]",
        ("tests/server/test_proxy.py::test_a_rolling_restart_behind_nginx_fails_no_request",),
    ),
    (r"zoogames bots --workers 2", (BOT_WORKER,)),
    # Load over several processes.
    (r"python benchmarks/server_load\.py .*", (BENCHMARK_OPTIONS, BENCHMARK)),
    # Backups.
    (r'zoogames backup --db "\$ZOOGAMES_DB" --out /var/backups/zoogames/zoo\.dump', (BACKUP_TEST,)),
    (r"zoogames restore --db postgresql\+psycopg://\S+ --in /var/backups/\S+", (BACKUP_TEST,)),
    (
        r'zoogames backup --db "\$ZOOGAMES_DB" --out "/var/backups/zoogames/zoo-\$\(date .*',
        (RUN_HERE,),
    ),
    (
        r"zoogames (backup|restore) --db sqlite:///var/\S+ --(out|in) zoogames-backup\.db",
        (RUN_HERE,),
    ),
    # Upgrades.
    (
        r'zoogames migrate --db "\$ZOOGAMES_DB"',
        (
            RUN_HERE,
            "tests/server/test_upgrade.py::test_the_code_before_a_migration_plays_on_the_migrated_database",
        ),
    ),
    (
        r"curl --fail .* http://127\.0\.0\.1:8001/readyz",
        ("tests/server/test_health.py::test_the_process_answers_and_says_it_is_ready",),
    ),
    # The container image: not buildable here (the page says why); its parts are tested.
    (
        r"podman build -f deploy/Containerfile -t zoogames \.",
        (
            "tests/server/test_container.py::test_the_containerfile_builds_the_client_compiles_the_engine_and_runs_as_no_root",
            "tests/server/test_container.py::test_the_entry_point_migrates_then_becomes_the_server_its_health_check_probes",
        ),
    ),
    (
        r"podman compose -f deploy/compose\.yaml up -d",
        (
            "tests/server/test_container.py::test_the_compose_file_runs_the_deploy_configs_on_ports_that_line_up",
        ),
    ),
]
"""(a command's pattern, matched whole; the tests that exercise it)."""


def commands(text: str) -> list[str]:
    """The commands of a Markdown text's shell blocks: continuation lines joined, comments
    (whole lines, and ``  # …`` after a command) dropped."""
    found: list[str] = []
    block: list[str] | None = None  # the lines of the open block, if one is open
    is_shell = False
    for line in text.splitlines():
        fence = re.match(r"\s*```(\w*)", line)
        if fence and block is None:
            block, is_shell = [], fence.group(1) in SHELLS
        elif fence and block is not None:
            if is_shell:
                found.extend(_join(block))
            block = None
        elif block is not None:
            block.append(line)
    return found


def _join(lines: list[str]) -> list[str]:
    joined: list[str] = []
    current = ""
    for line in lines:
        stripped = line.strip()
        if not current and (not stripped or stripped.startswith("#")):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1].strip() + " "
            continue
        current += stripped
        joined.append(re.sub(r"\s+#\s.*$", "", current).strip())
        current = ""
    return joined


def covering(command: str) -> tuple[str, ...] | None:
    """The tests of the first pattern that matches ``command`` whole, if any."""
    for pattern, tests in COVERED:
        if re.fullmatch(pattern, command):
            return tests
    return None


def test_the_page_has_commands_and_the_reader_finds_them() -> None:
    text = "```sh\na \\\n  --b  # note\n# comment\n```\n```text\nnot me\n```\n```bash\nc\n```\n"
    assert commands(text) == ["a --b", "c"]
    assert len(commands(DOC.read_text())) >= 15


def test_every_command_of_the_page_is_covered() -> None:
    unmapped = [c for c in commands(DOC.read_text()) if covering(c) is None]
    assert unmapped == [], (
        "commands of docs/deploy.md that no test covers: add a test that runs each,"
        " and its line to COVERED in tests/test_deploy_doc.py"
    )


def test_every_line_of_the_map_is_used_and_names_tests_that_exist() -> None:
    page = commands(DOC.read_text())
    for pattern, tests in COVERED:
        assert any(re.fullmatch(pattern, c) for c in page), f"no command matches {pattern!r}"
        for test in tests:
            path, _, name = test.partition("::")
            source = (ROOT / path).read_text()
            assert re.search(rf"^def {re.escape(name)}\(", source, re.M), test


def shell(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``command`` with ``sh``, as a reader pasting it would; its result (checked)."""
    done = subprocess.run(
        ["sh", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def test_the_commands_that_run_here_run_as_written(tmp_path: Path) -> None:
    page = commands(DOC.read_text())
    here = [c for c in page if RUN_HERE in (covering(c) or ())]
    migrate = [c for c in here if c.startswith("zoogames migrate")]
    assert migrate and len(here) >= 4
    backups = tmp_path / "backups"
    backups.mkdir()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("ZOOGAMES_")},
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "ZOOGAMES_DB": "sqlite:///var/zoogames.db",
    }
    done = shell(migrate[0], tmp_path, env)  # the database first, as a server would make it
    assert "database at migration" in done.stdout
    for command in here:
        if command in migrate:
            continue
        # The scheduled backup's folder, moved into the scratch one.
        ran = shell(command.replace("/var/backups/zoogames", str(backups)), tmp_path, env)
        assert "error" not in ran.stderr
    assert (tmp_path / "zoogames-backup.db").exists()
    assert (tmp_path / "var" / "restored.db").exists()
    assert len(list(backups.glob("zoo-*.dump"))) == 1


BENCHMARKS = [c for c in commands(DOC.read_text()) if c.startswith("python benchmarks/")]


def test_every_option_the_benchmark_commands_give_exists() -> None:
    """Each option of the page's benchmark commands is one ``server_load.py`` defines.

    One of them runs in full below (the one that starts the most: a private PostgreSQL,
    two servers, a bot worker); running each would cost minutes of the suite.
    """
    defined = set(
        re.findall(r'add_argument\(\s*"(--[\w-]+)"', (ROOT / BENCHMARK_SCRIPT).read_text())
    )
    assert len(BENCHMARKS) >= 4
    for command in BENCHMARKS:
        assert command.split()[1] == BENCHMARK_SCRIPT
        given = {a for a in command.split() if a.startswith("--")}
        assert given <= defined, command


@pytest.mark.slow
def test_the_load_benchmark_runs_as_the_page_says() -> None:
    """The page's fullest benchmark command, for a second of two games: nothing fails."""
    (command,) = [c for c in BENCHMARKS if "--bot-workers" in c]
    short = ["--games", "2", "--seconds", "1", "--ramp", "0", "--warmup", "0"]
    done = subprocess.run(
        [sys.executable, *command.split()[1:], *short],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["failed_games"] == 0 and result["missed_pushes"] == 0, done.stdout
