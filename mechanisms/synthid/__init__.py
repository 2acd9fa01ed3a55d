"""SynthID-style text watermark: tournament sampling under a keyed PRF, and a model-free detector.

Paper: Dathathri et al., "Scalable watermarking for identifying large language model outputs"
(Nature 2024; ../shared/seeds/synthid_text.txt); math: ALGORITHMS.md section 3.
transformers is imported only by the adapters (``logits_processor()``, ``watermarking_config()``), torch only
with the sampling side (the detector needs neither).
"""

from typing import TYPE_CHECKING

from mechanisms.lazy import lazy_exports
from mechanisms.synthid.config import (
    SamplingCheck,
    WatermarkConfig,
    sampling_supports_watermark,
    watermark_key_for,
)
from mechanisms.synthid.detector import DetectionResult, WatermarkDetector, binomial_sf

if TYPE_CHECKING:
    from mechanisms.synthid.tournament import literal_tournament, tournament_distribution
    from mechanisms.synthid.watermark import TournamentWatermark, WatermarkState, warp_scores

# The names imported above for type checkers come, with torch, on first use (mechanisms/lazy.py)
__getattr__ = lazy_exports(__name__, ("tournament", "watermark"))

__all__ = [
    "DetectionResult",
    "SamplingCheck",
    "TournamentWatermark",
    "WatermarkConfig",
    "WatermarkDetector",
    "WatermarkState",
    "binomial_sf",
    "literal_tournament",
    "sampling_supports_watermark",
    "tournament_distribution",
    "warp_scores",
    "watermark_key_for",
]
