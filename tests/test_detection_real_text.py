"""Detection on text written the way other people write it: the failure classes measured on labeled text
nobody on the project wrote (the "real text" issue), each with made-up examples in the same shapes.

A case passes when no listed value (nor, for a name, any of its words of 3+ letters) is left in the
sanitized text, and restoring the sanitized text gives the original back exactly. The measured rates on
the development files are `python -m bench external`'s (docs/detection.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.normalize import normalize_value, view
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import as_restored

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("real-text")
_NAME_WORD = re.compile(r"[^\W\d_]{3,}")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def _kept(value: str, out: str, name: bool) -> list[str]:
    parts = [value] + (_NAME_WORD.findall(value) if name else [])
    return [p for p in parts if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", out)]


def check(sanitizer: Sanitizer, text: str, values: list[str], name: bool = True) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for value in values:
        assert not _kept(value, out.text, name), (value, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == as_restored(text, out)


# 1. A surname or a given name alone, after the full name or without it
@pytest.mark.parametrize("text, values", [
    ("Chidi Okafor runs the depot. Asked about the delay, Okafor said the trucks were late.", ["Chidi Okafor"]),
    ("Before Hauser could explain, the coroner put Hauser under arrest.", ["Hauser"]),
    ("Natalia & David are expecting their first child in May.", ["Natalia", "David"]),
    ("The minutes were taken by Wintermeyer, who later resigned.", ["Wintermeyer"]),
    ("Lydia's been complaining about the noise all week.", ["Lydia"]),
    ("It was probably first performed by Gradsky on the square.", ["Gradsky"]),
])
def test_names_alone(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# 2. Titles, initials and initials used as pseudonyms
@pytest.mark.parametrize("text, values", [
    ("The letter from Mr F. Lindqvist was forwarded to the board.", ["Lindqvist"]),
    ("Ms M. Addis complained to the housing office.", ["Addis"]),
    ("The applicant, K., was born in 1971 and lives in Riga.", ["K."]),
    ("W.K. complained that the hearing was unfair.", ["W.K."]),
    ("Colonel Emmett S. Davis took command in 1953.", ["Emmett S. Davis", "Emmett", "Davis"]),
    ("M. Viollette attaque M. Germais dans la banlieue.", ["Viollette", "Germais"]),
    ("Notamment MM. Azard et Bonnefous se présentent à Dreux.", ["Azard", "Bonnefous"]),
    ("La Sra. Quintanilla firmó el contrato ayer.", ["Quintanilla"]),
])
def test_titles_and_initials(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# 3. Names in tables, lists, rosters and score lines
@pytest.mark.parametrize("text, values", [
    ("Squad: 19 - Kenji Moriyama, 2 - Tomasz Wrobel, 7 - Dariusz Kowalczyk", ["Kenji Moriyama", "Tomasz Wrobel",
                                                                              "Dariusz Kowalczyk"]),
    ("Leaderboard\nJustin Hale 71 65\nMarco Bellini 70 66", ["Justin Hale", "Marco Bellini"]),
    ("name,team,score\nIngrid Solberg,Oslo,12\nPieter de Vries,Utrecht,9", ["Ingrid Solberg", "Pieter de Vries"]),
    ("| Player | Goals |\n|---|---|\n| Aleksandr Petrov | 3 |\n| Hugo Lemaire | 1 |", ["Aleksandr Petrov",
                                                                                  "Hugo Lemaire"]),
    ("Attendees:\n- Priya Raman\n- Tomás Echeverría\n- Olusegun Adeyemi", ["Priya Raman", "Tomás Echeverría",
                                                                        "Olusegun Adeyemi"]),
])
def test_tables_and_rosters(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# 4. Full names from other locales, in plain sentences or taken for organisations
@pytest.mark.parametrize("text, values", [
    ("Please add Edvard Petrussen as a beneficiary of the policy.", ["Edvard Petrussen"]),
    ("The goalkeeper Salem Haddad saved two penalties.", ["Salem Haddad"]),
    ("Send the contract to Oluwaseun Bakare before Friday.", ["Oluwaseun Bakare"]),
    ("Our new hire, Nguyen Thi Lan, starts on Monday.", ["Nguyen Thi Lan"]),
    ("The report by Agnieszka Lipska Baranowska was published in 1850.", ["Agnieszka Lipska Baranowska"]),
])
def test_names_from_other_locales(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# 5. Every part of a name, possessives included
@pytest.mark.parametrize("text, values", [
    ("Iñigo García Aranda signed the lease; García will pay the deposit.", ["Iñigo García Aranda"]),
    ("We reviewed Khadzhiyev's complaint and Ruslan Khadzhiyev's reply.", ["Ruslan Khadzhiyev"]),
    ("Frederick H. Collier was the first colonel of the regiment.", ["Frederick H. Collier"]),
    ("George F. Hauser told the investigators he saw the signal.", ["George F. Hauser"]),
    ("Lt. Gen. Jubal Early's attack on the city failed.", ["Jubal Early"]),
])
def test_every_part_of_a_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# 6. Addresses outside the US shape, PO boxes and military addresses
@pytest.mark.parametrize("text, values", [
    ("Ship it to Rua Diadema 1903, São Paulo.", ["Rua Diadema 1903"]),
    ("She moved to Søndergade 52, Apt. 656 last year.", ["Søndergade 52"]),
    ("Mail: Unit 8505 Box 9220, DPO AE 90744", ["Unit 8505 Box 9220", "DPO AE 90744"]),
    ("Write to P.O. Box 4471, then call.", ["P.O. Box 4471"]),
    ("Domicilio: Calle puente cesures, 16.\nLocalidad: Madrid.", ["Calle puente cesures, 16"]),
    ("Vive en Av. Rios rosas 26, 7E, Santander.", ["Av. Rios rosas 26, 7E"]),
    ("Il habite Via Garibaldi 14, Torino.", ["Via Garibaldi 14"]),
    ("Hauptstraße 5, 10115 Berlin", ["Hauptstraße 5"]),
    ("I live at 27 Kastanienallee, 10435 Berlin.", ["27 Kastanienallee", "10435"]),
    ("Her flat: ul. Marszałkowska 84/92 m. 15, 00-514 Warszawa", ["Marszałkowska 84/92", "00-514"]),
])
def test_addresses(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# ... a street named with no house number: after its type, before it, joined to it, or after "the street is"
@pytest.mark.parametrize("text, values", [
    ("The courier dropped it on Larkspur Street by mistake.", ["Larkspur Street"]),
    ("Park on Orchard Terrace, not on the main road.", ["Orchard Terrace"]),
    ("He grew up on Copperfield Crescent.", ["Copperfield Crescent"]),
    ("The noise comes from calle Mayor every night.", ["calle Mayor"]),
    ("She jogs along Riverside Parkway every morning.", ["Riverside Parkway"]),
    ("We met at the corner of Quimby Road East and the park.", ["Quimby Road East"]),
    ("Street name: Okonkwo Heights", ["Okonkwo Heights"]),
    ("The street is Maerlantlaan, next to the school.", ["Maerlantlaan"]),
])
def test_streets_without_a_number(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# ... and its stand-in is a street: the type stays (a name's stand-in read "calle de Sharyn", "Mercedez Wurm")
@pytest.mark.parametrize("text, value, kept", [
    ("The bakery on Thistle Avenue closed.", "Thistle", " Avenue closed."),
    ("Mi abuela vive en la calle de Zurbano desde 1970.", "Zurbano", "la calle de "),
    ("Ring me when you reach Piazza Garibaldi.", "Garibaldi", "reach Piazza "),
    ("The parcel is waiting at the shop on Kolbenhof-Müller-Weg.", "Kolbenhof", "-Weg."),
    ("The van was parked on rue des Tanneurs.", "Tanneurs", "rue des "),
])
def test_a_street_stand_in_keeps_its_type(sanitizer: Sanitizer, text: str, value: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert value not in out.text and kept in out.text, out.text
    assert [e.type for e in out.entities] == ["STREET_ADDRESS"]
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ... an address in a sentence after what stands there ("my apartment is at", "the party at", "moved from"), after
# the kind of address ("registered address"), a unit line over a street line with no number ("Flat 12\nHale Ridge")
@pytest.mark.parametrize("text, values", [
    ("My new apartment is at Dobrovského 1187 and the rent is due.", ["Dobrovského 1187"]),
    ("Come to the party at Lindvallsgränd 14 (Uppsala) on Friday.", ["Lindvallsgränd 14"]),
    ("Registered address Kvetinová 55, postal code 811 02.", ["Kvetinová 55", "811 02"]),
    ("The office moved from Szondi 93 last spring.", ["Szondi 93"]),
    ("Our clinic is now located at Rymarska 7B, second floor.", ["Rymarska 7B"]),
    ("The lease for Flat 12\nHale Ridge, Unit 4C ends in June.", ["Flat 12", "Hale Ridge", "Unit 4C"]),
    ("Deliver to Studio 3\nMarrow Burgs; ring twice.", ["Studio 3", "Marrow Burgs"]),
    ("Is Pellham Street a quiet place to live?", ["Pellham Street"]),
    ("Billing: Hradecká 14; Shipping: Zahradní 9", ["Hradecká 14", "Zahradní 9"]),
    ("Please send the keys to Lindenring 12/4, Apt. 7.", ["Lindenring 12/4", "Apt. 7"]),
    ("She lives at 8 Quay Road, H91E2K3 Galway.", ["8 Quay Road", "H91E2K3"]),
    ("Is Brenner-Ring safe at night?", ["Brenner-Ring"]),
    ("The spare key is under the mat at Hrastova 7b.", ["Hrastova 7b"]),
    ("Contact Ana Kovač at Zagrebačka 12c/4.", ["Zagrebačka 12c/4"]),
    ("The courier never reached Strossmayerova 33, sadly.", ["Strossmayerova 33"]),
    ("Update CRM: Hale, Ivo; 4 Kestrel Road; 7741; Dunmore", ["4 Kestrel Road", "7741"]),
    ("Sent to Ilse Varga, Andrássy út 41, Szeged 6720 was returned.", ["Andrássy út 41", "6720"]),
    ("Parking is free on Rákóczi út on Sundays.", ["Rákóczi út"]),
])
def test_addresses_in_a_sentence(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# ... a form's numbered address lines and a unit filling a part of its own, a record's "street" value, a street with a
# type where someone lives, a street type closing the name words after "at", a "ship the ... to" with more words
@pytest.mark.parametrize("text, values", [
    ("Address line 1: 4 Elm Rise; Address line 2: Suite 738; Postal code: 80692", ["Suite 738"]),
    ("Street address 2: Flat 61 | City: Lindseyborough", ["Flat 61"]),
    ("Please ship the replacement part to 576 Strada Babati, Piano 5. Recipient: Dr Valerio Porzio.",
     ["576 Strada Babati", "Piano 5"]),
    ("Deliver to 94 Plaza Mayor, Puerta 2.", ["Puerta 2"]),
    ("Returned from 785 Calle Lautaro, Of. 7501, on Monday.", ["Of. 7501"]),
    ("Name: Ivo Hale, Apt. 4, Dunmore", ["Apt. 4"]),
    ("Generate a customer record: name Daniel Watson, street Richardson Forges, number 91582.", ["Richardson Forges"]),
    ("I'm Ana, I live on Erdoğan Mount near the park.", ["Erdoğan Mount"]),
    ("Is there parking available at Bryan Vista 484? I'm visiting Sean.", ["Bryan Vista 484"]),
    ("Please ship the signed contract to 11 Setor Ribeiro, Apt. 4.", ["11 Setor Ribeiro", "Apt. 4"]),
])
def test_units_and_streets_of_forms_and_records(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text", [
    "Unit 4: Fractions and decimals.", "We covered Unit 3, Unit 4 and Unit 5 this term.", "Top 10, Top 20 and Top 40.",
    "She scored 2 of 5.", "She played the piano 3 times a week.",
    "He lives on Social Security now.", "Banksy, street art, and graffiti.", "Meet at Union Station.",
])
def test_units_and_keys_of_other_things_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ... a postcode in a record's key ('"zip": "4080"', "postal_code=1783"), an Eircode after a postcode cue, and a table's
# cells under an address's column titles (CSV, markdown)
@pytest.mark.parametrize("text, values", [
    ('{"customer": "Olga Dam", "address": "Tingstræde 4", "zip": "4080"}', ["4080"]),
    ('{"name": "Ada Obi", "postal_code": "34-189"}', ["34-189"]),
    ("order.postal_code=9803QR;", ["9803QR"]),
    ("The tenant, whose postcode is W63W0T7, has not paid.", ["W63W0T7"]),
    ("name,street,postcode,city\nIda Moor,31 Johnson Street,F45HTE3,Ennis\nEd Ray,2 Elm Rise,H91E2K3,Galway",
     ["F45HTE3", "H91E2K3"]),
    ("| Name | Address | City |\n|---|---|---|\n| Luboš Krejčová | Kostková 93 | Koryčany |", ["Kostková 93"]),
    ("Indirizzo;CAP;Città\nVia Sestriere, 7;10141;Torino", ["10141"]),
    ("Customer\tStreet\tZip\nAna Lee\tMarrow Burgs\t90210", ["Marrow Burgs", "90210"]),
    ("address_line_1,address_line_2,postcode\nElm Rise,Flat 3,90210", ["Elm Rise", "Flat 3", "90210"]),
])
def test_postcodes_of_records_and_address_columns(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text", [
    "| Variable | Address |\n|---|---|\n| buf | 0x7ffdeadbeef |\n| ptr | 0x55d4c0ffee00 |",
    "Ticker,Strategy,Cap\nACME,value,1200\nBOLT,growth,5400",
    "The zip file has 4080 entries.",
])
def test_tables_and_zips_of_other_things_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ... an Indian house number over or before its street ("H.No. 73, Chaudry Marg"), a New Zealand rural delivery,
# a town's postcode after a street with no type word, a verb after it ("..., Vrlika 38445 was returned")
@pytest.mark.parametrize("text, values", [
    ("Please send it to H.No. 73, Chaudry Marg.", ["H.No. 73", "Chaudry"]),
    ("The key is under the mat at H.No. 38\nGopal Ganj.", ["H.No. 38", "Gopal"]),
    ("Deliver to 58/073\nDugar Nagar by Friday.", ["58/073", "Dugar"]),
    ("Customer Ana Pop lives at 40 Sachdeva Path, Pune.", ["40 Sachdeva Path"]),
    ("Ship to 72 Nolan Avenue\nRD 3, Hamilton.", ["72 Nolan Avenue", "RD 3"]),
    ("The package addressed to Marina Bukvić, Hercegovačka 783, Vrlika 38445 was returned.", ["783", "38445"]),
    ("Sent to Ana Pop, Teiului 12, Vaslui 730233 is lost.", ["Teiului 12", "730233"]),
])
def test_indian_new_zealand_and_run_address_parts(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text", ["Switch the amplifier to RD 3 mode.", "The Garden Path is a novel.",
                                  "Grade 12/14\nNot bad at all.", "In Boston 2000 was a good year.",
                                  "Chapter 12, Section 4500 was rewritten."])
def test_numbers_beside_words_that_only_look_like_streets_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ... a street named in Greek, Cyrillic, Arabic or Hebrew letters: the stand-in hides it in its own script (the
# number alone changed: "Ζυγού" went out), and the type word stays
@pytest.mark.parametrize("text, value, kept", [
    ("Ship to 1 Ζυγού, Apt. 4.", "Ζυγού", "Ship to "),
    ("My address is 12 Αγίας Μαρίνης Street.", "Μαρίνης", " Street."),
    ("Адрес доставки: ул. Ленина 12", "Ленина", "ул. "),
    ("العنوان: شارع الملك فهد 12", "فهد", "شارع "),
    ("Address: רחוב הרצל 5", "הרצל", "רחוב "),
])
def test_a_street_in_another_script_is_hidden_in_it(sanitizer: Sanitizer, text: str, value: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert value not in out.text and kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, values", [
    ("Please email Lena Döring today.", ["Lena Döring"]), ("CC: Cemal Siering; Andy Salz", ["Cemal Siering", "Andy Salz"]),
])
def test_a_family_name_with_a_street_ending_is_a_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)
    assert {e.type for e in sanitizer.sanitize(text, KEYS).entities} == {"PERSON"}


@pytest.mark.parametrize("text", [
    "Upload the slides to Google Drive before noon.", "I read it in the Wall Street Journal.",
    "The Supreme Court ruled on Monday.", "Let's take a trip down Memory Lane.",
    "The party at PyCon 2024 was great.", "The street is closed for the parade.", "The Brigade arrived at dawn.",
    "We recorded at Abbey Road Studios.", "Our office is on Windows 11 now.", "Meet me at Gate 12.",
    "The talk at Level 3, after lunch.", "I'm at Windows 11.", "It reached No. 2 twice.",
])
def test_words_that_only_look_like_streets_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_year_after_a_street_is_no_postcode(sanitizer: Sanitizer) -> None:
    out = sanitizer.sanitize("Sold at 12 Main Street; 2019; Boston", KEYS)
    assert "; 2019; Boston" in out.text and "12 Main" not in out.text, out.text


# ... postcodes of other countries, after a cue or in the "postcode City" place after a street
@pytest.mark.parametrize("text, values", [
    ("My date of birth is in the form and my postcode is 4051.", ["4051"]),
    ("PLZ: 8004, Zürich", ["8004"]),
    ("Ship to Kerkstraat 12, 1017 GL Amsterdam", ["Kerkstraat 12", "1017 GL"]),
    ("Send it to Storgatan 5, 113 51 Stockholm", ["Storgatan 5", "113 51"]),
    ("Código postal: 28013 (Madrid)", ["28013"]),
])
def test_postcodes_of_other_countries(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text", ["The meeting is in room 4051 at 3pm.", "We sold 1200 units in 2023.",
                                  "Order 10435 shipped.", "The cp command copies 2048 files."])
def test_numbers_without_a_postcode_cue_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ... and the reference numbers of a person's file
@pytest.mark.parametrize("text, values", [
    ("The applicant (application no. 32541/08) complained under Article 6.", ["32541/08"]),
    ("In case number C-2021-0042 the court found for the claimant.", ["C-2021-0042"]),
    ("Médico: Estefanía Romero Selas  NºCol: 28 28 20943.", ["28 28 20943"]),
    ("N° de dossier : 2019/AB/117", ["2019/AB/117"]),
    ("Expediente 4521-B, abierto en marzo.", ["4521-B"]),
])
def test_reference_numbers(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# The addressee alone on the line above an address block's street line (one blank line between, or a quoted mail's
# ">"), in lower case or capitals too, where neither NER nor a list knows the name. Presidio's research generator, a
# seed never used before (23): names leaked 38 -> 36 of 844. They leaked at 5e41148.
@pytest.mark.parametrize("text, values", [
    ("vasilka dragneva\n\n0412 storgata 17\n apt. 4\n tromsø", ["vasilka dragneva"]),
    ("oyuna batbayar\n\n0412 storgata 17\n apt. 4\n tromsø", ["oyuna batbayar"]),
    ("> tiiu saarepera\n> 5 kingsway 12\n> apt. 9", ["tiiu saarepera"]),
    ("ELIF KARADUMAN\n\n0091 RANTAKATU 12\n APT. 7\n KEMI", ["ELIF KARADUMAN"]),
    ("Please post the form back to\n\nnuray ekinci\n\n0091 rantakatu 12\n apt. 7\n kemi", ["nuray ekinci"]),
])
def test_the_addressee_above_an_address_block(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Head Office\n12 High Street\nLondon EC1A 1BB", "Head Office"),
    ("Returns Department\n\n4 Mill Lane\nBristol BS1 5TR", "Returns Department"),
    ("Acme Widgets\n4 Mill Lane\nBristol BS1 5TR", "Acme Widgets"),
    ("Ship To\n4 Mill Lane\nBristol BS1 5TR", "Ship To"),
])
def test_a_heading_above_an_address_block_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# 7. Lower case, capitals and other scripts
@pytest.mark.parametrize("text, values", [
    ("HAPPY BIRTHDAY JUSTIN, SEE YOU SOON", ["JUSTIN"]),
    ("how am i supposed to get over allison's leaving", ["allison"]),
    ("The singer Александр Градский performed it first.", ["Александр Градский"]),
    ("Her colleague 王小明 will join the call.", ["王小明"]),
    ("Kim Ji-woo (김지우) and محمد علي signed the form.", ["Kim Ji-woo", "김지우", "محمد علي"]),
    ("Our contact in Pune is राहुल शर्मा.", ["राहुल शर्मा"]),
])
def test_case_and_scripts(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# 7b. Other scripts as people write them: Arabic's vowel marks and shadda (letters of no script), a Russian stress
# mark, a hyphen inside a Cyrillic word (a double surname, a Bulgarian title), Hebrew points
@pytest.mark.parametrize("text, values", [
    ("Dear ضحّاك البديري,", ["ضحّاك البديري"]),
    ("Sign it from وَضّاح بنو عمرو.", ["وَضّاح بنو عمرو"]),
    ("Tell Алекса́ндр Пу́шкин the flight is at nine.", ["Алекса́ндр Пу́шкин"]),
    ("| Г-жа Щериана Сапунджиева | 42 | Engineer |", ["Щериана Сапунджиева"]),
    ("Dear Г-н Паулин Златков,", ["Паулин Златков"]),
    ("The invoice goes to Мамин-Сибиряк Дмитрий today.", ["Мамин-Сибиряк Дмитрий"]),
    ("Our tenant is מֹשֶׁה כֹּהֵן since May.", ["מֹשֶׁה כֹּהֵן"]),
])
def test_other_scripts_with_marks_and_hyphens(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", ["مرحبًا، كيف حالك؟ Hi there", "Translate: Мы встретимся завтра в офисе."])
def test_a_sentence_of_another_script_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# 8. Digits, spaces and dashes a Unicode text really contains
@pytest.mark.parametrize("text, value", [
    ("My SSN is １２３-４５-６７８９.", "１２３-４５-６７８９"),
    ("SSN: ١٢٣-٤٥-٦٧٨٩ please", "١٢٣-٤٥-٦٧٨٩"),
    ("SSN 123\u201345\u20136789 on file", "123\u201345\u20136789"),
    ("SSN 123\u200b-45-6789 on file", "123\u200b-45-6789"),
    ("card 4111\u00a01111\u00a01111\u00a01111 was charged", "4111\u00a01111\u00a01111\u00a01111"),
    ("card 4111\u20091111\u20091111\u20091111 was charged", "4111\u20091111\u20091111\u20091111"),
    ("card ４１１１ １１１１ １１１１ １１１１ was charged", "４１１１ １１１１ １１１１ １１１１"),
    ("call +1\u202f415\u2009555\u20132671 now", "+1\u202f415\u2009555\u20132671"),
    ("SSN 123\u221245\u22126789 on file", "123\u221245\u22126789"),
    # invisible characters that are no format character, digits written as superscripts, a Japanese keyboard's dash
    ("SSN 123-45\u034f-6789 on file", "123-45\u034f-6789"),  # combining grapheme joiner
    ("SSN 123-45\ufe0f-6789 on file", "123-45\ufe0f-6789"),  # variation selector
    ("SSN 123\u3164-45-6789 on file", "123\u3164-45-6789"),  # Hangul filler
    ("SSN ¹²³-⁴⁵-⁶⁷⁸⁹ on file", "¹²³-⁴⁵-⁶⁷⁸⁹"),
    ("SSN ₁₂₃₋₄₅₋₆₇₈₉ on file", "₁₂₃₋₄₅₋₆₇₈₉"),
    ("SSN １２３ー４５ー６７８９ on file", "１２３ー４５ー６７８９"),
])
def test_unicode_digits_spaces_and_dashes(sanitizer: Sanitizer, text: str, value: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert value not in out.text and normalize_value(value) not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text  # what the user wrote, byte for byte


@pytest.mark.parametrize("text, parts", [
    ("John\u200bSmith lives at 12 Elm Street.", ["John", "Smith"]),
    ("Please add Edvard\u200bPetrussen as a beneficiary.", ["Edvard", "Petrussen"]),
    ("Dear Ms\u00a0Adeyemi,\u200bthanks for the call.", ["Adeyemi"]),
    ("Jo\u200bhn Smith signed.", ["Smith"]),
    ("The applicant, Mr\u2009Kowalczyk, was born in 1971.", ["Kowalczyk"]),
])
def test_a_zero_width_space_between_names_is_read_as_a_space(sanitizer: Sanitizer, text: str,
                                                            parts: list[str]) -> None:
    # "John\u200bSmith" was one word to every finder and went out as written
    out = sanitizer.sanitize(text, KEYS)
    for part in parts:
        assert part not in out.text.replace("\u200b", ""), out.text
    assert sanitizer.desanitize(out.text, out.mapping) == as_restored(text, out)


def test_the_view_maps_back_to_what_was_written() -> None:
    text = "a\u200bb １２ c\u2013d\u00a0e ﬁ"
    v = view(text)
    assert v.text == "ab 12 c-d e fi"
    for start in range(len(v.text)):  # every span of the view maps back to what the user wrote
        for end in range(start + 1, len(v.text) - 1):  # (the ligature's two letters map to one character)
            a, b = v.span(start, end)
            assert normalize_value(text[a:b]) == v.text[start:end]
    assert v.span(12, 14) == (len(text) - 1, len(text))
    assert view("plain ascii").origin is None
    # an exponent stays an exponent, a long vowel mark between letters stays itself
    assert view("E = mc² and 10⁻³ m; x² + y²").text == "E = mc² and 10⁻³ m; x² + y²"
    assert view("コーヒー, 123ー45").text == "コーヒー, 123-45"
    assert view("I \u2764\ufe0f caf\u00e9").text == "I \u2764 caf\u00e9"


def test_over_masking_stays_rare(sanitizer: Sanitizer) -> None:
    """Everyday text with capitalised words, numbers and places: nothing is a person or an address."""
    texts = [
        "The Battle of Hastings took place in 1066; the Magna Carta was sealed on 15 June 1215.",
        "General Motors and Ford reported earnings on Friday; the Dow rose 2 percent.",
        "Fix bug #1234 in order 66 before the release of version 2.4 via eth0.",
        "The tumour measured 9 cm and the recipe needs 200 g of flour.",
        "Loan Supplement: each Equipment Advance carries the Basic Rate.",
        "J'habite à Lyon depuis 2019 et je travaille à Paris.",
    ]
    for text in texts:
        found = [(text[s.start:s.end], s.entity_type) for s in sanitizer.annotator.annotate(text)
                 if s.entity_type in ("PERSON", "STREET_ADDRESS", "REFERENCE_ID", "QUANTITY", "USERNAME")]
        assert found == [], (text, found)


@pytest.mark.parametrize("ssn", ["１２３-４５-６７８９", "١٢٣-٤٥-٦٧٨٩", "123\u200b-45-6789", "123\u201345\u20136789"])
def test_a_unicode_ssn_through_the_proxy_is_answered_and_never_sent(veil_factory, upstream, ssn) -> None:  # type: ignore[no-untyped-def]
    """It used to crash the sanitizer (a 503 on every retry, so the user could never send it)."""
    import json

    import openai

    veil = veil_factory(mode="prmpt")
    client = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-1", max_retries=0)
    text = f"My SSN is {ssn}, please keep it on file."
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
    sent = json.dumps(upstream.last.body, ensure_ascii=False)
    assert ssn not in sent and "123-45-6789" not in sent and "6789" not in sent
    assert resp.choices[0].message.content == "echo: " + text  # restored as the user wrote it


# Dates given as a month and a year after a cue ("ingresó en mayo de 2006"): noised, written the same way
@pytest.mark.parametrize("text, value, lang", [
    ("Ingresó en mayo de 2006 con fiebre.", "mayo de 2006", "es"),
    ("Fue intervenido en Marzo de 2006.", "Marzo de 2006", "es"),
    ("She was diagnosed in March 2006.", "March 2006", "en"),
    ("Hospitalisé en septembre 1999 à Lyon.", "septembre 1999", "fr"),
    ("Admitted in June of 2007 for surgery.", "June of 2007", "en"),
])
def test_month_and_year_after_a_cue(text: str, value: str, lang: str) -> None:
    from mechanisms.prmpt.entities.dates import find_personal_dates, noise_date

    assert [text[f.start:f.end] for f in find_personal_dates(text, lang)] == [value]
    policy = PrmptConfig().policy("PERSONAL_DATE")
    shape = re.sub(r"[^\W\d_]+", "M", re.sub(r"\d", "9", value))
    noised = [noise_date(value, policy, MasterKey.from_bytes(bytes([i]) * 32).user_keys("d"), lang) for i in range(30)]
    assert all(n is not None and re.sub(r"[^\W\d_]+", "M", re.sub(r"\d", "9", n)) == shape for n in noised)
    assert sum(n != value for n in noised) >= 6  # noise of eps 0.1 per day: the month moves about half the time


@pytest.mark.parametrize("text", ["In March 2006 the company opened a plant.", "Sales rose in mayo de 2006."])
def test_month_and_year_without_a_cue_stay(text: str) -> None:
    from mechanisms.prmpt.entities.dates import find_personal_dates

    assert find_personal_dates(text, "en") == []


# International numbers that no numbering plan assigns (generated data, old or foreign plans): a plus, a country
# code and groups of digits are hidden all the same, never a sum or a short signed figure
@pytest.mark.parametrize("text, value", [
    ("Call me at +45 383 861 982.", "+45 383 861 982"),
    ("Phone: (+216) 0774759130", "0774759130"),
    ("Tel. +47 2 4855 4239", "+47 2 4855 4239"),
    ("my number is +98-278-06073895 after 6pm", "+98-278-06073895"),
    ("WhatsApp +52 593 747 591 anytime", "+52 593 747 591"),
    ("reach her on 0044 7911 123 4567 tomorrow", "0044 7911 123 4567"),
])
def test_international_numbers_no_plan_assigns(sanitizer: Sanitizer, text: str, value: str) -> None:
    check(sanitizer, text, [value], name=False)


@pytest.mark.parametrize("text", ["Total: 3 +45 383 861 982", "Version +1 2024 12 31 shipped"])
def test_sums_and_signed_figures_are_no_phone(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A name in another script in a short text mostly in that script, set in a frame of Latin words: after a greeting,
# a title or a field label, in a list, in a sentence
@pytest.mark.parametrize("text, value", [
    ("Dear ليلى الحسيني,", "ليلى الحسيني"),
    ("Name: Ирина Соколова", "Ирина Соколова"),
    ("Hi דנה לוי,", "דנה לוי"),
    ("Patient: Σοφία Κωνσταντίνου", "Σοφία Κωνσταντίνου"),
    ("Dear پرستو رحیمی,", "پرستو رحیمی"),
    ("Tenant: نادية الخطيب\nLandlord: سامر العتيبي\nUnit: 4B", "سامر العتيبي"),
    ("CC: فريدة الحداد; كريم الشامي", "كريم الشامي"),
    ("الحداد, فريدة - Account 40112", "فريدة"),
    ("ask Олеся Ковальчук about it", "Олеся Ковальчук"),
    ("Owner: Θεοδώρα Παπαδάκη\nVet: Νικηφόρος Λαμπράκης", "Νικηφόρος Λαμπράκης"),
])
def test_a_name_in_another_script_after_a_cue(sanitizer: Sanitizer, text: str, value: str) -> None:
    check(sanitizer, text, [value], name=False)


@pytest.mark.parametrize("text", ["مرحبا، كيف حالك؟ Hi there", "Dear مرحبا بكم في موقعنا الرسمي الجديد للشركة",
                                  "الطقس اليوم جميل جدا، سأذهب إلى الحديقة مع أصدقائي بعد الظهر. ok"])
def test_a_sentence_in_another_script_after_a_greeting_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A contract's defined terms are no names, even where a reader takes them for one; a name that is also a word
# stays a name when the text writes it before the noun it qualifies or with an indefinite article
@pytest.mark.parametrize("text", [
    "On each Funding Date, Bank will state in the Loan Supplement the Basic Rate, the Loan Factor, the Payment Dates.",
    "If a judgment becomes a Lien on the assets, or the Company pays any Lien which appears to be prior to Bank's.",
    "Each Advance shall be repaid in full. The Advance is due on the Maturity Date.",
    "ACME HOLDINGS, INC. (\"Borrower\") and the lenders. If Borrower fails to pay, the Borrower shall be in default.",
    "Such Guarantor shall deliver the Collateral; the Guarantor, the Agent and each Lender agree as follows.",
])
def test_defined_terms_of_a_contract_stay(sanitizer: Sanitizer, text: str) -> None:
    found = [text[s.start:s.end] for s in sanitizer.annotator.annotate(text) if s.entity_type == "PERSON"]
    assert found == [], found


@pytest.mark.parametrize("text, values", [
    ("Dana Baker called. The Baker family moved to Ohio, and Baker said the house was sold.", ["Dana Baker"]),
    ("\"another eight years under a Clinton\" was the joke, and Clinton laughed at it.", ["Clinton"]),
    ("Rose Hunter signed the lease; the Hunter children live there now.", ["Rose Hunter"]),
])
def test_names_that_are_words_beside_a_determiner_are_still_names(sanitizer: Sanitizer, text: str,
                                                                 values: list[str]) -> None:
    check(sanitizer, text, values)


# A disease, a sign, a test or a score named after someone is no person the text is about: hiding it breaks the
# question ("Hayles's disease"); the same name said of a person elsewhere in the text is hidden everywhere
@pytest.mark.parametrize("text", [
    "The patient was diagnosed with Parkinson's disease last year.",
    "History of Epstein-Barr virus infection; Gleason score 7.",
    "Refiere enfermedad de Crohn en un hermano gemelo.",
    "Adenocarcinoma de próstata Gleason 4+4=8 con metástasis óseas.",
    "Malformación de Chiari tipo I, tinción de Ziehl-Neelsen negativa.",
    "Síndrome de Budd-Chiari y tumor de Warthin.",
    "Il souffre de la maladie de Parkinson depuis 2010.",
])
def test_eponyms_of_diseases_signs_and_scores_stay(sanitizer: Sanitizer, text: str) -> None:
    found = [text[s.start:s.end] for s in sanitizer.annotator.annotate(text) if s.entity_type == "PERSON"]
    assert found == [], found


@pytest.mark.parametrize("text, values", [
    ("Dr. Okafor's test results came back.", ["Okafor"]),
    ("Ask Maria's score keeper about it.", ["Maria"]),
    ("I met Okafor yesterday; Okafor test results were fine.", ["Okafor"]),
])
def test_a_person_beside_a_test_or_a_score_is_still_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# The words of the text's language that NER runs on past a name (a department, a field label) are no part of it:
# the name is hidden, the department stays
@pytest.mark.parametrize("text, name, kept", [
    ("Remitido por: Miguel Ortega Sanjurjo Servicio de Urología. Hospital Central.", "Miguel Ortega Sanjurjo",
     "Servicio de Urología"),
    ("Responsable clínico: Natalia del Valle Gorostiaga Correo electrónico: nvalle@example.es", "Natalia del Valle Gorostiaga",
     "Correo electrónico"),
    ("Médico: Dolores Fernández Zamora Servicio de Medicina Intensiva", "Dolores Fernández Zamora",
     "Servicio de Medicina Intensiva"),
    ("Servicio: Medicina Intensiva.\nResponsable clínico: Dra. Lucía Ferrán Olmedo. Servicio de Medicina Intensiva. "
     "Hospital Regional.", "Lucía Ferrán Olmedo", "Medicina Intensiva"),
    ("Informe firmado por Dr. Tomás Ibargüen Sáez. Medicina Interna, planta 3.", "Tomás Ibargüen Sáez",
     "Medicina Interna, planta"),
    # a title's name that runs on into the department, whose specialty no vocabulary of the pipeline holds
    ("Remitido por: Dr. Rubén Azkarate-Lasa Servicio de Anatomía Patológica. (Banco de Tumores) Hospital Norte",
     "Rubén Azkarate-Lasa", "Servicio de Anatomía Patológica"),
    ("Responsable clínico: Dra. Irene Zubiaur Olano Unidad de Reumatología, Hospital Comarcal.", "Irene Zubiaur Olano",
     "Unidad de Reumatología"),
    ("Firmado: Encarna Villafañe Ruiz. Sección de Traumatología y Ortopedia Infantil.", "Encarna Villafañe Ruiz",
     "Sección de Traumatología"),
    # a specialty or an adverb NER reads as a person on its own
    ("Ante la sospecha se deriva a Neurocirugía, donde se monitorizan las presiones.", "", "Neurocirugía"),
    ("Se remite a Oftalmología para valorar la agudeza visual.", "", "Oftalmología"),
    ("Analíticamente se objetivó una normalización de las cifras de creatinina.", "", "Analíticamente"),
    # while a surname that ends as nouns do is still a name ("-ance", "-ment")
    ("Résultats du scrutin: MM. A. Durance, 912 voix; G. Redureau, 930 voix.", "A. Durance", "Résultats du scrutin"),
])
def test_a_department_after_a_name_stays(sanitizer: Sanitizer, text: str, name: str, kept: str) -> None:
    """(and a department NER reads as a person on its own: "Dra. Lucía Ferrán. Servicio de Medicina Intensiva.")"""
    out = sanitizer.sanitize(text, KEYS)
    assert not (name and _kept(name, out.text, True)) and kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# The language of a short prompt is the language of its words, not of the names in it: an English sentence with
# names of another locale is read as English (and its English finders run), a short French or Spanish one as such
@pytest.mark.parametrize("text, lang", [
    ("Summarize the call between Aqşin Əliyev and Şəhla Nəsibova.", "en"),
    ("Please ask Dorottya Bálintné Szőke and Gergő Hajdú about the invoice.", "en"),
    ("Write to Jiří Dvořák and Anežka Procházková about the lease.", "en"),
    ("Résume l'appel entre Aqşin Əliyev et Şəhla Nəsibova.", "fr"),
    ("Resume la llamada entre Aqşin Əliyev y Şəhla Nəsibova, por favor.", "es"),
])
def test_names_of_other_locales_do_not_change_the_language(sanitizer: Sanitizer, text: str, lang: str) -> None:
    assert sanitizer.annotator.languages.detect(text) == lang


def test_names_of_other_locales_in_an_english_sentence_are_hidden(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Summarize the call between Aqşin Əliyev and Şəhla Nəsibova.", ["Aqşin Əliyev", "Şəhla Nəsibova"])


# "Surname, Given" lines with a hyphenated given name: the whole given name is hidden, and once one side of the
# line is a name the other side is too when it reads as one
@pytest.mark.parametrize("text, values", [
    ("Lindqvist, Anna-Karin | Sales", ["Lindqvist", "Anna-Karin"]),
    ("Okonkwo, Chiamaka-Ifeoma - payroll", ["Okonkwo", "Chiamaka-Ifeoma"]),
    ("Brandt, Hans-Jürgen (manager)", ["Brandt", "Hans-Jürgen"]),
    ("Pieper, Heinz-Günter - Account 88231", ["Pieper", "Heinz-Günter"]),
    ("Moreau, Jean-Baptiste - Account 5521", ["Moreau", "Jean-Baptiste"]),
])
def test_surname_comma_hyphenated_given_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", ["Paris, France - shipping", "Smith, Warning: low stock"])
def test_place_and_word_pairs_stay(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS).text
    assert out.split(",")[1] == text.split(",")[1], out


# A particle and a family name after a given name, in the case chat writes them: the whole name is hidden
@pytest.mark.parametrize("text, values", [
    ("ask bart de boer about it", ["bart", "boer"]),
    ("ask lena de groot about it", ["lena", "groot"]),
    ("ask sara di stefano about it", ["sara", "stefano"]),
    ("hey Joost van dijk, the report please", ["Joost", "dijk"]),
    ("can you ping anna van veen later", ["anna", "veen"]),
])
def test_a_particle_and_a_family_name_after_a_given_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A particle between two parts of a name is a word of it ("des", "ter", "van"), and a Turkic patronymic word after
# a name in Cyrillic ("ұлы", "қызы"): hidden with the name, as a reader counts them
@pytest.mark.parametrize("text, values", [
    ("The patient, Vincent des Mazieres, 47, presented with chest pain.", ["Vincent des Mazieres"]),
    ("CC: Charlotte ter Poilhuis; Ashley ter Schuyrhoff", ["Charlotte ter Poilhuis", "Ashley ter Schuyrhoff"]),
    ("Landlord: Кенжегүл Жансүгір ұлы\nUnit: 4B", ["Кенжегүл Жансүгір ұлы"]),
    ("CC: Оразақын Сакиев; Махамбет Майлы қызы", ["Махамбет Майлы қызы"]),
])
def test_particles_and_patronymic_words_go_with_the_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A greeting or a sign-off before a comma and a given name is no surname: the name is hidden, the greeting stays
@pytest.mark.parametrize("text, kept, name", [
    ("Thanks, John", "Thanks", "John"),
    ("Cheers, Maria", "Cheers", "Maria"),
    ("Regards, Tomasz", "Regards", "Tomasz"),
    ("Sorry, Kevin - my fault", "Sorry", "Kevin"),
    ("Gracias, Marta", "Gracias", "Marta"),
])
def test_a_greeting_before_a_comma_and_a_name_stays(sanitizer: Sanitizer, text: str, kept: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(kept + ",") and name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# A company's legal form closes no person's name, and a signature's short lines are read in English when they hold
# no stop word of another language: the name is hidden, the role and the company stay
@pytest.mark.parametrize("text, name, kept", [
    ("Best regards,\nHannah Okafor\nSenior Analyst, Acme Corp", "Hannah Okafor", "Senior Analyst, Acme Corp"),
    ("I work for Nordwind GmbH with Petra Hoff.", "Petra Hoff", "Nordwind GmbH"),
    ("Kind regards,\nTomasz Wrobel\nHead of Sales, Brightline Ltd", "Tomasz Wrobel", "Head of Sales, Brightline Ltd"),
])
def test_a_company_and_a_role_in_a_signature_stay(sanitizer: Sanitizer, text: str, name: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert not _kept(name, out.text, True) and kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, values", [
    ("Summarize the call between Julián Company and Marcia Ledesma.", ["Julián Company", "Marcia Ledesma"]),
    ("Sami, Krish - Account 88231", ["Sami", "Krish"]),
])
def test_family_names_that_are_words_of_a_company_or_a_people_stay_names(sanitizer: Sanitizer, text: str,
                                                                        values: list[str]) -> None:
    check(sanitizer, text, values)


ROUND_ATTACK = ("Tenant: نادية الخطيب\nLandlord: سامر العتيبي\n"
                "Summarize the call between Aqşin Əliyev and Şəhla Nəsibova.\n"
                "Lindqvist, Anna-Karin | Sales\nask bart de boer about it\n"
                "The patient, Vincent des Mazieres, was seen. Call me at +45 383 861 982.\n"
                "Thanks, John")
ROUND_SECRETS = ("نادية", "العتيبي", "Aqşin", "Nəsibova", "Lindqvist", "Karin", "boer", "des Mazieres",
                 "383 861 982", "John")


def test_this_rounds_names_and_phones_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, ROUND_ATTACK, ROUND_SECRETS)


# This session's judgment, news, chat and address shapes in one prompt, through every surface to the recording
# upstream: nothing arrives verbatim, the echo comes back exactly
SESSION_ATTACK = ("Whitcombe J:\n1. I agree with the judgment of Pop LJ. Counsel for the defendant, Encarnacion Jurado "
                  "KC, submitted that Fried's evidence was unreliable.\n'We will fight this ruling,' said Marshall. "
                  "Riccardi, 34, was arrested on Friday. Akçay denied any wrongdoing.\nThe claimant (Petrus te Kluse) "
                  "and the applicant's son, Şeref Seven, appeared before HHJ Bilge.\nhey max can u send me the report\n"
                  "Please send it to Andrássy út 112, Budapest.")
SESSION_SECRETS = ("Whitcombe", "Pop LJ", "Jurado", "Fried's", "Marshall", "Riccardi", "Akçay", "te Kluse", "Şeref",
                   "Bilge", "hey max", "Andrássy út 112")


def test_judgment_news_and_chat_shapes_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SESSION_ATTACK, SESSION_SECRETS)


# This session's attack: a Spanish article inside an English request (each paragraph read in its own language), the
# Spanish shapes, "According to", a reported "that", a headline in capitals and postcodes alone, by every surface
SPANISH_ATTACK = ("Please summarise this article for our newsletter and keep every name as written:\n\n"
                  "Preguntado por la votación, Tudela declinó hacer comentarios. Los abogados de Molina anunciaron que "
                  "recurrirán el fallo. El alcalde de Zaragoza, Amaia Armas, inauguró ayer el centro de salud. La "
                  "Policía busca a Bastián Garrido, desaparecido desde el martes. El seleccionador ha convocado a "
                  "Nicolás Vila y a Eulalia Ferrer. Castro y Gaona se reunieron el martes. La jueza decretó prisión "
                  "provisional para Larrañaga.\n\nAccording to Schlachter, the contract was never signed. The jury "
                  "heard that Snow had been drinking. MOCANU SIGNS NEW DEAL WITH CITY. Send the forms to K1A 0B1, "
                  "eircode D02 X285.")
SPANISH_SECRETS = ("Tudela", "Molina", "Amaia Armas", "Bastián Garrido", "Nicolás Vila", "Eulalia Ferrer", "Castro y",
                   "Gaona", "Larrañaga", "Schlachter", "that Snow", "MOCANU", "K1A 0B1", "D02 X285")


def test_spanish_news_inside_an_english_request_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SPANISH_ATTACK, SPANISH_SECRETS)


def test_the_places_and_offices_of_that_article_stay(sanitizer: Sanitizer) -> None:
    out = sanitizer.sanitize(SPANISH_ATTACK, KEYS).text
    for kept in ("El alcalde de Zaragoza,", "La Policía busca a", "El seleccionador ha convocado a", "CITY"):
        assert kept in out, out


# A maiden name after "née" or "geb." is a family name, whatever else the word means
@pytest.mark.parametrize("text, values", [
    ("Angela Morrow (née Stone) was admitted on Tuesday.", ["Angela Morrow", "Stone"]),
    ("Mrs Dawson, née Pettigrew, gave evidence for the claimant.", ["Dawson", "Pettigrew"]),
    ("Margaret Ashdown, nee Baker, signed the deed in 1998.", ["Margaret Ashdown", "Baker"]),
    ("Anna Weber, geb. Hartmann, wohnt seit 1990 in Bonn.", ["Anna Weber", "Hartmann"]),
    ("Madame Paul Jean, née Rous, a mis au monde une fille.", ["Paul Jean", "Rous"]),
])
def test_a_maiden_name_after_nee(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A case's name: the parties apart, a citation's signal word ("See", "Cf.") no part of a name, and a short
# citation with "no." read as English
@pytest.mark.parametrize("text, name, kept", [
    ("See Halvorsen v. United Kingdom, no. 12345/09, 2011.", "Halvorsen", "See"),
    ("See also Brannigan and McBride v. the United Kingdom, 1993.", "Brannigan", "See also"),
    ("Cf. Okafor v. Lindqvist [2004] EWCA Civ 12.", "Okafor", "Cf."),
    ("The court followed Kowalczyk v. Poland, no. 43316/08.", "Kowalczyk", "v. Poland"),
    ("But see Trevisan v. Italy, where the court found no breach.", "Trevisan", "But see"),
])
def test_parties_of_a_case_and_citation_signals(sanitizer: Sanitizer, text: str, name: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert not _kept(name, out.text, True) and kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# Judges named by their post-nominal title ("Evans J", "Arden LJ", "Lord Reed JSC"), surnames that are words after
# "Mr", "Ms" or "HHJ", and a party's name in brackets beside its role, as judgments write them
@pytest.mark.parametrize("text, values", [
    ("Whitcombe J:\n1. I agree with the judgment of Pop LJ.", ["Whitcombe", "Pop"]),
    ("Per Hoffstetter J at [12], the test is objective.", ["Hoffstetter"]),
    ("Lord Haverford JSC gave the leading judgment, with which Arden LJ agreed.", ["Haverford", "Arden"]),
    ("This is an appeal against the order of HHJ Bilge dated 3 March 2019.", ["Bilge"]),
    ("In cross-examination Mr Seven accepted that the light was poor.", ["Seven"]),
    ("The claimant (Petrus te Kluse) was employed by the respondent from 2011 until 2016.", ["Petrus te Kluse"]),
    ("Jace Pool (\"the Defendant\") admitted liability on 4 June.", ["Jace Pool"]),
    # a kinship word after a possessive noun, the name set off by commas whole even when a word ends it
    ("On 12 May 2009 the applicant's son, Şeref Seven, was arrested. Seven was taken to the station.", ["Şeref Seven"]),
    ("The deceased's daughter, Marta Rose, applied for letters of administration.", ["Marta Rose"]),
    # counsel's and members' post-nominals, a role set off by commas, a surname's possessive and evidence
    ("Counsel for the defendant, Encarnacion Jurado KC, submitted that Fried's evidence was unreliable.",
     ["Encarnacion Jurado", "Fried"]),
    ("The deceased, Petrus te Kluse, died intestate in 2014.", ["Petrus te Kluse"]),
    ("Hale MP said the bill was flawed.", ["Hale"]),
])
def test_judges_and_parties_as_judgments_name_them(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("See Schedule J for the fees.", "Schedule J"),
    ("In Section J, the rules apply.", "Section J"),
    ("The first defendant (Acme Ltd) denies it.", "Acme Ltd"),
    ("It runs on MS Windows and Linux.", "MS Windows"),
    ("Former Western Australian Labor MP, founder of the party, spoke.", "Western Australian Labor MP"),
    ("The Labour MP for Leeds Central spoke first.", "Labour MP"),
    ("Don't Miss Out on the sale.", "Miss Out"),
])
def test_letters_and_titles_that_name_no_judge_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


# News shapes of a surname alone: after the verb of a quotation ("'...,' said Marshall." was read as a contract's
# "said Borrower") and with the person's age set off by commas
@pytest.mark.parametrize("text, values", [
    ("'We will fight this ruling,' said Marshall.", ["Marshall"]),
    ("\"It was never about money,\" said Reynolds, who founded the firm.", ["Reynolds"]),
    ("Riccardi, 34, was arrested at his home in Leeds on Friday.", ["Riccardi"]),
    ("Yesterday Ward, 34, was charged with two counts of fraud.", ["Ward"]),
    ("Ana Ruiz, 41, a nurse from Seville, was injured in the crash.", ["Ana Ruiz"]),
    # a surname alone as the subject of a verb only people do, or before a possessive and what only a person has
    ("Akçay denied any wrongdoing.", ["Akçay"]),
    ("Baker denied any wrongdoing.", ["Baker"]),
    ("Asked about the vote, Madura declined to comment.", ["Madura"]),
    ("O'Connor's lawyers said they would appeal.", ["O'Connor"]),
    ("Sgarbi later admitted that he had signed the letter.", ["Sgarbi"]),
    # a capitalised word before it that ends a sentence is no part of a longer proper noun
    ("Riccardi was arrested on Friday. Akçay denied any wrongdoing.", ["Riccardi", "Akçay"]),
])
def test_a_surname_alone_in_news_shapes(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Items, 12, were sold at the auction.", "Items, 12,"),
    ("Sales, 12, were flat in March.", "Sales, 12,"),
    ("In Paris, 12, rue de Rivoli is the address.", "In Paris"),
    ("The Borrower shall notify said Lender, and said Lender shall confirm.", "said Lender,"),
    ("Police said the man was arrested.", "Police said"),
    ("Officials denied the report.", "Officials denied"),
    ("He said the road was closed.", "He said"),
    ("Moscow denied the report, and the Kremlin declined to comment.", "Moscow denied"),
    ("The Kremlin declined to comment.", "Kremlin declined"),
])
def test_numbers_set_off_and_a_contracts_said_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


# A word right before a noun of software names the software, not a person; a person's name before it takes a
# possessive and stays a name
@pytest.mark.parametrize("text, kept", [
    ("My Kubernetes cluster keeps restarting pods.", "Kubernetes cluster"),
    ("The Grafana dashboard is empty since the upgrade.", "Grafana dashboard"),
    ("Spin up a Jupyter notebook and a Postgres database.", "Jupyter notebook"),
    ("Is the Traefik middleware or the Nginx server at fault?", "Traefik middleware"),
    ("Our Airflow deployment keeps failing at midnight.", "Airflow deployment"),
])
def test_software_named_before_its_noun_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


@pytest.mark.parametrize("text, values", [
    ("Review Mikkelsen's repo before Friday.", ["Mikkelsen"]),
    ("Ask Thandiwe Mokoena about the server migration.", ["Thandiwe Mokoena"]),
])
def test_a_person_beside_software_nouns_is_still_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# Chat: a given name that is a word too, right after a greeting and before what is asked of them ("hey max can u");
# never a term of address ("hey honey can you"), an auxiliary ("hey will you") or a word the lists do not give as a
# name. A family name that is a word too before a listed given name in a "Surname, Given" line ("Costa, Katrina").
@pytest.mark.parametrize("text, values", [
    ("hey max can u send me the report", ["max"]),
    ("hey jay can u send me the report", ["jay"]),
    ("hi mark how are you doing", ["mark"]),
    ("hey roman, are you coming tonight?", ["roman"]),
    ("thanks rose, you are great", ["rose"]),
    ("Costa, Katrina - Account 88231", ["Costa", "Katrina"]),
])
def test_names_that_are_words_when_addressed_or_listed_surname_first(sanitizer: Sanitizer, text: str,
                                                                      values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("hey honey can you call me", "hey honey can"),
    ("hey man can u help", "hey man can"),
    ("hey will you send it", "hey will you"),
    ("hey there can u help", "hey there can"),
])
def test_terms_of_address_after_a_greeting_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# Spanish and French news: a surname alone before a verb only people do, or after what only a person has ("los
# abogados de Molina"); a single name joined to a found name by a conjunction; a verb in lower case NER takes into
# the name is left out of it
@pytest.mark.parametrize("text, values", [
    ("Preguntado por la votación, Tudela declinó hacer comentarios.", ["Tudela"]),
    ("Vallejo declinó hacer comentarios sobre la investigación.", ["Vallejo"]),
    ("Según fuentes del ministerio, Mercado ha negado los hechos.", ["Mercado"]),
    ("Los abogados de Molina anunciaron que recurrirán el fallo.", ["Molina"]),
    ("La defensa de Echevarría pidió la nulidad del juicio.", ["Echevarría"]),
    ("Interrogé par nos confrères, Lemarchand a déclaré qu'il ne démissionnerait pas.", ["Lemarchand"]),
    ("L'avocat de Rouquette a refusé de commenter.", ["Rouquette"]),
])
def test_a_surname_alone_in_spanish_and_french_news(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, values", [
    ("Menéndez y Lorenzo se reunieron el martes en la sede del partido.", ["Menéndez", "Lorenzo"]),
    ("Castro y Gaona se reunieron el martes.", ["Castro", "Gaona"]),
    ("Julia Okonkwo and Halvorsen met the auditors on Monday.", ["Julia Okonkwo", "Halvorsen"]),
    ("Les généraux Payan, Christophe et Dupont ont été décorés.", ["Dupont"]),
    ("Baker and Ingrid Solberg denied the claims.", ["Baker", "Ingrid Solberg"]),
])
def test_a_name_joined_to_a_found_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Washington ha negado las acusaciones.", "Washington ha negado"),
    ("Moscú negó cualquier implicación.", "Moscú negó"),
    ("El Gobierno negó cualquier irregularidad.", "Gobierno negó"),
    ("La Fiscalía ha negado que hubiera pruebas.", "Fiscalía ha negado"),
    ("Madrid ha rechazado la propuesta de Bruselas.", "Madrid ha rechazado"),
    ("The talks between Julia Okonkwo and Washington stalled.", "and Washington stalled"),
    ("El delantero Juan Martínez marcó dos goles.", "marcó dos goles"),
    ("La portera Ana Ruiz paró dos penaltis.", "paró dos penaltis"),
])
def test_governments_by_their_seat_and_verbs_after_a_name_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A holder's name set off by commas after an office and whose it is ("El alcalde de Zaragoza, Amaia Armas,"), after a
# Spanish personal "a" ("busca a Bastián Garrido"), a given name after "con"/"with" that is a town too ("con Pilar");
# a portfolio after its office is a department ("la ministra de Hacienda"), a club or a country no holder
@pytest.mark.parametrize("text, values", [
    ("El alcalde de Zaragoza, Amaia Armas, inauguró ayer el nuevo centro de salud.", ["Amaia Armas"]),
    ("The chief executive of the lender, Tove Alsaker, said margins would fall.", ["Tove Alsaker"]),
    ("Le maire de la commune, Gaëlle Kerbrat, a inauguré la salle.", ["Gaëlle Kerbrat"]),
    ("La Policía busca a Bastián Garrido, desaparecido desde el martes.", ["Bastián Garrido"]),
    ("El juez ha citado a declarar a Nerea Olabarrieta como investigada.", ["Nerea Olabarrieta"]),
    ("Ayer comí con Pilar en el centro.", ["Pilar"]),
    ("Ayer comí con David en el centro.", ["David"]),
    ("Gracias a Maite por todo, nos vemos la semana que viene en la oficina.", ["Maite"]),  # "a" is no article
    ("Dale las gracias a Maite de mi parte cuando la veas mañana en la oficina.", ["Maite"]),
])
def test_holders_of_an_office_and_people_a_verb_is_done_to(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("La ministra de Hacienda, Salvador Kardache, defendió los presupuestos.", "ministra de Hacienda,"),
    ("El consejero de Sanidad, Enrique Ruiz Escudero, compareció.", "consejero de Sanidad,"),
    ("The president of the club, Real Madrid, said nothing.", "Real Madrid"),
    ("The mayor of the city, Leeds, is large.", "Leeds"),
    ("El tribunal condenó a España por la demora.", "condenó a España"),
    ("Trade with China grew last year.", "with China"),
    ("Mañana viajamos a Santiago y luego a Valencia para ver a la familia.", "a Santiago"),
])
def test_portfolios_clubs_and_countries_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# Spanish capitalises no common noun: a listed family name alone inside a sentence, or opening one before a verb in
# the past, is a name ("para Ureña", "cercanas a Urbina", "Menéndez ganó"); not a department, an address's country,
# a scale or a stain
@pytest.mark.parametrize("text, values", [
    ("La jueza decretó prisión provisional para Larrañaga por riesgo de fuga.", ["Larrañaga"]),
    ("Fuentes cercanas a Urbina confirmaron la noticia a este periódico.", ["Urbina"]),
    ("Tras la reunión, Larrañaga se mostró optimista.", ["Larrañaga"]),
    ("El ciclista ganó la etapa por delante de Menéndez y de Leiva.", ["Menéndez", "Leiva"]),
    ("Tras el pleno, Echeverría se mostró molesto con la oposición.", ["Echeverría"]),
    ("Menéndez ganó la etapa reina del Tour.", ["Menéndez"]),
    ("Desde su detención, Larrañaga permanece en prisión.", ["Larrañaga"]),
    ("Cuando Arrieta llegó al juzgado, decenas de periodistas lo esperaban.", ["Arrieta"]),
    ("Villalobos, que llegó al club en 2019, renovó hasta 2027.", ["Villalobos"]),
    # a full name after a verb's personal "a", after what only a person has, after a profession
    ("El seleccionador ha convocado a Nicolás Vila y a Eulalia Ferrer para el amistoso.", ["Nicolás Vila",
                                                                                          "Eulalia Ferrer"]),
    ("El Supremo ha confirmado la condena de Liceth Betancur por malversación.", ["Liceth Betancur"]),
    ("El abogado Calida Fernández asumirá la defensa del empresario.", ["Calida Fernández"]),
])
def test_a_spanish_family_name_alone_inside_a_sentence(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Hospital de Poniente, Ctra. Málaga n.o 119, El Ejido, Almería, España. Tel. 950 000 000", "España."),
    ("Presentaba un estado poscrítico con un Glasgow de 10 al ingreso.", "Glasgow de 10"),
    ("Atrofia vellositaria Marsh tipo II en la biopsia duodenal.", "Marsh tipo II"),
    ("Técnicas inmunohistoquímicas: S100 positiva; Oil-Red positiva; vimentina positiva.", "Oil-Red"),
    ("El Ministerio de Hacienda publicó ayer los datos.", "Ministerio de Hacienda"),
    ("El partido contra Valencia se jugará el domingo por la tarde.", "contra Valencia"),
    ("Desde Sevilla llegan buenas noticias.", "Desde Sevilla"),
    ("Con Hacienda no hay acuerdo.", "Con Hacienda"),
    ("Tras la tormenta, Valencia permanece en alerta naranja.", "Valencia permanece"),
    ("El equipo viajó a Buenos Aires tras el partido.", "a Buenos Aires"),
    ("El paciente fue trasladado a la Unidad Coronaria.", "Unidad Coronaria"),
    ("Se remitió a Urología Infantil para control evolutivo.", "Urología Infantil"),
])
def test_spanish_places_scales_and_departments_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# "According to X," opening a sentence as inside one; a listed surname after a "that" that opens what was heard or said
@pytest.mark.parametrize("text, values", [
    ("According to Schlachter, the contract was never signed.", ["Schlachter"]),
    ("Según Larrañaga, el acuerdo se firmó en secreto.", ["Larrañaga"]),
    ("Selon Lemarchand, le projet est abandonné.", ["Lemarchand"]),
    ("The jury heard that Snow had been drinking before the crash.", ["Snow"]),
    ("The court heard that Bull had been drinking before the crash.", ["Bull"]),
])
def test_according_to_and_reported_that(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("He said that Apple had won the case.", "that Apple had won"),
    ("According to Google, the answer is no.", "According to Google"),
    ("The Borrower said that Lender had failed to pay, and the Lender shall notify it.", "that Lender had"),
])
def test_companies_and_defined_terms_after_that_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A headline quoting its speaker: the name, a colon, the quotation
@pytest.mark.parametrize("text, values", [
    ("Tiziano Flores: «No voy a dimitir»", ["Tiziano Flores"]),
    ("Bastián Garrido: «Volveremos más fuertes»", ["Bastián Garrido"]),
    ("Lindqvist: 'We will appeal the ruling'", ["Lindqvist"]),
    ("Amaia Armas: \"El centro abrirá en marzo\"", ["Amaia Armas"]),
    ("Tove Alsaker: “Margins will fall”", ["Tove Alsaker"]),
])
def test_a_speaker_before_a_quoted_headline(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "Update: 'Service restored'", "Breaking News: \"Markets fall\"", "Buenos Aires: «Ciudad en alerta»",
    "Error Message: 'file not found'",
])
def test_a_label_before_a_quotation_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A transcript's speakers, when half its labels or more are names; a role's line or a list of things stays
@pytest.mark.parametrize("text, values", [
    ("[10:02] Tove Alsaker: morning all\n[10:03] Bastián Garrido: hola\n[10:04] Nerea Olabarrieta: buenos días",
     ["Tove Alsaker", "Bastián Garrido", "Nerea Olabarrieta"]),
    ("Agent: How can I help?\nMensah: my card was blocked\nAgent: I see", ["Mensah"]),
    ("Lindqvist: are we on for Friday?\nKowalska: yes, 10 am", ["Lindqvist", "Kowalska"]),
])
def test_the_speakers_of_a_transcript(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "Agent: How can I help?\nCustomer: my card was blocked",
    "Kubernetes: container orchestration\nTerraform: infrastructure as code\nJenkins: CI server",
    "Subject: Meeting\nDate: Monday\nFrom: HR",
    "Notices shall be served on the recipient: if by hand delivery, at the time of delivery.",
])
def test_a_role_s_line_and_a_list_of_things_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A family name in a headline written in capitals; its words, acronyms and places stay
@pytest.mark.parametrize("text, values", [
    ("MOCANU SIGNS NEW DEAL WITH CITY", ["MOCANU"]),
    ("TRANSFER NEWS: CITY CLOSE IN ON MENSAH", ["MENSAH"]),
    ("LINDQVIST QUITS AS COACH AFTER DEFEAT", ["LINDQVIST"]),
    ("COURT CLEARS KOWALSKA OF FRAUD", ["KOWALSKA"]),
    ("HALVORSEN JOINS RIVALS IN SHOCK MOVE", ["HALVORSEN"]),
])
def test_a_family_name_in_a_headline_in_capitals(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "BREAKING NEWS: NASA DELAYS LAUNCH AGAIN", "LOAN AND SECURITY AGREEMENT DATED AS OF MARCH 1",
    "PARIS HOSTS SUMMIT ON CLIMATE", "NEW DEAL FOR CITY AFTER LONG TALKS",
])
def test_headlines_in_capitals_without_a_name_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# The seventh session's attack: a synthetic prompt with streets named in prose and no house number, a home "at" a
# street with no type word, a unit line over a street line, names in other scripts with their marks, by every surface
PROSE_ATTACK = ("Hi, I'm writing for my aunt. Her new apartment is at Dobrovského 1187 and her old one was on "
                "Larkspur Street. The lease for Flat 12\nHale Ridge ends in June; the landlord lives on rue Mathilde "
                "Ferrand. Registered address Kvetinová 55. Please also greet ضحّاك البديري and Алекса́ндр Пу́шкин.")
PROSE_SECRETS = ("Dobrovského 1187", "Larkspur", "Flat 12", "Hale Ridge", "Mathilde", "Ferrand", "Kvetinová 55",
                 "ضحّاك", "البديري", "Алекса́ндр", "Пу́шкин")


def test_streets_in_prose_and_marked_scripts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, PROSE_ATTACK, PROSE_SECRETS)


FORMS_ATTACK = ("Please check this export.\nname,street,postcode,city\nIda Moor,31 Johnson Street,F45HTE3,Ennis\n\n"
                'Record: {"customer": "Olga Dam", "address": "Tingstræde 4", "zip": "4080"}\n'
                "Address line 1: 14701 Allison Rue; Address line 2: Suite 738; Postal code: 80692\n"
                "Generate a customer record: name Daniel Watson, street Richardson Forges, number 91582.\n"
                "Ship to 1 Ζυγού, Apt. 4. I live on Erdoğan Mount near the park.")
FORMS_SECRETS = ("F45HTE3", "Johnson", "4080", "Tingstræde", "Allison", "Suite 738", "80692", "Richardson Forges",
                 "Ζυγού", "Apt. 4", "Erdoğan Mount", "Ida Moor", "Olga Dam", "Daniel Watson")


def test_forms_tables_and_records_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, FORMS_ATTACK, FORMS_SECRETS)


# The ninth session's set F (synthetic prompts of many types, mimesis' lists): the postcode after any street
# found, whatever found it, with its town either way round and in any script; the street an address is changed
# to; a home named by whose it is; what is sent, and where to; a car in front of a house
@pytest.mark.parametrize("text, secrets", [
    ("Summarize this note: lives at Doningasse 45, 1474. Phone +43-6882-5376.", ["Doningasse 45", "1474"]),
    ("The flat at Θειρσίου 781, Πειραιάς 75768. Contact number below.", ["Θειρσίου", "75768"]),
    ("Ship to көшесі Бағаналы 1343, Щучинск 999326.", ["Бағаналы", "999326"]),
    ("Please update the delivery address for order 55812 to 567 Peter Appels Vej, Assens DK-8702. Thanks",
     ["Appels Vej", "DK-8702"]),
    ("Please change my address to Anderstorp 786, Falsterbo 768 41. Thanks", ["Anderstorp 786", "768 41"]),
    ("Lives at Santa Fe 285, 77688. Phone on file.", ["Santa Fe 285", "77688"]),
    ("Our new place is De Haar 176. Which utilities should we set up?", ["De Haar 176"]),
    ("The package to 546 Marits never arrived.", ["546 Marits"]),
    ("My neighbour keeps parking in front of 170 Krogparken.", ["170 Krogparken"]),
])
def test_codes_after_any_street_and_more_address_cues(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for secret in secrets:
        assert secret not in out.text, (secret, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "I met him at Gate 12, 2019.", "My address to the court was long.", "Our house is 200 years old.",
    "My home is Windows 11 now.", "We played in front of 200 people.", "My flat is 12 minutes away.",
    "The package to the client was late.", "Their house was empty, 1999 was a hard year.",
])
def test_what_those_cues_leave_alone(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


SET_F_ATTACK = ("Please update the delivery address for order 55812 to Σωστράτου 786, Πειραιάς 75768. "
                "Patient note: lives at Doningasse 45, 1474. Our new place is De Haar 176. The package to 546 Marits "
                "never arrived; a van parks in front of 170 Krogparken.")
SET_F_SECRETS = ("Σωστράτου", "75768", "Doningasse", "1474", "De Haar", "Marits", "Krogparken")


def test_set_f_addresses_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_F_ATTACK, SET_F_SECRETS)


# The ninth session's set H (support chats, tickets, HR and medical records): a field's "Surname, Given" value, the
# signer of a note, a name addressed in quotes or closing a short sentence, a chat speaker beside a role's label, a
# town's postcode in brackets, Italian types and units, an address changed from one street to another
@pytest.mark.parametrize("text, secrets", [
    ("Employee record\nName: Potoczna, Gaja\nHome: pl. Paderewskiego 286", ["Potoczna", "Gaja", "Paderewskiego"]),
    ("Delivery note — Recipient: Amy Watson / Signed: Young", ["Amy", "Watson", "Young"]),
    ("Rewrite this more politely: 'Cornelio, you forgot to send the keys AGAIN.'", ["Cornelio"]),
    ("See you soon, Riitta.", ["Riitta"]),
    ("[10:42] Riitta: hey is the parcel still coming?\n[10:43] Support: yes, ETA Friday", ["Riitta"]),
    ("Can you check why the order to Gera (03907) is delayed?", ["03907"]),
    ("She lives in Białystok (71-861).", ["71-861"]),
    ("Home: Stretto Giannuzzi, 77 Appartamento 12\nManager: x", ["Giannuzzi", "77 Appartamento 12"]),
    ("Ship it to Incrocio Prada, 60.", ["Prada", "60"]),
    ("Please change my billing address from Silkesteeg 03 to Kayleighboulevard 09.", ["Silkesteeg", "Kayleighboulevard"]),
])
def test_set_h_records_and_chats(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets, name=False)


@pytest.mark.parametrize("text, kept", [
    ("Customer: Hi, Maria", "Customer: Hi, "), ("Name: Smith, Inc.", ", Inc."), ("moved to Leeds (2019)", "(2019)"),
    ("User: hi\nAssistant: hello", "User: hi\nAssistant: hello"), ("We visited Rome, Florence!", "Rome, Florence"),
    ("Ship it to Via Ossola, 40 Piano 6 please.", "Piano "), ("Home: Stretto Giannuzzi, 77", "Stretto "),
])
def test_what_set_h_rules_keep(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def _absent_and_restored(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    """No secret is left anywhere in the sanitized text (Chinese and Japanese have no spaces to bound a word, so
    :func:`check`'s whole-word test would miss one inside a run), and restoring gives the text back."""
    out = sanitizer.sanitize(text, KEYS)
    for secret in secrets:
        assert secret not in out.text, (secret, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


# The tenth session's set I (clinical notes, CVs, letters in eight languages): the name a letter's salutation
# addresses, with or without a form of address; a record's "SURNAME, GIVEN" in capitals; a name above a line of
# contact details; the postcode and the street of a contact line whose fields a dot or a bar parts
@pytest.mark.parametrize("text, secrets", [
    ("Sehr geehrter Herr Oberthaler,\n\nanbei die Rechnung.", ["Oberthaler"]),
    ("Gentile Sig.ra Pellizzari,\n\nLe scrivo in merito alla fattura.", ["Pellizzari", "Sig"]),
    ("Geachte heer Wouterse,\n\nhierbij de stukken.", ["Wouterse"]),
    ("Szanowny Panie Grzelakowski,\n\nprzesyłam dokumenty.", ["Grzelakowski"]),
    ("Hej Torbjörn,\n\nhär kommer papperen.", ["Torbjörn"]),
    ("Caro Ottavio,\n\nti scrivo per la cena.", ["Ottavio"]),
    ("Dragă Ileana,\n\nîți scriu azi.", ["Ileana"]),
    ("Estimada Sra. Barrientos:\n\nle remito la factura.", ["Barrientos"]),
    ("Exmo. Sr. Vasconcelos,\n\nenvio em anexo os documentos.", ["Vasconcelos", "Exmo"]),
    ("The results were sent to Dott. Elisa Vasari on Monday.", ["Elisa", "Vasari", "Dott"]),
])
def test_letter_salutations_in_many_languages(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets, name=False)


@pytest.mark.parametrize("text, secrets", [
    ("DISCHARGE SUMMARY\nNAME: ODUYA, TEMPERANCE\nUNIT NO: 4471902", ["ODUYA", "TEMPERANCE"]),
    ("Patient: WIERZBICKA, HALINA\nWard 4B", ["WIERZBICKA", "HALINA"]),
    ("MARGUERITE ABELOFF\n14 Quarry Lane · Heswall CH60 2TF · +44 151 496 0732", ["MARGUERITE", "ABELOFF"]),
    ("Tobias Wennerholm\ntobias.w@example.org | +46 70 555 12 34", ["Tobias", "Wennerholm"]),
    ("June Halloway\n49 Tarrant Roads · Dominicview", ["June", "Halloway"]),
    ("77 Harrow Riverway · Port Keswick 2913 · +61 411 278 569", ["Harrow", "2913"]),
    ("Vidlicová 449 · 040 72 Kraľovany · +421 905 123 456", ["Vidlicová", "040 72"]),
    ("33 Joyce Street, Daire Ville H92 PX1A", ["H92 PX1A"]),
    ("Hauptstr. 5 | 10115 Berlin | Tel. 030 1234567", ["Hauptstr. 5", "10115"]),
    ("Distinti saluti,\nMarco Pellizzari", ["Marco", "Pellizzari"]),
])
def test_set_i_records_and_contact_lines(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets, name=False)


@pytest.mark.parametrize("text, kept", [
    ("Sehr geehrte Damen und Herren,\n\nwir danken Ihnen.", "Sehr geehrte Damen und Herren,"),
    ("Distinti saluti,\nMarco Pellizzari", "Distinti saluti,"),
    ("Gentile cliente,\nLe scriviamo", "Gentile cliente,"),
    ("Project Update\n12 items were shipped.", "Project Update\n12 items"),
    ("Northwind Traders\n12 Main St", "Northwind Traders\n"),
    ("CITY: PARIS, FRANCE", "CITY: PARIS, FRANCE"), ("Name: Acme, INC", "Acme, INC"),
    ("Gentile Sig. Emo,\ngrazie", "Gentile "), ("Szanowny Panie Nowak,\ndziękuję", "Szanowny Panie "),
    ("12 Main St | 2019 budget", "2019 budget"),
])
def test_what_set_i_rules_keep(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text", ["Cara Delevingne walked in.", "Gentile Bellini painted it, Caro Ottavio said."])
def test_a_salutation_that_is_a_name_too_is_hidden_outside_a_salutation(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    first = text.split()[0]
    assert not re.search(rf"\b{first}\b", out.text), out.text


SET_I_ATTACK = ("Gentile Sig.ra Pellizzari,\n\ncome concordato con Ottavio Brancaleoni, Le invio i documenti.\n\n"
                "Distinti saluti,\nMARGUERITE ABELOFF\n14 Quarry Lane · Heswall CH60 2TF · +44 151 496 0732\n\n"
                "NAME: ODUYA, TEMPERANCE\nVidlicová 449 · 040 72 Kraľovany")
SET_I_SECRETS = ("Pellizzari", "Brancaleoni", "ABELOFF", "MARGUERITE", "Quarry", "CH60 2TF", "ODUYA", "TEMPERANCE",
                 "Vidlicová", "040 72")


def test_set_i_letters_and_records_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_I_ATTACK, SET_I_SECRETS)


# The tenth session's set J (e-mail threads and meeting notes): "Surname, Given" after a chat's time or a header's
# field and after a semicolon of its list, the owners an action item names, Chinese and Japanese names in Latin text
# (two runs side by side, or one where a name stands)
@pytest.mark.parametrize("text, secrets", [
    ("[10:02] Okonkwo, Adaeze: who has the deck?\n[10:03] Lindqvist, Maren: me", ["Okonkwo", "Adaeze", "Lindqvist", "Maren"]),
    ("To: Petit, Laure <l.petit@example.net>; Fabre, Odile", ["Petit", "Laure", "Fabre", "Odile"]),
    ("The ticket was assigned to: Weller, Swetlana. Thanks.", ["Weller", "Swetlana"]),
    ("Action items:\n- Thibaud to send the quote by Friday\n- Iwona and Radek to review the contract",
     ["Thibaud", "Iwona", "Radek"]),
    ("1. Ottokar will call the bank", ["Ottokar"]),
    ("From: 山口, 充 <k@example.org>\nHi 晃,\nsee below.", ["山口", "充", "晃"]),
    ("Attendees: 帆 刘, あすか 藤田", ["帆", "刘", "あすか", "藤田"]),
    ("建军: I think 李 already approved it?\n成: yes", ["建军", "李", "成"]),
    ("Action items:\n- 瑞 to send the quote to 吴 by Friday", ["瑞", "吴"]),
    ("Reporter: 飞", ["飞"]),
])
def test_set_j_threads_and_meeting_notes(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    _absent_and_restored(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "- Legal to review the NDA\n- Everyone to read the memo", "- Finance: approve budget", "Translate 水 to English.",
    "The character 水 is water.", "- Python to parse the file", "I LOVE YOU\nわ\nhere they come",
])
def test_what_set_j_rules_keep(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


SET_J_ATTACK = ("Summarize:\nFrom: Okonkwo, Adaeze <ada@example.org>\nTo: Petit, Laure; 山口, 充\n\n[10:02] Lindqvist, "
                "Maren: who has the deck?\nAction items:\n- Thibaud to send the quote\n- 瑞 and 欣 to review it")
SET_J_SECRETS = ("Okonkwo", "Adaeze", "Petit", "Laure", "山口", "充", "Lindqvist", "Maren", "Thibaud", "瑞", "欣")


def test_set_j_threads_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_J_ATTACK, SET_J_SECRETS)


# Postcodes on their own (the peer set's class): a code before its word, codes listed after a cued one, the cue words
# of more languages
@pytest.mark.parametrize("text, secrets", [
    ("Send the forms to the 4820 postcode district.", ["4820"]),
    ("The survey covers ZIP 90210 and 10001.", ["90210", "10001"]),
    ("postcodes 4051, 4052 or 4053 only", ["4051", "4052", "4053"]),
    ("Rents in the 94103 area went up.", ["94103"]),
    ("codice postale 00184, Roma", ["00184"]),
    ("Our 30301 zip code has two post offices.", ["30301"]),
])
def test_postcodes_on_their_own(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets, name=False)


@pytest.mark.parametrize("text, kept", [
    ("In 2019 zip code rules changed.", "2019"), ("the 2000 area", "2000"), ("We sold 12000 zip ties.", "12000"),
    ("ZIP 90210, 2019 was great", "2019"),
])
def test_numbers_beside_postcode_words_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, kept", [
    ("We moved to Paris, France. We went there.", "Paris, France"),
    ("The conference is in Madrid, Spain next May.", "Madrid, Spain"),
])
def test_a_country_after_its_city_is_no_surname_given_pair(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, secrets", [
    ("Nombre: Juan .\nApellidos: José Riera Cabrera.", ["Juan", "Riera"]),
    ("Update CRM: Burgos, Amador; Cerrada Norte 632", ["Burgos", "Amador"]),
])
def test_a_name_a_map_holds_stays_hidden_in_a_record(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for secret in secrets:
        assert secret not in out.text, (secret, out.text)


# A prompt in a language with no pipeline here (German, Dutch, ...): read by the English or Spanish pipeline, whose NER
# took its nouns after an article and its sentence openers for names ("im Rathaus", "Gestern", "Gisteren")
@pytest.mark.parametrize("text, lang", [
    ("Gestern hat Konrad Zwiebelhofer im Rathaus die neue Satzung vorgestellt, die ab Januar gilt.", "de"),
    ("Gisteren heeft Britt de Keijser in de gemeenteraad het nieuwe afvalbeleid gepresenteerd.", "nl"),
    ("Kids are so brutally honest. Poor Jimmy xD", None),
    ("Please send the invoice to the accounting team by Friday, thanks.", None),
    ("Hier, Jean Dupont a présenté au conseil municipal le nouveau règlement.", None),
    ("Ayer Juan Pérez presentó en el ayuntamiento el nuevo reglamento de residuos.", None),
])
def test_a_language_with_no_pipeline_is_told(sanitizer: Sanitizer, text: str, lang: str | None) -> None:
    assert sanitizer.annotator.languages.foreign(text) == lang


@pytest.mark.parametrize("text, kept, secrets", [
    ("Gestern hat Konrad Zwiebelhofer im Rathaus die neue Satzung vorgestellt, die ab Januar gilt.",
     ["Gestern", "im Rathaus"], ["Konrad", "Zwiebelhofer"]),
    ("Laut Zwiebelhofer wurde der Vertrag bereits im Sommer unterschrieben, doch die Zahlung steht noch aus.",
     ["der Vertrag", "im Sommer", "die Zahlung", "wurde"], ["Zwiebelhofer"]),
    ("Bitte prüfen Sie die Belege. Die Rechnung vom Handwerker liegt bei. Frau Weidenbach hat die Kopien.",
     ["prüfen Sie", "Die Rechnung vom Handwerker"], ["Weidenbach"]),
    ("Gestern hat Ursula von der Leyen im Rathaus die neue Satzung vorgestellt, die ab Januar gilt.",
     ["im Rathaus"], ["Ursula", "Leyen"]),
    ("Gisteren heeft Britt de Keijser in de gemeenteraad het nieuwe afvalbeleid gepresenteerd.",
     ["Gisteren heeft"], ["Britt", "Keijser"]),
])
def test_nouns_of_a_foreign_prompt_stay_and_its_names_go(sanitizer: Sanitizer, text: str, kept: list[str],
                                                         secrets: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for word in kept:
        assert word in out.text, (word, out.text)
    check(sanitizer, text, secrets, name=False)


FOREIGN_AND_POSTCODES_ATTACK = ("Gestern hat Konrad Zwiebelhofer im Rathaus die neue Satzung vorgestellt. Laut Frau "
                                "Weidenbach wurde der Vertrag im Sommer unterschrieben.\nGisteren heeft Britt de "
                                "Keijser de factuur gestuurd.\nSend the forms to the 4820 postcode district; the "
                                "survey covers ZIP 90210 and 10001.")
FOREIGN_AND_POSTCODES_SECRETS = ("Zwiebelhofer", "Weidenbach", "Keijser", "4820", "90210", "10001")


def test_foreign_prompts_and_postcodes_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, FOREIGN_AND_POSTCODES_ATTACK, FOREIGN_AND_POSTCODES_SECRETS)


# The eleventh session's set K (synthetic PII prompts with a third generator's values, 44 locales): the floor, door or
# flat after a street in any language; a street field with no number; any code right after a postcode word; streets
# as Russian, Czech, Romanian, Scandinavian, Japanese, Korean and Chinese addresses write them
@pytest.mark.parametrize("text, secrets", [
    ("Ship it to Kløvervej 14B, 3. tv, Skagen, 9990.", ["3. tv", "9990"]),
    ("Lieferung an Birkenallee 71, 2 OG, Lindau, 88131.", ["2 OG", "88131"]),
    ("Enviar a Calle Olmo 8, 4º Izq., 28012 Madrid.", ["4º Izq", "28012"]),
    ("Our office is at Lindvägen 22, Hus 31, Gävle, 80320.", ["Hus 31", "80320"]),
    ("Send it to Ravintolakatu 17, B 44, Turku, 20100.", ["B 44", "20100"]),
    ("mailed to ул. Садовая, 14, кв. 61, Тверь, 170100.", ["Садовая, 14", "кв. 61", "170100"]),
    ("Deliver to Petőfi utca 12, 3.em, Pécs, 7621.", ["3.em", "7621"]),
    ("Post to Zonnelaan 61, 2 hoog achter, 3512 JK Utrecht.", ["2 hoog achter", "3512 JK"]),
])
def test_set_k_units_after_a_street(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets, name=False)


@pytest.mark.parametrize("text, secrets", [
    ("first_name=Ola; street=Haverdale Bend; zip=QX41 77T; city=Brackton", ["Haverdale Bend", "QX41 77T"]),
    ('{"street": "Kestrelmoor Row", "zip": "5521"}', ["Kestrelmoor Row"]),
    ("Street: Wrenfield Hollow\nCity: Dunmere", ["Wrenfield Hollow"]),
    ("The postcode is KW17 2PX, by the harbour.", ["KW17 2PX"]),
    ("my new postal code M4C 1B5 is on the form", ["M4C 1B5"]),
    ("PIN code 560 034, Bengaluru", ["560 034"]),
    ("billing address on file: Corbel Street 19, Leeds", ["Corbel Street 19"]),
    ("Visit us at Nerudova 44 or call the desk.", ["Nerudova 44"]),
])
def test_set_k_street_fields_and_cued_codes(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets, name=False)


@pytest.mark.parametrize("text, secrets", [
    ("Adresa: Na Kocínce 12, Praha 6", ["Na Kocínce 12"]),
    ("meet at 18 Pod Vinicí tomorrow", ["18 Pod Vinicí"]),
    ("Bydlím V Zahrádkách 9, Brno", ["V Zahrádkách 9"]),
    ("Trimiteți la Aleea Teilor, Bloc 12, Ap. 7, Cluj", ["Aleea Teilor, Bloc 12", "Ap. 7"]),
    ("Send the keys to Olav Kyrres gate 18, Bergen.", ["Olav Kyrres gate 18"]),
    ("Levering: Sjöbergs väg 4, Lund", ["Sjöbergs väg 4"]),
    ("住所は3丁目5番2号、桜荘201号室です。", ["3丁目5番2号", "桜荘201号室"]),
    ("주소: 1204 한빛7길, 402호", ["1204 한빛7길", "402호"]),
    ("地址：柳桥88号，上海", ["柳桥88号"]),
])
def test_set_k_streets_of_more_countries(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    _absent_and_restored(sanitizer, text, secrets)


# names: a lower-case name introduced in chat, more countries' titles, "Surname, Given" after a line's key, a full
# name after a role noun, the people a record names as its keys
@pytest.mark.parametrize("text, secrets", [
    ("hey its orlaith here, is the order out yet?", ["orlaith"]),
    ("this is maximiliano here, quick question", ["maximiliano"]),
    ("We are writing to dr. Vukadinović about the grant.", ["Vukadinović"]),
    ("Reminder for JUDr. Šťastná: the hearing moved.", ["Šťastná"]),
    ("Compliance note: gđa Marjanović must sign.", ["Marjanović"]),
    ("Dear Eng.ª Figueiredo, the plans are attached.", ["Figueiredo"]),
    ("Dear Mx. 閻, thanks for the form.", ["閻"]),
    ("CRM update: Oyelaran, Michael moved to the north office.", ["Oyelaran", "Michael"]),
    ("Legal notice: the tenant Osric Bellweather Quaine, at flat 2, owes rent.", ["Osric", "Bellweather", "Quaine"]),
    ("Die Mieterin Yelda Kornbrecht hat nicht bezahlt.", ["Yelda", "Kornbrecht"]),
    ("De huurder Sanne van der Wiel van Kerkstraat 12 betaalt niet.", ["Sanne", "Wiel"]),
    ("Student file - name: Ama Boateng; guardian: Kwabena Asantewaa; class 4", ["Kwabena", "Asantewaa"]),
])
def test_set_k_names(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    _absent_and_restored(sanitizer, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("I moved to 5 Main Street, 3 kids and a dog in tow.", "3 kids"),
    ("We met at 12 Main Street, 2 days ago.", "2 days ago"),
    ("The street: it was empty at night.", "it was empty"),
    ("Meet me at Departure Gate 12 after security.", "Departure Gate 12"),
    ("its cold here today", "cold"),
    ("Prix 25 fr. Les engagements sont reçus lundi.", "Les engagements"),
    ("Cities: Paris, London and Rome are on the list.", "Paris, London"),
    ("BORROWER: Northwind Technologies, Inc. By its agent", "Northwind Technologies"),
    ("the patient Records Office is closed on Sunday", "Records Office"),
    ("The postcode 10 AM is not a code.", "10 AM"),
])
def test_what_set_k_rules_keep(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_K_ATTACK = ("CRM update: Oyelaran, Michael moved to Kløvervej 14B, 3. tv, Skagen, 9990.\nhey its orlaith here, ship to "
                "ул. Садовая, 14, кв. 61, Тверь.\nstreet=Haverdale Bend; zip=QX41 77T\nLegal notice: the tenant Osric "
                "Bellweather Quaine owes rent. 住所は3丁目5番2号。")
SET_K_SECRETS = ("Oyelaran", "3. tv", "9990", "orlaith", "Садовая, 14", "кв. 61", "Haverdale Bend", "QX41 77T", "Osric",
                 "Bellweather", "Quaine", "3丁目5番2号")


def test_set_k_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_K_ATTACK, SET_K_SECRETS)


# each rule of set K on its own, at its finder (the whole pipeline above may also find some of these by its model)
@pytest.mark.parametrize("finder, text, value", [
    ("titled", "We are writing to dr. Vukadinović about the grant.", "Vukadinović"),
    ("titled", "Reminder for JUDr. Šťastná: the hearing moved.", "Šťastná"),
    ("titled", "Compliance note: gđa Marjanović must sign.", "Marjanović"),
    ("titled", "Dear Eng.ª Figueiredo, the plans are attached.", "Figueiredo"),
    ("titled", "Legal notice: the tenant Osric Bellweather Quaine, at flat 2, owes rent.", "Osric Bellweather Quaine"),
    ("titled", "De huurder Sanne van der Wiel van Kerkstraat 12 betaalt niet.", "Sanne van der Wiel"),
    ("cued", "CRM update: Oyelaran, Michael moved to the north office.", "Oyelaran, Michael"),
    ("cued", "hey its orlaith here, is the order out yet?", "orlaith"),
    ("keyed", "Student file - name: Ama Boateng; guardian: Kwabena Asantewaa; class 4", "Kwabena Asantewaa"),
    ("keyed", "Next of kin: Thandeka Mokoena\nWard 3", "Thandeka Mokoena"),
    ("addresses", "mailed to Садовая ул., 14, Тверь", "Садовая ул., 14"),
    ("addresses", "mailed to наб. Речная, 7, Тверь", "наб. Речная, 7"),
    ("addresses", "Send the keys to Olav Kyrres gate 18, Bergen.", "Olav Kyrres gate 18"),
    ("addresses", "Trimiteți la Aleea Teilor, Bloc 12, Cluj", "Aleea Teilor, Bloc 12"),
    ("addresses", "Adresa: Na Kocínce 12, Praha 6", "Na Kocínce 12"),
    ("addresses", "first_name=Ola; street=Haverdale Bend; zip=5521", "Haverdale Bend"),
    ("addresses", "The postcode is QX41 77T, by the harbour.", "QX41 77T"),
])
def test_set_k_rules_at_their_finders(finder: str, text: str, value: str) -> None:
    from mechanisms.prmpt.entities.addresses import find_addresses
    from mechanisms.prmpt.entities.people import find_keyed_names
    from mechanisms.prmpt.entities.titled_names import find_cued_names, find_titled_names

    found = {"titled": lambda: find_titled_names(text, "en"), "cued": lambda: find_cued_names(text, "en"),
             "keyed": lambda: find_keyed_names(text, "en"), "addresses": lambda: find_addresses(text, "en")}[finder]()
    assert value in [text[f.start:f.end] for f in found], [text[f.start:f.end] for f in found]


# set L (a shipping label, a passenger record, a pharmacy order, a claim, a witness statement, chat): the rules it led to
@pytest.mark.parametrize("finder, text, value", [
    ("cued", "Passenger OKONJO/ADAEZE MS, seat 22F", "OKONJO"),
    ("cued", "Passenger OKONJO/ADAEZE MS, seat 22F", "ADAEZE"),
    ("cued", "PAX: VALDÉS ORTIZ/MARIANELA", "VALDÉS ORTIZ"),
    ("cued", "Rx for Quilla Marisol Antunez-Pryce, DOB 03/02/1979. Deliver to the clinic.", "Quilla Marisol Antunez-Pryce"),
    ("cued", "Mme Ravelonjato (Odile) habite au 4e étage.", "Odile"),
    ("cued", "mbalenhle said u can drop it off at the gate", "mbalenhle"),
    ("titled", "Witness Dubravka Krznarić, of Zagreb, stated she saw it.", "Dubravka Krznarić"),
    ("titled", "Ticket 4471 - customer Wendelin Oosterhuis reports the router drops.", "Wendelin Oosterhuis"),
    ("cued", "Employee Ploumistou, Mete (ID 55012) relocated to Patras.", "Ploumistou, Mete"),
    ("keyed", "Beneficiary: Fenna Marit van Iersel\nIBAN: on file", "Fenna Marit van Iersel"),
    ("addresses", "the router at Otonelská 3 drops the Wi-Fi", "Otonelská 3"),
    ("addresses", "Witness, of Wiedermannova 30, Brno, stated", "Wiedermannova 30"),
    ("addresses", "Lieferadresse: Am Frankenberg 76a.", "Am Frankenberg 76a"),
    ("addresses", "Deliver to Explanada Fuentes, 56 1º C.", "Explanada Fuentes, 56 1º C"),
    ("addresses", "Deliver to Gg. Melati no 86.", "Gg. Melati no 86"),
    ("addresses", "to Ike Dunmore, 87 Grange Close, High Tarrow, England WF02 99R.", "WF02 99R"),
    ("addresses", "office at 857 Ahluwalia Drive, Apt. 403, Sirhind, 269 316.", "269 316"),
    ("addresses", "lease to Noel Illés, Lóránt főút 92, Csehi, Baranya 2107.", "Lóránt főút 92"),
    ("addresses", "the lease for Bruderhofgasse 796, 8 OG will end on 30 June.", "8 OG"),
    ("addresses", "the lease for Enevej 12, 3. th will end on 30 June.", "3. th"),
    ("addresses", "addressed to Eileen Marr, 10288 Ndaba Groves, Port Elizabeth 4484 was returned.", "4484"),
    ("addresses", "Our office moved to Eiriksgate 13; please tell accounting.", "Eiriksgate 13"),
])
def test_set_l_rules_at_their_finders(finder: str, text: str, value: str) -> None:
    test_set_k_rules_at_their_finders(finder, text, value)


def test_a_record_holder_whose_given_name_is_a_word_is_hidden(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Employee Ploumistou, Mete (ID 55012) relocated to Patras.", ["Ploumistou", "Mete"], name=False)


@pytest.mark.parametrize("text, kept", [
    ("Use AND/OR logic over TCP/IP here.", "AND/OR"),
    ("BORROWER AND BANK EACH HEREBY WAIVE THEIR RIGHTS", "BORROWER AND BANK EACH"),
    ("Alaska 3 was late and Nebraska 5 won.", "Alaska 3"),
    ("Rain today: 12 Main Street, 0 mm of rain, 10 m. away.", "0 mm"),
    ("Leaderboard: Krišs Endziņš 71 65 68, Konstantīns Petrovska 70 66 69", "70 66 69"),
    ("he said no to the offer", "he said"),
    ("route de Lorient, 98 Mme Vve Dupuy, née Hélène Lehacre", "Mme"),
    ("Customer Service Team will call you back.", "Customer Service Team"),
])
def test_what_set_l_rules_keep(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_a_unit_never_runs_across_a_sentence_end() -> None:
    from mechanisms.prmpt.entities.addresses import find_addresses

    text = "rue de Gauédic, 41. Décès. Marie Le Gall, 80 ans"
    assert not [f for f in find_addresses(text, "fr") if "Décès" in text[f.start:f.end]]


SET_L_ATTACK = ("Passenger OKONJO/ADAEZE MS, seat 22F\nRx for Quilla Marisol Antunez-Pryce, born in Leeds. Deliver to "
                "Otonelská 3.\nWitness Dubravka Krznarić, of Zagreb, stated she saw it.\nmbalenhle said u can drop it off")
SET_L_SECRETS = ("OKONJO", "ADAEZE", "Quilla", "Antunez-Pryce", "Otonelská 3", "Dubravka", "Krznarić", "mbalenhle")


def test_set_l_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_L_ATTACK, SET_L_SECRETS)


# set M: text in the shapes of Presidio's research data generator (bench/presidio_synthetic.py; values made up here):
# contact blocks with quote marks and glued labels, phones in pairs and dots, units under a street, lower-case text
@pytest.mark.parametrize("finder, text, value", [
    ("phones", "Can someone call me on 04.17.62.88.21? I have a question.", "04.17.62.88.21"),
    ("phones", "Personal Info:\nPhone:\n47-31-86-20\n", "47-31-86-20"),
    ("phones", "5522 8190-Office\\,221-408-7733x512-Fax", "5522 8190"),
    ("phones", "5522 8190-Office\\,221-408-7733x512-Fax", "221-408-7733x512"),
    ("phones", "Acme Ltd\n41 Ferry Road\nLeith, ED 41235\n033 581 2297 office", "033 581 2297"),
    ("phones", "Please call me at 41 22 67 tomorrow.", "41 22 67"),
    ("addresses", "> Odalys Brun\n> 771 Kesäkatu 14\n> Suite 208\n> TAMPERE\n> Finland 33210", "Suite 208"),
    ("addresses", "??? Odalys Brun\n??? 771 Kesäkatu 14\n??? Apt. 12\n??? TAMPERE\n??? Finland 33210", "Apt. 12"),
    ("addresses", "meet me at 5521 dorothy crossing\n apt. 318\n lake marcus", "5521 dorothy crossing"),
    ("addresses", "meet me at 5521 dorothy crossing\n apt. 318\n lake marcus", "apt. 318"),
    ("addresses", "Billing address: Ina Roth\n    35 Rue des Glycines 14 Apt. 22\n   Namur\n    WNA\n    5020\n", "5020"),
    ("addresses", "please send it to 4471 hendrix summit\nbrownfurt\n, ok\n 73190.", "4471 hendrix summit"),
    ("addresses", "The pharmacy is on Vahtra 31", "Vahtra 31"),
    ("addresses", "We live on the west side of Kuldnoka 9.", "Kuldnoka 9"),
    ("addresses", "The shop is at 415 Camino de Huertas 12", "415 Camino de Huertas 12"),
    ("addresses", "We have offices in Kaarina 20780 in the south.", "20780"),
    ("addresses", "My zip code is 603", "603"),
    ("addresses", "POSTCODE: 812 and the town", "812"),
    ("addresses", "Ship to: Bo Lind\n    7 Laugavegur 12 Apt. 3\n   Hella\n    SU\n    851\n", "851"),
    ("addresses", "We opened a shop in ΑΓΙΑ ΝΑΠΑ 5330 in its old harbour.", "5330"),
])
def test_set_m_rules_at_their_finders(finder: str, text: str, value: str) -> None:
    from mechanisms.prmpt.entities.addresses import find_addresses
    from mechanisms.prmpt.entities.contact import find_phones

    found = {"phones": find_phones, "addresses": find_addresses}[finder](text, "en")
    assert value in [text[f.start:f.end] for f in found], [text[f.start:f.end] for f in found]


@pytest.mark.parametrize("text, values", [
    ("Gudrun T Haverkamp\nNordwind GmbH\n12 Harbour Road", ["Gudrun T Haverkamp"]),
    (">Zoltrana B Quesnoyer\n>Quesnoyer-Lamb LLC", ["Zoltrana B Quesnoyer"]),
    ("Oskia, can you check my order?", ["Oskia"]),
    ("She was born in the spring. Her maiden name is Castellanos", ["Castellanos"]),
    ("What's your last name? Vukovich", ["Vukovich"]),
    ("Security question: mother's maiden name? Answer: Okafor", ["Okafor"]),  # a form's answer label between
    ("Security question: mother's maiden name?\nAnswer: Wiśniewska", ["Wiśniewska"]),
    ("The savings account is in the name of Telma Iriarte.", ["Telma Iriarte"]),
    ("Ysolde: Where were you?\nPeter: Out.\nMaria: Dinner is ready.", ["Ysolde", "Peter", "Maria"]),
    ("Most people call me Ignatius.", ["Ignatius"]),
    ("Please have the manager call me. I'd like to join accounts with ms. Ysabeau", ["Ysabeau"]),
    ("She named him Orrin", ["Orrin"]),
    ("Brannoc lives on Kesäkatu 14.", ["Brannoc"]),
    ("Unlike the Vanterpool novel, it is short.", ["Vanterpool"]),
    ("Best,\nquilla vantreese\nquillavantreese@example.org", ["quilla vantreese"]),
    ("Signed\nOdalys Brun\nobrun@example.org", ["Odalys Brun"]),
    ("Yes, I'm Valborg's daughter.", ["Valborg"]),
    ("(though Lester's song was about a boat)", ["Lester"]),
    ("Please remove my kid Ottilie from the account.", ["Ottilie"]),
    ("'Not again!' said Zuzana to Tina", ["Zuzana", "Tina"]),
])
def test_set_m_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, value", [
    ("are there any charges for a transfer from gb22nfwv61575319870576 to other accounts", "gb22nfwv61575319870576"),
    ("i'm sending a wire transfer using this iban de89 3704 0044 0532 0130 00", "de89 3704 0044 0532 0130 00"),
])
def test_an_iban_in_lower_case_is_hidden_and_restored(sanitizer: Sanitizer, text: str, value: str) -> None:
    check(sanitizer, text, [value], name=False)


def test_a_code_of_an_ibans_shape_that_fails_mod_97_is_kept(sanitizer: Sanitizer) -> None:
    assert "ab12cdef3456ghij7890" in sanitizer.sanitize("the build tag ab12cdef3456ghij7890 is random", KEYS).text


@pytest.mark.parametrize("text, kept", [
    ("we drove 300 miles past the farm, then 120 green hills.", "120 green hills"),
    ("We sold 200 units in Paris 45000 people came", "45000"),
    ("The store is on Windows 11 now.", "Windows 11"),
    ("Take Vitamin D Supplements daily.", "Vitamin D Supplements"),
    ("Offset the Tranche B Cash Payment against the Loan.", "Tranche B Cash Payment"),
    ("Is the Spotify version any better?", "Spotify"),
    ("The latency was 50 ms. Then it rose.", "Then"),
    ("I loved the Christmas song.", "Christmas"),
    ("Write to Data Science at datascience@corp.example", "Data Science"),
    ("Boston's mother church is old.", "Boston"),
    ("The page count is 250 in the PDF.", "250"),
    ("Its market cap 250 billion and rising.", "250"),
    ("Call me on 12.05.23 about the invoice.", "12.05.23"),
])
def test_what_set_m_rules_keep(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text", ["The minutes of 05.12.1973 were lost; phone the archive.", "Phone: 12-05-23 was the date",
                                  "we had 12 34 56 apples", "Call the desk at 9:30, room 12 45 67"])
