"""Network and device identifiers: IP addresses, MAC addresses, device serials and IMEIs.

MAC addresses keep their vendor prefix (OUI, the first three bytes: it names a manufacturer, not a
person, and keeps the unicast/local bits), their separators and their hex case; the three device
bytes are encrypted. Serial numbers and IMEIs need a cue word; an IMEI keeps its type allocation
code (the phone model, 8 digits) and its Luhn check digit.
"""

from __future__ import annotations

import ipaddress
import re

from mechanisms.keys import UserKeys
from mechanisms.prmpt.codecs import AlnumCodec, TwoWayCodec, luhn_residue
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.alphabet import DIGITS, one_alphabet, transform_alphabet
from mechanisms.prmpt.entities.base import EntityType, Found, cued, regex_finder
from mechanisms.prmpt.permutation import DomainError

_MAC = (r"(?<![\w:.-])(?P<v>[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\2[0-9A-Fa-f]{2}){4}|"
        r"[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:-]|\.\w)")
_HEX_LOWER, _HEX_UPPER = "0123456789abcdef", "0123456789ABCDEF"


def mac_valid(value: str) -> bool:
    """Not all zeros and not the broadcast address (those are not personal)."""
    hexes = re.sub(r"[^0-9A-Fa-f]", "", value).lower()
    return len(hexes) == 12 and hexes not in ("000000000000", "ffffffffffff")


_IPV4 = re.compile(r"(?<![\w.:])(?:\d{1,3}\.){3}\d{1,3}(?![\w:]|\.\d)")
_IPV6 = re.compile(r"(?<![\w:.])(?=[0-9A-Fa-f:.]*::|(?:[0-9A-Fa-f]{1,4}:){7})"
                   r"[0-9A-Fa-f:]{2,39}(?:(?<=:)(?:\d{1,3}\.){3}\d{1,3})?(?![\w:]|\.\w)")


def find_ips(text: str, lang: str) -> list[Found]:
    """IPv4 dotted quads and IPv6 addresses, each checked with ``ipaddress``."""
    out = []
    for pattern, score in ((_IPV4, 0.7), (_IPV6, 0.7)):
        for m in pattern.finditer(text):
            try:
                ipaddress.ip_address(m.group(0))
            except ValueError:
                continue
            out.append(Found("IP_ADDRESS", m.start(), m.end(), score))
    return out


class MacCodec(TwoWayCodec):
    entity_type = "MAC_ADDRESS"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if not mac_valid(value):
            raise DomainError("not a MAC address")
        letters = [c for c in value if c.isalpha()]
        upper = bool(letters) and all(c.isupper() for c in letters)
        alphabet = _HEX_UPPER if upper else _HEX_LOWER
        seen = [0]

        def of(i: int, ch: str) -> str | None:
            if ch not in alphabet and ch not in DIGITS:
                return None
            seen[0] += 1
            return alphabet if seen[0] > 6 else None

        out = transform_alphabet(keys, self.entity_type, value, of, decrypt=decrypt)
        if not mac_valid(out):  # broadcast or zero host part: astronomically rare, refuse cleanly
            raise DomainError("stand-in would not be a personal MAC address")
        return out


class SerialCodec:
    """Serials by character class; a 15-digit IMEI keeps its TAC and a Luhn check of the same offset."""

    entity_type = "DEVICE_SERIAL"

    def __init__(self) -> None:
        self._generic = AlnumCodec("DEVICE_SERIAL")

    def _imei(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        serial = transform_alphabet(keys, "DEVICE_SERIAL|imei", value[8:14], one_alphabet(DIGITS),
                                    decrypt=decrypt)
        partial = value[:8] + serial + "0"
        check = (luhn_residue(value) - luhn_residue(partial)) % 10
        return value[:8] + serial + str(check)

    def encrypt(self, value: str, keys: UserKeys) -> str:
        if re.fullmatch(r"\d{15}", value):
            return self._imei(value, keys, False)
        return self._generic.encrypt(value, keys)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        if re.fullmatch(r"\d{15}", value):
            return self._imei(value, keys, True)
        return self._generic.decrypt(value, keys)


_SERIAL_CUE = (r"serial(?:\s+(?:number|no|#))?|s/n|sn|imei|meid|device\s+id|udid|asset\s+tag|"
               r"num[ée]ro\s+de\s+s[ée]rie|n[uú]mero\s+de\s+serie")

TYPES = (
    EntityType(
        "IP_ADDRESS", EntityPolicy(category="fpe", threshold=0.4), tier=0, finders=(lambda config: find_ips,),
        codec=lambda config: _ip_codec(),
        stateless=re.compile(r"(?<![\w.:])(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})"
                             r"(?![\w.:])"),
        family="devices", description="IPv4 / IPv6 address (special blocks keep their prefix)",
        examples=("203.0.113.7",),
    ),
    EntityType(
        "MAC_ADDRESS", EntityPolicy(category="fpe", threshold=0.5), tier=0,
        finders=(regex_finder("MAC_ADDRESS", [(_MAC, 0.8)], validate=mac_valid, flags=0),),
        codec=lambda config: MacCodec(), validator=mac_valid, stateless=re.compile(_MAC),
        family="devices", description="MAC address (vendor prefix kept)", examples=("3c:22:fb:9a:10:4e",),
    ),
    EntityType(
        "DEVICE_SERIAL", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(regex_finder("DEVICE_SERIAL", [
            (rf"{cued(_SERIAL_CUE)}"
             rf"(?P<v>(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{{4,22}}[A-Z0-9])(?![\w-])", 0.8)]),),
        codec=lambda config: SerialCodec(), family="devices",
        description="device serial number or IMEI after its cue word", examples=("S/N C02XK0JHJG5J",),
    ),
)


def _ip_codec():  # noqa: ANN202
    from mechanisms.prmpt.netcodecs import IpCodec

    return IpCodec()
