"""Reference numbers of a person's file (REFERENCE_ID): which values are found after which cues, what
ordinary text with numbers keeps, and exact round trips through the sanitizer. All values are made up."""

from __future__ import annotations

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt.entities.references import ReferenceFinder

FIND = ReferenceFinder()


def found(text: str, lang: str = "en") -> list[str]:
    return [text[f.start:f.end] for f in FIND(text, lang)]


# text -> the values to find (in order)
POSITIVES = {
    # US federal dockets: a colon and lower-case letters inside the value
    "Case No. 2:19-cv-04412-JMV was filed in March.": ["2:19-cv-04412-JMV"],
    "See Civil Action No. 1:21-cv-00873-ABC.": ["1:21-cv-00873-ABC"],
    "Criminal No. 3:18-cr-00231 (D. Conn.)": ["3:18-cr-00231"],
    "docket no. 5:20-mc-80011-VKD remains open": ["5:20-mc-80011-VKD"],
    "Bankruptcy case no. 19-bk-12345 was closed": ["19-bk-12345"],
    # a list or pair after a value found
    "Docket No. 19-1234 was consolidated with No. 19-1301.": ["19-1234", "19-1301"],
    "applications nos. 123/08 and 456/09 were joined": ["123/08", "456/09"],
    "Case No. 20-44; No. 20-55 and No. 20-66": ["20-44", "20-55", "20-66"],
    "case no. 2-1154/04 and 2-1187/04 were heard together": ["2-1154/04", "2-1187/04"],
    "Claims No. 88-1201, 88-1202 or 88-1203": ["88-1201", "88-1202", "88-1203"],
    # cues added: appeal, index, claim, matter, cause, indictment, warrant, summons, petition, writ
    "Appeal No. UKEAT/0123/19/DA was dismissed": ["UKEAT/0123/19/DA"],
    "Index No. 65432/2019 (Sup. Ct. N.Y. County)": ["65432/2019"],
    "Cause No. 2019-CI-12345 in the district court": ["2019-CI-12345"],
    "Matter No. 4471-22 is closed": ["4471-22"],
    "indictment no. 1234/2018 charged him": ["1234/2018"],
    "arrest warrant no. W-88213 was issued": ["W-88213"],
    "Summons No. 2020-00451 was served": ["2020-00451"],
    "petition number 77-4412 was granted": ["77-4412"],
    # other languages' cues
    "Az. 5 U 123/19 des Oberlandesgerichts": ["5 U 123/19"],
    "Aktenzeichen 2 BvR 1234/19": ["2 BvR 1234/19"],
    "RG n° 19/01234 du tribunal": ["19/01234"],
    "autos nº 123/2019 del juzgado": ["123/2019"],
    "recurso de apelación núm. 1234/2019": ["1234/2019"],
    "diligencias previas 567/2019 del juzgado": ["567/2019"],
    "procedimiento abreviado nº 45/2019": ["45/2019"],
    "sumario 5/2019 de la Audiencia": ["5/2019"],
    # court letters before the number
    "case no. II AKa 123/05 of the appeal court": ["II AKa 123/05"],
    "case no. IV CSK 456/07": ["IV CSK 456/07"],
    "file no. I ACa 789/06": ["I ACa 789/06"],
    "Az. VI ZR 321/18": ["VI ZR 321/18"],
    "Az.: 1 StR 45/20": ["1 StR 45/20"],
    # a bare number after a cue that names a person's number, when long
    "badge 77812 was scanned at the gate": ["77812"],
    "client 88123 called twice": ["88123"],
    "employee 004211 is on leave": ["004211"],
    "patient 4471230 was discharged": ["4471230"],
    "tracking 1Z999AA10123456784": ["1Z999AA10123456784"],
    "the client's number is 88123": ["88123"],
    "Member #: 55120": ["55120"],
    # "No." before a value that can only be a file code
    "the Regional Court (no. 3-1-1-25-06) held": ["3-1-1-25-06"],
    "its judgment no. 2-123/04 of 5 May": ["2-123/04"],
    "upheld in No. AB-2291/17 and later": ["AB-2291/17"],
    "(No. T-1234/19)": ["T-1234/19"],
    "registered under nr. 45-12-0033": ["45-12-0033"],
    # a cue and a colon: as a bare cue
    "Client: 88123": ["88123"],
    "Index: 65432/2019": ["65432/2019"],
    "Case: C-2021-0042": ["C-2021-0042"],
    "Ticket: TK-55012": ["TK-55012"],
    "Dossier : 2019/AB/117": ["2019/AB/117"],
    # a year and a serial number: Turkish dockets, and after a bare "No."
    "The decision (E. 2001/123, K. 2002/45) was upheld.": ["2001/123", "2002/45"],
    "Esas no. 2003/456 of the assize court": ["2003/456"],
    "the Court of Cassation (no. 2004/1235) held": ["2004/1235"],
    "its ruling No. 123/2019 of 4 June": ["123/2019"],
    "filed under no. 7/2018": ["7/2018"],
    # people in custody
    "prisoner no. 77123 was moved": ["77123"],
    "inmate number 4471-B": ["4471-B"],
    "detainee 5512034 was released": ["5512034"],
    "prisoner 88412 and inmate 90331": ["88412", "90331"],
    "detainee no. D-4412": ["D-4412"],
    # letters, then groups of digits
    "her policy number is HX 4471 2290.": ["HX 4471 2290"],
    "licence no. DL 55012 881": ["DL 55012 881"],
    # a plural cue before a code
    "Joined Cases C-402/05 P and C-415/05 P": ["C-402/05"],
    "claims CLM-2024-00871 and CLM-2024-00872 were merged": ["CLM-2024-00871", "CLM-2024-00872"],
    "tickets TK-55012, TK-55013 and TK-55020": ["TK-55012", "TK-55013", "TK-55020"],
    "files AB/2019/117 and AB/2019/118": ["AB/2019/117", "AB/2019/118"],
    "appeals A-77/2020 or A-78/2020": ["A-77/2020", "A-78/2020"],
    # letters of other scripts inside the value
    "criminal case no. 44у-123/07 was closed": ["44у-123/07"],
    # the cues that were there already
    "application no. 12345/08": ["12345/08"],
    "case number C-2021-0042": ["C-2021-0042"],
    "In case T-123/19 the General Court held that": ["T-123/19"],
    "Claim No. AB123456 was paid": ["AB123456"],
    "employee ID: E-0042": ["E-0042"],
}


