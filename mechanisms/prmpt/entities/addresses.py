"""Street addresses and postcodes (HIPAA Safe Harbor identifier 2), in English, French and Spanish.

STREET_ADDRESS covers the house number, the street name and type, and a unit ("Apt 4B", "2º B");
city, state and country are not part of it and are kept (turn LOCATION on to hide them too).
Codec, token by token, applied the same way to a stand-in: digit runs are encrypted (same length,
a leading zero kept as such); street types, particles, unit words and directions ("Street", "rue",
"de la", "Apt", "N") are kept; every other word is a street-name word: a word of the versioned list
``data/street_names_v1.txt`` maps to another list word (keyed permutation, case kept), any other
word keeps its shape and is cycle-walked out of the list, so decryption knows which rule applied.

POSTAL_CODE: 5-digit codes keep their first two digits (the US region, the French department, the
Spanish province, the German zone; HIPAA would allow three, but three leave only 100 stand-ins and a
1 % chance that a code maps to itself), ZIP+4 keeps the same and hides the rest, a UK postcode
keeps its outward code, a Canadian one its forward sortation area; the rest is encrypted.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from importlib import resources

from mechanisms.keys import UserKeys
from mechanisms.prmpt.codecs import AlnumCodec, TwoWayCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.alphabet import DIGITS, classed, one_alphabet, script_classed, transform_alphabet
from mechanisms.prmpt.entities.base import EntityType, Found
from mechanisms.prmpt.entities.dates import MONTHS
from mechanisms.prmpt.entities.tables import column_cells
from mechanisms.prmpt.permutation import DomainError, permutation
from mechanisms.prmpt.spans import Occupied

_EN_TYPES = ("street|st|avenue|ave|av|road|rd|boulevard|blvd|drive|dr|lane|ln|court|ct|way|place|pl|"
             "terrace|ter|circle|cir|parkway|pkwy|highway|hwy|square|sq|trail|trl|loop|crescent|cres|"
             "close|grove|row|alley|pike|plaza|mews|walk|gardens|expressway|turnpike|causeway|path")
_FR_TYPES = ("rue|avenue|av|boulevard|bd|bld|place|pl|all[ée]e|all[ée]|rang|mont[ée]e|c[ôo]te|croissant|promenade|impasse|imp|chemin|ch|route|rte|quai|cours|"
             "passage|square|voie|rond-point|faubourg|fbg|r[ée]sidence|lotissement|hameau|sentier|villa|cit[ée]")
_ES_TYPES = ("calle|c/|avenida|avda|av|paseo|p[ºo]|plaza|pza|ronda|camino|carretera|ctra|traves[ií]a|glorieta|"
             "v[ií]a|carrer|rambla|callej[oó]n|bulevar|urbanizaci[oó]n|pasaje|carrera")
_PARTICLES = ("de|du|des|la|le|les|l|d|aux|au|sur|sous|et|en|del|las|los|el|y|e|of|the|saint|st|ste|san|"
              "santa|sainte")
_UNITS = ("apt|apartment|suite|ste|unit|floor|fl|room|rm|bldg|building|dept|po|box|piso|puerta|pta|bajo|"
          "izq|izquierda|dcha|derecha|esc|escalera|portal|bloque|b[aâ]t|b[aâ]timent|[ée]tage|appartement|"
          "appt|bis|ter|quater|st|nd|rd|th|er|e|[ºª]")
_DIRECTIONS = "n|s|e|w|ne|nw|se|sw|north|south|east|west|nord|sud|est|ouest|norte|sur|este|oeste"
KEEP_WORDS = frozenset(w for group in (_EN_TYPES, _FR_TYPES, _ES_TYPES, _PARTICLES, _UNITS, _DIRECTIONS)
                       for w in re.sub(r"\[([^\]]*)\]", lambda m: m.group(1)[0], group).split("|"))
KEEP_WORDS = KEEP_WORDS | {"allée", "traversía", "travesía", "vía", "callejón", "urbanización", "cité",
                           "résidence", "étage", "bât", "bâtiment", "flat", "studio", "depto", "dpto",
                           # types written before the name in more languages, and as a word of their own after it
                           "rua", "travessa", "largo", "viale", "piazza", "corso", "plac", "ulica", "ul", "aleja",
                           "strada", "calea", "bulevardul", "carrer", "weg", "straße", "strasse", "gasse", "allee",
                           "platz", "damm", "ufer", "steig", "vej", "gade", "plads", "torv", "gatan", "vägen", "veien",
                           "vei", "gata", "laan", "straat", "plein", "gracht", "utca", "ring", "út", "útja", "tér", "körút",
                           "köz", "sétány", "fasor", "rakpart", "marg", "chowk", "nagar", "ganj", "gali", "path",
                           "enclave", "vihar",
                           # Italian types and units as Italy writes an address ("Stretto Giannuzzi, 77 Appartamento 12")
                           "stretto", "vicolo", "rotonda", "borgo", "contrada", "canale", "incrocio", "piazzale",
                           "lungomare", "vico", "salita", "galleria", "appartamento", "piano", "scala", "interno",
                           # Romanian, Czech and Scandinavian types and prepositions, and the unit words of more
                           # languages ("Aleea X, Bloc 34, Ap. 5", "Na Volánové 952", "Madeleines väg 1, Hus 7", "7 OG")
                           "aleea", "intrarea", "splaiul", "șoseaua", "piața", "bloc", "bl", "ap", "sc", "et", "na",
                           "nad", "pod", "za", "ve", "ke", "v", "k", "u", "väg", "gate", "veg", "vegen", "allé", "plass",
                           "torg", "hus", "zimmer", "og", "eg", "hoog", "achter", "voor", "boven", "verdieping", "kv", "кв", "dz",
                           "em", "ajtó", "explanada", "prol", "gg", "gang", "dk", "dukuh", "psr", "pasar", "kpg",
                           "kampung", "jl", "jln", "jalan",
                           # a Japanese block's word in Latin letters ("2-chome-7-1 Marunouchi")
                           "chome", "chōme"}
_STOP = frozenset("""a an the to of in on at for and or with from my your our his her their is are was were be
been this that these those it its by as per about into than then there here i you he she we they me him us them
minutes minute hours hour days day weeks week months month years year times items people steps points ways
miles km blocks doors floors more less over under only just also not no yes all any some each every other""".split())

_EN_ADDRESS = re.compile(
    # a Philippine block and lot may stand before the house number ("B13 L54 1st Drive", "Blk 2 Lot 7 ...")
    rf"(?<![\w/#.-])(?P<v>(?:(?:b|blk|block)\.?[ ]?\d{{1,3}}[ \t]+(?:l|lot)\.?[ ]?)?"
    rf"\d{{1,6}}[A-Za-z]?(?:-\d{{1,4}})?[ \t]+(?:(?:{_DIRECTIONS})\.?[ \t]+)?"  # all on one line
    rf"(?P<name>(?:[^\W\d_][\w'.-]*[ \t]+){{0,3}}?(?:[^\W\d_][\w'.-]*|\d{{1,3}}(?:st|nd|rd|th)))[ \t]+"
    rf"(?:{_EN_TYPES})\b\.?(?:[ \t]+(?:{_DIRECTIONS})\b\.?)?"
    rf"(?:,?\s+(?:apt|apartment|suite|ste|unit|fl|floor|room|rm|#)\.?\s*#?\s*[A-Za-z0-9-]{{1,6}}\b)?)",
    re.IGNORECASE)
_NAME_WORD = r"(?:[A-ZÀ-Ý][\wÀ-ÿ'’-]*|\d{1,3}(?:er|e|º))"
_PART = rf"(?:(?:{_PARTICLES})(?:\s+|['’]))"
_FR_ADDRESS = re.compile(
    rf"(?<![\w/#.-])(?P<v>\d{{1,5}}(?:[ \t]?(?:bis|ter|quater|[A-D])\b)?,?[ \t]+(?i:{_FR_TYPES})\.?[ \t]+"
    rf"(?P<name>{_PART}*{_NAME_WORD}(?:[ \t-]+{_PART}*{_NAME_WORD}){{0,4}}))")
_ES_ADDRESS = re.compile(
    rf"(?<![\w/#.-])(?P<v>(?i:{_ES_TYPES})\.?\s+(?P<name>{_PART}*{_NAME_WORD}(?:[\s-]+{_PART}*{_NAME_WORD}){{0,4}})"
    rf",?\s*(?:(?i:n[ºo°]\.?|n\.º|núm\.?|número)\s*)?\d{{1,4}}[A-Za-z]?\b"
    rf"(?:,?\s*(?:\d{{1,2}}\s?[ºª]\s?[A-Za-z0-9]?\b|(?i:piso|puerta|pta\.?|esc\.?|escalera)\s*\w+|(?i:bajo|izq\.?|"
    rf"izquierda|dcha\.?|derecha)\b))*)")
_US_STATES = ("AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|"
              "NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR|AS|GU|MP|VI|FM|MH|PW|AA|AE|AP|"
              "AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT")
_ZIP = r"\d{5}(?:-\d{4})?"
_UK_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}"
_CA_POSTCODE = r"[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d"
_CA_SHAPE = r"[A-Z]\d[A-Z] ?\d[A-Z]\d"
_EIRCODE_SHAPE = r"(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}"
# (an Irish Eircode too: "12 Main St, Ennis, Co. Clare, V95 X2Y3", a code for one house)
_POSTCODE_AFTER_STREET = re.compile(rf"(?<![\w-])(?P<v>{_ZIP}|{_UK_POSTCODE}|{_CA_POSTCODE}|{_EIRCODE_SHAPE})(?![\w-])")
# (a British postcode in lower case, in a text in lower case, only in a street's reach: "..., holwell ox18 7fr"; never
# an ordinal or a time, "a4 5th", "hr1 1am")
_LOWER_UK_AFTER_STREET = re.compile(r"(?<![\w-])(?P<v>[a-z]{1,2}\d[a-z\d]? \d(?!(?:st|nd|rd|th|am|pm)\b)[a-z]{2})(?![\w-])")
_POSTCODE_NEAR = re.compile(r"(?i:\b(?:post[ \t]?code|postal[ \t]+code|zip(?:[ \t]?code)?)s?\b)")
_POSTCODE_VALUE = re.compile(rf"(?<![\w-])(?:{_ZIP}|{_UK_POSTCODE}|{_CA_POSTCODE})(?![\w-])")
_POSTCODE_WORDS = (r"zip(?:[\s_-]*codes?)?|postcodes?|post[\s_-]+codes?|postal[\s_-]*codes?|code\s+postal|c[oó]digo\s+postal|"
                   r"cp")
_POSTCODE_CUE = re.compile(
    # (a key's quotes too: '"zip": "70586"')
    rf"(?:\b(?:{_US_STATES})\.?,?\s+|(?i:\b(?:c\.p\.|(?:{_POSTCODE_WORDS})\b)(?:\s+(?:is|es|est|was))?)[^\w\n]{{0,4}})$")
# Postcodes of other countries ("4051", "00-514", "1012 AB", "D-10115", "113 51"): only right after a cue word
# ("my postcode is 4051", "PLZ: 10115") or in the "postcode City" position after a street address
_DUTCH_CODE = r"\d{4}[ ]?[A-Z]{2}"  # (four digits and two letters: "1012 AB")
_OTHER_POSTCODE = rf"(?:[A-Z]{{1,2}}-)?\d{{4,6}}|{_DUTCH_CODE}|\d{{2}}-\d{{3}}|\d{{3}}[ ]\d{{2}}|\d{{4}}-\d{{3}}|\d{{5}}-\d{{3}}"
_OTHER_POSTCODE_CUE = re.compile(
    rf"\b(?i:{_POSTCODE_WORDS}|c\.p\.|plz|"
    r"postleitzahl|cap|c[oó]digo\s+de\s+endere[cç]amento|kod\s+pocztowy|postnummer|postnr|pin\s*code|pincode|"
    r"codice\s+postale|postinumero|irányítószám|psč|poštanski\s+broj|posta\s+kodu|cod\s+poștal|cod\s+postal)"
    r"(?:\s+(?i:is|est|es|é|ist|was|:))?[^\w\n]{0,4}$")
# a code before the word for it ("the 4820 postcode district", "our 94103 zip code", "the 84532 zip area", "the 94103
# area"; that last one five digits only), and the codes listed after a cued one ("ZIP 90210 and 10001", "postcodes
# 4051, 4052 or 4053")
_CODE_BEFORE_WORD = re.compile(rf"(?<![\w-])(?P<v>(?:[A-Z]{{1,2}}-)?\d{{4,6}}(?:-\d{{4}})?|{_DUTCH_CODE}|\d{{2}}-\d{{3}}|\d{{3}}[ ]\d{{2}})"
                               r"[ \t]+(?i:postcode|post[ \t]+code|postal[ \t]+code|zip[ \t]*code|zip[ \t]+area)\b(?![ \t]*[:=])"
                               r"|(?i:\bthe)[ \t]+(?P<w>\d{5})[ \t]+area\b")
_MORE_CODES = re.compile(r"(?:[ \t]*,[ \t]*|[ \t]+(?i:and|or|&|y|et|und|e|o|ou)[ \t]+|[ \t]*/[ \t]*)"
                         r"(?P<v>(?:[A-Z]{1,2}-)?\d{4,6}(?:-\d{4})?|\d{2}-\d{3})(?![\w-])")
# (right after a street, an Irish Eircode too: "31 Johnson Street, F45HTE3 Ballina")
# (an Eircode after a postcode cue too: "whose postcode is W63W0T7"; and, right after the word, a code of two groups
# of letters and digits in any country's layout, a digit in each: "postcode KW3 7WA", "PIN code 560 034", "postal
# code K1G 3D1", "zip=LV1295")
_CUED_ANY_CODE = r"(?=[A-Z]{0,3}\d)[A-Z0-9]{2,4}[ -](?=[A-Z]{0,3}\d)[A-Z0-9]{2,4}|[A-Z]{1,2}\d{4,5}"
_THREE_DIGITS = re.compile(r"(?<![\w.,-])\d{3}(?![\w-]|[.,]\d)")
# (only a word that names a postcode: never "cap", "CP" or "PIN", which say other things before three digits)
_THREE_DIGIT_CUE = re.compile(r"\b(?i:zip(?:[\s_-]*code)?|post(?:al)?[\s_-]*code|postcode|postnumer|póstnúmer|"
                              r"postnummer|postnr)(?:\s+(?i:is|was|:))?[^\w\n]{0,4}$")
# (after a cue, a Dutch code's letters are read with its digits: "ZIP: 5971 LA")
_OTHER_POSTCODE_VALUE = re.compile(rf"(?<![\w-])(?:{_DUTCH_CODE}(?![^\W\d_])|{_OTHER_POSTCODE}|{_EIRCODE_SHAPE}|"
                                   rf"{_CUED_ANY_CODE})(?![\w-])")
_OTHER_POSTCODE_CITY = re.compile(rf"[ \t]*,?[ \t]*\n?[ \t]*(?P<v>{_OTHER_POSTCODE}|{_EIRCODE_SHAPE})[ \t]*,?[ \t]+[A-ZÀ-ÖØ-ÞĀ-žŁŚŻŹĆŃ]")
# where someone is, as a five-digit code alone ("I'm in 94107, can you ...", "we live near 02139."): after a
# verb of being or living and "in", "near" or "around", closing the clause (never "in 10000 steps")
_ZIP_WHERE = re.compile(r"(?i:\b(?:i'm|i am|we're|we are|i live|we live|living|located|based|staying|moved|moving|"
                        r"lives|lived|resides|resided|reside)"
                        r"[ \t]+(?:in|near|around|to|at)[ \t]+(?:the[ \t]+)?(?:zip[ \t]+)?)"
                        r"(?P<v>\d{5})(?![\w-])(?=[ \t]*(?:[,.;:!?)]|$|\n|and\b|but\b|now\b|today\b|since\b|with\b))")
_UK_STANDALONE = re.compile(r"(?<![\w-])(?P<v>[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})(?![\w-])")
# a Canadian postcode written with its space is one anywhere ("Send to K1A 0B1"); an Irish Eircode after its name
_CA_STANDALONE = re.compile(r"(?<![\w-])(?P<v>[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d)(?![\w-])")
_EIRCODE = re.compile(rf"(?i:\beircode)(?:[ \t]+(?i:is))?[^\w\n]{{0,3}}(?P<v>{_EIRCODE_SHAPE})"
                      r"(?![\w-])")

# Street type first, then the name and the number, as in Portugal, Brazil, Italy, Spain and Latin America
# ("Rua Diadema 1903", "Via Roma 12", "Calle puente cesures, 16", "Av. Rios rosas 26, 7E", "Plaza Mayor, s/n"),
# with a unit after it (", 6º A", ", 12 E", ", esc. 2, 2ºb", ", Bajo A", ", Apt. 656")
_TYPE_FIRST = ("rua|r\\.|avenida|av\\.?|avda|travessa|tv|praça|pça|largo|estrada|rodovia|alameda|via|viale|piazza|"
               "incrocio|canale|"
               "p\\.zza|corso|vicolo|strada|contrada|calle|c/|c\\.|cl|carrera|cra|kra|paseo|pº|plaza|pza|pz|ronda|"
               "camino|carretera|ctra|crta|traves[ií]a|glorieta|carrer|rambla|callej[oó]n|bulevar|urbanizaci[oó]n|"
               "urb|pasaje|psje|jir[oó]n|passeig|pla[cç]a|avinguda|rue|chemin|impasse|all[ée]e|quai|cours|boulevard|bd|"
               "stretto|piazzale|borgo|lungomare|vico|salita|galleria|pasadizo|andador|perif[ée]rico|circuito|"
               "cerrada|privada|calzada|prolongaci[oó]n|retorno|viaducto|eje|cuesta|bajada|beco|ladeira|viela|vila|"
               "rampa|passagem|parque|jardim|conjunto|quadra|setor|n[úu]cleo|residencial|condom[íi]nio|aeroporto|"
               "lagoa|loteamento|morro|s[íi]tio|trecho|vereda|via[dt]uto|feira|favela|distrito|fazenda|"
               "ch[áa]cara|col[oô]nia|esplanada|rotonda|sector|manzana|lote|km|diagonal|circunvalaci[oó]n|ampliaci[oó]n|"
               "callejuela|canale|lungotevere|traversa|rione|localit[àa]|borgata|blv|transversal|cr|cll|dg|autopista|"
               "jl|jln|jalan|tr|"
               # more Spanish types, and the Indonesian lane, hamlet and market ("Explanada Amalia, 56", "Prol. Juárez,
               # 99", "Gg. Laksita no 86", "Dk. Ana no 75")
               "explanada|prol|gg|gang|dk|dukuh|psr|pasar|kpg|kampung")
# capitalised, as streets are written ("Via Roma 12", never "via eth0")
_TYPE_FIRST_CAPITALISED = "|".join(w[0].upper() + w[1:] for w in _TYPE_FIRST.split("|"))
_UNIT_TAIL = (r"(?:[ \t]*[,.]?[ \t]*(?:\d{1,3}[ \t]?[ºª°]?[ \t]?[A-Za-z]?\b(?![ \t]*(?:de[ \t]|[A-Za-z]{2}))|[A-Z]\b|"
              r"(?i:apt|apto|apartamento|apartment|piso|puerta|pta|esc|escalera|bajo|izq|izda|dcha|dpto|depto|"
              r"departamento|andar|bloco|bloque|bl|portal|casa|km|ed|edif|edificio|local|interior|int|lote|"
              r"unit|suite|ste|floor|fl|appartamento|interno|scala|piano)\b\.?[ \t]*[\wºª°/,.-]{0,8}))")
# the street's name may be a number, then a number sign and the house, two numbers in a grid of streets
# ("Calle 45B # 12-30 Sur", "Carrera 7ª Bis # 72-64", "Avenida 9 N° 1540"), with a direction after it
_NUMBERED_NAME = (r"(?:[^\W\d_][\w'’.-]*[ \t]+)?\d{1,3}(?:[ºª°]|[A-Za-z]{1,2}\b)?(?:[ \t]+(?i:bis))?(?:[ \t]+[A-Z]\b)?"
                  r"(?:[ \t]+(?:Sur|Este|Norte|Oeste)\b)?"  # "Cr. 9 Sur # 26-88", "Diagonal 121 Este # 44-90"
                  r"[ \t]*(?:#|(?i:n[ºo°]\.?|n\.º|no\.|nro\.?|núm\.?|número))[ \t]*")
# words of an English sentence, never of a street's name: "Calle A. Norberg lives at 417 Tavcarjeva" names a person,
# and the number is the next street's
_NOT_PROSE = r"(?!(?:lives|lived|living|live|is|was|are|were|at|in|on|near|to|from|by|and|or|who|which|has|had)\b)"
_TYPE_FIRST_ADDRESS = re.compile(
    rf"(?<![\w/#.-])(?P<v>(?:{_TYPE_FIRST_CAPITALISED}|c/)\.?[ \t]+(?:(?:{_PARTICLES})[ \t]+)*"
    rf"(?:{_NUMBERED_NAME}|[^\W\d_][\w'’.-]*(?:[ \t]+{_NOT_PROSE}[^\W\d_][\w'’.-]*){{0,4}}(?:[ \t]*,[ \t]*|[ \t]+)"
    rf"(?:(?i:n[ºo°]\.?|n\.º|núm\.?|número|nr\.?|no\.?|#)[ \t]*)?)"
    rf"(?:\d{{1,5}}[A-Za-z]?\b(?:[ \t]*-[ \t]*\d{{1,4}}[A-Za-z]?\b)?(?:[ \t]+(?:Sur|Este|Norte|Oeste|Bis)\b)?"
    rf"|(?i:s/n|s\.n\.|sin número)){_UNIT_TAIL}{{0,3}})")
# Street name with its type as a suffix, then the number: "Søndergade 52", "Hauptstraße 5", "Kerkstraat 12"
_SUFFIX_ADDRESS = re.compile(  # (a name starts a word: after an apostrophe too, or "Ab'Ab'..." took quadratic time)
    r"(?<![\w/#.'’-])(?P<v>(?:\d{1,5}[ \t]+)?[^\W\d_][\w'’-]*(?:straße|strasse|str\.|gasse|weg|allee|platz|ring|damm|ufer|gade|vej|"
    r"gatan|gata|vägen|väg|veien|vegen|vei|laan|straat|plein|gracht|kade|dreef|steeg|singel|utca|tér|ulica|"
    r"ul\.|stræde|strædet|plads|torv|bakke|bakken|høj|toften|vænget|parken|haven|gården|torget|torg|gränd|"
    r"stigen|backen|berget|vollen|løkka|haugen|lia|stien|svingen|jordet|dijk|hof|markt|pad|baan|hoven|lei|boulevard|"
    r"katu|kuja|tie|polku|kaari|rinne|ntie|nkatu|plassen|tunet|engen|enga|stykket|tjernet|roa|spranget|åsen|"
    r"grenda|kroken|lunden|myra|toppen|ringen|jordet|bråten|sletta|løkken|hagen|gropa|kollen|vika|gate|allén|passagen)[ \t]+\d{1,4}[A-Za-z]?(?:/\d{1,4}[A-Za-z]?)?\b(?:[ \t]*(?:,|/)[ \t]*(?i:apt|apartment|unit|suite|st\.?|th\.?|tv\.?)\.?[ \t]*\w{1,6})?"
    r"|\d{1,5}[ \t]+[^\W\d_][\w'’-]*(?:straße|strasse|gasse|allee|platz|damm|ufer|gade|vej|gatan|vägen|veien|"
    r"straat|plein|gracht|kade|utca|ulica)(?=[ \t]*(?:,|\n|$)))",  # "27 Kastanienallee, 10435 Berlin"
    re.IGNORECASE)
# US street suffixes of USPS Publication 28 beyond the common ones, in Title case after a house number:
# "8932 Soto Underpass Apt. 174", "8/3 Linda Piazza", "1 Austin Estate"
_USPS_SUFFIXES = ("Alley|Annex|Arcade|Bayou|Beach|Bend|Bluffs?|Bottom|Branch|Bridge|Brooks?|Burgs?|Bypass|Camp|"
                  "Canyon|Cape|Centers?|Circles?|Cliffs?|Club|Common|Corners?|Course|Courts?|Coves?|Creek|Crest|"
                  "Crossing|Crossroad|Curve|Dale|Dam|Divide|Drives?|Estates?|Extensions?|Falls?|Ferry|Fields?|"
                  "Flats?|Fords?|Forest|Forges?|Forks?|Fort|Freeway|Gardens?|Gateway|Glens?|Greens?|Groves?|"
                  "Harbors?|Haven|Heights|Hills?|Hollow|Inlet|Islands?|Isle|Junctions?|Keys?|Knolls?|Lakes?|Landing|Land|Loaf|"
                  "Lights?|Locks?|Lodge|Mall|Manors?|Meadows?|Mills?|Mission|Motorway|Mount|Mountains?|Neck|"
                  "Orchard|Oval|Overpass|Parks?|Parkways?|Pass|Passage|Pines?|Plains?|Plaza|Points?|Ports?|Prairie|"
                  "Radial|Ramp|Ranch|Rapids?|Rest|Ridges?|River|Roads?|Route|Run|Shoals?|Shores?|Skyway|Springs?|"
                  "Spurs?|Squares?|Station|Stravenue|Stream|Streets?|Summit|Throughway|Trace|Track|Trafficway|"
                  "Tunnel|Underpass|Unions?|Valleys?|Via|Viaduct|Views?|Villages?|Ville|Vista|Walks?|Wall|Ways?|"
                  "Wells?|Piazza|Esplanade|Parade|Promenade|Quays?|Rise|Vale|Wharf|Wynd|Gate|Green|"
                  # Australian, New Zealand and British types
                  "Pathway|Grounds?|Circuit|Chase|Concourse|Glade|Grange|Heath|Outlook|Retreat|Ridgeway|"
                  "Strip|Nook|Corso|Dell|Deviation|Entrance|Fairway|Gap|Highway|Lookout|Mead|Reserve|Return|"
                  "Round|Serviceway|Steps|Strand|Terrace|Turn|Waters|Approach|Avenue|Boulevard|Crescent|Close|"
                  "Drive|Lane|Place|Road|Street|Way|Hollow|Brae|Grove|Mews|Row|Court|Circus|Broadway|Amble|Anchorage|"
                  "Artery|Brow|Byway|Centreway|Circlet|Colonnade|Copse|Courtyard|Crossway|Cruiseway|Cul-de-sac|"
                  "Cutting|Distributor|Driveway|Firetrail|Footway|Foreshore|Frontage|Gully|Highroad|Interchange|"
                  "Intersection|Laneway|Meander|Parklands|Plateau|Quadrangle|Quadrant|Ramble|Riverway|Riviera|"
                  "Roadway|Ronde|Rosebowl|Rotary|Siding|Subway|Tarn|Thoroughfare|Tollway|Trunkway|Walkway|"
                  # Indian ("H.No. 73, Chaudry Marg", "58/073\nDugar Nagar")
                  "Marg|Chowk|Nagar|Ganj|Gali|Path|Enclave|Vihar")
# capitals of the cased scripts beyond Latin: Greek ("Αθήνα") and Cyrillic ("Битола")
_UPPER_MORE = "\u0386\u0388-\u038f\u0391-\u03a9\u0400-\u042f"
# a capital, or a letter of a script with no case (Arabic, Hebrew)
_CAPITAL = r"[A-ZÀ-ÖØ-ÞĀ-žА-ЯЁЄІЇҐ\u0600-\u06ff\u0590-\u05ff]"
_USPS_ADDRESS = re.compile(
    rf"(?<![\w/#.-])(?P<v>\d{{1,6}}[A-Za-z]?(?:[-/]\d{{1,4}}[A-Za-z]?)?[ \t]+"
    rf"(?:(?:Unit|Apt|Suite|Flat)\.?[ \t]+[A-Z0-9]{{1,4}}[ \t]+)?"  # a unit before the name: "1429 Unit D Sierra Madre Extension"
    rf"(?:(?:{_CAPITAL}[\w'’.-]*|\d{{1,3}}(?:st|nd|rd|th))[ \t]+){{1,3}}(?:{_USPS_SUFFIXES})\b\.?(?:,?[ \t]+(?:Apt|Apartment|Suite|Ste|Unit|Flat|#)\.?[ \t]*#?[ \t]*[A-Za-z0-9-]{{1,6}}\b)?)")
# ... and in a text written in lower case, a house number of three digits or more, the name and the suffix closing
# its part ("608 michael cliff\n", "8149 tyler pass suite 079,"; never "12 red lights", "3 farm fields")
_LOWER_USPS_ADDRESS = re.compile(
    rf"(?<![\w/#.-])(?P<v>\d{{3,6}}[ \t]+(?P<name>(?:[a-z][a-z'’-]*[ \t]+){{1,3}})(?:{_USPS_SUFFIXES.lower()})"
    r"(?:,?[ \t]+(?:apt|apartment|suite|ste|unit)\.?[ \t]*#?[ \t]*[a-z0-9-]{1,6})?)"
    r"(?=[ \t]*(?:[,;\n?!]|$|\.(?:[ \t\n]|$)))")
# Types written as a word of their own after the name: "Tulipan Allé 266", "Lange Straße 5", "Kölner Str. 64c", "Nørre Vej 12"
_SEPARATE_TYPE_ADDRESS = re.compile(
    r"(?<![\w/#.'’-])(?P<v>(?:[A-ZÀ-ÖØ-ÞĀ-ž][\w'’.-]*[ \t]+){1,3}(?:Allé|Alle|Plads|Torv|Vej|Gade|Straße|Strasse|Str\.|Weg|"
    r"Gasse|Platz|Ring|Laan|Straat|Plein|Gatan|Vägen|Väg|Veien|Vei|Gata|ulica|cesta|trg|ulice|náměstí|třída|nábřeží|"
    # Scandinavian types after a name in lower case ("Karl Johans gate 1", "Madeleines väg 12"; the English "Gate 5"
    # of an airport is capitalised)
    r"gate|gata|gatan|väg|vägen|vei|veien|veg|vegen|vej|gade|allé|plass|plads|torv|torg|"
    # Hungarian, written after the name in lower case ("Égerfa köz 851", "Szabadság tér 3", "Andrássy út 12")
    r"utca|út|útja|főút|köz|tér|körút|sor|sétány|fasor|lejtő|dűlő|rakpart|lakótelep|határút|főtér)"
    r"[ \t]+\d{1,4}[A-Za-z]?\b)")
# A unit line of an address block: "Studio 8", "Flat 3B", "Apt. 12"
_UNIT_LINE = re.compile(r"(?:Flat|Studio|Apartment|Apt\.?|Unit|Suite|Room|Piso|Depto\.?|Dpto\.?|Appartement|Appt\.?)"
                        r"[ \t]+\d{1,4}[A-Za-z]?|RD[ \t]+\d{1,3}")  # and a New Zealand rural delivery: "RD 7"
# ... and in more languages, one unit or more on the line ("Oficina 504", "Torre 2 Apto 1102", "Top 4", "bus 12")
_UNITS_MORE = (r"(?i:casa|oficina|of|local|bodega|torre|apto|apartamento|departamento|depto|dpto|interior|int|bloque|"
               r"bloco|edificio|edif|manzana|mz|lote|sala|loja|andar|piso|wohnung|whg|top|stiege|tür|bus|boîte|bte|"
               r"escalier|esc|bâtiment|bât|étage|lokal|lok|kat|daire|blok|scala|interno|kv|stan|apt|flat|unit|suite)")
_UNIT_LINE_MORE = re.compile(rf"{_UNITS_MORE}\.?[ \t]*\d{{1,4}}[A-Za-z]?(?:[ \t,]+{_UNITS_MORE}\.?[ \t]*\d{{1,4}}[A-Za-z]?)*")
# a street line with its type and no number, over a postcode line ("rue des Alpes\n1920 Martigny")
_TYPE_ONLY_LINE = re.compile(
    rf"(?i:{_FR_TYPES}|{_TYPE_FIRST}|{_EN_TYPES})\.?[ \t]+(?:(?:{_PARTICLES})(?:[ \t]+|['’]))*"
    rf"[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*(?:[ \t-]+(?:(?:{_PARTICLES})(?:[ \t]+|['’]))*[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*){{0,3}}")
# Japanese: prefecture, municipality, district and block numbers ("...県...市...区...29丁目17番19号"), then a building
_KANJI = "一-龯々ぁ-んァ-ヶーｦ-ﾟ"
_JP_ADDRESS = re.compile(
    rf"(?P<v>(?:〒?\d{{3}}-\d{{4}}[ \t　]*)?[{_KANJI}]{{1,4}}[都道府県][{_KANJI}\d０-９Ａ-Ｚａ-ｚA-Za-z]{{1,30}}?[\d０-９]+(?:丁目|番地?|号|-)"
    rf"(?:[\d０-９]+(?:番地?|号|-)?)*(?:[ \t　]*[{_KANJI}A-Za-zＡ-Ｚ]{{1,20}}[\d０-９]{{1,5}}号?室?)?)")

# Japanese without its prefecture: a block, its lot and its house ("1丁目2番3号", "7丁目4番4号", with a number before it as
# some forms write one: "3995 7丁目2番1号"), and a room after a building's name ("小笠原300号室")
_JP_CHOME = re.compile(rf"(?P<v>(?:\d{{1,5}}[ \t]+)?[\d０-９]{{1,3}}丁目[\d０-９]{{1,4}}番地?(?:[\d０-９]{{1,4}}号?)?"
                       rf"|(?<![{_KANJI}])[{_KANJI}]{{0,6}}[\d０-９]{{1,5}}号室)")
# the same in Latin letters: the block, lot and house numbers, the district and its "chome" ("7-1 Marunouchi 2-chome",
# "Akasaka 9-chome 7-1", "2-chome-7-1 Marunouchi", "4 Chome-2-8 Shibakoen")
_JP_CHOME_LATIN = re.compile(
    r"(?<![\w-])(?P<v>(?:\d{1,4}(?:-\d{1,4}){0,2}[ \t]+)?(?!(?:The|This|That|Our|My|Your|In|At|On|Of|From|To)\b)"
    r"[A-Z][a-zāēīōū]+(?:-[a-zāēīōū]+)?[ \t]+\d{1,2}-(?i:chome)"
    r"(?:[ \t]+\d{1,4}(?:-\d{1,4}){0,2}(?![\w-]))?"
    r"|\d{1,2}[- ](?i:chome)(?:-\d{1,4}){1,2}[ \t]+[A-Z][a-zāēīōū]+)(?![\w-])")
# Russian and Ukrainian: a street type, the name, then the house ("д. 3/2", "буд. 8") with a building or flat
# ("стр. 5", "кв. 92"): "ул. Ленина, д. 12, кв. 5", "провулок Тупиковий, буд. 8 кв. 0"
_CYR_TYPES = (r"ул|улица|пер|переулок|просп|проспект|пр-т|пр-кт|пл|площадь|ш|шоссе|бул|бульвар|б-р|наб|набережная|"
              r"алл|аллея|пр|проезд|туп|тупик|мкр|микрорайон|вулиця|вул|провулок|пров|площа|парк|узвіз|шосе|"
              r"набережна|алея|майдан|тракт|линия|квартал")
_CYR_ADDRESS = re.compile(
    rf"(?<![\w])(?P<v>(?:(?i:{_CYR_TYPES})\.?[ \t]+[^\W_][\w'’.-]*(?:[ \t]+[\w'’.-]+){{0,3}}?,?[ \t]+)?"
    r"(?i:д|дом|буд|будинок)\.?[ \t]*\d{1,4}[а-яa-z]?(?:/\d{1,4}[а-яa-z]?)?"
    r"(?:,?[ \t]*(?i:стр|строение|корп|корпус|к|кв|квартира|оф|офис|под|подъезд)\.?[ \t]*\d{1,4}(?:/\d{1,4})?)*)")
# Chinese: a road or street with its number, building or room ("浔阳西安路12号", "南京路j座", "3栋2单元")
_CJK_ADDRESS = re.compile(
    r"(?P<v>(?:\d{3,6}[ \t]?)?[\u4e00-\u9fff]{1,20}?(?:路|街|道|巷|弄|胡同|大道|桥|栋|里|村|坊)[\u4e00-\u9fffA-Za-z0-9-]{0,12}?"
    r"(?:[0-9０-９]+[号號](?:楼|樓|院)?|[A-Za-z0-9]+座|[0-9]+室|[0-9]+栋|[0-9]+棟|[0-9]+单元|之[0-9]+|[0-9]+[楼樓])+)")
# Korean: a municipality (시, 군, 구), then a road or street and its number ("구로구 압구정9로 867-38")
_KO_ADDRESS = re.compile(
    r"(?P<v>[가-힣]+(?:시|군|구)[ \t]+(?:[가-힣0-9]+(?:동|읍|면)[ \t]+)?[가-힣0-9]+(?:로|길|가|거리)[ \t]?\d{1,5}(?:-\d{1,5})?"
    r"(?:[ \t]*\([가-힣0-9]+\))?)")
# or a road whose name holds its number, with the building's number before or after it ("506 광명9길",
# "압구정9로 867-38", "작점리8길"): a digit before 로 or 길 makes it a road, never the particle
_KO_ROAD = re.compile(r"(?<![가-힣0-9])(?P<v>(?:\d{1,5}[ \t]+)?[가-힣]{1,10}\d{1,3}(?:로|길)(?![가-힣])(?:[ \t]?\d{1,5}(?:-\d{1,5})?)?)")
# Thai: a house number (and village number), then a lane or a road and its name ("97/9 ถ.ศรีอุ่น", "12 หมู่ 3 ซอยสุขใจ")
_TH = "\u0e00-\u0e7f"
_TH_ADDRESS = re.compile(
    rf"(?<![\w/])(?P<v>\d{{1,5}}(?:/\d{{1,4}})?(?:[ \t]+(?:หมู่(?:ที่)?|ม\.)[ \t]*\d{{1,3}})?"
    rf"(?:[ \t]+(?:ซ\.|ซอย|ถ\.|ถนน)[ \t]*[{_TH}0-9][{_TH}0-9.]*)+)")
# Vietnamese: a house number with its alleys ("76/146 Hẻm 13", "Số 9"), a street word and the street's name
_VI_CAP = "A-ZĐÀ-ÝĂÂÊÔƠƯ\u1ea0-\u1ef9"
_VI_ALLEY = r"(?:Hẻm|Ngõ|Ngách|Kiệt|Khu|Tổ|hẻm|ngõ|ngách|kiệt|khu|tổ)[ \t]+\d{1,4}[A-Za-z]?"
_VI_STREET = r"(?:phố|đường|Phố|Đường)(?:[ \t]+(?:số|Số)[ \t]+\d{1,4})?"
_VI_NAMES = rf"(?:[ \t]+[{_VI_CAP}][\w]*)"
_VI_ADDRESS = re.compile(
    rf"(?<![\w/])(?P<v>(?:(?:Số|số)[ \t]+\d{{1,4}}[A-Za-z]?|\d{{1,4}}(?:/\d{{1,4}}){{0,3}})"
    rf"(?:(?:[ \t]+{_VI_ALLEY})+(?:[ \t]+{_VI_STREET})?|[ \t]+{_VI_STREET})?{_VI_NAMES}{{0,5}})")
# ... and it holds an alley or a street word, or a house number with a slash and a name of two words or more
# with a letter only Vietnamese writes ("6/89/620 Tôn Đức Thắng")
_VI_MARK = re.compile(rf"{_VI_ALLEY}|{_VI_STREET}|^\d{{1,4}}/\d[\d/]*(?=.*[ĐđƠơƯưĂăÂâÊêÔô\u1ea0-\u1ef9]){_VI_NAMES}{{2}}")
# Georgian: the street's name, its type and the number ("ხუდადოვის ქ. 90"); Azerbaijani: the building and flat
# after the street ("... küçəsi, b. 4, m. 337")
_KA_ADDRESS = re.compile(
    r"(?P<v>[\u10d0-\u10ff]+(?:[ \t]+[\u10d0-\u10ff]+){0,2}[ \t]+(?:ქ\.|ქუჩა|გამზ\.|გამზირი|ჩიხი|შესახვ\.|შესახვევი|"
    r"მოედანი|ხეივანი|კვარტ\.|მ/რ)[ \t]*\d{1,4}[\u10d0-\u10ff]?(?:/\d{1,4})?)")
# Arabic, Persian and Hebrew: a street type, its name and the number, the number written first or last ("1197 ساحة
# الشيخ زايد", "خیابان آزادی 12", "רחוב הרצל 5"); Russian and Ukrainian with a bare number after the name
# ("Аллея Тучковская 488", "вул. Сімферопольська 617")
_RTL_WORD = "[\u0600-\u06ff\u0750-\u077f\u0590-\u05ff\u200c\u200d'’-]+"
_RTL_TYPES = ("شارع|طريق|ساحة|نهج|مقطع|معبر|سكة|زنقة|درب|زقاق|جادة|ممر|ميدان|بولفار|كورنيش|"
              "خیابان|خيابان|کوچه|كوچه|بلوار|میدان|بزرگراه|جاده|کوی|"
              "רחוב|רח'|שדרות|שד'|דרך|סמטת|סמטה|כיכר")
# the type and unit words of those scripts stay in a stand-in, as the Latin ones do ("ул. Ленина" -> "ул. Жыхоща")
_GREEK_TYPES = "οδός|οδος|οδ|λεωφόρος|λεωφ|πλατεία|πλ|στενό|πάροδος"
KEEP_WORDS = KEEP_WORDS | {w.lower() for group in (_CYR_TYPES, _RTL_TYPES, _GREEK_TYPES) for w in group.split("|")
                           if "-" not in w and "'" not in w} | {
    "д", "дом", "буд", "будинок", "стр", "строение", "корп", "корпус", "кв", "квартира", "оф", "офис", "под", "подъезд",
    "רח", "שד"}
_RTL_ADDRESS = re.compile(
    rf"(?<![\w/])(?P<v>\d{{1,5}}[ \t]+(?:{_RTL_TYPES})[ \t]+{_RTL_WORD}(?:[ \t]+(?:{_RTL_WORD}|\d{{1,3}}(?=[ \t]+{_RTL_WORD}))){{0,4}}"
    rf"|(?<![^\W\d_])(?:{_RTL_TYPES})[ \t]+{_RTL_WORD}(?:[ \t]+{_RTL_WORD}){{0,3}}?[ \t]+\d{{1,5}}(?![\w/]))")
_CYR_BARE = re.compile(
    rf"(?<![\w])(?P<v>(?:(?i:{_CYR_TYPES})(?:\.[ \t]*|[ \t]+)(?:[А-ЯЁЄІЇҐ][\w'’-]*[ \t]+){{0,2}}[А-ЯЁЄІЇҐ][\w'’-]*"
    # (or the type after the name; and the number after a comma, as Russian and Ukrainian write it most:
    # "наб. Троицкая, 760", "Ставропольская ул., 392", "Городоцька майдан, 50")
    rf"|(?:[А-ЯЁЄІЇҐ][\w'’-]*[ \t]+){{1,3}}(?i:{_CYR_TYPES})\.?),?[ \t]+\d{{1,4}}[а-яa-z]?(?:/\d{{1,4}})?)(?![\w/-])")
_AZ_UNITS = re.compile(
    r"(?i:küçəsi|prospekti|döngəsi|şossesi|meydanı|bulvarı|dalanı|keçidi|massivi|qəsəbəsi)\b[ \t]*,?[ \t]*"
    r"(?P<v>(?:b|bina|ev|m|mən|mənzil)\.?[ \t]*\d{1,4}[a-zA-Z]?(?:[ \t]*,?[ \t]*(?:m|mən|mənzil)\.?[ \t]*\d{1,4}[a-zA-Z]?)?)")

# Polish, Czech, Baltic, Romanian and Cyrillic types written in lower case before the name, the number after
# it (with "nr.", "бр." or "№"), then units: "ul. Marszałkowska 84/92 m. 15", "bd. Unirii 25", "str. Lungă nr. 7,
# bl. A3, ap. 14", "ул. Васил Левски 45, ет. 3, ап. 12"
_LOWER_TYPE_ADDRESS = re.compile(
    r"(?<![\w/#.-])(?P<v>(?:ul|al|os|pl|ulica|aleja|osiedle|plac|skwer|rondo|bulwar|rynek|droga|trakt|wybrzeże|"
    r"str|strada|bd|bdul|b-dul|șos|sos|șoseaua|calea|aleea|splaiul|intr|intrarea|piața|"
    r"Strada|Aleea|Calea|Splaiul|Intrarea|Bulevardul|Șoseaua|Piața|"
    r"ул|улица|бул|булевар|булевард|пл|площад|трг|пр|просп|проспект|пер|ж\.к)\.?[ \t]+"
    rf"(?P<name>[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}][\w'’.-]*(?:[ \t]+[^\W\d_][\w'’.-]*){{0,3}})"  # capitalised: "al año."
    r"(?:,?[ \t]+(?:(?:nr|бр|no)\.?[ \t]*|№[ \t]*)?\d{1,5}[A-Za-z]?(?:/\d{1,4}[A-Za-z]?)?"
    # (or a block with no house number, as Romanian writes it: "Aleea Tuberozelor, Bloc 34")
    r"|,?[ \t]+(?:Bloc|bloc|Bl|bl)\.?[ \t]*[A-Z]?\d{1,4}[A-Za-z]?\b)"
    r"(?:,?[ \t]+(?:m|lok|apt|bl|sc|et|ap|ет|ап|вх|бл|стан|кв|Ap|Sc|Et)\.?[ \t]*[A-Za-zА-Я]?\d{1,4}[A-Za-z]?\b)*)")
# Czech, Slovak and Croatian streets named by an adjective, the number after it ("Nerudova 96", "Průhonská 30",
# "Chaloupeckého 6", "Národní 3", "Vranska 67"; never "Alaska 3", an English word or a place)
_SLAVIC_ADJECTIVE_STREET = re.compile(
    r"(?<![\w/#.'’-])(?P<v>(?P<name>[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýžäľĺôćđ]{2,}(?:ova|ová|ská|cká|ého|ska|á|í))"
    r"[ \t]+\d{1,4}[a-z]?(?:/\d{1,4}[a-z]?)?)(?![\w/-])")
_NAME_BEFORE = re.compile(r"(?<![\w'’.-])[A-ZÀ-ÖØ-ÞĀ-ž][^\W\d_]+[ \t]+$")
# Czech and Slovak streets named by a preposition and a noun ("Na Volánové 952", "V Roklích 56", "333 Na Stírce");
# after a one-letter preposition the noun has a Czech letter ("V Roklích", never "K Street 12")
_CS_PREPOSITION_ADDRESS = re.compile(
    r"(?<![\w/#.-])(?P<v>(?P<before>\d{1,5}[ \t]+)?(?:(?:Na|Nad|Pod|Před|Za|Ve|Ke|Mezi|Při|Pri)[ \t]+"
    r"[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýžäľĺô]+"
    r"|(?:V|K|U)[ \t]+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-z]*[áčďéěíňóřšťúůýžäľĺô])[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýžäľĺô]+)"
    r"(?:[ \t]+\d{1,4}[a-z]?(?:/\d{1,4}[a-z]?)?(?![\w/-])|(?(before)(?![\w])|(?=[ \t]*[,\n]))))")
# French types in lower case before the name, the number after it, as Switzerland and Belgium write them
# ("rue de Lausanne 64", "chemin des Vignes 3", "avenue Louise 231")
_FR_TYPE_FIRST_LOWER = re.compile(
    r"(?<![\w/#.-])(?P<v>(?:(?P<fr>rue|chemin|ch\.|rte|bd|impasse|allée|quai|ruelle|sentier|faubourg)|avenue|av\.|"
    rf"boulevard|route|place|passage|promenade|esplanade|square|cours)[ \t]+(?P<name>(?P<part>(?:{_PARTICLES})(?:[ \t]+|['’]))?"
    rf"(?:(?:{_PARTICLES})(?:[ \t]+|['’]))*"
    rf"[A-ZÀ-Ý][\w'’-]*(?:[ \t-]+(?:(?:{_PARTICLES})(?:[ \t]+|['’]))*[A-ZÀ-Ý][\w'’-]*){{0,3}})[ \t]+"
    r"\d{1,4}[a-zA-Z]?(?:[ \t]?(?:bis|ter))?\b)")  # no comma: "rue de Rennes, 14" in a French list is read elsewhere
# The same in Italian, Spanish, Portuguese and Catalan prose, which write the type in lower case ("abito in via dei
# Mille 23", "vivo en calle Mayor 5", "moro na rua das Flores 120"): after a particle, or before a proper name; "via"
# and "largo" English writes too, so the number closes the part there ("sent via Gmail 2 days ago" is none)
_ROMANCE_PARTICLES = rf"{_PARTICLES}|di|dei|della|delle|degli|dello|dell|da|das|dos|do|dels|dal|na|nas|nos"
_ROMANCE_TYPE_FIRST_LOWER = re.compile(
    r"(?<![\w/#.-])(?P<v>(?P<type>via|viale|piazza|piazzale|corso|vicolo|largo|calle|avenida|rua|travessa|praça|"
    rf"carrer|avinguda|passeig|paseo)[ \t]+(?P<name>(?P<part>(?:{_ROMANCE_PARTICLES})(?:[ \t]+|['’]))?"
    rf"(?:(?:{_ROMANCE_PARTICLES})(?:[ \t]+|['’]))*"
    rf"[A-ZÀ-Ý][\w'’-]*(?:[ \t-]+(?:(?:{_ROMANCE_PARTICLES})(?:[ \t]+|['’]))*[A-ZÀ-Ý][\w'’-]*){{0,3}})[ \t]*,?[ \t]+"
    r"(?:n\.?[ºo°]?[ \t]*)?\d{1,4}[a-zA-Z]?(?:/[a-zA-Z\d]{1,3})?\b)")
# A road and a kilometre mark: "Ruta 5 Norte, km 656", "Rodovia BR-116, km 87", "Carretera N-340 km 45,5"
_ROAD_KM = re.compile(
    r"(?<![\w/#.-])(?P<v>(?:Ruta|Route|Carretera|Ctra\.?|Autopista|Autovía|Autovia|Rodovia|Estrada|Highway|Hwy\.?|"
    r"Strada[ \t]+Statale|Strada[ \t]+Provinciale|Camino)[ \t]+(?:[A-Z]{1,3}[ \t]?-?[ \t]?)?\d{1,4}(?:-[A-Z]{1,3})?"
    r"(?:[ \t]+(?:Norte|Sur|Este|Oeste|North|South|East|West|Nord|Sud))?[ \t]*,?[ \t]*"
    r"(?i:km|k\.m\.|kil[óô]metro|quil[óô]metro)\.?[ \t]*\d{1,4}(?:[.,]\d{1,3})?(?![\w.,]\d))")
# Name words, a house number and a unit, with no type word: "Los Aromos 77 Of. 1204", "Birkenhof 3 Whg. 5"
_NAMED_UNIT_ADDRESS = re.compile(
    rf"(?<![\w/#.'’-])(?P<v>(?P<name>(?:[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}][\w'’-]*[ \t]+){{1,3}})\d{{1,5}}[A-Za-z]?[ \t]*,?[ \t]*"
    r"(?:(?P<strong>Of|Oficina|Depto|Dpto|Departamento|Apto|Apartamento|Wohnung|Whg|lok|Lok|bte|Bte|kv|Kv|Daire)|"
    r"Apt|Casa|Local|Interior|Flat|Suite|Unit|bus|Bus|Stan)\.?[ \t]*\d{1,4}[A-Za-z]?\b)")
# A street named with no type word, its number (or "s/n") and a unit, before a five-digit postcode and its town, as a
# Spanish or a Latin American letterhead writes it: "Los Alisos, 10. 13002 Ciudad Real", "Hermanos Falcó, s/n - 02006
# Albacete", "Colón, 28, 1º. 36201 Vigo", "Raval de Montserrat, 48, 08221 Terrassa"
_NAMED_BEFORE_CODE = re.compile(
    rf"(?<![\w/#.'’-])(?P<v>[A-ZÀ-Ý][\w'’-]*(?:[ \t]+(?:(?:{_ROMANCE_PARTICLES})[ \t]+)*[A-ZÀ-Ý][\w'’-]*){{0,2}},[ \t]*"
    r"(?:\d{1,4}[A-Za-z]?|s/n)(?:[ \t]*[,-]?[ \t]*\d{1,2}[ºª°o](?:[ \t]*(?:[A-Z]|izda|dcha|izq)\b\.?)?)?)"
    r"(?=[ \t]*[.,]?[ \t]*-?[ \t]*\d{5}[ \t]+[A-ZÀ-Ý])")
# Post-office boxes and military addresses
_BOX_ADDRESS = re.compile(
    r"(?<![\w/#.-])(?P<v>(?i:p\.?[ \t]?o\.?[ \t]?box|post[ \t]+office[ \t]+box|apartado(?:[ \t]+de[ \t]+correos)?|"
    r"bo[iî]te[ \t]+postale|postfach|caixa[ \t]+postal|casilla(?:[ \t]+de[ \t]+correo)?)[ \t]*(?:n[ºo°]\.?[ \t]*)?\d{1,7}"
    r"|(?:Unit|PSC|CMR)[ \t]+\d{3,5},?[ \t]+Box[ \t]+\d{1,5}|(?:USNS|USNV|USS|USCGC)[ \t]+[A-Z][a-z]+"
    r"|\b(?:APO|FPO|DPO)[ \t]+(?:AA|AE|AP)[ \t]+\d{5})")
# The value of a street field, with or without a number: a key names it a street ("street=Runolfsdottir Corner;",
# "Street: Beau Island", "street_name: вулиця Брюховичів", "Straße: Am Steinberg")
_STREET_FIELD = re.compile(
    r"(?<![\w])(?i:street(?:[ _-]?name)?|stra(?:ß|ss)e|calle|rua|ulica|utca|gatan?|улица|вулиця)[\"']?[ \t]*[:：=][ \t]*"
    r"[\"']?(?P<v>[^\W\d_][^\n:;|&,=\"'?!]{1,58}?)(?=[ \t]*(?:\n|$|[;|&,\"']|\.[ \t]*(?:\n|$)|[ \t][\w-]{1,20}[ \t]?[:=]))")
def _street_field(value: str) -> bool:
    """A street field's value reads as a street's name: a capital first (or after a type word: "вулиця Брюховичів",
    "park Markiewicz"), no word of a sentence."""
    words = value.split()
    first = next((i for i, w in enumerate(words) if w.lower() not in KEEP_WORDS), len(words))
    if first >= len(words) or not re.match(f"[{_CAP}]", words[first]):
        return False
    return not any(w.lower() in _STOP for w in words if w.islower())


# The value of an address field ("Address: ...", "Domicilio: ...", "Adresse : ..."): the rest of the line
_ADDRESS_FIELD = re.compile(
    r"(?<![\w])(?i:address|home[ \t]+address|street|mailing[ \t]+address|residence|domicilio|direcci[oó]n|"
    r"adresse|domicile|demeurant|endereço|morada|indirizzo|residenza|"
    # a form's numbered address lines ("Address line 2: Suite 738", "Street address 2:", "Addr. 1:")
    r"(?:street[ \t]+)?(?:address|addr\.?)(?:[ \t]+line)?(?:[ \t]*(?:[12]|one|two))?)[ \t]*[:：][ \t]*"
    # the rest of the line, or up to the next field ("...; Postal code: ...", "| City: ...")
    r"(?P<v>[^\n:;|]{3,90}?)(?=[ \t]*(?:\n|$|[;|]|\.[ \t]*(?:\n|$)|\.?[ \t]+[^\W\d_]{2,20}(?:[ \t][^\W\d_]{2,20})?[ \t]?:))")


# ---------------------------------------------------------------- address blocks, one part per line
# A postcode line: "8921 TJ De Blesse", "33043, Purgessimo (UD)", "Badajoz, 30267", "North Amanda, SK R1T 9H2",
# "East Sean, NT, 2480", "Srikakulam-174218", or a UK / Canadian / Dutch code alone ("W4 1XB")
# Scripts with no case (Hebrew, Arabic, Indic, Thai, Georgian; and Armenian capitals): their words count as
# capitalised in a block; the vowel signs of Indic and Thai words are no \w and are let into a word
_MARKS = "\u0300-\u036f\u0900-\u0dff\u0e00-\u0eff\u200c\u200d"
_CASELESS = ("\u0590-\u05ff\u0600-\u06ff\u0900-\u0dff\u0e00-\u0eff\u10d0-\u10ff\u0531-\u0556"
             "\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3")  # (and kana, the common ideographs, Hangul)
_ANY_POSTCODE = (rf"(?:{_ZIP}|{_UK_POSTCODE}|{_CA_SHAPE}|{_OTHER_POSTCODE}|\d{{7}}|\d{{5}}-?\d{{5}}"
                 rf"|{_EIRCODE_SHAPE}|\d{{3}}[ ]\d{{3}})")  # (an Eircode, an Indian PIN with its space: "367 536")
_TOWN = rf"[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}{_CASELESS}][\w'’.(){_MARKS}-]*(?:[ \t-]+[\w'’.(){_MARKS}-]+){{0,4}}?"
# the abbreviation some countries write before the code: Greek "ΤΚ 546 24", "C.P. 1425", "CEP", "PLZ"
_CODE_CUE = r"(?:Τ\.?[ \t]?Κ\.?|T\.?K\.?|C\.[ \t]?P\.|CP|CEP|PLZ)[ \t]*:?[ \t]*"
_POST_LINE = re.compile(
    rf"[ \t]*(?:(?P<d>{_UK_POSTCODE}|{_CA_SHAPE}|{_DUTCH_CODE})"  # alone first: "SE15 4QP" is no town "S"
    rf"|(?:{_CODE_CUE})?(?P<a>{_ANY_POSTCODE}),?[ \t]+{_TOWN}(?:[ \t]*\([A-Z]{{2}}\))?"
    # district, town; or town, code, province ("Villa María 5900, Córdoba")
    rf"|(?:{_TOWN},[ \t]*)?{_TOWN},?[ \t]*(?:[A-Z]{{2,3}}\.?,?[ \t]+)?(?P<b>{_ANY_POSTCODE})(?:,[ \t]*{_TOWN})?"
    rf"|{_TOWN}-(?P<c>\d{{6}}))[ \t,.]*")
# a postcode alone on its line, the town on the line under it ("4003\nVillers-en-Fagne", "689217\nTona, Santander")
_CODE_ALONE = re.compile(rf"[ \t]*(?:{_CODE_CUE})?(?P<e>{_ANY_POSTCODE})[ \t,.]*")
# A street line with no type word: name words and a house number, either way round, with a unit after it
# ("Mezi Sklady 192", "Amystraat 28", "8/3 Linda Piazza", "10/03, Balan Ganj")
_HOUSE = r"\d{1,5}[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?"
_CAP = f"A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}{_CASELESS}"  # a capital, or a letter of a script with no case
_STREET_LINE = re.compile(
    rf"[ \t]*(?P<v>[^\W\d_][\w'’.{_MARKS}-]*(?:[ \t]+[\w'’.{_MARKS}-]+){{0,5}}?,?[ \t]+{_HOUSE}"
    rf"(?:[ \t,]+[^\W\d_]{{1,12}}\.?[ \t]*\d{{0,4}}[A-Za-z]?){{0,3}}"
    rf"|{_HOUSE},?[ \t]+[^\W\d_][\w'’.{_MARKS}-]*(?:[ \t]+[\w'’.{_MARKS}-]+){{0,5}})[ \t,]*")
# after a street: a state and a postcode ("NT, 2480", "GTO 81003"), a town and a postcode closing the line
# ("Болехів, 59535", "Madiun, 83470"), or a postcode right after the street ("...路j座 380967")
# the words a sentence goes on with after an address ("... NSW, 2118 last month", "..., 7984 and then"), never a
# noun a count would take ("3000 people", "2019 was")
# after a street in a script with no case (Thai, Vietnamese too): a word then a 5- or 6-digit code ("สงขลา 98760")
_SCRIPT_POSTCODE = re.compile(rf"(?<=[{_CASELESS}\u1ea0-\u1ef9a-zà-ỹ])[ \t]+(?P<v>\d{{5,6}})(?![\w-])")
# a verb the sentence may go on with after an address's last code ("..., Szeged 6720 was returned")
_CODE_VERBS = r"was|were|is|are|has|had|will|got"
_GOES_ON = (r"(?:last|next|this|since|until|till|before|after|please|thanks|thank|today|tomorrow|yesterday|now|soon|"
            r"and|or|but|in|on|at|by|for|from|to|with|so|then|when|where|which|as|if|because|asap)\b")
_STATE_POSTCODE = re.compile(r"(?:[A-Z]{2,3}\.?,?[ \t]+|[^\W\d_][\w'’.-]*(?:[ \t][\w'’.-]+){0,2},[ \t]*)"
                             r"(?P<v>\d{4,6}(?:-\d{3,4})?)(?![\w-])(?=[ \t.,;!?)]*(?:\n|$)|[ \t]+" + _GOES_ON + ")"
                             r"|^[ \t]*,?[ \t]*(?P<w>\d{5,6})(?![\w-])")


_WORD = re.compile(r"[^\W\d_]{3,}")
_LETTERS = re.compile(r"[^\W\d_]+")


def _stop_word_in(words: str) -> bool:
    """A word of a sentence among ``words`` (in any case): "the", "of", "AND", "was"."""
    return any(w.lower() in _STOP for w in _LETTERS.findall(words))


@lru_cache(maxsize=1)
def _english() -> object:
    from mechanisms.prmpt.config import DEFAULT_SPACY_MODELS
    from mechanisms.prmpt.entities.name_words import english_words

    return english_words(DEFAULT_SPACY_MODELS["en"])


def _proper(words: str) -> bool:
    """Some word of ``words`` is no English dictionary word and no everyday word: a proper name, as a
    street's or a town's name is ("Mezi Sklady", "De Blesse"), not "Chapter", "Results" or "Units Sold"."""
    from mechanisms.prmpt.entities.name_words import name_index

    if re.search(f"[{_CASELESS}]", words):
        return True  # a word of a script with no case is no English word
    english, index = _english(), name_index()
    return any(w[:1].isupper() and not index.is_common(w) and w.lower() not in english  # type: ignore[operator]
               and not (w.isupper() and len(w) < 4) for w in _WORD.findall(words))
    # (a word of three capitals is an abbreviation as often, "NSR", "ABG", "PTT" in a note in capitals)


def _unknown_word(word: str) -> bool:
    """A word in lower case no dictionary or everyday list holds ("viechtach"; not "total"). (The town it is asked of
    has four letters or more: no currency's code, "eur 4500", is read.)"""
    from mechanisms.prmpt.entities.name_words import name_index

    return word.lower() not in _english() and not name_index().is_common(word)  # type: ignore[operator]


def _lower_case_street_name(words: str) -> bool:
    """Words in lower case that name a street: no stop word among them, and one a listed name or no English word
    ("michael", "tyler", "nixon"; not "green", "big red")."""
    from mechanisms.prmpt.entities.name_words import name_index

    english, index = _english(), name_index()
    parts = words.split()
    return not any(w in _STOP for w in parts) and any(
        w not in english or index.is_listed(w) and not index.is_common(w) for w in parts)  # type: ignore[operator]


def _places() -> frozenset[str]:
    """The known place names, case-folded (imported when first asked for)."""
    from mechanisms.prmpt.entities.name_words import place_names

    return place_names()  # type: ignore[no-any-return]


def _town(value: str) -> bool:
    """A known place, or words with a proper name among them."""
    town = re.sub(r"[\d,()\-]+|\b[A-Z]{2,3}\b", " ", value).strip(" .")
    return bool(town) and (town.casefold() in _places() or _proper(town))


# a quote or list mark that opens a line ("> 12 Rue X", "• Apt. 4", "??? Suite 5" where a bullet lost its encoding)
_LINE_MARK = re.compile(r"[ \t]*(?:[>•·*|?]+|[-–—](?=[ \t]))[ \t]*")


def _lines(text: str) -> list[tuple[int, int]]:
    """The lines of ``text`` (start, end), each without the quote or list mark that opens it."""
    out, at = [], 0
    for line in text.split("\n"):
        mark = _LINE_MARK.match(line)
        out.append((at + (mark.end() if mark and mark.group().strip() else 0), at + len(line)))
        at += len(line) + 1
    return out


# a line that holds only a state's or a region's code, between the town and the postcode of a block (", MT", "VWV"; a
# province's letter or number, or a code in lower case in a text in lower case: "A", "52", "ma")
_THREE_ALONE = re.compile(r"[ \t]*(?P<e>\d{3})[ \t,.]*")
_REGION_LINE = re.compile(r"[ \t]*,?[ \t]*(?:[A-Z]{1,3}|[a-z]{2}|\d{1,2})\.?[ \t]*,?[ \t]*")
# a town line of a block: words alone, no figure ("Alcalalí", "Cite Ettataouer", "bodø")
_LINE_TOWN = rf"[^\W\d_][\w'’.{_MARKS}-]*(?:[ \t]+[^\W\d_][\w'’.{_MARKS}-]*){{0,3}}"
_TOWN_LINE = re.compile(rf"[ \t]*(?P<t>{_LINE_TOWN})[ \t,]*")
# under a street: a town, a state's or region's letters and a code of three digits or more closing the line
# ("Letaba LI 877", "Patreksfjörður MD 451", "volduchy pl 338 22", "torroella de montgrí gi 17257")
_TOWN_REGION_CODE = re.compile(rf"[ \t]*(?P<t>{_LINE_TOWN}),?[ \t]+"
                               r"[A-Za-z]{2,3}\.?,?[ \t]+(?P<e>\d{3,6}|\d{3}[ ]\d{2})[ \t,.]*")


def _town_words(words: str) -> bool:
    """Words that name a town: a known place or a proper name; in lower case, a word of four letters or more no
    dictionary holds ("karunga", "volduchy"); never a stop word among them."""
    parts = re.findall(r"[^\W\d_]+", words)
    if not parts or any(w.lower() in _STOP for w in parts if len(w) > 1):
        return False
    if words.islower():
        return any(len(w) >= 4 and _unknown_word(w) for w in parts) or words.casefold() in _places()
    return _town(words)


def _four_line_block(text: str, lines: list[tuple[int, int]], i: int) -> tuple[int, int] | None:
    """The street line of a block written one part per line, its postcode on line ``i``: a street (name words and a
    house number), a town, a region's code, the postcode ("584 Paraguay 87 Apt. 840 / Alcalalí / A / 3728"); the
    four lines together say what a town or a street alone could not."""
    if i < 3 or not _REGION_LINE.fullmatch(text, *lines[i - 1]):
        return None
    town = _TOWN_LINE.fullmatch(text, *lines[i - 2])
    street = _STREET_LINE.fullmatch(text, *lines[i - 3])
    if town is None or street is None or not _town_words(town.group("t")):
        return None
    value = street.group("v").rstrip(" ,")
    if not re.search(r"[^\W\d_]{2}", value) or _stop_word_in(value):
        return None
    return street.start("v"), street.start("v") + len(value)


def _address_blocks(text: str, found: list[Found]) -> list[Found]:
    """Addresses written over several lines: a postcode line, and above it (no blank line between) up to
    three lines of which one is a street (one the patterns found, or a line of name words and a house
    number) and the others a unit or more of the street: the postcode and those lines are hidden."""
    if "\n" not in text:
        return []
    streets = [(f.start, f.end) for f in found if f.entity_type == "STREET_ADDRESS"]
    lines = _lines(text)
    out: list[Found] = []
    for i, (start, end) in enumerate(lines):
        if end - start > 80 or not any(ch.isdigit() for ch in text[start:end]):
            continue
        post = _POST_LINE.fullmatch(text, start, end)
        tail = re.search(r"[ \t]+[a-zà-ÿ][^\W\d_]*(?:[ \t]+[^\W\d_]+){0,4}[ \t.!?]*$", text[start:end])
        if post is None and tail is not None:  # the sentence goes on after the address ("... 37100, Verona last month.")
            post = _POST_LINE.fullmatch(text, start, start + tail.start())
            end = start + tail.start()
        if post is None and i + 1 < len(lines):
            a, b = lines[i + 1]
            under = text[a:b]
            # the town a proper name, or any capitalised words under a street found on the line above the code
            # ("Kerkstraat 7\n5681\nLeers-Nord": the dictionary holds "leers" and "nord")
            street_above = i > 0 and any(lines[i - 1][0] <= x < lines[i - 1][1] for x, _ in streets)
            if (0 < len(under.strip()) <= 40 and not any(ch.isdigit() for ch in under)
                    and all(_PLACE_PART.fullmatch(piece) for piece in under.split(","))  # "Tona, Santander"
                    and (street_above or _town(under))):
                post = _CODE_ALONE.fullmatch(text, start, end)
        # a town that reads as words ("Lyon Hill 9277", "Rosario 2000"): only under a street found in the block
        street_near = any(lines[j][0] <= x < lines[j][1] for x, _ in streets for j in range(max(0, i - 3), i)
                          if "\n\n" not in text[lines[j][0]:start])
        block_street = _four_line_block(text, lines, i) if post is None else None
        if post is None and (street_near or block_street) and i > 0 and _REGION_LINE.fullmatch(text, *lines[i - 1]):
            post = _CODE_ALONE.fullmatch(text, start, end) or _THREE_ALONE.fullmatch(text, start, end)
            # ("471 Rue X 112\nRuddervoorde\nVWV\n8020", ", MT\n 29394", "Búðardalur\nDE\n370")
        if post is None and i > 0 and any(lines[i - 1][0] <= x < lines[i - 1][1] for x, _ in streets):
            town_code = _TOWN_REGION_CODE.fullmatch(text, start, end)  # "1538 Thutlwa St\nLetaba LI 877"
            if town_code is not None and _town_words(town_code.group("t")) and not _YEAR.fullmatch(town_code.group("e")):
                post = town_code
        if post is None:
            continue
        group = next(g for g in "dabce" if post.groupdict().get(g))
        if group not in "de" and not street_near and not _town(text[start:post.start(group)] + " " + text[post.end(group):end]):
            continue  # "2019 Edition", "1000 Users": no town beside the number
        if re.search(f"[{_CASELESS}]", text[start:end]) and (len(post.group(group)) < 5 or _YEAR.fullmatch(post.group(group))):
            continue  # no dictionary tells a town from a word in those scripts: a code of 5+ digits only
        above: list[tuple[int, int, bool]] = []  # (start, end, an address with the postcode line on its own)
        for j in range(i - 1, max(-1, i - 4), -1):
            a, b = lines[j]
            line = text[a:b].strip()
            if not line or b - a > 80:
                break
            if any(a <= x < b for x, _ in streets):
                above.append((a, b, True))
            elif block_street is not None and a <= block_street[0] < b:
                above.append((*block_street, True))
            elif _UNIT_LINE.fullmatch(line) or _TYPE_ONLY_LINE.fullmatch(line):
                above.append((a + text[a:b].index(line), a + text[a:b].index(line) + len(line), True))
            elif _UNIT_LINE_MORE.fullmatch(line):  # "Oficina 504", "Torre 2 Apto 1102": only beside a street
                above.append((a + text[a:b].index(line), a + text[a:b].index(line) + len(line), False))
            elif (m := _STREET_LINE.fullmatch(text, a, b)) is not None and _proper(m.group("v")) \
                    and not _stop_word_in(m.group("v")) and _street_words(m.group("v")):
                above.append((m.start("v"), m.start("v") + len(m.group("v").rstrip(" ,")), True))
            elif (part := _part(text, (a, a + len(text[a:b].rstrip(" \t,"))), "left")) is not None and part[0] == "STREET_ADDRESS":
                above.append((part[1], part[2], True))  # the sentence before it kept: "I moved to Pod zidom 492"
            else:
                continue  # a name or a town line ("Jeffrey Unions", "Yatesburgh"): part of the block, kept
        if not any(alone for _a, _b, alone in above):
            continue  # a unit line ("Flat 11E") with a postcode line under it is an address on its own
        out.append(Found("POSTAL_CODE", post.start(group), post.end(group), 0.75))
        out.extend(Found("STREET_ADDRESS", a, b, 0.7) for a, b, _s in above
                   if not any(x < b and a < y for x, y in streets))
    return out


# ---------------------------------------------------------------- the other parts of an address, beside one found
# An address is a run of parts, one after the other with commas or line breaks between ("House No. 50, SirajKhali,
# Tangail, 3510", "Block 4 Lot 9 Sampaguita Road, Villa Verde Phase 2, Imus, 4103 Cavite", "58/991, Loke Ganj,
# Amravati 771516"). Once a street or a postcode of the run is found, the parts beside it (up to six each way,
# through town and district names, never through a part that reads as a sentence) are read: a unit or house
# designator with its number, a bare house number ("58/991", "a-79-19", "PJU98"), a name with a number
# ("Villa Verde Phase 2", "Nygårdroa 1") or a postcode with its town is hidden; the names are kept.
_DESIG = (r"(?<![^\W\d_])(?:(?i:house|h\.?[ \t]?no|flat|apartment|apt|apto|suite|ste|unit|studio|building|bldg|block|blk|blok|"
          r"lot|plot|room|rm|floor|fl|level|lvl|shop|office|villa|door|tower|wing|phase|sector|ward|km|"
          r"bloc|bl|scara|sc|etaj|et|ap|app|appt|kv|m|b|no|nr|n[ºo°]|n\.º|num|número|d|dom|bina|daire|kat|holding|"
          # floors, doors and offices of more languages ("Piano 5", "Puerta 2", "Piso 10", "Bodega 4"); the words English
          # writes too only capitalised, and "Of." with its point ("2 of 5" is no office)
          r"piano|puerta|pta|piso|oficina|bodega|interno|scala|escalera|esc|[ée]tage|apartamento|departamento|depto|"
          r"dpto|appartamento|appartement|wohnung|whg|stiege|t[üu]r|andar|loja|bloque|bloco|torre|edificio|edif|"
          r"lokal|lok)\.?|(?:Local|Casa|Sala|Int|Top|Bus)\.?|Of\."
          # Bengali: house, holding, building and flat numbers ("বাসা নং ২৭৯", "অ্যাপার্টমেন্ট ৭")
          r"|(?:বাসা|বাড়ি|হোল্ডিং|ভবন|বিল্ডিং)[ \t]+নং|ফ্ল্যাট|অ্যাপার্টমেন্ট)")
# (each blank between a designator and its number has one reading: with three "[ \t]*" in a row, "Apt 1 Apt 1 ..."
# with no comma after it took time exponential in the number of units, 2 s for twelve; and a part holds six units
# at most, or each start read on to the end of such a text)
_NUMBER = r"(?:(?i:no|nr|number|n[ºo°]|n\.º)\.?:?[ \t]*)?(?:#[ \t]*)?[A-Za-z]{0,2}-?\d{1,5}[A-Za-z]?(?:[-/][A-Za-z0-9]{1,5}){0,3}"
_UNIT_PART = rf"(?:{_DESIG}(?:[ \t]*:)?[ \t]*{_NUMBER}(?![\w/-])[ \t]*){{1,6}}"
_HOUSE_PART = r"(?:[A-Za-z]{0,2}-?\d{1,5}[A-Za-z]?(?:[-/][A-Za-z0-9]{1,5}){1,3}|[A-Z]{1,4}\d{1,5}[A-Z]?|\d{1,4}[A-Za-z])"
_NAME = rf"[^\W\d_](?:[^\W\d_]|[{_MARKS}])*(?:['’.-][\w'’.{_MARKS}-]*)?"
_PART_FULL = re.compile(
    rf"[ \t]*(?P<v>{_UNIT_PART}(?:[ \t]+{_NAME}){{0,4}}|{_HOUSE_PART}"
    rf"|{_NAME}(?:[ \t]+[\w'’.-]+){{0,3}}?[ \t]+(?:{_HOUSE}|{_HOUSE_PART})(?:[ \t]+{_UNIT_PART})?"
    rf"|(?:{_HOUSE}|{_HOUSE_PART})[ \t]+{_NAME}(?:[ \t]+[\w'’.-]+){{0,3}})[ \t.]*")
# the outer part of a run may start (or end) with words of the sentence: only its end (its start) is read
_PART_SUFFIX = re.compile(
    rf"(?P<v>{_UNIT_PART}|(?<![\w/-]){_HOUSE_PART}|[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}{_CASELESS}][^\W\d_]+[\w'’.{_MARKS}-]*"
    rf"(?:[ \t]+[\w'’.{_MARKS}-]+){{0,2}},?[ \t]+"
    rf"(?:{_HOUSE}|{_HOUSE_PART})|(?<![\w/-])(?:{_HOUSE_PART}|{_HOUSE})[ \t]+{_NAME}(?:[ \t]+{_NAME}){{0,3}})[ \t.]*$")
_PART_PREFIX = re.compile(
    rf"[ \t]*(?P<v>{_UNIT_PART}(?:[ \t]+[A-ZÀ-ÖØ-ÞĀ-ž][\w'’.-]*){{0,3}}|{_HOUSE_PART}"
    rf"|[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}{_CASELESS}][^\W\d_]+[\w'’.{_MARKS}-]*"
    rf"(?:[ \t]+[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}{_CASELESS}][\w'’.{_MARKS}-]*){{0,2}}[ \t]+(?:{_HOUSE}|{_HOUSE_PART}))(?![\w/-])")
# a part that names a place: capitalised words (with particles), no sentence
_PLACE_PART = re.compile(rf"[ \t]*[A-ZÀ-ÖØ-ÞĀ-ž{_UPPER_MORE}{_CASELESS}][\w'’.(){_MARKS}-]*(?:[ \t]+[\w'’.(){_MARKS}-]+){{0,4}}[ \t.]*")
_NOT_ADDRESS = re.compile(r"\d[:.]\d|\b\d+[ \t]?(?i:am|pm|h|hrs?|min|%|kg|km/h|mb|gb)\b|[$€£¥%]"
                          # a rate or a dose ("heparin at 850u/hr", "feeds at 45/HOUR", "propofol at 28/mcg/kg", "10 MICS")
                          r"|\d[\w.]*[ \t]?/[ \t]?(?i:hr|hrs|hour|h|min|kg|mcg|day|d)\b"
                          r"|\b\d+[ \t]?(?i:mcg|mg|ml|cc|meq|mics|mmhg|units?)\b")
_UNIT_BEFORE = re.compile(rf"(?:^|(?<=[ \t,]))(?P<v>{_UNIT_PART}(?:{_DESIG}[ \t]*)?)[ \t,]*$")


_REACH = 1500  # characters read on each side of a part: a run goes at most seven parts of 80 characters each way


def _segments(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The parts of the block of lines (no blank line between) around ``start``..``end``, split at commas and
    line breaks, within ``_REACH`` characters on each side (a part the window cuts is left out): reading the
    whole block for every part made a long text without blank lines cost quadratic time."""
    lo, hi = max(0, start - _REACH), min(len(text), end + _REACH)
    a = text.rfind("\n\n", lo, start)
    a = lo if a < 0 else a + 2
    b = text.find("\n\n", end, hi)
    b = hi if b < 0 else b
    out, at = [], a
    for m in _PART_SEPARATOR.finditer(text[a:b]):
        out.append((at, a + m.start()))
        at = a + m.end()
    out.append((at, b))
    if a == lo > 0 and text[lo - 1] not in _SEPARATORS:
        out = out[1:]
    if b == hi < len(text) and text[hi] not in _SEPARATORS:
        out = out[:-1]
    return out


# the marks between the parts of an address: commas, semicolons, line breaks, and the dots and bars between the
# fields of a contact line ("Vidlicová 449 · 040 72 Kraľovany · +421 ...", "Hauptstr. 5 | 10115 Berlin")
_SEPARATORS = ",;\n·•|"
_PART_SEPARATOR = re.compile(f"[{_SEPARATORS}]")


def _part(text: str, seg: tuple[int, int], outer: str) -> tuple[str, int, int] | None:
    """(type, start, end) of the digit-bearing address part ``seg`` holds, or None."""
    a, b = seg
    value = text[a:b]
    if not any(ch.isdigit() for ch in value) or _NOT_ADDRESS.search(value) or b - a > 60:
        return None
    post = _POST_LINE.fullmatch(text, a, b)
    if post is not None:
        group = next(g for g in "dabc" if post.group(g))
        if group == "d" or _town(text[a:post.start(group)] + " " + text[post.end(group):b]):
            return "POSTAL_CODE", post.start(group), post.end(group)
    if outer == "":
        candidates = [_PART_FULL.fullmatch(text, a, b)]
    elif outer == "left":  # the shortest end of the part that reads as one: "Ship to 27/114" -> "27/114"
        candidates = [_PART_SUFFIX.match(text, a + w.start(), b) for w in re.finditer(r"(?<!\S)\S", text[a:b])]
    else:
        candidates = [_PART_PREFIX.match(text, a, b)]
    for m in candidates:
        if m is not None and outer and not re.search(r"[^\W\d_]{2}", m.group("v")):
            # a bare house number in a sentence: after "to", "at", "is" or a colon ("Ship to 27/114"), or
            # ending it; never after a noun ("Match 3-1", "Ref. 45/2019", "Item A5")
            before, after = text[a:m.start("v")].split(), text[m.end("v"):b]
            if outer == "left" and before and before[-1].lower() not in _STOP and not before[-1].endswith(":"):
                continue
            if outer == "right" and after.strip(" \t.!?)"):
                continue
        if m is not None and _street_words(m.group("v")):
            v0 = m.start("v")
            return "STREET_ADDRESS", v0, v0 + len(m.group("v").rstrip(" \t."))
    return None


# A part of a run of its own, short, a number with a word or two of any language beside it: the floor, the door or
# the flat that follows a street ("Enevej 90A, 8. th, Mariager", "..., 7 OG, ...", "1º Dcha.", "Hus 226", "A 26",
# "4.em", "6.em 29 ajtó", "кв. 725", "dz. 731", "Zimmer 534", "3 hoog achter", "Bloc 44 (Ap. 44)")
_SHORT_WORD = rf"[^\W\d_](?:[^\W\d_]|[{_MARKS}]){{0,7}}\.?"
_SHORT_NUMBER = rf"(?:{_SHORT_WORD}[ \t]*)?\d{{1,4}}(?:[.ºª°]|[A-Za-z](?![^\W\d_]))?(?:[ \t]*{_SHORT_WORD}){{0,2}}"
_SHORT_UNIT = re.compile(rf"[ \t]*(?P<v>{_SHORT_NUMBER}(?:[ \t]+{_SHORT_NUMBER}|[ \t]*\({_SHORT_NUMBER}\))?)[ \t.]*")
_MONTHS = frozenset(m for names in MONTHS.values() for name in names for m in (name, name[:3]))


def _unit_prefix(text: str, a: int, b: int) -> re.Match[str] | None:
    """The longest short unit opening the last part of a run, the sentence going on after it ("..., 8 OG will end on
    30 June", "..., 8 OG. Recipient: ...", "..., 4º B will end")."""
    ends = [m.start() for m in re.finditer(r"[ \t]+|[.!?;:)](?=\s|$)", text[a:b])]
    for end in sorted(ends, reverse=True):
        if end == 0 or end > 24:
            continue
        after = text[a + end:b]
        if not re.match(r"[ \t]+[a-zà-ÿ]|[ \t]*[.!?;:)](?:\s|$)", after):
            continue
        m = _SHORT_UNIT.fullmatch(text, a, a + end)
        if m is None or not _unit_words(m.group("v")) or re.search(r"\.[ \t]+[A-ZÀ-Þ]", m.group("v")):
            continue  # (never across a sentence's end: "rue de Gauédic, 41. Décès. Marie ...")
        if re.search("[ºª°]", m.group("v")) or any(w[0].isupper() or w.lower() in KEEP_WORDS
                                                  for w in re.findall(r"[^\W\d_]+", m.group("v"))):
            return m  # a unit word or a floor's sign: "8 OG", "4º B", "Hus 130"; never "10 m.", "0 mm"
    return None


_FUNCTION_WORDS = frozenset("en et de la le un y e o a i og di da do du el il lo in on at to of or an is".split())


def _unit_words(value: str) -> bool:
    """A short part's words read as a unit's, not as a sentence's, a date's or a name's: a letter, a capitalised word,
    a unit word, a lower-case word of two letters; never "3 kids", "2 days ago", "12 May", "2 mois", "1 en"."""
    words = re.findall(r"[^\W\d_]+", value)
    if not words or len(words) > 3 or len(value) > 18 or _NOT_ADDRESS.search(value):
        return False
    if any(_YEAR.fullmatch(n) for n in re.findall(r"\d+", value)):
        return False  # "Q3 2024"
    if sum(1 for w in words if len(w) > 3 and w[0].isupper()) > 1:
        return False  # "1 Emile Bouche": a name after a number
    for w in words:
        low = w.lower()
        if ((w.islower() or len(w) > 1) and low in _STOP) or low in _MONTHS:
            return False
        if w.islower() and (low in _FUNCTION_WORDS or (len(w) > 2 and low not in KEEP_WORDS)):
            return False
    return True


_STREET_PARTICLES = frozenset(_PARTICLES.split("|")) - _STOP


def _street_words(value: str) -> bool:
    """The words of a part with a number read as a street's or a unit's, not as a sentence or as a dictionary
    phrase: "Solbakken 12", "Pod zidom 492", "Flat 3", never "Send it to Solbakken 12", "Chapter 12", "Python 3"."""
    if re.match(_UNIT_PART, value):
        return True
    words = re.sub(rf"{_UNIT_PART}|\d[\w/-]*", " ", value)
    if not re.search(rf"(?:[^\W\d_]|[{_MARKS}]){{2}}", words):
        return bool(re.fullmatch(rf"{_HOUSE_PART}|{_HOUSE}", value.strip()))  # "58/991", never "450 W"
    english = _english()
    if any(w in _STOP or w.isupper() and w.lower() in _STOP  # ("PACERBOX AT AN ADEMAND OF 60")
           or (w.islower() and w in english and w not in _STREET_PARTICLES)  # type: ignore[operator]
           for w in re.findall(r"[^\W\d_]+", words)):  # ("Ventanilla de Beas 33": a particle, no sentence)
        return False
    lower = [w for w in re.findall(r"[^\W\d_]{3,}", words) if w.islower() and w not in KEEP_WORDS]
    if len(lower) >= 2:
        return False  # words of a sentence in any language ("9543 FGV está mal aparcado", "historia clínica 0469")
    return _proper(words) or _proper(" ".join(w[:1].upper() + w[1:] for w in words.split() if w.islower()))


# a postcode alone closing a run, after its town: "..., Narsingdi, 7984", "..., Kathu, 6451 last month"
_CODE_DIGITS = r"\d{5}-?\d{5}|\d{4,7}|\d{3}[ ]\d{2,3}|\d{2}-\d{3}|\d{3}-\d{3,4}"
_LAST_CODE = re.compile(rf"[ \t]*(?P<v>{_CODE_DIGITS})(?![\w-])(?:[ \t.!?)]*$|[ \t]+{_GOES_ON})")

# a postcode alone in its part, before the town's part ("; 5281; Michaelfort", ", H-5472, Keresztfalu")
_CODE_FIELD = re.compile(rf"[ \t]*(?P<v>(?:[A-Z]{{1,2}}-)?(?:{_CODE_DIGITS})|{_DUTCH_CODE})[ \t]*")

# or after its region, closing the run after a town: "..., Bregenz, Tirol 8576", "..., Amersfoort, Noord-Holland 1536 QB"
_REGION_CODE = re.compile(rf"[ \t]*[{_CAP}][\w'’.{_MARKS}-]*(?:[ \t]+[{_CAP}][\w'’.{_MARKS}-]*){{0,3}}[ \t]+"
                          rf"(?P<v>{_DUTCH_CODE}|{_CODE_DIGITS}|{_CUED_ANY_CODE})(?![\w-])"
                          # (a verb may follow the run's last code: "..., Szeged 6720 was returned"; never a year)
                          rf"(?:[ \t.!?)]*$|[.!?][ \t]|[ \t]+{_GOES_ON}|[ \t]+(?:{_CODE_VERBS})\b)")


def _unit_runs(text: str) -> list[Found]:
    """A run that opens with unit or house designators and closes with a town and its postcode, with no street
    found in it: "Flat 7, Building No. 5, ManiramDiya, Joypurhat, 4848 last month"."""
    out: list[Found] = []
    for m in re.finditer(rf"(?:^|(?<=[ \t\n]))(?P<v>{_UNIT_PART})[ \t]*,", text):
        if not re.search(rf"(?:[^\W\d_]|[{_MARKS}]){{2}}", m.group("v")) or _NOT_ADDRESS.search(m.group("v")):
            continue
        out.extend(_run_after(text, m.end(), [(m.start("v"), m.start("v") + len(m.group("v").rstrip()))], 2))
    # or, in a script with no case, with a street of name words and a number: "Hashita 84, Avivim, 9506992" (in
    # Latin letters that is a table row as often: "Smith 12, Paris, 40000")
    for line_start, line_end in _lines(text):
        comma = text.find(",", line_start, line_end)
        if comma < 0 or not any(ch.isdigit() for ch in text[line_start:comma]):
            continue
        if not re.search(f"[{_CASELESS}]", text[line_start:comma]):
            continue
        part = _part(text, (line_start, comma), "left")
        if part is not None and part[0] == "STREET_ADDRESS" and re.search(r"[^\W\d_]{2}", text[part[1]:part[2]]):
            out.extend(_run_after(text, comma + 1, [(part[1], part[2])], 1))
    return out


_UNIT_ALONE = re.compile(rf"[ \t]*(?P<v>{_UNIT_PART})[ \t,.]*")


# a unit alone on its line, by a word no sentence opens a line with ("apt. 146", "Suite 007", "piso 3")
_UNIT_WORD_LINE = re.compile(r"[ \t]*(?i:apt|apartment|suite|ste|unit|flat|studio|piso|apto|depto|dpto|appt|"
                             r"appartement)\.?[ \t]*#?\d{1,5}[A-Za-z]?[ \t,.]*")
# a street line of no type word a pattern knows, one number at least at its start or its end ("0519 brekkustíg 80",
# "218 129 Rue de baghdad", "Kolodvorska 97")
_STREET_WORD = r"[^\W\d_][\w'’.-]*"
_BARE_STREET = re.compile(rf"[ \t]*(?P<v>\d{{1,5}}[A-Za-z]?(?:[ \t]+\d{{1,5}})?(?:[ \t]+{_STREET_WORD}){{1,5}}(?:[ \t]+\d{{1,5}}[A-Za-z]?)?"
                          rf"|{_STREET_WORD}(?:[ \t]+{_STREET_WORD}){{0,4}}[ \t]+\d{{1,5}}[A-Za-z]?)[ \t,]*")


# a name and a house number, then the word "street" written after them ("enter on Jahu 80 St.", "refers to
# Bodbysund 61 street", "lives on Jiřího z Poděbrad 1874 street", "at 118 Democracia 6558 St.")
_NUMBER_THEN_STREET = re.compile(rf"(?<![\w'’.-])(?P<v>(?:\d{{1,5}}[ \t]+)?(?:{_STREET_WORD}[ \t]+){{1,4}}\d{{1,5}}[A-Za-z]?)"
                                 r"[ \t]+(?:[Ss]treet|STREET|[Ss]t\.)(?![\w'’-])")


def _numbers_then_street(text: str) -> list[Found]:
    """(:data:`_NUMBER_THEN_STREET`) From the first word after the last word of the sentence around it."""
    out = []
    for m in _NUMBER_THEN_STREET.finditer(text):
        words = list(re.finditer(r"\S+", m.group("v")))
        keep = next((k for k in range(len(words) - 1, -1, -1) if words[k].group().lower() in _STOP), -1) + 1
        rest = words[keep:]
        if len(rest) < 2 or not any(re.search(r"[^\W\d_]", w.group()) for w in rest) \
                or _NOT_ADDRESS.search(m.group("v")):
            continue
        out.append(Found("STREET_ADDRESS", m.start("v") + rest[0].start(), m.end("v"), 0.7))
    return out


# the words of a unit a number follows (read by the phone finder too: "Suite 191 58037 ..." is no phone)
UNIT_WORDS = "apt|apartment|suite|ste|unit|flat|room|rm"
# a unit, then a house number, a street of no type a pattern knows and its number, closing a line or a part ("apt. 125
# 4637 jaanioja 7", "Suite 191 58037 Družstevní 1690"): the unit says what the words after it are
_UNIT_THEN_STREET = re.compile(rf"(?<![\w'’.-])(?P<v>(?i:{UNIT_WORDS})\.?[ \t]*#?[ \t]*\d{{1,5}}[A-Za-z]?"
                               rf"[ \t]+\d{{1,5}}[A-Za-z]?(?P<w>(?:[ \t]+{_STREET_WORD}){{1,4}})[ \t]+\d{{1,5}}[A-Za-z]?)"
                               r"(?=[ \t]*(?:[,;\n]|$))")


def _streets_after_units(text: str) -> list[Found]:
    """(:data:`_UNIT_THEN_STREET`) Never with a word of a sentence among the street's."""
    return [Found("STREET_ADDRESS", m.start("v"), m.end("v"), 0.7) for m in _UNIT_THEN_STREET.finditer(text)
            if not _NOT_ADDRESS.search(m.group("v")) and not _stop_word_in(m.group("w"))]


def _streets_over_units(text: str) -> list[Found]:
    """The line right over a unit line, a street's when it holds name words and a house number and no word of a
    sentence ("> 128 via roma 41\n> apt. 146", "0519 brekkustíg 80\n suite 669"): an address block in a type
    the patterns do not know."""
    lines = _lines(text)
    out = []
    for i in range(1, len(lines)):
        if _UNIT_WORD_LINE.fullmatch(text, *lines[i]) is None:
            continue
        a, b = lines[i - 1]
        m = _BARE_STREET.fullmatch(text, a, b) if b - a <= 60 else None
        if m is None or _NOT_ADDRESS.search(m.group("v")) or _stop_word_in(m.group("v")):
            continue
        out.append(Found("STREET_ADDRESS", m.start("v"), m.start("v") + len(m.group("v").rstrip(" ,")), 0.7))
    return out


def _units_under_streets(text: str, found: list[Found]) -> list[Found]:
    """A line that holds only a unit, right under a line that ends with a street found ("2287 Sabrina Plains\n
    apt. 801", "> 710 Puruntie 50\n> Suite 5"): a run reads up a line, never down, so the unit is read here."""
    lines = _lines(text)
    starts = [a for a, _ in lines]
    out = []
    for f in found:
        if f.entity_type != "STREET_ADDRESS":
            continue
        i = bisect.bisect_right(starts, f.end) - 1  # the line the street ends on
        if i + 1 >= len(lines) or text[f.end:lines[i][1]].strip(" \t,.") or not any(
                ch.isdigit() for ch in text[lines[i + 1][0]:lines[i + 1][1]]):
            continue
        m = _UNIT_ALONE.fullmatch(text, *lines[i + 1])
        if m is not None and not _NOT_ADDRESS.search(m.group("v")):
            out.append(Found("STREET_ADDRESS", m.start("v"), m.start("v") + len(m.group("v").rstrip(" \t,")), 0.7))
    return out


def _run_after(text: str, after: int, units: list[tuple[int, int]], min_places: int) -> list[Found]:
    """The run after its opening part(s) ``units`` (up to ``after``): more units, then towns, then a postcode."""
    places = 0
    for a, b in [seg for seg in _segments(text, after, after) if seg[0] >= after][:7]:
        if not text[a:b].strip():
            break
        full = re.fullmatch(rf"[ \t]*(?P<v>{_UNIT_PART})[ \t]*", text[a:b])
        if full is not None and not places:
            units.append((a + full.start("v"), a + full.end("v")))
            continue
        if not any(ch.isdigit() for ch in text[a:b]) and _PLACE_PART.fullmatch(text, a, b) and b - a <= 40:
            places += 1
            continue
        code = _LAST_CODE.match(text, a, b)
        if (code is not None and places >= min_places and not _YEAR.fullmatch(code.group("v"))
                and (places >= 2 or len(code.group("v")) >= 5)):
            return [Found("STREET_ADDRESS", x, y, 0.7) for x, y in units] + [
                Found("POSTAL_CODE", code.start("v"), code.end("v"), 0.7)]
        break
    return []


def _address_runs(text: str, found: list[Found]) -> list[Found]:
    anchors = sorted((f.start, f.end) for f in found if f.entity_type in ("STREET_ADDRESS", "POSTAL_CODE"))
    anchored = Occupied(anchors)  # (a scan of every anchor per part made a text of 4,000 units quadratic)
    out: list[Found] = []
    seen: set[tuple[int, int]] = set()
    for start, end in anchors:
        # a unit written before the street in its part: "Suite 055 26 Stevens Quays", "Block 01 Lot 49 Mustard Road"
        line_start = max(text.rfind("\n", max(0, start - _REACH), start), text.rfind(",", max(0, start - _REACH), start),
                         start - _REACH - 1) + 1
        m = _UNIT_BEFORE.search(text, line_start, start)
        if m is not None and not _NOT_ADDRESS.search(m.group("v")):
            out.append(Found("STREET_ADDRESS", m.start("v"), m.start("v") + len(m.group("v").rstrip(" \t,")), 0.7))
        segs = _segments(text, start, end)
        inside = [i for i, (a, b) in enumerate(segs) if a < end and start < b]
        if not inside:
            continue
        for step in (-1, 1):
            i, town = (inside[0] if step < 0 else inside[-1]), False
            # the run goes on only where the found part fills its own part: "then moved to 12 Main Street" is
            # a sentence, and "Level 5" before it no unit
            between = text[segs[i][0]:start] if step < 0 else text[end:segs[i][1]]
            if (between.strip(" \t.") and not (step < 0 and _UNIT_BEFORE.fullmatch(between))
                    and not (_PLACE_PART.fullmatch(between) and not any(ch.isdigit() for ch in between))):
                continue
            for _ in range(6):
                i += step
                if not 0 <= i < len(segs) or segs[i] in seen:
                    break
                a, b = segs[i]
                if not text[a:b].strip():
                    break
                if anchored.overlaps(a, b):
                    break  # a part found on its own has a run of its own: its sentence is no part ("Пишите на ул. ...")
                crossed = "\n" in text[min(b, segs[i - step][0]):max(a, segs[i - step][1])]
                if crossed and (step > 0 or ("," in text[max(text.rfind("\n", max(0, a - _REACH), a), a - _REACH - 1) + 1:b]
                                             and any(ch.isdigit() for ch in text[a:b]))):
                    break  # a run goes up a line, never down, and never up to a row that ends in a number
                part = _part(text, segs[i], "")
                if part is not None:
                    seen.add(segs[i])
                    out.append(Found(part[0], part[1], part[2], 0.7))
                    continue
                if not any(ch.isdigit() for ch in text[a:b]) and _PLACE_PART.fullmatch(text, a, b) and b - a <= 40:
                    town = True
                    continue  # a town, a district: kept, and the run goes on
                code = (_LAST_CODE.match(text, a, b) or _REGION_CODE.match(text, a, b)) if step > 0 and town else None
                if code is None and step > 0 and not town and (region := _REGION_CODE.match(text, a, b)) is not None \
                        and len(region.group("v")) >= 4 and not _YEAR.fullmatch(region.group("v")):
                    code = region  # a town and its code right after the street: "..., Port Elizabeth 4484 was returned"
                if code is None and step > 0 and (field := _CODE_FIELD.fullmatch(text, a, b)) is not None \
                        and not _YEAR.fullmatch(field.group("v")) and i + 1 < len(segs) \
                        and _PLACE_PART.fullmatch(text, *segs[i + 1]) and not any(ch.isdigit() for ch in text[slice(*segs[i + 1])]):
                    code = field  # a postcode as a field of its own before the town's ("...; 1 Grace Road; 5281; Michaelfort")
                if code is not None and not (_YEAR.fullmatch(code.group("v")) and text[code.end("v"):b].strip(" \t.!?)")):
                    out.append(Found("POSTAL_CODE", code.start("v"), code.end("v"), 0.7))
                    break
                # a floor, a door or a flat after the street ("Enevej 90A, 8. th, Mariager"), or before the postcode
                # with a unit word or a floor's sign ("..., 1º A, 50832 Mollet"; never "Table 4, 10435 Berlin")
                unit = _SHORT_UNIT.fullmatch(text, a, b) or (_unit_prefix(text, a, b) if step > 0 else None)
                if unit is not None and _unit_words(unit.group("v")) and (step > 0 or re.search("[ºª°]", unit.group("v")) or any(
                        w.lower() in KEEP_WORDS for w in re.findall(r"[^\W\d_]{2,}", unit.group("v")))):
                    seen.add(segs[i])
                    out.append(Found("STREET_ADDRESS", unit.start("v"), unit.start("v") + len(unit.group("v").rstrip(" \t.")), 0.7))
                    continue
                part = _part(text, segs[i], "left" if step < 0 else "right")
                if part is not None:
                    out.append(Found(part[0], part[1], part[2], 0.7))
                break
    return out


# A sentence that says an address comes next: "my address is", "Address:" over its block, "ship the order to",
# "I moved to", "she lives at". The part after it (to the next comma or line break) is a street when it reads
# as one (_part: name words and a house number, either way round, in any script; never "Chapter 12", "Python 3",
# "Berlin in 2019"), and the run of parts after it is read as any other (_address_runs).
_RESIDES = r"lives?|lived|living|resides?|resided|residing|staying|stays?"  # where someone lives
_ADDRESS_CUE = re.compile(
    r"(?<![\w])(?i:(?P<strong>address|addr\.|(?:liefer|rechnungs|post|wohn|melde|heim|firmen|privat|zustell|versand)?"
    r"(?:adresse|anschrift)|adres|direcci[oó]n|domicilio|indirizzo|endereço|morada)"
    r"(?:[ \t]+(?:is|was|will[ \t]+be|reads|now|on[ \t]+(?:file|record))[ \t]*:?|[ \t]*[:=]"
    # an address changed to a street ("change my address to ...", "update the delivery address for order 55812 to")
    r"|(?<=ss)(?:[ \t]+(?:for|of|on|from)[ \t]+[\w#-]+(?:[ \t]+[\w#-]+){0,2}?)?[ \t]+to)"
    # an address named by its kind, the value right after it ("registered address Lešenská 92")
    r"|(?:home|postal|mailing|billing|shipping|delivery|residential|registered|street|new|current|permanent|"
    r"previous|old|business|physical|legal|forwarding)[ \t]+(?P<kind>address)[ \t]+(?!(?:for|of|on|to)[ \t])"
    # a field of a form or an order ("Shipping: Paťanka 4", "Billing: ...")
    r"|(?:shipping|billing|delivery|mailing|postal|home|street)(?:[ \t]+address)?[ \t]*:"
    # a home, a shop or a party at a street ("My new apartment is at Severní X 56", "party at Valdovská 871")
    r"|(?:apartment|flat|house|home|office|studio|shop|store|condo|party|building|property|premises|clinic|garage|cottage|"
    r"restaurant|caf[eé]|hotel|practice|workshop|warehouse|station|stop|church|school|hospital|museum|bank|library|"
    r"pharmacy|gym|bar|pub|bakery|market|theat(?:er|re)|cinema|embassy|post[ \t]+office)"
    r"(?:[ \t]+(?:is|was|are|were|will[ \t]+be))?"
    r"(?:[ \t]+(?:now|still|located|situated))?[ \t]+(?:at|on)"
    # a home named by whose it is, the street right after the verb ("our new place is De Haar 176")
    r"|(?:my|our|his|her|their)[ \t]+(?:new[ \t]+|old[ \t]+|current[ \t]+)?(?:place|home|house|apartment|flat)"
    r"[ \t]+(?:is|was|will[ \t]+be)(?![ \t]+(?:now[ \t]+|still[ \t]+|located[ \t]+|situated[ \t]+)?(?:at|on)\b)"
    # what is sent, and where to ("package to 546 Marits never arrived", "parcels to ...")
    r"|(?:package|parcel|letter|shipment|delivery|card|invitation)s?[ \t]+to"
    r"|(?:ship|send|deliver|mail|post|forward)(?:ped|ed|ing|s)?(?:[ \t]+(?:it|them|this|that|everything|"
    r"(?:the|my|our|your|his|her|their)[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+)?))?[ \t]+to"
    rf"|(?:{_RESIDES}|located|based)[ \t]+(?:at|on)"
    r"|visit(?:[ \t]+(?:us|me|him|her|them))?[ \t]+at"
    # a place on a street named by where on it ("the corner of Archkogl 67 and ...", "the north side of Koidu 26")
    r"|(?:corner|(?:(?:north|south|east|west)(?:ern)?[ \t]+)?side|(?:far[ \t]+)?end)[ \t]+of"
    r"|mov(?:ed|ing|es?)[ \t]+(?:to|from))[ \t]*(?:\n[ \t]*)?(?=[^\W_])")


_PART_END = re.compile(r"[,;\n]")
_CUED_REACH = 60  # characters of the part after a cue that are read as its street
_HOUSE_FIRST = re.compile(rf"{_HOUSE}[ \t]+[{_CAP}][\w'’.{_MARKS}-]*(?:[ \t]+[{_CAP}][\w'’.{_MARKS}-]*){{0,3}}")


# A line of two to four capitalised words (a name, in any script) and under it a street line with no type word
# ("Gørvel Miller\n335 Marksvinget", "Μάρκος Βικελίδης\nΜυκόνου 488"): the head of a letter or a parcel label
_NAME_LINE = re.compile(rf"[ \t]*[{_CAP}][\w'’.-]*(?:[ \t]+[{_CAP}][\w'’.-]*){{1,3}}[ \t]*")


def _under_a_name(text: str) -> list[Found]:
    lines = _lines(text)
    out = []
    for i in range(1, len(lines)):
        (a0, b0), (a, b) = lines[i - 1], lines[i]
        if b - a > 60 or not any(ch.isdigit() for ch in text[a:b]) or _NAME_LINE.fullmatch(text, a0, b0) is None:
            continue
        if i + 1 < len(lines) and text[lines[i + 1][0]:lines[i + 1][1]].strip() and not _PLACE_PART.fullmatch(
                text, *lines[i + 1]):
            continue  # a line of a table or of prose follows: no address block
        line = text[a:b]
        first = a + len(line) - len(line.lstrip())
        street = _cued_street(text, first, a + len(line.rstrip(" \t.,")), False)
        if street is not None:
            out.append(Found("STREET_ADDRESS", first, street, 0.7))
    return out


# a street where something is or happens, with no word saying it is an address ("the key is under the mat at
# Obežná 871.", "contact her at Vijenac 6c/8.", "never reached Šalata 5c/0."): the street must fill the rest of its
# part, and read as one (_cued_street's test, never "at Gate 12", "at Windows 11", "at PyCon 2024")
_LOOSE_CUE = re.compile(r"(?<![\w])(?i:at|near|outside|reached|opposite|behind|in[ \t]+front[ \t]+of)[ \t]+(?=[^\W_])")
_PART_CLOSED = re.compile(r"[ \t]*(?:[.,;:!?)(\n]|$)")


def _part_stop(text: str, at: int) -> int:
    """Where the part that starts at ``at`` ends (the next comma, semicolon or line break), read no further than
    _cued_street does: a search to the end of the text per cue made a text of cues and no comma quadratic."""
    stop = _PART_END.search(text, at, at + _CUED_REACH)
    return stop.start() if stop else min(len(text), at + _CUED_REACH)


def _after_cues(text: str) -> list[Found]:
    out = []
    for m in _LOOSE_CUE.finditer(text):
        street = _cued_street(text, m.end(), _part_stop(text, m.end()), False)
        if street is not None and _PART_CLOSED.match(text, street) and not re.match(_UNIT_PART, text[m.end():street]):
            out.append(Found("STREET_ADDRESS", m.end(), street, 0.7))  # (a name first: "reached No. 1 single" is none)
    for m in _ADDRESS_CUE.finditer(text):
        street = _cued_street(text, m.end(), _part_stop(text, m.end()), bool(m.group("strong") or m.group("kind")))
        if street is not None:
            out.append(Found("STREET_ADDRESS", m.end(), street, 0.7))
            code = _OTHER_POSTCODE_CITY.match(text, street)  # the postcode and town after it: ", 55382 Costa Blanca"
            if code is not None:
                out.append(Found("POSTAL_CODE", code.start("v"), code.end("v"), 0.7))
    return out


def _cued_street(text: str, a: int, b: int, strong: bool) -> int | None:
    """The end of the street that opens ``text[a:b]``, right after an address cue, or None: the whole part, or its
    start when the sentence goes on ("to 12 Kastanjelaan last month"). A number and words may read as a postcode
    and its town too ("1014 ساحة التقدم"): after the cue, the street comes first. After the word address itself,
    capitalised words with a house number are the street even when a dictionary holds them ("Address:\n552 Saint
    Du Chateau"), and after any cue when a known town follows ("ship to Ojo de Agua 488, Salamanca"); never a sentence
    ("the address is 12 lines long", "moved to Windows 11", "ship to Chapter 12")."""
    b = min(b, a + _CUED_REACH)  # a sentence may go on after the street: its start is read ("at Valdovská 871 and ...")
    if not any(ch.isdigit() for ch in text[a:b]):
        return None
    for shape in (_PART_FULL.fullmatch(text, a, b), _PART_PREFIX.match(text, a, b), _HOUSE_FIRST.match(text, a, b)):
        if shape is None:
            continue
        value = text[a:shape.end()].rstrip(" \t.")
        if not re.search(r"[^\W\d_]{2}", value) or _NOT_ADDRESS.search(text, a, a + len(value) + 2):
            continue  # "Ubuntu 22.04", "Node 18:30"
        if (_CAPITALS_SENTENCE_BREAK if value.isupper() else _SENTENCE_BREAK).search(value):
            continue  # "CRACKLES AT BASES. RR-11-13. PA STAS 73": a sentence ends inside
        if not re.search(r"[^\W\d_]{2}", re.sub(_UNIT_PART, " ", value)):
            continue  # a unit alone is no street after a cue: "lives on Level 2 of the game"
        words = re.findall(r"[^\W\d_]+", value)
        if not strong and all(_YEAR.fullmatch(n) for n in re.findall(r"\d+", value)):
            continue  # "party at PyCon 2024", "office on Windows 2019": a year, no house number
        typed = len(words) >= 2 and re.fullmatch(_USPS_SUFFIXES, words[-1]) is not None  # "at Bryan Vista 484"
        if _street_words(value) or (strong or typed or _town_after(text, a + len(value))
                                    or _code_after_street(text, a + len(value)) is not None) and all(
                w[:1].isupper() or w.lower() in KEEP_WORDS for w in words) and not any(w.lower() in _STOP for w in words):
            return a + len(value)
    return None




# a town's name, one to three capitalised words ("Salamanca", "North Carl", "Villers-en-Fagne")
# (a hyphen only inside a word: with "-" both in a word and between words, "Ab-Ab-Ab-..." could be split in cubic
# many ways, and 3,000 such characters took 36 s)
_TOWN_WORD = r"[A-ZÀ-ÖØ-ÞĀ-ž][\w'’]+(?:-[\w'’]+)*"
_TOWN_WORDS = rf"{_TOWN_WORD}(?:[ \t]{_TOWN_WORD}){{0,2}}"
_TOWN_AFTER = re.compile(rf",[ \t]*(?P<t>{_TOWN_WORDS})(?=[ \t]*(?:[.,;\n]|$))")


def _town_after(text: str, end: int) -> bool:
    """A known town closing the part after the street ("ship the order to Ojo de Agua 488, Salamanca."): the
    capitalised words and the number before it are the street even with no type word."""
    m = _TOWN_AFTER.match(text, end)
    return m is not None and m.group("t").casefold() in _places()


def _plausible_street(text: str, m: re.Match[str]) -> bool:
    words = re.findall(r"[A-Za-zÀ-ÿ]+", m.group("name"))
    breaks = _CAPITALS_SENTENCE_BREAK if m.group("name").isupper() else _SENTENCE_BREAK
    return bool(words) and not any(w.lower() in _STOP for w in words) \
        and breaks.search(text, m.start("name"), min(len(text), m.end("name") + 2)) is None
    # ("12 ms. Nothing else came close"; "gave 2 puffs. Dr. Smith called": the point closes the name, the type opens
    # the next sentence)


# a lower-case word, its point and a capital: a sentence ends there ("St. John's" is a street's, "ms. Nothing" never)
_SENTENCE_BREAK = re.compile(r"(?<![^\W\d_])[a-zà-ÿ]{2,}\.[ \t]+[A-ZÀ-Ý]")
# in capitals, a word of three letters or more and its point before the next word ("4 EXTREMITIES SPONTANEOUSLY. HEAD
# CT": "ST. JAMES", "MT. VERNON" keep their abbreviations)
_CAPITALS_SENTENCE_BREAK = re.compile(r"(?<![^\W\d_])[A-ZÀ-Ý]{3,}\.[ \t]+[A-ZÀ-Ý]")


# A postcode beside its town, with no street: "I live in 12211 Adrianport", "Lübben 04948", "North Carl, 63268" (a
# town starts a word: read from inside one, a 30,000-letter word took a minute)
_CODE_TOWN = re.compile(rf"(?<![\w.,-])(?P<v>{_DUTCH_CODE}(?![^\W\d_])|{_ZIP}|{_OTHER_POSTCODE})[ \t]+(?P<t>{_TOWN_WORDS})")
# (the sentence may go on with a word of time or courtesy after a code of 5+ digits: "Cáceres, 24310 last
# month", never "45000 people")
_TOWN_CODE = re.compile(rf"(?<![\w'’-])(?P<t>{_TOWN_WORDS})(?P<comma>,?)[ \t]+(?P<v>{_ZIP}|{_OTHER_POSTCODE})(?![\w-])"
                        r"(?![ \t]+(?!(?:last|next|this|since|until|till|please|thanks|asap|today|tomorrow|yesterday|"
                        rf"{_CODE_VERBS})\b)"
                        r"[a-zà-ÿ])(?!\.\d|,\d)")
_YEAR = re.compile(r"(?:1[89]|20)\d\d")
# a town after a preposition of place, its code right after it, the sentence going on or ending there ("in Thiais
# 94320 in its mission", "near Alluitsup Paa 3919."; never "in Paris 45000 people", nor a year: "in Paris 2024")
_ANY_TOWN_WORD = rf"[{_CAP}][\w'’]+(?:-[\w'’]+)*"  # (in Greek and Cyrillic capitals too: "ΑΓΙΟΣ ΑΜΒΡΟΣΙΟΣ 4710")
# (particles inside the town's name: "Caravaca de la Cruz", "Frankfurt am Main"; a district's letter after it:
# "København K"; a town in lower case in a text in lower case, read only where it is no word: "in viechtach 94234")
_TOWN_PARTICLES = r"de|del|la|las|los|le|les|du|des|da|das|do|dos|di|della|am|an|im|der|ob|bei|sur|sous|en|upon|on|y"
_IN_TOWN_CODE = re.compile(rf"(?<![\w'’-])(?i:in|at|near|from)[ \t]+(?P<t>{_ANY_TOWN_WORD}"
                           rf"(?:(?:[ \t](?:{_TOWN_PARTICLES})){{0,2}}[ \t]{_ANY_TOWN_WORD}){{0,2}}(?:[ \t][A-Z](?![\w'’-]))?"
                           r"|(?P<lower>[a-zà-ÿ][a-zà-ÿ'’]{3,}(?:-[a-zà-ÿ'’]+)*))"
                           rf"(?:[ \t]+\d{{1,2}}(?=[ \t]+\d{{3}}[ ]\d{{2}}(?!\d)))?"  # (a district: "in Praha 5 150 00")
                           rf"[ \t]+(?P<v>{_ZIP}|{_OTHER_POSTCODE}|\d{{3}})"
                           rf"(?![\w-])(?!\.\d|,\d)(?=[ \t]*(?:[.,;:!?)\n]|$)|[ \t]+{_GOES_ON})")
# a town, a state or province code and a postcode ("Andrewshire, NT, 2257", "Glenroy, VIC 3046"), an Indian
# town and its PIN joined by a hyphen ("Suryapet-830401")
_TOWN_STATE_CODE = re.compile(rf"(?<![\w'’-])(?P<t>{_TOWN_WORDS}),[ \t]+(?P<s>[A-Z]{{2,3}})\.?,?[ \t]+(?P<v>\d{{4,5}}(?:-\d{{4}})?)"
                              r"(?![\w-])(?!\.\d|,\d)")
_AU_STATES = frozenset("NSW VIC QLD SA WA TAS NT ACT".split())
# the same without the comma, as Australian addresses are written ("Surry Hills NSW 2010", "Sydney NSW 2000."): a
# state no other abbreviation writes takes any four digits, one that is a word or a company's form too ("SA", "WA",
# "NT", "ACT") no year unless the town is a known place ("Acme SA 2019" stays)
_TOWN_AU_STATE_CODE = re.compile(rf"(?<![\w'’-])(?P<t>{_TOWN_WORDS})[ \t]+(?P<s>{'|'.join(sorted(_AU_STATES))})[ \t]+"
                                 r"(?P<v>\d{4})(?![\w-])(?!\.\d|,\d)")
_AU_STATES_ALONE = _AU_STATES - {"SA", "WA", "NT", "ACT"}
_TOWN_PIN = re.compile(rf"(?<![\w'’-])(?P<t>{_TOWN_WORDS}|[{_CASELESS}][\w{_MARKS}]+)-(?P<v>(?!(?:19|20)\d\d(?:0[1-9]|1[0-2]))[1-9]\d{{5}})(?![\w-])"
                       rf"(?=[ \t.,;!?)]*(?:\n|$)|[ \t]+{_GOES_ON})")  # never a tag or a month ("Tokyo-202405 is ...")


_VERB_AFTER = re.compile(rf"[ \t]+(?:{_CODE_VERBS})\b")
_STREET_BEFORE_TOWN = re.compile(rf"(?:^|(?<=[,;:\n]))[ \t]*(?P<v>[{_CAP}][\w'’-]+(?:[ \t]+[{_CAP}][\w'’-]+){{0,2}}[ \t]+"
                                 r"\d{1,4}[A-Za-z]?)\.?[ \t]*,[ \t]*$")


def _postcodes_beside_towns(text: str) -> list[Found]:
    """A postcode next to a town: before a known place or a proper name, or after a known place (or after
    a proper name and a comma); never a year ("In 2019 Paris ..."), never a count ("Paris, 45000 people")."""
    places = _places()
    out = []
    for m in _CODE_TOWN.finditer(text):
        town = m.group("t")
        year = _YEAR.fullmatch(re.search(r"\d+", m.group("v")).group())  # type: ignore[union-attr]
        if not year and (town.casefold() in places or _proper(town)):  # "In 2019 US Congress" no code either
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
    for m in _TOWN_CODE.finditer(text):
        town = m.group("t")
        if len(m.group("v")) < 5 and re.match(r"[ \t]+[a-zà-ÿ]", text[m.end():]):
            continue  # "Boston, 1200 last year": a count, as often as a postcode
        known = town.casefold() in places or town.split()[-1].casefold() in places
        # or a proper name after a part of name words and a house number ("..., Hercegovačka 783, Vrlika 38445"):
        # that part is the street
        verb = _VERB_AFTER.match(text, m.end())
        street = _STREET_BEFORE_TOWN.search(text, max(0, m.start() - 60), m.start()) \
            if verb or not (known or m.group("comma")) else None
        if street is None and verb:
            continue  # a verb after the number: a postcode only after a street ("..., Vrlika 38445 was returned")
        if not _YEAR.fullmatch(m.group("v")) and (known or (m.group("comma") or street) and _proper(town)):
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
            if street is not None and len(m.group("v")) >= 4 and _street_words(street.group("v")):
                out.append(Found("STREET_ADDRESS", street.start("v"), street.end("v"), 0.7))
    for m in _IN_TOWN_CODE.finditer(text):  # "... support them in Alluitsup Paa 3919 in its mission"
        town = m.group("t")
        if m.group("lower") and not (_unknown_word(town) and re.fullmatch(r"\d{3}|\d{5}", m.group("v"))):
            continue  # "in total 45000 in the end", "sales in march 12000 and april", "at approx 0640 this am"
        if not _YEAR.fullmatch(m.group("v")) and (town.casefold() in places or _proper(town) or m.group("lower")):
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))  # (three digits too, as Iceland and the
            # Faroes write a code: "in Hafnir 233 in its mission")
    for m in _TOWN_STATE_CODE.finditer(text):
        town = m.group("t")
        year = _YEAR.fullmatch(m.group("v")) and m.group("s") not in _AU_STATES
        if not year and (town.casefold() in places or _proper(town)):
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
    for m in _TOWN_AU_STATE_CODE.finditer(text):
        town, known = m.group("t"), m.group("t").casefold() in places
        if (known or _proper(town)) and (known or m.group("s") in _AU_STATES_ALONE or not _YEAR.fullmatch(m.group("v"))):
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
    for m in _TOWN_PIN.finditer(text):
        town = m.group("t")
        if town.casefold() in places or _proper(town):
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
    return out


# A street named with no house number, after its type ("She lives on rue Simone Baron", "left on Calle de Alcalá",
# "Piazza Navona"), before it ("on Maple Street", "the street is Daniëlbaan") or joined to it ("Sibilla-Ruppert-Weg",
# "Ahlefeldtsvej", "Trädgårdsgränd"): a street is a place smaller than a town, which HIPAA's identifier 2
# counts. English types only where a street is all they name (never "Drive", "Lane", "Court",
# "Place", "Way": "Google Drive", "Memory Lane", "Supreme Court"), and never before another capitalised word
# ("Wall Street Journal", "Abbey Road Studios"). The type-first words are those no English sentence writes before a
# capitalised word ("rue", "calle", "Piazza"; "avenue" and "boulevard" in lower case, or capitalised in French).
_NO_NUMBER_EN = re.compile(
    r"(?<![\w'’.-])(?P<v>(?:[A-Z][\w'’-]*[ \t]+){1,3}(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.?|Terrace|"
    r"Crescent|Parkway|Mews)(?:[ \t]+(?:North|South|East|West))?)(?![\w'’-])(?![ \t]+[A-Z][a-z])")
_NO_NUMBER_PARTICLES = r"de|du|des|la|le|les|l|d|del|las|los|el|dos|das|da|do|di|della|delle|degli|dei|von|van"
_NO_NUMBER_FIRST = re.compile(
    r"(?<![\w'’.-])(?P<v>(?P<type>rue|Rue|avenue|boulevard|Avenue|Boulevard|chemin|Chemin|impasse|Impasse|all[ée]e|"
    r"All[ée]e|quai|Quai|calle|Calle|avenida|Avenida|paseo|Paseo|carrer|Carrer|rua|Rua|travessa|Travessa|Largo|"
    r"viale|Viale|piazza|Piazza|Corso|plac|ulica|ul\.|aleja|strada|Strada|Calea|bulevardul|Bulevardul)"
    # after a particle one word ("rue des Forges", not "rue des Forges Suzanne Le" in a list with no commas), or up to
    # three capitalised words ("rue Simone Baron", "Piazza Navona")
    rf"(?:[ \t]+|['’])(?:(?:(?:{_NO_NUMBER_PARTICLES})(?:[ \t]+|['’]))+[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*"
    r"|[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*(?:[ \t]+[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*){0,2}))(?![\w'’-])")
# Hungarian: the name, then the type in lower case ("Pusztamelléki út", "Váci utca", "Szabadság tér")
_NO_NUMBER_HU = re.compile(r"(?<![\w'’.-])(?P<v>[A-ZÁÉÍÓÖŐÚÜŰ][\w'’-]+(?:[ \t][A-ZÁÉÍÓÖŐÚÜŰ][\w'’-]+)?[ \t]"
                           r"(?:utca|út|útja|tér|körút|köz|sétány|fasor|rakpart))(?![\w'’-])")
_COMPOUND_STREET = re.compile(
    r"(?<![\w'’.-])(?P<v>(?:[A-ZÀ-ÖØ-ÞĀ-ž][\w'’]*-)+(?:Straße|Strasse|Weg|Gasse|Allee|Platz|Damm|Ufer|Steig|Ring)"
    r"|(?P<stem>[A-ZÀ-ÖØ-ÞĀ-ž][^\W\d_]{2,}?)(?:straße|strasse|gasse|allee|platz|damm|ufer|weg|gade|vej|stræde|gatan|"
    r"vägen|gränd|gata|veien|gaten|straat|plein|gracht|laan|baan|steeg|utca|katu))(?![\w'’-])")

# a street named after the word itself ("the street is Singh Park", "Street name: Spears Walks")
_STREET_IS = re.compile(r"(?<![\w-])(?i:street|road)(?:[ \t]+(?i:name))?(?:[ \t]+(?i:is|was|called)|[ \t]*:)[ \t]+"
                        r"(?P<v>[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*(?:[ \t]+[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*){0,3})(?![\w'’-])")
# a street as the value of a record's "street" ("name Daniel Watson, street Richardson Forges, number 91582")
_STREET_KEY = re.compile(r"(?:^|(?<=[,;|(]))[ \t]*(?i:street)[ \t]+"
                         r"(?P<v>[A-ZÀ-ÖØ-ÞĀ-ž][\w'’.-]*(?:[ \t]+[\w'’.-]+){0,3}?)(?=[ \t]*(?:[,;|)]|$))")
# a street with a USPS type where someone lives, with no number ("I live on Erdoğan Mount near the park")
_LIVES_ON = re.compile(rf"(?<![\w])(?i:{_RESIDES})[ \t]+on[ \t]+"
                       rf"(?P<v>(?:[A-ZÀ-ÖØ-ÞĀ-ž][\w'’-]*[ \t]+){{1,3}}(?:{_USPS_SUFFIXES}))(?![\w'’-])(?![ \t]+[A-Z][a-z])")
# a street type in the words outweighs NER's reading of them as a person's name ("Piazza Garibaldi", "Thistle Avenue")
_TYPED = 0.9
# what introduces a person by name ("My name is Calle Norberg", "me llamo", "je m'appelle", "everyone calls me"):
# a street's type word after it opens a name
_NAMED_BEFORE = re.compile(r"(?i:(?:my|his|her|their|your)[ \t]+name[ \t]+is|(?:i|he|she)[ \t]+(?:am|is)[ \t]+called|"
                           r"(?:calls?|call(?:ed)?)[ \t]+(?:me|him|her)|named|me[ \t]+llamo|se[ \t]+llama|"
                           r"je[ \t]+m['’]appelle|mi[ \t]+nombre[ \t]+es|mon[ \t]+nom[ \t]+est)[ \t]+$")


def _named_streets(text: str, lang: str) -> list[Found]:
    from mechanisms.prmpt.entities.name_words import name_index
    from mechanisms.prmpt.entities.people import NAME_KEY_BEFORE

    english, index = _english(), name_index()
    out = []
    for m in _NO_NUMBER_EN.finditer(text):
        start, words = m.start("v"), m.group("v").split()
        while len(words) > 2 and words[0].lower() in _STOP:  # "Is Condron Street a safe street": the street starts after
            start = text.index(words[1], start + len(words[0]))
            words = words[1:]
        if any(w.lower() in _STOP for w in words[:-1]):
            continue  # "The Street", "This Road", "Go to Street"
        out.append(Found("STREET_ADDRESS", start, m.end("v"), _TYPED))
    for m in _NO_NUMBER_FIRST.finditer(text):
        if m.group("type") in ("Avenue", "Boulevard") and lang != "fr":
            continue  # "Avenue Q", "Boulevard Brewing"
        if NAME_KEY_BEFORE.search(text, max(0, m.start() - 40), m.start()) \
                or _NAMED_BEFORE.search(text, max(0, m.start() - 24), m.start()):
            continue  # "Name: Calle Norberg", "My name is Calle Norberg": a person's name a street's type opens
        out.append(Found("STREET_ADDRESS", m.start("v"), m.end("v"), _TYPED))
    for m in _NO_NUMBER_HU.finditer(text):
        out.append(Found("STREET_ADDRESS", m.start("v"), m.end("v"), _TYPED))
    for m in (*_STREET_IS.finditer(text), *_STREET_KEY.finditer(text), *_LIVES_ON.finditer(text)):
        if not any(w.lower() in _STOP for w in m.group("v").split()):
            out.append(Found("STREET_ADDRESS", m.start("v"), m.end("v"), _TYPED))
    for m in _COMPOUND_STREET.finditer(text):
        if m.group("stem") and (m.group("v").lower() in english or index.is_listed(m.group("v"))):  # type: ignore[operator]
            continue  # "Brigade", "Renegade"; a family name ("Hofweg"); "-ring" is read with a hyphen only ("Siering")
        out.append(Found("STREET_ADDRESS", m.start("v"), m.end("v"), _TYPED))
    return out


# a New Zealand rural delivery on the line under a street ("72 Nolan Avenue\nRD 3")
_RURAL_DELIVERY = re.compile(r"[ \t,]*\n[ \t]*(?P<v>RD[ \t]+\d{1,2})(?![\w-])")
# The cells of a table under an address's column titles ("name,street,postcode,city", "| Name | Address | City |");
# the header row holds no digit but in those titles ("address_line_1")
_COLUMN_HINT = re.compile(r"(?i:address|addr|street|zip|post|plz|cp\b|direcci|adresse|indirizzo|endere|stra(?:ss|ß)e)")
_STREET_TITLE = re.compile(r"[ \t]*[\"']?(?i:(?:street|home|mailing|billing|shipping)?[ _]?(?:address|addr\.?)(?:[ _]?line)?"
                           r"(?:[ _]?[12])?|street|direcci[oó]n|domicilio|adresse|rue|indirizzo|via|endereço|morada|"
                           r"stra(?:ss|ß)e|anschrift|ulica)[\"']?[ \t]*")
_CODE_TITLE = re.compile(r"[ \t]*[\"']?(?i:zip(?:[ _]?code)?|post(?:al)?[ _]?code|postcode|plz|cp|c[oó]digo[ _]postal|"
                         r"code[ _]postal|cap|postnummer|kod[ _]pocztowy|psč)[\"']?[ \t]*")
_CODE_CELL = re.compile(r"[ \t]*[\"']?(?P<v>(?=[A-Z\d -]*\d)[A-Z\d][A-Z\d -]{1,8}[A-Z\d])[\"']?[ \t]*")


def _table_addresses(text: str) -> list[Found]:
    def title(cell: str) -> str | None:
        return "street" if _STREET_TITLE.fullmatch(cell) else "code" if _CODE_TITLE.fullmatch(cell) else None

    def header(line: str, cells: list[tuple[int, int]]) -> bool:
        return all(title(line[a:b]) or not any(ch.isdigit() for ch in line[a:b]) for a, b in cells)

    out = []
    for kind, a, b in column_cells(text, _COLUMN_HINT, title, header):
        if kind == "code":
            m = _CODE_CELL.fullmatch(text, a, b)
            if m is not None:
                out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
            continue
        value = text[a:b].strip(" \t\"'")
        if (re.search(r"[^\W\d_]{2}", value) and len(value) <= 80 and not re.search(r"@|://", value)
                and not re.fullmatch(r"(?:0x)?[\da-fA-F:.]+", value)):  # a memory, a MAC or an IP address is no street
            start = text.index(value, a)
            out.append(Found("STREET_ADDRESS", start, start + len(value), 0.7))
    return out


# A unit and its number filling a part of their own, with no street beside them ("Address line 2: Suite 738;",
# "..., Piano 5."): the words English writes otherwise ("Unit 4", "Studio 5", "Top 10") are left to the runs
_UNIT_FIELD = re.compile(
    r"(?:^|(?<=[,;:|(\n]))[ \t]*(?P<v>(?:Of\.|(?:Apt|Apartment|Appartement|Appt|Appartamento|Apartamento|Apto|Suite|Ste|"
    r"Flat|Piso|Puerta|Piano|Oficina|Bodega|Depto|Dpto|Departamento|Wohnung|Whg|Interno|Daire|Lokal)\.?)[ \t]*"
    r"(?:#|No\.?|Nr\.?|N[º°]\.?)?[ \t]*\d{1,5}[A-Za-z]?(?:[-/]\d{1,4}[A-Za-z]?)?)"
    r"(?=[ \t]*(?:[,;|)\n]|\.?[ \t]*$|\.[ \t]+[A-Z]))")
# A unit line over a street line with a USPS type and no number ("Flat 18\nFrederick Pine", "Studio 8\nPorter Rapids;")
_UNIT_OVER_STREET = re.compile(
    r"(?<![\w'’.-])(?P<v>(?:(?:Flat|Studio|Apartment|Apt\.?|Unit|Suite)[ \t]+\d{1,4}[A-Za-z]?[ \t]*\n"
    # or a house number with its street after a comma or on the next line ("H.No. 73, Chaudry Marg", "58/073\nDugar Nagar")
    r"|(?:H\.[ ]?No\.|House[ \t]+No\.?)[ \t]*\d{1,5}[A-Za-z]?[ \t]*[,\n]|\d{1,4}/\d{1,4}[ \t]*\n)[ \t]*"
    rf"(?:[A-Z][\w'’-]*[ \t]+){{1,3}}(?:{_USPS_SUFFIXES}))(?![\w'’-])(?![ \t]+[A-Z][a-z])")


_SENTENCE_WORDS = _STOP - frozenset(_PARTICLES.split("|"))  # ("of", "the" are a street's particles too)


# what closes a street's part: a comma, a line's or the text's end, a point that ends a sentence
_PART_CLOSES = re.compile(r"[ \t]*(?:[,;:)\n]|\.(?!\d)|$)")


def _route_via(text: str, m: re.Match[str]) -> bool:
    """"via" or "largo" in lower case, as English writes them, before a name and a number: a route or a version
    ("upgrade via Windows 10", "via Gmail 2 days ago", "via Homebrew 4.2.1"), unless a particle or a proper name
    follows and the number closes the part ("abito in via dei Mille 23, Napoli", "via Roma, 45")."""
    kind = text[m.start("v"):m.start("name")].strip(" \t.").lower()
    if kind not in ("via", "largo") or not text[m.start("v")].islower():
        return False
    name = m.group("name")
    particle = re.match(rf"(?:{_ROMANCE_PARTICLES})(?:[ \t]+|['’])", name) is not None
    return not ((particle or _after_in(text, m.start("v")) or _town(name)) and _PART_CLOSES.match(text, m.end()) is not None)


_IN_BEFORE = re.compile(r"(?<![\w'’])(?:in|In|IN)[ \t]+$")


def _after_in(text: str, start: int) -> bool:
    """The street's part follows "in", as Italian prose writes one ("abito in via Verdi 7")."""
    return _IN_BEFORE.search(text, max(0, start - 8), start) is not None


def _romance_street_name(name: str, before: str, lang: str) -> bool:
    """A French or Spanish street's name after its type (``before``: the number and the type): no English stop word
    that is no particle, and in capitals in an English text after a type English writes as a word or an abbreviation
    ("VIA", "AV", "PO", "PLACE"), a proper name among the words ("75 AV PACED", "PO AND GIVEN ..." in a note in capitals;
    "CALLE MAYOR 12" stays)."""
    words = _LETTERS.findall(name)
    if any(w.lower() in _SENTENCE_WORDS for w in words):
        return False
    kind = (_LETTERS.findall(before) or [""])[-1].lower()
    if not name.isupper() or lang != "en" or not (len(kind) <= 2 or kind in _english()):  # type: ignore[operator]
        return True
    return _proper(" ".join(w.title() for w in words))


def find_addresses(text: str, lang: str) -> list[Found]:
    out: list[Found] = []
    ends: list[int] = []
    for pattern, score in ((_EN_ADDRESS, 0.75), (_FR_ADDRESS, 0.8), (_ES_ADDRESS, 0.8), (_TYPE_FIRST_ADDRESS, 0.75),
                           (_SUFFIX_ADDRESS, 0.7), (_LOWER_TYPE_ADDRESS, 0.7), (_BOX_ADDRESS, 0.8),
                           (_ADDRESS_FIELD, 0.7), (_USPS_ADDRESS, 0.75), (_SEPARATE_TYPE_ADDRESS, 0.7),
                           (_JP_ADDRESS, 0.8), (_JP_CHOME, 0.8), (_JP_CHOME_LATIN, 0.8), (_KO_ROAD, 0.75), (_CYR_ADDRESS, 0.75), (_CJK_ADDRESS, 0.75), (_KO_ADDRESS, 0.75),
                           (_TH_ADDRESS, 0.75), (_VI_ADDRESS, 0.75), (_KA_ADDRESS, 0.75), (_AZ_UNITS, 0.75), (_RTL_ADDRESS, 0.75), (_CYR_BARE, 0.75),
                           (_ROAD_KM, 0.75), (_NAMED_UNIT_ADDRESS, 0.7), (_NAMED_BEFORE_CODE, 0.7), (_FR_TYPE_FIRST_LOWER, 0.75), (_ROMANCE_TYPE_FIRST_LOWER, 0.75),
                           (_CS_PREPOSITION_ADDRESS, 0.7),
                           (_SLAVIC_ADJECTIVE_STREET, 0.7), (_LOWER_USPS_ADDRESS, 0.7),
                           (_STREET_FIELD, 0.7)):
        for m in pattern.finditer(text):
            if pattern is _EN_ADDRESS and not _plausible_street(text, m):
                continue
            if pattern in (_ES_ADDRESS, _FR_ADDRESS) and not _romance_street_name(
                    m.group("name"), text[m.start("v"):m.start("name")], lang):
                continue  # "VIA FICK EQUATION AND WAS 284", "75 AV PACED": a note in capitals, no street
            if pattern is _LOWER_TYPE_ADDRESS and not _proper(m.group("name")):
                continue  # "str. Format 3 ways": no street's name
            if pattern is _FR_TYPE_FIRST_LOWER and not (m.group("fr") or m.group("part") or _town(m.group("name"))):
                continue  # a type English writes too, with no particle and no proper name: "took place July 4"
            if pattern is _ROMANCE_TYPE_FIRST_LOWER and not (
                    m.group("part") or _town(m.group("name")) or _after_in(text, m.start("v"))):
                continue  # "corso Intensivo 2": no street's name
            if pattern in (_ES_ADDRESS, _ROMANCE_TYPE_FIRST_LOWER) and _route_via(text, m):
                continue
            if pattern is _NAMED_UNIT_ADDRESS and not (
                    (m.group("strong") or _proper(m.group("name"))) and not any(
                        w.lower() in _STOP for w in m.group("name").split())):
                continue  # "Lesson 4 Unit 2": no street's name (a unit word English never writes is enough)
            if pattern is _VI_ADDRESS and not (_VI_MARK.search(m.group("v")) and re.sub(
                    r"^(?:(?:Số|số)[ \t]+)?\d[\d/]*[A-Za-z]?", "", m.group("v")).strip()):
                continue  # "45/50", "12 Main", "Số 9" alone: no Vietnamese street
            if pattern is _SLAVIC_ADJECTIVE_STREET and (
                    m.group("name").lower() in _english() or m.group("name").casefold() in _places()  # type: ignore[operator]
                    or _NAME_BEFORE.search(text, max(0, m.start() - 40), m.start()) or re.match(r"[ \t]+\d", text[m.end():])):
                continue  # "Alaska 3", "Nebraska 5"; a family name after a given one, in a score line ("Anna Kowalska 70 66")
            if pattern is _LOWER_USPS_ADDRESS and not _lower_case_street_name(m.group("name")):
                continue  # "100 of the parks", "120 green hills": no street's name
            if pattern is _STREET_FIELD and not _street_field(m.group("v")):
                continue  # "The street: it was empty"
            if pattern is _ADDRESS_FIELD and not re.search(r"\d|s/n", m.group("v")):
                continue  # a field that holds no number is a city or a country at most
            value = m.group("v").rstrip(" ,.")
            out.append(Found("STREET_ADDRESS", m.start("v"), m.start("v") + len(value), score))
            ends.append(m.start("v") + len(value))
    for end in ends:
        # a postcode in the reach of a street, with no blank line between: US, UK and Canadian codes; a state
        # and a postcode ("..., East Sean, NT, 2480"); a town and a postcode ending the line; one right after it
        for pattern, reach, score in ((_POSTCODE_AFTER_STREET, 70, 0.8), (_STATE_POSTCODE, 60, 0.75),
                                      (_SCRIPT_POSTCODE, 100, 0.75), (_LOWER_UK_AFTER_STREET, 70, 0.75)):
            m = pattern.search(text[end:end + reach])
            if m and "\n\n" not in text[end:end + m.start()]:
                group = "w" if m.groupdict().get("w") else "v"
                out.append(Found("POSTAL_CODE", end + m.start(group), end + m.end(group), score))
        m = _OTHER_POSTCODE_CITY.match(text, end)
        if m:
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.75))
        m = _RURAL_DELIVERY.match(text, end)
        if m:
            out.append(Found("STREET_ADDRESS", m.start("v"), m.end("v"), 0.75))
    for m in _POSTCODE_VALUE.finditer(text):  # the value first (cheap), then its cue word before it
        if _POSTCODE_CUE.search(text, max(0, m.start() - 30), m.start()):
            out.append(Found("POSTAL_CODE", m.start(), m.end(), 0.8))
    for m in _LOWER_UK_AFTER_STREET.finditer(text):  # (a chat's answer in lower case to a question on the postcode
        # a line before: "can you confirm your postcode?\nCustomer: sure it's ec2a 4ny")
        if _POSTCODE_NEAR.search(text, max(0, m.start() - 100), m.start()):
            out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.8))
    for m in _OTHER_POSTCODE_VALUE.finditer(text):
        if _OTHER_POSTCODE_CUE.search(text, max(0, m.start() - 40), m.start()):
            out.append(Found("POSTAL_CODE", m.start(), m.end(), 0.8))
    for m in _THREE_DIGITS.finditer(text):  # (Iceland's and the Faroes' codes have three digits: "ZIP: 602")
        if _THREE_DIGIT_CUE.search(text, max(0, m.start() - 30), m.start()):
            out.append(Found("POSTAL_CODE", m.start(), m.end(), 0.8))
    cued = [f.end for f in out if f.entity_type == "POSTAL_CODE" and f.score >= 0.8]
    for m in _CODE_BEFORE_WORD.finditer(text):
        group = "v" if m.group("v") else "w"
        if not _YEAR.fullmatch(m.group(group)):
            out.append(Found("POSTAL_CODE", m.start(group), m.end(group), 0.75))
            cued.append(m.end(group))
    for end in cued:  # (each code of the list read on from the one before it)
        while (more := _MORE_CODES.match(text, end)) is not None and not _YEAR.fullmatch(more.group("v")):
            out.append(Found("POSTAL_CODE", more.start("v"), more.end("v"), 0.75))
            end = more.end("v")
    for m in _ZIP_WHERE.finditer(text):
        out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7))
    out.extend(_after_cues(text))
    out.extend(_named_streets(text, lang))
    out.extend(Found("STREET_ADDRESS", m.start("v"), m.end("v"), 0.7) for m in _UNIT_OVER_STREET.finditer(text))
    out.extend(Found("STREET_ADDRESS", m.start("v"), m.end("v"), 0.6) for m in _UNIT_FIELD.finditer(text))
    if "\n" in text or "insert" in text.lower():  # (a table's rows, or an SQL insert's on one line)
        out.extend(_table_addresses(text))
    if "\n" in text:
        out.extend(_under_a_name(text))
    if "\n" in text:
        out.extend(_streets_over_units(text))
    out.extend(_numbers_then_street(text))
    out.extend(_streets_after_units(text))
    out.extend(_address_blocks(text, out))
    out.extend(_postcodes_beside_towns(text))
    for m in [*_UK_STANDALONE.finditer(text), *_CA_STANDALONE.finditer(text)]:
        out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.6))
    for m in _EIRCODE.finditer(text):
        out.append(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.8))
    out.extend(_address_runs(text, out))
    if "\n" in text:
        out.extend(_units_under_streets(text, out))
    out.extend(_unit_runs(text))
    out.extend(_codes_after_streets(text, out))
    if "(" in text:  # (a postcode in brackets after its town: the scan only where a bracket is)
        out.extend(Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7) for m in _TOWN_CODE_BRACKETS.finditer(text)
                   if not _YEAR.fullmatch(m.group("v")))
    return out


