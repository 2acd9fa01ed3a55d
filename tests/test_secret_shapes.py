"""Secrets told the way people tell them: a password in a sentence, a password on a command line, a PIN or a card's
security code after its name. Each made-up case must leave no secret in the sanitized text and restore exactly; the
negative cases (words after "password", flags that take no password, numbers after other words) must stay as
written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("secret-shapes")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


def check(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


# A password told in a sentence, quoted or with a digit, a symbol or a capital inside
@pytest.mark.parametrize("text, secrets", [
    ("my password is Summer2024! can you check if it's strong?", ["Summer2024"]),
    ("The wifi password is 'BlueOcean#77'.", ["BlueOcean#77"]),
    ("the password for the router is Tr0ub4dor, please don't share it", ["Tr0ub4dor"]),
    ("My gmail password was hunter42 until yesterday.", ["hunter42"]),
    ("Our VPN passphrase is \"lazy fox jumps\" for now.", ["lazy fox jumps"]),
    ("mot de passe : Chat!2024", ["Chat!2024"]),  # (found before, as a key and its value)
    ("mi contraseña es Perro_77", ["Perro_77"]),
    ("wachtwoord is Fiets88", ["Fiets88"]),
    # German and Italian verbs of saying what it is (went out verbatim at 36134ac but for one)
    ("Dein neues Passwort lautet Kx7!pQ2z.", ["Kx7!pQ2z"]),
    ("Das Kennwort heißt Sonne#2024, bitte ändern.", ["Sonne#2024"]),
    ("Ihr Kennwort lautet 'Berg-See-77'.", ["Berg-See-77"]),
    ("La tua password è Gatto#2024, cambiala presto.", ["Gatto#2024"]),  # (passed before)
    ("Mein Passwort lautet herbst2023!", ["herbst2023"]),
    ("Il mio passcode è 7719XQ per la cassaforte.", ["7719XQ"]),
])
def test_a_password_in_a_sentence(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "the password is wrong",
    "Password is Required",
    "password is WRONG again",
    "password is min. 8 characters",
    "The password is OK.",
    "password is ${DB_PASS}",
])
def test_words_after_password_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A password on a command line
@pytest.mark.parametrize("text, secrets", [
    ("curl -u admin:Sup3rS3cret! https://10.0.0.12/api", ["Sup3rS3cret"]),
    ("curl --user deploy:Tr0ub4dor&3 https://api.example.com", ["Tr0ub4dor"]),
    ("mysql -u root -pS3cretPassw0rd -h db.local", ["S3cretPassw0rd"]),
    ("sshpass -p 'Hunter2!x' ssh ops@build-01", ["Hunter2!x"]),
    ("redis-cli -h cache -a Rd!s3cr3tPw", ["Rd!s3cr3tPw"]),
    ("docker login -u bob -p Dk8#pLm2qZ registry.local", ["Dk8#pLm2qZ"]),
    ("./manage.py createuser --admin-password=Vx7!kq2Lm", ["Vx7!kq2Lm"]),  # (found before, as a key and its value)
    ("smbclient //srv/share -U alice%W1nter!", ["W1nter"]),
])
def test_a_password_on_a_command_line(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "git push -u origin main",
    "docker run -u 1000:1000 img",
    "mysql -u root -p -h db",
    "mysql --port=3306 -u root",
    "tool --bypass foo",
    "docker login -u bob --password-stdin",
    "curl -u $USER:$PASS https://x",
])
def test_flags_that_take_no_password_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# A PIN, a card's security code, a door's code, a one-time code after its name
@pytest.mark.parametrize("text, secrets", [
    ("Use PIN 4821 to unlock the door.", ["4821"]),
    ("My PIN is 9302.", ["9302"]),
    ("CVV 123 exp 04/27", ["123"]),
    ("security code is 456", ["456"]),
    ("door code: 7391#", ["7391"]),
    ("the alarm code is 2580", ["2580"]),
    ("The safe combination is 12-34-56.", ["12-34-56"]),
    ("Your verification code is 482913.", ["482913"]),
])
def test_a_code_after_its_name(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "Use pin 13 on the Arduino",
    "a combination of 3 drugs",
    "Section 1234 of the Civil Code",
    "enter the code 123456 we sent",
    "Error code 404 again",
])
def test_numbers_after_other_words_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# The same secrets through every surface
SET_AP = ("my password is Summer2024! and the door code: 7391#. "
          "Run: curl -u admin:Sup3rS3cret! https://api.internal/x; mysql -u root -pS3cretPassw0rd")
SET_AP_SECRETS = ("Summer2024", "7391", "Sup3rS3cret", "S3cretPassw0rd")


def test_set_ap_secrets_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AP, SET_AP_SECRETS)
