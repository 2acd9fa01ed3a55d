"""Property tests of every Category I codec: round trip, format and check digits kept,
determinism, and different users getting different outputs."""

from __future__ import annotations

import ipaddress
import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.keys import MasterKey
from mechanisms.prmpt.codecs import (AlnumCodec, CreditCardCodec, IbanCodec, PhoneCodec, SsnCodec,
                                     card_prefix_length, is_valid_ssn, luhn_residue)
from mechanisms.prmpt.names import TITLES, NameCodec, load_name_lists
from mechanisms.prmpt.netcodecs import EmailCodec, IpCodec, offline_tld_extractor

MASTER = MasterKey.from_bytes(bytes(range(32)))
ALICE = MASTER.user_keys("alice")
BOB = MASTER.user_keys("bob")
FAST = settings(max_examples=60, deadline=None)


def shape(text: str) -> str:
    """Letters -> a/A, digits -> 9: the format a codec must keep."""
    return re.sub(r"[0-9]", "9", re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", text)))


def check_round_trip(codec, value: str, *, same_shape: bool = True) -> str:  # type: ignore[no-untyped-def]
    out = codec.encrypt(value, ALICE)
    assert codec.decrypt(out, ALICE) == value
    assert codec.encrypt(value, ALICE) == out  # deterministic
    if same_shape:
        assert shape(out) == shape(value)
    return out


def mostly_differ(codec, values: list[str]) -> None:  # type: ignore[no-untyped-def]
    differ = sum(codec.encrypt(v, ALICE) != codec.encrypt(v, BOB) for v in values)
    assert differ >= 0.9 * len(values)


digits = st.text(alphabet=string.digits, min_size=1, max_size=1)


@st.composite
def ssns(draw: st.DrawFn) -> str:
    d = draw(st.text(alphabet=string.digits, min_size=9, max_size=9))
    sep = draw(st.sampled_from(["-", " ", ""]))
    return f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"


@FAST
@given(ssns())
def test_ssn_round_trip_keeps_validity(value: str) -> None:
    out = check_round_trip(SsnCodec(), value)
    d_in, d_out = re.sub(r"\D", "", value), re.sub(r"\D", "", out)
    assert is_valid_ssn(d_in) == is_valid_ssn(d_out)


def luhn_complete(body: str) -> str:
    return body + str((-luhn_residue(body + "0")) % 10)


@st.composite
def cards(draw: st.DrawFn) -> str:
    prefix = draw(st.sampled_from(["4", "51", "55", "34", "37", "6011", "2221", "2720", "3530", "65", "9"]))
    length = draw(st.integers(min_value=12, max_value=19))
    body = prefix + draw(st.text(alphabet=string.digits, min_size=length - len(prefix) - 1,
                                 max_size=length - len(prefix) - 1))
    number = luhn_complete(body) if draw(st.booleans()) else body + draw(digits)
    if draw(st.booleans()) and length == 16:
        sep = draw(st.sampled_from([" ", "-"]))
        number = sep.join(number[i:i + 4] for i in range(0, 16, 4))
    return number


@FAST
@given(cards())
def test_card_round_trip_keeps_prefix_and_luhn(value: str) -> None:
    out = check_round_trip(CreditCardCodec(), value)
    d_in, d_out = re.sub(r"\D", "", value), re.sub(r"\D", "", out)
    keep = card_prefix_length(d_in)
    assert d_out[:keep] == d_in[:keep]
    assert luhn_residue(d_out) == luhn_residue(d_in)  # valid stays valid, invalid stays invalid


def iban_check(bban: str, country: str) -> str:
    number = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    return f"{98 - number % 97:02d}"


@st.composite
def ibans(draw: st.DrawFn) -> str:
    country = draw(st.sampled_from(["DE", "GB", "FR", "NL", "ES", "IT"]))
    bban = draw(st.text(alphabet=string.digits + string.ascii_uppercase, min_size=10, max_size=30))
    check = iban_check(bban, country) if draw(st.booleans()) else draw(
        st.text(alphabet=string.digits, min_size=2, max_size=2))
    compact = country + check + bban
    if draw(st.booleans()):
        return " ".join(compact[i:i + 4] for i in range(0, len(compact), 4))
    return compact


def iban_residue(value: str) -> int:
    c = value.replace(" ", "")
    return int("".join(str(int(ch, 36)) for ch in c[4:] + c[:4])) % 97


@FAST
@given(ibans())
def test_iban_round_trip_keeps_country_and_mod97(value: str) -> None:
    out = check_round_trip(IbanCodec(), value)
    assert out[:2] == value[:2]
    assert iban_residue(out) == iban_residue(value)  # 1 (valid) stays 1


@st.composite
def phones(draw: st.DrawFn) -> str:
    form = draw(st.sampled_from(["({a}) {b}-{c}", "{a}-{b}-{c}", "+1 {a} {b} {c}", "+44 {a} {b} {c}",
                                 "0{a} {b}{c}", "1-{a}-{b}-{c}", "{a}.{b}.{c}x{e}", "+33 {d} {d} {d} {d}"]))
    nums = st.text(alphabet=string.digits, min_size=3, max_size=3)
    return form.format(a=draw(nums), b=draw(nums), c=draw(nums) + draw(digits),
                       d=draw(st.text(alphabet=string.digits, min_size=2, max_size=2)),
                       e=draw(st.text(alphabet=string.digits, min_size=1, max_size=4)))


@FAST
@given(phones())
def test_phone_round_trip_keeps_separators_and_country_code(value: str) -> None:
    out = check_round_trip(PhoneCodec(), value)
    if value.startswith("+"):
        assert out.split(" ")[0] == value.split(" ")[0]


@FAST
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_ipv4_round_trip_keeps_address_class(n: int) -> None:
    value = str(ipaddress.IPv4Address(n))
    out = IpCodec().encrypt(value, ALICE)
    assert IpCodec().decrypt(out, ALICE) == value
    a, b = ipaddress.IPv4Address(value), ipaddress.IPv4Address(out)
    assert a.is_private == b.is_private and a.is_global == b.is_global


@FAST
@given(st.integers(min_value=0, max_value=2**128 - 1))
def test_ipv6_round_trip(n: int) -> None:
    value = str(ipaddress.IPv6Address(n))
    out = IpCodec().encrypt(value, ALICE)
    assert isinstance(ipaddress.ip_address(out), ipaddress.IPv6Address)
    assert IpCodec().decrypt(out, ALICE) == value


local_parts = st.from_regex(r"[a-z][a-z0-9._+-]{0,14}[a-z0-9]", fullmatch=True)
domains = st.sampled_from(["acme-corp.com", "mail.example.org", "gmail.com", "uni.ac.uk", "x.io",
                           "corp.internal", "bank.co.jp"])


@FAST
@given(local_parts, domains)
def test_email_round_trip_keeps_suffix_and_providers(local: str, domain: str) -> None:
    codec = EmailCodec(["gmail.com"])
    value = f"{local}@{domain}"
    out = check_round_trip(codec, value)
    out_domain = out.rpartition("@")[2]
    assert offline_tld_extractor()(out_domain).suffix == offline_tld_extractor()(domain).suffix
    if domain == "gmail.com":
        assert out_domain == "gmail.com"
    else:
        assert out_domain != "gmail.com"


def _names() -> st.SearchStrategy[str]:
    lists = load_name_lists("v1")
    listed_first = st.sampled_from(lists.first[:3000])
    listed_last = st.sampled_from(lists.last[:5000])
    unlisted = st.from_regex(r"[A-Z][a-z]{1,9}(-[A-Z][a-z]{1,6})?", fullmatch=True)
    token = st.one_of(listed_first, listed_last, unlisted)
    return st.one_of(
        st.builds(lambda f, s: f"{f} {s}", listed_first, listed_last),
        st.builds(lambda f, m, s: f"{f} {m}. {s}", listed_first, st.sampled_from("ABCQ"), listed_last),
        st.builds(lambda t, f, s: f"{t} {f} {s}", st.sampled_from(["Dr.", "Mrs.", "Mr"]), token, token),
        st.lists(token, min_size=1, max_size=3).map(" ".join),
        st.builds(lambda f, s: f"{f.upper()} {s.upper()}", listed_first, listed_last),
        st.builds(lambda f, s: f"{f.lower()} {s.lower()}", listed_first, listed_last),
    )


@FAST
@given(_names())
def test_names_round_trip_and_listed_names_stay_listed(value: str) -> None:
    codec = NameCodec()
    out = codec.encrypt(value, ALICE)
    assert codec.decrypt(out, ALICE) == value
    assert len(out.split()) == len(value.split())
    lists = load_name_lists("v1")
    tokens = [t for t in value.split() if t.lower() not in TITLES]
    outs = [t for t in out.split() if t.lower() not in TITLES]
    paired = (len(tokens) >= 2 and tokens[0].lower() in lists.first_index
              and tokens[-1].lower() in lists.last_index)
    for k, (a, b) in enumerate(zip(tokens, outs)):
        if paired and k == 0:
            assert b.lower() in lists.first_index
        elif paired and k == len(tokens) - 1:
            assert b.lower() in lists.last_index
        else:  # a lone token keeps its list membership (or stays out of every list)
            assert lists.membership(a) == lists.membership(b)
        assert a.isupper() == b.isupper() and a.islower() == b.islower()


def test_full_name_pair_maps_to_listed_first_and_last_name() -> None:
    lists = load_name_lists("v1")
    for value in ["John Smith", "Mary Johnson", "Robert Williams", "Linda Brown"]:
        first, last = NameCodec().encrypt(value, ALICE).split()
        assert first.lower() in lists.first_index and last.lower() in lists.last_index


alnum_ids = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9 -]{0,30}", fullmatch=True)


