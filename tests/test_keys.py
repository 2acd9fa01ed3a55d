"""The key module: master key handling, derivation, and what never gets printed."""

from __future__ import annotations

import os
import stat

import pytest

from mechanisms.keys import MasterKey, MasterKeyError, constant_time_equals, hkdf_sha256, write_master_key


def test_created_on_first_use_with_0600(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("VEIL_MASTER_KEY", raising=False)
    path = tmp_path / "sub" / "master.key"
    key = MasterKey.load(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert MasterKey.load(path).key_id == key.key_id  # the same key next time


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660])
def test_readable_by_others_is_refused(tmp_path, monkeypatch, mode) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("VEIL_MASTER_KEY", raising=False)
    path = tmp_path / "master.key"
    write_master_key(path, MasterKey.generate())
    os.chmod(path, mode)
    with pytest.raises(MasterKeyError, match="chmod 600"):
        MasterKey.load(path)


def test_env_key_and_malformed_keys(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    key = MasterKey.generate()
    monkeypatch.setenv("VEIL_MASTER_KEY", key.hex())
    assert MasterKey.load(tmp_path / "unused").key_id == key.key_id
    monkeypatch.setenv("VEIL_MASTER_KEY", "abcd")
    with pytest.raises(MasterKeyError):
        MasterKey.load()
    monkeypatch.delenv("VEIL_MASTER_KEY")
    with pytest.raises(MasterKeyError):
        MasterKey.load(tmp_path / "missing", create=False)


def test_derivation_separates_users_versions_and_types() -> None:
    master = MasterKey.from_bytes(bytes(range(32)))
    alice, bob = master.user_keys("alice"), master.user_keys("bob")
    assert alice.fpe_key() != bob.fpe_key()
    assert master.user_keys("alice", 2).fpe_key() != alice.fpe_key()
    assert alice.fpe_tweak("US_SSN") != alice.fpe_tweak("CREDIT_CARD") and len(alice.fpe_tweak("X")) == 7
    assert alice.prf("a", "x") != alice.prf("a", "y") and alice.prf("a", "x") == master.user_keys("alice").prf("a", "x")
    assert master.user_keys("ab", 1).fpe_key() != master.user_keys("a", 11).fpe_key()  # no ambiguity
    assert master.watermark_key("deployment", 1).key_id != master.watermark_key("deployment", 2).key_id


def test_hkdf_matches_rfc5869_test_case_1() -> None:
    ikm = bytes.fromhex("0b" * 22)
    salt = bytes.fromhex("000102030405060708090a0b0c")
    info = bytes.fromhex("f0f1f2f3f4f5f6f7f8f9")
    okm = hkdf_sha256(ikm, info, 42, salt)
    assert okm.hex() == ("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                         "34007208d5b887185865")


def test_reprs_never_show_key_material() -> None:
    master = MasterKey.generate()
    for obj in (master, master.user_keys("alice"), master.watermark_key()):
        assert master.hex() not in repr(obj) and "alice" not in repr(obj)
    assert constant_time_equals("a", "a") and not constant_time_equals("a", "b")


def test_missing_key_that_cannot_be_created_is_a_clear_error(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from mechanisms.keys import MasterKey, MasterKeyError

    monkeypatch.delenv("VEIL_MASTER_KEY", raising=False)
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(MasterKeyError, match="none can be created"):
        MasterKey.load(blocker / "master.key")
