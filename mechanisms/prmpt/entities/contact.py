"""Email addresses, phone numbers and personal URLs.

Phones: one shape regex, then libphonenumber on each candidate only (Presidio's recognizer runs the
library's matcher once per region over the whole text); numbers that are possible but not assigned
are kept too (a fake-looking number is still someone's number). Personal URLs: the parts of a URL
that name a person (a profile slug on a social or code host, the segment after /users/ or /people/,
an @handle, query values of user / email / name / id keys, anything holding an email) are hidden
by character class; scheme, host, the other path segments and the keys are kept, so the same rule
finds the same parts in a stand-in.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

from mechanisms.keys import UserKeys
from mechanisms.prmpt.codecs import PhoneCodec, TwoWayCodec, luhn_residue
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.addresses import UNIT_WORDS
from mechanisms.prmpt.entities.alphabet import classed, transform_alphabet
from mechanisms.prmpt.entities.base import EntityType, Found
from mechanisms.prmpt.entities.cues import PHONE_CUES
from mechanisms.prmpt.permutation import DomainError

# --------------------------------------------------------------------------------------- phones
# (groups on one line: a postcode at the end of the line above is no part of the number; a label glued with a
# hyphen may follow it: "9138 4547-Office")
_PHONE_BODY = (r"(?:(?:\+|00)\d{1,3}[ \t.\-/]?)?\(?\d{1,5}\)?(?:(?:-[ \t]|[ \t.\-/])?\(?\d{1,5}\)?){1,6}"
               r"(?:[ \t]?(?:x|ext\.?|extension)[ \t]?\d{1,6})?(?!\w|-(?![^\W\d_]))")
_PHONE = re.compile(r"(?<![\w+-])" + _PHONE_BODY, re.IGNORECASE)
# the number's label glued to it with a hyphen, before it or after it ("CELLULAR-410 202-6694", "HOME-410 671-9309",
# "84 58 94-Office"): a cue, and the digits after the label's hyphen open the number
_GLUED_LABEL = re.compile(r"(?<![^\W\d_])(?i:cellular|cell|mobile|home|work|office|phone|tel|fax|pager)-(?=[(+]?\d)")
_GLUED_AFTER = re.compile(r"-(?i:cellular|cell|mobile|home|work|office|phone|tel|fax|pager)(?![^\W\d_])")
_PHONE_AFTER_LABEL = re.compile(_PHONE_BODY, re.IGNORECASE)
PHONE_REGIONS = ("US", "GB", "DE", "FR", "IT", "ES", "NL", "IN", "CA", "AU", "BR", "MX", "AR", "CO", "BE",
                 "CH")
# a date, alone or before a time ("05.12.1973 1030"); not the first groups of a number in pairs ("05.12.73.93.30")
_DATE_LIKE = re.compile(r"^\s*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?![-/.]\d)(?:\D|$)")
_SSN_LIKE = re.compile(r"^\d{3}([- ])\d{2}\1\d{4}$")
_IPV4_LIKE = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")
_INTERNATIONAL = re.compile(r"(?:\+|00)[1-9]\d{0,2}\)?[\s.\-/]")  # "+45 383 861 982", "+216) 0774 759130", "0047 2 4855"
_ARITHMETIC = re.compile(r"[\d)][ \t]*\(?$")  # "3 +45 383": a sum, not a number to call
# six digits in pairs or triples (the numbers of small countries' plans), read as a phone only after a phone cue
_SIX_DIGITS = re.compile(r"\d\d([ .-])\d\d\1\d\d|\d{3}[ .-]\d{3}")
_EXT = re.compile(r"\s?(?:x|ext\.?|extension)\s?\d", re.IGNORECASE)
# how tables of figures write numbers, never how a phone number is written (read only with no phone cue):
# a fraction ("30 1/2", "106-26/32"), decimals between spaces ("639.55 639.38", "37.273 11"), scores
# ("15-8 15-13", "1-22 2-78"), years ("1995 1994", "1905-1908")
_FRACTION = re.compile(r"(?<!\d)\d{1,3}/\d{1,2}(?!\d)")
_DECIMAL = re.compile(r"\d+\.\d+")
_SCORE = re.compile(r"\d{1,2}-\d{1,2}")
# groups of two or three digits after a first digit that is no 0, between single spaces: a row of a table of
# scores when three or more of them stand in one text with no phone cue ("Jimenez (Spain) 74 72 73 67 287")
_FIGURE_ROW = re.compile(r"[1-9]\d{1,2}(?: [1-9]\d{1,2})+")
# a unit's word before the digits: the first group is the unit's number, the next a house's ("Suite 191 58037
# Družstevní", "apt. 076 1740 Paseo ..."), never a number to call
_UNIT_WORD_BEFORE = re.compile(rf"(?<![^\W\d_])(?i:{UNIT_WORDS})\.?[ \t]*#?[ \t]*$")


def _phone_validity(core: str) -> tuple[bool, bool]:
    """(valid somewhere, possible somewhere): international form first, else a few regions."""
    import phonenumbers

    text = "+" + core.strip()[2:] if core.strip().startswith("00") else core
    regions: tuple[str | None, ...] = (None,) if text.strip().startswith("+") else PHONE_REGIONS
    possible = False
    for region in regions:
        try:
            number = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True, True
        possible = possible or phonenumbers.is_possible_number(number)
    return False, possible


def _figures(core: str) -> bool:
    """``core`` (no plus, no leading 00) is written as figures of a table are, never as a phone number is."""
    groups = re.findall(r"\d+", core)
    if sum(len(g) == 1 for g in groups) >= 2:  # "4 2 1 1 5 3 7": a league table's row ("1 800 555 0199" has one)
        return True
    tokens = core.split()
    return (_FRACTION.search(core) is not None
            or len(tokens) > 1 and any(_DECIMAL.fullmatch(t) for t in tokens)
            or sum(_SCORE.fullmatch(t) is not None for t in tokens) >= 2
            or len(groups) > 1 and all(len(g) == 4 and 1000 <= int(g) <= 2099 for g in groups)
            or _TIME_RANGE.fullmatch(core.strip()) is not None and all(int(g[:2]) <= 23 and int(g[2:]) <= 59
                                                                       for g in groups)
            or _MEASURES.match(core.strip()) is not None)


# a range of two times of the day ("1900-0700", a shift), and measures a note writes in a row: a decimal before a
# dash or a slash ("7.37-49-247-29-99", a blood gas), two ranges across a slash ("99-125/30-50", a blood pressure)
_TIME_RANGE = re.compile(r"\d{4}[ \t]?-[ \t]?\d{4}")
_MEASURES = re.compile(r"\d{1,3}\.\d{1,3}[-/]\d|\d{2,3}-\d{2,3}/\d{2,3}-\d{2,3}$")


# a pager's number, four to six digits after its cue ("Pager #54321", "beeper number 55037"; five or six after "pg",
# a page's abbreviation too: "PG 33445", not "pg 2019"): how a hospital's staff are reached
_PAGER = re.compile(r"(?<![^\W\d_])(?P<c>pager|beeper|pgr|pg|bleep)(?:[ \t]*(?:number|num|no\.?|#|:))*[ \t]*"
                    r"(?P<v>\d{4,6})(?![\d.,/:-]?\d)", re.IGNORECASE)


def find_phones(text: str, lang: str) -> list[Found]:
    out: list[Found] = [Found("PHONE_NUMBER", m.start("v"), m.end("v"), 0.7) for m in _PAGER.finditer(text)
                        if m.group("c").lower() != "pg" or len(m.group("v")) >= 5]
    rows: list[int] = []  # indices in ``out`` of cue-less rows of two- and three-digit groups
    glued = [g for label in _GLUED_LABEL.finditer(text) if (g := _PHONE_AFTER_LABEL.match(text, label.end()))]
    candidates = sorted([*glued, *(m for m in _PHONE.finditer(text)
                                   if not any(g.start() <= m.start() < g.end() for g in glued))],
                        key=lambda m: m.start())
    for m in candidates:
        core = _EXT.split(m.group(0))[0]
        n_digits = sum(ch.isdigit() for ch in core)
        labelled = m in glued or _GLUED_AFTER.match(text, m.end()) is not None
        if n_digits == 6 and _SIX_DIGITS.fullmatch(core) and not _DATE_LIKE.match(core) \
                and (labelled or PHONE_CUES.search(text, max(0, m.start() - 25), m.start())):
            out.append(Found("PHONE_NUMBER", m.start(), m.end(), 0.5))  # "call me at 32 70 61": a short plan's number
            continue
        if not 7 <= n_digits <= 15:
            continue
        if _DATE_LIKE.match(core) or _IPV4_LIKE.match(core) or _SSN_LIKE.match(core):
            continue
        if re.search(r"isbn|issn", text[max(0, m.start() - 20):m.start()], re.IGNORECASE):
            continue
        if " " in core.strip() and _UNIT_WORD_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue
        grouped = any(ch in core for ch in " .-()+/")  # "/" after the area code: "07536/79160110"
        if not grouped and n_digits >= 12 and luhn_residue("".join(ch for ch in core if ch.isdigit())) == 0:
            continue  # a bare Luhn-valid 12-15 digit string is a card number
        cue = labelled or PHONE_CUES.search(text, max(0, m.start() - 40), m.start()) is not None
        if not cue and not _INTERNATIONAL.match(core) and _figures(core):
            continue
        valid, possible = _phone_validity(core)
        if valid:
            score = 0.75 if grouped else 0.5
        elif possible:
            score = 0.5 if grouped else 0.35  # unassigned: weak alone, but sensitive anyway
        elif (grouped and n_digits >= (8 if cue else 10) and _INTERNATIONAL.match(core)
              and not _ARITHMETIC.search(text, 0, m.start())):
            score = 0.5  # a plus, a country code and groups of digits: a phone as people write one, valid or not
        elif core.strip().startswith("00") and n_digits >= 10 \
                and PHONE_CUES.search(text, max(0, m.start() - 12), m.start()) is not None:
            score = 0.5  # "Fax: 00656709207": the international call prefix after a phone's label
        else:
            continue
        if cue:
            score = min(0.79, score + 0.2)  # below an id found by its own cue word on the same digits
        elif _FIGURE_ROW.fullmatch(core):
            rows.append(len(out))
        out.append(Found("PHONE_NUMBER", m.start(), m.end(), score))
    if len(rows) >= 3:
        dropped = set(rows)
        out = [f for k, f in enumerate(out) if k not in dropped]
    return out


# ----------------------------------------------------------------------------------------- URLs
# (a URL starts a token: read from after every hyphen of a long one, "Ab-Ab-..." took quadratic time)
_URL = re.compile(r"(?<![\w@/.-])(?:https?://|www\.|(?=(?:[\w-]+\.)+(?:com|net|org|io|me|fr|es|co|dev)/))"
                  r"(?:[^\s<>\"'`\])}]|'(?=[^\W_]))+", re.IGNORECASE)
_PROFILE_HOSTS = {
    "linkedin.com": 1, "github.com": 0, "gitlab.com": 0, "twitter.com": 0, "x.com": 0, "facebook.com": 0,
    "instagram.com": 0, "tiktok.com": 0, "medium.com": 0, "youtube.com": 0, "t.me": 0, "wa.me": 0,
    "calendly.com": 0, "about.me": 0, "keybase.io": 0, "patreon.com": 0, "pinterest.com": 0,
    "threads.net": 0, "bsky.app": 1, "soundcloud.com": 0, "behance.net": 0, "dribbble.com": 0,
    "stackoverflow.com": 2, "vimeo.com": 0, "flickr.com": 1, "strava.com": 1, "doctolib.fr": 1,
}
_NOT_PROFILES = frozenset({
    "", "about", "features", "pricing", "login", "signup", "search", "explore", "settings", "help",
    "home", "docs", "blog", "orgs", "topics", "marketplace", "enterprise", "watch", "results", "hashtag",
    "share", "sharer", "intent", "jobs", "company", "school", "groups", "feed", "notifications", "i",
    "questions", "tags", "in", "pub", "users", "profile", "p", "reel", "policies", "legal",
})
_PERSON_SEGMENTS = frozenset({
    "users", "user", "u", "people", "person", "profile", "profiles", "member", "members", "author",
    "authors", "employees", "employee", "patients", "patient", "customers", "customer", "accounts",
    "account", "staff", "team", "students", "student", "contacts", "contact", "in", "pub", "usuarios",
    "usuario", "perfil", "utilisateurs", "utilisateur", "membres", "auteur", "autor",
})
_PERSON_KEYS = re.compile(
    r"^(?:.*[_-])?(?:user|username|uname|uid|userid|email|e-?mail|mail|name|fullname|first_?name|"
    r"last_?name|given_?name|surname|patient|member|customer|account|acct|phone|tel|mobile|person|"
    r"contact|owner|login|ssn|dob|nom|prenom|nombre|apellido|correo|usuario)(?:_?id)?$", re.IGNORECASE)


def _registered_host(host: str) -> str:
    host = host.lower().split(":")[0]
    if host.startswith("www."):
        host = host[4:]
    parts = host.split(".")
    return ".".join(parts[-2:]) if len(parts) >= 2 else host


def personal_parts(url: str) -> list[tuple[int, int]]:
    """Offsets of the parts of ``url`` that name a person (see the module docstring)."""
    has_scheme = "://" in url[:10]
    split = urlsplit(url if has_scheme else "http://" + url)
    shift = 0 if has_scheme else -len("http://")
    host = _registered_host(split.netloc)
    path_start = url.find(split.path, (url.find("://") + 3 if has_scheme else 0)) if split.path else -1
    out: list[tuple[int, int]] = []
    segments: list[tuple[int, int, str]] = []
    if path_start >= 0:
        cursor = path_start
        for seg in split.path.split("/"):
            segments.append((cursor, cursor + len(seg), seg))
            cursor += len(seg) + 1
    named = [s for s in segments if s[2]]
    profile_at = _PROFILE_HOSTS.get(host)
    for k, (a, b, seg) in enumerate(named):
        previous = named[k - 1][2].lower() if k else ""
        if (profile_at is not None and k == profile_at and seg.lower() not in _NOT_PROFILES) or \
                (previous in _PERSON_SEGMENTS and seg.lower() not in _NOT_PROFILES) or \
                seg[:1] in "@~" and len(seg) > 1 or "@" in seg:
            out.append((a + (1 if seg[:1] in "@~" else 0), b))
    if split.query:
        q_start = url.find("?")
        cursor = q_start + 1
        for pair in split.query.split("&"):
            key, eq, value = pair.partition("=")
            if eq and value and (_PERSON_KEYS.match(key) or "@" in value or
                                 (key.lower() == "id" and any(s[2].lower().startswith(("profile", "user",
                                                                                      "member"))
                                                              for s in named))):
                out.append((cursor + len(key) + 1, cursor + len(pair)))
            cursor += len(pair) + 1
    del shift
    return [(a, b) for a, b in out if b > a and any(ch.isalnum() for ch in url[a:b])]


def find_personal_urls(text: str, lang: str) -> list[Found]:
    out = []
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;:!?")
        if personal_parts(url):
            out.append(Found("PERSONAL_URL", m.start(), m.start() + len(url), 0.8))
    return out


class PersonalUrlCodec(TwoWayCodec):
    entity_type = "PERSONAL_URL"

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        parts = personal_parts(value)
        if not parts:
            raise DomainError("no personal part in the URL")
        out = value
        for a, b in parts:
            piece = transform_alphabet(keys, self.entity_type, out[a:b], classed, decrypt=decrypt)
            out = out[:a] + piece + out[b:]
        return out


def _email_codec(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.netcodecs import EmailCodec

    return EmailCodec(config.email_keep_domains)


# ---------------------------------------------------------------------------- obfuscated emails
# "john.smith at acme-corp dot com", "john [at] acme [dot] com", "jane(at)example(dot)org"
# (and tokenised text, where a space follows "@" and each dot: "MMoretti @ svb. com"; a space before "@" only is a
# handle's: "playing on @BIKERfm. How")
_AT_WORD = r"(?:\s*[\[({<]\s*at\s*[\])}>]\s*|\s+at\s+|[ \t]*@[ \t]+)"
_DOT_WORD = r"(?:\s*[\[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+|\.[ \t]+)"
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
# a spelled-out dot inside the local part too ("john dot smith at gmail dot com", "jane [dot] doe [at] acme [dot] org")
_LOCAL_DOT = r"(?:\s*[\[({<]\s*dot\s*[\])}>]\s*|[ \t]+dot[ \t]+)"
_OBFUSCATED_EMAIL = re.compile(
    rf"(?<![\w.+-])(?P<local>[a-z0-9](?:(?:[\w.+-]|\.[ \t](?=[a-z0-9])){{0,62}}[a-z0-9])?"
    rf"(?:{_LOCAL_DOT}[a-z0-9](?:[\w+-]{{0,30}}[a-z0-9])?){{0,3}})(?P<at>{_AT_WORD})"
    rf"(?P<domain>{_LABEL}(?:(?:{_DOT_WORD}|\.){_LABEL}){{0,4}}(?:{_DOT_WORD}|\.)[a-z]{{2,24}})(?![\w-])",
    re.IGNORECASE)
_DOMAIN_SEP = re.compile(rf"({_DOT_WORD}|\.)", re.IGNORECASE)
_LOCAL_SEP = re.compile(rf"({_LOCAL_DOT})", re.IGNORECASE)


def find_obfuscated_emails(text: str, lang: str) -> list[Found]:
    """Emails written to dodge a filter: a bracketed "at" or "AT", a local part that looks like an
    address ("john.smith at example.org"), or a spelled-out dot ("john at acme dot com"); and emails of
    tokenised text, spaces around the "@" and after the dots ("MMoretti @ svb. com"). Prose with a
    plain "at" and real dots ("arrive at 5.30", "look at example.com", "meet at home. Then") is left alone."""
    out = []
    for m in _OBFUSCATED_EMAIL.finditer(text):
        at = m.group("at").strip()
        seps = _DOMAIN_SEP.findall(m.group("domain"))
        if at != "@" and (any(sep != "." and sep.strip() == "." for sep in seps)
                          or re.search(r"\.[ \t]", m.group("local"))):
            continue  # a dot and a space only around a spaced "@" ("meet at home. Then" is prose)
        spelled_dot = any(sep.strip() != "." for sep in seps) or _LOCAL_SEP.search(m.group("local")) is not None
        cue = at[:1] in "[({<" or at in ("AT", "@")
        if (cue or spelled_dot or re.search(r"[._+\d]", m.group("local"))) and _a_domain(m.group("domain"), seps):
            out.append(Found("OBFUSCATED_EMAIL", m.start(), m.end(), 0.85 if cue else 0.7))
    return out


def _a_domain(spelled: str, seps: list[str]) -> bool:
    """The domain a text spells ends in a public suffix, has a label with a letter before it, and a suffix after a
    point and a space is not a sentence's capitalised opening word: a note's "stable @ present. Cont", "pacing @ 60.
    RATE", "prilosec @ home. Pt." and "temp @ 100.2. pt" are no addresses ("MMoretti @ svb. com" is one)."""
    from mechanisms.prmpt.netcodecs import offline_tld_extractor

    labels = _DOMAIN_SEP.split(spelled)[0::2]
    suffix = offline_tld_extractor()(".".join(labels)).suffix
    if not suffix or len(labels) < 2:
        return False
    if not any(ch.isalpha() for label in labels[:-len(suffix.split("."))] for ch in label):
        return False  # "100.2. pt": a number before it
    tld = labels[-1]
    return not (seps and seps[-1].startswith(".") and seps[-1].strip() == "." and tld[:1].isupper()
                and not tld.isupper() or tld.isupper() and not spelled.isupper())


