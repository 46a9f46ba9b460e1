from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo and first-run commands (``outorga serve``, ``outorga demo``): above every app."""

    name = "outorga.demo"
    label = "demo"
    verbose_name = "Demonstração"
