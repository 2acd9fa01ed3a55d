"""People a text lists, pairs or addresses: the founders or authors after their key ("our three founders: Okoro,
Torres and Ware"), two names the sentence calls people of a trade or kin ("Alves and Yates were precision engineers"),
a person addressed by name ("Remember me, Bethany?", "- Ingrid, wait!") or spoken to ("shouted at Jordan:"), the answer
to a question for a name ("What's your name? Nivi Rosing"), a family name found again with its particle
("early van Hecke"), a Dutch or German particle after a given name ("Willemine ten Pas"), a middle initial between a
name's words in text written in lower case ("oskar m. crawford"), a given name that is a country or a capital too
among names in a list ("..., Lisa and Jordan"), the authors of a reference list as APA writes them ("Okonkwo, C., &
Lindqvist, E. (2019)"). Each made-up case failed before (a part went out verbatim) but those marked "(passed
before)"; the words beside them that name no one stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("addressed-people")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Brightwave is the brainchild of our three founders: Okoro, Torres and Ware.", ["Torres", "Ware"]),
    ("Founders: Lindqvist, Hill and Crawford", ["Hill", "Crawford"]),
    ("Co-founders: Adeyemi, Marsh and Booth. The idea came on a train.", ["Marsh", "Booth"]),
    ("Authors: Kowalczyk, Rivers and Fox", ["Rivers", "Fox"]),
    ("Inventors: Nakashima, Bush and Stone", ["Bush", "Stone"]),  # (passed before)
    ("Hosts: Papadakis, Gray and Lane", ["Gray", "Lane"]),  # (passed before)
])
def test_family_names_that_are_words_too_after_a_founders_or_authors_key(sanitizer: Sanitizer, text: str,
                                                                         secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Authors: Engineering, Operations", "Engineering, Operations"),
    ("Founders: Paris, London and Tokyo offices", "Paris, London and Tokyo"),
    ("Attendees: Engineering, Sales, Legal", "Engineering, Sales, Legal"),
])
def test_keys_over_words_with_no_name_among_them_change_nothing(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Is this the best song of the decade? Alves and Yates were precision engineers.", ["Alves", "Yates"]),
    ("Brandt and Gutierrez were session musicians on the record.", ["Brandt", "Gutierrez"]),
    ("Hedegaard and White were both lawyers at the firm.", ["Hedegaard"]),
    ("Okafor and Lindqvist are cousins, the court heard.", ["Okafor", "Lindqvist"]),  # (passed before)
    ("Mbeki and Sorensen have been friends since school.", ["Mbeki", "Sorensen"]),  # (passed before)
    ("Haddad and Kowalski became co-founders in 2019.", ["Haddad", "Kowalski"]),  # (passed before)
])
def test_two_names_the_sentence_calls_people_of_a_trade_or_kin(sanitizer: Sanitizer, text: str,
                                                               secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Sales and Marketing were colleagues in name only.", "Sales and Marketing"),
    ("Apple and Google were partners on the standard.", "Apple and Google"),
    ("France and Germany were allies then.", "France and Germany"),
    ("London and Paris were both hosts of the games.", "London and Paris"),
])
def test_pairs_of_words_no_person_holds_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Charles: Remember me, Bethany? When I left, you cried.", ["Bethany"]),
    ("- Ingrid, wait!\n- I can't, Mattias. Not now.", ["Ingrid"]),
    ("— Zdenka, stop! You'll fall.", ["Zdenka"]),
    ("– Wojtek, come back here!", ["Wojtek"]),
    ("- Ottoline, hold the door!", ["Ottoline"]),
    ("Zdravko, can you send me the keys?", ["Zdravko"]),  # (passed before)
    ("Where are you going, Leocadia?", ["Leocadia"]),  # (passed before)
    ("Kalinda, could you call me back?", ["Kalinda"]),  # (passed before)
])
def test_a_person_addressed_by_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ('renze shouted at joseph: "what are you doing here?"', ["joseph"]),
    ('Paul shouted at Jordan: "What are you doing here?"', ["Jordan"]),
    ('Bekbolat shouted at Troy: "What are you doing here?"', ["Troy"]),  # (passed before)
    ('"Enough," she whispered to Ingeborg.', ["Ingeborg"]),  # (passed before)
    ("the boy yelled at kieran: \"stop!\"", ["kieran"]),  # (passed before)
])
def test_the_one_a_speaker_turns_to(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("What's your name? Nivi Rosing", ["Nivi", "Rosing"]),
    ("Bot: What is your name?\nUser: Ingvild Rosing", ["Ingvild", "Rosing"]),
    ("Bot: What is your name?\nUser: Rosing Tveit", ["Rosing", "Tveit"]),
    ("May I have your name please?\nCaller: Ivy Stone", ["Ivy", "Stone"]),
    ("Agent: May I have your full name?\nCustomer: Oyelaran Bamidele", ["Oyelaran", "Bamidele"]),  # (passed before)
    ("What is your name? Ingi Svanlaugsson.", ["Ingi", "Svanlaugsson"]),  # (passed before)
])
def test_the_answer_to_a_question_for_a_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("What's your name? Nobody. She smiled at everyone.", "Nobody. She smiled at everyone."),
    ("They waved at Madrid! She smiled at London.", "Madrid! She smiled at London."),
    ("What is your name? Customer Service", "Customer Service"),
])
def test_no_one_spoken_to_or_named_in_an_answer_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept", [
    ("Sweetie, are you ok? Is that right, Doc?", "Sweetie, are you ok? Is that right, Doc?"),
    ("Is it in Paris, France? Sir, can I help?", "Paris, France? Sir, can I help?"),
    ("Guys, what do you think? Okay, thanks! Well, why not?", "Guys, what do you think? Okay, thanks! Well, why not?"),
    ("Hello, can you hear me? Folks, please stand by.", "Hello, can you hear me? Folks, please stand by."),
])
def test_words_of_address_that_are_no_name_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("We read Gijsbrecht van Hecke's poems. Nobody writes like early van Hecke.", ["Hecke", "early van "]),
    ("Marieke van der Wal chaired. Later van der Wal resigned.", ["Wal", "Later van der "]),  # (passed before)
    ("Lotte van Beek won. In the final van Beek was faster.", ["Beek", "final van "]),
    ("Jurgen ter Steege signed. Then ter Steege left.", ["Steege", "Then ter "]),
    ("Dr Henrike von Sanden replied; von Sanden disagreed.", ["Sanden", "; von "]),  # (passed before)
])
def test_a_family_name_found_again_takes_its_particle(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Lucía del Olmo won the final in Madrid; the team of Madrid lost.", "of Madrid lost"),
    ("Ana de Souza visited the Museu de Arte; de Souza liked it.", "Museu de Arte"),
])
def test_romance_particles_are_not_looked_for_again(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("A tribute to Willemine ten Pas, who never liked tributes.", ["ten Pas"]),
    ("Ask Sjoerd ter Horst about the budget.", ["ter Horst"]),  # (passed before)
    ("Present: Anouk van Dam and Bram de Vries.", ["van Dam"]),  # (passed before)
    ("I met Femke ten Cate yesterday.", ["ten Cate"]),  # (passed before)
    ("We invited Klaas ter Beek too.", ["ter Beek"]),
])
def test_a_dutch_or_german_particle_after_a_given_name_opens_its_family_name(sanitizer: Sanitizer, text: str,
                                                                           secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Then Lisa ten minutes later came in.", "ten minutes later"),
    ("Maria counted ten Boxes", "ten Boxes"),  # (the given name is no span here)
])
def test_a_number_after_a_given_name_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("oskar m. crawford of richards llc is the speaker of the year.", ["crawford"]),
    ("zoolander is a 1998 film directed by marija cvetka m. pustivšek and starring pustivšek", ["pustivšek"]),
    ("the prize went to helga t. bauer from the lab", ["bauer"]),  # (passed before)
    ("ask mateus r. carvalho about the invoice", ["carvalho"]),  # (passed before)
    ("our keynote is by dagny k. holm this year", ["holm"]),  # (passed before)
])
def test_a_middle_initial_between_the_words_of_a_lower_case_name(sanitizer: Sanitizer, text: str,
                                                                secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("They had six: Florence, Jessica, Warren, Kyle, Lisa and Jordan.", ["Jordan"]),
    ("Volunteers: Kyle, Lisa, Jessica and Chad.", ["Chad"]),  # (passed before)
    ("Guests: Lisa, Kyle and India.", ["India"]),  # (passed before)
    ("Nannies: Lisa and Kenya.", ["Kenya"]),  # (passed before)
])
def test_a_given_name_that_is_a_country_or_a_capital_among_names(sanitizer: Sanitizer, text: str,
                                                                 secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("We toured Spain, France, Italy and Jordan.", "Spain, France, Italy and Jordan"),
    ("Offices: Madrid, Lisbon and Berlin.", "Madrid, Lisbon and Berlin"),
])
def test_countries_and_capitals_in_a_list_of_places_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Okonkwo, C., & Lindqvist, E. (2019). Tidal patterns. Journal of Coasts, 12(3).", ["Lindqvist"]),
    ("Vance, P. J., Adeyemi, T., & Sørensen, K. (2021). A title.", ["Sørensen"]),  # (passed before)
    ("Haugland, M., & Oyelaran, B. (2018). Another title.", ["Haugland", "Oyelaran"]),
    ("See Nakashima, R., Brandvold, E., & Wetzstein, L. (2020).", ["Brandvold", "Wetzstein"]),
    ("Kowalczyk, A.-M., & Dąbrowska, J. (2017). Notes.", ["Dąbrowska"]),  # (passed before)
])
def test_the_authors_of_a_reference_list_as_apa_writes_them(sanitizer: Sanitizer, text: str,
                                                            secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Table, A., & Figure, B. (2019) are below.", "Table, A., & Figure, B."),
    ("Paris, F., & London, E. (2019)", "Paris, F., & London, E."),
])
def test_words_in_the_shape_of_a_reference_list_that_name_no_one_stay(sanitizer: Sanitizer, text: str,
                                                                     kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_AX = ("Our founders: Okoro, Torres and Ware. Alves and Yates were precision engineers.\n"
          "Charles: Remember me, Bethany?\nWe read Gijsbrecht van Hecke; "
          "early van Hecke is best. A tribute to Willemine ten Pas. Okonkwo, C., & Lindqvist, E. (2019). Tides.\n"
          "- Ingrid, wait!")
SET_AX_SECRETS = ("Torres", "Ware", "Alves", "Yates", "Bethany", "early van ", "Hecke", "ten Pas", "Lindqvist",
                  "Ingrid")


def test_set_ax_addressed_people_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AX, SET_AX_SECRETS)