def _unobfuscate(value: str) -> tuple[list[str], str, list[str], str]:
    """([], " at ", [" dot "], "john.smith@acme-corp.com") for "john.smith at acme-corp dot com"; the spelled dots
    of the local part first ([" dot "] for "john dot smith at ...")."""
    m = _OBFUSCATED_EMAIL.fullmatch(value)
    if m is None:
        raise DomainError("not an obfuscated email")
    parts = _DOMAIN_SEP.split(m.group("domain"))
    labels, seps = parts[0::2], parts[1::2]
    local = _LOCAL_SEP.split(m.group("local"))
    return local[1::2], m.group("at"), seps, ".".join(local[0::2]) + "@" + ".".join(labels)


def _reobfuscate(email: str, at: str, seps: list[str], local_seps: list[str]) -> str:
    local, _, domain = email.rpartition("@")
    labels = domain.split(".")
    if len(labels) != len(seps) + 1:
        raise DomainError("the stand-in's domain has another shape")
    if local_seps:  # the local part's dots spelled as they were: its last dots, the stand-in may hold more
        words = local.split(".")
        if len(words) < len(local_seps) + 1:
            raise DomainError("the stand-in's local part has another shape")
        head = ".".join(words[:len(words) - len(local_seps)])
        local = head + "".join(sep + word for sep, word in zip(local_seps, words[len(words) - len(local_seps):]))
    return local + at + "".join(label + sep for label, sep in zip(labels, [*seps, ""]))


