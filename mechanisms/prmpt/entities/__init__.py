"""The entity registry: one record per type (finders, codec or noiser, validator, stateless
finder, default policy, overlap tier), one small module per family of types.

Adding a type touches one place: write its record (``EntityType``) in the family module (or a new
module listed in ``_FAMILIES``). The annotator, the sanitizer's codecs, the stateless finders and
the default configuration all read this registry. Importing it does not import Presidio or spaCy.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from mechanisms.prmpt.entities.base import EntityType, Finder, Found, Noiser, RegexFinder

_FAMILIES = ("people", "contact", "quantities", "finance", "government", "national_ids", "health",
             "vehicles", "devices", "addresses", "geo", "dates", "credentials", "references", "ner_types")


@lru_cache(maxsize=1)
def registry() -> dict[str, EntityType]:
    """Every known type by name, in family order."""
    out: dict[str, EntityType] = {}
    for family in _FAMILIES:
        module = importlib.import_module(f"mechanisms.prmpt.entities.{family}")
        for record in module.TYPES:
            if record.name in out:
                raise ValueError(f"entity type {record.name} registered twice")
            out[record.name] = record
    return out


def record(entity_type: str) -> EntityType | None:
    return registry().get(entity_type)


@lru_cache(maxsize=1)
def _tiers() -> dict[str, int]:
    return {name: rec.tier for name, rec in registry().items()}


def tier(entity_type: str) -> int:
    """The overlap-resolution tier of a type (custom types: 1)."""
    return _tiers().get(entity_type, 1)


__all__ = ["EntityType", "Finder", "Found", "Noiser", "RegexFinder", "record", "registry", "tier"]
