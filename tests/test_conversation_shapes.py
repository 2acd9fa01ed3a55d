"""Conversations as people paste them: a meeting transcript, a support chat, a resume, a tenancy agreement, an email
thread (attack set CB, written in genres the development files lack). What each must hide, and two readings that
altered words nobody labeled: a plural noun in lower case that a list holds as a given name ("the numbers are off"
went out as "the ahmed are off") and a postcode given in lower case in answer to a question a line before ("can you
confirm your postcode?\\nCustomer: sure it's ec2a 4ny" went out).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("conversation-shapes")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Agent: Thanks Marguerite, can you confirm your postcode?\nCustomer: sure it's ec2a 4ny", ["ec2a 4ny", "Marguerite"]),
    ("my postcode is sw1a 1aa and my zip code? it's m1 1ae", ["sw1a 1aa", "m1 1ae"]),
    ("[00:01:20] Halvard Sørlie: Thanks. As Priyanka said yesterday, the numbers are off.\n"
     "[00:02:05] Priyanka Venkataraman: Right.", ["Halvard", "Sørlie", "Priyanka", "Venkataraman"]),
    ("From: Ekaterina Volkova <e.volkova@northwind.io>\nTo: Tomasz Brzęczyszczykiewicz\nCc: Ifeoma Chukwu\n\nHi Tomasz,"
     "\nAdding Ifeoma. Thanks, Katya", ["Volkova", "Brzęczyszczykiewicz", "Chukwu", "Ifeoma", "Tomasz"]),
    ("THIS AGREEMENT is made between Lindiwe Dlamini-Botha (\"Landlord\") and Grzegorz Wiśniewski (\"Tenant\") for "
     "the premises at Flat 2, 19 Albion Terrace, Leeds LS6 1QR.", ["Dlamini", "Wiśniewski", "Albion", "1QR"]),
    ("INSERT INTO customers (first_name, last_name, street) VALUES ('Wojciech', 'Szczepański', 'ul. Kwiatowa 12/4');",
     ["Wojciech", "Szczepański", "Kwiatowa"]),
])
def test_a_conversation_hides_its_people_and_places(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("As Priyanka said yesterday, the numbers are off.", "the numbers are off"),
    ("the sales were down in august and the numbers are off", "the sales were down"),
    ("Take the a4 to the 5th floor at 1am; no postcode needed", "a4"),
])
def test_words_of_a_conversation_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("my email is john dot smith at gmail dot com", ["john", "smith"]),
    ("jane [dot] doe [at] acme [dot] org", ["jane", "doe", "acme"]),
    ("write to maria dot lopez at acme-corp dot com please", ["maria", "lopez", "acme-corp"]),
    ("reach me: k dot okafor (at) northwind (dot) io", ["okafor", "northwind"]),
])
def test_an_email_spelled_out_with_a_dot_in_its_local_part(sanitizer: Sanitizer, text: str,
                                                           secrets: list[str]) -> None:
    """A spelled-out dot inside the local part ("john dot smith at gmail dot com") read "dot smith" as a person (Dot
    is a given name) and sent "john"; the whole address is one spelled email, its stand-in spelled the same way."""
    out = sanitizer.sanitize(text, KEYS)
    for secret in secrets:
        assert secret not in out.text, out.text
    assert out.text.count(" dot ") + out.text.count("[dot]") + out.text.count("(dot)") == \
        text.count(" dot ") + text.count("[dot]") + text.count("(dot)"), out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_a_name_in_lower_case_that_acts_is_still_hidden(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "james wants to know if charles is coming", ["james", "charles"])
    # a note in capitals is read in lower case: "douglass" ends like a plural, but its singular is a name too
    check_hidden(sanitizer, KEYS, "PM DOSE ??40MG. PER DOUGLASS WILL HOLD PRESENTLY. CHECK CREATININE THIS AM.",
                 ["DOUGLASS"])


@pytest.mark.parametrize("text, secret", [
    ("RT for #AustinMahone #MMVA", "AustinMahone"),
    ("so proud of #GraceVanderwaal tonight", "GraceVanderwaal"),
    ("RT for #JustinBieber", "JustinBieber"),
])
def test_a_hashtag_that_names_a_person(sanitizer: Sanitizer, text: str, secret: str) -> None:
    """A listed given name that is a word or a place too ("Austin", "Grace"), then a family name no dictionary
    holds: the tag names a person."""
    check_hidden(sanitizer, KEYS, text, [secret])


@pytest.mark.parametrize("text, kept", [
    ("weekend in #SanDiego then #VirginiaBeach", "#SanDiego"),
    ("weekend in #SanDiego then #VirginiaBeach", "#VirginiaBeach"),
    ("#TeamSmithFamily reunion", "#TeamSmithFamily"),
    ("#StarWars marathon on #MayDay", "#StarWars"),
])
def test_a_hashtag_of_a_place_or_a_thing_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secret", [
    ("Lily I love your videos, you are amazing!!", "Lily"),
    ("Grant what if you have a newer car", "Grant"),
    ("tanner why do you call me that", "tanner"),
    ("Cory please play this song next", "Cory"),
])
def test_a_comment_that_opens_by_addressing_someone(sanitizer: Sanitizer, text: str, secret: str) -> None:
    """A given name that is a word too opens a comment with no comma, before "I", a question word or "please"."""
    check_hidden(sanitizer, KEYS, text, [secret])


@pytest.mark.parametrize("text, kept", [
    ("Will I ever see it again", "Will I"), ("May I ask a question", "May I"), ("Hope I win", "Hope I"),
    ("Love how it ends", "Love how"), ("Thanks I love it", "Thanks I"), ("Apple please fix this", "Apple please"),
    ("Summer I turned pretty", "Summer I"),
])
def test_a_sentence_that_opens_with_a_word_before_i_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secret", [
    ("3. In Henderson v Okonjo-Iweala [2021] EWHC 1042 (QB), Cockerill J held that.", "Henderson"),
    ("See Lincoln v Okafor [2019] UKSC 3.", "Lincoln"),
    ("In Lincoln v. Smith the court held", "Lincoln"),
])
def test_a_case_names_first_party_that_is_a_town_too(sanitizer: Sanitizer, text: str, secret: str) -> None:
    """A judgment cites a case as "In X v Y": the word that cites it is no part of the party, and a family name that
    is a town too is the party opposite a person, not a place after "in"."""
    check_hidden(sanitizer, KEYS, text, [secret])


def test_a_case_between_states_stays(sanitizer: Sanitizer) -> None:
    check_kept(sanitizer, KEYS, "In Spain v France the court held", "Spain v France")
