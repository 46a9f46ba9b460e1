from django.urls import path

from .views import auxiliaries as auxiliaries_views
from .views import documents as documents_views
from .views import extinctions as extinctions_views
from .views import guided as guided_views
from .views import holder_requests as holder_requests_views
from .views import home as home_views
from .views import lists as lists_views
from .views import people as people_views
from .views import permit_status as permit_status_views
from .views import permits as permits_views
from .views import registration_requests as registration_requests_views
from .views import simulation as simulation_views
from .views import submissions as submissions_views
from .views import termos as termos_views
from .views import vehicle_changes as vehicle_changes_views
from .views import vehicles as vehicles_views

app_name = "registry"

urlpatterns = [
    path("", home_views.index, name="index"),
    path("pessoas/", lists_views.people, name="people"),
    path("simulacao/", simulation_views.simulation, name="simulation"),
    path("pessoas/nova/", people_views.person_new, name="person_new"),
    path("pessoas/<int:person_id>/", people_views.person_detail, name="person"),
    path("pessoas/<int:person_id>/editar/", people_views.person_edit, name="person_edit"),
    path(
        "pessoas/<int:person_id>/responsavel/",
        people_views.person_representative,
        name="person_representative",
    ),
    path(
        "pessoas/<int:person_id>/documentos/",
        guided_views.person_checklist,
        name="person_checklist",
    ),
    path("pessoas/<int:person_id>/foto/", people_views.person_photo, name="person_photo"),
    path("pessoas/<int:person_id>/veiculos/novo/", vehicles_views.vehicle_new, name="vehicle_new"),
    path("veiculos/", lists_views.vehicles, name="vehicles"),
    path("veiculos/<int:vehicle_id>/", vehicles_views.vehicle_detail, name="vehicle"),
    path("veiculos/<int:vehicle_id>/editar/", vehicles_views.vehicle_edit, name="vehicle_edit"),
    path(
        "veiculos/<int:vehicle_id>/proprietario/",
        vehicles_views.vehicle_owner,
        name="vehicle_owner",
    ),
    path("documentos/<int:doc_id>/", documents_views.document_edit, name="document_edit"),
    path("documentos/<int:doc_id>/arquivo/", documents_views.document_file, name="document_file"),
    path(
        "pedidos-de-cadastro/",
        registration_requests_views.registration_requests,
        name="registration_requests",
    ),
    path(
        "pedidos-de-cadastro/<int:request_id>/",
        registration_requests_views.registration_request,
        name="registration_request",
    ),
    path("envios/", submissions_views.queue, name="submissions"),
    path("envios/<int:submission_id>/", submissions_views.review, name="submission"),
    path(
        "envios/<int:submission_id>/aceitar/",
        submissions_views.accept,
        name="submission_accept",
    ),
    path("envios/<int:submission_id>/arquivo/", submissions_views.file, name="submission_file"),
    path("pedidos/", holder_requests_views.queue, name="holder_requests"),
    path("pedidos/<int:request_id>/", holder_requests_views.detail, name="holder_request"),
    path("permissoes/", lists_views.permits, name="permits"),
    path("permissoes/nova/", permits_views.permit_new, name="permit_new"),
    path("outorga-guiada/", guided_views.grant_guided, name="grant_guided"),
    path("permissoes/taxi/nova/", permits_views.taxi_permit_new, name="taxi_permit_new"),
    path("permissoes/<int:permit_id>/", permits_views.permit_detail, name="permit"),
    path(
        "permissoes/<int:permit_id>/auxiliares/novo/",
        auxiliaries_views.auxiliary_new,
        name="auxiliary_new",
    ),
    path(
        "permissoes/<int:permit_id>/auxiliares/<int:aux_id>/desligar/",
        auxiliaries_views.auxiliary_remove,
        name="auxiliary_remove",
    ),
    path(
        "permissoes/<int:permit_id>/auxiliares/<int:aux_id>/renovar/",
        auxiliaries_views.auxiliary_renew,
        name="auxiliary_renew",
    ),
    path("permissoes/<int:permit_id>/renovar/", termos_views.permit_renew, name="permit_renew"),
    path("permissoes/<int:permit_id>/prorrogar/", termos_views.permit_extend, name="permit_extend"),
    path(
        "permissoes/<int:permit_id>/veiculo/substituir/",
        vehicle_changes_views.vehicle_substitute,
        name="vehicle_substitute",
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/reserva/",
        vehicle_changes_views.vehicle_reserve,
        name="vehicle_reserve",
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/permuta/",
        vehicle_changes_views.vehicle_swap,
        name="vehicle_swap",
    ),
    path(
        "permissoes/<int:permit_id>/veiculo/trocas/<int:change_id>/encerrar/",
        vehicle_changes_views.vehicle_change_end,
        name="vehicle_change_end",
    ),
    path(
        "permissoes/<int:permit_id>/renunciar/",
        permit_status_views.permit_renounce,
        name="permit_renounce",
    ),
    path(
        "permissoes/<int:permit_id>/reserva/",
        permit_status_views.permit_reserve,
        name="permit_reserve",
    ),
    path(
        "permissoes/<int:permit_id>/reserva/encerrar/",
        permit_status_views.permit_reserve_end,
        name="permit_reserve_end",
    ),
    path(
        "permissoes/<int:permit_id>/contratantes/",
        permit_status_views.permit_contractor,
        name="permit_contractor",
    ),
    path(
        "permissoes/<int:permit_id>/cargo-publico/",
        permit_status_views.permit_public_post,
        name="permit_public_post",
    ),
    path(
        "permissoes/<int:permit_id>/cargo-publico/encerrar/",
        permit_status_views.permit_public_post_end,
        name="permit_public_post_end",
    ),
    path(
        "permissoes/<int:permit_id>/transferir/",
        permits_views.permit_transfer,
        name="permit_transfer",
    ),
    path(
        "permissoes/<int:permit_id>/extincao/",
        extinctions_views.extinction_open,
        name="extinction_open",
    ),
    path("extincoes/<int:case_id>/", extinctions_views.extinction_detail, name="extinction"),
]
