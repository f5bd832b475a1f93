"""A learner as a program: sign in to the class, start their server, open a lesson and run it through a kernel.

Used by the classroom's end-to-end test (tests/classroom) and by ``python -m bench.classroom``.  It talks to the hub
the way a browser does for the sign-in (the login form, its cookies and XSRF token), then with a token of the learner's
own to JupyterHub's REST API (start the server) and Jupyter Server's REST and websocket APIs (contents, kernels),
the calls JupyterLab makes.  Loopback only: :class:`LearnerClient` refuses any other address.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from urllib.parse import urlparse

import aiohttp

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


class ClassroomError(RuntimeError):
    """A step of a learner's visit failed; the message says which."""


@dataclass
class Reply:
    """What one execution or widget message produced."""

    seconds: float
    status: str
    text: str = ""
    errors: list[str] = field(default_factory=list)
    comm_opens: list[dict] = field(default_factory=list)
    comm_updates: list[dict] = field(default_factory=list)


def _login_error(page: str) -> str:
    found = re.search(r'<p class="login_error">(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)).strip() if found else ""


class LearnerClient:
    """One learner's browser, reduced to the HTTP and websocket calls it makes."""

    def __init__(self, hub_url: str, name: str):
        host = urlparse(hub_url).hostname
        if host not in LOOPBACK_HOSTS:
            raise ClassroomError(f"{hub_url} is not on this machine: the classroom client only talks to loopback")
        self.hub_url = hub_url.rstrip("/")
        self.name = name
        self.session = aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True), timeout=aiohttp.ClientTimeout(total=300)
        )
        self.token = ""

    async def close(self) -> None:
        await self.session.close()

    async def __aenter__(self) -> LearnerClient:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    def _xsrf(self) -> str:
        for cookie in self.session.cookie_jar:
            if cookie.key == "_xsrf":
                return cookie.value
        return ""

    async def sign_in(self, code: str, word: str) -> str:
        """Fill in the login form; return '' when signed in, else the message the form shows."""
        async with self.session.get(f"{self.hub_url}/hub/login") as response:
            await response.text()
        form = {"_xsrf": self._xsrf(), "username": self.name, "password": code, "word": word}
        async with self.session.post(f"{self.hub_url}/hub/login", data=form, allow_redirects=False) as response:
            page = await response.text()
            if response.status in (302, 303):
                return ""
            return _login_error(page) or f"HTTP {response.status}"

    async def make_token(self) -> str:
        """A token of the learner's own (what JupyterLab's hub extension also holds), for the REST calls."""
        url = f"{self.hub_url}/hub/api/users/{self.name}/tokens"
        headers = {"X-XSRFToken": self._xsrf(), "Referer": f"{self.hub_url}/hub/"}
        async with self.session.post(url, json={"note": "classroom client"}, headers=headers) as response:
            if response.status != 201:
                raise ClassroomError(f"{self.name}: no token ({response.status}: {await response.text()})")
            self.token = (await response.json())["token"]
        return self.token

    def _auth(self) -> dict[str, str]:
        return {"Authorization": f"token {self.token}"}

    async def api(self, method: str, path: str, **kwargs) -> tuple[int, object]:
        """A call to the hub or to a server behind the proxy, with the learner's token; (status, JSON or text)."""
        async with self.session.request(method, f"{self.hub_url}{path}", headers=self._auth(), **kwargs) as response:
            text = await response.text()
            try:
                return response.status, json.loads(text) if text else None
            except ValueError:
                return response.status, text

    async def start_server(self, timeout: float = 660) -> float:
        """Ask the hub for the learner's server and wait until it answers; return the seconds it took."""
        started = time.monotonic()
        status, body = await self.api("POST", f"/hub/api/users/{self.name}/server")
        if status not in (201, 202, 400):  # 400: already running
            raise ClassroomError(f"{self.name}: the hub did not start the server ({status}: {body})")
        while time.monotonic() - started < timeout:
            status, user = await self.api("GET", f"/hub/api/users/{self.name}")
            server = (user or {}).get("servers", {}).get("") if status == 200 else None
            if server and server.get("ready"):
                return time.monotonic() - started
            if server is None and status == 200 and time.monotonic() - started > 5:
                raise ClassroomError(f"{self.name}: the server stopped while starting (see the hub's log)")
            await asyncio.sleep(0.5)
        raise ClassroomError(f"{self.name}: the server was not ready after {timeout:.0f} s")

    async def server_running(self) -> bool:
        status, user = await self.api("GET", f"/hub/api/users/{self.name}")
        return status == 200 and bool((user or {}).get("servers", {}).get(""))

    def server_path(self, owner: str | None = None) -> str:
        return f"/user/{owner or self.name}"

    async def notebook(self, path: str, owner: str | None = None) -> tuple[int, object]:
        """The notebook at ``path`` (from the learner's lessons folder), as JupyterLab opens it."""
        return await self.api("GET", f"{self.server_path(owner)}/api/contents/{path}?type=notebook&content=1")

    async def start_kernel(self, notebook_path: str) -> Kernel:
        """A session and kernel for the notebook, as JupyterLab makes one when a lesson opens."""
        body = {"path": notebook_path, "name": notebook_path, "type": "notebook", "kernel": {"name": "python3"}}
        status, session = await self.api("POST", f"{self.server_path()}/api/sessions", json=body)
        if status != 201:
            raise ClassroomError(f"{self.name}: no kernel ({status}: {session})")
        kernel_id = session["kernel"]["id"]
        ws_url = self.hub_url.replace("http", "ws", 1) + f"{self.server_path()}/api/kernels/{kernel_id}/channels"
        socket = await self.session.ws_connect(ws_url, headers=self._auth(), max_msg_size=0)
        kernel = Kernel(socket, self.name)
        await kernel.wait_ready()
        return kernel


