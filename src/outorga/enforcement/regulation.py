"""The taxi regulation's infraction items (taxi art. 43: "a descrição das infrações ... serão
definidos através de regulamento próprio"; D-10) as the municipality's dated data (D-15).

An item is never edited: a regulation that changes one closes the version in force on the day
before its own start and opens a new version under the same code; one that revokes it closes it.
A fact is judged by the items in force on its date (:func:`selectors.taxi_items`), so an auto
already written keeps the nature it was written under. The administrator records them, as any
value of a decree or regulation (``municipality.taxi_item.record``).
"""

from __future__ import annotations

import datetime as dt
import re

from django.db import IntegrityError, transaction
from django.utils import timezone

from outorga.core.acts import Actor, competence_basis, insert_recorded, record_act
from outorga.core.authz import authorize
from outorga.core.lawseam import LawNotBound, cited_aside, law_of
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.registry.validation import FieldError

from .lawbridge import catalog
from .lawbridge import procedure as law_procedure
from .models import InfractionNotice, Severity, TaxiInfractionItem

ACTION = "municipality.taxi_item.record"


def delegating_law(municipality: Municipality, on: dt.date | None = None) -> str | None:
    """The law bound in ``municipality`` on ``on`` (today) whose infractions a municipal
    regulation completes (taxi art. 43): its procedure names the article that delegates."""
    day = on or today_of(municipality)
    for service in dict.fromkeys(b.service for b in municipality.law_bindings()):
        try:
            law = law_of(municipality, service, day)
            procedure = law_procedure(law)
        except (LawNotBound, LookupError):
            continue
        if procedure.regulation is not None:
            return law
    return None


def _law(municipality: Municipality) -> tuple[str, str]:
    """The delegating law and its article, or a refusal: no law here delegates infractions."""
    law = delegating_law(municipality)
    if law is None:
        raise FieldError(
            "código", "nenhuma lei deste Município deixa infrações a regulamento próprio"
        )
    regulation = law_procedure(law).regulation
    assert regulation is not None
    return law, regulation.render()


_CODE = re.compile(r"[a-z0-9][a-z0-9_-]{1,39}")


def _text(value: str, field: str, what: str, limit: int, cite: str = "") -> str:
    value = (value or "").strip()
    if not value:
        raise FieldError(field, f"informe {what}", cite)
    if len(value) > limit:
        raise FieldError(field, f"{what}: no máximo {limit} caracteres")
    return value


def _autos_since(law: str, code: str, day: dt.date) -> dt.date | None:
    """The first day on or after ``day`` with a taxi auto of ``code``: a regulation cannot change
    what an auto already written for a fact of that day was written under."""
    start = dt.datetime.combine(day, dt.time.min, tzinfo=timezone.get_current_timezone())
    first = (
        InfractionNotice.objects.filter(law=law, infraction_code=code, committed_at__gte=start)
        .order_by("committed_at")
        .values_list("committed_at", flat=True)
        .first()
    )
    return timezone.localtime(first).date() if first else None


