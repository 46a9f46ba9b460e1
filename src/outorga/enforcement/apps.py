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
        # A day recorded as no business day moves the running deadlines ending on it (D-4).
        from outorga.core.services import on_calendar_day_recorded

        from .services.finality import deadlines_recount

        on_calendar_day_recorded(deadlines_recount)
