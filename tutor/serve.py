"""``tutor serve``: several ``tutor run`` replicas on loopback ports behind HAProxy.

One Streamlit process uses one core. ``tutor serve --replicas N`` starts N ``tutor run``
processes on 127.0.0.1 (ports ``--replica-ports`` onwards), waits until each says ``ok``
on ``/_stcore/health``, then runs HAProxy in the foreground with a config filled in from
``tutor/deploy/haproxy.cfg.template``: websockets passed through, sticky sessions by the
``TUTOR_REPLICA`` cookie, health checks. Every replica gets the same
``server.cookieSecret`` (``$STREAMLIT_SERVER_COOKIE_SECRET``, or a random one for this
start), so cookies one replica signs are good on the others. SIGINT, SIGTERM and SIGHUP
stop the proxy, then the replicas.

A replica that dies is started again after a back-off (1 s, then 2, 4... up to 30 s; back
to 1 s once it has run for a minute), each exit and restart written to the output; the
proxy's readiness checks (``/_tutor/ready`` on the replica's port + 1000, see
:mod:`tutor.ready`) drain it meanwhile, and learners on the other replicas keep their
sessions. If HAProxy itself dies, everything stops.

The replicas share the progress database the configuration names
(``$TUTOR_DATABASE_URL``; PostgreSQL for real loads, see the README's Deployment section).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template
from typing import IO, Any, Self, TextIO

from tutor.engine import TutorError

#: Streamlit reads every config option from an environment variable of this form.
COOKIE_SECRET_VAR = "STREAMLIT_SERVER_COOKIE_SECRET"
COOKIE_NAME = "TUTOR_REPLICA"
#: The response header HAProxy adds: which replica answered (r1, r2, ...).
REPLICA_HEADER = "X-Tutor-Replica"
TEMPLATE = "haproxy.cfg.template"
MAX_REPLICAS = 32
MAXCONN = 4096
START_SECONDS = 90.0
STOP_SECONDS = 10.0
LOOPBACK = "127.0.0.1"
#: An app server answers readiness checks on its port + this (``tutor run --ready-port``).
READY_OFFSET = 1000
#: A dead replica's first restart waits this long, doubling up to the most.
BACKOFF_FIRST, BACKOFF_MOST = 1.0, 30.0
#: A replica that ran this long before dying starts again from the first back-off.
STABLE_SECONDS = 60.0


class ServeError(TutorError):
    """``tutor serve`` cannot start: a port in use, no HAProxy, a replica that failed."""


@dataclass(frozen=True)
class Upstream:
    """One app server the proxy sends sessions to."""

    name: str
    host: str
    port: int

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://{self.host}:{self.port}"

    @property
    def ready_port(self) -> int:
        """The port of its readiness checks (``tutor run --ready-port``)."""
        return self.port + READY_OFFSET


def parse_upstream(text: str) -> tuple[str, int]:
    """``HOST:PORT`` of an app server on another machine.

    >>> parse_upstream("10.0.0.5:8501")
    ('10.0.0.5', 8501)
    >>> parse_upstream("app-2")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'app-2' is not HOST:PORT: write e.g. 10.0.0.5:8501
    """
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not HOST:PORT: write e.g. 10.0.0.5:8501"
        )
    if any(c.isspace() for c in host):
        raise argparse.ArgumentTypeError(f"{text!r} has blanks in its host name")
    return host.strip("[]"), int(port)


def template_text() -> str:
    """The HAProxy config template that ships in the package."""
    return resources.files("tutor").joinpath("deploy", TEMPLATE).read_text("utf-8")


def render_config(
    upstreams: Sequence[Upstream],
    address: str,
    port: int,
    template: str | None = None,
) -> str:
    """The HAProxy config for ``upstreams``, listening on ``address:port``.

    >>> text = render_config([Upstream("r1", "127.0.0.1", 8502)], "0.0.0.0", 8501)
    >>> [line.strip() for line in text.splitlines() if "8501" in line or "8502" in line]
    ['bind 0.0.0.0:8501', 'server r1 127.0.0.1:8502 cookie r1 check port 9502']
    """
    if not upstreams:
        raise ServeError("the proxy needs at least one app server")
    host = f"[{address}]" if ":" in address else address
    servers = "\n".join(
        f"    server {u.name} {f'[{u.host}]' if ':' in u.host else u.host}:{u.port} "
        f"cookie {u.name} check port {u.ready_port}"
        for u in upstreams
    )
    return Template(template_text() if template is None else template).substitute(
        bind=f"{host}:{port}", maxconn=MAXCONN, servers=servers
    )


def haproxy_binary() -> str:
    """The path of the ``haproxy`` program.

    :raises ServeError: If it is not installed.
    """
    found = shutil.which("haproxy") or next(
        (
            p
            for p in ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy")
            if os.access(p, os.X_OK)
        ),
        None,
    )
    if found is None:
        raise ServeError(
            "HAProxy is not installed: install it (Debian: apt-get install haproxy) "
            "or run one 'tutor run' without replicas."
        )
    return found


def port_is_free(port: int, host: str = LOOPBACK) -> bool:
    """Whether nothing listens on ``host:port`` (a bind succeeds)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def health(url: str, timeout: float = 2.0) -> str:
    """The body of ``url/_stcore/health`` (``"ok"`` when the app is up), or ``""``."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=timeout) as reply:
            body: bytes = reply.read()
            return body.decode(errors="replace").strip()
    except (urllib.error.URLError, OSError, ValueError):
        return ""


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """In the child, before exec: get SIGTERM if ``tutor serve`` itself dies (Linux)."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def ready(port: int, host: str = LOOPBACK, timeout: float = 2.0) -> bool:
    """Whether the readiness server on ``host:port`` says the pages can be served."""
    try:
        with urllib.request.urlopen(
            f"http://{host}:{port}/_tutor/ready", timeout=timeout
        ) as reply:
            return bool(reply.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def replica_command(port: int, address: str = LOOPBACK) -> list[str]:
    """The argv of one replica: ``tutor run`` on ``address:port``, readiness beside it."""
    return [
        sys.executable,
        "-m",
        "tutor.cli",
        "run",
        "--port",
        str(port),
        "--address",
        address,
        "--ready-port",
        str(port + READY_OFFSET),
    ]


class Deployment:
    """N ``tutor run`` replicas (and/or servers elsewhere) behind one HAProxy.

    Use as a context manager, or call :meth:`start` and :meth:`stop`.

    :param replicas: How many local replicas to start (0 with ``upstreams`` only).
    :param port: The proxy's port; ``address`` the address it listens on.
    :param replica_ports: The first replica's port (the others follow); default port + 1.
    :param upstreams: App servers on other machines, as (host, port), added to the proxy.
    :param env: The environment for the replicas (default: this process's).
    :param log_dir: Write each process's output to a file there (default: inherit).
    :param cookie_secret: The shared ``server.cookieSecret``; default
        ``$STREAMLIT_SERVER_COOKIE_SECRET`` or a random one.
    """

    def __init__(
        self,
        replicas: int,
        port: int,
        address: str = LOOPBACK,
        replica_ports: int | None = None,
        upstreams: Sequence[tuple[str, int]] = (),
        env: Mapping[str, str] | None = None,
        log_dir: Path | None = None,
        cookie_secret: str | None = None,
    ) -> None:
        if not 0 <= replicas <= MAX_REPLICAS:
            raise ServeError(f"--replicas {replicas}: use 0 to {MAX_REPLICAS}")
        if replicas == 0 and not upstreams:
            raise ServeError("--replicas 0 needs at least one --upstream HOST:PORT")
        first = port + 1 if replica_ports is None else replica_ports
        if first + replicas - 1 > 65535:
            raise ServeError(
                f"replica ports {first}-{first + replicas - 1} go past 65535: "
                "choose a lower --replica-ports"
            )
        self.port = port
        self.address = address
        self.replicas = [
            Upstream(f"r{n + 1}", LOOPBACK, first + n) for n in range(replicas)
        ]
        self.remote = [
            Upstream(f"r{replicas + n + 1}", host, p)
            for n, (host, p) in enumerate(upstreams)
        ]
        base = dict(os.environ if env is None else env)
        secret = cookie_secret or base.get(COOKIE_SECRET_VAR) or secrets.token_hex(32)
        self.env = {**base, COOKIE_SECRET_VAR: secret}
        self.log_dir = log_dir
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self._logs: list[IO[bytes]] = []
        self._workdir: str | None = None
        self.config_path: Path | None = None
        #: Per replica: when it was last started, its restarts, when the next is due.
        self._started: dict[str, float] = {}
        self._restarts: dict[str, int] = {}
        self._restart_at: dict[str, float] = {}
        #: Set it (e.g. from a signal handler) to give up waiting for the start.
        self.cancel = threading.Event()

    @property
    def upstreams(self) -> list[Upstream]:
        """Every server behind the proxy: the local replicas, then the remote ones."""
        return [*self.replicas, *self.remote]

    @property
    def url(self) -> str:
        """The proxy's base URL (through loopback when it listens on every address)."""
        host = LOOPBACK if self.address in ("0.0.0.0", "") else self.address
        host = "[::1]" if host == "::" else f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}"

    def pids(self) -> dict[str, int]:
        """Process ids by name (``r1``... and ``proxy``) of what runs now."""
        return {name: p.pid for name, p in self.processes.items() if p.poll() is None}

    def _check_ports(self) -> None:
        wanted = [(self.address, self.port, "the proxy's port")]
        for u in self.replicas:
            wanted.append((LOOPBACK, u.port, f"replica {u.name}'s port"))
            wanted.append(
                (LOOPBACK, u.ready_port, f"replica {u.name}'s readiness port")
            )
        ports = [p for _, p, _ in wanted]
        if len(set(ports)) != len(ports):
            raise ServeError(
                f"the proxy's port {self.port} is among the replica ports: "
                "choose --replica-ports outside it"
            )
        for host, port, what in wanted:
            if not port_is_free(
                port, host if host not in ("", "0.0.0.0") else "0.0.0.0"
            ):
                raise ServeError(
                    f"{what} {port} is in use: stop what listens there, or choose "
                    "other ports with --port / --replica-ports"
                )

    def _spawn(self, name: str, argv: list[str], *, again: bool = False) -> None:
        output: IO[bytes] | None = None
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            output = open(self.log_dir / f"{name}.log", "ab" if again else "wb")
            self._logs.append(output)
        self.processes[name] = subprocess.Popen(
            argv,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT if output is not None else None,
            process_group=0,  # Ctrl-C reaches tutor serve only, which stops them in order
            preexec_fn=_die_with_parent,
        )
        self._started[name] = time.monotonic()

    def _log_tail(self, name: str) -> str:
        if self.log_dir is None:
            return ""
        try:
            lines = (
                (self.log_dir / f"{name}.log").read_text(errors="replace").splitlines()
            )
        except OSError:
            return ""
        return (":\n" + "\n".join(lines[-8:])) if lines else ""

    def _failed(self, name: str, what: str) -> ServeError:
        return ServeError(f"{what}{self._log_tail(name)}")

    def start(self) -> None:
        """Start the replicas, wait until they are healthy, then start the proxy.

        :raises ServeError: If a port is taken, HAProxy is missing, or a process fails
            to start (everything started is stopped again).
        """
        haproxy = haproxy_binary()
        self._check_ports()
        try:
            for replica in self.replicas:
                self._spawn(replica.name, replica_command(replica.port))
            self._wait_healthy(self.replicas)
            self._workdir = tempfile.mkdtemp(prefix="tutor-serve-")
            self.config_path = Path(self._workdir) / "haproxy.cfg"
            self.config_path.write_text(
                render_config(self.upstreams, self.address, self.port)
            )
            checked = subprocess.run(
                [haproxy, "-c", "-q", "-f", str(self.config_path)],
                check=False,
                capture_output=True,
                text=True,
            )
            if checked.returncode != 0:
                raise ServeError(
                    "HAProxy refused the generated config:\n"
                    + (checked.stderr or checked.stdout).strip()
                )
            self._spawn("proxy", [haproxy, "-db", "-f", str(self.config_path)])
            self._wait_healthy([Upstream("proxy", "", 0)], url=self.url)
        except BaseException:
            self.stop()
            raise

    def _wait_healthy(
        self, servers: Sequence[Upstream], url: str | None = None
    ) -> None:
        deadline = time.monotonic() + START_SECONDS
        waiting = list(servers)
        while waiting:
            for server in list(waiting):
                process = self.processes[server.name]
                if process.poll() is not None:
                    what = (
                        "HAProxy"
                        if server.name == "proxy"
                        else f"replica {server.name}"
                    )
                    raise self._failed(
                        server.name, f"{what} exited with status {process.returncode}"
                    )
                if (
                    health(url) == "ok"
                    if url is not None
                    else ready(server.ready_port, server.host)
                ):
                    waiting.remove(server)
            if self.cancel.is_set():
                raise ServeError("stopped while starting")
            if waiting and time.monotonic() > deadline:
                names = ", ".join(s.name for s in waiting)
                raise ServeError(f"not healthy after {START_SECONDS:.0f} s: {names}")
            if waiting:
                time.sleep(0.1)

    def exited(self) -> str | None:
        """The name of a process that has exited (none should while serving), or None."""
        return next(
            (n for n, p in self.processes.items() if p.poll() is not None), None
        )

    def supervise(self, out: TextIO) -> None:
        """One look at the processes: a replica that died is started again after its
        back-off (each exit and restart written to ``out``).

        :raises ServeError: If HAProxy has exited.
        """
        now = time.monotonic()
        for replica in self.replicas:
            name = replica.name
            process = self.processes.get(name)
            if process is None or process.poll() is None:
                continue
            due = self._restart_at.get(name)
            if due is None:
                count = self._restarts.get(name, 0)
                if now - self._started.get(name, now) >= STABLE_SECONDS:
                    count = 0
                delay = min(BACKOFF_MOST, BACKOFF_FIRST * 2**count)
                self._restarts[name] = count + 1
                self._restart_at[name] = now + delay
                print(
                    f"replica {name} exited with status {process.returncode}; starting "
                    f"it again in {delay:g} s (restart {count + 1}); the proxy sends "
                    "new sessions to the others meanwhile",
                    file=out,
                    flush=True,
                )
            elif now >= due:
                del self._restart_at[name]
                self._spawn(name, replica_command(replica.port), again=True)
                print(
                    f"replica {name} started again (pid {self.processes[name].pid})",
                    file=out,
                    flush=True,
                )
        proxy = self.processes.get("proxy")
        if proxy is not None and proxy.poll() is not None:
            raise ServeError(f"HAProxy exited with status {proxy.returncode}")

    def stop(self) -> None:
        """Stop the proxy, then the replicas (SIGTERM, SIGKILL after 10 s); idempotent."""
        order = sorted(self.processes, key=lambda name: name != "proxy")
        for name in order:
            process = self.processes[name]
            if process.poll() is None:
                process.terminate()
            if name == "proxy":
                _reap(process)
        for name in order:
            _reap(self.processes[name])
        self.processes.clear()
        for log in self._logs:
            log.close()
        self._logs.clear()
        if self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._workdir = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def _reap(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=STOP_SECONDS)


