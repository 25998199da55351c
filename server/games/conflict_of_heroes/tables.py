"""The terrain tables of Conflict of Heroes: Awakening the Bear! (1st edition), read from ``data/tables.json``.

§4.0 (p.9) the infantry movement and terrain table; §14.1 (p.32) the vehicle movement cost table, whose cells the
transcription interleaved (digest §2.3 reconstructs them, AMBIG-15). The rules read every cost and DM from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .errors import check

# §4.0: the terrain a hex centre can show (the terrain at the dot is the terrain of the whole hex)
HEX_TERRAINS = ("open", "stone_building", "wooden_building", "woods", "light_woods", "water", "marsh")
# the other rows of the infantry table: a road (hexside-connected), a wall (a hexside)
INFANTRY_ROWS = (*HEX_TERRAINS, "road", "wall")
# §14.1: the vehicle table adds the obstacle counters and the row "車輌" whose meaning is lost (AMBIG-15)
VEHICLE_ROWS = (*INFANTRY_ROWS, "barbed_wire", "road_block", "vehicle")
VEHICLE_KINDS = ("wheeled", "tracked")
VehicleKind = Literal["wheeled", "tracked"]
VehicleCost = int | Literal["1D6"] | None  # None: NA, may not enter


@dataclass(frozen=True)
class InfantryTerrain:
    move: int  # extra AP on top of the unit's movement cost
    dm: int  # terrain defence modifier of a unit in the hex
    blocks_los: bool  # §6.0, §11.3: an L1 obstacle


@dataclass(frozen=True)
class Tables:
    infantry: Mapping[str, InfantryTerrain]
    reverse: int
    careful_move: int
    normal_move_dm: int
    hill_per_level: int
    steep_slope: int
    vehicle: Mapping[str, Mapping[VehicleKind, VehicleCost]]
    vehicle_reverse: Mapping[VehicleKind, int]
    vehicle_hill_per_level: Mapping[VehicleKind, int]
    immobilization_roll: int
    immobilization_checks: Mapping[str, frozenset[VehicleKind]]

    def dm(self, terrain: str) -> int:
        return self.infantry[terrain].dm

    def blocks_los(self, terrain: str) -> bool:
        return self.infantry[terrain].blocks_los

    def vehicle_cost(self, terrain: str, kind: VehicleKind) -> VehicleCost:
        return self.vehicle[terrain][kind]

    def needs_check(self, terrain: str, kind: VehicleKind) -> bool:
        """§14.1: entering this terrain calls for an immobilization check."""
        return kind in self.immobilization_checks.get(terrain, frozenset())

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> Tables:
        want = {"infantry_terrain", "infantry_movement", "vehicle_terrain", "vehicle_movement", "immobilization"}
        check(set(raw) == want, f"tables.json: sections must be {sorted(want)}, not {sorted(raw)}")
        inf = raw["infantry_terrain"]
        check(set(inf) == set(INFANTRY_ROWS), f"tables.json: infantry_terrain rows must be {sorted(INFANTRY_ROWS)}")
        infantry: dict[str, InfantryTerrain] = {}
        for name, row in inf.items():
            check(isinstance(row, dict) and set(row) == {"move", "dm", "blocks_los"},
                  f"tables.json: infantry_terrain {name} needs move, dm, blocks_los")
            check(_is_int(row["move"]) and row["move"] >= 0, f"tables.json: infantry_terrain {name}: move")
            check(_is_int(row["dm"]), f"tables.json: infantry_terrain {name}: dm")
            check(isinstance(row["blocks_los"], bool), f"tables.json: infantry_terrain {name}: blocks_los")
            infantry[name] = InfantryTerrain(row["move"], row["dm"], row["blocks_los"])
        mov = raw["infantry_movement"]
        keys = {"reverse", "careful_move", "normal_move_dm", "hill_per_level", "steep_slope"}
        check(set(mov) == keys and all(_is_int(v) for v in mov.values()),
              f"tables.json: infantry_movement needs integer {sorted(keys)}")
        veh = raw["vehicle_terrain"]
        check(set(veh) == set(VEHICLE_ROWS), f"tables.json: vehicle_terrain rows must be {sorted(VEHICLE_ROWS)}")
        vehicle: dict[str, dict[VehicleKind, VehicleCost]] = {}
        for name, row in veh.items():
            check(isinstance(row, dict) and set(row) == set(VEHICLE_KINDS),
                  f"tables.json: vehicle_terrain {name} needs wheeled and tracked")
            for kind, cost in row.items():
                check(cost is None or cost == "1D6" or (_is_int(cost) and cost >= 0),
                      f"tables.json: vehicle_terrain {name} {kind}: {cost!r} is not AP, '1D6' or null (NA)")
            vehicle[name] = {"wheeled": row["wheeled"], "tracked": row["tracked"]}
        vm = raw["vehicle_movement"]
        check(set(vm) == {"reverse", "hill_per_level"}, "tables.json: vehicle_movement needs reverse, hill_per_level")
        for name, row in vm.items():
            check(isinstance(row, dict) and set(row) == set(VEHICLE_KINDS) and all(_is_int(v) for v in row.values()),
                  f"tables.json: vehicle_movement {name} needs integer wheeled and tracked")
        imm = raw["immobilization"]
        check(set(imm) == {"roll", "checks"} and _is_int(imm["roll"]) and 2 <= imm["roll"] <= 12,
              "tables.json: immobilization needs a 2D6 roll and checks")
        checks: dict[str, frozenset[VehicleKind]] = {}
        for name, kinds in imm["checks"].items():
            check(name in VEHICLE_ROWS, f"tables.json: immobilization check on unknown terrain {name!r}")
            check(all(k in VEHICLE_KINDS for k in kinds), f"tables.json: immobilization {name}: kinds {kinds}")
            check(all(vehicle[name][k] is not None for k in kinds),
                  f"tables.json: immobilization {name}: a check on terrain the vehicle may not enter")
            checks[name] = frozenset(kinds)
        return cls(infantry=infantry, reverse=mov["reverse"], careful_move=mov["careful_move"],
                   normal_move_dm=mov["normal_move_dm"], hill_per_level=mov["hill_per_level"],
                   steep_slope=mov["steep_slope"], vehicle=vehicle,
                   vehicle_reverse=dict(vm["reverse"]), vehicle_hill_per_level=dict(vm["hill_per_level"]),
                   immobilization_roll=imm["roll"], immobilization_checks=checks)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
