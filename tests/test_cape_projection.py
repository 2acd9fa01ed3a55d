"""The candidate tables Cape projects onto: float32 (exact) and int8 (``cape.projection: int8``).

What the int8 table must keep: each output row depends on its own input row only (a text's logits
are the same alone or batched with other requests), the error stays within the bound its docstring
states, and a torch without the quantized engine falls back to float32.
"""

from __future__ import annotations

import logging

import pytest
import torch

from mechanisms.cape import projection
from mechanisms.cape.projection import Int8VocabProjection, VocabProjection, make_projection

pytestmark = pytest.mark.skipif(not Int8VocabProjection.available(), reason="no quantized CPU engine")

_GRID = 127 / 2


def _table(rows: int = 3000, dim: int = 64, seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    # Rows of very different sizes, as real embedding tables have.
    return torch.randn(rows, dim, generator=g) * torch.rand(rows, 1, generator=g).add(0.05)


def _inputs(dim: int = 64, seed: int = 1) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(6, dim, generator=g)
    x[1] *= 1e-3  # a tiny row beside large ones
    x[2, 5] = 40.0  # an outlier dimension, as hidden states have
    x[3] = 0.0  # an all-zero row
    x[4] = -x[4].abs()  # all negative
    return x


def test_each_row_is_the_same_alone_or_batched() -> None:
    proj = Int8VocabProjection(_table())
    x = _inputs()
    batched = proj(x)
    for i in range(len(x)):
        assert torch.equal(proj(x[i : i + 1]), batched[i : i + 1])
    # and with other companions, in another order
    assert torch.equal(proj(x.flip(0)), batched.flip(0))
    # the refined rows are refined the same way whatever follows them
    part = proj(x, refine=2)
    assert torch.equal(part[:2], batched[:2])
    for i in range(2, len(x)):
        assert torch.equal(proj(x[i : i + 1], refine=0), part[i : i + 1])


def test_error_stays_within_the_stated_bound() -> None:
    table = _table()
    exact = VocabProjection(table)(_inputs())
    x = _inputs()
    scale = table.abs().amax(1) / 127
    from_table = (x.abs().sum(1, keepdim=True) / 2) * scale.unsqueeze(0)
    row_max = x.abs().amax(1, keepdim=True) / 0.96
    l1 = table.abs().sum(1).unsqueeze(0)
    proj = Int8VocabProjection(table)
    refined = (proj(x) - exact).abs()
    assert bool((refined <= from_table + l1 * row_max / (2 * _GRID * _GRID) + 1e-4).all())
    coarse = (proj(x, refine=0) - exact).abs()
    assert bool((coarse <= from_table + l1 * row_max / (2 * _GRID) + 1e-4).all())
    # The second pass matters: on the outlier row it cuts the error severalfold.
    assert refined[2].mean() < coarse[2].mean() / 3
    assert torch.equal(proj(x)[3], torch.zeros(table.shape[0]))


def test_make_projection_picks_and_falls_back(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    table = _table(rows=500)
    assert isinstance(make_projection(table, "float32"), VocabProjection)
    assert isinstance(make_projection(table, "auto"), Int8VocabProjection)
    assert isinstance(make_projection(table, "int8"), Int8VocabProjection)
    monkeypatch.setattr(Int8VocabProjection, "available", staticmethod(lambda: False))
    with caplog.at_level(logging.WARNING, logger="veil.cape"):
        assert isinstance(make_projection(table, "auto"), VocabProjection)
        assert isinstance(make_projection(table, "int8"), VocabProjection)
    assert "using float32" in caplog.text


def test_a_disagreeing_int8_kernel_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(rows=500)
    real = Int8VocabProjection.__call__

    def broken(self: Int8VocabProjection, x: torch.Tensor, refine: int | None = None) -> torch.Tensor:
        return real(self, x, refine) + 1.0

    monkeypatch.setattr(projection.Int8VocabProjection, "__call__", broken)
    assert isinstance(make_projection(table, "int8"), VocabProjection)


def test_int8_needs_the_fast_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without AVX2 (or without fbgemm) the quantized engine's fallbacks are slower than float32."""
    monkeypatch.setattr(torch.backends.cpu, "get_cpu_capability", lambda: "DEFAULT")
    assert not Int8VocabProjection.available()
    assert isinstance(make_projection(_table(rows=200), "auto"), VocabProjection)
    monkeypatch.setattr(torch.backends.cpu, "get_cpu_capability", lambda: "AVX512")
    assert Int8VocabProjection.available()
