"""Writes of the core: each one checks competence, changes state in one transaction and records
the act in that same transaction."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, models, transaction

from outorga.law import parameter_input
from outorga.law.bindings import RULEBOOKS, SERVICE_LABELS, Binding, overlap
from outorga.law.citations import LAW_TITLES
from outorga.law.interfaces import missing
from outorga.law.parameters import DatedValue, ParameterMissing

from .acts import Actor, basis_of, competence_basis, insert_recorded, record_act
from .authz import authorize
from .errors import FieldError
from .models import (
    Act,
    ApiToken,
    CalendarDay,
    FiscalUnitValue,
    LawBinding,
    Municipality,
    ParameterOverride,
    PopulationFigure,
    User,
)
from .selectors import population_json
from .tenancy import tenant
from .tokens import lookup_prefix, matching

TOKEN_PREFIX = "otg"  # noqa: S105 - a public prefix, not a secret


def user_act_record(
    user: User, ip: str | None, action: str, outcome: str = Act.Outcome.DONE
) -> None:
    """An act a user does on their own account (a login, a second factor set up or checked),
    from ``ip``, in the acts log of the user's municipality."""
    if user.municipality is None:
        return  # system administrators have no municipality chain
    record_act(
        municipality=user.municipality,
        actor=Actor.of(user, ip),
        action=action,
        obj=user,
        outcome=outcome,
    )


def user_login_record(*, user: User, ip: str | None) -> None:
    """Staff logins are acts (the acts log keeps who entered, when and from where)."""
    with transaction.atomic():
        user_act_record(user, ip, "auth.login")


def audit_read_record(
    *, actor: Actor, municipality: Municipality, read: Mapping[str, Any], act: Act | None = None
) -> None:
    """The system administrator's reading of ``municipality``'s acts log — its list (``read``:
    the address and filters) or one ``act`` — kept as an act of that municipality, which its own
    log shows (ADR 0063; LGPD, Lei 13.709/2018, art. 37: the processing is recorded). The
    municipality's own readers leave none: theirs is the log of their own work."""
    with transaction.atomic(), tenant(municipality):
        record_act(
            municipality=municipality,
            actor=actor,
            action="audit.read",
            obj=act if act is not None else municipality,
            new={**read, **({"ato": act.seq} if act is not None else {})},
        )


def api_token_authenticate(secret: str) -> ApiToken | None:
    """The active token matching ``secret``, or None. Constant-time comparison of digests."""
    prefix = lookup_prefix(secret, TOKEN_PREFIX)
    if prefix is None:
        return None
    from .tenancy import unscoped

    with unscoped():
        token = (
            ApiToken.objects.select_related("platform", "municipality")
            .filter(prefix=prefix, revoked_at__isnull=True)
            .first()
        )
    return matching(token, secret)


# --- the municipality's dated data (D-4, D-5, D-7, D-15) ------------------------------------------
# Append-only: each write is a new dated row; a correction is a newer row, never an edit, so every
# decision already taken can still be explained by the values in force on its date.


def _required_text(text: str, fld: str, label: str, max_length: int) -> str:
    value = (text or "").strip()
    if not value:
        raise FieldError(fld, f"{label}: informe o ato ou a fonte.")
    if len(value) > max_length:
        raise FieldError(fld, f"{label}: no máximo {max_length} caracteres.")
    return value


def _duplicate(fld: str, message: str) -> FieldError:
    return FieldError(
        fld,
        f"{message} O histórico não é reescrito: para corrigir, registre um novo valor com outra "
        "data de vigência.",
    )


@contextmanager
def _appending(
    municipality: Municipality,
    fld: str,
    message: str,
    *,
    model: type[models.Model] | None = None,
    on: Mapping[str, Any] | None = None,
    taken: str = "",
) -> Iterator[None]:
    """One dated row appended in its own transaction: refused as a duplicate, naming ``fld``,
    when a row of ``model`` already stands ``on`` its date (``taken``), or when someone else
    appended it at the same moment (the unique constraint, ``message``)."""
    try:
        with transaction.atomic(), tenant(municipality):
            if model is not None and model._default_manager.filter(**(on or {})).exists():
                raise _duplicate(fld, taken)
            yield
    except IntegrityError:
        raise _duplicate(fld, message) from None


