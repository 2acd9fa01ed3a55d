"""PERSON: names found by the NER model and by the public name lists, in any case and place.

* Pairs of words (:mod:`name_pairs`): Title-case "First Last" from the name lists (US Census, Faker's
  French, Spanish and multi-locale lists: :mod:`name_words`), unlisted words with a person context,
  lowercase and ALL-CAPS pairs of listed words, names after a greeting or a title.
* Names in capitals or lower case that the lists do not settle (:mod:`recased_names`): NER reads
  them again in Title case.
* Values of name-like keys in JSON, YAML, code, logs and forms (``"first_name": "john"``), and
  the cells of name columns in CSV, TSV and markdown tables.
* Two words an e-mail address's local part spells ("Myra Abrahamsson" beside "MyraAbrahamsson@...").
* Korean given names romanized as two syllables and a hyphen ("Ji-woo", "Kim Hyun-woo":
  :mod:`syllable_names`).
The NER model's PERSON / PER spans are added by the annotator (spaCy labels of this record).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Container

import regex

from mechanisms.prmpt.codecs import AlnumCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found, RegexFinder
from mechanisms.prmpt.entities.cues import PHONE_CUES
from mechanisms.prmpt.entities.name_pairs import GREETINGS, find_listed_names
from mechanisms.prmpt.entities.name_words import (CALENDAR, EnglishWords, NameIndex, capital_names, english_words,
                                                  name_index, place_names)
from mechanisms.prmpt.entities.tables import column_cells
from mechanisms.prmpt.entities.titled_names import COMPANY_FORMS, is_dictionary_word, is_title

__all__ = ["NAME_KEY_BEFORE", "NameIndex", "TYPES", "find_keyed_names", "find_listed_names", "find_table_names", "name_index"]


_NAME_KEYS = (r"full[_ -]?name|first[_ -]?name|last[_ -]?name|given[_ -]?name|family[_ -]?name|surname|middle[_ -]?name|"
              r"[fl]_?name|forename|first|last|name|attn\.?|pt|"
              r"attention|"
              r"display_?name|customer(?:_?name)?|user_?name|patient(?:_?name)?|author|contact(?:_?name)?|"
              r"owner|recipient|sender|employee(?:_?name)?|client(?:_?name)?|assignee|reporter|manager|"
              r"signed_?by|signed|signature|signatory|cardholder|account_?holder|beneficiary|nom|pr[ée]nom|nom_complet|nombre|"
              r"apellidos?|nombre_completo|titular|destinatario|remitente|paciente|cliente|"
              # the people a record names beside its holder ("guardian: Ayinde Israel;", "Next of kin: ...")
              r"guardian|parent|mother|father|spouse|next[ _]of[ _]kin|emergency[ _]contact|tenant|landlord|"
              r"borrower|guarantor|co-?signer|student(?:_?name)?|policy_?holder|insured|vorname|nachname|mieter(?:in)?|"
              r"nome|cognome|naam|voornaam|achternaam|locataire|"
              # a care team's roles on a note or a chart ("Attending: Okonkwo. RN: Bettina.", "Médico: ...")
              r"resident|intern|registrar|rn|lpn|cna|np|md|nurse|physician|surgeon|doctor|clinician|"
              r"therapist|pharmacist|midwife|case[ _]manager|social[ _]worker|caregiver|carer|interpreter|scribe|"
              r"m[ée]dico|m[ée]decin|enfermer[oa]|infirmi[eè]re?")
# a name's key right before its value ("Name: ", "full_name=", "Nombre: "): the annotator keeps a keyed name read as
# written in a text in capitals, and the address finders read no street there ("Name: Calle Norberg")
NAME_KEY_BEFORE = regex.compile(rf"(?<![\w])[\"']?(?:{_NAME_KEYS})[\"']?[ \t]*(?:[:=]|=>)[ \t]*[\"']?$", regex.IGNORECASE)
_SINGLE_KEYS = regex.compile(r"^(?:first[_ -]?name|last[_ -]?name|given[_ -]?name|family[_ -]?name|surname|middle[_ -]?name|"
                             r"[fl]_?name|forename|"
                             r"pr[ée]nom|nom|nombre|apellidos?)$", regex.IGNORECASE)
# the key of a next name on the same line, which no value runs into ("Given name: Chidi   Family name: OKONKWO")
_NEXT_KEY = rf"[ \t]+(?:{_NAME_KEYS})[ \t]*(?:[:=]|=>)"
_KEYED = regex.compile(  # (or an XML element's: "<lname>Eze</lname>")
    rf"(?:(?<![\w])(?P<q>[\"']?)(?P<key>{_NAME_KEYS})(?P=q)\s*(?:[:=]|=>)\s*(?P<open>[\"']?)|<(?P<key>{_NAME_KEYS})>[ \t]*)"
    rf"(?P<v>\p{{L}}[\p{{L}}'’.-]*(?:(?!{_NEXT_KEY})[ \t]+\p{{L}}[\p{{L}}'’.-]*){{0,3}})(?=[\"',;}}\]\n)|<]|$|\s+\w+=|"
    rf"[ \t]+\p{{Lu}}\p{{L}}*[ \t]*:|{_NEXT_KEY})",  # the next field on the same line ("Name: Ada Obi Title: CFO",
    regex.IGNORECASE)  # "Given name: Chidi   Family name: OKONKWO")
_HEADER_NAME = regex.compile(rf"^\s*[\"']?(?:{_NAME_KEYS}|customer|patient|employee|person|contact)[\"']?\s*$",
                             regex.IGNORECASE)
_HEADER_HINT = re.compile(r"name|nom|first|last|given|family|forename|customer|client|patient|employee|person|contact|author|owner|recipient|"
                          r"sender|assignee|reporter|manager|cardholder|holder|beneficiary|titular|"
                          r"destinatario|remitente|paciente|cliente|apellido|surname", re.IGNORECASE)
# a column's bare "first", "last", "given" or "family": one part of a name, where the cells are names
_BARE_PART = regex.compile(r"^\s*[\"'`\[]?(?:first|last|given|family|forename|surname)[\"'`\]]?\s*$", regex.IGNORECASE)
_CELL_NAME = regex.compile(r"^\s*[\"']?(?P<v>\p{L}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3})[\"']?\s*$")


_STRONG_KEYS = regex.compile(r"^(?:full[_ -]?name|first[_ -]?name|last[_ -]?name|given[_ -]?name|family[_ -]?name|surname|"
                             r"middle[_ -]?name|[fl]_?name|forename|name|display_?name|customer_?name|patient_?name|contact_?name|"
                             r"employee_?name|client_?name|nom|pr[ée]nom|nom_complet|nombre|apellidos?|"
                             r"nombre_completo)$", regex.IGNORECASE)


_PARTICLE_WORDS = frozenset("de del della di da das do dos du van von der den ter ten la le y al el bin ibn".split())


def _name_like(value: str, single_ok: bool, strong: bool = False) -> bool:
    index = name_index()
    words = value.split()
    if not words or any(w.lower() in ("null", "none", "true", "false", "n/a", "unknown") for w in words):
        return False
    if len(words) == 1:
        return single_ok or index.is_first(words[0]) or index.is_last(words[0])
    listed = any(index.is_first(w) or index.is_last(w) for w in words)
    cased = words[0][:1].isupper() and all(w[:1].isupper() or w in _PARTICLE_WORDS for w in words)  # "Ana van Iersel"
    if not (strong or cased) and not all(index.is_listed(w) and not index.is_common(w) for w in words):
        return False  # a speaker's line, not a name ("Customer: my card was blocked"; "customer: john smith" stays one)
    return (listed or cased or strong) and not all(index.is_common(w) for w in words)


# a full name written "Surname, Given" as a field's value ("Name: Potoczna, Gaja", "Patient: Andreasen, Maja", in
# capitals on a record's header "NAME: MONTAÑEZ, INÉS"): the given name after the comma closes the value
_COMMA_GIVEN = regex.compile(r",[ \t]*(?P<g>\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}'’]+)?|\p{Lu}[\p{Lu}'’]+(?:-\p{Lu}[\p{Lu}'’]+)?)"
                             r"(?=[ \t]*(?:$|\n|[;|\"'}\]])|  |\t)", regex.MULTILINE)  # (or a column's gap)

_COMPANY_FORM = regex.compile(rf"(?:{COMPANY_FORMS})\.?")  # "Name: Acme, Inc."
_COMPANY_NEXT = regex.compile(rf"[ \t]*,?[ \t]*(?:{COMPANY_FORMS})\b")  # "BORROWER: Akamai Technologies, Inc."


_CLOSING_QUOTE = regex.compile(r"'(?!\p{L})")
# the name of a thing, not of a person: the word before a "name" key says what it names ("Company name: Blue Harbor
# Logistics", "Product name: Ultra Max", "Project name: Falcon Rising", "File name:", "Wi-Fi network name:")
_THING_NAME = regex.compile(
    r"(?<![\w])(?:company|product|project|file|app|application|device|network|wi-?fi|ssid|brand|team|store|shop|"
    r"business|organi[sz]ation|org|school|college|university|course|event|venue|hotel|restaurant|domain|host|"
    r"server|database|db|table|column|field|variable|class|function|method|package|module|repo|repository|branch|"
    r"model|campaign|program|programme|fund|vendor|supplier|merchant|trade|trading|street|city|town|country|"
    r"region|building|property|pet|dog|cat|horse|ship|vessel|game|song|album|book|movie|film|show|channel|group|"
    r"folder|document|image|plan|service|tool|feature|drug|medication|medicine|item|dataset|job|queue|"
    r"bucket|cluster|instance|container|volume|role|policy)[ \t_-]*$", regex.IGNORECASE)
# a bank account's name: its holder ("Account name: Priya Raman", "Account name: Mr J Smith") or what the holder
# calls it ("Account name: Home Loan Account", "Account name: Savings Plus"), told apart by the last word: a word of
# the dictionary no list holds as a name names the account
_ACCOUNT_NAME = regex.compile(r"(?<![\w])(?:account|acct|bank)[ \t_-]*$", regex.IGNORECASE)


def _names_a_thing(text: str, m: regex.Match[str], value: str, english: Container[str] | None) -> bool:
    """The value of a "name" key that the word before the key gives to a thing (:data:`_THING_NAME`), or to a bank
    account by a last word of the dictionary (:data:`_ACCOUNT_NAME`)."""
    if m.group("key").lower() != "name":
        return False
    before = text[text.rfind("\n", 0, m.start("key")) + 1:m.start("key")]
    if _THING_NAME.search(before):
        return True
    last = value.split()[-1] if value.split() else ""
    return bool(_ACCOUNT_NAME.search(before)) and english is not None and is_dictionary_word(english, last.lower()) \
        and not name_index().is_listed(last)


def find_keyed_names(text: str, lang: str, english: Container[str] | None = None) -> list[Found]:
    out = []
    for m in _KEYED.finditer(text):
        value = m.group("v").rstrip(".")
        if m.group("open") == "'":
            # the value's closing quote ("'last': 'Eze'"), not an apostrophe of it ("'O'Brien'"), and nothing after
            # it ("last_name = 'Okafor' AND first_name = ...")
            value = _CLOSING_QUOTE.split(value, maxsplit=1)[0].rstrip("'")
        if m.group("key").lower() in ("first", "last") and (value.lower() in CALENDAR or not value[:1].isupper()):
            continue  # a record's first and last of anything ("last": "Monday", "first": "yes")
        if _names_a_thing(text, m, value, english):
            continue
        single_ok = _SINGLE_KEYS.match(m.group("key")) is not None
        strong = _STRONG_KEYS.match(m.group("key")) is not None
        end = m.start("v") + len(value)
        given = _COMMA_GIVEN.match(text, end) if value and " " not in value and not single_ok else None
        if given is not None and given.group("g").isupper() != value.isupper() \
                and not (value.isupper() and given.group("g").istitle()):
            given = None  # one case for both words: "Name: Potoczna, Gaja", "NAME: POTOCZNA, GAJA", or the family
            # name in capitals as records write it, "Pt: OKONKWO, Chidi"
        if given is not None and _name_like(f"{value} {given.group('g')}", False, strong) \
                and not name_index().is_common(value) and value.lower() not in GREETINGS \
                and not _COMPANY_FORM.fullmatch(given.group("g")) \
                and not (value.casefold() in place_names() and given.group("g").casefold() in place_names()):
            out.append(Found("PERSON", m.start("v"), given.end("g"), 0.75))  # "Name: Potoczna, Gaja"
        elif value and _name_like(value, single_ok, strong) and not _COMPANY_NEXT.match(text, end):
            out.append(Found("PERSON", m.start("v"), end, 0.75))
    return out


# The parts of a name a health record's structure gives ("HumanName" of HL7 FHIR and its XML):
# {"family": "Okonkwo", "given": ["Chidi", "Emeka"]}, <family value="Okonkwo"/>, <given>Chidi</given>. A bare "family"
# or "given" key names a person only so, quoted or in an element, the other part's key beside it; else it is a
# word ("Family: Rosaceae", a font's {"family": "Helvetica"} stay)
_PART_VALUE = r"(?-i:\p{Lu})[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3}"
_NAME_PART = regex.compile(
    rf"(?P<q>[\"'])(?P<k>family|given)(?P=q)\s*:\s*(?P<list>\[\s*)?(?P<o>[\"'])(?P<v>{_PART_VALUE})(?P=o)"
    rf"|<(?P<k>family|given)(?:[ \t]+value=(?P<o2>[\"'])(?P<v2>{_PART_VALUE})(?P=o2)[ \t]*/?>|>(?P<v3>{_PART_VALUE})</(?P=k)>)",
    regex.IGNORECASE)
_NEXT_ITEM = regex.compile(rf"\s*,\s*(?P<o>[\"'])(?P<v>{_PART_VALUE})(?P=o)")
_PART_KEY = regex.compile(r"family|given", regex.IGNORECASE)


def find_name_parts(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_NAME_PART`) Each family and given name of such a record: no title, no everyday word that is no
    given name, not only dictionary words ("sans-serif")."""
    if _PART_KEY.search(text) is None:
        return []
    index = name_index()
    out = []
    for m in _NAME_PART.finditer(text):
        other = "given" if m.group("k").lower() == "family" else "family"
        if not regex.search(rf"[\"'<]{other}\b", text[max(0, m.start() - 300):m.end() + 300], regex.IGNORECASE):
            continue
        group = next(g for g in ("v", "v2", "v3") if m.group(g) is not None)
        spans = [(m.start(group), m.end(group))]
        if m.group("list") is not None:  # the given names of a list, one by one
            at = m.end()
            while (item := _NEXT_ITEM.match(text, at)) is not None:
                spans.append((item.start("v"), item.end("v")))
                at = item.end()
        for a, b in spans:
            words = regex.split(r"[ \t-]+", text[a:b])
            if not is_title(text[a:b]) and not any(index.is_common(w) and not index.is_first(w) for w in words) \
                    and not all(english is not None and not index.is_first(w) and english.is_word(w.lower())
                                for w in words):
                out.append(Found("PERSON", a, b, 0.75))
    return out


