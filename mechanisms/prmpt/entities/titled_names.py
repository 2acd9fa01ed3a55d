"""Names announced by what stands before them: a title, a rank or a role, in English, French and Spanish.

* A title or rank ("Mr", "Ms.", "Dr", "M.", "MM.", "Mme", "Sra.", "Don", "Judge", "Colonel",
  "le général", "el doctor") then a name: initials and capitalised words, particles between them
  ("Mr F. Lindqvist", "M. Viollette", "Colonel Emmett S. Davis", "Sra. de la Fuente"). A plural
  title ("MM.", "Messrs") takes a list ("MM. Azard et Bonnefous").
* Initials used as a name: after a title or a role word ("the applicant, K.", "Ms M.", "witness
  A.B.") and dotted initials acting as a subject ("W.K. complained"; common acronyms such as U.S.
  or Ph.D. are not names).
The name words must not all be everyday or (in English) dictionary words unless a word is a listed
name, so "General Motors" or "Dr Pepper's" stay; a word in capitals is read as a name word too
("M. POINCARÉ").
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections import Counter
from collections.abc import Callable, Container, Iterable, Sequence

import regex

from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_pairs import GREETINGS, TERMS_OF_ADDRESS
from mechanisms.prmpt.entities.name_words import (CALENDAR, VOWEL, NameIndex, capital_names, is_place_name, name_index,
                                                  place_names, stop_words)
from mechanisms.prmpt.normalize import GLUE

_SINGULAR = (r"Mr|Mrs|Ms|Mx|Miss|Mister|Dr|Drs|Prof|Professor|Sir|Dame|Lord|Lady|Judge|Justice|Rev|Reverend|"
             r"Fr|Father|Sister|Brother|Capt|Captain|Col|Colonel|Gen|General|Lt|Lieutenant|Maj|Major|Sgt|Sergeant|"
             r"Cpl|Corporal|Pvt|Private|Adm|Admiral|Cmdr|Commander|Officer|Detective|Det|Inspector|Insp|Constable|"
             # British police ranks as news and judgments write them ("DC Lusk", "DCI Barnaby", "Supt Hale"), more
             # abbreviated ranks and offices ("Lieut", "Brig", "Cdr", "Cllr Ahmed", "Msgr Ferreira")
             r"PC|PCSO|DC|DS|DI|DCI|DSI|DCS|Supt|Lieut|Brig|Cdr|Cllr|Msgr|Monsignor|Congressman|Congresswoman|"
             r"Assemblyman|Assemblywoman|Alderman|"
             r"Sen|Senator|Rep|Representative|Gov|Governor|President|Mayor|Councillor|Councilman|Councilwoman|"
             r"Chancellor|Minister|Bishop|Archbishop|Cardinal|Pastor|Rabbi|Imam|Sheikh|Coach|Nurse|Agent|"
             r"Uncle|Aunt|Auntie|Grandma|Grandpa|Granny|Cousin|"
             # a maiden name: "Angela Carder (née Stone)", "geb. Hartmann"
             r"n[ée]e|N[ée]e|geb|Geb|geborene|Geborene|"
             r"M[.,]{1,3}|NI\.|Mme|Mlle|Me|Mgr|Mer|Pr|Monsieur|Madame|Mademoiselle|Ma[iî]tre|Docteur|Professeur|"
             r"G[ée]n[ée]ral|Colonel|Capitaine|Commandant|Mar[ée]chal|Abb[ée]|P[èe]re|Fr[èe]re|S[œo]eur|Citoyen|"
             r"Citoyenne|[ÉE]v[êe]que|Vicaire|Chanoine|Cur[ée]|Pasteur|Veuve|Veuf|Sieur|Nomm[ée]e?|Dite?|"
             r"Pr[ée]sident|Ministre|S[ée]nateur|D[ée]put[ée]|Maire|Pr[ée]fet|"
             r"Sr|Sra|Srta|D\.|Dña|Dª|Don|Doña|Dra|Lic|Ing|Señor|Señora|Señorita|Doctor|Doctora|Coronel|Capit[áa]n|"
             r"Teniente|Sargento|Padre|Sor|Presidente|Ministro|Ministra|Alcalde|Alcaldesa|Juez|Jueza|Fiscal|"
             # German, Italian, Dutch, Portuguese and Turkish forms of address ("Herr Krüger", "Sig.ra Emo",
             # "Dott. Ferri", "Dhr. Post", "Exma. Sra. Lopes", "Sayın Yılmaz")
             # (and their dative and abbreviations, with their point: "an Herrn Krüger", "Hrn. Krüger", "Hr. Dahl"; never
             # "24 Hr Fitness")
             r"Herr|Herrn|(?:Hrn?)(?=\.)|Frau|Fräulein|Signor|Signora|Signorina|Sig|Sig\.ra|Sig\.na|Dott|Dott\.ssa|Prof\.ssa|Avv|"
             r"Mevrouw|Mevr|Dhr|Senhor|Senhora|Exmo|Exma|Sayın|"
             # more countries' titles and forms of address, as written ("dr. Čelar", "JUDr. Novák", "gđa Pogačić",
             # "fru Dahl", "Eng.ª Matos", "Bayan Kaya", "Dl Popescu"; never "fr.", the French franc, nor "Ir.", how
             # the scans of old French papers read it)
             r"dr|JUDr|MUDr|MVDr|PhDr|RNDr|PaedDr|gđa|gđica|gosp|fru|frk|Adv|Adv\.ª|Arq|Arq\.ª|Enf|Enf\.ª|Eng\.ª|"
             r"Eng\.º|Prof\.ª|Téc|Téc\.ª|Bayan|Dl|Dna|inž|"
             # in a text written in lower case, with their point ("join accounts with ms. Sjanne"; "50 ms" is no title)
             r"(?<!\d[ \t]?)(?:mr|mrs|ms)(?=\.)|"
             # courts: "HHJ Whitcombe", "District Judge", "Recorder Lyle", "Master Hale"; judges' and parties'
             # titles in capitals in the speaker lines of transcripts ("LORD JUSTICE HARRINGTON:")
             r"HHJ|DJ|DDJ|Recorder|Master|Registrar|Magistrate|Sheriff|Magistrado|Magistrada|"
             r"LORD|LADY|JUSTICE|JUDGE|SIR|DAME|MR|MRS|MS|MISS|DR")
_PLURAL = (r"MM|Messrs|Mmes|Mlles|Mesdames|Messieurs|Sres|Sras|Drs|Dres|[Gg][ée]n[ée]raux|[Dd]octeurs|[Cc]itoyens|"
           r"[Nn]omm[ée]e?s|[Ss]['’][ \t]?appellent|[Ss]e[ \t]+llaman|[Nn]amed(?:[ \t]+(?:him|her|them))?")
_ROLES = (r"applicant|applicants|claimant|defendant|respondent|plaintiff|witness|petitioner|appellant|accused|"
          r"victim|complainant|patient|requérant|requérante|témoin|demandeur|demanderesse|demandante|testigo|"
          r"paciente|acusado|acusada|denunciante|deceased|suspect|testator|testatrix|executor|executrix|debtor|tenant|"
          r"landlord")
_PARTICLE = r"(?:de|del|de la|de los|de las|da|das|do|dos|di|du|des|van|von|der|den|ter|te|ten|le|la|y|al|el|bin|ibn)"
_NAME_WORD = r"(?:\p{Lu}[\p{Ll}\p{Lu}'’]*(?:-\p{Lu}[\p{Ll}\p{Lu}'’]*)*)"
_INITIAL = r"(?:\p{Lu}\.(?:[ \t]?-?\p{Lu}\.)*)"  # ("J.-P. Costa": a hyphenated given name's initials)
# up to three initials used as a name, all of them or none ("Mr İ.K. Lamb" is no "Mr İ." before a name "K. Lamb")
_INITIALS_AS_NAME = r"(?>\p{Lu}\.(?:[ \t]?-?\p{Lu}\.){0,2})"
_NAME = (rf"(?:{_INITIAL}[ \t]+)*(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}"
         rf"(?:[ \t]+(?:{_INITIAL}[ \t]+)*(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}){{0,3}}")
_GAP = r"\.?[,:]?[ \t]+"
# titles that are whole words: a point after one ends its sentence ("the cabaret of her father. He", "son père. Lui,
# arrivant"), where after an abbreviation it is the abbreviation's ("Dr. Lui", "Gen. Ames")
_WORD_TITLES = frozenset("""mister professor sir dame lord lady judge justice reverend father sister brother captain
    colonel general lieutenant major sergeant corporal private admiral commander officer detective inspector constable
    monsignor congressman congresswoman assemblyman assemblywoman alderman senator representative governor president
    mayor councillor councilman councilwoman chancellor minister bishop archbishop cardinal pastor rabbi imam sheikh
    coach nurse agent uncle aunt auntie grandma grandpa granny cousin née nee geborene monsieur madame mademoiselle
    maître maitre docteur professeur général capitaine commandant maréchal marechal abbé abbe père pere frère
    frere sœur soeur citoyen citoyenne évêque eveque vicaire chanoine curé cure pasteur veuve veuf sieur nommé nomme
    nommée nommee dit dite président ministre sénateur senateur député depute maire préfet prefet señor
    señora señorita doctor doctora coronel capitán capitan teniente sargento padre sor presidente ministro ministra
    alcalde alcaldesa juez jueza fiscal herr herrn frau fräulein signor signora signorina mevrouw senhor senhora sayın bayan
    recorder master registrar magistrate sheriff magistrado magistrada miss""".split())
_WORD_TITLE_POINT = regex.compile(r"(\p{L}+)\.[,:]?[ \t]+$")


def _either_case(words: str) -> str:
    """Titles of four letters or more in either case ("le général"); abbreviations as written ("M.", "Sr.")."""
    return "|".join(f"[{w[0]}{w[0].lower()}]{w[1:]}" if len(w) >= 4 and w[0].isupper() else w
                    for w in words.split("|"))


# forms of address of three letters or more that a reader counts as a word of the name they open (unlike "Mrs",
# "Herr" or "Señora"): they are hidden with it ("Dott. Elisa Vasari", "Sig.ra Emo", "Dhr. Post"); the Spanish "Don"
# and "Doña", written only before a given name, are read as a word of it ("Doña Sofía", "Don Juan Carlos": the
# Spanish news labels them so); so are a religious form of address and a pope's title ("Mother Teresa", "Sor Juana",
# "el Papa Juan Pablo II": the English and Spanish news label them so)
REPLACED_TITLES = frozenset("""dott dott.ssa prof.ssa sig sig.ra sig.na signor signora signorina avv mevrouw mevr dhr
    senhor senhora exmo exma sayın fräulein don doña dña mother sister father brother pope papa padre madre sor fray
    mère père sœur frère""".split())


# the forms of address that are words of kinship too: one only in Title case, and not after a possessive or an
# indefinite article ("Happy My Sister With ...", "A BROTHER VINNY", "his Mother Jane")
_KIN_TITLES = frozenset("mother sister father brother madre padre mère père sœur frère".split())
_POSSESSED_BEFORE = regex.compile(r"(?<![\p{L}])(?:(?i:my|your|his|her|its|our|their|an?|mi|tu|su|mon|ma|ton|ta|son|sa|"
                                  r"notre|votre|leur|un|una|une)[ \t]+|['’]s[ \t]+)$")


def is_replaced_title(word: str, text: str = "", at: int = 0) -> bool:
    """A capitalised form of address hidden with the name it opens (:data:`REPLACED_TITLES`), with its point or
    without ("Doña", "Dott.", "Sig.ra"); a word of kinship in Title case only, and (read at ``at`` of ``text``) not
    after a possessive or an indefinite article."""
    low = word.rstrip(".").lower()
    if not word[:1].isupper() or low not in REPLACED_TITLES:
        return False
    return low not in _KIN_TITLES or word[1:].islower() and _POSSESSED_BEFORE.search(text, max(0, at - 8), at) is None


_TITLE = _either_case(_SINGULAR)
_TITLED = regex.compile(rf"(?<![\p{{L}}\d])(?:(?P<plural>{_PLURAL})|(?:{_TITLE}))(?:{_GAP}(?:{_TITLE}))*{_GAP}"
                        rf"(?P<v>{_NAME})")
_TITLE_ALONE = regex.compile(rf"(?:{_TITLE}|{_PLURAL})\.?")
_TITLE_JUST_BEFORE = regex.compile(rf"(?<![\p{{L}}\d])(?:{_TITLE})\.?[ \t]+$")
_NEXT = regex.compile(rf"(?:[ \t]*,[ \t]*|[ \t]+(?:et|and|y|&)[ \t]+)(?:(?:{_TITLE}){_GAP})?(?P<v>{_NAME})")
_INITIALS_AFTER = regex.compile(
    rf"(?<![\p{{L}}\d])(?:(?:{_TITLE}|{_PLURAL})\.?|(?i:the|la|le|el)[ \t]+(?i:{_ROLES})[ \t]*,?)[ \t]+"
    rf"(?P<v>{_INITIALS_AS_NAME})(?![ \t]*\p{{Lu}}\p{{Ll}})")
# a company's legal form closing its name ("Acme Corp", "Nordwind GmbH"), which closes no person's name
COMPANY_FORMS = (r"Corp|Corporation|Inc|Incorporated|Ltd|Limited|LLC|LLP|PLC|plc|GmbH|SAS|SARL|S\.A|S\.L|SpA|S\.p\.A|"
                 r"B\.V|N\.V|Oy|Pty|Co")
COMPANY_END = regex.compile(rf"(?:^|[ \t])(?:{COMPANY_FORMS})\.?$")
# a party's role and the name in brackets, or the other way round, as judgments and contracts introduce them
_ROLE_THEN_NAME = regex.compile(rf"(?<![\p{{L}}])(?i:the|la|le|el)[ \t]+(?:\p{{Ll}}+[ \t]+)?(?i:{_ROLES})[ \t]*\("
                                rf"[ \t]*[\"“]?(?P<v>{_NAME})[\"”]?[ \t]*\)")
_ROLE_SET_OFF = regex.compile(rf"(?<![\p{{L}}])(?i:the|la|le|el)[ \t]+(?:\p{{Ll}}+[ \t]+)?(?i:{_ROLES}),[ \t]+"
                              rf"(?P<v>{_NAME}),")
# a role noun and a full name right after it, as forms, notices and requests write them ("the tenant Grant Dior
# MacGyver,", "our client Ayinde Israel", "Die Mieterin Zeynep Schnieder", "Il paziente Orfeo De Napoli", "De huurder
# Senna van der Linden"): two capitalised words or more, one of them no word of the language
_MORE_ROLES = (r"guardian|client|customer|employee|student|pupil|resident|borrower|lender|guarantor|beneficiary|"
               r"caller|passenger|member|subscriber|policyholder|insured|candidate|lodger|occupant|buyer|seller|"
               r"mieter|mieterin|patientin|kunde|kundin|schüler|schülerin|bewohner|bewohnerin|paziente|cliente|"
               r"inquilino|inquilina|locataire|propriétaire|huurder|huurster|patiënt|klant|bewoner|leerling")
ROLE_NOUNS = frozenset(f"{_ROLES}|{_MORE_ROLES}".split("|"))  # (never a word of the name that follows)
_ROLE_NAMED = regex.compile(rf"(?:(?<![\p{{L}}])(?i:the|our|my|your|their|his|her|la|le|el|il|lo|die|der|de|het|o|a)[ \t]+"
                            # (or the role opening a line, a clause or a record: "Witness Evelin Radl, of ...",
                            # "Ticket 4471 - customer Theo Johannsen reports")
                            rf"|(?m:^)[ \t]*|(?<=[.:;!?(][ \t]{{1,3}}|[-–][ \t]{{1,3}}))"
                            rf"(?i:{_ROLES}|{_MORE_ROLES})[ \t]+(?P<v>(?:{_PARTICLE}[ \t]+)?{_NAME_WORD}"
                            rf"(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}){{1,3}})")
_NAME_THEN_ROLE = regex.compile(rf"(?<![\p{{L}}\d])(?P<v>{_NAME})[ \t]*\([ \t]*[\"“]?(?i:the|la|le|el)[ \t]+"
                                rf"(?i:{_ROLES})[\"”]?[ \t]*\)")
# an office and whose it is, then the holder's name set off by commas, as the news writes it ("El alcalde de
# Zaragoza, Amaia Armas, inauguró", "the chief executive of Acme, Dana Pellowe, said", "le maire de Lyon, X, a"; "El
# presidente egipcio, Hosni Mubarak,": a country's adjective after the office; "El presidente del Grupo Popular en el
# Ayuntamiento de Barcelona, Santiago Fisas,": whose office, in up to seven words)
OFFICES = (r"mayor|pr[ée]sident[ea]?|vice[- ]president|prime[ \t]+minister|minist(?:ro|ra|re|er)|secretary|chairman|"
           r"chairwoman|chair|spokesman|spokeswoman|spokesperson|director|directora|directeur|directrice|"
           r"chief[ \t]+executive|governor|gobernador[a]?|senator|senador[a]?|s[ée]nat(?:eur|rice)|prosecutor|"
           r"procureur|fiscal|coach|entrenador[a]?|entraîneur|manager|captain|capitán|leader|líder|founder|"
           r"ambassador|embajador[a]?|ambassade(?:ur|rice)|commissioner|comisari[oa]|commissaire|chancellor|"
           r"councillor|concejal[a]?|concejalía|alcalde(?:sa)?|maire|consejer[oa]|consejería|conseller|consellera|"
           r"conselleria|portavoz|porte-parole|secretari[oa]|secretaría|secrétaire|delegad[oa]|délégué|juez[a]?|juge|"
           r"diputad[oa]|d[ée]put[ée]e?|candidat[oa]|pr[ée]f[eè]te?|ministerio|minist[eè]re")
_OFFICE_SET_OFF = regex.compile(
    rf"(?<![\p{{L}}])(?:(?i:the|its|their|el|la|le|su|sa|son)[ \t]+|(?i:l)['’])(?:\p{{Ll}}+[ \t]+)?(?i:{OFFICES})"
    rf"(?:[ \t]+\p{{Ll}}{{4,}})?"
    rf"(?:[ \t]+(?i:of|for|at|de|del|de[ \t]+la|du|des)[ \t]+(?:[\p{{L}}\d'’.&-]+[ \t]+){{0,6}}?[\p{{L}}\d'’.&-]+)?"
    rf",[ \t]+(?P<v>{_NAME}),")
# Spanish marks a person as the object of a verb with "a" ("La Policía busca a Bastián Garrido", "el juez ha citado
# a declarar a Amaia Armas"; not "viajó a Madrid"): after a verb done to people
_DONE_TO_PEOPLE = (r"busca|buscan|buscaba|buscaban|detuvo|detuvieron|detiene|detienen|arrestó|arrestaron|citó|cita|"
                   r"citado|citada|condenó|condena|condenado|condenada|acusa|acusan|acusó|acusaron|absolvió|absuelve|"
                   r"entrevistó|nombró|nombra|contrató|despidió|investiga|investigó|identificó|identificado|identificada|"
                   r"localizó|localizado|localizada|juzga|juzgó|juzgará|interrogó|imputó|imputa|imputado|imputada|"
                   r"procesó|procesado|procesada|rescató|rescatado|rescatada|secuestró|secuestrado|secuestrada|"
                   r"asesinó|mató|hirió|demandó|denunció|sustituye|sustituyó|felicitó|eligió|eligieron|"
                   # what a referee, a committee or a club does to a player ("Amonestó a Jones y Savage")
                   r"amonestó|amonesto|amonestaron|amonestado|amonestada|expulsó|expulsaron|sancionó|sancionaron|"
                   r"fichó|ficharon|relevó")
_PERSONAL_A = regex.compile(rf"(?<![\p{{L}}])(?i:{_DONE_TO_PEOPLE})[ \t]+(?:(?i:a[ \t]+declarar|ayer|hoy)[ \t]+)?"
                            rf"a[ \t]+(?P<v>{_NAME})")
# and after any verb in the past, a full name of two words or more ("ha convocado a Nicolás Vila y a Eulalia
# Ferrer"; not "viajó a Buenos Aires")
_PERSONAL_A_PAIR = regex.compile(r"(?<![\p{L}])\p{Ll}{2,}(?:ó|ió|ado|ido|aron|ieron)[ \t]+(?:(?:ayer|hoy)[ \t]+)?"
                                 rf"a[ \t]+(?=\p{{Lu}})(?P<v>{_NAME})|(?<=[ \t]y[ \t]+a[ \t]+)(?=\p{{Lu}})(?P<v>{_NAME})")
# what only a person has, before "de" and the person's name ("los abogados de Molina", "la condena de Liceth Betancur")
_HOLDERS_ES = ("abogado abogada abogados abogadas defensa esposa esposo marido mujer viuda viudo familia hijo hija "
               "hijos hijas hermano hermana madre padre portavoz detención juicio condena declaración testimonio muerte "
               "funeral entorno novela obra libro película").split()
_HOLDER_OF_NAME = regex.compile(rf"(?<![\p{{L}}])(?i:{'|'.join(_HOLDERS_ES)})[ \t]+de[ \t]+(?=\p{{Lu}})(?P<v>{_NAME})")
# a profession or an office right before a name ("El abogado Calida Fernández asumirá", "la jueza Inés Ulloa")
_ROLE_BEFORE_ES = regex.compile(
    rf"(?<![\p{{L}}])(?i:el|la|del|al)[ \t]+(?i:{OFFICES}|ex(?:{OFFICES})|abogad[oa]|doctor|doctora|profesor|profesora|"
    r"periodista|escritor|escritora|actor|actriz|cantante|delanter[oa]|porter[oa]|centrocampista|seleccionador|"
    r"seleccionadora|empresari[oa]|arquitect[oa]|pintor|pintora|futbolista|tenista|ciclista|piloto|detenid[oa]|"
    rf"acusad[oa]|fallecid[oa]|investigad[oa]|sospechos[oa])[ \t]+(?=\p{{Lu}})(?P<v>{_NAME})")


# Spanish news (set G): a name and the person's age ("Florencia Mardones, de 45 años, fue detenido"), the person
# sources are close to ("según fuentes cercanas a Garcia"), a name opening a sentence before a verb in the past
# ("Perez marcó el gol"; "Madrid ganó", "Google anunció" stay: _holder_named)
_AGE_SET_OFF_ES = regex.compile(rf"(?<![\p{{L}}\d'’.@#_-])(?P<v>{_NAME}),[ \t]+de[ \t]+[1-9]\d?[ \t]+años\b")
_CLOSE_TO_ES = regex.compile(rf"(?<![\p{{L}}])(?i:cercan[oa]s?|próxim[oa]s?|allegad[oa]s?)[ \t]+a[ \t]+(?=\p{{Lu}})"
                             rf"(?P<v>{_NAME})")
_SUBJECT_ES = regex.compile(r"(?:^|(?<=[.!?:;,\n][\"”»)]?[ \t]*))(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+"
                            r"(?=(?P<verb>\p{Ll}{2,}(?:ó|ió|aron|ieron)|alega|permanece|niega|reconoce|asegura|afirma|"
                            r"insiste|lamenta)\b)")
# what only a person does: a family name that is a town too is the person before these ("Cárdenas confesó el
# crimen", "Cruz alega que ..."; not "Valencia marcó", which a team does, nor "Valencia permanece en alerta")
_PERSON_VERBS_ES = frozenset("""alega alegó declinó dimitió murió falleció nació declaró confesó admitió negó
niega reconoció reconoce dijo afirmó afirma aseguró asegura explicó señaló insistió insiste lamentó lamenta
recurrió renunció""".split())


# adverbs of time that open a Spanish sentence before its verb (spaCy's stop words hold "hoy", not "ayer")
_TIME_ADVERBS_ES = frozenset("ayer anteayer anoche mañana ahora entonces después luego antes pronto".split())


def _no_subject_es(word: str) -> bool:
    """A Spanish stop word or adverb of time opening a sentence ("Hoy", "Ayer", "Luego"), though the lists hold some
    as family names: no subject named."""
    low = word.lower()
    return low in _TIME_ADVERBS_ES or low in stop_words("es")


_TWO_PEOPLE = regex.compile(r"(\p{Lu}\p{Ll}+)[ \t]+y[ \t]+(\p{Lu}\p{Ll}+)")


def _holder_named(value: str, index: NameIndex, dictionary: Container[str]) -> bool:
    """The name after an office set off by commas or after a Spanish personal "a": a name a list holds (a family
    name that is a word too), or an unlisted word beside another, and no town nor country ("the head of sales,
    Acme, said"; "the president of the club, Real Madrid, said"; "condenó a España"), but for a capital that is a
    listed given name opening a full name ("Santiago Fisas")."""
    places = place_names()
    words = [w for w in value.split() if w.lower() not in _PARTICLES_SET]
    good = [w.casefold() not in places and (
        index.is_listed(w) and (index.is_last(w) or not index.is_common(w))
        or len(words) > 1 and not (index.is_listed(w) or index.is_common(w) or w.lower() in dictionary))
        for w in words]
    return any(good) and not COMPANY_END.search(value) and not any(
        w.casefold() in capital_names() and not (k == 0 and len(words) > 1 and index.is_given(w))
        or w.casefold() in places and not index.is_listed(w) for k, w in enumerate(words))


# a name and the person's age set off by commas, as the news writes it ("Riccardi, 34, was arrested", "Ana Ruiz, 41,
# a nurse"): an age of one or two digits, then a lower-case word
_AGE_SET_OFF = regex.compile(rf"(?<![\p{{L}}\d'’.@#_-])(?P<v>{_NAME}),[ \t]+(?:aged[ \t]+)?[1-9]\d?,[ \t]+(?=\p{{Ll}})"
                             r"(?!(?:rue|avenue|av|boulevard|bd|quai|place|all[ée]e|chemin|impasse|route|calle|via|strada|"
                             r"ulica)\b)(?!(?:were|are|have|do)\b)")  # ("Paris, 12, rue de Rivoli": a house number;
# "Sales, 12, were flat": a plural's count)
# initials of two or three letters, never after a determiner ("The N.H.S. was", "the B.B.C. had": an institution's)
_DOTTED_INITIALS = r"(?<![\p{L}\d.])(?<!(?i:the|a|an|this|that|its|their|our|his|her)[ \t]+)(?P<v>\p{Lu}\.(?:\p{Lu}\.){1,2})"
# such initials before a verb in "-ed" or "-s" or before "who" are a person's
_DOTTED = regex.compile(rf"{_DOTTED_INITIALS}(?=[ \t]+\p{{Ll}}+(?:ed|s)\b|,?[ \t]+who(?:m|se)?\b)")
# in English, also before a possessive or a verb the "-ed"/"-s" test misses ("I.J.'s statements", "what I.J. had
# said", "I.J. were discontinued": a pseudonym, as judgments write them)
_DOTTED_EN = regex.compile(rf"{_DOTTED_INITIALS}(?=['’]s\b|[ \t]+(?:had|has|was|were|is|did|would|could|said|told|"
                           r"gave|went|saw|took|made|came|knew|drove|got)\b)")
_ACRONYMS = frozenset({"U.S.", "U.K.", "U.N.", "E.U.", "D.C.", "A.M.", "P.M.", "B.C.", "A.D.", "N.Y.", "L.A.",
                       "M.D.", "R.N.", "U.S.A.", "R.I.P.", "P.S.", "E.E.U.U.", "EE.UU.", "N.B.", "I.E.", "E.G.",
                       "S.A.", "S.L."})


def is_acronym(initials: str) -> bool:
    """Initials that are an acronym of the lists ("U.S.", "e.g.", "P.S.")."""
    return initials.replace(" ", "").upper() in _ACRONYMS


def opens_line(text: str, pos: int) -> bool:
    """Nothing but blanks stands before ``pos`` on its line."""
    return text[text.rfind("\n", 0, pos) + 1:pos].strip() == ""


# One to three initials and a family name, as news, scorecards, bylines and lists write people ("P. Simmons 4-38",
# "MM. A. Dubost, G. Leygues", "Le gérant F. HAMONO", "J.-P. Moreau"); the family name in Title case or in capitals
_INITIALLED = regex.compile(r"(?<![\p{L}\d.'’/-])(?P<i>\p{Lu}\.(?:-?[ \t]?\p{Lu}\.){0,2})[ \t]?"
                            r"(?P<w>\p{Lu}\p{Ll}+(?:['’-]\p{Lu}\p{Ll}+)?|\p{Lu}{3,})(?![\p{L}\d@_'’-])(?![ \t]*\p{Lu}\.)")
_TITLE_LETTERS = {"fr": ("M.",), "es": ("D.",), "it": ("S.",)}  # "S. Pietro": San
_NUMERAL_BEFORE = regex.compile(r"(?<![\p{L}])\p{Ll}{3,}[ \t]+$")


def find_initialled_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """Initials then a family name ("P. Simmons", "A. Dubost", "F. HAMONO"). The word is no name when it is an
    everyday word, a place no list holds as a family name ("P. R. China"), or a dictionary word that no list holds
    as a family name ("A. The Company", "B. Subject to"); a dictionary word a list does hold ("S. Law", "P. Such")
    only inside a line, never opening one ("A. Background" heads a section). The initials are no common acronym
    ("U.S. Senate", "D.C. Court") and no Roman numeral after a noun ("estadio I. Dado")."""
    index = name_index()
    out = []
    for m in _INITIALLED.finditer(text):
        initials, word = m.group("i"), m.group("w")
        if initials.replace(" ", "").replace("-", "").upper() in _ACRONYMS:
            continue
        if initials in ("I.", "V.", "X.") and _NUMERAL_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            continue
        if initials in _TITLE_LETTERS.get(lang, ()):
            continue  # "M. Reumaux" (Monsieur), "D. José" (Don): a title, which find_titled_names reads
        low = word.lower()
        title = word.title() if word.isupper() else word
        if index.is_common(title) or low in CALENDAR or is_title(title):
            continue
        surname = index.is_last(title)
        if not surname and title.casefold() in place_names():
            continue
        if low in english and (not surname or opens_line(text, m.start())) \
                and _TITLE_JUST_BEFORE.search(text, max(0, m.start() - 16), m.start()) is None:
            continue  # (any entry, a noun-only one too: "N. Barometer", "A. Background"; after a title it is the
            # family name: "Mr I. Thrilling", "Mr P. Such")
        out.append(Found("PERSON", m.start(), m.end(), 0.7))
    return out


# A list of authors or attendees as medicine and science cite them, each a family name and its initials with no
# points ("Okonkwo C, Brandvold TE, Hämäläinen A. Sepsis outcomes."), or the initials first ("C Okonkwo, T Brandvold");
# two items or more of one form
_LISTED_SURNAME = r"\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}\p{Ll}+)*"
_AUTHORS = regex.compile(rf"(?<![\p{{L}}\d.'’-])(?P<s>{_LISTED_SURNAME})[ \t]+(?P<i>\p{{Lu}}{{1,3}})"
                         rf"(?:,[ \t]+(?P<s>{_LISTED_SURNAME})[ \t]+(?P<i>\p{{Lu}}{{1,3}}))+(?![\p{{L}}\d'’-])")
_AUTHORS_INITIALS_FIRST = regex.compile(rf"(?<![\p{{L}}\d.'’-])(?P<i>\p{{Lu}}{{1,2}})[ \t]+(?P<s>{_LISTED_SURNAME})"
                                        rf"(?:,[ \t]+(?P<i>\p{{Lu}}{{1,2}})[ \t]+(?P<s>{_LISTED_SURNAME}))+"
                                        rf"(?![\p{{L}}\d'’-])")

# a reference list's authors as APA writes them, family name, comma, initials with their dots, the last after "&",
# then the year in brackets ("Okonkwo, C., & Lindqvist, E. (2019).", "Vance, P. J., Eze, T., & Sørensen, K. (2021)")
_APA_INITIALS = r"\p{Lu}\.(?:[ \t]?-?\p{Lu}\.){0,2}"
_AUTHORS_APA = regex.compile(rf"(?<![\p{{L}}\d.'’-])(?P<s>{_LISTED_SURNAME}),[ \t]+(?P<i>{_APA_INITIALS})"
                             rf"(?:,?[ \t]+(?:(?:&|and)[ \t]+)?(?P<s>{_LISTED_SURNAME}),[ \t]+(?P<i>{_APA_INITIALS}))+"
                             r"(?=,?[ \t]*\((?:19|20)\d\d[a-z]?\))")


def find_author_lists(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """(:data:`_AUTHORS`, :data:`_AUTHORS_APA`) Each family name and its initials in such a list (APA's family name
    alone), when every family name of it is a listed family name or a word no dictionary holds, one at least no
    dictionary word, and none an everyday word, a title, a month or a place ("Appendix A, Table B", "Gate B, Terminal
    C", a note's "L Lung, R Lung" are none)."""
    index = name_index()
    out = []
    for pattern in (_AUTHORS, _AUTHORS_INITIALS_FIRST, _AUTHORS_APA):
        if pattern is _AUTHORS_APA and "(" not in text:
            continue
        for m in pattern.finditer(text):
            names = m.captures("s")
            if not all(not index.is_common(w) and w.lower() not in CALENDAR and not is_title(w)
                       and (index.is_last(w) or w.lower() not in english and w.casefold() not in place_names())
                       for w in names) or all(is_dictionary_word(english, w) or w.lower() in english for w in names):
                continue
            for (sa, sb), (ia, ib) in zip(m.spans("s"), m.spans("i")):
                # (APA's family name alone: its initials come after a comma)
                out.append(Found("PERSON", sa, sb, 0.7) if pattern is _AUTHORS_APA
                           else Found("PERSON", min(sa, ia), max(sb, ib), 0.7))
    return out


# an author cited by name and year, as scholarship and reports cite ("Okonkwo (2019) argues", "Hämäläinen et al.
# (2021)", "(Okonkwo, 2019)", "(Brandvold and Wetzstein 2020; ...)")
_CITED = rf"(?P<a>{_LISTED_SURNAME})(?:[ \t]+(?:and|&)[ \t]+(?P<b>{_LISTED_SURNAME}))?(?:[ \t]+et[ \t]+al\.?)?"
_CITATIONS = (regex.compile(rf"(?<![\p{{L}}\d'’.-]){_CITED}[ \t]+\((?:19|20)\d\d[a-z]?\)"),
              regex.compile(rf"(?<=[(;][ \t]*){_CITED},?[ \t]+(?:19|20)\d\d[a-z]?(?=[;,)])"))


_CITING_VERB = regex.compile(r"[ \t]+(?:also[ \t]+)?(?:argue[sd]?|show(?:s|ed|n)?|f(?:ou|i)nds?|report(?:s|ed)?|"
                             r"suggest(?:s|ed)?|note[sd]?|claim(?:s|ed)?|describe[sd]?|propose[sd]?|demonstrate[sd]?|"
                             r"observe[sd]?|conclude[sd]?|state[sd]?|write?s|wrote|sa(?:ys|id)|held|hold|"
                             r"estimate[sd]?|define[sd]?|reviewed|studied|examined|measured|used)\b")


def find_cited_authors(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """(:data:`_CITATIONS`) Each author's family name so cited: no everyday word, dictionary word, place, month or
    title ("Windows (2019)", "Budget (2020)", "(Paris, 2019)" stay); before the year in brackets, an unlisted word
    only before "et al." or a verb of citing ("Okonkwo (2019) argues"; "Kubernetes (2019) adoption" stays)."""
    if "19" not in text and "20" not in text:
        return []
    index = name_index()
    out = []
    for pattern in _CITATIONS:
        for m in pattern.finditer(text):
            names = [g for g in ("a", "b") if m.group(g) is not None]
            if pattern is _CITATIONS[0] and " et al" not in m.group(0) and _CITING_VERB.match(text, m.end()) is None \
                    and not all(index.is_last(m.group(g)) for g in names):
                continue  # "Kubernetes (2019) adoption grew": a thing's year; "Okonkwo (2019) argues" is a citation
            if all(not index.is_common(m.group(g)) and m.group(g).lower() not in CALENDAR and not is_title(m.group(g))
                   and not is_dictionary_word(english, m.group(g)) and m.group(g).lower() not in english
                   and m.group(g).casefold() not in place_names() for g in names):
                out += [Found("PERSON", m.start(g), m.end(g), 0.7) for g in names]
    return out


# Cricket's scorecard notation: a batsman's dismissal ("c Tillekeratne b Dharmasena 13", "lbw b Fleming 0", "st
# Kaluwitharana b Chandana 2", "c and b Jayasuriya 50", "b McGrath 50", runs after it) and a bowler's figures, overs,
# maidens, runs and wickets ("Gough 8-0-39-3", "S. Waugh 5-1-36-1", "de Silva 4-0-25-0"): the batsman's, the
# fielder's and the bowler's places hold names, dictionary words too ("Law", "Such", "Knight")
_SCORED = r"(?:\p{Lu}\.[ \t]?){0,2}(?:(?:de|van|ul|al)[ \t])?\p{Lu}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*"
_ONE_INITIAL = regex.compile(r"\p{Lu}\.")  # (not _INITIAL, the pattern text names are built from)
INITIALS = regex.compile(_INITIAL)  # (a value that is initials alone: "K.", "S.K.", "J.-P.", "U. K.")
_SCORED_NAME = rf"{_SCORED}(?:[ \t]{_SCORED}){{0,2}}"
_DISMISSAL = regex.compile(rf"(?<![\p{{L}}\d@.'’-])(?:(?:c|st)[ \t]+(?P<f>{_SCORED_NAME})[ \t]+|c[ \t]+and[ \t]+"
                           rf"|lbw[ \t]+)?b[ \t]+(?P<b>{_SCORED_NAME})(?=[ \t]+\d{{1,3}}(?!\d|[.,]\d|-))")
_OUT = (rf"(?:(?:c|st)[ \t]+{_SCORED_NAME}[ \t]+b[ \t]|c[ \t]+and[ \t]+b[ \t]|lbw[ \t]+b[ \t]|b[ \t]+{_SCORED_NAME}[ \t]+\d"
        rf"|(?:run|not)[ \t]+out[ \t]+\d)")
_BATSMAN = regex.compile(rf"(?<![\p{{L}}\d@.'’-])(?P<a>{_SCORED}(?:[ \t]{_SCORED})?)[ \t]+(?={_OUT})")
_FIGURES = regex.compile(rf"(?<![\p{{L}}\d@.'’-])(?P<b>{_SCORED_NAME})[ \t]+\d{{1,2}}(?:\.\d)?-\d{{1,2}}-\d{{1,3}}-\d{{1,2}}"
                         r"(?![\d-])")


def find_scorecard_names(text: str, lang: str) -> list[Found]:
    """The batsmen, fielders and bowlers of a cricket scorecard (:data:`_DISMISSAL`, :data:`_FIGURES`,
    :data:`_BATSMAN`), in a text that writes two catches, stumpings, leg-before dismissals or bowling figures."""
    if " b " not in text and "-" not in text:
        return []
    marks = [m.group(0)[:2] for pattern in (_DISMISSAL, _FIGURES) for m in itertools.islice(pattern.finditer(text), 2)]
    if len(marks) < 2 or all(mark == "b " for mark in marks):
        return []  # a scorecard writes two at least, a catch, a stumping, a leg-before or figures among them: "see
        # appendix b Table 3" is no bowler
    out: dict[tuple[int, int], Found] = {}
    for pattern in (_DISMISSAL, _FIGURES, _BATSMAN):
        for m in pattern.finditer(text):
            for g in ("a", "f", "b"):
                if g not in pattern.groupindex or not m.group(g):
                    continue
                start, end = m.span(g)
                words = list(regex.finditer(r"\S+", text[start:end]))
                while len(words) > 1 and words[0].group(0).casefold() in place_names():
                    words.pop(0)  # "Australia M. Waugh c and b ...": the side, then the batsman
                start += words[0].start()
                head = next((w for w in text[start:end].split() if not _ONE_INITIAL.fullmatch(w)), "")
                if not is_title(head):  # ("M. Waugh": an initial, not "M." for Monsieur)
                    out[start, end] = Found("PERSON", start, end, 0.8)  # (a fielder is a batsman's neighbour too)
    return list(out.values())


# The minute a match report gives a goal, a card or a substitution: EFE's "Cannavaro (m.68)", "(Dabo, m.84)" (who came
# on), "M.63: Elber" (who scored), Reuters' "Aunger (41st min, pen)", "Dan Petrescu (65th)", "(Becerril 46th)": the
# name beside the minute is a player's, a dictionary word too ("Page (m.72)")
_ORDINAL_MINUTE = r"\d{1,3}(?:st|nd|rd|th)"
# the minute with its prime, as English match reports and live feeds write it ("Haaland 23', Saka 88'", "Ødegaard
# (45+2')"): a town's name there is a player's too ("Haaland"), a country's or a capital's is not, nor a word of the
# dictionary that is no family name ("Chapter 12'", "Table 3'": a prime is a foot or a minute of arc as often)
_PRIME_MINUTE = regex.compile(rf"(?<![\p{{L}}\d@.'’-])(?P<a>{_SCORED_NAME})[ \t]*\(?(?:pen\.?[ \t]*|o\.?g\.?[ \t]*)?"
                              r"\d{1,3}(?:\+\d{1,2})?['’′]\)?(?![\p{L}\d])")
# each scorer of a bracketed list: "(Driller 15th, Trulsen 54th, Springer 64th, Sobotzik 67th penalty)", "(Wreh 15th,
# 42nd)", "(Decheiver 51st penalty)"; a dictionary word only beside another scorer (not "(2nd floor, Room 3rd)")
_LISTED_MINUTE = regex.compile(rf"(?<=\((?:[^()\n]{{0,120}}[,;][ \t]*)?)(?P<b>{_SCORED_NAME})[ \t]+{_ORDINAL_MINUTE}"
                               r"(?![\p{L}\d])")
_MINUTE_MARKS = (
    regex.compile(rf"(?<![\p{{L}}\d@.'’-])(?P<a>{_SCORED_NAME})[ \t]*\((?:(?P<b>{_SCORED_NAME}),[ \t]*)?m\.[ \t]?\d{{1,3}}\)"),
    regex.compile(rf"(?<![\p{{L}}\d@'’-])\((?P<b>{_SCORED_NAME}),[ \t]*m\.[ \t]?\d{{1,3}}\)"),
    regex.compile(rf"(?<![\p{{L}}\d@.'’-])M\.[ \t]?\d{{1,3}}:[ \t]*(?P<a>{_SCORED_NAME})(?![\p{{L}}'’-])"),
    regex.compile(rf"(?<![\p{{L}}\d@.'’-])(?P<a>{_SCORED_NAME})[ \t]*\({_ORDINAL_MINUTE}(?:[ \t]+min(?:ute)?s?)?"
                  r"(?:[ \t]*,[^()\n]{0,20})?\)"),
    regex.compile(rf"(?<![\p{{L}}\d@'’-])\((?P<b>{_SCORED_NAME})[ \t]+{_ORDINAL_MINUTE}(?:[ \t]+min(?:ute)?s?)?\)"),
    _LISTED_MINUTE,
    _PRIME_MINUTE,
)


# a pitcher by the games won and lost, before what he did: "Hanson (11-15) allowed three hits", "Estes (3-4) was
# lifted" (a team's record is written in its standings' columns, not after its name before a verb)
_PITCHER_RECORD = regex.compile(r"(?<![\p{L}\d@.'’-])(?P<v>\p{Lu}[\p{Ll}'’-]+)[ \t]+\(\d{1,2}-\d{1,2}\)")


def find_pitcher_records(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """A word before a pitcher's record and a verb (:data:`_PITCHER_RECORD`) in an English text: no title, month or
    known place, and no dictionary word but a listed family name that is no everyday word ("Hill (14-7)": the
    development and train splits of the English news hold 42 such words, every one a pitcher; "Chapter (1-2) for",
    "Ages (18-25) were" are no names)."""
    if lang != "en" or not english or "(" not in text:
        return []
    index, places = name_index(), place_names()
    out = []
    for m in _PITCHER_RECORD.finditer(text):
        word = m.group("v")
        if not _verb_follows(text, m.end(), english) or is_title(word) or word.lower() in CALENDAR \
                or is_dictionary_word(english, word) and not (index.is_listed(word) and not index.is_common(word)) \
                or word.casefold() in places:
            continue
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.8))
    return out


# (not "a": Spanish writes it before a person, "tarjeta amarilla a Cannavaro (m.68)")
_DEFINITE_WORDS = r"(?i:the|el|la|los|las|le|les|il|lo|der|die|das)"
_DEFINITE = regex.compile(_DEFINITE_WORDS)
_DEFINITE_BEFORE = regex.compile(rf"(?<![\p{{L}}]){_DEFINITE_WORDS}[ \t]+$")
_OF_BEFORE = regex.compile(r"(?:de|del|da|du)[ \t]+(?=\p{Lu})")


def find_match_minute_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """The players a match report names beside a minute (:data:`_MINUTE_MARKS`), in a text that writes two such
    minutes at least ("Table (m.5)" alone is no player); never a country, a known place that is no family name
    or a word after a definite article ("the Board (4th)")."""
    if "(" not in text and "M." not in text and "'" not in text and "’" not in text and "′" not in text:
        return []
    found = [m for pattern in _MINUTE_MARKS for m in pattern.finditer(text)]
    if len(found) < 2:
        return []
    index, places, capitals = name_index(), place_names(), capital_names()
    out: dict[tuple[int, int], Found] = {}
    for m in found:
        if m.re is _LISTED_MINUTE and is_dictionary_word(english, m.group("b").split()[-1]) and len(_LISTED_MINUTE.findall(
                text, text.rfind("(", 0, m.start()), max(m.end(), text.find(")", m.end())))) < 2:
            continue  # (a dictionary word alone in its bracket: "(2nd floor, Room 3rd)")
        for g in ("a", "b"):
            if g not in m.re.groupindex or not m.group(g):
                continue
            start, end = m.span(g)
            if (of := _OF_BEFORE.match(text, start, end)) is not None:
                start = of.end()  # "disparo de Stanic (m.76)": the preposition stays ("de Boer": "de" too)
            value = text[start:end]
            head = next((w for w in value.split() if not _ONE_INITIAL.fullmatch(w)), "")
            if is_title(head) or head.lower() in CALENDAR or value.casefold() in capitals \
                    or value.casefold() in places and not index.is_last(value) and m.re is not _PRIME_MINUTE \
                    or m.re is _PRIME_MINUTE and not index.is_last(head) and (
                        index.is_common(head) or head.lower() in english) \
                    or _DEFINITE.fullmatch(value.split()[0]) or _DEFINITE_BEFORE.search(text, max(0, start - 6), start):
                continue  # a country ("Brasil (m.40)"), a thing after an article ("the Board (4th)")
            out[start, end] = Found("PERSON", start, end, 0.8)
    return list(out.values())


def _replaced_titles_start(text: str, start: int, name_start: int) -> int:
    """Where a name's span starts when the titles before it (from ``start``) hold one that is hidden with it."""
    for w in regex.finditer(r"\S+", text[start:name_start]):  # (capitalised: "la signora Bianchi" keeps "signora")
        if is_replaced_title(w.group(0).rstrip(".,:"), text, start + w.start()):
            return start + w.start()
    return name_start


def is_title(word: str) -> bool:
    """A title, rank or honorific as written ("M.", "Mgr", "Dr", "général"), or titles joined by a hyphen
    ("Major-General", "Lieutenant-Colonel")."""
    return _TITLE_ALONE.fullmatch(word) is not None \
        or "-" in word and all(_TITLE_ALONE.fullmatch(part) is not None for part in word.split("-"))


def _name_words_ok(value: str, index: NameIndex, english: Container[str]) -> bool:
    words = [w for w in regex.findall(r"\p{L}[\p{L}'’-]*", value) if len(w) > 1]
    if len(words) >= 2 and all(w.lower() in _PARTICLES_SET for w in words) and words[-1][0].isupper():
        return True  # "M. Le Du": a surname made of particle-like words
    words = [w for w in words if w.lower() not in _PARTICLES_SET]
    if not words:
        return False
    return any(index.is_listed(w) or not (index.is_common(w) or w.lower() in english) for w in words)


def _drop_trailing_words(text: str, start: int, end: int, index: NameIndex, english: Container[str]) -> int:
    """The end of the name once trailing everyday words are dropped ("Mr SMITH SAID" -> "Mr SMITH")."""
    words = list(regex.finditer(r"\S+", text[start:end]))
    capitals = [w.group(0).isupper() and len(w.group(0)) > 2 and not INITIALS.fullmatch(w.group(0))
                for w in words]  # (initials are no name in capitals: "J.-P. Costa", "R.Y. Oakes")
    if capitals[0] and not all(capitals):  # "M. POINCARÉ Paris": the name is the part in capitals
        words = words[:capitals.index(False)]
    while len(words) > 1:
        w = words[-1].group(0)
        if index.is_listed(w) or not (index.is_common(w) or w.lower() in english or w.lower() in _PARTICLES_SET):
            break
        words.pop()
    return start + words[-1].end()


_PARTICLES_SET = frozenset(p for p in _PARTICLE.strip("(?:)").split("|"))


# one word after a title that makes it an institution or an office, never a person ("General Court")
_INSTITUTION_NOUNS = frozenset("""court courts assembly council motors electric hospital staff counsel secretary
manager election elections store stores services practitioner surgeon dynamics public attorney division chamber
section office department committee""".split())


# an office, whose title a particle follows to name its domain, not a person ("el presidente del Gobierno")
_OFFICE = regex.compile(rf"(?i:{OFFICES})[.,:]?[ \t]+$")
_PARTICLE_FIRST = regex.compile(rf"{_PARTICLE}[ \t]")


# a judge's post-nominal title after the surname, as the courts of England and the Commonwealth write it: Justice,
# Lord/Lady Justice(s), Justices, Justice of Appeal, Justice of the Supreme Court, Chief Justice, Master of the Rolls,
# Vice-Chancellor ("Evans J:", "Arden LJ said", "with Pop LJ."); and counsel's and members' ("Jurado KC", "Hale MP")
_JUDICIAL_AFTER = regex.compile(rf"(?<![\p{{L}}\d'’.@#_-])(?P<v>{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?)[ \t]+"
                                r"(?P<t>LJJ|LJ|JJA|JJ|JA|JSC|CJ|MR|VC|J|KC|QC|MP|MEP|MSP)(?![\p{L}\d])(?=[ \t]*(?:[:,.;)(]|$|\n|\p{Ll}))")
# the same titles as American courts write them, after a comma and with stops, often of several judges ("Burns, J.,
# delivered the opinion", "in which Banks and Little, JJ., joined", "Okafor, C.J.:"); the stop is followed by a
# comma, a colon, a bracket or the end of the line, never by a name ("Jones, J. Smith and ...")
_AMERICAN_JUDGES = regex.compile(
    rf"(?<![\p{{L}}\d'’.@#_-])(?P<v>{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?(?:,[ \t]+{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?){{0,8}}"
    rf"(?:,?[ \t]+and[ \t]+{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?)?),[ \t]+(?:C\.[ \t]?JJ?|P\.[ \t]?JJ?|JJ?)\."
    r"(?=[ \t]*(?:[,:;)]|$|\n))")
_JUDGE_IN_LIST = regex.compile(rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?")
# words before such a letter that make it no judge's title ("In Section J", "See Schedule J", "Part J"); a surname
# that is a word stays one before the longer titles ("Pop LJ") but not before "J" alone or "MP" ("Labour MP")
_BEFORE_A_JUDGE = frozenset("in on at of to by for from with and or the see per as cf".split())
_NOT_A_JUDGE = _BEFORE_A_JUDGE | frozenset("""a an under part section schedule appendix annex exhibit form class type
category grade block unit level plan model vitamin""".split())
# titles after which one Title-case word is a surname even when it is a word of the dictionary ("HHJ Bilge",
# "Mr Seven", "Ms Bright"); not "Miss", "Judge", "Justice" or "Dr": "Don't Miss Out", "Justice Department", "Dr Pepper"
# ("MS Windows" is no title: as written only; in lower case with their point, "with ms. Wit", never after a figure)
_STRONG_TITLES = frozenset({"Mr", "Mrs", "Ms", "Mx", "MR", "MRS", "mr", "mrs", "ms", "mx", "HHJ", "DJ", "DDJ", "DCI", "DSI", "DCS", "Supt", "Cllr", "Msgr", "Lieut"})
_TITLE_WORD = regex.compile(r"\p{L}+")


def _strong_title(text: str, start: int, value_start: int, value: str) -> bool:
    titles = _TITLE_WORD.findall(text, start, value_start)
    return bool(titles) and titles[-1] in _STRONG_TITLES and regex.fullmatch(r"\p{Lu}\p{Ll}+", value) is not None \
        and value.lower() not in CALENDAR and value.lower() not in DETERMINERS


_AWARD_AFTER = regex.compile(r"[ \t]+(?:of|for)[ \t]+(?:the[ \t]+)?(?:\p{Lu}|\d)")


# A headline in capitals ("MOCANU SIGNS NEW DEAL WITH CITY", "ZUBIAURRE FIRMA SU RENOVACIÓN"): its family names
_LINE = regex.compile(r"[^\n]+")
_CAPITALS_WORD = regex.compile(r"(?<![\p{L}\d])\p{Lu}{2,}(?![\p{L}\d])")
_SHOUTED_WORD = regex.compile(r"(?<![\p{L}\d'’.@#_-])\p{Lu}{3,}(?:-\p{Lu}{3,})?(?![\p{L}\d'’@_-])")


def _shouted_surnames(text: str, english: Container[str]) -> list[Found]:
    """A word of a headline in capitals that a name list holds as a family name and no list or dictionary holds as
    a word, a given name or a place ("MOCANU"; not "CITY", "NEW", "PARIS", "JUSTIN", which other rules read)."""
    index = name_index()
    places = place_names()
    out = []
    for line in _LINE.finditer(text):
        if any(ch.islower() for ch in line.group()) \
                or sum(1 for _ in zip(range(3), _CAPITALS_WORD.finditer(text, line.start(), line.end()))) < 3:
            continue  # a line in capitals, of three words or more (tested without a look-ahead: a line of one
            # 30,000-letter word made it take seconds)
        for m in _SHOUTED_WORD.finditer(text, line.start(), line.end()):
            word = m.group(0)
            low = word.lower()
            if not index.is_last(word) or index.is_first(word) or index.is_common(word) or low in english \
                    or is_dictionary_word(english, low) or low in CALENDAR or is_title(word.title()) \
                    or word.casefold() in places:
                continue
            out.append(Found("PERSON", m.start(), m.end(), 0.7))
    return out


def _role_named(text: str, index: NameIndex, dictionary: Container[str]) -> list[Found]:
    """The full name right after a role noun (:data:`_ROLE_NAMED`)."""
    out = []
    for m in _ROLE_NAMED.finditer(text):
        if m.group("v").isupper():
            continue  # "BORROWER AND BANK EACH HEREBY WAIVE": a contract's capitals
        start = m.start("v")
        end = _drop_trailing_words(text, start, m.end("v"), index, dictionary)
        if text[start:end].split()[-1].lower() in _PARTICLES_SET:
            end = m.end("v")  # "Senna van der Linden": a particle promises the family name after it
        if regex.match(r"[ \t]+\d", text[end:]) and (cut := regex.search(
                rf"[ \t]+(?:{_PARTICLE})[ \t]+{_NAME_WORD}$", text[start:end])) is not None:
            end = start + cut.start()  # "Senna van der Linden van Melodydijk 821a": the street is no name
        if len(text[start:end].split()) < 2 or not _name_words_ok(text[start:end], index, dictionary) \
                or COMPANY_END.search(text[start:end]):
            continue  # "the patient Records Office", "the client Acme Corp"
        out.append(Found("PERSON", start, end, 0.75))
    return out


def find_titled_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """Names after a title, rank or role, and initials used as names (see the module docstring)."""
    index = name_index()
    dictionary = english if lang == "en" else frozenset()
    out: list[Found] = _shouted_surnames(text, english) if english else []
    for m in _TITLED.finditer(text):
        point = _WORD_TITLE_POINT.search(text, m.start(), m.start("v"))
        if point is not None and point.group(1).casefold() in _WORD_TITLES:
            continue  # "son père. Lui, arrivant": the point closes a sentence
        if _PARTICLE_FIRST.match(text, m.start("v")) and _OFFICE.search(text, m.start(), m.start("v")):
            continue  # "la ministra de Sanidad", "le maire de Lyon", "Minister of State": the office's domain
        if m.group("plural") and _AWARD_AFTER.match(text, m.end("v")):
            continue  # "named Co-Lineman of the Year", "named Player of the Month": an award, not a name
        names = [m.span("v")]
        if m.group("plural"):
            at = m.end("v")
            while (more := _NEXT.match(text, at)) is not None:
                names.append(more.span("v"))
                at = more.end("v")
        for start, end in names:
            end = _drop_trailing_words(text, start, end, index, dictionary)
            if start == m.start("v"):
                start = _replaced_titles_start(text, m.start(), start)
            if text[start:end].lower() in _INSTITUTION_NOUNS or all(w.lower() in CALENDAR for w in text[start:end].split()):
                continue  # "the General Court", "General Motors", "Attorney General": no person; "Washington DC Monday"
            opening = next(iter(text[start:end].split()), "")
            if lang == "en" and opening.lower() in _OPENS_NO_NAME and not index.is_listed(opening):
                continue  # "My Sister With All Your Anormality", "Dont Like Me Or My Tweets": Title Case, no name
            if end > start and (_name_words_ok(text[start:end], index, dictionary)
                                or _strong_title(text, m.start(), m.start("v"), text[start:end])):
                out.append(Found("PERSON", start, end, 0.8))
    for m in _JUDICIAL_AFTER.finditer(text):  # "Evans J:", "Arden LJ said", "Lord Reed JSC"
        words = m.group("v").split()
        while len(words) > 1 and (is_title(words[0]) or words[0].lower() in _BEFORE_A_JUDGE):
            words.pop(0)
        if all(w.lower() not in _NOT_A_JUDGE and (index.is_listed(w) or m.group("t") not in ("J", "MP", "MEP", "MSP")
                                                  or not (index.is_common(w) or w.lower() in dictionary))
               for w in words):
            out.append(Found("PERSON", m.end("v") - len(" ".join(words)) if len(words) == 1 else m.start("v"),
                             m.end("v"), 0.8))
    judges = _AMERICAN_JUDGES.finditer(text) if "J." in text else ()  # (every such title ends in "J.")
    for m in judges:  # "Burns, J., delivered", "Banks and Little, JJ., joined"
        for judge in _JUDGE_IN_LIST.finditer(text, m.start("v"), m.end("v")):
            words = judge.group(0).split()
            if words[0].lower() in _BEFORE_A_JUDGE or is_title(words[0]):
                words = words[1:]
            if words and all(w.lower() not in _NOT_A_JUDGE and w.lower() not in CALENDAR and not is_title(w)
                             for w in words):
                out.append(Found("PERSON", judge.end() - len(" ".join(words)) if len(words) == 1 else judge.start(),
                                 judge.end(), 0.8))
    for pattern in (_ROLE_THEN_NAME, _ROLE_SET_OFF, _NAME_THEN_ROLE, _AGE_SET_OFF):  # "the claimant (Petrus te Kluse)", "Jace Pool
        # (the Claimant)", "Riccardi, 34, was arrested" (English news only: in French "Bardet, 9, rue du Pont" is
        # an address)
        if pattern is _AGE_SET_OFF and lang != "en":
            continue
        for m in pattern.finditer(text):
            words = list(regex.finditer(r"\S+", m.group("v")))
            while len(words) > 1 and (words[0].group(0).lower() in _BEFORE_A_JUDGE or not index.is_listed(
                    words[0].group(0)) and (index.is_common(words[0].group(0)) or words[0].group(0).lower() in dictionary)):
                words.pop(0)  # "Yesterday Jace Pool (the claimant)", "In Paris, 12, rue ..."
            start = m.start("v") + words[0].start()
            value = text[start:m.end("v")]
            # (an age alone is a weaker cue: no dictionary word either, "Items, 12, were sold")
            if _name_words_ok(value, index, dictionary if pattern is _AGE_SET_OFF else frozenset()) \
                    and not COMPANY_END.search(value):
                out.append(Found("PERSON", start, m.end("v"), 0.8))
    out.extend(_role_named(text, index, dictionary))
    for pattern in (_OFFICE_SET_OFF, _PERSONAL_A, _PERSONAL_A_PAIR, _HOLDER_OF_NAME, _ROLE_BEFORE_ES, _AGE_SET_OFF_ES,
                    _CLOSE_TO_ES, _SUBJECT_ES):
        if pattern is not _OFFICE_SET_OFF and lang != "es":
            continue
        for m in pattern.finditer(text):
            words = list(regex.finditer(r"\S+", m.group("v")))
            while len(words) > 1 and (is_title(words[0].group(0)) or is_title(words[0].group(0).rstrip("."))):
                words.pop(0)  # "son président, M. Eugène Motte,": the title stays as written
            start = m.start("v") + words[0].start()
            value = text[start:m.end("v")]
            if pattern is _SUBJECT_ES and _no_subject_es(value):
                continue  # "Hoy llegó el director", "Ayer hablaron los ministros": listed family names, but adverbs
            if pattern in (_PERSONAL_A_PAIR, _HOLDER_OF_NAME) and (len(words) < 2 or value.casefold() in place_names()):
                continue  # a full name only ("viajó a Buenos Aires": a place)
            if pattern is _PERSONAL_A_PAIR and not any(
                    index.is_listed(w.group(0)) and not index.is_common(w.group(0)) for w in words):
                continue  # a name a list holds in it ("remitió a Urología Infantil", "trasladado a Cuidados Intensivos")
            if _holder_named(value, index, dictionary) or pattern is _SUBJECT_ES and m.group("verb") in _PERSON_VERBS_ES \
                    and index.is_last(value) and value.casefold() not in capital_names():
                pair = _TWO_PEOPLE.fullmatch(value)
                if pair is not None:  # "amonestó a Jones y Savage": two people, the "y" between them no name's
                    out.append(Found("PERSON", start, start + pair.end(1), 0.8))
                    start += pair.start(2)
                out.append(Found("PERSON", start, m.end("v"), 0.8))
    for pattern in (_INITIALS_AFTER, _DOTTED, _DOTTED_EN):
        if pattern is _DOTTED_EN and lang != "en":
            continue
        for m in pattern.finditer(text):
            if m.group("v").upper() not in _ACRONYMS:
                out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for pattern in (_INITIALS_SET_OFF, _INITIALS_AFTER_NOUN, _INITIALS_BEFORE_NOUN):
        if pattern is not _INITIALS_SET_OFF and lang != "en":
            continue  # (French writes "M." for "Monsieur": "la jeune fille, M. du Breul")
        for m in pattern.finditer(text):
            after = m.groupdict().get("next")
            items = [span for group in (("v",) if pattern is _INITIALS_SET_OFF else ("v", "m", "w"))
                     for span in m.spans(group)]
            if all(text[a:b].upper() in _ACRONYMS for a, b in items) or after is not None and not (
                    index.is_common(after) or after.lower() in dictionary and not index.is_listed(after)):
                continue  # "his cousin, N. Bothwell": a name's initial, not the name ("H.M. The latter": the next
                # sentence; the dictionary holds no function word); "the officers U.S. and U.K. delegations"
            # (initials an acronym's letters too are a person's among others': "namely A.D. and R.B.")
            out.extend(Found("PERSON", a, b, 0.7) for a, b in items)
    return out


_SINGLE = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<v>\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?|\p{Lu}{4,}|\p{Ll}{4,})"
                        r"(?![\p{L}\d@_-])")
# a code after a word: a run of letters and digits with both in it, after a space or a colon ("YJ541887A")
_CODE_AFTER = regex.compile(r"[ \t]*:?[ \t]*(?=[\p{L}\d-]*\d)(?=[\p{L}\d-]*\p{L})[\p{L}\d-]{4,}(?![\p{L}\d])")
_PERSON_AFTER = regex.compile(r"(?:['’]s\b|,?[ \t]+(?:(?:said|says|told|asked|wrote|writes|replied|and|et|y)\b|&))")
# the lower-case word right before a word (a comma between allowed): "thank you Nick", "a lot Tanner,"
_LOWER_BEFORE = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<w>\p{Ll}+),?[ \t]+$")
DETERMINERS = frozenset("""the a an this these those my your his her our their its every each some any no
another""".split())
# English words no name opens with, though Title Case writes them with a capital after a word a title spells ("Sister",
# "Me"): determiners, pronouns, conjunctions and prepositions
_OPENS_NO_NAME = DETERMINERS | frozenset("""me you him us them it i we they and or but nor with without for from to of by
at on in into as if than all both""".split())
_INDEFINITE_BEFORE = regex.compile(r"(?<![\p{L}])(?:a|an|A|An)[ \t]+$")
_LOCATIVES = frozenset("in at from near into".split())
# a word there read as a verb when its object follows ("I will Mark it", "to Bill them")
_BEFORE_A_VERB = frozenset("will would can could should shall may might must to please do does did let lets".split())
_OBJECT_AFTER = regex.compile(r"[ \t]+(?:the|a|an|my|your|our|their|his|her|its|this|that|these|those|it|them|me|us|"
                              r"him|all|every|each|some|any|no|up|out|down|off)\b", regex.IGNORECASE)


