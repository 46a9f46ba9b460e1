from django.urls import path

from . import views
from . import views_permits as vp

app_name = "registry"

urlpatterns = [
    path("", views.index, name="index"),
    path("pessoas/nova/", views.person_new, name="person_new"),
    path("pessoas/<int:person_id>/", views.person_detail, name="person"),
    path("pessoas/<int:person_id>/editar/", views.person_edit, name="person_edit"),
    path("pessoas/<int:person_id>/foto/", views.person_photo, name="person_photo"),
    path("pessoas/<int:person_id>/veiculos/novo/", views.vehicle_new, name="vehicle_new"),
    path("veiculos/<int:vehicle_id>/", views.vehicle_detail, name="vehicle"),
    path("documentos/<int:doc_id>/arquivo/", views.document_file, name="document_file"),
    path("permissoes/", views.permits, name="permits"),
    path("permissoes/nova/", views.permit_new, name="permit_new"),
    path("permissoes/taxi/nova/", vp.taxi_permit_new, name="taxi_permit_new"),
    path("permissoes/<int:permit_id>/", views.permit_detail, name="permit"),
    path("permissoes/<int:permit_id>/auxiliares/novo/", vp.auxiliary_new, name="auxiliary_new"),
    path(
        "permissoes/<int:permit_id>/auxiliares/<int:aux_id>/desligar/",
        vp.auxiliary_remove,
        name="auxiliary_remove",
    ),
    path(
        "permissoes/<int:permit_id>/auxiliares/<int:aux_id>/renovar/",
        vp.auxiliary_renew,
        name="auxiliary_renew",
    ),
    path("permissoes/<int:permit_id>/renovar/", vp.permit_renew, name="permit_renew"),
    path("permissoes/<int:permit_id>/prorrogar/", vp.permit_extend, name="permit_extend"),
    path(
        "permissoes/<int:permit_id>/veiculo/substituir/",
        vp.vehicle_substitute,
        name="vehicle_substitute",
    ),
    path("permissoes/<int:permit_id>/veiculo/reserva/", vp.vehicle_reserve, name="vehicle_reserve"),
    path("permissoes/<int:permit_id>/veiculo/permuta/", vp.vehicle_swap, name="vehicle_swap"),
    path(
        "permissoes/<int:permit_id>/veiculo/trocas/<int:change_id>/encerrar/",
        vp.vehicle_change_end,
        name="vehicle_change_end",
    ),
    path("permissoes/<int:permit_id>/renunciar/", vp.permit_renounce, name="permit_renounce"),
    path("permissoes/<int:permit_id>/reserva/", vp.permit_reserve, name="permit_reserve"),
    path(
        "permissoes/<int:permit_id>/reserva/encerrar/",
        vp.permit_reserve_end,
        name="permit_reserve_end",
    ),
    path("permissoes/<int:permit_id>/transferir/", vp.permit_transfer, name="permit_transfer"),
    path("permissoes/<int:permit_id>/extincao/", vp.extinction_open, name="extinction_open"),
    path("extincoes/<int:case_id>/", vp.extinction_detail, name="extinction"),
]