def test_dates_and_counts_are_no_phones(text: str) -> None:
    from mechanisms.prmpt.entities.contact import find_phones

    assert not find_phones(text, "en"), [text[f.start:f.end] for f in find_phones(text, "en")]


SET_M_ATTACK = ("> Gudrun T Haverkamp\n> 771 Kesäkatu 14\n> Suite 208\n> TAMPERE\n> Finland 33210\n"
                "5522 8190-Office\\,221-408-7733x512-Fax\nmeet me at 5521 dorothy crossing\n apt. 318\n"
                "What's your last name? Vukovich")
SET_M_SECRETS = ("Gudrun", "Haverkamp", "Kesäkatu 14", "Suite 208", "33210", "5522 8190", "221-408-7733", "dorothy",
                 "apt. 318", "Vukovich")


def test_set_m_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_M_ATTACK, SET_M_SECRETS)


# Set N: news as agencies write it (results tables, scorecards, bylines, line-ups), after a measurement on a
# public news corpus's development split. Made-up examples in the same shapes.
@pytest.mark.parametrize("text", [
    "Hartwell 4 2 1 1 5 3 7 Dunmore 4 2 1 1 3 2 7 Kelso 4 1 2 1 3 3 5",
    "EAST DIVISION BOSTON 59 76 .437 25 1/2 TORONTO 54 81 .400 30 1/2",
    "Fall of wickets: 1-22 2-78 3-78 4-78 5-81 6-196.",
    "Reserves 639.55 639.38 Total liquid assets 107.83 107.24",
    "Quilter beat Ambrose 15-8 15-13 13-15 15-9 in the final.",
    "She reigned 1558-1603, and the accounts for 1995 1994 were lost.",
    "The bonds ended at 106-26/32 after a weak open.",
    "Orla Quist (Norway) 71 73 72 69 285, Ines Varga (Chile) 74 72 73 67 286, Tomas Brel 70 76 71 70 287",
])
def test_figures_of_tables_are_no_phones(text: str) -> None:
    from mechanisms.prmpt.entities.contact import find_phones

    assert not find_phones(text, "en"), [text[f.start:f.end] for f in find_phones(text, "en")]


