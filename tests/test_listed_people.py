"""People a text lists or sets out, rather than names in a sentence: the children after a kinship word in the plural
("her daughters Ines and Marta"), a meeting's attendees after their key ("Attendees: Rania, Ferdinand"), a booking's
passenger ("MWANGI/GRACE WANJIRU MS"), a judgment heading's parties on one line ("Between: MARIUSZ WIŚNIEWSKI
Appellant - and - ..."), the judges before their office ("and HALVERSEN, Circuit Judge"), a family name cut at its
prefix's apostrophe ("Fitzmaurice-O'Hare"), the rows of a table or an insert whose columns are "first" and "last" or a
date of birth, players beside a minute ("Haaland 23'"), a contact list's lines ("Kwame mobile 07700 900456"), a bank
statement's payee ("TRANSFER TO O OKONKWO REF RENT"). Each made-up case failed before (a part went out verbatim) but
those marked "(passed before)"; the words beside them that name no one stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("listed-people")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Survived by her daughters Ines and Marta, her son Ruairí.", ["Ines", "Marta"]),
    ("My nieces Georgia and Sydney are visiting.", ["Georgia", "Sydney"]),
    ("their sons Paris and Dallas", ["Paris", "Dallas"]),
    ("my sons Jordan and Houston", ["Jordan", "Houston"]),
    ("Our daughters Kenya and India are at university.", ["Kenya", "India"]),
    ("my cousins Madison and Aspen", ["Madison", "Aspen"]),
    ("Sus hijos Pedro y Ana llegaron tarde.", ["Pedro", "Ana"]),  # (passed before)
    ("Ses filles, Inès et Zoé, habitent à Lyon.", ["Inès", "Zoé"]),  # (passed before)
    ("The applicant's brothers Ali, Hasan and Mehmet Yıldız were detained.", ["Ali", "Hasan", "Mehmet"]),  # (passed before)
])
def test_the_names_after_a_kinship_word_in_the_plural(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("his colleagues Sales and Marketing were informed.", "Sales and Marketing"),
    ("Our friends in Paris and London said hello.", "Paris and London"),
    ("her parents and friends came.", "her parents and friends came."),
])
def test_words_after_a_kinship_word_in_the_plural_that_name_no_one_stay(sanitizer: Sanitizer, text: str,
                                                                        kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Meeting notes 14/10: Attendees: Rania, Ferdinand, Olusegun (chair). Apologies: Beatriz.", ["Rania"]),
    ("Witnesses: HÄMÄLÄINEN, VIRTANEN", ["HÄMÄLÄINEN", "VIRTANEN"]),
    ("Attendees: Obi, Ade, Funmi", ["Obi", "Ade", "Funmi"]),
    ("Present: Lagos, Femi", ["Femi"]),
    ("Absent: Soraya; Ikaika", ["Soraya", "Ikaika"]),
    ("Participants: KEALOHA; PALAKIKO", ["KEALOHA", "PALAKIKO"]),
    ("Present: Dr. Amara Osei, Ms Liesel Brandt, Tomasz Wrona. Absent: Kalinda.", ["Amara", "Kalinda"]),  # (passed before)
    ("Invitees: Marlow, Tasneem and Olabisi", ["Marlow", "Tasneem", "Olabisi"]),  # (passed before)
])
def test_the_people_a_list_s_key_announces(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Present: the patient reports chest pain.", "the patient reports chest pain"),
    ("Absent: Fever, Chills, Night sweats.", "Fever, Chills, Night sweats"),
    ("Present: Mild Edema", "Mild Edema"),
    ("CC: Legal, HR, Finance", "Legal, HR, Finance"),
    ("Attendees: Finance team, Sales and Marketing", "Finance team, Sales and Marketing"),
    ("Speakers: Paris, London, Tokyo", "Paris, London, Tokyo"),
])
def test_a_list_after_such_a_key_that_names_no_one_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("PASSENGER: MWANGI/GRACE WANJIRU MS   FLIGHT KQ100   SEAT 23A", ["MWANGI", "GRACE", "WANJIRU"]),
    ("PASSENGER: NGUYEN/THI HOA MS", ["NGUYEN", "HOA"]),
    ("Traveller: SINGH/HARPREET KAUR MRS", ["SINGH", "HARPREET", "KAUR"]),
    ("PASSENGER: OKORO/PEACE JOY MISS", ["OKORO", "PEACE", "JOY"]),
    ("Name: PARK/SUN HEE MS", ["PARK", "HEE"]),
    ("Booking for ADEBAYO/GRACE MRS, seat 4C", ["ADEBAYO", "GRACE"]),  # (passed before)
    ("1. ØVERGAARD/FAITH MISS 2. ØVERGAARD/LARS MR", ["ØVERGAARD", "FAITH", "LARS"]),  # (passed before)
])
def test_a_passenger_as_bookings_write_one(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("It supports TCP/IP and AND/OR logic.", "TCP/IP and AND/OR"),
    ("See HTTP/HTTPS and I/O for details.", "HTTP/HTTPS and I/O"),
    ("Routes LHR/JFK and CDG/NRT are full.", "LHR/JFK and CDG/NRT"),
])
def test_capitals_around_a_slash_that_name_no_passenger_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Between: MARIUSZ WIŚNIEWSKI Appellant - and - THE SECRETARY OF STATE FOR THE HOME DEPARTMENT Respondent",
     ["MARIUSZ", "WIŚNIEWSKI"]),
    ("Between: OKONKWO CHIDI Claimant - and - NATIONAL GRID PLC Defendant", ["OKONKWO", "CHIDI"]),
    ("Between: HAYDEN MARSH Appellant - and - THE CROWN Respondent", ["HAYDEN", "MARSH"]),
    ("Between: AKINWUMI ADESINA Petitioner - and - BOLA ADESINA Respondent", ["AKINWUMI", "BOLA", "ADESINA"]),
    ("Between: SAOIRSE NIC AMHLAOIBH Applicant - and - AN GARDA SIOCHANA Respondent", ["SAOIRSE", "AMHLAOIBH"]),
    ("Between: AROHA TE WHARE Applicant - and - THE CHIEF EXECUTIVE Respondent", ["AROHA", "WHARE"]),
    ("Between: SIPHO NDLOVU Claimant - and - SOUTH AFRICAN AIRWAYS Defendant", ["SIPHO", "NDLOVU"]),
    ("Between: ACME HOLDINGS LTD Claimant - and - DOMINIK HRUBÝ Defendant", ["DOMINIK", "HRUBÝ"]),  # (passed before)
])
def test_a_heading_s_parties_on_one_line(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("TOBIAS ENGQVIST Claimant v HARTWELL BUILDERS LIMITED Defendant", " Claimant v "),
    # (an applicant's role was replaced with the name before: the roles are one list now)
    ("TOBIAS ENGQVIST Applicant v THE SECRETARY OF STATE Respondent", " Applicant v "),
    ("Between: ACME HOLDINGS LTD Claimant - and - DOMINIK HRUBÝ Defendant", "ACME HOLDINGS LTD Claimant"),
    ("NOTICE TO THE Respondent - and - FORM N1 Claimant", "NOTICE TO THE Respondent - and - FORM N1 Claimant"),
    ("HIGH COURT OF JUSTICE Claimant", "HIGH COURT OF JUSTICE Claimant"),
])
def test_a_party_s_role_and_an_institution_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Before SOTOMAYOR-BAEZ, Chief Judge, and HALVERSEN, Circuit Judge.", ["HALVERSEN"]),
    ("Before PRICE, Chief Judge, and BAKER, Circuit Judge.", ["PRICE", "BAKER"]),
    ("Heard before MARSH and FIELD, LJJ.", ["MARSH", "FIELD"]),
    ("WOOD, Circuit Judge, delivered the opinion.", ["WOOD"]),
    ("Heard before FENNIMORE and QUIGLEY, LJJ.", ["FENNIMORE", "QUIGLEY"]),
    ("Judgment of Hunter, JA, with which Fox, JA, agrees.", ["Hunter", "Fox"]),
    ("Okafor, J., dissenting.", ["Okafor"]),  # (passed before)
    ("KOWALCZYK, C.J., and ØVERGAARD, HÄMÄLÄINEN, JJ., concur.", ["KOWALCZYK", "ØVERGAARD", "HÄMÄLÄINEN"]),  # (passed before)
])
def test_a_judge_s_name_before_the_office(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Meanwhile, Judge Smith said it was late.", "Meanwhile, Judge "),
    ("The Court, Justice Ginsburg writing, held.", "The Court, Justice "),
    ("THE SUPREME COURT, Justices of the Peace and others", "THE SUPREME COURT, Justices"),
])
def test_words_before_a_judge_s_office_that_name_no_one_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("SENTENCING REMARKS: R v Declan Fitzmaurice-O'Hare. Fitzmaurice-O'Hare, please stand up.", ["Hare", "Fitzmaurice"]),
    ("Ms Aminata N'Diaye and Mr Kofi Mensah-N'Guessan attended.", ["Diaye", "Guessan", "Mensah"]),  # (passed before)
    ("Siobhán Ní Bhriain-O'Neill wrote the report.", ["Neill", "Bhriain"]),  # (passed before)
    ("Mary Kelly-O'Brien said Kelly-O'Brien would attend.", ["Brien", "Kelly"]),  # (passed before)
    ("Ana Lopez-D'Souza signed. Lopez-D'Souza is the buyer.", ["Souza", "Lopez"]),  # (passed before)
])
def test_a_name_whole_across_its_prefix_s_apostrophe(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("INSERT INTO patients (first, last, dob) VALUES ('Yusuf', 'Demirtaş', '1980-02-14');",
     ["Yusuf", "Demirtaş", "1980-02-14"]),
    ("id,first,last,dob\n1,Chidi,Okonkwo,1980-02-14\n2,Aino,Virtanen,14/03/1975",
     ["Chidi", "Okonkwo", "Aino", "Virtanen", "1980-02-14", "14/03/1975"]),
    ("| Patient | DOB | Ward |\n|---|---|---|\n| Yusuf Demirtaş | 02/14/1980 | 4B |", ["Yusuf", "02/14/1980"]),
    ("given,family,birth_date\nTasneem,Haddad,1991-07-30", ["Tasneem", "Haddad", "1991-07-30"]),
    ("insert into staff (forename, surname, date_of_birth) values ('Ines', 'Kowal', '03.05.1962')",
     ["Ines", "Kowal", "03.05.1962"]),
])
def test_the_rows_under_first_last_and_birth_columns(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)  # (a date of birth is noised, not restored)
    assert not [value for value in secrets if value in out.text], out.text


@pytest.mark.parametrize("text, kept", [
    ("event,first,last\nlogin,2024-01-01,2024-02-01", "login,2024-01-01,2024-02-01"),
    ("id,first,last\n1,yes,no", "1,yes,no"),
    ("| Release | Date |\n|---|---|\n| v2.1 | 2024-05-01 |", "2024-05-01"),
])
def test_columns_that_hold_no_person_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept", [
    ("Student: Thandiwe Mokoena   Grade 7B   Teacher: Mr. Venter   Term 3 report: good.", "   Term 3 report:"),
    ("Attending: Dr. Nkemelu   Dictated by: Hannelore Voss, MD", "   Dictated by: "),
    ("Defender Kalidou Sarr-Diop limped off after 20 minutes.", "Defender "),
    ("Striker Oumar Ndiaye scored twice.", "Striker "),
    ("DISCHARGE SUMMARY\nPatient: Oyelaran, Folasade   MRN: 00482913\nAttending: Dr. Nkemelu   Dictated by: "
     "Hannelore Voss, MD", "DISCHARGE SUMMARY"),
])
def test_a_label_a_position_or_a_heading_beside_a_name_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Scorers: Haaland 23', Ødegaard 67', Saka 88'", ["Haaland", "Ødegaard", "Saka"]),
    ("Goals: Kane 12’, Musiala 45’, Sané 78’", ["Kane", "Musiala", "Sané"]),
    ("Arsenal 2 (Saka 34', Martinelli 71') Chelsea 1 (Palmer 55')", ["Saka", "Martinelli", "Palmer"]),
    ("Yellow cards: Rodri 40', Gvardiol 62'", ["Rodri", "Gvardiol"]),
    ("Subs: Lamptey 60', Mitoma 75'", ["Lamptey", "Mitoma"]),
    ("Booked: Keane 12', Vardy 80'", ["Keane", "Vardy"]),
])
def test_players_beside_a_minute_with_its_prime(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("It's 5' 11\" tall and 3' wide.", "It's 5' 11\" tall and 3' wide."),
    ("Chapter 12' notes, Table 3' rows", "Chapter 12' notes, Table 3' rows"),
    ("Brasil 23', Argentina 67'", "Brasil 23', Argentina 67'"),
])
def test_a_measure_or_a_country_beside_a_prime_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("Mum 07700 900123\nKwame mobile 07700 900456\nAuntie Efua 020 7946 0321", ["Kwame", "Efua"]),
    ("Femi work 01 234 5678", ["Femi"]),
    ("- Bogdan: 0722 123 456", ["Bogdan"]),
    ("Ingvild (mob) +47 912 34 567", ["Ingvild"]),
    ("Chiamaka home 01 4567 8901\nTolulope cell 0803 111 2222", ["Chiamaka", "Tolulope"]),  # (passed before)
    ("Kwame mobile 07700 900456", ["Kwame"]),  # (passed before)
])
def test_the_name_of_a_contact_list_s_line(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Reception 020 7946 0000\nFax 01 234 5678", "Reception "),
    ("Total 1 234 567 890", "Total "),
    ("Emergency 999\nPolice non-emergency 101 000 0000", "Police non-emergency "),
    ("Steueridentifikationsnummer: 42596008315", "Steueridentifikationsnummer: "),
    ("Note\nIdNr 34380256794", "IdNr "),
])
def test_a_number_s_label_that_names_no_one_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, secrets", [
    ("TRANSFER TO O OKONKWO REF RENT NOV", ["OKONKWO"]),
    ("BACS CREDIT FROM T WRONA SALARY", ["WRONA"]),
    ("Faster payment to NKEMELU C ref loan", ["NKEMELU"]),
    ("STANDING ORDER TO K BRANDVOLD REF SAVINGS", ["BRANDVOLD"]),
    ("SEPA CREDIT FROM HÄMÄLÄINEN A 250.00", ["HÄMÄLÄINEN"]),
    ("12/11 FPS TO A HALVORSEN REF DINNER -45.00", ["HALVORSEN"]),  # (passed before)
])
def test_the_payee_of_a_bank_statement_s_line(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("DD TO BRITISH GAS REF 123456", "BRITISH GAS"),
    ("PAYMENT TO A HOLIDAY FUND REF X", "HOLIDAY FUND"),
    ("payment to John for lunch", "payment to "),
])
def test_a_bank_line_s_company_or_fund_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# People in lists, bookings and headings through every surface
SET_AW = ("Attendees: Rania, Ferdinand, Olusegun (chair). Survived by her daughters Ines and Marta. "
          "PASSENGER: MWANGI/GRACE WANJIRU MS. Between: MARIUSZ WIŚNIEWSKI Appellant - and - THE SECRETARY OF STATE "
          "Respondent. SENTENCING REMARKS: R v Declan Fitzmaurice-O'Hare. Fitzmaurice-O'Hare, please stand up. "
          "Before PRICE, Chief Judge, and HALVERSEN, Circuit Judge.")
SET_AW_SECRETS = ("Rania", "Ines", "GRACE", "MARIUSZ", "WIŚNIEWSKI", "Hare", "HALVERSEN")


def test_set_aw_listed_people_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AW, SET_AW_SECRETS)


# (thirty-eighth session) a listed given name that is a dictionary word or a place too, first in a list of names
@pytest.mark.parametrize("text, name", [
    ("They had 6: Brad, Daniel, Dawn, Megan, Nathan and Roger.", "Brad"),
    ("They had 6: Caroline, Daniel, Dawn, Megan, Nathan and Roger.", "Caroline"),
    ("They had 6: Wade, Daniel, Dawn, Megan, Nathan and Roger.", "Wade"),  # (passed before)
])
def test_a_given_name_that_is_a_word_first_in_a_list_of_names(sanitizer: Sanitizer, text: str, name: str) -> None:
    check_hidden(sanitizer, KEYS, text, [name])
