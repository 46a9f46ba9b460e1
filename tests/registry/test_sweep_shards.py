"""The daily sweep split over the task workers (ADR 0049): the registry's and the inspections'
steps cut into shards by ranges of the permits' holders, each a task, the steps still in order.
The shards make the changes, acts and avisos of the sweep in one process, and a second run
writes nothing; on PostgreSQL the shards of a step run at once without writing anything twice."""

from __future__ import annotations

import datetime as dt
import json
import threading
from typing import Any

import pytest
from django.db import connection, transaction
from registry_factories import make_applicant
from test_sweep import grant, inspection

from outorga.core import sweep
from outorga.core.acts import verify_chain
from outorga.core.models import Act, SweepPart
from outorga.core.tenancy import tenant
from outorga.inspections.models import MissedInspection
from outorga.registry.models import Document, DrivingLicence, Notification, Permit, Person


def _world(m, clerk, tender):  # type: ignore[no-untyped-def]
    """Five holders, vehicles of different years, one with an email address, one irregular by a
    clerk's decision; returns the date their inspection reports end."""
    permits = []
    for n, year in enumerate((2016, 2018, 2021, 2024, 2017), start=1):
        person, vehicle = make_applicant(m, clerk, n=n, year=year)
        permits.append(grant(m, clerk, person, vehicle, tender))
    with tenant(m):
        Person.objects.filter(pk=permits[1].holder_id).update(email="titular@example.com")
        Permit.objects.filter(pk=permits[4].pk).update(
            irregular=True, irregular_reason="Irregular por decisão do atendimento"
        )
    due = inspection(m, permits[0]).valid_until
    assert due is not None
    return due


def _drain(  # type: ignore[no-untyped-def]
    m, run_id, *, threads: bool = False, reverse: bool = False, writers=None
) -> None:
    """Do what the workers do: run the queued parts until none is left (a stage's parts at once,
    in threads, when ``threads``; the last first when ``reverse``, as the workers may take them).
    ``writers``: filled with the parts that wrote an act, an aviso or a missed inspection of each
    permit."""
    while True:
        with tenant(m):
            queued = list(
                SweepPart.objects.filter(run=run_id, status=SweepPart.Status.QUEUED)
                .order_by("pk")
                .values_list("pk", flat=True)
            )
        if not queued:
            return
        if not threads:
            for pk in reversed(queued) if reverse else queued:
                with tenant(m):
                    act = Act.objects.order_by("-seq").values_list("seq", flat=True).first() or 0
                    aviso = Notification.objects.order_by("-pk").values_list("pk", flat=True)
                    last_aviso = aviso.first() or 0
                    missed = MissedInspection.objects.order_by("-pk").values_list("pk", flat=True)
                    last_missed = missed.first() or 0
                sweep.part_run(pk)
                if writers is None:
                    continue
                with tenant(m):
                    part = SweepPart.objects.get(pk=pk)
                    written = (
                        {
                            int(a.object_id)
                            for a in Act.objects.filter(seq__gt=act, object_type="registry.permit")
                        }
                        | set(
                            Notification.objects.filter(
                                pk__gt=last_aviso, permit__isnull=False
                            ).values_list("permit_id", flat=True)
                        )
                        | set(
                            MissedInspection.objects.filter(pk__gt=last_missed).values_list(
                                "permit_id", flat=True
                            )
                        )
                    )
                for permit_id in written:
                    writers.setdefault(permit_id, set()).add((part.step, part.kind, part.pk))
            continue
        barrier = threading.Barrier(len(queued))
        errors: list[BaseException] = []

        def work(pk: int, barrier: threading.Barrier = barrier, errors: list[Any] = errors) -> None:
            try:
                barrier.wait()
                sweep.part_run(pk)
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
            finally:
                connection.close()

        running = [threading.Thread(target=work, args=(pk,)) for pk in queued]
        for t in running:
            t.start()
        for t in running:
            t.join()
        assert not errors, errors