def taxi_item_record(
    *,
    actor: Actor,
    municipality: Municipality,
    code: str,
    description: str,
    nature: str,
    reference: str,
    valid_from: dt.date,
    example: bool = False,
) -> TaxiInfractionItem:
    """A regulation's item from ``valid_from``: a new code, or a new version of one in force —
    which then ends on the day before. Refused: a code of the law's own conducts (art. 41 §2), a
    start not after the start of the version in force or within an older version, and a start on
    or before the date of a fact already written up under the code."""
    comp = authorize(actor=actor, municipality=municipality, action=ACTION)
    law, art_43 = _law(municipality)
    code = (code or "").strip().lower()
    if not _CODE.fullmatch(code):
        raise FieldError(
            "código",
            "use de 2 a 40 letras minúsculas sem acento, algarismos, '-' ou '_' (ex.: reg-fumar)",
        )
    if code in {k.code for k in catalog(law)}:
        raise FieldError(
            "código",
            f"'{code}' é conduta da própria lei{cited_aside(law, 'fine_natures')}: o regulamento "
            "acrescenta itens, não os substitui",
            art_43,
        )
    description = _text(description, "descrição", "a descrição da infração", 300, art_43)
    if nature not in Severity.values:
        raise FieldError("natureza", "escolha leve, média, grave ou gravíssima", art_43)
    reference = _text(
        reference, "ato do regulamento", "o ato do regulamento (decreto, artigo)", 200
    )
    try:
        with transaction.atomic(), tenant(municipality):
            current = (
                TaxiInfractionItem.objects.select_for_update()
                .filter(code=code, valid_until__isnull=True)
                .first()
            )
            if current is not None and current.valid_from and valid_from <= current.valid_from:
                raise FieldError(
                    "em vigor desde",
                    f"a versão em vigor começou em {current.valid_from:%d/%m/%Y}: a nova começa "
                    "depois (D-15)",
                )
            older = (
                TaxiInfractionItem.objects.filter(code=code, valid_until__gte=valid_from)
                .exclude(pk=current.pk if current else None)
                .first()
            )
            if older is not None:
                raise FieldError(
                    "em vigor desde",
                    f"o item já tinha outra versão em vigor em {valid_from:%d/%m/%Y} (até "
                    f"{older.valid_until:%d/%m/%Y}): um item não se altera para trás (D-15)",
                )
            if current is not None:
                written = _autos_since(law, code, valid_from)
                if written is not None:
                    raise FieldError(
                        "em vigor desde",
                        f"há auto de infração deste item por fato de {written:%d/%m/%Y}: a nova "
                        "versão não pode começar antes do dia seguinte a ele (D-15)",
                    )
                current.valid_until = valid_from - dt.timedelta(days=1)
                current.closed_by = reference
                current.save(update_fields=["valid_until", "closed_by"])
            item = insert_recorded(
                actor=actor,
                municipality=municipality,
                action=ACTION,
                comp=comp,
                before=current,
                row=TaxiInfractionItem(
                    code=code,
                    description=description,
                    nature=nature,
                    reference=reference,
                    valid_from=valid_from,
                    example=example,
                ),
                as_json=_snapshot,
            )
    except IntegrityError:
        raise FieldError(
            "código", "outra pessoa acaba de registrar uma versão deste item: recarregue a página"
        ) from None
    return item


def taxi_item_close(
    *,
    actor: Actor,
    municipality: Municipality,
    item: TaxiInfractionItem,
    valid_until: dt.date,
    reference: str,
) -> TaxiInfractionItem:
    """The item revoked by the regulation's act ``reference``: in force up to ``valid_until``
    (inclusive). Refused before its start or a fact already written up under it."""
    comp = authorize(actor=actor, municipality=municipality, action=ACTION)
    law, _ = _law(municipality)
    reference = _text(reference, "ato do regulamento", "o ato que revoga o item", 200)
    with transaction.atomic(), tenant(municipality):
        x = TaxiInfractionItem.objects.select_for_update().get(pk=item.pk)
        if x.valid_until is not None:
            raise FieldError(
                "em vigor até", f"o item já deixou de vigorar em {x.valid_until:%d/%m/%Y}"
            )
        if x.valid_from and valid_until < x.valid_from:
            raise FieldError(
                "em vigor até", f"o item só começou a vigorar em {x.valid_from:%d/%m/%Y}"
            )
        written = _autos_since(law, x.code, valid_until + dt.timedelta(days=1))
        if written is not None:
            raise FieldError(
                "em vigor até",
                f"há auto de infração deste item por fato de {written:%d/%m/%Y}: o item vigora "
                "ao menos até esse dia (D-15)",
            )
        old = _snapshot(x)
        x.valid_until, x.closed_by = valid_until, reference
        x.save(update_fields=["valid_until", "closed_by"])
        record_act(
            municipality=municipality,
            actor=actor,
            action=ACTION,
            obj=x,
            old=old,
            new=_snapshot(x),
            basis=competence_basis(comp),
        )
    return x


def _snapshot(item: TaxiInfractionItem) -> dict[str, object]:
    return {
        "code": item.code,
        "description": item.description,
        "nature": item.nature,
        "reference": item.reference,
        "valid_from": item.valid_from,
        "valid_until": item.valid_until,
        "closed_by": item.closed_by,
        "example": item.example,
    }
