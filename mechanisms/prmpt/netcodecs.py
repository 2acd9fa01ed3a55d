"""Category I codecs for network identifiers: IP addresses (v4, v6) and email addresses."""

from __future__ import annotations

import ipaddress
from functools import lru_cache

import tldextract

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt

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
    """Email addresses: local part encrypted per character class (punctuation kept); the domain's
    public suffix kept; the rest of the domain encrypted unless it is a listed public provider.

    Encrypted domains are cycle-walked away from the kept list, so decryption knows which domains
    to leave alone.
    """

    entity_type = "EMAIL_ADDRESS"

    def __init__(self, keep_domains: list[str] | tuple[str, ...] = ()) -> None:
        self.keep = frozenset(d.lower() for d in keep_domains)

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        local, at, domain = value.rpartition("@")
        if not at or not local or not domain:
            raise DomainError("not an email address")
        local_out = transform_classed(keys, f"{self.entity_type}|local", local, decrypt=decrypt)
        if domain.lower() in self.keep:
            return f"{local_out}@{domain}"
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

        head_out = transform_classed(keys, f"{self.entity_type}|domain", head, decrypt=decrypt,
                                     accept=not_kept)
        return f"{local_out}@{head_out}{tail}"

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, False)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        return self._crypt(value, keys, True)
