"""The server's abuse limits and security settings, read once from ``ZOOGAMES_*`` variables.

Every limit has a default that a person playing in a browser never reaches (the browser
tests play whole games under them) and that stops one client from exhausting the server;
``docs/server.md`` (Security, Abuse limits) lists them with the figures measured.
Rate limits use the notation of the ``limits`` library: ``"20/second;600/minute"`` (all of
them apply), or ``off``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit

RATE_DEFAULTS: dict[str, str] = {
    "create": "30/minute;300/hour",
    "join": "30/minute",
    "act": "20/second;600/minute",
    "read": "30/second;1200/minute",
    "connect": "60/minute",
    "hello": "10/second;120/minute",
    "message": "30/second;1200/minute",
    "signup": "5/hour;20/day",
    "signin": "10/minute;60/hour",
    "lobby": "2/second;120/minute",
    "chat": "1/second;20/minute",
    "notify": "10/minute;60/hour",
    "hint": "6/minute;60/hour",
    "review": "6/minute;60/hour",
    "signin_account": "10/15 minutes",
}
"""Requests per client address (an IPv6 client's /64: ``ratelimit.client_key``), by
kind: games created, joins and seat changes, actions
and undos (HTTP and socket), reads (snapshots, replays, records), socket connections,
``hello`` messages (each answered with a whole snapshot), socket messages of any kind,
accounts made, sign-in attempts (each costs an argon2 hash; the limit makes guessing a
password slow), lobby listings, chat messages and mutes, and changes of a player's
notifications (push subscriptions, the e-mail address), hints, and reviews asked for (a
game is reviewed once, but each request replays its record). ``signin_account`` is not
per address: the *failed* sign-ins (and password checks) at one account name, from
anywhere, counted apart for each browser that signed in to it before (docs/server.md,
Accounts and sessions)."""

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""``Host`` names always answered (a client on the server's own machine, a health check,
a reverse proxy that forwards to ``127.0.0.1``)."""

PUSH_SERVICES = (
    "https://fcm.googleapis.com",
    "https://updates.push.services.mozilla.com",
    "https://*.push.apple.com",
    "https://*.notify.windows.com",
)
"""The push services of Chrome (and Edge's Chromium), Firefox, Safari and Windows: the only
places a subscription's endpoint may point to (the server sends requests there, so any
other address would let a player make the server call into its own network)."""


def _env(name: str, default: str) -> str:
    return os.environ.get(f"ZOOGAMES_{name}", default).strip()


def _float(name: str, default: float) -> float:
    text = _env(name, str(default))
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"ZOOGAMES_{name} must be a number of seconds, not {text!r}") from None
    if value <= 0:
        raise ValueError(f"ZOOGAMES_{name} must be positive, not {text!r}")
    return value


def _int(name: str, default: int) -> int:
    text = _env(name, str(default))
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise ValueError(f"ZOOGAMES_{name} must be a positive whole number, not {text!r}")
    return int(text)


def _list(name: str, default: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in _env(name, default).split(",") if part.strip())


