"""A company holding a taxi permit (taxi law 2017, art. 3) with its confirmed responsible person's
portal login, another holder, and the company's debt, auto and inspection: the portal's tests
of ADR 0047 and their browser walk."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from django.utils import timezone
from enforcement_factories import at
from finance_factories import make_debt
from inspections_factories import answers
from portal_factories import make_applicant_account
from registry_factories import licensed_taxi_permit
from validate_docbr import CNPJ, CPF

from outorga.core.acts import Actor
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.services.autos import infraction_issue
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.finance.payments import payment_record
from outorga.inspections import services as inspections
from outorga.inspections.models import Inspection
from outorga.registry.models import Auxiliary, Person


class Company:
    """Táxi Rita Ltda holds taxi permit TX-9007 (art. 3); Rita is its confirmed responsible
    person; Bia is another holder; the permit's auxiliary has a debt of their own."""

    def __init__(self, m: Municipality, fiscal: User, finance: User) -> None:
        self.m = m
        self.rita = make_applicant_account(m, name="Rita Responsável")
        self.bia = make_applicant_account(m, name="Bia Outra Titular")
        permit = licensed_taxi_permit(m, 7, plate="TRL7A77")
        with tenant(m):
            self.company = Person.objects.create(
                kind=Person.Kind.LEGAL,
                document=CNPJ().generate(),
                name="Táxi Rita Ltda",
                representative=self.rita,
                representative_confirmed_on=dt.date(2026, 1, 5),
            )
            permit.holder = self.company
            permit.save(update_fields=["holder"])
            assert permit.vehicle is not None
            permit.vehicle.owner = self.company
            permit.vehicle.save(update_fields=["owner"])
            self.permit = permit
            aux = Person.objects.create(document=CPF().generate(), name="Davi Auxiliar Reservado")
            Auxiliary.objects.create(permit=permit, person=aux, added_on=dt.date(2025, 7, 1))
        self.debt = make_debt(m, self.company, 15_000)
        self.own_debt = make_debt(m, self.rita, 2_500)
        self.aux_debt = make_debt(m, aux, 777)
        self.fiscal = Actor.of(fiscal, "198.51.100.2")
        self.finance = Actor.of(finance, "198.51.100.3")

    def client(self, person: Person) -> Client:
        c = Client()
        c.force_login(person.user)
        return c

    def pay_by_pix(self, debt: Debt) -> None:
        """The bank's PIX of the whole amount, reconciled by the slip's txid."""
        payment_record(
            actor=self.finance,
            municipality=self.m,
            reference=pix.txid_of(debt.reference),
            amount_cents=debt.amount_cents,
            paid_on=timezone.localdate(),
        )

    def case(self) -> Case:
        """A taxi auto on the company's permit, signed by the offender on the spot: the auto is
        notified and the defence's period runs."""
        yesterday = timezone.localdate() - dt.timedelta(days=1)
        auto = infraction_issue(
            actor=self.fiscal,
            municipality=self.m,
            code="recusa_passageiro",
            committed_at=at(yesterday),
            place="Rodoviária",
            description="Recusou passageiro.",
            agent_registration="F-9",
            permit=self.permit,
            offender_signed=True,
        )
        with tenant(self.m):
            case = Case.objects.get(auto=auto)
        assert case.person_id == self.company.pk and case.waiting == Case.Waiting.DEADLINE
        return case

    def inspection(self) -> Inspection:
        on = timezone.localdate() - dt.timedelta(days=2)
        return inspections.inspection_record(
            actor=self.fiscal,
            municipality=self.m,
            permit=self.permit,
            kind="renovacao",
            inspected_on=on,
            answers=answers("taxi_convencional", on),
        )
