"""Account names where a machine writes them, in the logs, tracebacks and terminal output people paste: a home
directory, a log's "user=" field, an SSH daemon's line, a shell prompt, an ssh target. Each made-up case must leave
no account name in the sanitized text and restore exactly; the accounts every machine has ("root", "ubuntu",
"Public") and placeholders stay as written.
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


# The same account names through every surface
SET_AQ = ('File "/home/ravindra.pillai/project/app.py", line 12\n'
          "sshd[88]: Failed password for invalid user oyelaranm from 10.0.0.9 port 22\n"
          "[jdoe@host01 ~]$ whoami")
SET_AQ_SECRETS = ("ravindra.pillai", "oyelaranm", "jdoe@")


def test_set_aq_accounts_never_reach_the_upstream(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    from attack import attack_every_surface

    attack_every_surface(veil_factory, upstream, SET_AQ, SET_AQ_SECRETS)