@dataclass(frozen=True, slots=True)
class Settings:
    """What :func:`from_env` reads; tests build one directly."""

    rates: dict[str, str] = field(default_factory=lambda: dict(RATE_DEFAULTS))
    """Rate limits by kind (see :data:`RATE_DEFAULTS`); ``off`` turns one off."""
    max_sockets: int = 64
    """Open WebSocket connections per client address."""
    max_header_bytes: int = 1 << 16
    """The request line and headers of one request (64 KiB): beyond it, 400 and closed."""
    request_timeout: float = 10.0
    """Seconds a connection has to send a whole request (line, headers, body), from its
    start or the end of the previous answer; then it is closed."""
    keep_alive: int = 5
    """Seconds an idle keep-alive connection is kept between requests."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to say hello; then it is closed (1008)."""
    ping_seconds: float = 5.0
    """Seconds between the server's pings on a socket, and how long it waits for the
    pong: a client that stops reading is dropped within two periods."""
    send_timeout: float = 10.0
    """Seconds one message may wait to be handed to a socket: a client that does not read
    fills the kernel's buffers (megabytes a socket), and its socket is then dropped."""
    trusted_proxies: tuple[str, ...] = ("127.0.0.1",)
    """Peers whose ``X-Forwarded-For`` names the client (a reverse proxy); ``*`` for any."""
    allowed_origins: tuple[str, ...] = ()
    """Origins allowed to open a game's socket besides the server's own (scheme://host)."""
    allowed_hosts: tuple[str, ...] = ("*",)
    """``Host`` names the server answers (others get 400), ``*.example.org`` for its
    subdomains, ``*`` for any. :func:`from_env` gives the loopback names, the host of
    ``ZOOGAMES_PUBLIC_URL`` and those of ``ZOOGAMES_ALLOWED_HOSTS``."""
    docs: bool = False
    """Serve ``/docs`` and ``/openapi.json`` (the API browser)."""
    metrics: bool = False
    """Serve ``/metrics`` (Prometheus' text format: ``metrics.py``); keep it off the
    public internet (the proxy example answers 404 there)."""
    bot_seconds: float = 5.0
    """The longest a bot may think for one action, whatever its spec asks for."""
    bot_budget: float = 20.0
    """Thinking seconds the queue may hold per worker: with more waiting, each bot's time is
    shortened so that every game's bot gets its turn within about this long."""
    unattended_bot_seconds: float = 0.5
    """The longest a bot of a game without a human seat thinks (such games are played only
    while someone watches them)."""
    check_seconds: float = 5.0
    """With several processes on one PostgreSQL database: how often a process compares the
    revisions of the games its sockets show with the database's (a notice lost with a
    process that died between its commit and its notice)."""
    bot_lease: float = 15.0
    """Seconds a bot worker holds a claimed turn (``zoogames bots``): if it dies, another
    worker claims the turn after this. At least the longest a bot may think."""
    review_lease: float = 30.0
    """Seconds a process computing a review holds it without saving (it saves every second
    or so): if it dies, another process takes the review up after this."""
    review_iterations: int = 400
    """MCTS iterations per decision of a game's review (``reviews.py``): ``zoogames
    review``'s default, so that both give the same review of a game."""
    watched_bot_games: int = 4
    """All-bot games one client address may have played for it at once (by watching them)."""
    tls: bool = False
    """The server is reached over HTTPS (itself or its reverse proxy): session cookies get
    ``Secure``, so a browser never sends them over plain HTTP."""
    session_days: int = 30
    """Days a sign-in lasts; the browser then signs in again."""
    vapid_private_key: str | None = None
    """The VAPID private key (base64url of its 32 bytes), for several server processes;
    ``None``: made at the first start and kept in the database (``server_keys``)."""
    vapid_subject: str = "mailto:zoogames@example.org"
    """Who runs the server, for the push services (a ``mailto:`` or ``https:`` address)."""
    push_services: tuple[str, ...] = PUSH_SERVICES
    """Origins a push subscription's endpoint may have (``*.`` any subdomain)."""
    push_ttl: int = 3600
    """Seconds a push service keeps a "your turn" notification for an offline browser."""
    push_per_account: int = 10
    """Push subscriptions kept per account (the newest): one per browser it signed in on."""
    smtp_url: str | None = None
    """``smtp://user:password@host:587?from=address`` (STARTTLS), ``smtps://`` (TLS from the
    start), ``?starttls=off`` for a local relay; ``None``: no e-mail."""
    email_hours: float = 12.0
    """At most one "your turn" e-mail per game and player in this many hours."""
    email_address_minutes: float = 60.0
    """At most one e-mail of any kind (a confirmation link, "your turn") per address in this
    many minutes, across accounts and games: nobody can make the server flood a mailbox."""
    public_url: str = "http://localhost:8000"
    """The server's address as players reach it, for the links in e-mails."""
    log_format: str = "auto"
    """``json`` (one JSON object a line), ``text`` (for a person) or ``auto``: text when
    stderr is a terminal, else JSON (``logs.py``)."""
    stop_seconds: int = 20
    """At a stop (SIGTERM), the longest the requests in flight are waited for before they
    are cancelled; the sockets are closed (1012) at once. Keep it under what the process
    manager allows before it kills (systemd's 90 s, Kubernetes' 30 s by default)."""

    def rate(self, kind: str) -> str:
        """The limit of ``kind`` (``off`` if none)."""
        return self.rates.get(kind, "off")