@pytest.mark.parametrize("text, value", [
    ("-- Cape Town newsroom, +27-21 482 1003", "+27-21 482 1003"),
    ("-- Chicago newsdesk, 312 408-8787", "312 408-8787"),
    ("-- Wellington newsroom 64 4 473-4746", "64 4 473-4746"),
    ("Please call me at 4 2 1 1 5 3 7 tonight.", "4 2 1 1 5 3 7"),
    ("reach me on 69 71 71 73", "69 71 71 73"),
    ("Tel: 1 800 555 0199", "1 800 555 0199"),
])
def test_phones_beside_those_tables_are_still_phones(text: str, value: str) -> None:
    from mechanisms.prmpt.entities.contact import find_phones

    assert value in [text[f.start:f.end] for f in find_phones(text, "en")]


@pytest.mark.parametrize("text, values", [
    ("Somerset 83 and 174 (P. Quillby 4-38), Sussex 363 (W. Athersley 111, V. Drakesworth 52)",
     ["Quillby", "Athersley", "Drakesworth"]),
    ("Étaient présents MM. A. Duvossel, G. Leyrac et le comte Tornabel.", ["Duvossel", "Leyrac"]),
    ("Imprimerie de la Presse. Le gérant F. HAMOREL.", ["HAMOREL"]),
    ("J.-P. Morvannec a dit que la séance était levée.", ["Morvannec"]),
    ("Ecrire J. Labattut, à Serviac (Hérault).", ["Labattut"]),
    ("Bowling: S. Waughan 5-1-36-1, Moin Khalidi 2-0-23-0", ["Waughan", "Moin Khalidi"]),
    ("Palestinian pilgrims' progress. Sami Aboudira AL-RAM, West Bank 1996-08-30", ["Sami Aboudira"]),
])
def test_set_n_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Le maire de la commune, M. Rouvelin, a parlé de la fête du village.", "M. "),
    ("Szanowny Panie Nowak,\ndziękuję", "Szanowny Panie "),
    ("La lesión del estadio I. Dado que el tumor es pequeño", "Dado"),
])
def test_what_set_n_rules_keep(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, lang", [
    ("A. Background\nThe project started in May.", "en"), ("The U.S. Senate and the D.C. Court met.", "en"),
    ("RECITAL: A. The Company and the Borrower agree.", "en"), ("Beijing, P. R. China Attn: Legal", "en"),
    ("Le maire, M. Rouvelin, a parlé de la fête.", "fr"), ("La lesión del estadio I. Dado que el tumor", "es"),
    ("Wind 5 km / h N. Barometer 1015 hPa", "en"),
])
def test_what_the_initials_rule_keeps(sanitizer: Sanitizer, text: str, lang: str) -> None:
    from mechanisms.prmpt.entities.titled_names import find_initialled_names

    found = find_initialled_names(text, lang, sanitizer.annotator._english)
    assert not found, [text[f.start:f.end] for f in found]


