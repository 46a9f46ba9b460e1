"""MDS 2.0 trips read exactly (Open Mobility Foundation, models/trip.yaml with the
passenger-services mode): what the published schema allows is accepted, what the law cannot use is
refused under its own kind, never read as zero (apps art. 20 §1, 21)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from tripdata_factories import DEVICE, START, mds_trip, without

from outorga.tripdata.engine.analysis import analyse_trips
from outorga.tripdata.engine.base import (
    EXCLUDING,
    FareLimits,
    FileRejected,
    Month,
    Result,
    RosterEntry,
    Window,
)
from outorga.tripdata.engine.vehicles import analyse_vehicles

OCT = Month(
    int(dt.datetime(2026, 10, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
    int(dt.datetime(2026, 11, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
)
ROSTER = [RosterEntry("52998224725", "QBD1A23", False, ((0, None),))]


def run(tmp_path: Path, *trips: dict[str, Any], **kw: Any) -> Result:
    path = tmp_path / "mds.ndjson"
    path.write_text("".join(json.dumps(t) + "\n" for t in trips))
    kw.setdefault("limits", None)
    kw.setdefault("roster", ROSTER)
    return analyse_trips(path, "ndjson", "mds", month=OCT, **kw)


def gross(r: Result) -> tuple[int, int, int]:
    return (
        sum(d.trips for d in r.drivers),
        sum(d.gross_cents for d in r.drivers),
        sum(d.retention_cents for d in r.drivers),
    )


def only(r: Result) -> dict[str, int]:
    return {k: n for k, n in r.errors.items() if n}


# --- trip_type ----------------------------------------------------------------------------------


@pytest.mark.parametrize("trip_type", [["private"], "private", ["shared"], "shared"])
def test_art_21_a_paying_trip_type_counts_as_an_array_of_one_or_as_a_string(tmp_path, trip_type):
    r = run(tmp_path, mds_trip(trip_type=trip_type))
    assert only(r) == {} and gross(r) == (1, 2350, 588)


@pytest.mark.parametrize("trip_type", [["reservation"], "empty"])
def test_a_reservation_or_empty_leg_carries_no_revenue_but_is_not_refused(tmp_path, trip_type):
    leg = without(mds_trip(trip_type=trip_type, fare_attributes={}), "actual_cost")
    r = run(tmp_path, leg, mds_trip())
    assert only(r) == {} and r.rows_counted == 2
    assert gross(r) == (1, 2350, 588)


@pytest.mark.parametrize(
    "trip_type", [["pooled"], "PRIVATE", ["private", "shared"], [], None, 7, {"t": "private"}]
)
def test_an_unknown_or_malformed_trip_type_is_refused_under_its_own_kind(tmp_path, trip_type):
    r = run(tmp_path, mds_trip(trip_type=trip_type), mds_trip())
    assert only(r) == {"unknown_trip_type": 1}
    assert "unknown_trip_type" in EXCLUDING and gross(r) == (1, 2350, 588)


def test_a_trip_without_trip_type_is_refused_never_taken_for_private(tmp_path):
    r = run(tmp_path, without(mds_trip(), "trip_type"))
    assert only(r) == {"unknown_trip_type": 1} and gross(r) == (0, 0, 0)


# --- currency -----------------------------------------------------------------------------------


@pytest.mark.parametrize("currency", ["USD", "brl", None])
def test_art_21_an_amount_in_another_currency_is_refused(tmp_path, currency):
    """``null`` is USD cents in MDS (data-types/currency.yaml), not reais."""
    r = run(tmp_path, mds_trip(currency=currency), mds_trip())
    assert only(r) == {"currency_not_brl": 1} and gross(r) == (1, 2350, 588)


def test_an_absent_currency_is_usd_and_refused(tmp_path):
    r = run(tmp_path, without(mds_trip(), "currency"))
    assert only(r) == {"currency_not_brl": 1} and gross(r) == (0, 0, 0)
    assert r.samples["currency_not_brl"][0]["fare_cents"] == 2350


def test_a_leg_without_any_amount_needs_no_currency(tmp_path):
    leg = without(without(mds_trip(trip_type=["empty"]), "actual_cost"), "currency")
    assert only(run(tmp_path, leg)) == {}


# --- the fare and the platform's retention (art. 20 §1) ----------------------------------------


@pytest.mark.parametrize("cost", ["absent", None])
def test_art_20_s1_a_paying_trip_without_actual_cost_is_refused_never_zero(tmp_path, cost):
    trip = without(mds_trip(), "actual_cost") if cost == "absent" else mds_trip(actual_cost=cost)
    r = run(tmp_path, trip, mds_trip())
    assert only(r) == {"missing_fare": 1}
    assert gross(r) == (1, 2350, 588)
    assert r.samples["missing_fare"][0]["fare_cents"] is None


@pytest.mark.parametrize("cost", [23.5, "2350", -1])
def test_an_actual_cost_that_is_not_whole_cents_is_never_rounded(tmp_path, cost):
    r = run(tmp_path, mds_trip(actual_cost=cost))
    kind = "inconsistent_amounts" if cost == -1 else "missing_field"
    assert only(r) == {kind: 1} and gross(r) == (0, 0, 0)


def test_a_whole_number_written_as_a_decimal_is_cents(tmp_path):
    assert gross(run(tmp_path, mds_trip(actual_cost=2350.0))) == (1, 2350, 588)


@pytest.mark.parametrize("pay", ["null", "absent"])
def test_art_20_s1_the_commission_is_not_the_platform_s_retention(tmp_path, pay):
    """MDS's ``commission`` is "any extra commission for the ride" (passenger-services
    trip.yaml), not what the platform keeps of the fare (art. 19 §1, 20 §1): without
    ``driver_trip_pay`` the retention is unknown, and the trip is left out, never counted with
    the commission as its retention."""
    trip = mds_trip(fare_attributes={"driver_trip_pay": None, "commission": 500})
    if pay == "absent":
        without(trip, "fare_attributes", "driver_trip_pay")
    r = run(tmp_path, trip, mds_trip())
    assert only(r) == {"missing_retention": 1} and gross(r) == (1, 2350, 588)


def test_art_20_s1_without_driver_trip_pay_the_retention_is_unknown(tmp_path):
    trip = mds_trip(fare_attributes={"driver_trip_pay": None})
    r = run(tmp_path, trip, mds_trip())
    assert only(r) == {"missing_retention": 1} and gross(r) == (1, 2350, 588)


# --- payment_type: test trips and trips without payment (art. 19 §1, 20 §1) -------------------


def test_art_20_s1_a_test_trip_is_no_trip_of_the_service_and_no_revenue(tmp_path):
    """``payment_type: test`` (passenger-services trip.yaml): the platform testing its system,
    no service rendered. Left out of the trips, the revenue and the peak, and reported under its
    own kind so that an inspector sees how many trips a platform calls tests."""
    test = mds_trip(fare_attributes={"payment_type": "test"})
    r = run(tmp_path, test, mds_trip())
    assert only(r) == {"test_trip": 1} and "test_trip" in EXCLUDING
    assert r.rows_counted == 1 and gross(r) == (1, 2350, 588)


def test_a_test_trip_needs_no_amounts(tmp_path):
    test = without(mds_trip(fare_attributes={"payment_type": "test"}), "actual_cost")
    without(test, "fare_attributes", "driver_trip_pay")
    assert only(run(tmp_path, test)) == {"test_trip": 1}


def test_art_20_s1_a_trip_without_payment_is_a_trip_but_no_revenue(tmp_path):
    """``payment_type: no_payment``: the passenger was carried (the service happened: it counts
    as a trip and for the peak) and paid nothing — no gross revenue for the driver's ISS nor
    retention for the platform's, whatever ``actual_cost`` says."""
    free = mds_trip(fare_attributes={"payment_type": "no_payment"})
    r = run(tmp_path, free, mds_trip())
    assert only(r) == {} and r.rows_counted == 2
    assert gross(r) == (2, 2350, 588)


