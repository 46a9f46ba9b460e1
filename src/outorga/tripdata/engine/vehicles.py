# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""An MDS 2.0 ``/vehicles`` file: each vehicle's ``device_id`` (which its trips name), its
plate (``vehicle_attributes.license_plate``) and what it is (``vehicle_type``,
``propulsion_types``), so that a trip's vehicle is checked against the driver's registered plate
and the two-wheeler ban (art. 17) as MDS links them — by device, not by a field of the trip."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb

from .base import SAMPLES_PER_KIND, FileRejected
from .connection import workspace
from .reading import MDS_VEHICLES, mds_source

#: The kinds a vehicles file can show, in the report's words.
VEHICLE_KINDS: dict[str, str] = {
    "missing_field": "device_id ou vehicle_attributes.license_plate ausente",
    "duplicate": "device_id repetido com outra placa",
}


@dataclass
class VehiclesResult:
    rows: int
    devices: dict[str, str]  # device_id → plate (upper case, no hyphen)
    errors: dict[str, int]
    samples: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: device_id → its ``vehicle_type`` (None: absent) and ``propulsion_types`` as reported.
    types: dict[str, tuple[str | None, tuple[str, ...]]] = field(default_factory=dict)


def analyse_vehicles(
    path: Path, fmt: str, *, con: duckdb.DuckDBPyConnection | None = None
) -> VehiclesResult:
    """The plate of each device. A vehicle without either is reported (``missing_field``); a
    device listed again with another plate keeps its first plate (``duplicate``): which is
    right is the platform's to say, in a corrected file."""
    if fmt != "ndjson":
        raise FileRejected(
            'o formato MDS 2.0 é JSON: envie NDJSON ou o envelope {"vehicles": [...]}'
        )
    with workspace(con) as con:
        src = mds_source(con, path, "vehicles", MDS_VEHICLES, ("device_id",))
        try:
            rows = con.execute(
                f"""SELECT device_id,
                    upper(replace(json_extract_string(vehicle_attributes, '$.license_plate'),
                                  '-', '')),
                    vehicle_type,
                    CASE WHEN json_type(propulsion_types) = 'ARRAY'
                         THEN json_extract_string(propulsion_types, '$[*]') END
                FROM {src}"""
            ).fetchall()
        except duckdb.Error as exc:
            raise FileRejected(f"arquivo ilegível: {str(exc).splitlines()[0][:300]}") from exc
    devices: dict[str, str] = {}
    types: dict[str, tuple[str | None, tuple[str, ...]]] = {}
    errors = dict.fromkeys(VEHICLE_KINDS, 0)
    samples: dict[str, list[dict[str, Any]]] = {}
    for device, plate, vehicle_type, propulsion in rows:
        kind = None
        if not device or not plate:
            kind = "missing_field"
        elif devices.setdefault(device, plate) != plate:
            kind = "duplicate"
        else:
            types.setdefault(device, (vehicle_type, tuple(p for p in propulsion or () if p)))
        if kind:
            errors[kind] += 1
            found = samples.setdefault(kind, [])
            if len(found) < SAMPLES_PER_KIND:
                found.append({"device_id": device, "license_plate": plate})
    return VehiclesResult(len(rows), devices, errors, samples, types)
