"""Account names where a machine writes them, in the logs, tracebacks and terminal output people paste: a home
directory, a log's "user=" field, an SSH daemon's line, a shell prompt, an ssh target, a record's "user" key, a
form's "Username:" in any case; the names a record's keys hold ("first", "lname", "First Name") and a name joined by
a point or an underscore ("TODO(kwabena.mensah)"). Each made-up case must leave no account name in the sanitized text
and restore exactly; the accounts every machine has ("root", "ubuntu", "Public"), placeholders, attributes and calls
("self.data", "np.array") stay as written.
"""

from __future__ import annotations

import pytest

from mechanisms.prmpt.sanitizer import Sanitizer
from shape_checks import check_hidden, loaded_sanitizer, user_keys

KEYS = user_keys("account-names")


@pytest.fixture(scope="module")
def sanitizer() -> Sanitizer:
    return loaded_sanitizer()


def check(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check_hidden(sanitizer, KEYS, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ('Traceback: File "/home/ravindra.pillai/project/app.py", line 12, in <module>', ["ravindra", "pillai"]),
    (r"PS C:\Users\MKowalczyk\Documents> python run.py", ["Kowalczyk"]),
    ("error: open /Users/sofia.albertsdottir/Library/Caches/x: permission denied", ["sofia", "albertsdottir"]),
    ("cd ~ravindra/src && make", ["ravindra"]),
    ("ModuleNotFoundError in C:\\Users\\oyelaran.t\\AppData\\Local\\app.py", ["oyelaran"]),
])
def test_an_account_in_a_home_directory(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("2024-05-02 10:14:33 INFO login ok user=kwasi.boateng ip=203.0.113.45", ["kwasi", "boateng"]),
    ("sshd[123]: Accepted password for tmalinowski from 10.0.0.8 port 5122", ["tmalinowski"]),
    ("sshd[88]: Failed password for invalid user oyelaranm from 10.0.0.9 port 22", ["oyelaranm"]),
    ("pam_unix(sshd:session): session opened for user hnakamura(uid=1001) by (uid=0)", ["hnakamura"]),
    ("ravi@ravi-ThinkPad:~/src$ python app.py", ["ravi"]),
    ("[jdoe@host01 ~]$ whoami", ["jdoe"]),
    ("ssh jkowalczyk@build-01.internal 'uptime'", ["jkowalczyk"]),
    ("rsync -avz ./site/ mbeaumont@web3:/var/www/", ["mbeaumont"]),
])
def test_an_account_in_a_log_or_a_terminal(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "/home/ubuntu/app/main.py",
    "/home/runner/work/repo/repo/setup.py",
    r"C:\Users\Public\Desktop",
    "/Users/Shared/file.txt",
    "root@server:~# ls",
    "[root@host01 ~]# id",
    "user=root uid=0",
    "cd ~/.config && ls",
    "cat /etc/passwd",
    "ls /home/$USER/bin",
])
def test_the_accounts_every_machine_has_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ('{"level":"info","msg":"login","user":"mfitzgerald","ip":"198.51.100.23"}', ["mfitzgerald"]),
    ('{"firstName": "Tariq", "lastName": "Haddad", "user": "thaddad"}', ["thaddad"]),
    ("{'account': 'ihalvorsen', 'plan': 'pro'}", ["ihalvorsen"]),
    ("Username: jdoe82", ["jdoe82"]),
    ("Login: m.kowalczyk\nPassword: (sent separately)", ["kowalczyk"]),
    ("USER NAME: halvorsen_i", ["halvorsen_i"]),
])
def test_an_account_under_a_key(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text, secrets", [
    ("my username is jdoe82 and I can't log in", ["jdoe82"]),
    ("Dein Benutzername ist max_huber88.", ["max_huber88"]),
    ("il nome utente è giulia.rossi, la password te la mando dopo", ["giulia.rossi"]),  # (passed before)
    ("Je gebruikersnaam is pieterdv en je wachtwoord volgt.", ["pieterdv"]),
    ("Seu nome de usuário é joao.silva.", ["joao.silva"]),
    ("Votre identifiant est mdupont75.", ["mdupont75"]),
    ("Tu usuario es lgarcia y no funciona.", ["lgarcia"]),
])
def test_an_account_told_in_a_sentence(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "my login is broken again",
    "your username is the same as before",
    "my username is root on that box",
    "the user id is unknown",
    "My login is Monday's problem.",
])
def test_words_after_an_account_cue_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text", [
    "User: can you help me with this?",
    '{"user": "root", "account": "default"}',
    '{"owner": "team-platform", "user": "guest"}',
    "Login: failed for user root",
    "Handle: with care",
])
def test_keys_that_hold_no_account_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ('{"first": "Ingeborg", "last": "Halvorsen"}', ["Ingeborg", "Halvorsen"]),
    ('{"fname": "Ngozi", "lname": "Eze"}', ["Ngozi", "Eze"]),
    ("person = {'first': 'Ngozi', 'last': 'Eze'}", ["Ngozi", "Eze"]),
    ("lname = 'Eze'", ["Eze"]),
    ("<fname>Ngozi</fname><lname>Eze</lname>", ["Ngozi", "Eze"]),
    ('f_name="Ngozi" l_name="Eze"', ["Ngozi", "Eze"]),
    ("First Name: Ingeborg\nLast Name: Eze", ["Ingeborg", "Eze"]),  # (passed before)
    ("forename: Tiago, surname: Eze", ["Tiago", "Eze"]),  # (passed before)
])
def test_a_name_under_a_first_or_last_key(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    '{"last": "2024-05-01", "first": true, "last": "Monday"}',
    "First: preheat the oven. Last: serve warm.",
    '{"first": "yes", "last": "no"}',
])
def test_first_and_last_of_anything_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


