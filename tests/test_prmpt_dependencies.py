"""Public dependency rules (Prmpt's helper string): they fire by context alone, so whether the
originals satisfy a relation never shows in the output; per-request rules and their parsing."""

from __future__ import annotations

import re

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt import DependencyRule, FunctionalDependency, PrmptConfig, Sanitizer, parse_dependencies
from mechanisms.prmpt.annotator import Span
from mechanisms.prmpt.dependencies import DependencySpecError
from mechanisms.prmpt.numbers import parse_number

MASTER = MasterKey.from_bytes(bytes(range(32)))
SANITIZER = Sanitizer(PrmptConfig())  # spans are given by hand: no annotator needed
MONEY = re.compile(r"\$[\d,]+")


def sanitize(text: str, user: str = "alice", dependencies=()):  # type: ignore[no-untyped-def]
    spans = [Span("MONEY", m.start(), m.end(), 0.9) for m in MONEY.finditer(text)]
    return SANITIZER.apply(text, spans, MASTER.user_keys(user), dependencies)


def amounts(text: str) -> list[float]:
    return [parse_number(m.group(0)).value for m in MONEY.finditer(text)]  # type: ignore[union-attr]


@pytest.mark.parametrize("template", [
    "My monthly salary is {m} and my annual salary is {a}. How much should I save?",
    "I earn {m} per month, i.e. {a} per year.",
    "Annual rent: {a}; monthly rent: {m}.",
])
def test_satisfied_and_unsatisfied_originals_give_the_same_output(template: str) -> None:
    satisfied = template.format(m="$7,000", a="$84,000")
    unsatisfied = template.format(m="$7,000", a="$95,500")
    for i in range(30):
        a, b = sanitize(satisfied, f"user{i}"), sanitize(unsatisfied, f"user{i}")
        assert a.text == b.text  # the dependent is computed from the noised determinant only
        assert a.epsilon == b.epsilon == pytest.approx(0.25)  # only the determinant is charged
        values = amounts(a.text)
        monthly, annual = (values[1], values[0]) if template.startswith("Annual") else values
        assert annual == pytest.approx(12 * monthly)


def test_different_things_are_not_tied() -> None:
    res = sanitize("My monthly rent is $2,000 and my annual salary is $90,000.")
    assert res.epsilon == pytest.approx(0.5)  # both noised: rent and salary are different things
    assert [e.epsilon for e in res.entities] == [0.25, 0.25]


def test_explicit_and_per_request_rules() -> None:
    text = "My quarterly bonus is $3,000 and my annual bonus is $11,000."
    plain = sanitize(text)
    assert plain.epsilon == pytest.approx(0.5)
    rules = parse_dependencies('[{"type": "MONEY", "factor": 4, "determinant_context": "quarterly",'
                               ' "dependent_context": "annual"}]')
    res = sanitize(text, dependencies=rules)
    quarterly, annual = amounts(res.text)
    assert annual == pytest.approx(4 * quarterly) and res.epsilon == pytest.approx(0.25)
    explicit = parse_dependencies([{"dependent": "$11,000", "determinants": {"$3,000": 4, "$500": -1}}])
    assert isinstance(explicit[0], FunctionalDependency)
    text2 = "Bonus $3,000 per quarter, fees $500, net $11,000."
    q, fees, net = amounts(sanitize(text2, dependencies=explicit).text)
    assert net == pytest.approx(4 * q - fees)


@pytest.mark.parametrize("raw, where", [
    ("not json", "not valid JSON"), ('{"a": 1}', "expected a JSON array"), ("[1]", "expected an object"),
    ('[{"factor": -2}]', "factor"), ('[{"determinant_context": "(unclosed"}]', "determinant_context"),
    ('[{"dependent": "$84,000"}]', "determinants"), ('[{"type": "money"}]', "entity_type"),
    ("[" + ",".join(["{}"] * 17) + "]", "at most 16"),
])
def test_bad_specs_are_refused_without_echoing_values(raw: str, where: str) -> None:
    with pytest.raises(DependencySpecError) as err:
        parse_dependencies(raw)
    message = str(err.value)
    assert where in message
    assert "84,000" not in message and "unclosed" not in message and "-2" not in message


def test_empty_specs_and_defaults() -> None:
    assert parse_dependencies(None) == [] and parse_dependencies("  ") == [] and parse_dependencies("[]") == []
    (rule,) = parse_dependencies('[{}]')
    assert isinstance(rule, DependencyRule) and rule.factor == 12.0
