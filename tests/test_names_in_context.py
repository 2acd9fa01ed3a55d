"""Names that their place in the sentence gives away (third round of the "real text" issue): a given name
that is also an English word inside a lower-case clause, a name opening a sentence or a clause before its
verb, a reflexive, an apposition, the person thanked, a lower-case hashtag; emails of tokenised text; and
the precision cases around them (greetings, clitics, titles alone, offices, nouns the name lists hold,
compounds, awards). 54 of these cases fail on c7d232b, the tree before this round; the others guard
precision or shapes another finder already caught."""

from __future__ import annotations

import re

import pytest

from attack import attack_every_surface
from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.sanitizer import Sanitizer

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("names-in-context")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def _hidden(sanitizer: Sanitizer, text: str, names: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for name in names:
        assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", out.text), out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


# ------------------------------------------------------------ a given name that is also a word, inside a clause
@pytest.mark.parametrize("text, name", [
    ("Hats off to Nick for keeping the project alive.", "Nick"),
    ("I like your videos a lot Tanner and I like your car", "Tanner"),
    ("we should invite Summer to the launch", "Summer"),
    ("Interesting how Ray wasn't there at all", "Ray"),
    ("we missed you so much, Amber, come back soon", "Amber"),
    ("is it true that Lily moved out?", "Lily"),
    ("honestly only Pat knows the password", "Pat"),
    ("so proud of Jay for finishing the marathon", "Jay"),
])
def test_a_given_name_that_is_a_word_is_hidden_inside_a_lower_case_clause(sanitizer: Sanitizer, text: str,
                                                                           name: str) -> None:
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text, word", [
    ("The Grace period ends on Friday.", "Grace"),          # opens a sentence after a determiner
    ("we issued an Amber Alert last night", "Amber"),        # before another capitalised word
    ("the tenant repaid the loan; the Loan is closed", "Loan"),  # the text writes it as a word too
    ("my friends flew in from Jordan yesterday", "Jordan"),  # a place after "from"
    ("payment is due this Summer", "Summer"),                # after a determiner
    ("I will Mark it as done", "Mark"),                      # (no listed given name follows a pronoun here)
])
def test_words_places_and_determined_nouns_in_title_case_stay(sanitizer: Sanitizer, text: str, word: str) -> None:
    assert word in sanitizer.sanitize(text, KEYS).text


# ------------------------------------------------------------ a listed name opening a sentence as its subject
@pytest.mark.parametrize("text, name", [
    ("Carter began playing his first professional gigs when he was nine.", "Carter"),   # NER: a person
    ("Hunter left the firm after his second year.", "Hunter"),
    ("Parker kept her notes in a blue folder.", "Parker"),
    ("Fisher sold his shares in March.", "Fisher"),
    ("Cooper opened the letter and read it to her sister.", "Cooper"),
    ("Okafor opened a bakery on the corner.", "Okafor"),                                # no pronoun: a verb
    ("Castellano painted the mural in two weeks.", "Castellano"),
])
def test_a_listed_name_opening_a_sentence_before_its_verb_is_hidden(sanitizer: Sanitizer, text: str,
                                                                     name: str) -> None:
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text", [
    "Mark his words, this will fail.", "Hope he is fine.", "Good for him, he deserves every penny.",
    "Pretty sure he is right about it.", "Hey guys, this is my channel.", "Bill them for the hours she spent.",
    "Idiot needs to be punched, he has no business here.", "Liverpool scored twice before he left.",
    "Apple was founded in 1976.",
])
def test_imperatives_adjectives_greetings_and_towns_there_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text", [
    "Its a beautiful day, if we're drinkin then I'm buying", "we've gotten so far", "they'll figure it out",
    "you'd never guess", "i'm tryin my best", "it won't matter",
])
def test_a_word_with_its_clitic_is_never_part_of_a_lower_case_name(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, names, titles", [
    ("Lord Justice Pemberton, with whom Lady Justice Achterberg agreed, held that the claim failed.",
     ["Pemberton", "Achterberg"], ["Lord Justice", "Lady Justice"]),
    ("Mr Justice Haddon-Cave gave judgment.", ["Haddon-Cave"], ["Mr Justice"]),
    ("Lady Hale gave the leading judgment.", ["Hale"], ["Lady"]),
])
def test_judges_titles_stay_as_written_and_only_the_name_is_hidden(sanitizer: Sanitizer, text: str,
                                                                    names: list[str], titles: list[str]) -> None:
    out = sanitizer.sanitize(text, KEYS)
    for title in titles:
        assert title in out.text, out.text
    _hidden(sanitizer, text, names)


