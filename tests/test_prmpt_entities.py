"""The entity registry and the codecs of the new types: round trips, check digits kept, formats kept.

No spaCy model is needed here: codecs and finders are exercised directly.
"""

from __future__ import annotations

import random
import re

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt import PrmptConfig, build_codecs
from mechanisms.prmpt.codecs import is_itin, is_valid_ssn, taxpayer_class
from mechanisms.prmpt.entities import (
    addresses,
    contact,
    credentials,
    dates,
    devices,
    finance,
    national_ids,
    registry,
    vehicles,
)
from mechanisms.prmpt.entities.base import EntityType
from tests import prmpt_values as pv

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("alice")
OTHER = MasterKey.from_bytes(bytes(range(32))).user_keys("bob")
CODECS = build_codecs(PrmptConfig())


def _round_trip(entity_type: str, value: str) -> str:
    codec = CODECS[entity_type]
    out = codec.encrypt(value, KEYS)
    assert codec.decrypt(out, KEYS) == value, (entity_type, value, out)
    assert len(out) == len(value) or entity_type in ("PERSON", "STREET_ADDRESS", "CRYPTO_WALLET"), (value, out)
    return out


def test_every_record_is_complete_and_named_once() -> None:
    reg = registry()
    assert len(reg) >= 50
    for name, rec in reg.items():
        assert isinstance(rec, EntityType) and rec.name == name
        assert re.fullmatch(r"[A-Z][A-Z0-9_]*", name)
        assert rec.family and rec.description, name
        if rec.policy.category == "fpe":
            assert rec.finders or rec.presidio or rec.spacy_labels, f"{name} cannot be found"
        if rec.policy.category == "mldp":
            assert rec.finders


def test_default_config_comes_from_the_registry() -> None:
    config = PrmptConfig()
    assert set(config.entities) == set(registry())
    assert config.policy("PERSONAL_DATE").category == "mldp"
    assert config.policy("URL").category == "off"
    assert config.languages == ["en", "fr", "es"]
    with pytest.raises(ValueError):
        PrmptConfig(languages=["de"])


@pytest.mark.parametrize("make, valid", [
    (pv.nhs, national_ids.nhs_valid), (pv.dni, national_ids.dni_valid), (pv.nie, national_ids.dni_valid),
    (pv.nir, national_ids.nir_valid), (pv.codice_fiscale, national_ids.cf_valid),
    (pv.de_tax_id, national_ids.de_tax_valid), (pv.vin, vehicles.vin_valid), (pv.aba, finance.aba_valid),
    (pv.eth_address, finance.wallet_valid), (pv.btc_address, finance.wallet_valid),
    (pv.bech32_address, finance.wallet_valid), (pv.nino, national_ids.nino_valid),
])
def test_valid_ids_get_valid_stand_ins(make, valid) -> None:
    rng = random.Random(7)
    types = {national_ids.nhs_valid: "UK_NHS", national_ids.dni_valid: "ES_NIF", national_ids.nir_valid: "FR_NIR",
             national_ids.cf_valid: "IT_FISCAL_CODE", national_ids.de_tax_valid: "DE_TAX_ID",
             vehicles.vin_valid: "VIN", finance.aba_valid: "ABA_ROUTING_NUMBER",
             finance.wallet_valid: "CRYPTO_WALLET", national_ids.nino_valid: "UK_NINO"}
    for _ in range(15):
        value = make(rng)
        assert valid(value), value
        out = _round_trip(types[valid], value)
        assert out != value and valid(out), (value, out)
        assert CODECS[types[valid]].encrypt(value, OTHER) != out  # per-user keys


def test_invalid_check_digits_stay_exactly_as_invalid() -> None:
    for entity_type, value, valid in (("UK_NHS", "943 476 5918", national_ids.nhs_valid),
                                      ("ES_NIF", "12345678A", national_ids.dni_valid),
                                      ("VIN", "1HGCM82633A004353", vehicles.vin_valid),
                                      ("DE_TAX_ID", "65 929 970 480", national_ids.de_tax_valid)):
        assert not valid(value)
        out = _round_trip(entity_type, value)
        assert not valid(out), (value, out)