def population_record(
    *,
    actor: Actor,
    municipality: Municipality,
    value: int,
    reference_year: int,
    effective: dt.date,
    source: str,
) -> PopulationFigure:
    """A new IBGE figure, in force from ``effective`` (the date it was published): quotas read the
    newest figure in force on the date of the grant (D-7)."""
    comp = authorize(
        actor=actor, municipality=municipality, action="municipality.population.record"
    )
    if isinstance(value, bool) or value < 1 or value > 2_000_000_000:
        raise FieldError("value", "População: informe o número de habitantes (inteiro positivo).")
    if not FIRST_CENSUS_YEAR <= reference_year <= effective.year:
        raise FieldError(
            "reference_year",
            f"Ano de referência: entre {FIRST_CENSUS_YEAR} e o ano em que o dado entra em vigor "
            f"({effective.year}).",
        )
    source = _required_text(source, "source", "Fonte", 200)
    with _appending(
        municipality,
        "effective",
        "Em vigor desde: esse dado acaba de ser registrado por outra pessoa.",
        model=PopulationFigure,
        on={"reference_year": reference_year, "effective": effective},
        taken=f"Em vigor desde: já há população de {reference_year} registrada a partir de "
        f"{effective:%d/%m/%Y}.",
    ):
        return insert_recorded(
            actor=actor,
            municipality=municipality,
            action="municipality.population.record",
            comp=comp,
            before=PopulationFigure.objects.filter(effective__lte=effective).first(),
            row=PopulationFigure(
                value=value, reference_year=reference_year, effective=effective, source=source
            ),
            as_json=population_json,
        )


FIRST_CENSUS_YEAR = 1872  # the first Brazilian census


def fiscal_unit_value_record(
    *,
    actor: Actor,
    municipality: Municipality,
    name: str,
    value: Decimal,
    valid_from: dt.date,
    legal_reference: str,
    example: bool = False,
) -> FiscalUnitValue:
    """A new value in reais of a fiscal unit (UFPI, UPFBG) from ``valid_from``: a fine fixed in the
    unit is converted at the value in force on the date it is imposed (D-5)."""
    comp = authorize(
        actor=actor, municipality=municipality, action="municipality.fiscal_unit.record"
    )
    units = parameter_input.fiscal_units_for(municipality.laws)
    name = (name or "").strip().upper()
    if name not in units:
        raise FieldError(
            "name",
            "Unidade fiscal: as leis do município fixam valores em "
            + (", ".join(units) or "nenhuma unidade fiscal")
            + ".",
        )
    if not isinstance(value, Decimal) or not value.is_finite() or value <= 0:
        raise FieldError("value", "Valor (R$): informe um valor maior que zero.")
    exponent = value.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < -4:
        raise FieldError("value", "Valor (R$): no máximo 4 casas decimais.")
    if value >= Decimal("100000000"):
        raise FieldError("value", "Valor (R$): valor grande demais para uma unidade fiscal.")
    legal_reference = _required_text(legal_reference, "legal_reference", "Ato legal", 300)
    with _appending(
        municipality,
        "valid_from",
        "Válido a partir de: esse valor acaba de ser registrado por outra pessoa.",
        model=FiscalUnitValue,
        on={"name": name, "valid_from": valid_from},
        taken=f"Válido a partir de: já há valor da {name} a partir de {valid_from:%d/%m/%Y}.",
    ):
        return insert_recorded(
            actor=actor,
            municipality=municipality,
            action="municipality.fiscal_unit.record",
            comp=comp,
            before=FiscalUnitValue.objects.filter(name=name, valid_from__lte=valid_from)
            .order_by("-valid_from")
            .first(),
            row=FiscalUnitValue(
                name=name,
                value=value,
                valid_from=valid_from,
                legal_reference=legal_reference,
                example=example,
            ),
            as_json=_fiscal_unit_json,
        )