def from_env() -> Settings:
    """The settings of ``ZOOGAMES_*`` variables, each falling back to its default.

    ``ZOOGAMES_RATE_LIMITS=off`` turns every rate limit off (a benchmark, a trusted
    network); ``ZOOGAMES_LIMIT_<KIND>`` sets one (e.g. ``ZOOGAMES_LIMIT_CREATE=5/minute``).
    """
    everything_off = _env("RATE_LIMITS", "on").lower() == "off"
    rates = {
        kind: "off" if everything_off else _env(f"LIMIT_{kind.upper()}", default)
        for kind, default in RATE_DEFAULTS.items()
    }
    d = Settings()
    return Settings(
        rates=rates,
        max_sockets=_int("MAX_SOCKETS", d.max_sockets),
        max_header_bytes=_int("MAX_HEADER_BYTES", d.max_header_bytes),
        request_timeout=_float("REQUEST_TIMEOUT", d.request_timeout),
        keep_alive=_int("KEEP_ALIVE", d.keep_alive),
        hello_timeout=_float("HELLO_TIMEOUT", d.hello_timeout),
        send_timeout=_float("SEND_TIMEOUT", d.send_timeout),
        ping_seconds=_float("PING_SECONDS", d.ping_seconds),
        trusted_proxies=_list("TRUSTED_PROXIES", ",".join(d.trusted_proxies)),
        allowed_origins=_list("ALLOWED_ORIGINS", ""),
        docs=_env("DOCS", "off").lower() in ("on", "1", "true", "yes"),
        metrics=_env("METRICS", "off").lower() in ("on", "1", "true", "yes"),
        bot_seconds=_float("BOT_SECONDS", d.bot_seconds),
        bot_budget=_float("BOT_BUDGET", d.bot_budget),
        unattended_bot_seconds=_float("UNATTENDED_BOT_SECONDS", d.unattended_bot_seconds),
        check_seconds=_float("CHECK_SECONDS", d.check_seconds),
        bot_lease=_float("BOT_LEASE", d.bot_lease),
        watched_bot_games=_int("WATCHED_BOT_GAMES", d.watched_bot_games),
        review_lease=_float("REVIEW_LEASE", d.review_lease),
        review_iterations=_int("REVIEW_ITERATIONS", d.review_iterations),
        tls=_env("TLS", "off").lower() in ("on", "1", "true", "yes"),
        session_days=_int("SESSION_DAYS", d.session_days),
        vapid_private_key=_env("VAPID_PRIVATE_KEY", "") or None,
        vapid_subject=_env("VAPID_SUBJECT", d.vapid_subject),
        push_services=_list("PUSH_SERVICES", ",".join(d.push_services)),
        push_ttl=_int("PUSH_TTL", d.push_ttl),
        push_per_account=_int("PUSH_PER_ACCOUNT", d.push_per_account),
        smtp_url=_env("SMTP_URL", "") or None,
        email_hours=_float("EMAIL_HOURS", d.email_hours),
        email_address_minutes=_float("EMAIL_ADDRESS_MINUTES", d.email_address_minutes),
        public_url=_env("PUBLIC_URL", d.public_url).rstrip("/"),
        log_format=_log_format(_env("LOG_FORMAT", d.log_format).lower()),
        stop_seconds=_int("STOP_SECONDS", d.stop_seconds),
        allowed_hosts=_hosts(_env("PUBLIC_URL", d.public_url), _list("ALLOWED_HOSTS", "")),
    )


def _log_format(text: str) -> str:
    if text not in ("json", "text", "auto"):
        raise ValueError(f"ZOOGAMES_LOG_FORMAT must be json, text or auto, not {text!r}")
    return text


def _hosts(public_url: str, listed: tuple[str, ...]) -> tuple[str, ...]:
    """The ``Host`` names to answer: the loopback names, the public URL's, the listed ones.

    A listed IPv6 address gets its brackets (as in a ``Host`` header); ``*`` allows any.
    """
    hosts = [*LOOPBACK_HOSTS]
    public = urlsplit(public_url).hostname
    for name in ([public] if public else []) + [h.lower() for h in listed]:
        if ":" in name and not name.startswith("["):
            name = f"[{name}]"
        if name != "*" and ("*" in name[1:] or (name[0] == "*" and not name.startswith("*."))):
            raise ValueError(
                f"ZOOGAMES_ALLOWED_HOSTS: {name!r} is not a host name, '*.domain' or '*'"
            )
        hosts.append(name)
    return tuple(dict.fromkeys(hosts))