def test_kept_parts() -> None:
    vin = "1HGCM82633A004352"
    out = _round_trip("VIN", vin)
    assert out[:3] == vin[:3] and out[9] == vin[9]  # maker and model year
    mac = _round_trip("MAC_ADDRESS", "3c:22:fb:9a:10:4e")
    assert mac.startswith("3c:22:fb:") and mac != "3c:22:fb:9a:10:4e"
    assert re.fullmatch(r"[0-9A-F]{2}(-[0-9A-F]{2}){5}", _round_trip("MAC_ADDRESS", "3C-22-FB-9A-10-4E"))
    nir_in = pv.nir(random.Random(5))
    while "2A" not in nir_in:
        nir_in = pv.nir(random.Random(len(nir_in) + ord(nir_in[-1])))
    nir = _round_trip("FR_NIR", nir_in)
    assert nir[:2] == nir_in[:2] and nir[8:10] == "2A" and national_ids.nir_valid(nir)
    aba = _round_trip("ABA_ROUTING_NUMBER", "021000021")
    assert aba[:2] == "02" and finance.aba_valid(aba)
    zip_ = _round_trip("POSTAL_CODE", "62704")
    assert zip_[:2] == "62" and zip_.isdigit()
    assert _round_trip("POSTAL_CODE", "SW1A 1AA").startswith("SW1A ")
    zip4 = _round_trip("POSTAL_CODE", "62704-1234")
    assert zip4[:2] == "62" and zip4[5] == "-" and zip4 != "62704-1234"
    imei = "356938035643809"
    out = _round_trip("DEVICE_SERIAL", imei)
    assert out[:8] == imei[:8]


def test_street_addresses_keep_their_words_and_shape() -> None:
    for value in ("1428 Elm Street, Apt 4B", "12 rue de la Paix", "Calle Mayor 12, 3º B", "742 evergreen terrace",
                  "221B Baker St.", "8 bis, avenue du Général Leclerc", "5304 S Müller Street"):
        out = _round_trip("STREET_ADDRESS", value)
        assert out != value
        for kept in ("Street", "Apt", "rue de la", "Calle", "º B", "terrace", "St.", "bis, avenue du", " S "):
            if kept in value:
                assert kept in out, (value, out)
    out = CODECS["STREET_ADDRESS"].encrypt("1428 Elm Street", KEYS)
    word = out.split()[1]
    assert word in addresses.street_names()[0]  # a listed street name gets a listed stand-in