def test_a_trip_without_payment_needs_no_fare_nor_driver_pay(tmp_path):
    free = without(mds_trip(fare_attributes={"payment_type": "no_payment"}), "actual_cost")
    without(free, "fare_attributes", "driver_trip_pay")
    r = run(tmp_path, free)
    assert only(r) == {} and gross(r) == (1, 0, 0)


def test_a_driver_trip_pay_above_the_fare_is_inconsistent(tmp_path):
    r = run(tmp_path, mds_trip(fare_attributes={"driver_trip_pay": 2400}))
    assert only(r) == {"inconsistent_amounts": 1}


# --- extras: the "taxas adicionais" of art. 6 IV, within the fare ceiling of art. 7 ----------

#: A ceiling of R$ 5 + R$ 2/km + R$ 0,50/min: 8,2 km in 18 min → 500 + 1640 + 900 = 3040.
LIMITS = FareLimits(500, 200, 50)


@pytest.mark.parametrize("extra", ["tolls", "exit_fee", "other_fees", "extra_amount"])
def test_art_6_iv_each_fee_the_schema_defines_is_an_extra_within_the_ceiling(tmp_path, extra):
    over = mds_trip(actual_cost=3340, fare_attributes={"driver_trip_pay": 2500})
    assert only(run(tmp_path, over, limits=LIMITS)) == {"fare_above_limit": 1}
    fee = mds_trip(actual_cost=3340, fare_attributes={"driver_trip_pay": 2500, extra: 300})
    assert only(run(tmp_path, fee, limits=LIMITS)) == {}


