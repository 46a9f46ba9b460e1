from django.apps import AppConfig


class RegistryConfig(AppConfig):
    name = "outorga.registry"
    label = "registry"
    verbose_name = "Cadastro e permissões"

    def ready(self) -> None:
        # A day recorded as no business day moves the extinction cases' defence periods ending
        # on it (D-4), as it moves the enforcement's and the platforms' deadlines.
        from outorga.core.services import on_calendar_day_recorded

        from .services.extinctions import extinction_deadlines_recount

        on_calendar_day_recorded(extinction_deadlines_recount)
        # The acts log reserves what is written about a health or criminal document (ADR 0070).
        from outorga.core.personaldata import provide_sensitive_objects

        from .models import Document, DocumentSubmission
        from .selectors import sensitive_document

        for model in (Document, DocumentSubmission):
            provide_sensitive_objects(model._meta.label_lower, sensitive_document(model))
