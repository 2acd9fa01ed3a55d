"""Known values: what the operator knows must never leave (a customer table), and what must never be
touched (the company's own name and address), whatever the statistical finders think.

* Sources (``prmpt.known_values.sources``): a CSV or JSONL file, or a SQL query against a SQLAlchemy
  URL (``sqlite:///...`` is read with the standard library; other URLs, e.g. ``postgresql://``, need
  SQLAlchemy and the database's driver). Each source says which entity type each column is.
* Matching: one Aho-Corasick automaton over every seeded value, run on the normalised view of the
  text (:mod:`normalize`: Unicode digits, space and dash variants, zero-width characters) in lower
  case, so the cost is linear in the text whatever the number of seeds. A match counts only at word
  boundaries. A seeded full name also seeds its surname alone (so "Mr Okafor" is found), unless the
  surname is an everyday word. Found values become spans of their type (score 1.0): they get their
  type's stand-in and are restored like any other value, and they win over every other finder.
* Never-touch strings and patterns (``never``, ``never_patterns``) remove every span that overlaps
  them, the NER's included.
* Reloading: a watcher thread reloads a file source when its modification time changes and re-runs a
  SQL source every ``refresh_seconds``; the new automaton replaces the old one in one assignment, so
  requests never wait and never see half a set. A source that fails keeps its last good values and
  reports the failure (source name and error class, never a value) in :meth:`KnownValues.status`.
* Memory: the automaton holds the normalised lower-case values and their types, nothing else; no
  value is ever logged.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mechanisms.prmpt.config import KnownSource, KnownValuesConfig
from mechanisms.prmpt.normalize import lower_same_length, normalize_value, view
from mechanisms.prmpt.spans import Span

log = logging.getLogger("veil.known_values")


def fold(text: str) -> str:
    """The matching form: normalised, lower case one character for one, runs of spaces as one space."""
    lowered = lower_same_length(normalize_value(text))
    return " ".join(lowered.split())


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


# ------------------------------------------------------------------------------------------- loading
def read_rows(source: KnownSource) -> Iterator[dict[str, Any]]:
    """The rows of a source (dicts keyed by column)."""
    if source.path is not None:
        path = Path(source.path)
        with open(path, encoding="utf-8", newline="") as f:
            if path.suffix.lower() in (".jsonl", ".ndjson"):
                for line in f:
                    if line.strip():
                        yield json.loads(line)
            else:
                yield from csv.DictReader(f)
        return
    assert source.url is not None and source.query is not None
    if source.url.startswith("sqlite:///"):
        import sqlite3

        conn = sqlite3.connect(f"file:{source.url[len('sqlite:///'):]}?mode=ro", uri=True)
        try:
            cursor = conn.execute(source.query)
            names = [d[0] for d in cursor.description]
            for row in cursor:
                yield dict(zip(names, row))
        finally:
            conn.close()
        return
    try:
        import sqlalchemy
    except ImportError:
        raise RuntimeError("this source's URL needs SQLAlchemy and the database's driver installed") from None
    engine = sqlalchemy.create_engine(source.url)
    try:
        with engine.connect() as db:
            for row in db.execute(sqlalchemy.text(source.query)).mappings():
                yield dict(row)
    finally:
        engine.dispose()


def seeds_of(source: KnownSource, rows: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Entity type -> its seeded values of this source, folded, one per line (a compact form: a million
    values are one string per type, not a million objects)."""
    out: dict[str, io.StringIO] = {}
    for row in rows:
        for column, entity_type in source.columns.items():
            value = row.get(column)
            key = fold(str(value)) if value is not None else ""
            if len(key) >= 2 and "\n" not in key:
                out.setdefault(entity_type, io.StringIO()).write(key + "\n")
    return {entity_type: buffer.getvalue()[:-1] for entity_type, buffer in out.items()}


# ------------------------------------------------------------------------------------------ matching
@dataclass
class Matcher:
    """One immutable automaton: folded value -> entity type (PERSON parts included). Each entry stores
    one integer (type index and length), so a million seeds cost the trie and little more."""

    automaton: Any = None
    types: tuple[str, ...] = ()
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # source -> type -> values

    @classmethod
    def build(cls, seeds: Iterable[tuple[str, str]], name_parts: bool = True) -> Matcher:
        """From (value, type) pairs (folded here)."""
        grouped: dict[str, list[str]] = {}
        for value, entity_type in seeds:
            grouped.setdefault(entity_type, []).append(fold(value))
        return cls.from_folded([{t: "\n".join(keys) for t, keys in grouped.items()}], name_parts)

    @classmethod
    def from_folded(cls, sources: Iterable[dict[str, str]], name_parts: bool = True) -> Matcher:
        """From each source's {type: folded values, one per line}."""
        import ahocorasick

        from mechanisms.prmpt.entities.people import name_index

        index = name_index() if name_parts else None
        automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        types: list[str] = []
        for source in sources:
            for entity_type, joined in source.items():
                if entity_type not in types:
                    types.append(entity_type)
                code = types.index(entity_type) << 16
                for key in joined.split("\n"):
                    if 2 <= len(key) < 65536:
                        automaton.add_word(key, code | len(key))
                    if index is not None and entity_type == "PERSON" and " " in key:
                        surname = key.rsplit(" ", 1)[1]
                        if len(surname) >= 3 and not index.is_common(surname) and not automaton.exists(surname):
                            automaton.add_word(surname, (types.index("PERSON") << 16) | len(surname))
        if len(automaton) == 0:
            return cls(None)
        automaton.make_automaton()
        return cls(automaton, tuple(types))

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, type) in ``text``'s own offsets, longest first where two overlap."""
        if self.automaton is None or not text:
            return []
        v = view(text)
        low = lower_same_length(v.text)
        squeezed, origin = _squeeze_spaces(low)
        hits = []
        for end, code in self.automaton.iter(squeezed):
            length, entity_type = code & 0xFFFF, self.types[code >> 16]
            start = end - length + 1
            if start > 0 and _is_word(squeezed[start - 1]) and _is_word(squeezed[start]):
                continue
            if end + 1 < len(squeezed) and _is_word(squeezed[end]) and _is_word(squeezed[end + 1]):
                continue
            hits.append((origin[start], origin[end] + 1, entity_type))
        hits.sort(key=lambda h: (-(h[1] - h[0]), h[0]))
        kept: list[tuple[int, int, str]] = []
        for a, b, t in hits:
            if all(b <= x or a >= y for x, y, _ in kept):
                kept.append((a, b, t))
        return [(*v.span(a, b), t) for a, b, t in sorted(kept)]


