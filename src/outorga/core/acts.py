"""The acts log: every administrative act is one append-only, hash-chained record, written in the
same transaction as the change it records."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import models, transaction
from django.utils import timezone

from outorga.law.competence import Competence
from outorga.law.decisions import Decision, jsonable

from .bulkwrite import insert_rows
from .errors import FieldRefused, Refused
from .models import Act, ActChain, Municipality, User
from .tenancy import tenant, unscoped

GENESIS = "0" * 64

_Row = TypeVar("_Row", bound=models.Model)


def canonical_json(data: Mapping[str, Any]) -> str:
    """Sorted keys, no spaces, UTF-8 kept: the same record always hashes the same."""
    return _canonical_text(jsonable(data))


def _canonical_text(plain: Any) -> str:
    """:func:`canonical_json` of data already made plain by ``jsonable``."""
    return json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(prev_hash: str, canonical: str) -> str:
    return hashlib.sha256((prev_hash + canonical).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Actor:
    """Who acts: a user (with the role they act in), a platform token, or the system (sweeps)."""

    user: User | None
    role: str
    name: str
    ip: str | None = None

    @classmethod
    def of(cls, user: User, ip: str | None = None) -> Actor:
        return cls(user, user.role, user.get_username(), ip)

    @classmethod
    def system(cls, name: str = "sistema") -> Actor:
        return cls(None, "sistema", name, None)


def extension_apply(
    appeal: Any,
    *,
    actor: Actor,
    municipality: Municipality,
    on: dt.date,
    justification: str,
    d: Decision,
    of: dict[str, Any],
    basis: dict[str, Any],
) -> None:
    """The extension of ``appeal``'s period to judge (Lei 9.784/1999 art. 59 §2) the law allowed
    with ``d`` (its outcome's ``judge_until`` and ``extension``), inside the caller's transaction:
    the new last day, the day it was extended and what the appeal keeps of it (who, the
    justification, the day it ran from and the one it runs to, the law's answer), then the act
    ``appeal.judgment.extend`` — ``of`` naming what the appeal is against."""
    assert actor.user is not None
    ext = d.outcome["extension"]
    before = appeal.judge_until
    appeal.judge_until = d.outcome["judge_until"]
    appeal.judgment_extended_on = on
    appeal.judgment_extension = {
        "on": on.isoformat(),
        "by": actor.user.pk,
        "by_name": actor.user.get_full_name() or actor.name,
        "justification": justification,
        "from": ext["from"].isoformat(),
        "until": ext["until"].isoformat(),
        "decision": d.to_json(),
    }
    appeal.save(update_fields=["judge_until", "judgment_extended_on", "judgment_extension"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="appeal.judgment.extend",
        obj=appeal,
        old={"judge_until": before},
        new={
            **of,
            "extended_on": on,
            "judge_until": appeal.judge_until,
            "justification": justification,
        },
        basis=basis,
    )


def basis_of(
    decision: Decision | None = None,
    citations: Iterable[Any] = (),
    *,
    more: Iterable[Decision] = (),
) -> dict[str, Any]:
    """The legal basis stored with an act: citations and, when there is one, the decision trace;
    ``more``: the other decisions the act rests on (``decisions``), their citations joined."""
    out: dict[str, Any] = {"citations": [c.render() for c in citations]}
    if decision is not None:
        out["decision"] = decision.to_json()
        out["citations"] = sorted(set(out["citations"]) | set(out["decision"]["citations"]))
    others = [d.to_json() for d in more]
    if others:
        out["decisions"] = others
        out["citations"] = sorted(
            set(out["citations"]) | {c for x in others for c in x["citations"]}
        )
    return out


def competence_basis(competence: Competence | None) -> dict[str, Any]:
    """The basis of an act whose only ground is the competence to perform it (its citations)."""
    return basis_of(citations=competence.citations if competence else ())


def record_act(
    *,
    municipality: Municipality,
    actor: Actor,
    action: str,
    obj: models.Model | None = None,
    object_type: str = "",
    object_id: str = "",
    old: Mapping[str, Any] | None = None,
    new: Mapping[str, Any] | None = None,
    basis: Mapping[str, Any] | None = None,
    outcome: str = Act.Outcome.DONE,
    extra: Mapping[str, Any] | None = None,
) -> Act:
    """Append one act to the municipality's chain. Call inside the transaction of the change."""
    draft = ActDraft(action, obj, object_type, object_id, old, new, basis, outcome, extra)
    return record_acts(municipality=municipality, actor=actor, drafts=[draft])[0]


def insert_recorded(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    comp: Competence | None,
    before: _Row | None,
    row: _Row,
    as_json: Callable[[_Row], Mapping[str, Any]],
) -> _Row:
    """Insert the new dated ``row`` of the municipality's data and its act, in the caller's
    transaction: the row in force before it (``before``) as the old value, both as ``as_json``
    writes them, on the competence that allowed it."""
    row.save(force_insert=True)
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=row,
        old=as_json(before) if before else None,
        new=as_json(row),
        basis=competence_basis(comp),
    )
    return row


def law_refused(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    d: Decision,
    obj: models.Model | None = None,
    object_type: str = "",
    object_id: str = "",
    new: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
    field: str | Mapping[str, str] = "",
    default: str = "",
    lead: str = "",
    error: Callable[[Decision], Refused] | None = None,
) -> Refused:
    """The law's refusal ``d`` of ``action`` kept in the acts log (outcome ``refused``, the
    decision its basis; the object ``obj``, or ``object_type`` and ``object_id`` when there is
    none yet) and the error to raise: ``error(d)`` when given — an app's own :class:`Refused`,
    with its own text and answer (the platforms') —, else naming ``field`` (or the field
    ``field`` maps the first refused rule to, by its name; else ``default``) as a
    :class:`FieldRefused`, else a :class:`Refused` (its text after ``lead``, if given). The act is
    written in its own transaction when the caller has none — a refusal is kept even though
    nothing changed —, or in the caller's, which must then commit before raising."""
    _refusal_record(actor, municipality, action, d, obj, object_type, object_id, new, extra)
    if error is not None:
        return error(d)
    if field and d.refusals:
        refusal = FieldRefused(field, d, default)
        if refusal.field:
            return refusal
    return Refused(d, f"{lead}: {'; '.join(Refused(d).lines())}" if lead else "")


@contextmanager
def refusal_logged(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    obj: models.Model | None = None,
    new: Mapping[str, Any] | None = None,
) -> Iterator[None]:
    """A :class:`FieldRefused` raised within is kept in the acts log under ``action`` as
    :func:`law_refused` keeps it — written after the transaction it undid: wrap the
    transaction — and raised again."""
    try:
        yield
    except FieldRefused as exc:
        _refusal_record(actor, municipality, action, exc.decision, obj, "", "", new, None)
        raise


def _refusal_record(
    actor: Actor,
    municipality: Municipality,
    action: str,
    d: Decision,
    obj: models.Model | None,
    object_type: str,
    object_id: str,
    new: Mapping[str, Any] | None,
    extra: Mapping[str, Any] | None,
) -> Act:
    """The one act a law's refusal leaves: outcome ``refused``, the decision its basis."""
    return record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=obj,
        object_type=object_type,
        object_id=object_id,
        outcome=Act.Outcome.REFUSED,
        new=new,
        basis=basis_of(d),
        extra=extra,
    )


