"""People: natural and legal persons (with a company's partners), their driving licence and the
photo the badge prints.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction

from outorga.core import uploads
from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.filestore import save_in_transaction
from outorga.core.lawseam import service_citations
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import render_many
from outorga.law.interfaces import citations, cited

from .. import validation
from ..models import DrivingLicence, Person, Service
from ..validation import FieldError
from .common import (
    AlreadyRegistered,
    correction_reason,
    legal_person_services,
    natural_person_only,
    own_or_desk,
    reason_required,
    record_correction,
    service_law,
    snapshot,
)

PERSON_FIELDS = [
    "kind",
    "document",
    "name",
    "birth_date",
    "blood_type",
    "address",
    "city",
    "phone",
    "email",
    "is_public_servant",
]


def person_register(
    *, actor: Actor, municipality: Municipality, law: str, data: Mapping[str, Any]
) -> Person:
    """Register a natural or legal person (CPF/CNPJ validated). A CPF or CNPJ already registered
    is refused with the existing entry (``AlreadyRegistered``): a registration never overwrites
    an entry; its correction is :func:`person_update`, with a reason."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    values, partner_cpfs, partners_cite = person_values(municipality, law, data)
    with transaction.atomic(), tenant(municipality):
        _refuse_taken(values["kind"], values["document"], None)
        person = Person(**values)
        person.full_clean(exclude=PERSON_NOT_CLEANED)
        person.save()
        if partner_cpfs is not None:
            person.partners.set(_partners(partner_cpfs, partners_cite))
        _person_created(
            actor=actor,
            municipality=municipality,
            person=person,
            basis=_partners_basis(municipality, partner_cpfs),
        )
    return person


def person_update(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    person: Person,
    data: Mapping[str, Any],
    reason: str,
) -> Person:
    """Correct a person's entry (address, contacts, a mistyped CPF, a company's titulares and
    sócios — taxi art. 11; art. 23, VIII): one act with the values before and after and the reason.
    The kind (natural or legal) is fixed; a CPF or CNPJ may change only to one no other entry
    holds. A correction that changes nothing records nothing."""
    reason = correction_reason(actor, municipality, law, reason)
    values, partner_cpfs, partners_cite = person_values(
        municipality, law, {**data, "kind": person.kind}
    )
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update(no_key=True).get(pk=person.pk)
        _refuse_taken(person.kind, values["document"], person.pk)

        def set_partners() -> None:
            if partner_cpfs is not None:
                person.partners.set(_partners(partner_cpfs, partners_cite))

        _person_correct(
            actor,
            municipality,
            person,
            values,
            extra={"reason": reason},
            basis=_partners_basis(municipality, partner_cpfs),
            also=set_partners,
        )
    return person


def _person_correct(
    actor: Actor,
    municipality: Municipality,
    person: Person,
    values: Mapping[str, Any],
    extra: Mapping[str, Any],
    basis: Mapping[str, Any] | None = None,
    also: Callable[[], None] | None = None,
) -> None:
    """The locked ``person``'s entry corrected to ``values``: one ``person.update`` act with the
    entry before and after (:func:`record_correction`)."""
    record_correction(
        actor=actor,
        municipality=municipality,
        obj=person,
        values=values,
        snap=_person_snapshot,
        exclude=PERSON_NOT_CLEANED,
        action="person.update",
        extra=extra,
        basis=basis,
        also=also,
    )