class Kernel:
    """A kernel's websocket (Jupyter Server's JSON protocol): run code, send widget messages, time the replies."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, username: str):
        self.socket = socket
        self.session_id = uuid.uuid4().hex
        self.username = username

    def _message(self, msg_type: str, content: dict, channel: str = "shell") -> dict:
        header = {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": self.username,
            "session": self.session_id,
            "date": "",
            "version": "5.3",
        }
        return {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": channel}

    async def _request(self, msg_type: str, content: dict, timeout: float) -> Reply:
        """Send one shell message; collect its outputs until the kernel is idle again and the reply has come."""
        message = self._message(msg_type, content)
        started = time.monotonic()
        await self.socket.send_str(json.dumps(message))
        reply = Reply(seconds=0.0, status="")
        replied = msg_type == "comm_msg"  # a widget message has no reply: its end is the kernel going idle
        idle = False
        texts = []
        while not (idle and replied):
            remaining = timeout - (time.monotonic() - started)
            if remaining <= 0:
                raise ClassroomError(f"{self.username}: no answer from the kernel after {timeout:.0f} s ({msg_type})")
            incoming = await self.socket.receive(timeout=remaining)
            if incoming.type != aiohttp.WSMsgType.TEXT:
                raise ClassroomError(f"{self.username}: the kernel's websocket closed ({incoming.type})")
            data = json.loads(incoming.data)
            if data.get("parent_header", {}).get("msg_id") != message["header"]["msg_id"]:
                continue
            kind, body = data["msg_type"], data["content"]
            if kind == "status" and body.get("execution_state") == "idle":
                idle = True
            elif kind.endswith("_reply"):
                replied = True
                reply.status = body.get("status", "")
                if reply.status == "error":
                    reply.errors.append(f"{body.get('ename')}: {body.get('evalue')}")
            elif kind == "stream":
                texts.append(body.get("text", ""))
            elif kind == "error":
                reply.errors.append(f"{body.get('ename')}: {body.get('evalue')}")
            elif kind == "comm_open":
                reply.comm_opens.append(body)
            elif kind == "comm_msg":
                reply.comm_updates.append(body)
        reply.seconds = time.monotonic() - started
        reply.text = "".join(texts)
        return reply

    async def wait_ready(self, timeout: float = 180) -> Reply:
        return await self._request("kernel_info_request", {}, timeout)

    async def execute(self, code: str, timeout: float = 180) -> Reply:
        content = {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False}
        return await self._request("execute_request", content, timeout)

    async def comm(self, comm_id: str, data: dict, timeout: float = 60) -> Reply:
        """A widget message, as the browser sends one when a box is typed in or a button clicked."""
        return await self._request("comm_msg", {"comm_id": comm_id, "data": data}, timeout)

    async def close(self) -> None:
        await self.socket.close()
