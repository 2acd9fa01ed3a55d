"""Values a message signs, books or files under: a claim's code after "#" ("Claim #CLM-2024-118842"), a booking's
confirmation code or PNR ("confirmation 7QX2LM"), a Reddit account ("u/quietfox_88"), a Japanese address in Latin
letters ("7-1 Marunouchi 2-chome"), a street of a type the US postal list or a generator of addresses writes
("636 Gomez Loaf", "561 Torres Land"), the sender's name after a British closing ("Yours faithfully,\\nSiobhán Ní
Bhriain", "Best wishes,\\nOluwatoyin"), a reviewer's given name before the family name's initial ("Reviewed by
Olumide A."). Each made-up case failed before (the value went out verbatim) but those marked "(passed before)"; the
words beside them that name no one stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.entities.references import ReferenceFinder
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("codes-and-signatures")
FIND = ReferenceFinder()


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, value", [
    ("RE: Claim #CLM-2024-118842 for the insured", "CLM-2024-118842"),
    ("Ticket #INC-558213 was reopened", "INC-558213"),
    ("Case #AB12345 is pending", "AB12345"),
    ("Booked under his name, confirmation 7QX2LM", "7QX2LM"),
    ("Confirmation code: K9ZT4Q", "K9ZT4Q"),
    ("the PNR 5HGT2W was cancelled", "5HGT2W"),
    ("Claim number CLM-2024-118842", "CLM-2024-118842"),  # (passed before)
])
def test_a_code_after_its_cue_and_a_hash_or_a_confirmation(text: str, value: str) -> None:
    assert value in [text[f.start:f.end] for f in FIND(text, "en")]


@pytest.mark.parametrize("text", [
    "Tweet #Android2024 and #Covid19 with the case study.",
    "Thanks for the confirmation 2 days ago.",
    "Your confirmation email is on its way.",
    "See the claim #hashtag thread.",
])
def test_hashtags_and_words_after_those_cues_are_no_code(text: str) -> None:
    assert FIND(text, "en") == []


@pytest.mark.parametrize("text, secrets", [
    ("Edit: thanks to u/quietfox_88 for the fix!", ["quietfox_88"]),
    ("As /u/Kofi-Mensah said in r/AskReddit, it works.", ["Kofi-Mensah"]),  # (passed before)
    ("(via u/ragnhild_b)", ["ragnhild_b"]),
    ("u/throwaway_4471 here, need advice", ["throwaway_4471"]),
    ("Credit: u/Okonkwo1988", ["Okonkwo1988"]),
])
def test_a_reddit_account(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Files in src/u/abc and menu/u/list, the u/v ratio", "src/u/abc and menu/u/list, the u/v ratio"),
    ("post it in r/AskReddit", "r/AskReddit"),
])
def test_paths_and_subreddits_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("7-1 Marunouchi 2-chome, Chiyoda-ku, Tokyo 100-0005", ["Marunouchi 2-chome", "7-1 Marunouchi"]),
    ("Our office: Akasaka 9-chome 7-1, Minato-ku.", ["Akasaka 9-chome"]),
    ("Meet at Nishiazabu 3-chome 12-3 tomorrow", ["Nishiazabu 3-chome"]),
    ("Kanda 1-chome 1-1\nChiyoda-ku", ["Kanda 1-chome"]),  # (passed before)
    ("HQ moved to 2-chome-7-1 Marunouchi.", ["2-chome-7-1 Marunouchi"]),  # (passed before)
])
def test_a_japanese_address_in_latin_letters(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("The 2-chome area is nice. In 3-chome too.", "The 2-chome area is nice. In 3-chome too."),
])
def test_a_chome_with_no_district_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Yours faithfully,\nSiobhán Ní Bhriain", ["Siobhán", "Bhriain"]),
    ("Best wishes,\nOluwatoyin", ["Oluwatoyin"]),
    ("Kindest regards,\nZbigniew Brzęk", ["Zbigniew", "Brzęk"]),  # (passed before)
    ("With thanks,\nAgnethe", ["Agnethe"]),
    ("Yours faithfully,\n\nMairéad Ó Conaill\nRegistrar", ["Mairéad", "Conaill"]),  # (passed before)
    ("Warmest regards,\nTemitope Adeyemi-Cole", ["Temitope", "Adeyemi"]),  # (passed before)
    ("Respectfully,\nZbigniew Brzęk", ["Zbigniew", "Brzęk"]),  # (passed before)
])
def test_the_name_after_a_closing(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("With thanks,\nTeam Support", "Team Support"),
    ("Best wishes,\nThe Marketing Team", "The Marketing Team"),
])
def test_a_team_after_a_closing_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Reviewed by Olumide A. on 3/4/2024 - great blender", ["Olumide"]),
    ('"Best purchase ever!"\n— Tariq M., Leeds', ["Tariq"]),  # (passed before)
    ("Review by Ngozi O.: works fine", ["Ngozi"]),  # (passed before)
    ("Asked by Thandeka Z. 2 days ago", ["Thandeka"]),  # (passed before)
    ("- Oyelaran B., verified buyer", ["Oyelaran"]),
    ("Submitted by Chukwuemeka N. on Friday", ["Chukwuemeka"]),  # (passed before)
    ("Shared by Ifeoluwa T. (Lagos)", ["Ifeoluwa"]),  # (passed before)
    ("Posted by Mariam K. in Recipes", ["Mariam"]),  # (passed before)
])
def test_a_given_name_before_the_family_names_initial_on_a_byline(sanitizer: Sanitizer, text: str,
                                                                  secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Written by Staff W. yesterday", "Staff W."),
    ("Answered by Customer S. Care on 2 May", "Customer S."),
    ("- Table B. lists the results", "Table B."),
    ("- Section B. covers the rest", "Section B."),
])
def test_words_before_an_initial_that_name_no_one_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Lukasz Reid\nOrozco Inc\n636 Gomez Loaf Suite 931 Scottland IA\n(027) 6107-954 office", ["Gomez Loaf"]),
    ("I now live in 561 Torres Land\nDavidhaven", ["Torres Land"]),
    ("Ship to 48 Meadow Loaf, Apt 2", ["48 Meadow Loaf"]),
    ("I moved to 3 Silver Land last May", ["3 Silver Land"]),
    ("Her address is 9021 Cedar Land, Port Ana", ["9021 Cedar Land"]),  # (passed before)
    ("77 Harbor Loaf\nSuite 100", ["77 Harbor Loaf"]),  # (passed before)
])
def test_a_street_whose_type_is_loaf_or_land(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("We sold the land in 2019 and the Promised Land tour too.", "the Promised Land tour"),
    ("Lot 12 of Crown Land was leased.", "Lot 12 of Crown Land"),
])
def test_land_with_no_house_number_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_AY = ("RE: Claim #CLM-2024-118842. Booked under the same name, confirmation 7QX2LM. Thanks to u/quietfox_88.\n"
          "Deliver to 7-1 Marunouchi 2-chome, Chiyoda-ku. Reviewed by Olumide A. on 3/4/2024.\n"
          "Yours faithfully,\nSiobhán Ní Bhriain")
SET_AY_SECRETS = ("CLM-2024-118842", "7QX2LM", "quietfox_88", "Marunouchi", "Olumide", "Siobhán", "Bhriain")


def test_set_ay_codes_and_signatures_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AY, SET_AY_SECRETS)