def add_parser(sub: Any, port_type: Any, default_port: int) -> None:
    """Add ``serve`` to ``tutor``'s subcommands (``sub`` from ``add_subparsers``)."""
    serve = sub.add_parser(
        "serve",
        help="start several app processes behind HAProxy (sticky sessions, websockets)",
        description=(
            "Start N 'tutor run' replicas on 127.0.0.1 and HAProxy in front of them. "
            "Point them at one PostgreSQL database with TUTOR_DATABASE_URL."
        ),
    )
    serve.add_argument(
        "--replicas",
        type=int,
        default=2,
        metavar="N",
        help=f"app processes to start here, 0 to {MAX_REPLICAS} (default 2)",
    )
    serve.add_argument(
        "--port",
        type=port_type,
        default=default_port,
        help=f"the proxy's port (default {default_port})",
    )
    serve.add_argument(
        "--address",
        default=LOOPBACK,
        help=f"the proxy's address (default {LOOPBACK}; 0.0.0.0 for every address)",
    )
    serve.add_argument(
        "--replica-ports",
        type=port_type,
        default=None,
        metavar="PORT",
        help="the first replica's port; the others follow (default: --port + 1)",
    )
    serve.add_argument(
        "--upstream",
        type=parse_upstream,
        action="append",
        default=[],
        metavar="HOST:PORT",
        help="also send sessions to a 'tutor run' on another machine (repeatable)",
    )
    serve.add_argument(
        "--print-config",
        action="store_true",
        help="print the HAProxy config and exit, starting nothing",
    )


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``tutor serve`` until a signal or a failed process; 0 after a signal."""
    deployment = Deployment(
        args.replicas,
        args.port,
        args.address,
        args.replica_ports,
        args.upstream,
    )
    if args.print_config:
        out.write(render_config(deployment.upstreams, args.address, args.port))
        return 0
    stop = deployment.cancel
    received: list[int] = []

    def on_signal(signum: int, _frame: object) -> None:
        received.append(signum)
        stop.set()

    handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {s: signal.signal(s, on_signal) for s in handled}
    try:
        try:
            deployment.start()
        except ServeError:
            if received:  # Ctrl-C while starting: not an error
                return 0
            raise
        where = ", ".join(f"{u.host}:{u.port}" for u in deployment.upstreams)
        print(
            f"Stud Tutor at {deployment.url} (HAProxy, {len(deployment.upstreams)} "
            f"app server(s): {where}). Ctrl-C stops everything.",
            file=out,
            flush=True,
        )
        while not stop.wait(0.5):
            try:
                deployment.supervise(out)
            except ServeError as exc:
                deployment.stop()
                raise ServeError(f"{exc}; stopped the rest") from None
        deployment.stop()
        print(f"Stopped ({signal.Signals(received[0]).name}).", file=out, flush=True)
        return 0
    finally:
        deployment.stop()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