def person_values(
    municipality: Municipality, law: str, data: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str] | None, str]:
    """The person's fields validated, the partners' CPFs (``None``: untouched) and the articles
    that name them."""
    kind = data.get("kind", Person.Kind.NATURAL)
    raw = data.get("document", "")
    document = (
        validation.cpf(raw, "cpf") if kind == Person.Kind.NATURAL else validation.cnpj(raw, "cnpj")
    )
    if not (data.get("name") or "").strip():
        raise FieldError("nome", "informe o nome completo")
    if kind == Person.Kind.NATURAL and not data.get("birth_date"):
        raise FieldError(
            "data de nascimento",
            "obrigatória para pessoa física",
            cited(law, "birth_date"),
        )
    # A company's titulares and sócios, as the law bound to the taxi service names them.
    partners_cite = render_many(service_citations(municipality, Service.TAXI, "partners"))
    partner_cpfs = _partner_cpfs(kind, data.get("partners"), partners_cite)
    values = {f: data.get(f) for f in PERSON_FIELDS if f in data}
    values.update(kind=kind, document=document, name=data["name"].strip())
    for f in ("blood_type", "address", "city", "phone", "email"):
        values[f] = values.get(f) or ""
    return values, partner_cpfs, partners_cite


def _refuse_taken(kind: str, document: str, own_pk: int | None) -> None:
    """A CPF or CNPJ is one entry: another entry holding it is offered, never overwritten."""
    taken = (
        Person.objects.select_for_update(no_key=True)
        .filter(document=document)
        .exclude(pk=own_pk)
        .first()
    )
    if taken is not None:
        label = "CPF" if kind == Person.Kind.NATURAL else "CNPJ"
        raise AlreadyRegistered(
            label.lower(),
            f"este {label} já está cadastrado ({taken.name}); abra o cadastro existente "
            "para corrigi-lo",
            taken.pk,
        )


def _partners_basis(municipality: Municipality, partner_cpfs: list[str] | None) -> Any:
    if partner_cpfs is None:
        return None
    return basis_of(None, service_citations(municipality, Service.TAXI, "partners"))


#: What the model checks of a person leave aside: each is set by its own step.
PERSON_NOT_CLEANED = ["partners", "photo", "user"]


def _person_snapshot(person: Person) -> dict[str, Any]:
    out = snapshot(person, PERSON_FIELDS)
    if person.kind == Person.Kind.LEGAL:
        # Partners by id: their CPFs stay out of the acts log.
        out["partners"] = sorted(person.partners.values_list("pk", flat=True))
    return out