def _squeeze_spaces(text: str) -> tuple[str, list[int]]:
    """``text`` with runs of spaces as one space, and each kept character's index in ``text``."""
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch == " " and out and out[-1] == " ":
            continue
        out.append(ch)
        origin.append(i)
    return "".join(out), origin


# ------------------------------------------------------------------------------------------- service
class KnownValues:
    """The configured sources, loaded and kept current; ``apply`` and ``drop_never`` edit span lists."""

    def __init__(self, config: KnownValuesConfig) -> None:
        self.config = config
        self.matcher = Matcher()
        self.never = Matcher()
        self._never_patterns = [re.compile(p) for p in config.never_patterns]
        self._seeds: dict[str, dict[str, str]] = {}  # source name -> its last good seeds (type -> folded lines)
        self._stamps: dict[str, float] = {}
        self._errors: dict[str, str] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.load_seconds = 0.0

    @property
    def enabled(self) -> bool:
        return bool(self.config.sources or self.config.never or self.config.never_patterns)

    def load(self) -> None:
        """Read every source now (the last good values stay where one fails), then build."""
        t0 = time.perf_counter()
        for source in self.config.sources:
            self._read(source)
        self._rebuild()
        self.never = Matcher.build(((v, "NEVER") for v in self.config.never), name_parts=False)
        self.load_seconds = time.perf_counter() - t0

    def _stamp(self, source: KnownSource) -> float:
        if source.path is not None:
            return Path(source.path).stat().st_mtime
        return time.monotonic() // source.refresh_seconds

    def _read(self, source: KnownSource) -> bool:
        try:
            stamp = self._stamp(source)
            if source.name in self._seeds and self._stamps.get(source.name) == stamp:
                return False
            seeds = seeds_of(source, read_rows(source))
        except Exception as exc:  # noqa: BLE001 - a failing source keeps its last good values
            self._errors[source.name] = type(exc).__name__
            log.warning("known values: source %r failed to load (%s); keeping its last good values",
                        source.name, type(exc).__name__)
            return False
        self._seeds[source.name] = seeds
        self._stamps[source.name] = stamp
        self._errors.pop(source.name, None)
        return True

    def _rebuild(self) -> None:
        matcher = Matcher.from_folded(self._seeds.values(), self.config.name_parts)
        matcher.counts = {name: {t: joined.count("\n") + 1 for t, joined in by_type.items()}
                          for name, by_type in self._seeds.items()}
        self.matcher = matcher  # one assignment: requests see the old set or the new one

    def refresh(self) -> bool:
        """Re-read the sources that changed; True when the set changed."""
        with self._lock:
            changed = [self._read(source) for source in self.config.sources]
            if any(changed):
                self._rebuild()
            return any(changed)

    def start(self) -> None:
        """Watch the sources in a daemon thread (idempotent)."""
        if self._thread is not None or not self.config.sources:
            return
        self._thread = threading.Thread(target=self._watch, name="veil-known-values", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _watch(self) -> None:
        while not self._stop.wait(self.config.check_seconds):
            self.refresh()

    def status(self) -> dict[str, Any]:
        """Counts per source and type, and failures (source name and error class only)."""
        return {"sources": {name: counts for name, counts in self.matcher.counts.items()},
                "failed": dict(self._errors), "load_seconds": round(self.load_seconds, 3)}

    # ---- span lists
    def apply(self, text: str, spans: Sequence[Span], lang: str) -> list[Span]:
        """Seeded values found in ``text`` become spans and replace the spans they overlap."""
        found = self.matcher.find(text)
        if not found:
            return list(spans)
        known = [Span(t, a, b, 1.0, lang, "known value") for a, b, t in found]
        kept = [s for s in spans if all(s.end <= k.start or s.start >= k.end for k in known)]
        return sorted(kept + known, key=lambda s: s.start)

    def drop_never(self, text: str, spans: Sequence[Span]) -> list[Span]:
        """Spans that overlap a never-touch value are removed."""
        if not spans:
            return list(spans)
        ranges = [(a, b) for a, b, _ in self.never.find(text)]
        ranges += [m.span() for p in self._never_patterns for m in p.finditer(text) if m.end() > m.start()]
        if not ranges:
            return list(spans)
        return [s for s in spans if all(s.end <= a or s.start >= b for a, b in ranges)]