def test_art_9_a_surcharge_is_dynamic_pricing_within_the_maxima_not_an_extra(tmp_path):
    trip = mds_trip(actual_cost=3340, fare_attributes={"driver_trip_pay": 2500, "surcharge": 300})
    assert only(run(tmp_path, trip, limits=LIMITS)) == {"fare_above_limit": 1}


def test_extras_add_up_and_an_unreadable_one_is_reported(tmp_path):
    fees = {"tolls": 100, "exit_fee": 100, "other_fees": 50, "extra_amount": 50, "tip": 900}
    trip = mds_trip(actual_cost=3340, fare_attributes={"driver_trip_pay": 2500, **fees})
    assert only(run(tmp_path, trip, limits=LIMITS)) == {}
    bad = mds_trip(fare_attributes={"tolls": "R$ 3,00"})
    assert only(run(tmp_path, bad)) == {"missing_field": 1}


# --- times and measures: integers, as the schema types them ------------------------------------


def test_timestamps_and_measures_written_as_whole_decimals_are_read(tmp_path):
    """data-types/timestamp.yaml is a number that is a multiple of 1; integer-positive.yaml an
    integer, which JSON Schema lets be written 1080.0."""
    trip = mds_trip(
        start_time=float(START), end_time=float(START + 1_080_000), duration=1080.0, distance=8200.0
    )
    r = run(tmp_path, trip)
    assert only(r) == {} and gross(r) == (1, 2350, 588)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("distance", 8200.5),
        ("duration", 1080.4),
        ("start_time", str(START)),
        ("end_time", "2026-10-01T07:28:00-04:00"),
        ("start_time", 2**70),
    ],
)
def test_a_time_or_measure_that_is_not_an_integer_is_a_missing_field_of_its_row(
    tmp_path, field, value
):
    """Never rounded nor read from a text, and one such row does not refuse the whole file."""
    r = run(tmp_path, mds_trip(**{field: value}), mds_trip())
    assert r.errors["missing_field"] == 1 and r.rows == 2
    assert gross(r) == (1, 2350, 588)


# --- the vehicle: device_id, linked to its plate by /vehicles ----------------------------------


def test_the_plate_comes_from_the_vehicles_feed_by_device_id(tmp_path):
    trip = without(mds_trip(), "trip_attributes", "vehicle_id")
    assert only(run(tmp_path, trip, devices={DEVICE: "QBD1A23"})) == {}
    other = run(tmp_path, trip, devices={DEVICE: "ABC1D23"})
    assert only(other) == {"plate_mismatch": 1}
    assert other.samples["plate_mismatch"][0]["vehicle_plate"] == "ABC1D23"


@pytest.mark.parametrize("device_id", ["absent", None, ""])
def test_a_trip_without_device_id_is_a_missing_field_never_counted_unchecked(tmp_path, device_id):
    """models/trip.yaml requires ``device_id``: the trip's vehicle. Without it no plate can be
    checked (art. 17), and the trip was counted clean."""
    trip = mds_trip() if device_id == "absent" else mds_trip(device_id=device_id)
    if device_id == "absent":
        without(trip, "device_id")
    without(trip, "trip_attributes", "vehicle_id")
    r = run(tmp_path, trip, mds_trip(), devices={DEVICE: "QBD1A23"})
    assert only(r) == {"missing_field": 1} and gross(r) == (1, 2350, 588)
    assert r.samples["missing_field"][0]["trip_id"] == trip["trip_id"]