@pytest.mark.parametrize("text", list(POSITIVES))
def test_reference_found(text: str) -> None:
    assert found(text) == POSITIVES[text]


def test_spanish_colegiado_after_a_name_with_no_space() -> None:
    text = "Médico: Ana Ruiz MartínezNºCol: 28 28 44102.\nInforme clínico"
    assert found(text, "es") == ["28 28 44102"]


NEGATIVES = [
    "record 12 times", "file 3 pages", "case 2 of the study", "in case 5 people come",
    "in case 100 people come", "just in case 2000 visitors arrive", "the file 1200 pages long",
    "No. 1 single", "No. 10 Downing Street", "ticket price 25", "member states 27",
    "version 3.11.2 released in 2019", "at 10:30 the score was 3-1", "s. 12(3) of the Act",
    "Article 8 and paragraph 45", "§ 242 BGB", "[2019] EWCA Civ 1234", "ECLI:EU:C:2019:123",
    "in that case 2019 was a good year", "file x86_64 build", "case 12th", "file 20MB",
    "policy 2020-2021", "after the 2005/2006 season", "the 2006/07 season",
    "tensión arterial 120/80 mmHg", "TA 110/70, FC 72", "según el RD 1299/2006, de 10 de noviembre",
    "Regulation (EC) No 1049/2001", "Directive 95/46/EC", "Amendment No. 1 to Exhibit No. 10.1",
    "Form No. S-1", "No. 10-12 Main Street", "Av Independencia No.1703-A", "charge 150 euros",
    "record: broke the record 2 times", "the index 500 rose", "an Ebola case with 183 passengers",
    "paciente masculino de 56 años", "CLAIMS #MH17 DOWNING", "client 2000 servers", "badge 2019",
    "member 401k plan", "employee 12 hours", "Pis et col de 0 70", "case on 12/05/2019",
    "in any case 3500 people attended", "claim 1000 dollars", "decision 12 of 40",
    "row: 3, col: 12", "Index: 12", "auto: 30", "charge: 50", "Case: 2019", "No. 2019/20 season",
    "No. 12/05/2019", "Law no. 2004/77", "Mr E. Kanar", "Protocol No. 1", "Series A no. 310",
    "Affaires 80.000 francs", "in cases 100 people died", "files 2019 and 2020", "case ABC 12",
    "No. 1.250.000 in sales", "Reports of Judgments and Decisions 1998-VIII",
    "open the file 0001.txt", "the file 2023-report.pdf", "claim 1234.56 in damages", "case 3.14159",
    "release v2.1.3 of the client", "ticket 1.2.3",
]


