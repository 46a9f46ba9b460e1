from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    name = "outorga.enforcement"
    label = "enforcement"
    verbose_name = "Fiscalização e processo administrativo"

    def ready(self) -> None:
        # What the registry asks of this area without importing it (registry.ports).
        from outorga.registry.ports import provide_sanctions

        from .registry_port import EnforcementSanctions

        provide_sanctions(EnforcementSanctions())