# the people a meeting's minutes, a panel or a deed lists after its key ("Attendees: Rania, Ferdinand, Olusegun
# (chair). Apologies: Beatriz.", "Présents : Inès Roy, Marc Petit", "Witnesses: HÄMÄLÄINEN; VIRTANEN"): every item of a
# list that runs to the end of its line or sentence, one to four capitalised words, a title and a bracketed role
# aside; the key says they are people even where a name is a town too ("Rania")
_PEOPLE_KEYS = (r"attendees|attending|in[ \t]+attendance|participants|present|also[ \t]+present|absent|apologies|"
                r"invitees|guests|speakers|panel|panell?ists|signatories|witnesses|team[ \t]+members|cc|reviewers|"
                r"approvers|interviewers|organi[sz]ers|moderators?|(?:co-?)?founders|(?:co-?)?authors|inventors|hosts|asistentes|participantes|presentes|ausentes|"
                r"invitados|pr[ée]sents|absents|excus[ée]s|invit[ée]s|teilnehmer(?:innen)?|anwesend|entschuldigt|"
                r"deelnemers|aanwezig|afwezig|partecipanti|presenti|assenti")
_PERSON_TITLE = r"(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Sra|Mme|M|Herr|Frau|Dott|Sig)\.?[ \t]+"
_LIST_WORD = r"\p{Lu}[\p{L}'’-]*\.?"
_LIST_ITEM = (rf"(?:{_PERSON_TITLE})?(?P<name>{_LIST_WORD}(?:[ \t]+(?:(?:{'|'.join(sorted(_PARTICLE_WORDS))})[ \t]+)?"
              rf"{_LIST_WORD}){{0,3}})(?:[ \t]*\([^()\n]{{1,40}}\))?")