def test_a_later_no_takes_only_the_shape_found() -> None:
    assert found("Case No. 19-1234 was heard; see No. 10-12 Main Street.") == ["19-1234"]
    assert found("Case No. 19-1234 was heard with No. 19-1301; No. 1 single") == ["19-1234", "19-1301"]


@pytest.mark.parametrize("text", NEGATIVES)
def test_ordinary_numbers_kept(text: str) -> None:
    assert found(text) == [], text


# --- through the sanitizer: the value is gone, and restoring gives the text back exactly -----------

ROUND_TRIPS = [
    ("Case No. 2:19-cv-04412-JMV was consolidated with No. 2:19-cv-04501-JMV.",
     ["2:19-cv-04412-JMV", "2:19-cv-04501-JMV"]),
    ("Docket No. 19-1234 was consolidated with No. 19-1301.", ["19-1234", "19-1301"]),
    ("Appeal No. UKEAT/0123/19/DA was heard on 3 May.", ["UKEAT/0123/19/DA"]),
    ("Please update badge 77812 and client 88123 today.", ["77812", "88123"]),
    ("Your parcel: tracking 1Z999AA10123456784.", ["1Z999AA10123456784"]),
    ("The applications (nos. 32541/08 and 1765/09) were joined.", ["32541/08", "1765/09"]),
    ("The appeal court (case no. II AKa 123/05) dismissed it.", ["II AKa 123/05"]),
    ("Az. 5 U 123/19 betrifft den Kläger.", ["5 U 123/19"]),
    ("The Istanbul court (E. 2001/123, K. 2002/45) convicted him.", ["2001/123", "2002/45"]),
    ("The Regional Court (case no. 44у-123/07) closed it.", ["44у-123/07"]),
    ("The case originated in an application (no. 40593/04) against Turkey. On 12 May 2004 the Regional "
     "Court, in case no. 2-123/04, convicted the applicant; the Supreme Court dismissed the appeal (case "
     "no. 3-1-1-25-05). The prosecutor's office (file no. 2004/1234) decided not to prosecute (decision "
     "no. 2004/567). See also Docket No. 19-1234 and No. 19-1301, Article 6 § 1, paragraph 45.",
     ["40593/04", "2-123/04", "3-1-1-25-05", "2004/1234", "2004/567", "19-1234", "19-1301"]),
]


@pytest.fixture(scope="module")
def sanitizer():
    from mechanisms.prmpt.sanitizer import Sanitizer

    s = Sanitizer()
    s.load()
    return s


