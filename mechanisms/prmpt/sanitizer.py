"""Prmpt's Sanitize and Desanitize (Prmpt section 4.4, Algorithms 2 and 3).

Sanitize: annotate -> Category I spans through their FPE codec, Category II spans through the
mLDP mechanism (randomness from a keyed PRF of (user, type, value)), dependent values derived.
Desanitize: within a request, the mapping it produced (tolerant restore); statelessly, by finding
values in encrypted formats and decrypting them, optionally only those whose plaintext occurs in
a given original (done by re-sanitizing the original, which is deterministic).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from mechanisms.keys import UserKeys
from mechanisms.prmpt.annotator import Span, TypeAnnotator
from mechanisms.prmpt.codecs import AlnumCodec, FormatPreservingCodec
from mechanisms.prmpt.config import DependencyRule, EntityPolicy, FunctionalDependency, PrmptConfig
from mechanisms.prmpt.dependencies import NumericSpan, acyclic, explicit_derivations, rule_derivations
from mechanisms.prmpt.entities.base import Noiser
from mechanisms.prmpt.mldp import Grid, perturb, uniforms_from_bytes
from mechanisms.prmpt.names import TITLE_BEFORE, NameCodec, RequestNames, load_name_lists, person_occurrences
from mechanisms.prmpt.netcodecs import EmailCodec, offline_tld_extractor
from mechanisms.prmpt.normalize import normalize_value
from mechanisms.prmpt.numbers import ParsedNumber, parse_number, replace_number, written_value
from mechanisms.prmpt.permutation import DomainError
from mechanisms.prmpt.records import EntityRecord, SanitizedText
from mechanisms.prmpt.restore import RestorePlan, restore
from mechanisms.prmpt.stateless import find_ciphertexts


def build_codecs(config: PrmptConfig) -> dict[str, FormatPreservingCodec]:
    """The dedicated codec of every registered type that has one (``mechanisms/prmpt/entities``);
    other ``fpe`` types get the generic alphanumeric codec."""
    from mechanisms.prmpt.entities import registry

    return {name: rec.codec(config) for name, rec in registry().items() if rec.codec is not None}


def build_noisers(config: PrmptConfig) -> dict[str, Noiser]:
    """Category II mechanisms for values that are not plain numbers (dates), by type."""
    from mechanisms.prmpt.entities import registry

    return {name: rec.noiser for name, rec in registry().items() if rec.noiser is not None}


_LETTERS = re.compile(r"[^\W\d_]+")
_INITIAL = re.compile(r"(?<!\w)([A-Z])\.")  # a capital written as an initial ("B.", "J.-P.", "S.K.")


class Sanitizer:
    """Prmpt for one configuration. Construction is cheap; ``load()`` loads spaCy + Presidio once."""

    def __init__(self, config: PrmptConfig | None = None) -> None:
        self.config = config or PrmptConfig()
        self.annotator = TypeAnnotator(self.config)
        self._codecs = build_codecs(self.config)
        self._noisers = build_noisers(self.config)
        for custom in self.config.custom_entities:
            self._codecs.setdefault(custom.name, AlnumCodec(custom.name, custom.fpe_classes))
        _quiet_third_party_loggers()

    @property
    def ready(self) -> bool:
        return self.annotator.ready

    def load(self) -> None:
        """Load the annotator and warm the lazily built tables (thread-safe, idempotent)."""
        self.annotator.load()
        self.load_codecs()
        from mechanisms.prmpt.entities.addresses import street_names
        from mechanisms.prmpt.entities.people import name_index

        street_names()
        name_index()

    def load_codecs(self) -> None:
        """What encryption reads (name lists, the public suffix list): all a process needs when its
        spans are found elsewhere (the ``prmpt_detect`` lane on Ray)."""
        load_name_lists(self.config.name_list_version)
        offline_tld_extractor()

    def codec(self, entity_type: str) -> FormatPreservingCodec:
        return self._codecs.get(entity_type) or AlnumCodec(entity_type)

    # ------------------------------------------------------------------ sanitize
    def sanitize(self, text: str, keys: UserKeys,
                 dependencies: Sequence[FunctionalDependency | DependencyRule] = ()) -> SanitizedText:
        """Sanitize one text for one user (see the module docstring)."""
        return self.apply(text, self.annotator.annotate(text), keys, dependencies)

    def sanitize_many(self, texts: Sequence[str], keys: UserKeys,
                      dependencies: Sequence[FunctionalDependency | DependencyRule] = ()) -> list[SanitizedText]:
        """Batch form for the many text fields of one request (one spaCy pass per language).

        A value found in any of the texts is replaced wherever it recurs in all of them (and a found
        name's parts where they stand alone), so the request is sanitized consistently.
        """
        return self.apply_many(texts, self.annotator.annotate_many(texts), keys, dependencies)

    def sanitize_requests(self, jobs: Sequence[tuple[Sequence[str], UserKeys, Sequence[Any]]]) -> list[Any]:
        """Several requests' texts at once: (texts, keys, dependencies) per request -> its results, or
        the exception that failed it. All texts share one NER pass; then each request on its own:
        values found in one of its texts are found again in its other texts (never in another
        request's), and its texts are encrypted under its own keys."""
        from mechanisms.prmpt.detect import detect_requests

        return self.apply_requests(jobs, detect_requests(self.annotator, [job[0] for job in jobs]))

    def apply_requests(self, jobs: Sequence[tuple[Sequence[str], UserKeys, Sequence[Any]]],
                       found: Sequence[Sequence[Sequence[Span]] | Exception]) -> list[Any]:
        """The second half of ``sanitize_requests``, given each request's spans as detection returns
        them (``mechanisms.prmpt.detect``, here or in a detection replica) or the exception that
        failed its detection: encrypt, noise and assemble each request under its own keys."""
        out: list[Any] = []
        for (texts, keys, dependencies), spans in zip(jobs, found, strict=True):
            if isinstance(spans, Exception):
                out.append(spans)
                continue
            try:
                out.append(self.apply_many(texts, spans, keys, dependencies))
            except Exception as exc:  # noqa: BLE001 - that request fails closed
                out.append(exc)
        return out

    def apply_many(self, texts: Sequence[str], spans: Sequence[Sequence[Span]], keys: UserKeys,
                   dependencies: Sequence[FunctionalDependency | DependencyRule] = ()) -> list[SanitizedText]:
        """``apply`` for the texts of one request: their names share one ``RequestNames``, so a
        name part has one stand-in in every text and two names never share one."""
        names = self._request_names(texts, spans, keys)
        return [self.apply(t, s, keys, dependencies, names) for t, s in zip(texts, spans)]

    def _request_names(self, texts: Sequence[str], spans: Sequence[Sequence[Span]],
                       keys: UserKeys) -> RequestNames:
        occurrences = [occ for text, text_spans in zip(texts, spans)
                       for occ in person_occurrences(text, [(s.start, s.end) for s in text_spans
                                                            if s.entity_type == "PERSON"])]
        words = {w.lower() for text in texts for w in _LETTERS.findall(text)}
        initials = {m.group(1) for text in texts for m in _INITIAL.finditer(text)}
        return RequestNames(keys, self.config.name_list_version, occurrences, words, initials)

    def apply(self, text: str, spans: Sequence[Span], keys: UserKeys,
              dependencies: Sequence[FunctionalDependency | DependencyRule] = (),
              names: RequestNames | None = None) -> SanitizedText:
        """Sanitize ``text`` given its annotation (non-overlapping spans, sorted by start)."""
        if names is None:
            names = self._request_names([text], [spans], keys)
        replacements: dict[int, tuple[str, str, float]] = {}  # span index -> (category, new, eps)
        parts: dict[int, dict[str, str]] = {}  # span index -> name-part mapping entries
        numeric: list[NumericSpan] = []
        parsed: dict[int, ParsedNumber] = {}
        charged: set[tuple[str, str]] = set()
        for i, span in enumerate(spans):
            value = normalize_value(text[span.start:span.end])  # the stand-in of what the user meant
            policy = self.config.policy(span.entity_type)
            if policy.category == "fpe":
                new, parts[i] = self._encrypt(span.entity_type, value, keys, names,
                                              text[max(0, span.start - 8):span.start])
                replacements[i] = ("fpe", new, 0.0)
            elif policy.category == "mldp" and span.entity_type in self._noisers:
                replacements[i] = self._noise_value(span, value, policy, keys, charged)
            elif policy.category == "mldp":
                number = parse_number(value)
                if number is not None:
                    parsed[i] = number
                    numeric.append(NumericSpan(i, span.entity_type, span.start, span.end, value,
                                               number.value))
        replacements.update(self._noise(text, spans, numeric, parsed, keys, dependencies))
        return self._assemble(text, spans, replacements, parts)

    def _encrypt(self, entity_type: str, value: str, keys: UserKeys, names: RequestNames,
                 before: str) -> tuple[str, dict[str, str]]:
        """(stand-in, extra mapping entries): names and emails get the request's realistic stand-ins."""
        codec = self.codec(entity_type)
        try:
            if isinstance(codec, NameCodec):
                return names.person(value, bool(TITLE_BEFORE.search(before)))
            if isinstance(codec, EmailCodec):
                return codec.encrypt_in(value, names), {}
            return codec.encrypt(value, keys), {}
        except DomainError:
            # A detected value that does not fit its type's format is still hidden, generically.
            return AlnumCodec(f"{entity_type}|fallback").encrypt(value, keys), {}

    def _noise_value(self, span: Span, value: str, policy: EntityPolicy, keys: UserKeys,
                     charged: set[tuple[str, str]]) -> tuple[str, str, float]:
        """A non-numeric Category II value (a date) through its type's noiser; a value the noiser
        cannot read is still hidden, by the generic codec. A repeat is charged once (same noise)."""
        noised = self._noisers[span.entity_type](value, policy, keys, span.lang)
        if noised is None:
            return "fpe", AlnumCodec(f"{span.entity_type}|fallback").encrypt(value, keys), 0.0
        eps = 0.0 if (span.entity_type, value) in charged else policy.eps
        charged.add((span.entity_type, value))
        return "mldp", noised, eps

    def _noise(self, text: str, spans: Sequence[Span], numeric: list[NumericSpan],
               parsed: dict[int, ParsedNumber], keys: UserKeys,
               dependencies: Sequence[FunctionalDependency | DependencyRule]) -> dict[int, tuple[str, str, float]]:
        explicit = [d for d in dependencies if isinstance(d, FunctionalDependency)]
        rules = list(self.config.dependency_rules) + [d for d in dependencies if isinstance(d, DependencyRule)]
        derivations = acyclic(explicit_derivations(numeric, explicit) + rule_derivations(text, numeric, rules))
        derived = {d.dependent: d for d in derivations}
        written: dict[int, float] = {}  # determinant -> the noised value as the provider reads it
        charged: set[tuple[str, float]] = set()
        out: dict[int, tuple[str, str, float]] = {}
        for span in numeric:
            if span.index in derived:
                continue
            policy = self.config.policy(span.entity_type)
            noisy = self._perturb(span.entity_type, span.value, policy, keys)
            written[span.index] = written_value(noisy, parsed[span.index].style, policy.significant_figures)
            key = (span.entity_type, span.value)
            eps = 0.0 if key in charged else policy.eps  # a repeat gets the same noise: no new cost
            charged.add(key)
            out[span.index] = ("mldp", self.render(span.entity_type, span.text, parsed[span.index], noisy), eps)
        for d in derived.values():
            # post-processing of the determinants' outputs (never of the dependent's original)
            value = d.offset + sum(c * written[i] for i, c in d.terms)
            written_as = normalize_value(text[spans[d.dependent].start:spans[d.dependent].end])
            new = replace_number(written_as, parsed[d.dependent], value)
            out[d.dependent] = ("mldp", new, 0.0)
        return out

    def render(self, entity_type: str, span_text: str, parsed: ParsedNumber, noisy: float) -> str:
        """How a noised value is written: its span's format and the type's significant figures only."""
        return replace_number(span_text, parsed, noisy, self.config.policy(entity_type).significant_figures)

    def _perturb(self, entity_type: str, value: float, policy: EntityPolicy, keys: UserKeys) -> float:
        magnitude = abs(value)
        if magnitude == 0 and policy.scale == "log":
            return value  # zero has no place on a log grid; it is left as it is (documented)
        grid = Grid(policy.scale, policy.unit, policy.min_value, policy.max_value)
        u_side, u_mag, u_cell = uniforms_from_bytes(keys.prf("mldp", entity_type, repr(magnitude)), 3)
        noisy = perturb(magnitude, grid, policy.eps, u_side, u_mag, u_cell)
        return -noisy if value < 0 else noisy

    def _assemble(self, text: str, spans: Sequence[Span], replacements: dict[int, tuple[str, str, float]],
                  parts: dict[int, dict[str, str]]) -> SanitizedText:
        pieces: list[str] = []
        records: list[EntityRecord] = []
        mapping: dict[str, str] = {}
        mldp_mapping: dict[str, str] = {}
        cursor, out_len = 0, 0
        for i, span in enumerate(spans):
            if i not in replacements:
                continue
            category, new, eps = replacements[i]
            if category == "fpe" and new == text[span.start:span.end]:
                continue  # left as it is (a title alone, a loopback address): nothing was hidden
            pieces.append(text[cursor:span.start])
            out_len += span.start - cursor
            original = text[span.start:span.end]
            records.append(EntityRecord(span.entity_type, "fpe" if category == "fpe" else "mldp",
                                        span.start, span.end, new, eps, out_len, out_len + len(new),
                                        span.score, span.finder))
            if new != original:
                (mapping if category == "fpe" else mldp_mapping)[new] = original
            for stand_in, part in parts.get(i, {}).items():  # "Mr. <last>", "<first>" alone, ...
                mapping.setdefault(stand_in, part)
            pieces.append(new)
            out_len += len(new)
            cursor = span.end
        pieces.append(text[cursor:])
        if self.config.restore_mldp_values:
            mapping = {**mldp_mapping, **mapping}
        return SanitizedText("".join(pieces), records, mapping, mldp_mapping)

    # ---------------------------------------------------------------- desanitize
    def desanitize(self, text: str, mapping: dict[str, str] | RestorePlan) -> str:
        """Restore the stand-ins of one request (exact, and tolerant of case, possessives, digits)."""
        return restore(text, mapping)

    def desanitize_stateless(self, text: str, keys: UserKeys, original: str | None = None,
                             include_mldp: bool | None = None,
                             dependencies: Sequence[FunctionalDependency | DependencyRule] = ()) -> str:
        """Desanitize with the key alone.

        With ``original``: only values of the original come back: the original is re-sanitized
        (deterministic FPE and PRF noise), and its mapping restored (noised values too when
        ``include_mldp``, default ``config.restore_mldp_values``; pass the request's
        ``dependencies`` so derived values match). Without: every value in an
        encrypted format is decrypted, which may also "decrypt" values the LLM made up.
        """
        if original is not None:
            redo = self.sanitize(original, keys, dependencies)
            mldp = self.config.restore_mldp_values if include_mldp is None else include_mldp
            return restore(text, redo.restore_mapping(include_mldp=mldp))
        spans = find_ciphertexts(text, self.annotator, self.config)
        pieces, cursor = [], 0
        for span in spans:
            try:
                plain = self.codec(span.entity_type).decrypt(normalize_value(text[span.start:span.end]), keys)
            except DomainError:
                continue
            pieces.append(text[cursor:span.start])
            pieces.append(plain)
            cursor = span.end
        pieces.append(text[cursor:])
        return "".join(pieces)


def _quiet_third_party_loggers() -> None:
    """Presidio logs context words (prompt text) and ff3 logs tweaks at DEBUG: never let them."""
    for name in ("presidio-analyzer", "ff3"):
        logger = logging.getLogger(name)
        if logger.level < logging.WARNING:  # NOTSET (0) would inherit a DEBUG root
            logger.setLevel(logging.WARNING)