def _effects(  # type: ignore[no-untyped-def]
    m, on, *, shards: int, threads: bool = False, reverse: bool = False, writers=None
) -> tuple[Any, ...]:
    """Run the whole sweep (in one process, or in ``shards`` parts, drained as :func:`_drain`
    does with ``threads``, ``reverse`` and ``writers``); what it wrote: the acts (without time,
    sequence and new rows' ids; in a stable order, as shards interleave them), the avisos, the
    missed inspections, the permits' regularity, and the changes counted."""
    with tenant(m):
        last = Act.objects.order_by("-seq").values_list("seq", flat=True).first() or 0
        seen = set(Notification.objects.values_list("pk", flat=True))
    if shards:
        run_id, _ = sweep.enqueue_run(m, on, shards=shards)
        _drain(m, run_id, threads=threads, reverse=reverse, writers=writers)
        with tenant(m):
            parts = list(SweepPart.objects.filter(run=run_id))
        assert {p.status for p in parts} == {SweepPart.Status.DONE}
        changes = sum(p.changes for p in parts)
    else:
        changes = sum(r.result.changes for r in sweep.run(on, m))
    with tenant(m):
        acts = sorted(
            json.dumps(
                {k: v for k, v in a.record.items() if k not in ("time", "seq", "object")}
                | {"object": a.record["object"]["type"]},
                sort_keys=True,
                default=str,
            )
            for a in Act.objects.filter(seq__gt=last)
        )
        notices = sorted(
            (n.key, n.kind, n.message, n.due_on, n.person_id, n.permit_id)
            for n in Notification.objects.exclude(pk__in=seen)
        )
        missed = sorted(
            (x.permit_id, x.due_on, x.kind, x.infraction_code, x.detected_on)
            for x in MissedInspection.objects.all()
        )
        permits = sorted(Permit.objects.values_list("number", "irregular", "irregular_reason"))
    return acts, notices, missed, permits, changes


def test_the_sweep_in_shards_makes_the_changes_of_the_sweep_in_one_process(
    ipatinga_m, clerk, tender
):
    due = _world(ipatinga_m, clerk, tender)
    for on in (due - dt.timedelta(days=7), due + dt.timedelta(days=1)):
        with transaction.atomic():
            whole = _effects(ipatinga_m, on, shards=0)
            transaction.set_rollback(True)
        sharded = _effects(ipatinga_m, on, shards=3)
        assert sharded == whole, on
        assert sharded[1] and sharded[4] > 0  # not a comparison of empty sweeps: avisos
        again = _effects(ipatinga_m, on, shards=3)
        assert again[:3] == ([], [], sharded[2]) and again[4] == 0
    # The day after the report ended: irregularities and missed inspections (art. 39 VI).
    assert sharded[0] and sharded[2]


def _holder_of_two_permits(m, clerk, tender):  # type: ignore[no-untyped-def]
    """A holder of two permits with three other holders' permits granted between them, so the
    two fall in different ranges of permit ids; the holder's medical certificate ends on the day
    the inspection reports end and the CNH a week before. Returns the two permits, the
    certificate and that day."""
    holder, vehicle = make_applicant(m, clerk, n=1, year=2016)
    first = grant(m, clerk, holder, vehicle, tender)
    for n, year in ((2, 2018), (3, 2021), (4, 2024)):
        person, vehicle = make_applicant(m, clerk, n=n, year=year)
        grant(m, clerk, person, vehicle, tender)
    # The law refuses a second permission at the grant (D-13), but a holder found holding one is
    # a cause of cassação (mototaxi art. 32 III f): until it is judged the registry has both, and
    # the sweep checks both.
    stand_in, vehicle = make_applicant(m, clerk, n=5, year=2017)
    second = grant(m, clerk, stand_in, vehicle, tender)
    due = inspection(m, first).valid_until
    assert due is not None
    with tenant(m):
        Permit.objects.filter(pk=second.pk).update(holder=holder)
        second.refresh_from_db()
        medical = Document.objects.get(person=holder, doc_type=Document.Type.MEDICAL)
        Document.objects.filter(pk=medical.pk).update(valid_until=due)
        DrivingLicence.objects.filter(person=holder).update(expires_on=due - dt.timedelta(days=7))
    return first, second, medical, due


def _shard_of(shards: list[sweep.Shard], key: int) -> int:
    return next(
        s.index for s in shards if (s.lo is None or s.lo <= key) and (s.hi is None or key < s.hi)
    )


def test_a_holders_two_permits_in_two_ranges_of_permit_ids_are_swept_in_one_shard(
    ipatinga_m, clerk, tender
):
    """The reason the shards are cut by holder (ADR 0049): the holder's document aviso is the
    holder's, found through either permit, and names the first permit by id, as in one process
    — whichever shard the workers take first."""
    first, second, medical, due = _holder_of_two_permits(ipatinga_m, clerk, tender)
    assert first.holder_id == second.holder_id
    with tenant(ipatinga_m):
        ids = list(Permit.objects.order_by("pk").values_list("pk", flat=True))
    by_id = sweep.cut(ids, 3)
    assert _shard_of(by_id, first.pk) != _shard_of(by_id, second.pk)  # ranges of permit ids
    for on in (due - dt.timedelta(days=7), due + dt.timedelta(days=1)):
        with transaction.atomic():
            whole = _effects(ipatinga_m, on, shards=0)
            transaction.set_rollback(True)
        writers: dict[int, set[tuple[str, str, int]]] = {}
        sharded = _effects(ipatinga_m, on, shards=3, reverse=True, writers=writers)
        assert sharded == whole, on
        # Both permits written by one shard of each step, never by two.
        assert writers.get(first.pk) and writers.get(second.pk), on
        for step in ("registry", "inspections"):
            parts = {w for p in (first, second) for w in writers[p.pk] if w[:2] == (step, "shard")}
            assert len(parts) <= 1, (on, step, parts)
        assert any(w[0] == "registry" for w in writers[first.pk] | writers[second.pk])
        again = _effects(ipatinga_m, on, shards=3, reverse=True)
        assert again[:3] == ([], [], sharded[2]) and again[4] == 0
    _assert_the_holders_avisos_and_acts_made_once(ipatinga_m, first, second, medical)


