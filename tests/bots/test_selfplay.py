"""``counterplay selfplay``: matches between levels, sides alternating, and the table it prints."""

from __future__ import annotations

import json

import pytest

from server.bots import selfplay
from server.cli import main


def test_selfplay_alternates_sides_and_counts_every_match() -> None:
    """A holds the first role in even matches and the second in odd ones; each match is counted once."""
    games = selfplay.schedule("lz_albany", "historical", "random", "random", 4, "t")
    assert [g.levels for g in games][:2] == [{"us": "random", "nva": "random"}] * 2
    results = selfplay.run(games, workers=1)
    table = selfplay.tabulate(results, "random", "random")
    assert table.matches == 4 and sum(table.played["A"].values()) == 4
    assert table.played["A"] == {"us": 2, "nva": 2}
    assert sum(table.side_wins.values()) + table.draws == 4
    assert sum(table.reasons.values()) == 4 and table.mean_actions > 10


def test_selfplay_is_reproducible_from_its_seed() -> None:
    """The same seed gives the same matches: the same winners and lengths."""
    a = [(r.winner, r.actions) for r in selfplay.run(selfplay.schedule("shimada", "slim_river", "random", "random",
                                                                       2, "s"), 1)]
    b = [(r.winner, r.actions) for r in selfplay.run(selfplay.schedule("shimada", "slim_river", "random", "random",
                                                                       2, "s"), 1)]
    assert a == b


def test_selfplay_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``counterplay selfplay`` prints wins per side, reasons, mean length and decision times; --json the same."""
    assert main(["selfplay", "lz_albany", "--a", "random", "--b", "random", "--matches", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "wins per side" in out and "mean length" in out and "decision time A random" in out
    assert main(["selfplay", "lz_albany", "--a", "random", "--b", "random", "--matches", "2", "--workers", "1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["matches"] == 2


def test_selfplay_refuses_a_level_the_game_lacks() -> None:
    """An unknown level is a usage error, not a crash."""
    with pytest.raises(SystemExit):
        main(["selfplay", "shimada", "--a", "grandmaster", "--matches", "1"])
