"""Codes that name a person's money or papers, and accounts named in a sentence:

- crypto wallets of the coins that took Bitcoin's base58check format (Litecoin "L"/"M", Dogecoin "D", Dash "X", Tron
  "T") and Litecoin's bech32 ("ltc1..."): the checksum tells them from a word, as for Bitcoin;
- a SWIFT / BIC code after its name ("BIC code RZBAATWWXXX", "SWIFT/BIC: DEUTDEFF500", "code BIC : BNPAFRPP"), the
  country kept;
- an account after "logged in as" / "signed in as" ("connecté en tant que", "conectado como");
- a US immigration file after its name ("A-number is A123-456-789", "Alien No.", "USCIS #") and an agency's receipt
  number ("receipt number is EAC2190012345").

Each leaves the sanitized text and comes back exactly. What only looks so stays as written: the SWIFT network, a
product and its version ("Mozilla/5.0", which a title before it, "agent", made a name), the name of a company, a
product, a project or an account the holder named ("Account name: Savings Plus"), "a number of".
"""

from __future__ import annotations

import random

import pytest

import prmpt_values as pv
from mechanisms.prmpt.entities.finance import SwiftCodec, swift_valid, wallet_valid
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("codes-and-accounts")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("version, first", [(0x30, "L"), (0x32, "M"), (0x1E, "D"), (0x4C, "X"), (0x41, "T")])
def test_a_wallet_of_a_coin_in_bitcoins_format(sanitizer: Sanitizer, version: int, first: str) -> None:
    rng = random.Random(version)
    for _ in range(5):
        address = pv.btc_address(rng, (version,))
        assert address[0] == first and wallet_valid(address)
        out = sanitizer.sanitize(f"Send the coins to {address} before noon.", KEYS)
        assert address not in out.text, out.text
        stand_in = out.text.split("to ")[1].split(" ")[0]
        assert stand_in[0] == first and wallet_valid(stand_in), stand_in
        assert sanitizer.desanitize(out.text, out.mapping) == f"Send the coins to {address} before noon."


def test_a_litecoin_bech32_address(sanitizer: Sanitizer) -> None:
    rng = random.Random(7)
    for _ in range(5):
        address = pv.bech32_address(rng, "ltc")
        assert wallet_valid(address)
        check_hidden(sanitizer, KEYS, f"my ltc wallet: {address}", [address])


def test_a_base58_word_without_its_checksum_stays(sanitizer: Sanitizer) -> None:
    address = pv.btc_address(random.Random(3), (0x30,))
    broken = address[:-1] + ("2" if address[-1] != "2" else "3")
    assert not wallet_valid(broken)
    check_kept(sanitizer, KEYS, f"Send the coins to {broken} before noon.", broken)


