"""Synthetic values for the Prmpt evaluation, valid where the real ones carry check digits.

Two families per type: ``tuned`` shapes (the ones the recognizers were written against) and
``held_out`` shapes (other separators, case, prefixes and locales, written before any tuning and not
used to tune). Every generator takes a ``random.Random`` so a seed fixes the whole corpus.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import zlib
from collections.abc import Callable

from faker import Faker

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _alnum(rng: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def ssn(rng: random.Random) -> str:
    while True:
        area, group, serial = rng.randint(1, 899), rng.randint(1, 99), rng.randint(1, 9999)
        if area != 666:
            return f"{area:03d}-{group:02d}-{serial:04d}"


def ssn_any_area(rng: random.Random) -> str:
    return f"{rng.randint(1, 999):03d}{rng.randint(0, 99):02d}{rng.randint(0, 9999):04d}"


def itin(rng: random.Random) -> str:
    group = rng.choice(list(range(70, 89)) + list(range(50, 66)))
    return f"9{rng.randint(0, 99):02d}-{group:02d}-{rng.randint(0, 9999):04d}"


def nhs(rng: random.Random) -> str:
    while True:
        body = _digits(rng, 9)
        check = 11 - sum(int(d) * (10 - i) for i, d in enumerate(body)) % 11
        if check != 10:
            d = body + str(check % 11)
            return f"{d[:3]} {d[3:6]} {d[6:]}"


def nino(rng: random.Random) -> str:
    first = rng.choice("ABCEGHJKLMNOPRSTWXYZ")
    second = rng.choice("ABCEGHJKLMNPRSTWXYZ")
    if first + second in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
        second = "A"
    d = _digits(rng, 6)
    return f"{first}{second} {d[:2]} {d[2:4]} {d[4:]} {rng.choice('ABCD')}"


def dni(rng: random.Random) -> str:
    n = rng.randint(10_000_000, 99_999_999)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nie(rng: random.Random) -> str:
    prefix = rng.choice("XYZ")
    n = rng.randint(0, 9_999_999)
    value = int("XYZ".index(prefix).__str__() + f"{n:07d}")
    return f"{prefix}{n:07d}{'TRWAGMYFPDXBNJZSQVHLCKE'[value % 23]}"


def nir(rng: random.Random, spaced: bool = True) -> str:
    dept = rng.choice([f"{rng.randint(1, 95):02d}", "2A", "2B"])
    body = f"{rng.randint(1, 2)}{rng.randint(40, 99):02d}{rng.randint(1, 12):02d}{dept}{_digits(rng, 3)}{_digits(rng, 3)}"
    key = 97 - int(body.replace("2A", "19").replace("2B", "18")) % 97
    v = body + f"{key:02d}"
    return f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}" if spaced else v


_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20,
                    11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]))


def codice_fiscale(rng: random.Random) -> str:
    body = (_alnum(rng, 6, string.ascii_uppercase) + _digits(rng, 2) + rng.choice("ABCDEHLMPRST")
            + f"{rng.choice([rng.randint(1, 28), rng.randint(41, 68)]):02d}" + rng.choice(string.ascii_uppercase)
            + _digits(rng, 3))
    total = sum(_CF_ODD[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65) for i, c in enumerate(body))
    return body + chr(65 + total % 26)


def de_tax_id(rng: random.Random, spaced: bool = True) -> str:
    while True:
        digits = list(string.digits)
        rng.shuffle(digits)
        body = digits[:9]
        body.insert(rng.randint(0, 9), rng.choice(body))
        text = "".join(body)
        if text[0] == "0":
            continue
        product = 10
        for ch in text:
            total = (int(ch) + product) % 10 or 10
            product = total * 2 % 11
        v = text + str((11 - product) % 10)
        return f"{v[:2]} {v[2:5]} {v[5:8]} {v[8:]}" if spaced else v


_VIN_VALUE = dict(zip("ABCDEFGHJKLMNPRSTUVWXYZ", [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9]))


def vin(rng: random.Random) -> str:
    letters = "ABCDEFGHJKLMNPRSTUVWXYZ"
    wmi = rng.choice(["1HG", "1FT", "2T1", "3VW", "JHM", "WBA", "WVW", "5YJ", "1G1", "KMH"])
    vds = "".join(rng.choice(letters + string.digits) for _ in range(5))
    vis = rng.choice("ABCDEFGHJKLMNPRSTVWXY123456789") + rng.choice(letters) + _digits(rng, 6)
    raw = wmi + vds + "0" + vis
    weights = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)
    check = sum((int(c) if c.isdigit() else _VIN_VALUE[c]) * w for c, w in zip(raw, weights)) % 11
    return raw[:8] + "0123456789X"[check] + raw[9:]


def aba(rng: random.Random) -> str:
    while True:
        d = f"{rng.choice([rng.randint(1, 12), rng.randint(21, 32)]):02d}" + _digits(rng, 6)
        total = 3 * (int(d[0]) + int(d[3]) + int(d[6])) + 7 * (int(d[1]) + int(d[4]) + int(d[7])) + int(d[2]) + int(d[5])
        return d + str((10 - total % 10) % 10)


def mac(rng: random.Random, style: str = "colon") -> str:
    octets = [rng.randint(0, 255) for _ in range(6)]
    octets[0] &= 0xFC
    if style == "colon":
        return ":".join(f"{o:02x}" for o in octets)
    if style == "dash":
        return "-".join(f"{o:02X}" for o in octets)
    h = "".join(f"{o:02x}" for o in octets)
    return f"{h[:4]}.{h[4:8]}.{h[8:]}"


def imei(rng: random.Random) -> str:
    body = rng.choice(["35693803", "35332008", "86891203", "01326300"]) + _digits(rng, 6)
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return body + str((10 - total % 10) % 10)


def _keccak(text: str) -> str:
    from Crypto.Hash import keccak

    return keccak.new(digest_bits=256, data=text.encode()).hexdigest()


def eth_address(rng: random.Random, checksummed: bool = True) -> str:
    body = "".join(rng.choice("0123456789abcdef") for _ in range(40))
    if not checksummed:
        return "0x" + body
    digest = _keccak(body)
    return "0x" + "".join(c.upper() if c.isalpha() and int(digest[i], 16) >= 8 else c for i, c in enumerate(body))


def btc_address(rng: random.Random, versions: tuple[int, ...] = (0, 5)) -> str:
    """A base58check address; other versions give the coins that took Bitcoin's format (Litecoin 0x30 "L" and 0x32
    "M", Dogecoin 0x1e "D", Dash 0x4c "X", Tron 0x41 "T")."""
    payload = bytes([rng.choice(versions)]) + bytes(rng.randint(0, 255) for _ in range(20))
    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n = int.from_bytes(raw, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\x00"))) + out


def bech32_address(rng: random.Random, hrp: str = "bc") -> str:
    charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    data = [0] + [rng.randint(0, 31) for _ in range(32)]
    gen = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)

    def polymod(values: list[int]) -> int:
        chk = 1
        for v in values:
            top = chk >> 25
            chk = (chk & 0x1FFFFFF) << 5 ^ v
            for i in range(5):
                chk ^= gen[i] if (top >> i) & 1 else 0
        return chk

    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    poly = polymod(expanded + data + [0] * 6) ^ 1
    return hrp + "1" + "".join(charset[d] for d in data) + "".join(charset[(poly >> 5 * (5 - i)) & 31]
                                                                  for i in range(6))


def github_token(rng: random.Random) -> str:
    body = _alnum(rng, 30)
    n = zlib.crc32(body.encode())
    check = ""
    for _ in range(6):
        n, r = divmod(n, 62)
        check = _B62[r] + check
    return rng.choice(["ghp_", "gho_", "ghs_"]) + body + check


def jwt(rng: random.Random, fake: Faker) -> str:
    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).decode().rstrip("=")

    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64(json.dumps({"sub": str(rng.randint(10**6, 10**9)), "email": fake.email(),
                              "iat": rng.randint(1_600_000_000, 1_800_000_000)}).encode())
    return f"{header}.{payload}.{b64(bytes(rng.randint(0, 255) for _ in range(32)))}"


def pem_body(rng: random.Random) -> str:
    raw = base64.b64encode(bytes(rng.randint(0, 255) for _ in range(rng.randint(180, 260)))).decode()
    return "\n".join(raw[i:i + 64] for i in range(0, len(raw), 64))


def password(rng: random.Random) -> str:
    return rng.choice([
        lambda: "".join(rng.choice(string.ascii_letters) for _ in range(6)) + str(rng.randint(10, 99)) + rng.choice("!#$%"),
        lambda: rng.choice(["Summer", "Winter", "Dragon", "Sunshine", "Monkey"]) + str(rng.randint(2000, 2030)) + "!",
        lambda: _alnum(rng, rng.randint(12, 20), string.ascii_letters + string.digits + "!@#%^*"),
    ])()


SECRET_MAKERS: dict[str, Callable[[random.Random], str]] = {
    "AWS_ACCESS_KEY": lambda r: "AKIA" + _alnum(r, 16, string.ascii_uppercase + "234567"),
    "AWS_SECRET_KEY": lambda r: _alnum(r, 40, string.ascii_letters + string.digits + "/+"),
    "GITHUB_TOKEN": github_token,
    "GITLAB_TOKEN": lambda r: "glpat-" + _alnum(r, 20, string.ascii_letters + string.digits + "-_"),
    "SLACK_TOKEN": lambda r: f"xoxb-{_digits(r, 12)}-{_digits(r, 13)}-{_alnum(r, 24)}",
    "OPENAI_API_KEY": lambda r: "sk-proj-" + _alnum(r, 20) + "T3BlbkFJ" + _alnum(r, 20),
    "ANTHROPIC_API_KEY": lambda r: "sk-ant-api03-" + _alnum(r, 93, string.ascii_letters + string.digits + "-_") + "AA",
    "STRIPE_KEY": lambda r: "sk_live_" + _alnum(r, 24),
    "GOOGLE_API_KEY": lambda r: "AIza" + _alnum(r, 35, string.ascii_letters + string.digits + "-_"),
    "API_SECRET": lambda r: "".join(r.choice("0123456789abcdef") for _ in range(40)),
}
HELD_OUT_SECRET_MAKERS: dict[str, Callable[[random.Random], str]] = {
    **SECRET_MAKERS,
    "AWS_ACCESS_KEY": lambda r: "ASIA" + _alnum(r, 16, string.ascii_uppercase + "234567"),
    "OPENAI_API_KEY": lambda r: "sk-" + _alnum(r, 48),
    "STRIPE_KEY": lambda r: r.choice(["pk_test_", "rk_live_", "sk_test_"]) + _alnum(r, 32),
    "GITLAB_TOKEN": lambda r: "glpat-" + _alnum(r, 26, string.ascii_letters + string.digits + "-_"),
    "API_SECRET": lambda r: _alnum(r, 32, string.ascii_letters + string.digits + "_-"),
}
