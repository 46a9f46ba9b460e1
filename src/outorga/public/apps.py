from django.apps import AppConfig


class PublicConfig(AppConfig):
    name = "outorga.public"
    label = "public"
    verbose_name = "Páginas públicas"
