"""The result of sanitizing one text: the sanitized text, one record per entity, the mapping.

These objects hold personal data (``mapping`` holds originals): never log them. ``to_dict`` is the
JSON form of ``veil sanitize --json`` and ``from_dict`` reads it back for ``veil desanitize``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class EntityRecord:
    """One sanitized value: offsets in the original text and in the sanitized text.

    ``epsilon`` is the mLDP budget charged for it (per unit of distance, see the config): 0 for FPE
    values, for repeats of an already noised value and for values derived through a dependency.
    """

    type: str
    category: Literal["fpe", "mldp"]
    start: int
    end: int
    replacement: str
    epsilon: float = 0.0
    sanitized_start: int = 0
    sanitized_end: int = 0
    score: float = 1.0
    finder: str = ""  # "known value" when an operator's seeded value was found

    def __repr__(self) -> str:  # the replacement is a stand-in for personal data: keep it out of logs
        return (f"EntityRecord(type={self.type}, category={self.category}, start={self.start}, "
                f"end={self.end}, epsilon={self.epsilon})")


@dataclass
class SanitizedText:
    """``text`` is safe to send upstream; ``mapping`` (stand-in -> original) stays local."""

    text: str
    entities: list[EntityRecord] = field(default_factory=list)
    mapping: dict[str, str] = field(default_factory=dict)
    mldp_mapping: dict[str, str] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"SanitizedText(entities={self.entity_counts()}, epsilon={self.epsilon})"

    @property
    def epsilon(self) -> float:
        """Total mLDP budget spent by this text (sum over distinct noised values)."""
        return float(sum(e.epsilon for e in self.entities))

    def entity_counts(self) -> dict[str, int]:
        return dict(Counter(e.type for e in self.entities))

    def restore_mapping(self, include_mldp: bool = True) -> dict[str, str]:
        """Everything needed to undo this sanitization exactly (FPE and, optionally, noised values)."""
        return {**self.mldp_mapping, **self.mapping} if include_mldp else dict(self.mapping)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "entities": [asdict(e) for e in self.entities],
            "entity_counts": self.entity_counts(),
            "epsilon": self.epsilon,
            "mapping": self.mapping,
            "mldp_mapping": self.mldp_mapping,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SanitizedText:
        entities = [EntityRecord(**e) for e in data.get("entities", [])]
        return cls(text=data["text"], entities=entities, mapping=dict(data.get("mapping", {})),
                   mldp_mapping=dict(data.get("mldp_mapping", {})))
