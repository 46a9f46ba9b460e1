from django.urls import path

from .views import dashboard, debts, fees, imports, payments, pix_settings, portal, refunds

app_name = "finance"

urlpatterns = [
    # Finance staff (Secretaria de Finanças).
    path("financas/", dashboard.index, name="index"),
    path("financas/debitos/", debts.debts, name="debts"),
    path("financas/debitos/<int:debt_id>/", debts.debt_detail, name="debt"),
    path("financas/debitos/<int:debt_id>/situacao/", debts.debt_transition, name="debt_transition"),
    path("financas/debitos/<int:debt_id>/documento.pdf", debts.debt_slip, name="debt_slip"),
    path("financas/taxas/", fees.fee_charge, name="fee_charge"),
    path("financas/pagamentos/", payments.payment_list, name="payments"),
    path("financas/pagamentos/novo/", payments.payment_new, name="payment_new"),
    path("financas/pagamentos/<int:payment_id>/", payments.payment_detail, name="payment"),
    path("financas/importar/", imports.payment_import, name="import"),
    path("financas/importar/modelo.csv", imports.csv_template, name="csv_template"),
    path("financas/importacoes/<int:import_id>/", imports.import_result, name="import_result"),
    path("financas/restituicoes/", refunds.refund_list, name="refunds"),
    path("financas/restituicoes/<int:refund_id>/paga/", refunds.refund_paid, name="refund_paid"),
    path("financas/configuracao/", pix_settings.settings_view, name="settings"),
    # The permit holder's portal.
    path("portal/debitos/", portal.portal_debts, name="portal_debts"),
    path("portal/debitos/<int:debt_id>/documento.pdf", portal.portal_slip, name="portal_slip"),
]