def _assert_the_holders_avisos_and_acts_made_once(m, first, second, medical):  # type: ignore[no-untyped-def]
    """After the sweeps of a week before and of the day after the certificate's end."""
    with tenant(m):
        notices = list(Notification.objects.filter(person=first.holder_id))
        acts = list(
            Act.objects.filter(
                action="permit.irregular", object_id__in=[str(first.pk), str(second.pk)]
            ).values_list("object_id", flat=True)
        )
        second_permit = Permit.objects.get(pk=second.pk)
    keys = [n.key for n in notices]
    assert len(keys) == len(set(keys))
    # The certificate's aviso a week before and its expiry: once each, naming the first permit.
    of_medical = sorted(
        (n.kind, n.permit_id)
        for n in notices
        if n.key.startswith((f"registry.doc:{medical.pk}:", f"registry.doc-expired:{medical.pk}"))
    )
    assert of_medical == [
        (Notification.Kind.DOCUMENT_EXPIRED, first.pk),
        (Notification.Kind.DOCUMENT_EXPIRING, first.pk),
    ]
    # The CNH's aviso names the permit (its key does): one for each, on the day it ends.
    cnh = sorted(n.permit_id for n in notices if n.kind == Notification.Kind.LICENCE_EXPIRING)
    assert cnh == sorted([first.pk, second.pk])
    # The expired certificate makes each permit irregular by one act.
    assert sorted(acts) == sorted([str(first.pk), str(second.pk)])
    assert second_permit.irregular and "atestado" in second_permit.irregular_reason.lower()


def test_the_heavy_steps_are_cut_in_shards_that_cover_each_holder_once(ipatinga_m, clerk, tender):
    due = _world(ipatinga_m, clerk, tender)
    run_id, parts = sweep.enqueue_run(ipatinga_m, due + dt.timedelta(days=1), shards=3)
    shards = [p for p in parts if p.step == "registry"]
    assert [p.kind for p in shards] == ["shard"] * 3
    assert shards[0].lo is None and shards[-1].hi is None
    assert [p.hi for p in shards[:-1]] == [p.lo for p in shards[1:]]  # no gap, no overlap
    inspections = [p for p in parts if p.step == "inspections"]
    assert [p.kind for p in inspections] == ["shard"] * 3 + ["tail"]
    # The steps stay in order: one stage each, the inspections' tail after its shards.
    assert [p.stage for p in parts] == sorted(p.stage for p in parts)
    assert {p.status for p in parts if p.stage == 0} == {SweepPart.Status.QUEUED}
    assert {p.status for p in parts if p.stage > 0} == {SweepPart.Status.WAITING}
    waiting = sweep.run_report(ipatinga_m, due + dt.timedelta(days=1))
    assert any("registry: 0 de 3 parte(s) concluída(s)" in line for line in waiting)
    _drain(ipatinga_m, run_id)
    report = sweep.run_report(ipatinga_m, due + dt.timedelta(days=1))
    assert any("registry: concluído em 3 parte(s)" in line for line in report)
    assert any("inspections: concluído em 4 parte(s)" in line for line in report)


def test_a_part_taken_again_after_its_worker_died_changes_nothing_twice(ipatinga_m, clerk, tender):
    due = _world(ipatinga_m, clerk, tender)
    on = due + dt.timedelta(days=1)
    run_id, parts = sweep.enqueue_run(ipatinga_m, on, shards=2, only=["registry"])
    first = parts[0]
    sweep.part_run(first.pk)
    with tenant(ipatinga_m):
        acts = Act.objects.count()
        # The worker died after the step's writes, before the part was recorded as done.
        SweepPart.objects.filter(pk=first.pk).update(status=SweepPart.Status.RUNNING)
    sweep.part_run(first.pk)
    with tenant(ipatinga_m):
        assert Act.objects.count() == acts
        again = SweepPart.objects.get(pk=first.pk)
    assert (again.status, again.attempts, again.changes) == (SweepPart.Status.DONE, 2, 0)
    # Its summary does not pass the 0 off as the part's work: the first attempt's is in the acts.
    assert again.lines[0].startswith("tentativa 2: as alterações gravadas antes da interrupção")