@pytest.mark.parametrize("text, secrets", [
    ("# TODO(kwabena.mensah): remove this hack before release", ["kwabena", "mensah"]),
    ("reviewed by john_smith yesterday", ["john_smith"]),  # (passed before)
    ('path = os.path.join(base, "ravindra.pillai")', ["ravindra", "pillai"]),
    ("Assigned to Kwabena.Mensah in the tracker", ["Kwabena", "Mensah"]),  # (passed before)
    ("// FIXME(ingrid_solvang): flaky on CI", ["ingrid", "solvang"]),
    ("approved-by: chidi.okafor", ["chidi", "okafor"]),
    ("-- 2024-03-01 updated by haruto.nakamura", ["haruto", "nakamura"]),
    ("copy report.pdf to the folder shared/marisol.quintanilla/", ["quintanilla"]),
])
def test_a_name_joined_by_a_point_or_an_underscore(sanitizer: Sanitizer, text: str, secrets: list[str]) -> None:
    check(sanitizer, text, secrets)


@pytest.mark.parametrize("text", [
    "import numpy as np; x = np.array([1]); df.head(); self.data = 1",
    "see mensah.com for the docs",
    "the max.min value; mark.down; rose.hill",
    "call user.name and os.path.join",
])
def test_attributes_calls_and_domains_stay(sanitizer: Sanitizer, text: str) -> None:
    assert sanitizer.sanitize(text, KEYS).text == text


# Accounts under keys, names under first and last keys, dotted names through every surface
SET_AS = ('{"user": "mfitzgerald", "fname": "Ngozi", "lname": "Eze"}\n'
          "# TODO(kwabena.mensah): remove before release\nUsername: halvorsen_i")
SET_AS_SECRETS = ("mfitzgerald", "Ngozi", "Eze", "kwabena", "mensah", "halvorsen")


def test_set_as_keyed_accounts_and_names_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AS, SET_AS_SECRETS)


# The same account names through every surface
SET_AQ = ('File "/home/ravindra.pillai/project/app.py", line 12\n'
          "sshd[88]: Failed password for invalid user oyelaranm from 10.0.0.9 port 22\n"
          "[jdoe@host01 ~]$ whoami")
SET_AQ_SECRETS = ("ravindra.pillai", "oyelaranm", "jdoe@")


def test_set_aq_accounts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AQ, SET_AQ_SECRETS)