@pytest.mark.parametrize("text, values", [
    ("El proyecto es una realidad para el deporte nacional, expresó Mejorada.", ["Mejorada"]),
    ("Kouchaud instó a los congregados a mantener la calma durante la noche.", ["Kouchaud"]),
    ("Ezkibar ha señalado, no obstante, que se debe llegar a acuerdos.", ["Ezkibar"]),
    ("Malvedo resaltó la necesidad de asegurar las dotaciones del sector.", ["Malvedo"]),
    ("Le projet avance bien, a affirmé Lemarrec devant le conseil municipal.", ["Lemarrec"]),
    ("Turnout will be low, Hallworth conceded on Friday.", ["Hallworth"]),
])
def test_reporting_verbs_of_news(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, values", [
    ("Verona (Italia), 23 may (EFE). - 1 - Parma: Buffon; Sartor, Thuram, Cannavaro; Fuser, Bolaño (Stanic, m.59), "
     "Breda, Dino Baggio (Dabo, m.84), Vanoli.", ["Buffon", "Cannavaro"]),
    ("Amonestación a Txurruka y Galdeano (Badajoz), Alberto Ruiz (Córdoba), Craioveanu (Villarreal) y Lipidio "
     "(Salamanca).", ["Txurruka", "Craioveanu", "Lipidio"]),
])
def test_line_ups_are_lists_of_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, values", [
    ("Pasaron diecisiete veranos en el palacio los reyes Alfonso XIII y Victoria Eugenia.", ["Alfonso XIII"]),
    ("The ordinance was signed by Louis XIV in the spring.", ["Louis XIV"]),
    ("The founder, L. Brent Bozwell III, spoke first.", ["Bozwell"]),
])
def test_a_roman_number_after_a_name_is_hidden_with_it(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for value in values:
        for word in value.split():
            assert word not in out.text, (word, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_two_names_never_take_in_the_same_word() -> None:
    """A word between two names is taken in by one of them only: two spans over it broke the restore."""
    from mechanisms.prmpt.annotator import extend_names
    from mechanisms.prmpt.spans import Span

    text = "Responsable: Dra. Celestina Arroyo Benítez Fundación Jiménez Díaz-UTE Avda Reyes Católicos, 2"
    a, b = text.index("Celestina"), text.index("Fundación") + len("Fundación")
    c = text.index("Díaz-UTE")
    spans = [Span("PERSON", a, b, 0.8, "es"), Span("PERSON", c, c + len("Díaz-UTE"), 0.85, "es")]
    out = sorted(extend_names(text, spans), key=lambda s: s.start)
    assert all(x.end <= y.start for x, y in zip(out, out[1:])), [text[s.start:s.end] for s in out]


SET_N_ATTACK = ("Somerset 83 and 174 (P. Quillby 4-38), Sussex 363 (W. Athersley 111)\n"
                "Bowling: S. Waughan 5-1-36-1, Moin Khalidi 2-0-23-0\n"
                "Palestinian pilgrims' progress. Sami Aboudira AL-RAM, West Bank\n"
                "El proyecto es una realidad para el deporte nacional, expresó Mejorada.\n"
                "Parma: Buffon; Sartor, Thuram, Cannavaro; Fuser, Bolaño (Stanic, m.59)\n"
                "-- Cape Town newsroom, +27-21 482 1003")
SET_N_SECRETS = ("Quillby", "Athersley", "Waughan", "Moin Khalidi", "Sami", "Aboudira", "Mejorada", "Buffon",
                 "Cannavaro", "+27-21 482 1003")


def test_set_n_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_N_ATTACK, SET_N_SECRETS)


# Set O: Spanish news names that the small Spanish pipeline's string store holds in lower case (its training
# text is news of the same agency), measured on the CoNLL-2002 Spanish development split before any miss was read.
# The names below are made up from words that store holds ("sergi", "farinós", "batistuta", "otegi").
def test_the_spanish_dictionary_holds_words_and_not_the_news_names() -> None:
    from mechanisms.prmpt.entities.name_words import dictionary_words

    words = dictionary_words("es")
    assert words is not None
    for form in ("consulta", "Consultas", "patológicas", "dirigió", "sometido", "cantándole", "Anatomía"):
        assert form in words, form
    for name in ("Bruguera", "Batistuta", "Farinós", "Otegi", "González", "Egibar", "Mestalla", "xqzt"):
        assert name not in words, name
    assert dictionary_words("xx") is None  # a language with no shipped dictionary: the pipeline's words as before


def test_the_word_list_expands_lower_case_entries_with_their_affixes() -> None:
    from bench.make_word_list import expand

    aff = ("SET UTF-8\nFLAG UTF-8\nSFX S Y 2\nSFX S 0 s [aeiou]\nSFX S 0 es [^aeiou]\n"
           "SFX R Y 1\nSFX R ar ando/L ar\nSFX L Y 1\nSFX L 0 lo .\nPFX D Y 1\nPFX D 0 des .\n")
    dic = "4\ncasa/S\nreloj/S\ncantar/RD\nGarcía/S\n"
    assert expand(dic, aff) == sorted(["casa", "casas", "reloj", "relojes", "cantar", "cantando", "cantandolo",
                                       "descantar", "descantando", "descantandolo"])  # no "garcía": a proper noun


@pytest.mark.parametrize("text, values", [
    ("El tenista español Sergi Farinós cayó ayer en la segunda ronda del torneo de Hamburgo.", ["Sergi Farinós"]),
    ("Los candidatos Cuauhtémoc Bruguera y Elián Otegi firmaron hoy una declaración conjunta.",
     ["Cuauhtémoc Bruguera", "Elián Otegi"]),
    ("Según la acusación, Lluis Egibar recibió los pagos entre 2017 y 2019.", ["Lluis Egibar"]),
    ("En la rueda de prensa, Radomir Goicoetxea negó cualquier irregularidad.", ["Radomir Goicoetxea"]),
    ("La jueza citó a declarar a Andoni Ruckauf y a su socio.", ["Andoni Ruckauf"]),
    # the commonest family names alone, which the everyday list had taken in from a Spanish frequency list
    ("González, que se reunió ayer con los sindicatos, negó cualquier acuerdo.", ["González"]),
    ("López, según fuentes del club, sufre una lesión en la rodilla.", ["López"]),
    ("Rodríguez se mostró satisfecho con el resultado de la votación.", ["Rodríguez"]),
    # a full name NER ran together with the portfolio of an office before it
    ("La ex ministra de Asuntos Sociales Matilde Fernández presentará mañana su candidatura.", ["Matilde Fernández"]),
    ("La ex ministra de Cultura Matilde Batistuta presentará el próximo lunes su candidatura.", ["Matilde Batistuta"]),
    ("El consejero de Cultura Iñaki Bruguera inauguró ayer la exposición.", ["Iñaki Bruguera"]),
])
def test_spanish_news_names_the_pipeline_saw_in_training(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Valencia marcó dos goles anoche en Mestalla.", "en Mestalla"),
    ("El concierto se celebró en Riazor el sábado.", "en Riazor"),
    ("The meeting was held in Ruislip last week.", "in Ruislip"),
    ("El Ministerio de Asuntos Sociales presentará mañana su informe.", "Ministerio de Asuntos Sociales"),
    ("La consejería de Cultura y Turismo abrirá el museo.", "Cultura y Turismo"),
])
def test_places_after_in_and_offices_without_a_name_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_O_ATTACK = ("El tenista español Sergi Farinós cayó ayer en Hamburgo.\n"
                "González, que se reunió ayer con los sindicatos, negó cualquier acuerdo.\n"
                "La ex ministra de Cultura Matilde Batistuta presentará el lunes su candidatura.\n"
                "Según la acusación, Lluis Egibar recibió los pagos entre 2017 y 2019.")
SET_O_SECRETS = ("Sergi", "Farinós", "González", "Matilde", "Batistuta", "Lluis", "Egibar")


def test_set_o_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_O_ATTACK, SET_O_SECRETS)


# Set P: cricket scorecards as agencies print them (a third of the names English news leaked after set N were in
# them): the batsman, the fielder and the bowler of each dismissal and a bowler's figures are names
@pytest.mark.parametrize("text, values", [
    ("Northshire 212: Tomkins c Wexford b Pellham 12, Oduya lbw b Pellham 0, Rastrick not out 41",
     ["Tomkins", "Wexford", "Pellham", "Oduya", "Rastrick"]),
    ("Bowling: Kettleby 10-1-44-2, Marwood 8.3-0-51-1, R. Ashdown 6-0-29-0", ["Kettleby", "Marwood", "Ashdown"]),
    ("J. Fennimore c and b Quaintance 23 D. Harcastle st Belwether b Quaintance 7",
     ["Fennimore", "Quaintance", "Harcastle", "Belwether"]),
    ("Did not bat: Tolland. Bowling: Mbeki-Ross 9-2-30-3, Vanderpuy 7-0-35-1", ["Mbeki-Ross", "Vanderpuy"]),
    ("Sri Lanka 241: K. Wijeratne c Holloway b Stanbridge 88, P. Dassanayake b Stanbridge 14",
     ["Wijeratne", "Holloway", "Stanbridge", "Dassanayake"]),
    # dictionary words in a fielder's or a bowler's place
    ("Yorkshire 190: Moxon c Law b Such 12, Byas c Knight b Such 40, Bowling: Such 8-1-40-2, Law 3-0-11-1",
     ["Moxon", "Law", "Such", "Byas", "Knight"]),
])
def test_the_names_of_a_cricket_scorecard(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("See appendix b Table 3 for the figures.", "b Table 3"),
    ("Choose option b Premium 12 months.", "b Premium 12"),
    ("The score was 3-0-1-2 in the last round.", "3-0-1-2"),
    ("Plan b Table 3 and plan c Figure 4 are attached.", "b Table 3"),
])
def test_what_looks_like_a_scorecard_alone_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_scorecard_names_at_the_finder() -> None:
    from mechanisms.prmpt.entities.titled_names import find_scorecard_names

    text = "Australia M. Waugh c and b Jayasinghe 50, S. Lawford c Tillekera b Dharmawan 13"
    found = [text[f.start:f.end] for f in find_scorecard_names(text, "en")]
    assert sorted(found) == sorted(["M. Waugh", "Jayasinghe", "S. Lawford", "Tillekera", "Dharmawan"]), found
    assert find_scorecard_names("Smith c Jones b Brown 4", "en") == []  # one dismissal alone: no scorecard


SET_P_ATTACK = ("Northshire 212: Tomkins c Wexford b Pellham 12, Oduya lbw b Pellham 0\n"
                "Bowling: Kettleby 10-1-44-2, Marwood 8.3-0-51-1")
SET_P_SECRETS = ("Tomkins", "Wexford", "Pellham", "Oduya", "Kettleby", "Marwood")


def test_set_p_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_P_ATTACK, SET_P_SECRETS)


# Set Q: family names that are rare words of the Spanish dictionary ("pinzón", a finch; "cárcamo", a pit): a word of
# the language is one the dictionary and the pipeline's training text both hold (leaked with the dictionary alone)
@pytest.mark.parametrize("text, values", [
    ("«No me arrepiento de nada», dijo Fernanda Pinzón al salir del juzgado.", ["Fernanda Pinzón"]),
    ("Cárcamo y Durán se reunieron el martes en la sede del partido.", ["Cárcamo", "Durán"]),
    ("El alcalde Rogelio Cárcamo inauguró ayer el puente.", ["Rogelio Cárcamo"]),
    ("La fiscal acusó a Mireya Alcaraván de malversación.", ["Mireya Alcaraván"]),
    ("Según fuentes del club, Osvaldo Zorzal renovará hasta 2027.", ["Osvaldo Zorzal"]),
    ("La portavoz, Itziar Mancebo, negó ayer las acusaciones.", ["Itziar Mancebo"]),
    ("Ayer comí con Carona en el centro.", ["Carona"]),
])
def test_spanish_family_names_that_are_rare_words(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# Countries as Spanish and French write them are places (GeoNames names a country in English only): "Italia",
# "Grecia" in a list of countries were read as names.
def test_countries_as_other_languages_write_them_stay(sanitizer: Sanitizer) -> None:
    for text, kept in (("Asistieron representantes de España, Francia, Italia, Grecia, Turquía y Egipto.",
                        "Italia, Grecia, Turquía"),
                       ("Les délégations du Brésil, de l'Allemagne et de la Grèce sont arrivées.", "Grèce")):
        assert kept in sanitizer.sanitize(text, KEYS).text, text


def test_the_place_list_holds_the_countries_in_other_languages() -> None:
    from mechanisms.prmpt.entities.name_words import capital_names, place_names

    for name in ("Italia", "Grecia", "Brasil", "Alemania", "Grèce", "Allemagne", "Griechenland", "Reino Unido"):
        assert name.casefold() in place_names(), name
    assert {"italia", "alemania", "allemagne"} <= capital_names()


# Set R: a single family name in a line-up or a list of players, beside names found, that alone reads as a place or
# (in Spanish text) as an English word ("Savage", "Freestone"): the item next to a name in the same list is a name.
# Measured on the CoNLL-2002 Spanish development split (names leaked 7.4 -> 6.2 %). Made-up examples in its shapes.
@pytest.mark.parametrize("text, values", [
    ("0 - Gales: Hartstone, Gareth Pryce, Melville, Owain Lewis (Bellamy, m.72), Savage (Johnson, m.72), Speed "
     "y Iwan Pryce.", ["Hartstone", "Savage"]),
    ("3 - Brasil: Dida; Cafú, Antonio Carlos, Aldair; Rivaldo (Emerson Asuncao, m.83) y Goldstone (Denilson, m.70).",
     ["Goldstone"]),
    ("Portland (13+10): Norklit; Kisselev, Garralda (3), Olalla (4), Mainer, Barbeito (7), Errekondo (1)",
     ["Mainer"]),
    ("Barcelona (13+12): Svensson; Cavar (4 2p), Lozano (2), Medina (1), Guijosa (3), Ortega (2)", ["Medina"]),
    ("Amonestación a Bracamonte y De la Cruz (Badajoz), Salinas (Toledo), Oscar y Puñal (Leganés)", ["Salinas"]),
    ("Teamsheet: Shay Given, Gary Breen, Staunton, Irwin, McAteer, Houghton, Townsend, Niall Quinn.",
     ["Houghton", "Townsend"]),
])
def test_a_family_name_beside_names_in_a_list(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    # a town after a field's label in a record that names people
    ("Paciente: Juan Pérez Gómez.\nMédico: Dra. Lucía Bayard Ruiz.\nLocalidad/ Provincia: Toledo.\nCP: 45001.",
     "Provincia: Toledo."),
    # a town before its province, and a dateline's town before its country
    ("Remitido por: Dra. Lucía Bayard, Avenida Menesteo, 45, Puerto de Santa María (Cádiz). Juan Pérez y Luis Gómez.",
     "Puerto de Santa María (Cádiz)"),
    ("Verona (Italia), 23 may (EFE). Juan Pérez y Luis Gómez llegaron ayer.", "Verona (Italia)"),
])
def test_what_the_list_rule_keeps(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_R_ATTACK = ("0 - Gales: Hartstone, Gareth Pryce, Melville, Owain Lewis (Bellamy, m.72), Savage (Johnson, m.72).\n"
                "Barcelona (13+12): Svensson; Cavar (4 2p), Lozano (2), Medina (1), Guijosa (3)")
SET_R_SECRETS = ("Hartstone", "Savage", "Medina", "Melville", "Svensson")


def test_set_r_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_R_ATTACK, SET_R_SECRETS)


# Set S: a headline in capitals writes a name found in the story without its accents ("BARCELO" for "Barceló",
# "MENDEZ LUGO" for "Méndez Lugo"): the name is hidden there too, as it is in capitals with them (the first two
# leaked at c88d724)
@pytest.mark.parametrize("text, values", [
    ("(PM2022) BARCELO DICE QUE EL COBRO NO ES LA FORMULA IDEAL Palma, 23 may (EFE). - El presidente de la cadena, "
     "Gabriel Barceló, dijo hoy que el cobro no es la fórmula ideal.", ["BARCELO", "Gabriel Barceló"]),
    ("MENDEZ LUGO: \"SI NO HAY ACUSACION, NO HAY JUICIO\" Granada (EFE). - El presidente del tribunal, Rafael "
     "Méndez Lugo, afirmó hoy que no habrá juicio.", ["MENDEZ LUGO", "Rafael Méndez Lugo"]),
    ("NUÑEZ Y GUTIERREZ FIRMAN EL ACUERDO Madrid (EFE). - Los alcaldes Tomás Núñez y Ernesto Gutiérrez firmaron hoy "
     "el acuerdo.", ["GUTIERREZ", "Tomás Núñez", "Ernesto Gutiérrez"]),
    ("LEFEVRE REMPORTE LE PRIX. Hélène Lefèvre a remporté hier le prix de la ville.", ["LEFEVRE", "Hélène Lefèvre"]),
])
def test_a_name_in_a_headline_without_its_accents(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_a_headline_word_without_accents_that_no_name_holds_stays(sanitizer: Sanitizer) -> None:
    text = "ACUERDO EN LA REUNION DE MINISTROS Madrid (EFE). - La reunión de Pilar Muñoz terminó con acuerdo."
    out = sanitizer.sanitize(text, KEYS).text
    assert "ACUERDO EN LA REUNION DE MINISTROS" in out and "Pilar Muñoz" not in out


# Set T: a full name the name lists score under the threshold (both words places too, or a given name in an unusual
# case) joined by "y", "and" or a comma to a full name found is one, as the two sides of "and" are alike (all three
# leaked at b3e2f5b; English news names 3.3 -> 3.1 %)
@pytest.mark.parametrize("text, values", [
    ("Los candidatos a la Presidencia de México Tonatiuh Cárdenas y Manuel Camacho firmaron hoy el acuerdo.",
     ["Tonatiuh Cárdenas", "Manuel Camacho"]),
    ("Los candidatos a la Presidencia de México Cuauhtémoc Linares y Manuel Camacho firmaron hoy el acuerdo.",
     ["Cuauhtémoc Linares", "Manuel Camacho"]),
    ("Wimbledon finalist MaliVai Toledo and Marcelo Rios were beaten on Thursday. The 11th-seeded Toledo fell short.",
     ["MaliVai Toledo", "Marcelo Rios", "Toledo"]),
])
def test_a_full_name_beside_a_full_name_found(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("El Olympique Lyon y Jean-Michel Aulas firmaron el contrato.", "El Olympique Lyon y"),
    ("Hanging Lake and Mary Jones were in the photo.", "Hanging Lake and"),
    ("The United Nations and Madeleine Albright agreed.", "The United Nations and"),
    ("Armistice Day and Remembrance Sunday, said Mary Jones.", "Armistice Day and"),
])
def test_what_stays_beside_a_full_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_ST_ATTACK = ("(PM2022) BARCELO DICE QUE EL COBRO NO ES LA FORMULA IDEAL Palma (EFE). - El presidente de la cadena, "
                 "Gabriel Barceló, dijo hoy que no.\n"
                 "Wimbledon finalist MaliVai Toledo and Marcelo Rios were beaten on Thursday.")
SET_ST_SECRETS = ("BARCELO", "Barceló", "MaliVai", "Toledo", "Marcelo Rios")


def test_set_s_and_t_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_ST_ATTACK, SET_ST_SECRETS)


# Set U: the players a match report names beside a minute: who was booked or came on ("Cannavaro (m.68)", "(Dabo,
# m.84)"), who scored ("M.63: Elber", "Aunger (41st min, pen)", "Dan Petrescu (65th)"); in a text with two minutes
# at least. Measured on the CoNLL development splits: Spanish news names 6.0 -> 5.6 %, English 3.1 -> 3.0 %.
@pytest.mark.parametrize("text, values", [
    ("Arbitro: Graziano Cesari. Mostró tarjeta amarilla a Pavanetto (m.68) y a R. Bagliore (m.83).",
     ["Pavanetto", "R. Bagliore"]),
    ("Inter: Peruzzi; Simic, Fuser, Bolaño (Stankic, m.59), Breda, Dino Baggiano (Dabić, m.84), Vanoli.",
     ["Stankic", "Dabić"]),
    ("Goles: 0-1, M.63: Elbertz. 0-2, M.70: Cafuso. 0-3, M.73: Rivalde.", ["Elbertz", "Cafuso", "Rivalde"]),
    ("Scorers: Canada - Aungerby (41st min, pen), Paul Peschisoli (42nd), Carlo Corrazzo (87th)",
     ["Aungerby", "Paul Peschisoli", "Carlo Corrazzo"]),
    # dictionary words in a player's place, and a preposition before one that stays
    ("Goles: M.12: Page. M.40: Savage. Tarjeta a Speed (m.50).", ["Page", "Savage", "Speed"]),
    ("Pero en disparo de Stanko (m.76) y de Melchor (m.80) el portero respondió.", ["Stanko", "Melchor"]),
])
def test_the_players_beside_a_match_minute(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("See Table (m.5) for the dimensions of the part.", "Table (m.5)"),
    ("The Committee (3rd) met on Monday; the Board (4th) did not.", "The Committee (3rd)"),
    ("Brasil (m.12) y Argentina (m.40): los goles del amistoso.", "Brasil (m.12) y Argentina (m.40)"),
    ("Pero en disparo de Stanko (m.76) y de Melchor (m.80) el portero respondió.", "en disparo de "),
])
def test_what_the_minute_rule_keeps(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_match_minute_names_at_the_finder() -> None:
    from mechanisms.prmpt.entities.titled_names import find_match_minute_names

    text = "Fuser, Bolaño (Stanic, m.59), Breda. Goles: M.63: Elber. Tarjeta a Cannavaro (m.68)."
    found = [text[f.start:f.end] for f in find_match_minute_names(text, "es")]
    assert sorted(found) == ["Bolaño", "Cannavaro", "Elber", "Stanic"], found
    assert find_match_minute_names("Tarjeta a Cannavaro (m.68).", "es") == []  # one minute alone: no match report


SET_U_ATTACK = ("Arbitro: Graziano Cesari. Mostró tarjeta amarilla a Pavanetto (m.68) y a R. Bagliore (m.83).\n"
                "Scorers: Canada - Aungerby (41st min, pen), Paul Peschisoli (42nd)")
SET_U_SECRETS = ("Pavanetto", "Bagliore", "Aungerby", "Peschisoli")


def test_set_u_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_U_ATTACK, SET_U_SECRETS)


