"""engine.crt: odds rounded for the defender, shifts clamped, table look-up."""

from __future__ import annotations

import pytest

from server.engine.crt import CombatResultsTable, OddsTable

ODDS = OddsTable(("1:2", "1:1", "2:1", "3:1", "4:1", "5:1"))


@pytest.mark.parametrize(("attack", "defence", "column"), [
    (1, 2, "1:2"), (3, 4, "1:2"), (4, 4, "1:1"), (5, 2, "2:1"), (11, 4, "2:1"), (12, 4, "3:1"),
    (9, 2, "4:1"), (10, 2, "5:1"), (60, 2, "5:1"), (1, 3, None), (3, 0, "5:1"),
])
def test_odds_are_rounded_in_the_defenders_favour(attack: int, defence: int, column: str | None) -> None:
    assert ODDS.column(attack, defence) == column


def test_shifts_are_clamped_at_both_ends() -> None:
    assert ODDS.shift("2:1", 1) == "3:1"
    assert ODDS.shift("2:1", -5) == "1:2"
    assert ODDS.shift("4:1", 3) == "5:1"


def test_table_lookup_clamps_rolls_and_checks_row_widths() -> None:
    crt = CombatResultsTable.from_data({"columns": ["1:1", "2:1"], "rows": {"1": ["C", "D1"], "2": ["Ae", "De"]}})
    assert crt.result("2:1", 1) == "D1"
    assert crt.result("1:1", 9) == "Ae"
    assert crt.result("1:1", -3) == "C"
    with pytest.raises(ValueError):
        CombatResultsTable.from_data({"columns": ["1:1", "2:1"], "rows": {"1": ["C"]}})
