from django.urls import path

from . import views

app_name = "tripdata"

urlpatterns = [
    path("corridas/", views.index, name="index"),
    path("corridas/envios/<int:upload_id>/", views.upload_detail, name="upload"),
    path(
        "corridas/<int:platform_id>/<int:year>/<int:month>/",
        views.month_detail,
        name="month",
    ),
    path(
        "corridas/<int:platform_id>/<int:year>/<int:month>/issqn.<str:fmt>",
        views.issqn_download,
        name="issqn_download",
    ),
    path(
        "corridas/<int:platform_id>/<int:year>/<int:month>/issqn/recalcular/",
        views.issqn_recompute,
        name="issqn_recompute",
    ),
]