# Set V: a text written in lower case, or with capitals only where a sentence opens and for "I" (as a phone writes
# what is typed so): no capital tells NER or the rules where a name is. The annotator reads such a text again in a
# copy that writes the words that can only be names in Title case; a name found there is taken where its words are
# all such words and it is two words (one listed, or an initial), a listed name of four letters or more that is no
# English word, or one word joined by "and" or a comma to a name. Measured on Presidio's generator (one text in
# twenty in lower case): names leaked 87 -> 72 of 1,826 over seeds 42 and 11; WNUT-17 comments 34.5 -> 33.4 %, no
# word more altered on any dev file. Five of the seven made-up texts below leaked at bbb37c0.
@pytest.mark.parametrize("text, values", [
    ("have you met oskar lindqvist yet? he starts on monday", ["oskar lindqvist"]),
    ("we need to add marisol q. etxeberria as a second signer on the account", ["marisol q. etxeberria"]),
    ("the idea came from our three founders: brannigan, oyelaran and castellanos.",
     ["brannigan", "oyelaran", "castellanos"]),
    ("wow tomasz and kaelie were so good tonight", ["tomasz", "kaelie"]),
    ("Can you check the claim of renata d okonjo? She called twice.", ["renata d okonjo"]),
    ("my landlord is gunnar sveinsson and he never answers the phone", ["gunnar sveinsson"]),
    ("the receipts belong to aurelio t. maguire, not to me", ["aurelio t. maguire"]),
])
def test_names_in_a_text_in_lower_case(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("ping localhost and run npm install, then git push to origin", "ping localhost and run npm install"),
    ("its awsome, the vid was soooo good lol", "awsome, the vid was soooo"),
    ("i moved from portugal to toronto last year", "portugal to toronto"),
    ("the recipe needs basil, oregano and thyme", "basil, oregano and thyme"),
    ("Put him ina pouch. Ye know he hates it.", "ina pouch"),
])
def test_what_stays_in_a_text_in_lower_case(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_the_copy_cased_as_a_careful_writer_would() -> None:
    from mechanisms.prmpt.config import PrmptConfig
    from mechanisms.prmpt.entities.name_words import english_words, name_index
    from mechanisms.prmpt.entities.recased_names import is_uncased, uncased_copy

    english = english_words(PrmptConfig().model_for("en"))
    text = "i'm sure marisol q. etxeberria said so. call her at jdoe@acme.io"
    made = uncased_copy(text, name_index(), english)
    assert made is not None
    copy, named = made
    assert copy == "I'm sure Marisol Q. Etxeberria said so. Call her at jdoe@acme.io", copy
    assert [text[a:b] for a, b in named] == ["marisol", "etxeberria"]
    assert uncased_copy("the cat sat on the mat", name_index(), english) is None
    assert is_uncased("Have you met oskar? I think so.") and is_uncased("all lower case")
    assert not is_uncased("Have you met Oskar?") and not is_uncased("1234 5678")


# and the addresses of such a text, read by the address finders in a copy with every word but the small ones in
# Title case (Presidio's generator: addresses leaked 24 -> 7 of 953 over seeds 42 and 11, all the fixed ones in lower
# case; no dev file changes). Three of the five made-up blocks below leaked at bbb37c0.
@pytest.mark.parametrize("text, values", [
    ("ingrid solvang\n\n4417 rue des tanneurs\n apt. 52\n vallorbe\n switzerland 61844",
     ["4417 rue des tanneurs", "apt. 52", "61844"]),
    (">tomasz wierzbicki\n>3321 dózsa györgy út 27.\n>apt. 908\n>hungary 40718",
     ["3321 dózsa györgy út 27.", "apt. 908", "40718"]),
    ("the parcel goes to 2288 rúa castelao 19, ourense", ["2288 rúa castelao 19"]),
    ("the van may only stop on via cantonale 58 st. in the mornings", ["via cantonale 58"]),
    ("address: 7720 harlow crescent suite 14, brookvale", ["7720 harlow crescent suite 14"]),
])
def test_addresses_in_a_text_in_lower_case(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for value in values:
        assert value not in out.text, (value, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, kept", [
    ("there are eight meeting rooms totaling 11,448 square feet and a patio.", "11,448 square feet"),
    ("entre los títulos que se negociaron 1034 subieron y 1576 bajaron", "1034 subieron y 1576 bajaron"),
    ("they can earn 500 aed - 5000 aed a month", "5000 aed"),
    ("i have 3 cats and 2 dogs, call me at 5 pm", "3 cats and 2 dogs"),
])
def test_numbers_that_stay_in_a_text_in_lower_case(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_V_ATTACK = ("have you met oskar lindqvist yet? we need to add marisol q. etxeberria as a second signer. "
                "wow tomasz and kaelie were so good tonight. the parcel goes to 2288 rúa castelao 19, ourense")
SET_V_SECRETS = ("lindqvist", "etxeberria", "kaelie", "castelao")


def test_set_v_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_V_ATTACK, SET_V_SECRETS)


# Set W: given names of children born after 1990, which the 1990 Census list the rules read never held ("Conor",
# "Jaxon", "Nevaeh"): the US Social Security Administration's counts add the names given to 1,000 children or more
# that are no English, French or Spanish word and no place (``given_names_us_v1.txt``). Measured: WNUT-17 comments
# names leaked 33.4 -> 31.5 %, tweets 9.5 -> 9.3 %, French OCR 9.4 -> 9.3 %; 2-3 more words altered on each. The
# five texts below leaked at ba4a73c.
@pytest.mark.parametrize("text, values", [
    ("Honestly conor deserves the title after that fight.", ["conor"]),
    ("I think Aubree forgot her badge at the front desk.", ["Aubree"]),
    ("Gaby sent the slides but Braxton still has the budget sheet.", ["Gaby", "Braxton"]),
    ("tell jaxon i said hi, he still owes me lunch", ["jaxon"]),
    ("omg nevaeh and khloe were so good tonight", ["nevaeh", "khloe"]),
])
def test_given_names_born_after_the_census_list(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    # names the counts hold that are words or places: never a name for that
    ("justice was slow and the river flooded the road to london", "justice was slow and the river flooded"),
    ("Britain kept its Unknown Soldier memorial; Heaven knows why.", "Britain kept its Unknown Soldier"),
    ("The Legacy fund paid the Phoenix office in full.", "The Legacy fund paid the Phoenix office"),
    # a listed name in capitals before a code is the code's label ("Nino" is a name the counts hold)
    ("NINO YJ541887A\npassport 69PU85865", "NINO"),
])
def test_words_the_baby_name_counts_hold_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_the_us_name_list_leaves_out_rare_names_words_places_and_listed_names() -> None:
    from collections import Counter

    from bench.make_us_names import MIN_BIRTHS, build

    counts = Counter({"Conor": 21_000, "Nevaeh": 80_000, "Zyxwell": MIN_BIRTHS - 1, "Justice": 90_000,
                      "London": 9_000, "Mary": 4_000_000, "Al": 50_000, "Gabe": 3_700})
    # rare, an English word, a place, in the Census list, two letters, a French form
    assert build(counts) == ["Conor", "Nevaeh"]


def test_the_shipped_us_name_list_is_the_one_the_builder_writes() -> None:
    from mechanisms.prmpt.entities.name_words import feature_name_index, name_index

    path = Path(__file__).resolve().parent.parent / "mechanisms" / "prmpt" / "data" / "given_names_us_v1.txt"
    names = [line for line in path.read_text("utf-8").splitlines() if line and not line.startswith("#")]
    assert names == sorted(names) and len(names) > 3_000
    assert path.read_text("utf-8").startswith(f"# US given names for PERSON detection ({len(names):,} names; v1)")
    assert all(name_index().is_first(name) for name in ("Conor", "Jaxon", "Nevaeh", "Aubree"))
    # the learned finder reads the lists it was trained with as its features
    assert not any(feature_name_index().is_first(name) for name in ("Conor", "Jaxon", "Nevaeh", "Aubree"))
    assert not any(name in names for name in ("Justice", "London", "Unknown", "Britain", "Legacy", "Phoenix"))


# What a chat writes in capitals that is no name: a laugh, a chat word that is no listed name, a chat or dictionary word
# drawn out (tweets: 16 spans so read at 1f091fe, none a name; words altered 2.8 -> 2.7 %; comments 112 -> 110
# words). The first four texts were altered at 1f091fe; a listed name that is also a chat word ("Ty") stays a name.
@pytest.mark.parametrize("text, kept", [
    ("Hahahahaha @sam_k you wish", "Hahahahaha"),
    ("Sooooo done with this week already", "Sooooo done"),
    ("Idk what she meant by that tbh", "Idk what"),
    ("Wowwwww that was fast. Lol", "Wowwwww that"),
    ("Pleaseee follow me back, it would mean a lot", "Pleaseee follow"),
])
def test_interjections_in_chat_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_a_listed_name_that_is_also_a_chat_word_stays_a_name(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Dwayne, Ty and Jason came over after the game.", ["Dwayne", "Ty", "Jason"])


SET_W_ATTACK = ("Honestly conor deserves the title. Gaby sent the slides but Braxton still has the budget sheet. "
                "omg nevaeh and khloe were so good tonight")
SET_W_SECRETS = ("conor", "Gaby", "Braxton", "nevaeh", "khloe")


def test_set_w_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_W_ATTACK, SET_W_SECRETS)


