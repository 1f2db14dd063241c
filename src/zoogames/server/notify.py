"""Telling a player it is their turn while their page is closed: Web Push and e-mail.

Everything is off until a signed-in player turns it on: a browser subscribes to Web Push
(``POST /api/me/push``), or the player gives an address for e-mail (``POST /api/me/email``).
When it becomes the turn of a human seat bound to such an account, the server sends, in
the background (never on the action's path), one push to each of the account's browsers
and, for turn-based games with SMTP configured, at most one e-mail per game every
``Settings.email_hours``.

**Web Push** (RFC 8030, 8291, 8292) through ``pywebpush``, the library of the Mozilla push
team's authors (it encrypts with ``http_ece`` and signs VAPID claims with ``py_vapid``).
The payload is public information only: the game, the seat to move and its name, a link;
never a token, a view or a hand. A push service answering 404 or 410 says the subscription
is gone: its row is deleted. A redirect is never followed (``NoRedirects``).

**E-mail** through the standard library's ``smtplib``, in a thread (a few sends a minute
at most; an async client would be one more dependency for nothing). An address gets
"your turn" only once it confirmed a link sent to it, and any address gets at most one
e-mail every ``Settings.email_address_minutes``, confirmations included.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import logging
import re
import smtplib
import ssl
from collections import Counter
from collections.abc import Awaitable, Callable
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import parse_qs, unquote, urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid

from zoogames.core.message import msg
from zoogames.server.errors import ApiError
from zoogames.server.settings import Settings

if TYPE_CHECKING:
    import aiohttp

log = logging.getLogger("zoogames.server")

ENDPOINT_LENGTH = 2048
"""The longest endpoint accepted (browsers' are 150–500 characters)."""
EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
"""An e-mail address as far as a server can tell without sending to it: RFC 5322's
unquoted local part (no space, comma, angle bracket or line break: it goes into a header,
and must name exactly one mailbox), a domain with a dot."""
EMAIL_LENGTH = 254
PUSH_TIMEOUT = 15.0
"""Seconds a push service has to answer one push."""
SENDS_AT_ONCE = 8
"""Pushes and e-mails in flight at once, server-wide: a burst waits, it never piles up."""
CONFIRM_HOURS = 24.0
"""Hours an e-mail address's confirmation link works."""


def b64url(data: bytes) -> str:
    """``data`` in base64url without padding (how Web Push writes keys)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """The bytes of base64url ``text`` (padding optional); ``ValueError`` if it is not."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", text):
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except binascii.Error as e:
        raise ValueError("not base64url") from e


def new_vapid_key() -> str:
    """A fresh VAPID private key: base64url of its 32 bytes (P-256)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def vapid_of(private: str) -> Vapid:
    """The VAPID signer of a base64url private key; ``ValueError`` if it is not one."""
    try:
        raw = unb64url(private)
        if len(raw) != 32:
            raise ValueError("not 32 bytes")
        return Vapid.from_raw(private.rstrip("=").encode())
    except Exception as e:
        raise ValueError(
            "ZOOGAMES_VAPID_PRIVATE_KEY must be a P-256 private key: base64url of 32 bytes"
        ) from e


def public_key_of(vapid: Vapid) -> str:
    """The ``applicationServerKey`` a browser subscribes with: the uncompressed point."""
    raw = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return b64url(raw)


def endpoint_sha256(endpoint: str) -> str:
    """The key a subscription is stored under."""
    return hashlib.sha256(endpoint.encode()).hexdigest()


def _origin_allowed(scheme: str, host: str, port: int | None, allowed: tuple[str, ...]) -> bool:
    for pattern in allowed:
        parts = urlsplit(pattern)
        if parts.scheme != scheme or parts.port != port:
            continue
        want = (parts.hostname or "").lower()
        if want == host or (want.startswith("*.") and host.endswith(want[1:])):
            return True
    return False


def check_subscription(
    endpoint: str, p256dh: str, auth: str, allowed: tuple[str, ...]
) -> tuple[str, str, str]:
    """A browser's subscription as stored, or 422 saying what is wrong with it.

    The endpoint must be at one of the ``allowed`` push services (the server will send
    requests there: anything else would let a player aim it at another host); the keys
    must be a P-256 point (65 bytes) and a 16-byte secret, as ``PushSubscription.toJSON``
    gives them.
    """
    if len(endpoint) > ENDPOINT_LENGTH or not endpoint.isprintable() or " " in endpoint:
        raise ApiError(422, msg("error.push_endpoint"))
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        raise ApiError(422, msg("error.push_endpoint")) from None
    host = (parts.hostname or "").lower()
    if parts.username or parts.password or not host:
        raise ApiError(422, msg("error.push_endpoint"))
    if not _origin_allowed(parts.scheme, host, port, allowed):
        raise ApiError(422, msg("error.push_service", host=host))
    try:
        point = unb64url(p256dh)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        if len(point) != 65:
            raise ValueError("not uncompressed")
    except ValueError:
        raise ApiError(422, msg("error.push_key")) from None
    try:
        secret = unb64url(auth)
    except ValueError:
        secret = b""
    if len(secret) != 16:
        raise ApiError(422, msg("error.push_auth"))
    return endpoint, b64url(point), b64url(secret)


def check_email(address: str) -> str:
    """``address`` tidied if it may receive e-mail; else 422."""
    tidy = address.strip()
    if len(tidy) > EMAIL_LENGTH or not EMAIL.fullmatch(tidy):
        raise ApiError(422, msg("error.email_address"))
    return tidy


class Smtp:
    """Where e-mail goes: ``ZOOGAMES_SMTP_URL`` parsed once (``ValueError`` if it is wrong)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(
                "ZOOGAMES_SMTP_URL must be smtp://user:password@host:587?from=address"
                " (or smtps://…)"
            )
        query = parse_qs(parts.query)
        sender = query.get("from", [""])[0]
        if not EMAIL.fullmatch(sender):
            raise ValueError("ZOOGAMES_SMTP_URL needs ?from=address: the sender of the e-mails")
        self.host = parts.hostname
        self.tls = parts.scheme == "smtps"
        self.port = parts.port or (465 if self.tls else 587)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = sender
        self.starttls = not self.tls and query.get("starttls", ["on"])[0] != "off"

    def send(self, to: str, subject: str, body: str) -> None:
        """Send one plain-text e-mail (blocking: call it in a thread)."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if self.tls:
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=20, context=context)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=20)
        with smtp:
            if self.starttls:
                smtp.starttls(context=context)  # refuses to go on in clear text
            if self.user is not None:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message, to_addrs=[to])  # this address alone


class NoRedirects:
    """An ``aiohttp`` session as pywebpush uses it (``post`` alone), never following a redirect.

    aiohttp follows redirects by default, and pywebpush offers no way to say otherwise: a
    push service (or whoever answers at its address) could otherwise send the server's
    next request anywhere, past the check of ``ZOOGAMES_PUSH_SERVICES``, into the server's
    own network. A 3xx is the answer, and pywebpush raises on it as on any status past 202.
    """

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self.session = session

    def post(self, url: str, **kwargs: Any) -> Any:
        """The session's ``post`` with ``allow_redirects=False`` (awaited by pywebpush)."""
        return self.session.post(url, allow_redirects=False, **kwargs)


