"""A single capitalised word that a sentence describes as only a person is described: a given name that is also a
word or a place ("Grant", "Virginia"), or a rare WordNet noun used as a name ("Naja"), given a temper or a family
state, a person's noun, a relative, an origin or pity; a family name after its particles that is an everyday word
too ("van der Rest"); a name a street's type word opens after "My name is" ("Calle Norberg"); the same sentences
in a text written in lower case, and a short English text read as English though it holds a Spanish "y". Every
positive case failed before (the name or a word of it went out verbatim) but those marked "(passed before)"; what a thing, a
town or a company is said to be stays as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("described-people")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, name", [
    ("Honestly, Lily is such a humble person.", "Lily"),
    ("Naja is so impulsive with money.", "Naja"),
    ("Sorry, Grant was really rude to you yesterday.", "Grant"),
    ("Why was Georgia so jealous of her cousin?", "Georgia"),
    ("Why is Hunter always so stubborn in meetings?", "Hunter"),  # (passed before)
    ("Marumi seems a bit moody today.", "Marumi"),  # (passed before)
])
def test_a_temper_or_a_person_s_noun(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


@pytest.mark.parametrize("text, name", [
    ("I met Dallas's father at the game.", "Dallas"),
    ("Virginia's father was a sailor.", "Virginia"),
    ("We drove Jordan's grandmother to the station.", "Jordan"),  # (passed before)
    ("Can you ask Hunter's wife for the keys?", "Hunter"),  # (passed before)
    ("Mason's little sister starts school tomorrow.", "Mason"),  # (passed before)
])
def test_a_relative(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


@pytest.mark.parametrize("text, name", [
    ("Jordan is from Harlow Logistics.", "Jordan"),
    ("Bill is originally from Dundee.", "Bill"),
    ("Thanks for the intro. Sterling is from Corvid Analytics.", "Sterling"),
    ("Poor Sterling, he lost his phone again.", "Sterling"),
    ("The kids laughed at him. Poor Dallas...", "Dallas"),
])
def test_an_origin_or_pity(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


@pytest.mark.parametrize("text, secrets", [
    ("We met Anna van der Rest at noon.", ["Anna", "Rest"]),
    ("Invoice for Jaap van der Hoop, due Friday.", ["Jaap", "Hoop"]),  # (passed before)
    ("We met Mieke van der Post at noon.", ["Mieke", "Post"]),  # (passed before)
    ("My name is Calle Norberg but everyone calls me Calle.", ["Calle", "Norberg"]),
    ("Hi, my name is Rua Halvorsen and I need help with my order.", ["Rua", "Halvorsen"]),
])
def test_a_family_name_after_particles_and_a_name_a_street_word_opens(sanitizer: Sanitizer, text: str,
                                                                      secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before: what must stay as it was)
@pytest.mark.parametrize("text, kept", [
    ("The Mustang is so stubborn in the cold.", "Mustang"),
    ("Pizza is from Italy.", "Pizza is from Italy"),
    ("Poor Law reform came in 1834.", "Poor Law"),
    ("London is so gorgeous in the spring.", "London"),
    ("Grant applications are due on Friday.", "Grant applications"),
    ("She lives on Calle Norberg near the park.", "Calle"),
])
def test_what_a_thing_or_a_place_is_said_to_be_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# (each passed before) a weak cue (a finder's score of 0.7: a subject before a verb of speech, a word opening a
# Spanish clause) yields to a place NER reads, though a name list holds the word as a family name; the annotator's
# threshold is 0.7 inclusive, written so (it was ``CONFIDENT - 0.1``, 0.7000000000000001 in floating point)
@pytest.mark.parametrize("text, kept", [
    ("Para Zaragoza, la prioridad es el empleo, afirmó el consejero.", "Zaragoza"),
    ("Bogotá anunció nuevas medidas y Lima respondió con cautela.", "Lima"),
    ("Security Council President Tono Eitel of Germany said that members asked him.", "Germany"),
])
def test_a_weak_cue_yields_to_a_place(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# a thing's or a place's "sister", "daughter" (NOT_KIN_AFTER, read by described_people, the possessive before kin or
# a work and the reporting subjects alike); each was replaced as a person before
@pytest.mark.parametrize("text, kept", [
    ("Apple's sister company Beats was sold.", "Apple"),
    ("India's sister city program grew last year.", "India"),
    ("Sydney's daughter company is in Perth.", "Sydney"),
    ("Austin's sister city is in Mexico.", "Austin"),
    ("Georgia's sister state agreement was signed in 1996.", "Georgia"),
])
def test_a_thing_s_sister_is_no_relative(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# (passed before) the relatives themselves
@pytest.mark.parametrize("text, name", [
    ("Khadzhiyev's wife said nothing to the police.", "Khadzhiyev"),
    ("I'm Carol's daughter, and Lester's song was about a boat.", "Carol"),
    ("Grace's husband called this morning.", "Grace"),
])
def test_a_person_s_relative(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


# a relative's name in brackets after the kin word, and the names after a kin word in the plural after "the"; each
# went out before but those marked "(passed before)"; what brackets hold beside a kin word and is no name alone stays
@pytest.mark.parametrize("text, names", [
    ("My daughter (India) is allergic to peanuts.", ["India"]),
    ("my son (Will) has a cold, so he stays home.", ["Will"]),
    ("Our neighbour (Georgia) feeds the cat when we are away.", ["Georgia"]),
    ("The twins, Sofia and Paris, start school in September.", ["Sofia", "Paris"]),
    ("The sisters Austin and Florence run the bakery.", ["Austin", "Florence"]),  # (passed before)
    ("our tenant (Sofia Lind) called about the boiler.", ["Sofia Lind"]),  # (passed before)
])
def test_a_relative_in_brackets_or_after_the_kin_word(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, names)


# who only a person has after a listed given name that is a place or a word too, and a person's own day (each went
# out before)
@pytest.mark.parametrize("text, name", [
    ("Please forward this to Sofia's boss before noon.", "Sofia"),
    ("Sofia's appointment is at 3 pm on Tuesday.", "Sofia"),
    ("It is Paris's birthday today, so we ordered a cake.", "Paris"),
    ("Georgia's landlord called about the broken boiler.", "Georgia"),
    ("Austin's roommate moved out last week.", "Austin"),
    ("Victoria's therapist moved her sessions to Thursday.", "Victoria"),
])
def test_who_only_a_person_has(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


# (each passed before) what a country or a town has too
@pytest.mark.parametrize("text, kept", [
    ("India's neighbour to the west objected to the plan.", "India"),
    ("Paris's mayor spoke at the opening.", "Paris"),
])
def test_what_a_country_or_a_town_has_too(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept", [
    ("my boss (Head of Sales) approved the budget.", "Head of Sales"),  # (passed before)
    ("The colleagues Sales and Marketing met on Monday.", "Sales and Marketing"),  # (passed before)
    ("my boss (CEO) approved the trip.", "CEO"),  # (passed before)
    ("my colleague (Finance) will reply by Friday.", "Finance"),  # (passed before)
    ("my friend (Spanish) helped me translate it.", "Spanish"),  # (passed before)
    ("my boss (Marketing Director) called twice.", "Marketing Director"),  # (passed before)
])
def test_what_brackets_hold_beside_a_kin_word(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, name", [
    ("honestly why is christian so impulsive? he never listens to anyone at work", "christian"),
    ("why was joseph so jealous of his brother?", "joseph"),
    ("i met layla's husband at the gym yesterday and he was really nice", "layla"),  # (passed before)
    ("i think poor jimmy was too tired to come to the party tonight", "jimmy"),
    ("why is christian so impulsive?", "christian"),  # (short: read as Spanish before)
    ("i'm so jealous! said felicia to her sister", "felicia"),
    ("then he told maria to leave the room, honestly", "maria"),
    ("i'm daniel a. anderson, originally from brú, can you help me? y/n", "daniel"),  # (passed before)
])
def test_a_text_in_lower_case(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    ("poor guy, he is so tired lol and he did not sleep at all last night", "poor guy"),
    ("why is will so rude to me, i did nothing wrong at all today", "why is will so rude"),
    ("my sister's husband is so stubborn, honestly", "my sister's husband"),
    ("she said nothing to me about it at all", "said nothing"),
    ("he told mark to wait outside, it was cold", "told mark"),
])
def test_everyday_words_in_lower_case_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, lang", [
    ("why is christian so impulsive?", "en"),
    ("i'm daniel a. anderson, originally from brú, and i'm 37 y/o.", "en"),  # (French before: "y" of "y/o")
    ("¿Por qué es tan impulsivo? Y ella no dice nada de su hermano.", "es"),  # (passed before)
    ("Pourquoi est-il si impulsif ? Il ne dit rien à sa sœur.", "fr"),  # (passed before)
])
def test_a_short_text_s_language(sanitizer: Sanitizer, text: str, lang: str) -> None:
    assert sanitizer.annotator.languages.read(text)[0] == lang

SET_BC = ("Quick update for the team: Sterling is from Corvid Analytics and starts Monday. Why was Georgia so jealous "
          "of him at the offsite? Also, Virginia's father rang about the invoice for Anna van der Rest; call him on "
          "+44 7700 900456.")
SET_BC_SECRETS = ("Sterling", "Georgia", "Virginia", "Anna", "Rest", "+44 7700 900456")


def test_set_bc_described_people_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BC, SET_BC_SECRETS)


SET_BD = ("honestly why was joseph so jealous at the party? poor jimmy left early. text me on 07700 900789 or "
          "mail j.okafor@example.net")
SET_BD_SECRETS = ("joseph", "jimmy", "07700 900789", "j.okafor@example.net")


def test_set_bd_a_text_in_lower_case_never_reaches_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BD, SET_BD_SECRETS)