@dataclass(frozen=True)
class ActDraft:
    """One act to append with :func:`record_acts` (the arguments of :func:`record_act`)."""

    action: str
    obj: models.Model | None = None
    object_type: str = ""
    object_id: str = ""
    old: Mapping[str, Any] | None = None
    new: Mapping[str, Any] | None = None
    basis: Mapping[str, Any] | None = None
    outcome: str = Act.Outcome.DONE
    extra: Mapping[str, Any] | None = None


def record_acts(
    *, municipality: Municipality, actor: Actor, drafts: Sequence[ActDraft]
) -> list[Act]:
    """Append the acts of ``drafts``, in their order, to the municipality's chain: one lock of the
    chain's head and one insert for all of them (a sweep's batch of changes, ADR 0036). Each is
    the act :func:`record_act` would write — its own sequence number, record and hash — and all
    carry the same time. Call inside the transaction of the changes."""
    if not drafts:
        return []
    now = timezone.now().astimezone(dt.UTC)
    with transaction.atomic(), tenant(municipality):
        # The chain head row serialises writers of one municipality (PostgreSQL row lock).
        head, _ = ActChain.objects.get_or_create(municipality=municipality)
        head = ActChain.objects.select_for_update().get(pk=head.pk)
        acts: list[Act] = []
        seq, last_hash = head.last_seq, head.last_hash
        bases: dict[int, Any] = {}
        for d in drafts:
            object_type, object_id = d.object_type, d.object_id
            if d.obj is not None:
                object_type = object_type or d.obj._meta.label_lower
                object_id = object_id or str(d.obj.pk)
            seq += 1
            record = {
                "municipality": municipality.ibge_code,
                "seq": seq,
                "time": now.isoformat(),
                "actor": actor.name,
                "role": actor.role,
                "action": d.action,
                "object": {"type": object_type, "id": object_id},
                "payload": {"old": d.old or {}, "new": d.new or {}, **(d.extra or {})},
                "ip": actor.ip,
                "outcome": str(d.outcome),
            }
            basis = d.basis or {"citations": []}
            if id(basis) not in bases:  # acts of one decision share its basis (a sweep's batch)
                bases[id(basis)] = jsonable(basis)
            # canonical_json(record | {"basis": basis}), the shared basis made plain once
            canonical = _canonical_text(jsonable(record) | {"basis": bases[id(basis)]})
            digest = chain_hash(last_hash, canonical)
            acts.append(
                Act(
                    municipality=municipality,
                    seq=seq,
                    created_at=now,
                    actor=actor.user,
                    actor_name=actor.name,
                    role=actor.role,
                    action=d.action,
                    object_type=object_type,
                    object_id=object_id,
                    outcome=d.outcome,
                    ip=actor.ip,
                    canonical=canonical,
                    prev_hash=last_hash,
                    hash=digest,
                )
            )
            last_hash = digest
        if len(acts) == 1:
            acts[0].save(force_insert=True)
        else:
            insert_rows(acts)
        head.last_seq, head.last_hash = seq, last_hash
        head.save(update_fields=["last_seq", "last_hash"])
    return acts