class Notifier:
    """Sends "your turn" pushes and e-mails (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.smtp = Smtp(settings.smtp_url) if settings.smtp_url else None
        self.vapid: Vapid | None = None
        self.public_key: str | None = None
        self._slots = asyncio.Semaphore(SENDS_AT_ONCE)
        self._session: aiohttp.ClientSession | None = None
        self.sent = 0
        """Pushes the push services accepted (for the tests and the log)."""
        self.failed: Counter[str] = Counter()
        """Pushes (``push``) and e-mails (``email``) that failed (``/metrics``)."""

    def use_key(self, private: str) -> None:
        """Sign with this VAPID private key (from the settings or the database)."""
        self.vapid = vapid_of(private)
        self.public_key = public_key_of(self.vapid)

    async def close(self) -> None:
        """Close the HTTP session to the push services."""
        if self._session is not None:
            await self._session.close()

    async def push(
        self,
        subscriptions: list[tuple[str, str, str, str]],
        payload: str,
        ttl: int,
        gone: Callable[[str], Awaitable[None]],
    ) -> None:
        """Send ``payload`` to each subscription; ``gone`` each one answered 404 or 410."""
        if self.vapid is None:
            return
        # Imported at the first push, not with the module: aiohttp and pywebpush (with
        # requests) cost every server process 0.12 s of CPU, and most never push.
        import aiohttp
        from pywebpush import WebPushException, webpush_async

        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=PUSH_TIMEOUT))
        for sha256, endpoint, p256dh, auth in subscriptions:
            info: dict[str, Any] = {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}
            async with self._slots:
                try:
                    answer = await webpush_async(
                        info,
                        payload,
                        vapid_private_key=self.vapid,
                        vapid_claims={"sub": self.settings.vapid_subject},
                        ttl=ttl,
                        headers={"Urgency": "high"},
                        aiohttp_session=cast(aiohttp.ClientSession, NoRedirects(self._session)),
                        # pywebpush passes its own timeout on, and None would mean none at
                        # all: a push service that never answers must not hold a slot
                        timeout=PUSH_TIMEOUT,
                    )
                    if not isinstance(answer, str):
                        answer.release()
                    self.sent += 1
                except WebPushException as e:
                    status = e.response.status if e.response is not None else None
                    if e.response is not None:
                        e.response.release()
                    if status in (404, 410):
                        log.info("a push subscription is gone (%s): dropped", status)
                        await gone(sha256)
                    elif status is not None and 300 <= status < 400:
                        # not followed (NoRedirects): pywebpush refuses any status past 202
                        log.error("a push failed: the push service redirected (%s)", status)
                        self.failed["push"] += 1
                    else:
                        log.error("a push failed: %s", status or "no answer")
                        self.failed["push"] += 1
                except (aiohttp.ClientError, TimeoutError, OSError) as e:
                    log.error("a push failed: %s", type(e).__name__)
                    self.failed["push"] += 1

    async def email(self, to: str, subject: str, body: str) -> None:
        """Send one e-mail in a thread; a failure is logged, never raised."""
        if self.smtp is None:
            return
        async with self._slots:
            try:
                await asyncio.to_thread(self.smtp.send, to, subject, body)
            except (smtplib.SMTPException, OSError, ssl.SSLError) as e:
                log.error("an e-mail failed: %s", type(e).__name__)
                self.failed["email"] += 1
