"""Category I codecs for network identifiers: IP addresses (v4, v6) and email addresses."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import tldextract

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt

if TYPE_CHECKING:
    from mechanisms.prmpt.names import RequestNames

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

# Blocks whose prefix is kept (a private address stays private); only the host bits are encrypted.
_KEPT_PREFIXES: dict[int, tuple[IPNetwork, ...]] = {
    4: tuple(ipaddress.ip_network(n) for n in (
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16",
        "127.0.0.0/8", "0.0.0.0/8", "224.0.0.0/4", "240.0.0.0/4")),
    6: tuple(ipaddress.ip_network(n) for n in (
        "fe80::/10", "fc00::/7", "2001:db8::/32", "::ffff:0:0/96", "ff00::/8", "::/96")),
}
_UNCHANGED = {ipaddress.ip_address(a) for a in ("0.0.0.0", "127.0.0.1", "255.255.255.255", "::", "::1")}


def _block_of(addr: IPAddress) -> IPNetwork | None:
    for net in _KEPT_PREFIXES[addr.version]:
        if addr in net:
            return net
    return None


class IpCodec:
    """IP addresses: v4 stays v4 (dotted quad), v6 stays v6 (compressed form, hex case kept).

    Loopback/unspecified/broadcast are not personal and stay as they are. Addresses in special
    blocks (private, CGNAT, link-local, documentation, multicast, ...) keep the block prefix and get
    their host bits encrypted; all other addresses are permuted among themselves (cycle-walking over
    the whole address space, skipping the special blocks), so a public address stays public.
    """

    entity_type = "IP_ADDRESS"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        try:
            addr = ipaddress.ip_address(value.strip())
        except ValueError:
            raise DomainError("not an IP address") from None
        if addr in _UNCHANGED:
            return value
        bits = 32 if addr.version == 4 else 128
        make = ipaddress.IPv4Address if addr.version == 4 else ipaddress.IPv6Address
        step = walk_decrypt if decrypt else walk_encrypt
        block = _block_of(addr)
        if block is not None:
            host_bits = bits - block.prefixlen
            base = int(block.network_address)
            perm = permutation(keys, f"{self.entity_type}|{block}", 1 << host_bits)

            def in_block(host: int) -> bool:  # never land on an address that is left unchanged
                return make(base + host) not in _UNCHANGED

            out_int = base + step(perm, int(addr) - base, in_block)
        else:
            perm = permutation(keys, f"{self.entity_type}|v{addr.version}", 1 << bits)

            def public(v: int) -> bool:
                candidate = make(v)
                return _block_of(candidate) is None and candidate not in _UNCHANGED

            out_int = step(perm, int(addr), public)
        out = str(make(out_int))
        if addr.version == 6 and any(ch.isupper() for ch in value):
            out = out.upper()
        return out

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, False)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, True)


@lru_cache(maxsize=1)
def offline_tld_extractor() -> tldextract.TLDExtract:
    """tldextract on its bundled public-suffix snapshot: no cache directory, never the network."""
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, fallback_to_snapshot=True)


class EmailCodec:
    """Email addresses with realistic stand-ins: every word of the local part and of the domain
    becomes a name from the public lists, so models copy the stand-in as well as the original.

    * A word that is a listed name goes through the PERSON codec's class permutation (so
      "john.smith" becomes the stand-ins of "John" and "Smith", whatever the request).
    * A word that is a name part of the request, or two of them run together ("jsmith",
      "danielpark"), uses those parts' stand-ins (an initial: the initial of the first name's).
    * Any other word of 3+ letters gets a plain last name drawn by the keyed PRF of the request
      (``RequestNames.draw``): not invertible with the key alone; the mapping restores it.
    * Words of 1-2 letters and digit runs are encrypted per character (keyed permutation).

    Punctuation is kept; the domain's public suffix is kept (tldextract's bundled snapshot); a
    domain in ``keep_domains`` (public providers) is kept; any other domain stays off that list and
    keeps its suffix. Two emails of one request never get the same stand-in.
    """

    entity_type = "EMAIL_ADDRESS"

    def __init__(self, keep_domains: list[str] | tuple[str, ...] = (), version: str = "v1") -> None:
        self.keep = frozenset(d.lower() for d in keep_domains)
        self.version = version

    def encrypt(self, value: str, keys: UserKeys) -> str:
        from mechanisms.prmpt.names import RequestNames

        return self.encrypt_in(value, RequestNames(keys, self.version))

    def encrypt_in(self, value: str, names: "RequestNames") -> str:
        """The stand-in of ``value`` inside a request (its name parts, its other emails)."""
        local, at, domain = value.rpartition("@")
        if not at or not local or not domain:
            raise DomainError("not an email address")
        local_out = _words(local, lambda w: _word_stand_in(w, names, f"{self.entity_type}|local"))
        if domain.lower() in self.keep:
            out = f"{local_out}@{domain}"
        else:
            head, tail, suffix = self._head_tail(domain)
            head_out = _words(head, lambda w: _word_stand_in(w, names, f"{self.entity_type}|domain"))
            full = head_out + tail
            if full.lower() in self.keep or offline_tld_extractor()(full).suffix != suffix:
                # cannot happen with name words; a generic stand-in, never the original
                head_out = _words(head, lambda w: _classed(w, names.keys, f"{self.entity_type}|domain"))
            out = f"{local_out}@{head_out}{tail}"
        return _unique(out, value, names.emails)

    def _head_tail(self, domain: str) -> tuple[str, str, str]:
        suffix = offline_tld_extractor()(domain).suffix
        head = domain[: len(domain) - len(suffix) - 1] if suffix and domain.endswith("." + suffix) else domain
        if not head.strip(".") or (suffix and domain.lower() == suffix.lower()):
            raise DomainError("email domain is a bare public suffix")
        return head, domain[len(head):], suffix

    def decrypt(self, value: str, keys: UserKeys) -> str:
        """Key-alone inverse: listed-name words, short words and digits; other words are kept
        (a drawn stand-in is a listed name, so it decrypts to a wrong name: see docs/prmpt.md)."""
        local, at, domain = value.rpartition("@")
        if not at or not local or not domain:
            raise DomainError("not an email address")
        local_out = _words(local, lambda w: _word_decrypt(w, keys, f"{self.entity_type}|local", self.version))
        if domain.lower() in self.keep:
            return f"{local_out}@{domain}"
        head, tail, _ = self._head_tail(domain)
        head_out = _words(head, lambda w: _word_decrypt(w, keys, f"{self.entity_type}|domain", self.version))
        return f"{local_out}@{head_out}{tail}"


_RUNS = re.compile(r"([A-Za-z]+|[0-9]+)")


def _words(text: str, transform: Callable[[str], str]) -> str:
    """Apply ``transform`` to every letter run and digit run of ``text``; punctuation is kept."""
    return "".join(transform(p) if p and _RUNS.fullmatch(p) else p for p in _RUNS.split(text))


def _classed(word: str, keys: UserKeys, label: str, decrypt: bool = False) -> str:
    return transform_classed(keys, label, word, decrypt=decrypt)


def _word_stand_in(word: str, names: "RequestNames", label: str) -> str:
    from mechanisms.prmpt.names import cased, listed_crypt

    if word.isdigit() or len(word) <= 2:
        return _classed(word, names.keys, label)
    lists, low = names.lists, word.lower()
    key = lists.class_of(word)
    if key is not None:
        return cased(word, listed_crypt(names.keys, lists, key, word, False))
    if low in names.roles:
        return cased(word, names.draw(low, names.roles[low]))
    split = _segment(low, names)
    if split is not None:
        a, b = split
        if len(a) == 1:
            first = next((f for f, last in names.full_names if last == b and f.startswith(a)), None)
            head = names.part(first, "first")[0].lower() if first else _classed(a, names.keys, label)
        else:
            head = _word_stand_in(a, names, label).lower()
        return cased(word, head + _word_stand_in(b, names, label).lower())
    return cased(word, names.draw(low, "last"))


def _segment(low: str, names: "RequestNames") -> tuple[str, str] | None:
    """Two name parts run together ("jsmith", "danielpark"), preferring the request's own names."""
    best: tuple[tuple[int, int, int], tuple[str, str]] | None = None
    for i in range(1, len(low) - 2):
        a, b = low[:i], low[i:]
        a_ok = len(a) == 1 or names.lists.is_listed(a) or a in names.roles
        if not a_ok or not (names.lists.is_listed(b) or b in names.roles):
            continue
        score = ((a in names.seen_parts) + (b in names.seen_parts), len(a) > 1 or b in names.seen_parts,
                 -abs(len(a) - len(b)))
        if best is None or score > best[0]:
            best = (score, (a, b))
    return best[1] if best else None


def _word_decrypt(word: str, keys: UserKeys, label: str, version: str) -> str:
    from mechanisms.prmpt.names import cased, listed_crypt, load_name_lists

    if word.isdigit() or len(word) <= 2:
        return _classed(word, keys, label, decrypt=True)
    lists = load_name_lists(version)
    key = lists.class_of(word)
    return cased(word, listed_crypt(keys, lists, key, word, True)) if key is not None else word


def _unique(stand_in: str, original: str, used: dict[str, str]) -> str:
    """Two different emails of one request never share a stand-in: a digit is added to the local part."""
    out, n = stand_in, 1
    while used.get(out.lower(), original) != original:
        n += 1
        local, _, domain = stand_in.rpartition("@")
        out = f"{local}{n}@{domain}"
    used[out.lower()] = original
    return out