def test_the_vehicles_feed_wins_over_the_vehicle_id_extension(tmp_path):
    trip = mds_trip(trip_attributes={"vehicle_id": "ZZZ9Z99"})
    assert only(run(tmp_path, trip, devices={DEVICE: "QBD-1A23"})) == {}
    assert only(run(tmp_path, trip)) == {"plate_mismatch": 1}


# --- the provider envelope ----------------------------------------------------------------------


def test_the_provider_envelope_reads_arrays_nulls_and_absent_optional_fields(tmp_path):
    trips = [
        mds_trip(fare_attributes={"driver_trip_pay": 1850, "commission": None}),
        mds_trip(trip_type="shared"),
        without(mds_trip(trip_type=["reservation"]), "actual_cost"),
        mds_trip(currency="USD"),
    ]
    path = tmp_path / "mds.json"
    path.write_text(json.dumps({"version": "2.0.0", "trips": trips}))
    r = analyse_trips(path, "ndjson", "mds", month=OCT, roster=ROSTER, limits=None)
    assert only(r) == {"currency_not_brl": 1}
    assert gross(r) == (2, 4700, 1088)


def test_an_ndjson_file_whose_records_are_not_mds_trips_is_refused_whole(tmp_path):
    """Native rows sent with schema=mds lack what every MDS trip has (models/trip.yaml:
    device_id, duration, distance): refused whole, naming them — not every row refused and the
    month replaced by nothing."""
    native = {
        "trip_id": "T1",
        "driver_cpf": "52998224725",
        "vehicle_plate": "QBD1A23",
        "start_time": "2026-10-01T07:10:00-04:00",
        "end_time": "2026-10-01T07:28:00-04:00",
        "distance_m": 8200,
        "duration_s": 1080,
        "fare_cents": 2350,
        "retention_cents": 588,
    }
    with pytest.raises(FileRejected, match="device_id, duration, distance"):
        run(tmp_path, native, {**native, "trip_id": "T2"})


@pytest.mark.parametrize("content", ["", "\n"])
def test_an_ndjson_file_without_records_is_an_hour_without_trips(tmp_path, content):
    path = tmp_path / "hour.ndjson"
    path.write_text(content)
    r = analyse_trips(path, "ndjson", "mds", month=OCT, roster=ROSTER, limits=None)
    assert (r.rows, only(r)) == (0, {})
    assert analyse_vehicles(path, "ndjson").rows == 0


#: A passenger-services vehicle of the platform (models/vehicle.yaml and the mode's).
VEHICLE = {
    "device_id": DEVICE,
    "provider_id": "6f0f2d1a-3c55-4c8e-9d4e-0b6f0c1e2a10",
    "vehicle_id": "QBD1A23",
    "vehicle_type": "car",
    "propulsion_types": ["combustion"],
    "vehicle_attributes": {"year": 2021, "make": "Fiat", "license_plate": "QBD1A23"},
}


def vehicles_payload(**links: str | None) -> dict[str, Any]:
    """The Provider API's ``GET /vehicles`` body: version, JSON:API paging links, last_updated,
    ttl and the list (reference/provider.yaml)."""
    return {
        "version": "2.0.0",
        "links": {"first": None, "last": None, "prev": None, "next": None, **links},
        "last_updated": START,
        "ttl": 60_000,
        "vehicles": [VEHICLE],
    }


def send(tmp_path: Path, doc: Any, *, bom: bool = False) -> Path:
    path = tmp_path / "payload.json"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + json.dumps(doc).encode())
    return path


def test_a_provider_payload_without_the_trips_list_is_refused_never_read_as_one_trip(tmp_path):
    """A /vehicles body sent as the month's trips would be one unreadable "trip": the month
    replaced by nothing. It is refused whole, naming the list it lacks."""
    path = send(tmp_path, vehicles_payload())
    with pytest.raises(FileRejected, match='"trips"'):
        analyse_trips(path, "ndjson", "mds", month=OCT, roster=ROSTER, limits=None)
    with pytest.raises(FileRejected, match='"vehicles"'):
        analyse_vehicles(send(tmp_path, {"version": "2.0.0", "trips": [mds_trip()]}), "ndjson")


