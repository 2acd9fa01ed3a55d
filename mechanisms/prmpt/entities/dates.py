"""Dates tied to a person (birth, admission, discharge, death, appointment): Category II.

Found only next to a cue word (English, French, Spanish; German, Italian, Dutch and Portuguese too, which
have no pipeline here but whose forms and letters people paste), so release dates, log timestamps and
deadlines are left alone. The mechanism is the metric LDP of ``mldp`` on days: a date is its day
number, noised with P[y] proportional to exp(-eps * |x - y| / 2) (eps per day, configurable), with
randomness from the keyed PRF of (user, type, date): the same date always gets the same noise.
The noised date is written in the original's format: order (month/day from the text's language
when ambiguous), separators, zero padding, 2- or 4-digit year, month names in the same language,
abbreviation and case, ordinal suffixes.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from mechanisms.keys import UserKeys
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found
from mechanisms.prmpt.mldp import Grid, perturb, uniforms_from_bytes

MONTHS = {
    "en": ("january february march april may june july august september october november december"
           ).split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(),
    "de": "januar februar märz april mai juni juli august september oktober november dezember".split(),
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(),
    "nl": "januari februari maart april mei juni juli augustus september oktober november december".split(),
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(),
}
_ABBR = {"en": [m[:3] for m in MONTHS["en"]],
         "fr": "janv févr mars avr mai juin juil août sept oct nov déc".split(),
         "es": "ene feb mar abr may jun jul ago sep oct nov dic".split()}
_MONTH_INDEX: dict[str, tuple[str, bool, int]] = {}
for _lang in MONTHS:  # (a name two languages share is the first's: "april" is English, "juni" German)
    for _i, _name in enumerate(MONTHS[_lang]):
        _MONTH_INDEX.setdefault(_name, (_lang, False, _i + 1))
    for _i, _name in enumerate(_ABBR.get(_lang, ())):
        _MONTH_INDEX.setdefault(_name, (_lang, True, _i + 1))
_MONTH_INDEX.setdefault("sept", ("en", True, 9))
_MONTH_NAMES = "|".join(sorted((re.escape(k) for k in _MONTH_INDEX), key=len, reverse=True))

YEAR_MONTH_DAY = r"\d{4}-\d{1,2}-\d{1,2}"  # ("1996-08-30"; read by quantities too: no amount inside one)
_NUMERIC = rf"\d{{1,2}}[/.-]\d{{1,2}}[/.-](?:\d{{4}}|\d{{2}})|{YEAR_MONTH_DAY}|\d{{4}}/\d{{1,2}}/\d{{1,2}}"
_DAY = r"\d{1,2}(?:st|nd|rd|th|er|º|\.)?"  # ("12. Mai 1961": German writes its day with a dot)
_APOSTROPHE_YEAR = r"['’]\d{2}(?![\d'’])"  # "7 Mar '84", "March 3rd, ’84"
_WORDY = (rf"(?:{_MONTH_NAMES})\.?\s+{_DAY},?\s+(?:\d{{4}}|{_APOSTROPHE_YEAR})|{_DAY}\s+(?:of\s+|de\s+)?(?:{_MONTH_NAMES})\.?,?\s+"
          rf"(?:de\s+|del\s+)?(?:\d{{4}}|{_APOSTROPHE_YEAR})|{_DAY}[-/.](?:{_MONTH_NAMES})[-/.]\d{{4}}")  # "23-febrero-1931"
_MONTH_YEAR = rf"(?:{_MONTH_NAMES})\.?,?\s+(?:of\s+|de\s+|del\s+)?\d{{4}}"  # "mayo de 2006", "March 2006"
DATE_VALUE = rf"(?:{_WORDY}|{_NUMERIC}|{_MONTH_YEAR})"
_CUES = (r"born|birth|birthday|birthdate|dob|d\.o\.b\.?|date\s+of\s+birth|admitted|admission|admit\s+date|"
         r"discharged?|discharge\s+date|died|death|deceased|passed\s+away|date\s+of\s+death|dod|appointment|"
         r"appt|visit|surgery|procedure|follow[\s-]?up|"
         r"n[ée]e?|naissance|date\s+de\s+naissance|admise?|hospitalis[ée]e?|sortie?|d[ée]c[ée]d[ée]e?|d[ée]c[èe]s|"
         r"rendez[\s-]vous|rdv|consultation|"
         r"nac[ií]|naci[óo]|nacid[oa]|nacimiento|fecha\s+de\s+nacimiento|ingres[óo]|ingreso|alta|falleci[óo]|"
         r"fallecimiento|defunci[óo]n|cita|consulta|"
         r"diagnosed|diagnosis|treated|operated|diagnostiqu[ée]e?|diagnostic|op[ée]r[ée]e?|traitement|"
         r"diagnosticad[oa]|diagn[óo]stico|intervenid[oa]|intervenci[óo]n|operad[oa]|cirug[íi]a|tratamiento|"
         r"revisi[óo]n|seguimiento|"
         # German, Italian, Dutch, Portuguese: birth, death, admission, discharge ("geb. 12.05.1961", "nato a Bari il
         # 3 maggio 1961", "overleden op 2 mei 2019", "data de nascimento: 12/05/1961"; NATO is no "nato")
         r"geboren|geb\.?|geburtsdatum|geburtstag|gestorben|verstorben|sterbedatum|aufgenommen|aufnahme|entlassen|"
         r"entlassung|(?-i:[Nn]at[oaie])|nascita|data\s+di\s+nascita|decedut[oaie]|ricoverat[oaie]|ricovero|"
         r"dimess[oaie]|dimissione|geboortedatum|overleden|opgenomen|ontslagen|nascid[oa]s?|nasceu|nascimento|"
         r"data\s+de\s+nascimento|falecid[oa]|faleceu|internad[oa]|interna[çc][ãa]o")
_DATE = re.compile(rf"(?<![\w/.-])(?P<v>{DATE_VALUE})(?![\w/-]|\.\d)", re.IGNORECASE)
_CUE_BEFORE = re.compile(rf"\b(?:{_CUES})\b[^\n]{{0,24}}$", re.IGNORECASE)


def find_personal_dates(text: str, lang: str) -> list[Found]:
    """Dates with a cue word at most 24 characters before them on the same line."""
    out = []
    for m in _DATE.finditer(text):
        before = text[max(0, m.start() - 60):m.start()]
        if _CUE_BEFORE.search(before):
            # a date the noiser cannot read ("23-febrero-1931") is still hidden, by the generic codec
            readable = read_date(m.group("v"), lang) is not None
            out.append(Found("PERSONAL_DATE", m.start("v"), m.end("v"), 0.85 if readable else 0.7))
    return out


# the cells of a column of dates of birth in a CSV, TSV or markdown table or an SQL insert ("id,name,dob" above
# "7,Ada Obi,1980-02-14"; "INSERT INTO patients (first, last, dob) VALUES ('Yusuf', 'Demirtaş', '1980-02-14')"): the
# column's title is the cue the value has no room for on its own line
_BIRTH_COLUMN = re.compile(r"[ \t]*[\"'`\[]?(?:dob|d\.o\.b\.?|date[ _-]?of[ _-]?birth|birth[ _-]?date|birthdate|birthday|"
                           r"born|fecha[ _-]?(?:de[ _-]?)?nacimiento|f[ _.-]?nac|date[ _-]?de[ _-]?naissance|"
                           r"geburtsdatum|data[ _-]?di[ _-]?nascita|geboortedatum)[\"'`\]]?[ \t]*", re.IGNORECASE)
_BIRTH_HINT = re.compile(r"dob|birth|born|nacimiento|nac\b|naissance|geburt|nascita|geboorte", re.IGNORECASE)
_WHOLE_DATE = re.compile(rf"[ \t]*[\"']?(?P<v>{DATE_VALUE})[\"']?[ \t]*", re.IGNORECASE)


def find_column_dates(text: str, lang: str) -> list[Found]:
    """(:data:`_BIRTH_COLUMN`) Each cell of such a column that is a date and nothing else."""
    from mechanisms.prmpt.entities.tables import column_cells

    if _BIRTH_HINT.search(text) is None:
        return []
    out = []
    for _, a, b in column_cells(text, _BIRTH_HINT, lambda cell: "dob" if _BIRTH_COLUMN.fullmatch(cell) else None):
        if (m := _WHOLE_DATE.fullmatch(text, a, b)) is not None:
            readable = read_date(m.group("v"), lang) is not None
            out.append(Found("PERSONAL_DATE", m.start("v"), m.end("v"), 0.85 if readable else 0.7))
    return out


# A year of birth alone ("was born in 1965", "born in Istanbul in 1971", "né en 1965", "nacida en 1965", "year of
# birth: 1965", "born in 1949 and 1955 respectively"): no day to noise, so it is a number of years, noised as an age
# is (a year of birth tells what an age tells)
_YEAR = r"(?:18|19|20)\d{2}(?![\d/.:-]?\d)"
_BIRTH_YEAR = re.compile(
    rf"(?:\b(?:born|b\.)(?:[ \t]+(?:in|at|on)[ \t]+[^\W\d_][^\n.;,()]{{0,40}}?)?[ \t]+(?:in[ \t]+)?(?:the[ \t]+year[ \t]+)?"
    rf"|\b(?:year[ \t]+of[ \t]+birth|birth[ \t]*year|yob|ann[ée]e[ \t]+de[ \t]+naissance|a[ñn]o[ \t]+de[ \t]+nacimiento)"
    rf"[ \t]*[:=-]?[ \t]*|\bn[ée]e?s?[ \t]+en[ \t]+|\b(?:nacid[oa]s?|naci[óo]|nac[ií])[ \t]+en[ \t]+(?:el[ \t]+a[ñn]o[ \t]+)?"
    # ("geboren 1961", "geboren im Jahr 1961", "Jahrgang 1961", "nata nel 1961", "geboren in 1961", "nascido em 1961")
    rf"|\b(?:geboren|(?-i:[Nn]at[oaie])|nascid[oa]s?|nasceu)[ \t]+(?:(?:im|in|em|nel|no)[ \t]+(?:(?:Jahre?|ano)[ \t]+)?)?"
    rf"|\b(?:jahrgang|geburtsjahr|anno[ \t]+di[ \t]+nascita|geboortejaar|ano[ \t]+de[ \t]+nascimento)[ \t]*[:=-]?[ \t]*)"
    rf"(?P<v>{_YEAR})", re.IGNORECASE)
_NEXT_YEAR = re.compile(rf"[ \t]*(?:,|and|et|y|&)[ \t]+(?:in[ \t]+|en[ \t]+)?(?P<v>{_YEAR})", re.IGNORECASE)


def find_birth_years(text: str, lang: str) -> list[Found]:
    """Years of birth after a birth cue, and the years joined to one ("born in 1949 and 1955")."""
    out = []
    for m in _BIRTH_YEAR.finditer(text):
        out.append(Found("BIRTH_YEAR", m.start("v"), m.end("v"), 0.85))
        at = m.end()
        while (n := _NEXT_YEAR.match(text, at)) is not None:
            out.append(Found("BIRTH_YEAR", n.start("v"), n.end("v"), 0.85))
            at = n.end()
    return out


@dataclass(frozen=True)
class DateFormat:
    """How one date was written, enough to write another date the same way."""

    template: str  # with {Y} {M} {D} placeholders
    year_digits: int
    month_pad: bool
    day_pad: bool
    month_style: tuple[str, bool, str] | None  # (language, abbreviated, case) when the month is a word
    ordinal: bool

    def render(self, date: dt.date) -> str:
        year = f"{date.year % 100:02d}" if self.year_digits == 2 else f"{date.year:04d}"
        day = f"{date.day:02d}" if self.day_pad else str(date.day)
        if self.ordinal:
            day += _ordinal(date.day, self.month_style[0] if self.month_style else "en")
        if self.month_style is None:
            month = f"{date.month:02d}" if self.month_pad else str(date.month)
        else:
            lang, abbr, case = self.month_style
            month = (_ABBR if abbr else MONTHS)[lang][date.month - 1]
            month = month.upper() if case == "upper" else month.capitalize() if case == "title" else month
        return self.template.replace("{Y}", year).replace("{M}", month).replace("{D}", day)


def _ordinal(day: int, lang: str) -> str:
    if lang == "fr":
        return "er" if day == 1 else ""
    if lang == "es":
        return ""
    if 11 <= day % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _year(text: str) -> int:
    if len(text) == 4:
        return int(text)
    y = int(text)
    return 2000 + y if y <= (dt.date.today().year % 100) else 1900 + y


def read_date(value: str, lang: str) -> tuple[dt.date, DateFormat] | None:
    """The date and its format, or None when ``value`` is not a real calendar date."""
    try:
        return _read(value, lang)
    except ValueError:
        return None


def _read(value: str, lang: str) -> tuple[dt.date, DateFormat] | None:
    m = re.fullmatch(r"(\d{4})([-/])(\d{1,2})\2(\d{1,2})", value)
    if m:
        fmt = DateFormat(f"{{Y}}{m.group(2)}{{M}}{m.group(2)}{{D}}", 4, len(m.group(3)) == 2,
                         len(m.group(4)) == 2, None, False)
        return dt.date(int(m.group(1)), int(m.group(3)), int(m.group(4))), fmt
    m = re.fullmatch(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})", value)
    if m:
        a, b = int(m.group(1)), int(m.group(3))
        sep = m.group(2)
        # (an American date is written with slashes or dashes; one with dots is the day first: "geb. 12.05.1961")
        month_first = lang == "en" and sep != "." and a <= 12 or b > 12
        if month_first:
            month, day, tpl = a, b, f"{{M}}{sep}{{D}}{sep}{{Y}}"
            mpad, dpad = len(m.group(1)) == 2, len(m.group(3)) == 2
        else:
            day, month, tpl = a, b, f"{{D}}{sep}{{M}}{sep}{{Y}}"
            dpad, mpad = len(m.group(1)) == 2, len(m.group(3)) == 2
        fmt = DateFormat(tpl, len(m.group(4)), mpad, dpad, None, False)
        return dt.date(_year(m.group(4)), month, day), fmt
    m = re.fullmatch(r"(?P<mon>[^\W\d]+)(?P<dot>\.?)(?P<s1>\s+)(?P<day>\d{1,2})(?P<ord>st|nd|rd|th)?"
                     r"(?P<s2>,?\s+)(?P<year>\d{4}|['’]\d{2})", value, re.IGNORECASE)
    if m:
        return _wordy(m, "{M}" + m.group("dot") + m.group("s1") + "{D}" + m.group("s2") + "{Y}")
    m = re.fullmatch(r"(?P<day>\d{1,2})(?P<ord>st|nd|rd|th|er|º|\.)?(?P<s1>\s+(?:of\s+|de\s+)?)"
                     r"(?P<mon>[^\W\d]+)(?P<dot>\.?)(?P<s2>,?\s+(?:de\s+|del\s+)?)(?P<year>\d{4}|['’]\d{2})",
                     value, re.IGNORECASE)
    if m:
        return _wordy(m, "{D}" + m.group("s1") + "{M}" + m.group("dot") + m.group("s2") + "{Y}")
    m = re.fullmatch(r"(?P<mon>[^\W\d]+)(?P<dot>\.?)(?P<s2>,?\s+(?:of\s+|de\s+|del\s+)?)(?P<year>\d{4})",
                     value, re.IGNORECASE)
    if m and (style := _month_style(m.group("mon"))) is not None:
        # a month and a year: the noised date is written as a month and a year
        fmt = DateFormat("{M}" + m.group("dot") + m.group("s2") + "{Y}", 4, False, False, style[:3], False)
        return dt.date(int(m.group("year")), style[3], 15), fmt
    return None


def _month_style(word: str) -> tuple[str, bool, str, int] | None:
    """A month word's language, abbreviation, case and number, or None when it is no month."""
    hit = _MONTH_INDEX.get(word.lower())
    if hit is None:
        return None
    case = "upper" if word.isupper() and len(word) > 1 else "lower" if word.islower() else "title"
    return hit[0], hit[1], case, hit[2]


