"""The screens and API of enforcement, driven through the web client: the inspector's phone form and
the PDFs, the API's steps and the holder's portal, a cassação proposal and a taxi suspension."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from enforcement_factories import (
    at,
    case_of,
    client_of,
    final_taxi_auto,
    issue,
    pdf_text,
    pending_notice,
)
from registry_factories import person, taxi_permit

from outorga.core.errors import Refused
from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, InfractionNotice
from outorga.enforcement.services.autos import infraction_issue
from outorga.law.competence import Role
from outorga.registry.validation import format_cpf

D = dt.date(2026, 4, 6)
EARLIER = dt.date(2026, 2, 2)  # an auto final before D (D-1)


def test_the_inspector_writes_an_auto_through_the_phone_form_and_the_pdfs_render(world, user_of):
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.get("/fiscalizacao/", {"q": world.permit.vehicle.plate})
    assert r.status_code == 200 and world.permit.holder.name in r.content.decode()
    r = fiscal.post(
        f"/fiscalizacao/autos/novo/?permit={world.permit.pk}",
        {
            "permit": world.permit.pk,
            "code": "art38-II",
            "committed_by": "holder",
            "place": "Centro",
            "date": "2026-04-06",
            "time": "10:30",
            "description": "Sem asseio.",
            "agent_registration": "F-1",
            "signature": "refused",
            "witness_1": "Ana",
            "witness_2": "Bruno",
            "lat": "-19.468",
            "lon": "-42.536",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(world.m):
        auto = InfractionNotice.objects.get(permit=world.permit)
    assert auto.refusal_certified and auto.witness_2 == "Bruno" and auto.gps_lat is not None
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    assert authority.get(f"/fiscalizacao/autos/{auto.pk}/auto.pdf").content.startswith(b"%PDF")
    case = case_of(world, auto)
    n = pending_notice(world, case)
    assert authority.get(f"/fiscalizacao/notificacoes/{n.pk}/notificacao.pdf").content.startswith(
        b"%PDF"
    )
    r = authority.get(f"/fiscalizacao/processos/{case.pk}/")
    assert r.status_code == 200 and auto.number in r.content.decode()
    batch = authority.get("/fiscalizacao/edital/lote.csv").content.decode()
    assert case.number in batch
    assert authority.get("/fiscalizacao/edital/lote.pdf").content.startswith(b"%PDF")
    r = authority.post(
        "/fiscalizacao/edital/", {"n": [n.pk], "published_on": "2026-04-08", "edition": "DOM 123"}
    )
    assert r.status_code == 302
    assert case_of(world, auto).deadline == dt.date(2026, 4, 20)


def unlicensed_auto(world, offender, plate):  # type: ignore[no-untyped-def]
    """An auto of service without a permit (mototaxi art. 35) against ``offender``'s CPF."""
    return infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="art35",
        committed_at=at(D),
        place="Centro",
        description="Corrida paga sem permissão.",
        agent_registration="F-1",
        plate=plate,
        law="ipatinga.mototaxi-2013",
        offender_document=offender.document,
    )


def test_the_edital_csv_keeps_a_name_typed_as_a_formula_as_text(world, user_of):
    """The edital's batch goes to the Diário Oficial through a spreadsheet: a name the person
    typed on the portal that starts as a formula (=, +, -, @) is exported as text."""
    offender = person(world.m, name='=HYPERLINK("https://exemplo.invalid/";"Edital")')
    auto = unlicensed_auto(world, offender, "FML1A23")
    number = case_of(world, auto).number
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    batch = authority.get("/fiscalizacao/edital/lote.csv").content.decode()
    rows = [r for r in csv.DictReader(io.StringIO(batch), delimiter=";") if r["processo"] == number]
    assert [r["nome"] for r in rows] == ["'" + offender.name]


def test_a_refusal_without_two_witnesses_is_refused_with_art_29_par3(world):
    with pytest.raises(Refused) as exc:
        infraction_issue(
            actor=world.fiscal,
            municipality=world.m,
            code="art38-II",
            committed_at=at(D),
            place="x",
            description="x",
            agent_registration="F",
            permit=world.permit,
            refusal_certified=True,
            witnesses=["Só uma"],
        )
    assert "art. 29" in str(exc.value)


