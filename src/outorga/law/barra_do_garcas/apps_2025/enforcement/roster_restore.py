"""Art. 26, IV with art. 3 §2 — the drivers a cancellation disabled, when it is annulled.

The cancellation of a platform's credential ("cancelamento definitivo do credenciamento", art. 26,
IV) takes its drivers off the roster: only a credentialed platform offers the service (art. 3) and
its drivers no longer hold a place in the municipality's (art. 3 §2). The apps law says nothing of
an annulment; Lei 9.784/1999 applies by default (D-17): the Administration "deve anular seus
próprios atos, quando eivados de vício de legalidade" (art. 53), on appeal or of its own motion,
and the appeal's authority "poderá confirmar, modificar, anular ou revogar" the decision (art. 64).
An annulled act is undone from the start: what it took away is given back — the driver it
disabled returns to the roster (the base rule). A cancellation turned into a suspension (art. 64)
gives the drivers back too: a suspension stops new drivers, not those on the roster.

What happened since stands (the exceptions, each its own rule):

* a driver the cancellation did not disable — the platform's own deactivation, before it — is
  not the annulment's to give back;
* a driver the platform disabled after the cancellation (a later entry of the same person,
  disabled by the platform) stays disabled: that act is the platform's, not the cancellation's;
* a driver already back on the roster (registered again, or given back by an earlier
  annulment) has nothing to be given back: asking again changes nothing.

And the driver returns as a registration enables one, on the day of the annulment: the
requirements of art. 4 and art. 17 (a CNH that lapsed meanwhile refuses) and the caps of art. 3
§2 (D-9 a; the places the cancellation freed may have been taken). The law gives no grace for a
driver who comes back; none is invented here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, cite
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from .._base import LAW, art, decide
from ..final_provisions import not_in_force
from ..registration import (
    DRIVER_FACTS,
    ROSTER_FACTS,
    VEHICLE_FACTS,
    driver_eligibility,
    roster_capacity,
    vehicle_eligibility,
)

QID = "barra-do-garcas.apps-2025.roster_restore"

#: How the cancellation was undone: annulled (Lei 9.784/1999 art. 53, on appeal art. 64) or
#: turned into a suspension on appeal (art. 64), which keeps the roster.
MEASURES: dict[str, tuple[str, tuple[Citation, ...]]] = {
    "annulled": ("anulado", (cite("federal.9784-1999", 53), cite("federal.9784-1999", 64))),
    "reduced_to_suspension": ("convertido em suspensão", (cite("federal.9784-1999", 64),)),
}

#: What happened to the driver on the platform since the cancellation: the platform disabled a
#: later entry of the person; the person is enabled again on the roster; an earlier annulment
#: already gave the entry back.
SINCE = ("platform_disabled", "on_roster", "restored")


def art26_iv_annulment_gives_back(ctx: Context, measure: str, disabled_by_measure: bool) -> Reason:
    """The base rule: the cancellation undone (Lei 9.784/1999 art. 53, 64) no longer takes the
    roster (art. 26, IV with art. 3 §2) — the driver it disabled returns. A driver it did not
    disable (the platform's own deactivation before it) is not its to give back."""
    label, federal = MEASURES[measure]
    return check(
        "apps.art26.iv.roster_restore",
        disabled_by_measure,
        f"Cancelamento do credenciamento {label}: o motorista que ele desativou volta ao "
        "cadastro da plataforma.",
        "O motorista não foi desativado pelo cancelamento (a desativação é anterior, da própria "
        f"plataforma): o cancelamento {label} não o devolve ao cadastro.",
        art(26, inc="IV"),
        art(3, 2),
        *federal,
        facts={"cancelamento": label, "desativado_pelo_cancelamento": disabled_by_measure},
    )


def art26_iv_platform_disabled_since(ctx: Context, since: frozenset[str]) -> Reason:
    """The exception: a deactivation by the platform after the cancellation is the platform's own
    act on its roster (art. 3 §2), which the annulment of the cancellation (art. 26, IV; Lei
    9.784/1999 art. 53) does not reach — the driver stays disabled."""
    disabled = "platform_disabled" in since
    return check(
        "apps.art26.iv.roster_restore.platform_disabled_since",
        not disabled,
        "A plataforma não desativou o motorista depois do cancelamento.",
        "A plataforma desativou o motorista depois do cancelamento: a desativação é ato da "
        "própria plataforma e subsiste à anulação.",
        art(3, 2),
        art(26, inc="IV"),
        cite("federal.9784-1999", 53),
        facts={"desativado_pela_plataforma_depois": disabled},
    )


def art26_iv_already_on_roster(ctx: Context, since: frozenset[str]) -> Reason:
    """The exception: a driver already back on the roster — registered again, or given back by
    an earlier annulment — has nothing left to be given back (art. 26, IV with art. 3 §2). An
    entry given back that the platform has disabled since is not back: that act is the answer
    (:func:`art26_iv_platform_disabled_since`)."""
    back = "on_roster" in since or ("restored" in since and "platform_disabled" not in since)
    return reason(
        "apps.art26.iv.roster_restore.already_on_roster",
        Verdict.INFO if back else Verdict.OK,
        (
            "O motorista já voltou ao cadastro depois do cancelamento: nada a devolver."
            if back
            else "O motorista ainda não voltou ao cadastro."
        ),
        art(3, 2),
        art(26, inc="IV"),
        facts={"já_no_cadastro": back},
    )


@question(
    QID,
    law=LAW,
    title="O motorista desativado pelo cancelamento anulado volta ao cadastro da plataforma?",
    schema=closed(
        {
            "measure": {"enum": list(MEASURES)},
            # The driver's deactivation was the cancellation's own.
            "disabled_by_measure": {"type": "boolean"},
            "since": list_of({"enum": list(SINCE)}, uniqueItems=True),
            # The registration's re-check on the annulment's day (art. 4, 17, art. 3 §2).
            "driver": DRIVER_FACTS,
            "vehicle": VEHICLE_FACTS,
            "roster": ROSTER_FACTS,
        },
        required=["measure", "disabled_by_measure", "driver", "vehicle", "roster"],
    ),
)
def roster_restore(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 26, IV with art. 3 §2 and Lei 9.784/1999 art. 53, 64: whether the driver the
    cancellation disabled returns to the roster now that it is annulled (``returns``), or is
    already back (``already``). The base rule, the exceptions of what happened since, then the
    requirements of a registration (art. 4, art. 17) and the caps (art. 3 §2) on ``ctx.as_of``."""
    if (before := not_in_force(QID, ctx)) is not None:
        return before
    since = frozenset(facts.get("since", ()))
    reasons = [
        art26_iv_annulment_gives_back(ctx, facts["measure"], bool(facts["disabled_by_measure"])),
        art26_iv_platform_disabled_since(ctx, since),
        art26_iv_already_on_roster(ctx, since),
    ]
    already = reasons[2].verdict is Verdict.INFO
    allowed = all(r.verdict is Verdict.OK for r in reasons[:2]) and not already
    if allowed:
        checks = [
            driver_eligibility(ctx, facts["driver"]),
            vehicle_eligibility(ctx, facts["vehicle"]),
        ]
        if all(d.outcome == "ok" for d in checks):
            checks.append(roster_capacity(ctx, facts["roster"]))
        reasons += [r for d in checks for r in d.reasons]
        allowed = all(d.outcome == "ok" for d in checks)
    if allowed:
        summary = "O motorista volta ao cadastro da plataforma."
    elif already:
        summary = "O motorista já voltou ao cadastro da plataforma."
    else:
        summary = "O motorista não volta ao cadastro da plataforma."
    return decide(QID, ctx, {"returns": allowed, "already": already}, reasons, summary)
