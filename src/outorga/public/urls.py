from django.urls import path

from . import views

app_name = "public"

urlpatterns = [
    # Public, no login: the badge's QR code points here.
    path("v/<str:token>", views.badge_page, name="badge"),
    path("v/<str:token>/foto", views.badge_photo, name="badge_photo"),
    path("publico/<slug:slug>/", views.municipality_home, name="municipality"),
    path("publico/<slug:slug>/tarifas/", views.tariffs, name="tariffs"),
    path("publico/<slug:slug>/permissoes/", views.permits, name="permits"),
    path("publico/<slug:slug>/placa/", views.plate, name="plate"),
    path("reclamacao/acompanhar/", views.complaint_track, name="complaint_track"),
    # Clerk screens.
    path("crachas/", views.badges, name="badges"),
    path("crachas/<int:badge_id>/cracha.pdf", views.badge_pdf, name="badge_pdf"),
    path("crachas/<int:badge_id>/revogar/", views.badge_revoke, name="badge_revoke"),
]
