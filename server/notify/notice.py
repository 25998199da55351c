"""What a notification says: the fields it may carry and its texts in English and Japanese.

A notice carries the game's name, the players' names, the result, a deadline and a link, and
nothing else: never anything from the match's state. Every channel (the in-app list, e-mail,
webhooks) renders from these fields only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

KINDS = ("your_move", "opponent_joined", "match_finished", "time_running_out", "rematch_offered")
RESULTS = ("won", "lost", "draw")
LANGUAGES = ("en", "ja")


class DeliveryError(Exception):
    """A channel could not hand a notice over (SMTP refusal, network error, non-2xx answer...)."""


@dataclass(frozen=True)
class Notice:
    kind: str  # one of KINDS
    username: str  # the recipient
    match_id: str
    game_name: Mapping[str, str]  # {"en": "Battle of the Bulge", "ja": "バルジ大作戦"}
    opponent: str | None = None  # the other player's username
    result: str | None = None  # for match_finished: "won" | "lost" | "draw"
    deadline: datetime | None = None  # for time_running_out (aware UTC)
    url: str = ""  # absolute link to the match page

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown notice kind {self.kind!r}")
        if self.result is not None and self.result not in RESULTS:
            raise ValueError(f"unknown result {self.result!r}")


def _language(language: str) -> str:
    return language if language in LANGUAGES else "en"


def _game(notice: Notice, language: str) -> str:
    names = notice.game_name
    for key in (language, "en"):
        if names.get(key):
            return names[key]
    return next((name for name in names.values() if name), notice.match_id)


def _utc(when: datetime) -> datetime:
    """Aware UTC; a naive datetime (as SQLite hands back) is taken as UTC already."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _deadline(notice: Notice, language: str) -> str | None:
    if notice.deadline is None:
        return None
    when = _utc(notice.deadline)
    if language == "ja":
        return f"{when.year}年{when.month}月{when.day}日 {when:%H:%M}（UTC）"
    return f"{when:%Y-%m-%d %H:%M} UTC"


def _en(notice: Notice) -> tuple[str, str]:
    game = _game(notice, "en")
    who = notice.opponent or "Your opponent"  # usernames are shown as they are: never capitalised
    against = f" against {notice.opponent}" if notice.opponent else ""
    deadline = _deadline(notice, "en")
    if notice.kind == "your_move":
        subject = f"Your move: {game}{against}"
        body = f"It is your move in {game}{against}."
    elif notice.kind == "opponent_joined":
        subject = f"{who} joined your match of {game}"
        body = f"{who} has joined your match of {game}. The match can begin."
    elif notice.kind == "match_finished":
        if notice.result == "won":
            subject = f"You won: {game}{against}"
            body = f"The match of {game}{against} is over: you won. Congratulations!"
        elif notice.result == "lost":
            subject = f"You lost: {game}{against}"
            body = f"The match of {game}{against} is over: you lost."
        elif notice.result == "draw":
            subject = f"Draw: {game}{against}"
            body = f"The match of {game}{against} is over: it is a draw."
        else:
            subject = f"Match finished: {game}{against}"
            body = f"The match of {game}{against} is over."
    elif notice.kind == "time_running_out":
        subject = f"Time is running out: {game}{against}"
        body = f"Your time to move in {game}{against} is running out."
        if deadline:
            body += f" Please move before {deadline}."
    else:  # rematch_offered
        subject = f"Rematch offered: {game}"
        body = f"{who} offers you a rematch of {game}."
    if notice.url:
        body += f"\n\nOpen the match: {notice.url}"
    return subject, body + "\n"


def _ja(notice: Notice) -> tuple[str, str]:
    game = f"「{_game(notice, 'ja')}」"
    who = f"{notice.opponent}さん" if notice.opponent else "対戦相手"
    against = f"（{notice.opponent}さんとの対戦）" if notice.opponent else ""
    deadline = _deadline(notice, "ja")
    if notice.kind == "your_move":
        subject = f"あなたの手番です：{game}{against}"
        body = f"{game}{against}で、あなたの手番になりました。"
    elif notice.kind == "opponent_joined":
        subject = f"{who}が{game}の対戦に参加しました"
        body = f"{who}が{game}の対戦に参加しました。対戦を始められます。"
    elif notice.kind == "match_finished":
        if notice.result == "won":
            subject = f"勝利しました：{game}{against}"
            body = f"{game}{against}が終了しました。あなたの勝ちです。おめでとうございます！"
        elif notice.result == "lost":
            subject = f"敗北しました：{game}{against}"
            body = f"{game}{against}が終了しました。あなたの負けです。"
        elif notice.result == "draw":
            subject = f"引き分けでした：{game}{against}"
            body = f"{game}{against}が終了しました。引き分けです。"
        else:
            subject = f"対戦が終了しました：{game}{against}"
            body = f"{game}{against}が終了しました。"
    elif notice.kind == "time_running_out":
        subject = f"持ち時間が残りわずかです：{game}{against}"
        body = f"{game}{against}の持ち時間が残りわずかです。"
        if deadline:
            body += f"{deadline}までに手番を終えてください。"
    else:  # rematch_offered
        subject = f"再戦の申し込みが届きました：{game}"
        body = f"{who}から{game}の再戦の申し込みがありました。"
    if notice.url:
        body += f"\n\n対戦ページ：{notice.url}"
    return subject, body + "\n"


def render(notice: Notice, language: str) -> tuple[str, str]:
    """(subject, plain-text body) in "en" or "ja" (anything else -> en)."""
    return _ja(notice) if _language(language) == "ja" else _en(notice)


def to_json(notice: Notice) -> dict[str, Any]:
    """JSON-ready: kind, match_id, game, opponent, result, deadline (ISO), url, subject, text.

    ``game``, ``subject`` and ``text`` are ``{"en": ..., "ja": ...}``: the receiver picks its language.
    """
    texts = {language: render(notice, language) for language in LANGUAGES}
    return {
        "kind": notice.kind,
        "match_id": notice.match_id,
        "game": {language: _game(notice, language) for language in LANGUAGES},
        "opponent": notice.opponent,
        "result": notice.result,
        "deadline": _utc(notice.deadline).isoformat() if notice.deadline is not None else None,
        "url": notice.url,
        "subject": {language: subject for language, (subject, _) in texts.items()},
        "text": {language: text for language, (_, text) in texts.items()},
    }
