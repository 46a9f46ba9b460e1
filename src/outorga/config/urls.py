from django.urls import include, path

from outorga.config.api import api
from outorga.core import mfa_views, passwords
from outorga.core import views as core_views

urlpatterns = [
    path("healthz", core_views.healthz, name="healthz"),
    path("favicon.ico", core_views.favicon),
    path("entrar/", core_views.LoginView.as_view(), name="login"),
    path("entrar/codigo/", mfa_views.mfa_verify, name="mfa_verify"),
    path("conta/mfa/", mfa_views.mfa_setup, name="mfa_setup"),
    path("sair/", core_views.logout_view, name="logout"),
    path("senha/esqueci/", passwords.PasswordResetView.as_view(), name="password_reset"),
    path(
        "senha/esqueci/enviado/",
        passwords.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "senha/nova/<uidb64>/<token>/",
        passwords.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    # The link of an invitation (a holder's, ADR 0021; a platform's staff member's, ADR 0034).
    path(
        "conta/convite/<uidb64>/<token>/",
        passwords.InvitationView.as_view(),
        name="invitation",
    ),
    path(
        "senha/nova/concluido/",
        passwords.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("api/v1/", api.urls),
    path("dados/", include("outorga.tripdata.urls")),
    path("", include("outorga.tripdata.urls_portal")),
    path("", include("outorga.public.urls")),
    path("", include("outorga.enforcement.urls")),
    path("", include("outorga.portal.urls")),
    path("", include("outorga.platforms.urls")),
    path("cadastro/", include("outorga.registry.urls")),
    path("", include("outorga.registry.urls_taxi")),
    path("", include("outorga.finance.urls")),
    path("", include("outorga.inspections.urls")),
    path("", include("outorga.core.urls")),
]

handler403 = "outorga.core.errorpages.permission_denied"
handler404 = "outorga.core.errorpages.page_not_found"
handler500 = "outorga.core.errorpages.server_error"
