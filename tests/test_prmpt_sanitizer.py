"""End to end: sanitize hides every structured value, desanitize restores it exactly, offline."""

from __future__ import annotations

import json
import logging
import socket

import pytest
import yaml

from mechanisms.keys import MasterKey
from mechanisms.prmpt import (
    CustomEntity,
    EntityPolicy,
    FunctionalDependency,
    PrmptConfig,
    SanitizedText,
    Sanitizer,
)
from mechanisms.prmpt.numbers import parse_number

MASTER = MasterKey.from_bytes(bytes(range(32)))
ALICE = MASTER.user_keys("alice")
BOB = MASTER.user_keys("bob")

EXAMPLE = ("Hi, I'm John Smith, 45 years old, and I earn $85,000 a year. Email me at "
           "john.smith@acme-corp.com or call (415) 555-0132. My SSN is 123-45-6789, my card "
           "4111 1111 1111 1111, my IBAN DE89 3704 0044 0532 0130 00, and my server is 192.168.1.23.")
STRUCTURED = ["John Smith", "john.smith@acme-corp.com", "(415) 555-0132", "123-45-6789",
              "4111 1111 1111 1111", "DE89 3704 0044 0532 0130 00", "192.168.1.23"]


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def test_readme_example_hides_every_value_and_round_trips(sanitizer: Sanitizer) -> None:
    res = sanitizer.sanitize(EXAMPLE, ALICE)
    for value in STRUCTURED + ["$85,000", "45 years"]:
        assert value not in res.text
    counts = res.entity_counts()
    for entity_type in ("PERSON", "EMAIL_ADDRESS", "PHONE_NUMBER", "US_SSN", "CREDIT_CARD",
                        "IBAN_CODE", "IP_ADDRESS", "AGE", "MONEY"):
        assert counts.get(entity_type) == 1, entity_type
    assert sanitizer.desanitize(res.text, res.restore_mapping()) == EXAMPLE
    # Category I alone comes back from the request mapping; noised values stay noised by default
    partial = sanitizer.desanitize(res.text, res.mapping)
    assert all(v in partial for v in STRUCTURED)
    assert res.epsilon == pytest.approx(0.5 + 0.25)  # AGE (eps 0.5/year) + MONEY (0.25/1 %)


def test_records_point_at_both_texts(sanitizer: Sanitizer) -> None:
    res = sanitizer.sanitize(EXAMPLE, ALICE)
    for e in res.entities:
        assert res.text[e.sanitized_start:e.sanitized_end] == e.replacement
        assert EXAMPLE[e.start:e.end] != e.replacement
        assert e.category == ("mldp" if e.type in ("AGE", "MONEY") else "fpe")


def test_json_form_round_trips(sanitizer: Sanitizer) -> None:
    res = sanitizer.sanitize(EXAMPLE, ALICE)
    again = SanitizedText.from_dict(json.loads(json.dumps(res.to_dict())))
    assert again.text == res.text and again.entities == res.entities
    assert sanitizer.desanitize(again.text, again.restore_mapping()) == EXAMPLE


def test_stateless_desanitize_with_the_key_alone(sanitizer: Sanitizer) -> None:
    res = sanitizer.sanitize(EXAMPLE, ALICE)
    out = sanitizer.desanitize_stateless(res.text, ALICE)
    for value in STRUCTURED:
        assert value in out
    # with the original, noised values come back too, and nothing else is touched
    assert sanitizer.desanitize_stateless(res.text, ALICE, original=EXAMPLE, include_mldp=True) == EXAMPLE
    assert sanitizer.desanitize_stateless(res.text, BOB) != EXAMPLE  # another user's key does not


def test_stateless_restriction_to_the_original(sanitizer: Sanitizer) -> None:
    res = sanitizer.sanitize(EXAMPLE, ALICE)
    answer = res.text + " Also, Jane Doe (jane@other.org) called."
    out = sanitizer.desanitize_stateless(answer, ALICE, original=EXAMPLE)
    assert "Jane Doe (jane@other.org)" in out  # not in the original: left as it is
    assert "John Smith" in out


def test_deterministic_and_per_user(sanitizer: Sanitizer) -> None:
    a1, a2 = sanitizer.sanitize(EXAMPLE, ALICE), sanitizer.sanitize(EXAMPLE, ALICE)
    b = sanitizer.sanitize(EXAMPLE, BOB)
    assert a1.text == a2.text
    assert a1.text != b.text


def test_repeated_value_gets_the_same_noise_and_is_charged_once(sanitizer: Sanitizer) -> None:
    text = "I am 45 years old. Yes, 45 years old, and my wife is 52 years old."
    res = sanitizer.sanitize(text, ALICE)
    ages = [e for e in res.entities if e.type == "AGE"]
    assert len(ages) == 3
    assert ages[0].replacement == ages[1].replacement
    assert [e.epsilon for e in ages] == [0.5, 0.0, 0.5]