# Set X: a word no name list and no dictionary holds, opening an English sentence before a finite verb ("Themba is
# obsessed", "Shaq had me weak"): the sentence's subject, a person as a subject mostly is. Not a known place, an
# adverb, two dictionary words run together, a word of three letters, the subject of a plural verb, a word the text
# writes in lower case too, or what the sentence calls a place, a work or a body. Measured: WNUT-17 comments names
# leaked 31.7 -> 30.4 %, CoNLL English 3.0 -> 2.9 %; no unlabeled word altered more on any dev file. The five texts
# below leaked at b9a3cbe.
@pytest.mark.parametrize("text, values", [
    ("Mpho was robbed", ["Mpho"]),
    ("Thabiso is cute...", ["Thabiso"]),
    ("Bongiwe had me weak 😂", ["Bongiwe"]),
    ("Dineo is my favourite", ["Dineo"]),
    ("Palesa does it every time", ["Palesa"]),
])
def test_an_unknown_word_opening_a_sentence_before_a_verb(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Groggily got out of bed and made coffee.", "Groggily"),
    ("Brensbach is a municipality in the Odenwaldkreis district.", "Brensbach is a municipality"),
    ("Deportivo were unable to score after the break.", "Deportivo were"),
    ("Anybody got a spare charger?", "Anybody got"),
    ("Zumba is fun. I do zumba three times a week.", "Zumba is fun"),
    ("Crazyhead are an English punk band.", "Crazyhead are"),
    ("Ugh was that really necessary", "Ugh was"),
])
def test_what_stays_at_a_sentence_opening(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_an_unknown_subject_at_the_finder() -> None:
    from mechanisms.prmpt.entities.name_words import english_words
    from mechanisms.prmpt.entities.titled_names import find_speakers

    english = english_words(PrmptConfig().model_for("en"))

    def found(text: str) -> list[str]:
        return [text[f.start:f.end] for f in find_speakers(text, "en", english)]

    assert found("Themba is obsessed") == ["Themba"]
    assert found("Goodmorning was all I got") == []  # two words run together
    assert found("Digilogue is a music album.") == []
    assert found("the Themba is obsessed") == []


# ... and such a word written in lower case, opening a sentence or a clause before a finite verb ("hangwani is
# slaying", "but chanyeol is enjoying it", "that jindal gave him"), or a listed name that is no word there. Measured:
# tweets names leaked 9.3 -> 9.1 %, comments 30.4 -> 29.8 %; one word more altered (an album's name in lower case).
# The five texts below leaked at b9a3cbe.
@pytest.mark.parametrize("text, values", [
    ("I think that lesedi has it", ["lesedi"]),
    ("lol but thabang is enjoying it so much", ["thabang"]),
    ("Is it true that mkhize gave him the money?", ["mkhize"]),
    ("We watched it twice. mpumi was robbed", ["mpumi"]),
    ("The ending though. refilwe did that", ["refilwe"]),
])
def test_a_name_in_lower_case_before_a_verb(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("wtf was that", "wtf was that"),
    ("ridesharing can be cheaper than a taxi", "ridesharing can"),
    ("screwattack has not done a good fight since", "screwattack has"),
    ("plz can you follow me back", "plz can"),
    ("alot is going on this week", "alot is going on"),
])
def test_what_stays_in_lower_case_before_a_verb(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A listed family name that is a verb in the past after a given name in lower case is the verb ("maria said no",
# "Said" is a family name too): at a1e4fcb the pair was hidden as one name and the answer lost the verb.
@pytest.mark.parametrize("text, name, kept", [
    ("I cried when nomvula said yes", "nomvula", "said yes"),
    ("omg and then maria said no way", "maria", "said no way"),
])
def test_a_verb_after_a_name_in_lower_case_stays(sanitizer: Sanitizer, text: str, name: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS).text
    assert kept in out and name not in out


# ... and the given name alone before a verb of speech in lower case, a word or a place though it is ("esperanza said
# u can drop it"): at 867c405 the verb rule above let the first two out (faker-js prompts' set L names 3.0 -> 3.1 %).
@pytest.mark.parametrize("text, name", [
    ("esperanza said u can drop it at the gate", "esperanza"),
    ("jan said u can drop it at the gate lol", "jan"),
    ("ok so maria told me the code is 4471", "maria"),
])
def test_a_given_name_before_a_verb_of_speech_in_lower_case(sanitizer: Sanitizer, text: str, name: str) -> None:
    check(sanitizer, text, [name])


@pytest.mark.parametrize("text", ["the report said nothing new", "my mom said no", "someone said that already"])
def test_what_stays_before_a_verb_of_speech_in_lower_case(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# Set Y: British police ranks and more abbreviated ranks and offices before a family name ("DC Ferreday", "DCI Fox",
# "Cllr Stone", "Supt", "Lieut", "Msgr"): at d42030d a name after one was read as a given name with the rank in
# it ("DCI Barnaby" -> "GRACIELA Vickery") or, a dictionary word, left; the rank stays as written now. French OCR
# names leaked 9.4 -> 9.3 % ("le lieut. Augibaud"). The six texts below leaked at d42030d.
@pytest.mark.parametrize("text, values", [
    ("DC Ferreday took the statement.", ["Ferreday"]),
    ("DCI Mould said the inquiry would go on.", ["Mould"]),
    ("Cllr Stone voted against the plan.", ["Stone"]),
    ("DC Okwuosa took the statement.", ["Okwuosa"]),
    ("Cllr Hedges voted against.", ["Hedges"]),
    ("DCI Fox led the raid.", ["Fox"]),
])
def test_a_name_after_a_police_rank(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("DCI Barnaby said the inquiry would go on.", "DCI "),
    ("Supt Marchbanks said the operation would continue.", "Supt "),
    ("We flew into Washington DC Monday morning.", "DC Monday morning"),
    ("I bought a new PC World voucher.", "PC World"),
    ("The DS Lite still works.", "DS Lite"),
    ("Use DI Water for the test.", "DI Water"),
])
def test_what_a_rank_keeps(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_X_ATTACK = ("Mpho was robbed. Thabiso is cute... Palesa does it every time but thabang is enjoying it. "
                "DC Ferreday and Cllr Hedges signed.")
SET_X_SECRETS = ("Mpho", "Thabiso", "Palesa", "thabang", "Ferreday", "Hedges")


def test_set_x_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_X_ATTACK, SET_X_SECRETS)


# Set Z: a word and an office or a role set off after it without an article, as news writes it ("Page, chairman of
# the committee", "Toledo, candidato por el partido", "Dupont, maire de Rennes"), in every language, and an
# apposition's role where NER reads a town in the word ("Washington, a former Marine"): a town holds no office.
# Spanish news names leaked 5.6 -> 5.5 %, French OCR 9.3 -> 9.2 %. The five texts below leaked at 6625e9b.
@pytest.mark.parametrize("text, values", [
    ("Page, chairman of the committee, said the vote would go ahead.", ["Page"]),
    ("Toledo, candidato por el partido Perú Posible, propuso aplazar la votación.", ["Toledo"]),
    ("Vergé, préfet de la Corrèze, reçoit la croix d'officier.", ["Vergé"]),
    ("Washington, a former Marine, told reporters he would appeal.", ["Washington"]),
    ("Jordan, president of the club, said no.", ["Jordan"]),
])
def test_a_word_and_the_office_set_off_after_it(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# ... and what stays: a team leads a league, a town is a capital or a home; a month before a day number closes no
# name ("three days) June June 5-9": at 6625e9b the pair was a name, and "June" then hidden in every date of the
# fixture list: English news words altered 626 -> 613); the noun after "a former" is no given name ("Marine").
@pytest.mark.parametrize("text, kept", [
    ("Barcelona, líder de la Liga, recibe al Valencia.", "Barcelona, líder"),
    ("Valencia, líder de la clasificación, ganó ayer.", "Valencia, líder"),
    ("Paris, capital of France, is busy.", "Paris, capital"),
    ("v Derbyshire (three days) June June 5-9 First test match June 11-13 v a county", "June June 5-9"),
    ("First test match (at Edgbaston) June 11-13 v Leicestershire (three days) June June 19-23", "June 11-13"),
    ("Washington, a former Marine, told reporters he would appeal.", "a former Marine"),
])
def test_what_an_office_set_off_keeps(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A listed family name before "who" or "whom" is a person though it names a town too or the dictionary holds a
# person of that name ("Duran, who", "Holland, who"): no town is "who". Not before "whose" ("Paris, whose mayor"),
# nor a word of everyday English. No dev file changes; the two names below leaked at 6e0f835.
@pytest.mark.parametrize("text, values", [
    ("Duran, who holds a 97-12 record, hopes a win will earn him a title shot.", ["Duran"]),
    ("Holland, who was moved to a secure centre, escaped again.", ["Holland"]),
])
def test_a_family_name_before_who(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Paris, whose mayor spoke on Monday, is calm.", "Paris, whose"),
    ("Chicago, which hosted the games, is calm.", "Chicago, which"),
])
def test_what_stays_before_who(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A speaker and the verb of speech with one adverb between ("Davies also noted", "Bullock then claims"): English
# news names leaked 53 -> 52, encyclopaedia names 40 -> 39. Both texts below leaked at 3f3ba08.
@pytest.mark.parametrize("text, values", [
    ('Davies also noted: "We have talked about the passport restriction."', ["Davies"]),
    ("Bullock then claims that this was all a test.", ["Bullock"]),
])
def test_a_speaker_an_adverb_and_the_verb_of_speech(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", ["The company also said profits fell.", "Police later said two men were held."])
def test_what_stays_before_an_adverb_and_a_verb_of_speech(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# What a referee, a committee or a club does to a player, with the Spanish personal "a" ("Amonestó a Jones y
# Savage", "expulsó a Cabanillas"); two people joined by "y" are two names, and the "y" inside a name or between two
# stays as written (at fc4d3da the name codec read it as an initial: "Ortega y Gasset" -> "Hake t Gengler"). Spanish
# news names leaked 67 -> 63 (5.5 -> 5.2 %). The first and last texts below and the codec test failed at fc4d3da.
@pytest.mark.parametrize("text, values", [
    ("Arbitro: Vitor Manuel Melo Pereira (POR). Amonestó a Jones y Savage. Incidencias: partido amistoso.",
     ["Jones", "Savage"]),
    ("El árbitro expulsó a Cabanillas por roja directa.", ["Cabanillas"]),
    ("La policía detuvo a Jones y Savage ayer.", ["Jones", "Savage"]),
])
def test_a_player_a_referee_or_a_club_acts_on(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)
    assert " y " not in text or " y " in sanitizer.sanitize(text, KEYS).text


def test_a_conjunction_inside_a_name_stays_as_written() -> None:
    from mechanisms.prmpt.names import NameCodec

    codec = NameCodec()
    for name in ("José Ortega y Gasset", "Eça e Queirós", "Jones y Savage"):
        stand_in = codec.encrypt(name, KEYS)
        conjunction = name.split()[-2]
        assert stand_in.split()[-2] == conjunction and stand_in != name, stand_in


# A word and the office the sentence says it holds ("Cárdenas es candidato de la coalición", "Page is chairman of
# the board"), and two words after a plural office or role ("los candidatos Cárdenas y Camacho"): people, though
# NER reads a town in them; offices a team, a town or a company holds are not read so ("líder", "owner"), nor a
# capital. Spanish news names leaked 63 -> 61 (5.0 %). The three texts below leaked at 4ea76b8.
@pytest.mark.parametrize("text, values", [
    ("Cárdenas es candidato de la coalición de centroizquierda Alianza por México.", ["Cárdenas"]),
    ("En la declaración conjunta los candidatos Cárdenas y Camacho acordaron varias acciones.", ["Cárdenas", "Camacho"]),
    ("Page is chairman of the board and signs the accounts.", ["Page"]),
])
def test_a_word_and_the_office_it_holds(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Barcelona es líder de la clasificación.", "Barcelona es líder"),
    ("Madrid es candidata a los Juegos.", "Madrid es candidata"),
    ("Las candidatas Madrid y París siguen en liza.", "Madrid y París"),
    ("Apple is the owner of Beats.", "Apple is the owner"),
])
def test_what_an_office_held_keeps(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_Z_ATTACK = ("Page, chairman of the committee, said the vote would go ahead. Duran, who holds the record, "
                "disagreed. Davies also noted the delay. Washington, a former Marine, told reporters he would appeal.")
SET_Z_SECRETS = ("Page", "Duran", "Davies", "Washington")
SET_Z_ATTACK_ES = ("Toledo, candidato por el partido Perú Posible, propuso aplazar la votación. Cárdenas es candidato "
                   "de la coalición. El árbitro amonestó a Jones y Savage.")
SET_Z_SECRETS_ES = ("Toledo", "Cárdenas", "Jones", "Savage")


def test_set_z_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_Z_ATTACK, SET_Z_SECRETS)
    attack_every_surface(veil_factory, upstream, SET_Z_ATTACK_ES, SET_Z_SECRETS_ES)


# A listed name joined by a conjunction before a name found, with words before it ("said Baker and Okafor
# Lindqvist", "include Flood and Tom Rixton"): the test meant to keep "the Baker and Smith report" out read any word
# before the first conjunct, as a later pattern of the same name replaced its own. Encyclopaedia names leaked
# 39 -> 38; one eponym more altered in the clinical reports ("tinciones de Gram y Ziehl"). Leaked at 55bafcf.
@pytest.mark.parametrize("text, values", [
    ("The minister said Baker and Okafor Lindqvist denied it.", ["Baker"]),
    ("Producers already working with the quartet include Flood and Tom Rixton.", ["Flood"]),
])
def test_a_name_before_a_conjunction_and_a_full_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_what_stays_before_a_conjunction_and_a_name(sanitizer: Sanitizer) -> None:
    assert "the Baker and" in sanitizer.sanitize("We read the Baker and Okafor Lindqvist report.", KEYS).text


# A name with a middle initial on the line above contact details ("Zbigniew K. Wrzesniak\n+48 22 653 9700"): the
# heading's pattern was built from the compiled one-initial pattern a later line rebound under the same name (its
# text read "regex.Regex(...)"), so no heading with an initial matched. No dev file changes. Failed at 9c2d0da.
def test_a_contact_heading_with_a_middle_initial() -> None:
    from mechanisms.prmpt.entities.name_words import english_words
    from mechanisms.prmpt.entities.titled_names import _CONTACT_HEAD, _contact_heads

    english = english_words(PrmptConfig().model_for("en"))
    for text, name in (("Zbigniew K. Wrzesniak\n+48 22 653 9700", "Zbigniew K. Wrzesniak"),
                       ("Oluwaseun A. Adebayo-Smith\n12 Rue Victor Hugo, 75001 Paris", "Oluwaseun A. Adebayo-Smith")):
        assert [text[f.start:f.end] for f in _contact_heads(text, english)] == [name]
    assert "Regex(" not in _CONTACT_HEAD.pattern


# What stays as written (twentieth session, the altered words of the French OCR, the clinical reports and the loan
# agreements): a lower-case pair opened by a French or Spanish article ("et le cardinal", "con una parada": "Le" and
# "Una" are listed names), a whole-word title whose point ends its sentence ("son père. Lui, arrivant"), the word
# before a title inside a name ("Architecture MM. Héraud": a heading, then the jury), and a one-word name that is an
# everyday word, found once, in lower case elsewhere ("Lui" ... "pour lui"; "Rose" ... "the rose"). French OCR words
# altered 3,494 -> 3,441, clinical 939 -> 925, loan agreements 332 -> 328; no name more leaked. Altered at 2b216b3.
@pytest.mark.parametrize("text, kept", [
    ("Il ne reste que le cardinal Richnnl, et le cardinal Mathieu.", "et le cardinal"),
    ("Se complicó con una parada cardiorrespiratoria.", "con una parada"),
    ("A las 5.00 horas le notan débil y le dan un baño caliente.", "y le dan un"),
    ("Elle vivait chez son père. Lui, arrivant tard, ne dit rien.", "père. Lui, arrivant"),
    ("She had left her father. Lui, the cook, stayed.", "father. Lui, the"),
    ("Architecture MM. Héraud, Debru et Recoura.", "Architecture"),
    ("Rose called. Rose said the rose was red.", "the rose was red"),
    ('"Lien" means a mortgage, lien, deed of trust. A notice of lien was filed.', "A notice of lien was"),
])
def test_what_a_french_article_a_title_or_a_name_found_once_keeps(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, values", [
    ("He wrote to Dr. Lui and to Gen. Ames.", ["Lui", "Ames"]),
    ("Il ne reste que le cardinal Richnnl, et le cardinal Mathieu.", ["Richnnl", "Mathieu"]),
    ("Architecture MM. Héraud, Debru et Recoura.", ["Héraud", "Debru", "Recoura"]),
    ("Rose called. Rose said the rose was red.", ["Rose"]),
])
def test_names_beside_what_stays(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A link's code that NER reads as a person ("http://t.co/KeqJhnHbdY") stays as written; a name run together inside a
# link stays hidden (".../blog/MariaGonzalez"). Tweets: 6 words altered fewer, no name more leaked. Altered at 9bb8a35.
def test_a_links_code_stays_and_a_name_in_a_link_does_not(sanitizer: Sanitizer) -> None:
    text = "Cookie receiving text msgs. from Las Vegas show. http://t.co/KeqJhnHbdY"
    assert sanitizer.sanitize(text, KEYS).text == text
    check(sanitizer, "My blog moved: http://example.org/blog/MariaGonzalez", ["MariaGonzalez"])


# A listed given name that is an everyday word too, in a list beside names found ("Alda, Justin, Crystal, David"), or a
# listed family name that is one ("Gareth Roberts, Page, Melville"): the names beside it make it one. Spanish news
# 61 -> 59 names leaked; one word more altered in a French election list ("252 Aide, 246 Chouan", a candidate).
# Leaked at 277fd07.
@pytest.mark.parametrize("text, values", [
    ("They had 6: Alda, Justin, Crystal, David, David and Andrea.", ["Crystal"]),
    ("Gales: Freestone, Gareth Roberts, Page, Melville, Delaney, Matthew Jones.", ["Page"]),
    ("Attendees: Priya Raman, Hope, Oksana Bilyk and Tomasz Wrobel.", ["Hope"]),
])
def test_an_everyday_word_in_a_list_of_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_an_everyday_word_in_a_list_of_things_stays(sanitizer: Sanitizer) -> None:
    text = "Drinks on the menu: Cola, Crystal, Sprite and Fanta."
    assert "Cola, Crystal, Sprite" in sanitizer.sanitize(text, KEYS).text


# A dialogue's speaker before a quotation with no space after the colon ('Thaís:"I'm Joseph's daughter"'), and one
# word no list holds when it labels two quotations or more, one of them said as a person says it ("I", "you"). No dev
# file changes (Presidio's generator writes such dialogues). Leaked at 02ff66e.
@pytest.mark.parametrize("text, values", [
    ('Thaís: "Who are you?"\nThaís:"I\'m Joseph\'s daughter".', ["Thaís"]),
    ('Ozrenka: "Who are you?"\nOzrenka: "I live next door."', ["Ozrenka"]),
    ('Tuvshin: "Where were you?"\nTuvshin: "I was at work."', ["Tuvshin"]),
])
def test_a_dialogues_speaker(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_a_label_before_quotations_of_things_stays(sanitizer: Sanitizer) -> None:
    text = "Update: 'Service restored at 10:00.'\nUpdate: 'All systems normal.'"
    assert sanitizer.sanitize(text, KEYS).text == text


# An office closes no name pair ("by Prime Minister Benjamin Netanyahu"), titles joined by a hyphen are a title
# ("Major-General Nikolai Sherbatov"), and a year inside a dateline's date is no amount after a money word ("GRAND PRIX
# RESULTS. BERLIN 1996-08-30"). English news: 611 -> 606 words altered, no name more leaked. Altered at c87febd.
@pytest.mark.parametrize("text, kept, values", [
    ("Arafat said the moves by Prime Minister Benjamin Netanyahu were illegal.", "Prime Minister", ["Netanyahu"]),
    ("Tajikistan's armed forces, Major-General Nikolai Sherbatov, said.", "Major-General", ["Sherbatov"]),
    ("ATHLETICS - BERLIN GRAND PRIX RESULTS. BERLIN 1996-08-30 Leading results at the meeting.", "1996-08-30", []),
])
def test_an_office_a_hyphenated_rank_and_a_datelines_year_stay(sanitizer: Sanitizer, text: str, kept: str,
                                                                  values: list[str]) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, values", [
    ("The letter was signed by John Major and Kate Major.", ["John Major", "Kate Major"]),
])
def test_a_family_name_that_is_a_rank(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_an_amount_beside_a_date_is_noised() -> None:
    from mechanisms.prmpt.entities.quantities import MoneyFinder

    text = "The prize money was 1996 dollars, paid on 2020-01-05; price 1996, 2020-01-05."
    found = [text[f.start:f.end] for f in MoneyFinder()(text, "en")]
    assert "1996 dollars" in found and "2020" not in found


# This session's detection attacked through every surface with the real SDKs and a recording upstream: an everyday
# given name in a list of names, a dialogue's speaker no list holds, a name run together in a link, names after a
# plural title and beside a French article. Nothing of them may arrive verbatim; the echo comes back as written.
SET_AA_ATTACK = ("Attendees: Priya Raman, Hope, Oksana Bilyk and Tomasz Wrobel. They had 6: Alda, Justin, Crystal, "
                 'David, David and Andrea.\nOzrenka: "Who are you?"\nOzrenka: "I live next door."\n'
                 "My blog moved: http://example.org/blog/MariaGonzalez")
SET_AA_SECRETS = ("Hope", "Crystal", "Ozrenka", "MariaGonzalez", "Oksana", "Wrobel")
SET_AA_ATTACK_FR = ("Architecture MM. Héraud, Debru et Recoura. Il ne reste que le cardinal Richnnl, et le cardinal "
                    "Mathieu.")
SET_AA_SECRETS_FR = ("Héraud", "Debru", "Recoura", "Richnnl", "Mathieu")


def test_set_aa_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AA_ATTACK, SET_AA_SECRETS)
    attack_every_surface(veil_factory, upstream, SET_AA_ATTACK_FR, SET_AA_SECRETS_FR)


# Court judgments (the first 17 development documents of a public ECHR anonymisation corpus, read as a probe, never
# its test split): a list item a conjunction opens follows an item or a name, not any words ("Human Rights and
# Fundamental Freedoms (" after two names of a list was read as a third); a plural the noun index lists whose singular
# is a verb is an everyday word ("Costs", "Liens"); an English phrase NER reads as a person whose every word is a
# dictionary word and none a listed name is no name ("Legal Aid"); a sentence's opening word after initials is no part
# of them ("K. K. Subsequently,"). Altered at 2b216b3 (the tree this session started from).
@pytest.mark.parametrize("text, kept, values", [
    ("The application was lodged under the Convention for the Protection of Human Rights and Fundamental Freedoms "
     "(“the Convention”) by a Swedish national, Mr Oskar Lindqvist, and a Danish national, Ms Hanna Berg (“the "
     "applicants”), on 3 May 2001.", "Fundamental Freedoms", ["Oskar Lindqvist", "Hanna Berg"]),
    ("The Ministry of Trade and Industrial Development (“the Ministry”) was sued by a Latvian national, Ms Ilze "
     "Kalnina, and a Lithuanian national, Mr Jonas Petrauskas (“the applicants”).", "Industrial Development",
     ["Ilze Kalnina", "Jonas Petrauskas"]),
    ("The Department of Health and Social Care (“the Department”) replied to Mr Oskar Lindqvist, Ms Hanna Berg and "
     "Mr Ruslan Dzhabarov.", "Social Care", ["Oskar Lindqvist", "Hanna Berg", "Ruslan Dzhabarov"]),
    ("The claims covered Legal Aid and Subsistence Costs (the hearing) for the witnesses, Mr Jonas Petrauskas, Ms Ilze "
     "Kalnina and Mr Ruslan Dzhabarov.", "Subsistence Costs", ["Jonas Petrauskas", "Ilze Kalnina", "Ruslan Dzhabarov"]),
    ("They claimed Removal Costs and Storage Charges from Mr Jonas Petrauskas.", "Removal Costs", ["Jonas Petrauskas"]),
    ("Free and clear of all Liens except Permitted Liens.", "all Liens except Permitted Liens", []),
    ("The Costs Office (“the Office”) and Legal Aid reviewed the bill of Mr Jonas Petrauskas.", "Legal Aid",
     ["Jonas Petrauskas"]),
    ("The farm was owned by the applicant, her son and K. K. Subsequently, on 8 March 1999 the court decided to "
     "examine it.", "Subsequently,", ["K. K."]),
])
def test_what_stays_beside_the_names_of_a_judgment(sanitizer: Sanitizer, text: str, kept: str,
                                                   values: list[str]) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, values", [
    ("Present: Kenji Moriyama, Tomasz Wrobel, Vuk Dragan Ozren and Ilze Kalnina.", ["Vuk Dragan Ozren", "Kalnina"]),
    ("The Court heard Mr Banks and Mr Fields for the Government.", ["Banks", "Fields"]),
])
def test_names_a_conjunction_joins_stay_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_the_court_benchmark_reads_one_annotator_and_never_the_test_split(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bench.court_external import _source, records

    text = "The applicant, Mr Oskar Lindqvist, lodged application no. 12345/06."
    mention = {"entity_type": "PERSON", "start_offset": 15, "end_offset": 33, "span_text": "Mr Oskar Lindqvist"}
    docs = [{"annotations": {"annotator1": {"entity_mentions": [mention]},
                             "annotator2": {"entity_mentions": [
                                 mention, {"entity_type": "CODE", "start_offset": 58, "end_offset": 66,
                                           "span_text": "12345/06"},
                                 {"entity_type": "CODE", "start_offset": 0, "end_offset": 3, "span_text": "xxx"}]}},
             "quality_checked": ["annotator2"], "text": text, "doc_id": "001-1", "dataset_type": "dev"},
            {"annotations": {"annotator1": {"entity_mentions": []}}, "text": "Secret", "doc_id": "001-2",
             "dataset_type": "test"}]
    path = tmp_path / "echr_dev.json"
    path.write_text(json.dumps(docs), encoding="utf-8")
    got = records(path)
    assert [r["id"] for r in got] == ["001-1"]  # (a test document is never read)
    assert [(s["label"], text[s["start"]:s["end"]]) for s in got[0]["spans"]] == [
        ("PERSON", "Mr Oskar Lindqvist"), ("ID", "12345/06")]  # (the quality-checked annotator; a span off its text left)
    assert _source(str(tmp_path)) == path
    (tmp_path / "echr_test.json").write_text(json.dumps(docs), encoding="utf-8")
    assert _source(str(tmp_path / "echr_test.json")) is None


# A year of birth alone, as judgments and biographies write it ("The applicant was born in 1965", "Candie Payne (born
# 1983)"), is a Category II value of its own, BIRTH_YEAR: noised in years as an age is (a day-level noise would leave
# the year as written). 14 of the 17 ECHR judgments of the court probe state one; their dates of birth leaked 84.2 ->
# 15.8 % (the rest: years the noise left unchanged, as it may). Read as no value at a943ff7.
@pytest.mark.parametrize("text, years", [
    ("The applicant was born in 1965 and lives in Istanbul.", ["1965"]),
    ("The applicants were born in 1949 and 1955 respectively and live in İzmir.", ["1949", "1955"]),
    ("The applicants were born in 1978, 1981, 1987 and 1986 respectively.", ["1978", "1981", "1987", "1986"]),
    ("He was born in Kraków in 1971 and moved to Gdańsk.", ["1971"]),
    ("Andrzej Nowak (b. 1950) is a Polish poet.", ["1950"]),
    ("Year of birth: 1983", ["1983"]),
    ("Elle est née en 1965 à Rennes et vit à Brest.", ["1965"]),
    ("La paciente, nacida en 1958, ingresó por dolor abdominal.", ["1958"]),
])
def test_a_year_of_birth_alone(sanitizer: Sanitizer, text: str, years: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    got = [text[e.start:e.end] for e in out.entities if e.type == "BIRTH_YEAR"]
    assert got == years
    assert all(e.category == "mldp" for e in out.entities if e.type == "BIRTH_YEAR")


def test_a_year_of_birth_goes_out_unchanged_at_most_one_time_in_twenty() -> None:
    """The issue's target for dates of birth (<= 5 % leaked) for a year of birth alone: at an age's ε of 0.5 per year
    the mechanism left one year in eight as written (12.4 %; 13.2 % of the court judgments' dates of birth)."""
    from mechanisms.prmpt.mldp import mechanism_probability

    policy = PrmptConfig().policy("BIRTH_YEAR")
    assert policy.category == "mldp" and policy.eps is not None
    for year in (1900, 1953, 2010):
        assert mechanism_probability(year, year, int(policy.min_value), int(policy.max_value), policy.eps) <= 0.05


@pytest.mark.parametrize("text", [
    "The company was founded in 1965 and listed in 1987.",
    "In 1974 he joined the Royal Navy; he was born in Bristol.",
    "The bridge was built in 1889, the year the tower opened.",
])
def test_other_years_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_noised_year_of_birth_is_a_year_near_it(sanitizer: Sanitizer) -> None:
    from mechanisms.prmpt.entities.dates import find_birth_years

    s = sanitizer
    shifts = []
    for k in range(40):
        keys = MasterKey.from_bytes(bytes(range(32))).user_keys(f"user-{k}")
        out = s.sanitize("The applicant was born in 1965.", keys)
        year = out.text.removeprefix("The applicant was born in ").removesuffix(".")
        assert year.isdigit() and len(year) == 4
        shifts.append(abs(int(year) - 1965))
    assert find_birth_years("born in 1965", "en")
    # (ε 0.16 per year: 12.5 years on average, a year left unchanged 4 % of the time)
    assert 3 < sum(shifts) / len(shifts) < 25 and sum(s > 0 for s in shifts) >= 35


# A title, initials and a family name that is a dictionary word too ("Mr I. Thrilling"): after a title the word is the
# family name (without one, "A. Background" heads a section and stays). Court probe: names leaked 2 -> 1 of 118, no
# dev file changed. Leaked at a943ff7.
@pytest.mark.parametrize("text, values", [
    ("The applicants were represented by Mr I. Thrilling of the Law Centre, a charitable organisation.", ["Thrilling"]),
    ("The applicant was represented by Ms K. Cheerful, a lawyer practising in Leeds.", ["Cheerful"]),
    ("The Government were represented by their Agent, Mrs H. Tranquil, of the Ministry.", ["Tranquil"]),
])
def test_a_title_initials_and_a_dictionary_word(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_initials_and_a_dictionary_word_without_a_title_stay(sanitizer: Sanitizer) -> None:
    for text in ("The contract says:\nB. Subject to the terms below, the parties agree.",
                 "Read part B. Subject to the terms below, the parties agree."):
        assert sanitizer.sanitize(text, KEYS).text == text


# A dialogue's speaker whose given name is an everyday word too ("Summer: Remember me?", "Guy: You saved my life!"),
# beside speakers' names; and one no list holds that is a town's name too, labelling two quotations, one of them as a
# person speaks ('Akaho: "Who are you?"'; a capital's name stays a dateline). Presidio's generator, seed 5: names
# 45 -> 43 of 907; no dev file changed. Leaked at a943ff7.
@pytest.mark.parametrize("text, values", [
    ("Felicia: What a wife.\nSummer: Remember me, Matthew? When I killed your brother, I talked like this!\n"
     "Guy: You saved my life! How can I ever repay you?", ["Summer", "Guy"]),
    ("Natalia: Where were you?\nAmber: At work, as always.\nNatalia: Again?", ["Amber", "Natalia"]),
    ("Priya: Did you call him?\nHope: Not yet.\nPriya: Do it now.", ["Hope", "Priya"]),
    ('Akaho: "Who are you?"\nAkaho:"I\'m Gregory\'s daughter".', ["Akaho"]),
    ('Tosa: "Where is my bag?"\nTosa: "I left it here."', ["Tosa"]),
])
def test_a_dialogues_speaker_an_everyday_word_or_a_town(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "Rose: red\nLily: white\nDaisy: yellow",
    'Paris: "We will win."\nParis: "You will see."',
])
def test_labels_of_things_and_datelines_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# An institution's noun before "of" and a proper noun ends no name pair ("the Svea Court of Appeal": the lists hold
# "Svea" and "Court" as names, and "Court" went on to be hidden wherever the judgment wrote it). Court probe: 11 words
# altered fewer in one judgment; no dev file changed. Altered at a943ff7.
@pytest.mark.parametrize("text, kept", [
    ("The applicant appealed to the Svea Court of Appeal, which upheld the judgment. The Court then decided.",
     "Svea Court of Appeal, which upheld the judgment. The Court"),
    ("The Alba Church of Scotland parish replied.", "Alba Church of Scotland"),
    ("The Linnea Court of Appeal sat in Stockholm.", "Linnea Court of Appeal"),
    ("We called the Ines Church of Portugal office.", "Ines Church of Portugal"),
])
def test_an_institution_of_a_place_is_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_a_family_name_that_is_an_institutions_noun_stays_a_name(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Margaret Court won the title in Melbourne.", ["Margaret Court"])


# This session's detection attacked through every surface with the real SDKs and a recording upstream: a judgment's
# title, initials and dictionary-word family name, a dialogue's everyday-word speakers and a repeated label that is a
# town's name; and years of birth, with the noised values restored (prmpt.restore_mldp_values), so that the echo
# comes back exactly as written. Nothing of them may arrive verbatim.
SET_AB_ATTACK = ("The applicants were represented by Mr I. Thrilling of the Law Centre.\n"
                 "Natalia: Where were you?\nSummer: At work, as always.\nGuy: You saved my life!\n"
                 'Akaho: "Who are you?"\nAkaho: "I live next door."')
SET_AB_SECRETS = ("Thrilling", "Natalia", "Summer", "Guy", "Akaho")
SET_AB_BIRTH = "The applicants were born in 1949 and 1955 respectively. The applicant was born in Kraków in 1971."
SET_AB_BIRTH_SECRETS = ("1949", "1955", "1971")


def test_set_ab_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AB_ATTACK, SET_AB_SECRETS)

    def restoring(**overrides: Any) -> Any:
        return veil_factory(prmpt={"restore_mldp_values": True}, **overrides)

    attack_every_surface(restoring, upstream, SET_AB_BIRTH, SET_AB_BIRTH_SECRETS)


def test_the_clinical_benchmark_reads_each_note_and_its_surrogates(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bench.clinical_external import records, run

    note = "pt seen by dr okonkwo. son teddy called, cell 555-0143.\n"
    (tmp_path / "id.text").write_text(
        f"START_OF_RECORD=7||||1||||\n{note}||||END_OF_RECORD\n\nSTART_OF_RECORD=7||||2||||\nno events.\n||||END_OF_RECORD\n",
        encoding="latin-1")
    (tmp_path / "id-phi.phrase").write_text(
        "7 1 14 21 HCPName okonkwo\n7 1 27 32 RelativeProxyName teddy\n7 1 46 54 Phone 555-0143\n"
        "7 1 0 2 PTName xx\n9 1 0 2 PTName pt\n", encoding="latin-1")
    got = records(tmp_path)
    assert [r["id"] for r in got] == ["7-1", "7-2"]
    assert [(s["label"], note[s["start"]:s["end"]]) for s in got[0]["spans"]] == [
        ("PERSON", "okonkwo"), ("PERSON", "teddy"), ("PHONE", "555-0143")]  # (a line off its note's text left out)
    assert got[1]["spans"] == []
    text, ok = run(None, str(tmp_path / "missing"))
    assert ok and "skipped" in text

# Names a cue announces in text written in one case (nursing notes in lower case or capitals): after a title, a kinship
# word or an initial, or before a clinician's credential. Measured on English nursing notes nobody on the project
# wrote (PhysioNet's deid gold standard, bench.clinical_external): names leaked 13.7 % before. Leaked at 59d6fee.
@pytest.mark.parametrize("text, values", [
    ("pt seen by dr okonkwo this am, plan to extubate in am. bp stable on dopa.", ["okonkwo"]),
    ("INR 3.1 this am, dr. marsh aware, vit k given. plan per dr kaszubiak.", ["marsh", "kaszubiak"]),
    ("SOCIAL: SON CALLED TWICE FOR UPDATE. DAUGHTER DAWN LIVES CLOSE BY, HR 80S NSR.", ["DAWN"]),
    ("social: wife, ivy, left her number. BP 110/60, HR 70s.", ["ivy"]),
    ("k 3.1 this am, j. brennan aware and repleted. resp care by k. moretti rrt", ["brennan", "moretti"]),
    ("K 3.1, repleted. resp care by m. fox rrt. BP 100/50", ["fox"]),
    ("MAPS 60S, LEVO UP. GIRLFRIEND JADE IN MOST OF DAY. GRAND DAUGHTER-PETRA CALLED.", ["JADE", "PETRA"]),
])
def test_names_a_cue_announces_in_one_case_text(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("dr aware of low bp. son will call back in am; daughter may visit tomorrow.", "dr aware"),
    ("dr aware of low bp. son will call back in am; daughter may visit tomorrow.", "son will call back"),
    ("O2 WEANED TO 4L NP GOOD BREATH SOUNDS. 2mg ms given for pain.", "NP GOOD BREATH"),
    ("O2 WEANED TO 4L NP GOOD BREATH SOUNDS. 2mg ms given for pain.", "ms given"),
    ("sputum grew e. coli and s. aureus, c. diff negative.", "e. coli and s. aureus, c. diff"),
    ("guided U/S. coffee grounds lavaged. r. bear hugger placed.", "coffee grounds"),
    ("guided U/S. coffee grounds lavaged. r. bear hugger placed.", "bear hugger"),
    ("i'm listening to bad guy rn lol", "bad guy rn"),
    ("his son-in-law and sister-in-law at the bedside. WIFE, SON AND SISTER IN.", "WIFE, SON AND SISTER"),
    ("WIFE AGRESS THAT HE IS COMFORTABLE. son and husband visisted.", "WIFE AGRESS THAT"),
    ("WIFE AGRESS THAT HE IS COMFORTABLE. son and husband visisted.", "husband visisted"),
])
def test_words_after_a_cue_that_are_no_names_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A note written in capitals: its names are read in lower case, as a text written so is (in capitals NER and the pairs
# of capitalised words read "FOLEY DRAINING CLEAR URINE", "PAINFUL STIMULI" as people), beside those read as written
# with an initial or a title ("Z. MILLER", "DR B. GILL"; guards, found at 59d6fee too); its other values as written.
# Nursing notes in capitals: words altered 4.6 -> 2.2 %. The phrases were altered at 59d6fee.
@pytest.mark.parametrize("text, kept", [
    ("DOES OCCASIONALLY OPEN EYES TO PAINFUL STIMULI. CONTINUE TO CLOSELY MONITOR HEMODYNAMICS.", "PAINFUL STIMULI"),
    ("DOES OCCASIONALLY OPEN EYES TO PAINFUL STIMULI. CONTINUE TO CLOSELY MONITOR HEMODYNAMICS.", "CLOSELY MONITOR"),
    ("RETURNED FROM CATH LAB AT NOON. CHANGED OVER TO TRIPLE LUMEN, TIP SENT FOR CULTURE.", "CATH LAB"),
    ("RETURNED FROM CATH LAB AT NOON. CHANGED OVER TO TRIPLE LUMEN, TIP SENT FOR CULTURE.", "TRIPLE LUMEN"),
    ("JESUS I DON'T KNOW WHAT THEY ARE DOING TO ME, SAYS PT. REASSURED AND CALMED.", "I DON'T KNOW"),
])
def test_phrases_of_a_note_in_capitals_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, values", [
    ("POST TEE SHOWING ONLY MILD TR, Z. KOWALCZYK AWARE AND WILL FOLLOW FICK OUTPUTS.", ["KOWALCZYK"]),
    ("LR AT ONE LITER AN HOUR CONTINUES PER DR B. DUNLEAVY. RESP CONTINUES AC MODE.", ["DUNLEAVY"]),
    ("PLAN INCLUDES CT GUIDED TAP...MARGOT CUCCHIARA (RESIDENT) WORKING ON THIS. NPO AFTER MN.", ["MARGOT CUCCHIARA"]),
    ("JOHN SMITH ARRIVED IN LONDON TODAY STOP MEET HIM AT VICTORIA STATION STOP REGARDS MARGARET", ["JOHN SMITH", "MARGARET"]),
    ("IN THE MATTER OF THE ESTATE OF HAROLD B. WINTERBOTTOM, DECEASED. PETITIONER: SUSAN WINTERBOTTOM.",
     ["HAROLD B. WINTERBOTTOM", "SUSAN WINTERBOTTOM"]),
    ("MR AND MRS OKONKWO CALLED ABOUT THEIR SON CHIDI, WHO MISSED HIS APPOINTMENT ON TUESDAY MORNING.", ["OKONKWO", "CHIDI"]),
    ("PATIENT: MARIA GARCIA LOPEZ, DOB 03/14/1962. REFERRED BY DR. ANAND KRISHNAMURTHY FOR CHEST PAIN.",
     ["MARIA GARCIA LOPEZ", "ANAND KRISHNAMURTHY"]),
])
def test_names_in_a_note_in_capitals(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_what_a_text_in_capitals_is() -> None:
    from mechanisms.prmpt.annotator import _in_capitals

    assert _in_capitals("PT SEEN BY DR. HALVORSEN THIS AM, INR 3.1, VIT K GIVEN. WILL RECHECK IN AM.")
    assert not _in_capitals("SOCCER - JAPAN GET LUCKY WIN. Japan began the defence of their title with a win.")
    assert not _in_capitals("OK THEN")  # (too short to tell)
    assert not _in_capitals("AB, CD; EF: " * 20)  # (codes, no words: read once, as written)


def test_codes_in_a_note_in_capitals_are_read_as_written(sanitizer: Sanitizer) -> None:
    out = sanitizer.sanitize("PT TRANSFERRED FROM OSH. CALL HIS WIFE AT 617-555-0182 OR EMAIL JKOWALCZYK@EXAMPLE.COM "
                             "WITH ANY CHANGES. SSN ON FILE 078-05-1120.", KEYS)
    assert "617-555-0182" not in out.text and "JKOWALCZYK@EXAMPLE.COM" not in out.text and "078-05-1120" not in out.text


# A pager's number after its cue ("Pager #54321", "beeper number 55037"; five digits or more after "pg", a page too),
# and groups joined by a hyphen and a space ("212- 476- 8356"): nursing notes' phone numbers leaked 32.1 -> 3.8 %.
# Leaked at 59d6fee.
@pytest.mark.parametrize("text, values", [
    ("Will f/u for therapy if discharge delayed. \nPager #61827 \nTime: 3:00pm", ["61827"]),
    ("He can be reached at beeper number 40913 for consents and questions.", ["40913"]),
    ("F/U IN NEXT 1-2 DAYS AS APPROP. \nPG 27364\n", ["27364"]),
    ("divorced, retired. dtr lives nearby- 617- 555- 0182.", ["617- 555- 0182"]),
])
def test_a_pagers_number_and_a_number_in_spaced_groups(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text, kept", [
    ("See pg 2019 of the manual, and pg 12 for the index.", "pg 2019"),
    ("The score was 12- 14 at half time.", "12- 14"),
])
def test_a_page_and_a_score_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A note's section headings ("Neuro:", "Resp:", "Misc:" beside "Cardiac:" and "GI:") are no people, nor is a device
# named after one ("Foley cath"); a dialogue's speakers stay names. Altered at 59d6fee.
@pytest.mark.parametrize("text, kept", [
    ("Neuro: Pt alert and oriented x3.\nCardiac: HR 80s NSR.\nResp: LS clear.\nGI: abd soft.\nMisc: pt will be evaluated.",
     "Neuro: Pt alert"),
    ("Neuro: Pt alert and oriented x3.\nCardiac: HR 80s NSR.\nResp: LS clear.\nGI: abd soft.\nMisc: pt will be evaluated.",
     "Misc: pt will"),
    ("GU: Foley cath patent, draining amber urine. Foley catheter changed this am.", "Foley cath"),
])
def test_a_notes_headings_and_devices_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_a_dialogues_speakers_are_no_headings(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Baxter: I never said that.\nKowalczyk: You did.\nBaxter: Fine.\nMod: Enough.", ["Baxter", "Kowalczyk"])


# This session's detection attacked through every surface with the real SDKs and a recording upstream: a nursing note
# in lower case (names after a title, a kinship word and an initial, before a credential; a pager's number) and one in
# capitals (a title's name, a kinship word's name, a number in spaced groups). Nothing of them may arrive verbatim.
# What a nursing note writes that looked like an e-mail or a phone number: "@" for "at" before a sentence's end ("pt
# stable @ present. will cont" was hidden as "name @ domain. tld", five words with it), a shift's hours, a blood gas,
# a blood pressure after a word holding "call" ("hemodynamically" was read as a phone cue). Nursing notes: words
# altered 1.62 -> 1.50 %. Each was altered at 5e41148; the e-mails and phones in the guards stay hidden.
@pytest.mark.parametrize("text, kept", [
    ("pt stable @ present. will cont to monitor.", "stable @ present. will"),
    ("on prilosec @ home. Pt. denies pain.", "prilosec @ home. Pt. denies"),
    ("temp rechecked @ 100.2. pt comfortable.", "rechecked @ 100.2. pt"),
    ("DOPA @ 5MCG. PADS ON.", "DOPA @ 5MCG. PADS"),
    ("NIGHT SHIFT 1900-0700: NO EVENTS.", "1900-0700"),
    ("abg 7.37-49-247-29-99 on these settings.", "7.37-49-247-29-99"),
    ("hemodynamically stable, hr 90-104 sr, no vea, bp 99-125/30-50 \nresp: face tent", "99-125/30-50"),
])
def test_a_notes_at_signs_and_figures_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, values", [
    ("email MMoretti @ svb. com or j.doe [at] acme [dot] co [dot] uk today", ["MMoretti @ svb. com", "j.doe"]),
    ("Call me on 1900-0700 after six.", ["1900-0700"]),
    ("The nurse's cell: 617-555-0182; fax 617 555 0199.", ["617-555-0182", "617 555 0199"]),
])
def test_emails_and_phones_beside_them_stay_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# A device named after a person, wherever the note also writes it before its noun ("Foley draining", "via foley",
# beside "Foley catheter"), and the device's name with its noun in capitals ("FOLEY CATH DRAINING"); a person of that
# name stays one ("John Foley, RN"; then every "Foley" of the request is hidden with him). Altered at 5e41148.
@pytest.mark.parametrize("text, kept", [
    ("GU: Foley draining clear amber urine in adequate amounts. Foley catheter changed yesterday.", "Foley draining"),
    ("PT RESTING. FOLEY CATH DRAINING GOOD AMT'S URINE.", "FOLEY CATH DRAINING"),
    ("renal: foley out at 8am, via foley approx 50 cc/hr. foley cath removed.", "via foley approx"),
    ("Foley patent. Foley cath to be changed on Monday.", "Foley patent"),
    ("GU: QUINTON CATH IN PLACE, QUINTON FLUSHED.", "QUINTON FLUSHED"),
])
def test_a_device_named_after_a_person_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_a_person_with_a_devices_name_stays_hidden(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Foley catheter placed by John Foley, RN, at 0900. Foley draining well.", ["John Foley"])


# A title or an initial, one word, and the word a note says a clinician knows or was told with ("E. WELSH AWARE",
# "np thistle notified", "j. crane paged"): the word is the name even where a dictionary holds it, and the word after
# it is no part of the name (NER's "N. GRANDONE AWARE" put "AWARE" under the stand-in); a team or a service is no name
# ("DR RENAL AWARE"). The names leaked or the word after them was altered at 5e41148.
@pytest.mark.parametrize("text, values, kept", [
    ("INR 6.0 THIS AM. E. WELSH AWARE, FFP ORDERED.", ["E. WELSH"], "AWARE, FFP"),
    ("sbp 160s, ntg started. np thistle notified, no new orders.", ["thistle"], "np"),
    ("hct 24, 2u prbc ordered. j. crane paged.", ["j. crane"], "paged."),
    ("K 3.1, REPLETED. N. GRANDONE AWARE. WILL RECHECK.", ["GRANDONE"], "AWARE. WILL"),
    ("BP LOW. DR. TYRO AWARE.", ["TYRO"], "AWARE."),
    ("BS COARSE. M. PEPPLER AWARE.", ["PEPPLER"], "AWARE."),
])
def test_a_clinician_a_note_reports(sanitizer: Sanitizer, text: str, values: list[str], kept: str) -> None:
    check(sanitizer, text, values)
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text", [
    "U/O LOW. DR AWARE. DR RENAL AWARE. NP TEAM NOTIFIED. MD AWARE.",
    "k 3.2, repleted. dr on call aware. micu team notified.",
])
def test_a_team_a_note_reports_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# Initials used as a judgment's pseudonyms, set off by a comma after a person noun ("a friend, B., in Sheffield", "his
# cousin, N. Both men"), and the same initials further on; initials with a hyphen or an accented capital ("Mr J.-P.
# Costa", "İ.K."), also after a letter whose lower case is longer ("İ"), where the request writes them again. Measured
# on court judgments nobody on the project wrote and never tuned on before (ten more development judgments): names
# 8.8 -> 0 %. They leaked at 5e41148.
@pytest.mark.parametrize("text, values", [
    ("On 3 May the applicant visited a friend, T., in Leeds. T. was then under investigation for fraud.", ["T."]),
    ("Travelling with him was his cousin, R. Both men were searched at the airport, and R. was detained.", ["R."]),
    ("The second officer, İ.K., denied the accusation. Later that year İ.K. was promoted.", ["İ.K."]),
    ("A witness, P.V., stated that she had heard shouting from the flat next door.", ["P.V."]),
    ("His neighbour, O.T., told the police that the door had been forced.", ["O.T."]),
    # (no initial of a name kept in its place: "J.-P. Costa" was "X.-P. Goulart")
    ("The Chamber was composed of Mr J.-P. Costa, President, and Mr Ü. Sayar. J.-P. Costa said the case was closed.",
     ["J.-P. Costa", "P.", "Ü. Sayar"]),
])
def test_initials_set_off_as_a_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("We hired a lawyer, U.K. based, who had argued such cases before.", "U.K. based"),
    ("He called his cousin, N. Bothwell, from the station.", "from the station"),
])
def test_what_a_set_off_initial_is_not(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_AC_NOTE = ("nursing progress note 7a-7p\nneuro: alert, oriented x3.\nresp: ls clear.\n"
               "social: son teddy called, dr. marsh and dr kaszubiak aware. resp care by k. moretti rrt. pager #61827.")
SET_AC_NOTE_SECRETS = ("teddy", "marsh", "kaszubiak", "moretti", "61827")
SET_AC_CAPITALS = ("CXR DONE, NO CHANGE. DR. HALVORSEN AWARE OF LOW U/O, BOLUS GIVEN. GIRLFRIEND JADE IN MOST OF DAY, "
                   "CELL 617- 555- 0182.")
SET_AC_CAPITALS_SECRETS = ("HALVORSEN", "JADE", "617- 555- 0182")


def test_set_ac_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AC_NOTE, SET_AC_NOTE_SECRETS)
    attack_every_surface(veil_factory, upstream, SET_AC_CAPITALS, SET_AC_CAPITALS_SECRETS)


SET_AD_JUDGMENT = ("The Chamber was composed of Mr J.-P. Costa, President, and Mr Ü. Sayar. On 2 March the applicant visited "
                   "his neighbour, O.T., in Leeds. O.T. was then under investigation. The second officer, İ.K., denied "
                   "the accusation; İ.K. was later promoted. J.-P. Costa dissented.")
SET_AD_SECRETS = ("J.-P.", "Costa", "Sayar", "O.T.", "İ.K.")


def test_set_ad_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AD_JUDGMENT, SET_AD_SECRETS)


SET_AE_NOTE = ("GU: Foley cath draining clear urine. K 3.1 THIS AM. E. WELSH AWARE, KCL ORDERED. sbp 160s, np thistle notified. "
               "Please post the form back to\n\nnuray ekinci\n\n0091 rantakatu 12\n apt. 7\n kemi")
SET_AE_SECRETS = ("WELSH", "thistle", "nuray ekinci", "0091 rantakatu 12")


def test_set_ae_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AE_NOTE, SET_AE_SECRETS)