def _wordy(m: re.Match[str], template: str) -> tuple[dt.date, DateFormat] | None:
    style = _month_style(m.group("mon"))
    if style is None:
        return None
    lang, abbr, case, month = style
    if m.group("ord") in ("º", "."):
        template = template.replace("{D}", "{D}" + m.group("ord"))
    year = m.group("year")
    if not year.isdigit():  # "'84": the apostrophe stays, two digits after it
        template = template.replace("{Y}", year[0] + "{Y}")
    fmt = DateFormat(template, 4 if year.isdigit() else 2, len(m.group("day")) == 2,
                     len(m.group("day")) == 2 and m.group("day")[0] == "0",
                     (lang, abbr, case), bool(m.group("ord")) and m.group("ord") not in ("º", "."))
    return dt.date(_year(year.lstrip("'’")), month, int(m.group("day"))), fmt


def noise_date(value: str, policy: EntityPolicy, keys: UserKeys, lang: str) -> str | None:
    """eps-mLDP on the day number (eps per day); None if ``value`` is not a date. A month and a year are
    read as a day of that month drawn with the user's key, so the noised month differs about as often as
    a noised day would leave its month (not only when the noise passes the 15th's month edges)."""
    parsed = read_date(value, lang)
    if parsed is None:
        return None
    date, fmt = parsed
    if "{D}" not in fmt.template:  # a month and a year: any day of that month, keyed, before the noise
        date = date.replace(day=1 + keys.prf("mldp", "PERSONAL_DATE|day", value)[0] % 28)
    grid = Grid("linear", 1.0, policy.min_value, policy.max_value)
    u_side, u_mag = uniforms_from_bytes(keys.prf("mldp", "PERSONAL_DATE", date.isoformat()))
    day = perturb(float(date.toordinal()), grid, policy.eps, u_side, u_mag)
    noised = dt.date.fromordinal(int(min(max(day, 1), dt.date.max.toordinal())))
    return fmt.render(noised)


TYPES = (
    EntityType(
        "PERSONAL_DATE",
        EntityPolicy(category="mldp", threshold=0.5, eps=0.1, scale="linear", unit=1.0,
                     min_value=float(dt.date(1900, 1, 1).toordinal()),
                     max_value=float(dt.date(2100, 12, 31).toordinal())),
        tier=0, finders=(lambda config: find_personal_dates, lambda config: find_column_dates), noiser=noise_date, family="dates",
        description="date of birth, admission, discharge, death or appointment (noised in days)",
        examples=("DOB 03/14/1985", "née le 14 mars 1985"),
    ),
    EntityType(
        "BIRTH_YEAR",
        # (ε 0.16 per year: the year goes out unchanged 4.0 % of the time, against 12.4 % at an age's ε 0.5, for an
        # average change of 12.5 years instead of 4; a full date of birth, noised in days, comes out unchanged 2.5 %)
        EntityPolicy(category="mldp", threshold=0.5, eps=0.16, scale="linear", unit=1.0, min_value=1800,
                     max_value=2100),
        tier=0, finders=(lambda config: find_birth_years,), family="dates",
        description="a year of birth alone (noised in years: goes out unchanged 4 % of the time)",
        examples=("born in 1965", "née en 1965"),
    ),
)
