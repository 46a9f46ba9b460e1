"""The mototaxi registry API walked as the clerk's session uses it (mototaxi art. 4–6, 14, 32, 34):
people, licence, documents, vehicles, eligibility, grant, suspension, reinstatement, renewal and
auxiliaries. Each step answers the status the law demands, in Portuguese, naming the field and the
article on a refusal, and writes its act with who did it.

Dates are relative to the day the test runs: documents recorded through the API are presented
"today" (the medical certificate must be presented within 30 days of the tender's homologation,
art. 5 §2), so the tender, the grant and every later step are dated around today."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

import pytest
from auth_factories import client_as
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from registry_factories import EQUIPMENT
from validate_docbr import CPF, RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.windows import add_years, months_elapsed_on
from outorga.registry.models import Document, Permit, PermitStatusChange, Person, Tender
from outorga.registry.services.permit_status import permit_suspend

API = "/api/v1/registry"
MOTO = "Lei de mototáxi de Ipatinga (2013)"
PERSON_DOCS = [
    Document.Type.RG,
    Document.Type.MILITARY,
    Document.Type.ELECTORAL,
    Document.Type.PHOTOS,
    Document.Type.RESIDENCE,
    Document.Type.CRIMINAL,
    Document.Type.CPF,
    Document.Type.COURSE,
    Document.Type.MEDICAL,
]
#: A mototaxi's: the insurance policy's copy with them (art. 19 §1–§2).
VEHICLE_DOCS = [
    Document.Type.CRLV,
    Document.Type.CRV,
    Document.Type.DPVAT,
    Document.Type.VISTORIA,
    Document.Type.INSPECTION,
    Document.Type.INSURANCE,
]
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def post(c: Client, url: str, body: dict[str, Any]) -> Any:
    return c.post(f"{API}{url}", body, content_type="application/json")


def acts(m: Municipality, action: str, object_id: Any = None, outcome: str = "done") -> list[Act]:
    with tenant(m):
        qs = Act.objects.filter(action=action, outcome=outcome)
        if object_id is not None:
            qs = qs.filter(object_id=str(object_id))
        return list(qs.order_by("seq"))


def counted_suspension(m: Municipality, user_of: Any, pid: int, start: dt.date, why: str) -> None:
    """A suspension of 15 days on the count of art. 32 I (D-1, D-2), as the authority imposes it
    from the enforcement queue (``suspension_impose`` gives the count as its grounds)."""
    with tenant(m):
        permit = Permit.objects.get(pk=pid)
    permit_suspend(
        actor=Actor.of(user_of(m.slug, Role.AUTORIDADE)),
        municipality=m,
        permit=permit,
        days=15,
        start=start,
        reason=why,
        grounds={"kind": "escalation", "days": 15, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )


def cited(body: dict[str, Any]) -> str:
    """Every citation of a law refusal's decision, as one string."""
    return " | ".join(body["decisao"]["citations"])


def today() -> dt.date:
    return timezone.localdate()


def person_body(name: str, cpf: str, **more: Any) -> dict[str, Any]:
    return {
        "document": cpf,
        "name": name,
        "birth_date": "1990-01-01",
        "blood_type": "O+",
        "city": "Ipatinga",
        **more,
    }


def applicant(c: Client, name: str, t: dt.date) -> int:
    """A person with every requirement of art. 5 recorded through the API: CNH A for years (II),
    the course (III), the documents of V–XI and the medical certificate (VII)."""
    r = post(c, "/people", person_body(name, CPF().generate()))
    assert r.status_code == 201, r.content
    pid = r.json()["id"]
    r = post(
        c,
        f"/people/{pid}/licence",
        {
            "number": "02650306461",
            "categories": "BA",
            "first_licence_on": "2010-01-01",
            "category_a_since": "2010-01-01",
            "expires_on": add_years(t, 5).isoformat(),
            "ear": True,
        },
    )
    assert r.status_code == 200, r.content
    for doc_type in PERSON_DOCS:
        r = c.post(
            f"{API}/documents",
            {
                "doc_type": doc_type,
                "issued_on": (t - dt.timedelta(days=5)).isoformat(),
                "person_id": pid,
            },
        )
        assert r.status_code == 201, r.content
    return int(pid)


