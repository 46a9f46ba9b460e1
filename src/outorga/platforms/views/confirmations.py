"""What an irreversible act of the platforms' due process says before it runs (``core.confirm``):
the consequence read from the records — None where the act cannot run for this person or in this
state, so that the service answers why instead of a confirmation of something impossible."""

from __future__ import annotations

from django.urls import reverse

from outorga.core.confirm import Confirmation
from outorga.core.localtime import today_of
from outorga.core.models import Municipality, User
from outorga.law import interfaces
from outorga.law.competence import is_allowed
from outorga.law.money import brl
from outorga.platforms.services.common import apps_law, bound_law, cited
from outorga.platforms.services.credentialing import _counted_platforms

from ..models import (
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformPenalty,
    PlatformPenaltyAppeal,
    PlatformStatusChange,
)

GROUNDS = "Fundamentos (vício de legalidade)"


def _may(user: User, action: str, x: PlatformPenalty | PlatformCase) -> bool:
    return is_allowed(user.role, action, apps_law(x.municipality), today_of(x.municipality))


def within(m: Municipality, concept: str) -> str:
    """The articles the apps law bound in ``m`` names for ``concept``, without its title (the
    confirmation speaks of that law's acts): never an article written here."""
    return interfaces.cited_within(apps_law(m), concept)


def _annulment(
    title: str, text: str, *, appeal_waits: bool, back: str, grounds: str
) -> Confirmation:
    """The confirmation of an annulment of the authority's own motion (Lei 9.784/1999 art. 53):
    ``text`` says what it undoes; a waiting appeal is prejudicado (art. 52); the grounds shown."""
    if appeal_waits:
        text += "; o recurso pendente fica prejudicado"
    return Confirmation(
        title=title,
        consequence=f"{text}.",
        back=back,
        details=((GROUNDS, grounds),),
        button="Confirmar a anulação",
    )


def penalty_annul(x: PlatformPenalty, grounds: str, user: User) -> Confirmation | None:
    """The annulment of a warning or fine of the authority's own motion (Lei 9.784/1999 art. 53):
    it no longer counts as an occurrence, what was paid of the fine is given back and the rest
    cancelled, a waiting appeal prejudicado."""
    from outorga.finance.models import Debt
    from outorga.finance.payments import OWED, paid_cents

    if x.status == PlatformPenalty.Status.ANNULLED or not _may(user, "case.annul", x):
        return None
    what = x.get_kind_display()
    text = f"A anulação de ofício da {what} é definitiva: ela deixa de contar como ocorrência"
    text += f" ({within(x.municipality, 'warning')})"
    debt = x.debt
    if debt is not None and (debt.status in OWED or debt.status == Debt.Status.PAID):
        paid = paid_cents(debt)
        if paid:
            text += f"; o que foi pago da multa ({brl(paid)}) é devolvido"
            if debt.status in OWED:
                text += f" e o saldo do débito {debt.reference} é cancelado"
        else:
            text += f"; o débito {debt.reference} ({brl(debt.amount_cents)}) é cancelado"
    return _annulment(
        f"anular de ofício a {what} de {x.platform.name}",
        text,
        appeal_waits=PlatformPenaltyAppeal.objects.filter(
            penalty=x, result=PlatformPenaltyAppeal.Result.PENDING
        ).exists(),
        back=reverse("platforms:penalty_detail", args=[x.pk]),
        grounds=grounds,
    )


def _cap_full(c: PlatformCase) -> str:
    """ADR 0064: the cap of platforms (art. 3 §1, the bound law's) already filled by others — the
    credential comes back all the same, and the authority is told. Asked of the law core
    (``platforms_over_cap``, ADR 0069), so a court's suspension of the cap (D-16) says nothing."""
    m = c.municipality
    law = bound_law(m, today_of(m))
    if not law.answers("platforms_over_cap"):  # a law with no cap of platforms
        return ""
    others = _counted_platforms(exclude=c.platform_id)
    over = law.ask("platforms_over_cap", {"credentialed_platforms": others + 1})
    if not over.outcome["over_platform_cap"]:
        return ""
    return (
        f"; o limite de {over.outcome['cap']} plataformas já está preenchido por outras {others}: "
        "a anulação não retira a vaga que o cancelamento nulo nunca tirou, a plataforma volta "
        f"acima do limite e a autoridade é avisada ({cited(m, 'platform_cap')})"
    )


def case_annul(c: PlatformCase, grounds: str, user: User) -> Confirmation | None:
    """The annulment of a credential's suspension or cancellation by the Chief Executive (Lei
    9.784/1999 art. 53; art. 26 IV): the credential comes back when the status in force is the
    one this case set, and a cancellation's drivers with it (art. 3 §2); it no longer counts as an
    occurrence; a waiting appeal prejudicado."""
    if (
        c.status != PlatformCase.Status.UPHELD
        or c.annulled_on is not None
        or not _may(user, "platform.suspend", c)
    ):
        return None
    p = c.platform
    text = f"A anulação de ofício do processo {c.pk} ({c.get_kind_display()}) é definitiva"
    set_here = (
        PlatformStatusChange.objects.filter(platform=p, new_status=p.status)
        .order_by("-pk")
        .values_list("case_id", flat=True)
        .first()
        == c.pk
    )
    if p.status != Platform.Status.CREDENTIALED and set_here:
        text += f": a plataforma {p.name} deixa de estar {p.get_status_display()} e o "
        text += "credenciamento volta, como a lei diz ao desfazer a medida "
        text += f"({within(c.municipality, 'credential_measures')})"
        if p.status == Platform.Status.CANCELLED:
            text += ", com os motoristas que o cancelamento desativou, dentro dos limites "
            text += f"({within(c.municipality, 'roster_size')})"
            text += _cap_full(c)
    else:
        text += f": a plataforma {p.name} segue {p.get_status_display()} (a medida deste "
        text += "processo já não é a que está em vigor)"
    text += "; o processo deixa de contar como ocorrência "
    text += f"({within(c.municipality, 'warning')})"
    return _annulment(
        f"anular de ofício o processo {c.pk} ({c.get_kind_display()})",
        text,
        appeal_waits=PlatformCaseAppeal.objects.filter(
            case=c, result=PlatformCaseAppeal.Result.PENDING
        ).exists(),
        back=reverse("platforms:case", args=[c.pk]),
        grounds=grounds,
    )
