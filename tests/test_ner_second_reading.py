"""NER's second reading: the small spaCy models call many unlisted names an organisation or a place
("... wrote to Vennick", "Le rapport de Quenneville"). Such an entity is read as a name when its words
are name-like and it is no known place; places, institutions, field labels, acronyms and compounds
stay as written. Every example is made up; none is a string of the development data."""

from __future__ import annotations

import re

import pytest

import mechanisms.prmpt.annotator as annotator
from attack import attack_every_surface
from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.entities.learned_names import LearnedNames, features
from mechanisms.prmpt.entities.name_words import language_words, place_names
from mechanisms.prmpt.sanitizer import Sanitizer

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("second-reading")


def _hidden_and_restored(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    """No word of ``names`` is left in the sanitized text, and restoring gives the text back."""
    out = sanitizer.sanitize(text, KEYS)
    for name in names:
        assert not re.search(rf"\b{name}\b", out.text), (name, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def _ents(sanitizer: Sanitizer, text: str) -> tuple[str, list[tuple[str, str]]]:
    ann = sanitizer.annotator
    lang = ann.languages.detect(text)
    ann._ensure_language(ann._engine, lang)
    return lang, [(e.text, e.label_) for e in ann._engine.nlp[lang](text).ents]


# (text, the name): the NER gives each name a label other than a person's
@pytest.mark.parametrize("text, name", [
    ("A letter from Vennick reached the governor in March.", "Vennick"),
    ("Yesterday Pelleworth signed the lease for the flat.", "Pelleworth"),
    ("The contract was drafted by Haverkamp in 2019.", "Haverkamp"),
    ("Notes from Oyelowo were attached to the file.", "Oyelowo"),
    ("The witness, Thorvaldsen, left the court early.", "Thorvaldsen"),
    ("Le rapport de Quenneville a été lu au conseil.", "Quenneville"),
    ("El informe de Arrieche fue presentado ayer.", "Arrieche"),
    ("El abogado de Ezcurdia no respondió.", "Ezcurdia"),
])
def test_a_name_the_ner_calls_a_place_or_an_organisation_is_hidden(sanitizer: Sanitizer, text: str,
                                                                    name: str) -> None:
    _lang, ents = _ents(sanitizer, text)
    assert any(value == name and label not in ("PERSON", "PER") for value, label in ents), ents
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, kept", [
    ("We flew from Lisbon to Toronto on Friday.", ["Lisbon", "Toronto"]),
    ("She studied at Oxford before moving to Nairobi.", ["Oxford", "Nairobi"]),
    ("The Kremlin and the Pentagon issued statements.", ["Kremlin", "Pentagon"]),
    ("Exploración física normal; la exploración neurológica también.", ["Exploración"]),
    ("Also, Steuer-ID 46 251 873 509 on file.", ["Steuer"]),
    ("DHCPACK to 7cb1.a96d.550b via eth0", ["DHCPACK"]),
    ("n° INSEE 269102B31947321", ["INSEE"]),
    ("Bonjour, je voudrais réserver une table.", ["Bonjour"]),
])
def test_places_institutions_words_and_acronyms_stay(sanitizer: Sanitizer, text: str, kept: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for word in kept:
        assert word in out.text, (word, out.text)


def test_the_second_reading_is_what_hides_them(sanitizer: Sanitizer, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the second reading off, some of these names go out verbatim: the test above measures it."""
    texts = ["A letter from Vennick reached the governor in March.", "Le rapport de Quenneville a été lu au conseil.",
             "The contract was drafted by Haverkamp in 2019."]
    monkeypatch.setattr(annotator, "_names_in_other_entities", lambda *args, **kwargs: [])
    leaked = [t for t, name in zip(texts, ("Vennick", "Quenneville", "Haverkamp"))
              if name in sanitizer.sanitize(t, KEYS).text]
    assert leaked


def test_place_names_and_vocabularies_are_shipped_and_read_offline() -> None:
    places = place_names()
    assert {"lisbon", "nairobi", "toronto", "madrid", "lyon"} <= places
    assert "vennick" not in places and len(places) > 100_000
    french = language_words(PrmptConfig().model_for("fr"))
    assert french.is_word("maisons") and not french.is_word("Quenneville")


def test_the_learned_finder_reads_the_ner_labels_and_works_without_them() -> None:
    text = "Notes from Oyelowo were attached."
    toks, with_ner = features(text, frozenset(), [(11, 18, "GPE")])
    _toks, without = features(text, frozenset(), None)
    at = [t[2] for t in toks].index("Oyelowo")
    assert with_ner[at]["ner"] == "LOC" and with_ner[at - 1]["1:ner"] == "LOC"
    assert "ner" not in without[at]
    finder = LearnedNames(frozenset())
    assert finder.reads_ner
    finder(text, "en", [(11, 18, "GPE")])  # both forms run
    finder(text, "en")


# ------------------------------------------------------------ a name alone after a comma or opening a sentence
@pytest.mark.parametrize("text, name", [
    ("Impassible, Vantrelle ébauche un geste vers la porte.", "Vantrelle"),
    ("Le soir venu, Morvanic rentra chez lui.", "Morvanic"),
    ("Aquella noche, Urquidea volvió a casa tarde.", "Urquidea"),
    ("Sin decir nada, Lizarbe salió de la sala.", "Lizarbe"),
    ("Furious, Tremayne left the room at once.", "Tremayne"),
])
def test_an_unlisted_name_alone_after_a_comma_is_hidden_in_every_language(sanitizer: Sanitizer, text: str,
                                                                          name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ------------------------------------------------------------ lists whose items are single names
@pytest.mark.parametrize("text, names", [
    ("Résultats: 617 Bordelin, 634 Burotte, 640 Davenoir, 652 Quéméner.",
     ["Bordelin", "Burotte", "Davenoir", "Quéméner"]),
    ("Present: Sattlow, Maumiller, Peter Newbrook, Gary Carvolth.", ["Sattlow", "Maumiller", "Newbrook", "Carvolth"]),
    ("Inscritos: 12 Arrazola, 15 Echeverri, 19 Goicoa, 22 Iturbe.", ["Arrazola", "Echeverri", "Goicoa", "Iturbe"]),
    ("Attendees: Kowalczyk, Anna Brzęczek, Tomasz Wróbelski, Ziółkowska.",
     ["Kowalczyk", "Brzęczek", "Wróbelski", "Ziółkowska"]),
    ("The witnesses were Hallworth, Dana Pellowe, Rick Ostaby and Mungerson.",
     ["Hallworth", "Pellowe", "Ostaby", "Mungerson"]),
])
def test_every_item_of_a_list_of_names_is_hidden_one_word_items_too(sanitizer: Sanitizer, text: str,
                                                                    names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert [n for n in names if n in out.text] == [], out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_a_list_of_places_or_words_is_not_completed_as_names(sanitizer: Sanitizer) -> None:
    text = "Flights: Lisbon, Toronto, Nairobi. Ingredients: Flour, Sugar, Butter."
    assert sanitizer.sanitize(text, KEYS).text == text


# ------------------------------------------------------------ what is around a name stays as written
@pytest.mark.parametrize("text, name, kept", [
    ("Kanye Westbrook's new album came out today.", "Westbrook", "'s new album"),
    ("The report praised Ingrid Halvorsen's work on the bridge.", "Halvorsen", "'s work"),
    ("We heard Tomas Oduya’s speech yesterday.", "Oduya", "’s speech"),
    ("Capitaine: c. Lacroixelle, allant de Brest.", "Lacroixelle", "c. "),
    ("Arrivé: cap. Kervadec, venant de Nantes.", "Kervadec", "cap. "),
])
def test_possessives_and_lower_case_abbreviations_stay_outside_the_name(sanitizer: Sanitizer, text: str,
                                                                        name: str, kept: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text and kept in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ------------------------------------------------------------ capitalised defined terms of contracts are words
@pytest.mark.parametrize("text", [
    "Bank will lend to Borrower and Borrower will repay Bank.",
    "The Lender may assign the Loan to any Affiliate of Lender.",
    "Such Equipment Advance shall be repaid by the Borrower.",
    "Notice to Guarantor shall be given in writing.",
    "Any Obligor may prepay the Advance at any time.",
])
def test_defined_terms_of_a_contract_are_not_names(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_surname_that_is_a_word_is_hidden_at_sentence_starts_once_the_text_uses_it_as_a_name(
        sanitizer: Sanitizer) -> None:
    text = "Ben Player won the final. Later that year, awarding Player the title was easy.\nPlayer retired in 2010."
    out = sanitizer.sanitize(text, KEYS)
    assert "Player" not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ------------------------------------------------------------ court judgments
@pytest.mark.parametrize("text, names", [
    ("The applicant, K., alleged that the police had ill-treated him. K. was questioned on 12 March.", ["K."]),
    ("LORD JUSTICE HARRINGTON: This is an appeal against the order of HHJ Whitcombe.", ["HARRINGTON", "Whitcombe"]),
    ("The matter was listed before DJ Pellingham and later before Recorder Astbury.", ["Pellingham", "Astbury"]),
    ("MRS OKWUOSA: I was not told about the hearing.", ["OKWUOSA"]),
    ("Master Quennell directed that the claim be struck out; Registrar Fenwicke agreed.", ["Quennell", "Fenwicke"]),
])
def test_judges_titles_and_initials_used_as_names_are_hidden(sanitizer: Sanitizer, text: str,
                                                             names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert [n for n in names if re.search(rf"(?<!\w){re.escape(n)}", out.text)] == [], out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_names_read_before_never_become_words_of_the_language(sanitizer: Sanitizer) -> None:
    """spaCy's string store grows with every text it reads; the vocabulary that tells words from names
    is taken when the pipeline loads, so a name sent earlier is still a name later."""
    ann = sanitizer.annotator
    ann._ensure_language(ann._engine, "es")
    for _ in range(3):
        ann._engine.nlp["es"]("El abogado de Ezcurdia y el informe de Arrieche.")  # the store now holds them
    ann._vocabularies.clear()  # and the vocabulary is read again
    out = sanitizer.sanitize("El informe de Arrieche fue presentado ayer.", KEYS)
    assert "Arrieche" not in out.text, out.text


@pytest.mark.parametrize("text, place", [
    ("The applicant was born on 3 March 1961 in Kraków.", "Kraków"),
    ("She has lived in Toulouse since the war.", "Toulouse"),
    ("Il habite à Lyon depuis 2010.", "Lyon"),
    ("Vive en Sevilla con su hermana.", "Sevilla"),
])
def test_a_known_place_after_a_preposition_of_place_is_no_name(sanitizer: Sanitizer, text: str, place: str) -> None:
    assert place in sanitizer.sanitize(text, KEYS).text


def test_a_person_named_like_a_place_is_still_a_name_after_to_or_from(sanitizer: Sanitizer) -> None:
    text = "I handed the keys to Jackson Okoro and a letter from Jackson Okoro arrived."
    assert "Okoro" not in sanitizer.sanitize(text, KEYS).text


# ------------------------------------------------------------ names a cue of their own announces
@pytest.mark.parametrize("text, names", [
    ("Can you check the invoice?\n\nThanks,\nYvaine", ["Yvaine"]),
    ("Please find the file attached.\n\nBest regards,\nDorika Pellweather\nSenior Analyst", ["Dorika", "Pellweather"]),
    ("Merci pour votre aide.\n\nCordialement,\nSolenne Brivault", ["Solenne", "Brivault"]),
    ("Write a birthday message for my daughter Amberly.", ["Amberly"]),
    ("Mi jefe Arrizabalaga no contesta.", ["Arrizabalaga"]),
    ("Il pousse Julien à voler leur patron, M. Kouillard. Il essuya un refus.", ["Kouillard"]),
    ("Maldonado, Kieran - Account 88231", ["Maldonado", "Kieran"]),
    ("Ford, Nathaniel - Account 88231", ["Nathaniel"]),
    ("Palombi, Goffredo | renewal due", ["Palombi", "Goffredo"]),
    ("da Mata, João Guilherme - client since 2019", ["Mata", "João", "Guilherme"]),
])
def test_names_after_a_closing_a_kinship_word_or_in_surname_first_lines_are_hidden(
        sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", out.text)] == [], out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "Paris, France - the trip was great.", "London, England", "Toledo, Ohio", "Total, Subtotal - Account 4",
    "Red, Green", "Monday, Tuesday", "Thanks,\nThe Support Team", "Best regards,\nCustomer Service",
])
def test_places_words_and_team_signatures_in_those_shapes_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, name", [
    ("hey jaylinne can u send me the report", "jaylinne"),
    ("thanks vellacourt, that fixed it", "vellacourt"),
    ("hi ottavine, are we still on for friday?", "ottavine"),
    ("cc morwenna on the next email pls", "morwenna"),
    ("thank you brisco for the ride", "brisco"),
])
def test_a_lower_case_name_after_a_greeting_is_hidden_in_english_chat(sanitizer: Sanitizer, text: str,
                                                                      name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "hey there, can u help", "thanks alot for the help", "hi everyone, quick update", "ask chatgpt about it",
    "ping localhost first", "hi folks", "thx again", "hello world program in rust", "mark the ticket done",
])
def test_chat_words_tools_and_greetings_alone_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# NER reads a person and the learned model agrees, but the word lists alone would drop the word: WordNet
# lists famous people as nouns ("Putin", "Hitler") and "Norman" is a place and an adjective too
@pytest.mark.parametrize("text, name", [
    ("Why would Putin sign that treaty now?", "Putin"),
    ("Honestly I never liked Hitler as a topic for a school essay.", "Hitler"),
    ("Norman is busy watching everything on the second screen.", "Norman"),
])
def test_a_name_both_readers_agree_on_is_hidden_whatever_the_word_lists_say(sanitizer: Sanitizer, text: str,
                                                                           name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# a listed family name that is also a town, opening a sentence where NER reads a person
@pytest.mark.parametrize("text, name", [
    ("Hayes, 12 March 1941 - 3 June 2002", "Hayes"),
    ("Castro also obtained papers from the archive.", "Castro"),
    ("Hastings won the sprint by a second.", "Hastings"),
])
def test_a_surname_that_is_also_a_town_opening_a_sentence_is_hidden(sanitizer: Sanitizer, text: str,
                                                                    name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_the_learned_model_keeps_no_text_after_a_request(sanitizer: Sanitizer) -> None:
    sanitizer.sanitize("Why would Putin sign that treaty now?", KEYS)
    learned = next(f for f in sanitizer.annotator._finders if isinstance(f, LearnedNames))
    assert getattr(learned._local, "last", None) is None
    assert not learned.agrees("Why would Putin sign that treaty now?", 10, 15)


@pytest.mark.parametrize("text, kept", [
    ("Ship it to 4410 Birch Road, Apt 3C, Austin, TX, by Friday.", "Austin"),
    ("Mark the ticket as done and close the sprint.", "Mark"),
    ("Rose et Marguerite sont des fleurs faciles à cultiver.", "Marguerite"),
])
def test_where_both_readers_agree_a_town_a_verb_or_a_flower_stays(sanitizer: Sanitizer, text: str,
                                                                  kept: str) -> None:
    spans = sanitizer.annotator.annotate(text)
    assert not any(s.entity_type == "PERSON" and text[s.start:s.end] == kept for s in spans), spans


# chat writes the family name in lower case after a capitalised given name
@pytest.mark.parametrize("text, surname", [
    ("honestly Dana okafor is the best teacher ever", "okafor"),
    ("did you see Priya ramaswamy's post last night", "ramaswamy"),
    ("my cousin Marek kowalczyk just got engaged!!", "kowalczyk"),
    ("cant believe Tomasz wierzbicki left the band", "wierzbicki"),
    ("ok so Olga petrenko called me back", "petrenko"),
])
def test_a_lower_case_family_name_after_a_given_name_is_hidden(sanitizer: Sanitizer, text: str,
                                                               surname: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert surname not in out.text.lower()
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, word", [
    ("Michael doesn't follow me back", "doesn"),
    ("why did James lol", "lol"),
    ("happy birthday Sarah hahahaha", "hahahaha"),
    ("Mark felt ill after lunch", "felt"),
    ("I honestly think Daniel won the raffle at the school fair", "won"),
])
def test_a_verb_or_chat_word_after_a_given_name_stays(sanitizer: Sanitizer, text: str, word: str) -> None:
    assert word in sanitizer.sanitize(text, KEYS).text


# a contract's notice and signature blocks: the value of "Name:" or "Attn.:" up to the next field
@pytest.mark.parametrize("text, name", [
    ("Harbour Trading Limited By: / s / Shi Jinrong Name: Shi Jinrong Title: Director", "Shi Jinrong"),
    ("Pacific Bond Holdings By: / s / Shi Dawei Name: Shi Dawei Title: President", "Shi Dawei"),
    ("Kowloon Freight Ltd. By: / s / Shi Meilin Name: Shi Meilin Title: Secretary", "Shi Meilin"),
    ("If to the Seller: Attn. : Long Bao Address: Rm. 3, 18 Harbour Road", "Long Bao"),
    ("If to the Buyer: Attn. : Long Ting Address: 22 Quarry Bay Street", "Long Ting"),
])
def test_a_name_field_before_the_next_field_is_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name.split()[1] not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, label", [
    ("If to the Seller: Attn. : Wu Kai Address: 22 Quarry Bay Street", "Attn"),
    ("Notices: Attn. : Ye Fei Facsimile: (212) 555-0100", "Attn"),
    ("Attention: Rastislav Kovac Facsimile: (312) 555-0199", "Facsimile"),
])
def test_field_labels_around_a_name_stay(sanitizer: Sanitizer, text: str, label: str) -> None:
    assert label in sanitizer.sanitize(text, KEYS).text


# a single surname doing what only a person does (life, court and body events), in news and judgments
@pytest.mark.parametrize("text, name", [
    ("Ortolani was born in Ancona and studied law in Bologna.", "Ortolani"),
    ("Vasquelle died in 1955, and the firm was run by his son.", "Vasquelle"),
    ("Drummelow later pleaded guilty to both counts.", "Drummelow"),
    ("Wolstenhame was sentenced to four years in prison.", "Wolstenhame"),
    ("Oyelaran was greatly influenced by her teachers.", "Oyelaran"),
    ("Brannigar shrugged and left the room.", "Brannigar"),
    ("Nakashima graduated from Kyoto in 1998.", "Nakashima"),
    ("Haldorsen resigned from the board in May.", "Haldorsen"),
    ("Quistorp nació en Sevilla en 1950.", "Quistorp"),
    ("Vantrelle est né à Lyon en 1890.", "Vantrelle"),
])
def test_a_surname_alone_doing_what_only_a_person_does_is_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# companies, programs, teams named after their town, and things after an article stay
@pytest.mark.parametrize("text, word", [
    ("Liverpool scored twice before half-time.", "Liverpool"),
    ("Python is known for its readability.", "Python"),
    ("Apple was founded in 1976.", "Apple"),
    ("The defendant was sentenced to four years.", "defendant"),
    ("The Bishop was born in 1950.", "Bishop"),
    ("Windows was installed on every machine.", "Windows"),
])
def test_companies_programs_teams_and_roles_before_those_verbs_stay(sanitizer: Sanitizer, text: str,
                                                                    word: str) -> None:
    assert word in sanitizer.sanitize(text, KEYS).text


# a rank is cut off the name it opens, whichever finder found it; "Don" before a name is the given name
@pytest.mark.parametrize("text, name, kept", [
    ("1st Lieutenant John J. Brody, 24 April 1952.", "John J. Brody", "Lieutenant"),
    ("Sergeant Amelia R. Kowalczyk, 3 May 1944.", "Amelia R. Kowalczyk", "Sergeant"),
    ("Guests include Gene Wolfe, Don Maitz and Art Widner.", "Don Maitz", None),
    ("The panel: Don Ferrante, Lia Ostrowski and Ben Arkwright.", "Don Ferrante", None),
])
def test_ranks_are_cut_off_names_and_don_is_a_given_name(sanitizer: Sanitizer, text: str, name: str,
                                                         kept: str | None) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for word in re.findall(r"[^\W\d_]{3,}", name):
        assert not re.search(rf"\b{word}\b", out.text), (word, out.text)
    if kept:
        assert kept in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# the person parties of a case name, in Title case and in capitals
@pytest.mark.parametrize("text, names", [
    ("CASE OF KOVALENKO AND OTHERS v. UKRAINE", ["KOVALENKO"]),
    ("R v Ashworth [2019] EWCA Crim 1122", ["Ashworth"]),
    ("In Drummelow v Rexholt Ltd the court held that the duty was owed.", ["Drummelow"]),
    ("See Donoghue v Stevenson [1932] AC 562 and Caparo Industries plc v Dickman.", ["Donoghue", "Stevenson", "Dickman"]),
    ("Secretary of State for the Home Department v Okonkwo-Bailey", ["Okonkwo", "Bailey"]),
    ("Regina v. Thistlewaite", ["Thistlewaite"]),
    ("The Queen v Pemberton", ["Pemberton"]),
    ("Roe v. Wade", ["Roe", "Wade"]),
])
def test_the_person_parties_of_a_case_name_are_hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for name in names:
        assert not re.search(rf"\b{name}\b", out.text), (name, out.text)
    assert sanitizer.desanitize(out.text, out.mapping) == text


# the other side of a case name leans on the first: opposite the Crown or the State a town's name is the accused,
# opposite a person a word that is a family name is the other person
@pytest.mark.parametrize("text, names", [
    ("Teixeira v The Queen [2015] HCA 3 concerned the directions given to the jury.", ["Teixeira"]),
    ("Manda v The Queen", ["Manda"]),
    ("R. v. Jordan, 2016 SCC 27", ["Jordan"]),
    ("As Lord Smith observed in Cole v Hall, the test is an objective one.", ["Cole", "Hall"]),
    ("In Brannigar v Little the court held otherwise.", ["Brannigar", "Little"]),
    ("State v Lisbon, decided in 1998", ["Lisbon"]),
])
def test_a_party_opposite_the_crown_or_a_person_is_hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


# states, the Crown, ministries, companies and places are parties too, and stay
@pytest.mark.parametrize("text, kept", [
    ("CASE OF KOVALENKO AND OTHERS v. UKRAINE", ["CASE OF", "AND OTHERS", "UKRAINE"]),
    ("Kowalczyk v. Poland, no. 41738/10", ["Poland"]),
    ("Regina v. Thistlewaite", ["Regina"]),
    ("In Drummelow v Rexholt Ltd the court held that the duty was owed.", ["Rexholt Ltd"]),
    ("Secretary of State for the Home Department v Okonkwo-Bailey", ["Secretary of State for the Home Department"]),
    ("Spain v France was a great match.", ["Spain v France"]),
    ("Version 2 V 3 of the plan.", ["Version 2 V 3"]),
    ("Kowalczyk v. Malta, no. 41738/10", ["Malta"]),
    ("Brannigar v. Poland", ["Poland"]),
    ("Liverpool v Wolves tonight", ["Liverpool v Wolves"]),
    ("Okonkwo v Secretary of State for the Home Department", ["Secretary of State for the Home Department"]),
])
def test_states_institutions_and_places_in_a_case_name_stay(sanitizer: Sanitizer, text: str, kept: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS).text
    for words in kept:
        assert words in out, (words, out)


# American opinions name their judges by surname before ", J." or ", JJ." (any word: "Little", "Banks", "Burns")
@pytest.mark.parametrize("text, names", [
    ("Burns, J., delivered the opinion of the Court, in which Banks and Little, JJ., joined.",
     ["Burns", "Banks", "Little"]),
    ("Räisänen, J., delivered the opinion of the Court, in which Mattila and Niskanen, JJ., joined.",
     ["Räisänen", "Mattila", "Niskanen"]),
    ("ROBERTS, C. J., delivered the opinion of the Court, in which THOMAS, ALITO, and BARRETT, JJ., joined.",
     ["ROBERTS", "THOMAS", "ALITO", "BARRETT"]),
    ("Brewer, J., dissenting.", ["Brewer"]),
    ("Okafor, C.J.:\nThe appeal is dismissed.", ["Okafor"]),
    ("Opinion by Whitcombe, P.J., with Dunmore and Fairley, JJ.", ["Whitcombe", "Dunmore", "Fairley"]),
])
def test_american_judges_before_their_title_are_hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


# a party's name alone on its line above its role, in a judgment's or a claim form's heading
@pytest.mark.parametrize("text, names", [
    ("Between:\nROBERT CROSS\nClaimant\n- and -\nSETH JACKSON\nDefendant", ["CROSS", "JACKSON", "ROBERT", "SETH"]),
    ("Between:\nZLATICA VÁSKA\nClaimant\n- and -\nLILIANA KUNDA\nDefendant", ["ZLATICA", "VÁSKA", "KUNDA"]),
    ("MR VASILICĂ ENE\nClaimant/Appellant", ["VASILICĂ", "ENE"]),
    ("(1) Marta Little\nFirst Respondent", ["Marta", "Little"]),
    ("GORDON BANKS\nAppellant\n-v-\nTHE QUEEN\nRespondent", ["GORDON", "BANKS"]),
])
def test_a_party_above_its_role_is_hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


# what is no judge and no party: a letter after a section word, an initial before a name, institutions above roles
@pytest.mark.parametrize("text, kept", [
    ("See Appendix, J.", "Appendix"),
    ("Toys, J. Crew and Gap were named.", "Toys"),
    ("THE QUEEN\nRespondent", "THE QUEEN"),
    ("LONDON BOROUGH OF HACKNEY\nRespondent", "LONDON BOROUGH OF HACKNEY"),
    ("SECRETARY OF STATE FOR THE HOME DEPARTMENT\nAppellant", "SECRETARY OF STATE FOR THE HOME DEPARTMENT"),
    ("ACME HOLDINGS LIMITED\nFirst Defendant", "ACME HOLDINGS LIMITED"),
    ("UNITED KINGDOM\nRespondent", "UNITED KINGDOM"),
])
def test_what_is_no_judge_and_no_party_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# English: a single unknown word opening a sentence, with a personal pronoun later in that sentence
@pytest.mark.parametrize("text, name", [
    ("Citrone is known for taking his time over decisions.", "Citrone"),
    ("Vasquelle began playing his first gigs when he was 16.", "Vasquelle"),
    ("Oyelaran kept her notes in a drawer.", "Oyelaran"),
    ("Brannigar told the panel that he had not seen the letter.", "Brannigar"),
    ("Wolstenhame moved the company to Leeds after his father retired.", "Wolstenhame"),
])
def test_a_word_opening_a_sentence_with_a_personal_pronoun_later_is_hidden(sanitizer: Sanitizer, text: str,
                                                                           name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, word", [
    ("Python makes her job easier.", "Python"),
    ("Thanks for your help, she said.", "Thanks"),
    ("Paris gave her a warm welcome.", "Paris"),
    ("Monday was her first day.", "Monday"),
    ("Apple released its new phone.", "Apple"),
])
def test_words_places_and_days_before_a_pronoun_stay(sanitizer: Sanitizer, text: str, word: str) -> None:
    assert word in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, name", [
    ("Lindqvist, who joined the firm in 2004, declined to comment.", "Lindqvist"),
    ("Haldorsen, whose brother was arrested, spoke to reporters.", "Haldorsen"),
    ("The board thanked Wolstenhame, who retired in May.", "Wolstenhame"),
    ("Oyelaran who chaired the panel was not available.", "Oyelaran"),
    ("Ask Brannigar, whom the court appointed, for the file.", "Brannigar"),
])
def test_a_single_name_before_who_or_whose_is_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, word", [
    ("Anyone who knows Python can help.", "Python"),
    ("The Beatles, who formed in Liverpool, split in 1970.", "Beatles"),
    ("Paris, who won the award, thanked her parents.", "Paris"),
    ("Everyone who came, Monday included, was thanked.", "Monday"),
    ("Teachers who strike lose pay.", "Teachers"),
])
def test_words_and_groups_before_who_stay(sanitizer: Sanitizer, text: str, word: str) -> None:
    assert word in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, name", [
    ("My name is krithika and I need help with a visa letter.", "krithika"),
    ("hi, my name is jaylen, can you help me", "jaylen"),
    ("Je m'appelle aurélie et j'habite à Lyon.", "aurélie"),
    ("Me llamo joaquín y vivo en Sevilla.", "joaquín"),
    ("Call me Ishaan, everyone does.", "Ishaan"),
    ("My name's Priyanka Raghunathan and I work at Acme.", "Raghunathan"),
])
def test_a_name_the_speaker_gives_is_hidden_in_any_case(sanitizer: Sanitizer, text: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert name not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, kept", [
    ("My name is not important here.", "not important"),
    ("my name is on the list", "on the list"),
    ("They call me crazy sometimes.", "crazy"),
    ("Call me tomorrow at 5.", "tomorrow"),
    ("The file name's length is 12.", "length"),
])
def test_words_after_those_cues_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert kept in sanitizer.sanitize(text, KEYS).text


# offices, institutions and letters after a name are no part of it
@pytest.mark.parametrize("text, kept, hidden", [
    ("In case T-123/19 the General Court held that the decision was void.", "General Court", None),
    ("She joined General Motors in 1990.", "General Motors", None),
    ("Before: His Honour Judge Trevelyan QC", "QC", "Trevelyan"),
    ("Ana Ruiz KC and Tom Hale MP signed the letter.", "KC", "Ruiz"),
    ("Judges Ganna Yudkivska, Faris Vehabović and Marialena Tsirli, Section Registrar, sat.", "Section Registrar",
     "Tsirli"),
])
def test_offices_institutions_and_postnominals_stay_as_written(sanitizer: Sanitizer, text: str, kept: str,
                                                               hidden: str | None) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert kept in out.text
    if hidden:
        assert hidden not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, name", [
    ("Ask Heather about the lease.", "Heather"),
    ("Remind Dietlind to sign the form.", "Dietlind"),
    ("Please ask Bill to call me.", "Bill"),
    ("Tell Mark the news.", "Mark"),
    ("Thanks. Can Oyelaran join us at 5?", "Oyelaran"),
    ("Congratulate Heather on the promotion.", "Heather"),
    ("Notify Dietlind when the parcel ships.", "Dietlind"),
    ("Apologize to Toralf for the delay.", "Toralf"),
    ("Write a birthday message for Oyelaran.", "Oyelaran"),
    ("Please reach out to Eugenia about the invoice.", "Eugenia"),
])
def test_a_given_name_after_an_imperative_or_auxiliary_is_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    out = sanitizer.sanitize(text, KEYS)
    assert not re.search(rf"\b{name}\b", out.text), out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text, word", [
    ("Can Python handle this?", "Python"),
    ("Ask Google about it.", "Google"),
    ("Did April end well?", "April"),
    ("Send Monday's report.", "Monday"),
    ("Let Me know.", "Me"),
    ("Congratulate Google on the launch.", "Google"),
    ("Write a message for Monday.", "Monday"),
    ("Welcome Back to the show.", "Back"),
    ("Visit Paris in spring.", "Paris"),
    ("Visit Florence before you go.", "Florence"),
])
def test_products_days_and_words_after_those_verbs_stay(sanitizer: Sanitizer, text: str, word: str) -> None:
    assert word in sanitizer.sanitize(text, KEYS).text


@pytest.mark.parametrize("text, names", [
    ("ask ottavio guidone about it", ["ottavio", "guidone"]),
    ("pls tell rafał romankiewicz the meeting moved", ["rafał", "romankiewicz"]),
    ("I'm Miłosz, nice to meet you!", ["Miłosz"]),
    ("Hi all, this is Toralf. Can you help?", ["Toralf"]),
    ("Please draft a reply to Martyn about the refund.", ["Martyn"]),
    ("Could you forward it to Eugenia before noon?", ["Eugenia"]),
])
def test_names_in_chat_requests_are_hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for name in names:
        assert name not in out.text, out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


@pytest.mark.parametrize("text", [
    "Please reply to All.", "Send it to Paris by Friday.", "I'm Happy, thanks.", "This is Python, not Java.",
    "It's Monday.", "ask google maps about it", "ping localhost again", "Talk to Sales about the discount.",
    "Forward it to Support.", "email support team about it",
])
def test_words_places_and_teams_in_those_requests_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ------------------------------------------------------------ the attack, through the proxy and a recording upstream
# this round's shapes (news and court names, case parties, chat requests, a zero-width space, a docket and a
# postcode where someone lives) in every field of chat, Messages and Responses: nothing arrives verbatim
ATTACK = ("Nakashima graduated from Kyoto in 1998. Citrone is known for taking his time. "
          "Lindqvist, who joined the firm in 2004, declined to comment. See Drummelow v Rexholt Ltd. "
          "1st Lieutenant John J. Brody, 24 April 1952. my name is krithika and I'm in 94107, can you help? "
          "Ask Heather about the lease, and draft a reply to Martyn. ask ottavio guidone about it. "
          "Edvard\u200bPetrussen signed Case No. 2:19-cv-04412-JMV.")
ATTACK_SECRETS = ("Nakashima", "Citrone", "Lindqvist", "Drummelow", "Brody", "krithika", "94107", "Heather",
                  "Martyn", "ottavio", "guidone", "Edvard", "Petrussen", "04412")


def test_this_rounds_names_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    attack_every_surface(veil_factory, upstream, ATTACK, ATTACK_SECRETS)


# set F's names: the person told or asked something mid-sentence, "X and I" / "me and X", a "Surname, Given" after
# the word for whom a record is about
@pytest.mark.parametrize("text, names", [
    ("Draft an email to her telling Ingrid that the meeting moved.", ["Ingrid"]),
    ("She asked Oyelaran to sign the lease.", ["Oyelaran"]),
    ("I already reminded Heather about the fee.", ["Heather"]),
    ("Arzu and I are moving to Baku next month.", ["Arzu"]),
    ("Last summer Blasa and I went hiking.", ["Blasa"]),
    ("It was just me and Toralf at the office.", ["Toralf"]),
    ("Summarize this note: Patient Umudlu, Namiq, seen on 12/03.", ["Umudlu", "Namiq"]),
    ("Client Ferreira, Ana; balance overdue", ["Ferreira", "Ana"]),
])
def test_set_f_name_cues(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


@pytest.mark.parametrize("text", [
    "Mom and I went home.", "We asked Google to remove it.", "Then Monday and I met.", "Patient Paris, France.",
    "The patient, however, was fine.", "Customer Service, Support Team",
    "You and I know it.",
])
def test_what_set_f_name_cues_leave_alone(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# set G's news and chat names: a sentence addressing a listed given name, one about what a listed given name is like,
# the particles of a family name opening a sentence, the subject after "said" with no "that", whose family or trial
@pytest.mark.parametrize("text, names", [
    ("Lauren you should have eye drops and flonase nasal spray", ["Lauren"]),
    ("Thanks for the tips. Ingrid, do you have more stories?", ["Ingrid"]),
    ("Ingrid is so talented.", ["Ingrid"]),
    ("van den Broek scored in the 89th minute.", ["van", "den", "Broek"]),
    ("The coach van der Berg said no.", ["van", "der", "Berg"]),
    ("dos Santos fue detenido ayer en Lisboa.", ["dos", "Santos"]),
    ("Witnesses said Whitney had left the bar shortly before midnight.", ["Whitney"]),
    ("The family of Dakshesh Rout has called for an independent inquiry.", ["Dakshesh", "Rout"]),
    ("the lawyers of Ilse Brandt said they would appeal", ["Ilse", "Brandt"]),
])
def test_set_g_name_cues(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


# Spanish news (set G): a name and the person's age, the person sources are close to, a listed family name opening a
# sentence before a verb in the past
@pytest.mark.parametrize("text, names", [
    ("Florencia Mardones, de 45 años, fue detenido el martes en Valencia.", ["Florencia", "Mardones"]),
    ("Ignacio Urquiaga, de 61 años, murió ayer en el hospital.", ["Ignacio", "Urquiaga"]),
    ("Según fuentes cercanas a Zubizarreta, la reunión se aplazó hasta el lunes.", ["Zubizarreta"]),
    ("Fuentes próximas a Etxeberria negaron ayer que hubiera un acuerdo.", ["Etxeberria"]),
    ("Benítez marcó el gol de la victoria en el minuto 90.", ["Benítez"]),
    ("Castellanos dimitió ayer tras la derrota del equipo.", ["Castellanos"]),
])
def test_spanish_news_names(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for name in names:
        assert not re.search(rf"\b{name}\b", out.text), (name, out.text)
    restored = sanitizer.desanitize(out.text, out.mapping)  # (an age is noised, not restored: the names are)
    assert all(name in restored for name in names), restored


# a family name that is a town too, before what only a person does, or after a speech verb
@pytest.mark.parametrize("text, names", [
    ("Tras su detención, Cárdenas confesó el crimen ante el juez.", ["Cárdenas"]),
    ("En su recurso, Cruz alega que no hubo dolo.", ["Cruz"]),
    ("Tras la derrota, Navarro dimitió como presidente del club.", ["Navarro"]),
    ('"Vamos a recurrir la sentencia", afirmó Manzanares.', ["Manzanares"]),
    ("Baeza negó ayer todas las acusaciones.", ["Baeza"]),
])
def test_a_family_name_that_is_a_town_before_a_persons_act(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


@pytest.mark.parametrize("text", ["Valencia marcó dos goles anoche en Mestalla.",
                                  "Tras la tormenta, Valencia permanece en alerta naranja.",
                                  "Madrid negó ayer las acusaciones del Gobierno.",
                                  "Madrid ganó el partido de anoche en el último minuto.",
                                  "Google anunció ayer un nuevo plan para sus empleados.",
                                  "Según fuentes cercanas a la Moncloa, la reunión se aplazó.",
                                  # an adverb opening a sentence before its verb, though "Hoy" and "Ayer" are listed
                                  # family names
                                  "Hoy llegó el nuevo director al hospital provincial.",
                                  "Ayer hablaron los dos ministros sobre la reforma laboral.",
                                  "Luego declaró ante el juez durante más de dos horas."])  # (passed before)
def test_what_spanish_news_cues_leave_alone(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# a couple: a given name and "and" before a full name, even a given name that is a word too
@pytest.mark.parametrize("text, names", [
    ("Luz y Adriana Ramírez se casaron en Sevilla en 2010.", ["Luz", "Adriana", "Ramírez"]),
    ("Rose and Tom Hale came to the hearing.", ["Rose", "Tom", "Hale"]),
    ("Anne et Pierre Dubois ont signé.", ["Anne", "Pierre", "Dubois"]),
    ("Grace and Oliver Lindqvist moved to Leeds.", ["Grace", "Oliver", "Lindqvist"]),
    ("We invited Mark and Julia Novak.", ["Mark", "Julia", "Novak"]),
])
def test_a_couple_before_a_full_name(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    _hidden_and_restored(sanitizer, text, names)


@pytest.mark.parametrize("text, kept", [("Bread and John Smith were on the list.", "Bread and "),
                                        ("Bricks and Julia Novak arrived.", "Bricks and ")])
def test_no_couple_without_a_given_name(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text.startswith(kept)


@pytest.mark.parametrize("text", [
    "Will you come? Hope you are well.", "Omg you craft better then me.", "Grace is so important.",
    "Victoria is the best state.", "He drove the van Monday.",
    "the death of Socrates", "the family of Apple products", "the release of Windows 11",
    "The Borrower shall pay; said Borrower shall also notify the bank of said Lender.",
])
def test_what_set_g_name_cues_leave_alone(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, kept", [("De Paimpol, le navire est parti hier.", "De "),
                                        ("La semaine dernière, Pierre est venu.", "La semaine"),
                                        ("Do Vanessa's family vlog next", "Do ")])
def test_short_particles_opening_a_sentence_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text.startswith(kept)


# the ninth session's court shapes (a judgment's heading, an American opinion, case names with the Crown and a word,
# citations in law reports) in every field of chat, Messages and Responses: nothing arrives verbatim
COURT_ATTACK = ("Neutral Citation Number: [2021] EWHC 2350 (Fam)\nBefore: THE HONOURABLE MR JUSTICE WIATRAK\n"
                "Between:\nROBERT CROSS\nClaimant\n- and -\nZLATICA VÁSKA\nDefendant\n"
                "Burns, J., delivered the opinion of the Court, in which Banks and Little, JJ., joined. "
                "Teixeira v The Queen [2018] HCA 15 and Cole v Hall, 512 F.3d 456, were distinguished.")
COURT_SECRETS = ("2350", "WIATRAK", "CROSS", "VÁSKA", "Burns", "Banks", "Little", "Teixeira", "HCA 15", "Hall",
                 "F.3d 456")


def test_this_rounds_court_shapes_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    attack_every_surface(veil_factory, upstream, COURT_ATTACK, COURT_SECRETS)


# the ninth session's news and record names (sets F and G) in every field of chat, Messages and Responses
NEWS_ATTACK = ("Witnesses said Whitney had left the bar. van den Broek scored late. Luz y Adriana Ramírez se casaron. "
               "The family of Dakshesh Rout has called for an inquiry. Summarize: Patient Umudlu, Namiq, seen on 12/03. "
               "Arzu and I are moving; Lauren you should call.")
NEWS_SECRETS = ("Whitney", "van den Broek", "Broek", "Luz", "Ramírez", "Dakshesh", "Rout", "Umudlu", "Namiq", "Arzu",
                "Lauren")


def test_this_rounds_news_and_record_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    attack_every_surface(veil_factory, upstream, NEWS_ATTACK, NEWS_SECRETS)
