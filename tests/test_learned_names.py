"""The learned PERSON finder (a CRF trained by ``make train-ner``) and the hashtag names finder: names the
rules miss (a surname alone, unlisted names, hyphenated names of any origin), titles kept out of the
name, places and everyday words left alone, and the training data kept apart from what is measured.
Every example is made up; none is a string of the development data."""

from __future__ import annotations

import re
from importlib import resources

import pytest

import mechanisms.prmpt.annotator as annotator
import mechanisms.prmpt.entities.learned_names as learned
from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.entities.learned_names import LearnedNames, features, labels, tokens
from mechanisms.prmpt.entities.name_words import english_words
from mechanisms.prmpt.entities.titled_names import find_hashtag_names
from mechanisms.prmpt.sanitizer import Sanitizer

KEYS = MasterKey.from_bytes(bytes(range(32))).user_keys("learned")
_WORD = re.compile(r"[^\W\d_]{3,}")


@pytest.fixture(scope="module")
def english():  # noqa: ANN201
    return english_words(PrmptConfig().model_for("en"))


@pytest.fixture(scope="module")
def finder(english) -> LearnedNames:  # noqa: ANN001
    return LearnedNames(english)


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    s = Sanitizer(PrmptConfig())
    s.load()
    return s


def _found(finder: LearnedNames, text: str, lang: str = "en") -> list[str]:
    return [text[f.start:f.end] for f in finder(text, lang)]


def test_the_model_ships_inside_the_package_and_is_small() -> None:
    model = resources.files("mechanisms.prmpt").joinpath("data", learned.MODEL_FILE)
    notice = resources.files("mechanisms.prmpt").joinpath("data", "person_crf_v2.NOTICE")
    assert model.is_file() and 100_000 < len(model.read_bytes()) < 5_000_000
    assert "CC BY 4.0" in notice.read_text("utf-8")


