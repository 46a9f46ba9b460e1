from django.apps import AppConfig


class FinanceConfig(AppConfig):
    name = "outorga.finance"
    label = "finance"
    verbose_name = "Débitos e pagamentos"

    def ready(self) -> None:
        # What the registry asks of this area without importing it (registry.ports).
        from outorga.registry.ports import provide_ledger

        from .registry_port import FinanceLedger

        provide_ledger(FinanceLedger())
