"""Geographic coordinates (GEO_COORDINATES): found after a cue word, with hemisphere letters or degree signs, as
degrees-minutes-seconds or under their own JSON keys; noised per coordinate by the metric LDP of ``mldp`` on a
0.001-degree grid and written as the original was. Pairs of decimals with no sign of a place stay as written.
"""

from __future__ import annotations

import math
import random
import re

import pytest

from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.entities.geo import find_coordinates, noise_coordinates
from mechanisms.prmpt.mldp import mechanism_probability
from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("geo-coordinates")
POLICY = PrmptConfig().policy("GEO_COORDINATES")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, value", [
    ("Meet me near 40.7128, -74.0060 at 5pm.", "40.7128, -74.0060"),
    ("GPS: 51.5074N 0.1278W", "51.5074N 0.1278W"),
    ("The pin is at 40°42'46.1\"N 74°00'21.6\"W.", "40°42'46.1\"N 74°00'21.6\"W"),
    ("my location is -33.8688,151.2093 right now", "-33.8688,151.2093"),
    ("coordonnées : 48.8584, 2.2945", "48.8584, 2.2945"),
    ("The cabin sits at 61.2181° N, 149.9003° W.", "61.2181° N, 149.9003° W"),
    ("lat/long 35.6762, 139.6503", "35.6762, 139.6503"),
    ("The pin is at 40.7128, -74.0060 near the pier.", "40.7128, -74.0060"),
])
def test_a_point_is_found_and_noised(sanitizer: Sanitizer, text: str, value: str) -> None:
    assert [text[f.start:f.end] for f in find_coordinates(text, "en")] == [value]
    out = sanitizer.sanitize(text, KEYS).text
    assert value not in out, out
    noised = out[text.index(value):len(out) - (len(text) - text.index(value) - len(value))]
    assert re.sub(r"\d", "0", noised) == re.sub(r"\d", "0", value), (value, noised)  # written as it was


def test_coordinates_under_their_keys(sanitizer: Sanitizer) -> None:
    text = '{"lat": 40.7128, "lng": -74.0060, "name": "home"}'
    out = sanitizer.sanitize(text, KEYS).text
    assert "40.7128" not in out and "74.0060" not in out and '"name": "home"' in out, out


@pytest.mark.parametrize("text, kept", [
    ("Scores: 0.912, 0.874 and 3.14159, 2.71828", "0.912, 0.874"),
    ("Version 1.2.3, 4.5.6 shipped", "1.2.3, 4.5.6"),
    ("Accuracy 98.12, 97.55 on the two splits", "98.12, 97.55"),
    ("The location of the bug: lines 12.5, 13.75 of the log", "12.5, 13.75"),  # one decimal place is no place
    ("GPS: 95.1234, 10.5678", "95.1234, 10.5678"),  # no latitude
    ("Set the sprite's position to 12.50, 40.25 on screen", "12.50, 40.25"),  # a weak cue, two decimals
    ("Meet me near 0.25, 0.75 of the board", "0.25, 0.75"),
])
def test_numbers_that_are_no_place_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


def test_the_noise_is_keyed_bounded_and_about_a_kilometre() -> None:
    moved = []
    for i in range(400):
        keys = MasterKey.from_bytes(bytes(32)).user_keys(f"user{i}")
        out = noise_coordinates("40.7128, -74.0060", POLICY, keys, "en")
        assert out is not None and out == noise_coordinates("40.7128, -74.0060", POLICY, keys, "en")
        lat, lon = (float(x) for x in out.split(", "))
        assert -90 <= lat <= 90 and -180 <= lon <= 180
        moved.append(abs(lat - 40.7128) / POLICY.unit)
    # the two-sided geometric law of mldp at eps 0.2 per step: mean |step| = 2a / (1 - a^2), a = exp(-eps / 2)
    a = math.exp(-POLICY.eps / 2)
    expected = 2 * a / (1 - a * a)
    mean = sum(moved) / len(moved)
    assert 0.75 * expected < mean < 1.25 * expected, (mean, expected)
    assert sum(m < 0.5 for m in moved) < 0.15 * len(moved)  # the point seldom stays in its cell


def test_one_step_changes_the_odds_by_at_most_exp_eps() -> None:
    lo, hi = -180_000, 180_000
    x = 40_713
    for y in random.Random(4).sample(range(x - 60, x + 60), 30):
        ratio = mechanism_probability(x, y, lo, hi, POLICY.eps) / mechanism_probability(x + 1, y, lo, hi, POLICY.eps)
        assert ratio <= math.exp(POLICY.eps) + 1e-12


def test_degrees_minutes_seconds_keep_their_precision_and_hemisphere() -> None:
    for i in range(50):
        keys = MasterKey.from_bytes(bytes(32)).user_keys(f"dms{i}")
        out = noise_coordinates("40°42'46.1\"N 74°00'21.6\"W", POLICY, keys, "en")
        assert out is not None
        m = re.fullmatch(r"(\d+)°(\d\d)'(\d\d\.\d)\"([NS]) (\d+)°(\d\d)'(\d\d\.\d)\"([EW])", out)
        assert m, out
        assert int(m.group(2)) < 60 and float(m.group(3)) < 60 and int(m.group(6)) < 60 and float(m.group(7)) < 60


def test_a_point_through_the_proxy_is_sent_noised_and_answered_noised(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    """A Category II value: the upstream never sees the point, and the answer keeps the noised one (noised values are
    not restored unless ``prmpt.restore_mldp_values`` is on); the name beside it is restored."""
    import json

    import anthropic
    import openai

    veil = veil_factory(mode="prmpt")
    text = 'Haldor Vik is at GPS: 40.7128, -74.0060; {"lat": 51.5074, "lng": -0.1278}; pin 40°42\'46.1"N 74°00\'21.6"W'
    chat = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-1", max_retries=0)
    claude = anthropic.Anthropic(base_url=veil.url, api_key="sk-user-1", max_retries=0)
    calls = [lambda: chat.chat.completions.create(model="gpt-4o-mini", messages=[
                 {"role": "system", "content": text}, {"role": "user", "content": text}]).choices[0].message.content,
             lambda: "".join(b.text for b in claude.messages.create(model="claude-x", max_tokens=64, system=text, messages=[
                 {"role": "user", "content": text}]).content if b.type == "text"),
             lambda: chat.responses.create(model="gpt-4o-mini", instructions=text, input=text).output_text]
    answers = []
    for call in calls:  # chat (system and user), Messages (system and user), Responses (instructions and input)
        answers.append(call())
        sent = json.dumps(upstream.last.body, ensure_ascii=False)
        for value in ("40.7128", "74.0060", "51.5074", "0.1278", "46.1", "21.6", "Haldor"):
            assert value not in sent, value
    for answer in answers:
        assert answer is not None and answer.startswith("echo: Haldor Vik is at GPS: ")
        assert "40.7128" not in answer and "51.5074" not in answer