_ARTICLES_BUT_A = r"the|an|le|la|les|un|une|el|los|las|una"
_ARTICLE_BEFORE = regex.compile(rf"(?<![\p{{L}}])(?i:a|{_ARTICLES_BUT_A})[ \t]+$")
# (outside English "a" is a preposition, and before a given name Spanish's mark of a person: "gracias a Maite",
# "llamé a Iñaki")
_ARTICLE_BEFORE_NOT_EN = regex.compile(rf"(?<![\p{{L}}])(?i:{_ARTICLES_BUT_A})[ \t]+$")
_PROPER_AFTER = regex.compile(r"[ \t]+(\p{Lu}\p{Ll}+)")


def is_dictionary_word(english: Container[str], word: str) -> bool:
    """An English dictionary word (a noun-only entry such as "Lydia" or "David" is read as a name). A
    listed given name counts only as written in the dictionary, not as a form its suffix rules make of
    another word ("Jared" is no "jar" + "-ed")."""
    is_word = getattr(english, "is_word", None)
    if is_word is None:
        return word in english
    if not is_word(word):
        return False
    base = getattr(english, "is_base_word", None)
    return base is None or not name_index().is_first(word) or bool(base(word))


def opens_sentence(text: str, start: int) -> bool:
    before = text[max(0, start - 10):start].rstrip(" \t")
    return start < 10 and not before or bool(before) and before[-1] in ".!?:;\"“”([\n•*-"


