"""Names and case numbers in court judgments nobody on the project wrote: the development split of the Text
Anonymization Benchmark (TAB; 1,268 European Court of Human Rights judgments annotated for anonymisation),
measured with the workers, the leak rule and the table of ``bench.external``, this tree beside a base revision.

    VEIL_COURT_DATA=echr_dev.json python -m bench.court_external --base a943ff7

The data are not in the repository. ``echr_dev.json`` is in the GitHub repository
NorskRegnesentral/text-anonymization-benchmark (MIT licence; Pilán, Lison, Øvrelid, Papadopoulou, Sánchez and
Batet, "The Text Anonymization Benchmark (TAB): A Dedicated Corpus and Evaluation Framework for Text
Anonymization", Computational Linguistics 48(4), 2022). Point ``VEIL_COURT_DATA`` (or ``--data``) at that file,
or at a folder holding it; only the development split is read, never ``echr_test.json``. Without it the
benchmark says it skipped.

Each judgment is one record; its labels are the entity mentions of one annotator (the first the document
names as quality-checked where it names one, else the first annotator), mapped to the labels of the leak rule:
PERSON, CODE as ID (application and case numbers), LOC as LOCATION, DATETIME as DATE (a date right after
"born" also counts as a date of birth), ORG, DEM, QUANTITY and MISC as they are. The issue's targets are the
PERSON and ID rows; the other labels are shown for what they are: TAB marks most of them for masking, Veil
hides none of them by design (a court's name, a nationality, a date of a hearing).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from bench import external

NAME = "echr_dev.json"
LABELS = {"PERSON": "PERSON", "CODE": "ID", "LOC": "LOCATION", "DATETIME": "DATE", "ORG": "ORG", "DEM": "DEM",
          "QUANTITY": "QUANTITY", "MISC": "MISC"}


def _annotator(doc: dict[str, Any]) -> str | None:
    """The annotator whose mentions are read: the first named as quality-checked, else the first."""
    names = list(doc.get("annotations") or {})
    if not names:
        return None
    checked = doc.get("quality_checked")
    named = [checked] if isinstance(checked, str) else list(checked) if isinstance(checked, (list, dict)) else []
    return next((n for n in named if n in names), names[0])


def records(source: Path) -> list[dict[str, Any]]:
    """The judgments of ``source`` (TAB's JSON: a list of documents) as leak-rule records."""
    out = []
    for doc in json.loads(source.read_text(encoding="utf-8")):
        if doc.get("dataset_type", "dev") == "test":
            continue  # (never the test split, whatever the file is called)
        who = _annotator(doc)
        text = doc["text"]
        spans = []
        for m in doc["annotations"][who]["entity_mentions"] if who else []:
            start, end = int(m["start_offset"]), int(m["end_offset"])
            if text[start:end] == m["span_text"]:
                spans.append({"start": start, "end": end, "label": LABELS.get(m["entity_type"], m["entity_type"])})
        out.append({"text": text, "spans": spans, "lang": "en", "id": doc.get("doc_id")})
    return out


def _source(given: str) -> Path | None:
    path = Path(given)
    if path.is_dir():
        path = path / NAME
    return path if path.is_file() and path.name != "echr_test.json" else None


def run(base: str | None = external.BASE, data: str | None = None, limit: int | None = None) -> tuple[str, bool]:
    given = data or os.environ.get("VEIL_COURT_DATA")
    title = "## Names and case numbers in court judgments (TAB, ECHR development split)\n\n"
    source = _source(given) if given else None
    if source is None:
        return title + f"skipped: set VEIL_COURT_DATA to TAB's {NAME} or a folder holding it\n", True
    recs = records(source)
    return external.run_records(recs, "tab-echr-dev.jsonl.gz", title.strip() + f"\n\n{len(recs)} judgments of {source.name}",
                                base, limit)


def main(argv: list[str]) -> int:
    return external.data_cli(argv, "python -m bench.court_external", __doc__, run, f"TAB's {NAME}, or a folder holding it (default: $VEIL_COURT_DATA)", "first N judgments")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
