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
from mechanisms.prmpt.codecs import (
    AlnumCodec,
    CreditCardCodec,
    IbanCodec,
    PhoneCodec,
    SsnCodec,
    card_prefix_length,
    is_valid_ssn,
    luhn_residue,
)
from mechanisms.prmpt.names import NameCodec, load_name_lists
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


def _words_of(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", text)


@FAST
@given(local_parts, domains)
def test_email_stand_in_keeps_suffix_providers_and_local_part_reads_as_names(local: str, domain: str) -> None:
    codec = EmailCodec(["gmail.com"])
    value = f"{local}@{domain}"
    out = codec.encrypt(value, ALICE)
    assert codec.encrypt(value, ALICE) == out  # deterministic
    out_local, _, out_domain = out.rpartition("@")
    suffix = offline_tld_extractor()(domain).suffix
    assert offline_tld_extractor()(out_domain).suffix == suffix
    assert (out_domain == "gmail.com") == (domain == "gmail.com")
    assert codec.decrypt(out, ALICE).rpartition("@")[2] == domain  # domains: the key alone restores
    lists = load_name_lists("v1")
    for word in _words_of(out_local):
        # realistic: a word of 3+ letters is a listed name, or an initial / name run together with one
        assert len(word) <= 2 or lists.is_listed(word) or any(
            (len(word[:i]) == 1 or lists.is_listed(word[:i])) and lists.is_listed(word[i:])
            for i in range(1, len(word) - 2)), word
    # punctuation keeps its place
    assert re.sub(r"[A-Za-z0-9]+", "w", out_local) == re.sub(r"[A-Za-z0-9]+", "w", local)


@FAST
@given(st.sampled_from(load_name_lists("v1").first[:2000]), st.sampled_from(load_name_lists("v1").last[:5000]),
       st.sampled_from([".", "_", "-"]), st.sampled_from(["gmail.com", "example.org"]))
def test_email_of_listed_name_words_decrypts_with_the_key_alone(first: str, last: str, sep: str,
                                                                 domain: str) -> None:
    codec = EmailCodec(["gmail.com", "example.org"])
    value = f"{first.lower()}{sep}{last.lower()}@{domain}"
    out = codec.encrypt(value, ALICE)
    assert out != value and codec.decrypt(out, ALICE) == value


def test_email_uses_the_name_parts_of_its_request() -> None:
    from mechanisms.prmpt.names import RequestNames

    names = RequestNames(ALICE, "v1", [("Oluwaseun Adeyemi", False), ("Michael Chen", False)])
    first, last = names.person("Oluwaseun Adeyemi")[0].lower().split()
    mf, ml = names.person("Michael Chen")[0].lower().split()
    codec = EmailCodec(["gmail.com"])
    assert codec.encrypt_in("oluwaseun.adeyemi@gmail.com", names) == f"{first}.{last}@gmail.com"
    assert codec.encrypt_in("oadeyemi@gmail.com", names) == f"{first[0]}{last}@gmail.com"
    assert codec.encrypt_in("mchen@gmail.com", names) == f"{names.initial('m')}{ml}@gmail.com"
    assert codec.decrypt(codec.encrypt_in("mchen@gmail.com", names), ALICE) == "mchen@gmail.com"
    a = codec.encrypt_in("zzq.xkcd@gmail.com", names)
    b = codec.encrypt_in("qqz.dckx@gmail.com", names)
    assert a != b  # two emails of one request never share a stand-in


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
    (NameCodec(), ["John Smith", "Mary Johnson", "Zyxelle Qwerty", "Anna", "Oluwaseun Adeyemi"] * 3),
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
