"""Restoring stand-ins in answers: exact, tolerant, and streamed chunk by chunk."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.prmpt import RestorePlan, StreamingRestorer, restore

MAPPING = {
    "Hannelore Maysonet": "John Smith",
    "Hannelore": "John",
    "duer.qofxg@jmvr-cdhw.com": "john.smith@acme-corp.com",
    "(385) 618-3086": "(415) 555-0132",
    "4675 7059 9384 9884": "4111 1111 1111 1111",
    "DE17 6312 3727 5099 9742 37": "DE89 3704 0044 0532 0130 00",
    "192.168.179.240": "192.168.1.23",
    "b885:277b:ecf3:ac42:d032:813e:390f:83dd": "2a00:1450:4001:82a::200e",
    "xkdh_sou491234@gmail.com": "jane_doe991234@gmail.com",
}


def test_exact_echo_is_restored() -> None:
    text = "Hannelore Maysonet wrote from duer.qofxg@jmvr-cdhw.com on 192.168.179.240."
    assert restore(text, MAPPING) == "John Smith wrote from john.smith@acme-corp.com on 192.168.1.23."


def test_tolerates_case_possessive_whitespace_and_regrouped_digits() -> None:
    text = ("HANNELORE MAYSONET's card 4675-7059-9384-9884 (or 4675705993849884), call 385-618-3086 "
            "or (385) 618 3086; IBAN DE1763123727509997423 7; hannelore\nmaysonet agreed.")
    out = restore(text, MAPPING)
    assert "JOHN SMITH's card 4111 1111 1111 1111 (or 4111 1111 1111 1111)" in out
    assert out.count("(415) 555-0132") == 2
    assert "john\nsmith" not in out and "john smith agreed" in out
    assert "Maysonet" not in out and "4675" not in out and "385" not in out


def test_stand_ins_with_their_own_separators_match_themselves() -> None:
    text = "from b885:277b:ecf3:ac42:d032:813e:390f:83dd, XKDH_SOU491234@GMAIL.COM wrote"
    assert restore(text, MAPPING) == "from 2a00:1450:4001:82a::200e, JANE_DOE991234@GMAIL.COM wrote"


def test_does_not_touch_words_that_merely_contain_a_stand_in() -> None:
    assert restore("Hannelorettes and xHannelore", MAPPING) == "Hannelorettes and xHannelore"
    assert restore("ID 14675705993849884", MAPPING) == "ID 14675705993849884"


def test_empty_mapping_is_identity() -> None:
    assert restore("anything 123", {}) == "anything 123"
    r = StreamingRestorer({})
    assert r.feed("abc") == "abc" and r.flush() == ""


ANSWER = ("Sure, Hannelore Maysonet! I'll write to duer.qofxg@jmvr-cdhw.com and call (385) 618-3086. "
          "Your card 4675 7059 9384 9884 and HANNELORE's IBAN DE17 6312 3727 5099 9742 37 are fine; "
          "server 192.168.179.240 is up. Hannelore")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=80))
def test_streaming_equals_whole_text_for_any_chunking(sizes: list[int]) -> None:
    restorer = StreamingRestorer(MAPPING)
    out, i, k = [], 0, 0
    while i < len(ANSWER):
        size = sizes[k % len(sizes)]
        out.append(restorer.feed(ANSWER[i:i + size]))
        i, k = i + size, k + 1
    out.append(restorer.flush())
    assert "".join(out) == restore(ANSWER, MAPPING)


def test_streaming_holds_back_only_a_possible_stand_in_prefix() -> None:
    r = StreamingRestorer(MAPPING)
    assert r.feed("Hello there, ") == "Hello there, "
    assert r.feed("Hanne") == ""  # could become "Hannelore Maysonet"
    assert r.feed("lore Mays") == ""
    assert r.feed("onet, hi") == "John Smith, hi"
    assert r.feed("!") == "!"
    assert r.feed(" Hannah") == " Hannah"  # "Hannah" can no longer become a stand-in
    assert r.feed(" Hann") == " "  # ... but "Hann" still can
    assert r.flush() == "Hann"


def test_streaming_never_emits_a_stand_in_split_across_chunks() -> None:
    r = StreamingRestorer(MAPPING)
    emitted = "".join(r.feed(ch) for ch in "card 4675 7059 9384 9884.") + r.flush()
    assert emitted == "card 4111 1111 1111 1111."


def test_plan_is_reusable_across_restorers() -> None:
    plan = RestorePlan(MAPPING)
    a, b = StreamingRestorer(plan), StreamingRestorer(plan)
    assert a.feed("Hannelore Maysonet.") == "John Smith."
    assert b.feed("q") == "q"


def test_feed_is_fast_for_typical_deltas() -> None:
    r = StreamingRestorer(MAPPING)
    deltas = [ANSWER[i:i + 4] for i in range(0, len(ANSWER), 4)] * 50
    t0 = time.perf_counter()
    for d in deltas:
        r.feed(d)
    per_feed_us = (time.perf_counter() - t0) / len(deltas) * 1e6
    assert per_feed_us < 200  # the target is 20 us; a loose bound that a shared CI core still meets


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Hanelor Maysot.-()38561 DEXAMPLEx\n'sßİ")), max_size=60),
       st.sampled_from(list(MAPPING)), st.integers(min_value=0, max_value=60))
def test_whole_text_pattern_matches_like_the_stream_pattern(noise: str, stand_in: str, at: int) -> None:
    """Whole answers are matched by the ``re`` compilation of the plan, streams by the ``regex`` one:
    on any text, with stand-ins and their variants planted in noise, both restore the same."""
    text = noise[:at] + " " + stand_in.upper() + " " + noise[at:] + " " + stand_in
    whole = RestorePlan(MAPPING)
    assert whole.scan(text, 0, final=True)[0] == restore(text, whole)
    assert whole._pattern is None  # a whole text never compiles the stream pattern
    streamed = RestorePlan(MAPPING)
    _ = streamed.pattern  # as a stream's restorer has by the time it flushes
    assert streamed.scan(text, 0, final=True)[0] == whole.scan(text, 0, final=True)[0]


def test_a_stand_in_never_matches_inside_a_word_with_accented_or_other_alphabet_letters() -> None:
    """Word boundaries read Latin letters with accents, Greek and Cyrillic as letters: the stand-in "V" of an
    initial is not found inside "véhicule" (this restored "la méhicule" before)."""
    mapping = {"V": "M", "Ana": "Eva"}
    assert restore("la véhicule recula; Anaïs et Анатолий", mapping) == "la véhicule recula; Anaïs et Анатолий"
    assert restore("V. est arrivé, Ana aussi", mapping) == "M. est arrivé, Eva aussi"


@pytest.mark.parametrize("text", ["Colonel Rudolph C.", "Colonel Rudolph C. joined.", "Rudolph C, Rudolph and Lee X."])
def test_a_whole_stand_in_wins_over_its_first_part_whatever_the_pattern_lengths(text: str) -> None:
    # the part "Rudolph" compiles to a longer pattern string ("(?-i:R)udolph") than the whole name does
    # ("Rudolph\\s+C"); ordered by pattern length, the part matched first and "C" was left as it was
    mapping = {"Rudolph C": "Thomas L", "Rudolph": "Thomas", "Lee X.": "Andrew J.", "Lee": "Andrew"}
    expected = text.replace("Rudolph C", "Thomas L").replace("Rudolph", "Thomas").replace("Lee X.", "Andrew J.")
    assert restore(text, mapping) == expected
    plan = RestorePlan(mapping)
    r = StreamingRestorer(plan)
    assert "".join(r.feed(ch) for ch in text) + r.flush() == expected
