"""The platform portal's trip files and ISSQN statements, under ``/plataforma/``."""

from django.urls import path

from . import views_portal

app_name = "tripdata_portal"

urlpatterns = [
    path("plataforma/corridas/", views_portal.uploads, name="uploads"),
    path("plataforma/corridas/<int:upload_id>/", views_portal.upload_detail, name="upload"),
    path(
        "plataforma/corridas/<int:upload_id>/situacao/",
        views_portal.upload_status,
        name="upload_status",
    ),
    path("plataforma/issqn/", views_portal.issqn, name="issqn"),
]
