"""Types that only the NER model finds and that are off by default (cities, organisations, ...).

Turning LOCATION on hides cities, states and countries (kept by default, also next to a street
address) with the generic shape-keeping codec.
"""

from __future__ import annotations

from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType

TYPES = (
    EntityType("LOCATION", EntityPolicy(category="off"), tier=3, spacy_labels=("GPE", "LOC", "FAC"),
               family="ner", description="cities, regions, countries, places (off by default)"),
    EntityType("ORGANIZATION", EntityPolicy(category="off"), tier=3, spacy_labels=("ORG",), family="ner",
               description="organisations (off by default)"),
    EntityType("NRP", EntityPolicy(category="off"), tier=3, spacy_labels=("NORP",), family="ner",
               description="nationalities, religious and political groups (off by default)"),
    EntityType("DATE_TIME", EntityPolicy(category="off"), tier=3, spacy_labels=("DATE", "TIME"), family="ner",
               description="other dates and times (off by default; see PERSONAL_DATE)"),
)
