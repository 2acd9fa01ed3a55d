"""The hot matmul of Cape: every perturbed token's row against the whole candidate table.

Both the contextual logits (tied head) and the embedding distances are ``x @ table^T`` with a fixed
(candidates x dim) float32 table. On a CPU the plain matmul re-packs the 100+ MB table on every call;
oneDNN can pack it once at load, which is 2-4x faster for the few rows of one prompt. The packed
path is checked against the plain one at load and skipped where it is missing or disagrees.
"""

from __future__ import annotations

import torch

# Up to this many rows the prepacked CPU kernel wins; above it the plain matmul is as fast.
_PACKED_MAX_ROWS = 128


class VocabProjection:
    """``x @ table^T`` in float32 for a fixed table (exact up to float32 summation order)."""

    def __init__(self, table: torch.Tensor):
        self.table = table.float().contiguous()
        self._packed: torch.Tensor | None = None
        if self.table.device.type == "cpu" and torch.backends.mkldnn.is_available():
            self._packed = self._try_pack()

    def _try_pack(self) -> torch.Tensor | None:
        try:
            packed = torch.ops.mkldnn._reorder_linear_weight(self.table, 64)
            probe = torch.randn(3, self.table.shape[1], generator=torch.Generator().manual_seed(0))
            got = torch.ops.mkldnn._linear_pointwise(probe, packed, None, "none", [], "")
        except (RuntimeError, AttributeError, NotImplementedError):
            return None
        return packed if torch.allclose(got, probe @ self.table.t(), rtol=1e-4, atol=1e-3) else None

    @property
    def packed(self) -> bool:
        return self._packed is not None

    def __call__(self, x: torch.Tensor) -> torch.Tensor:
        x = x.float().contiguous()
        if self._packed is not None and 0 < x.shape[0] <= _PACKED_MAX_ROWS:
            return torch.ops.mkldnn._linear_pointwise(x, self._packed, None, "none", [], "")
        return x @ self.table.t()
