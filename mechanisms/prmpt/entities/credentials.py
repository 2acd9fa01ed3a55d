"""Credentials: cloud and SaaS keys, tokens, private keys and passwords.

Found with detect-secrets' plugin patterns (AWS, GitHub, GitLab, Slack, Stripe, OpenAI, JWT,
private keys, URL basic auth) plus formats it lacks (Anthropic, Google API keys, OpenAI project
keys, Stripe test and publishable keys, fine-grained GitHub tokens) and, for generic secrets,
values of secret-named keys (``password=``, ``api_key:``, ``Authorization: Bearer``, a URL's
password) with a high Shannon entropy or a password-like key. People also tell a password in a sentence ("my
password is Summer2024!"), type it on a command line (``curl -u user:pass``, ``mysql -pX``, ``sshpass -p X``,
``--password X``), or give a PIN, a card's security code or a door's code after its name ("PIN 4821", "CVV 123"):
those are passwords too.

Stand-ins keep the public prefix (``AKIA``, ``ghp_``, ``xoxb-``, ``sk-proj-``, ``sk_live_``, a JWT's
header), the length and the alphabet at every position (base32 stays base32, base62 base62,
base64url base64url), and embedded checksums: a classic GitHub token's CRC32 (base62, 6 chars) is
recomputed with the offset of the original (a valid token gets a valid-looking stand-in).
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from mechanisms.keys import UserKeys
from mechanisms.prmpt.codecs import TwoWayCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.alphabet import (BASE32, BASE62, BASE64, BASE64URL, DIGITS, UPPER, AlphabetOf,
                                               classed, one_alphabet, transform_alphabet)
from mechanisms.prmpt.entities.base import EntityType, Found
from mechanisms.prmpt.permutation import DomainError


def shannon_entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(c / len(value) * math.log2(c / len(value)) for c in counts.values())


def _b62(n: int, width: int) -> str:
    out = ""
    for _ in range(width):
        n, r = divmod(n, 62)
        out = BASE62[r] + out
    return out


def _b62_int(text: str) -> int:
    n = 0
    for ch in text:
        n = n * 62 + BASE62.index(ch)
    return n


def github_checksum(body: str) -> int:
    return zlib.crc32(body.encode())


class SecretCodec(TwoWayCodec):
    """Keeps ``prefix`` (a regex matched at the start), encrypts the rest over ``alphabet_of``."""

    def __init__(self, entity_type: str, prefix: str = "", alphabet_of: AlphabetOf = classed) -> None:
        self.entity_type = entity_type
        self.prefix = re.compile(prefix) if prefix else None
        self.alphabet_of = alphabet_of

    def _split(self, value: str) -> tuple[str, str]:
        m = self.prefix.match(value) if self.prefix else None
        keep = m.end() if m else 0
        return value[:keep], value[keep:]

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        head, body = self._split(value)
        if not body:
            raise DomainError("nothing to hide after the prefix")
        return head + transform_alphabet(keys, f"{self.entity_type}|{head}", body, self.alphabet_of,
                                         decrypt=decrypt)


class GitHubTokenCodec(SecretCodec):
    """Classic tokens (``ghp_`` + 30 base62 + 6 base62 CRC32): the checksum keeps its offset."""

    def __init__(self) -> None:
        super().__init__("GITHUB_TOKEN", r"(?:gh[pousr]_|github_pat_)", one_alphabet(BASE62 + "_"))

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        head, body = self._split(value)
        if not re.fullmatch(r"gh[pousr]_", head) or not re.fullmatch(r"[A-Za-z0-9]{36}", body):
            return super()._crypt(value, keys, decrypt)
        secret, check = body[:30], body[30:]
        offset = (_b62_int(check) - github_checksum(secret)) % 62**6
        new = transform_alphabet(keys, f"{self.entity_type}|{head}", secret, one_alphabet(BASE62),
                                 decrypt=decrypt)
        return head + new + _b62((github_checksum(new) + offset) % 62**6, 6)


def _not_hex(pos: int, ch: str) -> str | None:
    return BASE64URL if ch in BASE64URL else None


# ------------------------------------------------------------------------------------ finders
@lru_cache(maxsize=1)
def _library_patterns() -> list[tuple[str, re.Pattern[str], int]]:
    """(type, regex, group) from detect-secrets' plugins, imported once when the finder is built."""
    from detect_secrets.plugins.aws import AWSKeyDetector
    from detect_secrets.plugins.github_token import GitHubTokenDetector
    from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
    from detect_secrets.plugins.jwt import JwtTokenDetector
    from detect_secrets.plugins.openai import OpenAIDetector
    from detect_secrets.plugins.slack import SlackDetector
    from detect_secrets.plugins.stripe import StripeDetector

    out = [("AWS_ACCESS_KEY", AWSKeyDetector.denylist[0], 0), ("AWS_SECRET_KEY", AWSKeyDetector.denylist[1], 1)]
    out += [("GITHUB_TOKEN", p, 0) for p in GitHubTokenDetector.denylist]
    out += [("GITLAB_TOKEN", p, 0) for p in GitLabTokenDetector.denylist]
    out += [("SLACK_TOKEN", p, 0) for p in SlackDetector.denylist]
    out += [("STRIPE_KEY", p, 0) for p in StripeDetector.denylist]
    out += [("OPENAI_API_KEY", p, 0) for p in OpenAIDetector.denylist]
    # detect-secrets' JWT pattern ends lazily (it stops before the signature): ours takes it whole
    del JwtTokenDetector
    return out


