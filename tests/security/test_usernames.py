"""User names (ASVS V5.1, UTS #39): validated whole, NFKC-normalised, unique without regard to case,
width or look-alike characters, and free of invisible characters. Logging in accepts any spelling of
the name that canonicalises to the account.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, inspect, text

from server.config import Settings
from server.names import canonical_name
from server.store.migrate import upgrade
from tests.conftest import LiveServer, reset_postgres

PASSWORD = "correct horse 1"


def _register(live: LiveServer, name: str) -> httpx.Response:
    return httpx.post(f"{live.url}/api/auth/register", json={"username": name, "password": PASSWORD})


def _login(live: LiveServer, name: str) -> httpx.Response:
    return httpx.post(f"{live.url}/api/auth/login", json={"username": name, "password": PASSWORD})


def _base() -> str:
    return "usr" + uuid.uuid4().hex[:8]


@pytest.mark.parametrize("suffix", ["\n", "\r\n", "\t", " ", "\x00", "\u200b", "\u2028"],
                         ids=["newline", "crlf", "tab", "space", "nul", "zwsp", "line-separator"])
def test_a_name_is_matched_whole(live: LiveServer, suffix: str) -> None:
    """``"name\\n"`` registered because ``$`` matches before a final newline."""
    r = _register(live, _base() + suffix)
    assert r.status_code == 422 and r.json()["reason"], r.text


@pytest.mark.parametrize("name", [
    "ab\u200bcd", "ab\u200ccd", "ab\u200dcd", "ab\u2060cd", "ab\ufeffcd",  # zero-width, word joiner, BOM
    "ab\u202ecd", "ab\u202dcd", "ab\u2066cd", "ab\u200fcd", "ab\u061ccd",  # bidi overrides, isolates, marks
    "ab\u00adcd", "ab\x7fcd", "ab\x1bcd", "ab\u0085cd",  # soft hyphen, DEL, ESC, NEL
    "ab cd", "ab\u3000cd", "ab\u00a0cd",  # spaces (U+3000 folds to a space)
    "ab\u0301cd", "e\u0338\u0338\u0338x",  # combining marks left after NFKC
    "p\u0430ypal", "\u0440\u0430\u0443\u0440\u0430l", "ad\u043cin", "\u03bfbama",  # Cyrillic and Greek look-alikes
    "ab\U000e0041cd", "ab\ue000cd",  # tag character, private use
], ids=ascii)
def test_invisible_and_confusable_characters_are_refused(live: LiveServer, name: str) -> None:
    r = _register(live, name)
    assert r.status_code == 422, (name, r.text)
    reason = r.json()["reason"]
    assert "U+" in reason or "letters" in reason, reason
    assert "\u202e" not in reason and "\x1b" not in reason  # the reason never echoes the character


def test_a_name_differs_from_another_by_more_than_case_or_width(live: LiveServer) -> None:
    name = _base()
    assert _register(live, name).status_code == 201
    for other in (name.upper(), name.capitalize(), name.swapcase(),
                  "".join(chr(ord(c) + 0xFEE0) for c in name),  # fullwidth: ｕ１２...
                  name.upper().replace("U", "\uff35")):
        r = _register(live, other)
        assert r.status_code == 409 and "taken" in r.json()["reason"], (other, r.text)


@pytest.mark.parametrize("spelling", [str.upper, str.capitalize,
                                      lambda n: "".join(chr(ord(c) + 0xFEE0) for c in n),
                                      lambda n: n + "\n", lambda n: " " + n.upper() + " "],
                         ids=["upper", "capitalized", "fullwidth", "newline", "spaces"])
def test_login_accepts_any_spelling_of_the_name(live: LiveServer, spelling: object) -> None:
    name = _base()
    made = _register(live, name).json()
    assert callable(spelling)
    r = _login(live, spelling(name))
    assert r.status_code == 200, r.text
    assert r.json() == made  # the same account, named as it registered


def test_japanese_names_remain_possible(live: LiveServer) -> None:
    tag = uuid.uuid4().hex[:4]
    for name, stored in [(f"田中たろう{tag}", f"田中たろう{tag}"), (f"ｼﾏﾀﾞ{tag}", f"シマダ{tag}"),  # halfwidth kana
                         (f"佐々木{tag}", f"佐々木{tag}"), (f"ヶ丘ー{tag}", f"ヶ丘ー{tag}"),
                         (f"カ\u3099キ{tag}", f"ガキ{tag}"),  # kana + combining voiced mark: composed by NFKC
                         (f"Ｔａｒｏ_{tag}", f"Taro_{tag}"), (f"島田{tag}", f"島田{tag}")]:
        r = _register(live, name)
        assert r.status_code == 201, (name, r.text)
        assert r.json()["username"] == stored, (name, r.json())
        assert _login(live, stored).status_code == 200


def test_kana_and_kanji_look_alikes_are_one_name(live: LiveServer) -> None:
    """UTS #39 confusables inside the allowed repertoire: katakana カ and the kanji 力, ロ and 口, ー and 一,
    hiragana へ and katakana ヘ are one name."""
    tag = uuid.uuid4().hex[:4]
    for first, second in [("カロ" + tag, "力口" + tag), ("ーへ" + tag, "一ヘ" + tag), ("エ二" + tag, "工ニ" + tag)]:
        assert _register(live, first).status_code == 201
        r = _register(live, second)
        assert r.status_code == 409, (second, r.text)
        assert _login(live, second).status_code == 200


def test_the_canonical_form() -> None:
    assert canonical_name("Name") == canonical_name("NAME") == canonical_name("ｎａｍｅ") == "name"
    assert canonical_name("name\n") == canonical_name("na\u200bme") == "name"
    assert canonical_name("ｼﾏﾀﾞ") == canonical_name("シマダ")
    assert canonical_name("カ") == canonical_name("力")
    assert canonical_name("name") != canonical_name("nane")


def test_the_migration_backfills_canonical_names(database: str, tmp_path: Path) -> None:
    """0005 on a database made by 0002 with the names the old rule let in: the oldest account of a
    name keeps it for every spelling; a younger duplicate still logs in by its own exact spelling."""
    url = Settings(database_url=database).sqlalchemy_url
    if database.startswith("postgres"):
        reset_postgres(database)
    else:
        url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0002")
    engine = create_engine(url)
    names = ["Bob", "bob", "BOB", "carol\n", "carol", "dave"]
    with engine.begin() as conn:
        for name in names:
            conn.execute(text("INSERT INTO users (username, password_hash) VALUES (:n, 'x')"), {"n": name})
    upgrade(url)
    assert any(ix["unique"] and ix["column_names"] == ["canonical"] for ix in inspect(engine).get_indexes("users")) \
        or any(u["column_names"] == ["canonical"] for u in inspect(engine).get_unique_constraints("users"))
    with engine.connect() as conn:
        rows = dict(conn.execute(text("SELECT username, canonical FROM users ORDER BY id")).all())
    engine.dispose()
    assert rows["Bob"] == "bob" and rows["carol\n"] == "carol" and rows["dave"] == "dave"
    # younger duplicates: a canonical form no name can produce ('#' is refused in names)
    assert rows["bob"].startswith("bob#") and rows["BOB"].startswith("bob#") and rows["carol"].startswith("carol#")
    assert len(set(rows.values())) == len(names)


def test_a_younger_duplicate_logs_in_by_its_exact_name(serve: Callable[..., LiveServer], database: str) -> None:
    """After the backfill, an account whose name differed only in case from an older one is not locked
    out: its exact spelling logs it in; any other spelling goes to the oldest."""
    from server.accounts import Accounts
    from server.store.db import make_engine, make_sessionmaker

    live = serve()
    name = _base()
    old = _register(live, name).json()
    engine = make_engine(Settings(database_url=database).sqlalchemy_url)
    sessions = make_sessionmaker(engine)
    accounts = Accounts(sessions, time_cost=1, memory_cost=8192)
    with sessions.begin() as db:  # as the migration leaves a pre-0005 duplicate
        db.execute(text("INSERT INTO users (username, canonical, password_hash) VALUES (:u, :c, :h)"),
                   {"u": name.upper(), "c": f"{name}#dup", "h": accounts.hasher.hash(PASSWORD)})
    engine.dispose()
    young = _login(live, name.upper())
    assert young.status_code == 200 and young.json()["username"] == name.upper() and young.json() != old
    assert _login(live, name.capitalize()).json() == old
    assert _register(live, name.upper()).status_code == 409


def test_every_spelling_counts_against_the_account(serve: Callable[..., LiveServer]) -> None:
    """The failed-login limit is kept per canonical name: another spelling is no way around it."""
    live = serve(login_account_limit=3, login_ip_limit=100)
    name = _base()
    assert _register(live, name).status_code == 201
    for spelling in (name.upper(), "".join(chr(ord(c) + 0xFEE0) for c in name), name + "\u200b"):
        r = httpx.post(f"{live.url}/api/auth/login", json={"username": spelling, "password": "wrong password 9"})
        assert r.status_code == 401, r.text
    r = _login(live, name)
    assert r.status_code == 429 and "for this account" in r.json()["reason"], r.text
