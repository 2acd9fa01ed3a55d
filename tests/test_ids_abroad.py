"""Identifiers and addresses of countries the finders had no shape for:

- India's Aadhaar number (12 digits, the first 2-9, a Verhoeff check digit), alone when its check holds and in groups
  of four, any 12 digits after its name; India's PAN (five letters, four digits, a letter, the fourth letter the
  holder's kind), with the holder's kind kept; the identifier's name is no person ("My Aadhaar is", "PAN ABCPD1234E");
- a UK National Insurance number after its name in any prefix ("NI number is QQ 12 34 56 C": HMRC's examples use
  prefixes no real number has);
- a Japanese block in Latin letters written "4 Chome-2-8 Shibakoen", the word "chome" kept in the stand-in;
- an Irish Eircode closing an address ("12 Main St, Ennis, Co. Clare, V95 X2Y3"): it names one house.
"""

from __future__ import annotations

import random

import pytest

from mechanisms.prmpt.entities.national_ids import (
    AadhaarCodec,
    PanCodec,
    aadhaar_valid,
    pan_valid,
    verhoeff_check,
)
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("ids-abroad")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


def test_verhoeff_check_digits_of_known_numbers() -> None:
    assert verhoeff_check("236") == 3 and verhoeff_check("12345") == 1 and verhoeff_check("142857") == 0
    assert aadhaar_valid("2345 6789 0124") and not aadhaar_valid("2345 6789 0123") and not aadhaar_valid("1345 6789 0124")


def test_the_codecs_keep_the_check_digit_and_the_holders_kind() -> None:
    aadhaar, pan = AadhaarCodec(), PanCodec()
    rng = random.Random(2)
    for _ in range(300):
        body = str(rng.randint(2, 9)) + "".join(rng.choice("0123456789") for _ in range(10))
        value = f"{body[:4]} {body[4:8]} {body[8:]}{verhoeff_check(body)}"
        out = aadhaar.encrypt(value, KEYS)
        assert aadhaar_valid(out) and out != value and aadhaar.decrypt(out, KEYS) == value
        p = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3)) + rng.choice("PCHFT") \
            + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + "".join(rng.choice("0123456789") for _ in range(4)) + "Z"
        out = pan.encrypt(p, KEYS)
        assert pan_valid(out) and out[3] == p[3] and pan.decrypt(out, KEYS) == p


@pytest.mark.parametrize("text, secrets", [
    ("My Aadhaar is 2345 6789 0124 and PAN ABCPD1234E.", ["2345 6789 0124", "ABCPD1234E"]),
    ("aadhaar no. 4567-8901-2345", ["4567-8901-2345"]),
    ("KYC: 2345 6789 0124, pan abcpd1234e", ["2345 6789 0124"]),
    ("Her PAN is AAAPL1234C.", ["AAAPL1234C"]),
    ("My NI number is QQ 12 34 56 C", ["12 34 56"]),
    ("National Insurance No: AB123456C", ["AB123456C"]),
    ("Hi, I'm Reinhold from 4 Chome-2-8 Shibakoen, Minato City.", ["Shibakoen", "Chome-2-8"]),
    ("The GP practises at 12 Main St, Ennis, Co. Clare, V95 X2Y3.", ["V95 X2Y3"]),
    ("Send it to 7 Quay Street, Galway, H91 K2D7", ["H91 K2D7"]),
])
def test_the_identifier_is_hidden(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("My Aadhaar is 2345 6789 0124", "Aadhaar"),
    ("PAN ABCPD1234E was linked", "PAN"),
    ("The 4 Chome-2-8 Shibakoen office: the chome stays", "Chome"),
    ("Part no. ABCDE1234F ships", "ABCDE1234F"),  # a fourth letter no holder's kind is: no PAN
    ("Tracking: 4532 7153 2412 9981", "4532 7153 2412 9981"),  # three groups of a longer number: no Aadhaar
    ("Peter Pan and the NI rules for a film", "NI rules"),
])
def test_what_names_no_one_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, greeting, name", [
    ("Gentile Sig. Marcello Bianchi, la sua carta scade il 09/27.", "Gentile", "Bianchi"),
    ("Egregio Dott. Franco Ferri, la ringraziamo.", "Egregio", "Ferri"),
    ("Liebe Jördis Kühn, danke für alles.", "Liebe", "Kühn"),
    ("Prezado Sr. João Silva, obrigado.", "Prezado", "Silva"),
    ("Buongiorno Chiara Esposito, grazie per il messaggio.", "Buongiorno", "Esposito"),
])
def test_a_letters_greeting_in_more_languages_is_no_name(sanitizer: Sanitizer, text: str, greeting: str,
                                                          name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text.startswith(greeting + " ") and name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_a_family_name_that_is_a_greeting_elsewhere_stays_a_name(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "Gentile said the deal was done, Mr. Gentile added.", ["Gentile"])


@pytest.mark.parametrize("text, street", [
    ("Responsable clínico: Dr. Jorge Ortega Carnicer. Los Alisos, 10. 13002 Ciudad Real.", "Alisos"),
    ("Servicio de Urología. Hermanos Falcó, s/n - 02006 Albacete Tel.: 967 597 100", "Falcó"),
    ("Unidad de Reumatología. Colón, 28, 1º. 36201 Vigo. e-mail: ngomez@povisa.es", "Colón, 28"),
    ("Hospital de Terrassa. Raval de Montserrat, 48, 08221 Terrassa, Barcelona", "Montserrat"),
])
def test_a_street_with_no_type_word_before_a_postcode_and_town(sanitizer: Sanitizer, text: str, street: str) -> None:
    """A letterhead names its street with no type word, then the number (or "s/n"), then the postcode and the
    town: the postcode and the town make the words before them a street."""
    check_hidden(sanitizer, KEYS, text, [street])


@pytest.mark.parametrize("text, kept", [
    ("Real Madrid, 2 - Barcelona, 1. Asistieron 28001 aficionados.", "Barcelona, 1"),
    ("Resultado: Sevilla, 2. 41001 espectadores en el estadio.", "Sevilla, 2"),
])
def test_a_score_or_a_page_before_a_number_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# this round's other new shapes, through every surface: India's ids, a spelled email, a letterhead street, an Eircode,
# a postcode a chat answers with, a code split by a zero-width space, an SSN in superscript digits, a comment that
# opens by addressing someone
SET_CB2 = ("KYC: Aadhaar 2345 6789 0124, PAN ABCPD1234E.\n"
           "mail me: john dot smith at gmail dot com\n"
           "Dr. Jorge Ortega. Los Alisos, 10. 13002 Ciudad Real.\n"
           "The GP practises at 12 Main St, Ennis, Co. Clare, V95 X2Y3.\n"
           "Agent: can you confirm your postcode?\nCustomer: sure it's ec2a 4ny\n"
           "aws key AKIA\u200bIOSFODNN7EXAMPLE; SSN ¹²³-⁴⁵-⁶⁷⁸⁹\n"
           "Lily I love your videos")
SET_CB2_SECRETS = ("2345 6789 0124", "ABCPD1234E", "smith", "Alisos", "V95 X2Y3", "ec2a 4ny", "IOSFODNN7EXAMPLE",
                   "¹²³-⁴⁵-⁶⁷⁸⁹", "Lily")


def test_set_cb2_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_CB2, SET_CB2_SECRETS)
