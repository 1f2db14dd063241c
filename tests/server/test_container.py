"""The container image's parts, outside a container (docs/deploy.md, The container image).

The image cannot be built or run on this project's machines (no registry to pull the base
images from, and no permission to start a container: docs/deploy.md says the errors), so
its entry point runs here against a real server, its health check is run as the image
would, and the Containerfile and compose file are read for what must hold in them.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml  # type: ignore[import-untyped]  # PyYAML, with uvicorn[standard]; no stubs

from .harness import stop_process
from .postgres import free_port

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
ENTRYPOINT = DEPLOY / "entrypoint.sh"


def instructions(path: Path) -> list[tuple[str, str]]:
    """A Containerfile's instructions: (KEYWORD, arguments), continuation lines joined.

    Heredoc bodies (``<<'CHECK'`` … ``CHECK``) belong to their ``RUN`` and are skipped.
    """
    found: list[tuple[str, str]] = []
    lines = iter(path.read_text().splitlines())
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        while line.endswith("\\"):
            line = line[:-1] + " " + next(lines).strip()
        keyword, _, rest = line.strip().partition(" ")
        found.append((keyword.upper(), rest.strip()))
        heredoc = re.search(r"<<'?(\w+)'?", rest)
        if heredoc:
            for body in lines:
                if body.strip() == heredoc.group(1):
                    break
    return found


def healthcheck_command() -> list[str]:
    """The command of the image's ``HEALTHCHECK … CMD [...]`` (JSON form: no shell)."""
    (check,) = [
        rest for keyword, rest in instructions(DEPLOY / "Containerfile") if keyword == "HEALTHCHECK"
    ]
    command: list[str] = json.loads(check.split(" CMD ", 1)[1])
    return command


