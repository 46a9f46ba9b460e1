from django.urls import path

from .views import stands as stands_views
from .views import tenders as tenders_views
from .views import termos as termos_views

app_name = "taxi"

urlpatterns = [
    path("licitacoes/", tenders_views.tenders, name="tenders"),
    path("licitacoes/<int:tender_id>/", tenders_views.tender_detail, name="tender"),
    path("pontos/", stands_views.stands, name="stands"),
    path("termos/<int:permit_id>/", termos_views.termo, name="termo"),
    path("termos/<int:permit_id>/termo.pdf", termos_views.termo_download, name="termo_pdf"),
]