_OWN_PATTERNS = [
    ("JWT", re.compile(r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*(?![\w-])"), 0),
    ("AWS_SECRET_KEY", re.compile(r"(?i:aws[\w \t-]{0,30}?secret[\w \t-]{0,20}?)(?:is|:|=)?\s*[\"']?"
                                  r"(?<![A-Za-z0-9/+])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"), 1),
    ("ANTHROPIC_API_KEY", re.compile(r"sk-ant-(?:api\d\d|admin\d\d|oat\d\d)-[A-Za-z0-9_-]{20,200}"), 0),
    ("OPENAI_API_KEY", re.compile(r"sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,200}"), 0),
    ("OPENAI_API_KEY", re.compile(r"sk-[A-Za-z0-9]{32,64}(?![\w-])"), 0),
    ("STRIPE_KEY", re.compile(r"(?:sk|pk|rk)_(?:live|test)_[0-9a-zA-Z]{16,99}"), 0),
    ("GOOGLE_API_KEY", re.compile(r"AIza[0-9A-Za-z_-]{35}"), 0),
    ("GITHUB_TOKEN", re.compile(r"github_pat_[A-Za-z0-9_]{22,255}"), 0),
    ("GITLAB_TOKEN", re.compile(r"glpat-[A-Za-z0-9_-]{20,}"), 0),
    ("AWS_SECRET_KEY", re.compile(r"(?i:aws_?secret_?(?:access_?)?key|secret_?access_?key|SecretAccessKey)"
                                  r"[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"), 1),
    ("PRIVATE_KEY", re.compile(r"-----BEGIN[A-Z ]*PRIVATE KEY(?: BLOCK)?-----\r?\n((?:[^\n-][^\n]*\r?\n)+?)"
                               r"-----END[A-Z ]*PRIVATE KEY"), 1),
]
_SECRET_KEYS = (r"api[_-]?key|apikey|x-api-key|secret|secret[_-]?key|client[_-]?secret|access[_-]?token|"
                r"auth[_-]?token|refresh[_-]?token|token|private[_-]?key|signing[_-]?key|webhook[_-]?secret|"
                r"session[_-]?key|encryption[_-]?key|master[_-]?key|bearer|"
                # a session's cookie or id logs its holder in as the password does ("PHPSESSID=...", "connect.sid=",
                # "sessionid=", "JSESSIONID="), and so does an anti-forgery token
                r"session[_-]?id|sess[_-]?id|sessionid|(?<![a-z])sid|session|csrf[_-]?token|xsrf[_-]?token")
_PASSWORD_KEYS = (r"password|passwd|pwd|pass|passphrase|db[_-]?pass(?:word)?|mot[_ ]de[_ ]passe|mdp|"
                  r"contrase[ñn]a|clave")
_KEY_VALUE = re.compile(
    # (the key starts its token: from every word boundary inside a long token, "Ab-Ab-...-Ab key=x" took 70 s)
    rf"(?P<key>(?<![\w.-])[\w.-]*(?:{_SECRET_KEYS}|{_PASSWORD_KEYS})\b)[\"']?\s*(?:[:=]|=>|:=)\s*"
    rf"(?:(?P<q>[\"'`])(?P<qv>[^\"'`\n]{{4,300}})(?P=q)|(?P<uv>[^\s\"'`,;&)}}\]]{{4,300}}))", re.IGNORECASE)
_PROSE_SECRET = re.compile(
    rf"\b(?:{_SECRET_KEYS}|webhook\s+secret|api\s+key|access\s+key|secret\s+key|signing\s+secret)\b"
    rf"\s+(?:is|est|es|was)\s+[\"'`]?(?P<v>[A-Za-z0-9_\-+/=.]{{16,300}}?)(?=[\"'`]?(?:[\s,;)]|\.(?:\s|$)|$))",
    re.IGNORECASE)
_CONN_PASSWORD = re.compile(r"(?i:\b(?:password|pwd)\s*=\s*)(?P<v>[^;\s\"']{3,200})(?=;|\s|$|\")")
# the password runs to the last "@" before the host (people paste unescaped "@" in passwords)
_URL_PASSWORD = re.compile(r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://[^\s:/@]+:(?P<v>[^\s/]{3,200})@[\w.-]+(?=[:/?#\s\"']|$)",
                           re.IGNORECASE)
_AUTH_HEADER = re.compile(r"\bAuthorization\b[\"']?\s*[:=]\s*[\"']?(?:Bearer|Token|Basic|Bot)\s+"
                          r"(?P<v>[A-Za-z0-9._~+/=-]{8,})", re.IGNORECASE)
# a password told in a sentence ("my password is Summer2024!", "the wifi password is 'BlueOcean#77'", "mot de
# passe : x"): quoted, or with a digit, a symbol or a capital inside, so that "the password is wrong" stays
_PROSE_PASSWORD = re.compile(
    r"\b(?:pass(?:word|wd|code|phrase)|pass\s+phrase|passwort|kennwort|mot\s+de\s+passe|contrase[ñn]a|senha|wachtwoord|"
    # an account's recovery or backup code and a network's key log in as the password does ("Recovery code:
    # 7F3K-9Q2M-XX4P-81LD", "the wifi key is BlueOcean#77")
    r"recovery\s+(?:code|key)|wi-?fi\s+(?:key|code)|network\s+key|wpa2?\s+key|"
    r"has[łl]o)\b(?:\s+(?:for|to|of|on|f[üu]r|de|pour|para)\s+(?:the\s+|my\s+|our\s+)?[\w.@-]+)?"
    r"\s*(?:\s(?:is|was|is\s+now|are|est|es|ist|lautet|hei(?:ß|ss)t|[éeè]\s|era|jest|to)\s*|:\s*)"
    r"(?:(?P<q>[\"'`“‘])(?P<qv>[^\"'`”’\n]{4,100})(?:[\"'`”’])|(?P<uv>[^\s\"'`]{4,100}?)(?=[.,;:)]*(?:\s|$)))",
    re.IGNORECASE)
# a password right after its name, with no verb or colon ("password Tr0ub4dor&3", "new pwd hunter22"): six
# characters or more with a letter and a digit in them, no version, date or placeholder ("password v2.0.1",
# "password 2024-01-01")
_BARE_PASSWORD = re.compile(r"\b(?:pass(?:word|wd|code|phrase)|pwd|passwort|kennwort|mot\s+de\s+passe|contrase[ñn]a|"
                            r"senha)[ \t]+(?P<v>[^\s\"'`]{6,100}?)(?=[.,;:)]*(?:\s|$))", re.IGNORECASE)
_NOT_A_BARE_PASSWORD = re.compile(r"^(?:v?\d+(?:[.-]\d+)+|\d{1,4}[./-]\d{1,2}[./-]\d{1,4})$", re.IGNORECASE)
_BARE_PASSWORD_WORDS = re.compile(r"pass|pwd|kennwort|contrase|senha", re.IGNORECASE)


# a PIN, a card's security code, a door's or an alarm's code, a one-time code told with its name ("My PIN is 4821",
# "CVV 123", "door code: 7391#", "the safe combination is 12-34-56"): digits, three to twelve
_CODE_WORDS = (r"pin(?:\s?code)?|pin\s+number|passcode|cvv2?|cvc2?|csc|security\s+code|puk(?:\s?code)?|otp|"
               r"one[\s-]time\s+(?:code|password|pin)|verification\s+code|2fa\s+code|auth(?:entication)?\s+code|"
               r"(?:door|gate|alarm|access|entry|lock|unlock|garage|keypad|safe|building|lockbox|key\s?box)\s+code|"
               r"combination|code\s+pin|code\s+secret|c[oó]digo\s+(?:pin|de\s+seguridad|secreto)|geheimzahl")
_SECRET_CODE = re.compile(
    rf"(?<![\w-])(?:{_CODE_WORDS})(?:\s+(?:is|was|number|no\.?|est|es|ist|lautet)|\s*[:=#]){{0,3}}\s*[\"']?"
    r"(?P<v>\d(?:[\d -]{1,16}\d)?[#*]?)(?![\w/.,]\d)(?![\w-])", re.IGNORECASE)
# passwords on a command line: curl's "-u user:pass", "--password X" / "--password=X" of any tool, mysql's glued
# "-pX", the "-p X" of sshpass and of registry logins, redis-cli's "-a X", smbclient's "-U user%pass"
_CLI_PASSWORDS = (
    re.compile(r"(?<!\S)(?:-u|--user|--proxy-user)(?:\s+|=)[\"']?[^\s:\"'/]{1,64}:(?P<v>[^\s\"']{3,200})"),
    re.compile(r"(?<!\S)--(?:[\w-]*[-_])?pass(?:word|wd|phrase)?(?:\s+|=)(?![\"']?-)[\"']?(?P<v>[^\s\"']{3,200})", re.IGNORECASE),
    re.compile(r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport)\b[^\n|;&]{0,200}?(?<!\S)-p(?P<v>[^\s\"']{3,200})"),
    re.compile(r"\b(?:sshpass|(?:docker|podman|buildah|skopeo|nerdctl|helm\s+registry|oc)\s+login)\b[^\n|;&]{0,200}?"
               r"(?<!\S)-p\s+[\"']?(?P<v>[^\s\"']{3,200})"),
    re.compile(r"\bredis-cli\b[^\n|;&]{0,200}?(?<!\S)-a\s+[\"']?(?P<v>[^\s\"']{3,200})"),
    re.compile(r"\bsmbclient\b[^\n|;&]{0,200}?(?<!\S)-U\s+[\"']?[^\s%\"']{1,64}%(?P<v>[^\s\"']{3,200})"),
)
_CLI_WORDS = re.compile(r"(?<!\S)(?:-u|--user|--proxy-user|-a|-U)\b|--[\w-]*pass|mysql|mariadb|sshpass|login",
                        re.IGNORECASE)
_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[\w.:-]+\}?|%\(?\w*\)?s|\{\{.*\}\}|<[^>]*>|\*+|x+|\.\.\.|\?+|none|null|nil|true|false|"
    r"required|optional|string|str|your[_-].*|changeme|example|placeholder|redacted|secret|password|"
    r"process\.env\..*|os\.environ.*|env\(.*|getenv.*|[a-z_][a-z0-9_]*\(.*)$", re.IGNORECASE)
_IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*$")


def _told_password(value: str, quoted: bool) -> bool:
    """A value told as a password in a sentence: quoted, or with a digit, a symbol or a capital after its first
    letter beside a small one ("Summer2024!", "BlueOcean"; not "wrong", "Required", "WRONG", "min.")."""
    core = value if quoted else value.rstrip(".,;:)!?")
    if len(core) < 4 or _PLACEHOLDER.match(core) or "." in core and _IDENTIFIER.match(core):  # ("self.password")
        return False
    mixed_case = any(c.isupper() for c in core[1:]) and any(c.islower() for c in core)
    return quoted or mixed_case or any(c.isdigit() or not c.isalnum() for c in core)


def _secret_value(value: str, password_key: bool) -> bool:
    if _PLACEHOLDER.match(value):
        return False
    if password_key:
        # a password can be anything but a variable name (`password=pwd` in code) or a placeholder
        return not _IDENTIFIER.match(value) or len(value) >= 10 and shannon_entropy(value) >= 3.0
    mixed = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
    cased = any(c.islower() for c in value) and any(c.isupper() for c in value)
    entropy = shannon_entropy(value)
    return len(value) >= 16 and (mixed and entropy >= 3.0 or cased and len(value) >= 20 and entropy >= 3.5)


_PREFILTER = re.compile(r"[A-Za-z0-9_+/=-]{16}|://[^\s/@]*@|pass|pwd|secret|token|key|auth|bearer|mdp|contrase|"
                        r"session|sessid|sess_id|(?<![a-z])sid(?![a-z])|"
                        r"pin|cvv|cvc|csc|puk|otp|code|combination|c[oó]digo|geheimzahl|senha|wachtwoord|has[łl]o|kennwort|"
                        r"(?<!\S)-[uaU]\b|--user|mysql|mariadb|"
                        r"clave|-----BEGIN", re.IGNORECASE)
# Words that every key of _KEY_VALUE (resp. _PROSE_SECRET) contains: without one, the slow pattern (a
# key of any length tried at every word) cannot match, and is not run. Same flags, so the same letters
# match (IGNORECASE folds "K" and "ſ" too).
_KEY_VALUE_WORDS = re.compile(r"key|secret|token|bearer|pass|pwd|mdp|contrase|clave|session|sessid|sess_id|"
                              r"(?<![a-z])sid(?![a-z])", re.IGNORECASE)
_PROSE_WORDS = re.compile(r"key|secret|token|bearer", re.IGNORECASE)
_PROSE_PASSWORD_WORDS = re.compile(r"pass|kennwort|contrase|senha|wachtwoord|has[łl]o|recovery|key", re.IGNORECASE)


def find_secrets(text: str, lang: str) -> list[Found]:
    if _PREFILTER.search(text) is None:
        return []  # no long token and no secret-like word: nothing to look for (most prose)
    out: list[Found] = []
    for entity_type, pattern, group in _library_patterns() + _OWN_PATTERNS:
        for m in pattern.finditer(text):
            start, end = m.span(group)
            if start >= 0 and end - start >= 8:
                body = text[start:end].rstrip("\r\n") if entity_type == "PRIVATE_KEY" else text[start:end]
                out.append(Found(entity_type, start, start + len(body), 0.95))
    keyed = ("=" in text or ":" in text) and _KEY_VALUE_WORDS.search(text) is not None
    for m in _KEY_VALUE.finditer(text) if keyed else ():
        group = "qv" if m.group("qv") is not None else "uv"
        value, start, end = m.group(group), m.start(group), m.end(group)
        line_rest = text[start:].split("\n", 1)[0].rstrip()
        if group == "uv" and (m.start() == 0 or text[m.start() - 1] == "\n") and not any(
                ch.isspace() for ch in line_rest):
            # a .env line (KEY=value and nothing else): the value is the rest of the line, "&" included
            end = start + len(line_rest)
            value = text[start:end]
        password_key = re.search(_PASSWORD_KEYS, m.group("key"), re.IGNORECASE) is not None
        if _secret_value(value, password_key):
            out.append(Found("PASSWORD" if password_key else "API_SECRET", start, end, 0.8))
    for m in _PROSE_SECRET.finditer(text) if _PROSE_WORDS.search(text) else ():
        if _secret_value(m.group("v"), False):
            out.append(Found("API_SECRET", m.start("v"), m.end("v"), 0.7))
    for m in _PROSE_PASSWORD.finditer(text) if _PROSE_PASSWORD_WORDS.search(text) else ():
        quoted = m.group("qv") is not None
        if _told_password(m.group("qv" if quoted else "uv"), quoted):
            out.append(Found("PASSWORD", *m.span("qv" if quoted else "uv"), 0.8))
    for m in _BARE_PASSWORD.finditer(text) if _BARE_PASSWORD_WORDS.search(text) else ():
        value = m.group("v").rstrip(".,;:)!?")
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value) \
                and not _NOT_A_BARE_PASSWORD.match(value) and _told_password(value, False):
            out.append(Found("PASSWORD", m.start("v"), m.start("v") + len(value), 0.8))
    for m in _SECRET_CODE.finditer(text):
        if sum(c.isdigit() for c in m.group("v")) >= 3:
            out.append(Found("PASSWORD", *m.span("v"), 0.8))
    for pattern in _CLI_PASSWORDS if _CLI_WORDS.search(text) else ():
        for m in pattern.finditer(text):
            value = m.group("v")
            if not _PLACEHOLDER.match(value) and not value.isdigit() and not value.startswith("$"):
                out.append(Found("PASSWORD", m.start("v"), m.end("v"), 0.85))
    for pattern, entity_type in ((_CONN_PASSWORD, "PASSWORD"), (_URL_PASSWORD, "PASSWORD"),
                                 (_AUTH_HEADER, "API_SECRET")):
        for m in pattern.finditer(text):
            if not _PLACEHOLDER.match(m.group("v")):
                out.append(Found(entity_type, m.start("v"), m.end("v"), 0.85))
    return out


