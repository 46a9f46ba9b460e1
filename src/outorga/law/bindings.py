"""Which law governs which service in which municipality, from which date: bindings as dated data.

A municipality's laws are not part of the code: the administrator records that, from a date (and
until another, if the law is repealed or replaced), a service is governed by a rulebook. Several
municipalities may bind the same rulebook — one adopting another's law by reference — each with
its own dated parameters, population and calendar (``Context``). Every fact is judged by the law
bound to its service on the date of the fact (D-15).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from .citations import LAW_TITLES
from .parameters import add_root
from .windows import in_span


class Service(StrEnum):
    """The kinds of individual paid transport a municipality regulates."""

    MOTOTAXI = "mototaxi"
    MOTOFRETE = "motofrete"
    TAXI = "taxi"
    APLICATIVO = "aplicativo"


SERVICE_LABELS: dict[str, str] = {
    Service.MOTOTAXI: "mototáxi",
    Service.MOTOFRETE: "motofrete",
    Service.TAXI: "táxi",
    Service.APLICATIVO: "transporte por aplicativo",
}


@dataclass(frozen=True)
class Rulebook:
    """A law as code: its id, the module that answers for it (importing it registers its
    questions), the services it can govern and the date it entered into force."""

    law: str
    module: str
    services: tuple[str, ...]
    in_force_from: dt.date
    title: str = ""  # how citations name it, when it is not one of LAW_TITLES already
    parameters: Path | None = None  # its parameter files, when kept outside outorga.law


#: Every rulebook the product knows. Adding a law = a module under ``outorga.law`` and a line here.
#: ``in_force_from`` is the one place a law's date is written: the rulebooks (their ``LAW_DATE``),
#: the competence table and the bindings' defaults read it from here.
RULEBOOKS: dict[str, Rulebook] = {
    r.law: r
    for r in (
        Rulebook(
            "ipatinga.mototaxi-2013",
            "outorga.law.ipatinga.mototaxi_2013",
            (Service.MOTOTAXI, Service.MOTOFRETE),
            # Art. 53: in force on publication; the text is dated "Ipatinga, aos 27 de agosto de
            # 2013" (the publication date is not in the text, so the law's date is used).
            dt.date(2013, 8, 27),
        ),
        Rulebook(
            "ipatinga.taxi-2017",
            "outorga.law.ipatinga.taxi_2017",
            (Service.TAXI,),
            # Art. 49: in force on publication; the text is dated "Ipatinga, 28 de setembro de
            # 2017" (the publication date is not in the text, so the law's date is used).
            dt.date(2017, 9, 28),
        ),
        Rulebook(
            "barra-do-garcas.apps-2025",
            "outorga.law.barra_do_garcas.apps_2025",
            (Service.APLICATIVO,),
            dt.date(2025, 5, 16),
        ),
    )
}


def register_rulebook(rulebook: Rulebook) -> None:
    """Make a rulebook known (a law shipped as its own package, or a test's)."""
    known = RULEBOOKS.get(rulebook.law)
    if known is not None and known != rulebook:
        raise ValueError(f"lei {rulebook.law} já registrada com outra definição")
    if rulebook.law not in LAW_TITLES:
        if not rulebook.title:
            raise ValueError(f"lei {rulebook.law}: informe o título com que é citada")
        LAW_TITLES[rulebook.law] = rulebook.title
    if rulebook.parameters is not None:
        add_root(rulebook.parameters)
    RULEBOOKS[rulebook.law] = rulebook


@dataclass(frozen=True)
class Binding:
    """From ``valid_from`` (and up to ``valid_until``, inclusive, when set), ``service`` in the
    municipality is governed by ``law``; ``reference`` is the act that says so (the law itself, or
    the municipal law that adopts another's by reference)."""

    service: str
    law: str
    valid_from: dt.date
    valid_until: dt.date | None = None
    reference: str = ""

    def covers(self, day: dt.date) -> bool:
        return in_span(day, self.valid_from, self.valid_until)


class LawNotBound(LookupError):
    """No law governs the service in the municipality on that date; the message is Portuguese."""

    def __init__(self, service: str, municipality: str, on: dt.date) -> None:
        self.service, self.municipality, self.on = service, municipality, on
        label = SERVICE_LABELS.get(service, service)
        super().__init__(
            f"Nenhuma lei rege o serviço de {label} em {municipality} em {on:%d/%m/%Y}: o "
            "administrador registra a lei de cada serviço em Dados do município."
        )


class LawEnded(LawNotBound):
    """No law governs the service on ``on`` because the binding that governed it ended on
    ``ended`` (``valid_until``) and none followed yet: facts dated while it was in force are still
    judged by it (D-15), but no new act dated after its end is (ADR 0062)."""

    def __init__(self, service: str, municipality: str, on: dt.date, ended: Binding) -> None:
        assert ended.valid_until is not None
        self.service, self.municipality, self.on, self.ended = service, municipality, on, ended
        label = SERVICE_LABELS.get(service, service)
        since = ended.valid_until + dt.timedelta(days=1)
        LookupError.__init__(
            self,
            f"Nenhuma lei rege o serviço de {label} em {municipality} desde {since:%d/%m/%Y}: a "
            f"lei que o regia ({LAW_TITLES.get(ended.law, ended.law)}) vigorou até "
            f"{ended.valid_until:%d/%m/%Y}, e nenhum ato novo de {on:%d/%m/%Y} pode ser praticado "
            "sob ela; o administrador registra a lei de cada serviço em Dados do município.",
        )


class LawNotYetInForce(LawNotBound):
    """No law governs the service on ``on`` because the binding of its law starts on a later day
    (``upcoming``): a law not yet in force judges no fact of before its day (D-15)."""

    def __init__(self, service: str, municipality: str, on: dt.date, upcoming: Binding) -> None:
        self.service, self.municipality, self.on, self.upcoming = (
            service,
            municipality,
            on,
            upcoming,
        )
        label = SERVICE_LABELS.get(service, service)
        LookupError.__init__(
            self,
            f"Nenhuma lei rege o serviço de {label} em {municipality} em {on:%d/%m/%Y}: a lei "
            f"que o regerá ({LAW_TITLES.get(upcoming.law, upcoming.law)}) só vigora para ele a "
            f"partir de {upcoming.valid_from:%d/%m/%Y}, e nenhum ato de {on:%d/%m/%Y} pode ser "
            "praticado sob ela; o administrador registra a lei de cada serviço em Dados do "
            "município.",
        )


def binding_on(
    bindings: Iterable[Binding], service: str, on: dt.date, municipality: str = "o município"
) -> Binding:
    """The binding of ``service`` in force on ``on`` (D-15). None in force: :class:`LawEnded`
    when one of the service ended before ``on`` (the latest to end), :class:`LawNotYetInForce`
    when one starts after ``on`` (the first to start), else :class:`LawNotBound`."""
    ended: Binding | None = None
    upcoming: Binding | None = None
    for b in bindings:
        if b.service != service:
            continue
        if b.covers(on):
            return b
        if b.valid_until is not None and b.valid_until < on:
            if ended is None or b.valid_until > (ended.valid_until or b.valid_until):
                ended = b
        elif b.valid_from > on and (upcoming is None or b.valid_from < upcoming.valid_from):
            upcoming = b
    if ended is not None:
        raise LawEnded(service, municipality, on, ended)
    if upcoming is not None:
        raise LawNotYetInForce(service, municipality, on, upcoming)
    raise LawNotBound(service, municipality, on)


def laws_of(bindings: Iterable[Binding]) -> tuple[str, ...]:
    """Every law the municipality applies or has applied, in the order they were first bound:
    facts of a past date are still judged by the law bound then."""
    return tuple(dict.fromkeys(b.law for b in sorted(bindings, key=lambda b: b.valid_from)))


def services_of(bindings: Iterable[Binding], law: str) -> tuple[str, ...]:
    """The services ``law`` governs (or governed) in the municipality."""
    return tuple(dict.fromkeys(b.service for b in bindings if b.law == law))


def overlap(bindings: Iterable[Binding], new: Binding) -> Binding | None:
    """The binding of the same service whose period meets ``new``'s, if any."""
    far = dt.date.max
    for b in bindings:
        if b.service != new.service:
            continue
        if b.valid_from <= (new.valid_until or far) and new.valid_from <= (b.valid_until or far):
            return b
    return None


def adopting(law: str, since: dt.date | None = None, reference: str = "") -> tuple[Binding, ...]:
    """Bindings of every service ``law`` can govern, from ``since`` (default: its entry into force)."""
    book = RULEBOOKS[law]
    start = since or book.in_force_from
    return tuple(Binding(str(s), law, start, None, reference) for s in book.services)
