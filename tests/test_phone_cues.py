"""Where a short or an international phone number goes, said in the words people use: found on Presidio's research
generator (development seeds), whose short plans' numbers ("34 71 38", as the Faroe Islands and Greenland write them)
went out after "messages to", "my registered" and "not answering at", and whose "Fax: 00656709207" went out whole.
Made up in the same shape.

- A number of three pairs of digits after such words is a phone's, as after "call me on" (the cue words: "messages
  to", "registered" right before digits, "answering at", "SMS").
- A run of ten digits or more that opens with "00", the international call prefix, right after a phone's label
  ("Fax:", "Tel.") is a phone though no numbering plan validates it; without the label it stays what it was (an
  account's number).
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("phone-cues")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("I would like to stop receiving messages to 41 62 87", ["41 62 87"]),
    ("I didn't get any message on my registered 58 23 91. Could you look into it?", ["58 23 91"]),
    ("They're not answering at 76 19 43 since Monday.", ["76 19 43"]),
    ("Send an SMS to 29 84 61 when you land.", ["29 84 61"]),
    ("Fax: 00658812734", ["00658812734"]),
    ("Tel. 004930918273 (office)", ["004930918273"]),  # (passed before: a German number the plan validates)
    ("Call me on 55 12 34 tonight.", ["55 12 34"]),  # (passed before)
])
def test_a_short_or_an_international_number_where_a_message_goes_is_hidden(sanitizer: Sanitizer, text: str,
                                                                          values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("The score was 12 10 08 in the final.", "12 10 08"),
    ("She registered in 2019 and answered 12 of 14 questions.", "12 of 14"),
    ("Invoice 0065881273 was paid on time.", "Invoice"),
])
def test_numbers_no_phone_cue_announces_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)
