"""Reference numbers that identify a person's file: case, docket and application numbers, claim, file,
policy, ticket, member, employee and patient numbers, registration and licence references (English,
French, Spanish, and the German "Az.").

They have no common shape, so they are found after a cue word, in grades:

- with a number word after any cue ("application no. 12345/08", "Case No. 2:19-cv-04412-JMV",
  "Appeal No. UKEAT/0123/19/DA", "member no. 4411", "NºCol: 28 28 20943", "N° de dossier :
  2019/AB/117", "recurso de apelación nº 123/2019"), any value with two digits but a date or a
  season;
- after a cue that names a file by itself, or any cue and a colon ("case C-2021-0042", "expediente
  4521-B", "Az. 5 U 123/19", "Client: 88123"), a value that looks like a code (letters and digits, or
  digits with a separator; no unit such as "20MB", no span of years, no amount such as "80.000") or
  at least three digits; never a year ("case 2019"), a date, a count after "in case" or a round
  count before a plural noun ("file 1200 pages"); a plural cue takes a code only ("Joined Cases
  C-402/05 P", not "cases 100");
- after a cue that names a person's number ("badge 77812", "client 88123", "tracking
  1Z999AA10123456784", "prisoner 88412"): a code, or at least four digits and no year;
- the other cues ("record", "decision", "complaint", "charge", "index", ...) take a value only with a
  number word ("record 12 times", "charge 100 euros", "Index: 12" stay as written).

A list or pair goes on from a value found ("nos. 123/08 and 456/09", "No. 19-1234 and No. 19-1301",
"; No. 20-55"), and a later "No." in the text whose value has the shape of one found ("Docket No.
19-1234 was consolidated with No. 19-1301"). "No." alone is no cue ("No. 10 Downing Street", "No. 1
single"), but it is before a value that can only be a file code ("no. 2-123/04", "No. 3-1-1-25-06":
two separators and four digits, or letters, digits and a separator).

One shape is found without a cue: a court application number, 3 to 6 digits, a slash and a two- or
four-digit year ("32541/08"), but not a season ("2005/06"), a blood pressure ("120/80 mmHg", "TA
110/70") nor a law ("Real Decreto 1299/2006", "Regulation (EC) No 1049/2001").

A case's citation in a law report is a type of its own, CASE_CITATION: a neutral citation ("[2019] EWCA Civ
1234", "[2018] HCA 15", "2019 SCC 12") or a report's volume and page ("[1932] AC 562", "[2004] 1 WLR 123", "(1999)
2 Cr App R 12", "512 F.3d 456"). The judgment it points to names its parties, so with the parties hidden (PERSON)
the citation would name them again: its number (the page of a report) is encrypted, the year, volume and court
stay ("[2019] EWCA Civ" and four encrypted digits); an operator who wants citations as written sets the type off.
An ECLI ("ECLI:EU:C:2019:123") has no cue and stays; after a cue ("reference ECLI:...", "case C-123/19") it is hidden
like any file number: the cue cannot tell a public case from a private one, and hiding a public number costs
the reader little (it is restored in the answer).

A value holds at least two digits; letters stay letters and digits stay digits in the stand-in, the
separators stay as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mechanisms.keys import UserKeys
from mechanisms.prmpt.codecs import AlnumCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found

# cues that name a reference by themselves ("case C-2021-0042", "expediente 4521-B", "Az. 5 U 123/19")
_STRONG = (r"application|case|docket|file|claim|ticket|reference|ref|registration|appeal|"
           r"licen[cs]e|certificate|permit|dossier|requ[êe]te|affaire|r[ée]f[ée]rence|matricule|immatriculation|"
           r"expediente|solicitud|colegiado|registro|matr[ií]cula|az|aktenzeichen|gesch[äa]ftszeichen|"
           r"autos|procedimiento|recurso|sumario|diligencias|r[ôo]le|nir")
# cues that take a bare value only when it is long ("badge 77812", "client 88123")
_PERSONAL = (r"member(?:ship)?|employee|student|customer|client|badge|patient|policy|tracking|subscriber|"
             r"id|identity|identification|passport|confirmation|pnr|"
             r"passenger|prisoner|inmate|detainee|adh[ée]rent|afiliado|socio|cliente|paciente|assur[ée]|p[óo]liza|"
             r"mitglieds?|kunden|"
             # a US immigration file: the alien registration number ("A-number is A123-456-789", "Alien No. 012345678")
             # and a USCIS case ("USCIS number")
             r"a-number|a-no|alien|uscis")
# cues that do only with a number word or a colon ("member no. 4411", not "record 12 times")
# (order, invoice and booking numbers are not taken: they name a purchase, not a person; a booking's confirmation
# code, its PNR, is: with the passenger's family name it opens the booking)
_WEAK = (r"applications|cases|dockets|files|claims|tickets|appeals|record|contract|complaint|petition|"
         r"judgment|judgement|decision|index|matter|cause|action|proceedings?|indictment|warrant|charge|summons|writ|ruling|caso|rg|police|"
         r"juicio|causa|rollo|plainte|jugement|arr[êe]t|ordonnance|pourvoi|sentencia|denuncia|"
         r"atestado|querella|esas|karar|"
         # a receipt's number names a purchase, but an agency's receipt a person's case ("receipt number is
         # EAC2190012345"): taken with a number word, as a record's
         r"receipt")
_CUES = rf"(?:{_STRONG}|{_PERSONAL}|{_WEAK})"
# cues only after a number word ("NºCol: 28 28 20943"; "col: 12" is a column)
_AFTER_NUMBER_WORD = r"col"
# "no." / "nº" / "n°" / "#" / "number" / "núm."
_NUMBER_WORD = (r"(?:numbers?|num[ée]ro|n[uú]mero|nummer|(?:n(?:os|o|r|um|úm)\b|nº|n°|n\.º)\.?|code\b|"
                r"#(?![^\W\d_])|#(?=[^\W\d_]{1,6}[-/._]?\d{4})|id\b)")  # ("Claim #CLM-2024-118842", never "#Android", "#MH17")
# up to two qualifying words between a cue and its number word ("recurso de apelación nº",
# "claim for compensation no.", "diligencias previas núm."), never a function word
_STOP = (r"the|a|an|this|that|these|those|his|her|their|its|our|your|my|which|who|was|were|is|are|be|"
         r"been|has|had|have|and|or|to|in|on|at|by|with|from|not|no|el|la|los|las|un|una|le|les|une|des|"
         r"es|est|der|die|das")
_QUALIFIER = rf"(?:[\s-]+(?:(?:de|del|for|of|d')\s*)?(?!(?:{_STOP})(?![^\W\d_]))[^\W\d_]{{3,16}}){{0,2}}"
_GAP = r"[\s.:#°º]{0,4}(?:(?:is|est|es|de|du|:)\s+)?"

# a value: segments of letters and digits joined by "-", "/", ".", ":", "_" or a space before a
# number ("28 28 20943"); it starts with a digit, a capital, or lower-case letters joined to a digit
# or separator ("tk-12345"); a short prefix of court letters may come first ("II AKa 123/05",
# "5 U 123/19", "2 BvR 1234/19") where a number with a separator follows.
_SEG = r"[^\W_]{1,24}"
_PREFIX = (r"(?:(?-i:(?!(?:The|On|In|At|By|To|Of|An?|And|Or|For|From|See|Cf|If|As|It|He|We|No)\b)"
           r"(?:(?:[IVX]{1,4}|\d{1,3})[ ](?:[A-Z][A-Za-z]{0,4}[ ])?|[A-Z][A-Za-z]{0,4}[ ]))"
           r"(?=\d+[-/.:]\d))?")
_CORE = (r"(?:\d|(?-i:[A-Z])|[a-z]+(?=[-/.:_\d]))[^\W_]{0,23}"
         r"(?:[-/.:_](?=[^\W_])" + _SEG + r"|(?<=\d)[ ](?=\d{2,}(?![^\W_]))\d{2,24}"
         r"|(?<=(?-i:[A-Z]))[ ](?=\d{3,}(?![^\W_]))\d{3,24}){0,8}")
_VALUE = rf"(?P<v>{_PREFIX}{_CORE})(?![\w/-])"

_NUMBERED = re.compile(
    rf"(?:(?<![^\W\d_ºª]){_CUES}(?:['’]s)?(?![^\W\d_]){_QUALIFIER}[\s_-]*(?<![^\W\d_ºª]){_NUMBER_WORD}|"
    rf"(?:(?<![^\W\d_ºª])|(?=n[º°])){_NUMBER_WORD}[\s_-]*(?:de[\s_-]+)?(?:{_CUES}|{_AFTER_NUMBER_WORD})(?![^\W\d_])){_GAP}{_VALUE}",
    re.IGNORECASE)
# a cue and a colon ("Client: 88123", "Index: 65432/2019"): as a bare cue after a file's name
_COLON = re.compile(rf"(?<![^\W\d_ºª]){_CUES}(?:['’]s)?(?![^\W\d_])\.?\s*:{_GAP}{_VALUE}", re.IGNORECASE)
_BARE_STRONG = re.compile(rf"(?<![^\W\d_ºª])(?:{_STRONG})(?![^\W\d_])\.?[ \t]{{1,3}}{_VALUE}", re.IGNORECASE)
# a plural cue before a code ("Joined Cases C-402/05 P"), never before a plain number ("cases 100")
_BARE_PLURAL = re.compile(rf"(?<![^\W\d_ºª])(?:{_STRONG})s(?![^\W\d_])[ \t]{{1,3}}{_VALUE}", re.IGNORECASE)
# a cue and a verb ("Her asylum reference is A123 456 789", "your booking reference is QX7 42P 9LM", "my member ID
# was 448812"): a code, or four digits or more and no year, as after a bare cue that names a person's number
_TOLD = re.compile(rf"(?<![^\W\d_ºª])(?:{_STRONG}|{_PERSONAL})(?![^\W\d_])[ \t]+(?:is|was|est|es|ist)[ \t]+{_VALUE}",
                   re.IGNORECASE)
_BARE_PERSONAL = re.compile(rf"(?<![^\W\d_ºª])(?:{_PERSONAL})(?![^\W\d_])[ \t]{{1,3}}{_VALUE}", re.IGNORECASE)
# "No." before a value that can only be a file code
_NO_CODE = re.compile(rf"(?<![^\W\d_ºª])(?:n(?:os?|r|um|úm)\b\.?|nº|n°|n\.º)[ \t]{{0,3}}{_VALUE}", re.IGNORECASE)
# a Turkish court's docket: "E. 2001/123, K. 2002/45" (Esas and Karar numbers, a year and a number)
_DOCKET_YEAR = re.compile(r"(?<![^\W\d_])(?-i:[EK])\.[ \t]?(?P<v>(?:19|20)\d\d/\d{1,6})(?![\w/-])")
_START = re.compile(rf"(?<![^\W\d_ºª])(?:{_CUES}|{_NUMBER_WORD})|n[º°]|(?<![^\W\d_])(?-i:[EK])\.",
                    re.IGNORECASE)
# a national identity number after its name in Chinese, Korean or Japanese, glued to it or not: the Chinese resident
# identity number (18 characters, its check character may be "X"), the Korean resident registration number, the
# Japanese individual number ("身份证号码：110101199003074578", "주민등록번호 900101-1234567", "マイナンバー 1234 5678 9012")
_NATIONAL_ID = re.compile(r"(?:居民身份证|身份证|身份證)(?:号码|號碼|号|號)?[ \t\u200b]*[:：]?[ \t\u200b]*(?P<v>\d{17}[\dXx]|\d{15})(?![\dXx])"
                          r"|(?:주민등록번호|주민번호)[ \t\u200b]*[:：]?[ \t\u200b]*(?P<k>\d{6}-?\d{7})(?!\d)"
                          r"|(?:マイナンバー|個人番号)(?:は)?[ \t\u200b]*[:：]?[ \t\u200b]*(?P<j>\d{4}[ -]?\d{4}[ -]?\d{4})(?!\d)")
_APPLICATION = re.compile(r"(?<![\w/.-])(?P<v>\d{3,6}/(?:\d{2}|\d{4}))(?![\w/-]|\.\d)")
# what goes on a list of references: ", ", " and ", "; ", " or ", " to ", " et ", " y ", with an
# optional number word ("and No. 19-1301")
_LIST = re.compile(rf"(?:\s*[,;&]\s*(?:(?:and|or|et|ou|y|o|e|und)\s+)?|"
                   rf"\s+(?:and|or|to|et|ou|y|o|e|und|bis|as well as)\s+)"
                   rf"(?P<no>{_NUMBER_WORD}[ \t]{{0,3}})?{_VALUE}", re.IGNORECASE)
_LATER_NO = re.compile(rf"(?<![^\W\d_ºª])(?:n(?:os?|r|um|úm)\b\.?|nº|n°|n\.º)[ \t]{{0,3}}{_VALUE}", re.IGNORECASE)

_YEAR = re.compile(r"(?:19|20)\d\d")
# a year and a serial number, either way round ("2004/1234", "123/2019")
_SERIAL_YEAR = re.compile(r"(?:19|20)\d\d[-/]\d{2,6}|\d{1,6}/(?:19|20)\d\d")
_YEARS = re.compile(r"(?:19|20)\d\d[-/](?:(?:19|20)\d\d|\d\d)")
_THOUSANDS = re.compile(r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?")  # "80.000", "1.250.000"
_DECIMAL = re.compile(r"\d+[.,]\d+")  # "1234.56", "3.14159"
_FILE_NAME = re.compile(r"\.(?-i:[a-z][a-z0-9]{1,4})$")  # "0001.txt", "2023-report.pdf"
_UNIT = re.compile(r"\d+(?:[.,]\d+)?[^\W\d_]{1,3}")  # "10am", "20MB", "12th", "500k"
# a count before a plural noun ("file 1200 pages", "claim 500 dollars": a round or short number; "case
# 48213 concerns" is a reference), or after "in case" ("in case 100 people come")
_QUANTITY_AFTER = re.compile(r"\s+(?!(?:was|is|has|does|as|this|his|its|us)\b)[^\W\d_]{2,}s\b")
_IN_CASE = re.compile(r"\bin\s+(?:[^\W\d_]+\s+)?$", re.IGNORECASE)
_DATE = re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](?:\d{2}|\d{4})|\d{4}[-/.](\d{1,2})[-/.](\d{1,2})")
_SEASON = re.compile(r"((?:19|20)\d\d)[-/](\d\d|\d{4})")
_PRESSURE_BEFORE = re.compile(r"(?:\b(?:ta|t\.a|pa|p\.a|bp|tensi[óo]n|presi[óo]n|pressure|tension|pression)"
                              r"\b[^\n\d]{0,30})$", re.IGNORECASE)
_PRESSURE_AFTER = re.compile(r"\s*(?:mm|cm\s*h)", re.IGNORECASE)
_LAW_BEFORE = re.compile(r"(?:\b(?:rd|real\s+decreto|decreto|ley|ley\s+org[áa]nica|lo|orden|regulation|directive|"
                         r"d[ée]cret|loi|arr[êe]t[ée]|r[èe]glement|act|law|gesetz|verordnung)\b"
                         r"(?:\s*\([A-Z]+\))?\s*(?:n(?:o|um|úm|r)?\b\.?|nº|n°)?\s*)$", re.IGNORECASE)


def _digits(value: str) -> int:
    return sum(ch.isdigit() for ch in value)


def _has_letter(value: str) -> bool:
    return any(ch.isalpha() for ch in value)


def _is_date(value: str) -> bool:
    """"12/05/2019", "2019-05-12", "5.12.19" (day and month in range, either order)."""
    m = _DATE.fullmatch(value)
    if not m:
        return False
    a, b = (int(g) for g in (m.group(1, 2) if m.group(1) else m.group(4, 3)))
    return 1 <= min(a, b) <= 12 and 1 <= max(a, b) <= 31


def _is_season(value: str) -> bool:
    """"2005/06", "2005-2006", "2019/20": a year and the next one."""
    m = _SEASON.fullmatch(value)
    if not m:
        return False
    first, second = int(m.group(1)), m.group(2)
    nxt = first + 1
    return int(second) == (nxt % 100 if len(second) == 2 else nxt)


def _plain(value: str) -> bool:
    """Any value with two digits that is no season ("2005/06") or date."""
    return _digits(value) >= 2 and len(value) <= 40 and not _is_season(value) and not _is_date(value)


def _code(value: str) -> bool:
    """A value that looks like a code: letters and digits, or digits with a separator."""
    if not _plain(value):
        return False
    seps = sum(not ch.isalnum() and ch != " " for ch in value)
    return (_has_letter(value) and value[0] != " ") or (seps >= 1 and _digits(value) >= 4)


def _bare_code(value: str) -> bool:
    """A value after a cue with no number word: a code with a capital or a leading digit, no unit
    ("20MB", "12th"), no span of years ("2019-2020"), no amount ("80.000", "1234.56"), no file name
    ("0001.txt")."""
    return (_code(value) and (value[0].isdigit() or any(ch.isupper() for ch in value))
            and not _UNIT.fullmatch(value) and not _YEARS.fullmatch(value) and not _THOUSANDS.fullmatch(value)
            and not _DECIMAL.fullmatch(value) and not _FILE_NAME.search(value))


def _strong_bare(value: str) -> bool:
    return _bare_code(value) or (value.isdigit() and len(value) >= 3 and not _YEAR.fullmatch(value))


def _personal_bare(value: str) -> bool:
    if value.isdigit():
        return len(value) >= 4 and not _YEAR.fullmatch(value)
    return _bare_code(value) and (_digits(value) >= 4 or any(ch.isupper() for ch in value))


def _file_code(value: str) -> bool:
    """After "No." with no cue: "2-123/04", "3-1-1-25-06", "AB-1234" (not "10", "10-12", "12/05/2019")."""
    if not _plain(value) or " " in value or _THOUSANDS.fullmatch(value):
        return False
    seps = sum(not ch.isalnum() for ch in value)
    if _SERIAL_YEAR.fullmatch(value):
        return True
    if _has_letter(value):
        return seps >= 2 or (seps >= 1 and any(ch.isupper() for ch in value) and bool(re.search(r"[^\W\d_]{2}", value)))
    return seps >= 2 and _digits(value) >= 4


def _shape(value: str) -> str:
    """The separators of a value, with each run of letters or digits as one mark: "19-1234" -> "9-9"."""
    return re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "9", value))


def _law(text: str, start: int) -> bool:
    """A value that numbers a law ("Real Decreto 1299/2006", "Regulation (EC) No 1049/2001")."""
    return bool(_LAW_BEFORE.search(text[max(0, start - 40):start]))


def _application(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    if _is_season(value):
        return False
    before = text[max(0, start - 60):start]
    if _PRESSURE_AFTER.match(text, end) or _PRESSURE_BEFORE.search(before):
        return False
    return not _law(text, start)


_DIGITS = re.compile(r"\d+")
_BLANK = re.compile(r"\s")


def _windows(text: str) -> list[tuple[int, int]]:
    """Where a cued value can be: from 120 characters before a digit to the first blank 60 characters
    after it (a cue, its qualifiers and number word come before the value's first digit, and a value
    ends within 40 characters of its last), merged; the cue patterns are slow to try on prose."""
    out: list[list[int]] = []
    # the first blank at or after a point, remembered: the points only grow, and a search per digit run to the end
    # of a text with no blank ("1-1-1-...") made it quadratic
    seen_from, seen = -1, len(text)
    for m in _DIGITS.finditer(text):
        start = max(0, m.start() - 120)
        at = min(len(text), m.end() + 60)
        if not seen_from <= at <= seen:
            blank = _BLANK.search(text, at)
            seen_from, seen = at, blank.start() if blank else len(text)
        end = seen
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(a, b) for a, b in out]


class ReferenceFinder:
    """Cued values in three grades, the lists they open, later "No." values of their shape, file codes
    after a bare "No.", and uncued application numbers (see the module's docstring)."""

    def __call__(self, text: str, lang: str) -> Iterable[Found]:
        spans: dict[tuple[int, int], float] = {}

        def add(start: int, end: int, score: float) -> None:
            spans[(start, end)] = max(score, spans.get((start, end), 0.0))

        windows = _windows(text)
        # where a cue, a number word or a docket letter starts: each pattern is tried there only
        starts = [(m.start(), b) for a, b in windows for m in _START.finditer(text, a, b)]
        for pattern, check, score in ((_NUMBERED, _plain, 0.7), (_COLON, _strong_bare, 0.7),
                                      (_BARE_STRONG, _strong_bare, 0.7), (_BARE_PERSONAL, _personal_bare, 0.65),
                                      (_TOLD, _personal_bare, 0.65),
                                      (_NO_CODE, _file_code, 0.6), (_DOCKET_YEAR, _plain, 0.6),
                                      (_BARE_PLURAL, _bare_code, 0.6)):
            bare = pattern in (_COLON, _BARE_STRONG, _BARE_PERSONAL, _TOLD)
            for m in (pattern.match(text, at, end) for at, end in starts):
                if m is None:
                    continue
                value = m.group("v")
                if not check(value) or (pattern is _NO_CODE and _law(text, m.start("v"))):
                    continue
                if bare and value.isdigit() and (
                        (_QUANTITY_AFTER.match(text, m.end("v")) and (value.endswith("0") or len(value) <= 3))
                        or _IN_CASE.search(text, max(0, m.start() - 30), m.start())):
                    continue
                add(*m.span("v"), score)
        for m in _APPLICATION.finditer(text):
            if _application(text, *m.span("v")):
                add(*m.span("v"), 0.6)
        if not text.isascii():
            for m in _NATIONAL_ID.finditer(text):
                add(*m.span(m.lastgroup or "v"), 0.7)
        # lists and pairs: "nos. 123/08 and 456/09", "No. 19-1234 and No. 19-1301"
        todo = list(spans)
        while todo:
            start, end = todo.pop()
            m = _LIST.match(text, end)
            if not m:
                continue
            value = m.group("v")
            first = text[start:end]
            same = (_shape(value) == _shape(first) and value[0].isdigit() == first[0].isdigit()
                    and (not value.isdigit() or len(value) == len(first)))
            numbered = m.group("no") and (_code(value) or (value.isdigit() and abs(len(value) - len(first)) <= 1))
            if _plain(value) and (same or numbered):
                if m.span("v") not in spans:
                    todo.append(m.span("v"))
                add(*m.span("v"), 0.6)
        # a later "No." whose value has the shape of one found, with a separator ("with No. 19-1301")
        shapes = {(_shape(text[a:b]), _digits(text[a:b])) for a, b in spans if not text[a:b].isalnum()}
        if shapes:
            for m in _LATER_NO.finditer(text):
                value = m.group("v")
                if (_plain(value) and not _law(text, m.start("v"))
                        and any(shape == _shape(value) and abs(n - _digits(value)) <= 1 for shape, n in shapes)):
                    add(*m.span("v"), 0.6)
        # a span inside a longer one ("123/19" in "5 U 123/19") goes
        out, reach = [], -1
        for a, b in sorted(spans, key=lambda span: (span[0], -span[1])):
            if b > reach:
                out.append(Found("REFERENCE_ID", a, b, spans[(a, b)]))
                reach = b
        return out


# ---------------------------------------------------------------- case citations
# the courts' neutral citations: "[2019] EWCA Civ 1234", "[2021] EWHC 2350 (Fam)", "[2018] HCA 15", "[2017] UKSC 4";
# the law reports, a volume before the series or none: "[1932] AC 562", "[2004] 1 WLR 123", "[1990] 2 All ER 908"
_DIVISION = (r"Civ|Crim|Admin|Fam|Ch|QB|KB|Comm|TCC|Pat|IPEC|Costs|Admlty|SCCO|Mercantile|AAC|IAC|LC|TC|GRC|"
             r"Lands|Mag|Tax|Lab|Ch[ \t]+D")
_SERIES = (r"Ch|Fam|P|All[ \t]+ER(?:[ \t]+\(?(?:Comm|EC|D)\)?)?|Lloyd['’]s[ \t]+Rep|Cr[ \t]+App[ \t]+R(?:[ \t]+\(S\))?|"
           r"Bus[ \t]+LR|Med[ \t]+LR|Env[ \t]+LR|Costs[ \t]+LR|Fam[ \t]+Law|Imm[ \t]+AR|Ll[ \t]+Rep")
# (Canada's reports are written with stops: "[2016] 1 S.C.R. 631", "(2001) 56 O.R. (3d) 641"); the page closes it
_DOTTED_SERIES = r"(?:[A-Z]\.){2,5}(?:[ \t]?\([1-9]d\))?"
_PAGE = r"[ \t]+(?P<v>\d{1,5})(?![\w/.,-]\d|[\w/-])"
_BRACKETED = re.compile(
    r"(?<![\w\]])\[(?:1[89]|20)\d\d\][ \t]+(?:\d{1,2}[ \t]+)?"
    rf"(?-i:(?:[A-Z]{{2,8}}(?:[ \t]+(?:{_DIVISION}))?|{_SERIES}|{_DOTTED_SERIES})){_PAGE}")
# a report cited by the year in round brackets, its volume and series ("(1999) 2 Cr App R 12", "(2008) 233 CLR 307")
_ROUND = re.compile(
    rf"(?<![\w)])\((?:1[89]|20)\d\d\)[ \t]+(?:\d{{1,4}}[ \t]+)?(?-i:(?:[A-Z]{{2,8}}|{_SERIES}|{_DOTTED_SERIES})){_PAGE}")
# Canada's neutral citations have no brackets: the court's letters are the cue ("2019 SCC 12", "2021 ONCA 45")
_CANADIAN = re.compile(r"(?<![\w/.-])(?:19|20)\d\d[ \t]+(?-i:SCC|FCA|FC|TCC|ONCA|ONSC|BCCA|BCSC|ABCA|ABQB|ABKB|QCCA|QCCS|"
                       r"NSCA|NSSC|MBCA|MBQB|SKCA|SKQB|NBCA|NLCA|PECA|YKCA|NWTCA|CMAC)[ \t]+(?P<v>\d{1,5})(?![\w/-])")
# American reports: a volume, the reporter and the first page ("512 F.3d 456", "410 U.S. 113", "2019 WL 1234567")
_REPORTER = (r"U\.[ \t]?S\.|S\.[ \t]?Ct\.|L\.[ \t]?Ed\.(?:[ \t]?2d)?|F\.(?:[ \t]?(?:2d|3d|4th))?|F\.[ \t]?Supp\.(?:[ \t]?(?:2d|3d))?|"
             r"F\.[ \t]?App['’]x|B\.[ \t]?R\.|A\.(?:[ \t]?(?:2d|3d))|P\.(?:[ \t]?(?:2d|3d))|N\.[ \t]?E\.(?:[ \t]?(?:2d|3d))?|"
             r"N\.[ \t]?W\.(?:[ \t]?2d)?|S\.[ \t]?E\.(?:[ \t]?2d)?|S\.[ \t]?W\.(?:[ \t]?(?:2d|3d))?|So\.(?:[ \t]?(?:2d|3d))?|"
             r"Cal\.[ \t]?Rptr\.(?:[ \t]?(?:2d|3d))?|N\.[ \t]?Y\.(?:[ \t]?(?:2d|3d))|WL")
_AMERICAN = re.compile(rf"(?<![\w/.,-])\d{{1,4}}[ \t]+(?-i:{_REPORTER})[ \t]+(?P<v>\d{{1,7}})(?![\w/-]|[.,]\d)")


def find_case_citations(text: str, lang: str) -> list[Found]:
    """A case's citation, whole ("[2019] EWCA Civ 1234", "512 F.3d 456": no other finder reads its year or
    volume as a phone number); :class:`CitationCodec` encrypts its last number only."""
    if not any(ch.isdigit() for ch in text):
        return []
    return [Found("CASE_CITATION", m.start(), m.end("v"), 0.7)
            for pattern in (_BRACKETED, _ROUND, _CANADIAN, _AMERICAN) for m in pattern.finditer(text)]


_LAST_NUMBER = re.compile(r"\d+(?!.*\d)", re.DOTALL)


class CitationCodec:
    """The number of a neutral citation or a report's first page, encrypted digit for digit; the year, volume,
    court and reporter before it stay as written ("[2019] EWCA Civ 1234": "[2019] EWCA Civ" and four encrypted digits)."""

    def __init__(self, entity_type: str = "CASE_CITATION") -> None:
        self._digits = AlnumCodec(entity_type, classes="d")

    def _last(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        m = _LAST_NUMBER.search(value)
        if m is None:
            return value
        number = (self._digits.decrypt if decrypt else self._digits.encrypt)(m.group(), keys)
        return value[:m.start()] + number + value[m.end():]

    def encrypt(self, value: str, keys: UserKeys) -> str:
        return self._last(value, keys, decrypt=False)

    def decrypt(self, value: str, keys: UserKeys) -> str:
        return self._last(value, keys, decrypt=True)


TYPES = (
    EntityType(
        "REFERENCE_ID", EntityPolicy(category="fpe", threshold=0.5), tier=2,
        finders=(lambda config: ReferenceFinder(),),
        codec=lambda config: AlnumCodec("REFERENCE_ID"), family="references",
        description="a case, docket, application, claim, file, policy, registration or membership number "
                    "(after its cue word; court application numbers such as 12345/08 without one)",
        examples=("application no. 12345/08", "NºCol: 28 28 20943", "case number C-2021-0042",
                  "Case No. 2:19-cv-04412-JMV"),
    ),
    EntityType(
        "CASE_CITATION", EntityPolicy(category="fpe", threshold=0.5), tier=0,
        finders=(lambda config: find_case_citations,),
        codec=lambda config: CitationCodec(), family="references",
        description="the number of a case's citation in a law report (a neutral citation's number or a "
                    "report's first page; year, volume and court stay)",
        examples=("[2019] EWCA Civ 1234", "[1932] AC 562", "512 F.3d 456"),
    ),
)