@FAST
@given(alnum_ids)
def test_generic_id_codec_round_trip(value: str) -> None:
    check_round_trip(AlnumCodec("EMPLOYEE_ID"), value)


def test_long_ids_are_split_into_admissible_domains() -> None:
    value = "A1b2" * 40  # a 160-character domain, far beyond one FF3-1 block
    check_round_trip(AlnumCodec("TOKEN"), value)


@pytest.mark.parametrize("codec, values", [
    (SsnCodec(), ["123-45-6789", "234-56-7890", "345-67-8901", "456-78-9012", "111-22-3333"] * 2),
    (CreditCardCodec(), ["4111 1111 1111 1111", "5500 0000 0000 0004", "378282246310005",
                         "6011111111111117", "4012888888881881"] * 2),
    (IbanCodec(), ["DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432",
                   "FR1420041010050500013M02606", "NL91ABNA0417164300"] * 3),
    (PhoneCodec(), ["(415) 555-0132", "+1 212 555 0198", "+44 20 7946 0958", "030 1234567"] * 3),
    (IpCodec(), ["8.8.8.8", "192.168.1.10", "2001:4860:4860::8888", "10.1.2.3"] * 3),
    (EmailCodec(), ["john@acme.com", "jane.doe@corp.org", "x.y@uni.ac.uk"] * 4),
    (NameCodec(), ["John Smith", "Mary Johnson", "Zyxelle Qwerty", "Anna"] * 3),
])
def test_different_users_get_different_stand_ins(codec, values) -> None:  # type: ignore[no-untyped-def]
    mostly_differ(codec, values)


def test_special_addresses_are_left_alone_or_stay_in_block() -> None:
    codec = IpCodec()
    assert codec.encrypt("127.0.0.1", ALICE) == "127.0.0.1"
    assert codec.encrypt("::1", ALICE) == "::1"
    assert codec.encrypt("192.168.7.7", ALICE).startswith("192.168.")
    assert ipaddress.ip_address(codec.encrypt("fe80::1", ALICE)).is_link_local


def test_invalid_values_do_not_leak_through_exceptions() -> None:
    from mechanisms.prmpt.permutation import DomainError

    with pytest.raises(DomainError) as err:
        SsnCodec().encrypt("12-34", ALICE)
    assert "12-34" not in str(err.value)
