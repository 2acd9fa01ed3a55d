"""Functional dependencies between Category II values (Prmpt's helper string Psi, section 4.4).

Only determinants are noised; a dependent value is recomputed from the noised determinants
(post-processing, so it costs no privacy budget) and the prompt stays consistent, e.g. an annual
salary stays 12 times the monthly one.

The helper string is public, supplied by the user (configured rules, or per request: see
:func:`parse_dependencies`), and never conditioned on the data: a rule fires by context alone,
whether or not the original values satisfy it, so the output does not tell which they do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

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


# A qualifier word belongs to the value in its own clause: these separate clauses.
_CLAUSE_BREAK = re.compile(r"[.;!?\n(),]|\b(?:and|but|while|whereas|or|plus|so)\b", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s*([A-Za-z]+)")
_FILLERS = frozenset({"is", "was", "are", "were", "be", "of", "at", "about", "around", "roughly",
                      "approximately", "amount", "total", "net", "gross", "the", "a", "an",
                      "my", "our", "his", "her", "their", "your", "i", "we", "it", "comes", "to"})


@dataclass(frozen=True)
class _Qualifier:
    """A context word of a rule, attached to one value, with the thing it names ("salary")."""

    span: int
    thing: str | None


def _clause_distance(text: str, a: int, b: int) -> tuple[int, int]:
    gap = text[min(a, b):max(a, b)]
    return len(_CLAUSE_BREAK.findall(gap)), len(gap)


def _qualifiers(text: str, spans: Sequence[NumericSpan], pattern: re.Pattern[str],
                window: int) -> list[_Qualifier]:
    """Each match of ``pattern`` qualifies the nearest value within ``window`` characters, nearest
    counted in clause breaks first, then in characters ("monthly salary is $7,000 and my annual
    salary is $84,000": "annual" belongs to $84,000, not to the nearer $7,000)."""
    out = []
    for m in pattern.finditer(text):
        best: tuple[tuple[int, int], NumericSpan] | None = None
        for s in spans:
            if s.start >= m.end() and s.start - m.end() <= window:
                dist = _clause_distance(text, m.end(), s.start)
            elif s.end <= m.start() and m.start() - s.end <= window:
                dist = _clause_distance(text, s.end, m.start())
            else:
                continue
            if best is None or dist < best[0]:
                best = (dist, s)
        if best is None:
            continue
        out.append(_Qualifier(best[1].index, _thing(text, m.end(), best[1].start)))
    return out


def _thing(text: str, after: int, value_start: int) -> str | None:
    """The first non-filler word between a qualifier and the value it precedes ("salary")."""
    pos = after
    while pos < value_start:
        word = _NEXT_WORD.match(text, pos)
        if word is None or word.end() > value_start:
            return None
        if word.group(1).lower() not in _FILLERS:
            return word.group(1).lower().rstrip("s")
        pos = word.end()
    return None


def rule_derivations(text: str, spans: Sequence[NumericSpan],
                     rules: Sequence[DependencyRule]) -> list[Derivation]:
    """Derivations by public rules: context alone decides, never the values (Prmpt's helper string).

    A value qualified by the rule's dependent context (and not by its determinant context) is
    derived from the nearest value of the same type qualified by the determinant context, when
    both name the same thing or neither names one ("monthly salary" / "annual salary"; "per
    month" / "a year"). Whether the originals satisfy the relation plays no part, so the output
    does not reveal it.
    """
    out: list[Derivation] = []
    taken: set[int] = set()
    for rule in rules:
        typed = [s for s in spans if s.entity_type == rule.entity_type]
        if len(typed) < 2:
            continue
        det = _qualifiers(text, typed, re.compile(rule.determinant_context, re.IGNORECASE), rule.window)
        dep = _qualifiers(text, typed, re.compile(rule.dependent_context, re.IGNORECASE), rule.window)
        det_spans, dep_spans = {q.span for q in det}, {q.span for q in dep}
        by_index = {s.index: s for s in typed}
        for q in dep:
            if q.span in det_spans or q.span in taken:
                continue
            here = by_index[q.span]
            candidates = [d for d in det if d.span not in dep_spans and d.thing == q.thing]
            if not candidates:
                continue
            source = min(candidates, key=lambda d: abs(by_index[d.span].start - here.start))
            out.append(Derivation(q.span, ((source.span, rule.factor),)))
            taken.add(q.span)
    return out


def acyclic(derivations: Sequence[Derivation]) -> list[Derivation]:
    """One level only: a value that is itself derived cannot be a determinant (drop such rules)."""
    dependents: dict[int, Derivation] = {}
    for d in derivations:
        dependents.setdefault(d.dependent, d)
    return [d for d in dependents.values() if all(i not in dependents for i, _ in d.terms)]


MAX_REQUEST_DEPENDENCIES = 16
MAX_SPEC_CHARS = 8192


class DependencySpecError(ValueError):
    """A per-request dependency list is malformed (the message names fields, never values)."""


def parse_dependencies(raw: str | bytes | Sequence[Any] | None) -> list[FunctionalDependency | DependencyRule]:
    """Parse a per-request helper string: the ``X-Veil-Dependencies`` header or the body's
    ``veil.dependencies`` (docs/prmpt.md, "Dependencies").

    ``raw`` is a JSON array (text, or already decoded) of at most 16 objects, each either a rule
    ``{"entity_type": "MONEY", "factor": 12, "determinant_context": "monthly",
    "dependent_context": "annual", "window": 40}`` (``"type"`` is accepted for ``entity_type``) or
    an explicit dependency ``{"dependent": "$84,000", "determinants": {"$7,000": 12}, "offset": 0}``
    naming values as written in the prompt. Empty or None gives []. Raises
    :class:`DependencySpecError`, whose message never contains the values or patterns.
    """
    if raw is None:
        return []
    if isinstance(raw, (str, bytes)):
        if len(raw) > MAX_SPEC_CHARS:
            raise DependencySpecError(f"dependencies: longer than {MAX_SPEC_CHARS} characters")
        if not raw.strip():
            return []
        try:
            raw = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise DependencySpecError("dependencies: not valid JSON") from None
    if not isinstance(raw, list):
        raise DependencySpecError("dependencies: expected a JSON array")
    if len(raw) > MAX_REQUEST_DEPENDENCIES:
        raise DependencySpecError(f"dependencies: at most {MAX_REQUEST_DEPENDENCIES} entries")
    return [_parse_entry(i, entry) for i, entry in enumerate(raw)]


def _parse_entry(i: int, entry: Any) -> FunctionalDependency | DependencyRule:
    if not isinstance(entry, dict):
        raise DependencySpecError(f"dependencies[{i}]: expected an object")
    data = dict(entry)
    if "type" in data and "entity_type" not in data:
        data["entity_type"] = data.pop("type")
    model: type[FunctionalDependency] | type[DependencyRule] = (
        FunctionalDependency if "dependent" in data else DependencyRule)
    try:
        return model.model_validate(data)
    except ValidationError as exc:  # report where, never what (values are personal data)
        fields = sorted({".".join(str(p) for p in err["loc"]) or "entry" for err in exc.errors()})
        raise DependencySpecError(f"dependencies[{i}]: invalid {', '.join(fields)}") from None
