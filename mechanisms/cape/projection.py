"""The hot matmul of Cape: every perturbed token's row against the whole candidate table.

Both the contextual logits (tied head) and the embedding distances are ``x @ table^T`` with a fixed
(candidates x dim) table. Two implementations, chosen by ``cape.projection``:

* :class:`VocabProjection` (float32): on a CPU the plain matmul re-packs the 100+ MB table on every
  call; oneDNN can pack it once at load, which is 2-4x faster for the few rows of one prompt. The
  packed path is checked against the plain one at load and skipped where it is missing or disagrees.
* :class:`Int8VocabProjection` (int8): the table stored as int8 with one scale per candidate row, a
  quarter of the bytes. One released step reads the whole table for one or two rows, so on a CPU
  that step is bound by memory bandwidth and the int8 table makes it about 3x faster (docs/cape.md).
  The rows are quantized too: a hidden state (logits) in two passes (the row on a fixed grid, then
  its rounding remainder on the same grid), so its error is about 2^-13 of its largest entry and the
  table's rounding (half a step of 1/127 of each candidate's largest entry) is what is left; an
  embedding row (distances) in one pass, its error small against the spread of the distances.

Each output row depends on its own input row only (never on the other rows of the batch), in both:
a text gets the same logits alone or batched with other requests.
"""

from __future__ import annotations

import logging
import warnings
from typing import Literal

import numpy as np
import torch

log = logging.getLogger("veil.cape")

# Up to this many rows the prepacked CPU kernel wins; above it the plain matmul is as fast.
_PACKED_MAX_ROWS = 128

Precision = Literal["float32", "int8"]
ProjectionChoice = Literal["auto", "float32", "int8"]


class VocabProjection:
    """``x @ table^T`` in float32 for a fixed table (exact up to float32 summation order)."""

    precision: Precision = "float32"

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

    def __call__(self, x: torch.Tensor, refine: int | None = None) -> torch.Tensor:
        """``x @ table^T`` (``refine`` is for the int8 table's interface; float32 rows are exact)."""
        x = x.float().contiguous()
        if self._packed is not None and 0 < x.shape[0] <= _PACKED_MAX_ROWS:
            return torch.ops.mkldnn._linear_pointwise(x, self._packed, None, "none", [], "")
        return x @ self.table.t()


# The quantized kernel picks the rows' grid from the batch's min and max. Two extra columns, +1 and -1
# in every row against all-zero columns of the table (so they add exactly nothing), pin that range to
# [-1, 1] whatever the batch holds, so every row is rounded on the same grid alone or batched. With
# 7-bit activations (reduce_range, which keeps the AVX2 kernel's 16-bit pair sums from saturating)
# the grid step is 2/127 and +1 itself lies just past the last grid point: rows are scaled to
# _ROW_MAX so that every value, and every rounding remainder, is on the grid.
_GRID = 127 / 2
_ROW_MAX = 0.96