@pytest.mark.parametrize("entity_type, value", [
    ("AWS_ACCESS_KEY", "AKIAIOSFODNN7EXAMPLE"), ("GITLAB_TOKEN", "glpat-" + "aB3_-" * 4),
    ("SLACK_TOKEN", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"),
    ("OPENAI_API_KEY", "sk-proj-" + "Ab1" * 7 + "T3BlbkFJ" + "Cd2" * 7), ("STRIPE_KEY", "sk_live_" + "a1B2" * 6),
    ("ANTHROPIC_API_KEY", "sk-ant-api03-" + "x_Y-1" * 19 + "AA"), ("GOOGLE_API_KEY", "AIza" + "Sy_-9" * 7),
    ("JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
    ("AWS_SECRET_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), ("PASSWORD", "hunter2!x"),
])
def test_credentials_keep_prefix_alphabet_and_length(entity_type: str, value: str) -> None:
    out = _round_trip(entity_type, value)
    assert out != value
    prefix = re.match(r"AKIA|glpat-|xoxb-|sk-proj-|sk_live_|sk-ant-api03-|AIza|eyJhbGciOiJIUzI1NiJ9\.", value)
    if prefix:
        assert out.startswith(prefix.group(0))
    if entity_type == "AWS_ACCESS_KEY":
        assert re.fullmatch(r"AKIA[A-Z2-7]{16}", out)
    if entity_type == "AWS_SECRET_KEY":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", out)


def test_github_tokens_keep_a_valid_checksum() -> None:
    rng = random.Random(3)
    for _ in range(10):
        token = pv.github_token(rng)
        out = _round_trip("GITHUB_TOKEN", token)
        assert out[:4] == token[:4] and out != token
        body, check = out[4:34], out[34:]
        n = __import__("zlib").crc32(body.encode())
        expected = ""
        for _ in range(6):
            n, r = divmod(n, 62)
            expected = credentials.BASE62[r] + expected
        assert check == expected


def test_ssn_itin_classes_over_the_whole_area_range() -> None:
    rng = random.Random(11)
    for _ in range(200):
        value = pv.ssn_any_area(rng)
        out = _round_trip("US_SSN", value)
        assert taxpayer_class(out) == taxpayer_class(value) and out.isdigit() and len(out) == 9
    itin = "912-78-1234"
    assert is_itin(itin.replace("-", "")) and is_itin(_round_trip("US_ITIN", itin).replace("-", ""))
    assert is_valid_ssn(_round_trip("US_SSN", "123-45-6789").replace("-", ""))


@pytest.mark.parametrize("text, expected", [
    ("My SSN is 912345678.", "912345678"), ("social security number 987-65-4320", "987-65-4320"),
    ("SSN: 000 12 3456", "000 12 3456"), ("ssn=666123456", "666123456"),
])
def test_ssn_detected_over_the_whole_range_next_to_a_cue(text: str, expected: str) -> None:
    from mechanisms.prmpt.entities.government import find_taxpayer_numbers

    found = [text[f.start:f.end] for f in find_taxpayer_numbers(text, "en") if f.score >= 0.3]
    assert expected in found
    assert find_taxpayer_numbers("Order 912345678 shipped.", "en") == []  # no cue, no dashes


def test_itin_cues() -> None:
    from mechanisms.prmpt.entities.government import find_taxpayer_numbers

    found = find_taxpayer_numbers("ITIN 912-70-1234 and taxpayer id 900701234", "en")
    assert {f.entity_type for f in found} == {"US_ITIN"} and len({(f.start, f.end) for f in found}) == 2


def test_personal_dates_are_noised_in_their_own_format() -> None:
    policy = PrmptConfig().policy("PERSONAL_DATE")
    for value, lang, shape in (("03/14/1985", "en", r"\d\d/\d\d/\d{4}"), ("March 14, 1985", "en", r"[A-Z][a-z]+ \d+, \d{4}"),
                               ("14 mars 1985", "fr", r"\d+ [a-zéû]+ \d{4}"), ("1985-03-14", "en", r"\d{4}-\d\d-\d\d"),
                               ("14 de marzo de 1985", "es", r"\d+ de [a-z]+ de \d{4}"), ("14.03.85", "fr", r"\d\d\.\d\d\.\d\d")):
        out = dates.noise_date(value, policy, KEYS, lang)
        assert out is not None and re.fullmatch(shape, out), (value, out)
        assert dates.noise_date(value, policy, KEYS, lang) == out  # keyed: the same noise every time
        d_in = dates.read_date(value, lang)[0]
        d_out = dates.read_date(out, lang)[0]
        assert abs((d_out - d_in).days) < 400
    assert dates.read_date("02/30/1985", "en") is None


def test_dates_need_a_person_cue() -> None:
    text = "Released on 2024-03-15. DOB: 03/14/1985. Né le 14 mars 1985. Deadline 2024-05-01."
    found = [text[f.start:f.end] for f in dates.find_personal_dates(text, "en")]
    assert found == ["03/14/1985", "14 mars 1985"]


def test_personal_urls() -> None:
    for url, part in (("https://www.linkedin.com/in/jane-doe-4b2a1", "jane-doe-4b2a1"),
                      ("https://github.com/janedoe", "janedoe"), ("https://medium.com/@jdoe", "jdoe"),
                      ("https://crm.example.com/view?email=jd%40gmail.com&tab=2", "jd%40gmail.com"),
                      ("https://app.example.org/users/jdoe/settings", "jdoe")):
        assert contact.find_personal_urls(url, "en"), url
        out = _round_trip("PERSONAL_URL", url)
        assert part not in out and out.split("/")[2] == url.split("/")[2]
    assert contact.find_personal_urls("see https://docs.python.org/3/library/re.html", "en") == []


def test_ip_finder_validates() -> None:
    text = "from 203.0.113.7 and 2001:db8::1, not 999.1.1.1 or 12:30:45"
    assert [text[f.start:f.end] for f in devices.find_ips(text, "en")] == ["203.0.113.7", "2001:db8::1"]


def test_plates_need_a_cue_unless_the_shape_is_distinctive() -> None:
    assert [f.score >= 0.55 for f in vehicles.find_plates("car AB-123-CD parked", "fr")] == [True]
    assert not [f for f in vehicles.find_plates("a 2023 BMW X5", "en") if f.score >= 0.55]
    assert [f for f in vehicles.find_plates("license plate 7ABC123", "en") if f.score >= 0.55]
