"""Which addresses a webhook may reach: global unicast only. An IPv6 address that carries an IPv4
address (NAT64, IPv4-mapped, IPv4-translated, IPv4-compatible, 6to4, Teredo) is judged by the IPv4
address it leads to. The table is classified through the name check of every delivery and of the
settings (``public_addresses``), with a resolver that answers from the table: nothing is
connected to, nothing is looked up."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from server.notify import webhook

PUBLIC = "public"
REFUSED = "refused"

ADDRESSES: list[tuple[str, str, str]] = [
    # (address, verdict, why)
    ("93.184.215.14", PUBLIC, "global unicast IPv4"),
    ("8.8.8.8", PUBLIC, "global unicast IPv4"),
    ("1.1.1.1", PUBLIC, "global unicast IPv4"),
    ("2606:4700:4700::1111", PUBLIC, "global unicast IPv6"),
    ("2001:4860:4860::8888", PUBLIC, "global unicast IPv6"),
    ("2a00:1450:4001:81c::200e", PUBLIC, "global unicast IPv6"),
    ("127.0.0.1", REFUSED, "loopback"),
    ("127.255.255.254", REFUSED, "loopback"),
    ("0.0.0.0", REFUSED, "this network"),
    ("10.1.2.3", REFUSED, "private"),
    ("172.16.0.1", REFUSED, "private"),
    ("192.168.1.1", REFUSED, "private"),
    ("100.64.0.1", REFUSED, "shared address space (carrier-grade NAT)"),
    ("169.254.169.254", REFUSED, "link-local (cloud metadata)"),
    ("192.0.0.1", REFUSED, "IETF protocol assignments 192.0.0.0/24"),
    ("192.0.0.8", REFUSED, "IETF protocol assignments 192.0.0.0/24"),
    ("192.0.0.9", REFUSED, "IETF protocol assignments 192.0.0.0/24"),
    ("192.0.0.171", REFUSED, "IETF protocol assignments 192.0.0.0/24"),
    ("192.0.2.1", REFUSED, "documentation"),
    ("198.18.0.1", REFUSED, "benchmarking"),
    ("198.51.100.7", REFUSED, "documentation"),
    ("203.0.113.9", REFUSED, "documentation"),
    ("192.88.99.1", REFUSED, "6to4 relay anycast (deprecated)"),
    ("224.0.0.1", REFUSED, "multicast"),
    ("232.1.2.3", REFUSED, "multicast (source-specific)"),
    ("239.255.255.250", REFUSED, "multicast (SSDP)"),
    ("240.0.0.1", REFUSED, "reserved"),
    ("255.255.255.255", REFUSED, "broadcast"),
    ("::1", REFUSED, "IPv6 loopback"),
    ("::", REFUSED, "IPv6 unspecified"),
    ("fe80::1", REFUSED, "IPv6 link-local"),
    ("fe80::1%1", REFUSED, "IPv6 link-local with a zone"),
    ("fec0::1", REFUSED, "IPv6 site-local (deprecated)"),
    ("fc00::1", REFUSED, "IPv6 unique local"),
    ("fd12:3456:789a::1", REFUSED, "IPv6 unique local"),
    ("ff02::1", REFUSED, "IPv6 multicast, link scope"),
    ("ff05::2", REFUSED, "IPv6 multicast, site scope"),
    ("ff0e::1", REFUSED, "IPv6 multicast, global scope"),
    ("2001:db8::1", REFUSED, "IPv6 documentation"),
    ("3fff::1", REFUSED, "IPv6 documentation (RFC 9637)"),
    ("100::1", REFUSED, "IPv6 discard-only"),
    ("5f00::1", REFUSED, "SRv6 SIDs: not global unicast"),
    ("4000::1", REFUSED, "outside 2000::/3: not global unicast"),
    # NAT64 (RFC 6052): the IPv4 address in the last 32 bits
    ("64:ff9b::7f00:1", REFUSED, "NAT64 of 127.0.0.1"),
    ("64:ff9b::a00:1", REFUSED, "NAT64 of 10.0.0.1"),
    ("64:ff9b::a9fe:a9fe", REFUSED, "NAT64 of 169.254.169.254"),
    ("64:ff9b::192.168.0.1", REFUSED, "NAT64 of 192.168.0.1, dotted"),
    ("64:ff9b::808:808", PUBLIC, "NAT64 of 8.8.8.8"),
    ("64:ff9b:1::a00:1", REFUSED, "local-use NAT64 prefix (RFC 8215)"),
    # IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96)
    ("::ffff:127.0.0.1", REFUSED, "IPv4-mapped 127.0.0.1"),
    ("::ffff:10.0.0.1", REFUSED, "IPv4-mapped 10.0.0.1"),
    ("::ffff:169.254.169.254", REFUSED, "IPv4-mapped link-local"),
    ("::ffff:192.0.0.8", REFUSED, "IPv4-mapped 192.0.0.0/24"),
    ("::ffff:224.0.0.1", REFUSED, "IPv4-mapped multicast"),
    ("::ffff:8.8.8.8", PUBLIC, "IPv4-mapped 8.8.8.8"),
    ("::ffff:0:127.0.0.1", REFUSED, "IPv4-translated 127.0.0.1"),
    ("::ffff:0:a00:1", REFUSED, "IPv4-translated 10.0.0.1"),
    ("::ffff:0:808:808", PUBLIC, "IPv4-translated 8.8.8.8"),
    # IPv4-compatible (::a.b.c.d, deprecated)
    ("::127.0.0.1", REFUSED, "IPv4-compatible 127.0.0.1"),
    ("::10.0.0.1", REFUSED, "IPv4-compatible 10.0.0.1"),
    ("::169.254.169.254", REFUSED, "IPv4-compatible link-local"),
    ("::8.8.8.8", PUBLIC, "IPv4-compatible 8.8.8.8"),
    # 6to4 (2002::/16): the IPv4 address in bits 16-47
    ("2002:7f00:1::1", REFUSED, "6to4 of 127.0.0.1"),
    ("2002:a00:1::", REFUSED, "6to4 of 10.0.0.1"),
    ("2002:c0a8:101::1", REFUSED, "6to4 of 192.168.1.1"),
    ("2002:a9fe:a9fe::1", REFUSED, "6to4 of 169.254.169.254"),
    ("2002:808:808::1", PUBLIC, "6to4 of 8.8.8.8"),
    # Teredo (2001::/32): the server's address, and the client's, inverted, in the last 32 bits
    ("2001:0:7f00:1:0:0:f5ff:fffe", REFUSED, "Teredo, server 127.0.0.1, client 10.0.0.1"),
    ("2001:0:808:808:0:0:80ff:fffe", REFUSED, "Teredo, server 8.8.8.8, client 127.0.0.1"),
    ("2001:0:808:808:0:0:f5ff:fffe", REFUSED, "Teredo, server 8.8.8.8, client 10.0.0.1"),
    ("2001:0:808:808:0:0:fefe:fefe", PUBLIC, "Teredo, server 8.8.8.8, client 1.1.1.1"),
]


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    """``host-N.test`` resolves to the N-th address of the table; nothing else resolves."""

    def getaddrinfo(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        if host.startswith("host-") and host.endswith(".test"):
            address = ADDRESSES[int(host[5:-5])][0]
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (address, 0))]
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def _rows(verdict: str) -> list[Any]:
    return [pytest.param(n, id=f"{a} {why}") for n, (a, v, why) in enumerate(ADDRESSES) if v == verdict]


@pytest.mark.parametrize("n", _rows(PUBLIC))
def test_a_public_address_is_reached(n: int, resolver: None) -> None:
    address, _, why = ADDRESSES[n]
    assert webhook.public_addresses(f"host-{n}.test") == [address], why


@pytest.mark.parametrize("n", _rows(REFUSED))
def test_an_address_that_is_not_global_unicast_is_refused(n: int, resolver: None) -> None:
    with pytest.raises(ValueError, match="public address"):
        webhook.public_addresses(f"host-{n}.test")


def test_the_table_holds_both_verdicts_for_every_transition_form() -> None:
    """Each way of carrying an IPv4 address in IPv6 is in the table with a public and a refused one,
    so a filter that refused (or passed) every address of a form would fail a row."""
    forms = ["NAT64", "IPv4-mapped", "IPv4-translated", "IPv4-compatible", "6to4", "Teredo"]
    for form in forms:
        verdicts = {verdict for _, verdict, why in ADDRESSES if why.startswith(form)}
        assert verdicts == {PUBLIC, REFUSED}, form
