"""A person's name as records, forms and file names write it: a family name in capitals beside the given name
("Pt: OKONKWO, Chidi", "HÄMÄLÄINEN Aino"), a form's name fields on one line apart by spaces ("Given name: Chidi
Family name: OKONKWO"), and a given and a family name in a file's name ("Lebenslauf_Anna_Schmidt.pdf"). Each
made-up case failed before (a part went out verbatim) but those marked "(passed before)"; the words beside them
that name no one (an acronym, a shout, a place, a file's other words) stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("record-names")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("Pt: OKONKWO, Chidi  MRN 00482913", ["OKONKWO", "Chidi"]),
    ("Patient: HÄMÄLÄINEN, Aino (F, 54)", ["HÄMÄLÄINEN", "Aino"]),
    ("Defendant: BRANDVOLD, Torstein", ["BRANDVOLD", "Torstein"]),
    ("Patient OKONKWO, Chidi was admitted on 4/2.", ["OKONKWO", "Chidi"]),
    ("Team: BRANDVOLD Torstein; HÄMÄLÄINEN Aino; OKAFOR Ngozi", ["BRANDVOLD", "HÄMÄLÄINEN", "Aino", "OKAFOR"]),
    ("Claimant: DELACROIX-MBEKI, Amara", ["DELACROIX-MBEKI", "Amara"]),  # (passed before)
    ("Referred by Dr. FITZGERALD, Aoife", ["FITZGERALD", "Aoife"]),  # (passed before)
])
def test_a_family_name_in_capitals_beside_the_given_name(sanitizer: Sanitizer, text: str,
                                                         secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("FYI, Anna will join the call.", "FYI, "),
    ("ASAP, Maria needs the report.", "ASAP, "),
    ("UNICEF, Maria Lopez said, will fund the school.", "UNICEF, "),
    ("URGENT, Peter Walsh called twice.", "URGENT, "),
    ("LONDON, Anna Smith said on Monday that rates would rise.", "LONDON, "),
    ("Meeting with Maria Gonzalez TOMORROW at noon.", " TOMORROW at noon"),
    ("Ask Anna Kowalski BEFORE Friday.", " BEFORE Friday"),
    ("el presidente de la ANATEL, Renato Navarro Guerreiro, y el secretario", "la ANATEL, "),
    ("NO CONSTRUYA EN SUELO RUSTICO Palma, 23 may (EFE).", "SUELO RUSTICO "),
])
def test_a_word_in_capitals_beside_a_name_that_names_no_one_stays(sanitizer: Sanitizer, text: str,
                                                                  kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, secrets, kept", [
    ("Given name: Chidi   Family name: OKONKWO", ["Chidi", "OKONKWO"], "Family name: "),
    ("First name: Zbigniew   Last name: Kowalczyk", ["Zbigniew", "Kowalczyk"], "Last name: "),
    ("Vorname: Wendelin   Nachname: Krauthauser", ["Wendelin", "Krauthauser"], "Nachname: "),
    ("Nome: Gennaro   Cognome: Esposito", ["Gennaro", "Esposito"], "Cognome: "),
    ("Prénom : Odile   Nom : Lefebvre-Andrieux", ["Odile", "Lefebvre-Andrieux"], "Nom : "),  # (passed before)
    ("Forename: Ngozi\tSurname: VIRTANEN-OKAFOR", ["Ngozi", "VIRTANEN-OKAFOR"], "Surname: "),
    ("Given name: Chidi\nFamily name: Okonkwo", ["Chidi", "Okonkwo"], "Family name: "),  # (passed before)
])
def test_a_form_s_name_fields_on_one_line(sanitizer: Sanitizer, text: str, secrets: list[str], kept: str) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, secrets, kept", [
    ("SELECT * FROM users WHERE last_name = 'Okafor' AND first_name = 'Chidi';", ["Okafor", "Chidi"],
     "' AND first_name = '"),
    ("{'last': 'O'Brien', 'first': 'Siobhan'}", ["O'Brien", "Siobhan"], "', 'first': '"),
])
def test_a_quoted_value_ends_at_its_closing_quote(sanitizer: Sanitizer, text: str, secrets: list[str],
                                                  kept: str) -> None:  # (passed before)
    check_hidden(sanitizer, KEYS, text, secrets)
    assert kept in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, secrets", [
    ("Attached: Lebenslauf_Anna_Schmidt.pdf", ["Anna", "Schmidt"]),
    ("See cover_letter_rahul_mehta.docx for details.", ["rahul", "mehta"]),
    ("The file kwabena_mensah_contract_2024.pdf is signed.", ["kwabena", "mensah"]),
    ("I saved it as invoice_ingrid_solvang.pdf yesterday.", ["ingrid", "solvang"]),
    ("Photos: IMG_2291_priya_raman.jpg, IMG_2292.jpg", ["priya", "raman"]),
    ("Upload Scan_Maria_Okafor_ID.png here.", ["Maria", "Okafor"]),
    ("See john_smith.csv", ["john", "smith"]),
])
def test_a_name_in_a_file_s_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text", [
    "Upload Q3_budget_forecast.xlsx and meeting_notes_march.docx",
    "Open data_pipeline_config.json and test_user_model.py",
    "Print rose_garden_plan.pdf and grace_period_terms.pdf",
    "Run scan_2023_final_v2.pdf through the checker.",
    "The user_name field of user_model.py is empty.",
])
def test_a_file_s_name_that_names_no_one_stays(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text == text, out.text


@pytest.mark.parametrize("text, secrets", [
    ('From: "Okonkwo, Chidi" <c.okonkwo@example.org>', ["Okonkwo", "Chidi"]),
    ('From: "Okonkwo, Chidi" <chidi@example.org>', ["Okonkwo", "Chidi"]),
    ('To: "Hämäläinen, Aino" <aino@example.fi>', ["Hämäläinen", "Aino"]),
    ("To: 'Aino Hämäläinen' <ah@example.fi>", ["Aino", "Hämäläinen"]),  # (passed before)
    ('To: "OKONKWO, Chidi" <records@example.org>', ["OKONKWO", "Chidi"]),
    ('Cc: "Brandvold, Torstein" <tb@example.no>, "Wetzstein, Korbinian" <kw@example.de>',
     ["Brandvold", "Torstein", "Wetzstein", "Korbinian"]),
    ('Cc: "Dr. Ngozi Okafor" <no@example.ng>', ["Ngozi", "Okafor"]),  # (passed before)
])
def test_a_mail_s_sender_or_recipient_by_the_name_shown(sanitizer: Sanitizer, text: str,
                                                         secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ('"Acme Support" <help@acme.com> wrote', '"Acme Support"'),
    ('From: "Google Calendar" <calendar-notification@google.com>', '"Google Calendar"'),
    ('From: "Order Confirmation" <orders@shop.com>', '"Order Confirmation"'),
    ('He said "Yes, Anna" and left.', '"Yes, '),
])
def test_a_mail_s_name_that_names_no_one_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text, out.text


@pytest.mark.parametrize("text, secrets", [
    ("<patient><family>Okonkwo</family><given>Chidi</given></patient>", ["Okonkwo", "Chidi"]),
    ('{"resourceType":"Patient","name":[{"use":"official","family":"Okonkwo","given":["Chidi","Emeka"]}]}',
     ["Okonkwo", "Chidi", "Emeka"]),
    ('<name><family value="Hämäläinen"/><given value="Aino"/></name>', ["Hämäläinen", "Aino"]),
    ('{"family": "Brandvold", "given": ["Torstein"]}', ["Brandvold", "Torstein"]),
    ("{'family': 'Wetzstein', 'given': ['Korbinian', 'Quirin']}", ["Wetzstein", "Korbinian", "Quirin"]),
])
def test_a_health_record_s_name_parts(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text", [
    "Family: Rosaceae",
    '{"family": "sans-serif", "given": "yes"}',
    '{"font": {"family": "Helvetica", "size": 12}}',
    '{"family": "Lauraceae", "genus": "Laurus"}',
    "Given: the user is signed in",
])
def test_a_family_or_given_key_that_names_no_one_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ("Attendees: Okonkwo C, Brandvold T, Hämäläinen A", ["Okonkwo", "Brandvold", "Hämäläinen"]),
    ("Authors: Okonkwo C, Brandvold TE, Wetzstein K. Sepsis outcomes in adults.", ["Okonkwo", "Brandvold", "Wetzstein"]),
    ("Present: C Okonkwo, T Brandvold, A Hämäläinen", ["Okonkwo", "Hämäläinen"]),
    ("Contributors: Hämäläinen A, Brandvold E, Okonkwo W", ["Hämäläinen", "Brandvold", "Okonkwo"]),
    ("cc Okonkwo CE, Hämäläinen AM", ["Okonkwo", "Hämäläinen"]),
    ("Reviewed by Nakashima-Reyes Q, Delacroix A and the board.", ["Nakashima-Reyes", "Delacroix"]),  # (passed before)
    ("Okafor N, Tshabalala S, Virtanen E, et al. Trial results.", ["Okafor", "Tshabalala", "Virtanen"]),  # (passed before)
    ("Attendees: Okonkwo C., Brandvold T., Hämäläinen A.", ["Okonkwo", "Brandvold", "Hämäläinen"]),  # (passed before)
])
def test_a_list_of_family_names_and_initials(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text", [
    "See Appendix A, Table B and Gate B, Terminal C.",
    "Groups A, B and C met on Monday.",
    "Take Vitamin D, Hepatitis B shots and rest.",
    "Parking Lot A, Building C is closed.",
    "Use Plan B, Option C if it fails.",
    "Bs few insp wheezes L Lung, R Lung clear.",
])
def test_a_list_of_words_and_letters_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ("[10:32] Okonkwo: the server is down again\n[10:33] Hämäläinen: restarting it now\n[10:35] Okonkwo: thanks",
     ["Okonkwo", "Hämäläinen"]),
    ("10:32 Okonkwo: hi\n10:33 Brandvold: hello", ["Okonkwo", "Brandvold"]),
    ("[14:02:11] Wetzstein: can you check the logs?\n[14:03:40] Okonkwo: yes, on it", ["Wetzstein", "Okonkwo"]),
    ("09:15 - Tshabalala: I'll be late\n09:16 - Hämäläinen: ok", ["Tshabalala", "Hämäläinen"]),
    ("[8:01] Virtanen: morning all, I pushed the fix\n[8:02] Brandvold: thanks", ["Virtanen", "Brandvold"]),
])
def test_a_chat_log_s_speakers(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text", [
    "[10:32] Kubernetes: pod restarted\n[10:33] Terraform: plan applied\n[10:34] Kubernetes: pod ready",
    "[09:00] Build: started\n[09:05] Deploy: finished",
    "[12:00] Frontend: bundle built\n[12:01] Backend: migrations applied",
    "08:00 Breakfast: eggs and toast\n12:30 Lunch: soup",
    "[10:00] Staging: green\n[10:05] Production: green",
])
def test_a_timed_log_s_labels_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ("In re Hämäläinen, the court held that the will was valid.", ["Hämäläinen"]),
    ("In re Marriage of Brandvold", ["Brandvold"]),
    ("In re Estate of Wetzstein, 2019 WL 1234", ["Wetzstein"]),
    ("In re Guardianship of Hämäläinen", ["Hämäläinen"]),
    ("In re the Marriage of Okonkwo", ["Okonkwo"]),
    ("In re Application of Wetzstein", ["Wetzstein"]),
    ("Ex parte Brandvold, decided in 2004.", ["Brandvold"]),  # (passed before)
])
def test_a_matter_s_one_party(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text", [
    "In re Acme Holdings Ltd, the court approved the plan.",
    "In re Google Privacy Litigation was settled.",
    "In re Apple Securities Litigation was dismissed.",
    "As a matter of Policy we refuse.",
    "In re Application of the Council, the board agreed.",
])
def test_a_matter_of_no_person_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ("Okonkwo (2019) argues that sepsis is underdiagnosed.", ["Okonkwo"]),
    ("This was measured before (Wetzstein 2017).", ["Wetzstein"]),
    ("Brandvold (2015) reported a smaller effect.", ["Brandvold"]),
    ("Later studies (Brandvold 2016; Okonkwo 2019) agree.", ["Brandvold", "Okonkwo"]),
    ("The cohort grew (Wetzstein, 2018).", ["Wetzstein"]),
    ("Earlier work (Okonkwo, 2019; Brandvold and Wetzstein 2020) found the same.",
     ["Okonkwo", "Brandvold", "Wetzstein"]),  # (passed before)
    ("As Tshabalala (2018) showed, the effect holds.", ["Tshabalala"]),  # (passed before)
    ("see also Hämäläinen et al. (2021) for adults", ["Hämäläinen"]),  # (passed before)
])
def test_an_author_cited_by_name_and_year(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text", [
    "Windows (2019) and Budget (2019) are out.",
    "see Paris (2019) and (Paris, 2019).",
    "Kubernetes (2019) adoption grew.",
    "The Guidelines (2019) changed.",
    "(Figure 2, 2019) and (Table 3, 2019)",
])
def test_a_thing_s_year_stays(sanitizer: Sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for word in ("Windows", "Budget", "Paris", "Kubernetes", "Guidelines", "Figure", "Table"):
        assert (word in text) <= (word in out.text), out.text


@pytest.mark.parametrize("text, secrets", [
    ("Assigned to: okonkwo.c | Reviewer: hamalainen.a", ["okonkwo", "hamalainen"]),
    ("ticket opened by c_okonkwo, escalated to a.hamalainen", ["okonkwo", "hamalainen"]),
    ("Approved by: t.brandvold on 2024-03-02", ["brandvold"]),
    ("reviewers: k.wetzstein", ["wetzstein"]),
    ("Reporter: n_okafor\nAssignee: s.tshabalala", ["okafor", "tshabalala"]),
])
def test_an_account_after_a_ticket_s_role(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("Owner: README.md was edited.", "README.md"),
    ("Reviewed by setup.py checks", "setup.py"),
    ("cc: the whole team", "cc: the whole team"),
    ("Assigned to: nobody yet", "nobody yet"),
    ("Owner: v2.1 release", "v2.1"),
])
def test_a_ticket_s_role_before_no_account_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# Records, forms and file names through every surface
SET_AV = ("Pt: OKONKWO, Chidi  MRN 00482913. Given name: Aino   Family name: HÄMÄLÄINEN. "
          "Attached: Lebenslauf_Anna_Krauthauser.pdf")
SET_AV_SECRETS = ("OKONKWO", "Chidi", "Aino", "HÄMÄLÄINEN", "Anna", "Krauthauser")


def test_set_av_record_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AV, SET_AV_SECRETS)
