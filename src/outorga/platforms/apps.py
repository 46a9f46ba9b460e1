from django.apps import AppConfig


class PlatformsConfig(AppConfig):
    name = "outorga.platforms"
    label = "platforms"
    verbose_name = "Plataformas"