def motorcycle(c: Client, owner: int, plate: str, t: dt.date, cc: int = 150) -> int:
    """A motorcycle a year old (150 cc unless said), red plate, registered in Ipatinga (art. 3,
    5 §1), with its documents (art. 5 §1 I–III)."""
    r = post(
        c,
        "/vehicles",
        {
            "owner_id": owner,
            "plate": plate,
            "renavam": RENAVAM().generate(),
            "kind": "motocicleta",
            "make_model": "Honda CG 160",
            "manufacture_year": t.year - 1,
            "engine_cc": cc,
            "colour": "vermelha",
            "rental_category": True,
            "registration_uf": "mg",
            "registration_city": "Ipatinga",
        },
    )
    assert r.status_code == 201, r.content
    vid = r.json()["id"]
    for doc_type in VEHICLE_DOCS:
        issued = t - dt.timedelta(days=5)
        body = {"doc_type": doc_type, "issued_on": issued.isoformat(), "vehicle_id": vid}
        if doc_type == Document.Type.INSURANCE:  # art. 19 §1: the end printed on the policy
            body["valid_until"] = (issued + dt.timedelta(days=365)).isoformat()
        if doc_type == Document.Type.CRLV:  # art. 5 §1 I: the licensing printed on the CRLV
            body["valid_until"] = (issued + dt.timedelta(days=365)).isoformat()
        r = c.post(f"{API}/documents", body)
        assert r.status_code == 201, r.content
    return int(vid)


def homologated_tender(m: Municipality, t: dt.date) -> Tender:
    with tenant(m):
        return Tender.objects.create(
            service="mototaxi",
            number="API-PATHS/2026",
            places=10,
            opened_on=t - dt.timedelta(days=60),
            homologated_on=t - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )


#: Mototaxi art. 5 IV (art. 14 §2 for the auxiliary): the vest and helmet the desk saw, which the
#: API asks of every grant, yearly certificate and auxiliary's credential.
GEAR = {"safety_gear": True}


def grant_body(holder: int, vehicle: int, tender: Tender, on: dt.date) -> dict[str, Any]:
    return {
        "holder_id": holder,
        "vehicle_id": vehicle,
        "service": "mototaxi",
        "tender_id": tender.pk,
        "granted_on": on.isoformat(),
        "term_years": 10,
        "decree": "Decreto 77/2026",
        "equipment": EQUIPMENT,
        **GEAR,
    }


@pytest.fixture
def clerk_c(user_of) -> Client:  # type: ignore[no-untyped-def]
    return client_as(user_of, Role.ATENDENTE)


@pytest.fixture
def granted(ipatinga_m, clerk_c) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """A permit granted through the API today, with its holder and vehicle."""
    t = today()
    holder = applicant(clerk_c, "Titular Da Api", t)
    vehicle = motorcycle(clerk_c, holder, "RAP1A11", t)
    tender = homologated_tender(ipatinga_m, t)
    r = post(clerk_c, "/permits", grant_body(holder, vehicle, tender, t))
    assert r.status_code == 201, r.content
    return {"t": t, "holder": holder, "tender": tender, "permit": r.json()}


# --- people and licence ------------------------------------------------------------------------


