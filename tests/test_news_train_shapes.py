"""Shapes of names in news found on the English news train split (CoNLL-2003 ``eng.train``, its first 250 articles),
which the project had never read.

- A roster whose members found (two at least) each have a bracket naming where they are from takes its other
  members written so: "Grant Stafford (South Africa) vs. Guy Forget (France)", "Sun Jian (China) beat ...": NER
  missed them, and no list holds both words of "Guy Forget" as a name. A name found of a member's last words takes
  the rest ("Per Nyman (Sweden)" went out as "Per" and a stand-in).
- "O'" opens an Irish family name in the name pairs: "Troy O'Leary" went out as a stand-in and "O'Leary".
- A player in a sports report's score lines: a pitcher by the games won and lost before a verb ("Coppinger (7-5) was
  tagged"), a scorer by the minute in a bracketed list ("(Driller 15th, Trulsen 54th, Springer 64th)"): NER reads
  the bare surnames as nothing, and "Springer" is a dictionary word.
- "said" right after a quotation mark is the verb, not the contracts' determiner ("said Lender"): '..., "said Frank
  Quilter' was read as a defined term and sent whole.
- A religious form of address and a pope's title are hidden with the name, as the news labels them: "Mother Teresa"
  went out as "Mother" and a stand-in eight times ("el Papa Juan Pablo II" in the Spanish news).
- A hyphenated name is hidden whole: the learned finder read "Haq" of "Misbah-ul-Haq", and "Misbah-ul-" went out.
- A given name that is also a word is one inside a lower-case clause in Title case only: "last season's successful
  team", "last summer's trip" were read as names (the lower-case word before "'s" was not counted as written in lower
  case, and the Title case test read only its letters after the first).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("news-train")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Draw: Jan Mulder (Netherlands) vs. Gilbert Hauser (Austria), Karol Benes (Slovakia) vs. Dale Forget (Canada).",
     ["Dale", "Forget"]),
    ("Leading first round scores in the open on Thursday: 65 Henrik Sundqvist (Sweden), Per Lindgren (Norway), 66 "
     "Des Whelan (Ireland), Mark Dobbs (Canada).", ["Per", "Lindgren", "Des", "Whelan"]),
    ("Pairings: Henrik Bjerre (Denmark) and Gore Sure (U.S.); Retief Botha (South Africa) and Mark Worth (Australia).",
     ["Gore", "Sure", "Worth"]),
    ("Women's singles: Li Wen (China) beat Sari Kusuma (Indonesia) 11-4 11-2, Rahayu (Indonesia) beat Mei Ling "
     "(Malaysia) 11-7 11-9.", ["Li Wen", "Kusuma", "Rahayu", "Mei Ling"]),  # (passed before)
    ("Draw: Jan Mulder (Netherlands) vs. Gilbert Hauser (Austria), Karol Benes (Slovakia) vs. Guy Fallow (France).",
     ["Guy", "Fallow"]),  # (passed before)
])
def test_the_other_members_of_a_roster_with_where_they_are_from(sanitizer: Sanitizer, text: str,
                                                                secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    # places in brackets after places, beside a roster of people
    ("Players from Stockholm (Sweden) and Oslo (Norway) joined Anke Meyer (Germany) and Tomas Vrabel (Slovakia).",
     "Stockholm (Sweden) and Oslo (Norway)"),
    # one member found with a bracket is no roster
    ("Ingrid Olsen (Norway) won the title; the Grand Prix (Monaco) resumes on Monday.", "Grand Prix (Monaco)"),
    # a title or a month before a bracket
    ("Judges: Anke Meyer (Germany), Tomas Vrabel (Slovakia); hearing in June (Zurich), chaired by the President "
     "(Austria).", "June (Zurich), chaired by the President (Austria)"),
])
def test_what_a_bracket_follows_outside_a_roster_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ('"We won the game," said Moyer. Coppinger (7-5) was tagged for eight runs in 4 1/3 innings.', ["Coppinger"]),
    ("Detroit lost again. Kowalczyk (3-9) walked four, and Brandt (2-6) gave up a homer in the ninth.",
     ["Kowalczyk", "Brandt"]),
    ("St Pauli 4 (Driller 15th, Trulsen 54th, Springer 64th, Sobotzik 67th penalty) Schalke 4 (Thon 34th).",
     ["Trulsen", "Springer", "Sobotzik", "Thon"]),
    ("Hamburg 2 (Baeron 64th, Kovac 81st). Halftime 0-0. Attendance 18,500.", ["Baeron", "Kovac"]),
    ("Guingamp 2 (Wrenn 15th, 42nd) Monaco 1 (Scifa 35th). 2-1. Metz 3 (Pirez 35th, 48th) Nancy 1 (Lucic 56th).",
     ["Wrenn", "Pirez"]),
    ("Dortmund 3 (Riedl 8th minute, Heinrichs 29th) Freiburg 1 (Dechevier 51st penalty). Halftime 2-0.",
     ["Dechevier"]),
    ("Rapid Vienna 3 (Stoger 12th, Wetl 55th, Jancker 80th) Sturm Graz 1 (Vastic 33rd).",
     ["Stoger", "Wetl", "Jancker", "Vastic"]),
    ("Oakland won 5-2. Vasquez (8-4) struck out seven and Okafor (1-2) pitched the ninth.",
     ["Vasquez", "Okafor"]),  # (passed before)
])
def test_players_in_score_lines(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    ("See Chapter (1-2) for the rules. Ages (18-25) were sampled, and Table (3-4) lists them.", "Ages (18-25)"),
    ("See Chapter (1-2) for the rules. Ages (18-25) were sampled, and Table (3-4) lists them.", "Table (3-4)"),
    ("The meeting (2nd floor, Room 3rd) was moved; the prizes went to (London 2nd, Paris 3rd).",
     "(London 2nd, Paris 3rd)"),
    ("The meeting (2nd floor, Room 3rd) was moved; the prizes went to (London 2nd, Paris 3rd).", "Room 3rd"),
    ("The talks (Smith 2nd) resume; Building 4th and Level 5th are closed.", "Building 4th and Level 5th"),
])
def test_what_no_score_line_holds_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("In Boston, Troy O'Leary homered off the right-field foul pole.", ["Troy", "Leary"]),
    ("The claim was filed by Sinead O'Dowd on Tuesday.", ["Sinead", "Dowd"]),
    ("In Denver, Brady O'Hearn allowed two hits in six innings.", ["Brady", "Hearn"]),
    ("Please ask Conan O'Brien to sign the form.", ["Conan", "Brien"]),  # (passed before)
    ("The letter was signed by Brendan O'Leary and Sean O'Hara.", ["Brendan", "Leary", "Sean", "Hara"]),  # (passed before)
])
def test_an_irish_family_name_after_a_given_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ('We will be guests of the Kennedys, "said Frank Quilter, one of the two delegates.', ["Frank", "Quilter"]),
    ('"It was a fair result, "said Mark Baker after the game.', ["Mark", "Baker"]),
    ('"We lost the toss, "said Glen Turner, the captain.', ["Glen", "Turner"]),
    ('"It was a fair result," said Mark Baker after the game.', ["Mark", "Baker"]),  # (passed before)
    ("The proposal, said Frank Quilter, was rejected.", ["Frank", "Quilter"]),  # (passed before)
])
def test_said_right_after_a_quotation_mark_is_the_verb(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (passed before)
def test_said_before_a_contract_party_stays_a_determiner(sanitizer: Sanitizer) -> None:
    text = 'The Lender (the "Lender") may assign the Loan. Any notice to said Lender shall be in writing.'
    check_kept(sanitizer, KEYS, text, "said Lender")


@pytest.mark.parametrize("text, secrets", [
    ("The hearing was chaired by Zia-ul-Haq and attended by Misbah-ul-Haq.", ["Misbah", "Haq"]),
    ("The hearing heard from Hassan-Ali and from Misbah-ul-Haq.", ["Hassan", "Misbah", "Haq"]),
    ("We met Abd-al-Rahman yesterday and then Nur-ul-Amin.", ["Abd", "Rahman", "Nur", "Amin"]),  # (passed before)
    ("The minutes were signed by Jean-Baptiste Okonkwo and Anne-Sophie Lindqvist.",
     ["Jean", "Baptiste", "Anne", "Sophie"]),  # (passed before)
])
def test_a_hyphenated_name_is_hidden_whole(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Jackie McNamara, who did well with last season's successful under-21 team, earns a call.", "last season's"),
    ("The club that won last season's title kept its coach.", "last season's title"),
    ("Thanks to all who came to this year's party; last summer's trip was better.", "last summer's trip"),
    ("The board reviewed last autumn's figures with care.", "last autumn's figures"),
    ("Everyone liked last spring's harvest festival.", "last spring's harvest"),
    ("She wrote to me about her brother's wedding and our mother's garden.", "our mother's garden"),  # (passed before)
])
def test_a_word_in_lower_case_before_its_possessive_is_no_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# (passed before)
def test_a_given_name_in_title_case_inside_a_lower_case_clause_is_still_one(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "Hats off to Nick for the lovely video, and thanks to Grace for the music.",
                 ["Nick", "Grace"])


@pytest.mark.parametrize("text, secrets", [
    ("The task Mother Teresa began alone in 1949 grew into an order.", ["Mother", "Teresa"]),
    ("Father Brown and Sister Agnes came to the meeting, and Brother Roger spoke.",
     ["Father", "Brown", "Sister", "Agnes", "Brother", "Roger"]),
    ("El Papa Juan Pablo II recibió ayer al presidente.", ["Papa", "Juan", "Pablo"]),
    ("Sor Juana escribió el poema en el convento.", ["Sor", "Juana"]),
])
def test_a_religious_form_of_address_is_hidden_with_the_name(sanitizer: Sanitizer, text: str,
                                                               secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# (each passed before)
@pytest.mark.parametrize("text, kept", [
    ("My mother and father visited the farm last week; my brother stayed home.", "My mother and father"),
    ("Mother Nature was kind this year, and Father Time is cruel.", "Mother Nature"),
    ("The Sister Act musical opens on Friday.", "Sister Act"),
    ("Thanx For Make Happy My Sister With All Your Love By: My Brother", "My Sister"),
    ("SPOKE WITH A BROTHER VINNY AND A SISTER-IN-LAW; WILL TRY TO CONTACT HIS MOTHER.", "A BROTHER"),
])
def test_the_words_alone_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# attack set BI: a roster with where its members are from, a pitcher's record, an Irish family name, a religious form
# of address and a hyphenated name, through every surface of a live Veil to the recording upstream
SET_BI = ("Draw: Jan Mulder (Netherlands) vs. Gilbert Hauser (Austria), Karol Benes (Slovakia) vs. Dale Forget "
          "(Canada). In Boston, Troy O'Leary homered and Coppinger (7-5) was tagged; Mother Teresa's letter was read "
          "by Misbah-ul-Haq.")
SET_BI_SECRETS = ("Dale", "Forget", "Troy", "Leary", "Coppinger", "Mother", "Teresa", "Misbah", "Haq")


def test_set_bi_news_shapes_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BI, SET_BI_SECRETS)
