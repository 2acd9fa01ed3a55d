"""A chat log's speakers, their nicks in angle brackets opening the line ("<Zainab_K> anyone know?", "[10:32]
<Aigerim> hi all"): an account's name, as a handle is. Each made-up case must leave the nick out of the sanitized text
and restore exactly; HTML tags, a generic type and a lone placeholder opening a line stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, check_kept, loaded_sanitizer, user_keys

KEYS = user_keys("chat-log-nicks")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


@pytest.mark.parametrize("text, secrets", [
    ("<Zainab_K> anyone know how to fix this?\n<dev_tomasz> try restarting", ["Zainab", "tomasz"]),
    ("<Zainab_K> anyone know how to fix this?", ["Zainab"]),
    ("[10:32] <Aigerim> hi all\n[10:33] <Bolat> hey, did the build pass?", ["Aigerim", "Bolat"]),
])
def test_a_chat_logs_nicks(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, kept", [
    ("<div> Hello world </div>", "<div>"),
    ("<p> Some paragraph text\n<p> Another paragraph", "<p>"),
    ("<T> T get(Class<T> cls)", "<T>"),
    ("<name> please fill this in", "<name>"),
])
def test_tags_types_and_placeholders_stay(sanitizer: Sanitizer, text: str, kept: str) -> None:
    check_kept(sanitizer, KEYS, text, kept)


# a chat log, through every surface
SET_BZ = "[10:32] <Aigerim> hi all\n[10:33] <Bolat> hey, did the build pass?\n<Zainab_K> yes"
SET_BZ_SECRETS = ("Aigerim", "Bolat", "Zainab")


def test_set_bz_chat_log_nicks_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_BZ, SET_BZ_SECRETS)
