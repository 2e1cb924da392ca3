"""`equation-duel serve`: textual-serve's aiohttp Server with the doors closed.

What this subclass adds to `textual_serve.server.Server` (1.1): the token checked before
any handler runs (403); a foreign or missing Origin (403) and a tab past --max-sessions
(503) refused before any process starts; every browser message checked (a malformed one
closes that session); idle tabs closed; app processes that always end
(`session.DuelAppService`); its own run loop, with connections capped and timed out
(`limits`) and the address printed once bound. `_make_app` and `handle_index` are
re-written rather than extended: the base versions hard-code the routes and the
websocket address (which here carries the token).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import signal
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp_jinja2
import jinja2
import rich.traceback  # noqa: F401 - imported now: no file may be openable when it is needed
from aiohttp import WSCloseCode, WSMsgType, web
from rich.console import Console
from textual_serve.server import Server

from app.serve.config import ServeConfig
from app.serve.forked import Zygote, can_fork
from app.serve.limits import (
    REQUEST_SECONDS,
    ConnectionGuard,
    connection_cap,
    on_loop_error,
    raise_file_limit,
)
from app.serve.messages import MAX_TEXT, BadMessage, parse_message, size_from_query
from app.serve.pages import FORBIDDEN, StaticFiles, early_start, full_page, local_font
from app.serve.session import APP_COMMAND, DuelAppService

log = logging.getLogger("equation-duel.serve")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
#: Routes that reach the game and so need the token.
GUARDED_ROUTES = frozenset({"index", "websocket", "websocket-token", "download"})


def _html(text: str, status: int) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def _peer(request: web.Request) -> str:
    return request.remote or "unknown"


class DuelServer(Server):
    """Serves Equation Duel, one app process per browser tab, within `config`."""

    def __init__(self, config: ServeConfig, argv: tuple[str, ...] = APP_COMMAND) -> None:
        super().__init__(
            " ".join(argv),
            host=config.host,
            port=config.port,
            title="Equation Duel",
            public_url=config.base_url,
        )
        # The log goes to stderr; stdout carries only the address and how to stop.
        self.console = Console(stderr=True)
        self.config = config
        self.argv = argv
        self.services: set[DuelAppService] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.sessions = 0
        """Tabs holding a place: counted from the handshake on, so the cap has no race."""
        self.guard: ConnectionGuard | None = None
        self.stopping = asyncio.Event()
        #: Every tab's app forked from one process that has imported the app (Linux).
        self.zygote = Zygote() if can_fork() else None

    # -- running -------------------------------------------------------------------

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT, SIGTERM or SIGHUP; an OSError means it could not listen."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(on_loop_error)
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # no SIGHUP on Windows
            sig: signal.Signals | None = getattr(signal, name, None)
            if sig is not None:
                with contextlib.suppress(NotImplementedError):
                    loop.add_signal_handler(sig, self.request_stop, sig)
        await self.listen(self.announce)

    async def listen(self, announce: Callable[[], object]) -> None:
        """Listen until `stopping` is set; `announce()` once the port is known (`serve`
        announces the address; the hub's `--web` says it on the teacher's console)."""
        loop = asyncio.get_running_loop()
        file_limit = raise_file_limit()
        cap = connection_cap(self.config.max_connections, file_limit, self.config.max_sessions)
        runner = web.AppRunner(
            await self._make_app(), handle_signals=False, keepalive_timeout=REQUEST_SECONDS
        )
        await runner.setup()
        try:
            assert runner.server is not None
            self.guard = ConnectionGuard(runner.server, cap)
            listener = await loop.create_server(
                self.guard, self.config.host.strip("[]") or None, self.config.port, backlog=128
            )
            bound: int = listener.sockets[0].getsockname()[1]
            if bound != self.config.port:
                self.config = dataclasses.replace(self.config, port=bound)
            announce()
            log.info("at most %d connections at once (open-file limit %d)", cap, file_limit)
            await self.stopping.wait()
            listener.close()
        finally:
            await runner.cleanup()
            if self.zygote is not None:
                await self.zygote.close()

    def request_stop(self, sig: signal.Signals) -> None:
        self.stopping.set()
        log.info("%s: stopping, and ending every tab's app", sig.name)

    def announce(self) -> None:
        print(f"Equation Duel is served at {self.config.address()}", flush=True)
        if self.config.public_url is not None:
            print(f"It listens on {self.config.listen_url}/", flush=True)
        if self.config.token is not None:
            print("Anyone with this address (token included) can play: share it with care.")
        print(f"At most {self.config.max_sessions} tabs at once. Ctrl+C stops the server.")

    # -- the aiohttp application ---------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/ws/{token}", self.handle_websocket, name="websocket-token"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.get("/static/{path:.+}", StaticFiles(self.statics_path).handle, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        route = request.match_info.route.name
        if route in GUARDED_ROUTES and self.config.token is not None:
            given = request.match_info.get("token") or request.query.get("token")
            if not self.config.token_ok(given):
                log.warning("refused %s from %s: wrong or missing token", route, _peer(request))
                return _html(FORBIDDEN, 403)
        busy = self.guard.busy if self.guard is not None else set()
        busy.add(request.protocol)
        try:
            response = await handler(request)
        finally:
            busy.discard(request.protocol)
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    def initialize_logging(self) -> None:
        super().initialize_logging()
        # The access log would print every address, token included.
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_shutdown(self, app: web.Application) -> None:
        for websocket in list(self.sockets):
            with contextlib.suppress(Exception):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
        await asyncio.gather(*(service.stop() for service in list(self.services)))

    # -- the page ------------------------------------------------------------------

    def _base_url(self, request: web.Request) -> str:
        """The address the browser reached: a server on every address has many names."""
        if self.config.wildcard and self.config.public_url is None:
            return f"{request.scheme}://{request.host}"
        return self.config.base_url

    def is_full(self) -> bool:
        return self.sessions >= self.config.max_sessions

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.is_full():
            log.info("server full: refused a page to %s", _peer(request))
            return _html(full_page(self.config.max_sessions), 503)
        base = self._base_url(request)
        websocket_url = "ws" + base.removeprefix("http") + "/ws"
        if self.config.token is not None:
            websocket_url += f"/{self.config.token}"
        context: dict[str, Any] = {
            "font_size": 16,
            "app_websocket_url": websocket_url,
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        if response.text is not None:
            static_url = context["config"]["static"]["url"]
            response.text = early_start(local_font(response.text, static_url))
        return response

    # -- the websocket -------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        peer = _peer(request)
        origin = request.headers.get("Origin")
        if not self.config.origin_ok(origin, request.host):
            log.warning("refused websocket from %s: origin %r is not this server", peer, origin)
            raise web.HTTPForbidden(text="This page may not open a game here.")
        try:
            width, height = size_from_query(request.query.get("width"), request.query.get("height"))
        except BadMessage as error:
            log.warning("refused websocket from %s: %s", peer, error)
            raise web.HTTPBadRequest(text=str(error)) from None
        if self.is_full():
            log.info("server full: refused a websocket from %s", peer)
            raise web.HTTPServiceUnavailable(text="The server is full.")
        self.sessions += 1
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=2 * MAX_TEXT)
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            service = DuelAppService(
                self.argv,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                zygote=self.zygote,
            )
            self.services.add(service)
            try:
                await service.start(width, height)
                log.info(
                    "session started for %s (%d of %d)",
                    peer,
                    self.sessions,
                    self.config.max_sessions,
                )
                await self._relay(websocket, service, peer)
            finally:
                await service.stop()
                self.services.discard(service)
        except Exception:
            log.exception("session for %s failed", peer)
        finally:
            self.sockets.discard(websocket)
            self.sessions -= 1
            if not websocket.closed:
                with contextlib.suppress(Exception):
                    await websocket.close()
            log.info("session ended for %s", peer)
        return websocket

    async def _relay(
        self, websocket: web.WebSocketResponse, service: DuelAppService, peer: str
    ) -> None:
        """Hand the browser's messages to the app until the tab closes, errs or idles."""
        loop = asyncio.get_running_loop()
        last_input = loop.time()
        while True:
            remaining = self.config.idle_seconds - (loop.time() - last_input)
            if remaining <= 0:
                log.info("closing idle session for %s", peer)
                await websocket.close(code=WSCloseCode.OK, message=b"idle")
                return
            try:
                message = await websocket.receive(timeout=remaining)
            except TimeoutError:
                continue
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type == WSMsgType.ERROR:
                log.warning("session for %s closed: %s", peer, websocket.exception())
                return
            try:
                if message.type != WSMsgType.TEXT:
                    raise BadMessage(f"{message.type.name.lower()} frame instead of text")
                parsed = parse_message(message.data)
            except BadMessage as error:
                log.warning("closing session for %s: malformed message: %s", peer, error)
                await websocket.close(
                    code=WSCloseCode.POLICY_VIOLATION, message=b"malformed message"
                )
                return
            if parsed.kind == "stdin":
                last_input = loop.time()
                await service.send_bytes(parsed.text.encode("utf-8"))
            elif parsed.kind == "resize":
                last_input = loop.time()
                await service.set_terminal_size(parsed.width, parsed.height)
            elif parsed.kind == "ping":
                await websocket.send_json(["pong", parsed.text])
            elif parsed.kind == "blur":
                await service.blur()
            else:
                await service.focus()