def _record(name: str, codec: Callable[[], object], description: str, example: str,
            threshold: float = 0.5) -> EntityType:
    return EntityType(name, EntityPolicy(category="fpe", threshold=threshold), tier=0, finders=_FINDER,
                      codec=lambda config: codec(), family="credentials", description=description,
                      examples=(example,))


_FINDER = (lambda config: find_secrets,)
_AWS_ID = lambda pos, ch: (BASE32 if ch in BASE32 else DIGITS + UPPER) if ch.isalnum() else None  # noqa: E731

TYPES = (
    _record("AWS_ACCESS_KEY", lambda: SecretCodec("AWS_ACCESS_KEY", r"A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA", _AWS_ID),
            "AWS access key id (prefix kept, base32)", "AKIAIOSFODNN7EXAMPLE"),
    _record("AWS_SECRET_KEY", lambda: SecretCodec("AWS_SECRET_KEY", "", one_alphabet(BASE64)),
            "AWS secret access key (base64 alphabet kept)", "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG..."),
    _record("GITHUB_TOKEN", GitHubTokenCodec, "GitHub token (ghp_/gho_/... prefix and CRC32 checksum kept)",
            "ghp_..."),
    _record("GITLAB_TOKEN", lambda: SecretCodec("GITLAB_TOKEN", r"gl[a-z]+-(?:[0-9a-fA-F]{2}_)?|GR1348941",
                                                one_alphabet(BASE64URL)), "GitLab token (prefix kept)", "glpat-..."),
    _record("SLACK_TOKEN", lambda: SecretCodec("SLACK_TOKEN", r"xox[a-z]-|https://hooks\.slack\.com/services/"),
            "Slack token or webhook (prefix kept)", "xoxb-..."),
    _record("OPENAI_API_KEY", lambda: SecretCodec("OPENAI_API_KEY", r"sk-(?:proj-|svcacct-|admin-|None-)?",
                                                  _openai_alphabet), "OpenAI API key (sk-/sk-proj- kept)", "sk-proj-..."),
    _record("ANTHROPIC_API_KEY", lambda: SecretCodec("ANTHROPIC_API_KEY", r"sk-ant-[a-z]+\d\d-",
                                                     one_alphabet(BASE64URL)),
            "Anthropic API key (sk-ant-api03- kept)", "sk-ant-api03-..."),
    _record("STRIPE_KEY", lambda: SecretCodec("STRIPE_KEY", r"(?:sk|pk|rk)_(?:live|test)_", one_alphabet(BASE62)),
            "Stripe key (sk_live_/pk_test_ ... kept)", "sk_live_..."),
    _record("GOOGLE_API_KEY", lambda: SecretCodec("GOOGLE_API_KEY", r"AIza", one_alphabet(BASE64URL)),
            "Google API key (AIza kept)", "AIza..."),
    _record("JWT", lambda: SecretCodec("JWT", r"eyJ[A-Za-z0-9_-]*\.", _not_hex),
            "JSON Web Token (header kept; claims and signature hidden)", "eyJhbGciOiJIUzI1NiJ9.eyJ..."),
    _record("PRIVATE_KEY", lambda: SecretCodec("PRIVATE_KEY", "", one_alphabet(BASE64)),
            "PEM private key body (BEGIN/END lines kept)", "-----BEGIN PRIVATE KEY-----..."),
    _record("PASSWORD", lambda: SecretCodec("PASSWORD"),
            "password (key=value, a sentence, a command line, a URL), or a PIN or security code after its name",
            "password=hunter2!"),
    _record("API_SECRET", lambda: SecretCodec("API_SECRET"),
            "high-entropy value of a secret-named key or an Authorization header", "api_key: 9f8e..."),
)


def _openai_alphabet(pos: int, ch: str) -> str | None:
    return BASE62 if ch in BASE62 else None


__all__ = ["TYPES", "find_secrets", "shannon_entropy"]
