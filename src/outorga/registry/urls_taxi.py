from django.urls import path

from . import views_taxi

app_name = "taxi"

urlpatterns = [
    path("licitacoes/", views_taxi.tenders, name="tenders"),
    path("licitacoes/<int:tender_id>/", views_taxi.tender_detail, name="tender"),
    path("pontos/", views_taxi.stands, name="stands"),
    path("termos/<int:permit_id>/", views_taxi.termo, name="termo"),
    path("termos/<int:permit_id>/termo.pdf", views_taxi.termo_download, name="termo_pdf"),
]