def test_art_4_the_clerk_registers_a_person_and_corrects_it_each_time_an_act(
    ipatinga_m, user_of, clerk_c
):
    cpf = CPF().generate()
    r = post(clerk_c, "/people", person_body("Maria Api Cadastro", cpf))
    assert r.status_code == 201, r.content
    body = r.json()
    pid = body["id"]
    assert body["name"] == "Maria Api Cadastro" and body["kind"] == "natural"
    # The clerk keeps the registry and sees the full CPF (formatted).
    assert body["document"] == f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    assert body["birth_date"] == "1990-01-01" and body["photo"] is False
    created = acts(ipatinga_m, "person.create", pid)
    assert len(created) == 1
    clerk = user_of("ipatinga", Role.ATENDENTE)
    assert (created[0].actor_id, created[0].role, created[0].ip) == (
        clerk.pk,
        "atendente",
        "127.0.0.1",
    )

    # The same CPF typed with punctuation is the same person: offered (409), neither duplicated
    # nor overwritten; the correction is its own act, with the reason.
    formatted = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    r = post(clerk_c, "/people", person_body("Maria Api Cadastro", formatted, city="Timóteo"))
    assert r.status_code == 409 and r.json()["id"] == pid, r.content
    r = clerk_c.patch(
        f"{API}/people/{pid}",
        {"city": "Timóteo", "reason": "mudança de endereço"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["city"] == "Timóteo", r.content
    with tenant(ipatinga_m):
        assert Person.objects.filter(document=cpf).count() == 1
    updated = acts(ipatinga_m, "person.update", pid)
    assert len(updated) == 1
    payload = updated[0].record["payload"]
    assert (payload["old"]["city"], payload["new"]["city"]) == ("Ipatinga", "Timóteo")

    assert clerk_c.get(f"{API}/people/{pid}").json()["name"] == "Maria Api Cadastro"
    found = clerk_c.get(f"{API}/people", {"q": "Maria Api"}).json()["items"]
    assert [p["id"] for p in found] == [pid]


def test_art_5_i_a_person_without_birth_date_is_refused_naming_the_field_and_the_article(
    ipatinga_m, clerk_c
):
    cpf = CPF().generate()
    r = post(clerk_c, "/people", {"document": cpf, "name": "Sem Nascimento"})
    assert r.status_code == 422
    assert r.json()["erros"] == [
        {
            "campo": "data de nascimento",
            "erro": "obrigatória para pessoa física",
            "fundamento": f"{MOTO}, art. 5, I",
        }
    ]
    with tenant(ipatinga_m):
        assert not Person.objects.filter(document=cpf).exists()


def test_art_5_ii_the_licence_is_recorded_with_its_categories_and_an_act(ipatinga_m, clerk_c):
    r = post(clerk_c, "/people", person_body("Condutor Cnh", CPF().generate()))
    pid = r.json()["id"]
    r = post(
        clerk_c,
        f"/people/{pid}/licence",
        {
            "number": "026.503.064-61",
            "categories": "ba",
            "first_licence_on": "2012-05-02",
            "category_a_since": "2014-06-01",
            "expires_on": "2031-01-31",
        },
    )
    assert r.status_code == 200, r.content
    assert r.json()["categories"] == "AB" and r.json()["expires_on"] == "2031-01-31"
    act = acts(ipatinga_m, "licence.record", r.json()["id"])
    assert len(act) == 1
    assert act[0].record["payload"]["new"]["number"] == "02650306461"
    assert act[0].record["payload"]["new"]["category_a_since"] == "2014-06-01"

    r = post(
        clerk_c,
        f"/people/{pid}/licence",
        {
            "number": "02650306461",
            "categories": "AX",
            "first_licence_on": "2012-05-02",
            "expires_on": "2031-01-31",
        },
    )
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": "categorias", "erro": "use as letras A, B, C, D ou E"}]


# --- vehicles, documents, eligibility ------------------------------------------------------------


def test_art_3_the_motorcycle_is_registered_with_a_normalised_plate_and_an_act(ipatinga_m, clerk_c):
    t = today()
    owner = post(clerk_c, "/people", person_body("Dono Da Moto", CPF().generate())).json()["id"]
    vid = motorcycle(clerk_c, owner, "rap-2b22", t)
    body = clerk_c.get(f"{API}/vehicles/{vid}").json()
    assert body["plate"] == "RAP2B22" and body["owner_id"] == owner
    assert body["kind"] == "motocicleta" and body["engine_cc"] == 150
    assert body["cadastro_number"] is None  # only taxis enter the Cadastro de Taxistas
    listed_vehicles = clerk_c.get(f"{API}/vehicles", {"plate": "RAP-2"}).json()["items"]
    assert [v["id"] for v in listed_vehicles] == [vid]
    act = acts(ipatinga_m, "vehicle.create", vid)
    assert len(act) == 1 and act[0].record["payload"]["new"]["registration_uf"] == "MG"
    # Six vehicle documents, each with its act; the inspection report is semiannual (art. 5 §1
    # III), so it is valid for six months from its issue, counted as the Civil Code counts them
    # (art. 132 §3º, ADR 0074: from 31/08, through 01/03).
    with tenant(ipatinga_m):
        docs = {d.doc_type: d for d in Document.objects.filter(vehicle_id=vid)}
    assert sorted(docs) == sorted(VEHICLE_DOCS)
    recorded = {a.object_id for a in acts(ipatinga_m, "document.record")}
    assert {str(d.pk) for d in docs.values()} <= recorded
    inspection = docs[Document.Type.INSPECTION]
    assert inspection.valid_until == months_elapsed_on(inspection.issued_on, 6)


def test_art_5_vii_the_medical_certificate_gets_the_yearly_validity_the_law_gives(
    ipatinga_m, clerk_c
):
    owner = post(clerk_c, "/people", person_body("Com Atestado", CPF().generate())).json()["id"]
    r = clerk_c.post(
        f"{API}/documents",
        {"doc_type": "medical_certificate", "issued_on": "2026-02-10", "person_id": owner},
    )
    assert r.status_code == 201, r.content
    assert r.json()["valid_until"] == "2027-02-10"  # art. 5 §2: renewed every year
    act = acts(ipatinga_m, "document.record", r.json()["id"])
    assert len(act) == 1
    assert any("art. 5" in c for c in act[0].record["basis"]["citations"])


def test_art_5_par1_iii_an_inspection_of_31_august_is_recorded_valid_through_1_march(
    ipatinga_m, clerk_c
):
    """Six months from 31/08 run out on 01/03 — there is no 31/02 (Civil Code art. 132 §3º, "ou
    no imediato"; ADR 0074): the registry stores the law core's day, not 28/02."""
    owner = post(clerk_c, "/people", person_body("Com Laudo", CPF().generate())).json()["id"]
    vid = motorcycle(clerk_c, owner, "LAU-0831", today())
    r = clerk_c.post(
        f"{API}/documents",
        {"doc_type": "inspection_report", "issued_on": "2025-08-31", "vehicle_id": vid},
    )
    assert r.status_code == 201, r.content
    assert r.json()["valid_until"] == "2026-03-01"


def test_a_document_uploaded_as_pdf_is_kept_and_served_back_to_the_clerk(ipatinga_m, clerk_c):
    owner = post(clerk_c, "/people", person_body("Com Rg", CPF().generate())).json()["id"]
    r = clerk_c.post(
        f"{API}/documents",
        {
            "doc_type": "rg",
            "issued_on": "2020-01-01",
            "person_id": owner,
            "number": "MG-12.345.678",
            "file": SimpleUploadedFile("rg.pdf", PDF, "application/pdf"),
        },
    )
    assert r.status_code == 201, r.content
    assert r.json()["sha256"] == hashlib.sha256(PDF).hexdigest()
    served = clerk_c.get(f"{API}/documents/{r.json()['id']}/file")
    assert served.status_code == 200
    assert served["Content-Type"] == "application/pdf" and served.content == PDF


def test_art_5_eligibility_lists_each_missing_requirement_with_its_article_then_says_apt(
    ipatinga_m, clerk_c
):
    t = today()
    pid = post(clerk_c, "/people", person_body("Ainda Sem Papeis", CPF().generate())).json()["id"]
    r = clerk_c.get(f"{API}/people/{pid}/eligibility", {"service": "mototaxi", "on": t})
    assert r.status_code == 200
    d = r.json()
    assert d["outcome"]["eligible"] is False
    refused = {x["rule"]: x for x in d["reasons"] if x["verdict"] == "refused"}
    # No CNH (art. 5 II), no course (III), no medical certificate (VII): each with its article.
    medical = refused["art_5_vii_medical_certificate"]
    assert medical["message"] == "Falta o atestado médico de sanidade física e mental."
    assert {(c["article"], c.get("inciso")) for c in medical["citations"]} >= {("5", "VII")}
    assert any(x["rule"].startswith("art_5_ii") for x in refused.values())

    done = applicant(clerk_c, "Ja Com Papeis", t)
    d = clerk_c.get(f"{API}/people/{done}/eligibility", {"service": "mototaxi", "on": t}).json()
    # Nothing the registry keeps is missing: no reason refuses (a fact the registry does not keep,
    # such as the safety gear of art. 5 IV, may stay pending for the clerk to check).
    assert [x for x in d["reasons"] if x["verdict"] == "refused"] == []
    assert d["outcome"]["eligible"] is not False

    r = clerk_c.get(f"{API}/people/{done}/eligibility", {"service": "taxi"})
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": "service", "erro": "use mototaxi ou motofrete"}]


# --- grant ---------------------------------------------------------------------------------------


def test_art_6_and_10_the_grant_is_numbered_within_the_quota_with_its_act(
    ipatinga_m, user_of, clerk_c, granted
):
    t, p = granted["t"], granted["permit"]
    assert p["status"] == "active" and p["service"] == "mototaxi"
    assert p["number"] == f"MT-{p['registration_number']:04d}"
    assert p["holder"]["id"] == granted["holder"] and p["plate"] == "RAP1A11"
    assert p["term_start"] == t.isoformat()
    assert p["term_end"] == add_years(t, 10).isoformat()  # art. 6: at most 10 years
    assert p["certificate_valid_until"] == add_years(t, 1).isoformat()  # art. 4 §1: one year
    act = acts(ipatinga_m, "permit.grant", p["id"])
    assert len(act) == 1
    assert act[0].actor_id == user_of("ipatinga", Role.ATENDENTE).pk
    citations = " | ".join(act[0].record["basis"]["citations"])
    assert f"{MOTO}, art. 10, I" in citations and f"{MOTO}, art. 6" in citations
    with tenant(ipatinga_m):
        history = list(PermitStatusChange.objects.filter(permit_id=p["id"]))
    assert [(h.to_status, h.effective_on, h.reason) for h in history] == [("active", t, "outorga")]
    query = {"service": "mototaxi", "status": "active", "limit": 200}
    listed = clerk_c.get(f"{API}/permits", query).json()["items"]
    assert [x["id"] for x in listed if x["holder"]["id"] == granted["holder"]] == [p["id"]]


def test_art_3_i_a_100_cc_motorcycle_is_refused_with_every_reason_and_its_article(
    ipatinga_m, clerk_c
):
    t = today()
    holder = applicant(clerk_c, "Moto Pequena", t)
    small = motorcycle(clerk_c, holder, "RAP3C33", t, cc=100)
    tender = homologated_tender(ipatinga_m, t)
    r = post(clerk_c, "/permits", grant_body(holder, small, tender, t))
    assert r.status_code == 422
    body = r.json()
    assert body["detail"] == "Recusado pela lei."
    assert f"{MOTO}, art. 3, I" in cited(body)
    refusals = [x for x in body["decisao"]["reasons"] if x["verdict"] == "refused"]
    assert refusals and all(x["citations"] for x in refusals)
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(holder_id=holder).exists()
    assert acts(ipatinga_m, "permit.grant") == []


def test_art_6_the_inspector_may_not_grant_and_the_refusal_is_an_act(ipatinga_m, user_of, clerk_c):
    t = today()
    holder = applicant(clerk_c, "Sem Outorga", t)
    vehicle = motorcycle(clerk_c, holder, "RAP4D44", t)
    tender = homologated_tender(ipatinga_m, t)
    fiscal = client_as(user_of, Role.FISCAL)
    r = post(fiscal, "/permits", grant_body(holder, vehicle, tender, t))
    assert r.status_code == 403
    assert r.json()["detail"].startswith("Sem competência para registrar a outorga de permissão")
    assert f"{MOTO}, art. 6" in r.json()["detail"]
    refused = acts(ipatinga_m, "permit.grant", outcome="refused")
    assert len(refused) == 1 and refused[0].role == "fiscal"
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(holder_id=holder).exists()


# --- suspension, reinstatement, renewal ----------------------------------------------------------


def test_art_34_only_the_authority_suspends_and_art_32_par2_reinstatement_after_it_is_served(
    ipatinga_m, user_of, clerk_c, granted
):
    t, pid = granted["t"], granted["permit"]["id"]
    # The suspension starts today: the proof of art. 32 §2 recorded through the API is presented
    # today, within the suspension, as the law core asks.
    body = {"days": 15, "start": t.isoformat(), "reason": "art. 32 I: três infrações leves"}

    r = post(clerk_c, f"/permits/{pid}/suspend", body)
    assert r.status_code == 403
    assert r.json()["detail"] == (
        f"Sem competência para aplicar suspensão: compete a Autoridade (secretário) ({MOTO}, art. 34)."
    )
    refused = acts(ipatinga_m, "penalty.suspension", outcome="refused")
    assert len(refused) == 1 and refused[0].role == "atendente"

    # Art. 32 I: the authority applies a suspension, it does not choose one. Without the count of
    # final infractions (D-1, D-2) the direct route refuses, naming the field and the article,
    # and the refusal is logged.
    authority = client_as(user_of, Role.AUTORIDADE)
    r = post(authority, f"/permits/{pid}/suspend", body)
    assert r.status_code == 422, r.content
    assert r.json()["erros"][0]["campo"] == "fundamento"
    assert f"{MOTO}, art. 32, I" in r.json()["erros"][0]["fundamento"]
    refused = acts(ipatinga_m, "permit.suspended", pid, outcome="refused")
    assert len(refused) == 1 and refused[0].role == "autoridade"

    # The count's suspension, as enforcement imposes it (suspension_impose gives the grounds).
    counted_suspension(ipatinga_m, user_of, pid, t, body["reason"])
    until = t + dt.timedelta(days=14)  # 15 days, the first one included
    r = clerk_c.get(f"{API}/permits/{pid}")
    assert r.json()["status"] == "suspended" and r.json()["suspended_until"] == until.isoformat()
    act = acts(ipatinga_m, "permit.suspended", pid)
    assert len(act) == 1 and act[0].role == "autoridade"
    assert act[0].record["payload"]["reason"] == body["reason"]

    # Art. 32 §2: only once the suspension is served ("cumprida")...
    r = post(clerk_c, f"/permits/{pid}/reinstate", {"on": until.isoformat(), "text": "sanado"})
    assert r.status_code == 409
    assert r.json()["detail"].startswith(f"a suspensão vai até {until:%d/%m/%Y}")
    back = (until + dt.timedelta(days=1)).isoformat()
    # Competence before the proof: the inspector is refused as such, and the refusal logged.
    inspector = client_as(user_of, Role.FISCAL)
    r = post(inspector, f"/permits/{pid}/reinstate", {"on": back, "text": "colete substituído"})
    assert r.status_code == 403 and f"{MOTO}, art. 4, §1" in r.json()["detail"]
    refused = acts(ipatinga_m, "permit.renew", outcome="refused")
    assert len(refused) == 1 and refused[0].role == "fiscal"
    # ... and with the proof that the irregularities were remedied, a recorded document.
    r = post(clerk_c, f"/permits/{pid}/reinstate", {"on": back, "text": "colete substituído"})
    assert r.status_code == 422
    assert cited(r.json()) == f"{MOTO}, art. 32, §2"
    assert "o documento comprobatório registrado no cadastro" in r.json()["decisao"]["summary"]
    with tenant(ipatinga_m):
        assert Permit.objects.get(pk=pid).status == Permit.Status.SUSPENDED
    proof = clerk_c.post(
        f"{API}/documents",
        {
            "doc_type": "other",
            "issued_on": t.isoformat(),
            "person_id": granted["holder"],
            "number": "NF 991",
        },
    ).json()["id"]
    r = post(
        clerk_c,
        f"/permits/{pid}/reinstate",
        {"on": back, "text": "colete substituído", "document_id": proof},
    )
    assert r.status_code == 200, r.content
    assert r.json()["status"] == "active" and r.json()["suspended_until"] is None
    act = acts(ipatinga_m, "permit.active", pid)
    assert len(act) == 1 and act[0].role == "atendente"
    assert (
        act[0]
        .record["payload"]["reason"]
        .startswith("comprovação (art. 32, §2): colete substituído")
    )
    assert f"{MOTO}, art. 32, §2" in act[0].record["basis"]["citations"]

    history = clerk_c.get(f"{API}/permits/{pid}").json()["history"]
    assert [(h["from"], h["to"]) for h in history] == [
        ("", "active"),
        ("active", "suspended"),
        ("suspended", "active"),
    ]


def test_art_4_par1_the_clerk_renews_the_yearly_certificate_of_an_active_permit_only(
    ipatinga_m, user_of, clerk_c, granted
):
    t, pid = granted["t"], granted["permit"]["id"]
    on = t + dt.timedelta(days=30)
    authority = client_as(user_of, Role.AUTORIDADE)
    r = post(authority, f"/permits/{pid}/renew", {"on": on.isoformat(), **GEAR})
    assert r.status_code == 403 and f"{MOTO}, art. 4, §1" in r.json()["detail"]

    r = post(clerk_c, f"/permits/{pid}/renew", {"on": on.isoformat(), **GEAR})
    assert r.status_code == 200, r.content
    assert r.json()["certificate_valid_until"] == add_years(on, 1).isoformat()
    act = acts(ipatinga_m, "permit.renew", pid)
    assert len(act) == 1
    assert act[0].record["payload"]["old"]["certificate_valid_until"] == add_years(t, 1).isoformat()
    assert any("art. 5" in c for c in act[0].record["basis"]["citations"])

    counted_suspension(ipatinga_m, user_of, pid, on, "art. 32 I")
    next_day = (on + dt.timedelta(days=1)).isoformat()
    r = post(clerk_c, f"/permits/{pid}/renew", {"on": next_day, **GEAR})
    assert r.status_code == 409 and r.json()["detail"] == "só se renova permissão ativa"
    assert len(acts(ipatinga_m, "permit.renew", pid)) == 1


# --- auxiliaries ---------------------------------------------------------------------------------


def test_art_14_one_auxiliary_per_vehicle_with_its_schedule_credential_for_one_year(
    ipatinga_m, clerk_c, granted
):
    t, pid = granted["t"], granted["permit"]["id"]
    on = t  # the auxiliary added and removed today: neither may be dated on a day to come
    first = applicant(clerk_c, "Auxiliar Primeiro", t)
    second = applicant(clerk_c, "Auxiliar Segundo", t)

    # Art. 14 §3: the schedule of the holder and the auxiliary is filed with the indication.
    r = post(
        clerk_c, f"/permits/{pid}/auxiliaries", {"person_id": first, "on": on.isoformat(), **GEAR}
    )
    assert r.status_code == 422
    assert f"{MOTO}, art. 14, §3" in cited(r.json())

    r = post(
        clerk_c,
        f"/permits/{pid}/auxiliaries",
        {
            "person_id": first,
            "on": on.isoformat(),
            "work_schedule": "seg a sex, 6h às 14h",
            "indication": "Protocolo 1/2026",
            **GEAR,
        },
    )
    assert r.status_code == 201, r.content
    aux_id = r.json()["id"]
    assert r.json()["credential_valid_until"] == add_years(on, 1).isoformat()  # art. 14 §2
    act = acts(ipatinga_m, "auxiliary.add", aux_id)
    assert len(act) == 1 and act[0].record["payload"]["new"]["person"] == first

    # Art. 6 §4: one auxiliary per vehicle.
    r = post(
        clerk_c,
        f"/permits/{pid}/auxiliaries",
        {
            "person_id": second,
            "on": on.isoformat(),
            "work_schedule": "seg a sex, 14h às 22h",
            "indication": "Protocolo 1/2026",
            **GEAR,
        },
    )
    assert r.status_code == 422
    assert f"{MOTO}, art. 6, §4" in cited(r.json())
    reasons = {x["rule"]: x for x in r.json()["decisao"]["reasons"]}
    assert reasons["art_6_par4_one_auxiliary_per_vehicle"]["verdict"] == "refused"

    r = post(clerk_c, f"/auxiliaries/{aux_id}/remove", {"on": on.isoformat(), "text": "a pedido"})
    assert r.status_code == 200 and r.json() == {"id": aux_id, "status": "removed"}
    assert len(acts(ipatinga_m, "auxiliary.remove", aux_id)) == 1
    r = post(clerk_c, f"/auxiliaries/{aux_id}/remove", {"on": on.isoformat(), "text": "de novo"})
    assert r.status_code == 409 and r.json()["detail"] == "o auxiliar não está ativo"

    # The place is free again: the second one is accepted.
    r = post(
        clerk_c,
        f"/permits/{pid}/auxiliaries",
        {
            "person_id": second,
            "on": on.isoformat(),
            "work_schedule": "seg a sex, 14h às 22h",
            "indication": "Protocolo 1/2026",
            **GEAR,
        },
    )
    assert r.status_code == 201, r.content


def test_d_15_eligibility_without_a_date_is_of_the_municipality_s_day(
    ipatinga_m, clerk_c, monkeypatch
):
    """Asked without ``on``, the eligibility is of the municipality's day (D-15), the one its
    screens read — not the server's system date, which runs on UTC: at 22:30 of 16/04 in Ipatinga
    it is already 17/04 on a server's clock."""
    pid = post(clerk_c, "/people", person_body("Sem Data", CPF().generate())).json()["id"]
    instant = dt.datetime(2026, 4, 17, 1, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    d = clerk_c.get(f"{API}/people/{pid}/eligibility", {"service": "mototaxi"}).json()
    assert d["as_of"] == "2026-04-16"
