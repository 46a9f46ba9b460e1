"""The month's processing result, read against the roster: each driver's ISSQN at the rate of the
regime the platform declared (art. 20, decision D-14), and a month whose peak of concurrent drivers
exceeds the cap listed for the authority (art. 3 §2, decision D-9 b)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from tripdata_factories import make_mei, processed, statement_lines

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import InfractionCandidate, PlatformDriver
from outorga.tripdata.models import PlatformMonth

pytestmark = pytest.mark.django_db

LAW = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo)"


# --- art. 20, D-14: the driver's regime decides the rate ------------------------------------------


def test_art_20_an_mei_driver_is_taxed_at_the_mei_rate(world, sample_trips, mei_rate):
    make_mei(world)
    processed(world.upload(sample_trips).json()["id"])
    st, lines = statement_lines(world)
    mei, autonomo = lines["52998224725"], lines["11144477735"]
    assert (mei.regime, mei.rate, mei.base_cents) == ("mei", "0.01", 3029)
    assert mei.iss_cents == 30  # 1 % × 3 029 = 30,29 → 30 (half-up, D-14)
    assert (autonomo.regime, autonomo.rate) == ("autonomo", "0.02")
    assert st.complete and st.withheld_cents == 30 + 81 + 60 + 32


def test_art_20_without_the_mei_rate_the_statement_waits_for_it(world, sample_trips, rates):
    make_mei(world)
    processed(world.upload(sample_trips).json()["id"])
    st, lines = statement_lines(world)
    assert lines["52998224725"].iss_cents is None
    assert lines["11144477735"].iss_cents == 81  # autônomos are still computed
    assert st.complete is False and st.total_cents is None
    pending = [r for r in st.decision["reasons"] if r["verdict"] == "pending"]
    assert pending and "MEI" in pending[0]["message"]


def test_a_driver_off_the_roster_is_taken_as_autonomo(world, sample_trips, rates):
    processed(world.upload(sample_trips).json()["id"])
    _, lines = statement_lines(world)
    assert lines["98765432100"].regime == "autonomo"


def test_d14_the_month_uses_the_regime_in_force_in_that_month(world, sample_trips, mei_rate):
    """The driver became MEI in November (a new roster entry): October stays autônomo."""
    with tenant(world.m):
        old = PlatformDriver.objects.get(platform=world.platform, cpf="52998224725")
        old.status, old.disabled_at = "disabled", dt.datetime(2026, 11, 3, tzinfo=dt.UTC)
        old.save()
        new = PlatformDriver.objects.get(pk=old.pk)
        new.pk = None
        new.status, new.tax_regime = "enabled", "mei"
        new.enabled_at, new.disabled_at = dt.datetime(2026, 11, 3, 1, tzinfo=dt.UTC), None
        new.save()
    processed(world.upload(sample_trips).json()["id"])
    _, lines = statement_lines(world)
    assert lines["52998224725"].regime == "autonomo" and lines["52998224725"].iss_cents == 61


# --- art. 3 §2, D-9 b: a month over the cap is an infraction candidate ------------------------------


def sessions(n: int, start: str = "2026-10-10T10:00:00-04:00") -> bytes:
    lines = ["driver_cpf,start_time,end_time"]
    end = start.replace("T10:", "T11:")
    lines += [f"{10000000000 + i},{start},{end}" for i in range(n)]
    return ("\n".join(lines) + "\n").encode()


def candidates(world):
    with tenant(world.m):
        return list(
            InfractionCandidate.objects.filter(platform=world.platform, kind="concurrent_peak")
        )


def test_d9_b_a_month_over_50_concurrent_drivers_is_listed_for_the_authority(world):
    upload = processed(world.upload(sessions(51), name="s.csv", kind="sessions").json()["id"])
    assert upload.status == "done", upload.error
    [cand] = candidates(world)
    assert cand.key == "2026-10"
    assert "Pico de 51" in cand.summary and "limite de 50" in cand.summary
    assert "10/10/2026 às 10:00" in cand.summary and "art. 3, §2" in cand.summary
    assert f"{LAW}, art. 3, §2" in cand.decision["citations"]
    with tenant(world.m):
        act = Act.objects.get(action="platform.candidate.detect", object_id=str(cand.pk))
    assert act.actor_name == "processamento de arquivos de corridas"


def test_d9_b_exactly_50_is_within_the_cap(world):
    upload = processed(world.upload(sessions(50), name="s.csv", kind="sessions").json()["id"])
    assert upload.status == "done", upload.error
    assert candidates(world) == []


def test_d9_b_the_candidate_is_one_per_month_however_often_files_arrive(world):
    processed(world.upload(sessions(51), name="s.csv", kind="sessions").json()["id"])
    processed(world.upload(sessions(53), name="s2.csv", kind="sessions").json()["id"])
    [cand] = candidates(world)
    assert "Pico de 53" in cand.summary
    with tenant(world.m):
        acts = Act.objects.filter(
            object_type="platforms.infractioncandidate", object_id=str(cand.pk)
        )
        assert sorted(a.action for a in acts) == [
            "platform.candidate.detect",
            "platform.candidate.update",
        ]


def test_d9_b_a_task_run_twice_lists_the_month_once(world):
    upload_id = world.upload(sessions(51), name="s.csv", kind="sessions").json()["id"]
    processed(upload_id)
    processed(upload_id)
    assert len(candidates(world)) == 1


def test_d9_b_the_newest_sessions_file_wins_whatever_order_the_worker_takes_them(world):
    """The month's peak is the last-received sessions file's (the order of receipt, as for trips,
    ADR 0014): an older file processed after a newer one — another worker, a resumed task — does
    not bring its superseded peak back."""
    old = world.upload(sessions(53), name="s.csv", kind="sessions").json()["id"]
    new = world.upload(sessions(50), name="s2.csv", kind="sessions").json()["id"]
    processed(new)
    assert processed(old).status == "done"
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
    assert (pm.sessions_upload_id, pm.peak_sessions, pm.peak) == (new, 50, 50)
    assert pm.candidate is False
    assert all(c.withdrawn_on is not None for c in candidates(world))


def test_d9_b_the_candidate_is_on_the_authority_screen_and_the_staff_api(world, user_of):
    processed(world.upload(sessions(51), name="s.csv", kind="sessions").json()["id"])
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    html = c.get("/plataformas/penalidades/").content.decode()
    assert "motoristas ativos simultaneamente acima do limite" in html and "Pico de 51" in html
    rows = c.get("/api/v1/platform-candidates?kind=concurrent_peak").json()["items"]
    row = next(r for r in rows if r["platform_id"] == world.platform.pk)
    assert row["key"] == "2026-10" and f"{LAW}, art. 3, §2" in row["citacoes"]
    assert all(r["kind"] == "concurrent_peak" for r in rows)


def test_d9_b_a_later_file_within_the_cap_withdraws_the_candidate_and_a_new_excess_lists_it_again(
    world, user_of
):
    processed(world.upload(sessions(51), name="s.csv", kind="sessions").json()["id"])
    processed(world.upload(sessions(50), name="s2.csv", kind="sessions").json()["id"])
    [cand] = candidates(world)
    assert cand.withdrawn_on is not None
    assert "pico de 50" in cand.withdrawn_reason and "art. 3, §2" in cand.withdrawn_reason
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    row = next(
        r
        for r in c.get("/api/v1/platform-candidates?kind=concurrent_peak").json()["items"]
        if r["platform_id"] == world.platform.pk
    )
    assert row["withdrawn_on"] == cand.withdrawn_on.isoformat()
    assert "Retirado em" in c.get("/plataformas/penalidades/").content.decode()
    # The same file again changes nothing; a file over the cap lists the month again.
    processed(world.upload(sessions(49), name="s3.csv", kind="sessions").json()["id"])
    processed(world.upload(sessions(52), name="s4.csv", kind="sessions").json()["id"])
    [cand] = candidates(world)
    assert cand.withdrawn_on is None and "Pico de 52" in cand.summary
    with tenant(world.m):
        actions = sorted(
            Act.objects.filter(
                object_type="platforms.infractioncandidate", object_id=str(cand.pk)
            ).values_list("action", flat=True)
        )
    assert actions == [
        "platform.candidate.detect",
        "platform.candidate.update",
        "platform.candidate.withdraw",
    ]
