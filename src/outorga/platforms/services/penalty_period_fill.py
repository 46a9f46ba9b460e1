"""The appeals against a platform's penalty filed before the apps law gave the authority that
imposed it five days to reconsider (Lei 9.784/1999 art. 56 §1, D-17): the daily sweep gives each
the period it lacks, as a new filing gets it (``common.reconsideration_period``)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from outorga.core.acts import Actor, record_act
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..models import PlatformPenaltyAppeal
from .common import basis_many, counted_on, reconsideration_period


def platform_penalty_appeal_periods_fill(
    *, actor: Actor, municipality: Municipality
) -> list[PlatformPenaltyAppeal]:
    """The appeals against a penalty still with the authority that imposed it — pending, neither
    reconsidered nor sent up — that carry no period to reconsider because they were filed before
    the apps law's penalties had the step (Lei 9.784/1999 art. 56 §1, D-17; e9510984): each gets
    the last day the law gives, asked as at its filing (:func:`common.reconsideration_period`,
    on the day its admission was counted), with an act ``appeal.reconsider.fill``. Until then the
    penalty's page offered the Chief Executive an appeal the law keeps with the authority for its
    period (and hid the authority's reconsideration); afterwards both read the same day, and a
    day later recorded as no business day moves it (``deadlines.platform_deadlines_recount``).
    Run first by the daily sweep; a second run changes nothing. The appeals filled."""
    with tenant(municipality):
        ids = list(
            _awaiting_a_period(PlatformPenaltyAppeal.objects.all())
            .order_by("pk")
            .values_list("pk", flat=True)
        )
    filled = []
    for pk in ids:
        with transaction.atomic(), tenant(municipality):
            a = (
                _awaiting_a_period(PlatformPenaltyAppeal.objects.select_for_update(of=("self",)))
                .select_related("penalty__platform")
                .filter(pk=pk)
                .first()
            )
            if a is None:  # judged, reconsidered or given its period meanwhile
                continue
            period = reconsideration_period(
                municipality, counted_on(a.admission, a.filed_on), a.filed_on
            )
            a.reconsider_until = period.outcome["reconsider_until"]
            a.save(update_fields=["reconsider_until"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="appeal.reconsider.fill",
                obj=a,
                old={"reconsider_until": None},
                new={
                    "penalty": a.penalty_id,
                    "filed_on": a.filed_on,
                    "reconsider_until": a.reconsider_until,
                },
                basis=basis_many([period]),
            )
            filled.append(a)
    return filled


def _awaiting_a_period(
    appeals: QuerySet[PlatformPenaltyAppeal],
) -> QuerySet[PlatformPenaltyAppeal]:
    """The appeals still with the authority that decided and without their period to reconsider."""
    return appeals.filter(
        result=PlatformPenaltyAppeal.Result.PENDING,
        reconsider_until=None,
        reconsidered_on=None,
        forwarded_on=None,
    )
