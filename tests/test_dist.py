"""The wheel, installed in a fresh virtual environment, serves the web app and runs the CLI.

The slow test builds the wheel as ``make dist`` does, installs it with its ``[server]``
extra through constraints.txt into a new virtual environment (with uv, from its cache after
the first run), and runs ``zoogames simulate`` and ``zoogames serve`` from that environment,
away from the source tree.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from types import ModuleType

import httpx
import pytest

from tests.scripts import load_script
from tests.server.postgres import free_port

ROOT = Path(__file__).resolve().parent.parent


def setup_py() -> ModuleType:
    """setup.py as a module (it calls setup() only when run as the build backend runs it)."""
    return load_script(ROOT / "setup.py", "zoogames_setup")


def test_the_build_refuses_a_missing_or_incomplete_client(tmp_path: Path) -> None:
    check = setup_py().check_client_built
    with pytest.raises(SystemExit, match=r"not built.*make web"):
        check(tmp_path)
    (tmp_path / "index.html").write_text('<script type="module" src="/assets/app.js"></script>')
    with pytest.raises(SystemExit, match=r"incomplete \(assets/app.js\)"):
        check(tmp_path)
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app.js").write_text("")
    check(tmp_path)  # complete: no error
    check()  # and the real build the tests run against is complete


def run(*args: str | Path, cwd: Path, timeout: float = 300, **extra: str) -> str:
    """Run a command (``extra``: more environment), fail the test with its output if it
    fails; its stdout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(extra)
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_wheel_installs_and_serves_the_client(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # as make dist: the sdist, then the wheel built from it (so the sdist holds the client);
    # plain Python, since compiling the engine once more would add a minute and a half of
    # CPU to make test: the compiled build is make install's, checked by test_engine_builds
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, ".", cwd=ROOT,
        ZOOGAMES_PURE="1")  # fmt: skip
    (wheel,) = dist.glob("zoogames-*-py3-none-any.whl")
    (sdist,) = dist.glob("zoogames-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    assert any(n.endswith("zoogames/server/static/index.html") for n in names)
    assert any(n.endswith("docs/rules/aquaretto.md") for n in names)
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    bin_ = venv / "bin"
    # uv resolves the wheel's metadata as pip does, in seconds rather than a minute or more,
    # from its cache once `make lock` or an earlier run has filled it (pip works too).
    uv = Path(sys.executable).parent / "uv"
    run(uv, "pip", "install", "--quiet", "--python", bin_ / "python",
        "-c", ROOT / "constraints.txt", f"{wheel}[server]", cwd=tmp_path)  # fmt: skip

    where = run(bin_ / "python", "-c", "import zoogames; print(zoogames.__file__)", cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(venv), where  # the wheel's copy, not src/
    # the plain-Python wheel runs as Python, saying so rather than failing
    built = run(bin_ / "python", "-c", "import zoogames; print(zoogames.compiled())", cwd=tmp_path)
    assert built.strip() == "False"

    out = run(bin_ / "zoogames", "simulate", "aquaretto", "--players", "2", "--games", "2",
              "--json", cwd=tmp_path)  # fmt: skip
    assert '"games": 2' in out

    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        [bin_ / "zoogames", "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/z.db"],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                catalog = httpx.get(f"{base}/api/catalog", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, (tmp_path / "serve.log").read_text()
                time.sleep(0.2)
        assert catalog.status_code == 200
        assert "aquaretto" in catalog.text
        page = httpx.get(f"{base}/", timeout=5)
        assert page.status_code == 200 and '<div id="app">' in page.text
        asset = page.text.split('src="/', 1)[1].split('"', 1)[0]
        script = httpx.get(f"{base}/{asset}", timeout=5)
        assert script.status_code == 200 and len(script.content) > 1000
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