KEYS = MasterKey.from_bytes(bytes(32)).user_keys("bench")


@pytest.mark.parametrize("text,values", ROUND_TRIPS)
def test_sanitized_and_restored(sanitizer, text: str, values: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for value in values:
        assert value not in out.text, (value, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", ["Please record 12 times and file 3 pages.", "In case 5 people come, call me.",
                                  "He reached No. 1 single twice.", "Version 3.11.2, Article 8, paragraph 45.",
                                  "See ECLI:EU:C:2019:123 at paragraph 12."])
def test_ordinary_text_unchanged(sanitizer, text: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert out.text == text


def test_a_bare_number_before_a_verb_is_kept_as_a_reference() -> None:
    assert found("case 48213 concerns the applicant") == ["48213"]
    assert found("claim 88123 remains open") == ["88123"]
    assert found("the file 1200 pages long; claim 500 dollars") == []


def test_a_list_after_a_number_word_takes_numbers_of_about_the_same_length() -> None:
    assert found("member no. 44120, no. 44121 and no. 4412") == ["44120", "44121", "4412"]
    assert found("Case No. 12345 and No. 10 Downing Street") == ["12345"]


# a case's citation in a law report: its number (or first page) is hidden, the year, volume, court and reporter stay
CITATIONS = [
    ("Neutral Citation Number: [2021] EWHC 2350 (Fam)", "2350", "[2021] EWHC "),
    ("See [2019] EWCA Civ 1234 at paragraph 12.", "1234", "[2019] EWCA Civ "),
    ("Fisher v The Queen [2010] HCA 45 concerned the directions given to the jury.", "45", "[2010] HCA "),
    ("[2017] UKSC 4", "4", "[2017] UKSC "),
    ("Donoghue v Stevenson [1932] AC 562", "562", "[1932] AC "),
    ("as held in [2004] 1 WLR 123 and [1990] 2 All ER 908", "908", "[1990] 2 All ER "),
    ("R v Smith (1999) 2 Cr App R 12", "12", "(1999) 2 Cr App R "),
    ("Mabo v Queensland (No 2) (1992) 175 CLR 1", "1", "(1992) 175 CLR "),
    ("See Dewan v. Doctor, 512 F.3d 456, 461 (9th Cir. 2008).", "456", "512 F.3d "),
    ("Roe v. Wade, 410 U.S. 113 (1973)", "113", "410 U.S. "),
    ("Id., 2019 WL 1234567, at *3", "1234567", "2019 WL "),
    ("R. v. Jordan, 2016 SCC 27, [2016] 1 S.C.R. 631", "27", "2016 SCC "),
    ("Smith v. Jones, 123 F. Supp. 2d 456 (S.D.N.Y. 2000)", "456", "123 F. Supp. 2d "),
]


@pytest.mark.parametrize("text, number, kept", CITATIONS)
def test_a_case_citation_number_is_hidden_and_restored(sanitizer, text: str, number: str, kept: str) -> None:
    from mechanisms.prmpt.entities.references import find_case_citations

    assert any(text[f.start:f.end].endswith(kept + number) for f in find_case_citations(text, "en"))
    out = sanitizer.sanitize(text, KEYS)
    at = out.text.index(kept) + len(kept)
    assert out.text[at:at + len(number)] != number, out.text
    assert out.text[at:at + len(number)].isdigit()
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "[2019] Annual Report 12", "In [2020] Q2 revenue rose", "Python [3.11] 2 times", "(2019) 3 apples",
    "ECLI:EU:C:2019:123", "Section 12 F.3 of the plan", "2019 BMW 320 for sale", "2021 SCCS 12",
    "Book [2019] ABC", "(2020) 12 months later", "[1999] 2 All", "He scored 512 F in the test",
])
def test_what_is_no_case_citation(text: str) -> None:
    from mechanisms.prmpt.entities.references import find_case_citations

    assert find_case_citations(text, "en") == []