class Int8VocabProjection:
    """``x @ table^T`` from an int8 copy of the table (one scale per candidate), on a CPU.

    Error of one output entry: at most ``(||x||_1 / 2) * scale_c`` from the table (scale_c = the
    candidate's largest |entry| / 127) plus about ``||table_c||_1 * max|x| * 2^-13`` from the row.
    """

    precision: Precision = "int8"

    def __init__(self, table: torch.Tensor):
        table = table.detach().float().cpu().contiguous()
        self.rows, self.dim = int(table.shape[0]), int(table.shape[1])
        scale = table.abs().amax(1).clamp(min=1e-12) / 127.0
        zero = torch.zeros(self.rows, dtype=torch.long)
        padded = torch.cat([table, torch.zeros((self.rows, 2))], dim=1)
        with warnings.catch_warnings():
            # torch 2.13 deprecates quantized tensor creation; make_projection falls back to float32
            # on a torch without it.
            warnings.simplefilter("ignore", UserWarning)
            qtable = torch.quantize_per_channel(padded, scale.double(), zero, 0, torch.qint8)
            self._packed = torch.ops.quantized.linear_prepack(qtable, None)

    def __call__(self, x: torch.Tensor, refine: int | None = None) -> torch.Tensor:
        """``x @ table^T``; only the first ``refine`` rows (all when None) get the second rounding pass
        (the logits need it; the embedding rows of the distances, small and even, do not)."""
        x = x.detach().to(device="cpu", dtype=torch.float32)
        n, dim = int(x.shape[0]), self.dim
        m = n if refine is None else max(0, min(int(refine), n))
        if n == 0:
            return torch.zeros((0, self.rows), dtype=torch.float32)
        # The rows are a few hundred numbers each: prepared in numpy, where each step costs ~1 us
        # instead of a torch call's ~10 us (a released step prepares two rows per perturbed token).
        xs = x.numpy()
        top = np.maximum(np.abs(xs).max(axis=1, keepdims=True), np.float32(1e-30)) / np.float32(_ROW_MAX)
        scaled = xs / top
        rows = np.empty((n + m, dim + 2), dtype=np.float32)
        coarse = np.round(scaled * np.float32(_GRID)) / np.float32(_GRID)  # on the kernel's grid: exact
        rows[:n, :dim] = coarse
        rows[n:, :dim] = (scaled[:m] - coarse[:m]) * np.float32(_GRID)  # the remainder, in [-0.5, 0.5]
        rows[:, dim], rows[:, dim + 1] = 1.0, -1.0
        out = torch.ops.quantized.linear_dynamic(torch.from_numpy(rows), self._packed, True)
        if m:
            out[:m].add_(out[n:], alpha=1.0 / _GRID)
        return out[:n].mul_(torch.from_numpy(top))

    @staticmethod
    def available() -> bool:
        """Whether this torch build and CPU have the fast int8 kernel: fbgemm (torch's x86 engine) on a
        CPU with AVX2 or better. Elsewhere the quantized engine falls back to kernels that were slower
        than the float32 table here (onednn 8.4 ms, qnnpack 7.3 ms vs 2.6 ms for one step's rows)."""
        engines = set(torch.backends.quantized.supported_engines)
        if not (engines & {"x86", "fbgemm"}) or not hasattr(torch.ops.quantized, "linear_dynamic"):
            return False
        capability = getattr(torch.backends.cpu, "get_cpu_capability", lambda: "")()
        return str(capability).upper().startswith(("AVX2", "AVX512"))


def make_projection(
    table: torch.Tensor, precision: ProjectionChoice = "float32"
) -> VocabProjection | Int8VocabProjection:
    """The projection for ``cape.projection``: ``auto`` is int8 on a CPU with the quantized engine,
    float32 elsewhere (on a GPU the float32 matmul is not the bottleneck). An int8 table is checked
    against float32 on a probe at load; float32 is used, with a warning, when it disagrees."""
    on_cpu = table.device.type == "cpu"
    want_int8 = precision == "int8" or (precision == "auto" and on_cpu)
    if want_int8 and on_cpu and Int8VocabProjection.available():
        try:
            quick = Int8VocabProjection(table)
        except (RuntimeError, NotImplementedError, ValueError, AttributeError):
            quick = None
        if quick is not None and _agrees(quick, table):
            return quick
        log.warning("cape.projection: no usable int8 kernel here (missing or disagreeing); using float32")
    elif precision == "int8":
        log.warning("cape.projection: int8 runs on a CPU with torch's quantized engine only; using float32")
    return VocabProjection(table)


def _agrees(quick: Int8VocabProjection, table: torch.Tensor) -> bool:
    """The int8 result on a random probe stays within its error bound of the float32 one (a plain
    matmul: no packed float32 copy of the table is built only to check the int8 one)."""
    table = table.detach().float().cpu()
    probe = torch.randn(4, quick.dim, generator=torch.Generator().manual_seed(0))
    got, want = quick(probe), probe @ table.t()
    scale = table.abs().amax(1) / 127.0
    bound = (probe.abs().sum(1, keepdim=True) / 2) * scale.unsqueeze(0)
    bound += table.abs().sum(1).unsqueeze(0) * probe.abs().amax(1, keepdim=True) * 2.0**-12 + 1e-3
    return bool(((got - want).abs() <= bound).all())