def _fiscal_unit_json(u: FiscalUnitValue) -> dict[str, Any]:
    return {
        "name": u.name,
        "value": Decimal(u.value),
        "valid_from": u.valid_from,
        "legal_reference": u.legal_reference,
        "example": u.example,
    }


#: What the areas above the core do when a day stops being a business day, inside the act's
#: transaction: a running deadline whose last day falls on it moves to the next business day at
#: once (D-4), not when a sweep next counts it. Each area adds its own when Django starts
#: (``apps.ready``); the core imports none of them.
CalendarDayListener = Callable[[Actor, Municipality, dt.date], object]
CALENDAR_DAY_LISTENERS: list[CalendarDayListener] = []


def on_calendar_day_recorded(fn: CalendarDayListener) -> CalendarDayListener:
    """Add ``fn`` to :data:`CALENDAR_DAY_LISTENERS` once (app reloads in tests add it again)."""
    if fn not in CALENDAR_DAY_LISTENERS:
        CALENDAR_DAY_LISTENERS.append(fn)
    return fn


def calendar_day_record(
    *,
    actor: Actor,
    municipality: Municipality,
    date: dt.date,
    kind: str,
    description: str,
    legal_reference: str,
) -> CalendarDay:
    """A municipal holiday, ponto facultativo or day without business: a deadline whose last day
    falls on it moves to the next business day (D-4; Lei 9.784/1999 art. 66 §1)."""
    comp = authorize(actor=actor, municipality=municipality, action="municipality.calendar.record")
    if kind not in CalendarDay.Kind.values:
        raise FieldError(
            "kind",
            "Tipo: feriado municipal (holiday), ponto facultativo (optional) ou expediente "
            "suspenso (closed).",
        )
    description = (description or "").strip()
    if not description:
        raise FieldError("description", "Descrição: diga que dia é (ex.: aniversário da cidade).")
    if len(description) > 200:
        raise FieldError("description", "Descrição: no máximo 200 caracteres.")
    legal_reference = _required_text(legal_reference, "legal_reference", "Ato legal", 200)
    try:
        with transaction.atomic(), tenant(municipality):
            existing = CalendarDay.objects.filter(date=date).first()
            if existing is not None:
                raise FieldError(
                    "date",
                    f"Data: {date:%d/%m/%Y} já está registrada "
                    f"({existing.get_kind_display()}: {existing.description}).",
                )
            row = CalendarDay.objects.create(
                date=date, kind=kind, description=description, legal_reference=legal_reference
            )
            record_act(
                municipality=municipality,
                actor=actor,
                action="municipality.calendar.record",
                obj=row,
                new={
                    "date": date,
                    "kind": kind,
                    "description": description,
                    "legal_reference": legal_reference,
                },
                basis=competence_basis(comp),
            )
            for listener in CALENDAR_DAY_LISTENERS:
                listener(actor, municipality, date)
    except IntegrityError:
        raise FieldError("date", f"Data: {date:%d/%m/%Y} acaba de ser registrada.") from None
    return row


