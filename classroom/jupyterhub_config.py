"""JupyterHub's configuration for `make classroom` (read by ``jupyterhub -f``; ``python -m classroom`` starts it).

Every value comes from the settings ``python -m classroom`` checked (``settings.py``); this file only says where each
goes.  Sign-in: ``auth.py``; a learner's server: ``spawner.py``; idle servers and kernels: jupyterhub-idle-culler and
Jupyter Server's own kernel culling.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classroom.auth import ClassCodeAuthenticator  # noqa: E402
from classroom.settings import ClassSettings  # noqa: E402
from classroom.spawner import LearnerSpawner  # noqa: E402

c = get_config()  # noqa: F821 (given by JupyterHub when it reads this file)
settings = ClassSettings.from_environment()
state = Path(settings.state_dir)

# Where the hub listens: loopback unless the teacher said ALLOW_REMOTE=1 (python -m classroom checked it).
c.JupyterHub.bind_url = f"http://{settings.host}:{settings.port}/"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = settings.hub_port
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings.proxy_api_port}"
c.ConfigurableHTTPProxy.command = [settings.proxy_command]
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
c.JupyterHub.template_paths = [str(Path(__file__).resolve().parent / "templates")]
c.JupyterHub.last_activity_interval = settings.activity_interval
c.JupyterHub.shutdown_on_logout = False
c.JupyterHub.cleanup_servers = True

# Sign-in: the class code and a name the learner picks; the teacher is the admin.
c.JupyterHub.authenticator_class = ClassCodeAuthenticator
c.ClassCodeAuthenticator.class_code = settings.class_code
c.ClassCodeAuthenticator.teacher = settings.teacher
c.ClassCodeAuthenticator.teacher_code = settings.teacher_code
c.ClassCodeAuthenticator.names_file = str(state / "names.json")
c.Authenticator.admin_users = {settings.teacher}

# Each learner: a system user of their own, their own copy of the lessons, the view the teacher chose, limits.
c.JupyterHub.spawner_class = LearnerSpawner
c.LearnerSpawner.user_prefix = settings.learner_prefix
c.LearnerSpawner.memory_limit = settings.memory_limit
c.LearnerSpawner.cpu_ceiling = settings.cpu_limit
c.Spawner.mem_limit = settings.memory_limit or None  # shown to the server (MEM_LIMIT), enforced by the cgroup
c.Spawner.cmd = [settings.learner_python, settings.start_script]
c.Spawner.notebook_dir = "~/lessons"
c.Spawner.default_url = settings.default_url
# a whole class arriving at once queues on the CPU (a server's start costs a few CPU-seconds: docs/classroom.md); a slow
# start is better than a pupil turned away
c.Spawner.start_timeout = 600  # includes the wait for a turn to start (LearnerSpawner.start_concurrency)
c.Spawner.http_timeout = 300
c.Spawner.environment = {
    "TAMERI_CLASS_LESSONS": settings.lessons_template,
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(settings.activity_interval),
    "MPLBACKEND": "module://matplotlib_inline.backend_inline",
}
c.Spawner.args = [
    # kernels talk to their server over Unix sockets in the learner's private runtime folder, not loopback TCP ports:
    # with many learners starting kernels at once, a port chosen free can be taken before the kernel binds it (seen in
    # the load test: a kernel restarted five times, then given up)
    "--KernelManager.transport=ipc",
    # kernels idle this long with no page open are shut down by the learner's own server (a closed tab leaves its kernel)
    f"--MappingKernelManager.cull_idle_timeout={settings.kernel_cull_timeout}",
    f"--MappingKernelManager.cull_interval={max(1, min(settings.cull_every, settings.kernel_cull_timeout or 60))}",
    "--MappingKernelManager.cull_connected=False",  # a kernel with its page open is kept (a pupil reading)
    "--VoilaConfiguration.file_allowlist=['.*\\.(png|jpg|gif|svg|md)']",
    "--LabApp.news_url=",
]

# Idle servers: jupyterhub-idle-culler, as a service the hub runs, with only the permissions it needs.
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={settings.cull_timeout}",
            f"--cull-every={settings.cull_every}",
        ],
    }
]