# ------------------------------------------------------------ the person thanked or congratulated
# (the last two were hidden before by the learned finder: kept as guards of the cue's reach)
@pytest.mark.parametrize("text, name, cue", [
    ("Thank you Hendo for what you did", "Hendo", "Thank you"),
    ("RIP Mandisa", "Mandisa", "RIP"),
    ("Thanks Dlamini for the quick reply.", "Dlamini", "Thanks"),   # the greeting was hidden with the name
    ("Thanks Oluwaseun Bakare for the help", "Bakare", "Thanks"),
    ("Hey Jude, don't make it bad", "Jude", "Hey"),
    ("Much love Miccoli", "Miccoli", "Much love"),
    ("congrats Tebogo, well deserved", "Tebogo", "congrats"),
    ("Happy birthday Jiminie 🎉", "Jiminie", "Happy birthday"),
])
def test_the_person_thanked_or_congratulated_is_hidden(sanitizer: Sanitizer, text: str, name: str,
                                                         cue: str) -> None:
    _hidden(sanitizer, text, [name])
    assert sanitizer.sanitize(text, KEYS).text.startswith(cue)


@pytest.mark.parametrize("text", [
    "Thanks Python for making this easy.", "Thank you God for everything", "thanks Everyone!",
    "Good morning Vietnam!", "thank you London!", "Happy birthday Monday!",
])
def test_gods_crowds_places_and_tools_thanked_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, office, name", [
    ("La ministra de Sanidad, Carmen Villaescusa, anunció nuevas medidas.", "ministra de Sanidad", "Villaescusa"),
    ("El alcalde de Getafe, Ramiro Escartín, habló.", "alcalde de Getafe", "Escartín"),
    ("Le ministre de l'Intérieur, Gérald Moreau, a parlé.", "ministre de l'Intérieur", "Moreau"),
    ("La présidente de la Région, Odile Quenneville, a signé.", "présidente de la Région", "Quenneville"),
    ("El fiscal del Estado, Tomás Iribarren, recurrió.", "fiscal del Estado", "Iribarren"),
])
def test_an_office_and_its_domain_stay_and_the_holder_is_hidden(sanitizer: Sanitizer, text: str, office: str,
                                                                 name: str) -> None:
    assert office in sanitizer.sanitize(text, KEYS).text
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text, name", [
    ("Sr. de la Fuente llegó tarde.", "Fuente"), ("Monsieur de Villepin est arrivé.", "Villepin"),
])
def test_a_particle_after_an_honorific_is_still_part_of_the_name(sanitizer: Sanitizer, text: str, name: str) -> None:
    _hidden(sanitizer, text, [name])


# ------------------------------------------------------------ emails of tokenised text
@pytest.mark.parametrize("text, local", [
    ("Attn: Mr. Michael Moretti Fax: (212) 688 - 5994 Email: MMoretti @ svb. com with a copy to:", "MMoretti"),
    ("Email: DEphraim @ riemerlaw. com If to the Lender:", "DEphraim"),
    ("contact jvarga@ acme-mail. org for details", "jvarga"),
    ("write to hkowalski@ example. net today", "hkowalski"),
    ("Notices: ODlamini @ firm. co. za", "ODlamini"),
])
def test_an_email_with_spaces_around_its_at_and_dots_is_hidden_and_restored(sanitizer: Sanitizer, text: str,
                                                                              local: str) -> None:
    _hidden(sanitizer, text, [local])


@pytest.mark.parametrize("text", ["We meet at home. Then we go.", "look at example. com is not a site",
                                  "arrive at 5. 30 pm"])
def test_prose_with_at_and_a_spaced_dot_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_handle_before_a_full_stop_is_no_spaced_email(sanitizer: Sanitizer) -> None:
    out = sanitizer.sanitize("now playing on @BIKERfm. How'd you like it?", KEYS).text
    assert out.startswith("now playing on @") and out.endswith(". How'd you like it?"), out  # the handle alone


# ------------------------------------------------------------ more of what only a person is or does
@pytest.mark.parametrize("text, name", [
    ("Frazier himself was approaching retirement.", "Frazier"),
    ("Nobody expected Oyelaran herself to attend.", "Oyelaran"),
    ("The club was sold, leaving Citrone (who was suffering from insomnia) in need.", "Citrone"),
    ("May died in his hometown in 1984.", "May"),
    ("The two went at it, but Okafor connected first.", "Okafor"),
    ("When Castellano arrived, the hall was empty.", "Castellano"),
])
def test_a_reflexive_a_parenthesised_who_and_a_clause_subject_give_a_person_away(sanitizer: Sanitizer, text: str,
                                                                                 name: str) -> None:
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text", [
    "God himself knows.", "When Python runs, it is fast.", "In May we married.", "May 3 died down quickly.",
    "The storm passed, but London stayed calm.",
])
def test_gods_programs_months_and_towns_in_those_places_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, name", [
    ('The bassist said: "Jared and Shannon put it together."', "Jared"),
    ("It was Hayes and Ortolani who signed.", "Hayes"),
    ("send the draft to Miles and Oyelaran", "Miles"),
])
def test_a_given_name_is_no_dictionary_word_by_a_suffix_rule(sanitizer: Sanitizer, text: str, name: str) -> None:
    _hidden(sanitizer, text, [name])


def test_the_suffix_rule_still_makes_words_of_other_words() -> None:
    from mechanisms.prmpt.entities.name_words import english_words
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    english = english_words(PrmptConfig().model_for("en"))
    assert is_dictionary_word(english, "jarred") and is_dictionary_word(english, "tests")
    assert not is_dictionary_word(english, "Jared") and is_dictionary_word(english, "Grace")


