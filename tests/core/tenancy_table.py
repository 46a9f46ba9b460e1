"""How tests/core/test_tenancy_routes.py attacks each route: the parameter table, the role rule and
the routes that need something the rule can't give.

The generator builds each route's case from the URLconf: every parameter of the pattern is replaced
by B's object (``OBJECTS``) or a value (``VALUES``), the method is the view's (``require_POST`` →
POST, else GET; the API operation's own method), the user is A's in the role ``ROLES`` gives the
route's prefix (longest prefix wins; default autoridade), and the expected status is 404 for a route
pointing at an object of B, 200 for any other read. ``SPECIAL`` overrides any of that for one route
— a body the write needs to get as far as the object lookup (or to be attempted at all), a query,
another object, another role, another status — each with the reason. An entry's value is a dict, or
a function of B's world giving one, with the keys ``method``, ``path``, ``query``, ``ids`` (parameter
→ world key), ``expect``, ``json``, ``form`` and ``auth`` (a role, or ``"token"``: A's platform API
token)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from tenancy_world import png

from outorga.law.competence import Role

# A route parameter that names an object of B → the key of B's world holding it. A mapping instead
# of a key chooses by the route's prefix (longest wins; "" for the others).
OBJECTS: dict[str, str | dict[str, str]] = {
    "act_id": "act",
    "qid": "qid",
    "platform_id": "platform",
    "token_id": {"": "token", "vistorias/": "company_token"},
    "driver_id": "driver",
    "report_id": "report",
    "complaint_id": "complaint",
    "case_id": {
        "": "case",
        "plataformas/": "platform_case",
        "plataforma/": "platform_case",
        "api/v1/platform/": "platform_case",
        "api/v1/platform-cases/": "platform_case",
        "cadastro/": "extinction_case",
        "api/v1/taxi/": "extinction_case",
    },
    "penalty_id": "penalty",
    "permit_id": {
        "": "permit",
        "termos/": "taxi_permit",
        "api/v1/taxi/": "taxi_permit",
        # The taxi permit's vehicle changes, transfer and extinction.
        "cadastro/permissoes/<int:permit_id>/veiculo/": "taxi_permit",
        "cadastro/permissoes/<int:permit_id>/transferir/": "taxi_permit",
        "cadastro/permissoes/<int:permit_id>/extincao/": "taxi_permit",
        # The holder's Termo de Permissão (taxi).
        "portal/permissoes/<int:permit_id>/termo.pdf": "taxi_permit",
    },
    "person_id": "person",
    "vehicle_id": "vehicle",
    "doc_id": "document",
    "submission_id": "submission",
    "request_id": {
        "": "holder_request",
        "cadastro/pedidos-de-cadastro/": "registration_request",
    },
    "aux_id": "auxiliary",
    "change_id": "vehicle_change",
    "tender_id": "tender",
    "stand_id": "stand",
    "debt_id": "debt",
    "payment_id": "payment_unknown",
    "import_id": "import",
    "refund_id": "refund",
    "upload_id": "upload",
    "auto_id": "auto",
    "notice_id": "notice",
    "filing_id": "filing",
    "escalation_id": "escalation",
    "seizure_id": "seizure",
    "notification_id": "notification",
    "badge_id": "badge",
    "inspection_id": "inspection",
    "item_id": "inspection_item",
    "company_id": "company",
    "email_id": "email",
    "link_id": "platform_user",
    "attachment_id": "platform_attachment",
    # A badge token naming A, signed by A, carrying B's badge serial.
    "token": "foreign_token",
}

# A parameter that is no object of B: the route is read like a list (200).
VALUES: dict[str, Callable[[Any], Any]] = {
    "year": lambda b: b["year"],
    "month": lambda b: b["month"],
    "fmt": lambda b: "csv",
    "action": lambda b: "liberar",
    "code": lambda b: "mototaxi",
    # Public pages are public by design: B's identifiers looked up in the other municipality's.
    "slug": lambda b: b["other_slug"],
    # The badge keys are public: B's published keys, nothing else of B.
    "ibge_code": lambda b: b["ibge"],
    # The trip files' JSON Schemas are the same for every municipality.
    "name": lambda b: "trips-mds-2.0.json",
    # A password-reset link is a user's id and a token: any link but a user's own, valid one is
    # the "link inválido" page, whatever municipality the user is of.
    "uidb64": lambda b: "MQ",
    # The service an applicant registers a vehicle for: the same names in every municipality.
    "service": lambda b: "mototaxi",
}

ADMIN, CLERK, FINANCE = Role.ADMIN.value, Role.ATENDENTE.value, Role.FINANCAS.value
FISCAL, HOLDER, MAYOR = Role.FISCAL.value, Role.PERMISSIONARIO.value, Role.CHEFE_EXECUTIVO.value
AUTHORITY, TOKEN = Role.AUTORIDADE.value, "token"
PLATFORM = Role.PLATAFORMA.value

# The role of A's user by the route's prefix: the role whose screens and endpoints these are.
ROLES = {
    "api/v1/badges": CLERK,
    "api/v1/finance/": FINANCE,
    "api/v1/municipality/": ADMIN,
    "api/v1/notifications": CLERK,
    "api/v1/platform/": TOKEN,
    "api/v1/platform-candidates": FINANCE,
    "api/v1/platform-reports/": FINANCE,
    "api/v1/registry/": CLERK,
    "api/v1/registry/simulations": ADMIN,
    "api/v1/tripdata/": FINANCE,
    "avisos/": CLERK,
    "cadastro/": CLERK,
    "cadastro/simulacao/": ADMIN,
    "crachas/": CLERK,
    "dados/": FINANCE,
    "financas/": FINANCE,
    "municipio/dados/": ADMIN,
    "municipio/emails/": CLERK,
    # The platform portal: A's login of role plataforma (the demo's serves A's first platform).
    "plataforma/": PLATFORM,
    "portal/": HOLDER,
}

TODAY = "2026-06-01"
DAY = "2026-04-01"
ON = {"on": DAY}
MOTO_FEE = "ipatinga.taxi-2017:VIII"
Entry = dict[str, Any] | Callable[[Any], dict[str, Any]]


SPECIAL: dict[str, Entry] = {
    # -- core --------------------------------------------------------------------------------------
    "entrar/": {"expect": {200, 302}},  # a logged-in user is sent on
    "sair/": {"expect": {302}},  # logging out A's own session
    # The code after the password: a servant with no authenticator app is sent to set one up.
    "entrar/codigo/": {"expect": {200, 302}},
    # B's badge token as a reset token: the page that says the link is invalid (nothing of B).
    "senha/nova/<uidb64>/<token>/": {"expect": {200}},
    "api/v1/": {"expect": {404}},  # the API's root is no page
    "favicon.ico": {"expect": {301}},  # the icon, the same for everyone
    # The guided grant exists where a law governs mototaxi or motofrete (not in Barra do Garças).
    "cadastro/outorga-guiada/": {"expect": {200, 404}},
    # A panel is named by its area, never by a municipality: B's slug names none (the refusal
    # page); what reaches a panel's charts is tests/core/test_panels.py's tenancy test.
    "paineis/<slug:slug>/": {"expect": {403}},
    "api/v1/law/<qid>": {"json": {"facts": {}, "on": "2026-01-10"}},  # the body reaches the lookup
    "api/v1/law/<qid>/batch": {"json": {"facts": [{}], "on": "2026-01-10"}},
    # A simulation reads A's registry only and writes nothing (a population every law reads).
    "api/v1/registry/simulations": {
        "expect": {200},
        "json": {
            "title": "PL",
            "on": DAY,
            "populations": [{"value": 1000, "reference_year": 2025, "effective": "2026-01-01"}],
        },
    },
    "api/v1/platforms/<platform_id>/tokens": {"json": {"name": "invasor"}},
    # Writes of the municipality's own dated data land in A: B's snapshot is unchanged. B's own
    # fiscal unit is no unit of A's laws (422).
    "api/v1/municipality/population": {
        "expect": {201},
        "json": {
            "value": 1000,
            "reference_year": 2025,
            "effective": "2025-12-01",
            "source": "IBGE",
        },
    },
    "api/v1/municipality/fiscal-units": lambda b: {
        "expect": {422},
        "json": {
            "name": b["fiscal_unit"],
            "value": "1.00",
            "valid_from": "2024-12-01",
            "legal_reference": "invasão",
        },
    },
    "api/v1/municipality/calendar": {
        "expect": {201},
        "json": {
            "date": "2027-03-11",
            "kind": "closed",
            "description": "x",
            "legal_reference": "y",
        },
    },
    "api/v1/municipality/parameters": {
        "expect": {201},
        "json": {
            "name": "payment.fine_due_days",
            "value": 20,
            "effective": "2027-02-01",
            "legal_reference": "Decreto de A",
        },
    },
    # A's binding lands in A (a new law for mototaxi from 2027): B's bindings are untouched.
    "api/v1/municipality/law-bindings": {
        "expect": {201},
        "json": {
            "service": "mototaxi",
            "law": "ipatinga.mototaxi-2013",
            "valid_from": "2027-01-01",
            "reference": "Lei de A",
        },
    },
    "api/v1/platform/me": {"auth": TOKEN},
    # -- registry: the bodies reach the lookup (the API validates them first) --------------------
    "api/v1/registry/people/<person_id>/licence": {
        "auth": AUTHORITY,
        "json": {
            "number": "02650306461",
            "categories": "A",
            "first_licence_on": "2010-01-01",
            "expires_on": "2030-01-01",
        },
    },
    "api/v1/registry/people/<person_id>/photo": lambda b: {
        "form": {"file": SimpleUploadedFile("foto.png", png(), "image/png")}
    },
    "api/v1/registry/permits/<permit_id>/reserve": {
        "auth": AUTHORITY,
        "json": {"on": DAY, "text": "x"},
    },
    "api/v1/registry/permits/<permit_id>/reserve/end": {
        "auth": AUTHORITY,
        "json": {"on": DAY, "text": "x"},
    },
    # B's holder searched by name in the body: A's list, without B's row.
    "api/v1/registry/people/search": lambda b: {
        "json": {"q": f"Titular {b.marker}"},
        "expect": {200},
    },
    # B's person named in the body of a document of A.
    "api/v1/registry/documents": lambda b: {
        "expect": {404},
        "form": {"doc_type": "rg", "issued_on": "2026-01-01", "person_id": b["person"]},
    },
    # Bodies that get as far as the lookup of B's document or vehicle (404).
    "api/v1/registry/documents/<doc_id>/corrections": {
        "form": {"issued_on": "2026-01-02", "reason": "invasão"}
    },
    "api/v1/registry/vehicles/<vehicle_id>/owner": lambda b: {
        "json": {"owner_id": b["person"], "on": "2026-01-02", "reason": "invasão"}
    },
    "api/v1/registry/permits/<permit_id>/suspend": {
        "auth": AUTHORITY,
        "json": {"days": 15, "start": DAY, "reason": "x"},
    },
    "api/v1/registry/permits/<permit_id>/reinstate": {
        "auth": AUTHORITY,
        "json": {"on": DAY, "text": "x"},
    },
    "api/v1/registry/permits/<permit_id>/public-post-suspension": {
        "auth": AUTHORITY,
        "json": {"post": "eletivo", "took_office_on": DAY},
    },
    "api/v1/registry/permits/<permit_id>/public-post-suspension/end": {
        "auth": AUTHORITY,
        "json": {"post": "eletivo", "took_office_on": DAY, "left_office_on": DAY, "on": DAY},
    },
    "api/v1/registry/permits/<permit_id>/contractors": {
        "json": {"document": "000.000.000-00", "relation": "employment", "started_on": DAY},
    },
    "api/v1/registry/permits/<permit_id>/renounce": {
        "auth": AUTHORITY,
        "json": {"on": DAY, "text": "x"},
    },
    "api/v1/registry/permits/<permit_id>/renew": {"auth": AUTHORITY, "json": ON},
    "api/v1/registry/permits/<permit_id>/auxiliaries": lambda b: {
        "auth": AUTHORITY,
        "json": {"person_id": b["person"], "on": DAY},
    },
    "api/v1/registry/auxiliaries/<aux_id>/remove": {
        "auth": AUTHORITY,
        "json": {"on": DAY, "text": "x"},
    },
    "api/v1/registry/auxiliaries/<aux_id>/renew": {"auth": AUTHORITY, "json": ON},
    "api/v1/registry/permits/<permit_id>/extend": {
        "auth": AUTHORITY,
        "json": {"on": DAY, "act_reference": "Decreto 1/2026"},
    },
    # Screens: a search for B's holder, forms that would write to B's objects.
    "cadastro/": {"query": "?q=Titular"},
    "cadastro/pessoas/<int:person_id>/": {
        "form": {"doc-doc_type": "rg", "doc-issued_on": "2026-01-01"}
    },
    "cadastro/pessoas/<int:person_id>/editar/": {"form": {"name": "Invasor", "city": "Outra"}},
    # B's company's responsible person confirmed by A's desk: 404, the link untouched.
    "cadastro/pessoas/<int:person_id>/responsavel/": {
        "ids": {"person_id": "legal_person"},
        "form": {"decision": "confirm"},
    },
    # B's person proposed as the holder of a new permit of A: the form opens without them.
    "cadastro/permissoes/nova/": lambda b: {"query": f"?pessoa={b['person']}"},
    "cadastro/permissoes/taxi/nova/": lambda b: {"query": f"?pessoa={b['person']}"},
    "cadastro/permissoes/<int:permit_id>/": {
        "auth": AUTHORITY,
        "form": {"susp-days": "5", "susp-start": DAY, "susp-reason": "x"},
    },
    "cadastro/permissoes/<int:permit_id>/auxiliares/novo/": {
        "form": {"person": "000.000.000-00", "on": DAY, "work_schedule": "x"}
    },
    "cadastro/permissoes/<int:permit_id>/auxiliares/<int:aux_id>/desligar/": {
        "form": {"on": DAY, "reason": "x"}
    },
    "cadastro/permissoes/<int:permit_id>/renovar/": {"form": ON},
    "cadastro/permissoes/<int:permit_id>/auxiliares/<int:aux_id>/renovar/": {"form": ON},
    "cadastro/permissoes/<int:permit_id>/prorrogar/": {
        "form": {"on": DAY, "act_reference": "Decreto 1/2026"}
    },
    "cadastro/permissoes/<int:permit_id>/veiculo/substituir/": {
        "ids": {"permit_id": "permit"},  # the mototaxi's vehicle
        "form": {"vehicle": "ABC1D23", "on": DAY},
    },
    "cadastro/permissoes/<int:permit_id>/veiculo/reserva/": {
        "form": {"vehicle": "ABC1D23", "cause": "roubo", "on": DAY, "until": "2026-04-10"}
    },
    "cadastro/permissoes/<int:permit_id>/veiculo/trocas/<int:change_id>/encerrar/": {"form": ON},
    "cadastro/permissoes/<int:permit_id>/veiculo/permuta/": {
        "form": {"other": "TX-0001", "on": DAY}
    },
    "cadastro/permissoes/<int:permit_id>/reserva/": {"form": {"on": DAY, "reason": "x"}},
    "cadastro/permissoes/<int:permit_id>/reserva/encerrar/": {"form": {"on": DAY, "reason": "x"}},
    "cadastro/permissoes/<int:permit_id>/contratantes/": {
        "form": {"document": "000.000.000-00", "relation": "employment", "started_on": DAY}
    },
    "cadastro/permissoes/<int:permit_id>/cargo-publico/": {
        "form": {"post": "eletivo", "took_office_on": DAY}
    },
    "cadastro/permissoes/<int:permit_id>/cargo-publico/encerrar/": {
        "form": {"post": "eletivo", "took_office_on": DAY, "left_office_on": DAY, "on": DAY}
    },
    "cadastro/permissoes/<int:permit_id>/renunciar/": {
        "form": {"on": DAY, "request": "x", "confirmado": "1"}
    },
    "cadastro/permissoes/<int:permit_id>/transferir/": {
        "form": {"successor": "000.000.000-00", "event": "falecimento", "proof": "x", "on": DAY}
    },
    "cadastro/permissoes/<int:permit_id>/extincao/": {
        "auth": AUTHORITY,
        "form": {"cause": "abandono", "facts": "x", "on": DAY},
    },
    "cadastro/extincoes/<int:case_id>/": {
        "auth": MAYOR,
        "form": {
            "step": "decide",
            "decide-extinguish": "1",
            "decide-grounds": "x",
            "decide-on": DAY,
            "confirmado": "1",
        },
    },
    # -- tenders, taxi permits, stands -----------------------------------------------------------
    "api/v1/tenders/<tender_id>/applicants": lambda b: {
        "auth": CLERK,
        "json": {"person_id": b["person"]},
    },
    "api/v1/tenders/<tender_id>/evaluate": {"json": ON},
    "api/v1/tenders/<tender_id>/ranking": lambda b: {"json": {"ranking": [b["tender_applicant"]]}},
    "api/v1/tenders/<tender_id>/homologate": {"json": ON},
    "api/v1/tenders/<tender_id>/grants": lambda b: {
        "json": {"on": DAY, "grants": {str(b["tender_applicant"]): {"vehicle": 1}}}
    },
    # A permit of A granted to B's holder, B's car, in B's tender.
    "api/v1/taxi/permits": lambda b: {
        "auth": CLERK,
        "expect": {404},
        "json": {
            "holder_id": b["person"],
            "vehicle_id": b["taxi_vehicle"],
            "signed_on": DAY,
            "tender_id": b["tender"],
        },
    },
    "api/v1/taxi/permits/<permit_id>/renewal-debts": {"query": f"?on={DAY}"},
    "api/v1/taxi/permits/<permit_id>/renew": {"auth": CLERK, "json": ON},
    "api/v1/taxi/permits/<permit_id>/auxiliaries": lambda b: {
        "auth": CLERK,
        "json": {"person_id": b["person"], "on": DAY},
    },
    "api/v1/taxi/permits/<permit_id>/reserve-vehicle": lambda b: {
        "auth": CLERK,
        "json": {
            "vehicle_id": b["taxi_vehicle"],
            "on": DAY,
            "until": "2026-04-20",
            "cause": "roubo",
        },
    },
    "api/v1/taxi/permits/<permit_id>/swap": lambda b: {
        "auth": CLERK,
        "json": {"other_permit_id": b["taxi_permit"], "on": DAY},
    },
    "api/v1/taxi/permits/<permit_id>/substitute": lambda b: {
        "auth": CLERK,
        "json": {"vehicle_id": b["taxi_vehicle"], "on": DAY},
    },
    "api/v1/taxi/vehicle-changes/<change_id>/end": {"auth": CLERK, "json": ON},
    "api/v1/taxi/permits/<permit_id>/transfer": lambda b: {
        "auth": CLERK,
        "json": {
            "successor_id": b["person"],
            "event": "falecimento",
            "on": DAY,
            "proof": "certidão",
        },
    },
    "api/v1/taxi/permits/<permit_id>/extinction-cases": {
        "json": {"cause": "abandono", "facts": "x", "on": DAY}
    },
    "api/v1/taxi/extinction-cases/<case_id>/notify": {"json": {"notified_on": DAY}},
    "api/v1/taxi/extinction-cases/<case_id>/defence": {
        "auth": CLERK,
        "json": {"text": "defesa", "on": "2026-03-12"},
    },
    "api/v1/taxi/extinction-cases/<case_id>/decision": {
        "auth": MAYOR,
        "json": {"extinguish": True, "grounds": "x", "on": DAY},
    },
    "api/v1/stands/<stand_id>": {
        "auth": MAYOR,
        "json": {
            "service": "taxi",
            "name": "invasor",
            "place": "x",
            "capacity": 1,
            "act_reference": "x",
            "on": DAY,
            "taxi_category": "convencional",
        },
    },
    # -- enforcement -------------------------------------------------------------------------------
    # The inspector's search for B's plate lists nothing of B.
    "fiscalizacao/": lambda b: {"auth": FISCAL, "query": f"?q={b['plate']}"},
    "fiscalizacao/autos/novo/": lambda b: {
        "auth": FISCAL,
        "expect": {404},
        "query": f"?permit={b['permit']}",
    },
    "fiscalizacao/autos/<int:auto_id>/cancelar/": {
        "form": {"reason": "invasão", "confirmado": "1"}
    },
    "fiscalizacao/autos/<int:auto_id>/apreender/": {
        "auth": FISCAL,
        "form": {"depot": "x", "removal": "10", "daily": "1"},
    },
    "fiscalizacao/processos/<int:case_id>/protocolo/": {"auth": CLERK, "form": {"text": "x"}},
    # Only a revocation proposal is decided.
    "fiscalizacao/processos/<int:case_id>/anular-de-oficio/": {
        "form": {"grounds": "Placa errada."}
    },
    # Taxi art. 41, I and §1 (ADR 0067): the authority applies the warning on B's case.
    "fiscalizacao/processos/<int:case_id>/advertencia/": {"form": {"warning_harmless": "1"}},
    "fiscalizacao/processos/<int:case_id>/decidir/": {
        "auth": MAYOR,
        "ids": {"case_id": "proposal"},
        "form": {"accept": "1", "reasoning": "x", "confirmado": "1"},
    },
    "fiscalizacao/notificacoes/<int:notice_id>/registrar/": {
        "auth": CLERK,
        "form": {"form": "pessoal", "on": TODAY},
    },
    "fiscalizacao/notificacoes/<int:notice_id>/nao-localizado/": {
        "auth": CLERK,
        "form": {"unlocated_on": TODAY, "how": "ar_mudou"},
    },
    "fiscalizacao/pecas/<int:filing_id>/julgar/": {"form": {"result": "upheld", "reasoning": "x"}},
    # Closing B's regulation item from A's table.
    "fiscalizacao/taxi/regulamento/": lambda b: {
        "auth": ADMIN,
        "expect": {404},
        "form": {"close": b["taxi_item"], "valid_until": TODAY, "reference": "Decreto invasor"},
    },
    "fiscalizacao/suspensoes/<int:escalation_id>/aplicar/": {"form": {"start": TODAY}},
    "fiscalizacao/permissoes/<int:permit_id>/reativar/": {"auth": CLERK, "form": {"proof": "x"}},
    "fiscalizacao/permissoes/<int:permit_id>/cassacao/": {
        "form": {"ctb_points": "20", "on": TODAY},
    },
    "fiscalizacao/permissoes/<int:permit_id>/auxiliares/<int:aux_id>/cassacao/": {
        "form": {"credential_not_renewed": "1", "on": TODAY},
    },
    "fiscalizacao/permissoes/<int:permit_id>/suspensao/": {
        "form": {"days": "10", "start": TODAY, "reason": "x"},
    },
    # B's notice in A's edital: nothing published for B.
    "fiscalizacao/edital/": lambda b: {
        "auth": CLERK,
        "expect": {302},
        "form": {"n": str(b["notice"]), "published_on": TODAY, "edition": "1"},
    },
    "fiscalizacao/edital/lote.<str:fmt>": lambda b: {"query": f"?n={b['notice']}"},
    "fiscalizacao/apreensoes/<int:seizure_id>/<str:action>/": {"auth": CLERK},
    # Where no enforcement law applies, the holder's screens refuse (403).
    "portal/infracoes/": {"expect": {200, 403}},
    # A's holder asks about its own registration: nothing of B is named or reached.
    "portal/cadastro/": {
        "form": {"kind": "update", "phone": "1", "text": "x"},
        "expect": {302, 403, 422},
    },
    "cadastro/pedidos-de-cadastro/<int:request_id>/": {
        "form": {"decisao": "aplicar", "appeared_on": DAY}
    },
    # A's holder files a defence in the case of B's holder's company (ADR 0047: a confirmed
    # representative's reach ends at their own municipality's register).
    "portal/processos/<int:case_id>/": {
        "expect": {403, 404},
        "form": {"text": "x"},
        "ids": {"case_id": "company_case"},
    },
    "portal/notificacoes/<int:notice_id>/notificacao.pdf": {
        "expect": {403, 404},
        "ids": {"notice_id": "company_notice"},
    },
    # -- applicants --------------------------------------------------------------------------------
    # A's applicant sends a document of B's vehicle, in the name of B's company (confirmed to B's
    # holder, taxi art. 23): neither is theirs (404), nothing of B written.
    "portal/candidatura/enviar/": lambda b: {
        "expect": {404},
        "form": {
            "service": "mototaxi",
            "doc_type": "crlv",
            "company": str(b["legal_person"]),
            "vehicle": str(b["vehicle"]),
            "issued_on": DAY,
            "file": SimpleUploadedFile("crlv.png", png(), content_type="image/png"),
        },
    },
    # A's applicant keys in their own data, CNH and a vehicle with B's plate: written to A's own
    # entry, if anywhere (403 where A's user is not linked to a person; where A's laws refuse it,
    # the form back with its errors: 422).
    "portal/candidatura/dados/": {
        "expect": {302, 403, 422},
        "form": {"dados-service": "mototaxi", "dados-city": "Invasora", "dados-phone": "31 9999"},
    },
    "portal/candidatura/cnh/": {
        "expect": {302, 403, 422},
        "form": {
            "cnh-service": "mototaxi",
            "cnh-number": "02650306461",
            "cnh-categories": "AB",
            "cnh-first_licence_on": "2010-01-01",
            "cnh-expires_on": "2030-01-01",
        },
    },
    "portal/candidatura/veiculo/<slug:service>/": lambda b: {
        "expect": {302, 403, 422},
        "form": {
            "veiculo-mototaxi-service": "mototaxi",
            "veiculo-mototaxi-plate": b["plate"],
            "veiculo-mototaxi-renavam": "47467594950",
            "veiculo-mototaxi-kind": "motocicleta",
            "veiculo-mototaxi-make_model": "Invasora",
            "veiculo-mototaxi-manufacture_year": "2022",
            "veiculo-mototaxi-colour": "preta",
            "veiculo-mototaxi-registration_uf": "MG",
        },
    },
    # A's holder asks a renewal and an auxiliary for B's permit: not theirs (404), nothing filed.
    "portal/permissoes/<int:permit_id>/pedidos/auxiliar/": lambda b: {
        "form": {"document": b["person_document"], "name": "Invasor"}
    },
    # A's holder enters B's company's CNPJ: A's register never holds it, so the entry is A's own
    # (a redirect, no refusal that would tell B's company exists; 422 only where A's own laws admit
    # no company, the form back naming them); nothing of B is read or linked.
    "portal/candidatura/empresa/": lambda b: {
        "expect": {302, 422},
        "form": {"empresa-document": b["legal_person_document"], "empresa-name": "Invasora"},
    },
    # A's holder asks the renewal of B's auxiliary's credential on B's permit: 404, nothing filed.
    "portal/permissoes/<int:permit_id>/pedidos/auxiliar/<int:aux_id>/renovacao/": lambda b: {
        "form": {f"aux-{b['auxiliary']}-note": "Invasor"}
    },
    # B's holder's request decided by A's clerk: not found (404), nothing decided.
    "cadastro/pedidos/<int:request_id>/": {
        "form": {"step": "refuse", "refuse-reason": "invasão de outro município"}
    },
    # A's clerk types B's person's CPF: not in A's register (the form's error), nothing sent.
    "portal/convites/": lambda b: {
        "auth": CLERK,
        "expect": {200},
        "form": {"person": b["person_document"]},
    },
    # B's badge token as an activation token: the "link inválido" page (nothing of B).
    "conta/ativar/<uidb64>/<token>/": {"expect": {400}},
    "conta/convite/<uidb64>/<token>/": {"expect": {200}},
    # B's permit named in the body of A's auto.
    "api/v1/enforcement/autos": lambda b: {
        "auth": FISCAL,
        "expect": {404},
        "json": {
            "code": "art38-II",
            "committed_at": "2026-06-01T10:00:00-03:00",
            "place": "x",
            "description": "x",
            "agent_registration": "F",
            "permit_id": b["permit"],
        },
    },
    "api/v1/enforcement/autos/<auto_id>/cancel": {"json": {"reason": "x"}},
    "api/v1/enforcement/notices/<notice_id>/deliver": {
        "auth": CLERK,
        "json": {"form": "pessoal", "on": TODAY},
    },
    "api/v1/enforcement/notices/<notice_id>/unlocated": {
        "auth": CLERK,
        "json": {"on": TODAY, "how": "ar_mudou"},
    },
    # B's notice in A's edital: nothing published for B.
    "api/v1/enforcement/notices/edital": lambda b: {
        "auth": CLERK,
        "expect": {200},
        "json": {"notice_ids": [b["notice"]], "published_on": TODAY, "edition": "1"},
    },
    "api/v1/enforcement/cases/<case_id>/filings": {"auth": CLERK, "json": {"text": "x"}},
    "api/v1/enforcement/filings/<filing_id>/judge": {"json": {"upheld": True, "reasoning": "x"}},
    "api/v1/enforcement/filings/<filing_id>/reconsider": {
        "json": {"result": "confirm", "reasoning": "x"}
    },
    # Lei 9.784/1999 art. 53: B's case annulled of A's authority's own motion, grounds given.
    "api/v1/enforcement/cases/<case_id>/annul": {"json": {"grounds": "Placa errada."}},
    # Taxi art. 41, I and §1 (ADR 0067): the warning on B's case through A's authority's API.
    "api/v1/enforcement/cases/<case_id>/warning": {"json": {"harmless": True}},
    "api/v1/enforcement/cases/<case_id>/decide": {
        "auth": MAYOR,
        "ids": {"case_id": "proposal"},
        "json": {"accept": True, "reasoning": "x"},
    },
    "api/v1/enforcement/escalations/<escalation_id>/impose": {"json": {"start": TODAY}},
    "api/v1/enforcement/permits/<permit_id>/cassacao-proposal": {
        "json": {"causes": {"ctb_points": 20}}
    },
    "api/v1/enforcement/permits/<permit_id>/taxi-suspension": {
        "json": {"auto_id": 1, "days": 10, "start": TODAY, "reason": "x"}
    },
    "api/v1/enforcement/permits/<permit_id>/taxi-register-suspension": {
        "json": {"auto_id": 1, "days": 10, "start": TODAY, "reason": "x"}
    },
    # B's auto named in the body of A's seizure.
    "api/v1/enforcement/seizures": lambda b: {
        "auth": FISCAL,
        "expect": {404},
        "json": {
            "auto_id": b["auto"],
            "depot": "x",
            "entered_on": TODAY,
            "removal_cents": 1,
            "storage_daily_cents": 1,
        },
    },
    "api/v1/enforcement/seizures/<seizure_id>/storage": {"auth": CLERK, "json": {"on": TODAY}},
    "api/v1/enforcement/seizures/<seizure_id>/release": {"auth": CLERK, "json": {"on": TODAY}},
    "api/v1/enforcement/me/cases": {"auth": HOLDER},
    "api/v1/enforcement/me/cases/<case_id>/filings": {
        "auth": HOLDER,
        "json": {"text": "x"},
        "ids": {"case_id": "company_case"},
    },
    # -- finance -----------------------------------------------------------------------------------
    # A's holder asks the slip of a debt of B's holder's company (ADR 0047).
    "portal/debitos/<int:debt_id>/documento.pdf": {"ids": {"debt_id": "company_debt"}},
    "financas/debitos/": lambda b: {"query": f"?q={b['debt_ref']}"},
    "financas/debitos/<int:debt_id>/situacao/": {
        "form": {"step": "cancel", "reason": "invasão", "confirmado": "1"}
    },
    # Charging a fee to B's person (by B's CPF) from A: nobody with that CPF in A, nothing charged.
    "financas/taxas/": lambda b: {
        "expect": {200},
        "form": {
            "fee": MOTO_FEE,
            "document": b["person_document"],
            "on": "10/03/2026",
            "confirm": "1",
        },
    },
    "financas/pagamentos/": {"query": "?situacao=todos"},
    # A payment of A quoting B's reference is an unknown reference in A, never B's payment.
    "financas/pagamentos/novo/": lambda b: {
        "expect": {302},
        "form": {
            "reference": b["debt_ref"],
            "amount": "100,00",
            "paid_on": b.today,
            "method": "pix",
        },
    },
    "financas/pagamentos/<int:payment_id>/": {
        "form": {"action": "return", "note": "invasão"},
    },
    "financas/restituicoes/<int:refund_id>/paga/": {"form": {"on": "2026-03-11"}},
    "api/v1/finance/debts": lambda b: {"query": f"?q={b['debt_ref']}"},
    "api/v1/finance/fees": {"query": "?on=2026-03-10"},
    # B's person named in the body of A's fee.
    "api/v1/finance/fees/charge": lambda b: {
        "expect": {404},
        "json": {"fee": MOTO_FEE, "person_id": b["person"], "on": b.today},
    },
    # A payment of A quoting B's reference (by the API, by an imported file): unknown in A.
    "api/v1/finance/payments": lambda b: {
        "expect": {201},
        "json": {"reference": b["debt_ref"], "amount_cents": 10000, "paid_on": b.today},
    },
    "api/v1/finance/payments/import": lambda b: {
        "expect": {201},
        "form": {
            "file": SimpleUploadedFile(
                "b.csv", f"data;valor;referencia\n{b.today};100,00;{b['debt_ref']}\n".encode()
            )
        },
    },
    "api/v1/finance/payments/<payment_id>/assign": lambda b: {
        "json": {"reference": b["debt_ref"], "note": "invasão"}
    },
    "api/v1/finance/payments/<payment_id>/refund-excess": {
        "ids": {"payment_id": "payment_over"},  # only an overpayment has an excess
        "json": {"note": "x"},
    },
    "api/v1/finance/payments/<payment_id>/return": {"json": {"note": "x"}},
    "api/v1/finance/payments/<payment_id>/same-as-recorded": {"json": {"note": "x"}},
    "api/v1/finance/refunds/<refund_id>/paid-out": {"json": {"on": "2026-03-11"}},
    # A's settings written in A.
    "api/v1/finance/settings": {
        "expect": {200},
        "json": {"pix_key": "12345678909", "merchant_name": "Invasor", "merchant_city": "Outra"},
    },
    # -- platforms ---------------------------------------------------------------------------------
    "api/v1/platform/complaints/<complaint_id>/answer": {"json": {"answer": "invasor"}},
    "api/v1/platform/penalties/<penalty_id>/appeal": {"json": {"text": "invasor"}},
    "api/v1/platform/cases/<case_id>/defence": {"json": {"text": "invasor"}},
    "api/v1/platform/cases/<case_id>/appeal": {"json": {"text": "invasor"}},
    "api/v1/platform/cases/<case_id>/attachments": lambda b: {
        "form": {"file": SimpleUploadedFile("a.pdf", b"%PDF-1.4\n%%EOF\n")}
    },
    "api/v1/platform/penalties/<penalty_id>/attachments": lambda b: {
        "form": {"file": SimpleUploadedFile("a.pdf", b"%PDF-1.4\n%%EOF\n")}
    },
    # A's platform staff post a defence and an appeal to B's case and penalty: not theirs (404).
    "plataforma/processos/<int:case_id>/": {"form": {"text": "invasor"}},
    "plataforma/penalidades/<int:penalty_id>/": {"form": {"text": "invasor"}},
    # ... and join files to them, and remove B's staff from A's administrator page (404).
    "plataforma/processos/<int:case_id>/anexos/": lambda b: {
        "form": {"arquivo": SimpleUploadedFile("a.pdf", b"%PDF-1.4\n%%EOF\n")}
    },
    "plataforma/penalidades/<int:penalty_id>/anexos/": lambda b: {
        "form": {"arquivo": SimpleUploadedFile("a.pdf", b"%PDF-1.4\n%%EOF\n")}
    },
    "plataforma/equipe/<int:link_id>/remover/": {"form": {"confirmado": "1"}},
    # A's administrator invites someone to A's own platform: B untouched.
    "plataforma/equipe/": {
        "expect": {200, 302},
        "form": {"name": "Invasor Teste", "email": "invasor-equipe@exemplo.invalid"},
    },
    "plataformas/": {"auth": FINANCE},
    "plataformas/relatorios/<int:report_id>/": {"auth": FINANCE},
    # A credentials a platform in A.
    "plataformas/credenciar/": {
        "expect": {200},
        "form": {"cnpj": "11444777000161", "name": "Invasora"},
    },
    "plataformas/<int:platform_id>/tokens/": {"form": {"name": "invasor"}},
    "plataformas/<int:platform_id>/dados/": {"form": {"contact_name": "invasor"}},
    # A's authority invites someone to B's platform: no such platform in A.
    "plataformas/<int:platform_id>/usuarios/": {
        "form": {"name": "Invasor", "email": "invasor@exemplo.invalid"}
    },
    "plataformas/usuarios/<int:link_id>/remover/": {"form": {"confirmado": "1"}},
    "plataformas/usuarios/<int:link_id>/administrador/": {"form": {"admin": "1"}},
    "plataformas/<int:platform_id>/penalidade/": {"form": {"kind": "warning"}},
    "api/v1/platforms/<platform_id>/penalties": {
        "json": {
            "kind": "warning",
            "infraction_on": "2026-01-05",
            "description": "invasor",
            "reasoning": "invasor",
            "defence_notice_on": "2026-01-05",
        }
    },
    # The staff API of the platforms' due process (the screens' services).
    "api/v1/platform-penalties/<penalty_id>/notice": {
        "json": {"notice_on": "2026-01-05", "channel": "personal"}
    },
    "api/v1/platform-penalties/<penalty_id>/appeal": {
        "json": {"filed_on": "2026-01-05", "text": "invasor"}
    },
    "api/v1/platform-penalties/<penalty_id>/reconsideration": {
        "json": {"result": "confirm", "reasoning": "invasor"}
    },
    "api/v1/platform-penalties/<penalty_id>/judgment": {
        "auth": MAYOR,
        "json": {"result": "upheld", "reasoning": "invasor"},
    },
    "api/v1/platform-penalties/<penalty_id>/annul": {"json": {"grounds": "invasor"}},
    "api/v1/platforms/<platform_id>/cases": {
        "json": {
            "kind": "credential_cancellation",
            "infraction_on": "2026-01-05",
            "grounds": "invasor",
        }
    },
    "api/v1/platform-cases/<case_id>/decision": {
        "auth": MAYOR,
        "json": {"uphold": True, "text": "invasor"},
    },
    "api/v1/platform-cases/<case_id>/annul": {"auth": MAYOR, "json": {"grounds": "invasor"}},
    # The appeal against B's case decision: notice, paper filing, the Chief Executive's decision.
    "api/v1/platform-cases/<case_id>/decision-notice": {"json": {"notice_on": "2026-01-05"}},
    "api/v1/platform-cases/<case_id>/appeal": {
        "json": {"filed_on": "2026-01-05", "text": "invasor"}
    },
    "api/v1/platform-cases/<case_id>/appeal/decision": {
        "auth": MAYOR,
        "json": {"result": "upheld", "reasoning": "invasor"},
    },
    "plataformas/<int:platform_id>/processo/": {"form": {"kind": "credential_cancellation"}},
    "plataformas/processos/<int:case_id>/": {
        "auth": MAYOR,
        "form": {"uphold": "1", "text": "invasor"},
    },
    "plataformas/processos/<int:case_id>/anular-de-oficio/": {
        "auth": MAYOR,
        "form": {"grounds": "invasor", "confirmado": "1"},
    },
    "plataformas/penalidades/<int:penalty_id>/notificacao/": {
        "form": {"notice_on": "2026-01-05", "channel": "personal"}
    },
    "plataformas/penalidades/<int:penalty_id>/recurso/": {
        "form": {"filed_on": "2026-01-05", "text": "invasor"}
    },
    "plataformas/penalidades/<int:penalty_id>/reconsideracao/": {
        "form": {"result": "confirm", "reasoning": "invasor"}
    },
    "plataformas/penalidades/<int:penalty_id>/julgamento/": {
        "auth": MAYOR,
        "form": {"upheld": "1", "reasoning": "invasor"},
    },
    "plataformas/penalidades/<int:penalty_id>/anular-de-oficio/": {
        "form": {"grounds": "invasor", "confirmado": "1"},
    },
    # -- inspections -------------------------------------------------------------------------------
    "vistorias/": {"auth": FISCAL},
    "vistorias/nova/<int:permit_id>/": {"auth": FISCAL},
    "vistorias/extraordinaria/<int:permit_id>/": {
        "auth": FISCAL,
        "form": {"acao": "determinar", "scheduled_for": DAY, "place": "x", "reason": "y"},
    },
    "vistorias/aplicativo/<int:driver_id>/": {"auth": FISCAL},
    "vistorias/<int:inspection_id>/confirmar/": {
        "auth": FISCAL,
        "form": {"decisao": "confirmar"},
    },
    "vistorias/empresas/<int:company_id>/credenciais/": {"form": {"nome": "invasor"}},
    # Company routes refuse a platform's token (401); company tokens are tested on their own.
    "api/v1/inspections/company/me": {"auth": TOKEN, "expect": {401}},
    "api/v1/inspections/company/checklists/<code>": {"auth": TOKEN, "expect": {401}},
    "api/v1/inspections/company/inspections": {
        "auth": TOKEN,
        "expect": {401},
        "json": {
            "plate": "TNC7A77",
            "kind": "semestral",
            "inspected_on": "2026-03-01",
            "items": {"conservacao": {"result": "ok"}},
        },
    },
    "api/v1/inspections/company/inspections/<inspection_id>": {"auth": TOKEN, "expect": {401}},
    "api/v1/inspections/<inspection_id>/confirm": {"auth": FISCAL, "json": {"confirm": True}},
    # -- trip data ---------------------------------------------------------------------------------
    "dados/corridas/<int:platform_id>/<int:year>/<int:month>/issqn/recalcular/": {"form": {}},
    "api/v1/tripdata/uploads": {"auth": TOKEN},
    "api/v1/tripdata/uploads/<upload_id>": {"auth": TOKEN},
    # -- public and badges -------------------------------------------------------------------------
    "publico/<slug:slug>/placa/": lambda b: {"query": f"?placa={b['plate']}"},
    # B's protocol and tracking code posted in A: not found (404) where A takes complaints, the
    # "no complaints here" page (200) where it does not — B's complaint never shown.
    "reclamacao/acompanhar/": lambda b: {
        "expect": {200, 404},
        "form": {
            "municipio": b["other_slug"],
            "protocolo": b["complaint_protocol"],
            "codigo": b["complaint_code"],
        },
    },
    # B's permit number in A's badge form: no such permit in A.
    "crachas/": lambda b: {
        "expect": {422},
        "form": {"permissao": b["permit_number"]},
    },
    "crachas/<int:badge_id>/revogar/": {"form": {"motivo": "invasor", "confirmado": "1"}},
    # B's permit named in the body of A's badge.
    "api/v1/badges": lambda b: {"expect": {404}, "json": {"permit_id": b["permit"]}},
    "api/v1/badges/<badge_id>/revoke": {"json": {"reason": "invasor"}},
}