@dataclass(frozen=True)
class ChainReport:
    municipality: str
    checked: int
    broken_at: int | None  # seq of the first bad record
    problem: str = ""
    head_hash: str = GENESIS  # the hash of the last record that fits (checked records)

    @property
    def ok(self) -> bool:
        return self.broken_at is None


def verify_chain(municipality: Municipality) -> ChainReport:
    """Recompute the chain and name the first record that does not fit.

    Detects an edited record (hash mismatch), a deleted one (gap in seq or a head that points past
    the last record) and a reordering (prev_hash not the previous record's hash). A cut tail with
    the head reset, or a wiped log, fits here: only a checkpoint kept outside the database shows
    it (``outorga.core.checkpoints``).
    """
    report = walk_chain(municipality)
    if not report.ok:
        return report
    with unscoped():
        head = ActChain.objects.filter(municipality=municipality).first()
    if head is not None and (head.last_seq != report.checked or head.last_hash != report.head_hash):
        first, last = report.checked + 1, max(head.last_seq, report.checked + 1)
        return ChainReport(
            municipality.slug,
            report.checked,
            first,
            f"registros finais ausentes: {missing_range(first, last)}",
            report.head_hash,
        )
    return report


def missing_range(first: int, last: int) -> str:
    """The acts missing, as the operator reads it: "ato 7 ausente", "atos 7 a 9 ausentes"."""
    if first >= last:
        return f"ato {first} ausente"
    return f"atos {first} a {last} ausentes"


def walk_chain(municipality: Municipality, *, after: int = 0, prev: str = GENESIS) -> ChainReport:
    """Check the records after seq ``after`` (whose hash is ``prev``) up to the last one stored."""
    expected_seq = after + 1
    checked = after
    label = municipality.slug
    with unscoped():
        rows = (
            Act.objects.filter(municipality=municipality, seq__gt=after)
            .order_by("seq", "id")
            .values_list(
                "seq",
                "canonical",
                "prev_hash",
                "hash",
                "action",
                "actor_name",
                "role",
                "object_type",
                "object_id",
                "outcome",
                "ip",
            )
        )
        for seq, canonical, prev_hash, digest, *columns in rows.iterator(chunk_size=2000):
            if seq != expected_seq:
                return ChainReport(
                    label, checked, expected_seq, f"registro {expected_seq} ausente", prev
                )
            if prev_hash != prev:
                return ChainReport(label, checked, seq, "encadeamento quebrado (prev_hash)", prev)
            try:
                record = json.loads(canonical)
            except ValueError:
                return ChainReport(label, checked, seq, "conteúdo ilegível", prev)
            if record.get("seq") != seq:
                return ChainReport(label, checked, seq, "número de sequência alterado", prev)
            if chain_hash(prev, canonical) != digest:
                return ChainReport(
                    label, checked, seq, "conteúdo alterado (hash não confere)", prev
                )
            shown = [
                record["action"],
                record["actor"],
                record["role"],
                record["object"]["type"],
                record["object"]["id"],
                record["outcome"],
                record["ip"],
            ]
            if columns != shown:
                return ChainReport(
                    label, checked, seq, "colunas diferem do registro assinado", prev
                )
            prev = digest
            expected_seq += 1
            checked += 1
    return ChainReport(label, checked, None, "", prev)
