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
from mechanisms.prmpt.codecs import TwoWayCodec
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt

if TYPE_CHECKING:
    from mechanisms.prmpt.names import NameLists, RequestNames

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


class IpCodec(TwoWayCodec):
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


@lru_cache(maxsize=1)
def offline_tld_extractor() -> tldextract.TLDExtract:
    """tldextract on its bundled public-suffix snapshot: no cache directory, never the network."""
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, fallback_to_snapshot=True)


class EmailCodec:
    """Email addresses. The local part gets a realistic stand-in made of names, so models copy it
    as well as the original; the domain is encrypted per character class as before.

    Local part, word by word (letter runs; punctuation kept):

    * a listed name goes through the PERSON codec's class permutation (so "john.smith" becomes the
      stand-ins of "John" and "Smith", in every request);
    * an initial or a listed name run together with a listed name ("jsmith", "danielpark") is
      encrypted part by part (initials by the PERSON codec's letter permutation, as in "J. Smith"),
      when the result decrypts back with the key alone (checked at encryption);
    * a name part of the request that is not listed ("oluwaseun") uses that part's stand-in, and
      any other word of 3+ letters a plain last name drawn by the request's keyed PRF
      (``RequestNames.draw``): not invertible with the key alone, the mapping restores them;
    * other words of 1-2 letters (kept off the name lists) and digit runs per character class.

    Domain: the public suffix kept (tldextract's bundled snapshot); a domain in ``keep_domains``
    (public providers) kept; any other domain encrypted per character class, cycle-walked off
    that list and to the same suffix (invertible with the key alone). Two emails of one request
    never get the same stand-in.
    """

    entity_type = "EMAIL_ADDRESS"

    def __init__(self, keep_domains: list[str] | tuple[str, ...] = (), version: str = "v1") -> None:
        self.keep = frozenset(d.lower() for d in keep_domains)
        self.version = version

    def encrypt(self, value: str, keys: UserKeys) -> str:
        from mechanisms.prmpt.names import RequestNames

        return self.encrypt_in(value, RequestNames(keys, self.version))

    def encrypt_in(self, value: str, names: RequestNames) -> str:
        """The stand-in of ``value`` inside a request (its name parts, its other emails)."""
        local, at, domain = value.rpartition("@")
        if not at or not local or not domain:
            raise DomainError("not an email address")
        local_out = _words(local, lambda w: _word_stand_in(w, names))
        out = f"{local_out}@{self._domain(domain, names.keys, decrypt=False)}"
        return _unique(out, value, names.emails)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        """Key-alone inverse (see the class docstring for the words it cannot restore)."""
        local, at, domain = value.rpartition("@")
        if not at or not local or not domain:
            raise DomainError("not an email address")
        local_out = _words(local, lambda w: _word_decrypt(w, keys, self.version))
        return f"{local_out}@{self._domain(domain, keys, decrypt=True)}"

    def _domain(self, domain: str, keys: UserKeys, decrypt: bool) -> str:
        if domain.lower() in self.keep:
            return domain
        suffix = offline_tld_extractor()(domain).suffix
        head = domain[: len(domain) - len(suffix) - 1] if suffix and domain.endswith("." + suffix) else domain
        tail = domain[len(head):]
        if not head.strip(".") or (suffix and domain.lower() == suffix.lower()):
            raise DomainError("email domain is a bare public suffix")
        keep, extract = self.keep, offline_tld_extractor()

        def not_kept(candidate_head: str) -> bool:
            # same public suffix and not a kept provider: decryption then splits it the same way
            full = candidate_head + tail
            return full.lower() not in keep and extract(full).suffix == suffix

        return transform_classed(keys, f"{self.entity_type}|domain", head, decrypt=decrypt,
                                 accept=not_kept) + tail


_RUNS = re.compile(r"([A-Za-z]+|[0-9]+)")
_LOCAL = "EMAIL_ADDRESS|local"


def _words(text: str, transform: Callable[[str], str]) -> str:
    """Apply ``transform`` to every letter run and digit run of ``text``; punctuation is kept."""
    return "".join(transform(p) if p and _RUNS.fullmatch(p) else p for p in _RUNS.split(text))


