from django.apps import AppConfig


class PlatformsConfig(AppConfig):
    name = "outorga.platforms"
    label = "platforms"
    verbose_name = "Plataformas"

    def ready(self) -> None:
        # A day recorded as no business day moves the platforms' running deadlines (D-4).
        from outorga.core.services import on_calendar_day_recorded

        from .services.deadlines import platform_deadlines_recount

        on_calendar_day_recorded(platform_deadlines_recount)
