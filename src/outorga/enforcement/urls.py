from django.urls import path

from . import views

app_name = "enforcement"

urlpatterns = [
    path("fiscalizacao/", views.index, name="index"),
    path("fiscalizacao/autos/novo/", views.auto_new, name="auto_new"),
    path("fiscalizacao/autos/<int:auto_id>/auto.pdf", views.auto_pdf, name="auto_pdf"),
    path("fiscalizacao/autos/<int:auto_id>/cancelar/", views.auto_cancel, name="auto_cancel"),
    path("fiscalizacao/autos/<int:auto_id>/apreender/", views.seizure_new, name="seizure_new"),
    path("fiscalizacao/processos/<int:case_id>/", views.case_detail, name="case"),
    path(
        "fiscalizacao/processos/<int:case_id>/protocolo/", views.filing_paper, name="filing_paper"
    ),
    path(
        "fiscalizacao/processos/<int:case_id>/decidir/",
        views.proposal_decide,
        name="proposal_decide",
    ),
    path(
        "fiscalizacao/notificacoes/<int:notice_id>/registrar/",
        views.notice_deliver,
        name="notice_deliver",
    ),
    path(
        "fiscalizacao/notificacoes/<int:notice_id>/notificacao.pdf",
        views.notice_pdf,
        name="notice_pdf",
    ),
    path("fiscalizacao/pecas/<int:filing_id>/julgar/", views.filing_judge, name="filing_judge"),
    path("fiscalizacao/pecas/<int:filing_id>/decisao.pdf", views.decision_pdf, name="decision_pdf"),
    path("fiscalizacao/fila/", views.queue, name="queue"),
    path("fiscalizacao/taxi/regulamento/", views.taxi_items, name="taxi_items"),
    path(
        "fiscalizacao/suspensoes/<int:escalation_id>/aplicar/",
        views.suspension_impose,
        name="suspension_impose",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/reativar/",
        views.permit_reinstate,
        name="permit_reinstate",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/cassacao/",
        views.cassacao_new,
        name="cassacao_new",
    ),
    path(
        "fiscalizacao/permissoes/<int:permit_id>/suspensao/",
        views.taxi_suspension_new,
        name="taxi_suspension_new",
    ),
    path("fiscalizacao/edital/", views.edital, name="edital"),
    path("fiscalizacao/edital/lote.<str:fmt>", views.edital_batch, name="edital_batch"),
    path("fiscalizacao/apreensoes/<int:seizure_id>/", views.seizure_detail, name="seizure"),
    path(
        "fiscalizacao/apreensoes/<int:seizure_id>/<str:action>/",
        views.seizure_action,
        name="seizure_action",
    ),
    path("portal/infracoes/", views.portal, name="portal"),
    path("portal/processos/<int:case_id>/", views.portal_case, name="portal_case"),
    path(
        "portal/notificacoes/<int:notice_id>/notificacao.pdf",
        views.portal_notice_pdf,
        name="portal_notice_pdf",
    ),
]
