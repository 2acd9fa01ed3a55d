"""Shapes of the languages that have no pipeline here but whose forms, letters and notes people paste into a prompt
(German, Italian, Dutch, Portuguese): dates of birth, death, admission and discharge after their own cue words, a
year of birth, a street whose type is written in lower case in Italian, Spanish or Portuguese prose, the German
forms of address "Herrn", "Hrn." and "Hr.", a card's number after the card's name, a name after thanks; a short text
in German, Dutch or Portuguese keeps its own words. Each made-up case must leave the value out of the sanitized
text; the English look-alikes ("the NATO summit on ...", "upgrade via Windows 10") stay as written.
"""

from __future__ import annotations

import re

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("european-forms")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


def _shape(value: str) -> str:
    return re.sub(r"[^\W\d_]+", "M", re.sub(r"\d+", "9", value))  # (a day of one digit may get two)


@pytest.mark.parametrize("text, value", [
    ("Il paziente Rocco Santangelo, nato il 12/05/1961, è allergico alla penicillina.", "12/05/1961"),
    ("Frau Annegret Pfisterer, geb. 12.05.1961, wohnhaft in Heidelberg", "12.05.1961"),
    ("Patient geboren am 3. März 1958 in Graz", "3. März 1958"),
    ("nata a Bari il 3 maggio 1961, ricoverata per dispnea", "3 maggio 1961"),
    ("Dhr. Pieter van Dongen, overleden op 2 mei 2019", "2 mei 2019"),
    ("Nome: Joana Cardoso, data de nascimento: 04/09/1972", "04/09/1972"),
    ("Nascida em 4 de setembro de 1972 em Braga", "4 de setembro de 1972"),
    ("Geburtsdatum: 1961-05-12, Versicherungsnummer folgt", "1961-05-12"),
])
def test_a_personal_date_after_a_cue_of_these_languages(sanitizer: Sanitizer, text: str, value: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    dates = [e for e in out.entities if e.type == "PERSONAL_DATE"]
    assert [text[e.start:e.end] for e in dates] == [value]
    assert value not in out.text  # (noise of eps 0.1 per day: these dates under these keys all move)
    assert _shape(dates[0].replacement) == _shape(value)


@pytest.mark.parametrize("text, value", [
    ("geboren 1961 in Wien", "1961"),
    ("Jahrgang 1958, verheiratet", "1958"),
    ("nata nel 1961 a Palermo", "1961"),
    ("nascido em 1972 no Porto", "1972"),
    ("Hij is geboren in 1949 te Utrecht.", "1949"),
])
def test_a_year_of_birth_in_these_languages(text: str, value: str) -> None:
    from mechanisms.prmpt.entities.dates import find_birth_years

    assert [text[f.start:f.end] for f in find_birth_years(text, "en")] == [value]


@pytest.mark.parametrize("text", [
    "The NATO summit on 12/05/2024 in Vilnius was postponed.",
    "NATO, 12/05/2024: the ministers met in Brussels.",
    "Die Version vom 12.05.2024 ist fertig.",
    "Il rilascio del 3 maggio 2024 è confermato.",
    "De release van 2 mei 2024 staat klaar.",
])
def test_dates_with_no_cue_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_date_written_with_points_is_read_day_first() -> None:
    """"geb. 12.05.1961" is the 12th of May: its noised stand-in is a date read the same way, never "12.30.1961"."""
    from mechanisms.prmpt.entities.dates import noise_date, read_date

    parsed = read_date("12.05.1961", "en")
    assert parsed is not None and (parsed[0].month, parsed[0].day) == (5, 12)
    policy = PrmptConfig().policy("PERSONAL_DATE")
    for i in range(40):
        noised = noise_date("12.05.1961", policy, MasterKey.from_bytes(bytes([i]) * 32).user_keys("d"), "en")
        assert noised is not None
        day, month, _ = (int(x) for x in noised.split("."))
        assert 1 <= month <= 12 and 1 <= day <= 31, noised


# (the house number is the street's: before, "piazzale Loreto 9" went out as "piazzale Timothy 9")
@pytest.mark.parametrize("text, values", [
    ("Mi chiamo Beatrice e abito in via dei Mille 23, Napoli", ["Mille 23"]),
    ("La sede è in corso Buenos Aires 33, Milano.", ["Buenos Aires"]),
    ("Il bar è in vicolo Stretto 3.", ["Stretto 3"]),
    ("Ci vediamo in piazzale Loreto 9, Milano.", ["Loreto", " 9, "]),
    ("Moro na avenida dos Estados 900, Curitiba.", ["Estados", " 900, "]),
    ("Moro na travessa do Carmo 8, Lisboa.", ["Carmo", " 8, "]),
    ("Mandate tutto in via Solferino 28.", ["Solferino"]),  # (passed before)
    ("Spedite il pacco in via della Spiga 8, grazie.", ["Spiga"]),  # (passed before)
])
def test_a_street_whose_type_is_written_in_lower_case(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text", [
    "sent via Gmail 2 days ago",
    "upgrade via Windows 10.",
    "I got it via Zoom 5 minutes before the call.",
    "contact us via Slack 24/7",
    "Installed via Homebrew 4.2.1 on the laptop.",
    "the largo 3 of the symphony",
])
def test_a_route_or_a_version_after_via_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, values", [
    ("Bitte leiten Sie das an Herrn Oberndorfer weiter.", ["Oberndorfer"]),
    ("Ich habe mit Hrn. Oberndorfer gesprochen.", ["Oberndorfer"]),
    ("Das Paket ist für Herrn Wiesinger, nicht für mich.", ["Wiesinger"]),  # (passed before)
    ("Laut Hrn. Dr. Kleinschmidt ist alles in Ordnung.", ["Kleinschmidt"]),  # (passed before)
    ("Rückruf an Hr. Lindqvist bis Freitag.", ["Lindqvist"]),
    ("Ein Brief von Hrn. Wieczorek ist angekommen.", ["Wieczorek"]),
    ("Bitte Hr. Dahlgren informieren.", ["Dahlgren"]),
])
def test_german_forms_of_address_before_a_family_name(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text", ["Open 24 Hr Fitness near me", "HR Department: Payroll questions"])
def test_hr_without_its_point_names_no_one(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A card's number in groups after the card's name, in these languages and English, hidden though its check digit
# fails (a typo, a test card); a number in groups with no card named stays
@pytest.mark.parametrize("text, values", [
    ("Gentile cliente, la sua carta 4532 7153 2412 9981 è stata bloccata.", ["4532 7153 2412 9981"]),
    ("Kreditkarte: 4532-7153-2412-9981, gültig bis 12/27", ["4532-7153-2412-9981"]),
    ("card number 4532 7153 2412 9981 exp 09/26", ["4532 7153 2412 9981"]),
    ("Seu cartão 5105 1051 0510 5102 foi aprovado.", ["5105 1051 0510 5102"]),
    ("Ihre Karte 3782 822463 10007 wurde gesperrt.", ["3782 822463 10007"]),  # (passed before)
    ("Uw kaart 6011 0009 9013 9425 is verlopen.", ["6011 0009 9013 9425"]),
])
def test_a_card_number_after_its_name_whatever_its_check_digit(sanitizer: Sanitizer, text: str,
                                                               values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text", [
    "the card game had 1234 5678 9012 3456 players",
    "Order 1234 5678 9012 3456 shipped",
    "Tracking: 4532 7153 2412 9981",
])
def test_numbers_in_groups_with_no_card_named_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A short text in German, Dutch or Portuguese is read as such (its stop words, its dictionary, few English words):
# its capitalised nouns and its sentence openers are no names ("Ihre Karte", "Bedankt" were replaced as names); the
# names in such a text are still found
@pytest.mark.parametrize("text", [
    "Ihre Karte wurde gesperrt.",
    "Dein Benutzername ist falsch.",
    "Bitte rufen Sie uns morgen an.",
    "Vielen Dank für Ihre Bestellung!",
    "Ihr Paket ist unterwegs.",
    "Bedankt voor uw bericht.",
    "Obrigado pela sua mensagem.",
])
def test_a_short_text_in_these_languages_keeps_its_words(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, values", [
    ("Ihre Karte wurde gesperrt, Frau Pfisterer.", ["Pfisterer"]),
    ("Bedankt voor uw bericht, Sanne de Vries.", ["Sanne", "Vries"]),
    ("Ihr Paket für Konstantin Wehrli ist unterwegs.", ["Konstantin", "Wehrli"]),
    ("Uw bestelling voor Pieter Jansen is verzonden.", ["Pieter", "Jansen"]),
    ("Obrigado pela sua mensagem, Joana Cardoso.", ["Joana", "Cardoso"]),
])
def test_names_in_a_short_text_in_these_languages(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


# A short text whose names make up a share of its words ("Mein Name ist Korbinian Wetzstein."): the share of its
# words the language's dictionary holds is read without the words it writes with a capital past the first that the
# dictionary does not hold, and a text of up to twice the short length with one stop word of its own and none of a
# configured language's is read as a short one. "Mein", "Deine Rechnung", "Ihre Tochter" were replaced as names (and
# "Quirin Haberstroh" went out) at 41c85ec
@pytest.mark.parametrize("text, kept, values", [
    ("Mein Name ist Korbinian Wetzstein.", "Mein Name ist", ["Korbinian", "Wetzstein"]),
    ("Deine Rechnung an Quirin Haberstroh ist fertig.", "Deine Rechnung an", ["Quirin", "Haberstroh"]),
    ("Ihre Tochter Leokadia schläft.", "Ihre Tochter", ["Leokadia"]),
    ("Ihre Nachbarin Frieda Kaltenbrunner hat angerufen.", "Ihre Nachbarin", ["Frieda", "Kaltenbrunner"]),  # (passed
    # before)
    ("Mijn buurman Sjoerd Wijnbergen heeft gebeld.", "Mijn buurman", ["Sjoerd", "Wijnbergen"]),  # (passed before)
    ("Minha vizinha Quitéria Magalhães ligou ontem.", "Minha vizinha", ["Quitéria", "Magalhães"]),  # (passed before)
])
def test_a_short_text_with_names_in_these_languages(sanitizer: Sanitizer, text: str, kept: str,
                                                     values: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(kept), out.text
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text", [
    "Die Hard with Bruce Willis",
    "Mein Kampf was written in Landsberg.",
    "Das Boot premiered in Munich.",
])
def test_english_with_a_german_title_stays_english(sanitizer: Sanitizer, text: str) -> None:
    from mechanisms.prmpt.language import LanguageDetector

    assert LanguageDetector(["en", "fr", "es"], "en").foreign(text) is None


