from django.urls import path

from . import views, views_accounts, views_apply, views_registration, views_requests

app_name = "portal"

urlpatterns = [
    path("portal/", views.home, name="home"),
    path("portal/permissoes/<int:permit_id>/", views.permit_detail, name="permit"),
    path("portal/permissoes/<int:permit_id>/cracha.pdf", views.badge_pdf, name="badge"),
    # A company's permit: each of its drivers' badges (taxi art. 4, III, XIII, XIV).
    path(
        "portal/permissoes/<int:permit_id>/crachas/<int:badge_id>.pdf",
        views.badge_pdf,
        name="badge_driver",
    ),
    path("portal/permissoes/<int:permit_id>/termo.pdf", views_requests.termo, name="termo"),
    path(
        "portal/permissoes/<int:permit_id>/pedidos/renovacao/",
        views_requests.renewal,
        name="request_renewal",
    ),
    path(
        "portal/permissoes/<int:permit_id>/pedidos/auxiliar/",
        views_requests.auxiliary,
        name="request_auxiliary",
    ),
    path(
        "portal/permissoes/<int:permit_id>/pedidos/auxiliar/<int:aux_id>/renovacao/",
        views_requests.auxiliary_renewal,
        name="request_auxiliary_renewal",
    ),
    path("portal/cadastro/", views_registration.registration, name="registration"),
    path("portal/avisos/<int:notification_id>/lido/", views.notification_read, name="read"),
    path("avisos/", views.staff_list, name="staff_list"),
    # The applicant: enrolment in a tender, documents sent, what the law still requires.
    path("portal/candidatura/", views_apply.apply, name="apply"),
    path(
        "portal/candidatura/licitacoes/<int:tender_id>/inscrever/",
        views_apply.enrol,
        name="enrol",
    ),
    path("portal/candidatura/enviar/", views_apply.send, name="send"),
    path("portal/candidatura/empresa/", views_apply.company, name="company"),
    path("portal/candidatura/dados/", views_apply.details, name="details"),
    path("portal/candidatura/cnh/", views_apply.licence, name="licence"),
    path("portal/candidatura/veiculo/<slug:service>/", views_apply.vehicle, name="vehicle"),
    # Accounts: sign-up in the municipality's public area, activation, the clerk's invitation
    # (its link is core's ``invitation``).
    path("publico/<slug:slug>/conta/", views_accounts.signup, name="signup"),
    path("publico/<slug:slug>/conta/enviado/", views_accounts.signup_sent, name="signup_sent"),
    path("conta/ativar/<uidb64>/<token>/", views_accounts.activate, name="activate"),
    path("portal/convites/", views_accounts.invite, name="invite"),
]