def _committed_ipatinga():  # type: ignore[no-untyped-def]
    """Ipatinga as the demo loads it, its clerk and a homologated mototaxi tender: the shards run
    in threads, each on its own connection, so the world is committed (no fixture's transaction)."""
    from demo_factories import demo_fresh
    from registry_factories import MOTO_ON as ON

    from outorga.core.acts import Actor
    from outorga.core.demo import demo_username
    from outorga.core.models import Municipality, User
    from outorga.law.competence import Role
    from outorga.registry.models import Tender

    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi",
            number="P/2026",
            places=10,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
    return m, clerk, tender


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_the_shards_of_a_step_run_at_once_and_write_each_thing_once():
    m, clerk, tender = _committed_ipatinga()
    due = _world(m, clerk, tender)
    on = due + dt.timedelta(days=1)
    first = _effects(m, on, shards=3, threads=True)
    assert first[0] and first[2]
    with tenant(m):
        objects = list(
            Act.objects.filter(action="permit.irregular").values_list("object_id", flat=True)
        )
        keys = list(Notification.objects.values_list("key", flat=True))
    assert len(objects) == len(set(objects)) == 4  # the fifth is irregular by a clerk
    assert len(keys) == len(set(keys))
    assert verify_chain(m).ok
    again = _effects(m, on, shards=3, threads=True)
    assert again[:2] == ([], []) and again[4] == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_holders_two_permits_are_swept_by_one_of_the_shards_running_at_once():
    """Cut by permit id, the shards running at once would race for the holder's certificate
    aviso (ADR 0049, alternatives); cut by holder, one shard makes it, as in one process."""
    m, clerk, tender = _committed_ipatinga()
    first, second, medical, due = _holder_of_two_permits(m, clerk, tender)
    for on in (due - dt.timedelta(days=7), due + dt.timedelta(days=1)):
        with transaction.atomic():
            whole = _effects(m, on, shards=0)
            transaction.set_rollback(True)
        sharded = _effects(m, on, shards=3, threads=True)
        assert sharded == whole, on
        again = _effects(m, on, shards=3, threads=True)
        assert again[:2] == ([], []) and again[4] == 0
    _assert_the_holders_avisos_and_acts_made_once(m, first, second, medical)
    assert verify_chain(m).ok


def test_an_older_attempt_of_a_part_neither_ends_it_nor_undoes_its_end(
    ipatinga_m, clerk, tender, monkeypatch
):
    """A task may run twice at once (a stalled worker back while its lease's retry runs, ADR
    0016): the older attempt that finishes while a newer one runs does not end the part, so the
    next stage is not queued beside it; one that fails after the part ended leaves it done."""
    from django.db.models import F

    due = _world(ipatinga_m, clerk, tender)
    on = due + dt.timedelta(days=1)
    run_id, parts = sweep.enqueue_run(ipatinga_m, on, shards=2, only=["registry", "inspections"])
    first = parts[0]
    real = sweep._part_result

    def overtaken(m, part):  # type: ignore[no-untyped-def]
        result = real(m, part)
        # Meanwhile the lease's retry took the part (attempt 2) and is still running.
        SweepPart.objects.filter(pk=part.pk).update(attempts=F("attempts") + 1)
        return result

    monkeypatch.setattr(sweep, "_part_result", overtaken)
    sweep.part_run(first.pk)
    with tenant(ipatinga_m):
        mine = SweepPart.objects.get(pk=first.pk)
    assert mine.status == SweepPart.Status.RUNNING
    monkeypatch.setattr(sweep, "_part_result", real)
    for p in parts:
        if p.stage == 0:
            sweep.part_run(p.pk)
    with tenant(ipatinga_m):
        assert SweepPart.objects.get(pk=first.pk).status == SweepPart.Status.DONE
        assert SweepPart.objects.filter(run=run_id, stage=1, status="queued").exists()

    def fails_after_the_end(m, part):  # type: ignore[no-untyped-def]
        SweepPart.objects.filter(pk=part.pk).update(status=SweepPart.Status.DONE)
        raise RuntimeError("worker lost")

    with tenant(ipatinga_m):
        # An older attempt of the same part, started before the newer one ended it.
        SweepPart.objects.filter(pk=first.pk).update(status=SweepPart.Status.RUNNING)
    monkeypatch.setattr(sweep, "_part_result", fails_after_the_end)
    with pytest.raises(RuntimeError):
        sweep.part_run(first.pk)
    with tenant(ipatinga_m):
        assert SweepPart.objects.get(pk=first.pk).status == SweepPart.Status.DONE