_LIST_SEPARATOR = r"[ \t]*[,;][ \t]*(?:(?:and|&|y|et|und|e|en)[ \t]+)?|[ \t]+(?:and|&|y|et|und|e|en)[ \t]+"
_PEOPLE_LIST = regex.compile(
    rf"(?m)(?:^|(?<=[\s;|]))(?i:{_PEOPLE_KEYS})[ \t]*:[ \t]*(?P<list>{_LIST_ITEM}(?:(?:{_LIST_SEPARATOR}){_LIST_ITEM})*)"
    r"(?=[ \t]*(?:\.?[ \t]*$|\.[ \t]+\p{Lu}|[ \t]{2,}|\t|[ \t]+\p{Lu}[\p{L}]*[ \t]*:))")
_ITEM_IN_LIST = regex.compile(_LIST_ITEM)
_LIST_SEPARATOR_AT = regex.compile(_LIST_SEPARATOR)


def _a_listed_person(words: list[str], english: EnglishWords | None, anchored: bool = False) -> bool:
    """An item of a people list that names a person: no title, institution or company form, and no word
    that is everyday or a dictionary word and no given name (in a name of two words or more, a family name may be
    one: "Ada Smart"); in capitals, four letters or more and a vowel ("HR", "IT" are teams). With ``anchored``
    (another item of the list is a person so), a word the dictionary holds only as a noun is one too, and a listed
    family name alone that is a word too ("Attendees: Obi, Ade, Funmi"; "founders: Simonds, Torres and Ware";
    "Attendees: Engineering, Operations" stay, no item anchoring them)."""
    index = name_index()
    for word in words:
        bare = word.rstrip(".")
        low = bare.lower()
        if low in _PARTICLE_WORDS and word is not words[0]:
            continue
        if is_title(bare) or is_title(word) or low in CALENDAR or _COMPANY_FORM.fullmatch(bare) \
                or low in _LIST_NOT_PEOPLE:
            return False
        if bare.isupper() and (len(bare) < 4 or not regex.search(r"[AEIOUYÀ-ÖØ-Ý]", bare)) and len(words) == 1:
            return False
        in_dictionary = english is not None and (english.is_word(bare) if anchored else low in english)
        if not index.is_first(bare) and (index.is_common(bare) or in_dictionary) \
                and (len(words) == 1 and not (anchored and index.is_last(bare) and not bare.isupper())
                     or len(words) > 1 and not index.is_last(bare)):
            return False  # (anchored, a listed family name alone is one: "founders: Simonds, Torres and Ware")
    return True


_LIST_NOT_PEOPLE = frozenset("""team department committee board office group staff all everyone none n/a tbc tbd
    nobody council management finance legal sales marketing""".split())


def find_keyed_lists(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_PEOPLE_LIST`) Each person of a list its key says holds people."""
    if ":" not in text:
        return []
    out = []
    capitals = capital_names()
    for m in _PEOPLE_LIST.finditer(text):
        listed, at = [], m.start("list")
        while (item := _ITEM_IN_LIST.match(text, at, m.end("list"))) is not None:
            listed.append(item)
            gap = _LIST_SEPARATOR_AT.match(text, item.end(), m.end("list"))
            if gap is None:
                break
            at = gap.end()
        if len(listed) > 1 and all(item.group("name").casefold() in capitals for item in listed):
            continue  # "Speakers: Paris, London, Tokyo": the capitals a tour stops at
        people = [_a_listed_person(item.group("name").split(), english) for item in listed]
        for item, person in zip(listed, people):
            if person or any(people) and _a_listed_person(item.group("name").split(), english, anchored=True):
                out.append(Found("PERSON", item.start("name"), item.start("name") + len(item.group("name").rstrip(".")),
                                 0.75))
    return out


# a contact list's line, a name and its number, maybe the number's kind between ("Kwame mobile 07700 900456", "Ingvild
# (mob) +47 912 34 567", "- Bogdan: 0722 123 456"): the line holds nothing else, a kinship word or a title may open it
_CONTACT_LINE = regex.compile(
    r"(?m)^[ \t]*(?:[-*•][ \t]+)?(?P<v>\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){0,2})[ \t]*(?:[-–:,][ \t]*)?"
    r"(?P<label>\(?(?i:mobile|mob|cell|cellphone|phone|tel|home|work|office|whatsapp|landline)\.?\)?[ \t]*:?[ \t]*)?"
    r"(?=(?P<n>\+?\(?\d[\d \t().-]{6,18}\d)[ \t]*$)")
# a number's label in the languages of Europe, beside the phone's cues ("Mobiel 85 72 32", "Rufnummer", "Fax")
_NUMBER_LABELS = frozenset("""fax telefax handy nummer rufnummer numéro numero número nr no tlf tlph""".split())
_CONTACT_OPENERS = frozenset("""mum mom mam mama dad papa auntie aunt aunty uncle nan nana gran granny grandma grandpa
    cousin sis bro brother sister dr mr mrs ms miss prof""".split())


def find_contact_lines(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_CONTACT_LINE`) The name of each such line, its kinship word or title aside: no everyday word
    or dictionary word that is no given name ("Reception 020 7946 0000", "Fax 01 234 5678" stay); without the
    number's kind, only listed names before a number written in groups."""
    if "\n" not in text and len(text) > 80:
        return []
    index = name_index()
    out = []
    for m in _CONTACT_LINE.finditer(text):
        words = list(regex.finditer(r"\S+", m.group("v")))
        while words and words[0].group(0).lower().rstrip(".") in _CONTACT_OPENERS:
            words.pop(0)
        if not words or any(is_title(w.group(0)) or w.group(0).lower() in CALENDAR or w.group(0).isupper()
                            or PHONE_CUES.search(w.group(0)) is not None or w.group(0).lower() in _NUMBER_LABELS
                            or not index.is_first(w.group(0)) and (index.is_common(w.group(0)) or english is not None
                                                                   and w.group(0).lower() in english)
                            for w in words):
            continue
        if m.group("label") is None and not (all(index.is_listed(w.group(0)) for w in words)
                                             and regex.search(r"[ \t().-]", m.group("n"))):
            continue  # no label: listed names and a number in groups ("Steueridentifikationsnummer: 42596008315",
            # "IdNr 34380256794" are an identity number's key)
        out.append(Found("PERSON", m.start("v") + words[0].start(), m.start("v") + words[-1].end(), 0.75))
    return out