def environment(**settings: str) -> dict[str, str]:
    """The image's environment, approximated: this interpreter's ``zoogames`` and ``python``
    first on PATH, and ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ZOOGAMES_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["ZOOGAMES_RATE_LIMITS"] = "off"
    return {**env, **settings}


def test_the_entry_point_migrates_then_becomes_the_server_its_health_check_probes(
    tmp_path: Path,
) -> None:
    port = free_port()
    db = tmp_path / "zoogames.db"
    env = environment(
        ZOOGAMES_DB=f"sqlite:///{db}", ZOOGAMES_HOST="127.0.0.1", ZOOGAMES_PORT=str(port)
    )
    log = tmp_path / "entry.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["sh", str(ENTRYPOINT), "serve"], cwd=tmp_path, env=env, stdout=out, stderr=out
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        # Migrated before the server started, and the server is the entry point's own
        # process (exec), so a container's SIGTERM reaches it.
        assert "database at migration" in log.read_text()
        cmdline = Path(f"/proc/{process.pid}/cmdline").read_bytes().split(b"\0")
        assert b"serve" in cmdline and not any(b"entrypoint" in part for part in cmdline)
        ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5)
        assert ready.status_code == 200, ready.text

        check = subprocess.run(healthcheck_command(), env=env, timeout=30, check=False)
        assert check.returncode == 0

        process.send_signal(signal.SIGTERM)
        # A graceful stop: uvicorn finishes, then ends by the signal it got (as it should).
        assert process.wait(30) in (0, -signal.SIGTERM), log.read_text()
        assert "Application shutdown complete" in log.read_text()
    finally:
        stop_process(process)
    failed = subprocess.run(healthcheck_command(), env=env, timeout=30, check=False)
    assert failed.returncode != 0  # nothing answers: the check says unhealthy
    assert "Traceback" not in log.read_text()


def test_the_entry_point_runs_other_commands_and_fails_clearly_without_a_database(
    tmp_path: Path,
) -> None:
    def entry(*args: str, **settings: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["sh", str(ENTRYPOINT), *args],
            cwd=tmp_path,
            env=environment(**settings),
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    listed = entry("games", ZOOGAMES_DB=f"sqlite:///{tmp_path / 'z.db'}")
    assert listed.returncode == 0, listed.stderr
    assert "aquaretto" in listed.stdout and (tmp_path / "z.db").exists()

    unset = entry("serve")
    assert unset.returncode != 0 and "set ZOOGAMES_DB" in unset.stderr

    nobody = f"postgresql+psycopg://zoo@127.0.0.1:{free_port()}/zoo"
    started = time.monotonic()
    waited = entry("serve", ZOOGAMES_DB=nobody, ZOOGAMES_DB_WAIT="2")
    assert waited.returncode == 1
    assert "the database did not answer within 2 s" in waited.stderr
    assert time.monotonic() - started >= 2


def test_the_containerfile_builds_the_client_compiles_the_engine_and_runs_as_no_root() -> None:
    steps = instructions(DEPLOY / "Containerfile")
    stages = [rest for keyword, rest in steps if keyword == "FROM"]
    assert len(stages) == 3
    assert stages[0].startswith("docker.io/library/node:") and stages[0].endswith(" AS client")
    assert all("python:3.11-slim" in s for s in stages[1:])
    runtime = steps[max(i for i, (k, _) in enumerate(steps) if k == "FROM") :]
    users = [rest for keyword, rest in runtime if keyword == "USER"]
    assert users and users[-1] not in ("root", "0", "0:0")
    assert any(k == "HEALTHCHECK" and "/healthz" in r for k, r in runtime)
    assert ("ENTRYPOINT", '["/usr/local/bin/zoogames-entrypoint"]') in runtime
    assert ("CMD", '["serve"]') in runtime
    assert ("EXPOSE", "8000") in runtime
    runs = " ".join(rest for keyword, rest in steps if keyword == "RUN")
    assert "npm ci" in runs and "npm run build" in runs and "pip wheel" in runs
    # Every file the build copies from the repository exists.
    for keyword, rest in steps:
        if keyword == "COPY" and not rest.startswith("--from"):
            for source in shlex.split(rest)[:-1]:
                assert (ROOT / source).exists(), source


def test_the_compose_file_runs_the_deploy_configs_on_ports_that_line_up() -> None:
    compose: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"postgres", "server1", "server2", "bots", "nginx"}
    upstream = re.findall(r"server 127\.0\.0\.1:(\d+)", (DEPLOY / "zoogames-http.conf").read_text())
    ports = sorted(services[s]["environment"]["ZOOGAMES_PORT"] for s in ("server1", "server2"))
    assert ports == sorted(upstream)
    assert re.search(r"listen 8080;", (DEPLOY / "nginx.conf").read_text())
    for name in ("server1", "server2", "bots"):
        service = services[name]
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Containerfile"}
        url = service["environment"]["ZOOGAMES_DB"]
        user = services["postgres"]["environment"]["POSTGRES_USER"]
        password = services["postgres"]["environment"]["POSTGRES_PASSWORD"]
        database = services["postgres"]["environment"]["POSTGRES_DB"]
        assert url == f"postgresql+psycopg://{user}:{password}@127.0.0.1:5432/{database}"
    assert all(
        services[s]["environment"]["ZOOGAMES_BOTS"] == "external" for s in ("server1", "server2")
    )
    assert services["bots"]["command"][0] == "bots"
    assert services["bots"]["healthcheck"] == {"disable": True}  # it serves no HTTP
    assert all(s["network_mode"] == "host" for s in services.values())
    for volume in services["nginx"]["volumes"]:
        source, target, _ = volume.split(":")
        assert (DEPLOY / source).is_file(), source
        assert target.startswith("/etc/nginx/")
    mounted = {Path(v.split(":")[1]).name for v in services["nginx"]["volumes"]}
    included = set(re.findall(r"include (\S+);", (DEPLOY / "nginx.conf").read_text()))
    assert included <= mounted


@pytest.mark.parametrize("path", ["Containerfile", "compose.yaml", "entrypoint.sh"])
def test_the_deploy_files_are_committed_text(path: str) -> None:
    text = (DEPLOY / path).read_text()
    assert text.endswith("\n") and "\t" not in text
    if path == "entrypoint.sh":
        assert os.access(DEPLOY / path, os.X_OK)
        assert subprocess.run(["sh", "-n", str(DEPLOY / path)], check=False).returncode == 0
