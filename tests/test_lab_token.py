"""``pirates-lab lab`` ends its start-up output with the index's address holding the login token (issue 25).

Without the token the address lands on Jupyter's login page; the last line is where a newcomer looks.
"""
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import pirates_lab.cli as cli
from pirates_lab import classroom
from pirates_lab.cli import lab_token, main, with_token

ROOT = Path(__file__).resolve().parents[1]
INDEX = "lab/tree/notebooks/00_index.ipynb"


class FakeProcess:
    def wait(self, timeout=None):
        return 0


class FakeServer:
    """Records how it was started; answers at once."""
    made = []

    def __init__(self, command, port, env=None, **kwargs):
        self.command, self.port, self.env = command, port, env
        self.process = FakeProcess()
        FakeServer.made.append(self)

    def start(self, timeout=60):
        print("[I ServerApp] Jupyter's own start-up lines come first")
        return self

    def stop(self):
        pass


@pytest.fixture
def fake_server(monkeypatch):
    FakeServer.made = []
    monkeypatch.setattr(classroom, "Server", FakeServer)
    monkeypatch.setattr(cli, "running_token", lambda port, wait=10.0: None)
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    monkeypatch.delenv("JUPYTER_TOKEN_FILE", raising=False)
    return FakeServer


def test_the_last_line_is_the_address_with_the_token_jupyter_was_given(fake_server, capsys):
    assert main(["lab", "--port", "0", "--no-browser"]) == 0
    out = capsys.readouterr().out.splitlines()
    server = fake_server.made[0]
    token = server.env["JUPYTER_TOKEN"]
    assert out[0].startswith("[I ServerApp]")
    assert out[-1] == f"http://127.0.0.1:{server.port}/{INDEX}?token={token}"
    assert len(token) >= 24 and token not in " ".join(server.command)     # never on the command line


def test_a_token_typed_after_the_dashes_is_the_one_printed(fake_server, capsys):
    assert main(["lab", "--port", "0", "--no-browser", "--", "--IdentityProvider.token=s3cret"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("?token=s3cret")
    assert fake_server.made[0].env is None


def test_the_server_s_own_token_wins(fake_server, capsys, monkeypatch):
    monkeypatch.setattr(cli, "running_token", lambda port, wait=10.0: "from-runtime-file")
    assert main(["lab", "--port", "0", "--no-browser"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("?token=from-runtime-file")


def test_token_sources_in_order(tmp_path):
    file = tmp_path / "token"
    file.write_text("from-file\n")
    assert lab_token(["--ServerApp.token=a", "--IdentityProvider.token=b"], {"JUPYTER_TOKEN": "c"}) == ("b", None)
    assert lab_token([], {"JUPYTER_TOKEN": "c", "JUPYTER_TOKEN_FILE": str(file)}) == ("c", None)
    assert lab_token([], {"JUPYTER_TOKEN_FILE": str(file)}) == ("from-file", None)
    first, second = lab_token([], {})[0], lab_token([], {})[0]
    assert first != second
    assert with_token("http://x/", "a b") == "http://x/?token=a%20b" and with_token("http://x/", "") == "http://x/"


def test_a_real_lab_prints_an_address_that_opens_without_a_login(tmp_path):
    """The one slow test here: a real JupyterLab, the printed address fetched (no login page)."""
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    env.pop("JUPYTER_TOKEN", None)
    env.pop("JUPYTER_TOKEN_FILE", None)
    lab = subprocess.Popen([sys.executable, "-m", "pirates_lab.cli", "lab", "--port", "0", "--no-browser"], cwd=ROOT,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                           start_new_session=True)
    try:
        lines = []
        deadline = time.monotonic() + 240          # a generous limit on a loaded machine, not a timing
        while time.monotonic() < deadline:
            line = lab.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if lines[-1].startswith("http://"):
                break
        assert lines and lines[-1].startswith("http://127.0.0.1:"), lines
        assert "?token=" in lines[-1] and lines[-2].startswith("JupyterLab is running")
        with urllib.request.urlopen(lines[-1], timeout=60) as page:
            assert "/login" not in page.geturl() and page.status == 200
        bare = lines[-1].split("?")[0]
        with urllib.request.urlopen(bare, timeout=60) as page:    # the address without it: the login page
            assert "/login" in page.geturl()
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        try:
            lab.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, signal.SIGKILL)
            lab.wait()