# A name after thanks in the languages of Europe, opening a line as a salutation does: the name is hidden and the
# thanks stay as written (before, "Danke", "Bedankt", "Obrigado" were replaced as names too, and "Wolfram", a word
# of the dictionary, went out)
@pytest.mark.parametrize("text, thanks, name", [
    ("Danke, Ingrid!", "Danke,", "Ingrid"),
    ("Vielen Dank, Matthias!", "Vielen Dank,", "Matthias"),
    ("Danke schön, Dagny!", "Danke schön,", "Dagny"),
    ("Bedankt, Sanne!", "Bedankt,", "Sanne"),
    ("Obrigado, Joana!", "Obrigado,", "Joana"),
    ("Grazie, Wolfram!", "Grazie,", "Wolfram"),
    ("Grazie mille, Chiara, a presto.", "Grazie mille,", "Chiara"),  # (passed before)
])
def test_a_name_after_thanks(sanitizer: Sanitizer, text: str, thanks: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(thanks) and name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# The words of those thanks that are names too stay names ("Mille" of "grazie mille", "Schön" of "danke schön", "Tak")
@pytest.mark.parametrize("text, values", [
    ("Mille Mathisen\n\n246 Truhlářská 996\n Pacov", ["Mille"]),
    ("Mille Mathisen signed the lease.", ["Mille"]),
    ("Anna Schön signed the form.", ["Schön"]),
    ("Tak Sung-min called twice.", ["Tak"]),
])
def test_words_of_thanks_that_are_names(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


# A message's closing in those languages, before the name on its line or the next: the closing stays as written and
# the name is hidden ("Viele Grüße", "Groetjes", "Beijos", "Baci" were replaced as names, "Gruß" taken into one, at
# 41c85ec; "Gruss" and "Grüsse" are the Swiss spelling)
@pytest.mark.parametrize("text, closing, name", [
    ("Viele Grüße\nWendelin Oberhuber", "Viele Grüße\n", "Wendelin"),
    ("Gruß Wendelin", "Gruß ", "Wendelin"),
    ("Gruss Wendelin", "Gruss ", "Wendelin"),
    ("Grüße, Anneliese", "Grüße, ", "Anneliese"),
    ("Groetjes, Femke", "Groetjes, ", "Femke"),
    ("Beijos, Quitéria", "Beijos, ", "Quitéria"),
    ("Baci, Ludovica", "Baci, ", "Ludovica"),
    ("Abraço,\nQuitéria Magalhães", "Abraço,\n", "Quitéria"),
    ("Liebe Grüße, Wendelin", "Liebe Grüße, ", "Wendelin"),  # (passed before)
])
def test_a_closing_and_the_name_after_it(sanitizer: Sanitizer, text: str, closing: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(closing) and name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# A phone number after its label in German, Dutch, Portuguese or Italian: six digits in pairs are a phone's only after
# a cue, and these labels were none ("Handy 85 72 32" went out); the label stays as written ("Telefon", "Fax",
# "Rufnummer" were replaced as names at 41c85ec)
@pytest.mark.parametrize("text, label, number", [
    ("Handy 85 72 32", "Handy ", "85 72 32"),
    ("Mobiel 85 72 32", "Mobiel ", "85 72 32"),
    ("Telefon 85 72 32", "Telefon ", "85 72 32"),
    ("Celular 85 72 32", "Celular ", "85 72 32"),
    ("Telemóvel 91 23 45", "Telemóvel ", "91 23 45"),
    ("Telefon 030 9876543", "Telefon ", "030 9876543"),
    ("Rufnummer 85 72 32", "Rufnummer ", "85 72 32"),
    ("Bitte rufen Sie mich an: Telefon 030 9876543, Fax 030 9876544.", "Bitte rufen Sie mich an: Telefon ",
     "9876544"),
    ("Cellulare 85 72 32", "Cellulare ", "85 72 32"),  # (passed before)
])
def test_a_phone_after_its_label_in_these_languages(sanitizer: Sanitizer, text: str, label: str, number: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(label) and number not in out.text, out.text
    assert "Fax" not in text or ", Fax " in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# The same shapes through every surface (no noised date among them: the echo must come back exactly)
SET_AR = ("Spedire a: abito in via dei Mille 23, Napoli. "
          "Bitte leiten Sie das an Herrn Oberndorfer weiter. Moro na rua das Flores 120, Porto.")
SET_AR_SECRETS = ("Mille 23", "Oberndorfer", "Flores 120")


def test_set_ar_european_forms_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AR, SET_AR_SECRETS)


# A short German note with a name, a phone after its label and a closing, through every surface
SET_AU = "Mein Name ist Korbinian Wetzstein.\nHandy 85 72 32\nGruß Wendelin"
SET_AU_SECRETS = ("Korbinian", "Wetzstein", "85 72 32", "Wendelin")


def test_set_au_a_short_german_note_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AU, SET_AU_SECRETS)