# After any street found, whatever found it: its town and postcode, either way round, closing the clause
# ("Doningasse 45, 1474.", "..., Πειραιάς 75768. Contact", "..., Щучинск 999326.", "..., Assens DK-8702.",
# "..., Falsterbo 768 41.", "..., 99382 منية النصر."): the town is one to three words of any script; the code
# closes the clause (punctuation, a line's end, a word the sentence goes on with), never a count ("..., 1474
# people") nor, with no town beside it, a year ("12 Main St, 2019.")
# (the shapes of a postcode read there and in brackets after a town: "1474", "DK-8702", "768 41", "71-861", "4954YD")
_CODE_SHAPES = rf"(?:[A-Z]{{1,2}}-)?\d{{4,6}}|\d{{3}}[ ]\d{{2}}|\d{{2}}-\d{{3}}|\d{{5}}-\d{{3}}|{_DUTCH_CODE}"
# (after a comma, or the dot or bar between the fields of a contact line: "49 Taylor Roads · Dominicview 2913 · +61 ...";
# an Irish Eircode there too: "33 Joyce Street, Daire Ville H92PX1A")
_CODE_AFTER_ANY_STREET = re.compile(
    rf"[ \t]*[,·|•][ \t]*(?:(?P<t1>[{_CAP}][\w'’.{_MARKS}-]*(?:[ \t]+[{_CAP}][\w'’.{_MARKS}-]*){{0,2}}),?[ \t]+)?"
    rf"(?P<v>{_CODE_SHAPES}|{_EIRCODE_SHAPE})(?![\w-])"
    rf"(?:(?P<t2>[ \t]+[{_CAP}][\w'’.{_MARKS}-]*(?:[ \t]+[{_CAP}][\w'’.{_MARKS}-]*){{0,2}}))?"
    rf"(?=[ \t]*(?:[.,;:!?)·|•]|\n|$)|[ \t]+{_GOES_ON})")