def test_api_steps_and_the_holder_portal(world, user_of, monkeypatch):
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    r = fiscal.post(
        "/api/v1/enforcement/autos",
        {
            "code": "art39-II",
            "committed_at": "2026-04-06T10:00:00-03:00",
            "place": "Centro",
            "description": "x",
            "agent_registration": "F-2",
            "permit_id": world.permit.pk,
            "offender_signed": True,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    case_id = r.json()["id"]
    assert r.json()["deadline"] == "2026-04-16"
    holder = client_of(world.holder_user)
    assert holder.get("/portal/infracoes/").status_code == 200
    with tenant(world.m):
        notice = Case.objects.get(pk=case_id).notices.get()
    r = holder.get(f"/portal/notificacoes/{notice.pk}/notificacao.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    r = holder.get(f"/portal/processos/{case_id}/")
    assert "Notificação (PDF)" in r.content.decode()
    # The portal files "today": the day after the last day (16/04/2026) the defence is late and
    # refused with the article (art. 42); on the last day itself it is in time.
    monkeypatch.setattr("outorga.enforcement.api.holder.today", lambda: dt.date(2026, 4, 17))
    r = holder.post(
        f"/api/v1/enforcement/me/cases/{case_id}/filings",
        {"text": "Defesa pela API", "attachments": []},
        content_type="application/json",
    )
    assert r.status_code == 422
    decision = r.json()["decisao"]
    assert "Lei de mototáxi de Ipatinga (2013), art. 42" in decision["citations"]
    [late] = [x for x in decision["reasons"] if x["verdict"] == "refused"]
    assert late["message"] == (
        "Prazo de defesa escrita ao Secretário da SESUMA encerrado em 16/04/2026: apresentação "
        "em 17/04/2026, fora do prazo."
    )
    monkeypatch.setattr("outorga.enforcement.api.holder.today", lambda: dt.date(2026, 4, 16))
    r = holder.post(
        f"/api/v1/enforcement/me/cases/{case_id}/filings",
        {"text": "Defesa pela API", "attachments": []},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    assert (r.json()["filed_on"], r.json()["deadline"]) == ("2026-04-16", "2026-04-16")
    types = (
        client_of(user_of("ipatinga", Role.AUTORIDADE))
        .get("/api/v1/enforcement/infraction-types", {"limit": 200})
        .json()["items"]
    )
    # Art. 38–41 complete, and art. 18 typed by art. 39, I (ADR 0032).
    assert len(types) == 12 + 15 + 14 + 2 + 1
    assert "art39-I-art18" in {t["code"] for t in types}
    jari = client_of(user_of("ipatinga", Role.JARI))
    assert jari.get("/api/v1/enforcement/queue").status_code == 200


def test_api_cassacao_proposal_and_taxi_suspension(world, user_of):
    permit = taxi_permit(world.m, n=9001, name="Taxista Teste", plate="TAX1A23")
    auto = final_taxi_auto(world, permit, on=EARLIER)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/api/v1/enforcement/permits/{permit.pk}/taxi-suspension"
    r = authority.post(
        url, {"days": 30, "start": today_of(world.m).isoformat()}, content_type="application/json"
    )
    assert r.status_code == 422  # the auto it punishes is required (art. 41 caput, D-1)
    r = authority.post(
        url,
        {"auto_id": auto.pk, "days": 91, "start": today_of(world.m).isoformat(), "reason": "x"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "90" in r.content.decode()
    r = authority.post(
        url,
        {
            "auto_id": auto.pk,
            "days": 30,
            "start": today_of(world.m).isoformat(),
            "reason": "art. 42 V",
        },
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["status"] == "suspended"
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    url = f"/api/v1/enforcement/permits/{world.permit.pk}/cassacao-proposal"
    body = {"causes": {"service_interrupted_days": 31}, "on": "2026-04-06"}
    assert fiscal.post(url, body, content_type="application/json").status_code == 403
    r = authority.post(url, body, content_type="application/json")
    assert r.status_code == 201 and r.json()["kind"] == "cassacao"
    assert r.json()["waiting"] == "notice"


def test_art_18_an_auto_at_a_bus_stop_cites_art_18_and_art_39_i_and_seizes(world, user_of):
    fiscal = client_of(user_of("ipatinga", Role.FISCAL))
    form = fiscal.get("/fiscalizacao/autos/novo/").content.decode()
    assert "Exercer o serviço em ponto de ônibus ou de táxi" in form
    r = fiscal.post(
        "/api/v1/enforcement/autos",
        {
            "code": "art39-I-art18",
            "committed_at": "2026-04-06T10:00:00-03:00",
            "place": "Ponto de ônibus da Av. 28 de Abril, 500",
            "description": "Aguardava passageiros no ponto de ônibus.",
            "agent_registration": "F-2",
            "permit_id": world.permit.pk,
            "offender_signed": True,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    with tenant(world.m):
        auto = Case.objects.get(pk=r.json()["id"]).auto
    assert auto.provision == "Lei de mototáxi de Ipatinga (2013), art. 18; art. 39, I"


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_the_case_api_shows_the_cpf_masked_to_the_roles_the_registry_shows_it_masked(
    world, user_of, role
):
    """LGPD: the JARI and the chief executive judge a case without the holder's full CPF, as the
    registry's API shows it to them; the roles that need it (the inspector) still read it whole."""
    auto = infraction_issue(
        actor=world.fiscal,
        municipality=world.m,
        code="art38-II",
        committed_at=at(D),
        place="Centro",
        description="x",
        agent_registration="F-1",
        permit=world.permit,
        offender_signed=True,
    )
    case = case_of(world, auto)
    holder = world.permit.holder
    judge = client_of(user_of("ipatinga", role))
    person = judge.get(f"/api/v1/registry/people/{holder.pk}").json()
    assert person["document"] == holder.masked_document
    r = judge.get(f"/api/v1/enforcement/cases/{case.pk}")
    assert r.status_code == 200, r.content
    assert r.json()["person"] == holder.masked_document
    inspector = client_of(user_of("ipatinga", Role.FISCAL))
    whole = inspector.get(f"/api/v1/registry/people/{holder.pk}").json()["document"]
    assert whole == format_cpf(holder.document)
    assert inspector.get(f"/api/v1/enforcement/cases/{case.pk}").json()["person"] == whole


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_the_cpf_written_on_an_auto_without_a_permit_is_masked_as_the_registry_masks_it(
    world, user_of, role
):
    """LGPD (Lei 13.709/2018, art. 6º, III): the auto of service without a permit (mototaxi art.
    35) keeps the offender's CPF as the registration of art. 30 V; the JARI and the chief
    executive read it masked on the case, in the API and on the case's page, as they read the
    person's; the inspector reads it whole."""
    offender = person(world.m, name="Clandestino Mascarado")
    auto = unlicensed_auto(world, offender, "MSK1A23")
    case = case_of(world, auto)
    masked, whole = offender.masked_document, format_cpf(offender.document)
    judge = client_of(user_of("ipatinga", role))
    body = judge.get(f"/api/v1/enforcement/cases/{case.pk}").json()
    assert (body["person"], body["auto"]["offender_registration"]) == (masked, masked)
    page = judge.get(f"/fiscalizacao/processos/{case.pk}/").content.decode()
    assert masked in page and offender.document not in page and whole not in page
    inspector = client_of(user_of("ipatinga", Role.FISCAL))
    body = inspector.get(f"/api/v1/enforcement/cases/{case.pk}").json()
    assert (body["person"], body["auto"]["offender_registration"]) == (whole, whole)


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_the_cpf_written_on_an_auto_without_a_permit_is_masked_in_the_autos_pdf(
    world, user_of, role
):
    """The auto's PDF, linked from the case's page, prints the registration of art. 30 V as the
    page shows it to the reader: masked for the JARI and the chief executive, whole for the
    inspector (ADR 0052; LGPD art. 6º, III)."""
    offender = person(world.m, name="Clandestino do PDF")
    auto = unlicensed_auto(world, offender, "PDF1A23")
    masked, whole = offender.masked_document, format_cpf(offender.document)
    r = client_of(user_of("ipatinga", role)).get(f"/fiscalizacao/autos/{auto.pk}/auto.pdf")
    assert r.status_code == 200
    text = pdf_text(r.content)
    assert masked in text and offender.document not in text and whole not in text
    r = client_of(user_of("ipatinga", Role.FISCAL)).get(f"/fiscalizacao/autos/{auto.pk}/auto.pdf")
    assert whole in pdf_text(r.content)


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_the_inspectors_search_finds_no_one_by_cpf_for_the_roles_that_see_it_masked(
    world, user_of, role
):
    """As the registry's search: a CPF typed by a role that sees it masked finds no one, or the
    page would tell them whose it is; the plate still finds the permit, and the inspector finds
    it by the CPF."""
    holder = world.permit.holder
    c = client_of(user_of("ipatinga", role))
    # An address with the CPF is moved to a token first (core.searchtokens): follow it.
    people = c.get("/cadastro/pessoas/", {"q": holder.document}, follow=True)
    assert people.status_code == 200 and holder.name not in people.content.decode()
    r = c.get("/fiscalizacao/", {"q": holder.document}, follow=True)
    assert r.status_code == 200 and holder.name not in r.content.decode()
    r = c.get("/fiscalizacao/", {"q": world.permit.vehicle.plate})
    assert holder.name in r.content.decode()
    inspector = client_of(user_of("ipatinga", Role.FISCAL))
    found = inspector.post("/fiscalizacao/", {"q": holder.document}, follow=True)
    assert holder.name in found.content.decode()


#: The auto's fields in the case's answer, each the auto's attribute of that name or this one.
_AUTO_ATTRIBUTES = {
    "id": "pk",
    "code": "infraction_code",
    "permit": "permit_number",
    "offender": "offender_name",
    **{
        name: name
        for name in (
            "number provision severity plate committed_at committed_by status decision penalty "
            "measures seizure"
        ).split()
    },
}


def _stored_case(world, case_id, document, registration):  # type: ignore[no-untyped-def]
    """The case as stored, as its API answers it, ``document`` the CPF as the caller reads it,
    ``registration`` the auto's offender registration (None: as written on the auto)."""
    import json

    from ninja.responses import NinjaJSONEncoder

    with tenant(world.m):
        case = Case.objects.get(pk=case_id)
        auto = case.auto
        row = {
            "id": case.pk,
            **{
                name: getattr(case, name)
                for name in "number kind law stage waiting deadline revelia final_on outcome".split()
            },
            "auto": {
                **{name: getattr(auto, attr) for name, attr in _AUTO_ATTRIBUTES.items()},
                "offender_registration": registration or auto.offender_registration,
            },
            "person": document,
            "notices": [n.pk for n in case.notices.order_by("id")],
            "filings": [f.pk for f in case.filings.order_by("id")],
            "can_reconsider": False,
        }
    return json.loads(json.dumps(row, cls=NinjaJSONEncoder))


@pytest.mark.parametrize("role", [Role.JARI, Role.FISCAL])
def test_the_case_api_answers_each_field_as_stored(world, user_of, role):
    """The case (with or without a permit) answers each stored field, the CPF as ``role`` reads
    it (masked for the JARI, whole for the inspector), its notices and filings in order."""
    offender = person(world.m, name="Clandestino Campos")
    cases = [
        (case_of(world, unlicensed_auto(world, offender, "CMP1A23")), offender, True),
        (case_of(world, issue(world, on=D)), world.permit.holder, False),
    ]
    c = client_of(user_of("ipatinga", role))
    for case, who, registered_by_cpf in cases:
        document = who.masked_document if role == Role.JARI else format_cpf(who.document)
        body = c.get(f"/api/v1/enforcement/cases/{case.pk}").json()
        body["notices"] = [n["id"] for n in body["notices"]]
        body["filings"] = [f["id"] for f in body["filings"]]
        registration = document if registered_by_cpf else None
        assert body == _stored_case(world, case.pk, document, registration)
        assert body["notices"]
