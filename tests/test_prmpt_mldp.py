"""The metric-LDP sampler against its formula, the eps bound on probability ratios, and the
keyed-PRF randomness (no averaging across requests)."""

from __future__ import annotations

import math
import random
import re
import time

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt.mldp import (
    Grid,
    mechanism_probability,
    perturb,
    sample_geometric_mechanism,
    uniforms_from_bytes,
)
from mechanisms.prmpt.numbers import format_number, parse_number

ALICE = MasterKey.from_bytes(bytes(range(32))).user_keys("alice")


def _chi_square(counts: dict[int, int], probs: dict[int, float], n: int) -> tuple[float, int]:
    stat, dof, tail_obs, tail_exp = 0.0, -1, 0, 0.0
    for y, p in probs.items():
        expected = n * p
        if expected < 5:  # pool the sparse tail so the chi-square approximation holds
            tail_obs += counts.get(y, 0)
            tail_exp += expected
            continue
        stat += (counts.get(y, 0) - expected) ** 2 / expected
        dof += 1
    if tail_exp > 0:
        stat += (tail_obs - tail_exp) ** 2 / max(tail_exp, 1e-9)
        dof += 1
    return stat, dof


@pytest.mark.parametrize("x, lo, hi, eps", [(40, 0, 120, 0.5), (2, 0, 120, 0.3), (118, 0, 120, 1.0),
                                            (0, 0, 10, 2.0), (500, 0, 10**9, 0.2)])
def test_sampler_matches_its_formula(x: int, lo: int, hi: int, eps: float) -> None:
    rng = random.Random(1234)
    n = 40_000
    counts: dict[int, int] = {}
    for _ in range(n):
        y = sample_geometric_mechanism(x, lo, hi, eps, rng.random() or 0.5, rng.random() or 0.5)
        counts[y] = counts.get(y, 0) + 1
    support = range(max(lo, x - 200), min(hi, x + 200) + 1)
    probs = {y: mechanism_probability(x, y, lo, hi, eps) for y in support}
    assert abs(sum(probs.values()) - 1.0) < 1e-6  # 200 steps hold all but a negligible mass
    assert set(counts) <= set(support)
    stat, dof = _chi_square(counts, probs, n)
    # 99.9 % quantile of chi-square(dof) via the Wilson-Hilferty approximation
    z = 3.09
    critical = dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3
    assert stat < critical, (stat, critical, dof)


@pytest.mark.parametrize("eps", [0.1, 0.5, 2.0])
def test_probability_ratios_respect_eps_times_distance(eps: float) -> None:
    lo, hi = 0, 60
    for x in range(lo, hi + 1, 3):
        for x2 in range(lo, hi + 1, 4):
            for y in range(lo, hi + 1):
                p, q = mechanism_probability(x, y, lo, hi, eps), mechanism_probability(x2, y, lo, hi, eps)
                assert p <= math.exp(eps * abs(x - x2)) * q * (1 + 1e-9)


def test_probability_ratio_bound_is_tight_enough_to_mean_something() -> None:
    # far from the edges the ratio reaches exp(eps * d / 2): the mechanism is not trivially flat
    eps, lo, hi = 1.0, 0, 1000
    ratio = mechanism_probability(500, 500, lo, hi, eps) / mechanism_probability(510, 500, lo, hi, eps)
    assert ratio == pytest.approx(math.exp(eps * 10 / 2), rel=1e-6)


def test_huge_domains_are_sampled_in_constant_time() -> None:
    t0 = time.perf_counter()
    rng = random.Random(0)
    for _ in range(2000):
        y = sample_geometric_mechanism(10**12, 0, 10**15, 0.01, rng.random(), rng.random())
        assert 0 <= y <= 10**15
    assert time.perf_counter() - t0 < 2.0


def test_log_grid_is_relative_and_positive() -> None:
    grid = Grid("log", 0.01, 0.01, 1e15)
    assert grid.index(101.0) - grid.index(100.0) == 1
    rng = random.Random(7)
    outs = [perturb(85_000.0, grid, 0.25, rng.random(), rng.random()) for _ in range(2000)]
    assert all(v > 0 for v in outs)
    median = sorted(outs)[1000]
    assert 80_000 < median < 90_000


def test_prf_randomness_is_per_user_type_and_value() -> None:
    a = uniforms_from_bytes(ALICE.prf("mldp", "AGE", "45.0"))
    assert a == uniforms_from_bytes(ALICE.prf("mldp", "AGE", "45.0"))
    assert a != uniforms_from_bytes(ALICE.prf("mldp", "AGE", "46.0"))
    assert a != uniforms_from_bytes(ALICE.prf("mldp", "MONEY", "45.0"))
    bob = MasterKey.from_bytes(bytes(range(32))).user_keys("bob")
    assert a != uniforms_from_bytes(bob.prf("mldp", "AGE", "45.0"))
    assert all(0 < u < 1 for u in a)


@pytest.mark.parametrize("text, value", [("$85,000", 85000), ("1,250,000.00 USD", 1_250_000),
                                         ("EUR 1.234,56", 1234.56), ("85k", 85_000),
                                         ("$1.2 million", 1_200_000), ("12,5 kg", 12.5), ("45", 45)])
def test_numbers_parse_and_render_in_their_own_style(text: str, value: float) -> None:
    parsed = parse_number(text)
    assert parsed is not None and parsed.value == pytest.approx(value)
    rendered = text[:parsed.start] + format_number(parsed.value, parsed.style) + text[parsed.end:]
    assert parse_number(rendered).value == pytest.approx(value, rel=0.01)  # type: ignore[union-attr]
    assert re.sub(r"\d", "9", rendered) == re.sub(r"\d", "9", text)



