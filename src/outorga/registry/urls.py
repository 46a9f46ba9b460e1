from django.urls import path

from . import views

app_name = "registry"

urlpatterns = [
    path("", views.index, name="index"),
    path("pessoas/nova/", views.person_new, name="person_new"),
    path("pessoas/<int:person_id>/", views.person_detail, name="person"),
    path("pessoas/<int:person_id>/veiculos/novo/", views.vehicle_new, name="vehicle_new"),
    path("veiculos/<int:vehicle_id>/", views.vehicle_detail, name="vehicle"),
    path("permissoes/", views.permits, name="permits"),
    path("permissoes/nova/", views.permit_new, name="permit_new"),
    path("permissoes/<int:permit_id>/", views.permit_detail, name="permit"),
]