def find_single_first_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """A listed given name alone, not an everyday or (English) dictionary word: in Title case
    ("Natalia & David are expecting"; at the start of a sentence only before a possessive or a
    person's verb), in capitals ("HAPPY BIRTHDAY JUSTIN"), and in English texts in lower case
    ("how do i get over allison's death"; a noun the dictionary holds only before a verb or after a cue).
    One that is also a word, in Title case inside a lower-case clause (:func:`_inside_lower_case_clause`)."""
    index = name_index()
    out = []
    lower_words: frozenset[str] | None = None
    for m in _SINGLE.finditer(text):
        word = m.group("v")
        if not index.is_first(word) or word.lower() in CALENDAR:
            continue
        if index.is_common(word) or lang == "en" and is_dictionary_word(english, word):
            if lower_words is None:
                lower_words = frozenset(_LOWER_WORDS.findall(text))
            if not _inside_lower_case_clause(text, m.start(), m.end(), lang, lower_words):
                continue
            out.append(Found("PERSON", m.start(), m.end(), 0.6))
            continue
        style = "upper" if word.isupper() else "lower" if word.islower() else "title"
        if style == "upper" and _CODE_AFTER.match(text, m.end()):
            continue  # "NINO YJ541887A", "REF: AB12C": a word in capitals before a code is the code's label
        if style == "lower" and (lang != "en" or not english or len(word) < 4):
            continue  # lower case only where a dictionary tells names from words
        if style == "lower" and word[-1:] == "s" and len(word) > 4 and word[:-1] in english \
                and not index.is_listed(word[:-1]) and not _LOWER_NAME_CUE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "the numbers are off", "the sales were down": the plural of a dictionary noun, which a list
            # holds as a given name, is the noun in lower case (not where the singular is a name too: "douglass" of a
            # note in capitals, read in lower case)
        if style == "lower" and word in english and not _acts_next(text, m.end(), english) \
                and not _LOWER_NAME_CUE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "the same temple", "my sunshine": a noun the lists also hold as a name ("Temple"); a
            # name in lower case does something ("simon wears glasses", "mason playing catcher") or is addressed
            # ("ask bart de boer", "hey maya")
        if style == "title" and opens_sentence(text, m.start()) and not _PERSON_AFTER.match(text, m.end()):
            continue
        article = _ARTICLE_BEFORE if lang == "en" else _ARTICLE_BEFORE_NOT_EN
        if style == "title" and (article.search(text, max(0, m.start() - 5), m.start())
                                 or _proper_noun_after(text, m.end(), index)):
            continue  # "the Magna Carta": part of a longer proper noun, not a person
        if style == "title" and _in_a_place_name(text, m.start(), m.end(), word):
            continue  # "Santiago de Cuba", "the Tour de France": a place's name or a country after "de"
        score = 0.65 if style == "title" else 0.6
        if style == "title" and _COMPANION_BEFORE.search(text, max(0, m.start() - 6), m.start()) \
                and word.casefold() not in capital_names():
            score = 0.75  # "comí con Pilar", "avec Constance": a given name after "with" is a companion, not the town
            # NER reads ("David" and "Pilar" are towns too); a country or a capital stays a place ("with China")
        out.append(Found("PERSON", m.start(), m.end(), score))
    return out


# A given name that opens a comment or a line and addresses someone with no comma after it, as comments under a
# video write ("Lily I love your videos", "Grant what if you have a newer car", "tanner why do you ..."): the name, a
# word or a noun too, before "I", "u", a question word or "please"
_OPENING_ADDRESS = regex.compile(r"(?:^|(?<=\n))[ \t]*(?P<v>\p{Lu}\p{Ll}{2,}|\p{Ll}{3,})[ \t]+"
                           r"(?=(?:I|i|u|why|what|where|when|who|please|pls|plz|ily)\b(?![ \t]*[,.!?]))")
# words that open a sentence before "I" or a question word far more often than they address a given name so
# written ("Will I ...", "May I ...", "Hope I ...", "Love how ...", "Guess what")
_NO_ADDRESS = frozenset("""will may can hope love man guess mark trust bless wish sun rose august june april mercy
sunny summer autumn winter spring dawn joy faith chance rich art""".split())


def find_addressed_first_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """(:data:`_OPENING_ADDRESS`) English only, a listed given name of three letters or more, no title and no word of
    :data:`_NO_ADDRESS`."""
    if lang != "en" or not english:
        return []
    index = name_index()
    out = []
    for m in _OPENING_ADDRESS.finditer(text):
        word = m.group("v")
        if word.lower() in _NO_ADDRESS or word.lower() in CALENDAR or not index.is_first(word) or is_title(word):
            continue
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.65))
    return out


_COMPANION_BEFORE = regex.compile(r"(?<![\p{L}])(?i:with|con|avec|mit|com)[ \t]+$")
_LOWER_WORDS = regex.compile(r"(?<![\p{L}\d'’-])\p{Ll}+(?![\p{L}\d'’-])")


def _inside_lower_case_clause(text: str, start: int, end: int, lang: str, lower_words: Container[str]) -> bool:
    """An English given name that is also a word ("Nick", "Grace", "Tanner") in Title case after a
    lower-case word, in a text that never writes it in lower case: "Hats off to Nick for", "I like your
    videos a lot Tanner". Not after a determiner ("the Grace period"), nor before another capitalised
    word ("Amber Alert"), nor a verb before its object ("I will Mark it"), nor a place after "in" or "from"
    ("from Jordan"); not where the text writes it as a word too ("loan" beside "Loan")."""
    word = text[start:end]
    if lang != "en" or not (word[:1].isupper() and word[1:].islower()) or word.lower() in lower_words \
            or _PROPER_AFTER.match(text, end):  # (Title case only: "last season's team" is no name)
        return False
    before = _LOWER_BEFORE.search(text, max(0, start - 30), start)
    if before is None or before.group("w") in DETERMINERS \
            or before.group("w") in _BEFORE_A_VERB and _OBJECT_AFTER.match(text, end) \
            or _INDEFINITE_BEFORE.search(text, max(0, before.start() - 6), before.start()) is not None:
        return False  # (nor the noun of "a former Marine", "an old Rose")
    if before.group("w") in _LOCATIVES:
        return word.casefold() not in place_names()
    return True


_LOWER_NAME_CUE = regex.compile(r"(?<![\p{L}])(?:ask|tell|ping|email|message|text|remind|call|invite|cc|hey|hi|"
                                r"hello|thanks|thank[ \t]+you|dear|bye)[ \t,]+$", regex.IGNORECASE)


_HASHTAG = regex.compile(r"(?<![\w#&])#(?P<v>[\p{L}][\p{L}\d_]{3,60})(?![\w])")
_CAMEL = regex.compile(r"\p{Lu}\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{Ll}+|\d+")


def find_hashtag_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """A hashtag made of words where one word is a listed given name that is not an everyday or
    dictionary word ("#JustinBieber", "#VoteChloeCrushSong"): the tag names a person, so all of it after
    the "#" is hidden (a name kept inside it would leak)."""
    index = name_index()
    out = []
    for m in _HASHTAG.finditer(text):
        parts = _CAMEL.findall(m.group("v"))
        if m.group("v").islower() and _name_prefix(m.group("v"), index, english):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.65))
            continue
        if len(parts) < 2 and not m.group("v")[0].isupper():
            continue  # "#justin" alone is left to the other finders
        if any(len(p) >= 3 and p[0].isupper() and index.is_given(p)
               and not is_dictionary_word(english, p) and p.lower() not in CALENDAR for p in parts) \
                or _given_then_family(parts, index, english):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.65))
    return out


def _given_then_family(parts: list[str], index: NameIndex, english: Container[str]) -> bool:
    """A hashtag of two or three words in Title case that opens with a listed given name, a family name's too or a
    dictionary word ("Austin"), and closes with a listed family name no dictionary holds ("#AustinMahone",
    "#GraceVanderwaal")."""
    if not 2 <= len(parts) <= 3 or not all(p[:1].isupper() and p[1:].islower() and len(p) >= 2 for p in parts):
        return False
    first, last = parts[0], parts[-1]
    return index.is_first(first) and first.lower() not in CALENDAR and len(last) >= 4 and index.is_last(last) \
        and last.lower() not in english


def _name_prefix(tag: str, index: NameIndex, english: Container[str]) -> bool:
    """A hashtag in lower case that opens with a listed given name of four letters or more, no everyday or
    dictionary word, and goes on for three letters or more ("#jamesyboy", "#tonymemmel", "#philday"): the
    words of such a tag are not split by case, so the name is read as its start."""
    if any(tag[:cut] in english and not index.is_first(tag[:cut]) for cut in range(5, min(len(tag), 14) + 1)):
        return False  # "#manufacturing", "#bettingdaysover": a word opens the tag, not a name
    for cut in range(min(len(tag) - 3, 12), 3, -1):
        head = tag[:cut]
        if head.isalpha() and index.is_given(head) \
                and not is_dictionary_word(english, head) and head not in english and head not in CALENDAR:
            return True
    return False


_PLACE_PARTICLE_BEFORE = regex.compile(r"(?<![\p{L}])(?:de|du|des|del|of)[ \t]+$")
_PLACE_REST = regex.compile(r"(?:[ \t]+(?:de|del|da|do|dos|das|la|los|las))+[ \t]+\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+)?")


def _in_a_place_name(text: str, start: int, end: int, word: str) -> bool:
    """A given name that opens a known place's name with the particles and words after it ("Santiago de Cuba"), or a
    country or a capital after "de" or "of" ("the Tour de France", "the Bank of China")."""
    if word.casefold() in capital_names() and _PLACE_PARTICLE_BEFORE.search(text, max(0, start - 5), start):
        return True
    rest = _PLACE_REST.match(text, end)
    return rest is not None and is_place_name(text[start:rest.end()])


def _proper_noun_after(text: str, at: int, index: NameIndex) -> bool:
    after = _PROPER_AFTER.match(text, at)
    return after is not None and not index.is_listed(after.group(1))


# A word of a cased script: a capital, then letters of that script and their combining marks (a stress mark,
# "Алекса́ндр"), a hyphen inside ("Римский-Корсаков", the Bulgarian title "Г-жа"). A word of a script with no
# case, its combining marks included: Arabic's vowel marks and shadda belong to no script ("ضحّاك").
_CASED_WORD = r"\p{Lu}\p{M}*(?:[\p{Cyrillic}\p{Greek}]\p{M}*|-(?=[\p{Cyrillic}\p{Greek}]))+"
_UNCASED_WORD = (r"[\p{Arabic}\p{Hebrew}\p{Devanagari}\p{Bengali}\p{Tamil}\p{Thai}\p{Georgian}\p{Armenian}]"
                 r"(?:[\p{Arabic}\p{Hebrew}\p{Devanagari}\p{Bengali}\p{Tamil}\p{Thai}\p{Georgian}\p{Armenian}]|\p{M})*")
_OTHER_SCRIPT = regex.compile(
    r"(?<![\p{L}\p{M}\d])(?P<v>"
    rf"{_CASED_WORD}(?:[ \t]+{_CASED_WORD}){{0,3}}"  # cased scripts: capitalised
    r"(?:[ \t]+(?:ұлы|қызы|улы|кызы|оглы|оглу|уулу|гызы))?"  # with a Turkic patronymic word ("Жансүгір ұлы")
    rf"|{_UNCASED_WORD}(?:[ \t]+{_UNCASED_WORD}){{0,3}}"
    r"|\p{Hangul}+(?:[ \t]+\p{Hangul}+){0,2}"
    r"|[\p{Han}\p{Katakana}\u30fc\u30fb]{2,8})(?![\p{L}\p{M}\d])")
_LATIN = regex.compile(r"\p{Latin}")
_LATIN_WORD = regex.compile(r"\p{Latin}{2,}")
# a letter of another script next to a run, past spaces and that script's own punctuation (not ASCII's)
_SAME_SCRIPT_BEFORE = regex.compile(r"(?!\p{Latin})\p{L}[\p{M}]*[ \t\u00a0]*(?:[^\x00-\x7f\p{L}\p{N}\s][ \t\u00a0]*)*$")
_SAME_SCRIPT_AFTER = regex.compile(r"[ \t\u00a0]*(?:[^\x00-\x7f\p{L}\p{N}\s][ \t\u00a0]*|[,.;:!?](?=\S))*(?!\p{Latin})\p{L}")
# (ASCII punctuation with no space after it is the script's own, normalised: "您好，请" reads "您好,请")
_LETTER = regex.compile(r"\p{L}")


def find_other_script_names(text: str, lang: str) -> list[Found]:
    """Words in another script inside a text written in Latin letters ("the singer Александр Градский",
    "her colleague 王小明", "Kim Ji-woo (김지우)"): in an English, French or Spanish prompt such a
    short run is a name or a place far more often than anything else, and the NER models of these
    languages read none of it. Capitalised runs in Cyrillic and Greek, runs of up to four words in
    Arabic, Hebrew and the Indic scripts, up to three in Hangul, 2 to 8 Han or Katakana characters.
    Not in a text mostly in another script (that text is not in a language Prmpt analyses)."""
    if text.isascii():
        return []
    letters = len(_LETTER.findall(text))
    if not letters:
        return []
    return _script_cued_names(text) + _other_script_runs(text, letters)


def _other_script_runs(text: str, letters: int) -> list[Found]:
    runs = _OTHER_SCRIPT.finditer(text)
    if len(_LATIN.findall(text)) < 0.5 * letters:
        # a text mostly in the other script, in a frame of Latin words (field labels, a list, a sentence): only a
        # whole stretch of that script of up to four words, set apart by Latin text, a line break or ASCII
        # punctuation ("Tenant: رحاب الصالح\nLandlord: ...", "CC: شيماء العلي; أنس السيد", "Dear رياض الجابري,");
        # a sentence of that script, its own punctuation included, is none ("مرحبا، كيف حالك؟ Hi there")
        if not _LATIN_WORD.search(text):
            return []
        runs = (m for m in runs if not _SAME_SCRIPT_BEFORE.search(text, 0, m.start())
                and not _SAME_SCRIPT_AFTER.match(text, m.end()) and not _LABEL_AFTER.match(text, m.end())
                and not _LONG_HAN.fullmatch(m.group("v")))
        # (a run before a colon is a field's label: "邮箱：wang@example.cn", "Телефон: +7 916 ..."; five Chinese
        # characters or more are a clause, "谢谢您的帮助", not a name)
    out = [Found("PERSON", m.start("v"), m.end("v"), 0.6) for m in runs]
    if len(_LATIN.findall(text)) >= 0.5 * letters and _CJK.search(text):
        out.extend(_cjk_names(text))
    return [f for f in out if not _glued(text, f.start, f.end)] if GLUE in text else out


def _glued(text: str, start: int, end: int) -> bool:
    """The run is glued to a Latin word or a value ("请发邮件到wang@example.cn"): a word of the sentence, no name."""
    return text[start - 1:start] == GLUE or text[end:end + 1] == GLUE


_LABEL_AFTER = regex.compile(r"[ \t]*[:：]")
_LONG_HAN = regex.compile(r"\p{Han}{5,}")


# Chinese and Korean family names (the commonest, which most people bear: a name opens with one)
_HAN_SURNAMES = ("王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何林罗羅高郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖田董潘袁蔡蒋蔣余"
                 "于杜叶葉程魏苏蘇吕呂丁任卢盧姚沈钟鍾姜崔谭譚陆陸范汪廖石金贾賈韦韋夏付方邹鄒熊白孟秦邱侯江尹薛闫閆段雷龙龍黎史陶贺賀"
                 "毛郝顾顧龚龔邵万萬覃武钱錢戴严嚴欧歐莫孔向汤湯常温溫康施文牛樊葛邢安齐齊易乔喬伍庞龐颜顏倪庄莊聂聶章鲁魯岳翟殷詹申耿关關"
                 "兰蘭焦俞左柳甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢单單季裴霍涂成苗谷盛曲翁冉骆駱蓝藍路游辛靳管柴蒙鲍鮑华華喻祁蒲房滕屈饶饒解"
                 "牟艾尤阳陽时時穆农農司卓古吉缪繆简簡车車项項连連芦蘆麦麥褚娄婁窦竇戚岑景党宫宮费費卜冷晏席卫衛米柏宗瞿桂全佟应應臧闵閔苟"
                 "邬鄔边邊卞姬师師和仇栾欒隋商刁沙荣榮巫寇桑郎甄丛叢仲虞敖巩鞏明佘池查麻苑迟遲邝鄺")
_HANGUL_SURNAMES = "김이박최정강조윤장임한오서신권황안송전홍유고문양손배백허남심노하곽성차주우구민류나진지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예봉경사부"
_HAN_NAME = rf"[{_HAN_SURNAMES}][\p{{Han}}]{{1,2}}"
_HANGUL_NAME = rf"[{_HANGUL_SURNAMES}]\p{{Hangul}}{{1,3}}"
# a name a cue of its own script announces, in a text of that script or any other: after "my name is" and a form's
# name label ("我叫王小明", "私の名前は田中太郎です", "제 이름은 김민준입니다", "меня зовут Ольга Петрова", "اسمي أحمد
# الخطيب", "मेरा नाम राहुल शर्मा है", "担当者：佐藤花子"), before an honorific ("李娜女士", "田中さん", "박서연 씨")
_SCRIPT_CUES = regex.compile(
    r"(?:我叫|我的名字(?:是|叫)|名字(?:是|叫)|姓名[ \t]*[:：][ \t]*|联系人[ \t]*[:：][ \t]*|聯繫人[ \t]*[:：][ \t]*|患者[ \t]*[:：]?[ \t]*)"
    rf"(?P<v>{_HAN_NAME})(?![\p{{Han}}])"
    rf"|(?P<v>[{_HAN_SURNAMES}]\p{{Han}}{{0,2}})(?=先生|女士|小姐|老师|老師|医生|醫生|同学|同學|教授|经理|經理)"
    r"|(?:私の名前は|僕の名前は|名前は|氏名[ \t]*[:：][ \t]*|担当者?[ \t]*[:：][ \t]*|名前[ \t]*[:：][ \t]*)"
    r"(?P<v>[\p{Han}\p{Katakana}\u30fc\u3005]{2,6})(?=です|と申します|といいます|でございます|[ \t。、，,.！!？?]|$)"
    # (not after the polite prefix: "お医者さん", "ご主人様" are a doctor and a master)
    r"|(?<![おご\p{Han}\p{Katakana}])(?P<v>[\p{Han}\u3005]{2,5}|[\p{Katakana}\u30fc]{2,8})(?=さん|様|さま|氏|くん|君|ちゃん)"
    rf"|(?:제[ \t]+이름은|내[ \t]+이름은|이름[ \t]*[:：][ \t]*|성명[ \t]*[:：][ \t]*|담당자[ \t]*[:：][ \t]*|환자[ \t]*[:：]?[ \t]*)[ \t]*"
    rf"(?P<v>{_HANGUL_NAME})(?=입니다|이에요|예요|이고|이며|이라고|라고|씨|님|[ \t.,!?]|$)"
    # (before an honorific a whole name of three syllables: "고객님", "선생님" are a customer and a teacher)
    rf"|(?<!\p{{Hangul}})(?P<v>[{_HANGUL_SURNAMES}]\p{{Hangul}}{{2}})[ \t]*(?=씨|님|선생님|교수님|환자)"
    r"|(?:(?i:меня[ \t]+зовут|моё[ \t]+имя|мое[ \t]+имя|фио[ \t]*:|имя[ \t]*:)|(?<![\p{L}])(?:я|это|Я|Это))[ \t]*"
    r"(?P<v>\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+){0,2})"
    r"|(?:اسمي|إسمي|الاسم[ \t]*:)[ \t]*(?P<v>\p{Arabic}+(?:[ \t]+\p{Arabic}+)?)"
    r"|(?:मेरा[ \t]+नाम|नाम[ \t]*:)[ \t]*(?P<v>[\p{Devanagari}\p{M}]+(?:[ \t]+(?!है)[\p{Devanagari}\p{M}]+)?)")


def _script_cued_names(text: str) -> list[Found]:
    return [Found("PERSON", m.start("v"), m.end("v"), 0.7) for m in _SCRIPT_CUES.finditer(text)]


# Chinese and Japanese names inside Latin text whose runs are shorter than the runs above, or in hiragana: two runs
# side by side ("帆 刘", "あすか 藤田", "山口, 充", "秀芳 and 欣"), or one where a name stands ("Hi 晃,", "Reporter: 飞",
# "to 吴 by Friday", "I think 李 already approved", "成: yes")
_CJK_LETTER = r"[\p{Han}\p{Katakana}\p{Hiragana}\u30fc\u30fb\u3005]"
_CJK = regex.compile(_CJK_LETTER)
_CJK_RUN = _CJK_LETTER + "{1,8}"
_CJK_PAIR = regex.compile(rf"(?<![\p{{L}}\p{{M}}\d])(?P<a>{_CJK_RUN})(?:[ \t]+|[ \t]*,[ \t]*|[ \t]+(?:and|&|y|et|und|e)[ \t]+)"
                          rf"(?P<b>{_CJK_RUN})(?![\p{{L}}\p{{M}}\d])")
