"""Names, places and phone numbers in English nursing notes nobody on the project wrote: the gold standard corpus of
PhysioNet's de-identification software (2,434 ICU nursing notes whose protected health information was replaced by
realistic surrogates, each surrogate's place listed), measured with the workers, the leak rule and the table of
``bench.external``, this tree beside a base revision.

    VEIL_CLINICAL_DATA=DIR python -m bench.clinical_external --base 59d6fee

The data are not in the repository. ``id.text`` and ``id-phi.phrase`` ship with PhysioNet's deid package (version
1.1, GNU GPL v2; Neamatullah, Douglass, Lehman, Reisner, Villarroel, Long, Szolovits, Moody, Mark and Clifford,
"Automated de-identification of free-text medical records", BMC Medical Informatics and Decision Making 8:32, 2008;
Goldberger et al., "PhysioBank, PhysioToolkit, and PhysioNet", Circulation 101(23), 2000); public copies are in
GitHub repositories of course work on it (pisces7lning/deid2021, commit e8fa125aa5343501612365abbbc912442a39091b).
Put both files in a folder and point ``VEIL_CLINICAL_DATA`` (or ``--data``) at it; without them the benchmark says
it skipped.

Each note is one record; ``id-phi.phrase`` gives each surrogate's note, offsets and category, mapped to the labels of
the leak rule: a patient's, a clinician's or a relative's name (and a patient's initials) as PERSON, Location as
LOCATION, Phone as PHONE (pager numbers among them), Date and DateYear as DATE, Age as AGE, Other as OTHER. The
notes are written in lower case, in capitals and in both: the table of ``bench.external`` covers them together.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from bench import external

FILES = ("id.text", "id-phi.phrase")
LABELS = {"PTName": "PERSON", "HCPName": "PERSON", "RelativeProxyName": "PERSON", "PTNameInitial": "PERSON",
          "Location": "LOCATION", "Phone": "PHONE", "Date": "DATE", "DateYear": "DATE", "Age": "AGE", "Other": "OTHER"}
_RECORD = re.compile(r"START_OF_RECORD=(\d+)\|\|\|\|(\d+)\|\|\|\|\n(.*?)\|\|\|\|END_OF_RECORD", re.DOTALL)


def records(folder: Path) -> list[dict[str, Any]]:
    """The notes of ``folder``'s ``id.text`` as leak-rule records, labeled from its ``id-phi.phrase`` (a line:
    patient, note, start, end, category, the surrogate as written); a line whose offsets do not give its text is
    left out."""
    notes: dict[tuple[str, str], dict[str, Any]] = {}
    for m in _RECORD.finditer((folder / "id.text").read_text(encoding="latin-1")):
        notes[(m.group(1), m.group(2))] = {"text": m.group(3), "spans": [], "lang": "en",
                                           "id": f"{m.group(1)}-{m.group(2)}"}
    for line in (folder / "id-phi.phrase").read_text(encoding="latin-1").splitlines():
        parts = line.split(" ", 5)
        if len(parts) < 6 or (parts[0], parts[1]) not in notes or not parts[2].isdigit() or not parts[3].isdigit():
            continue
        note = notes[(parts[0], parts[1])]
        start, end = int(parts[2]), int(parts[3])
        if note["text"][start:end] == parts[5]:
            note["spans"].append({"start": start, "end": end, "label": LABELS.get(parts[4], parts[4])})
    return list(notes.values())


def run(base: str | None = external.BASE, data: str | None = None, limit: int | None = None) -> tuple[str, bool]:
    given = data or os.environ.get("VEIL_CLINICAL_DATA")
    title = "## Names in nursing notes (PhysioNet deid gold standard)\n\n"
    folder = Path(given) if given else None
    if folder is None or not all((folder / name).is_file() for name in FILES):
        return title + "skipped: set VEIL_CLINICAL_DATA to a folder holding PhysioNet deid's id.text and id-phi.phrase\n", True
    recs = records(folder)
    return external.run_records(recs, "physionet-deid.jsonl.gz", title.strip() + f"\n\n{len(recs)} notes of id.text",
                                base, limit)


def main(argv: list[str]) -> int:
    return external.data_cli(argv, "python -m bench.clinical_external", __doc__, run,
                             "folder with PhysioNet deid's id.text and id-phi.phrase (default: $VEIL_CLINICAL_DATA)",
                             "first N notes")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
