from django.urls import path

from . import views

app_name = "finance"

urlpatterns = [
    # Finance staff (Secretaria de Finanças).
    path("financas/", views.index, name="index"),
    path("financas/debitos/", views.debts, name="debts"),
    path("financas/debitos/<int:debt_id>/", views.debt_detail, name="debt"),
    path("financas/debitos/<int:debt_id>/situacao/", views.debt_transition, name="debt_transition"),
    path("financas/debitos/<int:debt_id>/documento.pdf", views.debt_slip, name="debt_slip"),
    path("financas/taxas/", views.fee_charge, name="fee_charge"),
    path("financas/pagamentos/", views.payment_list, name="payments"),
    path("financas/pagamentos/novo/", views.payment_new, name="payment_new"),
    path("financas/pagamentos/<int:payment_id>/", views.payment_detail, name="payment"),
    path("financas/importar/", views.payment_import, name="import"),
    path("financas/importar/modelo.csv", views.csv_template, name="csv_template"),
    path("financas/importacoes/<int:import_id>/", views.import_result, name="import_result"),
    path("financas/restituicoes/", views.refund_list, name="refunds"),
    path("financas/restituicoes/<int:refund_id>/paga/", views.refund_paid, name="refund_paid"),
    path("financas/configuracao/", views.settings_view, name="settings"),
    # The permit holder's portal.
    path("portal/debitos/", views.portal_debts, name="portal_debts"),
    path("portal/debitos/<int:debt_id>/documento.pdf", views.portal_slip, name="portal_slip"),
]