def _person_created(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
    also: Mapping[str, Any] | None = None,
    basis: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> None:
    """The ``person.create`` act of a new entry, whoever made it (the desk, the applicant's own
    activation, a company's responsible person from the portal): the entry as the acts log keeps
    it (:func:`_person_snapshot`), then ``also``."""
    record_act(
        municipality=municipality,
        actor=actor,
        action="person.create",
        obj=person,
        new={**_person_snapshot(person), **(also or {})},
        basis=basis,
        extra=extra,
    )


def _partner_cpfs(kind: str, raw: Any, cites: str = "") -> list[str] | None:
    """The partners' CPFs, validated (taxi art. 11 and 23 VIII name the company's titulares,
    sócios and acionistas; ``cites``: those articles); ``None`` leaves the partners on record
    untouched."""
    if raw is None:
        return None
    items = [str(x).strip() for x in raw if str(x).strip()]
    if kind != Person.Kind.LEGAL:
        if items:
            raise FieldError("sócios", "só a pessoa jurídica tem sócios", cites)
        return None
    cpfs: list[str] = []
    for n, item in enumerate(items, 1):
        try:
            cpfs.append(validation.cpf(item, "sócios"))
        except FieldError:
            raise FieldError("sócios", f"o {n}º CPF de sócio é inválido") from None
    return list(dict.fromkeys(cpfs))


def _partners(cpfs: list[str], cites: str = "") -> list[Person]:
    """The partners must be in the registry (inside the tenant): their other outorgas and public
    employment are judged from their own records (taxi art. 11, 23 VIII)."""
    found = {p.document: p for p in Person.objects.filter(document__in=cpfs)}
    for n, doc in enumerate(cpfs, 1):
        if doc not in found or found[doc].kind != Person.Kind.NATURAL:
            raise FieldError(
                "sócios",
                f"o {n}º sócio (CPF ***.{doc[3:6]}.{doc[6:9]}-**) não está no cadastro; "
                "cadastre-o antes como pessoa física",
                cites,
            )
    return [found[d] for d in cpfs]


LICENCE_FIELDS = [
    "number",
    "categories",
    "first_licence_on",
    "category_a_since",
    "expires_on",
    "ear",
    "points",
    "points_reported_on",
]


def licence_values(data: Mapping[str, Any]) -> dict[str, Any]:
    """A CNH's fields from ``data``, validated: the number's check digits, the categories as
    sorted letters; the dates, EAR and points only when ``data`` has them."""
    number = validation.cnh(data.get("number", ""), "número da CNH")
    categories = "".join(sorted(set(str(data.get("categories", "")).upper())))
    if not categories or set(categories) - set("ABCDE"):
        raise FieldError("categorias", "use as letras A, B, C, D ou E")
    values = {"number": number, "categories": categories}
    values.update({f: data[f] for f in LICENCE_FIELDS[2:] if f in data})
    return values


def licence_record(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    person: Person,
    data: Mapping[str, Any],
) -> DrivingLicence:
    """The person's CNH recorded by the desk, or keyed in by the applicant themself from the
    portal (``application.submit``): the applicant records one only while none is on record — a
    recorded CNH is corrected at the desk."""
    action = own_or_desk(actor, person)
    authorize(actor=actor, municipality=municipality, action=action, law=law)
    values = licence_values(data)
    with transaction.atomic(), tenant(municipality):
        lic = DrivingLicence.objects.filter(person=person).first()
        if lic is not None and action != "registry.record":
            raise FieldError("CNH", "já registrada; para corrigi-la, procure o atendimento")
        old = snapshot(lic, LICENCE_FIELDS) if lic else {}
        lic = lic or DrivingLicence(person=person)
        for f, v in values.items():
            setattr(lic, f, v)
        lic.full_clean(exclude=["person"])
        lic.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="licence.record",
            obj=lic,
            old=old,
            new=snapshot(lic, LICENCE_FIELDS),
        )
    return lic


PHOTO_TYPES = {"image/jpeg": "jpg", "image/png": "png"}