_CJK_ALONE = regex.compile(rf"(?<![\p{{L}}\p{{M}}\d])(?P<v>{_CJK_RUN})(?![\p{{L}}\p{{M}}\d])")
_CJK_CUE_BEFORE = regex.compile(r"(?:(?<![\p{L}])(?:Mr|Mrs|Ms|Mx|Miss|Dr|Prof)\.?|(?<![\p{L}])(?i:hi|hello|hey|dear|thanks|thank[ \t]+you|cc|copy|to|with|from|by|"
                                r"ask|tell|ping|reporter|assignee|assigned[ \t]+to|owner|author|signed)[ \t]*:?|@|"
                                r"(?m:^)[ \t]*(?:[-*•]|\[?\d{1,2}:\d{2}\]?))[ \t]*$")
_CJK_CUE_AFTER = regex.compile(r"[ \t]*:[ \t]|['’]s\b|[ \t]+(?:will|asked|said|says|signed|already|"
                               r"approved|replied|wrote|agreed|confirmed)\b|[ \t]*,[ \t]*\n")


def _cjk_names(text: str) -> list[Found]:
    out = []
    for m in _CJK_PAIR.finditer(text, overlapped=True):
        out += [Found("PERSON", m.start(g), m.end(g), 0.6) for g in ("a", "b")]
    for m in _CJK_ALONE.finditer(text):
        if _CJK_CUE_BEFORE.search(text, max(0, m.start() - 24), m.start()) is not None \
                or _CJK_CUE_AFTER.match(text, m.end()) is not None:
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.6))
    return out


_PAIR = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<v>\p{Lu}\p{Ll}{2,}(?:[ \t]+\p{Lu}\p{Ll}{2,}){1,2})(?![\p{L}\d@_-])")


# the nouns that close an organisation's or a place's name and that name lists hold as family names too ("Zentrix
# Bank", "Kubeflow Center"), with the institutions': no person's name with a word no list holds before them
_ORGANISATION_WORDS = _INSTITUTION_NOUNS | frozenset("""company bank center centre fund group trust labs lab cloud engine
systems solutions partners capital holdings ventures foundation institute university college school clinic church club hotel
park hall house street road station tower towers studio studios media press network mills works channel kitchen
lake lakes river square field fields bridge island bay beach valley mountain forest garden gardens airport stadium
arena castle palace abbey market mall plaza point falls springs harbour harbor port creek canyon ridge grove meadow
heights""".split())
_COMPANY_AFTER = regex.compile(rf"[ \t]+(?:{COMPANY_FORMS})\.?(?![\p{{L}}\d])")


def find_unlisted_name_pairs(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """English texts: two or three adjacent capitalised words none of which is an everyday or dictionary
    word ("add Edvard Petrussen as a beneficiary", "Oluwaseun Bakare signed"): names from locales the
    lists do not cover. Not after an article ("the Hewlett Packard printer")."""
    if lang != "en" or not english:
        return []
    index = name_index()
    out = []
    for m in _PAIR.finditer(text):
        words = m.group("v").split()
        if words[0].lower() in GREETINGS:
            continue  # "Thanks Python for ...": the word after a greeting is left to the cued names
        plain = [not (index.is_common(w) or is_dictionary_word(english, w) or w.lower() in CALENDAR
                      or not VOWEL.search(w)) for w in words]
        if not all(plain) and not (
                len(words) == 2 and no_word(words[0], index, english) and words[0].casefold() not in place_names()
                and index.is_last(words[1]) and words[1].lower() not in _ORGANISATION_WORDS
                and not _COMPANY_FORM_WORD.fullmatch(words[1]) and m.group("v").casefold() not in place_names()
                and not _COMPANY_AFTER.match(text, m.end("v"))
                and words[1].lower() not in CALENDAR and not is_title(words[1])):
            continue  # (a given name no list holds, then a listed family name that is a word too: "Tiegan Hill")
        if _ARTICLE_BEFORE.search(text, max(0, m.start() - 5), m.start()):
            continue
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.6))
    return out


_SPEECH = (r"says|said|told|asks|asked|adds|added|explains|explained|writes|wrote|replies|replied|recalls|recalled|"
           r"notes|noted|admits|admitted|insists|insisted|argues|argued|claims|claimed|declares|declared|"
           r"stated|states|stressed|stresses|conceded|concedes|acknowledged|acknowledges|commented|comments|"
           r"a\s+dit|dit|déclare|a\s+déclaré|explique|"
           # French and Spanish news report in the past: "a affirmé X", "expresó Mejía", "Egibar ha señalado"
           r"(?:a\s+)?(?:affirmé|ajouté|expliqué|indiqué|précisé|souligné|estimé|assuré|rappelé|répondu|reconnu)|"
           r"affirme|ajoute|précise|souligne|estime|assure|"
           r"dijo|declaró|explicó|afirmó|señaló|manifestó|aseguró|indicó|comentó|expresó|añadió|agregó|subrayó|"
           r"destacó|precisó|recordó|insistió|advirtió|reconoció|apuntó|resaltó|instó|calificó|consideró|estimó|"
           r"opinó|sostuvo|reiteró|respondió|admitió|puntualizó|aclaró|concluyó|"
           r"afirma|asegura|explica|señala|indica|añade|"
           r"ha\s+(?:dicho|declarado|explicado|afirmado|señalado|manifestado|asegurado|indicado|comentado|"
           r"expresado|añadido|subrayado|destacado|recordado|advertido|reconocido|apuntado|calificado)")
# a speaker and the verb of speech, one adverb allowed between ("Davies also noted", "Okafor later told")
_SPEAKER_BEFORE = regex.compile(rf"(?<![\p{{L}}\d@#_'’.-])(?P<v>\p{{Lu}}\p{{Ll}}{{2,}})[ \t]+"
                                r"(?:(?:then|later|also|again|further|finally|reportedly|allegedly|previously|recently|"
                                r"repeatedly|publicly|privately|angrily|simply|earlier|once|aussi|ensuite|también|luego)"
                                rf"[ \t]+)?(?:{_SPEECH})\b")
_SPEAKER_AFTER = regex.compile(rf"\b(?:{_SPEECH}|(?i:according[ \t]+to|selon|según))[ \t]+(?P<v>\p{{Lu}}\p{{Ll}}{{2,}})"
                               r"(?![\p{L}\d@_-])(?![ \t]+\p{Lu})")
# What a person says of others or asks of them, in Spanish news ("Musa criticó el retraso", "Rajoy pidió el
# apoyo"): a country, a town or a body does as much ("Canadá criticó", "el Servicio de Hematología propuso"), so
# never a known place that no list holds as a name, a word after a capitalised word or "de", nor an adverb
_CRITIC_BEFORE = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+"
                               r"(?:criticó|pidió|lamentó|denunció|defendió|exigió|reclamó|negó|acusó|elogió|propuso|"
                               r"replicó|cree|opina|considera|critica|pide|lamenta)\b")
_AFTER_A_NAME_WORD = regex.compile(r"(?:\p{Lu}[\p{L}'’.-]*|(?<!\p{L})(?:de|del))[ \t]+$")
# What only a person does, after a single capitalised word and at most one adverb ("Ortolani scored twice",
# "Guido died in 1955", "Liberace was greatly influenced", "Okafor nació en"): life events, court events, a
# body's gestures. Verbs a company, a team or a program also take ("announced",
# "won", "became", "supports") are not here.
_ACTS = (r"died|dies|passed\s+away|was\s+born|married|marries|divorced|graduated|retired|"
         r"resigned|testified|pleaded|pled|confessed|apologi[sz]ed|smiled|smiles|laughed|laughs|nodded|nods|"
         r"shrugged|shrugs|sighed|sighs|wept|weeps|frowned|frowns|whispered|whispers|shouted|screamed|grinned|"
         r"scored|sang|sings|starred|grew\s+up|lives\s+(?:in|on|at)|lived\s+(?:in|on|at)|studied|served\s+as|works\s+as|worked\s+as|"
         r"(?:was|is|has\s+been|had\s+been)\s+(?:\w+ly\s+)?(?:sentenced|convicted|arrested|charged|jailed|acquitted|"
         r"elected|appointed|hired|fired|educated|raised|married|influenced|injured|killed|murdered|wounded|"
         r"nominated|knighted|interviewed|survived\s+by)|"
         r"est\s+n[ée]e?|est\s+mort|est\s+morte|est\s+d[ée]c[ée]d[ée]e?|a\s+[ée]t[ée]\s+(?:condamn[ée]e?|arr[êe]t[ée]e?|"
         r"[ée]lu|[ée]lue|nomm[ée]e?)|s'est\s+mari[ée]e?|"
         r"naci[óo]|muri[óo]|falleci[óo]|fue\s+(?:condenad[oa]|detenid[oa]|elegid[oa]|nombrad[oa]|asesinad[oa])|"
         r"se\s+cas[óo]")
_ADVERB = r"(?:(?:then|later|also|never|once|still|soon|first|finally|again|allegedly|reportedly|\w+ly|"
_ADVERB += r"puis|ensuite|aussi|jamais|luego|también|nunca)[ \t]+)?"
_TOWN_ACTS = regex.compile(rf"[ \t]+{_ADVERB}(?:scored|served|grew)\b")  # (what a team or a town does too)
_ACTOR_BEFORE = regex.compile(rf"(?<![\p{{L}}\d@#_'’.-])(?P<v>\p{{Lu}}\p{{Ll}}{{2,}})[ \t]+{_ADVERB}(?:{_ACTS})\b")
# A single capitalised word opening a sentence, then lower-case words, then a personal pronoun in the same
# sentence ("Citrone is known for taking his time", "Carter began playing his first gigs when he was 16"):
# the pronoun is the word's. English only ("son" and "sa" of French are "its" too).
_PRONOUN_LATER = regex.compile(r"(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+\p{Ll}[^.!?\n\p{Lu}]{0,60}?"
                               r"\b(?:he|she|his|her|him|himself|herself)\b")
