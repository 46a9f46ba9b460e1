from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from outorga.law.competence import SYSTEM_COMPETENCES, Role

STAFF = frozenset(r for r in Role if r not in (Role.PERMISSIONARIO, Role.PLATAFORMA))

# (label, url name, roles that see it; None = every logged-in user)
NAV: list[tuple[str, str, frozenset[Role] | None]] = [
    ("Início", "core:home", None),
    ("Cadastro", "registry:index", STAFF),
    # Every servant reads at least the permits' panel; the list says which others are theirs.
    ("Painéis", "core:panels", STAFF),
    (
        "Licitações",
        "taxi:tenders",
        frozenset({Role.ATENDENTE, Role.AUTORIDADE, Role.CHEFE_EXECUTIVO}),
    ),
    (
        "Pontos",
        "taxi:stands",
        frozenset({Role.ATENDENTE, Role.AUTORIDADE, Role.CHEFE_EXECUTIVO, Role.FISCAL}),
    ),
    ("Crachás", "public:badges", frozenset({Role.ATENDENTE, Role.AUTORIDADE})),
    ("Município", "core:municipality", None),
    ("Dados do município", "core:municipal_data", frozenset({Role.ADMIN})),
    ("Simular alteração da lei", "registry:simulation", SYSTEM_COMPETENCES["system.law.simulate"]),
    ("Perguntas à lei", "core:law_questions", None),
    ("Registro de atos", "core:acts", SYSTEM_COMPETENCES["system.audit.read"]),
    (
        "Débitos e pagamentos",
        "finance:index",
        frozenset({Role.FINANCAS, Role.AUTORIDADE, Role.ATENDENTE, Role.CHEFE_EXECUTIVO}),
    ),
    ("Meu portal", "portal:home", frozenset({Role.PERMISSIONARIO})),
    ("Candidatura", "portal:apply", frozenset({Role.PERMISSIONARIO})),
    ("Documentos enviados", "registry:submissions", frozenset({Role.ATENDENTE})),
    ("Pedidos dos permissionários", "registry:holder_requests", frozenset({Role.ATENDENTE})),
    ("Pedidos de atualização", "registry:registration_requests", frozenset({Role.ATENDENTE})),
    ("Convites ao portal", "portal:invite", frozenset({Role.ATENDENTE})),
    ("E-mails enviados", "core:outbox", SYSTEM_COMPETENCES["system.email.read"]),
    ("Minha plataforma", "platforms:portal", frozenset({Role.PLATAFORMA})),
    ("Avisos", "portal:staff_list", frozenset({Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL})),
    ("Dados de corridas", "tripdata:index", frozenset({Role.FINANCAS, Role.AUTORIDADE})),
    (
        "Plataformas",
        "platforms:index",
        frozenset({Role.AUTORIDADE, Role.FINANCAS, Role.FISCAL, Role.CHEFE_EXECUTIVO}),
    ),
    ("Vistorias", "inspections:queue", frozenset({Role.FISCAL, Role.AUTORIDADE, Role.ATENDENTE})),
    ("Minhas vistorias", "inspections:mine", frozenset({Role.PERMISSIONARIO})),
    (
        "Fiscalização",
        "enforcement:index",
        frozenset({Role.FISCAL, Role.ATENDENTE, Role.AUTORIDADE}),
    ),
    (
        "Processos",
        "enforcement:queue",
        frozenset({Role.AUTORIDADE, Role.JARI, Role.CHEFE_EXECUTIVO, Role.ATENDENTE}),
    ),
    ("Minhas infrações", "enforcement:portal", frozenset({Role.PERMISSIONARIO})),
]


#: What a system user (of no municipality) can open: the others are a municipality's own pages.
SYSTEM_NAV = frozenset({"core:home", "core:law_questions", "core:acts"})


def navigation(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav": []}
    role = Role(user.role)
    system = user.municipality_id is None
    items = [
        (label, name)
        for label, name, roles in NAV
        if (roles is None or role in roles) and (not system or name in SYSTEM_NAV)
    ]
    return {"nav": items}
