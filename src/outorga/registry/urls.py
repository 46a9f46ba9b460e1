from django.urls import path

from . import views, views_permits

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
    path("permissoes/taxi/nova/", views_permits.taxi_permit_new, name="taxi_permit_new"),
    path("permissoes/<int:permit_id>/", views.permit_detail, name="permit"),
    path(
        "permissoes/<int:permit_id>/auxiliares/novo/",
        views_permits.auxiliary_new,
        name="auxiliary_new",
    ),
    path(
        "permissoes/<int:permit_id>/auxiliares/<int:aux_id>/desligar/",
        views_permits.auxiliary_remove,
        name="auxiliary_remove",
    ),
    path(
        "permissoes/<int:permit_id>/auxiliares/<int:aux_id>/renovar/",
        views_permits.auxiliary_renew,
        name="auxiliary_renew",
    ),
    path("permissoes/<int:permit_id>/renovar/", views_permits.permit_renew, name="permit_renew"),
    path(
        "permissoes/<int:permit_id>/prorrogar/", views_permits.permit_extend, name="permit_extend"
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/substituir/",
        views_permits.vehicle_substitute,
        name="vehicle_substitute",
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/reserva/",
        views_permits.vehicle_reserve,
        name="vehicle_reserve",
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/permuta/",
        views_permits.vehicle_swap,
        name="vehicle_swap",
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/trocas/<int:change_id>/encerrar/",
        views_permits.vehicle_change_end,
        name="vehicle_change_end",
    ),
    path(
        "permissoes/<int:permit_id>/renunciar/",
        views_permits.permit_renounce,
        name="permit_renounce",
    ),
    path(
        "permissoes/<int:permit_id>/reserva/", views_permits.permit_reserve, name="permit_reserve"
    ),
    path(
        "permissoes/<int:permit_id>/reserva/encerrar/",
        views_permits.permit_reserve_end,
        name="permit_reserve_end",
    ),
    path(
        "permissoes/<int:permit_id>/transferir/",
        views_permits.permit_transfer,
        name="permit_transfer",
    ),
    path(
        "permissoes/<int:permit_id>/extincao/",
        views_permits.extinction_open,
        name="extinction_open",
    ),
    path("extincoes/<int:case_id>/", views_permits.extinction_detail, name="extinction"),
]
