from django.apps import AppConfig


class InspectionsConfig(AppConfig):
    name = "outorga.inspections"
    label = "inspections"
    verbose_name = "Vistorias e inspeções"
