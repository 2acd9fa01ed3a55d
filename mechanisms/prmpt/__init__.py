"""Prmpt: type-aware prompt sanitization (format-preserving encryption + metric local DP).

Public API (the proxy and the CLI use only these names)::

    from mechanisms.prmpt import PrmptConfig, Sanitizer, SanitizedText, EntityRecord, StreamingRestorer
    s = Sanitizer(PrmptConfig()); s.load()
    res = s.sanitize(text, keys)          # keys: mechanisms.keys.UserKeys
    s.desanitize(answer, res.mapping)

Importing this package does no I/O and does not import Presidio or spaCy (``load()`` does).
"""

from mechanisms.prmpt.commands import desanitize_command, sanitize_command
from mechanisms.prmpt.config import (
    CustomEntity,
    DependencyRule,
    EntityPolicy,
    FunctionalDependency,
    PrmptConfig,
)
from mechanisms.prmpt.dependencies import DependencySpecError, parse_dependencies
from mechanisms.prmpt.records import EntityRecord, SanitizedText
from mechanisms.prmpt.restore import RestorePlan, StreamingRestorer, restore
from mechanisms.prmpt.sanitizer import Sanitizer, build_codecs

__all__ = [
    "CustomEntity",
    "DependencyRule",
    "DependencySpecError",
    "EntityPolicy",
    "EntityRecord",
    "FunctionalDependency",
    "PrmptConfig",
    "RestorePlan",
    "SanitizedText",
    "Sanitizer",
    "StreamingRestorer",
    "build_codecs",
    "desanitize_command",
    "parse_dependencies",
    "restore",
    "sanitize_command",
]
