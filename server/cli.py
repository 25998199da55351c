"""``counterplay serve [--host H] [--port P]``, ``counterplay migrate``, ``counterplay verify FILE``
(and ``counterplay bench``, ``counterplay selfplay``)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping

from .config import get_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="counterplay", description="Counterplay: board wargames online.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="migrate the database, then serve")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("migrate", help="bring the database schema up to date")
    verify = sub.add_parser("verify", help="check a finished match's replay: seed, commitment and every die")
    verify.add_argument("replay", help="the JSON of GET /api/matches/{id}/replay, saved to a file")
    bench = sub.add_parser("bench", help="print benchmark figures (engine, database, network); see --help",
                           add_help=False)
    bench.add_argument("rest", nargs=argparse.REMAINDER)
    selfplay = sub.add_parser("selfplay", help="matches between computer levels: wins per side, lengths, "
                              "decision times; see --help", add_help=False)
    selfplay.add_argument("rest", nargs=argparse.REMAINDER)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["bench"]:  # its own options, parsed by server.bench
        from .bench import main as bench_main

        return bench_main(argv[1:])
    if argv[:1] == ["selfplay"]:
        from .bots.selfplay import main as selfplay_main

        return selfplay_main(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "verify":
        return verify_replay(args.replay)

    if args.command == "serve":
        os.environ.update(serve_environment(args.host, args.port, os.environ))
    settings = get_settings()
    from .store.migrate import upgrade

    upgrade(settings.sqlalchemy_url)
    if args.command == "migrate":
        print("database is up to date", file=sys.stderr)
        return 0

    import uvicorn

    from .http_timeouts import protocol_class

    print(f"Counterplay is at http://{args.host}:{args.port}/  (database: {_safe(settings.database_url)}, "
          f"broker: {'redis' if settings.redis_url else 'in-process'})", flush=True)
    uvicorn.run("server.main:create_app", factory=True, host=args.host, port=args.port,
                proxy_headers=True, ws="websockets-sansio", log_level="info",
                ws_max_size=256 * 1024,  # a frame larger than this is refused before it is read whole
                # half-sent requests are dropped (slowloris): HEADER_TIMEOUT_SECONDS, BODY_TIMEOUT_SECONDS
                http=protocol_class(settings.header_timeout_seconds, settings.body_timeout_seconds))
    return 0


def serve_environment(host: str, port: int, environ: Mapping[str, str]) -> dict[str, str]:
    """What ``serve`` adds to the environment: without ``PUBLIC_URL``, the links in e-mails and webhooks
    point at the address being served (a wildcard host is reached on loopback from this machine)."""
    if environ.get("PUBLIC_URL"):
        return {}
    reach = "127.0.0.1" if host in ("", "0.0.0.0", "::") else host
    if ":" in reach:
        reach = f"[{reach}]"
    return {"PUBLIC_URL": f"http://{reach}:{port}"}


def verify_replay(path: str) -> int:
    """Replay every action from the revealed seed; the outcome must be the one the server recorded."""
    import json

    from .engine import rng
    from .engine.core import seats_of, winners, with_winners
    from .games import GAMES
    from .matches import history

    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    seed = bytes.fromhex(data["seed"])
    # SHA-256(salt + seed); a replay without a salt (null, or saved before salts) is of the older form,
    # SHA-256(seed) alone.
    salt = bytes.fromhex(data["seed_salt"]) if data.get("seed_salt") is not None else None
    if rng.commitment(seed, salt) != str(data["seed_commitment"]).lower():
        print("FAIL: the seed does not match the commitment published at creation")
        return 1
    rules = GAMES[data["game"]]
    actions = data["actions"]

    replay = history.Replay(rules, 0, rules.setup(data["scenario"], data["options"], seed),
                            [(entry["role"], entry["action"]) for entry in actions])
    outcome = rules.outcome(replay.state_at(len(actions)))
    seats = seats_of(rules, data["scenario"], data["options"])
    got = outcome.to_json(winners(rules, outcome.winner, seats)) if outcome else None
    recorded = with_winners(rules, data["outcome"], seats) if data["outcome"] else None  # older: no winners
    if got is None and recorded and str(recorded.get("reason", "")).startswith("platform."):
        print(f"OK: {len(actions)} actions replayed from the committed seed; the match ended outside "
              f"the rules ({recorded['reason']})")
        return 0
    if got != recorded:
        print(f"FAIL: replaying gives {got}, the server recorded {data['outcome']}")
        return 1
    print(f"OK: {len(data['actions'])} actions replayed from the committed seed; outcome {got}")
    return 0


def _safe(url: str) -> str:
    """The database URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return url


if __name__ == "__main__":
    raise SystemExit(main())
