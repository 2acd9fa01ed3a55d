"""Keyed permutations under the codecs: FF3-1 bounds, cycle-walking, small-domain tables."""

from __future__ import annotations

import pytest
from ff3 import FF3Cipher
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.keys import MasterKey
from mechanisms.prmpt.permutation import (
    FF3_DOMAIN_MIN,
    TABLE_MAX,
    DomainError,
    IntegerPermutation,
    ff3_max_length,
    ff3_min_length,
    permutation,
    walk_decrypt,
    walk_encrypt,
)

MASTER = MasterKey.from_bytes(bytes(range(32)))
ALICE = MASTER.user_keys("alice")
BOB = MASTER.user_keys("bob")


@pytest.mark.parametrize("radix", [2, 10, 16, 26, 36, 62])
def test_ff3_bounds_are_integer_exact_and_accepted_by_the_package(radix: int) -> None:
    lo, hi = ff3_min_length(radix), ff3_max_length(radix)
    assert radix**lo >= FF3_DOMAIN_MIN > radix ** (lo - 1) or lo == 2
    assert radix ** (hi // 2) <= 2**96 < radix ** (hi // 2 + 1)
    cipher = FF3Cipher(ALICE.fpe_key_hex(), ALICE.fpe_tweak_hex("T"), radix)
    # the package computes its bounds with floats; ours must agree where we use them
    assert cipher.minLen <= lo and hi <= cipher.maxLen


@pytest.mark.parametrize("n", [1, 2, 10, 97, 1000, TABLE_MAX - 1])
def test_small_domains_are_bijections(n: int) -> None:
    perm = IntegerPermutation(ALICE, "test", n)
    images = [perm.encrypt(x) for x in range(n)]
    assert sorted(images) == list(range(n))
    assert all(perm.decrypt(y) == x for x, y in enumerate(images))


@pytest.mark.parametrize("n", [TABLE_MAX, 456_976, FF3_DOMAIN_MIN, 10**9 + 7, 2**128, 10**40 + 3])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_ff3_domains_round_trip_and_stay_in_range(n: int, data: st.DataObject) -> None:
    x = data.draw(st.integers(min_value=0, max_value=n - 1))
    perm = permutation(ALICE, "test", n)
    y = perm.encrypt(x)
    assert 0 <= y < n
    assert perm.decrypt(y) == x
    assert permutation(ALICE, "test", n).encrypt(x) == y  # deterministic


def test_users_and_labels_get_different_permutations() -> None:
    n = 10**9
    xs = range(1000, 1050)
    a = [permutation(ALICE, "T", n).encrypt(x) for x in xs]
    b = [permutation(BOB, "T", n).encrypt(x) for x in xs]
    c = [permutation(ALICE, "U", n).encrypt(x) for x in xs]
    assert sum(i != j for i, j in zip(a, b)) >= 48
    assert sum(i != j for i, j in zip(a, c)) >= 48


def test_small_table_differs_between_users() -> None:
    a = [IntegerPermutation(ALICE, "T", 500).encrypt(x) for x in range(500)]
    b = [IntegerPermutation(BOB, "T", 500).encrypt(x) for x in range(500)]
    assert a != b


def test_subset_walk_is_a_permutation_of_the_subset() -> None:
    perm = IntegerPermutation(ALICE, "walk", 1000)

    def even(v: int) -> bool:
        return v % 2 == 0

    images = [walk_encrypt(perm, x, even) for x in range(0, 1000, 2)]
    assert sorted(images) == list(range(0, 1000, 2))
    assert all(walk_decrypt(perm, y, even) == x for x, y in zip(range(0, 1000, 2), images))


def test_out_of_domain_values_are_refused_without_echoing_them() -> None:
    perm = IntegerPermutation(ALICE, "T", 100)
    with pytest.raises(DomainError) as err:
        perm.encrypt(123456)
    assert "123456" not in str(err.value)


@pytest.mark.parametrize("n", [2, 10, 26, 100, 1000, 10_000])
def test_small_domains_move_every_value_and_stay_bijections(n: int) -> None:
    # A keyed table permutation left about one value of each small domain in place: a one-digit house
    # number, an initial, a two-letter code went out as written for that key.
    for keys in (ALICE, BOB):
        perm = permutation(keys, f"fixed-points|{n}", n)
        images = [perm.encrypt(x) for x in range(n)]
        assert sorted(images) == list(range(n))
        assert all(y != x for x, y in enumerate(images))
        assert all(perm.decrypt(y) == x for x, y in enumerate(images))
