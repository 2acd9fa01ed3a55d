"""Health record numbers (HIPAA Safe Harbor identifiers 8 and 9): medical record numbers and
health plan / member / policy ids. Neither has a common shape, so both need a cue word (English,
French or Spanish); the value keeps its shape (letters stay letters, digits digits)."""

from __future__ import annotations

from mechanisms.prmpt.codecs import AlnumCodec
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, cued, regex_finder


def _id(digits: int) -> str:
    """A record's value: letters, digits and hyphens, with ``digits`` digits in a row somewhere in it."""
    return rf"(?P<v>(?=[A-Z0-9-]*\d{{{digits}}})[A-Z0-9][A-Z0-9-]{{3,19}}[A-Z0-9])(?![\w-])"


_ID = _id(3)
_MRN_CUE = (r"medical[\s-]+record|MRN|MR#|chart|patient|hospital|dossier(?:\s+m[ée]dical|\s+patient)?|"
            r"IPP|historia\s+cl[ií]nica|n[uú]mero\s+de\s+historia|NHC|expediente")
# a stay's or a sample's number, as a hospital's systems print it ("Episodio: 635467", "Encounter # 88812345",
# "Accession No. S22-14567"): it finds the patient's record as the record number does; five digits in a row at
# least, as a note writes a measurement after the same words ("another episode 130-140's")
_STAY_CUE = r"episod(?:e|io)|[ée]pisode|encounter|admission|ingreso|s[ée]jour|accession|specimen|visit"
_STAY_ID = _id(5)
_PLAN_CUE = (r"health[\s-]+plan|member(?:ship)?|subscriber|insurance|policy|group|beneficiary|medicare|"
             r"medicaid|MBI|mutuelle|carte\s+vitale|adh[ée]rent|tarjeta\s+sanitaria|afiliaci[oó]n|p[oó]liza|"
             r"CIP|assurance|seguro")

TYPES = (
    EntityType(
        "MEDICAL_RECORD_NUMBER", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(regex_finder("MEDICAL_RECORD_NUMBER", [(rf"{cued(_MRN_CUE)}{_ID}", 0.8),
                                                        (rf"{cued(_STAY_CUE)}{_STAY_ID}", 0.8)]),),
        codec=lambda config: AlnumCodec("MEDICAL_RECORD_NUMBER"), family="health",
        description="medical record / chart / patient number, or a stay's or a sample's number, after its cue word",
        examples=("MRN 00482913",),
    ),
    EntityType(
        "HEALTH_PLAN_ID", EntityPolicy(category="fpe", threshold=0.5), tier=1,
        finders=(regex_finder("HEALTH_PLAN_ID", [(rf"{cued(_PLAN_CUE)}{_ID}", 0.8)]),),
        codec=lambda config: AlnumCodec("HEALTH_PLAN_ID"), family="health",
        description="health plan, member, policy or group id after its cue word",
        examples=("member ID XGH482913001",),
    ),
)
