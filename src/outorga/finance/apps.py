from django.apps import AppConfig


class FinanceConfig(AppConfig):
    name = "outorga.finance"
    label = "finance"
    verbose_name = "Débitos e pagamentos"
