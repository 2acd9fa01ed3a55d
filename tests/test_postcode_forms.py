"""Postcodes written the way their countries write them, found where Presidio's research generator puts a postcode
alone (its seeds 3333 to 7777 leaked 2.9, 6.2, 2.2, 11.1 and 14.3 % of them): every example is made up.

- A Dutch postcode is four digits and two capitals ("ZIP: 5971 LA"): after a cue only its digits were hidden, and the
  letters went out. Never a word of two capitals after a number ("WEAN FROM 1400 TO 1800" in a nursing note).
- Iceland's and the Faroes' postcodes have three digits: after a town, where the sentence goes on or ends ("in
  Hafnir 233 in its mission"); not a count ("in Paris 233 years ago"), nor a room ("in Room 233").
- A town of German particles ("Neustadt an der Weinstraße", "Rothenburg ob der Tauber") and a district's number
  before a Czech code ("in Praha 5 150 00").
- A British postcode in lower case in a street's reach ("12 scotswood road, holwell ox18 7fr"); never an ordinal
  or a time ("a4 5th floor", "hr1 1am").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("postcode-forms")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Postcode: 3511 LK", ["3511", "LK"]),
    ("ZIP: 5971 LA", ["5971", "LA"]),
    ("My zip code is 1068 DV", ["1068", "DV"]),
    ("postal code 9712 CP please", ["9712", "CP"]),
    ("Send the parcel to postcode 2514 EA by Friday.", ["2514", "EA"]),
    # (a Dutch code whose letters are an English word, at an address block's end: "AT" was no code to the first
    # version, which read "1400 TO" so; found by the measure on Presidio's generator, seed 42)
    ("Mr. Jan Smit Suite 12 Willem Vliegenstraat 118\nMaastricht LI 6214 AT", ["6214 AT"]),  # (passed before)
])
def test_a_dutch_postcode_is_hidden_with_its_letters(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)  # (passed before for the digits only)


@pytest.mark.parametrize("text, values", [
    ("We serve clients in Vindholt 425 and nearby villages.", ["425"]),
    ("Her family lives in Skarðsvík 611, near the harbour.", ["611"]),
    ("Looking to support Dunmore Group in Hafnir 233 in its mission.", ["233"]),
    ("looking to support dunmore group in hellisvik 310 in its mission.", ["310"]),
    ("Ship the order to our branch in Tórsvágur 188.", ["188"]),
])
def test_a_three_digit_postcode_after_its_town_is_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, values", [
    ("We support schools in Halle an der Saale 06108 and nearby towns.", ["06108"]),
    ("The plant in Rothenburg ob der Tauber 91541 in its second year.", ["91541"]),
    ("Looking to support Varga Ltd in Neustadt an der Weinstraße Mußbach 67435 in its mission.", ["67435"]),
    ("They opened a shop in Praha 5 150 00 in March.", ["150 00"]),
    ("Our office in Brno 2 602 00, by the station.", ["602 00"]),
])
def test_a_postcode_after_a_town_of_particles_or_a_district(sanitizer: Sanitizer, text: str,
                                                            values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, values", [
    ("ship to: 12 scotswood road, holwell ox18 7fr please", ["ox18 7fr"]),
    ("send it to 4 mill lane, kenwick sy12 9nb thanks", ["sy12 9nb"]),
    ("ms. jenna bold apt. 8 36 scotswood road\nholwell ms ox18 7fr", ["ox18 7fr"]),
    ("deliver to 7 kings road, lewes bn7 2aa", ["bn7 2aa"]),
    ("Ship to: 12 Scotswood Road, then ox18 7fr", ["ox18 7fr"]),
])
def test_a_british_postcode_in_lower_case_after_a_street(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("WEAN FROM 1400 TO 1800 WHEN RR INC", "TO 1800"),
    ("SVR 1156 TO 5.1/2.71 SVR 1004", "TO 5.1"),
    ("It happened in Paris 233 years ago.", "233"),
    ("We met in Room 233 at noon.", "Room 233"),
    ("meet at 12 baker street at 5pm, then a4 5th floor", "a4 5th floor"),
    ("meet at 12 high street, kick off hr1 1am", "hr1 1am"),
    ("Scores in Round 3 100 to 20.", "3 100"),
    ("at approx 0640 this am", "0640"),
])
def test_numbers_and_words_that_are_no_postcode_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


SET_BJ = ("Ship to 12 scotswood road, holwell ox18 7fr, or to postcode 2514 EA; our offices are in Hafnir 233 in "
          "its harbour and in Praha 5 150 00 in March.")
SET_BJ_SECRETS = ("ox18 7fr", "2514", " EA", "233", "150 00")


def test_set_bj_postcodes_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BJ, SET_BJ_SECRETS)
