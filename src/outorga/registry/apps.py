from django.apps import AppConfig


class RegistryConfig(AppConfig):
    name = "outorga.registry"
    label = "registry"
    verbose_name = "Cadastro e permissões"
