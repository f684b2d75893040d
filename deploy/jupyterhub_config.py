"""JupyterHub serving the pirates_lab lessons through Voila: for a school that outgrows one machine.

Try it on one computer (a dummy login: any name, the password below):

    pip install "pirates_lab[test]"        # or: pip install jupyterhub, plus pirates_lab
    npm install -g configurable-http-proxy # JupyterHub's proxy (Node.js)
    PIRATES_LAB_HUB_PASSWORD=ahoy jupyterhub -f deploy/jupyterhub_config.py

then open http://127.0.0.1:8000/, log in with any name and the password, and the dice basics lesson
opens (every lesson is at /user/NAME/voila/render/LESSON.ipynb; the menu at .../voila/render/lessons.ipynb
is not there: the hub's pages are the lesson files of notebooks/).

Each person who logs in gets a server of their own (one Python process, about the memory of one
student's page in `pirates-lab classroom --share`, see docs/sharing.md), started by the spawner and
stopped when idle (set a culler for that: jupyterhub-idle-culler).

For a real class, change the two lines marked REAL below: the authenticator (who may log in) and the
spawner (where each person's server runs). See docs/jupyterhub.md.

Settings from the environment (all optional):
  PIRATES_LAB_HUB_IP        the address the hub listens on (default 127.0.0.1: this computer only)
  PIRATES_LAB_HUB_PORT      its port (default 8000)
  PIRATES_LAB_HUB_API_PORT  the hub's own port, for the proxy and the users' servers (default 8081)
  PIRATES_LAB_PROXY_API_PORT the proxy's control port (default 8001)
  PIRATES_LAB_HUB_PASSWORD  the dummy login's password (default: none, any password works: for a try only)
  PIRATES_LAB_PROXY         the configurable-http-proxy program (default: found on PATH)
  PIRATES_LAB_NOTEBOOKS     the lessons' folder (default: this checkout's notebooks/)
  PIRATES_LAB_LESSON        the lesson a person lands on (default 01_dice_basics.ipynb)
"""
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821  (JupyterHub defines it when it reads this file)

HERE = Path(__file__).resolve().parent
NOTEBOOKS = Path(os.environ.get("PIRATES_LAB_NOTEBOOKS", HERE.parent / "notebooks")).resolve()
LESSON = os.environ.get("PIRATES_LAB_LESSON", "01_dice_basics.ipynb")

# ---------------------------------------------------------------- where the hub listens
c.JupyterHub.ip = os.environ.get("PIRATES_LAB_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("PIRATES_LAB_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("PIRATES_LAB_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('PIRATES_LAB_PROXY_API_PORT', '8001'))}"
if os.environ.get("PIRATES_LAB_PROXY"):
    c.ConfigurableHTTPProxy.command = [os.environ["PIRATES_LAB_PROXY"]]
# the hub's own files (its database, its cookie secret) go in the folder it is started from
c.JupyterHub.db_url = "sqlite:///jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "jupyterhub_cookie_secret"

# ---------------------------------------------------------------- who may log in
# Trying it: the dummy authenticator lets in any name (with the shared password, when one is set).
c.JupyterHub.authenticator_class = "dummy"  # REAL: e.g. "oauthenticator.GoogleOAuthenticator" (the school's
#   accounts), "ldapauthenticator.LDAPAuthenticator", or "nativeauthenticator.NativeAuthenticator" (sign-up
#   pages the teacher approves); then list who may come in: c.Authenticator.allowed_users / allow_all.
if os.environ.get("PIRATES_LAB_HUB_PASSWORD"):
    c.DummyAuthenticator.password = os.environ["PIRATES_LAB_HUB_PASSWORD"]
c.Authenticator.allow_all = True            # REAL: c.Authenticator.allowed_users = {"ada", "grace", ...}
c.Authenticator.admin_users = {"teacher"}   # the teacher's name: sees everyone's server at /hub/admin

# ---------------------------------------------------------------- where each person's server runs
# Trying it: every user's server is a process of the account that runs the hub, its home a folder in homes/.
c.JupyterHub.spawner_class = "simple"       # REAL: "systemdspawner.SystemdSpawner" (one machine, limits per
#   user), "dockerspawner.DockerSpawner" (an image with pirates_lab installed), or "kubespawner.KubeSpawner"
#   (a cluster, through the Zero to JupyterHub helm chart).
c.SimpleLocalProcessSpawner.home_dir_template = str(Path.cwd() / "homes" / "{username}")   # beside the hub's files
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(NOTEBOOKS)
c.Spawner.default_url = f"/voila/render/{LESSON}"   # land on the lesson, not on JupyterLab
c.Spawner.args = [
    "--VoilaExecutor.timeout=60",                   # a cell that stalls waits 60 s, not for ever
    "--VoilaConfiguration.show_tracebacks=False",
    f"--ServerApp.root_dir={NOTEBOOKS}",
] + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [])
c.Spawner.environment = {"PIRATES_LAB_NOTEBOOKS": str(NOTEBOOKS)}
c.Spawner.start_timeout = 180                # a loaded machine starts servers slowly
c.Spawner.http_timeout = 180
c.Spawner.mem_limit = "1G"                  # honoured by the REAL spawners above (not by "simple")