# the payee or payer of a bank statement's line ("TRANSFER TO O OKONKWO REF RENT", "BACS CREDIT FROM T WRONA SALARY",
# "Faster payment to NKEMELU C ref loan"): a family name in capitals, its initials before or after it
_PAYMENT = (r"(?i:transfer|tfr|payment|fps|bacs|chaps|sepa|credit|debit|dd|so|sto|standing[ \t]+order|giro|remittance|"
            r"wire|zelle|venmo|paypal)")
_PAYEE = regex.compile(
    rf"(?<![\p{{L}}]){_PAYMENT}(?![\p{{L}}])[^\n]{{0,24}}?(?<![\p{{L}}])(?i:to|from)[ \t]+(?:(?:MRS?|MS|MISS|DR)[ \t]+)?"
    r"(?P<v>(?P<i>(?:\p{Lu}[ \t]){0,2})\p{Lu}[\p{Lu}'’-]{2,}(?:[ \t]+\p{Lu}[\p{Lu}'’-]{2,})?(?P<j>(?:[ \t]+\p{Lu}){0,2}))"
    r"(?=[ \t]+(?i:ref|reference|memo|for|salary|rent|wages)\b|[ \t]*(?:$|\n|[-+]?[£$€]?\d))", regex.MULTILINE)


