from django.urls import path

from . import views, views_accounts, views_apply, views_registration

app_name = "portal"

urlpatterns = [
    path("portal/", views.home, name="home"),
    path("portal/permissoes/<int:permit_id>/", views.permit_detail, name="permit"),
    path("portal/permissoes/<int:permit_id>/cracha.pdf", views.badge_pdf, name="badge"),
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
    # Accounts: sign-up in the municipality's public area, activation, invitation.
    path("publico/<slug:slug>/conta/", views_accounts.signup, name="signup"),
    path("publico/<slug:slug>/conta/enviado/", views_accounts.signup_sent, name="signup_sent"),
    path("conta/ativar/<uidb64>/<token>/", views_accounts.activate, name="activate"),
    path(
        "conta/convite/<uidb64>/<token>/",
        views_accounts.InvitationView.as_view(),
        name="invitation",
    ),
    path("portal/convites/", views_accounts.invite, name="invite"),
]