def test_monthly_and_annual_salary_stay_consistent(sanitizer: Sanitizer) -> None:
    text = "My monthly salary is $7,000 and my annual salary is $84,000. How much should I save?"
    res = sanitizer.sanitize(text, ALICE)
    money = [e for e in res.entities if e.type == "MONEY"]
    assert len(money) == 2
    monthly, annual = (parse_number(e.replacement).value for e in money)  # type: ignore[union-attr]
    assert annual == pytest.approx(12 * monthly, rel=0.002)  # rounding of the rendered number
    assert sum(e.epsilon for e in money) == pytest.approx(0.25)  # only the determinant is charged


def test_explicit_dependency_from_the_request(sanitizer: Sanitizer) -> None:
    text = "Income $90,000, deductions $10,000, taxable income $80,000."
    deps = [FunctionalDependency(dependent="$80,000", determinants={"$90,000": 1.0, "$10,000": -1.0})]
    res = sanitizer.sanitize(text, ALICE, dependencies=deps)
    values = [parse_number(e.replacement).value for e in res.entities]  # type: ignore[union-attr]
    assert values[2] == pytest.approx(values[0] - values[1], abs=100)
    assert res.entities[2].epsilon == 0.0


def test_sanitize_many_matches_single_calls(sanitizer: Sanitizer) -> None:
    texts = [EXAMPLE, "", "Nothing to hide here.", "Call Mary Johnson at (212) 555-0198."]
    many = sanitizer.sanitize_many(texts, ALICE)
    assert [m.text for m in many] == [sanitizer.sanitize(t, ALICE).text for t in texts]


def test_custom_regex_type_and_off_switch() -> None:
    config = PrmptConfig(custom_entities=[CustomEntity(name="EMPLOYEE_ID", regex=r"\bEMP-\d{6}\b")])
    config.entities["PERSON"] = EntityPolicy(category="off")
    s = Sanitizer(config)
    res = s.sanitize("John Smith has badge EMP-004211.", ALICE)
    assert "John Smith" in res.text
    (rec,) = res.entities
    assert rec.type == "EMPLOYEE_ID" and rec.replacement.startswith("EMP-")
    assert rec.replacement != "EMP-004211" and len(rec.replacement) == len("EMP-004211")
    assert s.desanitize(res.text, res.mapping) == "John Smith has badge EMP-004211."


def test_config_loads_from_yaml() -> None:
    raw = yaml.safe_load("""
entities:
  AGE: {category: mldp, eps: 1.0, scale: linear, unit: 1, min_value: 0, max_value: 120}
  MONEY: {category: mldp, eps: 0.5, scale: log, unit: 0.05}
  PERSON: {category: fpe, threshold: 0.7}
custom_entities:
  - {name: TICKET, regex: "TCK-[0-9]{5}", category: fpe}
restore_mldp_values: true
""")
    config = PrmptConfig.model_validate(raw)
    assert config.policy("MONEY").unit == 0.05 and config.policy("TICKET").category == "fpe"
    assert config.policy("UNKNOWN").category == "off"
    with pytest.raises(ValueError):
        PrmptConfig.model_validate({"entities": {"AGE": {"category": "encrypt"}}})


def test_no_socket_is_opened_while_loading_or_analysing(monkeypatch: pytest.MonkeyPatch) -> None:
    from mechanisms.prmpt.netcodecs import offline_tld_extractor

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    offline_tld_extractor.cache_clear()
    s = Sanitizer(PrmptConfig())
    s.load()
    res = s.sanitize("Write to ann.lee@example.co.uk or bob@startup.io, not www.example.com.", ALICE)
    assert res.entity_counts().get("EMAIL_ADDRESS") == 2


def test_values_never_reach_logs_or_reprs(sanitizer: Sanitizer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    res = sanitizer.sanitize(EXAMPLE, ALICE)
    sanitizer.desanitize(res.text, res.mapping)
    sanitizer.desanitize_stateless(res.text, ALICE)
    shown = caplog.text + repr(res) + "".join(repr(e) for e in res.entities)
    for value in STRUCTURED + [e.replacement for e in res.entities if len(e.replacement) >= 5]:
        assert value not in shown


def test_cli_functions_round_trip(sanitizer: Sanitizer) -> None:
    from mechanisms.prmpt import desanitize_command, sanitize_command

    as_json = sanitize_command(sanitizer, EXAMPLE, ALICE, as_json=True)
    assert json.loads(as_json)["entity_counts"]["US_SSN"] == 1
    assert desanitize_command(sanitizer, as_json, ALICE) == EXAMPLE  # sanitize --json | desanitize
    plain = sanitize_command(sanitizer, EXAMPLE, ALICE)
    assert desanitize_command(sanitizer, plain, ALICE, original=EXAMPLE) != plain
    restored = desanitize_command(sanitizer, plain, ALICE)  # key alone: Category I comes back
    assert all(v in restored for v in STRUCTURED)
    answer = "Done: " + plain.split(". ")[1]
    assert "john.smith@acme-corp.com" not in answer
    out = desanitize_command(sanitizer, answer, ALICE, mapping_json=as_json)
    assert "john.smith@acme-corp.com" in out and "(415) 555-0132" in out