# a town with its postcode in brackets after a word of place or direction ("order to Gera (03907)", "lives in
# Białystok (71-861)", "ship to Mariager (8938)"); never a year in brackets ("moved to Leeds (2019)")
_TOWN_CODE_BRACKETS = re.compile(
    rf"(?<![\w])(?i:to|in|at|from|near|for|of)[ \t]+(?-i:{_TOWN_WORDS})[ \t]*\((?P<v>{_CODE_SHAPES}|{_UK_POSTCODE}|"
    rf"{_CA_SHAPE})\)")


def _code_after_street(text: str, end: int) -> re.Match[str] | None:
    """The postcode closing the part after a street that ends at ``end`` (with or without its town); a year alone
    is none ("12 Main St, 2019.")."""
    m = _CODE_AFTER_ANY_STREET.match(text, end)
    return None if m is None or not (m.group("t1") or m.group("t2")) and _YEAR.fullmatch(m.group("v")) else m


def _codes_after_streets(text: str, found: list[Found]) -> list[Found]:
    return [Found("POSTAL_CODE", m.start("v"), m.end("v"), 0.7) for f in found if f.entity_type == "STREET_ADDRESS"
            and (m := _code_after_street(text, f.end)) is not None]


@lru_cache(maxsize=2)
def street_names(version: str = "v1") -> tuple[tuple[str, ...], dict[str, int]]:
    text = resources.files("mechanisms.prmpt").joinpath("data", f"street_names_{version}.txt").read_text("utf-8")
    words = tuple(w for w in (line.strip() for line in text.splitlines())
                  if w and not w.startswith("#") and w.lower() not in KEEP_WORDS and w.lower() not in _STOP)
    return words, {w.lower(): i for i, w in enumerate(words)}


