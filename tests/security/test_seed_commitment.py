"""The seed commitment cannot be turned back into the seed (shared DESIGN.md, "Seeds").

An attack of issue 10: a creator-fixed seed was committed to by its bare SHA-256, so the opponent
found the seed ``c0de`` from the commitment in 0.06 s, and with it the British set-up and every die.
Now the commitment is SHA-256 of a random 128-bit salt and the seed (both revealed when the match
ends), and a fixed seed has at least 16 bytes. Matches stored with the old bare commitment (no salt)
still verify.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import httpx
import pytest
from sqlalchemy import update

from server.cli import main as cli
from server.store.models import Match
from tests.conftest import LiveServer
from tests.support.client import Player
from tests.support.play import play_random_match


def brute_force(commitment: str, tail: bytes, bits: int = 16) -> bytes | None:
    """The attacker's search: every seed of ``bits`` unknown bits followed by ``tail``."""
    for n in range(1 << bits):
        guess = n.to_bytes(bits // 8, "big") + tail
        if hashlib.sha256(guess).hexdigest() == commitment:
            return guess
    return None


def test_a_short_fixed_seed_is_refused(live: LiveServer) -> None:
    """A seed of 2 bytes is found by trying them all (here, from the dice the opponent sees): refused."""
    a = Player(live.url).register()
    for short in ("c0de", "00" * 15):
        r = a.http.post("/api/matches", json={"game": "toy", "role": "north", "seed": short})
        assert r.status_code == 422, r.text
        assert "seed" in r.json()["reason"]  # the schema says 32 to 128 hex digits: 16 to 64 bytes
    assert a.http.get("/api/matches", params={"status": "mine"}).json() == []  # nothing was made
    assert a.create("toy", "north", seed="c0de" + "00" * 14)["seeded"]  # 16 bytes: accepted


def test_the_commitment_does_not_give_away_a_guessable_seed(live: LiveServer) -> None:
    """The creator fixes a 16-byte seed with only 16 unknown bits (``c0de`` and zeros). Against the
    commitment, the search over those 65,536 seeds finds nothing: the salt (128 random bits, secret
    until the end) is in the hash. Two matches with the same seed have different commitments."""
    a = Player(live.url).register()
    tail = bytes(14)
    m1 = a.create("toy", "north", seed="c0de" + tail.hex())
    m2 = a.create("toy", "north", seed="c0de" + tail.hex())
    assert m1["seed_commitment"] != m2["seed_commitment"]
    assert brute_force(m1["seed_commitment"], tail) is None
    assert hashlib.sha256(bytes.fromhex("c0de") + tail).hexdigest() != m1["seed_commitment"]


def _finished(live: LiveServer, seed: str | None = None) -> tuple[str, dict]:
    a, b = Player(live.url).register(), Player(live.url).register()
    mid = a.create("toy", "north", **({"seed": seed} if seed else {}))["id"]
    assert b.join(mid, "south").status_code == 200
    play_random_match(mid, [a, b], random.Random(1))
    return mid, httpx.get(f"{live.url}/api/matches/{mid}/replay").json()


def test_the_replay_reveals_the_salt_and_verifies(live: LiveServer, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """After the end: commitment = SHA-256(salt ‖ seed), the formula of docs/DESIGN.md, and
    ``counterplay verify`` checks it; a changed seed or salt fails."""
    mid, replay = _finished(live)
    summary = httpx.get(f"{live.url}/api/matches/{mid}").json()
    salt, seed = bytes.fromhex(replay["seed_salt"]), bytes.fromhex(replay["seed"])
    assert len(salt) == 16 and len(seed) == 32
    assert hashlib.sha256(salt + seed).hexdigest() == replay["seed_commitment"] == summary["seed_commitment"]
    assert "seed_salt" not in summary  # secret until the end, then only in the replay
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(replay))
    assert cli(["verify", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    for field in ("seed", "seed_salt"):
        changed = {**replay, field: ("01" if replay[field][:2] != "01" else "02") + replay[field][2:]}
        path.write_text(json.dumps(changed))
        assert cli(["verify", str(path)]) == 1
        assert "does not match the commitment" in capsys.readouterr().out


def test_a_match_stored_with_the_old_bare_commitment_still_verifies(live: LiveServer, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A match made before the salt (no salt stored, commitment = SHA-256(seed)): its replay says
    ``seed_salt: null`` and verifies by the old formula; it does not verify with a salt made up."""
    mid, _ = _finished(live)
    svc = live.app.state.service
    with svc.sessions.begin() as db:
        seed = db.get(Match, mid).seed
        db.execute(update(Match).where(Match.id == mid)
                   .values(seed_salt=None, seed_commitment=hashlib.sha256(seed).hexdigest()))
    replay = httpx.get(f"{live.url}/api/matches/{mid}/replay").json()
    assert replay["seed_salt"] is None
    path = tmp_path / "old.json"
    path.write_text(json.dumps(replay))
    assert cli(["verify", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    path.write_text(json.dumps({**replay, "seed_salt": "00" * 16}))
    assert cli(["verify", str(path)]) == 1
    capsys.readouterr()
    old_document = {k: v for k, v in replay.items() if k != "seed_salt"}  # saved before the salt existed
    path.write_text(json.dumps(old_document))
    assert cli(["verify", str(path)]) == 0
