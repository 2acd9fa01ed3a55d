"""Functional dependencies between Category II values (Prmpt's helper string Psi, section 4.4).

Only determinants are noised; a dependent value is recomputed from the noised determinants
(post-processing, so it costs no privacy budget) and the prompt stays consistent, e.g. an annual
salary stays 12 times the monthly one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mechanisms.prmpt.config import DependencyRule, FunctionalDependency
from mechanisms.prmpt.numbers import parse_number


@dataclass(frozen=True)
class NumericSpan:
    """A Category II span with its parsed value (index = position in the sanitizer's span list)."""

    index: int
    entity_type: str
    start: int
    end: int
    text: str
    value: float


@dataclass(frozen=True)
class Derivation:
    """dependent = offset + sum(coef * noised(determinant))."""

    dependent: int
    terms: tuple[tuple[int, float], ...]
    offset: float = 0.0


def _find(spans: Sequence[NumericSpan], written: str) -> list[NumericSpan]:
    exact = [s for s in spans if s.text.strip() == written.strip()]
    if exact:
        return exact
    parsed = parse_number(written)
    if parsed is None:
        return []
    return [s for s in spans if abs(s.value - parsed.value) <= 1e-9 * max(1.0, abs(parsed.value))]


def explicit_derivations(spans: Sequence[NumericSpan],
                         dependencies: Sequence[FunctionalDependency]) -> list[Derivation]:
    """Derivations for the dependencies passed with the request (values named as written)."""
    out: list[Derivation] = []
    for dep in dependencies:
        terms: list[tuple[int, float]] = []
        for written, coef in dep.determinants.items():
            found = _find(spans, written)
            if not found:
                break
            terms.append((found[0].index, coef))
        else:
            det_indices = {i for i, _ in terms}
            for target in _find(spans, dep.dependent):
                if target.index not in det_indices:
                    out.append(Derivation(target.index, tuple(terms), dep.offset))
    return out


def rule_derivations(text: str, spans: Sequence[NumericSpan],
                     rules: Sequence[DependencyRule]) -> list[Derivation]:
    """Derivations found by the configured rules: the numbers must satisfy the relation already."""
    out: list[Derivation] = []
    taken: set[int] = set()
    for rule in rules:
        det_re = re.compile(rule.determinant_context, re.IGNORECASE)
        dep_re = re.compile(rule.dependent_context, re.IGNORECASE)
        typed = [s for s in spans if s.entity_type == rule.entity_type]
        for y in typed:
            if y.index in taken:
                continue
            around_y = text[max(0, y.start - rule.window): y.end + rule.window]
            if not dep_re.search(around_y):
                continue
            for x in typed:
                if x.index == y.index or x.value == 0:
                    continue
                if abs(y.value - rule.factor * x.value) > rule.tolerance * abs(y.value):
                    continue
                if det_re.search(text[max(0, x.start - rule.window): x.end + rule.window]):
                    out.append(Derivation(y.index, ((x.index, rule.factor),)))
                    taken.add(y.index)
                    break
    return out


def acyclic(derivations: Sequence[Derivation]) -> list[Derivation]:
    """One level only: a value that is itself derived cannot be a determinant (drop such rules)."""
    dependents: dict[int, Derivation] = {}
    for d in derivations:
        dependents.setdefault(d.dependent, d)
    return [d for d in dependents.values() if all(i not in dependents for i, _ in d.terms)]
