"""Payment cards, IBANs, account and ABA routing numbers, SWIFT / BIC codes, crypto wallet addresses.

Cards and IBANs keep the codecs of ``codecs`` (network prefix and Luhn, country and mod 97).
Account numbers are hidden digit by digit (letters kept) and are found only next to a cue word.
ABA routing numbers keep their Federal Reserve district (first two digits) and their checksum.
A SWIFT / BIC code (ISO 9362: four letters of the bank, the country, two characters of the place and an optional
branch of three, "DEUTDEFF500") is found after its name ("BIC", "SWIFT", "SWIFT code", "code BIC") when its country
is one: with the IBAN or the account it names the bank that holds them, and a small bank's code narrows its
customers to a town. The country is kept, the rest encrypted letter for letter and digit for digit.
Wallets keep their checksums: base58check (version byte kept, double SHA-256 recomputed: Bitcoin, and the coins
that took its format, Litecoin "L"/"M", Dogecoin "D", Dash "X", Tron "T"; any 25-byte base58check string is taken,
its 4-byte checksum is what tells it from a word) and bech32 (human part and witness version kept, BCH checksum
recomputed: "bc1", "tb1", Litecoin "ltc1"), Ethereum EIP-55 (mixed-case Keccak checksum recomputed, or the
all-lower / all-upper case kept).
"""

from __future__ import annotations

import hashlib
import re

from mechanisms.keys import UserKeys
from mechanisms.prmpt.charclass import transform_classed
from mechanisms.prmpt.codecs import AlnumCodec, CreditCardCodec, IbanCodec, TwoWayCodec, iban_residue, put_chars
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.alphabet import BASE58, DIGITS, one_alphabet, transform_alphabet
from mechanisms.prmpt.entities.base import EntityType, Found, cued, regex_finder
from mechanisms.prmpt.permutation import DomainError, permutation, walk_decrypt, walk_encrypt

# --------------------------------------------------------------------------------- ABA routing


def aba_residue(d: str) -> int:
    return (3 * (int(d[0]) + int(d[3]) + int(d[6])) + 7 * (int(d[1]) + int(d[4]) + int(d[7]))
            + int(d[2]) + int(d[5]) + int(d[8])) % 10


def aba_valid(value: str) -> bool:
    d = "".join(ch for ch in value if ch.isdigit())
    return len(d) == 9 and aba_residue(d) == 0 and int(d[:2]) in _ABA_DISTRICTS


_ABA_DISTRICTS = set(range(0, 13)) | set(range(21, 33)) | set(range(61, 73)) | {80}


class AbaRoutingCodec(TwoWayCodec):
    """Digits 3-8 encrypted, the first two (district) kept, the check digit (weight 1) set so that
    the weighted sum keeps its residue mod 10."""

    entity_type = "ABA_ROUTING_NUMBER"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        pos = [i for i, ch in enumerate(value) if ch in DIGITS]
        if len(pos) != 9:
            raise DomainError("a routing number has 9 digits")
        d = "".join(value[i] for i in pos)
        mid = transform_alphabet(keys, self.entity_type, d[2:8], one_alphabet(DIGITS), decrypt=decrypt)
        partial = d[:2] + mid + "0"
        check = (aba_residue(d) - aba_residue(partial)) % 10
        return put_chars(value, pos, partial[:8] + str(check))


# ------------------------------------------------------------------------------------ SWIFT / BIC
_SWIFT = re.compile(r"[A-Z]{4}(?P<country>[A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?")


def swift_valid(value: str) -> bool:
    import phonenumbers

    m = _SWIFT.fullmatch(value)
    return bool(m) and (m.group("country") in phonenumbers.SUPPORTED_REGIONS or m.group("country") == "XK")


class SwiftCodec(TwoWayCodec):
    """The bank's four letters and the place encrypted in their classes, the branch on its own (so that "BNPAFRPP" and
    "BNPAFRPPXXX" keep one bank); the country and the head office's branch "XXX" kept."""

    entity_type = "SWIFT_CODE"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if not swift_valid(value):
            raise DomainError("not a SWIFT / BIC code")
        bank = transform_classed(keys, f"{self.entity_type}|bank", value[:4] + value[6:8], decrypt=decrypt)
        branch = value[8:]
        if branch and branch != "XXX":
            branch = transform_classed(keys, f"{self.entity_type}|branch", branch, decrypt=decrypt,
                                       accept=lambda b: b != "XXX")
        return bank[:4] + value[4:6] + bank[4:] + branch


# ------------------------------------------------------------------------------------ wallets
def _b58decode(text: str) -> bytes:
    n = 0
    for ch in text:
        n = n * 58 + BASE58.index(ch)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return b"\x00" * (len(text) - len(text.lstrip("1"))) + raw