def _photo_digest(person: Person) -> str:
    if not person.photo:
        return ""
    try:
        with person.photo.open("rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except FileNotFoundError:
        return ""


def person_photo_set(
    *, actor: Actor, municipality: Municipality, law: str, person: Person, content: bytes
) -> Person:
    """Record the photo the badge prints (mototaxi art. 2 VIII; taxi art. 4 III): JPEG or PNG by
    its bytes, within the photos' size limit, an image that decodes whole. What is stored is the
    photo re-encoded from its pixels, upright and without metadata (``core.uploads``): the badge's
    photo is public at ``/v/<token>/foto``, and an upload's EXIF may hold where and with what it
    was taken. Idempotent as the document uploads are: sending the person's current photo again
    (the same stored SHA-256) changes nothing and records no act."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    # The photo the badge prints (mototaxi art. 2 VIII; taxi art. 4 III), by the law acted under.
    cites = citations(law, "photo")
    shown = cites[0].render() if cites else ""
    if person.kind != Person.Kind.NATURAL:
        raise FieldError("foto", "só pessoa física tem foto no crachá", shown)
    uploads.within_limit(content, "photo", "foto")
    claimed = uploads.sniff_magic(content)
    if claimed is None:
        raise uploads.BadFile("foto", "tipo de arquivo não aceito: envie JPEG ou PNG", shown)
    if claimed not in PHOTO_TYPES:
        raise uploads.BadFile("foto", "envie a foto em JPEG ou PNG", shown)
    stored, ctype = uploads.photo_cleaned(content, "foto")
    digest = hashlib.sha256(stored).hexdigest()
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update(no_key=True).get(pk=person.pk)
        old = _photo_digest(person)
        if old == digest:
            return person
        save_in_transaction(person.photo, f"{digest[:16]}.{PHOTO_TYPES[ctype]}", stored)
        person.save(update_fields=["photo"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="person.photo",
            obj=person,
            old={"sha256": old},
            new={
                "sha256": digest,
                "content_type": ctype,
                "size": len(stored),
                "uploaded_sha256": hashlib.sha256(content).hexdigest(),
            },
            basis=basis_of(None, cites),
        )
    return person


def person_self_register(
    *, actor: Actor, municipality: Municipality, document: str, name: str, email: str
) -> Person:
    """An applicant's own entry, made when they activate the account they signed up for: the
    CPF, the name and the address their activation proved. No law gives this act to anyone (the
    law asks for documents, which the clerk accepts one by one); the act names who made it. A
    CPF already registered is refused (``AlreadyRegistered``), never overwritten."""
    document = validation.cpf(document, "cpf")
    if not name.strip():
        raise FieldError("nome", "informe o nome completo")
    with transaction.atomic(), tenant(municipality):
        _refuse_taken(Person.Kind.NATURAL, document, None)
        person = Person.objects.create(
            kind=Person.Kind.NATURAL, document=document, name=name.strip(), email=email
        )
        _person_created(
            actor=actor,
            municipality=municipality,
            person=person,
            extra={"por": "o próprio interessado, ao ativar a conta do portal"},
        )
    return person


def company_self_register(
    *,
    actor: Actor,
    municipality: Municipality,
    representative: Person,
    document: str,
    name: str,
    address: str = "",
    city: str = "",
) -> Person:
    """A legal person entered from the portal by the natural person responsible for it, whose
    login then applies in its name (``own_or_desk``). Only where a law bound here gives a
    permission to a legal person (``legal_person_services``: taxi art. 3, 4 VIII, 23; mototaxi
    and motofrete only to natural persons, art. 6 §1); the application is that law's
    ``application.submit``. The company's documents (art. 23: contrato social, CNPJ, sede) are
    sent and reviewed like any other. The link stays pending, reaching nothing of the company,
    until the desk confirms it against the company's acts (:func:`company_representative_review`).
    A CNPJ already registered is never claimed from the portal: the desk links it, with the
    company's documents in hand."""
    services = legal_person_services(municipality)
    if not services:
        raise FieldError(
            "CNPJ",
            "nenhum serviço regulado neste município admite pessoa jurídica como permissionária",
            render_many(natural_person_only(municipality)),
        )
    service = next(iter(services))
    authorize(
        actor=actor,
        municipality=municipality,
        action="application.submit",
        law=service_law(municipality, service),
    )
    if representative.kind != Person.Kind.NATURAL or representative.user_id is None:
        raise FieldError("responsável", "o responsável é a pessoa física da conta do portal")
    if own_or_desk(actor, representative) != "application.submit":
        raise FieldError("responsável", "cada interessado cadastra a empresa pela própria conta")
    document = validation.cnpj(document, "CNPJ")
    if not name.strip():
        raise FieldError("razão social", "informe a razão social")
    with transaction.atomic(), tenant(municipality):
        if Person.objects.filter(document=document).exists():
            raise FieldError(
                "CNPJ",
                "este CNPJ já está no cadastro do município: o vínculo do responsável é feito "
                "no atendimento, com o contrato social",
            )
        company = Person(
            kind=Person.Kind.LEGAL,
            document=document,
            name=name.strip()[:200],
            address=address.strip()[:300],
            city=city.strip()[:120],
            representative=representative,
        )
        company.full_clean(exclude=PERSON_NOT_CLEANED)
        company.save()
        _person_created(
            actor=actor,
            municipality=municipality,
            person=company,
            also={"representative": representative.pk},
            basis=basis_of(None, services[service]),
            extra={"por": "o responsável pela empresa, no portal"},
        )
    return company


def _link_snapshot(company: Person) -> dict[str, Any]:
    on = company.representative_confirmed_on
    return {
        "representative": company.representative_id,
        "representative_confirmed_on": on.isoformat() if on else None,
    }


def company_representative_review(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    company: Person,
    confirm: bool,
    representative_cpf: str = "",
    reason: str = "",
) -> Person:
    """The desk confirms a company's responsible person against the company's acts (contrato
    social, taxi art. 23) — the one who entered it from the portal, or the one it names by CPF
    (a company already in the register, never claimed from the portal) — from then on applying
    in its name from their login (``own_or_desk``), or removes a link it does not find there
    (with the reason)."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    if not confirm:
        reason = reason_required(reason, "informe o motivo da retirada do vínculo")
    with transaction.atomic(), tenant(municipality):
        company = Person.objects.select_for_update(no_key=True).get(pk=company.pk)
        if company.kind != Person.Kind.LEGAL:
            raise FieldError("responsável", "só uma pessoa jurídica tem responsável a conferir")
        named = None
        if confirm and representative_cpf.strip():
            cpf = validation.cpf(representative_cpf, "CPF do responsável")
            named = Person.objects.filter(document=cpf, kind=Person.Kind.NATURAL).first()
            if named is None or named.user_id is None:
                raise FieldError(
                    "CPF do responsável", "o responsável precisa de cadastro e conta no portal"
                )
        if named is None and company.representative_id is None:
            raise FieldError(
                "responsável",
                "informe o CPF do responsável, conferido no contrato social"
                if confirm
                else "a empresa não tem responsável vinculado",
            )
        old = _link_snapshot(company)
        if confirm:
            company.representative = named or company.representative
            company.representative_confirmed_on = today_of(municipality)
        else:
            company.representative = None
            company.representative_confirmed_on = None
        company.save(update_fields=["representative", "representative_confirmed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="person.representative_confirm" if confirm else "person.representative_remove",
            obj=company,
            old=old,
            new=_link_snapshot(company),
            basis=basis_of(
                None, [c for cs in legal_person_services(municipality).values() for c in cs]
            ),
            extra={"reason": reason.strip()} if reason.strip() else None,
        )
    return company


#: What an applicant keys in of their own entry from the portal (``person_self_complete``), and
#: how each field is named to them.
SELF_FIELDS = {
    "birth_date": "data de nascimento",
    "address": "endereço",
    "city": "município de residência",
    "phone": "telefone",
}


def person_self_complete(
    *, actor: Actor, municipality: Municipality, law: str, person: Person, data: Mapping[str, Any]
) -> Person:
    """The applicant completes their own entry from the portal (``application.submit``): the
    birth date, address, town and phone still blank. A value on record is never overwritten from
    the portal — its correction is the desk's (:func:`person_update`, with a reason) — and the
    law reads these values as declared until the clerk checks them against the documents
    accepted. A birth date in the future is refused."""
    authorize(actor=actor, municipality=municipality, action="application.submit", law=law)
    if own_or_desk(actor, person) != "application.submit":
        raise FieldError("pessoa", "cada interessado completa apenas o próprio cadastro")
    values = {f: data[f] for f in SELF_FIELDS if data.get(f) not in (None, "")}
    for f in ("address", "city", "phone"):
        if f in values:
            values[f] = str(values[f]).strip()
    born = values.get("birth_date")
    if born is not None and born > today_of(municipality):
        raise FieldError("data de nascimento", "a data de nascimento não pode ser futura")
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.select_for_update(no_key=True).get(pk=person.pk)
        for f, v in values.items():
            if getattr(person, f) not in (None, "") and getattr(person, f) != v:
                raise FieldError(
                    SELF_FIELDS[f], "já registrado; para corrigir, procure o atendimento"
                )
        _person_correct(
            actor, municipality, person, values, extra={"por": "o próprio interessado, no portal"}
        )
    return person
