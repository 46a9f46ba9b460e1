from django.urls import path

from .views.autos import (
    auto_cancel,
    auto_new,
    auto_pdf,
    index,
    seizure_action,
    seizure_detail,
    seizure_new,
    taxi_items,
)
from .views.cases import (
    case_annul,
    case_detail,
    case_warning,
    decision_pdf,
    edital,
    edital_batch,
    filing_extend,
    filing_judge,
    filing_paper,
    filing_reconsider,
    notice_deliver,
    notice_pdf,
    notice_unlocated,
    proposal_decide,
    queue,
)
from .views.lists import autos, cases
from .views.penalties import (
    auxiliary_cassacao_new,
    cassacao_new,
    permit_reinstate,
    suspension_impose,
    taxi_suspension_new,
)
from .views.portal import portal, portal_case, portal_notice_pdf

app_name = "enforcement"

urlpatterns = [
    path("fiscalizacao/", index, name="index"),
    path("fiscalizacao/autos/", autos, name="autos"),
    path("fiscalizacao/autos/novo/", auto_new, name="auto_new"),
    path("fiscalizacao/processos/", cases, name="cases"),
    path("fiscalizacao/autos/<int:auto_id>/auto.pdf", auto_pdf, name="auto_pdf"),
    path("fiscalizacao/autos/<int:auto_id>/cancelar/", auto_cancel, name="auto_cancel"),
    path("fiscalizacao/autos/<int:auto_id>/apreender/", seizure_new, name="seizure_new"),
    path("fiscalizacao/processos/<int:case_id>/", case_detail, name="case"),
    path("fiscalizacao/processos/<int:case_id>/protocolo/", filing_paper, name="filing_paper"),
    path(
        "fiscalizacao/processos/<int:case_id>/advertencia/",
        case_warning,
        name="case_warning",
    ),
    path(
        "fiscalizacao/processos/<int:case_id>/anular-de-oficio/",
        case_annul,
        name="case_annul",
    ),
    path(
        "fiscalizacao/processos/<int:case_id>/decidir/",
        proposal_decide,
        name="proposal_decide",
    ),
    path(
        "fiscalizacao/notificacoes/<int:notice_id>/registrar/",
        notice_deliver,
        name="notice_deliver",
    ),
    path(
        "fiscalizacao/notificacoes/<int:notice_id>/nao-localizado/",
        notice_unlocated,
        name="notice_unlocated",
    ),
    path(
        "fiscalizacao/notificacoes/<int:notice_id>/notificacao.pdf",
        notice_pdf,
        name="notice_pdf",
    ),
    path("fiscalizacao/pecas/<int:filing_id>/julgar/", filing_judge, name="filing_judge"),
    path(
        "fiscalizacao/pecas/<int:filing_id>/reconsiderar/",
        filing_reconsider,
        name="filing_reconsider",
    ),
    path(
        "fiscalizacao/pecas/<int:filing_id>/prorrogar-julgamento/",
        filing_extend,
        name="filing_extend",
    ),
    path("fiscalizacao/pecas/<int:filing_id>/decisao.pdf", decision_pdf, name="decision_pdf"),
    path("fiscalizacao/fila/", queue, name="queue"),
    path("fiscalizacao/taxi/regulamento/", taxi_items, name="taxi_items"),
    path(
        "fiscalizacao/suspensoes/<int:escalation_id>/aplicar/",
        suspension_impose,
        name="suspension_impose",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/reativar/",
        permit_reinstate,
        name="permit_reinstate",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/cassacao/",
        cassacao_new,
        name="cassacao_new",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/auxiliares/<int:aux_id>/cassacao/",
        auxiliary_cassacao_new,
        name="auxiliary_cassacao_new",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/suspensao/",
        taxi_suspension_new,
        name="taxi_suspension_new",
    ),
    path("fiscalizacao/edital/", edital, name="edital"),
    path("fiscalizacao/edital/lote.<str:fmt>", edital_batch, name="edital_batch"),
    path("fiscalizacao/apreensoes/<int:seizure_id>/", seizure_detail, name="seizure"),
    path(
        "fiscalizacao/apreensoes/<int:seizure_id>/<str:action>/",
        seizure_action,
        name="seizure_action",
    ),
    path("portal/infracoes/", portal, name="portal"),
    path("portal/processos/<int:case_id>/", portal_case, name="portal_case"),
    path(
        "portal/notificacoes/<int:notice_id>/notificacao.pdf",
        portal_notice_pdf,
        name="portal_notice_pdf",
    ),
]
