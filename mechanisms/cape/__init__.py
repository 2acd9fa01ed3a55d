"""Cape: context-aware differentially private prompt perturbation (cape.txt; ALGORITHMS.md section 2).

Public API (what the proxy calls)::

    from mechanisms.cape import CapeConfig, CapePerturber, PerturbResult, extraction_messages
    p = CapePerturber(CapeConfig(), device="auto"); p.load()       # CapeConfig(context="released")
    results = p.perturb_batch(texts, epsilon=6.0, protected_spans=..., seeds=...)
    summarize(results)["epsilon_total"]   # the request's prompt-level bound (sum over its texts)

Importing this package loads no model, touches no file and imports no torch (until a class that needs it
is first used).
"""

from typing import TYPE_CHECKING

from mechanisms.lazy import lazy_exports

from .config import CapeConfig
from .extraction import extraction_messages
from .stopwords import ASCII_PUNCTUATION, NLTK_ENGLISH_STOPWORDS

if TYPE_CHECKING:
    from .perturber import CapePerturber, PerturbResult, PreparedBatch, summarize
    from .sampler import (
        UTILITY_SENSITIVITY,
        BucketTable,
        bucket_probabilities,
        bucket_range,
        bucketize,
        distance_utility,
        eps_prime,
        hybrid_utility,
        logit_utility,
        sample_buckets,
        token_probabilities,
        worst_case_epsilon,
    )

# The names imported above for type checkers come, with torch, on first use (mechanisms/lazy.py)
__getattr__ = lazy_exports(__name__, ("perturber", "sampler"))

__all__ = [
    "ASCII_PUNCTUATION",
    "NLTK_ENGLISH_STOPWORDS",
    "UTILITY_SENSITIVITY",
    "BucketTable",
    "CapeConfig",
    "CapePerturber",
    "PerturbResult",
    "PreparedBatch",
    "bucket_probabilities",
    "bucket_range",
    "bucketize",
    "distance_utility",
    "eps_prime",
    "extraction_messages",
    "hybrid_utility",
    "logit_utility",
    "sample_buckets",
    "summarize",
    "token_probabilities",
    "worst_case_epsilon",
]
