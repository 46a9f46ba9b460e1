"""Demo rows of the ledger: the municipality's PIX receiver (EXAMPLE values) and, where the law
gives finance the competence to record debts, a few debts of a demo permit holder linked to the
demo ``permissionario`` login, so the portal shows something. Idempotent."""

from __future__ import annotations

import datetime as dt

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.localtime import today_of
from outorga.core.models import Municipality, User
from outorga.law.competence import Role, is_allowed
from outorga.registry.models import Person

from . import payments, pix
from . import services as ledger
from .models import Debt
from .models_payments import FinanceSettings

#: The key of the Banco Central manual's own example: obviously not a real receiver.
EXAMPLE_KEY = "123e4567-e12b-12d1-a456-426655440000"
#: An EXAMPLE FEBRABAN code, so the demo guias show the barcode: a municipality records its own.
EXAMPLE_FEBRABAN_CODE = "9999"
#: Valid-by-checksum CPFs used only for demo people (one per municipality).
DEMO_CPF = {"ipatinga": "52998224725", "barra-do-garcas": "39053344705"}


def load(m: Municipality) -> None:
    """Call inside ``tenant(m)`` (core.demo does)."""
    if not FinanceSettings.objects.exists():
        FinanceSettings.objects.create(
            pix_key=EXAMPLE_KEY,
            merchant_name=pix.ascii_text(f"Prefeitura de {m.name}", pix.MAX_NAME),
            merchant_city=pix.ascii_text(m.name, 15).upper(),
            slip_instructions="",
            febraban_code=EXAMPLE_FEBRABAN_CODE,
            example=True,
        )
    user = User.objects.filter(username=demo_username(m.slug, Role.PERMISSIONARIO)).first()
    finance = User.objects.filter(username=demo_username(m.slug, Role.FINANCAS)).first()
    if user is None or finance is None:
        return
    person = Person.objects.filter(user=user).first()
    if person is None:
        person = Person.objects.filter(document=DEMO_CPF.get(m.slug, "")).first()
        if person is None:
            person = Person.objects.create(
                document=DEMO_CPF.get(m.slug, "11144477735"),
                name="Permissionário de Exemplo (demo)",
                birth_date=dt.date(1985, 5, 20),
                city=m.name,
            )
        if person.user_id is None:
            person.user = user
            person.save(update_fields=["user"])
    law = payments.municipality_law(m, "debt.record")
    if not is_allowed(Role.FINANCAS, "debt.record", law, today_of(m)):
        return
    actor = Actor.of(finance)
    today = today_of(m)
    rows = [
        (Debt.Origin.FINE, "Multa de exemplo (demo) — infração leve", 500, 20, Debt.Status.OPEN),
        (Debt.Origin.FEE, "Taxa de vistoria de exemplo (demo)", 8000, -40, Debt.Status.FINAL),
        (Debt.Origin.FEE, "Taxa de renovação de exemplo (demo)", 12000, -70, Debt.Status.FINAL),
    ]
    for origin, description, cents, days, status in rows:
        if Debt.objects.filter(person=person, description=description).exists():
            continue
        debt = ledger.debt_create(
            actor=actor,
            municipality=m,
            person=person,
            origin=origin,
            description=description,
            amount_cents=cents,
            due_on=today + dt.timedelta(days=days),
            status=status,
            law=law,
            basis={"law": law, "example": True},
        )
        if "renovação" in description:
            payments.payment_record(
                actor=actor,
                municipality=m,
                reference=debt.reference,
                amount_cents=cents,
                paid_on=today + dt.timedelta(days=days - 2),
                method="pix",
                note="pagamento de exemplo (demo)",
            )
