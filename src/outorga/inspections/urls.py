from django.urls import path

from . import views

app_name = "inspections"

urlpatterns = [
    path("vistorias/", views.queue, name="queue"),
    path("vistorias/nova/<int:permit_id>/", views.new, name="new"),
    path("vistorias/extraordinaria/<int:permit_id>/", views.order, name="order"),
    path("vistorias/aplicativo/<int:driver_id>/", views.new_app, name="new_app"),
    path("vistorias/<int:inspection_id>/", views.detail, name="detail"),
    path("vistorias/<int:inspection_id>/confirmar/", views.confirm, name="confirm"),
    path("vistorias/<int:inspection_id>/laudo.pdf", views.report_pdf, name="pdf"),
    path("vistorias/itens/<int:item_id>/foto", views.photo, name="photo"),
    path("vistorias/empresas/", views.companies, name="companies"),
    path("vistorias/empresas/<int:company_id>/credenciais/", views.token_issue, name="token_issue"),
    path("vistorias/credenciais/<int:token_id>/revogar/", views.token_revoke, name="token_revoke"),
    path("portal/vistorias/", views.mine, name="mine"),
]