def parameter_override_record(
    *,
    actor: Actor,
    municipality: Municipality,
    name: str,
    value: Any,
    effective: dt.date,
    legal_reference: str,
    example: bool = False,
) -> ParameterOverride:
    """The municipality's value for a declared parameter from ``effective`` (a decree's tariff or
    fare maximum, a regulation's deadline, an amendment of the law): it wins over the rulebook's
    value from that date and facts are judged by the value in force on their date (D-15).

    ``value`` is the JSON value (money in integer cents); the web form converts what was typed in
    Brazilian format with :func:`outorga.law.parameter_input.from_text` first."""
    comp = authorize(actor=actor, municipality=municipality, action="municipality.parameter.record")
    declared = {p.name: p for p in parameter_input.parameters_for(municipality.laws)}
    param = declared.get(name)
    if param is None:
        raise FieldError("name", "Parâmetro: não declarado pelas leis deste município.")
    try:
        stored = parameter_input.from_json(param, value)
    except parameter_input.ValueInvalid as exc:
        raise FieldError(
            "value", f"Valor de '{param.label_pt or param.description}': {exc}"
        ) from None
    start = parameter_input.first_date(param)
    if effective < start:
        raise FieldError(
            "effective",
            f"Em vigor desde: o parâmetro só existe a partir de {start:%d/%m/%Y} (D-15).",
        )
    legal_reference = _required_text(legal_reference, "legal_reference", "Ato legal", 300)
    with _appending(
        municipality,
        "effective",
        "Em vigor desde: esse valor acaba de ser registrado por outra pessoa.",
        model=ParameterOverride,
        on={"name": name, "effective": effective},
        taken="Em vigor desde: já há valor do município para este parâmetro a partir de "
        f"{effective:%d/%m/%Y}.",
    ):
        overrides = [
            DatedValue(o.effective, o.value, o.example, o.legal_reference, "municipality")
            for o in ParameterOverride.objects.filter(name=name)
        ]
        try:
            before: Any = param.at(effective, overrides).to_json()
        except ParameterMissing:
            before = None
        row = ParameterOverride.objects.create(
            name=name,
            effective=effective,
            value=stored,
            legal_reference=legal_reference,
            example=example,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="municipality.parameter.record",
            obj=row,
            old={"in_force": before} if before else None,
            new={
                "name": name,
                "value": stored,
                "unit": param.unit,
                "effective": effective,
                "legal_reference": legal_reference,
                "example": example,
            },
            basis=competence_basis(comp),
        )
    return row


def law_binding_record(
    *,
    actor: Actor,
    municipality: Municipality,
    service: str,
    law: str,
    valid_from: dt.date,
    reference: str,
    valid_until: dt.date | None = None,
) -> LawBinding:
    """From ``valid_from`` ``service`` is governed here by the rulebook ``law`` — the
    municipality's own law or another's adopted by reference, with this municipality's own
    parameters. Facts are judged by the law bound on their date (D-15): a binding is never
    rewritten; a new law for a service that has an open-ended one closes it the day before."""
    comp = authorize(
        actor=actor, municipality=municipality, action="municipality.law_binding.record"
    )
    return law_binding_write(
        actor=actor,
        municipality=municipality,
        service=service,
        law=law,
        valid_from=valid_from,
        reference=reference,
        valid_until=valid_until,
        citations=comp.citations if comp else (),
    )


def law_binding_write(
    *,
    actor: Actor,
    municipality: Municipality,
    service: str,
    law: str,
    valid_from: dt.date,
    reference: str,
    valid_until: dt.date | None = None,
    citations: tuple[Any, ...] = (),
) -> LawBinding:
    """:func:`law_binding_record` once competence is settled — or, for the loader that sets a
    municipality up (``outorga demo``), by the system itself: checked and logged the same way."""
    if service not in SERVICE_LABELS:
        raise FieldError("service", "Serviço: escolha mototáxi, motofrete, táxi ou aplicativo.")
    book = RULEBOOKS.get(law)
    if book is None:
        raise FieldError("law", "Lei: não há regras (rulebook) com esse identificador.")
    if service not in book.services:
        served = ", ".join(SERVICE_LABELS[s] for s in book.services)
        raise FieldError(
            "law", f"Lei: {LAW_TITLES.get(law, law)} não rege {SERVICE_LABELS[service]} ({served})."
        )
    lacking = missing(law, service)
    if lacking:
        raise FieldError(
            "law",
            f"Lei: {LAW_TITLES.get(law, law)} não responde ao que o cadastro de "
            f"{SERVICE_LABELS[service]} pergunta ({', '.join(lacking)}).",
        )
    if valid_from < book.in_force_from:
        raise FieldError(
            "valid_from",
            f"Em vigor desde: {LAW_TITLES.get(law, law)} só vigora a partir de "
            f"{book.in_force_from:%d/%m/%Y}.",
        )
    if valid_until is not None and valid_until < valid_from:
        raise FieldError("valid_until", "Em vigor até: não pode ser anterior ao início.")
    reference = _required_text(reference, "reference", "Ato", 300)
    new = Binding(service, law, valid_from, valid_until, reference)
    with _appending(
        municipality,
        "valid_from",
        "Em vigor desde: essa vigência acaba de ser registrada por outra pessoa.",
    ):
        rows = list(LawBinding.objects.select_for_update().filter(service=service))
        closed: LawBinding | None = None
        current = next(
            (r for r in rows if r.valid_until is None and r.valid_from < valid_from), None
        )
        if current is not None:
            # The law in force until now ends the day before the new one starts.
            current.valid_until = valid_from - dt.timedelta(days=1)
            closed = current
        clash = overlap([r.as_binding() for r in rows], new)  # ``closed`` as it will be
        if clash is not None:
            until = f" até {clash.valid_until:%d/%m/%Y}" if clash.valid_until else ""
            raise _duplicate(
                "valid_from",
                f"Em vigor desde: {SERVICE_LABELS[service]} já é regido por "
                f"{LAW_TITLES.get(clash.law, clash.law)} de {clash.valid_from:%d/%m/%Y}"
                f"{until}.",
            )
        if closed is not None:
            closed.save(update_fields=["valid_until"])
        row = LawBinding.objects.create(
            service=service,
            law=law,
            valid_from=valid_from,
            valid_until=valid_until,
            reference=reference,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="municipality.law_binding.record",
            obj=row,
            old={"closed": _binding_json(closed)} if closed else None,
            new=_binding_json(row),
            basis=basis_of(citations=citations),
        )
    municipality.forget_bindings()
    return row


