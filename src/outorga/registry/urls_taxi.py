from django.urls import path

from . import views_taxi as v

app_name = "taxi"

urlpatterns = [
    path("licitacoes/", v.tenders, name="tenders"),
    path("licitacoes/<int:tender_id>/", v.tender_detail, name="tender"),
    path("pontos/", v.stands, name="stands"),
    path("termos/<int:permit_id>/", v.termo, name="termo"),
    path("termos/<int:permit_id>/termo.pdf", v.termo_download, name="termo_pdf"),
]