@pytest.mark.parametrize("version", ["1.2.0", "3.0.0", "2.0", None, "absent"])
def test_a_payload_not_of_mds_2_is_refused_naming_its_version(tmp_path, version):
    """data-types/version.yaml: the payload's required ``version`` is 2.x.y; a 1.x trip has no
    trip_type and other fields, and must not be read as 2.0."""
    doc: dict[str, Any] = {"version": version, "trips": [mds_trip()]}
    if version == "absent":
        del doc["version"]
    with pytest.raises(FileRejected, match="version"):
        analyse_trips(send(tmp_path, doc), "ndjson", "mds", month=OCT, roster=ROSTER, limits=None)
    with pytest.raises(FileRejected, match="version"):
        analyse_vehicles(send(tmp_path, {**vehicles_payload(), "version": version}), "ndjson")


def test_a_later_minor_version_of_mds_2_is_read(tmp_path):
    path = send(tmp_path, {"version": "2.1.0", "trips": [mds_trip()]})
    r = analyse_trips(path, "ndjson", "mds", month=OCT, roster=ROSTER, limits=None)
    assert only(r) == {} and gross(r) == (1, 2350, 588)


def test_a_vehicles_payload_with_long_paging_links_is_read_as_a_payload(tmp_path):
    """JSON:API links carry opaque cursors of any length; the payload is still a payload."""
    cursor = "https://provider.example/vehicles?page%5Bcursor%5D=" + "eyJhbGciOiJIUzI1NiJ9" * 120
    r = analyse_vehicles(send(tmp_path, vehicles_payload(next=cursor, prev=cursor)), "ndjson")
    assert (r.rows, r.devices) == (1, {DEVICE: "QBD1A23"})
    assert not any(r.errors.values())


def test_a_payload_with_a_byte_order_mark_is_read_as_a_payload(tmp_path):
    path = send(tmp_path, {"version": "2.0.0", "trips": [mds_trip()]}, bom=True)
    r = analyse_trips(path, "ndjson", "mds", month=OCT, roster=ROSTER, limits=None)
    assert only(r) == {} and gross(r) == (1, 2350, 588)


# --- a file covering part of the month ----------------------------------------------------------


def test_a_trip_ending_outside_the_files_window_is_refused(tmp_path):
    hour = Window(START, START + 3_600_000)
    inside = mds_trip(start_time=START - 600_000, end_time=START + 480_000)
    after = mds_trip(start_time=START + 3_000_000, end_time=START + 4_080_000)
    r = run(tmp_path, inside, after, window=hour)
    assert only(r) == {"outside_window": 1} and gross(r) == (1, 2350, 588)
    assert "outside_window" not in run(tmp_path, inside).errors  # a whole month has no window


# --- the driver: the CPF, or the licence number MDS suggests -----------------------------------


def test_a_driver_id_that_is_the_drivers_cnh_names_that_driver(tmp_path):
    roster = [RosterEntry("52998224725", "QBD1A23", False, ((0, None),), cnh="04512345678")]
    trip = mds_trip(trip_attributes={"driver_id": "04512345678"})
    r = run(tmp_path, trip, roster=roster)
    assert only(r) == {} and [d.driver for d in r.drivers] == ["52998224725"]


def test_a_roster_cpf_wins_over_another_drivers_cnh_equal_to_it(tmp_path):
    roster = [
        RosterEntry("52998224725", "QBD1A23", False, ((0, None),)),
        RosterEntry("11144477735", "RTE4F56", False, ((0, None),), cnh="52998224725"),
    ]
    r = run(tmp_path, mds_trip(), roster=roster)
    assert [d.driver for d in r.drivers] == ["52998224725"]


def test_a_driver_id_that_names_no_roster_driver_is_an_unknown_driver(tmp_path):
    r = run(tmp_path, mds_trip(trip_attributes={"driver_id": "DL-77-ABC"}))
    assert only(r) == {"unknown_driver": 1}  # counted (the tax is due), flagged for inspection
