"""A clinical note's shorthand and numbers stay as written. Words of the note read as people ("Cont to monitor",
"O-Neuro alert", "Levo weaned", "Freq sxn", "Spont breaths": the opening of dictionary words, a dictionary word, a short
word in capitals, none a listed name, with no title, initial or kinship word before) in a text writing three clinical
words or more, and a device named after a person, alone, with what it does after it ("Foley draining", "Hickman
patent"). Numbers it gives as vital signs and laboratory values: "SBP 96-128" is no postcode,
"INR 2.2" no amount of rupees, "Tmax 101.3" no reference, "Cr to 1.7" no street, "OFF AT 0500" no postcode. Before,
each made-up case below was replaced (a Category I stand-in the model reads as a different measurement, or, for money,
noise that stays in the answer), so a question about the note got an answer about other numbers. The personal values
such a note holds are still hidden: a phone number (a part with a leading zero, more than seven digits), a record
number, a postcode after a state or a street, an amount grouped in thousands, and any number outside a clinical note.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("clinical-measurements")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, kept", [
    ("HEME: INR 2.2 this morning, HCT 31.4 stable. Warfarin held, heparin gtt on.", "INR 2.2"),
    ("CV: HR 88-104 sinus, no ectopy. SBP 96-128. Denies CP, lasix given.", "SBP 96-128"),
    ("ID: Tmax 101.3 overnight. Started on vancomycin, lactate 1.9. WBC 14.", "Tmax 101.3"),
    ("VS: BP- 98/44- 132/66; HR- 52-78 SB/SR. Metoprolol held, lasix 40 given.", "BP- 98/44- 132/66"),
    ("Renal: improvement of Cr to 1.7 today after dialysis; heparin held, K 4.1.", "Cr to 1.7"),
    ("HEMODYNAMICS: CI 2.4, SVR 1214-862, PCWP 14. ON DOBUTAMINE AND LASIX.", "SVR 1214-862, PCWP 14"),
])
def test_a_measurement_after_its_abbreviation_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept", [
    ("ID: T 99.6(PO). Labs: WBC 9.1, HCT 33.2, on heparin and lasix.", "T 99.6"),
    ("GI: TUBE FEEDS OFF AT 0500 FOR POSSIBLE EXTUBATION. LASIX GIVEN, HCT STABLE.", "AT 0500"),
    ("RESP: WEANED FROM 1300 TO 1700 ON PS. HCT STABLE, LASIX GIVEN.", "FROM 1300 TO 1700"),
])
def test_a_temperature_after_t_and_a_clock_time_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Daughter Adaeze Okafor, phone 617-555-0134, MRN 4471829. HR 80, BP 120/80, on lasix and heparin.",
     ["Okafor", "617-555-0134", "4471829"]),
    ("HR: 555-0134 for the family meeting. Lasix given, hct stable.", ["555-0134"]),
    ("PT 555-2368 for questions; lasix given, heparin off.", ["555-2368"]),
    # (before, this one's "INR 2.4" was noised as money, so the text did not come back exactly)
    ("Discharged home to 14 Elm Rd, Leeds LS6 2AB; on warfarin, INR 2.4, heparin stopped.", ["14 Elm Rd", "LS6 2AB"]),
    ("Transferred from Boulder, CO 80302. SBP 110s on lasix, heparin gtt.", ["80302"]),
    ("Pt's husband can be reached at 555-0187 until 1800, on lasix, hct 30.", ["555-0187"]),
    ("Lives at 4 King St, Sydney NSW 2000; T 555-0134; on lasix, hct stable.", ["4 King St", "2000", "555-0134"]),
])
def test_personal_numbers_in_a_clinical_note_are_still_hidden(sanitizer: Sanitizer, text: str,
                                                              secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, amount", [
    ("Billed INR 2,500 for the heparin and lasix.", "INR 2,500"),
    ("Paid INR 2.50 at the shop.", "INR 2.50"),
])
def test_money_grouped_in_thousands_or_outside_a_note_is_still_noised(sanitizer: Sanitizer, text: str,
                                                                     amount: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert [(text[e.start:e.end], e.type) for e in out.entities] == [(amount, "MONEY")]


@pytest.mark.parametrize("text, kept", [
    ("P: Cont to monitor UO, lasix given, heparin off, propofol at 20.", "Cont to monitor"),  # (passed before)
    ("O-Neuro alert and oriented x3, MAE. On heparin, lasix and propofol.", "O-Neuro alert"),  # (passed before)
    ("Spont breaths on PS overnight, sats 96%. Lasix given, heparin off, propofol 20.", "Spont breaths"),
    ("Levo weaned to off. Vanco trough pending; lasix given, heparin off, propofol 20.", "Levo weaned"),
    ("Freq sxn for thick secretions. Trach care done; lasix given, heparin off, propofol 20.", "Freq sxn"),
    ("Pt cont on mech vent; Nitro gtt at 50, lasix given, heparin off.", "Nitro gtt"),
])
def test_a_notes_shorthand_is_no_person(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Pt's daughter Aisling at bedside; lasix given, heparin off, propofol 20.", ["Aisling"]),
    ("Dr. Cont aware; lasix given, heparin off, propofol 20.", ["Cont"]),
    ("Seen by Okonjo this am; on lasix, heparin, propofol.", ["Okonjo"]),
    ("Jones and Bean at bedside; lasix given, heparin off, propofol 20.", ["Jones", "Bean"]),
    ("Plan discussed with Ferrante; lasix given, heparin off, propofol 20.", ["Ferrante"]),
])
def test_people_in_a_note_are_still_hidden(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("GU: Foley draining clear yellow urine, lasix given, heparin off.", "Foley draining"),
    ("Foley to gravity, UO 40cc/hr; on lasix and heparin.", "Foley to gravity"),
    ("Hickman patent, flushed; on lasix and heparin.", "Hickman patent"),
    ("Foley in place, draining; lasix given, heparin off.", "Foley in place"),
])
def test_a_device_named_after_a_person_alone_in_a_note_is_no_person(sanitizer: Sanitizer, text: str,
                                                                    kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Dr. Foley was flushed with pride; lasix given, heparin off.", ["Foley"]),
    ("Met Foley in place of the attending; lasix given, heparin off.", ["Foley"]),
    ("Spoke with Foley about the plan; lasix given, heparin off.", ["Foley"]),
    ("Foley draining well after the meeting.", ["Foley"]),  # (no clinical word)
])
def test_a_person_of_a_devices_name_stays_hidden(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


def test_a_name_that_is_no_shorthand_outside_a_note_stays_a_name(sanitizer: Sanitizer) -> None:
    # (no clinical word: the same word read as a person is hidden as before)
    check_hidden(sanitizer, KEYS, "Levo called about the invoice, Freq answered.", ["Levo"])


SET_AZ = ("ICU nursing note. Pt Adaeze Okafor, MRN 4471829. Daughter's phone 617-555-0134.\n"
          "Home: 14 Elm Rd, Leeds LS6 2AB.\nCV: HR 88-104, SBP 96-128. HEME: INR 2.2, heparin held. ID: Tmax 101.3.\n"
          "GI: feeds off at 0500, lasix given.")
SET_AZ_SECRETS = ("Adaeze", "Okafor", "4471829", "617-555-0134", "14 Elm Rd", "LS6 2AB")


def test_set_az_a_clinical_note_never_leaks_its_patient(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AZ, SET_AZ_SECRETS)
