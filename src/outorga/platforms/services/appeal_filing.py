"""An appeal or a request of annulment filed against a measure of the apps law (art. 26,
parágrafo único; Lei 9.784/1999 art. 53, 56–59): who files it, by which channel and on which day
(:class:`AppealFiled`, :func:`appeal_filing`), its admission within the period the law core
counts (:func:`appeal_admit`), the refusal of one already closed (:func:`appeal_closed`) and a
request of annulment (:func:`annulment_asked`) — shared by the penalties' and the cases'
appeals."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from outorga.core.acts import Actor, law_refused
from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.law.citations import lei_9784, lei_9784_many
from outorga.law.decisions import Decision

from ..models import AppealFiling, PlatformPenaltyAppeal
from .common import (
    AppealT,
    PlatformError,
    PlatformRefused,
    appeal_admission,
    authorize_apps,
    bound_law,
    field_error,
)


@dataclass(frozen=True)
class AppealFiled:
    """An appeal against a penalty of the apps law as :func:`appeal_filing` checked it: who files
    it and where, how (``channel``), its reasons, the day it counts as filed and the day it is
    recorded (``on``)."""

    actor: Actor
    municipality: Municipality
    channel: str
    text: str
    filed_on: dt.date
    on: dt.date

    def recorded(self, appeal: AppealFiling) -> dict[str, Any]:
        """What the act of an admitted appeal records of every one: how and when it was filed,
        the period it met and the deciding authority's period to reconsider."""
        return {
            "channel": self.channel,
            "filed_on": self.filed_on,
            "deadline": appeal.deadline,
            "reconsider_until": appeal.reconsider_until,
        }


def appeal_admit(
    filing: AppealFiled,
    *,
    action: str,
    model: type[AppealT],
    of: str,
    against: str,
    obj: Any,
    decided_on: dt.date,
    decision_notice_on: dt.date | None,
    from_admission: Iterable[str] = (),
) -> tuple[AppealT | Refused, Decision, Decision | None]:
    """Inside the transaction that locks what is appealed against (``obj``, the appeal's field
    ``of``): a second appeal is refused naming the first, one dated before the decision names the
    field, then :func:`appeal_admission`. Admitted: the appeal (a ``model``) is created with the
    fields every admitted appeal records — who filed it, how and when, the period it met and the
    deciding authority's period to reconsider (Lei 9.784/1999 art. 59, 56 §1), the admission's
    trace and its outcome's ``from_admission`` — and returned with ``(admission, period)``. Late:
    the law's refusal ("Recurso não conhecido"), kept as the act ``action`` on ``obj``, in the
    appeal's place, for the caller to raise once committed."""
    actor, municipality, filed_on = filing.actor, filing.municipality, filing.filed_on
    existing = model.objects.filter(**{of: obj}).first()
    if existing is not None:
        raise PlatformError(
            f"Já há recurso contra {against}, apresentado em {existing.filed_on:%d/%m/%Y}.",
            status=409,
            obj_id=existing.pk,
        )
    if filed_on < decided_on:
        raise field_error(
            "filed_on", f"O recurso não pode ser anterior à decisão ({decided_on:%d/%m/%Y})."
        )
    admission, period = appeal_admission(municipality, filing.on, filed_on, decision_notice_on)
    if period is None:
        refused = law_refused(
            actor=actor,
            municipality=municipality,
            action=action,
            d=admission,
            obj=obj,
            new={"filed_on": filed_on, "channel": filing.channel},
            error=partial(PlatformRefused, "Recurso não conhecido"),
        )
        return refused, admission, None
    appeal = model.objects.create(
        **{of: obj},
        **{k: admission.outcome[k] for k in from_admission},
        channel=filing.channel,
        text=filing.text.strip(),
        filed_on=filed_on,
        filed_by=actor.user,
        filed_by_name=actor.name[:120],
        deadline=admission.outcome["appeal_until"],
        reconsider_until=period.outcome["reconsider_until"],
        admission=admission.to_json(),
    )
    return appeal, admission, period


#: The reasoning of an appeal left without object by the annulment, of the authority's own motion,
#: of the decision it was against (Lei 9.784/1999 art. 52, 53).
MOOT_REASONING = f"Prejudicado: penalidade anulada de ofício ({lei_9784_many(53, 52)})."


def appeal_closed(moot: bool, otherwise: str) -> PlatformError:
    """The conflict (409) refusing a step on an appeal no longer waiting for it: ``moot`` when the
    decision appealed against was annulled of the authority's own motion, the appeal having lost
    its object (Lei 9.784/1999 art. 52); ``otherwise`` what already happened to it."""
    return PlatformError(
        f"Recurso prejudicado: a penalidade foi anulada de ofício ({lei_9784(52)})."
        if moot
        else otherwise,
        status=409,
    )


def appeal_filing(
    *,
    actor: Actor,
    municipality: Municipality,
    channel: str,
    text: str,
    filed_on: dt.date | None,
    on: dt.date | None,
) -> AppealFiled:
    """The checks every appeal against a penalty of the apps law passes before its case is
    locked — the filer's competence (``defence.file``), the channel, the reasons — and the appeal
    so checked, with its days: filed by the platform itself (API or portal) today; on paper, the
    protocol's date, never in the future."""
    authorize_apps(actor=actor, municipality=municipality, action="defence.file")
    if channel not in PlatformPenaltyAppeal.Channel.values:
        raise field_error("channel", "Meio do recurso: API, portal ou papel.")
    if not text.strip():
        raise field_error("text", "Apresente as razões do recurso.")
    on = on or today_of(municipality)
    filed_on = (filed_on or on) if channel == PlatformPenaltyAppeal.Channel.PAPER else on
    if filed_on > on:
        raise field_error("filed_on", "A data de apresentação não pode estar no futuro.")
    return AppealFiled(actor, municipality, channel, text, filed_on, on)


#: The law's refusal of an annulment of the authority's own motion named on the form's input.
ANNULMENT_FIELDS = {"d_17_lei_9784_art_50_viii_grounds": "grounds"}


def annulment_asked(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    obj: Any,
    kind: str,
    stage: str,
    grounds: str,
    on: dt.date,
) -> tuple[Decision, Refused | None]:
    """The law's ``case_annulment`` of ``obj`` (its ``kind`` at its ``stage``) on ``on``, with
    the refusal — no grounds, nothing standing to annul (Lei 9.784/1999 art. 50, 53; D-17) —
    kept in the acts log as ``action`` on ``obj``, for the caller to raise once its transaction
    is committed. Inside that transaction."""
    d = bound_law(municipality, on).ask(
        "case_annulment",
        {"kind": kind, "stage": stage, "grounds": grounds, "decided_on": on.isoformat()},
    )
    if d.outcome["allowed"]:
        return d, None
    refused = law_refused(
        actor=actor,
        municipality=municipality,
        action=action,
        d=d,
        obj=obj,
        new={"grounds": grounds},
        error=partial(
            PlatformRefused,
            "Anulação de ofício recusada",
            each_reason=True,
            fields=ANNULMENT_FIELDS,
        ),
    )
    return d, refused