# A dialogue or a chat written out: a speaker's label with its quotation right after the colon ("Oskar:\"...\""), a
# label that a list holds as a family name that is a word too ("Calle"), and one a dictionary or a gazetteer holds
# but no list as an everyday word ("Dita", "Jaroslav"), beside labels that are names. Measured on Presidio's research
# generator: these dialogues leaked a speaker at 1d66771.
@pytest.mark.parametrize("text, values", [
    ("Maro: \"Who sent you?\"\nEmily:\"Nobody did, I came on my own.\"", ["Maro", "Emily"]),
    ("Dzhokhar: \"Who sent you?\"\nMargaret:\"Nobody did, I came alone.\"", ["Dzhokhar", "Margaret"]),
    ("Calle: Where is the key?\nAmelia: In the drawer, as always.\nRobert: I already looked there.", ["Calle"]),
    ("Dita: That was quick.\nCharles: I told you I would be back.\nHenry: You did, I owe you one.", ["Dita"]),
    ("Jaroslav: What a morning.\nSummer: Tell me about it.\nMichael: Coffee first, then the news.", ["Jaroslav"]),
])
def test_the_speakers_of_a_written_dialogue(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "Kubernetes: orchestrates the containers\nTerraform: provisions the network",
    "Status: \"pending\"\nOwner: \"billing team\"",
    "Summary: the build failed twice.\nCause: a flaky test.",
    "Paris: rain all day\nLondon: sunny spells",
    "Note: \"bring the keys\"\nDeadline: Friday",
])
def test_labels_of_a_list_are_no_speakers(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A name someone is given or goes by, after "call me", "named him", "nicknamed her" ("people call me Demi", "she
# named him arn"), where a capital in lower-case words or a word no dictionary holds says it is one; and the
# courtesy titles in lower case with their point ("with ms. Wit"). They leaked at 1d66771.
@pytest.mark.parametrize("text, values", [
    ("Most of my friends call me Demi, but my passport says otherwise.", ["Demi"]),
    ("When the puppy arrived she named him arvo after her grandfather.", ["arvo"]),
    ("We adopted a kitten last week and named her mimsy", ["mimsy"]),
    ("At school they nicknamed her ilsabet because of a song.", ["ilsabet"]),
    ("I have joint accounts with ms. Wit", ["Wit"]),
    ("I spoke to mrs. Reed at the branch and she said the card was on its way.", ["Reed"]),
    ("Could you forward this to mr. Bloom before the meeting?", ["Bloom"]),
])
def test_a_name_given_and_a_lower_case_title(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Just call me tomorrow when you are free.", "call me tomorrow"),
    ("They named him captain of the team last season.", "named him captain"),
    ("Call Me Maybe was on the radio all summer.", "Call Me Maybe"),
    ("The list named her as a witness in the case.", "named her as a witness"),
    ("Please call me back after lunch.", "call me back"),
])
def test_what_a_name_giving_verb_does_not_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A given name no list holds, then a family name a list holds though it is an everyday word too ("Tiegan Hill",
# "Virpi Hull"); never before the noun of an organisation ("Zentrix Bank"). They leaked at 1d66771.
@pytest.mark.parametrize("text, values", [
    ("Tiegan Hill of Rosewood Partners was named chief executive of the year.", ["Tiegan Hill"]),
    ("The account holder is Virpi Hull, and she wants a joint account.", ["Virpi Hull"]),
    ("Our contact at the supplier is Oyelaran Wood, who handles the invoices.", ["Oyelaran Wood"]),
    ("The account is under Adaeze Wood since the move.", ["Adaeze Wood"]),
    ("I met Katalinka Rose at the conference and we talked about funding.", ["Katalinka Rose"]),
])
def test_an_unlisted_given_name_before_a_listed_family_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A street line of no type word a pattern knows, right over a unit line ("0519 brekkustíg 80\n suite 669"), and a name
# and a number with "street" written after them ("enter on Jahu 80 St."); a type-first street no longer reads through
# a sentence ("Calle A. Norberg lives at 417 ..." was one street). They leaked at 1d66771.
@pytest.mark.parametrize("text, values", [
    ("Send the parcel to\n\nbirna sif\n\n0519 hafnarbraut 80\n suite 6\n akureyri", ["0519 hafnarbraut 80", "hafnarbraut"]),
    ("ship to\n\njoana lima\n\n61 rua das flores 210\n suite 4", ["61 rua das flores 210", "flores"]),
    ("> 218 12 Rue de sfax\n> Suite 3\n> Tunis", ["218 12 Rue de sfax", "sfax"]),
    ("Visitors must enter on Harbo 71 St. during the works.", ["Harbo 71", "Harbo"]),
    ("The title refers to Sibelius 30 street in Lahti.", ["Sibelius 30", "Sibelius"]),
])
def test_a_street_by_its_unit_line_or_the_word_street(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text, kept", [
    ("Calle A. Norberg lives at 417 Tavcarjeva 103, Ruše", "lives at"),
    ("Via Roberto she sent the files at 10 am.", "sent the files"),
    ("We walked 5 blocks to 3 street and back.", "5 blocks to 3 street"),
    ("Buy 2 eggs\nUnit 4 of the course starts today", "Buy 2 eggs"),
    ("Chapter 12 covers the 2 st. cases in detail.", "Chapter 12"),
    ("the best time was 12 ms. Nothing else came close", "12 ms. Nothing else came close"),
])
def test_what_a_street_is_not(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, kept", [
    ("We hiked around Maligne Lake last summer.", "Maligne Lake"),
    ("Students gathered at Tiananmen Square in June.", "Tiananmen Square"),
    ("The game was played at Forbes Field.", "Forbes Field"),
    ("Eberhard Faber GmbH was founded in 1922.", "Eberhard Faber GmbH"),
    ("He works for Quantix Group now.", "Quantix Group"),
    # a figure's milliseconds are no courtesy title
    ("una latencia de 2,85 ms. Respecto al electromiograma", "Respecto"),
    ("The call took 40 ms. Overall it was fine.", "Overall"),
])
def test_places_companies_and_milliseconds_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A word no list or dictionary holds, joined by "and" to a person's one-word name ("Timayev and Dawson were ..."); a
# pair of words an e-mail address spells whole with one of them a name though a dictionary holds the other ("rami
# martinsson" of "ramimartinsson@"), or that opens the address with a second family name after them ("Ligio
# Valladares" of "LigioValladaresSaldana@"). They leaked at 1d66771.
@pytest.mark.parametrize("text, values", [
    ("Timayev and Dawson were the best engineers on the crew.", ["Timayev"]),
    ("Mazzanti and Scott argued for an hour.", ["Mazzanti"]),
    ("Both Lindqvist and Moreau were late again.", ["Lindqvist"]),
    ("The paper by Okonkwo and Fischer changed the field.", ["Okonkwo"]),
    ("Tanaka and Ekwueme will share the prize.", ["Ekwueme"]),
    ("Ligio Valladares\n\nRecreational therapist\n\nPersonal Info:\nPhone:\n040-483-255\n\nE-mail:\n"
     "LigioValladaresSaldana@gustr.com\n\nWebsite:\nhttps://rodriguez-frost.org/\n\nAddress:\nUSCGC Mason\nFPO AA 84008.",
     ["Ligio Valladares"]),
    ("rami martinsson\n\npurchasing clerk\n\npersonal info:\nphone:\n(02) 6766 6617\n\ne-mail:\n"
     "ramimartinsson@jourrapide.com", ["rami martinsson"]),
    ("nils rami\n\nclerk\n\ne-mail:\nnilsrami@jourrapide.com", ["nils rami"]),
    ("Iker Olabarria\n\nCarpenter\n\nE-mail:\nIkerOlabarriaUrrutia@mail.com", ["Iker Olabarria"]),
])
def test_a_name_beside_a_name_or_in_an_address(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Paris and Weber signed the treaty draft.", "Paris"),
    ("The Fox and Hound pub is closed on Monday.", "Fox and Hound"),
    ("This is just a Subaru and Chrysler advertisement.", "Subaru"),
    ("Given Combivent and Flovent inhalers in line, sats 95%.", "Combivent"),
    ("write to the sales team at salesteam@acme.com", "sales team"),
    ("the blue whale project: bluewhale@ocean.org", "blue whale"),
    ("for refunds, ask the help desk at helpdesk@shop.example", "help desk"),
])
def test_what_a_conjunction_or_an_address_does_not_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A list of names whose last two items "and" joins ("Šesták, Anderson and Gonzalez" was read as two items, the second
# "Anderson and Gonzalez", and with one name found the list was no list): the unlisted item is a name with them. It
# leaked at 1d66771 (Presidio's generator, seed 31).
@pytest.mark.parametrize("text, values", [
    ("The firm was started by three partners: Šesták, Anderson and Gonzalez.", ["Šesták"]),
    ("Board members: Pärnaste, Anderson and Gonzalez.", ["Pärnaste"]),
    ("Players: Ruuskanen, Walker and Diaz; coach: Reyes.", ["Ruuskanen"]),
    ("Crew: Zwierzchowski, Smith and Jones.", ["Zwierzchowski"]),
    ("Invited: Nwachukwu, Turner and Hughes.", ["Nwachukwu"]),
])
def test_an_unlisted_item_of_a_list_of_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "We need Research and Development, Sales and Marketing, and Legal.",
    "Departments: Finance, Operations and Procurement.",
    "Colours: Red, Green and Blue.",
    "Tools: Hammer, Wrench and Pliers.",
    "Menu: Pasta, Risotto and Tiramisu.",
])
def test_a_list_of_no_names_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A person's trait said of a word opening the sentence: a listed given name that is a word too ("Grace is very
# reliable", "Amber is a very sympathetic person"), a listed name, or a word no list or dictionary holds. They leaked at
# 1d66771 (Presidio's generator).
@pytest.mark.parametrize("text, values", [
    ("Grace is very reliable. You can always depend on her.", ["Grace"]),
    ("Amber is a very sympathetic person. They are good listeners.", ["Amber"]),
    ("Hope is a very honest person.", ["Hope"]),
    ("Ottoline is such a generous friend.", ["Ottoline"]),
    ("Why is Jorunn so stubborn?", ["Jorunn"]),
])
def test_a_person_a_trait_is_said_of(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "Python is very reliable.",
    "Toyota is very reliable.",
    "London is very friendly to cyclists.",
    "Honest is a good word for it.",
    "The new release is very reliable.",
])
def test_a_trait_of_a_thing_or_a_place_names_no_one(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# The author or performer of a work, between an article and the work, with a listed family name that is a town's too
# ("the Kauê Souza version"). It leaked at 1d66771 (Presidio's generator).
@pytest.mark.parametrize("text, values", [
    ("The Kauê Souza version recorded for Carey PLC became the hit.", ["Kauê Souza"]),
    ("The Ionuț Toledo version recorded for Vega Ltd sold well.", ["Ionuț Toledo"]),
    ("Have you been to a Zdeňka Lima concert before?", ["Zdeňka Lima"]),
    ("The Tadeáš Leon album was recorded in one night.", ["Tadeáš Leon"]),
    ("The Ngozi Florence biography came out in May.", ["Ngozi Florence"]),
])
def test_a_work_s_author_with_a_family_name_a_town_has_too(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


SET_AF_CHAT = ("Maro: \"Who sent you?\"\nEmily:\"Nobody did, I came on my own.\"\n"
               "Note: at school they nicknamed her ilsabet, and the lease is with ms. Wit. Timayev and Dawson were the "
               "witnesses. Send it to\n\nbirna sif\n\n0519 hafnarbraut 80\n suite 6\n akureyri\n"
               "or to the office on Harbo 71 St.")
SET_AF_SECRETS = ("Maro", "ilsabet", "Wit", "Timayev", "birna sif", "hafnarbraut", "Harbo 71")


def test_set_af_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AF_CHAT, SET_AF_SECRETS)


# Medicines, generic and brand, in a clinical note: NER and the learned finder read a drug's capitalised or unknown
# word as a person's name, and the stand-in broke the note ("sedated on Alyce"). Each was hidden at 16e545d (the
# nursing notes: 5,258 words altered, 392 of them medicines).
@pytest.mark.parametrize("text, kept", [
    ("Neuro: sedated on Propofol, weaned overnight; pt more alert this morning.", "Propofol"),
    ("Se inició tratamiento con Tocilizumab y Magnesio oral.", "Tocilizumab y Magnesio"),
    ("Started Lopressor 25 mg and Protonix daily.", "Started Lopressor"),
    ("CV: Dobutamine at 5 mcg, Nipride off since 0400.", "Nipride"),
    ("Plan: continue Natrecor, check lytes in am.", "Natrecor"),
    ("Reglan given prior to tube feeds, tolerating well.", "Reglan"),
    ("Milrinone weaned to 0.25, Levophed off.", "Milrinone"),
    ("Pt c/o nausea, Zofran given with good effect.", "Zofran"),
    ("Tratamiento: Urbason 40 mg y Omeprazol 20 mg.", "Urbason"),
    ("Mucomyst given before the contrast study.", "Mucomyst"),
])
def test_a_medicine_is_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A name a brand or an abbreviation has too stays a name ("Allegra", "Camila", "Kendrick", "Ed": the lists leave out
# every word a name list holds), and a drug's word after a title or an initial is a person's.
@pytest.mark.parametrize("text, values", [
    ("Ed Mbeki called the ward about his mother.", ["Ed Mbeki"]),
    ("hey GT will you do 1 on sup?", ["GT"]),
    ("Pt's son AJ visited, BP stable, ABG pending.", ["AJ"]),
    ("Allegra Whitfield signed the consent form.", ["Allegra Whitfield"]),
    ("Camila called the ward at noon.", ["Camila"]),
    ("Kendrick Osei was admitted overnight.", ["Kendrick Osei"]),
    ("Please page Dr. Lasix about the potassium.", ["Lasix"]),
    ("Seen by Dr Propofol-Marsh this morning.", ["Propofol-Marsh"]),
])
def test_a_name_a_medicine_has_too(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


def test_the_clinical_lists_hold_no_listed_name() -> None:
    from mechanisms.prmpt.entities.name_words import clinical_abbreviations, medicine_names, name_index

    index = name_index()
    assert len(medicine_names()) > 20_000 and len(clinical_abbreviations()) > 2_000
    assert not [w for w in medicine_names() | clinical_abbreviations() if index.is_listed(w)]
    assert {"propofol", "heparin", "omeprazol", "zofran"} <= medicine_names()
    assert {"ABG", "IABP", "Hct", "CXR"} <= clinical_abbreviations()
    assert not {"Ed", "Al", "ED", "AJ", "JP"} & clinical_abbreviations()  # (a name; two capitals: initials)


# Clinical abbreviations, as a note writes them: a span of them alone (with everyday words) is no name where the
# note writes another clinical word. Each was hidden at 16e545d (the nursing notes).
@pytest.mark.parametrize("text, kept", [
    ("FAMILY: Pt's husband, brother, sister and friend have all visited. ABG pending.", "Pt's husband"),
    ("NEURO: A+Ox3. Afeb. Follows all commands. ABG pending.", "Afeb."),
    ("Readicat given for CT of Abd scheduled for 5pm. NGT to low suction.", "CT of Abd"),
    ("Currently attempting BiPAP but unable to get seal on mask. SBP 120s.", "BiPAP"),
    ("Right SCL noted to be pulled out, CXR shows line at tip of SVC.", "CXR shows"),
    ("Pt is r/i for mi with CPK at 2pm 4609. Troponin from this am >50.", "CPK at"),
])
def test_a_clinical_abbreviation_is_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A lower-case word's point closes a sentence before a street type's capital ("gave 2 puffs. Dr. Smith"): no street.
# It was one at 16e545d.
@pytest.mark.parametrize("text, kept", [
    ("Gave 2 puffs. Dr. Smith was called about the rash.", "Gave 2 puffs. Dr. "),
    ("She drank 3 cups. Dr. Ames said it was fine.", "3 cups. Dr. "),
    ("Walked 2 laps. Ct scan at noon.", "2 laps. Ct scan"),
    ("Took 2 tabs. Dr. Lee aware.", "Took 2 tabs. Dr. "),
    ("Had 4 visits. Ave wait was an hour.", "4 visits. Ave wait"),
])
def test_a_sentence_s_end_before_a_street_type(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A postcode right after its town, after "in", "at", "near" or "from": a town whose name has particles ("Caravaca de la
# Cruz", "Frankfurt am Main"), a district's letter ("København K"), a town in lower case no dictionary holds
# ("viechtach"). They leaked at 16e545d (Presidio's generator, seed 31).
@pytest.mark.parametrize("text, values", [
    ("Looking to support Woods-Thomas in Caravaca de la Cruz 30400 in its mission to grow.", ["30400"]),
    ("looking to support green-martinez in viechtach 94234 in its mission to grow.", ["94234"]),
    ("Looking to support them in København K 1151 in its mission.", ["1151"]),
    ("We support Conner and Sons in Mota del Cuervo 16630 in its mission.", ["16630"]),
    ("They moved to an office in Frankfurt am Main 60311 last year.", ["60311"]),
])
def test_a_postcode_after_a_town_with_particles(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text, kept", [
    ("in total 45000 in the end", "45000"),
    ("sales in march 12000 and april", "12000"),
    ("He lives in Paris 2024 and", "2024"),
    ("In Paris 45000 people marched.", "45000"),
    ("scored in overtime 10000 in total", "10000"),
])
def test_a_number_after_a_word_is_no_postcode(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_AG_NOTE = ("Neuro: sedated on Propofol, weaned overnight. Pt's husband Kendrick Osei and Allegra Whitfield visited; "
               "Dr. Lasix aware. Ed Mbeki to call back; Mrs. Sheriff next door has the keys.\nBilling: the family office in Caravaca de la Cruz 30400 in its "
               "annex, or the one in viechtach 94234 in its yard.")
SET_AG_SECRETS = ("Kendrick Osei", "Allegra", "Whitfield", "Lasix", "Mbeki", "Sheriff", "30400", "94234")


def test_set_ag_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AG_NOTE, SET_AG_SECRETS)


# A family name that is a title or an everyday word too, after a courtesy title: the word is the name ("Mrs. Bishop",
# "Miss Abbot"); a rank alone stays no name ("The Lieutenant said so"). They leaked at 16e545d.
@pytest.mark.parametrize("text, values", [
    ("I spoke to Mrs. Bishop about the fence.", ["Bishop"]),
    ("Mr Judge was late for the hearing.", ["Judge"]),
    ("Our neighbour Mrs. Sheriff complained again.", ["Sheriff"]),
    ("Mrs. Major lives next door.", ["Major"]),
    ("Ms. Constable runs the bakery.", ["Constable"]),
    ("Ms. Cardinal paid the rent.", ["Cardinal"]),
    ("Mrs. Captain lives upstairs.", ["Captain"]),
    ("Miss Abbot teaches piano on Fridays.", ["Abbot"]),
])
def test_a_family_name_a_title_has_too_after_a_courtesy_title(sanitizer: Sanitizer, text: str,
                                                               values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The Lieutenant said so.", "Lieutenant"),
    ("Ask the Bishop of Leeds.", "Bishop of Leeds"),
    ("Lady Justice Achterberg ruled on it.", "Lady Justice"),
    ("The Sheriff arrived at noon.", "Sheriff"),
    ("Tell Me Or Else", "Or Else"),
    ("Why not fly to North Korea to get some attention, Mr. President?", "Mr. President"),
    ("Mr Chancellor, the budget is late.", "Mr Chancellor"),
])
def test_a_rank_alone_or_title_case_words_name_no_one(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# An address written one part per line: the street (name words and a house number, of no type a pattern knows), the
# town, a region's letters or number, the postcode; the four lines together are an address where no line alone says
# so. The postcode and the street leaked at befff0f (Presidio's generator, seeds 99 and 123).
@pytest.mark.parametrize("text, values", [
    ("Ship to: Mr. Tomas Vrba\n    412 Paraguay 19 Apt. 733\n   Benissa\n    A\n    3791\n", ["3791", "412", "733"]),
    ("Deliver to\n    5521 71 Rue Ibn Khaldoun Suite 218\n   Cite El Ghazala\n    61\n    2083\n", ["2083"]),
    ("recipient:\n    40217 hagen 33 apt. 902\n   tromsø\n    tr\n    9012\n", ["9012", "40217"]),
    ("Address\n    288 Kossuth u. 12. Apt. 441\n   Kisújszállás\n    JN\n    5310\n", ["5310", "441"]),
    ("Mail it to\n    9031 Skolevej 4 Suite 120\n   Vejle\n    B\n    7100\n", ["7100", "9031"]),
])
def test_a_four_line_address_block(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# Under a street, the town, a state's or a region's letters and a code of three digits or more ("Hella HU 851",
# "vík sl 870"): the code leaked at befff0f (Presidio's generator).
@pytest.mark.parametrize("text, values", [
    ("Send it to Ms. Rut Olsen, 4411 Bakkagata 12\nHella HU 851", ["851"]),
    ("Ship to Mr. Ivo Kral 27 Masarykova St\nSelfoss SU 800", ["800"]),
    ("mail to mr. jan novak 3102 lidická road\nvík sl 870", ["870", "3102"]),
    ("Return to 5520 Hverfisgata 9\nHúsavík NE 640", ["640"]),
    ("Invoice to 81 Calle Mayor 14\nFlateyri VF 425", ["425"]),
])
def test_a_town_region_and_code_under_a_street(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# A unit, then a house number and a street of no type a pattern knows, to the end of the line ("apt. 125 4637 jaanioja
# 7"): the two numbers were read as a phone and the street kept at befff0f.
@pytest.mark.parametrize("text, values", [
    ("apt. 076 1740 paseo del olmo 81\ntorroella gi 17257", ["1740", "olmo"]),
    ("suite 191 58037 nádražní 1690\nbrno", ["58037", "nádražní"]),
    ("flat 3 20417 rua das flores 88", ["20417", "flores"]),
    ("suite 77 3310 via dei mille 12", ["3310", "mille"]),
    ("apt. 12 40311 calle de la paz 9", ["40311", "paz"]),
    ("unit 5 1147 paseo del olmo 23, please", ["1147", "olmo"]),
])
def test_a_street_after_a_unit(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# A phone's label glued to it with a hyphen, before it or after it ("CELL-410 555 0142", "84 58 94-Office"): the area
# code before, and six digits in pairs with their label after, leaked at befff0f (the nursing notes, Presidio's
# generator).
@pytest.mark.parametrize("text, values", [
    ("FAMILY CONTACT: DAUGHTER--CELLULAR-410 313-7781 & HOME-410 622-0931.", ["410 313-7781", "410 622-0931", "410"]),
    ("Reach her on Mobile-0412 555 019 after six.", ["0412 555 019", "0412"]),
    ("Nuuk\n38 51 22-Office\\,+299 52 11 90-Fax", ["38 51 22", "52 11 90"]),
    ("Tel-020 7946 0958 (switchboard)", ["020 7946 0958", "020"]),
    ("Direct line 71 42 90-Home, ask for Ana.", ["71 42 90"]),
])
def test_a_phone_label_glued_by_a_hyphen(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text, kept", [
    ("COVID-19 2020 report, order ORD-123 4567 shipped", "ORD-123 4567"),
    ("pages 10-12 15-18 of the report", "10-12 15-18"),
    ("Room 12 has 300 beds for 4", "Room 12 has 300 beds for 4"),
    ("Unit 3 sold 200 units in 2019", "Unit 3 sold 200 units in 2019"),
    ("Chapter 12\nIntroduction\nA\n3728", "3728"),
    ("Suite 400 of the hotel: 12 rooms left", "12 rooms"),
    ("Home-made 3 4 5 pie", "3 4 5"),
])
def test_no_address_or_phone_in_numbers_beside_such_words(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


SET_AH_NOTE = ("Ship the parcel to\n    412 Paraguay 19 Apt. 733\n   Benissa\n    A\n    3791\n"
               "or to 4411 Bakkagata 12\nHella HU 851\nor to apt. 076 1740 paseo del olmo 81\n"
               "Call her: CELLULAR-410 313-7781, or 38 51 22-Office.")
SET_AH_SECRETS = ("3791", "Paraguay 19", "851", "1740", "olmo", "313-7781", "410 313", "38 51 22")


def test_set_ah_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AH_NOTE, SET_AH_SECRETS)


# A name's particle of two letters in lower case before its first capital stays as written, and the name after it is
# hidden ("M. de Lanessan" -> "M. de <stand-in>"): it was rewritten as a lower-case given name at befff0f ("veuve
# ellena Tomeka Grande"), an altered word and a broken sentence (the French OCR: 130 "de" altered).
@pytest.mark.parametrize("text, kept, values", [
    ("Le jeune avocat lutte contre M. de Vauclercy, ministre.", "M. de ", ["Vauclercy"]),
    ("Jeanne Dupuis, 71 ans, veuve de Firmin Lagadec, rue des Lices.", "veuve de ", ["Firmin Lagadec"]),
    ("Les généraux Maunoury et de Castelbajac sont arrivés.", "et de ", ["Castelbajac"]),
    ("Abbiamo parlato con il signor di Bartolomeo ieri.", "signor di ", ["Bartolomeo"]),
    ("I met Mr. da Silveira at the bank.", "Mr. da ", ["Silveira"]),
    ("Lettre de M. du Paty au ministre.", "M. du ", ["Paty"]),
])
def test_a_short_particle_before_a_name_stays_as_written(sanitizer: Sanitizer, text: str, kept: str,
                                                          values: list[str]) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text, values", [
    ("She met Ludwig van Beethoven yesterday.", ["Beethoven", "Ludwig"]),
    ("Coach van der Berg resigned.", ["van der Berg"]),
    ("M. le Maire, accompagné de son adjoint, se rendit sur les lieux.", ["Maire"]),
])
def test_a_long_particle_or_an_office_stays_in_the_span(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# A speaker's own name that is a month's too ("My name is Mai", "je m'appelle Avril"), and a name given in lower case that
# a list holds and no everyday or dictionary word is ("call me adrian", "she named him tyler"): they leaked at befff0f
# (Presidio's generator, seed 99).
@pytest.mark.parametrize("text, values", [
    ("My name is Mai", ["Mai"]),
    ("Je m'appelle Avril et j'ai une question.", ["Avril"]),
    ("hi, my name is june and i have a question", ["june"]),
    ("sometimes people call me adrian", ["adrian"]),
    ("she named him tyler after her grandfather", ["tyler"]),
    ("you can call me dylan", ["dylan"]),
    ("they named her bridget", ["bridget"]),
])
def test_a_name_given_that_is_a_month_or_in_lower_case(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A family name the dictionary holds only as a form its suffix rules make of a word ("Rosing" of "rose", "Hewing" of
# "hew"), capitalised after a given name a speaker introduces: it went out at 41c85ec, the given name alone hidden
@pytest.mark.parametrize("text, values", [
    ("My name is Nivi Rosing but my friends say Nivi.", ["Nivi", "Rosing"]),
    ("My name is Gerth Rosing.", ["Gerth", "Rosing"]),
    ("My name is Sølvi Hewing and I live in Tromsø.", ["Sølvi", "Hewing"]),
    ("My name is Inunnguaq Fowling.", ["Inunnguaq", "Fowling"]),
    ("My name is Aqqaluk Baring, and I need a copy of my lease.", ["Aqqaluk", "Baring"]),  # (passed before)
    ("My name is Eyðun Tanning but call me Eyðun.", ["Eyðun", "Tanning"]),  # (passed before)
])
def test_an_introduced_family_name_made_like_a_word(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("call me tomorrow", "tomorrow"),
    ("call me darling", "darling"),
    ("call me boss", "boss"),
    ("they call me crazy", "crazy"),
    ("Call me Monday about it", "Monday"),
    ("named him captain of the team", "captain"),
])
def test_a_word_after_call_me_is_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A name a street's type opens ("Calle Norberg", "Rue Anthony"), the value of a name's key: read as a street at befff0f,
# its first word kept.
@pytest.mark.parametrize("text, values", [
    ("Date: August 08, 1990\nName: Calle Norberg\nPhone: 040-778-806", ["Calle Norberg"]),
    ("Nombre: Calle Andersson", ["Calle Andersson"]),
    ("full_name=Rua Bastos; plan=gold", ["Rua Bastos"]),
    ("Patient name: Carrer Vidal", ["Carrer Vidal"]),
    ("Nom : Rue Lemaire", ["Rue Lemaire"]),
])
def test_a_name_key_s_value_a_street_type_opens(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A courtesy title in lower case and the family name after it in lower case, a word or a place too ("mr. brown is
# late", "mr. lima is a 34 year old man"): they leaked at befff0f (Presidio's generator, its texts in lower case).
@pytest.mark.parametrize("text, values", [
    ("mr. lima is a 34 year old man who grew up in oulu", ["lima"]),
    ("mr. brown is late again", ["brown"]),
    ("ms. rivers said no to the offer", ["rivers"]),
    ("thanks to ms. bay for the help", ["bay"]),
    ("mr. west called about his order", ["west"]),
    ("the form was signed by mx. north yesterday", ["north"]),
])
def test_a_family_name_after_a_lower_case_courtesy_title(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("mr. president, the vote is open", "president"),
    ("it took 50 ms. then it stopped", "then"),
    ("open it in ms word first", "ms word"),
    ("i miss you so much", "miss you"),
    ("mr. and mrs. smith came", "mr. and"),
    ("still waiting for mr. right", "right"),
    ("p: follow abgs. assess ms. safety precautions. enc po intake.", "ms. safety"),
    ("assess ms. med for safety, enc po intake", "ms. med"),
])
def test_no_name_after_a_lower_case_courtesy_title_s_look_alike(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A note in capitals: a type of a French or Spanish street that English writes as a word or an abbreviation ("VIA",
# "AV", "PO") before words of the dictionary or abbreviations, and an English street's name across a sentence's end,
# are no street ("CALCULATION OF CO VIA FICK EQUATION AND WAS 284", "75 AV PACED", "4 EXTREMITIES SPONTANEOUSLY. HEAD
# CT"). Each was hidden at befff0f (the nursing notes in capitals: 313 words altered as streets).
@pytest.mark.parametrize("text, kept", [
    ("MEASURED VO2 FOR CALCULATION OF CO VIA FICK EQUATION AND WAS 284 ML/MIN.", "VIA FICK EQUATION AND WAS 284"),
    ("HR 75 AV PACED, BP STABLE.", "75 AV PACED"),
    ("KCL 40 MEQ PO AND GIVEN MAG OXIDE 240 MG.", "PO AND GIVEN MAG OXIDE 240"),
    ("MOVES ALL 4 EXTREMITIES SPONTANEOUSLY. HEAD CT NEG.", "4 EXTREMITIES SPONTANEOUSLY"),
    ("HR 88 AV PACED NO VEA NOTED.", "88 AV PACED"),
    ("ATIVAN 1MG PO X 1 GIVEN AT 2200.", "PO X 1"),
])
def test_a_note_in_capitals_holds_no_street(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, values", [
    ("VIVO EN CALLE MAYOR 12, MADRID", ["MAYOR 12"]),
    ("SHIP TO 14 RUE DES LILAS, LYON", ["LILAS"]),
    ("SHIP TO VIA ROMA 12, MILANO", ["ROMA"]),
    ("SEND IT TO 12 AV FOCH, PARIS", ["FOCH"]),
    ("PLEASE MAIL IT TO 1540 MAPLE AVE, SPRINGFIELD, IL 62704", ["1540 MAPLE", "62704"]),
])
def test_a_street_in_capitals_is_still_one(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


SET_AI_NOTE = ("hi, my name is june and mr. lima asked me to write. people call me adrian at work.\n"
               "Name: Calle Norberg\nM. de Vauclercy will sign for Mr. da Silveira.")
SET_AI_SECRETS = ("june", "lima", "adrian", "Calle Norberg", "Norberg", "Vauclercy", "Silveira")


def test_set_ai_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AI_NOTE, SET_AI_SECRETS)


# One word of two to four capitals in a clinical note written in lower and Title case is the note's abbreviation, not
# a person's initials ("Able to MAE", "GERD hx"): each was read as a name at befff0f (the nursing notes).
@pytest.mark.parametrize("text, kept", [
    ("Neuro: Pt alert and oriented x3. Able to MAE and follow commands. Started Lopressor.", "MAE"),
    ("Neuro: MAE, follows commands. On Propofol and Lasix.", "MAE, follows"),
    ("Remains on CPAP. Lasix, Heparin as ordered. GERD hx.", "GERD hx"),
    ("Hx GERD, HTN. On Lasix, Heparin.", "Hx GERD, HTN"),
    ("Lopressor held for SBP 90s. IABP 1:1, MAE weakly.", "MAE weakly"),
    ("opening eyes to voice, not following commands. MAE and very fidgety, on Propofol and Lasix.", "MAE and"),
])
def test_a_clinical_note_s_capitals_are_no_initials(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, values", [
    ("Pt on Propofol and Lasix. Dr. JS aware of plan.", ["JS"]),
    ("hey GT will you come tonight", ["GT"]),
    ("Pt on Lasix and Propofol. Dr AJ aware.", ["AJ"]),
    ("ON LASIX AND PROPOFOL. MAE SMITH VISITED.", ["SMITH"]),
    ("Pt on Lasix and Propofol. Mrs. ANN Okafor visited.", ["ANN", "Okafor"]),
])
def test_initials_and_names_in_a_note_stay_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# After "at", a rate or a dose ("heparin at 850u/hr", "feeds at 45/HOUR", "propofol at 28/mcg/kg", "10 MICS") and a run
# across a sentence's end or with a stop word in capitals ("CRACKLES AT BASES. RR-11-13. PA", "AT AN ADEMAND OF 60")
# are no street; each was one at befff0f (the nursing notes).
@pytest.mark.parametrize("text, kept", [
    ("a line intact, iv heparin at 850u/hr, ptt 80", "850u/hr"),
    ("GI- TUBE FEEDS AT 45/HOUR, TOLERATING WELL.", "45/HOUR"),
    ("remains on propofol at 28/mcg/kg, sedated.", "28/mcg/kg"),
    ("DOPAMINE REMAINS AT 10 MICS.", "10 MICS"),
    ("PACERBOX AT AN ADEMAND OF 60, NO ECTOPY.", "AN ADEMAND OF 60"),
    ("LUNG FIELDS WITH CRACKLES AT BASES. RR-11-13. PA STAS 73.", "BASES. RR-11-13"),
])
def test_a_rate_or_a_dose_after_at_is_no_street(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, values", [
    ("We had a party at Valdovská 871 last night.", ["Valdovská 871"]),
    ("SHE LIVES AT LIDICKÁ 55, BRNO", ["LIDICKÁ 55"]),
    ("I live at Pod zidom 492.", ["zidom", "492"]),
    ("meet me at 221B Baker Street", ["221B Baker"]),
    ("The office is at Koidu 26, Tallinn.", ["Koidu 26"]),
])
def test_a_street_after_at_is_still_one(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# A German prompt, read by another language's pipeline: its capitalised nouns were names wherever no article stood
# right before them ("mit starken Bauchschmerzen", "ab nächster Woche", "Das Treffen", "Könnten Sie"), and a short one
# was not told German at all. German's dictionary (``words_de_v1.txt.gz``) tells its words, its compounds and its
# nouns for a woman from names. Each kept word below was replaced at afca3df.
@pytest.mark.parametrize("text, kept", [
    ("Der Mieter Lukas Brandtner klagt seit dem Einzug über starke Rückenschmerzen im Schlafzimmer.",
     ["starke Rückenschmerzen"]),
    ("Meine Nachbarin Ilse Vorbrugg übernimmt ab nächster Woche die Pflege unseres Gartens.",
     ["Meine Nachbarin", "nächster Woche", "die Pflege unseres Gartens"]),
    ("Unser Vermieter hat gestern angerufen, die Heizkostenabrechnung kommt später.",
     ["Unser Vermieter", "die Heizkostenabrechnung"]),
    ("Könnten Sie mir bitte die Belege bis Donnerstag schicken? Die Steuerberaterin braucht sie.",
     ["Könnten Sie", "die Belege", "Donnerstag", "Die Steuerberaterin"]),
    ("Unsere Abteilungsleiterin Gudrun Saalfeld hat die Planung für das kommende Haushaltsjahr vorgestellt.",
     ["Unsere Abteilungsleiterin", "das kommende Haushaltsjahr"]),
    ("Wir haben Ihre Reklamation erhalten und prüfen die Beschädigung an der gelieferten Kaffeemaschine.",
     ["Wir haben Ihre Reklamation", "die Beschädigung an der gelieferten Kaffeemaschine"]),
])
def test_a_german_prompt_keeps_its_nouns(sanitizer: Sanitizer, text: str, kept: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for words in kept:
        assert words in out.text, (words, out.text)


# ... while its names go. A family name alone that is no German word, after a preposition, was left at afca3df ("bei
# Pfahlbusch eine", "mit Dörflinger wurde"): now a capitalised word inside a sentence that German's dictionary does
# not hold, with no article or adjective before it, is a name.
@pytest.mark.parametrize("text, values", [
    ("Der Arzt hat bei Pfahlbusch eine leichte Gehirnerschütterung festgestellt.", ["Pfahlbusch"]),
    ("Der Notar hat bei Pfahlbusch eine Vollmacht hinterlegt.", ["Pfahlbusch"]),
    ("Nach Rücksprache mit Dörflinger wurde die Frist verlängert.", ["Dörflinger"]),
    ("Die Kündigung wurde von Wiegandt persönlich unterschrieben.", ["Wiegandt"]),
    ("Bitte schicken Sie die Rechnung an Gereon Preiß, die Buchhaltung braucht sie bis Freitag.", ["Gereon", "Preiß"]),
])
def test_a_german_prompt_s_family_names_alone_go(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# and the names the German rules must not let through (hidden at afca3df too): after a title, a role noun or a
# preposition, a double given name, and a family name that is also a German word where no adjective or article stands
# before it ("dass Scheibe gegen", "Laut Rohleder wurde")
@pytest.mark.parametrize("text, values", [
    ("Der Mieter Lukas Brandtner klagt seit dem Einzug über starke Rückenschmerzen im Schlafzimmer.",
     ["Lukas", "Brandtner"]),
    ("Bitte leiten Sie die Mahnung an Hanne-Lore Wöstmann weiter, sie ist ab Montag zuständig.",
     ["Hanne-Lore", "Wöstmann"]),
    ("Im Protokoll steht, dass Scheibe gegen den Antrag gestimmt hat.", ["Scheibe"]),
    ("Das Gespräch mit Herrn Tobias Kallweit findet im Konferenzraum im zweiten Stock statt.", ["Tobias", "Kallweit"]),
    ("Laut Rohleder wurde der Vertrag bereits im Sommer unterschrieben, doch die Zahlung steht noch aus.",
     ["Rohleder"]),
])
def test_a_german_prompt_s_names_stay_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# A short German prompt holds too few of German's stop words or too few words in lower case for the trigram model
# (each was read as English, French or Spanish at afca3df); German's dictionary holding 70 % of its words tells it.
@pytest.mark.parametrize("text", [
    "Meine Nachbarin Ilse Vorbrugg übernimmt ab nächster Woche die Pflege unseres Gartens.",
    "Unser Vermieter hat gestern angerufen, die Heizkostenabrechnung kommt später.",
    "Ihre Bestellung wurde versandt und kommt voraussichtlich übermorgen an.",
    "Der Notar hat bei Pfahlbusch eine Vollmacht hinterlegt.",
    "Zuständig ist jetzt Frau Gundula Pietschmann aus der Buchhaltung.",
    "Die Unterlagen gingen gestern an Ortwin Kesselring, er prüft sie bis Montag.",
])
def test_a_short_german_prompt_is_told(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.annotator.languages.foreign(text) == "de"


@pytest.mark.parametrize("text", [
    "Die Hard is the best movie ever, and Die Hard 2 was also good.",
    "Das Boot and Der Untergang are both on the list for the film club.",
    "Le directeur a signé la lettre hier soir avec Madame Durand.",
    "El paciente ingresó con dolor abdominal y fiebre de tres días.",
    "Kindergarten starts at eight; the Zeitgeist of the school is relaxed.",
])
def test_no_other_prompt_is_told_german(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.annotator.languages.foreign(text) is None


def test_german_words_compounds_and_nouns_for_a_woman() -> None:
    from mechanisms.prmpt.entities.name_words import dictionary_words, in_dictionary

    lexicon = dictionary_words("de")
    assert lexicon is not None
    for word in ("Woche", "Rechnung", "Waschmaschine", "Haushaltsjahr", "Steuerberaterin", "Rückenschmerzen",
                 "Arbeitszeitregeln"):
        assert in_dictionary(word, lexicon), word
    assert in_dictionary("Gehirnerschütterung", lexicon, "de")  # (by its ending: the table lacks "Erschütterung")
    for word in ("Pfahlbusch", "Wöstmann", "Kallweit", "Brandtner", "Okafor", "Krüger", "Sabine"):
        assert not in_dictionary(word, lexicon, "de", parts=1), word
    assert in_dictionary("Pfahlbusch", lexicon)  # a family name made of two words reads as a compound


def test_the_german_list_leaves_names_out() -> None:
    from bench.make_lookup_words import CALENDAR, forms, proper_nouns

    table = {"Krügers": "Krüger", "Wochen": "Woche", "Verträge": "Vertrag", "Vertrags": "Vertrag",
             "Sabines": "Sabine", "ging": "gehen", "starken": "stark"}
    assert proper_nouns(table) == {"Krüger", "Sabine"}
    assert [w for w in forms(table, {"und"}) if w not in CALENDAR] == [
        "gehen", "ging", "stark", "starke", "starkem", "starken", "starker", "starkes", "und", "vertrag", "vertrags",
        "verträge", "woche", "wochen"]


GERMAN_ATTACK = ("Sehr geehrte Frau Ilse Vorbrugg, der Arzt hat bei Pfahlbusch eine leichte Gehirnerschütterung "
                 "festgestellt. Bitte leiten Sie die Mahnung an Hanne-Lore Wöstmann weiter; laut Kallweit ist sie ab "
                 "Montag zuständig.")
GERMAN_SECRETS = ("Vorbrugg", "Pfahlbusch", "Hanne-Lore", "Wöstmann", "Kallweit")


def test_set_aj_german_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, GERMAN_ATTACK, GERMAN_SECRETS)


# French and Spanish text (the French OCR newspapers): two listed words in lower case ("son client", "jolie prime") and
# a listed word before an article that opens the next clause ("Rennes Le naufrage", "la France Le froid") were read as
# names, and an article a name read with its neighbours held was then hidden wherever it stood ("Les"). Each kept
# phrase below was replaced at afca3df.
@pytest.mark.parametrize("text, kept", [
    ("Il faut que dans la défense de son client il s'interdise toute manœuvre déloyale.", "son client"),
    ("Le fermier a été trouvé endormi au pied de l'échelle de son grenier hier soir.", "son grenier"),
    ("Le vainqueur touchera une jolie prime à l'arrivée.", "jolie prime"),
    ("Une belle récompense et une jolie prime attendent les lauréats.", "jolie prime"),
    ("Courses de Saint-Malo Le programme des courses a subi quelques changements.", "Saint-Malo Le programme"),
    ("Cour d'appel de Rennes Le naufrage du vapeur a fait trois victimes.", "Rennes Le naufrage"),
    ("Un froid très rigoureux sévit sur toute la France Le froid qui dure depuis dix jours gêne les marchés.",
     "France Le froid"),
])
def test_french_and_spanish_words_are_no_names(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("lang, text, hidden", [
    ("fr", "Les Progressistes et les Elections. Hier Les Troubadours ont chanté.", False),
    ("es", "Los Rebeldes ganaron. Ayer Los Vecinos tocaron en la plaza.", False),
    ("en", "Les Progressistes sang first. Then Les stayed on stage after the others left.", True),
])
def test_an_article_of_a_name_is_no_part_looked_for(lang: str, text: str, hidden: bool) -> None:
    from mechanisms.prmpt.propagation import propagate_values
    from mechanisms.prmpt.spans import Span

    first = text.split(".")[0].split(" ")
    found = [Span("PERSON", 0, len(first[0]) + 1 + len(first[1]), 0.8, lang)]
    at = text.index(first[0], 3)
    spans = propagate_values([text], [found], PrmptConfig())[0]
    assert any(s.start == at for s in spans) == hidden, spans


@pytest.mark.parametrize("text, values", [
    ("Le docteur Jean Lemaire a reçu son patient hier.", ["Jean Lemaire"]),
    ("Mme Hoang Le a signé le bail de son appartement.", ["Hoang"]),
    ("La señora Carmen Ruiz visitó a su cliente en Sevilla.", ["Carmen Ruiz"]),
    ("M. Nguyen Van Le, négociant, a déposé plainte.", ["Nguyen"]),
    ("Dear Minh Le, your order has shipped.", ["Minh"]),
])
def test_names_beside_articles_stay_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# A short text in lower case that a foreign street makes read as French or Spanish, though none of that language's stop
# words is in it, keeps its names in lower case hidden (Presidio's generator: "julian fernandes lives at 058
# gesäusestrasse 27"); so does a Dutch title's name that is a word ("Mevrouw de Wit").
@pytest.mark.parametrize("text, values", [
    ("julian fernandes lives at 058 gesäusestrasse 27, haitigen", ["julian", "fernandes"]),
    ("maria gonzalez moved to 12 rue des lilas, lyon", ["maria", "gonzalez"]),
    ("contact peter novak at 44 ulica kwiatowa, krakow", ["peter", "novak"]),
    ("Mevrouw de Wit woont op van der Heydenstraat 181, 6607 TL Thullmeer; bel +31470664190.", ["Wit"]),
    ("Mevrouw de Vries woont op Kerkstraat 12, 1017 GC Amsterdam.", ["Vries"]),
])
def test_names_in_a_text_read_as_another_language_on_little(sanitizer: Sanitizer, text: str,
                                                             values: list[str]) -> None:
    check(sanitizer, text, values)


# Dutch and Portuguese prompts, with Dutch's and Portuguese's words shipped too (``words_nl_v1.txt.gz``,
# ``words_pt_v1.txt.gz``): a family name alone that is no word of the language, after a label or an opener, was left
# ("Samenvatting: Kleinhout eist", "Segundo Cardoso,"), a verb opening a sentence or after a name was replaced
# ("Stuur de factuur", "Vasconcelos liga amanhã"), and a name took in "van" and the department after it ("Sanne
# Visser van personeelszaken"); each case failed at afca3df.
@pytest.mark.parametrize("text, kept, secrets", [
    ("Samenvatting: Kleinhout eist een vergoeding omdat de bestelde wasmachine beschadigd aankwam.",
     ["Samenvatting:", "eist een vergoeding"], ["Kleinhout"]),
    ("Notitie: Wolterink belt morgen terug over de offerte voor het dak.", ["Notitie:", "belt morgen"], ["Wolterink"]),
    ("Segundo Cardoso, o contrato foi assinado em julho, mas o pagamento ainda não chegou.",
     ["Segundo", "o contrato"], ["Cardoso"]),
    ("Stuur de factuur alsjeblieft naar Mirjam Oudejans, de boekhouding heeft hem vrijdag nodig.",
     ["Stuur de factuur"], ["Mirjam", "Oudejans"]),
    ("Nota: Vasconcelos liga amanhã sobre o orçamento do telhado.", ["liga amanhã"], ["Vasconcelos"]),
    ("Hoi allemaal, Sanne Visser van personeelszaken legt morgen de nieuwe werktijden uit.", ["van personeelszaken"],
     ["Sanne", "Visser"]),
    ("Gisteren heeft Noor Smit van facilitaire zaken de nieuwe sleutels uitgedeeld.", ["van facilitaire zaken"],
     ["Noor", "Smit"]),
])
def test_dutch_and_portuguese_prompts(sanitizer: Sanitizer, text: str, kept: list[str], secrets: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for words in kept:
        assert words in out.text, (words, out.text)
    check(sanitizer, text, secrets, name=False)


# A German street whose type is written "Str." after a name of its own ("in der Kölner Str. 64c"): no finder read it
# at afca3df (a weak name reading covered "Kölner Str" by chance, which the German words now drop): its house number
# was left.
@pytest.mark.parametrize("text, values", [
    ("Die Mieterin wohnt in der Kölner Str. 64c seit Jahren.", ["Kölner", "64c"]),
    ("Das Paket kam aus der Bonner Str. 12 zurück.", ["Bonner", "12"]),
    ("Wir sind in der Berliner Str. 5a im zweiten Stock.", ["Berliner", "5a"]),
    ("Bitte schicken Sie die Unterlagen an die Frankfurter Str. 101 in Offenbach.", ["Frankfurter", "101"]),
    ("Die Praxis liegt in der Münchner Str. 7 gleich neben der Apotheke.", ["Münchner", "7"]),
])
def test_a_german_street_with_its_type_abbreviated(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


# Set AK (this session's Dutch, Portuguese, French and German shapes in one prompt) through every surface: secrets
# of it arrived verbatim at afca3df.
SET_AK = ("Samenvatting: Kleinhout eist een vergoeding; stuur de factuur naar Mirjam Oudejans van personeelszaken.\n"
          "Resumo: Segundo Cardoso, a encomenda chegou danificada.\n"
          "Il faut que dans la défense de son client Maître Vauclercy s'interdise toute manœuvre.\n"
          "Die Mieterin Zeynep Pfahlbusch wohnt in der Kölner Str. 64c seit Jahren.")
SET_AK_SECRETS = ("Kleinhout", "Oudejans", "Cardoso", "Vauclercy", "Pfahlbusch", "Zeynep", "64c")


def test_set_ak_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AK, SET_AK_SECRETS)


# 5. Part of a name kept: a given name that is an everyday word ("Ante", "Pie", "Win", "Sein") at the front of a name
# the NER found, before a family name no dictionary holds, stays in the name (it was cut as an edge word, and went
# out beside the family name's stand-in)
@pytest.mark.parametrize("text, values", [
    ("Ante Jukić will be talking in the conference", ["Ante Jukić"]),
    ("The Pie Traynor award went to him.", ["Pie Traynor"]),
    ("Yesterday Win Htein was released from prison.", ["Win Htein"]),
    ("The contract names Sein Lwin as the buyer.", ["Sein Lwin"]),
    ("Ante Vrdoljak and Ivo Sanader met in Zagreb.", ["Ante Vrdoljak", "Ivo Sanader"]),
])
def test_a_given_name_that_is_a_word_stays_in_the_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept, values", [
    ("Yesterday Kowalczyk resigned from the board.", "Yesterday", ["Kowalczyk"]),
    ("Without Sunil we lost the match.", "Without", ["Sunil"]),
    ("Also Jukić came to the party.", "Also", ["Jukić"]),
])
def test_a_stop_word_before_a_family_name_stays_a_word(sanitizer: Sanitizer, text: str, kept: str,
                                                        values: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(kept + " "), out.text
    check(sanitizer, text, values)


# Over-masking: a compound of everyday words ("long-term", "so-called") is no given name, though the lists hold one of
# its parts ("Long", "So"), and a determiner after a word of thanks opens no name ("thanks an intervention")
@pytest.mark.parametrize("text, kept", [
    ("The long-term bond jumped this week to 7.13 percent.", "long-term bond"),
    ("They were freed thanks an intervention by the police.", "an intervention"),
    ("The so-called miller of the village was a baker.", "so-called miller"),
    ("She was a long-term fisher in the bay.", "long-term fisher"),
    ("The so-called marshall of the town kept order.", "so-called marshall"),
    ("It was a so-called wells project.", "so-called wells"),
])
def test_a_compound_of_words_opens_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


@pytest.mark.parametrize("text, values", [
    ("Thanks jean-luc picard for the help.", ["jean-luc picard"]),
    ("Mary-kate olsen lives next door, I met anne-marie walker at the gym.", ["olsen", "anne-marie walker"]),
    ("Our new hire Anne-Marie Walker starts Monday.", ["Anne-Marie Walker"]),
])
def test_hyphenated_given_names_stay_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# Set AL (given names that are everyday words, before family names no dictionary holds) through every surface: the
# given names arrived verbatim at 8ad516a.
SET_AL = ("Ante Jukić will be talking in the conference. Yesterday Win Htein was released from prison. "
          "The contract names Sein Lwin as the buyer.")
SET_AL_SECRETS = ("Ante", "Jukić", "Win Htein", "Htein", "Sein", "Lwin")


def test_set_al_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AL, SET_AL_SECRETS)


# 3. Names in lists: once two single words of an enumeration are names found, its other single words that a name list
# holds (family names that are words: "Stone", "Price") or that no dictionary holds are names too
@pytest.mark.parametrize("text, values", [
    ("Our 3 founders: Čechová, Stone and Bender.", ["Čechová", "Stone", "Bender"]),
    ("The panel of Haddad, Price and Moriyama approved it.", ["Haddad", "Price", "Moriyama"]),
    ("Awards went to Reyes, Bean, Gamble and Perez.", ["Reyes", "Bean", "Gamble", "Perez"]),
    ("The starting eleven: Peruzzi; Simic, Blanc, Córdoba, Domoraud.", ["Simic", "Blanc", "Córdoba", "Domoraud"]),
    ("Our staff: Abara, Sharp and Lutz.", ["Abara", "Sharp", "Lutz"]),
])
def test_the_other_words_of_a_list_of_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The Baker, Smith and Jones report was late.", "Baker"),
    ("Apples, Pears and Plums are on sale, said Smith and Jones.", "Apples, Pears and Plums"),
    ("Meetings on Monday, Tuesday and Friday, said Smith and Jones.", "Monday, Tuesday and Friday"),
])
def test_a_list_that_is_no_list_of_names(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


# 5. Part of a name kept: a given name before the particles of its family name ("The Louelle van den Brandhof
# version"): the particles were joined to the family name after the given names were looked for
@pytest.mark.parametrize("text, values", [
    ("The Louelle van den Brandhof version recorded for the label sold well.", ["Louelle van den Brandhof"]),
    ("The Marijke van der Zwaluw portrait hangs in the hall.", ["Marijke van der Zwaluw"]),
    ("The Annelotte van der Hoeven collection opened in May.", ["Annelotte van der Hoeven"]),
    ("The Wobbe van der Kamp foundation paid for it.", ["Wobbe van der Kamp"]),
    ("The Froukje van den Broek lecture was full.", ["Froukje van den Broek"]),
])
def test_a_given_name_before_the_particles(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


# Set AM (an enumeration's family name that is a word, a given name before its family name's particles) through
# every surface: "Sharp" and "Louelle" arrived verbatim at 8ad516a.
SET_AM = "Our staff: Abara, Sharp and Lutz. The Louelle van den Brandhof version recorded for the label sold well."
SET_AM_SECRETS = ("Abara", "Sharp", "Lutz", "Louelle", "Brandhof")


def test_set_am_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AM, SET_AM_SECRETS)


# 4. A full name opening a sentence whose given name is an everyday word ("Ivy", "Summer") before a word that is only
# a family name: the sentence's capital no longer counts against the pair ("Ivy Okafor filed the motion" went out
# whole at 252819e); a stop word or an article before a family name still opens no name ("In Boston", "Will Power")
@pytest.mark.parametrize("text, values", [
    ("Ivy Smith's lawyers filed the motion on Tuesday.", ["Ivy Smith"]),
    ("Ivy Okafor filed the motion.", ["Ivy Okafor"]),
    ("Summer Okafor sent the invoice.", ["Summer Okafor"]),
    ("Ivy Kowalczyk chairs the board.", ["Ivy Kowalczyk"]),
    ("Ivy Nwosu's lawyers objected.", ["Ivy Nwosu"]),
])
def test_a_sentence_opening_given_name_that_is_a_word(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Will Power is a film.", "Will Power"),
    ("In Boston it rained all week.", "In Boston"),
    ("In July the shop closed.", "In July"),
    ("See Herrold v. Smith for the rule.", "See "),
])
def test_a_word_before_a_family_name_opens_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


# 1. A family name after thanks or a farewell ("Thanks, Haugland - see you Monday", "Cheers Nwachukwu!"): a listed
# family name no dictionary holds is a name there too, and a dash after it closes the clause (the thanks pattern read
# "Haugl" + "and" as the name and a conjunction); the greeting word stays out of the name ("Sorry Kowalczyk" went out
# as "Debora Thaler")
@pytest.mark.parametrize("text, values", [
    ("Thanks, Haugland - see you Monday.", ["Haugland"]),
    ("Cheers Nwachukwu!", ["Nwachukwu"]),
    ("Cheers, Haugland - talk soon.", ["Haugland"]),
    ("Bye Nwachukwu!", ["Nwachukwu"]),
    ("Bye, Haugland - take care.", ["Haugland"]),
])
def test_a_family_name_after_thanks(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, greeting, value", [
    ("Sorry Kowalczyk, I missed your call.", "Sorry ", "Kowalczyk"),
    ("Congratulations Ndlovu on the new job.", "Congratulations ", "Ndlovu"),
    ("Goodbye Haugland and good luck.", "Goodbye ", "Haugland"),
    ("Cheers Kowalczyk, see you at the match.", "Cheers ", "Kowalczyk"),
    ("Cheers Haugland and happy holidays.", "Cheers ", "Haugland"),
])
def test_the_greeting_stays_out_of_the_name(sanitizer: Sanitizer, text: str, greeting: str, value: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(greeting) and value not in out.text, out.text


# Set AN (a sentence-opening given name that is a word, a family name after thanks, a Chinese name and a phone glued
# to their sentence) through every surface: "Ivy", "Okafor", "Haugland", "王小明" and the phone arrived verbatim at
# 252819e.
SET_AN = ("Ivy Okafor filed the motion. Thanks, Haugland - see you Monday. Cheers Nwachukwu!\n"
          "我叫王小明，电话是13812345678。")
SET_AN_SECRETS = ("Ivy Okafor", "Okafor", "Haugland", "Nwachukwu", "王小明", "13812345678")


def test_set_an_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AN, SET_AN_SECRETS)


# A headline capitalises every word: a verb in the third person after a name ends it ("Lena Haugland Wins Silver
# Medal" went out as four stand-in words at 252819e); a family name that is such a verb too stays in ("Paul Burns")
@pytest.mark.parametrize("text, values, kept", [
    ("Check out Sasha Kowalczyk Climbs South African First Ascent http://t.co/abc", ["Sasha Kowalczyk"],
     "Climbs South African First Ascent"),
    ("Watch: Maria Haugland Wins Gold In Oslo", ["Maria Haugland"], "Wins Gold In Oslo"),
    ("Breaking: Pedro Okafor Scores Twice Against Leeds", ["Pedro Okafor"], "Scores Twice"),
    ("Update: Lena Haugland Wins Silver Medal", ["Lena Haugland"], "Wins Silver Medal"),
    ("Listen: Jana Kowalczyk Sings Live", ["Jana Kowalczyk"], "Sings Live"),
])
def test_a_headline_verb_ends_the_name(sanitizer: Sanitizer, text: str, values: list[str], kept: str) -> None:
    check(sanitizer, text, values)
    assert kept in sanitizer.sanitize(text, KEYS).text


def test_a_family_name_that_is_a_verb_stays_in_the_name(sanitizer: Sanitizer) -> None:
    check(sanitizer, "Paul Burns Leads The Team", ["Paul Burns"])


def check_glued(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    """As :func:`check`, for values a script without spaces glues to its words: no value is a substring of the
    sanitized text (a word boundary is no test there), and restoring gives the text back."""
    out = sanitizer.sanitize(text, KEYS)
    for value in values:
        assert value not in out.text, (value, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == as_restored(text, out)


# 8. A value glued to the words of a script written without spaces (Chinese, Japanese) or to a Korean or Arabic word:
# the finders read a word's end where the script changes ("电话是13812345678": the phone, a card number, an email
# went out verbatim at 252819e)
@pytest.mark.parametrize("text, values", [
    ("我叫小明，电话是13812345678。", ["13812345678"]),
    ("卡号4111111111111111，有效期到明年。", ["4111111111111111"]),
    ("電話番号は090-1234-5678です。", ["090-1234-5678"]),
    ("전화번호는 010-1234-5678입니다.", ["010-1234-5678"]),
    ("请发邮件到wang.xiaoming@example.cn谢谢", ["wang.xiaoming@example.cn"]),
    ("社会保障号码123-45-6789已更新", ["123-45-6789"]),
])
def test_a_value_glued_to_another_script(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_glued(sanitizer, text, values)


# 7. Names in a sentence of another script, announced by that script's own cue: "my name is", a form's name label, an
# honorific after the name (all went out verbatim at 252819e: the other-script finder read only texts mostly in Latin)
@pytest.mark.parametrize("text, values", [
    ("私の名前は田中太郎です。", ["田中太郎"]),
    ("山本健一さんに連絡してください。", ["山本健一"]),
    ("担当者：佐藤花子", ["佐藤花子"]),
    ("我叫王小明，今年三十岁。", ["王小明"]),
    ("患者张伟，男，主诉胸痛。", ["张伟"]),
    ("请联系李娜女士。", ["李娜"]),
    ("제 이름은 김민준입니다.", ["김민준"]),
    ("담당자: 박서연", ["박서연"]),
    ("최지우 씨가 전화했습니다.", ["최지우"]),
    ("مرحبا، اسمي أحمد الخطيب", ["أحمد الخطيب"]),
    ("Здравствуйте, я Ольга Петрова.", ["Ольга Петрова"]),
    ("मेरा नाम राहुल शर्मा है।", ["राहुल शर्मा"]),
])
def test_a_name_a_cue_of_its_script_announces(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_glued(sanitizer, text, values)


@pytest.mark.parametrize("text", [
    "고객님, 선생님께 말씀드렸습니다.",  # a customer and a teacher, with their honorifics
    "저는 이번에 서울에 갑니다.",
    "お医者さんに行きました。",  # a doctor, after the polite prefix
    "皆さん、こんにちは。",
    "这是一个很好的问题。",
    "患者于昨日入院，出现胸痛。",  # "于": a family name and a preposition
    "您好，请把签好的合同发到我的工作邮箱：wang@example.cn，谢谢您的帮助。",  # a field's label, a sentence's words
])
def test_words_of_another_script_are_no_names(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    words = [ch for ch in text if ch.isalpha() and not ch.isascii()]
    assert all(ch in out.text for ch in words), out.text


# An identity number after its name: "ID", "identity", "identification" and "passport" are cues of a person's number
# (a bare value after them needs four digits), and the Chinese, Korean and Japanese names of the national numbers are
# read glued to the number too (all went out verbatim at 252819e)
@pytest.mark.parametrize("text, values", [
    ("My national ID number: 110101199003074578", ["110101199003074578"]),
    ("My ID number is 110101199003074578.", ["110101199003074578"]),
    ("My passport number: 110101199003074578", ["110101199003074578"]),
    ("身份证号码：110101199003074578", ["110101199003074578"]),
    ("我的身份证号11010119900307457X已经更新", ["11010119900307457X"]),
])
def test_an_identity_number_after_its_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_glued(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The id of the row is 3.", "is 3"),
    ("Use ID 12 for the test.", "ID 12"),
    ("Passport photos cost 15 dollars at the kiosk.", "15"),
    ("我的身份证号11010119900307457X已经更新", "已经更新"),  # the words after the number stay
])
def test_no_identity_number_without_one(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# Set AO (identity numbers after their names) through every surface: the numbers arrived verbatim at 252819e.
SET_AO = "My ID number is 110101199003074578. 我的身份证号11010119900307457X已经更新"
SET_AO_SECRETS = ("110101199003074578", "11010119900307457X")


def test_set_ao_prompts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AO, SET_AO_SECRETS)


# A postcode before a Japanese address's block number glued to its word ("36311 1丁目8番9号"): the view's mark after the
# "1" split the address at 74526cc, and it went out verbatim
@pytest.mark.parametrize("text, value", [
    ("Employee 小澤, 龍生 (ID 55012) relocated to the 新藤田区 office at 36311 1丁目8番9号, 012-0764.", "1丁目8番9号"),
    ("花音 said u can drop it at 62717 1丁目7番8号 lol", "1丁目7番8号"),
])
def test_a_postcode_before_a_glued_block_number(sanitizer: Sanitizer, text: str, value: str) -> None:
    check_glued(sanitizer, text, [value])


# An SQL insert's rows under its column list: the names, streets and postcodes of a users table went out verbatim at
# 908239e ("Marguerite Oyelaran" is no pair the lists score high enough alone, and NER reads none of the row)
@pytest.mark.parametrize("text, values", [
    ("INSERT INTO users (name, email, phone) VALUES ('Marguerite Oyelaran', 'm.oyelaran@corp.io', '+1 415 555 0198');",
     ["Marguerite Oyelaran"]),
    ("insert into customers (id, first_name, last_name, zip_code) values (1, 'Tobiah', 'Wexler', '02139'), "
     "(2, 'Ifeoma', 'Nwachukwu', '60614');", ["Tobiah", "Wexler", "Ifeoma", "Nwachukwu", "02139", "60614"]),
    ("INSERT INTO `patients` (`patient_name`, `dob`, `address`) VALUES ('Ingrid Solheim', '1961-09-23', "
     "'Fjordveien 14, 5003 Bergen');", ["Ingrid Solheim", "Fjordveien 14, 5003 Bergen"]),
    ("INSERT INTO employees (emp_id, full_name, street_address) VALUES (7, 'Oyelaran Temitope', '44 Quarry Lane');",
     ["Oyelaran Temitope", "44 Quarry"]),  # (the street's type stays)
    ("INSERT INTO contacts (contact_name, city) VALUES ('Siobhán O''Hare', 'Cork'), ('Radek Dvořák', 'Brno');",
     ["Siobhán", "Hare", "Radek Dvořák"]),
])
def test_rows_of_an_sql_insert(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("INSERT INTO products (name, price) VALUES ('Blue Widget', 9.99), ('Red Gadget', 19.5);", "'Blue Widget'"),
    ("name,price,sku\nBlue Widget,9.99,BW-1\nRed Gadget,19.50,RG-2", "Red Gadget"),
    ("INSERT INTO t (a, b) VALUES (1, 2);", "(1, 2)"),
    ("INSERT INTO countries (name, capital) VALUES ('Norway', 'Oslo');", "'Norway'"),
])
def test_rows_of_a_table_of_things_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A name a message signs off with after a dash or a tilde (went out verbatim at 84849fb where no list holds it)
@pytest.mark.parametrize("text, values", [
    ("@jess_m thanks for the help!! -Tamsin", ["Tamsin"]),
    ("see you tomorrow - Oisín", ["Oisín"]),
    ("sent from my iPhone -- Radek", ["Radek"]),
    ("Thanks again for covering my shift -Keelin", ["Keelin"]),
    ("Can't make it tonight, sorry!\n- Ngaire\n", ["Ngaire"]),
    ("I'll call the plumber tomorrow. - Tadhgan", ["Tadhgan"]),
])
def test_a_name_signed_after_a_dash(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The meeting is moved to Friday - Done", "Done"),
    ("Flights to Oslo -- Paris", "Paris"),
    ("Chapter 3 - Conclusion", "Conclusion"),
    ("Price list - Monday", "Monday"),
    ("Best pizza in town - Napoli", "Napoli"),
    ("Report - Summary", "Summary"),
    ("Shopping list:\n- Quinoa\n- Halloumi\n- Milk", "Halloumi"),
])
def test_words_after_a_dash_that_name_no_one_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A listed name alone opening a text or a sentence, before a possessive, a speaker's colon or an addressing dash or
# comma (NER reads none there: went out verbatim at 84849fb)
@pytest.mark.parametrize("text, values", [
    ("Okafor's report was late again.", ["Okafor"]),
    ("Okafor - please review the attached.", ["Okafor"]),
    ("Wojciechowski's numbers are in.", ["Wojciechowski"]),
    ("Haugland - the report is due.", ["Haugland"]),
    ("Lindqvist - agreed, ship it.", ["Lindqvist"]),
    ("Okafor's flight lands at noon.", ["Okafor"]),
    ("The invoice is attached. Nwachukwu's team will pay it.", ["Nwachukwu"]),  # (passed before)
    ("Kowalczyk, call me when you land.", ["Kowalczyk"]),  # (passed before)
])
def test_a_name_opening_a_sentence_alone(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Monday's meeting is cancelled.", "Monday's"),
    ("Overall, the results were good.", "Overall"),
    ("Paris: the city of light.", "Paris"),
    ("Quick, let's go.", "Quick"),
    ("Note: bring the forms.", "Note"),
    ("Endo: pending labs. Resp: stable.", "Endo"),
])
def test_words_opening_a_sentence_that_name_no_one_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A date of birth whose year is written with an apostrophe and two digits (went out verbatim at 2a630e1; noise may
# give a date back unchanged, which these dates under these keys do not)
@pytest.mark.parametrize("text, values", [
    ("date of birth: 17 Mar '84", ["17 Mar '84"]),
    ("Born March 3rd, ’84 in Leeds", ["March 3rd, ’84"]),
    ("DOB 12 June '01, allergic to penicillin", ["12 June '01"]),
    ("Patient (born 28 Feb '59) reports chest pain.", ["28 Feb '59"]),
    ("d.o.b. Sept 9, '77", ["Sept 9, '77"]),
])
def test_a_birth_date_with_a_two_digit_year(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values, name=False)


@pytest.mark.parametrize("text, kept", [
    ("The '84 Olympics were in LA.", "'84"),
    ("In March '84 we moved.", "March '84"),
    ("rock'n'roll from the '60s", "'60s"),
])
def test_years_with_an_apostrophe_alone_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# A plural in lower case whose singular is a word of the dictionary other than a noun alone ("grounds", "arms",
# "falls": WordNet keeps the plurals as nouns of their own, as it keeps names) is no name: nursing notes' "coffee
# grounds" and "both arms pre" went out as two stand-ins at 2a630e1 (the lists hold "Grounds", "Arms" as names)
@pytest.mark.parametrize("text", [
    "also with coffee grounds out of ogt.. team aware.",
    "Equal SBP in both arms pre and post repositioning.",
    "moaning when in site of rn, tehn falls asleep.",
    "found coffee grounds that cleared after 300cc.",
    "ngt placed, coffee grounds lavaged.",
])
def test_plurals_in_lower_case_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A title written out ("doctor", "nurse", "professor") is a sentence's subject as often as a name's title, and the
# verb after it no name: "said" is a listed given name ("Said"), and "The doctor said I need more rest." went out as
# "The doctor nauman I need more rest." at 7b2d242. A name after the title stays hidden.
@pytest.mark.parametrize("text", [
    "The doctor said I need more rest.",
    "My doctor said the results look fine.",
    "the doctor said i need more rest before the trip",
    "Our professor said the exam moved to Friday.",
])
def test_the_verb_after_a_written_title_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, values", [
    ("seen by nurse kaitlyn at 0400, doctor przybylo aware", ["kaitlyn", "przybylo"]),
    ("Our doctor Said Benali called back.", ["Said", "Benali"]),
])
def test_a_name_after_a_written_title(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check(sanitizer, text, values)