def _short(word: str, keys: UserKeys, decrypt: bool, version: str) -> str:
    """Digits, or 1-2 letters that are not a listed name: per character class, kept off the lists."""
    from mechanisms.prmpt.names import load_name_lists

    if word.isdigit():
        return transform_classed(keys, _LOCAL, word, decrypt=decrypt)
    lists = load_name_lists(version)
    return transform_classed(keys, _LOCAL, word, decrypt=decrypt, accept=lambda w: not lists.is_listed(w))


def _stateless_stand_in(word: str, keys: UserKeys, version: str) -> str | None:
    """The key-alone stand-in of a listed name, or of an initial / listed name run together with a
    listed name; None for other words."""
    from mechanisms.prmpt.names import RequestNames, cased, listed_crypt, load_name_lists

    lists = load_name_lists(version)
    key = lists.class_of(word)
    if key is not None:
        return cased(word, listed_crypt(keys, lists, key, word, False))
    split = _segment(word.lower(), lists)
    if split is None:
        return None
    a, b = split
    names = RequestNames(keys, version)
    head = names.initial(a) if len(a) == 1 else listed_crypt(keys, lists, lists.class_of(a), a, False)  # type: ignore[arg-type]
    tail = listed_crypt(keys, lists, lists.class_of(b), b, False)  # type: ignore[arg-type]
    out = cased(word, head.lower() + tail.lower())
    # only when the key alone brings it back (the split of the stand-in may differ): else None
    return out if _word_decrypt(out, keys, version) == word else None


def _word_stand_in(word: str, names: RequestNames) -> str:
    from mechanisms.prmpt.names import cased

    low = word.lower()
    if word.isdigit() or (len(word) <= 2 and not names.lists.is_listed(word)):
        return _short(word, names.keys, False, names.version)
    fixed = _stateless_stand_in(word, names.keys, names.version)
    if fixed is not None:
        return fixed
    if low in names.roles:
        return cased(word, names.draw(low, names.roles[low]))
    for i in range(1, len(low) - 2):  # "oadeyemi": an initial or a name, then a name of the request
        a, b = low[:i], low[i:]
        if b in names.roles and (len(a) == 1 or names.lists.is_listed(a) or a in names.roles):
            if len(a) == 1:  # the initial of the stand-in of that person's first name
                first = next((f for f, last in names.full_names if last == b and f.startswith(a)), None)
                head = names.part(first, "first")[0].lower() if first else names.initial(a)
            else:
                head = names.part(a, names.roles.get(a, "first")).lower()
            return cased(word, head + names.draw(b, names.roles[b]).lower())
    return cased(word, names.draw(low, "last"))


def _segment(low: str, lists: NameLists) -> tuple[str, str] | None:
    """An initial or a listed name followed by a listed name ("jsmith", "danielpark"): the split
    with the longest listed second part (a deterministic function of the word)."""
    for i in range(1, len(low) - 2):
        a, b = low[:i], low[i:]
        if (len(a) == 1 or lists.is_listed(a)) and lists.is_listed(b):
            return a, b
    return None


def _word_decrypt(word: str, keys: UserKeys, version: str) -> str:
    from mechanisms.prmpt.names import RequestNames, cased, listed_crypt, load_name_lists

    lists = load_name_lists(version)
    if word.isdigit() or (len(word) <= 2 and not lists.is_listed(word)):
        return _short(word, keys, True, version)
    key = lists.class_of(word)
    if key is not None:
        return cased(word, listed_crypt(keys, lists, key, word, True))
    split = _segment(word.lower(), lists)
    if split is None:
        return word
    a, b = split
    names = RequestNames(keys, version)
    head = names.initial(a, decrypt=True) if len(a) == 1 else listed_crypt(
        keys, lists, lists.class_of(a), a, True)  # type: ignore[arg-type]
    return cased(word, head.lower() + listed_crypt(keys, lists, lists.class_of(b), b, True).lower())  # type: ignore[arg-type]


def _unique(stand_in: str, original: str, used: dict[str, str]) -> str:
    """Two different emails of one request never share a stand-in: a digit is added to the local part."""
    out, n = stand_in, 1
    while used.get(out.lower(), original) != original:
        n += 1
        local, _, domain = stand_in.rpartition("@")
        out = f"{local}{n}@{domain}"
    used[out.lower()] = original
    return out
