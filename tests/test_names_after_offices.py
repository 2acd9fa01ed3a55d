"""A full name that NER ran together with the office or the body before it, in Spanish news: found on the Spanish news
train split (CoNLL-2002 ``esp.train``), where the small Spanish pipeline reads "Audiencia Nacional Carlos Bueren" as a
place, "Consejo Superior de Deportes Emilio Butragueño" as an organisation and "El español Alexei Shirov" as a thing.
Every example below is made up.

- The full name that ends such an entity is a person where it opens with a listed given name, though its family name
  is a word of the language or a town ("Abel Matutes": "matutes" is a Spanish word; "Bueren", "Casagrande" are
  towns). Outside English, an entity that an article opens or of five capitalised words or more gives that name too
  (it gave nothing: "the Dow", "the Magna Carta" are named things).
- Never a name that opens with no listed given name there ("El presidente del Olympique Lyon", "The Washington
  Post"), nor a town of two words ("LA FRONTERA Addis Abeba").
- A town right before a name that opens with a listed given name is where the office is, not more of the name:
  "Ayuntamiento de Ferrol Román Cenalmor" went out as a stand-in for "Ferrol Román Cenalmor", and "Ferrol" was then
  replaced as a person wherever the text named the town.
- Outside English, a word the everyday list holds in Title case after a listed given name, the two set off by a comma
  after them, is the family name: "Juan Claro, presidente de Telefónica" went out as a stand-in and "Claro" (NER read
  the name whole; the edge rule took "Claro" for the English lists' everyday word).
- A single family name before a verb of what a person says of others or asks of them ("Rajoy pidió", "Musa
  criticó"): the Spanish verbs of speech had only "dijo", "afirmó" and their like, and a family name
  that is a word ("Musa", "Camino") was read as nothing. A country, a town or a body does as much, so never a known
  place no list holds as a name ("Canadá criticó", so "Narbona criticó" stays unread), a word after a capitalised
  word or "de" ("la Casa Blanca criticó", "el Servicio de Hematología propuso"), after an article ("El Gobierno
  pidió"), nor an adverb ("Subsidiariamente pide").
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("names-after-offices")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, values", [
    ("Así lo hizo el ex ministro de Asuntos Exteriores Abel Matorrales al expresar su preocupación.",
     ["Abel", "Matorrales"]),
    ("Según las fuentes, el ex juez de la Audiencia Nacional Carlos Bermeo, que ejerce como abogado, acudió ayer.",
     ["Carlos", "Bermeo"]),
    ("El diputado del Grupo Socialista Tomás Cantarranas criticó la adjudicación.", ["Tomás", "Cantarranas"]),
    ("Llegó al hotel junto al asesor del Consejo Superior de Deportes Emilio Garbajosa. El secretario de Estado habló "
     "después.", ["Emilio", "Garbajosa"]),
    ("Al no acudir a la entrega de trofeos Francesco Casalbordino, líder de la general, perderá el premio.",
     ["Francesco", "Casalbordino"]),  # (passed before)
    ("El español Alexei Shirokov es el nuevo líder del torneo de ajedrez.", ["Alexei", "Shirokov"]),  # (passed before)
])
def test_a_full_name_after_an_office_ner_ran_into_it_is_hidden(sanitizer: Sanitizer, text: str,
                                                               values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("El concejal del Ayuntamiento de Ferrol Román Cestelo recurrirá la suspensión. Ferrol, 23 may (EFE).", "Ferrol"),
    ("LA FRONTERA Addis Abeba, 23 may (EFE). - Etiopía cerró ayer el paso.", "Addis Abeba"),
    ("El Consejo Superior de Deportes presentó ayer el plan de ayudas.", "Consejo Superior de Deportes"),
    ("Los aficionados del Real Madrid Club de Fútbol celebraron el título en Cibeles.", "Real Madrid Club de Fútbol"),
    ("Los diarios The Washington Post y El País publicaron ayer la noticia.", "Washington Post"),
])
def test_a_town_a_club_or_a_body_before_or_instead_of_a_name_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


def test_the_name_after_the_town_is_still_hidden(sanitizer: Sanitizer) -> None:
    check_hidden(sanitizer, KEYS, "El concejal del Ayuntamiento de Ferrol Román Cestelo recurrirá la suspensión.",
                 ["Román", "Cestelo"])


@pytest.mark.parametrize("text, values", [
    ("Juan Claro, presidente de la compañía, señaló que la operación se cerrará en junio.", ["Juan", "Claro"]),
    ("El consejero de Comercio, Manuel Amigo, firmó ayer el acuerdo con los bancos.", ["Manuel", "Amigo"]),
    ("La portavoz, Lucía Seguro, no quiso hacer declaraciones.", ["Lucía", "Seguro"]),
    ("Según el director, Pablo Fuerte, las obras terminarán en mayo.", ["Pablo", "Fuerte"]),
])
def test_a_family_name_that_is_an_everyday_word_set_off_by_a_comma(sanitizer: Sanitizer, text: str,
                                                                   values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)  # (all but the first passed before)


@pytest.mark.parametrize("text, kept", [
    ("Hablé con Juan. Claro, mañana lo vemos.", "Claro, mañana"),
    ("Gracias María. Seguro, nos vemos el lunes.", "Seguro, nos"),
    ("La versión de Paulette A; luego la dirigió otro.", "A;"),  # (an OCR's stray letter, found by the measure)
])
def test_an_everyday_word_opening_the_next_sentence_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text, values", [
    ("Asimismo, Cantera criticó el retraso de las obras.", ["Cantera"]),
    ("Por otro lado, Musa criticó al primer ministro.", ["Musa"]),
    ("Ese día, Martina propuso un acuerdo.", ["Martina"]),
    ("Ese día, Camino propuso un acuerdo.", ["Camino"]),
    ("Ayer, Salinas elogió al equipo.", ["Salinas"]),
    ("Según fuentes del partido, Carrasco cree que la oferta es pobre.", ["Carrasco"]),  # (passed before)
    ("Tras la reunión, Cordero pidió el apoyo de todos los grupos.", ["Cordero"]),  # (passed before)
])
def test_a_family_name_before_a_verb_of_what_a_person_says_of_others(sanitizer: Sanitizer, text: str,
                                                                     values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("El Gobierno pidió calma a los vecinos.", "Gobierno"),
    ("Madrid criticó la decisión del comité.", "Madrid"),
    ("La empresa lamentó el retraso.", "La empresa lamentó"),
    # (found by the measure on the Spanish news and clinical files)
    ("Canadá criticó la decisión.", "Canadá"),
    ("El portavoz de la Casa Blanca criticó la decisión.", "Casa Blanca"),
    ("El Servicio de Hematología propuso la realización de estudios.", "Hematología"),
    ("Subsidiariamente pide dos años de cárcel.", "Subsidiariamente"),
])
def test_a_body_or_a_town_before_such_a_verb_stays(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


@pytest.mark.parametrize("text", ["Más tarde Musa criticó al primer ministro.", "Fue allí donde Musa criticó el plan.",
                                  "Desde el lunes, Musa critica el plan."])
def test_a_word_ending_in_de_is_not_the_particle(text: str) -> None:
    from mechanisms.prmpt.entities.titled_names import find_speakers

    assert [text[f.start:f.end] for f in find_speakers(text, "es")] == ["Musa"]  # (the first version read "tarde"
    # and "donde" as "de")


SET_BK = ("Según las fuentes, el ex juez de la Audiencia Nacional Carlos Bermeo acudió ayer con el diputado del Grupo "
          "Socialista Tomás Cantarranas y el ex ministro de Asuntos Exteriores Abel Matorrales. Ayer, Salinas elogió al "
          "equipo.")
SET_BK_SECRETS = ("Bermeo", "Cantarranas", "Matorrales", "Carlos", "Tomás", "Abel", "Salinas")


def test_set_bk_names_after_offices_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BK, SET_BK_SECRETS)


@pytest.mark.parametrize("text, values", [
    ("El presidente egipcio, Anuar Gambit, y el rey de Marruecos mantuvieron hoy una reunión.", ["Anuar", "Gambit"]),
    ("El ministro israelí, Shlomo Sabre, visitó ayer El Cairo.", ["Shlomo", "Sabre"]),
    ("El presidente del Grupo Popular en el Ayuntamiento de Barcelona, Ignasi Tabard, ha acusado al alcalde.",
     ["Ignasi", "Tabard"]),
    ("La portavoz del grupo municipal socialista en la Diputación de Lugo, Uxía Teixeiro, pidió explicaciones.",
     ["Uxía", "Teixeiro"]),  # (passed before)
    ("The prime minister himself, Rishi Sunderam, said so.", ["Rishi", "Sunderam"]),  # (passed before)
])
def test_an_office_with_its_country_or_a_long_whose_then_the_name_set_off(sanitizer: Sanitizer, text: str,
                                                                         values: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, values)


@pytest.mark.parametrize("text, kept", [
    ("El embajador de Chile, Santiago, dijo que no.", "Santiago"),
    ("El entrenador del equipo, Real Madrid, dijo que no.", "Real Madrid"),
    ("El presidente del consejo de administración de la empresa, Telefónica, dijo que no.", "Telefónica"),
])
def test_a_capital_a_club_or_a_company_set_off_after_an_office_stays(sanitizer: Sanitizer, text: str,
                                                                      kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)
