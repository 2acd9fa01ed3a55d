"""Names by parts: every part has one realistic stand-in, and full names, first names, last names,
"Mr. <last>", possessives and "<Last>, <First>" all come back, through the request's mapping
(whole text and streamed at every split) and, for listed parts, with the key alone."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mechanisms.keys import MasterKey
from mechanisms.prmpt import PrmptConfig, RestorePlan, Sanitizer, StreamingRestorer, restore
from mechanisms.prmpt.names import NameCodec, RequestNames, listed_crypt, load_name_lists, norm

MASTER = MasterKey.from_bytes(bytes(range(32)))
ALICE = MASTER.user_keys("alice")
BOB = MASTER.user_keys("bob")
FAST = settings(max_examples=80, deadline=None)
LISTS = load_name_lists("v1")

listed_first = st.sampled_from(LISTS.first)
listed_last = st.sampled_from(LISTS.last)
unlisted = st.from_regex(r"[A-Z][a-z]{3,9}", fullmatch=True).filter(lambda t: not LISTS.is_listed(t))
first_names = st.one_of(listed_first, unlisted)
last_names = st.one_of(listed_last, unlisted)
case_styles = st.sampled_from([str, str.upper, str.lower])


def _parts(stand_in: str) -> list[str]:
    return [p for p in stand_in.replace(",", " ").split() if p.lower().rstrip(".") not in ("mr", "dr", "ms")]


@FAST
@given(first_names, last_names, case_styles)
def test_every_form_of_a_name_restores_through_the_mapping(first: str, last: str, style) -> None:  # type: ignore[no-untyped-def]
    first, last = style(first), style(last)
    names = RequestNames(ALICE, "v1", [(f"{first} {last}", False)])
    stand_in, parts = names.person(f"{first} {last}")
    f2, l2 = stand_in.split()
    assert LISTS.is_listed(f2) and LISTS.is_listed(l2)  # realistic, whatever the original
    assert (f2.isupper(), f2.islower()) == (first.isupper(), first.islower())
    mapping = {stand_in: f"{first} {last}", **parts}
    answer = (f"Dear Mr. {l2}, thanks {f2}! {l2}'s file: {l2}, {f2}. Signed {stand_in} "
              f"({stand_in.upper()}).")
    expected = (f"Dear Mr. {last}, thanks {first}! {last}'s file: {last}, {first}. Signed {first} {last} "
                f"({first.upper()} {last.upper()}).")
    assert restore(answer, mapping) == expected
    # the same part in any other span of the request gets the same stand-in
    assert names.person(last, title_before=True)[0] == l2
    assert names.person(f"{last}, {first}")[0] == f"{l2}, {f2}"


def test_a_walked_stand_in_restores_with_the_mapping() -> None:
    # "Howard Benjamin": Howard's keyed stand-in under this key is "Benjamin", a part of the same name, so it is
    # walked on to "Chang"; the key alone would read "Chang" back as "Benjamin" (hypothesis found the pair), the
    # request's mapping gives the name back as written
    sanitizer = Sanitizer(PrmptConfig())
    text = "Please write to Howard Benjamin about the lease."
    out = sanitizer.sanitize(text, ALICE)
    assert "Howard" not in out.text and "Benjamin" not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@FAST
@given(listed_first, listed_last, st.sampled_from(["", "Dr. ", "Mrs. "]), st.sampled_from(["", "'s"]))
def test_listed_parts_restore_with_the_key_alone(first: str, last: str, title: str, possessive: str) -> None:
    # the key alone restores a part whose keyed stand-in was not walked on: a stand-in that lands on the other part
    # of the same name, or on the other part's stand-in, is walked to the next name of the cycle, which only the
    # request's mapping restores (test_a_walked_stand_in_restores_with_the_mapping)
    stand_ins = [listed_crypt(ALICE, LISTS, LISTS.class_of(part), part, False) for part in (first, last)]  # type: ignore[arg-type]
    assume(not {norm(s) for s in stand_ins} & {norm(first), norm(last)} and norm(stand_ins[0]) != norm(stand_ins[1]))
    codec = NameCodec()
    value = f"{title}{first} {last}{possessive}"
    out = codec.encrypt(value, ALICE)
    assert out.startswith(title) and out.endswith(possessive)
    assert codec.decrypt(out, ALICE) == value
    # each part alone, in any context, is the same stand-in: "Dear Mr. <last>" decrypts
    last_out = codec.encrypt(last, ALICE)
    assert out.split()[-1].removesuffix(possessive) == last_out
    assert codec.decrypt(f"Mr. {last_out}", ALICE) == f"Mr. {last}"


@FAST
@given(st.lists(st.tuples(first_names, last_names), min_size=2, max_size=8))
def test_names_of_one_request_never_share_a_stand_in(people: list[tuple[str, str]]) -> None:
    values = [f"{f} {s}" for f, s in people]
    names = RequestNames(ALICE, "v1", [(v, False) for v in values])
    originals = {p.lower() for v in values for p in v.split()}
    by_stand_in: dict[str, str] = {}
    for v in values:
        stand_in, parts = names.person(v)
        for s_part, o_part in parts.items():
            assert by_stand_in.setdefault(s_part.lower(), o_part.lower()) == o_part.lower()
            if not LISTS.is_listed(o_part):  # a drawn stand-in is never a listed original of the request
                assert s_part.lower() not in originals


def test_unlisted_part_is_stable_across_requests_and_per_user() -> None:
    alone = RequestNames(ALICE, "v1", [("Oluwaseun Adeyemi", False)]).person("Oluwaseun Adeyemi")[0]
    other = RequestNames(ALICE, "v1", [("Mary Johnson", False), ("Oluwaseun Adeyemi", False)])
    assert other.person("Oluwaseun Adeyemi")[0] == alone  # no collision: the same in every turn
    assert RequestNames(BOB, "v1", [("Oluwaseun Adeyemi", False)]).person("Oluwaseun Adeyemi")[0] != alone
    first, last = alone.split()
    assert first in LISTS.pools["first"] and last in LISTS.pools["last"]


def test_family_members_share_the_surname_stand_in() -> None:
    names = RequestNames(ALICE, "v1", [("John Smith", False), ("Jane Smith", False),
                                       ("Kwame Mensah", False), ("Ama Mensah", False)])
    assert names.person("John Smith")[0].split()[1] == names.person("Jane Smith")[0].split()[1]
    assert names.person("Kwame Mensah")[0].split()[1] == names.person("Ama Mensah")[0].split()[1]


@pytest.mark.parametrize("user", ["alice", "bob", "bench"])
def test_no_listed_name_and_no_initial_is_its_own_stand_in(user: str) -> None:
    # A plain keyed permutation leaves about one value of every class where it is: for that user, that
    # name always went out as written ("Brad Hardie" -> "Brad Rueter" under one key). Every listed name
    # of every class, and every initial, must move, and still come back with the key alone.
    from mechanisms.prmpt.names import listed_crypt

    keys = MASTER.user_keys(user)
    for key, pool in LISTS.classes.items():
        if len(pool) < 2:
            continue
        for name in pool:
            stand_in = listed_crypt(keys, LISTS, key, name, False)
            assert stand_in.lower() != name.lower(), (key, name)
            assert listed_crypt(keys, LISTS, key, stand_in, True) == name
    names = RequestNames(keys, "v1")
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        assert names.initial(letter) != letter and names.initial(names.initial(letter), decrypt=True) == letter


def test_a_listed_stand_in_is_never_another_name_of_the_same_request(sanitizer: Sanitizer) -> None:
    # "Daniel" -> "Ignacio" beside a real "Ignacio" put a real name of the request on the wire (a Spanish
    # clinical record counted it as a leak). The stand-in walks on along the keyed cycle, past the
    # request's own names and past stand-ins already given, and the mapping brings everything back.
    from mechanisms.prmpt.names import listed_crypt

    for x in ("Daniel", "Maria", "John", "Aisha", "Elena"):
        key = LISTS.class_of(x)
        assert key is not None
        y = listed_crypt(ALICE, LISTS, key, x, False)
        z = listed_crypt(ALICE, LISTS, key, y, False)
        people = [f"{x} Okonkwo", f"{y} Castillo", f"{z} Brennan"]
        names = RequestNames(ALICE, "v1", [(p, False) for p in people])
        stand_ins = [names.person(p)[0].split()[0] for p in people]
        assert not {s.lower() for s in stand_ins} & {x.lower(), y.lower(), z.lower()}, (people, stand_ins)
        assert len({s.lower() for s in stand_ins}) == 3, stand_ins
        text = f"Dr. {people[0]} referred {people[1]} to {people[2]}; {x} will call {y} on Monday."
        out = sanitizer.sanitize(text, ALICE)
        assert not re.search(rf"\b({x}|{y}|{z})\b", out.text), out.text
        assert sanitizer.desanitize(out.text, out.mapping) == text


def test_initials_middle_names_titles_and_hyphens() -> None:
    names = RequestNames(ALICE, "v1", [("Dr. John Q. Smith-Jones Jr.", False)])
    out, parts = names.person("Dr. John Q. Smith-Jones Jr.")
    tokens = out.split()
    assert tokens[0] == "Dr." and tokens[-1] == "Jr." and len(tokens[2]) == 2 and tokens[2].endswith(".")
    a, b = tokens[3].split("-")
    assert parts[a] == "Smith" and parts[b] == "Jones"
    assert NameCodec().decrypt(out, ALICE) == "Dr. John Q. Smith-Jones Jr."


def test_word_like_names_only_map_among_themselves_and_need_a_capital_to_restore() -> None:
    names = RequestNames(ALICE, "v1", [("Will May", False), ("John Smith", False)])
    out, parts = names.person("John Smith")
    assert all(p.lower() not in LISTS.wordlike for p in out.split())
    will = names.person("Will May")[0].split()
    assert all(p.lower() in LISTS.wordlike for p in will)
    mapping = {"Xavier": "John", "Young": "Will"}
    assert restore("Young said you may be young.", mapping) == "Will said you may be young."


# ---- through the sanitizer: the proxy's path (one plan for the union of a request's mappings) ----
@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


TEXTS = ["Please write to John Smith and Oluwaseun Adeyemi about the contract.",
         "Mr. Adeyemi prefers email: oluwaseun.adeyemi@gmail.com. Smith's assistant is Jane Smith."]


def _stand_ins(results) -> dict[str, str]:  # type: ignore[no-untyped-def]
    mapping: dict[str, str] = {}
    for r in results:
        mapping.update(r.mapping)
    return {o: s for s, o in mapping.items()}


def test_request_mapping_restores_parts_in_answers(sanitizer: Sanitizer) -> None:
    results = sanitizer.sanitize_many(TEXTS, ALICE)
    union: dict[str, str] = {}
    for r in results:
        union.update(r.mapping)
    inv = _stand_ins(results)
    assert {"Smith", "John", "Adeyemi", "Oluwaseun"} <= set(inv)
    for original in ("John Smith", "Oluwaseun Adeyemi", "Adeyemi", "Smith", "Jane Smith"):
        assert all(original not in r.text for r in results)
    answer = (f"Dear Mr. {inv['Adeyemi']} and {inv['John']},\n{inv['Smith']}'s note to {inv['Adeyemi']}, "
              f"{inv['Oluwaseun']} is attached; cc {inv['Jane']} {inv['Smith']}, "
              f"{inv['oluwaseun.adeyemi@gmail.com']}.")
    expected = ("Dear Mr. Adeyemi and John,\nSmith's note to Adeyemi, Oluwaseun is attached; cc Jane Smith, "
                "oluwaseun.adeyemi@gmail.com.")
    plan = RestorePlan(union)
    assert restore(answer, plan) == expected
    for cut in range(len(answer) + 1):  # streamed: every split point
        r = StreamingRestorer(plan)
        assert r.feed(answer[:cut]) + r.feed(answer[cut:]) + r.flush() == expected
    # inside JSON strings (tool arguments) the originals are JSON-escaped by the proxy
    escaped = RestorePlan({k: json.dumps(v)[1:-1] for k, v in union.items()})
    assert json.loads(restore(json.dumps({"note": answer}), escaped)) == {"note": expected}


def test_stateless_restore_of_listed_parts_and_json_mapping(sanitizer: Sanitizer) -> None:
    from mechanisms.prmpt import desanitize_command, sanitize_command

    text = "Ask John Smith and Oluwaseun Adeyemi."
    res = sanitizer.sanitize(text, ALICE)
    inv = {o: s for s, o in res.mapping.items()}
    answer = f"Sure. Mr. {inv['Smith']} and {inv['Oluwaseun']} will reply."
    # `veil desanitize` with the key alone: listed parts come back
    assert "Mr. Smith" in sanitizer.desanitize_stateless(answer, ALICE)
    # with the `sanitize --json` mapping (or the original), every part comes back
    as_json = sanitize_command(sanitizer, text, ALICE, as_json=True)
    assert json.loads(as_json)["mapping"][inv["Adeyemi"]] == "Adeyemi"
    expected = "Sure. Mr. Smith and Oluwaseun will reply."
    assert desanitize_command(sanitizer, answer, ALICE, mapping_json=as_json) == expected
    assert sanitizer.desanitize_stateless(answer, ALICE, original=text) == expected


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first_names, last_names)
def test_sanitizer_round_trip_of_any_name(sanitizer: Sanitizer, first: str, last: str) -> None:
    text = f"Dear {first} {last}, thank you."
    res = sanitizer.sanitize(text, ALICE)
    if not res.entities:  # the annotator may miss an invented name; restoring is what is tested here
        return
    assert f"{first} {last}" not in res.text
    assert sanitizer.desanitize(res.text, res.mapping) == text


def test_an_initials_stand_in_is_never_an_initial_the_request_writes() -> None:
    """An initial's stand-in steps past the capitals the request writes as initials: "R. Ryssdal" -> "B. Canaday" beside
    a real "police inspector B." put "B." on the wire, a real initial of the request (a court judgment). Two initials
    never share a stand-in, and the answer is restored as written."""
    plain = RequestNames(ALICE, "v1")
    keyed = {c: plain.initial(c) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    # the request's own initials: a letter and the keyed stand-in of another letter of it (a collision by construction)
    real = "R"
    other = keyed[real]
    names = RequestNames(ALICE, "v1", avoid_initials={real, other})
    assert names.request_initial(real) not in {real, other}
    assert names.request_initial(other) not in {real, other, names.request_initial(real)}
    assert names.request_initial(real.lower()) == names.request_initial(real).lower()
    # without a collision it is the keyed stand-in, which the key alone decrypts
    free = next(c for c in keyed if c not in {real, other} and keyed[c] not in {real, other})
    assert names.request_initial(free) == keyed[free]
    sanitizer = Sanitizer(PrmptConfig())
    sanitizer.load()
    text = (f"The Chamber was composed of Mr {real}. Halvorsen, President, and Mr {other}. Quennell, judge. The applicant "
            f"was stopped by police inspector {other}. near the bridge, and Mr {real}. Halvorsen heard him.")
    out = sanitizer.sanitize(text, ALICE)
    written = set(re.findall(r"(?<!\w)([A-Z])\.", text))
    assert not written & set(re.findall(r"(?<!\w)([A-Z])\.", out.text)), out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_initials_run_together_take_each_initials_stand_in() -> None:
    """"S.K." and "J.-P." are initials, each through the same stand-in as when it stands alone ("S." beside "S.K."),
    never a letter of its own place kept (they went through a per-character cipher that can keep one); an accented
    capital takes its letter's ("İ." as "I.")."""
    names = RequestNames(ALICE, "v1", [("S.K. Varga", True), ("S. Ames", True), ("J.-P. Lund", True), ("İ. Oz", True)])
    s, k, j, p, i = (names.request_initial(c) for c in "SKJPI")
    assert names.person("S.K. Varga", True)[0].startswith(f"{s}.{k}. ")
    assert names.person("S. Ames", True)[0].startswith(f"{s}. ")
    assert names.person("J.-P. Lund", True)[0].startswith(f"{j}.-{p}. ")
    assert names.person("İ. Oz", True)[0].startswith(f"{i}. ")
    for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        assert names.request_initial(c) != c


def test_a_listed_parts_stand_in_is_never_a_word_of_the_request() -> None:
    """A listed part's stand-in walks on past a word of the request's texts: "THOMAS VIA" -> "RUDOLPH PERSON" beside a
    text's own "CONTACT PERSON" put "VIA" back in the wrong place when the answer was restored (a nursing note)."""
    from mechanisms.prmpt.names import listed_crypt

    key = LISTS.class_of("Via")
    assert key is not None
    first = listed_crypt(ALICE, LISTS, key, "Via", False)
    plain = RequestNames(ALICE, "v1", [("Thomas Via", False)])
    assert plain.part("Via", "last") == first  # (no collision: what the key alone decrypts)
    names = RequestNames(ALICE, "v1", [("Thomas Via", False)], avoid={first.lower(), "contact", "via"})
    stand_in = names.part("Via", "last")
    assert stand_in != first and stand_in.lower() not in {"contact", "via"}
    sanitizer = Sanitizer(PrmptConfig())
    sanitizer.load()
    text = f"Please contact Mr. Thomas Via at the desk, or {first} who keeps the keys."
    out = sanitizer.sanitize(text, ALICE)
    assert "Via" not in out.text and sanitizer.desanitize(out.text, out.mapping) == text