@pytest.mark.parametrize("text, code", [
    ("Please transfer the funds to account 84739201 with BIC code RZBAATWWXXX by Friday.", "RZBAATWWXXX"),
    ("Your SWIFT is BOFAUS3N and the IBAN follows.", "BOFAUS3N"),
    ("SWIFT/BIC: DEUTDEFF500", "DEUTDEFF500"),
    ("Code BIC : BNPAFRPP", "BNPAFRPP"),
    ("el código SWIFT es CAIXESBBXXX", "CAIXESBBXXX"),
    ("bic: CHASUS33", "CHASUS33"),
])
def test_a_swift_code_after_its_name(sanitizer: Sanitizer, text: str, code: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert code not in out.text, out.text
    stand_ins = [w.strip(".,") for w in out.text.split() if swift_valid(w.strip(".,")) and w.strip(".,") != code]
    assert stand_ins and stand_ins[0][4:6] == code[4:6], out.text  # the country kept
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_a_swift_code_keeps_its_bank_with_and_without_the_branch() -> None:
    codec = SwiftCodec()
    short, long = codec.encrypt("BNPAFRPP", KEYS), codec.encrypt("BNPAFRPPXXX", KEYS)
    assert long == short + "XXX"
    rng = random.Random(5)
    for _ in range(300):
        code = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + rng.choice(["DE", "FR", "US", "JP"]) \
            + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(2)) \
            + rng.choice(["", "XXX", "500", "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3))])
        out = codec.encrypt(code, KEYS)
        assert codec.decrypt(out, KEYS) == code and swift_valid(out) and out[4:6] == code[4:6]


@pytest.mark.parametrize("text, kept", [
    ("The SWIFT network is down, and BIC codes are eight or eleven characters.", "network"),
    ("Our SWIFT protocol PAYMENTS1 runs nightly", "PAYMENTS1"),  # no country in its fifth and sixth letters
    ("User agent Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Mozilla/5.0"),
    ("Browser: Chrome/120.0 on agent Firefox/115.2", "Firefox/115.2"),
    ("Company name: Blue Harbor Logistics", "Blue Harbor Logistics"),
    ("Project name: Falcon Rising", "Falcon Rising"),
    ("Account name: Savings Plus", "Savings Plus"),
    ("Account name: Home Loan Account", "Home Loan Account"),
    ("I have a number of questions and a receipt of 12 items", "12 items"),
    ("I logged in as admin, then as a guest", "admin"),
])
def test_what_only_looks_so_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Account name: Priya Raman, sort code 40-47-84", ["Priya", "Raman"]),
    ("Account name: Mr J Smith", ["Smith"]),
    ("Name: Maria Lopez", ["Lopez"]),
    ("I logged in as zelda_m88 yesterday and signed in as kraken.lord today", ["zelda_m88", "kraken.lord"]),
    ("connecté en tant que m.durand42, puis conectado como lucia_r7", ["durand42", "lucia_r7"]),
    ("My A-number is A123-456-789 and my receipt number is EAC2190012345.", ["123-456-789", "2190012345"]),
    ("Alien Registration Number: A 012 345 678", ["012 345 678"]),
    ("USCIS # 123456789, Alien No. 012345678", ["123456789", "012345678"]),
])
def test_what_names_a_person_is_hidden(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# the codes and accounts above, through every surface
SET_CB = ("Wire it to BIC RZBAATWWXXX.\nI logged in as zelda_m88.\nMy A-number is A123-456-789.\n"
          "Litecoin: {ltc}")
SET_CB_SECRETS = ("RZBAATWWXXX", "zelda_m88", "123-456-789")


def test_set_cb_codes_and_accounts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    ltc = pv.btc_address(random.Random(11), (0x30,))
    attack_every_surface(veil_factory, upstream, SET_CB.format(ltc=ltc), SET_CB_SECRETS + (ltc,))


@pytest.mark.parametrize("text, secret", [
    ("aws key AKIA\u200bIOSFODNN7EXAMPLE", "IOSFODNN7EXAMPLE"),
    ("token ghp_ABCDEFGHIJ\u200bKLMNOPQRSTUVWXYZ0123456789", "KLMNOPQRSTUVWXYZ0123456789"),
    ("VIN 1HGCM\u200bB2633A004352", "B2633A004352"),
    ("passport X\u200bAB123456", "AB123456"),
    ("SWIFT: DEUT\u200bDEFF500", "DEFF500"),
])
def test_a_zero_width_space_between_capitals_inside_a_code_hides_nothing(sanitizer: Sanitizer, text: str,
                                                                         secret: str) -> None:
    """The normalised view reads a zero-width space between a letter and a capital as a word's end ("John\u200bSmith"
    is two names); inside a run that holds a digit it is dropped like any invisible character, so a code split so
    is read whole."""
    check_hidden(sanitizer, KEYS, text, [secret])


@pytest.mark.parametrize("text, secrets", [("John\u200bSmith called", ["John", "Smith"]),
                                           ("call JOHN\u200bSMITH now", ["JOHN", "SMITH"])])
def test_names_joined_by_a_zero_width_space_stay_two_names(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)