def find_payees(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_PAYEE`) The person's name of such a line: with an initial (but "A" or "I") beside it, any family
    name; without, no dictionary or everyday word ("TFR FROM SAVINGS", "DD TO BRITISH GAS" stay)."""
    index = name_index()
    out = []
    for m in _PAYEE.finditer(text):
        initials = (m.group("i") + m.group("j")).split()
        words = [w for w in m.group("v").split() if len(w) > 1]
        worded = any(index.is_common(w) or english is not None and w.lower() in english or is_title(w) for w in words)
        if worded and not any(i not in ("A", "I") for i in initials):
            continue
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# the columns of a table of things, whose bare "name" column names no person ("name,price,sku", "INSERT INTO
# products (name, price)", "name | capital | population")
_THING_COLUMN = re.compile(r"[ \t]*[\"'`\[]?(?i:price|unit[ _]?price|cost|sku|qty|quantity|stock|in[ _]stock|brand|model|"
                           r"isbn|genre|version|capital|population|calories|weight|size|colou?r|category|vendor|"
                           r"manufacturer|barcode|upc|ean)[\"'`\]]?[ \t]*")
_BARE_NAME = re.compile(r"[ \t]*[\"'`\[]?(?i:name|nom|nombre|nome|naam)[\"'`\]]?[ \t]*")


def _people_columns(line: str, cells: list[tuple[int, int]]) -> bool:
    """Not a table of things: a bare "name" column beside a price, a SKU, a stock, a capital, ..."""
    titles = [line[a:b] for a, b in cells]
    return not (any(_BARE_NAME.fullmatch(t) for t in titles) and any(_THING_COLUMN.fullmatch(t) for t in titles))


def find_table_names(text: str, lang: str) -> list[Found]:
    """Cells under a name-like header in CSV / TSV / semicolon / markdown tables and SQL inserts (a bare "name"
    beside the columns of a thing is no person's: :func:`_people_columns`)."""
    def title(cell: str) -> str | None:
        return "part" if _BARE_PART.match(cell) else "name" if _HEADER_NAME.match(cell) else None

    index = name_index()
    out: list[Found] = []
    for kind, a, b in column_cells(text, _HEADER_HINT, title, _people_columns):
        m = _CELL_NAME.match(text[a:b])
        if m and kind == "part" and not (m.group("v")[:1].isupper() and not index.is_common(m.group("v").strip())
                                         or index.is_first(m.group("v").strip())):
            continue  # under a bare "first" or "last", a word in lower case or an everyday word ("yes", "no")
        if m and _name_like(m.group("v").strip(), True, strong=True):
            out.append(Found("PERSON", a + m.start("v"), a + m.start("v") + len(m.group("v").rstrip()), 0.7))
    return out


# A name the text also spells as an e-mail address's local part ("Myra Abrahamsson ... MyraAbrahamsson@rhyta.com",
# "helena hřibová ... helena.hribova@..."; "j.smith@", "smithj@" beside "John Smith"): two adjacent words, or two
# with an initial between them, whose letters (accents and case aside) make the local part, digits at its end
# aside. Whatever case the words are written in: the address says they are a name.
_EMAIL_LOCAL = re.compile(r"(?<![\w.+-])(?P<v>[^\W_][\w.+-]{1,63})@[\w-]+(?:\.[\w-]+)+")
_LOCAL_SEPARATORS = re.compile(r"[._+-]")
_PAIR_WORDS = regex.compile(r"\p{L}[\p{L}\p{M}'’]*")


def _fold(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(ch)
                   and ch.isalnum()).replace("ß", "ss")


def find_emailed_names(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_EMAIL_LOCAL`) Each pair of words an e-mail address spells, or opens with a second family name after
    them ("Ligio Valladares" of "LigioValladaresSaldana@"), each a listed name or no dictionary word and neither an
    everyday word ("Data Science" of "datascience@", "Sales Team" of "salesteam@" are no names)."""
    if "@" not in text:
        return []
    locals_ = {_LOCAL_SEPARATORS.sub("", m.group("v")).rstrip("0123456789").casefold() for m in _EMAIL_LOCAL.finditer(text)}
    locals_ = {_fold(v) for v in locals_ if len(v) >= 5}
    if not locals_:
        return []
    index = name_index()
    words = list(_PAIR_WORDS.finditer(text))
    folded = [_fold(w.group()) for w in words]
    out = []
    for k in range(len(words) - 1):
        j = k + 1
        if len(folded[j]) == 1 and j + 1 < len(words) and text[words[k].end():words[j + 1].start()].count("\n") == 0:
            j += 1  # a middle initial between: "Pista K Gyôry" for "GyoryPista@"
        a, b = folded[k], folded[j]
        if len(a) < 2 or len(b) < 2 or "\n" in text[words[k].end():words[j].start()] \
                or len(text[words[k].end():words[j].start()]) > 4:
            continue
        whole = bool({a + b, b + a} & locals_)
        if not (whole or {a[0] + b, b + a[0], a + b[0], b[0] + a} & locals_  # ("Okonkwo, Chidi" of "c.okonkwo@")
                or len(a + b) >= 8 and any(v.startswith((a + b, b + a)) for v in locals_)):
            continue
        pair = (words[k].group(), words[j].group())
        named = [index.is_listed(w) and not index.is_common(w) or not index.is_common(w) and english is not None
                 and not english.is_word(w.lower()) for w in pair]
        # (both words spelled out whole, one a name: the other may be a dictionary's too, "rami martinsson" of
        # "ramimartinsson@"; never an everyday word)
        if all(named) or whole and any(named) and not any(index.is_common(w) for w in pair):
            out.append(Found("PERSON", words[k].start(), words[j].end(), 0.8))
    return out


# A mail's sender or recipient by the name its address is shown with ("From: \"Okonkwo, Chidi\" <chidi@example.org>",
# "To: 'Aino Hämäläinen' <ah@example.fi>"): two to four words, each capitalised, a listed given name, a title or no
# dictionary word, none an everyday word ("Acme Support" <help@acme.com>, "Jira Cloud" name no one)
_DISPLAY_NAME = regex.compile(r"(?P<q>[\"“'])(?P<v>\p{L}[\p{L}'’.-]*(?:,?[ \t]+\p{L}[\p{L}'’.-]*){1,3})[\"”'][ \t]*"
                              r"<[^<>@\s]+@[^<>\s]+>")


def find_display_names(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_DISPLAY_NAME`) The name a mail's address is shown with."""
    if "<" not in text or "@" not in text:
        return []
    index = name_index()
    out = []
    for m in _DISPLAY_NAME.finditer(text):
        words = [w.strip(".") for w in m.group("v").replace(",", " ").split()]
        if all(w[:1].isupper() and not index.is_common(w)
               and (index.is_first(w) or is_title(w) or english is not None and not english.is_word(w.lower()))
               for w in words if len(w) > 1):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# A social-media handle ("@jdoe_82", not an email's "@acme.com") or a value after a username cue.
_HANDLE = r"(?<![\w@.+-])(?P<v>@[A-Za-z0-9_](?:[A-Za-z0-9_]|\.(?=[A-Za-z0-9_])){1,29})(?![\w@-])(?!\.[A-Za-z]{2})"
# a Reddit account as Reddit writes it ("u/quietfox_88", "/u/Kofi-Mensah"), not inside a path or a word, nor a
# nursing note's urine output ("u/o10-15cc")
_REDDIT_USER = r"(?<![\w/.-])/?u/(?![A-Za-z]\d)(?P<v>[A-Za-z0-9_-]{3,20})(?![\w/-])"
# (the cue in any case: "Username: jdoe82", "USER NAME: ..."; after "login" or "handle", which a sentence writes too,
# only a value that is the whole field: "Login: m.kowalczyk", never "Login: failed for ...", "Handle: with care")
_USERNAME_CUE = (r"(?<![A-Za-z])(?i:user[\s_-]?name|user[\s_-]?id|screen[\s_]?name|nick[\s_]?name|gamertag|pseudo|"
                 r"identifiant|usuario|nombre\s+de\s+usuario)[\"']?\s*[:=]\s*[\"']?(?P<v>(?=[\w.-]*[A-Za-z])[\w.-]{3,40}\b)")
_LOGIN_CUE = r"(?<![A-Za-z])(?:login|handle)[\"']?\s*[:=]\s*[\"']?(?P<v>(?=[\w.-]*[A-Za-z])[\w.-]{3,40}\b)"
_LOGIN_FIELD = (r"(?<![A-Za-z])(?i:login|handle)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<v>(?=[\w.-]*[A-Za-z])[\w.-]{3,40})"
                r"(?=[\"',;|]|[ \t]*(?:\n|$))")
# a record's account under a key a person's account has, quoted as JSON quotes it ("user": "mfitzgerald",
# 'account': 'ihalvorsen'); "User: can you help" is a speaker's line, no key
# an account after a ticket's or a review's role ("Assigned to: okonkwo.c | Reviewer: hamalainen.a", "cc: j_doe"): a
# value in lower case with a point or an underscore inside, no file's name ("owner: config.yaml") and no path
_ROLE_ACCOUNT = (r"(?<![\w])(?i:assigned[ \t]+to|assignee|reviewers?|reviewed[ \t]+by|approvers?|approved[ \t]+by|owner|"
                 r"reporter|reported[ \t]+by|created[ \t]+by|opened[ \t]+by|closed[ \t]+by|escalated[ \t]+to|cc)"
                 r"[ \t]*:?[ \t]*@?(?P<v>(?![a-z0-9._]*\.(?:py|js|ts|md|txt|json|ya?ml|toml|cfg|ini|csv|log|pdf|docx?|"
                 r"xlsx?|html?|xml|sh|go|rs|java|rb)(?![\w.-]))[a-z][a-z0-9]*(?:[._][a-z][a-z0-9]*)+)(?![\w@/.-])")
_JSON_USER = (r"(?<![\w])[\"'](?i:user|usr|uname|account|acct|actor|principal|login_?name)[\"']\s*:\s*[\"']"
              r"(?P<v>(?=[\w.-]*[A-Za-z])[A-Za-z_][\w.-]{2,40})(?=[\"'])")
# an account right after its cue word with no colon ("username kwame.boateng88", "user jsmith_77", "login
# a.okafor2", "logged in as zelda_m88", "connecté en tant que m.durand"): a value an account's shape tells (a digit, an
# underscore or a point inside, a letter first), no web address ("login example.com") and no file ("user config.yaml"
# is rare, "login.html" is no account)
_BARE_ACCOUNT = re.compile(
    r"(?<![\w.-])(?i:user[ _-]?name|user[ _-]?id|user|login|screen[ _]?name|nick[ _]?name|gamertag|"
    r"(?:logged|signed|log|sign|logging|signing)[ \t]+(?:in|on)[ \t]+as|connect[ée]e?[ \t]+en[ \t]+tant[ \t]+que|"
    r"conectad[oa][ \t]+como)[ \t]+[\"']?"
    r"(?P<v>(?=[\w.-]*(?:\d|_|\.\w))(?![\w.-]*\.(?i:com|org|net|io|dev|app|edu|gov|info|biz|html|htm|php|json|"
    r"yaml|yml|txt|csv|log|py|js|md)(?![\w.-]))[A-Za-z][\w.-]{1,38}[A-Za-z0-9])(?![\w@/-]|\.\w)")

# An account's name told in a sentence, in the languages people write to an assistant in ("my username is jdoe82",
# "Dein Benutzername ist max_huber88", "il nome utente è giulia.rossi", "Tu usuario es lgarcia"): a value with a
# digit, a point or an underscore, or a word in lower case no dictionary holds ("my login is broken" stays)
_TOLD_ACCOUNT = re.compile(
    r"(?<![\w-])(?:(?i:user\s?name|user\s?id|login|nome\s+utente|identifiant|nom\s+d['’]utilisateur|"
    r"nazwa\s+u[żz]ytkownika)|(?P<de>(?i:benutzername|benutzerkennung))|(?P<nl>(?i:gebruikersnaam))|"
    r"(?P<pt>(?i:nome\s+de\s+usu[áa]rio|usu[áa]rio))|(?P<es>(?i:usuario)))"
    r"[ \t]+(?i:is|was|ist|lautet|è|é|est|es|era|jest)[ \t]+[\"'“‘]?"
    r"(?P<v>[A-Za-z0-9_][\w.-]{1,39}?)(?=[\"'”’]?(?:[.,;:!?)]*(?:\s|$)))")


def _a_word_of(word: str, lang: str | None) -> bool:
    """A word of the dictionary that ships here for ``lang`` (German, Dutch, Portuguese, Spanish)."""
    from mechanisms.prmpt.entities.name_words import dictionary_words

    lexicon = dictionary_words(lang) if lang is not None else None
    return lexicon is not None and word.lower() in lexicon


# a chat log's speaker, its nick in angle brackets opening the line (IRC, Matrix and Discord exports: "<Zainab_K>
# anyone know?", "[10:32] <dev_tomasz> try restarting"); an HTML tag or a generic type opens a line so too
_CHAT_NICK = re.compile(r"^[ \t]*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]*)?<[@+%~&]?"
                        r"(?P<v>[A-Za-z\[\]\\^_`{|}][\w\[\]\\^`{|}-]{1,30})>[ \t]+\S", re.MULTILINE)
_HTML_TAGS = frozenset("""a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite
code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1
h2 h3 h4 h5 h6 head header hr html i iframe img input ins kbd label legend li link main map mark meta meter nav
noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script section select
slot small source span strong style sub summary sup svg table tbody td template textarea tfoot th thead time title
tr track u ul var video wbr path g center font""".split())


def find_chat_log_nicks(text: str) -> list[Found]:
    """(:data:`_CHAT_NICK`) A chat log's nicks: where two lines or more open so, or where the nick has a digit or an
    underscore in it, as an account's name has; never an HTML tag or a placeholder ("<name>")."""
    if "<" not in text:
        return []
    found = [m for m in _CHAT_NICK.finditer(text) if m.group("v").lower() not in _HTML_TAGS and _an_account(m.group("v"))]
    log = len(found) >= 2
    return [Found("USERNAME", m.start("v"), m.end("v"), 0.8) for m in found
            if log or any(ch.isdigit() or ch == "_" for ch in m.group("v"))]


def find_told_accounts(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_TOLD_ACCOUNT`) The accounts a sentence tells by their name."""
    out = []
    for m in _TOLD_ACCOUNT.finditer(text):
        value = m.group("v")
        if not _an_account(value):
            continue
        lang_of_cue = next((code for code in ("de", "nl", "pt", "es") if m.group(code)), None)
        if not re.search(r"[\d._]", value) and not (
                value.islower() and _unknown_word(value, english)
                and not name_index().is_common(value) and not _a_word_of(value, lang_of_cue)):
            continue  # "my login is broken", "your username is the same", "Dein Benutzername ist falsch"
        out.append(Found("USERNAME", m.start("v"), m.end("v"), 0.8))
    return out


# An account's name where a machine writes it: a home directory ("/home/ravindra.pillai/", "C:\Users\MKowalczyk\",
# "~ravindra/"), a log's "user=" field, an SSH daemon's log line ("Accepted password for tmalinowski from",
# "Invalid user oyelaranm from"), a shell prompt ("ravi@ravi-laptop:~/src$", "[jdoe@host01 ~]$"), the user of an
# ssh, scp or rsync target ("ssh jkowalczyk@build-01.internal"). The accounts every machine has ("root", "ubuntu",
# "runner", "Public") name nobody and stay.
_HOME_DIR = (r"(?:(?<![\w.~-])/home/|(?<![\w.-])/Users/|(?<![\w])(?i:[a-z]:\\+users\\+)|(?<![\w:\\])\\+(?i:users)\\+)"
             r"(?P<v>[^/\\\s:\"'`*?<>|$%{}()\[\],;]{2,64})(?=[/\\\"'`\s:,;)]|$)")
_TILDE_HOME = r"(?<![\w~/.-])~(?P<v>[A-Za-z_][\w.-]{1,31})(?=/)"
_LOG_USER = r"(?<![\w.-])(?i:user|usr|uname|owner|acct|actor|principal|ruser)=[\"']?(?P<v>[A-Za-z_][\w.@-]{1,63})"
_SSHD_USER = (r"(?:\b(?:password|publickey|keyboard-interactive/pam|none) for (?:invalid user )?|\b[Ii]nvalid user |"
              r"\bsession (?:opened|closed) for user )(?P<v>[A-Za-z_][\w.-]{1,31})(?=[\s(]|$)")
_SHELL_PROMPT = r"(?:^|(?<=[\s\[(]))(?P<v>[A-Za-z_][\w.-]{1,31})@[A-Za-z][\w.-]{0,62}:(?=[~/])"
_BRACKET_PROMPT = r"(?<=\[)(?P<v>[A-Za-z_][\w.-]{1,31})@[A-Za-z][\w.-]{0,62}[ \t]+[^\]\n]{1,64}\][$#]"  # ("[jdoe@host01 ~]$")
_SSH_TARGET = (r"\b(?:ssh|scp|sftp|rsync|mosh|ssh-copy-id)\b[^\n|;&]{0,120}?(?<![\w.@/-])"
               r"(?P<v>[A-Za-z_][\w.-]{1,31})@(?=[A-Za-z0-9][\w-]*(?:\.[\w-]+)*(?:[\s:]|$))")
_EVERY_MACHINES_ACCOUNTS = frozenset("""root admin administrator user users default public shared guest ubuntu debian
centos fedora ec2-user azureuser vagrant pi runner runneradmin jenkins git www-data nobody daemon node app docker
circleci travis gitlab-runner vscode codespace gitpod jovyan appveyor vsts build builder ci postgres mysql redis
oracle home me you username yourname your_name yourusername your_user_name name all localuser test tester dev
developer service svc system sys""".split())


def _an_account(value: str) -> bool:
    """No account every machine has, no placeholder ("$USER", "<you>", "%USERNAME%")."""
    return value.lower().lstrip("@") not in _EVERY_MACHINES_ACCOUNTS and value[:1] not in "$%{<"


TYPES = (
    EntityType(
        "PERSON", EntityPolicy(category="fpe", threshold=0.6), tier=2, spacy_labels=("PERSON", "PER"),
        finders=(lambda config: _listed_names_finder(config), lambda config: _keyed_names_finder(config),
                 lambda config: _name_parts_finder(config),
                 lambda config: find_table_names, lambda config: _recased_names_finder(config),
                 lambda config: _titled_names_finder(config), lambda config: _learned_names_finder(config),
                 lambda config: _reporting_finder(config), lambda config: _emailed_names_finder(config),
                 lambda config: _syllable_names_finder(config)),
        codec=lambda config: _name_codec(config), family="people",
        description="a person's name (NER, name lists, keys and columns; any case)",
        examples=("John Smith", "john smith", '"first_name": "Ana"'),
    ),
    EntityType(
        "USERNAME", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(lambda config: RegexFinder("USERNAME", [(_HANDLE, 0.8), (_REDDIT_USER, 0.8), (_USERNAME_CUE, 0.8),
                                                         (_LOGIN_CUE, 0.8), (_BARE_ACCOUNT, 0.8),
                                                         (_LOGIN_FIELD, 0.8), (_HOME_DIR, 0.8),
                                                         (_TILDE_HOME, 0.8), (_LOG_USER, 0.8), (_SSHD_USER, 0.8),
                                                         (_SHELL_PROMPT, 0.8), (_BRACKET_PROMPT, 0.8),
                                                         (_SSH_TARGET, 0.8), (_JSON_USER, 0.8),
                                                         (_ROLE_ACCOUNT, 0.8)],
                                            validate=_an_account, flags=0),
                 lambda config: _told_accounts_finder(config)),
        codec=lambda config: AlnumCodec("USERNAME"), family="people",
        description="a social-media handle (@name, u/name), the value after a username / login cue or a record's user key, an "
                    "account told in a sentence, or an account's name in a home directory, a log line, a shell prompt "
                    "or an ssh target",
        examples=("@jdoe_82", "username: jdoe82"),
    ),
)


def _english(config, otherwise=None):  # noqa: ANN001, ANN202
    """The English words of ``config``'s English pipeline, or ``otherwise`` when English is not served (the finders
    read None as "no word list at all" and an empty set as "no word is English")."""
    return english_words(config.model_for("en")) if "en" in config.languages else otherwise


def _keyed_names_finder(config):  # noqa: ANN001, ANN202
    english = _english(config)
    return lambda text, lang: find_keyed_names(text, lang, english)


def _listed_names_finder(config):  # noqa: ANN001, ANN202
    english = _english(config)
    return lambda text, lang: [f for f in find_listed_names(text, lang, english)
                               if not _ends_in_an_office(text[f.start:f.end])]


def _ends_in_an_office(value: str) -> bool:
    """A pair closed by an office ("by Prime Minister", "Foreign Minister"): no name; "John Major" is one, a listed
    family name."""
    last = value.split()[-1]
    return last[:1].isupper() and not name_index().is_last(last) and is_title(last)


# A given name and a family name joined by a point or an underscore, as an account, a code comment or a file spells
# them ("TODO(kwabena.mensah)", "reviewed by john_smith", "shared/marisol.quintanilla/"): never an attribute or a call
# ("self.data", "np.array", "df.head()"), a domain or an address ("mensah.com", "j.smith@")
_DOTTED = regex.compile(r"(?<![\w.@:-])(?P<a>\p{L}{2,24})[._](?P<b>\p{L}{3,24})(?![\w@(-]|\.\p{L})")


_HANDLE_BEFORE = re.compile(r"(?:[:=][ \t]*|(?<![\w])(?i:by|to|from|cc|for|with|ping|ask)[ \t]+)$")


def _unknown_word(word: str, english: EnglishWords | None) -> bool:
    """A word of four letters or more that the English dictionary does not hold."""
    return len(word) >= 4 and english is not None and word.lower() not in english


def _set_apart(text: str, m: regex.Match[str]) -> bool:
    """A dotted pair as code or a record sets a value apart: joined by an underscore, in brackets, quotes or a path,
    after a field's colon or "by" (a point between two words of a note written with no space after it ends a
    sentence: "urine.hickman cath")."""
    return text[m.end("a")] == "_" or text[m.start() - 1:m.start()] in tuple("\"'(/\\[<") \
        or text[m.end():m.end() + 1] in tuple("\"')/\\]>") \
        or _HANDLE_BEFORE.search(text, max(0, m.start() - 12), m.start()) is not None


def _given_and_family(a: str, b: str, english: EnglishWords | None, set_apart: Callable[[], bool]) -> bool:
    """``a`` and ``b``, side by side in one case (lower or Title), are a given name and a family name: both listed, or,
    where ``set_apart()`` says the text sets them apart as a name, one listed and the other a word of four letters or
    more no dictionary holds; neither an everyday word."""
    if not (a.islower() and b.islower() or a.istitle() and b.istitle()):
        return False
    index = name_index()
    if index.is_common(a) or index.is_common(b):
        return False
    first, last = index.is_first(a), index.is_last(b)
    return first and last or set_apart() and (first and _unknown_word(b, english) or last and _unknown_word(a, english))


def find_dotted_names(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """The two parts of a dotted or underscored name: a listed given name and a listed family name, or one of them
    and a word of four letters or more no dictionary holds ("ingrid_solvang"); neither an everyday word ("max.min",
    "mark.down" are none)."""
    if "." not in text and "_" not in text:
        return []
    out = []
    for m in _DOTTED.finditer(text):
        if not _given_and_family(m.group("a"), m.group("b"), english, lambda: _set_apart(text, m)):
            continue
        if text[m.end("a")] == "_":  # (one word to the reader: hidden whole)
            out.append(Found("PERSON", m.start("a"), m.end("b"), 0.7))
        else:
            out += [Found("PERSON", m.start("a"), m.end("a"), 0.7), Found("PERSON", m.start("b"), m.end("b"), 0.7)]
    return out


# a file's name, its words joined by underscores, hyphens or points, before an extension a document, a picture,
# a sheet, a recording or an archive has ("Lebenslauf_Anna_Schmidt.pdf", "cover_letter_rahul_mehta.docx",
# "passport-scan-Maria-Gonzalez.jpg")
_FILE = regex.compile(r"(?<![\w./\\-])(?P<stem>\p{L}[\p{L}\d]*(?:[._-]+[\p{L}\d]+)+)\."
                      r"(?i:pdf|docx?|odt|rtf|txt|md|xlsx?|ods|csv|pptx?|odp|jpe?g|png|gif|heic|tiff?|bmp|webp|"
                      r"mp[34]|m4a|wav|mov|avi|zip|7z|rar|eml|msg|vcf|json|xml|html?)(?![\w.])")
_FILE_WORD = regex.compile(r"\p{L}+")


def in_file_name(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a word of a file's name (:data:`_FILE`), set apart from its other words by an
    underscore, a hyphen or a point."""
    a = start
    while a > 0 and (text[a - 1].isalnum() or text[a - 1] in "_.-"):
        a -= 1
    m = _FILE.match(text, a)
    return m is not None and m.start("stem") <= start and end <= m.end("stem")


def find_file_names(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """A given name and a family name side by side in a file's name: a listed given name then a listed family name,
    or one of them and a word of four letters or more no dictionary holds, in lower case or Title case; each
    hidden as a name (the file's other words and its extension stay)."""
    if "." not in text:
        return []
    out = []
    for m in _FILE.finditer(text):
        words = [w for w in _FILE_WORD.finditer(m.group("stem"))
                 if w.end() == len(m.group("stem")) or not m.group("stem")[w.end()].isdigit()]
        for a, b in zip(words, words[1:]):
            if a.end() != b.start() and _given_and_family(a.group(), b.group(), english, lambda: True):
                at = m.start("stem")
                out += [Found("PERSON", at + a.start(), at + a.end(), 0.7),
                        Found("PERSON", at + b.start(), at + b.end(), 0.7)]
    return out


# a person addressed by name: before a comma and a question or a request that opens a sentence ("Ane, can I please
# speak to your boss?"), or after a comma at the end of one ("Remember me, Bethany?")
_VOCATIVE_BEFORE = regex.compile(
    r"(?m)(?:^|(?<=[.!?][ \t]))[ \t]*(?:[-–—][ \t]+)?(?P<v>\p{Lu}\p{Ll}{2,}),[ \t]+(?=(?:can|could|would|will|please|do|"
    r"did|are|have|let's|listen|look|thank|thanks|stop|wait|come|hold|hurry|run)[ \t,!?.])")  # (not "Scotland, who")
# the words one addresses someone by that are no name ("Sweetie, are you ok?", "Is that right, Doc?")
_ADDRESS_WORDS = frozenset("""sweetie sweetheart honey hun hon darling babe baby doc buddy mate pal dude bro sis love
    dear chief boss folks guys everyone everybody team sir madam maam officer captain coach kiddo champ lads ladies
    gents fam bestie hey hello""".split())
_VOCATIVE_AFTER = regex.compile(r"(?<=(?<![\p{L}'’-])\p{Ll}+),[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})[ \t]*(?=[?!])")  # (not "Rome, Florence!")


# the one a speaker turns to ("said Jennifer to April", "Paul shouted at Jordan:", "renze shouted at joseph:"), the
# name closing its clause
_SPOKEN_TO = regex.compile(
    r"(?<![\p{L}])(?i:said|says|shouted|shouts|yelled|whispered|screamed|snapped|cried|waved|smiled|winked|nodded|"
    r"glared|stared|laughed)[ \t]+(?:\p{Lu}\p{Ll}+[ \t]+)?(?i:at|to)[ \t]+"
    r"(?P<v>\p{Lu}\p{Ll}{2,}|\p{Ll}{3,})(?=[ \t]*(?:[:.,!?;\"”]|$))", regex.MULTILINE)
# the answer to a question for a name, after it on its line or on the next, a speaker's label before it ("What's your
# name? Nivi Rosing", "Agent: May I have your full name?\nCustomer: Oyelaran Bamidele")
_NAME_ANSWER = regex.compile(
    r"(?i:what(?:['’]s|[ \t]+is)[ \t]+your[ \t]+(?:full[ \t]+)?name|(?:may|can|could)[ \t]+i[ \t]+(?:have|get|take)[ \t]+"
    r"your[ \t]+(?:full[ \t]+)?name|your[ \t]+name[ \t]+please)[ \t]*\??[ \t]*(?:\n[ \t]*(?:\p{Lu}[\p{L}]*[ \t]*:[ \t]*)?)?"
    r"(?:(?i:it['’]s|i['’]m|my[ \t]+name[ \t]+is|this[ \t]+is)[ \t]+)?"
    r"(?P<v>\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}\.?)?(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){0,2})(?=[ \t]*(?:[.,!]|$))", regex.MULTILINE)


def _no_addressee(word: str) -> bool:
    """A title, a month, a kinship word or a word of address: no name of whom one speaks to or addresses."""
    low = word.lower()
    return is_title(word) or low in CALENDAR or low in _CONTACT_OPENERS or low in _ADDRESS_WORDS


def _given_or_unknown(word: str, index: NameIndex, english: EnglishWords | None) -> bool:
    """A listed given name, or a word no name list and no dictionary holds and that is no everyday word."""
    return index.is_first(word) or not (index.is_listed(word) or index.is_common(word)
                                        or english is not None and is_dictionary_word(english, word))


def find_spoken_to(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_SPOKEN_TO`, :data:`_NAME_ANSWER`, English) The one spoken to: a listed given name, or a capitalised word
    no list and no dictionary holds (in lower case a listed given name that is no everyday word), never a place that
    is no given name; the answer to a question for a name, no title or month in it and not all of it everyday or
    dictionary words but a listed given name ("What's your name? Nobody", "Customer Service" stay)."""
    if lang != "en":
        return []
    index = name_index()
    capitals, places = capital_names(), place_names()
    out = []
    for m in _SPOKEN_TO.finditer(text):
        word = m.group("v")
        if _no_addressee(word) \
                or (word.casefold() in capitals or word.casefold() in places) and not index.is_first(word):
            continue  # ("waved at Madrid!"; "shouted at Jordan:" is a person's)
        if word.islower():
            if not index.is_first(word) or index.is_common(word):
                continue
        elif not _given_or_unknown(word, index, english):
            continue
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    for m in _NAME_ANSWER.finditer(text):
        words = [w.rstrip(".") for w in m.group("v").split() if len(w.rstrip(".")) > 1]
        if any(is_title(w) or w.lower() in CALENDAR for w in words) or all(
                not index.is_first(w) and (index.is_common(w) or english is not None and w.lower() in english)
                for w in words):
            continue  # (a family name the dictionary makes of a word goes with the rest: "Nivi Rosing"; "Customer
            # Service" stays)
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


def find_vocatives(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_VOCATIVE_BEFORE`, :data:`_VOCATIVE_AFTER`, English) The name addressed: a listed given name, or a
    word no list and no dictionary holds; never an everyday word, a title, a kinship word, a month, a country or a
    capital ("Sir, can I", "Mum, can you", "in Paris, France?")."""
    if lang != "en" or "," not in text:
        return []
    index = name_index()
    capitals = capital_names()
    out = []
    for pattern in (_VOCATIVE_BEFORE, _VOCATIVE_AFTER):
        for m in pattern.finditer(text):
            word = m.group("v")
            if _no_addressee(word) or word.casefold() in capitals:
                continue
            if index.is_first(word):
                if index.is_common(word) and pattern is _VOCATIVE_BEFORE:
                    continue  # "Will, can you" reads either way; "Thanks, Will!" does not
            elif not _given_or_unknown(word, index, english):
                continue  # (a small town's name is no cue against: no one asks a town "can I")
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# a given name and the initial of the family name, as reviews, forums and testimonials sign ("Reviewed by Olumide A. on
# 3/4/2024", "Posted by Ingvild K.", "— Tariq M., Leeds")
_BYLINE_INITIAL = regex.compile(
    r"(?:(?<![\p{L}])(?i:reviewed|posted|written|submitted|shared|asked|answered|sent|added|uploaded|edited|"
    r"photo|photos|review|comment|recipe|story|quote)[ \t]+(?i:by)[ \t]+|(?m:^)[ \t]*[-–—~][ \t]*)"
    r"(?P<v>\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?)[ \t]+\p{Lu}\.(?=[ \t]*(?:[,;:)(]|$|\n|[ \t]+\p{Ll}|[ \t]+\d))")


def find_byline_initials(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """(:data:`_BYLINE_INITIAL`) The given name: a listed given name, or a word no list and no dictionary holds; no
    title, month or everyday word ("Posted by Admin A.", "— May J." stay)."""
    if "." not in text:
        return []
    index = name_index()
    out = []
    for m in _BYLINE_INITIAL.finditer(text):
        word = m.group("v")
        if is_title(word) or word.lower() in CALENDAR or not _given_or_unknown(word, index, english):
            continue
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


def _name_parts_finder(config):  # noqa: ANN001, ANN202
    english = _english(config)
    return lambda text, lang: find_name_parts(text, lang, english) + find_keyed_lists(text, lang, english) \
        + find_contact_lines(text, lang, english) + find_payees(text, lang, english) \
        + find_vocatives(text, lang, english) + find_byline_initials(text, lang, english) \
        + find_spoken_to(text, lang, english)


def _told_accounts_finder(config):  # noqa: ANN001, ANN202
    english = _english(config)
    return lambda text, lang: find_told_accounts(text, lang, english) + find_chat_log_nicks(text)


def _emailed_names_finder(config):  # noqa: ANN001, ANN202
    english = _english(config)
    return lambda text, lang: find_emailed_names(text, lang, english) + find_dotted_names(text, lang, english) \
        + find_file_names(text, lang, english) + find_display_names(text, lang, english)


def _titled_names_finder(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.entities.titled_names import (find_author_lists, find_bench_names, find_case_parties,
                                                          find_cited_authors,
                                                          find_cued_names, find_hashtag_names, find_initialled_names,
                                                          find_match_minute_names, find_other_script_names,
                                                          find_pitcher_records, find_scorecard_names,
                                                          find_addressed_first_names, find_single_first_names,
                                                          find_speakers, find_titled_names, find_unlisted_name_pairs)

    from mechanisms.prmpt.entities.described_people import find_described_people
    from mechanisms.prmpt.entities.one_case_names import find_one_case_names

    english = _english(config, frozenset())
    return lambda text, lang: find_titled_names(text, lang, english) + find_single_first_names(text, lang, english) \
        + find_other_script_names(text, lang) + find_unlisted_name_pairs(text, lang, english) \
        + find_speakers(text, lang, english) + find_hashtag_names(text, lang, english) \
        + find_cued_names(text, lang, english) + find_case_parties(text, lang, english) \
        + find_initialled_names(text, lang, english) + find_author_lists(text, lang, english) \
        + find_cited_authors(text, lang, english) + find_scorecard_names(text, lang) \
        + find_pitcher_records(text, lang, english) \
        + find_match_minute_names(text, lang, english) + find_one_case_names(text, lang, english) \
        + find_bench_names(text, lang, english) + find_described_people(text, lang, english) \
        + find_addressed_first_names(text, lang, english)


def _reporting_finder(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.entities.titled_names import ReportingSubjects

    return ReportingSubjects(_english(config, frozenset()))


def _learned_names_finder(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.entities.learned_names import LearnedNames

    return LearnedNames(_english(config, frozenset()))


def _syllable_names_finder(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.entities.syllable_names import SyllableNames

    return SyllableNames(_english(config, frozenset()))


def _recased_names_finder(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.entities.recased_names import RecasedNames

    return RecasedNames(config)


def _name_codec(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.names import NameCodec

    return NameCodec(config.name_list_version)


# ---------------------------------------------------------------- names in capitals or lower case