# Names that the rules alone leave in the text (each fails with the learned finder switched off)
@pytest.mark.parametrize("text, values", [
    ("After the hearing Mabury walked out alone.", ["Mabury"]),
    ("Asked about the delay, Vasquez-Oyelaran shrugged.", ["Vasquez-Oyelaran"]),
    ("Brennagh and Caoilfhionn arrived at the party late.", ["Caoilfhionn"]),
    ("A statement from Tresilian's office followed.", ["Tresilian"]),
    ("In the end Haldorsen-Kvist signed the contract.", ["Haldorsen-Kvist"]),
])
def test_names_the_rules_miss(sanitizer: Sanitizer, text: str, values: list[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    def leaked() -> list[str]:
        out = sanitizer.sanitize(text, KEYS)
        assert sanitizer.desanitize(out.text, out.mapping) == text
        return [w for v in values for w in [v, *_WORD.findall(v)] if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", out.text)]

    assert leaked() == []
    monkeypatch.setattr(learned, "MIN_PROBABILITY", 1.01)  # the learned finder off: the rules alone
    # and NER's other entities read as they are (their second reading as names finds some of these too)
    monkeypatch.setattr(annotator, "_names_in_other_entities", lambda *args, **kwargs: [])
    assert leaked() != []


def test_an_unlisted_hyphenated_name_opening_a_clause_is_hidden(sanitizer: Sanitizer) -> None:
    text = "Clerk's note: Varnava-Ionescu objected."
    out = sanitizer.sanitize(text, KEYS)
    assert "Varnava" not in out.text and "Ionescu" not in out.text
    assert sanitizer.desanitize(out.text, out.mapping) == text


def test_a_title_before_the_name_stays_as_written(finder: LearnedNames) -> None:
    assert _found(finder, "Coach Ambrose praised the defence.") in ([], ["Ambrose"])
    found = _found(finder, "Le sieur Durandeau, cultivateur, a été condamné.", "fr")
    assert all("sieur" not in f for f in found)


@pytest.mark.parametrize("text", [
    "The train from Leeds to York was late again this morning.",
    "We bought a Toyota and a Samsung TV at the Walmart in Denver.",
    "The Court notes that the Government did not reply to the letter of 3 March.",
    "Please review the Q3 budget and the Jira tickets before Monday.",
    "Les maisons fermées de la rue ont été vendues aux enchères.",
    "El Ayuntamiento aprobó el presupuesto en marzo.",
])
def test_places_products_and_everyday_words_are_not_names(finder: LearnedNames, text: str) -> None:
    assert _found(finder, text, "fr" if "maisons" in text else "es" if "Ayuntamiento" in text else "en") == []


def test_lower_case_names_only_in_english_and_only_when_listed(finder: LearnedNames) -> None:
    assert _found(finder, "hey tomasz r u coming tonight? bring the charger") == ["tomasz"]
    assert _found(finder, "hey tomasz r u coming tonight? bring the charger", "fr") == []


@pytest.mark.parametrize("text, value", [
    ("so proud of #TeamKatarina tonight", "TeamKatarina"),
    ("vote #VoteMarisolNow!!", "VoteMarisolNow"),
    ("#IsabellaForMayor 2027", "IsabellaForMayor"),
    ("watching #ValentinaLive again", "ValentinaLive"),
    ("happy birthday #Rosalind", "Rosalind"),
])
def test_hashtags_that_name_a_person(english, text: str, value: str) -> None:  # noqa: ANN001
    assert [text[f.start:f.end] for f in find_hashtag_names(text, "en", english)] == [value]


@pytest.mark.parametrize("text", ["#MondayMotivation", "#NewYork", "#BlackFriday", "#GoodMorning", "#Brexit"])
def test_hashtags_without_a_name(english, text: str) -> None:  # noqa: ANN001
    assert find_hashtag_names(text, "en", english) == []


def test_features_and_labels_line_up(english) -> None:  # noqa: ANN001
    text = "Dear Mr O'Neil, call @jdoe today."
    toks, feats = features(text, english)
    assert [t[2] for t in toks] == ["Dear", "Mr", "O'Neil", ",", "call", "@jdoe", "today", "."]
    assert len(feats) == len(toks) and feats[2]["w"] == "o'neil" and feats[5]["at"] == 1.0
    assert labels(tokens("Ana Lima and Bo"), [(0, 8), (13, 15)]) == ["B", "I", "O", "B"]


def test_training_never_reads_what_is_measured() -> None:
    from bench import external, train_ner

    assert all(".train." in name for name in train_ner.TRAIN_FILES)
    assert not set(train_ner.TRAIN_FILES) & set(external.FILES)
    assert train_ner.generated(20, seed=3) == train_ner.generated(20, seed=3)  # seeded: rebuilt the same


# The attack: the shapes this work finds, in a system prompt, a user message and a tool result of each
# surface, through a recording upstream: nothing arrives verbatim and the answer comes back as written.
ATTACK = ("Asked about the delay, Vasquez-Oyelaran said nothing. We met Yerlan Zhaksybekov at the airport; "
          "vote #IsabellaForMayor. Ship to Kerkstraat 12, 1017 GL Amsterdam; my postcode is 4051. "
          "Ingresó en mayo de 2006.")
SECRETS = ("Vasquez-Oyelaran", "Oyelaran", "Zhaksybekov", "Yerlan", "IsabellaForMayor", "Kerkstraat 12", "1017 GL",
           "4051", "mayo de 2006")
RESTORED = ATTACK.rsplit(" Ingresó", 1)[0]  # the date is noised (Category II), and stays noised by default


def test_the_new_shapes_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    import json

    import anthropic
    import openai

    veil = veil_factory(mode="prmpt")
    chat = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-1", max_retries=0)
    resp = chat.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": ATTACK},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function",
                                                               "function": {"name": "note", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": ATTACK},
        {"role": "user", "content": ATTACK}])
    sent = json.dumps(upstream.last.body, ensure_ascii=False)
    assert [s for s in SECRETS if s in sent] == []
    assert RESTORED in (resp.choices[0].message.content or "")
    claude = anthropic.Anthropic(base_url=veil.url, api_key="sk-user-1", max_retries=0)
    msg = claude.messages.create(model="claude-x", max_tokens=64, system=ATTACK,
                                 messages=[{"role": "user", "content": ATTACK}])
    sent = json.dumps(upstream.last.body, ensure_ascii=False)
    assert [s for s in SECRETS if s in sent] == []
    assert RESTORED in "".join(b.text for b in msg.content if b.type == "text")
