"""Webhook notices: one HTTP POST per notice, as JSON or in the form chat services' incoming webhooks take.

Formats:
- ``"json"``: ``to_json(notice)``;
- ``"discord"``: ``{"content": "<subject>\\n<url>"}`` (Discord, and services compatible with it);
- ``"slack"``: ``{"text": "<subject>\\n<url>"}`` (Slack and compatible services).

Redirects are not followed: a webhook answers where it was registered or not at all.

A webhook may not reach into the server's own network (SSRF). Its host is resolved at every
delivery, not only when it was saved (a name can be rebound to a private address later), every
address must be public, and the connection goes to the address that was checked: httpx is not
left to resolve the name a second time.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import SplitResult, urlsplit

import anyio
import httpx
from anyio import to_thread

from server.notify.notice import DeliveryError, Notice, render, to_json

FORMATS = ("json", "discord", "slack")
USER_AGENT = "Counterplay-Notifier/1"


def check_url(url: str) -> str:
    """The URL (without surrounding whitespace) if it is http(s) with a host; ValueError with a reason otherwise."""
    url = url.strip()
    if not url:
        raise ValueError("the webhook URL is empty")
    if any(ord(ch) < 0x21 or ord(ch) == 0x7F for ch in url):
        raise ValueError("the webhook URL contains spaces or control characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises ValueError on a port that is not a number in range
    except ValueError as exc:
        raise ValueError(f"the webhook URL cannot be read: {exc}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError("the webhook URL must start with http:// or https://")
    if not parts.hostname:
        raise ValueError("the webhook URL has no host")
    return url


# Global unicast is 2000::/3 for IPv6; within it and in IPv4 these are not reachable on the Internet, or
# not meant for a webhook, whatever the Python version's ``is_global`` knows of them.
_NOT_GLOBAL = [ipaddress.ip_network(n) for n in (
    "192.0.0.0/24",  # IETF protocol assignments (only parts are marked private)
    "192.88.99.0/24",  # 6to4 relay anycast, deprecated
    "224.0.0.0/4",  # multicast
    "2001:db8::/32", "3fff::/20",  # documentation (RFC 3849, RFC 9637)
    "2001::/23",  # IETF protocol assignments (Teredo, 2001::/32, is judged by its IPv4 addresses first)
)]
_GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052 well-known prefix
_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")  # IPv4-translated (SIIT, RFC 2765)
_COMPATIBLE = ipaddress.ip_network("::/96")  # IPv4-compatible, deprecated (RFC 4291)


def embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to, when it is one of the forms that carry them
    (NAT64, IPv4-mapped, IPv4-translated, IPv4-compatible, 6to4, Teredo: server and client); [] otherwise."""
    low = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.ipv4_mapped is not None:
        return [address.ipv4_mapped]
    if address in _NAT64 or address in _TRANSLATED or address in _COMPATIBLE:
        return [low]
    if address.sixtofour is not None:
        return [address.sixtofour]
    if address.teredo is not None:
        return list(address.teredo)
    return []


def is_public(address: str) -> bool:
    """Whether a webhook may connect to ``address``: global unicast only. An IPv6 address that
    carries IPv4 addresses is judged by those (each must be public): a NAT64 gateway or a tunnel
    would take the connection there."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address):
        inner = embedded_ipv4(ip)
        if inner:
            return all(is_public(str(v4)) for v4 in inner)
        if ip not in _GLOBAL_UNICAST_V6:
            return False
    return ip.is_global and not ip.is_multicast and not any(ip in net for net in _NOT_GLOBAL)


def public_addresses(host: str) -> list[str]:
    """Every address ``host`` resolves to, when all of them are public; ValueError otherwise."""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except OSError:
        raise ValueError(f"the webhook's host {host!r} cannot be resolved") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not addresses:
        raise ValueError(f"the webhook's host {host!r} cannot be resolved")
    for address in addresses:
        if not is_public(address):
            raise ValueError("a webhook must point to a public address, not to a private or local one")
    return addresses


def _pinned(parts: SplitResult, address: str) -> tuple[str, dict[str, str], dict[str, Any]]:
    """The URL with ``address`` in place of the host name, the Host header that names the host,
    and for https the name to present in TLS (SNI) and check the certificate against."""
    literal = f"[{address}]" if ":" in address else address
    netloc = literal + (f":{parts.port}" if parts.port else "")
    host = parts.netloc.rpartition("@")[2]
    url = parts._replace(netloc=netloc).geturl()
    extensions = {"sni_hostname": parts.hostname} if parts.scheme.lower() == "https" else {}
    return url, {"Host": host}, extensions


def payload(fmt: str, notice: Notice, language: str) -> dict[str, Any]:
    """The body ``post`` sends for ``fmt``."""
    if fmt == "json":
        return to_json(notice)
    subject, _ = render(notice, language)
    line = f"{subject}\n{notice.url}" if notice.url else subject
    if fmt == "discord":
        return {"content": line}
    if fmt == "slack":
        return {"text": line}
    raise ValueError(f"unknown webhook format {fmt!r} (one of {', '.join(FORMATS)})")


async def post(url: str, fmt: str, notice: Notice, language: str, deadline: float = 10.0,
               private_ok: bool = False, key: str | None = None,
               resolving: anyio.CapacityLimiter | None = None) -> None:
    """POST ``notice`` to ``url`` in ``fmt``; DeliveryError on a bad URL or format, a private address
    (unless ``private_ok``: development and tests), a network error, a non-2xx, or no complete
    answer within ``deadline`` seconds.

    The deadline covers everything (resolving the name, connecting, sending, the status line and
    headers): httpx's own timeouts count per read, and a receiver that trickles its answer a byte
    at a time never meets them. The answer's body is not read. ``key`` goes out as the
    ``Idempotency-Key`` header, so that a receiver can tell a delivery made twice (a worker that
    lost its lease); ``resolving`` bounds the threads the name lookups take."""
    headers = {"User-Agent": USER_AGENT}
    if key is not None:
        headers["Idempotency-Key"] = key
    extensions: dict[str, Any] = {}
    try:
        with anyio.fail_after(deadline):
            try:
                body = payload(fmt, notice, language)
                url = check_url(url)
                if not private_ok:
                    parts = urlsplit(url)
                    addresses = await to_thread.run_sync(public_addresses, parts.hostname or "",
                                                         limiter=resolving, abandon_on_cancel=True)
                    url, host, extensions = _pinned(parts, addresses[0])
                    headers.update(host)
            except ValueError as exc:
                raise DeliveryError(str(exc)) from exc
            try:
                # trust_env=False: no proxy, netrc or certificate settings picked up from the environment.
                async with httpx.AsyncClient(timeout=deadline, follow_redirects=False, trust_env=False) as client, \
                        client.stream("POST", url, json=body, headers=headers, extensions=extensions) as response:
                    status = response.status_code
            except (httpx.HTTPError, httpx.InvalidURL, ValueError, OSError) as exc:
                raise DeliveryError(f"webhook POST failed: {type(exc).__name__}: {exc}") from exc
    except TimeoutError:
        raise DeliveryError(f"the webhook did not answer within {deadline:g} s") from None
    if not 200 <= status < 300:
        raise DeliveryError(f"webhook answered HTTP {status}")