# ---- the written string, not only the grid index, is eps-mLDP (exact output distributions) ----
from mechanisms.prmpt import PrmptConfig, Sanitizer  # noqa: E402
from mechanisms.prmpt.mldp import output_distribution  # noqa: E402
from mechanisms.prmpt.numbers import upper_edge  # noqa: E402

WRITER = Sanitizer(PrmptConfig())  # rendering needs no annotator


def _exact(entity_type: str, text: str, cells: range) -> tuple[dict[str, float], int]:
    policy = WRITER.config.policy(entity_type)
    grid = Grid(policy.scale, policy.unit, policy.min_value, policy.max_value)
    parsed = parse_number(text)
    assert parsed is not None

    def render(value: float) -> str:  # the sanitizer's own writer for this input's format
        return WRITER.render(entity_type, text, parsed, value)

    def edge(value: float) -> float:
        return upper_edge(value, parsed.style, policy.significant_figures)

    return output_distribution(parsed.value, grid, policy.eps, render, edge, cells), grid.index(parsed.value)


def _cells(entity_type: str, texts: tuple[str, str], tail: float = 1e-10) -> range:
    policy = WRITER.config.policy(entity_type)
    grid = Grid(policy.scale, policy.unit, policy.min_value, policy.max_value)
    ks = [grid.index(parse_number(t).value) for t in texts]  # type: ignore[union-attr]
    reach = math.ceil(math.log(1 / tail) / (policy.eps / 2))
    lo, hi = grid.bounds()
    return range(max(lo, min(ks) - reach), min(hi, max(ks) + reach) + 1)


@pytest.mark.parametrize("entity_type, a, b", [
    ("MONEY", "$85,000", "$85,001"), ("MONEY", "$100,000", "$99,999"), ("MONEY", "$85,000", "$100,000"),
    ("MONEY", "85k", "86k"), ("AGE", "45", "46"), ("AGE", "45", "52"), ("AGE", "3 years", "0 years"),
])
def test_every_output_string_respects_eps_times_distance(entity_type: str, a: str, b: str) -> None:
    cells = _cells(entity_type, (a, b))
    pa, ka = _exact(entity_type, a, cells)
    pb, kb = _exact(entity_type, b, cells)
    eps = WRITER.config.policy(entity_type).eps
    bound = math.exp(eps * abs(ka - kb)) * (1 + 1e-9)
    assert sum(pa.values()) == pytest.approx(1.0, abs=1e-6) and sum(pb.values()) == pytest.approx(1.0, abs=1e-6)
    assert set(pa) == set(pb)  # the same strings are possible from both inputs
    for s in pa:
        assert pa[s] <= bound * pb[s] and pb[s] <= bound * pa[s], s
    if ka == kb:  # the same point of the mechanism: the same distribution of strings
        assert all(pa[s] == pytest.approx(pb[s], rel=1e-12) for s in pa)


@pytest.mark.parametrize("text, significant", [("$85,000", 3), ("85k", 3), ("EUR 1.234,56", 3), ("45", None),
                                               ("$9.99", 3), ("12,5 kg", 3)])
def test_written_string_is_constant_below_each_edge_and_changes_after(text: str, significant: int | None) -> None:
    parsed = parse_number(text)
    assert parsed is not None
    rng = random.Random(5)
    for _ in range(300):
        v = parsed.value * math.exp(rng.uniform(-0.5, 0.5))
        e = upper_edge(v, parsed.style, significant)
        below, above = e * (1 - 1e-12), e * (1 + 1e-12)
        assert e > v
        assert format_number(below, parsed.style, significant) == format_number(v, parsed.style, significant)
        # past the edge the written value does not decrease (and changes unless the format's decimals
        # are coarser than the significant figures, e.g. "7,8" for 7.805 with one decimal)
        after = parse_number(format_number(above, parsed.style, significant))
        here = parse_number(format_number(v, parsed.style, significant))
        assert after is not None and here is not None and after.value >= here.value


def test_written_amounts_do_not_sit_on_a_noise_grid() -> None:
    dist, _ = _exact("MONEY", "$85,000", range(1120, 1162))
    # every amount with 3 significant figures in [$80,000, $90,000] can be written, nothing else
    assert {f"${v:,}" for v in range(80_000, 90_001, 100)} <= set(dist)
    assert all(s.endswith("00") for s in dist)
    ages, _ = _exact("AGE", "45", range(0, 121))
    assert set(ages) == {str(v) for v in range(0, 121)}


def test_sanitizer_samples_follow_the_exact_distribution() -> None:
    master = MasterKey.from_bytes(bytes(range(32)))
    policy = WRITER.config.policy("MONEY")
    parsed = parse_number("$85,000")
    assert parsed is not None
    dist, _ = _exact("MONEY", "$85,000", _cells("MONEY", ("$85,000", "$85,000")))
    outs = [WRITER.render("MONEY", "$85,000", parsed,
                          WRITER._perturb("MONEY", 85_000.0, policy, master.user_keys(f"u{i}")))
            for i in range(400)]
    assert all(dist.get(o, 0.0) > 0 for o in outs)
    # the mass within +-5 % of the input, exact vs sampled (binomial, 4.5 sigma)
    near = {s for s in dist if 80_750 <= float(s[1:].replace(",", "")) <= 89_250}
    p = sum(dist[s] for s in near)
    hits = sum(o in near for o in outs)
    assert abs(hits - 400 * p) <= 4.5 * math.sqrt(400 * p * (1 - p))
