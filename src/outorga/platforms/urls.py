from django.urls import path

from . import views

app_name = "platforms"

urlpatterns = [
    path("plataformas/", views.index, name="index"),
    path("plataformas/credenciar/", views.credential, name="credential"),
    path("plataformas/<int:platform_id>/", views.detail, name="detail"),
    path("plataformas/<int:platform_id>/tokens/", views.token_issue, name="token_issue"),
    path("plataformas/tokens/<int:token_id>/revogar/", views.token_revoke, name="token_revoke"),
    path("plataformas/<int:platform_id>/dados/", views.contacts_update, name="contacts"),
    path("plataformas/<int:platform_id>/penalidade/", views.penalty_impose, name="penalty"),
    path("plataformas/<int:platform_id>/processo/", views.case_open, name="case_open"),
    path("plataformas/processos/<int:case_id>/", views.case_detail, name="case"),
    path("plataformas/cpfs-em-varias/", views.shared_cpfs, name="shared_cpfs"),
    path("plataformas/relatorios/", views.reports, name="reports"),
    path("plataformas/relatorios/<int:report_id>/", views.report_detail, name="report"),
    path("plataformas/reclamacoes/", views.complaints, name="complaints"),
    path("plataformas/penalidades/", views.penalties, name="penalties"),
    path("plataformas/penalidades/<int:penalty_id>/", views.penalty_detail, name="penalty_detail"),
    path(
        "plataformas/penalidades/<int:penalty_id>/notificacao/",
        views.penalty_notice,
        name="penalty_notice",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/recurso/",
        views.penalty_appeal,
        name="penalty_appeal",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/julgamento/",
        views.penalty_judge,
        name="penalty_judge",
    ),
    path("plataformas/penalidades/<int:penalty_id>/pdf/", views.penalty_pdf, name="penalty_pdf"),
    path("plataformas/suspensoes-judiciais/", views.suspensions, name="suspensions"),
    path("reclamacao/", views.public_complaint, name="public_complaint"),
]