@lru_cache(maxsize=1)
def _obfuscated_codec_class() -> type:
    from mechanisms.prmpt.netcodecs import EmailCodec

    class ObfuscatedEmailCodec(EmailCodec):
        """The email codec on the address the text spells; the stand-in is spelled the same way."""

        entity_type = "OBFUSCATED_EMAIL"

        def encrypt_in(self, value, names):  # noqa: ANN001, ANN201
            local_seps, at, seps, email = _unobfuscate(value)
            return _reobfuscate(super().encrypt_in(email, names), at, seps, local_seps)

        def decrypt(self, value, keys):  # noqa: ANN001, ANN201
            local_seps, at, seps, email = _unobfuscate(value)
            return _reobfuscate(super().decrypt(email, keys), at, seps, local_seps)

    return ObfuscatedEmailCodec


def _obfuscated_email_codec(config):  # noqa: ANN001, ANN202
    return _obfuscated_codec_class()(config.email_keep_domains)


TYPES = (
    EntityType(
        "EMAIL_ADDRESS", EntityPolicy(category="fpe", threshold=0.4), tier=0, presidio=("EmailRecognizer",),
        codec=_email_codec, stateless=re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)"),
        family="contact", description="email address (public provider domains kept)",
        examples=("jsmith@acme-corp.com",),
    ),
    EntityType(
        "OBFUSCATED_EMAIL", EntityPolicy(category="fpe", threshold=0.5), tier=0,
        finders=(lambda config: find_obfuscated_emails,), codec=_obfuscated_email_codec, family="contact",
        description="email address spelled out (\"john.smith at acme-corp dot com\", \"john [at] acme [dot] com\", \"john dot smith at "
                    "gmail dot com\")",
        examples=("john.smith at acme-corp dot com",),
    ),
    EntityType(
        "PHONE_NUMBER", EntityPolicy(category="fpe", threshold=0.35), tier=1,
        finders=(lambda config: find_phones,), codec=lambda config: PhoneCodec(),
        stateless=re.compile(r"(?<![\w+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)\s?|\d{2,4}[\s.-])\d{3,4}[\s.-]"
                             r"\d{3,4}(?![\w-])"),
        family="contact", description="phone number (country code, trunk digits and grouping kept)",
        examples=("(415) 555-0132", "+33 6 12 34 56 78"),
    ),
    EntityType(
        "PERSONAL_URL", EntityPolicy(category="fpe", threshold=0.5), tier=0,
        finders=(lambda config: find_personal_urls,), codec=lambda config: PersonalUrlCodec(),
        family="contact", description="URL whose profile slug, path segment or query value names a person",
        examples=("https://www.linkedin.com/in/jane-doe-4b2a1",),
    ),
    EntityType(
        "URL", EntityPolicy(category="off"), tier=0, presidio=("UrlRecognizer",), family="contact",
        description="any other URL (off by default)",
    ),
)