def _b58encode(raw: bytes) -> str:
    n = int.from_bytes(raw, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = BASE58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\x00"))) + out


def _dsha(raw: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(raw).digest()).digest()


def base58check_valid(value: str) -> bool:
    try:
        raw = _b58decode(value)
    except ValueError:
        return False
    return len(raw) == 25 and _dsha(raw[:21])[:4] == raw[21:]


_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
# the human parts of the bech32 addresses taken: Bitcoin (main and test network), Litecoin (main and test network)
_BECH32_HRP = re.compile(r"(?i:bc|tb|ltc|tltc)1")


def _polymod(values: list[int]) -> int:
    gen = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if (top >> i) & 1 else 0
    return chk


def _hrp_expand(hrp: str) -> list[int]:
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32_const(value: str) -> int | None:
    """The checksum constant of a bech32 string (1 = bech32, 0x2bc830a3 = bech32m), None if malformed."""
    low = value.lower()
    hrp, sep, data = low.rpartition("1")
    if not sep or not hrp or len(data) < 7 or any(c not in _BECH32 for c in data):
        return None
    return _polymod(_hrp_expand(hrp) + [_BECH32.index(c) for c in data])


def bech32_valid(value: str) -> bool:
    return bech32_const(value) in (1, 0x2BC830A3)


def _keccak_hex(text: str) -> str:
    from Crypto.Hash import keccak

    return keccak.new(digest_bits=256, data=text.encode()).hexdigest()


def eip55(hex40: str) -> str:
    digest = _keccak_hex(hex40.lower())
    return "".join(ch.upper() if ch.isalpha() and int(digest[i], 16) >= 8 else ch.lower()
                   for i, ch in enumerate(hex40.lower()))


def eth_case(value: str) -> str | None:
    """'lower', 'upper', 'eip55' (valid mixed case) or None (mixed case with a wrong checksum)."""
    body = value[2:]
    letters = [c for c in body if c.isalpha()]
    if all(c.islower() for c in letters):
        return "lower"
    if all(c.isupper() for c in letters):
        return "upper"
    return "eip55" if eip55(body) == body else None


def wallet_valid(value: str) -> bool:
    if value[:2].lower() == "0x":
        return len(value) == 42 and eth_case(value) is not None
    if _BECH32_HRP.match(value):
        return bech32_valid(value)
    return base58check_valid(value)


class WalletCodec(TwoWayCodec):
    """Crypto wallet addresses with their checksums recomputed (see the module docstring)."""

    entity_type = "CRYPTO_WALLET"

    def _eth(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        case = eth_case(value)
        if case is None or not re.fullmatch(r"0[xX][0-9a-fA-F]{40}", value):
            raise DomainError("not an Ethereum address")
        body = transform_alphabet(keys, f"{self.entity_type}|eth", value[2:].lower(),
                                  one_alphabet("0123456789abcdef"), decrypt=decrypt)
        body = eip55(body) if case == "eip55" else body.upper() if case == "upper" else body
        return value[:2] + body

    def _base58(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if not base58check_valid(value):
            raise DomainError("not a base58check address")
        raw = _b58decode(value)
        version, payload = raw[:1], int.from_bytes(raw[1:21], "big")
        perm = permutation(keys, f"{self.entity_type}|b58|{version.hex()}", 1 << 160)

        def encode(p: int) -> str:
            body = version + p.to_bytes(20, "big")
            return _b58encode(body + _dsha(body)[:4])

        step = walk_decrypt if decrypt else walk_encrypt  # keep the length (leading zero bytes)
        return encode(step(perm, payload, lambda p: len(encode(p)) == len(value)))

    def _bech32(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        const = bech32_const(value)
        if const not in (1, 0x2BC830A3):
            raise DomainError("not a bech32 address")
        low = value.lower()
        hrp, _, data = low.rpartition("1")
        # witness version (first symbol) and the 6 checksum symbols are not hidden
        program = transform_alphabet(keys, f"{self.entity_type}|bech32|{hrp}", data[1:-6],
                                     one_alphabet(_BECH32), decrypt=decrypt)
        values = [_BECH32.index(c) for c in data[0] + program]
        poly = _polymod(_hrp_expand(hrp) + values + [0] * 6) ^ const
        checksum = "".join(_BECH32[(poly >> 5 * (5 - i)) & 31] for i in range(6))
        out = f"{hrp}1{data[0]}{program}{checksum}"
        return out.upper() if value.isupper() else out

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if value[:2].lower() == "0x":
            return self._eth(value, keys, decrypt)
        if _BECH32_HRP.match(value):
            return self._bech32(value, keys, decrypt)
        return self._base58(value, keys, decrypt)


# ------------------------------------------------------------------------------------ finders
_ACCOUNT_CUE = (r"(?:bank\s+|checking\s+|savings\s+|customer\s+|billing\s+)?(?:account|acct|a/c)(?:\s*(?:number|num|no|nr|#))?|"
                r"num[ée]ro\s+de\s+compte|n[°º]\s+de\s+compte|compte(?:\s+bancaire)?|"
                r"n[uú]mero\s+de\s+cuenta|cuenta(?:\s+bancaria)?|kontonummer")
# "BIC", "SWIFT", "SWIFT/BIC", "SWIFT code", "BIC-Code", "code BIC" / "código BIC" (the word before needs no cue)
_SWIFT_CUE = r"(?:swift|bic)(?:[ \t]*/[ \t]*(?:swift|bic))?(?:[ \t-]*code)?"
_ROUTING_CUE = r"routing(?:\s+(?:number|no|#|transit\s+number))?|aba(?:\s+(?:number|no|#|routing))?|rtn"
_WALLET = (r"(?<![\w])(?P<v>0x[0-9a-fA-F]{40}|(?:bc1|tb1|ltc1|tltc1)[02-9ac-hj-np-z]{11,71}|"
           r"(?:BC1|TB1|LTC1|TLTC1)[02-9AC-HJ-NP-Z]{11,71}|[1-9A-HJ-NP-Za-km-z]{26,35})(?![\w])")

# An IBAN in any case, as a text written in lower case holds one ("using this iban gb54swcy37884828884469"; Presidio's
# recognizer reads capitals only): two letters, two check digits, the BBAN in groups or not; kept only when its mod-97
# check holds, so no word or code of that shape is taken
_ANY_CASE_IBAN = re.compile(r"(?<![\w-])(?P<v>[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,3})?)(?![\w-])")


def find_ibans(text: str, lang: str) -> list[Found]:
    out = []
    for m in _ANY_CASE_IBAN.finditer(text):
        compact = m.group("v").replace(" ", "")
        if 15 <= len(compact) <= 34 and iban_residue(compact) == 1:
            out.append(Found("IBAN_CODE", m.start("v"), m.end("v"), 0.9))
    return out


TYPES = (
    EntityType(
        "CREDIT_CARD", EntityPolicy(category="fpe", threshold=0.4), tier=0,
        finders=(lambda config: _card_finder(), lambda config: _cued_card_finder()), codec=lambda config: CreditCardCodec(),
        family="finance", description="payment card, 12-19 digits, Luhn-checked (or in groups after a card's name)",
        examples=("4111 1111 1111 1111",),
    ),
    EntityType(
        "IBAN_CODE", EntityPolicy(category="fpe", threshold=0.4), tier=0, presidio=("IbanRecognizer",),
        finders=(lambda config: find_ibans,), codec=lambda config: IbanCodec(), family="finance", description="IBAN (mod 97 recomputed)",
        examples=("DE89 3704 0044 0532 0130 00",),
    ),
    EntityType(
        "ACCOUNT_NUMBER", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(regex_finder("ACCOUNT_NUMBER", [
            (rf"{cued(_ACCOUNT_CUE)}(?P<v>(?=[\dA-Z-]*\d{{4}})"
             rf"[A-Z]{{0,4}}\d[\d -]{{4,18}}\d)(?![\w-])", 0.8)]),),
        codec=lambda config: AlnumCodec("ACCOUNT_NUMBER", "d"), family="finance",
        description="bank or customer account number after its cue word", examples=("account no. 000123456789",),
    ),
    EntityType(
        "ABA_ROUTING_NUMBER", EntityPolicy(category="fpe", threshold=0.5), tier=0,
        finders=(regex_finder("ABA_ROUTING_NUMBER", [
            (rf"{cued(_ROUTING_CUE)}(?P<v>\d{{9}})(?![\w-])", 0.85)],
            validate=aba_valid),),
        codec=lambda config: AbaRoutingCodec(), validator=aba_valid, family="finance",
        description="ABA routing number (district and checksum kept)", examples=("routing 021000021",),
    ),
    EntityType(
        "SWIFT_CODE", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(regex_finder("SWIFT_CODE", [(rf"{cued(_SWIFT_CUE)}(?P<v>(?-i:[A-Z0-9]{{8}}(?:[A-Z0-9]{{3}})?))(?![\w-])", 0.8)],
                              validate=swift_valid),),
        codec=lambda config: SwiftCodec(), validator=swift_valid, family="finance",
        description="SWIFT / BIC code after its name (country kept)", examples=("BIC DEUTDEFF500",),
    ),
    EntityType(
        "CRYPTO_WALLET", EntityPolicy(category="fpe", threshold=0.5), tier=0,
        finders=(regex_finder("CRYPTO_WALLET", [(_WALLET, 0.8)], validate=wallet_valid, flags=0),),
        codec=lambda config: WalletCodec(), validator=wallet_valid, stateless=re.compile(_WALLET),
        family="finance", description="crypto wallet addresses: base58check (Bitcoin, Litecoin, Dogecoin, Dash, Tron), bech32 and Ethereum (EIP-55)",
        examples=("0x52908400098527886E0F7030069857D2E4169EE7",),
    ),
)


def _card_finder():  # noqa: ANN202
    from mechanisms.prmpt.entities.quantities import card_finder

    return card_finder()


def _cued_card_finder():  # noqa: ANN202
    from mechanisms.prmpt.entities.quantities import cued_card_finder

    return cued_card_finder()
