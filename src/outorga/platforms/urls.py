from django.urls import path

from .views import attachments, portal, portal_cases
from .views.cases import case_annul, case_detail, case_open
from .views.complaints import complaints, public_complaint
from .views.credentialing import (
    contacts_update,
    credential,
    detail,
    index,
    token_issue,
    token_revoke,
)
from .views.penalties import (
    penalties,
    penalty_annul,
    penalty_appeal,
    penalty_detail,
    penalty_extend,
    penalty_impose,
    penalty_judge,
    penalty_notice,
    penalty_pdf,
    penalty_reconsider,
)
from .views.reports import report_detail, reports, shared_cpfs
from .views.staff import portal_staff, portal_staff_remove, staff, staff_admin, staff_remove

portal_urls = [
    path("plataforma/", portal.home, name="portal"),
    path("plataforma/motoristas/", portal.drivers, name="portal_drivers"),
    path("plataforma/motoristas/novo/", portal.driver_new, name="portal_driver_new"),
    path("plataforma/motoristas/<int:driver_id>/", portal.driver_detail, name="portal_driver"),
    path(
        "plataforma/motoristas/<int:driver_id>/desativar/",
        portal.driver_disable,
        name="portal_driver_disable",
    ),
    path("plataforma/relatorios/", portal.reports, name="portal_reports"),
    path("plataforma/relatorios/<int:report_id>/", portal.report_detail, name="portal_report"),
    path("plataforma/tarifas/", portal.fares, name="portal_fares"),
    path("plataforma/reclamacoes/", portal.complaints, name="portal_complaints"),
    path(
        "plataforma/reclamacoes/<int:complaint_id>/responder/",
        portal.complaint_reply,
        name="portal_complaint_reply",
    ),
    path("plataforma/tokens/", portal.tokens, name="portal_tokens"),
    # Processes against the platform: defence, appeal, the decision's PDF.
    path("plataforma/processos/", portal_cases.cases, name="portal_cases"),
    path(
        "plataforma/processos/<int:case_id>/",
        portal_cases.case,
        name="portal_case",
    ),
    path(
        "plataforma/penalidades/<int:penalty_id>/",
        portal_cases.penalty,
        name="portal_penalty",
    ),
    path(
        "plataforma/penalidades/<int:penalty_id>/decisao.pdf",
        portal_cases.penalty_pdf,
        name="portal_penalty_pdf",
    ),
    # Files joined to the defence and the appeals (ADR 0043).
    path(
        "plataforma/processos/<int:case_id>/anexos/",
        attachments.case_upload,
        name="portal_case_attachments",
    ),
    path(
        "plataforma/penalidades/<int:penalty_id>/anexos/",
        attachments.penalty_upload,
        name="portal_penalty_attachments",
    ),
    path(
        "plataforma/anexos/<int:attachment_id>/",
        attachments.portal_file,
        name="portal_attachment",
    ),
    # The platform's administrator and its staff (ADR 0043).
    path("plataforma/equipe/", portal_staff, name="portal_staff"),
    path(
        "plataforma/equipe/<int:link_id>/remover/",
        portal_staff_remove,
        name="portal_staff_remove",
    ),
]

app_name = "platforms"

urlpatterns = [
    path("plataformas/", index, name="index"),
    path("plataformas/credenciar/", credential, name="credential"),
    path("plataformas/<int:platform_id>/", detail, name="detail"),
    path("plataformas/<int:platform_id>/tokens/", token_issue, name="token_issue"),
    path("plataformas/tokens/<int:token_id>/revogar/", token_revoke, name="token_revoke"),
    path("plataformas/<int:platform_id>/dados/", contacts_update, name="contacts"),
    path("plataformas/<int:platform_id>/usuarios/", staff, name="staff"),
    path("plataformas/usuarios/<int:link_id>/remover/", staff_remove, name="staff_remove"),
    path("plataformas/usuarios/<int:link_id>/administrador/", staff_admin, name="staff_admin"),
    path("plataformas/anexos/<int:attachment_id>/", attachments.staff_file, name="attachment"),
    path("plataformas/<int:platform_id>/penalidade/", penalty_impose, name="penalty"),
    path("plataformas/<int:platform_id>/processo/", case_open, name="case_open"),
    path("plataformas/processos/<int:case_id>/", case_detail, name="case"),
    path("plataformas/processos/<int:case_id>/anular-de-oficio/", case_annul, name="case_annul"),
    path("plataformas/cpfs-em-varias/", shared_cpfs, name="shared_cpfs"),
    path("plataformas/relatorios/", reports, name="reports"),
    path("plataformas/relatorios/<int:report_id>/", report_detail, name="report"),
    path("plataformas/reclamacoes/", complaints, name="complaints"),
    path("plataformas/penalidades/", penalties, name="penalties"),
    path("plataformas/penalidades/<int:penalty_id>/", penalty_detail, name="penalty_detail"),
    path(
        "plataformas/penalidades/<int:penalty_id>/notificacao/",
        penalty_notice,
        name="penalty_notice",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/recurso/",
        penalty_appeal,
        name="penalty_appeal",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/reconsideracao/",
        penalty_reconsider,
        name="penalty_reconsider",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/julgamento/",
        penalty_judge,
        name="penalty_judge",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/prorrogar-julgamento/",
        penalty_extend,
        name="penalty_extend",
    ),
    path(
        "plataformas/penalidades/<int:penalty_id>/anular-de-oficio/",
        penalty_annul,
        name="penalty_annul",
    ),
    path("plataformas/penalidades/<int:penalty_id>/pdf/", penalty_pdf, name="penalty_pdf"),
    path("reclamacao/", public_complaint, name="public_complaint"),
    *portal_urls,
]