# "Lindqvist, who joined the firm in 2004, ...": "who" and "whose" follow a person (English only)
_WHO_AFTER = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<v>\p{Lu}\p{Ll}{2,})(?:,?[ \t]+|[ \t]*\([ \t]*)(?:who|whom|whose)\b")
# "Frazier himself was approaching retirement": a reflexive pronoun right after the word is a person's
_REFLEXIVE = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+(?:himself|herself)\b")
# a clause a subordinator opens at the start of a sentence, or after a comma: its subject stands where a
# sentence's would ("While Silang initially wanted", "..., but Norton connected first")
_CLAUSE_OPENER = regex.compile(r"(?:(?:^|[.!?;:\n\"“(][ \t]*)(?:While|When|After|Before|Although|Though|Because|"
                               r"Since|Until|Once|If|Then|But|And|So)|,[ \t]*(?:but|while|when|although|though|"
                               r"because|after|before|until|since|and|so|then))[ \t]+$")

_NEXT_WORDS = regex.compile(r"[ \t]+(\p{Ll}+)(?:[ \t]+(\p{Ll}+))?")
_ADVERBS = frozenset("then later also never once still soon first finally again".split())


def _verb_follows(text: str, at: int, english: Container[str], past: bool = False) -> bool:
    """A finite verb right after ``at``, or after one adverb ("Player pooled", "Silang initially wanted");
    with ``past``, in the past tense (:meth:`EnglishWords.is_finite_verb`)."""
    finite = getattr(english, "is_finite_verb", None)
    m = _NEXT_WORDS.match(text, at)
    if finite is None or m is None:
        return False
    if finite(m.group(1), past):
        return True
    return (m.group(1) in _ADVERBS or m.group(1).endswith("ly")) and m.group(2) is not None \
        and finite(m.group(2), past)


def _acts_next(text: str, at: int, english: Container[str]) -> bool:
    """A finite verb (:func:`_verb_follows`) or a verb's "-ing" form right after ``at``."""
    if _verb_follows(text, at, english):
        return True
    m = _NEXT_WORDS.match(text, at)
    verbs: Container[str] = getattr(english, "verbs", frozenset())
    word = m.group(1) if m is not None else ""
    stem = word[:-3]
    return word.endswith("ing") and len(stem) >= 2 and (
        stem in verbs or stem + "e" in verbs or len(stem) >= 3 and stem[-1] == stem[-2] and stem[:-1] in verbs)


def _listed_subject(text: str, word: str, m: regex.Match[str], index: NameIndex,
                    english: Container[str]) -> bool:
    """A listed name that is also a word, opening a sentence as its subject, with a personal pronoun
    later that can only be its ("Hunter left the firm after his second year", "Carter began playing his
    first gigs"): an English sentence opens with a bare singular noun only in headlines, and a town
    ("Hunter", "Parker") takes no "his" or "her". A verb in the third person or the past follows it (maybe
    after one adverb), so an imperative or an adjective is not taken ("Mark his words", "Hope he is fine",
    "Good for him", "Pretty sure he is")."""
    return index.is_listed(word) and not word.isupper() and _verb_follows(text, m.end("v"), english)


def pronoun_later(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens a run of lower-case words with a personal pronoun in the
    same sentence (:data:`_PRONOUN_LATER`)."""
    return _PRONOUN_LATER.match(text, start) is not None


# a listed name inside a clause, after a lower-case word and before a finite verb ("For two years Player sold
# advertising", "a few years ago, Player pulled into a barrel"): tested in find_speakers
_MID_SUBJECT = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?P<w>\p{Ll}+),?[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]+\p{Ll})")
# "that" opening what was said or heard ("The court heard that Borges had been drinking"), not a determiner
_REPORTED_THAT = regex.compile(r"\b(?:heard|told|said|says|claimed|claims|alleged|alleges|found|accepted|admitted|"
                               r"argued|argues|denied|insisted|noted|submitted|stated|concluded|held|ruled|believed|"
                               r"knew|learned|suggested|conceded|reported|accepts|finds|holds)[ \t]+$")
_NOT_BEFORE_A_SUBJECT = frozenset("""the a an this that these those my your his her our their its every each some any
no another other certain of in at from to for with by on into onto about under over near than as like and or
nor""".split())


def _determined_elsewhere(text: str, word: str) -> bool:
    """The text writes the word after a determiner or defines it in quotes ("the Bank", "such Person", '"Bank"'):
    a defined term of a contract, not a name."""
    return regex.search(rf"(?<![\p{{L}}])(?:(?i:the|a|an|such|any|each|every|no|this|that|said)[ \t]+|[\"“]){word}\b",
                        text) is not None


# a word and its apposition, a person's role ("Baron, Gigi's former guitarist", "Okafor, a 34-year-old teacher",
# "Ramos, the company's chief executive"): tested in find_speakers (English only)
_ROLE_NOUNS = (r"teacher|lawyer|attorney|doctor|nurse|surgeon|guitarist|bassist|drummer|singer|pianist|violinist|"
               r"musician|actor|actress|player|coach|manager|director|chairman|chairwoman|chair|spokesman|spokeswoman|"
               r"spokesperson|executive|president|founder|co-founder|owner|partner|wife|husband|widow|widower|son|"
               r"daughter|mother|father|brother|sister|friend|girlfriend|boyfriend|fianc[ée]e?|resident|student|"
               r"graduate|author|writer|novelist|poet|journalist|reporter|editor|photographer|artist|painter|"
               r"officer|detective|soldier|sergeant|marine|sailor|veteran|farmer|worker|employee|engineer|scientist|professor|"
               r"lecturer|researcher|economist|analyst|consultant|accountant|banker|trader|investor|entrepreneur|"
               r"striker|midfielder|defender|goalkeeper|forward|pitcher|quarterback|captain|champion|winner|"
               r"candidate|senator|minister|mayor|governor|judge|prosecutor|defendant|plaintiff|claimant|"
               r"applicant|witness|victim|suspect|patient|mp|ceo|cfo|cto|coo")
_APPOSITION = regex.compile(
    rf"(?<![\p{{L}}\d@#_'’.-])(?P<v>\p{{Lu}}\p{{Ll}}{{2,}}),[ \t]+(?:(?:a|an|the|his|her|their|its)[ \t]+|"
    rf"\p{{Lu}}\p{{Ll}}+['’]s[ \t]+)(?:[\w'’-]+[ \t]+){{0,3}}?(?i:{_ROLE_NOUNS})\b")
# a word and its apposition without an article, an office or a role and what it is held in, as news writes it in
# English, Spanish and French ("Page, chairman of the committee, said", "Toledo, candidato por el partido Perú
# Posible", "Dupont, maire de Rennes"): tested in find_speakers, in every language
_APPOSITION_OFFICE = regex.compile(
    rf"(?<![\p{{L}}\d@#_'’.-])(?P<v>\p{{Lu}}\p{{Ll}}{{2,}}),[ \t]+(?:(?i:former|deputy|vice|acting|assistant|"
    rf"ex|antiguo|antigua|actual|ancien|ancienne|nouveau|nouvelle)[ \t-]+)?(?!(?i:leader|líder|champion|winner)\b)"
    rf"(?i:{OFFICES}|{_ROLE_NOUNS}|jugador[a]?|delanter[oa]|porter[oa]|defensa|centrocampista|fundador[a]?|autor[a]?|escritor[a]?|abogad[oa]|hij[oa]|"
    rf"herman[oa]|espos[oa]|viud[oa]|avocat[e]?|fondat(?:eur|rice)|auteur|fils|fille|frère|sœur|épouse|veuve)"
    rf"[ \t]+(?i:of|for|at|de|del|por|du|des|d['’])[ \t]")  # (a team leads: "Barcelona, líder de la Liga")
# a word and the office a sentence says it holds, no article or "the" before the office ("Cárdenas es candidato de
# la coalición", "Mejía fue presidente del partido", "Page is chairman of the board"): offices no team, town or
# company holds (not "líder", "leader", "owner"); tested in find_speakers, in every language
_HOLDS_OFFICE = regex.compile(
    r"(?<![\p{L}\d@#_'’.-])(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+(?:es|fue|era|será|sigue[ \t]+siendo|is|was|remains|became|"
    r"est|était|fut|devient)[ \t]+(?:(?:el|the|le)[ \t]+)?(?:(?i:nuevo|actual|former|new|nouveau|ancien|ex)[ \t-]+)?"
    r"(?:candidato|presidente|ministro|alcalde|portavoz|secretario|gobernador|senador|diputado|embajador|"
    r"seleccionador|entrenador|chairman|chairwoman|president|minister|mayor|governor|senator|spokesman|"
    r"spokeswoman|ambassador|maire|ministre|député|sénateur|ambassadeur|porte-parole)[ \t]+"
    r"(?:de|del|por|of|for|du|des|d['’])[ \t]")
# a plural office or role, then two words joined by "and" ("los candidatos Cárdenas y Camacho", "ministers Okafor
# and Lindqvist"): both are people (the second group of the match); tested in find_speakers, in every language
_ROLE_PAIR = regex.compile(
    r"(?<![\p{L}])(?:(?i:los|las|les|the)[ \t]+)?(?i:candidatos|candidatas|ministros|ministras|presidentes|jugadores|"
    r"delanteros|tenistas|ciclistas|pilotos|abogados|hermanos|actores|cantantes|candidats|ministres|joueurs|"
    r"avocats|frères|candidates|ministers|senators|players|strikers|brothers|sisters|lawyers|defendants)[ \t]+"
    r"(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+(?:y|and|et|e)[ \t]+(?P<w>\p{Lu}\p{Ll}{2,})(?![\p{L}\d])(?![ \t]+\p{Lu})")
# two words joined by "and" that the sentence then calls people of a trade or a kin ("Alves and Yates were precision
# engineers", "Okafor and Lindqvist are cousins"): only roles no team, firm or town holds (not "partners", "owners",
# "champions", "players"); both are people (the second group of the match); tested in find_speakers, in English
_HUMAN_PLURALS = (r"engineers|teachers|lawyers|attorneys|doctors|nurses|surgeons|guitarists|bassists|drummers|singers|"
                  r"songwriters|pianists|violinists|musicians|actors|actresses|writers|authors|novelists|poets|"
                  r"journalists|reporters|editors|photographers|artists|painters|scientists|professors|lecturers|"
                  r"researchers|economists|accountants|bankers|entrepreneurs|detectives|soldiers|sailors|farmers|"
                  r"brothers|sisters|twins|cousins|friends|girlfriends|boyfriends|husband[ \t]+and[ \t]+wife|spouses|"
                  r"wives|husbands|widows|colleagues|classmates|roommates|flatmates|neighbou?rs|siblings|students|"
                  r"co-?founders|founders|co-?authors|comedians|dancers|directors|producers|composers|designers|"
                  r"architects|programmers|developers|inventors|mathematicians|physicists|chemists|biologists|"
                  r"philosophers|historians|pilots|chefs|cooks|lovers|newlyweds|sweethearts")
_PAIR_ROLE = regex.compile(
    rf"(?<![\p{{L}}\d@#_'’.-])(?P<v>\p{{Lu}}\p{{Ll}}{{2,}})[ \t]+(?:and|&)[ \t]+(?P<w>\p{{Lu}}\p{{Ll}}{{2,}})[ \t]+"
    rf"(?:were|are|became|remain|remained|had[ \t]+been|have[ \t]+been)[ \t]+(?:(?:both|the|two|all|a[ \t]+pair[ \t]+of)[ \t]+)?"
    rf"(?:[\p{{L}}'’-]+[ \t]+){{0,2}}?(?:{_HUMAN_PLURALS})\b")
# a listed family or given name opening an English sentence before a finite verb ("Gaudin began the season",
# "Cavallaro developed a style"): tested in find_speakers
_SUBJECT = regex.compile(r"(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]+\p{Ll})")
NOT_SPEAKERS = frozenset("""he she it they we you i who this that these those there here one someone everyone
his her its their our my your him them us me
nobody police officials reports sources experts critics officers authorities staff everybody anybody anyone somebody
il elle ils elles on
nous vous je él ella ellos ellas usted nadie alguien hey hi hello yo oh wow""".split())


# what a sentence calls a word it opens when the word names no person ("Brensbach is a municipality in Hesse",
# "Digilogue is a music album"): the subject of :func:`_unknown_subject` is then a place, a work or a body
_DEFINED_AS_THING = regex.compile(
    r"[ \t]+(?:is|was)[ \t]+(?:a|an|the)[ \t]+(?:[\p{L}'’-]+[ \t]+){0,4}?(?:municipality|commune|village|town|"
    r"city|settlement|hamlet|district|county|province|region|island|river|mountain|lake|parish|suburb|"
    r"neighbou?rhood|album|song|single|record|film|movie|novel|book|game|band|group|company|firm|brand|agency|"
    r"newspaper|magazine|channel|website|site|app|team|club|party|school|university|college|hospital|church|"
    r"station|airport|species|genus|language|dialect|dish|drink|product|program|programme|software|"
    r"organi[sz]ation|network|service|show|series)\b")
_PLURAL_VERB = regex.compile(r"[ \t]+(?:are|were|have)\b")


def _unknown_subject(text: str, word: str, end: int, index: NameIndex, dictionary: Container[str],
                     lower_words: Callable[[], Container[str]]) -> bool:
    """A word opening an English sentence before a finite verb that no list or dictionary holds, shaped like a
    name ("Themba is obsessed", "Tebogo was late"): a person, as a sentence's subject mostly is, unless the text
    writes the word in lower case too, it is a known place, an adverb ("Groggily got up"), two dictionary words
    run together ("Goodmorning", "Crazyhead"), a short word, the subject of a plural verb ("Deportivo were
    unable") or what the sentence calls a place, a work or a body ("Brensbach is a municipality")."""
    low = word.lower()
    if len(word) < 4 or word.isupper() or index.is_listed(word) or index.is_common(word) or word in dictionary \
            or low.endswith("ly") or word.casefold() in place_names() or _PLURAL_VERB.match(text, end) is not None \
            or _DEFINED_AS_THING.match(text, end) is not None:
        return False
    if any(low[:i] in dictionary and low[i:] in dictionary for i in range(4, len(low) - 3)):
        return False
    return low not in lower_words()


def _who_follows_a_name(word: str, m: regex.Match[str], index: NameIndex, dictionary: Container[str]) -> bool:
    """A listed family name before "who" or "whom" ("Duran, who", "Washington, who"), which no town, company or
    thing takes, though the name is a town or the dictionary holds a person of that name ("Cunningham"): not a
    word of everyday English ("Woods", "Such") and not before "whose", which a town takes too ("Paris, whose
    mayor")."""
    return index.is_last(word) and not index.is_common(word) and not is_dictionary_word(dictionary, word) \
        and not m.group(0).endswith("whose")


def find_speakers(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """A single capitalised word that says something ("Player said", "says Bullock", "según Citrone") or
    does what only a person does ("Ortolani scored twice", "Guido died"; not after
    an article, not a known place unless a listed name): a listed name even if it is also a word, or
    a word that is neither everyday nor (English) a dictionary word. Pronouns and collective subjects
    ("Police said") are not names. In English also: a word with a personal pronoun later in its sentence,
    before "who" or "(who", before "himself" or "herself", before a role in apposition; a listed name (no
    town), or a word no list and no dictionary holds (:func:`_unknown_subject`), opening a sentence or a clause
    before a finite verb, and a listed surname inside a clause before a verb in the past (``_SUBJECT``,
    ``_MID_SUBJECT``). In every language: a word and an office set off after it ("Toledo, candidato por") or one
    the sentence says it holds ("Cárdenas es candidato de"), and two words after a plural office ("los candidatos
    Cárdenas y Camacho")."""
    index = name_index()
    dictionary = english if lang == "en" else frozenset()
    out = []
    places: frozenset[str] | None = None
    lower_words = functools.cache(lambda: frozenset(_LOWER_WORDS.findall(text)))
    for pattern in (_SPEAKER_BEFORE, _SPEAKER_AFTER, _CRITIC_BEFORE, _ACTOR_BEFORE, _PRONOUN_LATER, _WHO_AFTER,
                    _SUBJECT, _REFLEXIVE, _MID_SUBJECT, _APPOSITION, _APPOSITION_OFFICE, _HOLDS_OFFICE, _ROLE_PAIR,
                    _PAIR_ROLE):
        if pattern in (_PRONOUN_LATER, _WHO_AFTER, _SUBJECT, _REFLEXIVE, _MID_SUBJECT, _APPOSITION, _PAIR_ROLE) \
                and lang != "en":
            continue
        for m in pattern.finditer(text):
            word = m.group("v")
            if pattern is _CRITIC_BEFORE and (word.endswith("mente") or _AFTER_A_NAME_WORD.search(
                    text, max(0, m.start() - 40), m.start()) is not None):
                continue  # "Subsidiariamente pide", "la Casa Blanca criticó", "el Servicio de Hematología propuso"
            reported = pattern is _MID_SUBJECT and m.group("w") == "that" \
                and _REPORTED_THAT.search(text, max(0, m.start() - 20), m.start()) is not None
            if pattern is _MID_SUBJECT and (m.group("w") in _NOT_BEFORE_A_SUBJECT and not reported
                                            or not index.is_last(word)
                                            or not _verb_follows(text, m.end("v"), english, past=True)
                                            or _determined_elsewhere(text[:m.start()] + text[m.end("w"):]
                                                                     if reported else text, word)):
                continue
            if pattern in (_PRONOUN_LATER, _SUBJECT) and (
                    not (opens_sentence(text, m.start())
                         or _CLAUSE_OPENER.search(text, max(0, m.start() - 12), m.start()) is not None)
                    or m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "@#_'’.-")):
                continue
            if pattern is _SUBJECT and not ((index.is_listed(word) and not index.is_common(word)
                                             and not (word in dictionary and not index.is_first(word))
                                             or _unknown_subject(text, word, m.end("v"), index, dictionary, lower_words))
                                            and _verb_follows(text, m.end("v"), english)):
                continue  # (a noun-only entry too: "Apple was founded")
            if pattern is _PAIR_ROLE and not _a_pair_of_people(word, m.group("w"), index, dictionary):
                continue
            low = word.lower()
            if _never_a_speaker(word) and not (pattern is _ACTOR_BEFORE and low in CALENDAR and index.is_first(word)):
                continue  # (a month that is a given name and dies or marries is a person: "May died in 1984")
            if pattern is not _SPEAKER_AFTER and _ARTICLE_BEFORE.search(text, max(0, m.start("v") - 5), m.start("v")):
                continue  # "The company said"
            if pattern in (_CRITIC_BEFORE, _ACTOR_BEFORE, _PRONOUN_LATER, _WHO_AFTER, _SUBJECT, _REFLEXIVE, _MID_SUBJECT,
                           _APPOSITION, _APPOSITION_OFFICE, _HOLDS_OFFICE, _ROLE_PAIR, _PAIR_ROLE):
                if places is None:
                    places = place_names()
                if word.casefold() in places and (pattern in (_SUBJECT, _MID_SUBJECT) or not index.is_listed(word)
                                                  or pattern in (_HOLDS_OFFICE, _ROLE_PAIR, _PAIR_ROLE)
                                                  and word.casefold() in capital_names()):
                    continue  # "Liverpool scored twice": a team named after its town; a capital is a candidate too
            named_before_who = pattern is _WHO_AFTER and _who_follows_a_name(word, m, index, dictionary)
            if pattern in (_PRONOUN_LATER, _WHO_AFTER) and (index.is_common(word) or word in dictionary
                                                             or word.casefold() in places) \
                    and not (pattern is _PRONOUN_LATER and _listed_subject(text, word, m, index, english)) \
                    and not named_before_who:
                continue  # a pronoun further on is a weaker cue: never a word ("Python makes her job easier")
            if _name_shaped(word, index, dictionary):
                # a word a speech verb opens or closes ("afirmó Manzanares", "Oyelaran said") is a person even where
                # NER reads a town in it: a town says nothing, a capital speaks for its government ("Madrid said")
                # so is a word a role is set off after, where NER reads a town in it ("Toledo, candidato por",
                # "Washington, a former Marine": a town holds no office), and a family name before "who"
                speaks = pattern in (_SPEAKER_BEFORE, _SPEAKER_AFTER, _CRITIC_BEFORE) \
                    and word.casefold() not in capital_names() \
                    or pattern in (_APPOSITION, _APPOSITION_OFFICE, _HOLDS_OFFICE, _ROLE_PAIR, _PAIR_ROLE) \
                    or named_before_who or pattern is _ACTOR_BEFORE and index.is_listed(word) \
                    and _TOWN_ACTS.match(text, m.end("v")) is None  # (a town never shouts, marries or dies:
                # "Regina shouted at the driver", where NER reads the town; a team scores, a town serves as a capital)
                out.append(Found("PERSON", m.start("v"), m.end("v"), 0.72 if speaks else 0.65))
                if pattern in (_ROLE_PAIR, _PAIR_ROLE) and _second_of_pair(m.group("w"), index, dictionary, places):
                    out.append(Found("PERSON", m.start("w"), m.end("w"), 0.72))
    return out


def _never_a_speaker(word: str) -> bool:
    """A pronoun or a collective subject ("Police"), a title or a calendar word: no word :func:`find_speakers` takes
    (but for a month that is a given name and dies or marries)."""
    low = word.lower()
    return low in NOT_SPEAKERS or is_title(word) or low in CALENDAR


def _name_shaped(word: str, index: NameIndex, dictionary: Container[str]) -> bool:
    """A listed name, or a word neither everyday nor (English) in the dictionary."""
    return index.is_listed(word) or not (index.is_common(word) or is_dictionary_word(dictionary, word))


def _a_pair_of_people(first: str, second: str, index: NameIndex, dictionary: Container[str]) -> bool:
    """The two words of :data:`_PAIR_ROLE`: both shaped as names, one at least no everyday or dictionary word
    ("Hedegaard and White"; not "Sales and Marketing")."""
    def strong(word: str) -> bool:
        return word.lower() not in dictionary and not index.is_common(word)

    return _name_shaped(first, index, dictionary) and _name_shaped(second, index, dictionary) \
        and (strong(first) or strong(second))


def _second_of_pair(word: str, index: NameIndex, dictionary: Container[str], places: Container[str] | None) -> bool:
    """The second word of :data:`_ROLE_PAIR`: tested as the first is in :func:`find_speakers`."""
    if _never_a_speaker(word):
        return False
    if places is not None and word.casefold() in places and not index.is_listed(word) or word.casefold() in capital_names():
        return False
    return _name_shaped(word, index, dictionary)


# ---------------------------------------------------------------- names after a cue of their own
_CLOSING = (r"thanks|thank[ \t]+you|many[ \t]+thanks|best|best[ \t]+regards|kind[ \t]+regards|warm[ \t]+regards|"
            r"regards|cheers|sincerely|yours[ \t]+sincerely|yours[ \t]+truly|yours[ \t]+faithfully|faithfully|"
            r"(?:yours[ \t]+)?respectfully|best[ \t]+wishes|kindest[ \t]+regards|warmest[ \t]+regards|warm[ \t]+wishes|"
            r"with[ \t]+thanks|with[ \t]+gratitude|many[ \t]+thanks[ \t]+again|"
            r"yours|all[ \t]+the[ \t]+best|take[ \t]+care|"
            r"love|merci|cordialement|bien[ \t]+cordialement|bien[ \t]+à[ \t]+vous|amicalement|bises|saludos|"
            r"un[ \t]+saludo|atentamente|gracias|un[ \t]+abrazo|besos|mit[ \t]+freundlichen[ \t]+grüßen|"
            # (ß or, as the Swiss write it, ss)
            r"(?:(?:viele|liebe|beste|herzliche)[ \t]+)?grü(?:ß|ss)e|gru(?:ß|ss)|distinti[ \t]+saluti|cordiali[ \t]+saluti|"
            r"saluti|un[ \t]+saluto|met[ \t]+vriendelijke[ \t]+groet(?:en)?|vriendelijke[ \t]+groet(?:en)?|"
            r"hartelijke[ \t]+groet(?:en)?|groet(?:en|jes)?|z[ \t]+poważaniem|pozdrawiam|z[ \t]+wyrazami[ \t]+szacunku|"
            r"med[ \t]+vänliga[ \t]+hälsningar|vänliga[ \t]+hälsningar|hälsningar|med[ \t]+venlig[ \t]+hilsen|"
            r"venlig[ \t]+hilsen|med[ \t]+vennlig[ \t]+hilsen|vennlig[ \t]+hilsen|hilsen|"
            r"com[ \t]+os[ \t]+melhores[ \t]+cumprimentos|melhores[ \t]+cumprimentos|cumprimentos|atenciosamente|"
            r"abraços|s[ \t]+pozdravem|s[ \t]+pozdravom|ystävällisin[ \t]+terveisin|terveisin|üdvözlettel|"
            r"saygılarımla|cu[ \t]+stimă|cu[ \t]+respect|srdačan[ \t]+pozdrav|lp|s[ \t]+poštovanjem|"
            # (the closings of a message to a friend)
            r"beijos|beijinhos|abraço|un[ \t]+abbraccio|baci")
# the sender's name alone on the line after a closing ("Thanks,\nYves", "Best regards,\nDana Pellowe")
_SIGNED = regex.compile(rf"(?im)^[ \t]*(?:{_CLOSING})[ \t]*[,.!]?[ \t]*\n[ \t]*(?-i:(?P<v>{_NAME}))[ \t]*$")
# a letter's salutation on a line of its own, in the languages of Europe, with or without a form of address before the
# name ("Sehr geehrte Frau Krüger,", "Gentile Sig. Emo,", "Geachte heer Post,", "Szanowny Panie Nowak,", "Hej Erik,")
_OPENERS = (r"dear|hi|hello|hey|good[ \t]+(?:morning|afternoon|evening)|greetings|cher|ch[èe]re|bonjour|bonsoir|salut|"
            r"sehr[ \t]+geehrte[rn]?|geehrte[rn]?|liebe[rn]?|hallo|guten[ \t]+(?:tag|morgen|abend)|moin|servus|"
            r"gentil(?:e|issim[oa])|egregi[oa]|spettabile|car[oa]|carissim[oa]|buongiorno|buonasera|ciao|salve|"
            r"geachte|beste|lieve|hoi|prezad[oa]|exm[oa]\.?|querid[oa]|estimad[oa]|apreciad[oa]|distinguid[oa]|"
            r"ol[áa]|bom[ \t]+dia|boa[ \t]+tarde|hola|buen[oa]s[ \t]+(?:d[íi]as|tardes)|szanown[yai]|drog[ia]|witam|"
            r"dzie[ńn][ \t]+dobry|hej|hejsan|k[äa]r[ae]|b[äa]st[ae]|kj[æe]re|k[æe]re|hei|hyv[äa]|v[áa][žz]en[ýá]|"
            r"mil[ýá]|dobr[ýy][ \t]+den|ahoj|stimate|stimat[ăa]|drag[ăa]|say[ıi]n|sevgili|merhaba|kedves|tisztelt|"
            r"po[šs]tovan[iae]|dragi|draga|"
            # thanks in the languages of Europe but English, whose "Thanks, Python!" addresses no one ("Danke,
            # Annegret!", "Grazie mille, Ludovica", "Bedankt, Sanne!")
            r"danke(?:[ \t]+sch[öo]n)?|vielen[ \t]+dank|grazie(?:[ \t]+mille)?|merci(?:[ \t]+beaucoup)?|"
            r"(?:muchas[ \t]+)?gracias|(?:muito[ \t]+)?obrigad[oa]|bedankt|dank[ \t]+(?:je|u)(?:[ \t]+wel)?|tack|takk|tak|"
            r"dzi[ęe]kuj[ęe]|dzi[ęe]ki")
# the forms of address that may stand between the salutation and the name (in the letter's case)
_ADDRESS_FORMS = (r"Herr|Frau|Fräulein|Dr|Prof|Sig|Sig\.ra|Sig\.na|Signor|Signora|Signorina|Dott|Dott\.ssa|Avv|Ing|"
                  r"[Hh]eer|[Mm]evrouw|[Mm]evr|[Dd]hr|Sr|Sra|Srta|Dra|Dña|Don|Doña|Señor|Señora|Señorita|Senhor|Senhora|"
                  r"Pan|Pani|Panie|Pana|[Pp]ane|[Pp]aní|Herra|Rouva|[Dd]omnule|[Dd]oamn[ăa]|Dl|Dna|[Gg]ospodine|"
                  r"[Gg]ospođo|Mr|Mrs|Ms|Miss|Monsieur|Madame|Mademoiselle|M|Mme|Mlle|Ma[îi]tre|Me")
_SALUTATION = regex.compile(
    rf"(?m)^[ \t]*(?i:{_OPENERS})[ \t]*,?[ \t]+(?P<forms>(?:(?:{_ADDRESS_FORMS})\.?[ \t]+)*)"
    rf"(?P<v>{_NAME_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}){{0,2}})[ \t]*(?=[,:!;]|\n|$)")
# the words of salutations, closings and forms of address: never a name, nor a word of one ("Sehr", "Distinti saluti",
# Polish "Panie"); "Gentile",
# "Caro" and "Cara" are names too, and only a salutation's at a line's start (annotator._person_edges)
LETTER_WORDS = frozenset("""sehr geehrte geehrter geehrten liebe lieber hallo moin servus gentilissimo gentilissima
    egregio egregia spettabile carissimo carissima buongiorno buonasera ciao salve geachte beste lieve hoi prezado prezada
    exmo exma querido querida estimado estimada apreciado apreciada distinguido distinguida olá hola szanowny szanowna
    szanowni drogi droga witam hej hejsan kära käre bästa kjære kære vážený vážená milý milá ahoj stimate stimată dragă
    sayın sevgili merhaba kedves tisztelt poštovani poštovana hyvä dear hello greetings bonjour bonsoir chère cher
    distinti cordiali saluti saluto freundlichen grüßen grüße herzliche vriendelijke hartelijke groet groeten groetjes
    poważaniem pozdrawiam wyrazami szacunku vänliga hälsningar venlig vennlig hilsen melhores cumprimentos
    atenciosamente abraços pozdravem pozdravom ystävällisin terveisin üdvözlettel saygılarımla srdačan poštovanjem
    cordialement amicalement atentamente saludos regards sincerely hi hey hiya thanks congratulations congrats sorry bye
    goodbye cheers danke vielen dank grazie merci gracias obrigado obrigada bedankt dziękuję dzięki
    damen herren pani panie pana panu panią heer mevrouw mevr pane paní herra rouva domnule doamnă doamna gospodine gospođo
    viele gruß gruss grüsse grüß herzlichen freundliche beijos beijinhos abraço saudações abbraccio baci""".split())
SALUTATION_NAMES = frozenset({"gentile", "caro", "cara"})


def _salutations(text: str, english: Container[str]) -> list[Found]:
    """The name a letter's salutation addresses: after a form of address any name-shaped words that are not all
    everyday words; with none, listed names only ("Liebe Anna,", not "Liebe Kunden,")."""
    index = name_index()
    out = []
    for m in _SALUTATION.finditer(text):
        words = m.group("v").split()
        if any(w.lower() in LETTER_WORDS or is_title(w) for w in words):
            continue
        if m.group("forms"):
            ok = _name_words_ok(m.group("v"), index, english)
        else:  # a listed given name though an everyday word or a place ("Dear Jordan,", "Hi Grace,"), never a term
            # of address ("Hey Man,", "Hi Love,", "Hey Buddy,")
            ok = all((index.is_first(w) or index.is_listed(w) and not index.is_common(w))
                     and w.lower() not in TERMS_OF_ADDRESS or w.lower() in _PARTICLES_SET for w in words)
        if ok:
            out.append(Found("PERSON", _replaced_titles_start(text, m.start("forms"), m.start("v")), m.end("v"), 0.8))
    return out


# a name a message signs off with after a dash or a tilde at the end of the text or of a line ("thanks for the help!!
# -Tamsin", "see you tomorrow - Oisín", "sent from my iPhone -- Radek", "~ Leontyne"); a quotation's author signs
# the same way ("... - Albert Einstein")
_DASH_SIGNATURE = regex.compile(
    r"(?:(?<=[\p{L}\d!?.,)\]\"'’”:;*>]|[!?.,)][ \t])[ \t]*|(?<=[ \t]))(?:--?|~|—|–)[ \t]?"
    r"(?P<v>\p{Lu}\p{Ll}[\p{L}'’-]*(?:[ \t]+\p{Lu}\p{Ll}[\p{L}'’-]*)?)[ \t]*[.!]*[ \t]*(?=\n|$)"
    # (on a line of its own, the message's last: a dash opening a line is a list's bullet as often)
    r"|(?<=\n)[ \t]*(?:--?|~|—|–)[ \t]?(?P<v>\p{Lu}\p{Ll}[\p{L}'’-]*(?:[ \t]+\p{Lu}\p{Ll}[\p{L}'’-]*)?)[ \t]*[.!]*\s*$")


def _dash_signatures(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_DASH_SIGNATURE`) The words after the dash: each a listed name that is no everyday word, or a word
    of no dictionary, no place, no letter word and no day or month ("- Done", "- Paris", "-- Monday" stay)."""
    index, places = name_index(), place_names()
    out = []
    for m in _DASH_SIGNATURE.finditer(text):
        words = m.group("v").split()
        if all(w.lower() not in LETTER_WORDS and w.lower() not in CALENDAR and w.casefold() not in places
               and (index.is_listed(w) and not index.is_common(w)
                    or not (index.is_common(w) or w.lower() in english) and VOWEL.search(w) is not None)
               for w in words):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# a listed name alone opening a text or a sentence, before a possessive and a word in lower case, an addressing dash
# or comma ("Okafor's report was late", "Okafor - please review", "Kowalczyk, call me"): NER reads no name there, the
# capital being the sentence's. (Not before a colon: a note's section is written so, "Endo: pending", and Endo is a
# family name too.)
_OPENING_NAME = regex.compile(r"(?:^|(?<=[.!?][\"”')]?[ \t]+)|(?<=\n)[ \t]*)(?P<v>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)"
                              r"(?=['’]s[ \t]+\p{Ll}|[ \t]+[-–][ \t]+\p{Ll}|,[ \t]+\p{Ll})")


def _opening_names(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_OPENING_NAME`) A word a name list holds that is no everyday word, no word of the dictionary, no
    place, no day or month and no letter word ("Wendy's calling", "Monday's", "Overall, 53", "Paris: the" stay)."""
    index, places = name_index(), place_names()
    out = []
    for m in _OPENING_NAME.finditer(text):
        word = m.group("v")
        parts = word.split("-")
        if all(index.is_listed(p) and not index.is_common(p) and p.lower() not in english
               and p.casefold() not in places and p.lower() not in CALENDAR and p.lower() not in LETTER_WORDS
               and p.lower() not in GREETINGS for p in parts):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# a name alone on a line above a line of contact details: a CV's or a letterhead's heading, a signature, an address
# block ("JUNE PARSONS\n49 Taylor Roads · Dominicview", "Karl Borg\nkarl@example.com | +46 70 123 45 67")
_CONTACT_HEAD = regex.compile(
    rf"(?m)^[ \t]*(?:(?:{_TITLE})\.?[ \t]+)?(?P<v>{_NAME_WORD}(?:[ \t]+(?:{_INITIAL}[ \t]+)?(?:{_PARTICLE}[ \t]+)*"
    rf"{_NAME_WORD}){{1,3}})[ \t]*,?[ \t]*\n[ \t]*(?P<next>[^\n]+)")
_INITIAL_ALONE = _ONE_INITIAL
_COMPANY_FORM_WORD = regex.compile(rf"(?:{COMPANY_FORMS})\.?")
_CONTACT_LINE = regex.compile(r"[\w.+-]+@[\w-]+\.[\w.]+|(?:\+|(?<![\w])0)\d[\d \t().\/-]{6,}\d|"
                              r"^\d{1,5}[A-Za-z]?,?[ \t]+\p{L}|^\p{Lu}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3},?[ \t]+"
                              r"\d{1,5}[A-Za-z]?(?:[ \t]*[,·|•\/]|[ \t]*$)")
_STRONG_CONTACT = regex.compile(r"[\w.+-]+@[\w-]+\.[\w.]+|(?:\+|(?<![\w])0)\d[\d \t().\/-]{6,}\d")


def _contact_heads(text: str, english: Container[str]) -> list[Found]:
    """A name on the line above contact details (an e-mail, a phone, a street and its number): a listed given name
    or family name in it, no everyday word; or, above an e-mail or a phone, any words that no dictionary holds."""
    index = name_index()
    out = []
    for m in _CONTACT_HEAD.finditer(text):
        words = [w for w in m.group("v").split() if w.lower() not in _PARTICLES_SET and not _INITIAL_ALONE.fullmatch(w)]
        if not _CONTACT_LINE.search(m.group("next")) or len({w.isupper() for w in words}) > 1:
            continue
        if any(w.lower() in LETTER_WORDS or w.lower() in CALENDAR and not index.is_first(w)
               or w.lower() in _INSTITUTION_NOUNS or is_title(w)
               or _COMPANY_FORM_WORD.fullmatch(w) or w.casefold() in place_names() and not index.is_listed(w)
               for w in words):
            continue
        if any((index.is_common(w) or is_dictionary_word(english, w)) and not (index.is_first(w) or index.is_last(w))
               for w in words):
            continue  # "Project Update", "Northwind Traders": an everyday word that is no name
        if any(index.is_listed(w) and not index.is_common(w) for w in words) or _STRONG_CONTACT.search(m.group("next")):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# the line above an address block's street line, one blank line between allowed, in a quoted mail's ">" too
_LINE_WORDS = regex.compile(r"[ \t>]*(?P<v>\p{L}[\p{L}'’-]*(?:[ \t]+\p{L}[\p{L}'’-]*){1,2})[ \t]*,?[ \t]*")


def _line_above(text: str, line: int) -> tuple[int, int] | None:
    """The extent of the line above the line starting at ``line`` (over one blank line), or None at the text's
    start."""
    if line < 2:
        return None
    above_end = line - 1
    above = text.rfind("\n", 0, above_end) + 1
    if not text[above:above_end].strip(" \t>") and above >= 2:  # one blank line between
        above_end = above - 1
        above = text.rfind("\n", 0, above_end) + 1
    return above, above_end


# a line between an addressee and the street: the company ("Garcia Ltd", "Rose Group") or the addressee's trade
# ("Allopathic physician", "Shoe machine operator"), one to four words
_BLOCK_COMPANY = regex.compile(rf"[ \t>]*\p{{Lu}}[\p{{L}}'’&.,-]*(?:[ \t]+[\p{{L}}'’&.,-]+){{0,4}}[ \t]+(?:{COMPANY_FORMS}|Group|"
                               r"Holdings|Partners)\.?[ \t,]*")
_BLOCK_ROLE = regex.compile(r"[ \t>]*(?P<v>\p{L}+(?:[ \t-]+\p{L}+){0,3})[ \t]*")


def _between_name_and_street(text: str, a: int, b: int, english: Container[str]) -> bool:
    """A company's or a trade's line (:data:`_BLOCK_COMPANY`, :data:`_BLOCK_ROLE`: a trade's words after the first
    in lower case, its last in the dictionary, its first no listed given name) between an addressee and the
    street."""
    if _BLOCK_COMPANY.fullmatch(text, a, b) is not None:
        return True
    m = _BLOCK_ROLE.fullmatch(text, a, b)
    if m is None:
        return False
    words = regex.split(r"[ \t-]+", m.group("v"))
    return all(w.islower() for w in words[1:]) and words[-1].lower() in english \
        and not name_index().is_first(words[0])  # (a trade is a noun: "physician" is no "word" to is_word)


def _opens_block(text: str, line: int) -> bool:
    """The line starting at ``line`` is a block's first: at the text's start, after a blank line or a label's colon."""
    if line <= 0:
        return True
    before = text[text.rfind("\n", 0, line - 1) + 1:line - 1].strip(" \t>")
    return not before or before.endswith(":")


def address_block_names(text: str, streets: Iterable[tuple[int, int]], english: Container[str]) -> list[Found]:
    """The addressee alone on the line above the street line of an address block ("Tiiu Saarepera\n\n0088 Viinikantie
    66\n Apt. 131", "> oyuna batbayar\n> 5 kingsway 12"), as an envelope, a letter or a form sets it out: two or three
    words in one case style, none a word of the language that no list holds as a name ("Ibolya Magyar" stays to NER),
    nor a title, a greeting, a company's form, an institution's noun or a place. Above a company's line or a trade's
    line or both ("Caroline Landmark\nAllopathic physician\nGarcia Ltd\n254 Evans Street"), the block's first line,
    a listed given name opening it, is the addressee though a word after it is a dictionary word too. ``streets``: the
    street addresses found, as (start, end)."""
    out = []
    for start, _end in streets:
        line = text.rfind("\n", 0, start) + 1
        if text[line:start].strip(" \t>") or line < 2:
            continue  # the street does not open its line
        extent = _line_above(text, line)
        skipped = 0
        while extent is not None and skipped < 2 and _between_name_and_street(text, *extent, english) \
                and _block_name(text, *extent, english, False) is None:
            extent = _line_above(text, extent[0])
            skipped += 1
        if extent is None:
            continue
        if skipped and not _opens_block(text, extent[0]):
            continue  # (past a company's or a trade's line, only the block's first line: after a blank line, a
            # label's colon or at the text's start)
        if (found := _block_name(text, *extent, english, skipped > 0)) is not None:
            out.append(found)
    return out


# the last line of a block without a street, as a rural address or a signature sets it out: a known place, or a town
# and a known place after a comma ("Estonia", "Lagos, Nigeria"); the line above it, a town ("Aruküla", "Korfi")
_PLACE_LINE_TAIL = regex.compile(r"(?:[^,\n]*,[ \t]*)?(?P<p>\p{L}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,2})[ \t.]*")
_TOWN_LINE = regex.compile(r"[ \t>]*\p{L}[\p{L}'’.-]*(?:[ \t-]+\p{L}[\p{L}'’.-]*){0,2}[ \t]*,?[ \t]*")


def town_block_names(text: str, english: Container[str]) -> list[tuple[Found, tuple[int, int]]]:
    """The addressee of a block with no street, and the extent of the block's town line: a name on the block's first
    line, a town's line under it (one blank line between allowed) and a known place's line closing the block ("Even
    Olsen\n\nAruküla\nEstonia", "Cirineo C Barrios\nKorfi\nCyprus"); the name as :func:`address_block_names` reads
    a block's first line."""
    out = []
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    for i in range(1, len(lines)):
        last = lines[i].strip(" \t>")
        if not last or i + 1 < len(lines) and lines[i + 1].strip(" \t>") or not lines[i - 1].strip(" \t>"):
            continue  # (the block's last line, a town's line right above it)
        m = _PLACE_LINE_TAIL.fullmatch(last)
        if m is None or not is_place_name(m.group("p")) or not _TOWN_LINE.fullmatch(lines[i - 1]) \
                or any(ch.isdigit() for ch in lines[i - 1]):
            continue
        extent = _line_above(text, starts[i - 1])
        if extent is None:
            continue
        if not _opens_block(text, extent[0]):
            continue
        if (found := _block_name(text, *extent, english, True)) is not None:
            out.append((found, (starts[i - 1], starts[i] - 1)))
    return out


def _block_name(text: str, above: int, above_end: int, english: Container[str], first_line: bool) -> Found | None:
    """The addressee of :func:`address_block_names` on the line from ``above`` to ``above_end``; with
    ``first_line``, a listed given name and capitalised words are one though a word after it is a dictionary word."""
    index = name_index()
    m = _LINE_WORDS.fullmatch(text, above, above_end)
    if m is None:
        return None
    words = m.group("v").split()
    styled = [w for w in words if len(w) > 1] or words  # (an initial is in either style: "Cirineo C Barrios")
    if len({w.isupper() for w in styled}) > 1 or len({w.islower() for w in styled}) > 1 \
            or not all(w.isupper() or w.islower() or w[0].isupper() for w in styled):
        return None  # one case style: "Ibolya Magyar", "menne laarman", "JUNE PARSONS"
    if any(w.lower() in LETTER_WORDS or w.lower() in CALENDAR or w.lower() in _INSTITUTION_NOUNS or is_title(w)
           or _COMPANY_FORM_WORD.fullmatch(w) or w.casefold() in place_names() and not index.is_listed(w)
           for w in words):
        return None  # "Dear Sir", "Acme Ltd", "Bergen Norway"
    everyday = [(index.is_common(w) or is_dictionary_word(english, w.lower()))
                and not (index.is_first(w) or index.is_last(w)) and len(w) > 1 for w in words]  # (a letter: an initial)
    if any(everyday) and not (first_line and index.is_given(words[0])
                              and all(w[0].isupper() for w in words)):  # (a listed given name is no everyday word)
        return None  # "Head Office", "Ship To", "Acme Widgets"
    return Found("PERSON", m.start("v"), m.end("v"), 0.75)


# one capitalised word joined to a person's one-word name by "and" or "&", either side ("Timayev and Dawson were
# precision engineers", "Okafor & Lindqvist")
_CONJUNCT_BEFORE = regex.compile(r"(?<![\p{L}\d'’@#_.-])(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+(?:and|&)[ \t]+$")
_CONJUNCT_AFTER = regex.compile(r"[ \t]+(?:and|&)[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})(?![\p{L}\d'’@_-])(?![ \t]+\p{Lu})")
# what the pair does next, as people do ("... were precision engineers", "... argued for an hour"; never "Subaru and
# Chrysler advertisement", "Combivent and Flovent inhalers")
_PEOPLE_DO = regex.compile(r"[ \t]+(?:(?:both|also|then|later|never|each|all)[ \t]+)?(?:were|are|have|had|will|would|"
                           r"could|should|can|may|might|must|did|do|said|say|told|argued|agreed|disagreed|wrote|met|"
                           r"went|came|left|joined|signed|sang|played|founded|started|became|married|divorced|worked|"
                           r"spoke|talked|laughed|shared|decided|refused|denied|admitted|testified|arrived|moved|lived|"
                           r"live|work|meet|claim|claimed|believe|believed|think|thought|know|knew)\b")


def conjunct_names(text: str, persons: Iterable[tuple[int, int]], english: Container[str]) -> list[Found]:
    """The word "and" joins to a person's name of one word, when no list or dictionary holds it as a word, a month,
    a title or a place ("Timayev" beside "Dawson"; never "Python and Django", "Paris and Weber"). ``persons``: the
    PERSON spans found, as (start, end)."""
    if not english:
        return []
    index = name_index()
    places = place_names()
    out = []
    for start, end in persons:
        if not regex.fullmatch(r"\p{Lu}\p{Ll}+", text[start:end]):
            continue
        for m, pair_end in ((_CONJUNCT_BEFORE.search(text, max(0, start - 40), start), end),
                            (_CONJUNCT_AFTER.match(text, end), None)):
            if m is not None and no_word(m.group("v"), index, english) and m.group("v").casefold() not in places \
                    and _PEOPLE_DO.match(text, pair_end or m.end("v")):
                out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    return out


# the owners an action item names at its start ("- Pamela to send the quote", "* Iwo and Aurelia to review",
# "2. Rüdiger will call the bank", "[ ] Ettore: book the room")
_OWNER = rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?"
_ACTION_OWNERS = regex.compile(
    rf"(?m)^[ \t]*(?:[-*•–]|\d{{1,2}}[.)]|\[[ xX]?\])[ \t]+(?:@)?(?P<v>{_OWNER})(?:[ \t]*(?:,|and|&)[ \t]*(?:@)?(?P<w>{_OWNER}))?"
    r"(?:[ \t]+(?:to|will|should|must|shall|needs[ \t]+to|has[ \t]+to|is[ \t]+to)[ \t]+\p{Ll}|[ \t]*:[ \t]+\p{Ll})")


def _action_owners(text: str, english: Container[str]) -> list[Found]:
    """The people an action item is for: words a list holds as names, or no dictionary or list holds as words (not
    "- Legal to review", "- Everyone to read")."""
    index = name_index()
    out = []
    for m in _ACTION_OWNERS.finditer(text):
        for group in ("v", "w"):
            if m.group(group) is None:
                continue
            words = m.group(group).split()
            if all((index.is_first(w) or index.is_last(w)) and not index.is_common(w) or no_word(w, index, english)
                   and w.casefold() not in place_names() for w in words) and not any(is_title(w) for w in words):
                out.append(Found("PERSON", m.start(group), m.end(group), 0.75))
    return out


_KIN = (r"daughter|son|wife|husband|mother|mom|mum|father|dad|brother|sister|friend|colleague|coworker|co-worker|"
        r"kid|child|baby|stepson|stepdaughter|spouse|"
        r"boss|manager|partner|boyfriend|girlfriend|fianc[ée]e?|cousin|uncle|aunt|niece|nephew|grandson|"
        r"granddaughter|grandmother|grandfather|grandma|grandpa|neighbou?r|roommate|flatmate|tenant|landlord|"
        r"fille|fils|femme|mari|m[èe]re|p[èe]re|fr[èe]re|s[œo]eur|ami|amie|coll[èe]gue|patron|cousine|oncle|tante|"
        r"voisin|voisine|hija|hijo|esposa|esposo|mujer|marido|madre|padre|hermano|hermana|amigo|amiga|"
        r"compa[ñn]ero|compa[ñn]era|jefe|jefa|primo|prima|t[íi]o|t[íi]a|vecino|vecina|novio|novia")
_KIN_WORD = regex.compile(rf"(?:{_KIN})s?")
_POSSESSIVE = r"my|his|her|our|their|your|mon|ma|mes|son|sa|notre|votre|leur|mi|su|nuestro|nuestra|tu"
_AGE_WORDS = r"little|older|younger|eldest|youngest|late|best|new|petit|petite|grand|grande|pequeño|pequeña|mayor|menor"
# initials used as a name, set off by a comma after a person noun and its determiner, as judgments write their
# pseudonyms ("a friend, B., in Sheffield", "his cousin, N. Both men were", "The second officer, İ.K., denied"): the
# initials alone, before a comma, a bracket or the end, or before a word of the language that opens the next sentence
_PERSON_NOUNS = (rf"{_KIN}|{_ROLES}|officer|policeman|policewoman|gendarme|inspector|investigator|prosecutor|judge|"
                 r"doctor|nurse|guard|warder|soldier|lawyer|neighbou?r|acquaintance|co-accused|co-defendant|"
                 r"informant|informer|employer|driver|owner|teacher|director|headmaster|agent|official|employee|"
                 r"operative|detainee|prisoner|inmate|victim|suspect|journalist|expert|psychiatrist|psychologist|"
                 r"surgeon|paramedic|student|pupil|serviceman|servicemen|conscript")
_INITIALS_SET_OFF = regex.compile(
    rf"(?<![\p{{L}}])(?i:the|a|an|another|{_POSSESSIVE}|\p{{L}}{{2,}}['’]s)[ \t]+(?:\p{{Ll}}[\p{{Ll}}-]*[ \t]+){{0,2}}"
    rf"(?i:(?:step|half|grand)-?)?(?i:{_PERSON_NOUNS}),[ \t]+(?P<v>{_INITIALS_AS_NAME})"
    rf"(?=[ \t]*[,;:)]|[ \t]*$|[ \t]+(?P<next>\p{{Lu}}\p{{Ll}}+)\b)", regex.MULTILINE)

# the same initials right after the person noun, no determiner or comma needed, as judgments name officials and
# witnesses ("Investigator D. refused", "officers Sh. and B. beat him", "two guards, Zh. and T.,", "police officers D.,
# S., Sh. and Z. arrived", "three undercover agents, namely D.D., N.A. and L.C.,"; the digraph initials of Russian,
# Ukrainian and Hungarian names too: "E.Sz."), or after words that name who they are ("identified as M.N. and I.A.
# in"): before a lower-case word, a comma, a bracket or the end, or a word of the language that
# opens the next sentence; in English only
_DIGRAPH_INITIAL = r"(?:Sh|Kh|Zh|Ch|Ts|Yu|Ya|Ye|Yo|Sz|Zs|Gy|Cs|Ny)\."
_NOUN_INITIALS = rf"(?:{_INITIALS_AS_NAME}(?:-?{_DIGRAPH_INITIAL})?|{_DIGRAPH_INITIAL}(?:-?\p{{Lu}}\.){{0,2}})"
_INITIALS_ITEMS = (rf"(?P<v>{_NOUN_INITIALS})(?:,[ \t]+(?P<m>{_NOUN_INITIALS}))*"
                   rf"(?:,?[ \t]+(?:and|&)[ \t]+(?P<w>{_NOUN_INITIALS}))?")
_INITIALS_AFTER_NOUN = regex.compile(
    rf"(?<![\p{{L}}'’-])(?:(?i:{_PERSON_NOUNS})(?:e?s)?,?(?:[ \t]+namely,?)?|namely|identified[ \t]+as)"
    rf"[ \t]+{_INITIALS_ITEMS}(?=[ \t]*[,;:)]|[ \t]*$|[ \t]+\p{{Ll}}|[ \t]+(?P<next>\p{{Lu}}\p{{Ll}}+)\b)",
    regex.MULTILINE)
# the words a letter after which is a part's, a section's or a kind's label, not a person ("Section A., the applicant's
# claims", "plan B. and", "vitamin C. daily")
LETTER_LABELS = frozenset("""section part annex appendix schedule article paragraph chapter group class type plan option
room block flat building unit category list table figure point item step phase stage level grade exhibit form model
series zone sector wing ward gate platform row column route vitamin hepatitis team letter size blood variant
version""".split())
_LABEL_BEFORE_INITIALS = "|".join(sorted(LETTER_LABELS))
# the same initials set off before the person noun that says who they are ("In particular, A. and V., servicemen with
# the unit, were not questioned", "K., a police officer, stated"); in English only
_INITIALS_BEFORE_NOUN = regex.compile(
    rf"(?<![\p{{L}}\d.'’-])(?<!(?i:{_LABEL_BEFORE_INITIALS})[ \t]+){_INITIALS_ITEMS},[ \t]+"
    rf"(?:(?i:the|a|an|two|three|four|both|{_POSSESSIVE}|\p{{L}}{{2,}}['’]s)[ \t]+)?"
    rf"(?:\p{{Ll}}[\p{{Ll}}-]*(?:['’]s)?[ \t]+){{0,2}}(?i:{_PERSON_NOUNS})(?:e?s)?\b(?!['’])")

# a name after a kinship or role word ("my daughter Grace", "ma fille Inès", "mi jefe Ruiz", "the applicant's son, Ali",
# "my daughter (India)")
_KINSHIP = regex.compile(rf"(?<![\p{{L}}\d])(?i:(?:{_POSSESSIVE}|\p{{L}}{{2,}}['’]s)[ \t]+(?:(?:{_AGE_WORDS})[ \t]+)?(?:{_KIN}))"
                         rf"(?:,?[ \t]+|[ \t]*\([ \t]*)(?P<v>{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?)")
# the names after a kinship word in the plural, two or more in a list ("her daughters Ines and Marta", "sus hijos
# Pedro y Ana", "ses filles, Inès et Zoé", "The twins, Sofia and Paris,"): each name one word, or two where the second
# is capitalised too
_KIN_PLURAL = (r"daughters|sons|children|kids|parents|brothers|sisters|siblings|twins|grandchildren|grandsons|"
               r"granddaughters|cousins|nieces|nephews|friends|colleagues|stepchildren|"
               r"filles|enfants|fr[èe]res|s[œo]eurs|amis|amies|cousines|hijos|hijas|hermanos|hermanas|padres|"
               r"amigos|amigas|primos|primas|nietos|nietas")
_PLURAL_POSSESSIVE = r"my|his|her|our|their|your|mes|ses|nos|vos|leurs|mis|sus|tus|nuestros|nuestras"
_KIN_ITEM = rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?"
_KIN_LIST = regex.compile(
    rf"(?<![\p{{L}}\d])(?i:(?:{_PLURAL_POSSESSIVE}|the|\p{{L}}{{2,}}['’]s?)[ \t]+(?:(?:{_AGE_WORDS}|two|three|four|twin|"
    rf"deux|trois|dos|tres)[ \t]+)?(?:{_KIN_PLURAL})),?[ \t]+"
    rf"(?P<v>{_KIN_ITEM}(?:[ \t]*,[ \t]*{_KIN_ITEM})*,?[ \t]+(?:and|&|y|e|et|und)[ \t]+{_KIN_ITEM})")
_KIN_NAME = regex.compile(_KIN_ITEM)
_SIGN_OFFS = frozenset("""regards sincerely best love cheers thanks sorry please yours warmly respectfully kind
    merci gracias saludos salut hola bonjour cordialement atentamente abrazos bises besos ok okay yes no well oh
    morning evening afternoon night congratulations great good nice cool wow excuse pardon attn attention""".split())
# a surname and a given name at the start of a line ("Maldonado, Kieran - Account 88231"), after a chat's time or a
# header's field ("[09:14] Gross, Ashley: ...", "To: Petit, Laure <laure@...>; Meyer, Rémy", "Assigned to: Weller,
# Swetlana."), or after a semicolon in such a list
_FIELD_KEYS = (r"(?i:from|to|cc|bcc|reply-to|sender|recipients?|assigned[ \t]+to|assignee|reporter|owner|author|"
               r"approver|reviewers?|attendees|apologies|participants|present|absent)")
_LINE_KEY = rf"(?:\[?\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?:[ \t]?[AaPp][Mm])?\]?[ \t]*[-–]?|{_FIELD_KEYS})[ \t]*:?[ \t]*"
# (a family name, its particles before it, a comma and a given name: "da Costa, Ana", "Pieper, Heinz-Günter")
_CAPITALISED = r"\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?[\p{Ll}'’]+)*"
_FAMILY_COMMA_GIVEN = (rf"(?P<l>(?:(?:da|de|del|della|di|do|dos|das|du|van|von|le|la)[ \t]+)?{_CAPITALISED}),"
                       rf"[ \t]+(?P<f>{_CAPITALISED})")
_SURNAME_FIRST = regex.compile(
    rf"(?m)(?:^[ \t]*(?:{_LINE_KEY})?|(?<=;)[ \t]*|(?<![\p{{L}}]){_FIELD_KEYS}[ \t]*:[ \t]*)(?P<v>{_FAMILY_COMMA_GIVEN}"
    rf"(?:[ \t]+{_CAPITALISED})?)(?=[ \t]*(?:[-–|;:(<]|\.[ \t]|\n|$))")  # "Anna-Karin" whole

# after any key that opens a line ("CRM update: Ekström, Max moved from ...", "Note: Houston, Fabian called"), with a
# word of the sentence after it: only with a listed given name
_KEYED_SURNAME_FIRST = regex.compile(
    rf"(?m)^[ \t]*\p{{Lu}}[\p{{L}}]*(?:[ \t]+\p{{L}}+){{0,2}}[ \t]*:[ \t]*"
    rf"(?P<v>(?:{_CAPITALISED}[ \t]+)?{_FAMILY_COMMA_GIVEN})"  # (two family names too: "Strand Eide, Hanna")
    rf"(?=[ \t]+\p{{Ll}}|[ \t]*[-–|;:(<,]|\.[ \t]|\n|$)")

# the same after the word for whom a record is about, inside a line ("Summarize this note: Patient Umudlu, Namiq, seen
# on 12/03", "client Ferreira, Ana; balance due")
_HOLDER_SURNAME_FIRST = regex.compile(
    r"(?<![\p{L}])(?:[Pp]atient|[Cc]lient|[Cc]ustomer|[Ee]mployee|[Ss]tudent|[Mm]ember|[Tt]enant|[Rr]esident|[Gg]uest|"
    r"[Aa]pplicant|[Cc]andidate|[Pp]assenger|[Pp]upil|[Cc]ontact|[Ss]ubscriber|[Bb]orrower|[Dd]ebtor)[ \t]*:?[ \t]+"
    rf"(?P<v>{_FAMILY_COMMA_GIVEN})(?=[ \t]*(?:[-–|;:(),.]|\n|$))")


# English chat in lower case: a name right after a greeting or thanks ("hey jay can u", "thanks fechner");
# never a word of the dictionary, an everyday word or chat shorthand; not after "ask", "tell" or "ping", which
# name tools as often ("ask chatgpt", "ping localhost")
_LOWER_CUE = regex.compile(r"(?<![\p{L}\d'’])(?:hey|hi|hello|hiya|yo|thanks|thank[ \t]+you|thx|ty|cc|"
                           r"dear|love[ \t]+you|miss[ \t]+you|bye|congrats|congratulations|happy[ \t]+birthday)"
                           r",?[ \t]+(?P<v>\p{Ll}{3,}(?:[ \t]+\p{Ll}{3,})?)(?![\p{L}\d'’@])")
# what follows the name a greeting addresses: a request or a question to them ("hey max can u", "hi jay, are you")
_ADDRESSED_NEXT = regex.compile(r",?[ \t]+(?:can|could|would|will|are|r|do|did|have|pls|please|plz|u|you|ur|just|"
                                r"when|where|how|what|why|thanks|thx)\b")
_TERMS_OF_ADDRESS = frozenset("""honey hun hon love luv babe baby dear darling sweetie sweetheart sunshine sunny buddy
pal mate man dude bro sis girl boy guys all there everyone everybody team folks boss sir madam friend fam doc chief
champ kid kiddo lady gent gents ladies gentlemen angel will may""".split())  # ("hey, will you send it")
CHAT_WORDS = frozenset("""alot pls plz thx lol lmao omg btw tho ya yall guys gonna wanna gotta dunno lemme gimme
kinda sorta bro bruh dude fam sis babe hun folks peeps everyone everybody ppl tmrw tmr tonite nite cya""".split())


# After a verb that hands something to someone, two lower-case words that are no English word, the first
# maybe a listed given name ("ask ottavio guidone about it", "tell rafał romankiewicz"): one word alone there is a
# tool as often ("ask google", "ping localhost"), a pair of unknown words is a person
_LOWER_PAIR_CUE = regex.compile(r"(?<![\p{L}\d'’])(?:ask|tell|ping|email|message|text|remind|call|invite|cc)"
                                r"[ \t]+(?P<v>\p{Ll}{3,}[ \t]+\p{Ll}{3,})(?=[ \t]+\p{Ll}|[ \t]*[?!.,;:]|[ \t]*$)")


# a word in lower case opening a sentence or a clause before a finite verb ("hangwani is slaying", "but chanyeol is
# enjoying it", "that jindal gave him"): tested in :func:`_lower_case_names`
_LOWER_SUBJECT = regex.compile(r"(?:^|(?<=[.!?\n][ \t]*)|(?<=(?<![\p{L}\d'’])(?:and|but|that|when|cause|cuz|coz|because|if|"
                               r"like|so)[ \t]+))(?P<v>\p{Ll}{4,})(?=[ \t]+\p{Ll})")


# a listed given name in lower case right before a verb of speech, no determiner before it ("esperanza said u can
# drop it", "jan says hi"; not "the report said"): a speaker even where the name is also a word or a place
_LOWER_SPEAKER = regex.compile(r"(?<![\p{L}\d@#_'’.-])(?<!(?i:the|a|an|this|that|his|her|my|your|our|their|its)[ \t]+)"
                               r"(?P<v>\p{Ll}{3,})[ \t]+(?:said|says|told|tells|asked|asks|replied|wrote|writes)\b")


# the person told, asked or messaged something, in a text in lower case ("i told oluwaseun to stop", "she asked
# chidera whether", "just texted adebayo, he's coming", "tell brad that she is pregnant"): a listed given name no
# everyday-word list holds, or, after a verb in the past, one word no such list and no dictionary holds and that
# reads as a name would (no three consonants in a row: "chatgpt" is a tool's); then what the person is told or the
# clause's end. After a verb in the present a word no list holds is as often a tool ("ask chatgpt about it")
_LOWER_TOLD = regex.compile(r"(?<![\p{L}\d'’])(?:(?P<past>told|asked|reminded|warned|begged|urged|convinced|persuaded|"
                            r"promised|texted|messaged|emailed|pinged|dmed|rang|phoned)|tell|tells|ask|asks|remind|"
                            r"reminds|warn|warns|beg|begs|urge|urges|convince|convinces|text|texts|message|messages)"
                            r"[ \t]+(?P<v>\p{Ll}{4,})(?=[ \t]+(?:to|not|that|about|whether|if|when|what|how|why|and|but)\b"
                            r"|[ \t]*[,.!?;:](?!\p{L})|[ \t]*$)", regex.MULTILINE)


_CONSONANT_RUN = regex.compile(r"[bcdfghjklmnpqrstvwxz]{3}")


# a quotation's speaker in lower case after its closing mark and a verb of speech ('..," says weber.', '..." said
# anna kowalski,'): one or two words, then the sentence's or the clause's end
_LOWER_ATTRIBUTION = regex.compile(r"[\"”'’],?[ \t]+(?:says|said|adds|added|asks|asked|replied|explains|explained|wrote)"
                                   r"[ \t]+(?P<v>\p{Ll}[\p{Ll}'’-]+(?:[ \t]+\p{Ll}[\p{Ll}'’-]+)?)[ \t]*(?=[.,;:!?]|$)",
                                   regex.MULTILINE)


def _lower_case_names(text: str, english: Container[str]) -> list[Found]:
    index = name_index()
    out = []
    for m in _LOWER_ATTRIBUTION.finditer(text):
        words = m.group("v").split()
        if not any(w in CHAT_WORDS or w in NOT_SPEAKERS or w in _TERMS_OF_ADDRESS or w in stop_words("en")
                   or _KIN_WORD.fullmatch(w) or (index.is_common(w) or is_dictionary_word(english, w))
                   and not index.is_listed(w) for w in words):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))  # (never "says he.", "said the doctor.")
    for m in _LOWER_TOLD.finditer(text):
        word = m.group("v")
        if word not in CHAT_WORDS and word not in _TERMS_OF_ADDRESS and word not in stop_words("en") \
                and not _KIN_WORD.fullmatch(word) and not index.is_common(word) and word.lower() not in CALENDAR \
                and (index.is_first(word) or m.group("past") and not _CONSONANT_RUN.search(word)
                     and word not in english and not is_dictionary_word(english, word)
                     and word.casefold() not in place_names()):  # (one told something is no place: "tell jordan")
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in _LOWER_SPEAKER.finditer(text):
        word = m.group("v")
        if index.is_first(word) and word not in CHAT_WORDS and word not in NOT_SPEAKERS:
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in _LOWER_SUBJECT.finditer(text):
        word = m.group("v")
        listed = index.is_listed(word) and not index.is_common(word) and word not in english \
            and word.casefold() not in place_names()
        # (the word is written in lower case itself: whether the text writes it so elsewhere tells nothing here)
        if word not in CHAT_WORDS and (listed or _unknown_subject(text, word, m.end("v"), index, english, lambda: ())) \
                and _verb_follows(text, m.end("v"), english):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in _LOWER_PAIR_CUE.finditer(text):
        first, last = m.group("v").split()
        if any(w in CHAT_WORDS or index.is_common(w) or w in _NOT_INTRODUCED or w.lower() in CALENDAR
               for w in (first, last)):
            continue
        if (index.is_first(first) or first not in english) and last not in english:
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    for m in _LOWER_CUE.finditer(text):
        words = m.group("v").split()
        keep = 0
        for w in words:
            addressed = keep == 0 and index.is_first(w) and w not in _TERMS_OF_ADDRESS \
                and _ADDRESSED_NEXT.match(text, m.start("v") + len(w)) is not None
            if w in CHAT_WORDS or (index.is_common(w) or w in english or is_dictionary_word(english, w)) and not addressed:
                break  # (a given name that is a word too, then what is asked of them, is the name: "hey max can u")
            keep += 1
        if keep:
            value = " ".join(words[:keep])
            out.append(Found("PERSON", m.start("v"), m.start("v") + len(value), 0.7))
    return out


# A speaker naming themselves, in any case ("my name is krithika", "je m'appelle aurélie", "me llamo joaquín",
# "call me ishaan"): one word, and a second where it is a listed name or no word of English.
_INTRO = regex.compile(
    r"(?<![\p{L}\d])(?P<cue>(?i:my[ \t]+name[ \t]+is|my[ \t]+name['’]s|call[ \t]+me|je[ \t]+m['’][ \t]?appelle|"
    # a name given ("she named him Arn", "they nicknamed her Tazz")
    r"(?:re)?(?:named|nicknamed|christened|baptized|baptised|dubbed)[ \t]+(?:him|her|me|them|us)|"
    r"mon[ \t]+nom[ \t]+est|me[ \t]+llamo|mi[ \t]+nombre[ \t]+es|"
    # a kind of name and its value ("her maiden name is Costa", "What's your last name? Cazares", "the account is
    # in the name of Nivi Rosing", "under my partner's name Nivi Rosing")
    r"(?:(?:his|her|their|your|our|the)[ \t]+)?(?:first|last|middle|maiden|family|given|full|legal|married|birth)"
    r"[ \t]+name(?:[ \t]+(?:is|was)|\?)|in[ \t]+the[ \t]+name[ \t]+of|"
    r"under[ \t]+(?:my|his|her|their|our|your)[ \t]+(?:\p{L}+['’]s[ \t]+)?name))(?:[ \t]+|[ \t]*\n[ \t]*)"
    # (a form's answer label between: "mother's maiden name? Answer: Okafor")
    r"(?:(?i:answer|response|reply|ans|a)[ \t]*:[ \t]*)?"
    r"(?P<v>\p{L}[\p{L}'’-]*)(?:[ \t]+(?P<w>\p{L}[\p{L}'’-]*))?")
_NOT_INTRODUCED = frozenset("""not on in at the a an also still written spelled spelt is was isn't wasn't no none
nothing unknown irrelevant important private secret hidden here there this that it what le la les un une pas
el la los las un una no""".split())


# A given name after an imperative or an auxiliary that opens an English sentence, before a lower-case word
# or the end of the clause ("Ask Heather about the lease.", "Can Maja join us at 5?", "Remind Dietlind to sign")
_ADDRESSED = regex.compile(
    r"(?:^|(?<=[.!?:;\n\"“(][ \t]*)|(?<=^[ \t]+))(?:(?:Please|please|Pls|pls)[ \t]+)?"
    r"(?:Ask|ask|Tell|tell|Remind|remind|Email|email|Call|call|Invite|invite|Ping|ping|Thank|thank|Text|text|Message|"
    r"message|Can|Could|Will|Would|Did|Does|Has|Have|Should|Shall|Might|Let|Help|help|Send|send|Pay|pay|Cc|cc|"
    # verbs done to a person ("Congratulate Heather on the promotion", "Notify Anke when it ships"); never one done to
    # a place as often ("Visit Paris in spring", "Visit Florence": towns that are given names too)
    r"Congratulate|congratulate|Greet|greet|Notify|notify|Inform|inform|Warn|warn|Contact|contact|"
    r"Phone|phone|Forgive|forgive|Introduce|introduce)"
    r"[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]+\p{Ll}|[ \t]*[?!.,;:]|[ \t]*$)", regex.MULTILINE)


# the person something goes to: "draft a reply to Martyn about the refund", "talk to Eugenia", "forward it to Toralf"
_TO_SOMEONE = regex.compile(r"(?<![\p{L}\d])(?:reply|replies|respond|write|writing|talk|talking|speak|speaking|"
                            r"forward|forwarded|send|sent|give|gave|mention|introduce|email|message|letter|note|"
                            # (these capitalised too, opening a request: never "Send it to Paris")
                            r"[Aa]pologi[sz]e|[Aa]pologi[sz]ed|[Aa]pologi[sz]ing|[Ee]xplain|[Ee]xplained|"
                            r"[Rr]each[ \t]+out|[Rr]eached[ \t]+out)"
                            r"(?:[ \t]+(?:it|this|that|them|him|her|back|a[ \t]+note|the[ \t]+\p{Ll}+))?"
                            r"[ \t]+to[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]+\p{Ll}|[ \t]*[?!.,;:]|[ \t]*$)")

# the person a message or a gift is for, closing the clause ("Write a birthday message for Lotte.", "a card for Ige")
_FOR_SOMEONE = regex.compile(r"(?<![\p{L}\d])(?:message|note|letter|card|gift|present|toast|speech|poem|email|"
                             r"e-mail|invitation|recommendation|reference|bio|eulogy|cake|surprise)[ \t]+for[ \t]+"
                             r"(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]*[?!.,;:]|[ \t]*$)")

# the person thanked, congratulated or greeted, closing the clause ("Thank you Hendo for what you did",
# "congrats Tebogo, well deserved", "Much love Miccoli")
_THANKED = regex.compile(r"(?<![\p{L}\d])(?i:thank[ \t]+you|thanks|thx|congrats|congratulations|well[ \t]+done|"
                         r"good[ \t]+job|great[ \t]+job|nice[ \t]+job|happy[ \t]+birthday|happy[ \t]+bday|"
                         r"miss[ \t]+you|love[ \t]+you|much[ \t]+love|bye|goodbye|cheers|shout[ \t]*out[ \t]+to|"
                         r"welcome[ \t]+back|good[ \t]+morning|good[ \t]+night|rip|r\.i\.p\.?)[ \t]*,?[ \t]+"
                         r"(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]*(?:[,!.?;:)]|$|\n|\p{So})|[ \t]+(?:for|so|and|[-–—])(?![\p{L}\d]))")


# the person told, asked or reminded something, in the middle of a sentence ("telling Ingrid that the meeting moved",
# "she asked Oyelaran to sign", "reminded Heather about the fee"): a clause about what follows the name
_TOLD = regex.compile(r"(?<![\p{L}\d])(?:telling|told|tells|asking|asked|asks|reminding|reminded|reminds|informing|"
                      r"informed|informs|warning|warned|warns|notifying|notified|texting|texted|emailing|emailed|"
                      r"messaging|messaged|pinging|pinged|convincing|convinced|persuading|persuaded|begging|begged|"
                      r"urging|urged|promising|promised|assuring|assured)"
                      r"[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})(?=[ \t]+(?:that|to|about|when|whether|if|what|how|why|where)\b)"
                      # or the one spoken to ("said Zuzana to Tina", "he whispered to Dietlind")
                      r"|(?<![\p{L}\d])(?:said|says|whispered|whispers|shouted|shouts|replied|replies|explained|explains|"
                      r"complained|complains|lied|lies)(?:[ \t]+\p{Lu}\p{Ll}+|[ \t]+(?:he|she|they))?[ \t]+to[ \t]+"
                      r"(?P<v>\p{Lu}\p{Ll}{2,})(?![\p{L}\d'’-])")
# the person someone or something belongs to, in English news ("The family of Dakshesh Rout has called for ...", "the
# lawyers of Ilse Brandt", "the death of Tomasz Wrobel"): a name of one to three words after the noun and "of"
_BELONGS_TO = regex.compile(r"(?<![\p{L}\d])(?i:family|families|widow|widower|wife|husband|son|sons|daughter|daughters|"
                            r"mother|father|parents|brother|sister|relatives|lawyers?|attorneys?|solicitors?|death|"
                            r"murder|killing|disappearance|funeral|arrest|trial|conviction|release)[ \t]+of[ \t]+"
                            r"(?P<v>\p{Lu}\p{Ll}{2,}(?:[ \t]+\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?){0,2})(?![\p{L}\d'’-])")
# the person one does things with, said as "X and I" ("Arzu and I are moving to ...") or "me and X"
_AND_I = regex.compile(r"(?:(?<![\p{L}\d'’-])(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+and[ \t]+I\b(?!['’]?\p{L})"
                       r"|(?<![\p{L}\d])me[ \t]+and[ \t]+(?P<w>\p{Lu}\p{Ll}{2,})(?![\p{L}\d'’-]))")


# the person a sentence opens by addressing ("Lauren you should get eye drops", "Ingrid, do you have more stories?",
# "Lauren I love your videos"): a capitalised word opening the sentence (after a quote too), then "you" or "your", or
# "I" and a verb of feeling
_VOCATIVE = regex.compile(r"(?:^|(?<=[.!?:\n][\"”)]?[ \t]*)|(?<=[.!?:\n][ \t]*[\"“'‘])|(?<=^[\"“'‘]))"
                          r"(?P<v>\p{Lu}\p{Ll}{2,})[ \t]*,?[ \t]+"
                          r"(?:you|your|u|ur|you['’]re|youre|(?:do|can|could|would|will|are|did|have|should)[ \t]+you|"
                          r"I[ \t]+(?:love|miss|adore|like|hope|wish|need|want))\b"
                          # and closing a short sentence after a comma ("Done, Konstanty!", "See you soon, Riitta.")
                          r"|(?<=\p{L}),[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})[ \t]*(?=[!?]|\.?[ \t]*(?:$|\n))")
# a listed given name opening a sentence about what that person is like ("Ingrid is so talented", "Lauren was the best")
_IS_LIKE = regex.compile(r"(?:^|(?<=[.!?\n][\"”)]?[ \t]*))(?P<v>\p{Lu}\p{Ll}{2,})[ \t]+(?:is|was)[ \t]+"
                         r"(?:so|such|really|very|too|always|never|not|just|the[ \t]+best|a[ \t]+good|my[ \t]+favou?rite|"
                         r"cute|funny|amazing|awesome|beautiful|hilarious|obsessed|perfect|adorable|gorgeous|annoying|"
                         r"sweet|lovely|brilliant|talented|crazy|insane|smart|lucky|right|wrong)\b")


def _given_or_unknown(word: str, index: NameIndex, english: Container[str]) -> bool:
    """After a cue that announces a person: a listed given name even where it is a word ("Heather", "Bill"),
    or a word no everyday-word list and no English dictionary holds: a family name ("Haugland") or a word no list
    holds ("Dietlind")."""
    return index.is_first(word) or not (index.is_common(word) or word in english)


def _addressed(text: str, english: Container[str]) -> list[Found]:

    index = name_index()
    out = []
    places = place_names()
    for m in [*_TO_SOMEONE.finditer(text), *_FOR_SOMEONE.finditer(text)]:
        word = m.group("v")
        if word.lower() in CALENDAR or is_title(word) or word.casefold() in places and not index.is_first(word):
            continue  # "send it to Paris", "talk to Monday's team"
        if _given_or_unknown(word, index, english):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    for m in _BELONGS_TO.finditer(text):
        words = m.group("v").split()
        first = words[0]
        if first.lower() in CALENDAR or is_title(first) or first.casefold() in places or index.is_common(first) \
                or not _given_or_unknown(first, index, english) or any(w.lower() in _NOT_PARTIES for w in words):
            continue  # "the family of Apple products", "the release of Windows 11": a word, a place, an institution
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in _IS_LIKE.finditer(text):
        word = m.group("v")
        if index.is_given(word) and word not in english \
                and word.casefold() not in places and word.lower() not in CALENDAR:
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in _VOCATIVE.finditer(text):  # a listed given name only: never an everyday word ("Will you", "Hope you") nor
        # an interjection no list holds ("Omg you", "Eww you", measured on the comments of WNUT-17)
        word = m.group("v")
        if index.is_first(word) and not (index.is_common(word) or word in english or word.casefold() in places
                                         or word.lower() in CALENDAR or is_title(word)):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in [*_ADDRESSED.finditer(text), *_THANKED.finditer(text), *_TOLD.finditer(text), *_AND_I.finditer(text)]:
        group = "w" if m.re is _AND_I and m.group("w") else "v"
        word = m.group(group)
        if word.lower() in CALENDAR or is_title(word) or word.lower() in NOT_SPEAKERS \
                or word.casefold() in places and not index.is_first(word):
            continue
        if _given_or_unknown(word, index, english):
            out.append(Found("PERSON", m.start(group), m.end(group), 0.75))
    return out


# "I'm Miłosz, nice to meet you!", "This is Toralf.": a capitalised word closing the clause after "I'm"
_I_AM = regex.compile(r"(?<![\p{L}\d])(?i:i['’]m|i[ \t]+am|this[ \t]+is|it['’]s)[ \t]+(?P<v>\p{Lu}\p{Ll}{2,})"
                      r"(?=[ \t]*(?:[,!.;:]|$|\n)|[ \t]+(?:and|from|here|[-–—])(?![\p{L}\d]))")


# (in chat, in lower case, with "here" after it: "hey its gregg here", "it's thái dương here", "this is κώστας here")
_LOWER_HERE = regex.compile(r"(?<![\p{L}\d])(?i:it['’]?s|this[ \t]+is)[ \t]+"
                            r"(?P<v>[\p{Ll}\p{Lo}][\p{L}\p{M}'’-]*(?:[ \t]+[\p{Ll}\p{Lo}][\p{L}\p{M}'’-]*)?)[ \t]+here\b")


# a person addressed by a name no list holds, opening a request ("Ompoly, can I please speak to your boss?", "Tiia,
# could you"; the listed given names are :data:`_VOCATIVE`'s)
_REQUEST_OPENING = regex.compile(r"(?:^|(?<=[.!?\n][ \t]*))(?P<v>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?),[ \t]+"
                                 r"(?=(?:(?:can|could|would|will|may|do|did|are|have)[ \t]+(?:I|you|we)|please|I|we|you|"
                                 r"let['’]?s)\b)")


# what a thing's or a place's "sister", "daughter" or "parent" is ("Apple's sister company", "Austin's sister city",
# "Sydney's daughter company"): a relative word before one of these is no relative
NOT_KIN_AFTER = (r"(?![ \t]+(?:company|companies|city|cities|ship|ships|brand|brands|network|networks|station|stations|"
                 r"paper|papers|publication|site|sites|firm|firms|label|school|schools|organi[sz]ation|institution|"
                 r"project|act|band|island|islands|state|states|nation|nations|language|languages|product|products|"
                 r"species|group|plant|plants|hotel|hotels|restaurant|store|stores|channel|show|series|title|magazine|"
                 r"club|team|app|town|towns|port|airline|church|university|college|program|programme|agreement|"
                 r"relationship|partnership)\b)")

# a person whose kin or work the text names with a possessive ("I'm Carol's daughter", "though Lester's song was
# about a boat"); the kin words are described_people's relatives too
KIN_AFTER_POSSESSIVE = r"daughter|son|wife|husband|widow|widower|brother|sister|grandson|granddaughter|fianc[ée]e?"
_WHOSE = regex.compile(rf"(?<![\p{{L}}\d'’.-])(?P<v>\p{{Lu}}\p{{Ll}}+)['’]s[ \t]+(?:(?:{_AGE_WORDS})[ \t]+)?"
                       rf"(?:(?:{KIN_AFTER_POSSESSIVE})\b{NOT_KIN_AFTER}|(?:novel|memoir|song|songs|album|biography|"
                       r"autobiography)\b)")
# a person named as the author or performer of a work ("the Hermansen novel", "a Raimond Reumer concert", "the
# Dobrosław Tomaszewski version recorded for ..."): one or two name words between an article and the work
_WORK_OF = regex.compile(r"(?<![\p{L}\d])(?i:the|a|an)[ \t]+(?P<v>\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+)?)[ \t]+"
                         r"(?:novel|novels|biography|memoir|concert|concerts|song|songs|album|portrait|lecture|speech|"
                         r"sonata|symphony|aria|(?P<cover>version|recording))\b")


def _owners_and_authors(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_WHOSE`, :data:`_WORK_OF`) A person named by a possessive before kin or a work, or as a work's author."""
    if not english:
        return []
    index = name_index()
    out = []
    places = place_names()
    for m in _WHOSE.finditer(text):
        word = m.group("v")
        if word.lower() not in CALENDAR and (index.is_first(word) or not index.is_common(word) and (
                index.is_listed(word) or word.casefold() not in places and not is_dictionary_word(english, word))):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.8))  # (over NER's place: "Lester's song")
    for m in _WORK_OF.finditer(text):
        words = m.group("v").split()
        if m.group("cover") and len(words) < 2:
            continue  # "the Spotify version": a version is a person's only under a full name
        # (a listed name that is a town's too is one: "the Kauê Souza version")
        if all(not is_dictionary_word(english, w) and w.lower() not in english and not index.is_common(w)
               and (w.casefold() not in places or index.is_listed(w)) for w in words):  # never "the Christmas song"
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    return out


def _introduced(text: str, english: Container[str]) -> list[Found]:
    index = name_index()
    out = []
    for m in _REQUEST_OPENING.finditer(text):
        word = m.group("v")
        if english and not index.is_common(word) and not is_title(word) and word.lower() not in CALENDAR \
                and not is_dictionary_word(english, word) and word.lower() not in english:
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    for m in _LOWER_HERE.finditer(text):
        words = m.group("v").split()
        if not any(w in _NOT_INTRODUCED or w in english or index.is_common(w) or w in CALENDAR for w in words):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    for m in _I_AM.finditer(text):
        word = m.group("v")
        if word.lower() in CALENDAR or is_title(word) or index.is_common(word):
            continue
        if _given_or_unknown(word, index, english):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    for m in _INTRO.finditer(text):
        first, second = m.group("v"), m.group("w")
        own = m.group("cue").lower().startswith(("my", "je", "mon", "me", "mi", "in", "under"))
        if first.lower() in _NOT_INTRODUCED or is_title(first) or first.lower() in CALENDAR and not own:
            continue  # ("call me Monday"; a speaker's own name may be a month's: "My name is Mai", "je m'appelle Avril")
        if not own and (first.lower() in english or index.is_common(first)) \
                and not (first[:1].isupper() and first[1:].islower() and m.group("cue").split()[-1].islower()) \
                and not (index.is_listed(first) and not index.is_common(first)
                         and not is_dictionary_word(english, first)):
            continue  # "call me tomorrow", "they call me crazy", "named him captain": a word, not a name ("call me
            # Constantine", "people call me Demi": a capital in lower-case words; "call me adrian", "named him tyler":
            # a listed name no everyday word is; "Call Me Maybe" is a title's)
        end = m.end("v")
        if second and second.lower() not in _NOT_INTRODUCED and not is_title(second) \
                and second[:1].isupper() == first[:1].isupper() \
                and (index.is_listed(second) or not (index.is_common(second) or second.lower() in english
                                                     and not _derived_capital(second, english))):
            end = m.end("w")
        out.append(Found("PERSON", m.start("v"), end, 0.8))
    return out


def _derived_capital(word: str, english: Container[str]) -> bool:
    """A capitalised word the dictionary holds only as a form its suffix rules make of another word ("Rosing" of
    "rose", "Golding" of "gold"): after an introduced given name, a family name."""
    base = getattr(english, "is_base_word", None)
    return word[:1].isupper() and base is not None and not base(word.lower())


# A courtesy title in lower case and the family name after it, in lower case too ("mr. brown is late", "ask mrs rivers",
# "ms. lima called"): a listed name even where it is a word or a place, or a word no dictionary holds; "ms" and "miss"
# only with their point ("ms word", "i miss you"), never after a figure ("50 ms."), never an office addressed so ("mr.
# president")
_LOWER_COURTESY = regex.compile(r"(?<!\d[ \t]?)(?<![\p{L}\d.])(?:mrs?\.?|mx\.|ms\.|miss\.)[ \t]+"
                                r"(?P<v>\p{Ll}[\p{Ll}'’-]+)(?:[ \t]+(?P<w>\p{Ll}[\p{Ll}'’-]+))?(?![\p{L}\d@])")
# the offices a courtesy title addresses their holder by ("Mr. President", "Madam Speaker", "Mr Chancellor"): no name
ADDRESSED_OFFICES = frozenset("""president vice-president chairman chairwoman chair speaker mayor secretary ambassador
minister governor chancellor commissioner premier senator attorney-general presidente ministro ministre président""".split())
_OFFICE_WORD = regex.compile(rf"(?:{OFFICES})")


def _lower_courtesy_names(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_LOWER_COURTESY`) The second word too where the first is a listed given name and the second a listed
    name no everyday word is ("mr. john smith")."""
    index = name_index()
    out = []
    for m in _LOWER_COURTESY.finditer(text):
        first, second = m.group("v"), m.group("w")
        if first in _OPENS_NO_NAME or first in CALENDAR or is_title(first.title()) or first in ADDRESSED_OFFICES \
                or _OFFICE_WORD.fullmatch(first) or first in english and not index.is_listed(first):  # type: ignore[operator]
            continue  # a listed name or no word ("mr. right" is none): a note's "ms." is a mental status ("assess ms.
            # safety precautions")
        end = m.end("v")
        if second and index.is_first(first) and index.is_listed(second) and not index.is_common(second) \
                and second not in _OPENS_NO_NAME and not is_dictionary_word(english, second):
            end = m.end("w")
        out.append(Found("PERSON", m.start("v"), end, 0.75))
    return out


# A surname alone as the subject of a verb only people do in the news and in court ("Baker denied any wrongdoing",
# "Akçay told reporters", "asked about it, Madura declined"), or before a possessive and what only a person has
# ("O'Connor's lawyers said")
_REPORTING = regex.compile(
    r"(?<![\p{L}\d'’.@#_-])(?P<v>(?:Mc|Mac|O['’]|D['’])?\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)"
    r"(?:[ \t]+(?:(?:(?:also|later|then|previously|repeatedly|strongly|flatly|again|has|had|have)[ \t]+)?"
    r"(?:said|says|told|tells|denied|denies|admitted|admits|added|adds|insisted|insists|argued|argues|claimed|"
    r"testified|confirmed|declined|refused|explained|stated|warned|complained|acknowledged|alleged|replied|"
    r"pleaded|apologised|apologized|resigned)\b)"
    r"|['’]s[ \t]+(?:lawyers?|attorneys?|solicitors?|counsel|wife|husband|widow|widower|family|mother|father|"
    r"son|daughter|brother|sister|spokesman|spokeswoman|spokesperson|arrest|trial|conviction|testimony|"
    rf"death|funeral|lawsuit|evidence|statement|account|appeal|complaint|sentence|application)\b{NOT_KIN_AFTER})")


# The same in Spanish and French news: "Tudela declinó hacer comentarios", "Medina ha negado", "los abogados de
# Molina", "Dupont a déclaré", "l'avocat de Martin"; a verb in the preterite, present or perfect
_VERBS_ES = ("dijo dice dicho afirmó afirma afirmado aseguró asegura asegurado negó niega negado declaró declara "
             "declarado explicó explica explicado señaló señala señalado añadió añade añadido reconoció reconoce "
             "reconocido admitió admite admitido insistió insiste insistido declinó declina declinado lamentó lamenta "
             "lamentado respondió responde respondido manifestó manifiesta manifestado sostuvo sostiene sostenido "
             "subrayó subraya subrayado confesó confiesa confesado replicó replica replicado dimitió dimite dimitido "
             "agregó agrega agregado precisó precisa precisado relató relata relatado advirtió advierte advertido "
             "testificó testifica testificado apuntó apunta apuntado comentó comenta comentado quiso prometió "
             "promete prometido").split()
_VERBS_FR = ("déclaré déclare affirmé affirme nié nie expliqué explique reconnu reconnaît ajouté ajoute indiqué "
             "indique précisé précise assuré assure répondu répond souligné souligne confié confie estimé estime "
             "démissionné avoué avoue témoigné témoigne refusé refuse dit").split()
_HOLDERS_FR = ("avocat avocate avocats défense épouse époux mari femme veuve famille fils fille frère sœur mère père "
               "porte-parole arrestation procès condamnation témoignage mort décès obsèques entourage").split()
_ROMANCE_SUBJECT = r"(?<![\p{L}\d'’.@#_-])(?P<v>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)"
_REPORTING_ROMANCE = {
    "es": regex.compile(
        _ROMANCE_SUBJECT + r"(?=[ \t]+(?:(?:también|ya|no|nunca|luego|además|finalmente)[ \t]+)?(?:(?:ha|había|habría|se)[ \t]+)?"
        rf"(?:{'|'.join(_VERBS_ES)})\b)"
        rf"|(?<=\b(?:{'|'.join(_HOLDERS_ES)})[ \t]+de[ \t]+)(?P<h>){_ROMANCE_SUBJECT}(?![ \t]+\p{{Lu}})"),
    "fr": regex.compile(
        _ROMANCE_SUBJECT + r"(?=[ \t]+(?:(?:a|avait|aurait)[ \t]+)?(?:(?:aussi|également|encore|pourtant|toutefois)[ \t]+)?"
        rf"(?:{'|'.join(_VERBS_FR)})\b)"
        rf"|(?<=\b(?:{'|'.join(_HOLDERS_FR)})[ \t]+de[ \t]+)(?P<h>){_ROMANCE_SUBJECT}(?![ \t]+\p{{Lu}})"),
}
_LONGER_NOUN_BEFORE_ROMANCE = regex.compile(
    r"(?:\p{Lu}[\p{L}'’-]*\.?(?<!\p{L}{3}\.)|\b(?i:el|la|los|las|un|una|del|al|su|sus|este|esta|le|les|l['’]|une|du|des|"
    r"son|sa|ses|ce|cette|de|en|à))[ \t]*$")


_LONGER_NOUN_BEFORE = regex.compile(rf"(?:\p{{Lu}}[\p{{L}}'’-]*\.?(?<!\p{{L}}{{3}}\.)|(?:{COMPANY_FORMS})\.|\b(?i:the|a|an))[ \t]+$")
_PRONOUNS = frozenset("i you he she it we they who one someone somebody everyone everybody nobody".split())


class ReportingSubjects:
    """The finder of surnames alone before a verb only people do: in English (:data:`_REPORTING`), in Spanish and
    French (:data:`_REPORTING_ROMANCE`), and in Spanish a family name alone inside a sentence
    (:func:`_mid_sentence_surnames`). It reads the NER's entities: in English a word no name list holds that NER
    reads as an organisation or a place is one ("Reuters said", "Nvidia said", "Boeing's lawyers"); a listed one
    stays a name ("O'Connor's lawyers", NER: ORG)."""

    reads_ner = True

    def __init__(self, english: Container[str]) -> None:
        self.english = english

    def __call__(self, text: str, lang: str, ents: Iterable[tuple[int, int, str]] | None = None) -> list[Found]:
        if lang in _REPORTING_ROMANCE:
            return _romance_subjects(text, _REPORTING_ROMANCE[lang], tuple(ents or ())) \
                + (_mid_sentence_surnames(text, tuple(ents or ())) + _particle_surnames(text)
                   if lang in _CAPITALS_ARE_NAMES else [])
        if lang != "en" or not self.english:
            return []
        return _reporting_subjects(text, self.english, tuple(ents or ()))


class _Ents:
    """NER's entities (sorted, never overlapping, as spaCy gives them), asked what covers a word: a bisection per
    word, not a scan (a scan per match made a text of 30,000 characters of "said Ab to Cd" take 9 s)."""

    def __init__(self, ents: Sequence[tuple[int, int, str]]) -> None:
        self.ents = sorted(ents)
        self.starts = [a for a, _b, _label in self.ents]

    def overlapping(self, start: int, end: int) -> list[tuple[int, int, str]]:
        i = bisect.bisect_left(self.starts, end)  # the entities starting before ``end``; of them, those ending after start
        out = []
        while i > 0 and len(out) < 4:
            i -= 1
            a, b, label = self.ents[i]
            if b <= start:
                break
            out.append((a, b, label))
        return out


_PERSON_LABELS = frozenset({"PERSON", "PER"})
_NOT_PERSON_LABELS = frozenset({"ORG", "PRODUCT", "WORK_OF_ART", "NORP", "GPE", "LOC", "FAC", "EVENT", "LAW"})


def _reporting_subjects(text: str, english: Container[str], ents: Sequence[tuple[int, int, str]] = ()) -> list[Found]:
    """(:data:`_REPORTING`) A listed name ("Baker denied" too: a baker would be "the baker"), or no everyday or
    dictionary word, no known place and nothing NER reads as an organisation or a place; never a month or day, a
    title, nor the last word of a longer proper noun ("Acme Corp said", "the Kremlin said")."""
    index = name_index()
    places = place_names()
    out = []
    covered = _Ents(ents)
    for m in _REPORTING.finditer(text):
        word = m.group("v")
        if not index.is_listed(word) and any(label in _NOT_PERSON_LABELS
                                             for _a, _b, label in covered.overlapping(m.start("v"), m.end("v"))):
            continue  # "Reuters said", "Nvidia said": NER reads an organisation, and no list holds the word
        if word.lower() in CALENDAR or is_title(word) or word.lower() in _NOT_INTRODUCED or word.lower() in _PRONOUNS:
            continue  # ("He said": "He" is a listed family name)
        a_word = index.is_common(word) or is_dictionary_word(english, word) or word.lower() in english
        if not index.is_listed(word) and (a_word or word.casefold() in places):
            continue  # "Officials said", "Prosecutors argued", "Moscow denied"
        if a_word and (index.is_first(word) or not index.is_last(word)):
            continue  # "Apple's statement", "Rose said": a word that is a given name is the word here; a family name
            # ("Baker denied") is the name
        if _LONGER_NOUN_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue  # "Acme Corp said", "the Kremlin said": the end of a longer proper noun or a thing ("on Friday.
            # Akçay denied" is a new sentence)
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    return out


def _romance_subjects(text: str, pattern: regex.Pattern[str], ents: Sequence[tuple[int, int, str]] = ()) -> list[Found]:
    """(:data:`_REPORTING_ROMANCE`) Spanish and French write no common noun capitalised nor without its article, so
    a capitalised word before a verb only people do is a proper noun: a name when a name list holds it; one no list
    holds only when no everyday word, no known place and nothing NER reads as an organisation or a place
    ("Hacienda negó", "Bruselas ha advertido", "Iberdrola ha negado" stay). Never a month or day, a title, nor the
    end of a longer proper noun or of a phrase with an article ("el Gobierno ha negado", "la Fiscalía dijo")."""
    index = name_index()
    places = place_names()
    out = []
    covered = _Ents(ents)
    for m in pattern.finditer(text):
        word = m.group("v")
        low = word.lower()
        if low in CALENDAR or is_title(word) or low in _NOT_INTRODUCED:
            continue
        listed = index.is_listed(word)
        place = word.casefold() in places
        seat = place and word.casefold() in capital_names()
        if not listed and (index.is_common(word) or place or not any(
                a <= m.start("v") and m.end("v") <= b and label in _PERSON_LABELS
                for a, b, label in covered.overlapping(m.start("v"), m.end("v")))):
            continue  # one no list holds only where NER reads a person too
        if listed and index.is_common(word) and not index.is_last(word):
            continue  # "Luz dijo" stays a name only as a surname; a given name that is a word is the word
        if m.group("h") is None and _LONGER_NOUN_BEFORE_ROMANCE.search(text, max(0, m.start("v") - 40), m.start("v")):
            continue  # (after a holder's "de" the article is the holder's: "los abogados de Molina")
        # a country or its capital yields where NER reads a place ("Washington ha negado"); a surname that is a
        # town too ("Tudela declinó", NER: LOC) does not
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7 if seat else 0.75))
    return out


# Spanish writes no common noun, month, day, nationality nor language capitalised: a capitalised word inside a
# sentence, alone and after no article, is a proper noun ("Fuentes cercanas a Gargallo confirmaron", "prisión
# provisional para Ureña", "por delante de Vila")
_CAPITALS_ARE_NAMES = frozenset({"es"})
_MID_WORD = regex.compile(r"(?<=(?<![\p{L}\d'’-])\p{Ll}+[ \t]+|[,;][ \t]+|(?<![\p{L}\d'’-])(?:Cuando|Si|Aunque|Mientras|"
                          r"Porque|Como|Tras|Desde|Para|Hasta|Ante|Sin|Con|Contra)[ \t]+)"
                          r"(?P<v>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)"
                          r"(?![\p{L}\d@_'’-])(?!\.\p{L})"
                          r"(?![ \t]+(?:\p{Lu}|(?:de|del|de[ \t]+la|de[ \t]+los|y)[ \t]+\p{Lu}))")
# and one opening a sentence before a verb ("Quesada ganó la etapa", "Menéndez se mostró optimista")
_VERB_NEXT = (r"[ \t]+(?:(?:no|ya|se|lo|la|le|les|también|nunca)[ \t]+)?(?:ha|había|habría|\p{Ll}{2,}(?:ó|aba|ía|ió))"
              r"(?![\p{L}\d-])")  # a verb in the past ("ganó", "se mostró", "ha dicho")
_START_WORD = regex.compile(r"(?:^|(?<=[.!?»”\"][ \t]+|\n[ \t]*))(?P<v>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)"
                            rf"(?={_VERB_NEXT}|,[ \t]+(?:que|quien)[ \t])", regex.MULTILINE)  # ("Pulido, que llegó")
_SUBJECT_NEXT = regex.compile(_VERB_NEXT)
# or in the present, after a comma ("Desde su detención, Ramos permanece", "En su recurso, Campos alega"); a word in
# -a/-e that no verb is stays out ("Sevilla, donde", "Almería, capital")
_PRESENT_NEXT = regex.compile(r"[ \t]+(?:(?:no|ya|se|lo|le|les|también|nunca)[ \t]+)?(?P<w>\p{Ll}{3,}(?:a|e|an|en))(?![\p{L}\d-])")
_NO_VERBS = frozenset("""donde que este esta ese esa estas estos sobre entre desde hasta como cuando mientras aunque
siempre nunca cerca fuera dentro antes después calle avenida plaza provincia capital ciudad norte sur este oeste
costa sierra una unas otra otras cuya cuyas toda todas nuestra vuestra ante contra pese tras mediante durante según
""".split())


def _subject_next(text: str, end: int) -> bool:
    if _SUBJECT_NEXT.match(text, end) is not None:
        return True
    m = _PRESENT_NEXT.match(text, end)
    return m is not None and m.group("w") not in _NO_VERBS


_AFTER_DETERMINER = regex.compile(r"(?<![\p{L}])(?i:el|la|los|las|lo|un|una|unos|unas|del|al|su|sus|este|esta|estos|"
                                  r"estas|ese|esa|aquel|aquella|mi|mis|tu|tus|nuestro|nuestra|cada|otro|otra|calle|"
                                  r"avenida|plaza|paseo|hospital|servicio|río|monte|san|santa|santo)[ \t]+$")
_PLACE_PREPOSITION = regex.compile(r"(?<![\p{L}])(?i:de|del|en|a|al|desde|hasta|hacia|por|entre)[ \t]+$")
_PERSON_SLOT = regex.compile(r"(?<![\p{L}])(?i:según)[ \t]+$")
_PROPER_DE_BEFORE = regex.compile(r"\p{Lu}[\p{L}.]*[ \t]+(?:de|del|de[ \t]+la|de[ \t]+los|de[ \t]+las|y|e)[ \t]+$")


def _mid_sentence_surnames(text: str, ents: Sequence[tuple[int, int, str]]) -> list[Found]:
    """(:data:`_MID_WORD`) A family name the lists hold, alone inside a Spanish sentence: not after an article or a
    determiner, not part of a longer proper noun ("Ministerio de Hacienda", "Calle Torres"); what NER reads as an
    organisation or a work is no reason (the small Spanish model reads most lone surnames so: "cercanas a Urbina",
    MISC); a town too yields where NER reads a place unless a person's slot holds it (:data:`_PERSON_SLOT`), a country
    or a capital always does."""
    index = name_index()
    places = place_names()
    out = []
    for m in [*_MID_WORD.finditer(text), *_START_WORD.finditer(text)]:
        word = m.group("v")
        low = word.lower()
        if m.re is _START_WORD and (word.casefold() in places or index.is_first(word) or index.is_common(word)):
            continue  # (opening a sentence, only a family name that is no town, no given name and no word)
        if not index.is_last(word) or low in CALENDAR or is_title(word) or low in _NOT_INTRODUCED:
            continue
        if index.is_common(word) and index.is_first(word) or "-" in word and not all(
                index.is_listed(p) and not index.is_common(p) for p in word.split("-")):
            continue  # "Luz", "Rosa": a given name that is a word; "Oil-Red": a stain, one part a name
        if m.re is _MID_WORD and text[:m.start()].rstrip(" \t").endswith((",", ";")) \
                and not _subject_next(text, m.end()):
            continue  # after a comma only as a subject ("Tras la reunión, Torres se mostró"; not "Almería, España.")
        if _AFTER_DETERMINER.search(text, max(0, m.start() - 12), m.start()) \
                or _PROPER_DE_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue
        place = word.casefold() in places
        if place and (word.casefold() in capital_names()
                      or _PLACE_PREPOSITION.search(text, max(0, m.start() - 8), m.start()) is not None):
            continue  # "El alcalde de Zaragoza", "viven en Molina": a town after a preposition of place
        # a town that is a family name too yields to NER's place ("en Torres", "de León", "contra Valencia": a
        # team; "Tras la tormenta, Valencia permanece en alerta"), only not after "según"
        person_slot = _PERSON_SLOT.search(text, max(0, m.start() - 10), m.start()) is not None
        out.append(Found("PERSON", m.start(), m.end(), 0.7 if place and not person_slot else 0.75))
    return out


# a family name that opens with its particle capitalised ("De la Gándara señaló", "Según De la Calle", "la revancha de
# Del Bosque"): Spanish writes "de" capitalised inside a sentence only so
_PARTICLE_SURNAME = regex.compile(r"(?<![\p{L}\d'’.@#_-])(?P<v>(?:De|Del)(?:[ \t]+(?:la|las|los|La|Las|Los))?[ \t]+"
                                  r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}\d@_'’-])(?!\.\p{L})")
_WORD_JUST_BEFORE = regex.compile(r"(?<![\p{L}\d'’-])(?P<w>\p{L}[\p{L}'’-]*)(?P<dot>\.?)[ \t]*$")


def _particle_surnames(text: str) -> list[Found]:
    """(:data:`_PARTICLE_SURNAME`) A family name opening with "De" or "Del" in a Spanish sentence: inside a sentence
    after a word in lower case or a stop word ("Según De la Calle", "con Del Castillo"), or opening one before a verb
    ("De la Mata se quejó", "Del Bosque ensayó"). Never the end of a longer proper noun or a street ("Santiago De
    Chile", "Av. De las Provincias", "Virgen Del Puerto": a capitalised word or an abbreviation before it), a country
    or a capital, a month, nor a known place that is no listed family name (opening a sentence, no known place).
    Measured on the Spanish news: 45 of 45 such words were labeled names; in the clinical reports and the French OCR
    the same shape was a street or a place after a capitalised word."""
    index = name_index()
    places = place_names()
    stops = stop_words("es")
    out = []
    for m in _PARTICLE_SURNAME.finditer(text):
        word = m.group("v").split()[-1]
        low = word.lower()
        if low in capital_names() or low in CALENDAR or is_title(word) \
                or word.casefold() in places and not index.is_last(word):
            continue
        before = _WORD_JUST_BEFORE.search(text, max(0, m.start() - 30), m.start())
        opening = opens_sentence(text, m.start())
        if before is not None and before.group("w")[:1].isupper() and not opening \
                and before.group("w").lower() not in stops:
            continue  # "Santiago De Chile", "Hospital Mesa Del Castillo": the end of a longer proper noun
        if before is not None and before.group("dot") and len(before.group("w")) <= 5 and before.group("w")[:1].isupper():
            continue  # "Av. De las Provincias", "Ctra. De Colmenar": an abbreviation, no sentence's end
        if opening and (not _subject_next(text, m.end()) or word.casefold() in places):
            continue  # opening a sentence only before its verb, and no place ("De la Mata se quejó"; not "De Sevilla a
            # Cádiz", "De Sevilla salió el tren")
        out.append(Found("PERSON", m.start(), m.end(), 0.75))
    return out


# a headline quoting its speaker: the name, a colon, the quotation ("Okafor: 'We will appeal'", "Tiziano Flores:
# «No voy a dimitir»")
_QUOTED_SPEAKER = regex.compile(rf"(?m)^[ \t]*(?P<v>{_NAME_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}){{0,3}}):"
                                r"[ \t]*[«\"“'‘]")


# a transcript's speaker labels ("[10:03] Bastián Garrido: hola"): read where two lines or more have them
_TRANSCRIPT_LINE = regex.compile(rf"(?m)^[ \t]*(?:\[?\d{{1,2}}:\d{{2}}(?::\d{{2}})?\]?[ \t]*[-–]?[ \t]*)?"
                                 rf"(?P<v>{_NAME_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}){{0,2}}):"
                                 r"(?:[ \t]+\S|[\"“«])")  # ("Ashley:\"I'm Tamara's daughter\"")


def no_word(word: str, index: NameIndex, english: Container[str]) -> bool:
    """No list or dictionary holds ``word`` as a word, a month or day, or a title: a label that may be a name."""
    return not (index.is_common(word) or word.lower() in english or is_dictionary_word(english, word)
                or word.lower() in CALENDAR or is_title(word))


def _transcript_speakers(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_TRANSCRIPT_LINE`) A label of two lines or more of a transcript, when a list holds one of its words as
    a name and no list or dictionary as a word ("Bastián Garrido"; not "Customer", "Agent", "Note"), when half the
    labels or more are such names ("Jenkins" in "Kubernetes: ...\nTerraform: ...\nJenkins: ..." stays)."""
    lines = list(_TRANSCRIPT_LINE.finditer(text))
    if len(lines) < 2:
        return []
    index = name_index()
    places = place_names()
    found, unlisted, everyday, other = [], [], [], []
    for m in lines:
        words = [w for w in m.group("v").split() if w.lower() not in _PARTICLES_SET]
        plain = [no_word(w, index, english) for w in words]
        # (a listed given name the dictionary also holds is a speaker's too: "John: ...", "Donna: ...")
        named = [(p or index.is_given(w)) and index.is_listed(w) for p, w in zip(plain, words)]
        if any(named) and (len(words) > 1 or named[0]):
            found.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
        elif all(plain) and not any(w.casefold() in places for w in words):
            unlisted.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
        elif len(words) == 1 and words[0].lower() not in CALENDAR and not is_title(words[0]) \
                and words[0].lower() not in _ROLE_LABELS:
            if index.is_first(words[0]) or index.is_last(words[0]):
                # a name that is an everyday word too ("Summer: Remember me?", "Guy: You saved my life!", "Calle:
                # \"Who are you?\""): a speaker's beside speakers' names, never the labels alone
                everyday.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
            elif not index.is_common(words[0]) and words[0].casefold() not in capital_names():
                # a word no list holds as an everyday one, though a dictionary or a gazetteer has it ("Dita", a
                # format's acronym; "Jaroslav", a town): a speaker's only where the other labels are names
                other.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    # half the labels or more are names, or it is a list of things ("Kubernetes: ...\nTerraform: ...\nJenkins: ..."); in
    # a transcript, a label that is no word and no place is a speaker too ("Kowalska: yes")
    # (the labels of a chat's roles, "Support", "Agent", "Assistant", are neither: "[10:42] Riitta: ...\n[10:43]
    # Support: ..." is a chat with a person)
    labels = {m.group("v") for m in lines if m.group("v").lower() not in _ROLE_LABELS}
    roles = any(m.group("v").lower() in _ROLE_LABELS for m in lines)
    speakers = {text[f.start:f.end] for f in found}
    beside = speakers | {text[f.start:f.end] for f in everyday}
    if speakers and 2 * len(beside) >= len(labels):
        found += everyday  # ("Felicia: ...\nSummer: ...\nGuy: ...")
        speakers = beside
        if labels <= speakers | {text[f.start:f.end] for f in unlisted + other}:
            found += other  # every label a name but these ("Dita: What a wife.\nCharles: ...\nJeffery: ...")
    if not labels or 2 * len(speakers) < len(labels) and not (
            (roles or _timed_chat(text, lines)) and labels <= speakers | {text[f.start:f.end] for f in unlisted}):
        return []  # (beside a role's label, every other label no word and no place: "Riitta" to "Support"; so in a
        # chat's log, each line timed, where someone says "I", "you", "thanks", "hi": "[10:32] Okonkwo:
        # ...\n[10:33] Hämäläinen: ..."; a log's "[10:32] Kubernetes: pod restarted" stays)
    return found + unlisted


def _timed_chat(text: str, lines: list[regex.Match[str]]) -> bool:
    """Every label after a time, and someone's message on its line says "I", "you", "thanks", "hi" or the like."""
    return all(any(ch.isdigit() for ch in text[m.start():m.start("v")]) for m in lines) \
        and any(_CHAT_WORDS.match(text, m.end("v") + 1) for m in lines)  # (the pattern stays on the label's line)


_CHAT_WORDS = regex.compile(r"[^\n]*?(?<![\p{L}'’])(?i:i|i['’]m|i['’]ll|me|my|we|you|your|thanks|thank|hi|hello|hey|ok|"
                           r"okay|yes|yeah|sure|sorry|please)(?![\p{L}'’])")
_ROLE_LABELS = frozenset("""support agent assistant user bot customer client operator rep representative staff admin
moderator host guest system ai me you caller interviewer interviewee q a note""".split())


_PERSONAL_SPEECH = regex.compile(r"[^\n\"”»]{0,80}?(?<![\p{L}'’])(?:I|I['’]m|I['’]ve|I['’]ll|me|my|you|your)(?![\p{L}])")


def _quoted_speakers(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_QUOTED_SPEAKER`) One word a list holds as a name and no list as a word or a place, or two words or
    more, all no word and no place, or one such beside a listed name ("Tiziano Flores"); "Update: 'Service
    restored'", "Breaking News: '...'" and "Buenos Aires: «...»" stay."""
    index = name_index()
    places = place_names()
    out = []
    quoted = list(_QUOTED_SPEAKER.finditer(text))
    labels = Counter(m.group("v") for m in quoted)
    # (and one of them says "I" or "you" as a person does: "Netflix: "We ..."" twice is a company's statements)
    personal = {m.group("v") for m in quoted if _PERSONAL_SPEECH.match(text, m.end())}
    for m in quoted:
        words = [w for w in m.group("v").split() if w.lower() not in _PARTICLES_SET]
        unlisted = [no_word(w, index, english) for w in words]
        plain = [n and w.casefold() not in places for n, w in zip(unlisted, words)]
        # (one word no list holds, when it labels two quotations or more and one of them as a person speaks: a
        # dialogue, "Akaho: "Who are you?"", a town's name too, unless a capital's or a country's)
        dialogue = len(words) == 1 and labels[m.group("v")] > 1 and m.group("v") in personal \
            and unlisted[0] and words[0].casefold() not in capital_names()
        if m.group("v").casefold() in places and not dialogue:
            continue  # "Buenos Aires: «...»"
        if all(plain) and (len(words) > 1 or index.is_listed(words[0])) or dialogue \
                or len(words) > 1 and any(plain) and any(index.is_listed(w) for w in words):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# A passenger's name as tickets and booking records write it, family name first, a slash, the given names and a
# title ("SCHINNER/LILLIANA MRS", "ÁVILA MESA/ANDREA MS"); without the title only after a cue ("Passenger", "PAX", "Name");
# every given name up to the title ("MWANGI/GRACE WANJIRU MS": after a cue the first given name alone was taken)
_PNR_TITLES = r"MR|MRS|MS|MISS|MSTR|MX|DR|PROF|REV|SIR|MME|MLLE|HERR|FRAU|SR|SRA|STA|SRTA"
_PNR = regex.compile(
    r"(?<![\p{L}\d/'’-])(?P<l>\p{Lu}[\p{Lu}'’-]+(?:[ ]\p{Lu}[\p{Lu}'’-]+){0,2})/"
    rf"(?P<f>\p{{Lu}}[\p{{Lu}}'’-]+(?:[ ](?!(?:{_PNR_TITLES})(?![\p{{L}}\d]))\p{{Lu}}[\p{{Lu}}'’-]+)*)"
    rf"(?:[ ]+(?P<t>{_PNR_TITLES})|(?<=(?<![\p{{L}}])(?i:passenger|pax|traveller|traveler|name|guest)[ \t]*:?[ \t]*(?P=l)/(?P=f)))"
    r"(?![\p{L}\d/])")
_NOT_PNR = frozenset("AND OR TCP IP NA CEO CFO AC DC IO PDF YES NO ON OFF".split())  # "AND/OR", "TCP/IP"
# A full name a date of birth follows ("Rx for Hope Zoe Russel-Labadie, DOB 04/11/1987", "Ana Lima (born 1990)")
_BEFORE_BIRTH = regex.compile(
    rf"(?<![\p{{L}}\d'’-])(?P<v>{_NAME_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_NAME_WORD}){{1,4}})[ \t]*[,(][ \t]*"
    r"(?:DOB|D\.O\.B\.?|d\.o\.b\.?|(?i:date[ \t]+of[ \t]+birth|born|né|née|geb\.|geboren|nacid[oa]|nat[oa]|b\.))\b")
# A given name in brackets after a titled family name ("Mme Blanc (Marion)", "Mr Okafor (Chidi)")
_GIVEN_IN_BRACKETS = regex.compile(rf"(?<![\p{{L}}\d])(?:{_TITLE})\.?[ \t]+{_NAME_WORD}[ \t]*\([ \t]*(?P<v>{_NAME_WORD})[ \t]*\)")
# A lower-case name opening a chat line before what that person said ("jaimini said u can drop it at ...")
_LOWER_SAID = regex.compile(r"(?m)^[ \t]*(?P<v>\p{Ll}[\p{Ll}\p{M}'’-]{2,})[ \t]+(?:said|says|told|asked|wants|thinks|"
                            r"texted|wrote|called|replied)\b")


def _record_names(text: str, english: Container[str]) -> list[Found]:
    index = name_index()
    out = []
    for m in _PNR.finditer(text):
        if m.group("l") in _NOT_PNR or m.group("f") in _NOT_PNR:
            continue  # "AND/OR", "TCP/IP"
        out += [Found("PERSON", m.start("l"), m.end("l"), 0.75), Found("PERSON", m.start("f"), m.end("f"), 0.75)]
    for m in _BEFORE_BIRTH.finditer(text):
        words = m.group("v").split()
        while len(words) > 1 and (is_title(words[0]) or is_title(words[0].rstrip(".")) or words[0].isupper()
                                  or (index.is_common(words[0]) or words[0].lower() in english)
                                  and not index.is_listed(words[0])):
            words.pop(0)  # "Patient Hope Zoe Lark, DOB ...", "Mme Vve Dupuy, née ...": the role and the titles stay
        value = " ".join(words)
        if _name_words_ok(value, index, english) and not COMPANY_END.search(value):
            out.append(Found("PERSON", m.end("v") - len(value), m.end("v"), 0.75))
    for m in _GIVEN_IN_BRACKETS.finditer(text):
        if not index.is_common(m.group("v")) and m.group("v").lower() not in english or index.is_first(m.group("v")):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    for m in _LOWER_SAID.finditer(text):
        word = m.group("v")
        if not (word in english or index.is_common(word) or word in _NOT_INTRODUCED or word in CALENDAR
                or word in CHAT_WORDS):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    return out


def find_cued_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """Names a cue of their own announces: the line after a closing, the words after a kinship or role
    word with a possessive, a "Surname, Given" line (a listed given name second or a listed surname first,
    neither an everyday word nor a dictionary word, and not two places: "Maldonado, Kieran" is a name,
    "Paris, France" stays)."""

    index = name_index()
    dictionary = english if lang == "en" else frozenset()
    out = []
    out.extend(_quoted_speakers(text, english))
    out.extend(_transcript_speakers(text, english))
    out.extend(_record_names(text, english))
    for m in _SIGNED.finditer(text):
        words = m.group("v").split()
        if not all(index.is_common(w) or is_title(w) for w in words) and words[0].lower() not in ("the", "le", "la", "el"):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.8))
    for m in _KINSHIP.finditer(text):
        value, words = m.group("v"), m.group("v").split()
        if any(w.lower() in CALENDAR or is_title(w) or is_title(w + ".") or len(w) < 2 for w in words):
            continue  # "leur patron, M. Kouillard": a title, left to the titled names
        opening, closes = text[m.start():m.start("v")], text[m.end("v"):m.end("v") + 1]
        if "(" in opening and (closes != ")" or words[0].isupper() or not index.is_first(words[0]) and (
                index.is_common(words[0]) or is_dictionary_word(dictionary, words[0]) or words[0].lower() in dictionary)):
            continue  # in brackets the name is all they hold, a listed given name or no word ("my daughter (India)"), never
            # a role or a department ("my boss (Head of Sales)", "my colleague (Finance)", "my boss (CEO)")
        set_off = ("," in opening or "(" in opening) and closes in (",", ")")
        if len(words) == 2 and not set_off and (
                index.is_common(words[1]) and not index.is_listed(words[1])
                or is_dictionary_word(dictionary, words[1]) and not index.is_listed(words[1])):
            value = words[0]  # "my son Will Tell ..." takes one word when the second is an everyday word, unless
            # commas set the name off ("the applicant's son, Şeref Seven, was arrested")
        out.append(Found("PERSON", m.start("v"), m.start("v") + len(value), 0.8))
    for m in _KIN_LIST.finditer(text):
        names = list(_KIN_NAME.finditer(text, m.start("v"), m.end("v")))
        # a listed given name among them makes the others names too where the dictionary holds them only as nouns
        # ("my cousins Madison and Aspen"); "his colleagues Sales and Marketing" stay
        anchored = any(index.is_first(n.group(0).split()[0]) for n in names)
        for name in names:
            first = name.group(0).split()[0]
            if first.lower() in CALENDAR or is_title(first) or is_title(first + ".") or first.isupper() \
                    or not index.is_first(first) and (index.is_common(first) or first in dictionary and not (
                        anchored and not is_dictionary_word(dictionary, first))):
                continue
            out.append(Found("PERSON", name.start(), name.end(), 0.8))
    if lang == "en" and english:
        out.extend(_lower_case_names(text, english))
    out.extend(_owners_and_authors(text, english))
    out.extend(_introduced(text, english))
    out.extend(_salutations(text, dictionary))
    if lang == "en" and english:
        out.extend(_dash_signatures(text, english))
        out.extend(_opening_names(text, english))
    out.extend(_action_owners(text, english))
    if "\n" in text:
        out.extend(_contact_heads(text, dictionary))
    if lang == "en":
        out.extend(_addressed(text, english))
        out.extend(_lower_courtesy_names(text, english))
    places = place_names()
    keyed = [m for m in _KEYED_SURNAME_FIRST.finditer(text) if index.is_first(m.group("f").split("-")[0])]
    holders = [(m, True) for m in _HOLDER_SURNAME_FIRST.finditer(text)]
    for m, holder in [*((m, False) for m in _SURNAME_FIRST.finditer(text)), *holders, *((m, False) for m in keyed)]:
        last, first = m.group("l").split()[-1].split("-")[0], m.group("f").split("-")[0]
        if last.casefold() in places and first.casefold() in places or index.is_common(first):
            continue  # "Paris, France"
        if last.lower() in _SIGN_OFFS or last.lower() in GREETINGS:
            continue  # "Thanks, John", "Regards, Tom", "Gracias, Marta": a greeting and the name it addresses
        if index.is_first(first):
            # "Ford, Nathaniel", "Martins, Evelyn", "Sami, Krish", and a family name that is a word too ("Costa, Katrina")
            accept = not index.is_common(last) or index.is_last(last) and not index.is_first(last)
        else:  # the given name unlisted: no word of English, no place ("Maldonado, Kieran"; not "London, England")
            accept = first.lower() not in dictionary and first.casefold() not in places and (
                index.is_last(last) or not (index.is_common(last) or last.lower() in dictionary))
            if not accept and holder:  # after "Employee", "Patient": a family name of no dictionary is enough
                accept = first.casefold() not in places and not (index.is_common(last) or last.lower() in dictionary
                                                                 or last.casefold() in places)
        if accept:
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.75))
    return out


# ---------------------------------------------------------------- the parties of a case name
# "Donoghue v Stevenson", "R v Ashworth", "CASE OF KOVALENKO AND OTHERS v. UKRAINE": a party that is a
# person is one to four words next to the "v", each a listed name or a word of no dictionary, no place and
# no institution. States, the Crown, ministries and companies are parties too, and stay.
_PARTY_WORD = r"\p{Lu}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)*"
_PARTY = rf"{_PARTY_WORD}(?:[ \t]+{_PARTY_WORD}){{0,5}}"
_OTHERS = r"(?:[ \t]+(?:and|AND|&)[ \t]+(?:[Oo]thers|OTHERS|Ors|[Aa]nother|ANOTHER))?"
_CASE_NAME = regex.compile(rf"(?<![\p{{L}}\d])(?P<a>{_PARTY})(?:(?<=(?<!\p{{L}})R)\.)?{_OTHERS}[ \t]+(?:v|vs|V|VS)\.?[ \t]+(?P<b>{_PARTY})"
                           r"(?![\p{L}\d])")
# the roles of the parties to a case ("Claimant", "Respondents"): words of a judgment's heading, never of a name
PARTY_ROLES = ("claimant", "defendant", "appellant", "respondent", "applicant", "petitioner", "plaintiff", "intervener")
PARTY_ROLE_WORDS = frozenset(role + s for role in PARTY_ROLES for s in ("", "s"))
_NOT_PARTIES = frozenset("""r rex regina crown state people commonwealth government republic kingdom united queen king
dpp hmrc ministry secretary commissioner commissioners council board bank company corporation ltd limited plc inc llc
llp co university hospital trust authority police department agency office union city county borough district
school college church society association federation services service home office case of in re ex parte and
others the""".split()) | PARTY_ROLE_WORDS


_INSTITUTIONS = _NOT_PARTIES - {"case", "of", "in", "re", "the", "ex", "parte", "and", "others"}


# the one party a matter's name has ("In re Hämäläinen", "Ex parte Okonkwo", "In the Matter of the Estate of Aino
# Virtanen"): the person's words after it, when no institution's word is among them ("In re Acme Holdings Ltd")
_MATTER = regex.compile(r"(?<![\p{L}])(?:In[ \t]+[Rr]e|Ex[ \t]+[Pp]arte|(?:In[ \t]+the[ \t]+)?[Mm]atter[ \t]+of)"
                        r"(?:[ \t]+(?:the[ \t]+)?(?:Estate|Marriage|Adoption|Guardianship|Application)[ \t]+of"
                        r"(?:[ \t]+the)?)?[ \t]+(?!(?:Estate|Marriage|Adoption|Guardianship|Application)\b)"
                        r"(?P<v>\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){0,2})")


_LITIGATION = regex.compile(r"(?i:litigation|securities|antitrust|derivative|bankruptcy|holdings|corp|inc|llc|ltd|"
                            r"plc|gmbh|s\.a\.|products|liability|data|privacy|breach)\b")


# a party's name alone on its line above its role, as a judgment's or a claim form's heading sets them out
# ("Between:\nROBERT CROSS\nClaimant\n- and -\n...\nFirst Defendant", "(2) Zlatica Váska\nAppellant")
_ROLE_LINE = rf"(?i:{'|'.join(PARTY_ROLES)}|interested[ \t]+party)s?"
_PARTY_LINE = regex.compile(
    r"(?m)^[ \t]*(?:\(\d{1,2}\)[ \t]*)?(?P<v>\p{Lu}[\p{L}'’-]*\.?(?:[ \t]+\p{Lu}[\p{L}'’-]*\.?){1,4})[ \t]*\n[ \t]*"
    rf"(?:(?i:first|second|third|fourth|fifth|\d(?:st|nd|rd|th))[ \t]+)?{_ROLE_LINE}"
    rf"(?:[ \t]*/[ \t]*{_ROLE_LINE})?[ \t]*$")


# the same on one line, a heading's parties run together ("Between: MARIUSZ WIŚNIEWSKI Appellant - and - THE SECRETARY OF
# STATE ... Respondent", "TOBIAS ENGQVIST Claimant v ACME LTD Defendant"): the name in capitals, the role in Title case
_PARTY_INLINE = regex.compile(
    r"(?m)(?:(?:^|(?<=(?i:between)[ \t]*:?[ \t]+)|(?<=-[ \t]*(?i:and)[ \t]*-[ \t]*)|(?<=[ \t]v\.?[ \t]+))"
    r"(?:\(\d{1,2}\)[ \t]*)?|(?<=[ \t])\(\d{1,2}\)[ \t]*)(?P<v>\p{Lu}[\p{Lu}'’-]+\.?(?:[ \t]+\p{Lu}[\p{Lu}'’-]*\.?){1,4})[ \t]+"
    rf"(?:(?:First|Second|Third|Fourth|Fifth)[ \t]+)?(?-i:\p{{Lu}}\p{{Ll}}+)(?<=[ \t]{_ROLE_LINE})"
    r"(?=[ \t]*(?:$|-[ \t]*(?i:and)[ \t]*-|[ \t]v\.?[ \t]|[,;]))")


_A_ROLE = regex.compile(_ROLE_LINE)


# the prosecuting side of a criminal case ("R v Teixeira", "Manda v The Queen", "State v. Lisbon"): the other
# party is the accused, a person or a company, never a place, though "Teixeira" and "Manda" are towns too
_CROWN = frozenset("r rex regina crown state people commonwealth queen king dpp".split())


# a judge's family name before the office, as opinions and their headings write it ("and HALVERSEN, Circuit Judge",
# "Okafor, J., dissenting", "Before LINDQVIST and ADEYEMI, JJ."): the office ends its phrase ("Meanwhile, Judge Smith
# said" stays; no name follows the office)
_OFFICE_AFTER = (r"(?:(?:Chief|Circuit|District|Senior|Magistrate|Bankruptcy|Associate|Presiding|Trial|Appellate|"
                 r"Acting|Deputy)[ \t]+)*(?:Judges?|Justices?)|(?:J|JJ|C\.[ \t]?J|P\.[ \t]?J|L\.[ \t]?J|LJJ|JA)\.?")
_BENCH_NAME = r"\p{Lu}[\p{Lu}'’-]+|\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}\p{Ll}+)?"
_ON_THE_BENCH = regex.compile(
    rf"(?<![\p{{L}}\d'’.-])(?P<v>(?:{_BENCH_NAME})(?:(?:,[ \t]+|[ \t]+(?:and|&)[ \t]+)(?:{_BENCH_NAME}))*),[ \t]+"
    rf"(?:{_OFFICE_AFTER})(?![\p{{L}}])(?=[ \t]*(?:[,.;:)\n]|$|(?i:dissenting|concurring|delivered|wrote|joined|for)\b))")
_BENCH_WORD = regex.compile(_BENCH_NAME)


def find_bench_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """(:data:`_ON_THE_BENCH`) Each judge's family name: no title, calendar, place of a court or everyday word."""
    if "J" not in text:
        return []
    index, dictionary = name_index(), english if lang == "en" else frozenset()
    out = []
    for m in _ON_THE_BENCH.finditer(text):
        for w in _BENCH_WORD.finditer(text, m.start("v"), m.end("v")):
            word = w.group(0)
            if word.lower() in ("and", "the") or is_title(word) or word.lower() in CALENDAR or len(word) < 3 \
                    or not VOWEL.search(word.lower()) or word.lower() in _NOT_PARTIES \
                    or not word.isupper() and not index.is_last(word) and (index.is_common(word) or word in dictionary):
                continue  # "Meanwhile, J.", "Court, Justice" stay
            out.append(Found("PERSON", w.start(), w.end(), 0.75))
    return out


_CITING_WORDS = frozenset("In See Cf Cf. And Also Following Under Unlike Like As Per Applying Distinguishing".split())


def find_case_parties(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """The person parties of a case name ("Drummelow v Rexholt Ltd" -> "Drummelow"; "CASE OF KOVALENKO AND
    OTHERS v. UKRAINE" -> "KOVALENKO"): the words next to the "v" that are person-like, in Title case or in
    capitals; a party with any institution word ("Ltd", "Council", "Secretary") or that is a place
    ("Ukraine") is no person. Two readings lean on the other side: opposite the Crown or the State a town's
    name is the accused ("Teixeira v The Queen"), and opposite a person a word is the other person ("Cole v
    Hall", "Aksu v Seven"; "Spain v France", "Arsenal v Chelsea" stay)."""

    matters = list(_MATTER.finditer(text))
    inline = list(_PARTY_INLINE.finditer(text)) if _A_ROLE.search(text) is not None else []
    if " v" not in text and " V" not in text and "\n" not in text and not matters and not inline:
        return []
    index = name_index()
    dictionary = english if lang == "en" else frozenset()
    places, capitals = place_names(), capital_names()

    def person_like(word: str, crown: bool, person: bool) -> bool:
        low, title = word.lower(), word[:1] + word[1:].lower()
        if low in _NOT_PARTIES or is_title(word) or is_title(title) or len(low) < 2 or not VOWEL.search(low):
            return False
        if low in places and not crown and not (person and index.is_last(title) and low not in capitals):
            return False  # "Kowalczyk v. Poland": a state or a town is a party ("Poland" is a surname too); a
            # family name that is a town too is the person opposite a person ("Cole v Hall")
        return person or index.is_listed(title) or not (index.is_common(low) or is_dictionary_word(dictionary, low))

    out = []
    for m in _CASE_NAME.finditer(text):
        sides = []
        for group, inner in (("a", True), ("b", False)):
            words = list(regex.finditer(r"\S+", m.group(group)))
            if inner and len(words) > 2 and words[-2].group(0).lower() in ("and", "&") \
                    and words[-1].group(0).lower() in ("others", "ors", "another"):
                words = words[:-2]  # "KOVALENKO AND OTHERS v. UKRAINE"
            while inner and len(words) > 1 and words[0].group(0) in _CITING_WORDS:
                words = words[1:]  # "In Henderson v Okonjo": the word that cites the case is no part of its party
            sides.append((group, list(reversed(words)) if inner else words))
        crown = [any(w.group(0).lower() in _CROWN for w in words) for _, words in sides]
        runs: list[list[regex.Match[str]]] = [[], []]
        for lean in (False, True):  # the second round: a word opposite a person found in the first
            for k, (group, words) in enumerate(sides):
                if runs[k] or any(w.group(0).lower() in _INSTITUTIONS for w in words) \
                        or lean and not (runs[1 - k] and len(words) == 1 and words[0].group(0)[1:].islower()
                                         and words[0].group(0).lower() not in CALENDAR):
                    continue  # "Secretary of State for the Home Department", "Acme Ltd"
                for w in words:  # the words next to the "v": the end of the first party, the start of the second
                    if not person_like(w.group(0), crown[1 - k], lean):
                        break
                    runs[k].append(w)
        for (group, _), run in zip(sides, runs):
            if run:
                first, last = (run[-1], run[0]) if group == "a" else (run[0], run[-1])
                out.append(Found("PERSON", m.start(group) + first.start(), m.start(group) + last.end(), 0.75))
    for m in matters:  # "In re Hämäläinen", "Ex parte Okonkwo"
        words = list(regex.finditer(r"\S+", m.group("v")))
        if any(w.group(0).lower() in _INSTITUTIONS for w in words) \
                or _LITIGATION.search(text, m.start("v"), m.end("v") + 40) is not None:
            continue  # "In re Acme Holdings Ltd", "In re Google Privacy Litigation"
        run = list(itertools.takewhile(lambda w: person_like(w.group(0), False, False), words))
        if run:
            out.append(Found("PERSON", m.start("v") + run[0].start(), m.start("v") + run[-1].end(), 0.75))
    for m in [*_PARTY_LINE.finditer(text), *inline]:  # "ROBERT CROSS\nClaimant"
        words = list(regex.finditer(r"\S+", m.group("v")))
        while words and (is_title(words[0].group(0).rstrip(".")) or is_title(words[0].group(0).title().rstrip("."))):
            words.pop(0)  # "MR ROBERT CROSS": the title stays
        if len(words) >= 2 and not any(w.group(0).lower().rstrip(".") in _NOT_PARTIES for w in words) \
                and not any(w.group(0).casefold() in capitals for w in words) and not COMPANY_END.search(m.group("v")):
            out.append(Found("PERSON", m.start("v") + words[0].start(), m.end("v"), 0.75))
    return out