def _binding_json(b: LawBinding) -> dict[str, Any]:
    return {
        "service": b.service,
        "law": b.law,
        "valid_from": b.valid_from,
        "valid_until": b.valid_until,
        "reference": b.reference,
    }


def municipality_create(
    *,
    actor: Actor,
    ibge_code: str,
    name: str,
    uf: str,
    admin_username: str,
    admin_password: str,
    admin_email: str = "",
    slug: str = "",
) -> tuple[Municipality, User]:
    """A municipality and its first administrator, in one transaction, with the act that opens
    its acts log. Nothing of the law yet: its administrator binds the laws, records the
    population, the fiscal unit, the calendar and the parameters (``docs/adding-a-municipality``).
    Refused, naming the field: a code that is not an IBGE municipality code of ``uf``, a code or
    slug already in use, a user name taken, a password Django's validators reject."""
    from brutils import convert_code_to_uf
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError
    from django.utils.text import slugify

    from outorga.law.competence import Role

    code = "".join(ch for ch in ibge_code if ch.isdigit())
    uf = (uf or "").strip().upper()
    if len(code) != 7:
        raise FieldError("ibge_code", "Código IBGE: 7 algarismos (ex.: 3131307).")
    found = convert_code_to_uf(code[:2])
    if found != uf:
        raise FieldError(
            "uf",
            f"UF: o código IBGE {code} é de {found}." if found else f"UF: código {code} inválido.",
        )
    name, username = (name or "").strip(), (admin_username or "").strip()
    if not name or len(name) > 120:
        raise FieldError("name", "Nome do município: de 1 a 120 caracteres.")
    if not username or len(username) > 150:
        raise FieldError("admin_username", "Usuário do administrador: de 1 a 150 caracteres.")
    slug = slugify(slug or name)
    user = User(username=username, email=admin_email.strip(), role=Role.ADMIN)
    try:
        validate_password(admin_password, user)
    except ValidationError as exc:
        raise FieldError("admin_password", "Senha: " + " ".join(exc.messages)) from None
    try:
        with transaction.atomic():
            m = Municipality.objects.create(ibge_code=code, name=name, uf=uf, slug=slug)
            user.municipality = m
            user.set_password(admin_password)
            user.save()
            record_act(
                municipality=m,
                actor=actor,
                action="municipality.create",
                obj=m,
                new={
                    "ibge_code": code,
                    "name": name,
                    "uf": uf,
                    "slug": slug,
                    "admin": username,
                },
            )
    except IntegrityError:
        if Municipality.objects.filter(ibge_code=code).exists():
            raise FieldError("ibge_code", f"Código IBGE {code}: município já cadastrado.") from None
        if Municipality.objects.filter(slug=slug).exists():
            raise FieldError("slug", f"Endereço (slug) {slug}: já em uso.") from None
        raise FieldError("admin_username", f"Usuário {username}: já existe.") from None
    return m, user