_TOKEN = re.compile(r"\d+|[^\W\d_]+|.", re.UNICODE | re.DOTALL)  # a line break inside a value is kept


def _cased(template: str, word: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    return word.lower() if template.islower() else word


class StreetAddressCodec(TwoWayCodec):
    entity_type = "STREET_ADDRESS"

    def __init__(self, version: str = "v1") -> None:
        self.version = version

    def _word(self, token: str, keys: UserKeys, decrypt: bool) -> str:
        words, index = street_names(self.version)
        simple = token.istitle() or token.islower() or token.isupper()
        if simple and token.lower() in index:
            perm = permutation(keys, f"{self.entity_type}|{self.version}|list", len(words))
            i = index[token.lower()]
            return _cased(token, words[perm.decrypt(i) if decrypt else perm.encrypt(i)])

        def outside(candidate: str) -> bool:
            low = candidate.lower()
            plain = candidate.istitle() or candidate.islower() or candidate.isupper()
            return not (plain and low in index) and low not in KEEP_WORDS and low not in _STOP

        # a name in Greek, Cyrillic, Arabic or Hebrew letters is hidden in its own script ("Ζυγού" went out whole)
        return transform_alphabet(keys, f"{self.entity_type}|shape", token, script_classed, decrypt=decrypt,
                                  accept=outside)

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        out = []
        for token in _TOKEN.findall(value):
            low = token.lower()
            if token.isdigit():
                lead_zero = token[0] == "0"
                out.append(transform_alphabet(keys, f"{self.entity_type}|number", token, one_alphabet(DIGITS),
                                              decrypt=decrypt, accept=lambda d: (d[0] == "0") == lead_zero)
                           if len(token) > 1 or not lead_zero else token)
            elif not token[0].isalpha() or len(token) == 1 or low in KEEP_WORDS or low in _STOP:
                out.append(token)
            else:
                out.append(self._word(token, keys, decrypt))
        result = "".join(out)
        if len(result) != len(value) and not any(t.isalpha() for t in result):
            raise DomainError("not a street address")
        return result


class PostalCodeCodec(TwoWayCodec):
    entity_type = "POSTAL_CODE"

    def __init__(self) -> None:
        self._generic = AlnumCodec("POSTAL_CODE")

    def _crypt(self, value: str, keys: UserKeys, decrypt: bool) -> str:
        if re.fullmatch(r"\d{5}(?:-\d{4})?", value):
            keep = 2
        elif re.fullmatch(_CA_SHAPE, value):  # the shape, not the letters Canada uses: an encrypted tail may
            # hold any letter ("R1T 4U6"), and decryption must take the same branch as encryption
            keep = 3
        elif re.fullmatch(_UK_POSTCODE, value):
            keep = len(value) - 3
        else:
            return self._generic.decrypt(value, keys) if decrypt else self._generic.encrypt(value, keys)
        tail = transform_alphabet(keys, f"{self.entity_type}|{keep}|{len(value)}", value[keep:], classed,
                                  decrypt=decrypt)
        return value[:keep] + tail


_ADDRESS_FINDER = (lambda config: find_addresses,)

TYPES = (
    EntityType(
        "STREET_ADDRESS", EntityPolicy(category="fpe", threshold=0.5), tier=1, finders=_ADDRESS_FINDER,
        codec=lambda config: StreetAddressCodec(), family="addresses",
        description="house number, street name and unit (city, state, country kept)",
        examples=("1428 Elm Street, Apt 4B", "12 rue de la Paix", "Calle Mayor 12, 3º B"),
    ),
    EntityType(
        "POSTAL_CODE", EntityPolicy(category="fpe", threshold=0.5), tier=1, finders=_ADDRESS_FINDER,
        codec=lambda config: PostalCodeCodec(), family="addresses",
        description="ZIP / postcode next to an address or a cue (region prefix kept)",
        examples=("IL 62704", "SW1A 1AA"),
    ),
)