@pytest.mark.parametrize("text, name", [
    ("For the first two years Player sold advertising for the magazine.", "Player"),
    ("A few years ago, Player pulled into a barrel that shut down on him.", "Player"),
    ("After the break Hunter scored again.", "Hunter"),
    ("by then Baker had left the firm", "Baker"),
    ("in the end Fisher was replaced", "Fisher"),
])
def test_a_listed_surname_inside_a_clause_before_a_past_verb_is_hidden(sanitizer: Sanitizer, text: str,
                                                                       name: str) -> None:
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text", [
    "Any surplus shall be paid to the Borrower or other Persons legally entitled thereto.",
    "In that case Bank may debit the account and Bank will notify the Borrower.",
    "the Bank approved the loan; later Bank approved a second one",
    "last year Green won the award",  # (not a listed surname here: an everyday word)
])
def test_defined_terms_and_modal_verbs_of_contracts_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ------------------------------------------------------------ a word and its apposition, a person's role
@pytest.mark.parametrize("text, name", [
    ("The band included Baron, Gigi's former guitarist.", "Baron"),
    ("Okafor, a 34-year-old teacher, was arrested on Monday.", "Okafor"),
    ("Ramos, the company's chief executive, resigned.", "Ramos"),
    ("We spoke to Lindqvist, the club's new striker, after training.", "Lindqvist"),
    ("Hale, his lawyer, declined to comment.", "Hale"),
])
def test_a_word_before_its_role_in_apposition_is_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text", [
    "Paris, the capital of France, is big.", "Apple, the company's biggest rival, fell.",
    "Toyota, the world's largest carmaker, said so.", "Python, the language's creator said, is readable.",
])
def test_places_and_companies_in_apposition_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# ------------------------------------------------------------ the attack, through the proxy and a recording upstream
# this round's shapes in every field of chat, Messages and Responses: nothing arrives verbatim, the echo comes back
ATTACK = ("Hats off to Nick for the launch. Hunter left the firm after his second year. Frazier himself "
          "signed. For two years Player sold advertising. Okafor, the club's new striker, was arrested. "
          "Thank you Hendo for what you did. Lady Justice Achterberg agreed. Email: MMoretti @ svb. com "
          "#mirandaprobs")
ATTACK_SECRETS = ("Nick", "Hunter", "Frazier", "Player", "Okafor", "Hendo", "Achterberg", "MMoretti", "svb. com",
                  "mirandaprobs")


def test_this_rounds_names_never_reach_the_upstream_on_any_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    attack_every_surface(veil_factory, upstream, ATTACK, ATTACK_SECRETS)


# ------------------------------------------------------------ lower-case nouns the name lists also hold
@pytest.mark.parametrize("text", [
    "On the ruins of the same temple a prayer house was built.", "you are my sunshine, follow me",
    "the baker in the old tale kept the grove", "that easter egg was fun",  # ("grover" is no dictionary word)
])
def test_a_lower_case_noun_that_is_also_a_listed_name_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, name", [
    ("Wait simon wears glasses????", "simon"), ("Was mason playing catcher the 3rd game", "mason"),
    ("Email: david. corre @ vringo. com", "david"),
])
def test_a_lower_case_name_that_does_something_is_still_hidden(sanitizer: Sanitizer, text: str, name: str) -> None:
    _hidden(sanitizer, text, [name])


@pytest.mark.parametrize("text", [
    "He was a consensus 1st Team All-American in 1970.", "He was named Co-Lineman of the Year in 1971.",
    "She won eight fights, six of them KO'd in the first round.", "He was voted Player of the Month twice.",
])
def test_compounds_awards_and_abbreviations_made_verbs_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


def test_a_name_before_a_clitic_is_still_hidden(sanitizer: Sanitizer) -> None:
    _hidden(sanitizer, "I'd say Nick'll come with Jorge Okafor.", ["Nick", "Okafor"])


@pytest.mark.parametrize("text, name", [("ask bart de boer about it", "bart"), ("hey maya can u send it", "maya")])
def test_a_lower_case_name_that_is_also_a_noun_is_hidden_after_a_cue(sanitizer: Sanitizer, text: str,
                                                                     name: str) -> None:
    _hidden(sanitizer, text, [name])


# ------------------------------------------------------------ a lower-case hashtag that opens with a given name
@pytest.mark.parametrize("text, tag", [
    ("I just want to tear my hair out #helpme #mirandaprobs", "mirandaprobs"),
    ("now! #askmeanything #oliviayay", "oliviayay"),
    ("Just saw #peterday trending in the UK", "peterday"),
    ("#MABF #annabelmusic 102", "annabelmusic"),
    ("so proud of her #harrietstory", "harrietstory"),
])
def test_a_lower_case_hashtag_opening_with_a_given_name_is_hidden(sanitizer: Sanitizer, text: str, tag: str) -> None:
    _hidden(sanitizer, text, [tag])


@pytest.mark.parametrize("text", ["#manufacturing leading growth", "ended playing #bettingdaysover",
                                  "#lovelife #markets #danceparty #nowplaying #throwbackthursday"])
def test_a_hashtag_a_word_opens_stays(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text
