from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "outorga.core"
    label = "core"
    verbose_name = "Núcleo"
