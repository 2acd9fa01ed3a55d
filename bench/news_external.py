"""Names in news agency text nobody on the project wrote: the development splits of CoNLL-2003 (English,
Reuters, 1996) and CoNLL-2002 (Spanish, EFE, 2000), converted as ``../shared/data/pii-dev/build.py`` converts
its CoNLL files (sentences of a document joined into pieces of 400-1,500 characters), measured with the
workers, the leak rule and the table of ``bench.external``, this tree beside a base revision.

    VEIL_NEWS_DATA=DIR python -m bench.news_external --base 7e17711

The data are not in the repository: Reuters' and EFE's terms allow research use, not redistribution. Put
``eng.testa`` (CoNLL-2003, IOB1) and ``esp.testa`` (CoNLL-2002, Latin-1) in a folder and point
``VEIL_NEWS_DATA`` (or ``--data``) at it; public copies are in the GitHub repository
patverga/torch-ner-nlp-from-scratch (commit affd8d68ed90294b70c0cb473e8f6d57c620c3b4, ``data/conll2003/eng.testa``
and ``data/conll2002/esp.testa``). Only these development splits are read, never the test splits (testb); where
the folder also holds the Spanish train split ``esp.train`` (``data/conll2002/esp.train`` there: 4,321 names, four
times the development split's), it is read too, as a larger sample of the same news (its misses were first read in
the fortieth session), and so is the English train split ``eng.train`` (``data/conll2003/eng.train``: 946 articles,
6,600 names; its first 250 articles were first read in the forty-first session, the other 696 were measured only).
Without the folder the benchmark says it skipped. Sang and De Meulder, "Introduction to the CoNLL-2003
Shared Task", CoNLL 2003; Tjong Kim Sang, "Introduction to the CoNLL-2002 Shared Task", CoNLL 2002.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path

from bench import external

SOURCES = (  # file, language, read as, IOB1 tags
    ("eng.testa", "en", "utf-8", True),
    ("esp.testa", "es", "latin-1", False),
    ("esp.train", "es", "latin-1", False),  # (where the folder holds it)
    ("eng.train", "en", "utf-8", True),  # (where the folder holds it)
)


def _builder() -> object:
    spec = importlib.util.spec_from_file_location("pii_dev_build", external.DATA / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def convert(data: Path, out: Path) -> list[str]:
    """JSONL files (absolute paths) of the development splits found in ``data``, written under ``out``."""
    build = _builder()
    files = []
    for name, lang, encoding, iob1 in SOURCES:
        source = data / name
        if not source.is_file():
            continue
        docs = build.read_conll(source.read_text(encoding=encoding))  # type: ignore[attr-defined]
        recs = build.grouped_records(docs, f"conll-{name}", lang, iob1=iob1)  # type: ignore[attr-defined]
        target = out / f"conll-{name}.jsonl.gz"
        with gzip.open(target, "wt", encoding="utf-8") as f:
            for rec in recs:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        files.append(str(target))
    return files


def run(base: str | None = external.BASE, data: str | None = None, limit: int | None = None) -> tuple[str, bool]:
    folder = data or os.environ.get("VEIL_NEWS_DATA")
    title = ("## Names in news agency text (CoNLL-2003 / CoNLL-2002 development splits, the train splits where "
             "present)\n\n")
    if not folder or not Path(folder).is_dir():
        return title + "skipped: set VEIL_NEWS_DATA to a folder with eng.testa and esp.testa\n", True
    if not external.DATA.is_dir():
        return title + f"skipped: {external.DATA} (its build.py and leak rule) is not there\n", True
    with tempfile.TemporaryDirectory() as tmp:
        files = convert(Path(folder), Path(tmp))
        if not files:
            return title + f"skipped: no eng.testa or esp.testa in {folder}\n", True
        text, ok = external.run(base, limit, tuple(files), presidio=False)
    text = text.replace(tmp + "/", "").replace(
        external.TITLE, title.strip())
    return text, ok


def main(argv: list[str]) -> int:
    return external.data_cli(argv, "python -m bench.news_external", __doc__, run, "folder with eng.testa and esp.testa (default: $VEIL_NEWS_DATA)", "first N records of each file")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
