"""Notice texts in English and Japanese, and the exact fields a notice may carry."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest

from server.notify import KINDS, Notice, render, to_json

GAME = {"en": "Battle of the Bulge", "ja": "バルジ大作戦"}
URL = "https://counterplay.example/match/m-42"
DEADLINE = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)

# A phrase each kind must say, per language.
PHRASES = {
    ("your_move", "en"): "Your move",
    ("your_move", "ja"): "あなたの手番です",
    ("opponent_joined", "en"): "joined",
    ("opponent_joined", "ja"): "参加しました",
    ("match_finished", "en"): "You won",
    ("match_finished", "ja"): "勝利しました",
    ("time_running_out", "en"): "Time is running out",
    ("time_running_out", "ja"): "持ち時間が残りわずかです",
    ("rematch_offered", "en"): "Rematch offered",
    ("rematch_offered", "ja"): "再戦",
}


def notice(kind: str, **kw: object) -> Notice:
    fields: dict[str, object] = {
        "kind": kind,
        "username": "alice",
        "match_id": "m-42",
        "game_name": GAME,
        "opponent": "bob",
        "url": URL,
    }
    if kind == "match_finished":
        fields["result"] = "won"
    if kind == "time_running_out":
        fields["deadline"] = DEADLINE
    fields.update(kw)
    return Notice(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_render_every_kind(kind: str, language: str) -> None:
    subject, body = render(notice(kind), language)
    assert PHRASES[kind, language] in subject
    assert GAME[language] in subject + body
    assert "bob" in subject + body
    assert URL in body
    assert "\n" not in subject
    if language == "ja":
        assert GAME["en"] not in subject + body
        assert "Your" not in subject + body
    else:
        assert GAME["ja"] not in subject + body
        assert all(not ("\u3040" <= ch <= "\u30ff") for ch in subject + body)


@pytest.mark.parametrize("kind", KINDS)
def test_other_languages_fall_back_to_english(kind: str) -> None:
    assert render(notice(kind), "fr") == render(notice(kind), "en")
    assert render(notice(kind), "") == render(notice(kind), "en")


def test_match_finished_says_the_result() -> None:
    en = {result: render(notice("match_finished", result=result), "en")[0] for result in ("won", "lost", "draw")}
    assert en["won"].startswith("You won")
    assert en["lost"].startswith("You lost")
    assert en["draw"].startswith("Draw")
    ja = {result: render(notice("match_finished", result=result), "ja")[0] for result in ("won", "lost", "draw")}
    assert "勝利" in ja["won"]
    assert "敗北" in ja["lost"]
    assert "引き分け" in ja["draw"]
    assert len({*ja.values()}) == 3


def test_deadline_is_shown_in_utc() -> None:
    tokyo = DEADLINE.astimezone(timezone(timedelta(hours=9)))
    _, en = render(notice("time_running_out", deadline=tokyo), "en")
    _, ja = render(notice("time_running_out", deadline=tokyo), "ja")
    assert "2026-11-30 15:00 UTC" in en
    assert "2026年11月30日 15:00（UTC）" in ja
    # A naive datetime (as SQLite gives back) is taken as UTC.
    _, naive = render(notice("time_running_out", deadline=DEADLINE.replace(tzinfo=None)), "en")
    assert "2026-11-30 15:00 UTC" in naive


def test_without_opponent_or_link() -> None:
    subject, body = render(notice("opponent_joined", opponent=None, url=""), "en")
    assert subject == "Your opponent joined your match of Battle of the Bulge"
    assert "http" not in body
    subject, _ = render(notice("your_move", opponent=None), "ja")
    assert "None" not in subject
    assert subject == "あなたの手番です：「バルジ大作戦」"


def test_missing_japanese_game_name_falls_back_to_english() -> None:
    subject, _ = render(notice("your_move", game_name={"en": "Shimada"}), "ja")
    assert "Shimada" in subject


def test_unknown_kind_or_result_is_refused() -> None:
    with pytest.raises(ValueError):
        notice("board_state")
    with pytest.raises(ValueError):
        notice("match_finished", result="resigned")


def test_notice_has_only_the_listed_fields() -> None:
    # Canary: a notice must never grow a field that could carry the match's state.
    assert [f.name for f in dataclasses.fields(Notice)] == [
        "kind", "username", "match_id", "game_name", "opponent", "result", "deadline", "url",
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_to_json_has_exactly_the_listed_keys(kind: str) -> None:
    data = to_json(notice(kind))
    assert set(data) == {"kind", "match_id", "game", "opponent", "result", "deadline", "url", "subject", "text"}
    assert json.loads(json.dumps(data)) == data
    assert data["kind"] == kind
    assert data["match_id"] == "m-42"
    assert data["game"] == GAME
    assert data["opponent"] == "bob"
    assert data["url"] == URL
    assert "alice" not in json.dumps(data)  # the recipient is the channel's business, not the payload's
    for language in ("en", "ja"):
        assert (data["subject"][language], data["text"][language]) == render(notice(kind), language)


def test_to_json_values() -> None:
    data = to_json(notice("time_running_out"))
    assert data["deadline"] == "2026-11-30T15:00:00+00:00"
    tokyo = DEADLINE.astimezone(timezone(timedelta(hours=9)))
    assert to_json(notice("time_running_out", deadline=tokyo))["deadline"] == "2026-11-30T15:00:00+00:00"
    naive = DEADLINE.replace(tzinfo=None)
    assert to_json(notice("time_running_out", deadline=naive))["deadline"] == "2026-11-30T15:00:00+00:00"
    assert data["result"] is None
    finished = to_json(notice("match_finished", result="draw"))
    assert finished["result"] == "draw"
    assert finished["deadline"] is None
