"""What NER found in Spanish, French and Italian news that the rules after it dropped, found on the Spanish news train
split (CoNLL-2002 ``esp.train``: "Rajoy se refería", "Chávez se mostró", "Arantxa Sánchez Vicario disputarán" went out
verbatim or in part), and a place an office is of read as a person ("Der Bürgermeister von Kiel", "Il sindaco di
Bari", found by a blind probe of news sentences in other languages). Every example below is made up.

- One word NER reads as a person, opening a Spanish or French clause with a verb in the third person right after it
  ("se refería", "dio", "repasó", "a déclaré"), is a name though it is a known place ("Chávez", "Hoover") or the
  pipeline's store holds it; never a word the language's spelling dictionary holds that no name list does ("El
  Pontífice expresó": an office), an adverb ("Asímismo se pensó") or a place NER reads as a place.
- A family name the language also holds as a word, ending a full name NER read, stays in the name where the clause
  goes on after it ("Arantxa Sánchez Vicario disputarán", "..., Luis Soto Canal, se mostró"): the cut for a
  department NER ran into still holds where the department's particle follows ("Miguel Martínez Rodríguez Servicio
  de Urología").
- A known place after an office and "of", "von", "di", "de" is the office's place, never a person (it went out as a
  stand-in: "Der Bürgermeister antoinette Borunda"); a family name that is a place stays a name after a courtesy
  title ("Mr Reading").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("clause-subjects")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Chávez se mostró confiado en que el acuerdo llegará pronto.", ["Chávez"]),
    ("Chávez dio luz verde a sus agentes para una operación.", ["Chávez"]),
    ("Hoover dio luz verde a sus agentes para una operación.", ["Hoover"]),
    ("Hoover se refería así al anuncio de la Comisión.", ["Hoover"]),
    ("Lorca se refería así al anuncio de la Comisión.", ["Lorca"]),
    ("Con Barroso, Pimenta repasó la situación financiera de la empresa.", ["Pimenta"]),
])
def test_a_name_ner_read_before_a_verb_is_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("El Pontífice expresó su deseo de visitar el país.", "Pontífice"),
    ("Asímismo se pensó en el traumatismo costal.", "Asímismo"),
    ("Madrid anunció nuevas medidas contra la contaminación.", "Madrid"),
    ("Zamora se mostró confiado en que el acuerdo llegará pronto.", "Zamora"),  # (NER reads the town)
])  # (all passed before)
def test_an_office_an_adverb_or_a_place_before_a_verb_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, values", [
    ("Las tenistas Nuria Llagostera y Iñigo Sáez Vicario disputarán el próximo torneo.", ["Iñigo", "Sáez", "Vicario"]),
    ("Las tenistas Nuria Llagostera y Luis Soto Canal disputarán el próximo torneo.", ["Luis", "Soto", "Canal"]),
    ("Las españolas Marta Prieto y Ana Díaz Pinar disputarán el torneo.", ["Ana", "Díaz", "Pinar"]),
    ("Las españolas Marta Prieto y Pedro Gil Roble disputarán el torneo.", ["Pedro", "Gil", "Roble"]),
    ("Los ciclistas Abraham Olano y Elena Ruiz Monje competirán en la próxima vuelta.", ["Elena", "Ruiz", "Monje"]),
    ("Los ciclistas Abraham Olano y Marta Vela Cordón competirán en la próxima vuelta.", ["Marta", "Vela", "Cordón"]),
    ("El presidente de la Federación Socialista Asturiana, Luis Soto Canal, se mostró hoy escéptico.",
     ["Luis", "Soto", "Canal"]),
])
def test_a_second_family_name_that_is_a_word_stays_in_the_name(sanitizer: Sanitizer, text: str,
                                                               values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("Informe firmado por Miguel Martínez Rodríguez Servicio de Urología del hospital.", "Servicio de Urología"),
    ("Dr. Javier Azúa Romero Servicio de Anatomía Patológica", "Servicio de Anatomía"),
])  # (both passed before)
def test_a_department_after_a_name_is_still_cut_off(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, kept, values", [
    ("Der Bürgermeister von Kiel, Ulf Kämpfer-Jessen, eröffnete am Montag die neue Brücke.", "von Kiel",
     ["Ulf", "Kämpfer-Jessen"]),
    ("Il sindaco di Bari, Vito Leccese, ha presentato il nuovo piano.", "di Bari", ["Vito", "Leccese"]),
    ("Il sindaco di Trani, Marco Ferrante, ha presentato il nuovo piano.", "di Trani", ["Marco", "Ferrante"]),
    ("Der Bürgermeister von Marburg, Jens Albrecht, eröffnete die Brücke.", "von Marburg", ["Jens", "Albrecht"]),
    ("The mayor of Chester, Laura Whitcombe, opened the fair.", "of Chester", ["Laura", "Whitcombe"]),
    ("The mayor of Warren, Laura Whitcombe, opened the fair.", "of Warren", ["Laura", "Whitcombe"]),
    ("O prefeito de Recife, João Medeiros, inaugurou a ponte.", "de Recife", ["João", "Medeiros"]),
    ("O prefeito de Natal, João Medeiros, inaugurou a ponte.", "de Natal", ["João", "Medeiros"]),
    # (passed before)
    ("The mayor of Reading, Liz Terry, opened the fair on Saturday.", "of Reading", ["Liz", "Terry"]),
    ("El alcalde de Toledo, Carlos Velázquez, inauguró la feria.", "de Toledo", ["Carlos", "Velázquez"]),
    ("Die Oberbürgermeisterin von Dresden, Anke Wohlrabe, sprach am Abend.", "von Dresden", ["Anke", "Wohlrabe"]),
])
def test_the_place_an_office_is_of_stays_and_the_holder_is_hidden(sanitizer: Sanitizer, text: str, kept: str,
                                                                  values: list[str]) -> None:
    check_kept(sanitizer, KEYS, text, kept)
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, values", [
    ("Mr Reading and Mrs Bari came late to the hearing.", ["Reading", "Bari"]),
    # a family name with a capital particle after an office (found by the measure on the English news train split)
    ("- President Dos Santos proposed a new mission to the council.", ["Dos", "Santos"]),
    ("Ms Remedios Villar Puchero, Correo electrónico: rvp@example.com", ["Remedios", "Villar", "Puchero"]),
])
def test_a_family_name_that_is_a_place_is_still_hidden(sanitizer: Sanitizer, text: str, values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)  # (passed before)
